/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-result-cells.h: a result's value in one engine column, as the results list shows it:
 * numbers grouped, an upper bound marked "≤", names and statuses translated, warnings as tags
 * ellipsized with their meaning in a tooltip, every cell's tooltip the column's description and
 * how the value was obtained. */
#pragma once

#include <gtk/gtk.h>

#include "topoforge.h"

G_BEGIN_DECLS

char               *tf_result_dup_cell_text (const TfColumn *column, const TfResult *result);
/* Cells of @column (not the id column) for a GtkColumnView over GtkTreeListRows of
 * TfFamilyRow and TfResultRow; a family's row is blank. */
GtkListItemFactory *tf_result_cell_factory_new (const TfColumn *column);

/* The row an item of the list stands for (a TfFamilyRow or a TfResultRow, a new reference):
 * the grouped list's items are GtkTreeListRows around them, the flat list's are the rows. */
GObject            *tf_result_cells_dup_row (gpointer item);

G_END_DECLS
