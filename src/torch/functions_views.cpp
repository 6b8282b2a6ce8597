// The view ops: reshapes, transposes, slices and splits (each result shares its input's storage).
#include "torch/functions.h"

namespace stridelab::torch::bindings {

namespace {

// view, reshape, transpose, permute, t, flatten, ravel, unflatten.
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
  auto transpose_body = [](Interp&, ParsedArgs& a) {
    check_dimname(a, "dim0");
    return guarded([&] { return wrap(op::transpose(a.tensor("input"), a.toInt("dim0"), a.toInt("dim1"))); });
  };
  def("transpose", {"transpose(int64_t dim0, int64_t dim1)", "transpose(Dimname dim0, Dimname dim1)"},
      {"transpose(Tensor input, int64_t dim0, int64_t dim1)", "transpose(Tensor input, Dimname dim0, Dimname dim1)"},
      transpose_body);
  def("swapaxes", {"swapaxes(int64_t axis0, int64_t axis1)"}, {"swapaxes(Tensor input, int64_t axis0, int64_t axis1)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::transpose(a.tensor("input"), a.toInt("axis0"), a.toInt("axis1"))); });
      });
  def("permute", {"permute(IntArrayRef dims)"}, {"permute(Tensor input, IntArrayRef dims)"},
      [](Interp&, ParsedArgs& a) {
        return guarded([&] { return wrap(op::permute(a.tensor("input"), a.intlist("dims"))); });
      });
  def("t", {"t()"}, {"t(Tensor input)"},
      [](Interp&, ParsedArgs& a) { return guarded([&] { return wrap(op::t(a.tensor("input"))); }); });
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

// squeeze, unsqueeze, expand, narrow, select.
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
  def("unsqueeze", {"unsqueeze(int64_t dim)"}, {"unsqueeze(Tensor input, int64_t dim)"}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::unsqueeze(a.tensor("input"), a.toInt("dim"))); });
  });
  def("expand", {"expand(SymIntArrayRef size, *, bool implicit=False)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded([&] { return wrap(op::expand(a.tensor("input"), a.intlist("size"))); });
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
  def("select", {"select(Dimname dim, int64_t index)", "select(int64_t dim, int64_t index)"},
      {"select(Tensor input, Dimname dim, int64_t index)", "select(Tensor input, int64_t dim, int64_t index)"},
      [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return wrap(op::select(a.tensor("input"), a.toInt("dim"), a.toInt("index"))); });
      });
}

// unbind, split (torch._VF.split), chunk.
void define_splits() {
  def("unbind", {"unbind(int64_t dim=0)", "unbind(Dimname dim)"},
      {"unbind(Tensor input, int64_t dim=0)", "unbind(Tensor input, Dimname dim)"}, [](Interp&, ParsedArgs& a) {
        check_dimname(a, "dim");
        return guarded([&] { return wrap_list(op::unbind(a.tensor("input"), a.toInt("dim"))); });
      });
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

// diagonal, movedim, moveaxis, unfold, as_strided, detach, clone, contiguous.
void define_moves_and_copies() {
  def("diagonal", {"diagonal(int64_t offset=0, int64_t dim1=0, int64_t dim2=1)"},
      {"diagonal(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)"}, [](Interp&, ParsedArgs& a) {
        return guarded(
            [&] { return wrap(op::diagonal(a.tensor("input"), a.toInt("offset"), a.toInt("dim1"), a.toInt("dim2"))); });
      });
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
  def("unfold", {"unfold(int64_t dimension, int64_t size, int64_t step)"}, {}, [](Interp&, ParsedArgs& a) {
    return guarded(
        [&] { return wrap(op::unfold(a.tensor("input"), a.toInt("dimension"), a.toInt("size"), a.toInt("step"))); });
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
  define_reshapes();
  define_slices();
  define_splits();
  define_moves_and_copies();
}

}  // namespace stridelab::torch::bindings
