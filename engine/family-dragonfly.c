/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-dragonfly.c: Dragonfly (Kim et al., ISCA 2008; @tbl-spec-topo-14).
 *
 * g groups of a switches, p endpoints (boards) per switch, h global links per switch. Switches
 * of a group are fully linked; groups are linked by the consecutive arrangement
 * (dragonfly-global-links.c). g runs over [2, a h + 1]; for a given n_endpoint the no-empty-group
 * rule and capacity g a p >= n_endpoint fix g = ceil (n_endpoint / (a p)). Endpoints fill groups
 * in order, so only the last group may be partly filled. Each group is one rack, all groups one
 * pod while they fit racks_per_pod_max, runs of groups per pod beyond; rack-overflow when a
 * group's boards are more than a rack holds.
 */
#include "dragonfly-groups-private.h"
#include "family-private.h"
#include "metrics-private.h"
#include "placement-private.h"

typedef struct
{
  guint32 a;
  guint32 p;
  guint32 h;
  guint32 g;
  guint32 n_endpoint;
} DragonflyParams;

#define A_MIN 4
#define A_MAX 32
#define P_MIN 2
#define P_MAX 8

static gboolean
dragonfly_check (const TfContext *ctx,
                 TfResult        *result,
                 GString         *why)
{
  DragonflyParams d;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  if (d.a < A_MIN || d.a > A_MAX)
    return tf_reject (why, "a = %u: a must be from %u to %u", d.a, A_MIN, A_MAX);
  if (d.p < P_MIN || d.p > P_MAX)
    return tf_reject (why, "p = %u: p must be from %u to %u", d.p, P_MIN, P_MAX);
  if (d.h < 1 || d.h > d.a)
    return tf_reject (why, "h = %u: h must be from 1 to a = %u", d.h, d.a);
  if (d.g < 2)
    return tf_reject (why, "g = %u: g must be at least 2", d.g);
  if (d.g > d.a * d.h + 1)
    return tf_reject (why, "g = %u: g must be at most a h + 1 = %u", d.g, d.a * d.h + 1);
  if (!tf_dragonfly_groups_check (ctx, d.g, d.a * d.p, d.n_endpoint, why))
    return FALSE;

  result->n_endpoint = d.n_endpoint;
  result->chips_per_board = ctx->n_chip / d.n_endpoint;

  if (d.n_endpoint < 64)
    tf_result_add_warning (result, &tf_warning_degenerate);
  if (d.g < d.a * d.h + 1)
    tf_result_add_warning (result, &tf_warning_non_balanced_global_link);
  if ((double) d.g * d.a * d.p > 1.5 * d.n_endpoint)
    tf_result_add_warning (result, &tf_warning_low_utilization);
  if ((guint64) d.a * d.p > ctx->boards_per_rack_max)
    tf_result_add_warning (result, &tf_warning_rack_overflow);
  return TRUE;
}

typedef struct
{
  TfParamsVisitor visit;
  gpointer        data;
  guint           a, p;
} Walk;

static gboolean
walk_endpoint (guint    n_endpoint,
               gpointer data)
{
  Walk *w = data;
  guint g = tf_dragonfly_groups_for (n_endpoint, w->a * w->p);

  if (g < 2)
    return TRUE;
  /* g <= a h + 1 means h >= ceil ((g - 1) / a). */
  for (guint h = MAX (1, (g - 1 + w->a - 1) / w->a); h <= w->a; h++)
    {
      DragonflyParams d = { w->a, w->p, h, g, n_endpoint };
      TfParams params;

      TF_PARAMS_SET (&params, DragonflyParams, &d);
      if (!w->visit (&params, w->data))
        return FALSE;
    }
  return TRUE;
}

static gboolean
dragonfly_walk (const TfContext *ctx,
                TfParamsVisitor  visit,
                gpointer         data)
{
  Walk w = { visit, data };

  for (w.a = A_MIN; w.a <= A_MAX; w.a++)
    for (w.p = P_MIN; w.p <= P_MAX; w.p++)
      if (!tf_foreach_divisor (ctx->n_chip, walk_endpoint, &w))
        return FALSE;
  return TRUE;
}

static gboolean
dragonfly_parse_id (TfIdArgs  *args,
                    TfParams  *params,
                    GError   **error)
{
  DragonflyParams d;

  if (!tf_id_args_get_uint (args, "a", A_MIN, A_MAX, &d.a, error)
      || !tf_id_args_get_uint (args, "p", P_MIN, P_MAX, &d.p, error)
      || !tf_id_args_get_uint (args, "h", 1, A_MAX, &d.h, error)
      || !tf_id_args_get_uint (args, "g", 2, A_MAX * A_MAX + 1, &d.g, error)
      || !tf_id_args_get_uint (args, "n_endpoint", 1, TF_N_CHIP_MAX, &d.n_endpoint, error))
    return FALSE;
  TF_PARAMS_SET (params, DragonflyParams, &d);
  return TRUE;
}

static void
dragonfly_format_id (const TfParams *params,
                     GString        *out)
{
  DragonflyParams d;

  TF_PARAMS_GET (params, DragonflyParams, &d);
  tf_id_append_uint (out, "a", d.a);
  tf_id_append_uint (out, "p", d.p);
  tf_id_append_uint (out, "h", d.h);
  tf_id_append_uint (out, "g", d.g);
  tf_id_append_uint (out, "n_endpoint", d.n_endpoint);
}

static void
dragonfly_attrs (const TfResult *result,
                 TfAttrs        *attrs)
{
  DragonflyParams d;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  tf_attrs_add_int (attrs, "a", d.a);
  tf_attrs_add_int (attrs, "p", d.p);
  tf_attrs_add_int (attrs, "h", d.h);
  tf_attrs_add_int (attrs, "g", d.g);
}

static void
dragonfly_count (const TfContext *ctx,
                 const TfResult  *result,
                 TfMetrics       *m)
{
  DragonflyParams d;
  guint64 lanes = tf_result_lanes (ctx, result), global, between;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  tf_metrics_add_links (m, TF_LINK_B2B, TF_REACH_RACK,
                        (guint64) ctx->n_chip * ctx->chip_radix
                        + (guint64) d.g * d.a * (d.a - 1) / 2 * lanes);
  global = tf_global_link_count (d.g, d.a * d.h);
  between = tf_global_link_count_between_pods (d.g, d.a * d.h, ctx->racks_per_pod_max);
  tf_metrics_add_links (m, TF_LINK_R2R, TF_REACH_POD, (global - between) * lanes);
  tf_metrics_add_links (m, TF_LINK_P2P, TF_REACH_DATACENTER, between * lanes);
  m->switch_count = d.g * d.a;
  m->links_per_chip_min = m->links_per_chip_max = ctx->chip_radix;
}

/* The first switch hosts p boards, links to the a - 1 others of its group, and its h global
 * ports all fall in the first round of the arrangement, so all are linked. */
static guint64
dragonfly_switch_ports (const TfContext *ctx,
                        const TfResult  *result)
{
  DragonflyParams d;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  return (guint64) d.p + d.a - 1 + d.h;
}

static gboolean
dragonfly_build (const TfContext *ctx,
                 const TfResult  *result,
                 TfBuild         *b,
                 GError         **error)
{
  DragonflyParams d;
  guint per_group;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  per_group = d.a * d.p;
  tf_build_set_shape (b, d.n_endpoint, result->chips_per_board, d.n_endpoint, d.g,
                      tf_pack_count (d.g, ctx->racks_per_pod_max));
  for (guint i = 0; i < d.g; i++)
    b->rack_pod[i] = i / ctx->racks_per_pod_max;
  tf_build_reserve (b, d.g * d.a,
                    d.n_endpoint + d.g * d.a * (d.a - 1) / 2
                    + (guint) tf_global_link_count (d.g, d.a * d.h));
  /* Groups rotate onto groups (family-private.h). */
  b->n_group = d.g;
  b->group_switches = d.a;
  for (guint i = 0; i < d.g; i++)
    for (guint s = 0; s < d.a; s++)
      tf_build_add_switch (b, TF_TIER_RACK, i, "group%u-switch%u", i, s);
  for (guint e = 0; e < d.n_endpoint; e++)
    {
      b->board_rack[e] = e / per_group;
      tf_build_add_link (b, e, tf_build_switch_node (b, (e / per_group) * d.a
                                                        + (e % per_group) / d.p), 1);
    }
  for (guint i = 0; i < d.g; i++)
    for (guint s = 0; s < d.a; s++)
      for (guint t = s + 1; t < d.a; t++)
        tf_build_add_link (b, tf_build_switch_node (b, i * d.a + s),
                           tf_build_switch_node (b, i * d.a + t), 1);
  tf_global_links_build (b, d.g, d.a * d.h, 0, d.a, d.h);
  return TRUE;
}

static void
dragonfly_metrics (const TfContext *ctx,
                   const TfResult  *result,
                   const TfBuild   *build,
                   TfMetrics       *m)
{
  TfBoardTopo bt;
  TfAdjacency switches;
  guint n_hosting, leaf_diameter;

  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  tf_build_switch_adjacency (build, &switches);
  /* Global links between two groups may miss most switch pairs; search the switches. */
  tf_build_leaf_diameter (build, &switches, &n_hosting, &leaf_diameter);
  m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint, n_hosting, leaf_diameter);
  m->diameter_method = TF_METHOD_EXACT;
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  tf_bisection_switch_family (ctx, build, &switches, &bt, m);
  tf_adjacency_clear (&switches);
}

const TfFamily tf_family_dragonfly = {
  .name = "dragonfly",
  .description = N_("Groups of fully linked switches joined by global links; a group is a rack"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTER_RACK,
  .direct = FALSE,
  .walk = dragonfly_walk,
  .parse_id = dragonfly_parse_id,
  .format_id = dragonfly_format_id,
  .check = dragonfly_check,
  .attrs = dragonfly_attrs,
  .count = dragonfly_count,
  .switch_ports = dragonfly_switch_ports,
  .build = dragonfly_build,
  .metrics = dragonfly_metrics,
  .metrics_need_build = TRUE,
};
