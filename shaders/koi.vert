#version 300 es
// Koi vertex shader: lays a ribbon along each fish's bent spine (S-REN-6 swimming wave, S-REN-7 turn bend), as
// tight as the fish, its animated pectoral fins and its shadow allow, and works out every per-fish constant
// (patch variety and thresholds, shadow offset, fin posture, skin shimmer) so the fragment shader does not.
// The renderer compiles it twice: as is (the full koi) and with KOI_LITE defined (the cheap koi: no shadow,
// no shimmer), see fish_renderer.cpp.
precision highp float;
precision highp int;

// The constants table (src/base/constants.h, written as GLSL by the build): the per-fish texture's layout and the
// koi bake's atlas and ribbon profile.
#include "constants.glsl"

// No vertex attributes: one triangle strip per depth tier, (segments + 1) * 2 + 2 vertices per fish (the ribbon's
// cross-sections, its first and last vertex repeated to join the next fish with degenerate triangles).
// Per-fish data (fish_renderer.cpp kInstanceFloats), kFishTexels texels per fish, kFishPerRow fish per row:
//   pose    world position (px), heading unit vector
//   motion  length (world px), tail phase (rad), turn bend (rad), speed (px/s)
//   look    patch seed (uint bits), depth 0 back..1 front, speed 0..1 of max, species (uint: its palette slot)
uniform highp usampler2D u_fish;
uniform ivec3 u_strip;  // the tier's first fish, ribbon segments, ribbon vertices ((segments + 1) * 2)
// Palettes, one slot per species (fish_renderer.cpp useKoi):
uniform vec3 u_base[3];   // main skin colour (white on a kohaku)
uniform vec3 u_patch[3];  // patch colour (hi, the red)
uniform vec3 u_ink[3];    // sumi, the black
uniform vec3 u_fin[3];    // fin tint
uniform float u_glow[3];  // 0..1: share of the colour added instead of blended (neon palette)

uniform vec3 u_world;   // world -> device px: scale, offset x, offset y (letterbox, see fish_renderer.h)
uniform vec2 u_pixels;  // drawing-buffer size, device px
uniform float u_time;   // s, animation clock (fins, shimmer)
// Ribbon half-width per s (koi_bake.h kProfile*): x = body, tail and pelvic fins; y = body and tail (the shadow);
// already the max over the strip's vertex spacing, so the straight edge between two vertices never cuts a shape.
uniform vec2 u_profile[kProfileN];

// Few interpolated varyings (each costs software rasterisers set-up work per triangle); the rest is per fish.
out vec2 v_local;          // undeformed fish coordinates in body lengths: x = s, y = lateral (+ = fish's right)
#ifndef KOI_LITE
out float v_shimmer;       // skin light ripples, 0.93..1.09
#endif
flat out vec4 v_skin;      // red threshold, ink threshold, red on (0/1), solid colour (0/1)
flat out vec4 v_kind;      // tancho (0/1), showa (0/1), paleness of the back tier, edge blur (lengths)
flat out vec4 v_look;      // depth, pectoral fin direction (unit vector in fish coordinates), pattern mirror (+-1)
flat out vec4 v_place;     // the pattern tile's corner in the atlas, shadow offset (lengths, fish coordinates)
// S-ECO-3 the fish's palette, picked here by its species: a uniform array indexed per fragment cost SwiftShader
// a quarter more fill time at 10 000 fish (frame bench), per vertex it costs nothing.
flat out vec3 v_base, v_patch, v_ink, v_fin;  // skin, patch (hi), sumi, fin tint
flat out float v_glow;                          // share of the colour added instead of blended (neon)

const float kPivot = 0.33;     // the body turns about this point (near the widest part), so the head stays calm
const float kLag = 5.236;      // wave phase lag per body length: 30 deg per node, 10 nodes per length
const float kFinRoot = 0.84;   // s where the tail fin stops bending
const float kTailEnd = 1.02;   // s of the tail-fin tips
#ifndef KOI_LITE
const int kSteps = 6;          // spine integration steps (midpoint rule)
#else
const int kSteps = 4;          // the cheap koi: a coarser spine
#endif

// The koi bake's patch atlas, in tiles.
const float kTilesX = float(kPatternTilesX), kTilesY = float(kPatternTilesY);

uint hashU(uint x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
float hash01(uint x) { return float(hashU(x) >> 8) * (1.0 / 16777216.0); }

#include "wave.glsl"

// Spine direction angle at s relative to the heading: turn bend (uniform curvature about the pivot)
// plus the travelling wave, whose envelope is ~0 at the head and full from the peduncle back.
float spineAngle(float s, float phase, float bend, float amp) {
  float sc = clamp(s, 0.0, kFinRoot);  // the tail fin behind kFinRoot turns as one piece (no folds)
  float env = smoothstep(0.18, 0.82, sc);
  return bend * (sc - kPivot) + amp * env * env * stroke(phase - kLag * sc);
}

// Baked half-widths at s (0 outside the fish), linearly interpolated.
vec2 profile(float s) {
  float x = (s - kProfileS0) / kProfileStep;
  if (x <= 0.0 || x >= float(kProfileN - 1)) return vec2(0.0);
  int i = int(x);
  return mix(u_profile[i], u_profile[i + 1], x - float(i));
}

// Gentle moving light ripples on the skin (underwater shading), per vertex.
float shimmer(vec2 w) {
  float t = u_time;
  float a = sin(w.x * 0.045 + t * 0.9 + sin(w.y * 0.03 - t * 0.5) * 1.7);
  float b = sin(w.y * 0.05 - t * 0.7 + sin(w.x * 0.035 + t * 0.4) * 1.9);
  float l = 0.5 + 0.25 * (a + b);
  return l * l * l;
}

void main() {
  // ---- which fish, and where on its ribbon -----------------------------------------------------------
  int perFish = u_strip.z + 2;
  int fish = u_strip.x + gl_VertexID / perFish;
  int k = clamp(gl_VertexID % perFish - 1, 0, u_strip.z - 1);  // the repeated ends are degenerate joins
  vec2 a_mesh = vec2(float(k / 2) / float(u_strip.y), (k & 1) == 1 ? 1.0 : -1.0);  // along 0..1, side
  ivec2 at = ivec2((fish % kFishPerRow) * kFishTexels, fish / kFishPerRow);
  vec4 a_pose = uintBitsToFloat(texelFetch(u_fish, at, 0));
  vec4 a_motion = uintBitsToFloat(texelFetch(u_fish, at + ivec2(1, 0), 0));
  uvec4 look = texelFetch(u_fish, at + ivec2(2, 0), 0);
  uint a_pattern = look.x;
  vec2 a_look = uintBitsToFloat(look.yz);
  int palette = int(min(look.w, 2u));
  v_base = u_base[palette];
  v_patch = u_patch[palette];
  v_ink = u_ink[palette];
  v_fin = u_fin[palette];
  v_glow = u_glow[palette];

  float len = a_motion.x;
  float phase = a_motion.y, bend = a_motion.z;
  float depth = a_look.x, speed = a_look.y;
  vec2 head = a_pose.zw;
  vec2 back = -head;
  vec2 right = vec2(-head.y, head.x);  // y grows downward on screen, so this is the fish's right

  // ---- per-fish constants -------------------------------------------------------------------------
  // Pectoral fins: spread wide and paddling when slow, tucked back when fast.
  float finPhase = float(a_pattern >> 20) * (6.2831853 / 4096.0);  // per fish, from the seed's top bits
  float paddle = sin(u_time * (2.2 + 1.6 * (1.0 - speed)) + finPhase) * (0.1 + 0.28 * (1.0 - speed));
  float pa = mix(1.05, 0.55, speed) + paddle;
  vec2 pDir = vec2(cos(pa), sin(pa));
  float blur = mix(0.022, 0.0, smoothstep(0.0, 0.5, depth));  // the back tier is softer
  float pxLen = 1.0 / max(len * u_world.x, 1e-3);               // one device pixel, in lengths
  float margin = 0.5 * blur + pxLen;                            // anti-aliased edge beyond the shape
#ifndef KOI_LITE
  // Light from the upper left: the shadow falls down-right on the page, further for fish nearer the surface.
  vec2 shadowWorld = normalize(vec2(0.55, 1.0)) * (0.04 + 0.06 * depth);  // nearer the surface, further
  vec2 shadow = vec2(dot(shadowWorld, back), dot(shadowWorld, right));
  float shadowMargin = 0.5 * max(0.025 + 0.03 * depth, 1.5 * pxLen) + pxLen;
  float s0 = min(0.0, shadow.x) - max(margin, shadowMargin);
  float s1 = kTailEnd + max(0.0, shadow.x) + max(margin, shadowMargin);
#else
  float s0 = -margin, s1 = kTailEnd + margin;
#endif

  // ---- the ribbon at this vertex: s, and a half-width on each side that just covers the shapes -------
  float s = mix(s0, s1, a_mesh.x);
  float ds = (s1 - s0) / float(u_strip.y);
  float bodyW = profile(s).x, shadowW = 0.0;
#ifndef KOI_LITE
  shadowW = profile(s - shadow.x).y;
#endif
  // The pectoral fin's bounding box (it moves): an ellipse of semi-axes 0.085 x 0.046 along pDir.
  vec2 finC = vec2(0.25, 0.085) + pDir * 0.07;
  float finEx = length(vec2(0.085 * pDir.x, 0.046 * pDir.y));
  float finEy = length(vec2(0.085 * pDir.y, 0.046 * pDir.x));
  float fishW = max(bodyW, abs(s - finC.x) < finEx + ds ? finC.y + finEy : 0.0);
  fishW = fishW > 0.0 ? fishW + margin : 0.0;
  float sideW = fishW;
#ifndef KOI_LITE
  if (shadowW > 0.0) sideW = max(fishW, a_mesh.y * shadow.y + shadowW + shadowMargin);
#endif

  // S-REN-6 tail amplitude, on the GPU so the CPU pays no pow per fish:
  // 3 deg + 51.68 deg * p / (1 + 0.6149 p), p = (v / 60)^1.4: 3 deg still, 35 deg at 60 px/s, 55 deg at 120 px/s.
  float pw = pow(max(a_motion.w, 0.0) / 60.0, 1.4);
  float amp = radians(3.0 + 51.68 * pw / (1.0 + 0.6149 * pw));

  // Integrate the spine from the pivot to s (midpoint rule); x points backward, y to the fish's right.
  vec2 p = vec2(0.0);
  float h = (s - kPivot) / float(kSteps);
  for (int i = 0; i < kSteps; ++i) {
    float th = spineAngle(kPivot + (float(i) + 0.5) * h, phase, bend, amp);
    p += vec2(cos(th), sin(th)) * h;
  }
  float th = spineAngle(s, phase, bend, amp);
  vec2 local = p + vec2(-sin(th), cos(th)) * (a_mesh.y * sideW);

  vec2 world = a_pose.xy + len * (local.x * back + local.y * right);
  vec2 px = world * u_world.x + u_world.yz;
  gl_Position = vec4(px.x / u_pixels.x * 2.0 - 1.0, 1.0 - px.y / u_pixels.y * 2.0, 0.0, 1.0);

  vec2 q = vec2(s, a_mesh.y * sideW);
  v_local = q;
#ifndef KOI_LITE
  v_shimmer = 0.93 + 0.16 * shimmer(world);
#else
  vec2 shadow = vec2(0.0);
#endif

  // ---- patches from the seed: tile, variety, thresholds --------------------------------------------
  uint seed = hashU(a_pattern + 0x9e3779b9u);
  uint variety = hashU(seed) % 8u;
  uint tile = (seed >> 8) % uint(kTilesX * kTilesY);
  float mirror = ((seed >> 16) & 1u) == 1u ? -1.0 : 1.0;  // half the fish wear their tile mirrored
  v_place = vec4(float(tile % uint(kTilesX)) / kTilesX, float(tile / uint(kTilesX)) / kTilesY, shadow);
  float redLevel = mix(0.40, 0.58, hash01(seed ^ 0x7u));  // lower = more red
  float inkLevel = 2.0;                                  // > 1: no sumi
  float redOn = 1.0;
  if (variety == 2u || variety == 3u) inkLevel = 0.66;   // sanke: small black spots
  if (variety == 4u) inkLevel = 0.56;                    // showa: bold black
  if (variety == 5u) { inkLevel = 0.62; redOn = 0.0; }   // shiro bekko: white and black
  float solid = variety == 6u ? 1.0 : 0.0;               // ogon / chagoi: one colour
  float tancho = variety == 7u ? 1.0 : 0.0;              // tancho: one red crown on the head
  v_skin = vec4(redLevel, inkLevel, redOn, solid);
  v_kind = vec4(tancho, variety == 4u ? 1.0 : 0.0, 1.0 - smoothstep(0.0, 0.55, depth), blur);
  v_look = vec4(depth, pDir, mirror);
}
