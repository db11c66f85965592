// What a native frame draws: the school (a hash and its parameters, as `mirofish run` reads them, so a frame shows the
// fish `run` computes), where its frame 0 is, the frame's size and what is under it. The CLI reads it from its flags
// (cli/frame_flags.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/cli_errors.h"
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

// The image's pixels from the size and dpr; throws when a side passes kMaxPixelSide.
void settlePixels(FrameRequest* r);
constexpr int kMaxPixelSide = 7680;
// Frame k's step count from frame 0 at fps: round(k x 60 / fps), as the browser's recorder (web/record/options.js).
long long stepOfFrame(long long k, int fps);

}  // namespace mirofish
