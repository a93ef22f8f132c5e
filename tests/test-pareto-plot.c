/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pareto-plot.c: the Pareto plot widget under a display, on a synthetic model of three
 * objectives: 30 front points (5 of them with equal values), 500 evaluated, 10 baseline, and for
 * some tests the rest of the front (20 designs, two per representative), a family front, the
 * family's cloud and two evaluated files. Clicks, rubber bands and the wheel go through the
 * widget's handler bodies at the pixels the model places the points on; the keys go through the
 * actions they are bound to. The legend names every set drawn, above the plot rectangle. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "tf-pareto-plot.h"
#include "tf-screenshot.h"

#define N_FRONT      30
#define N_COINCIDENT 5    /* the last front points */
#define N_EVALUATED  500
#define N_BASELINE   10
#define N_OBJ        3

static const TfObjective objectives[N_OBJ] = {
  TF_OBJECTIVE_ITER_TIME, TF_OBJECTIVE_NETWORK_COST, TF_OBJECTIVE_APL_FAIL,
};

typedef struct
{
  GtkWidget     *window;
  TfParetoPlot  *plot;
  TfParetoModel *model;
  guint          n_changed;
  guint          n_activated;
  guint          activated;
} Fixture;

/* A convex front from 200 us and 5 M USD to 5 ms and 0.2 M USD. */
static double
front_cost (double t)
{
  return 2e5 + 4.8e6 * (1 - t) * (1 - t);
}

static void
fill_model (TfParetoModel *model)
{
  double front[N_FRONT * N_OBJ], evaluated[N_EVALUATED * N_OBJ], baseline[N_BASELINE * N_OBJ];
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  const guint n_curve = N_FRONT - N_COINCIDENT;

  tf_pareto_model_set_objectives (model, N_OBJ, objectives);
  for (guint i = 0; i < n_curve; i++)
    {
      double t = (double) i / (n_curve - 1);

      front[i * N_OBJ + 0] = 200 + 4800 * t;
      front[i * N_OBJ + 1] = front_cost (t);
      front[i * N_OBJ + 2] = 2.0 + 1.5 * t;
    }
  /* Five topologies with the same numbers, well away from the curve. */
  for (guint i = n_curve; i < N_FRONT; i++)
    {
      front[i * N_OBJ + 0] = 1500;
      front[i * N_OBJ + 1] = 4.2e6;
      front[i * N_OBJ + 2] = 1.5;
    }
  for (guint i = 0; i < N_EVALUATED; i++)
    {
      double t = g_rand_double (rand);

      evaluated[i * N_OBJ + 0] = 200 + 4800 * t;
      evaluated[i * N_OBJ + 1] = front_cost (t) + g_rand_double_range (rand, 1e5, 3e6);
      evaluated[i * N_OBJ + 2] = g_rand_double_range (rand, 2.0, 4.0);
    }
  for (guint i = 0; i < N_BASELINE; i++)
    {
      double t = (i + 0.5) / N_BASELINE;

      baseline[i * N_OBJ + 0] = 200 + 4800 * t;
      baseline[i * N_OBJ + 1] = front_cost (t) + 5e5;
      baseline[i * N_OBJ + 2] = 3.0;
    }
  tf_pareto_model_set_points (model, TF_PARETO_FRONT, front, N_FRONT, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_EVALUATED, evaluated, N_EVALUATED, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_BASELINE, baseline, N_BASELINE, NULL);
}

#define N_MEMBERS    20   /* two for each of the first ten front points */
#define N_FAMILY     8
#define N_FAMILY_ALL 60
#define N_FILES      2

/* What a run written as representatives, Stage 0 and two evaluated files add. */
static void
add_more_sets (TfParetoModel *model)
{
  double members[N_MEMBERS * N_OBJ], family[N_FAMILY * N_OBJ], all[N_FAMILY_ALL * N_OBJ];
  static const double files[N_FILES * N_OBJ] = { 2500, 3.5e6, 2.5, 4200, 1.8e6, 3 };
  static const char *const names[N_FILES] = { "cluster.yaml", "nvl72.yaml" };
  guint representatives[N_MEMBERS];
  const guint n_curve = N_FRONT - N_COINCIDENT;

  for (guint i = 0; i < N_MEMBERS; i++)
    {
      double t = (double) (i / 2) / (n_curve - 1) + (i % 2 ? 0.01 : -0.01);

      members[i * N_OBJ + 0] = 200 + 4800 * t;
      members[i * N_OBJ + 1] = front_cost (t) + 4e4;
      members[i * N_OBJ + 2] = 2.5;
      representatives[i] = i / 2;
    }
  for (guint i = 0; i < N_FAMILY; i++)
    {
      double t = (i + 0.5) / N_FAMILY;

      family[i * N_OBJ + 0] = 200 + 4800 * t;
      family[i * N_OBJ + 1] = front_cost (t) + 1.2e6;
      family[i * N_OBJ + 2] = 4;
    }
  for (guint i = 0; i < N_FAMILY_ALL; i++)
    {
      double t = (i + 0.5) / N_FAMILY_ALL;

      all[i * N_OBJ + 0] = 200 + 4800 * t;
      all[i * N_OBJ + 1] = front_cost (t) + 1.5e6 + 1e4 * (i % 7);
      all[i * N_OBJ + 2] = 4;
    }
  tf_pareto_model_set_points (model, TF_PARETO_MEMBERS, members, N_MEMBERS, NULL);
  tf_pareto_model_set_representatives (model, representatives, N_MEMBERS);
  tf_pareto_model_set_points (model, TF_PARETO_FAMILY, family, N_FAMILY, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_FAMILY_EVALUATED, all, N_FAMILY_ALL, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_FILES, files, N_FILES, names);
}

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  (*(guint *) user_data)++;
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until @widget is mapped, has a size and has drawn a few frames. */
static void
wait_drawn (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, count_frame, &frames, NULL);

  while ((!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0 || frames < 3)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (widget, id);
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
}

static void
selection_changed (TfParetoPlot *plot,
                   Fixture      *fixture)
{
  fixture->n_changed++;
}

static void
point_activated (TfParetoPlot *plot,
                 guint         index,
                 Fixture      *fixture)
{
  fixture->n_activated++;
  fixture->activated = index;
}

static void
setup_plot (Fixture       *fixture,
            gconstpointer  filled)
{
  fixture->window = gtk_window_new ();
  fixture->plot = TF_PARETO_PLOT (tf_pareto_plot_new ());
  fixture->model = tf_pareto_plot_get_model (fixture->plot);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 800, 560);
  gtk_window_set_resizable (GTK_WINDOW (fixture->window), FALSE);
  gtk_window_set_child (GTK_WINDOW (fixture->window), GTK_WIDGET (fixture->plot));
  if (GPOINTER_TO_INT (filled))
    {
      fill_model (fixture->model);
      if (GPOINTER_TO_INT (filled) == 2)
        add_more_sets (fixture->model);
      tf_pareto_plot_points_changed (fixture->plot, TRUE);
    }
  g_signal_connect (fixture->plot, "selection-changed", G_CALLBACK (selection_changed), fixture);
  g_signal_connect (fixture->plot, "point-activated", G_CALLBACK (point_activated), fixture);
  gtk_window_present (GTK_WINDOW (fixture->window));
  wait_drawn (GTK_WIDGET (fixture->plot));
}

static void
teardown_plot (Fixture       *fixture,
               gconstpointer  filled)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
}

static void
position (Fixture     *fixture,
          TfParetoSet  set,
          guint        index,
          double      *x,
          double      *y)
{
  g_assert_true (tf_pareto_model_get_position (fixture->model, set, index, x, y));
}

static void
assert_selection (Fixture     *fixture,
                  const guint *expected,
                  guint        n)
{
  g_autoptr(GArray) selection = tf_pareto_model_get_selection (fixture->model);
  guint n_selected = 0;

  g_assert_cmpuint (selection->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (g_array_index (selection, guint, i), ==, expected[i]);
  g_object_get (fixture->plot, "n-selected", &n_selected, NULL);
  g_assert_cmpuint (n_selected, ==, n);
}

/* A pixel of the plot rectangle no point is near. */
static void
empty_pixel (Fixture *fixture,
             double  *x,
             double  *y)
{
  int width = gtk_widget_get_width (GTK_WIDGET (fixture->plot));
  int height = gtk_widget_get_height (GTK_WIDGET (fixture->plot));
  TfParetoSet set;
  guint index;

  for (*y = height / 2.0; *y > 0; *y -= 5)
    for (*x = width / 2.0; *x < width; *x += 5)
      if (!tf_pareto_model_hit (fixture->model, *x, *y, 12, &set, &index))
        return;
  g_assert_not_reached ();
}

/* Presses @key as GTK does for the focused plot: the plot's shortcut with that trigger runs
 * its action (GTK 4.8 offers no way to make a key event). */
static void
press_key (Fixture    *fixture,
           const char *key)
{
  GtkWidget *plot = GTK_WIDGET (fixture->plot);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (plot);
  gboolean pressed = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !pressed; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !pressed; j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *trigger =
            gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (strcmp (trigger, key) == 0)
            pressed = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, plot,
                                                    gtk_shortcut_get_arguments (shortcut));
        }
    }
  g_assert_true (pressed);
}

static void
test_click (Fixture       *fixture,
            gconstpointer  data)
{
  const guint seven[] = { 7 };
  double x, y;

  position (fixture, TF_PARETO_FRONT, 7, &x, &y);
  g_assert_true (tf_pareto_plot_click (fixture->plot, x + 1, y - 1, 0));
  assert_selection (fixture, seven, 1);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  /* The same click again changes nothing and says nothing. */
  g_assert_true (tf_pareto_plot_click (fixture->plot, x, y, 0));
  g_assert_cmpuint (fixture->n_changed, ==, 1);

  empty_pixel (fixture, &x, &y);
  g_assert_false (tf_pareto_plot_click (fixture->plot, x, y, 0));
  assert_selection (fixture, NULL, 0);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
}

static void
test_modifiers (Fixture       *fixture,
                gconstpointer  data)
{
  const guint three_seven[] = { 3, 7 }, seven[] = { 7 }, seven_nine[] = { 7, 9 };
  double x3, y3, x7, y7, x9, y9;

  position (fixture, TF_PARETO_FRONT, 3, &x3, &y3);
  position (fixture, TF_PARETO_FRONT, 7, &x7, &y7);
  position (fixture, TF_PARETO_FRONT, 9, &x9, &y9);
  tf_pareto_plot_click (fixture->plot, x3, y3, 0);
  tf_pareto_plot_click (fixture->plot, x7, y7, GDK_CONTROL_MASK);
  assert_selection (fixture, three_seven, 2);
  tf_pareto_plot_click (fixture->plot, x3, y3, GDK_CONTROL_MASK);
  assert_selection (fixture, seven, 1);
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  tf_pareto_plot_click (fixture->plot, x9, y9, GDK_SHIFT_MASK);
  assert_selection (fixture, seven_nine, 2);
  /* Shift never removes. */
  tf_pareto_plot_click (fixture->plot, x9, y9, GDK_SHIFT_MASK);
  assert_selection (fixture, seven_nine, 2);
  g_assert_cmpuint (fixture->n_changed, ==, 4);
}

static void
test_drag (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint));
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE, x, y;

  /* A band around points 5 to 12 of the curve; others may fall inside too. */
  for (guint i = 5; i <= 12; i++)
    {
      position (fixture, TF_PARETO_FRONT, i, &x, &y);
      x0 = MIN (x0, x - 2);
      y0 = MIN (y0, y - 2);
      x1 = MAX (x1, x + 2);
      y1 = MAX (y1, y + 2);
    }
  for (guint i = 0; i < N_FRONT; i++)
    if (tf_pareto_model_get_position (fixture->model, TF_PARETO_FRONT, i, &x, &y)
        && x >= x0 && x <= x1 && y >= y0 && y <= y1)
      g_array_append_val (expected, i);
  g_assert_cmpuint (expected->len, >=, 8);
  g_assert_cmpuint (expected->len, <, N_FRONT);

  /* Dragged from the bottom right to the top left: the band is the same. */
  g_assert_cmpuint (tf_pareto_plot_drag (fixture->plot, x1, y1, x0, y0, 0), ==, expected->len);
  assert_selection (fixture, (const guint *) expected->data, expected->len);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
}

static void
test_zoom (Fixture       *fixture,
           gconstpointer  data)
{
  double x, y, x0, y0, zx, zy, rx, ry;

  position (fixture, TF_PARETO_FRONT, 12, &x, &y);
  position (fixture, TF_PARETO_FRONT, 0, &x0, &y0);
  g_assert_false (tf_pareto_model_is_zoomed (fixture->model));
  tf_pareto_plot_scroll (fixture->plot, x, y, -2);
  g_assert_true (tf_pareto_model_is_zoomed (fixture->model));
  position (fixture, TF_PARETO_FRONT, 12, &zx, &zy);
  g_assert_cmpfloat_with_epsilon (zx, x, 0.5);
  g_assert_cmpfloat_with_epsilon (zy, y, 0.5);
  /* It did zoom: a point far from the cursor moved away (or out of the view). */
  if (tf_pareto_model_get_position (fixture->model, TF_PARETO_FRONT, 0, &zx, &zy))
    g_assert_cmpfloat (hypot (zx - x0, zy - y0), >, 5);

  press_key (fixture, "Home");
  g_assert_false (tf_pareto_model_is_zoomed (fixture->model));
  position (fixture, TF_PARETO_FRONT, 0, &rx, &ry);
  g_assert_cmpfloat_with_epsilon (rx, x0, 0.5);
  g_assert_cmpfloat_with_epsilon (ry, y0, 0.5);

  press_key (fixture, "plus");
  g_assert_true (tf_pareto_model_is_zoomed (fixture->model));
  /* The toolbar's way. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->plot), "plot.reset-view", NULL);
  g_assert_false (tf_pareto_model_is_zoomed (fixture->model));
  gtk_widget_activate_action (GTK_WIDGET (fixture->plot), "plot.zoom-out", NULL);
  g_assert_true (tf_pareto_model_is_zoomed (fixture->model));
}

/* The accessible description is the focused point, as the model says it. */
static void
assert_description (Fixture    *fixture,
                    const char *suffix)
{
  int focus = tf_pareto_model_get_focus (fixture->model);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *error = NULL;

  g_assert_cmpint (focus, >=, 0);
  text = tf_pareto_model_dup_description (fixture->model, TF_PARETO_FRONT, focus);
  expected = g_strconcat (text, suffix, NULL);
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (fixture->plot),
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
  if (error != NULL)
    g_error ("accessible description '%s', expected '%s'", error, expected);
}

static void
test_keyboard (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWidget *plot = GTK_WIDGET (fixture->plot);
  int first, second;
  guint selected[1];

  g_assert_true (gtk_widget_grab_focus (plot));
  g_assert_cmpint (tf_pareto_model_get_focus (fixture->model), ==, -1);
  press_key (fixture, "Right");
  first = tf_pareto_model_get_focus (fixture->model);
  g_assert_cmpint (first, >=, 0);
  assert_description (fixture, "");
  press_key (fixture, "Right");
  second = tf_pareto_model_get_focus (fixture->model);
  g_assert_cmpint (second, >=, 0);
  g_assert_cmpint (second, !=, first);
  assert_description (fixture, "");
  /* Left comes back. */
  press_key (fixture, "Left");
  g_assert_cmpint (tf_pareto_model_get_focus (fixture->model), ==, first);
  assert_description (fixture, "");
  press_key (fixture, "Down");
  g_assert_cmpint (tf_pareto_model_get_focus (fixture->model), ==, second);

  /* Space selects, and the description says so; Enter activates; Escape clears. */
  press_key (fixture, "space");
  selected[0] = second;
  assert_selection (fixture, selected, 1);
  assert_description (fixture, "; selected");
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  press_key (fixture, "Return");
  g_assert_cmpuint (fixture->n_activated, ==, 1);
  g_assert_cmpuint (fixture->activated, ==, second);
  /* Ctrl+Space toggles. */
  press_key (fixture, "<Control>space");
  assert_selection (fixture, NULL, 0);
  press_key (fixture, "<Control>space");
  assert_selection (fixture, selected, 1);
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  press_key (fixture, "Escape");
  assert_selection (fixture, NULL, 0);
  g_assert_cmpuint (fixture->n_changed, ==, 4);
}

static void
test_tooltip (Fixture       *fixture,
              gconstpointer  data)
{
  const struct { TfParetoSet set; guint index; } points[] = {
    { TF_PARETO_FRONT, 4 }, { TF_PARETO_FRONT, 20 }, { TF_PARETO_BASELINE, 2 },
  };
  double x, y;

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      g_autofree char *tooltip = NULL;
      g_autofree char *expected = NULL;

      position (fixture, points[i].set, points[i].index, &x, &y);
      tooltip = tf_pareto_plot_dup_tooltip (fixture->plot, x, y);
      expected = tf_pareto_model_dup_description (fixture->model, points[i].set,
                                                  points[i].index);
      g_assert_nonnull (expected);
      g_assert_cmpstr (tooltip, ==, expected);
    }
  empty_pixel (fixture, &x, &y);
  g_assert_null (tf_pareto_plot_dup_tooltip (fixture->plot, x, y));
}

static void
test_coincident (Fixture       *fixture,
                 gconstpointer  data)
{
  double xs[N_COINCIDENT], ys[N_COINCIDENT];

  for (guint i = 0; i < N_COINCIDENT; i++)
    {
      guint index = N_FRONT - N_COINCIDENT + i;

      position (fixture, TF_PARETO_FRONT, index, &xs[i], &ys[i]);
      for (guint j = 0; j < i; j++)
        g_assert_cmpfloat (hypot (xs[i] - xs[j], ys[i] - ys[j]), >=, 3);
      g_assert_true (tf_pareto_plot_click (fixture->plot, xs[i], ys[i], 0));
      assert_selection (fixture, &index, 1);
    }
}

/* The plot drawn: a picture with the faint dots, the viridis discs and the red baseline. */
static void
test_picture (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "pareto-widget.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  g_autofree guchar *pixels = NULL;
  guint64 red = 0;
  int width, height;
  double x, y;

  /* A selected point and a hovered one show their rings. */
  position (fixture, TF_PARETO_FRONT, 9, &x, &y);
  tf_pareto_plot_click (fixture->plot, x, y, 0);
  tf_pareto_plot_set_axis (fixture->plot, TF_PARETO_AXIS_COLOUR, 2);
  wait_drawn (GTK_WIDGET (fixture->plot));

  g_assert_true (tf_screenshot_save (GTK_WIDGET (fixture->plot), path, &error));
  g_assert_no_error (error);
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      /* GDK_MEMORY_DEFAULT: B, G, R, A bytes, premultiplied. */
      const guchar *px = pixels + i * 4;
      guint32 colour = (guint32) px[0] << 24 | (guint32) px[1] << 16 | (guint32) px[2] << 8 | px[3];

      g_hash_table_add (colours, GUINT_TO_POINTER (colour));
      red += px[3] > 200 && px[2] > 180 && px[1] < 90 && px[0] < 90;
    }
  g_test_message ("%s: %u colours, %" G_GUINT64_FORMAT " baseline red pixels", path,
                  g_hash_table_size (colours), red);
  g_assert_cmpuint (g_hash_table_size (colours), >=, 3);
  /* Ten hollow squares of 2 px lines, drawn above the front. */
  g_assert_cmpuint (red, >=, 10 * 20);
  if (g_getenv ("TF_KEEP_PICTURES") == NULL)
    g_remove (path);
}

/* Every set drawn has an entry in the legend, in a fixed order, and the legend lies above the
 * plot rectangle, so no point is ever under it; hovering an entry says what the set is. */
static double
assert_legend (TfParetoPlot      *plot,
               const TfParetoSet *expected,
               guint              n)
{
  TfParetoModel *model = tf_pareto_plot_get_model (plot);
  TfParetoSet sets[TF_N_PARETO_SETS];
  graphene_rect_t bounds, area;
  g_autofree char *tooltip = NULL;

  g_assert_cmpuint (tf_pareto_plot_get_legend (plot, sets, G_N_ELEMENTS (sets), &bounds), ==,
                    n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (sets[i], ==, expected[i]);
  tf_pareto_plot_get_area (plot, &area);
  g_assert_cmpfloat (bounds.size.width, >, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, area.origin.y);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                     gtk_widget_get_width (GTK_WIDGET (plot)));
  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    for (guint i = 0; i < tf_pareto_model_get_n_points (model, set); i++)
      {
        double x, y;

        if (tf_pareto_model_get_position (model, set, i, &x, &y))
          g_assert_false (graphene_rect_contains_point (&bounds,
                                                        &GRAPHENE_POINT_INIT ((float) x,
                                                                              (float) y)));
      }
  /* The first entry's marker. */
  tooltip = tf_pareto_plot_dup_tooltip (plot, bounds.origin.x + 4, bounds.origin.y + 8);
  g_assert_cmpstr (tooltip, ==, tf_pareto_set_get_explanation (expected[0]));
  return bounds.size.height;
}

static void
test_legend (Fixture       *fixture,
             gconstpointer  data)
{
  static const TfParetoSet three[] = {
    TF_PARETO_FRONT, TF_PARETO_BASELINE, TF_PARETO_EVALUATED,
  };
  static const TfParetoSet all[] = {
    TF_PARETO_FRONT, TF_PARETO_MEMBERS, TF_PARETO_BASELINE, TF_PARETO_FAMILY, TF_PARETO_FILES,
    TF_PARETO_EVALUATED, TF_PARETO_FAMILY_EVALUATED,
  };

  GtkWidget *narrow = gtk_window_new ();
  TfParetoPlot *small = TF_PARETO_PLOT (tf_pareto_plot_new ());
  double one_row;

  one_row = assert_legend (fixture->plot, three, G_N_ELEMENTS (three));
  add_more_sets (fixture->model);
  tf_pareto_plot_points_changed (fixture->plot, TRUE);
  assert_legend (fixture->plot, all, G_N_ELEMENTS (all));

  /* Narrow: the entries take more rows, still above every point. */
  fill_model (tf_pareto_plot_get_model (small));
  add_more_sets (tf_pareto_plot_get_model (small));
  tf_pareto_plot_points_changed (small, TRUE);
  gtk_window_set_default_size (GTK_WINDOW (narrow), 320, 560);
  gtk_window_set_child (GTK_WINDOW (narrow), GTK_WIDGET (small));
  gtk_window_present (GTK_WINDOW (narrow));
  wait_drawn (GTK_WIDGET (small));
  g_assert_cmpfloat (assert_legend (small, all, G_N_ELEMENTS (all)), >, 2 * one_row);
  gtk_window_destroy (GTK_WINDOW (narrow));
}

/* A click on a design of the rest of the front selects the candidate standing for it; a click
 * on a file selects the file, beside a candidate with Ctrl; the family front is described, not
 * selected. */
static void
test_members_and_files (Fixture       *fixture,
                        gconstpointer  data)
{
  const guint three[] = { 3 }, four[] = { 4 };
  g_autoptr(GArray) files = NULL;
  g_autofree char *words = NULL;
  double x, y;

  position (fixture, TF_PARETO_MEMBERS, 7, &x, &y);
  /* Nearer to its member than to any front point, or the test proves nothing. */
  g_assert_true (tf_pareto_plot_click (fixture->plot, x, y, 0));
  assert_selection (fixture, three, 1);
  g_assert_cmpuint (fixture->n_changed, ==, 1);

  position (fixture, TF_PARETO_FILES, 1, &x, &y);
  g_assert_true (tf_pareto_plot_click (fixture->plot, x, y, 0));
  assert_selection (fixture, NULL, 0);
  files = tf_pareto_model_get_selected (fixture->model, TF_PARETO_FILES);
  g_assert_cmpuint (files->len, ==, 1);
  g_assert_cmpuint (g_array_index (files, guint, 0), ==, 1);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  words = tf_pareto_plot_dup_tooltip (fixture->plot, x, y);
  g_assert_nonnull (strstr (words, "nvl72.yaml (evaluated file)"));

  position (fixture, TF_PARETO_FRONT, 4, &x, &y);
  g_assert_true (tf_pareto_plot_click (fixture->plot, x, y, GDK_CONTROL_MASK));
  assert_selection (fixture, four, 1);
  g_assert_true (tf_pareto_model_is_point_selected (fixture->model, TF_PARETO_FILES, 1));
  g_assert_cmpuint (fixture->n_changed, ==, 3);

  /* The family front: a tooltip, and a click on it is a click on nothing. */
  position (fixture, TF_PARETO_FAMILY, 5, &x, &y);
  g_clear_pointer (&words, g_free);
  words = tf_pareto_plot_dup_tooltip (fixture->plot, x, y);
  g_assert_nonnull (strstr (words, "Family front design 6"));
  g_assert_false (tf_pareto_plot_click (fixture->plot, x, y, 0));
  assert_selection (fixture, NULL, 0);
  g_assert_false (tf_pareto_model_is_point_selected (fixture->model, TF_PARETO_FILES, 1));
  g_assert_cmpuint (fixture->n_changed, ==, 4);
}

/* Every set drawn: the family front's purple diamonds show; the label counts every set. */
static void
test_picture_all (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "pareto-widget-all.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  g_autofree char *message = NULL;
  guint64 purple = 0;
  int width, height;
  double x, y;

  message = gtk_test_accessible_check_property (
    GTK_ACCESSIBLE (fixture->plot), GTK_ACCESSIBLE_PROPERTY_LABEL,
    "Pareto front: 30 candidates standing for 20 more designs, 10 baseline points, 8 family "
    "front points, 2 evaluated files; x Iteration time (ms), y Network cost (M USD), colour "
    "APL under failure (hops)");
  if (message != NULL)
    g_error ("accessible label '%s'", message);

  position (fixture, TF_PARETO_FRONT, 2, &x, &y);
  tf_pareto_plot_click (fixture->plot, x, y, 0);
  position (fixture, TF_PARETO_FILES, 0, &x, &y);
  tf_pareto_plot_click (fixture->plot, x, y, GDK_CONTROL_MASK);
  wait_drawn (GTK_WIDGET (fixture->plot));
  g_assert_true (tf_screenshot_save (GTK_WIDGET (fixture->plot), path, &error));
  g_assert_no_error (error);
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      /* B, G, R, A: the family's reddish purple, far from viridis and from the baseline's red. */
      const guchar *px = pixels + i * 4;

      purple += px[3] > 200 && px[2] > 140 && px[1] < 120 && px[0] > 100 && px[0] < 180;
    }
  g_test_message ("%s: %" G_GUINT64_FORMAT " family purple pixels", path, purple);
  /* Eight hollow diamonds (and the legend's one) of 1.75 px lines. */
  g_assert_cmpuint (purple, >=, 8 * 20);
  if (g_getenv ("TF_KEEP_PICTURES") == NULL)
    g_remove (path);
}

static void
test_labels (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *x = tf_pareto_model_dup_axis_title (fixture->model, TF_PARETO_AXIS_X);
  g_autofree char *y = tf_pareto_model_dup_axis_title (fixture->model, TF_PARETO_AXIS_Y);
  g_autofree char *colour = tf_pareto_model_dup_axis_title (fixture->model,
                                                            TF_PARETO_AXIS_COLOUR);
  g_autofree char *expected = NULL;
  g_autofree char *error = NULL;

  g_assert_nonnull (x);
  g_assert_nonnull (y);
  g_assert_nonnull (colour);
  expected = g_strdup_printf ("Pareto front: 30 candidates, 10 baseline points; x %s, y %s, "
                              "colour %s", x, y, colour);
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (fixture->plot),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  if (error != NULL)
    g_error ("accessible label '%s', expected '%s'", error, expected);
}

static void
test_empty (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "pareto-empty.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (fixture->plot),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                "Pareto front: no candidates yet");
  if (message != NULL)
    g_error ("accessible label '%s'", message);
  g_assert_false (tf_pareto_plot_click (fixture->plot, 100, 100, 0));
  g_assert_cmpuint (fixture->n_changed, ==, 0);
  /* Nothing drawn, nothing to name. */
  g_assert_cmpuint (tf_pareto_plot_get_legend (fixture->plot, NULL, 0, NULL), ==, 0);
  /* A screenshot shows the last frame drawn, and the click asked for a new one. */
  wait_drawn (GTK_WIDGET (fixture->plot));
  g_assert_true (tf_screenshot_save (GTK_WIDGET (fixture->plot), path, &error));
  g_assert_no_error (error);
  g_remove (path);
}

static void
css_error (GtkCssProvider *provider,
           GtkCssSection  *section,
           const GError   *error,
           gpointer        user_data)
{
  g_autofree char *where = gtk_css_section_to_string (section);

  g_error ("style.css: %s: %s", where, error->message);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkCssProvider) css = NULL;

  gtk_test_init (&argc, &argv, NULL);
  /* The app's stylesheet, as its startup loads it: the plot's block must parse. */
  css = gtk_css_provider_new ();
  g_signal_connect (css, "parsing-error", G_CALLBACK (css_error), NULL);
  gtk_css_provider_load_from_resource (css, "/io/github/topoforge/Topoforge/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

#define ADD(path, func, filled) \
  g_test_add ("/ui/pareto-plot/" path, Fixture, GINT_TO_POINTER (filled), setup_plot, func, \
              teardown_plot)
  ADD ("click", test_click, TRUE);
  ADD ("modifiers", test_modifiers, TRUE);
  ADD ("drag", test_drag, TRUE);
  ADD ("zoom", test_zoom, TRUE);
  ADD ("keyboard", test_keyboard, TRUE);
  ADD ("tooltip", test_tooltip, TRUE);
  ADD ("coincident", test_coincident, TRUE);
  ADD ("labels", test_labels, TRUE);
  ADD ("picture", test_picture, TRUE);
  ADD ("empty", test_empty, FALSE);
  ADD ("legend", test_legend, TRUE);
  ADD ("members-and-files", test_members_and_files, 2);
  ADD ("picture-all", test_picture_all, 2);
#undef ADD

  return g_test_run ();
}
