#version 300 es
// Koi fragment shader: body, fins, eyes, patches and soft shading, all procedural in fish coordinates (S-REN-5).
precision highp float;
precision highp int;

in vec2 v_local;        // x = s (0 snout .. 1 tail tip), y = lateral, both in body lengths
in vec2 v_world;        // world px
flat in vec2 v_shadow;  // shadow offset, lengths
flat in uint v_pattern;
flat in vec4 v_look;    // depth 0..1, speed 0..1, pectoral fin angle (rad), unused

uniform vec3 u_base;     // palette: main skin colour (white on a kohaku)
uniform vec3 u_patch;    // palette: patch colour (hi, the red)
uniform vec3 u_ink;      // palette: sumi, the black
uniform vec3 u_fin;      // palette: fin tint
uniform vec4 u_water;    // rgb water colour, a = 1 when the canvas is filled with water
uniform float u_glow;    // 0..1: share of the colour added instead of blended (neon palette)
uniform float u_opacity; // overall fish opacity over the page
uniform float u_time;    // s

out vec4 o_color;        // premultiplied alpha

// ---- hashing and noise --------------------------------------------------------------------------
uint hashU(uint x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
float hash01(uint x) { return float(hashU(x) >> 8) * (1.0 / 16777216.0); }

float valueNoise(vec2 p, uint seed) {
  vec2 i = floor(p);
  vec2 f = p - i;
  vec2 u = f * f * (3.0 - 2.0 * f);
  uvec2 c = uvec2(ivec2(i) + 4096);
  float a = hash01(seed ^ hashU(c.x + hashU(c.y)));
  float b = hash01(seed ^ hashU(c.x + 1u + hashU(c.y)));
  float d = hash01(seed ^ hashU(c.x + hashU(c.y + 1u)));
  float e = hash01(seed ^ hashU(c.x + 1u + hashU(c.y + 1u)));
  return mix(mix(a, b, u.x), mix(d, e, u.x), u.y);
}

float fbm(vec2 p, uint seed) {
  return 0.68 * valueNoise(p, seed) + 0.32 * valueNoise(p * 2.13 + 17.0, seed * 747796405u + 1u);
}

// ---- shape --------------------------------------------------------------------------------------
const float kBodyEnd = 0.8;     // peduncle; the tail fin spans the rest
const float kBodyWidth = 0.104; // half-width at the widest point (lengths)
const float kWidest = 0.3;      // widest at the front third, as a fraction of the body

float bodyHalfWidth(float s) {
  float t = clamp(s / kBodyEnd, 0.0, 1.0);
  if (t < kWidest) {
    float k = (kWidest - t) / kWidest;  // blunt, rounded head
    return kBodyWidth * sqrt(max(1.0 - k * k, 0.0));
  }
  float k = (t - kWidest) / (1.0 - kWidest);
  float taper = cos(k * 1.5707963);
  return kBodyWidth * mix(0.15, 1.0, taper * (0.45 + 0.55 * taper) + 0.25 * taper * (1.0 - taper));
}

// Approximate signed distance (lengths) of the body outline.
float bodyDistance(vec2 q) {
  float d = abs(q.y) - bodyHalfWidth(q.x);
  d = max(d, -q.x);
  return max(d, q.x - kBodyEnd - 0.02);
}

// Approximate signed distance of an ellipse with centre c, unit axis dir, semi-axes r.
float ellipseDistance(vec2 q, vec2 c, vec2 dir, vec2 r) {
  vec2 d = q - c;
  vec2 e = vec2(dot(d, dir), dot(d, vec2(-dir.y, dir.x))) / r;
  return (length(e) - 1.0) * min(r.x, r.y);
}

// Forked tail: two lobes swept back and out from the peduncle.
float tailDistance(vec2 q, out float ray) {
  vec2 root = vec2(kBodyEnd - 0.04, 0.0);
  vec2 dirA = vec2(0.914, 0.407), dirB = vec2(0.914, -0.407);
  float a = ellipseDistance(q, root + dirA * 0.13, dirA, vec2(0.15, 0.056));
  float b = ellipseDistance(q, root + dirB * 0.13, dirB, vec2(0.15, 0.056));
  vec2 rel = q - root;
  ray = atan(rel.y, max(rel.x, 1e-3));  // fan angle, for the fin rays
  return min(min(a, b), max(abs(q.y) - 0.035, abs(q.x - root.x - 0.03) - 0.05));
}

// Soft coverage from a signed distance: one pixel of anti-aliasing, or `blur` lengths when wider.
float cover(float d, float blur) {
  float w = max(fwidth(d), blur);
  return clamp(0.5 - d / w, 0.0, 1.0);
}

// Fin rays: a fan of fine stripes, faded out near the root and wherever they would alias.
float rays(float angle, float reach) {
  float fade = clamp(1.0 - fwidth(angle) * 0.5, 0.0, 1.0) * smoothstep(0.02, 0.07, reach);
  return mix(0.5, 0.5 + 0.5 * sin(angle), fade);
}

vec4 over(vec4 dst, vec3 rgb, float a) { return vec4(rgb * a, a) + dst * (1.0 - a); }

// Gentle moving light ripples on the skin (underwater shading).
float shimmer(vec2 w) {
  float t = u_time;
  float a = sin(w.x * 0.045 + t * 0.9 + sin(w.y * 0.03 - t * 0.5) * 1.7);
  float b = sin(w.y * 0.05 - t * 0.7 + sin(w.x * 0.035 + t * 0.4) * 1.9);
  return pow(0.5 + 0.25 * (a + b), 3.0);
}

void main() {
  vec2 q = v_local;
  float depth = v_look.x;
  uint seed = hashU(v_pattern + 0x9e3779b9u);
  float blur = mix(0.022, 0.0, smoothstep(0.0, 0.5, depth));  // the back layer is softer
  float lum = 0.0;

  // ---- patches from the seed: variety, thresholds and offsets --------------------------------------
  uint variety = hashU(seed) % 8u;
  vec2 off = vec2(hash01(seed ^ 0x51u), hash01(seed ^ 0xa3u)) * 64.0;
  float redLevel = mix(0.40, 0.58, hash01(seed ^ 0x7u));  // lower = more red
  float inkLevel = 2.0;                                 // > 1: no sumi
  float redOn = 1.0;
  if (variety == 2u || variety == 3u) inkLevel = 0.66;  // sanke: small black spots
  if (variety == 4u) inkLevel = 0.56;                   // showa: bold black
  if (variety == 5u) { inkLevel = 0.62; redOn = 0.0; }  // shiro bekko: white and black
  float solid = variety == 6u ? 1.0 : 0.0;              // ogon / chagoi: one colour
  float tancho = variety == 7u ? 1.0 : 0.0;             // tancho: one red crown on the head

  // Patterns are stretched a little across the body so patches wrap over the back like saddles.
  vec2 pq = vec2(q.x * 4.2, q.y * 6.5);
  float nRed = fbm(pq + off, seed);
  float red = smoothstep(redLevel - 0.045, redLevel + 0.045, nRed) * redOn;
  red *= smoothstep(0.02, 0.09, q.x) * 0.35 + 0.65;     // the snout is mostly pale
  red = mix(red, 1.0 - smoothstep(0.04, 0.058, length((q - vec2(0.12, 0.0)) * vec2(1.0, 1.25))), tancho);
  float nInk = fbm(pq * 1.6 + off.yx + 9.0, seed ^ 0x1234567u);
  float ink = smoothstep(inkLevel - 0.035, inkLevel + 0.035, nInk);
  ink *= smoothstep(0.1, 0.2, q.x);                      // no sumi on the face

  vec3 skin = mix(u_base, u_patch, red);
  skin = mix(skin, u_ink, ink * 0.92);
  skin = mix(skin, mix(u_patch, u_base, 0.35), solid);

  // ---- layers, back to front -----------------------------------------------------------------------
  vec4 acc = vec4(0.0);

  // Shadow on the page below, from the body and tail.
  vec2 qs = q - v_shadow;
  float rayS;
  float shadowD = min(bodyDistance(qs), tailDistance(qs, rayS) + 0.01);
  float shadow = cover(shadowD, 0.025 + 0.03 * depth) * mix(0.10, 0.2, depth);
  acc = over(acc, vec3(0.02, 0.05, 0.08), shadow);

  // Pectoral and pelvic fins, under the body; they spread from the flanks.
  float side = q.y < 0.0 ? -1.0 : 1.0;
  vec2 qf = vec2(q.x, abs(q.y));
  float pa = v_look.z;
  vec2 pDir = vec2(cos(pa), sin(pa));
  vec2 pRoot = vec2(0.25, 0.085);
  float pec = ellipseDistance(qf, pRoot + pDir * 0.07, pDir, vec2(0.085, 0.046));
  vec2 vDir = vec2(0.8, 0.6);
  float pel = ellipseDistance(qf, vec2(0.5, 0.05) + vDir * 0.04, vDir, vec2(0.05, 0.024));
  float finD = min(pec, pel);
  float finRay = rays(atan(qf.y - pRoot.y, qf.x - pRoot.x) * 34.0, length(qf - pRoot));
  float finReach = clamp(length(qf - pRoot) / 0.16, 0.0, 1.0);
  float finA = cover(finD, blur) * mix(0.8, 0.4, finReach) * (0.85 + 0.15 * finRay);
  // A slightly darker rim lets the pale fins read on light pages too.
  float finRim = 1.0 - smoothstep(-0.02, 0.0, finD);
  vec3 finCol = mix(u_fin, skin, 0.18) * mix(0.8, 1.0, finRim);
  finCol = mix(finCol, u_ink, (variety == 4u ? 0.75 : 0.0) * (1.0 - finReach));  // showa: black fin roots
  acc = over(acc, finCol, finA);

  // Forked tail fin: translucent, rays fanning out, fading toward the trailing edge.
  float ray;
  float tailD = tailDistance(q, ray);
  float tailReach = clamp((q.x - (kBodyEnd - 0.04)) / 0.24, 0.0, 1.0);
  float tailRay = rays(ray * 30.0, q.x - (kBodyEnd - 0.04));
  float tailA = cover(tailD, blur) * mix(0.9, 0.45, tailReach) * (0.82 + 0.18 * tailRay);
  float tailRim = 1.0 - smoothstep(-0.025, 0.0, tailD);
  acc = over(acc, mix(u_fin, skin, 0.35 * (1.0 - tailReach)) * mix(0.8, 1.0, tailRim), tailA);

  // Body, with soft rounded shading: lit along the back, darker at the flanks.
  float bodyD = bodyDistance(q);
  float w = max(bodyHalfWidth(q.x), 1e-3);
  float across = clamp(q.y / w, -1.0, 1.0);
  float nz = sqrt(1.0 - across * across);
  vec3 col = skin * (0.66 + 0.34 * nz);
  float backLight = exp(-pow((across + 0.22) / 0.32, 2.0)) * smoothstep(0.04, 0.25, q.x) * (1.0 - smoothstep(0.55, 0.8, q.x));
  col += vec3(0.16) * backLight * (1.0 - 0.6 * ink);
  // Dorsal fin seen from above: a fine translucent crest along the spine.
  float dorsal = (1.0 - smoothstep(0.006, 0.014, abs(q.y))) * smoothstep(0.3, 0.36, q.x) * (1.0 - smoothstep(0.6, 0.68, q.x));
  col = mix(col, mix(u_fin, skin, 0.5) * 0.82, dorsal * 0.55);
  // Eyes on the sides of the head.
  float eye = 1.0 - smoothstep(0.008, 0.013, length(vec2(q.x - 0.08, abs(q.y) - 0.052)));
  col = mix(col, vec3(0.05, 0.05, 0.07), eye * 0.9);
  col *= 0.93 + 0.16 * shimmer(v_world);
  acc = over(acc, col, cover(bodyD, blur));

  // ---- depth, palette glow and page opacity --------------------------------------------------------
  // The back layer is paler (desaturated, toward the water when there is water) and more transparent.
  float pale = 1.0 - smoothstep(0.0, 0.55, depth);
  vec3 rgb = acc.a > 0.0 ? acc.rgb / acc.a : vec3(0.0);
  lum = dot(rgb, vec3(0.299, 0.587, 0.114));
  rgb = mix(rgb, vec3(lum), pale * 0.35);
  rgb = mix(rgb, u_water.rgb, pale * 0.4 * u_water.a);
  float alpha = acc.a * (1.0 - 0.28 * pale) * u_opacity;
  // Neon: part of the light is added rather than blended, so it glows over dark pages.
  o_color = vec4(rgb * alpha, alpha * (1.0 - 0.45 * u_glow));
}
