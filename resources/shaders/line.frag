#version 330 core
// SPDX-License-Identifier: GPL-3.0-or-later
in vec4 v_color;

// Below 1 while something is highlighted: the rest fades.
uniform float u_dim;

out vec4 o_color;

void
main ()
{
  o_color = vec4 (v_color.rgb, v_color.a * u_dim);
}
