// S-ECO-2 the predator: with predator=1 it enters from an edge (a point drawn from the seed), hunts the nearest dense
// part of the school (re-aimed twice a second from a coarse density map), and with predator=0 swims out of the world
// and is gone. Fish within its radius flee hard and startle (the startle ripples on through the school, S-SIM-15),
// so the school bursts and re-forms; it never catches or removes a fish.
#include "base/det_math.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

namespace mirofish {

namespace {
constexpr int kAimEvery = 30;           // steps between re-aims (0.5 s)
constexpr int kDenseMin = 4;            // fish in a map cell for it to count as a dense part
constexpr float kDenseFalloff = 400;    // px: a cell this far away counts half as much as one at the predator
constexpr float kPredatorAccel = 1.5f;  // x fmax: its steering limit
constexpr float kLeaveBeyond = 200;     // px beyond the edge it heads for when it leaves; gone past half of that
constexpr float kFountain = 1.5f;       // sideways share of a fish's flight (x the way straight out)
constexpr uint32_t kEnterSalt = 0x70726564U;

// The nearest dense part: fish counted into a coarse map (id order, so grid and brute force agree); the cell with
// the most fish, weighed down by its distance, is the target (the centroid of its fish). No dense cell: the middle.
void aimPredator(const Params& p, const FishMotion& f, int count, DenseMap& map, Predator& pr) {
  const float w = float(p.width), h = float(p.height);
  const float sx = float(kDenseCols) / w, sy = float(kDenseRows) / h;
  for (int c = 0; c < kDenseCols * kDenseRows; ++c) {
    map.count[c] = 0;
    map.x[c] = map.y[c] = 0;
  }
  for (int i = 0; i < count; ++i) {
    const int cx = int(clampf(f.x[i] * sx, 0, float(kDenseCols - 1)));
    const int cy = int(clampf(f.y[i] * sy, 0, float(kDenseRows - 1)));
    const int c = cy * kDenseCols + cx;
    ++map.count[c];
    map.x[c] += f.x[i];
    map.y[c] += f.y[i];
  }
  float best = 0;
  pr.targetX = w * 0.5f;
  pr.targetY = h * 0.5f;
  for (int c = 0; c < kDenseCols * kDenseRows; ++c) {
    const int n = map.count[c];
    if (n < kDenseMin) continue;
    const float cx = map.x[c] / float(n), cy = map.y[c] / float(n);
    const float dx = cx - pr.x, dy = cy - pr.y;
    const float score = float(n) * kDenseFalloff / (kDenseFalloff + detSqrt(dx * dx + dy * dy));
    if (score > best) {
      best = score;
      pr.targetX = cx;
      pr.targetY = cy;
    }
  }
}

}  // namespace

void huntPredator(const Params& p, uint32_t seedMix, uint64_t step, const FishMotion& m, int n, DenseMap& map,
                  Predator& pr) {
  const bool wanted = p.predator >= 1;
  const float w = float(p.width), h = float(p.height), dt = kStepSeconds;
  bool aim = step % kAimEvery == 0;
  if (!pr.present) {
    if (!wanted) return;
    // Enter at a point of an edge, heading in.
    const float side = fishRandom(seedMix, -1, step, kEnterSalt) * 4.0f;
    const float along = fishRandom(seedMix, -2, step, kEnterSalt);
    const int s = int(side) & 3;
    pr = Predator();
    pr.present = true;
    pr.x = s == 0 ? 0 : (s == 1 ? w : along * w);
    pr.y = s == 2 ? 0 : (s == 3 ? h : along * h);
    aim = true;
  }
  pr.leaving = !wanted;
  if (pr.leaving) {  // out by the nearest edge
    const float to[4] = {pr.x, w - pr.x, pr.y, h - pr.y};
    int s = 0;
    for (int k = 1; k < 4; ++k)
      if (to[k] < to[s]) s = k;
    pr.targetX = s == 0 ? -kLeaveBeyond : (s == 1 ? w + kLeaveBeyond : pr.x);
    pr.targetY = s == 2 ? -kLeaveBeyond : (s == 3 ? h + kLeaveBeyond : pr.y);
  } else if (aim) {
    aimPredator(p, m, n, map, pr);
  }
  // Full speed at its target (it hunts by passing through), the turn limited by its steering force.
  const float top = float(p.predatorSpeed) * float(p.maxSpeed), accel = kPredatorAccel * float(p.maxForce);
  float dx = pr.targetX - pr.x, dy = pr.targetY - pr.y;
  normalizeOrZero(dx, dy);
  float sx = dx * top - pr.vx, sy = dy * top - pr.vy;
  const float s2 = sx * sx + sy * sy;
  if (s2 > accel * accel) {
    const float k = accel / detSqrt(s2);
    sx *= k;
    sy *= k;
  }
  pr.vx += sx * dt;
  pr.vy += sy * dt;
  const float v2 = pr.vx * pr.vx + pr.vy * pr.vy;
  if (v2 > top * top) {
    const float k = top / detSqrt(v2);
    pr.vx *= k;
    pr.vy *= k;
  }
  pr.x += pr.vx * dt;
  pr.y += pr.vy * dt;
  if (!pr.leaving) {
    pr.x = clampf(pr.x, 0, w);
    pr.y = clampf(pr.y, 0, h);
  } else if (pr.x < -kLeaveBeyond / 2 || pr.x > w + kLeaveBeyond / 2 || pr.y < -kLeaveBeyond / 2 ||
             pr.y > h + kLeaveBeyond / 2) {
    pr = Predator();  // gone
  }
}

void fleePredator(const Params& p, const Predator& pr, const FishMotion& f, int n, uint64_t step, FishBehaviour& b,
                  float* ringX, float* ringY, StartleLog& log) {
  if (!pr.present) return;
  const float r = float(p.predatorRadius), k0 = float(p.predatorWeight) * float(p.maxForce);
  const float panicTime = float(p.panicTime);
  // The fountain effect: a fish flees away and to its own side of the predator's path, so the school parts around
  // it into two and closes again behind (when it stands still, straight away).
  float hx = pr.vx, hy = pr.vy;
  normalizeOrZero(hx, hy);
  for (int i = 0; i < n; ++i) {
    float dx = f.x[i] - pr.x, dy = f.y[i] - pr.y;
    const float d2 = dx * dx + dy * dy;
    if (!(d2 < r * r)) continue;
    const float d = detSqrt(d2);
    const float side = hx * dy - hy * dx >= 0 ? 1.0f : -1.0f;
    dx += -hy * side * d * kFountain;
    dy += hx * side * d * kFountain;
    normalizeOrZero(dx, dy);
    const float k = k0 * (1.0f - kScareFalloff * d / r);
    ringX[i] += dx * k;
    ringY[i] += dy * k;
    if (b.panic[i] <= 0) {
      startleFish(p, i, kScareAlarm, pr.x, pr.y, b);
      log.note(pr.x, pr.y, kScareAlarm, step);
    }
    b.panic[i] = panicTime;
  }
}

}  // namespace mirofish
