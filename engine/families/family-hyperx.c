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
 *
 * attach=rail: a switch's T ports take chips, one from each of T boards, and a rail group is C
 * consecutive switches serving T boards, chip j of each on switch j of the group. Then
 * T prod S = n_chip, and the boards (n_endpoint = T prod S / C, C dividing prod S) are in the
 * id. Racks hold whole rail groups (the smallest block of them when a rack holds less).
 */
#include "attachment-private.h"
#include "bfs-bit-parallel-private.h"
#include "family-private.h"
#include "metrics-private.h"
#include "placement-private.h"

#include <string.h>

/* Switches up to which a rail-attached HyperX has its bisection from rails prefix cuts. */
#define RAIL_CUT_MAX_SWITCHES 4096u
#define L_MAX 4
#define T_MAX 8

typedef struct
{
  guint32 L;
  guint32 T;
  guint32 S[L_MAX];
  TfAttachment at; /* planes: copies of the switch grid, each chip's links split among them */
  guint32 n_board; /* rails: the boards (n_endpoint); 0 attached by boards */
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

static guint rack_boards (const TfContext *ctx, const HyperxParams *x);

/* Chips a board: C, fixed by T prod S or, with rails, by the boards the id names. */
static guint
board_chips (const TfContext    *ctx,
             const HyperxParams *x)
{
  guint64 n_board = x->at.attach == TF_ATTACH_RAIL ? x->n_board : x->T * switch_count (x);

  return (guint) (ctx->n_chip / MAX (n_board, 1));
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
  if (x.at.attach == TF_ATTACH_RAIL)
    {
      guint c;

      if (n_endpoint != ctx->n_chip)
        return tf_reject (why, "attach = rail: T prod S = %" G_GUINT64_FORMAT " must equal "
                               "n_chip = %u, a switch port taking one chip", n_endpoint,
                          ctx->n_chip);
      if (x.n_board < 2 || ctx->n_chip % x.n_board != 0)
        return tf_reject (why, "attach = rail: n_endpoint = %u must be 2 or more and divide "
                               "n_chip = %u", x.n_board, ctx->n_chip);
      c = ctx->n_chip / x.n_board;
      if (!tf_attachment_check (&x.at, ctx, c, why))
        return FALSE;
      if (switch_count (&x) % c != 0)
        return tf_reject (why, "attach = rail: C_board = %u must divide the %" G_GUINT64_FORMAT
                               " switches, a rail group being C consecutive switches", c,
                          switch_count (&x));
      n_endpoint = x.n_board;
    }
  else
    {
      if (x.n_board != 0)
        return tf_reject (why, "n_endpoint = %u: only rails name the boards", x.n_board);
      if (n_endpoint > ctx->n_chip || ctx->n_chip % n_endpoint != 0)
        return tf_reject (why, "n_endpoint = T prod S = %" G_GUINT64_FORMAT " must divide "
                               "n_chip = %u", n_endpoint, ctx->n_chip);
      if (!tf_attachment_check (&x.at, ctx, ctx->n_chip / (guint) n_endpoint, why))
        return FALSE;
    }
  result->n_endpoint = (guint) n_endpoint;
  result->chips_per_board = ctx->n_chip / (guint) n_endpoint;
  {
    /* A switch's neighbours: its chips and every other switch of its lines. Fewer than three,
     * it only relays (two switches of one chip each: a link between the chips does it). */
    guint64 neighbours = x.at.attach == TF_ATTACH_RAIL ? x.T : x.T * result->chips_per_board;

    for (guint i = 0; i < x.L; i++)
      neighbours += x.S[i] - 1;
    if (neighbours < 3)
      return tf_reject (why, "a switch would join %" G_GUINT64_FORMAT " nodes: it would only "
                             "relay between them", neighbours);
  }

  if (x.L >= ctx->warning_thresholds[TF_THRESHOLD_HYPERX_HIGH_DIMENSION])
    tf_result_add_warning (result, &tf_warning_high_dimension);
  if (x.S[x.L - 1] > (guint64) ctx->warning_thresholds[TF_THRESHOLD_HYPERX_MAX_ASPECT] * x.S[0])
    tf_result_add_warning (result, &tf_warning_asymmetric);
  if (x.L == 1)
    tf_result_add_warning (result, &warning_degenerate_to_single_switch);
  if (rack_boards (ctx, &x) > ctx->boards_per_rack_max)
    tf_result_add_warning (result, &tf_warning_rack_overflow);
  tf_result_check_rack_power (ctx, result, rack_boards (ctx, &x));
  return TRUE;
}

typedef struct
{
  const TfContext *ctx;
  TfParamsVisitor  visit;
  gpointer         data;
  HyperxParams     x;
  guint            attach;  /* the attachment walk_attachment visits */
} Walk;

/* The attachments of kind w->attach (rails are visited for each board size by walk_rails). */
static gboolean
walk_attachment (const TfAttachment *at,
                 gpointer            data)
{
  Walk *w = data;
  TfParams params;

  if (at->attach != w->attach)
    return TRUE;
  w->x.at = *at;
  TF_PARAMS_SET (&params, HyperxParams, &w->x);
  return w->visit (&params, w->data);
}

/* Rails with boards of @c chips, when every chip takes a port. */
static gboolean
walk_rail_board (guint    c,
                 gpointer data)
{
  Walk *w = data;

  if (c < 2)
    return TRUE;
  w->x.n_board = w->ctx->n_chip / c;
  w->attach = TF_ATTACH_RAIL;
  return tf_attachment_foreach (w->ctx, c, walk_attachment, w);
}

/* Every board size C >= 2 dividing the switches, by their divisors (not a scan to them: a
 * grid of 720,720 switches has 240). */
static gboolean
walk_rails (Walk *w)
{
  guint64 p = switch_count (&w->x);
  gboolean ok;

  if (w->x.T * p != w->ctx->n_chip)
    return TRUE;
  ok = tf_foreach_divisor ((guint) p, walk_rail_board, w);
  w->x.n_board = 0;
  return ok;
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
      w->attach = TF_ATTACH_BOARD;
      if (!tf_attachment_foreach (w->ctx,
                                  (guint) (w->ctx->n_chip / MAX (1, w->x.T * switch_count (&w->x))),
                                  walk_attachment, w)
          || !walk_rails (w))
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

/* With rails the board size is free: the id names the boards. */
static gboolean
rails (gconstpointer params)
{
  const HyperxParams *x = params;

  return x->at.attach == TF_ATTACH_RAIL;
}

/* The id's keys: L, T and S (one size per dimension) are family_attrs too. */
static const TfIdKey hyperx_id_keys[] = {
  TF_ID_KEY_UINT ("L", HyperxParams, L, 1, L_MAX, TF_ID_ATTR),
  TF_ID_KEY_UINT ("T", HyperxParams, T, 1, T_MAX, TF_ID_ATTR),
  { .key = "S", .kind = TF_ID_LIST, .offset = G_STRUCT_OFFSET (HyperxParams, S), .min = 2,
    .max = TF_N_CHIP_MAX, .min_len = 1, .max_len = L_MAX, .len_key = "L", .flags = TF_ID_ATTR },
  { .key = "n_endpoint", .kind = TF_ID_UINT, .offset = G_STRUCT_OFFSET (HyperxParams, n_board),
    .min = 2, .max = TF_N_CHIP_MAX, .applies = rails },
  TF_ATTACHMENT_ID_KEYS (HyperxParams, at),
};

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

static void
pair_append (guint    a,
             guint    b,
             gpointer data)
{
  guint32 v[2] = { a, b };

  g_array_append_vals (data, v, 2);
}

/* Racks and pods along the dimensions: @unit[d] gives the switch coordinates of dimension d a
 * rack and a pod span; racks are runs of @per_rack switches, pods of @per_pod. */
typedef struct
{
  guint32 unit[L_MAX][2];
  guint64 per_rack;
  guint64 per_pod;
} Layout;

/* A block of whole rail groups: the smallest of dimensions 0 .. j - 1 whole and a divisor of
 * dimension j whose switches are a multiple of @c (the whole grid is one). */
static void
rail_block (const HyperxParams *x,
            guint               c,
            guint32            *block)
{
  guint64 whole = 1, best = G_MAXUINT64;

  for (guint j = 0; j < x->L; j++)
    {
      /* The divisors v of S_j in pairs (v, S_j / v), up to its square root. */
      for (guint u = 1; (guint64) u * u <= x->S[j]; u++)
        for (guint k = 0; k < 2 && x->S[j] % u == 0; k++)
          {
            guint v = k == 0 ? u : x->S[j] / u;

            if ((whole * v) % c == 0 && whole * v < best)
              {
                best = whole * v;
                for (guint d = 0; d < x->L; d++)
                  block[d] = d < j ? x->S[d] : d == j ? v : 1;
              }
          }
      whole *= x->S[j];
    }
}

static void
hyperx_layout (const TfContext    *ctx,
               const HyperxParams *x,
               Layout             *lay)
{
  guint32 rack[L_MAX], grid[L_MAX], pod[L_MAX];
  guint c = board_chips (ctx, x), rack_boards_most = tf_boards_per_rack (ctx, c);

  /* A switch holds T boards, or with rails T chips, T / C boards; a rack whole rail groups. */
  if (x->at.attach == TF_ATTACH_RAIL)
    {
      guint64 per_rack = 1;

      tf_block_prefix (x->L, x->S, MAX (1, (guint64) rack_boards_most * c / x->T), rack);
      for (guint d = 0; d < x->L; d++)
        per_rack *= rack[d];
      if (per_rack % c != 0)
        rail_block (x, c, rack);
    }
  else
    tf_block_prefix (x->L, x->S, MAX (1, rack_boards_most / x->T), rack);
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

/* Boards in a rack. */
static guint
rack_boards (const TfContext    *ctx,
             const HyperxParams *x)
{
  Layout lay;

  hyperx_layout (ctx, x, &lay);
  if (x->at.attach == TF_ATTACH_RAIL)
    return (guint) (lay.per_rack * x->T / board_chips (ctx, x));
  return (guint) (lay.per_rack * x->T);
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

  guint chips = result->chips_per_board, n_ep;

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  p = (guint) switch_count (&x);
  hyperx_layout (ctx, &x, &lay);
  /* With rails the endpoints are chips, board by board; board b's rail group is b / T. */
  n_ep = tf_attachment_n_endpoint (&x.at, result->n_endpoint, chips);
  tf_build_set_shape (b, n_ep, chips, result->n_endpoint, (guint) (p / lay.per_rack),
                      (guint) (p / lay.per_pod));
  tf_attachment_set_endpoint_boards (&x.at, b);
  for (guint e = 0; e < result->n_endpoint; e++)
    b->board_rack[e] = (guint32) ((guint64) (e / x.T) * tf_attachment_rails (&x.at, chips)
                                  / lay.per_rack);
  for (guint r = 0; r < b->n_rack; r++)
    b->rack_pod[r] = (guint32) (r / (lay.per_pod / lay.per_rack));
  links = n_ep;
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

      for (guint e = 0; e < n_ep; e++)
        {
          guint leaf = tf_attachment_leaf (&x.at, e, x.T, chips);

          tf_build_add_link (b, e, tf_build_switch_node (b, base + leaf), 1);
        }
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
  double bw = 0;

  for (guint reach = TF_REACH_RACK; reach < TF_N_REACHES; reach++)
    bw += (double) per_reach[reach] * lanes
          * tf_context_port_gbps (ctx, tf_link_type_for_reach (reach), FALSE);
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
  /* A switch family's chips drive only their board's chip-to-chip links. */
  double chip_bw = tf_context_port_gbps (ctx, TF_LINK_B2B, TRUE);
  double board_bw = tf_context_c2c_gbps (ctx, TF_REACH_BOARD, tf_board_topo_chip_links (bt));

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

/* Rails. Class k is rank k mod C of rail group k / C's boards, on switch k; every board of a
 * group is alike, so a chip's distances are its class's in a graph of classes, one plane's
 * switches and each group's scale-up switches: a path from chip (b, i) keeps to board b (layer
 * 0) until its first switch, and may take any board after it (layer 1), so a chip of another
 * board is as far as its class in layer 1, and one of board b as far as the nearer of its
 * class in either layer. Translating the grid along a dimension whose stride C divides maps
 * groups to groups rank by rank, so sources with those coordinates 0 suffice: an exact
 * search, not an estimate. */
static void
rail_edge (GArray  *edges,
           guint32  a,
           guint32  b)
{
  guint32 e[2] = { a, b };

  g_array_append_vals (edges, e, 2);
}

/* A clique of @n nodes from @first, @stride apart, closing @cliques' offsets. */
static void
rail_clique (GArray  *cliques,
             GArray  *members,
             guint32  first,
             guint    n,
             guint    stride)
{
  for (guint i = 0; i < n; i++)
    {
      guint32 v = first + i * stride;

      g_array_append_val (members, v);
    }
  g_array_append_val (cliques, members->len);
}

typedef struct
{
  guint          p;
  guint          c;
  guint          T;
  const guint32 *sources;
  guint          diameter;
} RailSearch;

/* Layer-1 class k is another board's chip of that class; node 3 p + k is reached one hop after
 * the nearer of class k's two layers, for the source's own board. */
static void
rail_visit (guint          level,
            guint32        node,
            const guint64 *fresh,
            guint          words,
            gpointer       data)
{
  RailSearch *rs = data;
  guint p = rs->p;

  /* Levels only grow: a node reached no later than the diameter so far tells nothing. */
  if (node < p || (node >= 2 * p && node < 3 * p) || node >= 4 * p
      || level - (node >= 3 * p) <= rs->diameter)
    return;
  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      {
        guint32 src = rs->sources[w * 64 + (guint) __builtin_ctzll (bits)];
        guint k = node < 2 * p ? node - p : node - 3 * p;
        gboolean same_group = k / rs->c == src / rs->c;

        if (node < 2 * p && (!same_group || rs->T >= 2))
          rs->diameter = MAX (rs->diameter, level);
        else if (node >= 3 * p && same_group && k != src)
          rs->diameter = MAX (rs->diameter, level - 1);
      }
}

static guint
rail_diameter (const HyperxParams *x,
               const TfBoardTopo  *bt)
{
  guint c = bt->chips, p = (guint) switch_count (x), n_su = 0, n_groups = p / c, q = 1;
  guint n_nodes, stride = 1, su_first;
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint32 *offset = NULL;
  g_autofree guint32 *target = NULL;
  g_autofree guint32 *sources = NULL;
  g_autofree guint8 *goal = NULL;
  g_autoptr(GArray) cliques = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) members = g_array_new (FALSE, FALSE, sizeof (guint32));
  RailSearch rs = { p, c, x->T, NULL, 0 };
  TfBitBfs bfs;

  g_array_append_val (cliques, members->len);
  if (bt->topo == TF_INTRA_BOARD_SWITCH)
    n_su = bt->n_switch;
  else if (bt->topo != TF_INTRA_BOARD_FULL_MESH)
    tf_board_topo_foreach_pair (bt, pair_append, pairs);
  /* Nodes: layer-0 classes, layer-1 classes, switches, the nearer of a class's layers, then
   * layer-0 and layer-1 scale-up switches. */
  su_first = 4 * p;
  n_nodes = su_first + 2 * n_groups * n_su;
  for (guint layer = 0; layer < 2; layer++)
    for (guint k = 0; k < p; k++)
      {
        guint g = k / c, base = layer * p, su = su_first + (layer * n_groups + g) * n_su;

        rail_edge (edges, base + k, 2 * p + k);
        rail_edge (edges, base + k, 3 * p + k);
        for (guint s = 0; s < n_su; s++)
          {
            rail_edge (edges, base + k, su + s);
            rail_edge (edges, su + s, base + k);
          }
      }
  /* A full-mesh board's ranks and a grid line's switches are cliques. */
  for (guint layer = 0; layer < 2 && bt->topo == TF_INTRA_BOARD_FULL_MESH; layer++)
    for (guint k = 0; k < p; k += c)
      rail_clique (cliques, members, layer * p + k, c, 1);
  for (guint layer = 0; layer < 2; layer++)
    for (guint g = 0; g < n_groups; g++)
      for (guint i = 0; i < pairs->len; i += 2)
        {
          guint32 a = layer * p + g * c + g_array_index (pairs, guint32, i);
          guint32 b = layer * p + g * c + g_array_index (pairs, guint32, i + 1);

          rail_edge (edges, a, b);
          rail_edge (edges, b, a);
        }
  for (guint d = 0; d < x->L; d++)
    {
      for (guint k = 0; k < p; k++)
        if ((k / stride) % x->S[d] == 0)
          rail_clique (cliques, members, 2 * p + k, x->S[d], stride);
      stride *= x->S[d];
    }
  for (guint k = 0; k < p; k++)
    rail_edge (edges, 2 * p + k, p + k);

  /* One-way edges (a search never returns to layer 0 from a switch), listed at their heads:
   * the bit-parallel search pulls each node's sources from the nodes linked to it. */
  offset = g_new0 (guint32, n_nodes + 1);
  target = g_new (guint32, MAX (edges->len / 2, 1));
  for (guint i = 0; i < edges->len; i += 2)
    offset[g_array_index (edges, guint32, i + 1) + 1]++;
  for (guint v = 0; v < n_nodes; v++)
    offset[v + 1] += offset[v];
  {
    g_autofree guint32 *fill = g_memdup2 (offset, sizeof (guint32) * n_nodes);

    for (guint i = 0; i < edges->len; i += 2)
      target[fill[g_array_index (edges, guint32, i + 1)]++] = g_array_index (edges, guint32, i);
  }

  /* Sources: the switches below the first stride C divides. */
  for (guint d = 0; d < x->L && q % c != 0; d++)
    q *= x->S[d];
  sources = g_new (guint32, q);
  for (guint k = 0; k < q; k++)
    sources[k] = k;
  /* Wide batches pay each node's visit once for many sources; 3 bit arrays of at most
   * 64 MiB. */
  tf_bit_bfs_init (&bfs, n_nodes, offset, target, NULL,
                   64 * CLAMP ((64u << 20) / (24 * (gsize) n_nodes), 1, TF_BIT_BFS_MAX_WORDS));
  tf_bit_bfs_set_cliques (&bfs, cliques->len - 1, (const guint32 *) cliques->data,
                          (const guint32 *) members->data);
  /* Every source reaches every class of another board and the nearer of each layer pair: once
   * they all have, a long board ring's own layer 0 tells no more. */
  goal = g_new0 (guint8, n_nodes);
  memset (goal + p, 1, p);
  memset (goal + 3 * p, 1, p);
  tf_bit_bfs_set_goal (&bfs, goal);
  for (guint first = 0; first < q; first += tf_bit_bfs_batch (&bfs))
    {
      guint n = MIN (tf_bit_bfs_batch (&bfs), q - first);

      rs.sources = sources + first;
      tf_bit_bfs_run (&bfs, rs.sources, n, rail_visit, &rs);
    }
  tf_bit_bfs_clear (&bfs);
  return rs.diameter;
}

/* Physical links a board cuts between its ranks @side marks and the others. */
typedef struct
{
  const guint8 *side;
  guint64       cut;
} SubsetCut;

static void
subset_cut_pair (guint    a,
                 guint    b,
                 gpointer data)
{
  SubsetCut *sc = data;

  sc->cut += sc->side[a] != sc->side[b];
}

static guint64
board_subset_cut (const TfBoardTopo *bt,
                  const guint8      *side)
{
  SubsetCut sc = { side, 0 };
  guint k = 0;

  if (bt->topo == TF_INTRA_BOARD_SWITCH)
    {
      for (guint j = 0; j < bt->chips; j++)
        k += side[j];
      return (guint64) MIN (k, bt->chips - k) * bt->lanes * bt->n_switch;
    }
  tf_board_topo_foreach_pair (bt, subset_cut_pair, &sc);
  return sc.cut * bt->lanes;
}

/* With rails, y chips on side 1: the first w switches in the order (dimension @order[0] most
 * significant) with their chips, and t chips of the next on whichever side its switch cuts
 * less; a rail group's boards hold the ranks of its switches on side 1, t of them one more. */
static void
rail_prefix_cut (const TfContext    *ctx,
                 const HyperxParams *x,
                 const Layout       *lay,
                 const TfBoardTopo  *bt,
                 const guint        *order,
                 guint               y,
                 guint64            *links,
                 double             *bandwidth)
{
  guint r = ctx->chip_radix, c = bt->chips, p = (guint) switch_count (x), w = y / x->T;
  guint t = y % x->T, next = G_MAXUINT;
  g_autofree guint8 *side = g_new (guint8, p);
  g_autofree guint8 *more = g_new (guint8, c);
  /* A switch family's chips drive only their board's chip-to-chip links. */
  double chip_bw = tf_context_port_gbps (ctx, TF_LINK_B2B, TRUE);
  double board_bw = tf_context_c2c_gbps (ctx, TF_REACH_BOARD, tf_board_topo_chip_links (bt));
  guint64 board = 0;

  for (guint k = 0; k < p; k++)
    {
      guint64 rank = 0, rest = k;
      guint32 coord[L_MAX];

      for (guint d = 0; d < x->L; d++)
        {
          coord[d] = (guint32) (rest % x->S[d]);
          rest /= x->S[d];
        }
      for (guint i = 0; i < x->L; i++)
        rank = rank * x->S[order[i]] + coord[order[i]];
      side[k] = rank < w;
      if (rank == w)
        next = k;
    }
  for (guint g = 0; g < p / c; g++)
    {
      guint64 cut = board_subset_cut (bt, side + g * c);

      if (t > 0 && next / c == g)
        {
          memcpy (more, side + g * c, c);
          more[next % c] = 1;
          board += (guint64) t * board_subset_cut (bt, more) + (guint64) (x->T - t) * cut;
        }
      else
        board += (guint64) x->T * cut;
    }
  *links = G_MAXUINT64;
  *bandwidth = G_MAXDOUBLE;
  for (guint s = 0; s < (t > 0 ? 2u : 1u); s++)
    {
      guint64 per_reach[TF_N_REACHES] = { 0 };
      guint64 chips = s == 0 ? (guint64) t * r : (guint64) (x->T - t) * r;
      guint64 switch_links = tf_hamming_prefix_cut (x->L, x->S,
                                                    (const guint32 (*)[2]) lay->unit, order,
                                                    w + s, per_reach);

      *links = MIN (*links, switch_links * r + chips + board);
      *bandwidth = MIN (*bandwidth, switch_links_bandwidth (ctx, per_reach, r)
                                    + (double) chips * chip_bw + (double) board * board_bw);
    }
}

static void
hyperx_metrics (const TfContext *ctx,
                const TfResult  *result,
                const TfBuild   *build,
                TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  HyperxParams x;
  TfBoardTopo bt;
  guint64 p;
  guint n = ctx->n_chip, order[L_MAX];
  TfMethod star_method;
  Layout lay;

  tf_result_link_speeds (ctx, result, &speeds);

  TF_PARAMS_GET (&result->params, HyperxParams, &x);
  hyperx_layout (ctx, &x, &lay);
  p = switch_count (&x);
  tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL);
  if (x.at.attach == TF_ATTACH_RAIL)
    {
      guint degree = tf_board_topo_degree (&bt);

      /* Without board links chips hang off their switch alone: 2 + L, the grid's farthest
       * switches both hosting chips. */
      m->diameter = bt.topo == TF_INTRA_BOARD_NONE ? 2 + x.L : rail_diameter (&x, &bt);
      m->diameter_method = TF_METHOD_CLOSED_FORM;
      /* Each plane is one path through the grid, and a chip's switches cut it off when its
       * board has no links. With links, its switches and board neighbours, or its switches
       * and its board's other chips, cut it from a chip of another board: an upper bound. */
      m->path_diversity = x.at.planes + MIN (degree, bt.chips - 1);
      m->path_diversity_method = bt.topo == TF_INTRA_BOARD_NONE ? TF_METHOD_CLOSED_FORM
                                                                : TF_METHOD_UPPER_BOUND;
    }
  else
    {
      /* Switches differ in at most L coordinates, one hop each; every switch hosts boards. */
      m->diameter = tf_switch_chip_diameter (&bt, result->n_endpoint, (guint) p, x.L);
      m->diameter_method = TF_METHOD_CLOSED_FORM;
      /* Each plane's switch is one more path (and separates two boards in its plane). */
      m->path_diversity = tf_switch_path_diversity (&bt, ctx->chip_radix, result->n_endpoint)
                          + x.at.planes - 1;
      m->path_diversity_method = TF_METHOD_CLOSED_FORM;
    }

  /* The planes are cut alike, so the cut is one plane's at every chip's full links (the
   * chip and switch lanes below are chip_radix's, not a plane's share). */
  tf_bisection_star (ctx, &speeds, ctx->n_chip, &bt, &m->bisection_links, &m->bisection_bandwidth,
                     &star_method);
  m->bisection_links_method = TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;
  /* A rails prefix cut looks at every switch: beyond RAIL_CUT_MAX_SWITCHES, where a large
   * enumeration would spend minutes on them, the star cut alone stands (still a real cut). */
  if (x.at.attach == TF_ATTACH_RAIL && p > RAIL_CUT_MAX_SWITCHES)
    return;
  for (guint d = 0; d < x.L; d++)
    order[d] = d;
  do
    for (guint y = n / 2; y <= (n + 1) / 2; y++)
      {
        guint64 links;
        double bandwidth;

        if (x.at.attach == TF_ATTACH_RAIL)
          rail_prefix_cut (ctx, &x, &lay, &bt, order, y, &links, &bandwidth);
        else
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
  .id_keys = hyperx_id_keys,
  .n_id_keys = G_N_ELEMENTS (hyperx_id_keys),
  .check = hyperx_check,
  .count = hyperx_count,
  .switch_ports = hyperx_switch_ports,
  .attachment = hyperx_attachment,
  .build = hyperx_build,
  .metrics = hyperx_metrics,
  .metrics_need_build = FALSE,
};
