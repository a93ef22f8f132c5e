/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-model.c: what the Pareto plot shows and where, without a display
 * (tf-pareto-model.h).
 *
 * The view is kept in axis space, the value on a linear axis and its log10 on a log one, so
 * zooming and panning are the same affine steps on either scale. Every change of the area, the
 * view, the axes or the points recomputes the pixel positions of every point at once, front and
 * baseline spread together (tf_plot_spread), so drawing, hit testing and the rubber band all
 * read one set of positions and agree with what the user sees.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "plot-axis.h"
#include "tf-pareto-model.h"

/* Front and baseline points nearer than this (pixels) are spread on a ring this wide. */
#define SPREAD_NEAR   6.0
#define SPREAD_RADIUS 6.0
/* A view is never narrower than this fraction of the fitted one (double precision stays
 * meaningful, ticks stay distinct). */
#define MIN_SPAN_FRACTION 1e-6
/* Nor wider than this many times (zooming out never overflows). */
#define MAX_SPAN_FACTOR 1e6

struct _TfParetoModel
{
  guint        n_objectives;
  TfObjective  objectives[TF_N_OBJECTIVES];

  GArray      *values[TF_N_PARETO_SETS];     /* double, n_objectives per point */
  GPtrArray   *origins[TF_N_PARETO_SETS];    /* char * or NULL, one per point */
  GArray      *positions[TF_N_PARETO_SETS];  /* double x, y per point; NAN: not placed */

  int          axis[TF_N_PARETO_AXES];
  gboolean     log[2];

  double       area[4];         /* x, y, width, height */
  double       view_lo[2];      /* axis space: the value, or its log10 */
  double       view_hi[2];
  double       fit_span[2];     /* of the view reset_view gives */
  gboolean     zoomed;
  TfPlotAxis   plot_axis[TF_N_PARETO_AXES];

  GArray      *selected;        /* gboolean per front point */
  int          focus;
  guint        revision;        /* counts the updates of the positions */
};

static gboolean
is_log (const TfParetoModel *model,
        guint                a)
{
  return a < 2 && model->log[a];
}

static const char *
axis_unit (const TfParetoModel *model,
           guint                a)
{
  return model->axis[a] >= 0 ? tf_objective_unit (model->objectives[model->axis[a]]) : NULL;
}

/* A point's value on axis @a, NAN when the axis has no objective. */
static double
point_value (const TfParetoModel *model,
             TfParetoSet          set,
             guint                index,
             guint                a)
{
  if (model->axis[a] < 0 || model->n_objectives == 0)
    return NAN;
  return g_array_index (model->values[set], double,
                        (gsize) index * model->n_objectives + (guint) model->axis[a]);
}

/* Axis space: NAN for what the axis cannot show. */
static double
to_space (const TfParetoModel *model,
          guint                a,
          double               v)
{
  if (!isfinite (v))
    return NAN;
  if (is_log (model, a))
    return v > 0 ? log10 (v) : NAN;
  return v;
}

static double
from_space (const TfParetoModel *model,
            guint                a,
            double               t)
{
  return is_log (model, a) ? pow (10, t) : t;
}

static guint
n_points (const TfParetoModel *model,
          TfParetoSet          set)
{
  return model->n_objectives > 0 ? model->values[set]->len / model->n_objectives : 0;
}

static guint
tick_count (const TfParetoModel *model,
            guint                a)
{
  /* About one tick per 100 pixels across and 60 up. */
  double length = a == TF_PARETO_AXIS_X ? model->area[2] / 100 : model->area[3] / 60;

  if (a == TF_PARETO_AXIS_COLOUR)
    return 6;
  return (guint) CLAMP (length, 3, 10);
}

static double
pixel_x (const TfParetoModel *model,
         double               t)
{
  return model->area[0]
         + (t - model->view_lo[0]) / (model->view_hi[0] - model->view_lo[0]) * model->area[2];
}

static double
pixel_y (const TfParetoModel *model,
         double               t)
{
  return model->area[1] + model->area[3]
         - (t - model->view_lo[1]) / (model->view_hi[1] - model->view_lo[1]) * model->area[3];
}

/* The view's axes and every point's position, after any change. */
static void
update (TfParetoModel *model)
{
  guint n_front = n_points (model, TF_PARETO_FRONT);
  guint n_baseline = n_points (model, TF_PARETO_BASELINE);
  g_autofree double *xy = NULL;

  model->revision++;
  for (guint a = 0; a < 2; a++)
    tf_plot_axis_init_view (&model->plot_axis[a], from_space (model, a, model->view_lo[a]),
                            from_space (model, a, model->view_hi[a]), tick_count (model, a),
                            is_log (model, a) ? TF_PLOT_SCALE_LOG : TF_PLOT_SCALE_LINEAR,
                            axis_unit (model, a));

  /* The colour's range: the fronts shown (the evaluated points until there are any). */
  {
    gboolean fronts = n_front + n_baseline > 0;
    double min = G_MAXDOUBLE, max = -G_MAXDOUBLE;

    for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
      for (guint i = 0; model->axis[TF_PARETO_AXIS_COLOUR] >= 0 && i < n_points (model, set)
                        && (set == TF_PARETO_EVALUATED) != fronts; i++)
        {
          double v = point_value (model, set, i, TF_PARETO_AXIS_COLOUR);

          if (isfinite (v))
            {
              min = MIN (min, v);
              max = MAX (max, v);
            }
        }
    tf_plot_axis_init_fit (&model->plot_axis[TF_PARETO_AXIS_COLOUR], min, max,
                           tick_count (model, TF_PARETO_AXIS_COLOUR), TF_PLOT_SCALE_LINEAR,
                           axis_unit (model, TF_PARETO_AXIS_COLOUR));
  }

  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      guint n = n_points (model, set);

      g_array_set_size (model->positions[set], 2 * n);
      for (guint i = 0; i < n; i++)
        {
          double tx = to_space (model, 0, point_value (model, set, i, 0));
          double ty = to_space (model, 1, point_value (model, set, i, 1));
          double *p = &g_array_index (model->positions[set], double, 2 * i);

          p[0] = isnan (tx) || isnan (ty) ? NAN : pixel_x (model, tx);
          p[1] = isnan (tx) || isnan (ty) ? NAN : pixel_y (model, ty);
        }
    }

  /* Spread the front and the baseline together: a baseline point on a front point is as hidden
   * as two front points on each other. */
  if (n_front + n_baseline == 0)
    return;   /* (an empty GArray's data is NULL: nothing to copy) */
  xy = g_new (double, 2 * (n_front + n_baseline));
  if (n_front > 0)
    memcpy (xy, model->positions[TF_PARETO_FRONT]->data, sizeof (double) * 2 * n_front);
  if (n_baseline > 0)
    memcpy (xy + 2 * n_front, model->positions[TF_PARETO_BASELINE]->data,
            sizeof (double) * 2 * n_baseline);
  tf_plot_spread (xy, n_front + n_baseline, SPREAD_NEAR, SPREAD_RADIUS, 0);
  if (n_front > 0)
    memcpy (model->positions[TF_PARETO_FRONT]->data, xy, sizeof (double) * 2 * n_front);
  if (n_baseline > 0)
    memcpy (model->positions[TF_PARETO_BASELINE]->data, xy + 2 * n_front,
            sizeof (double) * 2 * n_baseline);
}

/* The range of axis @a over the sets the view fits, in axis space. */
static gboolean
fit_range (const TfParetoModel *model,
           guint                a,
           double              *min,
           double              *max)
{
  gboolean fronts = n_points (model, TF_PARETO_FRONT) + n_points (model, TF_PARETO_BASELINE) > 0;

  *min = G_MAXDOUBLE;
  *max = -G_MAXDOUBLE;
  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      if ((set == TF_PARETO_EVALUATED) == fronts)
        continue;
      for (guint i = 0; i < n_points (model, set); i++)
        {
          double v = point_value (model, set, i, a);

          if (isnan (to_space (model, a, v)))
            continue;
          *min = MIN (*min, v);
          *max = MAX (*max, v);
        }
    }
  return *min <= *max;
}

void
tf_pareto_model_reset_view (TfParetoModel *model)
{
  g_return_if_fail (model != NULL);

  for (guint a = 0; a < 2; a++)
    {
      TfPlotAxis axis;
      double min, max;

      if (!fit_range (model, a, &min, &max))
        min = G_MAXDOUBLE, max = -G_MAXDOUBLE;   /* an empty plot: the axis's default */
      tf_plot_axis_init_fit (&axis, min, max, tick_count (model, a),
                             is_log (model, a) ? TF_PLOT_SCALE_LOG : TF_PLOT_SCALE_LINEAR,
                             axis_unit (model, a));
      model->view_lo[a] = to_space (model, a, axis.lo);
      model->view_hi[a] = to_space (model, a, axis.hi);
      model->fit_span[a] = model->view_hi[a] - model->view_lo[a];
    }
  model->zoomed = FALSE;
  update (model);
}

TfParetoModel *
tf_pareto_model_new (void)
{
  TfParetoModel *model = g_new0 (TfParetoModel, 1);

  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      model->values[set] = g_array_new (FALSE, FALSE, sizeof (double));
      model->origins[set] = g_ptr_array_new_with_free_func (g_free);
      model->positions[set] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  model->selected = g_array_new (FALSE, TRUE, sizeof (gboolean));
  model->axis[0] = model->axis[1] = model->axis[2] = -1;
  model->focus = -1;
  model->area[2] = model->area[3] = 1;
  tf_pareto_model_reset_view (model);
  return model;
}

void
tf_pareto_model_free (TfParetoModel *model)
{
  if (model == NULL)
    return;
  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      g_array_unref (model->values[set]);
      g_ptr_array_unref (model->origins[set]);
      g_array_unref (model->positions[set]);
    }
  g_array_unref (model->selected);
  g_free (model);
}

void
tf_pareto_model_set_objectives (TfParetoModel     *model,
                                guint              n_objectives,
                                const TfObjective *objectives)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (n_objectives <= TF_N_OBJECTIVES);
  g_return_if_fail (objectives != NULL || n_objectives == 0);

  model->n_objectives = n_objectives;
  for (guint k = 0; k < n_objectives; k++)
    model->objectives[k] = objectives[k];
  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      g_array_set_size (model->values[set], 0);
      g_ptr_array_set_size (model->origins[set], 0);
    }
  g_array_set_size (model->selected, 0);
  model->focus = -1;
  model->axis[TF_PARETO_AXIS_X] = n_objectives > 0 ? 0 : -1;
  model->axis[TF_PARETO_AXIS_Y] = n_objectives > 1 ? 1 : n_objectives > 0 ? 0 : -1;
  model->axis[TF_PARETO_AXIS_COLOUR] = n_objectives > 2 ? 2 : -1;
  model->log[0] = model->log[1] = FALSE;
  tf_pareto_model_reset_view (model);
}

guint
tf_pareto_model_get_n_objectives (const TfParetoModel *model)
{
  g_return_val_if_fail (model != NULL, 0);
  return model->n_objectives;
}

TfObjective
tf_pareto_model_get_objective (const TfParetoModel *model,
                               guint                index)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail (index < model->n_objectives, 0);
  return model->objectives[index];
}

/* After the points change: the fitted view follows them unless the user zoomed. */
static void
points_changed (TfParetoModel *model)
{
  if (model->zoomed)
    update (model);
  else
    tf_pareto_model_reset_view (model);
}

void
tf_pareto_model_set_points (TfParetoModel      *model,
                            TfParetoSet         set,
                            const double       *rows,
                            guint               n_rows,
                            const char *const  *origins)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail ((guint) set < TF_N_PARETO_SETS);
  g_return_if_fail (model->n_objectives > 0 || n_rows == 0);
  g_return_if_fail (rows != NULL || n_rows == 0);

  g_array_set_size (model->values[set], 0);
  g_array_append_vals (model->values[set], rows, n_rows * model->n_objectives);
  g_ptr_array_set_size (model->origins[set], 0);
  for (guint i = 0; i < n_rows; i++)
    g_ptr_array_add (model->origins[set], g_strdup (origins != NULL ? origins[i] : NULL));
  if (set == TF_PARETO_FRONT)
    {
      /* Numbers still there keep their selection and the focus. */
      g_array_set_size (model->selected, n_rows);
      if (model->focus >= (int) n_rows)
        model->focus = -1;
    }
  points_changed (model);
}

void
tf_pareto_model_append_points (TfParetoModel *model,
                               TfParetoSet    set,
                               const double  *rows,
                               guint          n_rows)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail ((guint) set < TF_N_PARETO_SETS);
  g_return_if_fail (model->n_objectives > 0 || n_rows == 0);
  g_return_if_fail (rows != NULL || n_rows == 0);

  if (n_rows == 0)
    return;
  g_array_append_vals (model->values[set], rows, n_rows * model->n_objectives);
  for (guint i = 0; i < n_rows; i++)
    g_ptr_array_add (model->origins[set], NULL);
  if (set == TF_PARETO_FRONT)
    g_array_set_size (model->selected, n_points (model, set));
  points_changed (model);
}

guint
tf_pareto_model_get_n_points (const TfParetoModel *model,
                              TfParetoSet          set)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, 0);
  return n_points (model, set);
}

const double *
tf_pareto_model_get_values (const TfParetoModel *model,
                            TfParetoSet          set,
                            guint                index)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, NULL);
  g_return_val_if_fail (index < n_points (model, set), NULL);
  return &g_array_index (model->values[set], double, (gsize) index * model->n_objectives);
}

const char *
tf_pareto_model_get_origin (const TfParetoModel *model,
                            TfParetoSet          set,
                            guint                index)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, NULL);
  g_return_val_if_fail (index < n_points (model, set), NULL);
  return g_ptr_array_index (model->origins[set], index);
}

/* Whether every front and baseline value of @objective (every evaluated one when those are
 * empty) is positive, so a log axis can show it. */
static gboolean
can_log (const TfParetoModel *model,
         int                  objective)
{
  gboolean fronts = n_points (model, TF_PARETO_FRONT) + n_points (model, TF_PARETO_BASELINE) > 0;

  if (objective < 0)
    return FALSE;
  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      if ((set == TF_PARETO_EVALUATED) == fronts)
        continue;
      for (guint i = 0; i < n_points (model, set); i++)
        {
          double v = g_array_index (model->values[set], double,
                                    (gsize) i * model->n_objectives + (guint) objective);

          if (isfinite (v) && !(v > 0))
            return FALSE;
        }
    }
  return TRUE;
}

void
tf_pareto_model_set_axis (TfParetoModel *model,
                          TfParetoAxis   axis,
                          int            objective)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail ((guint) axis < TF_N_PARETO_AXES);
  g_return_if_fail (objective < (int) model->n_objectives);
  g_return_if_fail (objective >= 0 || axis == TF_PARETO_AXIS_COLOUR);

  model->axis[axis] = objective;
  /* A log axis stays log only while it can show the new objective. */
  if (axis < 2 && model->log[axis] && !can_log (model, objective))
    model->log[axis] = FALSE;
  tf_pareto_model_reset_view (model);
}

int
tf_pareto_model_get_axis (const TfParetoModel *model,
                          TfParetoAxis         axis)
{
  g_return_val_if_fail (model != NULL, -1);
  g_return_val_if_fail ((guint) axis < TF_N_PARETO_AXES, -1);
  return model->axis[axis];
}

gboolean
tf_pareto_model_set_log (TfParetoModel *model,
                         TfParetoAxis   axis,
                         gboolean       log)
{
  g_return_val_if_fail (model != NULL, FALSE);

  if (axis != TF_PARETO_AXIS_X && axis != TF_PARETO_AXIS_Y)
    return FALSE;
  if (log && !can_log (model, model->axis[axis]))
    return FALSE;
  model->log[axis] = log;
  tf_pareto_model_reset_view (model);
  return TRUE;
}

gboolean
tf_pareto_model_get_log (const TfParetoModel *model,
                         TfParetoAxis         axis)
{
  g_return_val_if_fail (model != NULL, FALSE);
  return (guint) axis < 2 && model->log[axis];
}

void
tf_pareto_model_set_area (TfParetoModel *model,
                          double         x,
                          double         y,
                          double         width,
                          double         height)
{
  g_return_if_fail (model != NULL);

  model->area[0] = x;
  model->area[1] = y;
  /* A zero-sized area still maps without dividing by zero. */
  model->area[2] = MAX (width, 1);
  model->area[3] = MAX (height, 1);
  update (model);
}

gboolean
tf_pareto_model_is_zoomed (const TfParetoModel *model)
{
  g_return_val_if_fail (model != NULL, FALSE);
  return model->zoomed;
}

/* Sets axis @a's view to @lo..@hi (axis space) within the zoom limits, keeping the point at
 * fraction @anchor of the span where it is when the span has to be limited. */
static void
set_view (TfParetoModel *model,
          guint          a,
          double         lo,
          double         hi,
          double         anchor)
{
  double span = hi - lo;
  double min_span = model->fit_span[a] * MIN_SPAN_FRACTION;
  double max_span = model->fit_span[a] * MAX_SPAN_FACTOR;

  if (!isfinite (lo) || !isfinite (hi) || !(span > 0))
    return;
  if (span < min_span || span > max_span)
    {
      double at = lo + anchor * span;

      span = CLAMP (span, min_span, max_span);
      lo = at - anchor * span;
      hi = lo + span;
    }
  model->view_lo[a] = lo;
  model->view_hi[a] = hi;
}

void
tf_pareto_model_zoom (TfParetoModel *model,
                      double         factor,
                      double         px,
                      double         py)
{
  double fraction[2];

  g_return_if_fail (model != NULL);

  if (!isfinite (factor) || !(factor > 0) || !isfinite (px) || !isfinite (py))
    return;
  /* Where the cursor is across the view: x from the left, y from the bottom. */
  fraction[0] = (px - model->area[0]) / model->area[2];
  fraction[1] = (model->area[1] + model->area[3] - py) / model->area[3];
  for (guint a = 0; a < 2; a++)
    {
      double span = model->view_hi[a] - model->view_lo[a];
      double at = model->view_lo[a] + fraction[a] * span;
      double new_span = span / factor;

      set_view (model, a, at - fraction[a] * new_span, at + (1 - fraction[a]) * new_span,
                fraction[a]);
    }
  model->zoomed = TRUE;
  update (model);
}

void
tf_pareto_model_zoom_to (TfParetoModel *model,
                         double         x0,
                         double         y0,
                         double         x1,
                         double         y1)
{
  double t[2][2];

  g_return_if_fail (model != NULL);

  /* A click is not a rectangle. */
  if (!(fabs (x1 - x0) >= 1 && fabs (y1 - y0) >= 1))
    return;
  for (guint c = 0; c < 2; c++)
    {
      double px = c == 0 ? x0 : x1, py = c == 0 ? y0 : y1;
      double fx = (px - model->area[0]) / model->area[2];
      double fy = (model->area[1] + model->area[3] - py) / model->area[3];

      t[0][c] = model->view_lo[0] + fx * (model->view_hi[0] - model->view_lo[0]);
      t[1][c] = model->view_lo[1] + fy * (model->view_hi[1] - model->view_lo[1]);
    }
  for (guint a = 0; a < 2; a++)
    set_view (model, a, MIN (t[a][0], t[a][1]), MAX (t[a][0], t[a][1]), 0.5);
  model->zoomed = TRUE;
  update (model);
}

void
tf_pareto_model_pan (TfParetoModel *model,
                     double         dx,
                     double         dy)
{
  double shift[2];

  g_return_if_fail (model != NULL);

  if (!isfinite (dx) || !isfinite (dy))
    return;
  /* The data follows the pointer: a drag right shows what lies left, a drag down what lies
   * above. */
  shift[0] = -dx / model->area[2] * (model->view_hi[0] - model->view_lo[0]);
  shift[1] = dy / model->area[3] * (model->view_hi[1] - model->view_lo[1]);
  for (guint a = 0; a < 2; a++)
    set_view (model, a, model->view_lo[a] + shift[a], model->view_hi[a] + shift[a], 0.5);
  model->zoomed = TRUE;
  update (model);
}

static gboolean
in_area (const TfParetoModel *model,
         double               x,
         double               y)
{
  return x >= model->area[0] && x <= model->area[0] + model->area[2]
         && y >= model->area[1] && y <= model->area[1] + model->area[3];
}

gboolean
tf_pareto_model_get_position (const TfParetoModel *model,
                              TfParetoSet          set,
                              guint                index,
                              double              *px,
                              double              *py)
{
  const double *p;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, FALSE);
  g_return_val_if_fail (index < n_points (model, set), FALSE);

  p = &g_array_index (model->positions[set], double, 2 * index);
  if (isnan (p[0]) || !in_area (model, p[0], p[1]))
    return FALSE;
  if (px != NULL)
    *px = p[0];
  if (py != NULL)
    *py = p[1];
  return TRUE;
}

gboolean
tf_pareto_model_get_colour (const TfParetoModel *model,
                            TfParetoSet          set,
                            guint                index,
                            double              *fraction)
{
  double f;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, FALSE);
  g_return_val_if_fail (index < n_points (model, set), FALSE);

  if (model->axis[TF_PARETO_AXIS_COLOUR] < 0)
    return FALSE;
  f = tf_plot_axis_fraction (&model->plot_axis[TF_PARETO_AXIS_COLOUR],
                             point_value (model, set, index, TF_PARETO_AXIS_COLOUR));
  if (isnan (f))
    return FALSE;
  if (fraction != NULL)
    *fraction = CLAMP (f, 0, 1);
  return TRUE;
}

void
tf_pareto_viridis (double fraction,
                   double rgb[3])
{
  tf_plot_viridis (fraction, rgb);
}

guint
tf_pareto_model_get_ticks (const TfParetoModel *model,
                           TfParetoAxis         axis,
                           TfParetoTick        *ticks,
                           guint                max_ticks)
{
  const TfPlotAxis *pa;
  guint n = 0;

  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail ((guint) axis < TF_N_PARETO_AXES, 0);
  g_return_val_if_fail (ticks != NULL || max_ticks == 0, 0);

  if (model->axis[axis] < 0)
    return 0;
  pa = &model->plot_axis[axis];
  for (guint t = 0; t < pa->n_ticks && n < max_ticks; t++)
    {
      double f = tf_plot_axis_fraction (pa, pa->ticks[t]);

      ticks[n].value = pa->ticks[t];
      if (axis == TF_PARETO_AXIS_X)
        ticks[n].position = model->area[0] + f * model->area[2];
      else if (axis == TF_PARETO_AXIS_Y)
        ticks[n].position = model->area[1] + model->area[3] - f * model->area[3];
      else
        ticks[n].position = f;
      tf_plot_axis_format_tick (pa, pa->ticks[t], ticks[n].label, sizeof ticks[n].label);
      n++;
    }
  return n;
}

char *
tf_pareto_model_dup_axis_title (const TfParetoModel *model,
                                TfParetoAxis         axis)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) axis < TF_N_PARETO_AXES, NULL);

  if (model->axis[axis] < 0)
    return NULL;
  return tf_plot_axis_dup_title (&model->plot_axis[axis],
                                 _(tf_objective_label (model->objectives[model->axis[axis]])));
}

char *
tf_pareto_model_dup_description (const TfParetoModel *model,
                                 TfParetoSet          set,
                                 guint                index)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const double *values;
  const char *origin;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, NULL);
  g_return_val_if_fail (index < n_points (model, set), NULL);

  values = tf_pareto_model_get_values (model, set, index);
  origin = tf_pareto_model_get_origin (model, set, index);
  switch (set)
    {
    case TF_PARETO_FRONT:
      /* TRANSLATORS: a point of the Pareto plot; the number is its pareto/candidate_NNN.yaml */
      g_string_append_printf (text, _("Candidate %u (front)"), index + 1);
      break;
    case TF_PARETO_BASELINE:
      /* TRANSLATORS: a point of the baseline's (random search's) front in the Pareto plot */
      g_string_append_printf (text, _("Candidate %u (baseline)"), index + 1);
      break;
    case TF_PARETO_EVALUATED:
    case TF_N_PARETO_SETS:
    default:
      g_string_append_printf (text, _("Evaluated candidate %u"), index + 1);
      break;
    }
  g_string_append (text, ": ");
  for (guint k = 0; k < model->n_objectives; k++)
    {
      TfObjective o = model->objectives[k];
      char value[64];

      tf_plot_format_value (values[k], tf_objective_unit (o), value, sizeof value);
      if (k > 0)
        /* TRANSLATORS: between two objectives' values in a point's description */
        g_string_append (text, _(", "));
      /* TRANSLATORS: an objective and its value, "Iteration time 1.23 ms" */
      g_string_append_printf (text, _("%s %s"), _(tf_objective_label (o)), value);
    }
  if (origin != NULL && origin[0] != '\0')
    /* TRANSLATORS: where a candidate came from, "graph_mutation of fat-tree:…" */
    g_string_append_printf (text, _("; from %s"), origin);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
tf_pareto_model_hit (const TfParetoModel *model,
                     double               px,
                     double               py,
                     double               radius,
                     TfParetoSet         *set,
                     guint               *index)
{
  double best = radius;
  gboolean found = FALSE;

  g_return_val_if_fail (model != NULL, FALSE);

  /* The front first, and only a strictly nearer baseline point beats it. */
  for (TfParetoSet s = TF_PARETO_FRONT; s <= TF_PARETO_BASELINE; s++)
    for (guint i = 0; i < n_points (model, s); i++)
      {
        double x, y, d;

        if (!tf_pareto_model_get_position (model, s, i, &x, &y))
          continue;
        d = hypot (x - px, y - py);
        /* Rounding must not let an equally near baseline point win. */
        if ((found && d < best - 1e-9) || (!found && d <= best))
          {
            best = d;
            found = TRUE;
            if (set != NULL)
              *set = s;
            if (index != NULL)
              *index = i;
          }
      }
  return found;
}

static void
apply (TfParetoModel      *model,
       guint               index,
       TfParetoSelectMode  mode)
{
  gboolean *selected = &g_array_index (model->selected, gboolean, index);

  *selected = mode == TF_PARETO_SELECT_TOGGLE ? !*selected : TRUE;
}

void
tf_pareto_model_select (TfParetoModel      *model,
                        guint               index,
                        TfParetoSelectMode  mode)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (index < model->selected->len);

  if (mode == TF_PARETO_SELECT_REPLACE)
    tf_pareto_model_clear_selection (model);
  apply (model, index, mode);
}

guint
tf_pareto_model_select_rect (TfParetoModel      *model,
                             double              x0,
                             double              y0,
                             double              x1,
                             double              y1,
                             TfParetoSelectMode  mode)
{
  double left = MIN (x0, x1), right = MAX (x0, x1), top = MIN (y0, y1), bottom = MAX (y0, y1);
  guint count = 0;

  g_return_val_if_fail (model != NULL, 0);

  if (mode == TF_PARETO_SELECT_REPLACE)
    tf_pareto_model_clear_selection (model);
  for (guint i = 0; i < n_points (model, TF_PARETO_FRONT); i++)
    {
      double x, y;

      if (tf_pareto_model_get_position (model, TF_PARETO_FRONT, i, &x, &y)
          && x >= left && x <= right && y >= top && y <= bottom)
        {
          apply (model, i, mode);
          count++;
        }
    }
  return count;
}

void
tf_pareto_model_clear_selection (TfParetoModel *model)
{
  g_return_if_fail (model != NULL);

  if (model->selected->len > 0)
    memset (model->selected->data, 0, sizeof (gboolean) * model->selected->len);
}

gboolean
tf_pareto_model_is_selected (const TfParetoModel *model,
                             guint                index)
{
  g_return_val_if_fail (model != NULL, FALSE);
  return index < model->selected->len && g_array_index (model->selected, gboolean, index);
}

GArray *
tf_pareto_model_get_selection (const TfParetoModel *model)
{
  GArray *indices;

  g_return_val_if_fail (model != NULL, NULL);

  indices = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < model->selected->len; i++)
    if (g_array_index (model->selected, gboolean, i))
      g_array_append_val (indices, i);
  return indices;
}

int
tf_pareto_model_get_focus (const TfParetoModel *model)
{
  g_return_val_if_fail (model != NULL, -1);
  return model->focus;
}

void
tf_pareto_model_set_focus (TfParetoModel *model,
                           int            index)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (index >= -1 && index < (int) n_points (model, TF_PARETO_FRONT));
  model->focus = index;
}

static gint
compare_by_xy (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const TfParetoModel *model = data;
  guint i = *(const guint *) a, j = *(const guint *) b;

  for (guint axis = 0; axis < 2; axis++)
    {
      double vi = point_value (model, TF_PARETO_FRONT, i, axis);
      double vj = point_value (model, TF_PARETO_FRONT, j, axis);

      if (vi != vj)
        return vi < vj ? -1 : 1;
    }
  return (i > j) - (i < j);
}

int
tf_pareto_model_step_focus (TfParetoModel *model,
                            int            step)
{
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  int at = -1;

  g_return_val_if_fail (model != NULL, -1);

  /* The placed points by x, then y, then number. */
  for (guint i = 0; i < n_points (model, TF_PARETO_FRONT); i++)
    if (!isnan (g_array_index (model->positions[TF_PARETO_FRONT], double, 2 * i)))
      g_array_append_val (order, i);
  if (order->len == 0)
    return model->focus;
  g_array_sort_with_data (order, compare_by_xy, model);

  for (guint k = 0; k < order->len; k++)
    if ((int) g_array_index (order, guint, k) == model->focus)
      at = (int) k;
  if (at < 0)
    at = step >= 0 ? 0 : (int) order->len - 1;
  else
    /* The ends stop the focus rather than wrap: a screen reader hears the edge. */
    at = CLAMP (at + (step > 0 ? 1 : step < 0 ? -1 : 0), 0, (int) order->len - 1);
  model->focus = (int) g_array_index (order, guint, at);
  return model->focus;
}

guint
tf_pareto_model_get_revision (const TfParetoModel *model)
{
  g_return_val_if_fail (model != NULL, 0);
  return model->revision;
}
