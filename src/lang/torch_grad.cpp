// The bridge between the torch binding and the layers below it: every op the binding runs, routed
// to the differentiable version where autograd has one, else to the core.
#include "lang/torch_internal.h"
#include "lang/torch_ops.h"
#include "autograd/variable.h"

namespace stridelab::lang::torch {

namespace op {

Tensor binary(BinaryOp o, const Tensor& a, const Tensor& b, Scalar alpha) { return core::binary(o, a, b, alpha); }
Tensor unary(UnaryOp o, const Tensor& a) { return core::unary(o, a); }
Tensor view(const Tensor& s, IntArray sizes) { return core::view(s, std::move(sizes)); }
Tensor reshape(const Tensor& s, IntArray sizes) { return core::reshape(s, std::move(sizes)); }
Tensor transpose(const Tensor& s, int64_t d0, int64_t d1) { return core::transpose(s, d0, d1); }
Tensor permute(const Tensor& s, IntArray dims) { return core::permute(s, std::move(dims)); }
Tensor t(const Tensor& s) { return core::t(s); }
Tensor mT(const Tensor& s) { return core::mT(s); }
Tensor flatten(const Tensor& s, int64_t a, int64_t b) { return core::flatten(s, a, b); }
Tensor unflatten(const Tensor& s, int64_t d, IntArray sizes) { return core::unflatten(s, d, std::move(sizes)); }
Tensor squeeze(const Tensor& s) { return core::squeeze(s); }
Tensor squeeze(const Tensor& s, int64_t d) { return core::squeeze(s, d); }
Tensor unsqueeze(const Tensor& s, int64_t d) { return core::unsqueeze(s, d); }
Tensor expand(const Tensor& s, IntArray sizes) { return core::expand(s, std::move(sizes)); }
Tensor narrow(const Tensor& s, int64_t d, int64_t st, int64_t len) { return core::narrow(s, d, st, len); }
Tensor select(const Tensor& s, int64_t d, int64_t i) { return core::select(s, d, i); }
std::vector<Tensor> unbind(const Tensor& s, int64_t d) { return core::unbind(s, d); }
std::vector<Tensor> split(const Tensor& s, int64_t n, int64_t d) { return core::split(s, n, d); }
std::vector<Tensor> split_with_sizes(const Tensor& s, const IntArray& n, int64_t d) { return core::split_with_sizes(s, n, d); }
std::vector<Tensor> chunk(const Tensor& s, int64_t n, int64_t d) { return core::chunk(s, n, d); }
Tensor diagonal(const Tensor& s, int64_t o, int64_t a, int64_t b) { return core::diagonal(s, o, a, b); }
Tensor movedim(const Tensor& s, IntArray a, IntArray b) { return core::movedim(s, std::move(a), std::move(b)); }
Tensor unfold(const Tensor& s, int64_t d, int64_t n, int64_t st) { return core::unfold(s, d, n, st); }
Tensor as_strided(const Tensor& s, IntArray a, IntArray b, std::optional<int64_t> o) { return core::as_strided(s, std::move(a), std::move(b), o); }
Tensor detach(const Tensor& s) { return autograd::detach(s); }
Tensor clone(const Tensor& s) { return core::clone(s); }
Tensor contiguous(const Tensor& s) { return core::contiguous(s); }
Tensor to(const Tensor& s, core::DType d, bool copy) { return core::to(s, d, copy); }
Tensor sum(const Tensor& s, const IntArray& d, bool k, std::optional<core::DType> dt) { return core::sum(s, d, k, dt); }
Tensor mean(const Tensor& s, const IntArray& d, bool k, std::optional<core::DType> dt) { return core::mean(s, d, k, dt); }
Tensor prod(const Tensor& s, std::optional<int64_t> d, bool k) { return core::prod(s, d, k); }
Tensor var(const Tensor& s, const IntArray& d, int64_t c, bool k) { return core::var(s, d, c, k); }
Tensor std(const Tensor& s, const IntArray& d, int64_t c, bool k) { return core::std(s, d, c, k); }
Tensor norm(const Tensor& s, double p, const IntArray& d, bool k) { return core::norm(s, p, d, k); }
Tensor max(const Tensor& s) { return core::max(s); }
Tensor min(const Tensor& s) { return core::min(s); }
std::pair<Tensor, Tensor> max(const Tensor& s, int64_t d, bool k) { return core::max(s, d, k); }
std::pair<Tensor, Tensor> min(const Tensor& s, int64_t d, bool k) { return core::min(s, d, k); }
Tensor softmax(const Tensor& s, int64_t d, std::optional<core::DType> dt) { return core::softmax(s, d, dt); }
Tensor log_softmax(const Tensor& s, int64_t d, std::optional<core::DType> dt) { return core::log_softmax(s, d, dt); }
Tensor matmul(const Tensor& a, const Tensor& b) { return core::matmul(a, b); }
Tensor mm(const Tensor& a, const Tensor& b) { return core::mm(a, b); }
Tensor dot(const Tensor& a, const Tensor& b) { return core::dot(a, b); }
Tensor where(const Tensor& c, const Tensor& a, const Tensor& b) { return core::where(c, a, b); }
Tensor clamp(const Tensor& s, std::optional<Scalar> lo, std::optional<Scalar> hi) { return core::clamp(s, lo, hi); }
Tensor masked_fill(const Tensor& s, const Tensor& m, Scalar v) {
  Tensor r = core::clone(s);
  core::masked_fill_(r, m, v);
  return r;
}
Tensor index(const Tensor& s, const std::vector<core::TensorIndex>& i) { return core::index(s, i); }
Tensor gather(const Tensor& s, int64_t d, const Tensor& i) { return core::gather(s, d, i); }
Tensor index_select(const Tensor& s, int64_t d, const Tensor& i) { return core::index_select(s, d, i); }
Tensor masked_select(const Tensor& s, const Tensor& m) { return core::masked_select(s, m); }
Tensor cat(const std::vector<Tensor>& ts, int64_t d) { return core::cat(ts, d); }
Tensor stack(const std::vector<Tensor>& ts, int64_t d) { return core::stack(ts, d); }
Tensor repeat(const Tensor& s, const IntArray& r) { return core::repeat(s, r); }
Tensor flip(const Tensor& s, const IntArray& d) { return core::flip(s, d); }

void binary_(BinaryOp o, const Tensor& a, const Tensor& b, Scalar alpha) {
  core::binary_(o, a, b, alpha);
  a.bump_version();
}
void unary_(UnaryOp o, const Tensor& a) {
  core::unary_(o, a);
  a.bump_version();
}
void copy_(const Tensor& s, const Tensor& src) {
  core::copy_(s, src);
  s.bump_version();
}
void fill_(const Tensor& s, Scalar v) {
  core::fill_(s, v);
  s.bump_version();
}
void clamp_(const Tensor& s, std::optional<Scalar> lo, std::optional<Scalar> hi) {
  core::clamp_(s, lo, hi);
  s.bump_version();
}
void masked_fill_(const Tensor& s, const Tensor& m, Scalar v) {
  core::masked_fill_(s, m, v);
  s.bump_version();
}
void index_put_(const Tensor& s, const std::vector<core::TensorIndex>& i, const Tensor& v, bool acc) {
  core::index_put_(s, i, v, acc);
  s.bump_version();
}
void uniform_(const Tensor& s, double a, double b) {
  core::uniform_(s, a, b);
  s.bump_version();
}
void normal_(const Tensor& s, double m, double sd) {
  core::normal_(s, m, sd);
  s.bump_version();
}

Tensor set_requires_grad(const Tensor& t, bool on) {
  autograd::set_requires_grad(t, on, autograd::RequiresGradCall::Factory);
  return t;
}

static Tensor reduce(const Tensor& t, Reduction r) {
  if (r == Reduction::Mean) return core::mean(t);
  if (r == Reduction::Sum) return core::sum(t);
  return t;
}
static Tensor num(double v) { return core::scalar_tensor(Scalar(v), core::DType::Float64, true); }

Tensor linear(const Tensor& x, const Tensor& w, const Tensor& b) {
  Tensor r = core::matmul(x, core::t(w));
  if (b.defined()) r = core::binary(BinaryOp::Add, r, b);
  return r;
}
Tensor mse_loss(const Tensor& a, const Tensor& b, Reduction r) {
  Tensor d = core::binary(BinaryOp::Sub, a, b);
  return reduce(core::binary(BinaryOp::Mul, d, d), r);
}
Tensor cross_entropy(const Tensor& x, const Tensor& target, Reduction r, int64_t ignore_index) {
  int64_t dim = x.dim() == 1 ? 0 : 1;
  Tensor ls = core::log_softmax(x, dim);
  Tensor picked = x.dim() == 1 ? core::gather(ls, 0, core::unsqueeze(target, 0))
                               : core::squeeze(core::gather(ls, 1, core::unsqueeze(target, 1)), 1);
  return reduce(core::unary(UnaryOp::Neg, picked), r);
}
Tensor binary_cross_entropy_with_logits(const Tensor& x, const Tensor& y, Reduction r) {
  // max(x, 0) - x * y + log(1 + exp(-|x|))
  Tensor m = core::clamp(x, Scalar(0.0), std::nullopt);
  Tensor l = core::unary(UnaryOp::Log, core::binary(BinaryOp::Add, core::unary(UnaryOp::Exp, core::unary(UnaryOp::Neg, core::unary(UnaryOp::Abs, x))), num(1.0)));
  Tensor loss = core::binary(BinaryOp::Add, core::binary(BinaryOp::Sub, m, core::binary(BinaryOp::Mul, x, y)), l);
  return reduce(loss, r);
}

}  // namespace op
}  // namespace stridelab::lang::torch
