// Pass 2's wide path (school_motion.cpp, its only includer): the motion of eight fish at a time, lane for lane the
// scalar integrateFish, as two fours side by side (simd4x2.h): the body is one long chain (a sine, square roots,
// divisions), and two fours' chains interleaved keep the core busy where one four's waits (docs/performance.md).
#pragma once

#include "base/det_math.h"
#include "base/simd4x2.h"
#include "sim/school.h"
#include "sim/school_step.h"
#include "sim/step_phases.h"

#if defined(MIROFISH_WIDE)
namespace mirofish {
namespace {
// Its own namespace: the ops' using-declarations would hide det_math.h's scalar normalizeOrZero from the scalar path.
namespace wide {

using V = v4::F2;
using v4::add;
using v4::any;
using v4::bnot;
using v4::bor;
using v4::both;
using v4::div;
using v4::ge;
using v4::gt;
using v4::hasBit;
using v4::laneBits;
using v4::lt;
using v4::mul;
using v4::neg;
using v4::normalizeOrZero;
using v4::sel;
using v4::splat;
using v4::sqrt;
using v4::sub;
using v4::toFloat;
using v4::toInt;
inline V clampv(V v, V lo, V hi) {  // clampf
  return sel(lt(v, lo), lo, sel(gt(v, hi), hi, v));
}

// wrapAngle's three common cases; `rare` collects lanes that need the scalar wrapAngle.
inline V wrap8(V a, V& rare) {
  const V twoPi = splat(kTwoPi), fourPi = splat(2 * kTwoPi), zero = splat(0.0f);
  const V in0 = both(ge(a, zero), lt(a, twoPi));
  const V in1 = both(ge(a, twoPi), lt(a, fourPi));
  const V in2 = both(lt(a, zero), ge(a, splat(-kTwoPi)));
  const V down = sub(a, twoPi), up = add(a, twoPi);
  rare = bor(rare, bnot(bor(in0, bor(in1, in2))));
  return sel(in0, a, sel(in1, sel(lt(down, twoPi), down, zero), sel(lt(up, twoPi), up, zero)));
}

// detSin for |angle| < 4096 (the callers pass wrapped angles in [0, 2pi)): the same reduction and polynomials.
inline V sin8(V angle) {
  const V qf = mul(angle, splat(0.636619772f));
  const auto q = toInt(sel(ge(qf, splat(0.0f)), add(qf, splat(0.5f)), sub(qf, splat(0.5f))));
  const V fq = toFloat(q);
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
  const V odd = hasBit(q, 1), negative = hasBit(q, 2);
  const V s = sel(odd, cp, sp);
  return sel(negative, neg(s), s);
}

// The steering force of fish i..i+7 (wander, current, points of interest, the smoothing ring, the force cap): the
// wander phase and this step's ring entry, which the caller stores once they stay on the common path.
struct Steer8 {
  V wp, rx, ry, fx, fy;
};
[[gnu::always_inline]] inline Steer8 steer8(const Params& p, int slot, const PondPull& pull, const FishTraits& ft,
                                            const FishCues& c, int i, const float* draws, const FishMotion& fm,
                                            const FishBehaviour& b, V& rare) {
  const V zero = splat(0.0f), one = splat(1.0f);
  Steer8 s;
  s.wp = wrap8(add(v4::load2(&b.wanderPhase[i]), mul(sub(v4::load2(draws + i), splat(0.5f)), splat(kWanderPhaseStep))),
               rare);
  const V ws = sin8(s.wp);
  const V hx = v4::load2(&fm.hx[i]), hy = v4::load2(&fm.hy[i]);
  const V wander = splat(float(p.wander) * float(p.maxForce));
  const V x = v4::load2(&fm.x[i]), y = v4::load2(&fm.y[i]);
  V cx = zero, cy = zero, px = zero, py = zero;
  if (pull.current > 0) {
    const V a = splat(pull.current), k = splat(pull.k);
    cx = mul(a, sin8(add(mul(k, y), splat(pull.phaseX))));
    cy = mul(a, sin8(add(mul(k, x), splat(pull.phaseY))));
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
    const V d = sqrt(best), inv = div(one, sel(gt(d, one), d, one));
    const V ring = clampv(mul(sub(d, splat(pull.hold)), splat(pull.invBand)), splat(-1.0f), one);
    const V k = mul(add(mul(splat(pull.weight), ring), mul(splat(pull.lone), v4::load2(&c.lone[i]))), inv);
    px = mul(bx, k);
    py = mul(by, k);
  }
  s.rx = add(add(add(v4::load2(&b.steerX[slot][i]), mul(mul(neg(hy), ws), wander)), cx), px);
  s.ry = add(add(add(v4::load2(&b.steerY[slot][i]), mul(mul(hx, ws), wander)), cy), py);

  const int slots = int(p.smoothing);
  V fx = zero, fy = zero;
  for (int k = 0; k < slots; ++k) {
    fx = add(fx, k == slot ? s.rx : v4::load2(&b.steerX[k][i]));
    fy = add(fy, k == slot ? s.ry : v4::load2(&b.steerY[k][i]));
  }
  const V invSlots = splat(1.0f / float(slots));
  fx = mul(fx, invSlots);
  fy = mul(fy, invSlots);
  const V fi = mul(splat(float(p.maxForce)), v4::load2(&ft.forceScale[i]));
  const V f2 = add(mul(fx, fx), mul(fy, fy));
  const V over = gt(f2, mul(fi, fi));
  const V k = div(fi, sqrt(f2));
  s.fx = sel(over, mul(fx, k), fx);
  s.fy = sel(over, mul(fy, k), fy);
  return s;
}

// The edge margin's push on the force and damping of outward velocity (S-SIM-7), eight lanes.
[[gnu::always_inline]] inline void edges8(const Params& p, V x, V y, V& fx, V& fy, V& vx, V& vy) {
  const float margin = float(p.edgeMargin), w = float(p.width), h = float(p.height);
  if (!(margin > 0)) return;
  const V zero = splat(0.0f), one = splat(1.0f), vdt = splat(kStepSeconds);
  const V m = splat(margin), edgeForce = splat(float(p.edgeForce)), edgeDamp = splat(float(p.edgeDamping));
  const V into[4] = {sub(m, x), sub(x, splat(w - margin)), sub(m, y), sub(y, splat(h - margin))};
  for (int side = 0; side < 4; ++side) {
    const V in = gt(into[side], zero);
    // No lane in this side's margin (nearly always: the attractor keeps the school off the walls): nothing changes.
    if (!any(in)) continue;
    const V t = div(into[side], m);
    const V push = mul(mul(edgeForce, t), t);
    const V damp = clampv(mul(mul(edgeDamp, t), vdt), zero, one);
    V& fc = side < 2 ? fx : fy;
    V& vc = side < 2 ? vx : vy;
    const V outward = (side & 1) ? gt(vc, zero) : lt(vc, zero);
    fc = sel(in, (side & 1) ? sub(fc, push) : add(fc, push), fc);
    vc = sel(both(in, outward), sub(vc, mul(vc, damp)), vc);
  }
}

// The new heading under the turn-rate limit: unit (ux, uy), the signed turn taken (cross) and how much of the
// limit it used (turnFrac); a still fish keeps its heading.
struct Heading8 {
  V ux, uy, cross, turnFrac;
};
[[gnu::always_inline]] inline Heading8 heading8(V hx, V hy, V vx, V vy, V speed, V cosT, V sinT) {
  const V zero = splat(0.0f), one = splat(1.0f);
  const V moving = gt(speed, splat(kStillSpeed));
  const V ux0 = div(vx, speed), uy0 = div(vy, speed);
  const V dot = add(mul(hx, ux0), mul(hy, uy0));
  const V cross0 = sub(mul(hx, uy0), mul(hy, ux0));
  const V sharp = lt(dot, cosT);
  const V sgn = sel(ge(cross0, zero), one, splat(-1.0f));
  // Turned by the limit: read only by lanes that turn sharply while moving (0.3-0.4 % of a formed school's fours,
  // counted when the pass went four wide).
  V uxT = ux0, uyT = uy0;
  if (any(both(moving, sharp))) {
    uxT = sub(mul(hx, cosT), mul(mul(sgn, hy), sinT));
    uyT = add(mul(hy, cosT), mul(mul(sgn, hx), sinT));
    normalizeOrZero(uxT, uyT);
  }
  const V absCross = sel(lt(cross0, zero), neg(cross0), cross0);
  const V softFrac = clampv(div(absCross, sinT), zero, one);
  return {sel(moving, sel(sharp, uxT, ux0), hx), sel(moving, sel(sharp, uyT, uy0), hy),
          sel(moving, sel(sharp, mul(sgn, sinT), cross0), zero), sel(moving, sel(sharp, one, softFrac), zero)};
}

// Pass 2 for fish i.. eight at a time, lane for lane moveFish's scalar integrateFish: every float operation in the same
// order, every branch a select of both sides (divisions in lanes that the scalar code skips are computed and dropped).
// Stops at the first group with a lane off the common path (an angle the scalar wrapAngle reduces the long way), having
// written nothing for them, and returns their first id (else where it stopped, n rounded down to 8s); the caller runs
// that group one by one and goes on. One call a step on the common path: the setup is paid once.
[[gnu::noinline]] int integrate8(const Params& p, int slot, const PondPull& pull, const FishTraits& ft,
                                 const FishCues& c, int i, int n, const float* draws, FishMotion& fm, FishBehaviour& b,
                                 uint64_t& clamps) {
  const float dt = kStepSeconds;
  const V vdt = splat(dt), zero = splat(0.0f), one = splat(1.0f);
  for (; i + 8 <= n; i += 8) {
    V rare = splat(0.0f);
    const Steer8 st = steer8(p, slot, pull, ft, c, i, draws, fm, b, rare);
    const V x = v4::load2(&fm.x[i]), y = v4::load2(&fm.y[i]);
    V fx = st.fx, fy = st.fy;
    V vx = v4::load2(&fm.vx[i]), vy = v4::load2(&fm.vy[i]);
    edges8(p, x, y, fx, fy, vx, vy);
    vx = add(vx, mul(fx, vdt));
    vy = add(vy, mul(fy, vdt));

    V speed = sqrt(add(mul(vx, vx), mul(vy, vy)));
    const Heading8 hd = heading8(v4::load2(&fm.hx[i]), v4::load2(&fm.hy[i]), vx, vy, speed, v4::load2(&b.turnCos[i]),
                                 v4::load2(&b.turnSin[i]));

    const V panicLeft = v4::load2(&b.panic[i]), capMul = v4::load2(&b.capMul[i]);
    const V depthSpeed = splat(float(p.depthSpeed));
    const V depthMul = add(depthSpeed, mul(sub(one, depthSpeed), v4::load2(&ft.depth[i])));
    const V vcap = mul(mul(mul(mul(splat(float(p.maxSpeed)), v4::load2(&ft.speedScale[i])), depthMul), capMul),
                       sub(one, mul(splat(float(p.turnSlowdown)), hd.turnFrac)));
    const V vmin = splat(float(p.minSpeed));
    const V floor = sel(lt(capMul, one), mul(vmin, capMul), vmin);
    const V vfloor = sel(lt(floor, vcap), floor, vcap);
    speed = clampv(speed, vfloor, vcap);
    const V nvx = mul(hd.ux, speed), nvy = mul(hd.uy, speed);
    const V panicNext = sel(gt(panicLeft, vdt), sub(panicLeft, vdt), zero);
    const V turn = add(mul(v4::load2(&b.turn[i]), splat(kTurnKeep)), mul(splat(kTurnTake), div(hd.cross, vdt)));

    const V rel = mul(speed, splat(1.0f / kTailRefSpeed));
    const V r2 = sqrt(rel), r8 = sqrt(sqrt(r2));
    const V beat = mul(mul(mul(mul(splat(kTwoPi * kTailHz), r2), r8), vdt), v4::load2(&b.tailMul[i]));
    const V tail = wrap8(add(add(v4::load2(&b.tailPhase[i]), beat), splat(kTailIdleRate * dt)), rare);
    if (any(rare)) return i;

    V nx = add(x, mul(nvx, vdt)), ny = add(y, mul(nvy, vdt));
    const V W = splat(float(p.width)), H = splat(float(p.height));
    const V out = bor(bor(lt(nx, zero), gt(nx, W)), bor(lt(ny, zero), gt(ny, H)));
    if (any(out)) {  // fallback clamp: never fires with sane parameters
      clamps += uint64_t(__builtin_popcount(unsigned(laneBits(out))));
      nx = sel(out, clampv(nx, zero, W), nx);
      ny = sel(out, clampv(ny, zero, H), ny);
    }
    v4::store2(&b.wanderPhase[i], st.wp);
    v4::store2(&b.steerX[slot][i], st.rx);
    v4::store2(&b.steerY[slot][i], st.ry);
    v4::store2(&fm.hx[i], hd.ux);
    v4::store2(&fm.hy[i], hd.uy);
    v4::store2(&fm.vx[i], nvx);
    v4::store2(&fm.vy[i], nvy);
    v4::store2(&b.panic[i], panicNext);
    v4::store2(&b.turn[i], turn);
    v4::store2(&b.tailPhase[i], tail);
    v4::store2(&fm.x[i], nx);
    v4::store2(&fm.y[i], ny);
  }
  return i;
}

}  // namespace wide
}  // namespace
}  // namespace mirofish
#endif  // MIROFISH_WIDE
