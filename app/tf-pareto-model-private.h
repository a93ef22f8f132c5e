/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-model-private.h: the Pareto plot's model as its files share it: tf-pareto-model.c
 * (points, axes, the view and where each point lands), tf-pareto-model-pick.c (hit testing,
 * selection, keyboard order) and tf-pareto-model-words.c (a point and a set in words). */
#pragma once

#include "plot-axis.h"
#include "tf-pareto-model.h"

G_BEGIN_DECLS

struct _TfParetoModel
{
  guint        n_objectives;
  TfObjective  objectives[TF_N_OBJECTIVES];

  GArray      *values[TF_N_PARETO_SETS];     /* double, n_objectives per point */
  GPtrArray   *origins[TF_N_PARETO_SETS];    /* char * or NULL, one per point */
  GArray      *positions[TF_N_PARETO_SETS];  /* double x, y per point; NAN: not placed */
  GArray      *selected[TF_N_PARETO_SETS];   /* gboolean per point of a selectable set */
  GArray      *representatives;              /* guint per member: its front point */

  int          axis[TF_N_PARETO_AXES];
  gboolean     log[2];

  double       area[4];         /* x, y, width, height */
  double       view_lo[2];      /* axis space: the value, or its log10 */
  double       view_hi[2];
  double       fit_span[2];     /* of the view reset_view gives */
  gboolean     zoomed;
  TfPlotAxis   plot_axis[TF_N_PARETO_AXES];

  int          focus;           /* a front point, or -1 */
  guint        revision;        /* counts the updates of the positions */
};

static inline guint
tf_pareto_model_n (const TfParetoModel *model,
                   TfParetoSet          set)
{
  return model->n_objectives > 0 ? model->values[set]->len / model->n_objectives : 0;
}

/* The sets a click can select: the front and the files. */
static inline gboolean
tf_pareto_set_is_selectable (TfParetoSet set)
{
  return set == TF_PARETO_FRONT || set == TF_PARETO_FILES;
}

/* The faint clouds behind the fronts: never hit, fitted only while nothing else is shown. */
static inline gboolean
tf_pareto_set_is_cloud (TfParetoSet set)
{
  return set == TF_PARETO_EVALUATED || set == TF_PARETO_FAMILY_EVALUATED;
}

/* A point's value on axis @a (0 x, 1 y, 2 colour), NAN when the axis has no objective. */
double tf_pareto_model_point_value (const TfParetoModel *model, TfParetoSet set, guint index,
                                    guint a);

G_END_DECLS
