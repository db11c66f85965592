// Formations as targets over time (S-CHO-1, S-CHO-2) and the QR/text layouts (S-CHO-4).
#include <catch2/catch.hpp>

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "form/formations.h"

using namespace mirofish;

namespace {

struct Points {
  std::vector<float> x, y;
  explicit Points(int n) : x(size_t(n)), y(size_t(n)) {}
};

Points targetsAt(FormationKind kind, const FormationArea& a, float t, int n) {
  Points p(n);
  formationTargets(kind, a, t, n, p.x.data(), p.y.data());
  return p;
}

double dist(const FormationArea& a, float x, float y) { return std::hypot(double(x - a.cx), double(y - a.cy)); }

uint64_t hashPoints(const Points& p, uint64_t h) {
  for (size_t i = 0; i < p.x.size(); ++i)
    for (float v : {p.x[i], p.y[i]}) {
      uint32_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      h = (h ^ bits) * 1099511628211ULL;
    }
  return h;
}

const FormationKind kMoving[] = {FormationKind::Ring, FormationKind::Rings, FormationKind::Infinity,
                                 FormationKind::Vortex, FormationKind::Frame};

}  // namespace

TEST_CASE("Formations: targets move with time, finite and repeatable", "[form][formations]") {
  const FormationArea a = worldArea(1600, 900);
  CHECK(a.cx == 800);
  CHECK(a.cy == 450);
  CHECK(a.radius == Approx(360));
  for (FormationKind kind : kMoving) {
    INFO(formationName(kind));
    CHECK(isMovingFormation(kind));
    for (float t : {0.0f, 0.5f, 2.0f, 10.0f, 3600.0f}) {
      const Points p = targetsAt(kind, a, t, 200), q = targetsAt(kind, a, t, 200);
      CHECK(p.x == q.x);
      CHECK(p.y == q.y);
      for (int i = 0; i < 200; ++i) {
        REQUIRE(std::isfinite(p.x[size_t(i)]));
        REQUIRE(std::isfinite(p.y[size_t(i)]));
        // Inside the frame at its largest: 2 x 1.08 r a half side, rotated.
        CHECK(dist(a, p.x[size_t(i)], p.y[size_t(i)]) <= 2 * 1.08 * 360 * 1.4143);
      }
    }
    const Points p0 = targetsAt(kind, a, 5, 200), p1 = targetsAt(kind, a, 6, 200);
    CHECK(p0.x != p1.x);  // a formation is a function of time, not a still picture
  }
  CHECK_FALSE(isMovingFormation(FormationKind::Qr));
  CHECK_FALSE(isMovingFormation(FormationKind::None));
  // n <= 0 writes nothing.
  float x = -1, y = -1;
  formationTargets(FormationKind::Ring, a, 1, 0, &x, &y);
  CHECK(x == -1);
}

TEST_CASE("Formations: the ring breathes, evenly spaced", "[form][formations]") {
  const FormationArea a{500, 400, 300};
  Points p(90);
  ringTargets(a, 1.0f, 90, p.x.data(), p.y.data());  // a quarter of the 4-s breath: the widest
  for (int i = 0; i < 90; ++i) CHECK(dist(a, p.x[size_t(i)], p.y[size_t(i)]) == Approx(0.8 * 300 * 1.08).epsilon(1e-4));
  ringTargets(a, 3.0f, 90, p.x.data(), p.y.data());  // three quarters: the narrowest
  const double r = 0.8 * 300 * 0.92;
  for (int i = 0; i < 90; ++i) CHECK(dist(a, p.x[size_t(i)], p.y[size_t(i)]) == Approx(r).epsilon(1e-4));
  // Neighbours are one 90th of the circle apart: chord 2 r sin(pi / 90).
  for (int i = 0; i < 90; ++i) {
    const int j = (i + 1) % 90;
    const double chord = std::hypot(double(p.x[size_t(j)] - p.x[size_t(i)]), double(p.y[size_t(j)] - p.y[size_t(i)]));
    CHECK(chord == Approx(2 * r * std::sin(3.14159265358979 / 90)).epsilon(1e-3));
  }
}

TEST_CASE("Formations: three rings turn in alternate directions", "[form][formations]") {
  const FormationArea a{0, 0, 100};
  const int n = 187;  // 35 + 62 + 90: fish by circumference
  Points p(n), q(n);
  ringsTargets(a, 2.0f, n, p.x.data(), p.y.data());
  ringsTargets(a, 2.1f, n, q.x.data(), q.y.data());
  const int start[4] = {0, 35, 97, 187};
  const double radius[3] = {35, 62, 90};
  for (int k = 0; k < 3; ++k) {
    // Each ring: its fish equally far from the ring's own centre (the mean of its fish).
    double cx = 0, cy = 0;
    for (int i = start[k]; i < start[k + 1]; ++i) cx += p.x[size_t(i)], cy += p.y[size_t(i)];
    cx /= start[k + 1] - start[k];
    cy /= start[k + 1] - start[k];
    for (int i = start[k]; i < start[k + 1]; ++i)
      CHECK(std::hypot(p.x[size_t(i)] - cx, p.y[size_t(i)] - cy) == Approx(radius[k]).epsilon(1e-3));
    // Turning direction from the cross product of a fish's offsets 0.1 s apart (its ring's centre moves less).
    const size_t i = size_t(start[k]);
    const double turn = double(p.x[i] - cx) * double(q.y[i] - cy) - double(p.y[i] - cy) * double(q.x[i] - cx);
    CHECK((k == 1 ? turn < 0 : turn > 0));
  }
}

TEST_CASE("Formations: the infinity sign is a lemniscate the fish stream along", "[form][formations]") {
  const FormationArea a{0, 0, 100};
  Points p(120);
  infinityTargets(a, 7.0f, 120, p.x.data(), p.y.data());
  const double w = 150;
  for (int i = 0; i < 120; ++i) {
    const double x = p.x[size_t(i)], y = p.y[size_t(i)], r2 = x * x + y * y;
    CHECK(r2 * r2 == Approx(w * w * (x * x - y * y)).margin(w * w * w * w * 1e-5));  // (x²+y²)² = w²(x²−y²)
  }
}

TEST_CASE("Formations: the vortex fills its area evenly and drifts", "[form][formations]") {
  const FormationArea a{0, 0, 200};
  const int n = 400;
  Points p(n), later(n);
  vortexTargets(a, 3.0f, n, p.x.data(), p.y.data());
  vortexTargets(a, 4.0f, n, later.x.data(), later.y.data());
  int inner = 0;
  double meanMove = 0, minMove = 1e9, maxMove = 0;
  for (int i = 0; i < n; ++i) {
    const double d = dist(a, p.x[size_t(i)], p.y[size_t(i)]);
    CHECK(d <= 0.9 * 200 * 1.06 + 1e-3);
    inner += d < 0.9 * 200 / std::sqrt(2.0) ? 1 : 0;  // half the area
    const double move =
        std::hypot(double(later.x[size_t(i)] - p.x[size_t(i)]), double(later.y[size_t(i)] - p.y[size_t(i)]));
    meanMove += move / n;
    minMove = std::min(minMove, move);
    maxMove = std::max(maxMove, move);
  }
  CHECK(inner > n * 45 / 100);
  CHECK(inner < n * 55 / 100);
  // Slow: under 0.5 rad/s x 180 px = 90 px a second for any fish; noisy: not all at one speed.
  CHECK(maxMove < 100);
  CHECK(meanMove > 5);
  CHECK(maxMove > 2 * minMove);
}

TEST_CASE("Formations: the frame spirals in from 2x scale and 2.2 rad over 3 s", "[form][formations]") {
  CHECK(frameEase(0) == 1);
  CHECK(frameEase(kFrameSeconds) == 0);
  CHECK(frameEase(100) == 0);
  CHECK(frameEase(1.5f) == Approx(0.5));
  for (float t = 0.1f; t < 3; t += 0.1f) CHECK(frameEase(t) < frameEase(t - 0.1f));
  const FormationArea a{0, 0, 100};
  const double h = 1.08 * 100;
  Points p(64);
  // Rotated back by 2.2 k and shrunk by 1 + k, every point lies on the square of half side h.
  for (float t : {0.0f, 1.0f, 2.0f, 3.0f, 8.0f}) {
    const double k = frameEase(t), c = std::cos(-kFrameTurn * k), s = std::sin(-kFrameTurn * k);
    frameTargets(a, t, 64, p.x.data(), p.y.data());
    for (int i = 0; i < 64; ++i) {
      const double x = (c * p.x[size_t(i)] - s * p.y[size_t(i)]) / (1 + k);
      const double y = (s * p.x[size_t(i)] + c * p.y[size_t(i)]) / (1 + k);
      CHECK(std::max(std::fabs(x), std::fabs(y)) == Approx(h).epsilon(1e-4));
    }
  }
  // `vortex`: the last quarter of the fish are the frame's.
  CHECK(vortexFrameCount(200) == 50);
  const Points both = targetsAt(FormationKind::Vortex, a, 5, 200);
  for (int i = 150; i < 200; ++i)
    CHECK(std::max(std::fabs(both.x[size_t(i)]), std::fabs(both.y[size_t(i)])) == Approx(h).epsilon(1e-4));
  for (int i = 0; i < 150; ++i) CHECK(dist(a, both.x[size_t(i)], both.y[size_t(i)]) < h);
}

TEST_CASE("Formations: golden targets (native and wasm give the same bits)", "[form][formations]") {
  uint64_t h = 1469598103934665603ULL;
  const FormationArea a = worldArea(1600, 900);
  for (FormationKind kind : kMoving)
    for (float t : {0.0f, 0.7f, 2.5f, 61.3f}) h = hashPoints(targetsAt(kind, a, t, 257), h);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016" PRIx64, h);
  INFO("actual golden targets hash: " << hex);
  CHECK(std::string(hex) == "557fda0fe5bb7393");
}

TEST_CASE("Layout: a QR code on whole pixels, centred, quiet zone and plate", "[form][layout]") {
  QrCode code;
  std::string why;
  REQUIRE(encodeQr("https://example.org/search?q=koi+pond&lang=en#top", &code, &why));
  REQUIRE(code.size == 33);
  TargetLayout l;
  REQUIRE(layoutQr(code, 1600, 900, &l, &why));
  CHECK(l.cell == int(0.8 * 900 / 41));  // 17 px: 41 modules with the quiet zone in 80 % of 900
  CHECK(l.cols == 41);
  CHECK(l.rows == 41);
  CHECK(l.originX == (1600 - 41 * 17) / 2);
  CHECK(l.originY == (900 - 41 * 17) / 2);
  CHECK(l.plateWidth() == 41 * 17);
  CHECK(l.count() == code.darkCount());
  int solid = 0;
  for (int i = 0; i < l.count(); ++i) {
    // Centres of whole-pixel modules, inside the symbol (never in the quiet zone).
    const float mx = (l.x[size_t(i)] - float(l.originX)) / 17 - 0.5f,
                my = (l.y[size_t(i)] - float(l.originY)) / 17 - 0.5f;
    CHECK(mx == std::floor(mx));
    CHECK(my == std::floor(my));
    REQUIRE(mx >= 4);
    REQUIRE(my >= 4);
    REQUIRE(mx < 37);
    REQUIRE(my < 37);
    CHECK(code.dark(int(mx) - 4, int(my) - 4));
    CHECK(l.solid[size_t(i)] == (qrIsFinderModule(33, int(mx) - 4, int(my) - 4) ? 1 : 0));
    solid += l.solid[size_t(i)];
  }
  CHECK(solid == 3 * (24 + 9));  // each finder: a 7x7 ring of 24 and a 3x3 core
  // Small worlds get smaller modules, down to 1 px; smaller than that is refused.
  REQUIRE(layoutQr(code, 100, 100, &l, &why));
  CHECK(l.cell == 1);
  CHECK_FALSE(layoutQr(code, 40, 300, &l, &why));
  CHECK(why == "a version-4 code needs 41 px at 1 px a module; the world is 40x300");
}

TEST_CASE("Layout: text cells are capped, centred, refused when they cannot fit", "[form][layout]") {
  CellList cells;
  std::string why;
  REQUIRE(textCells("Hi", &cells, &why));
  TargetLayout l;
  REQUIRE(layoutCells(cells, 1600, 900, &l, &why));
  CHECK(l.cell == kMaxTextCellPx);  // two letters would be 116 px a cell otherwise: fish too far apart to read
  CHECK(l.count() == int(cells.cells.size()));
  CHECK(l.originX == (1600 - l.cols * l.cell) / 2);
  for (uint8_t s : l.solid) CHECK(s == 0);
  REQUIRE(textCells(std::string(40, 'W'), &cells, &why));
  REQUIRE(layoutCells(cells, 1600, 900, &l, &why));
  CHECK(l.cell == int(0.8 * 1600 / (40 * 6 - 1 + 2)));  // width-bound: 5 px
  CHECK_FALSE(layoutCells(cells, 100, 100, &l, &why));
  CHECK(why == "the 239x7 cells do not fit the 100x100 world at 1 px a cell");
}
