// Small standard modules: string's constants, os.path's pure path functions, operator and
// __future__.
//
// NOTE [os.path without a filesystem]
// A program runs in the browser, with no files, so os.path has only what works on the text of
// a path, as posixpath computes it: join, split, basename, dirname, splitext, isabs, normpath.
// What needs the filesystem (exists, isfile, getsize, abspath, os.listdir, ...) is absent and
// raises AttributeError naming it.
#include "python/modules.h"
#include "python/native.h"

namespace stridelab::python {

namespace {

const std::string& path_arg(Object* o, const char* func) {
  if (is_str(o)) return as<StrObject>(o)->value_;
  if (std::string(func) == "join")
    raise(builtin_types().type_error,
          "join() argument must be str, bytes, or os.PathLike object, not '" + type_name(o) + "'");
  raise(builtin_types().type_error, "expected str, bytes or os.PathLike object, not " + type_name(o));
}

std::string strip_trailing_slashes(std::string head) {
  if (!head.empty() && head.find_first_not_of('/') != std::string::npos) head.erase(head.find_last_not_of('/') + 1);
  return head;
}

std::pair<std::string, std::string> split_path(const std::string& p) {
  size_t i = p.rfind('/') == std::string::npos ? 0 : p.rfind('/') + 1;
  return {strip_trailing_slashes(p.substr(0, i)), p.substr(i)};
}

std::pair<std::string, std::string> split_ext(const std::string& p) {
  long sep = p.rfind('/') == std::string::npos ? -1 : static_cast<long>(p.rfind('/'));
  long dot = p.rfind('.') == std::string::npos ? -1 : static_cast<long>(p.rfind('.'));
  if (dot > sep)
    for (long i = sep + 1; i < dot; ++i)
      if (p[i] != '.') return {p.substr(0, dot), p.substr(dot)};
  return {p, ""};
}

std::string normpath(const std::string& path) {
  if (path.empty()) return ".";
  int initial = path[0] == '/' ? 1 : 0;
  if (initial && path.rfind("//", 0) == 0 && path.rfind("///", 0) != 0) initial = 2;
  std::vector<std::string> comps;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    std::string comp = path.substr(start, end - start);
    start = end + 1;
    if (comp.empty() || comp == ".") continue;
    if (comp != ".." || (!initial && comps.empty()) || (!comps.empty() && comps.back() == "..")) comps.push_back(comp);
    else if (!comps.empty()) comps.pop_back();
  }
  std::string out(static_cast<size_t>(initial), '/');
  for (size_t i = 0; i < comps.size(); ++i) out += (i ? "/" : "") + comps[i];
  return out.empty() ? "." : out;
}

ObjRef str_pair(const std::pair<std::string, std::string>& p) {
  return ObjRef(new TupleObject({make_str(p.first), make_str(p.second)}));
}

Ref<ModuleObject> make_os_path(Interp&) {
  auto m = make_module("posixpath");
  ModuleObject* mod = m.get();
  module_add(mod, "__file__", make_str("/usr/lib/python3.11/posixpath.py"));
  module_add(mod, "sep", make_str("/"));
  module_add_function(mod, "join", [](Interp&, CallArgs& a) -> ObjRef {
    if (a.pos.empty()) raise(builtin_types().type_error, "join() missing 1 required positional argument: 'a'");
    std::string path = path_arg(a.pos[0].get(), "join");
    for (size_t i = 1; i < a.pos.size(); ++i) {
      const std::string& b = path_arg(a.pos[i].get(), "join");
      if (!b.empty() && b[0] == '/') path = b;
      else if (path.empty() || path.back() == '/') path += b;
      else path += "/" + b;
    }
    return make_str(path);
  });
  module_add_function(mod, "split", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "split", {"p"});
    return str_pair(split_path(path_arg(p.get(0), "split")));
  });
  module_add_function(mod, "basename", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "basename", {"p"});
    const std::string& s = path_arg(p.get(0), "basename");
    return make_str(s.substr(s.rfind('/') == std::string::npos ? 0 : s.rfind('/') + 1));
  });
  module_add_function(mod, "dirname", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "dirname", {"p"});
    return make_str(split_path(path_arg(p.get(0), "dirname")).first);
  });
  module_add_function(mod, "splitext", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "splitext", {"p"});
    return str_pair(split_ext(path_arg(p.get(0), "splitext")));
  });
  module_add_function(mod, "isabs", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "isabs", {"s"});
    const std::string& s = path_arg(p.get(0), "isabs");
    return ObjRef(bool_obj(!s.empty() && s[0] == '/'));
  });
  module_add_function(mod, "normpath", [](Interp&, CallArgs& a) -> ObjRef {
    ArgParser p(a, "normpath", {"path"});
    return make_str(normpath(path_arg(p.get(0), "normpath")));
  });
  return m;
}

Ref<ModuleObject> make_os(Interp& in) {
  auto m = make_module("os");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/os.py"));
  module_add(m.get(), "path", ObjRef(make_os_path(in).get()));  // `import os.path` finds it here
  module_add(m.get(), "sep", make_str("/"));
  module_add(m.get(), "linesep", make_str("\n"));
  module_add(m.get(), "name", make_str("posix"));
  return m;
}

Ref<ModuleObject> make_string(Interp&) {
  auto m = make_module("string");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/string.py"));
  const std::string lower = "abcdefghijklmnopqrstuvwxyz", upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const std::string digits = "0123456789", punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
  const std::string whitespace = " \t\n\r\x0b\x0c";
  module_add(m.get(), "ascii_lowercase", make_str(lower));
  module_add(m.get(), "ascii_uppercase", make_str(upper));
  module_add(m.get(), "ascii_letters", make_str(lower + upper));
  module_add(m.get(), "digits", make_str(digits));
  module_add(m.get(), "hexdigits", make_str(digits + "abcdefABCDEF"));
  module_add(m.get(), "octdigits", make_str("01234567"));
  module_add(m.get(), "punctuation", make_str(punctuation));
  module_add(m.get(), "whitespace", make_str(whitespace));
  module_add(m.get(), "printable", make_str(digits + lower + upper + punctuation + whitespace));
  return m;
}

// ---- operator ----

// The operator module: the operators as functions (the protocol's, so a class's dunders apply),
// and itemgetter, attrgetter and methodcaller.
Ref<ModuleObject> make_operator(Interp&) {
  auto m = make_module("operator");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/operator.py"));
  auto binary = [&](const char* name, BinOpKind op) {
    module_add_function(m.get(), name, [name, op](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, name, {"a", "b"});
      return binary_op(in, op, p.get(0), p.get(1));
    });
  };
  binary("add", BinOpKind::Add);
  binary("sub", BinOpKind::Sub);
  binary("mul", BinOpKind::Mult);
  binary("matmul", BinOpKind::MatMult);
  binary("truediv", BinOpKind::Div);
  binary("floordiv", BinOpKind::FloorDiv);
  binary("mod", BinOpKind::Mod);
  binary("pow", BinOpKind::Pow);
  binary("lshift", BinOpKind::LShift);
  binary("rshift", BinOpKind::RShift);
  binary("and_", BinOpKind::BitAnd);
  binary("or_", BinOpKind::BitOr);
  binary("xor", BinOpKind::BitXor);
  binary("concat", BinOpKind::Add);
  auto compare_fn = [&](const char* name, CmpOpKind op) {
    module_add_function(m.get(), name, [name, op](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, name, {"a", "b"});
      return compare(in, op, p.get(0), p.get(1));
    });
  };
  compare_fn("eq", CmpOpKind::Eq);
  compare_fn("ne", CmpOpKind::NotEq);
  compare_fn("lt", CmpOpKind::Lt);
  compare_fn("le", CmpOpKind::LtE);
  compare_fn("gt", CmpOpKind::Gt);
  compare_fn("ge", CmpOpKind::GtE);
  compare_fn("is_", CmpOpKind::Is);
  compare_fn("is_not", CmpOpKind::IsNot);
  auto unary = [&](const char* name, UnaryOpKind op) {
    module_add_function(m.get(), name, [name, op](Interp& in, CallArgs& a) -> ObjRef {
      ArgParser p(a, name, {"a"});
      return unary_op(in, op, p.get(0));
    });
  };
  unary("neg", UnaryOpKind::USub);
  unary("pos", UnaryOpKind::UAdd);
  unary("invert", UnaryOpKind::Invert);
  unary("inv", UnaryOpKind::Invert);
  unary("not_", UnaryOpKind::Not);
  module_add_function(m.get(), "truth", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "truth", {"a"});
    return ObjRef(bool_obj(truthy(in, p.get(0))));
  });
  module_add_function(m.get(), "abs", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "abs", {"a"});
    return call1(in, in.builtins().get("abs"), ObjRef(p.get(0)));
  });
  module_add_function(m.get(), "index", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "index", {"a"});
    return make_int(to_index(in, p.get(0)));
  });
  module_add_function(m.get(), "contains", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "contains", {"a", "b"});
    return ObjRef(bool_obj(contains(in, p.get(0), p.get(1))));
  });
  module_add_function(m.get(), "getitem", [](Interp& in, CallArgs& a) -> ObjRef {
    ArgParser p(a, "getitem", {"a", "b"});
    return get_item(in, p.get(0), p.get(1));
  });
  module_add_function(m.get(), "itemgetter", [](Interp&, CallArgs& a) -> ObjRef {
    if (a.pos.empty()) raise(builtin_types().type_error, "itemgetter expected 1 argument, got 0");
    std::vector<ObjRef> items = a.pos;
    return make_function("itemgetter", [items](Interp& in, CallArgs& b) -> ObjRef {
      ArgParser p(b, "itemgetter", {"obj"});
      if (items.size() == 1) return get_item(in, p.get(0), items[0].get());
      std::vector<ObjRef> out;
      for (auto& k : items) out.push_back(get_item(in, p.get(0), k.get()));
      return ObjRef(make_tuple(std::move(out)).get());
    });
  });
  module_add_function(m.get(), "attrgetter", [](Interp&, CallArgs& a) -> ObjRef {
    if (a.pos.empty()) raise(builtin_types().type_error, "attrgetter expected 1 argument, got 0");
    std::vector<std::string> names;
    for (auto& n : a.pos) {
      if (!is_str(n.get())) raise(builtin_types().type_error, "attribute name must be a string");
      names.push_back(as<StrObject>(n.get())->value_);
    }
    return make_function("attrgetter", [names](Interp& in, CallArgs& b) -> ObjRef {
      ArgParser p(b, "attrgetter", {"obj"});
      auto get_dotted = [&](const std::string& dotted) {
        ObjRef v(p.get(0));
        for (size_t start = 0;;) {
          size_t dot = dotted.find('.', start);
          v = get_attr(in, v.get(), dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
          if (dot == std::string::npos) return v;
          start = dot + 1;
        }
      };
      if (names.size() == 1) return get_dotted(names[0]);
      std::vector<ObjRef> out;
      for (auto& n : names) out.push_back(get_dotted(n));
      return ObjRef(make_tuple(std::move(out)).get());
    });
  });
  module_add_function(m.get(), "methodcaller", [](Interp&, CallArgs& a) -> ObjRef {
    if (a.pos.empty() || !is_str(a.pos[0].get()))
      raise(builtin_types().type_error, "methodcaller needs at least one argument, the method name");
    std::string name = as<StrObject>(a.pos[0].get())->value_;
    std::vector<ObjRef> args(a.pos.begin() + 1, a.pos.end());
    auto kw = a.kw;
    return make_function("methodcaller", [name, args, kw](Interp& in, CallArgs& b) -> ObjRef {
      ArgParser p(b, "methodcaller", {"obj"});
      CallArgs c;
      c.pos = args;
      c.kw = kw;
      return call_method(in, p.get(0), name, c);
    });
  });
  return m;
}

// ---- __future__ ----

// The __future__ module: its _Feature objects, printed as CPython prints them. What a future
// statement changes is the parser's business (`annotations`: PEP 563's text annotations); the
// others are the default behaviour of Python 3.
class FeatureObject : public Object {
 public:
  FeatureObject(TypeObject* type, std::string text) : Object(type), text_(std::move(text)) {}
  std::string text_;
};

Ref<ModuleObject> make_future(Interp&) {
  static TypeObject* feature_type =
      NativeType("_Feature", "__future__")
          .method("__repr__",
                  [](Interp&, CallArgs& a) -> ObjRef {
                    return make_str("_Feature" + static_cast<FeatureObject*>(a.pos[0].get())->text_);
                  })
          .build();
  static const std::pair<const char*, const char*> features[] = {
      {"nested_scopes", "((2, 1, 0, 'beta', 1), (2, 2, 0, 'alpha', 0), 16)"},
      {"generators", "((2, 2, 0, 'alpha', 1), (2, 3, 0, 'final', 0), 0)"},
      {"division", "((2, 2, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 131072)"},
      {"absolute_import", "((2, 5, 0, 'alpha', 1), (3, 0, 0, 'alpha', 0), 262144)"},
      {"with_statement", "((2, 5, 0, 'alpha', 1), (2, 6, 0, 'alpha', 0), 524288)"},
      {"print_function", "((2, 6, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 1048576)"},
      {"unicode_literals", "((2, 6, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 2097152)"},
      {"barry_as_FLUFL", "((3, 1, 0, 'alpha', 2), (4, 0, 0, 'alpha', 0), 4194304)"},
      {"generator_stop", "((3, 5, 0, 'beta', 1), (3, 7, 0, 'alpha', 0), 8388608)"},
      {"annotations", "((3, 7, 0, 'beta', 1), None, 16777216)"},
  };
  auto m = make_module("__future__");
  module_add(m.get(), "__file__", make_str("/usr/lib/python3.11/__future__.py"));
  std::vector<ObjRef> names;
  for (auto& [name, text] : features) {
    module_add(m.get(), name, ObjRef(new FeatureObject(feature_type, text)));
    names.push_back(make_str(name));
  }
  module_add(m.get(), "all_feature_names", make_list(std::move(names)));
  return m;
}

}  // namespace

void register_misc_modules(Interp& in) {
  in.register_module("string", make_string);
  in.register_module("os", make_os);
  in.register_module("operator", make_operator);
  in.register_module("__future__", make_future);
}

}  // namespace stridelab::python
