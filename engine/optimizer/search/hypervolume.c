/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hypervolume.c: the hypervolume indicator of a front (all objectives minimised).
 *
 * The Lebesgue measure of the union of the boxes [p, reference] over the points p strictly
 * better than the reference in every objective; the others, NaN among them, add nothing. Exact
 * up to rounding, by dimension:
 * - 1: reference minus the best value;
 * - 2: a sweep in the first objective over the staircase, O(n log n);
 * - 3: a sweep in the third objective keeping the 2-D front of the points seen so far and its
 *   area, updated point by point (Beume et al.'s dimension sweep, with a sorted array instead of
 *   a balanced tree), O(n^2) at worst from the array moves, O(n log n) comparisons;
 * - 4 and more: WFG (While, Bradstreet and Barone 2012) with its slicing: points sorted by the
 *   last objective, each adds (reference - its last value) times its exclusive hypervolume in
 *   the other objectives, which is its box's volume minus the hypervolume of the earlier points
 *   limited to its box, non-dominated ones only, computed again by this function one dimension
 *   down. Fine for the fronts the optimizer keeps (n <= 200, m <= 7 in well under a second).
 * Duplicates and dominated points are dropped before WFG, and cover nothing new in the sweeps.
 */
#include "search-private.h"

#include <string.h>

typedef struct
{
  double value;
  guint  index;
} Keyed;

static int
compare_keyed (const void *pa,
               const void *pb)
{
  const Keyed *a = pa, *b = pb;

  if (a->value != b->value)
    return a->value < b->value ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* Scratch for one computation, sized once for @n points of @m objectives. Buffers are per
 * dimension d (rows of d values) so that each level of WFG's recursion has its own. */
typedef struct
{
  guint         n;
  guint         m;
  const double *reference;
  double      **sorted;       /* [d]: WFG's input in order of the last objective */
  double      **limited;      /* [d]: a limit set before the non-dominated filter */
  double      **front;        /* [d]: a filtered point set */
  Keyed        *keys;
  guint        *kept;
  double       *front_x;      /* the 3-D sweep's 2-D front */
  double       *front_y;
} Work;

static void
work_init (Work         *w,
           guint         n,
           guint         m,
           const double *reference)
{
  w->n = n;
  w->m = m;
  w->reference = reference;
  w->sorted = g_new0 (double *, m + 1);
  w->limited = g_new0 (double *, m + 1);
  w->front = g_new0 (double *, m + 1);
  for (guint d = 1; d <= m; d++)
    {
      w->front[d] = g_new (double, (gsize) n * d);
      w->limited[d] = g_new (double, (gsize) n * d);
      if (d >= 4)
        w->sorted[d] = g_new (double, (gsize) n * d);
    }
  w->keys = g_new (Keyed, n);
  w->kept = g_new (guint, n);
  w->front_x = g_new (double, n);
  w->front_y = g_new (double, n);
}

static void
work_clear (Work *w)
{
  for (guint d = 0; d <= w->m; d++)
    {
      g_free (w->sorted[d]);
      g_free (w->limited[d]);
      g_free (w->front[d]);
    }
  g_free (w->sorted);
  g_free (w->limited);
  g_free (w->front);
  g_free (w->keys);
  g_free (w->kept);
  g_free (w->front_x);
  g_free (w->front_y);
}

static gboolean
weakly_dominates (const double *a,
                  const double *b,
                  guint         d)
{
  for (guint k = 0; k < d; k++)
    if (a[k] > b[k])
      return FALSE;
  return TRUE;
}

/* Copies the non-dominated rows of @in (k rows of d values) to @out, one of each set of
 * duplicates; returns how many. */
static guint
filter_non_dominated (Work         *w,
                      const double *in,
                      guint         k,
                      guint         d,
                      double       *out)
{
  guint n_kept = 0;

  for (guint i = 0; i < k; i++)
    {
      const double *p = in + (gsize) i * d;
      gboolean covered = FALSE;
      guint s = 0;

      for (guint t = 0; t < n_kept; t++)
        if (weakly_dominates (in + (gsize) w->kept[t] * d, p, d))
          {
            covered = TRUE;
            break;
          }
      if (covered)
        continue;
      /* p covers nothing already kept that equals it (that would have covered p), so what it
       * covers is dominated: drop those. */
      for (guint t = 0; t < n_kept; t++)
        if (!weakly_dominates (p, in + (gsize) w->kept[t] * d, d))
          w->kept[s++] = w->kept[t];
      n_kept = s;
      w->kept[n_kept++] = i;
    }

  for (guint t = 0; t < n_kept; t++)
    memcpy (out + (gsize) t * d, in + (gsize) w->kept[t] * d, sizeof (double) * d);
  return n_kept;
}

static double
box_volume (const double *p,
            const double *reference,
            guint         d)
{
  double v = 1;

  for (guint k = 0; k < d; k++)
    v *= reference[k] - p[k];
  return v;
}

static double
hv_2d (Work         *w,
       const double *points,
       guint         k)
{
  const double *ref = w->reference;
  double area = 0, top = ref[1];

  for (guint i = 0; i < k; i++)
    {
      w->keys[i].value = points[2 * i];
      w->keys[i].index = i;
    }
  qsort (w->keys, k, sizeof (Keyed), compare_keyed);

  /* In order of x the staircase steps down; the strip between a point's y and the lowest y
   * before it reaches from its x to the reference. */
  for (guint s = 0; s < k; s++)
    {
      const double *p = points + 2 * w->keys[s].index;

      if (p[1] < top)
        {
          area += (ref[0] - p[0]) * (top - p[1]);
          top = p[1];
        }
    }
  return area;
}

/* Adds (x, y) to the 2-D front (x ascending, y descending) of *len points and returns the area
 * this adds to the front's hypervolume. */
static double
front_2d_insert (Work   *w,
                 guint  *len,
                 double  x,
                 double  y)
{
  const double *ref = w->reference;
  double *fx = w->front_x, *fy = w->front_y;
  guint lo = 0, hi = *len, j;
  double added = 0, cur, top, end;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (fx[mid] < x)
        lo = mid + 1;
      else
        hi = mid;
    }
  /* lo: the first point with x' >= x. */
  if (lo > 0 && fy[lo - 1] <= y)
    return 0;
  if (lo < *len && fx[lo] == x && fy[lo] <= y)
    return 0;

  /* Walk right over the points the new one covers (x' >= x, y' >= y): between two of them the
   * old front's floor is the y of the one on the left. */
  top = lo > 0 ? fy[lo - 1] : ref[1];
  cur = x;
  for (j = lo; j < *len && fy[j] >= y; j++)
    {
      added += (fx[j] - cur) * (top - y);
      cur = fx[j];
      top = fy[j];
    }
  end = j < *len ? fx[j] : ref[0];
  added += (end - cur) * (top - y);

  memmove (fx + lo + 1, fx + j, sizeof (double) * (*len - j));
  memmove (fy + lo + 1, fy + j, sizeof (double) * (*len - j));
  fx[lo] = x;
  fy[lo] = y;
  *len = *len - (j - lo) + 1;
  return added;
}

static double
hv_3d (Work         *w,
       const double *points,
       guint         k)
{
  const double *ref = w->reference;
  double volume = 0, area = 0;
  guint len = 0;

  for (guint i = 0; i < k; i++)
    {
      w->keys[i].value = points[3 * i + 2];
      w->keys[i].index = i;
    }
  qsort (w->keys, k, sizeof (Keyed), compare_keyed);

  /* Between a point's z and the next one's, the slice is the 2-D front of the points so far. */
  for (guint s = 0; s < k; s++)
    {
      const double *p = points + 3 * w->keys[s].index;
      double next = s + 1 < k ? w->keys[s + 1].value : ref[2];

      area += front_2d_insert (w, &len, p[0], p[1]);
      volume += area * (next - p[2]);
    }
  return volume;
}

static double hv_wfg (Work *w, const double *points, guint k, guint d);

static double
hv_any (Work         *w,
        const double *points,
        guint         k,
        guint         d)
{
  if (k == 0)
    return 0;
  if (k == 1)
    return box_volume (points, w->reference, d);
  switch (d)
    {
    case 1:
      {
        double best = points[0];

        for (guint i = 1; i < k; i++)
          best = MIN (best, points[i]);
        return w->reference[0] - best;
      }
    case 2:
      return hv_2d (w, points, k);
    case 3:
      return hv_3d (w, points, k);
    default:
      return hv_wfg (w, points, k, d);
    }
}

/* @points: k non-dominated rows of d >= 4 values. */
static double
hv_wfg (Work         *w,
        const double *points,
        guint         k,
        guint         d)
{
  const double *ref = w->reference;
  double *sorted = w->sorted[d];
  double *limited = w->limited[d - 1];
  double *front = w->front[d - 1];
  guint e = d - 1;   /* the sliced objective */
  double volume = 0;

  for (guint i = 0; i < k; i++)
    {
      w->keys[i].value = points[(gsize) i * d + e];
      w->keys[i].index = i;
    }
  qsort (w->keys, k, sizeof (Keyed), compare_keyed);
  for (guint s = 0; s < k; s++)
    memcpy (sorted + (gsize) s * d, points + (gsize) w->keys[s].index * d, sizeof (double) * d);

  /* Every earlier point is at least as good in the last objective, so above the point's value
   * there the earlier points cover the same part of the point's box at every height. */
  for (guint i = 0; i < k; i++)
    {
      const double *p = sorted + (gsize) i * d;
      double exclusive = box_volume (p, ref, e);

      if (i > 0)
        {
          guint n_front;

          for (guint j = 0; j < i; j++)
            {
              const double *q = sorted + (gsize) j * d;
              double *l = limited + (gsize) j * e;

              for (guint c = 0; c < e; c++)
                l[c] = MAX (p[c], q[c]);
            }
          n_front = filter_non_dominated (w, limited, i, e, front);
          exclusive -= hv_any (w, front, n_front, e);
        }
      volume += (ref[e] - p[e]) * exclusive;
    }
  return volume;
}

double
tf_hypervolume (const double *objectives,
                guint         n,
                guint         m,
                const double *reference)
{
  Work w;
  double *inside;
  guint k = 0;
  double volume;

  g_return_val_if_fail (m >= 1, 0);
  g_return_val_if_fail (reference != NULL, 0);
  g_return_val_if_fail (n == 0 || objectives != NULL, 0);

  if (n == 0)
    return 0;

  work_init (&w, n, m, reference);
  inside = w.limited[m];
  for (guint i = 0; i < n; i++)
    {
      const double *p = objectives + (gsize) i * m;
      gboolean counts = TRUE;

      for (guint c = 0; c < m && counts; c++)
        counts = p[c] < reference[c];
      if (counts)
        memcpy (inside + (gsize) k++ * m, p, sizeof (double) * m);
    }

  /* The sweeps ignore covered points by themselves; WFG's slicing needs them gone. */
  if (m >= 4)
    {
      k = filter_non_dominated (&w, inside, k, m, w.front[m]);
      inside = w.front[m];
    }
  volume = hv_any (&w, inside, k, m);
  work_clear (&w);
  return volume;
}
