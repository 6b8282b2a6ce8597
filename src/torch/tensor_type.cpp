// The torch.Tensor Python type: one object per TensorImpl, conversions between Python data and
// tensors, indexing, operators and the Tensor methods.
#include <cmath>
#include <limits>
#include <memory>
#include <unordered_map>

#include "core/print.h"
#include "python/bigint.h"
#include "python/format.h"
#include "torch/binding.h"
#include "torch/dispatch.h"

namespace stridelab::torch {

using core::BinaryOp;
using core::Scalar;
using core::TensorIndex;
using core::UnaryOp;

TorchTypes& types() {
  static TorchTypes t;
  return t;
}

// ---- identity: one Python object per TensorImpl ----------------------------------------------
// NOTE [Tensor identity]
// PyTorch keeps one PyObject per TensorImpl: `x.contiguous() is x` and `a.grad is a.grad` are True
// because the same impl comes back. Ops that make a new TensorImpl (`x.data`, `x.t()`, `x[0]`)
// make a new object, which dies when its last Python reference goes. The impl points back at its
// object (TensorImpl::py_object_), as PyTorch's does.
TensorObject::TensorObject(TypeObject* type, Tensor tensor) : Object(type), t(std::move(tensor)) {
  if (t.defined()) t.impl()->py_object_ = this;
  track();  // it has a __dict__ (NOTE [Cycles at teardown])
}

TensorObject::~TensorObject() {
  if (t.defined() && t.impl()->py_object_ == this) t.impl()->py_object_ = nullptr;
}

bool is_tensor(const Object* o) { return types().tensor && o->type()->is_subtype_of(types().tensor); }
Tensor& unwrap(Object* o) { return static_cast<TensorObject*>(o)->t; }

ObjRef wrap(const Tensor& t) {
  if (!t.defined()) return ObjRef(none());
  if (void* o = t.impl()->py_object_) return ObjRef(static_cast<TensorObject*>(o));
  return ObjRef(new TensorObject(types().tensor, t));
}

ObjRef wrap_as(const Tensor& t, TypeObject* type) { return ObjRef(new TensorObject(type, t)); }

ObjRef wrap_list(const std::vector<Tensor>& ts, bool as_tuple) {
  std::vector<ObjRef> items;
  for (auto& t : ts) items.push_back(wrap(t));
  if (as_tuple) return make_tuple(std::move(items));
  return make_list(std::move(items));
}

[[noreturn]] void rethrow_core(const core::Error& e) {
  TypeObject* t = builtin_types().runtime_error;
  switch (e.kind()) {
    case core::ErrorKind::RuntimeError: t = builtin_types().runtime_error; break;
    case core::ErrorKind::IndexError: t = builtin_types().index_error; break;
    case core::ErrorKind::TypeError: t = builtin_types().type_error; break;
    case core::ErrorKind::ValueError: t = builtin_types().value_error; break;
    case core::ErrorKind::NotImplementedError: t = builtin_types().not_implemented_error; break;
    case core::ErrorKind::MemoryError: t = builtin_types().memory_error; break;
  }
  raise(t, e.what());
}

// ---- Python data <-> tensors ------------------------------------------------------------------

ObjRef scalar_to_py(const Scalar& s) {
  if (s.is_bool()) return ObjRef(bool_obj(s.to<bool>()));
  if (s.is_int()) return make_int(s.to_int());
  return make_float(s.to_double());
}

bool fits_long(const Object* o) { return !is_big_candidate(o) || int_as_big(o).fits_int64(); }

int64_t unpack_long(const Object* o) {
  if (!fits_long(o)) raise(builtin_types().runtime_error, "Overflow when unpacking long");
  return static_cast<const IntObject*>(o)->value_;
}

Scalar to_scalar(Interp& in, Object* o) {
  if (o->type() == builtin_types().bool_) return Scalar(o == true_obj());
  if (is_instance(o, builtin_types().int_)) return Scalar(unpack_long(o));
  if (o->type() == builtin_types().float_) return Scalar(as<FloatObject>(o)->value_);
  if (is_tensor(o)) return guarded([&] { return core::item(unwrap(o)); });
  raise(builtin_types().type_error, "expected a number, got " + py_typename(o));
}

Tensor scalar_to_tensor(const Scalar& s) { return core::scalar_tensor(s, s.dtype(), true); }

static bool is_sequence(const Object* o) {
  return o->type() == builtin_types().list || is_instance(o, builtin_types().tuple);
}
static const std::vector<ObjRef>& items_of(Object* o) {
  if (o->type() == builtin_types().list) return as<ListObject>(o)->items_;
  return as<TupleObject>(o)->items_;
}

static std::optional<DType> infer_type(Interp& in, Object* o) {
  if (o->type() == builtin_types().float_) return core::kDefaultFloat;
  if (o->type() == builtin_types().bool_) return DType::Bool;
  if (is_instance(o, builtin_types().int_)) return DType::Int64;
  if (is_tensor(o)) return unwrap(o).dtype();
  if (is_sequence(o)) {
    std::optional<DType> r;
    for (auto& it : items_of(o)) {
      auto d = infer_type(in, it.get());
      if (!d) continue;
      r = r ? core::promote_types(*r, *d) : *d;
    }
    return r;
  }
  if (is_str(o)) raise(builtin_types().type_error, "new(): invalid data type 'str'");
  raise(builtin_types().runtime_error, "Could not infer dtype of " + type_name(o));
}

// A number going into an integer tensor must fit its type, as PyTorch's checked conversion has it
// (a NaN or an infinity never does; core::from_values checks the narrow types the same way);
// floating and bool tensors take any number.
static void check_fits(Object* o, DType dtype) {
  if (!core::is_integral(dtype, false) || o->type() == builtin_types().bool_) return;
  if (is_int(o) && !fits_long(o)) return;  // unpack_long raises its own error
  core::dispatch(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using limits = std::numeric_limits<T>;
    bool overflows = false;
    if (o->type() == builtin_types().float_) {
      double f = as<FloatObject>(o)->value_;
      overflows = std::isnan(f) || f < static_cast<double>(limits::lowest()) || f > static_cast<double>(limits::max());
    } else if (is_int(o)) {
      int64_t v = unpack_long(o);
      // uint8 takes negative ints down to -255, wrapping them (c10's checked conversion).
      const int64_t lowest = std::is_unsigned_v<T> && !std::is_same_v<T, bool> ? -static_cast<int64_t>(limits::max())
                                                                               : static_cast<int64_t>(limits::lowest());
      overflows = v < lowest || (v > 0 && static_cast<uint64_t>(v) > static_cast<uint64_t>(limits::max()));
    }
    if (overflows)
      raise(builtin_types().runtime_error,
            std::string("value cannot be converted to type ") + (core::dtype_name(dtype) + 6) + " without overflow");
  });
}

static void store(Interp& in, Object* o, size_t dim, const IntArray& sizes, DType dtype, std::vector<Scalar>& out) {
  if (dim == sizes.size()) {
    if (is_tensor(o)) {
      out.push_back(guarded([&] { return core::item(unwrap(o)); }));
      return;
    }
    if (is_sequence(o))
      raise(builtin_types().type_error, "'" + type_name(o) + "' object cannot be interpreted as an integer");
    if (is_str(o) && dim > 0) raise(builtin_types().value_error, "too many dimensions 'str'");
    if (!is_number(o)) raise(builtin_types().type_error, "new(): invalid data type '" + type_name(o) + "'");
    check_fits(o, dtype);
    // An int beyond int64 goes into a floating tensor as a double, as PyTorch reads it.
    if (is_int(o) && !fits_long(o) && core::is_floating(dtype)) out.push_back(Scalar(int_to_double(o)));
    else out.push_back(to_scalar(in, o));
    return;
  }
  if (!is_sequence(o)) {
    if (is_str(o)) raise(builtin_types().type_error, "new(): invalid data type '" + type_name(o) + "'");
    raise(builtin_types().type_error, "not a sequence");
  }
  auto& items = items_of(o);
  if (static_cast<int64_t>(items.size()) != sizes[dim])
    raise(builtin_types().value_error, "expected sequence of length " + std::to_string(sizes[dim]) + " at dim " +
                                           std::to_string(dim) + " (got " + std::to_string(items.size()) + ")");
  for (auto& it : items) store(in, it.get(), dim + 1, sizes, dtype, out);
}

Tensor tensor_from_data(Interp& in, Object* data, std::optional<DType> dtype, const char* fname) {
  if (is_tensor(data)) {
    std::string call = std::string(fname) == "new_tensor" ? "tensor.new_tensor" : "torch.tensor";
    emit_warning(
        "To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or "
        "sourceTensor.clone().detach().requires_grad_(True), rather than " +
        call + "(sourceTensor).");
    Tensor src = unwrap(data);
    return guarded([&] { return core::to(op::detach(src), dtype.value_or(src.dtype()), true); });
  }
  if (is_str(data)) raise(builtin_types().type_error, "new(): invalid data type 'str'");
  IntArray sizes;
  Object* cur = data;
  while (is_sequence(cur)) {
    auto& items = items_of(cur);
    sizes.push_back(static_cast<int64_t>(items.size()));
    if (items.empty()) break;
    cur = items[0].get();
    if (is_str(cur)) raise(builtin_types().value_error, "too many dimensions 'str'");
  }
  DType d = dtype ? *dtype : infer_type(in, data).value_or(core::kDefaultFloat);
  std::vector<Scalar> values;
  store(in, data, 0, sizes, d, values);
  return guarded([&] { return core::from_values(values, sizes, d); });
}

static ObjRef tolist_rec(const Tensor& t, int64_t dim, int64_t offset) {
  if (dim == t.dim()) {
    Scalar s = core::get_flat(core::as_strided(t, {}, {}, t.storage_offset() + offset), 0);
    return scalar_to_py(s);
  }
  std::vector<ObjRef> items;
  for (int64_t i = 0; i < t.size(dim); ++i) items.push_back(tolist_rec(t, dim + 1, offset + i * t.stride(dim)));
  return make_list(std::move(items));
}

ObjRef tolist(const Tensor& t) {
  return guarded([&] {
    if (t.dim() == 0) return scalar_to_py(core::item(t));
    std::vector<Scalar> flat;
    int64_t n = t.numel();
    flat.reserve(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) flat.push_back(core::get_flat(t, k));
    size_t pos = 0;
    std::function<ObjRef(int64_t)> build = [&](int64_t dim) -> ObjRef {
      std::vector<ObjRef> items;
      for (int64_t i = 0; i < t.size(dim); ++i) {
        if (dim + 1 == t.dim()) items.push_back(scalar_to_py(flat[pos++]));
        else items.push_back(build(dim + 1));
      }
      return make_list(std::move(items));
    };
    return build(0);
  });
}

// ---- dtype / device / Size objects --------------------------------------------------------------

ObjRef dtype_obj(DType d) {
  static std::vector<ObjRef> objs;
  if (objs.empty())
    for (int i = 0; i < core::kNumDTypes; ++i)
      objs.push_back(ObjRef(new DTypeObject(types().dtype, static_cast<DType>(i))));
  return objs[static_cast<size_t>(d)];
}

ObjRef device_obj() {
  static ObjRef d(new DeviceObject(types().device));
  return d;
}

ObjRef make_size(const IntArray& sizes) {
  std::vector<ObjRef> items;
  for (int64_t s : sizes) items.push_back(make_int(s));
  return ObjRef(new TupleObject(std::move(items), types().size));
}

std::optional<DType> dtype_of_object(Object* o) {
  if (o->type() == types().dtype) return static_cast<DTypeObject*>(o)->dtype;
  if (o == builtin_types().float_) return DType::Float64;
  if (o == builtin_types().int_) return DType::Int64;
  if (o == builtin_types().bool_) return DType::Bool;
  return std::nullopt;
}

// ---- indexing ----------------------------------------------------------------------------------

static bool is_index_scalar(Object* o) {
  return is_instance(o, builtin_types().int_) && o->type() != builtin_types().bool_;
}

static TensorIndex index_entry(Interp& in, Object* k) {
  if (k->type() == builtin_types().bool_)
    return TensorIndex::make_tensor(core::scalar_tensor(Scalar(k == true_obj()), DType::Bool));
  if (is_index_scalar(k)) return TensorIndex::make_integer(unpack_long(k));
  if (k->type() == builtin_types().slice) {
    auto* s = as<SliceObject>(k);
    auto part = [&](Object* o) -> std::optional<int64_t> {
      if (o == none()) return std::nullopt;
      if (is_tensor(o)) return guarded([&] { return core::item(unwrap(o)).to_int(); });
      return to_index(in, o);
    };
    std::optional<int64_t> step = part(s->step_.get());
    if (step && *step == 0)
      raise(builtin_types().value_error, "slice step cannot be zero");  // CPython's PySlice_Unpack
    return TensorIndex::make_slice(part(s->start_.get()), part(s->stop_.get()), step.value_or(1));
  }
  if (k == none()) return TensorIndex::make_none();
  if (k == ellipsis()) return TensorIndex::make_ellipsis();
  if (is_tensor(k)) return TensorIndex::make_tensor(unwrap(k));
  if (is_sequence(k)) {
    // PyTorch's indexing_tensor_from_data: a list of bools is a mask, any other list (floats and
    // the empty list included) an int64 index.
    const DType d = infer_type(in, k) == DType::Bool ? DType::Bool : DType::Int64;
    return TensorIndex::make_tensor(tensor_from_data(in, k, d, "index"));
  }
  if (k->type() == builtin_types().range) {  // a sequence of ints, as in `input[range(n), target]`: one index tensor
    auto* r = as<RangeObject>(k);
    std::vector<ObjRef> items;
    for (int64_t v = r->start_; r->step_ > 0 ? v < r->stop_ : v > r->stop_; v += r->step_) items.push_back(make_int(v));
    ObjRef list = make_list(std::move(items));
    return TensorIndex::make_tensor(tensor_from_data(in, list.get(), std::nullopt, "index"));
  }
  if (is_str(k)) raise(builtin_types().type_error, "new(): invalid data type 'str'");
  raise(builtin_types().index_error,
        "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
            type_name(k) + ")");
}

// PyTorch's treatSequenceAsTuple: a list key is a tuple of indices when it holds slices, None,
// Ellipsis, tensors or sequences; otherwise it is one index tensor.
static bool sequence_as_tuple(Object* k) {
  if (is_instance(k, builtin_types().tuple)) return true;
  if (k->type() != builtin_types().list) return false;
  auto& items = items_of(k);
  if (items.size() >= 32) return false;
  for (auto& it : items) {
    Object* o = it.get();
    if (o == none() || o == ellipsis() || o->type() == builtin_types().slice || is_tensor(o) || is_sequence(o))
      return true;
  }
  return false;
}

// `tuple`: whether the key counts as a tuple of indices (PyTorch skips a full slice only there).
static std::vector<TensorIndex> build_indices(Interp& in, Object* key, bool& tuple) {
  std::vector<TensorIndex> out;
  tuple = sequence_as_tuple(key);
  if (tuple) {
    for (auto& it : items_of(key)) out.push_back(index_entry(in, it.get()));
  } else {
    out.push_back(index_entry(in, key));
  }
  return out;
}

// ---- the Tensor type ------------------------------------------------------------------------------

static const Tensor& self_of(CallArgs& a) { return unwrap(a.pos[0].get()); }

std::string tensor_repr_of(Object* o) {
  const Tensor& t = unwrap(o);
  try {  // printing can refuse a buffer past the memory limit (set_printoptions(precision=10**9))
    if (o->type() == types().parameter) {
      core::PrintSuffix s = print_suffix(t);
      return core::parameter_repr(t, s);
    }
    return core::tensor_repr(t, print_suffix(t));
  } catch (const core::Error& e) { rethrow_core(e); }
}

static ObjRef binop(Interp& in, CallArgs& a, BinaryOp op, bool reflected) {
  if (a.pos.size() != 2) raise(builtin_types().type_error, "expected 1 argument");
  Object* other = a.pos[1].get();
  if (!is_tensor(other) && !is_number(other)) return ObjRef(not_implemented());
  const Tensor& self = self_of(a);
  if (!is_tensor(other)) {
    const Scalar number = to_scalar(in, other);
    return guarded([&] { return wrap(op::binary_number(op, self, number, reflected)); });
  }
  const Tensor& o = unwrap(other);
  return guarded([&] { return wrap(reflected ? op::binary(op, o, self) : op::binary(op, self, o)); });
}

// x // y runs Tensor.__floordiv__ in torch/_tensor.py (through its NotImplemented wrapper).
static ObjRef floordiv(Interp& in, CallArgs& a) {
  return through({&frames::tensor_wrapped, &frames::tensor_floordiv},
                 [&] { return binop(in, a, BinaryOp::FloorDivide, false); });
}

static ObjRef ibinop(Interp& in, CallArgs& a, BinaryOp op) {
  Object* other = a.pos[1].get();
  if (!is_tensor(other) && !is_number(other)) return ObjRef(not_implemented());
  const Tensor& self = self_of(a);
  if (!is_tensor(other)) {
    const Scalar number = to_scalar(in, other);
    guarded([&] { op::binary_number_(op, self, number); });
  } else {
    guarded([&] { op::binary_(op, self, unwrap(other)); });
  }
  return a.pos[0];
}

static ObjRef cmpop(Interp& in, CallArgs& a, BinaryOp op) {
  Object* other = a.pos[1].get();
  if (!is_tensor(other) && !is_number(other)) return ObjRef(not_implemented());
  const Tensor& self = self_of(a);
  if (!is_tensor(other)) {
    const Scalar number = to_scalar(in, other);
    return guarded([&] { return wrap(op::binary_number(op, self, number, false)); });
  }
  return guarded([&] { return wrap(op::binary(op, self, unwrap(other))); });
}

static void check_single(const Tensor& t) {
  if (t.numel() != 1) raise(builtin_types().value_error, "only one element tensors can be converted to Python scalars");
}

// A tuple subclass made natively still needs the tuple protocol spelled out: length, iteration,
// equality with any tuple.
void add_tuple_methods(NativeType& t) {
  t.method("__len__", [](Interp&, CallArgs& a) -> ObjRef {
    return make_int(static_cast<int64_t>(as<TupleObject>(a.pos[0].get())->items_.size()));
  });
  t.method("__iter__", [](Interp&, CallArgs& a) -> ObjRef {
    return ObjRef(new SeqIterator(a.pos[0], builtin_types().tuple_iterator));
  });
  t.method("__getitem__", [](Interp& in, CallArgs& a) -> ObjRef {
    auto& items = as<TupleObject>(a.pos[0].get())->items_;
    int64_t i =
        normalize_index(to_index(in, a.pos[1].get()), static_cast<int64_t>(items.size()), "tuple index out of range");
    return items[static_cast<size_t>(i)];
  });
  auto eq = [](Interp& in, CallArgs& a) -> int {
    Object* o = a.pos[1].get();
    if (!is_instance(o, builtin_types().tuple)) return -1;
    auto& x = as<TupleObject>(a.pos[0].get())->items_;
    auto& y = as<TupleObject>(o)->items_;
    if (x.size() != y.size()) return 0;
    for (size_t i = 0; i < x.size(); ++i)
      if (!equals(in, x[i].get(), y[i].get())) return 0;
    return 1;
  };
  t.method("__eq__", [eq](Interp& in, CallArgs& a) -> ObjRef {
    int r = eq(in, a);
    return r < 0 ? ObjRef(not_implemented()) : ObjRef(bool_obj(r == 1));
  });
  t.method("__ne__", [eq](Interp& in, CallArgs& a) -> ObjRef {
    int r = eq(in, a);
    return r < 0 ? ObjRef(not_implemented()) : ObjRef(bool_obj(r == 0));
  });
  t.method("__hash__", [](Interp& in, CallArgs& a) -> ObjRef {
    return make_int(hash_of(in, make_tuple(as<TupleObject>(a.pos[0].get())->items_).get()));  // a tuple's hash
  });
}

void init_tensor_type(Interp& in) {
  TorchTypes& T = types();
  if (T.tensor) return;
  T.dtype = NativeType("dtype", "torch")
                .c_name("torch.dtype")
                .method("__repr__",
                        [](Interp&, CallArgs& a) -> ObjRef {
                          return make_str(core::dtype_name(static_cast<DTypeObject*>(a.pos[0].get())->dtype));
                        })
                .property("is_floating_point",
                          [](Interp&, Object* s) -> ObjRef {
                            return ObjRef(bool_obj(core::is_floating(static_cast<DTypeObject*>(s)->dtype)));
                          })
                .property("is_signed",
                          [](Interp&, Object* s) -> ObjRef {
                            const DType d = static_cast<DTypeObject*>(s)->dtype;
                            return ObjRef(bool_obj(d != DType::Bool && d != DType::UInt8));
                          })
                .property("is_complex", [](Interp&, Object*) -> ObjRef { return ObjRef(false_obj()); })
                .property("itemsize",
                          [](Interp&, Object* s) -> ObjRef {
                            return make_int(static_cast<int64_t>(core::itemsize(static_cast<DTypeObject*>(s)->dtype)));
                          })
                .build();
  T.device =
      NativeType("device", "torch")
          .c_name("torch.device")
          .constructor([](Interp& in, TypeObject*, CallArgs& a) -> ObjRef {
            ArgParser p(a, "device", {"type", "index="});
            Object* t = p.get(0);
            if (is_str(t)) {
              const std::string& s = as<StrObject>(t)->value_;
              if (s != "cpu" && s != "cpu:0")
                raise(builtin_types().runtime_error,
                      "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, xla, "
                      "lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: " +
                          s);
            }
            return device_obj();
          })
          .method("__repr__", [](Interp&, CallArgs&) -> ObjRef { return make_str("device(type='cpu')"); })
          .method("__str__", [](Interp&, CallArgs&) -> ObjRef { return make_str("cpu"); })
          .method("__eq__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    Object* o = a.pos[1].get();
                    if (o->type() == types().device) return ObjRef(true_obj());
                    if (is_str(o)) return ObjRef(bool_obj(as<StrObject>(o)->value_ == "cpu"));
                    return ObjRef(not_implemented());
                  })
          .method("__hash__", [](Interp&, CallArgs&) -> ObjRef { return make_int(7); })
          .property("type", [](Interp&, Object*) -> ObjRef { return make_str("cpu"); })
          .property("index", [](Interp&, Object*) -> ObjRef { return ObjRef(none()); })
          .build();
  // size * n and n * size repeat the dims, giving a torch.Size.
  auto size_repeat = [](Interp&, CallArgs& a) -> ObjRef {
    Object* o = a.pos[1].get();
    if (is_tensor(o)) return ObjRef(not_implemented());
    if (!is_index_scalar(o))
      raise(builtin_types().type_error, "can't multiply sequence by non-int of type '" + py_typename(o) + "'");
    auto& items = as<TupleObject>(a.pos[0].get())->items_;
    std::vector<ObjRef> out;
    for (int64_t k = 0; k < as<IntObject>(o)->value_; ++k) out.insert(out.end(), items.begin(), items.end());
    return ObjRef(new TupleObject(std::move(out), types().size));
  };
  // A torch.Size orders against any tuple as tuples do, item by item.
  auto size_order = [](CmpOpKind op) {
    return [op](Interp& in, CallArgs& a) -> ObjRef {
      Object* o = a.pos[1].get();
      if (!is_instance(o, builtin_types().tuple)) return ObjRef(not_implemented());
      ObjRef x = make_tuple(as<TupleObject>(a.pos[0].get())->items_), y = make_tuple(as<TupleObject>(o)->items_);
      return compare(in, op, x.get(), y.get());
    };
  };
  NativeType size_t_("Size", "torch", builtin_types().tuple);
  size_t_.c_name("torch.Size");
  add_tuple_methods(size_t_);
  T.size =
      size_t_
          .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
            std::vector<ObjRef> items;
            if (!a.pos.empty()) {
              for (auto& it : to_vector(in, a.pos[0].get())) {
                if (!is_index_scalar(it.get()))
                  raise(builtin_types().type_error,
                        "torch.Size() takes an iterable of 'int' (item 0 is '" + type_name(it.get()) + "')");
                items.push_back(it);
              }
            }
            return ObjRef(new TupleObject(std::move(items), cls));
          })
          .method("__repr__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    auto& items = as<TupleObject>(a.pos[0].get())->items_;
                    std::string s = "torch.Size([";
                    for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + repr(in, items[i].get());
                    return make_str(s + "])");
                  })
          .method("numel",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    int64_t n = 1;
                    for (auto& it : as<TupleObject>(a.pos[0].get())->items_) n *= as<IntObject>(it.get())->value_;
                    return make_int(n);
                  })
          .method(
              "__getitem__",
              [](Interp& in, CallArgs& a) -> ObjRef {
                auto& items = as<TupleObject>(a.pos[0].get())->items_;
                Object* k = a.pos[1].get();
                if (k->type() != builtin_types().slice && !is_instance(k, builtin_types().int_) && !is_tensor(k))
                  raise(builtin_types().type_error, "tuple indices must be integers or slices, not " + py_typename(k));
                if (k->type() == builtin_types().slice) {
                  SliceBounds b = slice_bounds(in, *as<SliceObject>(k), static_cast<int64_t>(items.size()));
                  std::vector<ObjRef> out;
                  for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step)
                    out.push_back(items[static_cast<size_t>(j)]);
                  return ObjRef(new TupleObject(std::move(out), types().size));
                }
                int64_t i =
                    normalize_index(to_index(in, k), static_cast<int64_t>(items.size()), "tuple index out of range");
                return items[static_cast<size_t>(i)];
              })
          .method("__mul__", size_repeat)
          .method("__lt__", size_order(CmpOpKind::Lt))
          .method("__le__", size_order(CmpOpKind::LtE))
          .method("__gt__", size_order(CmpOpKind::Gt))
          .method("__ge__", size_order(CmpOpKind::GtE))
          .method("__radd__",
                  [](Interp&, CallArgs& a) -> ObjRef {  // tuple + size: a plain tuple
                    Object* o = a.pos[1].get();
                    if (!is_instance(o, builtin_types().tuple)) return ObjRef(not_implemented());
                    std::vector<ObjRef> out = as<TupleObject>(o)->items_;
                    for (auto& it : as<TupleObject>(a.pos[0].get())->items_) out.push_back(it);
                    return make_tuple(std::move(out));
                  })
          .method("__rmul__", size_repeat)
          .method("__add__",
                  [](Interp& in, CallArgs& a) -> ObjRef {
                    // tuple's concatenation: a torch.Size with any tuple, an error with anything else
                    Object* o = a.pos[1].get();
                    if (is_tensor(o)) return ObjRef(not_implemented());
                    if (!is_instance(o, builtin_types().tuple))
                      raise(builtin_types().type_error,
                            "can only concatenate tuple (not \"" + py_typename(o) + "\") to tuple");
                    std::vector<ObjRef> out = as<TupleObject>(a.pos[0].get())->items_;
                    for (auto& it : as<TupleObject>(o)->items_) out.push_back(it);
                    return ObjRef(new TupleObject(std::move(out), types().size));
                  })
          .build();
  T.storage = NativeType("TypedStorage", "torch.storage").build();
  T.hook_handle = NativeType("RemovableHandle", "torch.utils.hooks").build();

  NativeType tt("Tensor", "torch");
  tt.constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
    // torch.Tensor(2, 3) / torch.Tensor([1, 2]): the legacy constructor, float32.
    if (a.pos.size() == 1 && is_sequence(a.pos[0].get()))
      return wrap_as(tensor_from_data(in, a.pos[0].get(), DType::Float32, "Tensor"), cls);
    IntArray sizes;
    for (auto& p : a.pos) sizes.push_back(to_index(in, p.get()));
    return wrap_as(guarded([&] { return core::empty(sizes, DType::Float32); }), cls);
  });
  tt.method("__repr__", [](Interp&, CallArgs& a) -> ObjRef { return make_str(tensor_repr_of(a.pos[0].get())); });
  tt.method("__format__", [](Interp& in, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    std::string spec = a.pos.size() > 1 && is_str(a.pos[1].get()) ? as<StrObject>(a.pos[1].get())->value_ : "";
    if (t.dim() == 0 && a.pos[0]->type() == types().tensor) {  // not a Parameter: `type(self) is Tensor`
      ObjRef v = scalar_to_py(guarded([&] { return core::item(t); }));
      return make_str(format_value(in, v.get(), spec));
    }
    if (!spec.empty())
      raise_from({&frames::tensor_format}, builtin_types().type_error,
                 "unsupported format string passed to Tensor.__format__");
    return make_str(str(in, a.pos[0].get()));
  });
  tt.method("__hash__", [](Interp&, CallArgs& a) -> ObjRef {
    return make_int(static_cast<int64_t>(reinterpret_cast<uintptr_t>(a.pos[0].get())));
  });
  tt.method("__len__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    if (t.dim() == 0) raise_from({&frames::tensor_len}, builtin_types().type_error, "len() of a 0-d tensor");
    return make_int(t.size(0));
  });
  tt.method("__iter__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    if (t.dim() == 0) raise_from({&frames::tensor_iter}, builtin_types().type_error, "iteration over a 0-d tensor");
    auto parts = guarded([&] { return op::unbind(t, 0); });
    std::vector<ObjRef> items;
    for (auto& p : parts) items.push_back(wrap(p));
    return ObjRef(new VectorIterator(std::move(items), builtin_types().tuple_iterator));
  });
  tt.method("__bool__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    if (t.numel() != 1) {
      if (t.numel() == 0) raise(builtin_types().runtime_error, "Boolean value of Tensor with no values is ambiguous");
      raise(builtin_types().runtime_error, "Boolean value of Tensor with more than one value is ambiguous");
    }
    return ObjRef(bool_obj(guarded([&] { return core::item(t).to<bool>(); })));
  });
  tt.method("__float__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    check_single(t);
    return make_float(guarded([&] { return core::item(t).to_double(); }));
  });
  tt.method("__int__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    check_single(t);
    return make_int(guarded([&] { return core::item(t).to_int(); }));
  });
  tt.method("__index__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    if (t.numel() != 1 || !core::is_integral(t.dtype(), true))
      raise(builtin_types().type_error, "only integer tensors of a single element can be converted to an index");
    return make_int(guarded([&] { return core::item(t).to_int(); }));
  });
  // torch/_tensor.py: reversed(t) is t.flip(0), and a 0-d tensor itself.
  tt.method("__reversed__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    if (t.dim() == 0) return a.pos[0];
    return wrap(guarded([&] { return op::flip(t, {0}); }));
  });
  // torch/_tensor.py: (element == self).any().item() for a tensor or a number.
  tt.method("__contains__", [](Interp& in, CallArgs& a) -> ObjRef {
    Object* e = a.pos[1].get();
    if (!is_tensor(e) && !is_number(e))
      raise_from(
          {&frames::tensor_contains}, builtin_types().runtime_error,
          "Tensor.__contains__ only supports Tensor or scalar, but you passed in a " + repr(in, e->type()) + ".");
    const Tensor& self = self_of(a);
    Tensor eq = guarded([&] {
      return is_tensor(e) ? op::binary(BinaryOp::Eq, unwrap(e), self)
                          : op::binary(BinaryOp::Eq, self, scalar_to_tensor(to_scalar(in, e)));
    });
    return ObjRef(bool_obj(guarded([&] { return core::item(core::any(eq)).to<bool>(); })));
  });
  tt.method("__getitem__", [](Interp& in, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    bool tuple = false;
    auto idx = build_indices(in, a.pos[1].get(), tuple);
    return guarded([&] { return wrap(op::index(t, idx, tuple)); });
  });
  tt.method("__setitem__", [](Interp& in, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    // THPVariable_setitem converts the value first, then reads the index.
    Object* v = a.pos[2].get();
    Tensor value;
    if (is_tensor(v)) value = unwrap(v);
    else if (is_number(v)) value = guarded([&] { return core::scalar_tensor(to_scalar(in, v), t.dtype()); });
    else
      raise(builtin_types().type_error,
            "can't assign a " + type_name(v) + " to a " + std::string(core::legacy_type_name(t.dtype())));
    Object* key = a.pos[1].get();
    // A bare False writes nothing (and bumps no version); a bare True writes through
    // self.unsqueeze(0), as None does. Inside a tuple both are index tensors.
    if (key == false_obj()) return ObjRef(none());
    bool tuple = false;
    auto idx = key == true_obj() ? std::vector<TensorIndex>{TensorIndex::make_none()} : build_indices(in, key, tuple);
    guarded([&] { op::setitem(t, idx, value, tuple); });
    return ObjRef(none());
  });
  tt.method("__delitem__", [](Interp&, CallArgs&) -> ObjRef {
    raise(builtin_types().type_error, "Tensor does not support deleting items");
  });

  struct BinSpec {
    const char* name;
    BinaryOp op;
    bool reflected;
  };
  static const BinSpec bins[] = {
      {"__add__", BinaryOp::Add, false},
      {"__radd__", BinaryOp::Add, true},
      {"__sub__", BinaryOp::Sub, false},
      {"__rsub__", BinaryOp::Sub, true},
      {"__mul__", BinaryOp::Mul, false},
      {"__rmul__", BinaryOp::Mul, true},
      {"__truediv__", BinaryOp::Div, false},
      {"__rtruediv__", BinaryOp::Div, true},
      {"__floordiv__", BinaryOp::FloorDivide, false},
      {"__rfloordiv__", BinaryOp::FloorDivide, true},
      {"__mod__", BinaryOp::Remainder, false},
      {"__rmod__", BinaryOp::Remainder, true},
      {"__pow__", BinaryOp::Pow, false},
      {"__rpow__", BinaryOp::Pow, true},
      {"__and__", BinaryOp::BitwiseAnd, false},
      {"__rand__", BinaryOp::BitwiseAnd, true},
      {"__or__", BinaryOp::BitwiseOr, false},
      {"__ror__", BinaryOp::BitwiseOr, true},
      {"__xor__", BinaryOp::BitwiseXor, false},
      {"__rxor__", BinaryOp::BitwiseXor, true},
      {"__lshift__", BinaryOp::LeftShift, false},
      {"__rshift__", BinaryOp::RightShift, false},
  };
  for (const BinSpec& b : bins) {
    BinaryOp op = b.op;
    bool r = b.reflected;
    tt.method(b.name, [op, r](Interp& in, CallArgs& a) -> ObjRef { return binop(in, a, op, r); });
  }
  tt.method("__floordiv__", floordiv);
  // 1 << x runs Tensor.__rlshift__ in torch/_tensor.py: torch.bitwise_left_shift(other, self).
  tt.method("__rlshift__", [](Interp& in, CallArgs& a) -> ObjRef {
    return through({&frames::tensor_wrapped, &frames::tensor_rlshift},
                   [&] { return binop(in, a, BinaryOp::LeftShift, true); });
  });
  tt.method("__rrshift__", [](Interp& in, CallArgs& a) -> ObjRef {
    return through({&frames::tensor_wrapped, &frames::tensor_rrshift},
                   [&] { return binop(in, a, BinaryOp::RightShift, true); });
  });
  static const std::pair<const char*, BinaryOp> ibins[] = {{"__iadd__", BinaryOp::Add},
                                                           {"__isub__", BinaryOp::Sub},
                                                           {"__imul__", BinaryOp::Mul},
                                                           {"__itruediv__", BinaryOp::Div},
                                                           {"__ifloordiv__", BinaryOp::FloorDivide},
                                                           {"__imod__", BinaryOp::Remainder},
                                                           {"__ipow__", BinaryOp::Pow},
                                                           {"__iand__", BinaryOp::BitwiseAnd},
                                                           {"__ior__", BinaryOp::BitwiseOr},
                                                           {"__ixor__", BinaryOp::BitwiseXor},
                                                           {"__ilshift__", BinaryOp::LeftShift},
                                                           {"__irshift__", BinaryOp::RightShift}};
  for (auto& [name, op] : ibins) {
    BinaryOp o = op;
    tt.method(name, [o](Interp& in, CallArgs& a) -> ObjRef { return ibinop(in, a, o); });
  }
  static const std::pair<const char*, BinaryOp> cmps[] = {{"__eq__", BinaryOp::Eq}, {"__ne__", BinaryOp::Ne},
                                                          {"__lt__", BinaryOp::Lt}, {"__le__", BinaryOp::Le},
                                                          {"__gt__", BinaryOp::Gt}, {"__ge__", BinaryOp::Ge}};
  for (auto& [name, op] : cmps) {
    BinaryOp o = op;
    tt.method(name, [o](Interp& in, CallArgs& a) -> ObjRef { return cmpop(in, a, o); });
  }
  tt.method("__matmul__", [](Interp&, CallArgs& a) -> ObjRef {
    if (!is_tensor(a.pos[1].get())) return ObjRef(not_implemented());
    return guarded([&] { return wrap(op::matmul(self_of(a), unwrap(a.pos[1].get()))); });
  });
  tt.method("__rmatmul__", [](Interp&, CallArgs& a) -> ObjRef {
    if (!is_tensor(a.pos[1].get())) return ObjRef(not_implemented());
    return guarded([&] { return wrap(op::matmul(unwrap(a.pos[1].get()), self_of(a))); });
  });
  tt.method("__neg__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    if (t.dtype() == DType::Bool)
      raise(builtin_types().runtime_error,
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use "
            "the `~` or `logical_not()` operator instead.");
    return guarded([&] { return wrap(op::unary(UnaryOp::Neg, t)); });
  });
  tt.method("__pos__", [](Interp&, CallArgs& a) -> ObjRef { return a.pos[0]; });
  tt.method("__abs__", [](Interp&, CallArgs& a) -> ObjRef {
    return guarded([&] { return wrap(op::unary(UnaryOp::Abs, self_of(a))); });
  });
  tt.method("__invert__", [](Interp&, CallArgs& a) -> ObjRef {
    const Tensor& t = self_of(a);
    if (core::is_floating(t.dtype()))
      raise(builtin_types().type_error, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
    return guarded([&] { return wrap(op::unary(UnaryOp::BitwiseNot, t)); });
  });

  tt.property("shape", [](Interp&, Object* s) -> ObjRef { return make_size(unwrap(s).sizes()); });
  tt.property("dtype", [](Interp&, Object* s) -> ObjRef { return dtype_obj(unwrap(s).dtype()); });
  tt.property("device", [](Interp&, Object*) -> ObjRef { return device_obj(); });
  tt.property("ndim", [](Interp&, Object* s) -> ObjRef { return make_int(unwrap(s).dim()); });
  tt.property("is_cuda", [](Interp&, Object*) -> ObjRef { return ObjRef(false_obj()); });
  tt.property("nbytes",
              [](Interp&, Object* s) -> ObjRef { return make_int(static_cast<int64_t>(unwrap(s).nbytes())); });
  tt.property("itemsize",
              [](Interp&, Object* s) -> ObjRef { return make_int(static_cast<int64_t>(unwrap(s).element_size())); });
  tt.property("T", [](Interp&, Object* s) -> ObjRef { return guarded([&] { return wrap(op::T(unwrap(s))); }); });
  tt.property("mT", [](Interp&, Object* s) -> ObjRef { return guarded([&] { return wrap(op::mT(unwrap(s))); }); });
  tt.method("untyped_storage", [](Interp&, CallArgs& a) -> ObjRef { return untyped_storage_of(self_of(a)); });
  tt.method("storage", [](Interp&, CallArgs& a) -> ObjRef { return typed_storage_of(self_of(a)); });
  add_tensor_autograd(tt);
  add_tensor_methods(tt);
  T.tensor = tt.build();

  T.parameter = NativeType("Parameter", "torch.nn.parameter", T.tensor)
                    .constructor([](Interp& in, TypeObject* cls, CallArgs& a) -> ObjRef {
                      ArgParser p(a, "__new__", {"data=", "requires_grad="});
                      Tensor data = p.has(0) && p.get(0) != none() ? unwrap(p.get(0)) : core::empty({0});
                      bool rg = p.get_bool(in, 1, true);
                      Tensor t = guarded([&] { return op::set_requires_grad(op::detach(data), rg); });
                      return wrap_as(t, cls);
                    })
                    .method("__repr__",
                            [](Interp&, CallArgs& a) -> ObjRef {
                              const Tensor& t = self_of(a);
                              return make_str(core::parameter_repr(t, print_suffix(t)));
                            })
                    .build();
}

}  // namespace stridelab::torch
