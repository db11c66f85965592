// S-ECO-5 the school's startle events (what the water's ripples read): a direct startle is recorded where the fright
// came from, a chain reaction is one event, nearby startles within 0.5 s join it, and recording changes no fish.
#include <catch2/catch.hpp>

#include <vector>

#include "sim/school.h"
#include "support/golden_scenario.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

// A tight block of fish (5 x 5, 20 px apart) around (cx, cy), at rest but for a slow drift: a startle spreads
// through all of it (the cohesion radius is 60 px).
void placeBlock(School& s, float cx, float cy) {
  for (int i = 0; i < 25; ++i) placeFish(s, i, cx + 20.0f * float(i % 5 - 2), cy + 20.0f * float(i / 5 - 2), 20, 0);
}

// Steps n times; returns how many fish startled at some point (directly or passed on).
int stepsStartled(School& s, int n) {
  std::vector<char> ever(size_t(s.count()), 0);
  for (int k = 0; k < n; ++k) {
    s.step();
    for (int i = 0; i < s.count(); ++i) ever[size_t(i)] |= s.fish().alarm[i] > 0;
  }
  int total = 0;
  for (char e : ever) total += e;
  return total;
}

}  // namespace

TEST_CASE("startle events: a scare is one event, however far the startle spreads", "[startle-events]") {
  School s(isolatedParams(25));
  placeBlock(s, 2000, 2000);
  CHECK(s.startleEventCount() == 0);
  s.scare(1900, 2000);               // reaches the block's left columns; the rest startle from their neighbours
  CHECK(stepsStartled(s, 60) > 15);  // more than the scare reached
  REQUIRE(s.startleEventCount() == 1);
  const StartleEvent& e = s.startleEvents()[0];
  CHECK(e.x == 1900.0f);
  CHECK(e.y == 2000.0f);
  CHECK(e.strength == 1.0f);
  CHECK(e.step == 0);

  SECTION("a startle elsewhere is a second event; one near the first within 0.5 s joins it") {
    School t(isolatedParams(50));
    placeBlock(t, 2000, 2000);
    for (int i = 25; i < 50; ++i)
      placeFish(t, i, 3000.0f + 20.0f * float(i % 5), 1000.0f + 20.0f * float(i / 5), 20, 0);
    t.scare(1850, 2000);  // reaches the block's first column
    t.step();
    t.scare(1890, 2000);  // 40 px from the first, one step later, reaching fresh fish: the same splash
    t.step();
    CHECK(t.startleEventCount() == 1);
    t.scare(3040, 1140);  // the other block
    t.step();
    REQUIRE(t.startleEventCount() == 2);
    CHECK(t.startleEvents()[1].x == 3040.0f);
    CHECK(t.startleEvents()[0].x == 1850.0f);
    CHECK(t.startleEvents()[1].step == 2);
  }
  SECTION("the ring keeps the last kStartleEvents; the count goes on") {
    School t(isolatedParams(6));
    for (int k = 0; k < 6; ++k) placeFish(t, k, 500.0f + 500.0f * float(k), 2000, 20, 0);
    for (int k = 0; k < 6; ++k) {
      t.scare(500.0f + 500.0f * float(k), 2010);
      t.step();
    }
    REQUIRE(t.startleEventCount() == 6);
    for (int k = 2; k < 6; ++k) CHECK(t.startleEvents()[k % kStartleEvents].step == uint64_t(k));
  }
  SECTION("no fish, no startle, no event") {
    School t(isolatedParams(1));
    placeFish(t, 0, 100, 100, 20, 0);
    t.scare(3000, 3000);
    t.steps(10);
    CHECK(t.startleEventCount() == 0);
  }
}

TEST_CASE("startle events: the predator's startles are recorded, rate-limited", "[startle-events][predator]") {
  Params p = seededParams(300, 21);
  p.predator = 1;
  School s(p);
  s.steps(600);  // 10 s: it reaches the school and hunts through it
  const uint64_t n = s.startleEventCount();
  CHECK(n > 0);
  CHECK(n < 600 / 10);  // far fewer than the startles: at most one per 0.5 s near the same place, a few elsewhere
}

TEST_CASE("startle events: deterministic, and the golden scenario's hash is unchanged", "[startle-events][golden]") {
  auto run = [](uint64_t* hash) {
    School school = runGoldenSchool();
    *hash = school.stateHash();
    return school;
  };
  uint64_t a = 0, b = 0;
  const School first = run(&a), second = run(&b);
  CHECK(hex16(a) == hex16(runGoldenScenario()));
  CHECK(hex16(a) == "e2e386ce19511d70");  // tests/sim/determinism.test.cpp kGoldenScenarioHash
  REQUIRE(first.startleEventCount() == second.startleEventCount());
  CHECK(first.startleEventCount() > 0);  // the pointer sweep and the scare startle fish
  for (int k = 0; k < kStartleEvents; ++k) {
    CHECK(first.startleEvents()[k].x == second.startleEvents()[k].x);
    CHECK(first.startleEvents()[k].step == second.startleEvents()[k].step);
  }
}
