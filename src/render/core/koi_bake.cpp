// CPU bake of the koi's per-fish constants: the shape and noise functions run once per texel at start-up, not per
// pixel per frame in the koi shader (S-COST-1).
#include "render/core/koi_bake.h"

#include <algorithm>
#include <cmath>

#include "base/det_math.h"
#include "base/mix32.h"

namespace mirofish {

namespace {

float clamp01(float v) { return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }
float smoothstep(float e0, float e1, float x) {
  float t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3.0f - 2.0f * t);
}
float mixf(float a, float b, float t) { return a + (b - a) * t; }
// lround for a value in 0..255 (in double, x + 0.5 keeps every bit that decides, and truncation is floor): no libm
// call per texel in wasm.
uint8_t toByte(float v) { return uint8_t(int(double(clamp01(v) * 255.0f) + 0.5)); }

// ---- shape (lengths) ------------------------------------------------------------------------------
constexpr float kBodyEnd = 0.8f;      // peduncle; the tail fin spans the rest
constexpr float kBodyWidth = 0.104f;  // half-width at the widest point
constexpr float kWidest = 0.3f;       // widest at the front third, as a fraction of the body

float bodyHalfWidth(float s) {
  float t = clamp01(s / kBodyEnd);
  if (t < kWidest) {
    float k = (kWidest - t) / kWidest;  // blunt, rounded head
    return kBodyWidth * std::sqrt(std::max(1.0f - k * k, 0.0f));
  }
  float k = (t - kWidest) / (1.0f - kWidest);
  float taper = detCos(k * 1.5707963f);  // the step's own cosine: no second (libm) one in the module
  return kBodyWidth * mixf(0.15f, 1.0f, taper * (0.45f + 0.55f * taper) + 0.25f * taper * (1.0f - taper));
}

float bodyDistance(float s, float y) {
  float d = std::fabs(y) - bodyHalfWidth(s);
  d = std::max(d, -s);
  return std::max(d, s - kBodyEnd - 0.02f);
}

// Approximate signed distance of an ellipse with centre (cx, cy), unit axis (dx, dy), semi-axes (rx, ry).
float ellipseDistance(float s, float y, float cx, float cy, float dx, float dy, float rx, float ry) {
  float px = s - cx, py = y - cy;
  float ex = (px * dx + py * dy) / rx, ey = (-px * dy + py * dx) / ry;
  return (std::sqrt(ex * ex + ey * ey) - 1.0f) * std::min(rx, ry);
}

// Forked tail: two lobes swept back and out from the peduncle, plus the joint to the body.
float tailDistance(float s, float y) {
  const float rootX = kBodyEnd - 0.04f;
  const float ax = 0.914f, ay = 0.407f;
  float a = ellipseDistance(s, y, rootX + ax * 0.13f, ay * 0.13f, ax, ay, 0.15f, 0.056f);
  float b = ellipseDistance(s, y, rootX + ax * 0.13f, -ay * 0.13f, ax, -ay, 0.15f, 0.056f);
  float joint = std::max(std::fabs(y) - 0.035f, std::fabs(s - rootX - 0.03f) - 0.05f);
  return std::min(std::min(a, b), joint);
}

float pelvicDistance(float s, float y) {
  const float dx = 0.8f, dy = 0.6f;
  return ellipseDistance(s, std::fabs(y), 0.5f + dx * 0.04f, 0.05f + dy * 0.04f, dx, dy, 0.05f, 0.024f);
}

// Rows [j0, j1) of the shape field (out sized by the first slice).
void bakeShapeRows(std::vector<uint8_t>* out, int j0, int j1) {
  if (j0 == 0) out->assign(size_t(kShapeW) * kShapeH * 4, 0);
  for (int j = j0; j < j1; ++j) {
    float y = -kShapeY + 2.0f * kShapeY * (float(j) + 0.5f) / float(kShapeH);
    for (int i = 0; i < kShapeW; ++i) {
      float s = kShapeS0 + (kShapeS1 - kShapeS0) * (float(i) + 0.5f) / float(kShapeW);
      uint8_t* t = &(*out)[(size_t(j) * kShapeW + i) * 4];
      t[0] = toByte(bodyDistance(s, y) / kShapeDistSpan + 0.5f);
      t[1] = toByte(tailDistance(s, y) / kShapeDistSpan + 0.5f);
      // Rounded body: lit along the back, darker at the flanks; a soft highlight just off the spine.
      float w = std::max(bodyHalfWidth(s), 1e-3f);
      float across = std::max(-1.0f, std::min(1.0f, y / w));
      float nz = std::sqrt(1.0f - across * across);
      t[2] = toByte(0.66f + 0.34f * nz);
      float u = (across + 0.22f) / 0.32f;
      t[3] = toByte(std::exp(-u * u) * smoothstep(0.04f, 0.25f, s) * (1.0f - smoothstep(0.55f, 0.8f, s)));
    }
  }
}

// The profile's columns: each fine s column's extent of the shapes (fish, shadow), then each strip's sample = the max
// over its dilated window. Computed the same way wherever they are used, so the sliced bake matches the whole one.
constexpr float kFine = 0.0025f, kDy = 0.002f;
// The columns reach a 6-segment strip's window beyond the samples, which covers every shape (s in -0.44..1.44): a
// coarser strip's wider window finds no shape further out.
constexpr int kColumnSegments = 6;
struct ProfileColumns {
  float s0, s1;
  int count;
  ProfileColumns()
      : s0(kProfileS0 - kProfileStep - kRibbonMaxSpan / float(kColumnSegments)),
        s1(kProfileS0 + kProfileStep * float(kProfileN) + kRibbonMaxSpan / float(kColumnSegments)),
        count(int((s1 - s0) / kFine) + 1) {}
};

// Columns [c0, c1) of the extents (out sized by the first slice): (fish, shadow) per column.
void bakeProfileColumns(std::vector<float>* out, int c0, int c1) {
  const ProfileColumns cols;
  if (c0 == 0) out->assign(size_t(cols.count) * 2, 0.0f);
  c1 = std::min(c1, cols.count);
  for (int c = c0; c < c1; ++c) {
    float s = cols.s0 + kFine * float(c);
    float& fish = (*out)[size_t(c) * 2];
    float& shadow = (*out)[size_t(c) * 2 + 1];
    for (float y = 0.34f; y >= 0.0f; y -= kDy) {
      float body = bodyDistance(s, y), tail = tailDistance(s, y);
      if (fish == 0.0f && std::min(std::min(body, tail), pelvicDistance(s, y)) < 0.0f) fish = y + kDy;
      if (shadow == 0.0f && std::min(body, tail + 0.01f) < 0.0f) shadow = y + kDy;
      if (fish != 0.0f && shadow != 0.0f) break;  // both found: the rest of the column changes neither
    }
  }
}

// The strips' samples from the columns: only the columns near each sample are read (with two to spare each side,
// far beyond float rounding), tested as before.
void bakeProfileStrips(const std::vector<float>& columns, std::vector<float>* out) {
  const ProfileColumns cols;
  out->assign(size_t(kStrips) * kProfileN * 2, 0.0f);
  for (int strip = 0; strip < kStrips; ++strip) {
    const float window = kProfileStep + kRibbonMaxSpan / float(kStripSegments[strip]);
    float* table = out->data() + size_t(strip) * kProfileN * 2;
    for (int k = 0; k < kProfileN; ++k) {
      float s = kProfileS0 + kProfileStep * float(k);
      const int lo = std::max(0, int((s - window - cols.s0) / kFine) - 2);
      const int hi = std::min(cols.count, int((s + window - cols.s0) / kFine) + 3);
      float f = 0.0f, sh = 0.0f;
      for (int c = lo; c < hi; ++c) {
        if (std::fabs(cols.s0 + kFine * float(c) - s) > window) continue;
        f = std::max(f, columns[size_t(c) * 2]);
        sh = std::max(sh, columns[size_t(c) * 2 + 1]);
      }
      table[k * 2] = f;
      table[k * 2 + 1] = sh;
    }
  }
}

// ---- patch noise: the hashes and value noise the koi shader used (GLSL uint arithmetic, wraps mod 2^32) ----
uint32_t hashU(uint32_t x) { return mix32(x); }
float hash01(uint32_t x) { return unit24(mix32(x)); }

// Value noise with a one-cell cache: neighbouring texels mostly share a lattice cell.
struct ValueNoise {
  uint32_t seed = 0;
  int cx = 1 << 30, cy = 1 << 30;
  float a = 0, b = 0, d = 0, e = 0;
  float at(float px, float py) {
    float fx0 = std::floor(px), fy0 = std::floor(py);
    int ix = int(fx0), iy = int(fy0);
    if (ix != cx || iy != cy) {
      cx = ix;
      cy = iy;
      uint32_t x = uint32_t(ix + 4096), y = uint32_t(iy + 4096);
      a = hash01(seed ^ hashU(x + hashU(y)));
      b = hash01(seed ^ hashU(x + 1u + hashU(y)));
      d = hash01(seed ^ hashU(x + hashU(y + 1u)));
      e = hash01(seed ^ hashU(x + 1u + hashU(y + 1u)));
    }
    float fx = px - fx0, fy = py - fy0;
    float ux = fx * fx * (3.0f - 2.0f * fx), uy = fy * fy * (3.0f - 2.0f * fy);
    return mixf(mixf(a, b, ux), mixf(d, e, ux), uy);
  }
};

struct Fbm {
  ValueNoise lo, hi;
  explicit Fbm(uint32_t seed) {
    lo.seed = seed;
    hi.seed = seed * 747796405u + 1u;
  }
  float at(float px, float py) { return 0.68f * lo.at(px, py) + 0.32f * hi.at(px * 2.13f + 17.0f, py * 2.13f + 17.0f); }
};

// Tiles [t0, t1) of the patch atlas (out sized by the first slice).
void bakePatternTiles(std::vector<uint8_t>* out, int t0, int t1) {
  const int atlasW = kPatternTileW * kPatternTilesX, atlasH = kPatternTileH * kPatternTilesY;
  if (t0 == 0) out->assign(size_t(atlasW) * atlasH * 2, 0);
  for (int tile = t0; tile < t1; ++tile) {
    // Tile k holds pattern k's noise: its own seed and offsets, both fbm fields (red, ink).
    uint32_t seed = hashU(uint32_t(tile) + 0x9e3779b9u);
    float offX = hash01(seed ^ 0x51u) * 64.0f, offY = hash01(seed ^ 0xa3u) * 64.0f;
    const int x0 = (tile % kPatternTilesX) * kPatternTileW, y0 = (tile / kPatternTilesX) * kPatternTileH;
    for (int j = 0; j < kPatternTileH; ++j) {
      Fbm red(seed), ink(seed ^ 0x1234567u);  // a fresh cache per row
      float y = -kPatternY + 2.0f * kPatternY * (float(j) + 0.5f) / float(kPatternTileH);
      for (int i = 0; i < kPatternTileW; ++i) {
        float s = kPatternS0 + (kPatternS1 - kPatternS0) * (float(i) + 0.5f) / float(kPatternTileW);
        // Stretched a little across the body, so patches wrap over the back like saddles.
        float px = s * 4.2f, py = y * 6.5f;
        uint8_t* t = &(*out)[(size_t(y0 + j) * atlasW + size_t(x0 + i)) * 2];
        t[0] = toByte(red.at(px + offX, py + offY));
        t[1] = toByte(ink.at(px * 1.6f + offY + 9.0f, py * 1.6f + offX + 9.0f));
      }
    }
  }
}

// The slices, in order: the shape field in bands of rows, the patch atlas in bands of tiles, the profile's columns in
// bands, the profiles. Small enough that a slice on a page's main thread is a short task, and that a browser's
// baseline wasm code runs only the first slice or two of each kind before its optimised code takes over (a band a
// quarter of the table ran 3-5x slower as the first than as the next, in Chromium).
constexpr int kShapeBands = 16, kPatternBands = 16, kColumnBands = 8;
static_assert(kShapeH % kShapeBands == 0 && kPatternTiles % kPatternBands == 0, "bands divide the tables");

}  // namespace

int koiBakeSlices() { return kShapeBands + kPatternBands + kColumnBands + 1; }

bool bakeKoiSlice(KoiBake* out, int slice) {
  if (slice < kShapeBands) {
    const int rows = kShapeH / kShapeBands;
    bakeShapeRows(&out->shape, slice * rows, (slice + 1) * rows);
  } else if ((slice -= kShapeBands) < kPatternBands) {
    const int tiles = kPatternTiles / kPatternBands;
    bakePatternTiles(&out->pattern, slice * tiles, (slice + 1) * tiles);
  } else if ((slice -= kPatternBands) < kColumnBands) {
    const int per = (ProfileColumns().count + kColumnBands - 1) / kColumnBands;
    bakeProfileColumns(&out->columns, slice * per, (slice + 1) * per);
  } else {
    bakeProfileStrips(out->columns, &out->profile);
    std::vector<float>().swap(out->columns);  // only the strips read them
    out->complete = true;
  }
  return out->complete;
}

void bakeKoi(KoiBake* out) {
  for (int slice = 0; !bakeKoiSlice(out, slice); ++slice) {}
}

namespace {
KoiBake sharedBake;
int sharedNext = 0;
}  // namespace

bool bakeSharedKoiSlice() { return sharedBake.complete || bakeKoiSlice(&sharedBake, sharedNext++); }

const KoiBake& sharedKoiBake() {
  while (!bakeSharedKoiSlice()) {}
  return sharedBake;
}

}  // namespace mirofish
