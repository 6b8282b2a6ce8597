// The operations of the core, as free functions over Tensor. Names, argument order and
// behaviour follow PyTorch's (ATen's) operators of the same name; errors are PyTorch's, word for
// word. None of these record autograd history: src/autograd wraps them.
//
// Where each family lives:
//   factory.cpp     empty zeros ones full arange linspace eye from_values scalar_tensor
//   views.cpp       view reshape transpose permute ... as_strided alias   (metadata only)
//   copy.cpp        copy_ clone contiguous to fill_
//   elementwise.cpp unary / binary ops with broadcasting and promotion, where, clamp
//   reduce.cpp      sum mean prod std var norm max min argmax argmin all any softmax log_softmax
//                   amax amin logsumexp trace cumsum cumprod
//   linalg.cpp      matmul mm bmm mv dot
//   index.cpp       indexing and index assignment, gather, index_select, masked_select
//   join.cpp        cat stack repeat flip tril triu diag
//   sort.cpp        sort topk
//   random.cpp      the generator and the random fills
//   print.cpp       the text of a tensor
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/scalar.h"
#include "core/tensor.h"

namespace stridelab::core {

// ---- factory.cpp ---------------------------------------------------------------------------
Tensor empty(const IntArray& sizes, DType dtype = kDefaultFloat);
Tensor empty_strided(const IntArray& sizes, const IntArray& strides, DType dtype);
Tensor zeros(const IntArray& sizes, DType dtype = kDefaultFloat);
Tensor ones(const IntArray& sizes, DType dtype = kDefaultFloat);
Tensor full(const IntArray& sizes, Scalar value, DType dtype);
// torch.arange(start, end, step, dtype): dtype nullopt infers int64 or the default float.
Tensor arange(Scalar start, Scalar end, Scalar step, std::optional<DType> dtype);
Tensor linspace(double start, double end, int64_t steps, DType dtype = kDefaultFloat);
Tensor eye(int64_t n, int64_t m, DType dtype = kDefaultFloat);
// A tensor of the given sizes from values in row-major order (torch.tensor's last step).
Tensor from_values(const std::vector<Scalar>& values, const IntArray& sizes, DType dtype);
// A 0-d tensor holding a Python number; wrapped_number marks it for type promotion.
Tensor scalar_tensor(Scalar value, DType dtype, bool wrapped_number = false);
// The dtype torch.tensor infers for Python data: bool, int64 or the default float.
DType infer_dtype(const std::vector<Scalar>& values);

// ---- views.cpp: every result shares the input's storage and version counter -----------------
Tensor view(const Tensor& self, IntArray sizes);  // one -1 allowed
// x.view(dtype): the same bytes read as another dtype. It shares the storage and the version
// counter but, as in PyTorch 1.13, has no _base; the last dim scales with the element size.
Tensor view_dtype(const Tensor& self, DType dtype);
Tensor reshape(const Tensor& self, IntArray sizes);  // a view when strides allow, else a copy
// The strides `sizes` would have as a view of self, or nullopt when no view is possible
// (PyTorch's computeStride rule: dims of self can be merged only where they are contiguous
// with each other, so a transposed tensor can still be viewed along some dims).
std::optional<IntArray> compute_view_strides(const IntArray& old_sizes, const IntArray& old_strides,
                                             const IntArray& new_sizes);
// Replaces one -1 in sizes by what numel requires; PyTorch's errors otherwise.
IntArray infer_size(IntArray sizes, int64_t numel);
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor permute(const Tensor& self, IntArray dims);
Tensor t(const Tensor& self);   // 0-, 1- or 2-d only
Tensor mT(const Tensor& self);  // transposes the last two dims
Tensor flatten(const Tensor& self, int64_t start_dim = 0, int64_t end_dim = -1);
Tensor unflatten(const Tensor& self, int64_t dim, IntArray sizes);
Tensor squeeze(const Tensor& self);
Tensor squeeze(const Tensor& self, int64_t dim);
Tensor unsqueeze(const Tensor& self, int64_t dim);
Tensor expand(const Tensor& self, IntArray sizes);  // -1 keeps a size; expanded dims get stride 0
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
Tensor select(const Tensor& self, int64_t dim, int64_t index);
// Python slice semantics on one dim (start/end clamped, step > 0).
Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end,
             int64_t step = 1);
std::vector<Tensor> unbind(const Tensor& self, int64_t dim = 0);
std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim = 0);
std::vector<Tensor> split_with_sizes(const Tensor& self, const IntArray& sizes, int64_t dim = 0);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim = 0);
Tensor diagonal(const Tensor& self, int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1);
Tensor movedim(const Tensor& self, IntArray source, IntArray destination);
Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step);
Tensor as_strided(const Tensor& self, IntArray sizes, IntArray strides, std::optional<int64_t> storage_offset);
// Same storage, metadata and version counter (detach's data side).
Tensor alias(const Tensor& self);
// Same storage and metadata, a fresh version counter, not a view (`x.data`).
Tensor shallow_copy(const Tensor& self);

// Broadcasting: the shape of a op b, or PyTorch's error "The size of tensor a (3) must match the
// size of tensor b (4) at non-singleton dimension 1".
IntArray broadcast_shapes(const IntArray& a, const IntArray& b);

// ---- copy.cpp --------------------------------------------------------------------------------
// Writes src (broadcast to self's shape, converted to self's dtype) into self's cells. Does not
// bump the version counter: callers that implement a user-visible in-place op do.
void copy_(const Tensor& self, const Tensor& src);
// PyTorch's overlap checks before writing into dst: a dst with a stride-0 dim of size > 1 (an
// expanded tensor), and a src that partly overlaps dst in memory.
void check_no_internal_overlap(const Tensor& dst);
void check_no_partial_overlap(const Tensor& dst, const Tensor& src);
// A tensor of self's sizes that keeps self's strides when self is non-overlapping and dense
// (PyTorch's preserve_format), else contiguous.
Tensor empty_like(const Tensor& self, std::optional<DType> dtype = {});
bool is_non_overlapping_and_dense(const Tensor& t);
Tensor clone(const Tensor& self);                               // preserve_format copy (see empty_like)
Tensor contiguous(const Tensor& self);                          // self when already contiguous
Tensor to(const Tensor& self, DType dtype, bool copy = false);  // self when dtype matches and !copy
void fill_(const Tensor& self, Scalar value);
Scalar item(const Tensor& self);  // one element, any shape; PyTorch's error otherwise
Scalar get_element(const Tensor& self, const IntArray& index);
// Element k of self in row-major logical order.
Scalar get_flat(const Tensor& self, int64_t k);

// ---- elementwise.cpp -------------------------------------------------------------------------
// Python numbers are passed as wrapped 0-d tensors, scalar_tensor(v, v.dtype(), true): they have
// the lowest priority in type promotion (int tensor + 2.5 is float32, int32 tensor + 2**40 stays
// int32), and a wrapped integer exponent makes `int_tensor ** -1` raise as PyTorch does. Outputs
// follow the inputs' memory order as PyTorch's TensorIterator does (`a.t() + 1` keeps a.t()'s
// strides). Errors raised by Python itself (`~float_tensor`'s TypeError, torch.maximum(t, 2)'s
// argument TypeError) are the caller's.
enum class UnaryOp {
  Neg,
  Exp,
  Log,
  Sqrt,
  Abs,
  Sin,
  Cos,
  Tanh,
  Sigmoid,
  Relu,
  LogicalNot,
  BitwiseNot,
  Floor,
  Ceil,
  Round,
  Trunc,
  Frac,
  Sign,
  Rsqrt,
  Log1p,
  Expm1,
  Log2,
  Log10,
  Tan,
  IsNan,
  IsInf,
  IsFinite
};
enum class BinaryOp {
  Add,
  Sub,
  Mul,
  Div,
  FloorDivide,
  Remainder,
  Pow,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  BitwiseAnd,
  BitwiseOr,
  BitwiseXor,
  LeftShift,
  RightShift,
  LogicalAnd,
  LogicalOr,
  Maximum,
  Minimum,
  LogAddExp
};
// The result dtype of a binary op over these operands, with PyTorch's priority of dimensioned
// tensors over 0-d tensors over wrapped Python numbers.
DType result_type(const Tensor& a, const Tensor& b);
// The name PyTorch prints for a dtype through caffe2's TypeMeta ("long int"), as a few messages do.
const char* type_meta_name(DType dtype);
Tensor unary(UnaryOp op, const Tensor& self);
void unary_(UnaryOp op, const Tensor& self);  // in place, no version bump (see copy_)
// torch.round(x, decimals=d): x * 10^d rounded half to even, divided back (d < 0 the other way).
Tensor round_decimals(const Tensor& self, int64_t decimals);
void round_decimals_(const Tensor& self, int64_t decimals);
// NaN, +inf and -inf replaced (defaults: 0, the dtype's largest and lowest finite values); an
// integer or bool tensor comes back as a copy.
Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf);
void nan_to_num_(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                 std::optional<double> neginf);
// add/sub take alpha: a + alpha * b.
Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t{1}));
// a op b (b op a when reflected) with b a Python number: binary(op, a, scalar_tensor(b, b.dtype(),
// true)), without making that 0-d tensor when a is a tiny tensor (NOTE [Tiny-tensor dispatch]).
Tensor binary_scalar(BinaryOp op, const Tensor& a, Scalar b, bool reflected = false);
// binary_(op, a, scalar_tensor(b, b.dtype(), true)), the same way.
void binary_scalar_(BinaryOp op, const Tensor& a, Scalar b);
// In place into a (a's dtype must be able to hold the result: PyTorch's error otherwise).
void binary_(BinaryOp op, const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t{1}));
Tensor where(const Tensor& condition, const Tensor& a, const Tensor& b);
Tensor clamp(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max);
void clamp_(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max);
void masked_fill_(const Tensor& self, const Tensor& mask, Scalar value);
bool allclose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false);
// |a - b| <= atol + rtol * |b| elementwise (bool), with broadcasting; equal values (infinities
// too) are close, NaNs only to each other with equal_nan.
Tensor isclose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false);
bool equal(const Tensor& a, const Tensor& b);

// ---- reduce.cpp: dims empty means all dims ---------------------------------------------------
Tensor sum(const Tensor& self, const IntArray& dims = {}, bool keepdim = false, std::optional<DType> dtype = {});
Tensor mean(const Tensor& self, const IntArray& dims = {}, bool keepdim = false, std::optional<DType> dtype = {});
Tensor prod(const Tensor& self, std::optional<int64_t> dim = {}, bool keepdim = false);
Tensor var(const Tensor& self, const IntArray& dims = {}, int64_t correction = 1, bool keepdim = false);
Tensor std(const Tensor& self, const IntArray& dims = {}, int64_t correction = 1, bool keepdim = false);
Tensor norm(const Tensor& self, double p = 2, const IntArray& dims = {}, bool keepdim = false);
Tensor max(const Tensor& self);  // over all elements
Tensor min(const Tensor& self);
std::pair<Tensor, Tensor> max(const Tensor& self, int64_t dim, bool keepdim = false);  // values, indices
std::pair<Tensor, Tensor> min(const Tensor& self, int64_t dim, bool keepdim = false);
Tensor argmax(const Tensor& self, std::optional<int64_t> dim = {}, bool keepdim = false);
Tensor argmin(const Tensor& self, std::optional<int64_t> dim = {}, bool keepdim = false);
Tensor all(const Tensor& self, std::optional<int64_t> dim = {}, bool keepdim = false);
Tensor any(const Tensor& self, std::optional<int64_t> dim = {}, bool keepdim = false);
Tensor softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype = {});
Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype = {});
Tensor amax(const Tensor& self, const IntArray& dims = {}, bool keepdim = false);  // NaN wins
Tensor amin(const Tensor& self, const IntArray& dims = {}, bool keepdim = false);
Tensor logsumexp(const Tensor& self, const IntArray& dims, bool keepdim = false);
Tensor trace(const Tensor& self);  // 2-D only; integers sum to int64
// Running sum / product along dim; integer and bool inputs give int64 unless dtype says otherwise.
Tensor cumsum(const Tensor& self, int64_t dim, std::optional<DType> dtype = {});
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<DType> dtype = {});

// ---- sort.cpp --------------------------------------------------------------------------------
// (values, indices) sorted along dim. Not stable unless asked: ties come out in the order the
// C++ library's std::sort leaves them, as in PyTorch's CPU kernel. NaN sorts as the largest.
std::pair<Tensor, Tensor> sort(const Tensor& self, int64_t dim = -1, bool descending = false, bool stable = false);
// The k largest (smallest) along dim, by PyTorch's partial_sort / nth_element choice.
std::pair<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim = -1, bool largest = true,
                               bool sorted = true);

// ---- linalg.cpp ------------------------------------------------------------------------------
Tensor matmul(const Tensor& a, const Tensor& b);  // 1-D, 2-D and batched with broadcasting
Tensor mm(const Tensor& a, const Tensor& b);
Tensor bmm(const Tensor& a, const Tensor& b);
Tensor mv(const Tensor& a, const Tensor& b);
Tensor dot(const Tensor& a, const Tensor& b);

// ---- index.cpp -------------------------------------------------------------------------------
// One entry of a Python subscript: x[1, 0:3:2, None, ..., idx_tensor, [0, 2], mask].
struct TensorIndex {
  enum class Kind { Integer, Slice, None, Ellipsis, Tensor };
  Kind kind = Kind::Ellipsis;
  int64_t integer = 0;
  std::optional<int64_t> start, stop;
  int64_t step = 1;
  Tensor tensor;  // int64 or bool (a Python list of ints/bools becomes a tensor first)

  static TensorIndex make_integer(int64_t i) {
    TensorIndex x;
    x.kind = Kind::Integer;
    x.integer = i;
    return x;
  }
  static TensorIndex make_slice(std::optional<int64_t> a, std::optional<int64_t> b, int64_t step) {
    TensorIndex x;
    x.kind = Kind::Slice;
    x.start = a;
    x.stop = b;
    x.step = step;
    return x;
  }
  static TensorIndex make_none() {
    TensorIndex x;
    x.kind = Kind::None;
    return x;
  }
  static TensorIndex make_ellipsis() {
    TensorIndex x;
    x.kind = Kind::Ellipsis;
    return x;
  }
  static TensorIndex make_tensor(Tensor t) {
    TensorIndex x;
    x.kind = Kind::Tensor;
    x.tensor = std::move(t);
    return x;
  }
};
// x[indices] as PyTorch 1.13 applies a Python subscript (NOTE [How a subscript is applied] in
// index.cpp). Ints, slices, None, `...` and 0-d integer tensors give a view (x[...] a new view of
// x); any other tensor index (int64, bool mask, 0-d bool) gives a copy. For the caller: a Python
// list index becomes an int64 tensor (bool if all its items are bools; [] is int64), and a lone
// list holding lists / slices / None / ... is a tuple of indices (PyTorch's treatSequenceAsTuple);
// a lone int or slice takes PyTorch's one-entry path (torch.tensor(5)[0] names the 0-dim error).
Tensor index(const Tensor& self, const std::vector<TensorIndex>& indices);
// True when index() with these indices returns a view.
bool is_basic_index(const std::vector<TensorIndex>& indices);
// self[indices] = value, writing into self's storage (no version bump; see copy_). A Python
// number must arrive as a 0-d tensor of self's dtype (PyTorch's valueToTensor: x[i] = 2.5 on an
// int tensor stores 2). Basic indices copy_ into the view (value broadcast, converted); advanced
// ones scatter and require value's dtype to be self's (PyTorch's error otherwise), except a
// one-element value under a single bool mask (masked_fill). Python's lone `x[False] = v` is a
// no-op in PyTorch and lone `x[True] = v` copies into x[None]: handle those two before calling.
void index_put_(const Tensor& self, const std::vector<TensorIndex>& indices, const Tensor& value,
                bool accumulate = false);
// Tensor.index_put_(indices, values, accumulate): every index is a tensor and an advanced index
// (a 0-d int64 one too, unlike in a subscript), and the value is used as given.
void index_put_tensors_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& value,
                        bool accumulate = false);
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
Tensor masked_select(const Tensor& self, const Tensor& mask);

// ---- join.cpp --------------------------------------------------------------------------------
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor repeat(const Tensor& self, const IntArray& repeats);
Tensor flip(const Tensor& self, const IntArray& dims);
// The lower (upper) triangle of the last two dims, from diagonal k on; the rest zeroed.
Tensor tril(const Tensor& self, int64_t diagonal = 0);
Tensor triu(const Tensor& self, int64_t diagonal = 0);
void tril_(const Tensor& self, int64_t diagonal = 0);  // in place, no version bump (see copy_)
void triu_(const Tensor& self, int64_t diagonal = 0);
// torch.diag: a 1-D input becomes a square matrix with it on diagonal k; a 2-D input gives a copy
// of its diagonal k.
Tensor diag(const Tensor& self, int64_t diagonal = 0);

}  // namespace stridelab::core
