// Command-line parsing shared by the CLI's commands: table-driven parameter flags, strict numbers.
#pragma once

#include <string>
#include <vector>

#include "base/cli_errors.h"
#include "sim/params.h"
#include "sweep/sweep_plan.h"  // hashWithSeek

namespace mirofish {

struct CliArgs {
  std::vector<std::string> args;
  size_t pos = 0;
  bool done() const { return pos >= args.size(); }
  const std::string& next() { return args[pos++]; }
  std::string value(const std::string& flag);  // throws CliError when missing
};

long long parseCount(const std::string& flag, const std::string& s, long long lo, long long hi);
// `--name V` or `--key V` for any table parameter; returns false when the flag is not a parameter.
bool applyParamFlag(CliArgs& a, const std::string& flag, Params& p, std::vector<Warning>& warnings);

}  // namespace mirofish
