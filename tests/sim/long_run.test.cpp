// Long runs and NaN safety (S-SIM-7, S-SIM-9): finite, inside the world, the fallback clamp never fires.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

TEST_CASE("long run: 100 000 steps stay finite and inside the world", "[long]") {
  SECTION("default parameters") {
    Params p;
    p.fish = 64;  // fewer fish keep 100 000 steps fast; the walls see as much traffic
    p.seed = 3;
    School s(p);
    int outside = 0;
    uint64_t firstOutside = 0;
    for (int k = 0; k < 100; ++k) {
      s.steps(1000);
      if (!allFiniteInWorld(s) && !outside++) firstOutside = s.stepCount();
    }
    CAPTURE(firstOutside);
    CHECK(s.stepCount() == 100000);
    CHECK(outside == 0);
    CHECK(s.clampCount() == 0);
    CHECK(s.firstNonFinite() == -1);
    const FishArrays& f = s.fish();
    int badHeading = 0;
    for (int i = 0; i < f.count; ++i) {
      float len = std::sqrt(f.hx[i] * f.hx[i] + f.hy[i] * f.hy[i]);
      float speed = std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i]);
      if (std::fabs(len - 1.0f) > 1e-4f) ++badHeading;
      if (speed > float(p.maxSpeed * (1 + p.variation) * topSpeedFactor(p)) + 1e-3f) ++badHeading;
      if (speed < float(p.minSpeed) * School::hoverFloorFactor() - 1e-3f) ++badHeading;
    }
    CHECK(badHeading == 0);  // unit headings, speeds within [hover floor, sprint or startle cap]
  }

  SECTION("tuned preset in a small world, with a pointer wandering about") {
    Params p = tunedParams();
    p.fish = 120;
    p.width = 400;
    p.height = 300;
    School s(p);
    for (int k = 0; k < 6000; ++k) {
      float t = float(k) * (1.0f / 60.0f);
      s.setPointer((k / 600) % 2 == 0, 200 + 150 * std::sin(t * 0.7f), 150 + 120 * std::sin(t * 1.3f));
      if (k % 500 == 0) s.scare(float(k % 400), 150);
      s.step();
    }
    CHECK(allFiniteInWorld(s));
    CHECK(s.clampCount() == 0);
    CHECK(s.firstNonFinite() == -1);
  }
}

namespace {

// `steps` more steps, then no fish holds a non-finite value and every fish is inside the world.
void checkFiniteAfter(School& s, int steps) {
  s.steps(steps);
  CHECK(s.firstNonFinite() == -1);
  CHECK(allFiniteInWorld(s));
}

}  // namespace

TEST_CASE("NaN safety: coincident and nearly coincident fish, bad pointer input", "[nan]") {
  SECTION("fish at exactly the same point with the same velocity") {
    Params p;
    p.fish = 12;
    School s(p);
    for (int i = 0; i < 8; ++i) placeFish(s, i, 800, 450, 40, 10);
    checkFiniteAfter(s, 600);
    // With no wander, no variation and no life of their own they stay together forever: still no NaN.
    Params q = stillPond(p);
    q.wander = 0;
    q.variation = 0;
    School t(q);
    for (int i = 0; i < 12; ++i) placeFish(t, i, 800, 450, 40, 10);
    checkFiniteAfter(t, 300);
    CHECK(t.fish().x[0] == t.fish().x[11]);
  }

  SECTION("coincident fish at rest and in a corner") {
    Params p;
    p.fish = 6;
    p.minSpeed = 0;
    School s(p);
    for (int i = 0; i < 3; ++i) placeFish(s, i, 0, 0, 0, 0);
    for (int i = 3; i < 6; ++i) placeFish(s, i, 1600, 900, 0, 0);
    checkFiniteAfter(s, 300);
  }

  SECTION("fish a hair apart: tiny and subnormal separations") {
    Params p;
    p.fish = 6;
    School s(p);
    // Near x = 0 floats are dense: the squared distance underflows toward the subnormals.
    placeFish(s, 0, 1e-20f, 450, 40, 0);
    placeFish(s, 1, 0, 450, 40, 0);
    placeFish(s, 2, 0, 450 + 1e-4f, 40, 0);
    placeFish(s, 3, 1e-30f, 1e-30f, 10, 10);
    placeFish(s, 4, 0, 0, 10, 10);
    placeFish(s, 5, 800, 450.00003f, -40, 0);
    checkFiniteAfter(s, 120);
  }

  SECTION("NaN pointer and scare input never reaches the state") {
    Params p;
    p.fish = 100;
    School a(p), b(p);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (int k = 0; k < 120; ++k) {
      a.setPointer(true, nan, 450);
      a.scare(nan, nan);
      a.step();
      b.step();
    }
    CHECK(a.firstNonFinite() == -1);
    CHECK(a.stateHash() == b.stateHash());
    CHECK_FALSE(a.cursorActive());
  }

  SECTION("the debug check reports the first non-finite fish and step") {
    Params p;
    p.fish = 20;
    School s(p);
    s.steps(5);
    CHECK(s.firstNonFinite() == -1);
    mutableFish(s).vx[7] = std::numeric_limits<float>::infinity();
    s.step();
    CHECK(s.firstNonFinite() == 7);
    CHECK(s.firstNonFiniteStep() == 6);
    s.steps(3);
    CHECK(s.firstNonFiniteStep() == 6);  // the first one is kept
  }
}
