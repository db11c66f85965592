// S-CHO-1..4: the school lands on a formation and lets go of it. The phase runs after pass 2 (moveFish) and blends,
// per fish, the boids' move with a spring toward the fish's target: p = (1 - k) p_boids + k (p_last + s), where s
// is the spring's speed (px/step) and k the formation weight ramping in after the fish's staggered departure.
// Settled fish are pinned to their targets: while a formation holds, the pond's wander, current, points of interest,
// scares and startles still run in the boids' pass but cannot move a settled fish (k = 1 discards that move).
// Id order and the step's own results only, so the grid and brute force, native and wasm land the same.
#include <algorithm>
#include <cmath>

#include "base/assert.h"
#include "form/landing.h"
#include "sim/school.h"
#include "sim/step_phases.h"

namespace mirofish {

bool School::formFromHash(const FormSpec& spec, double atSeconds, std::string* why) {
  return spec.kind == FormationKind::None || form(spec, kDefaultHoldSeconds, atSeconds, why);
}

bool School::form(const FormSpec& spec, float holdSeconds, double atSeconds, std::string* why) {
  why->clear();
  if (spec.kind == FormationKind::None || spec.kind == FormationKind::Logo) {
    *why = "no formation to land";
    return false;
  }
  if (spec.kind == FormationKind::Qr || spec.kind == FormationKind::Text) {
    TargetLayout probe;  // refused now, with its reason, rather than at the start step
    if (!layoutStatic(spec, float(params_.width), float(params_.height), &probe, why)) return false;
  }
  release();
  form_.spec = spec;
  form_.hold = std::isfinite(holdSeconds) ? holdSeconds : 0.0f;
  const double at = std::isfinite(atSeconds) && atSeconds > 0 ? atSeconds : 0.0;
  const uint64_t atStep = uint64_t(std::llround(at * double(kStepHz)));
  form_.startStep = atStep > stepCount_ ? atStep : stepCount_;
  form_.phase = FormPhase::Waiting;
  return true;
}

void School::release() {
  FormationState& s = form_;
  if (s.phase == FormPhase::None) return;
  // The fish added for the formation leave with it (the highest ids, as a smaller fish count drops them).
  if (s.added > 0 && fish_.count == s.baseFish + s.added) fish_.count = s.baseFish;
  s.phase = FormPhase::None;
  s.added = s.settledCount = s.assigned = 0;
  s.targetOf.clear();
  s.settled.clear();
  s.cell = 0;
}

// The first step of a landing: targets, the fish added if too few, the angle-sorted assignment, the departures.
// Once per formation, so it may allocate.
void School::beginFormation() {
  FormationState& s = form_;
  const float w = float(params_.width), h = float(params_.height);
  const FormationArea area = worldArea(w, h);
  int targets = 0;
  if (s.isStatic()) {
    TargetLayout layout;
    std::string why;
    if (!layoutStatic(s.spec, w, h, &layout, &why)) {  // the world shrank since form(): nothing to land on
      s.phase = FormPhase::None;
      return;
    }
    s.tx = layout.x;
    s.ty = layout.y;
    s.solid = layout.solid;
    s.cell = layout.cell;
    s.cols = layout.cols;
    s.rows = layout.rows;
    s.originX = layout.originX;
    s.originY = layout.originY;
    targets = layout.count();
  } else {
    targets = fish_.count;
    s.tx.assign(size_t(targets), 0.0f);
    s.ty.assign(size_t(targets), 0.0f);
    s.solid.assign(size_t(targets), 0);
    s.cell = 0;
    formationTargets(s.spec.kind, area, 0.0f, targets, s.tx.data(), s.ty.data());
  }
  s.baseFish = fish_.count;
  s.added = targets > fish_.count ? targets - fish_.count : 0;
  if (s.added > 0) resize(fish_.count + s.added);  // spawned from the school's RNG: the same fish every time
  const int n = fish_.count;
  s.targetOf.assign(size_t(n), -1);
  assignByAngle(fish_.x.data(), fish_.y.data(), n, s.tx.data(), s.ty.data(), targets, area.cx, area.cy,
                s.targetOf.data());
  // Departures by each fish's target's distance from the centre: the picture fills from the inside out.
  std::vector<float> goalX(size_t(n), area.cx), goalY(size_t(n), area.cy);
  s.assigned = 0;
  for (int i = 0; i < n; ++i) {
    const int j = s.targetOf[size_t(i)];
    if (j < 0) continue;
    goalX[size_t(i)] = s.tx[size_t(j)];
    goalY[size_t(i)] = s.ty[size_t(j)];
    ++s.assigned;
  }
  s.delay.assign(size_t(n), 0.0f);
  departureDelays(goalX.data(), goalY.data(), n, area.cx, area.cy, s.delay.data());
  s.sx.assign(size_t(n), 0.0f);
  s.sy.assign(size_t(n), 0.0f);
  s.lastX.assign(fish_.x.begin(), fish_.x.begin() + n);
  s.lastY.assign(fish_.y.begin(), fish_.y.begin() + n);
  s.settled.assign(size_t(n), 0);
  s.settledCount = 0;
  s.worldW = w;
  s.worldH = h;
  s.phase = FormPhase::Landing;
}

// After pass 2: the formation's life around its landing (the phase that needs the whole school: adding fish to
// begin, dropping them at the release).
void School::runFormation() {
  FormationState& s = form_;
  if (s.phase == FormPhase::None) return;
  if (s.phase == FormPhase::Waiting) {
    if (stepCount_ >= s.startStep) beginFormation();
    return;
  }
  if (fish_.count != int(s.targetOf.size()) || float(params_.width) != s.worldW || float(params_.height) != s.worldH) {
    // The school or its world changed under the formation (a page resized, a fish count set): land it again, from
    // here, in the new world.
    const FormSpec spec = s.spec;
    const float hold = s.hold;
    release();
    s.spec = spec;
    s.hold = hold;
    s.startStep = stepCount_ + 1;
    s.phase = FormPhase::Waiting;
    return;
  }
  if (landFormation(stepCount_, fish_.count, fish_.motion(), s)) release();
}

// Blends each assigned fish's boids move with its spring, settles it on arrival, starts the hold; true once it ends.
bool landFormation(uint64_t step, int n, FishMotion& f, FormationState& s) {
  MIROFISH_ASSERT(n == int(s.targetOf.size()));  // runFormation lands it again first when the count changed
  const float dt = kStepSeconds;
  const float t = float(double(step - s.startStep) * FixedStep::kDt);
  const bool moving = !s.isStatic();
  if (moving)
    formationTargets(s.spec.kind, worldArea(s.worldW, s.worldH), t, int(s.tx.size()), s.tx.data(), s.ty.data());
  const bool orbit = s.spec.kind == FormationKind::Vortex || s.spec.kind == FormationKind::Frame;
  const Spring orbitNow = orbitSpring(frameEase(t));
  for (int i = 0; i < n; ++i) {
    const int j = s.targetOf[size_t(i)];
    if (j < 0) continue;  // an extra fish: it keeps swimming
    const float tx = s.tx[size_t(j)], ty = s.ty[size_t(j)];
    float nx, ny;
    if (s.settled[size_t(i)]) {
      nx = tx;
      ny = ty;
    } else {
      const float k = formationWeight(t - s.delay[size_t(i)]);
      if (!(k > 0)) {  // not yet departed: the spring follows the fish's own speed, so it leaves smoothly
        s.sx[size_t(i)] = f.vx[size_t(i)] * dt;
        s.sy[size_t(i)] = f.vy[size_t(i)] * dt;
        s.lastX[size_t(i)] = f.x[size_t(i)];
        s.lastY[size_t(i)] = f.y[size_t(i)];
        continue;
      }
      const Spring sp = orbit ? orbitNow : landingSpring(k);
      const float lx = s.lastX[size_t(i)], ly = s.lastY[size_t(i)];
      const float sx = s.sx[size_t(i)] * sp.damping + (tx - lx) * sp.stiffness;
      const float sy = s.sy[size_t(i)] * sp.damping + (ty - ly) * sp.stiffness;
      s.sx[size_t(i)] = sx;
      s.sy[size_t(i)] = sy;
      nx = (1 - k) * f.x[size_t(i)] + k * (lx + sx);
      ny = (1 - k) * f.y[size_t(i)] + k * (ly + sy);
      const float ex = tx - nx, ey = ty - ny, limit = kSettleDistance * kSettleDistance;
      if (k >= 1 && ex * ex + ey * ey < limit && sx * sx + sy * sy < limit) {
        s.settled[size_t(i)] = 1;  // only ever set: a settled fish stays on its target until the release
        ++s.settledCount;
        nx = tx;
        ny = ty;
      }
    }
    f.vx[size_t(i)] = (nx - s.lastX[size_t(i)]) / dt;
    f.vy[size_t(i)] = (ny - s.lastY[size_t(i)]) / dt;
    f.x[size_t(i)] = s.lastX[size_t(i)] = nx;
    f.y[size_t(i)] = s.lastY[size_t(i)] = ny;
  }
  if (s.phase == FormPhase::Landing && (s.settledCount >= s.assigned || t >= kLandingCapSeconds)) {
    s.phase = FormPhase::Holding;
    s.holdStep = step;
  }
  return s.phase == FormPhase::Holding && s.hold > 0 && double(step - s.holdStep) >= double(s.hold) * double(kStepHz);
}

}  // namespace mirofish
