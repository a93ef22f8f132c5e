/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-plot.c: the Pareto plot widget. The model (tf-pareto-model.c) knows where every
 * point is, which one a pixel hits and what is selected; this file lays out the axes around the
 * plot rectangle, draws with GtkSnapshot and turns pointer and keys into model calls. The
 * pointer handlers are thin shells over the public click/drag/scroll bodies, so tests go
 * through the code the user does. */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tf-pareto-plot.h"

#define HIT_RADIUS       8.0   /* pixels: a click or hover this near a point takes it */
#define FRONT_RADIUS     4.0   /* front points are 8 px discs */
#define BASELINE_HALF    4.5   /* baseline points are 9 px hollow squares */
#define EVALUATED_SIZE   2.0
#define TICK_LENGTH      4.0
#define PAD              8.0   /* around everything */
#define GAP              4.0   /* between a tick, its label and the title */
#define BAR_WIDTH        12.0
#define KEY_ZOOM         1.25
#define WHEEL_ZOOM       1.2

typedef enum
{
  DRAG_NONE,
  DRAG_PENDING,   /* pressed, not yet past the drag threshold: still a click */
  DRAG_BAND,      /* selects the front points inside */
  DRAG_ZOOM,      /* the view shows the rectangle */
  DRAG_PAN,
} DragKind;

struct _TfParetoPlot
{
  GtkWidget        parent_instance;
  TfParetoModel   *model;
  GArray          *selection;   /* as last announced: selection-changed fires when it differs */
  graphene_rect_t  area;        /* the plot rectangle, as given to the model */
  graphene_rect_t  bar;         /* the colour bar; zero width without a colour axis */
  int              hover_set;   /* a TfParetoSet, or -1 */
  guint            hover_index;
  DragKind         drag;
  DragKind         drag_kind;   /* what the press becomes past the threshold */
  GdkModifierType  drag_state;
  double           drag_x, drag_y;     /* where it started */
  double           drag_dx, drag_dy;   /* the offset so far */
  gboolean         dragged;     /* this press became a drag: its release is no click */
  double           pointer_x, pointer_y;   /* the wheel zooms about it */
};

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

/* The baseline's squares in a red no viridis colour comes near, lighter on a dark background;
 * front points without a colour axis in the GNOME accent blue. */
static const GdkRGBA baseline_light = { 0.878f, 0.106f, 0.141f, 1.f };
static const GdkRGBA baseline_dark = { 1.f, 0.482f, 0.388f, 1.f };
static const GdkRGBA accent = { 0.208f, 0.518f, 0.894f, 1.f };

static TfParetoSelectMode
mode_for (GdkModifierType state)
{
  if (state & GDK_CONTROL_MASK)
    return TF_PARETO_SELECT_TOGGLE;
  if (state & GDK_SHIFT_MASK)
    return TF_PARETO_SELECT_EXTEND;
  return TF_PARETO_SELECT_REPLACE;
}

static gboolean
is_empty (TfParetoPlot *self)
{
  for (guint s = 0; s < TF_N_PARETO_SETS; s++)
    if (tf_pareto_model_get_n_points (self->model, s) > 0)
      return FALSE;
  return TRUE;
}

static GdkRGBA
foreground (TfParetoPlot *self)
{
  GdkRGBA colour;

  /* gtk_widget_get_color () is GTK 4.10; the style context is what 4.8 offers. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &colour);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return colour;
}

static GdkRGBA
with_alpha (GdkRGBA colour,
            float   alpha)
{
  colour.alpha *= alpha;
  return colour;
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
  g_autofree char *x = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_X);
  g_autofree char *y = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_Y);
  g_autofree char *colour = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_COLOUR);
  GString *label = g_string_new (NULL);

  if (is_empty (self))
    g_string_append (label, _("Pareto front: no candidates yet"));
  else
    {
      g_string_append_printf (label,
                              /* Translators: the accessible name of the plot, then its axes */
                              ngettext ("Pareto front: %u candidate", "Pareto front: %u candidates",
                                        n_front), n_front);
      if (n_baseline > 0)
        g_string_append_printf (label, ngettext (", %u baseline point", ", %u baseline points",
                                                 n_baseline), n_baseline);
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
static void
sync_selection (TfParetoPlot *self)
{
  g_autoptr(GArray) now = tf_pareto_model_get_selection (self->model);
  guint old_len = self->selection->len;

  if (now->len == old_len
      && memcmp (now->data, self->selection->data,
                 (gsize) now->len * g_array_get_element_size (now)) == 0)
    return;
  g_array_unref (self->selection);
  self->selection = g_steal_pointer (&now);
  update_description (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  if (self->selection->len != old_len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SELECTED]);
}

/* ---- layout ---- */

static void
text_size (TfParetoPlot *self,
           const char   *text,
           double       *width,
           double       *height)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  *width = w;
  *height = h;
}

/* The widest tick label of @axis, at least a typical one's so zooming rarely outgrows it. */
static double
widest_label (TfParetoPlot *self,
              TfParetoAxis  axis)
{
  TfParetoTick ticks[TF_PARETO_MAX_TICKS];
  guint n = tf_pareto_model_get_ticks (self->model, axis, ticks, TF_PARETO_MAX_TICKS);
  double widest, w, h;

  text_size (self, "888.8", &widest, &h);
  for (guint i = 0; i < n; i++)
    {
      text_size (self, ticks[i].label, &w, &h);
      widest = MAX (widest, w);
    }
  return widest;
}

static void
set_area (TfParetoPlot *self,
          double        left,
          double        top,
          double        right,
          double        bottom)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  graphene_rect_init (&self->area, (float) left, (float) top,
                      (float) MAX (1.0, width - left - right),
                      (float) MAX (1.0, height - top - bottom));
  tf_pareto_model_set_area (self->model, self->area.origin.x, self->area.origin.y,
                            self->area.size.width, self->area.size.height);
}

/* Margins from the sizes of the labels: the y labels' width depends on the ticks, which depend
 * on the area, so a first guess places the area and the real labels place it again. */
static void
update_layout (TfParetoPlot *self)
{
  gboolean has_colour = tf_pareto_model_get_axis (self->model, TF_PARETO_AXIS_COLOUR) >= 0;
  double line_w, line, left, right, top, bottom, w, h;
  TfParetoTick ticks[TF_PARETO_MAX_TICKS];
  guint n;

  if (gtk_widget_get_width (GTK_WIDGET (self)) <= 0)
    return;
  text_size (self, "Ag", &line_w, &line);
  text_size (self, "888.8", &w, &h);
  top = PAD + line / 2;
  bottom = TICK_LENGTH + GAP + line + GAP + line + PAD;
  /* The first guess depends on nothing earlier, so one view always gets one layout. */
  left = PAD + line + GAP + w + GAP + TICK_LENGTH;
  right = PAD + line_w;
  if (has_colour)
    right = 4 * GAP + BAR_WIDTH + TICK_LENGTH + GAP + widest_label (self, TF_PARETO_AXIS_COLOUR)
            + 2 * GAP + line + PAD;
  set_area (self, left, top, right, bottom);
  /* The model fits the view to as many nice ticks as the area holds: an unzoomed view refits. */
  if (!tf_pareto_model_is_zoomed (self->model))
    tf_pareto_model_reset_view (self->model);

  left = PAD + line + GAP + widest_label (self, TF_PARETO_AXIS_Y) + GAP + TICK_LENGTH;
  if (!has_colour)
    {
      /* The last x label is centred on the area's right edge. */
      n = tf_pareto_model_get_ticks (self->model, TF_PARETO_AXIS_X, ticks, TF_PARETO_MAX_TICKS);
      if (n > 0)
        {
          text_size (self, ticks[n - 1].label, &w, &h);
          right = MAX (right, PAD + w / 2);
        }
    }
  set_area (self, left, top, right, bottom);
  if (!tf_pareto_model_is_zoomed (self->model))
    tf_pareto_model_reset_view (self->model);
  if (has_colour)
    graphene_rect_init (&self->bar, self->area.origin.x + self->area.size.width + 4 * GAP,
                        self->area.origin.y, BAR_WIDTH, self->area.size.height);
  else
    graphene_rect_init (&self->bar, 0, 0, 0, 0);
}

/* After the axes or the points changed: the margins, the words, the focus all follow. */
static void
refresh (TfParetoPlot *self)
{
  int focus = tf_pareto_model_get_focus (self->model);

  if (focus >= (int) tf_pareto_model_get_n_points (self->model, TF_PARETO_FRONT))
    tf_pareto_model_set_focus (self->model, -1);
  self->hover_set = -1;
  update_layout (self);
  update_label (self);
  update_description (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- drawing ---- */

static void
append_layout_at (GtkSnapshot   *snapshot,
                  PangoLayout   *layout,
                  double         x,
                  double         y,
                  const GdkRGBA *colour)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x, (float) y));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
}

/* @text centred on (@x, @y); turned a quarter anticlockwise when @vertical. */
static void
append_text (TfParetoPlot  *self,
             GtkSnapshot   *snapshot,
             const char    *text,
             double         x,
             double         y,
             gboolean       vertical,
             const GdkRGBA *colour)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x, (float) y));
  if (vertical)
    gtk_snapshot_rotate (snapshot, -90.f);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-w / 2.f, -h / 2.f));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
}

static void
append_disc (GtkSnapshot   *snapshot,
             double         x,
             double         y,
             double         radius,
             const GdkRGBA *colour)
{
  GskRoundedRect disc;

  gsk_rounded_rect_init_from_rect (&disc, &GRAPHENE_RECT_INIT ((float) (x - radius),
                                                               (float) (y - radius),
                                                               (float) (2 * radius),
                                                               (float) (2 * radius)),
                                   (float) radius);
  gtk_snapshot_push_rounded_clip (snapshot, &disc);
  gtk_snapshot_append_color (snapshot, colour, &disc.bounds);
  gtk_snapshot_pop (snapshot);
}

/* An outline of @width inside a square of half side @radius, a circle when @rounded. */
static void
append_outline (GtkSnapshot   *snapshot,
                double         x,
                double         y,
                double         radius,
                gboolean       rounded,
                double         width,
                const GdkRGBA *colour)
{
  const float widths[4] = { (float) width, (float) width, (float) width, (float) width };
  const GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };
  GskRoundedRect outline;

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT ((float) (x - radius),
                                                                  (float) (y - radius),
                                                                  (float) (2 * radius),
                                                                  (float) (2 * radius)),
                                   rounded ? (float) radius : 0.f);
  gtk_snapshot_append_border (snapshot, &outline, widths, colours);
}

/* A thin line as a turned rectangle: GTK 4.8 has no paths. */
static void
append_line (GtkSnapshot   *snapshot,
             double         x0,
             double         y0,
             double         x1,
             double         y1,
             double         width,
             const GdkRGBA *colour)
{
  double length = hypot (x1 - x0, y1 - y0);

  if (length < 0.5)
    return;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x0, (float) y0));
  gtk_snapshot_rotate (snapshot, (float) (atan2 (y1 - y0, x1 - x0) * 180 / G_PI));
  gtk_snapshot_append_color (snapshot, colour,
                             &GRAPHENE_RECT_INIT (0, (float) (-width / 2), (float) length,
                                                  (float) width));
  gtk_snapshot_restore (snapshot);
}

static void
draw_axes (TfParetoPlot  *self,
           GtkSnapshot   *snapshot,
           const GdkRGBA *fg)
{
  const graphene_rect_t *a = &self->area;
  float left = a->origin.x, top = a->origin.y;
  float right = left + a->size.width, bottom = top + a->size.height;
  GdkRGBA grid = with_alpha (*fg, 0.1f), axis = with_alpha (*fg, 0.5f);
  GdkRGBA label = with_alpha (*fg, 0.8f);
  TfParetoTick ticks[TF_PARETO_MAX_TICKS];
  double line_w, line, last_end = -G_MAXDOUBLE;
  g_autofree char *x_title = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_X);
  g_autofree char *y_title = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_Y);
  guint n;

  text_size (self, "Ag", &line_w, &line);

  n = tf_pareto_model_get_ticks (self->model, TF_PARETO_AXIS_X, ticks, TF_PARETO_MAX_TICKS);
  for (guint i = 0; i < n; i++)
    {
      float x = (float) ticks[i].position;
      double w, h;

      if (x < left - 0.5f || x > right + 0.5f)
        continue;
      gtk_snapshot_append_color (snapshot, &grid, &GRAPHENE_RECT_INIT (x - 0.5f, top, 1, a->size.height));
      gtk_snapshot_append_color (snapshot, &axis,
                                 &GRAPHENE_RECT_INIT (x - 0.5f, bottom, 1, (float) TICK_LENGTH));
      /* Labels that would touch the previous one are left out, not overlapped. */
      text_size (self, ticks[i].label, &w, &h);
      if (x - w / 2 < last_end + GAP)
        continue;
      append_text (self, snapshot, ticks[i].label, x, bottom + TICK_LENGTH + GAP + line / 2,
                   FALSE, &label);
      last_end = x + w / 2;
    }

  n = tf_pareto_model_get_ticks (self->model, TF_PARETO_AXIS_Y, ticks, TF_PARETO_MAX_TICKS);
  last_end = G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    {
      float y = (float) ticks[i].position;
      g_autoptr(PangoLayout) layout = NULL;
      int w, h;

      if (y < top - 0.5f || y > bottom + 0.5f)
        continue;
      gtk_snapshot_append_color (snapshot, &grid, &GRAPHENE_RECT_INIT (left, y - 0.5f, a->size.width, 1));
      gtk_snapshot_append_color (snapshot, &axis,
                                 &GRAPHENE_RECT_INIT (left - (float) TICK_LENGTH, y - 0.5f,
                                                      (float) TICK_LENGTH, 1));
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), ticks[i].label);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (fabs (y - last_end) < h)
        continue;
      append_layout_at (snapshot, layout, left - TICK_LENGTH - GAP - w, y - h / 2.0, &label);
      last_end = y;
    }

  gtk_snapshot_append_color (snapshot, &axis, &GRAPHENE_RECT_INIT (left - 0.5f, top, 1, a->size.height));
  gtk_snapshot_append_color (snapshot, &axis,
                             &GRAPHENE_RECT_INIT (left - 0.5f, bottom - 0.5f, a->size.width + 0.5f, 1));

  if (x_title != NULL)
    append_text (self, snapshot, x_title, left + a->size.width / 2,
                 bottom + TICK_LENGTH + GAP + line + GAP + line / 2, FALSE, fg);
  if (y_title != NULL)
    append_text (self, snapshot, y_title, PAD + line / 2, top + a->size.height / 2, TRUE, fg);
}

static void
draw_colour_bar (TfParetoPlot  *self,
                 GtkSnapshot   *snapshot,
                 const GdkRGBA *fg)
{
  const graphene_rect_t *bar = &self->bar;
  GskColorStop stops[11];
  TfParetoTick ticks[TF_PARETO_MAX_TICKS];
  GdkRGBA axis = with_alpha (*fg, 0.5f), label = with_alpha (*fg, 0.8f);
  g_autofree char *title = tf_pareto_model_dup_axis_title (self->model, TF_PARETO_AXIS_COLOUR);
  double line_w, line, widest = 0;
  float bottom = bar->origin.y + bar->size.height;
  guint n;

  if (bar->size.width <= 0 || title == NULL)
    return;
  /* Low values at the bottom, as on the y axis. */
  for (guint i = 0; i < G_N_ELEMENTS (stops); i++)
    {
      double rgb[3];

      stops[i].offset = (float) i / (G_N_ELEMENTS (stops) - 1);
      tf_pareto_viridis (stops[i].offset, rgb);
      stops[i].color = (GdkRGBA) { (float) rgb[0], (float) rgb[1], (float) rgb[2], 1.f };
    }
  gtk_snapshot_append_linear_gradient (snapshot, bar,
                                       &GRAPHENE_POINT_INIT (bar->origin.x, bottom),
                                       &GRAPHENE_POINT_INIT (bar->origin.x, bar->origin.y),
                                       stops, G_N_ELEMENTS (stops));
  gtk_snapshot_append_border (snapshot,
                              &GSK_ROUNDED_RECT_INIT (bar->origin.x, bar->origin.y,
                                                      bar->size.width, bar->size.height),
                              (const float[4]) { 1, 1, 1, 1 },
                              (const GdkRGBA[4]) { axis, axis, axis, axis });

  n = tf_pareto_model_get_ticks (self->model, TF_PARETO_AXIS_COLOUR, ticks, TF_PARETO_MAX_TICKS);
  for (guint i = 0; i < n; i++)
    {
      float y = bottom - (float) ticks[i].position * bar->size.height;
      float right = bar->origin.x + bar->size.width;
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self),
                                                                      ticks[i].label);
      int w, h;

      if (ticks[i].position < -1e-6 || ticks[i].position > 1 + 1e-6)
        continue;
      gtk_snapshot_append_color (snapshot, &axis,
                                 &GRAPHENE_RECT_INIT (right, y - 0.5f, (float) TICK_LENGTH, 1));
      pango_layout_get_pixel_size (layout, &w, &h);
      append_layout_at (snapshot, layout, right + TICK_LENGTH + GAP, y - h / 2.0, &label);
      widest = MAX (widest, w);
    }
  text_size (self, "Ag", &line_w, &line);
  widest = MAX (widest, widest_label (self, TF_PARETO_AXIS_COLOUR));
  append_text (self, snapshot, title,
               bar->origin.x + bar->size.width + TICK_LENGTH + GAP + widest + 2 * GAP + line / 2,
               bar->origin.y + bar->size.height / 2, TRUE, fg);
}

static void
draw_evaluated (TfParetoPlot  *self,
                GtkSnapshot   *snapshot,
                const GdkRGBA *fg)
{
  guint n = tf_pareto_model_get_n_points (self->model, TF_PARETO_EVALUATED);
  GdkRGBA dot = with_alpha (*fg, 0.35f);
  const float half = (float) EVALUATED_SIZE / 2;

  /* Thousands of points: one colour node each, no clip, no rounding. */
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      if (tf_pareto_model_get_position (self->model, TF_PARETO_EVALUATED, i, &x, &y))
        gtk_snapshot_append_color (snapshot, &dot,
                                   &GRAPHENE_RECT_INIT ((float) x - half, (float) y - half,
                                                        (float) EVALUATED_SIZE,
                                                        (float) EVALUATED_SIZE));
    }
}

static int
compare_x (gconstpointer a,
           gconstpointer b)
{
  const graphene_point_t *p = a, *q = b;

  return (p->x > q->x) - (p->x < q->x);
}

/* With two objectives the front is a curve and a line in x order shows it; with more, its
 * projection zigzags and a line would only mislead. */
static void
draw_front_line (TfParetoPlot  *self,
                 GtkSnapshot   *snapshot,
                 const GdkRGBA *fg)
{
  guint n = tf_pareto_model_get_n_points (self->model, TF_PARETO_FRONT);
  g_autoptr(GArray) points = NULL;
  GdkRGBA line = with_alpha (*fg, 0.35f);

  if (tf_pareto_model_get_n_objectives (self->model) != 2 || n < 2)
    return;
  points = g_array_sized_new (FALSE, FALSE, sizeof (graphene_point_t), n);
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      graphene_point_t p;

      if (!tf_pareto_model_get_position (self->model, TF_PARETO_FRONT, i, &x, &y))
        continue;
      graphene_point_init (&p, (float) x, (float) y);
      g_array_append_val (points, p);
    }
  g_array_sort (points, compare_x);
  for (guint i = 1; i < points->len; i++)
    {
      const graphene_point_t *p = &g_array_index (points, graphene_point_t, i - 1);
      const graphene_point_t *q = &g_array_index (points, graphene_point_t, i);

      append_line (snapshot, p->x, p->y, q->x, q->y, 1.2, &line);
    }
}

static void
draw_front (TfParetoPlot  *self,
            GtkSnapshot   *snapshot,
            const GdkRGBA *fg)
{
  guint n = tf_pareto_model_get_n_points (self->model, TF_PARETO_FRONT);
  GdkRGBA edge = with_alpha (*fg, 0.55f);

  for (guint i = 0; i < n; i++)
    {
      GdkRGBA fill = accent;
      double x, y, fraction, rgb[3];

      if (!tf_pareto_model_get_position (self->model, TF_PARETO_FRONT, i, &x, &y))
        continue;
      if (tf_pareto_model_get_colour (self->model, TF_PARETO_FRONT, i, &fraction))
        {
          tf_pareto_viridis (fraction, rgb);
          fill = (GdkRGBA) { (float) rgb[0], (float) rgb[1], (float) rgb[2], 1.f };
        }
      append_disc (snapshot, x, y, FRONT_RADIUS, &fill);
      /* The yellow end of viridis vanishes on a light background without an edge. */
      append_outline (snapshot, x, y, FRONT_RADIUS, TRUE, 1, &edge);
    }
}

static void
draw_baseline (TfParetoPlot  *self,
               GtkSnapshot   *snapshot,
               const GdkRGBA *fg)
{
  guint n = tf_pareto_model_get_n_points (self->model, TF_PARETO_BASELINE);
  /* A light foreground means a dark theme. */
  gboolean dark = fg->red + fg->green + fg->blue > 1.5f;
  const GdkRGBA *colour = dark ? &baseline_dark : &baseline_light;

  for (guint i = 0; i < n; i++)
    {
      double x, y;

      if (tf_pareto_model_get_position (self->model, TF_PARETO_BASELINE, i, &x, &y))
        append_outline (snapshot, x, y, BASELINE_HALF, FALSE, 2, colour);
    }
}

/* A dotted ring: GTK 4.8 cannot stroke a dashed circle, little squares around one read as it. */
static void
append_dotted_ring (GtkSnapshot   *snapshot,
                    double         x,
                    double         y,
                    double         radius,
                    const GdkRGBA *colour)
{
  const guint n = 12;

  for (guint i = 0; i < n; i++)
    {
      double angle = 2 * G_PI * i / n;

      gtk_snapshot_append_color (snapshot, colour,
                                 &GRAPHENE_RECT_INIT ((float) (x + radius * cos (angle) - 1),
                                                      (float) (y + radius * sin (angle) - 1),
                                                      2, 2));
    }
}

static void
draw_marks (TfParetoPlot  *self,
            GtkSnapshot   *snapshot,
            const GdkRGBA *fg)
{
  GdkRGBA hover = with_alpha (*fg, 0.6f);
  int focus = tf_pareto_model_get_focus (self->model);
  double x, y;

  for (guint i = 0; i < self->selection->len; i++)
    {
      guint index = g_array_index (self->selection, guint, i);

      if (tf_pareto_model_get_position (self->model, TF_PARETO_FRONT, index, &x, &y))
        append_outline (snapshot, x, y, FRONT_RADIUS + 3, TRUE, 2.5, fg);
    }
  if (focus >= 0 && gtk_widget_has_focus (GTK_WIDGET (self))
      && tf_pareto_model_get_position (self->model, TF_PARETO_FRONT, focus, &x, &y))
    append_dotted_ring (snapshot, x, y, FRONT_RADIUS + 7, fg);
  if (self->hover_set >= 0
      && tf_pareto_model_get_position (self->model, self->hover_set, self->hover_index, &x, &y))
    append_outline (snapshot, x, y, FRONT_RADIUS + 5, TRUE, 1.5, &hover);
}

static void
draw_band (TfParetoPlot  *self,
           GtkSnapshot   *snapshot)
{
  GdkRGBA fill = with_alpha (accent, 0.15f);
  graphene_rect_t band;

  if (self->drag != DRAG_BAND && self->drag != DRAG_ZOOM)
    return;
  graphene_rect_init (&band, (float) self->drag_x, (float) self->drag_y,
                      (float) self->drag_dx, (float) self->drag_dy);
  graphene_rect_normalize (&band);
  gtk_snapshot_append_color (snapshot, &fill, &band);
  gtk_snapshot_append_border (snapshot,
                              &GSK_ROUNDED_RECT_INIT (band.origin.x, band.origin.y,
                                                      band.size.width, band.size.height),
                              (const float[4]) { 1, 1, 1, 1 },
                              (const GdkRGBA[4]) { accent, accent, accent, accent });
}

static void
tf_pareto_plot_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);
  GdkRGBA fg = foreground (self);
  GdkRGBA dim = with_alpha (fg, 0.55f);
  graphene_rect_t clip;

  if (is_empty (self))
    {
      append_text (self, snapshot, _("No candidates yet"), gtk_widget_get_width (widget) / 2.0,
                   gtk_widget_get_height (widget) / 2.0, FALSE, &dim);
      return;
    }
  draw_axes (self, snapshot, &fg);
  draw_colour_bar (self, snapshot, &fg);
  /* Points on the view's edge show whole; nothing spills into the labels. */
  graphene_rect_inset_r (&self->area, -(float) (FRONT_RADIUS + 2), -(float) (FRONT_RADIUS + 2),
                         &clip);
  gtk_snapshot_push_clip (snapshot, &clip);
  draw_evaluated (self, snapshot, &fg);
  draw_front_line (self, snapshot, &fg);
  draw_front (self, snapshot, &fg);
  draw_baseline (self, snapshot, &fg);
  draw_marks (self, snapshot, &fg);
  gtk_snapshot_pop (snapshot);
  draw_band (self, snapshot);
}

static void
tf_pareto_plot_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  update_layout (TF_PARETO_PLOT (widget));
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
  g_autofree char *text = NULL;
  TfParetoSet set = TF_PARETO_FRONT;
  guint index = 0;
  double px, py;

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

  g_return_val_if_fail (TF_IS_PARETO_PLOT (self), NULL);

  if (!tf_pareto_model_hit (self->model, x, y, HIT_RADIUS, &set, &index))
    return NULL;
  return tf_pareto_model_dup_description (self->model, set, index);
}

/* A press on a front point selects it; on empty space a plain click clears the selection. */
static gboolean
click (TfParetoPlot    *self,
       double           x,
       double           y,
       GdkModifierType  state,
       int              n_press)
{
  TfParetoSet set;
  guint index;
  gboolean on_front = tf_pareto_model_hit (self->model, x, y, HIT_RADIUS, &set, &index)
                      && set == TF_PARETO_FRONT;

  if (n_press == 2)
    {
      if (on_front)
        g_signal_emit (self, signals[POINT_ACTIVATED], 0, index);
      else
        gtk_widget_activate_action (GTK_WIDGET (self), "plot.reset-view", NULL);
      return on_front;
    }
  if (on_front)
    {
      tf_pareto_model_select (self->model, index, mode_for (state));
      tf_pareto_model_set_focus (self->model, index);
      update_description (self);
      update_actions (self);
    }
  else if (mode_for (state) == TF_PARETO_SELECT_REPLACE)
    tf_pareto_model_clear_selection (self->model);
  sync_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return on_front;
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
    self->drag_kind = DRAG_PAN;
  else if (button == GDK_BUTTON_PRIMARY)
    self->drag_kind = DRAG_BAND;
  else if (button == GDK_BUTTON_SECONDARY)
    self->drag_kind = DRAG_ZOOM;
  else
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag = DRAG_PENDING;
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
  if (self->drag == DRAG_NONE)
    return;
  if (self->drag == DRAG_PENDING)
    {
      if (!gtk_drag_check_threshold (GTK_WIDGET (self), (int) self->drag_x, (int) self->drag_y,
                                     (int) (self->drag_x + dx), (int) (self->drag_y + dy)))
        return;
      self->drag = self->drag_kind;
      self->dragged = TRUE;
      if (self->drag == DRAG_PAN)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }
  if (self->drag == DRAG_PAN)
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
  DragKind kind = self->drag;

  self->drag = DRAG_NONE;
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  if (kind == DRAG_BAND)
    tf_pareto_plot_drag (self, self->drag_x, self->drag_y, self->drag_x + dx, self->drag_y + dy,
                         self->drag_state);
  else if (kind == DRAG_ZOOM)
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
  tf_pareto_plot_scroll (self, self->pointer_x, self->pointer_y, dy);
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

  if (focus < 0)
    return;
  tf_pareto_model_select (self->model, focus, g_variant_get_uint32 (parameter));
  sync_selection (self);
  update_description (self);
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
  tf_pareto_model_select (self->model, focus, TF_PARETO_SELECT_REPLACE);
  sync_selection (self);
  update_description (self);
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
