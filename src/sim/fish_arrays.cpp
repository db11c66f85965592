// Capacity doubling for the fish arrays: every part (motion, traits, behaviour, cues) in one list, so the page's
// -Oz module carries one loop.
#include "sim/fish_arrays.h"

namespace mirofish {

void FishArrays::reserveFor(int n) {
  if (n <= capacity) return;
  int cap = capacity > 0 ? capacity : 64;
  while (cap < n) cap *= 2;
  size_t c = size_t(cap);
  for (auto* v :
       {&x,         &y,     &vx,        &vy,          &hx,           &hy,     &speedScale, &forceScale, &depth,
        &tailPhase, &turn,  &panic,     &wanderPhase, &stateLeft,    &capMul, &turnMul,    &tailMul,    &turnCos,
        &turnSin,   &alarm, &alarmLeft, &pending,     &pendingDelay, &fleeX,  &fleeY,      &lone,       &speedVary})
    v->resize(c, 0.0f);
  pattern.resize(c, 0u);
  state.resize(c, 0);
  species.resize(c, 0);
  busy.resize(c, 0);
  cue.resize(c, 0);
  pendingFrom.resize(c, 0);
  for (int k = 0; k < kMaxSmoothing; ++k) {
    steerX[k].resize(c, 0.0f);
    steerY[k].resize(c, 0.0f);
  }
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
