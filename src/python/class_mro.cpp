// A class statement's bases: __bases__, __base__ and __mro__.
//
// NOTE [Method resolution order]
// A class's __mro__ is the class followed by the C3 merge of its bases' MROs and of the list of
// the bases itself: repeatedly take the first head (first element of a remaining list) that is in
// no other list's tail, and drop it from every list. When no head qualifies the order does not
// exist and the class statement raises CPython's TypeError, naming the heads that were left.
// Attribute lookup (TypeObject::lookup), isinstance/issubclass and super() all walk mro_, so a
// class with several bases behaves as in CPython. __base__ is the base whose native layout is the
// most derived (the first base unless a later one adds a native type, as with
// `class A(Mixin, nn.Module)` where instances are made by nn.Module's constructor). Bases whose
// layouts CPython cannot combine (list and dict, int and Exception, Tensor and Exception) raise
// its TypeError; bases CPython combines but stridelab makes with two unrelated native
// constructors (Exception and nn.Module) raise NotImplementedError.
#include "python/class_mro.h"

#include <algorithm>

#include "python/protocol.h"

namespace stridelab::python {

namespace {

bool in_tail(const std::vector<std::vector<TypeObject*>>& lists, const std::vector<size_t>& at, TypeObject* t) {
  for (size_t i = 0; i < lists.size(); ++i)
    if (std::find(lists[i].begin() + static_cast<long>(std::min(at[i] + 1, lists[i].size())), lists[i].end(), t) !=
        lists[i].end())
      return true;
  return false;
}

// The nearest type along t's MRO whose instances CPython lays out in C (a builtin with a native
// constructor: int, list, BaseException, ...), or null for object. nn.Module and the other classes
// PyTorch writes in Python are native here but not solid in CPython, so they do not count when
// __base__ is chosen.
const TypeObject* solid_base(const TypeObject* t) {
  for (const TypeObject* c : t->mro_)
    if (c->new_ && c->module_ == "builtins") return c;
  return nullptr;
}

// Whether CPython lays out instances of c in a struct of c's own: a builtin with a native
// constructor, an exception class with fields of its own, or a type PyTorch writes in C.
bool cpython_solid(const TypeObject* c) {
  static const char* const kExceptionsWithFields[] = {"BaseException", "StopIteration",  "SystemExit",
                                                      "ImportError",   "OSError",        "SyntaxError",
                                                      "NameError",     "AttributeError", "UnicodeError"};
  if (c->module_ == "builtins") {
    if (!c->is_subtype_of(builtin_types().base_exception)) return c->new_ != nullptr;
    for (const char* name : kExceptionsWithFields)
      if (c->name_ == name) return true;
    return false;
  }
  std::string q = c->qualified_name();
  return q == "torch.Tensor" || q == "torch.autograd.Function" || q == "torch.autograd.function.Function" ||
         q == "torch.Generator";
}

// CPython's verdict on a class statement's bases: the solid layouts of the bases must lie on one
// line of inheritance, or instances could not have them all.
void check_cpython_layouts(const std::vector<TypeObject*>& bases) {
  const TypeObject* top = nullptr;
  for (TypeObject* b : bases) {
    const TypeObject* solid = nullptr;
    for (const TypeObject* c : b->mro_)
      if (cpython_solid(c)) {
        solid = c;
        break;
      }
    if (!solid || (top && top->is_subtype_of(solid))) continue;
    if (top && !solid->is_subtype_of(top))
      raise(builtin_types().type_error, "multiple bases have instance lay-out conflict");
    top = solid;
  }
}

}  // namespace

TypeObject* best_base(const std::vector<TypeObject*>& bases) {
  check_cpython_layouts(bases);
  const TypeObject* layout = nullptr;  // instances are made by the most derived native constructor
  for (TypeObject* b : bases) {
    const TypeObject* l = b->native_base();
    if (!l || (layout && layout->is_subtype_of(l))) continue;
    if (layout && !l->is_subtype_of(layout))  // CPython allows it (Exception and nn.Module), stridelab cannot
      raise(builtin_types().not_implemented_error, "stridelab does not support a class whose bases are both " +
                                                       layout->name_ + " and " + l->name_ +
                                                       " (objects made by two different native types) yet");
    layout = l;
  }
  TypeObject* winner = bases[0];
  const TypeObject* winner_solid = solid_base(winner);
  for (TypeObject* b : bases) {
    const TypeObject* solid = solid_base(b);
    if (solid && solid != winner_solid && (!winner_solid || solid->is_subtype_of(winner_solid))) {
      winner = b;
      winner_solid = solid;
    }
  }
  return winner;
}

std::vector<TypeObject*> linearize(const std::vector<TypeObject*>& bases) {
  for (size_t i = 0; i < bases.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (bases[i] == bases[j]) raise(builtin_types().type_error, "duplicate base class " + bases[i]->name_);
  std::vector<std::vector<TypeObject*>> lists;
  for (TypeObject* b : bases) lists.push_back(b->mro_);
  lists.push_back(bases);
  std::vector<size_t> at(lists.size(), 0);
  std::vector<TypeObject*> out;
  for (;;) {
    TypeObject* next = nullptr;
    bool left = false;
    for (size_t i = 0; i < lists.size() && !next; ++i) {
      if (at[i] >= lists[i].size()) continue;
      left = true;
      if (!in_tail(lists, at, lists[i][at[i]])) next = lists[i][at[i]];
    }
    if (!left) return out;
    if (!next) {
      std::vector<TypeObject*> heads;
      for (size_t i = 0; i < lists.size(); ++i)
        if (at[i] < lists[i].size() && std::find(heads.begin(), heads.end(), lists[i][at[i]]) == heads.end())
          heads.push_back(lists[i][at[i]]);
      std::string names;
      for (TypeObject* h : heads) names += (names.empty() ? "" : ", ") + h->name_;
      raise(builtin_types().type_error, "Cannot create a consistent method resolution\norder (MRO) for bases " + names);
    }
    out.push_back(next);
    for (size_t i = 0; i < lists.size(); ++i)
      if (at[i] < lists[i].size() && lists[i][at[i]] == next) ++at[i];
  }
}

void set_bases(TypeObject* cls, const std::vector<TypeObject*>& bases, const std::vector<TypeObject*>& mro) {
  for (TypeObject* b : cls->bases_) b->decref();
  for (TypeObject* b : bases) b->incref();
  cls->bases_ = bases;
  cls->mro_.assign(1, cls);
  cls->mro_.insert(cls->mro_.end(), mro.begin(), mro.end());
}

}  // namespace stridelab::python
