// The picture a landed formation makes (S-CHO-4: the CLI draws the landed school), as SVG and as a greyscale PGM.
// zbarimg cannot read SVG here (ImageMagick's delegate is missing), so the decoder tests read the PGM, which is
// rasterised from the very same rectangles with exact area coverage, as a browser anti-aliases.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "form/formations.h"

namespace mirofish {

struct PictureRect {
  float x, y, w, h;  // world px
  uint32_t rgb;      // 0xRRGGBB
};

// Drawn in order over the first rect (the page background).
struct FormPicture {
  float width = 0, height = 0;
  std::vector<PictureRect> rects;
};

constexpr uint32_t kPageColour = 0x0d2a3a;   // the CLI's water, as `run --svg`
constexpr uint32_t kPlateColour = 0xf4f1ea;  // the light backdrop plate under a code
constexpr uint32_t kInkColour = 0x14202a;    // landed QR fish
constexpr uint32_t kFishColour = 0xf0a050;   // fish on a moving formation, and text cells

// A landed static formation: QR (plate, 0.96-cell squares, solid finder patterns) when qrSize > 0, otherwise
// text or logo cells as 0.96-cell squares on the page.
FormPicture landedPicture(float width, float height, const TargetLayout& layout, int qrSize);
// Fish on a moving formation's targets, 5-px squares.
FormPicture targetsPicture(float width, float height, const float* x, const float* y, int n);

bool writePictureSvg(const FormPicture& picture, const std::string& path);
// Binary PGM (P5) of round(width * scale) x round(height * scale) px; each pixel the rects' coverage-weighted
// grey (luma of the colour), so scale 0.5 is a box-filtered half-size screenshot.
bool writePicturePgm(const FormPicture& picture, float scale, const std::string& path);

}  // namespace mirofish
