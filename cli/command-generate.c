/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-generate.c: topoforge-cli generate */
#include "cli-private.h"

int
tf_command_generate (int    argc,
                     char **argv)
{
  g_auto(TfCliParser) parser = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(TfTopology) topology = { 0 };
  g_autofree char *id = NULL;
  g_autofree char *output = NULL;
  g_autofree char *format = NULL;
  TfContextOptions options = { 0 };
  TfContext ctx;
  int status = TF_CLI_EXIT_USAGE;
  const GOptionEntry entries[] = {
    { "id", 0, 0, G_OPTION_ARG_STRING, &id,
      "A result id from 'enumerate' in the same context (required)", "ID" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      "yaml, graphml, dot, simgrid, booksim, sst or astra-sim (default yaml)", "FORMAT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write to FILE (atomically) instead of standard output", "FILE" },
    { NULL }
  };

  tf_cli_parser_init (&parser, "- generate one topology",
                      "Builds the network graph of one enumerated result, expands boards into "
                      "chips, adds intra-board links, checks every invariant, measures the "
                      "metrics and writes YAML (or GraphML or DOT).");
  tf_context_options_add (&parser, &options);
  tf_cli_parser_add (&parser, entries);
  if (!tf_cli_parse_options (parser.context, &argc, &argv, &error))
    goto usage;
  if (argc > 1)
    {
      g_set_error (&error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "unexpected argument '%s'",
                   argv[1]);
      goto usage;
    }
  if (!tf_context_options_apply (&options, &ctx, &error))
    goto usage;
  if (format != NULL && !tf_cli_check_format (format, &error))
    goto usage;
  if (id == NULL)
    {
      g_set_error (&error, TF_ERROR, TF_ERROR_INVALID_ID,
                   "--id is required; 'topoforge-cli enumerate' lists the ids");
      goto usage;
    }
  if (!tf_generate (&ctx, id, NULL, NULL, &topology, &error))
    {
      /* A graph breaking an invariant is the engine's fault, not the input's. */
      if (g_error_matches (error, TF_ERROR, TF_ERROR_INVARIANT))
        goto failure;
      goto usage;
    }
  if (!tf_cli_write_topology (&topology, format, out, &error)
      || !tf_cli_output (output, out, &error))
    goto failure;
  status = 0;
  goto done;

failure:
  status = TF_CLI_EXIT_FAILURE;
usage:
  tf_cli_error ("generate", error->message);
done:
  tf_context_options_clear (&options);
  return status;
}
