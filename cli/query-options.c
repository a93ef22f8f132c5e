/* SPDX-License-Identifier: GPL-3.0-or-later */
/* query-options.c: the flags of a query over the legal results (enumerate), parsed strictly
 * into a TfQuery; columns are spelled as the engine's column table names them. */
#include <string.h>

#include "cli-private.h"

void
tf_query_options_add (TfCliParser    *parser,
                      TfQueryOptions *options)
{
  const GOptionEntry entries[] = {
    { "chips-per-board", 'c', 0, G_OPTION_ARG_STRING, &options->chips_per_board,
      "Only results with this many chips per board: values and ranges, e.g. 8 or 4,8,16-64",
      "C[,C...|A-B]" },
    { "status", 0, 0, G_OPTION_ARG_STRING, &options->status,
      "Only recommended or edge-case results", "STATUS" },
    { "where", 'w', 0, G_OPTION_ARG_STRING_ARRAY, &options->where,
      "Only results whose COLUMN compares so with VALUE, e.g. 'switches<=512' (OP one of <, "
      "<=, =, >=, >; repeatable, all must hold)", "COLUMN<OP>VALUE" },
    { "match", 0, 0, G_OPTION_ARG_STRING, &options->match,
      "Only results whose id holds TEXT, in any case", "TEXT" },
    { "sort", 's', 0, G_OPTION_ARG_STRING, &options->sort,
      "Sort by a column, across families with --flat or csv (default: recommended first)",
      "COLUMN[:desc]" },
    { NULL }
  };

  tf_cli_parser_add (parser, entries);
}

/* "id, family, status, ..." */
static char *
column_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < tf_columns_get_count (); i++)
    g_string_append_printf (names, "%s%s", names->len ? ", " : "", tf_columns_get (i)->name);
  return g_string_free (names, FALSE);
}

static const TfColumn *
lookup_column (const char  *option,
               const char  *name,
               GError     **error)
{
  const TfColumn *column = tf_column_lookup (name);
  g_autofree char *names = NULL;

  if (column != NULL)
    return column;
  names = column_names ();
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
               "--%s: unknown column '%s'; the columns are %s", option, name, names);
  return NULL;
}

static const TfCliRange chips_per_board_range = { "chips_per_board", 1, TF_N_CHIP_MAX };

/* C[,C...] with ranges A-B among them. */
static gboolean
apply_chips_per_board (const char  *text,
                       TfQuery     *query,
                       GError     **error)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      char *dash = strchr (items[i], '-');
      guint min, max;

      if (items[i][0] == '\0' || (dash != NULL && (dash == items[i] || dash[1] == '\0')))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "--chips-per-board: '%s': give values C[,C...] and ranges A-B",
                       text);
          return FALSE;
        }
      if (dash != NULL)
        *dash = '\0';
      if (!tf_cli_parse_uint ("chips-per-board", items[i], &chips_per_board_range, &min, error)
          || !tf_cli_parse_uint ("chips-per-board", dash ? dash + 1 : items[i],
                                 &chips_per_board_range, &max, error))
        return FALSE;
      if (min > max)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "--chips-per-board: %u-%u: a range goes from the smaller value to the "
                       "larger", min, max);
          return FALSE;
        }
      tf_query_add_chips_per_board (query, min, max);
    }
  return TRUE;
}

/* The engine reads the condition; the command line names its option before the engine's
 * words, and for a column that is not a number names the option to use instead. */
static gboolean
apply_where (const char  *text,
             TfQuery     *query,
             GError     **error)
{
  g_autoptr(GError) local = NULL;

  if (tf_query_add_condition_text (query, text, &local))
    return TRUE;
  if (g_error_matches (local, TF_ERROR, TF_ERROR_NOT_A_NUMBER))
    {
      g_autofree char *name = g_strstrip (g_strndup (text, strcspn (text, "<>=")));
      const TfColumn *column = tf_column_lookup (name);

      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "--where: %s is not a number; use %s",
                   name, column != NULL && column->kind == TF_COLUMN_STATUS ? "--status"
                                                                            : "--match");
      return FALSE;
    }
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "--where: %s", local->message);
  return FALSE;
}

gboolean
tf_query_options_apply (TfQueryOptions  *options,
                        TfQuery         *query,
                        GError         **error)
{
  tf_query_init (query);
  if (options->chips_per_board != NULL
      && !apply_chips_per_board (options->chips_per_board, query, error))
    return FALSE;
  if (options->status != NULL)
    {
      if (strcmp (options->status, "recommended") == 0)
        query->statuses = 1u << TF_STATUS_RECOMMENDED;
      else if (strcmp (options->status, "edge-case") == 0)
        query->statuses = 1u << TF_STATUS_EDGE_CASE;
      else
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "--status: '%s' must be recommended or edge-case", options->status);
          return FALSE;
        }
    }
  for (guint i = 0; options->where != NULL && options->where[i] != NULL; i++)
    if (!apply_where (options->where[i], query, error))
      return FALSE;
  if (options->match != NULL)
    {
      if (options->match[0] == '\0')
        {
          g_set_error_literal (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                               "--match: give a part of an id, e.g. 'a=8'");
          return FALSE;
        }
      tf_query_set_match (query, options->match);
    }
  if (options->sort != NULL)
    {
      g_autofree char *name = g_strdup (options->sort);
      char *colon = strchr (name, ':');

      if (colon != NULL)
        {
          *colon++ = '\0';
          if (strcmp (colon, "desc") == 0)
            query->descending = TRUE;
          else if (strcmp (colon, "asc") != 0)
            {
              g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                           "--sort: '%s': the order after ':' must be asc or desc",
                           options->sort);
              return FALSE;
            }
        }
      if ((query->sort = lookup_column ("sort", name, error)) == NULL)
        return FALSE;
    }
  return TRUE;
}

void
tf_query_options_clear (TfQueryOptions *options)
{
  g_clear_pointer (&options->chips_per_board, g_free);
  g_clear_pointer (&options->status, g_free);
  g_clear_pointer (&options->where, g_strfreev);
  g_clear_pointer (&options->match, g_free);
  g_clear_pointer (&options->sort, g_free);
}
