// A sweep's plan: the --vary values, the seeds and the ablation variants, and from them run i's parameters and hash.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/params.h"

namespace mirofish {

// The hash a run reproduces from: the encoded parameters, plus t= when it seeked first (written so that the
// seek's step count, round(t * 60), comes back exactly).
std::string hashWithSeek(const std::string& encoded, long long seekSteps);

// One --vary: a hash parameter and its values (quantized as the hash holds them, distinct, in the order given).
struct VarySpec {
  int param = -1;  // index into kParamInfo
  std::vector<double> values;
};
// NAME=START:STOP:STEP (inclusive, STEP > 0) or NAME=V1,V2,...; NAME is a name or a hash key. Throws CliError.
VarySpec parseVary(const std::string& text);
// 1-10 (inclusive), 3, or a comma list of both (1-3,7); every seed a whole number in the seed's range. Throws.
std::vector<double> parseSeeds(const std::string& text);

// --shard I/N: runs whose index % N == I (0 <= I < N), so N machines together run the whole sweep once.
struct Shard {
  uint64_t index = 0, count = 1;
  bool takes(uint64_t run) const { return run % count == index; }
};
Shard parseShard(const std::string& text);

// The seed's ablation (Python Boids, seeds/001): all three rules, each one removed, each one alone.
struct AblationVariant {
  const char* label;
  bool separation, alignment, cohesion;  // which rules keep the base's weight (the others get weight 0)
};
constexpr int kAblationVariants = 7;
extern const AblationVariant kAblation[kAblationVariants];

struct SweepRun {
  uint64_t index = 0;
  std::string label;  // the ablation variant, else the varied values ("wcoh=0.25 wali=1"), else "base"
  double seed = 0;
  std::vector<double> columns;  // one value per SweepPlan::columnKeys()
  std::string hash;             // what `mirofish run --hash` takes to reproduce this run
};

// Run order: ablation variant (slowest), then each --vary in the order given, then the seed (fastest).
class SweepPlan {
 public:
  // Throws CliError: --vary of a weight together with --ablation, the same parameter twice, too many runs.
  SweepPlan(const Params& base, std::vector<VarySpec> vary, std::vector<double> seeds, bool ablation,
            long long seekSteps);
  uint64_t size() const { return size_; }
  SweepRun run(uint64_t index) const;
  // Hash keys of the parameters a row lists beside its hash: wsep, wali, wcoh for --ablation, then each --vary.
  std::vector<std::string> columnKeys() const;
  // The largest and the mean fish count over the runs (for the time estimate).
  double maxFish() const;
  double meanFish() const;

 private:
  Params base_;
  std::vector<VarySpec> vary_;
  std::vector<double> seeds_;
  bool ablation_;
  long long seekSteps_;
  uint64_t size_ = 0;
};

}  // namespace mirofish
