// CLI command `form`: a formation's targets (and, for QR and text, the landed picture) without a school.
#pragma once

#include "cli/cli_args.h"

namespace mirofish {

int formCommand(CliArgs& args);

}  // namespace mirofish
