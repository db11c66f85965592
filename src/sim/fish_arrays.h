// Structure-of-arrays fish state in id order, in parts (motion, traits, behaviour, cues); capacity grows by doubling.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mirofish {

constexpr int kMaxSmoothing = 8;  // steering ring buffer slots (S-SIM-4)

// S-SIM-15 behaviour states, in the order of the metrics' columns.
enum class FishState : uint8_t { Cruise, Sprint, Hover, Startle };
constexpr int kFishStates = 4;
const char* fishStateName(FishState s);

// The fish's state in parts, each array in id order (S-SIM-1 .. S-SIM-15). Which phase of School::step writes which
// part is the point of the split: a reader can tell from a phase's part what it may change (school.h lists them).

// Hot motion state, hashed (x, y, vx, vy: stateHash): written by the move phase (moveFish, step_phases.h), and by
// the hard limits after it (an obstacle's outline, a formation's springs), never by the scan or the rules.
struct FishMotion {
  std::vector<float> x, y, vx, vy;  // position (px) and velocity (px/s)
  std::vector<float> hx, hy;        // heading as a unit vector (kept even when speed is 0), no atan2 anywhere
};

// Per-fish traits, set at spawn from the seeded RNG (S-SIM-5) and rescaled only by a new species count (S-ECO-3):
// speedScale includes the species' speed, speedVary is the draw alone (so a change of species scales it again exactly).
struct FishTraits {
  std::vector<float> speedScale, forceScale, speedVary;
  std::vector<uint8_t> species;   // S-ECO-3 kind, 0 .. species - 1 (species.h speciesOf)
  std::vector<float> depth;       // 0 back .. 1 front (S-ECO-4)
  std::vector<uint32_t> pattern;  // koi patch seed for the renderer
};

// Behaviour state carried from step to step: animation, panic, the steering ring, the behaviour state machine and
// the startle ripple.
struct FishBehaviour {
  std::vector<float> tailPhase;                                     // rad, advanced with speed^0.6 (S-REN-6)
  std::vector<float> turn;                                          // signed turn rate, rad/s, smoothed (S-REN-7)
  std::vector<float> panic;                                         // seconds of panic left (S-INT-2)
  std::vector<float> wanderPhase;                                   // rad, smooth per-fish wander noise (S-SIM-14)
  std::vector<float> steerX[kMaxSmoothing], steerY[kMaxSmoothing];  // ring of recent steering
  // S-SIM-15 behaviour: the state, time left in a timed one (sprint, hover), and the gait it blends toward over
  // ~0.3 s: speed-cap, turn-rate and tail-beat multipliers, with the turn limit's cos/sin per step.
  std::vector<uint8_t> state;  // FishState
  std::vector<uint8_t> busy;   // 0: cruising at a settled gait with nothing on its way (the state phase's fast path)
  std::vector<float> stateLeft;
  std::vector<float> capMul, turnMul, tailMul;
  std::vector<float> turnCos, turnSin;
  // Startle as a ripple: this fish's startle strength (0 none) and how long it still passes it on; a startle on
  // its way from a neighbour (strength, delay, the neighbour's id for ties); where the fright came from (flee away).
  std::vector<float> alarm, alarmLeft;
  std::vector<float> pending, pendingDelay;
  std::vector<int> pendingFrom;
  std::vector<float> fleeX, fleeY;
};

// This step's cues, handed from the scan and the food phase to the state and move phases in id order. Rewritten
// every step before they are read (no step reads an earlier step's), kept with the fish for the tests and the studio.
struct FishCues {
  std::vector<uint8_t> cue;  // kCue* bits
  std::vector<float> lone;   // 1 when the scan found at most one neighbour (pass 2 pulls it toward the school)
};

// All the parts, one capacity: a phase takes the part it reads or writes (f.x is FishMotion::x).
struct FishArrays : FishMotion, FishTraits, FishBehaviour, FishCues {
  int count = 0;
  int capacity = 0;
  FishMotion& motion() { return *this; }
  const FishMotion& motion() const { return *this; }
  FishTraits& traits() { return *this; }
  const FishTraits& traits() const { return *this; }
  FishBehaviour& behaviour() { return *this; }
  const FishBehaviour& behaviour() const { return *this; }
  FishCues& cues() { return *this; }
  const FishCues& cues() const { return *this; }

  // Grows storage to hold n fish (doubling); never shrinks, so a later grow allocates nothing.
  void reserveFor(int n);
};

}  // namespace mirofish
