// The frame commands where the build has no native renderer (frames_command.h).
#include "cli/frames_command.h"

namespace mirofish {

int posterCommand(CliArgs&) { throw cliError(CliErrorId::FramesUnavailable, {"poster"}); }
int renderCommand(CliArgs&) { throw cliError(CliErrorId::FramesUnavailable, {"render"}); }

}  // namespace mirofish
