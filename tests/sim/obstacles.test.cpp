// S-ECO-1 obstacles: the geometry, the text form, each rule in isolation (the soft push alone, the hard limit
// alone), grid == brute force, and no fish ever inside one over a long run.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "sim/obstacles.h"
#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

namespace {

Obstacle rect(float x, float y, float w, float h) { return {Obstacle::Rect, x, y, w, h}; }
Obstacle circle(float x, float y, float r) { return {Obstacle::Circle, x, y, r, 0}; }

// Fish inside any obstacle (strictly: on the outline is outside).
int fishInside(const School& s) {
  int inside = 0;
  const ObstacleField& field = s.obstacles();
  for (int i = 0; i < s.count(); ++i)
    for (int k = 0; k < field.count(); ++k) {
      float nx, ny;
      if (obstacleDistance(field.list()[k], s.fish().x[i], s.fish().y[i], &nx, &ny) < 0) {
        ++inside;
        break;
      }
    }
  return inside;
}

// Ten obstacles over a 1600 x 900 pond: rects and circles, two overlapping, one on the left wall.
std::vector<Obstacle> tenObstacles() {
  return {rect(200, 150, 220, 120), rect(380, 220, 160, 160), circle(800, 450, 90), rect(1100, 120, 300, 60),
          circle(1300, 650, 120),   rect(0, 500, 140, 200),   circle(600, 750, 50), rect(900, 700, 180, 140),
          circle(1500, 300, 60),    rect(700, 80, 40, 240)};
}

}  // namespace

TEST_CASE("obstacle geometry: signed distance and outward normal", "[obstacles]") {
  float nx, ny;
  const Obstacle r = rect(100, 100, 200, 100);
  CHECK(obstacleDistance(r, 50, 150, &nx, &ny) == Approx(50));
  CHECK((nx == -1 && ny == 0));
  CHECK(obstacleDistance(r, 330, 240, &nx, &ny) == Approx(50));  // a corner: 30, 40 -> 50
  CHECK(nx == Approx(0.6f));
  CHECK(ny == Approx(0.8f));
  CHECK(obstacleDistance(r, 150, 190, &nx, &ny) == Approx(-10));  // inside, nearest the bottom side
  CHECK((nx == 0 && ny == 1));
  const Obstacle c = circle(500, 500, 40);
  CHECK(obstacleDistance(c, 500, 560, &nx, &ny) == Approx(20));
  CHECK((nx == 0 && ny == 1));
  CHECK(obstacleDistance(c, 510, 500, &nx, &ny) == Approx(-30));
  CHECK(nx == 1);
}

// Found by tests/fuzz/obstacle_event.cpp: a point outside a rectangle by less than 1e-19 px squared its offsets to 0
// and divided 0 by 0, a NaN normal that would have spread through the fish's velocity.
TEST_CASE("obstacle geometry: a point a hair outside a rectangle gets a finite outward normal", "[obstacles]") {
  float nx = 0, ny = 0;
  const Obstacle r = rect(0, 5e-27f, 0, 5e-6f);
  const float d = obstacleDistance(r, 0, 0, &nx, &ny);
  CHECK(std::isfinite(d));
  CHECK(d >= 0);
  CHECK(d < 1e-20f);
  CHECK((nx == 0 && ny == -1));  // out through the top side
  CHECK(obstacleDistance(rect(1e-30f, 0, 10, 10), 0, 5, &nx, &ny) < 1e-20f);
  CHECK((nx == -1 && ny == 0));
}

TEST_CASE("obstacle text: rect:x,y,w,h and circle:x,y,r, one sentence for anything else", "[obstacles]") {
  Obstacle o;
  std::string error;
  REQUIRE(parseObstacle("rect:10,20,30.5,40", &o, &error));
  CHECK((o.kind == Obstacle::Rect && o.x == 10 && o.y == 20 && o.w == 30.5f && o.h == 40));
  REQUIRE(parseObstacle("circle:-5,6,7", &o, &error));
  CHECK((o.kind == Obstacle::Circle && o.x == -5 && o.y == 6 && o.w == 7));
  for (const char* bad : {"rect", "rect:1,2,3", "circle:1,2,3,4", "square:1,2,3", "rect:1,2,x,4", "circle:1,2,nan",
                          "circle:1,2,-1", "rect:0,0,10,-2", "rect:1,,2,3", "circle:1,2,1e999", ""}) {
    CAPTURE(bad);
    error.clear();
    CHECK_FALSE(parseObstacle(bad, &o, &error));
    CHECK(error.find("obstacle '") == 0);
  }
}

TEST_CASE("obstacles: each rule in isolation", "[obstacles]") {
  // One fish swimming straight at a wide box, 200 px away.
  auto run = [](double weight, int steps) {
    Params p = isolatedParams(1);
    p.obstacleWeight = weight;
    School s(p);
    const Obstacle box = rect(2200, 1700, 200, 600);
    s.setObstacles(&box, 1);
    placeFish(s, 0, 2000, 2000, 80, 0);
    int inside = 0;
    for (int k = 0; k < steps; ++k) {
      s.step();
      inside += fishInside(s);
    }
    return std::make_pair(s.obstacleExits(), inside);
  };
  SECTION("the soft push alone turns the fish before the outline") {
    auto r = run(4, 600);
    CHECK(r.first == 0);  // the hard limit never had to act
    CHECK(r.second == 0);
  }
  SECTION("without the push, the hard limit keeps the fish out") {
    auto r = run(0, 600);
    CHECK(r.first > 0);
    CHECK(r.second == 0);
  }
  SECTION("the push works within the margin only: a fish passing further away swims on untouched") {
    Params p = isolatedParams(1);
    School with(p), without(p);
    const Obstacle box = rect(2000, 2100, 200, 100);  // 100 px below the fish's path, margin 64
    with.setObstacles(&box, 1);
    placeFish(with, 0, 1800, 2000, 80, 0);
    placeFish(without, 0, 1800, 2000, 80, 0);
    with.steps(300);
    without.steps(300);
    CHECK(with.stateHash() == without.stateHash());
  }
  SECTION("a fish put inside leaves at the next step, gliding along the outline") {
    Params p = isolatedParams(1);
    School s(p);
    const Obstacle c = circle(2000, 2000, 50);
    s.setObstacles(&c, 1);
    placeFish(s, 0, 2010, 2000, 60, 0);
    s.step();
    CHECK(fishInside(s) == 0);
    CHECK(s.obstacleExits() == 1);
    CHECK(dist(s.fish().x[0], s.fish().y[0], 2000, 2000) == Approx(50).margin(0.2));
  }
}

TEST_CASE("obstacles: the grid and brute force agree bit for bit", "[obstacles][determinism]") {
  Params p = seededParams(400, 11);
  School grid(p);
  const std::vector<Obstacle> list = tenObstacles();
  grid.setObstacles(list.data(), int(list.size()));
  const auto sameExits = [](const School& g, const School& b) { CHECK(g.obstacleExits() == b.obstacleExits()); };
  REQUIRE(firstRoundOffBrute(grid, 6, 100, sameExits) == -1);
}

namespace {
void checkNeverInside(int steps) {
  Params p = seededParams(3000, 5);
  School s(p);
  const std::vector<Obstacle> list = tenObstacles();
  s.setObstacles(list.data(), int(list.size()));
  s.step();  // fish spawned inside leave at the first step
  int worst = 0;
  for (int k = 1; k < steps; ++k) {
    s.step();
    const int inside = fishInside(s);
    if (inside > worst) worst = inside;
  }
  CHECK(worst == 0);
  CHECK(s.clampCount() == 0);
  WARN("obstacle exits (the hard limit acting) in " << steps << " steps: " << s.obstacleExits());
}
}  // namespace

TEST_CASE("obstacles: no fish inside one at any step (3000 fish, 10 obstacles)", "[obstacles][long]") {
  checkNeverInside(1200);
}

// The full target (36 000 steps, 10 minutes of pond): run by hand, `mirofish_tests "[obstacles-full]"`.
TEST_CASE("obstacles: no fish inside one over 36000 steps", "[.obstacles-full]") { checkNeverInside(36000); }
