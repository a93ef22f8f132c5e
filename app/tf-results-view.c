/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-results-view.c: the results tree over a GtkTreeListModel. */
#include <glib/gi18n.h>

#include "tf-results-view.h"

struct _TfResultsView
{
  GtkWidget           parent_instance;

  /* template children */
  GtkDropDown        *status_filter;
  GtkDropDown        *family_filter;
  GtkDropDown        *chips_per_board_filter;
  GtkLabel           *summary;
  GtkColumnView      *column_view;

  GListStore         *families;        /* TfFamilyRow */
  GtkFilterListModel *family_model;    /* families with something to show */
  GtkTreeListModel   *tree;
  GtkSortListModel   *sorted;
  GtkSingleSelection *selection;
  GtkCustomFilter    *family_rows;
  GtkCustomFilter    *result_rows;
  GtkColumnViewColumn *columns[TF_RESULT_N_COLUMNS];

  GtkStringList      *family_names;    /* the family drop-down: "All families", names... */
  GArray             *chips_per_board; /* guint, the values of the chips-per-board drop-down */
  TfResultRow        *selected;
};

G_DEFINE_FINAL_TYPE (TfResultsView, tf_results_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED,
  PROP_STATUS_FILTER,
  PROP_FAMILY_FILTER,
  PROP_CHIPS_PER_BOARD_FILTER,
  N_PROPS
};

enum {
  SHOW_ALL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Filters */

static guint
chips_per_board_filter (TfResultsView *self)
{
  guint i = gtk_drop_down_get_selected (self->chips_per_board_filter);

  return i != GTK_INVALID_LIST_POSITION && i > 0 && i <= self->chips_per_board->len
         ? g_array_index (self->chips_per_board, guint, i - 1) : 0;
}

static const char *
family_filter (TfResultsView *self)
{
  guint i = gtk_drop_down_get_selected (self->family_filter);

  return i != GTK_INVALID_LIST_POSITION && i > 0
         ? gtk_string_list_get_string (self->family_names, i) : NULL;
}

static gboolean
result_shown (TfResultsView  *self,
              const TfResult *result)
{
  guint status = gtk_drop_down_get_selected (self->status_filter);
  guint cpb = chips_per_board_filter (self);

  if (status == TF_STATUS_FILTER_RECOMMENDED
      && tf_result_get_status (result) != TF_STATUS_RECOMMENDED)
    return FALSE;
  if (status == TF_STATUS_FILTER_EDGE_CASE && tf_result_get_status (result) != TF_STATUS_EDGE_CASE)
    return FALSE;
  return cpb == 0 || result->chips_per_board == cpb;
}

static gboolean
filters_active (TfResultsView *self)
{
  return gtk_drop_down_get_selected (self->status_filter) != TF_STATUS_FILTER_ALL
         || chips_per_board_filter (self) != 0;
}

static gboolean
match_result (gpointer item,
              gpointer user_data)
{
  return result_shown (user_data, tf_result_row_get_result (item));
}

/* A family is shown when the family filter lets it through and, under a result filter, when
 * one of its results is shown; without one, families with no results stay to say why. */
static gboolean
match_family (gpointer item,
              gpointer user_data)
{
  TfResultsView *self = user_data;
  TfFamilyRow *row = item;
  const char *only = family_filter (self);
  GListModel *results = tf_family_row_get_results (row);

  if (only != NULL && g_strcmp0 (only, tf_family_get_name (tf_family_row_get_family (row))) != 0)
    return FALSE;
  if (!filters_active (self))
    return TRUE;
  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr(TfResultRow) r = g_list_model_get_item (results, i);

      if (result_shown (self, tf_result_row_get_result (r)))
        return TRUE;
    }
  return FALSE;
}

static void
update_summary (TfResultsView *self)
{
  guint n_families = 0, n = tf_results_view_get_n_shown (self, &n_families);
  g_autofree char *text = NULL;

  /* Translators: the first %u counts results, the second families. */
  text = g_strdup_printf (g_dngettext (NULL, "%u result", "%u results", n), n);
  if (n_families > 0)
    {
      char *both = g_strdup_printf (g_dngettext (NULL, "%s in %u family", "%s in %u families",
                                                 n_families), text, n_families);
      g_free (text);
      text = both;
    }
  gtk_label_set_text (self->summary, text);
}

static void
filters_changed (TfResultsView *self,
                 GParamSpec    *pspec,
                 GtkDropDown   *dropdown)
{
  g_assert (TF_IS_RESULTS_VIEW (self));

  gtk_filter_changed (GTK_FILTER (self->result_rows), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_filter_changed (GTK_FILTER (self->family_rows), GTK_FILTER_CHANGE_DIFFERENT);
  update_summary (self);
  if (dropdown == self->status_filter)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS_FILTER]);
  else if (dropdown == self->family_filter)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FAMILY_FILTER]);
  else
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHIPS_PER_BOARD_FILTER]);
}

static void
status_changed (TfResultsView *self,
                GParamSpec    *pspec)
{
  filters_changed (self, pspec, self->status_filter);
}

static void
family_changed (TfResultsView *self,
                GParamSpec    *pspec)
{
  filters_changed (self, pspec, self->family_filter);
}

static void
chips_per_board_changed (TfResultsView *self,
                         GParamSpec    *pspec)
{
  filters_changed (self, pspec, self->chips_per_board_filter);
}

/* The tree */

static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  TfResultsView *self = user_data;

  if (!TF_IS_FAMILY_ROW (item))
    return NULL;
  return G_LIST_MODEL (gtk_filter_list_model_new (
      g_object_ref (tf_family_row_get_results (item)),
      GTK_FILTER (g_object_ref (self->result_rows))));
}

/* Sorting: results compare by the column. Families compare equal, so the (stable) sort keeps
 * them in the registry's order whichever way a column sorts. */
static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  TfResultColumn column = GPOINTER_TO_UINT (user_data);

  if (TF_IS_RESULT_ROW ((gpointer) a) && TF_IS_RESULT_ROW ((gpointer) b))
    return tf_result_row_compare ((TfResultRow *) a, (TfResultRow *) b, column);
  return 0;
}

/* Cells */

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

static void
setup_expander (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                TfResultsView            *self)
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
  gtk_widget_set_tooltip_text (button, _("List every legal result of this family, not just the first ones"));
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), button);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (item, expander);
}

static void
show_all_clicked (GtkButton     *button,
                  TfResultsView *self)
{
  const char *family = g_object_get_data (G_OBJECT (button), "family");

  if (family != NULL)
    g_signal_emit (self, signals[SHOW_ALL], 0, family);
}

static void
bind_expander (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               TfResultsView            *self)
{
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  GtkWidget *expander = gtk_list_item_get_child (item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *label = gtk_widget_get_first_child (box);
  GtkWidget *button = gtk_widget_get_last_child (box);
  gpointer object = gtk_tree_list_row_get_item (row);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  g_signal_handlers_disconnect_by_func (button, show_all_clicked, self);
  g_object_set_data (G_OBJECT (button), "family", NULL);
  gtk_widget_set_visible (button, FALSE);
  gtk_widget_set_tooltip_text (label, NULL);
  gtk_widget_remove_css_class (label, "heading");

  if (TF_IS_FAMILY_ROW (object))
    {
      TfFamilyRow *family = object;
      const char *name = tf_family_get_name (tf_family_row_get_family (family));
      guint n = g_list_model_get_n_items (tf_family_row_get_results (family));
      guint64 total = tf_family_row_get_total (family);
      g_autofree char *text = NULL;

      if (tf_family_row_get_excluded (family) != NULL)
        {
          const char *reason = tf_family_get_no_intra_board_reason (tf_family_row_get_family (family));

          /* Translators: %s is a family name, then why the intra-board topology does not apply. */
          text = g_strdup_printf (_("%s — not with an intra-board topology: %s"), name,
                                  reason ? _(reason) : "");
        }
      else if (total == 0)
        text = g_strdup_printf (_("%s — no legal topology for this context"), name);
      else if (n < total && n >= TF_ENUMERATE_MAX_RESULTS)
        /* Translators: the engine keeps at most this many results of a family. */
        text = g_strdup_printf (_("%s — showing %u of %llu, the most kept"), name, n,
                                (unsigned long long) total);
      else if (n < total)
        text = g_strdup_printf (_("%s — showing %u of %llu"), name, n,
                                (unsigned long long) total);
      else
        text = g_strdup_printf (g_dngettext (NULL, "%s — %llu result", "%s — %llu results",
                                             total),
                                name, (unsigned long long) total);
      gtk_label_set_text (GTK_LABEL (label), text);
      gtk_widget_set_tooltip_text (label, _(tf_family_get_description (tf_family_row_get_family (family))));
      gtk_widget_add_css_class (label, "heading");
      if (n < total && n < TF_ENUMERATE_MAX_RESULTS)
        {
          g_object_set_data_full (G_OBJECT (button), "family", g_strdup (name), g_free);
          g_signal_connect (button, "clicked", G_CALLBACK (show_all_clicked), self);
          gtk_widget_set_visible (button, TRUE);
        }
    }
  else if (TF_IS_RESULT_ROW (object))
    {
      /* Under its family, a result is its key attributes; the whole id is in the tooltip. */
      gtk_label_set_text (GTK_LABEL (label), tf_result_row_get_attrs_text (object));
      gtk_widget_set_tooltip_text (label, tf_result_row_get_id (object));
    }
  g_object_unref (object);
}

static void
unbind_expander (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 TfResultsView            *self)
{
  GtkWidget *expander = gtk_list_item_get_child (item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));

  g_signal_handlers_disconnect_by_func (gtk_widget_get_last_child (box), show_all_clicked, self);
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), NULL);
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  TfResultColumn column = GPOINTER_TO_UINT (user_data);
  GtkWidget *child;

  if (column == TF_RESULT_COLUMN_WARNINGS)
    {
      child = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
    }
  else
    {
      child = gtk_label_new (NULL);
      gtk_label_set_ellipsize (GTK_LABEL (child), PANGO_ELLIPSIZE_END);
      if (column == TF_RESULT_COLUMN_STATUS)
        gtk_label_set_xalign (GTK_LABEL (child), 0);
      else
        {
          gtk_label_set_xalign (GTK_LABEL (child), 1);
          gtk_widget_add_css_class (child, "numeric");
        }
    }
  gtk_list_item_set_child (item, child);
}

static void
set_number (GtkWidget  *label,
            guint64     value,
            TfMethod    method,
            const char *tooltip)
{
  g_autofree char *text = method == TF_METHOD_UPPER_BOUND
                          ? g_strdup_printf ("≤ %" G_GUINT64_FORMAT, value)
                          : g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, tooltip ? tooltip : method_name (method));
}

static void
bind_warnings (GtkWidget      *box,
               const TfResult *r)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
  for (guint i = 0; i < r->n_warnings; i++)
    {
      GtkWidget *chip = gtk_label_new (_(r->warnings[i]->label));

      gtk_widget_set_tooltip_text (chip, _(r->warnings[i]->description));
      gtk_widget_add_css_class (chip, "warning-chip");
      gtk_box_append (GTK_BOX (box), chip);
    }
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  TfResultColumn column = GPOINTER_TO_UINT (user_data);
  GtkWidget *child = gtk_list_item_get_child (item);
  g_autoptr(GObject) object = gtk_tree_list_row_get_item (gtk_list_item_get_item (item));
  const TfResult *r;
  const TfMetrics *m;
  g_autofree char *tip = NULL;

  if (!TF_IS_RESULT_ROW (object))
    {
      if (GTK_IS_LABEL (child))
        {
          gtk_label_set_text (GTK_LABEL (child), "");
          gtk_widget_set_tooltip_text (child, NULL);
          gtk_widget_remove_css_class (child, "recommended");
          gtk_widget_remove_css_class (child, "edge-case");
        }
      else
        bind_warnings (child, &(TfResult) { 0 });
      return;
    }

  r = tf_result_row_get_result (TF_RESULT_ROW (object));
  m = &r->metrics;
  switch (column)
    {
    case TF_RESULT_COLUMN_STATUS:
      gtk_label_set_text (GTK_LABEL (child), status_label (tf_result_get_status (r)));
      gtk_widget_remove_css_class (child, "recommended");
      gtk_widget_remove_css_class (child, "edge-case");
      gtk_widget_add_css_class (child, tf_result_get_status (r) == TF_STATUS_RECOMMENDED
                                       ? "recommended" : "edge-case");
      break;
    case TF_RESULT_COLUMN_WARNINGS:
      bind_warnings (child, r);
      break;
    case TF_RESULT_COLUMN_N_ENDPOINT:
      set_number (child, r->n_endpoint, TF_METHOD_EXACT,
                  _("Endpoints of the family's structure (boards or chips at its leaves)"));
      break;
    case TF_RESULT_COLUMN_CHIPS_PER_BOARD:
      set_number (child, r->chips_per_board, TF_METHOD_EXACT,
                  _("Chips per board, derived from the topology"));
      break;
    case TF_RESULT_COLUMN_SWITCHES:
      set_number (child, m->switch_count, m->counts_method, NULL);
      break;
    case TF_RESULT_COLUMN_LINKS:
      {
        g_autofree char *per_chip = m->links_per_chip_min == m->links_per_chip_max
          ? g_strdup_printf (_("every chip drives %u"), m->links_per_chip_max)
          : g_strdup_printf (_("chips drive %u to %u"), m->links_per_chip_min,
                             m->links_per_chip_max);

        tip = g_strdup_printf (_("By type: C2C %llu, B2B %llu, R2R %llu, P2P %llu\n"
                                 "By reach: board %llu, rack %llu, pod %llu, datacenter %llu\n"
                                 "Links per chip: %s; the busiest switch: %u ports"),
                               (unsigned long long) m->link_count_by_type[TF_LINK_C2C],
                               (unsigned long long) m->link_count_by_type[TF_LINK_B2B],
                               (unsigned long long) m->link_count_by_type[TF_LINK_R2R],
                               (unsigned long long) m->link_count_by_type[TF_LINK_P2P],
                               (unsigned long long) m->link_count_by_reach[TF_REACH_BOARD],
                               (unsigned long long) m->link_count_by_reach[TF_REACH_RACK],
                               (unsigned long long) m->link_count_by_reach[TF_REACH_POD],
                               (unsigned long long) m->link_count_by_reach[TF_REACH_DATACENTER],
                               per_chip, m->switch_radix);
      }
      set_number (child, m->link_count, m->counts_method, tip);
      break;
    case TF_RESULT_COLUMN_DIAMETER:
      tip = g_strdup_printf (_("Average path %.2f hops; %s"), m->average_path_length,
                             method_name (m->diameter_method));
      set_number (child, m->diameter, m->diameter_method, tip);
      break;
    case TF_RESULT_COLUMN_BISECTION:
      tip = g_strdup_printf (_("%.0f GB/s across the cut; %s"), m->bisection_bandwidth,
                             method_name (m->bisection_links_method));
      set_number (child, m->bisection_links, m->bisection_links_method, tip);
      break;
    case TF_RESULT_COLUMN_PATH_DIVERSITY:
      set_number (child, m->path_diversity, m->path_diversity_method, NULL);
      break;
    case TF_RESULT_COLUMN_ID:
    case TF_RESULT_N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

typedef struct
{
  TfResultColumn column;
  const char    *title;
  const char    *tooltip;
  gboolean       expand;
} ColumnInfo;

static const ColumnInfo column_info[] = {
  { TF_RESULT_COLUMN_ID, N_("Family and parameters"), NULL, TRUE },
  { TF_RESULT_COLUMN_STATUS, N_("Status"), NULL, FALSE },
  { TF_RESULT_COLUMN_WARNINGS, N_("Warnings"), NULL, FALSE },
  { TF_RESULT_COLUMN_N_ENDPOINT, N_("Endpoints"), NULL, FALSE },
  { TF_RESULT_COLUMN_CHIPS_PER_BOARD, N_("Chips/board"), NULL, FALSE },
  { TF_RESULT_COLUMN_SWITCHES, N_("Switches"), NULL, FALSE },
  { TF_RESULT_COLUMN_LINKS, N_("Links"), NULL, FALSE },
  { TF_RESULT_COLUMN_DIAMETER, N_("Diameter"), NULL, FALSE },
  { TF_RESULT_COLUMN_BISECTION, N_("Bisection"), NULL, FALSE },
  { TF_RESULT_COLUMN_PATH_DIVERSITY, N_("Paths"), NULL, FALSE },
};

static void
add_columns (TfResultsView *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (column_info); i++)
    {
      const ColumnInfo *info = &column_info[i];
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkSorter *sorter;

      if (info->column == TF_RESULT_COLUMN_ID)
        {
          g_signal_connect (factory, "setup", G_CALLBACK (setup_expander), self);
          g_signal_connect (factory, "bind", G_CALLBACK (bind_expander), self);
          g_signal_connect (factory, "unbind", G_CALLBACK (unbind_expander), self);
        }
      else
        {
          g_signal_connect (factory, "setup", G_CALLBACK (setup_cell),
                            GUINT_TO_POINTER (info->column));
          g_signal_connect (factory, "bind", G_CALLBACK (bind_cell),
                            GUINT_TO_POINTER (info->column));
        }
      column = gtk_column_view_column_new (_(info->title), factory);
      sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, GUINT_TO_POINTER (info->column),
                                                  NULL));
      gtk_column_view_column_set_sorter (column, sorter);
      g_object_unref (sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, info->expand);
      if (info->column == TF_RESULT_COLUMN_ID)
        gtk_column_view_column_set_fixed_width (column, 280);
      else if (info->column == TF_RESULT_COLUMN_STATUS)
        gtk_column_view_column_set_fixed_width (column, 132);
      else if (info->column == TF_RESULT_COLUMN_WARNINGS)
        gtk_column_view_column_set_fixed_width (column, 180);
      gtk_column_view_append_column (self->column_view, column);
      self->columns[info->column] = column;
      g_object_unref (column);
    }
}

/* Selection */

static void
selection_changed (TfResultsView *self)
{
  GtkTreeListRow *row = gtk_single_selection_get_selected_item (self->selection);
  g_autoptr(GObject) object = row ? gtk_tree_list_row_get_item (row) : NULL;
  TfResultRow *selected = TF_IS_RESULT_ROW (object) ? TF_RESULT_ROW (object) : NULL;

  g_assert (TF_IS_RESULTS_VIEW (self));

  if (selected == self->selected)
    return;
  g_set_object (&self->selected, selected);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

TfResultRow *
tf_results_view_get_selected (TfResultsView *self)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), NULL);
  return self->selected;
}

static gpointer
shown_item (TfResultsView *self,
            guint          position)
{
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  return row ? gtk_tree_list_row_get_item (row) : NULL;
}

guint
tf_results_view_get_n_shown (TfResultsView *self,
                             guint         *n_families)
{
  guint n = 0, f = 0, n_items;

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), 0);

  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(GObject) object = shown_item (self, i);

      n += TF_IS_RESULT_ROW (object);
      f += TF_IS_FAMILY_ROW (object);
    }
  if (n_families != NULL)
    *n_families = f;
  return n;
}

TfResultRow *
tf_results_view_get_shown (TfResultsView *self,
                           guint          index)
{
  guint n_items;

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), NULL);

  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(GObject) object = shown_item (self, i);

      if (TF_IS_RESULT_ROW (object) && index-- == 0)
        return TF_RESULT_ROW (object);
    }
  return NULL;
}

static void
select_position (TfResultsView *self,
                 guint          position)
{
  gtk_single_selection_set_selected (self->selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self->column_view), "list.scroll-to-item", "u",
                              position);
}

gboolean
tf_results_view_select (TfResultsView *self,
                        const char    *family,
                        guint          index)
{
  guint n_items;

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);

  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(GObject) object = shown_item (self, i);
      const TfResult *r;

      if (!TF_IS_RESULT_ROW (object))
        continue;
      r = tf_result_row_get_result (TF_RESULT_ROW (object));
      if (family != NULL && g_strcmp0 (tf_family_get_name (r->family), family) != 0)
        continue;
      if (index-- == 0)
        {
          select_position (self, i);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
tf_results_view_select_first (TfResultsView *self)
{
  guint n_items, first = GTK_INVALID_LIST_POSITION;

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);

  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(GObject) object = shown_item (self, i);

      if (!TF_IS_RESULT_ROW (object))
        continue;
      if (tf_result_get_status (tf_result_row_get_result (TF_RESULT_ROW (object)))
          == TF_STATUS_RECOMMENDED)
        {
          select_position (self, i);
          return TRUE;
        }
      if (first == GTK_INVALID_LIST_POSITION)
        first = i;
    }
  if (first == GTK_INVALID_LIST_POSITION)
    return FALSE;
  select_position (self, first);
  return TRUE;
}

void
tf_results_view_sort_by (TfResultsView  *self,
                         TfResultColumn  column,
                         GtkSortType     order)
{
  g_return_if_fail (TF_IS_RESULTS_VIEW (self));
  g_return_if_fail (column < TF_RESULT_N_COLUMNS);

  gtk_column_view_sort_by_column (self->column_view, self->columns[column], order);
}

/* Contents */

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

static void
set_chips_per_board_values (TfResultsView       *self,
                            const TfEnumeration *e)
{
  guint keep = chips_per_board_filter (self), select = 0;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_array_set_size (self->chips_per_board, 0);
  for (guint f = 0; e != NULL && f < e->n_families; f++)
    for (guint i = 0; i < e->families[f].n_results; i++)
      {
        guint c = e->families[f].results[i].chips_per_board;

        if (g_hash_table_add (seen, GUINT_TO_POINTER (c)))
          g_array_append_val (self->chips_per_board, c);
      }
  /* Keep a chosen value even when this enumeration has no result with it: the filter then
   * shows nothing, which is the true answer. */
  if (keep != 0 && !g_hash_table_contains (seen, GUINT_TO_POINTER (keep)))
    g_array_append_val (self->chips_per_board, keep);
  g_array_sort (self->chips_per_board, compare_uint);
  gtk_string_list_append (names, _("Any"));
  for (guint i = 0; i < self->chips_per_board->len; i++)
    {
      char text[16];
      guint c = g_array_index (self->chips_per_board, guint, i);

      g_snprintf (text, sizeof text, "%u", c);
      gtk_string_list_append (names, text);
      if (c == keep)
        select = i + 1;
    }
  g_signal_handlers_block_by_func (self->chips_per_board_filter, chips_per_board_changed, self);
  gtk_drop_down_set_model (self->chips_per_board_filter, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->chips_per_board_filter, select);
  g_signal_handlers_unblock_by_func (self->chips_per_board_filter, chips_per_board_changed, self);
}

void
tf_results_view_set_enumeration (TfResultsView       *self,
                                 const TfEnumeration *enumeration)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (TF_IS_RESULTS_VIEW (self));

  for (guint f = 0; enumeration != NULL && f < enumeration->n_families; f++)
    g_ptr_array_add (rows, tf_family_row_new (&enumeration->families[f]));
  set_chips_per_board_values (self, enumeration);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_list_store_splice (self->families, 0, g_list_model_get_n_items (G_LIST_MODEL (self->families)),
                       rows->pdata, rows->len);
  gtk_filter_changed (GTK_FILTER (self->result_rows), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_filter_changed (GTK_FILTER (self->family_rows), GTK_FILTER_CHANGE_DIFFERENT);
  update_summary (self);
}

void
tf_results_view_set_family (TfResultsView             *self,
                            const TfFamilyEnumeration *family)
{
  guint n;

  g_return_if_fail (TF_IS_RESULTS_VIEW (self));
  g_return_if_fail (family != NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->families));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TfFamilyRow) row = g_list_model_get_item (G_LIST_MODEL (self->families), i);

      if (tf_family_row_get_family (row) == family->family)
        {
          tf_family_row_set_results (row, family);
          /* The parent's label ("showing 50 of N") changes with its children. */
          g_list_model_items_changed (G_LIST_MODEL (self->families), i, 1, 1);
        }
    }
  gtk_filter_changed (GTK_FILTER (self->family_rows), GTK_FILTER_CHANGE_DIFFERENT);
  update_summary (self);
}

/* GObject */

static void
tf_results_view_dispose (GObject *object)
{
  TfResultsView *self = TF_RESULTS_VIEW (object);

  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), TF_TYPE_RESULTS_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selected);
  g_clear_object (&self->selection);
  g_clear_object (&self->families);
  g_clear_object (&self->family_rows);
  g_clear_object (&self->result_rows);
  g_clear_object (&self->family_names);
  g_clear_pointer (&self->chips_per_board, g_array_unref);
  G_OBJECT_CLASS (tf_results_view_parent_class)->dispose (object);
}

static void
tf_results_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TfResultsView *self = TF_RESULTS_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_object (value, self->selected);
      break;

    case PROP_STATUS_FILTER:
      g_value_set_uint (value, gtk_drop_down_get_selected (self->status_filter));
      break;

    case PROP_FAMILY_FILTER:
      g_value_set_string (value, family_filter (self));
      break;

    case PROP_CHIPS_PER_BOARD_FILTER:
      g_value_set_uint (value, chips_per_board_filter (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_family_filter (TfResultsView *self,
                   const char    *name)
{
  guint select = 0;

  for (guint i = 1; name != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (self->family_names)); i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->family_names, i), name) == 0)
      select = i;
  gtk_drop_down_set_selected (self->family_filter, select);
}

static void
set_chips_per_board_filter (TfResultsView *self,
                            guint          value)
{
  guint select = 0;

  for (guint i = 0; i < self->chips_per_board->len; i++)
    if (g_array_index (self->chips_per_board, guint, i) == value)
      select = i + 1;
  if (value != 0 && select == 0)
    {
      char text[16];

      /* A value no result has (yet): offer it, so the filter says "nothing" truthfully. */
      g_array_append_val (self->chips_per_board, value);
      g_snprintf (text, sizeof text, "%u", value);
      gtk_string_list_append (GTK_STRING_LIST (gtk_drop_down_get_model (self->chips_per_board_filter)),
                              text);
      select = self->chips_per_board->len;
    }
  gtk_drop_down_set_selected (self->chips_per_board_filter, select);
}

static void
tf_results_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  TfResultsView *self = TF_RESULTS_VIEW (object);

  switch (prop_id)
    {
    case PROP_STATUS_FILTER:
      gtk_drop_down_set_selected (self->status_filter, MIN (g_value_get_uint (value),
                                                            TF_STATUS_FILTER_EDGE_CASE));
      break;

    case PROP_FAMILY_FILTER:
      set_family_filter (self, g_value_get_string (value));
      break;

    case PROP_CHIPS_PER_BOARD_FILTER:
      set_chips_per_board_filter (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_results_view_class_init (TfResultsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tf_results_view_dispose;
  object_class->get_property = tf_results_view_get_property;
  object_class->set_property = tf_results_view_set_property;

  properties[PROP_SELECTED] =
    g_param_spec_object ("selected", NULL, NULL, TF_TYPE_RESULT_ROW,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS_FILTER] =
    g_param_spec_uint ("status-filter", NULL, NULL, 0, TF_STATUS_FILTER_EDGE_CASE, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FAMILY_FILTER] =
    g_param_spec_string ("family-filter", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHIPS_PER_BOARD_FILTER] =
    g_param_spec_uint ("chips-per-board-filter", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The user asked for every result of a family (its name). */
  signals[SHOW_ALL] = g_signal_new ("show-all", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/topoforge/Topoforge/ui/tf-results-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, status_filter);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, family_filter);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, chips_per_board_filter);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, summary);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, column_view);
}

static void
tf_results_view_init (TfResultsView *self)
{
  GtkTreeListRowSorter *sorter;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->chips_per_board = g_array_new (FALSE, FALSE, sizeof (guint));
  self->family_names = gtk_string_list_new (NULL);
  gtk_string_list_append (self->family_names, _("All families"));
  for (guint i = 0; i < tf_families_get_count (); i++)
    gtk_string_list_append (self->family_names, tf_family_get_name (tf_families_get (i)));
  gtk_drop_down_set_model (self->family_filter, G_LIST_MODEL (self->family_names));
  set_chips_per_board_values (self, NULL);

  self->families = g_list_store_new (TF_TYPE_FAMILY_ROW);
  self->family_rows = gtk_custom_filter_new (match_family, self, NULL);
  self->result_rows = gtk_custom_filter_new (match_result, self, NULL);
  self->family_model = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->families)),
                                                  g_object_ref (GTK_FILTER (self->family_rows)));
  self->tree = gtk_tree_list_model_new (G_LIST_MODEL (self->family_model), FALSE, TRUE,
                                        create_children, self, NULL);
  add_columns (self);
  sorter = gtk_tree_list_row_sorter_new (g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (self->tree), GTK_SORTER (sorter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (selection_changed), self);
  g_signal_connect_swapped (self->status_filter, "notify::selected",
                            G_CALLBACK (status_changed), self);
  g_signal_connect_swapped (self->family_filter, "notify::selected",
                            G_CALLBACK (family_changed), self);
  g_signal_connect_swapped (self->chips_per_board_filter, "notify::selected",
                            G_CALLBACK (chips_per_board_changed), self);
  update_summary (self);
}

GtkWidget *
tf_results_view_new (void)
{
  return g_object_new (TF_TYPE_RESULTS_VIEW, NULL);
}
