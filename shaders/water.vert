#version 300 es
// Water background vertex shader: one triangle that covers the canvas, no vertex buffer (gl_VertexID).
precision highp float;

void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));  // (0,0) (2,0) (0,2)
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
