// The CLI's one wall clock (steady, monotonic): the benches, the sweep's timing and progress, the encoder timing.
#pragma once

#include <chrono>

namespace mirofish {

inline double clockSeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

inline double clockMs() { return clockSeconds() * 1e3; }

}  // namespace mirofish
