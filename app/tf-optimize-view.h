/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-optimize-view.h: the Optimize view. The search configuration form (opened from and saved
 * to the YAML file topoforge-cli optimize reads), Run and Stop with the search on a worker
 * thread, the Pareto plot filling as the search goes (the family front of Stage 0 first), the
 * selected candidate in 3D with its numbers, two candidates (or a candidate and its family
 * seed, or the user's own topology file evaluated beside the front) side by side, and the run
 * saved, opened again, or its picked candidates exported. */
#pragma once

#include <gtk/gtk.h>

#include "tf-candidate-panel.h"
#include "tf-pareto-plot.h"
#include "tf-search-form.h"
#include "tf-search-tasks.h"
#include "tf-topology-view.h"

G_BEGIN_DECLS

#define TF_TYPE_OPTIMIZE_VIEW (tf_optimize_view_get_type ())
G_DECLARE_FINAL_TYPE (TfOptimizeView, tf_optimize_view, TF, OPTIMIZE_VIEW, GtkWidget)

GtkWidget        *tf_optimize_view_new (void);
TfSearchForm     *tf_optimize_view_get_form (TfOptimizeView *self);
TfParetoPlot     *tf_optimize_view_get_plot (TfOptimizeView *self);
TfCandidatePanel *tf_optimize_view_get_panel (TfOptimizeView *self);
/* The 3D view of the selected candidate (0) or of the one it is compared with (1). */
TfTopologyView   *tf_optimize_view_get_topology_view (TfOptimizeView *self, guint which);

/* Starts a search of the form's configuration; FALSE with the form's message when it is not
 * valid or a search already runs. */
gboolean          tf_optimize_view_run (TfOptimizeView *self, GError **error);
/* Stops the search; the front found so far stays. */
void              tf_optimize_view_stop (TfOptimizeView *self);
gboolean          tf_optimize_view_load_config (TfOptimizeView *self, GFile *file,
                                                GError **error);
void              tf_optimize_view_open_run (TfOptimizeView *self, GFile *folder);
void              tf_optimize_view_save_run (TfOptimizeView *self, GFile *folder);
/* Save Run as the user asks it: into @folder at once when that replaces nothing, else after a
 * question (the folder holds a run, or other files: what optimize --out refuses without
 * --overwrite); the question's dialog, or NULL when it saved at once. */
GtkWindow        *tf_optimize_view_request_save_run (TfOptimizeView *self, GFile *folder);
void              tf_optimize_view_export_selected (TfOptimizeView *self, GFile *folder,
                                                    TfExportFormat format);
/* Compares the selected candidate with the family seed it descends from. */
void              tf_optimize_view_compare_seed (TfOptimizeView *self);
/* Evaluates topology files under the form's configuration on a worker thread and marks each
 * on the plot with its name, beside the front (a file evaluated again replaces its point);
 * files that cannot be read are named in the banner. While a run opens, they wait for it and
 * its configuration. FALSE with the form's message when it is not valid. */
gboolean          tf_optimize_view_evaluate_files (TfOptimizeView *self, GFile *const *files,
                                                   guint n_files, GError **error);

/* The run shown once finished, stopped or opened; NULL before and while a search runs. */
TfOptimizeRun    *tf_optimize_view_get_run (TfOptimizeView *self);
/* A search or a file task runs ("busy"); a search runs ("running"). */
gboolean          tf_optimize_view_get_busy (TfOptimizeView *self);
gboolean          tf_optimize_view_get_running (TfOptimizeView *self);
/* The last error shown, or NULL. */
const char       *tf_optimize_view_get_error (TfOptimizeView *self);
/* The line under Run: progress, or what the last step did ("status", notified). */
const char       *tf_optimize_view_get_status (TfOptimizeView *self);
/* Snapshots of a running search drawn so far (tests). */
guint             tf_optimize_view_get_snapshots (TfOptimizeView *self);

G_END_DECLS
