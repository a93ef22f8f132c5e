/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export-formats.c: the formats a topology is written in, one table row each: its name on the
 * command line, its label for people, its file name extensions and its writer. The command line
 * and the app both read this table, so a new format is one writer and one row.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "topoforge.h"

static const struct
{
  const char          *name;
  const char          *label;
  const char          *extensions[3];
  TfTopologyWriteFunc  write;
} formats[TF_N_EXPORT_FORMATS] = {
  [TF_EXPORT_YAML] = {
    .name = "yaml",
    .label = N_("YAML topology"),
    .extensions = { "yaml", "yml", NULL },
    .write = tf_topology_write_yaml,
  },
  [TF_EXPORT_GRAPHML] = {
    .name = "graphml",
    .label = N_("GraphML"),
    .extensions = { "graphml", NULL },
    .write = tf_topology_write_graphml,
  },
  [TF_EXPORT_DOT] = {
    .name = "dot",
    .label = N_("Graphviz DOT"),
    .extensions = { "dot", "gv", NULL },
    .write = tf_topology_write_dot,
  },
  [TF_EXPORT_SIMGRID] = {
    .name = "simgrid",
    .label = N_("SimGrid platform"),
    .extensions = { "xml", NULL },
    .write = tf_topology_write_simgrid,
  },
  [TF_EXPORT_BOOKSIM] = {
    .name = "booksim",
    .label = N_("BookSim anynet"),
    .extensions = { "anynet", NULL },
    .write = tf_topology_write_booksim,
  },
  [TF_EXPORT_SST] = {
    .name = "sst",
    .label = N_("SST/Merlin anytopo GraphML"),
    .extensions = { "graphml", NULL },
    .write = tf_topology_write_sst,
  },
  [TF_EXPORT_ASTRA_SIM] = {
    .name = "astra-sim",
    .label = N_("ASTRA-sim analytical network"),
    .extensions = { "yml", NULL },
    .write = tf_topology_write_astra_sim,
  },
};

const char *
tf_export_format_get_name (TfExportFormat format)
{
  g_return_val_if_fail ((guint) format < TF_N_EXPORT_FORMATS, NULL);
  return formats[format].name;
}

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
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint f = 0; name != NULL && f < TF_N_EXPORT_FORMATS; f++)
    if (strcmp (name, formats[f].name) == 0)
      {
        *out = f;
        return TRUE;
      }
  return FALSE;
}

/* A name whose extension two formats share (GraphML and SST's GraphML) is the first's. */
gboolean
tf_export_format_from_path (const char     *path,
                            TfExportFormat *out)
{
  const char *dot;

  g_return_val_if_fail (path != NULL && out != NULL, FALSE);

  dot = strrchr (path, '.');
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

char *
tf_export_format_dup_names (void)
{
  GString *out = g_string_new (NULL);

  for (guint f = 0; f < TF_N_EXPORT_FORMATS; f++)
    g_string_append_printf (out, "%s%s", f == 0 ? "" : f + 1 == TF_N_EXPORT_FORMATS ? " or "
                                                                                     : ", ",
                            formats[f].name);
  return g_string_free (out, FALSE);
}

gboolean
tf_export_format_write (const TfTopology  *topology,
                        TfExportFormat     format,
                        GString           *out,
                        GError           **error)
{
  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);
  g_return_val_if_fail ((guint) format < TF_N_EXPORT_FORMATS, FALSE);

  return formats[format].write (topology, out, error);
}

gboolean
tf_export_write (const TfTopology  *topology,
                 TfExportFormat     format,
                 const char        *path,
                 GError           **error)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (topology != NULL && path != NULL, FALSE);

  return tf_export_format_write (topology, format, text, error)
         && tf_write_file_atomic (path, text->str, text->len, error);
}
