/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pareto-model.c: the Pareto plot's model without a display (app/tf-pareto-model*.c):
 * where points land, hit testing, spreading, selection, zoom and pan, log axes, keyboard order
 * and the words for a point; the rest of a front written as representatives, the family front,
 * the clouds and the evaluated files (issue 31): which a click selects, what the view fits and
 * the colour spans, and what each set is called. */
#include <math.h>
#include <string.h>

#include "tf-pareto-model.h"

#define AREA_X 50.0
#define AREA_Y 20.0
#define AREA_W 600.0
#define AREA_H 400.0

static const TfObjective objectives[] = {
  TF_OBJECTIVE_ITER_TIME, TF_OBJECTIVE_NETWORK_COST, TF_OBJECTIVE_APL_FAIL,
};

static TfParetoModel *
new_model (void)
{
  TfParetoModel *model = tf_pareto_model_new ();

  tf_pareto_model_set_objectives (model, G_N_ELEMENTS (objectives), objectives);
  tf_pareto_model_set_area (model, AREA_X, AREA_Y, AREA_W, AREA_H);
  return model;
}

static void
position (TfParetoModel *model,
          TfParetoSet    set,
          guint          index,
          double        *x,
          double        *y)
{
  g_assert_true (tf_pareto_model_get_position (model, set, index, x, y));
  g_assert_true (isfinite (*x) && isfinite (*y));
}

static double
distance (TfParetoModel *model,
          TfParetoSet    set_a,
          guint          a,
          TfParetoSet    set_b,
          guint          b)
{
  double ax, ay, bx, by;

  position (model, set_a, a, &ax, &ay);
  position (model, set_b, b, &bx, &by);
  return hypot (ax - bx, ay - by);
}

static void
test_defaults (void)
{
  g_autoptr(TfParetoModel) model = new_model ();
  g_autoptr(TfParetoModel) one = tf_pareto_model_new ();
  TfObjective single = TF_OBJECTIVE_APL;

  g_assert_cmpint (tf_pareto_model_get_axis (model, TF_PARETO_AXIS_X), ==, 0);
  g_assert_cmpint (tf_pareto_model_get_axis (model, TF_PARETO_AXIS_Y), ==, 1);
  g_assert_cmpint (tf_pareto_model_get_axis (model, TF_PARETO_AXIS_COLOUR), ==, 2);
  g_assert_cmpuint (tf_pareto_model_get_n_objectives (model), ==, 3);
  g_assert_cmpint (tf_pareto_model_get_objective (model, 1), ==, TF_OBJECTIVE_NETWORK_COST);

  tf_pareto_model_set_objectives (one, 1, &single);
  g_assert_cmpint (tf_pareto_model_get_axis (one, TF_PARETO_AXIS_X), ==, 0);
  g_assert_cmpint (tf_pareto_model_get_axis (one, TF_PARETO_AXIS_Y), ==, 0);
  g_assert_cmpint (tf_pareto_model_get_axis (one, TF_PARETO_AXIS_COLOUR), ==, -1);
  g_assert_null (tf_pareto_model_dup_axis_title (one, TF_PARETO_AXIS_COLOUR));
}

/* Points at the data's ends land inside the area with a margin; x grows right, y up. */
static void
test_normalisation (void)
{
  static const double rows[] = {
    1000, 1e6, 3,
    3000, 5e5, 4,
    2000, 7e5, 5,
  };
  g_autoptr(TfParetoModel) model = new_model ();
  double x[3], y[3];

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 3, NULL);
  for (guint i = 0; i < 3; i++)
    {
      position (model, TF_PARETO_FRONT, i, &x[i], &y[i]);
      g_assert_cmpfloat (x[i], >=, AREA_X + 5);
      g_assert_cmpfloat (x[i], <=, AREA_X + AREA_W - 5);
      g_assert_cmpfloat (y[i], >=, AREA_Y + 5);
      g_assert_cmpfloat (y[i], <=, AREA_Y + AREA_H - 5);
    }
  g_assert_cmpfloat (x[0], <, x[2]);
  g_assert_cmpfloat (x[2], <, x[1]);
  /* The dearest is the highest: the smallest pixel y. */
  g_assert_cmpfloat (y[0], <, y[2]);
  g_assert_cmpfloat (y[2], <, y[1]);
  /* And the data spreads over most of the area. */
  g_assert_cmpfloat (x[1] - x[0], >, 0.6 * AREA_W);
  g_assert_cmpfloat (y[1] - y[0], >, 0.6 * AREA_H);
}

static void
test_ticks_and_titles (void)
{
  static const double rows[] = {
    1000, 1e6, 3,
    3000, 5e5, 4,
  };
  g_autoptr(TfParetoModel) model = new_model ();
  g_autofree char *x_title = NULL, *y_title = NULL, *c_title = NULL;
  TfParetoTick ticks[TF_PARETO_MAX_TICKS];
  guint n;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 2, NULL);
  x_title = tf_pareto_model_dup_axis_title (model, TF_PARETO_AXIS_X);
  y_title = tf_pareto_model_dup_axis_title (model, TF_PARETO_AXIS_Y);
  c_title = tf_pareto_model_dup_axis_title (model, TF_PARETO_AXIS_COLOUR);
  g_assert_cmpstr (x_title, ==, "Iteration time (ms)");
  g_assert_cmpstr (y_title, ==, "Network cost (M USD)");
  g_assert_cmpstr (c_title, ==, "APL under failure (hops)");

  n = tf_pareto_model_get_ticks (model, TF_PARETO_AXIS_X, ticks, G_N_ELEMENTS (ticks));
  g_assert_cmpuint (n, >=, 3);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpfloat (ticks[i].position, >=, AREA_X);
      g_assert_cmpfloat (ticks[i].position, <=, AREA_X + AREA_W);
      if (i > 0)
        g_assert_cmpfloat (ticks[i].position, >, ticks[i - 1].position);
      if (fabs (ticks[i].value - 2000) < 1e-9)
        g_assert_cmpstr (ticks[i].label, ==, "2");
    }
  /* y ticks go up the screen as the values grow. */
  n = tf_pareto_model_get_ticks (model, TF_PARETO_AXIS_Y, ticks, G_N_ELEMENTS (ticks));
  g_assert_cmpuint (n, >=, 3);
  g_assert_cmpfloat (ticks[1].position, <, ticks[0].position);
  /* Colour ticks run 0..1 along the bar. */
  n = tf_pareto_model_get_ticks (model, TF_PARETO_AXIS_COLOUR, ticks, 2);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat (ticks[0].position, >=, 0);
  g_assert_cmpfloat (ticks[1].position, <=, 1);
}

static void
test_colour (void)
{
  static const double rows[] = {
    1000, 1e6, 3,
    3000, 5e5, 6,
    2000, 7e5, NAN,
  };
  g_autoptr(TfParetoModel) model = new_model ();
  double low, high, rgb[3];

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 3, NULL);
  g_assert_true (tf_pareto_model_get_colour (model, TF_PARETO_FRONT, 0, &low));
  g_assert_true (tf_pareto_model_get_colour (model, TF_PARETO_FRONT, 1, &high));
  g_assert_cmpfloat (low, >=, 0);
  g_assert_cmpfloat (low, <, high);
  g_assert_cmpfloat (high, <=, 1);
  g_assert_false (tf_pareto_model_get_colour (model, TF_PARETO_FRONT, 2, &low));
  tf_pareto_model_set_axis (model, TF_PARETO_AXIS_COLOUR, -1);
  g_assert_false (tf_pareto_model_get_colour (model, TF_PARETO_FRONT, 0, &low));
  tf_pareto_viridis (1, rgb);
  g_assert_cmpfloat_with_epsilon (rgb[0], 253 / 255.0, 1e-9);

  /* Before a front exists (a search's first generation), the evaluated points set the range. */
  {
    g_autoptr(TfParetoModel) live = new_model ();

    tf_pareto_model_append_points (live, TF_PARETO_EVALUATED, rows, 2);
    g_assert_true (tf_pareto_model_get_colour (live, TF_PARETO_EVALUATED, 0, &low));
    g_assert_true (tf_pareto_model_get_colour (live, TF_PARETO_EVALUATED, 1, &high));
    g_assert_cmpfloat (high - low, >, 0.5);
  }
}

/* Two corner points fix the view; @extra rows go between them. */
static void
set_with_corners (TfParetoModel *model,
                  const double  *extra,
                  guint          n_extra)
{
  g_autofree double *rows = g_new (double, 3 * (2 + n_extra));

  rows[0] = 1000, rows[1] = 1000, rows[2] = 3;
  rows[3] = 2000, rows[4] = 2000, rows[5] = 3;
  if (n_extra > 0)
    memcpy (rows + 6, extra, sizeof (double) * 3 * n_extra);
  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 2 + n_extra, NULL);
}

/* Pixels per unit of x. */
static double
x_scale (TfParetoModel *model)
{
  double x0, y0, x1, y1;

  set_with_corners (model, NULL, 0);
  position (model, TF_PARETO_FRONT, 0, &x0, &y0);
  position (model, TF_PARETO_FRONT, 1, &x1, &y1);
  return (x1 - x0) / 1000;
}

static void
test_hit_nearest (void)
{
  g_autoptr(TfParetoModel) model = new_model ();
  double scale = x_scale (model);
  double extra[] = { 1500, 1500, 3, 1500 + 8 / scale, 1500, 3 };
  double ax, ay, bx, by;
  TfParetoSet set;
  guint index;

  set_with_corners (model, extra, 2);
  position (model, TF_PARETO_FRONT, 2, &ax, &ay);
  position (model, TF_PARETO_FRONT, 3, &bx, &by);
  /* 8 px apart: not spread. */
  g_assert_cmpfloat_with_epsilon (bx - ax, 8, 1e-6);
  g_assert_cmpfloat_with_epsilon (by, ay, 1e-9);

  g_assert_true (tf_pareto_model_hit (model, ax + 3, ay, 6, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_FRONT);
  g_assert_cmpuint (index, ==, 2);
  g_assert_true (tf_pareto_model_hit (model, ax + 5, ay + 1, 6, &set, &index));
  g_assert_cmpuint (index, ==, 3);
  /* Outside the radius of everything. */
  g_assert_false (tf_pareto_model_hit (model, ax + 4, ay + 20, 6, &set, &index));
  g_assert_false (tf_pareto_model_hit (model, AREA_X + AREA_W / 2, AREA_Y + 3, 6, NULL, NULL));
}

static void
test_hit_close_points (void)
{
  g_autoptr(TfParetoModel) model = new_model ();
  double scale = x_scale (model);
  double extra[] = { 1500, 1500, 3, 1500 + 3 / scale, 1500, 3 };
  double ax, ay, bx, by;
  TfParetoSet set;
  guint index;

  /* 3 px apart: spread, so each can be seen and picked. */
  set_with_corners (model, extra, 2);
  position (model, TF_PARETO_FRONT, 2, &ax, &ay);
  position (model, TF_PARETO_FRONT, 3, &bx, &by);
  g_assert_cmpfloat (hypot (ax - bx, ay - by), >=, 6);
  g_assert_true (tf_pareto_model_hit (model, ax + 0.5, ay, 4, &set, &index));
  g_assert_cmpuint (index, ==, 2);
  g_assert_true (tf_pareto_model_hit (model, bx, by - 0.5, 4, &set, &index));
  g_assert_cmpuint (index, ==, 3);
}

static void
test_coincident (void)
{
  g_autoptr(TfParetoModel) model = new_model ();
  double extra[7 * 3];

  for (guint i = 0; i < 7; i++)
    extra[3 * i] = 1500, extra[3 * i + 1] = 1500, extra[3 * i + 2] = 3;
  set_with_corners (model, extra, 7);
  for (guint i = 2; i < 9; i++)
    {
      double x, y;
      TfParetoSet set;
      guint index;

      for (guint j = 2; j < i; j++)
        g_assert_cmpfloat (distance (model, TF_PARETO_FRONT, i, TF_PARETO_FRONT, j), >=, 4);
      position (model, TF_PARETO_FRONT, i, &x, &y);
      g_assert_true (tf_pareto_model_hit (model, x, y, 6, &set, &index));
      g_assert_cmpint (set, ==, TF_PARETO_FRONT);
      g_assert_cmpuint (index, ==, i);
    }
  /* Equal values stay spread at any zoom: their ring is recomputed around the new place. */
  {
    double cx = 0, cy = 0;

    for (guint i = 2; i < 9; i++)
      {
        double x, y;

        position (model, TF_PARETO_FRONT, i, &x, &y);
        cx += x / 7;
        cy += y / 7;
      }
    tf_pareto_model_zoom (model, 4, cx + 40, cy - 30);
    for (guint i = 3; i < 9; i++)
      g_assert_cmpfloat (distance (model, TF_PARETO_FRONT, 2, TF_PARETO_FRONT, i), >=, 4);
  }
}

static void
test_baseline_on_front (void)
{
  static const double front[] = { 1000, 1000, 3, 2000, 2000, 3 };
  static const double baseline[] = { 1000, 1000, 3 };
  g_autoptr(TfParetoModel) model = new_model ();
  double fx, fy, bx, by;
  TfParetoSet set;
  guint index;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, front, 2, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_BASELINE, baseline, 1, NULL);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_BASELINE), ==, 1);
  position (model, TF_PARETO_FRONT, 0, &fx, &fy);
  position (model, TF_PARETO_BASELINE, 0, &bx, &by);
  /* The baseline's point is not hidden under the front's. */
  g_assert_cmpfloat (hypot (fx - bx, fy - by), >=, 4);
  g_assert_true (tf_pareto_model_hit (model, bx, by, 6, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_BASELINE);
  /* Halfway between them the front wins. */
  g_assert_true (tf_pareto_model_hit (model, (fx + bx) / 2, (fy + by) / 2, 10, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_FRONT);
  g_assert_cmpuint (index, ==, 0);
}

static void
assert_selection (TfParetoModel *model,
                  const guint   *expected,
                  guint          n)
{
  g_autoptr(GArray) selection = tf_pareto_model_get_selection (model);

  g_assert_cmpuint (selection->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (g_array_index (selection, guint, i), ==, expected[i]);
      g_assert_true (tf_pareto_model_is_selected (model, expected[i]));
    }
}

static void
test_selection (void)
{
  static const double rows[] = {
    1000, 1000, 3, 1200, 1800, 3, 1400, 1600, 3, 1600, 1400, 3, 2000, 1000, 3,
  };
  g_autoptr(TfParetoModel) model = new_model ();

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 5, NULL);
  tf_pareto_model_select (model, 2, TF_PARETO_SELECT_REPLACE);
  assert_selection (model, (guint[]) { 2 }, 1);
  tf_pareto_model_select (model, 4, TF_PARETO_SELECT_REPLACE);
  assert_selection (model, (guint[]) { 4 }, 1);
  g_assert_false (tf_pareto_model_is_selected (model, 2));
  tf_pareto_model_select (model, 1, TF_PARETO_SELECT_TOGGLE);
  assert_selection (model, (guint[]) { 1, 4 }, 2);
  tf_pareto_model_select (model, 4, TF_PARETO_SELECT_TOGGLE);
  assert_selection (model, (guint[]) { 1 }, 1);
  tf_pareto_model_select (model, 3, TF_PARETO_SELECT_EXTEND);
  tf_pareto_model_select (model, 3, TF_PARETO_SELECT_EXTEND);   /* extend never removes */
  assert_selection (model, (guint[]) { 1, 3 }, 2);

  /* A new front keeps the selection of numbers that still exist. */
  tf_pareto_model_set_focus (model, 3);
  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 3, NULL);
  assert_selection (model, (guint[]) { 1 }, 1);
  g_assert_cmpint (tf_pareto_model_get_focus (model), ==, -1);
  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 5, NULL);
  assert_selection (model, (guint[]) { 1 }, 1);

  tf_pareto_model_clear_selection (model);
  assert_selection (model, NULL, 0);
}

static void
test_rubber_band (void)
{
  static const double rows[] = {
    1000, 1000, 3, 1200, 1800, 3, 1400, 1600, 3, 1600, 1400, 3, 2000, 1000, 3,
  };
  g_autoptr(TfParetoModel) model = new_model ();
  double x1, y1, x3, y3;
  guint n;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 5, NULL);
  tf_pareto_model_select (model, 0, TF_PARETO_SELECT_REPLACE);
  position (model, TF_PARETO_FRONT, 1, &x1, &y1);
  position (model, TF_PARETO_FRONT, 3, &x3, &y3);
  /* From below right to above left: the corners' order does not matter. */
  n = tf_pareto_model_select_rect (model, x3 + 2, y3 + 2, x1 - 2, y1 - 2,
                                   TF_PARETO_SELECT_REPLACE);
  g_assert_cmpuint (n, ==, 3);
  assert_selection (model, (guint[]) { 1, 2, 3 }, 3);
  /* Extend adds the one inside; toggle flips. */
  n = tf_pareto_model_select_rect (model, x1 - 2, y1 - 2, x1 + 2, y1 + 2,
                                   TF_PARETO_SELECT_TOGGLE);
  g_assert_cmpuint (n, ==, 1);
  assert_selection (model, (guint[]) { 2, 3 }, 2);
  n = tf_pareto_model_select_rect (model, x1 - 2, y1 - 2, x1 + 2, y1 + 2,
                                   TF_PARETO_SELECT_EXTEND);
  g_assert_cmpuint (n, ==, 1);
  assert_selection (model, (guint[]) { 1, 2, 3 }, 3);
  /* An empty rectangle replaces with nothing. */
  n = tf_pareto_model_select_rect (model, AREA_X, AREA_Y, AREA_X + 1, AREA_Y + 1,
                                   TF_PARETO_SELECT_REPLACE);
  g_assert_cmpuint (n, ==, 0);
  assert_selection (model, NULL, 0);
}

static void
test_zoom (void)
{
  static const double rows[] = { 1000, 1000, 3, 1300, 1700, 3, 2000, 2000, 3, 1400, 1600, 3 };
  g_autoptr(TfParetoModel) model = new_model ();
  double px, py, qx, qy, x, y, before, after;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 4, NULL);
  g_assert_false (tf_pareto_model_is_zoomed (model));
  position (model, TF_PARETO_FRONT, 1, &px, &py);
  position (model, TF_PARETO_FRONT, 3, &qx, &qy);
  before = hypot (px - qx, py - qy);

  tf_pareto_model_zoom (model, 2, px, py);
  g_assert_true (tf_pareto_model_is_zoomed (model));
  position (model, TF_PARETO_FRONT, 1, &x, &y);
  g_assert_cmpfloat (fabs (x - px), <, 1e-6);
  g_assert_cmpfloat (fabs (y - py), <, 1e-6);
  position (model, TF_PARETO_FRONT, 3, &x, &y);
  after = hypot (px - x, py - y);
  g_assert_cmpfloat_with_epsilon (after, 2 * before, 1e-6);

  /* Out again at another pixel; then back to the fit. */
  tf_pareto_model_zoom (model, 0.5, AREA_X + 10, AREA_Y + 30);
  tf_pareto_model_reset_view (model);
  g_assert_false (tf_pareto_model_is_zoomed (model));
  position (model, TF_PARETO_FRONT, 1, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, px, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, py, 1e-9);
}

static void
test_zoom_limits (void)
{
  static const double rows[] = { 1000, 1000, 3, 1300, 1700, 3, 2000, 2000, 3 };
  g_autoptr(TfParetoModel) model = new_model ();
  TfParetoTick ticks[TF_PARETO_MAX_TICKS];
  double px, py, x, y;
  guint n;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 3, NULL);
  position (model, TF_PARETO_FRONT, 1, &px, &py);
  for (guint i = 0; i < 40; i++)
    tf_pareto_model_zoom (model, 1e3, px, py);
  /* Still placed where it was, with ticks, and nothing is NaN. */
  position (model, TF_PARETO_FRONT, 1, &x, &y);
  g_assert_cmpfloat (fabs (x - px), <, 1e-3);
  g_assert_cmpfloat (fabs (y - py), <, 1e-3);
  /* At the limit a pixel is still more than 1e-6 of the data's range / 600. */
  g_assert_false (tf_pareto_model_get_position (model, TF_PARETO_FRONT, 0, NULL, NULL));
  n = tf_pareto_model_get_ticks (model, TF_PARETO_AXIS_X, ticks, G_N_ELEMENTS (ticks));
  g_assert_cmpuint (n, >=, 1);
  for (guint i = 0; i < n; i++)
    g_assert_true (isfinite (ticks[i].value) && isfinite (ticks[i].position));
  /* Zooming by nonsense does nothing. */
  tf_pareto_model_zoom (model, NAN, px, py);
  tf_pareto_model_zoom (model, 0, px, py);
  tf_pareto_model_zoom (model, -2, px, py);
  position (model, TF_PARETO_FRONT, 1, &x, &y);
  g_assert_cmpfloat (fabs (x - px), <, 1e-3);
  /* And far out, the data collapses to a point but stays finite. */
  tf_pareto_model_reset_view (model);
  for (guint i = 0; i < 40; i++)
    tf_pareto_model_zoom (model, 1e-3, px, py);
  position (model, TF_PARETO_FRONT, 1, &x, &y);
  g_assert_true (isfinite (x) && isfinite (y));
}

static void
test_zoom_to (void)
{
  static const double rows[] = { 1000, 1000, 3, 1300, 1700, 3, 2000, 2000, 3 };
  g_autoptr(TfParetoModel) model = new_model ();
  double px, py, x, y;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 3, NULL);
  position (model, TF_PARETO_FRONT, 1, &px, &py);
  /* A rectangle centred on the point: afterwards it sits at the area's centre, and the others
   * fall outside. */
  tf_pareto_model_zoom_to (model, px - 30, py - 20, px + 30, py + 20);
  g_assert_true (tf_pareto_model_is_zoomed (model));
  position (model, TF_PARETO_FRONT, 1, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, AREA_X + AREA_W / 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, AREA_Y + AREA_H / 2, 1e-6);
  g_assert_false (tf_pareto_model_get_position (model, TF_PARETO_FRONT, 0, NULL, NULL));
  g_assert_false (tf_pareto_model_get_position (model, TF_PARETO_FRONT, 2, NULL, NULL));
}

static void
test_pan (void)
{
  static const double rows[] = { 1000, 1000, 3, 1300, 1700, 3, 2000, 2000, 3 };
  g_autoptr(TfParetoModel) model = new_model ();
  double px, py, x, y;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 3, NULL);
  position (model, TF_PARETO_FRONT, 1, &px, &py);
  tf_pareto_model_pan (model, 30, -20);
  g_assert_true (tf_pareto_model_is_zoomed (model));
  position (model, TF_PARETO_FRONT, 1, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, px + 30, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, py - 20, 1e-6);
}

static void
test_log (void)
{
  static const double positive[] = { 10, 1000, 3, 1e5, 1e6, 4 };
  static const double with_zero[] = { 0, 1000, 3, 1e5, 1e6, 4 };
  g_autoptr(TfParetoModel) model = new_model ();
  TfParetoTick ticks[TF_PARETO_MAX_TICKS];
  double x0, y0, x1, y1;
  guint n;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, with_zero, 2, NULL);
  g_assert_false (tf_pareto_model_set_log (model, TF_PARETO_AXIS_X, TRUE));
  g_assert_false (tf_pareto_model_get_log (model, TF_PARETO_AXIS_X));
  /* y has no zero: allowed. */
  g_assert_true (tf_pareto_model_set_log (model, TF_PARETO_AXIS_Y, TRUE));
  g_assert_true (tf_pareto_model_get_log (model, TF_PARETO_AXIS_Y));
  g_assert_false (tf_pareto_model_set_log (model, TF_PARETO_AXIS_COLOUR, TRUE));

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, positive, 2, NULL);
  g_assert_true (tf_pareto_model_set_log (model, TF_PARETO_AXIS_X, TRUE));
  g_assert_true (tf_pareto_model_get_log (model, TF_PARETO_AXIS_X));
  position (model, TF_PARETO_FRONT, 0, &x0, &y0);
  position (model, TF_PARETO_FRONT, 1, &x1, &y1);
  g_assert_cmpfloat (x1 - x0, >, 0.6 * AREA_W);
  /* Ticks of a log axis: powers of ten over four decades, evenly spaced. */
  n = tf_pareto_model_get_ticks (model, TF_PARETO_AXIS_X, ticks, G_N_ELEMENTS (ticks));
  g_assert_cmpuint (n, >=, 3);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (log10 (ticks[i].value), round (log10 (ticks[i].value)),
                                    1e-9);
  g_assert_cmpfloat_with_epsilon (ticks[1].position - ticks[0].position,
                                  ticks[2].position - ticks[1].position, 1e-6);
  /* Switching the axis to an objective with a zero drops the log scale. */
  tf_pareto_model_set_points (model, TF_PARETO_FRONT, with_zero, 2, NULL);
  g_assert_false (tf_pareto_model_get_position (model, TF_PARETO_FRONT, 0, NULL, NULL));
  tf_pareto_model_set_axis (model, TF_PARETO_AXIS_X, 0);
  g_assert_false (tf_pareto_model_get_log (model, TF_PARETO_AXIS_X));
  position (model, TF_PARETO_FRONT, 0, &x0, &y0);
}

static void
test_keyboard (void)
{
  static const double rows[] = {
    2, 10, 3,   /* 0 */
    3, 10, 3,   /* 1 */
    1, 10, 3,   /* 2 */
    2, 20, 3,   /* 3: the same x as 0, higher */
  };
  static const int order[] = { 2, 0, 3, 1 };
  g_autoptr(TfParetoModel) model = new_model ();

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 4, NULL);
  g_assert_cmpint (tf_pareto_model_get_focus (model), ==, -1);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpint (tf_pareto_model_step_focus (model, +1), ==, order[i]);
  /* The end stops. */
  g_assert_cmpint (tf_pareto_model_step_focus (model, +1), ==, 1);
  g_assert_cmpint (tf_pareto_model_step_focus (model, -1), ==, 3);
  /* From none, left starts at the last. */
  tf_pareto_model_set_focus (model, -1);
  g_assert_cmpint (tf_pareto_model_step_focus (model, -1), ==, 1);
  g_assert_cmpint (tf_pareto_model_get_focus (model), ==, 1);
}

static void
test_description (void)
{
  static const double front[] = { 1234, 6.45e6, 3.1, 2000, 5e6, 4 };
  static const double evaluated[] = { 850, 1.2e5, 2, 900, 1e5, 2.5 };
  static const char *const origins[] = { "graph_mutation of fat-tree:k=8", NULL };
  g_autoptr(TfParetoModel) model = new_model ();
  g_autofree char *first = NULL, *second = NULL, *cloud = NULL;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, front, 2, origins);
  tf_pareto_model_append_points (model, TF_PARETO_EVALUATED, evaluated, 1);
  tf_pareto_model_append_points (model, TF_PARETO_EVALUATED, evaluated + 3, 1);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_EVALUATED), ==, 2);
  g_assert_cmpfloat (tf_pareto_model_get_values (model, TF_PARETO_EVALUATED, 1)[0], ==, 900);
  g_assert_cmpstr (tf_pareto_model_get_origin (model, TF_PARETO_FRONT, 0), ==, origins[0]);
  g_assert_null (tf_pareto_model_get_origin (model, TF_PARETO_FRONT, 1));

  first = tf_pareto_model_dup_description (model, TF_PARETO_FRONT, 0);
  g_assert_cmpstr (first, ==,
                   "Candidate 1 (front): Iteration time 1.23 ms, Network cost 6.45 M USD, "
                   "APL under failure 3.1 hops; from graph_mutation of fat-tree:k=8");
  second = tf_pareto_model_dup_description (model, TF_PARETO_FRONT, 1);
  g_assert_nonnull (strstr (second, "Candidate 2 (front)"));
  g_assert_nonnull (strstr (second, "Network cost 5 M USD"));
  g_assert_null (strstr (second, "from"));
  cloud = tf_pareto_model_dup_description (model, TF_PARETO_EVALUATED, 0);
  g_assert_nonnull (strstr (cloud, "850 µs"));
  g_assert_nonnull (strstr (cloud, "120 k USD"));
}

/* Evaluated points alone fit the view; with a front, the view fits the front. */
static void
test_fit_evaluated (void)
{
  static const double evaluated[] = { 1000, 1000, 3, 5000, 5000, 3 };
  static const double front[] = { 1000, 1000, 3, 2000, 2000, 3 };
  g_autoptr(TfParetoModel) model = new_model ();

  tf_pareto_model_append_points (model, TF_PARETO_EVALUATED, evaluated, 2);
  g_assert_true (tf_pareto_model_get_position (model, TF_PARETO_EVALUATED, 1, NULL, NULL));
  tf_pareto_model_set_points (model, TF_PARETO_FRONT, front, 2, NULL);
  g_assert_false (tf_pareto_model_get_position (model, TF_PARETO_EVALUATED, 1, NULL, NULL));
  g_assert_true (tf_pareto_model_get_position (model, TF_PARETO_EVALUATED, 0, NULL, NULL));
  /* New objectives clear every point. */
  tf_pareto_model_set_objectives (model, 2, objectives);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_FRONT), ==, 0);
  g_assert_cmpuint (tf_pareto_model_get_n_points (model, TF_PARETO_EVALUATED), ==, 0);
}

/* One baseline design far beyond the fronts (102 s beside 36 to 55 ms) does not squeeze them
 * into a tenth of the axis: the view leaves it out and counts it at its right edge; the
 * front fills the width. */
static void
test_outlier (void)
{
  g_autoptr(TfParetoModel) model = new_model ();
  double front[20 * 3], baseline[] = { 102e6, 300e3, 2 };
  double first, last, y;

  for (guint i = 0; i < 20; i++)
    {
      front[3 * i] = 36000 + 1000 * i;
      front[3 * i + 1] = 400e3 - 5e3 * i;
      front[3 * i + 2] = 1;
    }
  tf_pareto_model_set_points (model, TF_PARETO_FRONT, front, 20, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_BASELINE, baseline, 1, NULL);
  g_assert_false (tf_pareto_model_get_position (model, TF_PARETO_BASELINE, 0, NULL, NULL));
  g_assert_cmpuint (tf_pareto_model_count_beyond (model, TF_PARETO_EDGE_RIGHT), ==, 1);
  g_assert_cmpuint (tf_pareto_model_count_beyond (model, TF_PARETO_EDGE_LEFT), ==, 0);
  g_assert_cmpuint (tf_pareto_model_count_beyond (model, TF_PARETO_EDGE_TOP), ==, 0);
  g_assert_true (tf_pareto_model_get_position (model, TF_PARETO_FRONT, 0, &first, &y));
  g_assert_true (tf_pareto_model_get_position (model, TF_PARETO_FRONT, 19, &last, &y));
  g_assert_cmpfloat (last - first, >, 0.8 * AREA_W);
}

/* The revision moves with every change that can move a point, and with nothing else, so a
 * drawing of the points made at one revision can be kept until the next. */
static void
test_revision (void)
{
  g_autoptr(TfParetoModel) model = new_model ();
  const double rows[] = { 1, 10, 3, 2, 20, 2, 3, 5, 1 };
  guint r;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, rows, 3, NULL);
  r = tf_pareto_model_get_revision (model);
  tf_pareto_model_select (model, 1, TF_PARETO_SELECT_REPLACE);
  tf_pareto_model_set_focus (model, 2);
  g_assert_cmpuint (tf_pareto_model_get_revision (model), ==, r);
  tf_pareto_model_zoom (model, 2, AREA_X + 10, AREA_Y + 10);
  g_assert_cmpuint (tf_pareto_model_get_revision (model), >, r);
  r = tf_pareto_model_get_revision (model);
  tf_pareto_model_pan (model, 5, 5);
  g_assert_cmpuint (tf_pareto_model_get_revision (model), >, r);
  r = tf_pareto_model_get_revision (model);
  tf_pareto_model_append_points (model, TF_PARETO_EVALUATED, rows, 1);
  g_assert_cmpuint (tf_pareto_model_get_revision (model), >, r);
  r = tf_pareto_model_get_revision (model);
  tf_pareto_model_set_area (model, 0, 0, 300, 200);
  g_assert_cmpuint (tf_pareto_model_get_revision (model), >, r);
  r = tf_pareto_model_get_revision (model);
  tf_pareto_model_set_axis (model, TF_PARETO_AXIS_Y, 2);
  g_assert_cmpuint (tf_pareto_model_get_revision (model), >, r);
}

/* Four designs of the front without a file: each stands with a representative, stays where
 * its values put it (not spread, even on its representative), and a click on it selects the
 * representative. */
static void
test_members (void)
{
  static const double front[] = { 1000, 4e6, 3, 3000, 2e6, 3, 5000, 1e6, 3 };
  static const double members[] = {
    1000, 4e6, 3,      /* on its representative */
    1100, 3.9e6, 3,
    3100, 1.9e6, 3,
    5200, 0.9e6, 3,
  };
  static const guint representatives[] = { 0, 0, 1, 2 };
  static const char *const origins[] = { "graph_mutation, cand_000007", NULL, NULL, NULL };
  g_autoptr(TfParetoModel) model = new_model ();
  g_autofree char *front_words = NULL, *member_words = NULL;
  TfParetoSet set;
  guint index;
  double fx, fy, mx, my;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, front, 3, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_MEMBERS, members, 4, origins);
  /* Until they are told, members stand with nobody and select nothing. */
  g_assert_cmpuint (tf_pareto_model_get_representative (model, 0), ==, G_MAXUINT);
  g_assert_false (tf_pareto_model_get_selectable (model, TF_PARETO_MEMBERS, 0, NULL, NULL));
  tf_pareto_model_set_representatives (model, representatives, 4);
  g_assert_cmpuint (tf_pareto_model_get_representative (model, 3), ==, 2);
  g_assert_cmpuint (tf_pareto_model_count_members (model, 0), ==, 2);
  g_assert_cmpuint (tf_pareto_model_count_members (model, 1), ==, 1);

  /* Not spread: the member on its representative is drawn exactly there. */
  position (model, TF_PARETO_FRONT, 0, &fx, &fy);
  position (model, TF_PARETO_MEMBERS, 0, &mx, &my);
  g_assert_cmpfloat (hypot (fx - mx, fy - my), <, 1e-9);
  /* The representative wins a tie; alone, the member is hit, and selects its representative. */
  g_assert_true (tf_pareto_model_hit (model, fx, fy, 8, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_FRONT);
  position (model, TF_PARETO_MEMBERS, 3, &mx, &my);
  g_assert_true (tf_pareto_model_hit (model, mx + 1, my, 3, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_MEMBERS);
  g_assert_cmpuint (index, ==, 3);
  g_assert_true (tf_pareto_model_get_selectable (model, set, index, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_FRONT);
  g_assert_cmpuint (index, ==, 2);
  /* A family design still on the front is drawn on it: a click there selects, it does not
   * only describe. */
  tf_pareto_model_set_points (model, TF_PARETO_FAMILY, members + 3 * 3, 1, NULL);
  g_assert_true (tf_pareto_model_hit (model, mx, my, 3, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_MEMBERS);

  front_words = tf_pareto_model_dup_description (model, TF_PARETO_FRONT, 0);
  g_assert_nonnull (strstr (front_words, "Candidate 1 (front), standing for 2 more designs: "));
  member_words = tf_pareto_model_dup_description (model, TF_PARETO_MEMBERS, 0);
  g_assert_nonnull (strstr (member_words, "A design of the front candidate 1 stands for: "));
  g_assert_nonnull (strstr (member_words, "from graph_mutation, cand_000007"));

  /* The view fits them; the colour spans them with the front. */
  g_assert_true (tf_pareto_model_get_colour (model, TF_PARETO_MEMBERS, 1, NULL));
  /* Replacing them forgets who they stood with. */
  tf_pareto_model_set_points (model, TF_PARETO_MEMBERS, members, 2, NULL);
  g_assert_cmpuint (tf_pareto_model_get_representative (model, 1), ==, G_MAXUINT);
  g_assert_cmpuint (tf_pareto_model_count_members (model, 0), ==, 0);
}

/* The family front: fitted by the view even far from the search's front, never selected, hit
 * after the front it shares a point with, and left out of the colour's range; its cloud, like
 * the search's, is fitted only while nothing else is shown. */
static void
test_family (void)
{
  static const double front[] = { 1000, 2e6, 3, 2000, 1e6, 4 };
  static const double family[] = {
    1000, 2e6, 3,       /* still on the front */
    9000, 5e5, 400,     /* far away, with a colour value far outside the front's */
  };
  static const double cloud[] = { 20000, 9e6, 5, 30000, 8e6, 6 };
  g_autoptr(TfParetoModel) model = new_model ();
  g_autoptr(TfParetoModel) live = new_model ();
  g_autofree char *words = NULL;
  double before, after, x, y;
  TfParetoSet set;
  guint index;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, front, 2, NULL);
  g_assert_true (tf_pareto_model_get_colour (model, TF_PARETO_FRONT, 0, &before));
  tf_pareto_model_set_points (model, TF_PARETO_FAMILY, family, 2, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_FAMILY_EVALUATED, cloud, 2, NULL);
  g_assert_true (tf_pareto_model_get_position (model, TF_PARETO_FAMILY, 1, NULL, NULL));
  g_assert_false (tf_pareto_model_get_position (model, TF_PARETO_FAMILY_EVALUATED, 0, NULL,
                                                NULL));
  g_assert_true (tf_pareto_model_get_colour (model, TF_PARETO_FRONT, 0, &after));
  g_assert_cmpfloat (after, ==, before);

  position (model, TF_PARETO_FAMILY, 0, &x, &y);
  g_assert_true (tf_pareto_model_hit (model, x, y, 8, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_FRONT);
  position (model, TF_PARETO_FAMILY, 1, &x, &y);
  g_assert_true (tf_pareto_model_hit (model, x, y, 8, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_FAMILY);
  g_assert_false (tf_pareto_model_get_selectable (model, set, index, NULL, NULL));
  words = tf_pareto_model_dup_description (model, TF_PARETO_FAMILY, 1);
  g_assert_nonnull (strstr (words, "Family front design 2: Iteration time 9 ms"));

  /* While Stage 0 runs there is only the family front: the view fits it alone. */
  tf_pareto_model_set_points (live, TF_PARETO_FAMILY, family, 2, NULL);
  g_assert_true (tf_pareto_model_get_position (live, TF_PARETO_FAMILY, 0, NULL, NULL));
  g_assert_true (tf_pareto_model_get_position (live, TF_PARETO_FAMILY, 1, NULL, NULL));
  /* The clouds alone are fitted, the family's too. */
  tf_pareto_model_set_points (live, TF_PARETO_FAMILY, NULL, 0, NULL);
  tf_pareto_model_set_points (live, TF_PARETO_FAMILY_EVALUATED, cloud, 2, NULL);
  g_assert_true (tf_pareto_model_get_position (live, TF_PARETO_FAMILY_EVALUATED, 1, NULL, NULL));
  g_assert_false (tf_pareto_model_hit (live, 0, 0, 1e6, NULL, NULL));
}

/* Files the user evaluated: named, spread with the front, selected alone or beside front
 * points, inside a rubber band too; a value that could not be computed leaves a file out of
 * the picture. */
static void
test_files (void)
{
  static const double front[] = { 1000, 2e6, 3, 2000, 1e6, 4 };
  static const double files[] = {
    1000, 2e6, 3,        /* on a front point */
    4000, 3e6, 5,
    NAN, 1e6, NAN,       /* not connected: cost alone */
  };
  static const char *const names[] = { "cluster.yaml", "nvl72.yaml", "broken.yaml" };
  g_autoptr(TfParetoModel) model = new_model ();
  g_autoptr(GArray) picked = NULL;
  g_autofree char *words = NULL;
  double fx, fy, x, y;
  TfParetoSet set;
  guint index;

  tf_pareto_model_set_points (model, TF_PARETO_FRONT, front, 2, NULL);
  tf_pareto_model_set_points (model, TF_PARETO_FILES, files, 3, names);
  g_assert_cmpstr (tf_pareto_model_get_origin (model, TF_PARETO_FILES, 1), ==, "nvl72.yaml");
  g_assert_false (tf_pareto_model_get_position (model, TF_PARETO_FILES, 2, NULL, NULL));
  /* Spread from the front point it lies on, so both can be picked. */
  position (model, TF_PARETO_FRONT, 0, &fx, &fy);
  position (model, TF_PARETO_FILES, 0, &x, &y);
  g_assert_cmpfloat (hypot (fx - x, fy - y), >=, 5);
  g_assert_true (tf_pareto_model_hit (model, x, y, 3, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_FILES);
  g_assert_true (tf_pareto_model_get_selectable (model, set, index, &set, &index));
  g_assert_cmpint (set, ==, TF_PARETO_FILES);
  g_assert_cmpuint (index, ==, 0);

  tf_pareto_model_select (model, 1, TF_PARETO_SELECT_REPLACE);
  tf_pareto_model_select_point (model, TF_PARETO_FILES, 1, TF_PARETO_SELECT_EXTEND);
  g_assert_true (tf_pareto_model_is_selected (model, 1));
  g_assert_true (tf_pareto_model_is_point_selected (model, TF_PARETO_FILES, 1));
  picked = tf_pareto_model_get_selected (model, TF_PARETO_FILES);
  g_assert_cmpuint (picked->len, ==, 1);
  /* A plain click on a file replaces both. */
  tf_pareto_model_select_point (model, TF_PARETO_FILES, 0, TF_PARETO_SELECT_REPLACE);
  g_assert_false (tf_pareto_model_is_selected (model, 1));
  g_assert_false (tf_pareto_model_is_point_selected (model, TF_PARETO_FILES, 1));
  g_assert_true (tf_pareto_model_is_point_selected (model, TF_PARETO_FILES, 0));
  /* The whole area in a band: both front points and the two placed files. */
  g_assert_cmpuint (tf_pareto_model_select_rect (model, 0, 0, 2000, 2000,
                                                 TF_PARETO_SELECT_REPLACE), ==, 4);
  tf_pareto_model_clear_selection (model);
  g_clear_pointer (&picked, g_array_unref);
  picked = tf_pareto_model_get_selected (model, TF_PARETO_FILES);
  g_assert_cmpuint (picked->len, ==, 0);

  words = tf_pareto_model_dup_description (model, TF_PARETO_FILES, 2);
  g_assert_cmpstr (words, ==, "broken.yaml (evaluated file): Iteration time —, "
                              "Network cost 1 M USD, APL under failure —");
}

/* Every set has a name for the legend and a sentence saying what it is, none the same. */
static void
test_set_words (void)
{
  for (TfParetoSet a = 0; a < TF_N_PARETO_SETS; a++)
    {
      g_assert_cmpuint (strlen (tf_pareto_set_get_label (a)), >, 3);
      g_assert_cmpuint (strlen (tf_pareto_set_get_explanation (a)), >,
                        strlen (tf_pareto_set_get_label (a)));
      for (TfParetoSet b = 0; b < a; b++)
        g_assert_cmpstr (tf_pareto_set_get_label (a), !=, tf_pareto_set_get_label (b));
    }
  g_assert_cmpstr (tf_pareto_set_get_label (TF_PARETO_FAMILY), ==, "Family front");
  g_assert_nonnull (strstr (tf_pareto_set_get_explanation (TF_PARETO_FAMILY),
                            "Every buildable family design, evaluated before the search"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app-model/pareto/defaults", test_defaults);
  g_test_add_func ("/app-model/pareto/revision", test_revision);
  g_test_add_func ("/app-model/pareto/normalisation", test_normalisation);
  g_test_add_func ("/app-model/pareto/ticks-and-titles", test_ticks_and_titles);
  g_test_add_func ("/app-model/pareto/colour", test_colour);
  g_test_add_func ("/app-model/pareto/hit/nearest", test_hit_nearest);
  g_test_add_func ("/app-model/pareto/hit/close-points", test_hit_close_points);
  g_test_add_func ("/app-model/pareto/coincident", test_coincident);
  g_test_add_func ("/app-model/pareto/baseline-on-front", test_baseline_on_front);
  g_test_add_func ("/app-model/pareto/selection", test_selection);
  g_test_add_func ("/app-model/pareto/rubber-band", test_rubber_band);
  g_test_add_func ("/app-model/pareto/zoom", test_zoom);
  g_test_add_func ("/app-model/pareto/zoom-limits", test_zoom_limits);
  g_test_add_func ("/app-model/pareto/zoom-to", test_zoom_to);
  g_test_add_func ("/app-model/pareto/pan", test_pan);
  g_test_add_func ("/app-model/pareto/log", test_log);
  g_test_add_func ("/app-model/pareto/keyboard", test_keyboard);
  g_test_add_func ("/app-model/pareto/description", test_description);
  g_test_add_func ("/app-model/pareto/fit-evaluated", test_fit_evaluated);
  g_test_add_func ("/app-model/pareto/members", test_members);
  g_test_add_func ("/app-model/pareto/family", test_family);
  g_test_add_func ("/app-model/pareto/files", test_files);
  g_test_add_func ("/app-model/pareto/set-words", test_set_words);
  g_test_add_func ("/app-model/pareto/outlier", test_outlier);
  return g_test_run ();
}
