/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-export.c: export formats (see tf-export.h). */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-export.h"

typedef gboolean (*WriteFunc) (const TfTopology *topology, GString *out, GError **error);

static const struct
{
  const char *label;
  const char *extensions[3];
  WriteFunc   write;
} formats[TF_N_EXPORT_FORMATS] = {
  [TF_EXPORT_YAML] = {
    .label = N_("YAML topology"),
    .extensions = { "yaml", "yml", NULL },
    .write = tf_topology_write_yaml,
  },
  [TF_EXPORT_GRAPHML] = {
    .label = N_("GraphML"),
    .extensions = { "graphml", NULL },
    .write = tf_topology_write_graphml,
  },
  [TF_EXPORT_DOT] = {
    .label = N_("Graphviz DOT"),
    .extensions = { "dot", "gv", NULL },
    .write = tf_topology_write_dot,
  },
};

const char *
tf_export_format_get_label (TfExportFormat format)
{
  g_return_val_if_fail ((guint) format < TF_N_EXPORT_FORMATS, NULL);
  return _(formats[format].label);
}

const char *const *
tf_export_format_get_extensions (TfExportFormat format)
{
  g_return_val_if_fail ((guint) format < TF_N_EXPORT_FORMATS, NULL);
  return formats[format].extensions;
}

gboolean
tf_export_format_from_name (const char     *name,
                            TfExportFormat *out)
{
  const char *dot;

  g_return_val_if_fail (name != NULL && out != NULL, FALSE);

  dot = strrchr (name, '.');
  if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL)
    return FALSE;
  for (guint f = 0; f < TF_N_EXPORT_FORMATS; f++)
    for (guint e = 0; formats[f].extensions[e] != NULL; e++)
      if (g_ascii_strcasecmp (dot + 1, formats[f].extensions[e]) == 0)
        {
          *out = f;
          return TRUE;
        }
  return FALSE;
}

gboolean
tf_export_write (const TfTopology  *topology,
                 TfExportFormat     format,
                 const char        *path,
                 GError           **error)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (topology != NULL, FALSE);
  g_return_val_if_fail ((guint) format < TF_N_EXPORT_FORMATS, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return formats[format].write (topology, text, error)
         && tf_write_file_atomic (path, text->str, text->len, error);
}
