/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-tasks.h: the engine's long calls on a worker thread (GTask). The task owns a copy of its
 * input; cancelling the GCancellable stops the engine at its next progress report. */
#pragma once

#include <gio/gio.h>

#include "topoforge.h"

G_BEGIN_DECLS

/* Called on the main thread with the engine's estimate of the work done, 0 to 1. */
typedef void (*TfTaskProgressFunc) (GObject *target, double fraction);

/* tf_enumerate_query () of @families (NULL: all) under @query (NULL: none) on a worker thread.
 * @progress_func sees @progress_target (held weakly) a few times a second. */
void           tf_enumerate_async (const TfContext *ctx, const char *const *families,
                                   const TfQuery *query, guint limit,
                                   GObject *progress_target, TfTaskProgressFunc progress_func,
                                   GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data);
/* Free with tf_enumeration_free(). @elapsed_ms: the engine's time on the worker thread. */
TfEnumeration *tf_enumerate_finish (GAsyncResult *result, double *elapsed_ms, GError **error);
void           tf_enumeration_free (TfEnumeration *enumeration);

void           tf_generate_async (const TfContext *ctx, const char *id,
                                  GCancellable *cancellable, GAsyncReadyCallback callback,
                                  gpointer user_data);
/* Free with tf_topology_free(). */
TfTopology    *tf_generate_finish (GAsyncResult *result, GError **error);
void           tf_topology_free (TfTopology *topology);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfEnumeration, tf_enumeration_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfTopology, tf_topology_free)

G_END_DECLS
