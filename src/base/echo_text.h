// A user's text as a message echoes it: the CLI's errors and warnings (src/cli/cli_errors.h) and the obstacle spec's
// sentences (src/sim/obstacles.h) quote what was typed, and a terminal must never take it for a command.
#pragma once

#include <cstddef>
#include <string>

namespace mirofish {

// What the user typed, as an error or warning echoes it: control characters escaped (\n, \t, \r, \xHH; C1 controls
// as \u0080..\u009f, a byte that is not UTF-8 as \xHH) so a message never moves the cursor or breaks its line, and at
// most kEchoChars characters of that, then "...". Any other UTF-8 comes out as it went in, a backslash too.
constexpr size_t kEchoChars = 80;
std::string echoed(const std::string& arg);
// The same escapes, at any length: a whole sentence kept on one line (echoed text passes through unchanged).
std::string withoutControls(const std::string& text);

}  // namespace mirofish
