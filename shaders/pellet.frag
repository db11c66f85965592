#version 300 es
// A food pellet: a round warm-brown grain with a highlight and a soft shadow, fading as it sinks (premultiplied).
precision mediump float;

in vec2 v_uv;
in float v_life;
uniform float u_opacity;
out vec4 o_color;

void main() {
  float r = length(v_uv);
  float aa = fwidth(r);
  float grain = 1.0 - smoothstep(1.0 - aa, 1.0 + aa, r);
  float shadow = (1.0 - smoothstep(0.8, 2.0, length(v_uv - vec2(0.35, 0.45)))) * 0.35;
  float light = smoothstep(0.9, -0.6, v_uv.x + v_uv.y);
  vec3 color = mix(vec3(0.42, 0.24, 0.10), vec3(0.86, 0.64, 0.36), light);
  float fade = smoothstep(0.0, 0.35, v_life) * u_opacity;
  float alpha = max(grain, shadow) * fade;
  o_color = vec4(color * grain * fade, alpha);
}
