// From the framebuffer's premultiplied RGBA to what a file holds: over a background colour (opaque), or straight
// alpha (PNG, WebP and ffmpeg's rgba all hold colour unmultiplied). In place; GL-free, so the suite tests it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace mirofish {

// c + bg x (1 - a): the page's colour under a transparent canvas, as a browser composites it (and as the recorder's
// underlay draws it, web/record/underlay.js).
void flattenOnto(uint8_t* rgba, size_t pixels, const uint8_t rgb[3]);
// c / a, rounded; a pixel with no alpha is 0, 0, 0, 0.
void unpremultiply(uint8_t* rgba, size_t pixels);

}  // namespace mirofish
