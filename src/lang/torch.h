// The `torch` surface of the playground: registers the modules torch, torch.nn,
// torch.nn.functional, torch.optim and torch.autograd with an interpreter.
//
//   stridelab::lang::Interp interp;
//   stridelab::lang::register_torch(interp);
//   interp.run("import torch\nprint(torch.ones(2))\n");
#pragma once

namespace stridelab::lang {

class Interp;
void register_torch(Interp& interp);

}  // namespace stridelab::lang
