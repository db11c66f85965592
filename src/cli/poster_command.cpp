// `mirofish poster`: one frame of a hash at a time, as the page would draw it, to a PNG or a WebP.
#include <cinttypes>
#include <cstdio>

#include "cli/frame_flags.h"
#include "cli/frames_command.h"
#include "frames/frame_maker.h"
#include "frames/image_files.h"
#include "sim/school.h"

namespace mirofish {

int posterCommand(CliArgs& a) {
  FrameRequest r;
  std::string out;
  int quality = 85;
  long long at = -1;  // --at: the poster's step from step 0, over the hash's t=
  while (!a.done()) {
    const std::string flag = a.next();
    if (flag == "--at") {
      at = stepsOfSeconds(flag, a.value(flag));
    } else if (flag == "--dpr") {
      const std::string text = a.value(flag);
      if (!parseStrictNumber(text, &r.dpr) || r.dpr < 0.5 || r.dpr > 4)
        throw cliError(CliErrorId::DprBad, {echoed(text)});
    } else if (flag == "--out") {
      out = a.value(flag);
    } else if (flag == "--quality") {
      quality = int(parseCount(flag, a.value(flag), 1, 100));
    } else if (!readFrameFlag(a, "poster", flag, &r)) {
      throw cliError(CliErrorId::UnknownFlag, {"poster", echoed(flag), " (see mirofish --help)"});
    }
  }
  if (out.empty()) throw cliError(CliErrorId::OutRequired, {"poster", "poster.png or poster.webp"});
  const bool webp = endsWith(out, ".webp");
  if (!webp && !endsWith(out, ".png")) throw cliError(CliErrorId::OutKind, {"poster", echoed(out), ".png or .webp"});
  settlePixels(&r);
  if (at >= 0) r.startStep = at;  // the poster is the request's frame 0
  for (const Warning& w : r.warnings) std::fprintf(stderr, "warning: %s\n", w.text.c_str());

  FrameMaker maker;
  std::string why;
  if (!maker.open(r, &why)) throw cliError(CliErrorId::DrawFailed, {"poster", why});
  maker.frame(0, true);
  const std::vector<uint8_t>& px = maker.pixels();
  why = webp ? writeWebp(out, px.data(), r.pixelWidth, r.pixelHeight, quality)
             : writePng(out, px.data(), r.pixelWidth, r.pixelHeight, 9);
  if (!why.empty()) throw cliError(CliErrorId::EncoderFailed, {"poster", why});
  std::printf("poster %s  %dx%d px  step %" PRIu64 "  state-hash %016" PRIx64 "\n", out.c_str(), r.pixelWidth,
              r.pixelHeight, maker.school().stepCount(), maker.school().stateHash());
  return 0;
}

}  // namespace mirofish
