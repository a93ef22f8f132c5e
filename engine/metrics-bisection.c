/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics-bisection.c: bisection, the fewest links (and least bandwidth) cut by splitting the
 * chips into two halves, switches free to fall on either side (docs/metrics.md).
 *
 * Exact values come from closed forms proven against exhaustive search, or from the exhaustive
 * search itself on small graphs (every balanced chip split, each with a min cut placing the
 * switches). Everything else is the value of a real cut found by structure plus local search,
 * reported as an upper bound.
 */
#include "graph-private.h"
#include "metrics-private.h"

static double
link_bandwidth (const TfContext *ctx,
                TfLinkType       type)
{
  return ctx->defaults[type].bandwidth_gbps;
}

void
tf_bisection_star (const TfContext   *ctx,
                   guint              n_chip,
                   const TfBoardTopo *bt,
                   guint64           *links,
                   double            *bandwidth,
                   TfMethod          *method)
{
  guint r = ctx->chip_radix;
  guint64 best = G_MAXUINT64;
  double best_bw = G_MAXDOUBLE;
  gboolean exact = tf_board_topo_prefix_cut_is_minimal (bt);

  for (guint y = n_chip / 2; y <= (n_chip + 1) / 2; y++)
    {
      guint rho = y % bt->chips;
      guint64 ib = tf_board_topo_prefix_cut (bt, rho);
      guint64 count = ((guint64) y + ib) * r;
      double bw = ((double) y * link_bandwidth (ctx, TF_LINK_B2B)
                   + (double) ib * link_bandwidth (ctx, TF_LINK_C2C)) * r;

      best = MIN (best, count);
      best_bw = MIN (best_bw, bw);
      if (rho == 0)
        exact = TRUE;
    }
  *links = best;
  *bandwidth = best_bw;
  *method = exact ? TF_METHOD_CLOSED_FORM : TF_METHOD_UPPER_BOUND;
}

/* Switch families: structured chip splits, then local search over the switch sides. */

typedef struct
{
  const TfBuild     *build;
  const TfBoardTopo *bt;
  TfAdjacency        adj;
  double            *weight;     /* per link record; per chip for endpoint links */
  double             ib_weight;  /* per board-graph pair cut */
  guint32           *x;          /* chips of each board on side 1 */
  guint8            *side;       /* side of each switch */
} SwitchCut;

/* The cost of a switch's links with the switch on side 0 and on side 1. */
static void
switch_costs (const SwitchCut *sc,
              guint            sw,
              double          *on_0,
              double          *on_1)
{
  const TfBuild *build = sc->build;
  guint node = build->n_endpoint + sw;
  guint c = build->chips_per_board;
  double c0 = 0, c1 = 0;

  for (guint e = sc->adj.offset[node]; e < sc->adj.offset[node + 1]; e++)
    {
      guint32 t = sc->adj.target[e];
      double w = sc->weight[sc->adj.link[e]];

      if (t < build->n_endpoint)
        {
          c0 += w * sc->x[t];
          c1 += w * (c - sc->x[t]);
        }
      else if (sc->side[t - build->n_endpoint])
        c0 += w;
      else
        c1 += w;
    }
  *on_0 = c0;
  *on_1 = c1;
}

static double
total_cost (const SwitchCut *sc)
{
  const TfBuild *build = sc->build;
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  guint c = build->chips_per_board;
  double cost = 0;

  for (guint i = 0; i < build->links->len; i++)
    {
      guint32 a = links[i].a, b = links[i].b;

      if (a < build->n_endpoint && b >= build->n_endpoint)
        cost += sc->weight[i] * (sc->side[b - build->n_endpoint] ? c - sc->x[a] : sc->x[a]);
      else if (a >= build->n_endpoint)
        cost += sc->side[a - build->n_endpoint] != sc->side[b - build->n_endpoint]
                ? sc->weight[i] : 0;
    }
  for (guint e = 0; e < build->n_endpoint; e++)
    cost += sc->ib_weight * (double) tf_board_topo_prefix_cut (sc->bt, sc->x[e]);
  return cost;
}

static void
improve_sides (SwitchCut *sc)
{
  guint n_switch = sc->build->switches->len;
  gboolean changed = TRUE;

  for (guint pass = 0; changed && pass < 100; pass++)
    {
      changed = FALSE;
      for (guint s = 0; s < n_switch; s++)
        {
          double on_0, on_1;
          guint8 better;

          switch_costs (sc, s, &on_0, &on_1);
          better = on_1 < on_0 - 1e-9 ? 1 : on_0 < on_1 - 1e-9 ? 0 : sc->side[s];
          if (better != sc->side[s])
            {
              sc->side[s] = better;
              changed = TRUE;
            }
        }
    }
}

/* Puts y chips on side 1, whole boards first, from the end (tail) or the start of the board
 * order, which families lay out rack by rack and group by group. */
static void
place_chips (SwitchCut *sc,
             guint      y,
             gboolean   tail)
{
  guint n = sc->build->n_endpoint, c = sc->build->chips_per_board;

  for (guint i = 0; i < n; i++)
    {
      guint board = tail ? n - 1 - i : i;
      guint take = MIN (c, y);

      sc->x[board] = take;
      y -= take;
    }
}

static double
best_switch_cut (SwitchCut *sc,
                 guint      n_chip)
{
  guint n_switch = sc->build->switches->len;
  double best = G_MAXDOUBLE;

  for (guint y = n_chip / 2; y <= (n_chip + 1) / 2; y++)
    for (guint tail = 0; tail < 2; tail++)
      for (guint start = 0; start < 2; start++)
        {
          double cost;

          place_chips (sc, y, tail);
          memset (sc->side, start, n_switch);
          /* From all switches on one side, each moves to its cheaper side until none would. */
          improve_sides (sc);
          cost = total_cost (sc);
          best = MIN (best, cost);
        }
  return best;
}

void
tf_bisection_switch_family (const TfContext   *ctx,
                            const TfBuild     *build,
                            const TfBoardTopo *bt,
                            TfMetrics         *m)
{
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  guint n_nodes = build->n_endpoint + build->switches->len;
  guint n_chip = build->n_endpoint * build->chips_per_board;
  guint r = ctx->chip_radix;
  g_autofree double *bandwidth = g_new (double, MAX (build->links->len, 1));
  guint64 star_links;
  double star_bw, best_links, best_bw;
  TfMethod star_method;
  SwitchCut sc = { build, bt };

  tf_adjacency_init (&sc.adj, n_nodes, build->links->len, links, sizeof (TfBuildLink));
  sc.weight = g_new (double, MAX (build->links->len, 1));
  sc.x = g_new0 (guint32, MAX (build->n_endpoint, 1));
  sc.side = g_new0 (guint8, MAX (build->switches->len, 1));

  for (guint i = 0; i < build->links->len; i++)
    {
      gboolean chip_link = links[i].a < build->n_endpoint;

      sc.weight[i] = (double) links[i].multiplicity * (chip_link ? r : 1);
      bandwidth[i] = sc.weight[i] * link_bandwidth (ctx, tf_build_link_type (build, links[i].a,
                                                                              links[i].b));
    }

  sc.ib_weight = r;
  best_links = best_switch_cut (&sc, n_chip);
  memcpy (sc.weight, bandwidth, sizeof (double) * build->links->len);
  sc.ib_weight = r * link_bandwidth (ctx, TF_LINK_C2C);
  best_bw = best_switch_cut (&sc, n_chip);

  tf_bisection_star (ctx, n_chip, bt, &star_links, &star_bw, &star_method);
  m->bisection_links = (guint64) MIN ((double) star_links, best_links);
  m->bisection_links_method = TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth = MIN (star_bw, best_bw);
  m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;

  tf_adjacency_clear (&sc.adj);
  g_free (sc.weight);
  g_free (sc.x);
  g_free (sc.side);
}

/* Direct families of boards linked lane by lane */

static guint64
lane_cut (TfLaneGraph lanes,
          guint       n_board,
          guint       x)
{
  if (x == 0 || x >= n_board)
    return 0;
  if (lanes == TF_LANES_COMPLETE)
    return (guint64) x * (n_board - x);
  return n_board == 2 ? 1 : 2;
}

void
tf_bisection_lanes (const TfContext   *ctx,
                    TfLaneGraph        lanes,
                    guint              n_board,
                    const TfBoardTopo *bt,
                    TfMetrics         *m)
{
  guint c = bt->chips, n_chip = n_board * c, r = ctx->chip_radix;
  guint64 best = G_MAXUINT64;
  double best_bw = G_MAXDOUBLE;

  for (guint y = n_chip / 2; y <= (n_chip + 1) / 2; y++)
    for (guint order = 0; order < 2; order++)
      {
        guint64 lane, ib;

        if (order == 0)
          {
            /* Board-major: whole boards, then part of one board. */
            guint q = y / c, rho = y % c;

            lane = (guint64) rho * lane_cut (lanes, n_board, q + 1)
                   + (guint64) (c - rho) * lane_cut (lanes, n_board, q);
            ib = tf_board_topo_prefix_cut (bt, rho);
          }
        else
          {
            /* Lane-major: whole lanes across every board, then part of one lane. */
            guint t = y / n_board, sigma = y % n_board;

            lane = lane_cut (lanes, n_board, sigma);
            ib = (guint64) sigma * tf_board_topo_prefix_cut (bt, t + 1)
                 + (guint64) (n_board - sigma) * tf_board_topo_prefix_cut (bt, t);
          }
        best = MIN (best, (lane + ib) * r);
        best_bw = MIN (best_bw, ((double) lane * link_bandwidth (ctx, TF_LINK_B2B)
                                 + (double) ib * link_bandwidth (ctx, TF_LINK_C2C)) * r);
      }

  m->bisection_links = best;
  m->bisection_links_method = c == 1 ? TF_METHOD_CLOSED_FORM : TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth = best_bw;
  m->bisection_bandwidth_method = m->bisection_links_method;
}

void
tf_build_rank_cut (const TfContext *ctx,
                   const TfBuild   *build,
                   const guint32   *rank,
                   guint            y,
                   guint64         *links,
                   double          *bandwidth)
{
  const TfBuildLink *l = (const TfBuildLink *) (const void *) build->links->data;
  guint r = ctx->chip_radix;
  guint64 count = 0;
  double bw = 0;

  for (guint i = 0; i < build->links->len; i++)
    if ((rank[l[i].a] < y) != (rank[l[i].b] < y))
      {
        count += (guint64) l[i].multiplicity * r;
        bw += (double) l[i].multiplicity * r
              * link_bandwidth (ctx, tf_build_link_type (build, l[i].a, l[i].b));
      }
  *links = count;
  *bandwidth = bw;
}

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

static double
exact_split_cost (ExactCut *x,
                  guint32   mask)
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
          if (((mask >> l->a) & 1) != ((mask >> l->b) & 1))
            fixed += x->weight[i];
        }
      else if (a_chip || b_chip)
        {
          guint32 chip = a_chip ? l->a : l->b;
          guint sw = (a_chip ? l->b : l->a) - n_chip;

          if ((mask >> chip) & 1)
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

static double
exact_bisection (const TfNetworkGraph *graph,
                 const TfContext      *ctx,
                 gboolean              use_bandwidth)
{
  guint n = graph->n_chip, n_switch = graph->n_switch, half = n / 2;
  ExactCut x = { graph };
  double best = G_MAXDOUBLE;

  x.flow = tf_flow_new (n_switch + 2);
  x.to_source = g_new (guint, MAX (n_switch, 1));
  x.to_sink = g_new (guint, MAX (n_switch, 1));
  x.weight = g_new (double, MAX (graph->n_links, 1));
  x.cap_a = g_new (double, MAX (n_switch, 1));
  x.cap_b = g_new (double, MAX (n_switch, 1));
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      x.weight[i] = (double) l->multiplicity
                    * (use_bandwidth ? link_bandwidth (ctx, l->type) : 1);
      if (l->a >= n && l->b >= n)
        tf_flow_add_arc (x.flow, l->a - n, l->b - n, x.weight[i], x.weight[i]);
    }
  for (guint sw = 0; sw < n_switch; sw++)
    {
      x.to_source[sw] = tf_flow_add_arc (x.flow, n_switch, sw, 0, 0);
      x.to_sink[sw] = tf_flow_add_arc (x.flow, sw, n_switch + 1, 0, 0);
    }

  /* Every set of half the chips; with an even count, chip 0 stays on side 0 to skip mirrors. */
  for (guint32 mask = 0; mask < (1u << n); mask++)
    {
      double cost;

      if ((guint) __builtin_popcount (mask) != half || (n % 2 == 0 && (mask & 1)))
        continue;
      cost = exact_split_cost (&x, mask);
      best = MIN (best, cost);
    }

  tf_flow_free (x.flow);
  g_free (x.to_source);
  g_free (x.to_sink);
  g_free (x.weight);
  g_free (x.cap_a);
  g_free (x.cap_b);
  return best;
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
