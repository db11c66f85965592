// The water's tone under the page's text (src/render/water_tone.cpp): WCAG's formulas, and every palette's two
// waters keeping the usual text colours at 4.5:1.
#include <catch2/catch.hpp>

#include "render/core/water_tone.h"

using namespace mirofish;

namespace {
float lum(float r, float g, float b) {
  const float rgb[3] = {r / 255, g / 255, b / 255};
  return relativeLuminance(rgb);
}
}  // namespace

TEST_CASE("water tone: WCAG's relative luminance and contrast ratio", "[render]") {
  CHECK(lum(255, 255, 255) == Approx(1.0f));
  CHECK(lum(0, 0, 0) == Approx(0.0f));
  CHECK(contrastRatio(lum(255, 255, 255), lum(0, 0, 0)) == Approx(21.0f));
  CHECK(contrastRatio(lum(0x76, 0x76, 0x76), 1.0f) == Approx(4.54f).epsilon(0.01));  // #767676 on white: AA's edge
}

TEST_CASE("water tone: auto gives dark text the light water and light text the deep, at 4.5:1 or more", "[render]") {
  const float dark = lum(0x1d, 0x2a, 0x33), light = lum(0xe8, 0xe6, 0xe3), black = 0, white = 1;
  for (int p = 0; p < kPaletteCount; ++p) {
    INFO("palette " << p);
    const Palette& pal = kPalettes[p];
    CHECK(chooseWaterTone(pal, 0, dark) == WaterTone::Light);
    CHECK(chooseWaterTone(pal, 0, black) == WaterTone::Light);
    CHECK(chooseWaterTone(pal, 0, light) == WaterTone::Deep);
    CHECK(chooseWaterTone(pal, 0, white) == WaterTone::Deep);
    for (float text : {dark, light, black, white}) {
      CHECK(waterContrast(pal, chooseWaterTone(pal, 0, text), text) >= kTextContrast);
      CHECK(waterToneWarning(pal, 0, text).empty());
    }
    CHECK(chooseWaterTone(pal, 1, light) == WaterTone::Light);  // the owner's choice holds
    CHECK(chooseWaterTone(pal, 2, dark) == WaterTone::Deep);
  }
  // Unknown text: each palette's own water (ink's light, the others' deep), as before the option.
  CHECK(chooseWaterTone(kPalettes[0], 0, -1) == WaterTone::Deep);
  CHECK(chooseWaterTone(kPalettes[2], 0, -1) == WaterTone::Light);
}

TEST_CASE("water tone: an owner's tone under 4.5:1 is one sentence with the ratio; unknown text none", "[render]") {
  const float dark = lum(0x1d, 0x2a, 0x33);
  const std::string w = waterToneWarning(kPalettes[0], 2, dark);
  CHECK(w.find("waterTone=deep") == 0);
  CHECK(w.find(":1 against the deep water") != std::string::npos);
  CHECK(w.find("the light water gives") != std::string::npos);
  CHECK(waterToneWarning(kPalettes[0], 2, -1).empty());
  const std::string mid = waterToneWarning(kPalettes[0], 0, lum(0x80, 0x80, 0x80));  // mid grey reads on neither
  CHECK(mid.find("waterTone=auto") == 0);
}
