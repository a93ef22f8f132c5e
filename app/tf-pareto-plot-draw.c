/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-plot-draw.c: how the Pareto plot looks. The margins come from the sizes of the
 * labels, the plot rectangle goes to the model, and the snapshot draws the grid, the axes and
 * their titles, the colour bar, then inside the rectangle the evaluated dots, the front, the
 * baseline above it and the rings of the selected, focused and hovered points. Colours follow
 * the theme's foreground, so it reads in light and dark styles. GTK 4.8 has no paths: circles
 * are rounded clips and borders, lines turned rectangles. */
#include <glib/gi18n.h>
#include <math.h>

#include "tf-pareto-plot-private.h"

#define FRONT_RADIUS     4.0   /* front points are 8 px discs */
#define BASELINE_HALF    4.5   /* baseline points are 9 px hollow squares */
#define EVALUATED_SIZE   2.0
#define TICK_LENGTH      4.0
#define PAD              8.0   /* around everything */
#define GAP              4.0   /* between a tick, its label and the title */
#define BAR_WIDTH        12.0

/* The baseline's squares in a red no viridis colour comes near, lighter on a dark background;
 * front points without a colour axis in the GNOME accent blue. */
static const GdkRGBA baseline_light = { 0.878f, 0.106f, 0.141f, 1.f };
static const GdkRGBA baseline_dark = { 1.f, 0.482f, 0.388f, 1.f };
static const GdkRGBA accent = { 0.208f, 0.518f, 0.894f, 1.f };

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
void
tf_pareto_plot_layout (TfParetoPlot *self)
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
  guint revision = tf_pareto_model_get_revision (self->model);
  GdkRGBA dot = with_alpha (*fg, 0.35f);
  const float half = (float) EVALUATED_SIZE / 2;
  GtkSnapshot *points;

  if (self->evaluated_node == NULL || self->evaluated_revision != revision
      || !gdk_rgba_equal (&self->evaluated_colour, &dot))
    {
      /* Thousands of points: one colour node each, no clip, no rounding. */
      points = gtk_snapshot_new ();
      for (guint i = 0; i < n; i++)
        {
          double x, y;

          if (tf_pareto_model_get_position (self->model, TF_PARETO_EVALUATED, i, &x, &y))
            gtk_snapshot_append_color (points, &dot,
                                       &GRAPHENE_RECT_INIT ((float) x - half, (float) y - half,
                                                            (float) EVALUATED_SIZE,
                                                            (float) EVALUATED_SIZE));
        }
      g_clear_pointer (&self->evaluated_node, gsk_render_node_unref);
      self->evaluated_node = gtk_snapshot_free_to_node (points);
      self->evaluated_revision = revision;
      self->evaluated_colour = dot;
    }
  if (self->evaluated_node != NULL)
    gtk_snapshot_append_node (snapshot, self->evaluated_node);
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

  if (self->drag != TF_PARETO_PLOT_DRAG_BAND && self->drag != TF_PARETO_PLOT_DRAG_ZOOM)
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

void
tf_pareto_plot_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);
  GdkRGBA fg = foreground (self);
  GdkRGBA dim = with_alpha (fg, 0.55f);
  graphene_rect_t clip;

  if (tf_pareto_plot_is_empty (self))
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

