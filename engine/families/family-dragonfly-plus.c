/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-dragonfly-plus.c: Dragonfly+ (Shpiner et al. 2017; @tbl-spec-topo-15).
 *
 * A group holds a leaf switches in s subgroups of k = a / s leaves, and s spine switches, one per
 * subgroup. Leaves of a subgroup are fully linked ("子组内全互联"); every leaf links to every
 * spine of its group (the leaf-spine "spine 连接" of Shpiner's groups). Each spine has s - 1
 * global ports, so a group has s (s - 1) and the balanced group count is s (s - 1) + 1; groups
 * are wired by the consecutive arrangement shared with Dragonfly. p endpoints per leaf; g is
 * ceil (n_endpoint / (a p)) as for Dragonfly. A group is a rack; racks into pods as for Dragonfly.
 * attach=rail and planes=P as for Dragonfly: a rail group of C_board consecutive leaves
 * (C_board | a) takes p boards, chip j of each on its leaf j; each group holds its P planes'
 * leaves and spines, plane by plane (dragonfly-groups-private.h).
 */
#include "dragonfly-groups-private.h"
#include "family-private.h"
#include "metrics-private.h"
#include "placement-private.h"

typedef struct
{
  guint32 a;
  guint32 p;
  guint32 s;
  guint32 g;
  guint32 n_endpoint;
  TfAttachment at;  /* rails and planes (attachment-private.h) */
} DragonflyPlusParams;

static const TfWarning warning_minimal_subgroups = {
  "minimal-subgroups",
  N_("minimal subgroups"),
  N_("Only two subgroups per group; the subgroup structure gains little.")
};

#define A_MIN 4
#define A_MAX 32
#define P_MIN 2
#define P_MAX 8
#define S_MIN 2
#define S_MAX 8

static gboolean
dragonfly_plus_check (const TfContext *ctx,
                      TfResult        *result,
                      GString         *why)
{
  DragonflyPlusParams d;
  guint g_max, c, per_group;

  TF_PARAMS_GET (&result->params, DragonflyPlusParams, &d);
  if (d.a < A_MIN || d.a > A_MAX)
    return tf_reject (why, "a = %u: a must be from %u to %u", d.a, A_MIN, A_MAX);
  if (d.p < P_MIN || d.p > P_MAX)
    return tf_reject (why, "p = %u: p must be from %u to %u", d.p, P_MIN, P_MAX);
  if (d.s < S_MIN || d.s > S_MAX)
    return tf_reject (why, "s = %u: s must be from %u to %u", d.s, S_MIN, S_MAX);
  if (d.a % d.s != 0)
    return tf_reject (why, "s = %u must divide a = %u", d.s, d.a);
  g_max = d.s * (d.s - 1) + 1;
  if (d.g < 2 || d.g > g_max)
    return tf_reject (why, "g = %u: g must be from 2 to s (s - 1) + 1 = %u", d.g, g_max);
  if (d.n_endpoint < 1 || ctx->n_chip % d.n_endpoint != 0)
    return tf_reject (why, "n_endpoint = %u must divide n_chip = %u", d.n_endpoint,
                      ctx->n_chip);
  c = ctx->n_chip / d.n_endpoint;
  if (!tf_dragonfly_attachment_check (&d.at, ctx, d.a, c, why))
    return FALSE;
  per_group = tf_dragonfly_boards_per_group (&d.at, d.a, d.p, c);
  if (!tf_dragonfly_groups_check (ctx, d.g, per_group, d.n_endpoint, why))
    return FALSE;

  result->n_endpoint = d.n_endpoint;
  result->chips_per_board = c;

  /* The spec's N_endpoint, boards, whatever their attachment. */
  if (d.n_endpoint < ctx->warning_thresholds[TF_THRESHOLD_DRAGONFLY_PLUS_MIN_ENDPOINTS])
    tf_result_add_warning (result, &tf_warning_over_engineered);
  if (d.s == 2)
    tf_result_add_warning (result, &warning_minimal_subgroups);
  if (d.g < g_max)
    tf_result_add_warning (result, &tf_warning_non_balanced_global_link);
  if (tf_result_low_utilization (ctx, (double) d.g * per_group, d.n_endpoint))
    tf_result_add_warning (result, &tf_warning_low_utilization);
  /* Groups fill in order and g >= 2, so the first is full: per_group boards in its rack. */
  if (per_group > ctx->boards_per_rack_max)
    tf_result_add_warning (result, &tf_warning_rack_overflow);
  tf_result_check_rack_power (ctx, result, per_group);
  return TRUE;
}

typedef struct
{
  const TfContext *ctx;
  TfParamsVisitor  visit;
  gpointer         data;
  guint            a, p, s;
} Walk;

static gboolean
walk_attachment (guint               n_endpoint,
                 const TfAttachment *at,
                 gpointer            data)
{
  Walk *w = data;
  guint c = w->ctx->n_chip / n_endpoint, g;
  DragonflyPlusParams d;
  TfParams params;

  if (at->attach == TF_ATTACH_RAIL && w->a % c != 0)
    return TRUE;
  g = tf_dragonfly_groups_for (n_endpoint, tf_dragonfly_boards_per_group (at, w->a, w->p, c));
  if (g < 2 || g > w->s * (w->s - 1) + 1)
    return TRUE;
  d = (DragonflyPlusParams) { w->a, w->p, w->s, g, n_endpoint, *at };
  TF_PARAMS_SET (&params, DragonflyPlusParams, &d);
  return w->visit (&params, w->data);
}

static gboolean
dragonfly_plus_walk (const TfContext *ctx,
                     TfParamsVisitor  visit,
                     gpointer         data)
{
  Walk w = { ctx, visit, data };

  for (w.a = A_MIN; w.a <= A_MAX; w.a++)
    for (w.s = S_MIN; w.s <= S_MAX; w.s++)
      {
        if (w.a % w.s != 0)
          continue;
        for (w.p = P_MIN; w.p <= P_MAX; w.p++)
          if (!tf_attachment_foreach_boards (ctx, walk_attachment, &w))
            return FALSE;
      }
  return TRUE;
}

/* The id's keys: a, p, s and g are family_attrs too. */
static const TfIdKey dragonfly_plus_id_keys[] = {
  TF_ID_KEY_UINT ("a", DragonflyPlusParams, a, A_MIN, A_MAX, TF_ID_ATTR),
  TF_ID_KEY_UINT ("p", DragonflyPlusParams, p, P_MIN, P_MAX, TF_ID_ATTR),
  TF_ID_KEY_UINT ("s", DragonflyPlusParams, s, S_MIN, S_MAX, TF_ID_ATTR),
  TF_ID_KEY_UINT ("g", DragonflyPlusParams, g, 2, S_MAX * (S_MAX - 1) + 1, TF_ID_ATTR),
  TF_ID_KEY_UINT ("n_endpoint", DragonflyPlusParams, n_endpoint, 1, TF_N_CHIP_MAX, 0),
  TF_ATTACHMENT_ID_KEYS (DragonflyPlusParams, at),
};

static void
dragonfly_plus_attachment (const TfResult *result,
                           TfAttachment   *at)
{
  DragonflyPlusParams d;

  TF_PARAMS_GET (&result->params, DragonflyPlusParams, &d);
  *at = d.at;
}

static void
dragonfly_plus_count (const TfContext *ctx,
                      const TfResult  *result,
                      TfMetrics       *m)
{
  DragonflyPlusParams d;
  guint64 k, lanes = tf_result_lanes (ctx, result), global, between, planes;

  TF_PARAMS_GET (&result->params, DragonflyPlusParams, &d);
  k = d.a / d.s;
  planes = d.at.planes;
  /* Every chip's chip_radix links go to the leaves (split among the planes); each plane has the
   * switch-switch links of one Dragonfly+. */
  tf_metrics_add_links (m, TF_LINK_B2B, TF_REACH_RACK,
                        (guint64) ctx->n_chip * ctx->chip_radix
                        + ((guint64) d.g * d.a * d.s
                           + (guint64) d.g * d.s * k * (k - 1) / 2) * lanes * planes);
  global = tf_global_link_count (d.g, d.s * (d.s - 1));
  between = tf_global_link_count_between_pods (d.g, d.s * (d.s - 1), ctx->racks_per_pod_max);
  tf_metrics_add_links (m, TF_LINK_R2R, TF_REACH_POD, (global - between) * lanes * planes);
  tf_metrics_add_links (m, TF_LINK_P2P, TF_REACH_DATACENTER, between * lanes * planes);
  m->switch_count = d.g * (d.a + d.s) * d.at.planes;
  m->links_per_chip_min = m->links_per_chip_max = ctx->chip_radix;
}

/* A full leaf: p boards (or chips), s spines, k - 1 subgroup peers. A spine: a leaves and its
 * linked global ports (the arrangement may leave some unused when g is not balanced). Every
 * plane is the same. */
static guint64
dragonfly_plus_switch_ports (const TfContext *ctx,
                             const TfResult  *result)
{
  DragonflyPlusParams d;
  guint ports, global = 0, partner;

  TF_PARAMS_GET (&result->params, DragonflyPlusParams, &d);
  ports = d.s * (d.s - 1);
  for (guint j = 0; j < d.s; j++)
    {
      guint used = 0;

      for (guint p = j * (d.s - 1); p < (j + 1) * (d.s - 1); p++)
        used += tf_global_port_partner (d.g, ports, p, &partner);
      global = MAX (global, used);
    }
  return MAX ((guint64) d.p + d.s + d.a / d.s - 1, (guint64) d.a + global);
}

/* Groups rotate onto groups: every group holds its a leaves and s spines of every plane, and its
 * boards' chips, in order; only the last group may be partly filled. */
static void
rotation_of (const DragonflyPlusParams *d,
             guint                      chips_per_board,
             TfGroupRotation           *rotation)
{
  rotation->n_group = d->g;
  rotation->group_switches = (d->a + d->s) * d->at.planes;
  rotation->group_chips = tf_dragonfly_boards_per_group (&d->at, d->a, d->p, chips_per_board)
                          * chips_per_board;
}

static gboolean
dragonfly_plus_group_rotation (const TfContext *ctx,
                               const TfResult  *result,
                               TfGroupRotation *rotation)
{
  DragonflyPlusParams d;

  TF_PARAMS_GET (&result->params, DragonflyPlusParams, &d);
  rotation_of (&d, result->chips_per_board, rotation);
  return TRUE;
}

static gboolean
dragonfly_plus_build (const TfContext *ctx,
                      const TfResult  *result,
                      TfBuild         *b,
                      GError         **error)
{
  DragonflyPlusParams d;
  TfGroupRotation rotation;
  guint c = result->chips_per_board, per_group, stride, k, planes, n_ep;

  TF_PARAMS_GET (&result->params, DragonflyPlusParams, &d);
  rotation_of (&d, c, &rotation);
  per_group = tf_dragonfly_boards_per_group (&d.at, d.a, d.p, c);
  stride = d.a + d.s;
  k = d.a / d.s;
  planes = d.at.planes;
  n_ep = tf_attachment_n_endpoint (&d.at, d.n_endpoint, c);
  tf_build_set_shape (b, n_ep, c, d.n_endpoint, d.g, tf_pack_count (d.g, ctx->racks_per_pod_max));
  tf_attachment_set_endpoint_boards (&d.at, b);
  for (guint i = 0; i < d.g; i++)
    b->rack_pod[i] = i / ctx->racks_per_pod_max;
  for (guint e = 0; e < d.n_endpoint; e++)
    b->board_rack[e] = e / per_group;
  tf_build_reserve (b, d.g * stride * planes,
                    (n_ep + d.g * (d.a * d.s + d.s * k * (k - 1) / 2)
                     + (guint) tf_global_link_count (d.g, d.s * (d.s - 1))) * planes);
  /* Groups rotate onto groups (family-private.h), each holding its switches of every plane. */
  b->n_group = rotation.n_group;
  b->group_switches = rotation.group_switches;
  for (guint i = 0; i < d.g; i++)
    for (guint q = 0; q < planes; q++)
      {
        char pre[16];

        tf_attachment_plane_prefix (&d.at, q, pre);
        for (guint l = 0; l < d.a; l++)
          tf_build_add_switch (b, TF_TIER_RACK, i, "%sgroup%u-leaf%u", pre, i, l);
        for (guint j = 0; j < d.s; j++)
          tf_build_add_switch (b, TF_TIER_RACK, i, "%sgroup%u-spine%u", pre, i, j);
      }
  for (guint e = 0; e < n_ep; e++)
    for (guint q = 0; q < planes; q++)
      tf_build_add_link (b, e, tf_build_switch_node (b, tf_dragonfly_endpoint_switch (
                                 &d.at, e, d.a, d.p, c, stride, q)), 1);
  for (guint i = 0; i < d.g; i++)
    for (guint q = 0; q < planes; q++)
      {
        guint first = (i * planes + q) * stride;

        for (guint l = 0; l < d.a; l++)
          {
            for (guint j = 0; j < d.s; j++)
              tf_build_add_link (b, tf_build_switch_node (b, first + l),
                                 tf_build_switch_node (b, first + d.a + j), 1);
            /* The rest of the leaf's subgroup */
            for (guint m = l + 1; m < (l / k + 1) * k; m++)
              tf_build_add_link (b, tf_build_switch_node (b, first + l),
                                 tf_build_switch_node (b, first + m), 1);
          }
      }
  for (guint q = 0; q < planes; q++)
    tf_global_links_build (b, d.g, d.s * (d.s - 1), q * stride + d.a, stride * planes, d.s - 1);
  return TRUE;
}

static void
dragonfly_plus_metrics (const TfContext *ctx,
                        const TfResult  *result,
                        const TfBuild   *build,
                        TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  TfBoardTopo bt;
  DragonflyPlusParams d;
  guint planes;

  tf_result_link_speeds (ctx, result, &speeds);

  TF_PARAMS_GET (&result->params, DragonflyPlusParams, &d);
  planes = d.at.planes;
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  /* Leaves of different groups are 3 hops apart: up to a spine holding a link to the other
   * group (every group pair has one), across, and down; every leaf links to every spine. Two
   * groups hold chips (g >= 2), so the diameter is 2 + 3: with rails too, as a chip reaches
   * another group's spines in 2 hops at best (its neighbours are leaves and chips of its
   * board), and with planes, each alike and joined only through chips. */
  m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint,
                                         tf_dragonfly_groups_for (result->n_endpoint, d.p), 3);
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  /* Boards (two or more) hang off one leaf in each plane, which separate them: one path a
   * plane. With rails a chip's board neighbours reach other leaves, and the chip's own
   * neighbours, its leaves and those, are a cut: an upper bound. */
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint)
                      * planes;
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  if (d.at.attach == TF_ATTACH_RAIL && bt.topo != TF_INTRA_BOARD_NONE)
    {
      m->path_diversity = planes + tf_board_topo_degree (&bt);
      m->path_diversity_method = TF_METHOD_UPPER_BOUND;
    }
  tf_bisection_switch_family (ctx, &speeds, build, NULL, &bt, m);
}

const TfFamily tf_family_dragonfly_plus = {
  .name = "dragonfly-plus",
  .description = N_("Dragonfly whose groups are leaf-spine subgroups; a group is a rack"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTER_RACK,
  .direct = FALSE,
  .walk = dragonfly_plus_walk,
  .id_keys = dragonfly_plus_id_keys,
  .n_id_keys = G_N_ELEMENTS (dragonfly_plus_id_keys),
  .check = dragonfly_plus_check,
  .count = dragonfly_plus_count,
  .switch_ports = dragonfly_plus_switch_ports,
  .build = dragonfly_plus_build,
  .metrics = dragonfly_plus_metrics,
  .metrics_need_build = TRUE,
  .attachment = dragonfly_plus_attachment,
  .group_rotation = dragonfly_plus_group_rotation,
};
