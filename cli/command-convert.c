/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-convert.c: topoforge-cli convert FILE --format FORMAT [-o OUT] */
#include "cli-private.h"

int
tf_command_convert (int    argc,
                    char **argv)
{
  g_auto(TfCliParser) parser = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(TfTopology) t = { 0 };
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      "yaml, graphml, dot, simgrid, booksim, sst or astra-sim (required)", "FORMAT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write to FILE (atomically) instead of standard output", "FILE" },
    { NULL }
  };

  tf_cli_parser_init (&parser, "FILE - write a topology in another format",
                      "Loads a topology file (checking it as validate does) and writes it as "
                      "YAML, GraphML, Graphviz DOT or a simulator's file (SimGrid, BookSim, "
                      "SST, ASTRA-sim).");
  tf_cli_parser_add (&parser, entries);
  if (!tf_cli_parse_options (parser.context, &argc, &argv, &error))
    {
      tf_cli_error ("convert", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (argc != 2)
    {
      tf_cli_error ("convert", "name one FILE");
      return TF_CLI_EXIT_USAGE;
    }
  if (format == NULL)
    {
      g_autofree char *names = tf_export_format_dup_names ();
      g_autofree char *message = g_strdup_printf ("--format is required: %s", names);

      tf_cli_error ("convert", message);
      return TF_CLI_EXIT_USAGE;
    }
  if (!tf_cli_check_format (format, &error))
    {
      tf_cli_error ("convert", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (!tf_topology_load_file (argv[1], NULL, &t, &error))
    {
      /* The loader's line as it is: FILE:LINE:COLUMN: field '...': ... */
      tf_cli_print_line (stderr, "%s", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  if (!tf_cli_write_topology (&t, format, out, &error) || !tf_cli_output (output, out, &error))
    {
      tf_cli_error ("convert", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  return 0;
}
