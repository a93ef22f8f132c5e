/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-window-export.c: the window's Export: the topology shown written in a format the dialog's
 * filter or the file's extension chooses (tf-window-private.h). */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-window-private.h"

gboolean
tf_window_export (TfWindow        *self,
                  const char      *path,
                  TfExportFormat   format,
                  GError         **error)
{
  TfTopology *topology;

  g_return_val_if_fail (TF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  topology = tf_topology_view_get_topology (self->view);
  if (topology == NULL)
    {
      g_set_error_literal (error, TF_ERROR, TF_ERROR_IO, _("No topology is shown"));
      return FALSE;
    }
  return tf_export_write (topology, format, path, error);
}

/* The format of the filter chosen in the dialog when the name's extension is one of its (two
 * formats share .graphml); else the format the extension says; else the chosen filter's (the
 * filters are added in TfExportFormat's order). */
static TfExportFormat
export_format (GtkFileChooser *chooser,
               const char     *path)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);
  GtkFileFilter *chosen = gtk_file_chooser_get_filter (chooser);
  TfExportFormat format = TF_EXPORT_YAML, by_name;
  const char *dot = strrchr (path, '.');

  for (guint i = 0; i < g_list_model_get_n_items (filters) && i < TF_N_EXPORT_FORMATS; i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (filter == chosen)
        format = i;
    }
  if (!tf_export_format_from_path (path, &by_name))
    return format;
  for (const char *const *e = tf_export_format_get_extensions (format); *e != NULL; e++)
    if (g_ascii_strcasecmp (dot + 1, *e) == 0)
      return format;
  return by_name;
}

static void
export_response (GtkNativeDialog *dialog,
                 int              response,
                 TfWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        tf_window_show_error (self, _("The chosen place is not a local file"));
      else if (!tf_window_export (self, path, export_format (GTK_FILE_CHOOSER (dialog), path),
                                  &error))
        {
          g_autofree char *message = g_strdup_printf (_("Could not export: %s"), error->message);

          tf_window_show_error (self, message);
        }
      else
        {
          g_autofree char *message = g_strdup_printf (_("Exported to %s"), path);

          gtk_label_set_text (self->status, message);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

/* The name the dialog proposes, without an extension: the file's, or the id's. */
static char *
dup_export_stem (TfWindow   *self,
                 TfTopology *topology)
{
  char *stem;

  if (self->file != NULL)
    {
      char *name = tf_window_dup_file_name (self->file);
      char *dot = strrchr (name, '.');

      if (dot != NULL && dot != name)
        *dot = '\0';
      return name;
    }
  if (topology->result.family == NULL)
    return g_strdup ("topology");
  stem = tf_result_dup_id (&topology->result);
  g_strdelimit (stem, ":,=/", '-');
  return stem;
}

static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TfWindow *self = TF_WINDOW (widget);
  TfTopology *topology = tf_topology_view_get_topology (self->view);
  GtkFileChooserNative *dialog;
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;

  if (topology == NULL)
    return;
  stem = dup_export_stem (self, topology);
  name = g_strdup_printf ("%s.%s", stem, tf_export_format_get_extensions (TF_EXPORT_YAML)[0]);
  dialog = gtk_file_chooser_native_new (_("Export Topology"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                        _("_Cancel"));
  for (guint f = 0; f < TF_N_EXPORT_FORMATS; f++)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
      const char *const *extensions = tf_export_format_get_extensions (f);

      gtk_file_filter_set_name (filter, tf_export_format_get_label (f));
      for (guint e = 0; extensions[e] != NULL; e++)
        gtk_file_filter_add_suffix (filter, extensions[e]);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
      if (f == TF_EXPORT_YAML)
        gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), filter);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (export_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
tf_window_export_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_activated);
}
