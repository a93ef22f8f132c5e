/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mpi.c: the search on Open MPI (topoforge-mpi under mpirun, on this machine's loopback):
 *
 * - 1, 2 and 3 ranks, and 1 and 2 threads a rank, give the run topoforge-cli optimize gives,
 *   file for file (the front, evaluated.csv, the summary's counters);
 * - killed right after a checkpoint (the test hook), the run resumes under another number of
 *   ranks to the same files;
 * - a worker killed mid-run ends the job with one line of rank 0's naming the checkpoint, no
 *   result file written, and the run resumes from it to the same files.
 */
#include <signal.h>
#include <unistd.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "test-cli-fixture.h"
#include "test-util.h"

static char *config_path;
static char *reference;   /* topoforge-cli optimize's run folder */

/* The run's options after --config and --out. */
#define RUN_OPTIONS "--population", "8", "--generations", "4", "--checkpoint-every", "0"

typedef struct
{
  int   status;   /* the wait status */
  char *err;
} MpiRun;

static MpiRun
mpirun (guint        ranks,
        const char  *kill_env,
        const char  *kill_value,
        const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  MpiRun r = { 0 };

  g_ptr_array_add (argv, g_strdup (g_getenv ("TF_MPIRUN")));
  g_ptr_array_add (argv, g_strdup ("--oversubscribe"));
  g_ptr_array_add (argv, g_strdup ("-n"));
  g_ptr_array_add (argv, g_strdup_printf ("%u", ranks));
  if (kill_env != NULL)
    {
      env = g_environ_setenv (env, kill_env, kill_value, TRUE);
      g_ptr_array_add (argv, g_strdup ("-x"));
      g_ptr_array_add (argv, g_strdup (kill_env));
    }
  g_ptr_array_add (argv, g_strdup (g_getenv ("TF_MPI")));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  /* Open MPI refuses root unless told; CI runs as root. */
  env = g_environ_setenv (env, "OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  env = g_environ_setenv (env, "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, &r.err, &r.status, &error));
  g_assert_no_error (error);
  return r;
}

static void
assert_ran (MpiRun     *r,
            const char *what)
{
  if (!WIFEXITED (r->status) || WEXITSTATUS (r->status) != 0)
    g_error ("%s: status %d: %s", what, r->status, r->err);
  g_clear_pointer (&r->err, g_free);
}

static void
test_ranks (void)
{
  for (guint ranks = 1; ranks <= 3; ranks++)
    for (guint threads = 1; threads <= (ranks == 2 ? 2u : 1u); threads++)
      {
        g_autofree char *dir = g_dir_make_tmp ("tf-mpi-XXXXXX", NULL);
        g_autofree char *t = g_strdup_printf ("%u", threads);
        const char *args[] = { "--config", config_path, "--out", dir, RUN_OPTIONS,
                               "--threads", t, NULL };
        g_autofree char *what = g_strdup_printf ("%u ranks, %u threads", ranks, threads);
        MpiRun r = mpirun (ranks, NULL, NULL, args);

        g_test_message ("%s", what);
        assert_ran (&r, what);
        assert_same_run (reference, dir);
      }
}

/* Killed (all of it, as SIGKILL to a rank ends an Open MPI job) right after a checkpoint. */
static void
test_resume (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-mpi-XXXXXX", NULL);
  g_autofree char *summary = g_build_filename (dir, "summary.yaml", NULL);
  g_autofree char *staging = g_strconcat (dir, ".partial", NULL);
  g_autofree char *checkpoint = g_build_filename (staging, "checkpoint.bin", NULL);
  const char *args[] = { "--config", config_path, "--out", dir, RUN_OPTIONS, "--threads", "1",
                         NULL };
  const char *resume[] = { "--resume", dir, "--threads", "1", NULL };
  MpiRun r = mpirun (2, "TF_TEST_KILL_AT", "generation:2", args);

  g_assert_false (WIFEXITED (r.status) && WEXITSTATUS (r.status) == 0);
  g_clear_pointer (&r.err, g_free);
  g_assert_true (g_file_test (checkpoint, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (summary, G_FILE_TEST_EXISTS));
  r = mpirun (3, NULL, NULL, resume);
  assert_ran (&r, "resumed on 3 ranks");
  assert_same_run (reference, dir);
  g_assert_false (g_file_test (staging, G_FILE_TEST_EXISTS));
}

/* A worker lost mid-run: Open MPI ends the job; rank 0's one line names how to go on, the
 * checkpoint holds the last generation, nothing else is written; resumed, the same run. */
static void
test_worker_killed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-mpi-XXXXXX", NULL);
  g_autofree char *summary = g_build_filename (dir, "summary.yaml", NULL);
  g_autofree char *pareto = g_build_filename (dir, "pareto", NULL);
  g_autofree char *staging = g_strconcat (dir, ".partial", NULL);
  g_autofree char *checkpoint = g_build_filename (staging, "checkpoint.bin", NULL);
  g_autofree char *line = g_strdup_printf ("topoforge-mpi: the job was ended (a process died, "
                                           "or mpirun was interrupted); continue from its last "
                                           "checkpoint with mpirun ... topoforge-mpi --resume "
                                           "%s\n", dir);
  const char *args[] = { "--config", config_path, "--out", dir, RUN_OPTIONS, "--threads", "1",
                         NULL };
  const char *resume[] = { "--resume", dir, "--threads", "1", NULL };
  /* Batch 10: Stage 0's seven chunks of 128 of search-small's 817 buildable family results,
   * the first population, then the second generation's. */
  MpiRun r = mpirun (3, "TF_TEST_KILL_WORKER", "10", args);

  g_assert_false (WIFEXITED (r.status) && WEXITSTATUS (r.status) == 0);
  if (strstr (r.err, line) == NULL)
    g_error ("no line '%s' in: %s", line, r.err);
  g_clear_pointer (&r.err, g_free);
  g_assert_true (g_file_test (checkpoint, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (summary, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (pareto, G_FILE_TEST_EXISTS));
  r = mpirun (2, NULL, NULL, resume);
  assert_ran (&r, "resumed on 2 ranks");
  assert_same_run (reference, dir);
  g_assert_false (g_file_test (staging, G_FILE_TEST_EXISTS));
}

/* The README's commands for the search on a cluster, exactly as written, in a folder where
 * build/ is this build tree and data/ the source's. */
static void
test_readme (void)
{
  g_autoptr(GPtrArray) commands = tf_test_readme_commands ("\n## The search on a cluster\n");
  g_autofree char *mpi_dir = g_path_get_dirname (g_getenv ("TF_MPI"));
  g_autofree char *build = g_path_get_dirname (mpi_dir);
  g_autofree char *data = tf_test_source_path ("data", NULL);
  g_autofree char *dir = g_dir_make_tmp ("topoforge-readme-XXXXXX", NULL);
  g_autofree char *build_link = g_build_filename (dir, "build", NULL);
  g_autofree char *data_link = g_build_filename (dir, "data", NULL);
  g_auto(GStrv) env = g_get_environ ();

  env = g_environ_setenv (env, "OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  env = g_environ_setenv (env, "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  g_assert_cmpint (symlink (build, build_link), ==, 0);
  g_assert_cmpint (symlink (data, data_link), ==, 0);
  g_assert_cmpuint (commands->len, >=, 1);
  for (guint c = 0; c < commands->len; c++)
    {
      const char *command = g_ptr_array_index (commands, c);
      g_auto(GStrv) argv = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *err = NULL;
      int wait_status;

      g_test_message ("%s", command);
      g_assert_true (g_shell_parse_argv (command, NULL, &argv, &error));
      g_assert_cmpstr (argv[0], ==, "mpirun");
      g_free (argv[0]);
      argv[0] = g_strdup (g_getenv ("TF_MPIRUN"));
      g_assert_true (g_spawn_sync (dir, argv, env, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                                   &err, &wait_status, &error));
      g_assert_no_error (error);
      if (!g_spawn_check_wait_status (wait_status, NULL))
        g_error ("%s: %s", command, err);
    }
  tf_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  Run r;
  int status;

  g_test_init (&argc, &argv, NULL);
  config_path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                       "search-small.yaml", NULL);
  reference = g_dir_make_tmp ("tf-mpi-XXXXXX", NULL);
  r = run ("optimize", "--config", config_path, "--out", reference, RUN_OPTIONS,
           "--threads", "2", NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);

  g_test_add_func ("/mpi/ranks", test_ranks);
  g_test_add_func ("/mpi/resume", test_resume);
  g_test_add_func ("/mpi/worker-killed", test_worker_killed);
  g_test_add_func ("/mpi/readme", test_readme);
  status = g_test_run ();
  g_free (config_path);
  g_free (reference);
  return status;
}
