// The view ops: reshapes, transposes, slices and splits (each result shares its input's storage).
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace {

// A row's binding, unless its signatures are written by hand (both lists empty).
void def_row(const char* name, const char* /*origin*/, std::vector<std::string> method_sigs,
             std::vector<std::string> function_sigs, Body body) {
  if (method_sigs.empty() && function_sigs.empty()) return;
  def(name, std::move(method_sigs), std::move(function_sigs), std::move(body));
}

// The rows of autograd/view_ops.def with signatures: transpose, permute, t, expand, unsqueeze,
// select, diagonal, unfold, unbind.
void define_table_views() {
#define SIGS(...) \
  std::vector<std::string> { __VA_ARGS__ }
#define VIEW_OP(name, node, kind, params, kernel, attributes, backward, ...) \
  __VA_OPT__(def_row(#name, __VA_ARGS__, STRIDELAB_ROW_BODY(name, (params)));)
#include "autograd/view_ops.def"
#undef SIGS
}

// view, reshape, swapaxes, flatten, ravel, unflatten.
void define_reshapes() {
  def("view", {"view(ScalarType dtype)", "view(SymIntArrayRef size)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] {
      Tensor t = a.tensor("input");
      if (a.has("dtype")) return wrap(core::view_dtype(t, *a.dtype("dtype")));  // no history, as in PyTorch 1.13
      return wrap(op::view(t, a.intlist("size")));
    });
  });
  def("view_as", {"view_as(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::view(a.tensor("input"), a.tensor("other").sizes())); });
  });
  def("reshape", {"reshape(SymIntArrayRef shape)"}, {"reshape(Tensor input, SymIntArrayRef shape)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::reshape(a.tensor("input"), a.intlist("shape"))); });
      });
  def("reshape_as", {"reshape_as(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::reshape(a.tensor("input"), a.tensor("other").sizes())); });
  });
  def("swapaxes", {"swapaxes(int64_t axis0, int64_t axis1)"}, {"swapaxes(Tensor input, int64_t axis0, int64_t axis1)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::transpose(a.tensor("input"), a.toInt("axis0"), a.toInt("axis1"))); });
      });
  def("flatten", {"flatten(int64_t start_dim=0, int64_t end_dim=-1)"},
      {"flatten(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)"}, [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::flatten(a.tensor("input"), a.toInt("start_dim"), a.toInt("end_dim"))); });
      });
  def("ravel", {"ravel()"}, {"ravel(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::ravel(a.tensor("input"))); }); });
  // Tensor.unflatten is Python (py_unflatten below) calling this method; torch.unflatten is native.
  def("unflatten",
      {"unflatten(Dimname dim, IntArrayRef sizes, DimnameList names)",
       "unflatten(int64_t dim, IntArrayRef sizes, DimnameList? names=None)"},
      {"unflatten(Tensor input, Dimname dim, IntArrayRef sizes, DimnameList names)",
       "unflatten(Tensor input, int64_t dim, IntArrayRef sizes)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return wrap(op::unflatten(a.tensor("input"), a.toInt("dim"), a.intlist("sizes"))); });
      });
}

// squeeze, broadcast_to, expand_as, narrow.
void define_slices() {
  def("squeeze", {"squeeze()", "squeeze(int64_t dim)", "squeeze(Dimname dim)"},
      {"squeeze(Tensor input)", "squeeze(Tensor input, int64_t dim)", "squeeze(Tensor input, Dimname dim)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] {
          if (a.has("dim")) return wrap(op::squeeze(a.tensor("input"), a.toInt("dim")));
          return wrap(op::squeeze(a.tensor("input")));
        });
      });
  def("broadcast_to", {"broadcast_to(SymIntArrayRef size)"}, {"broadcast_to(Tensor input, SymIntArrayRef size)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::expand(a.tensor("input"), a.intlist("size"))); });
      });
  def("expand_as", {"expand_as(Tensor other)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::expand(a.tensor("input"), a.tensor("other").sizes())); });
  });
  def("narrow",
      {"narrow(int64_t dim, Tensor start, int64_t length)", "narrow(int64_t dim, int64_t start, int64_t length)"},
      {"narrow(Tensor input, int64_t dim, Tensor start, int64_t length)",
       "narrow(Tensor input, int64_t dim, int64_t start, int64_t length)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Object* s = a.obj("start");
          int64_t start = is_tensor(s) ? core::item(unwrap(s)).to_int() : a.toInt("start");
          return wrap(op::narrow(a.tensor("input"), a.toInt("dim"), start, a.toInt("length")));
        });
      });
}

// split (torch._VF.split), chunk.
void define_splits() {
  // torch._VF.split and torch._VF.split_with_sizes, which Tensor.split (torch/_tensor.py) calls;
  // the Python-level Tensor.split and torch.split are py_split below.
  def_native("_vf_split",
             {"split(Tensor input, int64_t split_size, int64_t dim=0)",
              "split(Tensor input, IntArrayRef split_size, int64_t dim=0)"},
             [](Interp&, ParsedArgs& a) {
               return guarded([&] {
                 if (a.idx == 0) return wrap_list(op::split(a.tensor("input"), a.toInt("split_size"), a.toInt("dim")));
                 return wrap_list(op::split_with_sizes(a.tensor("input"), a.intlist("split_size"), a.toInt("dim")));
               });
             });
  def_native("_vf_split_with_sizes", {"split_with_sizes(Tensor input, IntArrayRef split_sizes, int64_t dim=0)"},
             [](Interp&, ParsedArgs& a) {
               return guarded([&] {
                 return wrap_list(op::split_with_sizes(a.tensor("input"), a.intlist("split_sizes"), a.toInt("dim")));
               });
             });
  def("chunk", {"chunk(int64_t chunks, int64_t dim=0)"}, {"chunk(Tensor input, int64_t chunks, int64_t dim=0)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap_list(op::chunk(a.tensor("input"), a.toInt("chunks"), a.toInt("dim"))); });
      });
}

// movedim, moveaxis, as_strided, detach, clone, contiguous.
void define_moves_and_copies() {
  def("movedim",
      {"movedim(int64_t source, int64_t destination)", "movedim(IntArrayRef source, IntArrayRef destination)"},
      {"movedim(Tensor input, int64_t source, int64_t destination)",
       "movedim(Tensor input, IntArrayRef source, IntArrayRef destination)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          Object* s = a.obj("source");
          if (is_instance(s, builtin_types().int_))
            return wrap(op::movedim(a.tensor("input"), {a.toInt("source")}, {a.toInt("destination")}));
          return wrap(op::movedim(a.tensor("input"), a.intlist("source"), a.intlist("destination")));
        });
      });
  def("moveaxis",
      {"moveaxis(int64_t source, int64_t destination)", "moveaxis(IntArrayRef source, IntArrayRef destination)"},
      {"moveaxis(Tensor input, int64_t source, int64_t destination)",
       "moveaxis(Tensor input, IntArrayRef source, IntArrayRef destination)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          if (is_instance(a.obj("source"), builtin_types().int_))
            return wrap(op::movedim(a.tensor("input"), {a.toInt("source")}, {a.toInt("destination")}));
          return wrap(op::movedim(a.tensor("input"), a.intlist("source"), a.intlist("destination")));
        });
      });
  def("as_strided", {"as_strided(SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)"},
      {"as_strided(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] {
          return wrap(
              op::as_strided(a.tensor("input"), a.intlist("size"), a.intlist("stride"), a.opt_int("storage_offset")));
        });
      });
  def("detach", {"detach()"}, {"detach(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::detach(a.tensor("input"))); }); });
  def("clone", {"clone(*, MemoryFormat? memory_format=None)"},
      {"clone(Tensor input, *, MemoryFormat? memory_format=None)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::clone(a.tensor("input"))); }); });
  def("contiguous", {"contiguous(*, MemoryFormat memory_format=contiguous_format)"}, {},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::contiguous(a.tensor("input"))); }); });
}

}  // namespace

void define_view_ops() {
  define_table_views();
  define_reshapes();
  define_slices();
  define_splits();
  define_moves_and_copies();
}

}  // namespace stridelab::torch::bindings
