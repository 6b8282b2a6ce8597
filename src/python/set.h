// set and frozenset.
//
// NOTE [Set layout]
// A set prints its items in the order of its hash table, so stridelab keeps CPython's table:
// open addressing over 2^k slots (8 at first), nine linear probes then a perturbed jump
// (i*5 + 1 + perturb), deleted slots left as dummies, the table grown to hold 4x the items when
// it is 60% full, and CPython's shortcuts where they change the layout (a set built from a set
// copies or re-inserts its table; union, intersection and difference iterate the operand CPython
// iterates). An int hashes to itself (-1 to -2), so a set of ints prints in CPython's order. A
// str's hash differs from CPython's, whose hashes of strings change from run to run anyway.
#pragma once
#include <vector>

#include "python/object.h"

namespace stridelab::python {

class SetObject : public Object {
 public:
  explicit SetObject(TypeObject* type);
  void clear_refs() override;

  struct Entry {
    ObjRef key;  // null: unused or a dummy
    int64_t hash = 0;
    bool dummy = false;
  };
  std::vector<Entry> table_;
  size_t fill_ = 0, used_ = 0, finger_ = 0;
  size_t mask() const { return table_.size() - 1; }

  void add(Interp& in, ObjRef key);
  void add_hashed(Interp& in, ObjRef key, int64_t hash);
  bool contains(Interp& in, Object* key);
  bool discard(Interp& in, Object* key);  // true when it was there
  void update(Interp& in, Object* iterable);
  void clear();
  std::vector<ObjRef> items() const;  // in table order
};

TypeObject* set_type();
TypeObject* frozenset_type();
bool is_set(const Object* o);  // set, frozenset or a subclass
// A new set (or frozenset) of `items`, added in order, as a display `{a, b}` builds it.
Ref<SetObject> make_set(Interp& in, std::vector<ObjRef> items, TypeObject* type = nullptr);
// The set a display `{1, 2, 3}` of more than two constants makes: CPython compiles it to a
// frozenset constant (built twice, the second time from the first one's order) merged into an
// empty set, and that path can lay the table out differently from adding the items in order.
Ref<SetObject> make_constant_set(Interp& in, std::vector<ObjRef> items);

}  // namespace stridelab::python
