/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-camera.h: an orbit camera: a target, a distance and two angles. Orbit turns around the
 * target, zoom moves along the view, pan moves the target in the view plane, fit frames a box.
 * Plain math on cglm; no GL. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  float target[3];
  float distance;
  float yaw;      /* radians around the vertical axis */
  float pitch;    /* radians above the horizon */
  float fov;      /* vertical field of view, radians */
} TfCamera;

void tf_camera_init (TfCamera *camera);
/* Looks at the middle of the box, keeping the angles, from just far enough that all of it is
 * in a view of @aspect (width / height). */
void tf_camera_fit (TfCamera *camera, const float min[3], const float max[3], float aspect);
/* The same for @n_points points (x, y, z each) inside the box: closer for shapes, such as a
 * circle, that leave the box's corners empty. */
void tf_camera_fit_points (TfCamera *camera, const float min[3], const float max[3],
                           const float *points, gsize n_points, float aspect);
void tf_camera_orbit (TfCamera *camera, float dx_radians, float dy_radians);
/* Multiplies the distance by @factor (< 1 comes closer). */
void tf_camera_zoom (TfCamera *camera, float factor);
/* Moves the target by a drag of (dx, dy) pixels in a view @height pixels tall. */
void tf_camera_pan (TfCamera *camera, float dx, float dy, float height);

void tf_camera_eye (const TfCamera *camera, float eye[3]);
/* How many pixels one unit of the scene spans at the camera's target in a view @height
 * pixels tall. */
float tf_camera_pixels_per_unit (const TfCamera *camera, float height);
/* Column-major 4x4 matrices, for GL. */
void tf_camera_view_projection (const TfCamera *camera, float aspect, float out[16]);
/* The ray through pixel (x, y) of a @width x @height view. */
void tf_camera_ray (const TfCamera *camera, float x, float y, float width, float height,
                    float origin[3], float direction[3]);

G_END_DECLS
