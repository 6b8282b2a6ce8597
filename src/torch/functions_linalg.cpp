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
  def("mm", {"mm(Tensor mat2)"}, {"mm(Tensor input, Tensor mat2, *, Tensor out=None)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::mm(a.tensor("input"), a.tensor("mat2"))); });
  });
  def("bmm", {"bmm(Tensor mat2)"}, {"bmm(Tensor input, Tensor mat2, *, Tensor out=None)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::bmm(a.tensor("input"), a.tensor("mat2"))); });
  });
  def("mv", {"mv(Tensor vec)"}, {"mv(Tensor input, Tensor vec, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::mv(a.tensor("input"), a.tensor("vec"))); }); });
  def("dot", {"dot(Tensor tensor)"}, {"dot(Tensor input, Tensor tensor, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::dot(a.tensor("input"), a.tensor("tensor"))); });
      });
}

}  // namespace

void define_linalg_ops() { define_matrix_products(); }

}  // namespace stridelab::torch::bindings
