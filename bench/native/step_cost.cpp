// The formed school's step, alone: instructions a fish-step under callgrind and CPU time a step. Forms a
// school of N fish at the bench's constant density (300 fish per 1600x900 px, metrics off, as the page steps it) for
// 1 800 steps, then counts or times the next steps. Built by the native preset (bench/CMakeLists.txt), not run by CI:
//   build/native/bench/step_cost time 10000     (CPU ms a step: median of 9 batches of 10 steps)
//   valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=cg.out build/native/bench/step_cost ir 10000
//     (Ir of the counted steps: callgrind_annotate cg.out | grep 'PROGRAM TOTALS'; / (N x 10))
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else  // without valgrind's headers `ir` counts nothing: only `time` measures
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include "sim/school.h"

namespace {
double cpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || (std::strcmp(argv[1], "ir") != 0 && std::strcmp(argv[1], "time") != 0)) {
    std::fprintf(stderr, "usage: step_cost ir|time FISH [WARMUP]\n");
    return 2;
  }
  const bool ir = std::strcmp(argv[1], "ir") == 0;
  const int n = std::atoi(argv[2]);
  const int warmup = argc > 3 ? std::atoi(argv[3]) : 1800;
  mirofish::Params p;
  const double k = std::sqrt(n / 300.0);
  p.fish = n;
  p.width = std::floor(1600 * k);
  p.height = std::floor(900 * k);
  mirofish::School school(p);
  school.steps(warmup);
  constexpr int kSteps = 10;
  if (ir) {
    CALLGRIND_START_INSTRUMENTATION;
    school.steps(kSteps);
    CALLGRIND_STOP_INSTRUMENTATION;
    std::printf("fish %d world %.0fx%.0f counted %d steps after %d; hash %016" PRIx64 "\n", n, p.width, p.height,
                kSteps, warmup, school.stateHash());
    return 0;
  }
  std::vector<double> ms;
  for (int b = 0; b < 9; ++b) {
    const double t0 = cpuMs();
    school.steps(kSteps);
    ms.push_back((cpuMs() - t0) / kSteps);
  }
  std::sort(ms.begin(), ms.end());
  std::printf(
      "fish %d world %.0fx%.0f: %.3f ms a step (median of 9 x %d steps after %d; min %.3f max %.3f); hash %016" PRIx64
      "\n",
      n, p.width, p.height, ms[4], kSteps, warmup, ms.front(), ms.back(), school.stateHash());
  return 0;
}
