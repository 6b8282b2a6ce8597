// Kernels of the core on the sizes bench/compare_core.py also times under PyTorch (one thread).
// Names are the op names the comparison table prints.
#include <benchmark/benchmark.h>

#include "core/ops.h"

using namespace stridelab::core;

namespace {

Tensor wrapped(double v) { return scalar_tensor(v, DType::Float64, true); }

// Float32 values in [-1, 1) without special cases: (k % 1000) / 500 - 1.
Tensor values(const IntArray& sizes) {
  Tensor k =
      binary(BinaryOp::Remainder, arange(0, numel_of(sizes), 1, std::nullopt), scalar_tensor(1000, DType::Int64, true));
  return reshape(binary(BinaryOp::Sub, binary(BinaryOp::Div, k, wrapped(500.0)), wrapped(1.0)), sizes);
}

constexpr int64_t kMillion = 1 << 20;

void add_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion}), b = values({kMillion});
  for (auto _ : state) benchmark::DoNotOptimize(binary(BinaryOp::Add, a, b));
  state.SetBytesProcessed(state.iterations() * kMillion * 12);
}

void mul_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion}), b = values({kMillion});
  for (auto _ : state) benchmark::DoNotOptimize(binary(BinaryOp::Mul, a, b));
  state.SetBytesProcessed(state.iterations() * kMillion * 12);
}

void add_scalar_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion});
  Tensor s = wrapped(2.5);
  for (auto _ : state) benchmark::DoNotOptimize(binary(BinaryOp::Add, a, s));
}

void exp_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion});
  for (auto _ : state) benchmark::DoNotOptimize(unary(UnaryOp::Exp, a));
}

void relu_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion});
  for (auto _ : state) benchmark::DoNotOptimize(unary(UnaryOp::Relu, a));
}

void add_broadcast_1000x1000(benchmark::State& state) {
  Tensor a = values({1000, 1000}), row = values({1000});
  for (auto _ : state) benchmark::DoNotOptimize(binary(BinaryOp::Add, a, row));
}

void add_inplace_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion}), b = values({kMillion});
  for (auto _ : state) binary_(BinaryOp::Add, a, b);
}

void sum_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion});
  for (auto _ : state) benchmark::DoNotOptimize(sum(a));
}

void mean_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion});
  for (auto _ : state) benchmark::DoNotOptimize(mean(a));
}

void sum_dim0_1000x1000(benchmark::State& state) {
  Tensor a = values({1000, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(sum(a, {0}));
}

void sum_dim1_1000x1000(benchmark::State& state) {
  Tensor a = values({1000, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(sum(a, {1}));
}

void max_dim1_1000x1000(benchmark::State& state) {
  Tensor a = values({1000, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(max(a, 1));
}

void max_dim0_1000x1000(benchmark::State& state) {
  Tensor a = values({1000, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(max(a, 0));
}

void softmax_1000x1000(benchmark::State& state) {
  Tensor a = values({1000, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(softmax(a, 1));
}

void clone_f32_1M(benchmark::State& state) {
  Tensor a = values({kMillion});
  for (auto _ : state) benchmark::DoNotOptimize(clone(a));
}

void transpose_copy_1000x1000(benchmark::State& state) {
  Tensor a = values({1000, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(contiguous(t(a)));
}

void matmul_512(benchmark::State& state) {
  Tensor a = values({512, 512}), b = values({512, 512});
  for (auto _ : state) benchmark::DoNotOptimize(matmul(a, b));
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * 512 * 512 * 512 * static_cast<double>(state.iterations()),
                                                benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}

}  // namespace

BENCHMARK(add_f32_1M);
BENCHMARK(mul_f32_1M);
BENCHMARK(add_scalar_f32_1M);
BENCHMARK(add_inplace_f32_1M);
BENCHMARK(exp_f32_1M);
BENCHMARK(relu_f32_1M);
BENCHMARK(add_broadcast_1000x1000);
BENCHMARK(sum_f32_1M);
BENCHMARK(mean_f32_1M);
BENCHMARK(sum_dim0_1000x1000);
BENCHMARK(sum_dim1_1000x1000);
BENCHMARK(max_dim1_1000x1000);
BENCHMARK(max_dim0_1000x1000);
BENCHMARK(softmax_1000x1000);
BENCHMARK(clone_f32_1M);
BENCHMARK(transpose_copy_1000x1000);
BENCHMARK(matmul_512);
