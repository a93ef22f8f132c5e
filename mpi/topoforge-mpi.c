/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topoforge-mpi: the optimizer's search on Open MPI (issue 16; docs/optimizer.md, "The search
 * on a cluster").
 *
 *   mpirun -n N topoforge-mpi --config FILE --out DIR [the options of topoforge-cli optimize]
 *   mpirun -n N topoforge-mpi --resume DIR
 *
 * Rank 0 runs topoforge-cli optimize: NSGA-II, the archive, the progress lines, the checkpoints
 * and the run folder. The other ranks evaluate the candidates it sends them (mpi-worker.c),
 * as many at a time as they have threads (--threads, else their cores). A seed gives the same
 * run, file for file, on any number of ranks and threads, and as topoforge-cli optimize.
 *
 * Stopping: mpirun ends the whole job on Ctrl-C, so rank 0 then says in one line where the last
 * checkpoint is and how to resume; kill -USR1 to mpirun (which it forwards) stops the search
 * cleanly after its generation, as Ctrl-C does topoforge-cli's, and writes what it has. A rank
 * that dies takes the job with it (Open MPI 4.1 cannot go on without it): rank 0 says the same
 * line, and the run resumes from its checkpoint.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "cli-private.h"
#include "mpi-private.h"

static char ended_line[4096];

/* The job is being torn down: one line, then gone (async-signal-safe). The line goes through
 * mpirun's forwarding of rank 0's stderr, which stops reading once the process is gone: so
 * rank 0 stays a moment (mpirun's SIGKILL follows its SIGTERM after a second), long enough for
 * the line to be read. Exiting at once lost it about once in twenty runs on a busy machine. */
static void
on_sigterm (int signum)
{
  struct timespec wait = { 0, 500 * 1000 * 1000 };

  (void) signum;
  if (write (STDERR_FILENO, ended_line, strlen (ended_line)) >= 0)
    while (nanosleep (&wait, &wait) != 0)
      ;
  _exit (TF_CLI_EXIT_FAILURE);
}

/* The run folder of the command line, for the line above: --out DIR or --resume DIR. */
static const char *
run_dir (int    argc,
         char **argv)
{
  for (int i = 1; i < argc; i++)
    for (guint k = 0; k < 2; k++)
      {
        const char *key = k == 0 ? "--out" : "--resume";
        gsize n = strlen (key);

        if (strcmp (argv[i], key) == 0 && i + 1 < argc)
          return argv[i + 1];
        if (strncmp (argv[i], key, n) == 0 && argv[i][n] == '=')
          return argv[i] + n + 1;
      }
  return NULL;
}

/* --threads T of the command line, for a worker; 0 when not given. */
static guint
threads_option (int    argc,
                char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--threads") == 0 && i + 1 < argc)
        return (guint) strtoul (argv[i + 1], NULL, 10);
      if (g_str_has_prefix (argv[i], "--threads="))
        return (guint) strtoul (argv[i] + strlen ("--threads="), NULL, 10);
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  int provided = 0, rank = 0, n_ranks = 1, status;
  const char *dir;

  if (MPI_Init_thread (&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS
      || provided < MPI_THREAD_FUNNELED)
    {
      fprintf (stderr, "topoforge-mpi: the MPI library cannot run threads beside MPI\n");
      return TF_CLI_EXIT_FAILURE;
    }
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &n_ranks);
  tf_locale_init (LOCALEDIR);

  if (rank > 0)
    {
      guint threads = threads_option (argc, argv);

      status = tf_mpi_worker_run (threads > 0 ? threads : MAX (1u, g_get_num_processors ()));
      MPI_Finalize ();
      return status;
    }

  g_set_prgname ("topoforge-mpi");
  dir = run_dir (argc, argv);
  g_snprintf (ended_line, sizeof ended_line,
              "topoforge-mpi: the job was ended (a process died, or mpirun was interrupted); "
              "%s%s%s\n", dir ? "continue from its last checkpoint with mpirun ... "
                                "topoforge-mpi --resume " : "",
              dir ? dir : "nothing to resume", "");
  signal (SIGTERM, on_sigterm);
  if (n_ranks > 1)
    tf_cli_search_evaluator = tf_mpi_evaluator_new (n_ranks);
  status = tf_command_optimize (argc, argv);
  if (tf_cli_search_evaluator != NULL)
    tf_mpi_evaluator_stop ((TfBatchEvaluator *) tf_cli_search_evaluator);
  MPI_Finalize ();
  return status;
}
