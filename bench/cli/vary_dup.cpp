// parseVary on one 10 000-value --vary list (wcoh=0.000,0.001,...,9.999), best of 20 calls: the cost of its
// duplicate check (docs/performance.md). Built by the native preset (bench/CMakeLists.txt):
//   build/native/bench/vary_dup
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "sweep/sweep_plan.h"

int main() {
  std::string text = "wcoh=";
  for (int k = 0; k < 10000; ++k) {
    char value[16];
    std::snprintf(value, sizeof value, "%s%d.%03d", k ? "," : "", k / 1000, k % 1000);
    text += value;
  }
  double best = 1e9;
  for (int r = 0; r < 20; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    const mirofish::VarySpec v = mirofish::parseVary(text);
    const auto t1 = std::chrono::steady_clock::now();
    if (v.values.size() != 10000) return 1;
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::printf("parseVary, 10000 values: best of 20 %.2f ms\n", best);
  return 0;
}
