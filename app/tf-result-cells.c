/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-result-cells.c: the cells of the results list (see tf-result-cells.h). */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-format.h"
#include "tf-result-cells.h"
#include "tf-result-row.h"
#include "tf-results-view.h"

static const char *
method_name (TfMethod method)
{
  switch (method)
    {
    case TF_METHOD_EXACT:
      return _("exact");
    case TF_METHOD_CLOSED_FORM:
      return _("closed form, proven against exact computation");
    case TF_METHOD_UPPER_BOUND:
      return _("upper bound: the value of a real cut; the minimum may be lower");
    case TF_METHOD_LOWER_BOUND:
      return _("lower bound: over a cut that may not be the least; the value may be higher");
    case TF_METHOD_ESTIMATE:
      return _("estimate: a switch larger than any priced, its price extrapolated");
    case TF_METHOD_NONE:
    default:
      return _("not computed");
    }
}

static const char *
status_label (TfStatus status)
{
  return status == TF_STATUS_RECOMMENDED ? _("recommended") : _("edge case");
}

/* The text of a cell: numbers grouped, a bound or an estimate marked ("≤", "≥", "~", as the
 * command line's table), names translated. */
char *
tf_result_dup_cell_text (const TfColumn *column,
               const TfResult *r)
{
  TfMethod method = column->get_method ? column->get_method (r) : TF_METHOD_EXACT;
  g_autofree char *number = NULL;

  switch (column->kind)
    {
    case TF_COLUMN_ID:
      return tf_result_dup_id (r);
    case TF_COLUMN_FAMILY:
      return g_strdup (tf_family_get_name (r->family));
    case TF_COLUMN_STATUS:
      return g_strdup (status_label (tf_result_get_status (r)));
    case TF_COLUMN_WARNINGS:
      {
        GString *names = g_string_new (NULL);

        tf_column_append_value (column, r, names);
        return g_string_free (names, FALSE);
      }
    case TF_COLUMN_COUNT:
      number = tf_format_count ((guint64) MAX (column->get (r), 0));
      break;
    case TF_COLUMN_REAL:
    default:
      number = tf_format_real (column->get (r), 1);
      break;
    }
  if (column->needs_metrics && method == TF_METHOD_NONE)
    return g_strdup ("—");
  if (method == TF_METHOD_UPPER_BOUND)
    return g_strdup_printf ("≤\u00a0%s", number);
  if (method == TF_METHOD_LOWER_BOUND)
    return g_strdup_printf ("≥\u00a0%s", number);
  if (method == TF_METHOD_ESTIMATE)
    return g_strdup_printf ("~%s", number);
  return g_steal_pointer (&number);
}

/* Tooltips are made when asked for: setting one on each of the few thousand cells a list binds
 * costs more than the rest of binding them (GTK 4.8). */
static gboolean
cell_query_tooltip (GtkWidget  *child,
                    int         x,
                    int         y,
                    gboolean    keyboard,
                    GtkTooltip *tooltip,
                    gpointer    user_data)
{
  const TfColumn *column = user_data;
  GtkListItem *item = g_object_get_data (G_OBJECT (child), "list-item");
  g_autoptr(GObject) object = item ? tf_result_cells_dup_row (gtk_list_item_get_item (item)) : NULL;
  const TfResult *r;
  g_autofree char *tip = NULL;

  if (!TF_IS_RESULT_ROW (object))
    return FALSE;
  r = tf_result_row_get_result (TF_RESULT_ROW (object));
  if (tf_column_is_numeric (column))
    tip = g_strdup_printf ("%s\n%s", _(column->description),
                           method_name (column->get_method ? column->get_method (r)
                                                           : TF_METHOD_EXACT));
  else
    tip = g_strdup (_(column->description));
  gtk_tooltip_set_text (tooltip, tip);
  return TRUE;
}

static gboolean
tag_query_tooltip (GtkWidget  *tag,
                   int         x,
                   int         y,
                   gboolean    keyboard,
                   GtkTooltip *tooltip,
                   gpointer    user_data)
{
  const TfWarning *warning = g_object_get_data (G_OBJECT (tag), "warning");

  if (warning == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, _(warning->description));
  return TRUE;
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  const TfColumn *column = user_data;
  GtkWidget *child;

  if (column->kind == TF_COLUMN_WARNINGS)
    child = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  else
    {
      child = gtk_label_new (NULL);
      if (tf_column_is_numeric (column))
        {
          /* Numbers are never cut: the column is as wide as its widest number. */
          gtk_label_set_xalign (GTK_LABEL (child), 1);
          gtk_widget_add_css_class (child, "numeric");
        }
      else
        {
          gtk_label_set_xalign (GTK_LABEL (child), 0);
          /* A status reads whole; a family's name is short too. */
          if (column->kind != TF_COLUMN_STATUS && column->kind != TF_COLUMN_FAMILY)
            gtk_label_set_ellipsize (GTK_LABEL (child), PANGO_ELLIPSIZE_END);
        }
      /* The list item outlives its child. */
      g_object_set_data (G_OBJECT (child), "list-item", item);
      gtk_widget_set_has_tooltip (child, TRUE);
      g_signal_connect (child, "query-tooltip", G_CALLBACK (cell_query_tooltip),
                        (gpointer) column);
    }
  gtk_list_item_set_child (item, child);
}

static void
bind_warnings (GtkWidget      *box,
               const TfResult *r)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
  for (guint i = 0; r != NULL && i < r->n_warnings; i++)
    {
      GtkWidget *tag = gtk_label_new (_(r->warnings[i]->label));

      /* A tag too long for the column ends in "…"; its tooltip says what it means. */
      gtk_label_set_ellipsize (GTK_LABEL (tag), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (tag), 16);
      gtk_label_set_width_chars (GTK_LABEL (tag), 4);
      g_object_set_data (G_OBJECT (tag), "warning", (gpointer) r->warnings[i]);
      gtk_widget_set_has_tooltip (tag, TRUE);
      g_signal_connect (tag, "query-tooltip", G_CALLBACK (tag_query_tooltip), NULL);
      gtk_widget_add_css_class (tag, "warning-chip");
      gtk_box_append (GTK_BOX (box), tag);
    }
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  const TfColumn *column = user_data;
  GtkWidget *child = gtk_list_item_get_child (item);
  g_autoptr(GObject) object = tf_result_cells_dup_row (gtk_list_item_get_item (item));
  const TfResult *r = TF_IS_RESULT_ROW (object) ? tf_result_row_get_result (TF_RESULT_ROW (object))
                                                : NULL;
  g_autofree char *text = NULL;

  if (column->kind == TF_COLUMN_WARNINGS)
    {
      bind_warnings (child, r);
      return;
    }
  gtk_widget_remove_css_class (child, "recommended");
  gtk_widget_remove_css_class (child, "edge-case");
  if (r == NULL)
    {
      gtk_label_set_text (GTK_LABEL (child), "");
      return;
    }
  text = tf_result_dup_cell_text (column, r);
  gtk_label_set_text (GTK_LABEL (child), text);
  if (column->kind == TF_COLUMN_STATUS)
    gtk_widget_add_css_class (child, tf_result_get_status (r) == TF_STATUS_RECOMMENDED
                                     ? "recommended" : "edge-case");
}

char *
tf_family_row_dup_header (TfFamilyRow *family,
                          gboolean     filtered)
{
  const char *name = tf_family_get_name (tf_family_row_get_family (family));
  guint n = g_list_model_get_n_items (tf_family_row_get_results (family));
  guint64 total = tf_family_row_get_total (family);
  guint64 matched = tf_family_row_get_matched (family);
  g_autofree char *of = NULL;
  g_autofree char *total_text = tf_format_count (total);
  g_autofree char *matched_text = tf_format_count (matched);
  g_autofree char *n_text = tf_format_count (n);

  if (tf_family_row_get_excluded (family) != NULL)
    {
      const char *reason = tf_family_get_no_intra_board_reason (tf_family_row_get_family (family));

      /* Translators: %s is a family name, then why the intra-board topology does not apply. */
      return g_strdup_printf (_("%s — not with an intra-board topology: %s"), name,
                              reason ? _(reason) : "");
    }
  if (total == 0 && tf_family_get_size_rule (tf_family_row_get_family (family)) != NULL)
    /* Translators: a family name, then the chip counts it has results for. */
    return g_strdup_printf (_("%s — no legal topology: it has results for %s"), name,
                            _(tf_family_get_size_rule (tf_family_row_get_family (family))));
  if (total == 0)
    return g_strdup_printf (_("%s — no legal topology for this context"), name);
  if (filtered)
    /* Translators: a family, the results that pass the filters and its legal results. */
    of = g_strdup_printf (_("%s — %s of %s"), name, matched_text, total_text);
  else
    {
      g_autofree char *results = tf_format_things (total, "%s result", "%s results");

      of = g_strdup_printf ("%s — %s", name, results);
    }
  if (n < matched && n >= TF_ENUMERATE_MAX_RESULTS)
    /* Translators: the engine keeps at most this many results of a family. */
    return g_strdup_printf (_("%s, showing %s, the most kept"), of, n_text);
  if (n < matched)
    return g_strdup_printf (_("%s, showing %s"), of, n_text);
  return g_steal_pointer (&of);
}

/* The first column: a family's header with its "Show all" button, or what tells a result
 * apart, under an expander. */

/* The first column's tooltips, made when asked for (see tf-result-cells.c): a family's whole
 * header and what the family is, a result's full id. */
static gboolean
expander_query_tooltip (GtkWidget     *label,
                        int            x,
                        int            y,
                        gboolean       keyboard,
                        GtkTooltip    *tooltip,
                        GtkWidget     *view)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (label), "list-item");
  g_autoptr(GObject) object = item ? tf_result_cells_dup_row (gtk_list_item_get_item (item)) : NULL;

  if (TF_IS_FAMILY_ROW (object))
    {
      g_autofree char *text = tf_family_row_dup_header (TF_FAMILY_ROW (object), tf_results_view_get_filtered (TF_RESULTS_VIEW (view)));
      const char *common = tf_family_row_get_common_text (TF_FAMILY_ROW (object));
      g_autofree char *shared = common[0] ? g_strdup_printf (C_("family header", "all %s"), common)
                                          : NULL;
      g_autofree char *tip = g_strdup_printf ("%s%s%s\n%s", text, shared ? "\n" : "",
                                              shared ? shared : "",
                                              _(tf_family_get_description (tf_family_row_get_family (TF_FAMILY_ROW (object)))));

      gtk_tooltip_set_text (tooltip, tip);
      return TRUE;
    }
  if (TF_IS_RESULT_ROW (object))
    {
      gtk_tooltip_set_text (tooltip, tf_result_row_get_id (TF_RESULT_ROW (object)));
      return TRUE;
    }
  return FALSE;
}

static gboolean
show_all_query_tooltip (GtkWidget  *button,
                        int         x,
                        int         y,
                        gboolean    keyboard,
                        GtkTooltip *tooltip,
                        gpointer    user_data)
{
  gtk_tooltip_set_text (tooltip, _("List every result of this family that passes the filters"));
  return TRUE;
}

static void
setup_expander (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                GtkWidget                *view)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *button = gtk_button_new_with_label (_("Show all"));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "small");
  gtk_widget_set_has_tooltip (button, TRUE);
  g_signal_connect (button, "query-tooltip", G_CALLBACK (show_all_query_tooltip), NULL);
  /* The list item outlives its child. */
  g_object_set_data (G_OBJECT (label), "list-item", item);
  gtk_widget_set_has_tooltip (label, TRUE);
  g_signal_connect (label, "query-tooltip", G_CALLBACK (expander_query_tooltip), view);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), button);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (item, expander);
}

static void
show_all_clicked (GtkButton *button,
                  GtkWidget *view)
{
  const char *family = g_object_get_data (G_OBJECT (button), "family");

  if (family != NULL)
    g_signal_emit_by_name (view, "show-all", family);
}

static void
bind_expander (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               GtkWidget                *view)
{
  gpointer row = gtk_list_item_get_item (item);
  GtkWidget *expander = gtk_list_item_get_child (item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *label = gtk_widget_get_first_child (box);
  GtkWidget *button = gtk_widget_get_last_child (box);
  g_autoptr(GObject) object = tf_result_cells_dup_row (row);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander),
                                  GTK_IS_TREE_LIST_ROW (row) ? row : NULL);
  g_signal_handlers_disconnect_by_func (button, show_all_clicked, view);
  g_object_set_data (G_OBJECT (button), "family", NULL);
  gtk_widget_set_visible (button, FALSE);

  if (TF_IS_FAMILY_ROW (object))
    {
      TfFamilyRow *family = TF_FAMILY_ROW (object);
      const TfFamily *f = tf_family_row_get_family (family);
      guint n = g_list_model_get_n_items (tf_family_row_get_results (family));
      g_autofree char *text = tf_family_row_dup_header (family, tf_results_view_get_filtered (TF_RESULTS_VIEW (view)));

      const char *dash = strstr (text, " — ");
      g_autofree char *markup = NULL;

      /* Two lines, the family's name over its counts, so that a narrow first column cuts
       * neither (each line ends in "…" on its own; the tooltip says it whole). */
      const char *common = tf_family_row_get_common_text (family);

      /* What all its results share follows the name, so that the rows can leave it out. */
      if (dash != NULL && common[0] != '\0')
        {
          g_autofree char *name_part = g_strndup (text, dash - text);
          /* TRANSLATORS: after a family's name in the results list, what every result listed
           * under it has: "fat-tree  all 3 layers · osr 1" */
          g_autofree char *shared = g_strdup_printf (C_("family header", "all %s"), common);

          markup = g_markup_printf_escaped ("<b>%s</b>  <span alpha=\"70%%\">%s</span>\n"
                                            "<small>%s</small>", name_part, shared,
                                            dash + strlen (" — "));
        }
      else if (dash != NULL)
        {
          g_autofree char *name_part = g_strndup (text, dash - text);

          markup = g_markup_printf_escaped ("<b>%s</b>\n<small>%s</small>", name_part,
                                            dash + strlen (" — "));
        }
      else
        markup = g_markup_printf_escaped ("<b>%s</b>", text);
      gtk_label_set_markup (GTK_LABEL (label), markup);
      if (n < tf_family_row_get_matched (family) && n < TF_ENUMERATE_MAX_RESULTS)
        {
          g_object_set_data_full (G_OBJECT (button), "family",
                                  g_strdup (tf_family_get_name (f)), g_free);
          g_signal_connect (button, "clicked", G_CALLBACK (show_all_clicked), view);
          gtk_widget_set_visible (button, TRUE);
        }
    }
  else if (TF_IS_RESULT_ROW (object))
    {
      TfResultRow *r = TF_RESULT_ROW (object);
      const char *attrs = tf_result_row_get_attrs_text (r);

      /* Under its family a result is what tells it apart; in the flat list it needs its
       * family too. The whole id is in the tooltip. */
      if (tf_results_view_get_flat (TF_RESULTS_VIEW (view)))
        {
          g_autofree char *text = g_strdup_printf ("%s · %s",
                                                   tf_family_get_name (tf_result_row_get_result (r)->family),
                                                   attrs);

          gtk_label_set_text (GTK_LABEL (label), text);
        }
      else
        {
          /* Under its family, without what every result of the family shares (the header
           * says that once). */
          GtkTreeListRow *parent = GTK_IS_TREE_LIST_ROW (row)
                                     ? gtk_tree_list_row_get_parent (row) : NULL;
          g_autoptr(GObject) family = parent ? gtk_tree_list_row_get_item (parent) : NULL;

          if (TF_IS_FAMILY_ROW (family))
            {
              g_autofree char *distinct = tf_family_row_dup_distinct_text (TF_FAMILY_ROW (family),
                                                                           r);

              gtk_label_set_text (GTK_LABEL (label), distinct);
            }
          else
            gtk_label_set_text (GTK_LABEL (label), attrs);
          g_clear_object (&parent);
        }
    }
}

static void
unbind_expander (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 GtkWidget                *view)
{
  GtkWidget *expander = gtk_list_item_get_child (item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));

  g_signal_handlers_disconnect_by_func (gtk_widget_get_last_child (box), show_all_clicked, view);
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), NULL);
}

GtkListItemFactory *
tf_result_name_factory_new (GtkWidget *view)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (view), factory);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_expander), view);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_expander), view);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_expander), view);
  return factory;
}

GObject *
tf_result_cells_dup_row (gpointer item)
{
  if (item == NULL)
    return NULL;
  if (GTK_IS_TREE_LIST_ROW (item))
    return gtk_tree_list_row_get_item (item);
  return g_object_ref (item);
}

GtkListItemFactory *
tf_result_cell_factory_new (const TfColumn *column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_return_val_if_fail (column != NULL && column->kind != TF_COLUMN_ID, factory);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), (gpointer) column);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), (gpointer) column);
  return factory;
}
