// A native frame's request (frame_request.h).
#include "frames/frame_request.h"

#include <cmath>

#include "base/constants.h"
#include "base/number_text.h"

namespace mirofish {

long long stepOfFrame(long long k, int fps) { return (k * kStepHz * 2 + fps) / (2 * fps); }

void settlePixels(FrameRequest* r) {
  r->pixelWidth = int(std::lround(r->cssWidth * r->dpr));
  r->pixelHeight = int(std::lround(r->cssHeight * r->dpr));
  if (r->pixelWidth > kMaxPixelSide || r->pixelHeight > kMaxPixelSide)
    throw cliError(CliErrorId::PixelsTooMany,
                   {std::to_string(r->cssWidth), std::to_string(r->cssHeight), formatG(r->dpr, 6),
                    std::to_string(r->pixelWidth), std::to_string(r->pixelHeight), std::to_string(kMaxPixelSide)});
}

}  // namespace mirofish
