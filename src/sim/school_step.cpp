// One fixed step of the school: its phases in order, the bucketing into cell order and back, the finite check. The
// step's own code, kept apart from the school's set-up (school.cpp) so the web build compiles it for speed and the
// set-up for size (src/sim/CMakeLists.txt).
#include "sim/school_step.h"
#include "base/assert.h"
#include "sim/school.h"
#include "sim/step_phases.h"

namespace mirofish {

namespace {

// The fish's copies pass 1 reads, in the visiting order (`order`: grid cell order; null: id order for brute force),
// so a 3x3 scan walks three contiguous runs and every per-fish read in pass 1 is sequential. Reads the previous
// state's motion, panic and force trait; writes the scratch only.
void gatherCandidates(const FishMotion& m, const FishBehaviour& b, const FishTraits& t, const int* order, int n,
                      StepScratch& out) {
  for (int k = 0; k < n; ++k) {
    const int j = order ? order[k] : k;
    out.x[k] = m.x[j];
    out.y[k] = m.y[j];
    out.vx[k] = m.vx[j];
    out.vy[k] = m.vy[j];
    out.hx[k] = m.hx[j];
    out.hy[k] = m.hy[j];
    out.panic[k] = b.panic[j];
    out.force[k] = t.forceScale[j];
  }
}

// Pass 1's cell-order steering and cues back into this step's ring slot and the cues, in id order.
void scatterSteering(const int* order, int n, const StepScratch& in, float* ringX, float* ringY, FishCues& cues) {
  for (int k = 0; k < n; ++k) {
    ringX[order[k]] = in.fx[k];
    cues.cue[order[k]] = in.cue[k];
    cues.lone[order[k]] = in.lone[k];
    ringY[order[k]] = in.fy[k];
  }
}

}  // namespace

void School::steps(int n) {
  for (int k = 0; k < n; ++k) step();
}

// One step, phase by phase. Every phase reads the previous state where the rules say so (pass 1 reads the copies
// made by bucketFish; pass 2 writes the fish arrays), so the phases run in this order and no other.
void School::step() {
  const int slots = int(params_.smoothing);
  MIROFISH_ASSERT(slots >= 1 && slots <= kMaxSmoothing);  // the table's range for smoothing
  const int slot = int(stepCount_ % uint64_t(slots));
  measuring_ = metricsOn_ && (measureNext_ || (metricsEvery_ && (stepCount_ + 1) % metricsEvery_ == 0));
  measureNext_ = false;
  float* ringX = fish_.steerX[slot].data();  // this step's steering slot, in id order
  float* ringY = fish_.steerY[slot].data();
  // Brute force visits in id order and writes the ring directly; the grid writes in cell order, scattered after.
  float* outX = bruteForce_ ? ringX : scratch_.fx.data();
  float* outY = bruteForce_ ? ringY : scratch_.fy.data();

  updateCursor(params_, d_.cursorAlpha, pointer_, cursor_);
  driftPond(params_, d_.seedMix, stepCount_, drift_);
  huntPredator(params_, d_.seedMix, stepCount_, fish_.motion(), fish_.count, scratch_.dense, predator_);
  bucketFish();
  StepTotals totals = steerFromNeighbours(outX, outY, bruteForce_ ? fish_.cue.data() : scratch_.cue.data(),
                                          bruteForce_ ? fish_.lone.data() : scratch_.lone.data());
  alarmed_ += fleePointerAndScares(params_, cursor_, scares_, pellets_, scratch_.x.data(), scratch_.y.data(),
                                   bruteForce_ ? nullptr : grid_.order(), fish_.count, stepCount_, outX, outY,
                                   fish_.behaviour(), startles_);
  if (!bruteForce_) scatterSteering(grid_.order(), fish_.count, scratch_, ringX, ringY, fish_.cues());
  if (alarmed_ > 0)
    spreadStartle(params_, d_.look.rCoh2, fish_.motion(), bruteForce_ ? nullptr : &grid_, fish_.count,
                  fish_.behaviour());
  pelletsEaten_ +=
      seekFood(params_, fish_.motion(), fish_.count, pellets_, fish_.cues(), fish_.behaviour(), ringX, ringY);
  fleePredator(params_, predator_, fish_.motion(), fish_.count, stepCount_, fish_.behaviour(), ringX, ringY, startles_);
  alarmed_ = chooseStates(params_, d_, stepCount_, turnDirty_, fish_.motion(), fish_.cues(), fish_.count,
                          fish_.behaviour(), ringX, ringY, startles_);
  turnDirty_ = false;
  fitObstacles();
  repelObstacles(params_, obstacles_, bruteForce_, fish_.motion(), fish_.count, ringX, ringY);
  clampCount_ += moveFish(params_, slot, pondPull(params_, d_.currentK, drift_), fish_.traits(), fish_.cues(),
                          fish_.count, fish_.motion(), fish_.behaviour(), rng_, scratch_.draws.data());
  obstacleExits_ += leaveObstacles(params_, obstacles_, bruteForce_, fish_.count, fish_.motion());
  runFormation();
  ageScaresAndPellets();

  ++stepCount_;
  lastChecks_ = totals.checks;
  checkFinite();
  if (metricsOn_) recordMetrics(totals, measuring_);
}

// Counting-sort grid (none for brute force), then the candidates' copies in its order.
void School::bucketFish() {
  const FishArrays& f = fish_;
  const int* order = nullptr;
  if (!bruteForce_) {
    grid_.build(f.x.data(), f.y.data(), f.count);
    order = grid_.order();
  }
  gatherCandidates(f.motion(), f.behaviour(), f.traits(), order, f.count, scratch_);
  if (params_.species > 1) sortKinds(order);
}

void School::ageScaresAndPellets() {
  for (Scare& sc : scares_)
    if (sc.timeLeft > 0) sc.timeLeft -= kStepSeconds;
  for (Pellet& pe : pellets_)
    if (pe.timeLeft > 0) pe.timeLeft = pe.timeLeft > kStepSeconds ? pe.timeLeft - kStepSeconds : 0;
}

// S-SIM-9 debug check: the first non-finite value, with its fish and step.
void School::checkFinite() {
  if (badFish_ >= 0) return;
  const FishArrays& f = fish_;
  for (int i = 0; i < f.count; ++i) {
    float sum = f.x[i] + f.y[i] + f.vx[i] + f.vy[i];
    if (!(sum - sum == 0)) {
      badFish_ = i;
      badStep_ = stepCount_;
      break;
    }
  }
}

}  // namespace mirofish
