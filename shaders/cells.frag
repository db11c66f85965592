#version 300 es
// Flat colours, premultiplied: the plate's and the cells'.
precision mediump float;

uniform vec4 u_plate;
uniform vec4 u_ink;
in float v_tone;
out vec4 o_color;

void main() { o_color = v_tone > 0.5 ? u_ink : u_plate; }
