// A 32-bit integer hash (Chris Wellons' lowbias32): random-looking numbers from a seed and an index, with no state,
// the same bits on every target. The school's per-fish streams and the renderer's baked koi patterns use it.
#pragma once

#include <cstdint>

namespace mirofish {

inline uint32_t mix32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

// The top 24 bits as a float in [0, 1), exact.
inline float unit24(uint32_t h) { return float(h >> 8) * (1.0f / 16777216.0f); }

}  // namespace mirofish
