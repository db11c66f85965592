// Deterministic trig (det_math.h): accuracy against libm, identities, defined answers for bad input.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "base/det_math.h"

using namespace mirofish;

TEST_CASE("det_math: detSinCos, wrapAngle, normalizeOrZero", "[det_math]") {
  SECTION("detSinCos within 2e-6 of std::sin/cos, including large and negative angles") {
    double worstS = 0, worstC = 0, worstId = 0;
    float worstAt = 0;
    auto probe = [&](float a) {
      float s, c;
      detSinCos(a, &s, &c);
      double es = std::fabs(double(s) - std::sin(double(a)));
      double ec = std::fabs(double(c) - std::cos(double(a)));
      double id = std::fabs(double(s) * s + double(c) * c - 1.0);
      if (es > worstS) {
        worstS = es;
        worstAt = a;
      }
      if (ec > worstC) {
        worstC = ec;
        worstAt = a;
      }
      if (id > worstId) worstId = id;
      // detSin/detCos are the same function.
      if (detSin(a) != s || detCos(a) != c) worstS = 1;
    };
    for (int k = -200000; k <= 200000; ++k) probe(float(k) * 1e-4f);     // [-20, 20] densely
    for (int k = -100000; k <= 100000; ++k) probe(float(k) * 9.87654f);  // out to +-1e6
    for (int q = -8; q <= 8; ++q)                                        // quadrant edges
      for (float eps : {-1e-6f, 0.0f, 1e-6f}) probe(float(q) * (kPi / 4) + eps);
    probe(999999.9f);
    probe(-999999.9f);
    CAPTURE(worstS, worstC, worstId, worstAt);
    CHECK(worstS < 2e-6);
    CHECK(worstC < 2e-6);
    CHECK(worstId < 4e-6);
  }

  SECTION("exact values where they matter") {
    float s, c;
    detSinCos(0.0f, &s, &c);
    CHECK(s == 0.0f);
    CHECK(c == 1.0f);
    detSinCos(-0.0f, &s, &c);
    CHECK(s == 0.0f);
    CHECK(c == 1.0f);
    CHECK(detSin(kPi / 2) == Approx(1.0f).margin(1e-6));
    CHECK(detCos(kPi) == Approx(-1.0f).margin(1e-6));
    CHECK(detSin(-kPi / 2) == Approx(-1.0f).margin(1e-6));
    // Odd and even.
    for (float a : {0.3f, 1.7f, 2.9f, 40.0f, 1234.5f}) {
      CHECK(detSin(-a) == -detSin(a));
      CHECK(detCos(-a) == detCos(a));
    }
  }

  SECTION("NaN, infinities and absurd angles give a defined answer (0, 1)") {
    const float bad[] = {std::numeric_limits<float>::quiet_NaN(),
                         std::numeric_limits<float>::infinity(),
                         -std::numeric_limits<float>::infinity(),
                         1e7f,
                         -1e7f,
                         3e38f};
    for (float a : bad) {
      float s = 5, c = 5;
      detSinCos(a, &s, &c);
      CHECK(s == 0.0f);
      CHECK(c == 1.0f);
    }
  }

  SECTION("wrapAngle lands in [0, 2pi) and keeps the angle") {
    int outside = 0, wrong = 0;
    float firstOutside = 0;
    auto probe = [&](float a) {
      float r = wrapAngle(a);
      if (!(r >= 0.0f && r < kTwoPi)) {
        if (!outside++) firstOutside = a;
        return;
      }
      // Same angle: equal sin and cos up to float rounding of the input's magnitude.
      const double tol = 2e-6;  // the reduction is done in double: no loss with the magnitude
      if (std::fabs(std::sin(double(r)) - std::sin(double(a))) > tol ||
          std::fabs(std::cos(double(r)) - std::cos(double(a))) > tol)
        ++wrong;
    };
    for (int k = -100000; k <= 100000; ++k) probe(float(k) * 1.3e-3f);
    for (int k = -2000; k <= 2000; ++k) probe(float(k) * 497.0f);  // out to +-1e6
    for (int m = -20; m <= 20; ++m)
      for (float eps : {-1e-7f, -1e-9f, 0.0f, 1e-9f, 1e-7f}) probe(float(m) * kTwoPi + eps);
    probe(-0.0f);
    probe(-1e-30f);
    probe(kTwoPi);
    probe(std::nextafter(kTwoPi, 0.0f));
    CAPTURE(firstOutside);
    CHECK(outside == 0);
    CHECK(wrong == 0);
    CHECK(wrapAngle(1.0f) == 1.0f);
    for (float absurd : {1e7f, -1e7f, 3e38f, -std::numeric_limits<float>::infinity()}) {  // beyond 1e6: a defined 0
      float r = wrapAngle(absurd);
      CHECK(r >= 0.0f);
      CHECK(r < kTwoPi);
    }
    CHECK(wrapAngle(std::numeric_limits<float>::quiet_NaN()) == 0.0f);
    CHECK(wrapAngle(-1.0f) == Approx(kTwoPi - 1.0f).margin(1e-6));
    CHECK(wrapAngle(7.0f) == Approx(7.0f - kTwoPi).margin(1e-6));
  }

  SECTION("normalizeOrZero: unit length, or exactly zero below 1e-6") {
    float x = 3, y = 4;
    normalizeOrZero(x, y);
    CHECK(x == Approx(0.6f));
    CHECK(y == Approx(0.8f));
    float tx = 1e-7f, ty = -1e-7f;
    normalizeOrZero(tx, ty);
    CHECK(tx == 0.0f);
    CHECK(ty == 0.0f);
    float nx = std::numeric_limits<float>::quiet_NaN(), ny = 1;
    normalizeOrZero(nx, ny);
    CHECK(nx == 0.0f);
    CHECK(ny == 0.0f);
    float bx = 1e-5f, by = 0;
    normalizeOrZero(bx, by);
    CHECK(bx == Approx(1.0f));
    float hx = 1e18f, hy = 1e18f;
    normalizeOrZero(hx, hy);
    CHECK(hx == Approx(0.70710678f));
  }
}
