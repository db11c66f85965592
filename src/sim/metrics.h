// Per-step school metrics (S-DEV-4) and the rule that names the school's state.
#pragma once

#include <cstdint>

#include "sim/fish_arrays.h"

namespace mirofish {

enum class SchoolState { Cohesive, Dispersed, Oscillating };
const char* schoolStateName(SchoolState s);

struct StepMetrics {
  uint64_t step = 0;
  float avgNeighbours = 0;  // fish within the cohesion radius (and field of view), mean over fish
  float minDistance = 0;    // smallest pairwise distance found within the largest radius; -1 if no pair that close
  float meanNearest =
      0;  // mean over fish of the nearest neighbour's distance (fish with one within the largest radius)
  float centroidX = 0, centroidY = 0;
  float polarization = 0;       // |mean heading|: 1 all aligned, ~0 random
  float milling = 0;            // |mean angular momentum of headings about the centroid|: 1 a perfect mill
  float localPolarization = 0;  // mean over fish of heading . unit(mean neighbour heading)
  uint64_t distanceChecks = 0;  // pairs whose distance was computed this step
  SchoolState state = SchoolState::Dispersed;
  // Connected components of the school after the step: two fish are linked when closer than the cohesion radius
  // (field of view ignored); n isolated fish are n groups, 0 fish 0.
  int groups = 0;
  // Share (0..1) of a kCoverageCols x kCoverageRows grid over the world that a fish has been in during the last
  // kCoverageWindowSteps steps (60 s) with metrics on; steps with metrics off record no visits.
  float coverage = 0;
  int states[kFishStates] = {};  // fish in each behaviour state after the step (FishState order)
  uint64_t pelletsEaten = 0;     // pellets eaten so far
};

constexpr int kCoverageCols = 16, kCoverageRows = 9;
constexpr int kCoverageCells = kCoverageCols * kCoverageRows;
constexpr uint64_t kCoverageWindowSteps = 3600;  // 60 s of 1/60 s steps

// The state rule, over the last 120 steps (2 s) of avgNeighbours, against `uniform`: the neighbours a fish
// would have if the same fish were spread evenly, (n - 1) * pi * rcoh^2 / (w * h):
//  - Oscillating when the window is full, its mean >= 1 and its (max - min) exceeds 60 % of the mean;
//  - else Cohesive when the mean is >= 2 and >= 2 x uniform (the school clumps);
//  - else Dispersed.
class MetricsHistory {
 public:
  static constexpr int kWindow = 120;
  void reset() {
    count_ = 0;
    head_ = 0;
  }
  SchoolState push(float avgNeighbours, float uniform);

 private:
  float values_[kWindow] = {};
  int count_ = 0, head_ = 0;
};

}  // namespace mirofish
