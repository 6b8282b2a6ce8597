// Frames of PyTorch 1.13's own Python code, for tracebacks: where PyTorch runs Python between the
// program's call and the C++ that raised (Tensor.backward -> torch.autograd.backward -> the
// engine, Module.__call__ -> forward -> F.linear, ...), CPython prints those frames too, and so
// does the playground. Each frame is as CPython 3.11 prints it from the files of the python3-torch
// package (the source line, and the `^^^` markers where CPython prints them).
#include "torch/binding.h"

namespace stridelab::torch {

namespace frames {

#define TORCH_PY "/usr/lib/python3/dist-packages/torch/"

// torch/_tensor.py
const TorchFrame tensor_backward{TORCH_PY "_tensor.py", 488, "backward", "    torch.autograd.backward(\n"};
const TorchFrame tensor_register_hook{TORCH_PY "_tensor.py", 524, "register_hook", "    raise RuntimeError(\n"};
const TorchFrame tensor_norm{TORCH_PY "_tensor.py", 638, "norm",
                             "    return torch.norm(self, p, dim, keepdim, dtype=dtype)\n"
                             "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tensor_split{TORCH_PY "_tensor.py", 787, "split",
                              "    return torch._VF.split(self, split_size, dim)  # type: ignore[attr-defined]\n"
                              "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tensor_format{TORCH_PY "_tensor.py", 859, "__format__",
                               "    return object.__format__(self, format_spec)\n"
                               "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tensor_wrapped{TORCH_PY "_tensor.py", 39, "wrapped",
                                "    return f(*args, **kwargs)\n"
                                "           ^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tensor_floordiv{TORCH_PY "_tensor.py", 868, "__floordiv__",
                                 "    return torch.floor_divide(self, other)\n"
                                 "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tensor_rlshift{TORCH_PY "_tensor.py", 876, "__rlshift__",
                                "    return torch.bitwise_left_shift(other, self)\n"
                                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tensor_rrshift{TORCH_PY "_tensor.py", 880, "__rrshift__",
                                "    return torch.bitwise_right_shift(other, self)\n"
                                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tensor_len{TORCH_PY "_tensor.py", 894, "__len__", "    raise TypeError(\"len() of a 0-d tensor\")\n"};
const TorchFrame tensor_iter{TORCH_PY "_tensor.py", 916, "__iter__",
                             "    raise TypeError(\"iteration over a 0-d tensor\")\n"};
const TorchFrame tensor_contains{TORCH_PY "_tensor.py", 985, "__contains__", "    raise RuntimeError(\n"};
const TorchFrame tensor_unflatten{TORCH_PY "_tensor.py", 1173, "unflatten",
                                  "    return super(Tensor, self).unflatten(dim, sizes)\n"
                                  "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};

// The branches of Tensor.split and Tensor.unflatten, and of torch/functional.py's norm.
const TorchFrame tensor_split_with_sizes{TORCH_PY "_tensor.py", 789, "split",
                                         "    return torch._VF.split_with_sizes(self, split_size, dim)\n"
                                         "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tensor_unflatten_empty{TORCH_PY "_tensor.py", 1164, "unflatten",
                                        "    raise RuntimeError(\"unflatten: sizes must be non-empty\")\n"};
const TorchFrame functional_norm_fro_all{TORCH_PY "functional.py", 1482, "norm",
                                         "    return _VF.frobenius_norm(input, dim=(), keepdim=keepdim)\n"
                                         "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame functional_norm_p_all{
    TORCH_PY "functional.py", 1485, "norm",
    "    return _VF.norm(input, p, dim=_dim, keepdim=keepdim)  # type: ignore[attr-defined]\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame functional_norm_fro_dtype{
    TORCH_PY "functional.py", 1501, "norm",
    "    raise ValueError(\"dtype argument is not supported in frobenius norm\")\n"};
const TorchFrame functional_norm_out{TORCH_PY "functional.py", 1508, "norm",
                                     "    return _VF.frobenius_norm(input, _dim, keepdim=keepdim, out=out)\n"
                                     "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame functional_norm_bad_p{
    TORCH_PY "functional.py", 1522, "norm",
    "    raise RuntimeError(f\"only valid string values are 'fro' and 'nuc', found {p}\")\n"};
const TorchFrame functional_norm_p{
    TORCH_PY "functional.py", 1529, "norm",
    "    return _VF.norm(input, p, _dim, keepdim=keepdim)  # type: ignore[attr-defined]\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame functional_norm_p_dtype{
    TORCH_PY "functional.py", 1531, "norm",
    "    return _VF.norm(input, p, _dim, keepdim=keepdim, dtype=dtype)  # type: ignore[attr-defined]\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame functional_norm_p_out{
    TORCH_PY "functional.py", 1534, "norm",
    "    return _VF.norm(input, p, _dim, keepdim=keepdim, out=out)  # type: ignore[attr-defined]\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame functional_norm_p_dtype_out{
    TORCH_PY "functional.py", 1536, "norm",
    "    return _VF.norm(input, p, _dim, keepdim=keepdim, dtype=dtype, out=out)  # type: ignore[attr-defined]\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};

const TorchFrame functional_norm_dim{TORCH_PY "functional.py", 1476, "norm",
                                     "    ndim = input.dim()\n"
                                     "           ^^^^^^^^^\n"};
const TorchFrame functional_split_attr{TORCH_PY "functional.py", 189, "split",
                                       "    return tensor.split(split_size_or_sections, dim)\n"
                                       "           ^^^^^^^^^^^^\n"};

// torch/functional.py
const TorchFrame functional_split{TORCH_PY "functional.py", 189, "split",
                                  "    return tensor.split(split_size_or_sections, dim)\n"
                                  "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame functional_norm{TORCH_PY "functional.py", 1506, "norm",
                                 "    return _VF.frobenius_norm(input, _dim, keepdim=keepdim)\n"
                                 "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame functional_broadcast_tensors{
    TORCH_PY "functional.py", 74, "broadcast_tensors",
    "    return _VF.broadcast_tensors(tensors)  # type: ignore[attr-defined]\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};

// torch/autograd/__init__.py
const TorchFrame autograd_backward_make_grads{
    TORCH_PY "autograd/__init__.py", 190, "backward",
    "    grad_tensors_ = _make_grads(tensors, grad_tensors_, is_grads_batched=False)\n"
    "                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame autograd_backward_engine{
    TORCH_PY "autograd/__init__.py", 197, "backward",
    "    Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\n"};
const TorchFrame autograd_grad_make_grads{
    TORCH_PY "autograd/__init__.py", 285, "grad",
    "    grad_outputs_ = _make_grads(t_outputs, grad_outputs_, is_grads_batched=is_grads_batched)\n"
    "                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame autograd_grad_engine{
    TORCH_PY "autograd/__init__.py", 300, "grad",
    "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame make_grads_shape{TORCH_PY "autograd/__init__.py", 68, "_make_grads",
                                  "    raise RuntimeError(\"Mismatch in shape: grad_output[\"\n"};
const TorchFrame make_grads_scalar{
    TORCH_PY "autograd/__init__.py", 85, "_make_grads",
    "    raise RuntimeError(\"grad can be implicitly created only for scalar outputs\")\n"};

// torch/nn/modules
const TorchFrame module_call{TORCH_PY "nn/modules/module.py", 1194, "_call_impl",
                             "    return forward_call(*input, **kwargs)\n"
                             "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame module_forward_unimplemented{TORCH_PY "nn/modules/module.py", 246, "_forward_unimplemented",
                                              "    raise NotImplementedError(f\"Module [{type(self).__name__}] is "
                                              "missing the required \\\"forward\\\" function\")\n"};
const TorchFrame module_add_module{TORCH_PY "nn/modules/module.py", 444, "add_module",
                                   "    raise TypeError(\"{} is not a Module subclass\".format(\n"};
const TorchFrame module_repr_extra{TORCH_PY "nn/modules/module.py", 2001, "__repr__",
                                   "    extra_repr = self.extra_repr()\n"
                                   "                 ^^^^^^^^^^^^^^^^^\n"};
const TorchFrame module_repr_split{TORCH_PY "nn/modules/module.py", 2004, "__repr__",
                                   "    extra_lines = extra_repr.split('\\n')\n"
                                   "                  ^^^^^^^^^^^^^^^^\n"};
const TorchFrame module_repr_child{TORCH_PY "nn/modules/module.py", 2007, "__repr__",
                                   "    mod_str = repr(module)\n"
                                   "              ^^^^^^^^^^^^\n"};
const TorchFrame module_getattr{TORCH_PY "nn/modules/module.py", 1269, "__getattr__",
                                "    raise AttributeError(\"'{}' object has no attribute '{}'\".format(\n"};
const TorchFrame module_setattr{TORCH_PY "nn/modules/module.py", 1290, "__setattr__",
                                "    raise TypeError(\"cannot assign '{}' as parameter '{}' \"\n"};
const TorchFrame linear_forward{TORCH_PY "nn/modules/linear.py", 114, "forward",
                                "    return F.linear(input, self.weight, self.bias)\n"
                                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame relu_forward{TORCH_PY "nn/modules/activation.py", 102, "forward",
                              "    return F.relu(input, inplace=self.inplace)\n"
                              "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame sigmoid_forward{TORCH_PY "nn/modules/activation.py", 294, "forward",
                                 "    return torch.sigmoid(input)\n"
                                 "           ^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame tanh_forward{TORCH_PY "nn/modules/activation.py", 358, "forward",
                              "    return torch.tanh(input)\n"
                              "           ^^^^^^^^^^^^^^^^^\n"};
const TorchFrame softmax_forward{TORCH_PY "nn/modules/activation.py", 1390, "forward",
                                 "    return F.softmax(input, self.dim, _stacklevel=5)\n"
                                 "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame log_softmax_forward{TORCH_PY "nn/modules/activation.py", 1461, "forward",
                                     "    return F.log_softmax(input, self.dim, _stacklevel=5)\n"
                                     "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame flatten_forward{TORCH_PY "nn/modules/flatten.py", 46, "forward",
                                 "    return input.flatten(self.start_dim, self.end_dim)\n"
                                 "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame sequential_forward{TORCH_PY "nn/modules/container.py", 204, "forward",
                                    "    input = module(input)\n"
                                    "            ^^^^^^^^^^^^^\n"};
const TorchFrame sequential_iterate{TORCH_PY "nn/modules/container.py", 203, "forward", "    for module in self:\n"};
const TorchFrame module_apply_children{TORCH_PY "nn/modules/module.py", 727, "apply",
                                       "    for module in self.children():\n"};
const TorchFrame module_apply_child{TORCH_PY "nn/modules/module.py", 728, "apply", "    module.apply(fn)\n"};
const TorchFrame module_apply_fn{TORCH_PY "nn/modules/module.py", 729, "apply", "    fn(self)\n"};
const TorchFrame module_named_children_items{TORCH_PY "nn/modules/module.py", 1815, "named_children",
                                             "    for name, module in self._modules.items():\n"
                                             "                        ^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame module_children{TORCH_PY "nn/modules/module.py", 1796, "children",
                                 "    for name, module in self.named_children():\n"};
const TorchFrame module_named_children{TORCH_PY "nn/modules/module.py", 1815, "named_children",
                                       "    for name, module in self._modules.items():\n"};
const TorchFrame sequential_init{TORCH_PY "nn/modules/container.py", 91, "__init__",
                                 "    self.add_module(str(idx), module)\n"};
const TorchFrame sequential_getitem{TORCH_PY "nn/modules/container.py", 107, "__getitem__",
                                    "    return self._get_item_by_idx(self._modules.values(), idx)\n"
                                    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame sequential_get_item_by_idx{TORCH_PY "nn/modules/container.py", 98, "_get_item_by_idx",
                                            "    raise IndexError('index {} is out of range'.format(idx))\n"};
const TorchFrame mse_loss_forward{TORCH_PY "nn/modules/loss.py", 536, "forward",
                                  "    return F.mse_loss(input, target, reduction=self.reduction)\n"
                                  "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame bce_with_logits_forward{TORCH_PY "nn/modules/loss.py", 720, "forward",
                                         "    return F.binary_cross_entropy_with_logits(input, target,\n"
                                         "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame cross_entropy_forward{TORCH_PY "nn/modules/loss.py", 1174, "forward",
                                       "    return F.cross_entropy(input, target, weight=self.weight,\n"
                                       "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};

const TorchFrame dropout_init{TORCH_PY "nn/modules/dropout.py", 16, "__init__",
                              "    raise ValueError(\"dropout probability has to be between 0 and 1, \"\n"};
const TorchFrame dropout_forward{TORCH_PY "nn/modules/dropout.py", 59, "forward",
                                 "    return F.dropout(input, self.p, self.training, self.inplace)\n"
                                 "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};

// torch/nn/functional.py
const TorchFrame F_dropout_p{
    TORCH_PY "nn/functional.py", 1251, "dropout",
    "    raise ValueError(\"dropout probability has to be between 0 and 1, \" \"but got {}\".format(p))\n"};
const TorchFrame F_dropout{
    TORCH_PY "nn/functional.py", 1252, "dropout",
    "    return _VF.dropout_(input, p, training) if inplace else _VF.dropout(input, p, training)\n"
    "                                                            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_dropout_inplace{
    TORCH_PY "nn/functional.py", 1252, "dropout",
    "    return _VF.dropout_(input, p, training) if inplace else _VF.dropout(input, p, training)\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_relu{TORCH_PY "nn/functional.py", 1457, "relu",
                        "    result = torch.relu(input)\n"
                        "             ^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_softmax{TORCH_PY "nn/functional.py", 1841, "softmax",
                           "    ret = input.softmax(dim)\n"
                           "          ^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_log_softmax{TORCH_PY "nn/functional.py", 1930, "log_softmax",
                               "    ret = input.log_softmax(dim)\n"
                               "          ^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_nll_loss{
    TORCH_PY "nn/functional.py", 2701, "nll_loss",
    "    return torch._C._nn.nll_loss_nd(input, target, weight, _Reduction.get_enum(reduction), ignore_index)\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame nll_loss_forward{
    TORCH_PY "nn/modules/loss.py", 216, "forward",
    "    return F.nll_loss(input, target, weight=self.weight, ignore_index=self.ignore_index, "
    "reduction=self.reduction)\n"
    "           "
    "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_cross_entropy{
    TORCH_PY "nn/functional.py", 3026, "cross_entropy",
    "    return torch._C._nn.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index, "
    "label_smoothing)\n"
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
    "^^^^^^^^^^^^^^^\n"};
const TorchFrame F_bce_with_logits_size{TORCH_PY "nn/functional.py", 3160, "binary_cross_entropy_with_logits",
                                        "    raise ValueError(\"Target size ({}) must be the same as input size "
                                        "({})\".format(target.size(), input.size()))\n"};
const TorchFrame F_mse_loss_broadcast{TORCH_PY "nn/functional.py", 3291, "mse_loss",
                                      "    expanded_input, expanded_target = torch.broadcast_tensors(input, target)\n"
                                      "                                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame F_mse_loss_reduction{TORCH_PY "nn/functional.py", 3292, "mse_loss",
                                      "    return torch._C._nn.mse_loss(expanded_input, expanded_target, "
                                      "_Reduction.get_enum(reduction))\n"
                                      "                                                                  "
                                      "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"};
const TorchFrame reduction_get_enum{
    TORCH_PY "nn/_reduction.py", 19, "get_enum",
    "    raise ValueError(\"{} is not a valid value for reduction\".format(reduction))\n"};

// torch/optim
const TorchFrame sgd_init_lr{TORCH_PY "optim/sgd.py", 97, "__init__",
                             "    raise ValueError(\"Invalid learning rate: {}\".format(lr))\n"};
const TorchFrame sgd_init_momentum{TORCH_PY "optim/sgd.py", 99, "__init__",
                                   "    raise ValueError(\"Invalid momentum value: {}\".format(momentum))\n"};
const TorchFrame sgd_init_weight_decay{
    TORCH_PY "optim/sgd.py", 101, "__init__",
    "    raise ValueError(\"Invalid weight_decay value: {}\".format(weight_decay))\n"};
const TorchFrame sgd_init_nesterov{
    TORCH_PY "optim/sgd.py", 108, "__init__",
    "    raise ValueError(\"Nesterov momentum requires a momentum and zero dampening\")\n"};
const TorchFrame sgd_init_super{TORCH_PY "optim/sgd.py", 109, "__init__",
                                "    super(SGD, self).__init__(params, defaults)\n"};
const TorchFrame optimizer_init_empty{TORCH_PY "optim/optimizer.py", 61, "__init__",
                                      "    raise ValueError(\"optimizer got an empty parameter list\")\n"};
const TorchFrame optimizer_init_tensor{TORCH_PY "optim/optimizer.py", 52, "__init__",
                                       "    raise TypeError(\"params argument given to the optimizer should be \"\n"};
const TorchFrame optimizer_init_add_group{TORCH_PY "optim/optimizer.py", 66, "__init__",
                                          "    self.add_param_group(param_group)\n"};
const TorchFrame optimizer_add_group_assert{
    TORCH_PY "optim/optimizer.py", 310, "add_param_group",
    "    assert isinstance(param_group, dict), \"param group must be a dict\"\n"};
const TorchFrame optimizer_add_group_not_tensor{TORCH_PY "optim/optimizer.py", 323, "add_param_group",
                                                "    raise TypeError(\"optimizer can only optimize Tensors, \"\n"};
const TorchFrame optimizer_add_group_non_leaf{TORCH_PY "optim/optimizer.py", 326, "add_param_group",
                                              "    raise ValueError(\"can't optimize a non-leaf Tensor\")\n"};
const TorchFrame optimizer_add_group_required{
    TORCH_PY "optim/optimizer.py", 330, "add_param_group",
    "    raise ValueError(\"parameter group didn't specify a value of required optimization parameter \" +\n"};
const TorchFrame optimizer_add_group_duplicate{
    TORCH_PY "optim/optimizer.py", 346, "add_param_group",
    "    raise ValueError(\"some parameters appear in more than one parameter group\")\n"};

// torch/cuda
const TorchFrame cuda_lazy_init{TORCH_PY "cuda/__init__.py", 221, "_lazy_init",
                                "    raise AssertionError(\"Torch not compiled with CUDA enabled\")\n"};

#undef TORCH_PY

}  // namespace frames

void add_torch_frames(ExceptionObject* exc, const std::vector<const TorchFrame*>& outer_to_inner) {
  // The traceback is innermost first; frames already there (a hook or a forward of the program's
  // own, called from inside these) stay innermost.
  for (auto it = std::rbegin(outer_to_inner); it != std::rend(outer_to_inner); ++it) {
    const TorchFrame& f = **it;
    TracebackEntry e;
    e.func = f.func;
    e.pos.line = e.pos.end_line = f.line;
    e.file = f.file;
    e.text = f.text;
    exc->traceback_.push_back(std::move(e));
  }
}

void raise_from(const std::vector<const TorchFrame*>& outer_to_inner, TypeObject* type, const std::string& message) {
  Ref<ExceptionObject> e = new_exception(type, {make_str(message)});
  add_torch_frames(e.get(), outer_to_inner);
  throw PyError{e};
}

}  // namespace stridelab::torch
