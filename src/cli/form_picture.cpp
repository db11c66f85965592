// Landed formations as rectangles, written as SVG or rasterised (exact box coverage) to a PGM.
#include "cli/form_picture.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mirofish {

namespace {

constexpr float kModuleFill = 0.96f;  // S-CHO-4: each module a 0.96-cell square, so single fish stay visible

void square(FormPicture& p, float cx, float cy, float side, uint32_t rgb) {
  p.rects.push_back(PictureRect{cx - side / 2, cy - side / 2, side, side, rgb});
}

float luma(uint32_t rgb) {
  return 0.299f * float((rgb >> 16) & 255) + 0.587f * float((rgb >> 8) & 255) + 0.114f * float(rgb & 255);
}

// One axis of a rect's coverage of pixel i: the overlap of [lo, hi) with [i, i + 1).
float overlap(float lo, float hi, int i) {
  const float a = lo > float(i) ? lo : float(i), b = hi < float(i + 1) ? hi : float(i + 1);
  return b > a ? b - a : 0;
}

}  // namespace

FormPicture landedPicture(float width, float height, const TargetLayout& layout, int qrSize) {
  FormPicture p;
  p.width = width;
  p.height = height;
  p.rects.push_back(PictureRect{0, 0, width, height, kPageColour});
  const float cell = float(layout.cell);
  const uint32_t ink = qrSize > 0 ? kInkColour : kFishColour;
  if (qrSize > 0)
    p.rects.push_back(PictureRect{float(layout.originX), float(layout.originY), float(layout.plateWidth()),
                                  float(layout.plateHeight()), kPlateColour});
  for (int i = 0; i < layout.count(); ++i)
    if (!layout.solid[size_t(i)]) square(p, layout.x[size_t(i)], layout.y[size_t(i)], kModuleFill * cell, ink);
  if (qrSize > 0) {  // the three finder patterns, solid: 7x7 ink, 5x5 plate, 3x3 ink
    const int corner[3][2] = {{0, 0}, {qrSize - 7, 0}, {0, qrSize - 7}};
    for (const auto& c : corner) {
      const float cx = float(layout.originX) + (float(kQrQuietZone + c[0]) + 3.5f) * cell;
      const float cy = float(layout.originY) + (float(kQrQuietZone + c[1]) + 3.5f) * cell;
      square(p, cx, cy, 7 * cell, kInkColour);
      square(p, cx, cy, 5 * cell, kPlateColour);
      square(p, cx, cy, 3 * cell, kInkColour);
    }
  }
  return p;
}

FormPicture targetsPicture(float width, float height, const float* x, const float* y, int n) {
  FormPicture p;
  p.width = width;
  p.height = height;
  p.rects.push_back(PictureRect{0, 0, width, height, kPageColour});
  for (int i = 0; i < n; ++i) square(p, x[i], y[i], 5, kFishColour);
  return p;
}

bool writePictureSvg(const FormPicture& p, const std::string& path) {
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (!out) return false;
  std::fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %g\" width=\"%g\" height=\"%g\">\n",
               double(p.width), double(p.height), double(p.width), double(p.height));
  for (const PictureRect& r : p.rects)
    std::fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#%06x\"/>\n", double(r.x),
                 double(r.y), double(r.w), double(r.h), unsigned(r.rgb));
  std::fprintf(out, "</svg>\n");
  return std::fclose(out) == 0;
}

bool writePicturePgm(const FormPicture& p, float scale, const std::string& path) {
  const int w = int(std::lround(double(p.width * scale))), h = int(std::lround(double(p.height * scale)));
  if (w < 1 || h < 1) return false;
  std::vector<float> grey(size_t(w) * size_t(h), 0.0f);
  for (const PictureRect& r : p.rects) {
    const float x0 = r.x * scale, x1 = (r.x + r.w) * scale, y0 = r.y * scale, y1 = (r.y + r.h) * scale;
    const float tone = luma(r.rgb);
    const int i0 = std::max(0, int(std::floor(x0))), i1 = std::min(w - 1, int(std::ceil(x1)));
    const int j0 = std::max(0, int(std::floor(y0))), j1 = std::min(h - 1, int(std::ceil(y1)));
    for (int j = j0; j <= j1; ++j) {
      const float cy = overlap(y0, y1, j);
      if (cy <= 0) continue;
      for (int i = i0; i <= i1; ++i) {
        const float c = cy * overlap(x0, x1, i);
        float& g = grey[size_t(j) * size_t(w) + size_t(i)];
        g += (tone - g) * c;  // "over" compositing with coverage as alpha
      }
    }
  }
  std::FILE* out = std::fopen(path.c_str(), "wb");
  if (!out) return false;
  std::fprintf(out, "P5\n%d %d\n255\n", w, h);
  std::vector<unsigned char> row(static_cast<size_t>(w), 0);
  for (int j = 0; j < h; ++j) {
    for (int i = 0; i < w; ++i) {
      const float g = grey[size_t(j) * size_t(w) + size_t(i)];
      row[size_t(i)] = (unsigned char)(g < 0 ? 0 : (g > 255 ? 255 : std::lround(double(g))));
    }
    std::fwrite(row.data(), 1, row.size(), out);
  }
  return std::fclose(out) == 0;
}

}  // namespace mirofish
