/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nsga2.c: NSGA-II (Deb et al. 2002): non-dominated sorting, crowding distance, selection.
 *
 * Points are n rows of m objectives, all minimised. Objectives must not be NaN (the search
 * rejects candidates it cannot score before they get here).
 *
 * The sort gives Deb's ranks (rank 0: dominated by nothing; rank r + 1: dominated only by points
 * of rank <= r, by at least one of rank r) but finds them the way Zhang et al.'s efficient
 * non-dominated sort does (ENS-BS, IEEE TEVC 2015), which needs O(n) memory where Deb's keeps
 * every point's dominated set: after a lexicographic sort no point can be dominated by a later
 * one, so each point in turn goes to the first front none of whose members dominates it, found
 * by binary search over the fronts (each front below the point's rank holds a dominator of it).
 * Whether a front holds a dominator is a scan of its members, O(m n) at worst (so O(m n^2) in
 * all, like Deb's); for two and three objectives a binary search in the front's staircase,
 * which makes the sort O(n log^2 n) there.
 *
 * Crowding distances are G_MAXDOUBLE at the extremes (a finite value, so sums and comparisons
 * stay ordinary); the partial front of a selection is cut by crowding distance.
 *
 * Every tie is broken by the point's index, so equal input gives equal output.
 */
#include "search-private.h"

#include <string.h>

gboolean
tf_dominates (const double *a,
              const double *b,
              guint         m)
{
  gboolean better = FALSE;

  for (guint k = 0; k < m; k++)
    {
      if (a[k] > b[k])
        return FALSE;
      if (a[k] < b[k])
        better = TRUE;
    }
  return better;
}

/* Lexicographic order of points, then index. */
static inline gboolean
lex_before (const double *objectives,
            guint         m,
            guint         a,
            guint         b)
{
  const double *pa = objectives + (gsize) a * m, *pb = objectives + (gsize) b * m;

  for (guint k = 0; k < m; k++)
    if (pa[k] != pb[k])
      return pa[k] < pb[k];
  return a < b;
}

/* Merge sort of @n indices in lexicographic order; @tmp holds n. */
static void
sort_lex (const double *objectives,
          guint         m,
          guint        *a,
          guint         n,
          guint        *tmp)
{
  guint half = n / 2, i = 0, j = half, o = 0;

  if (n <= 12)
    {
      for (guint s = 1; s < n; s++)
        {
          guint v = a[s], t = s;

          for (; t > 0 && lex_before (objectives, m, v, a[t - 1]); t--)
            a[t] = a[t - 1];
          a[t] = v;
        }
      return;
    }
  sort_lex (objectives, m, a, half, tmp);
  sort_lex (objectives, m, a + half, n - half, tmp);
  while (i < half && j < n)
    tmp[o++] = lex_before (objectives, m, a[j], a[i]) ? a[j++] : a[i++];
  while (i < half)
    tmp[o++] = a[i++];
  /* a[j..n) is already in place */
  memcpy (a, tmp, sizeof (guint) * o);
}

/* For four objectives and more, a front is its members' rows, in the order they came. */
typedef struct
{
  double *rows;
  guint   len;
  guint   capacity;
} Front;

/* Whether some member of @front dominates the point @p that comes after all of them in
 * lexicographic order. Such a member is no worse in the first objective, so the others decide,
 * and it must not be equal to @p. Members are tried newest first, the nearest in lexicographic
 * order and so the likeliest dominators. */
static gboolean
front_dominates (const Front  *front,
                 guint         m,
                 const double *p)
{
  for (guint t = front->len; t-- > 0;)
    {
      const double *q = front->rows + (gsize) t * m;
      guint k = 1;

      while (k < m && q[k] <= p[k])
        k++;
      if (k < m)
        continue;
      for (k = 0; k < m; k++)   /* by value: 0 and -0 are equal */
        if (q[k] < p[k])
          return TRUE;
    }
  return FALSE;
}

static void
front_add (Front        *front,
           guint         m,
           const double *p)
{
  if (front->len == front->capacity)
    {
      front->capacity = MAX (8, 2 * front->capacity);
      front->rows = g_renew (double, front->rows, (gsize) front->capacity * m);
    }
  memcpy (front->rows + (gsize) front->len++ * m, p, sizeof (double) * m);
}

/* For two and three objectives a front is searched faster through its staircase: the members
 * not dominated by another in objectives 1 and m - 1 (y and z), y ascending and z descending,
 * each with the smallest objective 0 (x) among the members of that (y, z). (For two objectives
 * y and z are the same.) */
typedef struct
{
  double y, z, x;
} Step;

typedef struct
{
  Step  *steps;
  guint  len;
  guint  capacity;
} Staircase;

/* The last step with y <= @y, or -1. */
static gint
staircase_find (const Staircase *st,
                double           y)
{
  guint lo = 0, hi = st->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (st->steps[mid].y <= y)
        lo = mid + 1;
      else
        hi = mid;
    }
  return (gint) lo - 1;
}

/* Whether the front dominates @p (x, y, z), which comes after its members in lexicographic
 * order: a member no worse in y and z dominates unless it equals p. Among the steps with
 * y' <= y the last has the smallest z; any other with z' <= z would be below it. */
static gboolean
staircase_dominates (const Staircase *st,
                     double           x,
                     double           y,
                     double           z)
{
  gint s = staircase_find (st, y);
  const Step *step;

  if (s < 0 || st->steps[s].z > z)
    return FALSE;
  step = &st->steps[s];
  return step->y != y || step->z != z || step->x < x;
}

/* Adds a point the front does not dominate. */
static void
staircase_add (Staircase *st,
               double     x,
               double     y,
               double     z)
{
  gint s = staircase_find (st, y);
  guint pos, end;

  if (s >= 0 && st->steps[s].z <= z)
    return;   /* an equal point is there already */
  /* The steps the new one covers (y' >= y, z' >= z) follow it: drop them. */
  pos = (guint) (s + 1);
  for (end = pos; end < st->len && st->steps[end].z >= z; end++)
    ;
  if (end == pos && st->len == st->capacity)
    {
      st->capacity = MAX (8, 2 * st->capacity);
      st->steps = g_renew (Step, st->steps, st->capacity);
    }
  memmove (st->steps + pos + 1, st->steps + end, sizeof (Step) * (st->len - end));
  st->len = st->len - (end - pos) + 1;
  st->steps[pos] = (Step) { y, z, x };
}

guint
tf_nsga2_sort (const double *objectives,
               guint         n,
               guint         m,
               guint        *rank)
{
  g_autofree guint *order = NULL;
  g_autofree guint *tmp = NULL;
  Staircase *stairs = NULL;        /* m <= 3 */
  Front *fronts = NULL;             /* m >= 4 */
  guint n_fronts = 0;

  g_return_val_if_fail (n == 0 || (objectives != NULL && rank != NULL), 0);
  g_return_val_if_fail (m >= 1, 0);

  if (n == 0)
    return 0;

  order = g_new (guint, n);
  tmp = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    order[i] = i;
  sort_lex (objectives, m, order, n, tmp);

  if (m == 1)
    {
      /* Points equal in value share a front. */
      for (guint s = 0; s < n; s++)
        {
          if (s > 0 && objectives[order[s]] != objectives[order[s - 1]])
            n_fronts++;
          rank[order[s]] = n_fronts;
        }
      return n_fronts + 1;
    }

  if (m <= 3)
    stairs = g_new0 (Staircase, n);
  else
    fronts = g_new0 (Front, n);

  for (guint s = 0; s < n; s++)
    {
      guint p = order[s];
      const double *pp = objectives + (gsize) p * m;
      guint lo = 0, hi = n_fronts;

      /* Fronts below the point's rank all hold a dominator of it, the others none. */
      while (lo < hi)
        {
          guint mid = lo + (hi - lo) / 2;
          gboolean dominated = stairs
            ? staircase_dominates (&stairs[mid], pp[0], pp[1], pp[m - 1])
            : front_dominates (&fronts[mid], m, pp);

          if (dominated)
            lo = mid + 1;
          else
            hi = mid;
        }
      if (lo == n_fronts)
        n_fronts++;
      if (stairs)
        staircase_add (&stairs[lo], pp[0], pp[1], pp[m - 1]);
      else
        front_add (&fronts[lo], m, pp);
      rank[p] = lo;
    }

  for (guint f = 0; f < n_fronts; f++)
    {
      if (stairs)
        g_free (stairs[f].steps);
      else
        g_free (fronts[f].rows);
    }
  g_free (stairs);
  g_free (fronts);
  return n_fronts;
}

/* The points front by front, ascending index within a front: members[start[f] .. start[f+1]). */
static guint
group_by_rank (const guint *rank,
               guint        n,
               guint      **members_out,
               guint      **start_out)
{
  guint n_fronts = 0;
  guint *members = g_new (guint, MAX (n, 1));
  guint *start;
  guint *fill;

  for (guint i = 0; i < n; i++)
    n_fronts = MAX (n_fronts, rank[i] + 1);
  start = g_new0 (guint, n_fronts + 1);
  fill = g_new (guint, MAX (n_fronts, 1));
  for (guint i = 0; i < n; i++)
    start[rank[i] + 1]++;
  for (guint f = 0; f < n_fronts; f++)
    {
      start[f + 1] += start[f];
      fill[f] = start[f];
    }
  for (guint i = 0; i < n; i++)
    members[fill[rank[i]]++] = i;
  g_free (fill);

  *members_out = members;
  *start_out = start;
  return n_fronts;
}

typedef struct
{
  double value;
  guint  index;
} Keyed;

static inline gboolean
keyed_before (const Keyed *a,
              const Keyed *b,
              gboolean     descending)
{
  if (a->value != b->value)
    return descending ? a->value > b->value : a->value < b->value;
  return a->index < b->index;
}

/* Merge sort by value (ascending or descending), then index; @tmp holds n. */
static void
sort_keyed (Keyed    *a,
            guint     n,
            Keyed    *tmp,
            gboolean  descending)
{
  guint half = n / 2, i = 0, j = half, o = 0;

  if (n <= 12)
    {
      for (guint s = 1; s < n; s++)
        {
          Keyed v = a[s];
          guint t = s;

          for (; t > 0 && keyed_before (&v, &a[t - 1], descending); t--)
            a[t] = a[t - 1];
          a[t] = v;
        }
      return;
    }
  sort_keyed (a, half, tmp, descending);
  sort_keyed (a + half, n - half, tmp, descending);
  while (i < half && j < n)
    tmp[o++] = keyed_before (&a[j], &a[i], descending) ? a[j++] : a[i++];
  while (i < half)
    tmp[o++] = a[i++];
  memcpy (a, tmp, sizeof (Keyed) * o);
}

/* Crowding distance of the @size points of one front into crowding[point]. @scratch holds
 * 2 @size entries. The extremes of each objective (the first and last after sorting by value,
 * then index) get G_MAXDOUBLE and keep it; an inner point adds the normalised gap between its
 * neighbours, nothing when the front has one value in that objective. */
static void
crowding_front (const double *objectives,
                guint         m,
                const guint  *members,
                guint         size,
                double       *crowding,
                Keyed        *scratch)
{
  if (size <= 2)
    {
      for (guint s = 0; s < size; s++)
        crowding[members[s]] = G_MAXDOUBLE;
      return;
    }

  for (guint s = 0; s < size; s++)
    crowding[members[s]] = 0;

  for (guint k = 0; k < m; k++)
    {
      double range;

      for (guint s = 0; s < size; s++)
        {
          scratch[s].index = members[s];
          scratch[s].value = objectives[(gsize) members[s] * m + k];
        }
      sort_keyed (scratch, size, scratch + size, FALSE);

      crowding[scratch[0].index] = G_MAXDOUBLE;
      crowding[scratch[size - 1].index] = G_MAXDOUBLE;
      range = scratch[size - 1].value - scratch[0].value;
      if (!(range > 0))
        continue;
      for (guint s = 1; s + 1 < size; s++)
        {
          double *c = &crowding[scratch[s].index];

          if (*c != G_MAXDOUBLE)
            *c += (scratch[s + 1].value - scratch[s - 1].value) / range;
        }
    }
}

void
tf_nsga2_crowding (const double *objectives,
                   guint         n,
                   guint         m,
                   const guint  *rank,
                   double       *crowding)
{
  g_autofree guint *members = NULL;
  g_autofree guint *start = NULL;
  g_autofree Keyed *scratch = NULL;
  guint n_fronts;

  g_return_if_fail (n == 0 || (objectives != NULL && rank != NULL && crowding != NULL));

  if (n == 0)
    return;

  n_fronts = group_by_rank (rank, n, &members, &start);
  scratch = g_new (Keyed, 2 * n);
  for (guint f = 0; f < n_fronts; f++)
    crowding_front (objectives, m, members + start[f], start[f + 1] - start[f], crowding,
                    scratch);
}

guint
tf_nsga2_tournament (const guint  *rank,
                     const double *crowding,
                     guint         n,
                     GRand        *rng)
{
  guint a, b;

  g_return_val_if_fail (rank != NULL && crowding != NULL && rng != NULL, 0);
  g_return_val_if_fail (n > 0 && n <= G_MAXINT32, 0);

  a = (guint) g_rand_int_range (rng, 0, (gint32) n);
  b = (guint) g_rand_int_range (rng, 0, (gint32) n);

  if (rank[a] != rank[b])
    return rank[a] < rank[b] ? a : b;
  if (crowding[a] != crowding[b])
    return crowding[a] > crowding[b] ? a : b;
  return MIN (a, b);
}

void
tf_nsga2_select (const double *objectives,
                 guint         n,
                 guint         m,
                 guint         n_keep,
                 guint        *keep)
{
  g_autofree guint *rank = NULL;
  g_autofree guint *members = NULL;
  g_autofree guint *start = NULL;
  guint n_fronts, kept = 0;

  g_return_if_fail (n_keep <= n);
  g_return_if_fail (n_keep == 0 || (objectives != NULL && keep != NULL));

  if (n_keep == 0)
    return;

  rank = g_new (guint, n);
  tf_nsga2_sort (objectives, n, m, rank);
  n_fronts = group_by_rank (rank, n, &members, &start);

  for (guint f = 0; f < n_fronts && kept < n_keep; f++)
    {
      guint size = start[f + 1] - start[f];
      const guint *front = members + start[f];

      if (kept + size <= n_keep)
        {
          memcpy (keep + kept, front, sizeof (guint) * size);
          kept += size;
        }
      else
        {
          /* The front that does not fit: its least crowded points first. */
          g_autofree double *crowding = g_new (double, n);
          g_autofree Keyed *scratch = g_new (Keyed, 2 * size);

          crowding_front (objectives, m, front, size, crowding, scratch);
          for (guint s = 0; s < size; s++)
            {
              scratch[s].index = front[s];
              scratch[s].value = crowding[front[s]];
            }
          sort_keyed (scratch, size, scratch + size, TRUE);
          for (guint s = 0; kept < n_keep; s++)
            keep[kept++] = scratch[s].index;
        }
    }
}
