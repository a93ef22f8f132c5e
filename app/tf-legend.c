/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-legend.c: the key of the 3D view: every element kind drawn (chips, boards, racks, pods and
 * each switch tier, with the roles their ids name; a board's scale-up switches are a tier of
 * their own) as a block of its colour, and the links by reach, the smallest container holding
 * both ends, with the number of physical links of each. Bound to a view, it follows the view's
 * scene when the layout changes. */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-format.h"
#include "tf-legend.h"
#include "tf-topology-view.h"

/* Element rows: the container and block kinds, then one per switch tier. */
#define N_ELEMENT_ROWS (TF_SCENE_SWITCH + TF_SCENE_N_TIERS)

struct _TfLegend
{
  GtkWidget       parent_instance;
  TfTopologyView *view;
  GtkWidget      *element_rows[N_ELEMENT_ROWS];
  GtkLabel       *element_counts[N_ELEMENT_ROWS];
  GtkLabel       *element_names[N_ELEMENT_ROWS];
  GtkWidget      *rows[TF_N_REACHES];
  GtkLabel       *counts[TF_N_REACHES];
  GtkLabel       *note;
  GtkWidget      *toggle;       /* the header: "Legend", open or closed */
  GtkWidget      *body;         /* the rows */
  gboolean        user_chose;   /* the user opened or closed it: the view's size no longer does */
  gboolean        applying;     /* the toggle moves because the view's size decided */
  guint           fit_idle;     /* the decision, after the view's frame (it resizes while drawn) */
};

G_DEFINE_FINAL_TYPE (TfLegend, tf_legend, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_VIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Kinds in the order the rows show them: smallest first. */
static const TfSceneKind element_kinds[TF_SCENE_SWITCH] = {
  TF_SCENE_CHIP, TF_SCENE_BOARD, TF_SCENE_RACK, TF_SCENE_POD,
};

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

/* A block in the kind's colour; translucent containers drawn with their outline. */
static void
draw_block (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  guint row = GPOINTER_TO_UINT (user_data);
  TfSceneKind kind = row < TF_SCENE_SWITCH ? element_kinds[row] : TF_SCENE_SWITCH;
  float rgba[4];

  tf_scene_kind_color (kind, row < TF_SCENE_SWITCH ? 0 : row - TF_SCENE_SWITCH, rgba);
  cairo_rectangle (cr, 3.5, 1.5, width - 7, height - 3);
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], MAX (rgba[3], 0.35));
  cairo_fill_preserve (cr);
  if (rgba[3] < 1)
    {
      cairo_set_source_rgba (cr, 0.60, 0.64, 0.72, 0.9);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  cairo_new_path (cr);
}

const char *
tf_legend_describe_reach (TfReach reach)
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

/* The roles switch ids name (render/tf-scene.c reads them from "leaf3", "group2-spine1"),
 * translated where they are shown; an unknown word shows as it is. */
static const char *const role_words[][2] = {
  { "leaf", NC_("switch role", "leaf") },
  { "spine", NC_("switch role", "spine") },
  { "tor", NC_("switch role", "tor") },
  { "agg", NC_("switch role", "agg") },
  { "core", NC_("switch role", "core") },
  { "group router", NC_("switch role", "group router") },
};

static char *
translate_roles (const char *roles)
{
  g_auto(GStrv) words = g_strsplit (roles, ", ", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *shown = words[i];

      for (guint j = 0; j < G_N_ELEMENTS (role_words); j++)
        if (strcmp (words[i], role_words[j][0]) == 0)
          shown = g_dpgettext2 (NULL, "switch role", role_words[j][1]);
      /* Translators: between the roles of a tier's switches, "leaf, spine". */
      g_string_append_printf (out, "%s%s", i ? _(", ") : "", shown);
    }
  return g_string_free (out, FALSE);
}

char *
tf_legend_describe_tier (const TfScene *scene,
                         guint          tier)
{
  static const char *const names[TF_SCENE_N_TIERS] = {
    N_("rack switches"), N_("pod switches"), N_("datacenter switches"),
    /* Translators: NVSwitch-class switches on a board, joining its chips */
    [TF_SCENE_TIER_SCALE_UP] = N_("scale-up switches"),
  };

  g_return_val_if_fail (tier < TF_SCENE_N_TIERS, NULL);

  if (scene != NULL && scene->tier_roles[tier] != NULL)
    {
      g_autofree char *roles = translate_roles (scene->tier_roles[tier]);

      /* Translators: a switch tier and the roles its switches play, e.g. "rack switches
       * (leaf)" */
      return g_strdup_printf (_("%s (%s)"), _(names[tier]), roles);
    }
  return g_strdup (_(names[tier]));
}

/* What the row of a kind counts, after its count @n. */
static const char *
kind_name (TfSceneKind kind,
           guint64     n)
{
  gulong count = (gulong) MIN (n, G_MAXULONG);

  switch (kind)
    {
    case TF_SCENE_CHIP:
      return ngettext ("chip", "chips", count);
    case TF_SCENE_BOARD:
      return ngettext ("board", "boards", count);
    case TF_SCENE_RACK:
      return ngettext ("rack", "racks", count);
    case TF_SCENE_POD:
    case TF_SCENE_SWITCH:
    case TF_SCENE_N_KINDS:
    default:
      return ngettext ("pod", "pods", count);
    }
}

static void
set_count (GtkLabel *label,
           guint64   n)
{
  g_autofree char *text = tf_format_count (n);

  gtk_label_set_text (label, text);
}

static void
show_elements (TfLegend      *self,
               const TfScene *scene)
{
  g_assert (TF_IS_LEGEND (self));

  for (guint row = 0; row < N_ELEMENT_ROWS; row++)
    {
      guint64 n = 0;

      if (scene != NULL && row < TF_SCENE_SWITCH)
        {
          n = element_kinds[row] == TF_SCENE_CHIP ? scene->n_chip
                                                  : scene->boxes[element_kinds[row]]->len;
          gtk_label_set_text (self->element_names[row], kind_name (element_kinds[row], n));
        }
      else if (scene != NULL)
        {
          g_autofree char *name = tf_legend_describe_tier (scene, row - TF_SCENE_SWITCH);

          n = scene->switches_by_tier[row - TF_SCENE_SWITCH];
          gtk_label_set_text (self->element_names[row], name);
        }
      set_count (self->element_counts[row], n);
      gtk_widget_set_visible (self->element_rows[row], n > 0);
    }
}

void
tf_legend_set_scene (TfLegend      *self,
                     const TfScene *scene,
                     const guint64  link_count_by_reach[TF_N_REACHES])
{
  g_return_if_fail (TF_IS_LEGEND (self));

  show_elements (self, scene);
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      guint64 n = scene != NULL && link_count_by_reach != NULL ? link_count_by_reach[t] : 0;

      set_count (self->counts[t], n);
      gtk_widget_set_visible (self->rows[t], n > 0);
    }
  if (scene != NULL && (scene->link_level != TF_SCENE_LINKS_ALL || scene->n_lines_hidden > 0))
    {
      g_autofree char *note = NULL;
      g_autofree char *lines = tf_format_count (scene->n_lines);
      g_autofree char *hidden = tf_format_count (scene->n_lines_hidden);

      if (scene->link_level == TF_SCENE_LINKS_TILES)
        {
          g_autofree char *tiled = tf_format_count (scene->n_links_tiled);

          /* TRANSLATORS: a big torus in the logical layout: its chips are tiles, and a link
           * between grid neighbours is two tiles touching */
          note = g_strdup_printf (_("%s links join touching tiles; %s lines for the rest"),
                                  tiled, lines);
        }
      else if (scene->link_level == TF_SCENE_LINKS_GROUPS)
        {
          g_autofree char *bars = tf_format_count (scene->boxes[TF_SCENE_GROUP]->len);

          /* TRANSLATORS: a big network in the logical layout: each tier of each pod of a
           * fat-tree (its leaves, its spines, its chips), or a sector of a dragonfly's groups,
           * is one bar */
          note = g_strdup_printf (_("%s bars; %s lines: links bundled between bars"), bars,
                                  lines);
        }
      else if (scene->link_level == TF_SCENE_LINKS_ALL)
        note = g_strdup_printf (_("%s lines: links thinned evenly; %s left out"), lines, hidden);
      else if (scene->link_level == TF_SCENE_LINKS_BOARDS)
        note = g_strdup_printf (_("%s lines: links bundled between boards"), lines);
      else if (scene->n_lines_hidden == 0)
        note = g_strdup_printf (_("%s lines: links bundled between racks"), lines);
      else
        note = g_strdup_printf (_("%s lines: links bundled between racks; %s lines inside "
                                  "racks left out"), lines, hidden);

      gtk_label_set_text (self->note, note);
      gtk_widget_set_visible (GTK_WIDGET (self->note), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->note), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), scene != NULL);
}

static void
show_expanded (TfLegend *self)
{
  gboolean open = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->toggle));

  gtk_widget_set_visible (self->body, open);
  gtk_widget_set_tooltip_text (self->toggle, open ? _("Hide the legend") : _("Show the legend"));
  gtk_image_set_from_icon_name (GTK_IMAGE (g_object_get_data (G_OBJECT (self->toggle), "arrow")),
                                open ? "pan-down-symbolic" : "pan-end-symbolic");
}

static void
toggled (TfLegend *self)
{
  if (!self->applying)
    self->user_chose = TRUE;
  show_expanded (self);
}

/* The rows' natural size, open or closed. */
static void
measure_body (TfLegend *self,
              int      *width,
              int      *height)
{
  *width = *height = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (self->body); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      int w = 0, h = 0;

      if (!gtk_widget_get_visible (row))
        continue;
      gtk_widget_measure (row, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
      *width = MAX (*width, w);
      *height += h;
    }
}

/* Until the user opens or closes it, the legend is open only where it stays clear of the
 * scene's centre: in a corner of a view at least twice its size (plus its margins) each way. */
static gboolean
fit_to_view (gpointer data)
{
  TfLegend *self = data;
  int w, h, view_w, view_h;
  gboolean fits;

  self->fit_idle = 0;
  if (self->user_chose || self->view == NULL)
    return G_SOURCE_REMOVE;
  measure_body (self, &w, &h);
  view_w = gtk_widget_get_width (GTK_WIDGET (self->view));
  view_h = gtk_widget_get_height (GTK_WIDGET (self->view));
  fits = 2 * (w + 36) <= view_w && 2 * (h + 60) <= view_h;
  if (fits != gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->toggle)))
    {
      self->applying = TRUE;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle), fits);
      self->applying = FALSE;
    }
  return G_SOURCE_REMOVE;
}

/* The view resizes while it draws, when no widget may change: the legend decides after. */
static void
view_resized (TfLegend *self)
{
  if (self->fit_idle == 0 && !self->user_chose)
    /* Before the next frame: a view that keeps drawing would starve a low idle. */
    self->fit_idle = g_idle_add_full (G_PRIORITY_DEFAULT, fit_to_view, self, NULL);
}

gboolean
tf_legend_get_expanded (TfLegend *self)
{
  g_return_val_if_fail (TF_IS_LEGEND (self), FALSE);
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->toggle));
}

static void
view_scene_changed (TfLegend *self)
{
  TfTopology *topology;

  g_assert (TF_IS_LEGEND (self));

  topology = tf_topology_view_get_topology (self->view);
  tf_legend_set_scene (self, topology ? tf_topology_view_get_scene (self->view) : NULL,
                       topology ? topology->result.metrics.link_count_by_reach : NULL);
  view_resized (self);
}

void
tf_legend_set_view (TfLegend       *self,
                    TfTopologyView *view)
{
  g_return_if_fail (TF_IS_LEGEND (self));
  g_return_if_fail (view == NULL || TF_IS_TOPOLOGY_VIEW (view));

  if (self->view == view)
    return;
  if (self->view != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->view, view_scene_changed, self);
      g_signal_handlers_disconnect_by_func (self->view, view_resized, self);
    }
  g_set_weak_pointer (&self->view, view);
  if (view != NULL)
    {
      g_signal_connect_object (view, "scene-changed", G_CALLBACK (view_scene_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (view, "resize", G_CALLBACK (view_resized), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      view_scene_changed (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

static void
tf_legend_dispose (GObject *object)
{
  TfLegend *self = TF_LEGEND (object);
  GtkWidget *child;

  if (self->view != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->view, view_scene_changed, self);
      g_signal_handlers_disconnect_by_func (self->view, view_resized, self);
    }
  g_clear_weak_pointer (&self->view);
  g_clear_handle_id (&self->fit_idle, g_source_remove);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tf_legend_parent_class)->dispose (object);
}

static void
tf_legend_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_VIEW:
      g_value_set_object (value, TF_LEGEND (object)->view);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_legend_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_VIEW:
      tf_legend_set_view (TF_LEGEND (object), g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_legend_class_init (TfLegendClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tf_legend_dispose;
  object_class->get_property = tf_legend_get_property;
  object_class->set_property = tf_legend_set_property;

  /* The view whose scene the legend keys, followed as it changes. */
  properties[PROP_VIEW] =
    g_param_spec_object ("view", NULL, NULL, TF_TYPE_TOPOLOGY_VIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "legend");
}

/* A row: a swatch, a count and what it stands for. */
static GtkWidget *
add_row (TfLegend                *self,
         GtkDrawingAreaDrawFunc   draw,
         guint                    key,
         const char              *meaning,
         GtkLabel               **count_out,
         GtkLabel               **meaning_out)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *count = gtk_label_new (NULL);
  GtkWidget *label = gtk_label_new (meaning);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 18);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw, GUINT_TO_POINTER (key), NULL);
  gtk_label_set_xalign (GTK_LABEL (count), 0);
  gtk_widget_add_css_class (count, "numeric");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (row), swatch);
  gtk_box_append (GTK_BOX (row), count);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (self->body), row);
  *count_out = GTK_LABEL (count);
  if (meaning_out != NULL)
    *meaning_out = GTK_LABEL (label);
  return row;
}

static void
tf_legend_init (TfLegend *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *arrow = gtk_image_new_from_icon_name ("pan-down-symbolic");

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  /* A header the user clicks to open or close it; the rows take no clicks, so the scene
   * under them is still the pointer's. */
  self->toggle = gtk_toggle_button_new ();
  gtk_box_append (GTK_BOX (header), arrow);
  gtk_box_append (GTK_BOX (header), gtk_label_new (_("Legend")));
  gtk_button_set_child (GTK_BUTTON (self->toggle), header);
  g_object_set_data (G_OBJECT (self->toggle), "arrow", arrow);
  gtk_widget_add_css_class (self->toggle, "flat");
  gtk_widget_set_halign (self->toggle, GTK_ALIGN_START);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggle), TRUE);
  g_signal_connect_swapped (self->toggle, "toggled", G_CALLBACK (toggled), self);
  gtk_widget_set_parent (self->toggle, GTK_WIDGET (self));
  self->body = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_can_target (self->body, FALSE);
  gtk_widget_set_parent (self->body, GTK_WIDGET (self));
  for (guint row = 0; row < N_ELEMENT_ROWS; row++)
    self->element_rows[row] = add_row (self, draw_block, row, NULL, &self->element_counts[row],
                                       &self->element_names[row]);
  for (guint t = 0; t < TF_N_REACHES; t++)
    self->rows[t] = add_row (self, draw_swatch, t, tf_legend_describe_reach (t),
                             &self->counts[t], NULL);
  self->note = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->note, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->note), "dim-label");
  gtk_box_append (GTK_BOX (self->body), GTK_WIDGET (self->note));
  show_expanded (self);
  tf_legend_set_scene (self, NULL, NULL);
}

GtkWidget *
tf_legend_new (void)
{
  return g_object_new (TF_TYPE_LEGEND, NULL);
}
