/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scene.c: the 3D layout of a NetworkGraph (render/tf-scene.c), without GL.
 *
 * A sweep over every family x n_chip 8, 64, 512 x both scopes x every intra_board_topo (and
 * chip_radix 2 without one) takes a few results of each context: the first, the last and the
 * first 3-layer fat-tree, which is the only family with several pods and datacenter switches.
 * For each graph: one box per element, boxes nested as the hierarchy is and never overlapping,
 * one line per link or the bundled lines the header promises, bounds around everything, and
 * rays that find what they pass through. Each graph is its own test case so that a failure
 * names it.
 */
#include <math.h>
#include <string.h>

#include "test-graph-cases.h"
#include "test-util.h"
#include "tf-scene.h"

/* Float slack for comparing coordinates built from sums of small constants. */
#define EPS 1e-3f

static GPtrArray *cases;

/* Boxes */

static const TfSceneBox *
box_at (const TfScene *scene,
        TfSceneKind    kind,
        guint          index)
{
  return &g_array_index (scene->boxes[kind], TfSceneBox, index);
}

static float
lo (const TfSceneBox *b,
    guint             axis)
{
  return b->center[axis] - b->size[axis] / 2;
}

static float
hi (const TfSceneBox *b,
    guint             axis)
{
  return b->center[axis] + b->size[axis] / 2;
}

/* @inner within @outer along @axis, allowing for rounding. */
static gboolean
within (const TfSceneBox *inner,
        const TfSceneBox *outer,
        guint             axis)
{
  return lo (inner, axis) >= lo (outer, axis) - EPS && hi (inner, axis) <= hi (outer, axis) + EPS;
}

/* Interiors overlap by more than rounding on every axis; touching faces do not count. */
static gboolean
overlap (const TfSceneBox *a,
         const TfSceneBox *b)
{
  for (guint axis = 0; axis < 3; axis++)
    if (MIN (hi (a, axis), hi (b, axis)) - MAX (lo (a, axis), lo (b, axis)) <= EPS)
      return FALSE;
  return TRUE;
}

static const char *const kind_names[] = { "pod", "rack", "board", "chip", "switch" };

typedef struct
{
  TfSceneKind       kind;
  guint             index;
  const TfSceneBox *box;
} BoxRef;

static int
compare_lo_x (gconstpointer pa,
              gconstpointer pb)
{
  float a = lo (((const BoxRef *) pa)->box, 0), b = lo (((const BoxRef *) pb)->box, 0);

  return (a > b) - (a < b);
}

/* No two boxes of @kinds overlap: a sweep along x, so large graphs stay cheap. */
static void
assert_disjoint (const TfScene     *scene,
                 const TfSceneKind *kinds,
                 guint              n_kinds)
{
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (BoxRef));

  for (guint k = 0; k < n_kinds; k++)
    for (guint i = 0; i < scene->boxes[kinds[k]]->len; i++)
      {
        BoxRef r = { kinds[k], i, box_at (scene, kinds[k], i) };

        g_array_append_val (refs, r);
      }
  g_array_sort (refs, compare_lo_x);
  for (guint i = 0; i < refs->len; i++)
    {
      const BoxRef *a = &g_array_index (refs, BoxRef, i);

      for (guint j = i + 1; j < refs->len; j++)
        {
          const BoxRef *b = &g_array_index (refs, BoxRef, j);

          if (lo (b->box, 0) >= hi (a->box, 0) - EPS)
            break;
          if (overlap (a->box, b->box))
            {
              g_test_fail_printf ("%s %u (centre %g, %g, %g, size %g x %g x %g) overlaps "
                                  "%s %u (centre %g, %g, %g, size %g x %g x %g)",
                                  kind_names[a->kind], a->index, a->box->center[0],
                                  a->box->center[1], a->box->center[2], a->box->size[0],
                                  a->box->size[1], a->box->size[2], kind_names[b->kind],
                                  b->index, b->box->center[0], b->box->center[1],
                                  b->box->center[2], b->box->size[0], b->box->size[1],
                                  b->box->size[2]);
              return;
            }
        }
    }
}

static guint
count_of (const TfNetworkGraph *g,
          TfSceneKind           kind)
{
  const guint counts[] = { g->n_pod, g->n_rack, g->n_board, g->n_chip, g->n_switch };

  return counts[kind];
}

static guint32 *
chip_boards (const TfNetworkGraph *g)
{
  guint32 *board = g_new (guint32, MAX (g->n_chip, 1));

  for (guint i = 0; i < g->n_board * g->chips_per_board; i++)
    board[g->board_chips[i]] = i / g->chips_per_board;
  return board;
}

/* Lines, as (end, end, reach) keys whatever the order of the vertices */

typedef struct
{
  guint64 a, b;    /* kind << 32 | index, a <= b */
  guint   reach;
} Line;

static guint64
end_of (TfSceneKind kind,
        guint       index)
{
  return ((guint64) kind << 32) | index;
}

static guint
line_hash (gconstpointer p)
{
  const Line *l = p;

  return g_int64_hash (&l->a) * 31 + g_int64_hash (&l->b) * 7 + l->reach;
}

static gboolean
line_equal (gconstpointer pa,
            gconstpointer pb)
{
  const Line *a = pa, *b = pb;

  return a->a == b->a && a->b == b->b && a->reach == b->reach;
}

static GHashTable *
line_table_new (void)
{
  return g_hash_table_new_full (line_hash, line_equal, g_free, NULL);
}

static void
line_count (GHashTable *table,
            guint64     a,
            guint64     b,
            guint       reach)
{
  Line key = { MIN (a, b), MAX (a, b), reach };
  gpointer n = g_hash_table_lookup (table, &key);

  if (n == NULL)
    g_hash_table_insert (table, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (1));
  else
    g_hash_table_insert (table, g_memdup2 (&key, sizeof key),
                         GUINT_TO_POINTER (GPOINTER_TO_UINT (n) + 1));
}

/* Where an end of a link is drawn at @level, as the header describes it. */
static guint64
expected_end (const TfNetworkGraph *g,
              const guint32        *board_of,
              guint32               node,
              TfSceneLinkLevel      level)
{
  if (node >= g->n_chip)
    return end_of (TF_SCENE_SWITCH, node - g->n_chip);
  switch (level)
    {
    case TF_SCENE_LINKS_ALL:
      return end_of (TF_SCENE_CHIP, node);
    case TF_SCENE_LINKS_BOARDS:
      return end_of (TF_SCENE_BOARD, board_of[node]);
    case TF_SCENE_LINKS_RACKS:
    default:
      return end_of (TF_SCENE_RACK, g->board_rack[board_of[node]]);
    }
}

/* The lines @level should hold: every link at ALL, counted; otherwise each distinct pair of
 * ends and reach once, links inside one box dropped. */
static GHashTable *
expected_lines (const TfNetworkGraph *g,
                const guint32        *board_of,
                TfSceneLinkLevel      level)
{
  GHashTable *table = line_table_new ();

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      guint64 a = expected_end (g, board_of, l->a, level);
      guint64 b = expected_end (g, board_of, l->b, level);

      if (level == TF_SCENE_LINKS_ALL)
        line_count (table, a, b, l->reach);
      else if (a != b)
        {
          Line key = { MIN (a, b), MAX (a, b), l->reach };

          g_hash_table_insert (table, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (1));
        }
    }
  return table;
}

typedef struct
{
  float xyz[3];
} Point;

static guint
point_hash (gconstpointer p)
{
  const Point *pt = p;
  guint32 bits[3];

  memcpy (bits, pt->xyz, sizeof bits);
  return bits[0] * 2654435761u ^ bits[1] * 40503u ^ bits[2];
}

static gboolean
point_equal (gconstpointer pa,
             gconstpointer pb)
{
  const Point *a = pa, *b = pb;

  return a->xyz[0] == b->xyz[0] && a->xyz[1] == b->xyz[1] && a->xyz[2] == b->xyz[2];
}

/* Box centres of @kinds -> the box; centres must be distinct for lines to name their ends. */
static GHashTable *
centres_of (const TfScene     *scene,
            const TfSceneKind *kinds,
            guint              n_kinds)
{
  GHashTable *table = g_hash_table_new_full (point_hash, point_equal, g_free, g_free);

  for (guint k = 0; k < n_kinds; k++)
    for (guint i = 0; i < scene->boxes[kinds[k]]->len; i++)
      {
        Point *p = g_new (Point, 1);
        guint64 end = end_of (kinds[k], i);

        memcpy (p->xyz, box_at (scene, kinds[k], i)->center, sizeof p->xyz);
        g_assert_false (g_hash_table_contains (table, p));
        g_hash_table_insert (table, p, g_memdup2 (&end, sizeof end));
      }
  return table;
}

/* The reach whose colour @rgba is, or TF_N_REACHES. Alpha is left out: dense scenes
 * fade their lines. */
static guint
reach_of_color (const float rgba[4])
{
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      float c[4];

      tf_scene_link_color (t, c);
      if (memcmp (c, rgba, 3 * sizeof c[0]) == 0)
        return t;
    }
  return TF_N_REACHES;
}

/* The scene's lines as keys: each end at the centre of a box of the kinds the level allows,
 * both vertices in the colour of one reach. Up to TF_SCENE_OPAQUE_LINES lines are opaque;
 * more are drawn alike in a fainter alpha, no fainter than 0.25. */
static GHashTable *
scene_lines (const TfScene *scene)
{
  static const TfSceneKind at_all[] = { TF_SCENE_CHIP, TF_SCENE_SWITCH };
  static const TfSceneKind at_boards[] = { TF_SCENE_BOARD, TF_SCENE_SWITCH };
  /* Lines inside a rack stay between its boards. */
  static const TfSceneKind at_racks[] = { TF_SCENE_RACK, TF_SCENE_SWITCH, TF_SCENE_BOARD };
  const TfSceneKind *kinds = scene->link_level == TF_SCENE_LINKS_ALL ? at_all
                           : scene->link_level == TF_SCENE_LINKS_BOARDS ? at_boards : at_racks;
  g_autoptr(GHashTable) centres = NULL;
  GHashTable *table = line_table_new ();
  float alpha = 0;

  centres = centres_of (scene, kinds, scene->link_level == TF_SCENE_LINKS_RACKS ? 3 : 2);
  g_assert_cmpuint (scene->link_vertices->len, ==, 2 * scene->n_lines);
  for (guint i = 0; i < scene->n_lines; i++)
    {
      const TfSceneVertex *v = &g_array_index (scene->link_vertices, TfSceneVertex, 2 * i);
      const guint64 *ends[2];
      guint reach = reach_of_color (v[0].color);
      float opaque[4];

      for (guint e = 0; e < 2; e++)
        {
          Point p;

          memcpy (p.xyz, v[e].position, sizeof p.xyz);
          ends[e] = g_hash_table_lookup (centres, &p);
          if (ends[e] == NULL)
            g_error ("line %u: end %u at (%g, %g, %g) is not the centre of a box a line may "
                     "end at", i, e, p.xyz[0], p.xyz[1], p.xyz[2]);
        }
      g_assert_cmpuint (reach, <, TF_N_REACHES);
      g_assert_cmpuint (reach_of_color (v[1].color), ==, reach);
      g_assert_true (*ends[0] != *ends[1]);
      line_count (table, *ends[0], *ends[1], reach);

      tf_scene_link_color (reach, opaque);
      if (i == 0)
        alpha = v[0].color[3];
      g_assert_cmpfloat (v[0].color[3], ==, alpha);
      g_assert_cmpfloat (v[1].color[3], ==, alpha);
      if (scene->n_lines <= TF_SCENE_OPAQUE_LINES)
        g_assert_cmpfloat (alpha, ==, opaque[3]);
      else
        {
          g_assert_cmpfloat (alpha, <, opaque[3]);
          g_assert_cmpfloat (alpha, >=, 0.25f);
        }
    }
  return table;
}

static void
assert_same_lines (GHashTable *expected,
                   GHashTable *actual)
{
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpuint (g_hash_table_size (actual), ==, g_hash_table_size (expected));
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const Line *l = key;

      if (g_hash_table_lookup (actual, key) != value)
        g_error ("line %s %u - %s %u reaching %s: expected %u, drawn %u",
                 kind_names[l->a >> 32], (guint) l->a, kind_names[l->b >> 32], (guint) l->b,
                 tf_reach_to_string (l->reach), GPOINTER_TO_UINT (value),
                 GPOINTER_TO_UINT (g_hash_table_lookup (actual, key)));
    }
}

/* lines_by_reach against the lines the scene holds. */
static void
assert_lines_by_reach (const TfScene *scene,
                      GHashTable    *lines)
{
  guint64 by_reach[TF_N_REACHES] = { 0 };
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, lines);
  while (g_hash_table_iter_next (&iter, &key, &value))
    by_reach[((const Line *) key)->reach] += GPOINTER_TO_UINT (value);
  for (guint t = 0; t < TF_N_REACHES; t++)
    g_assert_cmpuint (scene->lines_by_reach[t], ==, by_reach[t]);
}

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

static void
test_link_colors (void)
{
  /* The legend tells reaches apart by colour alone. */
  for (guint t = 0; t < TF_N_REACHES; t++)
    for (guint u = t + 1; u < TF_N_REACHES; u++)
      {
        float a[4], b[4];

        tf_scene_link_color (t, a);
        tf_scene_link_color (u, b);
        g_assert_true (memcmp (a, b, sizeof a) != 0);
        g_assert_cmpfloat (a[3], >, 0);
      }
}

/* The sweep reaches what the layout has to handle, so the per-graph tests are not vacuous. */
static void
test_sweep_coverage (void)
{
  gboolean pods = FALSE, datacenter = FALSE, parallel = FALSE, columns = FALSE, no_switch = FALSE;
  gboolean reaches[TF_N_REACHES] = { FALSE };
  gboolean scopes[3] = { FALSE }, topos[4] = { FALSE };

  g_assert_cmpuint (cases->len, >=, 100);
  for (guint i = 0; i < cases->len; i++)
    {
      const TfTestGraphCase *c = g_ptr_array_index (cases, i);
      const TfNetworkGraph *g = tf_test_graph_case_graph (c);
      g_autofree guint *boards_in_rack = g_new0 (guint, MAX (g->n_rack, 1));

      scopes[c->ctx.scope] = TRUE;
      topos[c->ctx.intra_board_topo] = TRUE;
      pods |= g->n_pod > 1;
      no_switch |= g->n_switch == 0;
      for (guint s = 0; s < g->n_switch; s++)
        datacenter |= g->switches[s].tier == TF_TIER_DATACENTER;
      for (guint l = 0; l < g->n_links; l++)
        {
          parallel |= g->links[l].multiplicity > 1;
          reaches[g->links[l].reach] = TRUE;
        }
      for (guint b = 0; b < g->n_board; b++)
        columns |= ++boards_in_rack[g->board_rack[b]] > 12;
    }
  g_assert_true (pods);
  g_assert_true (datacenter);
  g_assert_true (parallel);
  g_assert_true (columns);
  g_assert_true (no_switch);
  for (guint t = 0; t < TF_N_REACHES; t++)
    g_assert_true (reaches[t]);
  g_assert_true (scopes[TF_SCOPE_INTRA_RACK] && scopes[TF_SCOPE_INTER_RACK]);
  for (guint t = 0; t < 4; t++)
    g_assert_true (topos[t]);
}

static void
test_counts (gconstpointer data)
{
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  TfScene scene;

  tf_scene_init (&scene);
  tf_scene_build (&scene, g, G_MAXUINT);
  for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
    {
      g_assert_cmpuint (scene.boxes[k]->len, ==, count_of (g, k));
      for (guint i = 0; i < scene.boxes[k]->len; i++)
        for (guint axis = 0; axis < 3; axis++)
          {
            g_assert_true (isfinite (box_at (&scene, k, i)->center[axis]));
            g_assert_cmpfloat (box_at (&scene, k, i)->size[axis], >, 0);
          }
    }
  g_assert_cmpuint (scene.n_links, ==, g->n_links);

  /* Twelve edges of two vertices per pod and rack, each edge along one axis. */
  g_assert_cmpuint (scene.outline_vertices->len, ==, 24 * (g->n_pod + g->n_rack));
  for (guint i = 0; i < scene.outline_vertices->len; i += 2)
    {
      const TfSceneVertex *v = &g_array_index (scene.outline_vertices, TfSceneVertex, i);
      guint differ = 0;

      for (guint axis = 0; axis < 3; axis++)
        differ += v[0].position[axis] != v[1].position[axis];
      g_assert_cmpuint (differ, ==, 1);
    }
  tf_scene_clear (&scene);
}

static void
test_nesting (gconstpointer data)
{
  static const TfSceneKind solids[] = { TF_SCENE_CHIP, TF_SCENE_BOARD, TF_SCENE_SWITCH };
  static const TfSceneKind racks[] = { TF_SCENE_RACK };
  static const TfSceneKind pods[] = { TF_SCENE_POD };
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  g_autofree float *rack_switch_lo = NULL, *pod_switch_lo = NULL;
  float pods_top = -G_MAXFLOAT, pod_switches_top = -G_MAXFLOAT;
  TfScene scene;

  tf_scene_init (&scene);
  tf_scene_build (&scene, g, G_MAXUINT);

  /* Chips lie on their board's slab, inside its footprint. */
  for (guint b = 0; b < g->n_board; b++)
    {
      const TfSceneBox *board = box_at (&scene, TF_SCENE_BOARD, b);

      for (guint k = 0; k < g->chips_per_board; k++)
        {
          guint32 chip = g->board_chips[(gsize) b * g->chips_per_board + k];
          const TfSceneBox *c = box_at (&scene, TF_SCENE_CHIP, chip);

          if (!within (c, board, 0) || !within (c, board, 2))
            g_error ("chip %u (%g, %g) is off board %u (%g..%g, %g..%g)", chip, c->center[0],
                     c->center[2], b, lo (board, 0), hi (board, 0), lo (board, 2), hi (board, 2));
          g_assert_cmpfloat (lo (c, 1), >=, hi (board, 1) - EPS);
          g_assert_cmpfloat (lo (c, 1), <=, hi (board, 1) + 0.1f * c->size[1]);
        }
      for (guint axis = 0; axis < 3; axis++)
        g_assert_true (within (board, box_at (&scene, TF_SCENE_RACK, g->board_rack[b]), axis));
    }
  for (guint r = 0; r < g->n_rack; r++)
    for (guint axis = 0; axis < 3; axis++)
      g_assert_true (within (box_at (&scene, TF_SCENE_RACK, r),
                             box_at (&scene, TF_SCENE_POD, g->rack_pod[r]), axis));
  for (guint p = 0; p < g->n_pod; p++)
    pods_top = MAX (pods_top, hi (box_at (&scene, TF_SCENE_POD, p), 1));

  /* Switches stand above what they serve, their group centred over it; datacenter switches
   * above every pod and pod switch. */
  rack_switch_lo = g_new (float, MAX (g->n_rack, 1) * 4);
  pod_switch_lo = g_new (float, MAX (g->n_pod, 1) * 4);
  for (guint i = 0; i < MAX (g->n_rack, 1) * 4; i++)
    rack_switch_lo[i] = i % 2 == 0 ? G_MAXFLOAT : -G_MAXFLOAT;
  for (guint i = 0; i < MAX (g->n_pod, 1) * 4; i++)
    pod_switch_lo[i] = i % 2 == 0 ? G_MAXFLOAT : -G_MAXFLOAT;
  for (guint s = 0; s < g->n_switch; s++)
    {
      const TfSwitch *sw = &g->switches[s];
      const TfSceneBox *b = box_at (&scene, TF_SCENE_SWITCH, s);
      float *extent = NULL;

      if (sw->tier == TF_TIER_RACK)
        {
          g_assert_cmpfloat (lo (b, 1), >=,
                             hi (box_at (&scene, TF_SCENE_RACK, sw->container), 1) - EPS);
          extent = &rack_switch_lo[sw->container * 4];
        }
      else if (sw->tier == TF_TIER_POD)
        {
          g_assert_cmpfloat (lo (b, 1), >=,
                             hi (box_at (&scene, TF_SCENE_POD, sw->container), 1) - EPS);
          extent = &pod_switch_lo[sw->container * 4];
          pod_switches_top = MAX (pod_switches_top, hi (b, 1));
        }
      if (extent != NULL)
        {
          extent[0] = MIN (extent[0], lo (b, 0));
          extent[1] = MAX (extent[1], hi (b, 0));
          extent[2] = MIN (extent[2], lo (b, 2));
          extent[3] = MAX (extent[3], hi (b, 2));
        }
    }
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_DATACENTER)
      {
        const TfSceneBox *b = box_at (&scene, TF_SCENE_SWITCH, s);

        g_assert_cmpfloat (lo (b, 1), >=, pods_top - EPS);
        g_assert_cmpfloat (lo (b, 1), >=, pod_switches_top - EPS);
      }
  for (guint s = 0; s < g->n_switch; s++)
    {
      const TfSwitch *sw = &g->switches[s];
      const TfSceneBox *over = NULL;
      const float *extent = NULL;

      if (sw->tier == TF_TIER_RACK)
        {
          over = box_at (&scene, TF_SCENE_RACK, sw->container);
          extent = &rack_switch_lo[sw->container * 4];
        }
      else if (sw->tier == TF_TIER_POD)
        {
          over = box_at (&scene, TF_SCENE_POD, sw->container);
          extent = &pod_switch_lo[sw->container * 4];
        }
      if (over == NULL)
        continue;
      g_assert_cmpfloat (over->center[0], >, extent[0]);
      g_assert_cmpfloat (over->center[0], <, extent[1]);
      g_assert_cmpfloat (over->center[2], >, extent[2]);
      g_assert_cmpfloat (over->center[2], <, extent[3]);
    }

  /* Chips, board slabs and switches are solid: none runs into another. Racks and pods do not
   * run into their siblings either. */
  assert_disjoint (&scene, solids, G_N_ELEMENTS (solids));
  assert_disjoint (&scene, racks, G_N_ELEMENTS (racks));
  assert_disjoint (&scene, pods, G_N_ELEMENTS (pods));
  tf_scene_clear (&scene);
}

static void
test_lines (gconstpointer data)
{
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  g_autofree guint32 *board_of = chip_boards (g);
  g_autoptr(GHashTable) expected = expected_lines (g, board_of, TF_SCENE_LINKS_ALL);
  guint64 by_reach[TF_N_REACHES] = { 0 };
  /* Unbounded, and the budget exactly at the link count: both draw every link. */
  const guint budgets[] = { G_MAXUINT, MAX (g->n_links, 1) };

  for (guint i = 0; i < g->n_links; i++)
    by_reach[g->links[i].reach]++;
  for (guint b = 0; b < G_N_ELEMENTS (budgets); b++)
    {
      g_autoptr(GHashTable) actual = NULL;
      TfScene scene;

      tf_scene_init (&scene);
      tf_scene_build (&scene, g, budgets[b]);
      g_assert_cmpint (scene.link_level, ==, TF_SCENE_LINKS_ALL);
      g_assert_cmpuint (scene.n_lines, ==, g->n_links);
      g_assert_cmpuint (scene.n_lines_hidden, ==, 0);
      g_assert_cmpuint (scene.link_vertices->len, ==, 2 * g->n_links);
      actual = scene_lines (&scene);
      assert_same_lines (expected, actual);
      for (guint t = 0; t < TF_N_REACHES; t++)
        g_assert_cmpuint (scene.lines_by_reach[t], ==, by_reach[t]);
      tf_scene_clear (&scene);
    }
}

/* The lines a rack-level scene keeps between boards: links between chips of one rack on
 * different boards, which rack ends would hide. */
static GHashTable *
inside_racks (const TfNetworkGraph *g,
              const guint32        *board_of)
{
  GHashTable *table = line_table_new ();

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      guint64 a, b;

      if (l->a >= g->n_chip || l->b >= g->n_chip || board_of[l->a] == board_of[l->b]
          || g->board_rack[board_of[l->a]] != g->board_rack[board_of[l->b]])
        continue;
      a = end_of (TF_SCENE_BOARD, board_of[l->a]);
      b = end_of (TF_SCENE_BOARD, board_of[l->b]);
      {
        Line key = { MIN (a, b), MAX (a, b), l->reach };

        g_hash_table_insert (table, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (1));
      }
    }
  return table;
}

static void
count_by_reach (GHashTable *lines,
               guint       by_reach[TF_N_REACHES])
{
  GHashTableIter iter;
  gpointer key;

  memset (by_reach, 0, sizeof (guint) * TF_N_REACHES);
  g_hash_table_iter_init (&iter, lines);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    by_reach[((const Line *) key)->reach]++;
}

/* At rack level: the lines between racks (and switches) and those kept inside racks, each
 * drawn at most once, thinned when together they pass the budget. Thinning keeps a line of
 * every reach of each group, so the budget may be passed by that many lines and no more. */
static void
check_rack_level (const TfScene *scene,
                  GHashTable    *actual,
                  GHashTable    *between,
                  GHashTable    *inside,
                  guint          budget)
{
  guint n_between[TF_N_REACHES], n_inside[TF_N_REACHES];
  guint drawn_between[TF_N_REACHES] = { 0 }, drawn_inside[TF_N_REACHES] = { 0 };
  guint total = g_hash_table_size (between) + g_hash_table_size (inside), types = 0;
  GHashTableIter iter;
  gpointer key, value;

  count_by_reach (between, n_between);
  count_by_reach (inside, n_inside);
  g_hash_table_iter_init (&iter, actual);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const Line *l = key;

      g_assert_cmpuint (GPOINTER_TO_UINT (value), ==, 1);
      if (g_hash_table_contains (between, l))
        drawn_between[l->reach]++;
      else if (g_hash_table_contains (inside, l))
        drawn_inside[l->reach]++;
      else
        g_error ("line %s %u - %s %u reaching %s is neither between racks nor inside one",
                 kind_names[l->a >> 32], (guint) l->a, kind_names[l->b >> 32], (guint) l->b,
                 tf_reach_to_string (l->reach));
    }
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      g_assert_cmpuint (drawn_between[t], <=, n_between[t]);
      g_assert_cmpuint (drawn_inside[t], <=, n_inside[t]);
      g_assert_cmpuint (drawn_between[t] > 0, ==, n_between[t] > 0);
      g_assert_cmpuint (drawn_inside[t] > 0, ==, n_inside[t] > 0);
      types += (n_between[t] > 0) + (n_inside[t] > 0);
    }
  g_assert_cmpuint (scene->n_lines + scene->n_lines_hidden, ==, total);
  if (total <= budget)
    g_assert_cmpuint (scene->n_lines_hidden, ==, 0);
  g_assert_cmpuint (scene->n_lines, <=, budget + types);
  /* Thinned to the budget, not far below it. */
  g_assert_cmpuint (scene->n_lines + types, >=, MIN (total, budget));
}

/* Bundles @g under @budget and checks the result against the header's rules; returns the
 * number of lines drawn. */
static guint
check_bundled (const TfNetworkGraph *g,
               const guint32        *board_of,
               guint                 budget)
{
  g_autoptr(GHashTable) at_boards = expected_lines (g, board_of, TF_SCENE_LINKS_BOARDS);
  g_autoptr(GHashTable) at_racks = expected_lines (g, board_of, TF_SCENE_LINKS_RACKS);
  g_autoptr(GHashTable) inside = inside_racks (g, board_of);
  g_autoptr(GHashTable) actual = NULL;
  TfSceneLinkLevel level;
  TfScene scene;
  guint n_lines;

  /* Moving ends up to boards never adds a line; moving them on to racks, with the lines
   * inside racks kept between boards, never adds one either. */
  g_assert_cmpuint (g_hash_table_size (at_boards), <=, g->n_links);
  g_assert_cmpuint (g_hash_table_size (at_racks) + g_hash_table_size (inside), <=,
                    g_hash_table_size (at_boards));

  if (g->n_links <= budget)
    level = TF_SCENE_LINKS_ALL;
  else if (g_hash_table_size (at_boards) <= budget)
    level = TF_SCENE_LINKS_BOARDS;
  else
    level = TF_SCENE_LINKS_RACKS;
  g_assert_cmpint (level, !=, TF_SCENE_LINKS_ALL);

  tf_scene_init (&scene);
  tf_scene_build (&scene, g, budget);
  g_assert_cmpint (scene.link_level, ==, level);
  g_assert_cmpuint (scene.n_links, ==, g->n_links);
  actual = scene_lines (&scene);
  assert_lines_by_reach (&scene, actual);
  g_assert_cmpuint (scene.n_lines, <=, g->n_links);
  if (level == TF_SCENE_LINKS_BOARDS)
    {
      /* Every line between two boards, or a board and a switch, drawn once. */
      assert_same_lines (at_boards, actual);
      g_assert_cmpuint (scene.n_lines, <=, budget);
      g_assert_cmpuint (scene.n_lines_hidden, ==, 0);
    }
  else
    check_rack_level (&scene, actual, at_racks, inside, budget);

  /* Links reaching no further than a board: gone once ends are boards. */
  g_assert_cmpuint (scene.lines_by_reach[TF_REACH_BOARD], ==, 0);

  n_lines = scene.n_lines;
  tf_scene_clear (&scene);
  return n_lines;
}

static void
test_bundling (gconstpointer data)
{
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  g_autofree guint32 *board_of = chip_boards (g);
  g_autoptr(GHashTable) at_boards = expected_lines (g, board_of, TF_SCENE_LINKS_BOARDS);
  guint n_board_lines = g_hash_table_size (at_boards);
  /* Just below the link count; exactly the board level's lines (fits); one fewer (racks); 1. */
  const guint budgets[] = { g->n_links - 1, n_board_lines, n_board_lines - 1, 1 };
  guint previous = g->n_links, tried = 0;

  for (guint b = 0; b < G_N_ELEMENTS (budgets); b++)
    {
      guint n_lines;

      /* 0 means the default budget, and a budget of the link count or more bundles nothing. */
      if (budgets[b] == 0 || budgets[b] >= g->n_links || g->n_links == 0)
        continue;
      n_lines = check_bundled (g, board_of, budgets[b]);
      /* The budgets come in falling order, and a smaller one never draws more lines. */
      g_assert_cmpuint (n_lines, <=, previous);
      previous = n_lines;
      tried++;
    }
  g_assert_cmpuint (tried, >, 0);
}

static void
test_bounds (gconstpointer data)
{
  const TfNetworkGraph *g = tf_test_graph_case_graph (data);
  TfScene scene;

  tf_scene_init (&scene);
  tf_scene_build (&scene, g, G_MAXUINT);
  for (guint axis = 0; axis < 3; axis++)
    {
      gboolean touches_min = FALSE, touches_max = FALSE;

      g_assert_cmpfloat (scene.bounds_min[axis], <, scene.bounds_max[axis]);
      for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
        for (guint i = 0; i < scene.boxes[k]->len; i++)
          {
            const TfSceneBox *b = box_at (&scene, k, i);

            g_assert_cmpfloat (lo (b, axis), >=, scene.bounds_min[axis]);
            g_assert_cmpfloat (hi (b, axis), <=, scene.bounds_max[axis]);
            touches_min |= lo (b, axis) <= scene.bounds_min[axis] + EPS;
            touches_max |= hi (b, axis) >= scene.bounds_max[axis] - EPS;
          }
      /* Tight: a camera fit to the bounds frames the scene, not empty space. */
      g_assert_true (touches_min);
      g_assert_true (touches_max);
    }
  tf_scene_clear (&scene);
}

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
test_clear (void)
{
  TfScene scene = { 0 };

  /* Clearing a zeroed scene, clearing twice, init after clear. */
  tf_scene_clear (&scene);
  tf_scene_init (&scene);
  tf_scene_clear (&scene);
  tf_scene_clear (&scene);
  tf_scene_init (&scene);
  for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
    g_assert_cmpuint (scene.boxes[k]->len, ==, 0);
  g_assert_cmpuint (scene.n_lines, ==, 0);
  tf_scene_clear (&scene);
  for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
    g_assert_null (scene.boxes[k]);
  g_assert_null (scene.link_vertices);
}

static void
assert_same_array (GArray *a,
                   GArray *b,
                   gsize   element)
{
  g_assert_cmpuint (a->len, ==, b->len);
  g_assert_cmpmem (a->data, a->len * element, b->data, b->len * element);
}

/* A scene built again, over a larger or smaller graph or bundled differently, is the same as
 * one built fresh: nothing of the previous build stays (and ASan sees nothing leak). */
static void
test_rebuild (void)
{
  const TfNetworkGraph *graphs[] = {
    tf_test_graph_case_graph (tf_test_graph_cases_find (cases, "n512/inter-rack/none/r1/fat-tree:layers=3")),
    tf_test_graph_case_graph (tf_test_graph_cases_find (cases, "n8/inter-rack/none/r1/ring:")),
    tf_test_graph_case_graph (tf_test_graph_cases_find (cases, "n64/intra-rack/full-mesh/r1/")),
  };
  const guint budgets[] = { G_MAXUINT, 0, 1 };
  TfScene reused;

  tf_scene_init (&reused);
  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (graphs); i++)
      for (guint b = 0; b < G_N_ELEMENTS (budgets); b++)
        {
          TfScene fresh;

          tf_scene_init (&fresh);
          tf_scene_build (&fresh, graphs[i], budgets[b]);
          tf_scene_build (&reused, graphs[i], budgets[b]);
          for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
            assert_same_array (reused.boxes[k], fresh.boxes[k], sizeof (TfSceneBox));
          assert_same_array (reused.outline_vertices, fresh.outline_vertices,
                             sizeof (TfSceneVertex));
          g_assert_cmpuint (reused.n_lines, ==, fresh.n_lines);
          g_assert_cmpuint (reused.n_links, ==, fresh.n_links);
          g_assert_cmpuint (reused.n_lines_hidden, ==, fresh.n_lines_hidden);
          g_assert_cmpint (reused.link_level, ==, fresh.link_level);
          g_assert_cmpmem (reused.lines_by_reach, sizeof reused.lines_by_reach,
                           fresh.lines_by_reach, sizeof fresh.lines_by_reach);
          g_assert_cmpmem (reused.bounds_min, sizeof reused.bounds_min,
                           fresh.bounds_min, sizeof fresh.bounds_min);
          g_assert_cmpmem (reused.bounds_max, sizeof reused.bounds_max,
                           fresh.bounds_max, sizeof fresh.bounds_max);
          g_assert_cmpuint (reused.link_vertices->len, ==, fresh.link_vertices->len);
          if (fresh.link_level == TF_SCENE_LINKS_ALL)
            assert_same_array (reused.link_vertices, fresh.link_vertices,
                               sizeof (TfSceneVertex));
          tf_scene_clear (&fresh);
        }
  tf_scene_clear (&reused);
  tf_scene_clear (&reused);
}

/* A 16,384-chip fat-tree, the largest by links, at the default budget. */
static void
test_large_fat_tree (void)
{
  TfContext ctx = tf_test_context (16384, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfEnumeration) e = { 0 };
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree guint32 *board_of = NULL;
  const TfFamilyEnumeration *fe;
  const TfResult *largest = NULL;
  TfScene scene;

  tf_test_enumerate (&ctx, "fat-tree", 0, &e);
  fe = &e.families[0];
  g_assert_cmpuint (fe->n_results, >, 0);
  for (guint i = 0; i < fe->n_results; i++)
    if (largest == NULL || fe->results[i].metrics.link_count > largest->metrics.link_count)
      largest = &fe->results[i];
  id = tf_test_id (largest);
  g_assert_true (tf_generate (&ctx, id, NULL, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t.graph.n_chip, ==, 16384);
  g_assert_cmpuint (t.graph.n_links, >, TF_SCENE_LINK_BUDGET);

  tf_scene_init (&scene);
  tf_scene_build (&scene, &t.graph, 0);
  for (TfSceneKind k = 0; k < TF_SCENE_N_KINDS; k++)
    g_assert_cmpuint (scene.boxes[k]->len, ==, count_of (&t.graph, k));
  g_assert_cmpint (scene.link_level, !=, TF_SCENE_LINKS_ALL);
  g_assert_cmpuint (scene.n_lines, <, t.graph.n_links);
  /* Thinning keeps one line of each reach of the two groups, beyond the budget at most. */
  g_assert_cmpuint (scene.n_lines, <=, TF_SCENE_LINK_BUDGET + 2 * TF_N_REACHES);
  tf_scene_clear (&scene);

  /* The same with the rules checked line by line. */
  board_of = chip_boards (&t.graph);
  check_bundled (&t.graph, board_of, TF_SCENE_LINK_BUDGET);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cases = tf_test_graph_cases_new ();

  g_test_add_func ("/render/scene/link-colors", test_link_colors);
  g_test_add_func ("/render/scene/sweep-coverage", test_sweep_coverage);
  g_test_add_func ("/render/scene/clear", test_clear);
  g_test_add_func ("/render/scene/rebuild", test_rebuild);
  g_test_add_func ("/render/scene/bundling/fat-tree-16384", test_large_fat_tree);
  tf_test_graph_cases_add (cases, "/render/scene/counts", test_counts);
  tf_test_graph_cases_add (cases, "/render/scene/nesting", test_nesting);
  tf_test_graph_cases_add (cases, "/render/scene/lines", test_lines);
  tf_test_graph_cases_add (cases, "/render/scene/bundling", test_bundling);
  tf_test_graph_cases_add (cases, "/render/scene/bounds", test_bounds);
  tf_test_graph_cases_add (cases, "/render/scene/pick", test_pick);

  status = g_test_run ();
  g_ptr_array_unref (cases);
  return status;
}
