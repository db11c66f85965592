// Brute-force inspection of one fish, mirroring pass 1 of the step (school.cpp, neighbour_scan.h) for that fish only.
#include "sim/inspect.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "sim/det_math.h"

namespace mirofish {

int nearestFish(const FishArrays& f, float x, float y) {
  int best = -1;
  float bestD2 = 0;
  for (int j = 0; j < f.count; ++j) {
    const float dx = f.x[j] - x, dy = f.y[j] - y, d2 = dx * dx + dy * dy;
    if (best < 0 || d2 < bestD2) {
      best = j;
      bestD2 = d2;
    }
  }
  return best;
}

namespace {

constexpr float kMaxPush = 1.0e5f;  // neighbour_scan.h kMaxTerm: one near-coincident neighbour cannot overflow the sum

// The step's derived radii and field of view (School::derive), recomputed with the same float expressions.
struct Perception {
  float rSep2, rAli2, rCoh2, rMax2, cosHalfFov, cosHalfFov2;
  bool fovOn;
};

float largestRadius(const Params& p) {
  const float rs = float(p.sepRadius), ra = float(p.aliRadius), rc = float(p.cohRadius);
  return rs > ra ? (rs > rc ? rs : rc) : (ra > rc ? ra : rc);
}

Perception perception(const Params& p) {
  Perception c;
  const float rs = float(p.sepRadius), ra = float(p.aliRadius), rc = float(p.cohRadius);
  const float rMax = largestRadius(p);
  c.rSep2 = rs * rs;
  c.rAli2 = ra * ra;
  c.rCoh2 = rc * rc;
  c.rMax2 = rMax * rMax;
  c.fovOn = p.fov < 360.0;
  c.cosHalfFov = detCos(float(p.fov) * 0.5f * (kPi / 180.0f));
  c.cosHalfFov2 = c.cosHalfFov * c.cosHalfFov;
  return c;
}

// neighbour_scan.h isNeighbour: inside the largest radius, not coincident, not in the blind spot (no sqrt).
bool counts(const Perception& c, float dx, float dy, float d2, float hx, float hy) {
  if (d2 >= c.rMax2 || d2 == 0.0f) return false;
  if (!c.fovOn) return true;
  const float dot = hx * dx + hy * dy;
  return c.cosHalfFov <= 0 ? (dot >= 0 || dot * dot <= c.cosHalfFov2 * d2)
                           : (dot > 0 && dot * dot >= c.cosHalfFov2 * d2);
}

// A rule's force: its summed direction normalized, times its weight and the fish's force limit (zero without
// neighbours), as steerFromNeighbours adds it.
void steer(RuleSteer& r, double sx, double sy, float weight, float limit) {
  if (!r.count) return;
  float x = float(sx), y = float(sy);
  normalizeOrZero(x, y);
  r.x = x * weight * limit;
  r.y = y * weight * limit;
}

}  // namespace

void configureGrid(NeighbourGrid& grid, const Params& p) {
  grid.configure(float(p.width), float(p.height), largestRadius(p));  // School::derive
}

bool inspectFish(const Params& p, const FishArrays& f, const NeighbourGrid& grid, int i, FishInspection* out) {
  if (i < 0 || i >= f.count) return false;
  const Perception c = perception(p);
  FishInspection& r = *out;
  std::vector<int> links = std::move(r.neighbours);  // keeps its capacity: no allocation once it has held n
  r = FishInspection();
  r.fish = i;
  r.x = f.x[i];
  r.y = f.y[i];
  r.vx = f.vx[i];
  r.vy = f.vy[i];
  r.hx = f.hx[i];
  r.hy = f.hy[i];
  r.forceLimit = float(p.maxForce) * f.forceScale[i];
  r.panicked = f.panic[i] > 0;
  r.behaviour = size_t(i) < f.state.size() ? int(f.state[size_t(i)]) : -1;
  auto d2To = [&](int j) {
    const float dx = f.x[j] - r.x, dy = f.y[j] - r.y;
    return dx * dx + dy * dy;
  };

  const int cols = grid.cols(), home = grid.cellOf(r.x, r.y), hx = home % cols, hy = home / cols;
  links.resize(size_t(f.count));
  int count = 0;
  for (int j = 0; j < f.count; ++j) {
    const int cell = grid.cellOf(f.x[j], f.y[j]), cx = cell % cols, cy = cell / cols;
    if (j != i && cx >= hx - 1 && cx <= hx + 1 && cy >= hy - 1 && cy <= hy + 1) ++r.gridChecks;
    if (counts(c, f.x[j] - r.x, f.y[j] - r.y, d2To(j), r.hx, r.hy)) links[size_t(count++)] = j;
  }
  // The neighbour cap keeps the nearest `cap`, ties to the lower id (the step's order), shown in id order. Insertion
  // sorts: a few dozen neighbours, a cold path, and far less code in the page's bundle than std::sort.
  const int cap = int(p.neighbourCap);
  if (cap > 0 && count > cap) {
    for (int a = 1; a < count; ++a)
      for (int b = a; b > 0; --b) {
        const int j = links[size_t(b)], k = links[size_t(b - 1)];
        const float dj = d2To(j), dk = d2To(k);
        if (!(dj < dk || (dj == dk && j < k))) break;
        std::swap(links[size_t(b)], links[size_t(b - 1)]);
      }
    count = cap;
    for (int a = 1; a < count; ++a)
      for (int b = a; b > 0 && links[size_t(b)] < links[size_t(b - 1)]; --b)
        std::swap(links[size_t(b)], links[size_t(b - 1)]);
  }
  links.resize(size_t(count));

  double sepX = 0, sepY = 0, aliX = 0, aliY = 0, cohX = 0, cohY = 0;
  for (int& link : links) {
    const int j = link;
    const float dx = f.x[j] - r.x, dy = f.y[j] - r.y, d2 = d2To(j);
    int rules = 0;
    if (d2 < c.rSep2) {
      const float inv = 1.0f / d2;  // (p - q) / d^2, as the step pushes, with its per-neighbour clamp
      sepX -= double(std::clamp(dx * inv, -kMaxPush, kMaxPush));
      sepY -= double(std::clamp(dy * inv, -kMaxPush, kMaxPush));
      ++r.sep.count;
      rules |= kRuleSep;
    }
    if (d2 < c.rAli2) {
      aliX += double(f.vx[j]);
      aliY += double(f.vy[j]);
      ++r.ali.count;
      rules |= kRuleAli;
    }
    if (d2 < c.rCoh2) {
      cohX += double(dx);
      cohY += double(dy);
      ++r.coh.count;
      rules |= kRuleCoh;
    }
    link = j * 8 + rules;
  }
  steer(r.sep, sepX, sepY, float(p.sepWeight), r.forceLimit);
  steer(r.ali, aliX, aliY, float(p.aliWeight), r.forceLimit);
  const float wCoh = r.panicked ? float(p.cohWeight) * float(p.panicCohesion) : float(p.cohWeight);
  steer(r.coh, cohX, cohY, wCoh, r.forceLimit);
  r.centroidX = r.coh.count ? r.x + float(cohX / r.coh.count) : r.x;
  r.centroidY = r.coh.count ? r.y + float(cohY / r.coh.count) : r.y;
  r.neighbours = std::move(links);
  return true;
}

}  // namespace mirofish
