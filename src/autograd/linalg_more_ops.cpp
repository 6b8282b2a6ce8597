// baddbmm, addbmm, addmv and einsum. einsum is not a primitive: it is composed of diagonal, movedim,
// unsqueeze, permute, sum, mul, reshape, bmm and view exactly as PyTorch 1.13 composes it (left to
// right, one pairwise contraction by bmm at a time), so its graph has PyTorch's nodes.
#include <array>
#include <cctype>
#include <deque>

#include "autograd/function_helpers.h"
#include "autograd/ops.h"
#include "autograd/ops_more.h"
#include "core/error.h"

namespace stridelab::autograd {

using core::IntArray;
using detail::any_defined;
using detail::make_node;
using detail::maybe_multiply;
using detail::SavingNode;
using detail::with_history;
using detail::wrapped;

namespace {

bool is_zero(Scalar s) { return s.is_float() ? s.to_double() == 0.0 : s.to_int() == 0; }

struct BaddbmmBackward0 : SavingNode<BaddbmmBackward0> {
  NODE_NAME(BaddbmmBackward0)
  SavedVariable batch1_, batch2_;
  Scalar alpha, beta;
  static auto saved_fields() {
    return std::array{Field{"_saved_batch1", &BaddbmmBackward0::batch1_},
                      Field{"_saved_batch2", &BaddbmmBackward0::batch2_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_alpha", alpha}, {"_saved_beta", beta}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor batch1 = batch1_.unpack(), batch2 = batch2_.unpack();
    variable_list out(3);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) out[0] = maybe_multiply(grad, beta);
    if (task_should_compute_output(1))
      out[1] = maybe_multiply(autograd::bmm(grad, autograd::transpose(batch2, 1, 2)), alpha);
    if (task_should_compute_output(2))
      out[2] = maybe_multiply(autograd::bmm(autograd::transpose(batch1, 1, 2), grad), alpha);
    return out;
  }
};

struct AddbmmBackward0 : SavingNode<AddbmmBackward0> {
  NODE_NAME(AddbmmBackward0)
  SavedVariable batch1_, batch2_;
  Scalar alpha, beta;
  int64_t batch1_size0 = 0, batch1_size1 = 0, batch2_size2 = 0;
  static auto saved_fields() {
    return std::array{Field{"_saved_batch1", &AddbmmBackward0::batch1_},
                      Field{"_saved_batch2", &AddbmmBackward0::batch2_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_alpha", alpha},
            {"_saved_batch1_argsize_0", batch1_size0},
            {"_saved_batch1_argsize_1", batch1_size1},
            {"_saved_batch2_argsize_2", batch2_size2},
            {"_saved_beta", beta}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor batch1 = batch1_.unpack(), batch2 = batch2_.unpack();
    variable_list out(3);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) out[0] = maybe_multiply(grad, beta);
    if (!task_should_compute_output(1) && !task_should_compute_output(2)) return out;
    // grad.unsqueeze(0).expand({batch1.size(0), batch1.size(1), batch2.size(2)})
    Tensor expanded = autograd::expand(autograd::unsqueeze(grad, 0), {batch1_size0, batch1_size1, batch2_size2});
    if (task_should_compute_output(1))
      out[1] = maybe_multiply(autograd::bmm(expanded, autograd::transpose(batch2, 1, 2)), alpha);
    if (task_should_compute_output(2))
      out[2] = maybe_multiply(autograd::bmm(autograd::transpose(batch1, 1, 2), expanded), alpha);
    return out;
  }
};

struct AddmvBackward0 : SavingNode<AddmvBackward0> {
  NODE_NAME(AddmvBackward0)
  SavedVariable mat_, vec_;
  Scalar alpha, beta;
  static auto saved_fields() {
    return std::array{Field{"_saved_mat", &AddmvBackward0::mat_}, Field{"_saved_vec", &AddmvBackward0::vec_}};
  }
  std::vector<SavedAttribute> saved_attributes() const override {
    return {{"_saved_alpha", alpha}, {"_saved_beta", beta}};
  }
  variable_list apply(variable_list&& grads) override {
    Tensor mat = mat_.unpack(), vec = vec_.unpack();
    variable_list out(3);
    if (!any_defined(grads)) return out;
    const Tensor& grad = grads[0];
    if (task_should_compute_output(0)) out[0] = maybe_multiply(grad, beta);
    if (task_should_compute_output(1))
      out[1] = maybe_multiply(autograd::mul(autograd::reshape(grad, {-1, 1}), vec), alpha);  // outer(grad, vec)
    if (task_should_compute_output(2)) out[2] = maybe_multiply(autograd::mv(autograd::t(mat), grad), alpha);
    return out;
  }
};

// beta * self + alpha * product, broadcast to the product's shape (self ignored when beta is 0).
Tensor add_scaled(const Tensor& self, const Tensor& product, Scalar beta, Scalar alpha) {
  STRIDELAB_CHECK(self.dtype() == product.dtype(), "expected scalar type ", core::scalar_type_name(product.dtype()),
                  " but found ", core::scalar_type_name(self.dtype()));
  Tensor expanded = core::expand(self, product.sizes());
  if (is_zero(beta)) return core::binary(core::BinaryOp::Mul, product, wrapped(alpha));
  Tensor scaled_self = core::binary(core::BinaryOp::Mul, expanded, wrapped(beta));
  return core::binary(core::BinaryOp::Add, scaled_self, product, alpha);
}

}  // namespace

Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, Scalar beta, Scalar alpha) {
  auto fn = make_node<BaddbmmBackward0>(self, batch1, batch2);
  if (fn) {
    fn->alpha = alpha;
    if (fn->should_compute_output(2)) fn->batch1_ = SavedVariable(batch1, false);
    if (fn->should_compute_output(1)) fn->batch2_ = SavedVariable(batch2, false);
    fn->beta = beta;
  }
  // The output's sizes come from the batches before any check of theirs (self is expanded first).
  core::expand(self, {batch1.dim() > 0 ? batch1.size(0) : 1, batch1.dim() > 1 ? batch1.size(1) : 1,
                      batch2.dim() > 2 ? batch2.size(2) : 1});
  Tensor product = core::bmm(batch1, batch2);
  return with_history(add_scaled(self, product, beta, alpha), fn);
}

Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, Scalar beta, Scalar alpha) {
  // self is expanded to the output's size before any check (expand_size), then addbmm_impl_'s checks.
  Tensor expanded = core::expand(self, {batch1.size(1), batch2.size(2)});
  STRIDELAB_CHECK(batch1.dim() == 3, "batch1 must be a 3D tensor");
  STRIDELAB_CHECK(batch2.dim() == 3, "batch2 must be a 3D tensor");
  STRIDELAB_CHECK(batch1.size(0) == batch2.size(0), "batch1 and batch2 must have same number of batches, got ",
                  batch1.size(0), " and ", batch2.size(0));
  STRIDELAB_CHECK(batch1.size(2) == batch2.size(1), "Incompatible matrix sizes for bmm (", batch1.size(1), "x",
                  batch1.size(2), " and ", batch2.size(1), "x", batch2.size(2), ")");
  STRIDELAB_CHECK(self.dtype() == batch2.dtype(), "self and mat2 must have the same dtype");
  STRIDELAB_CHECK(batch1.dtype() == batch2.dtype(), "mat1 and mat2 must have the same dtype");
  auto fn = make_node<AddbmmBackward0>(self, batch1, batch2);
  if (fn) {
    fn->alpha = alpha;
    fn->batch1_size0 = batch1.size(0);
    fn->batch1_size1 = batch1.size(1);
    if (fn->should_compute_output(2)) fn->batch1_ = SavedVariable(batch1, false);
    fn->batch2_size2 = batch2.size(2);
    if (fn->should_compute_output(1)) fn->batch2_ = SavedVariable(batch2, false);
    fn->beta = beta;
  }
  // result = beta * self, then result += alpha * batch1[b] @ batch2[b] for each b in turn.
  Tensor result;
  const int64_t batches = batch1.size(0);
  for (int64_t b = 0; b < batches; ++b) {
    Tensor product = core::mm(core::select(batch1, 0, b), core::select(batch2, 0, b));
    result =
        b == 0 ? add_scaled(expanded, product, beta, alpha) : core::binary(core::BinaryOp::Add, result, product, alpha);
  }
  if (batches == 0)
    result = is_zero(beta) ? core::zeros(expanded.sizes(), self.dtype())
                           : core::binary(core::BinaryOp::Mul, expanded, wrapped(beta));
  return with_history(core::contiguous(result), fn);
}

Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha) {
  STRIDELAB_CHECK(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1, "vector + matrix @ vector expected, got ",
                  self.dim(), ", ", mat.dim(), ", ", vec.dim());
  STRIDELAB_CHECK(mat.size(1) == vec.size(0) && (mat.size(0) == self.numel() || self.numel() == 1),
                  "size mismatch, got ", self.dim() == 0 ? 1 : self.size(0), ", ", mat.size(0), "x", mat.size(1), ",",
                  vec.size(0));
  auto fn = make_node<AddmvBackward0>(self, mat, vec);
  if (fn) {
    fn->alpha = alpha;
    fn->beta = beta;
    if (fn->should_compute_output(2)) fn->mat_ = SavedVariable(mat, false);
    if (fn->should_compute_output(1)) fn->vec_ = SavedVariable(vec, false);
  }
  Tensor product = core::mv(mat, vec);
  return with_history(add_scaled(self, product, beta, alpha), fn);
}

namespace {

// (left * right).sum(sum_dims, keepdim=true) for operands aligned to the same dims, by permute,
// reshape and one bmm (PyTorch's sumproduct_pair).
Tensor sumproduct_pair(const Tensor& left_in, const Tensor& right_in, const IntArray& sum_dims) {
  STRIDELAB_CHECK(left_in.dim() == right_in.dim(), "number of dimensions must match");
  if (sum_dims.empty()) return autograd::mul(left_in, right_in);
  const int64_t dim = left_in.dim();
  std::vector<bool> is_sum(static_cast<size_t>(dim), false);
  for (int64_t d : sum_dims) is_sum[static_cast<size_t>(d)] = true;
  IntArray lro, lo, ro;
  int64_t lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
  Tensor left = left_in, right = right_in;
  for (int64_t i = 0; i < dim; ++i) {
    bool sl = left.size(i) != 1, sr = right.size(i) != 1;
    if (is_sum[static_cast<size_t>(i)]) {
      if (sl && sr) {
        STRIDELAB_CHECK(left.size(i) == right.size(i), "non-broadcast dimensions must match");
        sum_size *= left.size(i);
      } else if (sl) {
        left = autograd::sum(left, {i}, true);
      } else if (sr) {
        right = autograd::sum(right, {i}, true);
      }
    } else if (sl && sr) {
      STRIDELAB_CHECK(left.size(i) == right.size(i), "non-broadcast dimensions must match");
      lro.push_back(i);
      lro_size *= left.size(i);
    } else if (sl) {
      lo.push_back(i);
      lo_size *= left.size(i);
    } else {
      ro.push_back(i);
      ro_size *= right.size(i);
    }
  }
  IntArray out_size;
  for (int64_t d : lro) out_size.push_back(left.size(d));
  for (int64_t d : lo) out_size.push_back(left.size(d));
  for (size_t k = 0; k < sum_dims.size(); ++k) out_size.push_back(1);
  for (int64_t d : ro) out_size.push_back(right.size(d));
  auto concat = [](std::initializer_list<const IntArray*> parts) {
    IntArray r;
    for (const IntArray* p : parts) r.insert(r.end(), p->begin(), p->end());
    return r;
  };
  IntArray lperm = concat({&lro, &lo, &sum_dims, &ro});
  IntArray rperm = concat({&lro, &sum_dims, &ro, &lo});
  IntArray operm(out_size.size(), -1);
  {
    int64_t i = 0;
    for (const IntArray* p : std::initializer_list<const IntArray*>{&lro, &lo, &sum_dims, &ro})
      for (int64_t d : *p) operm[static_cast<size_t>(d)] = i++;
  }
  left = autograd::reshape(autograd::permute(left, lperm), {lro_size, lo_size, sum_size});
  right = autograd::reshape(autograd::permute(right, rperm), {lro_size, sum_size, ro_size});
  Tensor result = autograd::bmm(left, right);
  return autograd::permute(autograd::view(result, out_size), operm);
}

constexpr int kLetters = 26;
constexpr int kLabels = 2 * kLetters;
constexpr int kEllipsis = kLabels;

int label_index(unsigned char c) { return std::isupper(c) ? c - 'A' : c - 'a' + kLetters; }
char label_char(int s) { return static_cast<char>(s < kLetters ? s + 'A' : s - kLetters + 'a'); }

}  // namespace

Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands) {
  STRIDELAB_CHECK(!operands.empty(), "einsum(): must provide at least one operand");
  const size_t num_ops = operands.size();
  const size_t arrow = equation.find("->");
  const std::string lhs = equation.substr(0, arrow);

  // Parse the operands' labels.
  std::vector<std::vector<int>> op_labels(num_ops);
  bool ell_in_input = false;
  size_t curr = 0;
  for (size_t i = 0; i < lhs.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(lhs[i]);
    if (c == ' ') continue;
    if (c == '.') {
      STRIDELAB_CHECK(!ell_in_input, "einsum(): found '.' for operand ", curr,
                      " for which an ellipsis was already found");
      STRIDELAB_CHECK(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.', "einsum(): found '.' for operand ",
                      curr, " that is not part of any ellipsis");
      op_labels[curr].push_back(kEllipsis);
      ell_in_input = true;
    } else if (c == ',') {
      ++curr;
      STRIDELAB_CHECK(curr < num_ops, "einsum(): fewer operands were provided than specified in the equation");
      ell_in_input = false;
    } else {
      STRIDELAB_CHECK(std::isalpha(c), "einsum(): invalid subscript given at index ", i,
                      " in the equation string, subscripts must be in [a-zA-Z]");
      op_labels[curr].push_back(label_index(c));
    }
  }
  STRIDELAB_CHECK(curr == num_ops - 1, "einsum(): more operands were provided than specified in the equation");

  // Label counts and the number of dims the ellipsis covers.
  std::vector<int64_t> label_count(kLabels, 0);
  int64_t ell_num_dim = 0;
  for (size_t i = 0; i < num_ops; ++i) {
    const int64_t ndims = operands[i].dim();
    int64_t nlabels = static_cast<int64_t>(op_labels[i].size());
    bool has_ellipsis = false;
    for (int label : op_labels[i]) {
      if (label == kEllipsis) {
        --nlabels;
        has_ellipsis = true;
        ell_num_dim = std::max(ell_num_dim, ndims - nlabels);
      } else {
        ++label_count[static_cast<size_t>(label)];
      }
    }
    STRIDELAB_CHECK(has_ellipsis ? nlabels <= ndims : nlabels == ndims,
                    "einsum(): the number of subscripts in the equation (", nlabels,
                    has_ellipsis ? ") is more than the number of dimensions ("
                                 : ") does not match the number of "
                                   "dimensions (",
                    ndims, ") for operand ", i, has_ellipsis ? "" : " and no ellipsis was given");
  }

  // Where each label goes in the aligned shape: output dims first, then the contracted ones.
  std::vector<int64_t> label_perm(kLabels, -1);
  int64_t perm_index = 0, ell_index = 0;
  bool ell_in_output = false;
  if (arrow == std::string::npos) {
    perm_index = ell_num_dim;
    ell_in_output = true;
    for (int label = 0; label < kLabels; ++label)
      if (label_count[static_cast<size_t>(label)] == 1) label_perm[static_cast<size_t>(label)] = perm_index++;
  } else {
    const std::string rhs = equation.substr(arrow + 2);
    for (size_t i = 0; i < rhs.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(rhs[i]);
      if (c == ' ') continue;
      if (c == '.') {
        STRIDELAB_CHECK(!ell_in_output, "einsum(): found '.' for output but an ellipsis (...) was already found");
        STRIDELAB_CHECK(i + 2 < rhs.size() && rhs[++i] == '.' && rhs[++i] == '.',
                        "einsum(): found '.' for output that is not part of any ellipsis (...)");
        ell_index = perm_index;
        perm_index += ell_num_dim;
        ell_in_output = true;
      } else {
        STRIDELAB_CHECK(std::isalpha(c), "einsum(): invalid subscript given at index ", lhs.size() + 2 + i,
                        " in the equation string, subscripts must be in [a-zA-Z]");
        const size_t index = static_cast<size_t>(label_index(c));
        STRIDELAB_CHECK(label_count[index] > 0 && label_perm[index] == -1, "einsum(): output subscript ", c,
                        label_perm[index] > -1 ? " appears more than once in the output"
                                               : " does not appear in the equation for any input operand");
        label_perm[index] = perm_index++;
      }
    }
  }
  const int64_t out_num_dim = perm_index;
  if (!ell_in_output) {
    ell_index = perm_index;
    perm_index += ell_num_dim;
  }
  for (int label = 0; label < kLabels; ++label)
    if (label_count[static_cast<size_t>(label)] > 0 && label_perm[static_cast<size_t>(label)] == -1)
      label_perm[static_cast<size_t>(label)] = perm_index++;

  // Align every operand to the shape (output dims, contracted dims): diagonals for repeated labels,
  // unsqueezed dims for missing ones, then one permute.
  std::vector<int64_t> label_size(kLabels, 1), ell_sizes(static_cast<size_t>(ell_num_dim), 1);
  std::vector<int64_t> dim_counts(static_cast<size_t>(perm_index), 0);
  std::deque<Tensor> ops;
  for (size_t i = 0; i < num_ops; ++i) {
    Tensor op = operands[i];
    IntArray permutation(static_cast<size_t>(perm_index), -1);
    int64_t dim = 0;
    for (int s : op_labels[i]) {
      if (s == kEllipsis) {
        const int64_t ndim = operands[i].dim() - (static_cast<int64_t>(op_labels[i].size()) - 1);
        for (int64_t j = ell_num_dim - ndim; j < ell_num_dim; ++j) {
          if (op.size(dim) != 1) {
            int64_t& es = ell_sizes[static_cast<size_t>(j)];
            STRIDELAB_CHECK(es == 1 || es == op.size(dim), "einsum(): dimension ", dim,
                            " covered by ellipsis in operand ", i, "has size ", op.size(dim),
                            " which does not broadcast with previously seen ellipsis with size ", es,
                            " for the respective dimension");
            es = op.size(dim);
            ++dim_counts[static_cast<size_t>(ell_index + j)];
          }
          permutation[static_cast<size_t>(ell_index + j)] = dim++;
        }
      } else if (permutation[static_cast<size_t>(label_perm[static_cast<size_t>(s)])] == -1) {
        if (op.size(dim) != 1) {
          int64_t& ls = label_size[static_cast<size_t>(s)];
          STRIDELAB_CHECK(ls == 1 || ls == op.size(dim), "einsum(): subscript ", label_char(s), " has size ",
                          op.size(dim), " for operand ", i, " which does not broadcast with previously seen size ", ls);
          ls = op.size(dim);
          ++dim_counts[static_cast<size_t>(label_perm[static_cast<size_t>(s)])];
        }
        permutation[static_cast<size_t>(label_perm[static_cast<size_t>(s)])] = dim++;
      } else {
        const int64_t prev = permutation[static_cast<size_t>(label_perm[static_cast<size_t>(s)])];
        STRIDELAB_CHECK(op.size(dim) == op.size(prev), "einsum(): subscript ", label_char(s),
                        " is repeated for operand ", i, " but the sizes don't match, ", op.size(dim),
                        " != ", op.size(prev));
        op = autograd::movedim(autograd::diagonal(op, 0, prev, dim), {-1}, {prev});
      }
    }
    for (int64_t& val : permutation) {
      if (val == -1) {
        op = autograd::unsqueeze(op, dim);
        val = dim++;
      }
    }
    ops.push_back(autograd::permute(op, permutation));
  }

  // Contract left to right.
  while (ops.size() > 1) {
    Tensor a = ops[0], b = ops[1];
    ops.pop_front();
    ops.pop_front();
    IntArray sum_dims, a_dims_to_sum, b_dims_to_sum;
    for (int64_t dim = out_num_dim; dim < perm_index; ++dim) {
      int64_t& count = dim_counts[static_cast<size_t>(dim)];
      if (a.size(dim) != 1 && b.size(dim) != 1) {
        if (--count == 1) {
          sum_dims.push_back(dim);
          count = 0;
        }
      } else if (count == 1) {
        if (a.size(dim) != 1) {
          a_dims_to_sum.push_back(dim);
          count = 0;
        } else if (b.size(dim) != 1) {
          b_dims_to_sum.push_back(dim);
          count = 0;
        }
      }
    }
    if (!a_dims_to_sum.empty()) a = autograd::sum(a, a_dims_to_sum, true);
    if (!b_dims_to_sum.empty()) b = autograd::sum(b, b_dims_to_sum, true);
    ops.push_front(sumproduct_pair(a, b, sum_dims));
  }

  // Drop (or sum out) the contracted dims.
  if (perm_index - out_num_dim > 0) {
    if (num_ops > 1) {
      IntArray sizes = ops[0].sizes();
      sizes.erase(sizes.begin() + out_num_dim, sizes.end());
      return autograd::view(ops[0], sizes);
    }
    IntArray sum_dims;
    for (int64_t d = out_num_dim; d < perm_index; ++d) sum_dims.push_back(d);
    return autograd::sum(ops[0], sum_dims);
  }
  return ops[0];
}

}  // namespace stridelab::autograd
