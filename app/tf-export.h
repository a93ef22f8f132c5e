/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-export.h: the formats the app exports a topology in, the same three the command line
 * writes: YAML (the format every loader reads back), GraphML and Graphviz DOT. One table gives
 * each format's name, its file name extensions and its writer. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

typedef enum
{
  TF_EXPORT_YAML,
  TF_EXPORT_GRAPHML,
  TF_EXPORT_DOT,
  TF_N_EXPORT_FORMATS
} TfExportFormat;

/* For people, translated: "YAML topology". */
const char        *tf_export_format_get_label (TfExportFormat format);
/* File name extensions without the dot, the usual one first; NULL-terminated. */
const char *const *tf_export_format_get_extensions (TfExportFormat format);
/* The format a file name's extension names (case-insensitive); FALSE for any other name. */
gboolean           tf_export_format_from_name (const char *name, TfExportFormat *out);
/* Writes @topology to @path in @format, atomically (tf_write_file_atomic ()). */
gboolean           tf_export_write (const TfTopology *topology, TfExportFormat format,
                                    const char *path, GError **error);

G_END_DECLS
