// `mirofish sweep`: every combination of --vary values x --seeds (or the --ablation), one CSV row per run.
#pragma once

#include "cli/cli_args.h"

namespace mirofish {

int sweepCommand(CliArgs& args);

}  // namespace mirofish
