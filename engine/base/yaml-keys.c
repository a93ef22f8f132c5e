/* SPDX-License-Identifier: GPL-3.0-or-later */
/* yaml-keys.c: a mapping read by a table of its keys (yaml-reader-private.h). The search
 * configuration, the run folder, the price table and a topology file's metadata all read their
 * mappings this way: the key is matched once, against the table that also lists the keys an
 * unknown one is told about.
 */
#include <string.h>

#include "yaml-reader-private.h"

gboolean
tf_yaml_key_bool (TfYamlReader      *r,
                  const TfYamlKeyAt *at)
{
  return tf_yaml_read_bool (r, at->field);
}

gboolean
tf_yaml_key_guint (TfYamlReader      *r,
                   const TfYamlKeyAt *at)
{
  return tf_yaml_read_guint (r, at->key->min, at->key->max, at->field);
}

gboolean
tf_yaml_key_uint64 (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  return tf_yaml_read_uint_in (r, at->key->min, at->key->max, at->key->unit, at->field);
}

gboolean
tf_yaml_key_real (TfYamlReader      *r,
                  const TfYamlKeyAt *at)
{
  return tf_yaml_read_real (r, at->field);
}

gboolean
tf_yaml_key_real_in (TfYamlReader      *r,
                     const TfYamlKeyAt *at)
{
  return tf_yaml_read_real_in (r, at->key->rmin, at->key->open, at->key->rmax, at->key->unit,
                               at->field);
}

gboolean
tf_yaml_key_choice (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  return tf_yaml_read_choice (r, *at->key->choices, at->field);
}

gboolean
tf_yaml_key_string (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  return tf_yaml_read_string (r, at->key->max, at->field);
}

gboolean
tf_yaml_key_map (TfYamlReader      *r,
                 const TfYamlKeyAt *at)
{
  return tf_yaml_read_keys (r, at->key->keys, at->key->n_keys, at->field, at->data, at->unknown,
                            NULL, NULL);
}

static char *
join_keys (const TfYamlKey *keys,
           guint            n_keys)
{
  g_autofree const char **names = g_new (const char *, MAX (n_keys, 1));

  for (guint i = 0; i < n_keys; i++)
    names[i] = keys[i].name;
  return tf_names_join ((TfNames) { names, n_keys });
}

gboolean
tf_yaml_read_keys (TfYamlReader      *r,
                   const TfYamlKey   *keys,
                   guint              n_keys,
                   gpointer           target,
                   gpointer           data,
                   TfYamlUnknownFunc  unknown,
                   guint64           *have,
                   TfMark            *start)
{
  TfYamlMapping m;
  const char *key;

  g_return_val_if_fail (n_keys <= 64, FALSE);

  if (have != NULL)
    *have = 0;
  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  if (start != NULL)
    *start = m.start;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      guint i;

      for (i = 0; i < n_keys && strcmp (key, keys[i].name) != 0; i++)
        ;
      if (i < n_keys)
        {
          TfYamlKeyAt at = {
            &keys[i], key, m.key_mark, (guint8 *) target + keys[i].offset, data, unknown,
          };

          if (keys[i].read (r, &at) && have != NULL)
            *have |= G_GUINT64_CONSTANT (1) << i;
        }
      else if (unknown != NULL)
        unknown (r, &m, key, target, data);
      else
        {
          g_autofree char *list = join_keys (keys, n_keys);

          tf_yaml_reader_fail_at (r, m.key_mark, "unknown key '%s'; expected %s", key, list);
        }
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

gboolean
tf_yaml_keys_fail_missing (TfYamlReader    *r,
                           TfMark           mark,
                           const TfYamlKey *keys,
                           guint            n_keys,
                           guint64          have)
{
  g_autoptr(GString) missing = g_string_new (NULL);

  for (guint i = 0; i < n_keys; i++)
    if (!(have & (G_GUINT64_CONSTANT (1) << i)))
      g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", keys[i].name);
  return tf_yaml_reader_fail_at (r, mark, "needs every key here (missing: %s)", missing->str);
}
