/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-search-form.h: the search-configuration form of the Optimize view. It edits the fields of
 * a TfSearchConfig a user sets up a run with and keeps everything else of the configuration it
 * was given; every change is checked by the engine's own loader (the form writes the
 * configuration as YAML and reads it back), and the loader's message is shown on the field it
 * names. It opens and saves the same file `topoforge-cli optimize --config FILE` reads.
 *
 * Properties "valid" (the fields hold; notified when that changes) and "file" (the GFile opened
 * or saved, NULL for a fresh form); signal "changed" after every edit, valid or not, and after
 * set_config. A fresh form holds the engine's defaults with 64 chips, the test-small model
 * (tp 4, pp 2, dp 8) and a 24 x 10 search: a run of a second or so. */
#pragma once

#include <gtk/gtk.h>

#include "optimizer.h"

G_BEGIN_DECLS

#define TF_TYPE_SEARCH_FORM (tf_search_form_get_type ())
G_DECLARE_FINAL_TYPE (TfSearchForm, tf_search_form, TF, SEARCH_FORM, GtkWidget)

GtkWidget  *tf_search_form_new (void);
/* Copies @config; its fields fill the form and the rest is kept for get_config. */
void        tf_search_form_set_config (TfSearchForm *self, const TfSearchConfig *config);
/* The configuration the fields describe, as the engine's loader reads it; FALSE with the
 * first field's message when a field is wrong (@out is then left cleared). */
gboolean    tf_search_form_get_config (TfSearchForm *self, TfSearchConfig *out, GError **error);
gboolean    tf_search_form_get_valid (TfSearchForm *self);
/* The message shown on a field, named by its YAML key path as the loader names it
 * ("n_chip", "workload.parallelism", "hardware_constraints.switch_radix_options"), or NULL. */
const char *tf_search_form_get_field_error (TfSearchForm *self, const char *field);
/* The first message in the form's order, or NULL when the form is valid. */
const char *tf_search_form_get_error (TfSearchForm *self);
/* The widget that edits a field, for focus and tests. */
GtkWidget  *tf_search_form_get_field_widget (TfSearchForm *self, const char *field);
/* The file opened or saved last, or NULL for a fresh form. */
GFile      *tf_search_form_get_file (TfSearchForm *self);
/* On failure (the loader's "FILE:LINE:COLUMN: ..." message) the form stays as it was. */
gboolean    tf_search_form_load_file (TfSearchForm *self, GFile *file, GError **error);
/* Atomic; refuses an invalid form with its first message. */
gboolean    tf_search_form_save_file (TfSearchForm *self, GFile *file, GError **error);

/* generators.manual.files: topology files of the user's seeding the search, as absolute paths.
 * Adding a file listed already changes nothing; a file that does not load (or has another chip
 * count) is listed and refused by the form's check, with the loader's message on the list.
 * FALSE when @file is not local or the list is full (TF_SEARCH_MAX_MANUAL_FILES). */
gboolean    tf_search_form_add_manual_file (TfSearchForm *self, GFile *file, GError **error);
void        tf_search_form_remove_manual_file (TfSearchForm *self, guint index);

G_END_DECLS
