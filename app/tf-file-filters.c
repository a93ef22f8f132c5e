/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-file-filters.c: the app's YAML file filters (see tf-file-filters.h). */
#include <glib/gi18n.h>

#include "tf-file-filters.h"

void
tf_file_chooser_add_yaml_filters (GtkFileChooser *chooser,
                                  const char     *name)
{
  g_autoptr(GtkFileFilter) yaml = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));
  g_return_if_fail (name != NULL);

  gtk_file_filter_set_name (yaml, name);
  gtk_file_filter_add_suffix (yaml, "yaml");
  gtk_file_filter_add_suffix (yaml, "yml");
  gtk_file_chooser_add_filter (chooser, yaml);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}
