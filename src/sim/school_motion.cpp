// Pass 2 of School::step: each fish moves on its own state (wander, smoothing, walls, turn limit, speed cap, tail
// beat, position), scalar and eight fish at a time (motion_wide.h) with the same bits.
#include <cmath>

#include "base/det_math.h"
#include "base/simd4.h"
#include "sim/motion_wide.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

namespace mirofish {

namespace {

// S-SIM-14 the current's push where the fish is (cx, cy) and the pull of the nearest point of interest (px, py).
inline void pondForces(const PondPull& pull, float x, float y, float lone, float& cx, float& cy, float& px, float& py) {
  cx = 0, cy = 0, px = 0, py = 0;
  if (pull.current > 0) {
    cx = pull.current * detSin(pull.k * y + pull.phaseX);
    cy = pull.current * detSin(pull.k * x + pull.phaseY);
  }
  if (pull.points > 0) {
    float best = 3.0e38f, bx = 0, by = 0;
    for (int a = 0; a < pull.points; ++a) {
      const float dx = pull.x[a] - x, dy = pull.y[a] - y, d2 = dx * dx + dy * dy;
      if (d2 < best) {
        best = d2;
        bx = dx;
        by = dy;
      }
    }
    // Toward the point from afar, fading to nothing at half the radius and pushing out inside that: the school
    // circles a point of interest instead of crushing onto it. A lone fish (pass 1's cue) heads for it regardless.
    const float d = detSqrt(best), inv = 1.0f / (d > 1.0f ? d : 1.0f);
    const float ring = clampf((d - pull.hold) * pull.invBand, -1.0f, 1.0f);
    const float k = (pull.weight * ring + lone) * inv;
    px = bx * k;
    py = by * k;
  }
}

// S-SIM-4 anti-jitter: fish i's steering averaged over the ring's slots, then clamped to its force limit fi.
inline void smoothedForce(const float* const* ringX, const float* const* ringY, int slots, int i, float invSlots,
                          float fi, float& fx, float& fy) {
  fx = 0, fy = 0;
  for (int k = 0; k < slots; ++k) {
    fx += ringX[k][i];
    fy += ringY[k][i];
  }
  fx *= invSlots;
  fy *= invSlots;
  float f2 = fx * fx + fy * fy;
  if (f2 > fi * fi) {
    float k = fi / detSqrt(f2);
    fx *= k;
    fy *= k;
  }
}

// S-SIM-3 turn-rate limit, on the heading unit vector (hx, hy) toward the velocity (vx, vy): no atan2, one
// precomputed sin/cos (the gait's turn rate, S-SIM-15). The new heading, the share of the limit used, the signed
// turn's sine, and the speed.
struct Turn {
  float ux, uy, turnFrac, cross, speed;
};
inline Turn limitTurn(float hx, float hy, float vx, float vy, float cosTurn, float sinTurn) {
  Turn t{hx, hy, 0, 0, detSqrt(vx * vx + vy * vy)};
  if (t.speed > kStillSpeed) {
    t.ux = vx / t.speed;
    t.uy = vy / t.speed;
    float dot = hx * t.ux + hy * t.uy;
    t.cross = hx * t.uy - hy * t.ux;
    if (dot < cosTurn) {
      float sgn = t.cross >= 0 ? 1.0f : -1.0f;
      t.ux = hx * cosTurn - sgn * hy * sinTurn;
      t.uy = hy * cosTurn + sgn * hx * sinTurn;
      normalizeOrZero(t.ux, t.uy);  // keep |u| == 1 against rounding drift
      t.cross = sgn * sinTurn;
      t.turnFrac = 1;
    } else {
      t.turnFrac = clampf((t.cross < 0 ? -t.cross : t.cross) / sinTurn, 0, 1);
    }
  }
  return t;
}

}  // namespace

// Pass 2 (step_phases.h): each fish moves on its own state. RNG draws happen here, in id order.
[[gnu::noinline]] uint64_t moveFish(const Params& p, int slot, const PondPull& pull, const FishTraits& t,
                                    const FishCues& c, int n, FishMotion& m, FishBehaviour& b, Rng& rng, float* draws) {
  const int slots = int(p.smoothing);
  float* ringX = b.steerX[slot].data();  // this step's steering slot, in id order
  float* ringY = b.steerY[slot].data();
  const float fmax = float(p.maxForce);
  const float w = float(p.width), h = float(p.height), margin = float(p.edgeMargin);
  const float dt = kStepSeconds;
  const float wander = float(p.wander) * fmax;
  const float vmin = float(p.minSpeed), vmax = float(p.maxSpeed);
  const float turnSlow = float(p.turnSlowdown), depthSpeed = float(p.depthSpeed);
  const float edgeDamp = float(p.edgeDamping), edgeForce = float(p.edgeForce);
  const float invSlots = 1.0f / float(slots);
  uint64_t clamps = 0;
  const float* ringSlotsX[kMaxSmoothing];
  const float* ringSlotsY[kMaxSmoothing];
  for (int k = 0; k < slots; ++k) {
    ringSlotsX[k] = b.steerX[k].data();
    ringSlotsY[k] = b.steerY[k].data();
  }
  // One fish, scalar: the reference for every target (wide builds run eight at a time below, the same bits).
  auto integrateFish = [&](int i, float u) {
    // S-SIM-14 wander: a slowly drifting side force, the noise smoothed by its phase.
    b.wanderPhase[i] = wrapAngle(b.wanderPhase[i] + (u - 0.5f) * kWanderPhaseStep);
    float ws = detSin(b.wanderPhase[i]);
    float hx = m.hx[i], hy = m.hy[i];
    float cx, cy, px, py;
    pondForces(pull, m.x[i], m.y[i], pull.lone * c.lone[i], cx, cy, px, py);
    ringX[i] = ((ringX[i] + -hy * ws * wander) + cx) + px;
    ringY[i] = ((ringY[i] + hx * ws * wander) + cy) + py;
    float fx, fy;
    smoothedForce(ringSlotsX, ringSlotsY, slots, i, invSlots, fmax * t.forceScale[i], fx, fy);

    // S-SIM-7 soft walls, added after the clamp so the school's own steering can never drown them.
    float vx = m.vx[i], vy = m.vy[i];
    if (margin > 0) softWalls(m.x[i], m.y[i], w, h, margin, edgeForce, edgeDamp, fx, fy, vx, vy);
    vx += fx * dt;
    vy += fy * dt;
    const Turn turn = limitTurn(hx, hy, vx, vy, b.turnCos[i], b.turnSin[i]);
    // S-SIM-5/6, S-ECO-4, S-SIM-15: per-fish cap, slower in the back tier, scaled by the gait (raised in a sprint
    // or a startle, near still in a hover, when the floor drops too), lower in sharp turns.
    const float panicLeft = b.panic[i], capMul = b.capMul[i];
    const float depthMul = depthSpeed + (1.0f - depthSpeed) * t.depth[i];
    float vcap = vmax * t.speedScale[i] * depthMul * capMul * (1.0f - turnSlow * turn.turnFrac);
    const float floor = capMul < 1.0f ? vmin * capMul : vmin;
    float vfloor = floor < vcap ? floor : vcap;
    const float speed = clampf(turn.speed, vfloor, vcap);
    m.hx[i] = turn.ux;
    m.hy[i] = turn.uy;
    m.vx[i] = turn.ux * speed;
    m.vy[i] = turn.uy * speed;
    b.panic[i] = panicLeft > dt ? panicLeft - dt : 0;
    b.turn[i] = b.turn[i] * kTurnKeep + kTurnTake * (turn.cross / dt);  // smoothed rad/s for the body bend

    // S-REN-6 tail beat: kTailHz at kTailRefSpeed, frequency ~ speed^0.6 (x^0.625 via square roots, deterministic).
    float rel = speed * (1.0f / kTailRefSpeed);
    float r2 = detSqrt(rel), r8 = detSqrt(detSqrt(r2));
    b.tailPhase[i] = wrapAngle(b.tailPhase[i] + kTwoPi * kTailHz * r2 * r8 * dt * b.tailMul[i] + kTailIdleRate * dt);

    float nx = m.x[i] + m.vx[i] * dt, ny = m.y[i] + m.vy[i] * dt;
    // Fallback clamp: never fires with sane parameters (counted so tests can prove it).
    if (nx < 0 || nx > w || ny < 0 || ny > h) {
      ++clamps;
      nx = clampf(nx, 0, w);
      ny = clampf(ny, 0, h);
    }
    m.x[i] = nx;
    m.y[i] = ny;
  };
#if defined(MIROFISH_WIDE)
  // The RNG draws stay in id order, one per fish, ahead of the wide loop.
  for (int i = 0; i < n; ++i) draws[i] = rng.uniform();
  // Eight at a time (motion_wide.h); a group with a lane off the common path, and the last n % 8, one by one.
  int i = 0;
  while ((i = wide::integrate8(p, slot, pull, t, c, i, n, draws, m, b, clamps)) + 8 <= n) {
    for (int j = i; j < i + 8; ++j) integrateFish(j, draws[j]);
    i += 8;
  }
  for (; i < n; ++i) integrateFish(i, draws[i]);
#else
  (void)draws;
  for (int i = 0; i < n; ++i) integrateFish(i, rng.uniform());
#endif
  return clamps;
}

}  // namespace mirofish
