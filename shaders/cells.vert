#version 300 es
// S-CHO-4 a formation's light plate and landed cells: world-px rectangles as triangles, all in one draw.
precision highp float;

uniform vec3 u_world;  // world -> device px: scale, offset x, offset y (fish_renderer.h)
uniform vec2 u_pixels;  // drawing-buffer size, device px

in vec3 a_pos;  // world x, y (px); tone: 0 the plate, 1 a cell
out float v_tone;

void main() {
  vec2 clip = (a_pos.xy * u_world.x + u_world.yz) / u_pixels * 2.0 - 1.0;
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
  v_tone = a_pos.z;
}
