// The bytes the C++ heap holds, counted for the run's memory limit.
//
// NOTE [Heap budget]
// Strings, lists, dicts, ints, frames and formatting buffers all come from the C++ heap, and most
// of them grow a piece at a time (an append, a concatenation, a dict insert in a loop), so no one
// request knows the total. The replaced operator new and delete (heap.cpp) count the bytes the
// heap holds. Arming the deadline for a run (support::Deadline::arm) arms the run's heap budget
// too: allocation_limit() bytes past what the heap held then (the interpreter, torch's
// registration and the parsed program are not the program's objects). Once the heap passes the
// budget, operator new asks the deadline for a check (Deadline::request_check), and the next poll,
// at the next line event or in the long native loop that allocates (NOTE [Deadline polling]),
// raises LimitExceeded "memory limit exceeded" naming the limit; the allocation itself always goes
// ahead, since operator new is called where no exception may pass. A run therefore stops at the
// first poll after its allocations pass its budget. What the trace recorder keeps between two steps (under a
// DeadlinePause) is the recorder's, not the program's: the budget moves up by it. Tensor storages
// are not counted here: they come from the C allocator with a limit of their own (core/storage.h).
// A request whose size is known beforehand is still refused before it is made (allocation_fits).
#pragma once

#include <atomic>
#include <cstdint>

namespace stridelab::support {

// Bytes operator new has handed out and operator delete has not taken back (usable sizes).
inline uint64_t heap_bytes_in_use();
// The bytes charged to the armed run so far (0 when no run is armed).
uint64_t heap_bytes_of_run();

namespace heap {
extern std::atomic<uint64_t> g_in_use;
// The total past which the armed run is over its budget (UINT64_MAX when none is armed), and what
// operator new calls once the heap passes it: the deadline's next poll checks (budget.cpp).
extern uint64_t g_ceiling;
void heap_over_budget();
}  // namespace heap

inline uint64_t heap_bytes_in_use() { return heap::g_in_use.load(std::memory_order_relaxed); }

}  // namespace stridelab::support
