#version 300 es
// The predator (S-ECO-2): one quad along its heading, from gl_VertexID; no vertex buffer.
precision highp float;

uniform vec3 u_world;   // world -> device px: scale, offset x, offset y (fish_renderer.h)
uniform vec2 u_pixels;  // drawing-buffer size, device px
uniform vec4 u_pred;    // x, y (world px), heading unit vector
uniform float u_len;    // body length, device px

out vec2 v_uv;  // x: -1 tail .. 1 snout; y: -1 .. 1 across

const vec2 kCorner[6] = vec2[6](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1), vec2(-1, 1));

void main() {
  vec2 c = kCorner[gl_VertexID];
  vec2 h = u_pred.zw, side = vec2(-h.y, h.x);
  vec2 device = u_pred.xy * u_world.x + u_world.yz + (h * c.x + side * c.y * 0.3) * u_len * 0.5;
  vec2 clip = device / u_pixels * 2.0 - 1.0;
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
  v_uv = c;
}
