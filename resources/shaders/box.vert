#version 330 core
// SPDX-License-Identifier: GPL-3.0-or-later
// Instanced boxes: a unit cube scaled and moved by each instance.
layout (location = 0) in vec3 a_corner;
layout (location = 1) in vec3 a_normal;
layout (location = 2) in vec3 i_center;
layout (location = 3) in vec3 i_size;
layout (location = 4) in vec4 i_color;

uniform mat4 u_view_projection;

out vec4 v_color;
out vec3 v_normal;

void
main ()
{
  gl_Position = u_view_projection * vec4 (i_center + a_corner * i_size, 1.0);
  v_color = i_color;
  v_normal = a_normal;
}
