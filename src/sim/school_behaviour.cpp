// S-SIM-15 behaviour states: startle and its ripple through the school, and each fish's choice of cruise, sprint,
// hover or startle with the gait (speed cap, turn rate, tail beat) blending toward it.
#include "base/det_math.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

namespace mirofish {

float School::hoverFloorFactor() { return kGaits[int(FishState::Hover)].cap; }

bool startleFish(const Params& p, int i, float strength, float fromX, float fromY, FishBehaviour& b) {
  const bool fresh = b.alarm[i] <= 0;
  b.alarm[i] = strength;
  b.alarmLeft[i] = kAlarmWindow;
  b.panic[i] = float(p.panicTime) * (kPanicShortest + (1.0f - kPanicShortest) * strength);
  b.pending[i] = 0;
  b.fleeX[i] = fromX;
  b.fleeY[i] = fromY;
  b.busy[i] = 1;
  return fresh;
}

// Read by the page only (the water's ripples): no fish state depends on it, so the state hash cannot change.
void StartleLog::note(float x, float y, float strength, uint64_t step) {
  const int recent = count < uint64_t(kStartleEvents) ? int(count) : kStartleEvents;
  for (int k = 0; k < recent; ++k) {
    const StartleEvent& e = events[k];
    const float dx = e.x - x, dy = e.y - y;
    if (step - e.step < uint64_t(kStartleMergeSteps) && dx * dx + dy * dy < kStartleMergePx * kStartleMergePx) return;
  }
  events[count % kStartleEvents] = {x, y, strength, step};
  ++count;
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
inline void blendGait(FishBehaviour& b, int i, const Gait& g, float cosTurn, float sinTurn, float maxTurn, bool dirty) {
  auto blend = [](float& m, float target) {
    const float d = target - m;
    m = (d > kGaitSnap || d < -kGaitSnap) ? m + d * kGaitBlend : target;
  };
  blend(b.capMul[i], g.cap);
  blend(b.tailMul[i], g.tail);
  const float turnBefore = b.turnMul[i];
  blend(b.turnMul[i], g.turn);
  if (b.turnMul[i] == 1.0f) {
    b.turnCos[i] = cosTurn;
    b.turnSin[i] = sinTurn;
  } else if (b.turnMul[i] != turnBefore || dirty) {
    detSinCos(maxTurn * b.turnMul[i], &b.turnSin[i], &b.turnCos[i]);
  }
}

}  // namespace

// Per fish, in id order: a startle on its way fires; the state follows its rules (startle while panicked; hover near
// food; a sprint or hover runs its time; at a decision: a rare fright or sprint, a hover in the lee or when slow, or
// cruise until the next decision); the gait moves toward the state's. Random numbers come from the fish's own stream.
int chooseStates(const Params& p, const DerivedParams& d, uint64_t step, bool turnDirty, const FishMotion& m,
                 const FishCues& c, int n, FishBehaviour& b, float* ringX, float* ringY, StartleLog& log) {
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
    if (!b.busy[i] && b.stateLeft[i] > dt && !turnDirty) {
      b.stateLeft[i] -= dt;
      continue;
    }
    const uint8_t cue = c.cue[i];
    if (b.pending[i] > 0) {
      b.pendingDelay[i] -= dt;
      if (b.pendingDelay[i] <= 0) {
        if (b.panic[i] <= 0) startleFish(p, i, b.pending[i], b.fleeX[i], b.fleeY[i], b);
        b.pending[i] = 0;
      }
    }
    if (b.alarmLeft[i] > 0) b.alarmLeft[i] = b.alarmLeft[i] > dt ? b.alarmLeft[i] - dt : 0;
    if (b.panic[i] <= 0) b.alarm[i] = 0;

    FishState st = FishState(b.state[i]);
    float left = b.stateLeft[i] > dt ? b.stateLeft[i] - dt : 0;
    if (b.panic[i] > 0) {
      st = FishState::Startle;
      left = 0;
    } else if (cue & kCueFood) {
      st = FishState::Hover;
      left = kFoodLinger;
    } else if (!(st != FishState::Startle && left > 0)) {  // a decision
      const float u = fishRandom(d.seedMix, i, step, 0), v = fishRandom(d.seedMix, i, step, 1);
      const float v2 = m.vx[i] * m.vx[i] + m.vy[i] * m.vy[i];
      const bool lee = (cue & kCueLee) != 0, slowNow = !(cue & kCueAlone) && v2 < slow2;
      float edge = pFright;
      if (u < edge) {
        // Real schools startle now and then at nothing visible (a shadow, a bump): a dart ahead, seen by neighbours.
        startleFish(p, i, kFrightAlarm, m.x[i] - m.hx[i] * kFrightBehind, m.y[i] - m.hy[i] * kFrightBehind, b);
        log.note(m.x[i], m.y[i], kFrightAlarm, step);
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
    alarmed += b.alarm[i] > 0;
    b.state[i] = uint8_t(st);
    b.stateLeft[i] = left;
    if (st == FishState::Sprint) {
      ringX[i] += m.hx[i] * thrust;
      ringY[i] += m.hy[i] * thrust;
    }
    if (b.alarm[i] > 0) {  // startled: away from where the fright began (a ripple's fish never saw it)
      float dx = m.x[i] - b.fleeX[i], dy = m.y[i] - b.fleeY[i];
      normalizeOrZero(dx, dy);
      const float k = rippleFlee * b.alarm[i];
      ringX[i] += dx * k;
      ringY[i] += dy * k;
    }

    blendGait(b, i, gaits[int(st)], d.cosTurn, d.sinTurn, d.maxTurn, turnDirty);
    b.busy[i] = st != FishState::Cruise || b.panic[i] > 0 || b.pending[i] > 0 || b.capMul[i] != 1.0f ||
                b.tailMul[i] != 1.0f || b.turnMul[i] != 1.0f;
  }
  return alarmed;
}

}  // namespace mirofish
