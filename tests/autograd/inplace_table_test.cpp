// The 13 rows of web/lessons/004-inplace-autograd.md (from "Notes about in-place operations on tensors
// in PyTorch"): `middle` modified in place (multiply_ or middle[2] = 10) before or after computing
// root from it (*2, pow(2), exp()), then root.sum().backward(). Against PyTorch: the graph, the
// versions, what each node saved, and leaf.grad or the error. Then the masked softmax of d2l's
// attention chapter.
#include <cmath>

#include "autograd_support.h"

namespace ag = stridelab::autograd;
using namespace stridelab;
using core::Scalar;
using core::Tensor;
using core::TensorIndex;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;

namespace {

Tensor num(double v) { return core::scalar_tensor(Scalar(v), core::DType::Float64, true); }
Tensor num(int64_t v) { return core::scalar_tensor(Scalar(v), core::DType::Int64, true); }

struct Row {
  std::string op, mod, when;
};

const std::map<std::string, Row> kRows = {
    {"1", {"mul", "", ""}},           {"1_pow", {"pow", "", ""}},       {"1_exp", {"exp", "", ""}},
    {"2", {"mul", "mul", "after"}},   {"3", {"mul", "set", "after"}},   {"4", {"pow", "mul", "after"}},
    {"5", {"pow", "set", "after"}},   {"6", {"exp", "mul", "after"}},   {"7", {"exp", "set", "after"}},
    {"8", {"mul", "mul", "before"}},  {"9", {"mul", "set", "before"}},  {"10", {"pow", "mul", "before"}},
    {"11", {"pow", "set", "before"}}, {"12", {"exp", "mul", "before"}}, {"13", {"exp", "set", "before"}},
};

struct RowRun {
  Tensor leaf, middle, root;
  std::map<const core::TensorImpl*, std::string> names;
};

RowRun run_row(const Row& row) {
  RowRun r;
  r.leaf = core::from_values({1.0, 2.0, 3.0, 4.0, 5.0}, {5}, core::DType::Float32);
  ag::set_requires_grad(r.leaf, true, ag::RequiresGradCall::Factory);
  r.names[r.leaf.impl()] = "leaf";
  r.middle = ag::add(r.leaf, num(int64_t{2}));
  auto modify = [&] {
    if (row.mod == "mul") ag::mul_(r.middle, num(int64_t{3}));  // middle.multiply_(3)
    else
      ag::index_put(r.middle, {TensorIndex::make_integer(2)}, core::scalar_tensor(Scalar(10.0), core::DType::Float32),
                    false);
  };
  if (!row.mod.empty() && row.when == "before") modify();
  if (row.op == "mul") r.root = ag::mul(r.middle, num(int64_t{2}));
  else if (row.op == "pow") r.root = ag::pow(r.middle, Scalar(int64_t{2}));
  else r.root = ag::exp(r.middle);
  if (!row.mod.empty() && row.when == "after") modify();
  return r;
}

const ag::SavedVariable* saved(const Tensor& t, const std::string& name) {
  for (const auto& ref : ag::grad_fn(t)->saved_tensors()) {
    if (ref.name == name) return ref.saved;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("the 13 rows of the in-place table", "[autograd][inplace]") {
  auto expected = stridelab::testing::load_expected("autograd/expected/inplace_table.json");
  for (const auto& [id, row] : kRows) {
    SECTION("row " + id) {
      const auto& want = expected.at(id);
      RowRun r = run_row(row);
      CHECK(ag::grad_fn(r.middle)->name() == want.at("middle_grad_fn").as_string());
      CHECK(r.middle.version() == want.at("middle_version").as_int());
      CHECK(stridelab::testing::graph_string(ag::grad_fn(r.middle), r.names) == want.at("middle_chain").as_string());
      CHECK(stridelab::testing::graph_string(ag::grad_fn(r.root), r.names) == want.at("root_chain").as_string());
      CHECK(stridelab::testing::saved_names(ag::grad_fn(r.root)) == want.at("root_saved"));
      auto run_backward = [&] { ag::backward({ag::sum(r.root)}); };
      if (want.contains("error")) {
        check_error(run_backward, want);
      } else {
        run_backward();
        check_tensor(ag::grad(r.leaf), want.at("leaf_grad"), 1e-6);
      }
    }
  }
}

TEST_CASE("the table's saved tensors and their versions", "[autograd][inplace]") {
  SECTION("pow saves its input: modified after, its version moved") {
    RowRun r = run_row(kRows.at("4"));
    const ag::SavedVariable* s = saved(r.root, "_saved_self");
    REQUIRE(s);
    CHECK(s->data().is_same(r.middle));  // the input itself
    CHECK(s->saved_version() == 0);
    CHECK(s->current_version() == 1);
  }
  SECTION("pow saves its input: modified before, versions agree") {
    RowRun r = run_row(kRows.at("11"));
    const ag::SavedVariable* s = saved(r.root, "_saved_self");
    CHECK(s->saved_version() == 1);
    CHECK(s->current_version() == 1);
  }
  SECTION("exp saves its result, which the in-place op on middle does not touch") {
    RowRun r = run_row(kRows.at("6"));
    const ag::SavedVariable* s = saved(r.root, "_saved_result");
    CHECK(s->is_output());
    CHECK(s->data().storage() == r.root.storage());
    CHECK(s->saved_version() == 0);
    CHECK(s->current_version() == 0);
  }
  SECTION("middle * 2 saves the number 2, not middle") {
    RowRun r = run_row(kRows.at("2"));
    CHECK_FALSE(saved(r.root, "_saved_self")->was_saved());
    const ag::SavedVariable* other = saved(r.root, "_saved_other");
    REQUIRE(other->was_saved());
    CHECK(other->data().dim() == 0);
    CHECK(core::item(other->data()).to_int() == 2);
  }
  SECTION("middle[2] = 10 wraps the copy in CopySlices on middle") {
    RowRun r = run_row(kRows.at("9"));
    auto fn = std::dynamic_pointer_cast<ag::CopySlices>(ag::grad_fn(r.middle));
    REQUIRE(fn);
    REQUIRE(fn->wrapped_fn());
    CHECK(fn->wrapped_fn()->type_name() == "CopyBackwards");
    CHECK(fn->wrapped_fn()->name() == "torch::autograd::CopyBackwards");  // as PyTorch's name()
    CHECK(fn->wrapped_fn()->next_edge(0).function->name() == "SelectBackward0");
  }
}

namespace {

// d2l's _sequence_mask: X[~mask] = value for the positions past each row's valid length.
Tensor sequence_mask(Tensor X, const Tensor& valid_len, double value) {
  int64_t maxlen = X.size(1);
  Tensor positions = core::arange(Scalar(int64_t{0}), Scalar(maxlen), Scalar(int64_t{1}), core::DType::Float32);
  Tensor mask = ag::binary_nondiff(
      core::BinaryOp::Lt, ag::index(positions, {TensorIndex::make_none(), TensorIndex::make_slice({}, {}, 1)}),
      ag::index(valid_len, {TensorIndex::make_slice({}, {}, 1), TensorIndex::make_none()}));
  Tensor not_mask = core::unary(core::UnaryOp::BitwiseNot, mask);
  ag::index_put(X, {TensorIndex::make_tensor(not_mask)}, core::scalar_tensor(Scalar(value), X.dtype()), false);
  return X;
}

}  // namespace

TEST_CASE("masked softmax: _sequence_mask on an attention matrix, softmax, backward", "[autograd][inplace]") {
  auto all = stridelab::testing::load_expected("autograd/expected/inplace_table.json");
  const auto& want = all.at("masked_softmax");
  Tensor Q = stridelab::testing::tensor_from(want.at("Q"));
  Tensor K = stridelab::testing::tensor_from(want.at("K"));
  Tensor weights = stridelab::testing::tensor_from(want.at("weights"));
  Tensor valid_lens = stridelab::testing::tensor_from(want.at("valid_lens"));
  std::map<const core::TensorImpl*, std::string> names{{Q.impl(), "Q"}, {K.impl(), "K"}};

  Tensor scores = ag::div(ag::bmm(Q, ag::transpose(K, 1, 2)), num(std::sqrt(4.0)));
  core::IntArray shape = scores.sizes();
  Tensor X = sequence_mask(ag::reshape(scores, {-1, shape.back()}), ag::reshape(valid_lens, {-1}), -1e6);
  Tensor attn = ag::softmax(ag::reshape(X, shape), -1);
  Tensor loss = ag::sum(ag::mul(attn, weights));

  CHECK(scores.version() == want.at("scores_version").as_int());
  CHECK(ag::grad_fn(X)->type_name() == want.at("X_grad_fn").as_string());
  CHECK(X.is_view() == want.at("X_is_view").as_bool());
  check_tensor(attn, want.at("attn"), 1e-5);
  CHECK(stridelab::testing::graph_string(ag::grad_fn(attn), names) == want.at("attn_chain").as_string());
  CHECK(core::item(loss).to_double() == Approx(want.at("loss").as_double()).epsilon(1e-5));
  ag::backward({loss});
  check_tensor(ag::grad(Q), want.at("Q_grad"), 1e-4);
  check_tensor(ag::grad(K), want.at("K_grad"), 1e-4);
}
