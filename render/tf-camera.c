/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-camera.c: the orbit camera (see tf-camera.h). */
#include <cglm/cglm.h>
#include <math.h>
#include <string.h>

#include "tf-camera.h"

#define PITCH_LIMIT (GLM_PI_2f - 0.01f)
#define NEAR_RATIO  0.01f
#define FAR_RATIO   20.0f
#define FIT_MARGIN  1.08f

void
tf_camera_init (TfCamera *camera)
{
  memset (camera, 0, sizeof *camera);
  camera->distance = 50.0f;
  camera->yaw = glm_rad (35.0f);
  camera->pitch = glm_rad (30.0f);
  camera->fov = glm_rad (40.0f);
}

void
tf_camera_orbit (TfCamera *camera,
                 float     dx_radians,
                 float     dy_radians)
{
  camera->yaw = fmodf (camera->yaw + dx_radians, 2 * GLM_PIf);
  camera->pitch = glm_clamp (camera->pitch + dy_radians, -PITCH_LIMIT, PITCH_LIMIT);
}

void
tf_camera_zoom (TfCamera *camera,
                float     factor)
{
  camera->distance = glm_clamp (camera->distance * factor, 0.5f, 1e7f);
}

void
tf_camera_eye (const TfCamera *camera,
               float           eye[3])
{
  eye[0] = camera->target[0] + camera->distance * cosf (camera->pitch) * sinf (camera->yaw);
  eye[1] = camera->target[1] + camera->distance * sinf (camera->pitch);
  eye[2] = camera->target[2] + camera->distance * cosf (camera->pitch) * cosf (camera->yaw);
}

float
tf_camera_pixels_per_unit (const TfCamera *camera,
                           float           height)
{
  g_return_val_if_fail (camera != NULL, 0);
  return height / (2 * MAX (camera->distance, 1e-6f) * tanf (camera->fov / 2));
}

/* The camera's right and up vectors in world space. */
static void
basis (const TfCamera *camera,
       vec3            right,
       vec3            up)
{
  vec3 eye, forward, world_up = { 0, 1, 0 };

  tf_camera_eye (camera, eye);
  glm_vec3_sub ((float *) camera->target, eye, forward);
  glm_vec3_normalize (forward);
  glm_vec3_cross (forward, world_up, right);
  glm_vec3_normalize (right);
  glm_vec3_cross (right, forward, up);
}

/* Far enough that @point projects inside the view: a point at (x, y) across and z towards
 * the eye is seen when |x| <= (d - z) tan_h and |y| <= (d - z) tan_v. */
static float
distance_for (const TfCamera *camera,
              vec3            right,
              vec3            up,
              vec3            back,
              const float     point[3],
              float           tan_h,
              float           tan_v)
{
  vec3 c;
  float x, y, z, distance;

  for (guint axis = 0; axis < 3; axis++)
    c[axis] = point[axis] - camera->target[axis];
  x = glm_vec3_dot (c, right);
  y = glm_vec3_dot (c, up);
  z = glm_vec3_dot (c, back);
  /* The margin widens the view, not the depth: boxes seen end-on stay framed tightly. */
  distance = MAX (z + FIT_MARGIN * fabsf (x) / tan_h, z + FIT_MARGIN * fabsf (y) / tan_v);
  /* And the eye stays outside the box, clear of the near plane. */
  return MAX (distance, 1.02f * z);
}

void
tf_camera_fit_points (TfCamera    *camera,
                      const float  min[3],
                      const float  max[3],
                      const float *points,
                      gsize        n_points,
                      float        aspect)
{
  vec3 right, up, back;
  float tan_v = tanf (camera->fov / 2), tan_h = tan_v * MAX (aspect, 0.01f);
  float distance = 1.0f;

  g_return_if_fail (camera != NULL && (points != NULL || n_points == 0));

  for (guint axis = 0; axis < 3; axis++)
    camera->target[axis] = (min[axis] + max[axis]) / 2;
  /* The view's axes do not depend on the distance, only on the angles. */
  camera->distance = 1.0f;
  basis (camera, right, up);
  glm_vec3_cross (right, up, back);
  for (gsize i = 0; i < n_points; i++)
    distance = MAX (distance, distance_for (camera, right, up, back, points + 3 * i, tan_h,
                                            tan_v));
  camera->distance = distance;
}

void
tf_camera_fit (TfCamera    *camera,
               const float  min[3],
               const float  max[3],
               float        aspect)
{
  float corners[8][3];

  for (guint corner = 0; corner < 8; corner++)
    for (guint axis = 0; axis < 3; axis++)
      corners[corner][axis] = (corner >> axis) & 1 ? max[axis] : min[axis];
  tf_camera_fit_points (camera, min, max, &corners[0][0], 8, aspect);
}

void
tf_camera_pan (TfCamera *camera,
               float     dx,
               float     dy,
               float     height)
{
  vec3 right, up;
  /* World units per pixel at the target's depth. */
  float scale = 2 * camera->distance * tanf (camera->fov / 2) / MAX (height, 1.0f);

  basis (camera, right, up);
  for (guint axis = 0; axis < 3; axis++)
    camera->target[axis] += (-dx * right[axis] + dy * up[axis]) * scale;
}

void
tf_camera_view_projection (const TfCamera *camera,
                           float           aspect,
                           float           out[16])
{
  vec3 eye, up = { 0, 1, 0 };
  mat4 view, projection, result;

  tf_camera_eye (camera, eye);
  glm_lookat (eye, (float *) camera->target, up, view);
  glm_perspective (camera->fov, MAX (aspect, 0.01f), camera->distance * NEAR_RATIO,
                   camera->distance * FAR_RATIO, projection);
  glm_mat4_mul (projection, view, result);
  memcpy (out, result, sizeof (mat4));
}

void
tf_camera_ray (const TfCamera *camera,
               float           x,
               float           y,
               float           width,
               float           height,
               float           origin[3],
               float           direction[3])
{
  vec3 eye, forward, right, up;
  float ndc_x = 2 * x / MAX (width, 1.0f) - 1;
  float ndc_y = 1 - 2 * y / MAX (height, 1.0f);
  float tan_half = tanf (camera->fov / 2);
  float aspect = width / MAX (height, 1.0f);

  tf_camera_eye (camera, eye);
  glm_vec3_sub ((float *) camera->target, eye, forward);
  glm_vec3_normalize (forward);
  basis (camera, right, up);
  for (guint axis = 0; axis < 3; axis++)
    {
      origin[axis] = eye[axis];
      direction[axis] = forward[axis] + ndc_x * tan_half * aspect * right[axis]
                        + ndc_y * tan_half * up[axis];
    }
  glm_vec3_normalize (direction);
}
