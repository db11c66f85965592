// S-INT-1 the pointer and S-INT-3 scares: the virtual cursor that follows the pointer, and the pushes that both
// add to pass 1's steering of the fish they reach, which panic (S-INT-2) and startle (S-SIM-15).
#include "base/det_math.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

namespace mirofish {

// Follows the raw pointer with a ~0.12 s lag; the radius grows with its speed.
void updateCursor(const Params& p, float alpha, const PointerInput& pointer, Cursor& cursor) {
  if (!pointer.present) {
    cursor.active = false;
    return;
  }
  if (!cursor.active) {
    cursor.active = true;
    cursor.x = pointer.x;
    cursor.y = pointer.y;
  }
  float dx = (pointer.x - cursor.x) * alpha, dy = (pointer.y - cursor.y) * alpha;
  cursor.x += dx;
  cursor.y += dy;
  float speed = detSqrt(dx * dx + dy * dy) / kStepSeconds;
  cursor.radius =
      float(p.pointerRadius) * (1.0f + kCursorRadiusGrowth * clampf(speed / kCursorFullGrowthSpeed, 0.0f, 1.0f));
}

// Added to pass 1's steering (same visiting order) of the fish they reach, which panic (S-INT-2) and, if they were
// calm, startle (S-SIM-15) and pass it on. With no cursor and no live scare (the usual step) this phase is skipped.
int fleePointerAndScares(const Params& p, const Cursor& cursor, const Scare* scares, const Pellet* pellets,
                         const float* X, const float* Y, const int* sortedIds, int n, uint64_t step, float* outX,
                         float* outY, FishBehaviour& b, StartleLog& log) {
  int activeScares = 0;  // prefix of scares that can hold a live scare
  for (int k = 0; k < kMaxScares; ++k)
    if (scares[k].timeLeft > 0) activeScares = k + 1;
  // The hand that feeds: while a pellet lies within the cursor's radius, the pointer neither repels nor startles,
  // so a click that drops food does not keep the fish away from it (the cursor stays where it clicked).
  bool cursorFeeds = false;
  for (int k = 0; k < kMaxPellets && cursor.active; ++k) {
    const float dx = pellets[k].x - cursor.x, dy = pellets[k].y - cursor.y;
    cursorFeeds |= pellets[k].timeLeft > 0 && dx * dx + dy * dy < cursor.radius * cursor.radius;
  }
  const bool pushes = cursor.active && !cursorFeeds;
  if (!pushes && activeScares == 0) return 0;
  const float fmax = float(p.maxForce), panicTime = float(p.panicTime);
  float* panic = b.panic.data();
  int alarmed = 0;
  for (int oi = 0; oi < n; ++oi) {
    const int i = sortedIds ? sortedIds[oi] : oi;
    const float xi = X[oi], yi = Y[oi];
    float fx = outX[oi], fy = outY[oi];
    float fright = 0, fromX = 0, fromY = 0;  // the strongest direct fright this step, and its source
    // Gentle repulsion that fades to zero at the radius (strong repulsion makes a jittering donut).
    if (pushes) {
      float dx = xi - cursor.x, dy = yi - cursor.y;
      float d2 = dx * dx + dy * dy;
      float r = cursor.radius;
      if (d2 < r * r) {
        float d = detSqrt(d2);
        normalizeOrZero(dx, dy);
        float k = float(p.pointerWeight) * fmax * (1.0f - d / r);
        fx += dx * k;
        fy += dy * k;
        fright = kPointerAlarm;
        fromX = cursor.x;
        fromY = cursor.y;
      }
    }
    // Flee within the radius while the fear source lasts; 1 - kScareFalloff of the push still at the radius.
    for (int si = 0; si < activeScares; ++si) {
      const Scare& sc = scares[si];
      if (sc.timeLeft <= 0) continue;
      float dx = xi - sc.x, dy = yi - sc.y;
      float d2 = dx * dx + dy * dy;
      float r = float(p.scareRadius);
      if (d2 < r * r) {
        float d = detSqrt(d2);
        normalizeOrZero(dx, dy);
        float k = float(p.scareWeight) * fmax * (1.0f - kScareFalloff * d / r);
        fx += dx * k;
        fy += dy * k;
        if (fright < kScareAlarm) {
          fright = kScareAlarm;
          fromX = sc.x;
          fromY = sc.y;
        }
      }
    }
    if (fright > 0) {
      if (panic[i] <= 0) {  // a fresh fright: the ripple starts here
        alarmed += startleFish(p, i, fright, fromX, fromY, b);
        log.note(fromX, fromY, fright, step);
      }
      panic[i] = panicTime;
    }
    outX[oi] = fx;
    outY[oi] = fy;
  }
  return alarmed;
}

}  // namespace mirofish
