/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-scene-lines.c: a scene's links as it draws them (see tf-scene.h): every link a line up to
 * the budget; above it bundled between boards, then racks (a band under each bundle, as wide as
 * log2 of its links), lines inside racks thinned; in the logical layout, lines between chips
 * and switches thinned evenly, or a torus's chips as touching tiles and its wrap-around links
 * as arcs. */
#include <math.h>
#include <string.h>

#include "tf-layout-logical.h"
#include "tf-scene-private.h"

#define TILE_BLOCK    8u       /* tiles a side of a block of one shade (TF_SCENE_LINKS_TILES) */
#define BAND_UNIT     0.12f    /* a band's width per doubling of its links */
#define BAND_ALPHA    0.35f
#define BAR_BANDS     50.0f    /* between bars, a band unit is the narrowest bar over this */

typedef TfSceneLine LineKey;

static guint
line_key_hash (gconstpointer p)
{
  const LineKey *k = p;

  return (k->a * 2654435761u) ^ (k->b * 40503u) ^ k->reach;
}

static gboolean
line_key_equal (gconstpointer pa,
                gconstpointer pb)
{
  const LineKey *a = pa, *b = pb;

  return a->a == b->a && a->b == b->b && a->reach == b->reach;
}

#define pack TF_SCENE_PACK

/* The box a link end is drawn at, at @level (its bar, @node_group's, at LINKS_GROUPS). */
static guint32
end_box (const TfNetworkGraph *g,
         const guint32        *chip_board,
         guint32               node,
         TfSceneLinkLevel      level)
{
  guint board;

  if (level == TF_SCENE_LINKS_GROUPS && chip_board[node] != G_MAXUINT32)
    return pack (TF_SCENE_GROUP, chip_board[node]);
  if (level == TF_SCENE_LINKS_ALL || level == TF_SCENE_LINKS_GROUPS)
    return node < g->n_chip ? pack (TF_SCENE_CHIP, node)
                            : pack (TF_SCENE_SWITCH, node - g->n_chip);
  /* A scale-up switch stands on its board: bundled, it moves with the board's chips. */
  if (node < g->n_chip)
    board = chip_board[node];
  else if (is_scale_up (g, node - g->n_chip))
    board = g->switches[node - g->n_chip].container;
  else
    return pack (TF_SCENE_SWITCH, node - g->n_chip);
  if (level == TF_SCENE_LINKS_BOARDS)
    return pack (TF_SCENE_BOARD, board);
  return pack (TF_SCENE_RACK, g->board_rack[board]);
}

static const TfSceneBox *
packed_box (TfScene *scene,
            guint32  packed)
{
  return box_at (scene, (TfSceneKind) (packed >> 28), packed & 0x0fffffffu);
}

/* The distinct lines of each reach at @level (with @chip_board each node's bar at
 * LINKS_GROUPS), in the order of the links: a line joins two
 * different boxes; links whose ends fall in one box at this level are left out. With
 * @inside_racks, only the lines whose ends lie in one rack (at board level, drawn there when
 * racks are the level). Stops early, returning FALSE, beyond @limit lines (0: no limit). */
static gboolean
collect_lines (const TfNetworkGraph *g,
               const guint32        *chip_board,
               TfSceneLinkLevel      level,
               gboolean              inside_racks,
               guint                 limit,
               GArray               *out[TF_N_REACHES])
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (line_key_hash, line_key_equal, g_free,
                                                      NULL);
  guint n = 0;
  gpointer at;

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      LineKey key = { end_box (g, chip_board, l->a, level), end_box (g, chip_board, l->b, level),
                      l->reach, MAX (l->multiplicity, 1u) };

      if (inside_racks)
        {
          if (end_box (g, chip_board, l->a, TF_SCENE_LINKS_RACKS)
              != end_box (g, chip_board, l->b, TF_SCENE_LINKS_RACKS))
            continue;
        }
      if (key.a == key.b)
        continue;
      if (key.a > key.b)
        {
          guint32 t = key.a;

          key.a = key.b;
          key.b = t;
        }
      /* A line seen before stands for its links more. */
      if (g_hash_table_lookup_extended (seen, &key, NULL, &at))
        {
          g_array_index (out[l->reach], LineKey, GPOINTER_TO_UINT (at)).links += key.links;
          continue;
        }
      if (limit != 0 && n >= limit)
        return FALSE;
      g_hash_table_insert (seen, g_memdup2 (&key, sizeof key),
                           GUINT_TO_POINTER (out[l->reach]->len));
      g_array_append_val (out[l->reach], key);
      n++;
    }
  return TRUE;
}

static guint
count_lines (GArray *lines[TF_N_REACHES])
{
  guint n = 0;

  for (guint t = 0; t < TF_N_REACHES; t++)
    n += lines[t]->len;
  return n;
}

/* In a logical layout, the axis a long straight link should bow along so that it does not lie
 * over the short links of the nodes between its ends (a torus's wrap-around over its row,
 * HyperX's far links over near ones): the flattest axis across it, or -1 to draw it straight. */
static int
bow_axis (const TfScene *scene,
          const float    a[3],
          const float    b[3])
{
  int along = -1, best = -1;

  /* Bars stand apart; a straight line between two says more. */
  if (scene->layout != TF_SCENE_LAYOUT_LOGICAL || scene->link_level == TF_SCENE_LINKS_GROUPS)
    return -1;
  for (int axis = 0; axis < 3; axis++)
    if (fabsf (a[axis] - b[axis]) > 1e-3f)
      {
        if (along >= 0)
          return -1;
        along = axis;
      }
  if (along < 0 || fabsf (a[along] - b[along]) < 2.5f * TF_LAYOUT_PITCH)
    return -1;
  for (int axis = 0; axis < 3; axis++)
    if (axis != along
        && (best < 0 || scene->bounds_max[axis] - scene->bounds_min[axis]
                        < scene->bounds_max[best] - scene->bounds_min[best]))
      best = axis;
  return best;
}

/* Under a bundled line of @k->links links, a flat band as wide as the scene's band unit
 * (BAND_UNIT, or scaled to the bars) times log2 of them (2 links: one unit; 64: six), level across the line (upright under a vertical one), in
 * the reach's colour, faint: how many links run between two racks reads as the band's width. */
static void
append_band (TfScene       *scene,
             const float    a[3],
             const float    b[3],
             const LineKey *k,
             guint          line)
{
  float d[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] }, across[3], len;
  float half = scene->band_unit * log2f ((float) k->links) / 2;
  TfSceneVertex v[6];
  static const guint corner[6][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 0 }, { 1, 1 }, { 0, 1 } };

  /* across = d × up, or x for a vertical line. */
  across[0] = -d[2];
  across[1] = 0;
  across[2] = d[0];
  len = sqrtf (across[0] * across[0] + across[2] * across[2]);
  if (len < 1e-6f)
    {
      across[0] = 1;
      across[2] = 0;
      len = 1;
    }
  for (guint i = 0; i < 6; i++)
    {
      const float *end = corner[i][0] ? b : a;
      float side = corner[i][1] ? half : -half;

      for (guint axis = 0; axis < 3; axis++)
        v[i].position[axis] = end[axis] + side * across[axis] / len;
      tf_scene_link_color ((TfReach) k->reach, v[i].color);
      v[i].color[3] = BAND_ALPHA;
    }
  g_array_append_vals (scene->band_vertices, v, 6);
  g_array_append_val (scene->band_lines, line);
}

/* A link's line: one segment, or a bowed link as an arc of BOW_SEGMENTS, each its own entry in
 * lines so that filters treat them alike. */
#define BOW_SEGMENTS 6

static void
append_line (TfScene       *scene,
             const LineKey *k)
{
  const float *a = packed_box (scene, k->a)->center, *b = packed_box (scene, k->b)->center;
  int axis = bow_axis (scene, a, b);
  guint segments = axis < 0 ? 1 : BOW_SEGMENTS;
  float height = 0;

  /* Away from the usual eye, which looks from +z and from above; towards it over tiles,
   * which would hide them. */
  if (axis >= 0)
    for (guint i = 0; i < 3; i++)
      height += (axis == 1 ? 0.15f : -0.15f) * fabsf (a[i] - b[i]);
  if (scene->link_level == TF_SCENE_LINKS_TILES)
    height = -height;
  for (guint s = 0; s < segments; s++)
    {
      TfSceneVertex v[2];

      for (guint end = 0; end < 2; end++)
        {
          float t = (float) (s + end) / segments;

          /* The ends exactly at the boxes' centres: a + (b - a) may round off b. */
          for (guint i = 0; i < 3; i++)
            v[end].position[i] = s + end == segments ? b[i] : a[i] + t * (b[i] - a[i]);
          if (axis >= 0)
            v[end].position[axis] += 4 * height * t * (1 - t);
          tf_scene_link_color ((TfReach) k->reach, v[end].color);
        }
      g_array_append_vals (scene->link_vertices, v, 2);
      g_array_append_val (scene->lines, *k);
    }
  if (k->links > 1 && axis < 0)
    append_band (scene, a, b, k, scene->lines->len - 1);
  scene->lines_by_reach[k->reach]++;
  scene->n_lines++;
}

/* Draws at most @quota of @lines, spread evenly over each reach's list, each reach keeping a
 * share in proportion to its size and at least one line. */
static void
append_thinned (TfScene *scene,
                GArray  *lines[TF_N_REACHES],
                guint    quota)
{
  guint total = count_lines (lines), types = 0;

  for (guint t = 0; t < TF_N_REACHES; t++)
    types += lines[t]->len > 0;
  quota = MAX (quota, types);
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      guint n = lines[t]->len, keep;

      if (n == 0)
        continue;
      keep = total <= quota ? n : MAX (1u, (guint) ((guint64) quota * n / total));
      for (guint i = 0; i < keep; i++)
        append_line (scene, &g_array_index (lines[t], LineKey, (guint64) i * n / keep));
      scene->n_lines_hidden += n - keep;
    }
}

/* Every link when they fit the budget. Otherwise chip ends move to their boards, and links
 * joining the same two boxes become one line. If that is still too many, chip ends move to
 * their racks; the lines inside a rack, which would vanish there, stay between boards, thinned
 * evenly so the whole fits the budget. */
void
tf_scene_add_lines (TfScene              *scene,
           const TfNetworkGraph *g,
           guint                 budget)
{
  g_autofree guint32 *chip_board = g_new (guint32, MAX (g->n_chip, 1));
  GArray *between[TF_N_REACHES], *inside[TF_N_REACHES];

  for (guint b = 0; b < g->n_board; b++)
    for (guint k = 0; k < g->chips_per_board; k++)
      chip_board[g->board_chips[(gsize) b * g->chips_per_board + k]] = b;
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      between[t] = g_array_new (FALSE, FALSE, sizeof (LineKey));
      inside[t] = g_array_new (FALSE, FALSE, sizeof (LineKey));
    }

  scene->n_links = g->n_links;
  scene->band_unit = BAND_UNIT;
  scene->n_lines = 0;
  scene->n_lines_hidden = 0;
  if (g->n_links <= budget)
    {
      /* Every link record its own line, even two records joining the same nodes (a loaded
       * file may have them). */
      scene->link_level = TF_SCENE_LINKS_ALL;
      for (guint i = 0; i < g->n_links; i++)
        {
          const TfLink *l = &g->links[i];
          LineKey key = { end_box (g, chip_board, l->a, TF_SCENE_LINKS_ALL),
                          end_box (g, chip_board, l->b, TF_SCENE_LINKS_ALL), l->reach, 1 };

          append_line (scene, &key);
        }
    }
  else if (collect_lines (g, chip_board, TF_SCENE_LINKS_BOARDS, FALSE, budget, between))
    {
      scene->link_level = TF_SCENE_LINKS_BOARDS;
      append_thinned (scene, between, G_MAXUINT);
    }
  else
    {
      guint n_between;

      scene->link_level = TF_SCENE_LINKS_RACKS;
      for (guint t = 0; t < TF_N_REACHES; t++)
        g_array_set_size (between[t], 0);
      collect_lines (g, chip_board, TF_SCENE_LINKS_RACKS, FALSE, 0, between);
      collect_lines (g, chip_board, TF_SCENE_LINKS_BOARDS, TRUE, 0, inside);
      n_between = count_lines (between);
      append_thinned (scene, between, budget);
      append_thinned (scene, inside, budget > n_between ? budget - n_between : 0);
    }
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      g_array_unref (between[t]);
      g_array_unref (inside[t]);
    }
}

/* Thousands of lines drawn opaque merge into a solid sheet; fainter lines let the density
 * show as brightness instead. Logical layouts spread their lines out (a grid's run side by
 * side), so they fade less, keeping their colour. */
void
tf_scene_fade_dense_lines (TfScene *scene)
{
  float alpha;

  /* Over tiles, the wrap-around arcs are faint, so the tiles show through them. */
  if (scene->link_level == TF_SCENE_LINKS_TILES)
    alpha = 0.3f;
  else if (scene->n_lines <= TF_SCENE_OPAQUE_LINES)
    return;
  else
    alpha = MAX (scene->layout == TF_SCENE_LAYOUT_LOGICAL ? 0.6f : 0.25f,
                 (float) TF_SCENE_OPAQUE_LINES / scene->n_lines);
  for (guint i = 0; i < scene->link_vertices->len; i++)
    g_array_index (scene->link_vertices, TfSceneVertex, i).color[3] = alpha;
}

/* Whether link @l joins two chips one grid step apart. */
static gboolean
joins_grid_neighbours (const TfScene        *scene,
                       const TfNetworkGraph *g,
                       const TfLink         *l)
{
  const TfSceneBox *a, *b;
  float d2 = 0;

  if (l->a >= g->n_chip || l->b >= g->n_chip)
    return FALSE;
  a = &g_array_index (scene->boxes[TF_SCENE_CHIP], TfSceneBox, l->a);
  b = &g_array_index (scene->boxes[TF_SCENE_CHIP], TfSceneBox, l->b);
  for (guint axis = 0; axis < 3; axis++)
    d2 += (a->center[axis] - b->center[axis]) * (a->center[axis] - b->center[axis]);
  return fabsf (sqrtf (d2) - TF_LAYOUT_PITCH) < 1e-3f;
}

/* Logical lines join chips and switches only: every link, or the distinct ones thinned evenly
 * to the budget. Above the budget, where most links join chips one grid step apart (a torus),
 * the chips grow into tiles that touch, which says those links at any size, and the rest
 * (the wrap-around) are lines, thinned if they are still too many. */
void
tf_scene_add_lines_logical (TfScene              *scene,
                            const TfNetworkGraph *g,
                            guint                 budget,
                            const guint32        *node_group)
{
  GArray *lines[TF_N_REACHES];
  guint neighbours = 0;
  gboolean tiles;

  scene->n_links = g->n_links;
  scene->band_unit = BAND_UNIT;
  scene->link_level = TF_SCENE_LINKS_ALL;
  for (guint i = 0; g->n_links > budget && i < g->n_links; i++)
    neighbours += joins_grid_neighbours (scene, g, &g->links[i]);
  tiles = g->n_links > budget && neighbours > g->n_links / 2;
  /* Tiers over pods: a bar for each tier of each pod, a line for the links between two. */
  if (!tiles && g->n_links > budget && node_group != NULL)
    {
      for (guint t = 0; t < TF_N_REACHES; t++)
        lines[t] = g_array_new (FALSE, FALSE, sizeof (LineKey));
      scene->link_level = TF_SCENE_LINKS_GROUPS;
      for (guint k = 0; k < scene->boxes[TF_SCENE_GROUP]->len; k++)
        {
          const TfSceneBox *bar = box_at (scene, TF_SCENE_GROUP, k);

          scene->band_unit = k == 0 ? MIN (bar->size[0], bar->size[2]) / BAR_BANDS
                                    : MIN (scene->band_unit,
                                           MIN (bar->size[0], bar->size[2]) / BAR_BANDS);
        }
      scene->band_unit = MAX (scene->band_unit, BAND_UNIT);
      collect_lines (g, node_group, TF_SCENE_LINKS_GROUPS, FALSE, 0, lines);
      append_thinned (scene, lines, budget);
      for (guint t = 0; t < TF_N_REACHES; t++)
        g_array_unref (lines[t]);
      return;
    }
  if (tiles)
    {
      /* Tiles filling their cells, shaded in a checkerboard of blocks of TILE_BLOCK cells a
       * side, so that the grid's size reads at a glance (128 cells: 16 blocks). */
      float lo[3] = { G_MAXFLOAT, G_MAXFLOAT, G_MAXFLOAT };
      float hi[3] = { -G_MAXFLOAT, -G_MAXFLOAT, -G_MAXFLOAT };

      scene->link_level = TF_SCENE_LINKS_TILES;
      for (guint c = 0; c < g->n_chip; c++)
        for (guint axis = 0; axis < 3; axis++)
          {
            lo[axis] = MIN (lo[axis], box_at (scene, TF_SCENE_CHIP, c)->center[axis]);
            hi[axis] = MAX (hi[axis], box_at (scene, TF_SCENE_CHIP, c)->center[axis]);
          }
      for (guint c = 0; c < g->n_chip; c++)
        {
          TfSceneBox *box = box_at (scene, TF_SCENE_CHIP, c);
          guint parity = 0;

          for (guint axis = 0; axis < 3; axis++)
            {
              /* Thin across a flat grid, so that the lines bowing out of it show. */
              box->size[axis] = hi[axis] - lo[axis] < 1e-3f ? 0.2f * TF_LAYOUT_PITCH
                                                              : TF_LAYOUT_PITCH;
              parity += (guint) floorf ((box->center[axis] - lo[axis]) / TF_LAYOUT_PITCH + 0.5f)
                        / TILE_BLOCK;
            }
          for (guint k = 0; k < 3 && parity % 2 == 1; k++)
            box->color[k] *= 0.8f;
        }
    }
  for (guint t = 0; t < TF_N_REACHES; t++)
    lines[t] = g_array_new (FALSE, FALSE, sizeof (LineKey));
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      LineKey key = { end_box (g, NULL, l->a, TF_SCENE_LINKS_ALL),
                      end_box (g, NULL, l->b, TF_SCENE_LINKS_ALL), l->reach, 1 };

      if (tiles && joins_grid_neighbours (scene, g, l))
        {
          scene->n_links_tiled++;
          continue;
        }
      g_array_append_val (lines[l->reach], key);
    }
  append_thinned (scene, lines, count_lines (lines) <= budget ? G_MAXUINT : budget);
  for (guint t = 0; t < TF_N_REACHES; t++)
    g_array_unref (lines[t]);
}

void
tf_scene_line_gbps (const TfScene        *scene,
                    const TfNetworkGraph *g,
                    const double         *link_gbps,
                    double               *line_gbps)
{
  g_autoptr(GHashTable) sums = g_hash_table_new_full (line_key_hash, line_key_equal, g_free,
                                                      g_free);
  g_autofree guint32 *map = NULL;
  TfSceneLinkLevel level = scene->link_level;

  g_return_if_fail (scene != NULL && g != NULL && link_gbps != NULL && line_gbps != NULL);
  g_return_if_fail (g->n_links == scene->n_links);

  /* Each link end where the scene drew it: its node, board, rack or bar. */
  if (level == TF_SCENE_LINKS_GROUPS)
    map = g_memdup2 (scene->node_group, sizeof (guint32) * (g->n_chip + g->n_switch));
  else if (level == TF_SCENE_LINKS_BOARDS || level == TF_SCENE_LINKS_RACKS)
    {
      map = g_new (guint32, MAX (g->n_chip, 1));
      for (guint b = 0; b < g->n_board; b++)
        for (guint k = 0; k < g->chips_per_board; k++)
          map[g->board_chips[(gsize) b * g->chips_per_board + k]] = b;
    }
  else
    level = TF_SCENE_LINKS_ALL;
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      LineKey key = { end_box (g, map, l->a, level), end_box (g, map, l->b, level), l->reach, 0 };
      double *sum;

      /* Inside a rack, bundled lines join boards. */
      if (level == TF_SCENE_LINKS_RACKS && key.a == key.b)
        {
          key.a = end_box (g, map, l->a, TF_SCENE_LINKS_BOARDS);
          key.b = end_box (g, map, l->b, TF_SCENE_LINKS_BOARDS);
        }
      if (key.a > key.b)
        {
          guint32 t = key.a;

          key.a = key.b;
          key.b = t;
        }
      sum = g_hash_table_lookup (sums, &key);
      if (sum == NULL)
        {
          sum = g_new0 (double, 1);
          g_hash_table_insert (sums, g_memdup2 (&key, sizeof key), sum);
        }
      *sum += link_gbps[i];
    }
  for (guint i = 0; i < scene->lines->len; i++)
    {
      LineKey key = g_array_index (scene->lines, TfSceneLine, i);
      const double *sum;

      if (key.a > key.b)
        {
          guint32 t = key.a;

          key.a = key.b;
          key.b = t;
        }
      sum = g_hash_table_lookup (sums, &key);
      line_gbps[i] = sum != NULL ? *sum : 0;
    }
}
