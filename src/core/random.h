// The random generator and the random fills, reproducing PyTorch's CPU streams bit for bit.
//
// After manual_seed(s), rand / randn / randint / randperm / normal / uniform_ / normal_ give the
// numbers torch gives on the CPU (PyTorch 1.13, built with its AVX2 kernels, as x86-64 machines
// run it). NOTE [How PyTorch draws its numbers] in random.cpp says exactly how.
//
// Like the other in-place ops of the core, uniform_ and normal_ do not bump the version counter:
// the caller that implements the user-visible op does (see copy_ in ops.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/tensor.h"

namespace stridelab::core {

// The seed torch's C++ generator is built with (c10's default_rng_seed_val). PyTorch's Python
// process reseeds its default generator from the OS at start-up; the playground keeps this fixed
// seed instead, so a program without manual_seed still runs the same way every time.
constexpr uint64_t kDefaultSeed = 67280421310721ULL;

// A Mersenne Twister (mt19937) with PyTorch's seeding, plus the cached second value of the last
// Box-Muller pair (PyTorch's CPUGeneratorImpl keeps one per generator).
class Generator {
 public:
  explicit Generator(uint64_t seed = kDefaultSeed) { manual_seed(seed); }

  // torch.manual_seed: restarts the stream and forgets the cached normal sample. mt19937 uses the
  // low 32 bits; initial_seed() reports all 64.
  void manual_seed(uint64_t seed);
  uint64_t initial_seed() const { return seed_; }

  // One mt19937 output (PyTorch's random()).
  uint32_t next_uint32() {
    if (index_ >= kStateSize) twist();
    uint32_t y = state_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }
  // Two outputs, the first in the high half (PyTorch's random64()).
  uint64_t next_uint64() {
    const uint64_t hi = next_uint32();
    return (hi << 32) | next_uint32();
  }

  // The second value of a Box-Muller pair drawn by the element-by-element normal path.
  std::optional<double> next_double_normal_sample;

 private:
  void twist();

  static constexpr int kStateSize = 624;
  uint64_t seed_ = kDefaultSeed;
  std::array<uint32_t, kStateSize> state_{};
  int index_ = kStateSize;  // next word of state_ to temper; kStateSize means twist first
};

// The generator every function below draws from: the process-wide one, or the one a
// GeneratorScope names for the call in progress. NOTE [generator=]: PyTorch's random functions take
// `generator=` to draw from another stream; rather than threading a Generator through every fill,
// the binding opens a GeneratorScope around the call, and the fills keep asking default_generator().
Generator& default_generator();
// The process-wide generator itself (torch.default_generator, what manual_seed reseeds).
Generator& global_generator();
void manual_seed(uint64_t seed);
uint64_t initial_seed();

// Makes default_generator() return `gen` until the scope ends (scopes nest).
class GeneratorScope {
 public:
  explicit GeneratorScope(Generator& gen);
  ~GeneratorScope();
  GeneratorScope(const GeneratorScope&) = delete;
  GeneratorScope& operator=(const GeneratorScope&) = delete;

 private:
  Generator* previous_;
};

// torch.rand / randn: float dtypes only ("\"check_uniform_bounds\" not implemented for 'Long'").
Tensor rand(const IntArray& sizes, DType dtype = kDefaultFloat);
Tensor randn(const IntArray& sizes, DType dtype = kDefaultFloat);
// torch.randint(low, high, sizes): values in [low, high) of any dtype but float16.
Tensor randint(int64_t low, int64_t high, const IntArray& sizes, DType dtype = DType::Int64);
// torch.randperm(n): a random permutation of 0..n-1.
Tensor randperm(int64_t n, DType dtype = DType::Int64);
Tensor randperm(int64_t n, DType dtype, Generator& gen);
// torch.normal(mean, std, size).
Tensor normal(double mean, double std, const IntArray& sizes, DType dtype = kDefaultFloat);
// torch.rand_like / randn_like / randint_like: self's sizes, and its strides when it is dense
// (empty_like's rule), filled in memory order as PyTorch fills them.
Tensor rand_like(const Tensor& self, std::optional<DType> dtype = {});
Tensor randn_like(const Tensor& self, std::optional<DType> dtype = {});
Tensor randint_like(const Tensor& self, int64_t low, int64_t high, std::optional<DType> dtype = {});

// Tensor.uniform_(from, to) and Tensor.normal_(mean, std), in place (no version bump).
void uniform_(const Tensor& self, double from, double to);
void normal_(const Tensor& self, double mean, double std);
// Tensor.random_(from, to): integers in [from, to), stored in self's dtype.
void random_(const Tensor& self, int64_t from, int64_t to);

// torch.nn.init.kaiming_uniform_(t, a) with mode='fan_in', nonlinearity='leaky_relu', computing
// the bound with PyTorch's arithmetic: nn.Linear's weights are kaiming_uniform_(w, sqrt(5)) and its
// bias uniform_(b, -1/sqrt(fan_in), 1/sqrt(fan_in)).
void kaiming_uniform_(const Tensor& self, double a = 0.0);
// fan_in of a weight as nn.init computes it: size(1) * (product of sizes past dim 1).
// "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions" otherwise.
int64_t fan_in(const Tensor& weight);

}  // namespace stridelab::core
