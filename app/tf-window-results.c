/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-window-results.c: the window's results. The form's context and the results view's query
 * make one tf_enumerate_query () on a worker thread, over every legal result; the list shows
 * what it returns and the 3D view and panel show one of its rows, or nothing with the reason:
 * no row passes the filters, or the form is invalid (docs/spec-notes.md, "The results query in
 * the app"). Long runs show a progress bar with Cancel. */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-format.h"
#include "tf-tasks.h"
#include "tf-window-private.h"

static void
set_placeholder (TfWindow   *self,
                 const char *text)
{
  gtk_label_set_text (self->placeholder, text);
}

const char *
tf_window_get_placeholder (TfWindow *self)
{
  g_return_val_if_fail (TF_IS_WINDOW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->placeholder))
         ? gtk_label_get_text (self->placeholder) : NULL;
}

/* Progress */

static void
enumeration_progress (GObject *target,
                      double   fraction)
{
  TfWindow *self = TF_WINDOW (target);

  if (self->progress_what != NULL && (self->enumerating != NULL || self->listing != NULL))
    tf_results_view_set_progress (self->results, self->progress_what, fraction);
}

static void
start_progress (TfWindow   *self,
                const char *what)
{
  g_free (self->progress_what);
  self->progress_what = g_strdup (what);
}

static void
stop_progress (TfWindow *self)
{
  g_clear_pointer (&self->progress_what, g_free);
  tf_results_view_set_progress (self->results, NULL, 0);
}

static void
cancel_requested (TfWindow *self)
{
  g_assert (TF_IS_WINDOW (self));

  tf_window_replace_cancellable (&self->enumerating, NULL);
  tf_window_replace_cancellable (&self->listing, NULL);
  stop_progress (self);
  tf_window_update_busy (self);
  gtk_label_set_text (self->status, _("Cancelled"));
}

/* The shown result */

/* The topology the view shows, when it is a result of the list (not a file). */
static const TfTopology *
shown_result (TfWindow *self)
{
  const TfTopology *shown = tf_topology_view_get_topology (self->view);

  return self->follow_results && shown != NULL && shown->result.family != NULL ? shown : NULL;
}

static void
generated (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(TfWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  TfTopology *topology = tf_generate_finish (result, &error);

  if (tf_window_was_cancelled (error))
    return;
  g_clear_object (&self->generating);
  tf_window_update_busy (self);
  if (topology == NULL)
    {
      tf_window_show_error (self, error->message);
      tf_window_show_topology (self, NULL);
      return;
    }
  tf_window_show_topology (self, topology);
}

static void
result_selected (TfWindow *self)
{
  TfResultRow *row = tf_results_view_get_selected (self->results);
  const TfTopology *shown = shown_result (self);
  g_autofree char *shown_id = shown ? tf_result_dup_id (&shown->result) : NULL;

  g_assert (TF_IS_WINDOW (self));

  if (row == NULL)
    {
      tf_window_replace_cancellable (&self->generating, NULL);
      tf_window_update_busy (self);
      return;
    }
  /* The user chose a result: it replaces the file shown, or the one being opened. */
  tf_window_replace_cancellable (&self->loading, NULL);
  g_clear_object (&self->loading_file);
  g_clear_object (&self->file);
  self->follow_results = TRUE;
  /* The same result again (a new query kept it): nothing to generate. */
  if (shown_id != NULL && g_str_equal (shown_id, tf_result_row_get_id (row))
      && memcmp (&shown->context, &self->context, sizeof self->context) == 0)
    {
      tf_window_replace_cancellable (&self->generating, NULL);
      tf_window_update_busy (self);
      return;
    }
  tf_window_replace_cancellable (&self->generating, g_cancellable_new ());
  tf_window_update_busy (self);
  tf_generate_async (&self->context, tf_result_row_get_id (row), self->generating,
                     generated, g_object_ref (self));
}

/* The view shows nothing, and why. */
static void
show_nothing (TfWindow   *self,
              const char *why)
{
  if (!self->follow_results)
    return;
  tf_window_replace_cancellable (&self->generating, NULL);
  tf_window_update_busy (self);
  tf_window_show_topology (self, NULL);
  set_placeholder (self, why);
}

void
tf_window_select_in_results (TfWindow *self)
{
  const TfTopology *shown = shown_result (self);
  g_autofree char *shown_id = shown ? tf_result_dup_id (&shown->result) : NULL;

  g_assert (TF_IS_WINDOW (self));

  set_placeholder (self, _("Select a result to see it in 3D"));
  if (self->select_pending)
    {
      self->select_pending = FALSE;
      if (!tf_results_view_select (self->results, self->select_family, self->select_index))
        {
          g_autofree char *message = g_strdup_printf (_("There is no result %u of %s in this context"),
                                                      self->select_index,
                                                      self->select_family ? self->select_family
                                                                          : _("any family"));
          tf_window_show_error (self, message);
        }
      else
        return;
    }
  /* The result shown stays while the list has it: a new sort or a looser filter keeps it. */
  if (shown_id != NULL && tf_results_view_select_id (self->results, shown_id))
    return;
  /* Whatever was shown left the list: it must not stay on screen while the next one is
   * generated. */
  if (!tf_results_view_select_first (self->results))
    show_nothing (self, tf_query_filters (&self->query) ? _("No result matches the filters")
                                                        : _("No legal topology for this context"));
  else if (shown != NULL)
    tf_window_show_topology (self, NULL);
}

static char *
dup_status (const TfEnumeration *e,
            double               elapsed_ms)
{
  guint64 total = 0;
  g_autofree char *total_text = NULL;
  g_autofree char *matched_text = tf_format_count (e->matched);
  g_autofree char *n_chip = tf_format_count (e->context.n_chip);
  g_autofree char *elapsed = tf_format_quantity (elapsed_ms, 1, "ms");

  for (guint f = 0; f < e->n_families; f++)
    total += e->families[f].total;
  total_text = tf_format_count (total);
  if (tf_query_filters (&e->query))
    /* Translators: "3,840 of 19,177 legal topologies for 4,096 chips match, in 1,812.5 ms". */
    return g_strdup_printf (ngettext ("%s of %s legal topology for %s chips match, in %s",
                                      "%s of %s legal topologies for %s chips match, in %s",
                                      (unsigned long) MIN (total, G_MAXULONG)),
                            matched_text, total_text, n_chip, elapsed);
  return g_strdup_printf (ngettext ("%s legal topology for %s chips, enumerated in %s",
                                    "%s legal topologies for %s chips, enumerated in %s",
                                    (unsigned long) MIN (total, G_MAXULONG)),
                          total_text, n_chip, elapsed);
}

static void
enumerated (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(TfWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  double elapsed_ms = 0;
  g_autoptr(TfEnumeration) e = tf_enumerate_finish (result, &elapsed_ms, &error);
  g_autofree char *text = NULL;

  if (tf_window_was_cancelled (error))
    return;
  g_clear_object (&self->enumerating);
  stop_progress (self);
  tf_window_update_busy (self);
  if (e == NULL)
    {
      tf_window_show_error (self, error->message);
      return;
    }
  if (!self->error_is_file)
    tf_window_show_error (self, NULL);
  self->context = e->context;
  tf_query_clear (&self->query);
  tf_query_copy (&e->query, &self->query);
  /* Setting the list unselects: the result shown is kept only if it is selected again. */
  g_signal_handlers_block_by_func (self->results, result_selected, self);
  tf_results_view_set_enumeration (self->results, e);
  g_signal_handlers_unblock_by_func (self->results, result_selected, self);
  text = dup_status (e, elapsed_ms);
  gtk_label_set_text (self->status, text);

  /* A file shown (or being opened) stays until the user selects a result. */
  if (self->follow_results)
    tf_window_select_in_results (self);
}

/* Runs the form's context under the list's query, keeping @limit results per family. */
static void
enumerate (TfWindow *self,
           guint     limit)
{
  g_auto(GStrv) families = tf_context_form_dup_families (self->form);
  g_auto(TfQuery) query = { 0 };
  g_autofree char *n_chip = NULL;
  g_autofree char *what = NULL;
  TfContext ctx;

  tf_context_form_get_context (self->form, &ctx);
  tf_results_view_get_query (self->results, &query);
  tf_window_replace_cancellable (&self->listing, NULL);
  tf_window_replace_cancellable (&self->enumerating, g_cancellable_new ());
  tf_window_update_busy (self);
  self->limit = limit;
  n_chip = tf_format_count (ctx.n_chip);
  what = g_strdup_printf (_("Enumerating %s chips…"), n_chip);
  start_progress (self, what);
  gtk_label_set_text (self->status, what);
  tf_enumerate_async (&ctx, (const char *const *) families, &query, limit, G_OBJECT (self),
                      enumeration_progress, self->enumerating, enumerated, g_object_ref (self));
}

static void
form_changed (TfWindow *self)
{
  g_auto(GStrv) families = tf_context_form_dup_families (self->form);
  TfContext ctx;

  g_assert (TF_IS_WINDOW (self));

  tf_context_form_get_context (self->form, &ctx);
  tf_window_save_form (self, &ctx, families);
  tf_window_replace_cancellable (&self->generating, NULL);
  enumerate (self, TF_DEFAULT_LIMIT);
}

/* An invalid form has no results: the list empties, the view and the panel show the form's
 * error instead of a topology of some other context, and export has nothing to write. */
static void
form_validity_changed (TfWindow *self)
{
  const char *error = tf_context_form_get_error (self->form);

  g_assert (TF_IS_WINDOW (self));

  if (tf_context_form_get_valid (self->form))
    return;
  tf_window_replace_cancellable (&self->enumerating, NULL);
  tf_window_replace_cancellable (&self->listing, NULL);
  stop_progress (self);
  g_signal_handlers_block_by_func (self->results, result_selected, self);
  tf_results_view_set_enumeration (self->results, NULL);
  g_signal_handlers_unblock_by_func (self->results, result_selected, self);
  show_nothing (self, error ? error : _("The form has an error"));
  tf_window_update_busy (self);
  gtk_label_set_text (self->status, error ? error : "");
}

/* A new filter or sort: the result shown stays only if it passes the new query. */
static void
query_changed (TfWindow *self)
{
  const TfTopology *shown = shown_result (self);
  g_auto(TfQuery) query = { 0 };

  g_assert (TF_IS_WINDOW (self));

  if (!tf_context_form_get_valid (self->form))
    return;
  tf_results_view_get_query (self->results, &query);
  if (shown != NULL && !tf_query_match (&query, &shown->result))
    show_nothing (self, _("No result matches the filters"));
  enumerate (self, TF_DEFAULT_LIMIT);
}

static void
listed (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(TfWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TfEnumeration) e = tf_enumerate_finish (result, NULL, &error);

  if (tf_window_was_cancelled (error))
    return;
  g_clear_object (&self->listing);
  stop_progress (self);
  tf_window_update_busy (self);
  if (e == NULL)
    {
      tf_window_show_error (self, error->message);
      return;
    }
  if (e->n_families == 1)
    tf_results_view_set_family (self->results, &e->families[0]);
}

/* "Show all": one family's every matching result, or (NULL, the flat list) every family's. */
static void
show_all_requested (TfWindow   *self,
                    const char *family)
{
  const char *families[] = { family, NULL };
  g_autofree char *what = NULL;

  g_assert (TF_IS_WINDOW (self));

  if (family == NULL)
    {
      enumerate (self, 0);
      return;
    }
  tf_window_replace_cancellable (&self->listing, g_cancellable_new ());
  tf_window_update_busy (self);
  /* Translators: %s is a family name. */
  what = g_strdup_printf (_("Listing every %s…"), family);
  start_progress (self, what);
  tf_enumerate_async (&self->context, families, &self->query, 0, G_OBJECT (self),
                      enumeration_progress, self->listing, listed, g_object_ref (self));
}

void
tf_window_select_after_enumeration (TfWindow   *self,
                                    const char *family,
                                    guint       index)
{
  g_return_if_fail (TF_IS_WINDOW (self));

  g_free (self->select_family);
  self->select_family = g_strdup (family);
  self->select_index = index;
  self->select_pending = TRUE;
}

void
tf_window_results_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, form_changed);
  gtk_widget_class_bind_template_callback (widget_class, result_selected);
  gtk_widget_class_bind_template_callback (widget_class, show_all_requested);
}

void
tf_window_results_init (TfWindow *self)
{
  tf_query_init (&self->query);
  self->limit = TF_DEFAULT_LIMIT;
  g_signal_connect_swapped (self->results, "query-changed", G_CALLBACK (query_changed), self);
  g_signal_connect_swapped (self->results, "cancel", G_CALLBACK (cancel_requested), self);
  g_signal_connect_swapped (self->form, "notify::valid", G_CALLBACK (form_validity_changed),
                            self);
}

void
tf_window_results_dispose (TfWindow *self)
{
  if (self->results != NULL)
    g_signal_handlers_disconnect_by_data (self->results, self);
  if (self->form != NULL)
    g_signal_handlers_disconnect_by_data (self->form, self);
  tf_query_clear (&self->query);
  g_clear_pointer (&self->progress_what, g_free);
}
