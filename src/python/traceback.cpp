#include "python/traceback.h"

#include "python/parser.h"
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

std::string file_line_markers(const TracebackEntry& e, std::string_view line, size_t lead, size_t end);

std::string entry_text(const TracebackEntry& e, std::string_view source, std::string_view filename,
                       std::string_view file_text) {
  if (!e.file.empty())
    return "  File \"" + e.file + "\", line " + std::to_string(e.pos.line) + ", in " + e.func + "\n" + e.text;
  std::string out =
      "  File \"" + std::string(filename) + "\", line " + std::to_string(e.pos.line) + ", in " + e.func + "\n";
  std::string_view line = source_line(source, e.pos.line);
  std::string_view shown = file_text.empty() ? line : source_line(file_text, e.pos.line);
  size_t lead = 0;
  while (lead < shown.size() && is_space(shown[lead])) ++lead;
  size_t end = shown.size();
  while (end > lead && is_space(shown[end - 1])) --end;
  if (lead >= end) return out;
  std::string_view stripped = shown.substr(lead, end - lead);
  out += "    " + std::string(stripped) + "\n";
  if (shown != line) return out + file_line_markers(e, shown, lead, end);
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

// The anchors CPython 3.11.2 finds by parsing the marked part of a line on its own
// (extract_anchors_from_line): a BinOp's operator or a Subscript's brackets, as columns of
// `segment`. False when the part is not one such expression.
bool segment_anchors(std::string_view segment, int* left, int* right) {
  std::unique_ptr<Module> m;
  try {
    m = parse_module(segment);
  } catch (const SyntaxErrorException&) { return false; }
  if (m->body.size() != 1 || m->body[0]->kind != StmtKind::Expr) return false;
  const Expr& e = *static_cast<const ExprStmt&>(*m->body[0]).value;
  if (e.kind == ExprKind::BinOp && !folds_to_constant(e)) {
    const auto& b = static_cast<const BinOpExpr&>(e);
    binop_anchors(segment, b.left->pos.end_col, b.right->pos.col, left, right);
    return *left >= 0;
  }
  if (e.kind == ExprKind::Subscript) {
    const auto& s = static_cast<const SubscriptExpr&>(e);
    *left = s.value->pos.end_col;
    *right = s.slice->pos.end_col + 1;
    return true;
  }
  return false;
}

// An entry whose line in the file is not the line that ran (NOTE [NUL bytes in the source]).
// CPython 3.11.2 prints the file's line, NUL bytes and all, and places the markers by the columns
// that ran, each first cut to where the file's line ends as a C string (its first NUL) plus one;
// the marked part of the file's line is then parsed again for anchors.
std::string file_line_markers(const TracebackEntry& e, std::string_view line, size_t lead, size_t end) {
  const int cut = static_cast<int>(std::min(line.find('\0'), line.size())) + 1;
  // A byte offset as a character offset, the C string's terminator counting as one character.
  auto chars = [&](int byte) {
    byte = std::clamp(byte, 0, cut);
    return char_offset(line, byte) + (byte > static_cast<int>(line.size()) ? 1 : 0);
  };
  const int start = chars(e.pos.col);
  int stop = e.pos.end_line == e.pos.line ? chars(e.pos.end_col) : char_offset(line, static_cast<int>(end));
  int left = -1, right = -1;
  if (e.pos.end_line == e.pos.line && stop > start) {
    // The characters [start, stop) of the line, as bytes.
    auto byte_of = [&](int ch) {
      int b = 0;
      for (int n = 0; b < static_cast<int>(line.size()); ++b)
        if ((static_cast<unsigned char>(line[b]) & 0xC0) != 0x80 && n++ == ch) break;
      return b;
    };
    std::string_view segment = line.substr(byte_of(start));
    segment = segment.substr(0, std::min(segment.size(), static_cast<size_t>(byte_of(stop) - byte_of(start))));
    int l = -1, r = -1;
    if (segment_anchors(segment, &l, &r))
      left = start + char_offset(segment, l), right = start + char_offset(segment, r);
  }
  const bool anchors = left >= 0;
  if (stop - start == char_offset(line, static_cast<int>(end)) - char_offset(line, static_cast<int>(lead)) && !anchors)
    return "";
  // Column c (0-based, counted from the line's start) is printed for c in [lead - 4, stop): the
  // line is printed indented by four after its own indentation is taken off.
  std::string marks;
  for (int c = static_cast<int>(char_offset(line, static_cast<int>(lead))) - 4; c < stop; ++c)
    marks += c < start ? ' ' : !anchors || (c >= left && c < right) ? '^' : '~';
  return marks + "\n";
}

std::string one_exception(Interp& in, ExceptionObject* exc, std::string_view source, std::string_view filename,
                          std::string_view file_text) {
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
      if (++count <= kRecursiveCutoff) out += entry_text(*it, source, filename, file_text);
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

std::string format_traceback(Interp& in, ExceptionObject* exc, std::string_view source, std::string_view filename,
                             std::string_view file_text) {
  std::string prefix;
  if (exc->cause_) {
    prefix = format_traceback(in, exc->cause_.get(), source, filename, file_text) +
             "\nThe above exception was the direct cause of the following exception:\n\n";
  } else if (exc->context_ && !exc->suppress_context_) {
    prefix = format_traceback(in, exc->context_.get(), source, filename, file_text) +
             "\nDuring handling of the above exception, another exception occurred:\n\n";
  }
  return prefix + one_exception(in, exc, source, filename, file_text);
}

}  // namespace stridelab::python
