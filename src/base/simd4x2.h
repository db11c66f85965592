// Two fours side by side (F2: eight lanes), for a loop whose body is one long chain of dependent operations (the
// motion pass: a sine, square roots and divisions in a row). Each operation on F2 emits its two fours' operations
// next to each other, so the two chains interleave in the instruction stream: neither the compilers here nor V8
// schedule instructions across a chain, and a core's reorder window cannot reach the next four's chain when one
// four's body is longer than the window. Lane for lane the same operations as on F: the same bits.
#pragma once

#include "base/simd4.h"

#if defined(MIROFISH_WIDE)
namespace mirofish {
namespace {
namespace v4 {

struct F2 {
  F a, b;
  F2() = default;
  F2(F v) : a(v), b(v) {}  // a splat of four, as eight (implicit: `mul(x, splat(k))` mixes the two)
  F2(F lo, F hi) : a(lo), b(hi) {}
};
struct I2 {
  I a, b;
};

inline F2 add(F2 x, F2 y) { return {add(x.a, y.a), add(x.b, y.b)}; }
inline F2 sub(F2 x, F2 y) { return {sub(x.a, y.a), sub(x.b, y.b)}; }
inline F2 mul(F2 x, F2 y) { return {mul(x.a, y.a), mul(x.b, y.b)}; }
inline F2 div(F2 x, F2 y) { return {div(x.a, y.a), div(x.b, y.b)}; }
inline F2 lt(F2 x, F2 y) { return {lt(x.a, y.a), lt(x.b, y.b)}; }
inline F2 gt(F2 x, F2 y) { return {gt(x.a, y.a), gt(x.b, y.b)}; }
inline F2 ge(F2 x, F2 y) { return {ge(x.a, y.a), ge(x.b, y.b)}; }
inline F2 both(F2 x, F2 y) { return {both(x.a, y.a), both(x.b, y.b)}; }
inline F2 bor(F2 x, F2 y) { return {bor(x.a, y.a), bor(x.b, y.b)}; }
inline F2 bnot(F2 x) { return {bnot(x.a), bnot(x.b)}; }
inline F2 sel(F2 m, F2 x, F2 y) { return {sel(m.a, x.a, y.a), sel(m.b, x.b, y.b)}; }
inline F2 neg(F2 x) { return {neg(x.a), neg(x.b)}; }
inline F2 sqrt(F2 x) { return {sqrt(x.a), sqrt(x.b)}; }
inline I2 toInt(F2 x) { return {toInt(x.a), toInt(x.b)}; }
inline F2 toFloat(I2 x) { return {toFloat(x.a), toFloat(x.b)}; }
inline F2 hasBit(I2 x, int bit) { return {hasBit(x.a, bit), hasBit(x.b, bit)}; }
inline bool any(F2 m) { return any(bor(m.a, m.b)); }
inline int laneBits(F2 m) { return laneBits(m.a) | laneBits(m.b) << 4; }
inline void normalizeOrZero(F2& x, F2& y) {  // the rare path: one four after the other
  normalizeOrZero(x.a, y.a);
  normalizeOrZero(x.b, y.b);
}

inline F2 load2(const float* p) { return {load(p), load(p + 4)}; }
inline void store2(float* p, F2 v) {
  store(p, v.a);
  store(p + 4, v.b);
}

}  // namespace v4
}  // namespace
}  // namespace mirofish
#endif  // MIROFISH_WIDE
