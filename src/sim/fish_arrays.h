// Structure-of-arrays fish state in id order; capacity grows by doubling (S-REN-1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mirofish {

constexpr int kMaxSmoothing = 8;  // steering ring buffer slots (S-SIM-4)

struct FishArrays {
  int count = 0;
  int capacity = 0;
  // Hot state, hashed: position (px) and velocity (px/s).
  std::vector<float> x, y, vx, vy;
  // Heading as a unit vector (kept even when speed is 0), no atan2 anywhere.
  std::vector<float> hx, hy;
  // Per-fish variation from the seeded RNG (S-SIM-5).
  std::vector<float> speedScale, forceScale;
  std::vector<float> depth;       // 0 back .. 1 front (S-ECO-4)
  std::vector<uint32_t> pattern;  // koi patch seed for the renderer
  // Animation and behaviour state.
  std::vector<float> tailPhase;                                     // rad, advanced with speed^0.6 (S-REN-6)
  std::vector<float> turn;                                          // signed turn rate, rad/s, smoothed (S-REN-7)
  std::vector<float> panic;                                         // seconds of panic left (S-INT-2)
  std::vector<float> wanderPhase;                                   // rad, smooth per-fish wander noise (S-SIM-14)
  std::vector<float> steerX[kMaxSmoothing], steerY[kMaxSmoothing];  // ring of recent steering

  // Grows storage to hold n fish (doubling); never shrinks, so a later grow allocates nothing.
  void reserveFor(int n);
};

}  // namespace mirofish
