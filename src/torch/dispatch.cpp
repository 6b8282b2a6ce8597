// The bridge between the torch binding and the layers below it: every op the binding runs goes
// through here, to the autograd layer's differentiable op where PyTorch records history, else to
// the core. View ops also note where each result came from, for the trace (view_origin()).
#include <unordered_map>

#include "autograd/autograd.h"
#include "python/interp.h"
#include "torch/binding.h"
#include "torch/dispatch.h"

namespace stridelab::torch {

namespace ag = ::stridelab::autograd;

// ---- view origins -------------------------------------------------------------------------------------
// NOTE [View origins]
// The trace explains a view by the op that made it and the tensor it was made from (its direct
// source, which PyTorch's _base skips when views chain). While tracking is on, every view op
// notes (result impl -> source, op name) here. Entries hold weak references only, so noting
// never keeps a tensor or a storage alive; an entry whose result has died is stale (its impl
// address may be reused) and is dropped on lookup or in the next sweep. A reshape that had to
// copy is noted too, with the input dim that broke the view rule. The source's sizes, strides
// and offset are copied into the entry, so that a view whose source died (a temporary, a name the
// line rebound) is still explained by the op that made it and the geometry it started from.

namespace {

bool g_track_origins = false;

struct Origin {
  std::weak_ptr<core::TensorImpl> result;
  std::weak_ptr<core::TensorImpl> source;
  const char* op;
  int64_t broke_dim;
  core::IntArray source_sizes, source_strides;
  int64_t source_offset;
  bool same_storage;
};

std::unordered_map<const core::TensorImpl*, Origin>& origins() {
  static std::unordered_map<const core::TensorImpl*, Origin> m;
  return m;
}
size_t g_sweep_at = 1024;

void note_origin(const Tensor& result, const Tensor& source, const char* op, int64_t broke_dim = -1) {
  if (!g_track_origins || !result.defined() || result.is_same(source)) return;
  auto& m = origins();
  if (m.size() >= g_sweep_at) {
    for (auto it = m.begin(); it != m.end();) it = it->second.result.expired() ? m.erase(it) : std::next(it);
    g_sweep_at = std::max<size_t>(1024, 2 * m.size());
  }
  m[result.impl()] = Origin{result.impl_ptr(),
                            source.impl_ptr(),
                            op,
                            broke_dim,
                            source.sizes(),
                            source.strides(),
                            source.storage_offset(),
                            result.storage() == source.storage()};
}

// A view op's result: noted when it shares the source's storage (ops that sometimes copy, such
// as reshape, are noted by their callers).
const Tensor& noted(const Tensor& result, const Tensor& source, const char* op) {
  if (g_track_origins && result.defined() && result.storage() == source.storage()) note_origin(result, source, op);
  return result;
}

std::vector<Tensor> noted(std::vector<Tensor> results, const Tensor& source, const char* op) {
  if (g_track_origins)
    for (const Tensor& r : results) note_origin(r, source, op);
  return results;
}

}  // namespace

int64_t view_broken_dim(const IntArray& old_sizes, const IntArray& old_strides, const IntArray& new_sizes) {
  // The walk of core::compute_view_strides (src/core/views.cpp): old dims form runs that are
  // contiguous with each other, and the new dims must tile the runs in order. When a new dim
  // spans the boundary between old dims d-1 and d, dim d-1 is the one whose stride breaks the
  // run (it is not size[d] * stride[d]).
  if (old_sizes.empty() || core::numel_of(old_sizes) == 0) return -1;
  int64_t view_d = static_cast<int64_t>(new_sizes.size()) - 1;
  int64_t chunk_base_stride = old_strides.back();
  int64_t tensor_numel = 1, view_numel = 1;
  for (int64_t d = static_cast<int64_t>(old_sizes.size()) - 1; d >= 0; --d) {
    tensor_numel *= old_sizes[d];
    bool run_ends = d == 0 || (old_sizes[d - 1] != 1 && old_strides[d - 1] != tensor_numel * chunk_base_stride);
    if (!run_ends) continue;
    while (view_d >= 0 && (view_numel < tensor_numel || new_sizes[view_d] == 1)) {
      view_numel *= new_sizes[view_d];
      --view_d;
    }
    if (view_numel != tensor_numel) return d > 0 ? d - 1 : 0;
    if (d > 0) {
      chunk_base_stride = old_strides[d - 1];
      tensor_numel = 1;
      view_numel = 1;
    }
  }
  return -1;
}

void set_view_origin_tracking(bool on) {
  g_track_origins = on;
  if (!on) origins().clear();
}

std::optional<ViewOriginInfo> view_origin(const Tensor& t) {
  if (!t.defined()) return std::nullopt;
  auto& m = origins();
  auto it = m.find(t.impl());
  if (it == m.end()) return std::nullopt;
  if (it->second.result.lock().get() != t.impl()) {
    m.erase(it);
    return std::nullopt;
  }
  ViewOriginInfo info;
  info.source = Tensor(it->second.source.lock());
  info.op = it->second.op;
  info.broke_dim = it->second.broke_dim;
  info.source_sizes = it->second.source_sizes;
  info.source_strides = it->second.source_strides;
  info.source_offset = it->second.source_offset;
  info.same_storage = it->second.same_storage;
  return info;
}

// ---- warnings -------------------------------------------------------------------------------------------

namespace {
std::vector<const WarningSite*>& warning_sites() {
  static std::vector<const WarningSite*> s;
  return s;
}
}  // namespace

WarnFrom::WarnFrom(const WarningSite& site) { warning_sites().push_back(&site); }
WarnFrom::~WarnFrom() { warning_sites().pop_back(); }

void emit_warning(const std::string& message, const std::string& category) {
  Interp* in = Interp::running();
  if (!in) return;
  const WarningSite* site = warning_sites().empty() ? nullptr : warning_sites().back();
  in->warn(category, message, site && !site->filename.empty() ? site : nullptr);
}

void install_warning_handler() {
  ag::set_warning_handler([](const ag::Warning& w) { emit_warning(w.message, w.category); });
}

namespace op {

namespace {

bool is_number(const Tensor& t) { return t.defined() && t.is_wrapped_number(); }
Scalar number_of(const Tensor& t) { return core::item(t); }

// An in-place op the autograd layer does not record: PyTorch's checks, the write, one version
// bump. Where PyTorch would record history (a tensor that requires grad, grad mode on), it stops
// with a clear error instead of leaving gradients silently wrong.
template <class F>
void unrecorded_inplace(const char* name, const char* instead, const Tensor& self, const Tensor& other, F&& write) {
  bool rg = ag::requires_grad(self) || (other.defined() && ag::requires_grad(other));
  ag::impl::check_inplace(self, rg);
  if (rg && ag::GradMode::is_enabled())
    throw core::Error(core::ErrorKind::RuntimeError, std::string("stridelab does not record ") + name +
                                                         " for autograd yet: write " + instead +
                                                         " instead, or run it under torch.no_grad()");
  write();
  self.bump_version();
}

// (name, what to write instead) for the messages.
std::pair<const char*, const char*> binary_names(BinaryOp o) {
  switch (o) {
    case BinaryOp::FloorDivide: return {"floor_divide_ (x //= y)", "x = x // y"};
    case BinaryOp::Remainder: return {"remainder_ (x %= y)", "x = x % y"};
    case BinaryOp::BitwiseAnd: return {"bitwise_and_ (x &= y)", "x = x & y"};
    case BinaryOp::BitwiseOr: return {"bitwise_or_ (x |= y)", "x = x | y"};
    case BinaryOp::BitwiseXor: return {"bitwise_xor_ (x ^= y)", "x = x ^ y"};
    default: return {"this in-place op", "the out-of-place op"};
  }
}

}  // namespace

// ---- elementwise --------------------------------------------------------------------------------------

Tensor binary(BinaryOp o, const Tensor& a, const Tensor& b, Scalar alpha) {
  switch (o) {
    case BinaryOp::Add: return ag::add(a, b, alpha);
    case BinaryOp::Sub: return ag::sub(a, b, alpha);
    case BinaryOp::Mul: return ag::mul(a, b);
    case BinaryOp::Div: return ag::div(a, b);
    case BinaryOp::Pow:
      if (is_number(b)) return ag::pow(a, number_of(b));
      return ag::pow(a, b);
      // clang-format off
#define BINARY_OP(name, op, ...) case BinaryOp::op: return ag::name(a, b);
#include "autograd/binary_ops.def"
    // clang-format on
    case BinaryOp::Remainder:
      if (is_number(b)) return ag::remainder(a, number_of(b));
      if (is_number(a)) return ag::remainder(number_of(a), b);
      return ag::remainder(a, b);
    case BinaryOp::FloorDivide:
      if (is_number(b)) return ag::floor_divide(a, number_of(b));
      return ag::floor_divide(a, b);
    default: return ag::binary_nondiff(o, a, b);
  }
}

Tensor reflected(BinaryOp o, const Tensor& self, const Tensor& number) {
  switch (o) {
    case BinaryOp::Add:
    case BinaryOp::Mul:
    case BinaryOp::BitwiseAnd:
    case BinaryOp::BitwiseOr:
    case BinaryOp::BitwiseXor: return op::binary(o, self, number);
    case BinaryOp::Sub: return ag::rsub(self, number_of(number));
    case BinaryOp::Div: return ag::mul(ag::reciprocal(self), number);
    case BinaryOp::Pow: {
      Tensor base = core::scalar_tensor(number_of(number), core::result_type(number, self));
      return ag::pow(base, self);
    }
    default: return op::binary(o, number, self);
  }
}

Tensor binary_number(BinaryOp o, const Tensor& self, Scalar number, bool reflected) {
  // The ops whose autograd function only calls core::binary when no input requires grad (or grad
  // mode is off); a reflected division is x.reciprocal() * number, so it is not one of them.
  bool plain = false;
  switch (o) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul:
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge: plain = true; break;
    case BinaryOp::Div: plain = !reflected; break;
    default: break;
  }
  if (plain && (!ag::GradMode::is_enabled() || !ag::requires_grad(self)))
    return core::binary_scalar(o, self, number, reflected);
  const Tensor wrapped = scalar_to_tensor(number);
  return reflected ? op::reflected(o, self, wrapped) : op::binary(o, self, wrapped);
}

Tensor pow(Scalar self, const Tensor& exponent) { return ag::pow(self, exponent); }

Tensor unary(UnaryOp o, const Tensor& a) { return ag::unary(o, a); }

Tensor round(const Tensor& s, int64_t decimals) { return ag::round(s, decimals); }
Tensor nan_to_num(const Tensor& s, std::optional<double> n, std::optional<double> p, std::optional<double> m) {
  return ag::nan_to_num(s, n, p, m);
}
Tensor clamp_min(const Tensor& s, const Tensor& min) {
  return is_number(min) ? ag::clamp_min(s, number_of(min)) : ag::clamp_min(s, min);
}
Tensor clamp_max(const Tensor& s, const Tensor& max) {
  return is_number(max) ? ag::clamp_max(s, number_of(max)) : ag::clamp_max(s, max);
}

Tensor reciprocal(const Tensor& self) { return ag::reciprocal(self); }
Tensor div(const Tensor& a, const Tensor& b, ag::DivRounding mode) { return ag::div(a, b, mode); }
void div_(const Tensor& self, const Tensor& b, ag::DivRounding mode) {
  Tensor s = self;
  ag::div_(s, b, mode);
}
Tensor clamp(const Tensor& s, std::optional<Scalar> lo, std::optional<Scalar> hi) { return ag::clamp(s, lo, hi); }
Tensor clamp(const Tensor& s, const Tensor& lo, const Tensor& hi) { return ag::clamp(s, lo, hi); }
Tensor where(const Tensor& c, const Tensor& a, const Tensor& b) { return ag::where(c, a, b); }
Tensor masked_fill(const Tensor& s, const Tensor& m, Scalar v) { return ag::masked_fill(s, m, v); }
Tensor masked_fill(const Tensor& s, const Tensor& m, const Tensor& v) { return ag::masked_fill(s, m, v); }

// ---- views --------------------------------------------------------------------------------------------

// The rows of autograd/view_ops.def that name an origin.
#define STRIDELAB_VIEW_DISPATCH(name, kind, params, origin, ...)                                                   \
  STRIDELAB_VIEW_RETURNS_##kind name(                                                                              \
      const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, STRIDELAB_UNPAREN params)) {                      \
    return noted(ag::name(self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_NAME, STRIDELAB_UNPAREN params)), self, origin); \
  }
#define VIEW_OP(name, node, kind, params, kernel, attributes, backward, ...) \
  __VA_OPT__(STRIDELAB_VIEW_DISPATCH(name, kind, (params), __VA_ARGS__))
#include "autograd/view_ops.def"
#undef STRIDELAB_VIEW_DISPATCH

Tensor reshape(const Tensor& s, IntArray sizes) {
  Tensor r = ag::reshape(s, sizes);
  if (g_track_origins) {
    if (r.storage() == s.storage()) {
      note_origin(r, s, "reshape");
    } else {
      IntArray shape = core::infer_size(sizes, s.numel());
      note_origin(r, s, "reshape", view_broken_dim(s.sizes(), s.strides(), shape));
    }
  }
  return r;
}

Tensor ravel(const Tensor& s) {
  // contiguous() copies whenever s is not contiguous, even where a view would do (broke_dim -1).
  Tensor r = ag::view(ag::contiguous(s), {-1});
  if (g_track_origins) {
    if (r.storage() == s.storage()) note_origin(r, s, "ravel");
    else note_origin(r, s, "ravel", view_broken_dim(s.sizes(), s.strides(), {s.numel()}));
  }
  return r;
}

Tensor T(const Tensor& s) { return noted(ag::T(s), s, "T"); }

Tensor mT(const Tensor& s) { return noted(ag::mT(s), s, "mT"); }

Tensor flatten(const Tensor& s, int64_t a, int64_t b) {
  Tensor r = ag::flatten(s, a, b);
  if (g_track_origins && !r.is_same(s)) {
    if (r.storage() == s.storage()) note_origin(r, s, "flatten");
    else note_origin(r, s, "flatten", view_broken_dim(s.sizes(), s.strides(), r.sizes()));
  }
  return r;
}

Tensor unflatten(const Tensor& s, int64_t d, IntArray sizes) {
  return noted(ag::unflatten(s, d, sizes), s, "unflatten");
}
Tensor narrow(const Tensor& s, int64_t d, int64_t st, int64_t len) {
  return noted(ag::narrow(s, d, st, len), s, "narrow");
}
std::vector<Tensor> chunk(const Tensor& s, int64_t n, int64_t d) { return noted(ag::chunk(s, n, d), s, "chunk"); }
Tensor movedim(const Tensor& s, IntArray a, IntArray b) { return noted(ag::movedim(s, a, b), s, "movedim"); }
Tensor as_strided(const Tensor& s, IntArray a, IntArray b, std::optional<int64_t> o) {
  return noted(ag::as_strided(s, a, b, o), s, "as_strided");
}
Tensor detach(const Tensor& s) { return ag::detach(s); }
Tensor index(const Tensor& s, const std::vector<core::TensorIndex>& i, bool tuple) {
  return noted(ag::index(s, i, tuple), s, "index");
}

// ---- copies ---------------------------------------------------------------------------------------------

Tensor clone(const Tensor& s) { return ag::clone(s); }
Tensor contiguous(const Tensor& s) { return ag::contiguous(s); }
Tensor to(const Tensor& s, core::DType d, bool copy) { return ag::to(s, d, copy); }
Tensor gather(const Tensor& s, int64_t d, const Tensor& i) { return ag::gather(s, d, i); }
Tensor index_select(const Tensor& s, int64_t d, const Tensor& i) { return ag::index_select(s, d, i); }
Tensor masked_select(const Tensor& s, const Tensor& m) { return ag::masked_select(s, m); }
Tensor cat(const std::vector<Tensor>& ts, int64_t d) { return ag::cat(ts, d); }
Tensor stack(const std::vector<Tensor>& ts, int64_t d) { return ag::stack(ts, d); }
#define SHAPE_OP(name, node, params, ...)                                           \
  Tensor name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, params)) { \
    return ag::name(self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_NAME, params));         \
  }
#include "autograd/join_ops.def"

// ---- reductions -------------------------------------------------------------------------------------------

#define REDUCTION(name, node, returns, params, ...)                                  \
  returns name(const Tensor& self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DEF, params)) { \
    return ag::name(self STRIDELAB_FOR_EACH(STRIDELAB_PARAM_NAME, params));          \
  }
#include "autograd/reduce_ops.def"
Tensor frobenius_norm(const Tensor& s, const IntArray& d, bool k) { return ag::frobenius_norm(s, d, k); }
std::pair<Tensor, Tensor> sort(const Tensor& s, int64_t d, bool desc, bool stable) {
  return ag::sort(s, d, desc, stable);
}
std::pair<Tensor, Tensor> topk(const Tensor& s, int64_t k, int64_t d, bool largest, bool sorted) {
  return ag::topk(s, k, d, largest, sorted);
}

// ---- matrix products --------------------------------------------------------------------------------------

Tensor matmul(const Tensor& a, const Tensor& b) { return ag::matmul(a, b); }
#define PRODUCT(name, node, other, ...) \
  Tensor name(const Tensor& self, const Tensor& other) { return ag::name(self, other); }
#include "autograd/linalg_ops.def"

// ---- nn ---------------------------------------------------------------------------------------------------

Tensor linear(const Tensor& x, const Tensor& w, const Tensor& b) { return ag::linear(x, w, b); }
Tensor mse_loss(const Tensor& a, const Tensor& b, Reduction r) { return ag::mse_loss(a, b, r); }
Tensor cross_entropy(const Tensor& x, const Tensor& target, Reduction r, int64_t ignore_index) {
  return ag::cross_entropy(x, target, r, ignore_index);
}
Tensor nll_loss(const Tensor& x, const Tensor& target, Reduction r, int64_t ignore_index) {
  return ag::nll_loss(x, target, r, ignore_index);
}
Tensor binary_cross_entropy_with_logits(const Tensor& x, const Tensor& y, Reduction r) {
  return ag::binary_cross_entropy_with_logits(x, y, r);
}

// ---- in place ---------------------------------------------------------------------------------------------

void binary_(BinaryOp o, const Tensor& a, const Tensor& b, Scalar alpha) {
  Tensor self = a;
  switch (o) {
    case BinaryOp::Add: ag::add_(self, b, alpha); return;
    case BinaryOp::Sub: ag::sub_(self, b, alpha); return;
    case BinaryOp::Mul: ag::mul_(self, b); return;
    case BinaryOp::Div: ag::div_(self, b); return;
    case BinaryOp::Pow:
      if (is_number(b)) ag::pow_(self, number_of(b));
      else ag::pow_(self, b);
      return;
    case BinaryOp::Remainder:
      if (is_number(b)) ag::remainder_(self, number_of(b));
      else ag::remainder_(self, b);
      return;
    case BinaryOp::FloorDivide: ag::floor_divide_(self, b); return;
    case BinaryOp::BitwiseAnd:
    case BinaryOp::BitwiseOr:
    case BinaryOp::BitwiseXor:
    case BinaryOp::LeftShift:
    case BinaryOp::RightShift:
      // Not differentiable, and only defined on integer and bool tensors, which never require grad.
      ag::impl::check_inplace(self, ag::requires_grad(self));
      core::binary_(o, self, b, alpha);
      self.bump_version();
      return;
    default: {
      auto [name, instead] = binary_names(o);
      unrecorded_inplace(name, instead, self, b, [&] { core::binary_(o, self, b, alpha); });
    }
  }
}

void binary_number_(BinaryOp o, const Tensor& a, Scalar number) {
  // The in-place ops whose autograd function, when no input requires grad (or grad mode is off),
  // only calls core::binary_ and bumps the version.
  const bool plain = o == BinaryOp::Add || o == BinaryOp::Sub || o == BinaryOp::Mul || o == BinaryOp::Div;
  if (plain && (!ag::GradMode::is_enabled() || !ag::requires_grad(a))) {
    core::binary_scalar_(o, a, number);
    a.bump_version();
    return;
  }
  op::binary_(o, a, scalar_to_tensor(number));
}

void unary_(UnaryOp o, const Tensor& a) {
  Tensor self = a;
  if (o == UnaryOp::BitwiseNot || o == UnaryOp::LogicalNot) {
    // Not differentiable, and only defined on integer and bool tensors, which never require grad.
    ag::impl::check_inplace(self, ag::requires_grad(self));
    core::unary_(o, self);
    self.bump_version();
    return;
  }
  ag::unary_(o, self);
}

void copy_(const Tensor& s, const Tensor& src) {
  Tensor self = s;
  ag::copy_(self, src);
}
void fill_(const Tensor& s, Scalar v) {
  Tensor self = s;
  ag::fill_(self, v);
}
void fill_(const Tensor& s, const Tensor& v) {
  Tensor self = s;
  ag::fill_(self, v);
}
void zero_(const Tensor& s) {
  Tensor self = s;
  ag::zero_(self);
}
void clamp_(const Tensor& s, std::optional<Scalar> lo, std::optional<Scalar> hi) {
  Tensor self = s;
  ag::clamp_(self, lo, hi);
}
void clamp_min_(const Tensor& s, const Tensor& min) {
  Tensor self = s;
  if (is_number(min)) ag::clamp_min_(self, number_of(min));
  else ag::clamp_min_(self, min);
}
void clamp_max_(const Tensor& s, const Tensor& max) {
  Tensor self = s;
  if (is_number(max)) ag::clamp_max_(self, number_of(max));
  else ag::clamp_max_(self, max);
}
void cumsum_(const Tensor& s, int64_t dim) {
  Tensor self = s;
  ag::cumsum_(self, dim);
}
void cumprod_(const Tensor& s, int64_t dim) {
  Tensor self = s;
  ag::cumprod_(self, dim);
}
void reciprocal_(const Tensor& s) {
  Tensor self = s;
  ag::reciprocal_(self);
}
void round_(const Tensor& s, int64_t decimals) {
  Tensor self = s;
  ag::round_(self, decimals);
}
void nan_to_num_(const Tensor& s, std::optional<double> n, std::optional<double> p, std::optional<double> m) {
  Tensor self = s;
  ag::nan_to_num_(self, n, p, m);
}
void tril_(const Tensor& s, int64_t k) {
  Tensor self = s;
  ag::tril_(self, k);
}
void triu_(const Tensor& s, int64_t k) {
  Tensor self = s;
  ag::triu_(self, k);
}
void masked_fill_(const Tensor& s, const Tensor& m, Scalar v) {
  Tensor self = s;
  ag::masked_fill_(self, m, v);
}
void masked_fill_(const Tensor& s, const Tensor& m, const Tensor& v) {
  Tensor self = s;
  ag::masked_fill_(self, m, v);
}
void index_put_(const Tensor& s, const std::vector<core::TensorIndex>& i, const Tensor& v, bool acc) {
  Tensor self = s;
  ag::index_put_(self, i, v, acc);
}
void setitem(const Tensor& s, const std::vector<core::TensorIndex>& i, const Tensor& v, bool tuple) {
  Tensor self = s;
  ag::index_put(self, i, v, tuple);
}
void uniform_(const Tensor& s, double a, double b) {
  Tensor self = s;
  ag::uniform_(self, a, b);
}
void normal_(const Tensor& s, double m, double sd) {
  Tensor self = s;
  ag::normal_(self, m, sd);
}

Tensor set_requires_grad(const Tensor& t, bool on) {
  ag::set_requires_grad(t, on, ag::RequiresGradCall::Factory);
  return t;
}

}  // namespace op
}  // namespace stridelab::torch
