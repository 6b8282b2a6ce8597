// Prints a hash of exp over every float of [-105, 101] (and of softmax's shifted, summed form),
// block by block, so that the WebAssembly kernel can be compared bit for bit with the native one
// (AVX2 with true FMAs). Not a test: bench/README.md, "exp in WebAssembly", has the commands.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include "core/elementwise_kernels.h"

namespace {

uint64_t fnv(uint64_t h, const void* p, size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

}  // namespace

int main() {
  using stridelab::core::kernels::exp_f32_map;
  using stridelab::core::kernels::exp_f32_row;
  constexpr uint32_t kBlock = 1u << 24;
  std::vector<float> in(kBlock), out(kBlock), row(kBlock);
  // The bit patterns of [0, 101] and of [-105, -0]: two runs of consecutive patterns.
  const uint32_t runs[2][2] = {{0x00000000u, 0x42ca0000u}, {0x80000000u, 0xc2d20000u}};
  uint64_t total = 0;
  for (const auto& run : runs) {
    for (uint64_t start = run[0]; start <= run[1]; start += kBlock) {
      const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(kBlock, uint64_t{run[1]} - start + 1));
      for (uint32_t i = 0; i < n; ++i) {
        const uint32_t bits = static_cast<uint32_t>(start + i);
        std::memcpy(&in[i], &bits, sizeof bits);
      }
      exp_f32_map(out.data(), in.data(), n);
      uint64_t h = fnv(1469598103934665603ull, out.data(), n * sizeof(float));
      // Rows of 1,000 with a shift, as softmax calls it: outputs and each row's sum.
      for (uint32_t r = 0; r < n; r += 1000) {
        const uint32_t m = std::min<uint32_t>(1000, n - r);
        const float sum = exp_f32_row(row.data() + r, in.data() + r, m, in[r] * 0.5f);
        h = fnv(h, &sum, sizeof sum);
      }
      h = fnv(h, row.data(), n * sizeof(float));
      std::printf("%08llx %llu %016llx\n", static_cast<unsigned long long>(start), static_cast<unsigned long long>(n),
                  static_cast<unsigned long long>(h));
      total += n;
    }
  }
  std::printf("floats %llu\n", static_cast<unsigned long long>(total));
}
