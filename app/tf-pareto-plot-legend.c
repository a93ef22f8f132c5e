/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-pareto-plot-legend.c: the key to the Pareto plot's markers. One entry per set that has
 * points (the search's front, the rest of it, the baseline's front, the family front, the
 * evaluated files, the two clouds), each its marker as the plot draws it and its name, flowed
 * in rows across the top of the widget, above the plot rectangle, so it never covers a point.
 * Hovering an entry says what the set is (tf-pareto-plot.c's tooltip). */
#include "tf-pareto-plot-private.h"

#define SWATCH     14.0   /* the marker's box */
#define SWATCH_GAP 5.0    /* between the marker and its name */
#define ENTRY_GAP  16.0   /* between two entries of a row */
#define ROW_GAP    2.0

/* The order a reader looks for them: what the search found first, the clouds last. */
static const TfParetoSet legend_order[] = {
  TF_PARETO_FRONT, TF_PARETO_MEMBERS, TF_PARETO_BASELINE, TF_PARETO_FAMILY, TF_PARETO_FILES,
  TF_PARETO_EVALUATED, TF_PARETO_FAMILY_EVALUATED,
};

double
tf_pareto_plot_legend_layout (TfParetoPlot *self,
                              double        x,
                              double        y,
                              double        width)
{
  double at = x, row_top = y, line_w, line, height;

  g_array_set_size (self->legend, 0);
  graphene_rect_init (&self->legend_bounds, 0, 0, 0, 0);
  tf_pareto_plot_text_size (self, "Ag", &line_w, &line);
  height = MAX (line, SWATCH);
  for (guint o = 0; o < G_N_ELEMENTS (legend_order); o++)
    {
      TfParetoSet set = legend_order[o];
      TfParetoLegendEntry entry = { set };
      double w, h;

      if (tf_pareto_model_get_n_points (self->model, set) == 0)
        continue;
      tf_pareto_plot_text_size (self, tf_pareto_set_get_label (set), &w, &h);
      w += SWATCH + SWATCH_GAP;
      /* A new row when this one is full, unless it is the row's first entry. */
      if (at > x && at + w > x + width)
        {
          at = x;
          row_top += height + ROW_GAP;
        }
      graphene_rect_init (&entry.bounds, (float) at, (float) row_top, (float) w, (float) height);
      g_array_append_val (self->legend, entry);
      at += w + ENTRY_GAP;
    }
  if (self->legend->len == 0)
    return 0;
  self->legend_bounds = g_array_index (self->legend, TfParetoLegendEntry, 0).bounds;
  for (guint i = 1; i < self->legend->len; i++)
    graphene_rect_union (&self->legend_bounds,
                         &g_array_index (self->legend, TfParetoLegendEntry, i).bounds,
                         &self->legend_bounds);
  return self->legend_bounds.size.height;
}

void
tf_pareto_plot_legend_snapshot (TfParetoPlot  *self,
                                GtkSnapshot   *snapshot,
                                const GdkRGBA *fg)
{
  gboolean has_colour = tf_pareto_model_get_axis (self->model, TF_PARETO_AXIS_COLOUR) >= 0;
  GdkRGBA label = *fg;
  double rgb[3];
  GdkRGBA fill;

  label.alpha *= 0.8f;
  /* The front's colour as the middle of its range would have it (the accent without one). */
  tf_pareto_viridis (0.5, rgb);
  fill = (GdkRGBA) { (float) rgb[0], (float) rgb[1], (float) rgb[2], 1.f };
  for (guint i = 0; i < self->legend->len; i++)
    {
      const TfParetoLegendEntry *entry = &g_array_index (self->legend, TfParetoLegendEntry, i);
      double cx = entry->bounds.origin.x + SWATCH / 2;
      double cy = entry->bounds.origin.y + entry->bounds.size.height / 2;
      g_autoptr(PangoLayout) layout =
        gtk_widget_create_pango_layout (GTK_WIDGET (self), tf_pareto_set_get_label (entry->set));
      int w, h;

      if (entry->set == TF_PARETO_EVALUATED || entry->set == TF_PARETO_FAMILY_EVALUATED)
        {
          /* One dot of a cloud is too small to see: a few of them. */
          tf_pareto_plot_append_marker (self, snapshot, entry->set, cx - 3, cy + 2, NULL, fg);
          tf_pareto_plot_append_marker (self, snapshot, entry->set, cx + 1, cy - 3, NULL, fg);
          tf_pareto_plot_append_marker (self, snapshot, entry->set, cx + 3, cy + 3, NULL, fg);
          tf_pareto_plot_append_marker (self, snapshot, entry->set, cx - 1, cy - 1, NULL, fg);
        }
      else
        tf_pareto_plot_append_marker (self, snapshot, entry->set, cx, cy,
                                      has_colour ? &fill : NULL, fg);
      pango_layout_get_pixel_size (layout, &w, &h);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT ((float) (entry->bounds.origin.x + SWATCH
                                                             + SWATCH_GAP),
                                                    (float) (cy - h / 2.0)));
      gtk_snapshot_append_layout (snapshot, layout, &label);
      gtk_snapshot_restore (snapshot);
    }
}

const TfParetoLegendEntry *
tf_pareto_plot_legend_hit (TfParetoPlot *self,
                           double        x,
                           double        y)
{
  graphene_point_t p = GRAPHENE_POINT_INIT ((float) x, (float) y);

  for (guint i = 0; i < self->legend->len; i++)
    {
      const TfParetoLegendEntry *entry = &g_array_index (self->legend, TfParetoLegendEntry, i);

      if (graphene_rect_contains_point (&entry->bounds, &p))
        return entry;
    }
  return NULL;
}

guint
tf_pareto_plot_get_legend (TfParetoPlot    *self,
                           TfParetoSet     *sets,
                           guint            max_sets,
                           graphene_rect_t *bounds)
{
  g_return_val_if_fail (TF_IS_PARETO_PLOT (self), 0);
  g_return_val_if_fail (sets != NULL || max_sets == 0, 0);

  for (guint i = 0; i < self->legend->len && i < max_sets; i++)
    sets[i] = g_array_index (self->legend, TfParetoLegendEntry, i).set;
  if (bounds != NULL)
    *bounds = self->legend_bounds;
  return self->legend->len;
}
