// The studio's own small WebAssembly module, carried by mirofish-studio.js: the teaching view's inspection of a fish
// and the metrics CSV's lines, computed by the simulation's own code (sim/inspect, sim/metrics_csv) on a copy of the
// page school's parameters and arrays, which the studio copies in. So the page's bundle carries none of it. Plain
// exports, no Embind and no Emscripten glue: web/studio/core.js instantiates it (standalone wasm) and reads its memory.
#include <cstring>
#include <string>
#include <vector>

#include "render/core/view_transform.h"
#include "sim/inspect.h"
#include "sim/metrics_csv.h"
#include "sim/params.h"
#include "web/studio_arrays.h"

#define STUDIO_EXPORT(name) extern "C" __attribute__((export_name(#name), used))

namespace mirofish {
namespace {

// studio_inspect()'s numbers, in this order, each with the name web/studio/core.js gives it (it reads the names from
// studio_field_name(), so the order lives here alone), then kLinks neighbours, each id * 8 + rule bits (kRuleSep 1,
// kRuleAli 2, kRuleCoh 4; exact in a float below 2^24).
#define MIROFISH_STUDIO_FIELDS(X)                                                           \
  X(kCell, cell) /* the grid: cell size px, columns, rows */                                \
  X(kCols, cols)                                                                            \
  X(kRows, rows)                                                                            \
  X(kFish, fish) /* the fish inspected; -1 for none (then nothing more is filled) */        \
  X(kX, x)       /* px */                                                                   \
  X(kY, y)                                                                                  \
  X(kVX, vx) /* px/s */                                                                     \
  X(kVY, vy)                                                                                \
  X(kHX, hx) /* unit heading */                                                             \
  X(kHY, hy)                                                                                \
  X(kSepN, sepN) /* per rule: neighbours that count, then the force, px/s^2 */              \
  X(kSepX, sepX)                                                                            \
  X(kSepY, sepY)                                                                            \
  X(kAliN, aliN)                                                                            \
  X(kAliX, aliX)                                                                            \
  X(kAliY, aliY)                                                                            \
  X(kCohN, cohN)                                                                            \
  X(kCohX, cohX)                                                                            \
  X(kCohY, cohY)                                                                            \
  X(kCentroidX, cx) /* px */                                                                \
  X(kCentroidY, cy)                                                                         \
  X(kLimit, limit)           /* px/s^2: the fish's force limit */                           \
  X(kPanicked, panicked)     /* 1 or 0 */                                                   \
  X(kGridChecks, gridChecks) /* the distance checks the grid makes for this fish */         \
  X(kBehaviour, behaviour)   /* FishInspection::behaviour: -1 when no states were copied */ \
  X(kLinks, links)           /* neighbours that follow */

#define MIROFISH_STUDIO_FIELD(id, name) id,
enum StudioField { MIROFISH_STUDIO_FIELDS(MIROFISH_STUDIO_FIELD) kFields };
#undef MIROFISH_STUDIO_FIELD
#define MIROFISH_STUDIO_FIELD(id, name) #name,
constexpr const char* kFieldNames[kFields] = {MIROFISH_STUDIO_FIELDS(MIROFISH_STUDIO_FIELD)};
#undef MIROFISH_STUDIO_FIELD

struct Studio {
  double values[kParamCount] = {};  // the page school's parameters, table order
  Params params;
  FishArrays fish;
  NeighbourGrid grid;
  FishInspection inspection;
  std::vector<float> out;
  StepMetrics metrics;  // the page school's last step, copied in byte for byte
  char row[kMetricsCsvRowMax] = {};
  Letterbox<double> view;  // the last studio_view()
  double viewOut[3] = {}, at[2] = {};
  std::string text, header;
};
Studio& studio() {
  static Studio s;
  return s;
}

}  // namespace
}  // namespace mirofish

using namespace mirofish;

// The parameters, kParamCount doubles in table order: the studio writes them, then calls studio_sync().
STUDIO_EXPORT(studio_params) double* studio_params() { return studio().values; }
STUDIO_EXPORT(studio_param_count) int studio_param_count() { return kParamCount; }
// Parameter i's help (the page's table leaves it out: it ships to every visitor, the studio to those who tune).
STUDIO_EXPORT(studio_param_help) const char* studio_param_help(int i) {
  return i >= 0 && i < kParamCount ? kParamHelp[i] : "";
}

// Takes the written parameters (within their ranges, as a School holds them) and shapes the grid as the school's.
STUDIO_EXPORT(studio_sync) void studio_sync() {
  Studio& s = studio();
  for (int i = 0; i < kParamCount; ++i) s.params.ref(ParamId(i)) = s.values[i];
  s.params = withinRange(s.params);
  configureGrid(s.grid, s.params);
}

// C++ applyPreset (sim/params.h) on the parameters, by the name in studio_text(); false for an unknown name.
STUDIO_EXPORT(studio_preset) bool studio_preset() {
  Studio& s = studio();
  studio_sync();
  if (!applyPreset(s.params, s.text.c_str())) return false;
  for (int i = 0; i < kParamCount; ++i) s.values[i] = s.params.get(ParamId(i));
  return true;
}

// Room for `count` fish; returns fish array k (base/constants.h kStudioX .. kStudioForceScale, as Pond::studioArray
// hands them out) to copy into.
STUDIO_EXPORT(studio_fish) float* studio_fish(int count, int k) {
  FishArrays& f = studio().fish;
  f.count = count > 0 ? count : 0;
  for (int a = 0; a < kStudioFishArrays; ++a) {  // all of them, so inspection never reads past one not copied
    std::vector<float>* array = studioFishArray(f, a);
    if (array->size() < size_t(f.count)) array->resize(size_t(f.count));
  }
  std::vector<float>* array = studioFishArray(f, k);
  return array ? array->data() : nullptr;
}

// Room for `count` fish's behaviour states (FishState bytes) to copy into; inspection reports the fish's.
STUDIO_EXPORT(studio_states) uint8_t* studio_states(int count) {
  std::vector<uint8_t>& states = studio().fish.state;
  states.resize(size_t(count > 0 ? count : 0));
  return states.data();
}
// Room for `count` fish's species (S-ECO-3 kinds, bytes) to copy into; without them inspection weighs every
// neighbour as the fish's own kind (as a school of one species does).
STUDIO_EXPORT(studio_species) uint8_t* studio_species(int count) {
  std::vector<uint8_t>& kinds = studio().fish.species;
  kinds.resize(size_t(count > 0 ? count : 0));
  return kinds.data();
}
// A behaviour state's name (cruise, sprint, hover, startle), "" past the last.
STUDIO_EXPORT(studio_state_name) const char* studio_state_name(int k) {
  return k >= 0 && k < kFishStates ? fishStateName(FishState(k)) : "";
}

STUDIO_EXPORT(studio_nearest) int studio_nearest(float x, float y) { return nearestFish(studio().fish, x, y); }

// The koi's letterbox (render/core/view_transform.h) of a worldW x worldH world in a pixelW x pixelH canvas (CSS or
// device px): [scale, offsetX, offsetY]. Kept as the view studio_to_world maps through, so the overlay and a click
// never do this arithmetic in JS.
STUDIO_EXPORT(studio_view) const double* studio_view(double worldW, double worldH, double pixelW, double pixelH) {
  Studio& s = studio();
  s.view = letterbox(worldW, worldH, pixelW, pixelH);
  s.viewOut[0] = s.view.scale;
  s.viewOut[1] = s.view.offsetX;
  s.viewOut[2] = s.view.offsetY;
  return s.viewOut;
}
// A canvas point to world px through the last studio_view(): [x, y].
STUDIO_EXPORT(studio_to_world) const double* studio_to_world(double x, double y) {
  Studio& s = studio();
  s.at[0] = s.view.worldX(x);
  s.at[1] = s.view.worldY(y);
  return s.at;
}

// Fish i inspected (StudioField layout); kFish is -1 when i is not a fish. Valid until the next call.
STUDIO_EXPORT(studio_inspect) float* studio_inspect(int i) {
  Studio& s = studio();
  const bool ok = inspectFish(s.params, s.fish, s.grid, i, &s.inspection);
  const FishInspection& r = s.inspection;
  const size_t links = ok ? r.neighbours.size() : 0;
  s.out.assign(kFields + links, 0.0f);
  float* v = s.out.data();
  v[kCell] = s.grid.cellSize();
  v[kCols] = float(s.grid.cols());
  v[kRows] = float(s.grid.rows());
  v[kFish] = -1;
  if (!ok) return v;
  const float fields[] = {float(r.fish),
                          r.x,
                          r.y,
                          r.vx,
                          r.vy,
                          r.hx,
                          r.hy,
                          float(r.sep.count),
                          r.sep.x,
                          r.sep.y,
                          float(r.ali.count),
                          r.ali.x,
                          r.ali.y,
                          float(r.coh.count),
                          r.coh.x,
                          r.coh.y,
                          r.centroidX,
                          r.centroidY,
                          r.forceLimit,
                          float(r.panicked),
                          float(r.gridChecks),
                          float(r.behaviour),
                          float(links)};
  static_assert(sizeof fields / sizeof fields[0] == kFields - kFish, "StudioField and the list above");
  std::memcpy(v + kFish, fields, sizeof fields);
  for (size_t k = 0; k < links; ++k) v[kFields + k] = float(r.neighbours[k]);
  return v;
}
STUDIO_EXPORT(studio_field_count) int studio_field_count() { return kFields; }
// Field k's name (core.js names the inspection's numbers by them), "" past the last.
STUDIO_EXPORT(studio_field_name) const char* studio_field_name(int k) {
  return k >= 0 && k < kFields ? kFieldNames[k] : "";
}

// The metrics CSV: the studio copies the page school's StepMetrics, its bytes (Pond::studioBytes; both modules are
// built from sim/metrics.h by the same compiler, so the layout is the same, and studio_metrics_size() lets the studio
// check it), into studio_metrics(); studio_csv_row() is then its row. studio_text(n) holds the hash for
// studio_csv_header()'s comment line.
STUDIO_EXPORT(studio_metrics) StepMetrics* studio_metrics() { return &studio().metrics; }
STUDIO_EXPORT(studio_metrics_size) int studio_metrics_size() { return int(sizeof(StepMetrics)); }
STUDIO_EXPORT(studio_csv_row) const char* studio_csv_row() {
  Studio& s = studio();
  metricsCsvRow(s.metrics, s.row);
  return s.row;
}
STUDIO_EXPORT(studio_text) char* studio_text(int bytes) {
  std::string& t = studio().text;
  t.assign(size_t(bytes > 0 ? bytes : 0), '\0');
  return &t[0];
}
STUDIO_EXPORT(studio_csv_header) const char* studio_csv_header() {
  Studio& s = studio();
  s.header = metricsCsvComment(s.text.c_str(), false) + metricsCsvHeader() + "\n";
  return s.header.c_str();
}
