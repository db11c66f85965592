// Landing a school on a formation (S-CHO-3, seeds/004 section 3): who goes where, who leaves when, how hard the
// formation pulls. The school applies these; nothing here steps fish.
#pragma once

#include "form/formations.h"

namespace mirofish {

// Per-step spring (at the 60 Hz fixed step): v = v * damping + (target - p) * stiffness; p += v.
struct Spring {
  float stiffness, damping;
};
// The landing spring, k = the formation weight in [0, 1] (clamped): 0.004 + 0.05 k^2, damping 0.84 - 0.06 k. The
// pull firms up as the weight ramps in, so fish ease off their free paths instead of snapping.
Spring landingSpring(float k);
// The stiffer spring of the gathering beat (vortex and spiralling frame), k as frameEase: 0.02 + 0.16 k^2, damping
// 0.74. Frame fish must follow a fast-turning target, or inertia smears the square.
Spring orbitSpring(float k);
// Which of the two a formation uses: orbitSpring for vortex and frame, landingSpring for the rest.
Spring formationSpring(FormationKind kind, float k);

// The formation weight, 0 -> 1 smoothly over kWeightRampSeconds after a fish's departure; the free (boids) weight
// is 1 - it. Negative times (not yet departed) give 0.
constexpr float kWeightRampSeconds = 1.5f;
float formationWeight(float secondsSinceDeparture);

// Departures staggered by distance from the centre, the middle first: delay = kMaxDepartureDelay x distance /
// the largest distance. Pass each fish's assigned target, so the picture fills from the inside out and late fish
// never have to pass settled ones. n <= 0 does nothing; all points at the centre all leave at once.
constexpr float kMaxDepartureDelay = 0.8f;  // s
void departureDelays(const float* x, const float* y, int n, float cx, float cy, float* delays);

// A key that orders directions around a centre as their angle does (atan2's order, from -pi), without trig:
// the same on every target. 0 for the centre itself.
float angleKey(float dx, float dy);

// Targets by angle (seeds/004: "sort birds and targets by the angle around the centre, pair them one to one: paths
// don't cross"). Fills targetOf[f] with a target index for every fish, or -1. With more fish than targets the
// fish used are spread evenly over the angle order (the rest keep swimming); with fewer, the targets left empty are
// spread the same way. Ties are broken by distance, then index, so the result is one and the same everywhere.
// Returns the number of targets left without a fish. Once per landing (allocates).
int assignByAngle(const float* fishX, const float* fishY, int fishCount, const float* targetX, const float* targetY,
                  int targetCount, float cx, float cy, int* targetOf);

}  // namespace mirofish
