/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-hypercube.c: Hypercube (@tbl-spec-topo-17): 2^n chips, each linked to the n chips whose
 * address differs in one bit. One chip per board, one rack, one pod. */
#include "family-private.h"
#include "metrics-private.h"

typedef struct
{
  guint32 n;
} HypercubeParams;

#define N_MIN 1
#define N_MAX 10

static const TfWarning warning_research_only = {
  "research-only",
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
  if (h.n >= 8)
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

static gboolean
hypercube_parse_id (TfIdArgs  *args,
                    TfParams  *params,
                    GError   **error)
{
  HypercubeParams h;

  if (!tf_id_args_get_uint (args, "n", N_MIN, N_MAX, &h.n, error))
    return FALSE;
  TF_PARAMS_SET (params, HypercubeParams, &h);
  return TRUE;
}

static void
hypercube_format_id (const TfParams *params,
                     GString        *out)
{
  HypercubeParams h;

  TF_PARAMS_GET (params, HypercubeParams, &h);
  tf_id_append_uint (out, "n", h.n);
}

static void
hypercube_attrs (const TfResult *result,
                 TfAttrs        *attrs)
{
  HypercubeParams h;

  TF_PARAMS_GET (&result->params, HypercubeParams, &h);
  tf_attrs_add_int (attrs, "n", h.n);
}

static void
hypercube_count (const TfContext *ctx,
                 const TfResult  *result,
                 TfMetrics       *m)
{
  HypercubeParams h;

  TF_PARAMS_GET (&result->params, HypercubeParams, &h);
  /* Boards of one chip in one rack: every link joins two boards of the rack. */
  tf_metrics_add_links (m, TF_LINK_C2C, TF_REACH_RACK,
                        (guint64) h.n * (ctx->n_chip / 2) * ctx->chip_radix);
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

  TF_PARAMS_GET (&result->params, HypercubeParams, &h);
  tf_build_set_shape (b, ctx->n_chip, 1, ctx->n_chip, 1, 1);
  b->endpoint_board = g_new (guint32, ctx->n_chip);
  b->chip_transitive = TRUE;
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
  HypercubeParams h;

  TF_PARAMS_GET (&result->params, HypercubeParams, &h);
  m->diameter = h.n;
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  /* Q_n has connectivity n; Q_1 is a single linked pair. */
  m->path_diversity = tf_direct_path_diversity (h.n, h.n == 1, ctx->n_chip, ctx->chip_radix);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  /* Bisection width of Q_n is 2^(n-1). */
  m->bisection_links = (guint64) (ctx->n_chip / 2) * ctx->chip_radix;
  m->bisection_links_method = TF_METHOD_CLOSED_FORM;
  m->bisection_bandwidth = m->bisection_links
                           * tf_context_link_defaults (ctx, TF_LINK_C2C,
                                                       TF_REACH_RACK).bandwidth_gbps;
  m->bisection_bandwidth_method = TF_METHOD_CLOSED_FORM;
}

const TfFamily tf_family_hypercube = {
  .name = "hypercube",
  .description = N_("n-dimensional binary hypercube of chips, one chip per board"),
  .leaf_tier = TF_TIER_CHIP,
  .scopes = 1u << TF_SCOPE_INTRA_RACK,
  .direct = TRUE,
  .walk = hypercube_walk,
  .parse_id = hypercube_parse_id,
  .format_id = hypercube_format_id,
  .check = hypercube_check,
  .attrs = hypercube_attrs,
  .count = hypercube_count,
  .switch_ports = tf_family_no_switch_ports,
  .build = hypercube_build,
  .metrics = hypercube_metrics,
  .metrics_need_build = FALSE,
};
