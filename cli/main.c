/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: topoforge-cli, the engine without a window. */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "cli-private.h"

static const TfCommand commands[] = {
  { "families", "List the registered topology families", tf_command_families },
  { "enumerate", "List the legal topologies of each family for a chip count",
    tf_command_enumerate },
  { "generate", "Generate one enumerated topology as YAML, GraphML or DOT", tf_command_generate },
  { "validate", "Check topology files", tf_command_validate },
  { "metrics", "Measure a topology file's metrics again", tf_command_metrics },
  { "convert", "Write a topology file as YAML, GraphML or DOT", tf_command_convert },
  { "optimize", "Search for Pareto-optimal topologies (NSGA-II over whole graphs)",
    tf_command_optimize },
  { "evaluate", "Evaluate topology files under a search configuration", tf_command_evaluate },
};

static void
usage (FILE *out)
{
  fprintf (out, "Usage: topoforge-cli COMMAND [OPTION...]\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nRun 'topoforge-cli COMMAND --help' for a command's options.\n");
}

int
main (int    argc,
      char **argv)
{
  /* The engine's messages for people (context rules) follow the locale; the command line's own
   * text and everything it writes to files stay English. */
  tf_locale_init (LOCALEDIR);

  if (argc < 2)
    {
      usage (stderr);
      return TF_CLI_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0
      || strcmp (argv[1], "help") == 0)
    {
      usage (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("topoforge-cli %s\n", TF_VERSION);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        g_autofree char *prgname = g_strdup_printf ("topoforge-cli %s", commands[i].name);

        /* --help then reads "Usage: topoforge-cli enumerate [OPTION...]". */
        g_set_prgname (prgname);
        return commands[i].run (argc - 1, argv + 1);
      }

  tf_cli_print_line (stderr, "topoforge-cli: unknown command '%s'; run 'topoforge-cli --help'",
                     argv[1]);
  return TF_CLI_EXIT_USAGE;
}
