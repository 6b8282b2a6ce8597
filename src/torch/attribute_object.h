// An instance of a native class whose state is all in its attributes: torch.optim's optimizers,
// the LR schedulers, and torch.utils.data's datasets and loaders.
#pragma once

#include "python/native.h"

namespace stridelab::torch {

// Its attributes live in an instance __dict__. Tracked for the teardown (NOTE [Cycles at
// teardown]): a Python subclass's attributes can point back at the instance.
class AttributeObject : public python::Object {
 public:
  explicit AttributeObject(python::TypeObject* t) : Object(t) { track(); }
  python::Namespace dict_;
  python::Namespace* instance_dict() override { return &dict_; }
};

// The constructor of a native class whose instances are AttributeObjects.
inline python::ObjRef new_attribute_object(python::Interp&, python::TypeObject* cls, python::CallArgs&) {
  return python::ObjRef(new AttributeObject(cls));
}

}  // namespace stridelab::torch
