// Catch2 v2 main for the MiroFish suite.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
