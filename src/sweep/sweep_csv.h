// A sweep's CSV, written by `mirofish sweep` and by the C interface's sweeps (src/capi) alike, so the two give the
// same bytes: the line saying what made it, the header, one row a run.
#pragma once

#include <cstdint>
#include <string>

#include "sweep/sweep_plan.h"
#include "sweep/sweep_runner.h"

namespace mirofish {

// "# mirofish sweep; base=HASH; steps=N; shard=I/N; runs=N\n": what made the rows (base: the hash with its t=).
std::string sweepCsvComment(const std::string& base, long long steps, const Shard& shard, uint64_t runs);
// The columns: which run and its parameters, its hash and state hash, the metrics after the last step (run
// --metrics's names and formats), then over the last 30 s the mean of each number and the most frequent of each
// category (no newline).
std::string sweepCsvHeader(const SweepPlan& plan);
// A run's row, with its newline.
std::string sweepCsvRow(const SweepRun& run, const SweepResult& r);

}  // namespace mirofish
