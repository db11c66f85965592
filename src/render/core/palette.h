// The four colour palettes (view.palette): koi skin, patches, sumi, fins, and the optional water behind them.
#pragma once

namespace mirofish {

struct Palette {
  float base[3];   // main skin colour (display sRGB, 0..1)
  float patch[3];  // patch colour
  float ink[3];    // black spots (sumi)
  float fin[3];    // fin tint
  float glow;      // 0..1: share of light added instead of blended (for dark pages)
  // The water (view.water), top and bottom of its gradient, in two tones: deep for a page's light text, light for
  // its dark text (water_tone.h picks one); lightFirst: the palette's own tone when the page's text is unknown.
  float deepTop[3], deepBottom[3];
  float lightTop[3], lightBottom[3];
  bool lightFirst;
};

// 0 koi red/white/black, 1 goldfish orange/gold, 2 ink greys (light pages), 3 neon cyan/magenta (dark pages).
// inline: one table for the whole program, so a reference paletteAt() returns points into the same array in every
// file.
inline constexpr Palette kPalettes[] = {
    {{0.97f, 0.95f, 0.91f},
     {0.87f, 0.21f, 0.09f},
     {0.08f, 0.07f, 0.08f},
     {0.97f, 0.95f, 0.93f},
     0.0f,
     {0.11f, 0.31f, 0.34f},
     {0.03f, 0.12f, 0.16f},
     {0.86f, 0.93f, 0.94f},
     {0.74f, 0.86f, 0.88f},
     false},
    {{1.00f, 0.76f, 0.28f},
     {0.98f, 0.43f, 0.08f},
     {0.66f, 0.17f, 0.04f},
     {1.00f, 0.86f, 0.62f},
     0.0f,
     {0.13f, 0.30f, 0.27f},
     {0.04f, 0.12f, 0.13f},
     {0.91f, 0.93f, 0.86f},
     {0.80f, 0.87f, 0.80f},
     false},
    {{0.56f, 0.58f, 0.61f},
     {0.27f, 0.29f, 0.33f},
     {0.05f, 0.05f, 0.07f},
     {0.52f, 0.54f, 0.58f},
     0.0f,
     {0.17f, 0.19f, 0.22f},
     {0.07f, 0.08f, 0.10f},
     {0.93f, 0.93f, 0.91f},
     {0.82f, 0.85f, 0.86f},
     true},
    {{0.22f, 0.93f, 1.00f},
     {1.00f, 0.24f, 0.84f},
     {0.42f, 0.20f, 1.00f},
     {0.55f, 0.90f, 1.00f},
     1.0f,
     {0.04f, 0.05f, 0.14f},
     {0.01f, 0.01f, 0.05f},
     {0.88f, 0.90f, 0.97f},
     {0.76f, 0.79f, 0.90f},
     false},
};
constexpr int kPaletteCount = int(sizeof(kPalettes) / sizeof(kPalettes[0]));

// An unknown palette number falls back to koi (0) rather than reading past the table.
inline int paletteIndex(int index) { return index >= 0 && index < kPaletteCount ? index : 0; }
inline const Palette& paletteAt(int index) { return kPalettes[paletteIndex(index)]; }

}  // namespace mirofish
