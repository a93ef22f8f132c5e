/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-topology-file.h: opening a topology file (generated, converted, edited or an optimizer
 * candidate: one YAML format) on a worker thread. The engine's loader reads it and checks every
 * invariant; a topology without metrics in the file is measured there too. A failure is the
 * loader's one line, "NAME:LINE:COLUMN: field '...': ...", where NAME is the file's name as
 * shown to people (the window's title says where it is). */
#pragma once

#include <gio/gio.h>

#include "topoforge.h"

G_BEGIN_DECLS

void        tf_topology_file_load_async (GFile *file, GCancellable *cancellable,
                                         GAsyncReadyCallback callback, gpointer user_data);
/* Free with tf_topology_free(). */
TfTopology *tf_topology_file_load_finish (GAsyncResult *result, GError **error);

G_END_DECLS
