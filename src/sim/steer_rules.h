// The three rules' steering from a fish's neighbour sums (S-SIM-1: each rule normalized, then weighted; S-SIM-15 the
// lee; S-ECO-3 the species' weights), and where pass 1 writes it. Included by the step's files and inspect.cpp (the
// teaching view steers exactly as the step does).
#pragma once

#include <cstdint>

#include "base/det_math.h"
#include "sim/neighbour_scan.h"
#include "sim/school.h"
#include "sim/school_step.h"

namespace mirofish {
// Internal linkage on purpose, as neighbour_scan.h.
namespace {

// The rules' weights as pass 1 applies them (params.h), and the lee's distance ahead (S-SIM-15).
struct RuleWeights {
  float sep, ali, coh, panicCoh, cross, leeAhead;
};
inline RuleWeights ruleWeightsOf(const Params& p) {
  return RuleWeights{float(p.sepWeight),     float(p.aliWeight),    float(p.cohWeight),
                     float(p.panicCohesion), float(p.crossSpecies), kLeeShare * float(p.cohRadius)};
}

// S-ECO-3: alignment and cohesion keep their direction from the weighted sums, and their strength is the neighbours'
// mean weight (1 own, crossSpecies other): a fish among another species only is pulled crossSpecies x as hard.
inline float speciesWeight(int count, int other, float cross) { return float(count - other) + cross * float(other); }

// One fish's steering from its sums (S-SIM-1: each rule normalized, then weighted), before its force limit.
struct Steering {
  float sepX = 0, sepY = 0, aliX = 0, aliY = 0, cohX = 0, cohY = 0;  // each rule: its direction x its weight
  float ax = 0, ay = 0;                                              // their sum, added in this order
  float aliDirX = 0, aliDirY = 0;                                    // alignment's unit direction (local polarization)
  float cohWeight = 0;  // the cohesion neighbours' total weight (their count with one species)
  uint8_t cue = 0;      // kCueAlone or kCueLee
};
// The pull toward the school of a fish with few neighbours (kLonePull's share): 1 with none, 0 from kLoneNeighbours.
inline float loneShare(int nCoh) {
  return nCoh < kLoneNeighbours ? 1.0f - float(nCoh) * (1.0f / kLoneNeighbours) : 0.0f;
}
inline Steering steerFrom(const RuleWeights& w, const Sums& s, bool panicked, float hxi, float hyi) {
  Steering t;
  if (s.nSep) {
    float vx = unfix(s.sepX), vy = unfix(s.sepY);
    normalizeOrZero(vx, vy);
    t.sepX = vx * w.sep;
    t.sepY = vy * w.sep;
    t.ax += t.sepX;
    t.ay += t.sepY;
  }
  if (s.nAli) {
    float vx = unfix(s.aliX), vy = unfix(s.aliY);
    normalizeOrZero(vx, vy);
    const float wa = s.nAliOther ? w.ali * (speciesWeight(s.nAli, s.nAliOther, w.cross) / float(s.nAli)) : w.ali;
    t.aliX = vx * wa;
    t.aliY = vy * wa;
    t.ax += t.aliX;
    t.ay += t.aliY;
    t.aliDirX = vx;
    t.aliDirY = vy;
  }
  t.cue = s.nCoh > 1 ? 0 : kCueAlone;  // alone: no neighbour, or one (a pair adrift)
  if (s.nCoh) {
    float vx = unfix(s.cohX), vy = unfix(s.cohY);
    // S-SIM-15 the lee: enough neighbours, their centroid well ahead: this fish trails the school.
    // (The weighted sum's centroid is over the neighbours' total weight.)
    const float weight = s.nCohOther ? speciesWeight(s.nCoh, s.nCohOther, w.cross) : float(s.nCoh);
    t.cohWeight = weight;
    if (s.nCoh >= kLeeNeighbours && vx * hxi + vy * hyi > w.leeAhead * weight) t.cue = kCueLee;
    normalizeOrZero(vx, vy);
    float wc = panicked ? w.coh * w.panicCoh : w.coh;  // S-INT-2: a panicked fish leaves the school for a moment
    if (s.nCohOther) wc *= weight / float(s.nCoh);
    t.cohX = vx * wc;
    t.cohY = vy * wc;
    t.ax += t.cohX;
    t.ay += t.cohY;
  }
  return t;
}

// Pass 1's outputs in the visiting order: the steering force, the lone-fish share and the cues.
struct SteerOut {
  float *x, *y, *lone;
  uint8_t* cue;
};
// Fish k's steering under its force limit fi (maxForce x its trait), and the cue and lone share its sums give.
inline void putSteering(const Steering& st, int nCoh, float fi, const SteerOut& out, int k) {
  out.x[k] = st.ax * fi;
  out.y[k] = st.ay * fi;
  out.cue[k] = st.cue;
  out.lone[k] = loneShare(nCoh);
}

}  // namespace
}  // namespace mirofish
