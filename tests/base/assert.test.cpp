// MIROFISH_ASSERT (src/base/assert.h): evaluated, and live, only where MIROFISH_ASSERTS is defined (native-debug).
#include <catch2/catch.hpp>

#include "base/assert.h"

TEST_CASE("MIROFISH_ASSERT: live in the native-debug preset, nothing in release builds", "[base]") {
  int evaluated = 0;
  MIROFISH_ASSERT(++evaluated == 1);
#if defined(MIROFISH_ASSERTS)
  CHECK(evaluated == 1);
#else
  CHECK(evaluated == 0);  // not even evaluated: the release step costs the same
#endif
}
