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

/* Family id keys by table */

static const TfIdKey *
find_key (const TfIdKey *keys,
          guint          n_keys,
          const char    *name)
{
  for (guint i = 0; i < n_keys; i++)
    if (strcmp (keys[i].key, name) == 0)
      return &keys[i];
  g_error ("a family's id keys name '%s', which is not one of them", name);
}

static guint *
uint_at (gconstpointer params,
         gsize         offset)
{
  return (guint *) ((const guint8 *) params + offset);
}

gboolean
tf_id_key_applies (const TfIdKey *key,
                   gconstpointer  params)
{
  return key->applies == NULL || key->applies (params);
}

guint
tf_id_key_length (const TfIdKey *keys,
                  guint          n_keys,
                  const TfIdKey *key,
                  gconstpointer  params)
{
  const TfIdKey *of;

  if (key->len_key == NULL)
    return *uint_at (params, key->len_offset);
  of = find_key (keys, n_keys, key->len_key);
  return of->kind == TF_ID_LIST ? tf_id_key_length (keys, n_keys, of, params)
                                : *uint_at (params, of->offset);
}

static guint
default_of (const TfIdKey *keys,
            guint          n_keys,
            const TfIdKey *key,
            gconstpointer  params)
{
  return key->default_key != NULL ? *uint_at (params, find_key (keys, n_keys,
                                                                key->default_key)->offset)
                                  : key->default_value;
}

static gboolean
fail_default (TfIdArgs      *args,
              const TfIdKey *keys,
              guint          n_keys,
              const TfIdKey *key,
              gconstpointer  params,
              GError       **error)
{
  guint v = *uint_at (params, key->offset);

  if (key->kind == TF_ID_LIST)
    g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s': %s: all %u, the default; "
                 "leave it out", args->id, key->key, key->default_value);
  else if (key->kind == TF_ID_NAME)
    g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s': %s=%s: the default; leave it "
                 "out", args->id, key->key, key->names->names[v]);
  else if (key->default_key != NULL)
    g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s': %s=%u: equal to %s, the "
                 "default; leave it out", args->id, key->key, v, key->default_key);
  else
    g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s': %s=%u: the default; leave it "
                 "out", args->id, key->key, v);
  return FALSE;
}

static gboolean
is_default (const TfIdKey *keys,
            guint          n_keys,
            const TfIdKey *key,
            gconstpointer  params)
{
  const guint32 *values = (const guint32 *) ((const guint8 *) params + key->offset);
  guint n;

  if (key->kind != TF_ID_LIST)
    return *uint_at (params, key->offset) == default_of (keys, n_keys, key, params);
  n = tf_id_key_length (keys, n_keys, key, params);
  for (guint j = 0; j < n; j++)
    if (values[j] != key->default_value)
      return FALSE;
  return TRUE;
}

static gboolean
parse_key (const TfIdKey *keys,
           guint          n_keys,
           const TfIdKey *key,
           TfIdArgs      *args,
           gpointer       params,
           GError       **error)
{
  guint32 *values = (guint32 *) ((guint8 *) params + key->offset);
  guint n;

  if (!tf_id_key_applies (key, params))
    {
      if (key->only != NULL && tf_id_args_has (args, key->key))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s': %s: %s", args->id,
                       key->key, key->only);
          return FALSE;
        }
      return TRUE;   /* left unread: given, it is an unknown parameter */
    }
  if ((key->flags & TF_ID_OPTIONAL) && !tf_id_args_has (args, key->key))
    {
      if (key->kind != TF_ID_LIST)
        *uint_at (params, key->offset) = default_of (keys, n_keys, key, params);
      else
        for (guint j = 0, len = tf_id_key_length (keys, n_keys, key, params); j < len; j++)
          values[j] = key->default_value;
      return TRUE;
    }
  switch (key->kind)
    {
    case TF_ID_UINT:
      if (!tf_id_args_get_uint (args, key->key, key->min, key->max,
                                uint_at (params, key->offset), error))
        return FALSE;
      break;
    case TF_ID_NAME:
      if (!tf_id_args_get_name (args, key->key, *key->names, uint_at (params, key->offset),
                                error))
        return FALSE;
      break;
    case TF_ID_LIST:
      if (!tf_id_args_get_list (args, key->key, key->min_len, key->max_len, key->min, key->max,
                                &n, values, error))
        return FALSE;
      if (key->len_key == NULL)
        *uint_at (params, key->len_offset) = n;
      else
        {
          const TfIdKey *of = find_key (keys, n_keys, key->len_key);
          guint want = tf_id_key_length (keys, n_keys, key, params);

          if (n != want)
            {
              if (of->kind == TF_ID_LIST)
                g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s': %s has %u values "
                             "but %s has %u", args->id, key->key, n, of->key, want);
              else
                g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID, "id '%s': %s lists %u "
                             "values but %s = %u", args->id, key->key, n, of->key, want);
              return FALSE;
            }
        }
      break;
    default:
      g_assert_not_reached ();
    }
  if ((key->flags & TF_ID_OPTIONAL) && is_default (keys, n_keys, key, params))
    return fail_default (args, keys, n_keys, key, params, error);
  return TRUE;
}

gboolean
tf_id_keys_parse (const TfIdKey *keys,
                  guint          n_keys,
                  TfIdArgs      *args,
                  gpointer       params,
                  gsize          size,
                  GError       **error)
{
  memset (params, 0, size);
  /* The keys that always exist, then those that depend on them. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n_keys; i++)
      if ((keys[i].applies != NULL) == (pass == 1)
          && !parse_key (keys, n_keys, &keys[i], args, params, error))
        return FALSE;
  return TRUE;
}

void
tf_id_keys_format (const TfIdKey *keys,
                   guint          n_keys,
                   gconstpointer  params,
                   GString       *out)
{
  for (guint i = 0; i < n_keys; i++)
    {
      const TfIdKey *key = &keys[i];
      guint v = *uint_at (params, key->offset);

      if (!tf_id_key_applies (key, params)
          || ((key->flags & TF_ID_OPTIONAL) && is_default (keys, n_keys, key, params)))
        continue;
      if (key->kind == TF_ID_UINT)
        tf_id_append_uint (out, key->key, v);
      else if (key->kind == TF_ID_NAME)
        tf_id_append_name (out, key->key, key->names->names[v]);
      else
        tf_id_append_list (out, key->key,
                           (const guint32 *) ((const guint8 *) params + key->offset),
                           tf_id_key_length (keys, n_keys, key, params));
    }
}
