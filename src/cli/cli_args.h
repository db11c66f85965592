// Command-line parsing shared by the CLI's commands: table-driven parameter flags, strict numbers.
#pragma once

#include <string>
#include <vector>

#include "cli/cli_errors.h"
#include "sim/params.h"

namespace mirofish {

struct CliArgs {
  std::vector<std::string> args;
  size_t pos = 0;
  bool done() const { return pos >= args.size(); }
  const std::string& next() { return args[pos++]; }
  std::string value(const std::string& flag);  // throws CliError when missing
};

// parseDecimal, and finite.
bool parseStrictNumber(const std::string& s, double* out);
long long parseCount(const std::string& flag, const std::string& s, long long lo, long long hi);
// The hash a run reproduces from: the encoded parameters, plus t= when it seeked first (written so that the
// seek's step count, round(t * 60), comes back exactly).
std::string hashWithSeek(const std::string& encoded, long long seekSteps);
// `--name V` or `--key V` for any table parameter; returns false when the flag is not a parameter.
bool applyParamFlag(CliArgs& a, const std::string& flag, Params& p, std::vector<Warning>& warnings);

}  // namespace mirofish
