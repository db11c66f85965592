#version 300 es
// Teaching-view overlay (the studio's web/studio/gl.js, embedded in its script at build time): coloured triangles in
// world px, mapped to the canvas as the koi are (koi.vert), so the overlay sits exactly on the fish. No vertex
// attributes: like the koi, each vertex is one texel of a texture uploaded once per frame (x and y float bits, RGBA8
// colour), found by gl_VertexID.
precision highp float;

const int kRow = 1024;  // vertices per texture row (gl.js OVERLAY_ROW)
uniform vec3 u_world;   // world -> device px: scale, offset x, offset y (letterbox, see fish_renderer.h)
uniform vec2 u_pixels;  // drawing-buffer size, device px
uniform highp usampler2D u_vertices;
out vec4 v_colour;

void main() {
  uvec4 t = texelFetch(u_vertices, ivec2(gl_VertexID % kRow, gl_VertexID / kRow), 0);
  vec2 px = uintBitsToFloat(t.xy) * u_world.x + u_world.yz;
  gl_Position = vec4(px.x / u_pixels.x * 2.0 - 1.0, 1.0 - px.y / u_pixels.y * 2.0, 0.0, 1.0);
  vec4 c = vec4((uvec4(t.z) >> uvec4(0u, 8u, 16u, 24u)) & 255u) / 255.0;  // straight alpha, red in the lowest byte
  v_colour = vec4(c.rgb * c.a, c.a);    // premultiplied, as the canvas composites
}
