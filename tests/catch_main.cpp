#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "support/free_list.h"

STRIDELAB_LEAK_SANITIZER_OPTIONS
