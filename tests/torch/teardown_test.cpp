// What an interpreter frees when it is destroyed (NOTE [Cycles at teardown] in python/object.h):
// objects in reference cycles, which reference counting alone never frees, go with it. Each
// program below leaves a 1000-element tensor reachable only from a cycle when it ends; its
// storage is still allocated after the run, as in CPython before its cycle collector runs, and
// freed when the interpreter goes. The sanitizer build runs these with LeakSanitizer on.
#include <catch2/catch.hpp>

#include "core/storage.h"
#include "python/interp.h"
#include "torch/torch.h"

using namespace stridelab::python;
using namespace stridelab::torch;

namespace {

struct Outcome {
  std::string out, err;
  size_t bytes_after_run = 0;  // storage in use when the run has ended, the interpreter still alive
};

Outcome run_and_destroy(const std::string& src) {
  Outcome o;
  Interp in;
  register_torch(in);
  in.set_stdout([&](std::string_view s) { o.out += s; });
  in.set_stderr([&](std::string_view s) { o.err += s; });
  RunResult r = in.run(src);
  o.err += r.error_text;
  o.bytes_after_run = stridelab::core::storage_bytes_in_use();
  return o;
}

}  // namespace

TEST_CASE("teardown: objects in reference cycles are freed with the interpreter", "[teardown]") {
  const char* programs[] = {
      // a list that contains itself
      "import torch\n"
      "a = [torch.ones(1000)]\n"
      "a.append(a)\n"
      "del a\n",
      // an instance that refers to itself
      "import torch\n"
      "class Node:\n"
      "    pass\n"
      "n = Node()\n"
      "n.t = torch.ones(1000)\n"
      "n.me = n\n"
      "del n\n",
      // two instances that refer to each other (a parent and its child)
      "import torch\n"
      "class Node:\n"
      "    def __init__(self, parent=None):\n"
      "        self.parent = parent\n"
      "        self.children = []\n"
      "        if parent is not None:\n"
      "            parent.children.append(self)\n"
      "root = Node()\n"
      "leaf = Node(root)\n"
      "leaf.t = torch.ones(1000)\n"
      "del root, leaf\n",
      // a class whose attribute is an instance of the class
      "import torch\n"
      "class Config:\n"
      "    pass\n"
      "Config.default = Config()\n"
      "Config.default.t = torch.ones(1000)\n",
      // a class whose method refers to the class through a default argument
      "import torch\n"
      "class A:\n"
      "    t = torch.ones(1000)\n"
      "A.make = lambda cls=A: cls()\n"
      "del A\n",
      // a recursive closure: the function is a variable of the frame it closes over
      "import torch\n"
      "def outer():\n"
      "    t = torch.ones(1000)\n"
      "    def count(n):\n"
      "        return t if n == 0 else count(n - 1)\n"
      "    return count\n"
      "f = outer()\n"
      "print(f(3).shape)\n"
      "del f\n",
      // a tensor whose attribute is itself
      "import torch\n"
      "x = torch.ones(1000)\n"
      "x.me = x\n"
      "del x\n",
      // a dict that contains itself
      "import torch\n"
      "d = {'t': torch.ones(1000)}\n"
      "d['d'] = d\n"
      "del d\n",
      // an exception that refers to itself
      "import torch\n"
      "try:\n"
      "    raise ValueError(torch.ones(1000))\n"
      "except ValueError as e:\n"
      "    e.me = e\n"
      "    kept = e\n"
      "del kept\n",
      // an nn.Module that refers to itself through a list
      "import torch\n"
      "import torch.nn as nn\n"
      "class Net(nn.Module):\n"
      "    def __init__(self):\n"
      "        super().__init__()\n"
      "        self.w = nn.Parameter(torch.ones(1000))\n"
      "        self.owners = [self]\n"
      "net = Net()\n"
      "del net\n",
      // an optimizer that refers to itself
      "import torch\n"
      "w = torch.ones(1000, requires_grad=True)\n"
      "opt = torch.optim.SGD([w], lr=0.1)\n"
      "opt.me = opt\n"
      "del opt, w\n",
      // a leaf whose gradient has a history ending in the leaf (NOTE [Gradient cycles]); no
      // interpreter object is left in the cycle
      "import torch\n"
      "w = torch.ones(1000, requires_grad=True)\n"
      "(w * w).sum().backward(create_graph=True)\n"
      "del w\n",
  };
  for (const char* src : programs) {
    INFO(src);
    const size_t before = stridelab::core::storage_bytes_in_use();
    Outcome o = run_and_destroy(src);
    CHECK(o.err.find("Error") == std::string::npos);  // create_graph's UserWarning is expected
    CHECK(o.bytes_after_run >= before + 4000);        // the cycle keeps the tensor after the run
    CHECK(stridelab::core::storage_bytes_in_use() == before);
  }
}

TEST_CASE("teardown: a run leaves nothing behind for the next interpreter", "[teardown]") {
  // The same cycle-making program, run by one interpreter after another: storage in use does not
  // grow from run to run, and every run prints the same.
  const std::string src =
      "import torch\n"
      "class Node:\n"
      "    pass\n"
      "n = Node()\n"
      "n.t = torch.arange(6.).reshape(2, 3)\n"
      "n.me = n\n"
      "print(n.t.sum(), len(n.__dict__))\n";
  const size_t before = stridelab::core::storage_bytes_in_use();
  for (int i = 0; i < 3; ++i) {
    Outcome o = run_and_destroy(src);
    CHECK(o.out == "tensor(15.) 2\n");
    CHECK(stridelab::core::storage_bytes_in_use() == before);
  }
}
