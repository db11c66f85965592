// Landing rules (S-CHO-3): springs, the weight ramp, staggered departures, the angle-sorted assignment.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "base/det_math.h"
#include "base/rng.h"
#include "form/landing.h"

using namespace mirofish;

namespace {

bool segmentsCross(float ax, float ay, float bx, float by, float cx, float cy, float dx, float dy) {
  auto side = [](double px, double py, double qx, double qy, double rx, double ry) {
    const double v = (qx - px) * (ry - py) - (qy - py) * (rx - px);
    return v > 0 ? 1 : (v < 0 ? -1 : 0);
  };
  return side(ax, ay, bx, by, cx, cy) * side(ax, ay, bx, by, dx, dy) < 0 &&
         side(cx, cy, dx, dy, ax, ay) * side(cx, cy, dx, dy, bx, by) < 0;
}

// Steps of the landing spring, from `start` px away at rest to within `within` px and `speed` px/step.
int stepsToSettle(Spring s, float start, float within) {
  float p = start, v = 0;
  for (int step = 1; step < 100000; ++step) {
    v = v * s.damping + (0 - p) * s.stiffness;
    p += v;
    if (std::fabs(p) < within && std::fabs(v) < 0.05f) return step;
  }
  return -1;
}

}  // namespace

TEST_CASE("Landing: springs as the seed gives them", "[form][landing]") {
  CHECK(landingSpring(0).stiffness == Approx(0.004));
  CHECK(landingSpring(0).damping == Approx(0.84));
  CHECK(landingSpring(1).stiffness == Approx(0.054));
  CHECK(landingSpring(1).damping == Approx(0.78));
  CHECK(landingSpring(0.5f).stiffness == Approx(0.004 + 0.05 * 0.25));
  CHECK(landingSpring(0.5f).damping == Approx(0.81));
  CHECK(landingSpring(7).stiffness == landingSpring(1).stiffness);  // k clamped to [0, 1]
  CHECK(landingSpring(-3).damping == landingSpring(0).damping);
  CHECK(orbitSpring(1).stiffness == Approx(0.18));
  CHECK(orbitSpring(0).stiffness == Approx(0.02));
  CHECK(orbitSpring(0.3f).damping == Approx(0.74));
  CHECK(formationSpring(FormationKind::Frame, 1).stiffness == orbitSpring(1).stiffness);
  CHECK(formationSpring(FormationKind::Vortex, 0.5f).damping == orbitSpring(0.5f).damping);
  CHECK(formationSpring(FormationKind::Qr, 1).stiffness == landingSpring(1).stiffness);
  // Both springs bring a fish from across a 1600-px world to rest within half a pixel in under 6 s (the QR
  // finale is scannable within 6 s), even at the softest k.
  for (float k : {0.0f, 0.5f, 1.0f}) {
    INFO("k = " << k);
    const int landing = stepsToSettle(landingSpring(k), 1600, 0.5f), orbit = stepsToSettle(orbitSpring(k), 1600, 0.5f);
    CHECK(landing > 0);
    CHECK(landing < 6 * 60);
    CHECK(orbit > 0);
    CHECK(orbit < 6 * 60);
  }
}

TEST_CASE("Landing: the formation weight ramps 0 -> 1 over 1.5 s", "[form][landing]") {
  CHECK(formationWeight(-1) == 0);
  CHECK(formationWeight(0) == 0);
  CHECK(formationWeight(std::nanf("")) == 0);
  CHECK(formationWeight(0.75f) == Approx(0.5));
  CHECK(formationWeight(kWeightRampSeconds) == 1);
  CHECK(formationWeight(100) == 1);
  for (float t = 0.05f; t <= 1.5f; t += 0.05f) CHECK(formationWeight(t) > formationWeight(t - 0.05f));
  CHECK(formationWeight(0.1f) < 0.02);  // smooth start: no jolt when a fish leaves its free path
}

TEST_CASE("Landing: departures staggered by distance, the middle first, at most 0.8 s", "[form][landing]") {
  Rng rng(11);
  std::vector<float> x(300), y(300), delay(300);
  for (int i = 0; i < 300; ++i) {
    x[size_t(i)] = rng.range(200, 1400);
    y[size_t(i)] = rng.range(100, 800);
  }
  departureDelays(x.data(), y.data(), 300, 800, 450, delay.data());
  std::vector<int> order(300);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return std::hypot(x[size_t(a)] - 800, y[size_t(a)] - 450) < std::hypot(x[size_t(b)] - 800, y[size_t(b)] - 450);
  });
  for (size_t k = 1; k < order.size(); ++k) CHECK(delay[size_t(order[k])] >= delay[size_t(order[k - 1])]);
  CHECK(delay[size_t(order.back())] == Approx(kMaxDepartureDelay));
  CHECK(delay[size_t(order.front())] < 0.1);
  for (float d : delay) CHECK((d >= 0 && d <= kMaxDepartureDelay));
  // All at the centre: everyone leaves at once.
  float cx[2] = {5, 5}, cy[2] = {5, 5}, out[2] = {-1, -1};
  departureDelays(cx, cy, 2, 5, 5, out);
  CHECK(out[0] == 0);
  CHECK(out[1] == 0);
}

TEST_CASE("Landing: angleKey orders directions as atan2 does", "[form][landing]") {
  std::vector<double> angles;
  for (int i = 0; i < 3600; ++i) angles.push_back(-3.14159 + i * (2 * 3.14159 / 3600));
  for (size_t i = 1; i < angles.size(); ++i) {
    const float a = angleKey(float(std::cos(angles[i - 1])) * 37, float(std::sin(angles[i - 1])) * 37);
    const float b = angleKey(float(std::cos(angles[i])) * 0.5f, float(std::sin(angles[i])) * 0.5f);
    CHECK(a < b);  // the length does not matter, only the direction
  }
  CHECK(angleKey(0, 0) == 0);
  CHECK(angleKey(1, 0) == 2);
  CHECK(angleKey(0, 1) == 3);
  CHECK(angleKey(0, -1) == 1);
}

TEST_CASE("Landing: fish and targets paired in angle order, so paths do not cross", "[form][landing]") {
  Rng rng(5);
  const float cx = 800, cy = 450;
  auto scatter = [&](int n, float r0, float r1, std::vector<float>& x, std::vector<float>& y) {
    x.resize(size_t(n));
    y.resize(size_t(n));
    for (int i = 0; i < n; ++i) {
      const float a = rng.range(0, kTwoPi), r = rng.range(r0, r1);
      x[size_t(i)] = cx + r * std::cos(a);
      y[size_t(i)] = cy + r * std::sin(a);
    }
  };
  auto crossings = [](const std::vector<float>& fx, const std::vector<float>& fy, const std::vector<float>& tx,
                      const std::vector<float>& ty, const std::vector<int>& of) {
    int n = 0;
    for (size_t a = 0; a < of.size(); ++a)
      for (size_t b = a + 1; b < of.size(); ++b)
        if (of[a] >= 0 && of[b] >= 0)
          n += segmentsCross(fx[a], fy[a], tx[size_t(of[a])], ty[size_t(of[a])], fx[b], fy[b], tx[size_t(of[b])],
                             ty[size_t(of[b])]);
    return n;
  };
  for (int trial = 0; trial < 20; ++trial) {
    const int fish = 50 + int(rng.next() % 200), targets = 50 + int(rng.next() % 200);
    INFO("trial " << trial << ": " << fish << " fish, " << targets << " targets");
    std::vector<float> fx, fy, tx, ty;
    // Fish around the page, targets in the middle (a landing's geometry).
    scatter(fish, 380, 440, fx, fy);
    scatter(targets, 20, 150, tx, ty);
    std::vector<int> of(static_cast<size_t>(fish));
    const int empty = assignByAngle(fx.data(), fy.data(), fish, tx.data(), ty.data(), targets, cx, cy, of.data());
    CHECK(empty == std::max(0, targets - fish));
    // One fish per target at most, and min(fish, targets) pairs.
    std::vector<int> taken(static_cast<size_t>(targets), 0), used;
    for (int f = 0; f < fish; ++f)
      if (of[size_t(f)] >= 0) {
        REQUIRE(of[size_t(f)] < targets);
        CHECK(++taken[size_t(of[size_t(f)])] == 1);
        used.push_back(f);
      }
    CHECK(int(used.size()) == std::min(fish, targets));
    // No swapped targets: in the fish's angle order, their targets' angles never go back.
    std::sort(used.begin(), used.end(), [&](int a, int b) {
      return angleKey(fx[size_t(a)] - cx, fy[size_t(a)] - cy) < angleKey(fx[size_t(b)] - cx, fy[size_t(b)] - cy);
    });
    for (size_t k = 1; k < used.size(); ++k) {
      const int t0 = of[size_t(used[k - 1])], t1 = of[size_t(used[k])];
      CHECK(angleKey(tx[size_t(t0)] - cx, ty[size_t(t0)] - cy) <= angleKey(tx[size_t(t1)] - cx, ty[size_t(t1)] - cy));
    }
    // Straight paths may still cross where neighbours start and end at different radii (shallow crossings of
    // near-parallel paths, measured at 1-3 % of pairs here against ~25 % for the same pairs shuffled).
    std::vector<int> shuffled = of;
    for (size_t i = shuffled.size(); i > 1; --i) std::swap(shuffled[i - 1], shuffled[rng.next() % i]);
    const int sorted = crossings(fx, fy, tx, ty, of), random = crossings(fx, fy, tx, ty, shuffled);
    INFO("crossings: " << sorted << " sorted, " << random << " shuffled");
    CHECK(sorted * 5 < random);
  }
  // Fish on one circle, targets on a smaller one: no path crosses another.
  for (int trial = 0; trial < 10; ++trial) {
    std::vector<float> fx, fy, tx, ty;
    scatter(120, 400, 400, fx, fy);
    scatter(150, 100, 100, tx, ty);
    std::vector<int> of(120);
    assignByAngle(fx.data(), fy.data(), 120, tx.data(), ty.data(), 150, cx, cy, of.data());
    CHECK(crossings(fx, fy, tx, ty, of) == 0);
  }
}

TEST_CASE("Landing: assignment edge cases and repeatability", "[form][landing]") {
  float fx[4] = {10, -10, 0, 0}, fy[4] = {0, 0, 10, -10};
  float tx[4] = {1, -1, 0, 0}, ty[4] = {0, 0, 1, -1};
  int of[4];
  CHECK(assignByAngle(fx, fy, 4, tx, ty, 4, 0, 0, of) == 0);
  CHECK(of[0] == 0);  // each fish to the target in its own direction
  CHECK(of[1] == 1);
  CHECK(of[2] == 2);
  CHECK(of[3] == 3);
  CHECK(assignByAngle(fx, fy, 4, tx, ty, 0, 0, 0, of) == 0);
  for (int f : of) CHECK(f == -1);
  CHECK(assignByAngle(fx, fy, 0, tx, ty, 4, 0, 0, of) == 4);
  // Ties (two fish on one ray) are broken by distance then index: the same answer every time.
  float sx[3] = {5, 5, 10}, sy[3] = {0, 0, 0};
  int a[3], b[3];
  assignByAngle(sx, sy, 3, tx, ty, 2, 0, 0, a);
  assignByAngle(sx, sy, 3, tx, ty, 2, 0, 0, b);
  CHECK(std::equal(a, a + 3, b));
}
