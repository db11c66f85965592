// S-SIM-14 and S-INT-4: the pond around the school: the drifting points of interest, the current across the water,
// and food pellets that the fish nearby turn to and eat.
#include <cmath>

#include "base/det_math.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

namespace mirofish {

namespace {
// The angle of a cycle count's fraction, in double so a long run keeps its precision (floor is exact everywhere).
float cycleAngle(double cycles) { return float((cycles - std::floor(cycles)) * 6.283185307179586); }
// A fixed fraction of a cycle per seed and salt: where each drift starts.
double seedPhase(uint32_t seedMix, uint32_t salt) { return double(mix32(seedMix ^ mix32(salt + 1)) >> 8) / 16777216.0; }
}  // namespace

// Positions are functions of the step count alone (no state), so a seek lands on the same pond.
void driftPond(const Params& p, uint32_t seedMix, uint64_t step, PondDrift& drift) {
  const double t = double(step) * FixedStep::kDt;
  const double bands = t / p.currentPeriod;
  drift.phaseX = cycleAngle(bands + seedPhase(seedMix, 0));
  drift.phaseY = cycleAngle(bands * double(kCurrentRatio) + seedPhase(seedMix, 1));
  const float w = float(p.width), h = float(p.height);
  const float inset = float(p.edgeMargin) + 0.5f * float(p.attractRadius);
  const float ax = w * 0.5f - inset, ay = h * 0.5f - inset;
  const double cross = t / (2.0 * p.attractPeriod);  // half a cycle: one crossing
  for (int k = 0; k < int(p.attractors); ++k) {
    const float sx = detSin(cycleAngle(cross * double(kAttractFreq[k][0]) + seedPhase(seedMix, 2 + 2 * k)));
    const float sy = detSin(cycleAngle(cross * double(kAttractFreq[k][1]) + seedPhase(seedMix, 3 + 2 * k)));
    drift.attractors[k] = {w * 0.5f + (ax > 0 ? ax : 0.0f) * sx, h * 0.5f + (ay > 0 ? ay : 0.0f) * sy};
  }
}

// Two sets of bands, one across x and one across y, each a travelling sine: divergence-free (the x force varies
// with y only and the y force with x only), so the current gathers no fish anywhere; it only carries them.
void School::currentAt(float x, float y, float* fx, float* fy) const {
  const float a = float(params_.current) * float(params_.maxForce);
  *fx = a * detSin(d_.currentK * y + drift_.phaseX);
  *fy = a * detSin(d_.currentK * x + drift_.phaseY);
}

PondPull pondPull(const Params& p, float currentK, const PondDrift& drift) {
  PondPull pull{};
  pull.current = float(p.current) * float(p.maxForce);
  pull.k = currentK;
  pull.phaseX = drift.phaseX;
  pull.phaseY = drift.phaseY;
  pull.weight = float(p.attractWeight) * float(p.maxForce);
  pull.lone = kLonePull * float(p.maxForce);
  pull.points = pull.weight > 0 ? int(p.attractors) : 0;
  const float radius = p.attractRadius > 2 ? float(p.attractRadius) : 2.0f;  // no division by a zero band
  pull.hold = 0.5f * radius;
  pull.invBand = 1.0f / (radius - pull.hold);
  for (int a = 0; a < pull.points; ++a) {
    pull.x[a] = drift.attractors[a].x;
    pull.y[a] = drift.attractors[a].y;
  }
  return pull;
}

// Each calm fish within feedRadius of a pellet turns to the nearest one (ties: the lower slot); within kFoodHover
// it hovers, within kEatRadius it eats it. Fish go in id order, so the lowest id in reach eats a pellet, once.
uint64_t seekFood(const Params& p, const FishMotion& f, int n, Pellet* pellets, FishCues& c, FishBehaviour& b,
                  float* ringX, float* ringY) {
  int live = 0;
  for (int k = 0; k < kMaxPellets; ++k) live += pellets[k].timeLeft > 0;
  if (live == 0) return 0;
  uint64_t eaten = 0;
  const float r = float(p.feedRadius), r2 = r * r, pull = kFeedPull * float(p.maxForce);
  for (int i = 0; i < n; ++i) {
    if (b.panic[i] > 0) continue;  // a frightened fish does not eat
    int best = -1;
    float bestD2 = r2;
    for (int k = 0; k < kMaxPellets; ++k) {
      if (!(pellets[k].timeLeft > 0)) continue;
      const float dx = pellets[k].x - f.x[i], dy = pellets[k].y - f.y[i];
      const float d2 = dx * dx + dy * dy;
      if (d2 < bestD2) {
        bestD2 = d2;
        best = k;
      }
    }
    if (best < 0) continue;
    Pellet& pe = pellets[best];
    if (bestD2 < kEatRadius * kEatRadius) {
      pe.timeLeft = 0;
      ++eaten;
    }
    if (bestD2 < kFoodHover * kFoodHover) {
      c.cue[i] |= kCueFood;
      b.busy[i] = 1;
    }
    float dx = pe.x - f.x[i], dy = pe.y - f.y[i];
    normalizeOrZero(dx, dy);
    ringX[i] += dx * pull;
    ringY[i] += dy * pull;
  }
  return eaten;
}

}  // namespace mirofish
