// STRIDELAB_ASAN is 1 in a build with AddressSanitizer, whichever compiler: g++ defines
// __SANITIZE_ADDRESS__, clang answers __has_feature(address_sanitizer).
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define STRIDELAB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STRIDELAB_ASAN 1
#endif
#endif
