/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-file-filters.h: the filters every file chooser of the app offers for the YAML files it
 * reads (topologies, search configurations): one for .yaml and .yml, named for what they hold,
 * and one for every file. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Adds to @chooser a filter named @name for YAML files, first, and one for all files. */
void tf_file_chooser_add_yaml_filters (GtkFileChooser *chooser, const char *name);

G_END_DECLS
