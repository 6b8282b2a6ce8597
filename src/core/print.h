// The text of a tensor, character for character as PyTorch 1.13 prints it (torch/_tensor_str.py),
// and the text of a Python float (repr), which tensors, `t.item()` and the interpreter share.
//
//   tensor_repr(x)                                  tensor([[ 0.1000, -1.5000],
//                                                           [ 2.0000,  3.2500]])
//   tensor_repr(y, {.grad_fn = "MulBackward0"})     tensor([2., 4.], grad_fn=<MulBackward0>)
//   parameter_repr(w, {.requires_grad = true})      Parameter containing:
//                                                   tensor([1., 1.], requires_grad=True)
//   format_float_repr(0.1)                          0.1
//
// NOTE [How PyTorch formats the elements]
// One formatter is built per tensor from the elements that will be shown (all of them, or only
// the `edgeitems` first and last along every dim when numel > threshold), and every element is
// then padded on the left to its width, so columns line up.
// - bool and integer tensors: str(value); width = the longest one.
// - floating tensors look only at the finite nonzero values, as doubles. With none, every value
//   prints as "0." / "nan" / "inf". Otherwise:
//   * int mode when every one of them is integral: "{:.0f}" plus a "." ("1.", "-0.", "nan");
//   * scientific ("{:.4e}": "1.0000e-05") when max|v| / min|v| > 1000 or max|v| > 1e8, or (not
//     in int mode) min|v| < 1e-4;
//   * else fixed ("{:.4f}").
// Rows wrap so that a line holds floor((linewidth - indent) / (width + 2)) elements; nested dims
// are joined by "," and dim-1 newlines, so 3-D blocks are separated by a blank line.
#pragma once

#include <optional>
#include <string>

#include "core/tensor.h"

namespace stridelab::core {

// What autograd adds after the values: "grad_fn=<MulBackward0>" when grad_fn is set, else
// "requires_grad=True" when requires_grad is.
struct PrintSuffix {
  bool requires_grad = false;
  std::string grad_fn;  // the node's name, empty for none
};

// torch.set_printoptions. Defaults are PyTorch's profile="default".
struct PrintOptions {
  int precision = 4;
  double threshold = 1000;  // summarise when numel > threshold (may be infinity)
  int edgeitems = 3;        // must be >= 1
  int linewidth = 80;
  std::optional<bool> sci_mode;  // nullopt: the formatter decides
};

// The options the printing functions use by default; the interpreter's torch.set_printoptions
// writes here.
PrintOptions& print_options();

// repr(t) == str(t). `prefix` opens the text and sets the indent of continuation lines: "tensor("
// for torch.Tensor and nn.Parameter, "<ClassName>(" for other subclasses.
std::string tensor_repr(const Tensor& t, const PrintSuffix& suffix = {}, const std::string& prefix = "tensor(");
std::string tensor_repr(const Tensor& t, const PrintSuffix& suffix, const std::string& prefix,
                        const PrintOptions& options);

// repr(nn.Parameter(t)): "Parameter containing:\n" + the tensor's repr.
std::string parameter_repr(const Tensor& t, const PrintSuffix& suffix = {.requires_grad = true});

// Python's repr(float): the shortest text that reads back as v, fixed notation for exponents in
// [-4, 16), else scientific with at least two exponent digits: 0.1, 1e-05, 1e+16, 100.0, -0.0,
// inf, nan.
std::string format_float_repr(double v);

}  // namespace stridelab::core
