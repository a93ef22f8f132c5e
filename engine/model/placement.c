/* SPDX-License-Identifier: GPL-3.0-or-later */
/* placement.c: boards into racks and racks into pods (see placement-private.h). */
#include "placement-private.h"

guint64
tf_pairs_within_runs (guint64 n,
                      guint64 per)
{
  guint64 full = n / per, rest = n % per;

  return full * (per * (per - 1) / 2) + rest * (rest - 1) / 2 * (rest > 0);
}

typedef struct
{
  guint          n_dims;
  const guint32 *grid;
  const guint32 *step;
  guint64        cap;
  guint32        block[TF_MAX_DIMS];
  guint32        best[TF_MAX_DIMS];
  guint64        best_product;
  double         best_spread;
} Balanced;

/* Longest over shortest side of the block, in units of length. */
static double
spread (const Balanced *b)
{
  guint64 lo = G_MAXUINT64, hi = 0;

  for (guint d = 0; d < b->n_dims; d++)
    {
      guint64 len = (guint64) b->block[d] * b->step[d];

      lo = MIN (lo, len);
      hi = MAX (hi, len);
    }
  return (double) hi / (double) lo;
}

static void
balanced_search (Balanced *b,
                 guint     d,
                 guint64   product)
{
  if (d == b->n_dims)
    {
      double s = spread (b);

      if (product > b->best_product
          || (product == b->best_product && s < b->best_spread - 1e-12))
        {
          b->best_product = product;
          b->best_spread = s;
          memcpy (b->best, b->block, sizeof b->best);
        }
      return;
    }
  /* Divisors of grid[d] that keep the product within the cap, small ones first (v), then their
   * partners (grid / v) largest first, so every divisor is tried once in increasing order and
   * the earliest block in lexicographic order wins ties. */
  {
    guint64 g = b->grid[d], limit = b->cap / product;
    guint64 root = 1;

    while ((root + 1) * (root + 1) <= g)
      root++;
    for (guint64 v = 1; v <= root && v <= limit; v++)
      if (g % v == 0)
        {
          b->block[d] = (guint32) v;
          balanced_search (b, d + 1, product * v);
        }
    for (guint64 v = root; v >= 1; v--)
      if (g % v == 0 && g / v != v && g / v <= limit)
        {
          b->block[d] = (guint32) (g / v);
          balanced_search (b, d + 1, product * (g / v));
        }
  }
}

void
tf_block_balanced (guint          n_dims,
                   const guint32 *grid,
                   const guint32 *step,
                   guint64        cap,
                   guint32       *block)
{
  Balanced b = { n_dims, grid, step, MAX (cap, 1), { 0 }, { 0 }, 0, G_MAXDOUBLE };

  g_return_if_fail (n_dims >= 1 && n_dims <= TF_MAX_DIMS);

  balanced_search (&b, 0, 1);
  memcpy (block, b.best, sizeof (guint32) * n_dims);
}

void
tf_block_prefix (guint          n_dims,
                 const guint32 *grid,
                 guint64        cap,
                 guint32       *block)
{
  guint64 whole = 1, best = 0;
  guint best_dim = 0, best_part = 1;

  g_return_if_fail (n_dims >= 1 && n_dims <= TF_MAX_DIMS);
  cap = MAX (cap, 1);

  /* Dimensions 0 .. j-1 whole, the largest divisor of dimension j that fits. */
  for (guint j = 0; j < n_dims && whole <= cap; j++)
    {
      guint part = 1;

      for (guint64 v = 1; v * v <= grid[j]; v++)
        if (grid[j] % v == 0)
          {
            if (whole * v <= cap)
              part = MAX (part, (guint) v);
            if (whole * (grid[j] / v) <= cap)
              part = MAX (part, (guint) (grid[j] / v));
          }
      if (whole * part > best)
        {
          best = whole * part;
          best_dim = j;
          best_part = part;
        }
      whole *= grid[j];
    }
  for (guint d = 0; d < n_dims; d++)
    block[d] = d < best_dim ? grid[d] : d == best_dim ? best_part : 1;
}

TfReach
tf_ring_link_reach (guint          s,
                    const guint32  unit[3],
                    guint          c)
{
  for (guint level = 0; level < 3; level++)
    {
      gboolean stays = s <= 2 || c + 1 < s ? (c + 1) % unit[level] != 0 : unit[level] == s;

      if (stays)
        return (TfReach) level;
    }
  return TF_REACH_DATACENTER;
}

void
tf_ring_reach_counts (guint          s,
                      const guint32  unit[3],
                      guint64        per_reach[TF_N_REACHES])
{
  guint64 crossing[4];

  if (s <= 2)
    {
      per_reach[tf_ring_link_reach (s, unit, 0)]++;
      return;
    }
  /* Links c -> c + 1 for c < s - 1 cross a boundary of a container of u coordinates at each
   * of its s / u - 1 inner boundaries; the wrap-around is counted on its own. */
  crossing[0] = s - 1;
  for (guint level = 0; level < 3; level++)
    crossing[level + 1] = s / unit[level] - 1;
  for (guint level = 0; level < TF_N_REACHES; level++)
    per_reach[level] += crossing[level] - (level < 3 ? crossing[level + 1] : 0);
  per_reach[tf_ring_link_reach (s, unit, s - 1)]++;
}

void
tf_runs_init (TfRuns          *runs,
              const TfContext *ctx,
              guint64          n_board,
              guint            boards_per_rack)
{
  runs->n_board = n_board;
  runs->per_rack = MIN (n_board, MAX (boards_per_rack, 1));
  runs->n_rack = tf_pack_count (n_board, runs->per_rack);
  runs->per_pod = runs->per_rack * MIN (runs->n_rack, ctx->racks_per_pod_max);
  runs->n_pod = tf_pack_count (runs->n_rack, runs->per_pod / runs->per_rack);
}

void
tf_runs_place (const TfRuns *runs,
               TfBuild      *build)
{
  guint64 racks_per_pod = runs->per_pod / runs->per_rack;

  g_return_if_fail (build->n_board == runs->n_board && build->n_rack == runs->n_rack);

  for (guint64 b = 0; b < runs->n_board; b++)
    build->board_rack[b] = (guint32) (b / runs->per_rack);
  for (guint r = 0; r < runs->n_rack; r++)
    build->rack_pod[r] = (guint32) (r / racks_per_pod);
}

TfReach
tf_runs_reach (const TfRuns *runs,
               guint64       a,
               guint64       b)
{
  if (a / runs->per_rack == b / runs->per_rack)
    return TF_REACH_RACK;
  if (a / runs->per_pod == b / runs->per_pod)
    return TF_REACH_POD;
  return TF_REACH_DATACENTER;
}

guint64
tf_split_pairs (guint64 n,
                guint64 per,
                guint64 x)
{
  guint64 start = x / per * per, end = MIN (start + per, n);

  return x > start ? (x - start) * (end - x) : 0;
}

void
tf_runs_cut (const TfRuns *runs,
             gboolean      complete,
             guint64       x,
             guint64       per_reach[TF_N_REACHES])
{
  guint64 n = runs->n_board;

  if (x == 0 || x >= n)
    return;
  if (complete)
    {
      guint64 rack = tf_split_pairs (n, runs->per_rack, x);
      guint64 pod = tf_split_pairs (n, runs->per_pod, x);

      per_reach[TF_REACH_RACK] += rack;
      per_reach[TF_REACH_POD] += pod - rack;
      per_reach[TF_REACH_DATACENTER] += x * (n - x) - pod;
      return;
    }
  per_reach[tf_runs_reach (runs, x - 1, x)]++;
  if (n > 2)
    per_reach[tf_runs_reach (runs, n - 1, 0)]++;
}
