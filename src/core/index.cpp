// Indexing: x[...], x[...] = v, gather, index_select, masked_select.
//
// NOTE [How a subscript is applied]
// As PyTorch 1.13 applies a Python subscript (python_variable_indexing.cpp and ATen's
// TensorIndexing.h), in two passes.
//
// 1. The basic pass walks the entries left to right with a cursor `dim` into the tensor it is
//    building, and makes views only:
//      int            select(dim, i)                 the dim goes away, the cursor stays
//      slice          slice(dim, a, b, step)         cursor + 1
//      None           unsqueeze(dim)                 cursor + 1
//      ...            cursor += ndim - (number of dims the other entries consume)
//      0-d int tensor select, exactly like an int (so x[torch.tensor(1)] is a view)
//      0-d bool       unsqueeze(dim), and index that new dim with [0] (True) or [] (False)
//      other tensor   recorded at the cursor for pass 2; cursor + 1, even for a k-dim mask
//                     (PyTorch's own quirk: an entry after a 2-d mask lands on the mask's second
//                     dim; kept, since programs print what PyTorch prints)
//    When nothing was recorded the result is that view (x[...] is a fresh view of x).
//
// 2. The advanced pass (make_advanced) turns each k-dim bool mask into k int64 index tensors (its
//    nonzero coordinates), broadcasts all index tensors together, and when the indexed dims are
//    not adjacent moves them to the front. The result is a copy of shape
//        dims before + broadcast index shape + dims after,
//    element (b, p, a) being self[b, idx0[p], idx1[p], ..., a]. index_put_ runs the same loop the
//    other way round, with the value broadcast to that shape.
//
// Both passes check what PyTorch checks, in PyTorch's order, with its messages.
#include <algorithm>
#include <cstring>
#include <memory>
#include <type_traits>

#include "core/dim_order.h"
#include "core/kernel_dtype.h"
#include "core/loops.h"
#include "core/ops.h"

namespace stridelab::core {
namespace {

// ---- small helpers ---------------------------------------------------------------------------

// Scratch tables (offsets, coordinates) count against the storage limit too, so that an absurd
// broadcast of index tensors is a clear error rather than an exhausted browser tab.
void check_scratch(int64_t count) {
  size_t limit = storage_limit(), used = storage_bytes_in_use();
  double bytes = static_cast<double>(count) * 8.0;
  STRIDELAB_CHECK_KIND(bytes <= static_cast<double>(limit - std::min(limit, used)), ErrorKind::RuntimeError,
                       "stridelab: tensor storage limit of ", limit >> 20, " MiB reached: indexing needs ", count,
                       " index positions");
}

bool try_broadcast(IntArray& acc, const IntArray& s) {
  size_t n = std::max(acc.size(), s.size());
  IntArray out(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t a = i < n - acc.size() ? 1 : acc[i - (n - acc.size())];
    int64_t b = i < n - s.size() ? 1 : s[i - (n - s.size())];
    if (a != b && a != 1 && b != 1) return false;
    out[i] = a == 1 ? b : a;
  }
  acc = std::move(out);
  return true;
}

// torch's is_expandable_to: `shape` broadcasts to `desired` without changing it.
bool is_expandable_to(const IntArray& shape, const IntArray& desired) {
  if (shape.size() > desired.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t size = shape[shape.size() - 1 - i], target = desired[desired.size() - 1 - i];
    if (size != target && size != 1) return false;
  }
  return true;
}

// Strides of a tensor of (sizes, strides) broadcast to `shape` (0 along new or stretched dims).
IntArray broadcast_strides(const IntArray& sizes, const IntArray& strides, const IntArray& shape) {
  IntArray out(shape.size(), 0);
  size_t lead = shape.size() - sizes.size();
  for (size_t d = 0; d < sizes.size(); ++d) out[lead + d] = sizes[d] == 1 && shape[lead + d] != 1 ? 0 : strides[d];
  return out;
}

// Walks every position of `shape` in row-major order, keeping one offset per stride array.
template <size_t N>
class Odometer {
 public:
  Odometer(const IntArray& shape, std::array<const IntArray*, N> strides) : shape_(shape), strides_(strides) {
    idx_.assign(shape.size(), 0);
    offsets_.fill(0);
    done_ = numel_of(shape) == 0;
  }
  bool done() const { return done_; }
  int64_t offset(size_t k) const { return offsets_[k]; }
  void next() {
    for (int64_t d = static_cast<int64_t>(shape_.size()) - 1; d >= 0; --d) {
      for (size_t k = 0; k < N; ++k) offsets_[k] += (*strides_[k])[d];
      if (++idx_[d] < shape_[d]) return;
      for (size_t k = 0; k < N; ++k) offsets_[k] -= (*strides_[k])[d] * shape_[d];
      idx_[d] = 0;
    }
    done_ = true;
  }

 private:
  const IntArray& shape_;
  std::array<const IntArray*, N> strides_;
  IntArray idx_;
  std::array<int64_t, N> offsets_;
  bool done_;
};

// ---- the loop shared by index, index_put_ and index_select ------------------------------------

// Iteration space: outer dims × P positions × inner dims. `ind` is the indexed tensor (the source
// of index, the destination of index_put_), reached at a position through pos_ind; `dense` is the
// other one (the result, or the value), reached through pos_dense. All offsets are in bytes.
struct IndexLoop {
  IntArray outer_sizes, outer_ind, outer_dense;
  std::vector<int64_t> pos_ind, pos_dense;
  IntArray inner_sizes, inner_ind, inner_dense;
};

struct Dim2 {
  int64_t size, a, b;
};

// Drops size-1 dims and merges dims contiguous with each other in both operands; innermost first.
std::vector<Dim2> coalesce2(const IntArray& sizes, const IntArray& a, const IntArray& b) {
  std::vector<Dim2> dims;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    if (sizes[d] == 1) continue;
    if (!dims.empty()) {
      Dim2& in = dims.back();
      if (a[d] == in.a * in.size && b[d] == in.b * in.size) {
        in.size *= sizes[d];
        continue;
      }
    }
    dims.push_back({sizes[d], a[d], b[d]});
  }
  return dims;
}

// Calls fn(offset_a, offset_b) for every position of the coalesced dims (innermost first).
// `counter` is scratch space, so that calling this once per index position allocates nothing.
template <class Fn>
void for_each_pair(const std::vector<Dim2>& dims, std::vector<int64_t>& counter, Fn&& fn) {
  for (const Dim2& d : dims)
    if (d.size == 0) return;
  if (dims.empty()) {
    fn(int64_t{0}, int64_t{0});
    return;
  }
  counter.assign(dims.size(), 0);
  int64_t oa = 0, ob = 0;
  for (;;) {
    fn(oa, ob);
    size_t d = 0;
    for (; d < dims.size(); ++d) {
      oa += dims[d].a;
      ob += dims[d].b;
      if (++counter[d] < dims[d].size) break;
      oa -= dims[d].a * dims[d].size;
      ob -= dims[d].b * dims[d].size;
      counter[d] = 0;
    }
    if (d == dims.size()) return;
  }
}

// What the loop does with each pair of elements.
enum class Move { Gather, Scatter, Accumulate };  // dense = ind, ind = dense, ind += dense

template <class T, Move kMove>
void move_element(T& ind, T& dense) {
  if constexpr (kMove == Move::Gather) dense = ind;
  else if constexpr (kMove == Move::Scatter) ind = dense;
  else if constexpr (std::is_same_v<T, bool>) ind = ind || dense;
  else ind = static_cast<T>(ind + dense);
}

template <class T, Move kMove>
void run_index_loop(const IndexLoop& loop, std::byte* ind, std::byte* dense) {
  constexpr auto op = move_element<T, kMove>;
  const std::vector<Dim2> inner = coalesce2(loop.inner_sizes, loop.inner_ind, loop.inner_dense);
  const std::vector<Dim2> outer = coalesce2(loop.outer_sizes, loop.outer_ind, loop.outer_dense);
  for (const Dim2& d : inner)
    if (d.size == 0) return;
  const size_t npos = loop.pos_ind.size();
  const int64_t* pi = loop.pos_ind.data();
  const int64_t* pd = loop.pos_dense.data();
  auto at = [](std::byte* p) -> T& { return *reinterpret_cast<T*>(p); };
  // The innermost coalesced dim is a plain loop (the compiler vectorises the contiguous case);
  // the rest of the inner block, if any, is walked around it.
  const std::vector<Dim2> rest(inner.empty() ? inner.begin() : inner.begin() + 1, inner.end());
  std::vector<int64_t> outer_counter, rest_counter;
  for_each_pair(outer, outer_counter, [&](int64_t oi, int64_t od) {
    std::byte* bi = ind + oi;
    std::byte* bd = dense + od;
    if (inner.empty()) {
      for (size_t p = 0; p < npos; ++p) op(at(bi + pi[p]), at(bd + pd[p]));
      return;
    }
    const Dim2& row = inner.front();
    for (size_t p = 0; p < npos; ++p) {
      for_each_pair(rest, rest_counter, [&](int64_t ri, int64_t rd) {
        std::byte* si = bi + pi[p] + ri;
        std::byte* sd = bd + pd[p] + rd;
        if (row.a == sizeof(T) && row.b == sizeof(T)) {
          // Contiguous rows: a block move (memmove: a value may share memory with the target).
          const size_t bytes = static_cast<size_t>(row.size) * sizeof(T);
          if constexpr (kMove == Move::Gather) {
            std::memmove(sd, si, bytes);
          } else if constexpr (kMove == Move::Scatter) {
            std::memmove(si, sd, bytes);
          } else {
            T* xi = reinterpret_cast<T*>(si);
            T* xd = reinterpret_cast<T*>(sd);
            for (int64_t k = 0; k < row.size; ++k) op(xi[k], xd[k]);
          }
        } else {
          for (int64_t k = 0; k < row.size; ++k) op(at(si + k * row.a), at(sd + k * row.b));
        }
      });
    }
  });
}

// ---- pass 1: basic indexing ------------------------------------------------------------------

// What the basic pass hands to the advanced pass, by position in the sliced tensor.
struct Recorded {
  enum class Kind { Empty, Tensor, BoolScalar } kind = Kind::Empty;
  Tensor tensor;
  bool value = false;  // BoolScalar: True indexes the new dim with [0], False with []
  bool defined() const { return kind != Kind::Empty; }
};

struct Sliced {
  Tensor tensor;
  std::vector<Recorded> recorded;
  bool advanced() const { return !recorded.empty(); }
};

bool is_bool_like(const Tensor& t) { return t.dtype() == DType::Bool; }

int64_t count_specified_dims(const std::vector<TensorIndex>& indices) {
  int64_t count = 0;
  for (const TensorIndex& index : indices) {
    switch (index.kind) {
      case TensorIndex::Kind::Integer:
      case TensorIndex::Kind::Slice: ++count; break;
      case TensorIndex::Kind::None:
      case TensorIndex::Kind::Ellipsis: break;
      case TensorIndex::Kind::Tensor: count += is_bool_like(index.tensor) ? index.tensor.dim() : 1; break;
    }
  }
  return count;
}

// PyTorch's applySelect. `real_dim` is the entry's position in the subscript, which is what the
// message names. Past the last dim (only reachable with two `...`) PyTorch reads a size of 0.
Tensor apply_select(const Tensor& self, int64_t dim, int64_t index, int64_t real_dim) {
  STRIDELAB_CHECK_INDEX(!(index == 0 && dim == 0 && self.dim() == 0),
                        "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in "
                        "C++ to convert a 0-dim tensor to a number");
  int64_t size = dim < self.dim() ? self.sizes()[dim] : 0;
  STRIDELAB_CHECK_INDEX(size >= -index && size > index, "index ", index, " is out of bounds for dimension ", real_dim,
                        " with size ", size);
  return select(self, dim, index);
}

// PyTorch's applySlice: a slice covering the whole dim (start 0, stop == size, step 1) is no op.
Tensor apply_slice(const Tensor& self, int64_t dim, const TensorIndex& index) {
  STRIDELAB_CHECK_VALUE(index.step != 0, "slice step cannot be zero");
  STRIDELAB_CHECK_VALUE(index.step > 0, "step must be greater than zero");
  if (dim < self.dim() && index.start.value_or(0) == 0 && index.stop && *index.stop == self.sizes()[dim] &&
      index.step == 1)
    return self;
  return slice(self, dim, index.start, index.stop, index.step);
}

void record(std::vector<Recorded>& out, int64_t& dim, Recorded r) {
  out.resize(dim + 1);
  out[dim] = std::move(r);
  ++dim;
}

Sliced apply_basic(const Tensor& self, const std::vector<TensorIndex>& indices) {
  Sliced out;
  out.tensor = self;
  // A lone int or slice takes PyTorch's one-entry path, which skips the count check (so
  // torch.tensor(5)[0] says "invalid index of a 0-dim tensor", not "too many indices").
  bool single = indices.size() == 1 &&
                (indices[0].kind == TensorIndex::Kind::Integer || indices[0].kind == TensorIndex::Kind::Slice);
  int64_t specified = count_specified_dims(indices);
  if (!single) STRIDELAB_CHECK_INDEX(specified <= self.dim(), "too many indices for tensor of dimension ", self.dim());
  int64_t dim = 0;
  for (size_t i = 0; i < indices.size(); ++i) {
    const TensorIndex& index = indices[i];
    Tensor& result = out.tensor;
    switch (index.kind) {
      case TensorIndex::Kind::Integer:
        result = apply_select(result, dim, index.integer, static_cast<int64_t>(i));
        break;
      case TensorIndex::Kind::Slice:
        result = apply_slice(result, dim, index);
        ++dim;
        break;
      case TensorIndex::Kind::Ellipsis: dim += self.dim() - specified; break;
      case TensorIndex::Kind::None:
        result = unsqueeze(result, dim);
        ++dim;
        break;
      case TensorIndex::Kind::Tensor: {
        const Tensor& t = index.tensor;
        if (t.dim() == 0 && is_integral(t.dtype(), /*include_bool=*/true)) {
          if (t.dtype() != DType::Bool) {
            result = apply_select(result, dim, item(t).to_int(), static_cast<int64_t>(i));
          } else {
            result = unsqueeze(result, dim);
            Recorded r;
            r.kind = Recorded::Kind::BoolScalar;
            r.value = item(t).to<bool>();
            record(out.recorded, dim, std::move(r));
          }
        } else {
          Recorded r;
          r.kind = Recorded::Kind::Tensor;
          r.tensor = t;
          record(out.recorded, dim, std::move(r));
        }
        break;
      }
    }
  }
  return out;
}

// ---- pass 2: advanced indexing ---------------------------------------------------------------

// An int64 index operand: a user's tensor, or values computed here (a mask's nonzero coordinates,
// the [0] or [] a 0-d bool stands for).
struct LongIndex {
  const int64_t* data = nullptr;  // element 0
  IntArray sizes, strides;        // strides in elements
  std::shared_ptr<const std::vector<int64_t>> owned;
};

LongIndex long_index_of(const Tensor& t) { return LongIndex{t.data<int64_t>(), t.sizes(), t.strides(), nullptr}; }

LongIndex long_index_owned(std::shared_ptr<const std::vector<int64_t>> values, int64_t offset, IntArray sizes,
                           IntArray strides) {
  LongIndex li;
  li.data = values->data() + offset;
  li.sizes = std::move(sizes);
  li.strides = std::move(strides);
  li.owned = std::move(values);
  return li;
}

int64_t count_true(const Tensor& mask) {
  int64_t count = 0;
  for_each_row<1>(mask.sizes(), {mask.raw_data()}, {byte_strides(mask)},
                  [&count](std::array<std::byte*, 1> p, std::array<int64_t, 1> s, int64_t n) {
                    for (int64_t i = 0; i < n; ++i) count += *reinterpret_cast<const bool*>(p[0] + i * s[0]) ? 1 : 0;
                  });
  return count;
}

// The coordinates of a mask's true elements in row-major order, as nonzero() gives them:
// a (count, k) table, row-major.
std::shared_ptr<std::vector<int64_t>> nonzero_coords(const Tensor& mask, int64_t& count) {
  auto coords = std::make_shared<std::vector<int64_t>>();
  const int64_t k = mask.dim();
  count = 0;
  if (mask.numel() == 0) return coords;
  const bool* base = reinterpret_cast<const bool*>(mask.storage()->data());
  count = count_true(mask);  // first, so the table is allocated once
  check_scratch(count * k);
  coords->reserve(static_cast<size_t>(count * k));
  IntArray idx(k, 0);
  for_each_cell(mask, [&](int64_t off) {
    if (base[off]) coords->insert(coords->end(), idx.begin(), idx.end());
    for (int64_t d = k - 1; d >= 0; --d) {
      if (++idx[d] < mask.sizes()[d]) break;
      idx[d] = 0;
    }
  });
  return coords;
}

struct Advanced {
  Tensor src;               // the sliced tensor, indexed dims moved to the front if needed
  IntArray sizes, strides;  // src's, after the move
  int64_t dims_before = 0, dims_indexed = 0;
  IntArray index_shape;            // the broadcast shape of the index tensors
  std::vector<LongIndex> indices;  // defined ones only, in order, not yet broadcast
  IntArray indexed_sizes, indexed_strides;
  IntArray result_shape;  // before + index_shape + after
  // When the only index is one bool mask (x[mask], x[:, mask]), its true cells are walked
  // directly and `indices` carry only its coordinates' shape (for the layout), no values.
  Tensor mask;
};

void invalid_mask(const Tensor& self, int64_t idx, const Tensor& mask, int64_t mask_idx) {
  STRIDELAB_CHECK_INDEX(false, "The shape of the mask ", format_int_list(mask.sizes()), " at index ", mask_idx,
                        " does not match the shape of the indexed tensor ", format_int_list(self.sizes()), " at index ",
                        idx);
}

std::string shapes_as_str(const std::vector<std::optional<LongIndex>>& list) {
  std::string out;
  for (const auto& e : list) {
    if (!e) continue;
    if (!out.empty()) out += ", ";
    out += format_int_list(e->sizes);
  }
  return out;
}

// PyTorch's make_info + AdvancedIndex: checks, masks to coordinates, broadcast, transpose.
Advanced make_advanced(const Tensor& self, const std::vector<Recorded>& recorded) {
  STRIDELAB_CHECK_INDEX(static_cast<int64_t>(recorded.size()) <= self.dim(),
                        "too many indices for tensor of dimension ", self.dim(), " (got ", recorded.size(), ")");
  for (const Recorded& r : recorded)
    if (r.kind == Recorded::Kind::Tensor)
      STRIDELAB_CHECK_INDEX(r.tensor.dtype() == DType::Int64 || r.tensor.dtype() == DType::Bool,
                            "tensors used as indices must be long, byte or bool tensors");

  // Masks become one coordinate index per mask dim.
  std::vector<std::optional<LongIndex>> list;
  Tensor single_mask;
  for (const Recorded& r : recorded) {
    if (!r.defined()) {
      list.emplace_back();
    } else if (r.kind == Recorded::Kind::BoolScalar) {
      auto values = std::make_shared<const std::vector<int64_t>>(r.value ? 1 : 0, int64_t{0});
      list.emplace_back(long_index_owned(values, 0, {r.value ? 1 : 0}, {1}));
    } else if (r.tensor.dtype() == DType::Bool) {
      const Tensor& mask = r.tensor;
      if (mask.dim() == 0) continue;  // nonzero() of a 0-d mask has no columns: no index at all
      for (int64_t j = 0; j < mask.dim(); ++j) {
        int64_t src_idx = static_cast<int64_t>(list.size()) + j;
        if (mask.sizes()[j] != self.size(src_idx)) invalid_mask(self, src_idx, mask, j);
      }
      if (std::count_if(recorded.begin(), recorded.end(), [](const Recorded& o) { return o.defined(); }) == 1) {
        single_mask = mask;
        LongIndex shape_only;
        shape_only.sizes = {count_true(mask)};
        shape_only.strides = {mask.dim()};
        for (int64_t j = 0; j < mask.dim(); ++j) list.emplace_back(shape_only);
        continue;
      }
      int64_t count = 0;
      auto coords = nonzero_coords(mask, count);
      std::shared_ptr<const std::vector<int64_t>> shared = std::move(coords);
      for (int64_t j = 0; j < mask.dim(); ++j) list.emplace_back(long_index_owned(shared, j, {count}, {mask.dim()}));
    } else {
      list.emplace_back(long_index_of(r.tensor));
    }
  }

  Advanced info;
  info.mask = single_mask;
  bool first = true, ok = true;
  for (const auto& e : list) {
    if (!e) continue;
    if (first) {
      info.index_shape = e->sizes;
      first = false;
    } else {
      ok = ok && try_broadcast(info.index_shape, e->sizes);
    }
  }
  STRIDELAB_CHECK_INDEX(ok, "shape mismatch: indexing tensors could not be broadcast together with shapes ",
                        shapes_as_str(list));
  while (static_cast<int64_t>(list.size()) < self.dim()) list.emplace_back();

  // Not adjacent: the indexed dims go to the front, in order (PyTorch's transposeToFront).
  size_t first_def = list.size(), last_def = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    if (!list[i]) continue;
    first_def = std::min(first_def, i);
    last_def = i;
  }
  bool adjacent = true;
  for (size_t i = first_def; i < last_def; ++i) adjacent = adjacent && list[i].has_value();
  IntArray order;
  for (size_t i = 0; i < list.size(); ++i)
    if (!adjacent && list[i]) order.push_back(static_cast<int64_t>(i));
  for (size_t i = 0; i < list.size(); ++i)
    if (adjacent || !list[i]) order.push_back(static_cast<int64_t>(i));

  info.src = self;
  for (int64_t d : order) {
    info.sizes.push_back(self.sizes()[d]);
    info.strides.push_back(self.strides()[d]);
  }
  for (int64_t d : order) {
    const auto& e = list[d];
    if (!e) {
      if (info.dims_indexed == 0) ++info.dims_before;
      continue;
    }
    ++info.dims_indexed;
    info.indexed_sizes.push_back(self.sizes()[d]);
    info.indexed_strides.push_back(self.strides()[d]);
    info.indices.push_back(*e);
  }
  bool empty_indexed = std::find(info.indexed_sizes.begin(), info.indexed_sizes.end(), 0) != info.indexed_sizes.end();
  bool empty_replacement = std::find(info.index_shape.begin(), info.index_shape.end(), 0) != info.index_shape.end();
  STRIDELAB_CHECK_INDEX(!empty_indexed || empty_replacement, "index is out of bounds for dimension with size 0");

  info.result_shape.assign(info.sizes.begin(), info.sizes.begin() + info.dims_before);
  info.result_shape.insert(info.result_shape.end(), info.index_shape.begin(), info.index_shape.end());
  info.result_shape.insert(info.result_shape.end(), info.sizes.begin() + info.dims_before + info.dims_indexed,
                           info.sizes.end());
  return info;
}

// Fills loop.pos_ind: for each broadcast index position, the byte offset into src that the index
// values select, checking each value as PyTorch's kernel does (index j names the j-th index).
void compute_index_positions(const Advanced& info, IndexLoop& loop, size_t itemsize) {
  const IntArray& shape = info.index_shape;
  if (info.mask.defined()) {
    // The true cells of the mask, in row-major order, as byte offsets into src's indexed dims.
    const int64_t item = static_cast<int64_t>(itemsize);
    IntArray src_strides(info.indexed_strides.size());
    for (size_t d = 0; d < src_strides.size(); ++d) src_strides[d] = info.indexed_strides[d] * item;
    check_scratch(2 * shape[0]);
    loop.pos_ind.clear();
    loop.pos_ind.reserve(static_cast<size_t>(shape[0]));
    std::byte* origin = info.src.raw_data();  // offsets are taken relative to it
    for_each_row<2>(info.mask.sizes(), {info.mask.raw_data(), origin}, {byte_strides(info.mask), src_strides},
                    [&](std::array<std::byte*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                      const int64_t base = p[1] - origin;
                      for (int64_t i = 0; i < n; ++i)
                        if (*reinterpret_cast<const bool*>(p[0] + i * s[0])) loop.pos_ind.push_back(base + i * s[1]);
                    });
    return;
  }
  const size_t k = info.indices.size();
  std::vector<IntArray> strides(k);
  for (size_t j = 0; j < k; ++j) strides[j] = broadcast_strides(info.indices[j].sizes, info.indices[j].strides, shape);
  int64_t npos = numel_of(shape);
  check_scratch(2 * npos);
  loop.pos_ind.resize(static_cast<size_t>(npos));
  IntArray idx(shape.size(), 0);
  std::vector<int64_t> off(k, 0);
  for (int64_t p = 0; p < npos; ++p) {
    int64_t total = 0;
    for (size_t j = 0; j < k; ++j) {
      int64_t v = info.indices[j].data[off[j]];
      int64_t size = info.indexed_sizes[j];
      STRIDELAB_CHECK_INDEX(v >= -size && v < size, "index ", v, " is out of bounds for dimension ", j, " with size ",
                            size);
      if (v < 0) v += size;
      total += v * info.indexed_strides[j];
    }
    loop.pos_ind[static_cast<size_t>(p)] = total * static_cast<int64_t>(itemsize);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      for (size_t j = 0; j < k; ++j) off[j] += strides[j][d];
      if (++idx[d] < shape[d]) break;
      for (size_t j = 0; j < k; ++j) off[j] -= strides[j][d] * shape[d];
      idx[d] = 0;
    }
  }
}

// The loop for an advanced index over src (info) and a dense operand laid out over result_shape
// with `dense_strides` (bytes). Positions are only computed (and checked) when there is
// something to do, as PyTorch's kernel only checks the indices it visits.
IndexLoop make_index_loop(const Advanced& info, const IntArray& dense_strides) {
  IndexLoop loop;
  const int64_t item = static_cast<int64_t>(itemsize(info.src.dtype()));
  const int64_t nb = info.dims_before, ni = static_cast<int64_t>(info.index_shape.size());
  const int64_t after_begin = info.dims_before + info.dims_indexed;
  for (int64_t d = 0; d < nb; ++d) {
    loop.outer_sizes.push_back(info.sizes[d]);
    loop.outer_ind.push_back(info.strides[d] * item);
    loop.outer_dense.push_back(dense_strides[d]);
  }
  for (int64_t d = after_begin; d < static_cast<int64_t>(info.sizes.size()); ++d) {
    int64_t rd = d - after_begin + nb + ni;
    loop.inner_sizes.push_back(info.sizes[d]);
    loop.inner_ind.push_back(info.strides[d] * item);
    loop.inner_dense.push_back(dense_strides[rd]);
  }
  if (numel_of(info.result_shape) == 0) return loop;
  compute_index_positions(info, loop, static_cast<size_t>(item));
  IntArray pos_strides(dense_strides.begin() + nb, dense_strides.begin() + nb + ni);
  loop.pos_dense.resize(loop.pos_ind.size());
  size_t p = 0;
  for (Odometer<1> it(info.index_shape, {&pos_strides}); !it.done(); it.next()) loop.pos_dense[p++] = it.offset(0);
  return loop;
}

// NOTE [Layout of an advanced indexing result]
// PyTorch computes the result with a TensorIterator over (src restrided to the result's shape with
// stride 0 along the index dims, each index tensor reshaped to 1s + index shape + 1s), and a fresh
// output of a TensorIterator takes the dim order of its inputs: dims are sorted from fastest to
// slowest by the first operand whose strides tell two dims apart (a stride 0 tells nothing; on a
// tie the smaller dim goes first), and the output is contiguous in that order. So x.t()[i] is
// contiguous but b.permute(2, 1, 0)[i] is not.
IntArray iterator_output_strides(const IntArray& shape, const std::vector<IntArray>& operands) {
  const int64_t n = static_cast<int64_t>(shape.size());
  if (n <= 1) return contiguous_strides(shape);
  IntArray perm =
      reorder_dimensions(n, [&](int64_t d0, int64_t d1) { return compare_dims_by_strides(operands, shape, d0, d1); });
  return strides_in_order(shape, perm);
}

IntArray advanced_result_strides(const Advanced& info) {
  const IntArray& shape = info.result_shape;
  const int64_t nb = info.dims_before, ni = static_cast<int64_t>(info.index_shape.size());
  const int64_t after = static_cast<int64_t>(info.sizes.size()) - nb - info.dims_indexed;
  std::vector<IntArray> operands;
  IntArray src(shape.size(), 0);
  for (int64_t d = 0; d < nb; ++d) src[d] = info.strides[d];
  for (int64_t d = 0; d < after; ++d) src[nb + ni + d] = info.strides[nb + info.dims_indexed + d];
  operands.push_back(std::move(src));
  for (const LongIndex& li : info.indices) {
    IntArray bsizes = info.index_shape;
    IntArray bstrides = broadcast_strides(li.sizes, li.strides, bsizes);
    IntArray rsizes(nb, 1);
    rsizes.insert(rsizes.end(), bsizes.begin(), bsizes.end());
    rsizes.insert(rsizes.end(), after, 1);
    IntArray rstrides = compute_view_strides(bsizes, bstrides, rsizes).value_or(contiguous_strides(rsizes));
    operands.push_back(broadcast_strides(rsizes, rstrides, shape));
  }
  return iterator_output_strides(shape, operands);
}

Tensor index_advanced(const Tensor& self, const std::vector<Recorded>& recorded) {
  Advanced info = make_advanced(self, recorded);
  Tensor out = empty_strided(info.result_shape, advanced_result_strides(info), self.dtype());
  IndexLoop loop = make_index_loop(info, byte_strides(out));
  if (numel_of(info.result_shape) == 0) return out;
  std::byte* src = info.src.raw_data();
  dispatch_bits(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    run_index_loop<T, Move::Gather>(loop, src, out.raw_data());
  });
  return out;
}

// ---- index_put_ ------------------------------------------------------------------------------

// PyTorch's get_overlap_status(a, b) != NO: the same cells, or some of them, in both tensors
// (only decided for non-overlapping dense tensors; other layouts are "too hard" and pass).
bool overlaps(const Tensor& a, const Tensor& b) {
  if (a.is_same(b)) return true;
  if (a.numel() == 0 || b.numel() == 0) return false;
  if (!is_non_overlapping_and_dense(a) || !is_non_overlapping_and_dense(b)) return false;
  if (a.storage() != b.storage()) return false;
  uintptr_t a0 = a.data_ptr(), a1 = a0 + a.nbytes();
  uintptr_t b0 = b.data_ptr(), b1 = b0 + b.nbytes();
  return a0 < b1 && b0 < a1;
}

void assert_no_overlap(const Tensor& a, const Tensor& b) {
  STRIDELAB_CHECK(!overlaps(a, b),
                  "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                  "single memory location. Please clone() the tensor before performing the operation.");
}

// `t` viewed without its leading size-1 dims (slicePrefix1sSize), as setitem views a value.
Tensor strip_leading_ones(const Tensor& t) {
  size_t lead = 0;
  while (lead < t.sizes().size() && t.sizes()[lead] == 1) ++lead;
  if (lead == 0) return t;
  IntArray sizes(t.sizes().begin() + lead, t.sizes().end());
  IntArray strides(t.strides().begin() + lead, t.strides().end());
  return make_view(t, std::move(sizes), std::move(strides), t.storage_offset());
}

// setitem's copy_to: dst = src with src broadcast to dst (expand's errors), converted to dst's dtype.
void copy_to(const Tensor& dst, const Tensor& src) {
  if (dst.sizes() == src.sizes()) {
    copy_(dst, src);
  } else if (src.dim() == 0) {
    fill_(dst, item(src));
  } else {
    copy_(dst, expand(strip_leading_ones(src), dst.sizes()));
  }
}

// PyTorch's canDispatchToMaskedFill: one bool mask, a one-element value, no accumulation. Returns
// the mask with trailing dims added so that it broadcasts against self, or an undefined tensor.
Tensor mask_for_fill(const Tensor& self, const std::vector<Recorded>& recorded, const Tensor& value) {
  if (value.numel() != 1) return {};
  int64_t num_ind = 0;
  Tensor mask;
  for (const Recorded& r : recorded) {
    if (!r.defined()) {
      ++num_ind;
      continue;
    }
    if (r.kind != Recorded::Kind::Tensor || r.tensor.dtype() != DType::Bool || mask.defined()) return {};
    mask = r.tensor;
    for (int64_t j = 0; j < mask.dim(); ++j) {
      int64_t src_idx = num_ind + j;
      if (mask.sizes()[j] != self.size(src_idx)) invalid_mask(self, src_idx, mask, j);
    }
    num_ind += mask.dim();
  }
  if (!mask.defined()) return {};
  IntArray sizes = mask.sizes(), strides = mask.strides();
  for (int64_t i = num_ind; i < self.dim(); ++i) {
    sizes.push_back(1);
    strides.push_back(1);
  }
  return make_view(mask, std::move(sizes), std::move(strides), mask.storage_offset());
}

void masked_fill_scalar(const Tensor& self, const Tensor& mask, Scalar value) {
  IntArray shape = self.sizes();
  if (is_reduced_float(self.dtype())) throw_reduced_float_unsupported(self.dtype());
  // The value converted as fill_ converts it, then moved as bits.
  const Tensor converted = scalar_tensor(value, self.dtype());
  dispatch_bits(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v;
    std::memcpy(&v, converted.raw_data(), sizeof v);
    for_each_row<2>(shape, {self.raw_data(), mask.raw_data()}, {byte_strides(self), byte_strides(mask, shape)},
                    [v](std::array<std::byte*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                      for (int64_t i = 0; i < n; ++i)
                        if (*reinterpret_cast<const bool*>(p[1] + i * s[1])) *reinterpret_cast<T*>(p[0] + i * s[0]) = v;
                    });
  });
}

void index_put_advanced(const Tensor& self, const std::vector<Recorded>& recorded, const Tensor& value,
                        bool accumulate) {
  STRIDELAB_CHECK_INDEX(static_cast<int64_t>(recorded.size()) <= self.dim(),
                        "too many indices for tensor of dimension ", self.dim(), " (got ", recorded.size(), ")");
  if (!accumulate) {
    Tensor mask = mask_for_fill(self, recorded, value);
    if (mask.defined()) {
      masked_fill_scalar(self, mask, item(value));
      return;
    }
  }
  assert_no_overlap(self, value);
  for (const Recorded& r : recorded)
    if (r.kind == Recorded::Kind::Tensor) assert_no_overlap(self, r.tensor);
  Advanced info = make_advanced(self, recorded);
  STRIDELAB_CHECK(is_expandable_to(value.sizes(), info.result_shape), "shape mismatch: value tensor of shape ",
                  format_int_list(value.sizes()), " cannot be broadcast to indexing result of shape ",
                  format_int_list(info.result_shape));
  STRIDELAB_CHECK(value.dtype() == self.dtype(), "Index put requires the source and destination dtypes match, got ",
                  scalar_type_name(self.dtype()), " for the destination and ", scalar_type_name(value.dtype()),
                  " for the source.");
  // Only index_put_tensors_ gets here with no index left (a lone 0-d mask); PyTorch's kernel
  // then fails its own assertion, and so do we, in its words.
  STRIDELAB_CHECK(!info.indices.empty(),
                  "ntensor >= 3 INTERNAL ASSERT FAILED at "
                  "\"./aten/src/ATen/native/cpu/IndexKernelUtils.h\":10, please report a bug to PyTorch. ");
  if (numel_of(info.result_shape) == 0) return;
  IndexLoop loop = make_index_loop(info, byte_strides(value, info.result_shape));
  std::byte* dst = info.src.raw_data();
  std::byte* src = value.raw_data();
  if (accumulate) {
    dispatch_all(self.dtype(),
                 [&](auto tag) { run_index_loop<typename decltype(tag)::type, Move::Accumulate>(loop, dst, src); });
  } else {
    dispatch_bits(self.dtype(),
                  [&](auto tag) { run_index_loop<typename decltype(tag)::type, Move::Scatter>(loop, dst, src); });
  }
}

// The int64 values of a 0-d or 1-d int32/int64 index tensor.
std::vector<int64_t> index_values(const Tensor& index) {
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(index.numel()));
  dispatch(index.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      const T* base = reinterpret_cast<const T*>(index.storage()->data());
      for_each_cell(index, [&](int64_t off) { out.push_back(static_cast<int64_t>(base[off])); });
    }
  });
  return out;
}

}  // namespace

// ---- public ----------------------------------------------------------------------------------

bool is_basic_index(const std::vector<TensorIndex>& indices) {
  for (const TensorIndex& index : indices) {
    if (index.kind != TensorIndex::Kind::Tensor) continue;
    const Tensor& t = index.tensor;
    if (t.dim() != 0 || !is_integral(t.dtype(), /*include_bool=*/false)) return false;
  }
  return true;
}

Tensor index(const Tensor& self, const std::vector<TensorIndex>& indices) {
  Sliced sliced = apply_basic(self, indices);
  if (sliced.advanced()) return index_advanced(sliced.tensor, sliced.recorded);
  // x[...] and friends still give a new tensor: a view with the same metadata.
  if (sliced.tensor.is_same(self)) return make_view(self, self.sizes(), self.strides(), self.storage_offset());
  return sliced.tensor;
}

void index_put_(const Tensor& self, const std::vector<TensorIndex>& indices, const Tensor& value, bool accumulate) {
  Sliced sliced = apply_basic(self, indices);
  if (!sliced.advanced()) {
    copy_to(sliced.tensor, value);
    return;
  }
  index_put_advanced(sliced.tensor, sliced.recorded, strip_leading_ones(value), accumulate);
}

void index_put_tensors_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& value, bool accumulate) {
  STRIDELAB_CHECK(!indices.empty(), "strides() called on an undefined Tensor");
  std::vector<Recorded> recorded;
  for (const Tensor& t : indices) {
    Recorded r;
    r.kind = Recorded::Kind::Tensor;
    r.tensor = t;
    recorded.push_back(std::move(r));
  }
  index_put_advanced(self, recorded, value, accumulate);
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  dim = wrap_dim(dim, self.dim());
  Tensor out = empty(index.sizes(), self.dtype());
  STRIDELAB_CHECK(index.dtype() == DType::Int64, "gather(): Expected dtype int64 for index");
  if (index.numel() == 0) return out;
  // A 0-d tensor counts as one dim of size 1 here (ensure_nonempty_dim / _size).
  auto sizes_of = [](const Tensor& t) { return t.dim() == 0 ? IntArray{1} : t.sizes(); };
  auto strides_of = [](const Tensor& t) { return t.dim() == 0 ? IntArray{1} : t.strides(); };
  const IntArray self_sizes = sizes_of(self), index_sizes = sizes_of(index);
  STRIDELAB_CHECK(self_sizes.size() == index_sizes.size(),
                  "Index tensor must have the same number of dimensions as input tensor");
  for (size_t i = 0; i < self_sizes.size(); ++i) {
    if (static_cast<int64_t>(i) == dim) continue;
    STRIDELAB_CHECK(index_sizes[i] <= self_sizes[i], "Size does not match at dimension ", i, " expected index ",
                    format_int_list(index.sizes()), " to be smaller than self ", format_int_list(self.sizes()),
                    " apart from dimension ", dim);
  }
  // Row-major over the index, the order in which PyTorch's kernel meets (and reports) a bad index:
  // outer dims through an odometer, the last dim as the inner loop. The self offset leaves out
  // `dim`, whose coordinate comes from the index.
  const IntArray self_strides = strides_of(self), index_strides = strides_of(index), out_strides = strides_of(out);
  const int64_t last = static_cast<int64_t>(index_sizes.size()) - 1;
  IntArray outer_sizes(index_sizes.begin(), index_sizes.end() - 1);
  IntArray s_self(self_strides.begin(), self_strides.end() - 1),
      s_index(index_strides.begin(), index_strides.end() - 1), s_out(out_strides.begin(), out_strides.end() - 1);
  if (dim < last) s_self[dim] = 0;
  const int64_t n = index_sizes[last], bound = self_sizes[dim], step_dim = self_strides[dim];
  const int64_t inner_self = dim == last ? 0 : self_strides[last];
  const int64_t inner_index = index_strides[last], inner_out = out_strides[last];
  const int64_t* idx = reinterpret_cast<const int64_t*>(index.storage()->data()) + index.storage_offset();
  dispatch_bits(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = reinterpret_cast<const T*>(self.storage()->data()) + self.storage_offset();
    T* dst = out.data<T>();
    for (Odometer<3> it(outer_sizes, {&s_self, &s_index, &s_out}); !it.done(); it.next()) {
      const T* s = src + it.offset(0);
      const int64_t* ix = idx + it.offset(1);
      T* o = dst + it.offset(2);
      for (int64_t k = 0; k < n; ++k) {
        int64_t v = ix[k * inner_index];
        STRIDELAB_CHECK(v >= 0 && v < bound, "index ", v, " is out of bounds for dimension ", dim, " with size ",
                        bound);
        o[k * inner_out] = s[k * inner_self + v * step_dim];
      }
    }
  });
  return out;
}

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) {
  dim = wrap_dim(dim, self.dim());
  const int64_t numel = index.numel();
  STRIDELAB_CHECK_INDEX(index.dim() <= 1, "index_select(): Index is supposed to be a vector");
  STRIDELAB_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32,
                  "index_select(): Expected dtype int32 or int64 for index");
  IntArray result_sizes = self.sizes();
  if (self.dim() > 0) result_sizes[dim] = numel;
  Tensor out = empty(result_sizes, self.dtype());
  std::vector<int64_t> values = index_values(index);
  int64_t bound = self.dim() > 0 ? self.sizes()[dim] : 1;
  if (self.dim() > 1) {
    if (numel == 0) return out;
    if (self.numel() == 0) {
      STRIDELAB_CHECK(bound > 0, "index_select(): self indexing axis dim should be positive");
      for (int64_t v : values)
        STRIDELAB_CHECK(v >= 0 && v < bound, "INDICES element is out of DATA bounds, id=", v, " axis_dim=", bound);
      return out;
    }
  }
  for (int64_t v : values) STRIDELAB_CHECK_INDEX(v >= 0 && v < bound, "index out of range in self");
  if (out.numel() == 0) return out;
  // The shared index loop: dims before `dim` outer, the index positions, dims after inner.
  const int64_t item = static_cast<int64_t>(self.element_size());
  IndexLoop loop;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d == dim) continue;
    IntArray& sizes = d < dim ? loop.outer_sizes : loop.inner_sizes;
    (d < dim ? loop.outer_ind : loop.inner_ind).push_back(self.strides()[d] * item);
    (d < dim ? loop.outer_dense : loop.inner_dense).push_back(out.strides()[d] * item);
    sizes.push_back(self.sizes()[d]);
  }
  const int64_t step_self = self.dim() > 0 ? self.strides()[dim] * item : 0;
  const int64_t step_out = self.dim() > 0 ? out.strides()[dim] * item : 0;
  loop.pos_ind.resize(values.size());
  loop.pos_dense.resize(values.size());
  for (size_t k = 0; k < values.size(); ++k) {
    loop.pos_ind[k] = values[k] * step_self;
    loop.pos_dense[k] = static_cast<int64_t>(k) * step_out;
  }
  dispatch_bits(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    run_index_loop<T, Move::Gather>(loop, self.raw_data(), out.raw_data());
  });
  return out;
}

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  STRIDELAB_CHECK(mask.dtype() == DType::Bool, "masked_select: expected BoolTensor or ByteTensor for mask");
  IntArray shape = broadcast_shapes(mask.sizes(), self.sizes());
  const IntArray mask_strides = byte_strides(mask, shape), self_strides = byte_strides(self, shape);
  int64_t count = 0;
  for_each_row<1>(shape, {mask.raw_data()}, {mask_strides},
                  [&count](std::array<std::byte*, 1> p, std::array<int64_t, 1> s, int64_t n) {
                    for (int64_t i = 0; i < n; ++i) count += *reinterpret_cast<const bool*>(p[0] + i * s[0]) ? 1 : 0;
                  });
  Tensor out = empty({count}, self.dtype());
  if (count == 0) return out;
  dispatch_bits(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* dst = out.data<T>();
    for_each_row<2>(shape, {self.raw_data(), mask.raw_data()}, {self_strides, mask_strides},
                    [&dst](std::array<std::byte*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                      for (int64_t i = 0; i < n; ++i)
                        if (*reinterpret_cast<const bool*>(p[1] + i * s[1]))
                          *dst++ = *reinterpret_cast<const T*>(p[0] + i * s[0]);
                    });
  });
  return out;
}

}  // namespace stridelab::core
