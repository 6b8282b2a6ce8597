// The torch binding where the golden programs cannot reach: PyTorch 2.x names that the 1.13
// oracle cannot record (untyped_storage(), nbytes, itemsize, as 2.x defines them), the view
// origins the trace reads, and warnings across runs of one process.
#include <catch2/catch.hpp>

#include "autograd/variable.h"
#include "python/interp.h"
#include "torch/torch.h"
#include "torch/binding.h"

using namespace stridelab::python;
using namespace stridelab::torch;
namespace lt = stridelab::torch;

namespace {

struct Run {
  std::string out, err;
  int code = 0;
};

Run run(Interp& in, const std::string& src) {
  Run r;
  in.set_stdout([&](std::string_view s) { r.out += s; });
  in.set_stderr([&](std::string_view s) { r.err += s; });
  RunResult res = in.run(src);
  r.err += res.error_text;
  r.code = res.exit_code;
  return r;
}

Run run(const std::string& src) {
  Interp in;
  register_torch(in);
  return run(in, src);
}

stridelab::core::Tensor global_tensor(Interp& in, const std::string& name) {
  Object* o = in.import_module("__main__")->dict_.get(name);
  REQUIRE(o != nullptr);
  REQUIRE(lt::is_tensor(o));
  return lt::unwrap(o);
}

}  // namespace

TEST_CASE("torch: 2.x names nbytes, itemsize and untyped_storage()", "[torch]") {
  Run r =
      run("import torch\n"
          "x = torch.arange(6, dtype=torch.float32).reshape(2, 3)\n"
          "print(x.nbytes, x.itemsize, x[1].nbytes, x.t().nbytes, torch.ones(3, dtype=torch.int64).itemsize)\n"
          "s = x.untyped_storage()\n"
          "print(type(s).__name__, s.nbytes(), len(s), s.element_size())\n"
          "print(s.data_ptr() == x.data_ptr(), x[1].untyped_storage().data_ptr() == s.data_ptr())\n"
          "print(x[1].untyped_storage().nbytes(), x[1].storage_offset())\n"
          "print(s[4], s[5], s[6], s[7])\n"
          "print(torch.tensor([1, 256], dtype=torch.int32).untyped_storage().tolist())\n"
          "print(torch.tensor([True, False]).untyped_storage())\n"
          "print(x.clone().untyped_storage().data_ptr() == s.data_ptr())\n");
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out ==
        "24 4 12 24 8\n"
        "UntypedStorage 24 24 1\n"
        "True True\n"
        "24 3\n"
        "0 0 128 63\n"  // 1.0f, little-endian
        "[1, 0, 0, 0, 0, 1, 0, 0]\n"
        " 1\n 0\n[torch.storage.UntypedStorage(device=cpu) of size 2]\n"
        "False\n");
}

TEST_CASE("torch: view origins", "[torch]") {
  lt::set_view_origin_tracking(true);
  Interp in;
  register_torch(in);
  Run r = run(in,
              "import torch\n"
              "x = torch.arange(12.).reshape(3, 4)\n"
              "t = x.t()\n"
              "v = x.view(4, 3)\n"
              "s = x[1:3, 1:3]\n"
              "e = x[0].expand(2, 4)\n"
              "r = x.reshape(12)\n"
              "c = t.reshape(12)\n"
              "f = t.flatten()\n"
              "a = x + 1\n"
              "p = x.permute(1, 0).contiguous()\n"
              "u = x.unbind(0)[1]\n");
  REQUIRE(r.code == 0);
  auto x = global_tensor(in, "x");
  auto t = global_tensor(in, "t");

  auto o = lt::view_origin(t);
  REQUIRE(o);
  CHECK(o->op == "t");
  CHECK(o->source.is_same(x));
  CHECK(o->broke_dim == -1);

  o = lt::view_origin(global_tensor(in, "v"));
  REQUIRE(o);
  CHECK(o->op == "view");
  o = lt::view_origin(global_tensor(in, "s"));
  REQUIRE(o);
  CHECK(o->op == "index");
  CHECK(o->source.is_same(x));
  o = lt::view_origin(global_tensor(in, "e"));
  REQUIRE(o);
  CHECK(o->op == "expand");
  CHECK(!o->source.is_same(x));  // made from x[0], a temporary
  o = lt::view_origin(global_tensor(in, "r"));
  REQUIRE(o);
  CHECK(o->op == "reshape");
  CHECK(o->broke_dim == -1);

  // t is (4, 3) with strides (1, 4): flattening it merges dims 0 and 1, and dim 0's stride 1 is not 3 * 4.
  o = lt::view_origin(global_tensor(in, "c"));
  REQUIRE(o);
  CHECK(o->op == "reshape");
  CHECK(o->source.is_same(t));
  CHECK(o->broke_dim == 0);
  o = lt::view_origin(global_tensor(in, "f"));
  REQUIRE(o);
  CHECK(o->op == "flatten");
  CHECK(o->broke_dim == 0);

  CHECK(!lt::view_origin(global_tensor(in, "a")));
  CHECK(!lt::view_origin(global_tensor(in, "p")));  // a copy, not a view
  o = lt::view_origin(global_tensor(in, "u"));
  REQUIRE(o);
  CHECK(o->op == "unbind");

  // A source that died (x[0], a temporary; y keeps only the root alive): its source is undefined.
  Run r2 = run(in, "import torch\ny = torch.ones(2, 3)[0][1:]\n");
  REQUIRE(r2.code == 0);
  o = lt::view_origin(global_tensor(in, "y"));
  REQUIRE(o);
  CHECK(o->op == "index");
  CHECK(!o->source.defined());

  lt::set_view_origin_tracking(false);
  CHECK(!lt::view_origin(t));
}

TEST_CASE("torch: view_broken_dim follows the view rule", "[torch]") {
  CHECK(lt::view_broken_dim({3, 4}, {4, 1}, {12}) == -1);
  CHECK(lt::view_broken_dim({4, 3}, {1, 4}, {12}) == 0);
  CHECK(lt::view_broken_dim({2, 3, 4}, {12, 1, 3}, {2, 12}) == 1);  // dims 1, 2 transposed
  CHECK(lt::view_broken_dim({2, 3, 4}, {12, 1, 3}, {6, 4}) == 0);
  CHECK(lt::view_broken_dim({2, 3, 4}, {1, 8, 2}, {2, 12}) == -1);  // dims 1 and 2 still merge
  CHECK(lt::view_broken_dim({2, 3, 4}, {1, 8, 2}, {24}) == 0);
  CHECK(lt::view_broken_dim({2, 3}, {3, 1}, {3, 2}) == -1);
  CHECK(lt::view_broken_dim({}, {}, {1}) == -1);
}

TEST_CASE("torch: warnings go to stderr once per location, before the traceback", "[torch]") {
  Run r =
      run("import torch\n"
          "x = torch.ones(2, 3, 4)\n"
          "for i in range(2):\n"
          "    y = x.T\n"
          "a = torch.ones(2, requires_grad=True)\n"
          "b = a * 2\n"
          "def g():\n"
          "    return b.grad\n"
          "g()\n"
          "g()\n"
          "b.grad\n"
          "x.T\n"
          "raise ValueError('late')\n");
  CHECK(r.code == 1);
  std::string t_warning =
      "UserWarning: The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it "
      "will throw an error in a future release. Consider `x.mT` to transpose batches of matrices or "
      "`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered internally at  "
      "./aten/src/ATen/native/TensorShape.cpp:3277.)\n";
  std::string grad_warning = std::string("UserWarning: ") + stridelab::autograd::kNonLeafGradWarning + "\n";
  CHECK(r.err == "<main>:4: " + t_warning + "  y = x.T\n" +  // TORCH_WARN_ONCE: not again at line 12
                     "<main>:8: " + grad_warning + "  return b.grad\n" + "<main>:11: " + grad_warning + "  b.grad\n" +
                     "Traceback (most recent call last):\n  File \"<main>\", line 13, in <module>\n"
                     "    raise ValueError('late')\nValueError: late\n");

  // Each run is a fresh process: the once-only warning comes again.
  Run again = run("import torch\ntorch.ones(2, 2, 2).T\n");
  CHECK(again.err == "<main>:2: " + t_warning + "  torch.ones(2, 2, 2).T\n");
}

TEST_CASE("torch: x %= y and x //= y record their nodes in place", "[torch]") {
  // Recorded from PyTorch 1.13: RemainderBackward0 in place (version 3 after two in-place ops), and
  // floor division's node without a derivative, named for the in-place op.
  Run r =
      run("import torch\n"
          "x = torch.ones(3, requires_grad=True)\n"
          "y = x * 1\n"
          "with torch.no_grad():\n"
          "    y.tanh_()\n"
          "z = torch.ones(3)\n"
          "z.tanh_()\n"
          "z %= 2\n"
          "print(y._version, z._version)\n"
          "y.tanh_()\n"
          "print(y.grad_fn.name(), y._version)\n"
          "y %= 2\n"
          "print(y.grad_fn.name(), y._version)\n"
          "w = x * 3\n"
          "w //= 2\n"
          "print(w.grad_fn.name(), w._version)\n"
          "w.sum().backward()\n");
  CHECK(r.out == "1 2\nTanhBackward0 2\nRemainderBackward0 3\ntorch::autograd::NotImplemented 1\n");
  CHECK(r.err.find("RuntimeError: derivative for aten::floor_divide_ is not implemented\n") != std::string::npos);
}

TEST_CASE("binding: bases CPython combines but stridelab makes with two native types raise a clear error",
          "[binding]") {
  Run r = run("import torch\nclass A(Exception, torch.nn.Module):\n    pass\n");
  CHECK(r.err.find("NotImplementedError: stridelab does not support a class whose bases are both") !=
        std::string::npos);
  r = run("import torch\nclass B(torch.Tensor, Exception):\n    pass\n");
  CHECK(r.err.find("TypeError: multiple bases have instance lay-out conflict") != std::string::npos);
}
