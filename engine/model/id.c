/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "id-private.h"

#include <string.h>

#include "topoforge.h"

void
tf_id_args_clear (TfIdArgs *args)
{
  for (guint i = 0; i < args->n_args; i++)
    {
      g_free (args->keys[i]);
      g_free (args->values[i]);
    }
  memset (args, 0, sizeof *args);
}

gboolean
tf_id_args_parse (TfIdArgs    *args,
                  const char  *id,
                  const char  *params,
                  GError     **error)
{
  g_auto(GStrv) parts = NULL;

  memset (args, 0, sizeof *args);
  args->id = id;
  if (*params == '\0')
    return TRUE;

  parts = g_strsplit (params, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *eq = strchr (parts[i], '=');

      if (eq == NULL || eq == parts[i] || eq[1] == '\0')
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                       "id '%s': '%s' is not key=value", id, parts[i]);
          return FALSE;
        }
      if (args->n_args == TF_ID_MAX_ARGS)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                       "id '%s': more than %u parameters", id, TF_ID_MAX_ARGS);
          return FALSE;
        }
      for (guint j = 0; j < args->n_args; j++)
        if (strncmp (args->keys[j], parts[i], (gsize) (eq - parts[i])) == 0
            && args->keys[j][eq - parts[i]] == '\0')
          {
            g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                         "id '%s': parameter '%s' appears twice", id, args->keys[j]);
            return FALSE;
          }
      args->keys[args->n_args] = g_strndup (parts[i], (gsize) (eq - parts[i]));
      args->values[args->n_args] = g_strdup (eq + 1);
      args->n_args++;
    }
  return TRUE;
}

/* The value of @key, marked used, or NULL with an error naming the missing key. */
static const char *
take_arg (TfIdArgs    *args,
          const char  *key,
          GError     **error)
{
  for (guint i = 0; i < args->n_args; i++)
    if (strcmp (args->keys[i], key) == 0)
      {
        args->used[i] = TRUE;
        return args->values[i];
      }
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
               "id '%s': parameter '%s' is missing", args->id, key);
  return NULL;
}

static gboolean
parse_uint (const TfIdArgs  *args,
            const char      *key,
            const char      *text,
            guint            min,
            guint            max,
            guint           *out,
            GError         **error)
{
  guint64 v;

  /* One spelling per value, the one tf_id_append_uint writes, so a result has one id: the id
   * is its name in enumerate's output, in a file's metadata.id and in an export's file name. */
  if (text[0] == '0' && g_ascii_isdigit (text[1]))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                   "id '%s': %s=%s: leading zeros are not allowed", args->id, key, text);
      return FALSE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, min, max, &v, NULL))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                   "id '%s': %s=%s: must be an integer from %u to %u",
                   args->id, key, text, min, max);
      return FALSE;
    }
  *out = (guint) v;
  return TRUE;
}

gboolean
tf_id_args_get_uint (TfIdArgs    *args,
                     const char  *key,
                     guint        min,
                     guint        max,
                     guint       *out,
                     GError     **error)
{
  const char *value = take_arg (args, key, error);

  return value != NULL && parse_uint (args, key, value, min, max, out, error);
}

gboolean
tf_id_args_get_name (TfIdArgs    *args,
                     const char  *key,
                     TfNames      names,
                     guint       *out,
                     GError     **error)
{
  const char *value = take_arg (args, key, error);
  g_autoptr(GString) allowed = NULL;

  if (value == NULL)
    return FALSE;
  if (tf_names_find (names, value, out))
    return TRUE;
  allowed = g_string_new (NULL);
  for (guint i = 0; i < names.n; i++)
    g_string_append_printf (allowed, "%s%s", i > 0 ? ", " : "", names.names[i]);
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s': %s=%s: must be one of %s",
               args->id, key, value, allowed->str);
  return FALSE;
}

gboolean
tf_id_args_get_list (TfIdArgs    *args,
                     const char  *key,
                     guint        min_len,
                     guint        max_len,
                     guint        min,
                     guint        max,
                     guint       *n_out,
                     guint32     *out,
                     GError     **error)
{
  g_auto(GStrv) items = NULL;
  guint n;
  const char *value = take_arg (args, key, error);

  if (value == NULL)
    return FALSE;
  items = g_strsplit (value, "x", -1);
  n = g_strv_length (items);
  for (guint j = 0; j < n; j++)
    if (items[j][0] == '\0')
      {
        g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                     "id '%s': %s=%s: a value of the list is empty", args->id, key, value);
        return FALSE;
      }
  if (n < min_len || n > max_len)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                   "id '%s': %s=%s: must list %u to %u values joined by 'x'",
                   args->id, key, value, min_len, max_len);
      return FALSE;
    }
  for (guint j = 0; j < n; j++)
    {
      guint v;

      if (!parse_uint (args, key, items[j], min, max, &v, error))
        return FALSE;
      out[j] = v;
    }
  *n_out = n;
  return TRUE;
}

gboolean
tf_id_args_has (const TfIdArgs *args,
                const char     *key)
{
  for (guint i = 0; i < args->n_args; i++)
    if (strcmp (args->keys[i], key) == 0)
      return TRUE;
  return FALSE;
}

gboolean
tf_id_args_finish (TfIdArgs  *args,
                   GError   **error)
{
  for (guint i = 0; i < args->n_args; i++)
    if (!args->used[i])
      {
        g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                     "id '%s': unknown parameter '%s'", args->id, args->keys[i]);
        return FALSE;
      }
  return TRUE;
}

static void
append_separator (GString *out)
{
  char last = out->len > 0 ? out->str[out->len - 1] : ':';

  if (last != ':')
    g_string_append_c (out, ',');
}

void
tf_id_append_uint (GString    *out,
                   const char *key,
                   guint       value)
{
  append_separator (out);
  g_string_append_printf (out, "%s=%u", key, value);
}

void
tf_id_append_list (GString       *out,
                   const char    *key,
                   const guint32 *values,
                   guint          n)
{
  append_separator (out);
  g_string_append_printf (out, "%s=", key);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, i ? "x%u" : "%u", values[i]);
}

void
tf_id_append_name (GString    *out,
                   const char *key,
                   const char *name)
{
  append_separator (out);
  g_string_append_printf (out, "%s=%s", key, name);
}
