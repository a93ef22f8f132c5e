/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-hypercube.c: Hypercube (@tbl-spec-topo-17): 2^n chips, each linked to the n chips whose
 * address differs in one bit. One chip per board; racks are subcubes of the low address bits,
 * as many as fit boards_per_rack_max, and pods subcubes of racks. */
#include "family-private.h"
#include "metrics-private.h"
#include "placement-private.h"

typedef struct
{
  guint32 n;
} HypercubeParams;

#define N_MIN 1
#define N_MAX 10

static const TfWarning warning_research_only = {
  "research-only",
  N_("research only"),
  N_("Hypercubes are of academic interest; no modern AI or HPC system deploys one.")
};

static gboolean
hypercube_check (const TfContext *ctx,
                 TfResult        *result,
                 GString         *why)
{
  HypercubeParams h;

  TF_PARAMS_GET (&result->params, HypercubeParams, &h);
  if (h.n < N_MIN || h.n > N_MAX)
    return tf_reject (why, "n = %u: n must be from %u to %u", h.n, N_MIN, N_MAX);
  if (ctx->n_chip != 1u << h.n)
    return tf_reject (why, "n_chip = %u is not 2^n = %u", ctx->n_chip, 1u << h.n);

  result->n_endpoint = ctx->n_chip;
  result->chips_per_board = 1;
  tf_result_add_warning (result, &warning_research_only);
  if (h.n >= ctx->warning_thresholds[TF_THRESHOLD_HYPERCUBE_HIGH_DIMENSION])
    tf_result_add_warning (result, &tf_warning_high_dimension);
  return TRUE;
}

static gboolean
hypercube_walk (const TfContext *ctx,
                TfParamsVisitor  visit,
                gpointer         data)
{
  HypercubeParams h;
  TfParams params;

  if (!tf_is_power_of_two (ctx->n_chip))
    return TRUE;
  h.n = tf_integer_log2 (ctx->n_chip);
  TF_PARAMS_SET (&params, HypercubeParams, &h);
  return visit (&params, data);
}

static const TfIdKey hypercube_id_keys[] = {
  TF_ID_KEY_UINT ("n", HypercubeParams, n, N_MIN, N_MAX, TF_ID_ATTR),
};

/* Address bits a rack spans, then a pod: the largest subcubes that fit. */
static void
subcube_bits (const TfContext *ctx,
              const TfResult  *result,
              guint            n,
              guint           *rack_bits,
              guint           *pod_bits)
{
  *rack_bits = MIN (n, tf_integer_log2 (tf_result_boards_per_rack (ctx, result)));
  *pod_bits = MIN (n - *rack_bits, tf_integer_log2 (ctx->racks_per_pod_max));
}

/* A link along dimension k joins chips differing in bit k: in one rack below the rack's bits,
 * in one pod below the pod's. */
static TfReach
dimension_reach (guint k,
                 guint rack_bits,
                 guint pod_bits)
{
  return k < rack_bits ? TF_REACH_RACK
       : k < rack_bits + pod_bits ? TF_REACH_POD : TF_REACH_DATACENTER;
}

static void
hypercube_count (const TfContext *ctx,
                 const TfResult  *result,
                 TfMetrics       *m)
{
  HypercubeParams h;
  guint rack_bits, pod_bits;

  TF_PARAMS_GET (&result->params, HypercubeParams, &h);
  subcube_bits (ctx, result, h.n, &rack_bits, &pod_bits);
  /* Boards of one chip: every link joins two boards, in a rack, a pod or across pods. */
  for (guint k = 0; k < h.n; k++)
    tf_metrics_add_links (m, TF_LINK_C2C, dimension_reach (k, rack_bits, pod_bits),
                          (guint64) (ctx->n_chip / 2) * ctx->chip_radix);
  m->switch_count = 0;
  m->links_per_chip_min = m->links_per_chip_max = h.n * ctx->chip_radix;
}

static gboolean
hypercube_build (const TfContext *ctx,
                 const TfResult  *result,
                 TfBuild         *b,
                 GError         **error)
{
  HypercubeParams h;

  guint rack_bits, pod_bits;

  TF_PARAMS_GET (&result->params, HypercubeParams, &h);
  subcube_bits (ctx, result, h.n, &rack_bits, &pod_bits);
  tf_build_set_shape (b, ctx->n_chip, 1, ctx->n_chip, ctx->n_chip >> rack_bits,
                      ctx->n_chip >> (rack_bits + pod_bits));
  for (guint x = 0; x < ctx->n_chip; x++)
    b->board_rack[x] = x >> rack_bits;
  for (guint r = 0; r < b->n_rack; r++)
    b->rack_pod[r] = r >> pod_bits;
  b->endpoint_board = g_new (guint32, ctx->n_chip);
  b->chip_transitive = TRUE;
  /* Bit d of a chip's index is its coordinate d; adding 1 mod 2 flips it. */
  b->lattice.n_dims = MIN (h.n, TF_LATTICE_MAX_DIMS);
  for (guint d = 0; d < b->lattice.n_dims; d++)
    b->lattice.dims[d] = 2;
  for (guint i = 0; i < ctx->n_chip; i++)
    {
      b->endpoint_board[i] = i;
      for (guint d = 0; d < h.n; d++)
        if (!(i & (1u << d)))
          tf_build_add_link (b, i, i | (1u << d), 1);
    }
  return TRUE;
}

static void
hypercube_metrics (const TfContext *ctx,
                   const TfResult  *result,
                   const TfBuild   *build,
                   TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  HypercubeParams h;
  guint rack_bits, pod_bits;

  tf_result_link_speeds (ctx, result, &speeds);
  TF_PARAMS_GET (&result->params, HypercubeParams, &h);
  m->diameter = h.n;
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  /* Q_n has connectivity n; Q_1 is a single linked pair. */
  m->path_diversity = tf_direct_path_diversity (h.n, h.n == 1, ctx->n_chip, ctx->chip_radix);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  /* Bisection width of Q_n is 2^(n-1): halving along any one dimension. Where links of
   * different reaches differ in bandwidth, the cheapest dimension's cut is a bound (settled as
   * such); otherwise it is the minimum. */
  m->bisection_links = (guint64) (ctx->n_chip / 2) * ctx->chip_radix;
  m->bisection_links_method = TF_METHOD_CLOSED_FORM;
  subcube_bits (ctx, result, h.n, &rack_bits, &pod_bits);
  m->bisection_bandwidth = G_MAXDOUBLE;
  for (guint k = 0; k < h.n; k++)
    m->bisection_bandwidth = MIN (m->bisection_bandwidth,
                                  m->bisection_links
                                  * speeds.c2c[dimension_reach (k, rack_bits, pod_bits)]);
  m->bisection_bandwidth_method = TF_METHOD_CLOSED_FORM;
}

const TfFamily tf_family_hypercube = {
  .name = "hypercube",
  .description = N_("n-dimensional binary hypercube of chips, one chip per board"),
  .leaf_tier = TF_TIER_CHIP,
  .scopes = 1u << TF_SCOPE_INTRA_RACK,
  .direct = TRUE,
  .size_rule = N_("n_chip = 2^n with n from 1 to 10 (2 to 1,024 chips)"),
  .walk = hypercube_walk,
  .id_keys = hypercube_id_keys,
  .n_id_keys = G_N_ELEMENTS (hypercube_id_keys),
  .check = hypercube_check,
  .count = hypercube_count,
  .switch_ports = tf_family_no_switch_ports,
  .build = hypercube_build,
  .metrics = hypercube_metrics,
  .metrics_need_build = FALSE,
};
