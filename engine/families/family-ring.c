/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-ring.c: Ring of boards (@tbl-spec-topo-11): n_endpoint boards, each linked to the next,
 * for every divisor n_endpoint >= 2 of n_chip, whatever the board topology.
 *
 * A link between two boards carries one lane per chip. With an intra-board topology, lane j
 * joins chip j to chip j and the chips of a board meet through the board's links: the chip graph
 * is the ring times the board graph. Without one (none), the wrap-around link shifts the lanes
 * by one, so the lanes run on into each other: the chips form one ring of n_chip, each board's
 * chips n_endpoint apart on it. One rack, one pod. */
#include "family-boards-private.h"
#include "metrics-private.h"
#include "placement-private.h"

static const TfWarning warning_high_diameter = {
  "high-diameter",
  N_("high diameter"),
  N_("More boards on a ring than warning_thresholds.ring_max_endpoints (32 by default): its "
      "diameter, half the ring, makes latency too high.")
};

static gboolean
ring_check (const TfContext *ctx,
            TfResult        *result,
            GString         *why)
{
  if (!tf_boards_check (ctx, result, 2, why))
    return FALSE;
  if (result->n_endpoint > ctx->warning_thresholds[TF_THRESHOLD_RING_MAX_ENDPOINTS])
    tf_result_add_warning (result, &warning_high_diameter);
  return TRUE;
}

/* The chips form one ring of n_chip: boards of several chips without links of their own. */
static gboolean
is_one_ring (const TfContext *ctx,
             const TfResult  *result)
{
  return result->chips_per_board > 1 && ctx->intra_board_topo == TF_INTRA_BOARD_NONE;
}

static void
ring_count (const TfContext *ctx,
            const TfResult  *result,
            TfMetrics       *m)
{
  guint64 n = result->n_endpoint;
  guint64 lanes = (guint64) result->chips_per_board * ctx->chip_radix;
  gboolean wrap = n > 2 || is_one_ring (ctx, result);
  guint per_chip = is_one_ring (ctx, result) || n > 2 ? 2 : 1;
  TfRuns runs;

  tf_runs_init (&runs, ctx, n, tf_result_boards_per_rack (ctx, result));
  /* Neighbours e, e + 1 cross runs.n_rack - 1 rack boundaries, n_pod - 1 of them pod ones;
   * the wrap-around joins the last board and the first. */
  tf_metrics_add_links (m, TF_LINK_C2C, TF_REACH_RACK, (n - runs.n_rack) * lanes);
  tf_metrics_add_links (m, TF_LINK_C2C, TF_REACH_POD, (guint64) (runs.n_rack - runs.n_pod) * lanes);
  tf_metrics_add_links (m, TF_LINK_C2C, TF_REACH_DATACENTER, (guint64) (runs.n_pod - 1) * lanes);
  if (wrap)
    tf_metrics_add_links (m, TF_LINK_C2C, tf_runs_reach (&runs, n - 1, 0), lanes);
  m->switch_count = 0;
  m->links_per_chip_min = m->links_per_chip_max = per_chip * ctx->chip_radix;
}

static gboolean
ring_build (const TfContext *ctx,
            const TfResult  *result,
            TfBuild         *b,
            GError         **error)
{
  guint n = result->n_endpoint;
  guint wrap_shift = is_one_ring (ctx, result) ? 1 : 0;
  TfRuns runs;

  tf_runs_init (&runs, ctx, n, tf_result_boards_per_rack (ctx, result));
  tf_build_set_shape (b, n, result->chips_per_board, n, runs.n_rack, runs.n_pod);
  tf_runs_place (&runs, b);
  b->chip_transitive = TRUE;
  /* Chip j of board e is chip e * C + j (generate.c). */
  b->lattice = (TfChipLattice) { 2, { result->chips_per_board, n } };
  for (guint e = 0; e + 1 < n; e++)
    tf_build_add_lane_link (b, e, e + 1, 1, 0);
  /* Two boards have one link unless the shifted wrap-around makes it a second lane pairing. */
  if (n > 2 || wrap_shift != 0)
    tf_build_add_lane_link (b, n - 1, 0, 1, wrap_shift);
  return TRUE;
}

/* The bandwidth of a link from board k to board k + 1 (the last to the first). */
static double
adjacency_bandwidth (const TfLinkSpeeds *speeds,
                     const TfRuns       *runs,
                     guint               k)
{
  return speeds->c2c[tf_runs_reach (runs, k, (k + 1) % runs->n_board)];
}

static void
ring_metrics (const TfContext *ctx,
              const TfResult  *result,
              const TfBuild   *build,
              TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  guint n = result->n_endpoint;
  guint kappa = n == 2 ? 1 : 2;
  TfBoardTopo bt;
  TfRuns runs;

  tf_result_link_speeds (ctx, result, &speeds);

  tf_runs_init (&runs, ctx, n, tf_result_boards_per_rack (ctx, result));
  if (is_one_ring (ctx, result))
    {
      double bw = G_MAXDOUBLE;
      guint half = ctx->n_chip / 2;

      /* A ring of n_chip >= 4 chips: cutting it anywhere takes two links. Its link from
       * position p (chip j of board k, p = j n + k) to p + 1 joins boards k and k + 1; a
       * balanced cut takes the links at p and p + n_chip / 2, which join boards k and
       * k + n_chip / 2 mod n to their next. */
      m->diameter = ctx->n_chip / 2;
      m->diameter_method = TF_METHOD_CLOSED_FORM;
      m->path_diversity = tf_direct_path_diversity (2, FALSE, ctx->n_chip, ctx->chip_radix);
      m->path_diversity_method = TF_METHOD_CLOSED_FORM;
      m->bisection_links = 2 * (guint64) ctx->chip_radix;
      m->bisection_links_method = TF_METHOD_CLOSED_FORM;
      for (guint k = 0; k < n; k++)
        {
          guint k2 = (k + half) % n;

          bw = MIN (bw, adjacency_bandwidth (&speeds, &runs, k)
                             + adjacency_bandwidth (&speeds, &runs, k2));
        }
      m->bisection_bandwidth = bw * ctx->chip_radix;
      m->bisection_bandwidth_method = TF_METHOD_CLOSED_FORM;
      return;
    }
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  /* The chip graph is the ring times the board graph: distances add. */
  m->diameter = n / 2 + tf_board_topo_diameter (&bt);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  if (bt.chips == 1)
    m->path_diversity = tf_direct_path_diversity (kappa, n <= 3, n, ctx->chip_radix);
  else
    m->path_diversity = tf_board_topo_lane_connectivity (&bt, kappa, kappa, n);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  tf_bisection_lanes (ctx, &speeds, TF_LANES_RING, &runs, &bt, m);
}

const TfFamily tf_family_ring = {
  .name = "ring",
  .description = N_("Boards on a ring, each linked to its two neighbours"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTRA_RACK,
  .direct = TRUE,
  .walk = tf_boards_walk,
  .id_keys = tf_boards_id_keys,
  .n_id_keys = G_N_ELEMENTS (tf_boards_id_keys),
  .check = ring_check,
  .count = ring_count,
  .switch_ports = tf_family_no_switch_ports,
  .build = ring_build,
  .metrics = ring_metrics,
  .metrics_need_build = FALSE,
};
