#include "python/bigint.h"

#include <algorithm>
#include <cmath>

#include "python/format.h"
#include "python/protocol.h"
#include "support/budget.h"

namespace stridelab::python {

using Limbs = std::vector<uint32_t>;

// ---- BigInt ----

BigInt::BigInt(int64_t v) {
  neg_ = v < 0;
  uint64_t m = neg_ ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  while (m) {
    mag_.push_back(static_cast<uint32_t>(m));
    m >>= 32;
  }
}

void BigInt::trim() {
  while (!mag_.empty() && mag_.back() == 0) mag_.pop_back();
  if (mag_.empty()) neg_ = false;
}

static uint64_t low64(const Limbs& m) {
  uint64_t v = 0;
  for (size_t i = 0; i < m.size() && i < 2; ++i) v |= static_cast<uint64_t>(m[i]) << (32 * i);
  return v;
}

bool BigInt::fits_int64() const {
  if (mag_.size() > 2) return false;
  uint64_t m = low64(mag_);
  return neg_ ? m <= (uint64_t{1} << 63) : m < (uint64_t{1} << 63);
}

int64_t BigInt::to_int64() const {
  uint64_t m = low64(mag_);
  return neg_ ? static_cast<int64_t>(0 - m) : static_cast<int64_t>(m);
}

BigInt BigInt::from_double(double v) {
  v = std::trunc(v);
  bool neg = v < 0;
  v = std::fabs(v);
  BigInt out;
  if (v < 18446744073709551616.0) {
    uint64_t m = static_cast<uint64_t>(v);
    while (m) {
      out.mag_.push_back(static_cast<uint32_t>(m));
      m >>= 32;
    }
  } else {
    int e;
    double frac = std::frexp(v, &e);  // v = frac * 2**e, frac in [0.5, 1)
    BigInt mant(static_cast<int64_t>(std::ldexp(frac, 53)));
    out = mant.shift_left(static_cast<uint64_t>(e - 53));
  }
  out.neg_ = neg;
  out.trim();
  return out;
}

// m = m * mul + add, in place.
static void mul_add_small(Limbs& m, uint32_t mul, uint32_t add) {
  uint64_t carry = add;
  for (uint32_t& limb : m) {
    uint64_t t = static_cast<uint64_t>(limb) * mul + carry;
    limb = static_cast<uint32_t>(t);
    carry = t >> 32;
  }
  if (carry) m.push_back(static_cast<uint32_t>(carry));
}

// m = m / div, in place; returns the remainder.
static uint32_t div_small(Limbs& m, uint32_t div) {
  uint64_t rem = 0;
  for (size_t i = m.size(); i-- > 0;) {
    uint64_t cur = (rem << 32) | m[i];
    m[i] = static_cast<uint32_t>(cur / div);
    rem = cur % div;
  }
  while (!m.empty() && m.back() == 0) m.pop_back();
  return static_cast<uint32_t>(rem);
}

bool BigInt::parse(std::string_view digits, int base, BigInt* out) {
  BigInt r;
  for (char c : digits) {
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'z' ? c - 'a' + 10
            : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                                   : 99;
    if (d >= base) return false;
    mul_add_small(r.mag_, static_cast<uint32_t>(base), static_cast<uint32_t>(d));
  }
  r.trim();
  *out = std::move(r);
  return !digits.empty();
}

double BigInt::to_double(bool* overflow) const {
  *overflow = false;
  int64_t bits = bit_length();
  double v;
  if (bits <= 64) {
    v = static_cast<double>(low64(mag_));
  } else {
    // The top 64 bits, with any lower set bit folded into the last one so that rounding sees it.
    BigInt top = neg_ ? -*this : *this;
    uint64_t shift = static_cast<uint64_t>(bits - 64);
    BigInt hi = top.shift_right(shift);
    uint64_t t = low64(hi.mag_);
    if (hi.shift_left(shift).compare(top) != 0) t |= 1;
    v = std::ldexp(static_cast<double>(t), static_cast<int>(shift));
    if (std::isinf(v)) *overflow = true;
  }
  return neg_ ? -v : v;
}

std::string BigInt::to_string(int base) const {
  if (mag_.empty()) return "0";
  static const char* kDigits = "0123456789abcdefghijklmnopqrstuvwxyz";
  if ((base & (base - 1)) == 0) {  // 2, 4, 8, 16, 32: the digits are groups of bits, read in one pass
    int bits = __builtin_ctz(static_cast<unsigned>(base));
    int64_t total = bit_length();
    std::string out;
    if (neg_) out += '-';
    for (int64_t at = (total - 1) / bits * bits; at >= 0; at -= bits) {
      uint32_t d = 0;
      for (int b = bits - 1; b >= 0; --b) {
        int64_t i = at + b;
        if (i < total) d = (d << 1) | ((mag_[static_cast<size_t>(i / 32)] >> (i % 32)) & 1u);
        else d <<= 1;
      }
      out += kDigits[d];
    }
    return out;
  }
  // Peel off as many digits at a time as fit in one limb.
  uint32_t chunk = static_cast<uint32_t>(base);
  int per_chunk = 1;
  while (static_cast<uint64_t>(chunk) * static_cast<uint64_t>(base) <= 0xFFFFFFFFull)
    chunk *= static_cast<uint32_t>(base), ++per_chunk;
  Limbs m = mag_;
  std::string rev;
  while (!m.empty()) {
    uint32_t r = div_small(m, chunk);
    support::poll_deadline(m.size());
    for (int i = 0; i < per_chunk; ++i) {
      rev += kDigits[r % static_cast<uint32_t>(base)];
      r /= static_cast<uint32_t>(base);
      if (m.empty() && r == 0) break;
    }
  }
  while (rev.size() > 1 && rev.back() == '0') rev.pop_back();
  if (neg_) rev += '-';
  return std::string(rev.rbegin(), rev.rend());
}

int64_t BigInt::bit_length() const {
  if (mag_.empty()) return 0;
  return static_cast<int64_t>(mag_.size() - 1) * 32 + (32 - __builtin_clz(mag_.back()));
}

int64_t BigInt::py_hash() const {
  const uint64_t P = (uint64_t{1} << 61) - 1;
  unsigned __int128 h = 0;
  for (size_t i = mag_.size(); i-- > 0;) h = ((h << 32) | mag_[i]) % P;
  int64_t v = static_cast<int64_t>(h);
  if (neg_) v = -v;
  return v == -1 ? -2 : v;
}

int BigInt::compare_mag(const Limbs& a, const Limbs& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

Limbs BigInt::add_mag(const Limbs& a, const Limbs& b) {
  Limbs out(std::max(a.size(), b.size()) + 1);
  uint64_t carry = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    uint64_t t = carry + (i < a.size() ? a[i] : 0) + (i < b.size() ? b[i] : 0);
    out[i] = static_cast<uint32_t>(t);
    carry = t >> 32;
  }
  return out;
}

Limbs BigInt::sub_mag(const Limbs& a, const Limbs& b) {
  Limbs out(a.size());
  int64_t borrow = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t t = static_cast<int64_t>(a[i]) - borrow - (i < b.size() ? b[i] : 0);
    borrow = t < 0;
    out[i] = static_cast<uint32_t>(t + (borrow ? (int64_t{1} << 32) : 0));
  }
  return out;
}

BigInt operator+(const BigInt& a, const BigInt& b) {
  BigInt r;
  if (a.neg_ == b.neg_) {
    r.mag_ = BigInt::add_mag(a.mag_, b.mag_);
    r.neg_ = a.neg_;
  } else if (BigInt::compare_mag(a.mag_, b.mag_) >= 0) {
    r.mag_ = BigInt::sub_mag(a.mag_, b.mag_);
    r.neg_ = a.neg_;
  } else {
    r.mag_ = BigInt::sub_mag(b.mag_, a.mag_);
    r.neg_ = b.neg_;
  }
  r.trim();
  return r;
}

BigInt BigInt::operator-() const {
  BigInt r = *this;
  if (!r.mag_.empty()) r.neg_ = !r.neg_;
  return r;
}

BigInt operator-(const BigInt& a, const BigInt& b) { return a + (-b); }

BigInt operator*(const BigInt& a, const BigInt& b) {
  BigInt r;
  if (a.mag_.empty() || b.mag_.empty()) return r;
  r.mag_.assign(a.mag_.size() + b.mag_.size(), 0);
  for (size_t i = 0; i < a.mag_.size(); ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < b.mag_.size(); ++j) {
      uint64_t t = static_cast<uint64_t>(a.mag_[i]) * b.mag_[j] + r.mag_[i + j] + carry;
      r.mag_[i + j] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    r.mag_[i + b.mag_.size()] = static_cast<uint32_t>(carry);
    support::poll_deadline(b.mag_.size());  // NOTE [Deadline polling]
  }
  r.neg_ = a.neg_ != b.neg_;
  r.trim();
  return r;
}

// Long division of magnitudes (Knuth's algorithm D); b is not zero.
void BigInt::divmod_mag(const Limbs& a, const Limbs& b, Limbs* q, Limbs* r) {
  if (compare_mag(a, b) < 0) {
    q->clear();
    *r = a;
    return;
  }
  if (b.size() == 1) {
    *q = a;
    uint32_t rem = div_small(*q, b[0]);
    r->clear();
    if (rem) r->push_back(rem);
    return;
  }
  int s = __builtin_clz(b.back());  // normalize so the divisor's top bit is set
  auto shl = [s](const Limbs& x, bool extra) {
    Limbs out(x.size() + (extra ? 1 : 0), 0);
    for (size_t i = 0; i < x.size(); ++i) {
      uint64_t t = static_cast<uint64_t>(x[i]) << s;
      out[i] |= static_cast<uint32_t>(t);
      if (i + 1 < out.size()) out[i + 1] |= static_cast<uint32_t>(t >> 32);
    }
    return out;
  };
  Limbs v = shl(b, false);
  Limbs u = shl(a, true);
  size_t n = v.size(), m = a.size() - b.size();
  q->assign(m + 1, 0);
  const uint64_t base = uint64_t{1} << 32;
  for (size_t j = m + 1; j-- > 0;) {
    support::poll_deadline(n);
    uint64_t num = (static_cast<uint64_t>(u[j + n]) << 32) | u[j + n - 1];
    uint64_t qhat = num / v[n - 1], rhat = num % v[n - 1];
    while (qhat >= base || qhat * v[n - 2] > ((rhat << 32) | u[j + n - 2])) {
      --qhat;
      rhat += v[n - 1];
      if (rhat >= base) break;
    }
    int64_t borrow = 0;
    uint64_t carry = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t p = qhat * v[i] + carry;
      carry = p >> 32;
      int64_t t = static_cast<int64_t>(u[i + j]) - borrow - static_cast<int64_t>(p & 0xFFFFFFFFu);
      borrow = t < 0;
      u[i + j] = static_cast<uint32_t>(t + (borrow ? static_cast<int64_t>(base) : 0));
    }
    int64_t t = static_cast<int64_t>(u[j + n]) - borrow - static_cast<int64_t>(carry);
    borrow = t < 0;
    u[j + n] = static_cast<uint32_t>(t + (borrow ? static_cast<int64_t>(base) : 0));
    if (borrow) {  // qhat was one too large: add the divisor back
      --qhat;
      uint64_t c = 0;
      for (size_t i = 0; i < n; ++i) {
        uint64_t s2 = static_cast<uint64_t>(u[i + j]) + v[i] + c;
        u[i + j] = static_cast<uint32_t>(s2);
        c = s2 >> 32;
      }
      u[j + n] = static_cast<uint32_t>(static_cast<uint64_t>(u[j + n]) + c);
    }
    (*q)[j] = static_cast<uint32_t>(qhat);
  }
  r->assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    uint64_t t = (static_cast<uint64_t>(u[i]) >> s) | (s ? (static_cast<uint64_t>(u[i + 1]) << (32 - s)) : 0);
    (*r)[i] = static_cast<uint32_t>(t);
  }
  while (!q->empty() && q->back() == 0) q->pop_back();
  while (!r->empty() && r->back() == 0) r->pop_back();
}

void BigInt::divmod(const BigInt& a, const BigInt& b, BigInt* q, BigInt* r) {
  BigInt qq, rr;
  divmod_mag(a.mag_, b.mag_, &qq.mag_, &rr.mag_);
  qq.neg_ = a.neg_ != b.neg_;
  rr.neg_ = a.neg_;
  qq.trim();
  rr.trim();
  if (!rr.is_zero() && a.neg_ != b.neg_) {  // truncated -> floored
    qq = qq - BigInt(1);
    rr = rr + b;
  }
  if (q) *q = std::move(qq);
  if (r) *r = std::move(rr);
}

BigInt BigInt::pow(uint64_t e) const {
  // The base's factor 2**k becomes a shift of the result by k*e bits: 2**n costs a shift, not
  // the squarings of ever larger numbers (the caller has checked the result's size).
  uint64_t k = 0;
  while (k / 32 < mag_.size() && mag_[k / 32] == 0) k += 32;
  if (k / 32 < mag_.size()) k += static_cast<uint64_t>(__builtin_ctz(mag_[k / 32]));
  if (k > 0 && !mag_.empty()) {
    BigInt odd = *this;
    odd.neg_ = false;
    odd = odd.shift_right(k);
    BigInt r = odd.pow(e).shift_left(k * e);
    r.neg_ = neg_ && (e & 1);
    return r;
  }
  BigInt result(1), base = *this;
  while (e) {
    if (e & 1) result = result * base;
    e >>= 1;
    if (e) base = base * base;
  }
  return result;
}

BigInt BigInt::shift_left(uint64_t bits) const {
  if (mag_.empty()) return *this;
  BigInt r;
  size_t limbs = bits / 32, s = bits % 32;
  r.mag_.assign(limbs, 0);
  uint32_t carry = 0;
  for (uint32_t x : mag_) {
    r.mag_.push_back(static_cast<uint32_t>((static_cast<uint64_t>(x) << s) | carry));
    carry = s ? static_cast<uint32_t>(static_cast<uint64_t>(x) >> (32 - s)) : 0;
  }
  if (carry) r.mag_.push_back(carry);
  r.neg_ = neg_;
  r.trim();
  return r;
}

BigInt BigInt::shift_right(uint64_t bits) const {
  if (neg_) return -((-*this - BigInt(1)).shift_right(bits) + BigInt(1));
  BigInt r;
  size_t limbs = bits / 32, s = bits % 32;
  if (limbs >= mag_.size()) return r;
  for (size_t i = limbs; i < mag_.size(); ++i) {
    uint64_t t = static_cast<uint64_t>(mag_[i]) >> s;
    if (s && i + 1 < mag_.size()) t |= static_cast<uint64_t>(mag_[i + 1]) << (32 - s);
    r.mag_.push_back(static_cast<uint32_t>(t));
  }
  r.trim();
  return r;
}

BigInt BigInt::bitwise(const BigInt& a, const BigInt& b, char op) {
  size_t n = std::max(a.mag_.size(), b.mag_.size()) + 1;
  auto twos = [n](const BigInt& x) {  // n limbs of two's complement
    Limbs t = x.mag_;
    t.resize(n, 0);
    if (x.neg_) {
      uint64_t carry = 1;
      for (uint32_t& limb : t) {
        uint64_t s = static_cast<uint64_t>(static_cast<uint32_t>(~limb)) + carry;
        limb = static_cast<uint32_t>(s);
        carry = s >> 32;
      }
    }
    return t;
  };
  Limbs x = twos(a), y = twos(b), z(n);
  for (size_t i = 0; i < n; ++i) z[i] = op == '&' ? (x[i] & y[i]) : op == '|' ? (x[i] | y[i]) : (x[i] ^ y[i]);
  BigInt r;
  r.neg_ = (z.back() >> 31) != 0;
  if (r.neg_) {  // back to sign and magnitude
    uint64_t carry = 1;
    for (uint32_t& limb : z) {
      uint64_t s = static_cast<uint64_t>(static_cast<uint32_t>(~limb)) + carry;
      limb = static_cast<uint32_t>(s);
      carry = s >> 32;
    }
  }
  r.mag_ = std::move(z);
  r.trim();
  return r;
}

int BigInt::compare(const BigInt& o) const {
  if (neg_ != o.neg_) return neg_ ? -1 : 1;
  int c = compare_mag(mag_, o.mag_);
  return neg_ ? -c : c;
}

// ---- int objects ----

BigInt int_as_big(const Object* o) {
  if (is_big_candidate(o))
    if (auto* b = dynamic_cast<const BigIntObject*>(o)) return b->big_;
  return BigInt(static_cast<const IntObject*>(o)->value_);
}

ObjRef make_int_from_big(const BigInt& v) {
  if (v.fits_int64()) {
    int64_t x = v.to_int64();
    if (x != INT64_MIN) return make_int(x);
  }
  return ObjRef(new BigIntObject(v));
}

namespace {

// Results beyond this many bits would take the page's memory and time: a clear error instead.
constexpr int64_t kMaxBits = int64_t{1} << 24;

void check_size(int64_t bits) {
  if (bits > kMaxBits)
    raise(builtin_types().overflow_error,
          "integer result too large: stridelab's ints hold at most " + std::to_string(kMaxBits) + " bits");
}

double true_divide(const BigInt& a, const BigInt& b) {
  if (b.is_zero()) raise(builtin_types().zero_division_error, "division by zero");
  if (a.is_zero()) return (a.negative() != b.negative()) ? -0.0 : 0.0;
  // Scale so that the quotient has about 62 bits, fold the remainder into a sticky bit, and let
  // the conversion to double round it once.
  BigInt x = a.negative() ? -a : a, y = b.negative() ? -b : b;
  int64_t shift = 62 - (x.bit_length() - y.bit_length());
  if (shift > 0) x = x.shift_left(static_cast<uint64_t>(shift));
  else y = y.shift_left(static_cast<uint64_t>(-shift));
  BigInt q, r;
  BigInt::divmod(x, y, &q, &r);
  if (!r.is_zero()) q = BigInt::bitwise(q, BigInt(1), '|');
  bool overflow;
  double v = std::ldexp(q.to_double(&overflow), static_cast<int>(-shift));
  if (std::isinf(v)) raise(builtin_types().overflow_error, "integer division result too large for a float");
  return a.negative() != b.negative() ? -v : v;
}

int64_t small_shift(const BigInt& b) {
  if (b.negative()) raise(builtin_types().value_error, "negative shift count");
  if (!b.fits_int64()) raise(builtin_types().overflow_error, "too many digits in integer");
  return b.to_int64();
}

}  // namespace

ObjRef big_binop(Interp& in, BinOpKind op, Object* ao, Object* bo) {
  BigInt a = int_as_big(ao), b = int_as_big(bo);
  switch (op) {
    case BinOpKind::Add: return make_int_from_big(a + b);
    case BinOpKind::Sub: return make_int_from_big(a - b);
    case BinOpKind::Mult: check_size(a.bit_length() + b.bit_length()); return make_int_from_big(a * b);
    case BinOpKind::Div: return make_float(true_divide(a, b));
    case BinOpKind::FloorDiv:
    case BinOpKind::Mod: {
      if (b.is_zero())
        raise(builtin_types().zero_division_error,
              op == BinOpKind::Mod ? "integer modulo by zero" : "integer division or modulo by zero");
      BigInt q, r;
      BigInt::divmod(a, b, &q, &r);
      return make_int_from_big(op == BinOpKind::Mod ? r : q);
    }
    case BinOpKind::Pow: {
      if (b.negative()) {
        if (a.is_zero()) raise(builtin_types().zero_division_error, "0.0 cannot be raised to a negative power");
        bool overflow;
        double x = a.to_double(&overflow), y = b.to_double(&overflow);
        if (overflow) raise(builtin_types().overflow_error, "int too large to convert to float");
        return make_float(std::pow(x, y));
      }
      if (a.is_zero() || a.compare(BigInt(1)) == 0) return make_int_from_big(a);
      if (a.compare(BigInt(-1)) == 0) return make_int(BigInt::bitwise(b, BigInt(1), '&').is_zero() ? 1 : -1);
      if (!b.fits_int64() || b.to_int64() > kMaxBits || (a.bit_length() - 1) * b.to_int64() > kMaxBits)
        check_size(kMaxBits + 1);
      return make_int_from_big(a.pow(static_cast<uint64_t>(b.to_int64())));
    }
    case BinOpKind::LShift: {
      int64_t n = small_shift(b);
      if (a.is_zero()) return make_int(0);
      check_size(a.bit_length() + n);
      return make_int_from_big(a.shift_left(static_cast<uint64_t>(n)));
    }
    case BinOpKind::RShift: {
      int64_t n = small_shift(b);
      return make_int_from_big(a.shift_right(static_cast<uint64_t>(n)));
    }
    case BinOpKind::BitAnd: return make_int_from_big(BigInt::bitwise(a, b, '&'));
    case BinOpKind::BitOr: return make_int_from_big(BigInt::bitwise(a, b, '|'));
    case BinOpKind::BitXor: return make_int_from_big(BigInt::bitwise(a, b, '^'));
    default: return nullptr;
  }
}

ObjRef big_unary(UnaryOpKind op, Object* ao) {
  BigInt a = int_as_big(ao);
  if (op == UnaryOpKind::USub) return make_int_from_big(-a);
  if (op == UnaryOpKind::UAdd) return make_int_from_big(a);
  return make_int_from_big(-a - BigInt(1));  // ~a
}

int big_compare(Object* a, Object* b) { return int_as_big(a).compare(int_as_big(b)); }

std::string int_to_decimal(const Object* o) {
  if (!is_big_candidate(o)) return std::to_string(static_cast<const IntObject*>(o)->value_);
  return big_to_decimal(int_as_big(o));
}

std::string big_to_decimal(const BigInt& v) {
  // CPython refuses str() of ints over 4300 digits (sys.set_int_max_str_digits).
  // Past 14290 bits an int has more than 4300 digits whatever they are: refused before the
  // (quadratic) conversion; just below, the digits are counted.
  if (v.bit_length() > 14290 || (v.bit_length() > 14280 && v.to_string().size() - v.negative() > 4300))
    raise(builtin_types().value_error,
          "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase "
          "the limit");
  return v.to_string();
}

double int_to_double(const Object* o) {
  if (!is_big_candidate(o)) return static_cast<double>(static_cast<const IntObject*>(o)->value_);
  bool overflow;
  double v = int_as_big(o).to_double(&overflow);
  if (overflow) raise(builtin_types().overflow_error, "int too large to convert to float");
  return v;
}

int64_t int_hash(const Object* o) {
  if (!is_big_candidate(o)) {
    int64_t v = static_cast<const IntObject*>(o)->value_;
    const int64_t P = (int64_t{1} << 61) - 1;
    if (v > -P && v < P) return v == -1 ? -2 : v;
  }
  return int_as_big(o).py_hash();
}

ObjRef parse_int_text(const std::string& text, int base, const std::string& original, bool limit_digits) {
  auto bad = [&]() -> ObjRef {
    raise(builtin_types().value_error,
          "invalid literal for int() with base " + std::to_string(base) + ": " + str_repr(original));
  };
  size_t i = 0;
  bool neg = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) neg = text[i++] == '-';
  int b = base;
  bool prefixed = false;
  if (i + 1 < text.size() && text[i] == '0') {
    char p = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i + 1])));
    int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (pb && (base == 0 || base == pb)) {
      b = pb;
      i += 2;
      prefixed = true;
    }
  }
  if (b == 0) b = 10;
  std::string digits;
  bool prev_underscore = !prefixed;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '_') {
      if (prev_underscore) return bad();
      prev_underscore = true;
      continue;
    }
    digits += c;
    prev_underscore = false;
  }
  if (limit_digits && (b & (b - 1)) != 0) {  // CPython's limit on decimal (and other non-binary) conversions
    size_t valid = 0;
    for (char c : digits) {
      int d = std::isdigit(static_cast<unsigned char>(c))   ? c - '0'
              : std::isalpha(static_cast<unsigned char>(c)) ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                                                            : 99;
      if (d >= b) break;
      ++valid;
    }
    if (valid > 4300)
      raise(builtin_types().value_error, "Exceeds the limit (4300 digits) for integer string conversion: value has " +
                                             std::to_string(valid) +
                                             " digits; use sys.set_int_max_str_digits() to increase the limit");
  }
  if (prev_underscore || digits.empty()) return bad();
  // Base 0 takes a literal as Python source does: no leading zeros on a nonzero decimal.
  if (base == 0 && !prefixed && digits.size() > 1 && digits[0] == '0' &&
      digits.find_first_not_of('0') != std::string::npos)
    return bad();
  BigInt v;
  if (!BigInt::parse(digits, b, &v)) return bad();
  return make_int_from_big(neg ? -v : v);
}

ObjRef int_from_double(double v) {
  if (std::fabs(v) < 9.2e18) return make_int(static_cast<int64_t>(v));
  return make_int_from_big(BigInt::from_double(v));
}

}  // namespace stridelab::python
