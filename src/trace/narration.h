// Step narration: one plain sentence (at most a few) that says what a step did to memory, made
// from the trace's own facts: the step's events, the tensors and storages it made or lost, the
// node backward ran. Nothing in it is written per lesson or per program.
//
//   std::string text = trace::narrate(prev_state, state, source);
//   // "`b = a.t()` made `b` a view of `a`'s storage s1: the same 12 cells, strides (4, 1) → (1, 4)."
//
// Both states are materialised states (docs/trace-format.md, "The materialised state"); `prev` is
// null for step 0. `stridelab state` and the page's state(n) carry it as the `narration` field.
#pragma once

#include <string>

#include "support/json.h"

namespace stridelab::trace {

std::string narrate(const support::Json& prev, const support::Json& state, const std::string& source);

}  // namespace stridelab::trace
