/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-plot-draw.c: how the Pareto plot looks. The legend takes the top, the margins come
 * from the sizes of the labels, the plot rectangle goes to the model, and the snapshot draws the
 * grid, the axes and their titles, the colour bar, the legend, then inside the rectangle the
 * family's and the search's evaluated dots, the front (its representatives over the rest of
 * it), the family front's diamonds around them, the baseline's squares, the evaluated files'
 * crosses with their names, and the rings of the selected, focused and hovered points. Colours
 * follow the theme's foreground, so it reads in light and dark styles. GTK 4.8 has no paths:
 * circles are rounded clips and borders, diamonds turned squares, lines turned rectangles. */
#include <glib/gi18n.h>
#include <math.h>

#include "tf-format.h"
#include "tf-pareto-plot-private.h"

#define FRONT_RADIUS     4.0   /* front points are 8 px discs */
#define MEMBER_RADIUS    2.5   /* the rest of the front, 5 px discs */
#define BASELINE_HALF    4.5   /* baseline points are 9 px hollow squares */
#define FAMILY_HALF      4.8   /* family front points are hollow diamonds around a front disc */
#define FILE_ARM         5.5   /* evaluated files are crosses 11 px wide */
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
/* The family front and its cloud in a reddish purple (Okabe and Ito's), far from viridis and
 * from the baseline's red. */
static const GdkRGBA family_light = { 0.690f, 0.286f, 0.533f, 1.f };
static const GdkRGBA family_dark = { 0.878f, 0.584f, 0.757f, 1.f };

GdkRGBA
tf_pareto_plot_foreground (TfParetoPlot *self)
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

/* A light foreground means a dark theme. */
static gboolean
is_dark (const GdkRGBA *fg)
{
  return fg->red + fg->green + fg->blue > 1.5f;
}

/* ---- layout ---- */

void
tf_pareto_plot_text_size (TfParetoPlot *self,
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

  tf_pareto_plot_text_size (self, "888.8", &widest, &h);
  for (guint i = 0; i < n; i++)
    {
      tf_pareto_plot_text_size (self, ticks[i].label, &w, &h);
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
  double line_w, line, left, right, top, bottom, w, h, legend;
  TfParetoTick ticks[TF_PARETO_MAX_TICKS];
  guint n;

  if (gtk_widget_get_width (GTK_WIDGET (self)) <= 0)
    return;
  tf_pareto_plot_text_size (self, "Ag", &line_w, &line);
  tf_pareto_plot_text_size (self, "888.8", &w, &h);
  /* The legend above the plot, never over a point. */
  legend = tf_pareto_plot_legend_layout (self, PAD + line + GAP, PAD,
                                         gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD
                                         - line - GAP);
  top = legend > 0 ? PAD + legend + 2 * GAP : PAD + line / 2;
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
          tf_pareto_plot_text_size (self, ticks[n - 1].label, &w, &h);
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

  tf_pareto_plot_text_size (self, "Ag", &line_w, &line);

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
      tf_pareto_plot_text_size (self, ticks[i].label, &w, &h);
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
  tf_pareto_plot_text_size (self, "Ag", &line_w, &line);
  widest = MAX (widest, widest_label (self, TF_PARETO_AXIS_COLOUR));
  append_text (self, snapshot, title,
               bar->origin.x + bar->size.width + TICK_LENGTH + GAP + widest + 2 * GAP + line / 2,
               bar->origin.y + bar->size.height / 2, TRUE, fg);
}

static GdkRGBA
family_colour (const GdkRGBA *fg)
{
  return is_dark (fg) ? family_dark : family_light;
}

/* The front's colour at a point: viridis along the colour axis, or the accent. */
static GdkRGBA
point_fill (TfParetoPlot *self,
            TfParetoSet   set,
            guint         index)
{
  double fraction, rgb[3];

  if (!tf_pareto_model_get_colour (self->model, set, index, &fraction))
    return accent;
  tf_pareto_viridis (fraction, rgb);
  return (GdkRGBA) { (float) rgb[0], (float) rgb[1], (float) rgb[2], 1.f };
}

/* A hollow diamond: a square outline turned an eighth. */
static void
append_diamond (GtkSnapshot   *snapshot,
                double         x,
                double         y,
                double         half,
                double         width,
                const GdkRGBA *colour)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x, (float) y));
  gtk_snapshot_rotate (snapshot, 45.f);
  append_outline (snapshot, 0, 0, half, FALSE, width, colour);
  gtk_snapshot_restore (snapshot);
}

void
tf_pareto_plot_append_marker (TfParetoPlot  *self,
                              GtkSnapshot   *snapshot,
                              TfParetoSet    set,
                              double         x,
                              double         y,
                              const GdkRGBA *fill,
                              const GdkRGBA *fg)
{
  GdkRGBA colour = fill != NULL ? *fill : accent;
  GdkRGBA edge;
  const float half = (float) EVALUATED_SIZE / 2;

  switch (set)
    {
    case TF_PARETO_FRONT:
      append_disc (snapshot, x, y, FRONT_RADIUS, &colour);
      /* The yellow end of viridis vanishes on a light background without an edge. */
      edge = with_alpha (*fg, 0.55f);
      append_outline (snapshot, x, y, FRONT_RADIUS, TRUE, 1, &edge);
      break;
    case TF_PARETO_MEMBERS:
      /* Smaller and lighter than the candidates standing for them. */
      colour = with_alpha (colour, 0.8f);
      append_disc (snapshot, x, y, MEMBER_RADIUS, &colour);
      edge = with_alpha (*fg, 0.35f);
      append_outline (snapshot, x, y, MEMBER_RADIUS, TRUE, 0.75, &edge);
      break;
    case TF_PARETO_BASELINE:
      append_outline (snapshot, x, y, BASELINE_HALF, FALSE, 2,
                      is_dark (fg) ? &baseline_dark : &baseline_light);
      break;
    case TF_PARETO_FAMILY:
      colour = family_colour (fg);
      append_diamond (snapshot, x, y, FAMILY_HALF, 1.75, &colour);
      break;
    case TF_PARETO_FILES:
      append_line (snapshot, x - FILE_ARM, y - FILE_ARM, x + FILE_ARM, y + FILE_ARM, 2.5, fg);
      append_line (snapshot, x - FILE_ARM, y + FILE_ARM, x + FILE_ARM, y - FILE_ARM, 2.5, fg);
      break;
    case TF_PARETO_EVALUATED:
    case TF_PARETO_FAMILY_EVALUATED:
      colour = set == TF_PARETO_EVALUATED ? with_alpha (*fg, 0.35f)
                                          : with_alpha (family_colour (fg), 0.4f);
      gtk_snapshot_append_color (snapshot, &colour,
                                 &GRAPHENE_RECT_INIT ((float) x - half, (float) y - half,
                                                      (float) EVALUATED_SIZE,
                                                      (float) EVALUATED_SIZE));
      break;
    case TF_N_PARETO_SETS:
    default:
      g_assert_not_reached ();
    }
}

/* A cloud of thousands of points: one colour node each, no clip, no rounding, built once per
 * revision of the model. */
static void
draw_cloud (TfParetoPlot  *self,
            GtkSnapshot   *snapshot,
            TfParetoSet    set,
            const GdkRGBA *fg)
{
  guint slot = set == TF_PARETO_EVALUATED ? 0 : 1;
  guint n = tf_pareto_model_get_n_points (self->model, set);
  guint revision = tf_pareto_model_get_revision (self->model);
  GtkSnapshot *points;

  if (self->cloud_node[slot] == NULL || self->cloud_revision[slot] != revision
      || !gdk_rgba_equal (&self->cloud_colour[slot], fg))
    {
      points = gtk_snapshot_new ();
      for (guint i = 0; i < n; i++)
        {
          double x, y;

          if (tf_pareto_model_get_position (self->model, set, i, &x, &y))
            tf_pareto_plot_append_marker (self, points, set, x, y, NULL, fg);
        }
      g_clear_pointer (&self->cloud_node[slot], gsk_render_node_unref);
      self->cloud_node[slot] = gtk_snapshot_free_to_node (points);
      self->cloud_revision[slot] = revision;
      self->cloud_colour[slot] = *fg;
    }
  if (self->cloud_node[slot] != NULL)
    gtk_snapshot_append_node (snapshot, self->cloud_node[slot]);
}

static int
compare_x (gconstpointer a,
           gconstpointer b)
{
  const graphene_point_t *p = a, *q = b;

  return (p->x > q->x) - (p->x < q->x);
}

/* With two objectives the front is a curve and a line in x order through all of it (the
 * representatives and the rest) shows it; with more, its projection zigzags and a line would
 * only mislead. */
static void
draw_front_line (TfParetoPlot  *self,
                 GtkSnapshot   *snapshot,
                 const GdkRGBA *fg)
{
  static const TfParetoSet sets[] = { TF_PARETO_FRONT, TF_PARETO_MEMBERS };
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (graphene_point_t));
  GdkRGBA line = with_alpha (*fg, 0.35f);

  if (tf_pareto_model_get_n_objectives (self->model) != 2)
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    for (guint i = 0; i < tf_pareto_model_get_n_points (self->model, sets[s]); i++)
      {
        graphene_point_t p;
        double x, y;

        if (!tf_pareto_model_get_position (self->model, sets[s], i, &x, &y))
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

/* A selected candidate's spokes to the designs it stands for. */
static void
draw_spokes (TfParetoPlot  *self,
             GtkSnapshot   *snapshot,
             const GdkRGBA *fg)
{
  guint n = tf_pareto_model_get_n_points (self->model, TF_PARETO_MEMBERS);
  GdkRGBA spoke = with_alpha (*fg, 0.45f);

  for (guint i = 0; i < n && self->selection->len > 0; i++)
    {
      guint r = tf_pareto_model_get_representative (self->model, i);
      double x0, y0, x1, y1;

      if (r != G_MAXUINT && tf_pareto_model_is_selected (self->model, r)
          && tf_pareto_model_get_position (self->model, TF_PARETO_FRONT, r, &x0, &y0)
          && tf_pareto_model_get_position (self->model, TF_PARETO_MEMBERS, i, &x1, &y1))
        append_line (snapshot, x0, y0, x1, y1, 1, &spoke);
    }
}

/* Every point of @set with its marker; the front's in the colour axis's colour. */
static void
draw_set (TfParetoPlot  *self,
          GtkSnapshot   *snapshot,
          TfParetoSet    set,
          const GdkRGBA *fg)
{
  guint n = tf_pareto_model_get_n_points (self->model, set);

  for (guint i = 0; i < n; i++)
    {
      GdkRGBA fill = point_fill (self, set, i);
      double x, y;

      if (tf_pareto_model_get_position (self->model, set, i, &x, &y))
        tf_pareto_plot_append_marker (self, snapshot, set, x, y, &fill, fg);
    }
}

/* A file's name beside its cross, to the right, or to the left at the plot's right edge. */
static void
draw_file_names (TfParetoPlot  *self,
                 GtkSnapshot   *snapshot,
                 const GdkRGBA *fg)
{
  guint n = tf_pareto_model_get_n_points (self->model, TF_PARETO_FILES);
  float right = self->area.origin.x + self->area.size.width;

  for (guint i = 0; i < n; i++)
    {
      const char *name = tf_pareto_model_get_origin (self->model, TF_PARETO_FILES, i);
      g_autoptr(PangoLayout) layout = NULL;
      double x, y, left;
      int w, h;

      if (name == NULL || !tf_pareto_model_get_position (self->model, TF_PARETO_FILES, i, &x, &y))
        continue;
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), name);
      pango_layout_get_pixel_size (layout, &w, &h);
      left = x + FILE_ARM + GAP;
      if (left + w > right)
        left = x - FILE_ARM - GAP - w;
      append_layout_at (snapshot, layout, left, y - FILE_ARM - h * 0.75, fg);
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
  for (guint i = 0; i < self->file_selection->len; i++)
    {
      guint index = g_array_index (self->file_selection, guint, i);

      if (tf_pareto_model_get_position (self->model, TF_PARETO_FILES, index, &x, &y))
        append_outline (snapshot, x, y, FILE_ARM + 3, TRUE, 2.5, fg);
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

/* Points beyond the view, counted at the edge they lie past ("102 s" of a baseline design that
 * the fitted view leaves out, or the rest of a zoomed view): nothing is hidden without a word. */
static void
draw_beyond (TfParetoPlot  *self,
             GtkSnapshot   *snapshot,
             const GdkRGBA *fg)
{
  static const char *const arrows[TF_N_PARETO_EDGES] = { "◀", "▶", "▲", "▼" };
  const graphene_rect_t *a = &self->area;
  GdkRGBA colour = with_alpha (*fg, 0.7f);

  for (TfParetoEdge edge = 0; edge < TF_N_PARETO_EDGES; edge++)
    {
      guint n = tf_pareto_model_count_beyond (self->model, edge);
      g_autofree char *count = NULL, *text = NULL;
      g_autoptr(PangoLayout) layout = NULL;
      double x, y;
      int w, h;

      if (n == 0)
        continue;
      count = tf_format_count (n);
      /* TRANSLATORS: at the Pareto plot's edge, how many points lie beyond it: "▶ 1 beyond" */
      text = edge == TF_PARETO_EDGE_RIGHT ? g_strdup_printf (_("%s beyond %s"), count, arrows[edge])
                                          : g_strdup_printf (_("%s %s beyond"), arrows[edge], count);
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      pango_layout_get_pixel_size (layout, &w, &h);
      switch (edge)
        {
        case TF_PARETO_EDGE_LEFT:
          x = a->origin.x + GAP, y = a->origin.y + a->size.height / 2 - h / 2.0;
          break;
        case TF_PARETO_EDGE_RIGHT:
          x = a->origin.x + a->size.width - GAP - w, y = a->origin.y + a->size.height / 2 - h / 2.0;
          break;
        case TF_PARETO_EDGE_TOP:
          x = a->origin.x + a->size.width / 2 - w / 2.0, y = a->origin.y + GAP;
          break;
        case TF_PARETO_EDGE_BOTTOM:
        default:
          x = a->origin.x + a->size.width / 2 - w / 2.0, y = a->origin.y + a->size.height - GAP - h;
          break;
        }
      append_layout_at (snapshot, layout, x, y, &colour);
    }
}

void
tf_pareto_plot_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  TfParetoPlot *self = TF_PARETO_PLOT (widget);
  GdkRGBA fg = tf_pareto_plot_foreground (self);
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
  tf_pareto_plot_legend_snapshot (self, snapshot, &fg);
  /* Points on the view's edge show whole; nothing spills into the labels. */
  graphene_rect_inset_r (&self->area, -(float) (FAMILY_HALF * G_SQRT2 + 2),
                         -(float) (FAMILY_HALF * G_SQRT2 + 2), &clip);
  gtk_snapshot_push_clip (snapshot, &clip);
  draw_cloud (self, snapshot, TF_PARETO_FAMILY_EVALUATED, &fg);
  draw_cloud (self, snapshot, TF_PARETO_EVALUATED, &fg);
  draw_front_line (self, snapshot, &fg);
  draw_spokes (self, snapshot, &fg);
  draw_set (self, snapshot, TF_PARETO_MEMBERS, &fg);
  draw_set (self, snapshot, TF_PARETO_FRONT, &fg);
  draw_set (self, snapshot, TF_PARETO_FAMILY, &fg);
  draw_set (self, snapshot, TF_PARETO_BASELINE, &fg);
  draw_set (self, snapshot, TF_PARETO_FILES, &fg);
  draw_file_names (self, snapshot, &fg);
  draw_marks (self, snapshot, &fg);
  gtk_snapshot_pop (snapshot);
  draw_beyond (self, snapshot, &fg);
  draw_band (self, snapshot);
}

