// Convolution and pooling kernels: direct loops over contiguous copies of the inputs.
#include "core/conv.h"

#include <cmath>
#include <limits>
#include <optional>

#include "core/ops.h"
#include "support/budget.h"

namespace stridelab::core {

namespace {

// A 1-d or 2-d problem as a 2-d one: (N, C, H, W) with H = 1 and a kernel height of 1 for 1-d.
struct Geometry {
  int64_t n, c, h, w;  // input
  int64_t o, kh, kw;   // weight (o, c / groups, kh, kw)
  int64_t oh, ow;      // output
  int64_t sh, sw, ph, pw, dh, dw, groups;
};

Geometry geometry(const Tensor& input, const Tensor& weight, const ConvParams& p) {
  const bool two = input.dim() == 4;
  Geometry g{};
  g.n = input.sizes()[0];
  g.c = input.sizes()[1];
  g.h = two ? input.sizes()[2] : 1;
  g.w = input.sizes().back();
  g.o = weight.sizes()[0];
  g.kh = two ? weight.sizes()[2] : 1;
  g.kw = weight.sizes().back();
  g.sh = two ? p.stride[0] : 1;
  g.sw = p.stride.back();
  g.ph = two ? p.padding[0] : 0;
  g.pw = p.padding.back();
  g.dh = two ? p.dilation[0] : 1;
  g.dw = p.dilation.back();
  g.groups = p.groups;
  g.oh = (g.h + 2 * g.ph - g.dh * (g.kh - 1) - 1) / g.sh + 1;
  g.ow = (g.w + 2 * g.pw - g.dw * (g.kw - 1) - 1) / g.sw + 1;
  return g;
}

template <class T>
using Acc = std::conditional_t<std::is_floating_point_v<T>, double, int64_t>;

}  // namespace

IntArray conv_output_size(const IntArray& input_sizes, const IntArray& weight_sizes, const ConvParams& p) {
  IntArray out{input_sizes[0], weight_sizes[0]};
  for (size_t d = 2; d < input_sizes.size(); ++d) {
    const size_t i = d - 2;
    out.push_back((input_sizes[d] + 2 * p.padding[i] - p.dilation[i] * (weight_sizes[d] - 1) - 1) / p.stride[i] + 1);
  }
  return out;
}

Tensor convolution(const Tensor& input_, const Tensor& weight_, const Tensor& bias_, const ConvParams& p) {
  Tensor input = contiguous(input_), weight = contiguous(weight_);
  Tensor bias = bias_.defined() ? contiguous(bias_) : Tensor();
  const Geometry g = geometry(input, weight, p);
  Tensor out = empty(conv_output_size(input.sizes(), weight.sizes(), p), input.dtype());
  const int64_t cg = g.c / g.groups, og = g.o / g.groups;
  dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      STRIDELAB_CHECK(false, "\"slow_conv2d_cpu\" not implemented for 'Bool'");
    } else {
      const T* x = input.data<T>();
      const T* wt = weight.data<T>();
      const T* b = bias.defined() ? bias.data<T>() : nullptr;
      T* y = out.data<T>();
      for (int64_t n = 0; n < g.n; ++n)
        for (int64_t oc = 0; oc < g.o; ++oc) {
          const int64_t c0 = (oc / og) * cg;
          for (int64_t oh = 0; oh < g.oh; ++oh)
            for (int64_t ow = 0; ow < g.ow; ++ow) {
              support::poll_deadline();  // an output's sum is at most the weight's size
              if constexpr (std::is_same_v<T, float>) {
                // NOTE [float32 convolution order]: PyTorch's CPU convolution of a float32 batch
                // (oneDNN) sums kernel row, kernel column, then input channel, each term a fused
                // multiply-add in float, and adds the bias last; summing in that order gives its
                // digits exactly.
                float acc = 0.0f;
                for (int64_t kh = 0; kh < g.kh; ++kh) {
                  const int64_t ih = oh * g.sh - g.ph + kh * g.dh;
                  if (ih < 0 || ih >= g.h) continue;
                  for (int64_t kw = 0; kw < g.kw; ++kw) {
                    const int64_t iw = ow * g.sw - g.pw + kw * g.dw;
                    if (iw < 0 || iw >= g.w) continue;
                    for (int64_t c = 0; c < cg; ++c)
                      acc = std::fma(x[((n * g.c + c0 + c) * g.h + ih) * g.w + iw],
                                     wt[((oc * cg + c) * g.kh + kh) * g.kw + kw], acc);
                  }
                }
                if (b) acc += b[oc];
                y[((n * g.o + oc) * g.oh + oh) * g.ow + ow] = acc;
                continue;
              }
              Acc<T> s = 0;
              for (int64_t c = 0; c < cg; ++c)
                for (int64_t kh = 0; kh < g.kh; ++kh) {
                  const int64_t ih = oh * g.sh - g.ph + kh * g.dh;
                  if (ih < 0 || ih >= g.h) continue;
                  const T* xrow = x + ((n * g.c + c0 + c) * g.h + ih) * g.w;
                  const T* wrow = wt + ((oc * cg + c) * g.kh + kh) * g.kw;
                  for (int64_t kw = 0; kw < g.kw; ++kw) {
                    const int64_t iw = ow * g.sw - g.pw + kw * g.dw;
                    if (iw < 0 || iw >= g.w) continue;
                    s += static_cast<Acc<T>>(xrow[iw]) * static_cast<Acc<T>>(wrow[kw]);
                  }
                }
              if (b) s += static_cast<Acc<T>>(b[oc]);
              y[((n * g.o + oc) * g.oh + oh) * g.ow + ow] = static_cast<T>(s);
            }
        }
    }
  });
  return out;
}

ConvGrads convolution_backward(const Tensor& grad_output, const Tensor& input_, const Tensor& weight_,
                               const ConvParams& p, bool need_input, bool need_weight, bool need_bias) {
  Tensor input = contiguous(input_), weight = contiguous(weight_), go = contiguous(grad_output);
  const Geometry g = geometry(input, weight, p);
  const int64_t cg = g.c / g.groups, og = g.o / g.groups;
  ConvGrads r;
  dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      const T* x = input.data<T>();
      const T* wt = weight.data<T>();
      const T* gy = go.data<T>();
      std::vector<Acc<T>> gx(need_input ? static_cast<size_t>(input.numel()) : 0);
      std::vector<Acc<T>> gw(need_weight ? static_cast<size_t>(weight.numel()) : 0);
      std::vector<Acc<T>> gb(need_bias ? static_cast<size_t>(g.o) : 0);
      for (int64_t n = 0; n < g.n; ++n)
        for (int64_t oc = 0; oc < g.o; ++oc) {
          const int64_t c0 = (oc / og) * cg;
          for (int64_t oh = 0; oh < g.oh; ++oh)
            for (int64_t ow = 0; ow < g.ow; ++ow) {
              support::poll_deadline();
              const Acc<T> d = static_cast<Acc<T>>(gy[((n * g.o + oc) * g.oh + oh) * g.ow + ow]);
              if (need_bias) gb[static_cast<size_t>(oc)] += d;
              if (!need_input && !need_weight) continue;
              for (int64_t c = 0; c < cg; ++c)
                for (int64_t kh = 0; kh < g.kh; ++kh) {
                  const int64_t ih = oh * g.sh - g.ph + kh * g.dh;
                  if (ih < 0 || ih >= g.h) continue;
                  const int64_t xrow = ((n * g.c + c0 + c) * g.h + ih) * g.w;
                  const int64_t wrow = ((oc * cg + c) * g.kh + kh) * g.kw;
                  for (int64_t kw = 0; kw < g.kw; ++kw) {
                    const int64_t iw = ow * g.sw - g.pw + kw * g.dw;
                    if (iw < 0 || iw >= g.w) continue;
                    if (need_input) gx[static_cast<size_t>(xrow + iw)] += d * static_cast<Acc<T>>(wt[wrow + kw]);
                    if (need_weight) gw[static_cast<size_t>(wrow + kw)] += d * static_cast<Acc<T>>(x[xrow + iw]);
                  }
                }
            }
        }
      auto emit = [](const std::vector<Acc<T>>& acc, const IntArray& sizes, DType dt) {
        Tensor t = empty(sizes, dt);
        T* out = t.data<T>();
        for (size_t i = 0; i < acc.size(); ++i) out[i] = static_cast<T>(acc[i]);
        return t;
      };
      if (need_input) r.input = emit(gx, input.sizes(), input.dtype());
      if (need_weight) r.weight = emit(gw, weight.sizes(), weight.dtype());
      if (need_bias) r.bias = emit(gb, {g.o}, input.dtype());
    }
  });
  return r;
}

int64_t pool_output_size(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation, bool ceil_mode) {
  const int64_t num = in + 2 * pad - dilation * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0);
  // div_rtn: rounds toward negative infinity.
  int64_t q = num / stride;
  if ((num % stride != 0) && ((num < 0) != (stride < 0))) --q;
  int64_t out = q + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

namespace {

struct PoolGeometry {
  int64_t planes, h, w, oh, ow;
};

PoolGeometry pool_geometry(const Tensor& input, const PoolParams& p) {
  const int64_t d = input.dim();
  PoolGeometry g{};
  g.h = input.sizes()[static_cast<size_t>(d - 2)];
  g.w = input.sizes()[static_cast<size_t>(d - 1)];
  g.planes = input.numel() / std::max<int64_t>(g.h * g.w, 1);
  g.oh = pool_output_size(g.h, p.kernel[0], p.padding[0], p.stride[0], p.dilation[0], p.ceil_mode);
  g.ow = pool_output_size(g.w, p.kernel[1], p.padding[1], p.stride[1], p.dilation[1], p.ceil_mode);
  return g;
}

IntArray pooled_sizes(const Tensor& input, int64_t oh, int64_t ow) {
  IntArray s = input.sizes();
  s[s.size() - 2] = oh;
  s[s.size() - 1] = ow;
  return s;
}

}  // namespace

std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& input_, const PoolParams& p) {
  Tensor input = contiguous(input_);
  const PoolGeometry g = pool_geometry(input, p);
  IntArray sizes = pooled_sizes(input, g.oh, g.ow);
  Tensor out = empty(sizes, input.dtype());
  Tensor idx = empty(sizes, DType::Int64);
  int64_t* ip = idx.data<int64_t>();
  dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = input.data<T>();
      T* y = out.data<T>();
      for (int64_t pl = 0; pl < g.planes; ++pl) {
        const T* plane = x + pl * g.h * g.w;
        for (int64_t oh = 0; oh < g.oh; ++oh) {
          int64_t hs = oh * p.stride[0] - p.padding[0];
          const int64_t he = std::min(hs + (p.kernel[0] - 1) * p.dilation[0] + 1, g.h);
          while (hs < 0) hs += p.dilation[0];
          for (int64_t ow = 0; ow < g.ow; ++ow) {
            support::poll_deadline();  // a window may cover the whole plane
            int64_t ws = ow * p.stride[1] - p.padding[1];
            const int64_t we = std::min(ws + (p.kernel[1] - 1) * p.dilation[1] + 1, g.w);
            while (ws < 0) ws += p.dilation[1];
            int64_t best_i = hs * g.w + ws;
            T best = -std::numeric_limits<T>::infinity();
            for (int64_t ih = hs; ih < he; ih += p.dilation[0])
              for (int64_t iw = ws; iw < we; iw += p.dilation[1]) {
                const T v = plane[ih * g.w + iw];
                if (v > best || std::isnan(v)) {
                  best = v;
                  best_i = ih * g.w + iw;
                }
              }
            const int64_t o = (pl * g.oh + oh) * g.ow + ow;
            y[o] = best;
            ip[o] = best_i;
          }
        }
      }
    } else {
      STRIDELAB_CHECK(false, "\"max_pool2d\" not implemented for '", scalar_type_name(input.dtype()), "'");
    }
  });
  return {out, idx};
}

Tensor max_pool2d_backward(const Tensor& grad_output, const Tensor& input, const Tensor& indices_) {
  Tensor go = contiguous(grad_output), indices = contiguous(indices_);
  Tensor gx = zeros(input.sizes(), input.dtype());
  const int64_t hw = input.sizes()[input.sizes().size() - 2] * input.sizes().back();
  const int64_t ohw = go.sizes()[go.sizes().size() - 2] * go.sizes().back();
  const int64_t planes = ohw ? go.numel() / ohw : 0;
  dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* gy = go.data<T>();
      const int64_t* ip = indices.data<int64_t>();
      T* out = gx.data<T>();
      for (int64_t pl = 0; pl < planes; ++pl)
        for (int64_t k = 0; k < ohw; ++k) out[pl * hw + ip[pl * ohw + k]] += gy[pl * ohw + k];
    }
  });
  return gx;
}

namespace {

// One avg_pool2d window: its clipped bounds and divisor.
struct AvgWindow {
  int64_t hs, he, ws, we, divisor;
};

AvgWindow avg_window(int64_t oh, int64_t ow, int64_t h, int64_t w, const PoolParams& p, bool count_include_pad,
                     std::optional<int64_t> divisor_override) {
  AvgWindow a{};
  a.hs = oh * p.stride[0] - p.padding[0];
  a.ws = ow * p.stride[1] - p.padding[1];
  a.he = std::min(a.hs + p.kernel[0], h + p.padding[0]);
  a.we = std::min(a.ws + p.kernel[1], w + p.padding[1]);
  const int64_t pool_size = (a.he - a.hs) * (a.we - a.ws);
  a.hs = std::max<int64_t>(a.hs, 0);
  a.ws = std::max<int64_t>(a.ws, 0);
  a.he = std::min(a.he, h);
  a.we = std::min(a.we, w);
  a.divisor = divisor_override ? *divisor_override : (count_include_pad ? pool_size : (a.he - a.hs) * (a.we - a.ws));
  return a;
}

}  // namespace

Tensor avg_pool2d(const Tensor& input_, const PoolParams& p, bool count_include_pad,
                  std::optional<int64_t> divisor_override) {
  Tensor input = contiguous(input_);
  const PoolGeometry g = pool_geometry(input, p);
  Tensor out = empty(pooled_sizes(input, g.oh, g.ow), input.dtype());
  dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      STRIDELAB_CHECK(false, "\"avg_pool2d\" not implemented for 'Bool'");
    } else {
      const T* x = input.data<T>();
      T* y = out.data<T>();
      for (int64_t pl = 0; pl < g.planes; ++pl)
        for (int64_t oh = 0; oh < g.oh; ++oh)
          for (int64_t ow = 0; ow < g.ow; ++ow) {
            support::poll_deadline();
            const AvgWindow a = avg_window(oh, ow, g.h, g.w, p, count_include_pad, divisor_override);
            T s = 0;
            for (int64_t ih = a.hs; ih < a.he; ++ih)
              for (int64_t iw = a.ws; iw < a.we; ++iw) s += x[(pl * g.h + ih) * g.w + iw];
            y[(pl * g.oh + oh) * g.ow + ow] =
                a.he > a.hs && a.we > a.ws ? static_cast<T>(s / static_cast<T>(a.divisor)) : T(0);
          }
    }
  });
  return out;
}

Tensor avg_pool2d_backward(const Tensor& grad_output, const Tensor& input, const PoolParams& p, bool count_include_pad,
                           std::optional<int64_t> divisor_override) {
  Tensor go = contiguous(grad_output);
  const PoolGeometry g = pool_geometry(input, p);
  Tensor gx = zeros(input.sizes(), input.dtype());
  dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      const T* gy = go.data<T>();
      T* out = gx.data<T>();
      for (int64_t pl = 0; pl < g.planes; ++pl)
        for (int64_t oh = 0; oh < g.oh; ++oh)
          for (int64_t ow = 0; ow < g.ow; ++ow) {
            support::poll_deadline();
            const AvgWindow a = avg_window(oh, ow, g.h, g.w, p, count_include_pad, divisor_override);
            const T d = static_cast<T>(gy[(pl * g.oh + oh) * g.ow + ow] / static_cast<T>(a.divisor));
            for (int64_t ih = a.hs; ih < a.he; ++ih)
              for (int64_t iw = a.ws; iw < a.we; ++iw) out[(pl * g.h + ih) * g.w + iw] += d;
          }
    }
  });
  return gx;
}

namespace {

int64_t start_index(int64_t o, int64_t out, int64_t in) { return (o * in) / out; }
int64_t end_index(int64_t o, int64_t out, int64_t in) { return ((o + 1) * in + out - 1) / out; }

}  // namespace

Tensor adaptive_avg_pool2d(const Tensor& input_, const IntArray& output_size) {
  Tensor input = contiguous(input_);
  const int64_t h = input.sizes()[input.sizes().size() - 2], w = input.sizes().back();
  const int64_t oh = output_size[0], ow = output_size[1];
  const int64_t planes = (h * w) != 0 ? input.numel() / (h * w) : 0;
  Tensor out = empty(pooled_sizes(input, oh, ow), input.dtype());
  dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = input.data<T>();
      T* y = out.data<T>();
      for (int64_t pl = 0; pl < planes; ++pl)
        for (int64_t i = 0; i < oh; ++i) {
          const int64_t hs = start_index(i, oh, h), he = end_index(i, oh, h);
          for (int64_t j = 0; j < ow; ++j) {
            support::poll_deadline();
            const int64_t ws = start_index(j, ow, w), we = end_index(j, ow, w);
            T s = 0;
            for (int64_t ih = hs; ih < he; ++ih)
              for (int64_t iw = ws; iw < we; ++iw) s += x[(pl * h + ih) * w + iw];
            y[(pl * oh + i) * ow + j] = s / static_cast<T>((he - hs) * (we - ws));
          }
        }
    } else {
      STRIDELAB_CHECK(false, "\"adaptive_avg_pool2d\" not implemented for '", scalar_type_name(input.dtype()), "'");
    }
  });
  return out;
}

Tensor adaptive_avg_pool2d_backward(const Tensor& grad_output, const Tensor& input) {
  Tensor go = contiguous(grad_output);
  const int64_t h = input.sizes()[input.sizes().size() - 2], w = input.sizes().back();
  const int64_t oh = go.sizes()[go.sizes().size() - 2], ow = go.sizes().back();
  const int64_t planes = (h * w) != 0 ? input.numel() / (h * w) : 0;
  Tensor gx = zeros(input.sizes(), input.dtype());
  dispatch(input.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* gy = go.data<T>();
      T* out = gx.data<T>();
      for (int64_t pl = 0; pl < planes; ++pl)
        for (int64_t i = 0; i < oh; ++i) {
          const int64_t hs = start_index(i, oh, h), he = end_index(i, oh, h);
          for (int64_t j = 0; j < ow; ++j) {
            support::poll_deadline();
            const int64_t ws = start_index(j, ow, w), we = end_index(j, ow, w);
            const T d = gy[(pl * oh + i) * ow + j] / static_cast<T>((he - hs) * (we - ws));
            for (int64_t ih = hs; ih < he; ++ih)
              for (int64_t iw = ws; iw < we; ++iw) out[(pl * h + ih) * w + iw] += d;
          }
        }
    }
  });
  return gx;
}

}  // namespace stridelab::core
