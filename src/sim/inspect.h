// One fish under the magnifier (S-DEV-3 teaching view): which neighbours count for which rule, the three rules'
// steering and the cohesion centroid, from the School's public state (its parameters, fish arrays and grid shape, or
// a copy of them), decided and summed by the step's own scan (neighbour_scan.h: isNeighbour, the cap's order,
// addNeighbour with the species' weights, the rules' steering). A cold path for the studio: the step is not
// touched, and what it reports is what the next step will use, bit for bit.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/school.h"

namespace mirofish {

// A neighbour that counts (inside the largest radius, outside the blind spot, among the nearest `cap` if capped), as
// one int: id * 8 + the rule bits of the radii it is inside. One int rather than a struct: the page's bundle carries
// this code, and a vector of ints costs it nothing new.
enum : int { kRuleSep = 1, kRuleAli = 2, kRuleCoh = 4 };
inline int neighbourId(int link) { return link >> 3; }
inline int neighbourRules(int link) { return link & 7; }

// One rule's part of the steering: its neighbour count and its force (normalized sum x weight, with the species'
// weights, x the fish's force limit), px/s^2; zero when it has no neighbours.
struct RuleSteer {
  int count = 0;
  float x = 0, y = 0;
};

struct FishInspection {
  int fish = -1;
  float x = 0, y = 0, vx = 0, vy = 0, hx = 1, hy = 0;  // px, px/s, unit heading
  RuleSteer sep, ali, coh;
  // px/s^2: the three rules' steering summed as the step sums it: what pass 1 writes for this fish, bit for bit.
  float forceX = 0, forceY = 0;
  // Mean position of the cohesion neighbours (weighted by kind: crossSpecies for another species); the fish itself
  // if none.
  float centroidX = 0, centroidY = 0;
  float forceLimit = 0;   // px/s^2: maxForce x this fish's force scale
  bool panicked = false;  // cohesion is weakened (panicCohesion) while it panics
  int gridChecks = 0;     // candidates in its 3x3 grid cells, itself excluded: the grid's checks for it
  // Its behaviour state (FishState, S-SIM-15: cruise, sprint, hover, startle) as an int; -1 when the arrays carry
  // no states (a copy made without them).
  int behaviour = -1;
  std::vector<int> neighbours;  // id * 8 + rule bits, in id order
  // Scratch: the neighbours found before the cap (kept between calls for its capacity).
  std::vector<CapCandidate> found;
};

// The fish nearest to (x, y) world px, ties to the lower id; -1 for no fish.
int nearestFish(const FishArrays& fish, float x, float y);
inline int nearestFish(const School& school, float x, float y) { return nearestFish(school.fish(), x, y); }

// Fills *out for fish `i` (its vectors keep their capacity between calls); false, and *out untouched, when `i` is
// not a fish. Neighbours are decided and summed by the step's own code, so the counts and forceX/forceY equal the
// step's. Reads x, y, vx, vy, hx, hy, panic, forceScale and, if there, state and species of `fish` (a copy without
// species inspects every fish as one kind), and the grid's shape.
bool inspectFish(const Params& params, const FishArrays& fish, const NeighbourGrid& grid, int i, FishInspection* out);
inline bool inspectFish(const School& school, int i, FishInspection* out) {
  return inspectFish(school.params(), school.fish(), school.grid(), i, out);
}

// Shapes `grid` as a School with these parameters shapes its own (cells of the largest radius over the world), for a
// copy of a school's state held outside it (the studio's).
void configureGrid(NeighbourGrid& grid, const Params& params);

}  // namespace mirofish
