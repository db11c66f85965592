// The fish school: structure-of-arrays state, one fixed step at a time. Never reads a clock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/constants.h"
#include "base/rng.h"
#include "sim/fish_arrays.h"
#include "sim/formation_state.h"
#include "sim/metrics.h"
#include "sim/neighbour_grid.h"
#include "sim/obstacles.h"
#include "sim/params.h"
#include "sim/perception.h"

namespace mirofish {

constexpr float kStepSeconds = 1.0f / float(kStepHz);  // S-SIM-10 fixed step (base/constants.h kStepHz)
constexpr int kMaxScares = 8;
// kMaxPellets (base/constants.h), S-INT-4: a small cap; a further pellet replaces the oldest.
constexpr int kMaxAttractors = 3;  // S-SIM-14 points of interest

// A neighbour found under a neighbour cap: distance, fish id (tie-break), slot in the candidate arrays.
struct CapCandidate {
  float d2;
  int id, slot;
};

struct Scare {
  float x = 0, y = 0, timeLeft = 0;  // px, px, s
};

// A food pellet (S-INT-4): it sinks out of reach when timeLeft runs out, or is eaten; timeLeft 0 = no pellet.
struct Pellet {
  float x = 0, y = 0, timeLeft = 0, life = 0;  // px, px, s left, s it started with (the renderer fades by the ratio)
  uint64_t id = 0;                             // 1, 2, ... in the order dropped
};

struct Point {
  float x = 0, y = 0;
};

// S-ECO-5 where fish took fright: a direct startle (a scare, the pointer, the predator, a fright at nothing), for the
// water's ripples. Startles passed on from fish to fish are not recorded, and a startle near a recent event joins it
// (kStartleMergePx, kStartleMergeSteps), so a whole chain reaction is one event. Recording changes no fish.
struct StartleEvent {
  float x = 0, y = 0;  // px: where the fright came from
  float strength = 0;  // 1 a scare or the predator, 0.6 the pointer, 0.4 a fright at nothing
  uint64_t step = 0;   // the step it happened in
};
constexpr int kStartleEvents = 4;       // a small ring: the page reads it every frame
constexpr float kStartleMergePx = 60;   // px: a startle this close to a recent event joins it ...
constexpr int kStartleMergeSteps = 30;  // ... recent: this many steps (0.5 s)

// The ring of recent startle events: event k (k = 0, 1, ... in the order recorded) is in slot k % kStartleEvents,
// `count` says how many were ever recorded. Written by the phases that startle fish directly (the pointer and scares,
// the predator, a fright at nothing in the state phase); read by the page only, so no fish state depends on it.
struct StartleLog {
  StartleEvent events[kStartleEvents];
  uint64_t count = 0;
  // Records a direct startle at (x, y) in step `step`, unless a recent event is close (school_behaviour.cpp).
  void note(float x, float y, float strength, uint64_t step);
};

// S-ECO-2 the predator: one bigger, faster fish that hunts the school's nearest dense part and never catches a fish.
struct Predator {
  bool present = false, leaving = false;  // leaving: predator=0 sent it off; it swims out of the world and is gone
  float x = 0, y = 0, vx = 0, vy = 0;     // px, px/s
  float targetX = 0, targetY = 0;         // px: the dense part it hunts now
};
constexpr int kDenseCols = 16, kDenseRows = 9;  // the predator's coarse density map over the world
// The predator's density map: fish, and the sums of their positions, per map cell. Filled afresh at each re-aim.
struct DenseMap {
  int count[kDenseCols * kDenseRows] = {};
  float x[kDenseCols * kDenseRows] = {}, y[kDenseCols * kDenseRows] = {};
};

// S-INT-1 the raw pointer the page set (world px), and the smoothed virtual cursor the fish avoid, which follows it
// (updateCursor, step_phases.h); active=false while there is no pointer.
struct PointerInput {
  bool present = false;
  float x = 0, y = 0;
};
struct Cursor {
  bool active = false;
  float x = 0, y = 0, radius = 0;  // px
};

// S-SIM-14 the pond of this step (driftPond, step_phases.h): the points of interest and the current's phases, rad,
// of each band set. Functions of the step count alone.
struct PondDrift {
  Point attractors[kMaxAttractors];
  float phaseX = 0, phaseY = 0;
};

// The step's scratch: the per-step copies of the fish in grid cell order and the buffers its phases reuse. Not part
// of the school's state: no step's result depends on what an earlier step left here (with one species `kind` is
// kept all 0, the padding stays 0, and pass 1 leaves the pair slots 0), and the state hash never sees it. Held by
// the School only so that a step allocates nothing.
struct StepScratch {
  std::vector<float> x, y, vx, vy;          // neighbour candidates (padded for the four-wide scan)
  std::vector<float> hx, hy, panic, force;  // the visited fish's own inputs
  std::vector<float> fx, fy;                // its steering output (scattered back to id order)
  std::vector<float> tvx, tvy;              // alignment terms trunc(v * 2^20) of the four-wide scan
  std::vector<uint8_t> cue;                 // pass 1's cues (scattered with the steering)
  std::vector<float> lone;                  // pass 1's lone-fish share (scattered with the steering)
  std::vector<float> kind;                  // S-ECO-3 each candidate's species as a float (compared four at once)
  std::vector<float> draws;                 // pass 2's RNG draws (four-wide builds)
  std::vector<CapCandidate> found;          // a fish's collected neighbours; capacity = fish capacity
  std::vector<int> groupParent;             // union-find parents for the groups metric (cell-order slots)
  std::vector<double> pairSums;             // the half-shell scan's six sums a slot, six padded arrays (pair_scan.h)
  std::vector<int> pairCounts;              // and its three counts a slot
  DenseMap dense;                           // the predator's density map (refilled at each re-aim)
};

// This step's pond forces for pass 2 (S-SIM-14): the current's amplitude (px/s^2), wavenumber and phases; the
// points of interest and their pull (px/s^2). Made by pondPull (step_phases.h), read by pass 2 (school_motion.cpp).
struct PondPull {
  float current, k, phaseX, phaseY;
  int points;
  float x[kMaxAttractors], y[kMaxAttractors];
  float weight, hold, invBand, lone;  // pull, its zero (half the radius), 1 / (radius - hold), lone fish's pull
};

// Derived from the parameters once per setParams, in float, so a step does no trig and no division by params.
struct DerivedParams {
  Perception look;         // the rules' radii and the blind spot (perception.h, shared with inspection)
  float cosTurn, sinTurn;  // max heading change per step
  float maxTurn;           // rad per step
  float cursorAlpha;       // virtual cursor follow factor per step
  float currentK;          // rad/px: pi / currentScale
  uint32_t seedMix;        // the seed, mixed: per-fish random streams and the pond's fixed phases
};

struct SnapshotFields;  // a snapshot's field table (school_snapshot.cpp)

class School {
 public:
  explicit School(const Params& params = Params());

  // Applies new parameters; a changed fish count adds fish from the school's RNG or drops the highest ids.
  void setParams(const Params& params);
  const Params& params() const { return params_; }

  // Raw pointer in world px for the following steps; present=false when there is none.
  void setPointer(bool present, float x, float y);
  void scare(float x, float y);  // S-INT-3 fear source at a world position
  void feed(float x, float y);   // S-INT-4 drops a pellet at a world position (the oldest goes beyond kMaxPellets)
  // S-ECO-1: replaces the obstacles (world px; the first kMaxObstacles). Fish inside one leave it at the next step.
  void setObstacles(const Obstacle* list, int count);
  const ObstacleField& obstacles() const { return obstacles_; }
  uint64_t obstacleExits() const { return obstacleExits_; }  // fish put back on an outline (the hard limit) so far
  const Predator& predator() const { return predator_; }
  void setBruteForce(bool on) { bruteForce_ = on; }
  // S-DEV-4 metrics (school_metrics.cpp), off by default: the page and the bench never pay for them. On, every step
  // keeps what a later step's metrics depend on (the state rule's window, the coverage visits: cheap), and the full
  // metrics (groups, centroid, nearest distances, ...) are computed only on the steps whose count is a multiple of
  // `every` (0: none) and on a step asked for with measureNextStep(); metrics() is the last computed step's. A step's
  // metrics are the same whatever the cadence, so `run --every N` writes the rows every-step metrics would.
  void setMetrics(bool on, uint64_t every) {
    metricsOn_ = on;
    metricsEvery_ = every;
  }
  void setMetricsEnabled(bool on) { setMetrics(on, 1); }  // every step (the studio)
  void measureNextStep() { measureNext_ = true; }

  void step();
  void steps(int n);

  // S-CHO: lands the school on `spec` from simulated second `atSeconds` (now, when that has passed) and holds it
  // `holdSeconds` (<= 0: until release()), then hands the fish back to the boids (school_formation.cpp). False,
  // with the reason, when it cannot be laid out in this world; the school is unchanged then. Fish are added for
  // a formation with more targets than fish, and removed on release.
  bool form(const FormSpec& spec, float holdSeconds, double atSeconds, std::string* why);
  // A hash's form= and at= (none: true), with the default hold: how the page's Pond, the CLI's frames and the C
  // interface all start a school that a hash shapes.
  bool formFromHash(const FormSpec& spec, double atSeconds, std::string* why);
  void release();
  const FormationState& formation() const { return form_; }

  // 64-bit FNV-1a over x, y, vx, vy of every fish in id order.
  uint64_t stateHash() const;

  // The school as bytes, for the next page of a site (school_snapshot.cpp has the layout): every fish's whole state,
  // the RNG, the step, the pointer's cursor, scares, pellets, the predator; versioned, keyed by the parameters that
  // make the school (snapshotKey) and checksummed. False, with why, while a formation is under way (it is not carried).
  bool writeSnapshot(std::vector<uint8_t>* out, std::string* why) const;
  // Goes on from a snapshot: the next step is the one the snapshot's school would have taken. False, with one reason
  // and the school untouched, for a damaged snapshot, another version's, or another school's (other parameters).
  bool readSnapshot(const uint8_t* data, size_t size, std::string* why);
  // FNV-1a over the parameters a school's steps depend on (the table's sim and pointer groups), not the look's.
  static uint64_t snapshotKey(const Params& p);

  int count() const { return fish_.count; }
  uint64_t stepCount() const { return stepCount_; }
  const FishArrays& fish() const { return fish_; }
  const NeighbourGrid& grid() const { return grid_; }  // its shape (cell, cols, rows) and cellOf(); read by inspect.cpp
  const StepMetrics& metrics() const { return metrics_; }
  uint64_t distanceChecks() const { return lastChecks_; }  // pairs tested in the last step
  uint64_t clampCount() const { return clampCount_; }      // fallback position clamps ever fired
  // Smoothed virtual cursor (S-INT-1); active=false when there is no pointer.
  bool cursorActive() const { return cursor_.active; }
  float cursorX() const { return cursor_.x; }
  float cursorRadius() const { return cursor_.radius; }
  const Pellet* pellets() const { return pellets_; }  // kMaxPellets slots
  uint64_t pelletsEaten() const { return pelletsEaten_; }
  uint64_t pelletsDropped() const { return pelletsDropped_; }
  // S-ECO-5 recent direct startles: event k (k = 0, 1, ... in the order recorded) is in slot k % kStartleEvents;
  // startleEventCount() says how many were ever recorded, so a reader takes the ones it has not seen yet.
  const StartleEvent* startleEvents() const { return startles_.events; }
  uint64_t startleEventCount() const { return startles_.count; }
  // S-SIM-14: this step's points of interest (params().attractors of them) and the current's force at a point.
  const Point* attractors() const { return drift_.attractors; }
  void currentAt(float x, float y, float* fx, float* fy) const;
  static float hoverFloorFactor();  // a hovering fish's lowest speed, as a multiple of minSpeed
  // Index and step of the first non-finite value found after a step, -1 if none (S-SIM-9).
  int firstNonFinite() const { return badFish_; }
  uint64_t firstNonFiniteStep() const { return badStep_; }

 private:
  void resize(int n);
  void spawn(int i);
  void derive();
  // S-ECO-3 (school_kinds.cpp): kinds and speeds of fish [from, to); a new species count (deal: the fish kept);
  // the candidates' kinds in cell order (order null: id order) for pass 1.
  void dealSpecies(int from, int to);
  void changeSpecies(bool deal);
  void sortKinds(const int* order);
  struct StepTotals {
    uint64_t checks = 0;
    float minD2 = -1;
    double sumNeighbours = 0, sumLocalPol = 0, sumNearest = 0;
    int localPolCount = 0, nearestCount = 0;
  };
  // The phases of step(), in the order it runs them (school_step.cpp). Most are free functions in step_phases.h whose
  // signatures say which parts of the fish (fish_arrays.h) and of the school they read (const) and write:
  //   updateCursor          the cursor
  //   driftPond             the pond's drift (points of interest, the current's phases)
  //   huntPredator          the predator (and the scratch's density map)
  //   fleePointerAndScares  pass 1's steering (cell order), behaviour (panic, startle), the startle log
  //   spreadStartle         behaviour (the ripple's offers)
  //   seekFood              the pellets, the cues, behaviour (busy), this step's ring slot
  //   fleePredator          behaviour (panic, startle), the ring slot, the startle log
  //   chooseStates          behaviour (the state, gait and ripple), the ring slot, the startle log
  //   repelObstacles        the ring slot
  //   moveFish              motion, behaviour (animation, panic's countdown), the ring slot
  //   leaveObstacles        motion (the obstacles' hard limit)
  //   landFormation         motion and the formation (its springs, settling, the hold)
  // The members here write: bucketFish the scratch (the candidates in cell order, from motion, panic and the force
  // trait); pass 1 (steerFromNeighbours) the scratch (steering, cues); scatterSteering (school_step.cpp) the ring slot
  // and the cues; runFormation the formation's phase and, to begin or end one, the fish count. Traits change only at
  // spawn and with the species count.
  void bucketFish();  // grid build; copies of the fish in cell order
  StepTotals steerFromNeighbours(float* outX, float* outY, uint8_t* outCue,
                                 float* outLone);  // pass 1: the three rules (cell order)
  void ageScaresAndPellets();
  void beginFormation();  // S-CHO the landing's first step: targets, added fish, assignment, departures
  void runFormation();    // S-CHO after pass 2: waits, begins, lands (landFormation), ends the formation
  void fitObstacles();    // S-ECO-1 rebuckets the obstacles when the world or their margin changed
  void checkFinite();     // S-SIM-9
  void recordMetrics(const StepTotals& t, bool measure);  // S-DEV-4, only when metrics are on
  void computeMetrics(const StepTotals& t);               // S-DEV-4 the full metrics of a measured step
  int countGroups();                                      // metrics: union-find over the cohesion-radius links
  void markCoverage();          // metrics: marks this step's cells (every step with metrics on)
  float coverageShare() const;  // metrics: the share of cells visited within the window
  void resetCoverage();
  // The snapshot's fields in order, one table for writing, checking and reading (school_snapshot.cpp).
  void snapshotFields(SnapshotFields& io);

  Params params_;
  FishArrays fish_;
  NeighbourGrid grid_;
  Rng rng_;
  StepMetrics metrics_;
  MetricsHistory history_;
  StepScratch scratch_;                         // the step's scratch: not state (see StepScratch)
  uint64_t coverageLast_[kCoverageCells] = {};  // last step a fish was in each coverage cell; 0 = never
  ObstacleField obstacles_;
  uint64_t obstacleExits_ = 0;
  Predator predator_;
  bool bruteForce_ = false;
  bool metricsOn_ = false;
  bool measuring_ = false;     // this step computes the full metrics (set by step())
  bool measureNext_ = false;   // measureNextStep() was called
  uint64_t metricsEvery_ = 1;  // with metrics on, the full metrics every this many steps (0: only when asked)

  uint64_t stepCount_ = 0;
  uint64_t lastChecks_ = 0;
  uint64_t clampCount_ = 0;
  int badFish_ = -1;
  uint64_t badStep_ = 0;

  PointerInput pointer_;
  Cursor cursor_;
  Scare scares_[kMaxScares];
  Pellet pellets_[kMaxPellets];
  uint64_t pelletsEaten_ = 0, pelletsDropped_ = 0;
  StartleLog startles_;
  int alarmed_ = 0;        // fish with a startle strength (ripple flee and spread only run while some are)
  bool turnDirty_ = true;  // the turn rate changed: every fish's turn limit is worked out again
  FormationState form_;
  PondDrift drift_;
  DerivedParams d_{};
  uint64_t rngState_ = 0;  // rng_'s state on its way into or out of a snapshot
};

// S-SIM-10: the platform loop feeds frame seconds, gets whole steps back (at most 3 a frame).
struct FixedStep {
  static constexpr double kDt = 1.0 / double(kStepHz);
  static constexpr int kMaxSteps = 3;
  double accumulator = 0;
  int advance(double frameSeconds);
};

}  // namespace mirofish
