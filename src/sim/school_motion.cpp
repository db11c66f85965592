// Pass 2 of School::step: each fish moves on its own state (wander, smoothing, walls, turn limit, speed cap, tail
// beat, position), scalar and four fish at a time with the same bits.
#include <cmath>

#include "base/det_math.h"
#include "base/simd4.h"
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

#if defined(MIROFISH_WIDE)
namespace {

using V = v4::F;
using v4::add;
using v4::div;
using v4::ge;
using v4::gt;
using v4::lt;
using v4::mul;
using v4::sel;
using v4::splat;
using v4::sub;
inline V clampv(V v, V lo, V hi) { return sel(lt(v, lo), lo, sel(gt(v, hi), hi, v)); }  // clampf

// wrapAngle's three common cases; `rare` collects lanes that need the scalar wrapAngle.
inline V wrap4(V a, V& rare) {
  const V twoPi = splat(kTwoPi), fourPi = splat(2 * kTwoPi), zero = splat(0.0f);
  const V in0 = v4::band(ge(a, zero), lt(a, twoPi));
  const V in1 = v4::band(ge(a, twoPi), lt(a, fourPi));
  const V in2 = v4::band(lt(a, zero), ge(a, splat(-kTwoPi)));
  const V down = sub(a, twoPi), up = add(a, twoPi);
  rare = v4::bor(rare, v4::bnot(v4::bor(in0, v4::bor(in1, in2))));
  return sel(in0, a, sel(in1, sel(lt(down, twoPi), down, zero), sel(lt(up, twoPi), up, zero)));
}

// detSin for |angle| < 4096 (the callers pass wrapped angles in [0, 2pi)): the same reduction and polynomials.
inline V sin4(V angle) {
  const V qf = mul(angle, splat(0.636619772f));
  const v4::I q = v4::toInt(sel(ge(qf, splat(0.0f)), add(qf, splat(0.5f)), sub(qf, splat(0.5f))));
  const V fq = v4::toFloat(q);
  const V x = sub(sub(sub(angle, mul(fq, splat(1.5703125f))), mul(fq, splat(4.837512969970703125e-4f))),
                  mul(fq, splat(7.549789948768648e-8f)));
  const V x2 = mul(x, x);
  const V sp =
      mul(x, add(splat(1.0f), mul(x2, add(splat(-1.6666654611e-1f),
                                          mul(x2, add(splat(8.3321608736e-3f), mul(x2, splat(-1.9515295891e-4f))))))));
  const V cp = add(
      splat(1.0f),
      mul(x2, add(splat(-0.5f),
                  mul(x2, add(splat(4.166664568298827e-2f),
                              mul(x2, add(splat(-1.388731625493765e-3f), mul(x2, splat(2.443315711809948e-5f)))))))));
  const V odd = v4::hasBit(q, 1), neg = v4::hasBit(q, 2);
  const V s = sel(odd, cp, sp);
  return sel(neg, v4::neg(s), s);
}

// The steering force of fish i..i+3 (wander, current, points of interest, the smoothing ring, the force cap): the
// wander phase and this step's ring entry, which the caller stores once the four stay on the common path.
struct Steer4 {
  V wp, rx, ry, fx, fy;
};
[[gnu::always_inline]] inline Steer4 steer4(const Params& p, int slot, const PondPull& pull, const FishTraits& ft,
                                            const FishCues& c, int i, const float* draws, const FishMotion& fm,
                                            const FishBehaviour& b, V& rare) {
  const V zero = splat(0.0f), one = splat(1.0f);
  Steer4 s;
  s.wp = wrap4(add(v4::load(&b.wanderPhase[i]), mul(sub(v4::load(draws + i), splat(0.5f)), splat(kWanderPhaseStep))),
               rare);
  const V ws = sin4(s.wp);
  const V hx = v4::load(&fm.hx[i]), hy = v4::load(&fm.hy[i]);
  const V wander = splat(float(p.wander) * float(p.maxForce));
  const V x = v4::load(&fm.x[i]), y = v4::load(&fm.y[i]);
  V cx = zero, cy = zero, px = zero, py = zero;
  if (pull.current > 0) {
    const V a = splat(pull.current), k = splat(pull.k);
    cx = mul(a, sin4(add(mul(k, y), splat(pull.phaseX))));
    cy = mul(a, sin4(add(mul(k, x), splat(pull.phaseY))));
  }
  if (pull.points > 0) {
    V best = splat(3.0e38f), bx = zero, by = zero;
    for (int a = 0; a < pull.points; ++a) {
      const V dx = sub(splat(pull.x[a]), x), dy = sub(splat(pull.y[a]), y);
      const V d2 = add(mul(dx, dx), mul(dy, dy));
      const V nearer = lt(d2, best);
      best = sel(nearer, d2, best);
      bx = sel(nearer, dx, bx);
      by = sel(nearer, dy, by);
    }
    const V d = v4::sqrt(best), inv = div(one, sel(gt(d, one), d, one));
    const V ring = clampv(mul(sub(d, splat(pull.hold)), splat(pull.invBand)), splat(-1.0f), one);
    const V k = mul(add(mul(splat(pull.weight), ring), mul(splat(pull.lone), v4::load(&c.lone[i]))), inv);
    px = mul(bx, k);
    py = mul(by, k);
  }
  s.rx = add(add(add(v4::load(&b.steerX[slot][i]), mul(mul(v4::neg(hy), ws), wander)), cx), px);
  s.ry = add(add(add(v4::load(&b.steerY[slot][i]), mul(mul(hx, ws), wander)), cy), py);

  const int slots = int(p.smoothing);
  V fx = zero, fy = zero;
  for (int k = 0; k < slots; ++k) {
    fx = add(fx, k == slot ? s.rx : v4::load(&b.steerX[k][i]));
    fy = add(fy, k == slot ? s.ry : v4::load(&b.steerY[k][i]));
  }
  const V invSlots = splat(1.0f / float(slots));
  fx = mul(fx, invSlots);
  fy = mul(fy, invSlots);
  const V fi = mul(splat(float(p.maxForce)), v4::load(&ft.forceScale[i]));
  const V f2 = add(mul(fx, fx), mul(fy, fy));
  const V over = gt(f2, mul(fi, fi));
  const V k = div(fi, v4::sqrt(f2));
  s.fx = sel(over, mul(fx, k), fx);
  s.fy = sel(over, mul(fy, k), fy);
  return s;
}

// The edge margin's push on the force and damping of outward velocity (S-SIM-7), four lanes.
[[gnu::always_inline]] inline void edges4(const Params& p, V x, V y, V& fx, V& fy, V& vx, V& vy) {
  const float margin = float(p.edgeMargin), w = float(p.width), h = float(p.height);
  if (!(margin > 0)) return;
  const V zero = splat(0.0f), one = splat(1.0f), vdt = splat(kStepSeconds);
  const V m = splat(margin), edgeForce = splat(float(p.edgeForce)), edgeDamp = splat(float(p.edgeDamping));
  const V into[4] = {sub(m, x), sub(x, splat(w - margin)), sub(m, y), sub(y, splat(h - margin))};
  for (int side = 0; side < 4; ++side) {
    const V in = gt(into[side], zero);
    // No lane in this side's margin (nearly always: the attractor keeps the school off the walls): nothing changes.
    if (!v4::any(in)) continue;
    const V t = div(into[side], m);
    const V push = mul(mul(edgeForce, t), t);
    const V damp = clampv(mul(mul(edgeDamp, t), vdt), zero, one);
    V& fc = side < 2 ? fx : fy;
    V& vc = side < 2 ? vx : vy;
    const V outward = (side & 1) ? gt(vc, zero) : lt(vc, zero);
    fc = sel(in, (side & 1) ? sub(fc, push) : add(fc, push), fc);
    vc = sel(v4::band(in, outward), sub(vc, mul(vc, damp)), vc);
  }
}

// The new heading under the turn-rate limit: unit (ux, uy), the signed turn taken (cross) and how much of the
// limit it used (turnFrac); a still fish keeps its heading.
struct Heading4 {
  V ux, uy, cross, turnFrac;
};
[[gnu::always_inline]] inline Heading4 heading4(V hx, V hy, V vx, V vy, V speed, V cosT, V sinT) {
  const V zero = splat(0.0f), one = splat(1.0f);
  const V moving = gt(speed, splat(kStillSpeed));
  const V ux0 = div(vx, speed), uy0 = div(vy, speed);
  const V dot = add(mul(hx, ux0), mul(hy, uy0));
  const V cross0 = sub(mul(hx, uy0), mul(hy, ux0));
  const V sharp = lt(dot, cosT);
  const V sgn = sel(ge(cross0, zero), one, splat(-1.0f));
  // Turned by the limit: read only by lanes that turn sharply while moving (0.3-0.4 % of a formed school's fours).
  V uxT = ux0, uyT = uy0;
  if (v4::any(v4::band(moving, sharp))) {
    uxT = sub(mul(hx, cosT), mul(mul(sgn, hy), sinT));
    uyT = add(mul(hy, cosT), mul(mul(sgn, hx), sinT));
    v4::normalizeOrZero(uxT, uyT);
  }
  const V absCross = sel(lt(cross0, zero), v4::neg(cross0), cross0);
  const V softFrac = clampv(div(absCross, sinT), zero, one);
  return {sel(moving, sel(sharp, uxT, ux0), hx), sel(moving, sel(sharp, uyT, uy0), hy),
          sel(moving, sel(sharp, mul(sgn, sinT), cross0), zero), sel(moving, sel(sharp, one, softFrac), zero)};
}

// Pass 2 for fish i.. four at a time, lane for lane moveFish's scalar integrateFish: every float operation in the same
// order, every branch a select of both sides (divisions in lanes that the scalar code skips are computed and
// dropped). Stops at the first four with a lane off the common path (an angle the scalar wrapAngle reduces the long
// way), having written nothing for them, and returns their first id (else where it stopped, n rounded down to 4s);
// the caller runs those four one by one and goes on. One call a step on the common path: the setup is paid once.
[[gnu::noinline]] int integrate4(const Params& p, int slot, const PondPull& pull, const FishTraits& ft,
                                 const FishCues& c, int i, int n, const float* draws, FishMotion& fm, FishBehaviour& b,
                                 uint64_t& clamps) {
  const float dt = kStepSeconds;
  const V vdt = splat(dt), zero = splat(0.0f), one = splat(1.0f);
  for (; i + 4 <= n; i += 4) {
    V rare = splat(0.0f);
    const Steer4 st = steer4(p, slot, pull, ft, c, i, draws, fm, b, rare);
    const V x = v4::load(&fm.x[i]), y = v4::load(&fm.y[i]);
    V fx = st.fx, fy = st.fy;
    V vx = v4::load(&fm.vx[i]), vy = v4::load(&fm.vy[i]);
    edges4(p, x, y, fx, fy, vx, vy);
    vx = add(vx, mul(fx, vdt));
    vy = add(vy, mul(fy, vdt));

    V speed = v4::sqrt(add(mul(vx, vx), mul(vy, vy)));
    const Heading4 hd = heading4(v4::load(&fm.hx[i]), v4::load(&fm.hy[i]), vx, vy, speed, v4::load(&b.turnCos[i]),
                                 v4::load(&b.turnSin[i]));

    const V panicLeft = v4::load(&b.panic[i]), capMul = v4::load(&b.capMul[i]);
    const V depthSpeed = splat(float(p.depthSpeed));
    const V depthMul = add(depthSpeed, mul(sub(one, depthSpeed), v4::load(&ft.depth[i])));
    const V vcap = mul(mul(mul(mul(splat(float(p.maxSpeed)), v4::load(&ft.speedScale[i])), depthMul), capMul),
                       sub(one, mul(splat(float(p.turnSlowdown)), hd.turnFrac)));
    const V vmin = splat(float(p.minSpeed));
    const V floor = sel(lt(capMul, one), mul(vmin, capMul), vmin);
    const V vfloor = sel(lt(floor, vcap), floor, vcap);
    speed = clampv(speed, vfloor, vcap);
    const V nvx = mul(hd.ux, speed), nvy = mul(hd.uy, speed);
    const V panicNext = sel(gt(panicLeft, vdt), sub(panicLeft, vdt), zero);
    const V turn = add(mul(v4::load(&b.turn[i]), splat(kTurnKeep)), mul(splat(kTurnTake), div(hd.cross, vdt)));

    const V rel = mul(speed, splat(1.0f / kTailRefSpeed));
    const V r2 = v4::sqrt(rel), r8 = v4::sqrt(v4::sqrt(r2));
    const V beat = mul(mul(mul(mul(splat(kTwoPi * kTailHz), r2), r8), vdt), v4::load(&b.tailMul[i]));
    const V tail = wrap4(add(add(v4::load(&b.tailPhase[i]), beat), splat(kTailIdleRate * dt)), rare);
    if (v4::any(rare)) return i;

    V nx = add(x, mul(nvx, vdt)), ny = add(y, mul(nvy, vdt));
    const V W = splat(float(p.width)), H = splat(float(p.height));
    const V out = v4::bor(v4::bor(lt(nx, zero), gt(nx, W)), v4::bor(lt(ny, zero), gt(ny, H)));
    if (v4::any(out)) {  // fallback clamp: never fires with sane parameters
      clamps += uint64_t(__builtin_popcount(unsigned(v4::laneBits(out))));
      nx = sel(out, clampv(nx, zero, W), nx);
      ny = sel(out, clampv(ny, zero, H), ny);
    }
    v4::store(&b.wanderPhase[i], st.wp);
    v4::store(&b.steerX[slot][i], st.rx);
    v4::store(&b.steerY[slot][i], st.ry);
    v4::store(&fm.hx[i], hd.ux);
    v4::store(&fm.hy[i], hd.uy);
    v4::store(&fm.vx[i], nvx);
    v4::store(&fm.vy[i], nvy);
    v4::store(&b.panic[i], panicNext);
    v4::store(&b.turn[i], turn);
    v4::store(&b.tailPhase[i], tail);
    v4::store(&fm.x[i], nx);
    v4::store(&fm.y[i], ny);
  }
  return i;
}

}  // namespace
#endif

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
  // One fish, scalar: the reference for every target (four-wide builds run four at a time below, the same bits).
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
    // S-SIM-5/6, S-ECO-4, S-SIM-15: per-fish cap, slower in the back layer, scaled by the gait (raised in a sprint
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
  // The RNG draws stay in id order, one per fish, ahead of the four-wide loop.
  for (int i = 0; i < n; ++i) draws[i] = rng.uniform();
  int i = 0;
  while ((i = integrate4(p, slot, pull, t, c, i, n, draws, m, b, clamps)) + 4 <=
         n) {  // a lane off the common path: these four one by one
    for (int j = i; j < i + 4; ++j) integrateFish(j, draws[j]);
    i += 4;
  }
  for (; i < n; ++i) integrateFish(i, draws[i]);
#else
  (void)draws;
  for (int i = 0; i < n; ++i) integrateFish(i, rng.uniform());
#endif
  return clamps;
}

}  // namespace mirofish
