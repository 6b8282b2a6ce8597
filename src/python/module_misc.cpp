// Small standard modules: string's constants, and os.path's pure path functions.
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

}  // namespace

void register_misc_modules(Interp& in) {
  in.register_module("string", make_string);
  in.register_module("os", make_os);
}

}  // namespace stridelab::python
