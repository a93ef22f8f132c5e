/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-results-view.h: the results tree. Families are parents, their results children; columns
 * sort within each family; filters by status, family and chips per board (the reverse
 * derivation: "everything that puts 8 chips on a board"). */
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
/* Shows @enumeration (copied), or nothing with NULL. */
void         tf_results_view_set_enumeration (TfResultsView *self,
                                              const TfEnumeration *enumeration);
/* Replaces one family's results, after its cap was lifted. */
void         tf_results_view_set_family (TfResultsView *self, const TfFamilyEnumeration *family);
/* The selected result, or NULL. */
TfResultRow *tf_results_view_get_selected (TfResultsView *self);
/* Selects the @index-th shown result of @family (any family with NULL), in the shown order.
 * FALSE when there is no such row. */
gboolean     tf_results_view_select (TfResultsView *self, const char *family, guint index);
/* Selects the first shown recommended result, or failing that the first result. */
gboolean     tf_results_view_select_first (TfResultsView *self);
/* Sorts by a column (TF_RESULT_COLUMN_...), as a click on its header does. */
void         tf_results_view_sort_by (TfResultsView *self, TfResultColumn column,
                                      GtkSortType order);
/* Shown results (children) and families (parents), after filtering. */
guint        tf_results_view_get_n_shown (TfResultsView *self, guint *n_families);
/* The @index-th shown result row in display order, or NULL. */
TfResultRow *tf_results_view_get_shown (TfResultsView *self, guint index);

G_END_DECLS
