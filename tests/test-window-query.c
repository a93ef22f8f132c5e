/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-query.c: the window's results query end to end: the list holds what the engine's
 * query holds, the view and the panel show a result that passes the filters or nothing and the
 * reason, an invalid form empties the list and greys out Export, and "Show all" lists a
 * family's every match with progress and Cancel. */
#include <glib/gstdio.h>
#include <string.h>

#include "test-window-fixture.h"

/* The first button whose action is @action, or NULL. */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* An invalid form runs nothing, empties the list, shows no topology of another context and
 * has nothing to export: the Export button is insensitive, and the view says why. */
static void
test_invalid_form (Fixture       *f,
                   gconstpointer  data)
{
  TfContextForm *form = tf_window_get_form (f->window);
  GtkWidget *export = find_action_button (GTK_WIDGET (f->window), "win.export");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("topoforge-invalid-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.yaml", NULL);

  g_assert_nonnull (export);
  g_assert_true (gtk_widget_get_sensitive (export));
  g_assert_cmpuint (tf_results_view_get_n_shown (tf_window_get_results (f->window), NULL), >, 0);

  set_n_chip (f, 1);
  g_assert_false (tf_context_form_get_valid (form));
  g_assert_false (tf_window_get_busy (f->window));
  g_assert_cmpstr (tf_context_form_get_field_error (form, "n_chip"), ==,
                   "n_chip = 1: n_chip must be at least 2");
  g_assert_cmpstr (tf_context_form_get_error (form), ==, "n_chip = 1: n_chip must be at least 2");
  g_assert_null (tf_topology_view_get_topology (tf_window_get_view (f->window)));
  g_assert_cmpuint (tf_results_view_get_n_shown (tf_window_get_results (f->window), NULL), ==, 0);
  g_assert_cmpstr (tf_window_get_summary (f->window), ==, "");
  g_assert_cmpstr (tf_window_get_placeholder (f->window), ==,
                   "n_chip = 1: n_chip must be at least 2");
  g_assert_false (gtk_widget_get_sensitive (export));
  g_assert_false (tf_window_export (f->window, path, TF_EXPORT_YAML, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
  /* A change to the query while the form is invalid runs nothing. */
  g_object_set (tf_window_get_results (f->window), "status-filter", TF_STATUS_FILTER_RECOMMENDED,
                NULL);
  g_assert_false (tf_window_get_busy (f->window));

  set_n_chip (f, 128);
  g_assert_true (tf_window_get_busy (f->window));
  wait_idle (f, TRUE);
  g_assert_cmpuint (tf_topology_view_get_topology (tf_window_get_view (f->window))->graph.n_chip,
                    ==, 128);
  g_assert_true (gtk_widget_get_sensitive (export));
}

/* The view and the panel show a result that passes the filters, or nothing and the reason;
 * the list holds what the engine's query over every legal result holds. */
static void
test_filters (Fixture       *f,
              gconstpointer  data)
{
  TfResultsView *results = tf_window_get_results (f->window);
  TfTopologyView *view = tf_window_get_view (f->window);
  TfContext ctx;

  tf_context_form_get_context (tf_window_get_form (f->window), &ctx);
  for (guint c = 1; c <= 16; c *= 2)
    {
      g_auto(TfEnumeration) e = { 0 };
      g_auto(TfQuery) query = { 0 };
      const TfTopology *shown;
      TfResultRow *selected;

      g_object_set (results, "chips-per-board-filter", c, "sort", "links", "flat", c % 4 == 0,
                    NULL);
      wait_idle (f, FALSE);
      tf_query_init (&query);
      tf_query_add_chips_per_board (&query, c, c);
      query.sort = tf_column_lookup ("links");
      g_assert_true (tf_enumerate_query (&ctx, NULL, 0, &query, TF_DEFAULT_LIMIT, NULL, NULL, &e,
                                         NULL));
      g_test_message ("%u chips per board: %" G_GUINT64_FORMAT " match", c, e.matched);
      shown = tf_topology_view_get_topology (view);
      selected = tf_results_view_get_selected (results);
      if (e.matched == 0)
        {
          g_assert_null (shown);
          g_assert_null (selected);
          g_assert_cmpstr (tf_window_get_placeholder (f->window), ==, "No result matches the filters");
          continue;
        }
      /* Flat or not, the list holds the query's rows, kept per family. */
      if (c % 4 == 0)
        g_assert_cmpuint (tf_results_view_get_n_shown (results, NULL), ==, e.n_rows);
      else
        {
          guint n = 0;

          for (guint i = 0; i < e.n_families; i++)
            n += e.families[i].n_results;
          g_assert_cmpuint (tf_results_view_get_n_shown (results, NULL), ==, n);
        }
      wait_idle (f, TRUE);
      shown = tf_topology_view_get_topology (view);
      g_assert_nonnull (selected);
      g_assert_cmpuint (tf_result_row_get_result (selected)->chips_per_board, ==, c);
      g_assert_cmpuint (shown->result.chips_per_board, ==, c);
      g_assert_cmpuint (shown->graph.chips_per_board, ==, c);
      /* Sorted, the first row is the answer asked for, recommended or not. */
      if (c % 4 == 0)
        {
          g_autofree char *first = tf_result_dup_id (e.rows[0]);
          g_autofree char *id = tf_result_dup_id (tf_result_row_get_result (selected));

          g_assert_cmpstr (id, ==, first);
        }
    }
  /* A value nothing has: the view empties at once, before the engine answers. */
  g_object_set (results, "chips-per-board-filter", 7777u, NULL);
  g_assert_null (tf_topology_view_get_topology (view));
  wait_idle (f, FALSE);
  g_assert_null (tf_topology_view_get_topology (view));
  g_assert_cmpuint (tf_results_view_get_n_shown (results, NULL), ==, 0);
  g_assert_cmpstr (tf_window_get_placeholder (f->window), ==, "No result matches the filters");
  g_assert_cmpstr (tf_window_get_summary (f->window), ==, "");

  /* Back to everything: a result again. */
  g_object_set (results, "chips-per-board-filter", 0u, NULL);
  wait_idle (f, TRUE);
  g_assert_nonnull (tf_results_view_get_selected (results));
}

/* "Show all" under a filter: every matching result of the family, with progress. */
static void
test_show_all (Fixture       *f,
               gconstpointer  data)
{
  TfResultsView *results = tf_window_get_results (f->window);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  set_n_chip (f, 4096);
  g_object_set (results, "chips-per-board-filter", 8u, NULL);
  wait_idle (f, TRUE);
  before = tf_results_view_dup_family_header (results, "dragonfly");
  g_assert_nonnull (strstr (before, ", showing 50"));
  g_signal_emit_by_name (results, "show-all", "dragonfly");
  g_assert_true (tf_window_get_busy (f->window));
  wait_idle (f, TRUE);
  after = tf_results_view_dup_family_header (results, "dragonfly");
  g_test_message ("%s → %s", before, after);
  g_assert_null (strstr (after, "showing"));
  g_assert_true (g_str_has_prefix (after, "dragonfly — "));

  /* Cancel stops a run and keeps what is shown. */
  g_signal_emit_by_name (results, "show-all", "fat-tree");
  g_assert_true (tf_window_get_busy (f->window));
  g_signal_emit_by_name (results, "cancel");
  g_assert_false (tf_window_get_busy (f->window));
  wait_idle (f, FALSE);
  g_clear_pointer (&before, g_free);
  before = tf_results_view_dup_family_header (results, "dragonfly");
  g_assert_cmpstr (before, ==, after);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/window-query/invalid-form", Fixture, NULL, fixture_set_up, test_invalid_form,
              fixture_tear_down);
  g_test_add ("/ui/window-query/filters", Fixture, NULL, fixture_set_up, test_filters,
              fixture_tear_down);
  g_test_add ("/ui/window-query/show-all", Fixture, NULL, fixture_set_up, test_show_all,
              fixture_tear_down);
  return g_test_run ();
}
