// `mirofish sweep`: flags -> plan -> time estimate (--yes above an hour) -> runs on threads -> CSV rows in plan order.
#include "cli/sweep_command.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "base/constants.h"
#include "cli/sweep_progress.h"
#include "link/hash_codec.h"
#include "sim/metrics_csv.h"
#include "sweep/sweep_csv.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_runner.h"

namespace mirofish {

namespace {

constexpr double kAskAboveSeconds = 3600;  // a longer estimate needs --yes
constexpr long long kCalibrationSteps = 240;

struct SweepOptions {
  Params base;
  long long seekSteps = 0;
  std::vector<VarySpec> vary;
  std::vector<double> seeds;
  bool ablation = false, yes = false;
  long long steps = 3600;
  int jobs = 0;  // 0: every core
  Shard shard;
  std::string out;
  std::vector<Warning> warnings;
};

SweepOptions parseFlags(CliArgs& a) {
  SweepOptions o;
  while (!a.done()) {
    const std::string flag = a.next();
    if (flag == "--hash") {
      const DecodedHash d = decodeHash(a.value(flag), o.base);
      o.base = d.params;
      o.warnings.insert(o.warnings.end(), d.warnings.begin(), d.warnings.end());
      o.seekSteps = d.hasSeek ? (long long)(d.seekSeconds * double(kStepHz) + 0.5) : 0;
    } else if (flag == "--vary") {
      o.vary.push_back(parseVary(a.value(flag)));
    } else if (flag == "--seeds") {
      o.seeds = parseSeeds(a.value(flag));
    } else if (flag == "--steps") {
      o.steps = parseCount(flag, a.value(flag), 1, 100000000);
    } else if (flag == "--jobs") {
      o.jobs = int(parseCount(flag, a.value(flag), 1, 4096));
    } else if (flag == "--shard") {
      o.shard = parseShard(a.value(flag));
    } else if (flag == "--out") {
      o.out = a.value(flag);
    } else if (flag == "--ablation") {
      o.ablation = true;
    } else if (flag == "--yes") {
      o.yes = true;
    } else if (!applyParamFlag(a, flag, o.base, o.warnings)) {
      throw cliError(CliErrorId::UnknownFlag, {"sweep", echoed(flag), " (see mirofish --help)"});
    }
  }
  return o;
}

// Seconds the shard will take: one school of the plan's largest fish count is timed for a few steps, and the cost
// taken as proportional to fish (the grid keeps a step near-linear in N at a fixed density).
double estimateSeconds(const SweepOptions& o, const SweepPlan& plan, uint64_t runs, int jobs) {
  if (runs == 0 || plan.maxFish() <= 0) return 0;
  Params p = decodeHash(plan.run(0).hash).params;
  p.fish = plan.maxFish();
  const double perStep = secondsPerStep(p, std::min(kCalibrationSteps, o.seekSteps + o.steps));
  const double perRun = perStep * plan.meanFish() / plan.maxFish() * double(o.seekSteps + o.steps);
  const double waves = std::ceil(double(runs) / double(jobs));
  return perRun * waves;
}

}  // namespace

int sweepCommand(CliArgs& a) {
  SweepOptions o = parseFlags(a);
  for (const Warning& w : o.warnings) std::fprintf(stderr, "warning: %s\n", w.text.c_str());
  const SweepPlan plan(o.base, o.vary, o.seeds, o.ablation, o.seekSteps);
  // This shard's runs: index, index + N, ... (none when a batch runner starts more shards than there are runs).
  const uint64_t runs = o.shard.index < plan.size() ? (plan.size() - o.shard.index - 1) / o.shard.count + 1 : 0;
  int jobs = o.jobs ? o.jobs : defaultJobs();
  if (jobs > 1 && !kSweepThreads) {
    std::fprintf(stderr, "warning: --jobs %d: this build has no threads (WebAssembly); running one run at a time\n",
                 jobs);
    jobs = 1;
  }
  const int busy = int(std::min<uint64_t>({uint64_t(jobs), uint64_t(std::max(defaultJobs(), 1)), runs}));
  const double estimate = o.yes ? -1 : estimateSeconds(o, plan, runs, std::max(busy, 1));
  if (estimate > kAskAboveSeconds)
    throw cliError(CliErrorId::SweepTooLong,
                   {std::to_string(runs), std::to_string(o.steps), formatDuration(estimate), std::to_string(busy)});

  std::FILE* out = stdout;
  if (!o.out.empty()) {
    out = std::fopen(o.out.c_str(), "w");
    if (!out) throw cliError(CliErrorId::CannotWrite, {"--out", echoed(o.out)});
  }
  std::fputs(sweepCsvComment(hashWithSeek(encodeHash(o.base), o.seekSteps), o.steps, o.shard, plan.size()).c_str(),
             out);
  std::fprintf(out, "%s\n", sweepCsvHeader(plan).c_str());
  std::fflush(out);
  std::fprintf(stderr, "sweep: %" PRIu64 " runs of %lld steps on %d thread%s%s\n", runs, o.steps, jobs,
               jobs == 1 ? "" : "s",
               estimate >= 0 ? (", about " + formatDuration(estimate) + " at the measured speed").c_str() : "");

  SweepProgress progress(stderr, stderrIsTerminal(), runs);
  auto planIndex = [&](uint64_t i) { return o.shard.index + i * o.shard.count; };
  bool writeFailed = false;
  runInOrder(
      runs, jobs, [&](uint64_t i) { return runSweepRun(plan.run(planIndex(i)).hash, o.steps); },
      [&](uint64_t i, double seconds) {
        const SweepRun run = plan.run(planIndex(i));
        const std::string seed = formatValue(kParamInfo[int(ParamId::seed)], run.seed);
        progress.finished("run " + std::to_string(run.index) + " (" + run.label + ", seed " + seed + ")", seconds);
      },
      [&](uint64_t i, const SweepResult& r) {
        const SweepRun run = plan.run(planIndex(i));
        if (r.nonFiniteFish >= 0)
          progress.note("warning: run " + std::to_string(run.index) + " (" + run.hash + "): fish " +
                        std::to_string(r.nonFiniteFish) + " became non-finite");
        if (std::fputs(sweepCsvRow(run, r).c_str(), out) < 0 || std::fflush(out) != 0) writeFailed = true;
      });
  progress.done();
  if (out != stdout && std::fclose(out) != 0) writeFailed = true;
  if (writeFailed)
    throw cliError(CliErrorId::WriteFailed, {"sweep", o.out.empty() ? std::string("stdout") : echoed(o.out), ""});
  return 0;
}

}  // namespace mirofish
