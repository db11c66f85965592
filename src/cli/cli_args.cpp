// Table-driven CLI flags: every parameter is a flag by its name and by its hash key.
#include "cli/cli_args.h"

#include <cmath>
#include <cstdio>

namespace mirofish {

std::string CliArgs::value(const std::string& flag) {
  if (done()) throw cliError(CliErrorId::NeedsValue, {flag});
  return next();
}

bool parseStrictNumber(const std::string& s, double* out) { return parseDecimal(s, out) && std::isfinite(*out); }

long long parseCount(const std::string& flag, const std::string& s, long long lo, long long hi) {
  double v;
  if (!parseStrictNumber(s, &v) || v != std::floor(v)) throw cliError(CliErrorId::NotWholeNumber, {flag, echoed(s)});
  if (v < double(lo) || v > double(hi))
    throw cliError(CliErrorId::CountOutside, {flag, echoed(s), std::to_string(lo), std::to_string(hi)});
  return (long long)v;
}

std::string hashWithSeek(const std::string& encoded, long long seekSteps) {
  if (seekSteps <= 0) return encoded;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.4f", double(seekSteps) / 60.0);  // error < 1e-4 s: far inside the rounding
  std::string t = buf;
  while (t.back() == '0') t.pop_back();
  if (t.back() == '.') t.pop_back();
  return encoded + "&t=" + t;
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
