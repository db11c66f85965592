// `mirofish bench --obstacles N`: 10 000 fish with N obstacles against the same school without, in one process,
// batches interleaved (A, B, A, B ...) so the shared machine's noise hits both alike; medians of 9 batches.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "base/rng.h"
#include "cli/bench_command.h"
#include "sim/school.h"
#include "sweep/clock.h"

namespace mirofish {

// The obstacles the bench (and the note's callgrind runs) use: count boxes and circles, 120..360 px, spread over
// the world from a fixed seed.
std::vector<Obstacle> benchObstacles(int count, float w, float h) {
  Rng rng(99);
  std::vector<Obstacle> list;
  for (int k = 0; k < count; ++k) {
    const float size = rng.range(120, 360);
    const float x = rng.range(0.05f * w, 0.95f * w - size), y = rng.range(0.05f * h, 0.95f * h - size);
    if (k % 3 == 2)
      list.push_back({Obstacle::Circle, x + size / 2, y + size / 2, size / 2, 0});
    else
      list.push_back({Obstacle::Rect, x, y, size, size * 0.6f});
  }
  return list;
}

int obstacleBench(int count, int fish, bool quick) {
  Params p;
  p.fish = fish;
  const double k = std::sqrt(fish / 300.0);  // the density series' world: 300 fish per 1600 x 900 px
  p.width = std::floor(1600 * k);
  p.height = std::floor(900 * k);
  School plain(p), rocks(p);
  const std::vector<Obstacle> list = benchObstacles(count, float(p.width), float(p.height));
  rocks.setObstacles(list.data(), int(list.size()));
  plain.setMetricsEnabled(false);
  rocks.setMetricsEnabled(false);
  plain.steps(120);
  rocks.steps(120);
  const int batch = quick ? 10 : 40;
  std::vector<double> a, b;
  for (int r = 0; r < 9; ++r) {
    double t = clockMs();
    plain.steps(batch);
    a.push_back((clockMs() - t) / batch);
    t = clockMs();
    rocks.steps(batch);
    b.push_back((clockMs() - t) / batch);
  }
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const double ma = a[a.size() / 2], mb = b[b.size() / 2];
  std::printf("the obstacles as run flags:");
  for (const Obstacle& o : list) {
    if (o.kind == Obstacle::Circle)
      std::printf(" --obstacle circle:%.0f,%.0f,%.0f", double(o.x), double(o.y), double(o.w));
    else
      std::printf(" --obstacle rect:%.0f,%.0f,%.0f,%.0f", double(o.x), double(o.y), double(o.w), double(o.h));
  }
  std::printf("\n");
  std::printf("obstacles bench: %d fish in %.0fx%.0f px, %d steps a batch, median of 9 (ms per step)\n", fish, p.width,
              p.height, batch);
  std::printf("without %.4f  with %d obstacles %.4f  ratio %.3f  (hard-limit exits %llu)\n", ma, count, mb, mb / ma,
              (unsigned long long)rocks.obstacleExits());
  return 0;
}

}  // namespace mirofish
