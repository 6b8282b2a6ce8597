// F.pad (constant, reflect, replicate), F.one_hot, F.normalize and F.cosine_similarity.
#include <array>
#include <cmath>

#include "autograd/function_helpers.h"
#include "autograd/grad_mode.h"
#include "autograd/ops.h"
#include "autograd/ops_more.h"
#include "core/counting.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::DType;
using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::SavingNode;
using detail::with_history;

namespace {

// constant_pad_nd: negative pads narrow, positive ones fill with value around a copy.
Tensor constant_pad_kernel(const Tensor& self, const IntArray& pad, double value) {
  STRIDELAB_CHECK(pad.size() % 2 == 0, "Length of pad must be even but instead it equals ", pad.size());
  const IntArray input_sizes = self.sizes();
  const int64_t l_inp = self.dim(), l_pad = static_cast<int64_t>(pad.size()) / 2, l_diff = l_inp - l_pad;
  STRIDELAB_CHECK(l_inp >= l_pad,
                  "Length of pad should be no more than twice the number of dimensions of the input. Pad length is ",
                  pad.size(), "while the input has ", l_inp, "dimensions.");
  bool all_non_positive = true;
  Tensor c_input = self;
  for (int64_t i = l_diff; i < l_inp; ++i) {
    const size_t k = static_cast<size_t>(2 * (l_inp - i - 1));
    if (pad[k] < 0) c_input = core::narrow(c_input, i, -pad[k], c_input.size(i) + pad[k]);
    else if (pad[k] != 0) all_non_positive = false;
    if (pad[k + 1] < 0) c_input = core::narrow(c_input, i, 0, c_input.size(i) + pad[k + 1]);
    else if (pad[k + 1] != 0) all_non_positive = false;
  }
  if (all_non_positive) return core::clone(c_input);
  IntArray new_shape(input_sizes.begin(), input_sizes.begin() + l_diff);
  for (int64_t i = 0; i < l_pad; ++i) {
    const size_t k = pad.size() - static_cast<size_t>((i + 1) * 2);
    const int64_t new_dim = input_sizes[static_cast<size_t>(l_diff + i)] + pad[k] + pad[k + 1];
    STRIDELAB_CHECK(new_dim > 0, "The input size ", input_sizes[static_cast<size_t>(l_diff + i)],
                    ", plus negative padding ", pad[k], " and ", pad[k + 1],
                    " resulted in a negative output size, which is invalid. Check dimension ", l_diff + i,
                    " of your input.");
    new_shape.push_back(new_dim);
  }
  Tensor output = core::empty(new_shape, self.dtype());
  core::fill_(output, core::Scalar(value));
  Tensor c_output = output;
  for (int64_t i = l_diff; i < l_inp; ++i) {
    const size_t k = static_cast<size_t>(2 * (l_inp - i - 1));
    if (pad[k] > 0) c_output = core::narrow(c_output, i, pad[k], c_output.size(i) - pad[k]);
    if (pad[k + 1] > 0) c_output = core::narrow(c_output, i, 0, c_output.size(i) - pad[k + 1]);
  }
  core::copy_(c_output, c_input);
  return output;
}

struct ConstantPadNdBackward0 : Node {
  NODE_NAME(ConstantPadNdBackward0)
  IntArray pad;
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_pad", pad}}; }
  variable_list apply(variable_list&& grads) override {
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    IntArray negated = pad;
    for (int64_t& p : negated) p = -p;
    out[0] = autograd::pad(grads[0], negated, "constant", 0.0);
    return out;
  }
};

// The input position each output position of one padded dim reads (reflect or replicate).
std::vector<int64_t> source_positions(int64_t n, int64_t left, int64_t right, bool reflect) {
  std::vector<int64_t> idx;
  for (int64_t o = -left; o < n + right; ++o) {
    int64_t i = o;
    if (reflect) {
      if (i < 0) i = -i;
      if (i >= n) i = 2 * (n - 1) - i;
    } else {
      i = std::clamp<int64_t>(i, 0, n - 1);
    }
    idx.push_back(i);
  }
  return idx;
}

Tensor index_tensor(const std::vector<int64_t>& v) {
  std::vector<core::Scalar> s(v.begin(), v.end());
  return core::from_values(s, {static_cast<int64_t>(s.size())}, DType::Int64);
}

// Reflect / replicate over the last pad.size()/2 dims (pad lists the last dim first).
Tensor pick_pad_kernel(const Tensor& self, const IntArray& pad, bool reflect) {
  Tensor result = self;
  const int64_t dims = static_cast<int64_t>(pad.size()) / 2;
  for (int64_t k = 0; k < dims; ++k) {
    int64_t dim = self.dim() - 1 - k;
    std::vector<int64_t> idx =
        source_positions(self.size(dim), pad[static_cast<size_t>(2 * k)], pad[static_cast<size_t>(2 * k + 1)], reflect);
    result = core::index_select(result, dim, index_tensor(idx));
  }
  return core::contiguous(result);
}

struct PickPadBackward : SavingNode<PickPadBackward> {
  std::string name_;
  std::string name() const override { return name_; }
  SavedVariable self_;
  IntArray padding;
  bool reflect = false;
  static auto saved_fields() { return std::array{Field{"_saved_self", &PickPadBackward::self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override { return {{"_saved_padding", padding}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    // Each output cell's gradient goes back to the input cell it was read from.
    NoGradGuard no_grad;
    Tensor g = grads[0];
    const int64_t dims = static_cast<int64_t>(padding.size()) / 2;
    for (int64_t k = dims - 1; k >= 0; --k) {
      int64_t dim = self.dim() - 1 - k;
      std::vector<int64_t> idx = source_positions(self.size(dim), padding[static_cast<size_t>(2 * k)],
                                                  padding[static_cast<size_t>(2 * k + 1)], reflect);
      IntArray sizes = g.sizes();
      sizes[static_cast<size_t>(dim)] = self.size(dim);
      Tensor z = core::zeros(sizes, g.dtype());
      core::index_add_(z, dim, index_tensor(idx), g, core::Scalar(int64_t{1}));
      g = z;
    }
    out[0] = g;
    return out;
  }
};

void check_pick_pad(const Tensor& self, const IntArray& pad, bool reflect) {
  const int64_t dims = static_cast<int64_t>(pad.size()) / 2;
  const char* names[] = {"W", "H", "D"};
  for (int64_t k = 0; k < dims; ++k) {
    int64_t dim = self.dim() - 1 - k;
    int64_t n = self.size(dim), l = pad[static_cast<size_t>(2 * k)], r = pad[static_cast<size_t>(2 * k + 1)];
    if (reflect)
      STRIDELAB_CHECK(l < n && r < n,
                      "Argument #4: Padding size should be less than the corresponding input dimension, but got: "
                      "padding (",
                      l, ", ", r, ") at dimension ", dim, " of input ", core::format_int_list(self.sizes()));
    STRIDELAB_CHECK(n + l + r >= 1, "input (", names[k], ": ", n, ") is too small. Calculated output ", names[k], ": ",
                    n + l + r);
  }
}

// mode='circular' as PyTorch's _pad_circular builds it: a new tensor, the input copied into its
// middle, then each dim's left and right wrap copied from the tensor's own cells, dim by dim. Every
// copy goes through slices of the result, so the graph is PyTorch's chain of CopySlices.
Tensor circular_pad(const Tensor& self, const IntArray& pad) {
  const int64_t ndim = self.dim() - 2;
  STRIDELAB_CHECK(static_cast<int64_t>(pad.size()) == 2 * ndim, "Invalid padding size, expected ", 2 * ndim,
                  " but got ", pad.size());
  const IntArray& in_shape = self.sizes();
  IntArray out_shape = in_shape;
  auto left = [&](int64_t i) { return pad[static_cast<size_t>(2 * (ndim - i - 1))]; };
  auto right = [&](int64_t i) { return pad[static_cast<size_t>(2 * (ndim - i - 1) + 1)]; };
  for (int64_t i = 0; i < ndim; ++i) {
    const size_t d = static_cast<size_t>(2 + i);
    out_shape[d] = in_shape[d] + left(i) + right(i);
    STRIDELAB_CHECK(left(i) <= in_shape[d] && right(i) <= in_shape[d],
                    "Padding value causes wrapping around more than once.");
    STRIDELAB_CHECK(out_shape[d] >= 0, "Negative padding value is resulting in an empty dimension.");
  }
  Tensor out = core::empty(out_shape, self.dtype());
  Tensor out_slice = out, in_slice = self;
  for (int64_t i = 0; i < ndim; ++i) {
    const int64_t d = 2 + i, l = left(i), r = right(i);
    out_slice = autograd::slice(out_slice, d, std::max<int64_t>(l, 0),
                                out_shape[static_cast<size_t>(d)] - std::max<int64_t>(r, 0), 1);
    in_slice = autograd::slice(in_slice, d, std::max<int64_t>(-l, 0),
                               in_shape[static_cast<size_t>(d)] - std::max<int64_t>(-r, 0), 1);
  }
  autograd::copy_(out_slice, in_slice);
  for (int64_t i = 0; i < ndim; ++i) {
    const int64_t d = 2 + i, l = left(i), r = right(i), n = out_shape[static_cast<size_t>(d)];
    if (l > 0) {
      Tensor dst = autograd::slice(out, d, 0, l, 1);
      Tensor src = autograd::slice(out, d, n - l - std::max<int64_t>(r, 0), n - std::max<int64_t>(r, 0), 1);
      autograd::copy_(dst, src);
    }
    if (r > 0) {
      Tensor dst = autograd::slice(out, d, n - r, n, 1);
      Tensor src = autograd::slice(out, d, std::max<int64_t>(l, 0), std::max<int64_t>(l, 0) + r, 1);
      autograd::copy_(dst, src);
    }
  }
  return out;
}

}  // namespace

Tensor pad(const Tensor& self, const IntArray& pad, const std::string& mode, std::optional<double> value) {
  bool known = mode == "constant" || mode == "reflect" || mode == "replicate" || mode == "circular";
  STRIDELAB_CHECK_KIND(known, core::ErrorKind::NotImplementedError, "Unrecognised padding mode ", mode);
  const int64_t input_dim = self.dim();
  STRIDELAB_CHECK(pad.size() % 2 == 0, "Padding length must be divisible by 2");
  STRIDELAB_CHECK(static_cast<int64_t>(pad.size()) <= input_dim * 2, "Padding length too large");
  if (mode == "constant") {
    auto fn = make_node<ConstantPadNdBackward0>(self);
    if (fn) fn->pad = pad;
    return with_history(constant_pad_kernel(self, pad, value.value_or(0.0)), fn);
  }
  STRIDELAB_CHECK(!value.has_value() || *value == 0, "Padding mode \"", mode, "\" doesn't take in value argument");
  const int64_t k = static_cast<int64_t>(pad.size()) / 2;
  bool fits = (k == 1 || k == 2 || k == 3) && (input_dim == k + 1 || input_dim == k + 2);
  STRIDELAB_CHECK_KIND(fits, core::ErrorKind::NotImplementedError,
                       "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now");
  if (mode == "circular") return circular_pad(self, pad);
  const bool reflect = mode == "reflect";
  check_pick_pad(self, pad, reflect);
  auto fn = make_node<PickPadBackward>(self);
  if (fn) {
    fn->name_ = std::string(reflect ? "ReflectionPad" : "ReplicationPad") + std::to_string(k) + "DBackward0";
    fn->self_ = SavedVariable(self, false);
    fn->padding = pad;
    fn->reflect = reflect;
  }
  return with_history(pick_pad_kernel(self, pad, reflect), fn);
}

Tensor one_hot(const Tensor& self, int64_t num_classes) {
  STRIDELAB_CHECK(self.dtype() == DType::Int64, "one_hot is only applicable to index tensor.");
  IntArray shape = self.sizes();
  if (self.numel() == 0) {
    STRIDELAB_CHECK(num_classes > 0, "Can not infer total number of classes from empty tensor.");
    shape.push_back(num_classes);
    return core::empty(shape, DType::Int64);
  }
  int64_t mn = core::get_flat(self, 0).to_int(), mx = mn;
  for (int64_t k = 0; k < self.numel(); ++k) {
    int64_t v = core::get_flat(self, k).to_int();
    mn = std::min(mn, v);
    mx = std::max(mx, v);
  }
  STRIDELAB_CHECK(mn >= 0, "Class values must be non-negative.");
  if (num_classes == -1) num_classes = mx + 1;
  else STRIDELAB_CHECK(num_classes > mx, "Class values must be smaller than num_classes.");
  shape.push_back(num_classes);
  Tensor ret = core::zeros(shape, DType::Int64);
  core::scatter_value_(ret, -1, core::unsqueeze(self, -1), core::Scalar(int64_t{1}), core::ScatterReduce::None);
  return ret;
}

Tensor normalize(const Tensor& input, double p, int64_t dim, double eps) {
  Tensor norm = autograd::norm(input, p, {dim}, true);
  Tensor denom = autograd::expand_as(autograd::clamp_min(norm, core::Scalar(eps)), input);
  return autograd::div(input, denom);
}

Tensor cosine_similarity(const Tensor& x1_in, const Tensor& x2_in, int64_t dim, double eps) {
  DType common = core::result_type(x1_in, x2_in);
  STRIDELAB_CHECK(core::is_floating(common), "expected common dtype to be floating point, yet common dtype is ",
                  core::scalar_type_name(common));
  Tensor x1_t = x1_in.dtype() == common ? x1_in : autograd::to(x1_in, common);
  Tensor x2_t = x2_in.dtype() == common ? x2_in : autograd::to(x2_in, common);
  IntArray shape = core::broadcast_shapes(x1_t.sizes(), x2_t.sizes());
  Tensor x1 = autograd::expand(x1_t, shape), x2 = autograd::expand(x2_t, shape);
  Tensor x1_sq = autograd::sum(autograd::pow(x1, core::Scalar(int64_t{2})), {dim}, true);
  Tensor x2_sq = autograd::sum(autograd::pow(x2, core::Scalar(int64_t{2})), {dim}, true);
  {
    NoGradGuard no_grad;
    core::clamp_(x1_sq, core::Scalar(eps * eps), std::nullopt);
    core::clamp_(x2_sq, core::Scalar(eps * eps), std::nullopt);
    x1_sq.bump_version();
    x2_sq.bump_version();
  }
  Tensor x1_norm = autograd::unary(core::UnaryOp::Sqrt, x1_sq);
  Tensor x2_norm = autograd::unary(core::UnaryOp::Sqrt, x2_sq);
  return autograd::sum(autograd::mul(autograd::div(x1, x1_norm), autograd::div(x2, x2_norm)), {dim});
}

namespace {

// A node PyTorch records for an op without a derivative: its backward raises NotImplementedError.
struct NoDerivative : Node {
  std::string name_, op_;
  std::string name() const override { return name_; }
  variable_list apply(variable_list&&) override {
    STRIDELAB_CHECK_KIND(false, core::ErrorKind::NotImplementedError, "the derivative for '", op_,
                         "' is not implemented.");
    return {};
  }
};

}  // namespace

std::tuple<Tensor, Tensor, Tensor> unique(const Tensor& self, std::optional<int64_t> dim) {
  auto fn = make_node<NoDerivative>(self);
  if (fn) {
    fn->name_ = dim ? "UniqueDimBackward0" : "Unique2Backward0";
    fn->op_ = dim ? "unique_dim" : "_unique2";
  }
  auto result = dim ? core::unique_dim(self, *dim) : core::unique_sorted(self);
  with_history(std::get<0>(result), fn);
  return result;
}

}  // namespace stridelab::autograd
