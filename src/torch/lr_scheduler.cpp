// torch.optim.lr_scheduler: the _LRScheduler base (subclassable: step() calls self.get_lr()),
// StepLR, MultiStepLR, ExponentialLR, LambdaLR and CosineAnnealingLR, computing each new rate
// with Python's arithmetic on the group's values, in PyTorch 1.13's order.
#include <cmath>
#include <numbers>

#include "torch/attribute_object.h"
#include "torch/binding.h"

namespace stridelab::torch {

namespace {

#define TORCH_SCHED "/usr/lib/python3/dist-packages/torch/optim/lr_scheduler.py"

ObjRef attr(Interp& in, Object* o, const char* name) { return get_attr(in, o, name); }

std::vector<ObjRef> groups_of(Interp& in, Object* self) {
  ObjRef opt = attr(in, self, "optimizer");
  return to_vector(in, attr(in, opt.get(), "param_groups").get());
}

ObjRef group_get(Interp& in, Object* group, const char* key) {
  Object* v = as<DictObject>(group)->get(in, make_str(key).get());
  if (!v) raise(builtin_types().key_error, std::string("'") + key + "'");
  return ObjRef(v);
}

int64_t last_epoch(Interp& in, Object* self) { return to_index(in, attr(in, self, "last_epoch").get()); }

ObjRef lr_list(Interp& in, Object* self) {
  std::vector<ObjRef> out;
  for (auto& g : groups_of(in, self)) out.push_back(group_get(in, g.get(), "lr"));
  return ObjRef(make_list(out).get());
}

ObjRef scaled(Interp& in, Object* self, ObjRef factor) {
  std::vector<ObjRef> out;
  for (auto& g : groups_of(in, self))
    out.push_back(binary_op(in, BinOpKind::Mult, group_get(in, g.get(), "lr").get(), factor.get()));
  return ObjRef(make_list(out).get());
}

// optimizer.step wrapped to count its calls in optimizer._step_count, as _LRScheduler does.
ObjRef with_counter(Interp& in, ObjRef method) {
  if (get_attr_or_null(in, method.get(), "_with_counter")) return method;
  return make_function("step", [method](Interp& in, CallArgs& a) -> ObjRef {
    ObjRef opt = get_attr(in, method.get(), "__self__");
    ObjRef n = get_attr(in, opt.get(), "_step_count");
    set_attr(in, opt.get(), "_step_count", binary_op(in, BinOpKind::Add, n.get(), make_int(1).get()));
    return call(in, method.get(), a);
  });
}

// The closed form a scheduler uses for step(epoch), or null for those without one (LambdaLR): the
// learning rates at last_epoch computed from base_lrs alone, in lr_scheduler.py's arithmetic.
ObjRef closed_form_lr(Interp& in, Object* self) {
  // The built-in scheduler the object's class is or derives from.
  std::string kind;
  for (const TypeObject* t = self->type(); t && kind.empty(); t = t->base_)
    if (!t->is_user_) kind = t->name_;
  ObjRef e = attr(in, self, "last_epoch");
  ObjRef power;
  if (kind == "StepLR") {
    power = binary_op(in, BinOpKind::FloorDiv, e.get(), attr(in, self, "step_size").get());
  } else if (kind == "MultiStepLR") {
    int64_t passed = 0;  // bisect_right over the sorted milestones
    for (auto& m : to_vector(in, attr(in, self, "_milestones").get()))
      if (truthy(in, compare(in, CmpOpKind::LtE, m.get(), e.get()).get())) ++passed;
    power = make_int(passed);
  } else if (kind == "ExponentialLR") {
    power = e;
  } else if (kind != "CosineAnnealingLR") {
    return ObjRef();
  }
  std::vector<ObjRef> out;
  for (auto& base : to_vector(in, attr(in, self, "base_lrs").get())) {
    if (power) {
      ObjRef factor = binary_op(in, BinOpKind::Pow, attr(in, self, "gamma").get(), power.get());
      out.push_back(binary_op(in, BinOpKind::Mult, base.get(), factor.get()));
      continue;
    }
    const double eta = to_double(in, attr(in, self, "eta_min").get());
    const double t_max = to_double(in, attr(in, self, "T_max").get());
    const double cosine = 1 + std::cos(std::numbers::pi * to_double(in, e.get()) / t_max);
    out.push_back(make_float(eta + (to_double(in, base.get()) - eta) * cosine / 2));
  }
  return ObjRef(make_list(out).get());
}

ObjRef scheduler_step(Interp& in, CallArgs& a) {
  ArgParser p(a, "step", {"self", "epoch="});
  Object* self = p.get(0);
  Object* epoch = p.has(1) && p.get(1) != none() ? p.get(1) : nullptr;
  const int64_t count = to_index(in, attr(in, self, "_step_count").get());
  if (count == 1) {
    ObjRef opt = attr(in, self, "optimizer");
    ObjRef opt_count = attr(in, opt.get(), "_step_count");
    if (to_index(in, opt_count.get()) < 1) {
      static const WarningSite site{
          TORCH_SCHED, 138, "warnings.warn(\"Detected call of `lr_scheduler.step()` before `optimizer.step()`. \""};
      WarnFrom from(site);
      emit_warning(
          "Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 and later, you should "
          "call them in the opposite order: `optimizer.step()` before `lr_scheduler.step()`.  Failure to do this will "
          "result in PyTorch skipping the first value of the learning rate schedule. See more details at "
          "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate");
    }
  }
  set_attr(in, self, "_step_count", make_int(count + 1));
  set_attr(in, self, "_get_lr_called_within_step", ObjRef(true_obj()));
  CallArgs none_args;
  ObjRef values;
  try {
    if (epoch) {
      static const WarningSite site{TORCH_SCHED, 163, "warnings.warn(EPOCH_DEPRECATION_WARNING, UserWarning)"};
      WarnFrom from(site);
      emit_warning(
          "The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where possible. "
          "Please use `scheduler.step()` to step the scheduler. During the deprecation, if epoch is different from "
          "None, the closed form is used instead of the new chainable form, where available. Please open an issue if "
          "you are unable to replicate your use case: https://github.com/pytorch/pytorch/issues/new/choose.");
      set_attr(in, self, "last_epoch", ObjRef(epoch));
      values = closed_form_lr(in, self);
    } else {
      set_attr(in, self, "last_epoch", make_int(last_epoch(in, self) + 1));
    }
    if (!values) values = call_method(in, self, "get_lr", none_args);
  } catch (...) {
    set_attr(in, self, "_get_lr_called_within_step", ObjRef(false_obj()));
    throw;
  }
  set_attr(in, self, "_get_lr_called_within_step", ObjRef(false_obj()));
  auto groups = groups_of(in, self);
  auto vals = to_vector(in, values.get());
  for (size_t i = 0; i < groups.size() && i < vals.size(); ++i)
    as<DictObject>(groups[i].get())->set(in, make_str("lr"), vals[i]);
  set_attr(in, self, "_last_lr", lr_list(in, self));
  return ObjRef(none());
}

// _LRScheduler.__init__(optimizer, last_epoch, verbose).
void scheduler_init(Interp& in, Object* self, Object* opt, Object* last_epoch_obj, Object* verbose) {
  if (!is_instance(opt, optimizer_base_type())) {
    static const TorchFrame f{TORCH_SCHED, 31, "__init__", "    raise TypeError('{} is not an Optimizer'.format(\n"};
    raise_from({&f}, builtin_types().type_error, type_name(opt) + " is not an Optimizer");
  }
  set_attr(in, self, "optimizer", ObjRef(opt));
  const int64_t le = last_epoch_obj ? to_index(in, last_epoch_obj) : -1;
  if (le != -1) raise(builtin_types().not_implemented_error, "stridelab does not support last_epoch= yet");
  std::vector<ObjRef> base;
  for (auto& g : to_vector(in, get_attr(in, opt, "param_groups").get())) {
    auto* d = as<DictObject>(g.get());
    ObjRef key = make_str("initial_lr");
    if (!d->get(in, key.get())) d->set(in, key, group_get(in, g.get(), "lr"));
    base.push_back(ObjRef(d->get(in, key.get())));
  }
  set_attr(in, self, "base_lrs", ObjRef(make_list(base).get()));
  set_attr(in, self, "last_epoch", make_int(le));
  set_attr(in, opt, "step", with_counter(in, get_attr(in, opt, "step")));
  set_attr(in, self, "verbose", verbose ? ObjRef(verbose) : ObjRef(false_obj()));
  set_attr(in, opt, "_step_count", make_int(0));
  set_attr(in, self, "_step_count", make_int(0));
  CallArgs none_args;
  call_method(in, self, "step", none_args);
}

TypeObject* base_type() {
  static TypeObject* t = nullptr;
  if (t) return t;
  t = NativeType("_LRScheduler", "torch.optim.lr_scheduler")
          .constructor(new_attribute_object)
          .method("__init__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    ArgParser p(a, "__init__", {"self", "optimizer", "last_epoch=", "verbose="});
                    scheduler_init(in, p.get(0), p.get(1), p.get(2), p.get(3));
                    return ObjRef(none());
                  })
          .method("step", scheduler_step)
          .method("get_last_lr", [](Interp& in, CallArgs& a) -> ObjRef { return attr(in, a.pos[0].get(), "_last_lr"); })
          .method("get_lr",
                  [](Interp&, CallArgs&) -> ObjRef {
                    Ref<ExceptionObject> e = new_exception(builtin_types().not_implemented_error, {});
                    throw PyError{e};
                  })
          .method("state_dict",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    auto* s = static_cast<AttributeObject*>(a.pos[0].get());
                    Ref<DictObject> out(new DictObject());
                    for (auto& [k, v] : s->dict_.entries())
                      if (k != "optimizer") out->set(in, make_str(k), v);
                    return ObjRef(out.get());
                  })
          .build();
  return t;
}

using GetLr = ObjRef (*)(Interp&, Object*);

TypeObject* scheduler_class(const char* name, NativeFn init, GetLr get_lr) {
  return NativeType(name, "torch.optim.lr_scheduler", base_type())
      .method("__init__", std::move(init))
      .method("get_lr", [get_lr](Interp& in, CallArgs& a) -> ObjRef { return get_lr(in, a.pos[0].get()); })
      .build();
}

ObjRef step_lr(Interp& in, Object* self) {
  const int64_t e = last_epoch(in, self);
  const int64_t step = to_index(in, attr(in, self, "step_size").get());
  if (e == 0 || e % step != 0) return lr_list(in, self);
  return scaled(in, self, attr(in, self, "gamma"));
}

ObjRef multi_step_lr(Interp& in, Object* self) {
  const int64_t e = last_epoch(in, self);
  int64_t hits = 0;
  for (auto& m : to_vector(in, attr(in, self, "_milestones").get()))
    if (to_index(in, m.get()) == e) ++hits;
  if (hits == 0) return lr_list(in, self);
  ObjRef g = attr(in, self, "gamma");
  return scaled(in, self, binary_op(in, BinOpKind::Pow, g.get(), make_int(hits).get()));
}

ObjRef exponential_lr(Interp& in, Object* self) {
  if (last_epoch(in, self) == 0) return lr_list(in, self);
  return scaled(in, self, attr(in, self, "gamma"));
}

ObjRef lambda_lr(Interp& in, Object* self) {
  auto lambdas = to_vector(in, attr(in, self, "lr_lambdas").get());
  auto base = to_vector(in, attr(in, self, "base_lrs").get());
  std::vector<ObjRef> out;
  for (size_t i = 0; i < lambdas.size() && i < base.size(); ++i) {
    CallArgs args;
    args.pos.push_back(attr(in, self, "last_epoch"));
    ObjRef f = call(in, lambdas[i].get(), args);
    out.push_back(binary_op(in, BinOpKind::Mult, base[i].get(), f.get()));
  }
  return ObjRef(make_list(out).get());
}

ObjRef cosine_lr(Interp& in, Object* self) {
  const int64_t e = last_epoch(in, self);
  if (e == 0) return lr_list(in, self);
  const double t_max = to_double(in, attr(in, self, "T_max").get());
  const double eta = to_double(in, attr(in, self, "eta_min").get());
  const double pi = std::numbers::pi;
  auto groups = groups_of(in, self);
  auto base = to_vector(in, attr(in, self, "base_lrs").get());
  std::vector<ObjRef> out;
  const int64_t step_count = to_index(in, attr(in, self, "_step_count").get());
  for (size_t i = 0; i < groups.size(); ++i) {
    const double lr = to_double(in, group_get(in, groups[i].get(), "lr").get());
    const double b = to_double(in, base.at(i).get());
    const double ed = static_cast<double>(e);
    double v;
    if (step_count == 1 && e > 0) {
      v = eta + (b - eta) * (1 + std::cos(ed * pi / t_max)) / 2;
    } else if (std::fmod(std::fmod(ed - 1 - t_max, 2 * t_max) + 2 * t_max, 2 * t_max) == 0) {
      v = lr + (b - eta) * (1 - std::cos(pi / t_max)) / 2;
    } else {
      v = (1 + std::cos(pi * ed / t_max)) / (1 + std::cos(pi * (ed - 1) / t_max)) * (lr - eta) + eta;
    }
    out.push_back(make_float(v));
  }
  return ObjRef(make_list(out).get());
}

}  // namespace

Ref<ModuleObject> make_lr_scheduler_module(Interp& in) {
  auto m = make_module("torch.optim.lr_scheduler");
  module_add(m.get(), "_LRScheduler", ObjRef(base_type()));
  static TypeObject* step = scheduler_class(
      "StepLR",
      [](Interp& in, CallArgs& a) -> ObjRef {
        ArgParser p(a, "__init__", {"self", "optimizer", "step_size", "gamma=", "last_epoch=", "verbose="});
        set_attr(in, p.get(0), "step_size", ObjRef(p.get(2)));
        set_attr(in, p.get(0), "gamma", p.has(3) ? ObjRef(p.get(3)) : make_float(0.1));
        scheduler_init(in, p.get(0), p.get(1), p.get(4), p.get(5));
        return ObjRef(none());
      },
      step_lr);
  static TypeObject* multi = scheduler_class(
      "MultiStepLR",
      [](Interp& in, CallArgs& a) -> ObjRef {
        ArgParser p(a, "__init__", {"self", "optimizer", "milestones", "gamma=", "last_epoch=", "verbose="});
        set_attr(in, p.get(0), "_milestones", ObjRef(make_list(to_vector(in, p.get(2))).get()));
        set_attr(in, p.get(0), "gamma", p.has(3) ? ObjRef(p.get(3)) : make_float(0.1));
        scheduler_init(in, p.get(0), p.get(1), p.get(4), p.get(5));
        return ObjRef(none());
      },
      multi_step_lr);
  static TypeObject* expo = scheduler_class(
      "ExponentialLR",
      [](Interp& in, CallArgs& a) -> ObjRef {
        ArgParser p(a, "__init__", {"self", "optimizer", "gamma", "last_epoch=", "verbose="});
        set_attr(in, p.get(0), "gamma", ObjRef(p.get(2)));
        scheduler_init(in, p.get(0), p.get(1), p.get(3), p.get(4));
        return ObjRef(none());
      },
      exponential_lr);
  static TypeObject* lambda = scheduler_class(
      "LambdaLR",
      [](Interp& in, CallArgs& a) -> ObjRef {
        ArgParser p(a, "__init__", {"self", "optimizer", "lr_lambda", "last_epoch=", "verbose="});
        const int64_t n = length(in, get_attr(in, p.get(1), "param_groups").get());
        Object* f = p.get(2);
        std::vector<ObjRef> lambdas;
        if (f->type() != builtin_types().list && f->type() != builtin_types().tuple) {
          for (int64_t i = 0; i < n; ++i) lambdas.push_back(ObjRef(f));
        } else {
          lambdas = to_vector(in, f);
          if (static_cast<int64_t>(lambdas.size()) != n) {
            static const TorchFrame fr{TORCH_SCHED, 210, "__init__",
                                       "    raise ValueError(\"Expected {} lr_lambdas, but got {}\".format(\n"};
            raise_from({&fr}, builtin_types().value_error,
                       "Expected " + std::to_string(n) + " lr_lambdas, but got " + std::to_string(lambdas.size()));
          }
        }
        set_attr(in, p.get(0), "lr_lambdas", ObjRef(make_list(lambdas).get()));
        scheduler_init(in, p.get(0), p.get(1), p.get(3), p.get(4));
        return ObjRef(none());
      },
      lambda_lr);
  static TypeObject* cosine = scheduler_class(
      "CosineAnnealingLR",
      [](Interp& in, CallArgs& a) -> ObjRef {
        ArgParser p(a, "__init__", {"self", "optimizer", "T_max", "eta_min=", "last_epoch=", "verbose="});
        set_attr(in, p.get(0), "T_max", ObjRef(p.get(2)));
        set_attr(in, p.get(0), "eta_min", p.has(3) ? ObjRef(p.get(3)) : make_int(0));
        scheduler_init(in, p.get(0), p.get(1), p.get(4), p.get(5));
        return ObjRef(none());
      },
      cosine_lr);
  module_add(m.get(), "StepLR", ObjRef(step));
  module_add(m.get(), "MultiStepLR", ObjRef(multi));
  module_add(m.get(), "ExponentialLR", ObjRef(expo));
  module_add(m.get(), "LambdaLR", ObjRef(lambda));
  module_add(m.get(), "CosineAnnealingLR", ObjRef(cosine));
  return m;
}

}  // namespace stridelab::torch
