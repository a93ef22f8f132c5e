/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-window.h: the main window: the EnumerationContext form, the results tree and the 3D view.
 * Editing the form enumerates again on a worker thread; selecting a result generates it on
 * another; a newer request cancels the one before. A topology file opened (Ctrl+O, a FILE
 * argument, a drop, Open Recent) is loaded on a worker thread too and shown until the user
 * selects a result again; a file that does not load shows the loader's one-line message in the
 * error banner. Export writes YAML, GraphML or DOT. */
#pragma once

#include <gtk/gtk.h>

#include "tf-context-form.h"
#include "tf-legend.h"
#include "tf-optimize-view.h"
#include "tf-results-view.h"
#include "tf-topology-view.h"

G_BEGIN_DECLS

#define TF_TYPE_WINDOW (tf_window_get_type ())
G_DECLARE_FINAL_TYPE (TfWindow, tf_window, TF, WINDOW, GtkApplicationWindow)

TfWindow       *tf_window_new (GtkApplication *application);
TfContextForm  *tf_window_get_form (TfWindow *self);
TfResultsView  *tf_window_get_results (TfWindow *self);
TfTopologyView *tf_window_get_view (TfWindow *self);
TfLegend       *tf_window_get_legend (TfWindow *self);
TfOptimizeView *tf_window_get_optimize_view (TfWindow *self);
/* Shows the "enumerate" or the "optimize" page. */
void            tf_window_set_page (TfWindow *self, const char *name);
/* After the next enumeration, select the @index-th result of @family (NULL: any) instead of
 * the first recommended one. */
void            tf_window_select_after_enumeration (TfWindow *self, const char *family,
                                                    guint index);
/* Opens @file on a worker thread; once loaded it is shown (tf_window_get_file ()), or its
 * error is (tf_window_get_error ()). */
void            tf_window_open (TfWindow *self, GFile *file);
/* The file shown, or NULL when the view shows a result of the list (or nothing). */
GFile          *tf_window_get_file (TfWindow *self);
/* The side panel's description of the shown topology, as plain text ("" for none). */
const char     *tf_window_get_summary (TfWindow *self);
/* What the 3D view says instead of a topology ("No result matches the filters", the form's
 * error), or NULL while it shows one. */
const char     *tf_window_get_placeholder (TfWindow *self);
/* Writes the shown topology to @path in @format (atomically). */
gboolean        tf_window_export (TfWindow *self, const char *path, TfExportFormat format,
                                  GError **error);
/* The message shown in the window's error banner, or NULL. */
const char     *tf_window_get_error (TfWindow *self);
/* TRUE while an enumeration, a generation or a file's loading runs. */
gboolean        tf_window_get_busy (TfWindow *self);

G_END_DECLS
