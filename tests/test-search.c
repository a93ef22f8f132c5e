/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search.c: the search loop end to end on small cases: the front is non-dominated and
 * feasible, a seed gives the same run on one thread or two, the progress hook stops it cleanly,
 * the baseline spends the same budget, and random search runs as an algorithm too. */
#include <string.h>

#include "optimizer-private.h"
#include "test-util.h"

static void
check_front (const TfSearchConfig *config,
             GPtrArray            *front)
{
  guint m = config->n_objectives;

  g_assert_nonnull (front);
  g_assert_cmpuint (front->len, >, 0);
  for (guint i = 0; i < front->len; i++)
    {
      TfCandidate *a = g_ptr_array_index (front, i);
      g_autoptr(GString) why = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      double values[TF_N_OBJECTIVES];

      g_assert_null (a->rejected);
      g_assert_true (tf_candidate_check_constraints (config, a, why));
      g_assert_true (tf_network_graph_check_invariants (&a->topology.graph,
                                                        config->context.chip_radix, &error));
      tf_candidate_get_objectives (config, a, values);
      g_assert_cmpmem (values, sizeof (double) * m, a->objectives, sizeof (double) * m);
      for (guint j = 0; j < front->len; j++)
        if (i != j)
          g_assert_false (tf_dominates (((TfCandidate *) g_ptr_array_index (front, j))->objectives,
                                        a->objectives, m));
      if (i > 0)
        g_assert_cmpfloat (((TfCandidate *) g_ptr_array_index (front, i - 1))->objectives[0], <=,
                           a->objectives[0]);
    }
}

static void
run (guint           threads,
     guint64         seed,
     gboolean        baseline,
     TfSearchResult *out)
{
  g_auto(TfSearchConfig) config = { 0 };
  TfSearchOptions options = { .threads = threads, .baseline = baseline };
  g_autoptr(GError) error = NULL;

  tf_test_search_config (32, "ALL", 12, 4, seed, NULL, &config);
  g_assert_true (tf_search_run (&config, &options, out, &error));
  g_assert_no_error (error);
  check_front (&config, out->front);
  if (baseline)
    check_front (&config, out->baseline_front);
}

static void
test_deterministic (void)
{
  g_auto(TfSearchResult) one = { 0 };
  g_auto(TfSearchResult) two = { 0 };

  run (1, 11, FALSE, &one);
  run (2, 11, FALSE, &two);
  g_assert_cmpuint (one.evaluations, ==, two.evaluations);
  g_assert_cmpuint (one.front->len, ==, two.front->len);
  for (guint i = 0; i < one.front->len; i++)
    {
      TfCandidate *a = g_ptr_array_index (one.front, i), *b = g_ptr_array_index (two.front, i);

      g_assert_cmpuint (a->id, ==, b->id);
      g_assert_cmpmem (a->objectives, sizeof a->objectives, b->objectives, sizeof b->objectives);
    }
  g_assert_cmpfloat (one.hypervolume, ==, two.hypervolume);
  g_assert_cmpuint (one.generations_done, ==, 4);
  g_assert_false (one.cancelled);
  /* Every evaluation of the search is a candidate of the population or a child. */
  g_assert_cmpuint (one.evaluations, <=, 12 * 5);
  g_assert_cmpuint (one.evaluations, >=, 12);
}

static void
test_baseline (void)
{
  g_auto(TfSearchResult) r = { 0 };

  run (2, 3, TRUE, &r);
  g_assert_cmpuint (r.baseline_evaluations, ==, r.evaluations);
  g_assert_cmpfloat (r.hypervolume, >, 0);
  g_assert_cmpfloat (r.baseline_hypervolume, >, 0);
  g_assert_cmpfloat (r.reference, ==, 1.1);
  for (guint k = 0; k < r.n_objectives; k++)
    g_assert_cmpfloat (r.ideal[k], <=, r.nadir[k]);
}

static gboolean
stop_after_first (const TfSearchProgress *p,
                  gpointer                data)
{
  guint *calls = data;

  (*calls)++;
  g_assert_false (p->baseline);
  return p->generation < 1;
}

static void
test_cancel (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  g_autoptr(GError) error = NULL;
  guint calls = 0;
  TfSearchOptions options = { .threads = 2, .baseline = TRUE, .progress = stop_after_first,
                              .progress_data = &calls };

  tf_test_search_config (32, "ALL", 12, 50, 5, NULL, &config);
  g_assert_true (tf_search_run (&config, &options, &r, &error));
  g_assert_true (r.cancelled);
  g_assert_cmpuint (r.generations_done, ==, 1);
  g_assert_cmpuint (calls, ==, 2);
  g_assert_null (r.baseline_front);   /* a stopped search does not start the baseline */
  check_front (&config, r.front);
}

static void
test_random_algorithm (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  g_autoptr(GError) error = NULL;
  TfSearchOptions options = { .threads = 2 };

  tf_test_search_config (32, "ALL", 12, 3, 5, NULL, &config);
  config.algorithm = TF_SEARCH_RANDOM;
  g_assert_true (tf_search_run (&config, &options, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.evaluations, ==, 12 * 4);
  check_front (&config, r.front);
}

/* No family yields a legal topology within a 2-port radix: a clear error, not an empty run. */
static void
test_no_seed (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  g_autoptr(GError) error = NULL;

  tf_test_search_config (32, "[fat-tree, dragonfly]", 12, 3, 5, NULL, &config);
  config.hardware.n_radix_options = 1;
  config.hardware.radix_options[0] = 2;
  g_assert_false (tf_search_run (&config, NULL, &r, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
  g_assert_nonnull (strstr (error->message, "no generator gave a first candidate"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search/deterministic", test_deterministic);
  g_test_add_func ("/search/baseline", test_baseline);
  g_test_add_func ("/search/cancel", test_cancel);
  g_test_add_func ("/search/random-algorithm", test_random_algorithm);
  g_test_add_func ("/search/no-seed", test_no_seed);
  return g_test_run ();
}
