// Deterministic trig and helpers: the same bits natively and in wasm, unlike libm (see Jolt's Trigonometry.h).
#pragma once

#include <cmath>

namespace mirofish {

constexpr float kPi = 3.14159265358979323846f;
constexpr float kTwoPi = 6.28318530717958647692f;

// sin and cos on any angle: Cody-Waite range reduction to [-pi/4, pi/4], then short polynomials (error < 1e-6).
// Only + - * and float rounding, so every IEEE target gives the same bits. Inline: it runs per fish per step.
inline void detSinCos(float angle, float* s, float* c) {
  if (!(angle == angle) || angle > 1e6f || angle < -1e6f) {  // NaN or absurd: a defined answer
    *s = 0;
    *c = 1;
    return;
  }
  float x;
  int q;
  if (angle < 4096.0f && angle > -4096.0f) {
    // Cody-Waite in float: pi/2 split in three so q * C1 is exact and the remainder keeps its bits.
    float qf = angle * 0.636619772f;
    q = int(qf >= 0 ? qf + 0.5f : qf - 0.5f);
    float fq = float(q);
    x = ((angle - fq * 1.5703125f) - fq * 4.837512969970703125e-4f) - fq * 7.549789948768648e-8f;
  } else {  // large angles: reduce in double
    double a = double(angle);
    double qd = a * 0.63661977236758134308;
    long ql = long(qd >= 0 ? qd + 0.5 : qd - 0.5);
    x = float(a - double(ql) * 1.57079632679489661923);
    q = int(ql & 3);
  }
  float x2 = x * x;
  float sp = x * (1.0f + x2 * (-1.6666654611e-1f + x2 * (8.3321608736e-3f + x2 * -1.9515295891e-4f)));
  float cp =
      1.0f + x2 * (-0.5f + x2 * (4.166664568298827e-2f + x2 * (-1.388731625493765e-3f + x2 * 2.443315711809948e-5f)));
  switch (q & 3) {
    case 0:
      *s = sp;
      *c = cp;
      break;
    case 1:
      *s = cp;
      *c = -sp;
      break;
    case 2:
      *s = -sp;
      *c = -cp;
      break;
    default:
      *s = -cp;
      *c = sp;
      break;
  }
}

inline float detSin(float a) {
  float s, c;
  detSinCos(a, &s, &c);
  return s;
}
inline float detCos(float a) {
  float s, c;
  detSinCos(a, &s, &c);
  return c;
}

// Wraps an angle into [0, 2pi).
inline float wrapAngle(float a) {
  if (a >= 0 && a < kTwoPi) return a;  // the common case: a small step past nothing
  if (a >= kTwoPi && a < 2 * kTwoPi) return a - kTwoPi < kTwoPi ? a - kTwoPi : 0;
  if (a < 0 && a >= -kTwoPi) return a + kTwoPi < kTwoPi ? a + kTwoPi : 0;
  if (!(a == a) || a > 1e6f || a < -1e6f) return 0;
  double d = double(a);
  double t = 6.28318530717958647692;
  double k = d / t;
  long n = long(k);
  if (k < 0 && double(n) != k) n -= 1;
  float r = float(d - double(n) * t);
  if (r >= kTwoPi || r < 0) r = 0;
  return r;
}

// sqrt is correctly rounded by IEEE 754 on every target, so std::sqrt is deterministic.
inline float detSqrt(float v) { return std::sqrt(v); }

// S-SIM-9: below length 1e-6 the zero vector, never a division by ~0.
inline void normalizeOrZero(float& x, float& y) {
  float len2 = x * x + y * y;
  if (!(len2 > 1e-12f)) {
    x = 0;
    y = 0;
    return;
  }
  float inv = 1.0f / detSqrt(len2);
  x *= inv;
  y *= inv;
}

}  // namespace mirofish
