// Fuzz target: the CLI's argument parsing. The input is one argument a line: `mirofish run`'s flags as a whole
// (readRunRequest: --hash, --form, --event, --obstacle, --steps, every parameter flag, ...), and each argument as
// the value of sweep's --vary, --seeds and --shard. A bad flag is one CliError, never a crash or an exit.
#include <string>
#include <vector>

#include "cli/cli_args.h"
#include "cli/run_command.h"
#include "fuzz_check.h"
#include "link/hash_codec.h"
#include "sweep/sweep_plan.h"

using namespace mirofish;

namespace {

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t nl = s.find('\n', start);
    out.push_back(s.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) return out;
    start = nl + 1;
  }
}

void checkRequest(const RunRequest& r) {
  fuzz::checkInRange(r.params);
  FUZZ_CHECK(r.steps >= 0 && r.steps <= 100000000 && r.every >= 1 && r.every <= 100000000);
  FUZZ_CHECK(r.formAt >= 0 && r.formAt <= 3600);
  FUZZ_CHECK(r.hasSeek ? r.seek >= 0 && r.seek <= 3600 : r.seek == 0);
  FUZZ_CHECK(r.obstacles.size() <= size_t(kMaxObstacles));
  for (const Obstacle& o : r.obstacles)
    FUZZ_CHECK(std::isfinite(o.x) && std::isfinite(o.y) && std::isfinite(o.w) && std::isfinite(o.h) && o.w >= 0 &&
               o.h >= 0);
  for (const RunEvent& e : r.events) {
    FUZZ_CHECK(e.step >= 0 && e.step <= 600000000);  // 0..1e7 s at 60 steps/s
    FUZZ_CHECK(std::isfinite(e.x) && std::isfinite(e.y) && std::fabs(e.x) <= 1e9f && std::fabs(e.y) <= 1e9f);
    if (e.kind == RunEvent::Set) FUZZ_CHECK(e.param >= 0 && e.param < kParamCount && std::isfinite(e.value));
  }
}

// What the run prints as its hash (parameters, form=, at=, t=) reads back through --hash to the same run.
void checkHashFixedPoint(const RunRequest& r) {
  const long long seekSteps = r.hasSeek ? (long long)(r.seek * 60 + 0.5) : 0;
  const std::string hash = hashWithSeek(encodeHash(r.params, r.form, r.formAt), seekSteps);
  CliArgs again;
  again.args = {"--hash", hash};
  const RunRequest back = readRunRequest(again);
  FUZZ_CHECK(fuzz::sameHashParams(back.params, r.params));
  FUZZ_CHECK(back.form.kind == r.form.kind && back.form.text == r.form.text);
  if (r.form.kind != FormationKind::None) FUZZ_CHECK(back.formAt == r.formAt);  // --at alone starts nothing
  FUZZ_CHECK((back.hasSeek ? (long long)(back.seek * 60 + 0.5) : 0) == seekSteps);
  FUZZ_CHECK(hashWithSeek(encodeHash(back.params, back.form, back.formAt), seekSteps) == hash);
}

template <typename Parse>
bool parses(Parse parse) {
  try {
    parse();
    return true;
  } catch (const CliError& e) {
    // One line, whatever was typed: no control character, and the argument echoed at most kEchoChars long.
    FUZZ_CHECK(!e.message.empty() && e.message.size() < 1000);
    for (unsigned char c : e.message) FUZZ_CHECK(c >= 0x20 && c != 0x7f);
    return false;
  }
}

void checkSweepValue(const std::string& arg) {
  VarySpec vary;
  if (parses([&] { vary = parseVary(arg); })) {
    FUZZ_CHECK(vary.param >= 0 && vary.param < kParamCount && vary.param != int(ParamId::seed));
    const ParamInfo& info = kParamInfo[vary.param];
    FUZZ_CHECK(inHash(info) && !vary.values.empty() && vary.values.size() <= 10000);
    for (size_t i = 0; i < vary.values.size(); ++i) {
      const double v = vary.values[i];
      FUZZ_CHECK(v >= info.min && v <= info.max && quantize(info, v) == v);
      for (size_t j = 0; j < i; ++j) FUZZ_CHECK(vary.values[j] != v);
    }
  }
  std::vector<double> seeds;
  if (parses([&] { seeds = parseSeeds(arg); })) {
    FUZZ_CHECK(!seeds.empty() && seeds.size() <= 1000000);
    for (double s : seeds) FUZZ_CHECK(s == std::floor(s) && s >= 0 && s <= kParamInfo[int(ParamId::seed)].max);
  }
  Shard shard;
  if (parses([&] { shard = parseShard(arg); })) FUZZ_CHECK(shard.count >= 1 && shard.index < shard.count);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;  // a command line; longer inputs only repeat the same flags
  CliArgs args;
  args.args = lines(fuzz::text(data, size));
  RunRequest r;
  if (parses([&] { r = readRunRequest(args); })) {
    checkRequest(r);
    checkHashFixedPoint(r);
  }
  for (const std::string& arg : args.args) checkSweepValue(arg);
  return 0;
}
