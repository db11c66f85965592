// The renderer's GL-free core, natively (src/render/koi_bake.cpp): the baked tables' sizes and determinism.
#include <catch2/catch.hpp>

#include "render/koi_bake.h"

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
  CHECK(slices + 1 == 9);  // four bands of the shape field, four of the patch atlas, the profiles
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
