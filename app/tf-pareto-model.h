/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-model.h: what the Pareto plot shows and where, without a display.
 *
 * Sets of points in objective space (TfParetoSet): every candidate the search evaluated and every
 * family design Stage 0 evaluated (two faint clouds), the search's front (strong, selectable,
 * numbered 1.. as pareto/candidate_NNN.yaml; with search.front_max its representatives), the
 * rest of the front each with the representative that stands for it, the baseline's front, the
 * family front, and topology files the user evaluated (selectable, named). The user picks the x
 * and y objectives and the colour one; axes are linear or log with "nice" ticks and SI-formatted
 * labels; the view window zooms and pans. The model maps points into the plot rectangle (widget
 * pixels, y down) and spreads front, baseline and file points that would land within a few
 * pixels of each other on a small ring, so each stays visible and pickable (the family front
 * among itself; the rest of the front stays where it is, under its representatives). Hit
 * testing, selection (replace, toggle, extend, rubber band), what a click on a point selects and
 * keyboard order (front points by x) are functions of the model (tf-pareto-model-pick.c); tests
 * run them without GTK.
 *
 * Values are as people read them (tf_objective_value: bisection positive), one row of
 * n_objectives per point. Points whose drawn values are not finite (or not positive on a log
 * axis) are not placed.
 */
#pragma once

#include "optimizer.h"

G_BEGIN_DECLS

typedef enum
{
  TF_PARETO_EVALUATED = 0,     /* every feasible candidate the search evaluated: a cloud */
  TF_PARETO_FRONT,             /* the search's front (its representatives): selectable */
  TF_PARETO_BASELINE,          /* the Random + QMC baseline's front */
  TF_PARETO_MEMBERS,           /* the rest of the front, each with its representative */
  TF_PARETO_FAMILY,            /* the family front: Stage 0's non-dominated family designs */
  TF_PARETO_FAMILY_EVALUATED,  /* every family design Stage 0 evaluated: a cloud */
  TF_PARETO_FILES,             /* topology files the user evaluated, named: selectable */
  TF_N_PARETO_SETS
} TfParetoSet;

typedef enum
{
  TF_PARETO_AXIS_X = 0,
  TF_PARETO_AXIS_Y,
  TF_PARETO_AXIS_COLOUR,
  TF_N_PARETO_AXES
} TfParetoAxis;

typedef enum
{
  TF_PARETO_EDGE_LEFT = 0,
  TF_PARETO_EDGE_RIGHT,
  TF_PARETO_EDGE_TOP,
  TF_PARETO_EDGE_BOTTOM,
  TF_N_PARETO_EDGES
} TfParetoEdge;

typedef enum
{
  TF_PARETO_SELECT_REPLACE = 0,   /* a click */
  TF_PARETO_SELECT_TOGGLE,        /* Ctrl+click */
  TF_PARETO_SELECT_EXTEND,        /* Shift+click: add, never remove */
} TfParetoSelectMode;

#define TF_PARETO_MAX_TICKS 16u

typedef struct
{
  double value;      /* in the objective's unit */
  double position;   /* pixels: x for the x axis, y for the y axis, 0..1 along the colour bar */
  char   label[32];  /* SI-formatted ("1.5 k", "200 m"), the axis unit in the title */
} TfParetoTick;

typedef struct _TfParetoModel TfParetoModel;

TfParetoModel *tf_pareto_model_new (void);
void           tf_pareto_model_free (TfParetoModel *model);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfParetoModel, tf_pareto_model_free)

/* The objectives of every row; clears every point and the selection. Axes default to
 * objectives 0 and 1 (0 and 0 with one objective), colour 2 (or none: -1). */
void           tf_pareto_model_set_objectives (TfParetoModel *model, guint n_objectives,
                                               const TfObjective *objectives);
guint          tf_pareto_model_get_n_objectives (const TfParetoModel *model);
TfObjective    tf_pareto_model_get_objective (const TfParetoModel *model, guint index);

/* A set's name for a legend ("Family front") and what it is in a sentence, translated. */
const char    *tf_pareto_set_get_label (TfParetoSet set);
const char    *tf_pareto_set_get_explanation (TfParetoSet set);

/* Replaces a set's points; @origins (NULL, or one per row, NULL entries allowed) describe
 * where each came from for the tooltip ("graph_mutation of fat-tree:…"); a file's is its name,
 * drawn beside it. Replacing a selectable set keeps the selection of points whose number still
 * exists; replacing the rest of the front forgets their representatives. */
void           tf_pareto_model_set_points (TfParetoModel *model, TfParetoSet set,
                                           const double *rows, guint n_rows,
                                           const char *const *origins);
/* Adds evaluated points (a live search reports them as it goes). */
void           tf_pareto_model_append_points (TfParetoModel *model, TfParetoSet set,
                                              const double *rows, guint n_rows);
guint          tf_pareto_model_get_n_points (const TfParetoModel *model, TfParetoSet set);
/* The front point each point of TF_PARETO_MEMBERS stands with (@n: as many as it has), and
 * back: a member's representative (G_MAXUINT: none), a front point's members. */
void           tf_pareto_model_set_representatives (TfParetoModel *model,
                                                    const guint *representatives, guint n);
guint          tf_pareto_model_get_representative (const TfParetoModel *model, guint member);
guint          tf_pareto_model_count_members (const TfParetoModel *model, guint front_index);
const double  *tf_pareto_model_get_values (const TfParetoModel *model, TfParetoSet set,
                                           guint index);
const char    *tf_pareto_model_get_origin (const TfParetoModel *model, TfParetoSet set,
                                           guint index);

/* Which objective each axis shows; -1 for the colour axis means none. Resets the view. */
void           tf_pareto_model_set_axis (TfParetoModel *model, TfParetoAxis axis, int objective);
int            tf_pareto_model_get_axis (const TfParetoModel *model, TfParetoAxis axis);
/* Log scale for x or y (refused, FALSE, when a shown value is not positive). Resets the view. */
gboolean       tf_pareto_model_set_log (TfParetoModel *model, TfParetoAxis axis, gboolean log);
gboolean       tf_pareto_model_get_log (const TfParetoModel *model, TfParetoAxis axis);

/* The plot rectangle in widget pixels (the axes and labels are drawn around it). */
void           tf_pareto_model_set_area (TfParetoModel *model, double x, double y,
                                         double width, double height);
/* The view fits every set but the clouds (the clouds when nothing else has points), with a
 * margin, on nice tick bounds. */
void           tf_pareto_model_reset_view (TfParetoModel *model);
gboolean       tf_pareto_model_is_zoomed (const TfParetoModel *model);
/* Zooms by @factor (> 1: in) keeping the data under pixel (@px, @py) in place. */
void           tf_pareto_model_zoom (TfParetoModel *model, double factor, double px, double py);
/* The view shows the rectangle between two pixels (a rubber band with the zoom modifier). */
void           tf_pareto_model_zoom_to (TfParetoModel *model, double x0, double y0,
                                        double x1, double y1);
/* Moves the view by a drag of (@dx, @dy) pixels. */
void           tf_pareto_model_pan (TfParetoModel *model, double dx, double dy);

/* Changes whenever any point may have moved (points, axes, scales, view, area): a drawing of
 * the points made at one revision holds until the next. */
guint          tf_pareto_model_get_revision (const TfParetoModel *model);
/* Where a point is drawn (spread from its neighbours); FALSE when it is not placed or lies
 * outside the view. */
gboolean       tf_pareto_model_get_position (const TfParetoModel *model, TfParetoSet set,
                                             guint index, double *px, double *py);
/* How many points of the sets the view fits lie beyond the view's @edge: outliers the fitted
 * view leaves out (a few points far beyond the rest), or the rest of a zoomed view. */
guint          tf_pareto_model_count_beyond (const TfParetoModel *model, TfParetoEdge edge);
/* The colour-axis value of a point as 0..1 over the range of the fronts shown (the search's
 * and the baseline's; the evaluated cloud before there is one); FALSE without a colour axis or
 * a finite value. */
gboolean       tf_pareto_model_get_colour (const TfParetoModel *model, TfParetoSet set,
                                           guint index, double *fraction);
/* Viridis at @fraction (0..1), components 0..1. */
void           tf_pareto_viridis (double fraction, double rgb[3]);

/* The ticks of an axis in the current view (the colour axis: over its range); the number of
 * ticks written. */
guint          tf_pareto_model_get_ticks (const TfParetoModel *model, TfParetoAxis axis,
                                          TfParetoTick *ticks, guint max_ticks);
/* The axis title, translated: "Iteration time (ms)", "Network cost (M USD)"; the unit prefix is
 * the one the tick labels use. Free with g_free (). NULL without an objective. */
char          *tf_pareto_model_dup_axis_title (const TfParetoModel *model, TfParetoAxis axis);
/* A point in words for a tooltip and for accessibility: its set, number, every objective with
 * its unit, its origin. Free with g_free (). */
char          *tf_pareto_model_dup_description (const TfParetoModel *model, TfParetoSet set,
                                                guint index);

/* The point nearest pixel (@px, @py) within @radius pixels, of every set but the clouds; when
 * several are equally near, the front, then files, the rest of the front, the baseline and the
 * family front, in that order (what a click selects first). FALSE when none is. */
gboolean       tf_pareto_model_hit (const TfParetoModel *model, double px, double py,
                                    double radius, TfParetoSet *set, guint *index);
/* The point a click on point @index of @set selects: itself for the front and files, its
 * representative for the rest of the front; FALSE for a point nothing selects. */
gboolean       tf_pareto_model_get_selectable (const TfParetoModel *model, TfParetoSet set,
                                               guint index, TfParetoSet *selected_set,
                                               guint *selected_index);

/* Selection, of front and file points; replacing clears both. */
void           tf_pareto_model_select_point (TfParetoModel *model, TfParetoSet set, guint index,
                                             TfParetoSelectMode mode);
gboolean       tf_pareto_model_is_point_selected (const TfParetoModel *model, TfParetoSet set,
                                                  guint index);
/* The selected indices of @set, ascending; free with g_array_unref (). */
GArray        *tf_pareto_model_get_selected (const TfParetoModel *model, TfParetoSet set);
/* The same for front points: */
void           tf_pareto_model_select (TfParetoModel *model, guint index,
                                       TfParetoSelectMode mode);
/* Every front and file point drawn inside the rectangle between two pixels; the number
 * selected. */
guint          tf_pareto_model_select_rect (TfParetoModel *model, double x0, double y0,
                                            double x1, double y1, TfParetoSelectMode mode);
void           tf_pareto_model_clear_selection (TfParetoModel *model);
gboolean       tf_pareto_model_is_selected (const TfParetoModel *model, guint index);
/* The selected front indices, ascending; free with g_array_unref (). */
GArray        *tf_pareto_model_get_selection (const TfParetoModel *model);

/* Keyboard: the focused front point (-1: none); @step moves it to the next point by x
 * (+1 right, -1 left; from none: the first or last), and returns the new focus. */
int            tf_pareto_model_get_focus (const TfParetoModel *model);
void           tf_pareto_model_set_focus (TfParetoModel *model, int index);
int            tf_pareto_model_step_focus (TfParetoModel *model, int step);

G_END_DECLS
