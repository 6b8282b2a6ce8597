// The benchmark binary's entry point; the benchmarks live in bench/*_bench.cpp.
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
