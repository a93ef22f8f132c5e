/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-results-view.h: the results list and the query that fills it. The filter bar (status,
 * chips per board, a part of the id) and the sort (any engine column, either way) make a
 * TfQuery; the window runs it through tf_enumerate_query () over every legal result on a
 * worker thread and hands the enumeration back. The list shows it as families with their
 * results ("8 of 3,543" in the header) or, flat, as one list across families in the query's
 * order. The view itself never filters or sorts. */
#pragma once

#include <gtk/gtk.h>

#include "tf-result-row.h"

G_BEGIN_DECLS

/* Status filter values. */
typedef enum
{
  TF_STATUS_FILTER_ALL,
  TF_STATUS_FILTER_RECOMMENDED,
  TF_STATUS_FILTER_EDGE_CASE,
} TfStatusFilter;

#define TF_TYPE_RESULTS_VIEW (tf_results_view_get_type ())
G_DECLARE_FINAL_TYPE (TfResultsView, tf_results_view, TF, RESULTS_VIEW, GtkWidget)

GtkWidget   *tf_results_view_new (void);
/* The query the filter bar and the sort ask for; @out need not be initialised. Signal
 * "query-changed" says it changed. */
void         tf_results_view_get_query (TfResultsView *self, TfQuery *out);
/* Puts @text in the Where entry (comma-separated conditions, see
 * tf_query_add_condition_text ()); FALSE with the engine's message when it refuses one, in
 * which case the query holds none of them and the entry shows the error. */
gboolean     tf_results_view_set_where (TfResultsView *self, const char *text, GError **error);
/* The Where entry, for tests of its look. */
GtkWidget   *tf_results_view_get_where_entry (TfResultsView *self);
/* Shows @enumeration (copied), the result of tf_results_view_get_query (), or nothing with
 * NULL. */
void         tf_results_view_set_enumeration (TfResultsView *self,
                                              const TfEnumeration *enumeration);
/* Replaces one family's results by a longer list under the same query ("Show all"). */
void         tf_results_view_set_family (TfResultsView *self, const TfFamilyEnumeration *family);
/* A long run's progress bar and Cancel button ("cancel" signal): @what says what runs; NULL
 * hides them. @fraction: 0 to 1. */
void         tf_results_view_set_progress (TfResultsView *self, const char *what,
                                           double fraction);
/* The selected result, or NULL. */
TfResultRow *tf_results_view_get_selected (TfResultsView *self);
void         tf_results_view_unselect (TfResultsView *self);
/* Selects the @index-th shown result of @family (any family with NULL), in the shown order.
 * FALSE when there is no such row. */
gboolean     tf_results_view_select (TfResultsView *self, const char *family, guint index);
/* Selects the shown result with this id. FALSE when none is shown. */
gboolean     tf_results_view_select_id (TfResultsView *self, const char *id);
/* Selects the first row when the list is sorted by a column, else the first shown recommended
 * result, or failing that the first result. */
gboolean     tf_results_view_select_first (TfResultsView *self);
/* Shown results and families (0 in the flat list). */
guint        tf_results_view_get_n_shown (TfResultsView *self, guint *n_families);
/* The @index-th shown result row in display order, or NULL. */
TfResultRow *tf_results_view_get_shown (TfResultsView *self, guint index);
/* The header text of @family's group ("torus — 8 of 3,543"), or NULL when not shown. */
char        *tf_results_view_dup_family_header (TfResultsView *self, const char *family);
/* The text a cell of @column (an engine column's name) shows for the @index-th shown result,
 * or NULL. */
char        *tf_results_view_dup_cell_text (TfResultsView *self, guint index,
                                            const char *column);
/* Whether the list is flat (property "flat"), and whether the enumeration shown was filtered. */
gboolean     tf_results_view_get_flat (TfResultsView *self);
gboolean     tf_results_view_get_filtered (TfResultsView *self);
/* Whether an engine column is shown (the column chooser). */
void         tf_results_view_set_column_visible (TfResultsView *self, const char *column,
                                                 gboolean visible);
gboolean     tf_results_view_get_column_visible (TfResultsView *self, const char *column);

G_END_DECLS
