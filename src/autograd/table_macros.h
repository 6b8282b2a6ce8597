// The preprocessor helpers the op tables (autograd/*.def) are expanded with.
//
// A table row lists a forward's parameters after self as PARAMS((type, name), (type, name, default),
// ...), and STRIDELAB_FOR_EACH(m, items...) applies a macro to each item (at most six), with no
// separator, so that each macro brings its own comma or semicolon:
//
//   STRIDELAB_FOR_EACH(STRIDELAB_PARAM_DECL, (const IntArray&, dim), (bool, keepdim, false))
//     -> , const IntArray& dim, bool keepdim = false
#pragma once

#define STRIDELAB_FE_0(m)
#define STRIDELAB_FE_1(m, a) m(a)
#define STRIDELAB_FE_2(m, a, ...) m(a) STRIDELAB_FE_1(m, __VA_ARGS__)
#define STRIDELAB_FE_3(m, a, ...) m(a) STRIDELAB_FE_2(m, __VA_ARGS__)
#define STRIDELAB_FE_4(m, a, ...) m(a) STRIDELAB_FE_3(m, __VA_ARGS__)
#define STRIDELAB_FE_5(m, a, ...) m(a) STRIDELAB_FE_4(m, __VA_ARGS__)
#define STRIDELAB_FE_6(m, a, ...) m(a) STRIDELAB_FE_5(m, __VA_ARGS__)
#define STRIDELAB_FE_PICK(_1, _2, _3, _4, _5, _6, n, ...) n
#define STRIDELAB_FOR_EACH(m, ...)                                                                             \
  STRIDELAB_FE_PICK(__VA_ARGS__ __VA_OPT__(, ) STRIDELAB_FE_6, STRIDELAB_FE_5, STRIDELAB_FE_4, STRIDELAB_FE_3, \
                    STRIDELAB_FE_2, STRIDELAB_FE_1, STRIDELAB_FE_0)                                            \
  (m __VA_OPT__(, ) __VA_ARGS__)

// A parenthesized list without its parentheses: passes PARAMS(...) through another macro as one
// argument, (params), and takes it apart there, STRIDELAB_UNPAREN params.
#define STRIDELAB_UNPAREN(...) __VA_ARGS__

// One parameter (type, name) or (type, name, default), as ", type name = default" in a declaration,
// ", type name" in a definition, ", name" in a call, and a member "std::decay_t<type> name{};" of a
// node that keeps it.
#define STRIDELAB_PARAM_DECL_(type, name, ...) , type name __VA_OPT__(= __VA_ARGS__)
#define STRIDELAB_PARAM_DEF_(type, name, ...) , type name
#define STRIDELAB_PARAM_NAME_(type, name, ...) , name
#define STRIDELAB_PARAM_MEMBER_(type, name, ...) std::decay_t<type> name{};
#define STRIDELAB_PARAM_STORE_(type, name, ...) fn->name = name;
#define STRIDELAB_PARAM_DECL(p) STRIDELAB_PARAM_DECL_ p
#define STRIDELAB_PARAM_DEF(p) STRIDELAB_PARAM_DEF_ p
#define STRIDELAB_PARAM_NAME(p) STRIDELAB_PARAM_NAME_ p
#define STRIDELAB_PARAM_MEMBER(p) STRIDELAB_PARAM_MEMBER_ p
#define STRIDELAB_PARAM_STORE(p) STRIDELAB_PARAM_STORE_ p
