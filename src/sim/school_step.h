// What the phases of School::step share: the step's fixed numbers and two small helpers. Internal to src/sim.
#pragma once

#include "sim/school.h"

namespace mirofish {
// Internal linkage on purpose: these are included by the step's own files only, and the inliner treats a
// function with one translation unit's callers better (the page's -Oz link runs the step 1.4x slower otherwise).
namespace {

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
