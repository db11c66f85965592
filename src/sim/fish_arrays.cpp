// Capacity doubling for the fish arrays.
#include "sim/fish_arrays.h"

namespace mirofish {

void FishArrays::reserveFor(int n) {
  if (n <= capacity) return;
  int cap = capacity > 0 ? capacity : 64;
  while (cap < n) cap *= 2;
  size_t c = size_t(cap);
  for (auto* v :
       {&x, &y, &vx, &vy, &hx, &hy, &speedScale, &forceScale, &depth, &tailPhase, &turn, &panic, &wanderPhase})
    v->resize(c, 0.0f);
  pattern.resize(c, 0u);
  for (int k = 0; k < kMaxSmoothing; ++k) {
    steerX[k].resize(c, 0.0f);
    steerY[k].resize(c, 0.0f);
  }
  capacity = cap;
}

}  // namespace mirofish
