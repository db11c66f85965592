// Running a sweep's runs: one run as `mirofish run` steps it (plus means over its last steps), many on threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/metrics.h"
#include "sim/params.h"

namespace mirofish {

constexpr long long kSweepWindowSteps = 1800;  // the means cover the last 30 s (of the --steps part)

struct SweepResult {
  uint64_t stateHash = 0;
  StepMetrics end;  // after the last step
  uint64_t windowSteps = 0;
  // Per kMetricColumns entry, over the window: the mean of a number (NaN when no step had one), the most frequent
  // value of a category (nullptr for numbers).
  std::vector<double> means;
  std::vector<const char*> modes;
  int nonFiniteFish = -1;  // School::firstNonFinite()
  double seconds = 0;      // wall time of the run
};

// The school of `hash` (decoded as `run --hash` decodes it, t= seek first), stepped `steps` more steps with
// metrics on: its state hash equals `mirofish run --hash HASH --steps STEPS`.
SweepResult runSweepRun(const std::string& hash, long long steps);

// Times up to `steps` steps (at most ~1 s of them) of a fresh school: seconds per step, for the time estimate.
double secondsPerStep(const Params& params, long long steps);

// Calls work(i) for i in 0..count-1 on `jobs` threads (one, inline, under WebAssembly). On the calling thread:
// finished(i, seconds) as each run ends, in the order they end; deliver(i, r) in the order of i, each as soon as every
// earlier run has been delivered, so the output order never depends on thread timing.
void runInOrder(uint64_t count, int jobs, const std::function<SweepResult(uint64_t)>& work,
                const std::function<void(uint64_t, double)>& finished,
                const std::function<void(uint64_t, const SweepResult&)>& deliver);

#ifdef __EMSCRIPTEN__
constexpr bool kSweepThreads = false;  // the node build has no pthreads: runInOrder runs one at a time
#else
constexpr bool kSweepThreads = true;
#endif

// The threads runInOrder uses when --jobs is not given: every core (1 under WebAssembly).
int defaultJobs();

}  // namespace mirofish
