// What `mirofish poster` and `mirofish render` draw: the school (a hash and parameter flags, exactly as `mirofish run`
// reads them, so a frame shows the fish `run` computes), where its frame 0 is, the frame's size and what is under it.
// Read from the flags without drawing anything.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/cli_args.h"
#include "link/form_spec.h"
#include "sim/params.h"

namespace mirofish {

struct FrameRequest {
  Params params;
  FormSpec form;  // the hash's form= and at=: part of the school, as a page's Pond lands it
  double formAt = 0;
  long long startStep = 0;  // frame 0 is the school after this many steps (the hash's t=, or --at / --from)
  int cssWidth = 1280, cssHeight = 720;
  double dpr = 1;
  int pixelWidth = 1280, pixelHeight = 720;  // the image: the size x dpr, rounded
  int fps = 60;
  float pageText = -1;      // --text: the page text's WCAG luminance, which waterTone=auto reads (< 0: unknown)
  bool background = false;  // false: transparent (premultiplied over nothing, written as straight alpha)
  uint8_t rgb[3] = {0, 0, 0};
  std::vector<Warning> warnings;
};

// One flag of the two commands' shared ones (--hash, --size, --background, --text, --<param>); false when it is not
// one.
bool readFrameFlag(CliArgs& a, const std::string& command, const std::string& flag, FrameRequest* r);
// --size WxH (CSS px, 16..3840 x 16..2160).
void readSize(const std::string& command, const std::string& text, FrameRequest* r);
// The image's pixels from the size and dpr; throws when a side passes kMaxPixelSide.
void settlePixels(FrameRequest* r);
constexpr int kMaxPixelSide = 7680;
// #rrggbb or #rgb.
bool parseColour(const std::string& text, uint8_t rgb[3]);
// Seconds in 0..3600 to whole steps, as a hash's t= rounds them.
long long stepsOfSeconds(const std::string& flag, const std::string& text);
// Frame k's step count from frame 0 at fps: round(k x 60 / fps), as the browser's recorder (web/record/options.js).
long long stepOfFrame(long long k, int fps);

}  // namespace mirofish
