/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-legend.c: the link-colour key of the 3D view: links by reach, the smallest container
 * holding both ends, with the number of physical links of each. */
#include <glib/gi18n.h>

#include "tf-legend.h"

struct _TfLegend
{
  GtkWidget  parent_instance;
  GtkWidget *rows[TF_N_REACHES];
  GtkLabel  *counts[TF_N_REACHES];
  GtkLabel  *note;
};

G_DEFINE_FINAL_TYPE (TfLegend, tf_legend, GTK_TYPE_WIDGET)

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  float rgba[4];

  tf_scene_link_color (GPOINTER_TO_UINT (user_data), rgba);
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
  cairo_rectangle (cr, 0, height / 2.0 - 2, width, 4);
  cairo_fill (cr);
}

/* What the links of a reach join: the smallest container holding both ends. */
static const char *
reach_meaning (TfReach reach)
{
  switch (reach)
    {
    case TF_REACH_BOARD:
      return _("inside a board");
    case TF_REACH_RACK:
      return _("inside a rack");
    case TF_REACH_POD:
      return _("between racks of a pod");
    case TF_REACH_DATACENTER:
    case TF_N_REACHES:
    default:
      return _("between pods");
    }
}

void
tf_legend_set_scene (TfLegend      *self,
                     const TfScene *scene,
                     const guint64  link_count_by_reach[TF_N_REACHES])
{
  g_return_if_fail (TF_IS_LEGEND (self));

  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      guint64 n = scene != NULL && link_count_by_reach != NULL ? link_count_by_reach[t] : 0;
      g_autofree char *text = g_strdup_printf ("%llu", (unsigned long long) n);

      gtk_label_set_text (self->counts[t], text);
      gtk_widget_set_visible (self->rows[t], n > 0);
    }
  if (scene != NULL && scene->link_level != TF_SCENE_LINKS_ALL)
    {
      g_autofree char *note = NULL;

      if (scene->link_level == TF_SCENE_LINKS_BOARDS)
        note = g_strdup_printf (_("%u lines: links bundled between boards"), scene->n_lines);
      else if (scene->n_lines_hidden == 0)
        note = g_strdup_printf (_("%u lines: links bundled between racks"), scene->n_lines);
      else
        note = g_strdup_printf (_("%u lines: links bundled between racks; %u lines inside "
                                  "racks left out"), scene->n_lines, scene->n_lines_hidden);

      gtk_label_set_text (self->note, note);
      gtk_widget_set_visible (GTK_WIDGET (self->note), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->note), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), scene != NULL);
}

static void
tf_legend_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tf_legend_parent_class)->dispose (object);
}

static void
tf_legend_class_init (TfLegendClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tf_legend_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "legend");
}

static void
tf_legend_init (TfLegend *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *count = gtk_label_new (NULL);
      GtkWidget *meaning = gtk_label_new (reach_meaning (t));

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 18);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                      GUINT_TO_POINTER (t), NULL);
      gtk_label_set_xalign (GTK_LABEL (count), 0);
      gtk_widget_add_css_class (count, "numeric");
      gtk_widget_add_css_class (meaning, "dim-label");
      gtk_box_append (GTK_BOX (row), swatch);
      gtk_box_append (GTK_BOX (row), count);
      gtk_box_append (GTK_BOX (row), meaning);
      gtk_widget_set_parent (row, GTK_WIDGET (self));
      self->rows[t] = row;
      self->counts[t] = GTK_LABEL (count);
    }
  self->note = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->note, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->note), "dim-label");
  gtk_widget_set_parent (GTK_WIDGET (self->note), GTK_WIDGET (self));
  tf_legend_set_scene (self, NULL, NULL);
}

GtkWidget *
tf_legend_new (void)
{
  return g_object_new (TF_TYPE_LEGEND, NULL);
}
