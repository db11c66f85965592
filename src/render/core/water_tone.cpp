// The water's tone (water_tone.h): the WCAG formulas, and the choice between a palette's two waters.
#include "render/core/water_tone.h"

#include <cmath>

#include "base/number_text.h"

namespace mirofish {

float relativeLuminance(const float rgb[3]) {
  float lin[3];
  for (int c = 0; c < 3; ++c) {
    const float v = rgb[c] < 0 ? 0 : (rgb[c] > 1 ? 1 : rgb[c]);
    lin[c] = v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);  // render side: not in any hash
  }
  return 0.2126f * lin[0] + 0.7152f * lin[1] + 0.0722f * lin[2];
}

float contrastRatio(float a, float b) {
  const float hi = a > b ? a : b, lo = a > b ? b : a;
  return (hi + 0.05f) / (lo + 0.05f);
}

const float* waterTop(const Palette& p, WaterTone tone) { return tone == WaterTone::Light ? p.lightTop : p.deepTop; }
const float* waterBottom(const Palette& p, WaterTone tone) {
  return tone == WaterTone::Light ? p.lightBottom : p.deepBottom;
}

float waterContrast(const Palette& p, WaterTone tone, float text) {
  const float top = contrastRatio(relativeLuminance(waterTop(p, tone)), text);
  const float bottom = contrastRatio(relativeLuminance(waterBottom(p, tone)), text);
  return top < bottom ? top : bottom;
}

WaterTone chooseWaterTone(const Palette& p, int option, float text) {
  if (option == 1) return WaterTone::Light;
  if (option == 2) return WaterTone::Deep;
  if (!(text >= 0)) return p.lightFirst ? WaterTone::Light : WaterTone::Deep;
  return waterContrast(p, WaterTone::Light, text) >= waterContrast(p, WaterTone::Deep, text) ? WaterTone::Light
                                                                                             : WaterTone::Deep;
}

std::string waterToneWarning(const Palette& p, int option, float text) {
  if (!(text >= 0)) return "";
  const WaterTone tone = chooseWaterTone(p, option, text);
  const float ratio = waterContrast(p, tone, text);
  if (ratio >= kTextContrast) return "";
  const std::string name = tone == WaterTone::Light ? "light" : "deep";
  const std::string has = "the page's text has " + formatFixed(double(ratio), 1) + ":1 against the " + name + " water";
  if (option == 1 || option == 2) {
    const WaterTone other = tone == WaterTone::Light ? WaterTone::Deep : WaterTone::Light;
    return "waterTone=" + name + ": " + has + " (WCAG AA asks 4.5:1); the " +
           (other == WaterTone::Light ? "light" : "deep") + " water gives " +
           formatFixed(double(waterContrast(p, other, text)), 1) + ":1 (waterTone=auto picks it).";
  }
  return "waterTone=auto: " + has + ", the better of the two (WCAG AA asks 4.5:1): a mid-tone text reads on neither.";
}

}  // namespace mirofish
