#version 300 es
// Food pellets (S-INT-4): one quad per pellet from gl_VertexID, the pellets in a uniform array; no vertex buffer.
precision highp float;

uniform vec3 u_world;       // world -> device px: scale, offset x, offset y (fish_renderer.h)
uniform vec2 u_pixels;      // drawing-buffer size, device px
uniform vec4 u_pellets[6];  // x, y (world px), life left 0..1, radius (device px)

out vec2 v_uv;      // -1..1 across the quad
out float v_life;   // 1 just dropped .. 0 sunk out of sight

const vec2 kCorner[6] = vec2[6](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1), vec2(-1, 1));

void main() {
  vec4 p = u_pellets[gl_VertexID / 6];
  vec2 corner = kCorner[gl_VertexID % 6];
  // Sinking: it shrinks a little and drifts down the screen as it fades.
  float sink = 1.0 - p.z;
  float radius = p.w * (1.0 - 0.35 * sink);
  vec2 device = p.xy * u_world.x + u_world.yz + vec2(0.0, 6.0 * sink * u_world.x) + corner * radius * 2.0;
  vec2 clip = device / u_pixels * 2.0 - 1.0;
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
  v_uv = corner * 2.0;  // the pellet is the middle half of the quad; the rest is its soft shadow
  v_life = p.z;
}
