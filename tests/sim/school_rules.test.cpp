// The three rules (S-SIM-1) and the blind spot (S-SIM-12), each in isolation on two or three placed fish.
#include <catch2/catch.hpp>

#include <cmath>

#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

// Fish i's full kinematic state equals fish j's in another school, bit for bit.
bool sameFishState(const School& a, int i, const School& b, int j) {
  const FishArrays& f = a.fish();
  const FishArrays& g = b.fish();
  return f.x[i] == g.x[j] && f.y[i] == g.y[j] && f.vx[i] == g.vx[j] && f.vy[i] == g.vy[j] && f.hx[i] == g.hx[j] &&
         f.hy[i] == g.hy[j];
}

// placedSchool, then `steps` steps.
School placedAfter(const Params& p, std::initializer_list<std::array<float, 4>> fish, int steps) {
  School s = placedSchool(p, fish);
  s.steps(steps);
  return s;
}

// Three fish of the isolated pond, free to stop (minSpeed 0), one rule's weight set: placed as given, 30 steps on.
School oneRuleTrio(double Params::*weight, double w, std::initializer_list<std::array<float, 4>> fish) {
  Params p = isolatedParams(3);
  p.*weight = w;
  p.minSpeed = 0;
  return placedAfter(p, fish, 30);
}

}  // namespace

TEST_CASE("school rules in isolation", "[rules]") {
  SECTION("separation pushes two close fish apart") {
    auto run = [](double wSep) {
      Params p = isolatedParams(2);
      p.sepWeight = wSep;
      return placedAfter(p, {{2000, 2000, 50, 0}, {2000, 2010, 50, 0}}, 30);
    };
    School on = run(1.6), off = run(0);
    CAPTURE(fishDist(on, 0, 1), fishDist(off, 0, 1));
    CHECK(fishDist(on, 0, 1) > 14.0f);
    CHECK(fishDist(off, 0, 1) == Approx(10.0f).margin(1e-3));
    // Pushed apart along the line between them, symmetrically: 0 up (-y), 1 down (+y).
    CHECK(on.fish().y[0] < 2000.0f);
    CHECK(on.fish().y[1] > 2010.0f);
    CHECK((2000.0f - on.fish().y[0]) == Approx(on.fish().y[1] - 2010.0f).epsilon(1e-3));
    // Separation only reaches within rsep: at 30 px apart nothing happens.
    Params p = isolatedParams(2);
    p.sepWeight = 1.6;
    School far = placedSchool(p, {{2000, 2000, 50, 0}, {2000, 2030, 50, 0}});
    far.steps(30);
    CHECK(fishDist(far, 0, 1) == Approx(30.0f).margin(1e-3));
  }

  SECTION("alignment turns a fish toward its neighbours' heading") {
    auto run = [](double wAli) {
      // Fish 0 heading +x, its neighbours heading +y.
      return oneRuleTrio(&Params::aliWeight, wAli, {{2000, 2000, 20, 0}, {2000, 2015, 0, 20}, {2010, 2015, 0, 20}});
    };
    School on = run(1.0), off = run(0);
    CAPTURE(on.fish().hx[0], on.fish().hy[0]);
    CHECK(on.fish().hy[0] > 0.3f);  // turned toward +y
    CHECK(off.fish().hy[0] == 0.0f);
    CHECK(off.fish().hx[0] == 1.0f);
    // The neighbours turned toward fish 0's heading too (+x), less than it turned (two against one).
    CHECK(on.fish().hx[1] > 0.0f);
    CHECK(on.fish().hx[1] < on.fish().hy[0]);
    // The rule reads headings, not positions: the fish did not move toward each other.
    CHECK(fishDist(on, 1, 2) == Approx(10.0f).margin(0.5));
  }

  SECTION("cohesion steers a fish toward the centroid of its neighbours") {
    auto run = [](double wCoh) {
      // Fish 0 heading +x, the centroid of the others straight +y.
      return oneRuleTrio(&Params::cohWeight, wCoh, {{2000, 2000, 20, 0}, {1990, 2040, 20, 0}, {2010, 2040, 20, 0}});
    };
    auto toCentroid = [](const School& s) {
      const FishArrays& f = s.fish();
      return dist(f.x[0], f.y[0], 0.5f * (f.x[1] + f.x[2]), 0.5f * (f.y[1] + f.y[2]));
    };
    School on = run(0.8), off = run(0);
    CAPTURE(on.fish().hy[0], toCentroid(on), toCentroid(off));
    CHECK(on.fish().hy[0] > 0.3f);  // turned toward +y
    CHECK(off.fish().hy[0] == 0.0f);
    CHECK(toCentroid(off) == Approx(40.0f).margin(1e-3));
    CHECK(toCentroid(on) < 36.0f);
    // The pair was pulled toward fish 0 (-y) as well.
    CHECK(on.fish().hy[1] < 0.0f);
    CHECK(on.fish().hy[2] < 0.0f);
  }

  SECTION("the blind spot (fov=270) ignores a fish behind; fov=360 does not") {
    // Fish 1 behind fish 0: exactly behind, then 166 degrees off its heading (inside the 90 degree blind spot).
    const float behind[][2] = {{-25, 0}, {-25, 6}, {-20, -8}};
    for (const auto& rel : behind) {
      CAPTURE(rel[0], rel[1]);
      auto run = [&](double fov, bool far) {
        Params p = isolatedParams(2);
        p.cohWeight = 1.0;
        p.aliWeight = 1.0;
        p.sepWeight = 1.6;
        p.minSpeed = 0;
        p.fov = fov;
        School s(p);
        s.setMetricsEnabled(true);
        placeFish(s, 0, 2000, 2000, 40, 0);
        if (far)
          placeFish(s, 1, 3000, 3000, 0, 40);
        else
          placeFish(s, 1, 2000 + rel[0], 2000 + rel[1], 0, 40);
        s.step();
        float nb = s.metrics().avgNeighbours;
        s.steps(9);
        return std::make_pair(s, nb);
      };
      auto alone = run(270, true);
      auto blind = run(270, false);
      auto seeing = run(360, false);
      CHECK(sameFishState(blind.first, 0, alone.first, 0));         // fish 0 never noticed fish 1
      CHECK_FALSE(sameFishState(seeing.first, 0, alone.first, 0));  // with full vision it does
      CHECK(blind.second == 0.5f);  // fish 1 sees fish 0 ahead of it, fish 0 sees nothing
      CHECK(seeing.second == 1.0f);
    }
    // A fish at the side (90 degrees) is inside a 270 degree field of view.
    Params p = isolatedParams(2);
    p.cohWeight = 1.0;
    p.fov = 270;
    School side = placedSchool(p, {{2000, 2000, 40, 0}, {2000, 2025, 40, 0}});
    side.step();
    CHECK(side.metrics().avgNeighbours == 1.0f);
    // And a narrow field of view (fov=90) does not see a fish at 60 degrees.
    p.fov = 90;
    // Fish 1 60 deg off 0's heading; 0 is 120+ deg off 1's.
    School narrow = placedSchool(p, {{2000, 2000, 40, 0}, {2000 + 12.5f, 2000 + 21.65f, -40, 0}});
    narrow.step();
    CHECK(narrow.metrics().avgNeighbours == 0.0f);
  }

  SECTION("each rule is normalized before its weight: a far neighbour pulls as hard as a near one") {
    auto firstSteer = [](float dy) {
      Params p = isolatedParams(2);
      p.cohWeight = 1.0;
      p.smoothing = 1;
      p.minSpeed = 0;
      School s = placedSchool(p, {{2000, 2000, 0.0f, 0.0f}, {2000, 2000 + dy, 0.0f, 0.0f}});
      s.step();
      return s.fish().vy[0];
    };
    float nearV = firstSteer(10), farV = firstSteer(55);
    CHECK(nearV > 0);
    CHECK(nearV == Approx(farV).epsilon(1e-4));  // unnormalized, the far one would pull 5.5 x harder
  }

  SECTION("the turn rate is limited (S-SIM-3)") {
    Params p = isolatedParams(1);
    p.maxForce = 5000;
    p.turnRate = 5;
    p.smoothing = 1;
    p.scareWeight = 20;
    School s(p);
    placeFish(s, 0, 2000, 2000, 60, 0);
    s.scare(2030, 2000);  // straight ahead: a huge force backward
    s.step();
    // One step turns at most 5 rad/s * 1/60 s, times the gait's turn factor: the scare startled the fish, and a
    // startled fish's turn rate blends up toward 1.6 x (S-SIM-15), 0.15 of the way in the first step.
    const float gait = s.fish().turnMul[0];
    CHECK(gait > 1.05f);
    CHECK(gait < 1.15f);
    float angle = std::atan2(s.fish().hy[0], s.fish().hx[0]);
    CAPTURE(angle, gait);
    CHECK(std::fabs(angle) <= 5.0f / 60.0f * gait + 1e-5f);
    CHECK(std::fabs(angle) >= 5.0f / 60.0f * gait - 1e-5f);  // and it did turn, as far as allowed
  }
}
