/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-evaluate.c: topoforge-cli evaluate --config CFG [--stage-2 simgrid] FILE... [-o OUT]
 *
 * Evaluates topology files (generated, edited by hand, an optimizer's candidates, a reference
 * design) under a search configuration's workload and hardware, as the search evaluates its
 * own designs (tf_candidate_evaluate_design), and prints one YAML entry per file
 * (tf_designs_write_yaml): every objective by name, the breakdown a run writes, and the hard
 * constraint it breaks; with --stage-2 simgrid each design that breaks none is also simulated
 * as Stage 2 simulates a run's front, its simulated iteration time beside the alpha-beta one.
 * A file that cannot be read or has another chip count is one line on standard error; the
 * others are still reported, and the exit status is 1.
 */
#include <stdio.h>
#include <string.h>

#include "cli-private.h"
#include "optimizer.h"

int
tf_command_evaluate (int    argc,
                     char **argv)
{
  g_auto(TfCliParser) parser = { 0 };
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree char *config_path = NULL;
  g_autofree char *output = NULL;
  g_autofree char *stage_2 = NULL;
  g_autofree char *simulator = NULL;
  g_autoptr(GPtrArray) designs = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                 tf_candidate_free);
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  g_autoptr(GPtrArray) violations = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  int status = 0;
  const GOptionEntry entries[] = {
    { "config", 0, 0, G_OPTION_ARG_FILENAME, &config_path,
      "The search configuration whose workload and hardware judge the files (required; see "
      "docs/optimizer.md)", "FILE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the report to FILE instead of standard output", "FILE" },
    { "stage-2", 0, 0, G_OPTION_ARG_STRING, &stage_2,
      "simgrid: also simulate each design that breaks no hard constraint with SimGrid, as "
      "Stage 2 simulates a run's front; none: do not (the default)", "NAME" },
    { NULL }
  };

  tf_cli_parser_init (&parser, "FILE... - evaluate topology files as the optimizer would",
                      "Evaluates each topology file under the configuration's workload and "
                      "hardware (its chip's budgets, switch ports and rack power replace the "
                      "file's), every layer of every objective, and prints YAML: per file its "
                      "objectives by name, the iteration's breakdown and the hard constraint "
                      "it breaks, if any. A file that cannot be read is reported on standard "
                      "error (FILE:LINE:COLUMN) and the exit status is 1.");
  tf_cli_parser_add (&parser, entries);
  if (!tf_cli_parse_options (parser.context, &argc, &argv, &error))
    {
      tf_cli_error ("evaluate", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (config_path == NULL || argc < 2)
    {
      tf_cli_error ("evaluate", config_path == NULL ? "--config FILE is required"
                                                    : "name at least one topology FILE");
      return TF_CLI_EXIT_USAGE;
    }
  if (!tf_search_config_load_file (config_path, &config, &error))
    {
      tf_cli_print_line (stderr, "%s", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  for (guint i = 0; config.warnings && i < config.warnings->len; i++)
    tf_cli_print_line (stderr, "%s", (const char *) g_ptr_array_index (config.warnings, i));
  if (stage_2 != NULL && strcmp (stage_2, "simgrid") != 0 && strcmp (stage_2, "none") != 0)
    {
      g_autofree char *message = g_strdup_printf ("--stage-2: '%s' must be simgrid or none",
                                                  stage_2);

      tf_cli_error ("evaluate", message);
      return TF_CLI_EXIT_USAGE;
    }
  if (stage_2 != NULL && strcmp (stage_2, "simgrid") == 0
      && (simulator = tf_stage_2_find_simulator (&error)) == NULL)
    {
      tf_cli_error ("evaluate", error->message);
      return TF_CLI_EXIT_FAILURE;
    }

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(TfCandidate) c = tf_candidate_new ();
      g_autoptr(GString) violation = g_string_new (NULL);
      g_autoptr(GError) file_error = NULL;

      if (!tf_candidate_load_file (argv[i], c, &file_error)
          || !tf_candidate_evaluate_design (&config, c, violation, &file_error))
        {
          /* The loader's errors name the file already; ours do not. */
          if (g_str_has_prefix (file_error->message, argv[i]))
            tf_cli_print_line (stderr, "%s", file_error->message);
          else
            tf_cli_print_line (stderr, "%s: %s", argv[i], file_error->message);
          status = TF_CLI_EXIT_FAILURE;
          continue;
        }
      if (simulator != NULL && violation->len == 0
          && !tf_candidate_simulate (&config, simulator, c, &file_error))
        {
          tf_cli_print_line (stderr, "%s: stage 2: %s", argv[i], file_error->message);
          status = TF_CLI_EXIT_FAILURE;
        }
      g_ptr_array_add (files, argv[i]);
      g_ptr_array_add (violations, violation->len > 0 ? g_strdup (violation->str) : NULL);
      g_ptr_array_add (designs, g_steal_pointer (&c));
    }
  if (!tf_designs_write_yaml (&config, config_path, (const char *const *) files->pdata,
                              (TfCandidate *const *) designs->pdata,
                              (const char *const *) violations->pdata, designs->len, out,
                              &error)
      || !tf_cli_output (output, out, &error))
    {
      tf_cli_error ("evaluate", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  return status;
}
