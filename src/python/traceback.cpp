#include "python/traceback.h"

#include "python/protocol.h"
#include "python/suggestions.h"
#include "python/syntax_error.h"

namespace stridelab::python {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r'; }

int char_offset(std::string_view line, int byte) {
  int n = 0;
  for (int i = 0; i < byte && i < static_cast<int>(line.size()); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++n;
  return n;
}

// The `^` range of a BinOp: the first non-space character after the left operand, two wide for
// a two-character operator (CPython 3.11.2's extract_anchors_from_expr; a `)` closing the left
// operand is marked as the operator, as 3.11.2 does).
void binop_anchors(std::string_view line, int left_end, int right_start, int* a, int* b) {
  *a = *b = -1;
  for (int i = left_end; i < right_start && i < static_cast<int>(line.size()); ++i) {
    if (is_space(line[i])) continue;
    *a = i;
    *b = i + 1;
    if (i + 1 < right_start && !is_space(line[i + 1])) ++*b;
    break;
  }
}

std::string entry_text(const TracebackEntry& e, std::string_view source, std::string_view filename) {
  if (!e.file.empty())
    return "  File \"" + e.file + "\", line " + std::to_string(e.pos.line) + ", in " + e.func + "\n" + e.text;
  std::string out =
      "  File \"" + std::string(filename) + "\", line " + std::to_string(e.pos.line) + ", in " + e.func + "\n";
  std::string_view line = source_line(source, e.pos.line);
  size_t lead = 0;
  while (lead < line.size() && is_space(line[lead])) ++lead;
  size_t end = line.size();
  while (end > lead && is_space(line[end - 1])) --end;
  if (lead >= end) return out;
  std::string_view stripped = line.substr(lead, end - lead);
  out += "    " + std::string(stripped) + "\n";
  int start = e.pos.col;
  int stop = e.pos.end_line == e.pos.line ? e.pos.end_col : static_cast<int>(end);
  int left = -1, right = -1;
  if (e.marker_kind == 1) binop_anchors(line, e.anchor_left, e.anchor_right, &left, &right);
  if (e.marker_kind == 2) left = e.anchor_left, right = e.anchor_right;
  bool anchors = left >= 0;
  if (stop - start == static_cast<int>(end - lead) && !anchors) return out;
  if (start < static_cast<int>(lead) || stop > static_cast<int>(line.size()) || stop <= start) return out;
  std::string marks = "    " + std::string(char_offset(line, start) - char_offset(line, lead), ' ');
  for (int i = start; i < stop; ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    marks += !anchors || (i >= left && i < right) ? '^' : '~';
  }
  return out + marks + "\n";
}

std::string one_exception(Interp& in, ExceptionObject* exc, std::string_view source, std::string_view filename) {
  std::string out;
  if (!exc->traceback_.empty()) {
    out += "Traceback (most recent call last):\n";
    // As CPython prints a recursion: an entry of the same file, line and function as the one
    // before is printed three times in a row at most, then counted.
    constexpr int kRecursiveCutoff = 3;
    const TracebackEntry* last = nullptr;
    int count = 0;
    auto repeated = [&] {
      if (count <= kRecursiveCutoff) return;
      const int more = count - kRecursiveCutoff;
      out += "  [Previous line repeated " + std::to_string(more) + (more > 1 ? " more times]\n" : " more time]\n");
    };
    for (auto it = exc->traceback_.rbegin(); it != exc->traceback_.rend(); ++it) {
      if (!last || it->file != last->file || it->pos.line != last->pos.line || it->func != last->func) {
        repeated();
        last = &*it;
        count = 0;
      }
      if (++count <= kRecursiveCutoff) out += entry_text(*it, source, filename);
    }
    repeated();
  }
  return out + format_exception_only(in, exc);
}

}  // namespace

std::string format_exception_only(Interp& in, ExceptionObject* exc) {
  std::string name = exc->type()->name_;
  if (exc->type()->module_ != "builtins" && exc->type()->module_ != "__main__")
    name = exc->type()->module_ + "." + name;
  std::string msg;
  try {
    msg = str(in, exc);
  } catch (const PyError&) { msg = "<exception str() failed>"; }
  msg += suggestion_suffix(exc);  // ". Did you mean: 'x'?" (suggestions.h)
  return msg.empty() ? name + "\n" : name + ": " + msg + "\n";
}

std::string format_traceback(Interp& in, ExceptionObject* exc, std::string_view source, std::string_view filename) {
  std::string prefix;
  if (exc->cause_) {
    prefix = format_traceback(in, exc->cause_.get(), source, filename) +
             "\nThe above exception was the direct cause of the following exception:\n\n";
  } else if (exc->context_ && !exc->suppress_context_) {
    prefix = format_traceback(in, exc->context_.get(), source, filename) +
             "\nDuring handling of the above exception, another exception occurred:\n\n";
  }
  return prefix + one_exception(in, exc, source, filename);
}

}  // namespace stridelab::python
