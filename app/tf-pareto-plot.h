/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-plot.h: the Pareto plot, a widget drawing a TfParetoModel.
 *
 * Every evaluated candidate as a faint dot (the family designs Stage 0 evaluated as faint purple
 * ones), the search's front as filled circles coloured by the colour axis (viridis, with a
 * colour bar) over the smaller ones of the rest of the front that they stand for, the family
 * front as hollow purple diamonds, the baseline's front as hollow squares above them, and
 * topology files the user evaluated as crosses with their names. A legend over the plot names
 * every set shown; hovering an entry explains it.
 *
 * Pointer: hovering a point rings it and its tooltip describes it. A click selects a front or
 * file point (Ctrl toggles, Shift extends), a click on a point of the rest of the front selects
 * the candidate standing for it (drawn with spokes to those it stands for), a click on empty
 * space clears the selection; a drag draws a rubber band selecting the front and file points
 * inside (same modifiers). The wheel zooms about the
 * pointer, a secondary-button drag zooms to its rectangle; a middle-button drag, or Alt with a
 * primary drag, pans; a double-click on empty space resets the view, on a front point
 * activates it ("point-activated").
 *
 * Keyboard: Left/Right (Up/Down too) move the focus along the front by x; Space or Enter
 * selects the focused point (Ctrl+Space toggles, Shift+Space extends; Enter also activates
 * it); Escape clears the selection; plus and minus zoom about the centre; Home resets the view.
 * The actions "plot.zoom-in", "plot.zoom-out" and "plot.reset-view" serve a toolbar: widget
 * actions reach only the plot's own descendants, so buttons elsewhere call
 * gtk_widget_activate_action (plot, "plot.zoom-in", NULL); "plot.reset-view" is disabled while
 * the view is not zoomed.
 *
 * Accessibility: the accessible label says what the plot shows; the accessible description is
 * the focused point in words, following the arrow keys, so a screen reader reaches every point.
 */
#pragma once

#include <gtk/gtk.h>

#include "tf-pareto-model.h"

G_BEGIN_DECLS

#define TF_TYPE_PARETO_PLOT (tf_pareto_plot_get_type ())
G_DECLARE_FINAL_TYPE (TfParetoPlot, tf_pareto_plot, TF, PARETO_PLOT, GtkWidget)

GtkWidget     *tf_pareto_plot_new            (void);
/* Owned by the widget; after changing its points, call tf_pareto_plot_points_changed (). */
TfParetoModel *tf_pareto_plot_get_model      (TfParetoPlot    *self);
/* The model's points changed: recomputes and redraws, keeping the user's zoom unless
 * @reset_view (an unzoomed view always fits the new points). */
void           tf_pareto_plot_points_changed (TfParetoPlot    *self,
                                              gboolean         reset_view);
/* Which objective an axis shows (-1: no colour axis); resets the view and notifies. */
void           tf_pareto_plot_set_axis       (TfParetoPlot    *self,
                                              TfParetoAxis     axis,
                                              int              objective);
/* Log scale for x or y; FALSE (and nothing changes) when a shown value is not positive. */
gboolean       tf_pareto_plot_set_log        (TfParetoPlot    *self,
                                              TfParetoAxis     axis,
                                              gboolean         log);
/* The selected front points; read the model for the files. */
guint          tf_pareto_plot_get_n_selected (TfParetoPlot    *self);
/* The plot rectangle, in widget pixels. */
void           tf_pareto_plot_get_area       (TfParetoPlot    *self,
                                              graphene_rect_t *area);
/* The legend's entries, up to @max_sets of them into @sets (a set each, in the order drawn:
 * every set with points), their number, and the rectangle they take (@bounds may be NULL);
 * it lies above the plot rectangle. */
guint          tf_pareto_plot_get_legend     (TfParetoPlot    *self,
                                              TfParetoSet     *sets,
                                              guint            max_sets,
                                              graphene_rect_t *bounds);
/* Selects front point @index as a click on it with @mode's modifiers would, and focuses it. */
void           tf_pareto_plot_select         (TfParetoPlot       *self,
                                              guint               index,
                                              TfParetoSelectMode  mode);
/* The same for a point of the front or of the files. */
void           tf_pareto_plot_select_point   (TfParetoPlot       *self,
                                              TfParetoSet         set,
                                              guint               index,
                                              TfParetoSelectMode  mode);

/* The bodies of the pointer handlers, for tests and for callers that replay input: a click at
 * (@x, @y) with the modifiers of @state (TRUE when it selected a point), a rubber band between
 * two pixels (the number of front and file points inside), a wheel step of @dy at (@x, @y)
 * (< 0 zooms in), and the tooltip's text at (@x, @y) (NULL over no point or legend entry). */
gboolean       tf_pareto_plot_click          (TfParetoPlot    *self,
                                              double           x,
                                              double           y,
                                              GdkModifierType  state);
guint          tf_pareto_plot_drag           (TfParetoPlot    *self,
                                              double           x0,
                                              double           y0,
                                              double           x1,
                                              double           y1,
                                              GdkModifierType  state);
void           tf_pareto_plot_scroll         (TfParetoPlot    *self,
                                              double           x,
                                              double           y,
                                              double           dy);
char          *tf_pareto_plot_dup_tooltip    (TfParetoPlot    *self,
                                              double           x,
                                              double           y);

G_END_DECLS
