// S-SIM-14, S-INT-4, S-ECO-4: the current, the points of interest, feeding and the slower back tier.
#include <catch2/catch.hpp>

#include <cmath>

#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

TEST_CASE("pond: current and points of interest move an unsteered fish as the parameters say", "[pond]") {
  SECTION("the current: one step's change of velocity is the current's force at the fish") {
    Params p = isolatedParams(1);
    p.current = 0.3;
    p.smoothing = 1;
    p.minSpeed = 0;
    School s(p);
    placeFish(s, 0, 1300, 2100, 50, 0);
    s.step();  // the first step sets the pond's phases for step 0; the fish saw them too
    placeFish(s, 0, 1300, 2100, 50, 0);
    School probe = s;
    probe.step();
    // currentAt reports the phases of the step that ran last, i.e. the one just taken.
    float fx, fy;
    probe.currentAt(1300, 2100, &fx, &fy);
    CHECK(std::sqrt(fx * fx + fy * fy) > 1.0f);
    CHECK(std::sqrt(fx * fx + fy * fy) <= float(p.current * p.maxForce) * 1.4143f);
    CHECK(probe.fish().vx[0] - 50.0f == Approx(fx / 60.0f).margin(1e-3));
    CHECK(probe.fish().vy[0] == Approx(fy / 60.0f).margin(1e-3));
  }
  SECTION("the current never gathers fish: the x force varies with y only, the y force with x only") {
    Params p = isolatedParams(1);
    p.current = 0.2;
    School s(p);
    s.step();
    float a, b, c, d;
    s.currentAt(100, 700, &a, &b);
    s.currentAt(3900, 700, &c, &d);
    CHECK(a == c);  // same y, same x force
    s.currentAt(900, 100, &a, &b);
    s.currentAt(900, 3900, &c, &d);
    CHECK(b == d);  // same x, same y force
  }
  SECTION("a point of interest pulls from afar, lets go at half its radius, pushes out inside; lone fish head in") {
    Params p = isolatedParams(6);
    p.attractors = 1;
    p.attractWeight = 0.5;
    p.attractRadius = 100;
    p.smoothing = 1;
    p.minSpeed = 0;
    p.maxSpeed = 1000;  // no speed cap in the way
    School s(p);
    s.step();
    const Point a = s.attractors()[0];
    CHECK(a.x > 0);
    CHECK(a.x < 4000);
    // Velocity change (px/s^2) of a still fish at this offset, heading for the point; with five companions within
    // the cohesion radius (the rules are off) it is not alone, without them it is.
    // The point drifts (about 2 px a step in this 4000 px world), so the pull is checked against where it is in
    // the step taken: the pull's share is 1 beyond the radius, (d - r/2) / (r/2) inside (negative: outward).
    // Headed along the force (the turn limit would otherwise keep the old heading); returns the push toward the point.
    auto kick = [&](float dx, bool companions, float* share, float heading = -1e-3f) {
      School t = s;
      placeFish(t, 0, a.x + dx, a.y, heading, 0);
      for (int k = 1; k < 6; ++k)
        placeFish(t, k, companions ? a.x + dx + 3.0f * float(k) : 100.0f * float(k), companions ? a.y : 10.0f, -1e-3f,
                  0);
      t.step();
      const Point now = t.attractors()[0];
      const float d = dist(a.x + dx, a.y, now.x, now.y);
      const float half = 0.5f * float(p.attractRadius);
      *share = std::fmax(-1.0f, std::fmin(1.0f, (d - half) / half));
      return -t.fish().vx[0] * 60.0f;
    };
    const float full = float(p.attractWeight * p.maxForce);
    float share;
    const float far = kick(400, true, &share);
    CHECK(far == Approx(full * share).epsilon(0.01));  // outside the radius: full pull, toward the point
    CHECK(share == 1.0f);
    const float near = kick(80, true, &share);
    CHECK(near == Approx(full * share).epsilon(0.02));  // inside: it fades ...
    CHECK(share > 0.3f);
    CHECK(share < 0.8f);
    const float inside = kick(20, true, &share, 1e-3f);
    CHECK(inside == Approx(full * share).epsilon(0.02));  // ... and within half the radius it pushes out
    CHECK(inside < 0);
    CHECK(kick(80, false, &share) == Approx(float(p.maxForce)).epsilon(0.01));  // alone: pulled in up to the limit
  }

  SECTION("points of interest drift across the page and stay inside it") {
    Params p;
    p.attractors = 3;
    School s(p);
    float minX = 1e9f, maxX = -1e9f;
    for (int k = 0; k < 60 * 120; ++k) {
      s.step();
      for (int a = 0; a < 3; ++a) {
        const Point q = s.attractors()[a];
        REQUIRE(q.x >= 0);
        REQUIRE(q.x <= 1600);
        REQUIRE(q.y >= 0);
        REQUIRE(q.y <= 900);
        minX = std::min(minX, q.x);
        maxX = std::max(maxX, q.x);
      }
    }
    CHECK(maxX - minX > 900);  // they roam, so the school does
  }
}

TEST_CASE("pond: feeding", "[pond][feed]") {
  SECTION("a fish within reach turns to a pellet and eats it, exactly once") {
    Params p = isolatedParams(3);
    School s = placedSchool(p, {{2000, 2000, 0, 60},  // heading away from the pellet
                                {2020, 2000, 0, -60},
                                {2900, 2900, 60, 0}});  // beyond feedRadius
    s.feed(2100, 2000);
    CHECK(s.pellets()[0].timeLeft > 0);
    int steps = 0;
    while (s.pelletsEaten() == 0 && steps < 600) {
      s.step();
      ++steps;
    }
    CHECK(s.pelletsEaten() == 1);
    CHECK(steps < 360);  // within 6 s
    CHECK(s.pellets()[0].timeLeft == 0);
    s.steps(300);
    CHECK(s.pelletsEaten() == 1);                  // eaten once; nothing left to eat
    CHECK(std::fabs(s.fish().x[2] - 2900) > 100);  // the far fish swam on, untouched (no rules on)
  }
  SECTION("an uneaten pellet sinks out of reach after pelletTime") {
    Params p = isolatedParams(1);
    p.pelletTime = 2;
    School s(p);
    placeFish(s, 0, 200, 200, 60, 0);
    s.feed(3500, 3500);
    s.steps(119);
    CHECK(s.pellets()[0].timeLeft > 0);
    s.steps(2);
    CHECK(s.pellets()[0].timeLeft == 0);
    CHECK(s.pelletsEaten() == 0);
  }
  SECTION("pellets have a cap: a further one replaces the oldest; bad positions are ignored") {
    Params p = isolatedParams(1);
    School s(p);
    for (int k = 0; k < kMaxPellets + 2; ++k) s.feed(100.0f + float(k), 100);
    int live = 0;
    float lowest = 1e9f;
    for (int k = 0; k < kMaxPellets; ++k) {
      live += s.pellets()[k].timeLeft > 0;
      lowest = std::min(lowest, s.pellets()[k].x);
    }
    CHECK(live == kMaxPellets);
    CHECK(lowest == 102.0f);  // the two oldest were recycled
    s.feed(NAN, 5);
    s.feed(5, INFINITY);
    CHECK(s.pelletsDropped() == uint64_t(kMaxPellets + 2));
  }
}

TEST_CASE("pond: the back tier swims slower (S-ECO-4)", "[pond]") {
  Params p = isolatedParams(2);
  p.depthSpeed = 0.6;
  p.maxForce = 2000;
  School s(p);
  // Both far too fast: one step clamps each to its cap, the back fish's depthSpeed x lower.
  placeFish(s, 0, 1000, 1000, 500, 0);
  placeFish(s, 1, 1000, 3000, 500, 0);
  mutableFish(s).depth[0] = 0;  // back
  mutableFish(s).depth[1] = 1;  // front
  s.step();
  const float back = s.fish().vx[0], front = s.fish().vx[1];
  CHECK(front == Approx(float(p.maxSpeed)).epsilon(1e-4));
  CHECK(back == Approx(float(p.maxSpeed * p.depthSpeed)).epsilon(1e-4));
}
