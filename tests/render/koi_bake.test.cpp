// The renderer's GL-free core, natively (src/render/koi_bake.cpp): the baked tables' sizes and determinism.
#include <catch2/catch.hpp>

#include "render/koi_bake.h"

using namespace mirofish;

TEST_CASE("koi bake: the layouts' sizes, the same bytes every time", "[render]") {
  KoiBake a, b;
  CHECK(a.empty());
  bakeKoi(&a);
  bakeKoi(&b);
  REQUIRE_FALSE(a.empty());
  CHECK(a.shape.size() == size_t(kShapeW) * kShapeH * 4);
  CHECK(a.pattern.size() == size_t(kPatternTileW * kPatternTilesX) * (kPatternTileH * kPatternTilesY) * 2);
  CHECK(a.profile.size() == size_t(kStrips) * kProfileN * 2);
  CHECK(a.shape == b.shape);
  CHECK(a.pattern == b.pattern);
  CHECK(a.profile == b.profile);
  // The snout end of the body field is outside the body (distance > 0, encoded above 0.5) at the field's edge.
  CHECK(a.shape[0] > 128);
}
