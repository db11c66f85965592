// Deterministic sin/cos: Cody-Waite range reduction and short polynomials (error < 1e-6).
#include "sim/det_math.h"

namespace mirofish {

void detSinCos(float angle, float* s, float* c) {
  if (!(angle == angle) || angle > 1e6f || angle < -1e6f) {  // NaN or absurd: a defined answer
    *s = 0; *c = 1;
    return;
  }
  // Quadrant by round-to-nearest of angle * 2/pi, done in double for a safe reduction.
  double a = double(angle);
  double qd = a * 0.63661977236758134308;
  long q = long(qd >= 0 ? qd + 0.5 : qd - 0.5);
  double r = a - double(q) * 1.57079632679489661923;
  float x = float(r);
  float x2 = x * x;
  float sp = x * (1.0f + x2 * (-1.6666654611e-1f + x2 * (8.3321608736e-3f + x2 * -1.9515295891e-4f)));
  float cp = 1.0f + x2 * (-0.5f + x2 * (4.166664568298827e-2f + x2 * (-1.388731625493765e-3f + x2 * 2.443315711809948e-5f)));
  switch (q & 3) {
    case 0: *s = sp; *c = cp; break;
    case 1: *s = cp; *c = -sp; break;
    case 2: *s = -sp; *c = -cp; break;
    default: *s = -cp; *c = sp; break;
  }
}

float wrapAngle(float a) {
  if (!(a == a)) return 0;
  double d = double(a);
  double t = 6.28318530717958647692;
  double k = d / t;
  long n = long(k);
  if (k < 0 && double(n) != k) n -= 1;
  float r = float(d - double(n) * t);
  if (r >= kTwoPi || r < 0) r = 0;
  return r;
}

}  // namespace mirofish
