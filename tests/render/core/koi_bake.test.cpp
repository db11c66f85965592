// The renderer's GL-free core, natively (src/render/koi_bake.cpp): the baked tables' sizes and determinism.
#include <catch2/catch.hpp>

#include "base/fnv1a.h"
#include "render/core/koi_bake.h"

using namespace mirofish;

TEST_CASE("koi bake: the layouts' sizes, the same bytes every time", "[render]") {
  KoiBake a, b;
  CHECK_FALSE(a.complete);
  bakeKoi(&a);
  bakeKoi(&b);
  REQUIRE(a.complete);
  CHECK(a.shape.size() == size_t(kShapeW) * kShapeH * 4);
  CHECK(a.pattern.size() == size_t(kPatternTileW * kPatternTilesX) * (kPatternTileH * kPatternTilesY) * 2);
  CHECK(a.profile.size() == size_t(kStrips) * kProfileN * 2);
  CHECK(a.shape == b.shape);
  CHECK(a.pattern == b.pattern);
  CHECK(a.profile == b.profile);
  // The snout end of the body field is outside the body (distance > 0, encoded above 0.5) at the field's edge.
  CHECK(a.shape[0] > 128);
}

TEST_CASE("koi bake: in slices, and the process's shared bake, the same bytes as at once", "[render]") {
  KoiBake whole, sliced;
  bakeKoi(&whole);
  int slices = 0;
  while (!bakeKoiSlice(&sliced, slices)) {
    ++slices;
    CHECK_FALSE(sliced.complete);
  }
  // Bands of the shape field, of the patch atlas and of the profile's columns, then the profiles.
  CHECK(slices + 1 == koiBakeSlices());
  CHECK(sliced.columns.empty());  // the profile's working columns are let go
  CHECK(sliced.shape == whole.shape);
  CHECK(sliced.pattern == whole.pattern);
  CHECK(sliced.profile == whole.profile);
  // The shared bake: a slice or two first (a page's engine), the rest on first use (the first renderer).
  bakeSharedKoiSlice();
  const KoiBake& shared = sharedKoiBake();
  CHECK(bakeSharedKoiSlice());
  CHECK(&shared == &sharedKoiBake());
  CHECK(shared.shape == whole.shape);
  CHECK(shared.pattern == whole.pattern);
  CHECK(shared.profile == whole.profile);
}

// The bytes the koi shaders were tuned on (pinned): a change to the bake's arithmetic or order shows here first, before
// any picture changes. wasm runs the same code (the page's golden hashes are of the school, not of its pixels).
TEST_CASE("koi bake: the pinned bytes", "[render]") {
  KoiBake b;
  bakeKoi(&b);
  const auto hash = [](const void* p, size_t n) {
    return fnv1aBytes(kFnvOffset, static_cast<const unsigned char*>(p), n);
  };
  CHECK(hash(b.shape.data(), b.shape.size()) == 0xd2d7b2fb35919b0dULL);
  CHECK(hash(b.pattern.data(), b.pattern.size()) == 0x1f6f3f3e71c08aecULL);
  // The strips of 28, 16, 10 and 6 segments, then the 2-segment one: a change to one shows in its own check.
  const size_t strip = size_t(kProfileN) * 2;
  REQUIRE(b.profile.size() == strip * 5);
  CHECK(hash(b.profile.data(), strip * 4 * sizeof(float)) == 0x852ac77217d6c1b8ULL);
  CHECK(hash(b.profile.data() + strip * 4, strip * sizeof(float)) == 0x423f38dd2b36527dULL);
}
