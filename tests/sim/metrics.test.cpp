// Per-step metrics (S-DEV-4) on placed fish with known answers, and the school-state rule.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "base/det_math.h"
#include "sim/metrics.h"
#include "sim/metrics_csv.h"
#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

TEST_CASE("metrics: known configurations", "[metrics]") {
  SECTION("three fish in a triangle: neighbours, distances, polarization, checks") {
    Params p = isolatedParams(4);
    // Fish 3 alone, far away.
    School s = placedSchool(p, {{2000, 2000, 30, 0}, {2030, 2000, 30, 0}, {2000, 2040, 30, 0}, {3000, 3000, 30, 0}});
    s.step();
    const StepMetrics& m = s.metrics();
    CHECK(m.step == 1);
    CHECK(m.avgNeighbours == Approx(6.0f / 4.0f));  // 0, 1, 2 see two each (all within 60); 3 sees none
    CHECK(m.minDistance == Approx(30.0f));
    CHECK(m.meanNearest == Approx((30.0f + 30.0f + 40.0f) / 3.0f));  // fish 3 has none within the radius
    CHECK(m.polarization == Approx(1.0f));
    CHECK(m.localPolarization == Approx(1.0f));
    CHECK(m.centroidX == Approx((2000 + 2030 + 2000 + 3000) / 4.0f + 0.5f).margin(1e-3));  // moved 0.5 px in the step
    CHECK(m.centroidY == Approx((2000 + 2000 + 2040 + 3000) / 4.0f).margin(1e-3));
    CHECK(m.distanceChecks == s.distanceChecks());
    CHECK(m.distanceChecks >= 6);  // the three see each other
    CHECK(m.distanceChecks < 12);  // fish 3 is in no one's 3x3 cells
    s.setBruteForce(true);
    s.step();
    CHECK(s.metrics().distanceChecks == 12);
  }

  SECTION("opposed headings: polarization 0; local polarization -1") {
    Params p = isolatedParams(2);
    School s = placedSchool(p, {{2000, 2000, 30, 0}, {2000, 2020, -30, 0}});
    s.step();
    CHECK(s.metrics().polarization == Approx(0.0f).margin(1e-6));
    CHECK(s.metrics().localPolarization == Approx(-1.0f));
  }

  SECTION("a ring swimming around its centre mills; the same ring swimming one way does not") {
    const int n = 24;
    Params p = isolatedParams(n);
    School mill(p), flow(p);
    mill.setMetricsEnabled(true);
    flow.setMetricsEnabled(true);
    for (int i = 0; i < n; ++i) {
      float a = kTwoPi * float(i) / float(n);
      float cx = 2000 + 200 * std::cos(a), cy = 2000 + 200 * std::sin(a);
      placeFish(mill, i, cx, cy, -30 * std::sin(a), 30 * std::cos(a));  // tangential
      placeFish(flow, i, cx, cy, 30, 0);
    }
    mill.step();
    flow.step();
    CHECK(mill.metrics().milling > 0.99f);
    CHECK(mill.metrics().polarization < 0.01f);
    CHECK(flow.metrics().milling < 0.05f);
    CHECK(flow.metrics().polarization > 0.99f);
  }

  SECTION("lonely fish: minDistance -1, meanNearest 0, no neighbours") {
    Params p = isolatedParams(2);
    School s = placedSchool(p, {{1000, 1000, 30, 0}, {3000, 3000, 30, 0}});
    s.step();
    CHECK(s.metrics().minDistance == -1.0f);
    CHECK(s.metrics().meanNearest == 0.0f);
    CHECK(s.metrics().avgNeighbours == 0.0f);
    CHECK(s.metrics().localPolarization == 0.0f);
    Params none;
    none.fish = 0;
    School empty(none);
    empty.setMetricsEnabled(true);
    empty.step();
    CHECK(empty.metrics().avgNeighbours == 0.0f);
    CHECK(empty.metrics().polarization == 0.0f);
    CHECK(empty.metrics().state == SchoolState::Dispersed);
  }

  SECTION("metrics off: the last metrics stay as they were") {
    Params p;
    p.fish = 50;
    School s(p);
    s.setMetricsEnabled(true);
    s.step();
    StepMetrics before = s.metrics();
    s.setMetricsEnabled(false);
    s.steps(10);
    CHECK(s.metrics().step == before.step);
    CHECK(s.distanceChecks() > 0);  // still counted for the teaching view
  }
}

TEST_CASE("metrics: the school-state rule over 2 s", "[metrics]") {
  SECTION("names") {
    CHECK(std::string(schoolStateName(SchoolState::Cohesive)) == "cohesive");
    CHECK(std::string(schoolStateName(SchoolState::Dispersed)) == "dispersed");
    CHECK(std::string(schoolStateName(SchoolState::Oscillating)) == "oscillating");
  }

  SECTION("cohesive when clumped, dispersed when not") {
    MetricsHistory h;
    SchoolState s = SchoolState::Dispersed;
    for (int k = 0; k < 200; ++k) s = h.push(10.0f, 2.0f);
    CHECK(s == SchoolState::Cohesive);
    h.reset();
    for (int k = 0; k < 200; ++k) s = h.push(3.0f, 2.0f);  // above 2, but below 2 x uniform
    CHECK(s == SchoolState::Dispersed);
    h.reset();
    for (int k = 0; k < 200; ++k) s = h.push(1.5f, 0.1f);  // below 2 neighbours
    CHECK(s == SchoolState::Dispersed);
  }

  SECTION("oscillating only once the window is full, and only with a large swing") {
    MetricsHistory h;
    SchoolState s = SchoolState::Dispersed;
    for (int k = 0; k < MetricsHistory::kWindow - 1; ++k) {
      s = h.push((k % 2) ? 4.0f : 16.0f, 1.0f);
      REQUIRE(s != SchoolState::Oscillating);
    }
    s = h.push(16.0f, 1.0f);
    CHECK(s == SchoolState::Oscillating);
    h.reset();
    for (int k = 0; k < 300; ++k) s = h.push((k % 2) ? 9.0f : 11.0f, 1.0f);  // a 20 % swing
    CHECK(s == SchoolState::Cohesive);
    // The window forgets: after 120 calm steps the swing is gone.
    h.reset();
    for (int k = 0; k < 120; ++k) h.push((k % 2) ? 4.0f : 16.0f, 1.0f);
    for (int k = 0; k < 120; ++k) s = h.push(10.0f, 1.0f);
    CHECK(s == SchoolState::Cohesive);
  }
}

// groups: connected components, two fish linked when closer than the cohesion radius (60 px by default).
TEST_CASE("metrics: groups on known configurations", "[metrics][groups]") {
  SECTION("two separated clumps: 2 groups; grid and brute force agree") {
    Params p = isolatedParams(10);
    School grid(p), brute(p);
    grid.setMetricsEnabled(true);
    brute.setMetricsEnabled(true);
    brute.setBruteForce(true);
    for (School* s : {&grid, &brute}) {
      for (int i = 0; i < 5; ++i) placeFish(*s, i, 1000 + 20.0f * float(i), 1000, 30, 0);
      for (int i = 5; i < 10; ++i) placeFish(*s, i, 3000, 3000 + 20.0f * float(i - 5), 30, 0);
      s->step();
    }
    CHECK(grid.metrics().groups == 2);
    CHECK(brute.metrics().groups == 2);
  }
  SECTION("one chain longer than the radius is one group (links are transitive)") {
    Params p = isolatedParams(8);
    School s(p);
    s.setMetricsEnabled(true);
    for (int i = 0; i < 8; ++i) placeFish(s, i, 1000 + 50.0f * float(i), 2000, 0, 30);  // 50 px apart, 350 long
    s.step();
    CHECK(s.metrics().groups == 1);
  }
  SECTION("n isolated fish: n groups; no fish: 0") {
    const int n = 12;
    Params p = isolatedParams(n);
    School s(p);
    s.setMetricsEnabled(true);
    for (int i = 0; i < n; ++i) placeFish(s, i, 500 + 250.0f * float(i % 4), 500 + 250.0f * float(i / 4), 30, 0);
    s.step();
    CHECK(s.metrics().groups == n);
    p.fish = 0;
    School empty(p);
    empty.setMetricsEnabled(true);
    empty.step();
    CHECK(empty.metrics().groups == 0);
  }
  SECTION("a fish just inside the radius links, one just outside does not") {
    Params p = isolatedParams(3);
    p.minSpeed = 0;  // still fish stay put
    School s = placedSchool(p, {{2000, 2000, 0, 0}, {2059, 2000, 0, 0}, {2000, 2061, 0, 0}});
    s.step();
    CHECK(s.metrics().groups == 2);
  }
}

// coverage: the share of a 16 x 9 grid over the world visited in the last 3600 steps.
TEST_CASE("metrics: coverage", "[metrics][coverage]") {
  Params p = isolatedParams(1);
  p.minSpeed = 0;  // a placed fish with no speed stays where it is (no rule steers it)
  SECTION("a school parked in one cell covers 1/144; the cell leaves the window after 3600 steps") {
    School s(p);
    s.setMetricsEnabled(true);
    placeFish(s, 0, 2100, 2200, 0, 0);  // cell (8, 4) of 250 x 444 px cells
    s.step();
    CHECK(s.metrics().coverage == Approx(1.0f / 144.0f));
    placeFish(s, 0, 100, 100, 0, 0);  // cell (0, 0)
    s.step();
    CHECK(s.metrics().coverage == Approx(2.0f / 144.0f));
    s.steps(3598);  // step 3600: cell (8, 4) was last visited at step 1, 3599 steps ago
    CHECK(s.stepCount() == 3600);
    CHECK(s.metrics().coverage == Approx(2.0f / 144.0f));
    s.step();
    CHECK(s.metrics().coverage == Approx(1.0f / 144.0f));
  }
  SECTION("a parked school covers 1/144, and coverage rises as it spreads") {
    p.fish = 20;
    School s(p);
    s.setMetricsEnabled(true);
    for (int i = 0; i < 20; ++i) placeFish(s, i, 2010 + 10.0f * float(i % 5), 2110 + 10.0f * float(i / 5), 0, 0);
    s.step();
    CHECK(s.metrics().coverage == Approx(1.0f / 144.0f));
    for (int i = 0; i < 20; ++i) placeFish(s, i, 125 + 250.0f * float(i % 10), 200 + 444.0f * float(i / 10), 0, 0);
    s.step();
    CHECK(s.metrics().coverage == Approx(21.0f / 144.0f));  // 20 new cells in rows 0 and 1, and the parked one
  }
  SECTION("a free school's coverage never falls while it spreads over its first seconds") {
    Params d;
    d.seed = 3;
    School s(d);
    s.setMetricsEnabled(true);
    s.step();
    const float first = s.metrics().coverage;
    s.steps(600);
    CHECK(s.metrics().coverage >= first);
    CHECK(s.metrics().coverage > 0.5f);  // 200 fish spawned all over the world
    CHECK(s.metrics().coverage <= 1.0f);
  }
}

TEST_CASE("metrics: off costs nothing, nothing is computed or recorded", "[metrics]") {
  Params p = isolatedParams(2);
  p.minSpeed = 0;
  School s(p);  // off by default: the page's and the bench's school
  placeFish(s, 0, 2100, 2200, 0, 0);
  placeFish(s, 1, 2120, 2200, 0, 0);
  s.steps(10);
  CHECK(s.metrics().step == 0);  // never filled
  CHECK(s.metrics().groups == 0);
  CHECK(s.metrics().coverage == 0.0f);
  placeFish(s, 0, 100, 100, 0, 0);  // the cell fish 0 swam in with metrics off was never recorded
  placeFish(s, 1, 3900, 3900, 0, 0);
  s.setMetricsEnabled(true);
  s.step();
  CHECK(s.metrics().step == 11);
  CHECK(s.metrics().groups == 2);
  CHECK(s.metrics().coverage == Approx(2.0f / 144.0f));
}

// `run --every N` and `sweep` compute the full metrics on the steps they write only; a step's metrics must be
// the ones metrics on every step give, bit for bit (the state rule's window and coverage recorded every step).
TEST_CASE("metrics: a step measured at a cadence has every-step metrics, bit for bit", "[metrics]") {
  Params p;
  p.fish = 300;
  p.seed = 11;
  School every(p), sparse(p);
  every.setMetricsEnabled(true);
  sparse.setMetrics(true, 7);
  int compared = 0;
  for (int s = 1; s <= 400; ++s) {
    if (s == 250) sparse.measureNextStep();  // off the cadence: asked for once
    every.step();
    sparse.step();
    if (s % 7 != 0 && s != 250) continue;
    REQUIRE(sparse.metrics().step == uint64_t(s));
    char a[kMetricsCsvRowMax], b[kMetricsCsvRowMax];
    metricsCsvRow(every.metrics(), a);
    metricsCsvRow(sparse.metrics(), b);
    CHECK(std::string(a) == std::string(b));  // every column, as the CSV writes it
    ++compared;
  }
  CHECK(compared == 58);
  CHECK(sparse.metrics().step == 399);  // 400 is no multiple of 7: the last measured step's metrics stay
  CHECK(every.stateHash() == sparse.stateHash());
}
