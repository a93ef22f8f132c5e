/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-optimize-files.c: the Optimize view's files: a search configuration opened and saved, a run
 * opened, saved or its picked candidates exported, and the family seed a candidate is compared
 * with; each on a worker thread, its dialog and its answer. */
#include <glib/gi18n.h>

#include "tf-file-filters.h"
#include "tf-optimize-view-private.h"

static void
run_opened (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(TfOptimizeView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TfOptimizeRun) run = tf_search_open_finish (result, &error);
  g_autofree char *text = NULL;

  if (run == NULL && tf_optimize_view_was_replaced (error))
    return;
  tf_optimize_view_set_busy (self, &self->working, NULL);
  if (run == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the run: %s"),
                                                  error->message);

      self->opening = FALSE;
      tf_optimize_view_show_error (self, message);
      tf_optimize_view_evaluate_pending (self);
      return;
    }
  self->opening = FALSE;
  tf_optimize_view_show_error (self, NULL);
  /* A folder from before config.yaml was written knows its objectives, not its workload: the
   * form keeps what it holds. */
  if (run->config.n_workloads > 0)
    tf_search_form_set_config (self->form, &run->config);
  tf_optimize_view_show_run (self, run, TRUE);
  text = g_strdup_printf (g_dngettext (NULL, "Opened %s: a front of %u candidate",
                                       "Opened %s: a front of %u candidates",
                                       run->result.front->len),
                          run->folder, run->result.front->len);
  tf_optimize_view_set_status (self, text);
  tf_optimize_view_append_run_status (self, run);
  if (run->config.n_workloads == 0)
    {
      g_autofree char *more = g_strdup_printf (
        "%s. %s", tf_optimize_view_get_status (self),
        _("The folder has no config.yaml (an older run): the form keeps its configuration"));

      tf_optimize_view_set_status (self, more);
    }
  /* Files asked for while it opened are judged by its configuration. */
  tf_optimize_view_evaluate_pending (self);
}

void
tf_optimize_view_open_run (TfOptimizeView *self,
                           GFile          *folder)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_return_if_fail (TF_IS_OPTIMIZE_VIEW (self));
  g_return_if_fail (G_IS_FILE (folder));

  if (self->searching != NULL)
    return;
  tf_optimize_view_set_busy (self, &self->working, cancellable);
  self->opening = TRUE;
  tf_optimize_view_set_status (self, _("Opening the run…"));
  tf_search_open_async (folder, cancellable, run_opened, g_object_ref (self));
}

static void
run_saved (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(TfOptimizeView) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean ok = tf_search_save_finish (result, &error);

  if (!ok && tf_optimize_view_was_replaced (error))
    return;
  tf_optimize_view_set_busy (self, &self->working, NULL);
  if (!ok)
    {
      g_autofree char *message = g_strdup_printf (_("Could not save the run: %s"),
                                                  error->message);

      tf_optimize_view_show_error (self, message);
      return;
    }
  /* A save that failed before says so no longer. */
  tf_optimize_view_show_error (self, NULL);
  if (self->run != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Saved the run to %s"), self->saving);

      g_free (self->run->folder);
      self->run->folder = g_steal_pointer (&self->saving);
      tf_optimize_view_set_status (self, text);
    }
}

void
tf_optimize_view_save_run (TfOptimizeView *self,
                           GFile          *folder)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_return_if_fail (TF_IS_OPTIMIZE_VIEW (self));
  g_return_if_fail (G_IS_FILE (folder));

  if (self->run == NULL || self->working != NULL)
    return;
  g_free (self->saving);
  self->saving = g_file_get_path (folder);
  tf_optimize_view_set_busy (self, &self->working, cancellable);
  tf_optimize_view_set_status (self, _("Saving the run…"));
  tf_search_save_async (self->run, folder, cancellable, run_saved, g_object_ref (self));
}

static void
replace_answered (GtkDialog      *dialog,
                  int             response,
                  TfOptimizeView *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    tf_optimize_view_save_run (self, g_object_get_data (G_OBJECT (dialog), "folder"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

GtkWindow *
tf_optimize_view_request_save_run (TfOptimizeView *self,
                                   GFile          *folder)
{
  g_autofree char *path = NULL, *name = NULL;
  const char *mark = NULL;
  TfRunFolderState state;
  GtkRoot *root;
  GtkWidget *dialog, *replace;

  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), NULL);
  g_return_val_if_fail (G_IS_FILE (folder), NULL);

  path = g_file_get_path (folder);
  state = path != NULL ? tf_search_output_folder_state (path, &mark) : TF_RUN_FOLDER_FREE;
  /* Saved again where it came from, or a folder the save will fail on (saying why): no
   * question. */
  if (self->run == NULL || (state != TF_RUN_FOLDER_HOLDS_RUN && state != TF_RUN_FOLDER_NOT_EMPTY)
      || g_strcmp0 (path, self->run->folder) == 0)
    {
      tf_optimize_view_save_run (self, folder);
      return NULL;
    }
  root = gtk_widget_get_root (GTK_WIDGET (self));
  /* The folder by its name in the question, as GNOME's own dialogs ask; where it is below. */
  name = g_file_get_basename (folder);
  dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   state == TF_RUN_FOLDER_HOLDS_RUN
                                   ? _("Replace the run in “%s”?")
                                   : _("Save the run among the files in “%s”?"), name);
  if (state == TF_RUN_FOLDER_HOLDS_RUN)
    /* TRANSLATORS: the first %s is the folder's path, the second the file that shows it holds
     * a run, e.g. summary.yaml */
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                              _("%s already holds a run (%s). Saving replaces "
                                                "its results."), path, mark);
  else
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                              _("%s is not empty. The run’s files are written "
                                                "beside the files there, replacing any of the "
                                                "same name."), path);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  replace = gtk_dialog_add_button (GTK_DIALOG (dialog), state == TF_RUN_FOLDER_HOLDS_RUN
                                                        ? _("_Replace") : _("_Save"),
                                   GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (replace, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_object_set_data_full (G_OBJECT (dialog), "folder", g_object_ref (folder), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (replace_answered), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
exported (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(TfOptimizeView) self = user_data;
  g_autoptr(GError) error = NULL;
  guint n = tf_search_export_finish (result, &error);
  g_autofree char *text = NULL;

  if (error != NULL && tf_optimize_view_was_replaced (error))
    return;
  tf_optimize_view_set_busy (self, &self->working, NULL);
  if (error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not export: %s"), error->message);

      tf_optimize_view_show_error (self, message);
      return;
    }
  text = g_strdup_printf (g_dngettext (NULL, "Exported %u candidate and selection.yaml",
                                       "Exported %u candidates and selection.yaml", n),
                          n);
  tf_optimize_view_set_status (self, text);
}

void
tf_optimize_view_export_selected (TfOptimizeView *self,
                                  GFile          *folder,
                                  TfExportFormat  format)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GArray) selection = NULL;

  g_return_if_fail (TF_IS_OPTIMIZE_VIEW (self));
  g_return_if_fail (G_IS_FILE (folder));

  selection = tf_optimize_view_dup_selection (self);
  if (self->run == NULL || self->working != NULL || selection->len == 0)
    return;
  tf_optimize_view_set_busy (self, &self->working, cancellable);
  tf_optimize_view_set_status (self, _("Exporting…"));
  tf_search_export_async (self->run, selection, format, folder, cancellable, exported,
                          g_object_ref (self));
}

static void
seed_ready (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(TfOptimizeView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TfCandidate) seed = tf_search_seed_finish (result, &error);
  g_autoptr(GArray) selection = NULL;
  g_autofree char *title = NULL, *heading = NULL;
  TfShownCandidate a, b;
  TfCandidate *owned;

  if (seed == NULL && tf_optimize_view_was_replaced (error))
    return;
  tf_optimize_view_set_busy (self, &self->working, NULL);
  if (seed == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not build the seed: %s"),
                                                  error->message);

      tf_optimize_view_show_error (self, message);
      return;
    }
  selection = tf_optimize_view_dup_selection (self);
  if (selection->len != 1)
    return;
  tf_optimize_view_shown_front (self, g_array_index (selection, guint, 0), &a, &title);
  /* TRANSLATORS: "Candidate 3 and its seed" */
  heading = g_strdup_printf (_("%s and its seed"), title);
  gtk_label_set_text (self->selection_label, heading);
  /* The right view takes the seed; it lives as long as it is shown. */
  owned = g_steal_pointer (&seed);
  b = (TfShownCandidate) {
    .item = { owned, _("Seed"), -1, NULL },
    .owner = owned,
    .release = (GDestroyNotify) tf_candidate_free,
  };
  tf_optimize_view_show_candidates (self, &self->run->config, &a, &b);
  tf_optimize_view_set_status (self, _("The seed is on the right"));
}

void
tf_optimize_view_compare_seed (TfOptimizeView *self)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GArray) selection = NULL;

  g_return_if_fail (TF_IS_OPTIMIZE_VIEW (self));

  selection = tf_optimize_view_dup_selection (self);
  if (self->run == NULL || selection->len != 1 || self->working != NULL)
    return;
  tf_optimize_view_set_busy (self, &self->working, cancellable);
  tf_optimize_view_set_status (self, _("Generating and evaluating the seed…"));
  tf_search_seed_async (self->run, g_array_index (selection, guint, 0), cancellable, seed_ready,
                        g_object_ref (self));
}

gboolean
tf_optimize_view_load_config (TfOptimizeView  *self,
                              GFile           *file,
                              GError         **error)
{
  g_return_val_if_fail (TF_IS_OPTIMIZE_VIEW (self), FALSE);

  if (!tf_search_form_load_file (self->form, file, error))
    return FALSE;
  tf_optimize_view_show_error (self, NULL);
  tf_optimize_view_update_actions (self);
  return TRUE;
}

/* Actions and their dialogs */

static void
chooser_response (GtkNativeDialog *dialog,
                  int              response,
                  gpointer         user_data)
{
  g_autoptr(TfOptimizeView) self = user_data;
  TfOptimizeChosenFunc func = g_object_get_data (G_OBJECT (dialog), "tf-chosen");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL && g_file_peek_path (file) == NULL)
        tf_optimize_view_show_error (self, _("The chosen place is not a local file"));
      else if (file != NULL)
        func (self, file, GTK_FILE_CHOOSER (dialog));
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

GtkFileChooser *
tf_optimize_view_choose (TfOptimizeView       *self,
                         const char           *title,
                         GtkFileChooserAction  action,
                         const char           *accept,
                         TfOptimizeChosenFunc  func)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        action, accept, _("_Cancel"));
  g_object_set_data (G_OBJECT (dialog), "tf-chosen", func);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response), g_object_ref (self));
  return GTK_FILE_CHOOSER (dialog);
}

void
tf_optimize_view_show_chooser (GtkFileChooser *chooser)
{
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
config_chosen (TfOptimizeView *self,
               GFile          *file,
               GtkFileChooser *chooser)
{
  g_autoptr(GError) error = NULL;

  if (!tf_optimize_view_load_config (self, file, &error))
    tf_optimize_view_show_error (self, error->message);
}

static void
open_config_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkFileChooser *chooser = tf_optimize_view_choose (TF_OPTIMIZE_VIEW (widget),
                                                     _("Open Search Configuration"),
                                                     GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                                     config_chosen);

  tf_file_chooser_add_yaml_filters (chooser, _("Search configurations"));
  tf_optimize_view_show_chooser (chooser);
}

static void
config_save_chosen (TfOptimizeView *self,
                    GFile          *file,
                    GtkFileChooser *chooser)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!tf_search_form_save_file (self->form, file, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not save the configuration: %s"),
                                                  error->message);

      tf_optimize_view_show_error (self, message);
      return;
    }
  text = g_strdup_printf (_("Saved the configuration to %s; topoforge-cli optimize --config "
                            "reads it"), g_file_peek_path (file));
  tf_optimize_view_set_status (self, text);
}

static void
save_config_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  TfOptimizeView *self = TF_OPTIMIZE_VIEW (widget);
  GtkFileChooser *chooser = tf_optimize_view_choose (self, _("Save Search Configuration"),
                                                     GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
                                                     config_save_chosen);
  GFile *file = tf_search_form_get_file (self->form);

  tf_file_chooser_add_yaml_filters (chooser, _("Search configurations"));
  if (file != NULL)
    gtk_file_chooser_set_file (chooser, file, NULL);
  else
    gtk_file_chooser_set_current_name (chooser, "search.yaml");
  tf_optimize_view_show_chooser (chooser);
}

static void
open_run_chosen (TfOptimizeView *self,
                 GFile          *folder,
                 GtkFileChooser *chooser)
{
  tf_optimize_view_open_run (self, folder);
}

static void
open_run_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  tf_optimize_view_show_chooser (tf_optimize_view_choose (TF_OPTIMIZE_VIEW (widget),
                                                         _("Open Run"),
                                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                         _("_Open"), open_run_chosen));
}

static void
save_run_chosen (TfOptimizeView *self,
                 GFile          *folder,
                 GtkFileChooser *chooser)
{
  tf_optimize_view_request_save_run (self, folder);
}

static void
save_run_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  tf_optimize_view_show_chooser (tf_optimize_view_choose (TF_OPTIMIZE_VIEW (widget),
                                                         _("Save Run Into a Folder"),
                                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                         _("_Save"), save_run_chosen));
}

static void
export_chosen (TfOptimizeView *self,
               GFile          *folder,
               GtkFileChooser *chooser)
{
  const char *choice = gtk_file_chooser_get_choice (chooser, "format");
  guint64 format = TF_EXPORT_YAML;

  if (choice != NULL)
    g_ascii_string_to_unsigned (choice, 10, 0, TF_N_EXPORT_FORMATS - 1, &format, NULL);
  tf_optimize_view_export_selected (self, folder, (TfExportFormat) format);
}

static void
export_selected_activated (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  GtkFileChooser *chooser = tf_optimize_view_choose (TF_OPTIMIZE_VIEW (widget),
                                                     _("Export Selected Candidates"),
                                                     GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                     _("_Export"), export_chosen);
  const char *ids[TF_N_EXPORT_FORMATS + 1] = { NULL };
  const char *labels[TF_N_EXPORT_FORMATS + 1] = { NULL };
  char digits[TF_N_EXPORT_FORMATS][4];

  for (guint f = 0; f < TF_N_EXPORT_FORMATS; f++)
    {
      g_snprintf (digits[f], sizeof digits[f], "%u", f);
      ids[f] = digits[f];
      labels[f] = tf_export_format_get_label (f);
    }
  gtk_file_chooser_add_choice (chooser, "format", _("Format"), ids, labels);
  gtk_file_chooser_set_choice (chooser, "format", "0");
  tf_optimize_view_show_chooser (chooser);
}

static void
compare_seed_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  tf_optimize_view_compare_seed (TF_OPTIMIZE_VIEW (widget));
}


void
tf_optimize_view_files_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "optimize.open-config", NULL,
                                   open_config_activated);
  gtk_widget_class_install_action (widget_class, "optimize.save-config", NULL,
                                   save_config_activated);
  gtk_widget_class_install_action (widget_class, "optimize.open-run", NULL, open_run_activated);
  gtk_widget_class_install_action (widget_class, "optimize.save-run", NULL, save_run_activated);
  gtk_widget_class_install_action (widget_class, "optimize.export-selected", NULL,
                                   export_selected_activated);
  gtk_widget_class_install_action (widget_class, "optimize.compare-seed", NULL,
                                   compare_seed_activated);
}
