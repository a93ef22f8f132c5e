/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-plot-private.h: the Pareto plot's state, shared by the widget (tf-pareto-plot.c:
 * input, actions, words), its drawing (tf-pareto-plot-draw.c: layout and snapshot) and its
 * legend (tf-pareto-plot-legend.c). */
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

/* A legend entry: a set with points, where its marker and label are drawn. */
typedef struct
{
  TfParetoSet      set;
  graphene_rect_t  bounds;
} TfParetoLegendEntry;

struct _TfParetoPlot
{
  GtkWidget        parent_instance;
  TfParetoModel   *model;
  GArray          *selection;   /* as last announced: selection-changed fires when it differs */
  GArray          *file_selection;   /* the same, of file points */
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
  /* The clouds (the search's evaluated points, the family's) drawn once per revision of the
   * model: hover and selection redraw the plot without building thousands of nodes again. */
  GskRenderNode   *cloud_node[2];
  guint            cloud_revision[2];
  GdkRGBA          cloud_colour[2];
  GArray          *legend;      /* TfParetoLegendEntry, in drawing order */
  graphene_rect_t  legend_bounds;
};

gboolean tf_pareto_plot_is_empty (TfParetoPlot *self);
/* Places the legend, then the plot rectangle from the sizes of the labels; an unzoomed view
 * refits to it. */
void     tf_pareto_plot_layout   (TfParetoPlot *self);
void     tf_pareto_plot_snapshot (GtkWidget    *widget,
                                  GtkSnapshot  *snapshot);

/* tf-pareto-plot-draw.c, for the legend */
GdkRGBA  tf_pareto_plot_foreground (TfParetoPlot *self);
void     tf_pareto_plot_text_size (TfParetoPlot *self, const char *text, double *width,
                                   double *height);
/* The marker of a point of @set at (@x, @y): @fill colours the front's discs (NULL: the
 * accent), @fg is the theme's foreground. */
void     tf_pareto_plot_append_marker (TfParetoPlot *self, GtkSnapshot *snapshot,
                                       TfParetoSet set, double x, double y,
                                       const GdkRGBA *fill, const GdkRGBA *fg);

/* tf-pareto-plot-legend.c */
/* The entries of the sets with points, in rows from (@x, @y) no wider than @width; the
 * legend's height (0 without entries). */
double   tf_pareto_plot_legend_layout (TfParetoPlot *self, double x, double y, double width);
void     tf_pareto_plot_legend_snapshot (TfParetoPlot *self, GtkSnapshot *snapshot,
                                         const GdkRGBA *fg);
/* The entry at (@x, @y), or NULL. */
const TfParetoLegendEntry *tf_pareto_plot_legend_hit (TfParetoPlot *self, double x, double y);

G_END_DECLS
