/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search.c: the search loop end to end on small cases: the front is non-dominated and
 * feasible, a seed gives the same run on one thread or two, the progress hook stops it cleanly,
 * the baseline spends the same budget, random search runs as an algorithm too, and a run stopped
 * with a checkpoint resumes to the front of the run never stopped. */
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "search-private.h"
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

  /* Children and baseline points are made on the worker threads too: three threads on this
   * two-core machine interleave them differently from one. */
  run (1, 11, TRUE, &one);
  run (3, 11, TRUE, &two);
  g_assert_cmpfloat (one.baseline_hypervolume, ==, two.baseline_hypervolume);
  g_assert_cmpuint (one.baseline_front->len, ==, two.baseline_front->len);
  g_assert_cmpuint (one.duplicates, ==, two.duplicates);
  g_assert_cmpuint (one.invalid_mutations, ==, two.invalid_mutations);
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

/* The volume of the union of the boxes [p, 1]^m of @n points in the unit cube, by inclusion and
 * exclusion over every subset: an oracle independent of hypervolume.c for small fronts. */
static double
union_volume (const double *points,
              guint         n,
              guint         m)
{
  double total = 0;

  g_assert_cmpuint (n, <=, 16);
  for (guint subset = 1; subset < (1u << n); subset++)
    {
      double corner[TF_N_OBJECTIVES], volume = 1;
      guint size = 0;

      for (guint k = 0; k < m; k++)
        corner[k] = 0;
      for (guint i = 0; i < n; i++)
        if (subset & (1u << i))
          {
            size++;
            for (guint k = 0; k < m; k++)
              corner[k] = MAX (corner[k], points[i * m + k]);
          }
      for (guint k = 0; k < m; k++)
        volume *= MAX (0.0, 1 - corner[k]);
      total += size % 2 ? volume : -volume;
    }
  return total;
}

static double
front_volume (const TfSearchResult *r,
              GPtrArray            *front)
{
  guint m = r->n_objectives;
  g_autofree double *points = g_new (double, MAX (front->len, 1) * m);

  for (guint i = 0; i < front->len; i++)
    for (guint k = 0; k < m; k++)
      points[i * m + k] = MAX (0.0, (((TfCandidate *) g_ptr_array_index (front, i))->objectives[k]
                                     - r->ideal[k]) / (r->reference_point[k] - r->ideal[k]));
  return union_volume (points, front->len, m);
}

static void
test_baseline (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  g_autoptr(GError) error = NULL;
  TfSearchOptions options = { .threads = 2, .baseline = TRUE };
  double ideal[TF_N_OBJECTIVES], reference[TF_N_OBJECTIVES];
  guint max_search_id = 0;

  tf_test_search_config (32, "ALL", 12, 3, 2, NULL, &config);
  g_assert_true (tf_search_run (&config, &options, &r, &error));
  g_assert_no_error (error);
  check_front (&config, r.front);
  check_front (&config, r.baseline_front);
  g_assert_cmpuint (r.baseline_evaluations, ==, r.evaluations);

  /* The box is the configuration's, fixed before the run, the same for both fronts. */
  tf_search_config_get_box (&config, ideal, reference);
  g_assert_cmpmem (r.ideal, sizeof (double) * r.n_objectives, ideal,
                   sizeof (double) * r.n_objectives);
  g_assert_cmpmem (r.reference_point, sizeof (double) * r.n_objectives, reference,
                   sizeof (double) * r.n_objectives);
  g_assert_cmpfloat (r.hypervolume, >, 0);
  g_assert_cmpfloat (r.hypervolume, <=, 1);
  g_assert_cmpfloat (r.baseline_hypervolume, >, 0);
  g_assert_cmpfloat (r.initial_hypervolume, <=, r.hypervolume);
  if (r.front->len <= 16)
    g_assert_cmpfloat_with_epsilon (r.hypervolume, front_volume (&r, r.front), 1e-9);
  if (r.baseline_front->len <= 16)
    g_assert_cmpfloat_with_epsilon (r.baseline_hypervolume, front_volume (&r, r.baseline_front),
                                    1e-9);

  /* The baseline reuses no candidate of the search: its candidates are made after them, or
   * are the family front's (Stage 0's), where both start. */
  for (guint i = 0; i < r.front->len; i++)
    max_search_id = MAX (max_search_id, ((TfCandidate *) g_ptr_array_index (r.front, i))->id);
  g_assert_nonnull (r.family_front);
  g_assert_cmpuint (r.family_front->len, >, 0);
  for (guint i = 0; i < r.baseline_front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (r.baseline_front, i);
      gboolean family = FALSE;

      for (guint j = 0; j < r.family_front->len && !family; j++)
        family = c->id == ((TfCandidate *) g_ptr_array_index (r.family_front, j))->id;
      if (!family)
        g_assert_cmpuint (c->id, >, max_search_id);
    }
}

/* The baseline's pruning before Layer 1's failure analysis is exact: the same front, the same
 * hypervolume and the same rows but for the failure objectives it left out, as evaluating every
 * design in full. */
static void
test_baseline_pruned (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) pruned = { 0 };
  g_auto(TfSearchResult) whole = { 0 };
  g_autoptr(GError) error = NULL;
  TfSearchOptions options = { .threads = 2, .baseline = TRUE };
  guint m, empty = 0;

  tf_test_search_config (64, "[fat-tree, dragonfly, torus]", 16, 4, 3, NULL, &config);
  m = config.n_objectives;
  g_assert_true (tf_search_run (&config, &options, &pruned, &error));
  g_assert_no_error (error);
  options.unpruned = TRUE;
  g_assert_true (tf_search_run (&config, &options, &whole, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (pruned.baseline_pruned, >, 0);
  g_assert_cmpuint (whole.baseline_pruned, ==, 0);
  g_assert_cmpfloat (pruned.baseline_hypervolume, ==, whole.baseline_hypervolume);
  g_assert_cmpuint (pruned.baseline_front->len, ==, whole.baseline_front->len);
  for (guint i = 0; i < pruned.baseline_front->len; i++)
    {
      const TfCandidate *a = g_ptr_array_index (pruned.baseline_front, i);
      const TfCandidate *b = g_ptr_array_index (whole.baseline_front, i);

      g_assert_cmpuint (a->id, ==, b->id);
      g_assert_cmpmem (a->objectives, sizeof (double) * m, b->objectives, sizeof (double) * m);
    }
  g_assert_cmpuint (pruned.baseline_evaluated->len, ==, whole.baseline_evaluated->len);
  for (guint i = 0; i < pruned.baseline_evaluated->len; i++)
    {
      double p = g_array_index (pruned.baseline_evaluated, double, i);
      double w = g_array_index (whole.baseline_evaluated, double, i);

      g_assert_false (isnan (w));
      if (isnan (p))
        {
          empty += i % m == m - 1;
          g_assert_true (tf_objective_get_layers (config.objectives[i % m]) & TF_LAYER_FAILURES);
        }
      else
        g_assert_cmpfloat (p, ==, w);
    }
  g_assert_cmpuint (empty, ==, pruned.baseline_pruned);
}

/* The baseline draws from a stream of its own: a search that spends its draws differently
 * (here: crossing parents, which the baseline never does) is compared with the same baseline
 * points, as far as the shorter budget goes. */
static void
test_baseline_independent (void)
{
  g_auto(TfSearchConfig) a = { 0 };
  g_auto(TfSearchConfig) b = { 0 };
  g_auto(TfSearchResult) ra = { 0 };
  g_auto(TfSearchResult) rb = { 0 };
  g_autoptr(GError) error = NULL;
  TfSearchOptions options = { .threads = 1, .baseline = TRUE };
  guint n;

  tf_test_search_config (32, "ALL", 12, 3, 4, NULL, &a);
  tf_test_search_config (32, "ALL", 12, 3, 4, NULL, &b);
  /* Edits matched to the search would follow the search's own rows. */
  a.baseline_edits = b.baseline_edits = TF_BASELINE_EDITS_UNIFORM;
  b.crossover_enabled = TRUE;
  b.crossover_rate = 1;
  g_assert_true (tf_search_run (&a, &options, &ra, &error));
  g_assert_true (tf_search_run (&b, &options, &rb, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ra.baseline_evaluated->len, >, 0);
  n = MIN (ra.baseline_evaluated->len, rb.baseline_evaluated->len);
  g_assert_cmpmem (ra.baseline_evaluated->data, n * sizeof (double), rb.baseline_evaluated->data,
                   n * sizeof (double));
}

/* The baseline's edits, matched (the default): never more than the search's deepest
 * candidate; uniform: up to 16 whatever the search did. */
static void
test_baseline_edits (void)
{
  for (guint k = 0; k < 2; k++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_auto(TfSearchResult) r = { 0 };
      g_autoptr(GError) error = NULL;
      TfSearchOptions options = { .threads = 2, .baseline = TRUE };
      guint search_max = 0, baseline_max = 0;

      tf_test_search_config (32, "ALL", 12, 2, 3, NULL, &config);
      config.baseline_edits = k == 0 ? TF_BASELINE_EDITS_MATCHED : TF_BASELINE_EDITS_UNIFORM;
      g_assert_true (tf_search_run (&config, &options, &r, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < r.evaluated_info->len; i++)
        search_max = MAX (search_max,
                          g_array_index (r.evaluated_info, TfEvaluatedInfo, i).mutations);
      for (guint i = 0; i < r.baseline_evaluated_info->len; i++)
        baseline_max = MAX (baseline_max,
                            g_array_index (r.baseline_evaluated_info, TfEvaluatedInfo,
                                           i).mutations);
      g_test_message ("%s: the search's deepest %u edits, the baseline's %u",
                      k == 0 ? "matched" : "uniform", search_max, baseline_max);
      g_assert_cmpuint (search_max, <, 16);
      if (k == 0)
        g_assert_cmpuint (baseline_max, <=, search_max);
      else
        g_assert_cmpuint (baseline_max, >, search_max);
    }
}

/* A reference point in the configuration, and the default box, by hand. */
static void
test_box (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  double ideal[TF_N_OBJECTIVES], reference[TF_N_OBJECTIVES];
  double compute = 0;

  tf_test_search_config (32, "ALL", 12, 3, 2, NULL, &config);
  config.reference_point[TF_OBJECTIVE_NETWORK_COST] = 250000;
  config.reference_point[TF_OBJECTIVE_APL_FAIL] = 7.5;
  tf_search_config_get_box (&config, ideal, reference);
  compute = config.workloads[0].compute_time_us;
  g_assert_cmpfloat (compute, >, 0);
  /* iter_time: from T_compute to three times it */
  g_assert_cmpfloat_with_epsilon (ideal[0], compute, 1e-9);
  g_assert_cmpfloat_with_epsilon (reference[0], 3 * compute, 1e-9);
  /* network_cost and apl_fail as given, from 0 USD and 1 hop */
  g_assert_cmpfloat (ideal[1], ==, 0);
  g_assert_cmpfloat (reference[1], ==, 250000);
  g_assert_cmpfloat (ideal[2], ==, 1);
  g_assert_cmpfloat (reference[2], ==, 7.5);

  /* Without a reference point: apl_fail's is 10 hops and a tenth of the penalty (n_chip). */
  tf_search_config_clear (&config);
  tf_test_search_config (32, "ALL", 12, 3, 2, NULL, &config);
  tf_search_config_get_box (&config, ideal, reference);
  g_assert_cmpfloat (config.disconnected_penalty_hops, ==, 32);
  g_assert_cmpfloat_with_epsilon (reference[2], 10 + 3.2, 1e-12);
  g_assert_cmpfloat (reference[1], >, 0);
}

/* The union oracle itself, on boxes computed by hand. */
static void
test_union_volume (void)
{
  const double one[] = { 0.5, 0.5, 0.5 };
  const double two[] = { 0.5, 0.5, 0.5, 0.0, 0.75, 0.75 };
  const double cube[] = { 0, 0, 0 };

  g_assert_cmpfloat_with_epsilon (union_volume (one, 1, 3), 0.125, 1e-12);
  /* 0.125 + 0.0625 - the shared [0.5, 1] x [0.75, 1]^2 = 0.03125 */
  g_assert_cmpfloat_with_epsilon (union_volume (two, 2, 3), 0.125 + 0.0625 - 0.03125, 1e-12);
  g_assert_cmpfloat_with_epsilon (union_volume (cube, 1, 3), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (tf_hypervolume (two, 2, 3, (const double[]) { 1, 1, 1 }),
                                  union_volume (two, 2, 3), 1e-12);
}

/* The sampler (the baseline, immigrants) draws over the search's own space: with
 * generators.family.edge_cases every family that can be built and both statuses, without it
 * recommended results alone, and never a result the search could not seed from. */
static void
test_sampler (void)
{
  for (guint edge_cases = 0; edge_cases <= 1; edge_cases++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(GError) error = NULL;
      const TfGenerator *family = NULL;
      gpointer state;
      g_autoptr(GHashTable) families = g_hash_table_new (g_str_hash, g_str_equal);
      guint statuses = 0, drawn = 0;

      tf_test_search_config (32, "ALL", 12, 3, 2, NULL, &config);
      config.family_edge_cases = edge_cases;
      for (guint g = 0; g < tf_generators_get_count (); g++)
        if (tf_generators_get (g)->capabilities & TF_GENERATOR_SAMPLE)
          family = tf_generators_get (g);
      g_assert_nonnull (family);
      state = family->state_new (&config, &error);
      g_assert_no_error (error);
      /* Evenly over [0, 1), finer than the results: every family's share is met. */
      for (guint i = 0; i < 2000; i++)
        {
          g_autoptr(GError) local = NULL;
          g_autoptr(TfCandidate) c = family->sample (state, &config, (i + 0.5) / 2000, &local);

          if (c == NULL)
            {
              g_assert_error (local, TF_ERROR, TF_ERROR_INVALID_MUTATION);
              continue;
            }
          drawn++;
          g_assert_nonnull (c->topology.result.family);
          g_hash_table_add (families, (gpointer) tf_family_get_name (c->topology.result.family));
          statuses |= 1u << tf_result_get_status (&c->topology.result);
        }
      family->state_free (state);
      g_test_message ("edge cases %s: %u drawn, %u families", edge_cases ? "on" : "off", drawn,
                      g_hash_table_size (families));
      g_assert_cmpuint (drawn, >, 1500);
      g_assert_true (statuses & (1u << TF_STATUS_RECOMMENDED));
      if (edge_cases)
        {
          /* Every family but the single switch, whose 32 boards of 1.6 kW chips draw more
           * than the 40 kW rack they must share: it cannot be built. Slim Fly (q = 3) and
           * PolarFly (q = 2 to 5) are among them. */
          g_assert_cmpuint (g_hash_table_size (families), ==, 10);
          g_assert_true (g_hash_table_contains (families, "slimfly"));
          g_assert_true (g_hash_table_contains (families, "polarfly"));
          g_assert_false (g_hash_table_contains (families, "single-switch"));
          g_assert_true (statuses & (1u << TF_STATUS_EDGE_CASE));
        }
      else
        {
          g_assert_cmpuint (g_hash_table_size (families), >=, 2);
          g_assert_false (statuses & (1u << TF_STATUS_EDGE_CASE));
        }
    }
}

/* The fingerprint ignores how switches are numbered and sees any change of links. */
static void
test_fingerprint (void)
{
  g_autoptr(GError) error = NULL;
  TfTopology topo;
  TfNetworkGraph copy;
  TfContext ctx;
  guint64 h;
  guint n;

  tf_context_init (&ctx);
  ctx.n_chip = 32;
  ctx.scope = TF_SCOPE_INTER_RACK;
  g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32", NULL, NULL,
                              &topo, &error));
  g_assert_no_error (error);
  h = tf_network_graph_fingerprint (&topo.graph);
  n = topo.graph.n_chip + topo.graph.n_switch;
  g_assert_cmpuint (topo.graph.n_switch, >=, 2);

  /* Switches renumbered backwards. */
  tf_network_graph_copy (&topo.graph, &copy);
  for (guint s = 0; s < copy.n_switch / 2; s++)
    {
      TfSwitch t = copy.switches[s];

      copy.switches[s] = copy.switches[copy.n_switch - 1 - s];
      copy.switches[copy.n_switch - 1 - s] = t;
    }
  for (guint i = 0; i < copy.n_links; i++)
    {
      TfLink *l = &copy.links[i];

      if (l->a >= copy.n_chip)
        l->a = n - 1 - (l->a - copy.n_chip);
      if (l->b >= copy.n_chip)
        l->b = n - 1 - (l->b - copy.n_chip);
    }
  g_assert_cmpuint (tf_network_graph_fingerprint (&copy), ==, h);

  /* One link's multiplicity changed: a different graph. */
  copy.links[copy.n_links - 1].multiplicity++;
  g_assert_cmpuint (tf_network_graph_fingerprint (&copy), !=, h);
  tf_network_graph_clear (&copy);
  tf_topology_clear (&topo);
}

static gboolean
stop_after_first (const TfSearchProgress *p,
                  gpointer                data)
{
  guint *calls = data;

  /* Stage 0 reports as it goes, before the generations. */
  if (p->stage_0_total > 0)
    {
      g_assert_cmpuint (p->stage_0_done, <=, p->stage_0_total);
      return TRUE;
    }
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

static gboolean
stop_at (const TfSearchProgress *p,
         gpointer                data)
{
  const guint *at = data;

  return p->baseline != (at[0] == 1) || p->generation < at[1];
}

static void
assert_same_front (GPtrArray *a,
                   GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      TfCandidate *x = g_ptr_array_index (a, i), *y = g_ptr_array_index (b, i);

      g_assert_cmpuint (x->id, ==, y->id);
      g_assert_cmpmem (x->objectives, sizeof x->objectives, y->objectives, sizeof y->objectives);
      g_assert_cmpmem (&x->evaluation, sizeof x->evaluation, &y->evaluation,
                       sizeof y->evaluation);
    }
}

/* Stopped (as by Ctrl-C) in the search or in the baseline, the checkpoint is written then and
 * there; resumed, NSGA-II or random search ends as the run never stopped. A checkpoint of
 * another configuration is refused. */
static void
test_resume (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-search-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "checkpoint.bin", NULL);

  for (guint algorithm = 0; algorithm < 2; algorithm++)
    for (guint where = 0; where < (algorithm == 0 ? 2u : 1u); where++)
      {
        g_auto(TfSearchConfig) config = { 0 };
        g_auto(TfSearchResult) whole = { 0 };
        g_auto(TfSearchResult) stopped = { 0 };
        g_auto(TfSearchResult) resumed = { 0 };
        g_autoptr(GError) error = NULL;
        guint at[2] = { where, 2 };
        TfSearchOptions options = { .threads = 2, .baseline = algorithm == 0,
                                    .checkpoint = path };

        tf_test_search_config (32, "ALL", 12, 5, 7, NULL, &config);
        config.algorithm = algorithm == 0 ? TF_SEARCH_NSGA2 : TF_SEARCH_RANDOM;
        g_assert_true (tf_search_run (&config, &options, &whole, &error));
        options.progress = stop_at;
        options.progress_data = at;
        options.checkpoint_seconds = 3600;   /* only the stop writes one */
        g_assert_true (tf_search_run (&config, &options, &stopped, &error));
        g_assert_no_error (error);
        g_assert_true (stopped.cancelled);
        options.progress = NULL;
        options.resume = TRUE;
        options.threads = 1;
        g_assert_true (tf_search_run (&config, &options, &resumed, &error));
        g_assert_no_error (error);
        g_assert_false (resumed.cancelled);
        g_assert_cmpuint (resumed.evaluations, ==, whole.evaluations);
        g_assert_cmpuint (resumed.duplicates, ==, whole.duplicates);
        g_assert_cmpuint (resumed.immigrants, ==, whole.immigrants);
        assert_same_front (whole.front, resumed.front);
        g_assert_cmpfloat (resumed.hypervolume, ==, whole.hypervolume);
        if (algorithm == 0)
          {
            g_assert_cmpuint (resumed.baseline_evaluations, ==, whole.baseline_evaluations);
            assert_same_front (whole.baseline_front, resumed.baseline_front);
          }
        /* Another seed is another run. */
        tf_search_result_clear (&resumed);
        config.seed++;
        g_assert_false (tf_search_run (&config, &options, &resumed, &error));
        g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
        g_assert_nonnull (strstr (error->message, "of another configuration"));
      }
  g_unlink (path);
  g_rmdir (dir);
}

/* A damaged checkpoint is refused with one line before anything in it is trusted (issue 34):
 * a byte changed at a few hundred places, the file cut short, a FIFO in its place. */
static void
test_resume_damaged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-search-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "checkpoint.bin", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) stopped = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  guint at[2] = { 0, 2 }, refused = 0, header = 0;
  TfSearchOptions options = { .threads = 1, .checkpoint = path, .progress = stop_at,
                              .progress_data = at, .checkpoint_seconds = 3600 };
  gsize size;

  tf_test_search_config (32, "ALL", 12, 5, 7, NULL, &config);
  g_assert_true (tf_search_run (&config, &options, &stopped, &error));
  g_assert_true (stopped.cancelled);
  g_assert_true (g_file_get_contents (path, &data, &size, &error));
  options.progress = NULL;
  options.resume = TRUE;
  for (gsize pos = 0; pos < size; pos += MAX (1u, size / 300))
    {
      g_auto(TfSearchResult) resumed = { 0 };

      data[pos] ^= 0x5a;
      g_assert_true (g_file_set_contents (path, data, size, &error));
      data[pos] ^= 0x5a;
      g_assert_false (tf_search_run (&config, &options, &resumed, &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
      g_assert_null (strchr (error->message, '\n'));
      header += strstr (error->message, "not a checkpoint of this build") != NULL;
      refused += strstr (error->message, "its checksum does not match") != NULL;
      g_clear_error (&error);
    }
  g_test_message ("%" G_GSIZE_FORMAT " bytes, %u positions refused by the checksum, %u by the "
                  "header", size, refused, header);
  g_assert_cmpuint (refused + header, >=, 300);
  g_assert_cmpuint (header, >=, 1);

  /* The same changes signed again, as a file someone made rather than damaged: each is read
   * as if it could hold anything, and is refused with one line or resumes to a front that
   * breaks no hard constraint (fuzz/fuzz-checkpoint.c goes further). */
  refused = 0;
  for (gsize pos = 60; pos < size; pos += MAX (1u, size / 200))
    {
      g_auto(TfSearchResult) resumed = { 0 };
      g_autoptr(GChecksum) sha = g_checksum_new (G_CHECKSUM_SHA256);
      g_autofree guint8 *forged = g_memdup2 (data, size);
      gsize length = 32;

      forged[pos] ^= 0x5a;
      g_checksum_update (sha, forged + 60, size - 60);   /* after the header and digest */
      g_checksum_get_digest (sha, forged + 28, &length);
      g_assert_true (g_file_set_contents (path, (const char *) forged, size, &error));
      if (!tf_search_run (&config, &options, &resumed, &error))
        {
          g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
          g_assert_null (strchr (error->message, '\n'));
          g_clear_error (&error);
          refused++;
          continue;
        }
      for (guint i = 0; i < resumed.front->len; i++)
        {
          g_autoptr(GString) why = g_string_new (NULL);

          g_assert_true (tf_candidate_check_constraints (&config,
                                                         g_ptr_array_index (resumed.front, i),
                                                         why));
        }
    }
  g_test_message ("signed again: %u of 200 positions refused, the rest resumed", refused);
  g_assert_cmpuint (refused, >=, 1);

  /* Cut short anywhere: refused. */
  for (gsize cut = 0; cut < size; cut += size / 7)
    {
      g_auto(TfSearchResult) resumed = { 0 };

      g_assert_true (g_file_set_contents (path, data, cut, &error));
      g_assert_false (tf_search_run (&config, &options, &resumed, &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
      g_clear_error (&error);
    }

  /* A FIFO would block a reader forever. */
  g_unlink (path);
  if (mkfifo (path, 0600) == 0)
    {
      g_auto(TfSearchResult) resumed = { 0 };

      g_assert_false (tf_search_run (&config, &options, &resumed, &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
      g_assert_nonnull (strstr (error->message, "not a regular file"));
    }
  g_unlink (path);
  g_rmdir (dir);
}

/* A stopped run opened and saved again (the app's Save Run over its folder) keeps its
 * checkpoint, so it can still be resumed; another run's checkpoint is not carried over. */
static void
test_save_keeps_checkpoint (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("tf-search-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmp, "run", NULL);
  g_autofree char *path = g_build_filename (dir, "checkpoint.bin", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) stopped = { 0 };
  g_autoptr(GError) error = NULL;
  guint at[2] = { 0, 1 };
  TfSearchOptions options = { .threads = 1, .checkpoint = path, .progress = stop_at,
                              .progress_data = at, .checkpoint_seconds = 3600 };

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  tf_test_search_config (32, "ALL", 8, 3, 7, NULL, &config);
  g_assert_true (tf_search_run (&config, &options, &stopped, &error));
  g_assert_true (stopped.cancelled);
  for (guint same = 0; same < 2; same++)
    {
      g_auto(TfRunFolder) folder = { 0 };
      g_autofree char *kept = NULL;

      config.seed = same ? 7 : 8;
      g_assert_true (tf_run_folder_begin (&folder, dir, &error));
      g_assert_no_error (error);
      g_assert_true (tf_run_folder_keep_checkpoint (&folder, &config) == (same == 1));
      g_assert_true (g_file_test (folder.checkpoint, G_FILE_TEST_EXISTS) == (same == 1));
      tf_run_folder_abandon (&folder);
    }
  g_unlink (path);
  g_rmdir (dir);
  g_rmdir (tmp);
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
  g_test_add_func ("/search/baseline-independent", test_baseline_independent);
  g_test_add_func ("/search/baseline-pruned", test_baseline_pruned);
  g_test_add_func ("/search/baseline-edits", test_baseline_edits);
  g_test_add_func ("/search/box", test_box);
  g_test_add_func ("/search/union-volume", test_union_volume);
  g_test_add_func ("/search/sampler", test_sampler);
  g_test_add_func ("/search/fingerprint", test_fingerprint);
  g_test_add_func ("/search/cancel", test_cancel);
  g_test_add_func ("/search/random-algorithm", test_random_algorithm);
  g_test_add_func ("/search/no-seed", test_no_seed);
  g_test_add_func ("/search/resume", test_resume);
  g_test_add_func ("/search/resume-damaged", test_resume_damaged);
  g_test_add_func ("/search/save-keeps-checkpoint", test_save_keeps_checkpoint);
  return g_test_run ();
}
