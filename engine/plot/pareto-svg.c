/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pareto-svg.c: the Pareto front as an SVG scatter plot.
 *
 * Drawn with cairo's SVG surface into memory, then written in one atomic step. The axes are
 * engine/plot/plot-axis.c's, as in the app's plot: nice bounds and ticks over the two fronts, one
 * unit prefix per axis in its title ("Iteration time (ms)"). The third objective colours the
 * front's points through viridis, with a colour bar for its scale. The designs the front's points
 * stand for (front_max) are small dots of the same colours. The baseline's front and the family
 * front (Stage 0) are drawn after the search's, as hollow squares and diamonds of contrasting
 * colours, so none hides another, and points that would land on one another are spread on a
 * small ring.
 */
#include <math.h>

#include <cairo.h>
#include <cairo-svg.h>

#include "pareto-svg.h"
#include "plot-axis.h"

#define WIDTH  800.0
#define HEIGHT 600.0

#define FONT "sans-serif"

/* Front and baseline markers nearer than this (pixels) are spread apart, on a ring this wide. */
#define SPREAD_NEAR   7.0
#define SPREAD_RADIUS 6.0
/* A static picture cannot zoom: a crowd larger than this stays at its true place. */
#define SPREAD_MAX_GROUP 8u

/* The baseline's colour: Okabe and Ito's vermilion, apart from viridis and the front's blue;
 * the family front's, their reddish purple. */
static const double baseline_rgb[3] = { 0.84, 0.37, 0.0 };
static const double family_rgb[3] = { 0.80, 0.47, 0.65 };

typedef struct
{
  double left, right, top, bottom;
  TfPlotAxis x, y, c;
} Layout;

/* Only the drawn objectives need to be finite. */
static gboolean
row_is_finite (const double *row,
               guint         m)
{
  for (guint k = 0; k < MIN (m, 3u); k++)
    if (!isfinite (row[k]))
      return FALSE;
  return TRUE;
}

/* y of a row: objective 1, or the middle line with a single objective. */
static double
row_y (const double *row,
       guint         m)
{
  return m >= 2 ? row[1] : 0;
}

static double
map_x (const Layout *l,
       double        v)
{
  return l->left + tf_plot_axis_fraction (&l->x, v) * (l->right - l->left);
}

static double
map_y (const Layout *l,
       double        v)
{
  return l->bottom - tf_plot_axis_fraction (&l->y, v) * (l->bottom - l->top);
}

/* @text at (x, y): @halign 0 left, 0.5 centre, 1 right; @valign 0 top, 0.5 middle, 1 bottom of
 * the font's ascent and descent (not the glyphs', so labels in a row line up). Returns its
 * width. */
static double
draw_text (cairo_t    *cr,
           double      x,
           double      y,
           const char *text,
           double      halign,
           double      valign)
{
  cairo_text_extents_t te;
  cairo_font_extents_t fe;
  double height;

  cairo_text_extents (cr, text, &te);
  cairo_font_extents (cr, &fe);
  height = fe.ascent + fe.descent;
  cairo_move_to (cr, x - te.x_advance * halign, y - height * valign + fe.ascent);
  cairo_show_text (cr, text);
  return te.x_advance;
}

static void
set_font (cairo_t  *cr,
          double    size,
          gboolean  bold)
{
  cairo_select_font_face (cr, FONT, CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

static char *
axis_title (const TfParetoSvg *plot,
            const TfPlotAxis  *axis,
            guint              k)
{
  return tf_plot_axis_dup_title (axis, plot->labels[k] ? plot->labels[k] : "");
}

static void
extend_range (const double *points,
              guint         n,
              guint         m,
              guint         k,
              double       *min,
              double       *max)
{
  for (guint i = 0; points && i < n; i++)
    {
      const double *row = points + (gsize) i * m;

      if (!row_is_finite (row, m))
        continue;
      *min = MIN (*min, row[k]);
      *max = MAX (*max, row[k]);
    }
}

/* Objective @k of the fitted sets' rows (the fronts, not the cloud). */
static void
collect_values (const double *points,
                guint         n,
                guint         m,
                guint         k,
                GArray       *values)
{
  for (guint i = 0; points && i < n; i++)
    {
      const double *row = points + (gsize) i * m;

      if (row_is_finite (row, m))
        g_array_append_val (values, row[k]);
    }
}

static void
layout_init (Layout            *l,
             const TfParetoSvg *plot)
{
  guint m = plot->n_objectives;
  double min[3] = { G_MAXDOUBLE, G_MAXDOUBLE, G_MAXDOUBLE };
  double max[3] = { -G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

  l->left = 96;
  l->right = WIDTH - (m >= 3 ? 150 : 40);
  /* Room for a second line of the legend when it has more than three entries. */
  l->top = 84 + ((plot->members != NULL) + (plot->baseline != NULL) + (plot->family != NULL)
                 + (plot->evaluated != NULL) > 2 ? 20 : 0);
  l->bottom = HEIGHT - 72;

  /* The axes fit the fronts but for outliers (as the app's plot does; the picture counts them
   * at its edge); the evaluated cloud, often far wider, is clipped to them. */
  for (guint k = 0; k < MIN (m, 2u); k++)
    {
      g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

      collect_values (plot->front, plot->n_front, m, k, values);
      collect_values (plot->members, plot->n_members, m, k, values);
      collect_values (plot->baseline, plot->n_baseline, m, k, values);
      collect_values (plot->family, plot->n_family, m, k, values);
      if (!tf_plot_fit_values ((double *) values->data, values->len, TF_PLOT_SCALE_LINEAR,
                               &min[k], &max[k]))
        min[k] = G_MAXDOUBLE, max[k] = -G_MAXDOUBLE;
    }
  /* The colour shows the front only. */
  if (m >= 3)
    {
      extend_range (plot->front, plot->n_front, m, 2, &min[2], &max[2]);
      extend_range (plot->members, plot->n_members, m, 2, &min[2], &max[2]);
    }
  if (m == 1)
    {
      min[1] = -1;
      max[1] = 1;
    }
  tf_plot_axis_init_fit (&l->x, min[0], max[0], 7, TF_PLOT_SCALE_LINEAR, plot->units[0]);
  tf_plot_axis_init_fit (&l->y, min[1], max[1], 6, TF_PLOT_SCALE_LINEAR,
                         m >= 2 ? plot->units[1] : NULL);
  tf_plot_axis_init_range (&l->c, min[2], max[2], 6, m >= 3 ? plot->units[2] : NULL);
}

static void
draw_axes (cairo_t           *cr,
           const Layout      *l,
           const TfParetoSvg *plot)
{
  g_autofree char *x_title = axis_title (plot, &l->x, 0);
  g_autofree char *y_title = plot->n_objectives >= 2 ? axis_title (plot, &l->y, 1)
                                                     : g_strdup ("");
  char buf[64];

  /* Grid and ticks, which plot-axis keeps inside the bounds. */
  set_font (cr, 12, FALSE);
  cairo_set_line_width (cr, 1);
  for (guint t = 0; t < l->x.n_ticks; t++)
    {
      double v = l->x.ticks[t];
      double x = round (map_x (l, v)) + 0.5;

      cairo_set_source_rgb (cr, 0.90, 0.90, 0.90);
      cairo_move_to (cr, x, l->top);
      cairo_line_to (cr, x, l->bottom);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      cairo_move_to (cr, x, l->bottom);
      cairo_line_to (cr, x, l->bottom + 5);
      cairo_stroke (cr);
      tf_plot_axis_format_tick (&l->x, v, buf, sizeof buf);
      draw_text (cr, x, l->bottom + 8, buf, 0.5, 0);
    }
  for (guint t = 0; plot->n_objectives >= 2 && t < l->y.n_ticks; t++)
    {
      double v = l->y.ticks[t];
      double y = round (map_y (l, v)) + 0.5;

      cairo_set_source_rgb (cr, 0.90, 0.90, 0.90);
      cairo_move_to (cr, l->left, y);
      cairo_line_to (cr, l->right, y);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      cairo_move_to (cr, l->left - 5, y);
      cairo_line_to (cr, l->left, y);
      cairo_stroke (cr);
      tf_plot_axis_format_tick (&l->y, v, buf, sizeof buf);
      draw_text (cr, l->left - 8, y, buf, 1, 0.5);
    }

  /* Frame */
  cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
  cairo_rectangle (cr, round (l->left) + 0.5, round (l->top) + 0.5,
                   round (l->right - l->left), round (l->bottom - l->top));
  cairo_stroke (cr);

  /* Axis titles */
  set_font (cr, 13, FALSE);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  draw_text (cr, (l->left + l->right) / 2, l->bottom + 34, x_title, 0.5, 0);
  cairo_save (cr);
  cairo_translate (cr, 24, (l->top + l->bottom) / 2);
  cairo_rotate (cr, -G_PI / 2);
  draw_text (cr, 0, 0, y_title, 0.5, 0.5);
  cairo_restore (cr);
}

static void
front_colour (const Layout      *l,
              const TfParetoSvg *plot,
              const double      *row,
              double            *rgb)
{
  if (plot->n_objectives >= 3)
    tf_plot_viridis (tf_plot_axis_fraction (&l->c, row[2]), rgb);
  else
    {
      rgb[0] = 0.13;
      rgb[1] = 0.40;
      rgb[2] = 0.75;
    }
}

static void
draw_front_marker (cairo_t      *cr,
                   double        x,
                   double        y,
                   const double *rgb)
{
  cairo_new_path (cr);   /* no line from where the last text ended */
  cairo_arc (cr, x, y, 5.5, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.85);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
draw_baseline_marker (cairo_t *cr,
                      double   x,
                      double   y)
{
  /* Hollow, so a front point under it still shows. */
  cairo_new_path (cr);
  cairo_rectangle (cr, x - 4.5, y - 4.5, 9, 9);
  cairo_set_source_rgb (cr, baseline_rgb[0], baseline_rgb[1], baseline_rgb[2]);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

static void
draw_family_marker (cairo_t *cr,
                    double   x,
                    double   y)
{
  /* Hollow too, and larger than the square, so the three can share a place. */
  cairo_new_path (cr);
  cairo_move_to (cr, x, y - 7);
  cairo_line_to (cr, x + 7, y);
  cairo_line_to (cr, x, y + 7);
  cairo_line_to (cr, x - 7, y);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, family_rgb[0], family_rgb[1], family_rgb[2]);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

static void
draw_member_marker (cairo_t      *cr,
                    double        x,
                    double        y,
                    const double *rgb)
{
  cairo_new_path (cr);
  cairo_arc (cr, x, y, 3, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], 0.85);
  cairo_fill (cr);
}

static void
draw_evaluated_marker (cairo_t *cr,
                       double   x,
                       double   y)
{
  cairo_new_path (cr);
  cairo_arc (cr, x, y, 2, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.45, 0.45, 0.45, 0.30);
  cairo_fill (cr);
}

static gint
compare_by_x (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const double *pa = *(const double *const *) a, *pb = *(const double *const *) b;
  guint m = GPOINTER_TO_UINT (data);
  double ya = row_y (pa, m), yb = row_y (pb, m);

  if (pa[0] != pb[0])
    return pa[0] < pb[0] ? -1 : 1;
  return (ya > yb) - (ya < yb);
}

/* The finite rows of @points in order of x, as pointers into it. */
static GPtrArray *
rows_by_x (const double *points,
           guint         n,
           guint         m)
{
  GPtrArray *rows = g_ptr_array_new ();

  for (guint i = 0; points && i < n; i++)
    if (row_is_finite (points + (gsize) i * m, m))
      g_ptr_array_add (rows, (gpointer) (points + (gsize) i * m));
  g_qsort_with_data (rows->pdata, (gint) rows->len, sizeof (gpointer), compare_by_x,
                     GUINT_TO_POINTER (m));
  return rows;
}

static void
draw_polyline (cairo_t         *cr,
               const Layout    *l,
               const GPtrArray *rows,
               guint            m)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const double *row = g_ptr_array_index (rows, i);

      if (i == 0)
        cairo_move_to (cr, map_x (l, row[0]), map_y (l, row_y (row, m)));
      else
        cairo_line_to (cr, map_x (l, row[0]), map_y (l, row_y (row, m)));
    }
  cairo_stroke (cr);
}

/* How many points are spread: the front's, then the baseline's, then the family front's. */
static guint
n_spread (const TfParetoSvg *plot)
{
  return plot->n_front + (plot->baseline ? plot->n_baseline : 0)
         + (plot->family ? plot->n_family : 0);
}

/* Point @i of those spread. */
static const double *
spread_row (const TfParetoSvg *plot,
            guint              i)
{
  guint m = plot->n_objectives, n_baseline = plot->baseline ? plot->n_baseline : 0;

  if (i < plot->n_front)
    return plot->front + (gsize) i * m;
  if (i < plot->n_front + n_baseline)
    return plot->baseline + (gsize) (i - plot->n_front) * m;
  return plot->family + (gsize) (i - plot->n_front - n_baseline) * m;
}

/* Where the front's, the baseline's and the family front's points are drawn: their places on
 * the axes, spread where they would hide one another; NAN for a point left out. */
static double *
spread_positions (const Layout      *l,
                  const TfParetoSvg *plot)
{
  guint m = plot->n_objectives, n = n_spread (plot);
  double *xy = g_new (double, 2 * MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      const double *row = spread_row (plot, i);

      xy[2 * i] = row_is_finite (row, m) ? map_x (l, row[0]) : NAN;
      xy[2 * i + 1] = row_is_finite (row, m) ? map_y (l, row_y (row, m)) : NAN;
    }
  tf_plot_spread (xy, n, SPREAD_NEAR, SPREAD_RADIUS, SPREAD_MAX_GROUP);
  return xy;
}

/* Each front point's number, the NNN of its pareto/candidate_NNN.yaml: beside the point, on the
 * first of eight places around it that no marker or number holds yet; where all eight are taken
 * (a dense cluster) the number is left out rather than printed over another. */
static void
draw_front_numbers (cairo_t           *cr,
                    const TfParetoSvg *plot,
                    const double      *xy)
{
  static const double places[8][2] = {
    { 1, -1 }, { 1, 1 }, { -1, -1 }, { -1, 1 }, { 1, 0 }, { -1, 0 }, { 0, -1.4 }, { 0, 1.4 },
  };
  guint n = n_spread (plot);
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (double) * 4);

  cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 9);
  for (guint i = 0; i < n; i++)
    {
      double box[4] = { xy[2 * i] - 5.5, xy[2 * i + 1] - 5.5, 11, 11 };

      if (!isnan (xy[2 * i]))
        g_array_append_val (taken, box);
    }
  for (guint i = 0; i < plot->n_front; i++)
    {
      double x = xy[2 * i], y = xy[2 * i + 1], best[4] = { 0 };
      gboolean placed = FALSE;
      cairo_text_extents_t ext;
      char text[16];

      if (isnan (x))
        continue;
      g_snprintf (text, sizeof text, "%u", i + 1);
      cairo_text_extents (cr, text, &ext);
      for (guint p = 0; p < G_N_ELEMENTS (places); p++)
        {
          double w = ext.x_advance, h = 9;
          double bx = x + places[p][0] * (7 + (places[p][0] < 0 ? w : 0))
                      - (places[p][0] == 0 ? w / 2 : 0);
          double by = y + places[p][1] * 7 - (places[p][1] <= 0 ? h : 0)
                      + (places[p][1] == 0 ? h / 2 : 0);
          gboolean free = TRUE;

          for (guint k = 0; k < taken->len && free; k++)
            {
              const double *t = &g_array_index (taken, double, 4 * k);

              free = bx + w <= t[0] || t[0] + t[2] <= bx || by + h <= t[1] || t[1] + t[3] <= by;
            }
          if (free)
            {
              best[0] = bx, best[1] = by, best[2] = w, best[3] = h;
              placed = TRUE;
              break;
            }
        }
      if (!placed)
        continue;
      g_array_append_val (taken, best);
      cairo_move_to (cr, best[0], best[1] + best[3] - 1.5);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.9);
      cairo_show_text (cr, text);
    }
}

/* How many rows of the fitted sets lie beyond each edge of the axes: left, right, top,
 * bottom. */
static void
count_beyond (const double *points,
              guint         n,
              guint         m,
              const Layout *l,
              guint         beyond[4])
{
  for (guint i = 0; points && i < n; i++)
    {
      const double *row = points + (gsize) i * m;

      if (!row_is_finite (row, m))
        continue;
      beyond[0] += row[0] < l->x.lo;
      beyond[1] += row[0] > l->x.hi;
      beyond[2] += row_y (row, m) > l->y.hi;
      beyond[3] += row_y (row, m) < l->y.lo;
    }
}

/* Outliers the axes leave out, counted at the edge they lie past: "1 beyond ▶". */
static void
draw_beyond (cairo_t           *cr,
             const Layout      *l,
             const TfParetoSvg *plot)
{
  guint m = plot->n_objectives, beyond[4] = { 0 };
  double mid_x = (l->left + l->right) / 2, mid_y = (l->top + l->bottom) / 2;

  count_beyond (plot->front, plot->n_front, m, l, beyond);
  count_beyond (plot->members, plot->n_members, m, l, beyond);
  count_beyond (plot->baseline, plot->n_baseline, m, l, beyond);
  count_beyond (plot->family, plot->n_family, m, l, beyond);
  set_font (cr, 12, FALSE);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  for (guint e = 0; e < 4; e++)
    {
      static const char *const arrows[4] = { "◀", "▶", "▲", "▼" };
      g_autofree char *text = NULL;

      if (beyond[e] == 0)
        continue;
      text = e == 1 ? g_strdup_printf ("%u beyond %s", beyond[e], arrows[e])
                    : g_strdup_printf ("%s %u beyond", arrows[e], beyond[e]);
      switch (e)
        {
        case 0:
          draw_text (cr, l->left + 4, mid_y, text, 0, 0.5);
          break;
        case 1:
          draw_text (cr, l->right - 4, mid_y, text, 1, 0.5);
          break;
        case 2:
          draw_text (cr, mid_x, l->top + 4, text, 0.5, 0);
          break;
        default:
          draw_text (cr, mid_x, l->bottom - 4, text, 0.5, 1);
          break;
        }
    }
}

static void
draw_points (cairo_t           *cr,
             const Layout      *l,
             const TfParetoSvg *plot)
{
  guint m = plot->n_objectives;
  g_autoptr(GPtrArray) front = rows_by_x (plot->front, plot->n_front, m);
  g_autoptr(GPtrArray) baseline = rows_by_x (plot->baseline, plot->n_baseline, m);
  g_autofree double *xy = spread_positions (l, plot);

  cairo_save (cr);
  /* A marker on the frame shows whole. */
  cairo_rectangle (cr, l->left - SPREAD_RADIUS - 2, l->top - SPREAD_RADIUS - 2,
                   l->right - l->left + 2 * SPREAD_RADIUS + 4,
                   l->bottom - l->top + 2 * SPREAD_RADIUS + 4);
  cairo_clip (cr);

  /* The cloud can hold tens of thousands of points: only those inside the axes, one per pixel,
   * go into the file (a 1,024-GPU run's would otherwise weigh megabytes). */
  {
    g_autoptr(GHashTable) drawn = g_hash_table_new (g_direct_hash, g_direct_equal);

    for (guint i = 0; plot->evaluated && i < plot->n_evaluated; i++)
      {
        const double *row = plot->evaluated + (gsize) i * m;
        double x, y;
        guint pixel;

        if (!row_is_finite (row, m))
          continue;
        x = map_x (l, row[0]);
        y = map_y (l, row_y (row, m));
        if (x < l->left - 2 || x > l->right + 2 || y < l->top - 2 || y > l->bottom + 2)
          continue;
        pixel = ((guint) (y - l->top + 2) << 16) | (guint) (x - l->left + 2);
        if (!g_hash_table_add (drawn, GUINT_TO_POINTER (pixel + 1)))
          continue;
        draw_evaluated_marker (cr, x, y);
      }
  }

  if (m == 2)
    {
      /* Two objectives: each front as the trade-off curve it is, through the true values. */
      const double dash[] = { 5, 4 };

      cairo_set_line_width (cr, 1.5);
      cairo_set_source_rgb (cr, 0.13, 0.40, 0.75);
      draw_polyline (cr, l, front, m);
      cairo_set_source_rgba (cr, baseline_rgb[0], baseline_rgb[1], baseline_rgb[2], 0.8);
      cairo_set_dash (cr, dash, 2, 0);
      draw_polyline (cr, l, baseline, m);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* The designs the front's points stand for first, under them. */
  for (guint i = 0; plot->members && i < plot->n_members; i++)
    {
      const double *row = plot->members + (gsize) i * m;
      double rgb[3];

      if (!row_is_finite (row, m))
        continue;
      front_colour (l, plot, row, rgb);
      draw_member_marker (cr, map_x (l, row[0]), map_y (l, row_y (row, m)), rgb);
    }
  for (guint i = 0; i < plot->n_front; i++)
    {
      double rgb[3];

      if (isnan (xy[2 * i]))
        continue;
      front_colour (l, plot, plot->front + (gsize) i * m, rgb);
      draw_front_marker (cr, xy[2 * i], xy[2 * i + 1], rgb);
    }
  /* After the front, so a baseline or family point equal to a front point is not hidden under
   * it. */
  for (guint i = plot->n_front; i < n_spread (plot); i++)
    if (!isnan (xy[2 * i]))
      {
        if (plot->baseline && i < plot->n_front + plot->n_baseline)
          draw_baseline_marker (cr, xy[2 * i], xy[2 * i + 1]);
        else
          draw_family_marker (cr, xy[2 * i], xy[2 * i + 1]);
      }
  draw_front_numbers (cr, plot, xy);
  cairo_restore (cr);
}

static guint
count_finite (const double *points,
              guint         n,
              guint         m)
{
  guint count = 0;

  for (guint i = 0; points && i < n; i++)
    count += row_is_finite (points + (gsize) i * m, m);
  return count;
}

/* A legend entry at (*x, *y): the marker drawn by @draw, then @text; on the next line when the
 * line is full. */
typedef void (*LegendMarker) (cairo_t *cr, double x, double y, const double *rgb);

static void
legend_entry (cairo_t      *cr,
              const Layout *l,
              double       *x,
              double       *y,
              LegendMarker  draw,
              const double *rgb,
              const char   *text)
{
  cairo_text_extents_t ext;

  cairo_text_extents (cr, text, &ext);
  if (*x > l->left && *x + 16 + ext.x_advance > WIDTH - 16)
    {
      *x = l->left;
      *y += 20;
    }
  draw (cr, *x + 6, *y, rgb);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  *x += 16 + draw_text (cr, *x + 16, *y, text, 0, 0.5) + 24;
}

static void
legend_baseline (cairo_t *cr, double x, double y, const double *rgb)
{
  draw_baseline_marker (cr, x, y);
}

static void
legend_family (cairo_t *cr, double x, double y, const double *rgb)
{
  draw_family_marker (cr, x, y);
}

static void
legend_evaluated (cairo_t *cr, double x, double y, const double *rgb)
{
  draw_evaluated_marker (cr, x, y);
  draw_evaluated_marker (cr, x - 3, y + 3);
  draw_evaluated_marker (cr, x + 3, y - 2);
}

static void
draw_title_and_legend (cairo_t           *cr,
                       const Layout      *l,
                       const TfParetoSvg *plot)
{
  double grey[3] = { 0.5, 0.5, 0.5 };
  double x = l->left, y = 60;
  guint m = plot->n_objectives;
  char buf[128];

  set_font (cr, 17, TRUE);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  draw_text (cr, l->left, 16, plot->title ? plot->title : "Pareto front", 0, 0);

  set_font (cr, 12, FALSE);
  if (plot->n_objectives >= 3)
    tf_plot_viridis (0.5, grey);
  else
    front_colour (l, plot, NULL, grey);
  g_snprintf (buf, sizeof buf, "Pareto front (%u)", count_finite (plot->front, plot->n_front, m));
  legend_entry (cr, l, &x, &y, draw_front_marker, grey, buf);
  if (plot->members)
    {
      g_snprintf (buf, sizeof buf, "designs they stand for (%u)",
                  count_finite (plot->members, plot->n_members, m));
      legend_entry (cr, l, &x, &y, draw_member_marker, grey, buf);
    }
  if (plot->family)
    {
      g_snprintf (buf, sizeof buf, "%s (%u)",
                  plot->family_label ? plot->family_label : "family front",
                  count_finite (plot->family, plot->n_family, m));
      legend_entry (cr, l, &x, &y, legend_family, NULL, buf);
    }
  if (plot->baseline)
    {
      g_snprintf (buf, sizeof buf, "%s (%u)",
                  plot->baseline_label ? plot->baseline_label : "random search",
                  count_finite (plot->baseline, plot->n_baseline, m));
      legend_entry (cr, l, &x, &y, legend_baseline, NULL, buf);
    }
  if (plot->evaluated)
    {
      g_snprintf (buf, sizeof buf, "evaluated (%u)",
                  count_finite (plot->evaluated, plot->n_evaluated, m));
      legend_entry (cr, l, &x, &y, legend_evaluated, NULL, buf);
    }
}

static void
draw_colour_bar (cairo_t           *cr,
                 const Layout      *l,
                 const TfParetoSvg *plot)
{
  g_autofree char *title = axis_title (plot, &l->c, 2);
  double x = l->right + 34, w = 16, top = l->top + 26, bottom = l->bottom;
  cairo_pattern_t *gradient = cairo_pattern_create_linear (0, bottom, 0, top);
  char buf[64];

  for (guint s = 0; s <= 10; s++)
    {
      double rgb[3];

      tf_plot_viridis (s / 10.0, rgb);
      cairo_pattern_add_color_stop_rgb (gradient, s / 10.0, rgb[0], rgb[1], rgb[2]);
    }
  cairo_rectangle (cr, x, top, w, bottom - top);
  cairo_set_source (cr, gradient);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (gradient);
  cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  set_font (cr, 12, FALSE);
  for (guint t = 0; t < l->c.n_ticks; t++)
    {
      double v = l->c.ticks[t];
      double y = round (bottom - tf_plot_axis_fraction (&l->c, v) * (bottom - top)) + 0.5;

      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x + w + 4, y);
      cairo_stroke (cr);
      tf_plot_axis_format_tick (&l->c, v, buf, sizeof buf);
      draw_text (cr, x + w + 7, y, buf, 0, 0.5);
    }

  set_font (cr, 13, FALSE);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  draw_text (cr, MIN (x + w / 2, WIDTH - 8), l->top + 2, title, 0.5, 0);
}

static cairo_status_t
append_to_string (void                *closure,
                  const unsigned char *data,
                  unsigned int         length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
tf_pareto_svg_render (const TfParetoSvg  *plot,
                      GString            *out,
                      GError            **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  gsize start;
  Layout l;

  g_return_val_if_fail (plot != NULL && out != NULL, FALSE);
  g_return_val_if_fail (plot->n_objectives >= 1, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  start = out->len;
  layout_init (&l, plot);
  surface = cairo_svg_surface_create_for_stream (append_to_string, out, WIDTH, HEIGHT);
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE (1, 16, 0)
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
#endif
  cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  draw_axes (cr, &l, plot);
  draw_points (cr, &l, plot);
  draw_beyond (cr, &l, plot);
  draw_title_and_legend (cr, &l, plot);
  if (plot->n_objectives >= 3)
    draw_colour_bar (cr, &l, plot);

  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_string_truncate (out, start);
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "drawing the Pareto plot failed: %s",
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

gboolean
tf_pareto_svg_write (const char         *path,
                     const TfParetoSvg  *plot,
                     GError            **error)
{
  g_autoptr(GString) svg = g_string_new (NULL);

  g_return_val_if_fail (path != NULL, FALSE);

  if (!tf_pareto_svg_render (plot, svg, error))
    return FALSE;
  return tf_write_file_atomic (path, svg->str, svg->len, error);
}

/* @rows (as the search minimises them, @n of @m) as people read them; NULL for none. */
static double *
people_rows (const TfSearchConfig *config,
             const double         *rows,
             guint                 n)
{
  guint m = config->n_objectives;
  double *out;

  if (n == 0)
    return NULL;
  out = g_new (double, (gsize) n * m);
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < m; k++)
      out[i * m + k] = tf_objective_value (config->objectives[k], rows[i * m + k]);
  return out;
}

gboolean
tf_pareto_svg_write_run (const char           *dir,
                         const TfSearchConfig *config,
                         const TfSearchResult *r,
                         GError              **error)
{
  g_autofree char *path = g_build_filename (dir, "pareto.svg", NULL);
  TfParetoSvg plot = { 0 };
  guint m = config->n_objectives, n;
  g_autofree double *rows = NULL;
  g_autofree double *front = NULL;
  g_autofree double *members = NULL;
  g_autofree double *baseline = NULL;
  g_autofree double *family = NULL;
  g_autofree double *evaluated = NULL;
  g_autoptr(GArray) cloud = g_array_new (FALSE, FALSE, sizeof (double));

  plot.n_objectives = m;
  for (guint k = 0; k < m && k < 3; k++)
    {
      plot.labels[k] = tf_objective_label (config->objectives[k]);
      plot.units[k] = tf_objective_unit (config->objectives[k]);
    }
  rows = tf_front_rows (r->front, NULL, m, &plot.n_front);
  front = people_rows (config, rows, plot.n_front);
  plot.front = front;
  if (r->front_members != NULL && r->front_members->len > 0)
    {
      g_free (rows);
      rows = tf_front_rows (NULL, r->front_members, m, &plot.n_members);
      plot.members = members = people_rows (config, rows, plot.n_members);
    }
  if (r->baseline_front != NULL)
    {
      g_free (rows);
      rows = tf_front_rows (r->baseline_front, NULL, m, &n);
      plot.baseline = baseline = people_rows (config, rows, n);
      plot.n_baseline = n;
      plot.baseline_label = "Random + QMC baseline";
    }
  if (r->family_front != NULL)
    {
      g_free (rows);
      rows = tf_front_rows (r->family_front, NULL, m, &n);
      plot.family = family = people_rows (config, rows, n);
      plot.n_family = n;
      plot.family_label = "family front (every buildable family design)";
    }
  /* The cloud: Stage 0's rows, then the search's. */
  if (r->family_evaluated != NULL)
    g_array_append_vals (cloud, r->family_evaluated->data, r->family_evaluated->len);
  if (r->evaluated != NULL)
    g_array_append_vals (cloud, r->evaluated->data, r->evaluated->len);
  if (cloud->len >= m && m > 0)
    {
      plot.n_evaluated = cloud->len / m;
      plot.evaluated = evaluated = people_rows (config, (const double *) cloud->data,
                                                plot.n_evaluated);
    }
  plot.title = "Pareto front (numbers: pareto/candidate_NNN.yaml)";
  return tf_pareto_svg_write (path, &plot, error);
}
