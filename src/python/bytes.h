// bytes and bytearray, the text codecs between them and str, and the Unicode errors (bytes.cpp).
#pragma once
#include <string>

#include "python/object.h"

namespace stridelab::python {

// A bytes or bytearray object (or one of a subclass): its bytes, one char each.
class BytesObject : public Object {
 public:
  BytesObject(TypeObject* type, std::string value) : Object(type), value_(std::move(value)) {}
  std::string value_;
  int64_t exports_ = 0;  // the memoryviews of it not released: a bytearray cannot be resized then
};

TypeObject* bytes_type();
TypeObject* bytearray_type();
bool is_bytes_like(const Object* o);  // bytes, bytearray or a subclass of either
ObjRef make_bytes(std::string value);
// repr(b): b'...' with CPython's quotes and escapes.
std::string bytes_repr(const std::string& value);
// str.encode(encoding='utf-8', errors='strict').
ObjRef str_encode(Interp& in, CallArgs& a);
// Puts bytes, bytearray, UnicodeError, UnicodeDecodeError and UnicodeEncodeError in the builtins.
void install_bytes(Namespace& ns);

}  // namespace stridelab::python
