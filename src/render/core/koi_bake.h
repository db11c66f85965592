// Per-fish constants baked once on the CPU (S-COST-1): the koi shape field, the patch-noise atlas and the ribbon
// width profile. The koi shaders sample these instead of evaluating noise and shape functions per pixel.
//
// Fish coordinates are in body lengths: s = 0 at the snout .. 1 at the tail-fin tip (backward), y lateral
// (+ = the fish's right). The layouts' numbers are rows of base/constants.h, which the build also writes as
// constants.glsl for shaders/koi.vert and koi.frag: one copy.
#pragma once

#include <cstdint>
#include <vector>

#include "base/constants.h"

namespace mirofish {

// Shape field, RGBA8, kShapeW x kShapeH texels over s in [kShapeS0, kShapeS1], y in [-kShapeY, kShapeY]:
//   r  body signed distance     encoded d / kShapeDistSpan + 0.5 (so +-kShapeDistSpan/2 lengths, clamped)
//   g  tail signed distance     same encoding (the forked tail and the peduncle joint)
//   b  body shade               0.66 + 0.34 * n.z of a rounded body (lit along the back)
//   a  back light               the soft highlight along the spine
// (kShapeW, kShapeH, kShapeS0, kShapeS1, kShapeY, kShapeDistSpan: base/constants.h, shared with the shaders.)

// Patch noise atlas, RG8: kPatternTilesX x kPatternTilesY tiles of kPatternTileW x kPatternTileH texels, each
// over s in [kPatternS0, kPatternS1], y in [-kPatternY, kPatternY]. r = red-patch noise, g = ink (sumi) noise,
// both the raw fbm value in 0..1; the shader applies the fish's own thresholds, so fish sharing a tile still differ.
// (kPatternTileW, kPatternTileH, kPatternTilesX, kPatternTilesY, kPatternS0, kPatternS1, kPatternY: base/constants.h.)
constexpr int kPatternTiles = kPatternTilesX * kPatternTilesY;

// Ribbon strips, finer for bigger fish: a segment stays about 3-5 device px long, so the bend looks smooth while
// small fish cost few, fat triangles (software rasterisers pay set-up and 2x2-quad overshading per triangle: the
// default school's 20-30 px koi on 6 segments instead of 10 cost SwiftShader 3 ms a frame less). A koi under 16 px
// (the lowest level's half resolution) bends on 2 segments: its bend is a pixel or two, and 1 000 of them cost
// SwiftShader a fifth less CPU a frame than on 6 (docs/performance.md#where-a-frame-goes).
constexpr int kStrips = 5;
constexpr int kStripSegments[kStrips] = {28, 16, 10, 6, 2};
constexpr float kStripMinPx[kStrips] = {90.0f, 45.0f, 30.0f, 16.0f, 0.0f};  // a tier's largest fish at least this long
constexpr float kRibbonMaxSpan = 1.6f;  // lengths a ribbon spans at most (tail, margins, shadow offset)

// Ribbon width profiles, one per strip: kProfileN samples from kProfileS0 every kProfileStep; per sample (x, y) =
// max |y| of (body, tail, pelvic fins) and of (body, tail) for the shadow within +-(kProfileStep + the strip's
// vertex spacing) along s. The linearly interpolated profile at a vertex is then at least the widest shape
// over both neighbouring segments, so the straight ribbon edge between two vertices never cuts a shape.
// (kProfileN, kProfileS0, kProfileStep: base/constants.h.)

struct KoiBake {
  std::vector<uint8_t> shape;    // kShapeW * kShapeH * 4
  std::vector<uint8_t> pattern;  // (kPatternTileW * kPatternTilesX) * (kPatternTileH * kPatternTilesY) * 2
  std::vector<float> profile;    // kStrips * kProfileN * 2
  std::vector<float> columns;    // the profile's working columns while the bake runs (empty once complete)
  bool complete = false;         // every slice is in
};

// Fills everything (a few milliseconds natively, some tens in wasm on a slow phone).
void bakeKoi(KoiBake* out);

// One slice of the bake (slice 0, 1, ... in order); true once the last is in. The same bytes as bakeKoi: a page's
// main thread bakes in slices, a task each, so its first school never blocks the page for the whole bake.
bool bakeKoiSlice(KoiBake* out, int slice);
int koiBakeSlices();  // how many there are

// The bake every renderer of this process draws with: the same tables for every pond, made once (the rest of a
// sliced bake, or all of it, on first use) and kept for context restores.
const KoiBake& sharedKoiBake();
bool bakeSharedKoiSlice();  // the shared bake's next slice; true once complete

}  // namespace mirofish
