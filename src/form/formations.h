// Formations as targets over time (S-CHO-1, S-CHO-2) and the static layouts a school lands as (S-CHO-4).
// "The scene says where the fish go, the physics says how they get there": these functions only say where; the
// school's spring-steered stepper (landing.h's springs) pulls each fish to its target. Deterministic: det_math's
// sin/cos, no libm trig, so native and wasm give the same bits.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "form/bitmap_font.h"
#include "form/qr_encoder.h"

namespace mirofish {

enum class FormationKind : uint8_t { None, Ring, Rings, Infinity, Vortex, Frame, Qr, Text, Logo };
const char* formationName(FormationKind kind);  // "ring", "qr", ... as in the hash
bool isMovingFormation(FormationKind kind);     // ring, rings, infinity, vortex, frame: targets move with time

// What a school lands on (S-CHO): a kind and, for qr and text, its bytes. Its text syntax (form= in a hash, the
// CLI's --form) is the link floor's (link/form_spec.h).
struct FormSpec {
  FormationKind kind = FormationKind::None;  // None: no formation (bad or empty input, with a warning)
  std::string text;                          // qr and text: the decoded bytes (UTF-8 as given)
};

// Where a formation is drawn, in world px: its centre and the half side of the square it fills.
struct FormationArea {
  float cx = 0, cy = 0, radius = 0;
};
// The world's middle, radius 0.4 x the smaller side (the ring's breathing and the frame stay inside the world).
FormationArea worldArea(float width, float height);

// Moving formations. `t` is seconds since the formation began; fish i of n gets target (x[i], y[i]). Called per
// step: no allocation, O(n). n <= 0 does nothing.
// A ring of radius 0.8 r breathing +-8 % every 4 s, turning slowly (0.15 rad/s).
void ringTargets(const FormationArea& a, float t, int n, float* x, float* y);
// Three rings (0.35 r, 0.62 r, 0.9 r), fish shared by circumference, turning in alternate directions, their
// centres circling each other slowly.
void ringsTargets(const FormationArea& a, float t, int n, float* x, float* y);
// An infinity sign (lemniscate of Bernoulli reaching 1.5 r left and right of the centre, 0.53 r up and down) along
// which the fish stream at 0.35 rad/s. Wider than tall: in a portrait world pass a smaller area.
void infinityTargets(const FormationArea& a, float t, int n, float* x, float* y);
// A slow noisy vortex filling the area (sunflower spacing, faster inside, each fish's radius and angle wobbling
// on its own slow phase).
void vortexTargets(const FormationArea& a, float t, int n, float* x, float* y);
// A square frame just outside the area that spirals in: rotated by 2.2 k and scaled by 1 + k around the centre,
// k = frameEase(t) going 1 -> 0 over kFrameSeconds; once in place its fish circle along the frame.
void frameTargets(const FormationArea& a, float t, int n, float* x, float* y);
constexpr float kFrameSeconds = 3.0f;
constexpr float kFrameTurn = 2.2f;  // rad, about 126 degrees
float frameEase(float t);           // k: 1 at t = 0, 0 from kFrameSeconds on, smooth in between
// `vortex` is the seed's gathering beat: the fish fill the vortex and the extra ones (this many of n: a quarter)
// line the spiralling frame.
int vortexFrameCount(int n);
// Any moving kind (vortex = vortex + frame extras as above); other kinds do nothing.
void formationTargets(FormationKind kind, const FormationArea& a, float t, int n, float* x, float* y);

// A static formation laid out in the world: one target per dark cell (module, glyph pixel), cells of an integer
// number of px on integer-px origins, so a code's modules land on whole pixels.
struct TargetLayout {
  std::vector<float> x, y;       // target centres, world px
  std::vector<uint8_t> solid;    // 1 for QR finder modules: drawn as solid patterns, not as separate squares
  int cell = 0;                  // px per cell
  int cols = 0, rows = 0;        // grid including the margin
  int originX = 0, originY = 0;  // top-left of the grid (the plate), px
  int count() const { return int(x.size()); }
  // The light backdrop plate: the whole grid, quiet zone included.
  int plateWidth() const { return cols * cell; }
  int plateHeight() const { return rows * cell; }
};

// A QR code: 4-module quiet zone, the largest whole-px module for which the plate fits 80 % of the smaller side.
// False (with the reason) when the world is too small for 1-px modules.
bool layoutQr(const QrCode& code, float width, float height, TargetLayout* out, std::string* why);
// Text or logo cells: a one-cell margin, at most 80 % of the world's width and 60 % of its height, cells at most
// kMaxTextCellPx (a fish per cell: farther apart, letters stop reading as letters).
constexpr int kMaxTextCellPx = 14;
bool layoutCells(const CellList& cells, float width, float height, TargetLayout* out, std::string* why);

// A static formation (qr, text) from its spec: the text encoded as a QR code or set in the font, then laid out in a
// width x height world; false with the reason when it cannot be encoded or does not fit. The one dispatch from a
// spec to a layout, for the school's landing and the CLI's form command (which reads *code or *cells, if given).
bool layoutStatic(const FormSpec& spec, float width, float height, TargetLayout* out, std::string* why,
                  QrCode* code = nullptr, CellList* cells = nullptr);

}  // namespace mirofish
