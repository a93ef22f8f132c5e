/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-hyperx.c: HyperX (Ahn et al., SC 2009; @tbl-spec-topo-18).
 *
 * prod S_i switches on an L-dimensional grid, each dimension fully linked, T endpoints (boards)
 * per switch; n_endpoint = T prod S_i must divide n_chip. S is written non-decreasing (the
 * canonical form). Switch i sits at (i mod S_0, i / S_0 mod S_1, ...) and hosts boards
 * i T .. i T + T - 1. Racks follow the dimensions: a rack holds whole lines of dimension 0, then
 * of dimensions 0 and 1, ..., as many switches with their boards as boards_per_rack_max allows
 * (a run of consecutive switches), and pods likewise hold racks (rack-overflow when one
 * switch's T boards are more than a rack holds). Switches are rack switches of their rack.
 */
#include "attachment-private.h"
#include "family-private.h"
#include "metrics-private.h"
#include "placement-private.h"

#define L_MAX 4
#define T_MAX 8

typedef struct
{
  guint32 L;
  guint32 T;
  guint32 S[L_MAX];
  TfAttachment at; /* planes: copies of the switch grid, each chip's links split among them */
} HyperxParams;

static const TfWarning warning_degenerate_to_single_switch = {
  "degenerate-to-single-switch",
  N_("degenerate to one switch"),
  N_("One dimension: the switches form a single fully linked layer.")
};

static guint64
switch_count (const HyperxParams *x)
{
  guint64 p = 1;

  for (guint i = 0; i < x->L; i++)
    p *= x->S[i];
  return p;
}

static gboolean
hyperx_check (const TfContext *ctx,
              TfResult        *result,
              GString         *why)
{
  HyperxParams x;
  guint64 n_endpoint;

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  if (x.L < 1 || x.L > L_MAX)
    return tf_reject (why, "L = %u: L must be from 1 to %u", x.L, L_MAX);
  if (x.T < 1 || x.T > T_MAX)
    return tf_reject (why, "T = %u: T must be from 1 to %u", x.T, T_MAX);
  for (guint i = 0; i < x.L; i++)
    {
      if (x.S[i] < 2)
        return tf_reject (why, "S[%u] = %u: every S_i must be at least 2", i, x.S[i]);
      if (i > 0 && x.S[i] < x.S[i - 1])
        return tf_reject (why, "S must be non-decreasing (canonical form)");
    }
  n_endpoint = x.T * switch_count (&x);
  if (n_endpoint > ctx->n_chip || ctx->n_chip % n_endpoint != 0)
    return tf_reject (why, "n_endpoint = T prod S = %" G_GUINT64_FORMAT " must divide n_chip = %u",
                      n_endpoint, ctx->n_chip);

  if (!tf_attachment_check (&x.at, ctx, ctx->n_chip / (guint) n_endpoint, why))
    return FALSE;
  if (x.at.attach != TF_ATTACH_BOARD)
    return tf_reject (why, "attach = rail: not yet for hyperx");
  result->n_endpoint = (guint) n_endpoint;
  result->chips_per_board = ctx->n_chip / (guint) n_endpoint;

  if (x.L == 4)
    tf_result_add_warning (result, &tf_warning_high_dimension);
  if (x.S[x.L - 1] > 2 * x.S[0])
    tf_result_add_warning (result, &tf_warning_asymmetric);
  if (x.L == 1)
    tf_result_add_warning (result, &warning_degenerate_to_single_switch);
  if (x.T > ctx->boards_per_rack_max)
    tf_result_add_warning (result, &tf_warning_rack_overflow);
  return TRUE;
}

typedef struct
{
  const TfContext *ctx;
  TfParamsVisitor  visit;
  gpointer         data;
  HyperxParams     x;
} Walk;

static gboolean
walk_attachment (const TfAttachment *at,
                 gpointer            data)
{
  Walk *w = data;
  TfParams params;

  /* Rails come with the next step. */
  if (at->attach != TF_ATTACH_BOARD)
    return TRUE;
  w->x.at = *at;
  TF_PARAMS_SET (&params, HyperxParams, &w->x);
  return w->visit (&params, w->data);
}

/* Non-decreasing factorisations of @rest into dimensions d, d + 1, ..., each at least @min. */
static gboolean
walk_dims (Walk  *w,
           guint  d,
           guint  rest,
           guint  min)
{
  /* @rest as the last dimension */
  if (rest >= min)
    {
      w->x.S[d] = rest;
      w->x.L = d + 1;
      if (!tf_attachment_foreach (w->ctx,
                                  (guint) (w->ctx->n_chip / MAX (1, w->x.T * switch_count (&w->x))),
                                  walk_attachment, w))
        return FALSE;
      w->x.at = (TfAttachment) { 0 };
      w->x.S[d] = 0;
    }
  /* or split it further; the next factor is at least s, so s * s <= rest */
  if (d + 1 < L_MAX)
    for (guint s = min; (guint64) s * s <= rest; s++)
      if (rest % s == 0)
        {
          w->x.S[d] = s;
          if (!walk_dims (w, d + 1, rest / s, s))
            return FALSE;
          w->x.S[d] = 0;
        }
  return TRUE;
}

static gboolean
walk_endpoint (guint    n_endpoint,
               gpointer data)
{
  Walk *w = data;

  for (guint t = 1; t <= T_MAX; t++)
    if (n_endpoint % t == 0 && n_endpoint / t >= 2)
      {
        memset (&w->x, 0, sizeof w->x);
        w->x.T = t;
        if (!walk_dims (w, 0, n_endpoint / t, 2))
          return FALSE;
      }
  return TRUE;
}

static gboolean
hyperx_walk (const TfContext *ctx,
             TfParamsVisitor  visit,
             gpointer         data)
{
  Walk w = { ctx, visit, data };

  return tf_foreach_divisor (ctx->n_chip, walk_endpoint, &w);
}

static gboolean
hyperx_parse_id (TfIdArgs  *args,
                 TfParams  *params,
                 GError   **error)
{
  HyperxParams x = { 0 };
  guint n;

  if (!tf_id_args_get_uint (args, "L", 1, L_MAX, &x.L, error)
      || !tf_id_args_get_uint (args, "T", 1, T_MAX, &x.T, error)
      || !tf_id_args_get_list (args, "S", 1, L_MAX, 2, TF_N_CHIP_MAX, &n, x.S, error)
      || !tf_attachment_parse_id (args, &x.at, error))
    return FALSE;
  if (n != x.L)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                   "id '%s': S lists %u values but L = %u", args->id, n, x.L);
      return FALSE;
    }
  TF_PARAMS_SET (params, HyperxParams, &x);
  return TRUE;
}

static void
hyperx_format_id (const TfParams *params,
                  GString        *out)
{
  HyperxParams x;

  TF_PARAMS_GET (params, HyperxParams, &x);
  tf_id_append_uint (out, "L", x.L);
  tf_id_append_uint (out, "T", x.T);
  tf_id_append_list (out, "S", x.S, x.L);
  tf_attachment_format_id (&x.at, out);
}

static void
hyperx_attrs (const TfResult *result,
              TfAttrs        *attrs)
{
  HyperxParams x;

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  tf_attrs_add_int (attrs, "L", x.L);
  tf_attrs_add_int (attrs, "T", x.T);
  tf_attrs_add_list (attrs, "S", x.S, x.L);
  tf_attachment_attrs (&x.at, result->chips_per_board, attrs);
}

/* A board port in one plane carries C x chip_radix / planes links, and so does a link between
 * switches of a plane (tf_result_get_lanes). */
static void
hyperx_attachment (const TfResult *result,
                   TfAttachment   *at)
{
  HyperxParams x;

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  *at = x.at;
}

/* Racks and pods along the dimensions: @unit[d] gives the switch coordinates of dimension d a
 * rack and a pod span; racks are runs of @per_rack switches, pods of @per_pod. */
typedef struct
{
  guint32 unit[L_MAX][2];
  guint64 per_rack;
  guint64 per_pod;
} Layout;

static void
hyperx_layout (const TfContext    *ctx,
               const HyperxParams *x,
               Layout             *lay)
{
  guint32 rack[L_MAX], grid[L_MAX], pod[L_MAX];

  tf_block_prefix (x->L, x->S, MAX (1, ctx->boards_per_rack_max / x->T), rack);
  for (guint d = 0; d < x->L; d++)
    grid[d] = x->S[d] / rack[d];
  tf_block_prefix (x->L, grid, ctx->racks_per_pod_max, pod);
  lay->per_rack = lay->per_pod = 1;
  for (guint d = 0; d < x->L; d++)
    {
      lay->unit[d][0] = rack[d];
      lay->unit[d][1] = rack[d] * pod[d];
      lay->per_rack *= rack[d];
      lay->per_pod *= (guint64) rack[d] * pod[d];
    }
}

static void
hyperx_count (const TfContext *ctx,
              const TfResult  *result,
              TfMetrics       *m)
{
  HyperxParams x;
  Layout lay;
  guint64 p, lanes = tf_result_lanes (ctx, result), rack = 0, pod = 0, all = 0;

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  p = switch_count (&x);
  hyperx_layout (ctx, &x, &lay);
  /* Along dimension d, p / S_d lines of S_d switches each fully linked; pairs inside one
   * rack's (pod's) stretch of a line stay in it. */
  for (guint d = 0; d < x.L; d++)
    {
      guint64 s_d = x.S[d], lines = p / s_d;

      all += lines * s_d * (s_d - 1) / 2;
      rack += lines * tf_pairs_within_runs (s_d, lay.unit[d][0]);
      pod += lines * tf_pairs_within_runs (s_d, lay.unit[d][1]);
    }
  lanes *= x.at.planes;   /* every plane's links */
  tf_metrics_add_links (m, TF_LINK_B2B, TF_REACH_RACK,
                        (guint64) ctx->n_chip * ctx->chip_radix + rack * lanes);
  tf_metrics_add_links (m, TF_LINK_R2R, TF_REACH_POD, (pod - rack) * lanes);
  tf_metrics_add_links (m, TF_LINK_P2P, TF_REACH_DATACENTER, (all - pod) * lanes);
  m->switch_count = (guint) (p * x.at.planes);
  m->links_per_chip_min = m->links_per_chip_max = ctx->chip_radix;
}

/* Every switch: T boards and S_i - 1 peers in each dimension. */
static guint64
hyperx_switch_ports (const TfContext *ctx,
                     const TfResult  *result)
{
  HyperxParams x;
  guint64 radix;

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  radix = x.T;
  for (guint i = 0; i < x.L; i++)
    radix += x.S[i] - 1;
  return radix;
}

static gboolean
hyperx_build (const TfContext *ctx,
              const TfResult  *result,
              TfBuild         *b,
              GError         **error)
{
  HyperxParams x;
  Layout lay;
  guint p, links;

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  p = (guint) switch_count (&x);
  hyperx_layout (ctx, &x, &lay);
  tf_build_set_shape (b, result->n_endpoint, result->chips_per_board, result->n_endpoint,
                      (guint) (p / lay.per_rack), (guint) (p / lay.per_pod));
  for (guint e = 0; e < result->n_endpoint; e++)
    b->board_rack[e] = (guint32) (e / x.T / lay.per_rack);
  for (guint r = 0; r < b->n_rack; r++)
    b->rack_pod[r] = (guint32) (r / (lay.per_pod / lay.per_rack));
  links = result->n_endpoint;
  for (guint d = 0; d < x.L; d++)
    links += p * (x.S[d] - 1) / 2;
  tf_build_reserve (b, p * x.at.planes, links * x.at.planes);
  /* Plane q's switches are p q .. p (q + 1) - 1, "p<q>.switch-..." when there are planes. */
  for (guint q = 0; q < x.at.planes; q++)
    for (guint i = 0; i < p; i++)
      {
        GString *id = g_string_new (NULL);
        guint rest = i;

        char pre[16];

        tf_attachment_plane_prefix (&x.at, q, pre);
        g_string_append (id, pre);
        g_string_append (id, "switch");
        for (guint d = 0; d < x.L; d++)
          {
            g_string_append_printf (id, "-%u", rest % x.S[d]);
            rest /= x.S[d];
          }
        tf_build_add_switch (b, TF_TIER_RACK, (guint) (i / lay.per_rack), "%s", id->str);
        g_string_free (id, TRUE);
      }
  for (guint q = 0; q < x.at.planes; q++)
    {
      guint base = q * p;

      for (guint e = 0; e < result->n_endpoint; e++)
        tf_build_add_link (b, e, tf_build_switch_node (b, base + e / x.T), 1);
      for (guint i = 0; i < p; i++)
        {
          guint stride = 1;

          for (guint d = 0; d < x.L; d++)
            {
              guint c = (i / stride) % x.S[d];

              for (guint o = c + 1; o < x.S[d]; o++)
                tf_build_add_link (b, tf_build_switch_node (b, base + i),
                                   tf_build_switch_node (b, base + i + (o - c) * stride), 1);
              stride *= x.S[d];
            }
        }
    }
  return TRUE;
}

/* The next order of the dimensions in lexicographic order of orders, or FALSE after the last. */
static gboolean
next_order (guint *order,
            guint  n)
{
  guint i = n - 1, j = n - 1, t;

  while (i > 0 && order[i - 1] >= order[i])
    i--;
  if (i == 0)
    return FALSE;
  while (order[j] <= order[i - 1])
    j--;
  t = order[i - 1];
  order[i - 1] = order[j];
  order[j] = t;
  for (j = n - 1; i < j; i++, j--)
    {
      t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  return TRUE;
}

/* The bandwidth of @per_reach switch links (each @lanes physical links) by their reach. */
static double
switch_links_bandwidth (const TfContext *ctx,
                        const guint64    per_reach[TF_N_REACHES],
                        guint64          lanes)
{
  static const TfLinkType type[TF_N_REACHES] = {
    TF_LINK_C2C, TF_LINK_B2B, TF_LINK_R2R, TF_LINK_P2P,
  };
  double bw = 0;

  for (guint reach = TF_REACH_RACK; reach < TF_N_REACHES; reach++)
    bw += (double) per_reach[reach] * lanes
          * tf_context_link_defaults (ctx, type[reach], reach).bandwidth_gbps;
  return bw;
}

/* y chips on one side: the first switches in lexicographic order (dimension @order[0] most
 * significant) with all their boards, and the next switch with the chips left over, on
 * whichever side it cuts less. Halving an even dimension is the case of a whole half. Chip
 * links are B2B inside their switch's rack; switch links reach as the racks and pods make
 * them. */
static void
prefix_cut (const TfContext    *ctx,
            const HyperxParams *x,
            const Layout       *lay,
            const TfBoardTopo  *bt,
            const guint        *order,
            guint               y,
            guint64            *links,
            double             *bandwidth)
{
  guint r = ctx->chip_radix, c = bt->chips, per_switch = x->T * c;
  guint64 lanes = (guint64) c * r, whole = y / per_switch, rho = y % per_switch;
  guint64 board = tf_board_topo_prefix_cut (bt, rho % c);
  double chip_bw = tf_context_link_defaults (ctx, TF_LINK_B2B, TF_REACH_RACK).bandwidth_gbps;
  double board_bw = tf_context_link_defaults (ctx, TF_LINK_C2C, TF_REACH_BOARD).bandwidth_gbps;

  *links = G_MAXUINT64;
  *bandwidth = G_MAXDOUBLE;
  /* The switch holding the chips left over on side 0 (its rho chips cut), or on side 1. */
  for (guint side = 0; side < (rho > 0 ? 2u : 1u); side++)
    {
      guint64 per_reach[TF_N_REACHES] = { 0 };
      guint64 chips = side == 0 ? rho * r : (per_switch - rho) * r;
      guint64 switch_links = tf_hamming_prefix_cut (x->L, x->S,
                                                    (const guint32 (*)[2]) lay->unit, order,
                                                    whole + side, per_reach);

      *links = MIN (*links, switch_links * lanes + chips + board);
      *bandwidth = MIN (*bandwidth, switch_links_bandwidth (ctx, per_reach, lanes)
                                    + (double) chips * chip_bw + (double) board * board_bw);
    }
}

static void
hyperx_metrics (const TfContext *ctx,
                const TfResult  *result,
                const TfBuild   *build,
                TfMetrics       *m)
{
  HyperxParams x;
  TfBoardTopo bt;
  guint64 p;
  guint n = ctx->n_chip, order[L_MAX];
  TfMethod star_method;
  Layout lay;

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  hyperx_layout (ctx, &x, &lay);
  p = switch_count (&x);
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  /* Switches differ in at most L coordinates, one hop each; every switch hosts boards. */
  m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint, (guint) p, x.L);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  /* Each plane's switch is one more path (and separates two boards in its plane). */
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint)
                      + x.at.planes - 1;
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;

  /* The planes are cut alike, so the cut is one plane's at every chip's full links (the
   * chip and switch lanes below are chip_radix's, not a plane's share). */
  tf_bisection_star (ctx, ctx->n_chip, &bt, &m->bisection_links, &m->bisection_bandwidth,
                     &star_method);
  m->bisection_links_method = TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;
  for (guint d = 0; d < x.L; d++)
    order[d] = d;
  do
    for (guint y = n / 2; y <= (n + 1) / 2; y++)
      {
        guint64 links;
        double bandwidth;

        prefix_cut (ctx, &x, &lay, &bt, order, y, &links, &bandwidth);
        m->bisection_links = MIN (m->bisection_links, links);
        m->bisection_bandwidth = MIN (m->bisection_bandwidth, bandwidth);
      }
  while (next_order (order, x.L));
}

const TfFamily tf_family_hyperx = {
  .name = "hyperx",
  .description = N_("Switches on an L-dimensional grid, each dimension fully linked"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTER_RACK,
  .direct = FALSE,
  .walk = hyperx_walk,
  .parse_id = hyperx_parse_id,
  .format_id = hyperx_format_id,
  .check = hyperx_check,
  .attrs = hyperx_attrs,
  .count = hyperx_count,
  .switch_ports = hyperx_switch_ports,
  .attachment = hyperx_attachment,
  .build = hyperx_build,
  .metrics = hyperx_metrics,
  .metrics_need_build = FALSE,
};
