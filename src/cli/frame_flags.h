// The flags `mirofish poster` and `mirofish render` share (--hash, --size, --background, --text, --<param>), read
// into a frame's request (frames/frame_request.h) without drawing anything.
#pragma once

#include <cstdint>
#include <string>

#include "cli/cli_args.h"
#include "frames/frame_request.h"

namespace mirofish {

// One flag of the two commands' shared ones (--hash, --size, --background, --text, --<param>); false when it is not
// one.
bool readFrameFlag(CliArgs& a, const std::string& command, const std::string& flag, FrameRequest* r);
// --size WxH (CSS px, 16..3840 x 16..2160).
void readSize(const std::string& command, const std::string& text, FrameRequest* r);
// #rrggbb or #rgb.
bool parseColour(const std::string& text, uint8_t rgb[3]);
// Seconds in 0..3600 to whole steps, as a hash's t= rounds them.
long long stepsOfSeconds(const std::string& flag, const std::string& text);

}  // namespace mirofish
