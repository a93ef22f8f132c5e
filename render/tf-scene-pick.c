/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-scene-pick.c: what a ray from the eye hits in a scene (see tf-scene.h): solid blocks
 * (chips and switches, scale-up switches on their boards among them) before the containers
 * they sit in. */
#include <math.h>

#include "tf-scene.h"

/* Slab test: the distance along the ray to @box, or FALSE when it misses. */
static gboolean
ray_box (const float       origin[3],
         const float       direction[3],
         const TfSceneBox *box,
         float            *distance)
{
  float near = -G_MAXFLOAT, far = G_MAXFLOAT;

  for (guint axis = 0; axis < 3; axis++)
    {
      float lo = box->center[axis] - box->size[axis] / 2;
      float hi = box->center[axis] + box->size[axis] / 2;

      if (fabsf (direction[axis]) < 1e-12f)
        {
          if (origin[axis] < lo || origin[axis] > hi)
            return FALSE;
          continue;
        }
      {
        float t1 = (lo - origin[axis]) / direction[axis];
        float t2 = (hi - origin[axis]) / direction[axis];

        near = MAX (near, MIN (t1, t2));
        far = MIN (far, MAX (t1, t2));
      }
    }
  if (near > far || far < 0)
    return FALSE;
  *distance = MAX (near, 0);
  return TRUE;
}

gboolean
tf_scene_pick (const TfScene *scene,
               const float    origin[3],
               const float    direction[3],
               TfScenePick   *out)
{
  return tf_scene_pick_visible (scene, NULL, origin, direction, out);
}

gboolean
tf_scene_pick_visible (const TfScene       *scene,
                       const TfSceneFilter *filter,
                       const float          origin[3],
                       const float          direction[3],
                       TfScenePick         *out)
{
  /* Solid blocks first; otherwise the innermost container hit. */
  static const TfSceneKind order[][2] = {
    { TF_SCENE_CHIP, TF_SCENE_SWITCH },
    { TF_SCENE_BOARD, TF_SCENE_BOARD },
    { TF_SCENE_RACK, TF_SCENE_RACK },
    { TF_SCENE_POD, TF_SCENE_POD },
  };

  g_return_val_if_fail (scene != NULL && out != NULL, FALSE);

  for (guint level = 0; level < G_N_ELEMENTS (order); level++)
    {
      gboolean hit = FALSE;

      for (guint k = 0; k < 2; k++)
        {
          TfSceneKind kind = order[level][k];

          if (k == 1 && kind == order[level][0])
            break;
          for (guint i = 0; i < scene->boxes[kind]->len; i++)
            {
              float distance;

              if (ray_box (origin, direction,
                           &g_array_index (scene->boxes[kind], TfSceneBox, i), &distance)
                  && (!hit || distance < out->distance)
                  && tf_scene_box_visible (scene, filter, kind, i))
                {
                  *out = (TfScenePick) { kind, i, distance };
                  hit = TRUE;
                }
            }
        }
      if (hit)
        return TRUE;
    }
  return FALSE;
}
