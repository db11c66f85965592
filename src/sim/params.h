// The one parameter table: defaults, ranges, units, hash keys, CLI flags and JS options all come from here.
#pragma once

#include <cmath>
#include <cstddef>
#include <string>

#include "base/warnings.h"

namespace mirofish {

// Page: the page owner's own settings (data-*, mount options, set()). A link never reads or writes them, so a
// shared hash cannot lift the page's ceilings (S-COST-3); the CLI accepts them and ignores them.
enum class ParamGroup { Sim, Pointer, View, Page };

// X(field, hashKey, unit, default, min, max, integer, group, values, help): values names an option's values in
// order, "auto|high|low" for 0, 1, 2 (the JS options and the types take these names), "" for a plain number.
// Order is the fixed order of the URL hash. Units: px, px/s, px/s^2, s, rad/s, deg.
#define MIROFISH_PARAMS(X)                                                                                             \
  X(fish, "n", "count", 200, 0, 100000, true, Sim, "", "number of fish")                                               \
  X(seed, "seed", "-", 1, 0, 4294967295.0, true, Sim, "", "random seed: same seed, same school")                       \
  X(width, "w", "px", 1600, 100, 100000, false, Sim, "", "world width (scaled to fit the page)")                       \
  X(height, "h", "px", 900, 100, 100000, false, Sim, "", "world height")                                               \
  X(sepRadius, "rsep", "px", 22, 1, 400, false, Sim, "", "separation radius")                                          \
  X(aliRadius, "rali", "px", 48, 1, 400, false, Sim, "", "alignment radius")                                           \
  X(cohRadius, "rcoh", "px", 60, 1, 400, false, Sim, "", "cohesion radius")                                            \
  X(sepWeight, "wsep", "-", 1.6, 0, 10, false, Sim, "", "separation weight")                                           \
  X(aliWeight, "wali", "-", 1.0, 0, 10, false, Sim, "", "alignment weight")                                            \
  X(cohWeight, "wcoh", "-", 0.8, 0, 10, false, Sim, "", "cohesion weight")                                             \
  X(maxSpeed, "vmax", "px/s", 90, 1, 1000, false, Sim, "", "top cruising speed")                                       \
  X(minSpeed, "vmin", "px/s", 20, 0, 1000, false, Sim, "", "fish never swim slower than this")                         \
  X(maxForce, "fmax", "px/s^2", 140, 1, 5000, false, Sim, "", "steering force limit (~1.5-2 x vmax)")                  \
  X(turnRate, "turn", "rad/s", 5, 0.1, 50, false, Sim, "", "maximum turn rate")                                        \
  X(smoothing, "smooth", "steps", 4, 1, 8, true, Sim, "", "steering averaged over this many steps")                    \
  X(variation, "vary", "-", 0.1, 0, 0.5, false, Sim, "", "per-fish spread of speed and force (+-)")                    \
  X(turnSlowdown, "tslow", "-", 0.5, 0, 0.9, false, Sim, "", "speed cap drop at the full turn rate")                   \
  X(fov, "fov", "deg", 360, 0, 360, false, Sim, "", "field of view (270: 90 deg blind spot behind)")                   \
  X(edgeMargin, "edge", "px", 80, 0, 2000, false, Sim, "", "soft wall starts this far from the edge")                  \
  X(edgeForce, "fedge", "px/s^2", 600, 0, 5000, false, Sim, "", "inward push at the very edge")                        \
  X(edgeDamping, "edamp", "1/s", 2, 0, 20, false, Sim, "", "damping of outward speed near the edge")                   \
  X(wander, "wander", "-", 0.15, 0, 2, false, Sim, "", "gentle random turning (x fmax)")                               \
  X(neighbourCap, "cap", "count", 0, 0, 10000, true, Sim, "", "only the nearest this many neighbours count; 0 = all")  \
  X(sprintEvery, "sprint", "s", 30, 0, 3600, false, Sim, "", "a fish sprints about once this often; 0 = never")        \
  X(frightEvery, "fright", "s", 900, 0, 36000, false, Sim, "",                                                         \
    "a fish takes fright at nothing about once this often; 0 = never")                                                 \
  X(hoverTime, "hover", "s", 2.5, 0, 30, false, Sim, "", "a hover lasts about this long; 0 = fish never hover")        \
  X(depthSpeed, "dspeed", "-", 0.9, 0.2, 1, false, Sim, "", "speed of the back tier's fish (x the front's)")           \
  X(current, "cur", "-", 0.15, 0, 2, false, Sim, "", "current across the water (x fmax)")                              \
  X(currentScale, "cscale", "px", 700, 200, 20000, false, Sim, "", "width of one band of the current")                 \
  X(currentPeriod, "ctime", "s", 60, 1, 3600, false, Sim, "", "the current's bands drift one wave in this long")       \
  X(attractors, "na", "count", 2, 0, 3, true, Sim, "", "drifting points of interest")                                  \
  X(attractWeight, "wa", "-", 0.7, 0, 5, false, Sim, "", "pull toward the nearest point of interest (x fmax)")         \
  X(attractRadius, "ra", "px", 240, 0, 5000, false, Sim, "",                                                           \
    "the school circles inside this (the pull lets go at half)")                                                       \
  X(attractPeriod, "ta", "s", 60, 5, 3600, false, Sim, "", "a point of interest crosses the page in about this long")  \
  X(obstacleWeight, "wobs", "-", 4, 0, 20, false, Sim, "", "push away from an obstacle at its outline (x fmax)")       \
  X(obstacleMargin, "mobs", "px", 64, 1, 500, false, Sim, "", "obstacles push fish closer than this (soft margin)")    \
  X(predator, "pred", "-", 0, 0, 1, true, Sim, "", "1: a predator hunts the school (0 sends it away)")                 \
  X(predatorRadius, "rpred", "px", 150, 0, 1000, false, Sim, "", "fish this close to the predator flee and startle")   \
  X(predatorWeight, "wpred", "-", 4, 0, 20, false, Sim, "", "flight from the predator (x fmax)")                       \
  X(predatorSpeed, "vpred", "-", 1.6, 0.5, 4, false, Sim, "", "the predator's top speed (x vmax)")                     \
  X(species, "species", "count", 1, 1, 3, true, Sim, "", "kinds of fish sharing the pond (size, speed, colours)")      \
  X(crossSpecies, "xsp", "-", 0.25, 0, 1, false, Sim, "", "alignment and cohesion toward other species (x own)")       \
  X(pointerRadius, "prad", "px", 90, 0, 1000, false, Pointer, "", "pointer avoidance radius")                          \
  X(pointerWeight, "pw", "-", 1.5, 0, 10, false, Pointer, "", "pointer repulsion (x fmax)")                            \
  X(pointerSmoothing, "ptau", "s", 0.12, 0, 2, false, Pointer, "", "virtual cursor time constant")                     \
  X(panicTime, "panic", "s", 0.5, 0, 5, false, Pointer, "", "panic after a scare or the pointer")                      \
  X(panicCohesion, "pcoh", "-", 0.3, 0, 1, false, Pointer, "", "cohesion factor while panicked")                       \
  X(panicSpeed, "pspeed", "-", 1.5, 1, 4, false, Pointer, "", "speed cap factor while panicked")                       \
  X(scareRadius, "srad", "px", 120, 0, 2000, false, Pointer, "", "a click scares fish this close")                     \
  X(scareTime, "stime", "s", 3, 0, 30, false, Pointer, "", "a scare lasts this long")                                  \
  X(scareWeight, "sw", "-", 3, 0, 20, false, Pointer, "", "scare repulsion (x fmax)")                                  \
  X(startleSpread, "spread", "-", 0.75, 0, 0.95, false, Pointer, "", "share of a startle a fish passes to neighbours") \
  X(startleDelay, "sdelay", "s", 0.08, 0.016, 1, false, Pointer, "", "a neighbour startles this much later")           \
  X(click, "click", "-", 0, 0, 1, true, Pointer, "feed|scare", "a click or tap feeds (0) or scares (1)")               \
  X(feedRadius, "frad", "px", 220, 0, 2000, false, Pointer, "", "fish this close turn to a pellet")                    \
  X(pelletTime, "ptime", "s", 8, 1, 60, false, Pointer, "", "a pellet sinks out of reach after this long")             \
  X(opacity, "op", "-", 0.55, 0, 1, false, View, "", "fish opacity over the page")                                     \
  X(palette, "pal", "-", 0, 0, 3, true, View, "koi|goldfish|ink|neon", "0 koi, 1 goldfish, 2 ink, 3 neon")             \
  X(water, "water", "-", 0, 0, 1, true, View, "", "1 fills the canvas with water colour")                              \
  X(ripple, "rip", "-", 1, 0, 2, false, View, "", "ripples on the water: clicks, food, startles; 0 = none")            \
  X(fishSize, "size", "-", 1, 0.2, 4, false, View, "", "fish size scale")                                              \
  X(idleFps, "idle", "fps", 20, 1, 60, false, View, "",                                                                \
    "frame rate while a visitor rests or the pointer is away, at most half the running one; set at or above that, "    \
    "the full rate")                                                                                                   \
  X(maxDpr, "dpr", "-", 2, 0.5, 4, false, View, "", "cap on devicePixelRatio")                                         \
  X(reducedMotion, "rm", "-", 1, 0, 1, true, View, "", "1 honours prefers-reduced-motion")                             \
  X(perf, "perf", "-", 0, 0, 1, true, View, "", "1 shows the performance overlay")                                     \
  X(maxFish, "maxn", "count", 1000, 0, 100000, true, Page, "",                                                         \
    "most fish a link may ask for (default: 1000 or the page's fish)")                                                 \
  X(maxSeek, "maxt", "s", 600, 0, 3600, false, Page, "", "longest t= seek a link may ask for")                         \
  X(quality, "q", "-", 0, 0, 2, true, Page, "auto|high|low",                                                           \
    "auto (0) steps down to hold its frame budget; high (1); low (2)")                                                 \
  X(budget, "budget", "ms", 6, 1, 50, false, Page, "", "render ms per frame auto quality may spend")                   \
  X(maxFps, "fps", "fps", 60, 1, 240, false, Page, "", "most frames drawn per second (the sim steps at 60 Hz)")        \
  X(antialias, "aa", "-", 0, 0, 1, true, Page, "", "1 asks the browser for MSAA (edges are smoothed without it)")      \
  X(layer, "layer", "-", 0, 0, 2, true, Page, "behind|back|element",                                                   \
    "behind (0): under the page; back (1): z-index 0; element (2): host untouched")                                    \
  X(density, "dens", "fish/Mpx", 0, 0, 2000, false, Page, "",                                                          \
    "fish per million CSS px of viewport instead of n; 0 = off")                                                       \
  X(controls, "controls", "-", 0, 0, 4, true, Page, "off|bottom-right|bottom-left|top-right|top-left",                 \
    "a pause/play button in this corner of the layer; true = bottom-right")                                            \
  X(waterTone, "tone", "-", 0, 0, 2, true, Page, "auto|light|deep",                                                    \
    "the water's tone (water=1): auto keeps the page's text at 4.5:1 or more, following its colour scheme")

enum class ParamId : int {
#define MIROFISH_ENUM(field, ...) field,
  MIROFISH_PARAMS(MIROFISH_ENUM)
#undef MIROFISH_ENUM
};

struct ParamInfo {
  const char* name;  // JS option / data-* attribute / CLI flag (--name)
  const char* key;   // URL-hash key
  const char* unit;
  double def, min, max;
  bool integer;
  ParamGroup group;
};

inline constexpr ParamInfo kParamInfo[] = {
#define MIROFISH_INFO(field, key, unit, def, lo, hi, integer, group, values, help) \
  {#field, key, unit, double(def), double(lo), double(hi), integer, ParamGroup::group},
    MIROFISH_PARAMS(MIROFISH_INFO)
#undef MIROFISH_INFO
};
// Each parameter's one-line help, in table order. Apart from ParamInfo so that only what shows it (the CLI, the
// studio's core) carries the text: the page's bundle never reads it (1.4 KB gzipped of the 100 KB gate).
inline constexpr const char* kParamHelp[] = {
#define MIROFISH_HELP(field, key, unit, def, lo, hi, integer, group, values, help) help,
    MIROFISH_PARAMS(MIROFISH_HELP)
#undef MIROFISH_HELP
};
// Each parameter's value names, in table order (the values column): "auto|high|low" names the values 0, 1, 2; ""
// for a plain number. Apart from ParamInfo as the help is: only what reads names (the CLI's flags) carries them.
inline constexpr const char* kParamValues[] = {
#define MIROFISH_VALUES(field, key, unit, def, lo, hi, integer, group, values, help) values,
    MIROFISH_PARAMS(MIROFISH_VALUES)
#undef MIROFISH_VALUES
};
constexpr int kParamCount = int(sizeof(kParamInfo) / sizeof(kParamInfo[0]));

// How a control shows a parameter (the studio's panel, the site's configurator): Linear, a slider over the range;
// Log, a slider over the logarithm (counts, sizes, speeds and times whose range is far wider than their usual
// values; a range from 0 keeps 0 at its left end); Seed, a number box with a "new seed" button; Box, a number box
// alone (the world's size, which a page takes from its viewport). The simulation never reads it. Listed apart from
// the table's rows, which stay as they are: a parameter not named here is Linear.
enum class ParamScale { Linear, Log, Seed, Box };
// clang-format off
#define MIROFISH_PARAM_SCALES(X)                                                                                      \
  X(fish, Log) X(seed, Seed) X(width, Box) X(height, Box)                                                             \
  X(sepRadius, Log) X(aliRadius, Log) X(cohRadius, Log) X(maxSpeed, Log) X(minSpeed, Log) X(maxForce, Log)           \
  X(turnRate, Log) X(edgeMargin, Log) X(edgeForce, Log) X(neighbourCap, Log) X(sprintEvery, Log)                      \
  X(frightEvery, Log) X(currentScale, Log) X(currentPeriod, Log) X(attractRadius, Log) X(attractPeriod, Log)          \
  X(predatorRadius, Log) X(pointerRadius, Log) X(scareRadius, Log) X(startleDelay, Log) X(feedRadius, Log)            \
  X(pelletTime, Log) X(maxFish, Log) X(budget, Log) X(density, Log)
// clang-format on

constexpr ParamScale paramScale(ParamId id) {
  switch (id) {
#define MIROFISH_SCALE(field, scale) \
  case ParamId::field: return ParamScale::scale;
    MIROFISH_PARAM_SCALES(MIROFISH_SCALE)
#undef MIROFISH_SCALE
    default: return ParamScale::Linear;
  }
}

// Every value is held quantized to what the hash carries (3 decimals, integers whole),
// so params -> hash -> params is the identity.
struct Params {
#define MIROFISH_FIELD(field, key, unit, def, ...) double field = double(def);
  MIROFISH_PARAMS(MIROFISH_FIELD)
#undef MIROFISH_FIELD

  double get(ParamId id) const;
  double& ref(ParamId id);
};

// A named option's value by name ("high" -> 1 for quality, from the table's values column); false, *value untouched,
// when the parameter has no such name.
bool paramValueByName(ParamId id, const std::string& name, double* value);

// Outcome of setting one value at an edge (hash, CLI, JS); crosses to JS as an Embind enum (Module.ParamStatus).
enum class ParamStatus { Ok, Clamped, NotFinite, Unknown };

int findParam(const std::string& nameOrKey);  // -1 when neither a name nor a key
// The one number grammar of every edge (hash, CLI): [+-]digits[.digits][e[+-]digits], at most kMaxNumberLength (32)
// characters.
// No hex, "nan", "inf" or spaces; 1e999 parses to inf, which setParam then rejects.
bool parseDecimal(const std::string& text, double* out);
// parseDecimal, and finite: the tools' numbers (the CLI's flags, a sweep's --vary and --seeds).
inline bool parseStrictNumber(const std::string& text, double* out) {
  return parseDecimal(text, out) && std::isfinite(*out);
}
double quantize(const ParamInfo& info, double v);
// Validates, clamps and quantizes; on anything but Ok, *warning gets one named warning (ParamNotFinite,
// ParamClamped) with its sentence.
ParamStatus setParam(Params& p, ParamId id, double value, Warning* warning);
// "sim", "pointer", "view" or "page": the group's name in the JS table and the CLI's JSON.
const char* groupName(ParamGroup g);
const char* scaleName(ParamScale s);  // "linear", "log", "seed", "box"
// False for the page owner's own settings (ParamGroup::Page), which a URL hash never carries.
constexpr bool inHash(const ParamInfo& info) { return info.group != ParamGroup::Page; }
// Every value inside its table range, non-finite ones at their default (no warnings: the edges give those). What the
// School holds, whoever built the Params (smoothing=0 would divide by zero).
Params withinRange(const Params& p);
// "default" or "tuned" (S-SIM-2); false for an unknown name.
bool applyPreset(Params& p, const std::string& name);
// A sprint's speed cap, x maxSpeed (S-SIM-15; the step's gait table uses it too).
constexpr float kSprintSpeedFactor = 1.8f;
// The fastest a fish can swim, x maxSpeed x (1 + variation): a sprint or a startle (panicSpeed), of the quickest kind.
double topSpeedFactor(const Params& p);
// Sim-only sanity (S-SIM-13): empty when fine, else a warning sentence.
std::string sanityWarning(const Params& p);

}  // namespace mirofish
