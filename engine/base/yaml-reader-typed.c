/* SPDX-License-Identifier: GPL-3.0-or-later */
/* yaml-reader-typed.c: typed readers on top of yaml-reader.c's, which the search configuration,
 * the run folder and the price table share: a boolean, a whole or real number in a stated
 * range, a list of names, and the messages for an unknown key, a missing key and a built-in
 * file that does not parse.
 */
#include <string.h>

#include "names-private.h"
#include "yaml-reader-private.h"

gboolean
tf_yaml_unknown_key (TfYamlReader  *r,
                     TfYamlMapping *m,
                     const char    *key,
                     TfNames        known)
{
  g_autofree char *list = tf_names_join (known);

  return tf_yaml_reader_fail_at (r, m->key_mark, "unknown key '%s'; expected %s", key, list);
}

static gboolean
plain_scalar (const TfYamlReader *r)
{
  return r->error == NULL && r->event.type == YAML_SCALAR_EVENT
         && r->event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

gboolean
tf_yaml_read_bool (TfYamlReader *r,
                   gboolean     *out)
{
  /* The core schema's booleans only: YAML 1.1's yes, no, on and off are refused. */
  TF_STATIC_NAMES (spellings, "false", "False", "FALSE", "true", "True", "TRUE");
  guint i;

  if (r->error != NULL)
    return FALSE;
  if (plain_scalar (r))
    {
      const char *text = (const char *) r->event.data.scalar.value;

      if (!tf_names_find (spellings, text, &i))
        return tf_yaml_reader_fail (r, "must be true or false, not '%s'", text);
      *out = i >= 3;
      return tf_yaml_reader_next (r);
    }
  return tf_yaml_reader_fail (r, "must be true or false, not %s",
                              r->event.type == YAML_SCALAR_EVENT ? "a quoted string"
                              : r->event.type == YAML_MAPPING_START_EVENT ? "a mapping"
                              : r->event.type == YAML_SEQUENCE_START_EVENT ? "a sequence"
                              : "something else");
}

/* A whole number in [min, max]; when @why is given, a number above the range says why the
 * limit is what it is. */
gboolean
tf_yaml_read_uint_in (TfYamlReader *r,
                      guint64       min,
                      guint64       max,
                      const char   *why,
                      guint64      *out)
{
  if (why != NULL && plain_scalar (r))
    {
      const char *text = (const char *) r->event.data.scalar.value;
      guint64 v;

      if (*text != '\0' && strspn (text, "0123456789") == strlen (text)
          && (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &v, NULL) || v > max))
        return tf_yaml_reader_fail (r, "%s is out of range: must be from %" G_GUINT64_FORMAT
                                    " to %" G_GUINT64_FORMAT " (%s)", text, min, max, why);
    }
  return tf_yaml_read_uint (r, min, max, out);
}

gboolean
tf_yaml_read_guint (TfYamlReader *r,
                    guint64       min,
                    guint64       max,
                    guint        *out)
{
  guint64 v;

  g_assert (max <= G_MAXUINT);
  if (!tf_yaml_read_uint_in (r, min, max, NULL, &v))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

/* A finite number above (or from) @min and at most @max, @unit after the numbers. */
gboolean
tf_yaml_read_real_in (TfYamlReader *r,
                      double        min,
                      gboolean      min_open,
                      double        max,
                      const char   *unit,
                      double       *out)
{
  g_autofree char *text = NULL;
  TfMark mark = tf_yaml_reader_mark (r);
  double v;

  if (plain_scalar (r))
    text = g_strdup ((const char *) r->event.data.scalar.value);
  if (!tf_yaml_read_real (r, &v))
    return FALSE;
  if ((min_open ? !(v > min) : !(v >= min)) || !(v <= max))
    return tf_yaml_reader_fail_at (r, mark, "%s is out of range: must be %s %.15g and at most "
                                   "%.15g%s%s", text, min_open ? "greater than" : "at least",
                                   min, max, unit ? " " : "", unit ? unit : "");
  *out = v;
  return TRUE;
}

/* A list of names, each found by @lookup, none twice, at least one. */
gboolean
tf_yaml_read_name_list (TfYamlReader *r,
                        guint         max_items,
                        TfYamlLookupFunc    lookup,
                        TfYamlExplainFunc   explain,
                        guint        *indices,
                        guint        *n)
{
  TfYamlSequence s;
  gboolean more;

  *n = 0;
  if (!tf_yaml_reader_begin_sequence (r, &s, max_items))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      g_autofree char *name = NULL;
      TfMark mark = tf_yaml_reader_mark (r);
      guint index;

      if (!tf_yaml_read_string (r, 64, &name))
        break;
      if (!lookup (name, &index))
        {
          g_autofree char *message = explain (name);

          return tf_yaml_reader_fail_at (r, mark, "%s", message);
        }
      for (guint i = 0; i < *n; i++)
        if (indices[i] == index)
          return tf_yaml_reader_fail_at (r, mark, "'%s' is listed twice", name);
      indices[(*n)++] = index;
    }
  if (r->error != NULL)
    return FALSE;
  if (*n == 0)
    return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs at least one item");
  return TRUE;
}

gboolean
tf_yaml_fail_missing (TfYamlReader *r,
                      TfMark        mark,
                      TfNames       keys,
                      guint         have)
{
  g_autoptr(GString) missing = g_string_new (NULL);

  for (guint i = 0; i < keys.n; i++)
    if (!(have & (1u << i)))
      g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", keys.names[i]);
  return tf_yaml_reader_fail_at (r, mark, "needs every key here (missing: %s)", missing->str);
}

G_NORETURN void
tf_yaml_builtin_failed (const char *file,
                        GError     *error)
{
  g_error ("built-in %s does not parse: %s", file, error ? error->message : "(no message)");
}

/* A list of distinct numbers in [@min, @max], at most @max_items, kept ascending in @values
 * (with each one's mark in @marks when not NULL); the list may not be empty. */
gboolean
tf_yaml_read_ascending (TfYamlReader *r,
                        guint         min,
                        guint         max,
                        guint         max_items,
                        const char   *what,
                        guint        *values,
                        TfMark       *marks,
                        guint        *n_values)
{
  TfYamlSequence s;
  gboolean more;
  guint n = 0;

  if (!tf_yaml_reader_begin_sequence (r, &s, max_items))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      TfMark mark = tf_yaml_reader_mark (r);
      guint value, at;

      if (!tf_yaml_read_guint (r, min, max, &value))
        break;
      for (guint i = 0; i < n; i++)
        if (values[i] == value)
          return tf_yaml_reader_fail_at (r, mark, "%u is listed twice", value);
      for (at = n; at > 0 && values[at - 1] > value; at--)
        {
          values[at] = values[at - 1];
          if (marks != NULL)
            marks[at] = marks[at - 1];
        }
      values[at] = value;
      if (marks != NULL)
        marks[at] = mark;
      n++;
    }
  if (r->error != NULL)
    return FALSE;
  if (n == 0)
    return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs at least one %s",
                                   what);
  *n_values = n;
  return TRUE;
}
