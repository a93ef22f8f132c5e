/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-layout-logical.c: the network's logical shape (see tf-layout-logical.h).
 *
 * Each family's row reads the numbering its family file documents: torus chip i at
 * (i mod S_0, i / S_0 mod S_1, ...), HyperX switch i likewise on S, dragonfly switches group by
 * group (the families of groups on a circle: tf-layout-groups.c), hypercube chip i at the bits
 * of i. Chips served by a switch hang below it in a small patch, so a layout only places
 * switches. Dimensions beyond three fold onto the axes again,
 * each fold a whole block further on, so a 4-D grid reads as a row of 3-D ones.
 *
 * A board's scale-up switches (intra_board_topo = switch) are no part of the family's shape:
 * the rows lay out the graph without them, and each board's then go beside its chips.
 */
#include <math.h>
#include <string.h>

#include "tf-layout-private.h"

typedef void (*LayoutFunc) (Layout *l);

static const TfAttr *
find_attr (const Layout *l,
           const char   *key)
{
  if (l->attrs == NULL)
    return NULL;
  for (guint i = 0; i < l->attrs->n_attrs; i++)
    if (strcmp (l->attrs->attrs[i].key, key) == 0)
      return &l->attrs->attrs[i];
  return NULL;
}

guint
tf_layout_attr_int (const Layout *l,
                    const char   *key,
                    guint         fallback)
{
  const TfAttr *a = find_attr (l, key);

  return a != NULL && a->n_values > 0 && a->values[0] > 0 ? (guint) a->values[0] : fallback;
}

/* The dimensions of list @key whose product is @count, or 0. */
static guint
attr_dims (const Layout *l,
           const char   *key,
           guint64       count,
           guint         sizes[TF_MAX_DIMS])
{
  const TfAttr *a = find_attr (l, key);
  guint64 product = 1;

  if (a == NULL || a->n_values == 0)
    return 0;
  for (guint d = 0; d < a->n_values; d++)
    {
      if (a->values[d] < 1)
        return 0;
      sizes[d] = (guint) a->values[d];
      product *= sizes[d];
    }
  return product == count ? a->n_values : 0;
}

static guint
side (guint n)
{
  return (guint) ceil (sqrt ((double) MAX (n, 1)));
}

/* Grid coordinates of @index on @sizes, dimension d along axis axes[d % 3] with step
 * pitch[axis]; a dimension that comes back to an axis steps a whole block further. */
static void
grid_point (const guint *sizes,
            guint        n_dims,
            guint64      index,
            const guint  axes[3],
            const float  pitch[3],
            float        out[3])
{
  float step[3];

  memcpy (step, pitch, sizeof step);
  out[0] = out[1] = out[2] = 0;
  for (guint d = 0; d < n_dims; d++)
    {
      guint axis = axes[d % 3];

      out[axis] += (float) (index % sizes[d]) * step[axis];
      step[axis] *= sizes[d] + 1;
      index /= sizes[d];
    }
}

/* The columns of a patch of chips: near square; when boards have scale-up switches to stand
 * beside them, a board's chips make whole rows, or a row holds whole boards. */
static guint
patch_cols (const Layout *l)
{
  guint cols = side (l->served_max), c = MAX (l->g->chips_per_board, 1);

  if (!l->boards || c == 1)
    return cols;
  if (c < cols)
    return (cols + c - 1) / c * c;
  cols = MAX (cols, side (c));
  while (c % cols != 0)
    cols--;
  return cols;
}

/* Its rows: as many as columns, unless boards shape it. */
static guint
patch_rows (const Layout *l)
{
  guint cols = patch_cols (l);

  return l->boards ? (MAX (l->served_max, 1) + cols - 1) / cols : cols;
}

/* Chips below the switch they serve, in a patch whose rows run along the switch's across
 * direction; or, outward, on the floor beyond the switch, rows running away from it. */
void
tf_layout_hang_chips (Layout *l)
{
  guint cols = patch_cols (l), rows = patch_rows (l);

  for (guint c = 0; c < l->g->n_chip; c++)
    {
      guint s = l->chip_switch[c], k = l->chip_slot[c];
      const float *sp, *u;
      float a, b;

      if (s == G_MAXUINT32)
        continue;
      sp = switch_pos (l, s);
      u = l->across[s];
      a = ((float) (k % cols) - (cols - 1) / 2.0f) * TF_LAYOUT_PITCH;
      b = ((float) (k / cols) - (rows - 1) / 2.0f) * TF_LAYOUT_PITCH;
      if (l->outward)
        {
          /* Out is across turned a quarter: (u1, -u0). */
          b = DROP + (float) (k / cols) * TF_LAYOUT_PITCH;
          set (node (l, c), sp[0] + a * u[0] + b * u[1], sp[1], sp[2] + a * u[1] - b * u[0]);
        }
      else
        set (node (l, c), sp[0] + a * u[0] - b * u[1], sp[1] - DROP,
             sp[2] + a * u[1] + b * u[0]);
    }
}

/* The room a switch needs beside its neighbours for its patch of chips. */
float
tf_layout_switch_spot (const Layout *l)
{
  guint patch = MAX (patch_cols (l), patch_rows (l));

  return MAX (TF_LAYOUT_SWITCH_PITCH, (patch + 1) * TF_LAYOUT_PITCH);
}

/* Nodes @first .. @first + @n - 1 in a square grid on the x-z plane at height @y, @pitch
 * apart, centred on the origin. */
static void
floor_grid (Layout *l,
            guint   first,
            guint   n,
            float   y,
            float   pitch)
{
  guint cols = side (n), rows = (n + cols - 1) / MAX (cols, 1);

  for (guint i = 0; i < n; i++)
    set (node (l, first + i), ((float) (i % cols) - (cols - 1) / 2.0f) * pitch, y,
         ((float) (i / cols) - (rows - 1) / 2.0f) * pitch);
}

/* The fat-tree plane a switch's id names ("p1.leaf3": 1), 0 without one. */
static guint
switch_plane (const TfSwitch *sw)
{
  const char *id = sw->id ? sw->id : "";

  if (id[0] != 'p' || !g_ascii_isdigit (id[1]) || strchr (id, '.') == NULL)
    return 0;
  return (guint) g_ascii_strtoull (id + 1, NULL, 10);
}

/* Each switch's level: 0 for one linked to chips, else one more than its lowest neighbour's
 * (switches no chip reaches: one level above the rest). Tiers would not do: a rail group's
 * leaves stand in the pod beside its spines. Returns the number of levels. */
static guint
switch_levels (const TfNetworkGraph *g,
               guint                *level)
{
  guint n_levels = 0;
  gboolean changed = TRUE;

  for (guint s = 0; s < g->n_switch; s++)
    level[s] = G_MAXUINT;
  for (guint i = 0; i < g->n_links; i++)
    {
      guint32 a = MIN (g->links[i].a, g->links[i].b), b = MAX (g->links[i].a, g->links[i].b);

      if (a < g->n_chip && b >= g->n_chip)
        level[b - g->n_chip] = 0;
    }
  while (changed)
    {
      changed = FALSE;
      for (guint i = 0; i < g->n_links; i++)
        {
          guint32 a = g->links[i].a, b = g->links[i].b;

          if (a < g->n_chip || b >= g->n_chip + g->n_switch || b < g->n_chip)
            continue;
          for (guint side = 0; side < 2; side++)
            {
              guint x = (side ? b : a) - g->n_chip, y = (side ? a : b) - g->n_chip;

              if (level[x] != G_MAXUINT && level[x] + 1 < level[y])
                {
                  level[y] = level[x] + 1;
                  changed = TRUE;
                }
            }
        }
    }
  for (guint s = 0; s < g->n_switch; s++)
    if (level[s] != G_MAXUINT)
      n_levels = MAX (n_levels, level[s] + 1);
  for (guint s = 0; s < g->n_switch; s++)
    if (level[s] == G_MAXUINT)
      level[s] = n_levels;
  for (guint s = 0; s < g->n_switch; s++)
    n_levels = MAX (n_levels, level[s] + 1);
  return n_levels;
}

/* The pod switch @s stands in, G_MAXUINT for none (a datacenter switch). */
static guint
switch_pod (const TfNetworkGraph *g,
            guint                 s)
{
  const TfSwitch *sw = &g->switches[s];

  switch (sw->tier)
    {
    case TF_TIER_BOARD:
      return sw->container < g->n_board ? g->rack_pod[g->board_rack[sw->container]] : G_MAXUINT;
    case TF_TIER_RACK:
      return sw->container < g->n_rack ? g->rack_pod[sw->container] : G_MAXUINT;
    case TF_TIER_POD:
      return sw->container < g->n_pod ? sw->container : G_MAXUINT;
    default:
      return G_MAXUINT;
    }
}

/* The bars of a tiered layout of more than one pod: each level's switches of one pod (a level
 * without pods, one bar), and each pod's chips. */
static void
tier_groups (Layout      *l,
             const guint *level,
             const guint *pod,
             guint        n_levels,
             guint        n_planes,
             const guint *podded)
{
  const TfNetworkGraph *g = l->g;
  guint n_pod = g->n_pod, chips = n_planes * n_levels * n_pod;

  if (l->group == NULL)
    return;
  for (guint s = 0; s < g->n_switch; s++)
    {
      guint q = n_planes > 1 ? switch_plane (&g->switches[s]) : 0;

      l->group[g->n_chip + s] = (q * n_levels + level[s]) * n_pod
                                + (podded[level[s]] ? pod[s] : 0);
    }
  for (guint b = 0; b < g->n_board; b++)
    for (guint k = 0; k < g->chips_per_board; k++)
      l->group[g->board_chips[(gsize) b * g->chips_per_board + k]]
        = chips + g->rack_pod[g->board_rack[b]];
  l->n_groups = chips + n_pod;
}

/* Fallback, and fat-trees: each switch level (switch_levels) over the one below it, leaves
 * lowest, every level spread over the same square, chips below the switches they serve. A
 * level whose every switch stands in a pod (of more than one) stands pod by pod instead: the
 * pods' cells in a square, each pod's switches a block in its cell, the same cell at every
 * level, so a pod reads as a column through the tiers and a datacenter level spans them all.
 * Planes (a fat-tree's copies of its fabric) each get their own: plane 0 over the chips, plane 1
 * mirrored under them, planes 2 and 3 beside those, and so on, so each plane's levels read
 * apart and every chip shows its link into each. */
void
tf_layout_tiers (Layout *l)
{
  const TfNetworkGraph *g = l->g;
  guint n_planes = 1, unserved = 0, n_levels, bad = 0;
  g_autofree guint *level = g_new (guint, MAX (g->n_switch, 1));
  g_autofree guint *count = NULL;
  g_autofree guint *placed = NULL;
  g_autofree guint *pod = g_new (guint, MAX (g->n_switch, 1));
  g_autofree guint *podded = NULL;     /* per level: every switch in a pod */
  g_autofree guint *in_pod = NULL;     /* per plane, level and pod: switches placed */
  guint pod_cols = side (g->n_pod), pod_side = 0, any_podded = 0;
  float spot = tf_layout_switch_spot (l), width, height, cell = 0;

  n_levels = switch_levels (g, level);
  count = g_new0 (guint, MAX (n_levels, 1));
  podded = g_new (guint, MAX (n_levels, 1));
  for (guint t = 0; t < n_levels; t++)
    podded[t] = g->n_pod > 1;
  for (guint s = 0; s < g->n_switch; s++)
    {
      count[level[s]]++;
      n_planes = MAX (n_planes, switch_plane (&g->switches[s]) + 1);
      pod[s] = switch_pod (g, s);
      if (pod[s] == G_MAXUINT)
        podded[level[s]] = FALSE;
    }
  /* Planes are alike: each has its share of every level. */
  for (guint t = 0; t < n_levels; t++)
    bad += count[t] % n_planes != 0;
  if (n_planes > g->n_switch || bad > 0)
    n_planes = 1;
  for (guint t = 0; t < n_levels; t++)
    count[t] /= n_planes;
  for (guint c = 0; c < g->n_chip; c++)
    unserved += l->chip_switch[c] == G_MAXUINT32;

  if (n_levels == 0)
    {
      floor_grid (l, 0, g->n_chip, 0, TF_LAYOUT_PITCH);
      return;
    }
  /* The lowest level sets the square (its pods' cells, when it stands by pods); the ones above
   * spread over it. */
  in_pod = g_new0 (guint, (gsize) n_planes * n_levels * MAX (g->n_pod, 1));
  for (guint s = 0; s < g->n_switch; s++)
    if (podded[level[s]])
      {
        guint q = n_planes > 1 ? switch_plane (&g->switches[s]) : 0;

        pod_side = MAX (pod_side, ++in_pod[(q * n_levels + level[s]) * g->n_pod + pod[s]]);
        any_podded = TRUE;
      }
  pod_side = side (pod_side);
  cell = (pod_side + 1) * spot;
  width = podded[0] ? pod_cols * cell : side (count[0]) * spot;
  height = MAX (12.0f, width * 0.3f);
  placed = g_new0 (guint, (gsize) n_levels * n_planes);
  memset (in_pod, 0, sizeof (guint) * n_planes * n_levels * MAX (g->n_pod, 1));
  for (guint s = 0; s < g->n_switch; s++)
    {
      guint t = level[s];
      guint q = n_planes > 1 ? switch_plane (&g->switches[s]) : 0;
      guint cols = side (count[t]), rows = count[t] ? (count[t] + cols - 1) / cols : 0;
      float pitch = MAX (TF_LAYOUT_SWITCH_PITCH, width / MAX (cols, 1));
      guint i = placed[q * n_levels + t]++;
      /* Odd planes hang under the chips (which hang DROP under plane 0's leaves). */
      float y = q % 2 == 0 ? t * height : -2 * DROP - t * height;
      float x0 = (float) (q / 2) * (width + 2 * spot);

      if (podded[t])
        {
          guint p = pod[s], k = in_pod[(q * n_levels + t) * g->n_pod + p]++;

          set (switch_pos (l, s),
               x0 + ((float) (p % pod_cols) - (pod_cols - 1) / 2.0f) * cell
               + ((float) (k % pod_side) - (pod_side - 1) / 2.0f) * spot, y,
               ((float) (p / pod_cols) - (pod_cols - 1) / 2.0f) * cell
               + ((float) (k / pod_side) - (pod_side - 1) / 2.0f) * spot);
          continue;
        }
      set (switch_pos (l, s), x0 + ((float) (i % cols) - (cols - 1) / 2.0f) * pitch, y,
           ((float) (i / cols) - (rows - 1) / 2.0f) * pitch);
    }
  if (any_podded && unserved == 0)
    tier_groups (l, level, pod, n_levels, n_planes, podded);
  tf_layout_hang_chips (l);
  /* Chips no switch serves: a grid of their own, below the rest. */
  if (unserved > 0)
    {
      guint cols = side (unserved), i = 0;

      for (guint c = 0; c < g->n_chip; c++)
        if (l->chip_switch[c] == G_MAXUINT32)
          {
            set (node (l, c), ((float) (i % cols) - (cols - 1) / 2.0f) * TF_LAYOUT_PITCH,
                 -2 * DROP, ((float) (i / cols) - (cols - 1) / 2.0f) * TF_LAYOUT_PITCH);
            i++;
          }
    }
}

/* Torus: the chips' own coordinates, the last (longest: the canonical form sorts them)
 * dimension across, the one before up, the first in depth. */
static void
lay_out_torus (Layout *l)
{
  static const guint axes_2d[3] = { 1, 0, 2 }, axes_3d[3] = { 2, 1, 0 };
  const float pitch[3] = { TF_LAYOUT_PITCH, TF_LAYOUT_PITCH, TF_LAYOUT_PITCH };
  guint sizes[TF_MAX_DIMS];
  guint n_dims = attr_dims (l, "dimension_sizes", l->g->n_chip, sizes);

  if (n_dims == 0)
    {
      tf_layout_tiers (l);
      return;
    }
  for (guint c = 0; c < l->g->n_chip; c++)
    grid_point (sizes, n_dims, c, n_dims == 2 ? axes_2d : axes_3d, pitch, node (l, c));
}

/* HyperX: switches on their grid over the floor (the longest, last, dimension across, the
 * first in depth, a third up), each with its chips below it. */
static void
lay_out_hyperx (Layout *l)
{
  static const guint axes_2d[3] = { 2, 0, 1 }, axes_3d[3] = { 2, 1, 0 };
  guint sizes[TF_MAX_DIMS];
  guint n_dims = attr_dims (l, "S", l->g->n_switch, sizes);
  float spot = tf_layout_switch_spot (l);
  const float pitch[3] = { spot, spot + DROP, spot };

  if (n_dims == 0)
    {
      tf_layout_tiers (l);
      return;
    }
  for (guint s = 0; s < l->g->n_switch; s++)
    grid_point (sizes, n_dims, s, n_dims <= 2 ? axes_2d : axes_3d, pitch, switch_pos (l, s));
  tf_layout_hang_chips (l);
}

/* Hypercube: address bits three at a time, each triple a cube, each cube three times the size
 * of the one inside it, so the nesting shows. */
static void
lay_out_hypercube (Layout *l)
{
  for (guint c = 0; c < l->g->n_chip; c++)
    {
      float p[3] = { 0, 0, 0 }, unit = TF_LAYOUT_PITCH;

      for (guint bit = 0; (1u << bit) < MAX (l->g->n_chip, 2); bit++)
        {
          if (c & (1u << bit))
            p[bit % 3] += unit;
          if (bit % 3 == 2)
            unit *= 3;
        }
      set (node (l, c), p[0], p[1], p[2]);
    }
}

/* Boards at equal angles on an upright circle. A board's chips make a short spoke outward
 * while there are few; more run back in depth as lanes (chip j of every board on one ring), so
 * the whole is a tube: the ring of boards times the board. */
static void
lay_out_board_circle (Layout *l)
{
  const TfNetworkGraph *g = l->g;
  guint n_board = MAX (g->n_board, 1), per = MAX (g->chips_per_board, 1);
  float radius = MAX (n_board * TF_LAYOUT_PITCH * 1.5f / (2 * G_PI), 3 * TF_LAYOUT_PITCH);
  gboolean spokes = per <= 4;
  g_autofree double *depth = g_new0 (double, MAX (g->n_switch, 1));
  g_autofree guint *served = g_new0 (guint, MAX (g->n_switch, 1));
  g_autoptr(GHashTable) beside = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint b = 0; b < g->n_board; b++)
    {
      double angle = G_PI / 2 - 2 * G_PI * b / n_board;

      for (guint k = 0; k < per; k++)
        {
          float r = radius + (spokes ? k * TF_LAYOUT_PITCH : 0);

          set (node (l, g->board_chips[(gsize) b * per + k]), r * (float) cos (angle),
               r * (float) sin (angle), spokes ? 0 : -(float) k * TF_LAYOUT_PITCH);
        }
    }
  /* The switches on the axis, each at the mean depth of the chips it serves: a rail switch
   * level with its rank of chips, the one switch of the spec's star in the middle; switches
   * at one depth (planes) side by side. */
  for (guint i = 0; i < g->n_links; i++)
    {
      guint32 a = MIN (g->links[i].a, g->links[i].b), b = MAX (g->links[i].a, g->links[i].b);

      if (a < g->n_chip && b >= g->n_chip)
        {
          depth[b - g->n_chip] += node (l, a)[2];
          served[b - g->n_chip]++;
        }
    }
  for (guint s = 0; s < g->n_switch; s++)
    {
      float z = served[s] ? (float) (depth[s] / served[s]) : s * TF_LAYOUT_SWITCH_PITCH;
      gpointer key = GINT_TO_POINTER ((gint) lroundf (z * 16));
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (beside, key));

      g_hash_table_insert (beside, key, GUINT_TO_POINTER (k + 1));
      set (switch_pos (l, s), k * TF_LAYOUT_SWITCH_PITCH, 0, z);
    }
}

/* Ring: when every chip has two neighbours the chips are one ring (boards without links
 * inside, the lanes running on into each other): a circle in the ring's order. Otherwise the
 * ring of boards times the board. */
static void
lay_out_ring (Layout *l)
{
  const TfNetworkGraph *g = l->g;
  guint n = g->n_chip;
  g_autofree guint32 *next = g_new (guint32, 2 * (gsize) MAX (n, 1));
  g_autofree guint8 *degree = g_new0 (guint8, MAX (n, 1));
  guint32 previous = G_MAXUINT32, at = 0;
  float radius = MAX (n * TF_LAYOUT_PITCH / (2 * G_PI), 3 * TF_LAYOUT_PITCH);

  for (guint i = 0; i < g->n_links; i++)
    {
      guint32 a = g->links[i].a, b = g->links[i].b;

      if (a >= n || b >= n || degree[a] >= 2 || degree[b] >= 2 || a == b)
        {
          lay_out_board_circle (l);
          return;
        }
      next[2 * a + degree[a]++] = b;
      next[2 * b + degree[b]++] = a;
    }
  for (guint i = 0; i < n; i++)
    {
      double angle = G_PI / 2 - 2 * G_PI * i / n;
      guint32 step;

      /* A chip met twice (marked 3) means two rings or more: not one circle. */
      if (degree[at] != 2)
        {
          lay_out_board_circle (l);
          return;
        }
      degree[at] = 3;
      set (node (l, at), radius * (float) cos (angle), radius * (float) sin (angle), 0);
      step = next[2 * at] != previous ? next[2 * at] : next[2 * at + 1];
      previous = at;
      at = step;
    }
}

/* Single switch: the switch in the middle, its chips around it: a circle while they fit one,
 * a disc (sunflower spiral, evenly filled) beyond. The spiral scatters a board's chips, so
 * boards with scale-up switches keep to the circle of boards. */
static void
lay_out_star (Layout *l)
{
  const TfNetworkGraph *g = l->g;
  guint n = g->n_chip;

  if (n <= 64 || l->boards)
    {
      lay_out_board_circle (l);
      return;
    }
  for (guint c = 0; c < n; c++)
    {
      /* Starting a few turns out leaves room for the switch. */
      double r = TF_LAYOUT_PITCH * 0.6 * sqrt (c + 40.0), angle = c * 2.399963229728653;

      set (node (l, c), (float) (r * cos (angle)), (float) (r * sin (angle)), 0);
    }
  for (guint s = 0; s < g->n_switch; s++)
    set (switch_pos (l, s), 0, 0, s * TF_LAYOUT_SWITCH_PITCH);
}

static const struct
{
  const char *family;
  LayoutFunc  lay_out;
} layouts[] = {
  { "torus", lay_out_torus },
  { "hyperx", lay_out_hyperx },
  { "dragonfly", tf_layout_groups },
  { "dragonfly-plus", tf_layout_groups },
  { "slimfly", tf_layout_row_pairs },
  { "polarfly", tf_layout_clusters },
  { "fat-tree", tf_layout_tiers },
  { "hypercube", lay_out_hypercube },
  { "ring", lay_out_ring },
  { "full-mesh", lay_out_board_circle },
  { "single-switch", lay_out_star },
};

static LayoutFunc
lookup (const char *family)
{
  for (guint i = 0; family != NULL && i < G_N_ELEMENTS (layouts); i++)
    if (strcmp (layouts[i].family, family) == 0)
      return layouts[i].lay_out;
  return NULL;
}

gboolean
tf_layout_logical_has_family (const char *family)
{
  return lookup (family) != NULL;
}

/* The family's row (or the tiers) over every node of @graph, keeping @boards together; the
 * number of bars, each node's in @groups (NULL: not wanted). */
static guint
lay_out_graph (const TfNetworkGraph *graph,
               const char           *family,
               const TfAttrs        *attrs,
               gboolean              boards,
               float               (*positions)[3],
               guint32              *groups)
{
  LayoutFunc lay_out = lookup (family);
  guint n_switch;
  Layout l;

  n_switch = MAX (graph->n_switch, 1);
  l = (Layout) {
    .g = graph,
    .attrs = attrs,
    .pos = positions,
    .chip_switch = g_new (guint32, MAX (graph->n_chip, 1)),
    .chip_slot = g_new0 (guint32, MAX (graph->n_chip, 1)),
    .served = g_new0 (guint32, n_switch),
    .across = g_malloc_n (n_switch, sizeof (float[2])),
    .boards = boards,
    .group = groups,
  };
  memset (positions, 0, sizeof (float[3]) * (graph->n_chip + graph->n_switch));
  memset (l.chip_switch, 0xff, sizeof (guint32) * MAX (graph->n_chip, 1));
  for (guint s = 0; s < n_switch; s++)
    {
      l.across[s][0] = 1;
      l.across[s][1] = 0;
    }
  for (guint i = 0; i < graph->n_links; i++)
    {
      guint32 a = MIN (graph->links[i].a, graph->links[i].b);
      guint32 b = MAX (graph->links[i].a, graph->links[i].b);

      if (a < graph->n_chip && b >= graph->n_chip && l.chip_switch[a] == G_MAXUINT32)
        {
          l.chip_switch[a] = b - graph->n_chip;
          l.chip_slot[a] = l.served[b - graph->n_chip]++;
          l.served_max = MAX (l.served_max, l.served[b - graph->n_chip]);
        }
    }

  (lay_out != NULL ? lay_out : tf_layout_tiers) (&l);

  g_free (l.chip_switch);
  g_free (l.chip_slot);
  g_free (l.served);
  g_free (l.across);
  return l.n_groups;
}

static gboolean
is_scale_up (const TfNetworkGraph *g,
             guint                 s)
{
  return g->switches[s].tier == TF_TIER_BOARD && g->switches[s].container < g->n_board;
}

/* @g without its scale-up switches and their links, in @fabric (which shares @g's arrays but
 * for switches and links, owned by the caller); @fabric_node maps @g's nodes to @fabric's,
 * G_MAXUINT32 for a scale-up switch. FALSE when @g has none, leaving @fabric untouched. */
static gboolean
strip_scale_up (const TfNetworkGraph *g,
                TfNetworkGraph       *fabric,
                guint32              *fabric_node)
{
  guint n_fabric = 0, n_links = 0;

  for (guint v = 0; v < g->n_chip; v++)
    fabric_node[v] = v;
  for (guint s = 0; s < g->n_switch; s++)
    fabric_node[g->n_chip + s] = is_scale_up (g, s) ? G_MAXUINT32 : g->n_chip + n_fabric++;
  if (n_fabric == g->n_switch)
    return FALSE;

  *fabric = *g;
  fabric->n_switch = n_fabric;
  fabric->switches = g_new (TfSwitch, MAX (n_fabric, 1));
  fabric->links = g_new (TfLink, MAX (g->n_links, 1));
  for (guint s = 0; s < g->n_switch; s++)
    if (!is_scale_up (g, s))
      fabric->switches[fabric_node[g->n_chip + s] - g->n_chip] = g->switches[s];
  for (guint i = 0; i < g->n_links; i++)
    {
      TfLink link = g->links[i];

      if (fabric_node[link.a] == G_MAXUINT32 || fabric_node[link.b] == G_MAXUINT32)
        continue;
      link.a = fabric_node[link.a];
      link.b = fabric_node[link.b];
      fabric->links[n_links++] = link;
    }
  fabric->n_links = n_links;
  return TRUE;
}

/* Whether each board's chips hang from different fabric switches (rail by rail): its chips
 * then stand apart under their leaves, not in a patch of their own. */
static guint8 *
boards_on_rails (const TfNetworkGraph *g)
{
  g_autofree guint32 *leaf = g_new (guint32, MAX (g->n_chip, 1));
  guint8 *split = g_new0 (guint8, MAX (g->n_board, 1));

  memset (leaf, 0xff, sizeof (guint32) * MAX (g->n_chip, 1));
  for (guint i = 0; i < g->n_links; i++)
    {
      guint32 a = MIN (g->links[i].a, g->links[i].b), b = MAX (g->links[i].a, g->links[i].b);

      if (a < g->n_chip && b >= g->n_chip && !is_scale_up (g, b - g->n_chip)
          && leaf[a] == G_MAXUINT32)
        leaf[a] = b;
    }
  for (guint b = 0; b < g->n_board; b++)
    for (guint k = 1; k < g->chips_per_board; k++)
      split[b] |= leaf[g->board_chips[(gsize) b * g->chips_per_board + k]]
                  != leaf[g->board_chips[(gsize) b * g->chips_per_board]];
  return split;
}

/* Switch @s of board b, the slot-th of its @n: in a row through the middle of the board along
 * the direction its chips spread most (see place_scale_up). */
static void
place_beside_patch (const TfNetworkGraph *g,
                    float               (*pos)[3],
                    guint                 s,
                    guint                 slot,
                    guint                 n)
{
  guint per = g->chips_per_board, b = g->switches[s].container;
  float lo[3] = { G_MAXFLOAT, G_MAXFLOAT, G_MAXFLOAT };
  float hi[3] = { -G_MAXFLOAT, -G_MAXFLOAT, -G_MAXFLOAT };
  float mid[3] = { 0, 0, 0 }, further[3] = { 0, 0, 0 }, *p = pos[g->n_chip + s];
  guint along = 0, off = G_MAXUINT, per_row, row, in_row;
  float extent, step;

  for (guint k = 0; k < per; k++)
    {
      const float *c = pos[g->board_chips[(gsize) b * per + k]];

      for (guint axis = 0; axis < 3; axis++)
        {
          lo[axis] = MIN (lo[axis], c[axis]);
          hi[axis] = MAX (hi[axis], c[axis]);
          mid[axis] += c[axis] / MAX (per, 1);
        }
    }
  for (guint axis = 1; axis < 3; axis++)
    if (hi[axis] - lo[axis] > hi[along] - lo[along] + 1e-3f)
      along = axis;
  /* Off the flattest other axis, y first on a tie. */
  for (guint i = 0; i < 3; i++)
    {
      guint axis = (i + 1) % 3;

      if (axis != along
          && (off == G_MAXUINT || hi[axis] - lo[axis] < hi[off] - lo[off] - 1e-3f))
        off = axis;
    }
  further[off] = -1;
  /* A volume keeps its first row in the middle. */
  if (hi[off] - lo[off] < 1e-3f)
    mid[off] -= TF_LAYOUT_PITCH / 2;

  extent = hi[along] - lo[along];
  per_row = MIN (MAX (1u, (guint) (extent / TF_LAYOUT_SCALE_UP_PITCH)), n);
  row = slot / per_row;
  in_row = MIN (per_row, n - row * per_row);
  step = MIN (TF_LAYOUT_PITCH, extent / in_row);
  for (guint axis = 0; axis < 3; axis++)
    p[axis] = mid[axis] + further[axis] * row * TF_LAYOUT_SCALE_UP_PITCH;
  p[along] = mid[along] + ((float) (slot % per_row) - (in_row - 1) / 2.0f) * step;
}

/* Each board's scale-up switches beside its chips: in a row through the middle of the board
 * along the direction its chips spread most, half a grid step off an axis the board is flat
 * along (below it when it lies flat: the family's links leave upwards or sideways), or in the
 * middle of a board that fills a volume. Rows that would crowd stack further off. A board on
 * rails has its chips under different leaves: switch k then stands just below chip k mod C,
 * further down when there are more switches than chips. */
static void
place_scale_up (const TfNetworkGraph *g,
                float               (*pos)[3])
{
  guint per = MAX (g->chips_per_board, 1);
  g_autofree guint *on_board = g_new0 (guint, MAX (g->n_board, 1));
  g_autofree guint *slot = g_new0 (guint, MAX (g->n_switch, 1));
  g_autofree guint8 *split = boards_on_rails (g);

  for (guint s = 0; s < g->n_switch; s++)
    if (is_scale_up (g, s))
      slot[s] = on_board[g->switches[s].container]++;
  for (guint s = 0; s < g->n_switch; s++)
    {
      guint b = g->switches[s].container;
      const float *c;
      float *p = pos[g->n_chip + s];

      if (!is_scale_up (g, s))
        continue;
      if (!split[b])
        {
          place_beside_patch (g, pos, s, slot[s], on_board[b]);
          continue;
        }
      c = pos[g->board_chips[(gsize) b * per + slot[s] % per]];
      p[0] = c[0];
      p[1] = c[1] - TF_LAYOUT_SCALE_UP_PITCH * (1 + slot[s] / per);
      p[2] = c[2];
    }
}

guint
tf_layout_logical (const TfNetworkGraph *graph,
                   const char           *family,
                   const TfAttrs        *attrs,
                   float               (*positions)[3],
                   guint32              *groups)
{
  guint n_nodes, n_groups;
  g_autofree guint32 *fabric_groups = NULL;
  g_autofree guint32 *fabric_node = NULL;
  g_autofree float (*fabric_pos)[3] = NULL;
  TfNetworkGraph fabric;

  g_return_val_if_fail (graph != NULL && positions != NULL, 0);

  /* The family's shape without the scale-up switches, then those beside their boards. */
  n_nodes = graph->n_chip + graph->n_switch;
  fabric_node = g_new (guint32, MAX (n_nodes, 1));
  if (groups != NULL)
    memset (groups, 0xff, sizeof (guint32) * n_nodes);
  if (!strip_scale_up (graph, &fabric, fabric_node))
    return lay_out_graph (graph, family, attrs, FALSE, positions, groups);
  fabric_pos = g_malloc_n ((gsize) fabric.n_chip + fabric.n_switch + 1, sizeof (float[3]));
  if (groups != NULL)
    {
      fabric_groups = g_new (guint32, (gsize) fabric.n_chip + fabric.n_switch + 1);
      memset (fabric_groups, 0xff, sizeof (guint32) * (fabric.n_chip + fabric.n_switch));
    }
  n_groups = lay_out_graph (&fabric, family, attrs, TRUE, fabric_pos, fabric_groups);
  g_free (fabric.switches);
  g_free (fabric.links);
  for (guint v = 0; v < n_nodes; v++)
    if (fabric_node[v] != G_MAXUINT32)
      {
        memcpy (positions[v], fabric_pos[fabric_node[v]], sizeof (float[3]));
        if (groups != NULL)
          groups[v] = fabric_groups[fabric_node[v]];
      }
  /* A board's scale-up switches are in its chips' bar. */
  for (guint s = 0; groups != NULL && s < graph->n_switch; s++)
    if (is_scale_up (graph, s))
      groups[graph->n_chip + s]
        = groups[graph->board_chips[(gsize) graph->switches[s].container
                                    * graph->chips_per_board]];
  place_scale_up (graph, positions);
  return n_groups;
}
