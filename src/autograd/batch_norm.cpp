// native_batch_norm: the forward kernel on contiguous data, as PyTorch's CPU kernel orders it, and
// NativeBatchNormBackward0.
#include "autograd/batch_norm.h"

#include <cmath>
#include <vector>

#include "autograd/function_helpers.h"
#include "core/error.h"

namespace stridelab::autograd {

using detail::any_defined;
using detail::make_node;
using detail::with_history;

namespace {

// The channel layout of an (N, C, *) tensor: N batches of C channels of `image` elements.
struct Layout {
  int64_t batch, channels, image;
  int64_t per_channel() const { return batch * image; }
  int64_t at(int64_t n, int64_t c, int64_t i) const { return (n * channels + c) * image + i; }
};

Layout layout_of(const Tensor& input) {
  Layout l{input.sizes()[0], input.dim() > 1 ? input.sizes()[1] : 1, 1};
  for (int64_t d = 2; d < input.dim(); ++d) l.image *= input.sizes()[static_cast<size_t>(d)];
  return l;
}

struct NativeBatchNormBackward0 : detail::SavingNode<NativeBatchNormBackward0> {
  NODE_NAME(NativeBatchNormBackward0)
  SavedVariable input_, weight_, running_mean_, running_var_, result1_, result2_;
  bool training = false;
  double eps = 0;
  static auto saved_fields() {
    return std::array{Field{"_saved_input", &NativeBatchNormBackward0::input_},
                      Field{"_saved_result1", &NativeBatchNormBackward0::result1_},
                      Field{"_saved_result2", &NativeBatchNormBackward0::result2_},
                      Field{"_saved_running_mean", &NativeBatchNormBackward0::running_mean_},
                      Field{"_saved_running_var", &NativeBatchNormBackward0::running_var_},
                      Field{"_saved_weight", &NativeBatchNormBackward0::weight_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_eps", eps}, {"_saved_training", training}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor input = core::contiguous(input_.unpack()), weight = weight_.unpack();
    Tensor running_mean = running_mean_.unpack(), running_var = running_var_.unpack();
    Tensor save_mean = result1_.unpack(), save_invstd = result2_.unpack();
    variable_list out(3);
    if (!any_defined(grads)) return out;
    NoGradGuard no_grad;
    Tensor grad = core::contiguous(grads[0]);
    const Layout l = layout_of(input);
    const bool need_x = task_should_compute_output(0), need_w = task_should_compute_output(1),
               need_b = task_should_compute_output(2);
    Tensor gx = core::empty(input.sizes(), input.dtype());
    Tensor gw = core::empty({l.channels}, input.dtype()), gb = core::empty({l.channels}, input.dtype());
    Tensor w = weight.defined() ? core::contiguous(weight) : Tensor();
    Tensor sm = save_mean.defined() && save_mean.numel() ? core::contiguous(save_mean) : Tensor();
    Tensor si = save_invstd.defined() && save_invstd.numel() ? core::contiguous(save_invstd) : Tensor();
    Tensor rm = running_mean.defined() ? core::contiguous(running_mean) : Tensor();
    Tensor rv = running_var.defined() ? core::contiguous(running_var) : Tensor();
    core::dispatch(input.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>) {
        const T* x = input.data<T>();
        const T* dy = grad.data<T>();
        const T n = static_cast<T>(l.per_channel());
        for (int64_t c = 0; c < l.channels; ++c) {
          T mean, invstd;
          if (training) {
            mean = sm.data<T>()[c];
            invstd = si.data<T>()[c];
          } else {
            mean = rm.data<T>()[c];
            invstd = T(1) / std::sqrt(rv.data<T>()[c] + static_cast<T>(eps));
          }
          const T wc = w.defined() ? w.data<T>()[c] : T(1);
          double sum = 0, dotp = 0;
          for (int64_t b = 0; b < l.batch; ++b)
            for (int64_t i = 0; i < l.image; ++i) {
              const int64_t at = l.at(b, c, i);
              sum += dy[at];
              dotp += (x[at] - mean) * dy[at];
            }
          if (need_x) {
            T* dx = gx.data<T>();
            if (training) {
              const T k = static_cast<T>(dotp) * invstd * invstd / n;
              const T grad_mean = static_cast<T>(sum) / n;
              for (int64_t b = 0; b < l.batch; ++b)
                for (int64_t i = 0; i < l.image; ++i) {
                  const int64_t at = l.at(b, c, i);
                  dx[at] = (dy[at] - grad_mean - (x[at] - mean) * k) * invstd * wc;
                }
            } else {
              for (int64_t b = 0; b < l.batch; ++b)
                for (int64_t i = 0; i < l.image; ++i) dx[l.at(b, c, i)] = dy[l.at(b, c, i)] * invstd * wc;
            }
          }
          gw.data<T>()[c] = static_cast<T>(dotp) * invstd;
          gb.data<T>()[c] = static_cast<T>(sum);
        }
      }
    });
    if (need_x) out[0] = gx;
    if (need_w) out[1] = gw;
    if (need_b) out[2] = gb;
    return out;
  }
};

}  // namespace

std::tuple<Tensor, Tensor, Tensor> native_batch_norm(const Tensor& input_, const Tensor& weight, const Tensor& bias,
                                                     const Tensor& running_mean, const Tensor& running_var,
                                                     bool training, double momentum, double eps) {
  STRIDELAB_CHECK(core::is_floating(input_.dtype()), "\"batch_norm\" not implemented for '",
                  core::scalar_type_name(input_.dtype()), "'");
  STRIDELAB_CHECK(input_.dim() >= 2, "Expected 2D or higher input to batch_norm (got ", input_.dim(), "D input)");
  const Layout l = layout_of(input_);
  auto check_len = [&](const Tensor& t, const char* name) {
    if (t.defined())
      STRIDELAB_CHECK(t.numel() == l.channels, name, " should contain ", l.channels, " elements not ", t.numel());
  };
  // In _batch_norm_impl_index's order.
  check_len(running_mean, "running_mean");
  STRIDELAB_CHECK(training || running_mean.defined(), "running_mean must be defined in evaluation mode");
  check_len(running_var, "running_var");
  STRIDELAB_CHECK(training || running_var.defined(), "running_var must be defined in evaluation mode");
  check_len(weight, "weight");
  check_len(bias, "bias");
  auto fn = make_node<NativeBatchNormBackward0>(input_, weight, bias);
  Tensor input = core::contiguous(input_);
  Tensor out = core::empty(input.sizes(), input.dtype());
  Tensor save_mean = core::empty({training ? l.channels : 0}, input.dtype());
  Tensor save_invstd = core::empty({training ? l.channels : 0}, input.dtype());
  core::dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = input.data<T>();
      T* y = out.data<T>();
      const int64_t n = l.per_channel();
      // The running statistics may be strided views: written element by element in place.
      auto elem = [](const Tensor& t, int64_t c) -> T& { return t.data<T>()[c * (t.dim() ? t.strides()[0] : 0)]; };
      for (int64_t c = 0; c < l.channels; ++c) {
        T mean, invstd;
        if (training) {
          // Summed in double, channel by channel, as PyTorch's contiguous kernel collects them.
          double sum = 0;
          for (int64_t b = 0; b < l.batch; ++b)
            for (int64_t i = 0; i < l.image; ++i) sum += x[l.at(b, c, i)];
          mean = static_cast<T>(sum / static_cast<double>(n));
          double var_acc = 0;
          for (int64_t b = 0; b < l.batch; ++b)
            for (int64_t i = 0; i < l.image; ++i) {
              const T d = x[l.at(b, c, i)] - mean;
              var_acc += d * d;
            }
          const T var_sum = static_cast<T>(var_acc);
          invstd = static_cast<T>(1.0 / std::sqrt(static_cast<double>(var_sum / static_cast<T>(n)) + eps));
          save_mean.data<T>()[c] = mean;
          save_invstd.data<T>()[c] = invstd;
          if (running_mean.defined()) {
            T& rm = elem(running_mean, c);
            rm = static_cast<T>(momentum * mean + (1 - momentum) * rm);
          }
          if (running_var.defined()) {
            T& rv = elem(running_var, c);
            const double unbiased = static_cast<double>(var_sum / static_cast<T>(n - 1));
            rv = static_cast<T>(momentum * unbiased + (1 - momentum) * rv);
          }
        } else {
          mean = elem(running_mean, c);
          invstd = T(1) / std::sqrt(elem(running_var, c) + static_cast<T>(eps));
        }
        // output = input * alpha + beta, with alpha = invstd * weight and beta = bias - mean * alpha.
        const T alpha = invstd * (weight.defined() ? elem(weight, c) : T(1));
        const T beta = (bias.defined() ? elem(bias, c) : T(0)) - mean * alpha;
        for (int64_t b = 0; b < l.batch; ++b)
          for (int64_t i = 0; i < l.image; ++i) {
            const int64_t at = l.at(b, c, i);
            y[at] = x[at] * alpha + beta;
          }
      }
    }
  });
  // The running statistics were written without a version bump: the trace is told.
  if (training)
    for (const Tensor* t : {&running_mean, &running_var})
      if (t->defined()) core::note_storage_write(*t->storage());
  if (fn) {
    fn->input_ = SavedVariable(input_, false);
    fn->weight_ = SavedVariable(weight, false);
    fn->running_mean_ = SavedVariable(running_mean, false);
    fn->running_var_ = SavedVariable(running_var, false);
    fn->training = training;
    fn->eps = eps;
    with_history(out, fn);
    fn->result1_ = SavedVariable(save_mean, false);
    fn->result2_ = SavedVariable(save_invstd, false);
  }
  return {out, save_mean, save_invstd};
}

}  // namespace stridelab::autograd
