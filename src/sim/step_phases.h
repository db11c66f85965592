// The phases of School::step as functions of the parts they touch (the fish's parts, fish_arrays.h, and the school's
// own: the cursor, the pond's drift, the predator, the startle log, the formation), in the order step() runs them:
// each signature says what the phase reads (const) and writes (the rest). Internal to src/sim.
#pragma once

#include <cstdint>

#include "base/rng.h"
#include "sim/fish_arrays.h"
#include "sim/neighbour_grid.h"
#include "sim/obstacles.h"
#include "sim/params.h"
#include "sim/school.h"

namespace mirofish {

// S-INT-1 (school_pointer.cpp): the virtual cursor follows the raw pointer by `alpha` a step (a ~0.12 s lag) and its
// avoidance radius grows with its speed; it goes inactive while there is no pointer. Writes the cursor only.
void updateCursor(const Params& p, float alpha, const PointerInput& pointer, Cursor& cursor);

// S-SIM-14 (school_pond.cpp): this step's points of interest and the current's phases, functions of the step count
// and the seed's mix (seedMix) alone. Writes the drift only.
void driftPond(const Params& p, uint32_t seedMix, uint64_t step, PondDrift& drift);
// The pond's forces for pass 2 from this step's drift (currentK: the current's wavenumber, rad/px).
PondPull pondPull(const Params& p, float currentK, const PondDrift& drift);

// S-ECO-2 (school_predator.cpp): the predator enters (at a point drawn from seedMix and the step), hunts the nearest
// dense part of the school (re-aimed every 0.5 s from the motion's positions, counted into `map`, the step's
// scratch) or, with predator=0, leaves. Writes the predator and the map.
void huntPredator(const Params& p, uint32_t seedMix, uint64_t step, const FishMotion& m, int n, DenseMap& map,
                  Predator& pr);

// S-SIM-15 fish i startles now at `strength`, fleeing from (fromX, fromY): writes behaviour's ripple (its strength,
// the window it passes it on, the flee point, no startle pending), panic and busy. True when the fish had no startle
// strength before, so a caller can count the alarmed fish.
bool startleFish(const Params& p, int i, float strength, float fromX, float fromY, FishBehaviour& b);

// S-INT-1 pointer and S-INT-3 scares (school_pointer.cpp), added to pass 1's steering `outX`, `outY` in its visiting
// order: `X`, `Y` are the candidates' positions in that order (the scratch), `sortedIds` the ids (null: id order).
// Reads the cursor (ignored while a live pellet lies within its radius: the hand that feeds) and the scares; a fish
// they reach panics and, if it was calm, startles (behaviour) with its event noted in `log` at `step`. Returns how
// many fish it alarmed; with no cursor and no live scare (the usual step) it does nothing.
int fleePointerAndScares(const Params& p, const Cursor& cursor, const Scare* scares, const Pellet* pellets,
                         const float* X, const float* Y, const int* sortedIds, int n, uint64_t step, float* outX,
                         float* outY, FishBehaviour& b, StartleLog& log);

// S-SIM-15 the startle ripple (school_behaviour.cpp): each fish still passing its startle on offers it to the calm
// fish within sqrt(r2). Reads the motion (positions) and the grid of this step (null: brute force, every fish);
// writes behaviour's offers (pending, its delay and sender, the flee point, busy).
void spreadStartle(const Params& p, float r2, const FishMotion& m, const NeighbourGrid* grid, int n, FishBehaviour& b);

// S-INT-4 food (school_pond.cpp): each calm fish within feedRadius of a live pellet turns to the nearest, hovers near
// it, eats it when close. Reads the motion (positions) and behaviour's panic; writes the pellets (an eaten one's
// time), the cues (kCueFood), behaviour's busy and this step's ring slot. Returns how many pellets were eaten.
uint64_t seekFood(const Params& p, const FishMotion& f, int n, Pellet* pellets, FishCues& c, FishBehaviour& b,
                  float* ringX, float* ringY);

// S-ECO-2 (school_predator.cpp): fish within predatorRadius of a present predator flee away and to their own side of
// its path, in id order. Reads the motion (positions); adds the flight to this step's ring slot; a fish panics and,
// if it was calm, startles (behaviour) with its event noted in `log` at `step`. (chooseStates, next, counts the
// alarmed fish afresh.)
void fleePredator(const Params& p, const Predator& pr, const FishMotion& m, int n, uint64_t step, FishBehaviour& b,
                  float* ringX, float* ringY, StartleLog& log);

// S-SIM-15 (school_behaviour.cpp), per fish in id order: a startle on its way fires; the state follows its rules
// (startle while panicked, hover near food, a timed state runs out, a decision from the fish's own random stream:
// d.seedMix and `step`); the gait blends toward the state's (the turn limit from d; turnDirty: the turn rate
// changed, so every fish's is worked out again). Reads the motion (position, velocity, heading) and the cues; writes
// behaviour (state, gait, the ripple, panic), adds a sprint's thrust and a startled fish's flight to this step's
// ring slot, notes a fright at nothing in `log`. Returns how many fish have a startle strength.
int chooseStates(const Params& p, const DerivedParams& d, uint64_t step, bool turnDirty, const FishMotion& m,
                 const FishCues& c, int n, FishBehaviour& b, float* ringX, float* ringY, StartleLog& log);

// S-ECO-1 obstacles (school_obstacles.cpp), looked up near each fish in `field` (bucketed for this world by
// School::fitObstacles; all: every obstacle, for brute force). repelObstacles reads the motion (position, heading)
// and adds the soft push to this step's ring slot; leaveObstacles, after pass 2, puts a fish that got inside back
// on the outline, gliding along it (writes the motion), and returns how many times it did.
void repelObstacles(const Params& p, const ObstacleField& field, bool all, const FishMotion& f, int n, float* ringX,
                    float* ringY);
uint64_t leaveObstacles(const Params& p, const ObstacleField& field, bool all, int n, FishMotion& f);

// Pass 2 (school_motion.cpp): each fish moves on its own state: wander, the ring's steering smoothed and clamped,
// soft walls, turn limit, speed cap, tail beat, position. Reads the traits, the cues (the lone share) and the pond's
// pull; writes the motion, behaviour's animation (wander, turn, tail), panic's countdown and this step's ring slot
// `slot` (the wander and pond forces added); draws one RNG number per fish in id order (into `draws`, the step's
// scratch, in four-wide builds). Returns how many fallback position clamps fired.
uint64_t moveFish(const Params& p, int slot, const PondPull& pull, const FishTraits& t, const FishCues& c, int n,
                  FishMotion& m, FishBehaviour& b, Rng& rng, float* draws);

// S-CHO after pass 2 (school_formation.cpp), while a formation lands or holds (the school's world and fish count as it
// was laid out for): blends each assigned fish's move with its spring toward its target and settles it there; moves
// a moving formation's targets to `step`; starts the hold when all have settled (or at the landing's cap). Writes the
// motion and the formation. True when the hold is over (the caller releases the formation).
bool landFormation(uint64_t step, int n, FishMotion& m, FormationState& s);

}  // namespace mirofish
