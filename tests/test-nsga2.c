/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-nsga2.c: NSGA-II's sort, crowding, tournament and selection, and the hypervolume, against
 * fronts built with known dominance, hand-computed values and brute force. */
#include <math.h>
#include <string.h>

#include "search-private.h"

/* Brute force: peel the points no remaining point dominates, O(m n^3). */
static guint
peel_ranks (const double *x,
            guint         n,
            guint         m,
            guint        *rank)
{
  g_autofree gboolean *done = g_new0 (gboolean, n);
  g_autofree gboolean *in_front = g_new0 (gboolean, n);
  guint left = n, front = 0;

  while (left > 0)
    {
      for (guint i = 0; i < n; i++)
        {
          in_front[i] = FALSE;
          if (done[i])
            continue;
          in_front[i] = TRUE;
          for (guint j = 0; j < n && in_front[i]; j++)
            if (!done[j] && tf_dominates (x + j * m, x + i * m, m))
              in_front[i] = FALSE;
        }
      for (guint i = 0; i < n; i++)
        if (in_front[i])
          {
            rank[i] = front;
            done[i] = TRUE;
            left--;
          }
      front++;
    }
  return front;
}

static void
shuffle (guint *a,
         guint  n,
         GRand *rng)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rng, 0, (gint32) i);
      guint t = a[i - 1];

      a[i - 1] = a[j];
      a[j] = t;
    }
}

static void
test_dominates (void)
{
  const double a[] = { 1, 2, 3 }, b[] = { 1, 2, 4 }, c[] = { 0, 3, 3 };

  g_assert_true (tf_dominates (a, b, 3));
  g_assert_false (tf_dominates (b, a, 3));
  g_assert_false (tf_dominates (a, a, 3));     /* equal: neither */
  g_assert_false (tf_dominates (a, c, 3));     /* each better somewhere */
  g_assert_false (tf_dominates (c, a, 3));
  g_assert_false (tf_dominates (a, b, 2));     /* equal in the first two objectives */
}

/* The spec's test_pareto_set_correctness: 100 candidates in layers of known rank, shuffled.
 * Each layer lies on the plane sum(x) = s_k, so its points cannot dominate one another (that
 * would need a smaller sum) nor any point of an earlier layer; each point of layer k + 1 is a
 * point of layer k moved by a positive step, so it is dominated by it. Its rank is therefore k. */
static void
test_pareto_set_correctness (void)
{
  for (guint m = 2; m <= 4; m++)
    {
      const guint n = 100, n_layers = 5, per_layer = n / n_layers;
      g_autoptr(GRand) rng = g_rand_new_with_seed (20240601 + m);
      g_autofree double *built = g_new (double, n * m);
      g_autofree double *x = g_new (double, n * m);
      g_autofree guint *layer = g_new (guint, n);
      g_autofree guint *perm = g_new (guint, n);
      g_autofree guint *rank = g_new (guint, n);
      g_autofree guint *keep = g_new (guint, n);
      guint n_fronts, n_best = 0;

      for (guint i = 0; i < n; i++)
        {
          double *p = built + i * m;
          guint k = i / per_layer;
          double w[8], sum = 0;

          layer[i] = k;
          for (guint c = 0; c < m; c++)
            sum += w[c] = g_rand_double_range (rng, 0.05, 1.0);
          if (k == 0)
            {
              for (guint c = 0; c < m; c++)
                p[c] = 10 * w[c] / sum;
            }
          else
            {
              const double *parent = built
                + (k - 1) * per_layer * m
                + (guint) g_rand_int_range (rng, 0, (gint32) per_layer) * m;

              for (guint c = 0; c < m; c++)
                p[c] = parent[c] + 3 * w[c] / sum;
            }
        }

      for (guint i = 0; i < n; i++)
        perm[i] = i;
      shuffle (perm, n, rng);
      for (guint i = 0; i < n; i++)
        memcpy (x + i * m, built + perm[i] * m, sizeof (double) * m);

      n_fronts = tf_nsga2_sort (x, n, m, rank);
      g_assert_cmpuint (n_fronts, ==, n_layers);
      for (guint i = 0; i < n; i++)
        g_assert_cmpuint (rank[i], ==, layer[perm[i]]);

      /* The Pareto set is exactly the first layer: nothing else survives a selection of its
       * size, and each of its points is dominated by no candidate. */
      tf_nsga2_select (x, n, m, per_layer, keep);
      for (guint s = 0; s < per_layer; s++)
        {
          g_assert_cmpuint (layer[perm[keep[s]]], ==, 0);
          for (guint j = 0; j < n; j++)
            g_assert_false (tf_dominates (x + j * m, x + keep[s] * m, m));
          if (s > 0)
            g_assert_cmpuint (keep[s - 1], <, keep[s]);
        }
      for (guint i = 0; i < n; i++)
        n_best += rank[i] == 0;
      g_assert_cmpuint (n_best, ==, per_layer);
    }
}

static void
assert_ranks_valid (const double *x,
                    guint         n,
                    guint         m,
                    const guint  *rank)
{
  /* Deb's definition directly: a point of rank r > 0 has a dominator of rank r - 1 and none of
   * rank r or worse. */
  for (guint i = 0; i < n; i++)
    {
      gboolean below = rank[i] == 0;

      for (guint j = 0; j < n; j++)
        if (tf_dominates (x + j * m, x + i * m, m))
          {
            g_assert_cmpuint (rank[j], <, rank[i]);
            below = below || rank[j] + 1 == rank[i];
          }
      g_assert_true (below);
    }
}

static void
test_sort_brute_force (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (7);
  guint trials = 0;

  for (guint m = 1; m <= 5; m++)
    for (guint round = 0; round < 150; round++)
      {
        guint n = (guint) g_rand_int_range (rng, 0, 70);
        /* Few distinct values: many ties in single objectives and many duplicate points. */
        gint32 span = round % 3 == 0 ? 3 : round % 3 == 1 ? 6 : 1000;
        g_autofree double *x = g_new (double, MAX (n, 1) * m);
        g_autofree guint *rank = g_new (guint, MAX (n, 1));
        g_autofree guint *expected = g_new (guint, MAX (n, 1));
        guint n_fronts, n_expected;

        for (guint i = 0; i < n * m; i++)
          x[i] = g_rand_int_range (rng, 0, span) * (round % 2 ? 0.25 : -1.5);
        if (n > 3)   /* some exact duplicates on top */
          memcpy (x + (n - 1) * m, x, sizeof (double) * m);

        n_fronts = tf_nsga2_sort (x, n, m, rank);
        n_expected = n == 0 ? 0 : peel_ranks (x, n, m, expected);
        g_assert_cmpuint (n_fronts, ==, n_expected);
        for (guint i = 0; i < n; i++)
          g_assert_cmpuint (rank[i], ==, expected[i]);
        assert_ranks_valid (x, n, m, rank);
        if (n > 3)
          g_assert_cmpuint (rank[0], ==, rank[n - 1]);   /* equal points share a front */
        trials += n > 0;
      }
  g_assert_cmpuint (trials, >, 600);
}

static void
test_sort_large (void)
{
  const guint n = 400, m = 3;
  g_autoptr(GRand) rng = g_rand_new_with_seed (99);
  g_autofree double *x = g_new (double, n * m);
  g_autofree guint *rank = g_new (guint, n);
  g_autofree guint *expected = g_new (guint, n);
  guint n_fronts;

  for (guint i = 0; i < n; i++)
    {
      double r = g_rand_double_range (rng, 1, 2);
      double a = g_rand_double_range (rng, 0, G_PI / 2), b = g_rand_double_range (rng, 0, G_PI / 2);

      x[i * m + 0] = r * cos (a) * cos (b);
      x[i * m + 1] = r * sin (a) * cos (b);
      x[i * m + 2] = r * sin (b);
    }
  n_fronts = tf_nsga2_sort (x, n, m, rank);
  g_assert_cmpuint (n_fronts, ==, peel_ranks (x, n, m, expected));
  g_assert_cmpuint (n_fronts, >, 5);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (rank[i], ==, expected[i]);
}

static void
test_sort_edges (void)
{
  const double one[] = { 5, 5 };
  const double same[] = { 1, 1, 1, 1, 1, 1 };
  guint rank[3] = { 9, 9, 9 };

  g_assert_cmpuint (tf_nsga2_sort (NULL, 0, 2, NULL), ==, 0);
  g_assert_cmpuint (tf_nsga2_sort (one, 1, 2, rank), ==, 1);
  g_assert_cmpuint (rank[0], ==, 0);
  g_assert_cmpuint (tf_nsga2_sort (same, 3, 2, rank), ==, 1);
  g_assert_cmpuint (rank[0] + rank[1] + rank[2], ==, 0);

  /* 0 and -0 are the same value: such points are equal and share a front, whatever m. */
  for (guint m = 1; m <= 6; m++)
    {
      double zeros[2 * 6];

      for (guint k = 0; k < m; k++)
        {
          zeros[k] = k == 0 ? 0.0 : k;
          zeros[m + k] = k == 0 ? -0.0 : k;
        }
      g_assert_cmpuint (tf_nsga2_sort (zeros, 2, m, rank), ==, 1);
      g_assert_cmpuint (rank[0] + rank[1], ==, 0);
      zeros[m + m - 1] = -1;   /* now the second dominates the first */
      g_assert_cmpuint (tf_nsga2_sort (zeros, 2, m, rank), ==, 2);
      g_assert_cmpuint (rank[0], ==, 1);
      g_assert_cmpuint (rank[1], ==, 0);
    }
}

#define BIG G_MAXDOUBLE

static void
test_crowding_hand (void)
{
  /* Front 0: (0,5) (1,3) (3,1) (6,0) at indices 0, 2, 4, 5. Objective 0 spans 6: (1,3) gets
   * (3 - 0) / 6, (3,1) gets (6 - 1) / 6. Objective 1 spans 5: (3,1) gets (3 - 0) / 5, (1,3)
   * gets (5 - 1) / 5. Front 1: two points (indices 1, 3), extremes both. Front 2: one point. */
  const double x[] = {
    0, 5,
    10, 10,
    1, 3,
    11, 9,
    3, 1,
    6, 0,
    20, 20,
  };
  const guint rank[] = { 0, 1, 0, 1, 0, 0, 2 };
  double c[7];

  tf_nsga2_crowding (x, 7, 2, rank, c);
  g_assert_true (c[0] == BIG);
  g_assert_true (c[5] == BIG);
  g_assert_cmpfloat_with_epsilon (c[2], 3.0 / 6 + 4.0 / 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (c[4], 5.0 / 6 + 3.0 / 5, 1e-12);
  g_assert_true (c[1] == BIG && c[3] == BIG && c[6] == BIG);
}

static void
test_crowding_zero_range (void)
{
  /* The third objective is constant: it adds nothing, and its "extremes" are the first and last
   * by index, which are extremes in the others too. (1,1,7) gets 2/2 + 2/2. */
  const double x[] = { 0, 2, 7, 1, 1, 7, 2, 0, 7 };
  const guint rank[] = { 0, 0, 0 };
  double c[3];

  tf_nsga2_crowding (x, 3, 3, rank, c);
  g_assert_true (c[0] == BIG && c[2] == BIG);
  g_assert_cmpfloat_with_epsilon (c[1], 2.0, 1e-12);

  /* Ties within an objective: sorted by value then index. Points (0,3) (1,1) (1,1) (3,0):
   * objective 0 order 0,1,2,3: index 1 gets (1-0)/3, index 2 gets (3-1)/3; objective 1 order
   * 3,1,2,0 (value 0,1,1,3): index 1 gets (1-0)/3, index 2 gets (3-1)/3. */
  {
    const double y[] = { 0, 3, 1, 1, 1, 1, 3, 0 };
    const guint r4[] = { 0, 0, 0, 0 };
    double d[4];

    tf_nsga2_crowding (y, 4, 2, r4, d);
    g_assert_true (d[0] == BIG && d[3] == BIG);
    g_assert_cmpfloat_with_epsilon (d[1], 1.0 / 3 + 1.0 / 3, 1e-12);
    g_assert_cmpfloat_with_epsilon (d[2], 2.0 / 3 + 2.0 / 3, 1e-12);
  }
}

static void
test_tournament (void)
{
  const guint rank[] = { 1, 0, 0, 0, 2 };
  const double crowding[] = { BIG, 0.5, 0.5, 1.5, BIG };
  g_autoptr(GRand) rng = g_rand_new_with_seed (3);
  g_autoptr(GRand) mirror = g_rand_new_with_seed (3);
  guint seen_rank = 0, seen_crowding = 0, seen_index = 0;

  for (guint t = 0; t < 500; t++)
    {
      guint a = (guint) g_rand_int_range (mirror, 0, 5);
      guint b = (guint) g_rand_int_range (mirror, 0, 5);
      guint expected;

      if (rank[a] != rank[b])
        {
          expected = rank[a] < rank[b] ? a : b;
          seen_rank++;
        }
      else if (crowding[a] != crowding[b])
        {
          expected = crowding[a] > crowding[b] ? a : b;
          seen_crowding++;
        }
      else
        {
          expected = MIN (a, b);
          seen_index += a != b;
        }
      g_assert_cmpuint (tf_nsga2_tournament (rank, crowding, 5, rng), ==, expected);
    }
  /* Exactly two draws per tournament. */
  g_assert_cmpuint (g_rand_int (rng), ==, g_rand_int (mirror));
  g_assert_cmpuint (seen_rank, >, 0);
  g_assert_cmpuint (seen_crowding, >, 0);
  g_assert_cmpuint (seen_index, >, 0);

  /* Two points, 1 better ranked: 1 wins unless both draws are 0. */
  {
    const guint r2[] = { 1, 0 };
    const double c2[] = { BIG, 0 };
    g_autoptr(GRand) g = g_rand_new_with_seed (11);
    g_autoptr(GRand) gm = g_rand_new_with_seed (11);
    guint zeros = 0;

    for (guint t = 0; t < 50; t++)
      {
        guint a = (guint) g_rand_int_range (gm, 0, 2);
        guint b = (guint) g_rand_int_range (gm, 0, 2);
        guint w = tf_nsga2_tournament (r2, c2, 2, g);

        g_assert_cmpuint (w, ==, a == 0 && b == 0 ? 0 : 1);
        zeros += w == 0;
      }
    g_assert_cmpuint (zeros, <, 25);
  }
}

static void
assert_keep (const double *x,
             guint         n,
             guint         m,
             guint         n_keep,
             const guint  *expected)
{
  g_autofree guint *keep = g_new (guint, MAX (n_keep, 1));

  tf_nsga2_select (x, n, m, n_keep, keep);
  for (guint s = 0; s < n_keep; s++)
    g_assert_cmpuint (keep[s], ==, expected[s]);
}

static void
test_select_hand (void)
{
  /* Front 0: (0,8) (4,4) (8,0) at indices 5, 1, 8. Front 1 (all of it dominated by all of
   * front 0): (10,20) at 0, (11,16) at 3, (14,13) at 6, (20,10) at 2; crowding (11,16):
   * 4/10 + 7/10 = 1.1, (14,13): 9/10 + 6/10 = 1.5. Front 2: indices 4, 7, 9. */
  const double x[] = {
    10, 20,   /* 0 */
    4, 4,     /* 1 */
    20, 10,   /* 2 */
    11, 16,   /* 3 */
    30, 31,   /* 4 */
    0, 8,     /* 5 */
    14, 13,   /* 6 */
    31, 30,   /* 7 */
    8, 0,     /* 8 */
    40, 40,   /* 9 */
  };
  const guint front0[] = { 1, 5, 8 };
  const guint six[] = { 1, 5, 8, 0, 2, 6 };
  const guint five[] = { 1, 5, 8, 0, 2 };
  const guint seven[] = { 1, 5, 8, 0, 2, 3, 6 };
  const guint all[] = { 1, 5, 8, 0, 2, 3, 6, 4, 7, 9 };
  const guint eight[] = { 1, 5, 8, 0, 2, 3, 6, 4 };  /* front 2 is (4, 7); 9 is front 3 */

  assert_keep (x, 10, 2, 0, NULL);
  assert_keep (x, 10, 2, 3, front0);
  assert_keep (x, 10, 2, 5, five);
  assert_keep (x, 10, 2, 6, six);
  assert_keep (x, 10, 2, 7, seven);
  assert_keep (x, 10, 2, 8, eight);
  assert_keep (x, 10, 2, 10, all);

  {
    /* Two of front 0: its extremes (0,8) at 5 and (8,0) at 8, not (4,4) at 1. */
    g_autofree guint *keep = g_new (guint, 2);

    tf_nsga2_select (x, 10, 2, 2, keep);
    g_assert_cmpuint (keep[0], ==, 5);
    g_assert_cmpuint (keep[1], ==, 8);
  }
}

static void
test_select_crowding_ties (void)
{
  /* One front on a line, inner crowding all 1: the extremes (indices 3 and 0), then the inner
   * points by index. */
  const double x[] = { 4, 0, 2, 2, 3, 1, 0, 4, 1, 3 };
  const guint three[] = { 0, 3, 1 };
  const guint four[] = { 0, 3, 1, 2 };

  assert_keep (x, 5, 2, 3, three);
  assert_keep (x, 5, 2, 4, four);
}

static void
test_select_random (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (1234);

  for (guint round = 0; round < 200; round++)
    {
      guint m = 2 + round % 3;
      guint n = (guint) g_rand_int_range (rng, 1, 80);
      guint n_keep = (guint) g_rand_int_range (rng, 0, (gint32) n + 1);
      g_autofree double *x = g_new (double, n * m);
      g_autofree guint *rank = g_new (guint, n);
      g_autofree double *crowding = g_new (double, n);
      g_autofree guint *keep = g_new (guint, n + 1);
      g_autofree guint *again = g_new (guint, n + 1);
      g_autofree gboolean *kept = g_new0 (gboolean, n);
      guint worst = 0;

      for (guint i = 0; i < n * m; i++)
        x[i] = g_rand_int_range (rng, 0, round % 2 ? 5 : 50);
      tf_nsga2_sort (x, n, m, rank);
      tf_nsga2_crowding (x, n, m, rank, crowding);
      tf_nsga2_select (x, n, m, n_keep, keep);
      tf_nsga2_select (x, n, m, n_keep, again);
      if (n_keep > 0)
        g_assert_cmpmem (keep, n_keep * sizeof (guint), again, n_keep * sizeof (guint));

      for (guint s = 0; s < n_keep; s++)
        {
          g_assert_cmpuint (keep[s], <, n);
          g_assert_false (kept[keep[s]]);
          kept[keep[s]] = TRUE;
          if (s > 0)
            g_assert_cmpuint (rank[keep[s - 1]], <=, rank[keep[s]]);
          worst = MAX (worst, rank[keep[s]]);
        }
      /* Whole fronts before the worst kept one, none after; within it, every kept point has a
       * larger crowding distance than every dropped one, or an equal one and a smaller index. */
      for (guint i = 0; i < n; i++)
        {
          if (n_keep > 0 && rank[i] < worst)
            g_assert_true (kept[i]);
          if (rank[i] > worst || n_keep == 0)
            g_assert_false (kept[i]);
          if (n_keep > 0 && rank[i] == worst && !kept[i])
            for (guint j = 0; j < n; j++)
              if (kept[j] && rank[j] == worst)
                g_assert_true (crowding[j] > crowding[i]
                               || (crowding[j] == crowding[i] && j < i));
        }
    }
}

/* Hypervolume */

static void
test_hypervolume_hand (void)
{
  const double stair[] = { 1, 3, 2, 2, 3, 1 };
  const double r44[] = { 4, 4 };
  /* The same plus a duplicate, two dominated points, one outside the reference and one on its
   * boundary. */
  const double noisy[] = { 2, 2, 1, 3, 3, 3, 2, 2, 3, 1, 2, 3.5, 5, 0, 0, 4 };
  const double one_d[] = { 3, 1, 5, 1 };
  const double r1[] = { 4 };
  const double r3[] = { 1, 2, 3 };
  const double origin[] = { 0, 0, 0 };
  const double two[] = { 0, 0, 1, 1, 1, 0 };
  const double r222[] = { 2, 2, 2 };
  const double axes3[] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
  double axes[5 * 5];
  double r2s[5] = { 2, 2, 2, 2, 2 };

  g_assert_cmpfloat (tf_hypervolume (stair, 3, 2, r44), ==, 6);
  g_assert_cmpfloat (tf_hypervolume (noisy, 8, 2, r44), ==, 6);
  g_assert_cmpfloat (tf_hypervolume (stair, 0, 2, r44), ==, 0);
  g_assert_cmpfloat (tf_hypervolume (one_d, 4, 1, r1), ==, 3);
  g_assert_cmpfloat (tf_hypervolume (origin, 1, 3, r3), ==, 6);
  /* 2*2*1 + 1*1*2 - the overlap [1,2]^3 = 5 */
  g_assert_cmpfloat (tf_hypervolume (two, 2, 3, r222), ==, 5);
  /* Three boxes of 4, pairwise overlaps of 2, a common part of 1: 12 - 6 + 1 = 7 */
  g_assert_cmpfloat (tf_hypervolume (axes3, 3, 3, r222), ==, 7);
  /* Unit vectors in m = 4, 5 against reference 2: every cell of {0,1}^m but the origin's. */
  for (guint m = 4; m <= 5; m++)
    {
      memset (axes, 0, sizeof axes);
      for (guint i = 0; i < m; i++)
        axes[i * m + i] = 1;
      g_assert_cmpfloat (tf_hypervolume (axes, m, m, r2s), ==, (1u << m) - 1);
    }
}

/* Exact for integer data: count the unit cells [c, c + 1) below the reference that some point
 * p (strictly inside) has p <= c. */
static double
grid_volume (const double *x,
             guint         n,
             guint         m,
             const double *ref)
{
  guint c[8] = { 0 };
  double count = 0;

  for (;;)
    {
      guint d;

      for (guint i = 0; i < n; i++)
        {
          gboolean in = TRUE;

          for (guint k = 0; k < m && in; k++)
            in = x[i * m + k] < ref[k] && x[i * m + k] <= c[k];
          if (in)
            {
              count++;
              break;
            }
        }
      for (d = 0; d < m; d++)
        {
          if (++c[d] < (guint) ref[d])
            break;
          c[d] = 0;
        }
      if (d == m)
        return count;
    }
}

static void
test_hypervolume_grid (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (2718);
  guint nonzero = 0;

  for (guint m = 1; m <= 6; m++)
    for (guint round = 0; round < (m <= 4 ? 120 : 40); round++)
      {
        guint span = m <= 3 ? 12 : m == 4 ? 7 : 5;
        guint n = (guint) g_rand_int_range (rng, 0, 40);
        double ref[8];
        g_autofree double *x = g_new (double, MAX (n, 1) * m);
        double hv, expected;

        for (guint k = 0; k < m; k++)
          ref[k] = g_rand_int_range (rng, 1, (gint32) span + 1);
        for (guint i = 0; i < n * m; i++)
          x[i] = g_rand_int_range (rng, 0, (gint32) span + 1);   /* some beyond the reference */
        if (n > 4)
          memcpy (x + (n - 1) * m, x + m, sizeof (double) * m);  /* a duplicate */

        hv = tf_hypervolume (x, n, m, ref);
        expected = grid_volume (x, n, m, ref);
        g_assert_cmpfloat (hv, ==, expected);
        nonzero += expected > 0;
      }
  g_assert_cmpuint (nonzero, >, 300);
}

static void
random_front (GRand  *rng,
              double *x,
              guint   n,
              guint   m)
{
  /* Points near the unit sphere's positive orthant: many mutually non-dominated. */
  for (guint i = 0; i < n; i++)
    {
      double norm = 0;

      for (guint k = 0; k < m; k++)
        {
          x[i * m + k] = g_rand_double_range (rng, 0.01, 1);
          norm += x[i * m + k] * x[i * m + k];
        }
      norm = sqrt (norm) / g_rand_double_range (rng, 0.9, 1.0);
      for (guint k = 0; k < m; k++)
        x[i * m + k] /= norm;
    }
}

static void
test_hypervolume_consistency (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (31);

  /* An extra objective of 0 against a reference of 1 changes nothing: this checks each method
   * against the one below it (the 2-D sweep against 1-D, the 3-D sweep against 2-D, WFG
   * against the 3-D sweep and against itself) on real-valued fronts. */
  for (guint m = 1; m <= 6; m++)
    for (guint round = 0; round < 20; round++)
      {
        guint n = (guint) g_rand_int_range (rng, 1, m >= 5 ? 30 : 60);
        g_autofree double *x = g_new (double, n * m);
        g_autofree double *y = g_new (double, n * (m + 1));
        double ref[8], hv, hv_up;

        random_front (rng, x, n, m);
        for (guint k = 0; k < m; k++)
          ref[k] = 1.1;
        ref[m] = 1;
        for (guint i = 0; i < n; i++)
          {
            memcpy (y + i * (m + 1), x + i * m, sizeof (double) * m);
            y[i * (m + 1) + m] = 0;
          }
        hv = tf_hypervolume (x, n, m, ref);
        hv_up = tf_hypervolume (y, n, m + 1, ref);
        g_assert_cmpfloat (hv, >, 0);
        g_assert_cmpfloat_with_epsilon (hv_up, hv, 1e-12 * MAX (1, hv));
      }

  /* Permuting the objectives (and the reference with them) changes nothing; adding a point never
   * lowers the volume; a point's box is a lower bound. */
  for (guint m = 2; m <= 7; m++)
    {
      guint n = m <= 4 ? 150 : m == 5 ? 80 : 40;
      g_autofree double *x = g_new (double, n * m);
      g_autofree double *p = g_new (double, n * m);
      double ref[8], pref[8];
      guint perm[8];
      double hv, hv_perm, hv_less;

      random_front (rng, x, n, m);
      for (guint k = 0; k < m; k++)
        {
          ref[k] = g_rand_double_range (rng, 1.0, 1.5);
          perm[k] = k;
        }
      shuffle (perm, m, rng);
      for (guint k = 0; k < m; k++)
        {
          pref[k] = ref[perm[k]];
          for (guint i = 0; i < n; i++)
            p[i * m + k] = x[i * m + perm[k]];
        }
      hv = tf_hypervolume (x, n, m, ref);
      hv_perm = tf_hypervolume (p, n, m, pref);
      hv_less = tf_hypervolume (x, n - 1, m, ref);
      g_assert_cmpfloat_with_epsilon (hv_perm, hv, 1e-10 * hv);
      g_assert_cmpfloat (hv_less, <=, hv * (1 + 1e-12));
      for (guint i = 0; i < n; i++)
        {
          double box = 1, total = 1;

          for (guint k = 0; k < m; k++)
            {
              box *= ref[k] - x[i * m + k];
              total *= ref[k];
            }
          g_assert_cmpfloat (box, <=, hv * (1 + 1e-12));
          g_assert_cmpfloat (hv, <=, total);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/nsga2/dominates", test_dominates);
  g_test_add_func ("/engine/nsga2/sort/pareto-set-correctness", test_pareto_set_correctness);
  g_test_add_func ("/engine/nsga2/sort/brute-force", test_sort_brute_force);
  g_test_add_func ("/engine/nsga2/sort/large", test_sort_large);
  g_test_add_func ("/engine/nsga2/sort/edges", test_sort_edges);
  g_test_add_func ("/engine/nsga2/crowding/hand", test_crowding_hand);
  g_test_add_func ("/engine/nsga2/crowding/zero-range-and-ties", test_crowding_zero_range);
  g_test_add_func ("/engine/nsga2/tournament", test_tournament);
  g_test_add_func ("/engine/nsga2/select/hand", test_select_hand);
  g_test_add_func ("/engine/nsga2/select/crowding-ties", test_select_crowding_ties);
  g_test_add_func ("/engine/nsga2/select/random", test_select_random);
  g_test_add_func ("/engine/hypervolume/hand", test_hypervolume_hand);
  g_test_add_func ("/engine/hypervolume/grid", test_hypervolume_grid);
  g_test_add_func ("/engine/hypervolume/consistency", test_hypervolume_consistency);

  return g_test_run ();
}
