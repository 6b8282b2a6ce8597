// Convolution and pooling nodes. Their backward kernels run without recording: a create_graph
// backward through them gives gradients without history of their own.
#include "autograd/conv_ops.h"

#include "autograd/function_helpers.h"

namespace stridelab::autograd {

using detail::any_defined;
using detail::make_node;
using detail::SavingNode;
using detail::with_history;

namespace {

struct ConvolutionBackward0 : SavingNode<ConvolutionBackward0> {
  NODE_NAME(ConvolutionBackward0)
  SavedVariable input_, weight_;
  core::ConvParams params;
  IntArray bias_sizes;
  static auto saved_fields() {
    return std::array{Field{"_saved_input", &ConvolutionBackward0::input_},
                      Field{"_saved_weight", &ConvolutionBackward0::weight_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_bias_sym_sizes_opt", bias_sizes},
            {"_saved_dilation", params.dilation},
            {"_saved_groups", params.groups},
            {"_saved_output_padding", IntArray(params.stride.size(), 0)},
            {"_saved_padding", params.padding},
            {"_saved_stride", params.stride},
            {"_saved_transposed", false}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor input = input_.unpack(), weight = weight_.unpack();
    variable_list out(3);
    if (!any_defined(grads)) return out;
    NoGradGuard no_grad;
    core::ConvGrads g = core::convolution_backward(grads[0], input, weight, params, task_should_compute_output(0),
                                                   task_should_compute_output(1), false);
    out[0] = g.input;
    out[1] = g.weight;
    // The bias's gradient is the incoming gradient summed over every dim but the channels, with
    // the reduction kernel's own summation order.
    if (task_should_compute_output(2)) {
      IntArray dims{0};
      for (int64_t d = 2; d < grads[0].dim(); ++d) dims.push_back(d);
      out[2] = core::sum(grads[0], dims);
    }
    return out;
  }
};

struct MaxPool2DWithIndicesBackward0 : SavingNode<MaxPool2DWithIndicesBackward0> {
  NODE_NAME(MaxPool2DWithIndicesBackward0)
  SavedVariable self_, result1_;
  core::PoolParams params;
  IntArray stride_given;
  static auto saved_fields() {
    return std::array{Field{"_saved_self", &MaxPool2DWithIndicesBackward0::self_},
                      Field{"_saved_result1", &MaxPool2DWithIndicesBackward0::result1_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_ceil_mode", params.ceil_mode},
            {"_saved_dilation", params.dilation},
            {"_saved_kernel_size", params.kernel},
            {"_saved_padding", params.padding},
            {"_saved_stride", stride_given}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack(), indices = result1_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    NoGradGuard no_grad;
    out[0] = core::max_pool2d_backward(grads[0], self, indices);
    return out;
  }
};

struct AvgPool2DBackward0 : SavingNode<AvgPool2DBackward0> {
  NODE_NAME(AvgPool2DBackward0)
  SavedVariable self_;
  core::PoolParams params;
  IntArray stride_given;
  bool count_include_pad = true;
  std::optional<int64_t> divisor_override;
  static auto saved_fields() { return std::array{Field{"_saved_self", &AvgPool2DBackward0::self_}}; }
  std::vector<SavedAttribute> saved_attributes() const override {
    SavedValue divisor;
    if (divisor_override) divisor = *divisor_override;
    return {{"_saved_ceil_mode", params.ceil_mode}, {"_saved_count_include_pad", count_include_pad},
            {"_saved_divisor_override", divisor},   {"_saved_kernel_size", params.kernel},
            {"_saved_padding", params.padding},     {"_saved_stride", stride_given}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    NoGradGuard no_grad;
    out[0] = core::avg_pool2d_backward(grads[0], self, params, count_include_pad, divisor_override);
    return out;
  }
};

struct AdaptiveAvgPool2DBackward0 : SavingNode<AdaptiveAvgPool2DBackward0> {
  NODE_NAME(AdaptiveAvgPool2DBackward0)
  SavedVariable self_;
  static auto saved_fields() { return std::array{Field{"_saved_self", &AdaptiveAvgPool2DBackward0::self_}}; }
  variable_list apply(variable_list&& grads) override {
    Tensor self = self_.unpack();
    variable_list out(1);
    if (!any_defined(grads) || !task_should_compute_output(0)) return out;
    NoGradGuard no_grad;
    out[0] = core::adaptive_avg_pool2d_backward(grads[0], self);
    return out;
  }
};

}  // namespace

Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, const core::ConvParams& p) {
  auto fn = make_node<ConvolutionBackward0>(input, weight, bias);
  Tensor result = core::convolution(input, weight, bias, p);
  if (fn) {
    fn->input_ = SavedVariable(input, false);
    fn->weight_ = SavedVariable(weight, false);
    fn->params = p;
    fn->bias_sizes = bias.defined() ? bias.sizes() : IntArray{0};
  }
  return with_history(result, fn);
}

std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& input, const core::PoolParams& p,
                                                  const IntArray& stride_given) {
  auto fn = make_node<MaxPool2DWithIndicesBackward0>(input);
  auto [values, indices] = core::max_pool2d_with_indices(input, p);
  if (fn) {
    fn->self_ = SavedVariable(input, false);
    fn->params = p;
    fn->stride_given = stride_given;
    with_history(values, fn);
    fn->result1_ = SavedVariable(indices, false);
  }
  return {values, indices};
}

Tensor avg_pool2d(const Tensor& input, const core::PoolParams& p, const IntArray& stride_given, bool count_include_pad,
                  std::optional<int64_t> divisor_override) {
  auto fn = make_node<AvgPool2DBackward0>(input);
  Tensor result = core::avg_pool2d(input, p, count_include_pad, divisor_override);
  if (fn) {
    fn->self_ = SavedVariable(input, false);
    fn->params = p;
    fn->stride_given = stride_given;
    fn->count_include_pad = count_include_pad;
    fn->divisor_override = divisor_override;
  }
  return with_history(result, fn);
}

Tensor adaptive_avg_pool2d(const Tensor& input, const IntArray& output_size) {
  auto fn = make_node<AdaptiveAvgPool2DBackward0>(input);
  Tensor result = core::adaptive_avg_pool2d(input, output_size);
  if (fn) fn->self_ = SavedVariable(input, false);
  return with_history(result, fn);
}

}  // namespace stridelab::autograd
