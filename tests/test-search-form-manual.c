/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search-form-manual.c: the user's topology files seeding the search
 * (generators.manual.files) are listed in the search form, written into the file topoforge-cli
 * optimize --config reads and read back, and refused as the loader refuses them, with its
 * words. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "test-search-form-fixture.h"
#include "test-util.h"

/* What topoforge-cli optimize --config says of a configuration listing @files, after the item
 * it blames: the same words the form must show. */
static char *
loader_says (Fixture          *f,
             const char *const *files,
             guint             n_files,
             const char       *item)
{
  g_autofree char *path = g_build_filename (f->dir, "manual.yaml", NULL);
  g_autoptr(GString) text = g_string_new ("n_chip: 64\n"
                                          "workload:\n"
                                          "  model: test-small\n"
                                          "  parallelism: {tp: 4, pp: 2, dp: 8}\n"
                                          "generators:\n"
                                          "  manual:\n"
                                          "    files:\n");
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  const char *at;

  for (guint i = 0; i < n_files; i++)
    g_string_append_printf (text, "    - \"%s\"\n", files[i]);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  g_assert_false (tf_search_config_load_file (path, &config, &error));
  g_assert_nonnull (error);
  at = strstr (error->message, item);
  g_assert_nonnull (at);
  g_remove (path);
  return g_strdup (at + strlen (item));
}

/* The rows of the list of files: whether row @index is there. */
static gboolean
has_row (Fixture *f,
         int      index)
{
  GtkWidget *list = tf_search_form_get_field_widget (f->form, "generators.manual.files");

  return gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), index) != NULL;
}

static void
test_manual_seeds (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *cluster = tf_test_write_topology (f->dir, "cluster.yaml", 64,
                                             "torus:dimension_sizes=4x4x4,board_shape=1x2x2");
  g_autofree char *small = tf_test_write_topology (f->dir, "small.yaml", 16,
                                           "torus:dimension_sizes=4x4,board_shape=2x2");
  g_autofree char *bad = tf_test_source_path ("tests", "bad", "chip-beyond.yaml", NULL);
  g_autofree char *saved_path = g_build_filename (f->dir, "saved.yaml", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GFile) cluster_file = g_file_new_for_path (cluster);
  g_autoptr(GFile) small_file = g_file_new_for_path (small);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autoptr(TfSearchForm) again = g_object_ref_sink (TF_SEARCH_FORM (tf_search_form_new ()));
  g_autoptr(GError) error = NULL;
  const char *message;
  guint changed;

  g_assert_false (has_row (f, 0));
  changed = f->changed;
  g_assert_true (tf_search_form_add_manual_file (f->form, cluster_file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f->changed, ==, changed + 1);
  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_null (tf_search_form_get_field_error (f->form, "generators.manual.files"));
  /* Listed already: nothing changes. */
  g_assert_true (tf_search_form_add_manual_file (f->form, cluster_file, &error));
  g_assert_true (has_row (f, 0) && !has_row (f, 1));
  {
    g_auto(TfSearchConfig) config = { 0 };

    g_assert_true (tf_search_form_get_config (f->form, &config, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (config.n_manual_files, ==, 1);
    g_assert_cmpstr (config.manual_files[0], ==, cluster);
  }
  /* Written into the file the command line reads, and read back from it. */
  g_assert_true (tf_search_form_save_file (f->form, saved, &error));
  g_assert_no_error (error);
  g_assert_true (tf_search_form_load_file (again, saved, &error));
  g_assert_no_error (error);
  {
    g_auto(TfSearchConfig) config = { 0 };
    GtkWidget *list = tf_search_form_get_field_widget (again, "generators.manual.files");
    GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0));

    g_assert_true (tf_search_form_get_config (again, &config, &error));
    g_assert_cmpuint (config.n_manual_files, ==, 1);
    g_assert_cmpstr (config.manual_files[0], ==, cluster);
    g_assert_nonnull (row);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (
                       GTK_LIST_BOX_ROW (row)))), ==, "cluster.yaml");
  }

  /* A file that does not load: refused with the loader's FILE:LINE:COLUMN line, as the
   * command line refuses it. */
  g_assert_true (tf_search_form_add_manual_file (f->form, bad_file, &error));
  g_assert_false (tf_search_form_get_valid (f->form));
  message = tf_search_form_get_field_error (f->form, "generators.manual.files");
  g_assert_nonnull (message);
  expected = loader_says (f, (const char *[]) { cluster, bad }, 2,
                          "field 'generators.manual.files[1]': ");
  g_assert_cmpstr (message, ==, expected);
  g_assert_nonnull (strstr (message, "chip-beyond.yaml:19:5: "));
  g_assert_false (tf_search_form_get_config (f->form, &(TfSearchConfig) { 0 }, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
  g_clear_error (&error);
  tf_search_form_remove_manual_file (f->form, 1);
  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_true (has_row (f, 0) && !has_row (f, 1));

  /* Another chip count. */
  g_assert_true (tf_search_form_add_manual_file (f->form, small_file, &error));
  g_assert_false (tf_search_form_get_valid (f->form));
  message = tf_search_form_get_field_error (f->form, "generators.manual.files");
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "has 16 chips, not n_chip = 64"));
  tf_search_form_remove_manual_file (f->form, 1);
  tf_search_form_remove_manual_file (f->form, 0);
  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_false (has_row (f, 0));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/search-form/manual-seeds", Fixture, NULL, fixture_set_up, test_manual_seeds,
              fixture_tear_down);
  return g_test_run ();
}
