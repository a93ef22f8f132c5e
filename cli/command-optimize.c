/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-optimize.c: topoforge-cli optimize --config FILE --out DIR [--seed S] [--threads T]
 *                     [--population P] [--generations G] [--no-baseline] [--front all|N]
 *                     topoforge-cli optimize --resume DIR [--config FILE] [--threads T]
 *
 * Runs the topology optimizer (docs/optimizer.md) and writes the run folder DIR as the app
 * saves and opens it (tf_search_output_write: config.yaml, pareto/candidate_NNN.yaml,
 * evaluated.csv, summary.yaml), plus DIR/pareto.svg. A progress line per generation goes to
 * stderr; Ctrl-C stops the search cleanly and writes what it has (a second Ctrl-C ends at
 * once). The run goes into DIR.partial (run-folder.c): while it runs, DIR.partial/checkpoint.bin
 * holds its state (--checkpoint-every), and at the end its files are written there and
 * DIR.partial takes DIR's place, so a failed run leaves DIR as it was. --resume DIR continues
 * a run that was killed (DIR.partial's checkpoint) or stopped (DIR's, kept with its front) to
 * the front the whole run would have given.
 *
 * TF_TEST_KILL_AT=generation:N or baseline:N (tests only): the process kills itself (SIGKILL)
 * right after the checkpoint of that generation or baseline batch.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "cli-private.h"
#include "optimizer.h"
#include "pareto-svg.h"

#define CONFIG_FILE     "config.yaml"   /* the run folder's (search-output.c) */

const TfBatchEvaluator *tf_cli_search_evaluator;

/* The test hook: dies as a killed run does, right after a checkpoint. */
static void
test_kill (const TfSearchProgress *p)
{
  const char *at = g_getenv ("TF_TEST_KILL_AT");
  g_autofree char *here = NULL;

  if (at == NULL || p->stage_2 > 0
      || (p->stage_0_total > 0 && p->stage_0_done < p->stage_0_total))
    return;
  /* Stage 0's last report comes right after its checkpoint. */
  here = p->stage_0_total > 0
         ? g_strdup ("family")
         : g_strdup_printf ("%s:%u", p->baseline ? "baseline" : "generation", p->generation);
  if (strcmp (at, here) == 0)
    kill (getpid (), SIGKILL);
}

static gboolean
on_progress (const TfSearchProgress *p,
             gpointer                data)
{
  static guint tenth_shown = G_MAXUINT;

  (void) data;
  test_kill (p);
  if (p->stage_0_total > 0)
    {
      /* Stage 0 reports every chunk: a line a tenth of the way is enough. */
      guint tenth = (guint) ((guint64) p->stage_0_done * 10 / p->stage_0_total);

      if (tenth != tenth_shown)
        g_printerr ("family    evaluations %6u of %u  front %4u  hypervolume %.4f  "
                    "elapsed %7.1f s\n", p->stage_0_done, p->stage_0_total, p->front_size,
                    p->hypervolume, p->elapsed);
      tenth_shown = tenth;
    }
  else if (p->stage_2 > 0 && p->stage_2_done == 0)
    g_printerr ("stage 2   simulating %u front candidates with SimGrid  elapsed %7.1f s\n",
                p->stage_2, p->elapsed);
  else if (p->stage_2 > 0)
    g_printerr ("stage 2   simulated %6u of %u  elapsed %7.1f s\n", p->stage_2_done,
                p->stage_2, p->elapsed);
  else if (p->baseline)
    g_printerr ("baseline  evaluations %6u  front %4u  hypervolume %.4f  elapsed %7.1f s\n",
                p->evaluations, p->front_size, p->hypervolume, p->elapsed);
  else
    g_printerr ("generation %4u/%u  evaluations %6u  front %4u  hypervolume %.4f  "
                "elapsed %7.1f s\n", p->generation, p->generations, p->evaluations,
                p->front_size, p->hypervolume, p->elapsed);
  return !tf_cli_interrupted ();
}

/* The ranges of the search configuration's keys these options override (read_search in
 * engine/optimizer/config/search-config.c). */
static const TfCliRange seed_range = { "seed", 0, G_MAXUINT64 };
static const TfCliRange threads_range = { "parallel_workers", 0, 1024 };
static const TfCliRange population_range = { "population_size", 4, TF_SEARCH_MAX_POPULATION };
static const TfCliRange generations_range = { "generations", 1, TF_SEARCH_MAX_GENERATIONS };
static const TfCliRange repeat_range = { "repeat", 1, 100 };
static const TfCliRange front_range = { "front_max", 1, TF_SEARCH_MAX_POPULATION };
static const TfCliRange every_range = { "checkpoint-every", 0, 86400 };

/* Puts @folder aside after a failure, saying so where something could not be removed. */
static void
abandon (TfRunFolder *folder)
{
  tf_run_folder_abandon (folder);
  if (folder->note != NULL)
    tf_cli_error ("optimize", folder->note);
}

/* One run into @folder, begun or resumed: the search with its checkpoints in DIR.partial, then
 * the run folder and pareto.svg written there and put in DIR's place; a failure leaves DIR as
 * it was. An exit status. */
static int
run_one (TfSearchConfig  *config,
         const char      *config_path,
         TfRunFolder     *folder,
         TfSearchOptions *options,
         TfSearchResult  *result)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *baseline = NULL;
  g_autofree char *simulator = NULL;
  const char *dir = folder->dir;
  guint violations = 0;

  options->cancel = tf_cli_interrupt_catch ();
  options->checkpoint = folder->checkpoint;
  options->evaluator = tf_cli_search_evaluator;
  if (!tf_search_run (config, options, result, &error))
    {
      tf_cli_interrupt_release ();
      tf_cli_error ("optimize", error->message);
      abandon (folder);
      return TF_CLI_EXIT_FAILURE;
    }
  tf_cli_interrupt_release ();
  if (result->cancelled)
    g_printerr ("interrupted: writing the front of %u candidates found so far; "
                "topoforge-cli optimize --resume %s continues the run\n", result->front->len,
                dir);

  /* The checkpoint stays with a stopped run only, to resume it. */
  if (!tf_search_output_write (folder->staging, config_path, config, result, &violations,
                               &error)
      || !tf_pareto_svg_write_run (folder->staging, config, result, &error)
      || !tf_run_folder_commit (folder, result->cancelled, &error))
    {
      tf_cli_error ("optimize", error->message);
      abandon (folder);
      return TF_CLI_EXIT_FAILURE;
    }
  if (folder->note != NULL)
    tf_cli_error ("optimize", folder->note);
  baseline = result->baseline_front != NULL
               ? g_strdup_printf (" (Random + QMC baseline %.4f)", result->baseline_hypervolume)
               : g_strdup ("");
  if (result->family_front != NULL)
    {
      guint m = config->n_objectives, n_search, n_family;
      g_autofree double *search = tf_front_rows (result->front, result->front_members, m,
                                                 &n_search);
      g_autofree double *family = tf_front_rows (result->family_front, NULL, m, &n_family);

      tf_cli_print_line (stderr, "family front %u designs of %u family results evaluated%s, "
                         "hypervolume %.4f; the search's front goes %.4f times beyond it "
                         "(epsilon)", n_family, result->family_evaluations,
                         result->family_sampled ? " (a sample)" : "",
                         result->family_hypervolume,
                         tf_front_epsilon (config, family, n_family, search, n_search));
    }
  tf_cli_print_line (stderr, "front %u designs (%u written), hypervolume %.4f%s, %u evaluations "
                     "in %.1f s; written to %s",
                     result->front->len
                     + (result->front_members != NULL ? result->front_members->len : 0),
                     result->front->len, result->hypervolume, baseline, result->evaluations,
                     result->seconds, dir);
  if (result->stage_2_ran)
    tf_cli_print_line (stderr, "stage 2: %u of %u front candidates simulated with SimGrid in "
                       "%.1f s (summary.yaml: stage_2)", result->simulated,
                       result->stage_2_candidates, result->stage_2_seconds);
  /* Skipped by the search's own rule: the spec's name, and no simulator for it here. */
  else if (config->stage_2 == TF_STAGE_2_G5_SIMULATION && !result->cancelled
           && tf_stage_2_simulator_for (config, &simulator, NULL) && simulator == NULL)
    tf_cli_print_line (stderr, "stage 2: skipped (g5_simulation, and SimGrid's helper is not "
                       "built here)");
  if (result->simulation_failures > 0)
    {
      g_autofree char *message = g_strdup_printf ("stage 2: %u simulations failed; the first: "
                                                  "%s", result->simulation_failures,
                                                  result->simulation_error);

      tf_cli_error ("optimize", message);
      return TF_CLI_EXIT_FAILURE;
    }
  if (violations > 0)
    {
      tf_cli_error ("optimize", "some front candidates break a hard constraint; this is a bug");
      return TF_CLI_EXIT_FAILURE;
    }
  return result->cancelled ? TF_CLI_EXIT_INTERRUPTED : 0;
}

/* --repeat R: R runs with seeds S, S + 1, ... into DIR/seed-N, each put in place as one run is,
 * then DIR/repeat.yaml. DIR holds the staging folders, so it is made at the start; made by this
 * command and left empty (the first run failed), it goes again. */
static int
run_repeats (TfSearchConfig  *config,
             const char      *config_path,
             const char      *out_dir,
             TfSearchOptions *options,
             guint            n_repeats)
{
  g_autoptr(GArray) runs = g_array_new (FALSE, TRUE, sizeof (TfRepeatRun));
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (out_dir, "repeat.yaml", NULL);
  gboolean existed = g_file_test (out_dir, G_FILE_TEST_EXISTS);
  guint64 first = config->seed;
  guint without_ratio = 0;
  int status = 0;

  g_array_set_clear_func (runs, tf_repeat_run_clear);
  for (guint r = 0; r < n_repeats && status == 0; r++)
    {
      g_auto(TfSearchResult) result = { 0 };
      g_auto(TfRunFolder) folder = { 0 };
      g_autofree char *name = NULL, *dir = NULL;

      config->seed = first + r;
      name = g_strdup_printf ("seed-%" G_GUINT64_FORMAT, config->seed);
      dir = g_build_filename (out_dir, name, NULL);
      if (!tf_run_folder_begin (&folder, dir, &error))
        {
          tf_cli_error ("optimize", error->message);
          status = TF_CLI_EXIT_FAILURE;
          break;
        }
      status = run_one (config, config_path, &folder, options, &result);
      if (status == 0)
        tf_repeat_runs_add (runs, config, config->seed, name, &result);
    }
  if (runs->len == 0)
    {
      if (!existed)
        g_rmdir (out_dir);
      return status;
    }
  if (!tf_repeat_runs_write (path, config_path, config, n_repeats, runs, &without_ratio,
                             &error))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  tf_cli_print_line (stderr, "%u runs written to %s", runs->len, path);
  if (without_ratio > 0)
    tf_cli_print_line (stderr, "%u of them have no ratio: their baseline's front adds no "
                       "hypervolume inside the box", without_ratio);
  return status;
}

/* Whether the checkpoint's configuration @config is the one @path holds (threads aside, which
 * change no result): the same configuration written out, else FALSE with one line naming both
 * files and the first line where they differ, so that a checkpoint of another run never
 * replaces this one's files (issue 34). @label is how the line names @path's configuration. */
static gboolean
same_config (const char           *checkpoint,
             const TfSearchConfig *config,
             const char           *path,
             const char           *label,
             GError              **error)
{
  g_auto(TfSearchConfig) written = { 0 };
  g_autoptr(GString) a = g_string_new (NULL);
  g_autoptr(GString) b = g_string_new (NULL);
  g_auto(GStrv) la = NULL, lb = NULL;
  guint i;

  if (!tf_search_config_load_file (path, &written, error))
    return FALSE;
  written.threads = config->threads;
  if (!tf_search_config_write_yaml (config, a, error)
      || !tf_search_config_write_yaml (&written, b, error))
    return FALSE;
  if (strcmp (a->str, b->str) == 0)
    return TRUE;
  la = g_strsplit (a->str, "\n", -1);
  lb = g_strsplit (b->str, "\n", -1);
  for (i = 0; la[i] != NULL && lb[i] != NULL && strcmp (la[i], lb[i]) == 0; i++)
    ;
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "--resume: %s is of another run than "
               "%s: the checkpoint's configuration has '%s' where %s has '%s'; nothing was "
               "changed", checkpoint, path, g_strstrip (la[i] ? la[i] : ""), label,
               g_strstrip (lb[i] ? lb[i] : ""));
  return FALSE;
}

/* Whether the checkpoint is of the run whose folder holds it: the same configuration as the
 * config.yaml beside it, where a stopped run committed one with its checkpoint. */
static gboolean
same_run (const char           *checkpoint,
          const TfSearchConfig *config,
          GError              **error)
{
  g_autofree char *dir = g_path_get_dirname (checkpoint);
  g_autofree char *path = g_build_filename (dir, CONFIG_FILE, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  return same_config (checkpoint, config, path, CONFIG_FILE, error);
}

/* --resume DIR: the configuration and options from DIR's checkpoint (DIR.partial's, else
 * DIR's), held to --config FILE where one is given; --threads may change, which changes no
 * result. Every check comes before any file is touched. */
static int
resume_run (const char *dir,
            const char *config_path,
            const char *threads,
            const char *every)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  g_auto(TfRunFolder) folder = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  TfSearchOptions options = { 0 };
  guint every_seconds = 60;

  if (!tf_run_folder_find_checkpoint (dir, &path, &error)
      || !tf_search_checkpoint_load_config (path, &config, &options.baseline, &error)
      || !same_run (path, &config, &error)
      || (config_path != NULL
          && !same_config (path, &config, config_path, config_path, &error))
      || (threads != NULL
          && !tf_cli_parse_uint ("threads", threads, &threads_range, &config.threads, &error))
      || (every != NULL
          && !tf_cli_parse_uint ("checkpoint-every", every, &every_range, &every_seconds,
                                 &error))
      || !tf_run_folder_resume (&folder, dir, path, &error))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  options.progress = on_progress;
  options.checkpoint_seconds = every_seconds;
  options.resume = TRUE;
  return run_one (&config, NULL, &folder, &options, &result);
}

int
tf_command_optimize (int    argc,
                     char **argv)
{
  g_auto(TfCliParser) parser = { 0 };
  g_autoptr(GError) error = NULL;
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  g_auto(TfRunFolder) folder = { 0 };
  g_autofree char *config_path = NULL;
  g_autofree char *out_dir = NULL;
  g_autofree char *seed = NULL, *threads = NULL, *population = NULL, *generations = NULL;
  g_autofree char *repeat = NULL, *stage_2 = NULL, *resume = NULL, *every = NULL;
  g_autofree char *front = NULL;
  guint n_repeats = 1, every_seconds = 60;
  gboolean no_baseline = FALSE, overwrite = FALSE;
  TfSearchOptions options = { 0 };
  const GOptionEntry entries[] = {
    { "config", 0, 0, G_OPTION_ARG_FILENAME, &config_path,
      "The search configuration (required; see docs/optimizer.md)", "FILE" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out_dir, "Write the results under DIR (required)",
      "DIR" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, "Random seed (default: the config's)", "S" },
    { "threads", 0, 0, G_OPTION_ARG_STRING, &threads,
      "Worker threads (children and evaluations), 0 to 1024, 0 for all cores (default: the config's parallel_workers)",
      "T" },
    { "population", 0, 0, G_OPTION_ARG_STRING, &population,
      "Population size, 4 to 10000 (default: the config's)", "P" },
    { "generations", 0, 0, G_OPTION_ARG_STRING, &generations,
      "Generations, 1 to 100000 (default: the config's)", "G" },
    { "overwrite", 0, 0, G_OPTION_ARG_NONE, &overwrite,
      "Write into --out DIR even if it already holds a run or other files (refused otherwise)",
      NULL },
    { "no-baseline", 0, 0, G_OPTION_ARG_NONE, &no_baseline,
      "Skip the Random + QMC baseline", NULL },
    { "front", 0, 0, G_OPTION_ARG_STRING, &front,
      "all: write every design of the front; N: at most N representatives, each standing for "
      "the designs nearest it, 1 to 10000 (default: the config's front_max, 40)", "all|N" },
    { "stage-2", 0, 0, G_OPTION_ARG_STRING, &stage_2,
      "simgrid: simulate the best of the front with SimGrid after the search; none: do not "
      "(default: the config's evaluator.stage_2)", "NAME" },
    { "repeat", 0, 0, G_OPTION_ARG_STRING, &repeat,
      "Run R seeds (S, S+1, ...) into DIR/seed-N and write DIR/repeat.yaml with the median and "
      "spread of the hypervolume ratio and of the gain over the seeds, 1 to 100", "R" },
    { "resume", 0, 0, G_OPTION_ARG_FILENAME, &resume,
      "Continue the run of DIR from its checkpoint (DIR.partial/checkpoint.bin of a run killed, "
      "else DIR/checkpoint.bin of a run stopped), to the front the whole run would have given; "
      "only --config (which must be the run's configuration), --threads and --checkpoint-every "
      "may go with it",
      "DIR" },
    { "checkpoint-every", 0, 0, G_OPTION_ARG_STRING, &every,
      "Write DIR.partial/checkpoint.bin at most every this many seconds, 0 for every generation, "
      "0 to 86400 (default 60)", "SECONDS" },
    { NULL }
  };

  tf_search_config_init (&config);
  tf_cli_parser_init (&parser, "- search for Pareto-optimal topologies",
                      "Runs NSGA-II over whole network graphs (family seeds and graph mutation) "
                      "with the layered evaluator, then a Random + QMC baseline (an independent "
                      "sampler of the design space) with the same number of evaluations, and "
                      "writes the run folder (the Pareto front as topology files, config.yaml, "
                      "evaluated.csv, summary.yaml) and pareto.svg.");
  tf_cli_parser_add (&parser, entries);
  if (!tf_cli_parse_options (parser.context, &argc, &argv, &error))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (argc > 1)
    {
      g_autofree char *message = g_strdup_printf ("unexpected argument '%s': optimize takes "
                                                  "its files by --config, --out and --resume",
                                                  argv[1]);

      tf_cli_error ("optimize", message);
      return TF_CLI_EXIT_USAGE;
    }
  if (resume != NULL)
    {
      if (out_dir != NULL || seed != NULL || population != NULL
          || generations != NULL || no_baseline || stage_2 != NULL || repeat != NULL
          || front != NULL || overwrite)
        {
          tf_cli_error ("optimize", "--resume DIR takes only --config, --threads and "
                        "--checkpoint-every: the run goes on as it began");
          return TF_CLI_EXIT_USAGE;
        }
      return resume_run (resume, config_path, threads, every);
    }
  if (config_path == NULL || out_dir == NULL)
    {
      tf_cli_error ("optimize", "--config FILE and --out DIR are required");
      return TF_CLI_EXIT_USAGE;
    }
  tf_search_config_clear (&config);
  if (!tf_search_config_load_file (config_path, &config, &error))
    {
      tf_cli_print_line (stderr, "%s", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (stage_2 != NULL)
    {
      if (!tf_stage_2_from_string (stage_2, &config.stage_2)
          || config.stage_2 == TF_STAGE_2_G5_SIMULATION)
        {
          g_autofree char *message = g_strdup_printf ("--stage-2: '%s' must be simgrid or none",
                                                      stage_2);

          tf_cli_error ("optimize", message);
          return TF_CLI_EXIT_USAGE;
        }
    }
  for (guint i = 0; config.warnings && i < config.warnings->len; i++)
    {
      const char *warning = g_ptr_array_index (config.warnings, i);

      /* What the file says of its stage_2 no longer holds once --stage-2 sets it. */
      if (stage_2 == NULL || strstr (warning, "field 'evaluator.stage_2'") == NULL)
        tf_cli_print_line (stderr, "%s", warning);
    }
  if ((seed != NULL && !tf_cli_parse_uint64 ("seed", seed, &seed_range, &config.seed, &error))
      || (threads != NULL
          && !tf_cli_parse_uint ("threads", threads, &threads_range, &config.threads, &error))
      || (population != NULL
          && !tf_cli_parse_uint ("population", population, &population_range,
                                 &config.population_size, &error))
      || (generations != NULL
          && !tf_cli_parse_uint ("generations", generations, &generations_range,
                                 &config.generations, &error))
      || (front != NULL && strcmp (front, "all") != 0
          && !tf_cli_parse_uint ("front", front, &front_range, &config.front_max, &error)
          && (g_clear_error (&error),
              g_set_error (&error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "--front: '%s' must be "
                           "all or a whole number from 1 to %u", front,
                           TF_SEARCH_MAX_POPULATION), TRUE))
      || (repeat != NULL
          && !tf_cli_parse_uint ("repeat", repeat, &repeat_range, &n_repeats, &error))
      || (every != NULL
          && !tf_cli_parse_uint ("checkpoint-every", every, &every_range, &every_seconds,
                                 &error)))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (front != NULL && strcmp (front, "all") == 0)
    config.front_max = 0;
  if ((guint64) config.population_size * config.generations > 10000000)
    {
      tf_cli_error ("optimize", "population times generations is more than 10,000,000 "
                    "evaluations");
      return TF_CLI_EXIT_USAGE;
    }
  if (!tf_search_output_may_write (out_dir, overwrite, &error)
      || (repeat == NULL && !tf_run_folder_may_begin (out_dir, &error)))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_USAGE;
    }

  options.baseline = !no_baseline;
  options.progress = on_progress;
  options.checkpoint_seconds = every_seconds;
  if (repeat != NULL)
    return run_repeats (&config, config_path, out_dir, &options, n_repeats);
  if (!tf_run_folder_begin (&folder, out_dir, &error))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  return run_one (&config, config_path, &folder, &options, &result);
}
