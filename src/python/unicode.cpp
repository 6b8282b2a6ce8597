#include "python/unicode.h"

namespace stridelab::python {

bool is_ascii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

std::vector<uint32_t> utf8_decode(std::string_view s) {
  std::vector<uint32_t> out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    uint32_t cp = extra == 3 ? c & 0x07 : extra == 2 ? c & 0x0F : extra == 1 ? c & 0x1F : c;
    ++i;
    for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
    out.push_back(cp);
  }
  return out;
}

std::string utf8_encode(const std::vector<uint32_t>& cps) {
  std::string out;
  out.reserve(cps.size());
  for (uint32_t c : cps) utf8_append(out, c);
  return out;
}

std::vector<size_t> utf8_offsets(std::string_view s) {
  std::vector<size_t> out;
  out.reserve(s.size() + 1);
  for (size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) out.push_back(i);
  out.push_back(s.size());
  return out;
}

size_t utf8_index_of_byte(std::string_view s, size_t byte) {
  size_t n = 0;
  for (size_t i = 0; i < byte && i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++n;
  return n;
}

// ---- classes ----

namespace {

bool in(uint32_t c, uint32_t lo, uint32_t hi) { return c >= lo && c <= hi; }

// Latin Extended-A pairs: which of the pair is the capital.
bool ext_a_upper(uint32_t c) {
  if (in(c, 0x100, 0x137) && c != 0x130 && c != 0x131) return c % 2 == 0;
  if (in(c, 0x139, 0x148)) return c % 2 == 1;
  if (in(c, 0x14A, 0x177)) return c % 2 == 0;
  if (in(c, 0x179, 0x17E)) return c % 2 == 1;
  return c == 0x130 || c == 0x178;
}

bool greek_upper(uint32_t c) {
  return (in(c, 0x391, 0x3A9) && c != 0x3A2) || c == 0x386 || in(c, 0x388, 0x38A) || c == 0x38C || in(c, 0x38E, 0x38F);
}

bool greek_lower(uint32_t c) { return in(c, 0x3AC, 0x3CE) || c == 0x390; }

}  // namespace

bool cp_is_upper(uint32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  if (in(c, 0xC0, 0xDE)) return c != 0xD7;
  if (in(c, 0x100, 0x17F)) return ext_a_upper(c);
  if (in(c, 0x370, 0x3FF)) return greek_upper(c);
  if (in(c, 0x400, 0x42F)) return true;
  if (in(c, 0x460, 0x481) || in(c, 0x48A, 0x4BF)) return c % 2 == 0;
  return in(c, 0xFF21, 0xFF3A);
}

bool cp_is_lower(uint32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z';
  if (c == 0xAA || c == 0xB5 || c == 0xBA) return true;
  if (in(c, 0xDF, 0xFF)) return c != 0xF7;
  if (in(c, 0x100, 0x17F)) return !ext_a_upper(c);
  if (in(c, 0x370, 0x3FF)) return greek_lower(c);
  if (in(c, 0x430, 0x45F)) return true;
  if (in(c, 0x460, 0x481) || in(c, 0x48A, 0x4BF)) return c % 2 == 1;
  return in(c, 0xFF41, 0xFF5A);
}

bool cp_is_alpha(uint32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  if (cp_is_upper(c) || cp_is_lower(c)) return true;
  return in(c, 0x180, 0x24F) || in(c, 0x250, 0x2AF) || in(c, 0x3D0, 0x3FF) || in(c, 0x48A, 0x52F) ||
         in(c, 0x5D0, 0x5EA) || in(c, 0x620, 0x64A) || in(c, 0x904, 0x939) || in(c, 0xE01, 0xE30) ||
         in(c, 0x3041, 0x3096) || in(c, 0x30A1, 0x30FA) || in(c, 0x3400, 0x4DBF) || in(c, 0x4E00, 0x9FFF) ||
         in(c, 0xAC00, 0xD7A3);
}

bool cp_is_decimal(uint32_t c) {
  return in(c, '0', '9') || in(c, 0x660, 0x669) || in(c, 0x6F0, 0x6F9) || in(c, 0x966, 0x96F) || in(c, 0xFF10, 0xFF19);
}

bool cp_is_digit(uint32_t c) {
  return cp_is_decimal(c) || c == 0xB2 || c == 0xB3 || c == 0xB9 || c == 0x2070 || in(c, 0x2074, 0x2079) ||
         in(c, 0x2080, 0x2089) || in(c, 0x2460, 0x2468) || in(c, 0x2474, 0x247C) || in(c, 0x2488, 0x2490);
}

bool cp_is_numeric(uint32_t c) {
  if (cp_is_digit(c) || in(c, 0xBC, 0xBE) || in(c, 0x2150, 0x2189) || in(c, 0x2460, 0x249B)) return true;
  for (uint32_t n : {0x3007u, 0x4E00u, 0x4E8Cu, 0x4E09u, 0x56DBu, 0x4E94u, 0x516Du, 0x4E03u, 0x516Bu, 0x4E5Du, 0x5341u,
                     0x767Eu, 0x5343u, 0x4E07u})
    if (c == n) return true;
  return false;
}

bool cp_is_space(uint32_t c) {
  return in(c, 0x09, 0x0D) || in(c, 0x1C, 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 || in(c, 0x2000, 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool cp_is_printable(uint32_t c) {
  if (c == ' ') return true;
  if (c < 0x20 || in(c, 0x7F, 0xA0) || c == 0xAD) return false;
  if (cp_is_space(c)) return false;
  if (in(c, 0x200B, 0x200F) || in(c, 0x202A, 0x202E) || in(c, 0x2060, 0x2064) || in(c, 0x2066, 0x206F) || c == 0xFEFF ||
      in(c, 0xD800, 0xDFFF) || in(c, 0xE000, 0xF8FF) || in(c, 0xFFF9, 0xFFFB) || c >= 0xF0000)
    return false;
  return true;
}

uint32_t cp_upper(uint32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
  if (c == 0xB5) return 0x39C;
  if (c == 0xFF) return 0x178;
  if (in(c, 0xE0, 0xFE) && c != 0xF7) return c - 0x20;
  if (c == 0x131) return 'I';
  if (c == 0x17F) return 'S';
  if (in(c, 0x100, 0x17F) && c != 0x138 && c != 0x149 && !ext_a_upper(c)) return c - 1;  // pairs: capital first
  if (c == 0x3C2) return 0x3A3;
  if (in(c, 0x3B1, 0x3C9)) return c - 0x20;
  if (c == 0x3AC) return 0x386;
  if (in(c, 0x3AD, 0x3AF)) return c - 0x25;
  if (c == 0x3CC) return 0x38C;
  if (in(c, 0x3CD, 0x3CE)) return c - 0x3F;
  if (in(c, 0x430, 0x44F)) return c - 0x20;
  if (in(c, 0x450, 0x45F)) return c - 0x50;
  if ((in(c, 0x460, 0x481) || in(c, 0x48A, 0x4BF)) && c % 2 == 1) return c - 1;
  if (in(c, 0xFF41, 0xFF5A)) return c - 0x20;
  return c;
}

uint32_t cp_lower(uint32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  if (in(c, 0xC0, 0xDE) && c != 0xD7) return c + 0x20;
  if (c == 0x178) return 0xFF;
  if (in(c, 0x100, 0x17F) && c != 0x130 && ext_a_upper(c)) return c + 1;
  if (in(c, 0x391, 0x3A9) && c != 0x3A2) return c + 0x20;
  if (c == 0x386) return 0x3AC;
  if (in(c, 0x388, 0x38A)) return c + 0x25;
  if (c == 0x38C) return 0x3CC;
  if (in(c, 0x38E, 0x38F)) return c + 0x3F;
  if (in(c, 0x410, 0x42F)) return c + 0x20;
  if (in(c, 0x400, 0x40F)) return c + 0x50;
  if ((in(c, 0x460, 0x481) || in(c, 0x48A, 0x4BF)) && c % 2 == 0) return c + 1;
  if (in(c, 0xFF21, 0xFF3A)) return c + 0x20;
  return c;
}

void cp_append_upper(std::string& out, uint32_t c) {
  if (c == 0xDF) {
    out += "SS";
    return;
  }
  if (c == 0x149) {
    utf8_append(out, 0x2BC);
    out += 'N';
    return;
  }
  utf8_append(out, cp_upper(c));
}

void cp_append_lower(std::string& out, uint32_t c) {
  if (c == 0x130) {
    out += 'i';
    utf8_append(out, 0x307);
    return;
  }
  utf8_append(out, cp_lower(c));
}

}  // namespace stridelab::python
