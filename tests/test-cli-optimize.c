/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-optimize.c: topoforge-cli optimize as a user meets it: the small example end to end,
 * its files, bad options, Ctrl-C, and a run killed and resumed. */
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-cli-fixture.h"
#include "test-util.h"
#include "topoforge.h"

/* @from's text with @what replaced by @with, written to @dir/@name: a configuration made from
 * an example; the path, to free. */
static char *
write_config_like (const char *from,
                   const char *dir,
                   const char *name,
                   const char *what,
                   const char *with)
{
  g_autofree char *text = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_auto(GStrv) parts = NULL;
  g_autofree char *joined = NULL;

  g_assert_true (g_file_get_contents (from, &text, NULL, NULL));
  parts = g_strsplit (text, what, -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  joined = g_strjoinv (with, parts);
  g_assert_true (g_file_set_contents (path, joined, -1, NULL));
  return g_steal_pointer (&path);
}

/* @dir.partial, to free. */
static char *
staging_of (const char *dir)
{
  return g_strconcat (dir, ".partial", NULL);
}

/* optimize: the small example end to end, its files, and bad options. */
static void
test_optimize (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                   "search-small.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
  g_autofree char *summary_path = g_build_filename (dir, "summary.yaml", NULL);
  g_autofree char *svg_path = g_build_filename (dir, "pareto.svg", NULL);
  g_autofree char *first = g_build_filename (dir, "pareto", "candidate_001.yaml", NULL);
  g_autofree char *pareto = g_build_filename (dir, "pareto", NULL);
  g_autofree char *stale = g_build_filename (dir, "pareto", "candidate_999.yaml", NULL);
  g_autofree char *notes = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *mine = g_build_filename (dir, "pareto", "mine.txt", NULL);
  g_autofree char *staging = staging_of (dir);
  g_autofree char *summary = NULL, *svg = NULL, *kept = NULL;
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  Run r;

  g_assert_nonnull (dir);
  /* A folder with files in it is refused, and left as it was... */
  g_assert_true (g_mkdir_with_parents (pareto, 0777) == 0);
  g_assert_true (g_file_set_contents (stale, "old", -1, NULL));
  g_assert_true (g_file_set_contents (notes, "the user's", -1, NULL));
  g_assert_true (g_file_set_contents (mine, "the user's too", -1, NULL));
  r = run ("optimize", "--config", config, "--out", dir, "--population", "8", NULL);
  assert_usage_error (&r, "is not empty: choose another folder, or write the run among its "
                      "files (--overwrite)");
  g_assert_true (g_file_test (stale, G_FILE_TEST_EXISTS));

  /* ...unless --overwrite: then a stale candidate of an earlier, longer front goes, and the
   * user's own files stay, in the new run's folder. */
  r = run ("optimize", "--config", config, "--out", dir, "--population", "8",
           "--generations", "3", "--threads", "2", "--overwrite", NULL);
  if (r.status != 0)
    g_error ("optimize exited %d: %s", r.status, r.err);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, "generation    3/3"));
  g_assert_nonnull (strstr (r.err, "baseline"));
  run_clear (&r);

  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "constraint_violations: 0\n"));
  g_assert_nonnull (strstr (summary, "objectives: [iter_time, network_cost, apl_fail_excess]"));
  g_assert_nonnull (strstr (summary, "file: pareto/candidate_001.yaml"));
  /* The breakdown, the box and the baseline's name. */
  g_assert_nonnull (strstr (summary, "  breakdown:\n    iter_time_us: "));
  g_assert_nonnull (strstr (summary, "exposed_us: "));
  g_assert_nonnull (strstr (summary, "bottleneck: "));
  g_assert_nonnull (strstr (summary, "AllReduce_all_chips: {bytes: 16777216"));
  g_assert_nonnull (strstr (summary, "  reference_point: ["));
  g_assert_nonnull (strstr (summary, "  gain_over_seeds: "));
  g_assert_true (g_file_get_contents (svg_path, &svg, NULL, NULL));
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (notes, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "the user's");
  g_clear_pointer (&kept, g_free);
  g_assert_true (g_file_get_contents (mine, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "the user's too");
  g_assert_false (g_file_test (staging, G_FILE_TEST_EXISTS));
  /* A candidate is a topology file every command reads. */
  g_assert_true (tf_topology_load_file (first, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_nonnull (t.candidate);
  r = run ("validate", first, NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);

  /* A second run into the folder of the first is refused, naming the ways on; nothing moves. */
  r = run ("optimize", "--config", config, "--out", dir, "--generations", "1", NULL);
  assert_usage_error (&r, "already holds a run (summary.yaml): choose another folder, or "
                      "replace it (--overwrite) or continue it (--resume ");
  {
    g_autofree char *again = NULL;

    g_assert_true (g_file_get_contents (summary_path, &again, NULL, NULL));
    g_assert_cmpstr (again, ==, summary);
  }

  r = run ("optimize", "--config", config, NULL);
  assert_usage_error (&r, "--config FILE and --out DIR are required");
  r = run ("optimize", "--config", config, "--out", "x", "extra", NULL);
  assert_usage_error (&r, "unexpected argument 'extra'");
  r = run ("optimize", "--config", config, "--out", dir, "--population", "1", NULL);
  assert_usage_error (&r, "--population: 1 is out of range: population_size must be from 4 to "
                      "10000");
  r = run ("optimize", "--config", config, "--out", dir, "--population", "10001", NULL);
  assert_usage_error (&r, "population_size must be from 4 to 10000");
  r = run ("optimize", "--config", config, "--out", dir, "--generations", "0", NULL);
  assert_usage_error (&r, "--generations: 0 is out of range: generations must be from 1 to "
                      "100000");
  r = run ("optimize", "--config", config, "--out", dir, "--threads", "1025", NULL);
  assert_usage_error (&r, "--threads: 1025 is out of range: parallel_workers must be from 0 to "
                      "1024");
  r = run ("optimize", "--config", config, "--out", dir, "--seed", "18446744073709551616", NULL);
  assert_usage_error (&r, "--seed: 18446744073709551616 is out of range: seed must be from 0 to "
                      "18446744073709551615");
  r = run ("optimize", "--config", config, "--out", dir, "--seed", "-1", NULL);
  assert_usage_error (&r, "--seed: '-1' is not a whole number");
  r = run ("optimize", "--config", config, "--out", dir, "--seed", "01", NULL);
  assert_usage_error (&r, "--seed: '01': leading zeros are not allowed");
  r = run ("optimize", "--config", config, "--out", dir, "--generations", "08", NULL);
  assert_usage_error (&r, "--generations: '08': leading zeros are not allowed");
  r = run ("optimize", "--config", "/nonexistent/search.yaml", "--out", dir, NULL);
  if (r.status != 2 || strstr (r.err, "/nonexistent/search.yaml") == NULL)
    g_error ("expected exit 2 naming the file, got %d: %s", r.status, r.err);
  run_clear (&r);
}

/* A search that fails (every design over a budget of one dollar) leaves no --out folder, no
 * DIR.partial and none of the parents it made; a run that fails over a finished one leaves
 * every file of it as it was, byte for byte. */
static void
test_optimize_failed (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                   "search-small.yaml", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
  g_autofree char *bad = write_config_like (config, tmp, "over-budget.yaml",
                                            "hardware_constraints:\n",
                                            "hardware_constraints:\n  budget_usd: 1\n");
  g_autofree char *made = g_build_filename (tmp, "new", NULL);
  g_autofree char *out = g_build_filename (made, "run", NULL);
  g_autofree char *out_staging = staging_of (out);
  g_autofree char *repeat = g_build_filename (tmp, "repeat", NULL);
  g_autofree char *done = g_build_filename (tmp, "done", NULL);
  g_autofree char *done_staging = staging_of (done);
  g_autofree char *notes = g_build_filename (done, "notes.txt", NULL);
  g_autofree char *before = NULL, *after = NULL;
  Run r;

  r = run ("optimize", "--config", bad, "--out", out, "--population", "8", "--generations",
           "2", "--threads", "2", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_true (strstr (r.err, "no generator gave a first candidate") != NULL
                 || strstr (r.err, "every candidate broke a hard constraint") != NULL);
  run_clear (&r);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (out_staging, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (made, G_FILE_TEST_EXISTS));

  /* --repeat: no DIR when its first run fails. */
  r = run ("optimize", "--config", bad, "--out", repeat, "--population", "8", "--generations",
           "2", "--threads", "2", "--repeat", "2", NULL);
  g_assert_cmpint (r.status, ==, 1);
  run_clear (&r);
  g_assert_false (g_file_test (repeat, G_FILE_TEST_EXISTS));

  /* A finished run with a file of the user's, replaced (--overwrite) by one that fails. */
  r = run ("optimize", "--config", config, "--out", done, "--population", "8", "--generations",
           "2", "--threads", "2", NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  g_assert_true (g_file_set_contents (notes, "the user's", -1, NULL));
  before = tf_test_tree_listing (done);
  g_assert_nonnull (strstr (before, "summary.yaml "));
  g_assert_nonnull (strstr (before, "pareto/candidate_001.yaml "));
  r = run ("optimize", "--config", bad, "--out", done, "--population", "8", "--generations",
           "2", "--threads", "2", "--overwrite", NULL);
  g_assert_cmpint (r.status, ==, 1);
  run_clear (&r);
  after = tf_test_tree_listing (done);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (g_file_test (done_staging, G_FILE_TEST_EXISTS));
  tf_test_remove_tree (tmp);
}

/* --repeat R: R seeds into DIR/seed-N and repeat.yaml with the spread of each figure. */
static void
test_optimize_repeat (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                   "search-small.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
  g_autofree char *repeat_path = g_build_filename (dir, "repeat.yaml", NULL);
  g_autofree char *second = g_build_filename (dir, "seed-8", "summary.yaml", NULL);
  g_autofree char *repeat = NULL;
  Run r;

  r = run ("optimize", "--config", config, "--out", dir, "--population", "16",
           "--generations", "3", "--seed", "7", "--repeat", "2", NULL);
  if (r.status != 0)
    g_error ("optimize --repeat exited %d: %s", r.status, r.err);
  g_assert_nonnull (strstr (r.err, "2 runs written to"));
  run_clear (&r);
  g_assert_true (g_file_test (second, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (repeat_path, &repeat, NULL, NULL));
  g_assert_nonnull (strstr (repeat, "repeats: 2\n"));
  g_assert_nonnull (strstr (repeat, "- {seed: 7, dir: seed-7, evaluations: "));
  g_assert_nonnull (strstr (repeat, "- {seed: 8, dir: seed-8, evaluations: "));
  g_assert_nonnull (strstr (repeat, "\nratio: {median: "));
  g_assert_nonnull (strstr (repeat, "\ngain_over_seeds: {median: "));

  r = run ("optimize", "--config", config, "--out", dir, "--repeat", "0", NULL);
  assert_usage_error (&r, "--repeat: 0 is out of range: repeat must be from 1 to 100");
}

/* Ctrl-C: the search stops after the generation at hand and writes what it has. */
static void
test_optimize_interrupt (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                   "search-small.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
  g_autofree char *summary_path = g_build_filename (dir, "summary.yaml", NULL);
  g_autofree char *checkpoint = g_build_filename (dir, "checkpoint.bin", NULL);
  g_autofree char *staging = staging_of (dir);
  g_autofree char *summary = NULL;
  const char *argv[] = { g_getenv ("TF_CLI"), "optimize", "--config", config, "--out", dir,
                         "--generations", "100000", "--population", "8", "--threads", "1",
                         NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int err_fd, status;
  FILE *err;
  char line[512];
  gboolean seen = FALSE;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, NULL, &err_fd, &error));
  g_assert_no_error (error);
  err = fdopen (err_fd, "r");
  while (!seen && fgets (line, sizeof line, err) != NULL)
    seen = g_str_has_prefix (line, "generation    2/");
  g_assert_true (seen);
  kill (pid, SIGINT);
  while (fgets (line, sizeof line, err) != NULL)
    ;
  fclose (err);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 130);
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "cancelled: true"));
  /* The checkpoint is committed with the front, to resume from. */
  g_assert_true (g_file_test (checkpoint, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (staging, G_FILE_TEST_EXISTS));
}

/* Killed (SIGKILL, the test hook) right after the checkpoint of a random generation, of a
 * random batch of the baseline, and of Stage 0, then resumed with --resume DIR on one thread
 * where it ran on two: the same front, rows and counters as the run never killed. The killed
 * run's checkpoint is in DIR.partial, and DIR untouched; the baseline's is moved to DIR as a
 * stopped run's would be, to resume from there. And the resume's errors: a new run into DIR
 * while DIR.partial is there, --config of another run beside --resume, another run's or a
 * damaged checkpoint, each refused with one line, changing nothing. */
static void
test_optimize_resume (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                   "search-small.yaml", NULL);
  g_autofree char *whole = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
  g_autofree char *kept = g_build_filename (whole, "checkpoint.bin", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
  g_autofree char *small = write_config_like (config, tmp, "small.yaml",
                                              "population_size: 24\n  generations: 10\n",
                                              "population_size: 8\n  generations: 6\n");
  g_autofree char *seeded = write_config_like (small, tmp, "seeded.yaml", "seed: 1\n",
                                               "seed: 9\n");
  Run r;

  r = run ("optimize", "--config", config, "--out", whole, "--population", "8",
           "--generations", "6", "--threads", "2", "--checkpoint-every", "0", NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  /* A run that ends leaves no checkpoint. */
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));

  for (guint k = 0; k < 3; k++)
    {
      g_autofree char *dir = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
      g_autofree char *staging = staging_of (dir);
      g_autofree char *checkpoint = g_build_filename (dir, "checkpoint.bin", NULL);
      g_autofree char *killed = g_build_filename (staging, "checkpoint.bin", NULL);
      g_autofree char *summary = g_build_filename (dir, "summary.yaml", NULL);
      g_autofree char *at = k == 2 ? g_strdup ("family")
                            : g_strdup_printf ("%s:%d", k == 0 ? "generation" : "baseline",
                                               g_test_rand_int_range (1, k == 0 ? 6 : 4));
      const char *argv[] = { g_getenv ("TF_CLI"), "optimize", "--config", config, "--out", dir,
                             "--population", "8", "--generations", "6", "--threads", "2",
                             "--checkpoint-every", "0", NULL };
      g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "TF_TEST_KILL_AT", at, TRUE);
      g_autoptr(GError) error = NULL;
      int status;

      g_test_message ("killed at %s", at);
      g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_STDOUT_TO_DEV_NULL
                                   | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                                   &status, &error));
      g_assert_no_error (error);
      g_assert_true (WIFSIGNALED (status));
      g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
      g_assert_true (g_file_test (killed, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (checkpoint, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (summary, G_FILE_TEST_EXISTS));

      if (k == 0)
        {
          g_autofree char *listing = tf_test_tree_listing (staging);
          g_autofree char *again = NULL;

          /* A new run into DIR while DIR.partial is there: one line, nothing touched. */
          r = run ("optimize", "--config", config, "--out", dir, "--population", "8", NULL);
          assert_usage_error (&r, ".partial exists: a run into ");
          /* --config of another run (another seed) beside --resume: one line naming both
           * files, nothing touched. */
          r = run ("optimize", "--resume", dir, "--config", seeded, NULL);
          g_assert_cmpint (r.status, ==, 1);
          g_assert_nonnull (strstr (r.err, "is of another run than"));
          g_assert_nonnull (strstr (r.err, seeded));
          g_assert_nonnull (strstr (r.err, "checkpoint.bin"));
          g_assert_nonnull (strstr (r.err, "seed: 9"));
          assert_one_line (r.err);
          run_clear (&r);
          again = tf_test_tree_listing (staging);
          g_assert_cmpstr (listing, ==, again);
          g_assert_false (g_file_test (summary, G_FILE_TEST_EXISTS));
          /* Any option but --config, --threads and --checkpoint-every is refused. */
          r = run ("optimize", "--resume", dir, "--seed", "3", NULL);
          assert_usage_error (&r, "--resume DIR takes only --config, --threads and "
                              "--checkpoint-every");
        }
      /* The baseline's checkpoint as a stopped run leaves it: in DIR, no DIR.partial. */
      if (k == 1)
        {
          g_assert_cmpint (g_rename (killed, checkpoint), ==, 0);
          g_assert_cmpint (g_rmdir (staging), ==, 0);
        }

      /* --config beside --resume: the run's own configuration resumes. */
      if (k == 0)
        r = run ("optimize", "--resume", dir, "--config", small, "--threads", "1", NULL);
      else
        r = run ("optimize", "--resume", dir, "--threads", "1", NULL);
      if (r.status != 0)
        g_error ("resume exited %d: %s", r.status, r.err);
      run_clear (&r);
      assert_same_run (whole, dir);
      g_assert_false (g_file_test (checkpoint, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (staging, G_FILE_TEST_EXISTS));

      /* Nothing left to resume. */
      r = run ("optimize", "--resume", dir, NULL);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_nonnull (strstr (r.err, "has no checkpoint"));
      assert_one_line (r.err);
      run_clear (&r);
      /* Another run's checkpoint (another seed) in this run's folder: refused with one line
       * naming both, and nothing of this run's changed. */
      if (k == 0)
        {
          g_autofree char *other = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
          g_autofree char *other_staging = staging_of (other);
          g_autofree char *theirs = g_build_filename (other_staging, "checkpoint.bin", NULL);
          g_autofree char *data = NULL, *before = NULL, *after = NULL;
          const char *argv2[] = { g_getenv ("TF_CLI"), "optimize", "--config", config, "--out",
                                  other, "--population", "8", "--generations", "6", "--seed",
                                  "9", "--checkpoint-every", "0", NULL };
          g_auto(GStrv) env2 = g_environ_setenv (g_get_environ (), "TF_TEST_KILL_AT",
                                                 "generation:2", TRUE);
          gsize size;

          g_assert_true (g_spawn_sync (NULL, (char **) argv2, env2, G_SPAWN_STDOUT_TO_DEV_NULL
                                       | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                                       &status, &error));
          g_assert_true (g_file_get_contents (theirs, &data, &size, NULL));
          g_assert_true (g_file_set_contents (checkpoint, data, size, NULL));
          before = tf_test_tree_listing (dir);
          r = run ("optimize", "--resume", dir, NULL);
          g_assert_cmpint (r.status, ==, 1);
          g_assert_nonnull (strstr (r.err, "is of another run than"));
          g_assert_nonnull (strstr (r.err, "seed: 9"));
          assert_one_line (r.err);
          run_clear (&r);
          after = tf_test_tree_listing (dir);
          g_assert_cmpstr (before, ==, after);
          g_assert_false (g_file_test (staging, G_FILE_TEST_EXISTS));
          tf_test_remove_tree (other_staging);
          tf_test_remove_tree (other);
        }
      /* A damaged checkpoint: one line naming it, nothing written. */
      g_assert_true (g_file_set_contents (checkpoint, "TFCK", 4, NULL));
      r = run ("optimize", "--resume", dir, NULL);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_nonnull (strstr (r.err, "checkpoint.bin: not a checkpoint"));
      assert_one_line (r.err);
      run_clear (&r);
      g_assert_false (g_file_test (staging, G_FILE_TEST_EXISTS));
      tf_test_remove_tree (dir);
    }
  tf_test_remove_tree (whole);
  tf_test_remove_tree (tmp);
}

/* The optimizer spec's own examples as written (tests/spec-examples, their "..." filled): its
 * search_config.yaml runs, seeding from Slim Fly, with Stage 2's g5_simulation read as SimGrid's
 * with a notice; its two candidate files validate, with notices for the keys Topoforge does not
 * read and the context it derived, and read YAML 1.1's 12_345 as 12345. */
static void
test_spec_examples (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "spec-examples",
                                                   "search_config.yaml", NULL);
  g_autofree char *first = g_test_build_filename (G_TEST_DIST, "spec-examples",
                                                  "candidate_001.yaml", NULL);
  g_autofree char *second = g_test_build_filename (G_TEST_DIST, "spec-examples",
                                                   "candidate_042.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("tf-spec-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "run", NULL);
  g_autofree char *copy = g_build_filename (out, "config.yaml", NULL);
  g_autofree char *written = NULL;
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  Run r;

  r = run ("optimize", "--config", config, "--out", out, "--population", "8", "--generations",
           "1", "--threads", "2", "--no-baseline", NULL);
  if (r.status != 0)
    g_error ("optimize exited %d: %s", r.status, r.err);
  g_assert_nonnull (strstr (r.err, "field 'evaluator.stage_2': g5_simulation is the spec's "
                                   "flow-level Stage 2"));
  g_assert_true (strstr (r.err, "stage 2: 1 of 1 front candidates simulated with SimGrid")
                 != NULL
                 || strstr (r.err, "stage 2: skipped (g5_simulation") != NULL);
  run_clear (&r);
  g_assert_true (g_file_get_contents (copy, &written, NULL, NULL));
  g_assert_nonnull (strstr (written, "slimfly"));

  r = run ("validate", first, second, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "candidate_001.yaml:10:5: notice: metadata.origin.seed_params "
                                   "is not a Topoforge field; kept as it is"));
  g_assert_nonnull (strstr (r.err, "candidate_042.yaml:5:3: notice: metadata has no context; "
                                   "derived from the file: n_chip = 16"));
  run_clear (&r);
  g_assert_true (tf_topology_load_file (first, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_nonnull (t.candidate);
  tf_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/optimize", test_optimize);
  g_test_add_func ("/cli/optimize-failed", test_optimize_failed);
  g_test_add_func ("/cli/optimize-interrupt", test_optimize_interrupt);
  g_test_add_func ("/cli/optimize-repeat", test_optimize_repeat);
  g_test_add_func ("/cli/optimize-resume", test_optimize_resume);
  g_test_add_func ("/cli/spec-examples", test_spec_examples);
  return g_test_run ();
}
