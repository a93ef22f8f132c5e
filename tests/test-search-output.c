/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search-output.c: the run folder (tf_search_output_write / tf_search_output_load): a small
 * search written and loaded back gives the same front, and written again the same bytes; a
 * folder written before config.yaml existed still opens; a broken folder gives one error
 * naming the file, never a crash. */
#include <string.h>

#include <glib/gstdio.h>

#include "test-util.h"

/* One small search, run once and shared by the tests. */
static TfSearchConfig run_config;
static TfSearchResult run_result;

static void
run_small_search (void)
{
  g_autofree char *path = tf_test_source_path ("data", "examples", "search-small.yaml", NULL);
  TfSearchOptions options = { .threads = 1, .baseline = TRUE };
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_config_load_file (path, &run_config, &error));
  g_assert_no_error (error);
  run_config.population_size = 8;
  run_config.generations = 2;
  run_config.threads = 1;
  /* Few representatives, so that they stand for others. */
  run_config.front_max = 4;
  g_assert_true (tf_search_run (&run_config, &options, &run_result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (run_result.front->len, ==, 4);
  g_assert_cmpuint (run_result.front_members->len, >, 0);
  g_assert_nonnull (run_result.family_front);
  g_assert_cmpuint (run_result.family_front->len, >, 0);
  g_test_message ("front %u, baseline front %u, evaluated %u", run_result.front->len,
                  run_result.baseline_front->len, run_result.evaluated->len);
  g_assert_nonnull (run_result.baseline_front);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* A fresh folder with the shared run written into it. */
static char *
write_run (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("tf-search-output-XXXXXX", &error);
  guint violations = 99;

  g_assert_no_error (error);
  g_assert_true (tf_search_output_write (dir, NULL, &run_config, &run_result, &violations,
                                         &error));
  g_assert_no_error (error);
  g_assert_cmpuint (violations, ==, 0);
  return dir;
}

static char *
read_file (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    g_error ("cannot read %s", path);
  return text;
}

static void
assert_same_file (const char *a,
                  const char *b,
                  const char *name)
{
  g_autofree char *x = read_file (a, name);
  g_autofree char *y = read_file (b, name);

  g_assert_cmpstr (x, ==, y);
}

static void
assert_same_origin (const TfOrigin *a,
                    const TfOrigin *b)
{
  g_assert_cmpint (a->method, ==, b->method);
  g_assert_cmpstr (a->seed_id, ==, b->seed_id);
  g_assert_cmpuint (a->n_parents, ==, b->n_parents);
  g_assert_cmpmem (a->parents, a->n_parents * sizeof (guint), b->parents,
                   b->n_parents * sizeof (guint));
  g_assert_cmpuint (a->n_mutations, ==, b->n_mutations);
  g_assert_cmpmem (a->mutations, a->n_mutations, b->mutations, b->n_mutations);
  g_assert_cmpuint (a->n_mutations_total, ==, b->n_mutations_total);
}

static void
assert_same_rows (const GArray *a,
                  const GArray *b)
{
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpmem (a->data, a->len * g_array_get_element_size ((GArray *) a), b->data,
                   b->len * g_array_get_element_size ((GArray *) b));
}

/* Fronts of points (the baseline's, the family's): ids, objectives, origins and boards. */
static void
assert_same_points (const GPtrArray *a,
                    const GPtrArray *b,
                    guint            m)
{
  g_assert_nonnull (b);
  g_assert_cmpuint (b->len, ==, a->len);
  for (guint i = 0; i < a->len; i++)
    {
      const TfCandidate *x = g_ptr_array_index (a, i);
      const TfCandidate *y = g_ptr_array_index (b, i);

      g_assert_cmpuint (x->id, ==, y->id);
      g_assert_cmpmem (x->objectives, m * sizeof (double), y->objectives, m * sizeof (double));
      g_assert_cmpint (x->origin.method, ==, y->origin.method);
      g_assert_cmpstr (x->origin.seed_id, ==, y->origin.seed_id);
      g_assert_cmpint (x->topology.context.intra_board_topo, ==,
                       y->topology.context.intra_board_topo);
      g_assert_cmpuint (x->topology.graph.chips_per_board, ==, y->topology.graph.chips_per_board);
    }
}

/* Written, loaded: the same run; written again: the same bytes. */
static void
test_round_trip (void)
{
  const TfSearchResult *a = &run_result;
  g_autofree char *first = write_run ();
  g_autofree char *second = g_dir_make_tmp ("tf-search-output-XXXXXX", NULL);
  g_autofree char *csv = read_file (first, "evaluated.csv");
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchConfig) reread = { 0 };
  g_auto(TfSearchResult) b = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *config_path = g_build_filename (second, "config.yaml", NULL);
  guint m = run_config.n_objectives;
  guint violations = 99;

  g_assert_nonnull (second);
  g_assert_true (g_str_has_prefix (csv, "set,candidate_id,origin,mutations,intra_board_topo,"
                                       "chips_per_board,iter_time,network_cost,apl_fail_excess"
                                       "\nfamily,cand_000001,family_enum,0,"));
  g_assert_nonnull (strstr (csv, "\nsearch,cand_"));
  g_assert_nonnull (strstr (csv, "\nbaseline,cand_"));

  g_assert_true (tf_search_output_load (first, &config, &b, &error));
  g_assert_no_error (error);

  /* The configuration */
  g_assert_cmpuint (config.n_chip, ==, run_config.n_chip);
  g_assert_cmpuint (config.n_objectives, ==, m);
  g_assert_cmpmem (config.objectives, m * sizeof (TfObjective), run_config.objectives,
                   m * sizeof (TfObjective));
  g_assert_cmpuint (config.seed, ==, run_config.seed);
  g_assert_cmpuint (config.population_size, ==, 8);
  g_assert_cmpuint (config.generations, ==, 2);
  g_assert_cmpuint (config.threads, ==, 1);
  g_assert_cmpuint (config.n_workloads, ==, run_config.n_workloads);
  g_assert_cmpuint (config.workloads[0].n_message_sizes, ==,
                    run_config.workloads[0].n_message_sizes);
  g_assert_cmpfloat (config.workloads[0].compute_time_us, ==,
                     run_config.workloads[0].compute_time_us);
  g_assert_cmpmem (&config.hardware, sizeof config.hardware, &run_config.hardware,
                   sizeof run_config.hardware);

  /* The fronts */
  g_assert_cmpuint (b.n_objectives, ==, m);
  g_assert_cmpuint (b.front->len, ==, a->front->len);
  for (guint i = 0; i < a->front->len; i++)
    {
      const TfCandidate *x = g_ptr_array_index (a->front, i);
      const TfCandidate *y = g_ptr_array_index (b.front, i);
      double values[TF_N_OBJECTIVES];

      g_assert_cmpuint (x->id, ==, y->id);
      g_assert_cmpmem (x->objectives, m * sizeof (double), y->objectives, m * sizeof (double));
      assert_same_origin (&x->origin, &y->origin);
      g_assert_cmpuint (x->topology.graph.n_switch, ==, y->topology.graph.n_switch);
      g_assert_cmpuint (x->topology.graph.n_links, ==, y->topology.graph.n_links);
      g_assert_cmpint (x->evaluation.port_asymmetric, ==, y->evaluation.port_asymmetric);
      /* The evaluation agrees with the objectives it came with. */
      tf_candidate_get_objectives (&config, y, values);
      g_assert_cmpmem (values, m * sizeof (double), y->objectives, m * sizeof (double));
    }
  /* The designs the representatives stand for */
  g_assert_cmpuint (b.front_members->len, ==, a->front_members->len);
  for (guint i = 0; i < a->front_members->len; i++)
    {
      const TfFrontMember *x = &g_array_index (a->front_members, TfFrontMember, i);
      const TfFrontMember *y = &g_array_index (b.front_members, TfFrontMember, i);

      g_assert_cmpuint (x->info.id, ==, y->info.id);
      g_assert_cmpuint (x->info.origin, ==, y->info.origin);
      g_assert_cmpuint (x->info.intra_board_topo, ==, y->info.intra_board_topo);
      g_assert_cmpuint (x->info.chips_per_board, ==, y->info.chips_per_board);
      g_assert_cmpuint (x->info.mutations, ==, y->info.mutations);
      g_assert_cmpuint (x->representative, ==, y->representative);
      g_assert_cmpmem (x->objectives, m * sizeof (double), y->objectives, m * sizeof (double));
    }
  assert_same_points (a->baseline_front, b.baseline_front, m);
  assert_same_points (a->family_front, b.family_front, m);
  assert_same_rows (a->evaluated, b.evaluated);
  assert_same_rows (a->evaluated_info, b.evaluated_info);
  assert_same_rows (a->baseline_evaluated, b.baseline_evaluated);
  assert_same_rows (a->baseline_evaluated_info, b.baseline_evaluated_info);
  assert_same_rows (a->family_evaluated, b.family_evaluated);
  assert_same_rows (a->family_evaluated_info, b.family_evaluated_info);
  g_assert_cmpuint (b.evaluated->len, >, 0);
  g_assert_cmpuint (b.family_evaluated->len, >, 0);
  g_assert_cmpuint (a->family_buildable, ==, b.family_buildable);
  g_assert_cmpuint (a->family_evaluations, ==, b.family_evaluations);
  g_assert_cmpuint (a->family_left_out, ==, b.family_left_out);
  g_assert_cmpuint (a->family_rejected, ==, b.family_rejected);
  g_assert_cmpint (a->family_sampled, ==, b.family_sampled);
  g_assert_cmpfloat (a->family_hypervolume, ==, b.family_hypervolume);
  g_assert_cmpfloat (a->family_seconds, ==, b.family_seconds);

  /* The numbers */
  g_assert_cmpmem (a->ideal, m * sizeof (double), b.ideal, m * sizeof (double));
  g_assert_cmpmem (a->reference_point, m * sizeof (double), b.reference_point,
                   m * sizeof (double));
  g_assert_cmpfloat (a->hypervolume, ==, b.hypervolume);
  g_assert_cmpfloat (a->baseline_hypervolume, ==, b.baseline_hypervolume);
  g_assert_cmpfloat (a->initial_hypervolume, ==, b.initial_hypervolume);
  g_assert_cmpfloat (a->seconds, ==, b.seconds);
  g_assert_cmpfloat (a->baseline_seconds, ==, b.baseline_seconds);
  g_assert_cmpfloat (a->init_seconds, ==, b.init_seconds);
  g_assert_cmpuint (a->generations_done, ==, b.generations_done);
  g_assert_cmpuint (b.generations_done, ==, 2);
  g_assert_cmpint (a->cancelled, ==, b.cancelled);
  g_assert_cmpuint (a->evaluations, ==, b.evaluations);
  g_assert_cmpuint (a->rejected, ==, b.rejected);
  g_assert_cmpuint (a->invalid_mutations, ==, b.invalid_mutations);
  g_assert_cmpuint (a->baseline_evaluations, ==, b.baseline_evaluations);
  g_assert_cmpuint (a->duplicates, ==, b.duplicates);
  g_assert_cmpuint (a->duplicates_dropped, ==, b.duplicates_dropped);
  g_assert_cmpuint (a->immigrants, ==, b.immigrants);
  g_assert_cmpuint (a->threads, ==, b.threads);
  g_assert_cmpmem (a->stats.computed, sizeof a->stats.computed, b.stats.computed,
                   sizeof b.stats.computed);
  g_assert_cmpmem (a->stats.seconds, sizeof a->stats.seconds, b.stats.seconds,
                   sizeof b.stats.seconds);

  /* Loaded and written again: the same files. */
  g_assert_true (tf_search_output_write (second, NULL, &config, &b, &violations, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (violations, ==, 0);
  for (guint i = 0; i < a->front->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("pareto/candidate_%03u.yaml", i + 1);

      assert_same_file (first, second, name);
    }
  assert_same_file (first, second, "summary.yaml");
  assert_same_file (first, second, "evaluated.csv");
  assert_same_file (first, second, "config.yaml");
  g_assert_true (tf_search_config_load_file (config_path, &reread, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (reread.seed, ==, run_config.seed);
  g_assert_cmpuint (reread.population_size, ==, 8);

  remove_tree (first);
  remove_tree (second);
}

/* A folder written before config.yaml: the configuration from the summary's keys. */
static void
test_without_config (void)
{
  g_autofree char *dir = write_run ();
  g_autofree char *path = g_build_filename (dir, "config.yaml", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  g_autoptr(GError) error = NULL;
  guint m = run_config.n_objectives;

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_true (tf_search_output_load (dir, &config, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (config.n_chip, ==, 64);
  g_assert_cmpuint (config.n_objectives, ==, m);
  g_assert_cmpmem (config.objectives, m * sizeof (TfObjective), run_config.objectives,
                   m * sizeof (TfObjective));
  g_assert_cmpuint (config.seed, ==, run_config.seed);
  g_assert_cmpuint (config.population_size, ==, 8);
  g_assert_cmpuint (config.generations, ==, 2);
  g_assert_cmpuint (result.front->len, ==, run_result.front->len);
  for (guint i = 0; i < result.front->len; i++)
    g_assert_cmpmem (((TfCandidate *) g_ptr_array_index (result.front, i))->objectives,
                     m * sizeof (double),
                     ((TfCandidate *) g_ptr_array_index (run_result.front, i))->objectives,
                     m * sizeof (double));
  remove_tree (dir);
}

/* Loading @dir fails with a message containing @needle, and leaves nothing behind. */
static void
assert_load_fails (const char *dir,
                   const char *needle)
{
  TfSearchConfig config;
  TfSearchResult result;
  g_autoptr(GError) error = NULL;

  g_assert_false (tf_search_output_load (dir, &config, &result, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  if (strstr (error->message, needle) == NULL)
    g_error ("'%s' does not name %s", error->message, needle);
  g_assert_null (strchr (error->message, '\n'));
  g_assert_null (result.front);
  g_assert_null (result.evaluated);
  g_assert_null (config.warnings);
}

static void
replace_file (const char *dir,
              const char *name,
              const char *contents)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
}

static void
test_bad_folders (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *path = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *csv = NULL;
  char *cut;

  /* No folder, no summary */
  missing = g_build_filename (g_get_tmp_dir (), "tf-search-output-missing", "run", NULL);
  assert_load_fails (missing, "tf-search-output-missing");
  dir = g_dir_make_tmp ("tf-search-output-XXXXXX", NULL);
  assert_load_fails (dir, "summary.yaml");
  remove_tree (dir);
  g_clear_pointer (&dir, g_free);

  /* A candidate file missing, then corrupt */
  dir = write_run ();
  path = g_build_filename (dir, "pareto", "candidate_002.yaml", NULL);
  g_assert_cmpint (g_unlink (path), ==, 0);
  assert_load_fails (dir, "candidate_002.yaml");
  replace_file (dir, "pareto/candidate_002.yaml", "network: [\n");
  assert_load_fails (dir, "candidate_002.yaml:");
  remove_tree (dir);
  g_clear_pointer (&dir, g_free);

  /* The summary cut short, or naming a file outside the folder */
  dir = write_run ();
  summary = read_file (dir, "summary.yaml");
  replace_file (dir, "summary.yaml", "n_chip: 64\nobjectives: [iter_time\n");
  assert_load_fails (dir, "summary.yaml:");
  replace_file (dir, "summary.yaml", "n_chip: [64]\n");
  assert_load_fails (dir, "summary.yaml:1:9: field 'n_chip'");
  cut = strstr (summary, "file: pareto/candidate_001.yaml");
  g_assert_nonnull (cut);
  memcpy (cut, "file: ../../etc/candidate1.yaml", strlen ("file: ../../etc/candidate1.yaml"));
  replace_file (dir, "summary.yaml", summary);
  assert_load_fails (dir, "summary.yaml:");
  cut = strstr (summary, "front:");
  g_assert_nonnull (cut);
  *cut = '\0';
  replace_file (dir, "summary.yaml", summary);
  assert_load_fails (dir, "summary.yaml:");
  remove_tree (dir);
  g_clear_pointer (&dir, g_free);

  /* evaluated.csv with a column too few, or a word for a number */
  dir = write_run ();
  replace_file (dir, "evaluated.csv", "set,iter_time,network_cost,apl_fail_excess\nsearch,1,2\n");
  assert_load_fails (dir, "evaluated.csv:2:");
  replace_file (dir, "evaluated.csv", "set,iter_time,network_cost,apl_fail_excess\nsearch,1,2,x\n");
  assert_load_fails (dir, "evaluated.csv:2:");
  replace_file (dir, "evaluated.csv", "set,apl,network_cost,apl_fail_excess\n");
  assert_load_fails (dir, "evaluated.csv:1:");
  csv = g_strdup ("set,iter_time,network_cost,apl_fail_excess\nsearch,1,2,3\nbaseline,4,5,6\n");
  replace_file (dir, "evaluated.csv", csv);
  {
    g_auto(TfSearchConfig) config = { 0 };
    g_auto(TfSearchResult) result = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_true (tf_search_output_load (dir, &config, &result, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (result.evaluated->len, ==, 3);
    g_assert_cmpuint (result.baseline_evaluated->len, ==, 3);
    g_assert_cmpfloat (g_array_index (result.baseline_evaluated, double, 2), ==, 6);
  }
  remove_tree (dir);
}

/* Keys a newer summary adds are skipped; CRLF line ends in evaluated.csv are read; a summary
 * whose objectives are not config.yaml's is refused. */
static void
test_tolerated (void)
{
  g_autofree char *dir = write_run ();
  g_autofree char *summary = read_file (dir, "summary.yaml");
  g_autofree char *newer = g_strconcat ("x_added_later: {a: [1, {b: c}], d: e}\n", summary,
                                        "x_at_the_end: 1\n", NULL);
  g_autofree char *other = NULL;
  char *objectives;

  replace_file (dir, "summary.yaml", newer);
  replace_file (dir, "evaluated.csv",
                "set,iter_time,network_cost,apl_fail_excess\r\nsearch,1,2,3\r\n");
  {
    g_auto(TfSearchConfig) config = { 0 };
    g_auto(TfSearchResult) result = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_true (tf_search_output_load (dir, &config, &result, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (result.front->len, ==, run_result.front->len);
    g_assert_cmpuint (result.evaluated->len, ==, 3);
    g_assert_cmpuint (result.baseline_evaluated->len, ==, 0);
  }
  other = g_strdup (summary);
  objectives = strstr (other, "objectives: [iter_time, network_cost, apl_fail_excess]");
  g_assert_nonnull (objectives);
  memcpy (objectives, "objectives: [iter_time, network_cost, apl]            ",
          strlen ("objectives: [iter_time, network_cost, apl_fail_excess]"));
  replace_file (dir, "summary.yaml", other);
  assert_load_fails (dir, "summary.yaml:11:13: field 'objectives': not the objectives of "
                     "config.yaml");
  remove_tree (dir);
}

/* Writing where a file stands fails with a message, and leaves the file as it was. */
static void
test_write_into_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-search-output-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "not-a-folder", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  guint violations = 0;

  g_assert_true (g_file_set_contents (file, "x", -1, NULL));
  g_assert_false (tf_search_output_write (file, NULL, &run_config, &run_result, &violations,
                                          &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "not-a-folder"));
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "x");
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  run_small_search ();
  g_test_add_func ("/engine/search-output/round-trip", test_round_trip);
  g_test_add_func ("/engine/search-output/without-config", test_without_config);
  g_test_add_func ("/engine/search-output/bad-folders", test_bad_folders);
  g_test_add_func ("/engine/search-output/tolerated", test_tolerated);
  g_test_add_func ("/engine/search-output/write-into-file", test_write_into_file);
  status = g_test_run ();
  tf_search_result_clear (&run_result);
  tf_search_config_clear (&run_config);
  return status;
}
