/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plot-axis.h: the axes of a plot, without drawing: "nice" bounds and ticks (1, 2 or 5 times a
 * power of ten, Heckbert's Graphics Gems recipe) on a linear or log scale, tick labels in one
 * unit prefix per axis ("Iteration time (ms)" over ticks "0.5", "1", "1.5"), viridis, and the
 * spreading of points that would be drawn on top of one another. The CLI's pareto.svg and the
 * app's Pareto plot share them, so both show the same axes.
 *
 * Units are the engine's (tf_objective_unit): "us" is shown in ns, µs, ms or s; "USD" with k, M
 * or G; "GB/s" as GB/s, TB/s or PB/s; "hops" as it is; "of pairs" (a fraction) as a percentage;
 * any other unit with an SI prefix before it.
 */
#pragma once

#ifdef TF_BELOW_PLOT
#error "plot-axis.h is the plot's door: the layers below it may not use it (engine/DESIGN.md)"
#endif

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  TF_PLOT_SCALE_LINEAR = 0,
  TF_PLOT_SCALE_LOG,
} TfPlotScale;

#define TF_PLOT_AXIS_MAX_TICKS 16u

typedef struct
{
  TfPlotScale scale;
  double      lo, hi;                          /* the bounds, in the data's unit; lo < hi */
  guint       n_ticks;
  double      ticks[TF_PLOT_AXIS_MAX_TICKS];   /* ascending, within lo..hi */
  double      step;                            /* between linear ticks; 0 for decades */
  double      divisor;                         /* labels show a value divided by this */
  char        unit[24];                        /* of the labels: "ms", "M USD", "%", "" */
} TfPlotAxis;

/* Bounds that hold @min..@max with a little room on nice values, about @n_ticks ticks (>= 2).
 * An empty range (@min > @max, or not finite) gives 0..1 (1..10 on a log scale); on a log
 * scale values must be positive. @unit is the engine's (NULL: none). */
void     tf_plot_axis_init_fit (TfPlotAxis *axis, double min, double max, guint n_ticks,
                                TfPlotScale scale, const char *unit);
/* The range a view of @values (@n of them; NaN, infinite and, on a log axis, non-positive
 * values ignored) fits: all of them but outliers, a few points (at most one in twenty, one of
 * eight or more) far
 * beyond the rest that would squeeze the rest into a third of the axis or less (a baseline
 * design at 102 s beside a front of 36 to 56 ms). Compared on @scale (a log axis compares
 * ratios). Reorders and overwrites @values; FALSE when none counts. */
gboolean tf_plot_fit_values (double *values, guint n, TfPlotScale scale, double *min,
                             double *max);
/* Exactly the data's @min..@max, linear, with nice ticks inside (a colour scale: no colour
 * for values no point has, none below zero for data that starts there) and ticks at @min and
 * @max (in place of a nice one less than half a step away); an empty range as
 * tf_plot_axis_init_fit's. */
void     tf_plot_axis_init_range (TfPlotAxis *axis, double min, double max, guint n_ticks,
                                  const char *unit);
/* Exactly @lo..@hi (a zoomed view), with nice ticks inside. */
void     tf_plot_axis_init_view (TfPlotAxis *axis, double lo, double hi, guint n_ticks,
                                 TfPlotScale scale, const char *unit);
/* Where @value lies along the axis, 0 at lo and 1 at hi (log-spaced on a log scale); NAN when
 * it cannot be shown (not finite, or not positive on a log scale). */
double   tf_plot_axis_fraction (const TfPlotAxis *axis, double value);
/* The tick label of @value: "0.5", "12", "0" (never "-0"), in the axis's unit. */
void     tf_plot_axis_format_tick (const TfPlotAxis *axis, double value, char *buf, gsize size);
/* "@label (unit)", or @label when the axis has no unit. Free with g_free (). */
char    *tf_plot_axis_dup_title (const TfPlotAxis *axis, const char *label);

/* One value with its own prefix and three significant digits: "1.23 ms", "6.45 M USD",
 * "3.1 hops", "12.5 %". */
void     tf_plot_format_value (double value, const char *unit, char *buf, gsize size);

/* Viridis at @fraction (clamped to 0..1), components 0..1: readable in grey and to colour-blind
 * readers. */
void     tf_plot_viridis (double fraction, double rgb[3]);

/* Spreads @n points (x, y pairs in pixels; pairs with a NAN are left alone) so none hides
 * another: taken in index order, each point not yet moved gathers every other such point
 * within @near pixels of it, and a group of two to eight is set on a ring around its centre,
 * @radius pixels or wider so neighbours on the ring stay @near pixels apart, the first at the
 * top, the others clockwise by index; a larger group fills a disc (a sunflower spiral, in index
 * order from the centre) with neighbours 0.6 @near apart, or, when larger than @max_group (0: no
 * limit), stays where it is: a picture that cannot zoom shows such a crowd as it is rather than
 * move points far from their values. Deterministic; groups do not chain along a dense front. */
void     tf_plot_spread (double *xy, guint n, double near, double radius, guint max_group);

G_END_DECLS
