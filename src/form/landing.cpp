// The landing's rules: springs, weight ramp, staggered departures, the angle-sorted assignment.
#include "form/landing.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "base/det_math.h"

namespace mirofish {

namespace {

float clamp01(float k) { return k < 0 ? 0 : (k > 1 ? 1 : k); }

struct Polar {
  float key, dist2;
  int index;
};

bool before(const Polar& a, const Polar& b) {
  if (a.key != b.key) return a.key < b.key;
  if (a.dist2 != b.dist2) return a.dist2 < b.dist2;
  return a.index < b.index;
}

// Heap sort: the order is strict and total, so any correct sort gives the same result, and this one is a few
// hundred bytes of the page's bundle against ~5 KB for std::sort's instantiation.
void sortPolar(Polar* p, int n) {
  auto sift = [p](int root, int end) {
    for (int child; (child = 2 * root + 1) < end; root = child) {
      if (child + 1 < end && before(p[child], p[child + 1])) ++child;
      if (!before(p[root], p[child])) return;
      std::swap(p[root], p[child]);
    }
  };
  for (int i = n / 2 - 1; i >= 0; --i) sift(i, n);
  for (int end = n - 1; end > 0; --end) {
    std::swap(p[0], p[end]);
    sift(0, end);
  }
}

// Indices 0..n-1 sorted by angle around (cx, cy), then distance, then index: a strict total order.
std::vector<int> byAngle(const float* x, const float* y, int n, float cx, float cy) {
  std::vector<Polar> p(size_t(n > 0 ? n : 0));
  for (int i = 0; i < n; ++i) {
    const float dx = x[i] - cx, dy = y[i] - cy;
    p[size_t(i)] = Polar{angleKey(dx, dy), dx * dx + dy * dy, i};
  }
  sortPolar(p.data(), n);
  std::vector<int> order(p.size());
  for (size_t k = 0; k < p.size(); ++k) order[k] = p[k].index;
  return order;
}

}  // namespace

Spring landingSpring(float k) {
  k = clamp01(k);
  return Spring{0.004f + 0.05f * k * k, 0.84f - 0.06f * k};
}

Spring orbitSpring(float k) {
  k = clamp01(k);
  return Spring{0.02f + 0.16f * k * k, 0.74f};
}

Spring formationSpring(FormationKind kind, float k) {
  return kind == FormationKind::Vortex || kind == FormationKind::Frame ? orbitSpring(k) : landingSpring(k);
}

float formationWeight(float t) {
  if (!(t > 0)) return 0;  // NaN too
  if (t >= kWeightRampSeconds) return 1;
  const float u = t / kWeightRampSeconds;
  return u * u * (3 - 2 * u);
}

void departureDelays(const float* x, const float* y, int n, float cx, float cy, float* delays) {
  float far2 = 0;
  for (int i = 0; i < n; ++i) {
    const float dx = x[i] - cx, dy = y[i] - cy;
    far2 = std::max(far2, dx * dx + dy * dy);
  }
  const float far = detSqrt(far2);
  for (int i = 0; i < n; ++i) {
    const float dx = x[i] - cx, dy = y[i] - cy;
    delays[i] = far > 0 ? kMaxDepartureDelay * (detSqrt(dx * dx + dy * dy) / far) : 0;
    if (delays[i] > kMaxDepartureDelay) delays[i] = kMaxDepartureDelay;  // rounding at the far end
  }
}

float angleKey(float dx, float dy) {
  // The "diamond angle": p = dy / (|dx| + |dy|) in [-1, 1] grows with the angle in the right half plane and falls
  // in the left one; pieced together, the key runs 0 (at -pi) .. 1 (-pi/2) .. 2 (0) .. 3 (pi/2) .. 4 (pi).
  const float ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy, sum = ax + ay;
  if (!(sum > 0)) return 0;
  const float p = dy / sum;
  return dx < 0 ? (dy < 0 ? -p : 4 - p) : 2 + p;
}

int assignByAngle(const float* fishX, const float* fishY, int fishCount, const float* targetX, const float* targetY,
                  int targetCount, float cx, float cy, int* targetOf) {
  for (int f = 0; f < fishCount; ++f) targetOf[f] = -1;
  if (fishCount <= 0 || targetCount <= 0) return targetCount > 0 ? targetCount : 0;
  const std::vector<int> fish = byAngle(fishX, fishY, fishCount, cx, cy);
  const std::vector<int> targets = byAngle(targetX, targetY, targetCount, cx, cy);
  const int pairs = std::min(fishCount, targetCount);
  // Pair j takes the fish and the target at the j-th of `pairs` evenly spaced places in each angle order; the
  // larger list skips some, the smaller uses all. Integer arithmetic, so no index is used twice.
  for (int j = 0; j < pairs; ++j) {
    const int fi = int((int64_t(2 * j + 1) * fishCount) / (2 * pairs));
    const int ti = int((int64_t(2 * j + 1) * targetCount) / (2 * pairs));
    targetOf[fish[size_t(fi)]] = targets[size_t(ti)];
  }
  return targetCount - pairs;
}

}  // namespace mirofish
