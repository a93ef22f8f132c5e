/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics-paths.c: diameter and average path length over chip pairs.
 *
 * Exact breadth-first search, made cheap by structure the graph itself shows:
 * - leaf-attached graphs (every chip's only neighbour outside its board, its scale-up
 *   switches counting as the board, is one switch shared by the whole board) reduce to
 *   distances between leaf switches, searched over switches only;
 * - chip-transitive graphs (declared by the family: torus, hypercube, ring and full-mesh of
 *   boards, all vertex-transitive) need one source;
 * - anything else gets one search per orbit of interchangeable chip classes on the twin quotient
 *   (Layer 1's searches, tf_chip_path_sums) when there are few orbits, as in an edited
 *   fat-tree; else a bit-parallel search from every chip, 64 sources per machine word
 *   (bfs-bit-parallel.c), which costs about a sixteenth of a search per chip.
 */
#include "bfs-bit-parallel-private.h"
#include "graph-private.h"
#include "metrics-private.h"
#include "progress-private.h"
#include "quotient-private.h"

/* Switch families, from the leaf level */

guint
tf_switch_chip_diameter (const TfBoardTopo *bt,
                         guint              n_board,
                         guint              n_hosting_leaves,
                         guint              leaf_diameter)
{
  if (n_board == 1)
    return bt->chips < 2 ? 0 : tf_board_topo_is_complete (bt) ? 1 : 2;
  if (n_hosting_leaves == 1)
    return 2;
  return 2 + leaf_diameter;
}

typedef struct
{
  const guint8 *target;
  guint         max_level;
} LeafDiameter;

static void
leaf_diameter_visit (guint          level,
                     guint32        node,
                     const guint64 *fresh,
                     guint          words,
                     gpointer       data)
{
  LeafDiameter *ld = data;

  if (ld->target[node] && level > ld->max_level)
    ld->max_level = level;
}

/* Whether @build's rotation (family-private.h) may stand for the searches from every hosting
 * switch: every group but the last hosts at the same in-group places as group 0, and the last
 * at some of those (endpoints fill groups in order). */
static gboolean
hosting_is_rotational (const TfBuild *build,
                       const guint8  *hosting)
{
  guint g = build->n_group, w = build->group_switches;

  if (g < 2 || (guint64) g * w != build->switches->len)
    return FALSE;
  for (guint i = 1; i < g; i++)
    for (guint k = 0; k < w; k++)
      {
        guint8 h = hosting[i * w + k];

        if (i < g - 1 ? h != hosting[k] : h > hosting[k])
          return FALSE;
      }
  return TRUE;
}

/* Searches from every switch @sources marks, in batches of 64; returns the greatest distance
 * to a switch @targets marks. */
static guint
farthest_target (TfBitBfs     *bfs,
                 guint         n_switch,
                 const guint8 *sources,
                 const guint8 *targets)
{
  guint32 batch[64];
  guint n = 0;
  LeafDiameter ld = { targets, 0 };

  for (guint v = 0; v < n_switch; v++)
    {
      if (sources[v])
        batch[n++] = v;
      if (n == 64 || (n > 0 && v == n_switch - 1))
        {
          tf_bit_bfs_run (bfs, batch, n, leaf_diameter_visit, &ld);
          n = 0;
        }
    }
  return ld.max_level;
}

void
tf_build_leaf_diameter (const TfBuild     *build,
                        const TfAdjacency *switches,
                        guint             *n_hosting_leaves,
                        guint             *leaf_diameter)
{
  guint n_ep = build->n_endpoint, n_switch = build->switches->len;
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  g_autofree guint8 *hosting = g_new0 (guint8, MAX (n_switch, 1));
  g_autofree guint8 *sources = g_new0 (guint8, MAX (n_switch, 1));
  guint n_hosting = 0, diameter;
  TfBitBfs bfs;

  /* Endpoints come first, so an endpoint-switch link has the endpoint in a. */
  for (guint i = 0; i < build->links->len; i++)
    if (links[i].a < n_ep && links[i].b >= n_ep && !hosting[links[i].b - n_ep])
      {
        hosting[links[i].b - n_ep] = 1;
        n_hosting++;
      }
  /* The search runs on the switches alone: a path between switches never gains by passing a
   * board, whose chips reach nothing but their own switch. */
  tf_bit_bfs_init (&bfs, switches->n_nodes, switches->offset, switches->target, NULL, 64);

  /* Under the rotation every hosting pair has an image with one end in group 0, both ends
   * still hosting (docs/metrics.md), so searching from group 0 finds the farthest pair. */
  if (hosting_is_rotational (build, hosting))
    memcpy (sources, hosting, build->group_switches);
  else
    memcpy (sources, hosting, n_switch);
  diameter = farthest_target (&bfs, n_switch, sources, hosting);

  tf_bit_bfs_clear (&bfs);
  *n_hosting_leaves = n_hosting;
  *leaf_diameter = diameter;
}

/* Path metrics on a NetworkGraph */

typedef struct
{
  const guint32 *weight;     /* chips behind each node (leaf switches), or 1 for chips */
  const guint32 *sources;    /* the batch's source nodes */
  guint          offset;     /* hops added to every distance */
  guint          max_level;
  guint          reached;    /* (source, target) pairs reached, for the connectivity check */
  guint64        sum;        /* weighted hop sum over ordered pairs of distinct targets */
} PathSums;

static void
path_sums_visit (guint          level,
                 guint32        node,
                 const guint64 *fresh,
                 guint          words,
                 gpointer       data)
{
  PathSums *ps = data;
  guint64 w = ps->weight[node];

  if (w == 0)
    return;
  if (level + ps->offset > ps->max_level)
    ps->max_level = level + ps->offset;
  for (guint k = 0; k < words; k++)
    for (guint64 sources = fresh[k]; sources != 0; sources &= sources - 1)
      {
        guint i = k * 64 + (guint) __builtin_ctzll (sources);

        ps->sum += w * ps->weight[ps->sources[i]] * (level + ps->offset);
        ps->reached++;
      }
}

/* Finds each chip's leaf switch, or returns FALSE when the graph is not leaf-attached. */
static gboolean
find_leaves (const TfNetworkGraph *graph,
             const TfAdjacency    *adj,
             const guint32        *chip_board,
             guint32              *leaf_of_board)
{
  for (guint b = 0; b < graph->n_board; b++)
    leaf_of_board[b] = G_MAXUINT32;
  for (guint c = 0; c < graph->n_chip; c++)
    {
      guint b = chip_board[c];

      for (guint e = adj->offset[c]; e < adj->offset[c + 1]; e++)
        {
          guint32 t = adj->target[e];

          if (t < graph->n_chip)
            {
              if (chip_board[t] != b)
                return FALSE;
              continue;
            }
          /* A scale-up switch of the board is part of it: board-mates meet there in 2 hops,
           * as through the leaf, and it joins nothing else. */
          if (graph->switches[t - graph->n_chip].tier == TF_TIER_BOARD)
            {
              if (graph->switches[t - graph->n_chip].container != b)
                return FALSE;
              continue;
            }
          if (leaf_of_board[b] == G_MAXUINT32)
            leaf_of_board[b] = t;
          else if (leaf_of_board[b] != t)
            return FALSE;
        }
    }
  for (guint c = 0; c < graph->n_chip; c++)
    {
      gboolean has_leaf = FALSE;

      for (guint e = adj->offset[c]; e < adj->offset[c + 1]; e++)
        has_leaf |= adj->target[e] == leaf_of_board[chip_board[c]];
      if (!has_leaf)
        return FALSE;
    }
  return TRUE;
}

static gboolean
leaf_attached_metrics (const TfNetworkGraph *graph,
                       const TfAdjacency    *adj,
                       const guint32        *chip_board,
                       const guint32        *leaf_of_board,
                       TfProgressFunc        progress,
                       gpointer              progress_data,
                       guint                *diameter,
                       guint64              *sum,
                       GError              **error)
{
  guint n_nodes = tf_network_graph_get_n_nodes (graph);
  guint c = graph->chips_per_board;
  g_autofree guint32 *weight = g_new0 (guint32, n_nodes);
  g_autofree guint32 *boards_on = g_new0 (guint32, n_nodes);
  g_autofree guint8 *allowed = g_new0 (guint8, n_nodes);
  g_autofree guint32 *stamp = g_new0 (guint32, n_nodes);
  g_autoptr(GArray) leaves = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint max = 0;
  guint64 total = 0;
  TfBitBfs bfs;
  PathSums ps = { weight, NULL, 2, 0, 0, 0 };

  for (guint b = 0; b < graph->n_board; b++)
    {
      guint32 leaf = leaf_of_board[b];
      guint64 adjacent = 0;

      if (weight[leaf] == 0)
        g_array_append_val (leaves, leaf);
      weight[leaf] += c;
      boards_on[leaf]++;

      /* Same board: one hop to a linked board-mate, two through the leaf otherwise. Count
       * distinct board-mates: a neighbour may appear once per link record. */
      for (guint i = 0; i < c; i++)
        {
          guint32 chip = graph->board_chips[(gsize) b * c + i];

          for (guint e = adj->offset[chip]; e < adj->offset[chip + 1]; e++)
            if (adj->target[e] < graph->n_chip && stamp[adj->target[e]] != chip + 1)
              {
                stamp[adj->target[e]] = chip + 1;
                adjacent++;
              }
        }
      total += 2 * (guint64) c * (c - 1) - adjacent;
      if (c >= 2)
        max = MAX (max, adjacent == (guint64) c * (c - 1) ? 1u : 2u);
    }

  /* Different boards on the same leaf: two hops. */
  for (guint i = 0; i < leaves->len; i++)
    {
      guint32 leaf = g_array_index (leaves, guint32, i);
      guint64 w = weight[leaf];

      total += 2 * (w * w - (guint64) boards_on[leaf] * c * c);
      if (boards_on[leaf] > 1)
        max = MAX (max, 2u);
    }

  /* Different leaves: two hops plus the distance between the leaves over switches. */
  for (guint v = graph->n_chip; v < n_nodes; v++)
    allowed[v] = 1;
  tf_bit_bfs_init (&bfs, adj->n_nodes, adj->offset, adj->target, allowed, 64);
  for (guint i = 0; i < leaves->len; i += 64)
    {
      guint n = MIN (64, leaves->len - i);

      ps.sources = &g_array_index (leaves, guint32, i);
      tf_bit_bfs_run (&bfs, ps.sources, n, path_sums_visit, &ps);
      if (!tf_progress_report (progress, progress_data, (double) (i + n) / leaves->len,
                               error))
        {
          tf_bit_bfs_clear (&bfs);
          return FALSE;
        }
    }
  tf_bit_bfs_clear (&bfs);
  if (ps.reached != leaves->len * (leaves->len - 1))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                   "connectivity: some leaf switches cannot reach each other");
      return FALSE;
    }

  *diameter = MAX (max, ps.max_level);
  *sum = total + ps.sum;
  return TRUE;
}

typedef struct
{
  guint   n_chip;
  guint   max_level;
  guint64 reached;
  guint64 sum;
} ChipSums;

static void
chip_sums_visit (guint          level,
                 guint32        node,
                 const guint64 *fresh,
                 guint          words,
                 gpointer       data)
{
  ChipSums *cs = data;
  guint k = 0;

  if (node >= cs->n_chip)
    return;
  for (guint w = 0; w < words; w++)
    k += (guint) __builtin_popcountll (fresh[w]);
  cs->sum += (guint64) k * level;
  cs->reached += k;
  if (level > cs->max_level)
    cs->max_level = level;
}

static gboolean
single_source_metrics (const TfNetworkGraph *graph,
                       const TfAdjacency    *adj,
                       guint                *diameter,
                       guint64              *sum,
                       GError              **error)
{
  guint n_nodes = adj->n_nodes;
  g_autofree guint32 *dist = g_new (guint32, n_nodes);
  g_autofree guint32 *order = g_new (guint32, n_nodes);
  guint n_order, max = 0, reached = 0;
  guint64 total = 0;

  n_order = tf_adjacency_bfs (adj, 0, dist, order, NULL, NULL);
  for (guint i = 0; i < n_order; i++)
    {
      guint32 u = order[i];

      if (u < graph->n_chip && u != 0)
        {
          total += dist[u];
          max = MAX (max, dist[u]);
          reached++;
        }
    }
  if (reached != graph->n_chip - 1)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                   "connectivity: chip0 reaches %u of the other %u chips",
                   reached, graph->n_chip - 1);
      return FALSE;
    }
  *diameter = max;
  *sum = total * graph->n_chip;
  return TRUE;
}

static gboolean
all_sources_metrics (const TfNetworkGraph *graph,
                     const TfAdjacency    *adj,
                     TfProgressFunc        progress,
                     gpointer              progress_data,
                     guint                *diameter,
                     guint64              *sum,
                     GError              **error)
{
  guint32 sources[64];
  TfBitBfs bfs;
  ChipSums cs = { graph->n_chip, 0, 0, 0 };

  tf_bit_bfs_init (&bfs, adj->n_nodes, adj->offset, adj->target, NULL, 64);
  for (guint first = 0; first < graph->n_chip; first += 64)
    {
      guint n = MIN (64, graph->n_chip - first);

      for (guint i = 0; i < n; i++)
        sources[i] = first + i;
      tf_bit_bfs_run (&bfs, sources, n, chip_sums_visit, &cs);
      if (!tf_progress_report (progress, progress_data, (double) (first + n) / graph->n_chip,
                               error))
        {
          tf_bit_bfs_clear (&bfs);
          return FALSE;
        }
    }
  tf_bit_bfs_clear (&bfs);
  if (cs.reached != (guint64) graph->n_chip * (graph->n_chip - 1))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                   "connectivity: some chips cannot reach each other");
      return FALSE;
    }
  *diameter = cs.max_level;
  *sum = cs.sum;
  return TRUE;
}

gboolean
tf_network_graph_path_metrics (const TfNetworkGraph *graph,
                               gboolean              chip_transitive,
                               TfProgressFunc        progress,
                               gpointer              progress_data,
                               guint                *diameter,
                               double               *average_path_length,
                               GError              **error)
{
  TfAdjacency adj;
  g_autofree guint32 *chip_board = NULL;
  g_autofree guint32 *leaf_of_board = NULL;
  guint64 sum = 0;
  guint diam = 0;
  gboolean ok;

  g_return_val_if_fail (graph != NULL && graph->n_chip >= 2, FALSE);

  tf_adjacency_init_targets (&adj, tf_network_graph_get_n_nodes (graph), graph->n_links,
                             graph->links, sizeof (TfLink));
  chip_board = tf_network_graph_dup_chip_boards (graph);
  leaf_of_board = g_new (guint32, MAX (graph->n_board, 1));

  if (graph->n_switch > 0 && find_leaves (graph, &adj, chip_board, leaf_of_board))
    ok = leaf_attached_metrics (graph, &adj, chip_board, leaf_of_board, progress,
                                progress_data, &diam, &sum, error);
  else if (chip_transitive)
    ok = single_source_metrics (graph, &adj, &diam, &sum, error);
  else
    {
      gboolean done;

      ok = tf_chip_path_sums (graph, graph->n_chip / 16, &done, &diam, &sum, error);
      if (ok && !done)
        ok = all_sources_metrics (graph, &adj, progress, progress_data, &diam, &sum, error);
    }
  tf_adjacency_clear (&adj);
  if (!ok)
    return FALSE;

  *diameter = diam;
  *average_path_length = (double) sum / ((double) graph->n_chip * (graph->n_chip - 1));
  return TRUE;
}

gboolean
tf_network_graph_path_metrics_all_sources (const TfNetworkGraph *graph,
                                           guint                *diameter,
                                           double               *apl,
                                           GError              **error)
{
  TfAdjacency adj;
  guint64 sum;
  gboolean ok;

  tf_adjacency_init_targets (&adj, tf_network_graph_get_n_nodes (graph), graph->n_links,
                             graph->links, sizeof (TfLink));
  ok = all_sources_metrics (graph, &adj, NULL, NULL, diameter, &sum, error);
  tf_adjacency_clear (&adj);
  if (ok)
    *apl = (double) sum / ((double) graph->n_chip * (graph->n_chip - 1));
  return ok;
}
