// How the Tensor methods and torch.* functions are declared, for the functions*.cpp files that
// declare them (one per family of ops; functions.cpp registers them all on the Tensor type and the
// torch module). Each op is bound with PyTorch's own signature strings, so argument matching and
// TypeError texts follow PyTorch's parser, to one body that reads its arguments by name. A method's
// self is parameter "input", as in the torch.* form.
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "autograd/table_macros.h"
#include "core/random.h"
#include "torch/binding.h"
#include "torch/dispatch.h"

namespace stridelab::torch::bindings {

using core::BinaryOp;
using core::Scalar;
using core::UnaryOp;
using Body = support::Callback<ObjRef(Interp&, ParsedArgs&)>;

// The signature strings of a binding, as written at the call: literals mostly (`{"abs()"}`, which
// then builds no std::string where it is written), or strings made at run time. Only for the call:
// it refers to the list it was made from.
class Sigs {
 public:
  Sigs() = default;
  Sigs(std::initializer_list<std::string_view> list) : begin_(list.begin()), size_(list.size()) {}
  Sigs(const std::vector<std::string>& made) : made_(&made) {}  // NOLINT: converts, as a list does
  std::vector<std::string> strings() const;

 private:
  const std::string_view* begin_ = nullptr;
  size_t size_ = 0;
  const std::vector<std::string>* made_ = nullptr;
};

// Binds Tensor.<name> to the method signatures and torch.<name> to the function signatures (either
// list may be empty), both running body; a function signature with `Tensor out=None` takes out=.
void def(const char* name, Sigs method_sigs, Sigs function_sigs, Body body);
// The C++ functions PyTorch's own Python code calls (torch._VF.split, ...): parsed as torch.*
// functions are, but not attributes of the torch module.
void def_native(const char* name, Sigs sigs, Body body);

// A parameter of a table row (autograd/view_ops.def, autograd/join_ops.def), read by its name.
template <class T>
T param(ParsedArgs& a, const char* name) {
  static_assert(std::is_same_v<T, int64_t> || std::is_same_v<T, IntArray>,
                "a row bound to Python takes int64_t and IntArray parameters");
  if constexpr (std::is_same_v<T, int64_t>) return a.toInt(name);
  else return a.intlist(name);
}
inline ObjRef wrap_result(const Tensor& t) { return wrap(t); }
inline ObjRef wrap_result(const std::vector<Tensor>& ts) { return wrap_list(ts); }
// The body of such a row's binding: op::name(input, the (parenthesized) params, each read by its
// name). A Dimname overload fails first, as PyTorch's lookup of the name does.
#define STRIDELAB_ROW_DIMNAME_(type, name, ...) check_dimname(a, #name);
#define STRIDELAB_ROW_DIMNAME(p) STRIDELAB_ROW_DIMNAME_ p
#define STRIDELAB_ROW_ARG_(type, name, ...) , param<std::decay_t<type>>(a, #name)
#define STRIDELAB_ROW_ARG(p) STRIDELAB_ROW_ARG_ p
#define STRIDELAB_ROW_BODY(name, params)                                                                               \
  [](Interp&, ParsedArgs& a) {                                                                                         \
    STRIDELAB_FOR_EACH(STRIDELAB_ROW_DIMNAME, STRIDELAB_UNPAREN params)                                                \
    return guarded([&] {                                                                                               \
      return wrap_result(op::name(a.tensor("input") STRIDELAB_FOR_EACH(STRIDELAB_ROW_ARG, STRIDELAB_UNPAREN params))); \
    });                                                                                                                \
  }

ObjRef self_obj(ParsedArgs& a);
[[noreturn]] void dimname_error(const Tensor& t, Object* name);
// When a Dimname overload matched, PyTorch looks the name up and fails (no named tensors here).
void check_dimname(ParsedArgs& a, const char* pname);
// The value of fill_, full, new_full, full_like, masked_fill and index_fill, converted to the
// tensor's dtype as c10's checked Scalar conversion does: out of range (NaN for an integer dtype;
// uint8 takes ints down to -255) is "value cannot be converted to type int8_t without overflow"
// (functions_tensor.cpp).
void check_fill_value(const core::Scalar& value, DType dtype);

// PyTorch's canCast: no float to an integer type, nothing but bool to bool.
bool can_cast(DType from, DType to);
// Runs fn with the core's fills drawing from the call's `generator=` when one was given
// (NOTE [generator=] in core/random.h).
template <class F>
decltype(auto) with_generator(ParsedArgs& a, F&& fn) {
  Object* gen = a.obj("generator");
  if (!gen || gen == none()) return fn();
  core::GeneratorScope scope(generator_of(gen));
  return fn();
}
// torch.return_types.max(values=..., indices=...)
ObjRef return_pair(const char* type_name, const std::pair<Tensor, Tensor>& r);

// The families, one file each.
void define_elementwise_ops();  // functions_elementwise.cpp
void define_linalg_ops();       // functions_linalg.cpp
void define_reduce_ops();       // functions_reduce.cpp
void define_view_ops();         // functions_views.cpp
void define_index_ops();        // functions_index.cpp
void define_tensor_ops();       // functions_tensor.cpp
void define_factory_ops();      // functions_factory.cpp
void define_more_ops();         // functions_ops_more.cpp
void define_random_ops();       // functions_random.cpp
// torch.einsum (Python code in PyTorch), functions_ops_more.cpp.
void add_more_python_functions(ModuleObject* torch);
// F.pad, F.one_hot, F.normalize, F.cosine_similarity (functions_ops_more.cpp).
void add_more_functional(ModuleObject* functional);
// torch.f(..., out=t) for a body bound by signature strings.
ObjRef call_with_out(Interp& in, const Body& body, ParsedArgs& a, int out_index);
void define_conv_ops();  // nn_layers.cpp

}  // namespace stridelab::torch::bindings
