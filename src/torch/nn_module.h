// nn.Module's native object, shared by the files that define built-in layers (nn.cpp has Module
// itself, Linear, the activations and losses; nn_layers.cpp the convolution and pooling layers).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "torch/binding.h"

namespace stridelab::torch {

// NOTE [Module attributes]
// PyTorch keeps parameters and submodules in _parameters / _modules and finds them through
// __getattr__. Here they live in the instance dict like any attribute, and the module remembers
// which names are parameters and which are submodules, in registration order: that order is what
// parameters(), named_parameters() and print(model) follow.
class NnModule : public Object {
 public:
  explicit NnModule(TypeObject* t) : Object(t) { track(); }  // NOTE [Cycles at teardown]
  Namespace dict_;
  Namespace* instance_dict() override { return &dict_; }
  std::vector<std::string> params, modules;
  // Buffers (register_buffer), in registration order, and those left out of state_dict().
  std::vector<std::string> buffers, non_persistent;
  // nn.ParameterDict's keys, in insertion order.
  std::vector<std::string> param_dict_keys;
  // Changes whenever `modules` gains or loses a name, as the OrderedDict _modules's state does:
  // a walk over the children that runs Python code checks it at every step.
  uint64_t modules_state = 0;
  // Built-in layers' settings.
  int64_t i0 = 0, i1 = 0;
  bool flag = false;
  bool has_dim = false;
  std::string reduction = "mean";
};

// The NnModule of a Module object (the binding's methods are called on Modules only).
inline NnModule* as_module(Object* o) { return static_cast<NnModule*>(o); }

// A module's attribute from its instance dict, or None when it has none.
inline Object* module_attr(NnModule* m, const char* name) {
  Object* v = m->dict_.get(name);
  return v ? v : none();
}

// Whether o is an nn.UninitializedParameter (a LazyLinear's parameters before its first call), and
// PyTorch's ValueError for using one in `what` ("<method 'numel' of 'torch._C._TensorBase' objects>").
bool is_uninitialized_parameter(const Object* o);
[[noreturn]] void raise_uninitialized_use(const std::string& what);

// Module.__setattr__: a Parameter or Module value is registered under its name.
void nn_module_setattr(Interp& in, NnModule* m, const std::string& name, ObjRef value);

// The layers and functions of nn_layers.cpp, added to torch.nn (with Module as their base) and to
// torch.nn.functional.
void add_nn_layers(TypeObject* module_base, std::vector<std::pair<std::string, TypeObject*>>& layers);
void add_nn_layer_functions(ModuleObject* functional, ModuleObject* torch_module);
// The same for nn_layers_more.cpp (activations, embedding, layer_norm), called from those two.
void add_nn_layers_more(TypeObject* module_base, std::vector<std::pair<std::string, TypeObject*>>& layers);
void add_nn_layer_functions_more(ModuleObject* functional);
// nn.ModuleList and nn.ModuleDict (nn_containers.cpp), and the Module base they derive from.
void add_nn_containers(TypeObject* module_base, std::vector<std::pair<std::string, TypeObject*>>& layers);
TypeObject* nn_module_base();
// nn.ParameterList and nn.ParameterDict (nn_param_containers.cpp).
void add_nn_param_containers(TypeObject* module_base, std::vector<std::pair<std::string, TypeObject*>>& layers);
// Module's buffer and state methods (nn_state.cpp): register_buffer, buffers, named_buffers,
// state_dict, load_state_dict.
void add_module_state_methods(NativeType& module_type);
// nn.BatchNorm1d / nn.BatchNorm2d and F.batch_norm (nn_batch_norm.cpp).
void add_nn_batch_norm(TypeObject* module_base, std::vector<std::pair<std::string, TypeObject*>>& layers);
void add_batch_norm_function(ModuleObject* functional);

}  // namespace stridelab::torch
