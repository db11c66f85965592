// S-SIM-15 behaviour states: each entered and left by its rule, gaits blended, startle spreading as a ripple.
#include <catch2/catch.hpp>

#include <cmath>

#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

FishState stateOf(const School& s, int i) { return FishState(s.fish().state[i]); }

// Steps until fish i is in state st (true) or maxSteps pass (false).
bool stepUntil(School& s, int i, FishState st, int maxSteps) {
  for (int k = 0; k < maxSteps; ++k) {
    s.step();
    if (stateOf(s, i) == st) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("states: each is entered and left by its rule", "[states]") {
  SECTION("startle: a scare startles the fish it reaches; it ends with the panic") {
    Params p = isolatedParams(2);
    School s = placedSchool(p, {{2000, 2000, 60, 0}, {3000, 3000, 60, 0}});  // fish 1 far from the scare
    s.scare(2050, 2000);
    s.step();
    CHECK(stateOf(s, 0) == FishState::Startle);
    CHECK(stateOf(s, 1) == FishState::Cruise);
    // Panic lasts panicTime (0.5 s) after the last touch; the scare keeps touching for 3 s.
    CHECK(stepUntil(s, 0, FishState::Cruise, 60 * 4));
  }
  SECTION("sprint: at a decision, with the chance sprintEvery gives; never with sprintEvery = 0") {
    Params p = isolatedParams(1);
    p.sprintEvery = 1;  // a chance of 1 per decision (one a second): the first decision sprints
    School s(p);
    placeFish(s, 0, 2000, 2000, 60, 0);
    REQUIRE(stepUntil(s, 0, FishState::Sprint, 10));
    CHECK(s.fish().stateLeft[0] >= 0.4f - 1.0f / 60);  // a sprint is short: 0.4 .. 1 s
    CHECK(s.fish().stateLeft[0] <= 1.0f);
    p.sprintEvery = 0;
    s.setParams(p);
    CHECK(stepUntil(s, 0, FishState::Cruise, 61));
    // While sprinting, the speed cap and tail beat rise toward 1.8 x and 2 x (blended).
    Params q = isolatedParams(1);
    q.sprintEvery = 0;
    School never(q);
    placeFish(never, 0, 2000, 2000, 60, 0);
    CHECK_FALSE(stepUntil(never, 0, FishState::Sprint, 60 * 30));
  }
  SECTION("hover: a slow fish in company hovers at a decision, and cruises when it is over; not with hoverTime 0") {
    Params p = isolatedParams(3);
    p.minSpeed = 10;
    p.maxSpeed = 12;  // 10 px/s is below vmin + 0.1 (vmax - vmin): slow
    p.hoverTime = 1;
    School s(p);
    for (int k = 0; k < 3; ++k) placeFish(s, k, 2000.0f + 10.0f * float(k), 2000, 10, 0);
    REQUIRE(stepUntil(s, 0, FishState::Hover, 60 * 10));
    CHECK(s.fish().stateLeft[0] >= 0.6f - 1.0f / 60);  // hoverTime x [0.6, 1.4)
    CHECK(s.fish().stateLeft[0] < 1.4f);
    CHECK(s.fish().capMul[0] < 1.0f);  // the cap on its way down to near still
    p.hoverTime = 0;                   // no new hovers: when this one is over, it cruises
    s.setParams(p);
    CHECK(stepUntil(s, 0, FishState::Cruise, 85));
    p.hoverTime = 0;
    School never(p);
    for (int k = 0; k < 3; ++k) placeFish(never, k, 2000.0f + 10.0f * float(k), 2000, 10, 0);
    CHECK_FALSE(stepUntil(never, 0, FishState::Hover, 60 * 30));
  }
  SECTION("hover: a fish trailing a school is in its lee, one leading it is not") {
    Params p = isolatedParams(8);
    School s(p);
    for (int k = 0; k < 6; ++k) placeFish(s, k, 2040.0f + 6.0f * float(k), 2000.0f + (k % 2 ? 8.0f : -8.0f), 60, 0);
    placeFish(s, 6, 2000, 2000, 60, 0);  // behind the six, heading their way
    placeFish(s, 7, 2100, 2000, 60, 0);  // ahead of them
    s.step();
    CHECK((s.fish().cue[6] & 1) == 1);
    CHECK((s.fish().cue[7] & 1) == 0);
  }
  SECTION("hover: near food, until the food is gone") {
    Params p = isolatedParams(1);
    School s(p);
    placeFish(s, 0, 2000, 2000, 30, 0);
    s.feed(2030, 2000);
    s.step();
    CHECK(stateOf(s, 0) == FishState::Hover);
    REQUIRE(stepUntil(s, 0, FishState::Cruise, 60 * 10));
    CHECK(s.pelletsEaten() == 1);
  }
}

TEST_CASE("states: the gait blends over about 0.3 s, nothing jumps", "[states]") {
  Params p = isolatedParams(1);
  School s(p);
  placeFish(s, 0, 2000, 2000, 60, 0);
  s.scare(2050, 2000);  // startle: speed cap toward panicSpeed (1.5), turn 1.6, tail 2.2
  float before = 1.0f;
  int steps = 0;
  for (; steps < 60; ++steps) {
    s.step();
    const float cap = s.fish().capMul[0];
    CHECK(cap - before <= 0.5f * 0.16f + 1e-6f);  // at most ~15 % of the gap a step
    before = cap;
    if (cap >= 1.0f + 0.95f * 0.5f) break;
  }
  CHECK(steps >= 15);  // 95 % of the way takes ~0.3 s (18 steps)
  CHECK(steps <= 20);
}

TEST_CASE("states: startle spreads outward as a ripple, fading with each hop", "[states]") {
  // A line of fish 40 px apart (inside the 60 px cohesion radius of the next, not of the one after).
  Params p = isolatedParams(12);
  p.scareRadius = 20;  // the scare reaches fish 0 alone
  p.minSpeed = 0;
  p.maxSpeed = 1;  // they barely move while the ripple runs
  School s(p);
  for (int k = 0; k < 12; ++k) placeFish(s, k, 2000.0f + 40.0f * float(k), 2000, 0.5f, 0);
  s.scare(1990, 2000);
  int startledAt[12];
  for (int& v : startledAt) v = -1;
  for (int step = 0; step < 120; ++step) {
    s.step();
    for (int k = 0; k < 12; ++k)
      if (startledAt[k] < 0 && stateOf(s, k) == FishState::Startle) startledAt[k] = step;
  }
  CHECK(startledAt[0] == 0);
  // Strength 1 -> 0.75 -> 0.56 -> 0.42 -> 0.32 -> 0.24 (below 0.3: passed on no further): fish 0..4 startle.
  for (int k = 1; k <= 4; ++k) {
    CAPTURE(k, startledAt[k - 1], startledAt[k]);
    CHECK(startledAt[k] > startledAt[k - 1]);       // farther fish startle later
    CHECK(startledAt[k] - startledAt[k - 1] >= 4);  // startleDelay (0.08 s) a hop
  }
  for (int k = 5; k < 12; ++k) CHECK(startledAt[k] == -1);
}

TEST_CASE("states: grid and brute force agree through scares, feeding, frights and the pond", "[states][determinism]") {
  Params p = seededParams(300, 5);
  p.frightEvery = 20;  // frequent ripples
  p.sprintEvery = 5;
  School grid(p), brute(p);
  grid.setMetricsEnabled(true);
  brute.setMetricsEnabled(true);
  brute.setBruteForce(true);
  for (School* s : {&grid, &brute}) {
    s->steps(100);
    s->scare(800, 450);
    s->feed(400, 300);
    s->feed(1200, 600);
    s->steps(400);
  }
  CHECK(grid.stateHash() == brute.stateHash());
  CHECK(grid.pelletsEaten() == brute.pelletsEaten());
  int startled = 0;
  for (int i = 0; i < grid.count(); ++i) startled += grid.fish().state[i] == uint8_t(FishState::Startle);
  const StepMetrics& m = grid.metrics();
  CHECK(m.states[0] + m.states[1] + m.states[2] + m.states[3] == grid.count());
  CHECK(m.states[3] == startled);
}
