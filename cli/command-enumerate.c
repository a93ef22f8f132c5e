/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-enumerate.c: topoforge-cli enumerate
 *
 * One engine query (tf_enumerate_query) over every legal result: filters by status, chips per
 * board, conditions on columns and a part of the id, sorted by any column; YAML and the table
 * per family, --flat and CSV across families in the query's order.
 *
 * Progress goes to stderr (progress.c) while the engine walks and measures; Ctrl-C stops it
 * with one line on stderr, nothing on stdout or in the output file, and exit status 130.
 */
#include <string.h>

#include "cli-private.h"

static const TfCliRange limit_range = { "limit", 0, G_MAXUINT };

static gboolean
on_progress (double   fraction,
             gpointer data)
{
  tf_cli_progress_update (data, fraction);
  return !tf_cli_interrupted ();
}

int
tf_command_enumerate (int    argc,
                      char **argv)
{
  g_auto(TfCliParser) parser = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(TfEnumeration) enumeration = { 0 };
  g_autofree const TfFamily **families = NULL;
  g_auto(GStrv) family_names = NULL;
  g_autofree char *limit_text = NULL;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_auto(TfQuery) query = { 0 };
  TfQueryOptions query_options = { 0 };
  gboolean flat = FALSE;
  g_autofree char *limit_help = g_strdup_printf ("Results kept per family, and rows across "
                                                 "families, in the query's order; 0 keeps "
                                                 "all, up to %u per family (default %u)",
                                                 TF_ENUMERATE_MAX_RESULTS, TF_DEFAULT_LIMIT);
  TfContextOptions options = { 0 };
  TfCliProgress progress;
  TfContext ctx;
  gboolean ok;
  guint limit = TF_DEFAULT_LIMIT, n_families = 0;
  int status = TF_CLI_EXIT_USAGE;
  const GOptionEntry entries[] = {
    { "family", 'f', 0, G_OPTION_ARG_STRING_ARRAY, &family_names,
      "Only this family (repeatable; default all)", "FAMILY" },
    { "limit", 'l', 0, G_OPTION_ARG_STRING, &limit_text, limit_help, "K" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      "yaml, table or csv (default yaml); csv has a row per result across families",
      "FORMAT" },
    { "flat", 0, 0, G_OPTION_ARG_NONE, &flat,
      "With --format table: one table across families in the query's order", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write to FILE (atomically) instead of standard output", "FILE" },
    { NULL }
  };

  tf_cli_parser_init (&parser, "- list the legal topologies",
                      "Walks each family's parameter space for the context, keeps what meets "
                      "the hard constraints, marks each result recommended or edge-case with "
                      "its warnings, and derives chips per board.");
  tf_context_options_add (&parser, &options);
  tf_query_options_add (&parser, &query_options);
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
  if (limit_text != NULL && !tf_cli_parse_uint ("limit", limit_text, &limit_range, &limit,
                                                &error))
    goto usage;
  if (format != NULL && strcmp (format, "yaml") != 0 && strcmp (format, "table") != 0
      && strcmp (format, "csv") != 0)
    {
      g_set_error (&error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "--format: '%s' must be yaml, table or csv", format);
      goto usage;
    }
  if (flat && g_strcmp0 (format, "table") != 0 && g_strcmp0 (format, "csv") != 0)
    {
      g_set_error_literal (&error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                           "--flat: only with --format table (csv is always flat)");
      goto usage;
    }
  if (!tf_query_options_apply (&query_options, &query, &error))
    goto usage;
  if (family_names != NULL)
    {
      families = g_new0 (const TfFamily *, g_strv_length (family_names) + 1);
      for (guint i = 0; family_names[i]; i++)
        {
          const TfFamily *f = tf_family_lookup (family_names[i]);

          if (f == NULL)
            {
              g_set_error (&error, TF_ERROR, TF_ERROR_UNKNOWN_FAMILY,
                           "--family: unknown family '%s'; run 'topoforge-cli families'",
                           family_names[i]);
              goto usage;
            }
          families[n_families++] = f;
        }
    }

  tf_cli_progress_init (&progress, "topoforge-cli enumerate");
  tf_cli_interrupt_catch ();
  ok = tf_enumerate_query (&ctx, families, n_families, &query, limit, on_progress, &progress,
                           &enumeration, &error);
  tf_cli_interrupt_release ();
  tf_cli_progress_finish (&progress);
  if (!ok && g_error_matches (error, TF_ERROR, TF_ERROR_CANCELLED))
    {
      tf_cli_error ("enumerate", "interrupted");
      status = TF_CLI_EXIT_INTERRUPTED;
      goto done;
    }
  if (!ok)
    goto usage;
  if (g_strcmp0 (format, "table") == 0)
    tf_cli_print_table (&enumeration, flat, out);
  else if (g_strcmp0 (format, "csv") == 0)
    {
      tf_cli_print_csv (&enumeration, out);
      /* CSV has no room to say so; the table and YAML do. */
      if (enumeration.rows_capped > 0)
        {
          g_autofree char *note = g_strdup_printf ("%" G_GUINT64_FORMAT " more matching "
                                                   "results left out: the engine keeps at most "
                                                   "%u results per family",
                                                   enumeration.rows_capped,
                                                   TF_ENUMERATE_MAX_RESULTS);

          tf_cli_error ("enumerate", note);
        }
    }
  else if (!tf_enumeration_write_yaml (&enumeration, out, &error))
    goto failure;
  if (!tf_cli_output (output, out, &error))
    goto failure;
  status = 0;
  goto done;

failure:
  status = TF_CLI_EXIT_FAILURE;
usage:
  tf_cli_error ("enumerate", error->message);
done:
  tf_context_options_clear (&options);
  tf_query_options_clear (&query_options);
  return status;
}
