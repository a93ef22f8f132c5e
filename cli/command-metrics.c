/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-metrics.c: topoforge-cli metrics FILE */
#include "cli-private.h"

int
tf_command_metrics (int    argc,
                    char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE - measure a topology again");
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(TfTopology) t = { 0 };

  g_option_context_set_summary (context,
                                "Loads a topology file, measures its metrics on the graph "
                                "again, and prints its metadata block with them as YAML.");
  if (!tf_cli_parse_options (context, &argc, &argv, &error))
    {
      tf_cli_error ("metrics", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (argc != 2)
    {
      tf_cli_error ("metrics", "name one FILE");
      return TF_CLI_EXIT_USAGE;
    }
  if (!tf_topology_load_file (argv[1], NULL, &t, &error))
    {
      /* The loader's line as it is: FILE:LINE:COLUMN: field '...': ... */
      tf_cli_print_line (stderr, "%s", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  if (!tf_topology_measure (&t, NULL, NULL, &error)
      || !tf_topology_write_metadata_yaml (&t, out, &error)
      || !tf_cli_output (NULL, out, &error))
    {
      tf_cli_error ("metrics", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  return 0;
}
