// Bench: warm up, then time repeated batches of steps; report median/min/max ms per step. Ratios, not absolutes,
// are what compare across these noisy machines, so grid and brute force are measured in the same run. Two warm-ups:
// 120 steps (the scattered start, ~4 neighbours a fish) and 1 800 (the -steady series: the formed school a visitor
// sees after 30 s, ~20 neighbours a fish), the step users get.
#include "cli/bench_command.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "sim/school.h"
#include "sweep/clock.h"

namespace mirofish {

namespace {

struct BenchResult {
  std::string series;  // density | fixed | brute | cap, and density-steady | fixed-steady
  int fish = 0, warmup = 0;
  double worldW = 0, worldH = 0;
  int cap = 0;
  double medianMs = 0, minMs = 0, maxMs = 0;
  double checksPerFish = 0, neighboursPerFish = 0;
  int runs = 0, stepsPerRun = 0;
};

constexpr int kScatteredWarmup = 120, kSteadyWarmup = 1800;  // steps before timing

BenchResult measure(const std::string& series, int n, double w, double h, bool brute, int cap, int warmup,
                    double budgetMs) {
  Params p;
  p.fish = n;
  p.width = std::floor(w);
  p.height = std::floor(h);
  p.neighbourCap = cap;
  School school(p);
  // Warm-up: a fixed count of steps, so every run measures the same school state (cost depends on clumping). Brute
  // force warms up on the grid: the trajectories are bit-identical, so it is timed on exactly the grid's school.
  school.steps(warmup);
  school.setBruteForce(brute);
  // Steps per timed batch from an estimate of the cost, never from a timing: a timed count would let faster code
  // run further into the clumping school (more candidates per fish) and be measured on a harder state.
  const double density = std::max(1.0, (n / (w * h)) / (300.0 / (1600.0 * 900.0)));
  const double formed = warmup > kScatteredWarmup ? 3 : 1;  // a formed school has ~5x the neighbours
  const double estimateMs = brute ? 2e-6 * double(n) * n : 4e-4 * double(n) * density * formed + 0.01;
  int stepsPerRun = std::max(1, std::min(200, int(budgetMs / 9 / estimateMs)));
  std::vector<double> times;
  double checks = 0, neighbours = 0;
  for (int r = 0; r < 7; ++r) {
    school.setMetricsEnabled(false);  // timed as the page runs it: no metrics
    double s = clockMs();
    for (int k = 0; k < stepsPerRun; ++k) school.step();
    times.push_back((clockMs() - s) / stepsPerRun);
    school.setMetricsEnabled(true);  // one untimed step to count checks and neighbours
    school.step();
    checks += double(school.metrics().distanceChecks);
    neighbours += double(school.metrics().avgNeighbours);
  }
  std::sort(times.begin(), times.end());
  BenchResult b;
  b.series = series;
  b.fish = n;
  b.warmup = warmup;
  b.worldW = p.width;
  b.worldH = p.height;
  b.cap = cap;
  b.medianMs = times[times.size() / 2];
  b.minMs = times.front();
  b.maxMs = times.back();
  b.checksPerFish = n ? checks / 7 / n : 0;
  b.neighboursPerFish = neighbours / 7;
  b.runs = 7;
  b.stepsPerRun = stepsPerRun;
  return b;
}

void printRow(const BenchResult& b) {
  std::printf("%-14s %7d %6.0fx%-6.0f %4d %5d %10.4f %10.4f %10.4f %12.3f %10.1f %9.1f\n", b.series.c_str(), b.fish,
              b.worldW, b.worldH, b.cap, b.warmup, b.medianMs, b.minMs, b.maxMs,
              b.medianMs * 1000.0 / std::max(b.fish, 1), b.checksPerFish, b.neighboursPerFish);
  std::fflush(stdout);
}

}  // namespace

int benchCommand(CliArgs& a) {
  std::string jsonPath;
  bool quick = false;
  int maxFish = 100000;
  int obstacles = -1;  // --obstacles N: only the obstacle comparison
  std::string series;  // comma list of series to run (density,brute,fixed,cap); empty: all
  while (!a.done()) {
    std::string flag = a.next();
    if (flag == "--json")
      jsonPath = a.value(flag);
    else if (flag == "--quick")
      quick = true;
    else if (flag == "--max")
      maxFish = int(parseCount(flag, a.value(flag), 1, 1000000));
    else if (flag == "--obstacles")
      obstacles = int(parseCount(flag, a.value(flag), 0, kMaxObstacles));
    else if (flag == "--series")
      series = "," + a.value(flag) + ",";
    else
      throw cliError(CliErrorId::UnknownFlag, {"bench", echoed(flag), ""});
  }
  if (obstacles >= 0) return obstacleBench(obstacles, maxFish < 100000 ? maxFish : 10000, quick);
  const double budget = quick ? 300 : 1500;  // ms of stepping per measurement
#ifdef __EMSCRIPTEN__
  const char* target = "wasm";
#else
  const char* target = "native";
#endif
  std::printf("mirofish bench (%s): ms per step, median/min/max of 7 runs after warm-up\n", target);
  std::printf("%-14s %7s %13s %4s %5s %10s %10s %10s %12s %10s %9s\n", "series", "fish", "world", "cap", "warm",
              "median", "min", "max", "us/fish", "checks/f", "neigh/f");
  std::vector<BenchResult> all;
  auto run = [&](const std::string& s, int n, double w, double h, bool brute, int cap, int warmup = kScatteredWarmup) {
    if (n > maxFish) return;
    if (!series.empty() && series.find("," + s + ",") == std::string::npos) return;
    all.push_back(measure(s, n, w, h, brute, cap, warmup, budget));
    printRow(all.back());
  };
  // Constant density: 300 fish per 1600x900 px, the world grows with N.
  for (int n : {300, 1000, 3000, 10000, 30000, 50000, 100000}) {
    double k = std::sqrt(n / 300.0);
    run("density", n, 1600 * k, 900 * k, false, 0);
  }
  // Grid vs brute force at the same density, up to 10 000.
  for (int n : {300, 1000, 3000, 10000}) {
    double k = std::sqrt(n / 300.0);
    run("brute", n, 1600 * k, 900 * k, true, 0);
  }
  // A fixed 1920x1080 world: density and clumping grow with N.
  for (int n : {300, 1000, 3000, 10000}) run("fixed", n, 1920, 1080, false, 0);
  // Steady: the same worlds after 1 800 steps (30 s), the formed school the page steps.
  for (int n : {1000, 10000, 50000}) {
    double k = std::sqrt(n / 300.0);
    run("density-steady", n, 1600 * k, 900 * k, false, 0, kSteadyWarmup);
  }
  for (int n : {1000, 3000, 10000}) run("fixed-steady", n, 1920, 1080, false, 0, kSteadyWarmup);
  // The neighbour cap on the densest case.
  for (int cap : {8, 32}) run("cap", 10000, 1920, 1080, false, cap);

  if (!jsonPath.empty()) {
    std::FILE* out = std::fopen(jsonPath.c_str(), "w");
    if (!out) throw cliError(CliErrorId::CannotWrite, {"--json", echoed(jsonPath)});
    std::fprintf(out, "{\"target\": \"%s\", \"results\": [\n", target);
    for (size_t i = 0; i < all.size(); ++i) {
      const BenchResult& b = all[i];
      std::fprintf(out,
                   "  {\"series\": \"%s\", \"fish\": %d, \"world\": [%.0f, %.0f], \"cap\": %d, \"warmup_steps\": %d, "
                   "\"median_ms\": %.5f, "
                   "\"min_ms\": %.5f, \"max_ms\": %.5f, \"checks_per_fish\": %.2f, \"neighbours_per_fish\": %.2f, "
                   "\"runs\": %d, \"steps_per_run\": %d}%s\n",
                   b.series.c_str(), b.fish, b.worldW, b.worldH, b.cap, b.warmup, b.medianMs, b.minMs, b.maxMs,
                   b.checksPerFish, b.neighboursPerFish, b.runs, b.stepsPerRun, i + 1 < all.size() ? "," : "");
    }
    std::fprintf(out, "]}\n");
    std::fclose(out);
  }
  return 0;
}

}  // namespace mirofish
