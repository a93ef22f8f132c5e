/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-full-mesh.c: Full-mesh of boards (@tbl-spec-topo-11): n_endpoint boards, every two
 * linked, for every divisor n_endpoint >= 2 of n_chip. Links carry one lane per chip, as for the
 * ring family; chips of a board meet through intra_board_topo. One rack, one pod. */
#include "family-boards-private.h"
#include "metrics-private.h"

static const TfWarning warning_link_explosion = {
  "link-explosion",
  N_("More than 16 boards fully meshed: links grow as N (N - 1) / 2.")
};

static gboolean
full_mesh_check (const TfContext *ctx,
                 TfResult        *result,
                 GString         *why)
{
  if (!tf_boards_check (ctx, result, 2, why))
    return FALSE;
  if (result->n_endpoint > 16)
    tf_result_add_warning (result, &warning_link_explosion);
  return TRUE;
}

static void
full_mesh_count (const TfContext *ctx,
                 const TfResult  *result,
                 TfMetrics       *m)
{
  guint64 n = result->n_endpoint;

  m->link_count_by_type[TF_LINK_B2B] =
    n * (n - 1) / 2 * result->chips_per_board * ctx->chip_radix;
  m->switch_count = 0;
}

static gboolean
full_mesh_build (const TfContext *ctx,
                 const TfResult  *result,
                 TfBuild         *b,
                 GError         **error)
{
  guint n = result->n_endpoint;

  tf_build_set_shape (b, n, result->chips_per_board, n, 1, 1);
  b->chip_transitive = TRUE;
  for (guint e = 0; e < n; e++)
    for (guint f = e + 1; f < n; f++)
      tf_build_add_link (b, e, f, 1);
  return TRUE;
}

static void
full_mesh_metrics (const TfContext *ctx,
                   const TfResult  *result,
                   const TfBuild   *build,
                   TfMetrics       *m)
{
  guint n = result->n_endpoint;
  TfBoardTopo bt;

  tf_board_topo_init (&bt, ctx->intra_board_topo, result->chips_per_board, NULL);
  m->diameter = 1 + tf_board_topo_diameter (&bt);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  if (bt.chips == 1)
    m->path_diversity = tf_direct_path_diversity (n - 1, TRUE, n, ctx->chip_radix);
  else
    m->path_diversity = tf_product_connectivity (n - 1, n - 1, n,
                                                 tf_board_topo_connectivity (&bt),
                                                 tf_board_topo_degree (&bt), bt.chips);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  tf_bisection_lanes (ctx, TF_LANES_COMPLETE, n, &bt, m);
}

const TfFamily tf_family_full_mesh = {
  .name = "full-mesh",
  .description = N_("Boards all linked to each other"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTRA_RACK,
  .direct = TRUE,
  .walk = tf_boards_walk,
  .parse_id = tf_boards_parse_id,
  .format_id = tf_boards_format_id,
  .check = full_mesh_check,
  .attrs = tf_boards_attrs,
  .count = full_mesh_count,
  .build = full_mesh_build,
  .metrics = full_mesh_metrics,
  .metrics_need_build = FALSE,
};
