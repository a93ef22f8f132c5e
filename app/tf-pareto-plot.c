/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-plot.c: the Pareto plot widget. The model (tf-pareto-model.c) knows where every
 * point is, which one a pixel hits and what is selected; tf-pareto-plot-draw.c lays the plot
 * out and draws it, tf-pareto-plot-legend.c its legend; this file turns pointer and keys into
 * model calls and tells assistive technologies what the plot shows. The pointer handlers are
 * thin shells over the public click/drag/scroll bodies, so tests go through the code the user
 * does. */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tf-pareto-plot-private.h"

#define HIT_RADIUS       8.0   /* pixels: a click or hover this near a point takes it */
#define KEY_ZOOM         1.25
#define WHEEL_ZOOM       1.2

G_DEFINE_FINAL_TYPE (TfParetoPlot, tf_pareto_plot, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_N_SELECTED,
  PROP_X_AXIS,
  PROP_Y_AXIS,
  PROP_COLOUR_AXIS,
  PROP_X_LOG,
  PROP_Y_LOG,
  N_PROPS
};

enum {
  SELECTION_CHANGED,
  POINT_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static TfParetoSelectMode
mode_for (GdkModifierType state)
{
  if (state & GDK_CONTROL_MASK)
    return TF_PARETO_SELECT_TOGGLE;
  if (state & GDK_SHIFT_MASK)
    return TF_PARETO_SELECT_EXTEND;
  return TF_PARETO_SELECT_REPLACE;
}

gboolean
tf_pareto_plot_is_empty (TfParetoPlot *self)
{
  for (guint s = 0; s < TF_N_PARETO_SETS; s++)
    if (tf_pareto_model_get_n_points (self->model, s) > 0)
      return FALSE;
  return TRUE;
}

/* ---- words ---- */

/* The focused point in words, with its selected state: the accessible description. */
static char *
describe_focus (TfParetoPlot *self)
{
  int focus = tf_pareto_model_get_focus (self->model);
  g_autofree char *text = NULL;

  if (focus < 0)
    return g_strdup (_("Use the arrow keys to move between the points of the front"));
  text = tf_pareto_model_dup_description (self->model, TF_PARETO_FRONT, focus);
  if (tf_pareto_model_is_selected (self->model, focus))
    /* Translators: a point's description, then its state */
    return g_strdup_printf (_("%s; selected"), text);
  return g_steal_pointer (&text);
}

static void
update_description (TfParetoPlot *self)
{
  g_autofree char *text = describe_focus (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}

static void
update_label (TfParetoPlot *self)
{
  guint n_front = tf_pareto_model_get_n_points (self->model, TF_PARETO_FRONT);
  guint n_baseline = tf_pareto_model_get_n_points (self->model, TF_PARETO_BASELINE);
  guint n_members = tf_pareto_model_get_n_points (self->model, TF_PARETO_MEMBERS);
  guint n_family = tf_pareto_model_get_n_points (self->model, TF_PARETO_FAMILY);
  guint n_files = tf_pareto_model_get_n_points (self->model, TF_PARETO_FILES);
  g_autofree char *x = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_X);
  g_autofree char *y = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_Y);
  g_autofree char *colour = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_COLOUR);
  GString *label = g_string_new (NULL);

  if (tf_pareto_plot_is_empty (self))
    g_string_append (label, _("Pareto front: no candidates yet"));
  else
    {
      g_string_append_printf (label,
                              /* Translators: the accessible name of the plot, then its axes */
                              ngettext ("Pareto front: %u candidate", "Pareto front: %u candidates",
                                        n_front), n_front);
      if (n_members > 0)
        g_string_append_printf (label, ngettext (" standing for %u more design",
                                                 " standing for %u more designs", n_members),
                                n_members);
      if (n_baseline > 0)
        g_string_append_printf (label, ngettext (", %u baseline point", ", %u baseline points",
                                                 n_baseline), n_baseline);
      if (n_family > 0)
        g_string_append_printf (label, ngettext (", %u family front point",
                                                 ", %u family front points", n_family),
                                n_family);
      if (n_files > 0)
        g_string_append_printf (label, ngettext (", %u evaluated file", ", %u evaluated files",
                                                 n_files), n_files);
      if (x != NULL && y != NULL)
        /* Translators: the objectives of the plot's axes, after the number of candidates */
        g_string_append_printf (label, _("; x %s, y %s"), x, y);
      if (colour != NULL)
        /* Translators: the objective the points' colour shows */
        g_string_append_printf (label, _(", colour %s"), colour);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label->str, -1);
  g_string_free (label, TRUE);
}

/* A disabled action leaves its key to the widgets around: Escape with nothing selected closes
 * a dialog, Enter with no point focused activates its default button. */
static void
update_actions (TfParetoPlot *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean has_focus = tf_pareto_model_get_focus (self->model) >= 0;

  gtk_widget_action_set_enabled (widget, "plot.reset-view",
                                 tf_pareto_model_is_zoomed (self->model));
  gtk_widget_action_set_enabled (widget, "plot.clear-selection", self->selection->len > 0);
  gtk_widget_action_set_enabled (widget, "plot.select-focus", has_focus);
  gtk_widget_action_set_enabled (widget, "plot.activate-focus", has_focus);
}

/* Announces a selection that differs from the last one announced. */
static gboolean
same_indices (const GArray *a,
              const GArray *b)
{
  return a->len == b->len
         && memcmp (a->data, b->data, (gsize) a->len * g_array_get_element_size ((GArray *) a))
              == 0;
}

static void
sync_selection (TfParetoPlot *self)
{
  g_autoptr(GArray) now = tf_pareto_model_get_selection (self->model);
  g_autoptr(GArray) files = tf_pareto_model_get_selected (self->model, TF_PARETO_FILES);
  guint old_len = self->selection->len;

  if (same_indices (now, self->selection) && same_indices (files, self->file_selection))
    return;
  g_array_unref (self->selection);
  self->selection = g_steal_pointer (&now);
  g_array_unref (self->file_selection);
  self->file_selection = g_steal_pointer (&files);
  update_description (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  if (self->selection->len != old_len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SELECTED]);
}

/* After the axes or the points changed: the margins, the words, the focus all follow. */
static void
refresh (TfParetoPlot *self)
{
  int focus = tf_pareto_model_get_focus (self->model);

  if (focus >= (int) tf_pareto_model_get_n_points (self->model, TF_PARETO_FRONT))
    tf_pareto_model_set_focus (self->model, -1);
  self->hover_set = -1;
  tf_pareto_plot_layout (self);
  update_label (self);
  update_description (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
tf_pareto_plot_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  tf_pareto_plot_layout (TF_PARETO_PLOT (widget));
}

static void
tf_pareto_plot_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 180;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 420;
}

/* ---- input ---- */

static void
set_hover (TfParetoPlot *self,
           int           set,
           guint         index)
{
  if (set == self->hover_set && (set < 0 || index == self->hover_index))
    return;
  self->hover_set = set;
  self->hover_index = index;
  if (self->drag != TF_PARETO_PLOT_DRAG_PAN)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), set >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion (GtkEventControllerMotion *controller,
        double                    x,
        double                    y,
        TfParetoPlot             *self)
{
  TfParetoSet set;
  guint index;

  self->pointer_x = x;
  self->pointer_y = y;
  self->has_pointer = TRUE;
  if (tf_pareto_model_hit (self->model, x, y, HIT_RADIUS, &set, &index))
    set_hover (self, set, index);
  else
    set_hover (self, -1, 0);
}

static void
leave (GtkEventControllerMotion *controller,
       TfParetoPlot             *self)
{
  set_hover (self, -1, 0);
}

static gboolean
query_tooltip (GtkWidget    *widget,
               int           x,
               int           y,
               gboolean      keyboard_mode,
               GtkTooltip   *tooltip,
               TfParetoPlot *self)
{
  int focus = tf_pareto_model_get_focus (self->model);
  const TfParetoLegendEntry *entry = tf_pareto_plot_legend_hit (self, x, y);
  g_autofree char *text = NULL;
  TfParetoSet set = TF_PARETO_FRONT;
  guint index = 0;
  double px, py;

  if (!keyboard_mode && entry != NULL)
    {
      const graphene_rect_t *b = &entry->bounds;

      gtk_tooltip_set_text (tooltip, tf_pareto_set_get_explanation (entry->set));
      gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) b->origin.x, (int) b->origin.y,
                                                           (int) b->size.width,
                                                           (int) b->size.height });
      return TRUE;
    }
  if (keyboard_mode)
    {
      if (focus < 0)
        return FALSE;
      index = focus;
    }
  else if (!tf_pareto_model_hit (self->model, x, y, HIT_RADIUS, &set, &index))
    return FALSE;
  text = tf_pareto_model_dup_description (self->model, set, index);
  gtk_tooltip_set_text (tooltip, text);
  /* Moving to the next point asks again. */
  if (tf_pareto_model_get_position (self->model, set, index, &px, &py))
    gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) (px - HIT_RADIUS),
                                                         (int) (py - HIT_RADIUS),
                                                         (int) (2 * HIT_RADIUS),
                                                         (int) (2 * HIT_RADIUS) });
  return TRUE;
}

char *
tf_pareto_plot_dup_tooltip (TfParetoPlot *self,
                            double        x,
                            double        y)
{
  TfParetoSet set;
  guint index;

  const TfParetoLegendEntry *entry;

  g_return_val_if_fail (TF_IS_PARETO_PLOT (self), NULL);

  entry = tf_pareto_plot_legend_hit (self, x, y);
  if (entry != NULL)
    return g_strdup (tf_pareto_set_get_explanation (entry->set));
  if (!tf_pareto_model_hit (self->model, x, y, HIT_RADIUS, &set, &index))
    return NULL;
  return tf_pareto_model_dup_description (self->model, set, index);
}

/* A press on a front or file point selects it, on one of the rest of the front the candidate
 * that stands for it; on empty space (or a point nothing selects) a plain click clears the
 * selection. TRUE when it selected a point. */
static gboolean
click (TfParetoPlot    *self,
       double           x,
       double           y,
       GdkModifierType  state,
       int              n_press)
{
  TfParetoSet set, selected_set = TF_PARETO_FRONT;
  guint index, selected_index = 0;
  gboolean on_point = tf_pareto_model_hit (self->model, x, y, HIT_RADIUS, &set, &index)
                      && tf_pareto_model_get_selectable (self->model, set, index, &selected_set,
                                                         &selected_index);
  gboolean on_front = on_point && selected_set == TF_PARETO_FRONT;

  if (n_press == 2)
    {
      if (on_front)
        g_signal_emit (self, signals[POINT_ACTIVATED], 0, selected_index);
      else if (!on_point)
        {
          tf_pareto_model_reset_view (self->model);
          refresh (self);
        }
      return on_point;
    }
  if (on_point)
    {
      tf_pareto_model_select_point (self->model, selected_set, selected_index, mode_for (state));
      if (on_front)
        tf_pareto_model_set_focus (self->model, selected_index);
      update_description (self);
      update_actions (self);
    }
  else if (mode_for (state) == TF_PARETO_SELECT_REPLACE)
    tf_pareto_model_clear_selection (self->model);
  sync_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return on_point;
}

gboolean
tf_pareto_plot_click (TfParetoPlot    *self,
                      double           x,
                      double           y,
                      GdkModifierType  state)
{
  g_return_val_if_fail (TF_IS_PARETO_PLOT (self), FALSE);

  return click (self, x, y, state, 1);
}

void
tf_pareto_plot_select_point (TfParetoPlot       *self,
                             TfParetoSet         set,
                             guint               index,
                             TfParetoSelectMode  mode)
{
  g_return_if_fail (TF_IS_PARETO_PLOT (self));
  g_return_if_fail (set == TF_PARETO_FRONT || set == TF_PARETO_FILES);
  g_return_if_fail (index < tf_pareto_model_get_n_points (self->model, set));

  tf_pareto_model_select_point (self->model, set, index, mode);
  if (set == TF_PARETO_FRONT)
    tf_pareto_model_set_focus (self->model, index);
  update_description (self);
  update_actions (self);
  sync_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tf_pareto_plot_select (TfParetoPlot       *self,
                       guint               index,
                       TfParetoSelectMode  mode)
{
  tf_pareto_plot_select_point (self, TF_PARETO_FRONT, index, mode);
}

static void
pressed (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         TfParetoPlot    *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The first press selects on release; the second activates now. */
  if (n_press == 2)
    click (self, x, y, gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)),
           2);
}

static void
released (GtkGestureClick *gesture,
          int              n_press,
          double           x,
          double           y,
          TfParetoPlot    *self)
{
  if (n_press == 1 && !self->dragged)
    click (self, x, y, gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)),
           1);
}

guint
tf_pareto_plot_drag (TfParetoPlot    *self,
                     double           x0,
                     double           y0,
                     double           x1,
                     double           y1,
                     GdkModifierType  state)
{
  guint n;

  g_return_val_if_fail (TF_IS_PARETO_PLOT (self), 0);

  n = tf_pareto_model_select_rect (self->model, x0, y0, x1, y1, mode_for (state));
  sync_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return n;
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            TfParetoPlot   *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && (state & GDK_ALT_MASK)))
    self->drag_kind = TF_PARETO_PLOT_DRAG_PAN;
  else if (button == GDK_BUTTON_PRIMARY)
    self->drag_kind = TF_PARETO_PLOT_DRAG_BAND;
  else if (button == GDK_BUTTON_SECONDARY)
    self->drag_kind = TF_PARETO_PLOT_DRAG_ZOOM;
  else
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag = TF_PARETO_PLOT_DRAG_PENDING;
  self->drag_state = state;
  self->drag_x = x;
  self->drag_y = y;
  self->drag_dx = self->drag_dy = 0;
  self->dragged = FALSE;
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             TfParetoPlot   *self)
{
  if (self->drag == TF_PARETO_PLOT_DRAG_NONE)
    return;
  if (self->drag == TF_PARETO_PLOT_DRAG_PENDING)
    {
      if (!gtk_drag_check_threshold (GTK_WIDGET (self), (int) self->drag_x, (int) self->drag_y,
                                     (int) (self->drag_x + dx), (int) (self->drag_y + dy)))
        return;
      self->drag = self->drag_kind;
      self->dragged = TRUE;
      if (self->drag == TF_PARETO_PLOT_DRAG_PAN)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }
  if (self->drag == TF_PARETO_PLOT_DRAG_PAN)
    {
      tf_pareto_model_pan (self->model, dx - self->drag_dx, dy - self->drag_dy);
      update_actions (self);
    }
  self->drag_dx = dx;
  self->drag_dy = dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          TfParetoPlot   *self)
{
  TfParetoPlotDrag kind = self->drag;

  self->drag = TF_PARETO_PLOT_DRAG_NONE;
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  if (kind == TF_PARETO_PLOT_DRAG_BAND)
    tf_pareto_plot_drag (self, self->drag_x, self->drag_y, self->drag_x + dx, self->drag_y + dy,
                         self->drag_state);
  else if (kind == TF_PARETO_PLOT_DRAG_ZOOM)
    {
      tf_pareto_model_zoom_to (self->model, self->drag_x, self->drag_y, self->drag_x + dx,
                               self->drag_y + dy);
      self->hover_set = -1;
      update_actions (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom (TfParetoPlot *self,
      double        factor,
      double        x,
      double        y)
{
  tf_pareto_model_zoom (self->model, factor, x, y);
  self->hover_set = -1;
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tf_pareto_plot_scroll (TfParetoPlot *self,
                       double        x,
                       double        y,
                       double        dy)
{
  g_return_if_fail (TF_IS_PARETO_PLOT (self));

  if (dy != 0 && isfinite (dy))
    zoom (self, pow (WHEEL_ZOOM, -dy), x, y);
}

static gboolean
scroll (GtkEventControllerScroll *controller,
        double                    dx,
        double                    dy,
        TfParetoPlot             *self)
{
  graphene_point_t centre;

  /* No motion yet (the pointer came in still): about the middle. */
  graphene_rect_get_center (&self->area, &centre);
  tf_pareto_plot_scroll (self, self->has_pointer ? self->pointer_x : centre.x,
                         self->has_pointer ? self->pointer_y : centre.y, dy);
  return TRUE;
}

/* ---- actions ---- */

static void
zoom_in_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);
  graphene_point_t centre;

  graphene_rect_get_center (&self->area, &centre);
  zoom (self, KEY_ZOOM, centre.x, centre.y);
}

static void
zoom_out_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);
  graphene_point_t centre;

  graphene_rect_get_center (&self->area, &centre);
  zoom (self, 1 / KEY_ZOOM, centre.x, centre.y);
}

static void
reset_view_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);

  tf_pareto_model_reset_view (self->model);
  refresh (self);
}

/* "plot.move-focus" (i): the arrow keys, +1 right along the front, -1 left. */
static void
move_focus_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);

  tf_pareto_model_step_focus (self->model, g_variant_get_int32 (parameter));
  update_description (self);
  update_actions (self);
  gtk_widget_queue_draw (widget);
}

/* "plot.select-focus" (u): Space with a TfParetoSelectMode. */
static void
select_focus_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);
  int focus = tf_pareto_model_get_focus (self->model);

  if (focus >= 0)
    tf_pareto_plot_select (self, focus, g_variant_get_uint32 (parameter));
}

/* Enter: selects the focused point and opens it. */
static void
activate_focus_activated (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);
  int focus = tf_pareto_model_get_focus (self->model);

  if (focus < 0)
    return;
  tf_pareto_plot_select (self, focus, TF_PARETO_SELECT_REPLACE);
  g_signal_emit (self, signals[POINT_ACTIVATED], 0, (guint) focus);
}

static void
clear_selection_activated (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);

  tf_pareto_model_clear_selection (self->model);
  sync_selection (self);
}

/* ---- public ---- */

TfParetoModel *
tf_pareto_plot_get_model (TfParetoPlot *self)
{
  g_return_val_if_fail (TF_IS_PARETO_PLOT (self), NULL);

  return self->model;
}

void
tf_pareto_plot_points_changed (TfParetoPlot *self,
                               gboolean      reset_view)
{
  g_return_if_fail (TF_IS_PARETO_PLOT (self));

  if (reset_view || !tf_pareto_model_is_zoomed (self->model))
    tf_pareto_model_reset_view (self->model);
  refresh (self);
  sync_selection (self);
}

static GParamSpec *
axis_property (TfParetoAxis axis)
{
  return properties[PROP_X_AXIS + axis];
}

void
tf_pareto_plot_set_axis (TfParetoPlot *self,
                         TfParetoAxis  axis,
                         int           objective)
{
  g_return_if_fail (TF_IS_PARETO_PLOT (self));
  g_return_if_fail (axis < TF_N_PARETO_AXES);

  if (tf_pareto_model_get_axis (self->model, axis) == objective)
    return;
  tf_pareto_model_set_axis (self->model, axis, objective);
  tf_pareto_model_reset_view (self->model);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), axis_property (axis));
}

gboolean
tf_pareto_plot_set_log (TfParetoPlot *self,
                        TfParetoAxis  axis,
                        gboolean      log)
{
  g_return_val_if_fail (TF_IS_PARETO_PLOT (self), FALSE);
  g_return_val_if_fail (axis == TF_PARETO_AXIS_X || axis == TF_PARETO_AXIS_Y, FALSE);

  log = !!log;
  if (tf_pareto_model_get_log (self->model, axis) == log)
    return TRUE;
  if (!tf_pareto_model_set_log (self->model, axis, log))
    return FALSE;
  tf_pareto_model_reset_view (self->model);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[axis == TF_PARETO_AXIS_X ? PROP_X_LOG : PROP_Y_LOG]);
  return TRUE;
}

void
tf_pareto_plot_get_area (TfParetoPlot    *self,
                         graphene_rect_t *area)
{
  g_return_if_fail (TF_IS_PARETO_PLOT (self));
  g_return_if_fail (area != NULL);

  *area = self->area;
}

guint
tf_pareto_plot_get_n_selected (TfParetoPlot *self)
{
  g_return_val_if_fail (TF_IS_PARETO_PLOT (self), 0);

  return self->selection->len;
}

GtkWidget *
tf_pareto_plot_new (void)
{
  return g_object_new (TF_TYPE_PARETO_PLOT, NULL);
}

/* ---- object ---- */

static void
tf_pareto_plot_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TfParetoPlot *self = TF_PARETO_PLOT (object);

  switch (prop_id)
    {
    case PROP_N_SELECTED:
      g_value_set_uint (value, self->selection->len);
      break;
    case PROP_X_AXIS:
    case PROP_Y_AXIS:
    case PROP_COLOUR_AXIS:
      g_value_set_int (value, tf_pareto_model_get_axis (self->model, prop_id - PROP_X_AXIS));
      break;
    case PROP_X_LOG:
      g_value_set_boolean (value, tf_pareto_model_get_log (self->model, TF_PARETO_AXIS_X));
      break;
    case PROP_Y_LOG:
      g_value_set_boolean (value, tf_pareto_model_get_log (self->model, TF_PARETO_AXIS_Y));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_pareto_plot_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TfParetoPlot *self = TF_PARETO_PLOT (object);

  switch (prop_id)
    {
    case PROP_X_AXIS:
    case PROP_Y_AXIS:
    case PROP_COLOUR_AXIS:
      tf_pareto_plot_set_axis (self, prop_id - PROP_X_AXIS, g_value_get_int (value));
      break;
    case PROP_X_LOG:
      tf_pareto_plot_set_log (self, TF_PARETO_AXIS_X, g_value_get_boolean (value));
      break;
    case PROP_Y_LOG:
      tf_pareto_plot_set_log (self, TF_PARETO_AXIS_Y, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_pareto_plot_finalize (GObject *object)
{
  TfParetoPlot *self = TF_PARETO_PLOT (object);

  g_clear_pointer (&self->model, tf_pareto_model_free);
  g_clear_pointer (&self->selection, g_array_unref);
  g_clear_pointer (&self->file_selection, g_array_unref);
  g_clear_pointer (&self->legend, g_array_unref);
  g_clear_pointer (&self->cloud_node[0], gsk_render_node_unref);
  g_clear_pointer (&self->cloud_node[1], gsk_render_node_unref);
  G_OBJECT_CLASS (tf_pareto_plot_parent_class)->finalize (object);
}

static void
focus_changed (TfParetoPlot *self)
{
  /* The focus ring shows only while the plot has the keyboard. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
tf_pareto_plot_class_init (TfParetoPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const guint zoom_in_keys[] = { GDK_KEY_plus, GDK_KEY_KP_Add, GDK_KEY_equal };
  static const guint zoom_out_keys[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract };

  object_class->get_property = tf_pareto_plot_get_property;
  object_class->set_property = tf_pareto_plot_set_property;
  object_class->finalize = tf_pareto_plot_finalize;
  widget_class->snapshot = tf_pareto_plot_snapshot;
  widget_class->size_allocate = tf_pareto_plot_size_allocate;
  widget_class->measure = tf_pareto_plot_measure;

  properties[PROP_N_SELECTED] =
    g_param_spec_uint ("n-selected", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Objective indices; -1 for the colour axis means none. */
  properties[PROP_X_AXIS] =
    g_param_spec_int ("x-axis", NULL, NULL, 0, TF_N_OBJECTIVES - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_Y_AXIS] =
    g_param_spec_int ("y-axis", NULL, NULL, 0, TF_N_OBJECTIVES - 1, 1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLOUR_AXIS] =
    g_param_spec_int ("colour-axis", NULL, NULL, -1, TF_N_OBJECTIVES - 1, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_X_LOG] =
    g_param_spec_boolean ("x-log", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_Y_LOG] =
    g_param_spec_boolean ("y-log", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The selection differs from the last one announced; read tf_pareto_model_get_selection (). */
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 0);
  /* A front point (its index) was double-clicked or had Enter pressed on it. */
  signals[POINT_ACTIVATED] = g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "plot.zoom-in", NULL, zoom_in_activated);
  gtk_widget_class_install_action (widget_class, "plot.zoom-out", NULL, zoom_out_activated);
  gtk_widget_class_install_action (widget_class, "plot.reset-view", NULL, reset_view_activated);
  gtk_widget_class_install_action (widget_class, "plot.move-focus", "i", move_focus_activated);
  gtk_widget_class_install_action (widget_class, "plot.select-focus", "u",
                                   select_focus_activated);
  gtk_widget_class_install_action (widget_class, "plot.activate-focus", NULL,
                                   activate_focus_activated);
  gtk_widget_class_install_action (widget_class, "plot.clear-selection", NULL,
                                   clear_selection_activated);

  for (guint i = 0; i < G_N_ELEMENTS (zoom_in_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, zoom_in_keys[i], 0, "plot.zoom-in", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (zoom_out_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, zoom_out_keys[i], 0, "plot.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "plot.reset-view", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Home, 0, "plot.reset-view", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "plot.move-focus", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "plot.move-focus", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "plot.move-focus", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "plot.move-focus", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "plot.select-focus",
                                       "u", (guint32) TF_PARETO_SELECT_REPLACE);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, GDK_CONTROL_MASK,
                                       "plot.select-focus", "u",
                                       (guint32) TF_PARETO_SELECT_TOGGLE);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, GDK_SHIFT_MASK,
                                       "plot.select-focus", "u",
                                       (guint32) TF_PARETO_SELECT_EXTEND);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "plot.activate-focus",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "plot.activate-focus",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "plot.clear-selection",
                                       NULL);

  gtk_widget_class_set_css_name (widget_class, "paretoplot");
  /* GTK 4.8 gives a drawn widget no accessible children, so the plot is a group whose label
   * says what it shows and whose description is the focused point (see update_description). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tf_pareto_plot_init (TfParetoPlot *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  self->model = tf_pareto_model_new ();
  self->selection = g_array_new (FALSE, FALSE, sizeof (guint));
  self->file_selection = g_array_new (FALSE, FALSE, sizeof (guint));
  self->legend = g_array_new (FALSE, FALSE, sizeof (TfParetoLegendEntry));
  self->hover_set = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip), self);
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (focus_changed), NULL);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (pressed), self);
  g_signal_connect (gesture, "released", G_CALLBACK (released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  update_label (self);
  update_description (self);
  update_actions (self);
}
