// Table-driven CLI flags: every parameter is a flag by its name and by its hash key.
#include "cli/cli_args.h"

#include <cmath>
#include <cstdio>

namespace mirofish {

std::string CliArgs::value(const std::string& flag) {
  if (done()) throw cliError(CliErrorId::NeedsValue, {flag});
  return next();
}

long long parseCount(const std::string& flag, const std::string& s, long long lo, long long hi) {
  double v;
  if (!parseStrictNumber(s, &v) || v != std::floor(v)) throw cliError(CliErrorId::NotWholeNumber, {flag, echoed(s)});
  if (v < double(lo) || v > double(hi))
    throw cliError(CliErrorId::CountOutside, {flag, echoed(s), std::to_string(lo), std::to_string(hi)});
  return (long long)v;
}

bool applyParamFlag(CliArgs& a, const std::string& flag, Params& p, std::vector<Warning>& warnings) {
  if (flag.size() < 3 || flag[0] != '-' || flag[1] != '-') return false;
  int id = findParam(flag.substr(2));
  if (id < 0) return false;
  std::string text = a.value(flag);
  double v;
  if (!parseStrictNumber(text, &v) && !paramValueByName(ParamId(id), text, &v))  // --quality high, --click scare
    throw cliError(CliErrorId::NotFiniteNumber, {flag, echoed(text)});
  Warning w;
  if (setParam(p, ParamId(id), v, &w) != ParamStatus::Ok) warnings.push_back(w);
  return true;
}

}  // namespace mirofish
