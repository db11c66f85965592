// `mirofish bench`: step-time medians over fish counts, grid vs brute force, the neighbour cap; JSON out.
#pragma once

#include "cli/cli_args.h"

namespace mirofish {

int benchCommand(CliArgs& args);

}  // namespace mirofish
