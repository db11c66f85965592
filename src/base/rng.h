// Seeded PCG32 random numbers; the state lives in the school, never in a static (S-SIM-11).
#pragma once

#include <cstdint>

namespace mirofish {

class Rng {
 public:
  explicit Rng(uint64_t seed = 1) { reseed(seed); }
  void reseed(uint64_t seed) {
    state_ = 0;
    next();
    state_ += seed + 0x853c49e6748fea9bULL;
    next();
  }
  uint32_t next() {
    uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + 1442695040888963407ULL;
    uint32_t xorshifted = uint32_t(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = uint32_t(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
  }
  // Uniform in [0, 1) with 24 bits, exact in float.
  float uniform() { return float(next() >> 8) * (1.0f / 16777216.0f); }
  float range(float lo, float hi) { return lo + (hi - lo) * uniform(); }
  // The whole generator, for a school's snapshot (sim/school_snapshot.cpp): restoring it resumes the same draws.
  uint64_t state() const { return state_; }
  void restore(uint64_t state) { state_ = state; }

 private:
  uint64_t state_ = 0;
};

}  // namespace mirofish
