// Indexing, joins and masks: index_select, gather, masked_fill, index_put_, cat, stack, tril, where.
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace {

// The indices of the nonzero elements: an (n, ndim) int64 tensor, or with as_tuple one 1-d tensor
// per dim (a 0-d input counts as 1-d there, as in PyTorch).
ObjRef nonzero(const Tensor& t, bool as_tuple) {
  return guarded([&] {
    int64_t nd = t.dim();
    std::vector<std::vector<Scalar>> idx(static_cast<size_t>(std::max<int64_t>(nd, as_tuple ? 1 : 0)));
    int64_t n = t.numel(), count = 0;
    IntArray at(static_cast<size_t>(nd), 0);
    for (int64_t k = 0; k < n; ++k) {
      if (core::get_flat(t, k).to<bool>()) {
        for (int64_t d = 0; d < nd; ++d) idx[static_cast<size_t>(d)].push_back(Scalar(at[static_cast<size_t>(d)]));
        if (nd == 0) idx[0].push_back(Scalar(int64_t{0}));
        ++count;
      }
      for (int64_t d = nd - 1; d >= 0; --d) {
        if (++at[static_cast<size_t>(d)] < t.size(d)) break;
        at[static_cast<size_t>(d)] = 0;
      }
    }
    if (as_tuple) {
      std::vector<Tensor> parts;
      for (auto& v : idx) parts.push_back(core::from_values(v, {count}, DType::Int64));
      return wrap_list(parts);
    }
    std::vector<Scalar> flat;
    for (int64_t r = 0; r < count; ++r)
      for (int64_t d = 0; d < nd; ++d) flat.push_back(idx[static_cast<size_t>(d)][static_cast<size_t>(r)]);
    return wrap(core::from_values(flat, {count, nd}, DType::Int64));
  });
}

// index_select, gather, masked_select, masked_fill, index_put_.
void define_indexing() {
  def("index_select", {"index_select(int64_t dim, Tensor index)", "index_select(Dimname dim, Tensor index)"},
      {"index_select(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)",
       "index_select(Tensor input, Dimname dim, Tensor index, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return wrap(op::index_select(a.tensor("input"), a.toInt("dim"), a.tensor("index"))); });
      });
  def("gather",
      {"gather(int64_t dim, Tensor index, *, bool sparse_grad=False)",
       "gather(Dimname dim, Tensor index, *, bool sparse_grad=False)"},
      {"gather(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)",
       "gather(Tensor input, Dimname dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return wrap(op::gather(a.tensor("input"), a.toInt("dim"), a.tensor("index"))); });
      });
  def("masked_select", {"masked_select(Tensor mask)"}, {"masked_select(Tensor input, Tensor mask, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::masked_select(a.tensor("input"), a.tensor("mask"))); });
      });
  def("masked_fill", {"masked_fill(Tensor mask, Tensor value)", "masked_fill(Tensor mask, Scalar value)"},
      {"masked_fill(Tensor input, Tensor mask, Tensor value)", "masked_fill(Tensor input, Tensor mask, Scalar value)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Object* v = a.obj("value");
          if (is_tensor(v)) return wrap(op::masked_fill(a.tensor("input"), a.tensor("mask"), unwrap(v)));
          check_fill_value(a.scalar("value"), a.tensor("input").dtype());
          return wrap(op::masked_fill(a.tensor("input"), a.tensor("mask"), a.scalar("value")));
        });
      });
  def("masked_fill_", {"masked_fill_(Tensor mask, Tensor value)", "masked_fill_(Tensor mask, Scalar value)"}, {},
      [](Interp&, ParsedArgs& a) {
        guarded([&] {
          Object* v = a.obj("value");
          if (is_tensor(v)) op::masked_fill_(a.tensor("input"), a.tensor("mask"), unwrap(v));
          else {
            check_fill_value(a.scalar("value"), a.tensor("input").dtype());
            op::masked_fill_(a.tensor("input"), a.tensor("mask"), a.scalar("value"));
          }
        });
        return self_obj(a);
      });
  def("index_put_", {"index_put_(c10::List<c10::optional<Tensor>> indices, Tensor values, bool accumulate=False)"},
      {"index_put_(Tensor input, c10::List<c10::optional<Tensor>> indices, Tensor values, bool accumulate=False)"},
      [](Interp&, ParsedArgs& a) {
        guarded([&] {
          std::vector<core::TensorIndex> idx;
          for (auto& t : a.tensorlist("indices")) idx.push_back(core::TensorIndex::make_tensor(t));
          op::index_put_(a.tensor("input"), idx, a.tensor("values"), a.toBool("accumulate"));
        });
        return ObjRef(a.obj(0));
      });
}

// The rows of autograd/join_ops.def: repeat, flip, tril, triu, diag, roll.
void define_table_shapes() {
#define SIGS(...) \
  { __VA_ARGS__ }  // a bindings::Sigs of literals
#define SHAPE_OP(name, node, params, kernel, attributes, backward, method_sigs, function_sigs) \
  def(#name, method_sigs, function_sigs, STRIDELAB_ROW_BODY(name, (params)));
#include "autograd/join_ops.def"
#undef SIGS
}

// cat, stack, hstack, vstack, outer.
void define_joins() {
  for (const char* name : {"cat", "concat"}) {
    std::string n = name;
    def(name, {},
        {n + "(TensorList tensors, int64_t dim=0, *, Tensor out=None)",
         n + "(TensorList tensors, Dimname dim, *, Tensor out=None)"},
        [](Interp&, ParsedArgs& a) {
          std::vector<Tensor> ts = a.tensorlist("tensors");
          if (a.types[a.at("dim")] == 18 /* P_DIMNAME */ && a.has("dim")) {
            if (ts.empty()) raise(builtin_types().runtime_error, "expected a non-empty list of Tensors");
            dimname_error(ts[0], a.obj("dim"));
          }
          return guarded([&] { return wrap(op::cat(ts, a.toInt("dim"))); });
        });
  }
  def("stack", {}, {"stack(TensorList tensors, int64_t dim=0, *, Tensor out=None)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::stack(a.tensorlist("tensors"), a.toInt("dim"))); });
  });
  // hstack: cat along dim 1 (dim 0 for 1-D inputs) after atleast_1d; vstack: cat along dim 0
  // after atleast_2d (a 1-D input becomes one row).
  for (std::string n : {"hstack", "vstack"}) {
    const bool h = n == "hstack";
    def(n.c_str(), {}, {n + "(TensorList tensors, *, Tensor out=None)"}, [n, h](Interp&, ParsedArgs& a) {
      std::vector<Tensor> ts = a.tensorlist("tensors");
      return guarded([&] {
        STRIDELAB_CHECK(!ts.empty(), n, " expects a non-empty TensorList");
        for (Tensor& t : ts) {
          if (t.dim() == 0) t = op::reshape(t, h ? IntArray{1} : IntArray{1, 1});
          else if (!h && t.dim() == 1) t = op::unsqueeze(t, 0);
        }
        return wrap(op::cat(ts, h && ts[0].dim() == 1 ? 0 : (h ? 1 : 0)));
      });
    });
  }
  def("outer", {"outer(Tensor vec2)"}, {"outer(Tensor input, Tensor vec2, *, Tensor out=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Tensor self = a.tensor("input"), vec2 = a.tensor("vec2");
          STRIDELAB_CHECK(self.dim() == 1, "outer: Expected 1-D argument self, but got ", self.dim(), "-D");
          STRIDELAB_CHECK(vec2.dim() == 1, "outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
          // PyTorch's composite: self as a column times vec2 (MulBackward0).
          return wrap(op::binary(BinaryOp::Mul, op::reshape(self, {self.size(0), 1}), vec2));
        });
      });
}

// tril_, triu_, where, nonzero.
void define_triangles_and_where() {
  for (auto [name, lower] : {std::pair{"tril", true}, {"triu", false}}) {
    std::string n = name;
    bool lo = lower;
    def((n + "_").c_str(), {n + "_(int64_t diagonal=0)"}, {}, [lo](Interp&, ParsedArgs& a) {
      guarded([&] {
        if (lo) op::tril_(a.tensor("input"), a.toInt("diagonal"));
        else op::triu_(a.tensor("input"), a.toInt("diagonal"));
      });
      return self_obj(a);
    });
  }
  def("where", {"where(Tensor condition, Tensor other)"},
      {"where(Tensor condition)", "where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
       "where(Tensor condition, Scalar self, Tensor other)", "where(Tensor condition, Tensor input, Scalar other)",
       "where(Tensor condition, Scalar self, Scalar other)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          if (!a.has("other")) return nonzero(a.tensor("condition"), true);
          Tensor x = a.has("self") ? scalar_to_tensor(a.scalar("self")) : a.tensor("input");
          return wrap(op::where(a.tensor("condition"), x, a.tensor("other")));
        });
      });

  def("nonzero", {"nonzero()|hidden", "nonzero(*, bool as_tuple)"},
      {"nonzero(Tensor input, *, Tensor out=None)|hidden", "nonzero(Tensor input, *, bool as_tuple)"},
      [](Interp&, ParsedArgs& a) { return nonzero(a.tensor("input"), a.has("as_tuple") && a.toBool("as_tuple")); });
}

}  // namespace

void define_index_ops() {
  define_indexing();
  define_table_shapes();
  define_joins();
  define_triangles_and_where();
}

}  // namespace stridelab::torch::bindings
