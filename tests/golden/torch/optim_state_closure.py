import torch
w = torch.nn.Parameter(torch.ones(2))
v = torch.nn.Parameter(torch.zeros(3))
opt = torch.optim.Adam([w, v], lr=0.1)
(w.sum() + v.sum() * 2).backward()
opt.step()
for p in opt.state:
    print(p.shape, sorted(opt.state[p].keys()))
print(list(opt.state.values())[0]['step'])
print(opt.state_dict())
print(w._version, opt.state[w]['exp_avg']._version, opt.state[w]['step']._version)
def closure():
    opt.zero_grad()
    loss = (w ** 2).sum()
    loss.backward()
    return loss
print(opt.step(closure))
print(w.grad, w)
o2 = torch.optim.Adagrad([w])
print(o2.state[w]["sum"], o2.state[w]["step"])
o2.state[v] = {"note": 1}
print(len(o2.state), v in o2.state, o2.state.get(v))
del o2.state[v]
print(len(o2.state))
