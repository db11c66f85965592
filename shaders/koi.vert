#version 300 es
// Koi vertex shader: lays a ribbon along each fish's bent spine (S-REN-6 swimming wave, S-REN-7 turn bend).
precision highp float;

// Static mesh: a strip of cross-sections along the fish.
layout(location = 0) in vec2 a_mesh;     // x: s, 0 snout .. 1 tail-fin tip (a little beyond, for the shadow); y: side -1 / +1
// Per-instance data (fish_renderer.cpp, kInstanceFloats).
layout(location = 1) in vec4 a_pose;     // world position (px), heading unit vector
layout(location = 2) in vec4 a_motion;   // length (world px), tail phase (rad), turn bend (rad), speed (px/s)
layout(location = 3) in uint a_pattern;  // patch seed
layout(location = 4) in vec3 a_look;     // depth 0 back..1 front, speed 0..1 of max, shadow offset (lengths)

uniform vec3 u_world;   // world -> device px: scale, offset x, offset y (letterbox, see fish_renderer.h)
uniform vec2 u_pixels;  // drawing-buffer size, device px
uniform float u_time;   // s, animation clock (fins)

out vec2 v_local;          // undeformed fish coordinates in body lengths: x = s, y = lateral (+ = fish's right)
out vec2 v_world;          // world px, for the caustic shimmer
flat out vec2 v_shadow;    // shadow offset in fish coordinates (lengths)
flat out uint v_pattern;
flat out vec4 v_look;      // depth, speed, pectoral fin angle (rad), unused

const float kPivot = 0.33;     // the body turns about this point (near the widest part), so the head stays calm
const float kLag = 5.236;      // wave phase lag per body length: 30 deg per node, 10 nodes per length
const float kOutShare = 0.38;  // share of each half-beat spent sweeping out; the rest is the slower return
const int kSteps = 10;
const float kFinRoot = 0.84;   // s where the tail fin stops bending         // spine integration steps

// Asymmetric stroke in [-1, 1]: reaches each side fast, comes back to the middle slowly.
float stroke(float phase) {
  const float kTwoPi = 6.2831853;
  float p = mod(phase, kTwoPi);
  float side = p < 3.1415927 ? 1.0 : -1.0;
  float h = mod(p, 3.1415927) / 3.1415927;
  float u = h < kOutShare ? 0.5 * h / kOutShare : 0.5 + 0.5 * (h - kOutShare) / (1.0 - kOutShare);
  return side * sin(3.1415927 * u);
}

// Spine direction angle at s relative to the heading: turn bend (uniform curvature about the pivot)
// plus the travelling wave, whose envelope is ~0 at the head and full from the peduncle back.
float spineAngle(float s, float phase, float bend, float amp) {
  float sc = clamp(s, 0.0, kFinRoot);  // the tail fin behind kFinRoot turns as one piece (no folds)
  float env = smoothstep(0.18, 0.82, sc);
  return bend * (sc - kPivot) + amp * env * env * stroke(phase - kLag * sc);
}

// Half-width of the ribbon (lengths): covers the pectoral fins at the front, the tail lobes behind, and the shadow.
float ribbonHalfWidth(float s) {
  return mix(0.36, 0.25, smoothstep(0.45, 0.75, s));
}

void main() {
  float s = a_mesh.x;
  float len = a_motion.x;
  float phase = a_motion.y, bend = a_motion.z;
  // S-REN-6 tail amplitude, on the GPU so the CPU pays no pow per fish:
  // 3 deg + 51.68 deg * p / (1 + 0.6149 p), p = (v / 60)^1.4: 3 deg still, 35 deg at 60 px/s, 55 deg at 120 px/s.
  float pw = pow(max(a_motion.w, 0.0) / 60.0, 1.4);
  float amp = radians(3.0 + 51.68 * pw / (1.0 + 0.6149 * pw));

  // Integrate the spine from the pivot to s (midpoint rule); x points backward, y to the fish's right.
  vec2 p = vec2(0.0);
  float ds = (s - kPivot) / float(kSteps);
  for (int i = 0; i < kSteps; ++i) {
    float th = spineAngle(kPivot + (float(i) + 0.5) * ds, phase, bend, amp);
    p += vec2(cos(th), sin(th)) * ds;
  }
  float th = spineAngle(s, phase, bend, amp);
  float half_w = ribbonHalfWidth(s);
  vec2 local = p + vec2(-sin(th), cos(th)) * (a_mesh.y * half_w);

  vec2 head = a_pose.zw;
  vec2 back = -head;
  vec2 right = vec2(-head.y, head.x);  // y grows downward on screen, so this is the fish's right
  vec2 world = a_pose.xy + len * (local.x * back + local.y * right);
  vec2 px = world * u_world.x + u_world.yz;
  gl_Position = vec4(px.x / u_pixels.x * 2.0 - 1.0, 1.0 - px.y / u_pixels.y * 2.0, 0.0, 1.0);

  v_local = vec2(s, a_mesh.y * half_w);
  v_world = world;
  // Light from the upper left: the shadow falls down-right on the page, further for fish nearer the surface.
  vec2 shadowWorld = normalize(vec2(0.55, 1.0)) * a_look.z;
  v_shadow = vec2(dot(shadowWorld, back), dot(shadowWorld, right));
  v_pattern = a_pattern;
  // Pectoral fins: spread wide and paddling when slow, tucked back when fast.
  float speed = a_look.y;
  float finPhase = float(a_pattern >> 20) * (6.2831853 / 4096.0);  // per fish, from the seed's top bits
  float paddle = sin(u_time * (2.2 + 1.6 * (1.0 - speed)) + finPhase) * (0.1 + 0.28 * (1.0 - speed));
  v_look = vec4(a_look.x, speed, mix(1.05, 0.55, speed) + paddle, 0.0);
}
