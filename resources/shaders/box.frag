#version 330 core
// SPDX-License-Identifier: GPL-3.0-or-later
// Flat faces lit by one fixed light, so the boxes read as solids.
in vec4 v_color;
in vec3 v_normal;

uniform vec3 u_light;
// Below 1 while something is highlighted: the rest steps back toward the background.
uniform float u_dim;

out vec4 o_color;

void
main ()
{
  float light = 0.58 + 0.42 * max (dot (normalize (v_normal), u_light), 0.0);

  o_color = vec4 (v_color.rgb * light * u_dim, v_color.a);
}
