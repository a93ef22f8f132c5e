/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scene.c: the 3D layout of a NetworkGraph (render/tf-scene.c), without GL: its boxes.
 *
 * A sweep over every family x n_chip 8, 64, 512 x both scopes x every intra_board_topo (and
 * chip_radix 2 without one) takes a few results of each context: the first, the last and the
 * first 3-layer fat-tree, which is the only family with several pods and datacenter switches.
 * For each graph: one box per element, boxes nested as the hierarchy is (a board's scale-up
 * switches on its slab) and never overlapping, and bounds around everything. Each graph is its
 * own test case so that a failure names it. The lines are test-scene-lines.c, picking
 * test-scene-pick.c.
 */
#include <math.h>
#include <string.h>

#include "test-graph-cases.h"
#include "test-scene-fixture.h"
#include "test-util.h"
#include "tf-camera.h"
#include "tf-layout-logical.h"

static GPtrArray *cases;   /* the sweep of graphs, set by add_tests () */

/* Boxes */

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

/* The scale-up switches standing on board @b. */
static guint
scale_up_on (const TfNetworkGraph *g,
             guint                 b)
{
  guint n = 0;

  for (guint s = 0; s < g->n_switch; s++)
    n += g->switches[s].tier == TF_TIER_BOARD && g->switches[s].container == b;
  return n;
}

/* Tests */

/* The sweep reaches what the layout has to handle, so the per-graph tests are not vacuous. */
static void
test_sweep_coverage (void)
{
  gboolean pods = FALSE, datacenter = FALSE, parallel = FALSE, columns = FALSE, no_switch = FALSE;
  gboolean scale_up = FALSE, scale_up_rows = FALSE;
  gboolean reaches[TF_N_REACHES] = { FALSE };
  gboolean scopes[3] = { FALSE }, topos[TF_N_INTRA_BOARD_TOPOS] = { FALSE };

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
        {
          datacenter |= g->switches[s].tier == TF_TIER_DATACENTER;
          scale_up |= g->switches[s].tier == TF_TIER_BOARD;
        }
      /* More scale-up switches on a board than chips in a row: they take several rows. */
      scale_up_rows |= g->n_board > 0
                       && scale_up_on (g, 0) > (guint) ceil (sqrt (g->chips_per_board));
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
  g_assert_true (scale_up);
  g_assert_true (scale_up_rows);
  for (guint t = 0; t < TF_N_REACHES; t++)
    g_assert_true (reaches[t]);
  g_assert_true (scopes[TF_SCOPE_INTRA_RACK] && scopes[TF_SCOPE_INTER_RACK]);
  for (guint t = 0; t < TF_N_INTRA_BOARD_TOPOS; t++)
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

  /* A board's scale-up switches stand on its slab, inside its footprint, in front of its chips
   * (towards +z, the usual eye). */
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_BOARD)
      {
        guint b = g->switches[s].container;
        const TfSceneBox *board = box_at (&scene, TF_SCENE_BOARD, b);
        const TfSceneBox *sw = box_at (&scene, TF_SCENE_SWITCH, s);

        g_assert_cmpuint (b, <, g->n_board);
        if (!within (sw, board, 0) || !within (sw, board, 2))
          g_error ("scale-up switch %s (%g, %g) is off board %u (%g..%g, %g..%g)",
                   g->switches[s].id, sw->center[0], sw->center[2], b, lo (board, 0),
                   hi (board, 0), lo (board, 2), hi (board, 2));
        g_assert_cmpfloat (fabsf (lo (sw, 1) - hi (board, 1)), <, EPS);
        for (guint k = 0; k < g->chips_per_board; k++)
          g_assert_cmpfloat (lo (sw, 2), >,
                             hi (box_at (&scene, TF_SCENE_CHIP,
                                         g->board_chips[(gsize) b * g->chips_per_board + k]), 2));
        /* Lower than the chips, so the board reads as chips with a row of switches before them. */
        g_assert_cmpfloat (hi (sw, 1), <,
                           hi (box_at (&scene, TF_SCENE_CHIP,
                                       g->board_chips[(gsize) b * g->chips_per_board]), 1));
      }

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

/* Levels of detail: a 16,384-chip torus seen whole in a 390-pixel-high view draws its racks as
 * solid blocks (a chip would be about a pixel); the camera coming close shows the chips; a
 * 512-chip tree seen whole shows them; a logical layout, which has no racks, always does, and
 * a torus too big for lines is a sheet of tiles. */
static void
test_level_of_detail (void)
{
  TfContext ctx = tf_test_context (16384, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) torus = { 0 };
  g_autoptr(GError) error = NULL;
  const TfNetworkGraph *tree =
    tf_test_graph_case_graph (tf_test_graph_cases_find (cases, "n512/inter-rack/none/r1/fat-tree:layers=3"));
  TfScene scene;
  TfCamera camera;
  float ppu;

  g_assert_true (tf_generate (&ctx, "torus:dimension_sizes=128x128,board_shape=1x1", NULL,
                              NULL, &torus, &error));
  g_assert_no_error (error);
  tf_scene_init (&scene);
  tf_scene_build (&scene, &torus.graph, 0);
  g_assert_cmpfloat (scene.chip_extent, >, 0);
  tf_camera_init (&camera);
  tf_camera_fit (&camera, scene.bounds_min, scene.bounds_max, 690.f / 390.f);
  ppu = tf_camera_pixels_per_unit (&camera, 390);
  g_test_message ("16,384 chips seen whole: a chip %.2f px", scene.chip_extent * ppu);
  g_assert_false (tf_scene_lod_shows_chips (scene.chip_extent, scene.boxes[TF_SCENE_RACK]->len,
                                            ppu));
  tf_camera_zoom (&camera, 0.05f);
  g_assert_true (tf_scene_lod_shows_chips (scene.chip_extent, scene.boxes[TF_SCENE_RACK]->len,
                                           tf_camera_pixels_per_unit (&camera, 390)));
  /* Its links are bundled between racks; a line standing for more than one link has a band
   * under it, as wide as 0.12 times log2 of its links. */
  g_assert_cmpint (scene.link_level, ==, TF_SCENE_LINKS_RACKS);
  g_assert_cmpuint (scene.band_lines->len, >, 0);
  g_assert_cmpuint (scene.band_vertices->len, ==, 6 * scene.band_lines->len);
  for (guint i = 0; i < scene.band_lines->len; i++)
    {
      guint line = g_array_index (scene.band_lines, guint, i);
      const TfSceneLine *l = &g_array_index (scene.lines, TfSceneLine, line);
      const TfSceneVertex *v = &g_array_index (scene.band_vertices, TfSceneVertex, 6 * i);
      float width = 0;

      g_assert_cmpuint (l->links, >, 1);
      for (guint axis = 0; axis < 3; axis++)
        width += (v[5].position[axis] - v[0].position[axis])
                 * (v[5].position[axis] - v[0].position[axis]);
      g_assert_cmpfloat_with_epsilon (sqrtf (width), 0.12f * log2f ((float) l->links), 1e-4);
    }
  /* Each bundled line's bandwidth is its links' (between racks, and between boards inside
   * one). */
  {
    g_autofree double *link_gbps = g_new (double, torus.graph.n_links);
    g_autofree double *line_gbps = g_new (double, scene.lines->len);

    for (guint i = 0; i < torus.graph.n_links; i++)
      link_gbps[i] = torus.graph.links[i].multiplicity;
    tf_scene_line_gbps (&scene, &torus.graph, link_gbps, line_gbps);
    for (guint i = 0; i < scene.lines->len; i++)
      g_assert_cmpfloat_with_epsilon (line_gbps[i],
                                      g_array_index (scene.lines, TfSceneLine, i).links, 1e-9);
  }
  /* The logical torus has no racks: its chips always show. Its 32,768 links are over the
   * budget: the chips are tiles filling their grid's cells, the 32,512 links between grid
   * neighbours are tiles touching, and the 256 wrap-around links are lines. */
  tf_scene_build_layout (&scene, &torus.graph, 0, TF_SCENE_LAYOUT_LOGICAL, "torus", NULL);
  g_assert_cmpuint (scene.boxes[TF_SCENE_RACK]->len, ==, 0);
  g_assert_true (tf_scene_lod_shows_chips (scene.chip_extent, 0, 1e-6f));
  g_assert_cmpint (scene.link_level, ==, TF_SCENE_LINKS_TILES);
  g_assert_cmpuint (scene.n_links_tiled, ==, 32768 - 256);
  g_assert_cmpuint (scene.n_lines, ==, 256);
  g_assert_cmpuint (scene.n_lines_hidden, ==, 0);
  g_assert_cmpfloat_with_epsilon (scene.chip_extent, TF_LAYOUT_PITCH, 1e-6);
  /* Within the budget, every link is a line and chips are small blocks again. */
  tf_scene_build_layout (&scene, &torus.graph, G_MAXUINT, TF_SCENE_LAYOUT_LOGICAL, "torus",
                         NULL);
  g_assert_cmpint (scene.link_level, ==, TF_SCENE_LINKS_ALL);
  g_assert_cmpuint (scene.n_links_tiled, ==, 0);
  g_assert_cmpuint (scene.n_lines, ==, 32768);
  g_assert_cmpfloat (scene.chip_extent, <, TF_LAYOUT_PITCH / 2);

  tf_scene_build (&scene, tree, 0);
  tf_camera_init (&camera);
  tf_camera_fit (&camera, scene.bounds_min, scene.bounds_max, 1.5f);
  ppu = tf_camera_pixels_per_unit (&camera, 800);
  g_test_message ("512 chips seen whole: a chip %.2f px", scene.chip_extent * ppu);
  g_assert_true (tf_scene_lod_shows_chips (scene.chip_extent, scene.boxes[TF_SCENE_RACK]->len,
                                           ppu));
  tf_scene_clear (&scene);
}

/* A fat-tree of four pods in the logical layout, its links over the budget: each tier of each
 * pod is a bar around its nodes, every node in one, and the links between two bars one line
 * whose band is as wide as the band unit times log2 of them; no link is lost. Within the
 * budget, no bars. */
static void
test_tier_bars (void)
{
  TfContext ctx = tf_test_context (4096, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) tree = { 0 };
  g_autoptr(GError) error = NULL;
  const TfNetworkGraph *g = &tree.graph;
  guint64 nodes = 0, links = 0, inside = 0, all = 0;
  guint pods_seen = 0;
  TfScene scene;

  g_assert_true (tf_generate (&ctx, "fat-tree:layers=3,k=32,osr=1,n_endpoint=256,"
                              "p_levels=1x2x1,attach=rail", NULL, NULL, &tree, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g->n_pod, ==, 4);
  tf_scene_init (&scene);
  tf_scene_build_layout (&scene, g, 2000, TF_SCENE_LAYOUT_LOGICAL, "fat-tree", NULL);
  g_assert_cmpint (scene.link_level, ==, TF_SCENE_LINKS_GROUPS);
  g_test_message ("%u bars, %u lines, band unit %.2f", scene.boxes[TF_SCENE_GROUP]->len,
                  scene.n_lines, scene.band_unit);
  /* Chips, leaves and spines of each of the 4 pods, and the cores: 13 bars. */
  g_assert_cmpuint (scene.boxes[TF_SCENE_GROUP]->len, ==, 13);
  for (guint k = 0; k < scene.boxes[TF_SCENE_GROUP]->len; k++)
    {
      nodes += scene.group_nodes[k];
      pods_seen += scene.group_tier[k] == TF_SCENE_N_TIERS;
    }
  g_assert_cmpuint (nodes, ==, g->n_chip + g->n_switch);
  g_assert_cmpuint (pods_seen, ==, 4);
  /* Every node's box inside a bar's. */
  for (guint v = 0; v < g->n_chip + g->n_switch; v++)
    {
      const TfSceneBox *b = v < g->n_chip
        ? &g_array_index (scene.boxes[TF_SCENE_CHIP], TfSceneBox, v)
        : &g_array_index (scene.boxes[TF_SCENE_SWITCH], TfSceneBox, v - g->n_chip);
      gboolean in = FALSE;

      for (guint k = 0; k < scene.boxes[TF_SCENE_GROUP]->len && !in; k++)
        {
          const TfSceneBox *bar = &g_array_index (scene.boxes[TF_SCENE_GROUP], TfSceneBox, k);

          in = TRUE;
          for (guint axis = 0; axis < 3; axis++)
            in = in && fabsf (b->center[axis] - bar->center[axis]) + b->size[axis] / 2
                       <= bar->size[axis] / 2 + 1e-3f;
        }
      g_assert_true (in);
    }
  for (guint i = 0; i < scene.lines->len; i++)
    {
      const TfSceneLine *l = &g_array_index (scene.lines, TfSceneLine, i);

      g_assert_cmpint (TF_SCENE_PACKED_KIND (l->a), ==, TF_SCENE_GROUP);
      g_assert_cmpint (TF_SCENE_PACKED_KIND (l->b), ==, TF_SCENE_GROUP);
      links += l->links;
    }
  /* The links left out join nodes of one bar: a fat-tree has none. Parallel links count as
   * many. */
  for (guint i = 0; i < g->n_links; i++)
    {
      inside += g->links[i].a < g->n_chip && g->links[i].b < g->n_chip;
      all += g->links[i].multiplicity;
    }
  g_assert_cmpuint (links + inside, ==, all);
  g_assert_cmpuint (scene.lines->len, ==, scene.n_lines);
  /* A line's bandwidth is its links': each link of one GB/s per parallel link, a line of n
   * links n GB/s. */
  {
    g_autofree double *link_gbps = g_new (double, g->n_links);
    g_autofree double *line_gbps = g_new (double, scene.lines->len);

    for (guint i = 0; i < g->n_links; i++)
      link_gbps[i] = g->links[i].multiplicity;
    tf_scene_line_gbps (&scene, g, link_gbps, line_gbps);
    for (guint i = 0; i < scene.lines->len; i++)
      g_assert_cmpfloat_with_epsilon (line_gbps[i],
                                      g_array_index (scene.lines, TfSceneLine, i).links, 1e-9);
  }
  g_assert_cmpuint (scene.band_lines->len, ==, scene.n_lines);
  for (guint i = 0; i < scene.band_lines->len; i++)
    {
      const TfSceneLine *l = &g_array_index (scene.lines, TfSceneLine,
                                             g_array_index (scene.band_lines, guint, i));
      const TfSceneVertex *v = &g_array_index (scene.band_vertices, TfSceneVertex, 6 * i);
      float width = 0;

      for (guint axis = 0; axis < 3; axis++)
        width += (v[5].position[axis] - v[0].position[axis])
                 * (v[5].position[axis] - v[0].position[axis]);
      g_assert_cmpfloat_with_epsilon (sqrtf (width), scene.band_unit * log2f ((float) l->links),
                                      1e-3);
    }
  g_assert_cmpfloat (scene.band_unit, >, 0.12f);
  /* Within the budget: every link a line, no bars. */
  tf_scene_build_layout (&scene, g, G_MAXUINT, TF_SCENE_LAYOUT_LOGICAL, "fat-tree", NULL);
  g_assert_cmpint (scene.link_level, ==, TF_SCENE_LINKS_ALL);
  g_assert_cmpuint (scene.boxes[TF_SCENE_GROUP]->len, ==, 0);
  g_assert_cmpuint (scene.n_lines, ==, g->n_links);

  /* A dragonfly of 64 groups: 16 bars, each four neighbouring groups with their chips; the
   * lines are the links between sectors, and the links left out those inside one. */
  {
    g_auto(TfTopology) fly = { 0 };
    TfAttrs attrs;
    guint64 between = 0, within = 0;

    g_assert_true (tf_generate (&ctx, "dragonfly:a=8,p=8,h=8,g=64,n_endpoint=512,attach=rail",
                                NULL, NULL, &fly, &error));
    g_assert_no_error (error);
    tf_result_get_attrs (&fly.result, &attrs);
    tf_scene_build_layout (&scene, &fly.graph, 2000, TF_SCENE_LAYOUT_LOGICAL, "dragonfly",
                           &attrs);
    g_assert_cmpint (scene.link_level, ==, TF_SCENE_LINKS_GROUPS);
    g_assert_cmpuint (scene.boxes[TF_SCENE_GROUP]->len, ==, 16);
    for (guint i = 0; i < scene.lines->len; i++)
      between += g_array_index (scene.lines, TfSceneLine, i).links;
    for (guint i = 0; i < fly.graph.n_links; i++)
      {
        guint32 a = fly.graph.links[i].a, b = fly.graph.links[i].b;
        guint sa, sb;

        /* The sector of a chip is its switch's: chips link to one switch only. */
        if (a < fly.graph.n_chip || b < fly.graph.n_chip)
          {
            within++;
            continue;
          }
        sa = (a - fly.graph.n_chip) / 8 * 16 / 64;
        sb = (b - fly.graph.n_chip) / 8 * 16 / 64;
        if (sa == sb)
          within++;
      }
    g_assert_cmpuint (between + within, ==, fly.graph.n_links);
    g_assert_cmpuint (scene.n_lines, ==, 16 * 15 / 2);
  }
  tf_scene_clear (&scene);
}

static void
add_tests (GPtrArray *sweep)
{
  cases = sweep;

  g_test_add_func ("/render/scene/sweep-coverage", test_sweep_coverage);
  g_test_add_func ("/render/scene/clear", test_clear);
  g_test_add_func ("/render/scene/rebuild", test_rebuild);
  g_test_add_func ("/render/scene/level-of-detail", test_level_of_detail);
  g_test_add_func ("/render/scene/tier-bars", test_tier_bars);
  tf_test_graph_cases_add (cases, "/render/scene/counts", test_counts);
  tf_test_graph_cases_add (cases, "/render/scene/nesting", test_nesting);
  tf_test_graph_cases_add (cases, "/render/scene/bounds", test_bounds);
}

int
main (int    argc,
      char **argv)
{
  return tf_test_scene_run (&argc, &argv, add_tests);
}
