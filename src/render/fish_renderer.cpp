// Batched WebGL2/GLES3 koi renderer: one per-fish data upload per frame, one draw per depth tier.
#include "render/fish_renderer.h"

#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "render/core/palette.h"
#include "render/core/water_tone.h"
#include "render/gl_program.h"
#include "render/shaders_embedded.h"
#include "sim/school.h"
#include "sim/species.h"

namespace mirofish {

namespace {

// Per-fish layout, 12 floats = 48 bytes = 3 texels of the RGBA32UI fish texture (read in koi.vert main()):
//   0 x, 1 y           world px
//   2 hx, 3 hy         heading unit vector
//   4 length           world px (x the species' size)
//   5 tail phase       rad, wrapped to [0, 2 pi)
//   6 bend             rad, turn posture (S-REN-7)
//   7 speed            px/s x the state's tail-beat factor (the shader derives the tail amplitude, S-REN-6)
//   8 pattern          uint32 bits
//   9 depth            0 back .. 1 front
//  10 speed            0..1 of the school's max speed, lower while hovering (fin posture)
//  11 palette          uint: the fish's species, the slot of the koi program's palette arrays (S-ECO-3)
// Not instanced: software GL (SwiftShader) runs a whole draw per instance, so each tier is ONE triangle strip
// over all its fish, degenerate triangles between fish, and koi.vert finds its fish and its place on the
// ribbon from gl_VertexID. The per-fish data is one texture upload per frame (kFishPerRow fish per row).
constexpr int kInstanceFloats = 12;
// kFishPerRow and kFishTexels (RGBA texels per fish): base/constants.h, which koi.vert includes as constants.glsl.
constexpr int kMinInstanceCapacity = kFishPerRow;
static_assert(kInstanceFloats == kFishTexels * 4, "kInstanceFloats fill kFishTexels RGBA texels");

// Ribbon: cross-sections along the fish, 0..1; koi.vert maps them per fish from just before the snout (or its
// shadow) to just past the tail tip (or its shadow), and sets each side's width from the baked profile of the
// strip drawn (koi_bake.h kStrips: finer strips for bigger fish).

constexpr float kBaseLength = 26.0f;  // world px at fishSize 1, before the depth scale
constexpr float kBackScale = 0.75f, kFrontScale = 1.1f;
constexpr float kPi = 3.14159265f;
constexpr float kDeg = kPi / 180.0f;

// S-REN-7: body bend = smoothed turn rate x this, clamped. 4 rad/s (a brisk turn) gives the full 35 deg.
constexpr float kBendPerTurn = 0.15f;  // s
constexpr float kMaxBend = 35.0f * kDeg;

// S-REN-6 tail angle: computed in koi.vert from the speed. Pure speed^1.4 cannot meet both anchors
// (60 px/s -> 35 deg, 120 px/s -> 55 deg would need exponent 0.65), so the spec's exponent is kept at low
// speed and saturates above: 3 deg + 51.68 deg * p / (1 + 0.6149 p), p = (v / 60 px/s)^1.4.

float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }
float finiteOr(float v, float fallback) { return std::isfinite(v) ? v : fallback; }

GLuint makeTexture(GLenum internalFormat, GLenum format, int width, int height, const uint8_t* pixels) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GLint(internalFormat), width, height, 0, format, GL_UNSIGNED_BYTE, pixels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return texture;
}

// Texture units of the koi programs.
constexpr int kShapeUnit = 0, kPatternUnit = 1, kFishUnit = 2;

}  // namespace

bool FishRenderer::linkKoi(KoiProgram* k, bool lite, std::string* log) {
  if (lite) {
    std::string vert = withDefine(shaders::kKoiVert, "KOI_LITE"), frag = withDefine(shaders::kKoiFrag, "KOI_LITE");
    k->id = linkProgram(vert.c_str(), frag.c_str(), log);
  } else {
    k->id = linkProgram(shaders::kKoiVert, shaders::kKoiFrag, log);
  }
  if (!k->id) return false;
  GLuint p = k->id;
  // Each per-frame uniform's location, into its field.
  static constexpr struct {
    int KoiProgram::*at;
    const char* name;
  } kUniforms[] = {
      {&KoiProgram::uWorld, "u_world"},     {&KoiProgram::uPixels, "u_pixels"}, {&KoiProgram::uTime, "u_time"},
      {&KoiProgram::uBase, "u_base"},       {&KoiProgram::uPatch, "u_patch"},   {&KoiProgram::uInk, "u_ink"},
      {&KoiProgram::uFin, "u_fin"},         {&KoiProgram::uWater, "u_water"},   {&KoiProgram::uGlow, "u_glow"},
      {&KoiProgram::uOpacity, "u_opacity"}, {&KoiProgram::uStrip, "u_strip"},   {&KoiProgram::uProfile, "u_profile"}};
  for (const auto& u : kUniforms) k->*u.at = glGetUniformLocation(p, u.name);
  // Constant for the program's life: samplers and the ribbon profile.
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "u_shape"), kShapeUnit);
  glUniform1i(glGetUniformLocation(p, "u_pattern"), kPatternUnit);
  glUniform1i(glGetUniformLocation(p, "u_fish"), kFishUnit);
  glUseProgram(0);
  return true;
}

bool FishRenderer::init(std::string* log) {
  bake_ = &sharedKoiBake();  // once a process; kept for a context restore
  const KoiBake& bake = *bake_;
  if (!linkKoi(&full_, false, log)) return (*log = "koi " + *log, false);
  if (!linkKoi(&lite_, true, log)) return (*log = "koi (lite) " + *log, false);

  shapeTexture_ = makeTexture(GL_RGBA8, GL_RGBA, kShapeW, kShapeH, bake.shape.data());
  patternTexture_ =
      makeTexture(GL_RG8, GL_RG, kPatternTileW * kPatternTilesX, kPatternTileH * kPatternTilesY, bake.pattern.data());
  glBindTexture(GL_TEXTURE_2D, 0);

  // The koi draw without vertex attributes (gl_VertexID), but WebGL2 still wants a vertex array.
  glGenVertexArrays(1, &vao_);
  fishCapacity_ = 0;
  ensureCapacity(kMinInstanceCapacity);

  if (glGetError() != GL_NO_ERROR) return (*log = "GL error while creating the koi buffers", false);
  return true;
}

void FishRenderer::dropContext() {
  // The context is gone with everything in it: forget the names, keep the CPU-side arrays.
  full_ = KoiProgram();
  lite_ = KoiProgram();
  shapeTexture_ = patternTexture_ = 0;
  vao_ = fishTexture_ = 0;
  fishCapacity_ = 0;
}

void FishRenderer::release() {
  if (full_.id) glDeleteProgram(full_.id);
  if (lite_.id) glDeleteProgram(lite_.id);
  GLuint textures[3] = {shapeTexture_, patternTexture_, fishTexture_};
  glDeleteTextures(3, textures);  // zero names are ignored
  if (vao_) glDeleteVertexArrays(1, &vao_);
  dropContext();
}

// Capacity in whole texture rows, grown by doubling (S-REN-1); the fish texture is reallocated only then.
void FishRenderer::ensureCapacity(int n) {
  if (n <= fishCapacity_ && fishTexture_) return;
  int capacity = std::max(kMinInstanceCapacity, fishCapacity_);
  while (capacity < n) capacity *= 2;
  if (staging_.size() < size_t(capacity) * kInstanceFloats) staging_.resize(size_t(capacity) * kInstanceFloats);
  if (fishTexture_) glDeleteTextures(1, &fishTexture_);
  glGenTextures(1, &fishTexture_);
  glBindTexture(GL_TEXTURE_2D, fishTexture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32UI, kFishPerRow * kFishTexels, capacity / kFishPerRow);
  glBindTexture(GL_TEXTURE_2D, 0);
  fishCapacity_ = capacity;
}

void FishRenderer::fillInstances(const School& school, const RenderView& view) {
  const FishArrays& f = school.fish();
  const int n = order_.count();
  const int* idx = order_.indices();
  const float size = kBaseLength * clampf(finiteOr(view.fishSize, 1.0f), 0.05f, 20.0f);
  const float invMaxSpeed = 1.0f / std::max(float(school.params().maxSpeed), 1.0f);
  float* out = staging_.data();
  for (int k = 0; k < n; ++k, out += kInstanceFloats) {
    const int i = idx[k];
    const uint32_t kind = f.species[i] < kMaxSpecies ? f.species[i] : 0;  // S-ECO-3: its size and palette
    const float depth = clampf(finiteOr(f.depth[i], 1.0f), 0.0f, 1.0f);
    const float speed = std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i]);
    const float phase = f.tailPhase[i];  // the school keeps it in [0, 2pi)
    out[0] = f.x[i];
    out[1] = f.y[i];
    out[2] = f.hx[i];
    out[3] = f.hy[i];
    out[4] = size * kSpeciesTraits[kind].size * (kBackScale + (kFrontScale - kBackScale) * depth);
    out[5] = finiteOr(phase, 0.0f);
    out[6] = clampf(finiteOr(f.turn[i], 0.0f) * kBendPerTurn, -kMaxBend, kMaxBend);
    // S-SIM-15 the state's gait: a sprint or a startle beats the tail harder, a hover is fins only (a still tail,
    // pectoral fins spread and paddling).
    const float gait = clampf(finiteOr(f.tailMul[i], 1.0f), 0.0f, 3.0f);
    out[7] = finiteOr(speed, 0.0f) * gait;  // px/s; the shader turns it into the tail amplitude
    std::memcpy(&out[8], &f.pattern[i], sizeof(uint32_t));
    out[9] = depth;
    out[10] = clampf(speed * invMaxSpeed * (gait < 1.0f ? gait : 1.0f), 0.0f, 1.0f);
    std::memcpy(&out[11], &kind, sizeof(uint32_t));
  }
}

void FishRenderer::useKoi(const KoiProgram& k, const RenderView& view, const WorldToPixels& map, float time) {
  const int first = paletteIndex(view.palette);
  const Palette& pal = kPalettes[first];
  glUseProgram(k.id);
  glUniform3f(k.uWorld, map.scale, map.offsetX, map.offsetY);
  glUniform2f(k.uPixels, float(view.pixelWidth), float(view.pixelHeight));
  glUniform1f(k.uTime, time);
  // S-ECO-3: species k wears palette (palette + k) mod 4, slot k of the arrays; koi.frag picks the fish's slot, so
  // every kind still draws in the tier's one call.
  float colours[4][kMaxSpecies * 3], glow[kMaxSpecies];
  for (int kind = 0; kind < kMaxSpecies; ++kind) {
    const Palette& own = kPalettes[(first + kind) % kPaletteCount];
    for (int c = 0; c < 3; ++c) {
      colours[0][kind * 3 + c] = own.base[c];
      colours[1][kind * 3 + c] = own.patch[c];
      colours[2][kind * 3 + c] = own.ink[c];
      colours[3][kind * 3 + c] = own.fin[c];
    }
    glow[kind] = own.glow;
  }
  glUniform3fv(k.uBase, kMaxSpecies, colours[0]);
  glUniform3fv(k.uPatch, kMaxSpecies, colours[1]);
  glUniform3fv(k.uInk, kMaxSpecies, colours[2]);
  glUniform3fv(k.uFin, kMaxSpecies, colours[3]);
  glUniform1fv(k.uGlow, kMaxSpecies, glow);
  const float* waterMid = view.water ? waterTop(pal, view.lightWater ? WaterTone::Light : WaterTone::Deep) : pal.base;
  glUniform4f(k.uWater, waterMid[0], waterMid[1], waterMid[2], view.water ? 1.0f : 0.0f);
  glUniform1f(k.uOpacity, clampf(finiteOr(view.opacity, 0.55f), 0.0f, 1.0f));
}

bool FishRenderer::prepare(const School& school, const RenderView& view, const WorldToPixels& map, float time,
                           bool lift) {
  const int n = school.count();
  if (!full_.id || n <= 0) return false;
  const float worldH = float(school.params().height);
  view_ = &view;
  map_ = map;
  time_ = time;
  ensureCapacity(n);
  const FishArrays& f = school.fish();
  order_.build(f.y.data(), f.depth.data(), n, worldH);
  // S-CHO-3: a fish landed on a static formation is drawn at its target as a cell (formation_renderer.h), not a koi.
  const FormationState& form = school.formation();
  if (form.active() && form.isStatic() && form.settled.size() == size_t(n)) {
    order_.drop(form.settled.data());
    if (lift && form.plate()) {  // S-CHO-4: the fish with a module still to reach fly over the plate
      if (lifted_.size() < size_t(n)) lifted_.resize(std::max(size_t(n), lifted_.size() * 2));
      for (int i = 0; i < n; ++i) lifted_[size_t(i)] = form.targetOf[size_t(i)] >= 0 ? 1 : 0;
      order_.lift(lifted_.data());
    }
  }
  fillInstances(school, view);
  // One upload: the rows holding the n fish (the staging array always holds whole rows).
  glActiveTexture(GL_TEXTURE0 + kFishUnit);
  glBindTexture(GL_TEXTURE_2D, fishTexture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kFishPerRow * kFishTexels, (n + kFishPerRow - 1) / kFishPerRow,
                  GL_RGBA_INTEGER, GL_UNSIGNED_INT, staging_.data());

  glActiveTexture(GL_TEXTURE0 + kShapeUnit);
  glBindTexture(GL_TEXTURE_2D, shapeTexture_);
  glActiveTexture(GL_TEXTURE0 + kPatternUnit);
  glBindTexture(GL_TEXTURE_2D, patternTexture_);
  glActiveTexture(GL_TEXTURE0);

  // Detail per tier (RenderView::detail): at 1 the back tier is always cheap, the front tier when even its
  // largest fish is under kSmallFishPx device px long. Per tier, so each tier stays one draw in y order.
  const int detail = view.detail < 0 ? 0 : (view.detail > 2 ? 2 : view.detail);
  // The largest species sets the strip (finer strips for bigger fish).
  const float sizePx = kBaseLength * clampf(finiteOr(view.fishSize, 1.0f), 0.05f, 20.0f) * map.scale *
                       largestSpecies(int(school.params().species));
  tiers_ = Tiers{{sizePx * (kBackScale + (kFrontScale - kBackScale) * kFrontDepth), sizePx * kFrontScale},
                 {detail <= 1, detail == 0 || (detail == 1 && sizePx * kFrontScale < kSmallFishPx)}};
  return true;
}

int FishRenderer::draw(int pass) {
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);  // premultiplied alpha
  const int lower = order_.lowerCount();
  const int draws = pass == 0 ? drawTiers(0, order_.backCount(), lower)
                              : drawTiers(lower, order_.topBackCount(), order_.count() - lower);
  glBindVertexArray(0);
  return draws;
}

// One draw per depth tier for the `count` fish from `first` of the draw order, `back` of them in the back tier.
int FishRenderer::drawTiers(int first, int back, int count) {
  const Tiers& l = tiers_;
  const RenderView& view = *view_;
  const WorldToPixels& map = map_;
  const float time = time_;
  const int runs[2][2] = {{first, back}, {first + back, count - back}};
  int draws = 0;
  glBindVertexArray(vao_);
  const KoiProgram* current = nullptr;
  for (int k = 0; k < 2; ++k) {
    if (runs[k][1] <= 0) continue;
    const KoiProgram& program = l.lite[k] ? lite_ : full_;
    if (current != &program) {
      useKoi(program, view, map, time);
      current = &program;
    }
    int strip = 0;
    while (strip < kStrips - 1 && l.px[k] < kStripMinPx[strip]) ++strip;
    if (l.lite[k] && strip == 0) strip = 1;  // the cheap koi never needs the finest strip
    const int stripVertices = (kStripSegments[strip] + 1) * 2;
    glUniform3i(program.uStrip, runs[k][0], kStripSegments[strip], stripVertices);
    glUniform2fv(program.uProfile, kProfileN, bake_->profile.data() + size_t(strip) * kProfileN * 2);
    // Each fish: its strip with the first and last vertex repeated (degenerate joins to the next fish).
    glDrawArrays(GL_TRIANGLE_STRIP, 0, runs[k][1] * (stripVertices + 2));
    ++draws;
  }
  return draws;
}

}  // namespace mirofish
