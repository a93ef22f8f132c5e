/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-search-tasks.h: the optimizer's long calls on a worker thread (GTask): a search that
 * reports its front as it goes, opening and saving a run folder, exporting picked candidates,
 * and a candidate's family seed measured for comparison. Each task owns what it works on;
 * cancelling the GCancellable stops a search at its next step, keeping what it found. */
#pragma once

#include <gio/gio.h>

#include "optimizer.h"

G_BEGIN_DECLS

/* A run the app holds: its configuration and its result (finished, stopped or opened), shared
 * by reference between the view and the tasks that save or export it. */
typedef struct
{
  TfSearchConfig config;
  TfSearchResult result;
  char          *folder;   /* the folder it was opened from or saved to, or NULL */
} TfOptimizeRun;

TfOptimizeRun *tf_optimize_run_ref (TfOptimizeRun *run);
void           tf_optimize_run_unref (TfOptimizeRun *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfOptimizeRun, tf_optimize_run_unref)

/* Where a candidate came from, for people: "Graph mutation of fat-tree (layers=2, k=24, …),
 * 3 edits"; the seed's exact id is candidate->origin.seed_id. */
char          *tf_candidate_dup_origin_text (const TfCandidate *candidate);

/* What a running search has found, copied for the main thread at each progress report. Rows
 * are objective values as people read them (tf_objective_value), n_objectives each. */
typedef struct
{
  TfSearchProgress progress;   /* its front and evaluated are NULL here */
  guint            n_objectives;
  GArray          *front;      /* double rows of the current front, by first objective (while
                                * Stage 0 runs, progress.stage_0_total non-zero: the family
                                * front so far) */
  GPtrArray       *origins;    /* char *, one per front row */
  GArray          *evaluated;  /* double rows evaluated since the previous snapshot */
  gboolean         restarted;  /* the baseline began: its points start afresh */
} TfSearchSnapshot;

typedef void (*TfSearchSnapshotFunc) (GObject *target, const TfSearchSnapshot *snapshot);

/* Runs the search of @config (its contents are taken; it is left cleared) with the baseline
 * when @baseline. @snapshot_func sees @target (held weakly) after every generation. */
void           tf_search_run_async (TfSearchConfig *config, gboolean baseline, GObject *target,
                                    TfSearchSnapshotFunc snapshot_func,
                                    GCancellable *cancellable, GAsyncReadyCallback callback,
                                    gpointer user_data);
/* The run, also when stopped (result.cancelled). */
TfOptimizeRun *tf_search_run_finish (GAsyncResult *result, GError **error);

/* tf_search_output_load () of @folder. */
void           tf_search_open_async (GFile *folder, GCancellable *cancellable,
                                     GAsyncReadyCallback callback, gpointer user_data);
TfOptimizeRun *tf_search_open_finish (GAsyncResult *result, GError **error);

/* Writes @run into @folder as optimize --out does (tf_search_output_write () and
 * pareto.svg); the run then remembers the folder. */
void           tf_search_save_async (TfOptimizeRun *run, GFile *folder,
                                     GCancellable *cancellable, GAsyncReadyCallback callback,
                                     gpointer user_data);
gboolean       tf_search_save_finish (GAsyncResult *result, GError **error);

/* Writes the front candidates at @indices (0-based) of @run into @folder in @format, named
 * after their number (candidate_007.yaml), with selection.yaml saying what was picked. On an
 * error the files already written are removed. */
void           tf_search_export_async (TfOptimizeRun *run, GArray *indices,
                                       TfExportFormat format, GFile *folder,
                                       GCancellable *cancellable, GAsyncReadyCallback callback,
                                       gpointer user_data);
/* The number of candidate files written. */
guint          tf_search_export_finish (GAsyncResult *result, GError **error);

/* The family seed front candidate @index descends from, generated and evaluated under the
 * run's configuration, for side-by-side comparison. */
void           tf_search_seed_async (TfOptimizeRun *run, guint index,
                                     GCancellable *cancellable, GAsyncReadyCallback callback,
                                     gpointer user_data);
TfCandidate   *tf_search_seed_finish (GAsyncResult *result, GError **error);

G_END_DECLS
