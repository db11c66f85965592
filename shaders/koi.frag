#version 300 es
// Koi fragment shader: body, fins, eyes, patches and soft shading in fish coordinates (S-REN-5), cheap per pixel
// (S-COST-1): the shape distances and body shading come from one texture sample, the patch noise from one atlas
// sample, everything per fish from the vertex shader. Compiled twice: the full koi, and with KOI_LITE the cheap
// koi for small or far fish (no shadow, fin rays, pelvic fins, dorsal crest or shimmer).
precision highp float;

// The constants table (src/base/constants.h, written as GLSL by the build): the koi bake's domains and layout.
#include "constants.glsl"

in vec2 v_local;        // x = s (0 snout .. 1 tail tip), y = lateral, both in body lengths
#ifndef KOI_LITE
in float v_shimmer;
#endif
flat in vec4 v_skin;    // red threshold, ink threshold, red on, solid
flat in vec4 v_kind;    // tancho, showa, paleness, edge blur (lengths)
flat in vec4 v_look;    // depth, pectoral fin direction, pattern mirror
flat in vec4 v_place;   // pattern tile corner in the atlas, shadow offset
flat in vec3 v_base, v_patch, v_ink, v_fin;  // S-ECO-3 the fish's palette (koi.vert picks it by species)
flat in float v_glow;

uniform sampler2D u_shape;    // koi_bake.h: r body distance, g tail distance, b body shade, a back light
uniform sampler2D u_pattern;  // koi_bake.h: r red noise, g ink noise; 8 x 8 tiles
uniform vec4 u_water;    // rgb water colour, a = 1 when the canvas is filled with water
uniform float u_opacity; // overall fish opacity over the page

out vec4 o_color;        // premultiplied alpha

const float kBodyEnd = 0.8;       // peduncle; the tail fin spans the rest
const float kDistSpan = kShapeDistSpan;  // d = (texel - 0.5) * kDistSpan
// The koi bake's shape texture domain, pattern tile domain and atlas layout.
const vec2 kShapeOrigin = vec2(kShapeS0, -kShapeY);
const vec2 kShapeSize = vec2(kShapeS1 - kShapeS0, 2.0 * kShapeY);
const vec2 kPatternOrigin = vec2(kPatternS0, -kPatternY);
const vec2 kPatternSize = vec2(kPatternS1 - kPatternS0, 2.0 * kPatternY);
const vec2 kTileTexels = vec2(float(kPatternTileW), float(kPatternTileH));
const vec2 kTiles = vec2(float(kPatternTilesX), float(kPatternTilesY));
const vec2 kPatMin = 0.5 / kTileTexels, kPatMax = 1.0 - 0.5 / kTileTexels;
const vec2 kPecRoot = vec2(0.25, 0.085);

// Approximate signed distance of an ellipse with centre c, unit axis dir, semi-axes r.
float ellipseDistance(vec2 q, vec2 c, vec2 dir, vec2 r) {
  vec2 d = q - c;
  vec2 e = vec2(dot(d, dir), dot(d, vec2(-dir.y, dir.x))) / r;
  return (length(e) - 1.0) * min(r.x, r.y);
}

// Soft coverage from a signed distance: one pixel of anti-aliasing, or `blur` lengths when wider.
float cover(float d, float blur) {
  float w = max(max(fwidth(d), blur), 1e-4);
  return clamp(0.5 - d / w, 0.0, 1.0);
}

vec4 over(vec4 dst, vec3 rgb, float a) { return vec4(rgb * a, a) + dst * (1.0 - a); }

#ifndef KOI_LITE
// atan(y, x) to about 1e-5 rad, without the library call.
float atanFast(float y, float x) {
  float ax = abs(x), ay = abs(y);
  float a = min(ax, ay) / max(max(ax, ay), 1e-6);
  float s = a * a;
  float r = ((-0.0464964749 * s + 0.15931422) * s - 0.327622764) * s * a + a;
  r = ay > ax ? 1.5707963 - r : r;
  r = x < 0.0 ? 3.1415927 - r : r;
  return y < 0.0 ? -r : r;
}

// Fin rays: a fan of fine stripes, faded out near the root and wherever they would alias.
float rays(float angle, float reach) {
  float fade = clamp(1.0 - fwidth(angle) * 0.5, 0.0, 1.0) * smoothstep(0.02, 0.07, reach);
  return mix(0.5, 0.5 + 0.5 * sin(angle), fade);
}
#endif

void main() {
  vec3 base = v_base, patchCol = v_patch, inkCol = v_ink, fin = v_fin;
  vec2 q = v_local;
  float depth = v_look.x;
  float blur = v_kind.w;
  vec2 qf = vec2(q.x, abs(q.y));

  // ---- coverage of every part (derivatives first, while all pixels of the quad still run) ------------
  vec4 shape = textureLod(u_shape, (q - kShapeOrigin) / kShapeSize, 0.0);
  float bodyD = (shape.r - 0.5) * kDistSpan;
  float tailD = (shape.g - 0.5) * kDistSpan;
  float bodyC = cover(bodyD, blur);
  float tailC = cover(tailD, blur);
  // Pectoral fins (and pelvic fins on the full koi), under the body; they spread from the flanks.
  float finD = ellipseDistance(qf, kPecRoot + v_look.yz * 0.07, v_look.yz, vec2(0.085, 0.046));
#ifndef KOI_LITE
  const vec2 vDir = vec2(0.8, 0.6);
  finD = min(finD, ellipseDistance(qf, vec2(0.5, 0.05) + vDir * 0.04, vDir, vec2(0.05, 0.024)));
#endif
  float finC = cover(finD, blur);
  float shadow = 0.0;
#ifndef KOI_LITE
  // Shadow on the page below, from the body and tail: the same shape field, offset.
  vec2 shadowSample = textureLod(u_shape, (q - v_place.zw - kShapeOrigin) / kShapeSize, 0.0).rg;
  float shadowD = (min(shadowSample.r, shadowSample.g + 0.01 / kDistSpan) - 0.5) * kDistSpan;
  shadow = cover(shadowD, 0.025 + 0.03 * depth) * mix(0.10, 0.2, depth);
  vec2 rel = q - vec2(kBodyEnd - 0.04, 0.0);
  float tailRay = rays(atanFast(rel.y, max(rel.x, 1e-3)) * 30.0, rel.x);
  float finRay = rays(atanFast(qf.y - kPecRoot.y, qf.x - kPecRoot.x) * 34.0, length(qf - kPecRoot));
#endif
  if (max(max(bodyC, tailC), max(finC, shadow)) <= 0.0) discard;

  // ---- skin: the fish's noise tile, its own thresholds ----------------------------------------------
  vec2 patUV = (vec2(q.x, q.y * v_look.w) - kPatternOrigin) / kPatternSize;
  vec2 n = textureLod(u_pattern, clamp(patUV, kPatMin, kPatMax) / kTiles + v_place.xy, 0.0).rg;
  float red = smoothstep(v_skin.x - 0.045, v_skin.x + 0.045, n.r) * v_skin.z;
  red *= smoothstep(0.02, 0.09, q.x) * 0.35 + 0.65;     // the snout is mostly pale
  red = mix(red, 1.0 - smoothstep(0.04, 0.058, length((q - vec2(0.12, 0.0)) * vec2(1.0, 1.25))), v_kind.x);
  float ink = smoothstep(v_skin.y - 0.035, v_skin.y + 0.035, n.g);
  ink *= smoothstep(0.1, 0.2, q.x);                      // no sumi on the face
  vec3 skin = mix(base, patchCol, red);
  skin = mix(skin, inkCol, ink * 0.92);
  skin = mix(skin, mix(patchCol, base, 0.35), v_skin.w);

  // ---- painted over each other, back to front: shadow, fins, tail, body ----------------------------
  vec4 acc = vec4(0.0);
  acc = over(acc, vec3(0.02, 0.05, 0.08), shadow);

  // Fins: translucent, fading outward; a slightly darker rim lets the pale fins read on light pages too.
  float finReach = clamp(length(qf - kPecRoot) / 0.16, 0.0, 1.0);
  float finA = finC * mix(0.8, 0.4, finReach);
#ifndef KOI_LITE
  finA *= 0.85 + 0.15 * finRay;
#endif
  float finRim = 1.0 - smoothstep(-0.02, 0.0, finD);
  vec3 finCol = mix(fin, skin, 0.18) * mix(0.8, 1.0, finRim);
  finCol = mix(finCol, inkCol, v_kind.y * 0.75 * (1.0 - finReach));  // showa: black fin roots
  acc = over(acc, finCol, finA);

  // Forked tail fin: translucent, rays fanning out, fading toward the trailing edge.
  float tailReach = clamp((q.x - (kBodyEnd - 0.04)) / 0.24, 0.0, 1.0);
  float tailA = tailC * mix(0.9, 0.45, tailReach);
#ifndef KOI_LITE
  tailA *= 0.82 + 0.18 * tailRay;
#endif
  float tailRim = 1.0 - smoothstep(-0.025, 0.0, tailD);
  acc = over(acc, mix(fin, skin, 0.35 * (1.0 - tailReach)) * mix(0.8, 1.0, tailRim), tailA);

  // Body, with soft rounded shading (baked): lit along the back, darker at the flanks.
  vec3 col = skin * shape.b + vec3(0.16) * shape.a * (1.0 - 0.6 * ink);
#ifndef KOI_LITE
  // Dorsal fin seen from above: a fine translucent crest along the spine.
  float dorsal = (1.0 - smoothstep(0.006, 0.014, qf.y)) * smoothstep(0.3, 0.36, q.x) * (1.0 - smoothstep(0.6, 0.68, q.x));
  col = mix(col, mix(fin, skin, 0.5) * 0.82, dorsal * 0.55);
#endif
  // Eyes on the sides of the head.
  float eye = 1.0 - smoothstep(0.008, 0.013, length(vec2(q.x - 0.08, qf.y - 0.052)));
  col = mix(col, vec3(0.05, 0.05, 0.07), eye * 0.9);
#ifndef KOI_LITE
  col *= v_shimmer;
#endif
  acc = over(acc, col, bodyC);

  // ---- depth, palette glow and page opacity --------------------------------------------------------
  // The back tier is paler (desaturated, toward the water when there is water) and more transparent.
  float pale = v_kind.z;
  vec3 rgb = acc.a > 0.0 ? acc.rgb / acc.a : vec3(0.0);
  float lum = dot(rgb, vec3(0.299, 0.587, 0.114));
  rgb = mix(rgb, vec3(lum), pale * 0.35);
  rgb = mix(rgb, u_water.rgb, pale * 0.4 * u_water.a);
  float alpha = acc.a * (1.0 - 0.28 * pale) * u_opacity;
  // Neon: part of the light is added rather than blended, so it glows over dark pages.
  o_color = vec4(rgb * alpha, alpha * (1.0 - 0.45 * v_glow));
}
