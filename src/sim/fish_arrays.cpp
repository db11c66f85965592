// Capacity doubling for the fish arrays.
#include "sim/fish_arrays.h"

#include <initializer_list>

namespace mirofish {

namespace {

void grow(size_t c, std::initializer_list<std::vector<float>*> floats) {
  for (auto* v : floats) v->resize(c, 0.0f);
}

void grow(FishMotion& m, size_t c) { grow(c, {&m.x, &m.y, &m.vx, &m.vy, &m.hx, &m.hy}); }

void grow(FishTraits& t, size_t c) {
  grow(c, {&t.speedScale, &t.forceScale, &t.speedVary, &t.depth});
  t.species.resize(c, 0);
  t.pattern.resize(c, 0u);
}

void grow(FishBehaviour& b, size_t c) {
  grow(c, {&b.tailPhase, &b.turn, &b.panic, &b.wanderPhase, &b.stateLeft, &b.capMul, &b.turnMul, &b.tailMul, &b.turnCos,
           &b.turnSin, &b.alarm, &b.alarmLeft, &b.pending, &b.pendingDelay, &b.fleeX, &b.fleeY});
  for (int k = 0; k < kMaxSmoothing; ++k) grow(c, {&b.steerX[k], &b.steerY[k]});
  b.state.resize(c, 0);
  b.busy.resize(c, 0);
  b.pendingFrom.resize(c, 0);
}

void grow(FishCues& q, size_t c) {
  q.cue.resize(c, 0);
  q.lone.resize(c, 0.0f);
}

}  // namespace

void FishArrays::reserveFor(int n) {
  if (n <= capacity) return;
  int cap = capacity > 0 ? capacity : 64;
  while (cap < n) cap *= 2;
  const size_t c = size_t(cap);
  grow(motion(), c);
  grow(traits(), c);
  grow(behaviour(), c);
  grow(cues(), c);
  capacity = cap;
}

const char* fishStateName(FishState s) {
  switch (s) {
    case FishState::Cruise: return "cruise";
    case FishState::Sprint: return "sprint";
    case FishState::Hover: return "hover";
    default: return "startle";
  }
}

}  // namespace mirofish
