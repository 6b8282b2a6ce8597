// The random module: CPython's Mersenne Twister and the functions course code draws with.
//
// NOTE [CPython's random numbers]
// After random.seed(n) a program draws exactly the numbers CPython draws. The generator is
// MT19937; seed(n) runs init_by_array over the 32-bit words of abs(n), least significant first
// (one zero word for 0), and a float seed uses hash(x) as that int. random() takes 27 and 26 high
// bits of two outputs for a 53-bit float; getrandbits(k) fills k bits from successive outputs,
// the low word first, the last one shifted down to the bits still wanted. Every integer draw
// (randrange, randint, choice, shuffle, sample) goes through randbelow(n): getrandbits of n's bit
// length, drawn again until it is below n. The functions above that are the algorithms of
// CPython's random.py, step for step, so they consume the same outputs in the same order.
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>

#include "python/bigint.h"
#include "python/modules.h"
#include "python/native.h"

namespace stridelab::python {

namespace {

class MersenneTwister {
 public:
  static constexpr int kN = 624, kM = 397;

  void seed_words(const std::vector<uint32_t>& key) {
    init_genrand(19650218U);
    size_t i = 1, j = 0;
    for (size_t k = std::max<size_t>(kN, key.size()); k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
      ++i;
      ++j;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
      if (j >= key.size()) j = 0;
    }
    for (size_t k = kN - 1; k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
      ++i;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000U;
  }

  uint32_t next() {
    static constexpr uint32_t kMag01[2] = {0x0U, 0x9908b0dfU};
    if (index_ >= kN) {
      int kk = 0;
      uint32_t y;
      for (; kk < kN - kM; ++kk) {
        y = (mt_[kk] & 0x80000000U) | (mt_[kk + 1] & 0x7fffffffU);
        mt_[kk] = mt_[kk + kM] ^ (y >> 1) ^ kMag01[y & 1U];
      }
      for (; kk < kN - 1; ++kk) {
        y = (mt_[kk] & 0x80000000U) | (mt_[kk + 1] & 0x7fffffffU);
        mt_[kk] = mt_[kk + (kM - kN)] ^ (y >> 1) ^ kMag01[y & 1U];
      }
      y = (mt_[kN - 1] & 0x80000000U) | (mt_[0] & 0x7fffffffU);
      mt_[kN - 1] = mt_[kM - 1] ^ (y >> 1) ^ kMag01[y & 1U];
      index_ = 0;
    }
    uint32_t y = mt_[index_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
  }

  double random() {
    uint32_t a = next() >> 5, b = next() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  // getrandbits(k) for k <= 64.
  uint64_t bits(int k) {
    if (k == 0) return 0;
    if (k <= 32) return next() >> (32 - k);
    uint64_t lo = next();
    uint64_t hi = next() >> (64 - k);
    return lo | (hi << 32);
  }

  // A uniform int in [0, n), n > 0.
  uint64_t below(uint64_t n) {
    int k = 0;
    for (uint64_t v = n; v; v >>= 1) ++k;
    uint64_t r = bits(k);
    while (r >= n) r = bits(k);
    return r;
  }

  std::optional<double> gauss_next_;

 private:
  void init_genrand(uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < kN; ++i) mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
    index_ = kN;
  }
  uint32_t mt_[kN] = {};
  int index_ = kN;
};

// A line of CPython's random.py that a traceback shows between the program's call and the error
// (NOTE [CPython's random numbers]: the functions are written in Python there).
struct LibLine {
  int line;
  const char* func;
  const char* text;  // the source line and any markers, each line ending in "\n"
};

constexpr LibLine kRandint{362, "randint",
                           "    return self.randrange(a, b+1)\n"
                           "           ^^^^^^^^^^^^^^^^^^^^^^\n"};

// Raises type(message) as raised at `at`, called from the `outer` lines (outermost first).
[[noreturn]] void raise_at(TypeObject* type, const std::string& message, LibLine at, std::vector<LibLine> outer = {}) {
  Ref<ExceptionObject> e = new_exception(type, {make_str(message)});
  outer.push_back(at);
  for (auto it = outer.rbegin(); it != outer.rend(); ++it) {
    TracebackEntry t;
    t.func = it->func;
    t.pos.line = t.pos.end_line = it->line;
    t.file = "/usr/lib/python3.11/random.py";
    t.text = it->text;
    e->traceback_.push_back(std::move(t));
  }
  throw PyError{e};
}

// The 32-bit words of abs(v), least significant first; one zero word for 0.
std::vector<uint32_t> words_of(BigInt v) {
  if (v.negative()) v = -v;
  std::vector<uint32_t> out;
  BigInt mask(0xFFFFFFFFLL);
  while (!v.is_zero()) {
    out.push_back(static_cast<uint32_t>(BigInt::bitwise(v, mask, '&').to_int64()));
    v = v.shift_right(32);
  }
  if (out.empty()) out.push_back(0);
  return out;
}

// SHA-512 (FIPS 180-4) of `data`: what seed() hashes a str with. The round constants are the
// first 64 bits of the fractional parts of the cube roots of the first 80 primes, the initial
// values those of the square roots of the first 8.
std::vector<uint8_t> sha512(const std::string& data) {
  static const uint64_t kRound[80] = {
      0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
      0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
      0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
      0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
      0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
      0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
      0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
      0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
      0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
      0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
      0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
      0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
      0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
      0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
      0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
      0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
      0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
      0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
      0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
      0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};
  uint64_t h[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
                   0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
  auto rotr = [](uint64_t x, int n) { return (x >> n) | (x << (64 - n)); };
  std::vector<uint8_t> msg(data.begin(), data.end());
  const uint64_t bits = static_cast<uint64_t>(data.size()) * 8;
  msg.push_back(0x80);
  while (msg.size() % 128 != 112) msg.push_back(0);
  for (int i = 0; i < 8; ++i) msg.push_back(0);  // the length's high 64 bits
  for (int i = 7; i >= 0; --i) msg.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  for (size_t block = 0; block < msg.size(); block += 128) {
    uint64_t w[80];
    for (int t = 0; t < 16; ++t) {
      w[t] = 0;
      for (int b = 0; b < 8; ++b) w[t] = (w[t] << 8) | msg[block + 8 * t + b];
    }
    for (int t = 16; t < 80; ++t) {
      uint64_t s0 = rotr(w[t - 15], 1) ^ rotr(w[t - 15], 8) ^ (w[t - 15] >> 7);
      uint64_t s1 = rotr(w[t - 2], 19) ^ rotr(w[t - 2], 61) ^ (w[t - 2] >> 6);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 80; ++t) {
      uint64_t t1 = hh + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) + ((e & f) ^ (~e & g)) + kRound[t] + w[t];
      uint64_t t2 = (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
  }
  std::vector<uint8_t> out;
  for (uint64_t v : h)
    for (int i = 7; i >= 0; --i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  return out;
}

// seed(s) for a str, version 2: the int whose big-endian bytes are s's UTF-8 bytes followed by
// their SHA-512, as 32-bit words least significant first.
std::vector<uint32_t> str_seed_words(const std::string& s) {
  std::vector<uint8_t> bytes(s.begin(), s.end());
  std::vector<uint8_t> digest = sha512(s);
  bytes.insert(bytes.end(), digest.begin(), digest.end());
  std::vector<uint32_t> words;
  for (size_t end = bytes.size(); end > 0;) {
    size_t begin = end >= 4 ? end - 4 : 0;
    uint32_t w = 0;
    for (size_t i = begin; i < end; ++i) w = (w << 8) | bytes[i];
    words.push_back(w);
    end = begin;
  }
  while (words.size() > 1 && words.back() == 0) words.pop_back();
  return words;
}

void seed_from(Interp& in, MersenneTwister& mt, Object* a) {
  mt.gauss_next_.reset();
  if (!a || a == none()) {
    // From the clocks (std::random_device aborts in the WebAssembly engine).
    auto now = static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    auto tick = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    auto where = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(&mt));
    mt.seed_words({static_cast<uint32_t>(now), static_cast<uint32_t>(now >> 32), static_cast<uint32_t>(tick),
                   static_cast<uint32_t>(tick >> 32), static_cast<uint32_t>(where)});
    return;
  }
  if (is_int(a)) return mt.seed_words(words_of(int_as_big(a)));
  if (a->type() == builtin_types().float_) {  // the bits of hash(a) as an unsigned 64-bit number
    auto h = static_cast<uint64_t>(as<IntObject>(call1(in, in.builtins().get("hash"), ObjRef(a)).get())->value_);
    if (h >> 32) return mt.seed_words({static_cast<uint32_t>(h), static_cast<uint32_t>(h >> 32)});
    return mt.seed_words({static_cast<uint32_t>(h)});
  }
  if (is_str(a)) return mt.seed_words(str_seed_words(as<StrObject>(a)->value_));
  raise_at(builtin_types().type_error,
           "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.",
           {160, "seed", "    raise TypeError('The only supported seed types are: None,\\n'\n"});
}

int64_t int_arg(Interp& in, Object* o) {
  if (is_int(o) && !is_big_candidate(o)) return as<IntObject>(o)->value_;
  if (is_int(o))
    raise(builtin_types().not_implemented_error, "random with ints beyond 64 bits is not supported by stridelab");
  return to_index(in, o);
}

int64_t randbelow(MersenneTwister& mt, int64_t n) { return static_cast<int64_t>(mt.below(static_cast<uint64_t>(n))); }

ObjRef randrange(Interp& in, MersenneTwister& mt, Object* start, Object* stop, Object* step,
                 const std::vector<LibLine>& outer = {}) {
  int64_t istart = int_arg(in, start);
  if (!stop || stop == none()) {
    if (step) raise(builtin_types().type_error, "Missing a non-None stop argument");
    if (istart > 0) return make_int(randbelow(mt, istart));
    raise_at(builtin_types().value_error, "empty range for randrange()",
             {313, "randrange", "    raise ValueError(\"empty range for randrange()\")\n"}, outer);
  }
  int64_t istop = int_arg(in, stop);
  int64_t width = checked_add(istop, -istart);
  int64_t istep = step ? int_arg(in, step) : 1;
  if (istep == 1) {
    if (width > 0) return make_int(istart + randbelow(mt, width));
    raise_at(builtin_types().value_error,
             "empty range for randrange() (" + std::to_string(istart) + ", " + std::to_string(istop) + ", " +
                 std::to_string(width) + ")",
             {345, "randrange",
              "    raise ValueError(\"empty range for randrange() (%d, %d, %d)\" % (istart, istop, width))\n"},
             outer);
  }
  int64_t n;
  if (istep > 0) n = (width + istep - 1) / istep - ((width + istep - 1) % istep < 0 ? 1 : 0);
  else if (istep < 0) n = (width + istep + 1) / istep - ((width + istep + 1) % istep > 0 ? 1 : 0);
  else
    raise_at(builtin_types().value_error, "zero step for randrange()",
             {353, "randrange", "    raise ValueError(\"zero step for randrange()\")\n"}, outer);
  if (n <= 0)
    raise_at(builtin_types().value_error, "empty range for randrange()",
             {355, "randrange", "    raise ValueError(\"empty range for randrange()\")\n"}, outer);
  return make_int(istart + istep * randbelow(mt, n));
}

bool is_sequence(Object* o) {
  TypeObject* t = o->type();
  return t->is_subtype_of(builtin_types().list) || t->is_subtype_of(builtin_types().tuple) || is_str(o) ||
         t == builtin_types().range;
}

ObjRef sample(Interp& in, MersenneTwister& mt, CallArgs& a) {
  ArgParser p(a, "sample", {"population", "k", "*", "counts="});
  Object* population = p.get(0);
  if (!is_sequence(population))
    raise_at(builtin_types().type_error, "Population must be a sequence.  For dicts or sets, use sorted(d).",
             {439, "sample", "    raise TypeError(\"Population must be a sequence.  \"\n"});
  int64_t n = length(in, population);
  if (p.has(2) && p.get(2) != none()) {  // each item repeated as counts says: a sample of range(total)
    std::vector<ObjRef> counts = to_vector(in, p.get(2));
    std::vector<ObjRef> cumulative;
    ObjRef total = make_int(0);
    for (auto& c : counts) cumulative.push_back(total = binary_op(in, BinOpKind::Add, total.get(), c.get()));
    if (static_cast<int64_t>(cumulative.size()) != n)
      raise_at(builtin_types().value_error, "The number of counts does not match the population",
               {445, "sample", "    raise ValueError('The number of counts does not match the population')\n"});
    cumulative.pop_back();
    if (!is_int(total.get()))
      raise_at(builtin_types().type_error, "Counts must be integers",
               {448, "sample", "    raise TypeError('Counts must be integers')\n"});
    if (as<IntObject>(total.get())->value_ <= 0)
      raise_at(builtin_types().value_error, "Total of counts must be greater than zero",
               {450, "sample", "    raise ValueError('Total of counts must be greater than zero')\n"});
    CallArgs inner;
    inner.pos = {ObjRef(new RangeObject(0, as<IntObject>(total.get())->value_, 1)), ObjRef(p.get(1))};
    ObjRef picked = sample(in, mt, inner);
    std::vector<ObjRef> out;
    for (auto& s : as<ListObject>(picked.get())->items_) {
      size_t lo = 0, hi = cumulative.size();  // bisect_right(cumulative, s)
      while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (truthy(in, compare(in, CmpOpKind::Lt, s.get(), cumulative[mid].get()).get())) hi = mid;
        else lo = mid + 1;
      }
      out.push_back(get_item(in, population, make_int(static_cast<int64_t>(lo)).get()));
    }
    return make_list(std::move(out));
  }
  int64_t k = int_arg(in, p.get(1));
  if (k < 0 || k > n)
    raise_at(builtin_types().value_error, "Sample larger than population or is negative",
             {456, "sample", "    raise ValueError(\"Sample larger than population or is negative\")\n"});
  std::vector<ObjRef> result(static_cast<size_t>(k));
  int64_t setsize = 21;
  if (k > 5) setsize += static_cast<int64_t>(std::pow(4.0, std::ceil(std::log(k * 3.0) / std::log(4.0))));
  if (n <= setsize) {
    std::vector<ObjRef> pool = to_vector(in, population);
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = randbelow(mt, n - i);
      result[i] = pool[j];
      pool[j] = pool[n - i - 1];
    }
  } else {
    std::vector<bool> selected(static_cast<size_t>(n));
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = randbelow(mt, n);
      while (selected[j]) j = randbelow(mt, n);
      selected[j] = true;
      result[i] = get_item(in, population, make_int(j).get());
    }
  }
  return ObjRef(new ListObject(std::move(result)));
}

ObjRef choices(Interp& in, MersenneTwister& mt, CallArgs& a) {
  ArgParser p(a, "choices", {"population", "weights=", "*", "cum_weights=", "k="});
  Object* population = p.get(0);
  int64_t n = length(in, population);
  int64_t k = p.has(3) ? int_arg(in, p.get(3)) : 1;
  Object* weights = p.has(1) && p.get(1) != none() ? p.get(1) : nullptr;
  Object* cum = p.has(2) && p.get(2) != none() ? p.get(2) : nullptr;
  std::vector<ObjRef> out;
  if (!weights && !cum) {
    for (int64_t i = 0; i < k; ++i)
      out.push_back(get_item(in, population, make_int(static_cast<int64_t>(std::floor(mt.random() * n))).get()));
    return ObjRef(new ListObject(std::move(out)));
  }
  std::vector<ObjRef> cw;
  if (weights) {
    if (cum) raise(builtin_types().type_error, "Cannot specify both weights and cumulative weights");
    if (is_int(weights) && weights->type() != builtin_types().bool_)
      raise_at(builtin_types().type_error, "The number of choices must be a keyword argument: k=" + repr(in, weights),
               {500, "choices", "    raise TypeError(\n"});
    ObjRef total;
    for (auto& w : to_vector(in, weights)) {
      total = total ? binary_op(in, BinOpKind::Add, total.get(), w.get()) : w;
      cw.push_back(total);
    }
  } else {
    cw = to_vector(in, cum);
  }
  if (static_cast<int64_t>(cw.size()) != n)
    raise_at(builtin_types().value_error, "The number of weights does not match the population",
             {506, "choices", "    raise ValueError('The number of weights does not match the population')\n"});
  std::vector<double> c;
  for (auto& w : cw) c.push_back(to_double(in, w.get()));
  double total = c.back() + 0.0;
  if (total <= 0.0) raise(builtin_types().value_error, "Total of weights must be greater than zero");
  if (!std::isfinite(total)) raise(builtin_types().value_error, "Total of weights must be finite");
  for (int64_t i = 0; i < k; ++i) {
    double x = mt.random() * total;
    size_t lo = 0, hi = c.size() - 1;  // bisect_right(c, x, 0, n - 1)
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (x < c[mid]) hi = mid;
      else lo = mid + 1;
    }
    out.push_back(get_item(in, population, make_int(static_cast<int64_t>(lo)).get()));
  }
  return ObjRef(new ListObject(std::move(out)));
}

Ref<ModuleObject> make_random(Interp& in) {
  auto m = make_module("random");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/random.py"));
  auto mt = std::make_shared<MersenneTwister>();
  seed_from(in, *mt, nullptr);
  ModuleObject* mod = m.get();
  module_add_function(mod, "seed", [mt](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "seed", {"a=", "version="});
    seed_from(in, *mt, p.get(0));
    return ObjRef(none());
  });
  module_add_function(mod, "random", [mt](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "random", {});
    return make_float(mt->random());
  });
  module_add_function(mod, "getrandbits", [mt](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "getrandbits", {"k"});
    int64_t k = int_arg(in, p.get(0));
    if (k < 0) raise(builtin_types().value_error, "number of bits must be non-negative");
    if (k <= 63) return make_int(static_cast<int64_t>(mt->bits(static_cast<int>(k))));
    BigInt r;
    for (int64_t done = 0; done < k; done += 32) {
      uint32_t w = mt->next();
      if (k - done < 32) w >>= (32 - (k - done));
      r = r + BigInt(static_cast<int64_t>(w)).shift_left(static_cast<uint64_t>(done));
    }
    return make_int_from_big(r);
  });
  module_add_function(mod, "randrange", [mt](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "randrange", {"start", "stop=", "step="});
    return randrange(in, *mt, p.get(0), p.get(1), p.get(2));
  });
  module_add_function(mod, "randint", [mt](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "randint", {"a", "b"});
    ObjRef stop = binary_op(in, BinOpKind::Add, p.get(1), make_int(1).get());
    return randrange(in, *mt, p.get(0), stop.get(), nullptr, {kRandint});
  });
  module_add_function(mod, "uniform", [mt](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "uniform", {"a", "b"});
    double lo = to_double(in, p.get(0)), hi = to_double(in, p.get(1));
    return make_float(lo + (hi - lo) * mt->random());
  });
  module_add_function(mod, "gauss", [mt](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "gauss", {"mu=", "sigma="});
    double mu = p.get_double(in, 0, 0.0), sigma = p.get_double(in, 1, 1.0);
    double z;
    if (mt->gauss_next_) {
      z = *mt->gauss_next_;
      mt->gauss_next_.reset();
    } else {
      double x2pi = mt->random() * 6.283185307179586;  // random.py's TWOPI
      double g2rad = std::sqrt(-2.0 * std::log(1.0 - mt->random()));
      z = std::cos(x2pi) * g2rad;
      mt->gauss_next_ = std::sin(x2pi) * g2rad;
    }
    return make_float(mu + z * sigma);
  });
  module_add_function(mod, "choice", [mt](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "choice", {"seq"});
    int64_t n = length(in, p.get(0));
    if (n == 0)
      raise_at(builtin_types().index_error, "Cannot choose from an empty sequence",
               {373, "choice", "    raise IndexError('Cannot choose from an empty sequence')\n"});
    return get_item(in, p.get(0), make_int(randbelow(*mt, n)).get());
  });
  module_add_function(mod, "shuffle", [mt](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "shuffle", {"x"});
    Object* x = p.get(0);
    for (int64_t i = length(in, x) - 1; i >= 1; --i) {
      ObjRef ii = make_int(i), jj = make_int(randbelow(*mt, i + 1));
      ObjRef xi = get_item(in, x, ii.get()), xj = get_item(in, x, jj.get());
      set_item(in, x, ii.get(), xj);
      set_item(in, x, jj.get(), xi);
    }
    return ObjRef(none());
  });
  module_add_function(mod, "sample", [mt](Interp& in, CallArgs& a) { return sample(in, *mt, a); });
  module_add_function(mod, "choices", [mt](Interp& in, CallArgs& a) { return choices(in, *mt, a); });
  return m;
}

}  // namespace

void register_random_module(Interp& in) { in.register_module("random", make_random); }

}  // namespace stridelab::python
