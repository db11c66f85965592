// S-SIM-10: fixed 1/60 s steps from any frame rate, at most 3 a frame.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "sim/school.h"

using namespace mirofish;

namespace {

std::vector<int> feed(double frameSeconds, int frames) {
  FixedStep fs;
  std::vector<int> out;
  for (int k = 0; k < frames; ++k) out.push_back(fs.advance(frameSeconds));
  return out;
}

int total(const std::vector<int>& v) {
  int t = 0;
  for (int n : v) t += n;
  return t;
}

}  // namespace

TEST_CASE("FixedStep: steps per frame at any display rate", "[fixed_step]") {
  SECTION("60 Hz: one step every frame") {
    auto v = feed(1.0 / 60, 600);
    CHECK(std::count(v.begin(), v.end(), 1) == 600);
  }

  SECTION("30 Hz: two steps every frame") {
    auto v = feed(1.0 / 30, 600);
    CHECK(std::count(v.begin(), v.end(), 2) == 600);
  }

  SECTION("120 Hz: a step every other frame") {
    auto v = feed(1.0 / 120, 1200);
    int wrong = 0;
    for (size_t k = 0; k < v.size(); ++k) wrong += v[k] != int(k % 2);
    CHECK(wrong == 0);
  }

  SECTION("30, 60, 120 and 144 Hz over the same 20 s give the same number of steps") {
    CHECK(total(feed(1.0 / 30, 600)) == 1200);
    CHECK(total(feed(1.0 / 60, 1200)) == 1200);
    CHECK(total(feed(1.0 / 120, 2400)) == 1200);
    int t144 = total(feed(1.0 / 144, 2880));
    CHECK(t144 >= 1199);
    CHECK(t144 <= 1200);
  }

  SECTION("a long stall gives at most 3 steps and drops the backlog") {
    FixedStep fs;
    CHECK(fs.advance(5.0) == 3);
    CHECK(fs.advance(1.0 / 60) == 1);
    CHECK(fs.advance(0.06) == 3);
    CHECK(fs.advance(1e300) == 3);
    CHECK(fs.advance(1.0 / 60) == 1);
  }

  SECTION("NaN, negative, zero and infinite frame times") {
    FixedStep fs;
    CHECK(fs.advance(std::numeric_limits<double>::quiet_NaN()) == 0);
    CHECK(fs.advance(-1.0) == 0);
    CHECK(fs.advance(0.0) == 0);
    CHECK(fs.advance(-std::numeric_limits<double>::infinity()) == 0);
    CHECK(fs.accumulator == 0);
    CHECK(fs.advance(std::numeric_limits<double>::infinity()) == 3);
    CHECK(std::isfinite(fs.accumulator));
    CHECK(fs.advance(1.0 / 60) == 1);
  }

  SECTION("jittery frames: the steps add up to the elapsed time") {
    FixedStep fs;
    int steps = 0;
    double elapsed = 0;
    for (int k = 0; k < 3000; ++k) {
      double dt = (k % 3 == 0) ? 0.011 : (k % 3 == 1 ? 0.019 : 0.020);  // all under 3 steps a frame
      elapsed += dt;
      steps += fs.advance(dt);
    }
    CHECK(std::abs(double(steps) - elapsed * 60.0) <= 1.0);
  }

  SECTION("a school driven at 30 Hz and at 120 Hz ends in the same state") {
    Params p;
    p.fish = 100;
    School a(p), b(p);
    FixedStep fa, fb;
    for (int k = 0; k < 90; ++k) a.steps(fa.advance(1.0 / 30));
    for (int k = 0; k < 360; ++k) b.steps(fb.advance(1.0 / 120));
    CHECK(a.stepCount() == 180);
    CHECK(a.stepCount() == b.stepCount());
    CHECK(a.stateHash() == b.stateHash());
  }
}
