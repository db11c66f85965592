// What the fuzz targets of the text edges (S-REL-2; tests/fuzz/*.cpp) assert. A broken property prints where and
// what and aborts: libFuzzer reports that as a crash and keeps the input; the corpus replay (replay_main.cpp, under
// ctest) fails on it.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "sim/params.h"

#define FUZZ_CHECK(cond)                                                               \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      std::fprintf(stderr, "%s:%d: property broken: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                    \
    }                                                                                  \
  } while (0)

namespace mirofish {
namespace fuzz {

inline std::string text(const uint8_t* data, size_t size) {
  return size ? std::string(reinterpret_cast<const char*>(data), size) : std::string();
}

// Every value finite, inside its table range and quantized as the hash holds it (3 decimals, integers whole).
inline void checkInRange(const Params& p) {
  for (int i = 0; i < kParamCount; ++i) {
    const ParamInfo& info = kParamInfo[i];
    const double v = p.get(ParamId(i));
    if (!(std::isfinite(v) && v >= info.min && v <= info.max && quantize(info, v) == v)) {
      std::fprintf(stderr, "parameter %s = %.17g is outside %g..%g or not quantized\n", info.name, v, info.min,
                   info.max);
      std::abort();
    }
  }
}

// The parameters a hash carries are the same bits in both (the page's own settings are not in a hash).
inline bool sameHashParams(const Params& a, const Params& b) {
  for (int i = 0; i < kParamCount; ++i)
    if (inHash(kParamInfo[i]) && !(a.get(ParamId(i)) == b.get(ParamId(i)))) return false;
  return true;
}

// One line each: a warning or an error is printed as one line of the CLI's stderr or one console message.
inline bool oneLine(const std::string& s) { return !s.empty() && s.find('\n') == std::string::npos; }

}  // namespace fuzz
}  // namespace mirofish
