/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plot-axis.c: a plot's axes, without drawing (plot-axis.h).
 *
 * Ticks fall on 1, 2 or 5 times a power of ten, which people read at a glance (Heckbert,
 * "Nice numbers for graph labels", Graphics Gems). A log axis puts them at 1, 2 and 5 of each
 * decade, at every decade (or every few) when the range is wide, and falls back to linear nice
 * ticks when a narrow range holds fewer than two of those. One axis uses one unit prefix,
 * chosen from the larger end of its range, so its labels compare digit for digit.
 */
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot-axis.h"

/* 1, 2 or 5 (or 10) times a power of ten, the nearest to @x. */
static double
nice_number (double x)
{
  double e = floor (log10 (x));
  double f = x / pow (10, e);

  return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * pow (10, e);
}

/* The largest of 1, 2, 5 times a power of ten not above @x (> 0), or the smallest not below. */
static double
nice_125 (double   x,
          gboolean up)
{
  double e = floor (log10 (x));
  double p = pow (10, e);
  double f = x / p;

  if (up)
    return (f <= 1 + 1e-9 ? 1 : f <= 2 + 1e-9 ? 2 : f <= 5 + 1e-9 ? 5 : 10) * p;
  return (f >= 5 - 1e-9 ? 5 : f >= 2 - 1e-9 ? 2 : f >= 1 - 1e-9 ? 1 : 0.5) * p;
}

typedef struct
{
  double      min;        /* the prefix applies from this magnitude */
  double      divisor;
  const char *unit;
} Prefix;

/* Largest first; the last row applies to anything smaller. */
/* (xgettext: the unit "hops", translated where it is shown.) */
static const char *const hops_word G_GNUC_UNUSED = NC_("unit", "hops");
static const Prefix time_prefixes[] = {
  { 1e6, 1e6, "s" }, { 1e3, 1e3, "ms" }, { 1, 1, "µs" }, { 0, 1e-3, "ns" },
};
/* Money and hops are words, in the reader's language ("k USD" is "千美元" in zh_CN); the
 * others are SI symbols, the same everywhere. */
static const Prefix money_prefixes[] = {
  { 1e9, 1e9, NC_("unit", "G USD") }, { 1e6, 1e6, NC_("unit", "M USD") },
  { 1e3, 1e3, NC_("unit", "k USD") }, { 0, 1, NC_("unit", "USD") },
};
static const Prefix bandwidth_prefixes[] = {
  { 1e6, 1e6, "PB/s" }, { 1e3, 1e3, "TB/s" }, { 0, 1, "GB/s" },
};
static const Prefix si_prefixes[] = {
  { 1e12, 1e12, "T" }, { 1e9, 1e9, "G" }, { 1e6, 1e6, "M" }, { 1e3, 1e3, "k" }, { 1, 1, "" },
  { 1e-3, 1e-3, "m" }, { 0, 1e-6, "µ" },
};

/* The divisor and the shown unit of values of magnitude @mag in the engine's @unit. */
static void
choose_unit (const char *unit,
             double      mag,
             double     *divisor,
             char       *shown,
             gsize       size)
{
  const Prefix *table = si_prefixes;
  guint n = G_N_ELEMENTS (si_prefixes);

  if (unit == NULL)
    unit = "";
  if (strcmp (unit, "hops") == 0)
    {
      *divisor = 1;
      g_strlcpy (shown, g_dpgettext2 (GETTEXT_PACKAGE, "unit", "hops"), size);
      return;
    }
  if (strcmp (unit, "of pairs") == 0)
    {
      *divisor = 0.01;
      g_strlcpy (shown, "%", size);
      return;
    }
  if (strcmp (unit, "us") == 0)
    table = time_prefixes, n = G_N_ELEMENTS (time_prefixes);
  else if (strcmp (unit, "USD") == 0)
    table = money_prefixes, n = G_N_ELEMENTS (money_prefixes);
  else if (strcmp (unit, "GB/s") == 0)
    table = bandwidth_prefixes, n = G_N_ELEMENTS (bandwidth_prefixes);

  /* Zero has no magnitude: the unprefixed row. */
  if (!(mag > 0) || !isfinite (mag))
    mag = 1;
  for (guint i = 0; i < n; i++)
    if (mag >= table[i].min * (1 - 1e-9) || i == n - 1)
      {
        *divisor = table[i].divisor;
        if (table == si_prefixes)
          g_snprintf (shown, size, "%s%s%s", table[i].unit,
                      table[i].unit[0] && unit[0] ? " " : "", unit);
        else if (table == money_prefixes)
          g_strlcpy (shown, g_dpgettext2 (GETTEXT_PACKAGE, "unit", table[i].unit), size);
        else
          g_strlcpy (shown, table[i].unit, size);
        return;
      }
}

static double
to_axis (TfPlotScale scale,
         double      v)
{
  return scale == TF_PLOT_SCALE_LOG ? log10 (v) : v;
}

static double
from_axis (TfPlotScale scale,
           double      t)
{
  return scale == TF_PLOT_SCALE_LOG ? pow (10, t) : t;
}

/* Nice linear ticks over lo..hi. */
static void
linear_ticks (TfPlotAxis *axis,
              guint       n_ticks)
{
  double step = nice_number ((axis->hi - axis->lo) / (n_ticks - 1));

  for (;;)
    {
      double first = ceil (axis->lo / step - 1e-9);
      double last = floor (axis->hi / step + 1e-9);

      if (last - first + 1 <= TF_PLOT_AXIS_MAX_TICKS)
        {
          axis->n_ticks = 0;
          for (double i = first; i <= last; i++)
            /* i * step, not a running sum, so zero is exactly zero. */
            axis->ticks[axis->n_ticks++] = i * step;
          axis->step = step;
          return;
        }
      step = nice_number (step * 1.5);
    }
}

/* 1-2-5 ticks of each decade, or every few decades when the range is wide. */
static void
log_ticks (TfPlotAxis *axis,
           guint       n_ticks)
{
  double llo = log10 (axis->lo), lhi = log10 (axis->hi);
  double decades = lhi - llo;

  axis->n_ticks = 0;
  axis->step = 0;
  if (decades > 2.5)
    {
      double every = MAX (1, ceil (decades / (n_ticks - 1)));

      for (double e = ceil (llo / every - 1e-9) * every; e <= lhi + 1e-9; e += every)
        if (axis->n_ticks < TF_PLOT_AXIS_MAX_TICKS)
          axis->ticks[axis->n_ticks++] = pow (10, e);
      return;
    }
  for (double e = floor (llo); e <= ceil (lhi); e++)
    {
      static const double mantissa[] = { 1, 2, 5 };

      for (guint i = 0; i < G_N_ELEMENTS (mantissa); i++)
        {
          double v = mantissa[i] * pow (10, e);

          if (v >= axis->lo * (1 - 1e-9) && v <= axis->hi * (1 + 1e-9)
              && axis->n_ticks < TF_PLOT_AXIS_MAX_TICKS)
            axis->ticks[axis->n_ticks++] = v;
        }
    }
  if (axis->n_ticks < 2)
    linear_ticks (axis, n_ticks);
}

void
tf_plot_axis_init_view (TfPlotAxis  *axis,
                        double       lo,
                        double       hi,
                        guint        n_ticks,
                        TfPlotScale  scale,
                        const char  *unit)
{
  g_return_if_fail (axis != NULL);

  memset (axis, 0, sizeof *axis);
  axis->scale = scale;
  n_ticks = CLAMP (n_ticks, 2u, TF_PLOT_AXIS_MAX_TICKS);
  if (scale == TF_PLOT_SCALE_LOG && !(lo > 0))
    lo = hi > 0 ? hi / 10 : 1;
  if (!(lo < hi) || !isfinite (lo) || !isfinite (hi))
    {
      /* A degenerate view still maps and labels. */
      if (isfinite (lo) && (scale == TF_PLOT_SCALE_LINEAR || lo > 0))
        hi = scale == TF_PLOT_SCALE_LOG ? lo * 10 : lo + 1;
      else
        lo = 1, hi = 10;
    }
  axis->lo = lo;
  axis->hi = hi;
  if (scale == TF_PLOT_SCALE_LOG)
    log_ticks (axis, n_ticks);
  else
    linear_ticks (axis, n_ticks);
  choose_unit (unit, MAX (fabs (lo), fabs (hi)), &axis->divisor, axis->unit, sizeof axis->unit);
}

void
tf_plot_axis_init_fit (TfPlotAxis  *axis,
                       double       min,
                       double       max,
                       guint        n_ticks,
                       TfPlotScale  scale,
                       const char  *unit)
{
  double lo, hi;

  g_return_if_fail (axis != NULL);

  n_ticks = CLAMP (n_ticks, 2u, TF_PLOT_AXIS_MAX_TICKS);
  if (!(min <= max) || !isfinite (min) || !isfinite (max)
      || (scale == TF_PLOT_SCALE_LOG && !(min > 0)))
    {
      /* Nothing to show: a plain unit range. */
      if (scale == TF_PLOT_SCALE_LOG)
        tf_plot_axis_init_view (axis, 1, 10, n_ticks, scale, unit);
      else
        tf_plot_axis_init_view (axis, 0, 1, n_ticks, scale, unit);
      return;
    }

  if (scale == TF_PLOT_SCALE_LOG)
    {
      double llo = log10 (min), lhi = log10 (max);
      /* Room so points do not sit on the frame; a single value gets a decade around it. */
      double pad = lhi - llo <= 1e-9 ? 0.5 : (lhi - llo) * 0.04;

      lo = nice_125 (pow (10, llo - pad), FALSE);
      hi = nice_125 (pow (10, lhi + pad), TRUE);
    }
  else
    {
      double step;

      if (max - min <= 1e-12 * MAX (fabs (min), fabs (max)))
        {
          double pad = fabs (min) > 0 ? fabs (min) * 0.1 : 1;

          min -= pad;
          max += pad;
        }
      else
        {
          double pad = (max - min) * 0.04;

          min -= pad;
          max += pad;
        }
      /* Bounds on a multiple of half a tick step (itself made nice): whole steps would give
       * data that ends on a tick a step of empty margin, a quarter of a small plot. */
      step = nice_number (nice_number ((max - min) / (n_ticks - 1)) / 2);
      lo = floor (min / step) * step;
      hi = ceil (max / step) * step;
    }
  tf_plot_axis_init_view (axis, lo, hi, n_ticks, scale, unit);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

gboolean
tf_plot_fit_values (double      *values,
                    guint        n,
                    TfPlotScale  scale,
                    double      *min,
                    double      *max)
{
  guint kept = 0, lo = 0, hi, most;

  g_return_val_if_fail (min != NULL && max != NULL && (values != NULL || n == 0), FALSE);

  /* In axis space: on a log axis, points compare by their ratios. */
  for (guint i = 0; i < n; i++)
    if (isfinite (values[i]) && (scale == TF_PLOT_SCALE_LINEAR || values[i] > 0))
      values[kept++] = to_axis (scale, values[i]);
  if (kept == 0)
    return FALSE;
  qsort (values, kept, sizeof *values, compare_doubles);
  hi = kept - 1;
  most = kept >= 8 ? MAX (1, kept / 20) : 0;
  /* The farthest point at either end goes while it lies more than twice the span of the rest
   * beyond it: at most one point in twenty (one of eight or more). */
  for (guint dropped = 0; dropped < most && hi > lo + 1; dropped++)
    {
      double top = values[hi] - values[hi - 1], bottom = values[lo + 1] - values[lo];

      if (top >= bottom && top > 2 * (values[hi - 1] - values[lo]))
        hi--;
      else if (bottom > top && bottom > 2 * (values[hi] - values[lo + 1]))
        lo++;
      else
        break;
    }
  *min = from_axis (scale, values[lo]);
  *max = from_axis (scale, values[hi]);
  return TRUE;
}

void
tf_plot_axis_init_range (TfPlotAxis *axis,
                         double      min,
                         double      max,
                         guint       n_ticks,
                         const char *unit)
{
  if (!(min <= max) || !isfinite (min) || !isfinite (max))
    {
      tf_plot_axis_init_fit (axis, min, max, n_ticks, TF_PLOT_SCALE_LINEAR, unit);
      return;
    }
  tf_plot_axis_init_view (axis, min, max, n_ticks, TF_PLOT_SCALE_LINEAR, unit);
  /* The scale's ends are the data's least and greatest, and say so: each takes the place of
   * a nice tick less than half a step from it (whose label would crowd it), or gets a tick
   * of its own. */
  if (axis->n_ticks > 0 && axis->step > 0)
    {
      if (axis->ticks[0] - axis->lo < axis->step / 2)
        axis->ticks[0] = axis->lo;
      else if (axis->n_ticks < TF_PLOT_AXIS_MAX_TICKS)
        {
          memmove (axis->ticks + 1, axis->ticks, axis->n_ticks * sizeof axis->ticks[0]);
          axis->ticks[0] = axis->lo;
          axis->n_ticks++;
        }
      if (axis->n_ticks >= 2 && axis->hi - axis->ticks[axis->n_ticks - 1] < axis->step / 2)
        axis->ticks[axis->n_ticks - 1] = axis->hi;
      else if (axis->n_ticks < TF_PLOT_AXIS_MAX_TICKS)
        axis->ticks[axis->n_ticks++] = axis->hi;
    }
}

double
tf_plot_axis_fraction (const TfPlotAxis *axis,
                       double            value)
{
  g_return_val_if_fail (axis != NULL, NAN);

  if (!isfinite (value) || (axis->scale == TF_PLOT_SCALE_LOG && !(value > 0)))
    return NAN;
  return (to_axis (axis->scale, value) - to_axis (axis->scale, axis->lo))
         / (to_axis (axis->scale, axis->hi) - to_axis (axis->scale, axis->lo));
}

/* @v to @decimals, trailing zeros dropped ("1", not "1.0", beside "1.5"); "-0" is "0". */
static void
format_number (double  v,
               int     decimals,
               char   *buf,
               gsize   size)
{
  gsize n;

  decimals = CLAMP (decimals, 0, 9);
  if (fabs (v) < 0.5 * pow (10, -decimals))
    {
      g_strlcpy (buf, "0", size);
      return;
    }
  g_snprintf (buf, size, "%.*f", decimals, v);
  n = strlen (buf);
  if (strchr (buf, '.') != NULL)
    {
      while (n > 0 && buf[n - 1] == '0')
        buf[--n] = '\0';
      if (n > 0 && buf[n - 1] == '.')
        buf[--n] = '\0';
    }
}

void
tf_plot_axis_format_tick (const TfPlotAxis *axis,
                          double            value,
                          char             *buf,
                          gsize             size)
{
  double shown, step;
  int decimals;

  g_return_if_fail (axis != NULL && buf != NULL);

  shown = value / axis->divisor;
  /* Linear ticks differ by the step; a log tick needs its own first digit. */
  step = axis->step > 0 ? axis->step / axis->divisor : fabs (shown);
  decimals = step >= 1 || step <= 0 ? 0 : (int) ceil (-log10 (step) - 1e-9);
  format_number (shown, decimals, buf, size);
}

char *
tf_plot_axis_dup_title (const TfPlotAxis *axis,
                        const char       *label)
{
  g_return_val_if_fail (axis != NULL && label != NULL, NULL);

  if (axis->unit[0] == '\0')
    return g_strdup (label);
  return g_strdup_printf ("%s (%s)", label, axis->unit);
}

void
tf_plot_format_value (double      value,
                      const char *unit,
                      char       *buf,
                      gsize       size)
{
  char shown_unit[24], number[48];
  double divisor, shown;
  int decimals;

  g_return_if_fail (buf != NULL);

  if (!isfinite (value))
    {
      g_strlcpy (buf, "—", size);
      return;
    }
  choose_unit (unit, fabs (value), &divisor, shown_unit, sizeof shown_unit);
  shown = value / divisor;
  /* Three significant digits. */
  decimals = shown == 0 ? 0 : 2 - (int) floor (log10 (fabs (shown)));
  format_number (shown, decimals, number, sizeof number);
  if (shown_unit[0])
    g_snprintf (buf, size, "%s %s", number, shown_unit);
  else
    g_strlcpy (buf, number, size);
}

/* Viridis at eleven stops. */
static const guint8 viridis[11][3] = {
  { 68, 1, 84 }, { 72, 36, 117 }, { 65, 68, 135 }, { 53, 95, 141 }, { 42, 120, 142 },
  { 33, 145, 140 }, { 34, 168, 132 }, { 68, 191, 112 }, { 122, 209, 81 }, { 189, 223, 38 },
  { 253, 231, 37 },
};

void
tf_plot_viridis (double fraction,
                 double rgb[3])
{
  double s;
  guint i;

  g_return_if_fail (rgb != NULL);

  fraction = isnan (fraction) ? 0 : CLAMP (fraction, 0, 1);
  s = fraction * 10;
  i = MIN ((guint) s, 9u);
  s -= i;
  for (guint c = 0; c < 3; c++)
    rgb[c] = ((1 - s) * viridis[i][c] + s * viridis[i + 1][c]) / 255.0;
}

static gint
compare_x (gconstpointer a,
           gconstpointer b,
           gpointer      data)
{
  const double *xy = data;
  double xa = xy[2 * *(const guint *) a], xb = xy[2 * *(const guint *) b];

  return (xa > xb) - (xa < xb);
}

static gint
compare_index (gconstpointer a,
               gconstpointer b)
{
  guint ia = *(const guint *) a, ib = *(const guint *) b;

  return (ia > ib) - (ia < ib);
}

/* Groups up to this size go on a ring; larger ones fill a disc, their neighbours this fraction
 * of @near apart. */
#define SPREAD_RING_MAX   8u
#define SPREAD_DISC_PITCH 0.6

void
tf_plot_spread (double *xy,
                guint   n,
                double  near,
                double  radius,
                guint   max_group)
{
  g_autofree gboolean *grouped = g_new0 (gboolean, MAX (n, 1));
  g_autofree guint *members = g_new (guint, MAX (n, 1));
  g_autofree guint *by_x = g_new (guint, MAX (n, 1));
  g_autofree double *xs = NULL;
  guint n_placed = 0;

  g_return_if_fail (xy != NULL || n == 0);

  /* The placed points by x, so each point's neighbours are a window of that order, not all the
   * others: a plot updates on every step of a zoom. */
  for (guint i = 0; i < n; i++)
    if (!isnan (xy[2 * i]) && !isnan (xy[2 * i + 1]))
      by_x[n_placed++] = i;
  g_qsort_with_data (by_x, (gint) n_placed, sizeof (guint), compare_x, xy);
  xs = g_new (double, MAX (n_placed, 1));
  for (guint p = 0; p < n_placed; p++)
    xs[p] = xy[2 * by_x[p]];

  for (guint i = 0; i < n; i++)
    {
      double x = xy[2 * i], y = xy[2 * i + 1], cx = 0, cy = 0, r;
      guint k = 0, lo = 0, hi = n_placed;

      if (grouped[i] || isnan (x) || isnan (y))
        continue;
      /* The first placed point with x > x - near. */
      while (lo < hi)
        {
          guint mid = lo + (hi - lo) / 2;

          if (xs[mid] <= x - near)
            lo = mid + 1;
          else
            hi = mid;
        }
      /* Positions of points not yet grouped are still their own: only groups move. */
      for (guint p = lo; p < n_placed && xs[p] < x + near; p++)
        {
          guint j = by_x[p];

          if (j >= i && !grouped[j] && hypot (xy[2 * j] - x, xy[2 * j + 1] - y) < near)
            members[k++] = j;
        }
      if (k < 2)
        continue;
      if (max_group > 0 && k > max_group)
        {
          /* A crowd stays where it is, all of it. */
          for (guint m = 0; m < k; m++)
            grouped[members[m]] = TRUE;
          continue;
        }
      /* Round the ring in index order, whatever the order of x. */
      qsort (members, k, sizeof (guint), compare_index);
      for (guint m = 0; m < k; m++)
        {
          grouped[members[m]] = TRUE;
          cx += xy[2 * members[m]];
          cy += xy[2 * members[m] + 1];
        }
      cx /= k;
      cy /= k;
      if (k <= SPREAD_RING_MAX)
        {
          /* Neighbours on the ring are 2 r sin (pi / k) apart. */
          r = MAX (radius, near / (2 * sin (G_PI / k)));
          for (guint m = 0; m < k; m++)
            {
              double angle = -G_PI / 2 + 2 * G_PI * m / k;

              xy[2 * members[m]] = cx + r * cos (angle);
              xy[2 * members[m] + 1] = cy + r * sin (angle);
            }
          continue;
        }
      /* A large group as a sunflower (Vogel's spiral): point m at sqrt (m + 1/2) out, turned by
       * the golden angle, so k points fill a disc SPREAD_DISC_PITCH * near * sqrt (k) / 1.7
       * across, neighbours that far apart: tighter than a ring, so the points stay near their
       * true place while each centre can still be picked. */
      for (guint m = 0; m < k; m++)
        {
          double rm = SPREAD_DISC_PITCH * near / 1.7 * sqrt (m + 0.5);
          double angle = -G_PI / 2 + m * G_PI * (3 - sqrt (5));

          xy[2 * members[m]] = cx + rm * cos (angle);
          xy[2 * members[m] + 1] = cy + rm * sin (angle);
        }
    }
}
