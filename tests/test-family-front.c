/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-family-front.c: Stage 0, the family front (stage-0.c), how fronts compare
 * (front-indicators.c) and the front written as representatives (front-representatives.c):
 *
 * - Stage 0 builds every buildable family result, counted here from the enumeration by the
 *   warnings' names; its front is the non-dominated set of its rows (brute force); the search
 *   starts from it and covers it; the baseline starts from it too;
 * - beyond stage_0_max, a sample of exactly that many, every board topology and size kept;
 * - the epsilon indicator and the gains against hand-worked fronts;
 * - representatives: at most front_max, the best design in each objective among them, every
 *   other design a member of its nearest representative.
 */
#include <math.h>
#include <string.h>

#include "intra-board-private.h"
#include "query-private.h"
#include "search-private.h"
#include "test-util.h"

static const char *const unbuildable[] = {
  "radix-too-large", "dense-pcb-impractical", "rack-power-overflow", "bandwidth-over-budget",
};

static gboolean
is_buildable (const TfResult *r)
{
  for (guint w = 0; w < r->n_warnings; w++)
    for (guint u = 0; u < G_N_ELEMENTS (unbuildable); u++)
      if (strcmp (r->warnings[w]->name, unbuildable[u]) == 0)
        return FALSE;
  return TRUE;
}

static void
add_pair (guint    a,
          guint    b,
          gpointer data)
{
  g_hash_table_add (data, GUINT_TO_POINTER (MIN (a, b) * 4096 + MAX (a, b)));
}

/* The chip pairs topology @t links on a board of @c chips (NULL when it cannot wire one). */
static GHashTable *
board_pairs (const TfSearchConfig *config,
             TfIntraBoardTopo      t,
             guint                 c)
{
  TfBoardTopo bt;
  GHashTable *pairs;

  if (!tf_board_topo_init (&bt, &config->context, t, c, NULL))
    return NULL;
  pairs = g_hash_table_new (g_direct_hash, g_direct_equal);
  tf_board_topo_foreach_pair (&bt, add_pair, pairs);
  return pairs;
}

/* Whether an allowed topology before @t links a board of @c chips the same way. */
static gboolean
wired_before (const TfSearchConfig *config,
              TfIntraBoardTopo      t,
              guint                 c)
{
  g_autoptr(GHashTable) mine = board_pairs (config, t, c);

  for (guint u = 0; mine != NULL && u < t; u++)
    {
      g_autoptr(GHashTable) theirs = NULL;
      GHashTableIter iter;
      gpointer key;
      gboolean same;

      if (!(config->intra_board_topos & (1u << u))
          || (theirs = board_pairs (config, (TfIntraBoardTopo) u, c)) == NULL)
        continue;
      same = g_hash_table_size (theirs) == g_hash_table_size (mine);
      g_hash_table_iter_init (&iter, mine);
      while (same && g_hash_table_iter_next (&iter, &key, NULL))
        same = g_hash_table_contains (theirs, key);
      if (same)
        return TRUE;
    }
  return FALSE;
}

/* Buildable results of @config's families over its board topologies, each board wiring once (a
 * board of one chip has no links in any topology, a ring of two chips is their full mesh). */
static guint
count_buildable (const TfSearchConfig *config)
{
  guint n = 0;

  for (guint t = 0; t < TF_N_INTRA_BOARD_TOPOS; t++)
    {
      TfContext ctx = config->context;
      TfEnumeration e = { 0 };
      g_autoptr(GError) error = NULL;

      if (!(config->intra_board_topos & (1u << t)))
        continue;
      ctx.intra_board_topo = (TfIntraBoardTopo) t;
      ctx.switch_defaults.radix = config->hardware.radix_options[config->hardware.n_radix_options
                                                                - 1];
      g_assert_true (tf_enumerate_checked (&ctx, config->families, config->n_families, &e,
                                           &error));
      g_assert_no_error (error);
      for (guint f = 0; f < e.n_families; f++)
        for (guint i = 0; i < e.families[f].n_results; i++)
          {
            const TfResult *r = &e.families[f].results[i];

            if (is_buildable (r) && !wired_before (config, (TfIntraBoardTopo) t,
                                                    r->chips_per_board))
              n++;
          }
      tf_enumeration_clear (&e);
    }
  return n;
}

static gboolean
dominates_weakly (const double *a,
                  const double *b,
                  guint         m)
{
  for (guint k = 0; k < m; k++)
    if (a[k] > b[k])
      return FALSE;
  return TRUE;
}

static void
run_small (guint           max,
           gboolean        baseline,
           TfSearchConfig *config,
           TfSearchResult *r)
{
  TfSearchOptions options = { .threads = 2, .baseline = baseline };
  g_autoptr(GError) error = NULL;

  tf_test_search_config (32, "[fat-tree, torus, dragonfly]", 8, 2, 1, NULL, config);
  if (max > 0)
    config->family_stage_0_max = max;
  g_assert_true (tf_search_run (config, &options, r, &error));
  g_assert_no_error (error);
}

/* Every buildable result built and evaluated; the family front exactly the non-dominated rows;
 * the search's front and the baseline's cover it. */
static void
test_stage_0 (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  guint m, n_family, n_search;
  g_autofree double *family = NULL;
  g_autofree double *search = NULL;
  g_autofree double *baseline = NULL;
  guint n_baseline;

  run_small (0, TRUE, &config, &r);
  m = config.n_objectives;
  g_test_message ("buildable %u, evaluated %u, left out %u, rejected %u, front %u",
                  r.family_buildable, r.family_evaluations, r.family_left_out,
                  r.family_rejected, r.family_front->len);
  g_assert_cmpuint (r.family_buildable, ==, count_buildable (&config));
  g_assert_false (r.family_sampled);
  g_assert_cmpuint (r.family_evaluations + r.family_left_out, ==, r.family_buildable);
  g_assert_cmpuint (r.family_evaluated->len, ==, m * (r.family_evaluations - r.family_rejected));
  g_assert_cmpuint (r.family_evaluated_info->len, ==, r.family_evaluations - r.family_rejected);
  g_assert_cmpuint (r.family_front->len, >, 1);

  /* The front: rows, none dominated by a row, every row weakly dominated by one of it. */
  family = tf_front_rows (r.family_front, NULL, m, &n_family);
  for (guint i = 0; i < n_family; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < r.family_evaluated->len / m; j++)
        {
          const double *row = &g_array_index (r.family_evaluated, double, j * m);

          found |= memcmp (row, family + i * m, sizeof (double) * m) == 0;
          g_assert_false (tf_dominates (row, family + i * m, m));
        }
      g_assert_true (found);
      g_assert_cmpint (((TfCandidate *) g_ptr_array_index (r.family_front, i))->origin.method,
                       ==, TF_ORIGIN_FAMILY_ENUM);
    }
  for (guint j = 0; j < r.family_evaluated->len / m; j++)
    {
      gboolean covered = FALSE;

      for (guint i = 0; i < n_family && !covered; i++)
        covered = dominates_weakly (family + i * m,
                                    &g_array_index (r.family_evaluated, double, j * m), m);
      g_assert_true (covered);
    }

  /* The search and the baseline start from it: neither front misses anything of it. */
  search = tf_front_rows (r.front, r.front_members, m, &n_search);
  baseline = tf_front_rows (r.baseline_front, NULL, m, &n_baseline);
  g_assert_cmpfloat (tf_front_epsilon (&config, search, n_search, family, n_family), <=, 1);
  g_assert_cmpfloat (tf_front_epsilon (&config, baseline, n_baseline, family, n_family), <=, 1);
  g_assert_cmpfloat (r.hypervolume, >=, r.family_hypervolume);
  g_assert_cmpfloat (r.baseline_hypervolume, >=, r.family_hypervolume);
}

/* Beyond stage_0_max, a sample of that many: every board topology and size of the whole. */
static void
test_stage_0_sampled (void)
{
  g_auto(TfSearchConfig) all_config = { 0 };
  g_auto(TfSearchResult) all = { 0 };
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  g_autoptr(GHashTable) strata = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GHashTable) sampled = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint max;

  run_small (0, FALSE, &all_config, &all);
  for (guint i = 0; i < all.family_evaluated_info->len; i++)
    {
      const TfEvaluatedInfo *info = &g_array_index (all.family_evaluated_info, TfEvaluatedInfo,
                                                    i);

      g_hash_table_add (strata, GUINT_TO_POINTER ((info->intra_board_topo << 16)
                                                  | info->chips_per_board));
    }
  max = MAX (g_hash_table_size (strata) * 3, all.family_buildable / 4);
  g_assert_cmpuint (max, <, all.family_buildable);
  run_small (max, FALSE, &config, &r);
  g_assert_true (r.family_sampled);
  g_assert_cmpuint (r.family_buildable, ==, all.family_buildable);
  g_assert_cmpuint (r.family_evaluations + r.family_left_out, ==, max);
  for (guint i = 0; i < r.family_evaluated_info->len; i++)
    {
      const TfEvaluatedInfo *info = &g_array_index (r.family_evaluated_info, TfEvaluatedInfo, i);

      g_hash_table_add (sampled, GUINT_TO_POINTER ((info->intra_board_topo << 16)
                                                   | info->chips_per_board));
    }
  g_test_message ("%u of %u sampled, %u board kinds of %u", max, all.family_buildable,
                  g_hash_table_size (sampled), g_hash_table_size (strata));
  g_assert_cmpuint (g_hash_table_size (sampled), ==, g_hash_table_size (strata));
}

/* Two objectives (iteration time, cost) in values far above a thousandth of their boxes. */
static void
two_objective_config (TfSearchConfig *config)
{
  tf_test_search_config (32, "[fat-tree]", 8, 1, 1, NULL, config);
  config->n_objectives = 2;
  config->objectives[0] = TF_OBJECTIVE_ITER_TIME;
  config->objectives[1] = TF_OBJECTIVE_NETWORK_COST;
}

static void
test_epsilon (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  double t, c;
  double gains[2];

  two_objective_config (&config);
  t = config.workloads[0].compute_time_us * 1.5;
  c = 1e6;
  {
    const double a[] = { t, c };
    const double b[] = { 2 * t, 2 * c };
    const double front[] = { t, 3 * c, 3 * t, c };
    const double middle[] = { 2 * t, 2 * c };

    /* A point twice as good: A covers B; B needs A halved. */
    g_assert_cmpfloat_with_epsilon (tf_front_epsilon (&config, a, 1, b, 1), 0.5, 1e-12);
    g_assert_cmpfloat_with_epsilon (tf_front_epsilon (&config, b, 1, a, 1), 2, 1e-12);
    /* A point in the middle of a two-point front: each front point is 1.5 times worse than it
     * in one objective. */
    g_assert_cmpfloat_with_epsilon (tf_front_epsilon (&config, front, 2, middle, 1), 1.5,
                                    1e-12);
    g_assert_cmpfloat_with_epsilon (tf_front_epsilon (&config, middle, 1, front, 2), 2, 1e-12);
    /* Empty fronts */
    g_assert_cmpfloat (tf_front_epsilon (&config, a, 1, NULL, 0), ==, 1);
    g_assert_true (isinf (tf_front_epsilon (&config, NULL, 0, a, 1)));

    /* Gains: the middle point is cheaper than (t, 3c) but slower, and faster than (3t, c) but
     * dearer: better in one objective only at a worse other, so no gain... */
    tf_front_gains (&config, front, 2, middle, 1, gains);
    g_assert_cmpfloat (gains[0], ==, 1);
    g_assert_cmpfloat (gains[1], ==, 1);
    /* ...while a point equal in cost and faster gains in time alone. */
    {
      const double faster[] = { t / 2, 3 * c };

      tf_front_gains (&config, front, 2, faster, 1, gains);
      g_assert_cmpfloat_with_epsilon (gains[0], 2, 1e-12);
      g_assert_cmpfloat (gains[1], ==, 1);
    }
  }
}

/* A value below a thousandth of its box counts as that thousandth: no infinite factors. */
static void
test_epsilon_floor (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const double zero[] = { 0 }, tenth[] = { 0.1 };

  tf_test_search_config (32, "[fat-tree]", 8, 1, 1, NULL, &config);
  config.n_objectives = 1;
  config.objectives[0] = TF_OBJECTIVE_APL_FAIL_EXCESS;   /* box 0 to 10 hops: floor 0.01 */
  g_assert_cmpfloat_with_epsilon (tf_front_epsilon (&config, tenth, 1, zero, 1), 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (tf_front_epsilon (&config, zero, 1, tenth, 1), 0.1, 1e-9);
  g_assert_cmpfloat (tf_front_epsilon (&config, zero, 1, zero, 1), ==, 1);
}

/* A front of 200 designs on a plane written as 12 representatives. */
static void
test_representatives (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  double ideal[TF_N_OBJECTIVES], reference[TF_N_OBJECTIVES];
  g_autoptr(GRand) rng = g_rand_new_with_seed (5);
  const guint n = 200, k = 12;
  guint m;

  tf_test_search_config (32, "[fat-tree]", 8, 1, 1, NULL, &config);
  config.front_max = k;
  m = config.n_objectives;
  tf_search_config_get_box (&config, ideal, reference);
  r.front = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  for (guint i = 0; i < n; i++)
    {
      TfCandidate *c = tf_candidate_new ();
      double a = g_rand_double (rng), b = g_rand_double (rng) * (1 - a);
      const double u[] = { a, b, 1 - a - b };

      c->id = i + 1;
      for (guint o = 0; o < m; o++)
        c->objectives[o] = ideal[o] + u[o] * (reference[o] - ideal[o]) * 0.5;
      g_ptr_array_add (r.front, c);
    }
  tf_search_sort_front (r.front);
  {
    g_autofree double *before = tf_front_rows (r.front, NULL, m, &(guint) { 0 });
    guint n_after;
    g_autofree double *after = NULL;

    tf_search_front_represent (&config, &r);
    g_assert_cmpuint (r.front->len, ==, k);
    g_assert_cmpuint (r.front_members->len, ==, n - k);
    /* Every design kept: the representatives and their members are the front. */
    after = tf_front_rows (r.front, r.front_members, m, &n_after);
    g_assert_cmpuint (n_after, ==, n);
    g_assert_cmpfloat (tf_front_epsilon (&config, after, n_after, before, n), ==, 1);
    /* The best of each objective is a representative. */
    for (guint o = 0; o < m; o++)
      {
        double best = INFINITY, best_rep = INFINITY;

        for (guint i = 0; i < n; i++)
          best = MIN (best, before[i * m + o]);
        for (guint i = 0; i < k; i++)
          best_rep = MIN (best_rep,
                          ((TfCandidate *) g_ptr_array_index (r.front, i))->objectives[o]);
        g_assert_cmpfloat (best_rep, ==, best);
      }
  }
  /* Each member's representative is its nearest in the box (ties to the earlier). */
  for (guint i = 0; i < r.front_members->len; i++)
    {
      const TfFrontMember *member = &g_array_index (r.front_members, TfFrontMember, i);
      guint nearest = G_MAXUINT;
      double d_nearest = INFINITY;

      g_assert_cmpuint (member->representative, <, k);
      for (guint j = 0; j < k; j++)
        {
          const TfCandidate *rep = g_ptr_array_index (r.front, j);
          double d = 0;

          for (guint o = 0; o < m; o++)
            {
              double x = (member->objectives[o] - rep->objectives[o])
                         / (reference[o] - ideal[o]);

              d += x * x;
            }
          if (d < d_nearest)
            {
              d_nearest = d;
              nearest = j;
            }
        }
      g_assert_cmpuint (member->representative, ==, nearest);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/family-front/stage-0", test_stage_0);
  g_test_add_func ("/family-front/stage-0-sampled", test_stage_0_sampled);
  g_test_add_func ("/family-front/epsilon", test_epsilon);
  g_test_add_func ("/family-front/epsilon-floor", test_epsilon_floor);
  g_test_add_func ("/family-front/representatives", test_representatives);
  return g_test_run ();
}
