// The pixel tests' fixture (gl_frames.h).
#include "render/gl/gl_frames.h"

#include <cmath>
#include <cstdlib>

#include "base/constants.h"
#include "headless/offscreen_gl.h"
#include "link/hash_codec.h"
#include "render/core/look.h"
#include "render/frame_composer.h"

namespace mirofish::test {

namespace {
// One context for the suite's thread, opened again only when a test asks for another size.
struct Context {
  OffscreenGl gl;
  FrameComposer frame;
};
Context& context(int width, int height) {
  static Context c;
  if (c.gl.width() != width || c.gl.height() != height) {
    if (c.frame.ready()) c.frame.release();
    if (!c.gl.open(width, height) || !c.frame.init()) {
      std::fprintf(stderr, "no GL for the pixel tests: %s%s\n", c.gl.error().c_str(), c.frame.error().c_str());
      std::abort();
    }
  }
  return c;
}
}  // namespace

Pond::Pond(const std::string& hash) {
  DecodedHash d = decodeHash(hash, Params());
  params = d.params;
  school.reset(new School(params));
  std::string why;
  if (d.form.kind != FormationKind::None) school->form(d.form, kDefaultHoldSeconds, d.formAt, &why);
}

Image draw(const Pond& pond, const Look& look) {
  Image image;
  image.width = int(std::lround(double(look.width) * look.dpr));
  image.height = int(std::lround(double(look.height) * look.dpr));
  Context& c = context(image.width, image.height);
  RenderView view;
  view.pixelWidth = image.width;
  view.pixelHeight = image.height;
  view.dpr = look.dpr;
  view.timeSeconds = double(pond.school->stepCount()) / kStepHz;
  view.detail = look.detail;
  applyLook(pond.params, look.pageText, &view);
  c.frame.render(*pond.school, view);
  image.rgba.resize(size_t(image.width) * size_t(image.height) * 4);
  c.gl.read(image.rgba.data());
  if (look.background) {
    for (size_t k = 0; k < image.rgba.size(); k += 4) {
      const unsigned rest = 255u - image.rgba[k + 3];
      for (int ch = 0; ch < 3; ++ch)
        image.rgba[k + ch] = uint8_t(image.rgba[k + ch] + (look.background[ch] * rest + 127u) / 255u);
      image.rgba[k + 3] = 255;
    }
  }
  return image;
}

int differing(const Image& image, const uint8_t bg[3]) {
  int n = 0;
  for (size_t k = 0; k < image.rgba.size(); k += 4)
    n += std::abs(image.rgba[k] - bg[0]) + std::abs(image.rgba[k + 1] - bg[1]) + std::abs(image.rgba[k + 2] - bg[2]) >=
         24;
  return n;
}

std::vector<double> hueHistogram(const Image& image, const uint8_t bg[3]) {
  std::vector<double> bins(12, 0.0);
  double total = 0;
  for (size_t k = 0; k < image.rgba.size(); k += 4) {
    const int r = image.rgba[k], g = image.rgba[k + 1], b = image.rgba[k + 2];
    if (std::abs(r - bg[0]) + std::abs(g - bg[1]) + std::abs(b - bg[2]) < 24) continue;
    const int hi = std::max(r, std::max(g, b)), lo = std::min(r, std::min(g, b));
    const double sat = hi - lo;
    if (sat < 12) continue;  // greys carry no hue
    double hue = hi == r ? (g - b) / sat : hi == g ? 2 + (b - r) / sat : 4 + (r - g) / sat;
    hue = std::fmod(std::fmod(hue * 60, 360) + 360, 360);
    bins[size_t(hue / 30) % 12] += sat;
    total += sat;
  }
  for (double& v : bins) v = total > 0 ? v / total : 0;
  return bins;
}

double histogramDistance(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (size_t k = 0; k < a.size(); ++k) sum += std::fabs(a[k] - b[k]);
  return sum / 2;
}

double luminance(const uint8_t rgb[3]) {
  double lin[3];
  for (int c = 0; c < 3; ++c) {
    const double v = rgb[c] / 255.0;
    lin[c] = v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  }
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

double contrast(const uint8_t a[3], const uint8_t b[3]) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace mirofish::test
