/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-search-form-manual.c: generators.manual.files in the search form, the user's own topology
 * files seeding the search (the spec's manual_seed origin). The list is the base
 * configuration's (absolute paths, as the engine keeps them), so the configuration the form
 * gives, writes and checks carries it; Add… and Remove edit it. The form's check reads every
 * file as the engine's loader does for `topoforge-cli optimize --config`: one that does not
 * load, or has another chip count, shows the loader's message under the list. */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-file-filters.h"
#include "tf-search-form-private.h"

void
tf_search_form_fill_manual (TfSearchForm *self)
{
  GtkListBoxRow *row;

  g_assert (TF_IS_SEARCH_FORM (self));

  while ((row = gtk_list_box_get_row_at_index (self->manual_list, 0)) != NULL)
    gtk_list_box_remove (self->manual_list, GTK_WIDGET (row));
  for (guint i = 0; i < self->base.n_manual_files; i++)
    {
      const char *path = self->base.manual_files[i];
      g_autofree char *name = g_path_get_basename (path);
      GtkWidget *label = gtk_label_new (name);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_margin_top (label, 4);
      gtk_widget_set_margin_bottom (label, 4);
      /* The name in the list, the whole path on hover. */
      gtk_widget_set_tooltip_text (label, path);
      gtk_list_box_append (self->manual_list, label);
    }
  gtk_widget_set_sensitive (self->manual_remove, FALSE);
}

gboolean
tf_search_form_add_manual_file (TfSearchForm  *self,
                                GFile         *file,
                                GError       **error)
{
  TfSearchConfig *c;
  const char *path;

  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  c = &self->base;
  path = g_file_peek_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, TF_ERROR, TF_ERROR_IO, _("%s is not a local file"), uri);
      return FALSE;
    }
  for (guint i = 0; i < c->n_manual_files; i++)
    if (strcmp (c->manual_files[i], path) == 0)
      return TRUE;
  if (c->n_manual_files >= TF_SEARCH_MAX_MANUAL_FILES)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE,
                   _("At most %u files can seed a search"), TF_SEARCH_MAX_MANUAL_FILES);
      return FALSE;
    }
  c->manual_files[c->n_manual_files++] = g_canonicalize_filename (path, NULL);
  tf_search_form_fill_manual (self);
  tf_search_form_edited (self);
  return TRUE;
}

void
tf_search_form_remove_manual_file (TfSearchForm *self,
                                   guint         index)
{
  TfSearchConfig *c;

  g_return_if_fail (TF_IS_SEARCH_FORM (self));
  g_return_if_fail (index < self->base.n_manual_files);

  c = &self->base;
  g_free (c->manual_files[index]);
  memmove (&c->manual_files[index], &c->manual_files[index + 1],
           (c->n_manual_files - index - 1) * sizeof c->manual_files[0]);
  c->manual_files[--c->n_manual_files] = NULL;
  tf_search_form_fill_manual (self);
  tf_search_form_edited (self);
}

static void
manual_selection_changed (TfSearchForm *self)
{
  gtk_widget_set_sensitive (self->manual_remove,
                            gtk_list_box_get_selected_row (self->manual_list) != NULL);
}

static void
manual_remove_clicked (TfSearchForm *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->manual_list);

  if (row != NULL)
    tf_search_form_remove_manual_file (self, (guint) gtk_list_box_row_get_index (row));
}

static void
manual_chosen (GtkNativeDialog *dialog,
               int              response,
               gpointer         user_data)
{
  g_autoptr(TfSearchForm) self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);
          g_autoptr(GError) error = NULL;

          /* What cannot be added is said where the form says what is wrong, until the next
           * edit; the configuration is the one it was. */
          if (!tf_search_form_add_manual_file (self, file, &error))
            {
              gtk_label_set_text (GTK_LABEL (self->form_error), error->message);
              gtk_widget_set_visible (self->form_error, TRUE);
              break;
            }
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
manual_add_clicked (TfSearchForm *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Add Designs That Seed the Search"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  tf_file_chooser_add_yaml_filters (GTK_FILE_CHOOSER (dialog), _("Topology files"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (manual_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
tf_search_form_manual_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, manual_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, manual_add_clicked);
  gtk_widget_class_bind_template_callback (widget_class, manual_remove_clicked);
}
