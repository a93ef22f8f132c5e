/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-torus.c: Torus (@tbl-spec-topo-16), the one Tier-6 family that enumerates boards.
 *
 * Shapes S with prod S_d = n_chip, 2 or 3 dimensions, S_d >= 2, each dimension a ring; a
 * 2-long dimension is one link, not two parallel ones. Each shape pairs with every board shape
 * B (B_d | S_d, and max B / min B <= 2 when a board holds more than one chip) as its own result,
 * C_board = prod B_d. Torus shapes are written in canonical order: S non-decreasing, and B
 * non-decreasing across dimensions of equal length, so isomorphic results appear once.
 * Chip i sits at coordinates (i mod S_0, i / S_0 mod S_1, ...); boards are the B-blocks, racks
 * the most even blocks of boards that fit boards_per_rack_max, pods likewise of racks (numbered
 * rack by rack, pod by pod). No switches.
 */
#include "family-private.h"
#include "metrics-private.h"
#include "placement-private.h"

#define MAX_DIMS 3

typedef struct
{
  guint32 n_dims;
  guint32 size[MAX_DIMS];
  guint32 board[MAX_DIMS];
} TorusParams;

static const TfWarning warning_degenerate_dimension = {
  "degenerate-dimension",
  N_("degenerate dimension"),
  N_("A dimension only 2 chips long: that ring is a single link.")
};

static guint64
product (const guint32 *v,
         guint          n)
{
  guint64 p = 1;

  for (guint i = 0; i < n; i++)
    p *= v[i];
  return p;
}

static gboolean
torus_check (const TfContext *ctx,
             TfResult        *result,
             GString         *why)
{
  TorusParams t;
  guint min_s = G_MAXUINT, max_s = 0, min_b = G_MAXUINT, max_b = 0;
  guint64 c_board;

  TF_PARAMS_GET (&result->params, TorusParams, &t);
  if (t.n_dims < 2 || t.n_dims > MAX_DIMS)
    return tf_reject (why, "dimensions = %u: a torus has 2 or 3 dimensions", t.n_dims);
  for (guint d = 0; d < t.n_dims; d++)
    {
      if (t.size[d] < 2)
        return tf_reject (why, "dimension_sizes[%u] = %u: every dimension must be at least 2",
                          d, t.size[d]);
      if (d > 0 && t.size[d] < t.size[d - 1])
        return tf_reject (why, "dimension_sizes must be non-decreasing (canonical form)");
      if (t.board[d] < 1 || t.size[d] % t.board[d] != 0)
        return tf_reject (why, "board_shape[%u] = %u must divide dimension_sizes[%u] = %u",
                          d, t.board[d], d, t.size[d]);
      if (d > 0 && t.size[d] == t.size[d - 1] && t.board[d] < t.board[d - 1])
        return tf_reject (why, "board_shape must be non-decreasing across equal dimensions "
                          "(canonical form)");
      min_s = MIN (min_s, t.size[d]);
      max_s = MAX (max_s, t.size[d]);
      min_b = MIN (min_b, t.board[d]);
      max_b = MAX (max_b, t.board[d]);
    }
  if (product (t.size, t.n_dims) != ctx->n_chip)
    return tf_reject (why, "the product of dimension_sizes is %" G_GUINT64_FORMAT
                      ", not n_chip = %u", product (t.size, t.n_dims), ctx->n_chip);
  c_board = product (t.board, t.n_dims);
  if (c_board > 1 && max_b > 2 * min_b)
    return tf_reject (why, "board_shape max / min = %u / %u exceeds 2 (a chain, not a block)",
                      max_b, min_b);

  result->n_endpoint = ctx->n_chip;
  result->chips_per_board = (guint) c_board;

  if (max_s > (guint64) ctx->warning_thresholds[TF_THRESHOLD_TORUS_MAX_ASPECT] * min_s)
    tf_result_add_warning (result, &tf_warning_asymmetric);
  if (min_s == 2)
    tf_result_add_warning (result, &warning_degenerate_dimension);
  return TRUE;
}

typedef struct
{
  const TfContext *ctx;
  TfParamsVisitor  visit;
  gpointer         data;
  TorusParams      t;
} Walk;

static gboolean
walk_boards (Walk  *w,
             guint  d)
{
  if (d == w->t.n_dims)
    {
      TfParams params;
      TfResult scratch = { 0 };

      /* Prune shapes the check would refuse, so enumerate counts stay cheap. */
      TF_PARAMS_SET (&params, TorusParams, &w->t);
      scratch.params = params;
      if (!torus_check (w->ctx, &scratch, NULL))
        return TRUE;
      return w->visit (&params, w->data);
    }
  for (guint b = 1; b <= w->t.size[d]; b++)
    if (w->t.size[d] % b == 0)
      {
        w->t.board[d] = b;
        if (!walk_boards (w, d + 1))
          return FALSE;
      }
  return TRUE;
}

/* Collects every canonical shape (non-decreasing sizes of at least 2) of n_dims dimensions. */
static void
collect_shapes (GArray      *shapes,
                TorusParams *t,
                guint        d,
                guint        rest,
                guint        min)
{
  if (d == t->n_dims - 1)
    {
      if (rest >= min)
        {
          t->size[d] = rest;
          g_array_append_val (shapes, *t);
        }
      return;
    }
  for (guint s = min; (guint64) s * s <= rest; s++)
    if (rest % s == 0)
      {
        t->size[d] = s;
        collect_shapes (shapes, t, d + 1, rest / s, s);
      }
}

/* Most balanced shapes first (smallest max / min), then fewer dimensions. */
static int
compare_shapes (gconstpointer pa,
                gconstpointer pb)
{
  const TorusParams *a = pa, *b = pb;
  guint64 ra = (guint64) a->size[a->n_dims - 1] * b->size[0];
  guint64 rb = (guint64) b->size[b->n_dims - 1] * a->size[0];

  if (ra != rb)
    return ra < rb ? -1 : 1;
  if (a->n_dims != b->n_dims)
    return a->n_dims < b->n_dims ? -1 : 1;
  return memcmp (a->size, b->size, sizeof a->size);
}

static gboolean
torus_walk (const TfContext *ctx,
            TfParamsVisitor  visit,
            gpointer         data)
{
  g_autoptr(GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TorusParams));
  Walk w = { ctx, visit, data };

  for (guint n_dims = 2; n_dims <= MAX_DIMS; n_dims++)
    {
      TorusParams t = { 0 };

      t.n_dims = n_dims;
      collect_shapes (shapes, &t, 0, ctx->n_chip, 2);
    }
  g_array_sort (shapes, compare_shapes);
  for (guint i = 0; i < shapes->len; i++)
    {
      w.t = g_array_index (shapes, TorusParams, i);
      if (!walk_boards (&w, 0))
        return FALSE;
    }
  return TRUE;
}

/* The id's keys, family_attrs too: the board's shape has the grid's dimensions. */
static const TfIdKey torus_id_keys[] = {
  { .key = "dimension_sizes", .kind = TF_ID_LIST, .offset = G_STRUCT_OFFSET (TorusParams, size),
    .min = 2, .max = TF_N_CHIP_MAX, .min_len = 2, .max_len = MAX_DIMS,
    .len_offset = G_STRUCT_OFFSET (TorusParams, n_dims), .flags = TF_ID_ATTR },
  { .key = "board_shape", .kind = TF_ID_LIST, .offset = G_STRUCT_OFFSET (TorusParams, board),
    .min = 1, .max = TF_N_CHIP_MAX, .min_len = 2, .max_len = MAX_DIMS,
    .len_key = "dimension_sizes", .flags = TF_ID_ATTR },
};

/* Boards, racks and pods as sub-boxes of the coordinate grid: a board is board_shape chips, a
 * rack the most boards that fit (boards_per_rack_max, fewer by power) in the most even box of
 * the board grid, a pod likewise of racks (a TPU v4 rack is a 4x4x4 cube of 16 boards of 4).
 * unit[d] holds how many coordinates of dimension d a board, a rack and a pod span. */
typedef struct
{
  guint32 unit[MAX_DIMS][3];
  guint32 rack[MAX_DIMS];   /* boards of a rack along each dimension */
  guint32 pod[MAX_DIMS];    /* racks of a pod along each dimension */
  guint   n_rack;
  guint   n_pod;
} Layout;

static void
torus_layout (const TfContext   *ctx,
              const TorusParams *t,
              guint              boards_per_rack,
              Layout            *lay)
{
  guint32 grid[MAX_DIMS], step[MAX_DIMS];
  guint64 racks = 1, pods = 1;

  for (guint d = 0; d < t->n_dims; d++)
    {
      grid[d] = t->size[d] / t->board[d];
      step[d] = t->board[d];
    }
  tf_block_balanced (t->n_dims, grid, step, boards_per_rack, lay->rack);
  for (guint d = 0; d < t->n_dims; d++)
    {
      grid[d] /= lay->rack[d];
      step[d] *= lay->rack[d];
    }
  tf_block_balanced (t->n_dims, grid, step, ctx->racks_per_pod_max, lay->pod);
  for (guint d = 0; d < t->n_dims; d++)
    {
      lay->unit[d][0] = t->board[d];
      lay->unit[d][1] = t->board[d] * lay->rack[d];
      lay->unit[d][2] = lay->unit[d][1] * lay->pod[d];
      racks *= grid[d];
      pods *= grid[d] / lay->pod[d];
    }
  lay->n_rack = (guint) racks;
  lay->n_pod = (guint) pods;
}

static void
torus_count (const TfContext *ctx,
             const TfResult  *result,
             TfMetrics       *m)
{
  TorusParams t;
  Layout lay;
  guint per_chip = 0;

  TF_PARAMS_GET (&result->params, TorusParams, &t);
  torus_layout (ctx, &t, tf_result_boards_per_rack (ctx, result), &lay);
  for (guint d = 0; d < t.n_dims; d++)
    {
      guint s = t.size[d];
      guint64 lines = ctx->n_chip / s, per_reach[TF_N_REACHES] = { 0 };

      /* One ring's links by the containers they leave; every ring along d is alike. */
      tf_ring_reach_counts (s, lay.unit[d], per_reach);
      for (guint r = 0; r < TF_N_REACHES; r++)
        tf_metrics_add_links (m, TF_LINK_C2C, r, lines * per_reach[r] * ctx->chip_radix);
      per_chip += (s >= 3 ? 2 : 1) * ctx->chip_radix;
    }
  m->switch_count = 0;
  m->links_per_chip_min = m->links_per_chip_max = per_chip;
}

/* Lexicographic index of @coord in a box of @extent, dimension 0 fastest. */
static guint64
box_index (guint          n_dims,
           const guint32 *coord,
           const guint32 *extent)
{
  guint64 index = 0;

  for (guint d = n_dims; d-- > 0;)
    index = index * extent[d] + coord[d];
  return index;
}

static gboolean
torus_build (const TfContext *ctx,
             const TfResult  *result,
             TfBuild         *b,
             GError         **error)
{
  TorusParams t;
  Layout lay;
  guint n = ctx->n_chip, n_board = n / result->chips_per_board;
  guint boards_per_rack = 1, racks_per_pod = 1;
  guint32 pods[MAX_DIMS];

  TF_PARAMS_GET (&result->params, TorusParams, &t);
  torus_layout (ctx, &t, tf_result_boards_per_rack (ctx, result), &lay);
  for (guint d = 0; d < t.n_dims; d++)
    {
      boards_per_rack *= lay.rack[d];
      racks_per_pod *= lay.pod[d];
      pods[d] = t.size[d] / lay.unit[d][2];
    }
  tf_build_set_shape (b, n, result->chips_per_board, n_board, lay.n_rack, lay.n_pod);
  tf_build_reserve (b, 0, n * t.n_dims);
  b->endpoint_board = g_new (guint32, n);
  b->chip_transitive = TRUE;
  /* Chip i sits at coordinates (i mod size[0], ...), as the links below read it. */
  b->lattice.n_dims = t.n_dims;
  for (guint d = 0; d < t.n_dims; d++)
    b->lattice.dims[d] = t.size[d];
  /* Boards numbered rack by rack and racks pod by pod, so each container's are contiguous. */
  for (guint r = 0; r < lay.n_rack; r++)
    b->rack_pod[r] = r / racks_per_pod;
  for (guint x = 0; x < n_board; x++)
    b->board_rack[x] = x / boards_per_rack;

  for (guint i = 0; i < n; i++)
    {
      guint rest = i, stride = 1;
      guint32 pod_c[MAX_DIMS], rack_c[MAX_DIMS], board_c[MAX_DIMS];
      guint64 rack;

      for (guint d = 0; d < t.n_dims; d++)
        {
          guint c = rest % t.size[d];

          rest /= t.size[d];
          pod_c[d] = c / lay.unit[d][2];
          rack_c[d] = c % lay.unit[d][2] / lay.unit[d][1];
          board_c[d] = c % lay.unit[d][1] / lay.unit[d][0];
          if (t.size[d] >= 3 || c == 0)
            tf_build_add_link (b, i, i - c * stride + ((c + 1) % t.size[d]) * stride, 1);
          stride *= t.size[d];
        }
      rack = box_index (t.n_dims, pod_c, pods) * racks_per_pod
             + box_index (t.n_dims, rack_c, lay.pod);
      b->endpoint_board[i] = (guint32) (rack * boards_per_rack
                                        + box_index (t.n_dims, board_c, lay.rack));
    }
  return TRUE;
}

static void
torus_metrics (const TfContext *ctx,
               const TfResult  *result,
               const TfBuild   *build,
               TfMetrics       *m)
{
  TfLinkSpeeds speeds;
  TorusParams t;
  guint n = ctx->n_chip, kappa = 0, delta = 0, nodes = 1, max_s = 0;
  gboolean all_two = TRUE;
  guint64 best = G_MAXUINT64;
  double best_bw = G_MAXDOUBLE;
  Layout lay;

  tf_result_link_speeds (ctx, result, &speeds);

  TF_PARAMS_GET (&result->params, TorusParams, &t);
  torus_layout (ctx, &t, tf_result_boards_per_rack (ctx, result), &lay);

  m->diameter = 0;
  for (guint d = 0; d < t.n_dims; d++)
    {
      guint s = t.size[d];
      guint k = s == 2 ? 1 : 2;

      m->diameter += s / 2;
      /* A ring of s is kappa = delta = 2; a 2-long dimension is K2, kappa = delta = 1. */
      kappa = d == 0 ? k : tf_product_connectivity (kappa, delta, nodes, k, k, s);
      delta += k;
      nodes *= s;
      max_s = MAX (max_s, s);
      all_two &= s == 2;
    }
  m->diameter_method = TF_METHOD_CLOSED_FORM;
  m->path_diversity = tf_direct_path_diversity (kappa, FALSE, n, ctx->chip_radix);
  m->path_diversity_method = TF_METHOD_CLOSED_FORM;

  /* Cuts across each dimension: the first half of the chips in lexicographic order with that
   * dimension most significant, the others after it from the last. Unshifted, the wrap-around
   * cut runs along board edges, and no shift puts both cuts on board edges unless this one
   * does. */
  for (guint major = 0; major < t.n_dims; major++)
    {
      guint order[MAX_DIMS], k = 0;

      order[k++] = major;
      for (guint d = t.n_dims; d-- > 0;)
        if (d != major)
          order[k++] = d;
      for (guint y = n / 2; y <= (n + 1) / 2; y++)
        {
          guint64 links;
          double bw;

          tf_torus_prefix_cut (ctx, &speeds, t.n_dims, t.size, lay.unit, order, y, &links, &bw);
          best = MIN (best, links);
          best_bw = MIN (best_bw, bw);
        }
    }
  m->bisection_links = best;
  m->bisection_links_method = TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth = best_bw;
  m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;
  /* Cutting the longest ring twice is optimal when it is even (and a torus of 2s is a
   * hypercube); docs/metrics.md. */
  if (all_two || (max_s >= 3 && max_s % 2 == 0))
    {
      m->bisection_links = (guint64) ctx->chip_radix * (all_two ? n / 2 : 2 * (n / max_s));
      m->bisection_links_method = TF_METHOD_CLOSED_FORM;
    }
}

const TfFamily tf_family_torus = {
  .name = "torus",
  .description = N_("2D or 3D torus of chips; boards are blocks of the coordinate grid"),
  .leaf_tier = TF_TIER_CHIP,
  .scopes = (1u << TF_SCOPE_INTRA_RACK) | (1u << TF_SCOPE_INTER_RACK),
  .direct = TRUE,
  .no_intra_board_reason = N_("the torus already links the chips of a board"),
  .walk = torus_walk,
  .id_keys = torus_id_keys,
  .n_id_keys = G_N_ELEMENTS (torus_id_keys),
  .check = torus_check,
  .count = torus_count,
  .switch_ports = tf_family_no_switch_ports,
  .build = torus_build,
  .metrics = torus_metrics,
  .metrics_need_build = FALSE,
};
