/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-results-view.c: the results list, a GtkColumnView over a GtkTreeListModel of families or
 * the flat rows (see tf-results-view.h); its cells are tf-result-cells.c. Its
 * columns are the engine's table of columns (tf_columns_get ()), so a column added there shows
 * up here, in the column chooser and in the sort menu without code of its own
 * (tf-results-columns.c). */
#include <glib/gi18n.h>

#include "tf-format.h"
#include "tf-result-cells.h"
#include "tf-results-columns.h"
#include "tf-results-view.h"

struct _TfResultsView
{
  GtkWidget           parent_instance;

  /* template children */
  GtkDropDown        *status_filter;
  GtkDropDown        *chips_per_board_filter;
  GtkSearchEntry     *match_entry;
  GtkSearchEntry     *where_entry;
  GtkDropDown        *sort_column;
  GtkToggleButton    *descending;
  GtkToggleButton    *flat;
  GtkBox             *columns_box;
  GtkLabel           *summary;
  GtkButton          *show_all;
  GtkRevealer        *progress_revealer;
  GtkProgressBar     *progress;
  GtkColumnView      *column_view;

  GListStore         *families;        /* TfFamilyRow */
  GListStore         *rows;            /* TfResultRow across families, the query's order */
  GtkSingleSelection *selection;
  GPtrArray          *columns;         /* GtkColumnViewColumn, as tf_columns_get () */
  GPtrArray          *sort_columns;    /* const TfColumn *, the sort menu's entries after the
                                        * first (the engine's order) */
  GArray             *chips_per_board; /* guint, the values of the chips-per-board drop-down */
  gboolean            has_enumeration;
  gboolean            filtered;        /* the enumeration shown was filtered */
  guint64             matched;
  guint64             rows_capped;
  TfResultRow        *selected;
};

G_DEFINE_FINAL_TYPE (TfResultsView, tf_results_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED,
  PROP_STATUS_FILTER,
  PROP_CHIPS_PER_BOARD_FILTER,
  PROP_MATCH,
  PROP_WHERE,
  PROP_SORT,
  PROP_DESCENDING,
  PROP_FLAT,
  N_PROPS
};

enum {
  SHOW_ALL,
  QUERY_CHANGED,
  CANCEL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void rebuild_tree (TfResultsView *self);

/* The query */

static guint
chips_per_board_filter (TfResultsView *self)
{
  guint i = gtk_drop_down_get_selected (self->chips_per_board_filter);

  return i != GTK_INVALID_LIST_POSITION && i > 0 && i <= self->chips_per_board->len
         ? g_array_index (self->chips_per_board, guint, i - 1) : 0;
}

static const TfColumn *
sort_column (TfResultsView *self)
{
  guint i = gtk_drop_down_get_selected (self->sort_column);

  return i != GTK_INVALID_LIST_POSITION && i > 0 && i <= self->sort_columns->len
         ? g_ptr_array_index (self->sort_columns, i - 1) : NULL;
}

/* The Where entry's text: conditions the engine reads (tf_query_add_condition_text ()),
 * separated by commas; empty ones are skipped, so "cost<=9e6," reads while being typed. All or
 * nothing: one condition the engine refuses and none of them goes into @query. */
static gboolean
add_where (TfQuery     *query,
           const char  *text,
           GError     **error)
{
  g_auto(GStrv) items = g_strsplit (text != NULL ? text : "", ",", -1);
  g_auto(TfQuery) read = { 0 };

  tf_query_init (&read);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_strstrip (items[i]);
      if (items[i][0] != '\0' && !tf_query_add_condition_text (&read, items[i], error))
        return FALSE;
    }
  for (guint i = 0; read.conditions != NULL && i < read.conditions->len; i++)
    {
      const TfCondition *c = &g_array_index (read.conditions, TfCondition, i);

      if (c->other != NULL)
        tf_query_add_column_condition (query, c->column, c->compare, c->other);
      else
        tf_query_add_condition (query, c->column, c->compare, c->value);
    }
  return TRUE;
}

void
tf_results_view_get_query (TfResultsView *self,
                           TfQuery       *out)
{
  guint status, cpb;

  g_return_if_fail (TF_IS_RESULTS_VIEW (self));
  g_return_if_fail (out != NULL);

  tf_query_init (out);
  status = gtk_drop_down_get_selected (self->status_filter);
  if (status == TF_STATUS_FILTER_RECOMMENDED)
    out->statuses = 1u << TF_STATUS_RECOMMENDED;
  else if (status == TF_STATUS_FILTER_EDGE_CASE)
    out->statuses = 1u << TF_STATUS_EDGE_CASE;
  cpb = chips_per_board_filter (self);
  if (cpb != 0)
    tf_query_add_chips_per_board (out, cpb, cpb);
  tf_query_set_match (out, gtk_editable_get_text (GTK_EDITABLE (self->match_entry)));
  /* Text the engine refuses filters nothing; the entry says why (where_edited ()). */
  add_where (out, gtk_editable_get_text (GTK_EDITABLE (self->where_entry)), NULL);
  out->sort = sort_column (self);
  out->descending = gtk_toggle_button_get_active (self->descending);
}

static void
query_changed (TfResultsView *self,
               guint          prop)
{
  g_assert (TF_IS_RESULTS_VIEW (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  g_signal_emit (self, signals[QUERY_CHANGED], 0);
}

static void
status_changed (TfResultsView *self)
{
  query_changed (self, PROP_STATUS_FILTER);
}

static void
chips_per_board_changed (TfResultsView *self)
{
  query_changed (self, PROP_CHIPS_PER_BOARD_FILTER);
}

static void
match_changed (TfResultsView *self)
{
  query_changed (self, PROP_MATCH);
}

/* Right away, as the text changes: whether the engine reads it, and if not, its words. */
static void
where_edited (TfResultsView *self)
{
  g_autoptr(GError) error = NULL;
  g_auto(TfQuery) scratch = { 0 };
  GtkWidget *entry = GTK_WIDGET (self->where_entry);

  g_assert (TF_IS_RESULTS_VIEW (self));

  tf_query_init (&scratch);
  if (add_where (&scratch, gtk_editable_get_text (GTK_EDITABLE (entry)), &error))
    {
      gtk_widget_remove_css_class (entry, "error");
      gtk_widget_set_tooltip_text (entry, _("Show only results whose columns compare so, e.g. "
                                            "cost<=9e6, racks<=32 (<, <=, =, >=, >; all must "
                                            "hold)"));
    }
  else
    {
      gtk_widget_add_css_class (entry, "error");
      gtk_widget_set_tooltip_text (entry, error->message);
    }
}

/* After the entry's pause in typing, as for the id match. */
static void
where_changed (TfResultsView *self)
{
  query_changed (self, PROP_WHERE);
}

static void
sort_changed (TfResultsView *self)
{
  query_changed (self, PROP_SORT);
}

static void
descending_changed (TfResultsView *self)
{
  query_changed (self, PROP_DESCENDING);
}

static void
flat_changed (TfResultsView *self)
{
  g_autofree char *id = NULL;

  g_assert (TF_IS_RESULTS_VIEW (self));

  /* The same rows, another shape: the selected one stays selected. */
  if (self->selected != NULL)
    id = g_strdup (tf_result_row_get_id (self->selected));
  rebuild_tree (self);
  if (id != NULL)
    tf_results_view_select_id (self, id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLAT]);
}

/* Summary and headers */

static gboolean
is_flat (TfResultsView *self)
{
  return gtk_toggle_button_get_active (self->flat);
}

static void
update_summary (TfResultsView *self)
{
  guint n_families = 0, n = tf_results_view_get_n_shown (self, &n_families);
  g_autofree char *matched = tf_format_count (self->matched);
  g_autofree char *shown = tf_format_count (n);
  g_autofree char *text = NULL;

  if (!self->has_enumeration)
    text = g_strdup ("");
  else if (self->matched == 0 && self->filtered)
    text = g_strdup (_("No result matches the filters"));
  else if (n < self->matched)
    /* Translators: "50 of 3,840 results shown". */
    text = g_strdup_printf (ngettext ("%s of %s result shown", "%s of %s results shown",
                                      (unsigned long) MIN (self->matched, G_MAXULONG)),
                            shown, matched);
  else
    text = tf_format_things (n, "%s result", "%s results");
  if (self->has_enumeration && !is_flat (self) && n_families > 0)
    {
      g_autofree char *families = tf_format_things (n_families, "%s family", "%s families");
      char *both = g_strdup_printf (_("%s in %s"), text, families);

      g_free (text);
      text = both;
    }
  gtk_label_set_text (self->summary, text);
  gtk_widget_set_visible (GTK_WIDGET (self->show_all),
                          is_flat (self) && n < self->matched
                          && self->rows_capped == 0);
}

/* The tree */

static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  if (!TF_IS_FAMILY_ROW (item))
    return NULL;
  return G_LIST_MODEL (g_object_ref (tf_family_row_get_results (item)));
}

static void
selection_changed (TfResultsView *self)
{
  g_autoptr(GObject) object = tf_result_cells_dup_row (gtk_single_selection_get_selected_item (self->selection));
  TfResultRow *selected = TF_IS_RESULT_ROW (object) ? TF_RESULT_ROW (object) : NULL;

  g_assert (TF_IS_RESULTS_VIEW (self));

  if (selected == self->selected)
    return;
  g_set_object (&self->selected, selected);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

/* A new list: a tree over the families, or the flat rows themselves (a GtkTreeListModel over
 * 20,000 rows takes seconds to build; the rows take none); nothing is selected in it. */
static void
rebuild_tree (TfResultsView *self)
{
  GListModel *model;

  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_func (self->selection, selection_changed, self);
  g_clear_object (&self->selection);
  if (is_flat (self))
    model = g_object_ref (G_LIST_MODEL (self->rows));
  else
    model = G_LIST_MODEL (gtk_tree_list_model_new (g_object_ref (G_LIST_MODEL (self->families)),
                                                   FALSE, TRUE, create_children, self, NULL));
  self->selection = gtk_single_selection_new (model);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (selection_changed), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  selection_changed (self);
  update_summary (self);
}

/* Cells (tf-result-cells.c) and columns (tf-results-columns.c) */

static void
show_every_row_clicked (TfResultsView *self)
{
  g_signal_emit (self, signals[SHOW_ALL], 0, NULL);
}

void
tf_results_view_set_column_visible (TfResultsView *self,
                                    const char    *column,
                                    gboolean       visible)
{
  GtkColumnViewColumn *c;

  g_return_if_fail (TF_IS_RESULTS_VIEW (self));

  c = tf_results_columns_find (self->columns, column);
  if (c != NULL)
    gtk_column_view_column_set_visible (c, visible);
}

gboolean
tf_results_view_get_flat (TfResultsView *self)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);
  return is_flat (self);
}

gboolean
tf_results_view_get_filtered (TfResultsView *self)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);
  return self->filtered;
}

gboolean
tf_results_view_get_column_visible (TfResultsView *self,
                                    const char    *column)
{
  GtkColumnViewColumn *c;

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);

  c = tf_results_columns_find (self->columns, column);
  return c != NULL && gtk_column_view_column_get_visible (c);
}

/* Selection and what is shown */

TfResultRow *
tf_results_view_get_selected (TfResultsView *self)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), NULL);
  return self->selected;
}

void
tf_results_view_unselect (TfResultsView *self)
{
  g_return_if_fail (TF_IS_RESULTS_VIEW (self));
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
}

static gpointer
shown_item (TfResultsView *self,
            guint          position)
{
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  return tf_result_cells_dup_row (item);
}

guint
tf_results_view_get_n_shown (TfResultsView *self,
                             guint         *n_families)
{
  guint n = 0, f = 0;

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), 0);

  if (is_flat (self))
    n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  else
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->families)); i++)
      {
        g_autoptr(TfFamilyRow) family = g_list_model_get_item (G_LIST_MODEL (self->families), i);

        n += g_list_model_get_n_items (tf_family_row_get_results (family));
        f++;
      }
  if (n_families != NULL)
    *n_families = f;
  return n;
}

/* The tree position of the @index-th result row, or GTK_INVALID_LIST_POSITION. */
static guint
result_position (TfResultsView *self,
                 guint          index)
{
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  if (is_flat (self))
    return index < n_items ? index : GTK_INVALID_LIST_POSITION;
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(GObject) object = shown_item (self, i);

      if (TF_IS_RESULT_ROW (object) && index-- == 0)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

TfResultRow *
tf_results_view_get_shown (TfResultsView *self,
                           guint          index)
{
  guint position;
  g_autoptr(GObject) object = NULL;

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), NULL);

  position = result_position (self, index);
  if (position == GTK_INVALID_LIST_POSITION)
    return NULL;
  object = shown_item (self, position);
  /* The stores hold the row: it outlives this reference. */
  return TF_RESULT_ROW (object);
}

char *
tf_results_view_dup_cell_text (TfResultsView *self,
                               guint          index,
                               const char    *column)
{
  TfResultRow *row;
  const TfColumn *c;

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), NULL);

  row = tf_results_view_get_shown (self, index);
  c = tf_column_lookup (column);
  if (row == NULL || c == NULL)
    return NULL;
  if (c->kind == TF_COLUMN_ID)
    return g_strdup (tf_result_row_get_attrs_text (row));
  return tf_result_dup_cell_text (c, tf_result_row_get_result (row));
}

char *
tf_results_view_dup_family_header (TfResultsView *self,
                                   const char    *family)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->families)); i++)
    {
      g_autoptr(TfFamilyRow) row = g_list_model_get_item (G_LIST_MODEL (self->families), i);

      if (g_strcmp0 (tf_family_get_name (tf_family_row_get_family (row)), family) == 0)
        return tf_family_row_dup_header (row, self->filtered);
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

/* Selects the first shown result @accept takes, FALSE when there is none. */
static gboolean
select_where (TfResultsView *self,
              gboolean     (*accept) (TfResultRow *row, gconstpointer data, guint *countdown),
              gconstpointer  data,
              guint          countdown)
{
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(GObject) object = shown_item (self, i);

      if (TF_IS_RESULT_ROW (object) && accept (TF_RESULT_ROW (object), data, &countdown))
        {
          select_position (self, i);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
accept_family_index (TfResultRow   *row,
                     gconstpointer  family,
                     guint         *countdown)
{
  if (family != NULL
      && g_strcmp0 (tf_family_get_name (tf_result_row_get_result (row)->family), family) != 0)
    return FALSE;
  return (*countdown)-- == 0;
}

static gboolean
accept_id (TfResultRow   *row,
           gconstpointer  id,
           guint         *countdown)
{
  return g_strcmp0 (tf_result_row_get_id (row), id) == 0;
}

static gboolean
accept_recommended (TfResultRow   *row,
                    gconstpointer  data,
                    guint         *countdown)
{
  return tf_result_get_status (tf_result_row_get_result (row)) == TF_STATUS_RECOMMENDED;
}

gboolean
tf_results_view_select (TfResultsView *self,
                        const char    *family,
                        guint          index)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);
  return select_where (self, accept_family_index, family, index);
}

gboolean
tf_results_view_select_id (TfResultsView *self,
                           const char    *id)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);
  return id != NULL && select_where (self, accept_id, id, 0);
}

gboolean
tf_results_view_select_first (TfResultsView *self)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);
  /* Sorted by a column, the first row is the answer asked for (the cheapest, the fewest
   * racks), recommended or not. */
  if (sort_column (self) != NULL)
    return tf_results_view_select (self, NULL, 0);
  return select_where (self, accept_recommended, NULL, 0)
         || tf_results_view_select (self, NULL, 0);
}

/* Progress */

void
tf_results_view_set_progress (TfResultsView *self,
                              const char    *what,
                              double         fraction)
{
  g_return_if_fail (TF_IS_RESULTS_VIEW (self));

  gtk_revealer_set_reveal_child (self->progress_revealer, what != NULL);
  if (what == NULL)
    return;
  gtk_progress_bar_set_text (self->progress, what);
  gtk_progress_bar_set_fraction (self->progress, CLAMP (fraction, 0, 1));
}

static void
cancel_clicked (TfResultsView *self)
{
  g_signal_emit (self, signals[CANCEL], 0);
}

/* Contents */

static void
set_chips_per_board_values (TfResultsView       *self,
                            const TfEnumeration *e)
{
  guint keep = chips_per_board_filter (self), select = 0;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  gboolean kept = FALSE;

  g_array_set_size (self->chips_per_board, 0);
  for (guint i = 0; e != NULL && i < e->n_chips_per_board; i++)
    {
      g_array_append_val (self->chips_per_board, e->chips_per_board[i]);
      kept |= e->chips_per_board[i] == keep;
    }
  /* Keep a chosen value even when this context has no result with it: the filter then shows
   * nothing, which is the true answer. */
  if (keep != 0 && !kept)
    {
      guint at = 0;

      while (at < self->chips_per_board->len
             && g_array_index (self->chips_per_board, guint, at) < keep)
        at++;
      g_array_insert_val (self->chips_per_board, at, keep);
    }
  gtk_string_list_append (names, _("Any"));
  for (guint i = 0; i < self->chips_per_board->len; i++)
    {
      guint c = g_array_index (self->chips_per_board, guint, i);
      g_autofree char *text = tf_format_count (c);

      gtk_string_list_append (names, text);
      if (c == keep)
        select = i + 1;
    }
  g_signal_handlers_block_by_func (self->chips_per_board_filter, chips_per_board_changed, self);
  gtk_drop_down_set_model (self->chips_per_board_filter, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->chips_per_board_filter, select);
  g_signal_handlers_unblock_by_func (self->chips_per_board_filter, chips_per_board_changed, self);
}

/* The flat rows are the families' own row objects, in the enumeration's order. */
static void
fill_rows (TfResultsView       *self,
           const TfEnumeration *e)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; e != NULL && i < e->n_rows; i++)
    for (guint f = 0; f < e->n_families; f++)
      {
        const TfFamilyEnumeration *fe = &e->families[f];

        if (e->rows[i] >= fe->results && e->rows[i] < fe->results + fe->n_results)
          {
            g_autoptr(TfFamilyRow) family = g_list_model_get_item (G_LIST_MODEL (self->families), f);

            g_ptr_array_add (rows, g_list_model_get_item (tf_family_row_get_results (family),
                                                          (guint) (e->rows[i] - fe->results)));
            break;
          }
      }
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
}

void
tf_results_view_set_enumeration (TfResultsView       *self,
                                 const TfEnumeration *enumeration)
{
  g_autoptr(GPtrArray) families = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (TF_IS_RESULTS_VIEW (self));

  /* The list lets go of the old rows first: told of every change, it would update row by row
   * what it is about to drop. */
  gtk_column_view_set_model (self->column_view, NULL);
  for (guint f = 0; enumeration != NULL && f < enumeration->n_families; f++)
    g_ptr_array_add (families, tf_family_row_new (&enumeration->families[f]));
  self->has_enumeration = enumeration != NULL;
  self->filtered = enumeration != NULL && tf_query_filters (&enumeration->query);
  self->matched = enumeration ? enumeration->matched : 0;
  self->rows_capped = enumeration ? enumeration->rows_capped : 0;
  set_chips_per_board_values (self, enumeration);
  g_list_store_splice (self->families,
                       0, g_list_model_get_n_items (G_LIST_MODEL (self->families)),
                       families->pdata, families->len);
  fill_rows (self, enumeration);
  rebuild_tree (self);
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
          /* The header ("showing 50") changes with its children. */
          g_list_model_items_changed (G_LIST_MODEL (self->families), i, 1, 1);
        }
    }
  update_summary (self);
}

/* GObject */

static void
tf_results_view_dispose (GObject *object)
{
  TfResultsView *self = TF_RESULTS_VIEW (object);
  GtkWidget *child;

  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_func (self->selection, selection_changed, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), TF_TYPE_RESULTS_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selected);
  g_clear_object (&self->selection);
  g_clear_object (&self->families);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->columns, g_ptr_array_unref);
  g_clear_pointer (&self->sort_columns, g_ptr_array_unref);
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
  const TfColumn *sort;

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_object (value, self->selected);
      break;

    case PROP_STATUS_FILTER:
      g_value_set_uint (value, gtk_drop_down_get_selected (self->status_filter));
      break;

    case PROP_CHIPS_PER_BOARD_FILTER:
      g_value_set_uint (value, chips_per_board_filter (self));
      break;

    case PROP_MATCH:
      g_value_set_string (value, gtk_editable_get_text (GTK_EDITABLE (self->match_entry)));
      break;

    case PROP_WHERE:
      g_value_set_string (value, gtk_editable_get_text (GTK_EDITABLE (self->where_entry)));
      break;

    case PROP_SORT:
      sort = sort_column (self);
      g_value_set_string (value, sort ? sort->name : NULL);
      break;

    case PROP_DESCENDING:
      g_value_set_boolean (value, gtk_toggle_button_get_active (self->descending));
      break;

    case PROP_FLAT:
      g_value_set_boolean (value, is_flat (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
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
      g_autofree char *text = tf_format_count (value);

      /* A value no result has (yet): offer it, so the filter says "nothing" truthfully. */
      g_array_append_val (self->chips_per_board, value);
      gtk_string_list_append (GTK_STRING_LIST (gtk_drop_down_get_model (self->chips_per_board_filter)),
                              text);
      select = self->chips_per_board->len;
    }
  gtk_drop_down_set_selected (self->chips_per_board_filter, select);
}

/* An unknown name sorts in the engine's order. */
static void
set_sort (TfResultsView *self,
          const char    *name)
{
  guint select = 0;

  for (guint i = 0; name != NULL && i < self->sort_columns->len; i++)
    if (g_strcmp0 (((const TfColumn *) g_ptr_array_index (self->sort_columns, i))->name, name) == 0)
      select = i + 1;
  gtk_drop_down_set_selected (self->sort_column, select);
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

    case PROP_CHIPS_PER_BOARD_FILTER:
      set_chips_per_board_filter (self, g_value_get_uint (value));
      break;

    case PROP_MATCH:
      gtk_editable_set_text (GTK_EDITABLE (self->match_entry),
                             g_value_get_string (value) ? g_value_get_string (value) : "");
      break;

    case PROP_WHERE:
      tf_results_view_set_where (self, g_value_get_string (value), NULL);
      break;

    case PROP_SORT:
      set_sort (self, g_value_get_string (value));
      break;

    case PROP_DESCENDING:
      gtk_toggle_button_set_active (self->descending, g_value_get_boolean (value));
      break;

    case PROP_FLAT:
      gtk_toggle_button_set_active (self->flat, g_value_get_boolean (value));
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
  properties[PROP_CHIPS_PER_BOARD_FILTER] =
    g_param_spec_uint ("chips-per-board-filter", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MATCH] =
    g_param_spec_string ("match", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Conditions as the Where entry holds them: "cost<=9e6, racks<=32". */
  properties[PROP_WHERE] =
    g_param_spec_string ("where", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* An engine column's name (tf_column_lookup ()), or NULL for the engine's order. */
  properties[PROP_SORT] =
    g_param_spec_string ("sort", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DESCENDING] =
    g_param_spec_boolean ("descending", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FLAT] =
    g_param_spec_boolean ("flat", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The user asked for every result of a family (its name), or of all families (NULL, in the
   * flat list), that passes the query. */
  signals[SHOW_ALL] = g_signal_new ("show-all", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[QUERY_CHANGED] = g_signal_new ("query-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The Cancel button beside the progress bar. */
  signals[CANCEL] = g_signal_new ("cancel", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/topoforge/Topoforge/ui/tf-results-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, status_filter);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, chips_per_board_filter);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, match_entry);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, where_entry);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, sort_column);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, descending);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, flat);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, columns_box);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, summary);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, show_all);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, progress);
  gtk_widget_class_bind_template_child (widget_class, TfResultsView, column_view);
  gtk_widget_class_bind_template_callback (widget_class, status_changed);
  gtk_widget_class_bind_template_callback (widget_class, chips_per_board_changed);
  gtk_widget_class_bind_template_callback (widget_class, match_changed);
  gtk_widget_class_bind_template_callback (widget_class, where_edited);
  gtk_widget_class_bind_template_callback (widget_class, where_changed);
  gtk_widget_class_bind_template_callback (widget_class, sort_changed);
  gtk_widget_class_bind_template_callback (widget_class, descending_changed);
  gtk_widget_class_bind_template_callback (widget_class, flat_changed);
  gtk_widget_class_bind_template_callback (widget_class, show_every_row_clicked);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
}

static void
tf_results_view_init (TfResultsView *self)
{
  self->chips_per_board = g_array_new (FALSE, FALSE, sizeof (guint));
  self->columns = g_ptr_array_new ();
  self->sort_columns = g_ptr_array_new ();
  self->families = g_list_store_new (TF_TYPE_FAMILY_ROW);
  self->rows = g_list_store_new (TF_TYPE_RESULT_ROW);

  gtk_widget_init_template (GTK_WIDGET (self));

  tf_results_columns_add (GTK_WIDGET (self), self->column_view, self->columns_box, self->columns,
                          self->sort_columns);
  g_signal_handlers_block_by_func (self->sort_column, sort_changed, self);
  tf_results_columns_fill_sort_menu (self->sort_column, self->sort_columns);
  g_signal_handlers_unblock_by_func (self->sort_column, sort_changed, self);
  set_chips_per_board_values (self, NULL);
  where_edited (self);
  rebuild_tree (self);
}

GtkWidget *
tf_results_view_new (void)
{
  return g_object_new (TF_TYPE_RESULTS_VIEW, NULL);
}

gboolean
tf_results_view_set_where (TfResultsView  *self,
                           const char     *text,
                           GError        **error)
{
  g_auto(TfQuery) scratch = { 0 };

  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  gtk_editable_set_text (GTK_EDITABLE (self->where_entry), text != NULL ? text : "");
  tf_query_init (&scratch);
  return add_where (&scratch, text, error);
}

GtkWidget *
tf_results_view_get_where_entry (TfResultsView *self)
{
  g_return_val_if_fail (TF_IS_RESULTS_VIEW (self), NULL);
  return GTK_WIDGET (self->where_entry);
}
