/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-plot-private.h: the Pareto plot's state, shared by the widget (tf-pareto-plot.c:
 * input, actions, words) and its drawing (tf-pareto-plot-draw.c: layout and snapshot). */
#pragma once

#include "tf-pareto-plot.h"

G_BEGIN_DECLS

typedef enum
{
  TF_PARETO_PLOT_DRAG_NONE,
  TF_PARETO_PLOT_DRAG_PENDING,   /* pressed, not yet past the drag threshold: still a click */
  TF_PARETO_PLOT_DRAG_BAND,      /* selects the front points inside */
  TF_PARETO_PLOT_DRAG_ZOOM,      /* the view shows the rectangle */
  TF_PARETO_PLOT_DRAG_PAN,
} TfParetoPlotDrag;

struct _TfParetoPlot
{
  GtkWidget        parent_instance;
  TfParetoModel   *model;
  GArray          *selection;   /* as last announced: selection-changed fires when it differs */
  graphene_rect_t  area;        /* the plot rectangle, as given to the model */
  graphene_rect_t  bar;         /* the colour bar; zero width without a colour axis */
  int              hover_set;   /* a TfParetoSet, or -1 */
  guint            hover_index;
  TfParetoPlotDrag         drag;
  TfParetoPlotDrag         drag_kind;   /* what the press becomes past the threshold */
  GdkModifierType  drag_state;
  double           drag_x, drag_y;     /* where it started */
  double           drag_dx, drag_dy;   /* the offset so far */
  gboolean         dragged;     /* this press became a drag: its release is no click */
  gboolean         has_pointer;
  double           pointer_x, pointer_y;   /* the wheel zooms about it */
  /* The evaluated points drawn once per revision of the model: hover and selection redraw
   * the plot without building thousands of nodes again. */
  GskRenderNode   *evaluated_node;
  guint            evaluated_revision;
  GdkRGBA          evaluated_colour;
};

gboolean tf_pareto_plot_is_empty (TfParetoPlot *self);
/* Places the plot rectangle from the sizes of the labels; an unzoomed view refits to it. */
void     tf_pareto_plot_layout   (TfParetoPlot *self);
void     tf_pareto_plot_snapshot (GtkWidget    *widget,
                                  GtkSnapshot  *snapshot);

G_END_DECLS
