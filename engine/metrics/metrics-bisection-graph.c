/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics-bisection-graph.c: bisection measured on a generated graph, without the family's
 * structure: exhaustively on small graphs, and as the value of a real cut (splits along the
 * chip grouping) on any (docs/metrics.md). metrics-bisection.c has the families' forms. */
#include <stdlib.h>

#include "maxflow-private.h"
#include "metrics-private.h"

/* Exhaustive bisection on small graphs: every balanced split of the chips; for each, the
 * switches fall where a min cut puts them (source = side 0, sink = side 1). */

typedef struct
{
  const TfNetworkGraph *graph;
  TfFlow               *flow;
  guint                *to_source;  /* arc source -> switch */
  guint                *to_sink;    /* arc switch -> sink */
  double               *weight;     /* per link */
  double               *cap_a;
  double               *cap_b;
} ExactCut;

/* The cheapest cut with the chips on the sides @side gives (0 or 1 per chip). */
static double
split_cost_sides (ExactCut     *x,
                  const guint8 *side)
{
  const TfNetworkGraph *graph = x->graph;
  guint n_chip = graph->n_chip, n_switch = graph->n_switch;
  double fixed = 0;

  memset (x->cap_a, 0, sizeof (double) * n_switch);
  memset (x->cap_b, 0, sizeof (double) * n_switch);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      gboolean a_chip = l->a < n_chip, b_chip = l->b < n_chip;

      if (a_chip && b_chip)
        {
          if (side[l->a] != side[l->b])
            fixed += x->weight[i];
        }
      else if (a_chip || b_chip)
        {
          guint32 chip = a_chip ? l->a : l->b;
          guint sw = (a_chip ? l->b : l->a) - n_chip;

          if (side[chip])
            x->cap_b[sw] += x->weight[i];
          else
            x->cap_a[sw] += x->weight[i];
        }
    }
  if (n_switch == 0)
    return fixed;
  for (guint sw = 0; sw < n_switch; sw++)
    {
      tf_flow_set_capacity (x->flow, x->to_source[sw], x->cap_a[sw], 0);
      tf_flow_set_capacity (x->flow, x->to_sink[sw], x->cap_b[sw], 0);
    }
  tf_flow_reset (x->flow);
  return fixed + tf_flow_max (x->flow, n_switch, n_switch + 1, G_MAXDOUBLE);
}

static void
exact_cut_init (ExactCut             *x,
                const TfNetworkGraph *graph,
                const TfContext      *ctx,
                gboolean              use_bandwidth)
{
  guint n = graph->n_chip, n_switch = graph->n_switch;

  memset (x, 0, sizeof *x);
  x->graph = graph;
  x->flow = tf_flow_new (n_switch + 2);
  x->to_source = g_new (guint, MAX (n_switch, 1));
  x->to_sink = g_new (guint, MAX (n_switch, 1));
  x->weight = g_new (double, MAX (graph->n_links, 1));
  x->cap_a = g_new (double, MAX (n_switch, 1));
  x->cap_b = g_new (double, MAX (n_switch, 1));
  if (use_bandwidth)
    tf_network_graph_link_gbps (graph, ctx, x->weight);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if (!use_bandwidth)
        x->weight[i] = (double) l->multiplicity;
      if (l->a >= n && l->b >= n)
        tf_flow_add_arc (x->flow, l->a - n, l->b - n, x->weight[i], x->weight[i]);
    }
  for (guint sw = 0; sw < n_switch; sw++)
    {
      x->to_source[sw] = tf_flow_add_arc (x->flow, n_switch, sw, 0, 0);
      x->to_sink[sw] = tf_flow_add_arc (x->flow, sw, n_switch + 1, 0, 0);
    }
}

static void
exact_cut_clear (ExactCut *x)
{
  tf_flow_free (x->flow);
  g_free (x->to_source);
  g_free (x->to_sink);
  g_free (x->weight);
  g_free (x->cap_a);
  g_free (x->cap_b);
}

static double
exact_bisection (const TfNetworkGraph *graph,
                 const TfContext      *ctx,
                 gboolean              use_bandwidth)
{
  guint n = graph->n_chip, half = n / 2;
  g_autofree guint8 *side = g_new (guint8, n);
  double best = G_MAXDOUBLE;
  ExactCut x;

  exact_cut_init (&x, graph, ctx, use_bandwidth);
  /* Every set of half the chips; with an even count, chip 0 stays on side 0 to skip mirrors. */
  for (guint32 mask = 0; mask < (1u << n); mask++)
    {
      double cost;

      if ((guint) __builtin_popcount (mask) != half || (n % 2 == 0 && (mask & 1)))
        continue;
      for (guint c = 0; c < n; c++)
        side[c] = (mask >> c) & 1;
      cost = split_cost_sides (&x, side);
      best = MIN (best, cost);
    }
  exact_cut_clear (&x);
  return best;
}

/* Chips ranked by the grouping: pod, then rack, then board, then place on the board. */
static void
rank_by_grouping (const TfNetworkGraph *graph,
                  guint32              *rank)
{
  g_autofree guint64 *keys = g_new (guint64, MAX (graph->n_board, 1));
  guint c = graph->chips_per_board, next = 0;

  for (guint b = 0; b < graph->n_board; b++)
    keys[b] = ((guint64) graph->rack_pod[graph->board_rack[b]] << 42)
              | ((guint64) graph->board_rack[b] << 21) | b;
  qsort (keys, graph->n_board, sizeof (guint64), tf_guint64_compare);
  for (guint i = 0; i < graph->n_board; i++)
    {
      guint b = (guint) (keys[i] & ((1u << 21) - 1));

      for (guint k = 0; k < c; k++)
        rank[graph->board_chips[(gsize) b * c + k]] = next++;
    }
}

void
tf_network_graph_bisection_bound (const TfNetworkGraph *graph,
                                  const TfContext      *ctx,
                                  guint64              *links,
                                  double               *bandwidth)
{
  guint n = graph->n_chip;
  g_autofree guint8 *side = g_new (guint8, MAX (n, 1));
  g_autofree guint32 *rank = g_new (guint32, MAX (n, 1));
  double best[2] = { G_MAXDOUBLE, G_MAXDOUBLE };

  for (guint weighting = 0; weighting < 2; weighting++)
    {
      ExactCut x;

      exact_cut_init (&x, graph, ctx, weighting == 1);
      for (guint order = 0; order < 2; order++)
        {
          if (order == 0)
            for (guint c = 0; c < n; c++)
              rank[c] = c;
          else
            rank_by_grouping (graph, rank);
          for (guint y = n / 2; y <= (n + 1) / 2; y++)
            {
              double cost;

              for (guint c = 0; c < n; c++)
                side[c] = rank[c] >= n - y;
              cost = split_cost_sides (&x, side);
              best[weighting] = MIN (best[weighting], cost);
            }
        }
      exact_cut_clear (&x);
    }
  *links = (guint64) (best[0] + 0.5);
  *bandwidth = best[1];
}

gboolean
tf_network_graph_bisection_exact (const TfNetworkGraph *graph,
                                  const TfContext      *ctx,
                                  guint64              *links,
                                  double               *bandwidth)
{
  if (graph->n_chip < 2 || graph->n_chip > TF_BISECTION_EXACT_MAX_CHIPS
      || graph->n_switch > TF_BISECTION_EXACT_MAX_SWITCHES)
    return FALSE;
  *links = (guint64) (exact_bisection (graph, ctx, FALSE) + 0.5);
  *bandwidth = exact_bisection (graph, ctx, TRUE);
  return TRUE;
}
