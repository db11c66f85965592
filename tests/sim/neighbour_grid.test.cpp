// Neighbour search (S-SIM-8): the counting-sort grid, and grid == brute force bit for bit.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "sim/neighbour_grid.h"
#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

TEST_CASE("neighbour grid: buckets, clamping, no reallocation", "[grid]") {
  NeighbourGrid g;
  g.configure(1600, 900, 60);

  SECTION("dimensions cover the world") {
    CHECK(g.cellSize() == 60.0f);
    CHECK(g.cols() == 27);  // 1600/60 = 26.7, plus one so x = w has a cell
    CHECK(g.rows() == 16);
    CHECK(g.cellOf(0, 0) == 0);
    CHECK(g.cellOf(59.99f, 0) == 0);
    CHECK(g.cellOf(60, 0) == 1);
    CHECK(g.cellOf(0, 60) == g.cols());
    CHECK(g.cellOf(1600, 900) == (900 / 60) * g.cols() + 1600 / 60);
  }

  SECTION("cellOf clamps positions outside the world to the border cells") {
    const int last = g.cols() * g.rows() - 1;
    CHECK(g.cellOf(-5, -5) == 0);
    CHECK(g.cellOf(-1e30f, 450) == g.cellOf(0, 450));
    CHECK(g.cellOf(1e30f, 450) == g.cellOf(1600, 450));  // far beyond int range: still the last column
    CHECK(g.cellOf(1600, 450) % g.cols() == g.cols() - 1);
    CHECK(g.cellOf(450, 1e30f) == g.cellOf(450, 900));
    CHECK(g.cellOf(1e9f, 1e9f) == last);
    CHECK(g.cellOf(1e9f, -1e9f) == g.cols() - 1);
    CHECK(g.cellOf(-1e9f, 1e9f) == last - (g.cols() - 1));
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    for (float v : {nan, inf, -inf}) {
      int c = g.cellOf(v, v);
      CHECK(c >= 0);
      CHECK(c <= last);
      c = g.cellOf(v, 450);
      CHECK(c >= 0);
      CHECK(c <= last);
    }
  }

  SECTION("every fish appears exactly once in order(), in its own cell, in id order within a cell") {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> ux(-100, 1700), uy(-100, 1000);
    for (int n : {0, 1, 7, 500, 3000}) {
      std::vector<float> x(size_t(n) + 1), y(size_t(n) + 1);
      for (int i = 0; i < n; ++i) {
        x[size_t(i)] = ux(rng);
        y[size_t(i)] = uy(rng);
      }
      if (n > 3) {  // exact borders and corners
        x[0] = 60;
        y[0] = 60;
        x[1] = 0;
        y[1] = 0;
        x[2] = 1600;
        y[2] = 900;
        x[3] = 120;
        y[3] = 899.999f;
      }
      g.build(x.data(), y.data(), n);
      const int cells = g.cols() * g.rows();
      const int* start = g.cellStart();
      const int* order = g.order();
      CHECK(start[0] == 0);
      CHECK(start[cells] == n);
      std::vector<int> seen(size_t(n), 0);
      int misplaced = 0, unordered = 0, decreasing = 0;
      for (int c = 0; c < cells; ++c) {
        if (start[c + 1] < start[c]) ++decreasing;
        for (int k = start[c]; k < start[c + 1]; ++k) {
          int i = order[k];
          REQUIRE(i >= 0);
          REQUIRE(i < n);
          ++seen[size_t(i)];
          if (g.cellOf(x[size_t(i)], y[size_t(i)]) != c) ++misplaced;
          if (k > start[c] && order[k - 1] >= i) ++unordered;
        }
      }
      int wrongCount = 0;
      for (int s : seen) wrongCount += s != 1;
      INFO("n = " << n);
      CHECK(wrongCount == 0);
      CHECK(misplaced == 0);
      CHECK(unordered == 0);
      CHECK(decreasing == 0);
    }
  }

  SECTION("build reuses its buffers: no reallocation after the first build at a size") {
    std::vector<float> x(400), y(400);
    std::mt19937 rng(4);
    std::uniform_real_distribution<float> u(0, 900);
    for (size_t i = 0; i < x.size(); ++i) {
      x[i] = u(rng);
      y[i] = u(rng);
    }
    g.build(x.data(), y.data(), 400);
    const int* order = g.order();
    const int* start = g.cellStart();
    for (int n : {400, 10, 399, 0, 400}) {
      g.build(x.data(), y.data(), n);
      CHECK(g.order() == order);
      CHECK(g.cellStart() == start);
    }
    g.configure(1600, 900, 60);  // same size again: nothing to grow
    CHECK(g.cellStart() == start);
  }

  SECTION("a huge world with tiny radii coarsens instead of allocating an absurd grid") {
    NeighbourGrid big;
    big.configure(100000, 100000, 1);
    CHECK(double(big.cols()) * big.rows() <= 4e6);
    CHECK(big.cellSize() >= 1.0f);
    CHECK(big.cellOf(100000, 100000) == big.cols() * big.rows() - 1);
  }
}

namespace {

struct Compare {
  int mismatches = 0;
  int firstStep = -1;
  int neighbourMismatches = 0;
  uint64_t gridChecks = 0, bruteChecks = 0;
};

// Steps a grid school and a brute-force school side by side, comparing every `every` steps.
Compare gridVersusBrute(School grid, int steps, int every) {
  grid.setMetrics(true, uint64_t(every));  // the compared steps' metrics only (a step's metrics are cadence-free)
  School brute = grid;
  brute.setBruteForce(true);
  Compare c;
  for (int s = 1; s <= steps; ++s) {
    if (s == steps) {
      grid.measureNextStep();
      brute.measureNextStep();
    }
    grid.step();
    brute.step();
    c.gridChecks += grid.distanceChecks();
    c.bruteChecks += brute.distanceChecks();
    if (s % every == 0 || s == steps) {
      if (grid.stateHash() != brute.stateHash()) {
        ++c.mismatches;
        if (c.firstStep < 0) c.firstStep = s;
      }
      if (grid.metrics().avgNeighbours != brute.metrics().avgNeighbours ||
          grid.metrics().minDistance != brute.metrics().minDistance ||
          grid.metrics().localPolarization != brute.metrics().localPolarization)
        ++c.neighbourMismatches;
    }
  }
  return c;
}

// Places fish 0..n-1 at random (std::mt19937 seeded `seed`, draws u of 0..size): at (x + u, y + u) with velocity
// (vx - slope[0] * u, vy - slope[1] * u), from = {x, y, vx, vy}.
void scatterFish(School& s, int n, unsigned seed, float size, const float (&from)[4], const float (&slope)[2]) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0, size);
  for (int i = 0; i < n; ++i)
    placeFish(s, i, from[0] + u(rng), from[1] + u(rng), from[2] - slope[0] * u(rng), from[3] - slope[1] * u(rng));
}

// Both searches agree on every compared step: the same state and the same neighbour metrics.
void checkSameAsBrute(const School& s, int steps, int every) {
  Compare c = gridVersusBrute(s, steps, every);
  INFO("first mismatch at step " << c.firstStep);
  CHECK(c.mismatches == 0);
  CHECK(c.neighbourMismatches == 0);
}

}  // namespace

TEST_CASE("grid and brute force give bit-identical trajectories", "[grid][determinism]") {
  SECTION("several seeds and sizes in the default world") {
    struct Case {
      int fish;
      double seed;
      int steps;
    };
    const Case cases[] = {{2, 1, 200}, {50, 3, 300}, {300, 7, 300}, {800, 11, 120}};
    for (const Case& k : cases) {
      Params p = seededParams(k.fish, k.seed);
      Compare c = gridVersusBrute(School(p), k.steps, 20);
      INFO("fish " << k.fish << " seed " << k.seed << " first mismatch at step " << c.firstStep);
      CHECK(c.mismatches == 0);
      CHECK(c.neighbourMismatches == 0);
      const uint64_t pairs = uint64_t(k.fish) * uint64_t(k.fish - 1);
      CHECK(c.bruteChecks == pairs * uint64_t(k.steps));           // brute force tests every ordered pair
      if (k.fish >= 300) CHECK(c.gridChecks * 4 < c.bruteChecks);  // the grid far fewer
    }
  }

  SECTION("tuned preset, blind spot, panic from a pointer and a scare") {
    Params p = tunedParams(seededParams(300, 2));
    p.fov = 270;
    School s(p);
    s.steps(30);
    s.setPointer(true, 800, 450);
    s.scare(600, 300);
    checkSameAsBrute(s, 200, 10);
  }

  SECTION("a dense clump: 200 fish in a 20 px square") {
    Params p;
    p.fish = 200;
    School s(p);
    scatterFish(s, 200, 5, 20, {790, 440, 40, 40}, {2, 4});
    checkSameAsBrute(s, 200, 10);
  }

  SECTION("fish exactly on cell borders, and exactly one radius apart") {
    Params p;
    p.fish = 300;
    School s(p);
    // A 30 px lattice: every other row and column lies on a 60 px cell border; neighbours exactly 60 apart.
    for (int i = 0; i < 300; ++i) {
      float x = 480.0f + 30.0f * float(i % 20), y = 210.0f + 30.0f * float(i / 20);
      placeFish(s, i, x, y, (i % 3 == 0) ? 30.0f : -20.0f, (i % 2 == 0) ? 25.0f : -25.0f);
    }
    placeFish(s, 0, 0, 0, 30, 30);
    placeFish(s, 1, 1600, 900, -30, -30);
    placeFish(s, 2, 60, 0, 30, 30);
    checkSameAsBrute(s, 150, 5);
  }

  SECTION("a huge world with a coarsened grid") {
    Params p;
    p.fish = 150;
    p.width = p.height = 100000;
    setRadii(p, 2, 4, 5);
    p.maxSpeed = 12;
    p.minSpeed = 2;
    p.maxForce = 20;
    School s(p);
    scatterFish(s, 150, 6, 60, {50000, 50000, 6, 6}, {0.2f, 0.2f});
    checkSameAsBrute(s, 60, 5);
  }

  SECTION("a neighbour cap counts the same neighbours in both searches") {
    Params p = seededParams(300, 4);
    p.neighbourCap = 6;
    School s(p);
    checkSameAsBrute(s, 200, 10);
  }
}

namespace {
// Steps a school as the page does (metrics off: the default perception takes the half-shell scan, pair_scan.h) and
// a copy that measures every step (the nine-cell scan), comparing the state and the checks after every step.
void checkHalfShellSameAsNineCells(School pairs, int steps, const Params* grown = nullptr, int growAt = -1) {
  pairs.setMetricsEnabled(false);
  School nine = pairs;
  nine.setMetricsEnabled(true);
  int mismatches = 0, checkMismatches = 0, firstStep = -1;
  for (int s = 1; s <= steps; ++s) {
    if (grown && s == growAt) {
      pairs.setParams(*grown);
      nine.setParams(*grown);
    }
    pairs.step();
    nine.step();
    if (pairs.stateHash() != nine.stateHash()) {
      ++mismatches;
      if (firstStep < 0) firstStep = s;
    }
    checkMismatches += pairs.distanceChecks() != nine.distanceChecks();
  }
  INFO("first mismatch at step " << firstStep);
  CHECK(mismatches == 0);
  CHECK(checkMismatches == 0);  // distance_checks keeps the nine-cell count
}
}  // namespace

TEST_CASE("the half-shell scan gives the nine-cell scan's trajectories bit for bit", "[grid][determinism]") {
  SECTION("a forming school") { checkHalfShellSameAsNineCells(School(seededParams(800, 11)), 300); }

  SECTION("an odd count (the steering's last four-wide block runs past n), and panicked fish") {
    School s(seededParams(803, 17));
    s.scare(800, 450);  // panicked fish take the panic cohesion weight, their neighbours the ripple
    checkHalfShellSameAsNineCells(s, 240);
  }

  SECTION("a dense clump: every pair in one cell") {
    Params p;
    p.fish = 200;
    School s(p);
    scatterFish(s, 200, 5, 20, {790, 440, 40, 40}, {2, 4});
    checkHalfShellSameAsNineCells(s, 120);
  }

  SECTION("fish exactly on cell borders and in the corner cells") {
    Params p;
    p.fish = 300;
    School s(p);
    for (int i = 0; i < 300; ++i)
      placeFish(s, i, 480.0f + 30.0f * float(i % 20), 210.0f + 30.0f * float(i / 20), (i % 3 == 0) ? 30.0f : -20.0f,
                (i % 2 == 0) ? 25.0f : -25.0f);
    placeFish(s, 0, 0, 0, 30, 30);
    placeFish(s, 1, 1600, 900, -30, -30);
    placeFish(s, 2, 60, 0, 30, 30);
    placeFish(s, 3, 1600, 0, -30, 30);
    checkHalfShellSameAsNineCells(s, 150);
  }

  SECTION("a one-row world, and a school that grows mid-run (the pair slots stay clean)") {
    Params p = seededParams(150, 3);
    p.height = 100;
    setRadii(p, 22, 48, 120);  // cells of 120 px: one row
    checkHalfShellSameAsNineCells(School(p), 150);
    Params more = seededParams(300, 5);
    more.fish = 900;
    checkHalfShellSameAsNineCells(School(seededParams(300, 5)), 160, &more, 60);
  }
}
