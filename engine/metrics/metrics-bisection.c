/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics-bisection.c: bisection, the fewest links (and least bandwidth) cut by splitting the
 * chips into two halves, switches free to fall on either side (docs/metrics.md).
 *
 * Exact values come from closed forms proven against exhaustive search, or from the exhaustive
 * search itself on small graphs (every balanced chip split, each with a min cut placing the
 * switches: metrics-bisection-graph.c, with the bound on any graph). Everything else is the
 * value of a real cut found by structure plus local search, reported as an upper bound.
 */
#include <stdlib.h>

#include "maxflow-private.h"
#include "metrics-private.h"
#include "placement-private.h"

static double
build_link_bandwidth (const TfLinkSpeeds *speeds,
                      const TfBuild      *build,
                      guint32             a,
                      guint32             b)
{
  TfLinkType type;
  TfReach reach;

  tf_build_link_kind (build, a, b, &type, &reach);
  return tf_link_speed (speeds, type, reach, a < build->n_endpoint || b < build->n_endpoint);
}

void
tf_bisection_star (const TfContext   *ctx,
                   const TfLinkSpeeds *speeds,
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
      guint64 count = (guint64) y * r + ib;
      /* Chip links to a switch inside their rack, board links on the board. */
      double bw = (double) y * r * tf_link_speed (speeds, TF_LINK_B2B, TF_REACH_RACK, TRUE)
                  + (double) ib * speeds->c2c[TF_REACH_BOARD];

      best = MIN (best, count);
      best_bw = MIN (best_bw, bw);
      if (rho == 0)
        exact = TRUE;
    }
  *links = best;
  *bandwidth = best_bw;
  *method = exact ? TF_METHOD_CLOSED_FORM : TF_METHOD_UPPER_BOUND;
}

/* Switch families: structured chip splits, each with a placement of the switches.
 *
 * Chips go to side 1 whole boards first, from the end of the board order (families lay boards
 * out rack by rack and group by group, so the split cuts along the hierarchy). For a fixed chip
 * split, putting the switches where they cut least is a min cut:
 * source = side 0, sink = side 1, a switch's links to side-0 chips an arc from the source and
 * its links to side-1 chips an arc to the sink. On a large build with rotation groups
 * (Dragonfly, Dragonfly+) a max flow per split costs more than a whole enumeration may spend,
 * and a search over the groups takes its place: each group in turn moves to its best placement
 * given the others (a min cut on the group alone), from three starts. Either way the value is
 * that of a real cut. */

/* Passes over the groups before the search settles for what it has. */
#define SEARCH_MAX_PASSES 32u

typedef struct
{
  const TfBuild     *build;
  const TfBoardTopo *bt;
  double            *weight;       /* per link record; per chip for endpoint links */
  double             ib_weight;    /* per physical board link cut */
  double            *cap_source;   /* per switch: its links to side-0 chips */
  double            *cap_sink;     /* per switch: its links to side-1 chips */
  guint32           *x;            /* chips of each endpoint on side 1 */
  guint32           *board_x;      /* endpoints that are chips (rails): chips of each board */

  /* The max flow over every switch */
  TfFlow            *flow;
  guint             *from_source;  /* arc source -> switch */
  guint             *to_sink;      /* arc switch -> sink */
  guint             *switch_arc;   /* arc of each switch-switch link, or G_MAXUINT */

  /* The search over the groups: one group's network, whose links are group 0's (the rotation
   * maps every group's onto them) */
  const TfAdjacency *adj;          /* switches */
  TfAdjacency        own_adj;
  guint8            *side;         /* per switch: 1 on side 1 */
  double            *outside;      /* per switch: its links out of its group */
  double            *outside_1;    /* per switch: those to switches on side 1 */
  TfFlow            *group;
  guint             *group_source;
  guint             *group_sink;
  GArray            *group_arcs;     /* guint pairs: arc, link */
  gboolean           group_clique;   /* every two switches of a group share one link */
  double             clique_weight;  /* > 0: the weight of every link inside a group */
  double            *group_to;       /* per switch of the group: to the source, to the sink */
  guint             *group_order;
  guint8            *group_side;
} SwitchCut;

/* Puts y chips on side 1, whole boards first, from the end of the boards: a partly filled
 * last rack or group lands on side 1 whole. Fills the switches' capacities to each side and
 * returns what the split costs inside the boards. */
static double
place_chips (SwitchCut *sc,
             guint      y)
{
  const TfBuild *build = sc->build;
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  guint n_ep = build->n_endpoint, n_switch = build->switches->len;
  guint c = build->endpoint_board != NULL ? 1 : build->chips_per_board;
  double cost = 0;

  for (guint i = 0; i < n_ep; i++)
    {
      guint board = n_ep - 1 - i;
      guint take = MIN (c, y);

      sc->x[board] = take;
      y -= take;
    }
  memset (sc->cap_source, 0, sizeof (double) * n_switch);
  memset (sc->cap_sink, 0, sizeof (double) * n_switch);
  for (guint i = 0; i < build->links->len; i++)
    {
      guint32 a = links[i].a, b = links[i].b;

      if (a < n_ep && b >= n_ep)
        {
          sc->cap_source[b - n_ep] += sc->weight[i] * (c - sc->x[a]);
          sc->cap_sink[b - n_ep] += sc->weight[i] * sc->x[a];
        }
    }
  /* A board's chips are consecutive endpoints when they are chips: its chips on side 1 are
   * the last of the board, cut from the rest as the first as many are. */
  if (build->endpoint_board != NULL)
    {
      memset (sc->board_x, 0, sizeof (guint32) * build->n_board);
      for (guint e = 0; e < n_ep; e++)
        sc->board_x[build->endpoint_board[e]] += sc->x[e];
      for (guint b = 0; b < build->n_board; b++)
        cost += sc->ib_weight * (double) tf_board_topo_prefix_cut (sc->bt, sc->board_x[b]);
    }
  else
    for (guint e = 0; e < n_ep; e++)
      cost += sc->ib_weight * (double) tf_board_topo_prefix_cut (sc->bt, sc->x[e]);
  return cost;
}

/* The max flow */

static void
flow_init (SwitchCut *sc,
           guint      n_switch_links)
{
  const TfBuild *build = sc->build;
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  guint n_ep = build->n_endpoint, n_switch = build->switches->len;

  sc->flow = tf_flow_new (n_switch + 2);
  tf_flow_reserve (sc->flow, n_switch_links + 2 * n_switch);
  sc->from_source = g_new (guint, MAX (n_switch, 1));
  sc->to_sink = g_new (guint, MAX (n_switch, 1));
  sc->switch_arc = g_new (guint, MAX (build->links->len, 1));
  for (guint i = 0; i < build->links->len; i++)
    sc->switch_arc[i] = links[i].a < n_ep ? G_MAXUINT
                                          : tf_flow_add_arc (sc->flow, links[i].a - n_ep,
                                                             links[i].b - n_ep, 0, 0);
  for (guint sw = 0; sw < n_switch; sw++)
    {
      sc->from_source[sw] = tf_flow_add_arc (sc->flow, n_switch, sw, 0, 0);
      sc->to_sink[sw] = tf_flow_add_arc (sc->flow, sw, n_switch + 1, 0, 0);
    }
}

static double
flow_placement (SwitchCut *sc)
{
  guint n_switch = sc->build->switches->len;

  for (guint i = 0; i < sc->build->links->len; i++)
    if (sc->switch_arc[i] != G_MAXUINT)
      tf_flow_set_capacity (sc->flow, sc->switch_arc[i], sc->weight[i], sc->weight[i]);
  for (guint sw = 0; sw < n_switch; sw++)
    {
      tf_flow_set_capacity (sc->flow, sc->from_source[sw], sc->cap_source[sw], 0);
      tf_flow_set_capacity (sc->flow, sc->to_sink[sw], sc->cap_sink[sw], 0);
    }
  tf_flow_reset (sc->flow);
  return tf_flow_max (sc->flow, n_switch, n_switch + 1, G_MAXDOUBLE);
}

/* The search over the groups */

static void
search_init (SwitchCut *sc)
{
  const TfBuild *build = sc->build;
  guint w = build->group_switches;
  g_autofree guint8 *linked = NULL;
  guint64 n_pairs;

  if (sc->adj == NULL)
    {
      tf_build_switch_adjacency (build, &sc->own_adj);
      sc->adj = &sc->own_adj;
    }
  sc->side = g_new (guint8, MAX (build->switches->len, 1));
  sc->outside = g_new (double, MAX (build->switches->len, 1));
  sc->outside_1 = g_new (double, MAX (build->switches->len, 1));
  sc->group = tf_flow_new (w + 2);
  sc->group_source = g_new (guint, w);
  sc->group_sink = g_new (guint, w);
  sc->group_side = g_new (guint8, w + 2);
  sc->group_to = g_new (double, 2 * w);
  sc->group_order = g_new (guint, w);
  sc->group_arcs = g_array_new (FALSE, FALSE, sizeof (guint));
  linked = g_new0 (guint8, (gsize) w * w);
  n_pairs = 0;
  for (guint k = 0; k < w; k++)
    for (guint e = sc->adj->offset[k]; e < sc->adj->offset[k + 1]; e++)
      {
        guint32 t = sc->adj->target[e];

        if (t < w && t > k)
          {
            guint arc = tf_flow_add_arc (sc->group, k, t, 0, 0);

            g_array_append_val (sc->group_arcs, arc);
            g_array_append_val (sc->group_arcs, sc->adj->link[e]);
            n_pairs += !linked[k * w + t];
            linked[k * w + t] = 1;
          }
      }
  for (guint k = 0; k < w; k++)
    {
      sc->group_source[k] = tf_flow_add_arc (sc->group, w, k, 0, 0);
      sc->group_sink[k] = tf_flow_add_arc (sc->group, k, w + 1, 0, 0);
    }
  /* Sorting stands for the flow when every pair has exactly one link. */
  sc->group_clique = n_pairs == (guint64) w * (w - 1) / 2
                     && sc->group_arcs->len / 2 == n_pairs;
}

/* The best split of a group whose every two switches share a link of weight @w, given what
 * each switch cuts on side 1 (its links to side 0) and on side 0: for t switches on side 1 the
 * group's links cut t (n - t) w whichever they are, so the best t are those that gain most by
 * going. Returns the cut and fills @side. */
static double
clique_placement (SwitchCut *sc,
                  guint      n,
                  double     w,
                  guint8    *side)
{
  const double *to_source = sc->group_to, *to_sink = sc->group_to + n;
  guint *order = sc->group_order, best_t = 0;
  double base = 0, prefix = 0, best;

  for (guint k = 0; k < n; k++)
    {
      guint i = k;
      double d = to_source[k] - to_sink[k];

      /* Insertion sort by what going to side 1 adds: groups are small. */
      while (i > 0 && to_source[order[i - 1]] - to_sink[order[i - 1]] > d)
        {
          order[i] = order[i - 1];
          i--;
        }
      order[i] = k;
      base += to_sink[k];
    }
  best = base;
  for (guint t = 1; t <= n; t++)
    {
      double cost;

      prefix += to_source[order[t - 1]] - to_sink[order[t - 1]];
      cost = base + prefix + (double) t * (n - t) * w;
      if (cost < best)
        {
          best = cost;
          best_t = t;
        }
    }
  for (guint i = 0; i < n; i++)
    side[order[i]] = i < best_t;
  return best;
}

/* The cut of the current placement. */
static double
search_cost (SwitchCut *sc)
{
  const TfBuild *build = sc->build;
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  guint n_ep = build->n_endpoint;
  double cost = 0;

  for (guint sw = 0; sw < build->switches->len; sw++)
    cost += sc->side[sw] ? sc->cap_source[sw] : sc->cap_sink[sw];
  for (guint i = 0; i < build->links->len; i++)
    if (links[i].a >= n_ep && sc->side[links[i].a - n_ep] != sc->side[links[i].b - n_ep])
      cost += sc->weight[i];
  return cost;
}

/* Moves group @g to its best placement given the others, marks the groups whose switches see
 * a switch that moved, and returns how much the cut changed (never more than 0). */
static double
search_group (SwitchCut *sc,
              guint      g,
              guint8    *dirty)
{
  guint w = sc->build->group_switches, first = g * w, on_1 = 0;
  const guint *pairs = (const guint *) (const void *) sc->group_arcs->data;
  double *to_source = sc->group_to, *to_sink = sc->group_to + w;
  double before = 0, after;

  for (guint k = 0; k < w; k++)
    {
      guint sw = first + k;

      to_source[k] = sc->cap_source[sw] + sc->outside[sw] - sc->outside_1[sw];
      to_sink[k] = sc->cap_sink[sw] + sc->outside_1[sw];
      before += sc->side[sw] ? to_source[k] : to_sink[k];
      on_1 += sc->side[sw];
    }

  if (sc->clique_weight > 0)
    {
      before += (double) on_1 * (w - on_1) * sc->clique_weight;
      after = clique_placement (sc, w, sc->clique_weight, sc->group_side);
    }
  else
    {
      for (guint i = 0; i < sc->group_arcs->len; i += 2)
        {
          guint a, b;

          tf_flow_get_ends (sc->group, pairs[i], &a, &b);
          if (sc->side[first + a] != sc->side[first + b])
            before += sc->weight[pairs[i + 1]];
        }
      for (guint k = 0; k < w; k++)
        {
          tf_flow_set_capacity (sc->group, sc->group_source[k], to_source[k], 0);
          tf_flow_set_capacity (sc->group, sc->group_sink[k], to_sink[k], 0);
        }
      tf_flow_reset (sc->group);
      after = tf_flow_max (sc->group, w, w + 1, G_MAXDOUBLE);
      tf_flow_source_side (sc->group, w, sc->group_side);
      for (guint k = 0; k < w; k++)
        sc->group_side[k] = !sc->group_side[k];
    }
  /* Ties keep the placement: only a strictly cheaper one moves switches. */
  if (after >= before)
    return 0;
  for (guint k = 0; k < w; k++)
    {
      guint sw = first + k;

      if (sc->group_side[k] == sc->side[sw])
        continue;
      sc->side[sw] = sc->group_side[k];
      for (guint e = sc->adj->offset[sw]; e < sc->adj->offset[sw + 1]; e++)
        {
          guint32 t = sc->adj->target[e];

          if (t - first < w)
            continue;
          sc->outside_1[t] += sc->side[sw] ? sc->weight[sc->adj->link[e]]
                                           : -sc->weight[sc->adj->link[e]];
          dirty[t / w] = 1;
        }
    }
  return after - before;
}

/* Starts: each switch with its boards (a switch without boards with the neighbours that have
 * some), every switch on side 0, every switch on side 1. Fills what each switch sees of side 1
 * outside its group. */
static void
search_start (SwitchCut *sc,
              guint      start)
{
  guint n_switch = sc->build->switches->len, w = sc->build->group_switches;

  for (guint sw = 0; sw < n_switch; sw++)
    sc->side[sw] = start == 0 ? sc->cap_sink[sw] > sc->cap_source[sw] : start == 2;
  if (start != 0)
    {
      for (guint sw = 0; sw < n_switch; sw++)
        sc->outside_1[sw] = start == 2 ? sc->outside[sw] : 0;
      return;
    }
  for (guint sw = 0; sw < n_switch; sw++)
    if (sc->cap_source[sw] == 0 && sc->cap_sink[sw] == 0)
      {
        double to[2] = { 0, 0 };

        for (guint e = sc->adj->offset[sw]; e < sc->adj->offset[sw + 1]; e++)
          {
            guint32 t = sc->adj->target[e];

            if (sc->cap_source[t] != 0 || sc->cap_sink[t] != 0)
              to[sc->side[t]] += sc->weight[sc->adj->link[e]];
          }
        sc->side[sw] = to[1] > to[0];
      }
  for (guint sw = 0; sw < n_switch; sw++)
    {
      guint first = sw - sw % w;

      sc->outside_1[sw] = 0;
      for (guint e = sc->adj->offset[sw]; e < sc->adj->offset[sw + 1]; e++)
        if (sc->adj->target[e] - first >= w && sc->side[sc->adj->target[e]])
          sc->outside_1[sw] += sc->weight[sc->adj->link[e]];
    }
}

static double
search_placement (SwitchCut *sc)
{
  guint n_group = sc->build->n_group, w = sc->build->group_switches;
  const guint *pairs = (const guint *) (const void *) sc->group_arcs->data;
  g_autofree guint8 *dirty = g_new (guint8, n_group);
  double best = G_MAXDOUBLE;

  sc->clique_weight = sc->group_clique && sc->group_arcs->len > 0
                      ? sc->weight[pairs[1]] : 0;
  for (guint i = 0; i < sc->group_arcs->len; i += 2)
    {
      tf_flow_set_capacity (sc->group, pairs[i], sc->weight[pairs[i + 1]],
                            sc->weight[pairs[i + 1]]);
      if (sc->weight[pairs[i + 1]] != sc->clique_weight)
        sc->clique_weight = 0;
    }
  for (guint sw = 0; sw < sc->build->switches->len; sw++)
    {
      guint first = sw - sw % w;

      sc->outside[sw] = 0;
      for (guint e = sc->adj->offset[sw]; e < sc->adj->offset[sw + 1]; e++)
        if (sc->adj->target[e] - first >= w)
          sc->outside[sw] += sc->weight[sc->adj->link[e]];
    }

  for (guint start = 0; start < 3; start++)
    {
      gboolean moved = TRUE, moved_any = FALSE;
      double cost = 0;

      search_start (sc, start);
      memset (dirty, 1, n_group);
      /* Each step costs no more than the last, and ties never move a switch, so the search
       * ends; the pass limit only bounds its time. */
      for (guint pass = 0; pass < SEARCH_MAX_PASSES && moved; pass++)
        {
          moved = FALSE;
          for (guint g = 0; g < n_group; g++)
            if (dirty[g])
              {
                dirty[g] = 0;
                moved |= search_group (sc, g, dirty) < 0;
              }
          moved_any |= moved;
        }
      /* The placement's own cut, not the sum of the steps' gains, so no rounding creeps in;
       * switches that all stayed on one side cut no link between them. */
      if (moved_any || start == 0)
        cost = search_cost (sc);
      else
        for (guint sw = 0; sw < sc->build->switches->len; sw++)
          cost += start == 2 ? sc->cap_source[sw] : sc->cap_sink[sw];
      best = MIN (best, cost);
    }
  return best;
}

static double
best_switch_cut (SwitchCut *sc,
                 guint      n_chip)
{
  double best = G_MAXDOUBLE;

  for (guint y = n_chip / 2; y <= (n_chip + 1) / 2; y++)
    {
      double cost = place_chips (sc, y);

      cost += sc->flow != NULL ? flow_placement (sc) : search_placement (sc);
      best = MIN (best, cost);
    }
  return best;
}

void
tf_bisection_switch_family (const TfContext   *ctx,
                            const TfLinkSpeeds *speeds,
                            const TfBuild     *build,
                            const TfAdjacency *switches,
                            const TfBoardTopo *bt,
                            TfMetrics         *m)
{
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  guint n_ep = build->n_endpoint, n_switch = build->switches->len;
  guint n_links = build->links->len, n_switch_links = 0;
  guint n_chip = build->endpoint_board != NULL ? n_ep : n_ep * build->chips_per_board;
  /* A chip's link and a switch-switch link carry the lanes tf_family_build gave them (a board
   * port's, family-private.h). */
  double chip_lanes = (double) build->chip_lanes, lanes = (double) build->port_lanes;
  g_autofree double *bandwidth = g_new (double, MAX (n_links, 1));
  guint64 star_links;
  double star_bw, best_links, best_bw;
  TfMethod star_method;
  SwitchCut sc = { build, bt };

  sc.adj = switches;

  sc.weight = g_new (double, MAX (n_links, 1));
  sc.cap_source = g_new (double, MAX (n_switch, 1));
  sc.cap_sink = g_new (double, MAX (n_switch, 1));
  sc.x = g_new0 (guint32, MAX (n_ep, 1));
  if (build->endpoint_board != NULL)
    sc.board_x = g_new0 (guint32, MAX (build->n_board, 1));
  for (guint i = 0; i < n_links; i++)
    {
      gboolean chip_link = links[i].a < n_ep;

      TfLinkType type;
      TfReach reach;

      tf_build_link_kind (build, links[i].a, links[i].b, &type, &reach);
      sc.weight[i] = (double) links[i].multiplicity * (chip_link ? chip_lanes : lanes);
      bandwidth[i] = sc.weight[i] * tf_link_speed (speeds, type, reach, chip_link);
      n_switch_links += !chip_link;
    }
  if (build->n_group >= 2 && n_switch_links > TF_BISECTION_FLOW_MAX_SWITCH_LINKS)
    search_init (&sc);
  else
    flow_init (&sc, n_switch_links);

  sc.ib_weight = 1;
  best_links = best_switch_cut (&sc, n_chip);
  memcpy (sc.weight, bandwidth, sizeof (double) * n_links);
  sc.ib_weight = speeds->c2c[TF_REACH_BOARD];
  best_bw = best_switch_cut (&sc, n_chip);

  tf_bisection_star (ctx, speeds, n_chip, bt, &star_links, &star_bw, &star_method);
  m->bisection_links = (guint64) (MIN ((double) star_links, best_links) + 0.5);
  m->bisection_links_method = TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth = MIN (star_bw, best_bw);
  m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;

  tf_flow_free (sc.flow);
  g_free (sc.from_source);
  g_free (sc.to_sink);
  g_free (sc.switch_arc);
  if (sc.adj == &sc.own_adj)
    tf_adjacency_clear (&sc.own_adj);
  g_free (sc.side);
  g_free (sc.outside);
  g_free (sc.outside_1);
  tf_flow_free (sc.group);
  g_free (sc.group_source);
  g_free (sc.group_sink);
  g_free (sc.group_side);
  g_free (sc.group_to);
  g_free (sc.group_order);
  if (sc.group_arcs != NULL)
    g_array_unref (sc.group_arcs);
  g_free (sc.weight);
  g_free (sc.cap_source);
  g_free (sc.cap_sink);
  g_free (sc.x);
  g_free (sc.board_x);
}

/* Direct families of boards linked lane by lane */

/* Lane links a split of boards at @x cuts, by reach, and their bandwidth. */
static guint64
lane_cut (const TfContext *ctx,
          const TfLinkSpeeds *speeds,
          const TfRuns    *runs,
          TfLaneGraph      lanes,
          guint64          x,
          double          *bandwidth)
{
  guint64 per_reach[TF_N_REACHES] = { 0 }, total = 0;

  tf_runs_cut (runs, lanes == TF_LANES_COMPLETE, x, per_reach);
  *bandwidth = 0;
  for (guint reach = 0; reach < TF_N_REACHES; reach++)
    {
      total += per_reach[reach];
      *bandwidth += (double) per_reach[reach] * speeds->c2c[reach];
    }
  return total;
}

void
tf_bisection_lanes (const TfContext   *ctx,
                    const TfLinkSpeeds *speeds,
                    TfLaneGraph        lanes,
                    const TfRuns      *runs,
                    const TfBoardTopo *bt,
                    TfMetrics         *m)
{
  guint c = bt->chips, n_board = (guint) runs->n_board, n_chip = n_board * c;
  guint r = ctx->chip_radix;
  guint64 best = G_MAXUINT64;
  double best_bw = G_MAXDOUBLE, board_bw = speeds->c2c[TF_REACH_BOARD];

  for (guint y = n_chip / 2; y <= (n_chip + 1) / 2; y++)
    for (guint order = 0; order < 2; order++)
      {
        guint64 lane, ib;
        double lane_bw;

        if (order == 0)
          {
            /* Board-major: whole boards, then part of one board. */
            guint q = y / c, rho = y % c;
            double bw_more, bw_less;

            lane = (guint64) rho * lane_cut (ctx, speeds, runs, lanes, q + 1, &bw_more)
                   + (guint64) (c - rho) * lane_cut (ctx, speeds, runs, lanes, q, &bw_less);
            lane_bw = rho * bw_more + (c - rho) * bw_less;
            ib = tf_board_topo_prefix_cut (bt, rho);
          }
        else
          {
            /* Lane-major: whole lanes across every board, then part of one lane. */
            guint t = y / n_board, sigma = y % n_board;

            lane = lane_cut (ctx, speeds, runs, lanes, sigma, &lane_bw);
            ib = (guint64) sigma * tf_board_topo_prefix_cut (bt, t + 1)
                 + (guint64) (n_board - sigma) * tf_board_topo_prefix_cut (bt, t);
          }
        best = MIN (best, lane * r + ib);
        best_bw = MIN (best_bw, lane_bw * r + (double) ib * board_bw);
      }

  m->bisection_links = best;
  m->bisection_links_method = c == 1 ? TF_METHOD_CLOSED_FORM : TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth = best_bw;
  m->bisection_bandwidth_method = m->bisection_links_method;
}

void
tf_build_rank_cut (const TfContext *ctx,
                   const TfLinkSpeeds *speeds,
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
        bw += (double) l[i].multiplicity * r * build_link_bandwidth (speeds, build, l[i].a, l[i].b);
      }
  *links = count;
  *bandwidth = bw;
}

/* Torus prefix cuts. Among the first y chips in lexicographic order, the most significant
 * dimension holds q = y / plane full hyperplanes and a prefix of y mod plane chips in the next;
 * along that dimension every line holds the arc {0 .. q} or {0 .. q - 1}, and the remaining
 * dimensions' links are cut only inside the partly filled hyperplane, a torus of one dimension
 * less cut by the same rule. */

/* Adds to @per_reach the links of @lines rings of @s chips cut by the arc {0 .. j - 1}: the
 * link j - 1 -> j and the wrap-around s - 1 -> 0 (a 2-long dimension has one link, not two),
 * each by the containers it leaves (@unit: coordinates a board, a rack, a pod span). */
static void
ring_arc_cut (guint          s,
              const guint32  unit[3],
              guint64        j,
              guint64        lines,
              guint64        per_reach[TF_N_REACHES])
{
  if (j == 0 || j >= s)
    return;
  per_reach[tf_ring_link_reach (s, unit, (guint) j - 1)] += lines;
  if (s >= 3)
    per_reach[tf_ring_link_reach (s, unit, s - 1)] += lines;
}

void
tf_torus_prefix_cut (const TfContext *ctx,
                     const TfLinkSpeeds *speeds,
                     guint            n_dims,
                     const guint32   *size,
                     const guint32  (*unit)[3],
                     const guint     *order,
                     guint64          y,
                     guint64         *links,
                     double          *bandwidth)
{
  guint64 n = 1, per_reach[TF_N_REACHES] = { 0 }, total = 0;
  guint r = ctx->chip_radix;
  double bw = 0;

  for (guint k = 0; k < n_dims; k++)
    n *= size[k];
  g_return_if_fail (y <= n);

  for (guint k = 0; k < n_dims; k++)
    {
      guint d = order[k], s = size[d];
      guint64 plane = n / s, q = y / plane, rest = y % plane;

      ring_arc_cut (s, unit[d], q + 1, rest, per_reach);
      ring_arc_cut (s, unit[d], q, plane - rest, per_reach);
      y = rest;
      n = plane;
    }
  for (guint reach = 0; reach < TF_N_REACHES; reach++)
    {
      total += per_reach[reach];
      bw += (double) per_reach[reach] * speeds->c2c[reach];
    }
  *links = total * r;
  *bandwidth = bw * r;
}

guint64
tf_hamming_prefix_cut (guint            n_dims,
                       const guint32   *size,
                       const guint32  (*unit)[2],
                       const guint     *order,
                       guint64          y,
                       guint64          per_reach[TF_N_REACHES])
{
  guint64 n = 1, cut = 0;

  for (guint k = 0; k < n_dims; k++)
    n *= size[k];
  g_return_val_if_fail (y <= n, 0);

  /* As for the torus: full hyperplanes, then a prefix of the next; a line holding j of its
   * S nodes cuts j (S - j) of its links, those inside a rack's (or a pod's) stretch of the
   * line being the pairs of the one stretch the boundary j falls in. */
  for (guint k = 0; k < n_dims; k++)
    {
      guint d = order[k];
      guint64 s = size[d], plane = n / s, q = y / plane, rest = y % plane;
      const guint64 j[2] = { q + 1, q }, lines[2] = { rest, plane - rest };

      for (guint side = 0; side < 2; side++)
        {
          guint64 pairs = j[side] < s ? j[side] * (s - j[side]) : 0;
          guint64 rack = 0, pod = 0;

          if (pairs == 0 || lines[side] == 0)
            continue;
          cut += lines[side] * pairs;
          if (unit != NULL)
            {
              rack = tf_split_pairs (s, unit[d][0], j[side]);
              pod = tf_split_pairs (s, unit[d][1], j[side]);
            }
          else
            rack = pod = pairs;
          if (per_reach != NULL)
            {
              per_reach[TF_REACH_RACK] += lines[side] * rack;
              per_reach[TF_REACH_POD] += lines[side] * (pod - rack);
              per_reach[TF_REACH_DATACENTER] += lines[side] * (pairs - pod);
            }
        }
      y = rest;
      n = plane;
    }
  return cut;
}
