/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-dragonfly.c: Dragonfly (Kim et al., ISCA 2008; @tbl-spec-topo-14).
 *
 * g groups of a switches, p endpoints (boards) per switch, h global links per switch. Switches
 * of a group are fully linked; groups are linked by the consecutive arrangement
 * (dragonfly-groups.c). g runs over [2, a h + 1]; for a given n_endpoint the no-empty-group
 * rule and capacity g a p >= n_endpoint fix g = ceil (n_endpoint / (a p)). Endpoints fill groups
 * in order, so only the last group may be partly filled. Each group is one rack, all groups one
 * pod while they fit racks_per_pod_max, runs of groups per pod beyond; rack-overflow when a
 * group's boards are more than a rack holds.
 * attach=rail: a switch's p ports take chips, one from each of p boards, a rail group of C_board
 * consecutive switches (C_board | a) taking p boards, so a group holds a p / C_board boards and
 * g = ceil (n_endpoint / (a p / C_board)). planes=P: P copies of the switches and links,
 * interleaved inside each group (dragonfly-groups-private.h), switch ids prefixed "p<q>.".
 */
#include "bfs-bit-parallel-private.h"
#include "dragonfly-groups-private.h"
#include "family-private.h"
#include "graph-private.h"
#include "metrics-private.h"
#include "placement-private.h"

typedef struct
{
  guint32 a;
  guint32 p;
  guint32 h;
  guint32 g;
  guint32 n_endpoint;
  TfAttachment at;  /* rails and planes (attachment-private.h) */
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
  guint c, per_group;

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
  if (d.n_endpoint < ctx->warning_thresholds[TF_THRESHOLD_DRAGONFLY_MIN_ENDPOINTS])
    tf_result_add_warning (result, &tf_warning_degenerate);
  if (d.g < d.a * d.h + 1)
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
  guint            a, p;
} Walk;

static gboolean
walk_attachment (guint               n_endpoint,
                 const TfAttachment *at,
                 gpointer            data)
{
  Walk *w = data;
  guint c = w->ctx->n_chip / n_endpoint, g;

  if (at->attach == TF_ATTACH_RAIL && w->a % c != 0)
    return TRUE;
  g = tf_dragonfly_groups_for (n_endpoint, tf_dragonfly_boards_per_group (at, w->a, w->p, c));
  if (g < 2)
    return TRUE;
  /* g <= a h + 1 means h >= ceil ((g - 1) / a). */
  for (guint h = MAX (1, (g - 1 + w->a - 1) / w->a); h <= w->a; h++)
    {
      DragonflyParams d = { w->a, w->p, h, g, n_endpoint, *at };
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
  Walk w = { ctx, visit, data };

  for (w.a = A_MIN; w.a <= A_MAX; w.a++)
    for (w.p = P_MIN; w.p <= P_MAX; w.p++)
      if (!tf_attachment_foreach_boards (ctx, walk_attachment, &w))
        return FALSE;
  return TRUE;
}

/* The id's keys: a, p, h and g are family_attrs too. */
static const TfIdKey dragonfly_id_keys[] = {
  TF_ID_KEY_UINT ("a", DragonflyParams, a, A_MIN, A_MAX, TF_ID_ATTR),
  TF_ID_KEY_UINT ("p", DragonflyParams, p, P_MIN, P_MAX, TF_ID_ATTR),
  TF_ID_KEY_UINT ("h", DragonflyParams, h, 1, A_MAX, TF_ID_ATTR),
  TF_ID_KEY_UINT ("g", DragonflyParams, g, 2, A_MAX * A_MAX + 1, TF_ID_ATTR),
  TF_ID_KEY_UINT ("n_endpoint", DragonflyParams, n_endpoint, 1, TF_N_CHIP_MAX, 0),
  TF_ATTACHMENT_ID_KEYS (DragonflyParams, at),
};

static void
dragonfly_attachment (const TfResult *result,
                      TfAttachment   *at)
{
  DragonflyParams d;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  *at = d.at;
}

/* Every chip's chip_radix links go to the switches (split among the planes); each plane has the
 * switch-switch links of one Dragonfly. */
static void
dragonfly_count (const TfContext *ctx,
                 const TfResult  *result,
                 TfMetrics       *m)
{
  DragonflyParams d;
  guint64 lanes = tf_result_lanes (ctx, result), global, between, planes;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  planes = d.at.planes;
  tf_metrics_add_links (m, TF_LINK_B2B, TF_REACH_RACK,
                        (guint64) ctx->n_chip * ctx->chip_radix
                        + (guint64) d.g * d.a * (d.a - 1) / 2 * lanes * planes);
  global = tf_global_link_count (d.g, d.a * d.h);
  between = tf_global_link_count_between_pods (d.g, d.a * d.h, ctx->racks_per_pod_max);
  tf_metrics_add_links (m, TF_LINK_R2R, TF_REACH_POD, (global - between) * lanes * planes);
  tf_metrics_add_links (m, TF_LINK_P2P, TF_REACH_DATACENTER, between * lanes * planes);
  m->switch_count = d.g * d.a * d.at.planes;
  m->links_per_chip_min = m->links_per_chip_max = ctx->chip_radix;
}

/* The first switch hosts p boards (or chips), links to the a - 1 others of its group, and its h
 * global ports all fall in the first round of the arrangement, so all are linked; every plane
 * is the same. */
static guint64
dragonfly_switch_ports (const TfContext *ctx,
                        const TfResult  *result)
{
  DragonflyParams d;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  return (guint64) d.p + d.a - 1 + d.h;
}

/* Groups rotate onto groups: every group holds its a switches of every plane, and its boards'
 * chips, in order; only the last group may be partly filled. */
static void
rotation_of (const DragonflyParams *d,
             guint                  chips_per_board,
             TfGroupRotation       *rotation)
{
  rotation->n_group = d->g;
  rotation->group_switches = d->a * d->at.planes;
  rotation->group_chips = tf_dragonfly_boards_per_group (&d->at, d->a, d->p, chips_per_board)
                          * chips_per_board;
}

static gboolean
dragonfly_group_rotation (const TfContext *ctx,
                          const TfResult  *result,
                          TfGroupRotation *rotation)
{
  DragonflyParams d;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  rotation_of (&d, result->chips_per_board, rotation);
  return TRUE;
}

static gboolean
dragonfly_build (const TfContext *ctx,
                 const TfResult  *result,
                 TfBuild         *b,
                 GError         **error)
{
  DragonflyParams d;
  TfGroupRotation rotation;
  guint c = result->chips_per_board, per_group, planes, n_ep;

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  rotation_of (&d, c, &rotation);
  per_group = tf_dragonfly_boards_per_group (&d.at, d.a, d.p, c);
  planes = d.at.planes;
  n_ep = tf_attachment_n_endpoint (&d.at, d.n_endpoint, c);
  tf_build_set_shape (b, n_ep, c, d.n_endpoint, d.g, tf_pack_count (d.g, ctx->racks_per_pod_max));
  tf_attachment_set_endpoint_boards (&d.at, b);
  for (guint i = 0; i < d.g; i++)
    b->rack_pod[i] = i / ctx->racks_per_pod_max;
  for (guint e = 0; e < d.n_endpoint; e++)
    b->board_rack[e] = e / per_group;
  tf_build_reserve (b, d.g * d.a * planes,
                    (n_ep + d.g * d.a * (d.a - 1) / 2
                     + (guint) tf_global_link_count (d.g, d.a * d.h)) * planes);
  /* Groups rotate onto groups (family-private.h), each holding its switches of every plane. */
  b->n_group = rotation.n_group;
  b->group_switches = rotation.group_switches;
  for (guint i = 0; i < d.g; i++)
    for (guint q = 0; q < planes; q++)
      {
        char pre[16];

        tf_attachment_plane_prefix (&d.at, q, pre);
        for (guint s = 0; s < d.a; s++)
          tf_build_add_switch (b, TF_TIER_RACK, i, "%sgroup%u-switch%u", pre, i, s);
      }
  for (guint e = 0; e < n_ep; e++)
    for (guint q = 0; q < planes; q++)
      tf_build_add_link (b, e, tf_build_switch_node (b, tf_dragonfly_endpoint_switch (
                                 &d.at, e, d.a, d.p, c, d.a, q)), 1);
  for (guint i = 0; i < d.g; i++)
    for (guint q = 0; q < planes; q++)
      for (guint s = 0; s < d.a; s++)
        for (guint t = s + 1; t < d.a; t++)
          {
            guint first = (i * planes + q) * d.a;

            tf_build_add_link (b, tf_build_switch_node (b, first + s),
                               tf_build_switch_node (b, first + t), 1);
          }
  for (guint q = 0; q < planes; q++)
    tf_global_links_build (b, d.g, d.a * d.h, q * d.a, d.a * planes, d.h);
  return TRUE;
}

/* Hops between chips i and j of one board over its own links (c x c), G_MAXUINT where there is
 * no path on the board. Scale-up switches join every two chips in 2. */
typedef struct
{
  guint *dist;
  guint  c;
} BoardDistances;

static void
board_pair (guint    a,
            guint    b,
            gpointer data)
{
  BoardDistances *bd = data;

  bd->dist[a * bd->c + b] = bd->dist[b * bd->c + a] = 1;
}

static guint *
board_distances (const TfBoardTopo *bt)
{
  guint c = bt->chips;
  BoardDistances bd = { g_new (guint, (gsize) c * c), c };

  for (guint i = 0; i < c; i++)
    for (guint j = 0; j < c; j++)
      bd.dist[i * c + j] = i == j ? 0 : bt->topo == TF_INTRA_BOARD_SWITCH ? 2 : G_MAXUINT;
  if (bt->topo != TF_INTRA_BOARD_NONE && bt->topo != TF_INTRA_BOARD_SWITCH)
    tf_board_topo_foreach_pair (bt, board_pair, &bd);
  for (guint k = 0; k < c; k++)
    for (guint i = 0; i < c; i++)
      for (guint j = 0; j < c; j++)
        if (bd.dist[i * c + k] != G_MAXUINT && bd.dist[k * c + j] != G_MAXUINT)
          bd.dist[i * c + j] = MIN (bd.dist[i * c + j], bd.dist[i * c + k] + bd.dist[k * c + j]);
  return bd.dist;
}

/* Hops from each of switches 0 .. @n_sources - 1 to every switch, rows of @dist (TF_UNREACHED:
 * another plane), from one bit-parallel search. */
typedef struct
{
  guint *dist;
  guint  n_switch;
} SwitchRows;

static void
switch_rows_visit (guint          level,
                   guint32        node,
                   const guint64 *fresh,
                   guint          words,
                   gpointer       data)
{
  SwitchRows *sr = data;

  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      sr->dist[(gsize) (w * 64 + (guint) __builtin_ctzll (bits)) * sr->n_switch + node] = level;
}

static void
switch_distances (const TfAdjacency *adj,
                  guint              n_sources,
                  guint             *dist)
{
  g_autofree guint32 *sources = g_new (guint32, MAX (n_sources, 1));
  SwitchRows sr = { dist, adj->n_nodes };
  TfBitBfs b;
  guint batch;

  for (gsize i = 0; i < (gsize) n_sources * adj->n_nodes; i++)
    dist[i] = TF_UNREACHED;
  for (guint k = 0; k < n_sources; k++)
    {
      sources[k] = k;
      dist[(gsize) k * adj->n_nodes + k] = 0;
    }
  tf_bit_bfs_init (&b, adj->n_nodes, adj->offset, adj->target, NULL, n_sources);
  batch = tf_bit_bfs_batch (&b);
  for (guint first = 0; first < n_sources; first += batch)
    {
      sr.dist = dist + (gsize) first * adj->n_nodes;
      tf_bit_bfs_run (&b, sources + first, MIN (batch, n_sources - first), switch_rows_visit,
                      &sr);
    }
  tf_bit_bfs_clear (&b);
}

/* The chip diameter with rails over linked boards. Chip i of board A on leaf L_i (its rail
 * group's leaf i) and chip j of board B reach each other in
 *   min over i', j' of d_A (i, i') + 2 + d (L_i', L_j') + d_B (j', j)
 * (and d_A (i, j) when A = B): a path leaves A's board from some chip, crosses switches, and
 * enters B's board at some chip. Passing another board on the way never helps: its chips' leaves
 * are one rail group's, in one group, so linked to each other in one hop, where the board costs
 * two hops or more between them; nor does changing plane at a chip, the planes being alike. So
 * plane 0 and, by the rotation, sources in group 0 (full: g >= 2) suffice, where each rail
 * group holds p >= 2 boards, so every target position is some other board's. */
static guint
rail_chip_diameter (const DragonflyParams *d,
                    const TfAdjacency     *switches,
                    const TfBoardTopo     *bt)
{
  guint c = bt->chips, n_switch = switches->n_nodes, stride = d->a * d->at.planes;
  guint n_leaf = tf_dragonfly_groups_for (d->n_endpoint, d->p) * c, diameter = 0;
  g_autofree guint *board = board_distances (bt);
  g_autofree guint *dist = g_new (guint, (gsize) d->a * n_switch);
  g_autofree guint *reach = g_new (guint, n_leaf);
  g_autofree guint *leaf_switch = g_new (guint, n_leaf);

  /* Hosting leaves in order (whole rail groups), and their plane-0 switches. */
  for (guint l = 0; l < n_leaf; l++)
    leaf_switch[l] = (l / d->a) * stride + l % d->a;
  switch_distances (switches, d->a, dist);

  for (guint k = 0; k < d->a; k++)
    {
      guint rail0 = k - k % c, i = k % c;  /* source: chip i of a board of group 0's rail group */

      /* To each hosting leaf: through the source board to chip i', up to its leaf, across. */
      for (guint l = 0; l < n_leaf; l++)
        {
          reach[l] = G_MAXUINT;
          for (guint i2 = 0; i2 < c; i2++)
            if (board[i * c + i2] != G_MAXUINT)
              reach[l] = MIN (reach[l], board[i * c + i2] + 1
                                        + dist[(gsize) (rail0 + i2) * n_switch + leaf_switch[l]]);
        }
      /* Down to chip j' of the target board and across it to chip j. */
      for (guint l = 0; l < n_leaf; l++)
        {
          guint first = l - l % c, j = l % c, best = G_MAXUINT;

          for (guint j2 = 0; j2 < c; j2++)
            if (board[j2 * c + j] != G_MAXUINT)
              best = MIN (best, reach[first + j2] + 1 + board[j2 * c + j]);
          diameter = MAX (diameter, best);
        }
    }
  return diameter;
}

static void
dragonfly_metrics (const TfContext *ctx,
                   const TfResult  *result,
                   const TfBuild   *build,
                   TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  DragonflyParams d;
  TfBoardTopo bt;
  TfAdjacency switches;
  guint n_hosting, leaf_diameter, planes;

  tf_result_link_speeds (ctx, result, &speeds);

  TF_PARAMS_GET (&result->params, DragonflyParams, &d);
  planes = d.at.planes;
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  tf_build_switch_adjacency (build, &switches);
  /* Global links between two groups may miss most switch pairs; search the switches. Planes
   * share no link, so the search finds one plane's farthest leaves, the chips' farthest too:
   * a path changing plane passes a chip and gains nothing, the planes being alike. */
  tf_build_leaf_diameter (build, &switches, &n_hosting, &leaf_diameter);
  m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint, n_hosting / planes,
                                         leaf_diameter);
  if (d.at.attach == TF_ATTACH_RAIL && bt.topo != TF_INTRA_BOARD_NONE)
    m->diameter = rail_chip_diameter (&d, &switches, &bt);
  m->diameter_method = TF_METHOD_EXACT;
  /* Boards (two or more: g >= 2) hang off one switch in each plane, which separate them: one
   * path a plane. With rails a chip's board neighbours reach other leaves, and the chip's own
   * neighbours, its leaves and those, are a cut: an upper bound. */
  m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint)
                      * planes;
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;
  if (d.at.attach == TF_ATTACH_RAIL && bt.topo != TF_INTRA_BOARD_NONE)
    {
      m->path_diversity = planes + tf_board_topo_degree (&bt);
      m->path_diversity_method = TF_METHOD_UPPER_BOUND;
    }
  tf_bisection_switch_family (ctx, &speeds, build, &switches, &bt, m);
  tf_adjacency_clear (&switches);
}

const TfFamily tf_family_dragonfly = {
  .name = "dragonfly",
  .description = N_("Groups of fully linked switches joined by global links; a group is a rack"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTER_RACK,
  .direct = FALSE,
  .walk = dragonfly_walk,
  .id_keys = dragonfly_id_keys,
  .n_id_keys = G_N_ELEMENTS (dragonfly_id_keys),
  .check = dragonfly_check,
  .count = dragonfly_count,
  .switch_ports = dragonfly_switch_ports,
  .build = dragonfly_build,
  .metrics = dragonfly_metrics,
  .metrics_need_build = TRUE,
  .attachment = dragonfly_attachment,
  .group_rotation = dragonfly_group_rotation,
};
