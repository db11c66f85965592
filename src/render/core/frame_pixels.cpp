// Premultiplied RGBA to a file's pixels (frame_pixels.h).
#include "render/core/frame_pixels.h"

namespace mirofish {

void flattenOnto(uint8_t* rgba, size_t pixels, const uint8_t rgb[3]) {
  for (size_t k = 0; k < pixels; ++k, rgba += 4) {
    const unsigned rest = 255u - rgba[3];
    for (int c = 0; c < 3; ++c) {
      const unsigned v = rgba[c] + (rgb[c] * rest + 127u) / 255u;
      rgba[c] = uint8_t(v > 255u ? 255u : v);
    }
    rgba[3] = 255;
  }
}

void unpremultiply(uint8_t* rgba, size_t pixels) {
  for (size_t k = 0; k < pixels; ++k, rgba += 4) {
    const unsigned a = rgba[3];
    if (a == 255) continue;
    for (int c = 0; c < 3; ++c) {
      const unsigned v = a ? (rgba[c] * 255u + a / 2) / a : 0;
      rgba[c] = uint8_t(v > 255u ? 255u : v);
    }
  }
}

}  // namespace mirofish
