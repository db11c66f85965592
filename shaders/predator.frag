#version 300 es
// The predator: a slender dark pike, slate above a pale flank line, a forked tail, a beating body wave and an amber
// eye (premultiplied alpha). Distances in quad units; positive inside.
precision mediump float;

in vec2 v_uv;
uniform float u_time;
uniform float u_opacity;
out vec4 o_color;

void main() {
  float x = v_uv.x;
  float y = v_uv.y - 0.08 * sin(u_time * 9.0 + x * 3.0) * (1.0 - x) * 0.5;  // the body wave, strongest at the tail
  float body = 0.26 * sqrt(max(0.0, 1.0 - x * x)) * (x < 0.0 ? 1.0 + x * 0.5 : 1.0) - abs(y);
  body = min(body, x + 0.7);
  float tail = (-0.62 - x) * 1.1 + 0.03 - abs(y);  // a fin widening backward ...
  tail = min(min(tail, 1.0 + x), abs(y) - (1.0 + x) * 0.6);  // ... cut off at the end, forked
  float d = max(body, tail);
  float aa = fwidth(d) + 1e-4;
  float a = smoothstep(-aa, aa, d);
  float flank = smoothstep(0.05, 0.0, abs(y + 0.03)) * step(-0.6, x);
  vec3 color = mix(vec3(0.12, 0.16, 0.21), vec3(0.55, 0.6, 0.57), flank * 0.6);
  color = mix(color, vec3(0.95, 0.62, 0.16), smoothstep(0.045, 0.025, length(vec2(x - 0.74, abs(y) - 0.06))));
  float alpha = a * u_opacity;
  o_color = vec4(color * alpha, alpha);
}
