/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config-manual.c: generators.manual, the user's own designs seeding the search
 * (generator-manual.c; the spec's manual_seed origin):
 *
 *   generators:
 *     manual:
 *       files: [cluster.yaml, ../reference/nvl72.yaml]
 *
 * Paths are relative to the configuration's folder and kept absolute, so a configuration
 * written back into a run folder names the same files. Each file is loaded as it is read (any
 * topology file: generated, edited by hand, an optimizer candidate), so one that cannot be is
 * an error at its item, naming the loader's own FILE:LINE:COLUMN. */
#include "search-config-private.h"

static void
clear_files (TfSearchConfig *c)
{
  for (guint i = 0; i < c->n_manual_files; i++)
    g_clear_pointer (&c->manual_files[i], g_free);
  c->n_manual_files = 0;
}

static gboolean
read_files (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  TfSearchConfig *c = l->c;
  g_autofree char *named = g_path_get_dirname (c->file != NULL ? c->file : ".");
  /* The folder absolute (from the working one when the configuration was named relatively):
   * the paths kept are absolute. */
  g_autofree char *dir = g_canonicalize_filename (named, NULL);
  TfYamlSequence s;
  gboolean more;

  clear_files (c);
  if (!tf_yaml_reader_begin_sequence (r, &s, TF_SEARCH_MAX_MANUAL_FILES))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      TfMark mark = tf_yaml_reader_mark (r);
      g_autofree char *name = NULL;
      g_auto(TfTopology) design = { 0 };
      g_autoptr(GError) error = NULL;
      char *path;

      if (!tf_yaml_read_string (r, 4096, &name))
        break;
      path = g_canonicalize_filename (name, dir);
      for (guint i = 0; i < c->n_manual_files; i++)
        if (g_strcmp0 (c->manual_files[i], path) == 0)
          {
            g_free (path);
            return tf_yaml_reader_fail_at (r, mark, "'%s' is listed twice", name);
          }
      c->manual_files[c->n_manual_files] = path;
      l->manual_marks[c->n_manual_files] = mark;
      c->n_manual_files++;
      if (!tf_topology_load_file (path, NULL, &design, &error))
        return tf_yaml_reader_fail_at (r, mark, "%s", error->message);
      l->manual_n_chip[c->n_manual_files - 1] = design.graph.n_chip;
    }
  return r->error == NULL;
}

static const TfYamlKey manual_keys[] = {
  TF_YAML_KEY_CALL ("files", read_files),
};

gboolean
tf_config_read_manual (TfYamlReader      *r,
                       const TfYamlKeyAt *at)
{
  Loader *l = at->data;

  return tf_yaml_read_keys (r, manual_keys, G_N_ELEMENTS (manual_keys), l->c, l, NULL, NULL,
                            NULL);
}

gboolean
tf_config_finish_manual (Loader *l)
{
  const TfSearchConfig *c = l->c;

  for (guint i = 0; i < c->n_manual_files; i++)
    if (l->manual_n_chip[i] != c->n_chip)
      {
        g_autofree char *path = g_strdup_printf ("generators.manual.files[%u]", i);

        return tf_yaml_reader_fail_field (&l->r, l->manual_marks[i], path,
                                          "%s has %u chips, not n_chip = %u",
                                          c->manual_files[i], l->manual_n_chip[i], c->n_chip);
      }
  return TRUE;
}
