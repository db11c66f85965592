// Four lanes of float, double pairs and int32 for the step's wide paths: wasm SIMD128 (-msimd128) or x86-64's
// baseline SSE2, the same operations under the same names (v4::add, v4::sel, ...). Defines MIROFISH_WIDE where
// they exist; elsewhere, or with -DMIROFISH_SCALAR (to check the two against each other), the step is scalar.
#pragma once

#include <cstdint>

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
// Internal linkage on purpose: these are included by the step's own files only, and the inliner treats a
// function with one translation unit's callers better (the page's -Oz link runs the step 1.4x slower otherwise).
namespace {

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
// Both operands opaque to LLVM: it rewrites `x & mask` of a visible compare as a select of x and 0, which the wasm
// backend emits as v128.bitselect with a zero constant (three instructions in V8's code, against one and). The
// compares stay visible elsewhere: sel() of a compare can become f32x4.pmin / pmax.
inline F opaque(F v) {
  __asm__("" : "+r"(v));
  return v;
}
inline F band(F a, F b) { return wasm_v128_and(opaque(a), opaque(b)); }
inline F both(F maskA, F maskB) { return wasm_v128_and(maskA, maskB); }  // two compares' and: one and as it is
inline F bor(F a, F b) { return wasm_v128_or(a, b); }
inline F sel(F mask, F a, F b) { return wasm_v128_bitselect(a, b, mask); }  // mask ? a : b, per lane
inline F neg(F a) { return wasm_f32x4_neg(a); }
inline F trunc(F a) { return wasm_f32x4_trunc(a); }
inline F truncSmall(F a) { return wasm_f32x4_trunc(a); }  // |a| < 2^31 (SSE2 saves the large-value test)
// x86's minps / maxps exactly (b < a ? ... : the second operand), as the SSE2 lanes: one instruction each in V8,
// where wasm's NaN-propagating f32x4.min / max take several.
inline F min(F a, F b) { return wasm_f32x4_pmin(b, a); }
inline F max(F a, F b) { return wasm_f32x4_pmax(b, a); }
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
// The half-shell scan's per-candidate accumulators (pair_scan.h): doubles and ints in memory, four at a time.
inline void widen(F t, D& lanes01, D& lanes23) {
  lanes01 = wasm_f64x2_promote_low_f32x4(t);
  lanes23 = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(t, t, 2, 3, 2, 3));
}
inline D addD(D a, D b) { return wasm_f64x2_add(a, b); }
inline D mulD(D a, D b) { return wasm_f64x2_mul(a, b); }
inline D splatD(double v) { return wasm_f64x2_splat(v); }
// Four doubles rounded to float (to nearest, as float(double) is), lanes 0, 1 from lo and 2, 3 from hi.
inline F narrow(D lo, D hi) {
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
}
inline D subD(D a, D b) { return wasm_f64x2_sub(a, b); }
inline D loadD(const double* p) { return wasm_v128_load(p); }
inline void storeD(double* p, D v) { wasm_v128_store(p, v); }
inline I loadI(const int* p) { return wasm_v128_load(p); }
inline double sumD(D a) { return wasm_f64x2_extract_lane(a, 0) + wasm_f64x2_extract_lane(a, 1); }
inline I zeroI() { return wasm_i32x4_splat(0); }
inline I splatI(int v) { return wasm_i32x4_splat(v); }
inline F gtI(I a, I b) { return wasm_i32x4_gt(a, b); }                             // a > b per lane, as a mask
inline I countIn(I count, F mask) { return wasm_i32x4_sub(count, opaque(mask)); }  // a set mask lane is -1
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
inline F both(F maskA, F maskB) { return _mm_and_ps(maskA, maskB); }
inline F bor(F a, F b) { return _mm_or_ps(a, b); }
inline F sel(F mask, F a, F b) { return _mm_or_ps(_mm_and_ps(mask, a), _mm_andnot_ps(mask, b)); }
inline F neg(F a) { return _mm_xor_ps(a, _mm_set1_ps(-0.0f)); }
// Round toward zero without SSE4.1: |a| >= 2^23 is already an integer; below, the int32 round trip is exact.
inline F trunc(F a) {
  const F big = _mm_cmpge_ps(_mm_andnot_ps(_mm_set1_ps(-0.0f), a), _mm_set1_ps(8388608.0f));
  return sel(big, a, _mm_cvtepi32_ps(_mm_cvttps_epi32(a)));
}
// |a| < 2^31: the int32 round trip alone is exact (a float of 2^23 or more is an integer already).
inline F truncSmall(F a) { return _mm_cvtepi32_ps(_mm_cvttps_epi32(a)); }
inline F min(F a, F b) { return _mm_min_ps(a, b); }  // neither a NaN
inline F max(F a, F b) { return _mm_max_ps(a, b); }
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
// The half-shell scan's per-candidate accumulators (pair_scan.h): doubles and ints in memory, four at a time.
inline void widen(F t, D& lanes01, D& lanes23) {
  lanes01 = _mm_cvtps_pd(t);
  lanes23 = _mm_cvtps_pd(_mm_movehl_ps(t, t));
}
inline D addD(D a, D b) { return _mm_add_pd(a, b); }
inline D mulD(D a, D b) { return _mm_mul_pd(a, b); }
inline D splatD(double v) { return _mm_set1_pd(v); }
inline F narrow(D lo, D hi) { return _mm_movelh_ps(_mm_cvtpd_ps(lo), _mm_cvtpd_ps(hi)); }
inline D subD(D a, D b) { return _mm_sub_pd(a, b); }
inline D loadD(const double* p) { return _mm_loadu_pd(p); }
inline void storeD(double* p, D v) { _mm_storeu_pd(p, v); }
inline I loadI(const int* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline double sumD(D a) { return _mm_cvtsd_f64(a) + _mm_cvtsd_f64(_mm_unpackhi_pd(a, a)); }
inline I zeroI() { return _mm_setzero_si128(); }
inline I splatI(int v) { return _mm_set1_epi32(v); }
inline F gtI(I a, I b) { return _mm_castsi128_ps(_mm_cmpgt_epi32(a, b)); }
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
// det_math.h's normalizeOrZero per lane: the same float operations, and the zero vector below length 1e-6.
inline void normalizeOrZero(F& x, F& y) {
  const F len2 = add(mul(x, x), mul(y, y));
  const F ok = gt(len2, splat(1e-12f));
  const F inv = div(splat(1.0f), sqrt(len2));
  x = band(mul(x, inv), ok);
  y = band(mul(y, inv), ok);
}
}  // namespace v4
#endif  // MIROFISH_WIDE

}  // namespace
}  // namespace mirofish
