/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-model.c: what the Pareto plot shows and where, without a display
 * (tf-pareto-model.h).
 *
 * The view is kept in axis space, the value on a linear axis and its log10 on a log one, so
 * zooming and panning are the same affine steps on either scale. Every change of the area, the
 * view, the axes or the points recomputes the pixel positions of every point at once, front,
 * baseline and files spread together (tf_plot_spread), so drawing, hit testing and the rubber
 * band all read one set of positions and agree with what the user sees.
 */
#include <math.h>
#include <string.h>

#include "tf-pareto-model-private.h"

/* Front, baseline and file points nearer than this (pixels) are spread on a ring this wide. */
#define SPREAD_NEAR   6.0
#define SPREAD_RADIUS 6.0
/* A view is never narrower than this fraction of the fitted one (double precision stays
 * meaningful, ticks stay distinct). */
#define MIN_SPAN_FRACTION 1e-6
/* Nor wider than this many times (zooming out never overflows). */
#define MAX_SPAN_FACTOR 1e6

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

double
tf_pareto_model_point_value (const TfParetoModel *model,
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

/* Whether any set but the clouds has points: then the view fits those alone. */
static gboolean
has_fronts (const TfParetoModel *model)
{
  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    if (!tf_pareto_set_is_cloud (set) && tf_pareto_model_n (model, set) > 0)
      return TRUE;
  return FALSE;
}

/* The sets the view fits and a log axis must show. */
static gboolean
is_fitted (const TfParetoModel *model,
           TfParetoSet          set)
{
  return tf_pareto_set_is_cloud (set) != has_fronts (model);
}

/* The sets the colour axis spans: the search's and the baseline's fronts, or the evaluated
 * cloud while there is none (the family front and the files have colours of their own). */
static gboolean
is_coloured (const TfParetoModel *model,
             TfParetoSet          set,
             gboolean             fronts)
{
  if (fronts)
    return set == TF_PARETO_FRONT || set == TF_PARETO_MEMBERS || set == TF_PARETO_BASELINE;
  return set == TF_PARETO_EVALUATED;
}

/* Spreads the points of @sets together (tf_plot_spread). */
static void
spread (TfParetoModel     *model,
        const TfParetoSet *sets,
        guint              n_sets)
{
  g_autofree double *xy = NULL;
  guint n = 0, at = 0;

  for (guint s = 0; s < n_sets; s++)
    n += tf_pareto_model_n (model, sets[s]);
  if (n == 0)
    return;   /* (an empty GArray's data is NULL: nothing to copy) */
  xy = g_new (double, 2 * n);
  for (guint s = 0; s < n_sets; s++)
    {
      guint k = tf_pareto_model_n (model, sets[s]);

      if (k > 0)
        memcpy (xy + 2 * at, model->positions[sets[s]]->data, sizeof (double) * 2 * k);
      at += k;
    }
  tf_plot_spread (xy, n, SPREAD_NEAR, SPREAD_RADIUS, 0);
  at = 0;
  for (guint s = 0; s < n_sets; s++)
    {
      guint k = tf_pareto_model_n (model, sets[s]);

      if (k > 0)
        memcpy (model->positions[sets[s]]->data, xy + 2 * at, sizeof (double) * 2 * k);
      at += k;
    }
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
  /* A baseline point on a front point is as hidden as two front points on each other, and a
   * file is the user's to find: those spread together. The family front spreads among itself
   * and is drawn around the front's points it shares; the rest of the front stays where it is,
   * under the representatives that stand for it. */
  static const TfParetoSet together[] = { TF_PARETO_FRONT, TF_PARETO_BASELINE, TF_PARETO_FILES };
  static const TfParetoSet family[] = { TF_PARETO_FAMILY };
  gboolean fronts = has_fronts (model);

  model->revision++;
  for (guint a = 0; a < 2; a++)
    tf_plot_axis_init_view (&model->plot_axis[a], from_space (model, a, model->view_lo[a]),
                            from_space (model, a, model->view_hi[a]), tick_count (model, a),
                            is_log (model, a) ? TF_PLOT_SCALE_LOG : TF_PLOT_SCALE_LINEAR,
                            axis_unit (model, a));

  {
    double min = G_MAXDOUBLE, max = -G_MAXDOUBLE;

    for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
      for (guint i = 0; model->axis[TF_PARETO_AXIS_COLOUR] >= 0 && is_coloured (model, set, fronts)
                        && i < tf_pareto_model_n (model, set); i++)
        {
          double v = tf_pareto_model_point_value (model, set, i, TF_PARETO_AXIS_COLOUR);

          if (isfinite (v))
            {
              min = MIN (min, v);
              max = MAX (max, v);
            }
        }
    tf_plot_axis_init_range (&model->plot_axis[TF_PARETO_AXIS_COLOUR], min, max,
                             tick_count (model, TF_PARETO_AXIS_COLOUR),
                             axis_unit (model, TF_PARETO_AXIS_COLOUR));
  }

  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      guint n = tf_pareto_model_n (model, set);

      g_array_set_size (model->positions[set], 2 * n);
      for (guint i = 0; i < n; i++)
        {
          double tx = to_space (model, 0, tf_pareto_model_point_value (model, set, i, 0));
          double ty = to_space (model, 1, tf_pareto_model_point_value (model, set, i, 1));
          double *p = &g_array_index (model->positions[set], double, 2 * i);

          p[0] = isnan (tx) || isnan (ty) ? NAN : pixel_x (model, tx);
          p[1] = isnan (tx) || isnan (ty) ? NAN : pixel_y (model, ty);
        }
    }
  spread (model, together, G_N_ELEMENTS (together));
  spread (model, family, G_N_ELEMENTS (family));
}

/* The range of axis @a over the sets the view fits, without outliers (tf_plot_fit_values ()):
 * they lie beyond the view, and the plot says so at its edge (tf_pareto_model_count_beyond ()). */
static gboolean
fit_range (const TfParetoModel *model,
           guint                a,
           double              *min,
           double              *max)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      if (!is_fitted (model, set))
        continue;
      for (guint i = 0; i < tf_pareto_model_n (model, set); i++)
        {
          double v = tf_pareto_model_point_value (model, set, i, a);

          if (!isnan (to_space (model, a, v)))
            g_array_append_val (values, v);
        }
    }
  return tf_plot_fit_values ((double *) values->data, values->len,
                             is_log (model, a) ? TF_PLOT_SCALE_LOG : TF_PLOT_SCALE_LINEAR, min,
                             max);
}

guint
tf_pareto_model_count_beyond (const TfParetoModel *model,
                              TfParetoEdge         edge)
{
  const double *area = model->area;
  guint n = 0;

  g_return_val_if_fail (model != NULL && edge < TF_N_PARETO_EDGES, 0);
  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      if (!is_fitted (model, set))
        continue;
      for (guint i = 0; i < tf_pareto_model_n (model, set); i++)
        {
          const double *p = &g_array_index (model->positions[set], double, 2 * i);

          if (isnan (p[0]) || isnan (p[1]))
            continue;
          switch (edge)
            {
            case TF_PARETO_EDGE_LEFT:
              n += p[0] < area[0] - 0.5;
              break;
            case TF_PARETO_EDGE_RIGHT:
              n += p[0] > area[0] + area[2] + 0.5;
              break;
            case TF_PARETO_EDGE_TOP:
              n += p[1] < area[1] - 0.5;
              break;
            case TF_PARETO_EDGE_BOTTOM:
            default:
              n += p[1] > area[1] + area[3] + 0.5;
              break;
            }
        }
    }
  return n;
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
      model->selected[set] = g_array_new (FALSE, TRUE, sizeof (gboolean));
    }
  model->representatives = g_array_new (FALSE, FALSE, sizeof (guint));
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
      g_array_unref (model->selected[set]);
    }
  g_array_unref (model->representatives);
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
      g_array_set_size (model->selected[set], 0);
    }
  g_array_set_size (model->representatives, 0);
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
  /* Numbers still there keep their selection and the focus. */
  if (tf_pareto_set_is_selectable (set))
    g_array_set_size (model->selected[set], n_rows);
  if (set == TF_PARETO_FRONT && model->focus >= (int) n_rows)
    model->focus = -1;
  if (set == TF_PARETO_MEMBERS)
    {
      g_array_set_size (model->representatives, n_rows);
      for (guint i = 0; i < n_rows; i++)
        g_array_index (model->representatives, guint, i) = G_MAXUINT;
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
  if (tf_pareto_set_is_selectable (set))
    g_array_set_size (model->selected[set], tf_pareto_model_n (model, set));
  for (guint i = 0; set == TF_PARETO_MEMBERS && i < n_rows; i++)
    {
      guint none = G_MAXUINT;

      g_array_append_val (model->representatives, none);
    }
  points_changed (model);
}

guint
tf_pareto_model_get_n_points (const TfParetoModel *model,
                              TfParetoSet          set)
{
  g_return_val_if_fail (model != NULL, 0);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, 0);
  return tf_pareto_model_n (model, set);
}

void
tf_pareto_model_set_representatives (TfParetoModel *model,
                                     const guint   *representatives,
                                     guint          n)
{
  g_return_if_fail (model != NULL);
  g_return_if_fail (n == tf_pareto_model_n (model, TF_PARETO_MEMBERS));
  g_return_if_fail (representatives != NULL || n == 0);

  g_array_set_size (model->representatives, 0);
  g_array_append_vals (model->representatives, representatives, n);
}

guint
tf_pareto_model_get_representative (const TfParetoModel *model,
                                    guint                member)
{
  guint r;

  g_return_val_if_fail (model != NULL, G_MAXUINT);
  g_return_val_if_fail (member < tf_pareto_model_n (model, TF_PARETO_MEMBERS), G_MAXUINT);

  r = g_array_index (model->representatives, guint, member);
  return r < tf_pareto_model_n (model, TF_PARETO_FRONT) ? r : G_MAXUINT;
}

guint
tf_pareto_model_count_members (const TfParetoModel *model,
                               guint                front_index)
{
  guint n = 0;

  g_return_val_if_fail (model != NULL, 0);

  for (guint i = 0; i < model->representatives->len; i++)
    n += g_array_index (model->representatives, guint, i) == front_index;
  return n;
}

const double *
tf_pareto_model_get_values (const TfParetoModel *model,
                            TfParetoSet          set,
                            guint                index)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, NULL);
  g_return_val_if_fail (index < tf_pareto_model_n (model, set), NULL);
  return &g_array_index (model->values[set], double, (gsize) index * model->n_objectives);
}

const char *
tf_pareto_model_get_origin (const TfParetoModel *model,
                            TfParetoSet          set,
                            guint                index)
{
  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail ((guint) set < TF_N_PARETO_SETS, NULL);
  g_return_val_if_fail (index < tf_pareto_model_n (model, set), NULL);
  return g_ptr_array_index (model->origins[set], index);
}

/* Whether every value of @objective the view fits is positive, so a log axis can show it. */
static gboolean
can_log (const TfParetoModel *model,
         int                  objective)
{
  if (objective < 0)
    return FALSE;
  for (TfParetoSet set = 0; set < TF_N_PARETO_SETS; set++)
    {
      if (!is_fitted (model, set))
        continue;
      for (guint i = 0; i < tf_pareto_model_n (model, set); i++)
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
  g_return_val_if_fail (index < tf_pareto_model_n (model, set), FALSE);

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
  g_return_val_if_fail (index < tf_pareto_model_n (model, set), FALSE);

  if (model->axis[TF_PARETO_AXIS_COLOUR] < 0)
    return FALSE;
  f = tf_plot_axis_fraction (&model->plot_axis[TF_PARETO_AXIS_COLOUR],
                             tf_pareto_model_point_value (model, set, index,
                                                          TF_PARETO_AXIS_COLOUR));
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

guint
tf_pareto_model_get_revision (const TfParetoModel *model)
{
  g_return_val_if_fail (model != NULL, 0);
  return model->revision;
}
