/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scene-lines.c: the lines of a scene (render/tf-scene.c), without GL: one line per link
 * or the bundled lines the header promises, and the legend's link colours. Over the same sweep
 * of graphs as test-scene.c, each graph its own test case, and a 16,384-chip fat-tree.
 */
#include <math.h>
#include <string.h>

#include "test-graph-cases.h"
#include "test-scene-fixture.h"
#include "test-util.h"

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

/* Where an end of a link is drawn at @level, as the header describes it: a scale-up switch
 * moves up with its board's chips. */
static guint64
expected_end (const TfNetworkGraph *g,
              const guint32        *board_of,
              guint32               node,
              TfSceneLinkLevel      level)
{
  guint board;

  if (level == TF_SCENE_LINKS_ALL)
    return node < g->n_chip ? end_of (TF_SCENE_CHIP, node)
                            : end_of (TF_SCENE_SWITCH, node - g->n_chip);
  if (node < g->n_chip)
    board = board_of[node];
  else if (g->switches[node - g->n_chip].tier == TF_TIER_BOARD)
    board = g->switches[node - g->n_chip].container;
  else
    return end_of (TF_SCENE_SWITCH, node - g->n_chip);
  if (level == TF_SCENE_LINKS_BOARDS)
    return end_of (TF_SCENE_BOARD, board);
  return end_of (TF_SCENE_RACK, g->board_rack[board]);
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

/* A line to a scale-up switch is a board's own: its colour the board reach's, both its ends
 * over the board the switch stands on. */
static void
assert_scale_up_lines (const TfScene        *scene,
                       const TfNetworkGraph *g)
{
  guint n = 0;

  for (guint i = 0; i < scene->n_lines; i++)
    {
      const TfSceneVertex *v = &g_array_index (scene->link_vertices, TfSceneVertex, 2 * i);
      const TfSceneLine *l = &g_array_index (scene->lines, TfSceneLine, i);
      guint32 ends[2] = { l->a, l->b };

      for (guint e = 0; e < 2; e++)
        {
          guint s = TF_SCENE_PACKED_INDEX (ends[e]);
          const TfSceneBox *board;

          if (TF_SCENE_PACKED_KIND (ends[e]) != TF_SCENE_SWITCH
              || g->switches[s].tier != TF_TIER_BOARD)
            continue;
          board = box_at (scene, TF_SCENE_BOARD, g->switches[s].container);
          g_assert_cmpuint (l->reach, ==, TF_REACH_BOARD);
          g_assert_cmpuint (reach_of_color (v[0].color), ==, TF_REACH_BOARD);
          for (guint w = 0; w < 2; w++)
            for (guint axis = 0; axis < 3; axis += 2)
              {
                g_assert_cmpfloat (v[w].position[axis], >=, lo (board, axis) - EPS);
                g_assert_cmpfloat (v[w].position[axis], <=, hi (board, axis) + EPS);
              }
          n++;
        }
    }
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];

      n -= (l->a >= g->n_chip && g->switches[l->a - g->n_chip].tier == TF_TIER_BOARD)
           + (l->b >= g->n_chip && g->switches[l->b - g->n_chip].tier == TF_TIER_BOARD);
    }
  /* Every link of a scale-up switch drawn, one line each. */
  g_assert_cmpuint (n, ==, 0);
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
      assert_scale_up_lines (&scene, g);
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

static void
add_tests (GPtrArray *cases)
{
  g_test_add_func ("/render/scene/link-colors", test_link_colors);
  g_test_add_func ("/render/scene/bundling/fat-tree-16384", test_large_fat_tree);
  tf_test_graph_cases_add (cases, "/render/scene/lines", test_lines);
  tf_test_graph_cases_add (cases, "/render/scene/bundling", test_bundling);
}

int
main (int    argc,
      char **argv)
{
  return tf_test_scene_run (&argc, &argv, add_tests);
}
