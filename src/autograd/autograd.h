// Everything the interpreter and the trace use from src/autograd, in one include.
//
//   grad_mode.h       torch.no_grad / enable_grad / set_grad_enabled, is_grad_enabled
//   variable.h        requires_grad, grad, grad_fn, is_leaf, retain_grad, register_hook, detach, .data
//   node.h            graph nodes (grad_fn): name, next_functions, saved tensors and values
//   saved_variable.h  a saved tensor with the version it had when saved
//   basic_nodes.h     AccumulateGrad (.variable) and CopySlices
//   engine.h          backward, torch.autograd.grad, and the observer the trace steps through
//   ops.h             the differentiable ops
//   nn.h              nn.Linear's initialisation, zero_grad, torch.optim.SGD
//
// Call the ops qualified (autograd::sum(x)): their core::Tensor arguments also bring core's ops of
// the same names (core::sum) in by argument-dependent lookup, so an unqualified call is ambiguous.
#pragma once

#include "autograd/basic_nodes.h"
#include "autograd/engine.h"
#include "autograd/grad_mode.h"
#include "autograd/nn.h"
#include "autograd/node.h"
#include "autograd/ops.h"
#include "autograd/saved_variable.h"
#include "autograd/variable.h"
