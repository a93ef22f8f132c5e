/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-layout-logical.c: the logical layout (render/tf-layout-logical.c) and what the scene
 * keeps for filters and the hover highlight (render/tf-scene-highlight.c), without GL.
 *
 * Each family's shape, as its row promises: torus neighbours one grid step apart along one axis
 * (or a whole ring apart, the wrap-around), dragonfly groups at equal angles on one circle,
 * fat-tree tiers at distinct heights with leaves over their chips, hypercube neighbours one
 * step of a cube apart, HyperX lines along one axis, every node of every family in a place of
 * its own; a board's scale-up switches beside its own chips, not among the family's switches. */
#include <math.h>
#include <string.h>

#include "tf-layout-logical.h"
#include "tf-scene.h"

#define EPS 1e-3f

/* The first generated result of @family at @n_chip chips, inter-rack, with @topo on the
 * boards, that @want accepts; FALSE when there is none. */
static gboolean
generate_on_boards (const char        *family_name,
                    guint              n_chip,
                    TfIntraBoardTopo   topo,
                    gboolean         (*want) (const TfResult *r),
                    TfTopology        *out)
{
  const TfFamily *family = tf_family_lookup (family_name);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GError) error = NULL;
  TfContext ctx;

  g_assert_nonnull (family);
  tf_context_init (&ctx);
  ctx.n_chip = n_chip;
  ctx.scope = TF_SCOPE_INTER_RACK;
  ctx.intra_board_topo = topo;
  /* Any result does when none is wanted in particular: the first, without measuring the
   * family's other thousands (4,096-chip dragonflies, a minute under the sanitizers). */
  g_assert_true (tf_enumerate (&ctx, &family, 1, want == NULL ? 1 : 0, NULL, NULL, &e, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < e.families[0].n_results; i++)
    {
      const TfResult *r = &e.families[0].results[i];
      g_autofree char *id = NULL;

      if (want != NULL && !want (r))
        continue;
      id = tf_result_dup_id (r);
      g_test_message ("%s", id);
      g_assert_true (tf_generate (&ctx, id, NULL, NULL, out, &error));
      g_assert_no_error (error);
      return TRUE;
    }
  return FALSE;
}

/* The first generated result of @family at @n_chip chips, inter-rack, that @want accepts. */
static void
generate (const char  *family_name,
          guint        n_chip,
          gboolean   (*want) (const TfResult *r),
          TfTopology  *out)
{
  if (!generate_on_boards (family_name, n_chip, TF_INTRA_BOARD_NONE, want, out))
    g_error ("no %s result at %u chips", family_name, n_chip);
}

/* Every node's logical position. */
static float (*
positions (const TfTopology *t))[3]
{
  float (*pos)[3] = g_malloc_n ((gsize) t->graph.n_chip + t->graph.n_switch, sizeof (float[3]));
  TfAttrs attrs;

  tf_result_get_attrs (&t->result, &attrs);
  tf_layout_logical (&t->graph, tf_family_get_name (t->result.family), &attrs, pos, NULL);
  return pos;
}

static const TfAttr *
attr (const TfTopology *t,
      const char       *key,
      TfAttrs          *attrs)
{
  tf_result_get_attrs (&t->result, attrs);
  for (guint i = 0; i < attrs->n_attrs; i++)
    if (strcmp (attrs->attrs[i].key, key) == 0)
      return &attrs->attrs[i];
  g_error ("no attribute %s", key);
}

/* Axes along which @a and @b differ, and the distance along the last of them. */
static guint
axes_apart (const float *a,
            const float *b,
            float       *distance)
{
  guint n = 0;

  for (guint axis = 0; axis < 3; axis++)
    if (fabsf (a[axis] - b[axis]) > EPS)
      {
        *distance = fabsf (a[axis] - b[axis]);
        n++;
      }
  return n;
}

static gboolean
is_3d_torus (const TfResult *r)
{
  TfAttrs attrs;

  tf_result_get_attrs (r, &attrs);
  return attrs.attrs[0].n_values == 3 && r->chips_per_board == 1;
}

static gboolean
is_2d_torus (const TfResult *r)
{
  TfAttrs attrs;

  tf_result_get_attrs (r, &attrs);
  return attrs.attrs[0].n_values == 2;
}

/* A torus link joins chips one grid step apart along one axis, or a whole ring apart (the
 * wrap-around): never diagonally. */
static void
check_torus (gboolean (*want) (const TfResult *r))
{
  g_auto(TfTopology) t = { 0 };
  g_autofree float (*pos)[3] = NULL;
  TfAttrs attrs;
  const TfAttr *sizes;
  guint steps = 0;

  generate ("torus", 4096, want, &t);
  pos = positions (&t);
  sizes = attr (&t, "dimension_sizes", &attrs);
  for (guint i = 0; i < t.graph.n_links; i++)
    {
      float d = 0;
      gboolean wrap = FALSE;

      g_assert_cmpuint (axes_apart (pos[t.graph.links[i].a], pos[t.graph.links[i].b], &d), ==, 1);
      if (fabsf (d - TF_LAYOUT_PITCH) < EPS)
        {
          steps++;
          continue;
        }
      for (guint k = 0; k < sizes->n_values; k++)
        wrap |= fabsf (d - (sizes->values[k] - 1) * TF_LAYOUT_PITCH) < EPS;
      g_assert_true (wrap);
    }
  /* All but the wrap-arounds: n_chip / S_d of them per dimension. */
  {
    guint64 wraps = 0;

    for (guint k = 0; k < sizes->n_values; k++)
      wraps += t.graph.n_chip / sizes->values[k];
    g_assert_cmpuint (steps, >=, t.graph.n_chip * sizes->n_values - wraps);
  }
}

static void
test_torus_3d (void)
{
  check_torus (is_3d_torus);
}

static void
test_torus_2d (void)
{
  check_torus (is_2d_torus);
}

/* Dragonfly groups: their switches' centres at equal angles on one circle. */
static void
check_groups (const char *family)
{
  g_auto(TfTopology) t = { 0 };
  g_autofree float (*pos)[3] = NULL;
  TfAttrs attrs;
  guint g, per;
  double radius = -1;

  generate (family, 4096, NULL, &t);
  pos = positions (&t);
  g = (guint) attr (&t, "g", &attrs)->values[0];
  per = t.graph.n_switch / g;
  g_assert_cmpuint (g, >=, 3);
  for (guint i = 0; i < g; i++)
    {
      double x = 0, z = 0, angle, r;

      for (guint s = i * per; s < (i + 1) * per; s++)
        {
          x += pos[t.graph.n_chip + s][0] / per;
          z += pos[t.graph.n_chip + s][2] / per;
          g_assert_cmpfloat (fabsf (pos[t.graph.n_chip + s][1]), <, EPS);
        }
      r = hypot (x, z);
      angle = atan2 (z, x);
      if (radius < 0)
        radius = r;
      g_assert_cmpfloat (fabs (r - radius), <, 1e-2 * radius);
      /* Group i at 2 pi i / g. */
      g_assert_cmpfloat (fabs (remainder (angle - 2 * G_PI * i / g, 2 * G_PI)), <, 1e-3);
    }
  g_assert_cmpfloat (radius, >, 0);
}

static void
test_dragonfly (void)
{
  check_groups ("dragonfly");
}

static void
test_dragonfly_plus (void)
{
  check_groups ("dragonfly-plus");
}

/* A fat-tree whose leaves stand in their racks (rail groups' stand in the pod). */
static gboolean
is_not_rail (const TfResult *r)
{
  g_autofree char *id = tf_result_dup_id (r);

  return strstr (id, "attach=rail") == NULL;
}

static gboolean
is_3_layers (const TfResult *r)
{
  TfAttrs attrs;

  /* Leaves in their racks, so that each tier is one level of the tree. */
  if (!is_not_rail (r))
    return FALSE;
  tf_result_get_attrs (r, &attrs);
  for (guint i = 0; i < attrs.n_attrs; i++)
    if (strcmp (attrs.attrs[i].key, "layers") == 0)
      return attrs.attrs[i].values[0] == 3;
  return FALSE;
}

/* Leaves in their racks under spines. */
static gboolean
is_leaf_spine (const TfResult *r)
{
  TfAttrs attrs;

  tf_result_get_attrs (r, &attrs);
  for (guint i = 0; i < attrs.n_attrs; i++)
    if (strcmp (attrs.attrs[i].key, "layers") == 0)
      return is_not_rail (r) && attrs.attrs[i].values[0] == 2;
  return FALSE;
}

/* Fat-tree: each tier at a height of its own, higher tiers higher, chips under the leaf they
 * link to. */
static void
test_fat_tree (void)
{
  g_auto(TfTopology) t = { 0 };
  g_autofree float (*pos)[3] = NULL;
  float height[3];
  gboolean seen[3] = { FALSE };
  guint n_seen = 0;

  generate ("fat-tree", 4096, is_3_layers, &t);
  pos = positions (&t);
  for (guint s = 0; s < t.graph.n_switch; s++)
    {
      guint tier = TF_SCENE_TIER (t.graph.switches[s].tier);
      float y = pos[t.graph.n_chip + s][1];

      if (!seen[tier])
        {
          seen[tier] = TRUE;
          height[tier] = y;
          n_seen++;
        }
      g_assert_cmpfloat (fabsf (y - height[tier]), <, EPS);
    }
  g_assert_cmpuint (n_seen, ==, 3);
  g_assert_cmpfloat (height[0], <, height[1]);
  g_assert_cmpfloat (height[1], <, height[2]);
  for (guint i = 0; i < t.graph.n_links; i++)
    {
      const TfLink *l = &t.graph.links[i];

      if (l->a < t.graph.n_chip && l->b >= t.graph.n_chip)
        {
          /* Below its leaf, within the leaf's patch. */
          g_assert_cmpfloat (pos[l->a][1], <, pos[l->b][1]);
          g_assert_cmpfloat (hypotf (pos[l->a][0] - pos[l->b][0], pos[l->a][2] - pos[l->b][2]),
                             <, 0.5f * sqrtf ((float) t.graph.n_chip) * TF_LAYOUT_PITCH);
        }
    }
}

/* A fat-tree of two planes: plane 0's tiers over the chips as one plane's are, plane 1's
 * mirrored under them, its spines lowest; no switch of one plane among the other's. */
static void
test_fat_tree_planes (void)
{
  g_auto(TfTopology) t = { 0 };
  g_autofree float (*pos)[3] = NULL;
  g_autoptr(GError) error = NULL;
  TfContext ctx;
  float chip_top = -G_MAXFLOAT, chip_bottom = G_MAXFLOAT;
  float lowest[2][2] = { { G_MAXFLOAT, G_MAXFLOAT }, { G_MAXFLOAT, G_MAXFLOAT } };
  float highest[2][2] = { { -G_MAXFLOAT, -G_MAXFLOAT }, { -G_MAXFLOAT, -G_MAXFLOAT } };

  tf_context_init (&ctx);
  ctx.n_chip = 256;
  ctx.scope = TF_SCOPE_INTER_RACK;
  ctx.chip_radix = 2;
  g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail,"
                              "planes=2", NULL, NULL, &t, &error));
  g_assert_no_error (error);
  pos = positions (&t);
  for (guint c = 0; c < t.graph.n_chip; c++)
    {
      chip_top = MAX (chip_top, pos[c][1]);
      chip_bottom = MIN (chip_bottom, pos[c][1]);
    }
  for (guint s = 0; s < t.graph.n_switch; s++)
    {
      const TfSwitch *sw = &t.graph.switches[s];
      guint plane = g_str_has_prefix (sw->id, "p1.") ? 1 : 0;
      guint spine = sw->tier != TF_TIER_RACK;
      float y = pos[t.graph.n_chip + s][1];

      g_assert_true (g_str_has_prefix (sw->id, plane ? "p1." : "p0."));
      lowest[plane][spine] = MIN (lowest[plane][spine], y);
      highest[plane][spine] = MAX (highest[plane][spine], y);
    }
  /* Plane 0: chips < leaves < spines; plane 1: spines < leaves < chips. */
  g_assert_cmpfloat (chip_top, <, lowest[0][0]);
  g_assert_cmpfloat (highest[0][0], <, lowest[0][1]);
  g_assert_cmpfloat (highest[1][0], <, chip_bottom);
  g_assert_cmpfloat (highest[1][1], <, lowest[1][0]);
}

/* Hypercube: neighbours differ in one address bit, so they sit apart along one axis, each
 * cube's step three times the one inside it. */
static void
test_hypercube (void)
{
  g_auto(TfTopology) t = { 0 };
  g_autofree float (*pos)[3] = NULL;

  generate ("hypercube", 512, NULL, &t);
  pos = positions (&t);
  for (guint i = 0; i < t.graph.n_links; i++)
    {
      float d = 0;
      double steps;

      g_assert_cmpuint (axes_apart (pos[t.graph.links[i].a], pos[t.graph.links[i].b], &d), ==, 1);
      steps = log (d / TF_LAYOUT_PITCH) / log (3);
      g_assert_cmpfloat (fabs (steps - round (steps)), <, 1e-3);
    }
}

/* HyperX: switches of one line (all coordinates but one equal) line up along one axis. */
static void
test_hyperx (void)
{
  g_auto(TfTopology) t = { 0 };
  g_autofree float (*pos)[3] = NULL;
  guint between = 0;

  generate ("hyperx", 4096, NULL, &t);
  pos = positions (&t);
  for (guint i = 0; i < t.graph.n_links; i++)
    {
      const TfLink *l = &t.graph.links[i];
      float d = 0;

      if (l->a < t.graph.n_chip)
        continue;
      g_assert_cmpuint (axes_apart (pos[l->a], pos[l->b], &d), ==, 1);
      between++;
    }
  g_assert_cmpuint (between, >, 0);
}

/* Every family, and a graph without one: every node in a place of its own, all finite. */
static void
test_distinct (void)
{
  for (guint f = 0; f < tf_families_get_count (); f++)
    for (guint without = 0; without < 2; without++)
      {
        const char *name = tf_family_get_name (tf_families_get (f));
        g_auto(TfTopology) t = { 0 };
        g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
        g_autofree float (*pos)[3] = NULL;
        TfAttrs attrs;
        guint n;

        generate (name, 512, NULL, &t);
        n = t.graph.n_chip + t.graph.n_switch;
        pos = g_malloc_n (n, sizeof (float[3]));
        tf_result_get_attrs (&t.result, &attrs);
        g_assert_true (tf_layout_logical_has_family (name));
        tf_layout_logical (&t.graph, without ? NULL : name, without ? NULL : &attrs, pos, NULL);
        for (guint v = 0; v < n; v++)
          {
            char *key = g_strdup_printf ("%.2f %.2f %.2f", pos[v][0], pos[v][1], pos[v][2]);

            for (guint axis = 0; axis < 3; axis++)
              g_assert_true (isfinite (pos[v][axis]));
            if (!g_hash_table_add (seen, key))
              g_error ("%s%s: node %u shares %s", name, without ? " (no family)" : "", v, key);
          }
      }
  g_assert_false (tf_layout_logical_has_family ("no-such-family"));
}

/* The scene in the logical layout: no containers; a filter hides a tier's switches and their
 * lines, and picking passes them by; a highlight lights exactly a node's links. */
static void
test_scene (void)
{
  g_auto(TfTopology) t = { 0 };
  TfSceneFilter hide_leaves = { 0, 1u << 0 };
  TfScene scene;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (TfSceneBox));
  g_autoptr(GArray) vertices = g_array_new (FALSE, FALSE, sizeof (TfSceneVertex));
  TfAttrs attrs;
  const TfSceneBox *leaf;
  guint leaf_index = G_MAXUINT, degree = 0, hidden_lines = 0;
  float origin[3], down[3] = { 0, -1, 0 };
  TfScenePick pick;

  generate ("fat-tree", 1024, is_leaf_spine, &t);
  tf_result_get_attrs (&t.result, &attrs);
  tf_scene_init (&scene);
  tf_scene_build_layout (&scene, &t.graph, 0, TF_SCENE_LAYOUT_LOGICAL,
                         tf_family_get_name (t.result.family), &attrs);
  g_assert_cmpuint (scene.layout, ==, TF_SCENE_LAYOUT_LOGICAL);
  g_assert_cmpuint (scene.boxes[TF_SCENE_POD]->len, ==, 0);
  g_assert_cmpuint (scene.boxes[TF_SCENE_RACK]->len, ==, 0);
  g_assert_cmpuint (scene.boxes[TF_SCENE_BOARD]->len, ==, 0);
  g_assert_cmpuint (scene.boxes[TF_SCENE_CHIP]->len, ==, t.graph.n_chip);
  g_assert_cmpuint (scene.lines->len * 2, ==, scene.link_vertices->len);
  g_assert_nonnull (scene.tier_roles[0]);
  g_assert_nonnull (strstr (scene.tier_roles[0], "leaf"));

  for (guint s = 0; s < t.graph.n_switch && leaf_index == G_MAXUINT; s++)
    if (t.graph.switches[s].tier == TF_TIER_RACK)
      leaf_index = s;
  g_assert_cmpuint (leaf_index, !=, G_MAXUINT);
  leaf = &g_array_index (scene.boxes[TF_SCENE_SWITCH], TfSceneBox, leaf_index);
  g_assert_false (tf_scene_box_visible (&scene, &hide_leaves, TF_SCENE_SWITCH, leaf_index));
  g_assert_true (tf_scene_box_visible (&scene, &hide_leaves, TF_SCENE_CHIP, 0));
  for (guint i = 0; i < scene.lines->len; i++)
    hidden_lines += !tf_scene_line_visible (&scene, &hide_leaves, i);
  /* Every chip's one link goes to a leaf. */
  g_assert_cmpuint (hidden_lines, >=, t.graph.n_chip);

  /* Straight down onto the leaf: it, unless hidden; then a chip below it. */
  memcpy (origin, leaf->center, sizeof origin);
  origin[1] += 100;
  g_assert_true (tf_scene_pick_visible (&scene, NULL, origin, down, &pick));
  g_assert_cmpuint (pick.kind, ==, TF_SCENE_SWITCH);
  g_assert_cmpuint (pick.index, ==, leaf_index);
  if (tf_scene_pick_visible (&scene, &hide_leaves, origin, down, &pick))
    g_assert_false (pick.kind == TF_SCENE_SWITCH && pick.index == leaf_index);

  for (guint i = 0; i < t.graph.n_links; i++)
    degree += t.graph.links[i].a == t.graph.n_chip + leaf_index
              || t.graph.links[i].b == t.graph.n_chip + leaf_index;
  tf_scene_highlight (&scene, NULL, TF_SCENE_SWITCH, leaf_index, boxes, vertices);
  g_assert_cmpuint (boxes->len, ==, degree);
  g_assert_cmpuint (vertices->len, ==, 2 * degree);
  for (guint i = 0; i < vertices->len; i += 2)
    g_assert_cmpmem (g_array_index (vertices, TfSceneVertex, i).position, sizeof (float[3]),
                     leaf->center, sizeof (float[3]));
  /* Hidden reaches light nothing. */
  g_array_set_size (boxes, 0);
  g_array_set_size (vertices, 0);
  tf_scene_highlight (&scene, &(TfSceneFilter) { 0xf, 0 }, TF_SCENE_SWITCH, leaf_index, boxes,
                      vertices);
  g_assert_cmpuint (boxes->len + vertices->len, ==, 0);
  tf_scene_clear (&scene);
}

static gboolean
has_boards (const TfResult *r)
{
  return r->chips_per_board > 1;
}

static float
distance (const float *a,
          const float *b)
{
  return sqrtf ((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1])
                + (a[2] - b[2]) * (a[2] - b[2]));
}

/* Boards of scale-up switches, in every family whose boards take them (those with switches of
 * their own: a direct network already links a board's chips): each switch beside its own
 * board's chips, nearer one of them than any other board's chip and within a grid step, away
 * from the family's switches, every node in a place of its own. In the scene they are a tier of
 * their own, small blocks a filter hides with their links. */
static void
test_scale_up (void)
{
  guint families = 0;

  for (guint f = 0; f < tf_families_get_count (); f++)
    {
      const char *name = tf_family_get_name (tf_families_get (f));
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autofree float (*pos)[3] = NULL;
      g_autofree guint32 *board_of = NULL;
      const TfNetworkGraph *g = &t.graph;
      const TfSceneFilter hide = { 0, 1u << TF_SCENE_TIER_SCALE_UP };
      TfAttrs attrs;
      TfScene scene;
      guint n_scale_up = 0, hidden_lines = 0;

      if (!generate_on_boards (name, 512, TF_INTRA_BOARD_SWITCH, has_boards, &t))
        continue;
      families++;
      pos = positions (&t);
      board_of = g_new (guint32, g->n_chip);
      for (guint i = 0; i < g->n_board * g->chips_per_board; i++)
        board_of[g->board_chips[i]] = i / g->chips_per_board;
      for (guint v = 0; v < g->n_chip + g->n_switch; v++)
        {
          char *key = g_strdup_printf ("%.2f %.2f %.2f", pos[v][0], pos[v][1], pos[v][2]);

          if (!g_hash_table_add (seen, key))
            g_error ("%s with scale-up switches: node %u shares %s", name, v, key);
        }
      for (guint s = 0; s < g->n_switch; s++)
        {
          const float *p = pos[g->n_chip + s];
          float own = G_MAXFLOAT, other = G_MAXFLOAT;

          if (g->switches[s].tier != TF_TIER_BOARD)
            continue;
          n_scale_up++;
          for (guint c = 0; c < g->n_chip; c++)
            {
              if (board_of[c] == g->switches[s].container)
                own = MIN (own, distance (p, pos[c]));
              else
                other = MIN (other, distance (p, pos[c]));
            }
          if (own >= other || own > TF_LAYOUT_PITCH)
            g_error ("%s: %s is %g from its board's chips, %g from another's", name,
                     g->switches[s].id, own, other);
          for (guint w = 0; w < g->n_switch; w++)
            if (g->switches[w].tier != TF_TIER_BOARD)
              g_assert_cmpfloat (distance (p, pos[g->n_chip + w]), >, TF_LAYOUT_PITCH);
        }
      g_assert_cmpuint (n_scale_up, >, 0);

      tf_result_get_attrs (&t.result, &attrs);
      tf_scene_init (&scene);
      tf_scene_build_layout (&scene, g, 0, TF_SCENE_LAYOUT_LOGICAL, name, &attrs);
      g_assert_cmpuint (scene.switches_by_tier[TF_SCENE_TIER_SCALE_UP], ==, n_scale_up);
      g_assert_null (scene.tier_roles[TF_SCENE_TIER_SCALE_UP]);
      for (guint s = 0; s < g->n_switch; s++)
        if (g->switches[s].tier == TF_TIER_BOARD)
          {
            const TfSceneBox *b = &g_array_index (scene.boxes[TF_SCENE_SWITCH], TfSceneBox, s);
            const TfSceneBox *chip = &g_array_index (scene.boxes[TF_SCENE_CHIP], TfSceneBox, 0);

            g_assert_cmpfloat (b->size[0], <, chip->size[0]);
            g_assert_cmpfloat (b->size[0], <, TF_LAYOUT_SCALE_UP_PITCH);
            g_assert_false (tf_scene_box_visible (&scene, &hide, TF_SCENE_SWITCH, s));
          }
      for (guint i = 0; i < scene.lines->len; i++)
        hidden_lines += !tf_scene_line_visible (&scene, &hide, i);
      /* Each chip's links into its board's scale-up switches go with them. */
      g_assert_cmpuint (hidden_lines, >=, MIN (g->n_chip, scene.lines->len));
      tf_scene_clear (&scene);
    }
  /* Fat-tree, dragonfly, dragonfly+, HyperX, single switch. */
  g_assert_cmpuint (families, >=, 5);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/layout-logical/torus-3d", test_torus_3d);
  g_test_add_func ("/render/layout-logical/torus-2d", test_torus_2d);
  g_test_add_func ("/render/layout-logical/dragonfly", test_dragonfly);
  g_test_add_func ("/render/layout-logical/dragonfly-plus", test_dragonfly_plus);
  g_test_add_func ("/render/layout-logical/fat-tree", test_fat_tree);
  g_test_add_func ("/render/layout-logical/fat-tree-planes", test_fat_tree_planes);
  g_test_add_func ("/render/layout-logical/hypercube", test_hypercube);
  g_test_add_func ("/render/layout-logical/hyperx", test_hyperx);
  g_test_add_func ("/render/layout-logical/distinct", test_distinct);
  g_test_add_func ("/render/layout-logical/scene", test_scene);
  g_test_add_func ("/render/layout-logical/scale-up", test_scale_up);
  return g_test_run ();
}
