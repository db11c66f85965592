// The wave generator the fish and the water share (S-REN-6, S-ECO-5): pulled into koi.vert and water.frag by
// `#include "wave.glsl"`, which src/render/embed_shaders.cmake resolves at build time (GLSL ES has no #include).

const float kOutShare = 0.38;  // share of each half-beat spent sweeping out; the rest is the slower return

// Asymmetric stroke in [-1, 1]: reaches each side fast, comes back to the middle slowly. A koi's tail beats with it;
// a ripple's ring has its profile (a steep front, a slow back).
float stroke(float phase) {
  const float kTwoPi = 6.2831853;
  float p = mod(phase, kTwoPi);
  float side = p < 3.1415927 ? 1.0 : -1.0;
  float h = mod(p, 3.1415927) / 3.1415927;
  float u = h < kOutShare ? 0.5 * h / kOutShare : 0.5 + 0.5 * (h - kOutShare) / (1.0 - kOutShare);
  return side * sin(3.1415927 * u);
}
