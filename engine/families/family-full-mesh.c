/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-full-mesh.c: Full-mesh of boards (@tbl-spec-topo-11): n_endpoint boards, every two
 * linked, for every divisor n_endpoint >= 2 of n_chip, whatever the board topology.
 *
 * With an intra-board topology a link between two boards carries one lane per chip (chip j to
 * chip j, as for the ring family) and the chips of a board meet through the board's links.
 * Without one (none), every chip of a board links to every chip of every other board: the chip
 * graph is the complete multipartite graph of n_endpoint parts of C_board chips, any two chips
 * at most two hops apart. Boards fill racks in runs of boards_per_rack_max, racks pods in runs of
 * racks_per_pod_max. */
#include "family-boards-private.h"
#include "metrics-private.h"
#include "placement-private.h"

static const TfWarning warning_link_explosion = {
  "link-explosion",
  N_("link explosion"),
  N_("More boards fully meshed than warning_thresholds.full_mesh_max_endpoints (16 by "
      "default): links grow as N (N - 1) / 2.")
};

static gboolean
full_mesh_check (const TfContext *ctx,
                 TfResult        *result,
                 GString         *why)
{
  if (!tf_boards_check (ctx, result, 2, why))
    return FALSE;
  if (result->n_endpoint > ctx->warning_thresholds[TF_THRESHOLD_FULL_MESH_MAX_ENDPOINTS])
    tf_result_add_warning (result, &warning_link_explosion);
  return TRUE;
}

/* Boards of several chips without links of their own: every chip meets every other board's. */
static gboolean
is_joined_completely (const TfContext *ctx,
                      const TfResult  *result)
{
  return result->chips_per_board > 1 && ctx->intra_board_topo == TF_INTRA_BOARD_NONE;
}

static void
full_mesh_count (const TfContext *ctx,
                       const TfResult  *result,
                       TfMetrics       *m)
{
  guint64 n = result->n_endpoint, c = result->chips_per_board;
  guint64 per_pair = (is_joined_completely (ctx, result) ? c * c : c) * ctx->chip_radix;
  guint64 per_chip = is_joined_completely (ctx, result) ? (n - 1) * c : n - 1;
  guint64 in_rack, in_pod;
  TfRuns runs;

  tf_runs_init (&runs, ctx, n, tf_result_boards_per_rack (ctx, result));
  in_rack = tf_pairs_within_runs (n, runs.per_rack);
  in_pod = tf_pairs_within_runs (n, runs.per_pod);
  tf_metrics_add_links (m, TF_LINK_C2C, TF_REACH_RACK, in_rack * per_pair);
  tf_metrics_add_links (m, TF_LINK_C2C, TF_REACH_POD, (in_pod - in_rack) * per_pair);
  tf_metrics_add_links (m, TF_LINK_C2C, TF_REACH_DATACENTER,
                        (n * (n - 1) / 2 - in_pod) * per_pair);
  m->switch_count = 0;
  m->links_per_chip_min = m->links_per_chip_max = (guint) (per_chip * ctx->chip_radix);
}

static gboolean
full_mesh_build (const TfContext *ctx,
                 const TfResult  *result,
                 TfBuild         *b,
                 GError         **error)
{
  guint n = result->n_endpoint;
  guint32 shift = is_joined_completely (ctx, result) ? TF_LANES_ALL : 0;
  TfRuns runs;

  tf_runs_init (&runs, ctx, n, tf_result_boards_per_rack (ctx, result));
  tf_build_set_shape (b, n, result->chips_per_board, n, runs.n_rack, runs.n_pod);
  tf_runs_place (&runs, b);
  b->chip_transitive = TRUE;
  /* Chip j of board e is chip e * C + j (generate.c). */
  b->lattice = (TfChipLattice) { 2, { result->chips_per_board, n } };
  for (guint e = 0; e < n; e++)
    for (guint f = e + 1; f < n; f++)
      tf_build_add_lane_link (b, e, f, 1, shift);
  return TRUE;
}

/* Complete multipartite, n parts of c chips: a split with a_b chips of board b on one side cuts
 * |A| |B| - sum a_b (c - a_b) links, least when every board splits as evenly as it can; then
 * each term is floor (c / 2) ceil (c / 2). */
static guint64
complete_multipartite_bisection (guint64 n,
                                 guint64 c)
{
  guint64 total = n * c, half = total / 2;

  return half * (total - half) - n * (c / 2) * ((c + 1) / 2);
}

static void
full_mesh_metrics (const TfContext *ctx,
                   const TfResult  *result,
                   const TfBuild   *build,
                   TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  guint n = result->n_endpoint;
  TfBoardTopo bt;
  TfRuns runs;

  tf_result_link_speeds (ctx, result, &speeds);

  tf_runs_init (&runs, ctx, n, tf_result_boards_per_rack (ctx, result));
  if (is_joined_completely (ctx, result))
    {
      guint c = result->chips_per_board;

      m->diameter = 2;
      m->diameter_method = TF_METHOD_CLOSED_FORM;
      /* Vertex connectivity of K(n x c) is n c - c; linked pairs have more paths than that. */
      m->path_diversity = tf_direct_path_diversity ((n - 1) * c, FALSE, n * c,
                                                    ctx->chip_radix);
      m->path_diversity_method = TF_METHOD_CLOSED_FORM;
      m->bisection_links = complete_multipartite_bisection (n, c) * ctx->chip_radix;
      m->bisection_links_method = TF_METHOD_CLOSED_FORM;
      /* Its links reach as far as the racks make them; where those reaches differ in
       * bandwidth, the cut's links at the fastest of them bound its value from above (settled
       * as an upper bound). */
      m->bisection_bandwidth = 0;
      for (guint reach = TF_REACH_RACK; reach < TF_N_REACHES; reach++)
        if (reach == TF_REACH_RACK || runs.n_rack > 1)
          m->bisection_bandwidth = MAX (m->bisection_bandwidth,
                                        (double) m->bisection_links * speeds.c2c[reach]);
      m->bisection_bandwidth_method = TF_METHOD_CLOSED_FORM;
      return;
    }
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  m->diameter = 1 + tf_board_topo_diameter (&bt);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  if (bt.chips == 1)
    m->path_diversity = tf_direct_path_diversity (n - 1, TRUE, n, ctx->chip_radix);
  else
    m->path_diversity = tf_board_topo_lane_connectivity (&bt, n - 1, n - 1, n);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  tf_bisection_lanes (ctx, &speeds, TF_LANES_COMPLETE, &runs, &bt, m);
}

const TfFamily tf_family_full_mesh = {
  .name = "full-mesh",
  .description = N_("Boards all linked to each other"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTRA_RACK,
  .direct = TRUE,
  .walk = tf_boards_walk,
  .id_keys = tf_boards_id_keys,
  .n_id_keys = G_N_ELEMENTS (tf_boards_id_keys),
  .check = full_mesh_check,
  .count = full_mesh_count,
  .switch_ports = tf_family_no_switch_ports,
  .build = full_mesh_build,
  .metrics = full_mesh_metrics,
  .metrics_need_build = FALSE,
};
