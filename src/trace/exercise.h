// The checks of a lesson's `:::exercise` (web/README.md, "Exercises"), evaluated by the engine on
// the learner's own run: facts about its tensors, storages, versions and errors at the end of the
// run, and about the allocations and in-place writes it made on the way.
//
//   trace::Session session;
//   session.run(source);
//   auto results = trace::check_run(session, {"y is a view of x", "x was written through y only"});
//   // results[i].ok, results[i].why: "2 writes to s1, all through y"
//
// One check per line; NAME is a variable of the module at the end of the run, followed by
// attributes and `.grad` (`x`, `x.grad`, `model.fc1.weight`, `lin.bias.grad`):
//
//   X is a view of Y              X and Y are different tensors on the same storage
//   X is not a view of Y          their storages differ
//   X has strides (1, 3)          also: X has shape (3, 4) · X has version 2 · X has offset 1
//   X is contiguous               also: X is not contiguous
//   X has a grad                  X.grad is a tensor
//   X was copied by reshape       X came from reshape/flatten, which had to copy
//   X was written through Y only  X's storage was written in place, and every write to it was made
//                                 by an in-place call on the tensor Y (Session::in_place_writes),
//                                 or on a view of Y no variable names (`y[0].add_(1)`)
//   X was written through a view  X's storage was written in place through another tensor on it,
//                                 or through a view no variable names (`x[0].add_(1)`)
//   no allocation after line N    nothing was allocated after the step where line N first ran
//   error T                       the run ended with an exception of type T
//   error T matching /P/          ... whose message P matches (pattern_matches)
//   no error                      the run ended without an exception
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "support/json.h"
#include "trace/session.h"

namespace stridelab::trace {

struct CheckResult {
  std::string text;  // the check, trimmed
  bool ok = false;
  std::string why;  // what the run had: "y has strides (1, 3)"; for an unknown check, says so
};

// Evaluates each check line on the session's last run.
std::vector<CheckResult> check_run(Session& session, const std::vector<std::string>& checks);

// [{"text", "ok", "why"}, ...]
support::Json check_results_json(const std::vector<CheckResult>& results);

// Whether `pattern` matches somewhere in `text`: a small regular-expression form (no std::regex,
// which would add 15 KB to the page's engine): literal characters, `.` any character, `*`, `+`
// and `?` after an atom, `^` and `$` anchors, `\` to take the next character literally.
bool pattern_matches(std::string_view pattern, std::string_view text);

}  // namespace stridelab::trace
