/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-results-columns.c: the results list's columns, the column chooser and the sort menu (see
 * tf-results-columns.h); the cells are tf-result-cells.c. */
#include <glib/gi18n.h>

#include "tf-result-cells.h"
#include "tf-results-columns.h"

void
tf_results_columns_add (GtkWidget     *view,
                        GtkColumnView *column_view,
                        GtkBox        *chooser,
                        GPtrArray     *columns,
                        GPtrArray     *sort_columns)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (column_view));
  g_return_if_fail (GTK_IS_BOX (chooser));

  for (guint i = 0; i < tf_columns_get_count (); i++)
    {
      const TfColumn *info = tf_columns_get (i);
      GtkListItemFactory *factory;
      GtkColumnViewColumn *column;
      GtkWidget *check;

      if (info->kind == TF_COLUMN_ID)
        {
          factory = tf_result_name_factory_new (view);
        }
      else
        factory = tf_result_cell_factory_new (info);
      column = gtk_column_view_column_new (_(info->label), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_visible (column, info->shown);
      if (info->kind == TF_COLUMN_ID)
        {
          gtk_column_view_column_set_expand (column, TRUE);
          gtk_column_view_column_set_fixed_width (column, 300);
        }
      else if (info->kind == TF_COLUMN_WARNINGS)
        gtk_column_view_column_set_fixed_width (column, 170);
      gtk_column_view_append_column (column_view, column);
      g_ptr_array_add (columns, column);

      /* The chooser: every column but the first, which says what a row is. */
      if (info->kind != TF_COLUMN_ID)
        {
          check = gtk_check_button_new_with_label (_(info->label));
          gtk_widget_set_tooltip_text (check, _(info->description));
          g_object_bind_property (column, "visible", check, "active",
                                  G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
          gtk_box_append (chooser, check);
          g_ptr_array_add (sort_columns, (gpointer) info);
        }
    }
}

void
tf_results_columns_fill_sort_menu (GtkDropDown *sort_column,
                                   GPtrArray   *sort_columns)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_string_list_append (names, _("Engine order"));
  for (guint i = 0; i < sort_columns->len; i++)
    gtk_string_list_append (names, _(((const TfColumn *) g_ptr_array_index (sort_columns, i))->label));
  gtk_drop_down_set_model (sort_column, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (sort_column, 0);
}

GtkColumnViewColumn *
tf_results_columns_find (GPtrArray  *columns,
                         const char *name)
{
  const TfColumn *column = tf_column_lookup (name);

  for (guint i = 0; column != NULL && i < columns->len; i++)
    if (tf_columns_get (i) == column)
      return g_ptr_array_index (columns, i);
  return NULL;
}
