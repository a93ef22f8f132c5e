/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-optimize-designs.c: the user's own topology files beside the front (Evaluate File…). Each
 * file is evaluated under the form's configuration on a worker thread (tf-design.c, what
 * topoforge-cli evaluate does), marked on the plot with its name, and shown in the panel and in
 * 3D when clicked, beside a selected candidate. Files asked for while a run opens wait for its
 * configuration; files asked for while others are evaluated wait their turn. */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-file-filters.h"
#include "tf-optimize-view-private.h"

static void start (TfOptimizeView *self);

/* A design evaluated again replaces its point; a new one comes last. */
static guint
put_design (TfOptimizeView *self,
            TfDesign       *design)
{
  for (guint i = 0; i < self->designs->len; i++)
    {
      TfDesign **slot = (TfDesign **) &g_ptr_array_index (self->designs, i);

      if (strcmp ((*slot)->path, design->path) == 0)
        {
          tf_design_unref (*slot);
          *slot = tf_design_ref (design);
          return i;
        }
    }
  g_ptr_array_add (self->designs, tf_design_ref (design));
  return self->designs->len - 1;
}

static void
designs_evaluated (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(TfOptimizeView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) designs = tf_design_evaluate_finish (result, &errors, &error);
  g_autoptr(GArray) selection = NULL;
  g_autofree char *text = NULL;
  guint first = G_MAXUINT;

  if (designs == NULL && tf_optimize_view_was_replaced (error))
    return;
  tf_optimize_view_set_busy (self, &self->evaluating, NULL);
  if (designs == NULL)
    {
      tf_optimize_view_show_error (self, error->message);
      return;
    }
  for (guint i = 0; i < designs->len; i++)
    {
      guint at = put_design (self, g_ptr_array_index (designs, i));

      first = MIN (first, at);
    }
  /* Before any run, the plot takes the objectives of the configuration that judged them. */
  if (self->n_objectives == 0 && designs->len > 0)
    tf_optimize_view_set_objectives (self, &((TfDesign *) g_ptr_array_index (designs, 0))->config);
  tf_optimize_view_plot_designs (self);
  tf_pareto_plot_points_changed (self->plot, FALSE);
  /* The first file is shown at once, beside the candidate selected if one is. */
  selection = tf_optimize_view_dup_selection (self);
  if (first != G_MAXUINT && selection->len == 1)
    {
      tf_pareto_plot_select (self->plot, g_array_index (selection, guint, 0),
                             TF_PARETO_SELECT_REPLACE);
      tf_pareto_plot_select_point (self->plot, TF_PARETO_FILES, first, TF_PARETO_SELECT_EXTEND);
    }
  else if (first != G_MAXUINT)
    tf_pareto_plot_select_point (self->plot, TF_PARETO_FILES, first, TF_PARETO_SELECT_REPLACE);

  if (errors->len > 0)
    {
      g_autofree char *lines = NULL;

      g_ptr_array_add (errors, NULL);
      lines = g_strjoinv ("\n", (char **) errors->pdata);
      tf_optimize_view_show_error (self, lines);
      g_ptr_array_remove_index (errors, errors->len - 1);
    }
  if (errors->len == 0)
    text = g_strdup_printf (g_dngettext (NULL, "Evaluated %u file under the configuration; "
                                         "it is marked on the plot",
                                         "Evaluated %u files under the configuration; they are "
                                         "marked on the plot", designs->len),
                            designs->len);
  else
    text = g_strdup_printf (g_dngettext (NULL, "Evaluated %u file; %u could not be read",
                                         "Evaluated %u files; %u could not be read",
                                         designs->len),
                            designs->len, errors->len);
  tf_optimize_view_set_status (self, text);
  if (self->pending->len > 0)
    start (self);
}

/* Evaluates the pending files under the form's configuration. */
static void
start (TfOptimizeView *self)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) paths = NULL;

  g_assert (TF_IS_OPTIMIZE_VIEW (self));

  if (self->pending->len == 0 || self->evaluating != NULL || self->opening)
    return;
  paths = g_steal_pointer (&self->pending);
  self->pending = g_ptr_array_new_with_free_func (g_free);
  if (!tf_search_form_get_config (self->form, &config, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Cannot evaluate the files: %s"),
                                                  error->message);

      tf_optimize_view_show_error (self, message);
      return;
    }
  cancellable = g_cancellable_new ();
  tf_optimize_view_set_busy (self, &self->evaluating, cancellable);
  tf_optimize_view_set_status (self, g_dngettext (NULL, "Evaluating the file…",
                                                  "Evaluating the files…", paths->len));
  tf_design_evaluate_async (&config, (const char *const *) paths->pdata, paths->len, cancellable,
                            designs_evaluated, g_object_ref (self));
}

void
tf_optimize_view_evaluate_pending (TfOptimizeView *self)
{
  start (self);
}

gboolean
tf_optimize_view_evaluate_files (TfOptimizeView  *self,
                                 GFile *const    *files,
                                 guint            n_files,
                                 GError         **error)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), FALSE);
  g_return_val_if_fail (files != NULL || n_files == 0, FALSE);

  /* A run being opened brings its configuration: the form's is not the one to judge by. */
  if (!self->opening && !tf_search_form_get_valid (self->form))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, _("Cannot evaluate the files: %s"),
                   tf_search_form_get_error (self->form));
      return FALSE;
    }
  for (guint i = 0; i < n_files; i++)
    {
      const char *path = g_file_peek_path (files[i]);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);

          g_set_error (error, TF_ERROR, TF_ERROR_IO, _("%s is not a local file"), uri);
          return FALSE;
        }
    }
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->pending, g_strdup (g_file_peek_path (files[i])));
  start (self);
  return TRUE;
}

/* The action and its dialog */

static void
files_chosen (TfOptimizeView *self,
              GFile          *file,
              GtkFileChooser *chooser)
{
  g_autoptr(GListModel) list = gtk_file_chooser_get_files (chooser);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    g_ptr_array_add (files, g_list_model_get_item (list, i));
  if (!tf_optimize_view_evaluate_files (self, (GFile *const *) files->pdata, files->len, &error))
    tf_optimize_view_show_error (self, error->message);
}

static void
evaluate_file_activated (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  GtkFileChooser *chooser = tf_optimize_view_choose (TF_OPTIMIZE_VIEW (widget),
                                                     _("Evaluate Topology Files"),
                                                     GTK_FILE_CHOOSER_ACTION_OPEN,
                                                     _("_Evaluate"), files_chosen);

  gtk_file_chooser_set_select_multiple (chooser, TRUE);
  tf_file_chooser_add_yaml_filters (chooser, _("Topology files"));
  tf_optimize_view_show_chooser (chooser);
}

void
tf_optimize_view_designs_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "optimize.evaluate-file", NULL,
                                   evaluate_file_activated);
}
