// Python ints of any size. An int that fits in 64 bits is an IntObject holding it (the fast
// path everywhere); a larger one is a BigIntObject, whose IntObject::value_ is INT64_MIN as a
// sentinel, so code that reads value_ must check for that one value first (is_big_candidate).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "python/object.h"

namespace stridelab::python {

class BigInt {
 public:
  BigInt() = default;  // zero
  explicit BigInt(int64_t v);
  // Truncates toward zero; v must be finite.
  static BigInt from_double(double v);
  // Digits in `base` (2..36) with no sign, prefix or underscores; false on a bad digit.
  static bool parse(std::string_view digits, int base, BigInt* out);

  bool is_zero() const { return mag_.empty(); }
  bool negative() const { return neg_; }
  bool fits_int64() const;
  int64_t to_int64() const;  // only when fits_int64()
  // The nearest double (round half to even); *overflow when it is beyond the double range.
  double to_double(bool* overflow) const;
  // "-123" in base 10, or the digits of another base (lowercase) after the sign.
  std::string to_string(int base = 10) const;
  int64_t bit_length() const;
  // hash(n) as CPython computes it: n mod (2**61 - 1) with n's sign, -1 becoming -2.
  int64_t py_hash() const;

  friend BigInt operator+(const BigInt& a, const BigInt& b);
  friend BigInt operator-(const BigInt& a, const BigInt& b);
  friend BigInt operator*(const BigInt& a, const BigInt& b);
  BigInt operator-() const;
  // Floor division and modulo, as Python's // and %; b must not be zero.
  static void divmod(const BigInt& a, const BigInt& b, BigInt* q, BigInt* r);
  BigInt pow(uint64_t exponent) const;
  BigInt shift_left(uint64_t bits) const;
  BigInt shift_right(uint64_t bits) const;  // floor, as Python's >>
  // Bitwise operations on the two's complement values, as Python's & | ^ do.
  static BigInt bitwise(const BigInt& a, const BigInt& b, char op);
  int compare(const BigInt& o) const;

 private:
  bool neg_ = false;
  std::vector<uint32_t> mag_;  // magnitude, least significant limb first, no leading zero limbs
  void trim();
  static int compare_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
  static std::vector<uint32_t> add_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
  static std::vector<uint32_t> sub_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);  // a >= b
  static void divmod_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, std::vector<uint32_t>* q,
                         std::vector<uint32_t>* r);
};

class BigIntObject : public IntObject {
 public:
  explicit BigIntObject(BigInt v) : IntObject(INT64_MIN), big_(std::move(v)) {}
  BigInt big_;
};

// True when an int's value_ may stand for a big int: take the slow path and ask int_as_big.
inline bool is_big_candidate(const Object* int_obj) {
  return static_cast<const IntObject*>(int_obj)->value_ == INT64_MIN;
}
// The value of an int or bool object.
BigInt int_as_big(const Object* int_obj);
// An int object for v: a plain IntObject when it fits in 64 bits (except INT64_MIN itself).
ObjRef make_int_from_big(const BigInt& v);

// Python semantics on int objects of any size (the callers' fast paths handle small ones).
ObjRef big_binop(Interp& in, BinOpKind op, Object* a, Object* b);
ObjRef big_unary(UnaryOpKind op, Object* a);
int big_compare(Object* a, Object* b);
std::string int_to_decimal(const Object* int_obj);  // str(n), with CPython's 4300-digit limit
std::string big_to_decimal(const BigInt& v);        // the same for a BigInt
double int_to_double(const Object* int_obj);        // float(n); OverflowError when too large
int64_t int_hash(const Object* int_obj);
// int(text, base) for text already stripped of whitespace (sign, prefix, underscores allowed).
// Past 4300 digits in a base that is not a power of two, CPython's ValueError when limit_digits
// (not for a literal in the source, which the parser has taken).
ObjRef parse_int_text(const std::string& text, int base, const std::string& original, bool limit_digits = true);
ObjRef int_from_double(double v);  // int(v) for a finite v

}  // namespace stridelab::python
