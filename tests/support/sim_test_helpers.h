// Test-only helpers: place fish by hand, isolate one rule, print hashes, summarize a school.
#pragma once

#include <array>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "base/fnv1a.h"
#include "sim/params.h"
#include "sim/school.h"

namespace mirofish {
namespace test {

// The School exposes its arrays read-only; tests that place fish by hand write through this.
inline FishArrays& mutableFish(School& school) { return const_cast<FishArrays&>(school.fish()); }

// Puts fish i at (x, y) with velocity (vx, vy); the heading is the unit vector of the velocity
// (or +x for a zero velocity). Clears its steering history, panic and turn so it starts fresh.
inline void placeFish(School& school, int i, float x, float y, float vx, float vy) {
  FishArrays& f = mutableFish(school);
  f.x[i] = x;
  f.y[i] = y;
  f.vx[i] = vx;
  f.vy[i] = vy;
  float len = std::sqrt(vx * vx + vy * vy);
  f.hx[i] = len > 0 ? vx / len : 1.0f;
  f.hy[i] = len > 0 ? vy / len : 0.0f;
  f.panic[i] = 0;
  f.turn[i] = 0;
  f.state[i] = uint8_t(FishState::Cruise);
  f.stateLeft[i] = 0;
  f.busy[i] = 1;  // the state phase looks at it next step
  f.capMul[i] = f.turnMul[i] = f.tailMul[i] = 1;
  f.alarm[i] = f.alarmLeft[i] = f.pending[i] = 0;
  for (int k = 0; k < kMaxSmoothing; ++k) {
    f.steerX[k][i] = 0;
    f.steerY[k][i] = 0;
  }
}

// A school of p with its first fish placed by hand ({x, y, vx, vy} each, as placeFish), in order; metrics every step.
inline School placedSchool(const Params& p, std::initializer_list<std::array<float, 4>> fish) {
  School s(p);
  s.setMetricsEnabled(true);  // off by default (the page's): these tests read them
  int i = 0;
  for (const std::array<float, 4>& f : fish) placeFish(s, i++, f[0], f[1], f[2], f[3]);
  return s;
}

// The pond without its life (S-SIM-14, S-SIM-15, S-ECO-4): no current, no points of interest, no sprints or
// hovers, the back tier as fast as the front. For tests of the three rules and the pointer on their own.
inline Params stillPond(Params p) {
  p.current = p.attractors = p.sprintEvery = p.hoverTime = 0;
  p.depthSpeed = 1;
  return p;
}

// A big quiet world with every steering rule off: no wander, no per-fish variation, no turn slowdown.
// Fish placed near the middle are far (> 1000 px) from the soft walls. Turn the rule under test back on.
inline Params isolatedParams(int fish) {
  Params p = stillPond(Params());
  p.fish = fish;
  p.width = p.height = 4000;
  p.sepWeight = p.aliWeight = p.cohWeight = 0;
  p.wander = p.variation = p.turnSlowdown = 0;
  return p;
}

// The three rules' radii and weights (separation, alignment, cohesion), each three in one call.
inline void setRadii(Params& p, double sep, double ali, double coh) {
  p.sepRadius = sep;
  p.aliRadius = ali;
  p.cohRadius = coh;
}
inline void setWeights(Params& p, double sep, double ali, double coh) {
  p.sepWeight = sep;
  p.aliWeight = ali;
  p.cohWeight = coh;
}

// The default parameters with `fish` fish and seed `seed`.
inline Params seededParams(double fish, double seed) {
  Params p;
  p.fish = fish;
  p.seed = seed;
  return p;
}

// The tuned preset (S-SIM-2) over p (by default the defaults).
inline Params tunedParams(Params p = Params()) {
  applyPreset(p, "tuned");
  return p;
}

// FNV-1a over every per-step float of every fish (stateHash covers x, y, vx, vy only).
inline uint64_t fullStateHash(const School& s) {
  const FishArrays& f = s.fish();
  uint64_t hash = kFnvOffset;
  for (const std::vector<float>* v : {&f.x, &f.y, &f.vx, &f.vy, &f.hx, &f.hy, &f.tailPhase, &f.turn, &f.panic,
                                      &f.wanderPhase, &f.steerX[0], &f.steerY[0]})
    for (int i = 0; i < s.count(); ++i) hash = fnv1aFloat(hash, (*v)[size_t(i)]);
  return hash;
}

// A dense school (400 fish in 900x600, seed 3) with the blind spot on (fov 270) and a pointer sweeping across for the
// first 100 of 200 steps, after `vary` sets what a test adds; its fullStateHash. Reaches the scan's masked lanes.
template <class Vary>
uint64_t blindSpotSweep(bool brute, Vary vary) {
  Params p;
  p.fish = 400;
  p.seed = 3;
  p.width = 900;
  p.height = 600;
  p.fov = 270;
  vary(p);
  School s(p);
  s.setBruteForce(brute);
  for (int k = 0; k < 200; ++k) {
    s.setPointer(k < 100, 100.0f + 7.0f * float(k), 300.0f);
    s.step();
  }
  return fullStateHash(s);
}

// Steps `grid` and a brute-force copy of it side by side, `rounds` times `every` steps, calling each(grid, brute)
// after every round; returns the first round after which their state hashes differ, or -1 when they never do (the
// grid only finds the neighbours sooner: it must change nothing).
template <class Each>
int firstRoundOffBrute(School& grid, int rounds, int every, Each each) {
  School brute = grid;
  brute.setBruteForce(true);
  for (int k = 0; k < rounds; ++k) {
    grid.steps(every);
    brute.steps(every);
    if (grid.stateHash() != brute.stateHash()) return k;
    each(grid, brute);
  }
  return -1;
}
inline int firstRoundOffBrute(School& grid, int rounds, int every) {
  return firstRoundOffBrute(grid, rounds, every, [](const School&, const School&) {});
}

inline std::string hex16(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

inline float dist(float ax, float ay, float bx, float by) {
  float dx = ax - bx, dy = ay - by;
  return std::sqrt(dx * dx + dy * dy);
}

inline float fishDist(const School& s, int i, int j) {
  const FishArrays& f = s.fish();
  return dist(f.x[i], f.y[i], f.x[j], f.y[j]);
}

// Fish within r of (px, py), and their mean distance to it.
struct Around {
  int count = 0;
  double meanDist = 0;
};
inline Around around(const School& s, float px, float py, float r) {
  Around a;
  const FishArrays& f = s.fish();
  for (int i = 0; i < f.count; ++i) {
    float d = dist(f.x[i], f.y[i], px, py);
    if (d < r) {
      ++a.count;
      a.meanDist += d;
    }
  }
  if (a.count) a.meanDist /= a.count;
  return a;
}

// Index of the fish with the most others within r: a point in the thick of the school.
inline int densestFish(const School& s, float r) {
  const FishArrays& f = s.fish();
  int best = 0, bestCount = -1;
  for (int i = 0; i < f.count; ++i) {
    int c = 0;
    for (int j = 0; j < f.count; ++j)
      if (j != i && dist(f.x[i], f.y[i], f.x[j], f.y[j]) < r) ++c;
    if (c > bestCount) {
      bestCount = c;
      best = i;
    }
  }
  return best;
}

inline bool allFiniteInWorld(const School& s) {
  const FishArrays& f = s.fish();
  const float w = float(s.params().width), h = float(s.params().height);
  for (int i = 0; i < f.count; ++i) {
    if (!std::isfinite(f.x[i]) || !std::isfinite(f.y[i]) || !std::isfinite(f.vx[i]) || !std::isfinite(f.vy[i]) ||
        !std::isfinite(f.hx[i]) || !std::isfinite(f.hy[i]))
      return false;
    if (f.x[i] < 0 || f.x[i] > w || f.y[i] < 0 || f.y[i] > h) return false;
  }
  return true;
}

}  // namespace test
}  // namespace mirofish
