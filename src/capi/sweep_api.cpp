// `mirofish sweep` through the C interface (mirofish_c.h): the same plan, the same runs, the same CSV bytes
// (src/sweep), one row at a time so that any executor can run the rows anywhere.
#include <memory>
#include <string>
#include <vector>

#include "base/constants.h"
#include "capi/last_error.h"
#include "capi/mirofish_c.h"
#include "link/hash_codec.h"
#include "sweep/sweep_csv.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_runner.h"

struct mf_sweep {
  std::string base;  // the base hash as the CLI's comment line writes it (with its t=)
  std::unique_ptr<mirofish::SweepPlan> plan;
};

using namespace mirofish;

namespace {

constexpr long long kMaxSteps = 100000000;  // as `sweep --steps`

void checkSteps(long long steps) {
  if (steps < 1 || steps > kMaxSteps)
    throw Refused("steps: " + std::to_string(steps) + " is outside 1.." + std::to_string(kMaxSteps));
}

}  // namespace

extern "C" {

mf_sweep* mf_sweep_new(const char* base, const char* const* vary, int nvary, const char* seeds, int ablation) {
  return guarded<mf_sweep*>(nullptr, [&]() -> mf_sweep* {
    // As `sweep --hash`: every warning of the base refuses it here (the CLI prints them and goes on).
    const DecodedHash d = decodeHash(base ? base : "");
    if (!d.warnings.empty()) throw Refused("base: " + refusals(d.warnings));
    const long long seekSteps = d.hasSeek ? (long long)(d.seekSeconds * double(kStepHz) + 0.5) : 0;
    std::vector<VarySpec> specs;
    for (int i = 0; i < nvary; ++i) specs.push_back(parseVary(vary[i] ? vary[i] : ""));
    std::vector<double> seedList;
    if (seeds && *seeds) seedList = parseSeeds(seeds);
    std::unique_ptr<mf_sweep> s(new mf_sweep);
    s->plan.reset(new SweepPlan(d.params, specs, seedList, ablation != 0, seekSteps));
    s->base = hashWithSeek(encodeHash(d.params), seekSteps);  // the CLI's comment line
    return s.release();
  });
}

void mf_sweep_free(mf_sweep* sweep) { delete sweep; }

uint64_t mf_sweep_size(const mf_sweep* s) { return s->plan->size(); }

size_t mf_sweep_comment(const mf_sweep* s, long long steps, char* buf, size_t size) {
  return copyOut(sweepCsvComment(s->base, steps, Shard(), s->plan->size()), buf, size);
}

size_t mf_sweep_header(const mf_sweep* s, char* buf, size_t size) {
  return copyOut(sweepCsvHeader(*s->plan), buf, size);
}

size_t mf_sweep_run_hash(const mf_sweep* s, uint64_t index, char* buf, size_t size) {
  return guarded<size_t>(size_t(-1), [&]() {
    if (index >= s->plan->size())
      throw Refused("run " + std::to_string(index) + ": the sweep has " + std::to_string(s->plan->size()) + " runs");
    return copyOut(s->plan->run(index).hash, buf, size);
  });
}

size_t mf_sweep_row(const mf_sweep* s, uint64_t index, long long steps, char* buf, size_t size) {
  return guarded<size_t>(size_t(-1), [&]() {
    checkSteps(steps);
    if (index >= s->plan->size())
      throw Refused("run " + std::to_string(index) + ": the sweep has " + std::to_string(s->plan->size()) + " runs");
    const SweepRun run = s->plan->run(index);
    return copyOut(sweepCsvRow(run, runSweepRun(run.hash, steps)), buf, size);
  });
}

}  // extern "C"
