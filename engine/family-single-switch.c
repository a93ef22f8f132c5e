/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-single-switch.c: Single-switch: every board on one rack switch, for every divisor
 * n_endpoint of n_chip (one board holding all chips included). One rack, one pod.
 *
 * planes=P (P | chip_radix, issue 15): P such switches, "p<q>.switch0", each chip's chip_radix
 * links split evenly among them, as a node's NIC ports each go to their own switch; without
 * it the one switch is "switch0", as the spec has it. */
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
  guint            n_endpoint;
} Walk;

static gboolean
walk_attachment (const TfAttachment *at,
                 gpointer            data)
{
  Walk *w = data;
  SingleSwitchParams s = { w->n_endpoint, *at };
  TfParams params;

  /* Rails come with the next step. */
  if (at->attach != TF_ATTACH_BOARD)
    return TRUE;
  TF_PARAMS_SET (&params, SingleSwitchParams, &s);
  return w->visit (&params, w->data);
}

static gboolean
walk_endpoint (guint    n_endpoint,
               gpointer data)
{
  Walk *w = data;

  w->n_endpoint = n_endpoint;
  return tf_attachment_foreach (w->ctx, w->ctx->n_chip / n_endpoint, walk_attachment, w);
}

static gboolean
single_switch_walk (const TfContext *ctx,
                    TfParamsVisitor  visit,
                    gpointer         data)
{
  Walk w = { ctx, visit, data };

  return tf_foreach_divisor (ctx->n_chip, walk_endpoint, &w);
}

static gboolean
single_switch_parse_id (TfIdArgs  *args,
                        TfParams  *params,
                        GError   **error)
{
  SingleSwitchParams s;

  if (!tf_id_args_get_uint (args, "n_endpoint", 1, TF_N_CHIP_MAX, &s.n_endpoint, error)
      || !tf_attachment_parse_id (args, &s.at, error))
    return FALSE;
  TF_PARAMS_SET (params, SingleSwitchParams, &s);
  return TRUE;
}

static void
single_switch_format_id (const TfParams *params,
                         GString        *out)
{
  SingleSwitchParams s;

  TF_PARAMS_GET (params, SingleSwitchParams, &s);
  tf_id_append_uint (out, "n_endpoint", s.n_endpoint);
  tf_attachment_format_id (&s.at, out);
}

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

static void
single_switch_attrs (const TfResult *result,
                     TfAttrs        *attrs)
{
  SingleSwitchParams s;

  TF_PARAMS_GET (&result->params, SingleSwitchParams, &s);
  tf_attachment_attrs (&s.at, result->chips_per_board, attrs);
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
  if (s.at.attach != TF_ATTACH_BOARD)
    return tf_reject (why, "attach = rail: not yet for single-switch");
  result->n_endpoint = s.n_endpoint;
  result->chips_per_board = ctx->n_chip / s.n_endpoint;
  /* radix-too-large (the spec's N_endpoint > 64) is the framework's rule on the switch's
   * physical ports, n_chip x chip_radix / planes. Every board sits in the switches' rack. */
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
  m->switch_count = planes_of (result);
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
  guint planes = planes_of (result);

  tf_build_set_shape (b, result->n_endpoint, result->chips_per_board, result->n_endpoint, 1, 1);
  for (guint q = 0; q < planes; q++)
    {
      if (planes > 1)
        tf_build_add_switch (b, TF_TIER_RACK, 0, "p%u.switch0", q);
      else
        tf_build_add_switch (b, TF_TIER_RACK, 0, "switch0");
      for (guint e = 0; e < result->n_endpoint; e++)
        tf_build_add_link (b, e, tf_build_switch_node (b, q), 1);
    }
  return TRUE;
}

static void
single_switch_metrics (const TfContext *ctx,
                       const TfResult  *result,
                       const TfBuild   *build,
                       TfMetrics       *m)
{
  guint planes = planes_of (result);
  TfBoardTopo bt;

  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint, 1, 0);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  /* Each plane's switch is one more path between any two chips (and separates two boards in
   * its plane); one board's own paths count once. */
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint)
                      + planes - 1;
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  /* Every chip's links split evenly over the planes: each switch stands with the larger side,
   * and the cut is the smaller side's links, whatever the planes. */
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
  .walk = single_switch_walk,
  .parse_id = single_switch_parse_id,
  .format_id = single_switch_format_id,
  .check = single_switch_check,
  .attrs = single_switch_attrs,
  .count = single_switch_count,
  .switch_ports = single_switch_switch_ports,
  .attachment = single_switch_attachment,
  .build = single_switch_build,
  .metrics = single_switch_metrics,
  .metrics_need_build = FALSE,
};
