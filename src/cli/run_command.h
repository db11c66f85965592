// CLI commands: `run` steps a school and prints its state hash; `params` prints the table.
#pragma once

#include "cli/cli_args.h"

namespace mirofish {

int runCommand(CliArgs& args);
int paramsCommand(CliArgs& args);

}  // namespace mirofish
