// Parsing --vary, --seeds and --shard, and turning a run index into its parameters (no list of runs is kept, so a
// sweep of millions of runs, or one shard of it, costs no memory up front).
#include "sweep/sweep_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_set>

#include "base/cli_errors.h"
#include "link/hash_codec.h"

namespace mirofish {

namespace {

constexpr size_t kMaxValues = 10000;       // per --vary
constexpr double kMaxRuns = 1e9;           // per sweep (before --shard)
constexpr double kMaxSeedCount = 1000000;  // per --seeds

std::string shown(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t at = s.find(sep, start);
    parts.push_back(s.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return parts;
    start = at + 1;
  }
}

double number(const std::string& flag, const std::string& what, const std::string& s) {
  double v;
  if (!parseStrictNumber(s, &v)) throw cliError(CliErrorId::SweepNotNumber, {flag, what, echoed(s)});
  return v;
}

}  // namespace

std::string hashWithSeek(const std::string& encoded, long long seekSteps) {
  if (seekSteps <= 0) return encoded;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.4f", double(seekSteps) / 60.0);  // error < 1e-4 s: far inside the rounding
  std::string t = buf;
  while (t.back() == '0') t.pop_back();
  if (t.back() == '.') t.pop_back();
  return encoded + "&t=" + t;
}

VarySpec parseVary(const std::string& text) {
  const std::string flag = "--vary " + echoed(text);
  const std::string usage = " (expected NAME=START:STOP:STEP or NAME=V1,V2,...)";
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) throw cliError(CliErrorId::VaryMissingName, {flag, usage});
  const std::string name = text.substr(0, eq), spec = text.substr(eq + 1);
  VarySpec v;
  v.param = findParam(name);
  if (v.param < 0) throw cliError(CliErrorId::VaryUnknownParam, {flag, echoed(name)});
  const ParamInfo& info = kParamInfo[v.param];
  if (!inHash(info)) throw cliError(CliErrorId::VaryPageSetting, {flag, info.name});
  if (v.param == int(ParamId::seed)) throw cliError(CliErrorId::VarySeed, {flag});
  if (spec.empty()) throw cliError(CliErrorId::VaryNoValues, {flag, usage});

  std::vector<double> raw;
  const std::vector<std::string> range = split(spec, ':');
  if (range.size() == 3) {
    const double start = number(flag, "start", range[0]), stop = number(flag, "stop", range[1]);
    const double step = number(flag, "step", range[2]);
    if (step <= 0) throw cliError(CliErrorId::VaryBadStep, {flag, echoed(range[2])});
    if (start > stop) throw cliError(CliErrorId::VaryEmptyRange, {flag, echoed(range[0]), echoed(range[1])});
    const double n = std::floor((stop - start) / step + 1e-9) + 1;  // 0:2:0.25 is 9 values, 2 included
    if (n > double(kMaxValues)) throw cliError(CliErrorId::VaryRangeTooLong, {flag, shown(n), shown(kMaxValues)});
    for (double k = 0; k < n; ++k) raw.push_back(start + k * step);
  } else if (range.size() == 1) {
    for (const std::string& item : split(spec, ',')) {
      if (item.empty()) throw cliError(CliErrorId::VaryEmptyValue, {flag, usage});
      raw.push_back(number(flag, "value", item));
    }
    if (raw.size() > kMaxValues) throw cliError(CliErrorId::VaryTooManyValues, {flag, shown(kMaxValues)});
  } else {
    throw cliError(CliErrorId::VaryRangeParts, {flag, usage});
  }

  // The values so far, for the duplicate check: a hash set, so 10 000 values are 10 000 look-ups, not 50 million
  // comparisons. q + 0.0 makes -0 and 0 the same key, as == sees them.
  std::unordered_set<double> seen;
  seen.reserve(raw.size());
  for (double x : raw) {
    if (info.integer && std::fabs(x - std::floor(x + 0.5)) > 1e-9)
      throw cliError(CliErrorId::VaryNotWhole, {flag, info.key, shown(x)});
    const double q = quantize(info, x);
    if (q < info.min || q > info.max)
      throw cliError(CliErrorId::VaryOutside, {flag, shown(x), info.key, shown(info.min), shown(info.max)});
    if (!seen.insert(q + 0.0).second)
      throw cliError(CliErrorId::VaryValueTwice,
                     {flag, formatValue(info, q), info.key, info.integer ? "as a whole number" : "to 3 decimals"});
    v.values.push_back(q);
  }
  return v;
}

std::vector<double> parseSeeds(const std::string& text) {
  const std::string flag = "--seeds " + echoed(text);
  const double hi = kParamInfo[int(ParamId::seed)].max;
  auto seed = [&](const std::string& s) {
    double v;
    if (!parseStrictNumber(s, &v) || v != std::floor(v) || v < 0 || v > hi)
      throw cliError(CliErrorId::SeedBad, {flag, echoed(s), shown(hi)});
    return v;
  };
  std::vector<double> seeds;
  for (const std::string& item : split(text, ',')) {
    if (item.empty()) throw cliError(CliErrorId::SeedEmptyItem, {flag});
    const size_t dash = item.find('-', 1);
    const double a = seed(item.substr(0, dash));
    const double b = dash == std::string::npos ? a : seed(item.substr(dash + 1));
    if (b < a) throw cliError(CliErrorId::SeedEmptyRange, {flag, echoed(item), shown(a), shown(b)});
    if (double(seeds.size()) + (b - a + 1) > kMaxSeedCount)
      throw cliError(CliErrorId::SeedTooMany, {flag, shown(kMaxSeedCount)});
    for (double s = a; s <= b; ++s) seeds.push_back(s);
  }
  return seeds;
}

Shard parseShard(const std::string& text) {
  const std::string flag = "--shard " + echoed(text);
  const size_t slash = text.find('/');
  if (slash == std::string::npos) throw cliError(CliErrorId::ShardSyntax, {flag});
  double i, n;
  const std::string is = text.substr(0, slash), ns = text.substr(slash + 1);
  if (!parseStrictNumber(is, &i) || i != std::floor(i) || !parseStrictNumber(ns, &n) || n != std::floor(n))
    throw cliError(CliErrorId::ShardNotWhole, {flag});
  if (n < 1 || n > 1e9) throw cliError(CliErrorId::ShardCount, {flag});
  if (i < 0 || i >= n) throw cliError(CliErrorId::ShardIndex, {flag, shown(n - 1)});
  return Shard{uint64_t(i), uint64_t(n)};
}

const AblationVariant kAblation[kAblationVariants] = {
    {"all", true, true, true},
    {"no-separation", false, true, true},
    {"no-alignment", true, false, true},
    {"no-cohesion", true, true, false},
    {"separation-only", true, false, false},
    {"alignment-only", false, true, false},
    {"cohesion-only", false, false, true},
};

SweepPlan::SweepPlan(const Params& base, std::vector<VarySpec> vary, std::vector<double> seeds, bool ablation,
                     long long seekSteps)
    : base_(base), vary_(std::move(vary)), seeds_(std::move(seeds)), ablation_(ablation), seekSteps_(seekSteps) {
  if (seeds_.empty()) seeds_.push_back(base_.seed);
  double total = double(seeds_.size()) * (ablation_ ? kAblationVariants : 1);
  for (size_t i = 0; i < vary_.size(); ++i) {
    const ParamInfo& info = kParamInfo[vary_[i].param];
    for (size_t j = 0; j < i; ++j)
      if (vary_[j].param == vary_[i].param) throw cliError(CliErrorId::VaryTwice, {info.key});
    const ParamId id = ParamId(vary_[i].param);
    if (ablation_ && (id == ParamId::sepWeight || id == ParamId::aliWeight || id == ParamId::cohWeight))
      throw cliError(CliErrorId::VaryAblation, {info.key});
    total *= double(vary_[i].values.size());
  }
  if (total > kMaxRuns) throw cliError(CliErrorId::SweepTooManyRuns, {shown(total), shown(kMaxRuns)});
  size_ = uint64_t(total);
}

SweepRun SweepPlan::run(uint64_t index) const {
  SweepRun r;
  r.index = index;
  Params p = base_;
  uint64_t rest = index;
  const uint64_t seedIndex = rest % seeds_.size();
  rest /= seeds_.size();
  // Mixed radix, the last --vary fastest: digits read from the back.
  std::vector<size_t> digit(vary_.size());
  for (size_t i = vary_.size(); i-- > 0;) {
    digit[i] = size_t(rest % vary_[i].values.size());
    rest /= vary_[i].values.size();
  }
  if (ablation_) {
    const AblationVariant& a = kAblation[rest];
    if (!a.separation) p.sepWeight = 0;
    if (!a.alignment) p.aliWeight = 0;
    if (!a.cohesion) p.cohWeight = 0;
    r.label = a.label;
    r.columns = {p.sepWeight, p.aliWeight, p.cohWeight};
  }
  std::string combo;
  for (size_t i = 0; i < vary_.size(); ++i) {
    const ParamInfo& info = kParamInfo[vary_[i].param];
    const double v = vary_[i].values[digit[i]];
    p.ref(ParamId(vary_[i].param)) = v;  // parseVary checked and quantized it
    r.columns.push_back(v);
    combo += (combo.empty() ? "" : " ") + std::string(info.key) + "=" + formatValue(info, v);
  }
  if (r.label.empty()) r.label = combo.empty() ? "base" : combo;
  r.seed = seeds_[size_t(seedIndex)];
  p.seed = r.seed;
  r.hash = hashWithSeek(encodeHash(p), seekSteps_);
  return r;
}

std::vector<std::string> SweepPlan::columnKeys() const {
  std::vector<std::string> keys;
  if (ablation_) keys = {"wsep", "wali", "wcoh"};
  for (const VarySpec& v : vary_) keys.push_back(kParamInfo[v.param].key);
  return keys;
}

double SweepPlan::maxFish() const {
  for (const VarySpec& v : vary_)
    if (v.param == int(ParamId::fish)) return *std::max_element(v.values.begin(), v.values.end());
  return base_.fish;
}

double SweepPlan::meanFish() const {
  for (const VarySpec& v : vary_)
    if (v.param == int(ParamId::fish)) {
      double sum = 0;
      for (double n : v.values) sum += n;
      return sum / double(v.values.size());
    }
  return base_.fish;
}

}  // namespace mirofish
