/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-evaluate.c: topoforge-cli evaluate as a user meets it: a run's front evaluated
 * again gives the run's numbers to the last digit, a generated file is a manual seed, a rack
 * over the configuration's budget is named, and bad files and options get their one line. */
#include <glib/gstdio.h>
#include <string.h>

#include "test-cli-fixture.h"
#include "test-util.h"

/* Each line of @text that starts with @prefix, in order, up to @stop (or the end). */
static GPtrArray *
lines_with (const char *text,
            const char *prefix,
            const char *stop)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (stop != NULL && g_str_has_prefix (lines[i], stop))
        break;
      if (g_str_has_prefix (lines[i], prefix))
        g_ptr_array_add (found, g_strdup (lines[i]));
    }
  return found;
}

static void
assert_same_lines (GPtrArray *a,
                   GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a, i), ==, g_ptr_array_index (b, i));
}

/* A run's front files evaluated again: the objectives and the breakdown summary.yaml gives,
 * digit for digit, entry for entry. */
static void
test_reproduces_run (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                   "search-small.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("tf-evaluate-XXXXXX", NULL);
  g_autofree char *summary_path = g_build_filename (dir, "summary.yaml", NULL);
  g_autofree char *summary = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) run_objectives = NULL, run_times = NULL, run_tp = NULL;
  g_autoptr(GPtrArray) objectives = NULL, times = NULL, tp = NULL;
  Run r;

  r = run ("optimize", "--config", config, "--out", dir, "--population", "8",
           "--generations", "3", "--no-baseline", NULL);
  if (r.status != 0)
    g_error ("optimize exited %d: %s", r.status, r.err);
  run_clear (&r);
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  run_objectives = lines_with (summary, "  objectives: {", "baseline_front:");
  run_times = lines_with (summary, "    iter_time_us: ", "baseline_front:");
  run_tp = lines_with (summary, "    tp: {", "baseline_front:");
  g_assert_cmpuint (run_objectives->len, >=, 2);

  g_ptr_array_add (args, g_strdup ("evaluate"));
  g_ptr_array_add (args, g_strdup ("--config"));
  g_ptr_array_add (args, g_strdup (config));
  for (guint i = 0; i < run_objectives->len; i++)
    g_ptr_array_add (args, g_strdup_printf ("%s/pareto/candidate_%03u.yaml", dir, i + 1));
  g_ptr_array_add (args, NULL);
  r = run_strv ((const char *const *) args->pdata);
  if (r.status != 0)
    g_error ("evaluate exited %d: %s", r.status, r.err);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_true (g_str_has_prefix (r.out, "source: topoforge "));
  objectives = lines_with (r.out, "  objectives: {", NULL);
  times = lines_with (r.out, "    iter_time_us: ", NULL);
  tp = lines_with (r.out, "    tp: {", NULL);
  assert_same_lines (objectives, run_objectives);
  assert_same_lines (times, run_times);
  assert_same_lines (tp, run_tp);
  g_assert_nonnull (strstr (r.out, "  candidate_id: cand_"));
  g_assert_nonnull (strstr (r.out, "  constraint_violation: none\n"));
  /* Every objective by name, configured or not. */
  g_assert_nonnull (strstr (r.out, "    bisection_bandwidth: "));
  g_assert_nonnull (strstr (r.out, "    disconnected_fraction: "));
  run_clear (&r);

  /* The family front's files too: each one's figures are those summary.yaml gives it. */
  {
    /* Flow mappings may wrap: the section's lines joined with single spaces. */
    g_autoptr(GRegex) wrap = g_regex_new ("\n +", 0, 0, NULL);
    g_autofree char *joined = g_regex_replace_literal (wrap, summary, -1, 0, " ", 0, NULL);
    const char *family = strstr (joined, "\nfamily_front:");
    g_autoptr(GPtrArray) family_args = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GPtrArray) costs = NULL;
    guint n = 0;

    g_assert_nonnull (family);
    g_ptr_array_add (family_args, g_strdup ("evaluate"));
    g_ptr_array_add (family_args, g_strdup ("--config"));
    g_ptr_array_add (family_args, g_strdup (config));
    for (const char *f = family; (f = strstr (f, "file: family/candidate_")) != NULL; f++)
      g_ptr_array_add (family_args, g_strdup_printf ("%s/family/candidate_%03u.yaml", dir,
                                                     ++n));
    g_assert_cmpuint (n, >, 1);
    g_ptr_array_add (family_args, NULL);
    r = run_strv ((const char *const *) family_args->pdata);
    if (r.status != 0)
      g_error ("evaluate exited %d: %s", r.status, r.err);
    costs = lines_with (r.out, "    network_cost: ", NULL);
    g_assert_cmpuint (costs->len, ==, n);
    for (guint i = 0; i < costs->len; i++)
      {
        g_autofree char *value = g_strdup_printf ("network_cost: %s",
                                                  (const char *) g_ptr_array_index (costs, i)
                                                  + strlen ("    network_cost: "));

        g_assert_nonnull (strstr (family, value));
      }
    g_assert_nonnull (strstr (r.out, "  origin: family_enum\n"));
    run_clear (&r);
  }
  tf_test_remove_tree (dir);
}

/* A generated file is the user's design: a manual seed with its id as its seed, no run id; a
 * rack past the configuration's budget is the violation named; the other files still count
 * when one is bad, and the status says so. */
static void
test_own_designs (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-evaluate-XXXXXX", NULL);
  g_autofree char *design = g_build_filename (dir, "fat-tree.yaml", NULL);
  g_autofree char *other = g_build_filename (dir, "fat-tree-128.yaml", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.yaml", NULL);
  g_autofree char *config = g_build_filename (dir, "search.yaml", NULL);
  g_autofree char *tight = g_build_filename (dir, "tight.yaml", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *simulator = NULL;
  const char *text = "n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, "
                     "dp: 8}}\n";
  g_autofree char *tight_text = g_strconcat (text, "hardware_constraints: {rack_power_kw: 5}\n",
                                             NULL);
  Run r;

  g_assert_true (g_file_set_contents (config, text, -1, NULL));
  g_assert_true (g_file_set_contents (tight, tight_text, -1, NULL));
  g_assert_true (g_file_set_contents (broken, "metadata: {\n", -1, NULL));
  r = run ("generate", "--n-chip", "64", "--scope", "inter-rack", "--id",
           "fat-tree:layers=2,k=16,osr=1,n_endpoint=64", "-o", design, NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  r = run ("generate", "--n-chip", "128", "--scope", "inter-rack", "--id",
           "fat-tree:layers=2,k=16,osr=1,n_endpoint=128", "-o", other, NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);

  r = run ("evaluate", "--config", config, design, NULL);
  if (r.status != 0)
    g_error ("evaluate exited %d: %s", r.status, r.err);
  g_assert_nonnull (strstr (r.out, "  origin: manual_seed\n"
                                   "  seed_id: fat-tree:layers=2,k=16,osr=1,n_endpoint=64\n"));
  g_assert_null (strstr (r.out, "candidate_id"));
  g_assert_nonnull (strstr (r.out, "  constraint_violation: none\n"));
  g_assert_nonnull (strstr (r.out, "  breakdown:\n    iter_time_us: "));
  run_clear (&r);

  /* Boards of 8 chips of 1.6 kW in a 5 kW rack. */
  r = run ("evaluate", "--config", tight, design, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "  constraint_violation: 'rack power: the boards of rack 0 "
                                   "draw 12.8 kW, more than the 5.0 kW budget "
                                   "(hardware_constraints.rack_power_kw)'\n"));
  g_assert_nonnull (strstr (r.out, "    iter_time: "));
  run_clear (&r);

  /* One good file, one of another size, one broken: the good one reported, exit 1. */
  r = run ("evaluate", "--config", config, other, design, broken, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.out, "- file: "));
  g_assert_null (strstr (r.out, "fat-tree-128.yaml"));
  expected = g_strdup_printf ("%s: 128 chips, but the configuration's n_chip is 64\n%s:2:1: "
                              "field 'metadata': ", other, broken);
  g_assert_true (g_str_has_prefix (r.err, expected));
  run_clear (&r);

  /* Simulated as Stage 2 simulates a front: the simulated time beside the alpha-beta one
   * (where this build has the simulator: SimGrid is optional). */
  if ((simulator = tf_stage_2_find_simulator (NULL)) != NULL)
    {
      r = run ("evaluate", "--config", config, "--stage-2", "simgrid", design, NULL);
      if (r.status != 0)
        g_error ("evaluate --stage-2 simgrid exited %d: %s", r.status, r.err);
      g_assert_nonnull (strstr (r.out, "    iter_time_sim_us: "));
      g_assert_nonnull (strstr (r.out, "    iter_time_sim_ratio: "));
      run_clear (&r);
    }
  else
    g_test_message ("no SimGrid in this build: --stage-2 simgrid not run");
  r = run ("evaluate", "--config", config, "--stage-2", "g5", design, NULL);
  assert_usage_error (&r, "--stage-2: 'g5' must be simgrid or none");

  r = run ("evaluate", design, NULL);
  assert_usage_error (&r, "--config FILE is required");
  r = run ("evaluate", "--config", config, NULL);
  assert_usage_error (&r, "name at least one topology FILE");
  tf_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/evaluate/reproduces-run", test_reproduces_run);
  g_test_add_func ("/cli/evaluate/own-designs", test_own_designs);
  return g_test_run ();
}
