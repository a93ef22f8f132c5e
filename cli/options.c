/* SPDX-License-Identifier: GPL-3.0-or-later */
/* options.c: parsing a command's options: single-valued options given once, numbers in one
 * spelling within their range. */
#include <string.h>

#include "cli-private.h"

/* Where a single-valued option's value goes. */
typedef struct
{
  const char *long_name;
  char        short_name;
  GOptionArg  arg;        /* G_OPTION_ARG_STRING, G_OPTION_ARG_FILENAME or G_OPTION_ARG_NONE */
  gpointer    arg_data;   /* char ** or gboolean * */
  gboolean    given;
} TfCliSingle;

void
tf_cli_parser_init (TfCliParser *parser,
                    const char  *parameter_string,
                    const char  *summary)
{
  parser->context = g_option_context_new (parameter_string);
  parser->singles = g_array_new (FALSE, FALSE, sizeof (TfCliSingle));
  /* Entries added later go to this group, whose user data the callback reads. */
  parser->group = g_option_group_new (NULL, NULL, NULL, parser, NULL);
  g_option_context_set_main_group (parser->context, parser->group);
  g_option_context_set_summary (parser->context, summary);
}

void
tf_cli_parser_clear (TfCliParser *parser)
{
  g_clear_pointer (&parser->context, g_option_context_free);
  g_clear_pointer (&parser->singles, g_array_unref);
  parser->group = NULL;
}

/* The option whose value @argv[@i] is: "--id" of "--id=VALUE", or the option before it. */
static char *
option_of_value (char **argv,
                 int    i)
{
  const char *eq = strchr (argv[i], '=');

  if (argv[i][0] == '-' && eq != NULL)
    return g_strndup (argv[i], eq - argv[i]);
  if (i > 1 && argv[i - 1][0] == '-')
    return g_strdup (argv[i - 1]);
  return NULL;
}

gboolean
tf_cli_parse_options (GOptionContext  *context,
                      int             *argc,
                      char          ***argv,
                      GError         **error)
{
  g_auto(GStrv) given = g_strdupv (*argv);   /* GOption may rearrange *argv */
  g_autoptr(GError) local = NULL;

  if (g_option_context_parse (context, argc, argv, &local))
    return TRUE;
  /* GOption's own words for a value it cannot convert ("Invalid byte sequence in conversion
   * input") name no option: say which one it is. */
  if (local->domain == G_CONVERT_ERROR)
    for (int i = 1; given[i] != NULL; i++)
      if (!g_utf8_validate (given[i], -1, NULL))
        {
          g_autofree char *option = option_of_value (given, i);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "%s: the value is not UTF-8 text", option != NULL ? option : "an argument");
          return FALSE;
        }
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

static TfCliSingle *
find_single (TfCliParser *parser,
             const char  *option_name)
{
  for (guint i = 0; i < parser->singles->len; i++)
    {
      TfCliSingle *s = &g_array_index (parser->singles, TfCliSingle, i);

      /* GOption names the option as "--long-name" or "-s", whichever was typed. */
      if (g_str_has_prefix (option_name, "--") ? strcmp (option_name + 2, s->long_name) == 0
                                               : s->short_name != '\0'
                                                   && option_name[1] == s->short_name
                                                   && option_name[2] == '\0')
        return s;
    }
  return NULL;
}

static gboolean
on_single (const char  *option_name,
           const char  *value,
           gpointer     data,
           GError     **error)
{
  TfCliSingle *s = find_single (data, option_name);

  g_assert (s != NULL);
  /* Taking the last of two values would run with a value the user may not have meant (and
   * G_OPTION_ARG_STRING leaks the first). */
  if (s->given)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--%s is given twice",
                   s->long_name);
      return FALSE;
    }
  s->given = TRUE;
  if (s->arg == G_OPTION_ARG_NONE)
    *(gboolean *) s->arg_data = TRUE;
  else
    *(char **) s->arg_data = g_strdup (value);
  return TRUE;
}

void
tf_cli_parser_add (TfCliParser        *parser,
                   const GOptionEntry *entries)
{
  g_autoptr(GArray) added = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));

  for (const GOptionEntry *e = entries; e->long_name != NULL; e++)
    {
      GOptionEntry entry = *e;

      if (e->arg == G_OPTION_ARG_STRING || e->arg == G_OPTION_ARG_FILENAME
          || e->arg == G_OPTION_ARG_NONE)
        {
          TfCliSingle s = { e->long_name, e->short_name, e->arg, e->arg_data, FALSE };

          g_array_append_val (parser->singles, s);
          entry.arg = G_OPTION_ARG_CALLBACK;
          entry.arg_data = (gpointer) on_single;
          if (e->arg == G_OPTION_ARG_FILENAME)
            entry.flags |= G_OPTION_FLAG_FILENAME;
          else if (e->arg == G_OPTION_ARG_NONE)
            entry.flags |= G_OPTION_FLAG_NO_ARG;
        }
      g_array_append_val (added, entry);
    }
  /* The group copies the entries (their strings stay the caller's). */
  g_option_group_add_entries (parser->group, (const GOptionEntry *) (gpointer) added->data);
}

gboolean
tf_cli_parse_uint64 (const char        *option,
                     const char        *text,
                     const TfCliRange  *range,
                     guint64           *out,
                     GError           **error)
{
  guint64 v;

  /* Digits only: no sign, no base prefix, no fraction or exponent. */
  if (*text == '\0' || strspn (text, "0123456789") != strlen (text))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "--%s: '%s' is not a whole number", option, text);
      return FALSE;
    }
  /* One spelling per value, as in result ids: "064" is neither octal nor quietly 64. */
  if (text[0] == '0' && text[1] != '\0')
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "--%s: '%s': leading zeros are not allowed", option, text);
      return FALSE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, range->min, range->max, &v, NULL))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "--%s: %s is out of range: %s must be from %" G_GUINT64_FORMAT " to %"
                   G_GUINT64_FORMAT, option, text, range->field, range->min, range->max);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

gboolean
tf_cli_parse_uint (const char        *option,
                   const char        *text,
                   const TfCliRange  *range,
                   guint             *out,
                   GError           **error)
{
  guint64 v;

  g_return_val_if_fail (range->max <= G_MAXUINT, FALSE);

  if (!tf_cli_parse_uint64 (option, text, range, &v, error))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}
