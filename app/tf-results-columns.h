/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-results-columns.h: the results list's columns, one per engine column (tf_columns_get ()),
 * the column chooser that shows and hides them, and the sort menu that lists them. */
#pragma once

#include <gtk/gtk.h>

#include "topoforge.h"

G_BEGIN_DECLS

/* Appends to @column_view, and to @columns, a column for each engine column in the engine's
 * order; the first names the row (its cells need @view, the TfResultsView). Every other column
 * gets a check button in @chooser, the column chooser, and its TfColumn in @sort_columns, the
 * sort menu's entries after the first. */
void                 tf_results_columns_add       (GtkWidget     *view,
                                                   GtkColumnView *column_view,
                                                   GtkBox        *chooser,
                                                   GPtrArray     *columns,
                                                   GPtrArray     *sort_columns);
/* The sort menu: "Engine order", then @sort_columns; the first selected. */
void                 tf_results_columns_fill_sort_menu (GtkDropDown *sort_column,
                                                        GPtrArray   *sort_columns);
/* The column of @columns (as tf_columns_get ()) that shows the engine column @name, or NULL. */
GtkColumnViewColumn *tf_results_columns_find      (GPtrArray     *columns,
                                                   const char    *name);

G_END_DECLS
