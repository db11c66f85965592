// From the framebuffer's premultiplied pixels to a file's (render/core/frame_pixels.h).
#include <catch2/catch.hpp>

#include "cli/frame_flags.h"
#include "frames/frame_request.h"
#include "render/core/frame_pixels.h"

using namespace mirofish;

TEST_CASE("frame pixels: over a background as the browser composites, straight alpha for a file", "[frames]") {
  uint8_t px[12] = {100, 50, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255};
  const uint8_t white[3] = {255, 255, 255};
  uint8_t over[12];
  std::copy(px, px + 12, over);
  flattenOnto(over, 3, white);
  CHECK(int(over[0]) == 100 + 127);  // c + bg x (1 - a), rounded: 255 x 127 / 255
  CHECK(int(over[3]) == 255);
  CHECK(int(over[4]) == 255);  // nothing drawn: the background
  CHECK(int(over[8]) == 255);
  unpremultiply(px, 3);
  CHECK(int(px[0]) == 199);  // 100 / (128 / 255), rounded
  CHECK(int(px[1]) == 100);
  CHECK(int(px[3]) == 128);
  CHECK(int(px[4]) == 0);
  CHECK(int(px[7]) == 0);
}

TEST_CASE("frame request: a clip's frame k is round(k x 60 / fps) steps on, as the recorder's", "[frames]") {
  CHECK(stepOfFrame(1, 24) == 3);  // 2.5 rounds up, as JS's Math.round
  CHECK(stepOfFrame(3, 24) == 8);  // 7.5
  CHECK(stepOfFrame(7, 25) == 17);
  CHECK(stepOfFrame(24, 25) == 58);
  CHECK(stepOfFrame(5, 60) == 5);
  uint8_t rgb[3];
  CHECK(parseColour("#f4f1ea", rgb));
  CHECK(int(rgb[0]) == 0xf4);
  CHECK(parseColour("#abc", rgb));
  CHECK(int(rgb[2]) == 0xcc);
  CHECK_FALSE(parseColour("f4f1ea", rgb));
  CHECK_FALSE(parseColour("#12345g", rgb));
}
