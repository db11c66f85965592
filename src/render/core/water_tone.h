// The water's tone under the page's text (waterTone: auto | light | deep): with water=1 the canvas is opaque behind
// the page, so the page's text must read against the water itself. WCAG 2's relative luminance and contrast ratio;
// GL-free, so the native suite tests it, and the page's side only reads the text's colour (web/host/tone.js).
#pragma once

#include <string>

#include "render/core/palette.h"

namespace mirofish {

enum class WaterTone { Deep, Light };

// WCAG AA for body text.
constexpr float kTextContrast = 4.5f;

// Relative luminance (WCAG 2) of an sRGB colour, components 0..1.
float relativeLuminance(const float rgb[3]);
// (lighter + 0.05) / (darker + 0.05): 1 .. 21.
float contrastRatio(float luminanceA, float luminanceB);

// The water's two ends in that tone.
const float* waterTop(const Palette& palette, WaterTone tone);
const float* waterBottom(const Palette& palette, WaterTone tone);

// The text's contrast against that water: the worse of its two ends (the gradient runs between them).
float waterContrast(const Palette& palette, WaterTone tone, float textLuminance);

// option 0 auto, 1 light, 2 deep (the waterTone parameter). Auto takes the tone the text reads best on, or the
// palette's own when the text's luminance is unknown (< 0, or not a number).
WaterTone chooseWaterTone(const Palette& palette, int option, float textLuminance);

// One sentence when the text reads at under kTextContrast against the water chosen (the owner's tone, or the best
// auto finds), naming the ratio; "" when it reads, or when the text is unknown.
std::string waterToneWarning(const Palette& palette, int option, float textLuminance);

}  // namespace mirofish
