// Pointer and scare (S-INT-1..3): fish avoid the virtual cursor and panic, regroup after it leaves; scares expire.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

// A formed school of 300 (default world), with a point in the thick of it.
struct Formed {
  School school;
  float px, py;
};

Formed formedSchool(double seed) {
  Params p = stillPond(Params());  // the pointer's own rules, without the pond's pulls and the ripple's flight
  p.fish = 300;
  p.seed = seed;
  School s(p);
  s.steps(600);
  int i = densestFish(s, 60);
  return {s, s.fish().x[i], s.fish().y[i]};
}

}  // namespace

TEST_CASE("pointer: avoidance, panic, regrouping", "[pointer]") {
  SECTION("the virtual cursor follows the pointer with a ~0.12 s lag and grows with speed") {
    Params p;
    p.fish = 1;
    School s(p);
    CHECK_FALSE(s.cursorActive());
    s.setPointer(true, 100, 100);
    s.step();
    CHECK(s.cursorActive());
    CHECK(s.cursorX() == 100.0f);
    CHECK(s.cursorRadius() == float(p.pointerRadius));  // still: the plain radius
    s.setPointer(true, 700, 100);
    s.step();
    float firstMove = s.cursorX() - 100.0f;
    CHECK(firstMove > 0);
    CHECK(firstMove < 600.0f * 0.2f);  // lags behind
    CHECK(s.cursorRadius() > float(p.pointerRadius));
    CHECK(s.cursorRadius() <= 1.5f * float(p.pointerRadius) + 1e-3f);
    s.steps(7);  // 0.12 s later: about 1 - 1/e of the way
    CHECK(s.cursorX() > 100.0f + 600.0f * 0.5f);
    CHECK(s.cursorX() < 100.0f + 600.0f * 0.8f);
    s.steps(120);
    CHECK(s.cursorX() == Approx(700.0f).margin(0.01));
    CHECK(s.cursorRadius() == Approx(float(p.pointerRadius)).margin(0.01));
    s.setPointer(false, 0, 0);
    s.step();
    CHECK_FALSE(s.cursorActive());
  }

  SECTION("a pointer held still in the school: fish move away and panic, unlike without it") {
    Formed f = formedSchool(1);
    School held = f.school, control = f.school;
    const float r = float(held.params().pointerRadius);
    Around before = around(held, f.px, f.py, r);
    CAPTURE(before.count, before.meanDist);
    REQUIRE(before.count >= 10);
    // Fish well inside the radius before the first step get panic from it.
    std::vector<int> inside;
    for (int i = 0; i < held.count(); ++i)
      if (dist(held.fish().x[i], held.fish().y[i], f.px, f.py) < 0.8f * r) inside.push_back(i);
    held.setPointer(true, f.px, f.py);
    held.step();
    control.step();
    int panicked = 0, controlPanicked = 0;
    for (int i : inside) panicked += held.fish().panic[i] > 0;
    for (int i = 0; i < control.count(); ++i) controlPanicked += control.fish().panic[i] > 0;
    CHECK(panicked == int(inside.size()));
    CHECK(controlPanicked == 0);
    held.steps(59);  // one second with the pointer held still
    control.steps(59);
    Around after = around(held, f.px, f.py, r), drift = around(control, f.px, f.py, r);
    CAPTURE(after.count, after.meanDist, drift.count, drift.meanDist);
    CHECK(after.count < before.count * 3 / 4);
    CHECK(after.count < drift.count * 3 / 4);
    CHECK(after.meanDist > before.meanDist + 10);
    // The fish that started inside: pushed out, while without the pointer they stay around.
    auto meanFromPointer = [&](const School& sc) {
      double m = 0;
      for (int i : inside) m += dist(sc.fish().x[i], sc.fish().y[i], f.px, f.py);
      return m / double(inside.size());
    };
    double pushed = meanFromPointer(held), stayed = meanFromPointer(control);
    CAPTURE(pushed, stayed);
    CHECK(pushed > float(held.params().pointerRadius) * 0.9f);
    CHECK(pushed > stayed + 15);
    // Panic raises the speed cap: some fish swim faster than vmax * (1 + variation) allows a calm fish.
    auto fastest = [](const School& s) {
      float v = 0;
      for (int i = 0; i < s.count(); ++i)
        v = std::fmax(v, std::sqrt(s.fish().vx[i] * s.fish().vx[i] + s.fish().vy[i] * s.fish().vy[i]));
      return v;
    };
    const float calmCap = float(held.params().maxSpeed * (1 + held.params().variation)) + 1e-3f;
    CHECK(fastest(held) > calmCap);
    CHECK(fastest(control) <= calmCap);
  }

  SECTION("after the pointer leaves, the school regroups within a few seconds") {
    Formed f = formedSchool(1);
    School& s = f.school;
    // The fish in the thick of it, and how many school-mates each has within the cohesion radius.
    const float rc = float(s.params().cohRadius);
    std::vector<int> affected;
    for (int i = 0; i < s.count(); ++i)
      if (dist(s.fish().x[i], s.fish().y[i], f.px, f.py) < float(s.params().pointerRadius)) affected.push_back(i);
    REQUIRE(affected.size() >= 10);
    auto localNeighbours = [&](const School& sc) {
      double total = 0;
      for (int i : affected) total += around(sc, sc.fish().x[i], sc.fish().y[i], rc).count - 1;
      return total / double(affected.size());
    };
    auto avgNeighbours = [](School& sc, int steps) {
      sc.setMetricsEnabled(true);
      double sum = 0;
      for (int k = 0; k < steps; ++k) {
        sc.step();
        sum += sc.metrics().avgNeighbours;
      }
      return sum / steps;
    };
    double localPre = localNeighbours(s);
    double pre = avgNeighbours(s, 30);
    s.setPointer(true, f.px, f.py);
    s.steps(60);  // 1 s held still
    double localDuring = localNeighbours(s);
    s.setPointer(false, 0, 0);
    s.steps(180);  // 3 s later
    double localPost = localNeighbours(s);
    double post = avgNeighbours(s, 30);
    CAPTURE(localPre, localDuring, localPost, pre, post);
    CHECK(localDuring < 0.75 * localPre);  // the pointer broke the school up where it was
    CHECK(localPost > 0.7 * localPre);     // and the school came back together
    CHECK(post > 0.8 * pre);
    int panicked = 0;
    for (int i = 0; i < s.count(); ++i) panicked += s.fish().panic[i] > 0;
    CHECK(panicked == 0);  // panic wears off (0.5 s)
  }
}

TEST_CASE("scare: fish flee a fear source, which expires", "[pointer][scare]") {
  SECTION("fish within the scare radius flee more than without the scare") {
    Formed f = formedSchool(2);
    School scared = f.school, calm = f.school;
    const float r = float(scared.params().scareRadius);
    std::vector<int> near;
    for (int i = 0; i < scared.count(); ++i)
      if (dist(scared.fish().x[i], scared.fish().y[i], f.px, f.py) < r) near.push_back(i);
    REQUIRE(near.size() >= 10);
    auto meanDist = [&](const School& s) {
      double m = 0;
      for (int i : near) m += dist(s.fish().x[i], s.fish().y[i], f.px, f.py);
      return m / double(near.size());
    };
    double start = meanDist(scared);
    scared.scare(f.px, f.py);
    scared.steps(60);
    calm.steps(60);
    double fled = meanDist(scared) - start, drifted = meanDist(calm) - start;
    CAPTURE(start, fled, drifted, near.size());
    CHECK(fled > drifted + 20);
    CHECK(fled > 30);
  }

  SECTION("a scare lasts scareTime, then has no effect") {
    auto panicAfter = [](int wait) {
      Params p;
      p.fish = 1;
      p.scareTime = 3;
      School s(p);
      mirofish::test::placeFish(s, 0, 1500, 800, 10, 0);  // far from the scare
      s.scare(300, 300);
      s.steps(wait);
      mirofish::test::placeFish(s, 0, 320, 300, 10, 0);  // now well inside its radius
      s.step();
      return s.fish().panic[0];
    };
    CHECK(panicAfter(170) > 0);   // 2.83 s: still scary
    CHECK(panicAfter(182) == 0);  // 3.03 s: gone
  }

  SECTION("eight scares at once are kept; a ninth replaces the oldest") {
    Params p;
    p.fish = 1;
    School s(p);
    mirofish::test::placeFish(s, 0, 1500, 800, 10, 0);
    s.scare(300, 300);  // the oldest
    s.step();
    for (int k = 0; k < 7; ++k) s.scare(600, 600);
    s.step();
    School copy = s;
    mirofish::test::placeFish(copy, 0, 320, 300, 10, 0);
    copy.step();
    CHECK(copy.fish().panic[0] > 0);  // all eight slots used: the first is still there
    s.scare(900, 600);                // the ninth replaces the oldest
    mirofish::test::placeFish(s, 0, 320, 300, 10, 0);
    s.step();
    CHECK(s.fish().panic[0] == 0);
  }
}

TEST_CASE("School validates what it is given: Params out of range, non-finite pointer and scares",
          "[pointer][params]") {
  SECTION("the constructor clamps like setParams: smoothing 0, NaN speed, negative fish") {
    Params p;
    p.fish = 50;
    p.smoothing = 0;  // would divide by zero
    p.maxSpeed = std::nan("");
    p.sepRadius = 1e9;
    School s(p);
    CHECK(s.params().smoothing == 1);
    CHECK(s.params().maxSpeed == Params().maxSpeed);
    CHECK(s.params().sepRadius == 400);
    s.steps(120);
    CHECK(s.firstNonFinite() < 0);
    Params neg;
    neg.fish = -5;
    CHECK(School(neg).count() == 0);
  }

  SECTION("+-inf and NaN pointers and scares change nothing") {
    Params p;
    p.fish = 60;
    School a(p), b(p);
    a.setPointer(true, std::numeric_limits<float>::infinity(), 100);
    b.setPointer(true, 100, -std::numeric_limits<float>::infinity());
    a.scare(std::nanf(""), 10);
    b.scare(10, std::numeric_limits<float>::infinity());
    School c(p);
    a.steps(200);
    b.steps(200);
    c.steps(200);
    CHECK(a.stateHash() == c.stateHash());
    CHECK(b.stateHash() == c.stateHash());
  }
}
