// The renderer's pixel tests' fixture: a school from a hash, drawn by the frame composer on the native context
// (headless/offscreen_gl.h, llvmpipe here), read back; and the tolerant measures the browser suite takes of
// screenshots (tests/browser/look.js): counts and medians over regions, never single pixels.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/params.h"
#include "sim/school.h"

namespace mirofish::test {

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // top row first; premultiplied, or flattened onto a background
  const uint8_t* at(int x, int y) const { return rgba.data() + (size_t(y) * size_t(width) + size_t(x)) * 4; }
};

// A school from a hash (decodeHash over the defaults, its form= landed as the page lands it), stepped on.
struct Pond {
  Params params;
  std::unique_ptr<School> school;
  explicit Pond(const std::string& hash);
  void steps(int n) { school->steps(n); }
};

struct Look {
  int width = 800, height = 600;  // CSS px
  float dpr = 1;
  float pageText = -1;                  // the page text's luminance (waterTone=auto), < 0 unknown
  const uint8_t* background = nullptr;  // nullptr: transparent, premultiplied
  int detail = 2;
};

// One frame of the pond at its step's clock.
Image draw(const Pond& pond, const Look& look);

// Pixels that differ from the background by more than 24 (sum over r, g, b): the fish, whatever the page.
int differing(const Image& image, const uint8_t background[3]);
// Hue histogram (12 bins, saturation-weighted, sums to 1) of those pixels.
std::vector<double> hueHistogram(const Image& image, const uint8_t background[3]);
double histogramDistance(const std::vector<double>& a, const std::vector<double>& b);
double luminance(const uint8_t rgb[3]);
double contrast(const uint8_t a[3], const uint8_t b[3]);

}  // namespace mirofish::test
