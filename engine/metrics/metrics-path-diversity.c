/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics-path-diversity.c: path_diversity (@tbl-spec-topo-20b), the minimum over chip pairs of
 * the number of internally vertex-disjoint paths, a bundle of parallel direct links counting
 * as its multiplicity ("按重边权重计算"). docs/metrics.md proves the closed forms; the exact
 * max-flow version below checks them in the tests. */
#include "maxflow-private.h"
#include "metrics-private.h"

guint
tf_switch_path_diversity (const TfBoardTopo *bt,
                          guint              chip_radix,
                          guint              n_board)
{
  /* With two or more boards the leaf switch separates each board from the rest. */
  if (n_board >= 2)
    return 1;
  /* One board under one switch: the switch adds one path to the board's own. */
  if (bt->topo == TF_INTRA_BOARD_NONE)
    return 1;
  return 1 + tf_direct_path_diversity (tf_board_topo_connectivity (bt),
                                       tf_board_topo_is_complete (bt), bt->chips, chip_radix);
}

guint
tf_direct_path_diversity (guint    kappa,
                          gboolean complete,
                          guint    n,
                          guint    chip_radix)
{
  /* In a complete graph every pair is linked: its chip_radix direct links plus one path through
   * each of the other n - 2 chips. Otherwise some pair is not linked, and by Menger the least
   * such pair has kappa paths; a linked pair has at least chip_radix + kappa - 1. */
  if (complete)
    return chip_radix + n - 2;
  return kappa;
}

/* The node-split flow network of a graph: node x is x_in = 2x and x_out = 2x + 1 joined by
 * capacity 1; a link of multiplicity m joins a_out -> b_in and b_out -> a_in with capacity m. */
static TfFlow *
split_network (const TfNetworkGraph *graph,
               guint                *split)
{
  guint n_nodes = tf_network_graph_get_n_nodes (graph);
  TfFlow *flow = tf_flow_new (2 * n_nodes);

  for (guint x = 0; x < n_nodes; x++)
    split[x] = tf_flow_add_arc (flow, 2 * x, 2 * x + 1, 1, 0);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      tf_flow_add_arc (flow, 2 * l->a + 1, 2 * l->b, l->multiplicity, 0);
      tf_flow_add_arc (flow, 2 * l->b + 1, 2 * l->a, l->multiplicity, 0);
    }
  return flow;
}

/* Vertex-disjoint paths from chip u to chip v, counting only up to @enough. */
static double
pair_paths (TfFlow      *flow,
            const guint *split,
            guint        u,
            guint        v,
            double       enough)
{
  double paths;

  tf_flow_set_capacity (flow, split[u], 1e18, 0);
  tf_flow_set_capacity (flow, split[v], 1e18, 0);
  tf_flow_reset (flow);
  paths = tf_flow_max (flow, 2 * u + 1, 2 * v, enough);
  tf_flow_set_capacity (flow, split[u], 1, 0);
  tf_flow_set_capacity (flow, split[v], 1, 0);
  return paths;
}

guint
tf_network_graph_path_diversity_exact (const TfNetworkGraph *graph)
{
  g_autofree guint *split = g_new (guint, tf_network_graph_get_n_nodes (graph));
  TfFlow *flow = split_network (graph, split);
  double best = G_MAXDOUBLE;

  for (guint u = 0; u < graph->n_chip; u++)
    for (guint v = u + 1; v < graph->n_chip; v++)
      {
        /* Only whether this pair beats the best so far matters. */
        double paths = pair_paths (flow, split, u, v, best);

        best = MIN (best, paths);
      }
  tf_flow_free (flow);
  return (guint) (best + 0.5);
}

guint
tf_network_graph_path_diversity_bound (const TfNetworkGraph *graph)
{
  guint n_nodes = tf_network_graph_get_n_nodes (graph), n = graph->n_chip;
  g_autofree guint *split = g_new (guint, n_nodes);
  g_autofree guint *degree = g_new0 (guint, n_nodes);
  g_autofree guint32 *stamp = g_new0 (guint32, n_nodes);
  TfAdjacency adj;
  TfFlow *flow;
  guint u = 0, targets;
  double best;

  /* The chip with fewest distinct neighbours bounds every pair it is in. */
  tf_adjacency_init (&adj, n_nodes, graph->n_links, graph->links, sizeof (TfLink));
  for (guint c = 0; c < n; c++)
    {
      for (guint e = adj.offset[c]; e < adj.offset[c + 1]; e++)
        if (stamp[adj.target[e]] != c + 1)
          {
            stamp[adj.target[e]] = c + 1;
            degree[c]++;
          }
      if (degree[c] < degree[u])
        u = c;
    }
  tf_adjacency_clear (&adj);

  /* Paths from u to a spread of up to 64 other chips. */
  flow = split_network (graph, split);
  best = G_MAXDOUBLE;
  targets = MIN (n - 1, 64u);
  for (guint k = 0; k < targets; k++)
    {
      /* Offsets 1 .. n-1 spread evenly, so v is never u. */
      guint v = (guint) ((u + 1 + (guint64) k * (n - 1) / targets) % n);
      double paths = pair_paths (flow, split, u, v, best);

      best = MIN (best, paths);
    }
  tf_flow_free (flow);
  return (guint) (best + 0.5);
}
