// The teaching view's inspection of one fish (src/sim/inspect.cpp): placed fish with known answers, and agreement
// with what the step itself then counts and steers by.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "sim/inspect.h"
#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

// The rule bits fish `id` counts for, or -1 when it does not count.
int rulesOf(const FishInspection& r, int id) {
  for (int link : r.neighbours)
    if (neighbourId(link) == id) return neighbourRules(link);
  return -1;
}

}  // namespace

TEST_CASE("inspect: placed fish", "[inspect]") {
  Params p = isolatedParams(5);
  setRadii(p, 22, 48, 60);
  setWeights(p, 1.5, 1, 0.5);
  School s = placedSchool(p, {{2000, 2000, 30, 0},    // the fish under the magnifier, heading +x
                              {2010, 2000, 0, 30},    // 10 px ahead: every radius
                              {2000, 2040, 0, 30},    // 40 px below: alignment and cohesion
                              {1945, 2000, 0, 30},    // 55 px behind: cohesion only
                              {2100, 2000, 0, 30}});  // 100 px: outside every radius
  const float limit = float(p.maxForce) * s.fish().forceScale[0];

  SECTION("which neighbours count for which rule, and the three forces") {
    FishInspection r;
    REQUIRE(inspectFish(s, 0, &r));
    CHECK(r.fish == 0);
    CHECK(r.x == 2000);
    REQUIRE(r.neighbours.size() == 3);
    CHECK(rulesOf(r, 1) == (kRuleSep | kRuleAli | kRuleCoh));
    CHECK(rulesOf(r, 2) == (kRuleAli | kRuleCoh));
    CHECK(rulesOf(r, 3) == kRuleCoh);
    CHECK(rulesOf(r, 4) == -1);
    CHECK(r.sep.count == 1);
    CHECK(r.ali.count == 2);
    CHECK(r.coh.count == 3);
    // Separation pushes away from fish 1 (-x); alignment follows the two +y headings; cohesion points at the centroid.
    CHECK(r.sep.x == Approx(-1.5f * limit));
    CHECK(r.sep.y == Approx(0).margin(1e-3));
    CHECK(r.ali.x == Approx(0).margin(1e-3));
    CHECK(r.ali.y == Approx(1.0f * limit));
    CHECK(r.centroidX == Approx((2010 + 2000 + 1945) / 3.0f));
    CHECK(r.centroidY == Approx((2000 + 2040 + 2000) / 3.0f));
    const float cx = r.centroidX - r.x, cy = r.centroidY - r.y, len = std::sqrt(cx * cx + cy * cy);
    CHECK(r.coh.x == Approx(0.5f * limit * cx / len));
    CHECK(r.coh.y == Approx(0.5f * limit * cy / len));
    CHECK(r.behaviour == int(FishState::Cruise));  // its behaviour state (S-SIM-15)
    mutableFish(s).state[0] = uint8_t(FishState::Hover);
    REQUIRE(inspectFish(s, 0, &r));
    CHECK(r.behaviour == int(FishState::Hover));
  }

  SECTION("a 270 degree field of view hides the fish behind") {
    p.fov = 270;
    s.setParams(p);
    FishInspection r;
    REQUIRE(inspectFish(s, 0, &r));
    CHECK(rulesOf(r, 3) == -1);
    CHECK(rulesOf(r, 2) == (kRuleAli | kRuleCoh));  // beside, not behind
    CHECK(r.coh.count == 2);
  }

  SECTION("a neighbour cap keeps the nearest") {
    p.neighbourCap = 2;
    s.setParams(p);
    FishInspection r;
    REQUIRE(inspectFish(s, 0, &r));
    REQUIRE(r.neighbours.size() == 2);
    CHECK(neighbourId(r.neighbours[0]) == 1);
    CHECK(neighbourId(r.neighbours[1]) == 2);
  }

  SECTION("a panicked fish weakens its cohesion by panicCohesion") {
    mutableFish(s).panic[0] = 0.3f;
    FishInspection r;
    REQUIRE(inspectFish(s, 0, &r));
    CHECK(r.panicked);
    const float calm = 0.5f * limit, len = std::sqrt(r.coh.x * r.coh.x + r.coh.y * r.coh.y);
    CHECK(len == Approx(calm * float(p.panicCohesion)));
  }

  SECTION("nearest fish to a point; bad indices are refused") {
    CHECK(nearestFish(s, 2003, 2001) == 0);
    CHECK(nearestFish(s, 2009, 2000) == 1);
    CHECK(nearestFish(s, 9000, 9000) == 4);
    FishInspection r;
    r.fish = 42;
    CHECK_FALSE(inspectFish(s, -1, &r));
    CHECK_FALSE(inspectFish(s, 5, &r));
    CHECK(r.fish == 42);
    School empty(isolatedParams(0));
    CHECK(nearestFish(empty, 0, 0) == -1);
  }
}

// The studio inspects a copy of the page school's state: the copy's grid must be the school's.
TEST_CASE("inspect: a copy of the state inspects as the school", "[inspect]") {
  Params p = seededParams(120, 4);
  p.width = 1000;
  p.height = 700;
  p.aliRadius = 75;  // the largest radius sets the cell
  School s(p);
  s.steps(60);
  NeighbourGrid grid;
  configureGrid(grid, s.params());
  CHECK(grid.cols() == s.grid().cols());
  CHECK(grid.rows() == s.grid().rows());
  CHECK(grid.cellSize() == s.grid().cellSize());
  FishArrays copy;
  copy.reserveFor(s.count());
  copy.count = s.count();
  const FishArrays& f = s.fish();
  // Only the arrays the studio copies out (its kStudioX .. kStudioForceScale, and the states).
  std::vector<float> FishArrays::*const studioArrays[] = {&FishArrays::x,     &FishArrays::y,         &FishArrays::vx,
                                                          &FishArrays::vy,    &FishArrays::hx,        &FishArrays::hy,
                                                          &FishArrays::panic, &FishArrays::forceScale};
  for (auto field : studioArrays) copy.*field = f.*field;
  copy.state = f.state;
  for (int i = 0; i < s.count(); i += 7) {
    FishInspection a, b;
    REQUIRE(inspectFish(s, i, &a));
    REQUIRE(inspectFish(s.params(), copy, grid, i, &b));
    CHECK(a.neighbours == b.neighbours);
    CHECK(a.gridChecks == b.gridChecks);
    CHECK(a.coh.x == b.coh.x);
    CHECK(a.behaviour == b.behaviour);
  }
  copy.state.clear();  // a copy without states says so
  FishInspection none;
  REQUIRE(inspectFish(s.params(), copy, grid, 3, &none));
  CHECK(none.behaviour == -1);
  CHECK(nearestFish(copy, f.x[17], f.y[17]) == 17);
}

// The inspection of every fish, summed, is what the next step measures: its mean neighbour count and its distance
// checks; with nothing else steering (no wander, pointer, sprints, frights, current or points of interest), each
// fish's steering in the next step's ring slot is the sum of the three inspected forces.
TEST_CASE("inspect: agrees with the step", "[inspect]") {
  struct Case {
    const char* name;
    double fov, cap;
    bool brute;
    double species = 1, xsp = 0.25;
  };
  for (const Case& c :
       {Case{"defaults", 360, 0, false}, Case{"blind spot", 270, 0, false}, Case{"narrow view", 120, 0, false},
        Case{"neighbour cap", 360, 4, false}, Case{"brute force", 300, 0, true},
        Case{"species, xsp 0", 360, 0, false, 3, 0}, Case{"species, xsp 0.25", 360, 0, false, 3, 0.25},
        Case{"species, xsp 0.6", 360, 0, false, 3, 0.6}, Case{"species, xsp 1", 360, 0, false, 3, 1},
        Case{"species, a cap and a blind spot", 270, 6, false, 3, 0.1},
        Case{"species, brute force", 300, 0, true, 2, 0.5}}) {
    DYNAMIC_SECTION(c.name) {
      Params p = seededParams(300, 11);
      p.wander = 0;
      p.sprintEvery = 0;  // nothing else in the ring: no sprint thrust, no fright's ripple, no current or pull
      p.frightEvery = 0;
      p.current = 0;
      p.attractors = 0;
      p.fov = c.fov;
      p.neighbourCap = c.cap;
      p.species = c.species;
      p.crossSpecies = c.xsp;
      School s(p);
      s.setMetricsEnabled(true);
      s.setBruteForce(c.brute);
      s.steps(240);  // let the school form clumps
      const int n = s.count();
      std::vector<FishInspection> before(static_cast<size_t>(n));
      long cohSum = 0, checkSum = 0;
      for (int i = 0; i < n; ++i) {
        REQUIRE(inspectFish(s, i, &before[size_t(i)]));
        cohSum += before[size_t(i)].coh.count;
        checkSum += before[size_t(i)].gridChecks;
      }
      const int slot = int(s.stepCount() % uint64_t(p.smoothing));
      s.step();
      const StepMetrics& m = s.metrics();
      CHECK(m.avgNeighbours == Approx(double(cohSum) / n));
      CHECK(m.distanceChecks == (c.brute ? uint64_t(n) * uint64_t(n - 1) : uint64_t(checkSum)));
      const FishArrays& f = s.fish();
      int off = 0, notExact = 0;
      for (int i = 0; i < n; ++i) {
        const FishInspection& r = before[size_t(i)];
        const float fx = r.sep.x + r.ali.x + r.coh.x, fy = r.sep.y + r.ali.y + r.coh.y;
        if (std::fabs(f.steerX[slot][i] - fx) > 1e-3f * r.forceLimit ||
            std::fabs(f.steerY[slot][i] - fy) > 1e-3f * r.forceLimit)
          ++off;
        // The summed force is the step's own, bit for bit (the ring slot adds only zeros after pass 1 here).
        if (!(f.steerX[slot][i] == r.forceX && f.steerY[slot][i] == r.forceY)) ++notExact;
      }
      CHECK(off == 0);
      CHECK(notExact == 0);
      CHECK(cohSum > n);  // the school has formed: the check is not about empty neighbourhoods
    }
  }
}

// Inspection weighs another species' neighbours by crossSpecies, as the step does: a fish among other species shows
// another alignment at xsp 0.25 than at 1. The school is the same at both (the weights act from the next step on).
TEST_CASE("inspect: crossSpecies weighs another species' alignment and cohesion", "[inspect]") {
  Params p;
  p.fish = 400;
  p.species = 3;
  p.seed = 7;
  School s(p);
  s.steps(120);
  Params strong = s.params();
  strong.crossSpecies = 1;
  int mixed = 0, differs = 0;
  for (int i = 0; i < s.count(); ++i) {
    FishInspection weak, full;
    REQUIRE(inspectFish(s.params(), s.fish(), s.grid(), i, &weak));
    REQUIRE(inspectFish(strong, s.fish(), s.grid(), i, &full));
    CHECK(weak.neighbours == full.neighbours);  // the weights change the forces, not who counts
    bool other = false;
    for (int link : weak.neighbours)
      other = other || ((neighbourRules(link) & kRuleAli) &&
                        s.fish().species[size_t(neighbourId(link))] != s.fish().species[size_t(i)]);
    if (!other) {
      CHECK(weak.ali.x == full.ali.x);  // only its own kind around: crossSpecies does not apply
      continue;
    }
    ++mixed;
    differs += weak.ali.x != full.ali.x || weak.ali.y != full.ali.y;
  }
  CHECK(mixed > 20);
  CHECK(differs == mixed);
}
