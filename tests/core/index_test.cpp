// Indexing against PyTorch (record_index.py): x[...], x[...] = v, index_put_, gather,
// index_select, masked_select. The subscripts are recorded as text ("1, 0:3:2, None, ..., i");
// this test parses the same text into TensorIndex entries over the same named tensors.
#include <cctype>

#include "support/expect.h"

using namespace stridelab;
using namespace stridelab::core;
using stridelab::testing::check_error;
using stridelab::testing::check_tensor;

namespace {

using Env = std::map<std::string, Tensor>;

Tensor longs(const std::vector<int64_t>& values, IntArray sizes, DType dtype = DType::Int64) {
  std::vector<Scalar> v(values.begin(), values.end());
  return from_values(v, sizes, dtype);
}
Tensor longs(const std::vector<int64_t>& values) { return longs(values, {static_cast<int64_t>(values.size())}); }
Tensor bools(const std::vector<int>& values, IntArray sizes) {
  std::vector<Scalar> v;
  for (int b : values) v.emplace_back(b != 0);
  return from_values(v, sizes, DType::Bool);
}
Tensor bools(const std::vector<int>& values) { return bools(values, {static_cast<int64_t>(values.size())}); }
Tensor floats(const std::vector<double>& values, IntArray sizes) {
  std::vector<Scalar> v(values.begin(), values.end());
  return from_values(v, sizes, DType::Float32);
}
Tensor range_of(int64_t n, IntArray sizes, DType dtype = DType::Int64) {
  return clone(reshape(arange(int64_t{0}, n, int64_t{1}, dtype), sizes));
}

// The tensors of record_index.py's ENV, built the same way.
Env make_env() {
  Env e;
  Tensor x = range_of(12, {3, 4});
  Tensor b = range_of(24, {2, 3, 4});
  e["x"] = x;
  e["f"] = range_of(12, {3, 4}, DType::Float32);
  e["b"] = b;
  e["s"] = scalar_tensor(int64_t{5}, DType::Int64);
  e["c"] = longs({10, 20, 30, 40, 50});
  e["xt"] = t(x);
  e["bp"] = permute(b, {2, 1, 0});
  e["bq"] = permute(b, {2, 0, 1});
  e["z20"] = zeros({2, 0});
  e["z03"] = zeros({0, 3});
  e["i"] = longs({0, 2});
  e["j"] = longs({1, 3});
  e["i1"] = longs({0, 1});
  e["k"] = longs({0, 1}, {2, 1});
  e["k22"] = longs({0, 1, 1, 2}, {2, 2});
  e["t1"] = scalar_tensor(int64_t{1}, DType::Int64);
  e["t1i"] = scalar_tensor(int64_t{1}, DType::Int32);
  e["tT"] = scalar_tensor(true, DType::Bool);
  e["tF"] = scalar_tensor(false, DType::Bool);
  e["tf"] = scalar_tensor(1.0, DType::Float32);
  e["m"] = bools({0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, {3, 4});  // x > 5
  e["mnone"] = zeros({3, 4}, DType::Bool);                       // x > 100
  e["mr"] = bools({1, 0, 1});
  e["m4"] = bools({1, 0, 1, 0});
  e["bm"] = bools({1, 0, 1, 0, 1, 1}, {2, 3});
  e["cm"] = bools({1, 0, 1, 0, 1});
  e["fi"] = floats({1.0}, {1});
  e["ii32"] = longs({1}, {1}, DType::Int32);
  e["big"] = longs({7});
  e["neg"] = longs({-1});
  e["negbad"] = longs({-5});
  e["el"] = longs({});
  e["o24f"] = ones({2, 4});
  e["o14f"] = ones({1, 4});
  e["o3f"] = ones({3});
  e["o114f"] = ones({1, 1, 4});
  e["o2f"] = ones({2});
  e["l1"] = longs({1});
  e["l2"] = ones({2}, DType::Int64);
  e["l3"] = ones({3}, DType::Int64);
  e["l24"] = ones({2, 4}, DType::Int64);
  e["l124"] = ones({1, 2, 4}, DType::Int64);
  e["l1124"] = ones({1, 1, 2, 4}, DType::Int64);
  e["l424"] = ones({4, 2, 4}, DType::Int64);
  e["h25"] = scalar_tensor(2.5, DType::Float32);
  e["h25v"] = floats({2.5}, {1});
  e["v3"] = longs({1, 2, 3});
  e["v4"] = longs({1, 2, 3, 4});
  e["v6"] = longs({1, 2, 3, 4, 5, 6});
  e["v6f"] = floats({1, 2, 3, 4, 5, 6}, {6});
  e["v16"] = longs({1, 2, 3, 4, 5, 6}, {1, 6});
  e["v26"] = longs({1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6}, {2, 6});
  e["vb4"] = bools({1, 0, 1, 1});
  e["v56"] = longs({5, 6});
  e["v3x4"] = longs({1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}, {3, 4});
  e["v31"] = longs({1, 2, 3}, {3, 1});
  e["z134"] = zeros({1, 3, 4}, DType::Int64);
  e["z234"] = zeros({2, 3, 4}, DType::Int64);
  e["v121"] = longs({100, 200}, {1, 2, 1});
  e["v789"] = longs({7, 8, 9});
  e["v78c"] = longs({7, 8}, {2, 1});
  e["v78"] = longs({7, 8});
  e["v9876"] = longs({9, 8, 7, 6});
  e["v100"] = longs({100, 200, 300});
  e["ef"] = zeros({0});
  return e;
}

// ---- the subscript text, parsed as Python would read it ---------------------------------------

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::vector<std::string> split_top(const std::string& s) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string cur;
  for (char ch : s) {
    if (ch == '[') ++depth;
    if (ch == ']') --depth;
    if (ch == ',' && depth == 0) {
      parts.push_back(trim(cur));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!trim(cur).empty()) parts.push_back(trim(cur));
  return parts;
}

// A (nested) list literal of ints or bools, as torch.tensor reads it for an index.
void parse_list(const std::string& s, std::vector<Scalar>& values, IntArray& sizes, size_t depth, bool& any_bool) {
  std::string inner = trim(s.substr(1, s.size() - 2));
  std::vector<std::string> items = inner.empty() ? std::vector<std::string>{} : split_top(inner);
  if (sizes.size() <= depth) sizes.push_back(static_cast<int64_t>(items.size()));
  for (const std::string& item : items) {
    if (item[0] == '[') {
      parse_list(item, values, sizes, depth + 1, any_bool);
    } else if (item == "True" || item == "False") {
      any_bool = true;
      values.emplace_back(item == "True");
    } else {
      values.emplace_back(static_cast<int64_t>(std::stoll(item)));
    }
  }
}

Tensor list_tensor(const std::string& s) {
  std::vector<Scalar> values;
  IntArray sizes;
  bool any_bool = false;
  parse_list(s, values, sizes, 0, any_bool);
  return from_values(values, sizes, any_bool ? DType::Bool : DType::Int64);
}

bool is_int_literal(const std::string& s) {
  size_t k = s[0] == '-' ? 1 : 0;
  return k < s.size() && std::all_of(s.begin() + k, s.end(), [](char c) { return std::isdigit(c) != 0; });
}

TensorIndex parse_entry(const std::string& e, const Env& env) {
  if (e == "...") return TensorIndex::make_ellipsis();
  if (e == "None") return TensorIndex::make_none();
  if (e[0] == '[') return TensorIndex::make_tensor(list_tensor(e));
  if (e.find(':') != std::string::npos) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t p; (p = e.find(':', start)) != std::string::npos; start = p + 1)
      parts.push_back(trim(e.substr(start, p - start)));
    parts.push_back(trim(e.substr(start)));
    auto opt = [](const std::string& s) { return s.empty() ? std::nullopt : std::optional<int64_t>(std::stoll(s)); };
    int64_t step = parts.size() > 2 && !parts[2].empty() ? std::stoll(parts[2]) : 1;
    return TensorIndex::make_slice(opt(parts[0]), opt(parts[1]), step);
  }
  if (is_int_literal(e)) return TensorIndex::make_integer(std::stoll(e));
  return TensorIndex::make_tensor(env.at(e));
}

std::vector<TensorIndex> parse_subscript(const std::string& text, const Env& env) {
  std::vector<std::string> entries = split_top(text);
  // Python's heuristic (treatSequenceAsTuple): a lone list holding lists is a tuple of indices.
  if (entries.size() == 1 && entries[0][0] == '[') {
    std::vector<std::string> items = split_top(trim(entries[0].substr(1, entries[0].size() - 2)));
    if (std::any_of(items.begin(), items.end(), [](const std::string& s) { return !s.empty() && s[0] == '['; }))
      entries = items;
  }
  std::vector<TensorIndex> out;
  for (const std::string& e : entries) out.push_back(parse_entry(e, env));
  return out;
}

// The value of `t[...] = value`: a named tensor, or a Python number made a 0-d tensor of t's
// dtype (PyTorch's valueToTensor).
Tensor parse_value(const std::string& text, const Tensor& target, const Env& env) {
  if (env.count(text)) return env.at(text);
  if (text.find('.') != std::string::npos) return scalar_tensor(std::stod(text), target.dtype());
  return scalar_tensor(static_cast<int64_t>(std::stoll(text)), target.dtype());
}

using Ops = std::map<std::string, std::function<Tensor()>>;

// record_index.py's put(): Tensor.index_put_ on a clone.
Tensor put(const Tensor& target, const std::vector<Tensor>& indices, const Tensor& value, bool accumulate) {
  Tensor t = clone(target);
  index_put_tensors_(t, indices, value, accumulate);
  CHECK(t.version() == 0);
  return t;
}

}  // namespace

TEST_CASE("subscripts match PyTorch", "[core][index]") {
  auto expected = stridelab::testing::load_expected("core/expected/index.json");
  const Env env = make_env();
  for (const auto& [id, want] : expected.as_object()) {
    if (id.rfind("get ", 0) != 0 && id.rfind("set ", 0) != 0) continue;
    SECTION(id) {
      const Tensor& target = env.at(want.at("tensor").as_string());
      std::vector<TensorIndex> indices = parse_subscript(want.at("subscript").as_string(), env);
      if (id.rfind("get ", 0) == 0) {
        if (want.contains("error")) {
          check_error([&] { index(target, indices); }, want);
        } else {
          Tensor got = index(target, indices);
          check_tensor(got, want, 0);
          CHECK(is_basic_index(indices) == want.at("is_view").as_bool());
          if (got.is_view()) CHECK(got.storage() == target.storage());
          CHECK(target.version() == 0);
        }
      } else {
        Tensor copy = clone(target);
        Tensor value = parse_value(want.at("value").as_string(), copy, env);
        if (want.contains("error")) {
          check_error([&] { index_put_(copy, indices, value); }, want);
        } else {
          index_put_(copy, indices, value);
          check_tensor(copy, want, 0);
          CHECK(copy.version() == 0);  // the caller bumps once per user-visible op
        }
      }
    }
  }
}

TEST_CASE("index_put_, gather, index_select, masked_select match PyTorch", "[core][index]") {
  auto expected = stridelab::testing::load_expected("core/expected/index.json");
  const Env env = make_env();
  const Tensor &x = env.at("x"), &f = env.at("f"), &b = env.at("b"), &s = env.at("s"), &c = env.at("c");
  const Tensor &i = env.at("i"), &j = env.at("j"), &m = env.at("m"), &mr = env.at("mr"), &m4 = env.at("m4");
  const Tensor &v4 = env.at("v4"), &z03 = env.at("z03"), &z20 = env.at("z20"), &mnone = env.at("mnone");
  auto I = TensorIndex::make_integer;
  auto S = TensorIndex::make_slice;
  auto T = TensorIndex::make_tensor;
  const std::optional<int64_t> all;
  auto on_copy = [&](const std::function<void(const Tensor&)>& fn) {
    Tensor t = clone(x);
    fn(t);
    return t;
  };
  auto xt_gt5 = bools({0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1}, {4, 3});  // x.t() > 5
  Ops ops = {
      {"put_acc_rows", [&] { return put(x, {i}, v4, true); }},
      {"put_acc_dup",
       [&] {
         return put(x, {longs({0, 0, 0})}, scalar_tensor(int64_t{1}, DType::Int64), true);
       }},
      {"put_acc_dup2",
       [&] {
         return put(x, {longs({0, 0, 0}), longs({1, 1, 2})}, scalar_tensor(int64_t{1}, DType::Int64), true);
       }},
      {"put_acc_mask", [&] { return put(x, {m}, scalar_tensor(int64_t{10}, DType::Int64), true); }},
      {"put_acc_bool", [&] { return put(m, {mr}, scalar_tensor(true, DType::Bool), true); }},
      {"put_acc_float",
       [&] {
         return put(f, {i, j}, floats({0.5, 0.25}, {2}), true);
       }},
      {"put_dup",
       [&] {
         return put(x, {longs({0, 0}), longs({1, 1})}, longs({5, 6}), false);
       }},
      {"put_0d_rows", [&] { return put(x, {env.at("t1")}, v4, false); }},
      {"put_0d_acc", [&] { return put(x, {env.at("t1")}, scalar_tensor(int64_t{5}, DType::Int64), true); }},
      {"put_0d_neg",
       [&] {
         return put(x, {scalar_tensor(int64_t{-1}, DType::Int64)}, scalar_tensor(int64_t{7}, DType::Int64), false);
       }},
      {"put_0d_bad",
       [&] {
         return put(x, {scalar_tensor(int64_t{3}, DType::Int64)}, scalar_tensor(int64_t{7}, DType::Int64), false);
       }},
      {"put_0d_dtype", [&] { return put(x, {env.at("t1")}, scalar_tensor(5.0, DType::Float32), false); }},
      {"put_no_strip", [&] { return put(x, {i}, env.at("l124"), false); }},
      {"put_bool0d_fill", [&] { return put(x, {env.at("tT")}, scalar_tensor(int64_t{7}, DType::Int64), false); }},
      {"put_bool0d_acc", [&] { return put(x, {env.at("tT")}, scalar_tensor(int64_t{7}, DType::Int64), true); }},
      {"put_bool0d_rows", [&] { return put(x, {env.at("tT")}, v4, false); }},
      {"put_bool0d_with",
       [&] {
         return put(x, {i, env.at("tT")}, scalar_tensor(int64_t{7}, DType::Int64), false);
       }},
      {"put_too_many",
       [&] {
         return put(x, {i, i, i}, scalar_tensor(int64_t{7}, DType::Int64), false);
       }},
      {"put_none", [&] { return put(x, {}, scalar_tensor(int64_t{7}, DType::Int64), false); }},
      {"put_float_index", [&] { return put(x, {env.at("fi")}, scalar_tensor(int64_t{7}, DType::Int64), false); }},
      {"put_oob", [&] { return put(x, {longs({5})}, scalar_tensor(int64_t{7}, DType::Int64), false); }},
      {"put_mask_acc",
       [&] {
         return put(x, {bools({1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, {3, 4})}, env.at("v6"), true);
       }},
      {"put_acc_dtype", [&] { return put(x, {i}, env.at("h25v"), true); }},
      {"put_mask_fill_float", [&] { return put(x, {m}, scalar_tensor(7.5, DType::Float32), false); }},
      {"put_mask_rows", [&] { return put(x, {mr}, v4, false); }},
      {"gather_1",
       [&] {
         return gather(x, 1, longs({0, 1, 2, 3, 1, 1}, {3, 2}));
       }},
      {"gather_0",
       [&] {
         return gather(x, 0, longs({0, 1, 2, 0}, {1, 4}));
       }},
      {"gather_bad1",
       [&] {
         return gather(x, 1, longs({5}, {1, 1}));
       }},
      {"gather_bad0",
       [&] {
         return gather(x, 0, longs({5}, {1, 1}));
       }},
      {"gather_neg",
       [&] {
         return gather(x, 1, longs({-1}, {1, 1}));
       }},
      {"gather_dims", [&] { return gather(x, 1, longs({0})); }},
      {"gather_int32",
       [&] {
         return gather(x, 1, longs({0}, {1, 1}, DType::Int32));
       }},
      {"gather_float",
       [&] {
         return gather(x, 1, floats({0.0}, {1, 1}));
       }},
      {"gather_wide",
       [&] {
         return gather(x, 1, longs({0, 1, 2, 3, 0}, {1, 5}));
       }},
      {"gather_tall",
       [&] {
         return gather(x, 1, longs({0, 0, 0, 0}, {4, 1}));
       }},
      {"gather_tall0",
       [&] {
         return gather(x, 0, longs({0, 0, 0, 0}, {4, 1}));
       }},
      {"gather_dim_bad",
       [&] {
         return gather(x, 2, longs({0}, {1, 1}));
       }},
      {"gather_negdim",
       [&] {
         return gather(x, -1, longs({1, 2, 3}, {3, 1}));
       }},
      {"gather_0d", [&] { return gather(s, 0, scalar_tensor(int64_t{0}, DType::Int64)); }},
      {"gather_0d_1d", [&] { return gather(s, 0, longs({0})); }},
      {"gather_0d_bad", [&] { return gather(s, 0, scalar_tensor(int64_t{1}, DType::Int64)); }},
      {"gather_empty",
       [&] {
         return gather(x, 1, zeros({0, 2}, DType::Int64));
       }},
      {"gather_t_index",
       [&] {
         return gather(x, 1, t(longs({0, 1, 0, 1, 0, 1}, {3, 2})));
       }},
      {"gather_t_self",
       [&] {
         return gather(t(x), 1, t(longs({0, 1}, {1, 2})));
       }},
      {"gather_3d",
       [&] {
         return gather(b, 2, longs({3, 0, 1, 2}, {2, 1, 2}));
       }},
      {"gather_first_bad",
       [&] {
         return gather(x, 0, longs({0, 7, 9, 0}, {2, 2}));
       }},
      {"gather_float_self",
       [&] {
         return gather(f, 1, longs({3, 2, 1}, {3, 1}));
       }},
      {"index_select_0", [&] { return index_select(x, 0, i); }},
      {"index_select_1", [&] { return index_select(x, 1, j); }},
      {"index_select_neg_dim", [&] { return index_select(x, -1, j); }},
      {"index_select_bad", [&] { return index_select(x, 0, longs({5})); }},
      {"index_select_neg", [&] { return index_select(x, 0, longs({-1})); }},
      {"index_select_2d",
       [&] {
         return index_select(x, 0, longs({0}, {1, 1}));
       }},
      {"index_select_0d_index", [&] { return index_select(x, 0, scalar_tensor(int64_t{1}, DType::Int64)); }},
      {"index_select_int32",
       [&] {
         return index_select(x, 0, longs({0, 2, 0}, {3}, DType::Int32));
       }},
      {"index_select_float", [&] { return index_select(x, 0, floats({0.0}, {1})); }},
      {"index_select_dim_bad", [&] { return index_select(x, 2, i); }},
      {"index_select_0d", [&] { return index_select(s, 0, longs({0})); }},
      {"index_select_0d_0d", [&] { return index_select(s, 0, scalar_tensor(int64_t{0}, DType::Int64)); }},
      {"index_select_0d_bad", [&] { return index_select(s, 0, longs({1})); }},
      {"index_select_0d_many",
       [&] {
         return index_select(s, 0, longs({0, 0}));
       }},
      {"index_select_t", [&] { return index_select(t(x), 0, i); }},
      {"index_select_t1", [&] { return index_select(t(x), 1, i); }},
      {"index_select_empty", [&] { return index_select(x, 1, longs({})); }},
      {"index_select_perm",
       [&] {
         return index_select(permute(b, {2, 0, 1}), 1, longs({1}));
       }},
      {"index_select_perm0",
       [&] {
         return index_select(permute(b, {2, 0, 1}), 0, longs({1, 2, 1}));
       }},
      {"index_select_1d",
       [&] {
         return index_select(c, 0, longs({4, 0, 4}));
       }},
      {"index_select_empty_self", [&] { return index_select(z03, 1, longs({5})); }},
      {"index_select_empty_self_ok", [&] { return index_select(z03, 1, longs({2})); }},
      {"index_select_empty_axis", [&] { return index_select(z20, 1, longs({0})); }},
      {"masked_select", [&] { return masked_select(x, m); }},
      {"masked_select_row", [&] { return masked_select(x, m4); }},
      {"masked_select_col",
       [&] {
         return masked_select(x, bools({1, 0, 1}, {3, 1}));
       }},
      {"masked_select_bad",
       [&] {
         return masked_select(x, bools({1, 0}));
       }},
      {"masked_select_long",
       [&] {
         return masked_select(x, longs({1, 0, 1, 0}));
       }},
      {"masked_select_0d", [&] { return masked_select(s, scalar_tensor(true, DType::Bool)); }},
      {"masked_select_grow",
       [&] {
         return masked_select(select(x, 0, 0), bools({1, 0, 1, 0, 0, 0, 0, 0}, {2, 4}));
       }},
      {"masked_select_t", [&] { return masked_select(t(x), xt_gt5); }},
      {"masked_select_0d_self",
       [&] {
         return masked_select(s, bools({1, 0}));
       }},
      {"masked_select_0d_mask", [&] { return masked_select(x, scalar_tensor(true, DType::Bool)); }},
      {"masked_select_float", [&] { return masked_select(f, m); }},
      {"masked_select_none", [&] { return masked_select(x, mnone); }},
      {"self_rows", [&] { return on_copy([&](const Tensor& t) { index_put_(t, {T(i)}, select(t, 0, 0)); }); }},
      {"self_rows2", [&] { return on_copy([&](const Tensor& t) { index_put_(t, {T(i)}, slice(t, 0, 0, 2)); }); }},
      {"self_cols",
       [&] { return on_copy([&](const Tensor& t) {
               index_put_(t, {S(all, all, 1), T(i)}, slice(t, 1, 0, 2));
             }); }},
      {"self_col0",
       [&] { return on_copy([&](const Tensor& t) {
               index_put_(t, {T(i), I(0)}, slice(select(t, 0, 0), 0, 0, 2));
             }); }},
      {"self_index",
       [&] {
         return on_copy(
             [&](const Tensor& t) { index_put_(t, {T(select(t, 0, 0))}, scalar_tensor(int64_t{1}, DType::Int64)); });
       }},
      {"self_shifted",
       [&] {
         return on_copy([&](const Tensor& t) {
           index_put_(t, {S(1, all, 1), T(i)}, slice(slice(t, 0, 0, 2), 1, 0, 2));
         });
       }},
      {"self_expanded",
       [&] {
         return on_copy([&](const Tensor& t) {
           index_put_(t, {T(i)}, select(select(expand(t, {2, 3, 4}), 0, 0), 0, 0));
         });
       }},
  };
  size_t explicit_cases = 0;
  for (const auto& [id, want] : expected.as_object())
    if (id.rfind("get ", 0) != 0 && id.rfind("set ", 0) != 0 && id.rfind("doc002", 0) != 0) ++explicit_cases;
  CHECK(ops.size() == explicit_cases);
  for (auto& [id, fn] : ops) {
    SECTION(id) {
      const auto& want = expected.at(id);
      if (want.contains("error")) check_error(fn, want);
      else check_tensor(fn(), want, 0);
    }
  }
}

TEST_CASE("basic indexing is a view that writes through; advanced indexing copies (document 002)", "[core][index]") {
  auto expected = stridelab::testing::load_expected("core/expected/index.json");
  auto S = TensorIndex::make_slice;
  auto I = TensorIndex::make_integer;
  const std::optional<int64_t> all;
  SECTION("original_tensor[1:3, 1:3]") {
    Tensor original = reshape(arange(int64_t{0}, int64_t{12}, int64_t{1}, std::nullopt), {3, 4});
    Tensor v = index(original, {S(1, 3, 1), S(1, 3, 1)});
    CHECK(v.storage_offset() == 5);
    CHECK(v.strides() == IntArray{4, 1});
    CHECK(v.storage() == original.storage());
    CHECK(v.base().is_same(original.base()));  // views never chain: both view arange's result
    index_put_(v, {I(0), I(0)}, scalar_tensor(int64_t{99}, DType::Int64));
    v.bump_version();
    CHECK(original.version() == 1);  // one counter for the base and its views
    const auto& want = expected.at("doc002_view").at("list").as_array();
    check_tensor(original, want[0], 0);
    check_tensor(v, want[1], 0);
  }
  SECTION("base_tensor[:, index_tensor, :]") {
    Tensor base = reshape(arange(int64_t{0}, int64_t{24}, int64_t{1}, std::nullopt), {2, 3, 4});
    std::vector<TensorIndex> idx = {S(all, all, 1), TensorIndex::make_tensor(longs({0, 2})), S(all, all, 1)};
    CHECK_FALSE(is_basic_index(idx));
    Tensor indexed = index(base, idx);
    CHECK_FALSE(indexed.is_view());
    CHECK(indexed.storage() != base.storage());
    index_put_(indexed, {I(0), I(0), I(0)}, scalar_tensor(int64_t{200}, DType::Int64));
    const auto& want = expected.at("doc002_advanced").at("list").as_array();
    check_tensor(base, want[0], 0);
    check_tensor(indexed, want[1], 0);
  }
  SECTION("x[...] is a new view, x[0:3] too") {
    Tensor x = range_of(12, {3, 4});
    for (const auto& idx : {std::vector<TensorIndex>{TensorIndex::make_ellipsis()},
                            std::vector<TensorIndex>{S(0, 3, 1)}, std::vector<TensorIndex>{S(all, all, 1)}}) {
      Tensor v = index(x, idx);
      CHECK_FALSE(v.is_same(x));
      CHECK(v.base().is_same(x));
    }
  }
}

TEST_CASE("indexing never crashes on odd arguments", "[core][index]") {
  Tensor x = range_of(12, {3, 4});
  auto T = TensorIndex::make_tensor;
  // A huge broadcast of index tensors is a clear error, not an exhausted machine.
  Tensor col = reshape(zeros({1 << 20}, DType::Int64), {1 << 20, 1});
  Tensor row = zeros({1 << 20}, DType::Int64);
  CHECK_THROWS_AS(index(x, {T(col), T(row)}), Error);
  CHECK_THROWS_AS(index_put_(x, {T(col), T(row)}, scalar_tensor(int64_t{1}, DType::Int64)), Error);
  // Empty everything.
  CHECK(index(zeros({0}), {T(longs({}))}).numel() == 0);
  CHECK(index(zeros({0, 0}), {T(zeros({0, 0}, DType::Bool))}).numel() == 0);
  CHECK(masked_select(zeros({0, 3}), zeros({0, 3}, DType::Bool)).numel() == 0);
  CHECK(gather(zeros({0, 3}), 1, zeros({0, 2}, DType::Int64)).sizes() == IntArray{0, 2});
}
