/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-result-cells.h: the cells of the results list. The first column names the row; the
 * others are a result's value in one engine column, as the list shows it:
 * numbers grouped, an upper bound marked "≤", names and statuses translated, warnings as tags
 * ellipsized with their meaning in a tooltip, every cell's tooltip the column's description and
 * how the value was obtained. */
#pragma once

#include <gtk/gtk.h>

#include "tf-result-row.h"

G_BEGIN_DECLS

char               *tf_result_dup_cell_text (const TfColumn *column, const TfResult *result);
/* Cells of @column (not the id column) for a GtkColumnView over GtkTreeListRows of
 * TfFamilyRow and TfResultRow; a family's row is blank. */
GtkListItemFactory *tf_result_cell_factory_new (const TfColumn *column);

/* The first column of @view (a TfResultsView): a family's header ("torus — 8 of 3,543,
 * showing 50") with "Show all" (the view's "show-all" signal), or a result's parameters (with
 * its family's name in the flat list), the whole id in the tooltip. */
GtkListItemFactory *tf_result_name_factory_new (GtkWidget *view);
/* "torus — 8 of 3,543" (@filtered) or "torus — 3,543 results", then ", showing 50" when fewer
 * are kept than match; or why the family has none. */
char               *tf_family_row_dup_header (TfFamilyRow *family, gboolean filtered);
/* The row an item of the list stands for (a TfFamilyRow or a TfResultRow, a new reference):
 * the grouped list's items are GtkTreeListRows around them, the flat list's are the rows. */
GObject            *tf_result_cells_dup_row (gpointer item);

G_END_DECLS
