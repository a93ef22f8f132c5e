/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-single-switch.c: Single-switch: every board on one rack switch, for every divisor
 * n_endpoint of n_chip (one board holding all chips included). One rack, one pod.
 *
 * planes=P (P | chip_radix, issue 15): P such switches, "p<q>.switch0", each chip's chip_radix
 * links split evenly among them, as a node's NIC ports each go to their own switch; without
 * it the one switch is "switch0", as the spec has it.
 *
 * attach=rail: the rail-only network (Wang et al., arXiv 2307.12169): C_board rail switches
 * "rail<j>" ("p<q>.rail<j>" with planes), chip j of every board on rail j, a port one chip's
 * link. Ranks meet only on the boards, so it needs board links (intra_board_topo not none)
 * and two boards or more (one board would put one chip on each rail). */
#include "attachment-private.h"
#include "family-private.h"
#include "metrics-private.h"

typedef struct
{
  guint32      n_endpoint;
  TfAttachment at;
} SingleSwitchParams;

typedef struct
{
  const TfContext *ctx;
  TfParamsVisitor  visit;
  gpointer         data;
} Walk;

static gboolean
walk_attachment (guint               n_endpoint,
                 const TfAttachment *at,
                 gpointer            data)
{
  Walk *w = data;
  SingleSwitchParams s = { n_endpoint, *at };
  TfParams params;

  TF_PARAMS_SET (&params, SingleSwitchParams, &s);
  return w->visit (&params, w->data);
}

static gboolean
single_switch_walk (const TfContext *ctx,
                    TfParamsVisitor  visit,
                    gpointer         data)
{
  Walk w = { ctx, visit, data };

  return tf_attachment_foreach_boards (ctx, walk_attachment, &w);
}

/* The id's keys (family_attrs: the attachment's alone). */
static const TfIdKey single_switch_id_keys[] = {
  TF_ID_KEY_UINT ("n_endpoint", SingleSwitchParams, n_endpoint, 1, TF_N_CHIP_MAX, 0),
  TF_ATTACHMENT_ID_KEYS (SingleSwitchParams, at),
};

static void
single_switch_attachment (const TfResult *result,
                          TfAttachment   *at)
{
  SingleSwitchParams s;

  TF_PARAMS_GET (&result->params, SingleSwitchParams, &s);
  *at = s.at;
}

static guint
planes_of (const TfResult *result)
{
  SingleSwitchParams s;

  TF_PARAMS_GET (&result->params, SingleSwitchParams, &s);
  return s.at.planes;
}

static gboolean
single_switch_check (const TfContext *ctx,
                     TfResult        *result,
                     GString         *why)
{
  SingleSwitchParams s;

  TF_PARAMS_GET (&result->params, SingleSwitchParams, &s);
  if (s.n_endpoint < 1 || ctx->n_chip % s.n_endpoint != 0)
    return tf_reject (why, "n_endpoint = %u must be at least 1 and divide n_chip = %u",
                      s.n_endpoint, ctx->n_chip);
  if (!tf_attachment_check (&s.at, ctx, ctx->n_chip / s.n_endpoint, why))
    return FALSE;
  if (s.at.attach == TF_ATTACH_RAIL && ctx->intra_board_topo == TF_INTRA_BOARD_NONE)
    return tf_reject (why, "attach = rail with intra_board_topo = none: the rail switches join "
                           "chips of one rank only, and without board links the ranks never "
                           "meet (the rail-only network needs a board topology)");
  if (s.at.attach == TF_ATTACH_RAIL && s.n_endpoint < 2)
    return tf_reject (why, "attach = rail: n_endpoint = 1 puts one chip on each rail switch, "
                           "which joins nothing; rails need two boards or more");
  result->n_endpoint = s.n_endpoint;
  result->chips_per_board = ctx->n_chip / s.n_endpoint;
  /* radix-too-large (the spec's N_endpoint > 64) is the framework's rule on the switch's
   * physical ports, n_chip x chip_radix / planes (with rails, n_endpoint x chip_radix / planes
   * a rail switch). Every board sits in the switches' rack. */
  if (result->n_endpoint > ctx->boards_per_rack_max)
    tf_result_add_warning (result, &tf_warning_rack_overflow);
  tf_result_check_rack_power (ctx, result, result->n_endpoint);
  return TRUE;
}

/* Switches a plane: one, or one a rail. */
static guint
plane_switches (const TfResult *result)
{
  TfAttachment at;

  tf_result_get_attachment (result, &at);
  return tf_attachment_rails (&at, result->chips_per_board);
}

static void
single_switch_count (const TfContext *ctx,
                     const TfResult  *result,
                     TfMetrics       *m)
{
  tf_metrics_add_links (m, TF_LINK_B2B, TF_REACH_RACK, (guint64) ctx->n_chip * ctx->chip_radix);
  m->switch_count = planes_of (result) * plane_switches (result);
  m->links_per_chip_min = m->links_per_chip_max = ctx->chip_radix;
}

/* A board's port, or with rails one chip of each board (the lanes say which). */
static guint64
single_switch_switch_ports (const TfContext *ctx,
                            const TfResult  *result)
{
  return result->n_endpoint;
}

static gboolean
single_switch_build (const TfContext *ctx,
                     const TfResult  *result,
                     TfBuild         *b,
                     GError         **error)
{
  TfAttachment at;
  guint c = result->chips_per_board, rails, n_ep;

  tf_result_get_attachment (result, &at);
  rails = tf_attachment_rails (&at, c);
  n_ep = tf_attachment_n_endpoint (&at, result->n_endpoint, c);
  /* With rails the endpoints are chips, board by board: chip e is rank e mod C. */
  tf_build_set_shape (b, n_ep, c, result->n_endpoint, 1, 1);
  tf_attachment_set_endpoint_boards (&at, b);
  for (guint q = 0; q < at.planes; q++)
    {
      char pre[16];

      tf_attachment_plane_prefix (&at, q, pre);
      for (guint j = 0; j < rails; j++)
        if (at.attach == TF_ATTACH_RAIL)
          tf_build_add_switch (b, TF_TIER_RACK, 0, "%srail%u", pre, j);
        else
          tf_build_add_switch (b, TF_TIER_RACK, 0, "%sswitch0", pre);
      for (guint e = 0; e < n_ep; e++)
        {
          guint leaf = tf_attachment_leaf (&at, e, result->n_endpoint, c);

          tf_build_add_link (b, e, tf_build_switch_node (b, q * rails + leaf), 1);
        }
    }
  return TRUE;
}

/* The rail-only network's bisection: a real cut, the better of two kinds. Board-major: q whole
 * boards and rho chips of one more on side 1, each rail switch with the larger side of its
 * star (rail j sees q + [j < rho] of its B chips there). Rank-major: ranks 0 .. t - 1 of every
 * board and rank t of sigma boards, only rail t cut. */
static void
rail_only_bisection (const TfContext   *ctx,
                     const TfBoardTopo *bt,
                     guint              n_board,
                     TfMetrics         *m)
{
  guint c = bt->chips, n = ctx->n_chip, r = ctx->chip_radix;
  double chip_bw = tf_context_port_gbps (ctx, TF_LINK_B2B, TRUE);
  double board_bw = tf_context_c2c_gbps (ctx, TF_REACH_BOARD, tf_board_topo_chip_links (bt));

  m->bisection_links = G_MAXUINT64;
  m->bisection_bandwidth = G_MAXDOUBLE;
  for (guint y = n / 2; y <= (n + 1) / 2; y++)
    for (guint kind = 0; kind < 2; kind++)
      {
        guint64 rails = 0, board;

        if (kind == 0)
          {
            guint q = y / c, rho = y % c;

            for (guint j = 0; j < c; j++)
              {
                guint a = q + (j < rho);

                rails += (guint64) MIN (a, n_board - a) * r;
              }
            board = tf_board_topo_prefix_cut (bt, rho);
          }
        else
          {
            guint t = y / n_board, sigma = y % n_board;

            rails = (guint64) MIN (sigma, n_board - sigma) * r;
            board = (guint64) sigma * tf_board_topo_prefix_cut (bt, t + 1)
                    + (guint64) (n_board - sigma) * tf_board_topo_prefix_cut (bt, t);
          }
        m->bisection_links = MIN (m->bisection_links, rails + board);
        m->bisection_bandwidth = MIN (m->bisection_bandwidth,
                                      (double) rails * chip_bw + (double) board * board_bw);
      }
  m->bisection_links_method = TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;
}

/* The rail-only network (two boards or more, a connected board). Chips (b, i) and (b', j):
 * the same board, d(i, j) on it, as no rail joins two ranks; the same rank, 2 through their
 * rail; else a path needs board hops from rank i to rank j, d(i, j) at least, and a rail to
 * leave board b, 2 hops, which the board's path then rail j achieve: 2 + d(i, j). The
 * diameter is 2 + the board's. Path diversity: a chip's neighbourhood (its P rails and its
 * board neighbours) cuts it from a chip of another board, and so do its rails with the C - 1
 * other chips of its board, and its board neighbours with its rank on the B - 1 other boards
 * (its rails reach nothing else) from any chip of another rank it has no link to. The least
 * of these is an upper bound. */
static void
rail_only_metrics (const TfContext   *ctx,
                   const TfResult    *result,
                   const TfBoardTopo *bt,
                   guint              planes,
                   TfMetrics         *m)
{
  guint c = result->chips_per_board, n_board = result->n_endpoint;
  guint degree = tf_board_topo_degree (bt);

  m->diameter = 2 + tf_board_topo_diameter (bt);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  m->path_diversity = MIN (planes + MIN (degree, c - 1), degree + MIN (planes, n_board - 1));
  m->path_diversity_method = TF_METHOD_UPPER_BOUND;
  rail_only_bisection (ctx, bt, n_board, m);
}

static void
single_switch_metrics (const TfContext *ctx,
                       const TfResult  *result,
                       const TfBuild   *build,
                       TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  guint planes = planes_of (result);
  TfAttachment at;
  TfBoardTopo bt;

  tf_result_link_speeds (ctx, result, &speeds);

  tf_result_get_attachment (result, &at);
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  if (at.attach == TF_ATTACH_RAIL)
    {
      rail_only_metrics (ctx, result, &bt, planes, m);
      return;
    }
  m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint, 1, 0);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  /* Each plane's switch is one more path between any two chips (and separates two boards in
   * its plane); one board's own paths count once. */
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint)
                      + planes - 1;
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  /* Every chip's links split evenly over the planes: each switch stands with the larger side,
   * and the cut is the smaller side's links, whatever the planes. */
  tf_bisection_star (ctx, &speeds, ctx->n_chip, &bt, &m->bisection_links, &m->bisection_bandwidth,
                     &m->bisection_links_method);
  m->bisection_bandwidth_method = m->bisection_links_method;
}

const TfFamily tf_family_single_switch = {
  .name = "single-switch",
  .description = N_("Every board on one switch, or each rank of chips on its own rail switch "
                     "(rail-only)"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTRA_RACK,
  .direct = FALSE,
  .walk = single_switch_walk,
  .id_keys = single_switch_id_keys,
  .n_id_keys = G_N_ELEMENTS (single_switch_id_keys),
  .check = single_switch_check,
  .count = single_switch_count,
  .switch_ports = single_switch_switch_ports,
  .attachment = single_switch_attachment,
  .build = single_switch_build,
  .metrics = single_switch_metrics,
  .metrics_need_build = FALSE,
};
