// The matrix products: matmul, mm, bmm, mv, dot.
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace {

// matmul, mm, bmm, mv, dot.
void define_matrix_products() {
  def("matmul", {"matmul(Tensor other)"}, {"matmul(Tensor input, Tensor other, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::matmul(a.tensor("input"), a.tensor("other"))); });
      });
  // The rows of autograd/linalg_ops.def.
#define SIGS(...) \
  { __VA_ARGS__ }  // a bindings::Sigs of literals
#define PRODUCT(name, node, other, kernel, attributes, self_backward, other_backward, method_sigs, function_sigs) \
  def(#name, method_sigs, function_sigs, [](Interp&, ParsedArgs& a) {                                             \
    return guarded([&] { return wrap(op::name(a.tensor("input"), a.tensor(#other))); });                          \
  });
#include "autograd/linalg_ops.def"
#undef SIGS
}

}  // namespace

void define_linalg_ops() { define_matrix_products(); }

}  // namespace stridelab::torch::bindings
