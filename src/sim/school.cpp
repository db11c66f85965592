// The school's life: creation and parameters, the fish's spawning, input, the state hash and the fixed-step clock.
// One step, phase by phase, is school_step.cpp (pass 1 school_steer.cpp, the pointer and scares school_pointer.cpp,
// the motion of pass 2 school_motion.cpp, the metrics school_metrics.cpp).
#include "sim/school.h"

#include <algorithm>
#include <cmath>

#include "base/assert.h"
#include "base/det_math.h"
#include "base/fnv1a.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

namespace mirofish {

School::School(const Params& params) {
  params_ = withinRange(params);  // the constructor trusts its caller no more than setParams does
  rng_.reseed(uint64_t(params_.seed));
  derive();
  resize(int(params_.fish));
}

void School::derive() {
  const Params& p = params_;
  d_.look = perceptionOf(p);
  float maxTurn = float(p.turnRate) * kStepSeconds;
  d_.cosTurn = detCos(maxTurn);
  d_.sinTurn = detSin(maxTurn);
  float tau = float(p.pointerSmoothing);
  d_.cursorAlpha = kStepSeconds / (tau + kStepSeconds);  // implicit Euler of the 0.12 s follow
  d_.maxTurn = maxTurn;
  turnDirty_ = true;
  d_.currentK = kPi / float(p.currentScale);
  d_.seedMix = mix32(uint32_t(uint64_t(p.seed)) ^ 0x6d69726fU);
  grid_.configure(float(p.width), float(p.height), d_.look.rMax);
}

void School::setParams(const Params& unchecked) {
  const Params params = withinRange(unchecked);
  bool reseed = params.seed != params_.seed;
  if (reseed || params.width != params_.width || params.height != params_.height) resetCoverage();
  const bool newSpecies = params.species != params_.species;
  params_ = params;
  derive();
  if (newSpecies) changeSpecies(!reseed);
  if (reseed) {  // a new seed is a new school
    rng_.reseed(uint64_t(params_.seed));
    fish_.count = 0;
    stepCount_ = 0;
    history_.reset();
    predator_ = Predator();
  }
  resize(int(params_.fish));
}

void School::resize(int n) {
  MIROFISH_ASSERT(n >= 0);  // params.fish is within its range (withinRange), and a formation only adds fish
  fish_.reserveFor(n);
  if (scratch_.x.size() < size_t(fish_.capacity) + kScanPad) {
    // kScanPad floats of padding: the 4-wide scan reads up to 3 past a run's end (masked off).
    for (auto* v : {&scratch_.x, &scratch_.y, &scratch_.vx, &scratch_.vy, &scratch_.hx, &scratch_.hy, &scratch_.panic,
                    &scratch_.force, &scratch_.fx, &scratch_.fy, &scratch_.tvx, &scratch_.tvy, &scratch_.kind})
      v->resize(size_t(fish_.capacity) + kScanPad, 0.0f);
    scratch_.found.reserve(size_t(fish_.capacity));
    scratch_.cue.resize(size_t(fish_.capacity) + kScanPad);  // padded too: the wide steering writes 4 at a time
    scratch_.lone.resize(size_t(fish_.capacity) + kScanPad);
    scratch_.draws.resize(size_t(fish_.capacity));  // a fish can have at most every other fish as a candidate
    scratch_.groupParent.resize(size_t(fish_.capacity));
    scratch_.pairSums.resize(kPairSums * (size_t(fish_.capacity) + kScanPad));  // zeros, kept 0 (pair_scan.h)
    scratch_.pairCounts.resize(kPairCounts * (size_t(fish_.capacity) + kScanPad));
  }
  for (int i = fish_.count; i < n; ++i) spawn(i);
  fish_.count = n;
}

void School::spawn(int i) {
  const Params& p = params_;
  FishArrays& f = fish_;
  float w = float(p.width), h = float(p.height);
  float m = float(p.edgeMargin);
  float mx = w > 4 * m ? m : 0, my = h > 4 * m ? m : 0;
  f.x[i] = rng_.range(mx, w - mx);
  f.y[i] = rng_.range(my, h - my);
  float s, c;
  detSinCos(rng_.uniform() * kTwoPi, &s, &c);
  f.hx[i] = c;
  f.hy[i] = s;
  float vary = float(p.variation);
  f.speedVary[i] = 1.0f + vary * (2.0f * rng_.uniform() - 1.0f);
  dealSpecies(i, i + 1);  // a hash, no RNG draw: one species keeps every bit
  f.forceScale[i] = 1.0f + 2.0f * vary * (2.0f * rng_.uniform() - 1.0f);
  float speed = float(p.maxSpeed) * f.speedScale[i] * rng_.range(0.5f, 1.0f);
  f.vx[i] = c * speed;
  f.vy[i] = s * speed;
  f.depth[i] = rng_.uniform();
  f.pattern[i] = rng_.next();
  f.tailPhase[i] = rng_.uniform() * kTwoPi;
  f.wanderPhase[i] = rng_.uniform() * kTwoPi;
  f.turn[i] = 0;
  f.panic[i] = 0;
  f.state[i] = uint8_t(FishState::Cruise);
  f.busy[i] = 1;
  f.stateLeft[i] = 0;
  f.capMul[i] = f.turnMul[i] = f.tailMul[i] = 1;
  f.turnCos[i] = d_.cosTurn;
  f.turnSin[i] = d_.sinTurn;
  f.alarm[i] = f.alarmLeft[i] = f.pending[i] = f.pendingDelay[i] = 0;
  f.pendingFrom[i] = 0;
  f.fleeX[i] = f.fleeY[i] = 0;
  f.cue[i] = 0;
  f.lone[i] = 0;
  for (int k = 0; k < kMaxSmoothing; ++k) {
    f.steerX[k][i] = 0;
    f.steerY[k][i] = 0;
  }
}

void School::setPointer(bool present, float x, float y) {
  if (!std::isfinite(x) || !std::isfinite(y)) present = false;  // NaN and +-inf never reach the state
  pointer_ = {present, x, y};
}

void School::scare(float x, float y) {
  if (!std::isfinite(x) || !std::isfinite(y)) return;
  int slot = 0;  // reuse the slot closest to expiring
  for (int k = 1; k < kMaxScares; ++k)
    if (scares_[k].timeLeft < scares_[slot].timeLeft) slot = k;
  scares_[slot] = {x, y, float(params_.scareTime)};
}

void School::feed(float x, float y) {
  if (!std::isfinite(x) || !std::isfinite(y)) return;
  int slot = 0;  // a free slot, else the oldest pellet's
  for (int k = 0; k < kMaxPellets; ++k) {
    if (pellets_[k].timeLeft <= 0) {
      slot = k;
      break;
    }
    if (pellets_[k].id < pellets_[slot].id) slot = k;
  }
  const float life = float(params_.pelletTime);
  pellets_[slot] = {x, y, life, life, ++pelletsDropped_};
}

uint64_t School::stateHash() const {
  uint64_t hash = kFnvOffset;
  for (int i = 0; i < fish_.count; ++i) {
    hash = fnv1aFloat(hash, fish_.x[i]);
    hash = fnv1aFloat(hash, fish_.y[i]);
    hash = fnv1aFloat(hash, fish_.vx[i]);
    hash = fnv1aFloat(hash, fish_.vy[i]);
  }
  return hash;
}

int FixedStep::advance(double frameSeconds) {
  if (!(frameSeconds > 0)) return 0;  // NaN, negative or zero: no time passed
  if (frameSeconds > 1.0) frameSeconds = 1.0;
  accumulator += frameSeconds;
  int n = int(accumulator / kDt);
  if (n > kMaxSteps) {  // no catch-up avalanche after a stall: drop the backlog
    accumulator = 0;
    return kMaxSteps;
  }
  accumulator -= n * kDt;
  return n;
}

}  // namespace mirofish
