// Deterministic trig and helpers: the same bits natively and in wasm, unlike libm (see Jolt's Trigonometry.h).
#pragma once

#include <cmath>

namespace mirofish {

constexpr float kPi = 3.14159265358979323846f;
constexpr float kTwoPi = 6.28318530717958647692f;

// sin and cos on any angle: range-reduce to [-pi/4, pi/4], then minimax polynomials.
// Only + - * and float rounding, so every IEEE target gives the same bits.
void detSinCos(float angle, float* s, float* c);
inline float detSin(float a) { float s, c; detSinCos(a, &s, &c); return s; }
inline float detCos(float a) { float s, c; detSinCos(a, &s, &c); return c; }
// Wraps an angle into [0, 2pi).
float wrapAngle(float a);

// sqrt is correctly rounded by IEEE 754 on every target, so std::sqrt is deterministic.
inline float detSqrt(float v) { return std::sqrt(v); }

// S-SIM-9: below length 1e-6 the zero vector, never a division by ~0.
inline void normalizeOrZero(float& x, float& y) {
  float len2 = x * x + y * y;
  if (!(len2 > 1e-12f)) { x = 0; y = 0; return; }
  float inv = 1.0f / detSqrt(len2);
  x *= inv;
  y *= inv;
}

}  // namespace mirofish
