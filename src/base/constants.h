// The facts more than one language needs, in one table (a fact lives in one place). C++ reads the constexpr
// values this file makes of it; the build writes the same rows for the other languages (cmake/constants.cmake
// parses this file, so keep one X(...) per line): constants.glsl, which the koi shaders #include (the
// glsl rows), the JS module constants.mjs with its constants.d.ts (the glsl and js rows), and constants.php (the php
// rows, which scripts/gen-types.mjs copies into the WordPress plugin's includes/look.php; its --check fails on a
// drift), under <build>/generated/constants/.
//   X(name, type, value, where, what): type int, float or text; where glsl (C++, GLSL and JS), js (C++ and JS), php
//   (C++ and the plugin's PHP, a number: kMaxHashLength is MIROFISH_MAX_HASH_LENGTH there) or cpp (C++ only).
#pragma once

// clang-format off
#define MIROFISH_CONSTANTS(X)                                                                                          \
  X(kVersion, text, "0.3.0", js, "the release (package.json), as the bundle reports it")                              \
  X(kSnapshotForeign, text, "it is another school (other parameters or fish count)", js, "a refusal kept quiet")      \
  X(kStepHz, int, 60, js, "simulation steps per simulated second: the fixed step (S-SIM-10)")                         \
  X(kMaxObstacles, int, 64, js, "obstacles a school takes (S-ECO-1); more are dropped with a warning")                \
  X(kMaxPellets, int, 6, js, "food pellets at once (S-INT-4); a further pellet replaces the oldest")                  \
  X(kMaxHashLength, int, 4096, php, "characters of a hash the codec reads; a longer one is cut, with a warning")      \
  X(kMaxNumberLength, int, 32, php, "characters of a number in the one grammar (parseDecimal); more: refused")        \
  X(kDefaultHoldSeconds, float, 10.0f, js, "s a landed formation holds unless told (S-CHO-4 asks >= 5 s)")           \
  X(kStudioX, int, 0, js, "the studio's arrays (Pond::studioArray, handle._studio): 0..7 the fish's floats, x ...")   \
  X(kStudioY, int, 1, js, "... y (world px) ...")                                                                     \
  X(kStudioVX, int, 2, js, "... vx, vy (px/s) ...")                                                                   \
  X(kStudioVY, int, 3, js, "...")                                                                                     \
  X(kStudioHX, int, 4, js, "... hx, hy (unit heading) ...")                                                           \
  X(kStudioHY, int, 5, js, "...")                                                                                     \
  X(kStudioPanic, int, 6, js, "... panic ...")                                                                        \
  X(kStudioForceScale, int, 7, js, "... forceScale")                                                                  \
  X(kStudioFishArrays, int, 8, js, "the fish's float arrays: the studio's first kStudioFishArrays")                   \
  X(kStudioMetrics, int, 8, js, "the studio's array of the last step's StepMetrics, as its bytes")                    \
  X(kStudioStates, int, 9, js, "the studio's array of the fish's behaviour states, a FishState byte each")            \
  X(kStudioArrays, int, 10, js, "the studio's arrays in all: what a studioFrame message carries")                     \
  X(kFishPerRow, int, 256, glsl, "fish per row of the renderer's per-fish texture")                                   \
  X(kFishTexels, int, 3, glsl, "RGBA32UI texels per fish in that texture (pose, motion, look)")                       \
  X(kShapeW, int, 256, cpp, "koi bake: shape field texels along s")                                                   \
  X(kShapeH, int, 128, cpp, "koi bake: shape field texels across")                                                    \
  X(kShapeS0, float, -0.2f, glsl, "koi bake: the shape field spans s in [kShapeS0, kShapeS1] body lengths ...")       \
  X(kShapeS1, float, 1.2f, glsl, "... (0 the snout, 1 the tail-fin tip)")                                             \
  X(kShapeY, float, 0.35f, glsl, "koi bake: ... and y in [-kShapeY, kShapeY] body lengths")                           \
  X(kShapeDistSpan, float, 0.5f, glsl, "koi bake: a distance texel d / kShapeDistSpan + 0.5, lengths")                \
  X(kPatternTileW, int, 64, glsl, "koi bake: patch-noise tile texels along s")                                        \
  X(kPatternTileH, int, 32, glsl, "koi bake: patch-noise tile texels across")                                         \
  X(kPatternTilesX, int, 8, glsl, "koi bake: tiles per atlas row")                                                    \
  X(kPatternTilesY, int, 8, glsl, "koi bake: tile rows")                                                              \
  X(kPatternS0, float, -0.02f, glsl, "koi bake: a tile spans s in [kPatternS0, kPatternS1] ...")                      \
  X(kPatternS1, float, 1.02f, glsl, "...")                                                                            \
  X(kPatternY, float, 0.13f, glsl, "koi bake: ... and y in [-kPatternY, kPatternY]")                                  \
  X(kProfileN, int, 53, glsl, "koi bake: ribbon width profile samples per strip ...")                                 \
  X(kProfileS0, float, -0.15f, glsl, "... from s = kProfileS0 ...")                                                   \
  X(kProfileStep, float, 0.025f, glsl, "... every kProfileStep body lengths")
// clang-format on

namespace mirofish {

#define MIROFISH_CONSTANT_TYPE_int int
#define MIROFISH_CONSTANT_TYPE_float float
#define MIROFISH_CONSTANT_TYPE_text const char*
#define MIROFISH_CONSTANT(name, type, value, where, what) constexpr MIROFISH_CONSTANT_TYPE_##type name = value;
MIROFISH_CONSTANTS(MIROFISH_CONSTANT)
#undef MIROFISH_CONSTANT

}  // namespace mirofish
