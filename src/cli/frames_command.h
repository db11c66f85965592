// `mirofish poster` (one frame of a hash, PNG or WebP) and `mirofish render` (a clip: WebM, MP4 or numbered frames),
// drawn natively by the page's renderer (src/render) on a GL context with no window (src/headless). A build without
// them (MIROFISH_FRAMES off: the wasm CLI, the test-only presets) answers each with one line and exit code 2.
#pragma once

#include "cli/cli_args.h"

namespace mirofish {

int posterCommand(CliArgs& args);
int renderCommand(CliArgs& args);

}  // namespace mirofish
