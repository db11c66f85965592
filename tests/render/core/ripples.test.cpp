// S-ECO-5 the water's ripple ring (src/render/ripples.cpp, the one render file without GL): a ripple starts at the
// next frame, spreads and fades, nearby young ripples join, the ring keeps the newest eight, startles become ripples.
#include <catch2/catch.hpp>

#include "render/core/ripples.h"
#include "sim/school.h"
#include "support/sim_test_helpers.h"

using namespace mirofish;
using namespace mirofish::test;

TEST_CASE("ripples: start at the next frame, spread, fade and go", "[ripples]") {
  RippleRing ring;
  float out[kMaxRipples * 4];
  CHECK(ring.pack(10.0, 1, out) == 0);
  ring.add(100, 200, 1);
  REQUIRE(ring.pack(12.0, 1.5f, out) == 1);  // a click between frames: its ring starts now
  CHECK(out[0] == 100.0f);
  CHECK(out[1] == 200.0f);
  CHECK(out[2] == 0.0f);
  CHECK(out[3] == 1.5f);  // the ripple parameter's gain
  REQUIRE(ring.pack(12.5, 1.5f, out) == 1);
  CHECK(out[2] == Approx(kRippleSpeed * 0.5f));
  CHECK(out[3] < 1.5f);
  CHECK(ring.pack(12.0 + kRippleLife, 1.5f, out) == 0);
  CHECK(ring.pack(13.0, 1.5f, out) == 0);  // gone for good
  ring.add(0, 0, 0);                       // no strength, no ripple
  ring.add(0, 0, -1);
  CHECK(ring.pack(14.0, 1, out) == 0);
}

TEST_CASE("ripples: a young ripple nearby absorbs a new one; the ring keeps the newest", "[ripples]") {
  RippleRing ring;
  float out[kMaxRipples * 4];
  ring.add(100, 100, 0.5f);
  ring.add(110, 100, 1);  // a click and its pellet, or a scare and its startle: one ring, the stronger
  REQUIRE(ring.pack(1.0, 1, out) == 1);
  CHECK(out[3] == 1.0f);
  ring.add(105, 100, 1);  // 0.1 s later: still the same splash
  REQUIRE(ring.pack(1.1, 1, out) == 1);
  REQUIRE(ring.pack(1.5, 1, out) == 1);
  ring.add(105, 100, 1);  // 0.5 s later: a new ring
  CHECK(ring.pack(1.6, 1, out) == 2);
  RippleRing full;
  for (int k = 0; k < kMaxRipples + 3; ++k) full.add(100.0f * float(k), 0, 1);
  REQUIRE(full.pack(1.0, 1, out) == kMaxRipples);
  float smallest = 1e9f;
  for (int k = 0; k < kMaxRipples; ++k) smallest = out[k * 4] < smallest ? out[k * 4] : smallest;
  CHECK(smallest == 300.0f);  // the three oldest gave way
}

TEST_CASE("ripples: the school's startles since the last frame, each once, none stale", "[ripples]") {
  School s(isolatedParams(2));
  placeFish(s, 0, 1000, 1000, 20, 0);
  placeFish(s, 1, 3000, 3000, 20, 0);
  RippleRing ring;
  float out[kMaxRipples * 4];
  s.scare(1010, 1000);
  s.step();
  ring.addStartles(s);
  ring.addStartles(s);  // nothing new
  REQUIRE(ring.pack(1.0, 1, out) == 1);
  CHECK(out[0] == 1010.0f);
  s.scare(3000, 2990);
  s.steps(200);  // read only after more than a ripple's life: stale, skipped
  ring.addStartles(s);
  CHECK(ring.pack(1.1, 1, out) == 1);
}
