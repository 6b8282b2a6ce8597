// Shared pieces of the torch binding (the files of src/torch/): the Tensor object, dtype/device/Size objects,
// the PyTorch-style argument parser, and the bridge that turns core errors into Python ones.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ops.h"
#include "core/print.h"
#include "core/random.h"
#include "python/native.h"
#include "torch/torch.h"

namespace stridelab::autograd {
class Node;
}

namespace stridelab::torch {

// The binding is written against the interpreter's object model throughout.
using namespace ::stridelab::python;

using core::DType;
using core::IntArray;
using core::Tensor;

// ---- objects -------------------------------------------------------------------------------

// A Python tensor: one object per TensorImpl while it lives (see wrap()).
class TensorObject : public Object {
 public:
  TensorObject(TypeObject* type, Tensor t);
  ~TensorObject() override;
  Tensor t;
  Namespace dict_;
  Namespace* instance_dict() override { return &dict_; }
};

class DTypeObject : public Object {
 public:
  DTypeObject(TypeObject* type, DType d) : Object(type), dtype(d) {}
  DType dtype;
};

class DeviceObject : public Object {
 public:
  explicit DeviceObject(TypeObject* type) : Object(type) {}
};

// A torch.Generator: its own stream, or (torch.default_generator) the global one.
class GeneratorObject : public Object {
 public:
  GeneratorObject(TypeObject* type, core::Generator* shared) : Object(type), gen(shared) {}
  explicit GeneratorObject(TypeObject* type) : Object(type), owned(std::make_unique<core::Generator>()) {
    gen = owned.get();
  }
  core::Generator* gen;
  std::unique_ptr<core::Generator> owned;
};
// The stream of a torch.Generator argument; null or None means the default generator.
core::Generator& generator_of(Object* o);

struct TorchTypes {
  TypeObject *tensor = nullptr, *parameter = nullptr, *dtype = nullptr, *device = nullptr, *size = nullptr,
             *grad_mode = nullptr, *storage = nullptr, *node = nullptr, *hook_handle = nullptr, *module = nullptr,
             *layout = nullptr, *generator = nullptr;
};
TorchTypes& types();

// is_tensor and unwrap are in torch.h.
// The Python object for t: the live one if t's TensorImpl already has one, else a new one.
ObjRef wrap(const Tensor& t);
ObjRef wrap_as(const Tensor& t, TypeObject* type);  // always a new object of `type`
ObjRef wrap_list(const std::vector<Tensor>& ts, bool as_tuple = true);
ObjRef dtype_obj(DType d);
ObjRef device_obj();
ObjRef make_size(const IntArray& sizes);
std::optional<DType> dtype_of_object(Object* o);  // torch.float32, float, int, bool

// Python type name as PyTorch's messages print it (tp_name): "int", "Tensor", "torch.Size".
std::string py_typename(const Object* o);

// Runs fn, turning core::Error into the Python exception of the same kind and message.
[[noreturn]] void rethrow_core(const core::Error& e);
template <class F>
auto guarded(F&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const core::Error& e) { rethrow_core(e); }
}

// ---- Python data -> tensors ----------------------------------------------------------------
core::Scalar to_scalar(Interp& in, Object* o);  // bool/int/float or one-element tensor
// A Python int read into an int64 as PyTorch reads one: beyond int64's range, PyTorch's
// RuntimeError ("Overflow when unpacking long").
int64_t unpack_long(const Object* int_obj);
// False for a Python int beyond int64's range (which PyTorch's argument parser does not take
// where it wants a SymInt).
bool fits_long(const Object* int_obj);
Tensor scalar_to_tensor(const core::Scalar& s);  // a wrapped number
// torch.tensor(data): nested lists/tuples of numbers or tensors.
Tensor tensor_from_data(Interp& in, Object* data, std::optional<DType> dtype, const char* fname);
ObjRef tolist(const Tensor& t);
ObjRef scalar_to_py(const core::Scalar& s);

// ---- argument parsing (PyTorch's PythonArgParser rules and messages) -------------------------
struct Param;
struct Signature;

class ParsedArgs {
 public:
  int idx = -1;  // which signature matched
  std::vector<Object*> values;
  std::vector<const std::string*> defaults;  // the matched signature's strings
  std::vector<int> types;
  std::string fname;
  std::vector<const std::string*> pnames;
  std::vector<ObjRef> keep;  // temporaries (varargs tuples)
  Interp* in = nullptr;
  bool is_method = false;  // called as a Tensor method (else as torch.*)

  // Index of the parameter called `name` in the matched signature, or -1. Every accessor treats
  // -1 as an omitted argument, so one body serves overloads with different parameter lists.
  int at(std::string_view name) const;
  void insert_self(Object* self);  // a method's self becomes parameter 0, "input"

  Object* val(int i) const { return i < 0 ? nullptr : values[i]; }
  const std::string& def(int i) const;
  bool has(int i) const { return val(i) != nullptr; }
  Object* obj(int i) const { return val(i); }
  Tensor tensor(int i) const;  // numbers become wrapped 0-d tensors
  std::optional<Tensor> opt_tensor(int i) const;
  core::Scalar scalar(int i) const;
  std::optional<core::Scalar> opt_scalar(int i) const;
  int64_t toInt(int i) const;
  std::optional<int64_t> opt_int(int i) const;
  double toDouble(int i) const;
  bool toBool(int i) const;
  std::optional<bool> opt_bool(int i) const;
  IntArray intlist(int i) const;
  std::optional<IntArray> opt_intlist(int i) const;
  std::optional<DType> dtype(int i) const;
  std::vector<Tensor> tensorlist(int i) const;
  std::string string(int i) const;

#define STRIDELAB_BY_NAME(ret, fn) \
  ret fn(const char* n) const { return fn(at(n)); }
  STRIDELAB_BY_NAME(bool, has)
  STRIDELAB_BY_NAME(Object*, obj)
  STRIDELAB_BY_NAME(Tensor, tensor)
  STRIDELAB_BY_NAME(std::optional<Tensor>, opt_tensor)
  STRIDELAB_BY_NAME(core::Scalar, scalar)
  STRIDELAB_BY_NAME(std::optional<core::Scalar>, opt_scalar)
  STRIDELAB_BY_NAME(int64_t, toInt)
  STRIDELAB_BY_NAME(std::optional<int64_t>, opt_int)
  STRIDELAB_BY_NAME(double, toDouble)
  STRIDELAB_BY_NAME(bool, toBool)
  STRIDELAB_BY_NAME(std::optional<bool>, opt_bool)
  STRIDELAB_BY_NAME(IntArray, intlist)
  STRIDELAB_BY_NAME(std::optional<IntArray>, opt_intlist)
  STRIDELAB_BY_NAME(std::optional<DType>, dtype)
  STRIDELAB_BY_NAME(std::vector<Tensor>, tensorlist)
  STRIDELAB_BY_NAME(std::string, string)
#undef STRIDELAB_BY_NAME
};

class Parser {
 public:
  explicit Parser(std::vector<std::string> signatures);
  ~Parser();
  // args.pos[0] is self when `has_self`.
  ParsedArgs parse(Interp& in, CallArgs& args, bool has_self = false) const;

 private:
  std::vector<Signature*> sigs_;
};

// Wraps the returned tensor(s) of a method body; `self` first in args.pos.
using TensorMethod = support::Callback<ObjRef(Interp&, CallArgs&)>;

// ---- view origins, for the trace (dispatch.cpp; see NOTE [View origins] there) --------------
// ViewOriginInfo, set_view_origin_tracking and view_origin are in torch.h.
// When old_sizes/old_strides cannot be viewed as new_sizes (core::compute_view_strides fails): dim
// d such that a new dim spans old dims d and d+1 while stride[d] != size[d+1] * stride[d+1];
// -1 when the view is possible.
int64_t view_broken_dim(const IntArray& old_sizes, const IntArray& old_strides, const IntArray& new_sizes);

// ---- warnings (dispatch.cpp) ---------------------------------------------------------------
// PyTorch's UserWarnings go to the running interpreter's stderr, attributed to the running line,
// or, inside a WarnFrom scope, to a line of PyTorch's own Python code (nn.MSELoss's forward,
// torch.autograd.backward) as CPython attributes them there.
class WarnFrom {
 public:
  explicit WarnFrom(const WarningSite& site);
  ~WarnFrom();
  WarnFrom(const WarnFrom&) = delete;
  WarnFrom& operator=(const WarnFrom&) = delete;
};
void emit_warning(const std::string& message, const std::string& category = "UserWarning");
// torch/autograd/__init__.py's call into the engine (Tensor.backward, torch.autograd.backward),
// and the running line of the program (a hook that backward calls): sites for WarnFrom.
const WarningSite& backward_site();
const WarningSite& user_code_site();
// Routes the autograd layer's warnings (autograd::set_warning_handler) to emit_warning.
void install_warning_handler();

// ---- frames of PyTorch's own Python code in tracebacks (frames.cpp) ----------------------
struct TorchFrame {
  const char* file;
  int line;
  const char* func;
  const char* text;  // the source line and markers as CPython prints them, each ending in "\n"
};
namespace frames {
extern const TorchFrame tensor_backward;
extern const TorchFrame tensor_register_hook;
extern const TorchFrame tensor_norm;
extern const TorchFrame tensor_split;
extern const TorchFrame tensor_format;
extern const TorchFrame tensor_wrapped;
extern const TorchFrame tensor_floordiv;
extern const TorchFrame tensor_rlshift;
extern const TorchFrame tensor_rrshift;
extern const TorchFrame tensor_len;
extern const TorchFrame tensor_iter;
extern const TorchFrame tensor_contains;
extern const TorchFrame tensor_unflatten;
extern const TorchFrame functional_split;
extern const TorchFrame tensor_split_with_sizes;
extern const TorchFrame functional_norm_dim;
extern const TorchFrame functional_split_attr;
extern const TorchFrame tensor_unflatten_empty;
extern const TorchFrame functional_norm_fro_all;
extern const TorchFrame functional_norm_p_all;
extern const TorchFrame functional_norm_fro_dtype;
extern const TorchFrame functional_norm_out;
extern const TorchFrame functional_norm_bad_p;
extern const TorchFrame functional_norm_p;
extern const TorchFrame functional_norm_p_dtype;
extern const TorchFrame functional_norm_p_out;
extern const TorchFrame functional_norm_p_dtype_out;
extern const TorchFrame functional_norm;
extern const TorchFrame functional_broadcast_tensors;
extern const TorchFrame autograd_backward_make_grads;
extern const TorchFrame autograd_backward_engine;
extern const TorchFrame autograd_grad_make_grads;
extern const TorchFrame autograd_grad_engine;
extern const TorchFrame make_grads_shape;
extern const TorchFrame make_grads_scalar;
extern const TorchFrame module_call;
extern const TorchFrame module_forward_unimplemented;
extern const TorchFrame module_add_module;
extern const TorchFrame module_repr_extra;
extern const TorchFrame module_repr_split;
extern const TorchFrame module_repr_child;
extern const TorchFrame module_getattr;
extern const TorchFrame module_apply_child;
extern const TorchFrame module_apply_fn;
extern const TorchFrame module_named_children_items;
extern const TorchFrame module_setattr;
extern const TorchFrame linear_forward;
extern const TorchFrame relu_forward;
extern const TorchFrame dropout_init;
extern const TorchFrame dropout_forward;
extern const TorchFrame F_dropout_p;
extern const TorchFrame F_dropout;
extern const TorchFrame F_dropout_inplace;
extern const TorchFrame sigmoid_forward;
extern const TorchFrame tanh_forward;
extern const TorchFrame softmax_forward;
extern const TorchFrame log_softmax_forward;
extern const TorchFrame flatten_forward;
extern const TorchFrame sequential_forward;
extern const TorchFrame sequential_iterate;
extern const TorchFrame module_apply_children;
extern const TorchFrame module_children;
extern const TorchFrame module_named_children;
extern const TorchFrame sequential_init;
extern const TorchFrame sequential_getitem;
extern const TorchFrame sequential_get_item_by_idx;
extern const TorchFrame mse_loss_forward;
extern const TorchFrame bce_with_logits_forward;
extern const TorchFrame cross_entropy_forward;
extern const TorchFrame F_relu;
extern const TorchFrame F_softmax;
extern const TorchFrame F_log_softmax;
extern const TorchFrame F_cross_entropy;
extern const TorchFrame F_nll_loss;
extern const TorchFrame nll_loss_forward;
extern const TorchFrame F_bce_with_logits_size;
extern const TorchFrame F_mse_loss_broadcast;
extern const TorchFrame F_mse_loss_reduction;
extern const TorchFrame reduction_get_enum;
extern const TorchFrame cuda_lazy_init;
extern const TorchFrame sgd_init_lr;
extern const TorchFrame sgd_init_momentum;
extern const TorchFrame sgd_init_weight_decay;
extern const TorchFrame sgd_init_nesterov;
extern const TorchFrame sgd_init_super;
extern const TorchFrame optimizer_init_empty;
extern const TorchFrame optimizer_init_tensor;
extern const TorchFrame optimizer_init_add_group;
extern const TorchFrame optimizer_add_group_assert;
extern const TorchFrame optimizer_add_group_not_tensor;
extern const TorchFrame optimizer_add_group_non_leaf;
extern const TorchFrame optimizer_add_group_required;
extern const TorchFrame optimizer_add_group_duplicate;
}  // namespace frames

// Adds the frames (given outermost first) to the traceback of an exception leaving native code.
void add_torch_frames(ExceptionObject* exc, const std::vector<const TorchFrame*>& outer_to_inner);
// Raises `type(message)` as PyTorch's Python code raises it, from inside those frames.
[[noreturn]] void raise_from(const std::vector<const TorchFrame*>& outer_to_inner, TypeObject* type,
                             const std::string& message);
// Runs fn as PyTorch's Python code would run it between the program and the C++ that raises:
// an exception leaving fn gets `outer_to_inner` in its traceback.
template <class F>
auto through(const std::vector<const TorchFrame*>& outer_to_inner, F&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const PyError& e) {
    add_torch_frames(e.exc.get(), outer_to_inner);
    throw;
  }
}

// Tensor.backward, torch.autograd.backward and torch.autograd.grad run the engine from Python
// (torch/_tensor.py, torch/autograd/__init__.py): fn's errors get those frames (the checks of
// _make_grads or the engine call, by message), its warnings that location.
enum class EngineCall { TensorBackward, Backward, Grad };
void run_engine(EngineCall call, const std::function<void()>& fn);

// ---- autograd bridge (tensor_autograd.cpp) ------------------------------------------------------
bool grad_enabled();
void set_grad_enabled(bool on);
bool requires_grad(const Tensor& t);
std::string grad_fn_name(const Tensor& t);
core::PrintSuffix print_suffix(const Tensor& t);

ObjRef grad_fn_obj(const Tensor& t);
// A node as Python sees it (grad_fn, next_functions): None, a custom Function's ctx, or the node's
// object (one per node while it lives).
ObjRef grad_fn_object(const std::shared_ptr<autograd::Node>& n);
// torch.autograd.Function (autograd_function.cpp), and the ctx of a custom Function's node (null for
// other nodes).
TypeObject* autograd_function_type();
ObjRef custom_function_ctx(const std::shared_ptr<autograd::Node>& n);
ObjRef typed_storage_of(const Tensor& t);
ObjRef untyped_storage_of(const Tensor& t);
void add_tensor_autograd(NativeType& t);
void add_tuple_methods(NativeType& t);

// ---- registration --------------------------------------------------------------------------
void init_tensor_type(Interp& in);
void add_torch_functions(Interp& in, ModuleObject* torch);
// torch.finfo, torch.iinfo, torch.inf, nan, pi, e (type_info.cpp).
void add_type_info(ModuleObject* torch);
void add_tensor_methods(NativeType& t);
Ref<ModuleObject> make_nn_module(Interp& in);
Ref<ModuleObject> make_functional_module(Interp& in);
Ref<ModuleObject> make_optim_module(Interp& in);
Ref<ModuleObject> make_autograd_module(Interp& in);
Ref<ModuleObject> make_data_module(Interp& in);
Ref<ModuleObject> make_lr_scheduler_module(Interp& in);
Ref<ModuleObject> make_nn_init_module(Interp& in);  // nn_init.cpp
Ref<ModuleObject> make_autograd_functional_module(Interp& in);
TypeObject* optimizer_base_type();  // torch.optim.Optimizer

}  // namespace stridelab::torch
