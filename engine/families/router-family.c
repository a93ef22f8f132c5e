/* SPDX-License-Identifier: GPL-3.0-or-later */
/* router-family.c: the families of one router graph with boards spread over it
 * (router-family-private.h): Slim Fly and PolarFly. */
#include "router-family-private.h"
#include "metrics-private.h"
#include "placement-private.h"

static const TfWarning warning_unbalanced_endpoints = {
  "unbalanced-endpoints",
  N_("unbalanced endpoints"),
  N_("A router hosts more boards than half its network ports, the balance Slim Fly and PolarFly are built for (p = ceil (k' / 2)): its links to other routers are oversubscribed.")
};

/* Boards a router's rail group hosts: groups take boards in order and evenly, so the first
 * board of group g is ceil (g n / G). */
static guint
first_board (guint g,
             guint n_group,
             guint n_endpoint)
{
  return (guint) (((guint64) g * n_endpoint + n_group - 1) / n_group);
}

static guint
board_group (guint e,
             guint n_group,
             guint n_endpoint)
{
  return (guint) ((guint64) e * n_group / n_endpoint);
}

gboolean
tf_router_family_check (const TfRouterKind *kind,
                        const TfContext    *ctx,
                        TfResult           *result,
                        GString            *why)
{
  TfRouterParams d;
  guint c, rails, n_group, p, k, balance;

  TF_PARAMS_GET (&result->params, TfRouterParams, &d);
  if (d.q < 2 || d.q > kind->q_max)
    return tf_reject (why, "q = %u: q must be from 2 to %u", d.q, kind->q_max);
  if (!kind->q_check (d.q, why))
    return FALSE;
  if (d.n_endpoint < 1 || ctx->n_chip % d.n_endpoint != 0)
    return tf_reject (why, "n_endpoint = %u must divide n_chip = %u", d.n_endpoint,
                      ctx->n_chip);
  if (d.n_endpoint < 2)
    return tf_reject (why, "n_endpoint = 1: one board needs no network of routers");
  c = ctx->n_chip / d.n_endpoint;
  if (!tf_attachment_check (&d.at, ctx, c, why))
    return FALSE;
  rails = tf_attachment_rails (&d.at, c);
  if (rails > 1 && ctx->intra_board_topo != TF_INTRA_BOARD_NONE)
    return tf_reject (why, "attach=rail: %s takes rails only with intra_board_topo none (a "
                      "board's own links between routers are not measured)", kind->family);
  if (kind->n_router (d.q) % rails != 0)
    return tf_reject (why, "attach=rail: C_board = %u must divide the %u routers", rails,
                      kind->n_router (d.q));
  n_group = kind->n_router (d.q) / rails;
  if (d.n_endpoint < n_group)
    return tf_reject (why, "n_endpoint = %u: fewer boards than the %u %s, so some router would "
                      "host none (a smaller q fits)", d.n_endpoint, n_group,
                      rails > 1 ? "rail groups" : "routers");
  p = first_board (1, n_group, d.n_endpoint);
  if (d.p != p)
    return tf_reject (why, "p = %u: the most boards a %s hosts is ceil (n_endpoint / %u) = %u",
                      d.p, rails > 1 ? "rail group" : "router", n_group, p);
  k = kind->degree_max (d.q);
  if (p > k)
    return tf_reject (why, "p = %u: more boards a router than its %u network ports", p, k);

  result->n_endpoint = d.n_endpoint;
  result->chips_per_board = c;
  if (d.n_endpoint < ctx->warning_thresholds[kind->min_endpoints])
    tf_result_add_warning (result, &tf_warning_degenerate);
  balance = (k + 1) / 2;
  if (p > balance)
    tf_result_add_warning (result, &warning_unbalanced_endpoints);
  else if (2 * p < balance)
    tf_result_add_warning (result, &tf_warning_over_engineered);
  /* A router's p boards share its rack. */
  if (p > ctx->boards_per_rack_max)
    tf_result_add_warning (result, &tf_warning_rack_overflow);
  tf_result_check_rack_power (ctx, result, p);
  return TRUE;
}

typedef struct
{
  const TfRouterKind *kind;
  const TfContext    *ctx;
  TfParamsVisitor     visit;
  gpointer            data;
  guint               q;
} Walk;

static gboolean
walk_attachment (guint               n_endpoint,
                 const TfAttachment *at,
                 gpointer            data)
{
  Walk *w = data;
  guint c = w->ctx->n_chip / n_endpoint, rails = tf_attachment_rails (at, c);
  guint n_group = w->kind->n_router (w->q) / rails;
  TfRouterParams d = { w->q, 0, n_endpoint, *at };
  TfParams params;

  if (w->kind->n_router (w->q) % rails != 0 || n_endpoint < MAX (n_group, 2))
    return TRUE;
  d.p = first_board (1, n_group, n_endpoint);
  if (d.p > w->kind->degree_max (w->q))
    return TRUE;
  TF_PARAMS_SET (&params, TfRouterParams, &d);
  return w->visit (&params, w->data);
}

gboolean
tf_router_family_walk (const TfRouterKind *kind,
                       const TfContext    *ctx,
                       TfParamsVisitor     visit,
                       gpointer            data)
{
  Walk w = { kind, ctx, visit, data };

  for (w.q = 2; w.q <= kind->q_max; w.q++)
    if (kind->q_check (w.q, NULL) && kind->n_router (w.q) <= ctx->n_chip
        && !tf_attachment_foreach_boards (ctx, walk_attachment, &w))
      return FALSE;
  return TRUE;
}

void
tf_router_family_attrs (const TfRouterKind *kind,
                        const TfResult     *result,
                        TfAttrs            *attrs)
{
  TfRouterParams d;

  TF_PARAMS_GET (&result->params, TfRouterParams, &d);
  tf_attrs_add_int (attrs, "q", d.q);
  tf_attrs_add_int (attrs, "p", d.p);
  tf_attrs_add_int (attrs, "routers", kind->n_router (d.q));
  tf_attrs_add_int (attrs, "degree", kind->degree_max (d.q));
  tf_attachment_attrs (&d.at, result->chips_per_board, attrs);
}

void
tf_router_family_attachment (const TfResult *result,
                             TfAttachment   *at)
{
  TfRouterParams d;

  TF_PARAMS_GET (&result->params, TfRouterParams, &d);
  *at = d.at;
}

/* Where a result's parts stand. Rail groups fill racks in order, each with its boards: a rack
 * takes the next group while its boards fit (by count and by power), so a router and the boards
 * it hosts share a rack, and a group whose p boards alone are more than a rack holds has a rack
 * of its own (rack-overflow, rack-power-overflow). Racks fill pods in runs. */
typedef struct
{
  TfRouterParams d;
  guint          rails, n_group, n_rack, n_pod, racks_per_pod;
  guint32       *group_rack;
  guint32       *rack_routers;   /* routers a rack holds */
  guint32       *pod_end;        /* the first router after each pod */
} Placement;

static void
placement_init (Placement          *pl,
                const TfRouterKind *kind,
                const TfContext    *ctx,
                const TfResult     *result)
{
  guint per_rack = tf_result_boards_per_rack (ctx, result), used = 0;

  TF_PARAMS_GET (&result->params, TfRouterParams, &pl->d);
  pl->rails = tf_attachment_rails (&pl->d.at, result->chips_per_board);
  pl->n_group = kind->n_router (pl->d.q) / pl->rails;
  pl->group_rack = g_new (guint32, pl->n_group);
  pl->n_rack = 0;
  for (guint g = 0; g < pl->n_group; g++)
    {
      guint boards = first_board (g + 1, pl->n_group, pl->d.n_endpoint)
                     - first_board (g, pl->n_group, pl->d.n_endpoint);

      if (pl->n_rack == 0 || used + boards > per_rack)
        {
          pl->n_rack++;
          used = 0;
        }
      used += boards;
      pl->group_rack[g] = pl->n_rack - 1;
    }
  pl->racks_per_pod = MIN (pl->n_rack, ctx->racks_per_pod_max);
  pl->n_pod = tf_pack_count (pl->n_rack, pl->racks_per_pod);
  pl->rack_routers = g_new0 (guint32, pl->n_rack);
  pl->pod_end = g_new0 (guint32, pl->n_pod);
  for (guint g = 0; g < pl->n_group; g++)
    {
      pl->rack_routers[pl->group_rack[g]] += pl->rails;
      pl->pod_end[pl->group_rack[g] / pl->racks_per_pod] = (g + 1) * pl->rails;
    }
}

static void
placement_clear (Placement *pl)
{
  g_clear_pointer (&pl->group_rack, g_free);
  g_clear_pointer (&pl->rack_routers, g_free);
  g_clear_pointer (&pl->pod_end, g_free);
}

static guint
router_rack (const Placement *pl,
             guint            r)
{
  return pl->group_rack[r / pl->rails];
}

/* A chip's chip_radix links go to its router (planes share them), in its rack; a router link is
 * a rack's when both routers stand in one rack, a pod's between racks of a pod, else the
 * datacenter's; each plane has them all. */
void
tf_router_family_count (const TfRouterKind *kind,
                        const TfContext    *ctx,
                        const TfResult     *result,
                        TfMetrics          *m)
{
  Placement pl;
  const TfDiameterTwoGraph *g;
  guint64 lanes = tf_result_lanes (ctx, result), by[3] = { 0, 0, 0 }, n;

  placement_init (&pl, kind, ctx, result);
  g = kind->graph (pl.d.q);
  n = lanes * pl.d.at.planes;
  /* Racks (and pods) are runs of routers: a router's links to higher routers, in order, fall
   * in its rack up to the rack's end, then in its pod up to the pod's end. */
  for (guint r = 0, rack_end = 0, pod_end = 0; r < g->n_router; r++)
    {
      const guint32 *to = &g_array_index (g->edges, guint32, 0);
      guint lo = g->upper[r], hi = g->upper[r + 1], in_rack, in_pod;

      while (rack_end <= r)
        rack_end += pl.rack_routers[router_rack (&pl, rack_end)];
      while (pod_end <= r)
        pod_end = pl.pod_end[router_rack (&pl, pod_end) / pl.racks_per_pod];
      for (in_rack = lo; in_rack < hi && to[2 * in_rack + 1] < rack_end; in_rack++)
        ;
      for (in_pod = in_rack; in_pod < hi && to[2 * in_pod + 1] < pod_end; in_pod++)
        ;
      by[0] += in_rack - lo;
      by[1] += in_pod - in_rack;
      by[2] += hi - in_pod;
    }
  tf_metrics_add_links (m, TF_LINK_B2B, TF_REACH_RACK,
                        (guint64) ctx->n_chip * ctx->chip_radix + by[0] * n);
  tf_metrics_add_links (m, TF_LINK_R2R, TF_REACH_POD, by[1] * n);
  tf_metrics_add_links (m, TF_LINK_P2P, TF_REACH_DATACENTER, by[2] * n);
  m->switch_count = (guint64) g->n_router * pl.d.at.planes;
  m->links_per_chip_min = m->links_per_chip_max = ctx->chip_radix;
  placement_clear (&pl);
}

guint64
tf_router_family_switch_ports (const TfRouterKind *kind,
                               const TfContext    *ctx,
                               const TfResult     *result)
{
  TfRouterParams d;
  guint c = result->chips_per_board, rails, n_group;
  guint64 most = 0;

  TF_PARAMS_GET (&result->params, TfRouterParams, &d);
  rails = tf_attachment_rails (&d.at, c);
  n_group = kind->n_router (d.q) / rails;
  for (guint r = 0; r < kind->n_router (d.q); r++)
    {
      guint group = r / rails;
      guint hosted = first_board (group + 1, n_group, d.n_endpoint)
                     - first_board (group, n_group, d.n_endpoint);

      most = MAX (most, (guint64) hosted + kind->degree (d.q, r));
    }
  return most;
}

gboolean
tf_router_family_build (const TfRouterKind *kind,
                        const TfContext    *ctx,
                        const TfResult     *result,
                        TfBuild            *b,
                        GError            **error)
{
  Placement pl;
  const TfDiameterTwoGraph *g;
  guint c = result->chips_per_board, n_ep, planes;

  placement_init (&pl, kind, ctx, result);
  g = kind->graph (pl.d.q);
  planes = pl.d.at.planes;
  n_ep = tf_attachment_n_endpoint (&pl.d.at, pl.d.n_endpoint, c);
  tf_build_set_shape (b, n_ep, c, pl.d.n_endpoint, pl.n_rack, pl.n_pod);
  tf_attachment_set_endpoint_boards (&pl.d.at, b);
  for (guint e = 0; e < pl.d.n_endpoint; e++)
    b->board_rack[e] = pl.group_rack[board_group (e, pl.n_group, pl.d.n_endpoint)];
  for (guint k = 0; k < pl.n_rack; k++)
    b->rack_pod[k] = k / pl.racks_per_pod;
  tf_build_reserve (b, g->n_router * planes, (n_ep + g->edges->len) * planes);
  for (guint q = 0; q < planes; q++)
    {
      char pre[16];

      tf_attachment_plane_prefix (&pl.d.at, q, pre);
      for (guint r = 0; r < g->n_router; r++)
        tf_build_add_switch (b, TF_TIER_RACK, router_rack (&pl, r), "%srouter%u", pre, r);
    }
  /* A board, or with rails chip j of a board, on its group's router (j), in every plane. */
  for (guint e = 0; e < n_ep; e++)
    {
      guint board = pl.rails > 1 ? e / c : e;
      guint router = board_group (board, pl.n_group, pl.d.n_endpoint) * pl.rails
                     + (pl.rails > 1 ? e % c : 0);

      for (guint q = 0; q < planes; q++)
        tf_build_add_link (b, e, tf_build_switch_node (b, q * g->n_router + router), 1);
    }
  for (guint q = 0; q < planes; q++)
    for (guint i = 0; i < g->edges->len; i++)
      tf_build_add_link (b,
                         tf_build_switch_node (b, q * g->n_router
                                                  + g_array_index (g->edges, guint32, 2 * i)),
                         tf_build_switch_node (b, q * g->n_router
                                                  + g_array_index (g->edges, guint32, 2 * i + 1)),
                         1);
  placement_clear (&pl);
  return TRUE;
}

/* An upper bound on the bisection, the value of a real cut: the first half of the chips (in
 * board order) against the rest, each router on the side of most of the chips it hosts (the
 * first side on a tie), the same in every plane. Links: a chip's to a router across the cut,
 * router links across it, each with its lanes and planes, and the board's own links across it
 * when the half falls inside a board. */
static void
in_order_cut (const TfRouterKind *kind,
              const TfContext    *ctx,
              const TfResult     *result,
              const Placement    *pl,
              const TfDiameterTwoGraph *g,
              const TfBoardTopo  *bt,
              const TfLinkSpeeds *speeds,
              double             *links,
              double             *bandwidth)
{
  guint c = result->chips_per_board, half = ctx->n_chip / 2;
  guint64 lanes = tf_result_lanes (ctx, result);
  g_autofree guint8 *side = g_new (guint8, g->n_router);

  *links = (double) tf_board_topo_prefix_cut (bt, half % c);
  *bandwidth = *links * speeds->c2c[TF_REACH_BOARD];
  for (guint r = 0; r < g->n_router; r++)
    {
      guint group = r / pl->rails, first = first_board (group, pl->n_group, pl->d.n_endpoint);
      guint last = first_board (group + 1, pl->n_group, pl->d.n_endpoint);
      guint64 a, b, below;

      /* Chips hosted below the half: of every chip of boards first .. last - 1, or with rails
       * chip j = r mod C of each, those numbered under half. */
      if (pl->rails > 1)
        {
          guint j = r % pl->rails;

          below = half > j ? ((guint64) half - j + c - 1) / c : 0;   /* boards e: e c + j < half */
          a = CLAMP (below, first, last) - first;
          b = last - first - a;
        }
      else
        {
          a = CLAMP ((gint64) half - (gint64) first * c, 0, (gint64) (last - first) * c);
          b = (guint64) (last - first) * c - a;
        }
      side[r] = a < b;
      *links += (double) MIN (a, b) * ctx->chip_radix;
      *bandwidth += (double) MIN (a, b) * ctx->chip_radix
                    * tf_link_speed (speeds, TF_LINK_B2B, TF_REACH_RACK, TRUE);
    }
  for (guint i = 0; i < g->edges->len; i++)
    {
      guint32 u = g_array_index (g->edges, guint32, 2 * i);
      guint32 v = g_array_index (g->edges, guint32, 2 * i + 1);
      guint ru = router_rack (pl, u), rv = router_rack (pl, v);
      TfLinkType type = ru == rv ? TF_LINK_B2B
                        : ru / pl->racks_per_pod == rv / pl->racks_per_pod ? TF_LINK_R2R
                        : TF_LINK_P2P;
      TfReach reach = type == TF_LINK_B2B ? TF_REACH_RACK
                      : type == TF_LINK_R2R ? TF_REACH_POD : TF_REACH_DATACENTER;

      if (side[u] == side[v])
        continue;
      *links += (double) lanes * pl->d.at.planes;
      *bandwidth += (double) lanes * pl->d.at.planes * tf_link_speed (speeds, type, reach, FALSE);
    }
}

/* Closed forms on the router graph, no build: its diameter is 2 (tested for every q the
 * families take) and every router hosts chips, so chips are at most 2 + 2 hops apart; a board
 * hangs off one router in each plane; the bisection is the better of the in-order cut and the
 * star cut, an upper bound. */
void
tf_router_family_metrics (const TfRouterKind *kind,
                          const TfContext    *ctx,
                          const TfResult     *result,
                          TfMetrics          *m)
{
  TfLinkSpeeds speeds;
  Placement pl;
  const TfDiameterTwoGraph *g;
  TfBoardTopo bt;
  guint64 star_links;
  double star_bw, cut_links, cut_bw;
  TfMethod star_method;

  placement_init (&pl, kind, ctx, result);
  g = kind->graph (pl.d.q);
  tf_result_link_speeds (ctx, result, &speeds);
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint, g->n_router, 2);
  m->diameter_method = TF_METHOD_EXACT;
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint)
                      * pl.d.at.planes;
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  in_order_cut (kind, ctx, result, &pl, g, &bt, &speeds, &cut_links, &cut_bw);
  tf_bisection_star (ctx, &speeds, ctx->n_chip, &bt, &star_links, &star_bw, &star_method);
  m->bisection_links = (guint64) (MIN ((double) star_links, cut_links) + 0.5);
  m->bisection_links_method = TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth = MIN (star_bw, cut_bw);
  m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;
  placement_clear (&pl);
}
