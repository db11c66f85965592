// What the phases of School::step share: the step's fixed numbers and two small helpers. Internal to src/sim.
#pragma once

#include "base/mix32.h"
#include "sim/school.h"

namespace mirofish {
// Internal linkage on purpose: these are included by the step's own files only, and the inliner treats a
// function with one translation unit's callers better (the page's -Oz link runs the step 1.4x slower otherwise).
namespace {

// Floats of padding after the cell-ordered copies: the four-wide scan reads up to 3 past a run's end (masked off).
constexpr size_t kScanPad = 4;
// The half-shell scan's slots (pair_scan.h): six sums and three counts a cell-order slot, each an array of
// capacity + kScanPad.
constexpr size_t kPairSums = 6, kPairCounts = 3;

inline float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

// The step's fixed numbers (the tunable ones are parameters in params.h). Changing any changes the golden hashes.
constexpr float kCursorRadiusGrowth = 0.5f;       // -: a fast cursor's avoidance radius is up to 1.5x (S-INT-1)
constexpr float kCursorFullGrowthSpeed = 600.0f;  // px/s: cursor speed at which that growth is full
constexpr float kScareFalloff = 0.5f;             // -: the scare push halves at the radius, so edge fish still flee
constexpr float kWanderPhaseStep = 0.6f;          // rad/step: the wander phase's random walk, +-0.3 rad a step
constexpr float kStillSpeed = 1e-6f;              // px/s: below this a fish keeps its heading (no 0/0 direction)
constexpr float kTurnKeep = 0.85f;                // -: per-step smoothing of the body-bend turn rate (S-REN-7) ...
constexpr float kTurnTake = 0.15f;                // -: ... so the bend eases in over ~6 steps (0.1 s)
constexpr float kTailRefSpeed = 60.0f;            // px/s: the speed kTailHz is specified at (S-REN-6)
constexpr float kTailHz = 1.5f;                   // Hz: tail-beat frequency at kTailRefSpeed (S-REN-6)
constexpr float kTailIdleRate = 0.5f;             // rad/s: a still fish's tail still moves a little

// S-SIM-15 behaviour states. A fish's gait (speed-cap, turn-rate and tail-beat multipliers) moves toward its
// state's by kGaitBlend a step: 1 - exp(-dt / 0.1 s), 95 % of any change in 0.3 s, so nothing jumps.
constexpr float kGaitBlend = 0.15352f;
constexpr float kGaitSnap = 1e-4f;  // closer than this, the gait takes the target exactly (cruise is exactly 1)
struct Gait {
  float cap, turn, tail;
};
// Cruise, sprint, hover (near still, fins only), startle (its speed cap is the panicSpeed parameter).
constexpr Gait kGaits[kFishStates] = {
    {1.0f, 1.0f, 1.0f}, {kSprintSpeedFactor, 0.6f, 2.0f}, {0.25f, 0.7f, 0.2f}, {0, 1.6f, 2.2f}};
constexpr float kSprintThrust = 1.0f;  // x fmax along the heading while sprinting (the raised cap alone is no push)
constexpr float kSprintSeconds = 0.4f, kSprintSpread = 0.6f;  // s: a sprint lasts 0.4 .. 1.0 s
// A calm fish decides what to do next every kThinkShortest .. + kThinkSpread s (1 s on average); each rate below
// is a chance per decision of kThinkEvery / its mean wait. Between decisions a cruising fish costs one countdown.
constexpr float kThinkShortest = 0.5f, kThinkSpread = 1.0f, kThinkEvery = 1.0f;
constexpr int kLeeNeighbours = 4;        // a fish with this many neighbours ...
constexpr float kLeeShare = 0.35f;       // ... whose centroid is this x rcoh ahead of it swims in the school's lee
constexpr float kLeeHoverEvery = 20.0f;  // s: mean wait in the lee before a hover
constexpr float kSlowShare = 0.1f;       // below vmin + this x (vmax - vmin) a fish is slow ...
constexpr float kSlowHoverEvery = 2.0f;  // s: ... and hovers after about this long
constexpr float kHoverShortest = 0.6f, kHoverSpread = 0.8f;  // a hover lasts hoverTime x [0.6, 1.4)
constexpr float kFoodLinger = 0.5f;                          // s: hovering goes on this long after food leaves reach
constexpr uint8_t kCueLee = 1, kCueFood = 2, kCueAlone = 4;  // FishCues::cue bits
constexpr float kLonePull = 1.0f;   // x fmax: a fish with few neighbours heads for where the school gathers ...
constexpr int kLoneNeighbours = 5;  // ... at full pull with none, fading to nothing at this many

// Startle as a ripple: a scare startles at full strength, the pointer at kPointerAlarm; a startled fish passes
// strength x startleSpread to the fish within the cohesion radius for kAlarmWindow, after startleDelay, until
// the strength falls below kAlarmMin (five hops from a scare, one from the pointer).
constexpr float kScareAlarm = 1.0f, kPointerAlarm = 0.6f, kAlarmMin = 0.3f, kAlarmWindow = 0.1f;
constexpr float kFrightAlarm = 0.4f;    // a fright at nothing (frightEvery): a dart forward that the neighbours see
constexpr float kFrightBehind = 30;     // px: the fright "comes from" this far behind the fish, so it darts ahead
constexpr float kRippleFlee = 0.5f;     // a ripple-startled fish flees at this x scareWeight x fmax x its strength
constexpr float kPanicShortest = 0.4f;  // a startle of strength s panics for panicTime x (0.4 + 0.6 s)

// S-INT-4 feeding.
constexpr float kFeedPull = 1.2f;  // x fmax toward the nearest pellet within feedRadius
constexpr float kFoodHover = 40;   // px: this close to a pellet a fish hovers
constexpr float kEatRadius = 8;    // px: this close, the pellet is eaten

// S-SIM-14 points of interest: each drifts on its own Lissajous path (frequencies x 1 / (2 attractPeriod)).
constexpr float kAttractFreq[kMaxAttractors][2] = {{1.0f, 0.77f}, {0.83f, 1.19f}, {1.13f, 0.91f}};
constexpr float kCurrentRatio = 0.71f;  // the second band set drifts at this x the first's rate

// A fish's own random stream: a hash of (seed, fish, step, salt), uniform in [0, 1). No shared RNG draw, so a state
// decision never shifts another fish's numbers.
inline float fishRandom(uint32_t seedMix, int fish, uint64_t step, uint32_t salt) {
  return unit24(mix32(seedMix ^ mix32(uint32_t(fish) * 0x9e3779b9U + salt) ^ (uint32_t(step) * 0x85ebca6bU) ^
                      uint32_t(step >> 32)));
}

// S-SIM-7 soft walls for one fish: the push grows quadratically inside the margin, and outward speed bleeds off.
// Depth into each margin; the divisions only run for fish inside one (most fish are in the open).
inline void softWalls(float xi, float yi, float w, float h, float margin, float edgeForce, float edgeDamp, float& fx,
                      float& fy, float& vx, float& vy) {
  const float dt = kStepSeconds;
  const float into[4] = {margin - xi, xi - (w - margin), margin - yi, yi - (h - margin)};
  for (int side = 0; side < 4; ++side) {
    if (!(into[side] > 0)) continue;
    const float t = into[side] / margin;
    const float push = edgeForce * t * t, damp = clampf(edgeDamp * t * dt, 0, 1);
    switch (side) {
      case 0:
        fx += push;
        if (vx < 0) vx -= vx * damp;
        break;
      case 1:
        fx -= push;
        if (vx > 0) vx -= vx * damp;
        break;
      case 2:
        fy += push;
        if (vy < 0) vy -= vy * damp;
        break;
      default:
        fy -= push;
        if (vy > 0) vy -= vy * damp;
        break;
    }
  }
}

}  // namespace
}  // namespace mirofish
