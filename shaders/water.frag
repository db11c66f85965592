#version 300 es
// Water background fragment shader: a soft vertical gradient with slow, gentle caustics (only when view.water), and
// the rings of up to 8 ripples (S-ECO-5) where a click, a pellet or a startle touched the water.
precision highp float;

uniform vec3 u_world;    // world -> device px: scale, offset x, offset y
uniform vec2 u_pixels;   // drawing-buffer size, device px
uniform float u_time;    // s
uniform vec3 u_top;      // water colour at the top of the world
uniform vec3 u_bottom;   // water colour at the bottom
uniform float u_height;  // world height, px
#ifdef RIPPLES
// Live ripples (src/render/core/ripples.h), the first u_rippleCount of them: centre (world px), the ring's front radius
// (px) and its amplitude (0..2: the ripple parameter x the source's strength, faded with age).
uniform vec4 u_ripples[8];
uniform int u_rippleCount;
#endif

out vec4 o_color;

// Caustic network: a grid of lines warped twice by slow sine fields, summed at two scales.
float caustic(vec2 p, float t) {
  float c = 0.0;
  for (int k = 0; k < 2; ++k) {
    float fk = float(k);
    vec2 q = p * (1.0 + 0.6 * fk) + vec2(1.7, 9.2) * fk;
    q += 0.7 * vec2(sin(q.y * 1.1 + t), sin(q.x * 1.3 - 0.8 * t));
    q += 0.35 * vec2(sin(q.y * 2.3 - 0.7 * t), sin(q.x * 1.9 + 0.6 * t));
    float r = abs(sin(q.x) * sin(q.y));  // 0 along the warped lines
    c += pow(1.0 - r, 10.0);
  }
  return 0.5 * c;
}

#ifdef RIPPLES
#include "wave.glsl"

const float kRippleWave = 22.0;   // px between crests
const float kRippleTrain = 66.0;  // px: the crests behind each front (three)

// Envelope of ring r at a world point: 0 at its front and at the end of its train, r.w halfway.
float ring(vec4 r, vec2 world, out float x) {
  x = (r.z - length(world - r.xy)) / kRippleTrain;  // 0 at the front .. 1 at the train's end
  return r.w * max(0.0, 4.0 * x * (1.0 - x));
}

// Ripple height at a world point (xy: times the ring's outward direction, for refraction): the strongest ring there,
// a short train of the fish's stroke wave (steep front, slow back) behind its front. The loop only finds that ring,
// branch-free; the wave is worked out once (a software rasterizer pays for every line, for every pixel).
vec3 ripples(vec2 world) {
  float best = 0.0, at = 0.0, x = 0.0;
  vec2 from = vec2(0.0);
  for (int k = 0; k < 8; ++k) {
    if (k >= u_rippleCount) break;
    vec4 r = u_ripples[k];
    float a = ring(r, world, x);
    bool stronger = a > best;
    at = stronger ? x : at;
    from = stronger ? r.xy : from;
    best = max(best, a);
  }
  float h = best * stroke(6.2831853 * at * (kRippleTrain / kRippleWave));
  return vec3(normalize(world - from + 1e-3) * h, h);
}
#endif

void main() {
  // Device px (top-left origin) back to world px, so the water moves with the world, not the canvas.
  vec2 px = vec2(gl_FragCoord.x, u_pixels.y - gl_FragCoord.y);
  vec2 world = (px - u_world.yz) / u_world.x;
  float v = clamp(world.y / u_height, -0.2, 1.2);
  vec3 col = mix(u_top, u_bottom, smoothstep(-0.1, 1.1, v));
#ifdef RIPPLES
  vec3 ring = ripples(world);
#else
  vec3 ring = vec3(0.0);  // the frames without ripples use the program without them: no cost
#endif
  // A ring bends the caustics under it (refraction) and catches the light on its crests.
  float c = caustic((world + ring.xy * 5.0) / 70.0, u_time * 0.35);
  col += vec3(0.55, 0.78, 0.8) * (c * 0.065 + ring.z * 0.09);
  o_color = vec4(col, 1.0);
}
