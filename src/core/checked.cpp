#include "core/checked.h"

#include "core/error.h"

namespace stridelab::core {

int64_t checked_numel(const IntArray& sizes) {
  uint64_t n = 1;
  bool overflow = false;
  for (int64_t s : sizes) overflow |= mul_overflows(n, static_cast<uint64_t>(s), &n);
  STRIDELAB_CHECK(!overflow && n <= static_cast<uint64_t>(INT64_MAX), "numel: integer multiplication overflow");
  return static_cast<int64_t>(n);
}

uint64_t storage_nbytes_contiguous(const IntArray& sizes, uint64_t itemsize) {
  uint64_t n = 1;
  bool overflow = false;
  for (int64_t s : sizes) overflow |= mul_overflows(n, static_cast<uint64_t>(s), &n);
  overflow |= mul_overflows(n, itemsize, &n);
  STRIDELAB_CHECK(!overflow, "Storage size calculation overflowed with sizes=", format_int_list(sizes));
  return n;
}

uint64_t storage_nbytes(const IntArray& sizes, const IntArray& strides, uint64_t itemsize, int64_t offset) {
  uint64_t cells = 1;
  bool overflow = false;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return 0;
    uint64_t span = 0;
    overflow |= mul_overflows(static_cast<uint64_t>(sizes[d] - 1), static_cast<uint64_t>(strides[d]), &span);
    overflow |= add_overflows(cells, span, &cells);
  }
  overflow |= add_overflows(cells, static_cast<uint64_t>(offset), &cells);
  overflow |= mul_overflows(cells, itemsize, &cells);
  STRIDELAB_CHECK(!overflow, "Storage size calculation overflowed with sizes=", format_int_list(sizes),
                  " and strides=", format_int_list(strides));
  return cells;
}

}  // namespace stridelab::core
