// The shared determinism scenario: one school, a pointer sweep and a scare, fixed steps (the golden-hash test).
#pragma once

#include "link/hash_codec.h"
#include "sim/school.h"

namespace mirofish {

constexpr const char* kGoldenHash = "n=300&seed=7";
constexpr int kGoldenSteps = 600;

// Runs the scenario and returns the school as it ends. The pointer sweeps across the world for the
// first 200 steps, then leaves; a scare lands at step 300. Everything is a pure function of the steps.
inline School runGoldenSchool(bool brute = false) {
  School school(decodeHash(kGoldenHash).params);
  school.setBruteForce(brute);
  for (int s = 0; s < kGoldenSteps; ++s) {
    if (s < 200)
      school.setPointer(true, 200.0f + 6.0f * float(s), 450.0f);
    else
      school.setPointer(false, 0, 0);
    if (s == 300) school.scare(800.0f, 450.0f);
    school.step();
  }
  return school;
}

// The scenario's state hash (the golden hash).
inline uint64_t runGoldenScenario(bool brute = false) { return runGoldenSchool(brute).stateHash(); }

}  // namespace mirofish
