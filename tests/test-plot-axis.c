/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plot-axis.c: nice bounds and ticks, log ticks, unit prefixes, labels, viridis and the
 * spreading of coincident points (engine/plot/plot-axis.c). */
#include <math.h>

#include "plot-axis.h"

static void
assert_ticks (const TfPlotAxis *axis,
              const double     *expected,
              guint             n)
{
  g_assert_cmpuint (axis->n_ticks, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (axis->ticks[i], expected[i], fabs (expected[i]) * 1e-9 + 1e-12);
}

static void
assert_labels (const TfPlotAxis *axis,
               const char *const *expected)
{
  for (guint i = 0; expected[i] != NULL; i++)
    {
      char buf[32];

      g_assert_cmpuint (i, <, axis->n_ticks);
      tf_plot_axis_format_tick (axis, axis->ticks[i], buf, sizeof buf);
      g_assert_cmpstr (buf, ==, expected[i]);
    }
}

/* The data lies inside the bounds, not on the frame, and the bounds waste little room. */
static void
assert_fits (const TfPlotAxis *axis,
             double            min,
             double            max)
{
  double span = axis->hi - axis->lo;

  g_assert_cmpfloat (axis->lo, <, min);
  g_assert_cmpfloat (axis->hi, >, max);
  g_assert_cmpfloat (max - min, >, 0.6 * span);
  for (guint i = 0; i < axis->n_ticks; i++)
    {
      g_assert_cmpfloat (axis->ticks[i], >=, axis->lo - span * 1e-9);
      g_assert_cmpfloat (axis->ticks[i], <=, axis->hi + span * 1e-9);
    }
}

static void
test_linear_unit_range (void)
{
  static const double ticks[] = { 0, 0.2, 0.4, 0.6, 0.8, 1 };
  static const char *const labels[] = { "0", "0.2", "0.4", "0.6", "0.8", "1", NULL };
  TfPlotAxis axis;
  g_autofree char *title = NULL;

  tf_plot_axis_init_fit (&axis, 0, 1, 6, TF_PLOT_SCALE_LINEAR, NULL);
  assert_fits (&axis, 0, 1);
  assert_ticks (&axis, ticks, G_N_ELEMENTS (ticks));
  assert_labels (&axis, labels);
  /* No unit, no parentheses. */
  title = tf_plot_axis_dup_title (&axis, "Score");
  g_assert_cmpstr (title, ==, "Score");
}

static void
test_linear_narrow (void)
{
  static const double ticks[] = { 0.3, 0.4, 0.5, 0.6, 0.7 };
  static const char *const labels[] = { "0.3", "0.4", "0.5", "0.6", "0.7", NULL };
  TfPlotAxis axis;

  tf_plot_axis_init_fit (&axis, 0.3, 0.7, 6, TF_PLOT_SCALE_LINEAR, "hops");
  assert_fits (&axis, 0.3, 0.7);
  assert_ticks (&axis, ticks, G_N_ELEMENTS (ticks));
  assert_labels (&axis, labels);
  g_assert_cmpstr (axis.unit, ==, "hops");
}

static void
test_linear_money (void)
{
  static const char *const labels[] = { "0", "2", "4", "6", NULL };
  TfPlotAxis axis;
  g_autofree char *title = NULL;

  tf_plot_axis_init_fit (&axis, 1e5, 7e6, 6, TF_PLOT_SCALE_LINEAR, "USD");
  assert_fits (&axis, 1e5, 7e6);
  g_assert_cmpstr (axis.unit, ==, "M USD");
  g_assert_cmpfloat (axis.divisor, ==, 1e6);
  g_assert_cmpfloat (axis.ticks[0], ==, 0);
  assert_labels (&axis, labels);
  title = tf_plot_axis_dup_title (&axis, "Network cost");
  g_assert_cmpstr (title, ==, "Network cost (M USD)");
}

static void
test_linear_time (void)
{
  static const char *const labels[] = { "0", "0.2", "0.4", "0.6", "0.8", "1", "1.2", NULL };
  TfPlotAxis axis;
  g_autofree char *title = NULL;

  /* 850 µs to 1.2 s: one prefix for the axis, the larger end's. */
  tf_plot_axis_init_fit (&axis, 850, 1.2e6, 6, TF_PLOT_SCALE_LINEAR, "us");
  assert_fits (&axis, 850, 1.2e6);
  g_assert_cmpstr (axis.unit, ==, "s");
  assert_labels (&axis, labels);
  title = tf_plot_axis_dup_title (&axis, "Iteration time");
  g_assert_cmpstr (title, ==, "Iteration time (s)");

  tf_plot_axis_init_fit (&axis, 850, 4200, 6, TF_PLOT_SCALE_LINEAR, "us");
  g_assert_cmpstr (axis.unit, ==, "ms");
  tf_plot_axis_init_fit (&axis, 120, 850, 6, TF_PLOT_SCALE_LINEAR, "us");
  g_assert_cmpstr (axis.unit, ==, "µs");
}

static void
test_linear_other_units (void)
{
  TfPlotAxis axis;
  char buf[32];

  tf_plot_axis_init_fit (&axis, 800, 51200, 6, TF_PLOT_SCALE_LINEAR, "GB/s");
  g_assert_cmpstr (axis.unit, ==, "TB/s");
  tf_plot_axis_init_fit (&axis, 0.01, 0.25, 6, TF_PLOT_SCALE_LINEAR, "of pairs");
  g_assert_cmpstr (axis.unit, ==, "%");
  tf_plot_axis_format_tick (&axis, 0.1, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "10");
  /* A range that crosses zero never labels "-0". */
  tf_plot_axis_init_view (&axis, -1, 1, 5, TF_PLOT_SCALE_LINEAR, NULL);
  tf_plot_axis_format_tick (&axis, -1e-17, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "0");
}

static void
test_linear_degenerate (void)
{
  TfPlotAxis axis;

  /* One value: a range around it. */
  tf_plot_axis_init_fit (&axis, 5, 5, 6, TF_PLOT_SCALE_LINEAR, NULL);
  g_assert_cmpfloat (axis.lo, <, 5);
  g_assert_cmpfloat (axis.hi, >, 5);
  g_assert_cmpuint (axis.n_ticks, >=, 2);
  /* Nothing: 0..1. */
  tf_plot_axis_init_fit (&axis, G_MAXDOUBLE, -G_MAXDOUBLE, 6, TF_PLOT_SCALE_LINEAR, NULL);
  g_assert_cmpfloat (axis.lo, ==, 0);
  g_assert_cmpfloat (axis.hi, ==, 1);
  g_assert_true (isnan (tf_plot_axis_fraction (&axis, NAN)));
  g_assert_cmpfloat_with_epsilon (tf_plot_axis_fraction (&axis, 0.25), 0.25, 1e-12);
}

/* A colour scale spans exactly its data: hops lost from 0.24 to 157 run from 0.24, not from
 * about -20 as a fitted axis's room and rounding made them; its ticks lie inside. */
static void
test_linear_range (void)
{
  TfPlotAxis axis;

  tf_plot_axis_init_range (&axis, 0.24, 157, 6, "hops");
  g_assert_cmpfloat (axis.lo, ==, 0.24);
  g_assert_cmpfloat (axis.hi, ==, 157);
  g_assert_cmpuint (axis.n_ticks, >=, 2);
  for (guint i = 0; i < axis.n_ticks; i++)
    {
      g_assert_cmpfloat (axis.ticks[i], >=, 0.24);
      g_assert_cmpfloat (axis.ticks[i], <=, 157);
    }
  /* Its ends say where it stops: the nice ticks run 50, 100, 150; 0.24 is more than half a
   * step below the first and gets a tick of its own, 157 takes the place of 150. */
  g_assert_cmpuint (axis.n_ticks, ==, 4);
  g_assert_cmpfloat (axis.ticks[0], ==, 0.24);
  g_assert_cmpfloat (axis.ticks[1], ==, 50);
  g_assert_cmpfloat (axis.ticks[2], ==, 100);
  g_assert_cmpfloat (axis.ticks[3], ==, 157);
  /* Ends on nice ticks stay as they are: 0 to 100 in steps of 20. */
  tf_plot_axis_init_range (&axis, 0, 100, 6, "hops");
  g_assert_cmpfloat (axis.ticks[0], ==, 0);
  g_assert_cmpfloat (axis.ticks[1], ==, 20);
  g_assert_cmpfloat (axis.ticks[axis.n_ticks - 1], ==, 100);
  /* Nothing to show: as a fitted axis, 0..1. */
  tf_plot_axis_init_range (&axis, G_MAXDOUBLE, -G_MAXDOUBLE, 6, NULL);
  g_assert_cmpfloat (axis.lo, ==, 0);
  g_assert_cmpfloat (axis.hi, ==, 1);
}

/* A view fits the fronts but for a few points far beyond the rest: a baseline design at
 * 102 s beside a front of 36 to 56 ms is left out (the plot counts it at its edge); a spread
 * without a gap keeps every point; a log axis compares ratios. */
static void
test_fit_values (void)
{
  double v[21], min, max;

  for (guint i = 0; i < 20; i++)
    v[i] = 36000 + 1000 * i;
  v[20] = 102e6;
  g_assert_true (tf_plot_fit_values (v, 21, TF_PLOT_SCALE_LINEAR, &min, &max));
  g_assert_cmpfloat (min, ==, 36000);
  g_assert_cmpfloat (max, ==, 55000);
  /* Low outliers too, and never more than one in twenty. */
  for (guint i = 0; i < 20; i++)
    v[i] = 36000 + 1000 * i;
  v[0] = -1e9;
  v[1] = -1e12;
  v[20] = 55500;
  g_assert_true (tf_plot_fit_values (v, 21, TF_PLOT_SCALE_LINEAR, &min, &max));
  g_assert_cmpfloat (min, ==, -1e9);
  g_assert_cmpfloat (max, ==, 55500);
  /* Evenly spread, even widely: nothing goes. */
  for (guint i = 0; i < 20; i++)
    v[i] = (double) (i * i * i);
  g_assert_true (tf_plot_fit_values (v, 20, TF_PLOT_SCALE_LINEAR, &min, &max));
  g_assert_cmpfloat (min, ==, 0);
  g_assert_cmpfloat (max, ==, 19 * 19 * 19);
  /* On a log axis, 1..10 and 1e6 is an outlier; 1..10 and 100 is not. */
  for (guint i = 0; i < 10; i++)
    v[i] = 1 + i;
  v[10] = 1e6;
  g_assert_true (tf_plot_fit_values (v, 11, TF_PLOT_SCALE_LOG, &min, &max));
  g_assert_cmpfloat_with_epsilon (max, 10, 1e-9);
  for (guint i = 0; i < 10; i++)
    v[i] = 1 + i;
  v[10] = 100;
  g_assert_true (tf_plot_fit_values (v, 11, TF_PLOT_SCALE_LOG, &min, &max));
  g_assert_cmpfloat_with_epsilon (max, 100, 1e-9);
  /* Nothing finite: nothing to fit. */
  v[0] = NAN;
  g_assert_false (tf_plot_fit_values (v, 1, TF_PLOT_SCALE_LINEAR, &min, &max));
  g_assert_false (tf_plot_fit_values (v, 0, TF_PLOT_SCALE_LINEAR, &min, &max));
}

static void
test_log_decades (void)
{
  static const double ticks[] = { 1, 10, 100, 1000 };
  static const char *const labels[] = { "1", "10", "100", "1000", NULL };
  TfPlotAxis axis;

  tf_plot_axis_init_fit (&axis, 1, 1000, 6, TF_PLOT_SCALE_LOG, "hops");
  assert_ticks (&axis, ticks, G_N_ELEMENTS (ticks));
  assert_labels (&axis, labels);
  g_assert_cmpfloat (axis.lo, <, 1);
  g_assert_cmpfloat (axis.hi, >, 1000);
  /* Log-spaced: each decade the same length. */
  g_assert_cmpfloat_with_epsilon (tf_plot_axis_fraction (&axis, 10)
                                  - tf_plot_axis_fraction (&axis, 1),
                                  tf_plot_axis_fraction (&axis, 1000)
                                  - tf_plot_axis_fraction (&axis, 100), 1e-12);
  /* Nothing at or below zero on a log axis. */
  g_assert_true (isnan (tf_plot_axis_fraction (&axis, 0)));
  g_assert_true (isnan (tf_plot_axis_fraction (&axis, -3)));
}

static void
test_log_125 (void)
{
  static const double ticks[] = { 1, 2, 5, 10, 20, 50 };
  static const double small[] = { 0.1, 0.2, 0.5, 1 };
  static const char *const small_labels[] = { "0.1", "0.2", "0.5", "1", NULL };
  TfPlotAxis axis;

  tf_plot_axis_init_view (&axis, 1, 50, 6, TF_PLOT_SCALE_LOG, "hops");
  assert_ticks (&axis, ticks, G_N_ELEMENTS (ticks));
  tf_plot_axis_init_view (&axis, 0.1, 1, 6, TF_PLOT_SCALE_LOG, "hops");
  assert_ticks (&axis, small, G_N_ELEMENTS (small));
  assert_labels (&axis, small_labels);
}

static void
test_log_narrow (void)
{
  static const double ticks[] = { 300, 400, 500, 600, 700 };
  TfPlotAxis axis;

  /* Only 500 of 1-2-5 lies in 300..700: linear nice ticks instead, still log-placed. */
  tf_plot_axis_init_view (&axis, 300, 700, 6, TF_PLOT_SCALE_LOG, "hops");
  assert_ticks (&axis, ticks, G_N_ELEMENTS (ticks));
  g_assert_cmpfloat (tf_plot_axis_fraction (&axis, 500), >, 0.5);   /* log10 500 past the middle */
}

static void
test_format_value (void)
{
  static const struct
  {
    double      value;
    const char *unit;
    const char *text;
  } rows[] = {
    { 850, "us", "850 µs" },
    { 1.2e6, "us", "1.2 s" },
    { 1234, "us", "1.23 ms" },
    { 0.5, "us", "500 ns" },
    { 6.45e6, "USD", "6.45 M USD" },
    { 950, "USD", "950 USD" },
    { 3.1, "hops", "3.1 hops" },
    { 4, "hops", "4 hops" },
    { 0.125, "of pairs", "12.5 %" },
    { 1500, "GB/s", "1.5 TB/s" },
    { 0, "USD", "0 USD" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      char buf[64];

      tf_plot_format_value (rows[i].value, rows[i].unit, buf, sizeof buf);
      g_assert_cmpstr (buf, ==, rows[i].text);
    }
}

static void
test_viridis (void)
{
  double rgb[3], clamped[3];

  tf_plot_viridis (0, rgb);
  g_assert_cmpfloat_with_epsilon (rgb[0], 68 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (rgb[1], 1 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (rgb[2], 84 / 255.0, 1e-9);
  tf_plot_viridis (1, rgb);
  g_assert_cmpfloat_with_epsilon (rgb[0], 253 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (rgb[1], 231 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (rgb[2], 37 / 255.0, 1e-9);
  /* Out of range clamps to the end. */
  tf_plot_viridis (7, clamped);
  g_assert_cmpmem (clamped, sizeof clamped, rgb, sizeof rgb);
  /* Halfway is neither end. */
  tf_plot_viridis (0.5, rgb);
  g_assert_cmpfloat (rgb[1], >, 0.4);
  g_assert_cmpfloat (rgb[1], <, 0.7);
}

static void
test_spread (void)
{
  double xy[2 * 9];

  /* Seven equal points, one far away and one not placed. */
  for (guint i = 0; i < 7; i++)
    xy[2 * i] = 100, xy[2 * i + 1] = 50;
  xy[14] = 300, xy[15] = 300;
  xy[16] = NAN, xy[17] = NAN;
  tf_plot_spread (xy, 9, 6, 6, 0);
  for (guint i = 0; i < 7; i++)
    {
      /* Around where they were. */
      g_assert_cmpfloat (hypot (xy[2 * i] - 100, xy[2 * i + 1] - 50), <, 12);
      for (guint j = 0; j < i; j++)
        g_assert_cmpfloat (hypot (xy[2 * i] - xy[2 * j], xy[2 * i + 1] - xy[2 * j + 1]), >=, 4);
    }
  g_assert_cmpfloat (xy[14], ==, 300);
  g_assert_cmpfloat (xy[15], ==, 300);
  g_assert_true (isnan (xy[16]));
  /* The first at the top (y down). */
  g_assert_cmpfloat (xy[1], <, 50);

  /* A dense line does not chain into one ring: each point stays near where it was. */
  {
    double line[2 * 40];

    for (guint i = 0; i < 40; i++)
      line[2 * i] = 100 + 3 * (i * 7 % 40), line[2 * i + 1] = 80;
    tf_plot_spread (line, 40, 6, 6, 0);
    for (guint i = 0; i < 40; i++)
      {
        g_assert_cmpfloat (fabs (line[2 * i] - (100 + 3 * (i * 7 % 40))), <, 6 + 6);
        for (guint j = 0; j < i; j++)
          g_assert_cmpfloat (hypot (line[2 * i] - line[2 * j], line[2 * i + 1] - line[2 * j + 1]),
                             >, 0.5);
      }
  }

  /* A hundred equal points (a 1,024-chip front has such clusters) fill a disc, not a ring a
   * hundred points round: within 0.6 near * sqrt (100) / 1.7 of where they were, each apart;
   * with a limit of eight per group they stay where they are. */
  {
    double many[2 * 100];
    double min_apart = G_MAXDOUBLE, farthest = 0;

    for (guint i = 0; i < 100; i++)
      many[2 * i] = 400, many[2 * i + 1] = 300;
    tf_plot_spread (many, 100, 6, 6, 0);
    for (guint i = 0; i < 100; i++)
      {
        farthest = MAX (farthest, hypot (many[2 * i] - 400, many[2 * i + 1] - 300));
        for (guint j = 0; j < i; j++)
          min_apart = MIN (min_apart, hypot (many[2 * i] - many[2 * j],
                                             many[2 * i + 1] - many[2 * j + 1]));
      }
    g_assert_cmpfloat (farthest, <=, 0.6 * 6 * sqrt (100) / 1.7 + 0.01);
    g_assert_cmpfloat (min_apart, >=, 3);
    for (guint i = 0; i < 100; i++)
      many[2 * i] = 400, many[2 * i + 1] = 300;
    tf_plot_spread (many, 100, 6, 6, 8);
    for (guint i = 0; i < 100; i++)
      g_assert_true (many[2 * i] == 400 && many[2 * i + 1] == 300);
  }

  /* Points farther apart than @near stay where they are. */
  xy[0] = 0, xy[1] = 0, xy[2] = 7, xy[3] = 0;
  tf_plot_spread (xy, 2, 6, 6, 0);
  g_assert_cmpfloat (xy[0], ==, 0);
  g_assert_cmpfloat (xy[2], ==, 7);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/plot-axis/linear/unit-range", test_linear_unit_range);
  g_test_add_func ("/engine/plot-axis/linear/narrow", test_linear_narrow);
  g_test_add_func ("/engine/plot-axis/linear/money", test_linear_money);
  g_test_add_func ("/engine/plot-axis/linear/time", test_linear_time);
  g_test_add_func ("/engine/plot-axis/linear/other-units", test_linear_other_units);
  g_test_add_func ("/engine/plot-axis/linear/degenerate", test_linear_degenerate);
  g_test_add_func ("/engine/plot-axis/linear/range", test_linear_range);
  g_test_add_func ("/engine/plot-axis/fit-values", test_fit_values);
  g_test_add_func ("/engine/plot-axis/log/decades", test_log_decades);
  g_test_add_func ("/engine/plot-axis/log/1-2-5", test_log_125);
  g_test_add_func ("/engine/plot-axis/log/narrow", test_log_narrow);
  g_test_add_func ("/engine/plot-axis/format-value", test_format_value);
  g_test_add_func ("/engine/plot-axis/viridis", test_viridis);
  g_test_add_func ("/engine/plot-axis/spread", test_spread);
  return g_test_run ();
}
