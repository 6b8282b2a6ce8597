// torch.multinomial and Tensor.multinomial (their draws: NOTE [How multinomial draws] in
// core/multinomial.cpp).
#include "core/sampling.h"
#include "autograd/ops.h"
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace ag = ::stridelab::autograd;

void define_random_ops() {
  def("multinomial", {"multinomial(int64_t num_samples, bool replacement=False, *, Generator? generator=None)"},
      {"multinomial(Tensor input, int64_t num_samples, bool replacement=False, *, Generator? generator=None, Tensor "
       "out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return wrap(with_generator(a, [&] {
            return core::multinomial(a.tensor("input"), a.toInt("num_samples"), a.toBool("replacement"));
          }));
        });
      });
  def("exponential_", {"exponential_(double lambd=1, *, Generator? generator=None)"}, {}, [](Interp&, ParsedArgs& a) {
    guarded([&] {
      Tensor self = a.tensor("input");
      with_generator(a, [&] { ag::exponential_(self, a.toDouble("lambd")); });
    });
    return self_obj(a);
  });
}

}  // namespace stridelab::torch::bindings
