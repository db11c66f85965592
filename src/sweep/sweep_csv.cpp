// The sweep's CSV: the comment line, the header and a run's row (sweep_csv.h).
#include "sweep/sweep_csv.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "link/hash_codec.h"
#include "sim/metrics_csv.h"

namespace mirofish {

std::string sweepCsvComment(const std::string& base, long long steps, const Shard& shard, uint64_t runs) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "; steps=%lld; shard=%" PRIu64 "/%" PRIu64 "; runs=%" PRIu64 "\n", steps, shard.index,
                shard.count, runs);
  return "# mirofish sweep; base=" + base + buf;
}

// The CSV's columns: which run and its parameters, its hash and state hash, the metrics after the last step
// (run --metrics's names and formats: `step` is the step count at the end, a t= seek's steps included), then over the
// last 30 s the mean of each number and the most frequent of each category.
std::string sweepCsvHeader(const SweepPlan& plan) {
  std::string h = "run,label,seed";
  for (const std::string& key : plan.columnKeys()) h += "," + key;
  h += ",hash,state_hash";
  for (int c = 0; c < kMetricColumnCount; ++c) h += std::string(",") + kMetricColumns[c].name;
  h += ",window_steps";
  for (int c = 1; c < kMetricColumnCount; ++c)  // 0 is the step: no mean
    h += std::string(kMetricColumns[c].number ? ",mean_" : ",mode_") + kMetricColumns[c].name;
  return h;
}

std::string sweepCsvRow(const SweepRun& run, const SweepResult& r) {
  const ParamInfo& seedInfo = kParamInfo[int(ParamId::seed)];
  char buf[96];
  std::snprintf(buf, sizeof buf, "%" PRIu64 ",", run.index);
  std::string row = buf + run.label + "," + formatValue(seedInfo, run.seed);
  for (double v : run.columns) {
    std::snprintf(buf, sizeof buf, ",%.10g", v);
    row += buf;
  }
  std::snprintf(buf, sizeof buf, ",%016" PRIx64, r.stateHash);
  row += "," + run.hash + buf;
  for (int c = 0; c < kMetricColumnCount; ++c) {
    kMetricColumns[c].format(buf, sizeof buf, r.end);
    row += std::string(",") + buf;
  }
  std::snprintf(buf, sizeof buf, ",%" PRIu64, r.windowSteps);
  row += buf;
  for (int c = 1; c < kMetricColumnCount; ++c) {
    if (!kMetricColumns[c].number) {
      row += std::string(",") + (r.modes[c] ? r.modes[c] : "");
    } else if (std::isnan(r.means[c])) {
      row += ",";  // no step in the window had one
    } else {
      std::snprintf(buf, sizeof buf, ",%.6g", r.means[c]);
      row += buf;
    }
  }
  return row + "\n";
}

}  // namespace mirofish
