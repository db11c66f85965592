// The phases of School::step that are functions of the fish's parts (fish_arrays.h): each signature says what the
// phase reads (const) and writes (the rest). Internal to src/sim; School::step calls them in its order.
#pragma once

#include <cstdint>

#include "base/rng.h"
#include "sim/fish_arrays.h"
#include "sim/neighbour_grid.h"
#include "sim/obstacles.h"
#include "sim/params.h"
#include "sim/school.h"

namespace mirofish {

// S-INT-4 food (school_pond.cpp): each calm fish within feedRadius of a live pellet turns to the nearest, hovers near
// it, eats it when close. Reads the motion (positions) and behaviour's panic; writes the pellets (an eaten one's
// time), the cues (kCueFood), behaviour's busy and this step's ring slot. Returns how many pellets were eaten.
uint64_t seekFood(const Params& p, const FishMotion& f, int n, Pellet* pellets, FishCues& c, FishBehaviour& b,
                  float* ringX, float* ringY);

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

// S-SIM-15 the startle ripple (school_behaviour.cpp): each fish still passing its startle on offers it to the calm
// fish within sqrt(r2). Reads the motion (positions) and the grid of this step (null: brute force, every fish);
// writes behaviour's offers (pending, its delay and sender, the flee point, busy).
void spreadStartle(const Params& p, float r2, const FishMotion& m, const NeighbourGrid* grid, int n, FishBehaviour& b);

}  // namespace mirofish
