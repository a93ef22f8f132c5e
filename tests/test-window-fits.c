/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-fits.c: the window on a laptop's screen. At 1280x800 and 1024x700, in English and
 * in Chinese, on the Enumerate page (4,096 chips, a result shown) and on the Optimize page (a
 * run open, a candidate shown), the window is no larger than the screen and every control a
 * person uses lies on it whole: a control may scroll into view inside a scrolled list or form,
 * but none may be cut off at the window's edge. A failure names the control. */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "test-util.h"
#include "test-window-fixture.h"
#include "tf-pareto-plot.h"
#include "tf-screenshot.h"

typedef struct
{
  int         width, height;
  const char *language;   /* NULL: English */
} Screen;

static const Screen screens[] = {
  { 1280, 800, NULL },
  { 1024, 700, NULL },
  { 1280, 800, "zh_CN" },
  { 1024, 700, "zh_CN" },
};

static gboolean
is_control (GtkWidget *w)
{
  return GTK_IS_BUTTON (w) || GTK_IS_CHECK_BUTTON (w) || GTK_IS_DROP_DOWN (w)
         || GTK_IS_MENU_BUTTON (w) || GTK_IS_ENTRY (w) || GTK_IS_SEARCH_ENTRY (w)
         || GTK_IS_SPIN_BUTTON (w) || GTK_IS_SWITCH (w) || GTK_IS_SCALE (w);
}

/* What a person would call the control, for the failure message. */
static char *
describe (GtkWidget *w)
{
  const char *text = NULL;

  if (GTK_IS_BUTTON (w))
    text = gtk_button_get_label (GTK_BUTTON (w));
  if (text == NULL && GTK_IS_CHECK_BUTTON (w))
    text = gtk_check_button_get_label (GTK_CHECK_BUTTON (w));
  if (text == NULL)
    text = gtk_widget_get_tooltip_text (w);
  if (text == NULL && GTK_IS_EDITABLE (w))
    text = gtk_editable_get_text (GTK_EDITABLE (w));
  return g_strdup_printf ("%s \"%s\"", G_OBJECT_TYPE_NAME (w), text ? text : "");
}

/* Every mapped control outside a scrolled window, popover or list lies on the window whole. */
static void
check_controls (GtkWidget *widget,
                GtkWidget *window,
                int        width,
                int        height,
                guint     *n_checked)
{
  if (!gtk_widget_get_mapped (widget) || GTK_IS_SCROLLED_WINDOW (widget)
      || GTK_IS_POPOVER (widget) || GTK_IS_COLUMN_VIEW (widget) || GTK_IS_LIST_VIEW (widget))
    return;
  if (is_control (widget))
    {
      graphene_rect_t r;
      g_autofree char *name = describe (widget);

      g_assert_true (gtk_widget_compute_bounds (widget, window, &r));
      if (r.origin.x < -0.5 || r.origin.y < -0.5 || r.origin.x + r.size.width > width + 0.5
          || r.origin.y + r.size.height > height + 0.5 || r.size.width < 1 || r.size.height < 1)
        g_error ("%s lies at %.0f,%.0f %.0fx%.0f, not whole on a %dx%d window", name,
                 r.origin.x, r.origin.y, r.size.width, r.size.height, width, height);
      ++*n_checked;
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    check_controls (c, window, width, height, n_checked);
}

static void
settle (void)
{
  for (guint i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
check_fits (Fixture      *f,
            const Screen *s,
            const char   *page)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  guint n_checked = 0;
  int min_width, min_height;

  settle ();
  gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (window, GTK_ORIENTATION_VERTICAL, s->width, &min_height, NULL, NULL, NULL);
  g_test_message ("%s page, %s: at least %dx%d, shown at %dx%d", page,
                  s->language ? s->language : "en", min_width, min_height,
                  gtk_widget_get_width (window), gtk_widget_get_height (window));
  if (g_getenv ("TF_KEEP_PICTURES") != NULL)
    {
      g_autofree char *name = g_strdup_printf ("fits-%s-%dx%d-%s.png", page, s->width, s->height,
                                               s->language ? s->language : "en");
      g_autofree char *path = g_build_filename (g_get_tmp_dir (), name, NULL);

      g_assert_true (tf_screenshot_save (window, path, NULL));
    }
  g_assert_cmpint (min_width, <=, s->width);
  g_assert_cmpint (min_height, <=, s->height);
  g_assert_cmpint (gtk_widget_get_width (window), <=, s->width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, s->height);
  check_controls (window, window, s->width, s->height, &n_checked);
  g_test_message ("%u controls whole on the window", n_checked);
  g_assert_cmpuint (n_checked, >, 10);
}

/* A small run of the small example, written by the command line. */
static char *
make_run (const char *tmp)
{
  g_autofree char *config = tf_test_source_path ("data", "examples", "search-small.yaml", NULL);
  char *out = g_build_filename (tmp, "run", NULL);
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

static void
run_screen (const Screen *s)
{
  g_autofree char *tmp = g_dir_make_tmp ("topoforge-fits-XXXXXX", NULL);
  g_autofree char *run = make_run (tmp);
  g_autoptr(GFile) folder = g_file_new_for_path (run);
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  TfOptimizeView *optimize;
  gint64 deadline;
  Fixture f = { 0 };

  g_settings_reset (settings, "n-chip");
  g_settings_reset (settings, "families");
  f.window = g_object_ref_sink (g_object_new (TF_TYPE_WINDOW, NULL));
  gtk_window_set_default_size (GTK_WINDOW (f.window), s->width, s->height);
  gtk_window_present (GTK_WINDOW (f.window));
  wait_idle (&f, TRUE);
  set_n_chip (&f, 4096);
  wait_idle (&f, TRUE);
  check_fits (&f, s, "enumerate");

  tf_window_set_page (f.window, "optimize");
  optimize = tf_window_get_optimize_view (f.window);
  tf_optimize_view_open_run (optimize, folder);
  deadline = g_get_monotonic_time () + WAIT_S * G_USEC_PER_SEC;
  while (tf_optimize_view_get_busy (optimize) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (tf_optimize_view_get_busy (optimize));
  g_assert_nonnull (tf_optimize_view_get_run (optimize));
  tf_pareto_plot_select (tf_optimize_view_get_plot (optimize), 0, TF_PARETO_SELECT_REPLACE);
  check_fits (&f, s, "optimize");

  gtk_window_destroy (GTK_WINDOW (f.window));
  g_clear_object (&f.window);
  settle ();
  tf_test_remove_tree (tmp);
}

static void
test_fits (gconstpointer data)
{
  const Screen *s = data;

  if (s->language == NULL)
    {
      run_screen (s);
      return;
    }
  /* Another language in a child, so the other tests keep English. */
  if (g_test_subprocess ())
    {
      g_autofree char *po = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);

      g_setenv ("LANGUAGE", s->language, TRUE);
      g_assert_nonnull (setlocale (LC_ALL, "C.UTF-8"));
      bindtextdomain (GETTEXT_PACKAGE, po);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
      run_screen (s);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT
                                   | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* A window of @width x @height showing 4,096 chips. */
static void
open_window (Fixture *f,
             int      width,
             int      height)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  g_settings_reset (settings, "n-chip");
  g_settings_reset (settings, "families");
  f->window = g_object_ref_sink (g_object_new (TF_TYPE_WINDOW, NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_idle (f, TRUE);
  set_n_chip (f, 4096);
  wait_idle (f, TRUE);
  settle ();
}

static void
close_window (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->window);
  settle ();
}

/* The 3D view's legend never covers the scene's centre: closed on a laptop's 1024x700 (a
 * header to open it), open on a large screen; once the user opens or closes it, the view no
 * longer decides (a new topology shown keeps the user's choice). */
static void
test_legend (void)
{
  Fixture f = { 0 };
  TfLegend *legend;
  GtkWidget *toggle;

  open_window (&f, 1024, 700);
  legend = tf_window_get_legend (f.window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (legend)));
  g_assert_false (tf_legend_get_expanded (legend));
  close_window (&f);

  open_window (&f, 1580, 1150);
  legend = tf_window_get_legend (f.window);
  g_assert_true (tf_legend_get_expanded (legend));
  toggle = gtk_widget_get_first_child (GTK_WIDGET (legend));
  g_assert_true (GTK_IS_TOGGLE_BUTTON (toggle));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  g_assert_false (tf_legend_get_expanded (legend));
  set_n_chip (&f, 1024);
  wait_idle (&f, TRUE);
  settle ();
  g_assert_false (tf_legend_get_expanded (legend));
  close_window (&f);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (screens); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/window-fits/%dx%d-%s", screens[i].width,
                                               screens[i].height,
                                               screens[i].language ? screens[i].language : "en");

      g_test_add_data_func (path, &screens[i], test_fits);
    }
  g_test_add_func ("/ui/window-fits/legend", test_legend);
  return g_test_run ();
}
