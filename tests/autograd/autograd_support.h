// Helpers for the autograd tests: tensors rebuilt from recorded PyTorch values, the compact graph
// string record_autograd.py writes, and a finite-difference check.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <string>

#include "autograd/autograd.h"
#include "support/expect.h"

namespace stridelab::testing {

using autograd::Node;
using core::Tensor;

inline core::DType dtype_of(const std::string& name) {
  for (core::DType d :
       {core::DType::Bool, core::DType::Int32, core::DType::Int64, core::DType::Float32, core::DType::Float64}) {
    if (name == core::dtype_name(d)) return d;
  }
  FAIL("unknown dtype " << name);
  return core::DType::Float32;
}

// A tensor with the recorded sizes, strides (when recorded), dtype and values; requires_grad when
// recorded so.
inline Tensor tensor_from(const support::Json& d) {
  core::IntArray sizes;
  for (const auto& s : d.at("sizes").as_array()) sizes.push_back(s.as_int());
  core::DType dtype = dtype_of(d.at("dtype").as_string());
  std::vector<core::Scalar> values;
  for (const auto& v : d.at("values").as_array()) {
    if (dtype == core::DType::Bool) values.push_back(core::Scalar(v.as_bool()));
    else if (core::is_floating(dtype)) values.push_back(core::Scalar(json_number(v)));
    else values.push_back(core::Scalar(v.as_int()));
  }
  Tensor t = core::from_values(values, sizes, dtype);
  if (d.contains("strides")) {
    core::IntArray strides;
    for (const auto& s : d.at("strides").as_array()) strides.push_back(s.as_int());
    if (strides != t.strides() && core::numel_of(sizes) > 1) {
      // Rebuild the recorded layout (a transposed leaf, say).
      std::vector<size_t> order(sizes.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return strides[a] > strides[b]; });
      core::IntArray perm_sizes;
      for (size_t i : order) perm_sizes.push_back(sizes[i]);
      Tensor base = core::empty(perm_sizes, dtype);
      core::IntArray inverse(order.size());
      for (size_t i = 0; i < order.size(); ++i) inverse[order[i]] = static_cast<int64_t>(i);
      Tensor laid = core::permute(base, inverse);
      core::copy_(laid, t);
      t = Tensor(std::make_shared<core::TensorImpl>(laid.storage(), laid.sizes(), laid.strides(), laid.storage_offset(),
                                                    dtype, std::make_shared<core::VersionCounter>()));
    }
  }
  if (d.contains("requires_grad") && d.at("requires_grad").as_bool()) autograd::set_requires_grad(t, true);
  return t;
}

// The graph below `fn` as record_autograd.py writes it: MulBackward0(AccumulateGrad[x], None).
inline std::string graph_string(const std::shared_ptr<Node>& fn,
                                const std::map<const core::TensorImpl*, std::string>& names) {
  if (!fn) return "None";
  std::string n = fn->type_name();
  if (auto* acc = dynamic_cast<autograd::AccumulateGrad*>(fn.get())) {
    auto it = names.find(acc->variable().impl());
    return "AccumulateGrad[" + (it == names.end() ? std::string("?") : it->second) + "]";
  }
  std::string kids;
  for (const auto& e : fn->next_edges()) {
    if (!kids.empty()) kids += ", ";
    kids += graph_string(e.function, names);
    if (e.input_nr) kids += ":" + std::to_string(e.input_nr);
  }
  return kids.empty() ? n : n + "(" + kids + ")";
}

// The sorted names of what a node saved (Python's `_saved_*` attributes).
inline support::Json saved_names(const std::shared_ptr<Node>& fn) {
  std::vector<std::string> names;
  if (fn) {
    for (const auto& ref : fn->saved_tensors()) names.push_back(ref.name);
    for (const auto& attr : fn->saved_attributes()) names.push_back(attr.name);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return support::Json::array_of(names);
}

// sum(out * g) in double, for finite differences.
inline double weighted_sum(const Tensor& out, const Tensor& g) {
  double total = 0;
  for (int64_t k = 0; k < out.numel(); ++k)
    total += core::get_flat(out, k).to_double() * core::get_flat(g, k).to_double();
  return total;
}

// Element k (row-major) of a float64 tensor, for writing.
inline double& element_ref(const Tensor& t, int64_t k) {
  int64_t offset = t.storage_offset();
  int64_t rest = k;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    int64_t size = t.sizes()[d];
    offset += (rest % size) * t.strides()[d];
    rest /= size;
  }
  return reinterpret_cast<double*>(t.storage()->data())[offset];
}

}  // namespace stridelab::testing
