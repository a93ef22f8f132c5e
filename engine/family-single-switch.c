/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-single-switch.c: Single-switch: every board on one rack switch, for every divisor
 * n_endpoint of n_chip (one board holding all chips included). One rack, one pod. */
#include "family-boards-private.h"
#include "metrics-private.h"

static gboolean
single_switch_check (const TfContext *ctx,
                     TfResult        *result,
                     GString         *why)
{
  /* radix-too-large (the spec's N_endpoint > 64) is the framework's rule on the switch's
   * physical ports, n_chip x chip_radix. Every board sits in the switch's one rack. */
  if (!tf_boards_check (ctx, result, 1, why))
    return FALSE;
  if (result->n_endpoint > ctx->boards_per_rack_max)
    tf_result_add_warning (result, &tf_warning_rack_overflow);
  return TRUE;
}

static void
single_switch_count (const TfContext *ctx,
                     const TfResult  *result,
                     TfMetrics       *m)
{
  tf_metrics_add_links (m, TF_LINK_B2B, TF_REACH_RACK, (guint64) ctx->n_chip * ctx->chip_radix);
  m->switch_count = 1;
  m->links_per_chip_min = m->links_per_chip_max = ctx->chip_radix;
}

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
  tf_build_set_shape (b, result->n_endpoint, result->chips_per_board, result->n_endpoint, 1, 1);
  tf_build_add_switch (b, TF_TIER_RACK, 0, "switch0");
  for (guint e = 0; e < result->n_endpoint; e++)
    tf_build_add_link (b, e, tf_build_switch_node (b, 0), 1);
  return TRUE;
}

static void
single_switch_metrics (const TfContext *ctx,
                       const TfResult  *result,
                       const TfBuild   *build,
                       TfMetrics       *m)
{
  TfBoardTopo bt;

  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint, 1, 0);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  tf_bisection_star (ctx, ctx->n_chip, &bt, &m->bisection_links, &m->bisection_bandwidth,
                     &m->bisection_links_method);
  m->bisection_bandwidth_method = m->bisection_links_method;
}

const TfFamily tf_family_single_switch = {
  .name = "single-switch",
  .description = N_("Every board on one switch"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTRA_RACK,
  .direct = FALSE,
  .walk = tf_boards_walk,
  .parse_id = tf_boards_parse_id,
  .format_id = tf_boards_format_id,
  .check = single_switch_check,
  .attrs = tf_boards_attrs,
  .count = single_switch_count,
  .switch_ports = single_switch_switch_ports,
  .build = single_switch_build,
  .metrics = single_switch_metrics,
  .metrics_need_build = FALSE,
};
