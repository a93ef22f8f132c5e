/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scene-pick.c: picking in a scene (render/tf-scene.c), without GL: rays find what they
 * pass through, against a brute-force reference. Over the same sweep of graphs as test-scene.c,
 * each graph its own test case.
 */
#include <math.h>
#include <string.h>

#include "test-graph-cases.h"
#include "test-scene-fixture.h"
#include "test-util.h"

/* Picking */

/* An independent slab test in double: the distances where the ray enters and leaves @box. */
static gboolean
ray_enters (const double      origin[3],
            const double      direction[3],
            const TfSceneBox *box,
            double           *enter,
            double           *leave)
{
  double near = -G_MAXDOUBLE, far = G_MAXDOUBLE;

  for (guint axis = 0; axis < 3; axis++)
    {
      double l = lo (box, axis), h = hi (box, axis);

      if (direction[axis] == 0)
        {
          if (origin[axis] < l || origin[axis] > h)
            return FALSE;
          continue;
        }
      near = MAX (near, MIN ((l - origin[axis]) / direction[axis],
                             (h - origin[axis]) / direction[axis]));
      far = MIN (far, MAX ((l - origin[axis]) / direction[axis],
                           (h - origin[axis]) / direction[axis]));
    }
  if (near > far || far < 0)
    return FALSE;
  *enter = MAX (near, 0);
  *leave = far;
  return TRUE;
}

/* What tf_scene_pick promises, by brute force: the nearest chip or switch; failing that the
 * nearest board, then rack, then pod. FALSE in @clear when a box the ray grazes (within
 * rounding) could change the answer, so such rays are not compared. */
static gboolean
reference_pick (const TfScene *scene,
                const float    origin[3],
                const float    direction[3],
                TfScenePick   *out,
                gboolean      *clear)
{
  static const TfSceneKind levels[][2] = {
    { TF_SCENE_CHIP, TF_SCENE_SWITCH },
    { TF_SCENE_BOARD, TF_SCENE_BOARD },
    { TF_SCENE_RACK, TF_SCENE_RACK },
    { TF_SCENE_POD, TF_SCENE_POD },
  };
  double o[3] = { origin[0], origin[1], origin[2] };
  double d[3] = { direction[0], direction[1], direction[2] };

  *clear = TRUE;
  for (guint level = 0; level < G_N_ELEMENTS (levels); level++)
    {
      double best = G_MAXDOUBLE, second = G_MAXDOUBLE;
      gboolean hit = FALSE;

      for (guint k = 0; k < (levels[level][0] == levels[level][1] ? 1u : 2u); k++)
        for (guint i = 0; i < scene->boxes[levels[level][k]]->len; i++)
          {
            double enter, leave;

            /* A widened and a narrowed box disagree only for a ray along an edge. */
            TfSceneBox wide = *box_at (scene, levels[level][k], i), narrow = wide;

            for (guint axis = 0; axis < 3; axis++)
              {
                wide.size[axis] += 2 * EPS;
                narrow.size[axis] = MAX (narrow.size[axis] - 2 * EPS, 0);
              }
            if (ray_enters (o, d, &wide, &enter, &leave)
                != ray_enters (o, d, &narrow, &enter, &leave))
              *clear = FALSE;
            if (!ray_enters (o, d, box_at (scene, levels[level][k], i), &enter, &leave))
              continue;
            if (enter < best)
              {
                second = best;
                best = enter;
                *out = (TfScenePick) { levels[level][k], i, enter };
              }
            else
              second = MIN (second, enter);
            hit = TRUE;
          }
      if (hit)
        {
          if (second - best < 10 * EPS)
            *clear = FALSE;
          return TRUE;
        }
    }
  return FALSE;
}

static void
assert_pick (const TfScene *scene,
             const float    origin[3],
             const float    direction[3],
             TfSceneKind    kind,
             guint          index,
             float          distance)
{
  TfScenePick pick = { 0 };

  if (!tf_scene_pick (scene, origin, direction, &pick))
    g_error ("ray from (%g, %g, %g) along (%g, %g, %g) hits nothing; expected %s %u",
             origin[0], origin[1], origin[2], direction[0], direction[1], direction[2],
             kind_names[kind], index);
  if (pick.kind != kind || pick.index != index)
    g_error ("ray from (%g, %g, %g) along (%g, %g, %g) picks %s %u; expected %s %u",
             origin[0], origin[1], origin[2], direction[0], direction[1], direction[2],
             kind_names[pick.kind], pick.index, kind_names[kind], index);
  g_assert_cmpfloat_with_epsilon (pick.distance, distance, EPS);
}

/* Tests */

/* Samples @n of @count indices, spread evenly, all of them when there are few. */
static guint
sample (guint i,
        guint n,
        guint count)
{
  return count <= n ? i : (guint) ((guint64) i * count / n);
}

/* Along +x from @x0 at height @y and depth @z: the nearest box of @kind it enters. */
static gint
first_along_x (const TfScene *scene,
               TfSceneKind    kind,
               float          x0,
               float          y,
               float          z)
{
  gint best = -1;

  for (guint i = 0; i < scene->boxes[kind]->len; i++)
    {
      const TfSceneBox *b = box_at (scene, kind, i);

      if (y > lo (b, 1) && y < hi (b, 1) && z > lo (b, 2) && z < hi (b, 2) && hi (b, 0) > x0
          && (best < 0 || lo (b, 0) < lo (box_at (scene, kind, best), 0)))
        best = i;
    }
  return best;
}

static void
test_pick (gconstpointer data)
{
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  const float down[3] = { 0, -1, 0 }, along_x[3] = { 1, 0, 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (g->n_links * 7919u + g->n_chip);
  TfScene scene;
  guint compared = 0;

  tf_scene_init (&scene);
  tf_scene_build (&scene, g, G_MAXUINT);

  /* Straight down through a chip's centre. From just above it, the chip; from above the whole
   * scene, the highest chip or switch over that point (a shelf above, a switch on the roof). */
  for (guint n = 0; n < MIN (g->n_chip, 48u); n++)
    {
      guint chip = sample (n, 48, g->n_chip);
      const TfSceneBox *c = box_at (&scene, TF_SCENE_CHIP, chip);
      float origin[3] = { c->center[0], hi (c, 1) + 0.05f, c->center[2] };
      float top = -G_MAXFLOAT;
      TfSceneKind kind = TF_SCENE_CHIP;
      guint index = chip;
      gboolean grazed;

      assert_pick (&scene, origin, down, TF_SCENE_CHIP, chip, 0.05f);

      origin[1] = scene.bounds_max[1] + 10;
      grazed = FALSE;
      for (TfSceneKind k = TF_SCENE_CHIP; k <= TF_SCENE_SWITCH; k++)
        for (guint i = 0; i < scene.boxes[k]->len; i++)
          {
            const TfSceneBox *b = box_at (&scene, k, i);

            /* A ray down a box's side (a switch edge right over a chip's centre) may count as
             * in or out; such rays are not compared. */
            for (guint axis = 0; axis < 3; axis += 2)
              grazed |= fabsf (origin[axis] - lo (b, axis)) < EPS
                        || fabsf (origin[axis] - hi (b, axis)) < EPS;
            if (origin[0] > lo (b, 0) && origin[0] < hi (b, 0) && origin[2] > lo (b, 2)
                && origin[2] < hi (b, 2) && hi (b, 1) > top)
              {
                top = hi (b, 1);
                kind = k;
                index = i;
              }
          }
      if (!grazed)
        assert_pick (&scene, origin, down, kind, index, origin[1] - top);
    }

  /* A board's scale-up switches: straight down from just above one, it; with their tier
   * hidden, the board they stand on. Level with one from beyond the board's front edge (+z),
   * it (or the one nearer in its column) before the board or its chips. */
  for (guint s = 0, n = 0; s < g->n_switch && n < 24; s++)
    if (g->switches[s].tier == TF_TIER_BOARD)
      {
        const TfSceneBox *sw = box_at (&scene, TF_SCENE_SWITCH, s);
        const TfSceneBox *board = box_at (&scene, TF_SCENE_BOARD, g->switches[s].container);
        const TfSceneFilter hide = { 0, 1u << TF_SCENE_TIER_SCALE_UP };
        const float inwards[3] = { 0, 0, -1 };
        float origin[3] = { sw->center[0], hi (sw, 1) + 0.05f, sw->center[2] };
        TfScenePick pick;

        g_assert_cmpuint (scene.switch_tier[s], ==, TF_SCENE_TIER_SCALE_UP);
        assert_pick (&scene, origin, down, TF_SCENE_SWITCH, s, 0.05f);
        g_assert_true (tf_scene_pick_visible (&scene, &hide, origin, down, &pick));
        g_assert_cmpint (pick.kind, ==, TF_SCENE_BOARD);
        g_assert_cmpuint (pick.index, ==, g->switches[s].container);
        g_assert_cmpfloat_with_epsilon (pick.distance, 0.05f + sw->size[1], EPS);

        origin[1] = sw->center[1];
        origin[2] = hi (board, 2) + 0.05f;
        {
          guint nearest = s;

          for (guint t = 0; t < g->n_switch; t++)
            {
              const TfSceneBox *o = box_at (&scene, TF_SCENE_SWITCH, t);

              if (origin[0] > lo (o, 0) && origin[0] < hi (o, 0) && origin[1] > lo (o, 1)
                  && origin[1] < hi (o, 1) && hi (o, 2) < origin[2]
                  && hi (o, 2) > hi (box_at (&scene, TF_SCENE_SWITCH, nearest), 2))
                nearest = t;
            }
          g_assert_cmpuint (g->switches[nearest].tier, ==, TF_TIER_BOARD);
          g_assert_cmpuint (g->switches[nearest].container, ==, g->switches[s].container);
          assert_pick (&scene, origin, inwards, TF_SCENE_SWITCH, nearest,
                       origin[2] - hi (box_at (&scene, TF_SCENE_SWITCH, nearest), 2));
        }
        n++;
      }

  /* Level rays through the gaps the layout leaves: the slab of a board (chips sit on top of
   * it), the floor of a rack below its lowest shelf, the floor of a pod below its racks. Each
   * meets no chip or switch, so the innermost container is picked. */
  for (guint n = 0; n < MIN (g->n_board, 24u); n++)
    {
      guint board = sample (n, 24, g->n_board);
      const TfSceneBox *b = box_at (&scene, TF_SCENE_BOARD, board);
      const TfSceneBox *r = box_at (&scene, TF_SCENE_RACK, g->board_rack[board]);
      float origin[3] = { lo (r, 0) - 0.1f, b->center[1], b->center[2] };
      gint expected = first_along_x (&scene, TF_SCENE_BOARD, origin[0], origin[1], origin[2]);

      for (TfSceneKind k = TF_SCENE_CHIP; k <= TF_SCENE_SWITCH; k++)
        g_assert_cmpint (first_along_x (&scene, k, origin[0], origin[1], origin[2]), <, 0);
      g_assert_cmpint (expected, >=, 0);
      assert_pick (&scene, origin, along_x, TF_SCENE_BOARD, expected,
                   lo (box_at (&scene, TF_SCENE_BOARD, expected), 0) - origin[0]);
    }
  for (guint rack = 0; rack < g->n_rack; rack++)
    {
      const TfSceneBox *r = box_at (&scene, TF_SCENE_RACK, rack);
      float floor = G_MAXFLOAT, origin[3];

      for (guint b = 0; b < g->n_board; b++)
        if (g->board_rack[b] == rack)
          floor = MIN (floor, lo (box_at (&scene, TF_SCENE_BOARD, b), 1));
      g_assert_cmpfloat (floor, >, lo (r, 1));
      origin[0] = lo (r, 0) - 0.1f;
      origin[1] = (lo (r, 1) + floor) / 2;
      origin[2] = r->center[2];
      for (TfSceneKind k = TF_SCENE_BOARD; k <= TF_SCENE_SWITCH; k++)
        g_assert_cmpint (first_along_x (&scene, k, origin[0], origin[1], origin[2]), <, 0);
      assert_pick (&scene, origin, along_x, TF_SCENE_RACK, rack, 0.1f);
      /* From inside, the rack itself, at once. */
      origin[0] = r->center[0];
      assert_pick (&scene, origin, along_x, TF_SCENE_RACK, rack, 0);
    }
  for (guint pod = 0; pod < g->n_pod; pod++)
    {
      const TfSceneBox *p = box_at (&scene, TF_SCENE_POD, pod);
      float floor = G_MAXFLOAT, origin[3];

      for (guint r = 0; r < g->n_rack; r++)
        if (g->rack_pod[r] == pod)
          floor = MIN (floor, lo (box_at (&scene, TF_SCENE_RACK, r), 1));
      g_assert_cmpfloat (floor, >, lo (p, 1));
      origin[0] = lo (p, 0) - 0.1f;
      origin[1] = (lo (p, 1) + floor) / 2;
      origin[2] = p->center[2];
      for (TfSceneKind k = TF_SCENE_RACK; k <= TF_SCENE_SWITCH; k++)
        g_assert_cmpint (first_along_x (&scene, k, origin[0], origin[1], origin[2]), <, 0);
      assert_pick (&scene, origin, along_x, TF_SCENE_POD, pod, 0.1f);
      origin[0] = p->center[0];
      assert_pick (&scene, origin, along_x, TF_SCENE_POD, pod, 0);
    }

  /* Away from everything, and past it. */
  {
    TfScenePick pick;
    float origin[3], away[3] = { 0.6f, 0.48f, 0.64f }, past[3] = { 1, 0, 0 };

    for (guint axis = 0; axis < 3; axis++)
      origin[axis] = scene.bounds_max[axis] + 1;
    g_assert_false (tf_scene_pick (&scene, origin, away, &pick));
    origin[0] = scene.bounds_min[0] - 5;
    g_assert_false (tf_scene_pick (&scene, origin, past, &pick));
    for (guint axis = 0; axis < 3; axis++)
      {
        origin[axis] = scene.bounds_min[axis] - 1;
        away[axis] = -away[axis];
      }
    g_assert_false (tf_scene_pick (&scene, origin, away, &pick));
  }

  /* Oblique rays from all around at a point inside a random box: something is hit, and it is
   * what the brute-force rule says. */
  for (guint n = 0; n < 32; n++)
    {
      TfSceneKind kind = g_rand_int_range (rand, 0, TF_SCENE_N_KINDS);
      const TfSceneBox *b;
      float origin[3], direction[3], length = 0, radius = 0;
      TfScenePick pick, expected;
      gboolean clear;

      if (scene.boxes[kind]->len == 0)
        continue;
      b = box_at (&scene, kind, g_rand_int_range (rand, 0, scene.boxes[kind]->len));
      for (guint axis = 0; axis < 3; axis++)
        radius += (scene.bounds_max[axis] - scene.bounds_min[axis])
                  * (scene.bounds_max[axis] - scene.bounds_min[axis]);
      for (guint axis = 0; axis < 3; axis++)
        {
          float aim = b->center[axis]
                      + (float) g_rand_double_range (rand, -0.4, 0.4) * b->size[axis];

          direction[axis] = (float) g_rand_double_range (rand, -1, 1);
          length += direction[axis] * direction[axis];
          origin[axis] = aim;
        }
      length = sqrtf (length);
      for (guint axis = 0; axis < 3; axis++)
        {
          direction[axis] /= length;
          origin[axis] -= direction[axis] * 2 * sqrtf (radius);
        }
      g_assert_true (tf_scene_pick (&scene, origin, direction, &pick));
      g_assert_true (reference_pick (&scene, origin, direction, &expected, &clear));
      if (!clear)
        continue;
      g_assert_cmpint (pick.kind, ==, expected.kind);
      g_assert_cmpuint (pick.index, ==, expected.index);
      g_assert_cmpfloat (fabsf (pick.distance - expected.distance), <=,
                         EPS * MAX (1, expected.distance));
      compared++;
    }
  g_assert_cmpuint (compared, >, 0);
  tf_scene_clear (&scene);
}

static void
add_tests (GPtrArray *cases)
{
  tf_test_graph_cases_add (cases, "/render/scene/pick", test_pick);
}

int
main (int    argc,
      char **argv)
{
  return tf_test_scene_run (&argc, &argv, add_tests);
}
