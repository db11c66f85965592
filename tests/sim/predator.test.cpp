// S-ECO-2 the predator: it comes with predator=1, hunts the school's dense part, makes the fish near it flee and
// startle (the school bursts), never removes a fish, leaves with predator=0; grid and brute force agree.
#include <catch2/catch.hpp>

#include <algorithm>

#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

Params hunted(int fish) {
  Params p = seededParams(fish, 21);
  return p;
}

// Distance from the predator to the nearest fish.
float nearestToPredator(const School& s) {
  float best = 1e30f;
  for (int i = 0; i < s.count(); ++i) {
    const float d = dist(s.fish().x[i], s.fish().y[i], s.predator().x, s.predator().y);
    if (d < best) best = d;
  }
  return best;
}

}  // namespace

TEST_CASE("predator: absent by default, comes with predator=1, hunts the school, leaves with predator=0",
          "[predator]") {
  Params p = hunted(300);
  School s(p);
  s.setMetricsEnabled(true);
  s.steps(300);
  CHECK_FALSE(s.predator().present);
  const uint64_t calm = s.stateHash();
  p.predator = 1;
  s.setParams(p);
  s.step();
  REQUIRE(s.predator().present);
  const Predator& pr = s.predator();
  // It enters at the edge.
  CHECK((pr.x <= 2 || pr.x >= 1598 || pr.y <= 2 || pr.y >= 898));
  // Within 10 s it has reached the school: some fish came within its radius and startled.
  int startled = 0;
  float closest = 1e30f;
  for (int k = 0; k < 600; ++k) {
    s.step();
    const float d = nearestToPredator(s);
    if (d < closest) closest = d;
    startled = std::max(startled, s.metrics().states[int(FishState::Startle)]);
  }
  CAPTURE(closest, startled);
  CHECK(closest < 150);
  CHECK(startled >= 20);
  CHECK(s.count() == 300);  // it never catches or removes a fish
  CHECK(s.stateHash() != calm);
  // It is faster than the fish: top speed predatorSpeed x vmax.
  const float speed = dist(pr.vx, pr.vy, 0, 0);
  CHECK(speed > float(p.maxSpeed));
  CHECK(speed <= float(p.predatorSpeed * p.maxSpeed) * 1.001f);
  // Sent away, it swims out of the world within 15 s and is gone; the fish calm down.
  p.predator = 0;
  s.setParams(p);
  int gone = -1;
  for (int k = 0; k < 900 && gone < 0; ++k) {
    s.step();
    if (!s.predator().present) gone = k;
  }
  CHECK(gone >= 0);
  s.steps(600);
  CHECK(s.metrics().states[int(FishState::Startle)] < 10);
}

TEST_CASE("predator: the fish near it flee (its pull on the school is repulsion only)", "[predator]") {
  // The same school with and without the predator's flight (weight 0): with it, fewer fish end up close to it.
  auto closeFish = [](double weight) {
    Params p = hunted(400);
    p.predator = 1;
    p.predatorWeight = weight;
    School s(p);
    long close = 0;
    for (int k = 0; k < 900; ++k) {
      s.step();
      if (k < 300) continue;
      for (int i = 0; i < s.count(); ++i)
        close += dist(s.fish().x[i], s.fish().y[i], s.predator().x, s.predator().y) < 60;
    }
    return close;
  };
  const long flee = closeFish(4), stay = closeFish(0);
  CAPTURE(flee, stay);
  CHECK(flee * 3 < stay);
}

TEST_CASE("predator: the school loosens while hunted and closes again after it leaves", "[predator]") {
  Params p = hunted(600);
  p.width = 1200;
  p.height = 700;
  School s(p);
  s.setMetricsEnabled(true);
  s.steps(1200);  // 20 s: the school forms
  auto meanNeighbours = [&](int steps) {
    double sum = 0;
    for (int k = 0; k < steps; ++k) {
      s.step();
      sum += double(s.metrics().avgNeighbours);
    }
    return sum / steps;
  };
  const double before = meanNeighbours(600);
  p.predator = 1;
  s.setParams(p);
  const double during = meanNeighbours(1200);
  p.predator = 0;
  s.setParams(p);
  const double after = meanNeighbours(1200);
  CAPTURE(before, during, after);
  CHECK(during < 0.95 * before);
  CHECK(after > during);
}

TEST_CASE("predator: the grid and brute force agree bit for bit", "[predator][determinism]") {
  Params p = hunted(300);
  p.predator = 1;
  School grid(p);
  CHECK(firstRoundOffBrute(grid, 5, 120) == -1);
}
