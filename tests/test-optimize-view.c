/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-optimize-view.c: the Optimize view as a person uses it, under a display. A run of the
 * small example fills the plot with the search's front; a click on a point selects that
 * candidate and the 3D view shows its graph; Stop during a run keeps the front found; Open
 * Run on a folder topoforge-cli optimize wrote shows the same front; Save Run writes a folder
 * the engine loads back to the same front; Export Selected writes candidate files the engine
 * reads back byte for byte, and an export that cannot be written says so and leaves nothing.
 * Issue 31: Stage 0's progress shows while it runs and the family front is drawn; a front
 * written as representatives draws the rest of it, a click on one of those selects the
 * candidate standing for it and the panel says how many it stands for; topology files
 * evaluated beside the front show the run's own figures, the constraint they break, and a file
 * that cannot be read is named with its line and column. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "test-util.h"
#include "tf-optimize-view.h"
#include "tf-screenshot.h"

#define WAIT_S 240

typedef struct
{
  GtkWidget      *window;
  TfOptimizeView *view;
  char           *tmp;
} Fixture;

static void
iterate_until_idle (TfOptimizeView *view)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_S * G_USEC_PER_SEC;

  while (tf_optimize_view_get_busy (view) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (tf_optimize_view_get_busy (view));
  /* What the last answer queued (redraws, a late snapshot) runs too. */
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->tmp = g_dir_make_tmp ("topoforge-optimize-view-XXXXXX", &error);
  g_assert_no_error (error);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1400, 900);
  f->view = TF_OPTIMIZE_VIEW (tf_optimize_view_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  gtk_window_present (GTK_WINDOW (f->window));
  while (gtk_widget_get_width (GTK_WIDGET (tf_optimize_view_get_plot (f->view))) <= 0)
    g_main_context_iteration (NULL, TRUE);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  tf_test_remove_tree (f->tmp);
  g_free (f->tmp);
}

/* The small example, made smaller still: a run of a few seconds. */
static void
set_small_config (Fixture *f,
                  guint    population,
                  guint    generations)
{
  g_autofree char *path = tf_test_source_path ("data", "examples", "search-small.yaml", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_config_load_file (path, &config, &error));
  g_assert_no_error (error);
  config.population_size = population;
  config.generations = generations;
  tf_search_form_set_config (tf_optimize_view_get_form (f->view), &config);
  g_assert_true (tf_search_form_get_valid (tf_optimize_view_get_form (f->view)));
}

/* A picture of the window in the temporary folder, for people to look at (TF_KEEP_PICTURES). */
static void
keep_picture (Fixture    *f,
              const char *name)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), name, NULL);
  g_autoptr(GError) error = NULL;

  if (g_getenv ("TF_KEEP_PICTURES") == NULL)
    return;
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (tf_screenshot_save (f->window, path, &error));
  g_assert_no_error (error);
}

static TfParetoModel *
model_of (Fixture *f)
{
  return tf_pareto_plot_get_model (tf_optimize_view_get_plot (f->view));
}

/* The plot shows the run's front, value for value. */
static void
assert_plot_shows_front (Fixture             *f,
                         const TfOptimizeRun *run)
{
  TfParetoModel *model = model_of (f);
  guint m = run->config.n_objectives;

  g_assert_cmpuint (run->result.front->len, >, 0);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_FRONT), ==,
                    run->result.front->len);
  for (guint i = 0; i < run->result.front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (run->result.front, i);
      const double *shown = tf_pareto_model_get_values (model, TF_PARETO_FRONT, i);

      for (guint k = 0; k < m; k++)
        g_assert_cmpfloat (shown[k], ==,
                           tf_objective_value (run->config.objectives[k], c->objectives[k]));
    }
}

static void
click_front_point (Fixture         *f,
                   guint            index,
                   GdkModifierType  state)
{
  TfParetoPlot *plot = tf_optimize_view_get_plot (f->view);
  double x, y;

  g_assert_true (tf_pareto_model_get_position (model_of (f), TF_PARETO_FRONT, index, &x, &y));
  g_assert_true (tf_pareto_plot_click (plot, x, y, state));
}

static void
test_run_fills_plot_and_click_shows_candidate (Fixture       *f,
                                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) selection = NULL;
  TfTopologyView *shown = tf_optimize_view_get_topology_view (f->view, 0);
  TfOptimizeRun *run;
  gint64 deadline;

  set_small_config (f, 12, 4);
  g_assert_true (tf_optimize_view_run (f->view, &error));
  g_assert_no_error (error);
  g_assert_true (tf_optimize_view_get_running (f->view));
  g_assert_null (tf_optimize_view_get_run (f->view));
  iterate_until_idle (f->view);

  run = tf_optimize_view_get_run (f->view);
  g_assert_nonnull (run);
  g_assert_false (run->result.cancelled);
  g_assert_cmpuint (tf_optimize_view_get_snapshots (f->view), >=, 1);
  assert_plot_shows_front (f, run);
  /* Every feasible candidate evaluated is a faint point. */
  g_assert_cmpuint (tf_pareto_model_get_n_points (model_of (f), TF_PARETO_EVALUATED), ==,
                    run->result.evaluated->len / run->config.n_objectives);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model_of (f), TF_PARETO_BASELINE), ==,
                    run->result.baseline_front->len);

  /* A click on the last point of the front selects it, and the 3D view shows its graph. */
  click_front_point (f, run->result.front->len - 1, 0);
  selection = tf_pareto_model_get_selection (model_of (f));
  g_assert_cmpuint (selection->len, ==, 1);
  g_assert_cmpuint (g_array_index (selection, guint, 0), ==, run->result.front->len - 1);
  g_assert_true (tf_topology_view_get_topology (shown)
                 == &((TfCandidate *) g_ptr_array_index (run->result.front,
                                                         run->result.front->len - 1))->topology);
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (tf_topology_view_get_frames (shown) < 1 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (tf_topology_view_get_frames (shown), >=, 1);
  {
    g_autofree char *text = tf_candidate_panel_dup_text (tf_optimize_view_get_panel (f->view));

    g_assert_nonnull (strstr (text, "Iteration time"));
    g_assert_nonnull (strstr (text, "Network"));
  }

  /* Ctrl+click adds a second: both are shown, side by side. */
  if (run->result.front->len > 1)
    {
      g_autofree char *text = NULL;

      click_front_point (f, 0, GDK_CONTROL_MASK);
      g_clear_pointer (&selection, g_array_unref);
      selection = tf_pareto_model_get_selection (model_of (f));
      g_assert_cmpuint (selection->len, ==, 2);
      g_assert_true (gtk_widget_get_visible (
        GTK_WIDGET (tf_optimize_view_get_topology_view (f->view, 1))));
      text = tf_candidate_panel_dup_text (tf_optimize_view_get_panel (f->view));
      /* A difference column: "same" or a signed percentage on the objective rows. */
      g_assert_true (strstr (text, "%") != NULL || strstr (text, "same") != NULL);
      keep_picture (f, "optimize-compare.png");
    }

  /* A candidate against the family seed it came from: the seed generated again from its id,
   * evaluated under the run's configuration, shown on the right. */
  for (guint i = 0; i < run->result.front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (run->result.front, i);
      TfTopologyView *right = tf_optimize_view_get_topology_view (f->view, 1);
      g_autofree char *text = NULL, *shown_id = NULL;

      if (c->origin.seed_id == NULL || c->origin.n_mutations_total == 0)
        continue;
      click_front_point (f, i, 0);
      tf_optimize_view_compare_seed (f->view);
      iterate_until_idle (f->view);
      g_assert_null (tf_optimize_view_get_error (f->view));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (right)));
      g_assert_nonnull (tf_topology_view_get_topology (right));
      /* The seed is the family's own graph: the candidate was edited away from it. */
      shown_id = tf_result_dup_id (&tf_topology_view_get_topology (right)->result);
      g_assert_cmpstr (shown_id, ==, c->origin.seed_id);
      text = tf_candidate_panel_dup_text (tf_optimize_view_get_panel (f->view));
      g_assert_nonnull (strstr (text, "Network"));
      keep_picture (f, "optimize-seed.png");
      break;
    }
}

static void
test_stop_keeps_front (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TfOptimizeRun *run;
  gint64 deadline;

  set_small_config (f, 16, 10000);
  g_assert_true (tf_optimize_view_run (f->view, &error));
  g_assert_no_error (error);
  /* Stage 0's snapshots come first, with the family front; then the search's. */
  deadline = g_get_monotonic_time () + WAIT_S * G_USEC_PER_SEC;
  while ((tf_optimize_view_get_snapshots (f->view) < 2
          || tf_pareto_model_get_n_points (model_of (f), TF_PARETO_FRONT) == 0)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (tf_optimize_view_get_snapshots (f->view), >=, 2);
  /* The live front is on the plot before the search ends. */
  g_assert_cmpuint (tf_pareto_model_get_n_points (model_of (f), TF_PARETO_FRONT), >, 0);
  g_assert_true (tf_optimize_view_get_running (f->view));
  tf_optimize_view_stop (f->view);
  iterate_until_idle (f->view);

  run = tf_optimize_view_get_run (f->view);
  g_assert_nonnull (run);
  g_assert_true (run->result.cancelled);
  g_assert_cmpuint (run->result.generations_done, <, 10000);
  assert_plot_shows_front (f, run);
}

typedef struct
{
  gint64 last;
  gint64 longest;   /* the longest wait between two turns of the main loop, us */
  TfOptimizeView *view;
} Ticks;

static gboolean
tick (gpointer user_data)
{
  Ticks *t = user_data;
  gint64 now = g_get_monotonic_time ();

  t->longest = MAX (t->longest, now - t->last);
  if (g_getenv ("TF_DEBUG_STALLS") && now - t->last > 30000)
    g_test_message ("stall %.1f ms (snapshots %u, running %d)", (now - t->last) / 1e3,
                    tf_optimize_view_get_snapshots (t->view),
                    tf_optimize_view_get_running (t->view));
  t->last = now;
  return G_SOURCE_CONTINUE;
}

/* While a 1,024-chip search runs (its seeds, its generations, the snapshots drawn), the main
 * loop keeps turning: the search is on a worker thread and a snapshot is a copy, never the
 * search's own front. The longest stall is printed; a second would mean work on the main
 * thread. */
static void
test_responsive (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = tf_test_source_path ("data", "examples", "search-1024.yaml", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  Ticks ticks = { g_get_monotonic_time (), 0, f->view };
  guint source;

  g_assert_true (tf_search_config_load_file (path, &config, &error));
  g_assert_no_error (error);
  config.population_size = 12;
  config.generations = 3;
  tf_search_form_set_config (tf_optimize_view_get_form (f->view), &config);
  g_assert_true (tf_optimize_view_run (f->view, &error));
  g_assert_no_error (error);
  source = g_timeout_add (10, tick, &ticks);
  ticks.last = g_get_monotonic_time ();
  iterate_until_idle (f->view);
  g_source_remove (source);
  g_test_message ("longest main-loop stall while a 1,024-chip search ran: %.1f ms",
                  ticks.longest / 1e3);
  g_assert_cmpint (ticks.longest, <, G_USEC_PER_SEC);
  g_assert_nonnull (tf_optimize_view_get_run (f->view));
  g_assert_cmpuint (tf_pareto_model_get_n_points (model_of (f), TF_PARETO_FRONT), >, 0);
}

/* topoforge-cli optimize --config CONFIG ... --out DIR, as a person would run it. */
static char *
cli_run_config (Fixture    *f,
                const char *config,
                const char *name)
{
  char *out = g_build_filename (f->tmp, name, NULL);
  const char *argv[] = {
    g_getenv ("TF_CLI"), "optimize", "--config", config, "--out", out, "--population", "12",
    "--generations", "3", "--no-baseline", NULL,
  };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL
                               | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status,
                               &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static char *
cli_run (Fixture *f)
{
  g_autofree char *config = tf_test_source_path ("data", "examples", "search-small.yaml", NULL);

  return cli_run_config (f, config, "cli-run");
}

static void
test_open_cli_run (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *dir = cli_run (f);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) expected = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = tf_test_tree_listing (dir);
  g_autofree char *after = NULL;
  TfOptimizeRun *run;

  tf_optimize_view_open_run (f->view, folder);
  iterate_until_idle (f->view);
  g_assert_null (tf_optimize_view_get_error (f->view));
  run = tf_optimize_view_get_run (f->view);
  g_assert_nonnull (run);
  assert_plot_shows_front (f, run);
  /* Opening changes no file. */
  after = tf_test_tree_listing (dir);
  g_assert_cmpstr (before, ==, after);

  /* The same front as the folder holds. */
  g_assert_true (tf_search_output_load (dir, &config, &expected, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (expected.front->len, ==, run->result.front->len);
  for (guint i = 0; i < expected.front->len; i++)
    {
      const TfCandidate *a = g_ptr_array_index (expected.front, i);
      const TfCandidate *b = g_ptr_array_index (run->result.front, i);

      g_assert_cmpuint (a->id, ==, b->id);
      for (guint k = 0; k < config.n_objectives; k++)
        g_assert_cmpfloat (a->objectives[k], ==, b->objectives[k]);
    }
  /* The form shows the run's configuration. */
  {
    g_auto(TfSearchConfig) shown = { 0 };

    g_assert_true (tf_search_form_get_config (tf_optimize_view_get_form (f->view), &shown,
                                              &error));
    g_assert_no_error (error);
    g_assert_cmpuint (shown.n_chip, ==, config.n_chip);
    g_assert_cmpuint (shown.population_size, ==, 12);
  }
}

static void
test_save_run_and_export (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *dir = cli_run (f);
  g_autofree char *saved = g_build_filename (f->tmp, "saved", NULL);
  g_autofree char *exported = g_build_filename (f->tmp, "exported", NULL);
  g_autofree char *blocker = g_build_filename (f->tmp, "not-a-folder", NULL);
  g_autofree char *under_file = g_build_filename (blocker, "export", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) save_folder = g_file_new_for_path (saved);
  g_autoptr(GFile) export_folder = g_file_new_for_path (exported);
  g_autoptr(GFile) bad_folder = g_file_new_for_path (under_file);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) selection = NULL;
  TfOptimizeRun *run;

  tf_optimize_view_open_run (f->view, folder);
  iterate_until_idle (f->view);
  run = tf_optimize_view_get_run (f->view);
  g_assert_nonnull (run);

  /* Save Run: a folder the engine loads back to the same front. */
  tf_optimize_view_save_run (f->view, save_folder);
  iterate_until_idle (f->view);
  g_assert_null (tf_optimize_view_get_error (f->view));
  {
    g_auto(TfSearchConfig) config = { 0 };
    g_auto(TfSearchResult) back = { 0 };

    g_assert_true (tf_search_output_load (saved, &config, &back, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (back.front->len, ==, run->result.front->len);
    g_assert_true (g_file_test (saved, G_FILE_TEST_IS_DIR));
  }
  /* Written through saved.partial, which is gone; a save that fails (a saved.partial of
   * another's in the way) leaves the folder as it was. */
  {
    g_autofree char *staging = g_strconcat (saved, ".partial", NULL);
    g_autofree char *before = tf_test_tree_listing (saved);
    g_autofree char *after = NULL;

    g_assert_false (g_file_test (staging, G_FILE_TEST_EXISTS));
    g_assert_cmpint (g_mkdir (staging, 0777), ==, 0);
    tf_optimize_view_save_run (f->view, save_folder);
    iterate_until_idle (f->view);
    g_assert_nonnull (tf_optimize_view_get_error (f->view));
    g_assert_nonnull (strstr (tf_optimize_view_get_error (f->view), ".partial exists"));
    after = tf_test_tree_listing (saved);
    g_assert_cmpstr (before, ==, after);
    g_assert_cmpint (g_rmdir (staging), ==, 0);
  }

  /* Saved again where it was saved: no question. Into the folder of another run (the command
   * line's): asked first; Cancel writes nothing, Replace writes it there. */
  g_assert_null (tf_optimize_view_request_save_run (f->view, save_folder));
  iterate_until_idle (f->view);
  g_assert_null (tf_optimize_view_get_error (f->view));
  {
    g_autofree char *summary_path = g_build_filename (dir, "summary.yaml", NULL);
    g_autofree char *after = NULL;
    GtkWindow *question;

    g_assert_true (g_file_set_contents (summary_path, "# marked\n", -1, NULL));
    question = tf_optimize_view_request_save_run (f->view, folder);
    g_assert_nonnull (question);
    g_assert_true (GTK_IS_MESSAGE_DIALOG (question));
    if (g_getenv ("TF_KEEP_PICTURES") != NULL)
      {
        g_autofree char *png = g_build_filename (g_get_tmp_dir (), "save-run-question.png", NULL);

        for (guint i = 0; i < 20; i++)
          g_main_context_iteration (NULL, FALSE);
        g_assert_true (tf_screenshot_save (GTK_WIDGET (question), png, NULL));
      }
    gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
    iterate_until_idle (f->view);
    g_assert_true (g_file_get_contents (summary_path, &after, NULL, NULL));
    g_assert_cmpstr (after, ==, "# marked\n");
    g_clear_pointer (&after, g_free);

    question = tf_optimize_view_request_save_run (f->view, folder);
    g_assert_nonnull (question);
    gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
    iterate_until_idle (f->view);
    g_assert_null (tf_optimize_view_get_error (f->view));
    g_assert_true (g_file_get_contents (summary_path, &after, NULL, NULL));
    g_assert_cmpstr (after, !=, "# marked\n");
    g_assert_cmpstr (tf_optimize_view_get_run (f->view)->folder, ==, dir);
  }

  /* Export Selected: the first and last candidates, files the engine reads back byte for
   * byte, and selection.yaml. */
  click_front_point (f, 0, 0);
  if (run->result.front->len > 1)
    click_front_point (f, run->result.front->len - 1, GDK_SHIFT_MASK);
  selection = tf_pareto_model_get_selection (model_of (f));
  tf_optimize_view_export_selected (f->view, export_folder, TF_EXPORT_YAML);
  iterate_until_idle (f->view);
  g_assert_null (tf_optimize_view_get_error (f->view));
  for (guint i = 0; i < selection->len; i++)
    {
      guint index = g_array_index (selection, guint, i);
      g_autofree char *name = g_strdup_printf ("candidate_%03u.yaml", index + 1);
      g_autofree char *path = g_build_filename (exported, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(TfCandidate) back = tf_candidate_new ();
      g_autoptr(GString) again = g_string_new (NULL);
      gsize length;

      g_assert_true (g_file_get_contents (path, &text, &length, &error));
      g_assert_no_error (error);
      g_assert_true (tf_candidate_load_data (path, text, length, back, &error));
      g_assert_no_error (error);
      g_assert_true (tf_candidate_write_yaml (back, &run->config, again, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (again->str, ==, text);
    }
  {
    g_autofree char *summary = g_build_filename (exported, "selection.yaml", NULL);

    g_assert_true (g_file_test (summary, G_FILE_TEST_IS_REGULAR));
  }

  /* A folder that cannot be made: the error is shown and nothing is written. */
  g_assert_true (g_file_set_contents (blocker, "", 0, &error));
  tf_optimize_view_export_selected (f->view, bad_folder, TF_EXPORT_GRAPHML);
  iterate_until_idle (f->view);
  g_assert_nonnull (tf_optimize_view_get_error (f->view));
  g_assert_false (g_file_test (under_file, G_FILE_TEST_EXISTS));
}

/* Stage 0 before the search: its progress is the status line ("Family designs: N of M"), the
 * family front grows on the plot while it runs, and the finished run draws the family front
 * and every family design evaluated. */
typedef struct
{
  TfOptimizeView *view;
  guint           stage_0_lines;
  gboolean        family_drawn;   /* the family front on the plot while Stage 0 ran */
} Stage0Watch;

static void
status_changed (TfOptimizeView *view,
                GParamSpec     *pspec,
                Stage0Watch    *watch)
{
  TfParetoModel *model = tf_pareto_plot_get_model (tf_optimize_view_get_plot (view));

  if (!g_str_has_prefix (tf_optimize_view_get_status (view), "Family designs: "))
    return;
  watch->stage_0_lines++;
  watch->family_drawn |= tf_pareto_model_get_n_points (model, TF_PARETO_FAMILY) > 0;
}

static void
test_stage_0 (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Stage0Watch watch = { f->view, 0, FALSE };
  TfParetoModel *model = model_of (f);
  TfOptimizeRun *run;
  gulong id;

  set_small_config (f, 12, 2);
  id = g_signal_connect (f->view, "notify::status", G_CALLBACK (status_changed), &watch);
  g_assert_true (tf_optimize_view_run (f->view, &error));
  g_assert_no_error (error);
  iterate_until_idle (f->view);
  g_signal_handler_disconnect (f->view, id);

  run = tf_optimize_view_get_run (f->view);
  g_assert_nonnull (run);
  g_assert_nonnull (run->result.family_front);
  g_assert_cmpuint (run->result.family_front->len, >, 0);
  g_test_message ("%u Stage 0 status lines", watch.stage_0_lines);
  g_assert_cmpuint (watch.stage_0_lines, >=, 1);
  g_assert_true (watch.family_drawn);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_FAMILY), ==,
                    run->result.family_front->len);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_FAMILY_EVALUATED), ==,
                    run->result.family_evaluated->len / run->config.n_objectives);
  for (guint i = 0; i < run->result.family_front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (run->result.family_front, i);
      const double *shown = tf_pareto_model_get_values (model, TF_PARETO_FAMILY, i);

      for (guint k = 0; k < run->config.n_objectives; k++)
        g_assert_cmpfloat (shown[k], ==,
                           tf_objective_value (run->config.objectives[k], c->objectives[k]));
    }
  g_assert_nonnull (strstr (tf_optimize_view_get_status (f->view), "family front of "));
  keep_picture (f, "optimize-stage-0.png");
}

/* A run written as at most five representatives: the plot draws every design of the front, a
 * click on one without a file selects the candidate standing for it, and the panel says how
 * many that one stands for. */
static void
test_representatives (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *example = tf_test_source_path ("data", "examples", "search-small.yaml", NULL);
  g_autofree char *config_path = g_build_filename (f->tmp, "front-max.yaml", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GArray) selection = NULL;
  g_autofree char *dir = NULL, *panel = NULL, *expected = NULL;
  TfParetoModel *model = model_of (f);
  const TfFrontMember *member = NULL;
  TfOptimizeRun *run;
  guint count = 0;
  double x = 0, y = 0;

  g_assert_true (tf_search_config_load_file (example, &config, &error));
  config.front_max = 5;
  g_assert_true (tf_search_config_write_yaml (&config, text, &error));
  g_assert_true (g_file_set_contents (config_path, text->str, text->len, &error));
  dir = cli_run_config (f, config_path, "front-max");
  folder = g_file_new_for_path (dir);
  tf_optimize_view_open_run (f->view, folder);
  iterate_until_idle (f->view);
  g_assert_null (tf_optimize_view_get_error (f->view));
  run = tf_optimize_view_get_run (f->view);
  g_assert_nonnull (run);
  g_assert_cmpuint (run->result.front->len, <=, 5);
  g_assert_cmpuint (run->result.front_members->len, >, 0);
  assert_plot_shows_front (f, run);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_MEMBERS), ==,
                    run->result.front_members->len);

  /* A member a click reaches (not one under a representative). */
  for (guint i = 0; i < run->result.front_members->len && member == NULL; i++)
    {
      TfParetoSet set;
      guint index;

      g_assert_cmpuint (tf_pareto_model_get_representative (model, i), ==,
                        g_array_index (run->result.front_members, TfFrontMember,
                                       i).representative);
      if (tf_pareto_model_get_position (model, TF_PARETO_MEMBERS, i, &x, &y)
          && tf_pareto_model_hit (model, x, y, 8, &set, &index) && set == TF_PARETO_MEMBERS
          && index == i)
        member = &g_array_index (run->result.front_members, TfFrontMember, i);
    }
  g_assert_nonnull (member);
  for (guint i = 0; i < run->result.front_members->len; i++)
    count += g_array_index (run->result.front_members, TfFrontMember, i).representative
             == member->representative;
  g_assert_true (tf_pareto_plot_click (tf_optimize_view_get_plot (f->view), x, y, 0));
  selection = tf_pareto_model_get_selection (model);
  g_assert_cmpuint (selection->len, ==, 1);
  g_assert_cmpuint (g_array_index (selection, guint, 0), ==, member->representative);
  g_assert_true (tf_topology_view_get_topology (tf_optimize_view_get_topology_view (f->view, 0))
                 == &((TfCandidate *) g_ptr_array_index (run->result.front,
                                                         member->representative))->topology);
  panel = tf_candidate_panel_dup_text (tf_optimize_view_get_panel (f->view));
  expected = g_strdup_printf ("Stands for\titself and %u more design%s of the front\n", count,
                              count == 1 ? "" : "s");
  g_assert_nonnull (strstr (panel, expected));
  g_assert_nonnull (strstr (tf_optimize_view_get_status (f->view), "more designs of the front"));
  keep_picture (f, "optimize-representatives.png");
}

/* Evaluate File: asked for while the run opens, the files wait for its configuration; the
 * run's own candidate file lands on its front point with the run's figures to the last digit;
 * a file that cannot be read and one of another chip count are named in the banner; under a
 * budget the design breaks, the panel says so. */
static void
test_evaluate_files (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *dir = cli_run (f);
  g_autofree char *candidate = g_build_filename (dir, "pareto", "candidate_001.yaml", NULL);
  g_autofree char *bad = tf_test_source_path ("tests", "bad", "chip-beyond.yaml", NULL);
  g_autofree char *small = tf_test_write_topology (f->tmp, "small.yaml", 16,
                                           "torus:dimension_sizes=4x4,board_shape=2x2");
  g_autofree char *torus = tf_test_write_topology (f->tmp, "torus.yaml", 64,
                                           "torus:dimension_sizes=4x4x4,board_shape=1x2x2");
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GFile *files[3];
  g_autoptr(GError) error = NULL;
  g_autofree char *panel = NULL;
  g_autoptr(GArray) picked = NULL;
  TfParetoModel *model = model_of (f);
  g_auto(TfSearchConfig) budget = { 0 };
  TfOptimizeRun *run;
  const TfCandidate *first;
  const double *shown;

  files[0] = g_file_new_for_path (candidate);
  files[1] = g_file_new_for_path (bad);
  files[2] = g_file_new_for_path (small);
  tf_optimize_view_open_run (f->view, folder);
  g_assert_true (tf_optimize_view_evaluate_files (f->view, files, 3, &error));
  g_assert_no_error (error);
  iterate_until_idle (f->view);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    g_object_unref (files[i]);

  run = tf_optimize_view_get_run (f->view);
  g_assert_nonnull (run);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_FILES), ==, 1);
  g_assert_cmpstr (tf_pareto_model_get_origin (model, TF_PARETO_FILES, 0), ==,
                   "candidate_001.yaml");
  first = g_ptr_array_index (run->result.front, 0);
  shown = tf_pareto_model_get_values (model, TF_PARETO_FILES, 0);
  for (guint k = 0; k < run->config.n_objectives; k++)
    g_assert_cmpfloat (shown[k], ==,
                       tf_objective_value (run->config.objectives[k], first->objectives[k]));
  /* The ones that could not be are named, the loader's line and column with them. */
  g_assert_nonnull (tf_optimize_view_get_error (f->view));
  g_assert_nonnull (strstr (tf_optimize_view_get_error (f->view), "chip-beyond.yaml:19:5: "));
  g_assert_nonnull (strstr (tf_optimize_view_get_error (f->view), "small.yaml"));
  g_assert_nonnull (strstr (tf_optimize_view_get_status (f->view),
                            "Evaluated 1 file; 2 could not be read"));
  /* Shown at once: its numbers and no constraint broken. */
  picked = tf_pareto_model_get_selected (model, TF_PARETO_FILES);
  g_assert_cmpuint (picked->len, ==, 1);
  panel = tf_candidate_panel_dup_text (tf_optimize_view_get_panel (f->view));
  g_assert_nonnull (strstr (panel, "Hard constraint broken\tnone\n"));
  g_assert_nonnull (strstr (panel, "Iteration time\t"));

  /* Beside a candidate: Ctrl+click, and both are in the panel. */
  click_front_point (f, 0, 0);
  {
    double x, y;

    g_assert_true (tf_pareto_model_get_position (model, TF_PARETO_FILES, 0, &x, &y));
    g_assert_true (tf_pareto_plot_click (tf_optimize_view_get_plot (f->view), x, y,
                                         GDK_CONTROL_MASK));
  }
  g_assert_true (gtk_widget_get_visible (
    GTK_WIDGET (tf_optimize_view_get_topology_view (f->view, 1))));
  g_clear_pointer (&panel, g_free);
  panel = tf_candidate_panel_dup_text (tf_optimize_view_get_panel (f->view));
  /* The same design twice: every objective the same. */
  g_assert_nonnull (strstr (panel, "Hard constraint broken\tnone\tnone\t\n"));

  /* Under a budget of a thousand dollars the torus breaks it, and is still drawn. */
  tf_search_config_copy (&run->config, &budget);
  budget.hardware.budget_usd = 1000;
  tf_search_form_set_config (tf_optimize_view_get_form (f->view), &budget);
  g_assert_true (tf_search_form_get_valid (tf_optimize_view_get_form (f->view)));
  files[0] = g_file_new_for_path (torus);
  g_assert_true (tf_optimize_view_evaluate_files (f->view, files, 1, &error));
  g_object_unref (files[0]);
  iterate_until_idle (f->view);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_FILES), ==, 2);
  g_clear_pointer (&panel, g_free);
  panel = tf_candidate_panel_dup_text (tf_optimize_view_get_panel (f->view));
  /* Beside the candidate selected before. */
  g_assert_nonnull (strstr (panel, "Hard constraint broken\tnone\tbudget: the network costs "));
  keep_picture (f, "optimize-evaluate-files.png");
}

/* Before any run or search, a file evaluated is the plot's first point, in the form's
 * objectives. */
static void
test_evaluate_alone (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *torus = tf_test_write_topology (f->tmp, "torus.yaml", 64,
                                           "torus:dimension_sizes=4x4x4,board_shape=1x2x2");
  g_autoptr(GFile) file = g_file_new_for_path (torus);
  g_autoptr(GError) error = NULL;
  g_autofree char *panel = NULL;
  TfParetoModel *model = model_of (f);
  const double *shown;

  set_small_config (f, 12, 2);
  g_assert_true (tf_optimize_view_evaluate_files (f->view, &file, 1, &error));
  g_assert_no_error (error);
  iterate_until_idle (f->view);
  g_assert_null (tf_optimize_view_get_error (f->view));
  g_assert_cmpuint (tf_pareto_model_get_n_objectives (model), ==, 3);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_FILES), ==, 1);
  g_assert_true (tf_pareto_model_get_position (model, TF_PARETO_FILES, 0, NULL, NULL));
  shown = tf_pareto_model_get_values (model, TF_PARETO_FILES, 0);
  g_assert_cmpfloat (shown[0], >, 0);
  g_assert_cmpfloat (shown[1], >, 0);
  /* Shown in the panel under the configuration that judged it. */
  panel = tf_candidate_panel_dup_text (tf_optimize_view_get_panel (f->view));
  g_assert_nonnull (strstr (panel, "Hard constraint broken\tnone\n"));
  g_assert_nonnull (strstr (panel, "Network\t"));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/optimize-view/run-click", Fixture, NULL, fixture_set_up,
              test_run_fills_plot_and_click_shows_candidate, fixture_tear_down);
  g_test_add ("/ui/optimize-view/stop", Fixture, NULL, fixture_set_up, test_stop_keeps_front,
              fixture_tear_down);
  g_test_add ("/ui/optimize-view/responsive", Fixture, NULL, fixture_set_up, test_responsive,
              fixture_tear_down);
  g_test_add ("/ui/optimize-view/open-cli-run", Fixture, NULL, fixture_set_up,
              test_open_cli_run, fixture_tear_down);
  g_test_add ("/ui/optimize-view/save-export", Fixture, NULL, fixture_set_up,
              test_save_run_and_export, fixture_tear_down);
  g_test_add ("/ui/optimize-view/stage-0", Fixture, NULL, fixture_set_up, test_stage_0,
              fixture_tear_down);
  g_test_add ("/ui/optimize-view/representatives", Fixture, NULL, fixture_set_up,
              test_representatives, fixture_tear_down);
  g_test_add ("/ui/optimize-view/evaluate-files", Fixture, NULL, fixture_set_up,
              test_evaluate_files, fixture_tear_down);
  g_test_add ("/ui/optimize-view/evaluate-alone", Fixture, NULL, fixture_set_up,
              test_evaluate_alone, fixture_tear_down);
  return g_test_run ();
}
