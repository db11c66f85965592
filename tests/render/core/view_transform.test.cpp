// The world <-> canvas letterbox (render/view_transform.h): the one copy the koi, the page's pointer and boxes and
// the studio's overlay and clicks all map through.
#include <catch2/catch.hpp>

#include "render/core/view_transform.h"

using namespace mirofish;

TEST_CASE("letterbox: the whole world fits, centred, and maps back", "[render][view]") {
  SECTION("a wide canvas: bars left and right; a tall one: above and below, scaled down") {
    const struct {
      double pixelW, pixelH, scale, offsetX, offsetY;
    } cases[] = {{2000, 900, 1, 200, 0}, {800, 900, 0.5, 0, 225}};
    for (const auto& c : cases) {
      const Letterbox<double> v = letterbox(1600.0, 900.0, c.pixelW, c.pixelH);
      CHECK(v.scale == c.scale);
      CHECK(v.offsetX == c.offsetX);
      CHECK(v.offsetY == c.offsetY);
      CHECK(v.pixelX(1600) == c.offsetX + 1600 * c.scale);
      CHECK(v.pixelY(900) == c.offsetY + 900 * c.scale);
    }
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
