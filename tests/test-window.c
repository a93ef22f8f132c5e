/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window.c: the main window end to end: it enumerates the form's context on a worker
 * thread, shows the first recommended result in 3D, follows the selection, never runs an
 * invalid form, keeps the newest request only, remembers the form, exports YAML that the
 * engine reads back equal, GraphML and DOT that networkx reads, and copies the same YAML and
 * the id generate takes. It opens every topology file in the tree that the engine loads,
 * through the window's own path (tf_window_open (), which the dialog, the command line, a drop
 * and Open Recent call), and shows every other file's one-line error. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <sys/wait.h>

#include "test-util.h"
#include "test-window-fixture.h"
#include "tf-format.h"

/* Opens @path in the window and waits until it is shown or refused. */
static void
open_path (Fixture    *f,
           const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  tf_window_open (f->window, file);
  g_assert_true (tf_window_get_busy (f->window));
  wait_idle (f, FALSE);
}

/* It starts on something real: 64 chips across racks, the first recommended result drawn. */
static void
test_default (Fixture       *f,
              gconstpointer  data)
{
  TfResultRow *row = tf_results_view_get_selected (tf_window_get_results (f->window));
  TfTopology *topology = tf_topology_view_get_topology (tf_window_get_view (f->window));
  g_autofree char *id = NULL;

  g_assert_nonnull (row);
  g_assert_nonnull (topology);
  id = tf_result_dup_id (&topology->result);
  g_assert_cmpstr (id, ==, tf_result_row_get_id (row));
  g_assert_cmpint (tf_result_get_status (&topology->result), ==, TF_STATUS_RECOMMENDED);
  g_assert_cmpuint (topology->context.n_chip, ==, 64);
  g_assert_cmpint (topology->context.scope, ==, TF_SCOPE_INTER_RACK);
  g_assert_cmpuint (topology->graph.n_chip, ==, 64);
  g_assert_cmpuint (tf_results_view_get_n_shown (tf_window_get_results (f->window), NULL), >, 9);
  g_assert_null (tf_window_get_error (f->window));
}

/* Selecting another row generates it and the view follows. */
static void
test_selection (Fixture       *f,
                gconstpointer  data)
{
  TfResultsView *results = tf_window_get_results (f->window);
  TfTopologyView *view = tf_window_get_view (f->window);

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *id = NULL;

      g_assert_true (tf_results_view_select (results, "torus", i));
      wait_idle (f, TRUE);
      id = tf_result_dup_id (&tf_topology_view_get_topology (view)->result);
      g_assert_cmpstr (id, ==, tf_result_row_get_id (tf_results_view_get_selected (results)));
      g_assert_cmpuint (tf_topology_view_get_scene (view)->boxes[TF_SCENE_CHIP]->len, ==, 64);
    }
}

/* An invalid form starts nothing and keeps what is shown; fixing it enumerates again. */
/* Quick edits: only the newest context's results arrive. */
static void
test_newest_wins (Fixture       *f,
                  gconstpointer  data)
{
  static const guint sizes[] = { 4096, 2048, 1000, 96 };
  TfTopology *topology;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    set_n_chip (f, sizes[i]);
  wait_idle (f, TRUE);
  topology = tf_topology_view_get_topology (tf_window_get_view (f->window));
  g_assert_cmpuint (topology->context.n_chip, ==, 96);
  for (guint i = 0; i < tf_results_view_get_n_shown (tf_window_get_results (f->window), NULL); i++)
    {
      TfResultRow *row = tf_results_view_get_shown (tf_window_get_results (f->window), i);

      g_assert_cmpuint (tf_result_row_get_result (row)->n_endpoint, <=, 96);
    }
  /* The form is remembered. */
  g_assert_cmpuint (g_settings_get_uint (settings, "n-chip"), ==, 96);
}

static void
test_export (Fixture       *f,
             gconstpointer  data)
{
  TfTopology *shown = tf_topology_view_get_topology (tf_window_get_view (f->window));
  g_autofree char *dir = g_dir_make_tmp ("topoforge-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.yaml", NULL);
  g_autofree char *blocked = g_build_filename (path, "below-a-file.yaml", NULL);
  g_autofree char *written = NULL;
  g_autoptr(GString) again = g_string_new (NULL);
  g_autoptr(GString) expected = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_auto(TfTopology) loaded = { 0 };
  gsize length;

  g_assert_true (tf_window_export (f->window, path, TF_EXPORT_YAML, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, &length, NULL));
  g_assert_true (tf_topology_write_yaml (shown, expected, NULL));
  g_assert_cmpstr (written, ==, expected->str);

  /* The engine reads it back equal: same graph, and it writes the same bytes again. */
  g_assert_true (tf_topology_load_file (path, NULL, &loaded, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (loaded.graph.n_chip, ==, shown->graph.n_chip);
  g_assert_cmpuint (loaded.graph.n_links, ==, shown->graph.n_links);
  g_assert_cmpuint (loaded.graph.n_switch, ==, shown->graph.n_switch);
  g_assert_true (tf_topology_write_yaml (&loaded, again, NULL));
  g_assert_cmpstr (again->str, ==, expected->str);

  /* A place that cannot be written: an error, and no file. */
  g_assert_false (tf_window_export (f->window, blocked, TF_EXPORT_YAML, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (blocked, G_FILE_TEST_EXISTS));

  g_unlink (path);
  g_rmdir (dir);
}

static void
clipboard_read (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  char **text = user_data;
  g_autoptr(GError) error = NULL;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
}

static void
test_copy (Fixture       *f,
           gconstpointer  data)
{
  TfTopology *shown = tf_topology_view_get_topology (tf_window_get_view (f->window));
  g_autoptr(GString) expected = g_string_new (NULL);
  g_autofree char *text = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-yaml", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (f->window)), NULL,
                                 clipboard_read, &text);
  while (text == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (tf_topology_write_yaml (shown, expected, NULL));
  g_assert_cmpstr (text, ==, expected->str);
}

/* The middle of a fitted view shows part of the topology; clicking there describes it. */
static void
test_pick (Fixture       *f,
           gconstpointer  data)
{
  TfTopologyView *view = tf_window_get_view (f->window);
  int width = gtk_widget_get_width (GTK_WIDGET (view));
  int height = gtk_widget_get_height (GTK_WIDGET (view));
  const char *info;

  /* Draw once, so the pending fit has happened. */
  while (tf_topology_view_get_frames (view) == 0)
    {
      gtk_widget_queue_draw (GTK_WIDGET (view));
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpint (width, >, 0);
  g_assert_true (tf_topology_view_select_at (view, width / 2.0, height / 2.0));
  info = tf_topology_view_get_info (view);
  g_assert_nonnull (info);
  g_assert_true (g_str_has_prefix (info, "Chip ") || g_str_has_prefix (info, "Switch ")
                 || g_str_has_prefix (info, "Board ") || g_str_has_prefix (info, "Rack ")
                 || g_str_has_prefix (info, "Pod "));
  /* A corner of the view is empty. */
  g_assert_false (tf_topology_view_select_at (view, 1, 1));
  g_assert_null (tf_topology_view_get_info (view));
}

/* Files in and out */

static char *
read_clipboard (Fixture *f)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (f->window)), NULL,
                                 clipboard_read, &text);
  while (text == NULL)
    g_main_context_iteration (NULL, TRUE);
  return text;
}

/* Runs a program; returns its exit status, with its output in @out (may be NULL). */
static int
run (const char *const *argv,
     char              **out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  /* Its output never reaches ours, which is TAP. */
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL,
                               out ? G_SPAWN_DEFAULT : G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_test_message ("%s: %s", argv[0], err);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* The first widget under @widget that is a @type with @action_name (NULL: any), depth first. */
static GtkWidget *
find_widget (GtkWidget  *widget,
             GType       type,
             const char *action_name)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type)
      && (action_name == NULL
          || g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every file under @dir (and its folders) whose name ends in @suffix (NULL: any). */
static void
collect_files (const char *dir,
               const char *suffix,
               GPtrArray  *out)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, suffix, out);
      else if ((suffix == NULL || g_str_has_suffix (name, suffix))
               && strcmp (name, "README.md") != 0)
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

/* Every topology file in the tree that the engine loads opens, with its chip count in the
 * panel; every other shows the loader's line, named by the file's name: exactly the .expected
 * message beside each file of tests/bad/. */
static void
test_open_tree (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *tests = tf_test_source_path ("tests", NULL);
  g_autofree char *corpus = tf_test_source_path ("fuzz", "corpus", "topology-load", NULL);
  g_autofree char *crashes = tf_test_source_path ("fuzz", "crashes", "topology-load", NULL);
  guint opened = 0, refused = 0, bad = 0;

  collect_files (tests, ".yaml", paths);
  collect_files (corpus, NULL, paths);
  collect_files (crashes, NULL, paths);
  g_ptr_array_sort (paths, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GError) error = NULL;

      if (tf_topology_load_file (path, NULL, &t, &error))
        {
          g_autofree char *n = tf_format_things (t.graph.n_chip, "%s chip", "%s chips");
          g_autofree char *chips = g_strconcat (n, " on ", NULL);
          TfTopology *shown;

          open_path (f, path);
          shown = tf_topology_view_get_topology (tf_window_get_view (f->window));
          if (tf_window_get_error (f->window) != NULL)
            g_test_message ("%s", path);
          g_assert_null (tf_window_get_error (f->window));
          g_assert_nonnull (tf_window_get_file (f->window));
          g_assert_true (g_file_equal (tf_window_get_file (f->window), file));
          g_assert_nonnull (shown);
          g_assert_cmpuint (shown->graph.n_chip, ==, t.graph.n_chip);
          g_assert_cmpuint (shown->graph.n_links, ==, t.graph.n_links);
          if (strstr (tf_window_get_summary (f->window), chips) == NULL)
            g_test_message ("%s: the panel says '%s', not '%s'", path,
                            tf_window_get_summary (f->window), chips);
          g_assert_nonnull (strstr (tf_window_get_summary (f->window), chips));
          opened++;
        }
      else
        {
          g_autofree char *base = g_path_get_basename (path);
          g_autofree char *expected_file = NULL;
          g_autofree char *expected = NULL;

          /* tests/bad/NAME.expected, or the engine's message by the file's name. */
          if (strstr (path, G_DIR_SEPARATOR_S "bad" G_DIR_SEPARATOR_S) != NULL)
            {
              expected_file = g_strdup_printf ("%.*s.expected", (int) strlen (path) - 5, path);
              g_assert_true (g_file_get_contents (expected_file, &expected, NULL, NULL));
              g_strchomp (expected);
              bad++;
            }
          else
            {
              g_assert_true (g_str_has_prefix (error->message, path));
              expected = g_strconcat (base, error->message + strlen (path), NULL);
            }
          open_path (f, path);
          if (g_strcmp0 (tf_window_get_error (f->window), expected) != 0)
            g_test_message ("%s", path);
          g_assert_cmpstr (tf_window_get_error (f->window), ==, expected);
          /* What was shown stays. */
          g_assert_nonnull (tf_topology_view_get_topology (tf_window_get_view (f->window)));
          refused++;
        }
    }
  g_test_message ("%u opened, %u refused (%u from tests/bad)", opened, refused, bad);
  g_assert_cmpuint (opened, >=, 30);
  g_assert_cmpuint (bad, >=, 50);
}

/* A file without metrics: measured on the worker. An edited topology has no family and no
 * id, so Copy Id is off. */
static void
test_open_edited (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *source = tf_test_source_path ("fuzz", "corpus", "topology-load", "seed-edited.yaml",
                                         NULL);
  g_autofree char *dir = g_dir_make_tmp ("topoforge-edited-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "edited_no_metrics.yaml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GString) stripped = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  g_auto(TfTopology) t = { 0 };
  g_autofree char *text = NULL;
  gboolean in_metrics = FALSE;
  GtkWidget *button;
  const char *summary;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (strcmp (lines[i], "  metrics:") == 0)
        in_metrics = TRUE;
      else if (!g_str_has_prefix (lines[i], "    "))
        in_metrics = FALSE;
      if (!in_metrics)
        g_string_append_printf (stripped, "%s%s", lines[i], lines[i + 1] ? "\n" : "");
    }
  g_assert_true (g_file_set_contents (path, stripped->str, -1, NULL));
  g_assert_true (tf_topology_load_file (path, NULL, &t, NULL));
  g_assert_null (t.result.family);
  g_assert_cmpint (t.result.metrics.counts_method, ==, TF_METHOD_NONE);

  open_path (f, path);
  g_assert_null (tf_window_get_error (f->window));
  summary = tf_window_get_summary (f->window);
  g_test_message ("%s", summary);
  g_assert_true (g_str_has_prefix (summary, "Edited topology"));
  g_assert_nonnull (strstr (summary, "16\u00a0chips on 8\u00a0boards"));
  /* Measured: the file's own figures before they were taken out. */
  g_assert_nonnull (strstr (summary, "6\u00a0switches, 32\u00a0links"));
  g_assert_nonnull (strstr (summary, "Diameter 4\u00a0hops, average\u00a03.53"));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)),
                                   "edited_no_metrics.yaml"));

  button = find_widget (GTK_WIDGET (f->window), GTK_TYPE_BUTTON, "win.copy-id");
  g_assert_nonnull (button);
  g_assert_false (gtk_widget_get_sensitive (button));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (f->window)), "before");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-id", NULL);
  text = read_clipboard (f);
  g_assert_cmpstr (text, ==, "before");

  g_unlink (path);
  g_rmdir (dir);
}

/* A file stays shown while the form enumerates again, until a result is selected: the one
 * selected before the file opened too. A file that fails changes nothing but the banner. */
static void
test_file_until_selection (Fixture       *f,
                           gconstpointer  data)
{
  TfResultsView *results = tf_window_get_results (f->window);
  TfTopologyView *view = tf_window_get_view (f->window);
  g_autofree char *torus = tf_test_source_path ("fuzz", "corpus", "topology-load", "seed-2.yaml", NULL);
  g_autofree char *bad = tf_test_source_path ("tests", "bad", "chip-beyond.yaml", NULL);

  g_assert_true (tf_results_view_select (results, "torus", 0));
  wait_idle (f, TRUE);
  open_path (f, torus);
  g_assert_nonnull (tf_window_get_file (f->window));
  g_assert_null (tf_results_view_get_selected (results));
  g_assert_cmpuint (tf_topology_view_get_topology (view)->graph.n_chip, ==, 16);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "seed-2.yaml — Topoforge");

  set_n_chip (f, 128);
  wait_idle (f, FALSE);
  g_assert_cmpuint (tf_results_view_get_n_shown (results, NULL), >, 0);
  g_assert_null (tf_results_view_get_selected (results));
  g_assert_nonnull (tf_window_get_file (f->window));
  g_assert_cmpuint (tf_topology_view_get_topology (view)->graph.n_chip, ==, 16);

  /* A bad file: the torus file stays. */
  open_path (f, bad);
  g_assert_cmpstr (tf_window_get_error (f->window), ==,
                   "chip-beyond.yaml:19:5: field 'network.links[3].a': chip7 is beyond n_chip = 4");
  g_assert_cmpuint (tf_topology_view_get_topology (view)->graph.n_chip, ==, 16);
  g_assert_nonnull (tf_window_get_file (f->window));

  /* The first torus again, now of 128 chips. */
  g_assert_true (tf_results_view_select (results, "torus", 0));
  wait_idle (f, TRUE);
  g_assert_null (tf_window_get_file (f->window));
  g_assert_cmpuint (tf_topology_view_get_topology (view)->graph.n_chip, ==, 128);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "Topoforge");

  /* The list leads again: a new context shows its first result. */
  set_n_chip (f, 96);
  wait_idle (f, TRUE);
  g_assert_nonnull (tf_results_view_get_selected (results));
  g_assert_cmpuint (tf_topology_view_get_topology (view)->graph.n_chip, ==, 96);
}

/* A failed open in a window following the list: the list still leads. */
static void
test_bad_file_keeps_results (Fixture       *f,
                             gconstpointer  data)
{
  TfTopologyView *view = tf_window_get_view (f->window);
  TfTopology *shown = tf_topology_view_get_topology (view);
  g_autofree char *bad = tf_test_source_path ("tests", "bad", "self-loop.yaml", NULL);
  g_autofree char *expected = tf_test_source_path ("tests", "bad", "self-loop.expected", NULL);
  g_autofree char *message = NULL;

  g_assert_true (g_file_get_contents (expected, &message, NULL, NULL));
  g_strchomp (message);
  open_path (f, bad);
  g_assert_cmpstr (tf_window_get_error (f->window), ==, message);
  g_assert_true (tf_topology_view_get_topology (view) == shown);
  g_assert_nonnull (tf_results_view_get_selected (tf_window_get_results (f->window)));
  g_assert_null (tf_window_get_file (f->window));

  /* The banner stays through a new enumeration, which the list shows. */
  set_n_chip (f, 32);
  wait_idle (f, TRUE);
  g_assert_cmpuint (tf_topology_view_get_topology (view)->graph.n_chip, ==, 32);
  g_assert_cmpstr (tf_window_get_error (f->window), ==, message);
}

/* What the Python in @script prints for the file at @path must be @want. */
static void
check_read_back (const char *path,
                 const char *script,
                 const char *want)
{
  const char *argv[] = { g_getenv ("TF_PYTHON"), "-c", script, path, NULL };
  g_autofree char *out = NULL;

  g_assert_cmpint (run (argv, &out), ==, 0);
  g_assert_cmpstr (out, ==, want);
}

static void
check_graph_file (const char *path,
                  const char *reader,
                  guint       nodes,
                  guint64     edges)
{
  g_autofree char *script = g_strdup_printf (
      "import sys, networkx\n"
      "g = networkx.%s(sys.argv[1])\n"
      "# pydot 1.4 reads the newline after the closing brace as a node named \"\\n\"\n"
      "if '\\\\n' in g.nodes and g.degree('\\\\n') == 0: g.remove_node('\\\\n')\n"
      "print(g.number_of_nodes(), g.number_of_edges())\n", reader);
  g_autofree char *want = g_strdup_printf ("%u %" G_GUINT64_FORMAT "\n", nodes, edges);

  check_read_back (path, script, want);
}

/* A SimGrid platform loaded by SimGrid: its hosts and its links, one per direction (beside
 * SimGrid's own loopback). */
static void
check_simgrid_file (const char *path,
                    guint       hosts,
                    guint       links)
{
  g_autofree char *want = g_strdup_printf ("%u %u\n", hosts, 2 * links);

  check_read_back (path,
                   "import sys, simgrid\n"
                   "e = simgrid.Engine([sys.argv[0], '--log=root.thres:critical'])\n"
                   "e.load_platform(sys.argv[1])\n"
                   "e.netzone_root.seal()\n"
                   "print(len(e.all_hosts),\n"
                   "      len([l for l in e.all_links if l.name.endswith(('_UP', '_DOWN'))]))\n",
                   want);
}

/* A simulator's file read as the simulator reads it, by the Python in @script: it prints the
 * endpoints it finds, one per chip. */
static void
check_endpoints (const char *path,
                 const char *script,
                 guint       chips)
{
  g_autofree char *want = g_strdup_printf ("%u\n", chips);

  check_read_back (path, script, want);
}

/* Each format the command line writes, read back: YAML by topoforge-cli validate, GraphML and
 * DOT by networkx, a SimGrid platform by SimGrid, SST's GraphML as SST reads it (networkx,
 * endpoints per node), BookSim's anynet by its "node" entries. The extension names the format,
 * the first format of it where two share one. */
static void
test_export_formats (Fixture       *f,
                     gconstpointer  data)
{
  static const struct
  {
    const char    *name;
    gboolean       known;
    TfExportFormat format;
  } names[] = {
    { "a.yaml", TRUE, TF_EXPORT_YAML }, { "a.YML", TRUE, TF_EXPORT_YAML },
    { "b.graphml", TRUE, TF_EXPORT_GRAPHML }, { "c.dot", TRUE, TF_EXPORT_DOT },
    { "c.gv", TRUE, TF_EXPORT_DOT }, { "h.xml", TRUE, TF_EXPORT_SIMGRID },
    { "i.anynet", TRUE, TF_EXPORT_BOOKSIM },
    { "d.txt", FALSE }, { "yaml", FALSE },
    { "e.yaml/f", FALSE }, { "g.", FALSE },
  };
  TfTopology *shown = tf_topology_view_get_topology (tf_window_get_view (f->window));
  g_autofree char *dir = g_dir_make_tmp ("topoforge-export-XXXXXX", NULL);
  guint nodes = shown->graph.n_chip + shown->graph.n_switch;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      TfExportFormat format = TF_N_EXPORT_FORMATS;

      g_assert_cmpint (tf_export_format_from_path (names[i].name, &format), ==, names[i].known);
      if (names[i].known)
        g_assert_cmpint (format, ==, names[i].format);
    }

  for (TfExportFormat format = 0; format < TF_N_EXPORT_FORMATS; format++)
    {
      g_autofree char *name = g_strdup_printf ("out.%s",
                                               tf_export_format_get_extensions (format)[0]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;

      if (format == TF_EXPORT_ASTRA_SIM && shown->graph.n_switch > 1)
        {
          /* A fabric of switches is no ASTRA-sim network: refused, and no file. */
          g_assert_false (tf_window_export (f->window, path, format, &error));
          g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
          g_assert_nonnull (strstr (error->message, "ASTRA-sim"));
          g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
          continue;
        }
      g_assert_true (tf_window_export (f->window, path, format, &error));
      g_assert_no_error (error);
      if (format == TF_EXPORT_YAML)
        {
          const char *argv[] = { g_getenv ("TF_CLI"), "validate", path, NULL };

          g_assert_cmpint (run (argv, NULL), ==, 0);
        }
      else if (g_getenv ("TF_PYTHON") == NULL)
        g_test_message ("no python3: %s not read back", name);
      else if (format == TF_EXPORT_GRAPHML)
        check_graph_file (path, "read_graphml", nodes, shown->graph.n_links);
      else if (format == TF_EXPORT_SIMGRID)
        check_simgrid_file (path, shown->graph.n_chip, shown->graph.n_links);
      else if (format == TF_EXPORT_SST)
        check_endpoints (path,
                         "import sys, networkx\n"
                         "g = networkx.read_graphml(sys.argv[1])\n"
                         "print(sum(int(d['endpoints']) for d in g.nodes.values()))\n",
                         shown->graph.n_chip);
      else if (format == TF_EXPORT_ASTRA_SIM)
        check_endpoints (path,
                         "import sys, yaml, math\n"
                         "print(math.prod(yaml.safe_load(open(sys.argv[1]))['npus_count']))\n",
                         shown->graph.n_chip);
      else if (format == TF_EXPORT_BOOKSIM)
        check_endpoints (path,
                         "import sys\n"
                         "words = open(sys.argv[1]).read().split()\n"
                         "print(len({words[i + 1] for i, w in enumerate(words) if w == 'node'}))\n",
                         shown->graph.n_chip);
      else
        check_graph_file (path, "nx_pydot.read_dot", nodes, shown->result.metrics.link_count);
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* Copy Id: the id topoforge-cli generate --id takes. */
static void
test_copy_id (Fixture       *f,
              gconstpointer  data)
{
  TfTopology *shown = tf_topology_view_get_topology (tf_window_get_view (f->window));
  g_autofree char *id = tf_result_dup_id (&shown->result);
  g_autofree char *n_chip = g_strdup_printf ("%u", shown->context.n_chip);
  g_autofree char *text = NULL;
  GtkWidget *button = find_widget (GTK_WIDGET (f->window), GTK_TYPE_BUTTON, "win.copy-id");

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-id", NULL));
  text = read_clipboard (f);
  g_assert_cmpstr (text, ==, id);
  {
    const char *argv[] = { g_getenv ("TF_CLI"), "generate", "--n-chip", n_chip, "--scope",
                           tf_scope_to_string (shown->context.scope), "--id", text, NULL };
    g_autofree char *yaml = NULL;
    g_autofree char *line = g_strdup_printf ("  id: %s\n", id);

    g_assert_cmpint (run (argv, &yaml), ==, 0);
    g_assert_nonnull (strstr (yaml, line));
  }
}

/* The optimizer's Pareto front: every candidate opens; those with an id copy it, the edited
 * ones say so. */
static void
test_open_candidates (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *config = tf_test_source_path ("data", "examples", "search-small.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("topoforge-run-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "run", NULL);
  g_autofree char *pareto = g_build_filename (out, "pareto", NULL);
  const char *argv[] = { g_getenv ("TF_CLI"), "optimize", "--config", config, "--out", out, NULL };
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  guint with_id = 0, edited = 0;

  g_assert_cmpint (run (argv, NULL), ==, 0);
  collect_files (pareto, ".yaml", paths);
  g_assert_cmpuint (paths->len, >, 0);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_auto(TfTopology) t = { 0 };
      const char *summary;

      g_assert_true (tf_topology_load_file (path, NULL, &t, NULL));
      open_path (f, path);
      g_assert_null (tf_window_get_error (f->window));
      summary = tf_window_get_summary (f->window);
      g_assert_nonnull (strstr (summary, "64\u00a0chips on"));
      g_assert_nonnull (strstr (summary, "Optimizer candidate cand_"));
      if (t.result.family != NULL)
        {
          g_autofree char *id = tf_result_dup_id (&t.result);
          g_autofree char *text = NULL;

          g_assert_true (g_str_has_prefix (summary, tf_family_get_name (t.result.family)));
          gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-id", NULL);
          text = read_clipboard (f);
          g_assert_cmpstr (text, ==, id);
          with_id++;
        }
      else
        {
          g_assert_true (g_str_has_prefix (summary, "Edited topology"));
          edited++;
        }
      g_unlink (path);
    }
  g_test_message ("%u candidates with an id, %u edited", with_id, edited);
  remove_tree (dir);
}

typedef struct
{
  guint  ticks;
  gint64 last;
  gint64 longest;   /* µs between two ticks */
} Ticks;

static gboolean
tick (gpointer user_data)
{
  Ticks *t = user_data;
  gint64 now = g_get_monotonic_time ();

  if (t->ticks++ > 0)
    t->longest = MAX (t->longest, now - t->last);
  t->last = now;
  return G_SOURCE_CONTINUE;
}

/* A 65,536-chip torus (12 MB of YAML) loads on the worker: the main loop keeps running meanwhile.
 * A file opened while another loads wins. */
static void
test_open_big (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-big-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.yaml", NULL);
  g_autofree char *small = tf_test_source_path ("fuzz", "corpus", "topology-load", "seed-4.yaml", NULL);
  g_autoptr(GFile) big_file = g_file_new_for_path (path);
  g_autoptr(GFile) small_file = g_file_new_for_path (small);
  g_autoptr(GString) yaml = g_string_new (NULL);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  TfContext ctx;
  Ticks ticks = { 0 };
  guint source;

  tf_context_init (&ctx);
  ctx.n_chip = 65536;
  ctx.scope = TF_SCOPE_INTER_RACK;
  g_assert_true (tf_generate (&ctx, "torus:dimension_sizes=256x256,board_shape=1x1", NULL, NULL,
                              &t, &error));
  g_assert_no_error (error);
  g_assert_true (tf_topology_write_yaml (&t, yaml, NULL));
  g_assert_true (g_file_set_contents (path, yaml->str, yaml->len, NULL));

  source = g_timeout_add (10, tick, &ticks);
  tf_window_open (f->window, big_file);
  wait_idle (f, FALSE);
  g_source_remove (source);
  g_test_message ("%u ticks of 10 ms while it loaded, at most %.0f ms apart", ticks.ticks,
                  ticks.longest / 1000.0);
  g_assert_cmpuint (ticks.ticks, >=, 5);
  g_assert_null (tf_window_get_error (f->window));
  g_assert_true (g_file_equal (tf_window_get_file (f->window), big_file));
  g_assert_cmpuint (tf_topology_view_get_topology (tf_window_get_view (f->window))->graph.n_chip,
                    ==, 65536);
  {
    g_autofree char *chips = tf_format_things (65536, "%s chip", "%s chips");

    g_assert_nonnull (strstr (tf_window_get_summary (f->window), chips));
  }

  tf_window_open (f->window, big_file);
  tf_window_open (f->window, small_file);
  wait_idle (f, FALSE);
  g_assert_true (g_file_equal (tf_window_get_file (f->window), small_file));
  g_assert_cmpuint (tf_topology_view_get_topology (tf_window_get_view (f->window))->graph.n_chip,
                    ==, 8);

  g_unlink (path);
  g_rmdir (dir);
}

/* A file dropped on the window opens there. */
static void
test_drop (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *path = tf_test_source_path ("fuzz", "corpus", "topology-load", "seed-4.yaml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  GtkDropTarget *target = NULL;
  GValue value = G_VALUE_INIT;
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);
  g_assert_true (gdk_content_formats_contain_gtype (gtk_drop_target_get_formats (target),
                                                    GDK_TYPE_FILE_LIST));
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_array (&file, 1));
  g_signal_emit_by_name (target, "drop", &value, 100.0, 100.0, &handled);
  g_value_unset (&value);
  g_assert_true (handled);
  wait_idle (f, TRUE);
  g_assert_nonnull (tf_window_get_file (f->window));
  g_assert_true (g_file_equal (tf_window_get_file (f->window), file));
  g_assert_cmpuint (tf_topology_view_get_topology (tf_window_get_view (f->window))->graph.n_chip,
                    ==, 8);
}

/* The first menu button with a menu model (the primary menu; the results list's column chooser
 * holds a popover of its own), or NULL. */
static GMenuModel *
find_menu (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)))
    return gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GMenuModel *found = find_menu (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The targets of the window's Open Recent items, in order. */
static GPtrArray *
recent_targets (Fixture *f)
{
  GMenuModel *menu = find_menu (GTK_WIDGET (f->window));
  GPtrArray *targets = g_ptr_array_new_with_free_func (g_free);

  /* primary menu → sections → the submenu → its section → items */
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (section, i,
                                                                      G_MENU_LINK_SUBMENU);
          g_autoptr(GMenuModel) recent = submenu ? g_menu_model_get_item_link (submenu, 0,
                                                                              G_MENU_LINK_SECTION)
                                                 : NULL;

          for (int r = 0; recent != NULL && r < g_menu_model_get_n_items (recent); r++)
            {
              g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (
                  recent, r, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);

              if (target != NULL)
                g_ptr_array_add (targets, g_variant_dup_string (target, NULL));
            }
        }
    }
  return targets;
}

static gboolean
has_target (GPtrArray  *targets,
            const char *uri)
{
  return g_ptr_array_find_with_equal_func (targets, uri, g_str_equal, NULL);
}

/* Opened files go to GtkRecentManager (in this test's own XDG_DATA_HOME); Open Recent lists
 * the last ten and opens them. */
static void
test_recent (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *source = tf_test_source_path ("fuzz", "corpus", "topology-load", "seed-6.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("topoforge-recent-XXXXXX", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) uris = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) targets = NULL;
  gint64 deadline = g_get_monotonic_time () + WAIT_S * G_USEC_PER_SEC;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *name = g_strdup_printf ("recent_%02u.yaml", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      g_assert_true (g_file_set_contents (path, contents, -1, NULL));
      open_path (f, path);
      g_assert_null (tf_window_get_error (f->window));
      g_ptr_array_add (uris, g_file_get_uri (file));
    }
  /* The manager saves and says "changed" from the main loop. */
  for (;;)
    {
      g_clear_pointer (&targets, g_ptr_array_unref);
      targets = recent_targets (f);
      if (has_target (targets, g_ptr_array_index (uris, 11)) || g_get_monotonic_time () > deadline)
        break;
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (),
                                              g_ptr_array_index (uris, 11)));
  g_assert_true (has_target (targets, g_ptr_array_index (uris, 11)));
  g_assert_cmpuint (targets->len, ==, 10);

  /* Open Recent opens it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-recent", "s",
                                             (const char *) g_ptr_array_index (uris, 11)));
  wait_idle (f, TRUE);
  {
    g_autofree char *uri = g_file_get_uri (tf_window_get_file (f->window));

    g_assert_cmpstr (uri, ==, g_ptr_array_index (uris, 11));
  }

  for (guint i = 0; i < uris->len; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (g_ptr_array_index (uris, i));

      g_file_delete (file, NULL, NULL);
    }
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  /* Recent files go to a folder of this run's own, not the user's. */
  g_autofree char *data_home = g_dir_make_tmp ("topoforge-test-data-XXXXXX", NULL);
  g_autofree char *recent = g_build_filename (data_home, "recently-used.xbel", NULL);
  int status;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/window/default", Fixture, NULL, fixture_set_up, test_default,
              fixture_tear_down);
  g_test_add ("/ui/window/selection", Fixture, NULL, fixture_set_up, test_selection,
              fixture_tear_down);
  g_test_add ("/ui/window/newest-wins", Fixture, NULL, fixture_set_up, test_newest_wins,
              fixture_tear_down);
  g_test_add ("/ui/window/export", Fixture, NULL, fixture_set_up, test_export,
              fixture_tear_down);
  g_test_add ("/ui/window/copy", Fixture, NULL, fixture_set_up, test_copy, fixture_tear_down);
  g_test_add ("/ui/window/pick", Fixture, NULL, fixture_set_up, test_pick, fixture_tear_down);
  g_test_add ("/ui/window/open-tree", Fixture, NULL, fixture_set_up, test_open_tree,
              fixture_tear_down);
  g_test_add ("/ui/window/open-edited", Fixture, NULL, fixture_set_up, test_open_edited,
              fixture_tear_down);
  g_test_add ("/ui/window/file-until-selection", Fixture, NULL, fixture_set_up,
              test_file_until_selection, fixture_tear_down);
  g_test_add ("/ui/window/bad-file-keeps-results", Fixture, NULL, fixture_set_up,
              test_bad_file_keeps_results, fixture_tear_down);
  g_test_add ("/ui/window/export-formats", Fixture, NULL, fixture_set_up, test_export_formats,
              fixture_tear_down);
  g_test_add ("/ui/window/copy-id", Fixture, NULL, fixture_set_up, test_copy_id,
              fixture_tear_down);
  g_test_add ("/ui/window/open-candidates", Fixture, NULL, fixture_set_up, test_open_candidates,
              fixture_tear_down);
  g_test_add ("/ui/window/open-big", Fixture, NULL, fixture_set_up, test_open_big,
              fixture_tear_down);
  g_test_add ("/ui/window/drop", Fixture, NULL, fixture_set_up, test_drop, fixture_tear_down);
  g_test_add ("/ui/window/recent", Fixture, NULL, fixture_set_up, test_recent,
              fixture_tear_down);
  status = g_test_run ();
  g_unlink (recent);
  g_rmdir (data_home);
  return status;
}
