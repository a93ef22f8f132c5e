/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-camera.c: the orbit camera (render/tf-camera.c), checked through the matrix the GL
 * view draws with: what fit frames lands inside the view, orbit, zoom and pan move only what
 * they say, and a picking ray goes back to the pixel it came from. Random cases come from
 * fixed seeds so a failure repeats.
 */
#include <math.h>
#include <string.h>

#include "tf-camera.h"

static const float aspects[] = { 0.5f, 1.0f, 2.2f };
static const float yaws[] = { 0.0f, 0.61f, 1.5708f, 2.5f, -1.2f, 4.0f };
static const float pitches[] = { -1.2f, -0.3f, 0.0f, 0.52f, 1.3f, 1.55f };

/* Clip coordinates of @p under the column-major @m; NDC are clip / w. */
static void
project (const float  m[16],
         const float  p[3],
         float        ndc[3],
         float       *w)
{
  float clip[4];

  for (guint row = 0; row < 4; row++)
    clip[row] = m[0 * 4 + row] * p[0] + m[1 * 4 + row] * p[1] + m[2 * 4 + row] * p[2]
                + m[3 * 4 + row];
  *w = clip[3];
  for (guint axis = 0; axis < 3; axis++)
    ndc[axis] = clip[axis] / clip[3];
}

static float
distance3 (const float a[3],
           const float b[3])
{
  return sqrtf ((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1])
                + (a[2] - b[2]) * (a[2] - b[2]));
}

static float
dot3 (const float a[3],
      const float b[3])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Unit vector from the eye to the target. */
static void
forward_of (const TfCamera *camera,
            float           forward[3])
{
  float eye[3], length;

  tf_camera_eye (camera, eye);
  length = distance3 (camera->target, eye);
  for (guint axis = 0; axis < 3; axis++)
    forward[axis] = (camera->target[axis] - eye[axis]) / length;
}

/* Fits @min..@max and returns the largest |NDC| of a corner; every corner must be in view. */
static float
fit_and_measure (float        yaw,
                 float        pitch,
                 const float  min[3],
                 const float  max[3],
                 float        aspect)
{
  TfCamera camera;
  float m[16], largest = 0;

  tf_camera_init (&camera);
  camera.yaw = yaw;
  camera.pitch = pitch;
  tf_camera_fit (&camera, min, max, aspect);

  /* Fit keeps the angles and looks at the middle of the box. */
  g_assert_cmpfloat (camera.yaw, ==, yaw);
  g_assert_cmpfloat (camera.pitch, ==, pitch);
  for (guint axis = 0; axis < 3; axis++)
    g_assert_cmpfloat_with_epsilon (camera.target[axis], (min[axis] + max[axis]) / 2,
                                    1e-4f * MAX (1, fabsf (max[axis]) + fabsf (min[axis])));
  g_assert_cmpfloat (camera.distance, >, 0);

  tf_camera_view_projection (&camera, aspect, m);
  for (guint corner = 0; corner < 8; corner++)
    {
      float p[3], ndc[3], w;

      for (guint axis = 0; axis < 3; axis++)
        p[axis] = (corner >> axis) & 1 ? max[axis] : min[axis];
      project (m, p, ndc, &w);
      if (w <= 0 || fabsf (ndc[0]) > 1 + 1e-4f || fabsf (ndc[1]) > 1 + 1e-4f
          || ndc[2] < -1 - 1e-4f || ndc[2] > 1 + 1e-4f)
        g_error ("box (%g, %g, %g)..(%g, %g, %g), yaw %g, pitch %g, aspect %g: corner %u at "
                 "NDC (%g, %g, %g), w %g, is out of view", min[0], min[1], min[2], max[0],
                 max[1], max[2], yaw, pitch, aspect, corner, ndc[0], ndc[1], ndc[2], w);
      largest = MAX (largest, MAX (fabsf (ndc[0]), fabsf (ndc[1])));
    }
  return largest;
}

static void
assert_tight_fit (float        yaw,
                  float        pitch,
                  const float  min[3],
                  const float  max[3],
                  float        aspect)
{
  float largest = fit_and_measure (yaw, pitch, min, max, aspect);

  /* Just far enough: some corner comes near the edge of the view. */
  if (largest <= 0.8f)
    g_error ("box (%g, %g, %g)..(%g, %g, %g), yaw %g, pitch %g, aspect %g: the fit is loose, "
             "no corner beyond %g of the view", min[0], min[1], min[2], max[0], max[1],
             max[2], yaw, pitch, aspect, largest);
}

/* Boxes shaped like scenes: flat floors of pods, a tall rack, a cube, a slab far from the
 * origin, a small board. */
static void
test_fit_table (void)
{
  static const float boxes[][2][3] = {
    { { 0, 0, 0 }, { 100, 30, 100 } },
    { { -8.6f, 0, -7.1f }, { 8.6f, 29.8f, 7.1f } },
    { { 0, 0, 0 }, { 10, 10, 10 } },
    { { 1000, -5, 2000 }, { 1300, 55, 2100 } },
    { { -2, 0, -1 }, { 2, 1.5f, 1 } },
    { { 0, 0, 0 }, { 400, 45, 180 } },
  };

  for (guint b = 0; b < G_N_ELEMENTS (boxes); b++)
    for (guint a = 0; a < G_N_ELEMENTS (aspects); a++)
      for (guint y = 0; y < G_N_ELEMENTS (yaws); y++)
        for (guint p = 0; p < G_N_ELEMENTS (pitches); p++)
          assert_tight_fit (yaws[y], pitches[p], boxes[b][0], boxes[b][1], aspects[a]);
}

/* Random boxes anywhere, from a cm to kilometres across, no side more than 8 times another,
 * seen from random angles. */
static void
test_fit_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240613);

  for (guint n = 0; n < 3000; n++)
    {
      float min[3], max[3];
      double base = exp (g_rand_double_range (rand, log (0.5), log (2000)));
      float yaw = (float) g_rand_double_range (rand, -7, 7);
      float pitch = (float) g_rand_double_range (rand, -1.55, 1.55);

      for (guint axis = 0; axis < 3; axis++)
        {
          double centre = g_rand_double_range (rand, -5000, 5000);
          double size = base * exp (g_rand_double_range (rand, 0, log (8)));

          min[axis] = (float) (centre - size / 2);
          max[axis] = (float) (centre + size / 2);
        }
      assert_tight_fit (yaw, pitch, min, max, aspects[n % G_N_ELEMENTS (aspects)]);
    }
}

/* A point, a line and a plane: nothing to frame in some directions, but still in view and
 * nothing divides by zero. */
static void
test_fit_degenerate (void)
{
  static const float boxes[][2][3] = {
    { { 3, 4, 5 }, { 3, 4, 5 } },
    { { 0, 0, 0 }, { 20, 0, 0 } },
    { { 0, 0, 0 }, { 20, 0, 20 } },
  };

  for (guint b = 0; b < G_N_ELEMENTS (boxes); b++)
    for (guint a = 0; a < G_N_ELEMENTS (aspects); a++)
      for (guint y = 0; y < G_N_ELEMENTS (yaws); y++)
        for (guint p = 0; p < G_N_ELEMENTS (pitches); p++)
          g_assert_true (isfinite (fit_and_measure (yaws[y], pitches[p], boxes[b][0],
                                                    boxes[b][1], aspects[a])));
}

/* A box much deeper than it is wide, seen end on (the view runs along x at yaw pi/2): its
 * near face decides the distance, and the fit should still be tight. */
static void
test_fit_end_on (void)
{
  const float min[3] = { 0, 0, 0 }, max[3] = { 100, 1, 1 };

  for (guint a = 0; a < G_N_ELEMENTS (aspects); a++)
    assert_tight_fit (G_PI / 2, 0, min, max, aspects[a]);
}

static void
test_orbit (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint n = 0; n < 500; n++)
    {
      TfCamera camera;
      float target[3], eye[3], yaw, pitch, distance;
      float dx = (float) g_rand_double_range (rand, -4, 4);
      float dy = (float) g_rand_double_range (rand, -0.6, 0.6);

      tf_camera_init (&camera);
      for (guint axis = 0; axis < 3; axis++)
        camera.target[axis] = target[axis] = (float) g_rand_double_range (rand, -100, 100);
      camera.distance = distance = (float) g_rand_double_range (rand, 1, 500);
      camera.yaw = yaw = (float) g_rand_double_range (rand, -3, 3);
      camera.pitch = pitch = (float) g_rand_double_range (rand, -0.8, 0.8);

      tf_camera_orbit (&camera, dx, dy);
      g_assert_cmpmem (camera.target, sizeof camera.target, target, sizeof target);
      g_assert_cmpfloat (camera.distance, ==, distance);
      /* The angle turned by, whatever range yaw is kept in. */
      g_assert_cmpfloat_with_epsilon (cosf (camera.yaw), cosf (yaw + dx), 1e-4);
      g_assert_cmpfloat_with_epsilon (sinf (camera.yaw), sinf (yaw + dx), 1e-4);
      g_assert_cmpfloat_with_epsilon (camera.pitch, pitch + dy, 1e-5);
      tf_camera_eye (&camera, eye);
      g_assert_cmpfloat_with_epsilon (distance3 (eye, camera.target), distance,
                                      1e-4f * distance);
    }
}

/* Pitch stops short of straight up and down, where the view's up vector would be undefined. */
static void
test_orbit_pitch_clamp (void)
{
  for (gint sign = -1; sign <= 1; sign += 2)
    {
      TfCamera camera;
      float m[16];

      tf_camera_init (&camera);
      for (guint n = 0; n < 20; n++)
        {
          tf_camera_orbit (&camera, 0.1f, sign * 0.5f);
          g_assert_cmpfloat (fabsf (camera.pitch), <, G_PI / 2);
        }
      /* Clamped, not wrapped: still looking almost straight along the vertical. */
      g_assert_cmpfloat (sign * camera.pitch, >, G_PI / 2 - 0.1);
      tf_camera_orbit (&camera, 0, sign * 100.0f);
      g_assert_cmpfloat (fabsf (camera.pitch), <, G_PI / 2);
      g_assert_cmpfloat (sign * camera.pitch, >, G_PI / 2 - 0.1);
      tf_camera_view_projection (&camera, 1.5f, m);
      for (guint i = 0; i < 16; i++)
        g_assert_true (isfinite (m[i]));
      /* And back the other way. */
      tf_camera_orbit (&camera, 0, -sign * 0.3f);
      g_assert_cmpfloat (sign * camera.pitch, <, G_PI / 2 - 0.25);
    }
}

static void
test_zoom (void)
{
  TfCamera camera;
  float target[3], yaw, pitch, m[16];

  tf_camera_init (&camera);
  camera.target[0] = 12;
  camera.target[1] = -3;
  camera.target[2] = 7;
  memcpy (target, camera.target, sizeof target);
  yaw = camera.yaw;
  pitch = camera.pitch;

  camera.distance = 50;
  tf_camera_zoom (&camera, 0.5f);
  g_assert_cmpfloat_with_epsilon (camera.distance, 25, 1e-4);
  tf_camera_zoom (&camera, 3);
  g_assert_cmpfloat_with_epsilon (camera.distance, 75, 1e-4);
  tf_camera_zoom (&camera, 1);
  g_assert_cmpfloat_with_epsilon (camera.distance, 75, 1e-4);
  g_assert_cmpmem (camera.target, sizeof camera.target, target, sizeof target);
  g_assert_cmpfloat (camera.yaw, ==, yaw);
  g_assert_cmpfloat (camera.pitch, ==, pitch);

  /* Clamped at both ends: never through the target, never out to infinity. */
  for (guint n = 0; n < 100; n++)
    tf_camera_zoom (&camera, 0.1f);
  g_assert_cmpfloat (camera.distance, >, 0);
  {
    float closest = camera.distance;

    tf_camera_zoom (&camera, 0);
    g_assert_cmpfloat (camera.distance, ==, closest);
    tf_camera_zoom (&camera, 2);
    g_assert_cmpfloat_with_epsilon (camera.distance, 2 * closest, 1e-5);
  }
  for (guint n = 0; n < 100; n++)
    tf_camera_zoom (&camera, 10);
  g_assert_true (isfinite (camera.distance));
  tf_camera_view_projection (&camera, 1, m);
  for (guint i = 0; i < 16; i++)
    g_assert_true (isfinite (m[i]));
  {
    float farthest = camera.distance;

    tf_camera_zoom (&camera, 0.5f);
    g_assert_cmpfloat_with_epsilon (camera.distance, farthest / 2, farthest * 1e-6f);
  }
}

/* A drag moves the target across the view, not along it, and the point under the pointer
 * follows the pointer: the old target ends up (dx, dy) pixels from the middle. */
static void
test_pan (void)
{
  static const float views[][2] = { { 800, 600 }, { 300, 900 }, { 1920, 1080 } };
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);

  for (guint n = 0; n < 300; n++)
    {
      const float *view = views[n % G_N_ELEMENTS (views)];
      TfCamera camera;
      float before[3], forward[3], moved[3], m[16], ndc[3], w, distance;
      float dx = (float) g_rand_double_range (rand, -200, 200);
      float dy = (float) g_rand_double_range (rand, -200, 200);

      tf_camera_init (&camera);
      for (guint axis = 0; axis < 3; axis++)
        camera.target[axis] = before[axis] = (float) g_rand_double_range (rand, -50, 50);
      camera.distance = distance = (float) g_rand_double_range (rand, 5, 500);
      camera.yaw = (float) g_rand_double_range (rand, -3, 3);
      camera.pitch = (float) g_rand_double_range (rand, -1.4, 1.4);
      forward_of (&camera, forward);

      tf_camera_pan (&camera, dx, dy, view[1]);
      for (guint axis = 0; axis < 3; axis++)
        moved[axis] = camera.target[axis] - before[axis];
      g_assert_cmpfloat (distance3 (camera.target, before), >, 0);
      g_assert_cmpfloat (fabsf (dot3 (moved, forward)), <=,
                         1e-4f * distance3 (camera.target, before) + 1e-4f);
      g_assert_cmpfloat (camera.distance, ==, distance);

      tf_camera_view_projection (&camera, view[0] / view[1], m);
      project (m, before, ndc, &w);
      g_assert_cmpfloat (w, >, 0);
      g_assert_cmpfloat_with_epsilon ((ndc[0] + 1) / 2 * view[0], view[0] / 2 + dx, 0.05);
      g_assert_cmpfloat_with_epsilon ((1 - ndc[1]) / 2 * view[1], view[1] / 2 + dy, 0.05);
    }
}

/* The ray through the middle pixel runs from the eye to the target; the ray through any pixel
 * projects back onto it. */
static void
test_ray (void)
{
  static const float views[][2] = { { 800, 600 }, { 300, 900 }, { 1920, 1080 }, { 1000, 1000 } };
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);

  for (guint n = 0; n < 200; n++)
    {
      const float *view = views[n % G_N_ELEMENTS (views)];
      const float corners[][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
      TfCamera camera;
      float origin[3], direction[3], eye[3], forward[3], m[16];

      tf_camera_init (&camera);
      for (guint axis = 0; axis < 3; axis++)
        camera.target[axis] = (float) g_rand_double_range (rand, -100, 100);
      camera.distance = (float) g_rand_double_range (rand, 2, 800);
      camera.yaw = (float) g_rand_double_range (rand, -6, 6);
      camera.pitch = (float) g_rand_double_range (rand, -1.5, 1.5);
      tf_camera_eye (&camera, eye);
      forward_of (&camera, forward);
      tf_camera_view_projection (&camera, view[0] / view[1], m);

      tf_camera_ray (&camera, view[0] / 2, view[1] / 2, view[0], view[1], origin, direction);
      for (guint axis = 0; axis < 3; axis++)
        {
          g_assert_cmpfloat_with_epsilon (origin[axis], eye[axis], 1e-3f * camera.distance);
          g_assert_cmpfloat_with_epsilon (direction[axis], forward[axis], 1e-4);
        }

      for (guint k = 0; k < 4 + 12; k++)
        {
          float x, y, point[3], ndc[3], w;

          if (k < 4)
            {
              x = corners[k][0] * view[0];
              y = corners[k][1] * view[1];
            }
          else
            {
              x = (float) g_rand_double_range (rand, 0, view[0]);
              y = (float) g_rand_double_range (rand, 0, view[1]);
            }
          tf_camera_ray (&camera, x, y, view[0], view[1], origin, direction);
          g_assert_cmpfloat_with_epsilon (dot3 (direction, direction), 1, 1e-4);
          /* In front of the camera, and anywhere along the ray maps to the same pixel. */
          g_assert_cmpfloat (dot3 (direction, forward), >, 0);
          for (guint t = 0; t < 2; t++)
            {
              float along = camera.distance * (t == 0 ? 1.0f : 4.0f);

              for (guint axis = 0; axis < 3; axis++)
                point[axis] = origin[axis] + along * direction[axis];
              project (m, point, ndc, &w);
              g_assert_cmpfloat (w, >, 0);
              g_assert_cmpfloat_with_epsilon ((ndc[0] + 1) / 2 * view[0], x, 0.02f * view[0] / 100);
              g_assert_cmpfloat_with_epsilon ((1 - ndc[1]) / 2 * view[1], y, 0.02f * view[1] / 100);
            }
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/camera/fit/table", test_fit_table);
  g_test_add_func ("/render/camera/fit/random", test_fit_random);
  g_test_add_func ("/render/camera/fit/degenerate", test_fit_degenerate);
  g_test_add_func ("/render/camera/fit/end-on", test_fit_end_on);
  g_test_add_func ("/render/camera/orbit", test_orbit);
  g_test_add_func ("/render/camera/orbit/pitch-clamp", test_orbit_pitch_clamp);
  g_test_add_func ("/render/camera/zoom", test_zoom);
  g_test_add_func ("/render/camera/pan", test_pan);
  g_test_add_func ("/render/camera/ray", test_ray);

  return g_test_run ();
}
