/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-ring.c: Ring of boards (@tbl-spec-topo-11): n_endpoint boards, each linked to the next,
 * for every divisor n_endpoint >= 2 of n_chip. A link between two boards carries one lane per
 * chip (chip j to chip j); chips of a board meet through intra_board_topo. One rack, one pod. */
#include "family-boards-private.h"
#include "metrics-private.h"

static const TfWarning warning_high_diameter = {
  "high-diameter",
  N_("More than 32 boards on a ring: its diameter, half the ring, makes latency too high.")
};

static gboolean
ring_check (const TfContext *ctx,
            TfResult        *result,
            GString         *why)
{
  if (!tf_boards_check (ctx, result, 2, why))
    return FALSE;
  if (result->n_endpoint > 32)
    tf_result_add_warning (result, &warning_high_diameter);
  return TRUE;
}

static guint64
ring_pairs (guint n_board)
{
  return n_board == 2 ? 1 : n_board;
}

static void
ring_count (const TfContext *ctx,
            const TfResult  *result,
            TfMetrics       *m)
{
  m->link_count_by_type[TF_LINK_B2B] =
    ring_pairs (result->n_endpoint) * result->chips_per_board * ctx->chip_radix;
  m->switch_count = 0;
}

static gboolean
ring_build (const TfContext *ctx,
            const TfResult  *result,
            TfBuild         *b,
            GError         **error)
{
  guint n = result->n_endpoint;

  tf_build_set_shape (b, n, result->chips_per_board, n, 1, 1);
  b->chip_transitive = TRUE;
  if (n == 2)
    tf_build_add_link (b, 0, 1, 1);
  else
    for (guint e = 0; e < n; e++)
      tf_build_add_link (b, e, (e + 1) % n, 1);
  return TRUE;
}

static void
ring_metrics (const TfContext *ctx,
              const TfResult  *result,
              const TfBuild   *build,
              TfMetrics       *m)
{
  guint n = result->n_endpoint;
  guint kappa = n == 2 ? 1 : 2;
  TfBoardTopo bt;

  tf_board_topo_init (&bt, ctx->intra_board_topo, result->chips_per_board, NULL);
  /* The chip graph is the ring times the board graph: distances add. */
  m->diameter = n / 2 + tf_board_topo_diameter (&bt);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  if (bt.chips == 1)
    m->path_diversity = tf_direct_path_diversity (kappa, n <= 3, n, ctx->chip_radix);
  else
    m->path_diversity = tf_product_connectivity (kappa, kappa, n,
                                                 tf_board_topo_connectivity (&bt),
                                                 tf_board_topo_degree (&bt), bt.chips);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  tf_bisection_lanes (ctx, TF_LANES_RING, n, &bt, m);
}

const TfFamily tf_family_ring = {
  .name = "ring",
  .description = N_("Boards on a ring, each linked to its two neighbours"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTRA_RACK,
  .direct = TRUE,
  .walk = tf_boards_walk,
  .parse_id = tf_boards_parse_id,
  .format_id = tf_boards_format_id,
  .check = ring_check,
  .attrs = tf_boards_attrs,
  .count = ring_count,
  .build = ring_build,
  .metrics = ring_metrics,
  .metrics_need_build = FALSE,
};
