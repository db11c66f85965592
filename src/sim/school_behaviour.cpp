// S-SIM-15 behaviour states: startle and its ripple through the school, and each fish's choice of cruise, sprint,
// hover or startle with the gait (speed cap, turn rate, tail beat) blending toward it.
#include "base/det_math.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

namespace mirofish {

float School::hoverFloorFactor() { return kGaits[int(FishState::Hover)].cap; }

void School::startle(int i, float strength, float fromX, float fromY) {
  FishArrays& f = fish_;
  if (f.alarm[i] <= 0) ++alarmed_;
  f.alarm[i] = strength;
  f.alarmLeft[i] = kAlarmWindow;
  f.panic[i] = float(params_.panicTime) * (kPanicShortest + (1.0f - kPanicShortest) * strength);
  f.pending[i] = 0;
  f.fleeX[i] = fromX;
  f.fleeY[i] = fromY;
  f.busy[i] = 1;
}

// Read by the page only (the water's ripples): no fish state depends on it, so the state hash cannot change.
void School::noteStartle(float x, float y, float strength) {
  const int recent = startleEventCount_ < uint64_t(kStartleEvents) ? int(startleEventCount_) : kStartleEvents;
  for (int k = 0; k < recent; ++k) {
    StartleEvent& e = startleEvents_[k];
    const float dx = e.x - x, dy = e.y - y;
    if (stepCount_ - e.step < uint64_t(kStartleMergeSteps) && dx * dx + dy * dy < kStartleMergePx * kStartleMergePx)
      return;
  }
  startleEvents_[startleEventCount_ % kStartleEvents] = {x, y, strength, stepCount_};
  ++startleEventCount_;
}

// Each fish still passing its startle on offers strength x startleSpread to every calm fish within the cohesion
// radius; a fish keeps the strongest offer (ties: the lower offering id), which fires after startleDelay. The
// result depends only on the set of (fish, offer) pairs, so grid and brute force agree bit for bit.
void spreadStartle(const Params& p, float r2, const FishMotion& m, const NeighbourGrid* grid, int n, FishBehaviour& b) {
  const float share = float(p.startleSpread), delay = float(p.startleDelay);
  auto offer = [&](int k, int j, float strength) {
    if (k == j || b.panic[k] > 0) return;
    const float dx = m.x[k] - m.x[j], dy = m.y[k] - m.y[j];
    if (!(dx * dx + dy * dy < r2)) return;
    if (strength > b.pending[k] || (strength == b.pending[k] && j < b.pendingFrom[k])) {
      b.pending[k] = strength;
      b.pendingDelay[k] = delay;
      b.pendingFrom[k] = j;
      b.fleeX[k] = b.fleeX[j];
      b.fleeY[k] = b.fleeY[j];
      b.busy[k] = 1;
    }
  };
  for (int j = 0; j < n; ++j) {
    if (!(b.alarmLeft[j] > 0)) continue;
    const float strength = b.alarm[j] * share;
    if (strength < kAlarmMin) continue;
    if (!grid) {
      for (int k = 0; k < n; ++k) offer(k, j, strength);
      continue;
    }
    const int* order = grid->order();
    const int* start = grid->cellStart();
    const int cols = grid->cols(), rows = grid->rows();
    const int cell = grid->cellOf(m.x[j], m.y[j]);
    const int cx = cell % cols, cy = cell / cols;
    const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx + 1 < cols ? cx + 1 : cols - 1;
    const int y0 = cy > 0 ? cy - 1 : 0, y1 = cy + 1 < rows ? cy + 1 : rows - 1;
    for (int gy = y0; gy <= y1; ++gy)
      for (int q = start[gy * cols + x0]; q < start[gy * cols + x1 + 1]; ++q) offer(order[q], j, strength);
  }
}

namespace {

// S-SIM-15: fish i's gait moves toward its state's (g) by kGaitBlend a step, taking it exactly when close; its turn
// limit's cos/sin follow the turn multiplier (worked out again when it or the turn rate changed).
inline void blendGait(FishArrays& f, int i, const Gait& g, float cosTurn, float sinTurn, float maxTurn, bool dirty) {
  auto blend = [](float& m, float target) {
    const float d = target - m;
    m = (d > kGaitSnap || d < -kGaitSnap) ? m + d * kGaitBlend : target;
  };
  blend(f.capMul[i], g.cap);
  blend(f.tailMul[i], g.tail);
  const float turnBefore = f.turnMul[i];
  blend(f.turnMul[i], g.turn);
  if (f.turnMul[i] == 1.0f) {
    f.turnCos[i] = cosTurn;
    f.turnSin[i] = sinTurn;
  } else if (f.turnMul[i] != turnBefore || dirty) {
    detSinCos(maxTurn * f.turnMul[i], &f.turnSin[i], &f.turnCos[i]);
  }
}

}  // namespace

// Per fish, in id order: a startle on its way fires; the state follows its rules (startle while panicked; hover near
// food; a sprint or hover runs its time; at a decision: a rare fright or sprint, a hover in the lee or when slow, or
// cruise until the next decision); the gait moves toward the state's. Random numbers come from the fish's own stream.
void School::chooseStates(float* ringX, float* ringY) {
  FishArrays& f = fish_;
  const Params& p = params_;
  const int n = f.count;
  const float dt = kStepSeconds;
  const float pFright = p.frightEvery > 0 ? kThinkEvery / float(p.frightEvery) : 0.0f;
  const float pSprint = p.sprintEvery > 0 ? kThinkEvery / float(p.sprintEvery) : 0.0f;
  const bool hovers = p.hoverTime > 0;
  const float pLee = hovers ? kThinkEvery / kLeeHoverEvery : 0.0f,
              pSlow = hovers ? kThinkEvery / kSlowHoverEvery : 0.0f;
  const float vmin = float(p.minSpeed), vmax = float(p.maxSpeed);
  const float slow = vmin + kSlowShare * (vmax > vmin ? vmax - vmin : 0.0f), slow2 = slow * slow;
  const float thrust = kSprintThrust * float(p.maxForce);
  const float hoverTime = float(p.hoverTime);
  const float rippleFlee = kRippleFlee * float(p.scareWeight) * float(p.maxForce);
  Gait gaits[kFishStates] = {kGaits[0], kGaits[1], kGaits[2], kGaits[3]};
  gaits[int(FishState::Startle)].cap = float(p.panicSpeed);
  int alarmed = 0;
  for (int i = 0; i < n; ++i) {
    // The common case: a calm fish cruising at its settled gait, not yet due to decide (busy covers the rest).
    if (!f.busy[i] && f.stateLeft[i] > dt && !turnDirty_) {
      f.stateLeft[i] -= dt;
      continue;
    }
    const uint8_t cue = f.cue[i];
    if (f.pending[i] > 0) {
      f.pendingDelay[i] -= dt;
      if (f.pendingDelay[i] <= 0) {
        if (f.panic[i] <= 0) startle(i, f.pending[i], f.fleeX[i], f.fleeY[i]);
        f.pending[i] = 0;
      }
    }
    if (f.alarmLeft[i] > 0) f.alarmLeft[i] = f.alarmLeft[i] > dt ? f.alarmLeft[i] - dt : 0;
    if (f.panic[i] <= 0) f.alarm[i] = 0;

    FishState st = FishState(f.state[i]);
    float left = f.stateLeft[i] > dt ? f.stateLeft[i] - dt : 0;
    if (f.panic[i] > 0) {
      st = FishState::Startle;
      left = 0;
    } else if (cue & kCueFood) {
      st = FishState::Hover;
      left = kFoodLinger;
    } else if (!(st != FishState::Startle && left > 0)) {  // a decision
      const float u = fishRandom(d_.seedMix, i, stepCount_, 0), v = fishRandom(d_.seedMix, i, stepCount_, 1);
      const float v2 = f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i];
      const bool lee = (cue & kCueLee) != 0, slowNow = !(cue & kCueAlone) && v2 < slow2;
      float edge = pFright;
      if (u < edge) {
        // Real schools startle now and then at nothing visible (a shadow, a bump): a dart ahead, seen by neighbours.
        startle(i, kFrightAlarm, f.x[i] - f.hx[i] * kFrightBehind, f.y[i] - f.hy[i] * kFrightBehind);
        noteStartle(f.x[i], f.y[i], kFrightAlarm);
        st = FishState::Startle;
        left = 0;
      } else if (u < (edge += pSprint)) {
        st = FishState::Sprint;
        left = kSprintSeconds + kSprintSpread * v;
      } else if ((lee && u < (edge += pLee)) || (slowNow && u < edge + pSlow)) {
        st = FishState::Hover;
        left = hoverTime * (kHoverShortest + kHoverSpread * v);
      } else {
        st = FishState::Cruise;
        left = kThinkShortest + kThinkSpread * v;
      }
    }
    alarmed += f.alarm[i] > 0;
    f.state[i] = uint8_t(st);
    f.stateLeft[i] = left;
    if (st == FishState::Sprint) {
      ringX[i] += f.hx[i] * thrust;
      ringY[i] += f.hy[i] * thrust;
    }
    if (f.alarm[i] > 0) {  // startled: away from where the fright began (a ripple's fish never saw it)
      float dx = f.x[i] - f.fleeX[i], dy = f.y[i] - f.fleeY[i];
      normalizeOrZero(dx, dy);
      const float k = rippleFlee * f.alarm[i];
      ringX[i] += dx * k;
      ringY[i] += dy * k;
    }

    blendGait(f, i, gaits[int(st)], d_.cosTurn, d_.sinTurn, d_.maxTurn, turnDirty_);
    f.busy[i] = st != FishState::Cruise || f.panic[i] > 0 || f.pending[i] > 0 || f.capMul[i] != 1.0f ||
                f.tailMul[i] != 1.0f || f.turnMul[i] != 1.0f;
  }
  alarmed_ = alarmed;
  turnDirty_ = false;
}

}  // namespace mirofish
