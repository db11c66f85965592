// MIROFISH_ASSERT: checks of what the edges (withinRange, the hash codec, the Embind setters, the CLI) already
// guarantee, so the inside of the simulation does not clamp a value twice. Live where MIROFISH_ASSERTS is defined
// (the native-debug preset: -O0 with ASan/UBSan), where a broken promise stops with the file and line; nothing at
// all in the release builds, native or wasm, so the step costs the same and the bundle carries no strings.
#pragma once

#if defined(MIROFISH_ASSERTS)
#include <cstdio>
#include <cstdlib>

namespace mirofish {
[[noreturn]] inline void assertFailed(const char* what, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: MIROFISH_ASSERT(%s) failed\n", file, line, what);
  std::abort();
}
}  // namespace mirofish

#define MIROFISH_ASSERT(cond) ((cond) ? static_cast<void>(0) : ::mirofish::assertFailed(#cond, __FILE__, __LINE__))
#else
#define MIROFISH_ASSERT(cond) static_cast<void>(sizeof(!(cond)))
#endif
