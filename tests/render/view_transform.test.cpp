// The world <-> canvas letterbox (render/view_transform.h): the one copy the koi, the page's pointer and boxes and
// the studio's overlay and clicks all map through.
#include <catch2/catch.hpp>

#include "render/view_transform.h"

using namespace mirofish;

TEST_CASE("letterbox: the whole world fits, centred, and maps back", "[render][view]") {
  SECTION("a wide canvas: bars left and right") {
    const Letterbox<double> v = letterbox(1600.0, 900.0, 2000.0, 900.0);
    CHECK(v.scale == 1);
    CHECK(v.offsetX == 200);
    CHECK(v.offsetY == 0);
    CHECK(v.pixelX(0) == 200);
    CHECK(v.pixelX(1600) == 1800);
  }
  SECTION("a tall canvas: bars above and below, scaled down") {
    const Letterbox<double> v = letterbox(1600.0, 900.0, 800.0, 900.0);
    CHECK(v.scale == 0.5);
    CHECK(v.offsetX == 0);
    CHECK(v.offsetY == 225);
    CHECK(v.pixelY(900) == 675);
  }
  SECTION("pixel -> world is the inverse") {
    const Letterbox<double> v = letterbox(1600.0, 900.0, 1280.0, 1000.0);
    for (double x : {0.0, 13.5, 800.0, 1600.0})
      for (double y : {0.0, 450.0, 899.0}) {
        CHECK(v.worldX(v.pixelX(x)) == Approx(x));
        CHECK(v.worldY(v.pixelY(y)) == Approx(y));
      }
  }
  SECTION("a world under 1 px counts as 1 px (never a division by zero)") {
    const Letterbox<float> v = letterbox(0.0f, 0.0f, 10.0f, 20.0f);
    CHECK(v.scale == 10);
    CHECK(v.offsetY == 5);
  }
  SECTION("the renderers' float form rounds as float arithmetic, device px") {
    const WorldToPixels m = worldToPixels(1600, 900, 1366, 768);
    const float scale = std::min(1366.0f / 1600.0f, 768.0f / 900.0f);
    CHECK(m.scale == scale);
    CHECK(m.offsetX == (1366.0f - 1600.0f * scale) * 0.5f);
    CHECK(m.offsetY == (768.0f - 900.0f * scale) * 0.5f);
  }
}
