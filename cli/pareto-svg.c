/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pareto-svg.c: the Pareto front as an SVG scatter plot.
 *
 * Drawn with cairo's SVG surface into memory, then written in one atomic step. The axes get
 * "nice" bounds and ticks (1, 2 or 5 times a power of ten, Heckbert's Graphics Gems recipe) over
 * every point drawn; the third objective colours the front's points through viridis, which stays
 * readable in grey and to colour-blind readers, with a colour bar for its scale.
 */
#include <math.h>

#include <cairo.h>
#include <cairo-svg.h>

#include "pareto-svg.h"

#define WIDTH  800.0
#define HEIGHT 600.0

#define FONT "sans-serif"

typedef struct
{
  double lo, hi, step;
  double divisor;            /* tick labels are shown divided by this, with the suffix */
  const char *suffix;        /* "", "k", "M", "G" */
  guint  decimals;
} Axis;

typedef struct
{
  double left, right, top, bottom;
  Axis   x, y, c;
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

/* 1, 2 or 5 (or 10) times a power of ten, near @x (@round) or not below it. */
static double
nice_number (double   x,
             gboolean round)
{
  double e = floor (log10 (x));
  double f = x / pow (10, e);
  double nf;

  if (round)
    nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
  else
    nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return nf * pow (10, e);
}

static void
axis_init (Axis   *axis,
           double  min,
           double  max,
           guint   ticks)
{
  double range, mag, scaled_step;

  if (!(min <= max))   /* nothing to show */
    {
      min = 0;
      max = 1;
    }
  if (max - min <= 1e-12 * MAX (fabs (min), fabs (max)))
    {
      double pad = fabs (min) > 0 ? fabs (min) * 0.1 : 1;

      min -= pad;
      max += pad;
    }
  else
    {
      /* Room so points do not sit on the frame. */
      double pad = (max - min) * 0.04;

      min -= pad;
      max += pad;
    }
  range = nice_number (max - min, FALSE);
  axis->step = nice_number (range / (ticks - 1), TRUE);
  axis->lo = floor (min / axis->step) * axis->step;
  axis->hi = ceil (max / axis->step) * axis->step;

  mag = MAX (fabs (axis->lo), fabs (axis->hi));
  axis->divisor = 1;
  axis->suffix = "";
  if (mag >= 1e9)
    {
      axis->divisor = 1e9;
      axis->suffix = "G";
    }
  else if (mag >= 1e6)
    {
      axis->divisor = 1e6;
      axis->suffix = "M";
    }
  else if (mag >= 1e4)
    {
      axis->divisor = 1e3;
      axis->suffix = "k";
    }
  scaled_step = axis->step / axis->divisor;
  axis->decimals = scaled_step >= 1 ? 0 : (guint) MIN (9.0, ceil (-log10 (scaled_step) - 1e-9));
}

static void
axis_label (const Axis *axis,
            double      v,
            char       *buf,
            gsize       size)
{
  if (fabs (v) < axis->step * 1e-6)
    {
      g_strlcpy (buf, "0", size);   /* not "-0" nor "0k" */
      return;
    }
  g_snprintf (buf, size, "%.*f%s", (int) axis->decimals, v / axis->divisor, axis->suffix);
}

static double
axis_fraction (const Axis *axis,
               double      v)
{
  return (v - axis->lo) / (axis->hi - axis->lo);
}

static double
map_x (const Layout *l,
       double        v)
{
  return l->left + axis_fraction (&l->x, v) * (l->right - l->left);
}

static double
map_y (const Layout *l,
       double        v)
{
  return l->bottom - axis_fraction (&l->y, v) * (l->bottom - l->top);
}

/* Viridis at eleven stops. */
static const guint8 viridis[11][3] = {
  { 68, 1, 84 }, { 72, 36, 117 }, { 65, 68, 135 }, { 53, 95, 141 }, { 42, 120, 142 },
  { 33, 145, 140 }, { 34, 168, 132 }, { 68, 191, 112 }, { 122, 209, 81 }, { 189, 223, 38 },
  { 253, 231, 37 },
};

static void
viridis_at (double  t,
            double *rgb)
{
  double s;
  guint i;

  t = CLAMP (t, 0, 1);
  s = t * 10;
  i = MIN ((guint) s, 9u);
  s -= i;
  for (guint c = 0; c < 3; c++)
    rgb[c] = ((1 - s) * viridis[i][c] + s * viridis[i + 1][c]) / 255.0;
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
axis_title (const TfParetoPlot *plot,
            guint               k)
{
  const char *name = plot->names[k] ? plot->names[k] : "";

  if (plot->units[k] && plot->units[k][0])
    return g_strdup_printf ("%s (%s)", name, plot->units[k]);
  return g_strdup (name);
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

static void
layout_init (Layout             *l,
             const TfParetoPlot *plot)
{
  guint m = plot->n_objectives;
  double min[3] = { G_MAXDOUBLE, G_MAXDOUBLE, G_MAXDOUBLE };
  double max[3] = { -G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

  l->left = 96;
  l->right = WIDTH - (m >= 3 ? 150 : 40);
  l->top = 84;
  l->bottom = HEIGHT - 72;

  for (guint k = 0; k < MIN (m, 2u); k++)
    {
      extend_range (plot->front, plot->n_front, m, k, &min[k], &max[k]);
      extend_range (plot->baseline, plot->n_baseline, m, k, &min[k], &max[k]);
    }
  /* The axes fit the fronts; the evaluated cloud, often far wider, is clipped to them. */
  /* The colour shows the front only. */
  if (m >= 3)
    extend_range (plot->front, plot->n_front, m, 2, &min[2], &max[2]);
  if (m == 1)
    {
      min[1] = -1;
      max[1] = 1;
    }
  axis_init (&l->x, min[0], max[0], 7);
  axis_init (&l->y, min[1], max[1], 6);
  axis_init (&l->c, min[2], max[2], 6);
}

static void
draw_axes (cairo_t            *cr,
           const Layout       *l,
           const TfParetoPlot *plot)
{
  g_autofree char *x_title = axis_title (plot, 0);
  g_autofree char *y_title = plot->n_objectives >= 2 ? axis_title (plot, 1) : g_strdup ("");
  char buf[64];

  /* Grid and ticks; a tick is drawn where it falls inside the (nice) bounds. */
  set_font (cr, 12, FALSE);
  cairo_set_line_width (cr, 1);
  for (double v = l->x.lo; v <= l->x.hi + l->x.step * 1e-6; v += l->x.step)
    {
      double x = round (map_x (l, v)) + 0.5;

      cairo_set_source_rgb (cr, 0.90, 0.90, 0.90);
      cairo_move_to (cr, x, l->top);
      cairo_line_to (cr, x, l->bottom);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      cairo_move_to (cr, x, l->bottom);
      cairo_line_to (cr, x, l->bottom + 5);
      cairo_stroke (cr);
      axis_label (&l->x, v, buf, sizeof buf);
      draw_text (cr, x, l->bottom + 8, buf, 0.5, 0);
    }
  for (double v = l->y.lo; plot->n_objectives >= 2 && v <= l->y.hi + l->y.step * 1e-6;
       v += l->y.step)
    {
      double y = round (map_y (l, v)) + 0.5;

      cairo_set_source_rgb (cr, 0.90, 0.90, 0.90);
      cairo_move_to (cr, l->left, y);
      cairo_line_to (cr, l->right, y);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      cairo_move_to (cr, l->left - 5, y);
      cairo_line_to (cr, l->left, y);
      cairo_stroke (cr);
      axis_label (&l->y, v, buf, sizeof buf);
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
front_colour (const Layout       *l,
              const TfParetoPlot *plot,
              const double       *row,
              double             *rgb)
{
  if (plot->n_objectives >= 3)
    viridis_at (axis_fraction (&l->c, row[2]), rgb);
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
  cairo_new_path (cr);
  cairo_rectangle (cr, x - 4, y - 4, 8, 8);
  cairo_set_source_rgb (cr, 0.62, 0.62, 0.62);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
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

/* Each front point's number, the NNN of its pareto/candidate_NNN.yaml: beside the point, on the
 * first of eight places around it that no marker or number holds yet; where all eight are taken
 * (a dense cluster) the number is left out rather than printed over another. */
static void
draw_front_numbers (cairo_t            *cr,
                    const Layout       *l,
                    const TfParetoPlot *plot,
                    const GPtrArray    *front)
{
  static const double places[8][2] = {
    { 1, -1 }, { 1, 1 }, { -1, -1 }, { -1, 1 }, { 1, 0 }, { -1, 0 }, { 0, -1.4 }, { 0, 1.4 },
  };
  guint m = plot->n_objectives;
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (double) * 4);

  cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 9);
  for (guint i = 0; i < front->len; i++)
    {
      const double *row = g_ptr_array_index (front, i);
      double box[4] = { map_x (l, row[0]) - 5.5, map_y (l, row_y (row, m)) - 5.5, 11, 11 };

      g_array_append_val (taken, box);
    }
  for (guint i = 0; i < front->len; i++)
    {
      const double *row = g_ptr_array_index (front, i);
      double x = map_x (l, row[0]), y = map_y (l, row_y (row, m)), best[4] = { 0 };
      gboolean placed = FALSE;
      guint number = (guint) ((row - plot->front) / m) + 1;
      cairo_text_extents_t ext;
      char text[16];

      g_snprintf (text, sizeof text, "%u", number);
      cairo_text_extents (cr, text, &ext);
      for (guint p = 0; p < G_N_ELEMENTS (places); p++)
        {
          double w = ext.x_advance, h = 9;
          double bx = x + places[p][0] * (7 + (places[p][0] < 0 ? w : 0))
                      - (places[p][0] == 0 ? w / 2 : 0);
          double by = y + places[p][1] * 7 - (places[p][1] <= 0 ? h : 0) + (places[p][1] == 0 ? h / 2 : 0);
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

static void
draw_points (cairo_t            *cr,
             const Layout       *l,
             const TfParetoPlot *plot)
{
  guint m = plot->n_objectives;
  g_autoptr(GPtrArray) front = rows_by_x (plot->front, plot->n_front, m);
  g_autoptr(GPtrArray) baseline = rows_by_x (plot->baseline, plot->n_baseline, m);

  cairo_save (cr);
  cairo_rectangle (cr, l->left, l->top, l->right - l->left, l->bottom - l->top);
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
      /* Two objectives: each front as the trade-off curve it is. */
      const double dash[] = { 5, 4 };

      cairo_set_line_width (cr, 1.5);
      cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
      cairo_set_dash (cr, dash, 2, 0);
      draw_polyline (cr, l, baseline, m);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_source_rgb (cr, 0.13, 0.40, 0.75);
      draw_polyline (cr, l, front, m);
    }

  for (guint i = 0; i < baseline->len; i++)
    {
      const double *row = g_ptr_array_index (baseline, i);

      draw_baseline_marker (cr, map_x (l, row[0]), map_y (l, row_y (row, m)));
    }
  for (guint i = 0; i < front->len; i++)
    {
      const double *row = g_ptr_array_index (front, i);
      double rgb[3];

      front_colour (l, plot, row, rgb);
      draw_front_marker (cr, map_x (l, row[0]), map_y (l, row_y (row, m)), rgb);
    }
  draw_front_numbers (cr, l, plot, front);
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

static void
draw_title_and_legend (cairo_t            *cr,
                       const Layout       *l,
                       const TfParetoPlot *plot)
{
  double grey[3] = { 0.5, 0.5, 0.5 };
  double x = l->left, y = 60;
  char buf[128];

  set_font (cr, 17, TRUE);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  draw_text (cr, l->left, 16, plot->title ? plot->title : "Pareto front", 0, 0);

  set_font (cr, 12, FALSE);
  if (plot->n_objectives >= 3)
    viridis_at (0.5, grey);
  else
    front_colour (l, plot, NULL, grey);
  draw_front_marker (cr, x + 6, y, grey);
  g_snprintf (buf, sizeof buf, "Pareto front (%u)", count_finite (plot->front, plot->n_front,
                                                                  plot->n_objectives));
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  x += 16 + draw_text (cr, x + 16, y, buf, 0, 0.5) + 24;

  if (plot->baseline)
    {
      draw_baseline_marker (cr, x + 6, y);
      g_snprintf (buf, sizeof buf, "%s (%u)",
                  plot->baseline_label ? plot->baseline_label : "random search",
                  count_finite (plot->baseline, plot->n_baseline, plot->n_objectives));
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      x += 16 + draw_text (cr, x + 16, y, buf, 0, 0.5) + 24;
    }
  if (plot->evaluated)
    {
      draw_evaluated_marker (cr, x + 6, y);
      draw_evaluated_marker (cr, x + 3, y + 3);
      draw_evaluated_marker (cr, x + 9, y - 2);
      g_snprintf (buf, sizeof buf, "evaluated (%u)",
                  count_finite (plot->evaluated, plot->n_evaluated, plot->n_objectives));
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      draw_text (cr, x + 16, y, buf, 0, 0.5);
    }
}

static void
draw_colour_bar (cairo_t            *cr,
                 const Layout       *l,
                 const TfParetoPlot *plot)
{
  g_autofree char *title = axis_title (plot, 2);
  double x = l->right + 34, w = 16, top = l->top + 26, bottom = l->bottom;
  cairo_pattern_t *gradient = cairo_pattern_create_linear (0, bottom, 0, top);
  char buf[64];

  for (guint s = 0; s <= 10; s++)
    cairo_pattern_add_color_stop_rgb (gradient, s / 10.0, viridis[s][0] / 255.0,
                                      viridis[s][1] / 255.0, viridis[s][2] / 255.0);
  cairo_rectangle (cr, x, top, w, bottom - top);
  cairo_set_source (cr, gradient);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (gradient);
  cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  set_font (cr, 12, FALSE);
  for (double v = l->c.lo; v <= l->c.hi + l->c.step * 1e-6; v += l->c.step)
    {
      double y = round (bottom - axis_fraction (&l->c, v) * (bottom - top)) + 0.5;

      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x + w + 4, y);
      cairo_stroke (cr);
      axis_label (&l->c, v, buf, sizeof buf);
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
tf_pareto_svg_render (const TfParetoPlot  *plot,
                      GString             *out,
                      GError             **error)
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
tf_pareto_svg_write (const char          *path,
                     const TfParetoPlot  *plot,
                     GError             **error)
{
  g_autoptr(GString) svg = g_string_new (NULL);

  g_return_val_if_fail (path != NULL, FALSE);

  if (!tf_pareto_svg_render (plot, svg, error))
    return FALSE;
  return tf_write_file_atomic (path, svg->str, svg->len, error);
}
