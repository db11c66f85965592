// One fixed step of the school: neighbour sums (order-independent), steering, turn-limited motion, soft walls.
#include "sim/school.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "sim/det_math.h"

// Four-wide neighbour scan and pass 2: wasm SIMD128 (-msimd128) or x86-64's baseline SSE2; elsewhere, or with
// -DMIROFISH_SCALAR (to check the two against each other), the scalar code.
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#if !defined(MIROFISH_SCALAR)
#define MIROFISH_WIDE 1
#endif
#elif defined(__SSE2__) && !defined(MIROFISH_SCALAR)
#include <emmintrin.h>
#define MIROFISH_WIDE 1
#endif

namespace mirofish {

struct ScanConfig {
  float rMax2, rSep2, rAli2, rCoh2, cosHalfFov, cosHalfFov2;
  bool fovOn;
  bool nearest;  // track the nearest distance (metrics)
  bool sparse;   // few candidates are neighbours (brute force)
};

namespace {

// Neighbour sums are accumulated in 64-bit fixed point: integer addition is associative, so a fish's
// result is the same whatever order its neighbours are visited in (grid == brute force, bit for bit).
constexpr float kFix = 1048576.0f;  // 2^20: ~1e-6 px resolution
constexpr size_t kScanPad = 4;
constexpr float kMaxTerm = 1.0e5f;  // per-neighbour clamp keeps every sum far from int64 overflow

inline int64_t fix(float v) {
  if (!(v == v)) return 0;  // 0 * inf from a denormal distance: no undefined conversion
  v = v > kMaxTerm ? kMaxTerm : (v < -kMaxTerm ? -kMaxTerm : v);
  return int64_t(v * kFix);
}
// For terms bounded by construction (velocities, offsets inside the radius): no clamp needed.
inline int64_t fixBounded(float v) { return int64_t(v * kFix); }
inline float unfix(int64_t v) { return float(double(v) * (1.0 / 1048576.0)); }

inline float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

// The step's fixed numbers (the tunable ones are parameters in params.h). Changing any changes the golden hashes.
constexpr float kCursorRadiusGrowth = 0.5f;       // -: a fast cursor's avoidance radius is up to 1.5x (S-INT-1)
constexpr float kCursorFullGrowthSpeed = 600.0f;  // px/s: cursor speed at which that growth is full
constexpr float kScareFalloff = 0.5f;             // -: the scare push halves at the radius, so edge fish still flee
constexpr float kWanderPhaseStep = 0.6f;          // rad/step: the wander phase's random walk, +-0.3 rad a step
constexpr float kStillSpeed = 1e-6f;              // px/s: below this a fish keeps its heading (no 0/0 direction)
constexpr float kTurnKeep = 0.85f;                // -: per-step smoothing of the body-bend turn rate (S-REN-7) ...
constexpr float kTurnTake = 0.15f;                // -: ... so the bend eases in over ~6 steps (0.1 s)
constexpr float kTailRefSpeed = 60.0f;            // px/s: the speed kTailHz is specified at (S-REN-6)
constexpr float kTailHz = 1.5f;                   // Hz: tail-beat frequency at kTailRefSpeed (S-REN-6)
constexpr float kTailIdleRate = 0.5f;             // rad/s: a still fish's tail still moves a little

// S-SIM-7 soft walls for one fish: the push grows quadratically inside the margin, and outward speed bleeds off.
// Depth into each margin; the divisions only run for fish inside one (most fish are in the open).
inline void softWalls(float xi, float yi, float w, float h, float margin, float edgeForce, float edgeDamp, float& fx,
                      float& fy, float& vx, float& vy) {
  const float dt = kStepSeconds;
  const float into[4] = {margin - xi, xi - (w - margin), margin - yi, yi - (h - margin)};
  for (int side = 0; side < 4; ++side) {
    if (!(into[side] > 0)) continue;
    const float t = into[side] / margin;
    const float push = edgeForce * t * t, damp = clampf(edgeDamp * t * dt, 0, 1);
    switch (side) {
      case 0:
        fx += push;
        if (vx < 0) vx -= vx * damp;
        break;
      case 1:
        fx -= push;
        if (vx > 0) vx -= vx * damp;
        break;
      case 2:
        fy += push;
        if (vy < 0) vy -= vy * damp;
        break;
      default:
        fy -= push;
        if (vy > 0) vy -= vy * damp;
        break;
    }
  }
}

struct Sums {
  int64_t sepX = 0, sepY = 0, aliX = 0, aliY = 0, cohX = 0, cohY = 0;
  int nSep = 0, nAli = 0, nCoh = 0;
  float minD2 = -1;
  uint64_t checks = 0;
};

// A candidate counts when it is inside the largest radius, not the fish itself or a coincident fish (d2 == 0,
// S-SIM-9, so no index comparison is needed), and not in the blind spot (S-SIM-12, decided without sqrt).
inline bool isNeighbour(const ScanConfig& c, float dx, float dy, float d2, float hxi, float hyi) {
  if (d2 >= c.rMax2 || d2 == 0.0f) return false;
  if (!c.fovOn) return true;
  float dot = hxi * dx + hyi * dy;
  return c.cosHalfFov <= 0 ? (dot >= 0 || dot * dot <= c.cosHalfFov2 * d2)
                           : (dot > 0 && dot * dot >= c.cosHalfFov2 * d2);
}

// The three rules' sums for one neighbour at offset (dx, dy) with velocity (vx, vy).
inline void addNeighbour(const ScanConfig& c, float dx, float dy, float d2, float vx, float vy, Sums& s) {
  if (s.minD2 < 0 || d2 < s.minD2) s.minD2 = d2;
  if (d2 < c.rSep2) {
    float inv = 1.0f / d2;  // (p - q) / d^2: steep near-field push (seeds/000 §2.1)
    s.sepX -= fix(dx * inv);
    s.sepY -= fix(dy * inv);
    ++s.nSep;
  }
  if (d2 < c.rAli2) {
    s.aliX += fixBounded(vx);
    s.aliY += fixBounded(vy);
    ++s.nAli;
  }
  if (d2 < c.rCoh2) {
    s.cohX += fixBounded(dx);  // relative positions: the centroid offset without large absolute sums
    s.cohY += fixBounded(dy);
    ++s.nCoh;
  }
}

#if !defined(MIROFISH_WIDE)
// Accumulates one contiguous run of candidates into the fish's sums.
inline void scanSpan(const ScanConfig& c, const float* X, const float* Y, const float* VX, const float* VY, int begin,
                     int end, float xi, float yi, float hxi, float hyi, Sums& s) {
  for (int k = begin; k < end; ++k) {
    float dx = X[k] - xi, dy = Y[k] - yi;
    float d2 = dx * dx + dy * dy;
    if (isNeighbour(c, dx, dy, d2, hxi, hyi)) addNeighbour(c, dx, dy, d2, VX[k], VY[k], s);
  }
}

#endif

#if defined(MIROFISH_WIDE)
// Four lanes of float (F), double pairs (D) and int32 (I): wasm SIMD128 or x86 SSE2, the same operations.
namespace v4 {
#if defined(__wasm_simd128__)
using F = v128_t;
using D = v128_t;
using I = v128_t;
inline F splat(float v) { return wasm_f32x4_splat(v); }
inline F load(const float* p) { return wasm_v128_load(p); }
inline void store(float* p, F v) { wasm_v128_store(p, v); }
inline F add(F a, F b) { return wasm_f32x4_add(a, b); }
inline F sub(F a, F b) { return wasm_f32x4_sub(a, b); }
inline F mul(F a, F b) { return wasm_f32x4_mul(a, b); }
inline F div(F a, F b) { return wasm_f32x4_div(a, b); }
inline F lt(F a, F b) { return wasm_f32x4_lt(a, b); }
inline F gt(F a, F b) { return wasm_f32x4_gt(a, b); }
inline F ge(F a, F b) { return wasm_f32x4_ge(a, b); }
inline F le(F a, F b) { return wasm_f32x4_le(a, b); }
inline F eq(F a, F b) { return wasm_f32x4_eq(a, b); }
inline F ne(F a, F b) { return wasm_f32x4_ne(a, b); }
inline F band(F a, F b) { return wasm_v128_and(a, b); }
inline F bor(F a, F b) { return wasm_v128_or(a, b); }
inline F sel(F mask, F a, F b) { return wasm_v128_bitselect(a, b, mask); }  // mask ? a : b, per lane
inline F neg(F a) { return wasm_f32x4_neg(a); }
inline F trunc(F a) { return wasm_f32x4_trunc(a); }
inline bool any(F mask) { return wasm_v128_any_true(mask); }
inline F firstLanes(int count) { return wasm_i32x4_lt(wasm_i32x4_make(0, 1, 2, 3), wasm_i32x4_splat(count)); }
inline D zeroD() { return wasm_f64x2_splat(0.0); }
inline void addWide(D& lanes01, D& lanes23, F t) {
  lanes01 = wasm_f64x2_add(lanes01, wasm_f64x2_promote_low_f32x4(t));
  lanes23 = wasm_f64x2_add(lanes23, wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(t, t, 2, 3, 2, 3)));
}
inline int64_t sumWide(D lanes01, D lanes23) {
  const D sum = wasm_f64x2_add(lanes01, lanes23);
  return int64_t(wasm_f64x2_extract_lane(sum, 0)) + int64_t(wasm_f64x2_extract_lane(sum, 1));
}
inline I zeroI() { return wasm_i32x4_splat(0); }
inline I countIn(I count, F mask) { return wasm_i32x4_sub(count, mask); }  // a set mask lane is -1
inline void storeI(int* out, I v) { wasm_v128_store(out, v); }
inline F sqrt(F a) { return wasm_f32x4_sqrt(a); }
inline F bnot(F a) { return wasm_v128_not(a); }
inline I toInt(F a) { return wasm_i32x4_trunc_sat_f32x4(a); }  // in range: truncation
inline F toFloat(I a) { return wasm_f32x4_convert_i32x4(a); }
inline F hasBit(I a, int bit) { return wasm_i32x4_eq(wasm_v128_and(a, wasm_i32x4_splat(bit)), wasm_i32x4_splat(bit)); }
inline int laneBits(F mask) { return int(wasm_i32x4_bitmask(mask)); }
#else
using F = __m128;
using D = __m128d;
using I = __m128i;
inline F splat(float v) { return _mm_set1_ps(v); }
inline F load(const float* p) { return _mm_loadu_ps(p); }
inline void store(float* p, F v) { _mm_storeu_ps(p, v); }
inline F add(F a, F b) { return _mm_add_ps(a, b); }
inline F sub(F a, F b) { return _mm_sub_ps(a, b); }
inline F mul(F a, F b) { return _mm_mul_ps(a, b); }
inline F div(F a, F b) { return _mm_div_ps(a, b); }
inline F lt(F a, F b) { return _mm_cmplt_ps(a, b); }
inline F gt(F a, F b) { return _mm_cmpgt_ps(a, b); }
inline F ge(F a, F b) { return _mm_cmpge_ps(a, b); }
inline F le(F a, F b) { return _mm_cmple_ps(a, b); }
inline F eq(F a, F b) { return _mm_cmpeq_ps(a, b); }
inline F ne(F a, F b) { return _mm_cmpneq_ps(a, b); }
inline F band(F a, F b) { return _mm_and_ps(a, b); }
inline F bor(F a, F b) { return _mm_or_ps(a, b); }
inline F sel(F mask, F a, F b) { return _mm_or_ps(_mm_and_ps(mask, a), _mm_andnot_ps(mask, b)); }
inline F neg(F a) { return _mm_xor_ps(a, _mm_set1_ps(-0.0f)); }
// Round toward zero without SSE4.1: |a| >= 2^23 is already an integer; below, the int32 round trip is exact.
inline F trunc(F a) {
  const F big = _mm_cmpge_ps(_mm_andnot_ps(_mm_set1_ps(-0.0f), a), _mm_set1_ps(8388608.0f));
  return sel(big, a, _mm_cvtepi32_ps(_mm_cvttps_epi32(a)));
}
inline bool any(F mask) { return _mm_movemask_ps(mask) != 0; }
inline F firstLanes(int count) {
  return _mm_castsi128_ps(_mm_cmplt_epi32(_mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(count)));
}
inline D zeroD() { return _mm_setzero_pd(); }
inline void addWide(D& lanes01, D& lanes23, F t) {
  lanes01 = _mm_add_pd(lanes01, _mm_cvtps_pd(t));
  lanes23 = _mm_add_pd(lanes23, _mm_cvtps_pd(_mm_movehl_ps(t, t)));
}
inline int64_t sumWide(D lanes01, D lanes23) {
  const D sum = _mm_add_pd(lanes01, lanes23);
  return int64_t(_mm_cvtsd_f64(sum)) + int64_t(_mm_cvtsd_f64(_mm_unpackhi_pd(sum, sum)));
}
inline I zeroI() { return _mm_setzero_si128(); }
inline I countIn(I count, F mask) { return _mm_sub_epi32(count, _mm_castps_si128(mask)); }
inline void storeI(int* out, I v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v); }
inline F sqrt(F a) { return _mm_sqrt_ps(a); }
inline F bnot(F a) { return _mm_xor_ps(a, _mm_castsi128_ps(_mm_set1_epi32(-1))); }
inline I toInt(F a) { return _mm_cvttps_epi32(a); }
inline F toFloat(I a) { return _mm_cvtepi32_ps(a); }
inline F hasBit(I a, int bit) {
  return _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(a, _mm_set1_epi32(bit)), _mm_set1_epi32(bit)));
}
inline int laneBits(F mask) { return _mm_movemask_ps(mask); }
#endif
}  // namespace v4

// The same scan four candidates at a time. Every lane computes exactly the scalar float expressions (no FMA,
// IEEE division), and each fixed-point term trunc(v * 2^20) is an integer-valued float (|v| < 2^17: separation
// terms are clamped to 1e5, offsets are inside the radius, speeds are capped), widened exactly to double and
// summed in f64 lanes. Sums of integers below 2^53 are exact in double whatever the order; the lanes are moved
// into the int64 sums at least every kFlushIters vectors (at most 256 terms of < 2^37 per lane), so the sums are
// the scalar ones bit for bit.
struct FixLanes {
  v4::D lanes01, lanes23;  // f64 sums of lanes 0,1 and 2,3
};
struct LaneSums {
  FixLanes sepX, sepY, aliX, aliY, cohX, cohY;
  v4::I nSep, nAli, nCoh;
  v4::F minD2;
  int iters;
};
constexpr int kFlushIters = 256;

// Adds trunc(v * 2^20) per lane (v * 2^20 is exact: a power-of-two scale; trunc of a float is a float).
inline void addFix(FixLanes& a, v4::F v) { v4::addWide(a.lanes01, a.lanes23, v4::trunc(v4::mul(v, v4::splat(kFix)))); }
// Adds a term already scaled and truncated (an integer-valued float).
inline void addTrunc(FixLanes& a, v4::F t) { v4::addWide(a.lanes01, a.lanes23, t); }
inline int64_t drain(FixLanes& a) {
  const int64_t sum = v4::sumWide(a.lanes01, a.lanes23);  // integers < 2^53: exact
  a.lanes01 = a.lanes23 = v4::zeroD();
  return sum;
}
inline int hsum32(v4::I v) {
  int lanes[4];
  v4::storeI(lanes, v);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}
inline void resetLanes(LaneSums& L) {
  const v4::D zd = v4::zeroD();
  L.sepX = L.sepY = L.aliX = L.aliY = L.cohX = L.cohY = FixLanes{zd, zd};
  L.nSep = L.nAli = L.nCoh = v4::zeroI();
  L.minD2 = v4::splat(3.0e38f);
  L.iters = 0;
}
// Moves the lane sums into the fish's int64 sums (exact integer additions: any grouping gives the same bits).
inline void drainLanes(LaneSums& L, Sums& s) {
  s.sepX += drain(L.sepX);
  s.sepY += drain(L.sepY);
  s.aliX += drain(L.aliX);
  s.aliY += drain(L.aliY);
  s.cohX += drain(L.cohX);
  s.cohY += drain(L.cohY);
  s.nSep += hsum32(L.nSep);
  s.nAli += hsum32(L.nAli);
  s.nCoh += hsum32(L.nCoh);
  L.nSep = L.nAli = L.nCoh = v4::zeroI();
  float lanes[4];
  v4::store(lanes, L.minD2);
  float m = 3.0e38f;
  for (float v : lanes) m = v < m ? v : m;
  if (m < 3.0e38f && (s.minD2 < 0 || m < s.minD2)) s.minD2 = m;
  L.minD2 = v4::splat(3.0e38f);
  L.iters = 0;
}

// Reads up to 3 floats past `end`: the candidate arrays carry that padding (the extra lanes are masked off).
// TVX/TVY hold each candidate's alignment term trunc(v * 2^20), computed once per step.
inline void scanSpanWide(const ScanConfig& c, const float* X, const float* Y, const float* TVX, const float* TVY,
                         int begin, int end, float xi, float yi, float hxi, float hyi, LaneSums& L, Sums& s) {
  using namespace v4;
  const F vxi = splat(xi), vyi = splat(yi);
  const F rMax2 = splat(c.rMax2), rSep2 = splat(c.rSep2), rAli2 = splat(c.rAli2), rCoh2 = splat(c.rCoh2);
  const F zero = splat(0.0f), one = splat(1.0f), maxTerm = splat(kMaxTerm), minTerm = splat(-kMaxTerm);
  const F vhx = splat(hxi), vhy = splat(hyi), cos2 = splat(c.cosHalfFov2);
  for (int k = begin; k < end; k += 4) {
    const F dx = sub(load(X + k), vxi);
    const F dy = sub(load(Y + k), vyi);
    const F d2 = add(mul(dx, dx), mul(dy, dy));
    F ok = band(firstLanes(end - k), band(lt(d2, rMax2), ne(d2, zero)));
    if (c.fovOn) {  // the blind spot, as isNeighbour decides it
      const F dot = add(mul(vhx, dx), mul(vhy, dy));
      const F dd = mul(dot, dot), cd = mul(cos2, d2);
      ok = band(ok, c.cosHalfFov <= 0 ? bor(ge(dot, zero), le(dd, cd)) : band(gt(dot, zero), ge(dd, cd)));
    }
    // Brute force: nearly every candidate is far away, so skipping empty vectors pays; in the grid's 3x3 cells
    // a third or more are neighbours and the branch costs more than it saves (measured).
    if (c.sparse && !any(ok)) continue;
    const F mSep = band(ok, lt(d2, rSep2));
    const F mAli = band(ok, lt(d2, rAli2));
    const F mCoh = band(ok, lt(d2, rCoh2));
    if (c.nearest) L.minD2 = sel(band(ok, lt(d2, L.minD2)), d2, L.minD2);
    if (any(mSep)) {
      const F inv = div(one, d2);
      F tx = mul(dx, inv), ty = mul(dy, inv);
      // fix(): NaN -> 0, then the clamp to +-kMaxTerm
      tx = band(tx, eq(tx, tx));
      ty = band(ty, eq(ty, ty));
      tx = sel(gt(tx, maxTerm), maxTerm, sel(lt(tx, minTerm), minTerm, tx));
      ty = sel(gt(ty, maxTerm), maxTerm, sel(lt(ty, minTerm), minTerm, ty));
      addFix(L.sepX, band(neg(tx), mSep));  // sep -= fix(t) == sep += fix(-t)
      addFix(L.sepY, band(neg(ty), mSep));
      L.nSep = countIn(L.nSep, mSep);
    }
    addTrunc(L.aliX, band(load(TVX + k), mAli));
    addTrunc(L.aliY, band(load(TVY + k), mAli));
    addFix(L.cohX, band(dx, mCoh));
    addFix(L.cohY, band(dy, mCoh));
    L.nAli = countIn(L.nAli, mAli);
    L.nCoh = countIn(L.nCoh, mCoh);
    if (++L.iters == kFlushIters) drainLanes(L, s);
  }
}
#endif

// With a neighbour cap, the run's neighbours are only collected; the nearest `cap` (ties by fish id) count,
// so the result does not depend on the order the search visits them in.
inline void collectSpan(const ScanConfig& c, const float* X, const float* Y, const int* ids, int begin, int end,
                        float xi, float yi, float hxi, float hyi, std::vector<CapCandidate>& out) {
  for (int k = begin; k < end; ++k) {
    float dx = X[k] - xi, dy = Y[k] - yi;
    float d2 = dx * dx + dy * dy;
    if (isNeighbour(c, dx, dy, d2, hxi, hyi)) out.push_back({d2, ids ? ids[k] : k, k});
  }
}

}  // namespace

School::School(const Params& params) {
  params_ = withinRange(params);  // the constructor trusts its caller no more than setParams does
  rng_.reseed(uint64_t(params_.seed));
  derive();
  resize(int(params_.fish));
}

void School::derive() {
  const Params& p = params_;
  float rs = float(p.sepRadius), ra = float(p.aliRadius), rc = float(p.cohRadius);
  d_.rSep2 = rs * rs;
  d_.rAli2 = ra * ra;
  d_.rCoh2 = rc * rc;
  d_.rMax = rs > ra ? (rs > rc ? rs : rc) : (ra > rc ? ra : rc);
  d_.fovOn = p.fov < 360.0;
  d_.cosHalfFov = detCos(float(p.fov) * 0.5f * (kPi / 180.0f));
  float maxTurn = float(p.turnRate) * kStepSeconds;
  d_.cosTurn = detCos(maxTurn);
  d_.sinTurn = detSin(maxTurn);
  float tau = float(p.pointerSmoothing);
  d_.cursorAlpha = kStepSeconds / (tau + kStepSeconds);  // implicit Euler of the 0.12 s follow
  grid_.configure(float(p.width), float(p.height), d_.rMax);
}

void School::setParams(const Params& unchecked) {
  const Params params = withinRange(unchecked);
  bool reseed = params.seed != params_.seed;
  if (reseed || params.width != params_.width || params.height != params_.height) resetCoverage();
  params_ = params;
  derive();
  if (reseed) {  // a new seed is a new school
    rng_.reseed(uint64_t(params_.seed));
    fish_.count = 0;
    stepCount_ = 0;
    history_.reset();
  }
  resize(int(params_.fish));
}

void School::resize(int n) {
  if (n < 0) n = 0;
  fish_.reserveFor(n);
  if (sortedX_.size() < size_t(fish_.capacity) + kScanPad) {
    // kScanPad floats of padding: the 4-wide scan reads up to 3 past a run's end (masked off).
    for (auto* v : {&sortedX_, &sortedY_, &sortedVX_, &sortedVY_, &sortedHX_, &sortedHY_, &sortedPanic_, &sortedForce_,
                    &sortedFX_, &sortedFY_, &sortedTVX_, &sortedTVY_})
      v->resize(size_t(fish_.capacity) + kScanPad, 0.0f);
    capBuffer_.reserve(size_t(fish_.capacity));
    rngDraws_.resize(size_t(fish_.capacity));  // a fish can have at most every other fish as a candidate
    groupParent_.resize(size_t(fish_.capacity));
  }
  for (int i = fish_.count; i < n; ++i) spawn(i);
  fish_.count = n;
}

void School::spawn(int i) {
  const Params& p = params_;
  FishArrays& f = fish_;
  float w = float(p.width), h = float(p.height);
  float m = float(p.edgeMargin);
  float mx = w > 4 * m ? m : 0, my = h > 4 * m ? m : 0;
  f.x[i] = rng_.range(mx, w - mx);
  f.y[i] = rng_.range(my, h - my);
  float s, c;
  detSinCos(rng_.uniform() * kTwoPi, &s, &c);
  f.hx[i] = c;
  f.hy[i] = s;
  float vary = float(p.variation);
  f.speedScale[i] = 1.0f + vary * (2.0f * rng_.uniform() - 1.0f);
  f.forceScale[i] = 1.0f + 2.0f * vary * (2.0f * rng_.uniform() - 1.0f);
  float speed = float(p.maxSpeed) * f.speedScale[i] * rng_.range(0.5f, 1.0f);
  f.vx[i] = c * speed;
  f.vy[i] = s * speed;
  f.depth[i] = rng_.uniform();
  f.pattern[i] = rng_.next();
  f.tailPhase[i] = rng_.uniform() * kTwoPi;
  f.wanderPhase[i] = rng_.uniform() * kTwoPi;
  f.turn[i] = 0;
  f.panic[i] = 0;
  for (int k = 0; k < kMaxSmoothing; ++k) {
    f.steerX[k][i] = 0;
    f.steerY[k][i] = 0;
  }
}

void School::setPointer(bool present, float x, float y) {
  if (!std::isfinite(x) || !std::isfinite(y)) present = false;  // NaN and +-inf never reach the state
  pointerPresent_ = present;
  pointerX_ = x;
  pointerY_ = y;
}

void School::scare(float x, float y) {
  if (!std::isfinite(x) || !std::isfinite(y)) return;
  int slot = 0;  // reuse the slot closest to expiring
  for (int k = 1; k < kMaxScares; ++k)
    if (scares_[k].timeLeft < scares_[slot].timeLeft) slot = k;
  scares_[slot] = {x, y, float(params_.scareTime)};
}

void School::steps(int n) {
  for (int k = 0; k < n; ++k) step();
}

// One step, phase by phase. Every phase reads the previous state where the rules say so (pass 1 reads the copies
// made by bucketFish; pass 2 writes the fish arrays), so the phases run in this order and no other.
void School::step() {
  const int slots = int(params_.smoothing);
  const int slot = int(stepCount_ % uint64_t(slots));
  float* ringX = fish_.steerX[slot].data();  // this step's steering slot, in id order
  float* ringY = fish_.steerY[slot].data();
  // Brute force visits in id order and writes the ring directly; the grid writes in cell order, scattered after.
  float* outX = bruteForce_ ? ringX : sortedFX_.data();
  float* outY = bruteForce_ ? ringY : sortedFY_.data();

  updateCursor();
  bucketFish();
  StepTotals totals = steerFromNeighbours(outX, outY);
  fleePointerAndScares(outX, outY);
  if (!bruteForce_) scatterSteering(ringX, ringY);
  moveFish(ringX, ringY, slots);
  ageScares();

  ++stepCount_;
  lastChecks_ = totals.checks;
  checkFinite();
  if (metricsOn_) computeMetrics(totals);
}

// Virtual cursor (S-INT-1): follows the raw pointer with a ~0.12 s lag; the radius grows with its speed.
void School::updateCursor() {
  if (!pointerPresent_) {
    cursorActive_ = false;
    return;
  }
  if (!cursorActive_) {
    cursorActive_ = true;
    cursorX_ = pointerX_;
    cursorY_ = pointerY_;
  }
  float dx = (pointerX_ - cursorX_) * d_.cursorAlpha, dy = (pointerY_ - cursorY_) * d_.cursorAlpha;
  cursorX_ += dx;
  cursorY_ += dy;
  float speed = detSqrt(dx * dx + dy * dy) / kStepSeconds;
  cursorRadius_ =
      float(params_.pointerRadius) * (1.0f + kCursorRadiusGrowth * clampf(speed / kCursorFullGrowthSpeed, 0.0f, 1.0f));
}

// Counting-sort grid, then padded copies of the fish in cell order (id order for brute force), so a 3x3 scan
// walks three contiguous runs and every per-fish read in pass 1 is sequential.
void School::bucketFish() {
  const FishArrays& f = fish_;
  const int n = f.count;
  if (!bruteForce_) {
    grid_.build(f.x.data(), f.y.data(), n);
    const int* order = grid_.order();
    for (int k = 0; k < n; ++k) {
      int j = order[k];
      sortedX_[k] = f.x[j];
      sortedY_[k] = f.y[j];
      sortedVX_[k] = f.vx[j];
      sortedVY_[k] = f.vy[j];
      sortedHX_[k] = f.hx[j];
      sortedHY_[k] = f.hy[j];
      sortedPanic_[k] = f.panic[j];
      sortedForce_[k] = f.forceScale[j];
    }
  } else {
    auto copyN = [n](const std::vector<float>& from, std::vector<float>& to) {
      std::copy(from.begin(), from.begin() + n, to.begin());
    };
    copyN(f.x, sortedX_);
    copyN(f.y, sortedY_);
    copyN(f.vx, sortedVX_);
    copyN(f.vy, sortedVY_);
    copyN(f.hx, sortedHX_);
    copyN(f.hy, sortedHY_);
    copyN(f.panic, sortedPanic_);
    copyN(f.forceScale, sortedForce_);
  }
}

// Cell-order steering back into the ring slot, in id order.
void School::scatterSteering(float* ringX, float* ringY) {
  const int n = fish_.count;
  const int* order = grid_.order();
  for (int k = 0; k < n; ++k) {
    ringX[order[k]] = sortedFX_[k];
    ringY[order[k]] = sortedFY_[k];
  }
}

void School::ageScares() {
  for (Scare& sc : scares_)
    if (sc.timeLeft > 0) sc.timeLeft -= kStepSeconds;
}

// S-SIM-9 debug check: the first non-finite value, with its fish and step.
void School::checkFinite() {
  if (badFish_ >= 0) return;
  const FishArrays& f = fish_;
  for (int i = 0; i < f.count; ++i) {
    float sum = f.x[i] + f.y[i] + f.vx[i] + f.vy[i];
    if (!(sum - sum == 0)) {
      badFish_ = i;
      badStep_ = stepCount_;
      break;
    }
  }
}

// S-DEV-4: the step's metrics from pass 1's totals and the new state.
void School::computeMetrics(const StepTotals& t) {
  const FishArrays& f = fish_;
  const Params& p = params_;
  const int n = f.count;
  StepMetrics& m = metrics_;
  m.step = stepCount_;
  m.distanceChecks = t.checks;
  m.avgNeighbours = n ? float(t.sumNeighbours / n) : 0;
  m.minDistance = t.minD2 >= 0 ? detSqrt(t.minD2) : -1;
  m.meanNearest = t.nearestCount ? float(t.sumNearest / t.nearestCount) : 0;
  m.localPolarization = t.localPolCount ? float(t.sumLocalPol / t.localPolCount) : 0;
  double cx = 0, cy = 0, hxs = 0, hys = 0;
  for (int i = 0; i < n; ++i) {
    cx += f.x[i];
    cy += f.y[i];
    hxs += f.hx[i];
    hys += f.hy[i];
  }
  if (n) {
    cx /= n;
    cy /= n;
  }
  double mill = 0;
  for (int i = 0; i < n; ++i) {
    float rx = float(f.x[i] - cx), ry = float(f.y[i] - cy);
    normalizeOrZero(rx, ry);
    mill += double(rx * f.hy[i] - ry * f.hx[i]);
  }
  m.centroidX = float(cx);
  m.centroidY = float(cy);
  m.polarization = n ? float(detSqrt(float(hxs * hxs + hys * hys)) / float(n)) : 0;
  m.milling = n ? float((mill < 0 ? -mill : mill) / n) : 0;
  float uniform =
      n > 1 ? float(double(n - 1) * 3.14159265358979 * p.cohRadius * p.cohRadius / (p.width * p.height)) : 0;
  m.state = history_.push(m.avgNeighbours, uniform);
  m.groups = countGroups();
  m.coverage = updateCoverage();
}

// Connected components over the links "closer than the cohesion radius", on the positions after the step: the
// grid is rebuilt on them (its cells are at least the cohesion radius, so the 3x3 cells hold every link), each
// pair is tested once from its lower cell-order slot, and union-find merges (root = the lower slot). The count
// does not depend on the visiting order, so grid and brute force agree.
int School::countGroups() {
  const FishArrays& f = fish_;
  const int n = f.count;
  if (n == 0) return 0;
  grid_.build(f.x.data(), f.y.data(), n);  // the next step rebuilds it anyway
  const int* order = grid_.order();
  float* X = sortedX_.data();  // free until the next step's bucketFish
  float* Y = sortedY_.data();
  int* parent = groupParent_.data();
  for (int k = 0; k < n; ++k) {
    X[k] = f.x[order[k]];
    Y[k] = f.y[order[k]];
    parent[k] = k;
  }
  auto root = [parent](int a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];  // path halving
    return a;
  };
  const float r2 = d_.rCoh2;
  const int cols = grid_.cols(), rows = grid_.rows();
  const int* start = grid_.cellStart();
  int groups = n;
  for (int cy = 0; cy < rows; ++cy)
    for (int cx = 0; cx < cols; ++cx) {
      const int cell = cy * cols + cx;
      const int first = start[cell], last = start[cell + 1];
      if (first == last) continue;
      const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx + 1 < cols ? cx + 1 : cols - 1;
      const int y0 = cy > 0 ? cy - 1 : 0, y1 = cy + 1 < rows ? cy + 1 : rows - 1;
      for (int k = first; k < last; ++k)
        for (int gy = y0; gy <= y1; ++gy) {
          const int begin = start[gy * cols + x0], end = start[gy * cols + x1 + 1];
          for (int j = begin > k ? begin : k + 1; j < end; ++j) {
            const float dx = X[j] - X[k], dy = Y[j] - Y[k];
            if (!(dx * dx + dy * dy < r2)) continue;
            const int a = root(k), b = root(j);
            if (a == b) continue;
            parent[a > b ? a : b] = a < b ? a : b;
            --groups;
          }
        }
    }
  return groups;
}

// Marks the coverage cell of every fish with this step, then counts the cells marked within the window.
float School::updateCoverage() {
  const FishArrays& f = fish_;
  const float sx = float(kCoverageCols) / float(params_.width), sy = float(kCoverageRows) / float(params_.height);
  for (int i = 0; i < f.count; ++i) {
    // Clamped in float, as NeighbourGrid::cellOf: positions on or past an edge land in the border cells.
    const float fx = f.x[i] * sx, fy = f.y[i] * sy;
    const int cx = fx > 0 ? (fx < float(kCoverageCols - 1) ? int(fx) : kCoverageCols - 1) : 0;
    const int cy = fy > 0 ? (fy < float(kCoverageRows - 1) ? int(fy) : kCoverageRows - 1) : 0;
    coverageLast_[cy * kCoverageCols + cx] = stepCount_;
  }
  int visited = 0;
  for (uint64_t last : coverageLast_)
    if (last != 0 && stepCount_ - last < kCoverageWindowSteps) ++visited;
  return float(visited) / float(kCoverageCells);
}

void School::resetCoverage() {
  for (uint64_t& last : coverageLast_) last = 0;
}

// Pass 1: neighbour sums and the three rules' steering of every fish (S-SIM-1, S-INT-2), written in the visiting
// order; reads the previous state only (the copies bucketFish made).
[[gnu::noinline]] School::StepTotals School::steerFromNeighbours(float* outX, float* outY) {
  const Params& p = params_;
  const int n = fish_.count;
  const int cap = int(p.neighbourCap);
  const float fmax = float(p.maxForce);
  const float wSep = float(p.sepWeight), wAli = float(p.aliWeight), wCoh = float(p.cohWeight);
  const float panicCoh = float(p.panicCohesion);
  const float* X = sortedX_.data();
  const float* Y = sortedY_.data();
  const float* VX = sortedVX_.data();
  const float* VY = sortedVY_.data();
  const ScanConfig scan{d_.rMax * d_.rMax, d_.rSep2,      d_.rAli2,
                        d_.rCoh2,          d_.cosHalfFov, d_.cosHalfFov * d_.cosHalfFov,
                        d_.fovOn,          metricsOn_,    bruteForce_};
  const int* sortedIds = bruteForce_ ? nullptr : grid_.order();
  uint64_t checks = 0;
  float minD2 = -1;
  double sumNeighbours = 0, sumLocalPol = 0, sumNearest = 0;
  int localPolCount = 0, nearestCount = 0;
  // Each fish reads the previous state only and writes its raw steering force. Fish are visited cell by cell
  // in the counting-sort order: a cell's fish share one 3x3 neighbourhood (three row spans: cells in a row are
  // contiguous in that order), and every per-fish input and output is a sequential read or write of a copy in
  // that order (gathered and scattered in tight loops in step()).
  const float* HX = sortedHX_.data();
  const float* HY = sortedHY_.data();
  const float* PANIC = sortedPanic_.data();
  const float* FORCE = sortedForce_.data();
#if defined(MIROFISH_WIDE)
  // Alignment terms trunc(v * 2^20) of every candidate, once per step instead of once per pair.
  float* tvx = sortedTVX_.data();
  float* tvy = sortedTVY_.data();
  for (int k = 0; k < n; k += 4) {
    v4::store(tvx + k, v4::trunc(v4::mul(v4::load(VX + k), v4::splat(kFix))));
    v4::store(tvy + k, v4::trunc(v4::mul(v4::load(VY + k), v4::splat(kFix))));
  }
  const float* TVX = tvx;
  const float* TVY = tvy;
#endif
  const int cols = grid_.cols(), rows = grid_.rows();
  const int* start = grid_.cellStart();
  // Brute force is one pseudo-cell holding every fish, with one run of all of them as its candidates.
  const int cellRows = bruteForce_ ? 1 : rows, cellCols = bruteForce_ ? 1 : cols;
  for (int cy = 0; cy < cellRows; ++cy)
    for (int cx = 0; cx < cellCols; ++cx) {
      // Candidate runs: everything for brute force; the 3x3 cells as three row spans for the grid.
      int spanBegin[3] = {0, 0, 0}, spanEnd[3] = {n, 0, 0}, spans = 1;
      int first = 0, last = n;
      if (!bruteForce_) {
        const int cell = cy * cols + cx;
        first = start[cell];
        last = start[cell + 1];
        if (first == last) continue;
        const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx + 1 < cols ? cx + 1 : cols - 1;
        const int y0 = cy > 0 ? cy - 1 : 0, y1 = cy + 1 < rows ? cy + 1 : rows - 1;
        spans = 0;
        for (int gy = y0; gy <= y1; ++gy, ++spans) {
          spanBegin[spans] = start[gy * cols + x0];
          spanEnd[spans] = start[gy * cols + x1 + 1];
        }
      }
      for (int oi = first; oi < last; ++oi) {
        const float xi = X[oi], yi = Y[oi], hxi = HX[oi], hyi = HY[oi];
        Sums s;
#if defined(MIROFISH_WIDE)
        LaneSums lanes;
        resetLanes(lanes);
#endif
        capBuffer_.clear();
        int candidates = 0;
        for (int r = 0; r < spans; ++r) {
          candidates += spanEnd[r] - spanBegin[r];
          if (cap > 0)
            collectSpan(scan, X, Y, sortedIds, spanBegin[r], spanEnd[r], xi, yi, hxi, hyi, capBuffer_);
          else
#if defined(MIROFISH_WIDE)
            scanSpanWide(scan, X, Y, TVX, TVY, spanBegin[r], spanEnd[r], xi, yi, hxi, hyi, lanes, s);
#else
            scanSpan(scan, X, Y, VX, VY, spanBegin[r], spanEnd[r], xi, yi, hxi, hyi, s);
#endif
        }
#if defined(MIROFISH_WIDE)
        if (cap <= 0) drainLanes(lanes, s);
#endif
        if (cap > 0) {  // S-SIM scaling guard: only the nearest `cap` neighbours count
          auto nearer = [](const CapCandidate& a, const CapCandidate& b) {
            return a.d2 < b.d2 || (a.d2 == b.d2 && a.id < b.id);
          };
          size_t keep = capBuffer_.size() < size_t(cap) ? capBuffer_.size() : size_t(cap);
          if (keep < capBuffer_.size())
            std::nth_element(capBuffer_.begin(), capBuffer_.begin() + long(keep), capBuffer_.end(), nearer);
          for (size_t q = 0; q < keep; ++q) {
            const CapCandidate& cand = capBuffer_[q];
            addNeighbour(scan, X[cand.slot] - xi, Y[cand.slot] - yi, cand.d2, VX[cand.slot], VY[cand.slot], s);
          }
        }
        s.checks = uint64_t(candidates - 1);  // every candidate but the fish itself
        checks += s.checks;

        // S-SIM-1: each rule normalized, then weighted.
        float ax = 0, ay = 0;
        const bool panicked = PANIC[oi] > 0;
        if (s.nSep) {
          float vx = unfix(s.sepX), vy = unfix(s.sepY);
          normalizeOrZero(vx, vy);
          ax += vx * wSep;
          ay += vy * wSep;
        }
        if (s.nAli) {
          float vx = unfix(s.aliX), vy = unfix(s.aliY);
          normalizeOrZero(vx, vy);
          ax += vx * wAli;
          ay += vy * wAli;
          sumLocalPol += double(vx * hxi + vy * hyi);
          ++localPolCount;
        }
        if (s.nCoh) {
          float vx = unfix(s.cohX), vy = unfix(s.cohY);
          normalizeOrZero(vx, vy);
          float wc = panicked ? wCoh * panicCoh : wCoh;  // S-INT-2: a panicked fish leaves the school for a moment
          ax += vx * wc;
          ay += vy * wc;
        }
        const float fi = fmax * FORCE[oi];
        float fx = ax * fi, fy = ay * fi;

        outX[oi] = fx;
        outY[oi] = fy;

        if (metricsOn_) {
          sumNeighbours += s.nCoh;
          if (s.minD2 >= 0) {
            if (minD2 < 0 || s.minD2 < minD2) minD2 = s.minD2;
            sumNearest += double(detSqrt(s.minD2));
            ++nearestCount;
          }
        }
      }
    }

  StepTotals t;
  t.checks = checks;
  t.minD2 = minD2;
  t.sumNeighbours = sumNeighbours;
  t.sumLocalPol = sumLocalPol;
  t.sumNearest = sumNearest;
  t.localPolCount = localPolCount;
  t.nearestCount = nearestCount;
  return t;
}

// S-INT-1 pointer and S-INT-3 scares: added to pass 1's steering (same visiting order) of the fish they reach,
// which panic (S-INT-2). With no cursor and no live scare (the usual step) this phase is skipped.
void School::fleePointerAndScares(float* outX, float* outY) {
  int activeScares = 0;  // scares_ prefix that can hold a live scare
  for (int k = 0; k < kMaxScares; ++k)
    if (scares_[k].timeLeft > 0) activeScares = k + 1;
  if (!cursorActive_ && activeScares == 0) return;
  const Params& p = params_;
  const int n = fish_.count;
  const float fmax = float(p.maxForce), panicTime = float(p.panicTime);
  const float* X = sortedX_.data();
  const float* Y = sortedY_.data();
  const int* sortedIds = bruteForce_ ? nullptr : grid_.order();
  float* panic = fish_.panic.data();
  for (int oi = 0; oi < n; ++oi) {
    const int i = sortedIds ? sortedIds[oi] : oi;
    const float xi = X[oi], yi = Y[oi];
    float fx = outX[oi], fy = outY[oi];
    // Gentle repulsion that fades to zero at the radius (strong repulsion makes a jittering donut).
    if (cursorActive_) {
      float dx = xi - cursorX_, dy = yi - cursorY_;
      float d2 = dx * dx + dy * dy;
      float r = cursorRadius_;
      if (d2 < r * r) {
        float d = detSqrt(d2);
        normalizeOrZero(dx, dy);
        float k = float(p.pointerWeight) * fmax * (1.0f - d / r);
        fx += dx * k;
        fy += dy * k;
        panic[i] = panicTime;
      }
    }
    // Flee within the radius while the fear source lasts; still kScareEdgeShare of the push at the radius.
    for (int si = 0; si < activeScares; ++si) {
      const Scare& sc = scares_[si];
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
        panic[i] = panicTime;
      }
    }
    outX[oi] = fx;
    outY[oi] = fy;
  }
}

// Pass 2: each fish moves on its own state: wander, steering smoothed and clamped, soft walls, turn-rate limit,
// speed cap, tail beat, position (and the fallback clamp). RNG draws happen here, in id order.
[[gnu::noinline]] void School::moveFish(float* ringX, float* ringY, int slots) {
  FishArrays& f = fish_;
  const Params& p = params_;
  const int n = f.count;
  const float fmax = float(p.maxForce);
  const float w = float(p.width), h = float(p.height), margin = float(p.edgeMargin);
  const float dt = kStepSeconds;
  const float wander = float(p.wander) * fmax;
  const float vmin = float(p.minSpeed), vmax = float(p.maxSpeed);
  const float panicSpeed = float(p.panicSpeed), turnSlow = float(p.turnSlowdown);
  const float edgeDamp = float(p.edgeDamping), edgeForce = float(p.edgeForce);
  const float invSlots = 1.0f / float(slots);
  const float* ringSlotsX[kMaxSmoothing];
  const float* ringSlotsY[kMaxSmoothing];
  for (int k = 0; k < slots; ++k) {
    ringSlotsX[k] = f.steerX[k].data();
    ringSlotsY[k] = f.steerY[k].data();
  }
  // One fish, scalar: the reference for every target (four-wide builds run four at a time below, the same bits).
  auto integrateFish = [&](int i, float u) {
    // S-SIM-14 wander: a slowly drifting side force, the noise smoothed by its phase.
    f.wanderPhase[i] = wrapAngle(f.wanderPhase[i] + (u - 0.5f) * kWanderPhaseStep);
    float ws = detSin(f.wanderPhase[i]);
    float hx = f.hx[i], hy = f.hy[i];
    ringX[i] += -hy * ws * wander;
    ringY[i] += hx * ws * wander;

    // S-SIM-4 anti-jitter: average the ring, then clamp to this fish's force limit.
    float fx = 0, fy = 0;
    for (int k = 0; k < slots; ++k) {
      fx += ringSlotsX[k][i];
      fy += ringSlotsY[k][i];
    }
    fx *= invSlots;
    fy *= invSlots;
    const float fi = fmax * f.forceScale[i];
    float f2 = fx * fx + fy * fy;
    if (f2 > fi * fi) {
      float k = fi / detSqrt(f2);
      fx *= k;
      fy *= k;
    }

    // S-SIM-7 soft walls, added after the clamp so the school's own steering can never drown them.
    float vx = f.vx[i], vy = f.vy[i];
    if (margin > 0) softWalls(f.x[i], f.y[i], w, h, margin, edgeForce, edgeDamp, fx, fy, vx, vy);
    vx += fx * dt;
    vy += fy * dt;

    // S-SIM-3 turn-rate limit, on the heading unit vector: no atan2, one precomputed sin/cos.
    float speed = detSqrt(vx * vx + vy * vy);
    float ux = hx, uy = hy, turnFrac = 0, cross = 0;
    if (speed > kStillSpeed) {
      ux = vx / speed;
      uy = vy / speed;
      float dot = hx * ux + hy * uy;
      cross = hx * uy - hy * ux;
      if (dot < d_.cosTurn) {
        float sgn = cross >= 0 ? 1.0f : -1.0f;
        ux = hx * d_.cosTurn - sgn * hy * d_.sinTurn;
        uy = hy * d_.cosTurn + sgn * hx * d_.sinTurn;
        normalizeOrZero(ux, uy);  // keep |u| == 1 against rounding drift
        cross = sgn * d_.sinTurn;
        turnFrac = 1;
      } else {
        turnFrac = clampf((cross < 0 ? -cross : cross) / d_.sinTurn, 0, 1);
      }
    }
    // S-SIM-5/6/S-INT-2: per-fish cap, lower in sharp turns, higher in panic.
    float panicLeft = f.panic[i];
    float vcap = vmax * f.speedScale[i] * (panicLeft > 0 ? panicSpeed : 1.0f) * (1.0f - turnSlow * turnFrac);
    float vfloor = vmin < vcap ? vmin : vcap;
    speed = clampf(speed, vfloor, vcap);
    f.hx[i] = ux;
    f.hy[i] = uy;
    f.vx[i] = ux * speed;
    f.vy[i] = uy * speed;
    f.panic[i] = panicLeft > dt ? panicLeft - dt : 0;
    f.turn[i] = f.turn[i] * kTurnKeep + kTurnTake * (cross / dt);  // smoothed rad/s for the body bend

    // S-REN-6 tail beat: kTailHz at kTailRefSpeed, frequency ~ speed^0.6 (x^0.625 via square roots, deterministic).
    float rel = speed * (1.0f / kTailRefSpeed);
    float r2 = detSqrt(rel), r8 = detSqrt(detSqrt(r2));
    f.tailPhase[i] = wrapAngle(f.tailPhase[i] + kTwoPi * kTailHz * r2 * r8 * dt + kTailIdleRate * dt);

    float nx = f.x[i] + f.vx[i] * dt, ny = f.y[i] + f.vy[i] * dt;
    // Fallback clamp: never fires with sane parameters (counted so tests can prove it).
    if (nx < 0 || nx > w || ny < 0 || ny > h) {
      ++clampCount_;
      nx = clampf(nx, 0, w);
      ny = clampf(ny, 0, h);
    }
    f.x[i] = nx;
    f.y[i] = ny;
  };
#if defined(MIROFISH_WIDE)
  // The RNG draws stay in id order, one per fish, ahead of the four-wide loop.
  float* draws = rngDraws_.data();
  for (int i = 0; i < n; ++i) draws[i] = rng_.uniform();
  int i = 0;
  for (; i + 4 <= n; i += 4)
    if (!integrate4(i, draws + i, ringX, ringY, slots)) {  // a lane off the common path: these four one by one
      for (int j = i; j < i + 4; ++j) integrateFish(j, draws[j]);
    }
  for (; i < n; ++i) integrateFish(i, draws[i]);
#else
  for (int i = 0; i < n; ++i) integrateFish(i, rng_.uniform());
#endif
}

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

}  // namespace

// Pass 2 for fish i..i+3, lane for lane moveFish's scalar integrateFish: every float operation in the same order, every
// branch a select of both sides (divisions in lanes that the scalar code skips are computed and dropped). Returns
// false, having written nothing, when a lane leaves the common path (an angle the scalar wrapAngle reduces the
// long way); the caller then runs those four fish one by one.
bool School::integrate4(int i, const float* draws, float* ringX, float* ringY, int slots) {
  FishArrays& f = fish_;
  const Params& p = params_;
  const float dt = kStepSeconds;
  const V vdt = splat(dt), zero = splat(0.0f), one = splat(1.0f);
  V rare = splat(0.0f);

  const V wp =
      wrap4(add(v4::load(&f.wanderPhase[i]), mul(sub(v4::load(draws), splat(0.5f)), splat(kWanderPhaseStep))), rare);
  const V ws = sin4(wp);
  const V hx = v4::load(&f.hx[i]), hy = v4::load(&f.hy[i]);
  const V wander = splat(float(p.wander) * float(p.maxForce));
  const V rx = add(v4::load(ringX + i), mul(mul(v4::neg(hy), ws), wander));
  const V ry = add(v4::load(ringY + i), mul(mul(hx, ws), wander));

  const int slot = int(stepCount_ % uint64_t(slots));
  V fx = zero, fy = zero;
  for (int k = 0; k < slots; ++k) {
    fx = add(fx, k == slot ? rx : v4::load(&f.steerX[k][i]));
    fy = add(fy, k == slot ? ry : v4::load(&f.steerY[k][i]));
  }
  const V invSlots = splat(1.0f / float(slots));
  fx = mul(fx, invSlots);
  fy = mul(fy, invSlots);
  const V fi = mul(splat(float(p.maxForce)), v4::load(&f.forceScale[i]));
  const V f2 = add(mul(fx, fx), mul(fy, fy));
  {
    const V over = gt(f2, mul(fi, fi));
    const V k = div(fi, v4::sqrt(f2));
    fx = sel(over, mul(fx, k), fx);
    fy = sel(over, mul(fy, k), fy);
  }

  V vx = v4::load(&f.vx[i]), vy = v4::load(&f.vy[i]);
  const V x = v4::load(&f.x[i]), y = v4::load(&f.y[i]);
  const float margin = float(p.edgeMargin), w = float(p.width), h = float(p.height);
  if (margin > 0) {
    const V m = splat(margin), edgeForce = splat(float(p.edgeForce)), edgeDamp = splat(float(p.edgeDamping));
    const V into[4] = {sub(m, x), sub(x, splat(w - margin)), sub(m, y), sub(y, splat(h - margin))};
    for (int side = 0; side < 4; ++side) {
      const V in = gt(into[side], zero);
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
  vx = add(vx, mul(fx, vdt));
  vy = add(vy, mul(fy, vdt));

  V speed = v4::sqrt(add(mul(vx, vx), mul(vy, vy)));
  const V cosT = splat(d_.cosTurn), sinT = splat(d_.sinTurn);
  const V moving = gt(speed, splat(kStillSpeed));
  const V ux0 = div(vx, speed), uy0 = div(vy, speed);
  const V dot = add(mul(hx, ux0), mul(hy, uy0));
  const V cross0 = sub(mul(hx, uy0), mul(hy, ux0));
  const V sharp = lt(dot, cosT);
  const V sgn = sel(ge(cross0, zero), one, splat(-1.0f));
  V uxT = sub(mul(hx, cosT), mul(mul(sgn, hy), sinT));
  V uyT = add(mul(hy, cosT), mul(mul(sgn, hx), sinT));
  {  // normalizeOrZero
    const V len2 = add(mul(uxT, uxT), mul(uyT, uyT));
    const V ok = gt(len2, splat(1e-12f));
    const V inv = div(one, v4::sqrt(len2));
    uxT = sel(ok, mul(uxT, inv), zero);
    uyT = sel(ok, mul(uyT, inv), zero);
  }
  const V absCross = sel(lt(cross0, zero), v4::neg(cross0), cross0);
  const V softFrac = clampv(div(absCross, sinT), zero, one);
  const V ux = sel(moving, sel(sharp, uxT, ux0), hx);
  const V uy = sel(moving, sel(sharp, uyT, uy0), hy);
  const V cross = sel(moving, sel(sharp, mul(sgn, sinT), cross0), zero);
  const V turnFrac = sel(moving, sel(sharp, one, softFrac), zero);

  const V panicLeft = v4::load(&f.panic[i]);
  const V panicFactor = sel(gt(panicLeft, zero), splat(float(p.panicSpeed)), one);
  const V vcap = mul(mul(mul(splat(float(p.maxSpeed)), v4::load(&f.speedScale[i])), panicFactor),
                     sub(one, mul(splat(float(p.turnSlowdown)), turnFrac)));
  const V vmin = splat(float(p.minSpeed));
  const V vfloor = sel(lt(vmin, vcap), vmin, vcap);
  speed = clampv(speed, vfloor, vcap);
  const V nvx = mul(ux, speed), nvy = mul(uy, speed);
  const V panicNext = sel(gt(panicLeft, vdt), sub(panicLeft, vdt), zero);
  const V turn = add(mul(v4::load(&f.turn[i]), splat(kTurnKeep)), mul(splat(kTurnTake), div(cross, vdt)));

  const V rel = mul(speed, splat(1.0f / kTailRefSpeed));
  const V r2 = v4::sqrt(rel), r8 = v4::sqrt(v4::sqrt(r2));
  const V tail = wrap4(add(add(v4::load(&f.tailPhase[i]), mul(mul(mul(splat(kTwoPi * kTailHz), r2), r8), vdt)),
                           splat(kTailIdleRate * dt)),
                       rare);
  if (v4::any(rare)) return false;

  V nx = add(x, mul(nvx, vdt)), ny = add(y, mul(nvy, vdt));
  const V W = splat(w), H = splat(h);
  const V out = v4::bor(v4::bor(lt(nx, zero), gt(nx, W)), v4::bor(lt(ny, zero), gt(ny, H)));
  if (v4::any(out)) {  // fallback clamp: never fires with sane parameters
    clampCount_ += uint64_t(__builtin_popcount(unsigned(v4::laneBits(out))));
    nx = sel(out, clampv(nx, zero, W), nx);
    ny = sel(out, clampv(ny, zero, H), ny);
  }
  v4::store(&f.wanderPhase[i], wp);
  v4::store(ringX + i, rx);
  v4::store(ringY + i, ry);
  v4::store(&f.hx[i], ux);
  v4::store(&f.hy[i], uy);
  v4::store(&f.vx[i], nvx);
  v4::store(&f.vy[i], nvy);
  v4::store(&f.panic[i], panicNext);
  v4::store(&f.turn[i], turn);
  v4::store(&f.tailPhase[i], tail);
  v4::store(&f.x[i], nx);
  v4::store(&f.y[i], ny);
  return true;
}
#endif

uint64_t School::stateHash() const {
  uint64_t hash = 0xcbf29ce484222325ULL;
  auto feed = [&](float v) {
    unsigned char bytes[4];
    std::memcpy(bytes, &v, 4);  // little-endian on every target we build for (x86-64, wasm)
    for (unsigned char b : bytes) {
      hash ^= b;
      hash *= 0x100000001b3ULL;
    }
  };
  for (int i = 0; i < fish_.count; ++i) {
    feed(fish_.x[i]);
    feed(fish_.y[i]);
    feed(fish_.vx[i]);
    feed(fish_.vy[i]);
  }
  return hash;
}

int FixedStep::advance(double frameSeconds) {
  if (!(frameSeconds > 0)) return 0;  // NaN, negative or zero: no time passed
  if (frameSeconds > 1.0) frameSeconds = 1.0;
  accumulator += frameSeconds;
  int n = int(accumulator / kDt);
  if (n > kMaxSteps) {  // no catch-up avalanche after a stall: drop the backlog
    accumulator = 0;
    return kMaxSteps;
  }
  accumulator -= n * kDt;
  return n;
}

}  // namespace mirofish
