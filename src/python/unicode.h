// Python strings are sequences of code points; stridelab stores them as UTF-8. These helpers
// index, slice and classify by code point, as CPython's str does.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/utf8.h"

namespace stridelab::python {

bool is_ascii(std::string_view s);
// The code points of a UTF-8 string, and back.
std::vector<uint32_t> utf8_decode(std::string_view s);
using support::utf8_append;
std::string utf8_encode(const std::vector<uint32_t>& cps);
// Byte offset of each code point, plus s.size() at the end (size = code points + 1).
std::vector<size_t> utf8_offsets(std::string_view s);
// The code point index of a byte offset that starts a code point.
size_t utf8_index_of_byte(std::string_view s, size_t byte);

// Unicode character classes and simple case mappings (Latin-1, Latin Extended-A, Greek,
// Cyrillic; the characters learners type) as str.isalpha(), str.upper() see them.
bool cp_is_alpha(uint32_t c);
bool cp_is_digit(uint32_t c);    // str.isdigit (includes superscripts)
bool cp_is_decimal(uint32_t c);  // str.isdecimal
bool cp_is_numeric(uint32_t c);  // str.isnumeric
bool cp_is_space(uint32_t c);
bool cp_is_upper(uint32_t c);
bool cp_is_lower(uint32_t c);
bool cp_is_printable(uint32_t c);
// Appends the full mapping (upper("ß") is "SS").
void cp_append_upper(std::string& out, uint32_t c);
void cp_append_lower(std::string& out, uint32_t c);
uint32_t cp_upper(uint32_t c);
uint32_t cp_lower(uint32_t c);

}  // namespace stridelab::python
