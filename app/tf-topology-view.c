/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-topology-view.c: the 3D view (see tf-topology-view.h). The scene and camera are plain
 * code in render/; this widget owns the GL objects, the input and the words for what is
 * picked. */
#include <glib/gi18n.h>
#include <math.h>

#include "tf-camera.h"
#include "tf-element-info.h"
#include "tf-legend.h"
#include "tf-view-labels.h"
#include "tf-renderer.h"
#include "tf-topology-view.h"

/* The toolbar's place in the view's top-left corner. */
#define TOOLBAR_MARGIN 12

struct _TfTopologyView
{
  GtkGLArea      parent_instance;

  TfTopology    *topology;
  gpointer       owner;         /* keeps the topology alive, freed with owner_free */
  GDestroyNotify owner_free;
  TfScene        scene;
  TfCamera       camera;
  TfRenderer    *renderer;
  TfElementInfo *element_info;
  gboolean       scene_uploaded;
  gboolean       fit_pending;
  gboolean       camera_moved;   /* by the user since the last fit: resizing keeps it */

  gboolean       has_hover, has_selected;
  TfScenePick    hover, selected;
  char          *info;

  TfSceneLayout  layout;
  TfSceneFilter  filter;
  gboolean       highlight_pending;   /* the hover changed since the last upload */

  /* The toolbar: layout switch, and a popover of what to show */
  GtkWidget     *toolbar;
  GtkWidget     *filter_popover;      /* parented to the Show button */
  GtkWidget     *layout_buttons[TF_SCENE_N_LAYOUTS];
  GtkWidget     *reach_checks[TF_N_REACHES];
  GtkWidget     *tier_checks[TF_SCENE_N_TIERS];
  gboolean       syncing;             /* the buttons follow the state: not a user's toggle */

  double         drag_last_x, drag_last_y;
  gboolean       panning;
  guint          frames;
  GPtrArray     *labels;              /* TfViewLabel, as last drawn */
  double        *line_gbps;           /* per scene line between bars, its GB/s; or NULL */
};

G_DEFINE_FINAL_TYPE (TfTopologyView, tf_topology_view, GTK_TYPE_GL_AREA)

enum {
  PROP_0,
  PROP_INFO,
  PROP_LAYOUT,
  N_PROPS
};

enum {
  FRAME_DRAWN,
  SCENE_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const float background[4] = { 0.11f, 0.12f, 0.14f, 1.0f };

static const TfSceneBox *
picked_box (TfTopologyView    *self,
            const TfScenePick *pick)
{
  return &g_array_index (self->scene.boxes[pick->kind], TfSceneBox, pick->index);
}

static void
update_info (TfTopologyView *self)
{
  g_autofree char *info = NULL;
  const TfScenePick *pick = self->has_hover ? &self->hover
                          : self->has_selected ? &self->selected : NULL;

  g_assert (TF_IS_TOPOLOGY_VIEW (self));

  if (pick != NULL && self->element_info != NULL)
    info = tf_element_info_describe (self->element_info, pick->kind, pick->index);
  if (g_strcmp0 (info, self->info) == 0)
    return;
  g_free (self->info);
  self->info = g_steal_pointer (&info);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INFO]);
}

/* The hovered element's neighbours and links, gathered from the scene's adjacency: a few
 * boxes and lines, whatever the size of the network. */
static void
upload_highlight (TfTopologyView *self)
{
  g_autoptr(GArray) boxes = NULL;
  g_autoptr(GArray) vertices = NULL;

  g_assert (TF_IS_TOPOLOGY_VIEW (self));

  if (!self->has_hover || self->hover.kind == TF_SCENE_POD || self->hover.kind == TF_SCENE_RACK)
    {
      tf_renderer_set_highlight (self->renderer, NULL, NULL);
      return;
    }
  boxes = g_array_new (FALSE, FALSE, sizeof (TfSceneBox));
  vertices = g_array_new (FALSE, FALSE, sizeof (TfSceneVertex));
  tf_scene_highlight (&self->scene, &self->filter, self->hover.kind, self->hover.index, boxes,
                      vertices);
  tf_renderer_set_highlight (self->renderer, boxes, vertices);
}

/* The logical layouts are circles, discs and grids: framing the elements and lines themselves
 * rather than the corners of their box brings them closer. */
static void
fit_camera (TfTopologyView *self,
            float           aspect)
{
  g_autoptr(GArray) points = NULL;
  static const TfSceneKind solids[] = { TF_SCENE_CHIP, TF_SCENE_SWITCH };

  g_assert (TF_IS_TOPOLOGY_VIEW (self));

  if (self->scene.layout != TF_SCENE_LAYOUT_LOGICAL)
    {
      tf_camera_fit (&self->camera, self->scene.bounds_min, self->scene.bounds_max, aspect);
      return;
    }
  points = g_array_new (FALSE, FALSE, sizeof (float[3]));
  for (guint k = 0; k < G_N_ELEMENTS (solids); k++)
    for (guint i = 0; i < self->scene.boxes[solids[k]]->len; i++)
      g_array_append_vals (points,
                           g_array_index (self->scene.boxes[solids[k]], TfSceneBox, i).center, 1);
  /* Tiles and bars are large: their corners too. */
  for (guint k = 0; k < TF_SCENE_N_KINDS; k++)
    for (guint i = 0; i < self->scene.boxes[k]->len
                      && (k == TF_SCENE_GROUP
                          || (k == TF_SCENE_CHIP
                              && self->scene.link_level == TF_SCENE_LINKS_TILES)); i++)
      {
        const TfSceneBox *b = &g_array_index (self->scene.boxes[k], TfSceneBox, i);

        for (guint corner = 0; corner < 8; corner++)
          {
            float p[3];

            tf_scene_box_corner (b, corner, 1.0f, p);
            g_array_append_vals (points, p, 1);
          }
      }
  for (guint i = 0; i < self->scene.link_vertices->len; i++)
    g_array_append_vals (points,
                         g_array_index (self->scene.link_vertices, TfSceneVertex, i).position, 1);
  tf_camera_fit_points (&self->camera, self->scene.bounds_min, self->scene.bounds_max,
                        (const float *) (const void *) points->data, points->len, aspect);
  /* A margin, so that the edges do not touch the view's (nor hide under its toolbar). */
  self->camera.distance *= 1.06f;
}

/* GL */

static void
tf_topology_view_realize (GtkWidget *widget)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (widget);
  GError *error = NULL;

  GTK_WIDGET_CLASS (tf_topology_view_parent_class)->realize (widget);
  gtk_gl_area_make_current (GTK_GL_AREA (self));
  if (gtk_gl_area_get_error (GTK_GL_AREA (self)) != NULL)
    return;
  self->renderer = tf_renderer_new (&error);
  if (self->renderer == NULL)
    {
      gtk_gl_area_set_error (GTK_GL_AREA (self), error);
      g_error_free (error);
      return;
    }
  self->scene_uploaded = FALSE;
}

static void
tf_topology_view_unrealize (GtkWidget *widget)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (widget);

  gtk_gl_area_make_current (GTK_GL_AREA (self));
  g_clear_pointer (&self->renderer, tf_renderer_free);
  GTK_WIDGET_CLASS (tf_topology_view_parent_class)->unrealize (widget);
}

static void
tf_topology_view_resize (GtkGLArea *area,
                         int        width,
                         int        height)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (area);

  if (!self->camera_moved)
    self->fit_pending = TRUE;
}

static gboolean
tf_topology_view_render (GtkGLArea    *area,
                         GdkGLContext *context)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (area);
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  int width = gtk_widget_get_width (GTK_WIDGET (self)) * scale;
  int height = gtk_widget_get_height (GTK_WIDGET (self)) * scale;
  const TfScenePick *mark = self->has_hover ? &self->hover
                          : self->has_selected ? &self->selected : NULL;

  if (self->renderer == NULL)
    return FALSE;
  if (self->fit_pending && self->topology != NULL && width > 0 && height > 0)
    {
      self->camera.yaw = self->scene.view_yaw;
      self->camera.pitch = self->scene.view_pitch;
      fit_camera (self, (float) width / height);
      self->fit_pending = FALSE;
    }
  if (!self->scene_uploaded)
    {
      tf_renderer_set_scene_filtered (self->renderer, &self->scene, &self->filter);
      self->scene_uploaded = TRUE;
      self->highlight_pending = TRUE;
    }
  if (self->highlight_pending)
    {
      upload_highlight (self);
      self->highlight_pending = FALSE;
    }
  tf_renderer_set_mark (self->renderer, mark ? picked_box (self, mark) : NULL);
  if (!tf_renderer_draw (self->renderer, &self->camera, width, height, background))
    {
      g_autoptr(GError) error = g_error_new_literal (GDK_GL_ERROR, GDK_GL_ERROR_NOT_AVAILABLE,
                                                     _("OpenGL reported an error while drawing"));

      gtk_gl_area_set_error (area, error);
      return FALSE;
    }
  if (self->topology != NULL)
    {
      self->frames++;
      g_signal_emit (self, signals[FRAME_DRAWN], 0);
    }
  return TRUE;
}

/* Input */

static gboolean
pick_at (TfTopologyView *self,
         double          x,
         double          y,
         TfScenePick    *out)
{
  float origin[3], direction[3];

  if (self->topology == NULL)
    return FALSE;
  tf_camera_ray (&self->camera, (float) x, (float) y,
                 (float) gtk_widget_get_width (GTK_WIDGET (self)),
                 (float) gtk_widget_get_height (GTK_WIDGET (self)), origin, direction);
  return tf_scene_pick_visible (&self->scene, &self->filter, origin, direction, out);
}

gboolean
tf_topology_view_hover_at (TfTopologyView *self,
                           double          x,
                           double          y)
{
  TfScenePick pick;
  gboolean hit;

  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), FALSE);

  hit = pick_at (self, x, y, &pick);
  if (hit == self->has_hover
      && (!hit || (pick.kind == self->hover.kind && pick.index == self->hover.index)))
    return hit;
  self->has_hover = hit;
  self->hover = pick;
  self->highlight_pending = TRUE;
  update_info (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return hit;
}

static void
motion (GtkEventControllerMotion *controller,
        double                    x,
        double                    y,
        TfTopologyView           *self)
{
  tf_topology_view_hover_at (self, x, y);
}

static void
leave (GtkEventControllerMotion *controller,
       TfTopologyView           *self)
{
  if (!self->has_hover)
    return;
  self->has_hover = FALSE;
  self->highlight_pending = TRUE;
  update_info (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
tf_topology_view_select_at (TfTopologyView *self,
                            double          x,
                            double          y)
{
  TfScenePick pick;

  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), FALSE);

  self->has_selected = pick_at (self, x, y, &pick);
  self->selected = pick;
  update_info (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return self->has_selected;
}

static void
clicked (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         TfTopologyView  *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  tf_topology_view_select_at (self, x, y);
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            TfTopologyView *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  self->drag_last_x = 0;
  self->drag_last_y = 0;
  self->panning = button == GDK_BUTTON_MIDDLE
                  || (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             TfTopologyView *self)
{
  double step_x = dx - self->drag_last_x, step_y = dy - self->drag_last_y;

  self->drag_last_x = dx;
  self->drag_last_y = dy;
  self->camera_moved = TRUE;
  if (self->panning)
    tf_camera_pan (&self->camera, (float) step_x, (float) step_y,
                   (float) gtk_widget_get_height (GTK_WIDGET (self)));
  else
    tf_camera_orbit (&self->camera, (float) (-step_x * 0.01), (float) (step_y * 0.01));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
scroll (GtkEventControllerScroll *controller,
        double                    dx,
        double                    dy,
        TfTopologyView           *self)
{
  tf_camera_zoom (&self->camera, (float) pow (1.15, dy));
  self->camera_moved = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             TfTopologyView        *self)
{
  const float step = 0.08f;

  switch (keyval)
    {
    case GDK_KEY_Left:
      tf_camera_orbit (&self->camera, step, 0);
      break;
    case GDK_KEY_Right:
      tf_camera_orbit (&self->camera, -step, 0);
      break;
    case GDK_KEY_Up:
      tf_camera_orbit (&self->camera, 0, step);
      break;
    case GDK_KEY_Down:
      tf_camera_orbit (&self->camera, 0, -step);
      break;
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      tf_camera_zoom (&self->camera, 1 / 1.15f);
      break;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      tf_camera_zoom (&self->camera, 1.15f);
      break;
    default:
      return FALSE;
    }
  self->camera_moved = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

/* API */

void
tf_topology_view_fit (TfTopologyView *self)
{
  g_return_if_fail (TF_IS_TOPOLOGY_VIEW (self));

  /* At the next frame, when the view's size is known. */
  self->fit_pending = TRUE;
  self->camera_moved = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The toolbar shows the current layout, and filters only for what the scene has. */
static void
sync_toolbar (TfTopologyView *self)
{
  g_assert (TF_IS_TOPOLOGY_VIEW (self));

  self->syncing = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->layout_buttons[self->layout]), TRUE);
  for (guint t = 0; t < TF_N_REACHES; t++)
    gtk_widget_set_visible (self->reach_checks[t], self->scene.lines_by_reach[t] > 0);
  for (guint t = 0; t < TF_SCENE_N_TIERS; t++)
    {
      g_autofree char *label = tf_legend_describe_tier (&self->scene, t);

      gtk_check_button_set_label (GTK_CHECK_BUTTON (self->tier_checks[t]), label);
      gtk_widget_set_visible (self->tier_checks[t], self->scene.switches_by_tier[t] > 0);
    }
  self->syncing = FALSE;
}

/* Builds the scene of the current topology in the current layout. A chip or switch picked
 * stays picked: it is the same element in either layout. */
static void
rebuild_scene (TfTopologyView *self)
{
  const char *family = NULL;
  TfAttrs attrs;

  g_assert (TF_IS_TOPOLOGY_VIEW (self));

  tf_scene_clear (&self->scene);
  tf_scene_init (&self->scene);
  if (self->topology != NULL)
    {
      if (self->topology->result.family != NULL)
        {
          family = tf_family_get_name (self->topology->result.family);
          tf_result_get_attrs (&self->topology->result, &attrs);
        }
      tf_scene_build_layout (&self->scene, &self->topology->graph, 0, self->layout, family,
                             family != NULL ? &attrs : NULL);
    }
  /* What each band between bars carries, for its label. */
  g_clear_pointer (&self->line_gbps, g_free);
  if (self->topology != NULL && self->scene.link_level == TF_SCENE_LINKS_GROUPS)
    {
      g_autofree double *link_gbps = g_new (double, self->topology->graph.n_links + 1);

      tf_network_graph_link_gbps (&self->topology->graph, &self->topology->context, link_gbps);
      self->line_gbps = g_new (double, self->scene.lines->len + 1);
      tf_scene_line_gbps (&self->scene, &self->topology->graph, link_gbps, self->line_gbps);
    }
  if (self->has_selected && self->selected.kind != TF_SCENE_CHIP
      && self->selected.kind != TF_SCENE_SWITCH)
    self->has_selected = FALSE;
  self->has_hover = FALSE;
  self->scene_uploaded = FALSE;
  sync_toolbar (self);
  update_info (self);
  g_signal_emit (self, signals[SCENE_CHANGED], 0);
}

static void
free_topology (TfTopology *topology)
{
  tf_topology_clear (topology);
  g_free (topology);
}

/* Lets go of the topology shown. */
static void
release_topology (TfTopologyView *self)
{
  if (self->owner_free != NULL && self->owner != NULL)
    self->owner_free (self->owner);
  self->owner = NULL;
  self->owner_free = NULL;
  self->topology = NULL;
}

void
tf_topology_view_set_topology (TfTopologyView *self,
                               TfTopology     *topology)
{
  g_return_if_fail (TF_IS_TOPOLOGY_VIEW (self));

  if (self->topology == topology)
    return;
  tf_topology_view_show (self, topology, topology, (GDestroyNotify) free_topology);
}

void
tf_topology_view_show (TfTopologyView   *self,
                       const TfTopology *topology,
                       gpointer          owner,
                       GDestroyNotify    owner_free)
{
  g_return_if_fail (TF_IS_TOPOLOGY_VIEW (self));

  g_clear_pointer (&self->element_info, tf_element_info_free);
  release_topology (self);
  /* The view only reads it. */
  self->topology = (TfTopology *) topology;
  self->owner = owner;
  self->owner_free = owner_free;
  self->has_hover = self->has_selected = FALSE;
  self->frames = 0;
  if (topology != NULL)
    self->element_info = tf_element_info_new (&topology->graph, &topology->context);
  rebuild_scene (self);
  tf_topology_view_fit (self);
}

void
tf_topology_view_set_layout (TfTopologyView *self,
                             TfSceneLayout   layout)
{
  g_return_if_fail (TF_IS_TOPOLOGY_VIEW (self));
  g_return_if_fail (layout < TF_SCENE_N_LAYOUTS);

  if (self->layout == layout)
    return;
  self->layout = layout;
  self->frames = 0;
  rebuild_scene (self);
  tf_topology_view_fit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAYOUT]);
}

TfSceneLayout
tf_topology_view_get_layout (TfTopologyView *self)
{
  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), TF_SCENE_LAYOUT_PHYSICAL);
  return self->layout;
}

void
tf_topology_view_set_filter (TfTopologyView      *self,
                             const TfSceneFilter *filter)
{
  g_return_if_fail (TF_IS_TOPOLOGY_VIEW (self));
  g_return_if_fail (filter != NULL);

  self->filter = *filter;
  self->syncing = TRUE;
  for (guint t = 0; t < TF_N_REACHES; t++)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->reach_checks[t]),
                                 (filter->hidden_reaches & (1u << t)) == 0);
  for (guint t = 0; t < TF_SCENE_N_TIERS; t++)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->tier_checks[t]),
                                 (filter->hidden_tiers & (1u << t)) == 0);
  self->syncing = FALSE;
  /* What is hidden cannot stay picked. */
  if (self->has_hover && !tf_scene_box_visible (&self->scene, filter, self->hover.kind,
                                                self->hover.index))
    self->has_hover = FALSE;
  if (self->has_selected && !tf_scene_box_visible (&self->scene, filter, self->selected.kind,
                                                   self->selected.index))
    self->has_selected = FALSE;
  self->scene_uploaded = FALSE;
  update_info (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const TfSceneFilter *
tf_topology_view_get_filter (TfTopologyView *self)
{
  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), NULL);
  return &self->filter;
}

/* Toolbar */

static void
layout_toggled (GtkToggleButton *button,
                TfTopologyView  *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button))
    return;
  tf_topology_view_set_layout (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button),
                                                                          "layout")));
}

static void
filter_toggled (GtkCheckButton *check,
                TfTopologyView *self)
{
  TfSceneFilter filter = { 0, 0 };

  if (self->syncing)
    return;
  for (guint t = 0; t < TF_N_REACHES; t++)
    if (!gtk_check_button_get_active (GTK_CHECK_BUTTON (self->reach_checks[t])))
      filter.hidden_reaches |= 1u << t;
  for (guint t = 0; t < TF_SCENE_N_TIERS; t++)
    if (!gtk_check_button_get_active (GTK_CHECK_BUTTON (self->tier_checks[t])))
      filter.hidden_tiers |= 1u << t;
  tf_topology_view_set_filter (self, &filter);
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static GtkWidget *
filter_check (TfTopologyView *self,
              const char     *label)
{
  GtkWidget *check = gtk_check_button_new_with_label (label);

  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  g_signal_connect (check, "toggled", G_CALLBACK (filter_toggled), self);
  return check;
}

/* The Show button is a toggle with its own popover rather than a GtkMenuButton: the window's
 * one menu button stays the only one there is. */
static void
show_toggled (GtkToggleButton *button,
              TfTopologyView  *self)
{
  if (gtk_toggle_button_get_active (button))
    gtk_popover_popup (GTK_POPOVER (self->filter_popover));
  else
    gtk_popover_popdown (GTK_POPOVER (self->filter_popover));
}

static void
popover_closed (GtkPopover      *popover,
                GtkToggleButton *button)
{
  gtk_toggle_button_set_active (button, FALSE);
}

static void
build_toolbar (TfTopologyView *self)
{
  static const struct
  {
    const char *label;
    const char *tooltip;
  } layouts[TF_SCENE_N_LAYOUTS] = {
    [TF_SCENE_LAYOUT_PHYSICAL] = { N_("Physical"), N_("Pods, racks and boards as they stand") },
    [TF_SCENE_LAYOUT_LOGICAL] = { N_("Logical"),
                                  N_("The network's shape: grids, groups on a circle, tiers") },
  };
  GtkWidget *linked = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *menu = gtk_toggle_button_new ();
  GtkWidget *menu_content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  self->toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (linked, "linked");
  for (guint l = 0; l < TF_SCENE_N_LAYOUTS; l++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (_(layouts[l].label));

      gtk_widget_set_tooltip_text (button, _(layouts[l].tooltip));
      g_object_set_data (G_OBJECT (button), "layout", GUINT_TO_POINTER (l));
      if (l > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button),
                                     GTK_TOGGLE_BUTTON (self->layout_buttons[0]));
      g_signal_connect (button, "toggled", G_CALLBACK (layout_toggled), self);
      gtk_box_append (GTK_BOX (linked), button);
      self->layout_buttons[l] = button;
    }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->layout_buttons[0]), TRUE);

  gtk_box_append (GTK_BOX (list), heading (_("Links")));
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      self->reach_checks[t] = filter_check (self, tf_legend_describe_reach (t));
      gtk_box_append (GTK_BOX (list), self->reach_checks[t]);
    }
  gtk_box_append (GTK_BOX (list), heading (_("Switches")));
  for (guint t = 0; t < TF_SCENE_N_TIERS; t++)
    {
      self->tier_checks[t] = filter_check (self, NULL);
      gtk_box_append (GTK_BOX (list), self->tier_checks[t]);
    }
  gtk_popover_set_child (GTK_POPOVER (popover), list);
  gtk_widget_set_parent (popover, menu);
  self->filter_popover = popover;
  gtk_box_append (GTK_BOX (menu_content), gtk_label_new (_("Show")));
  gtk_box_append (GTK_BOX (menu_content), gtk_image_new_from_icon_name ("pan-down-symbolic"));
  gtk_button_set_child (GTK_BUTTON (menu), menu_content);
  g_signal_connect (menu, "toggled", G_CALLBACK (show_toggled), self);
  g_signal_connect (popover, "closed", G_CALLBACK (popover_closed), menu);
  gtk_widget_set_tooltip_text (menu, _("Hide or show links by reach and switches by tier"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (menu), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Show"),
                                  -1);

  gtk_box_append (GTK_BOX (self->toolbar), linked);
  gtk_box_append (GTK_BOX (self->toolbar), menu);
  gtk_widget_set_parent (self->toolbar, GTK_WIDGET (self));
  sync_toolbar (self);
}

/* The toolbar is the GL area's one child, over its top-left corner. */
static void
tf_topology_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (widget);
  int min_w, nat_w, min_h, nat_h;

  GTK_WIDGET_CLASS (tf_topology_view_parent_class)->size_allocate (widget, width, height,
                                                                   baseline);
  gtk_widget_measure (self->toolbar, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  nat_w = MAX (min_w, MIN (nat_w, width - 2 * TOOLBAR_MARGIN));
  gtk_widget_measure (self->toolbar, GTK_ORIENTATION_VERTICAL, nat_w, &min_h, &nat_h, NULL, NULL);
  gtk_widget_size_allocate (self->toolbar,
                            &(GtkAllocation) { TOOLBAR_MARGIN, TOOLBAR_MARGIN, nat_w, nat_h }, -1);
  /* A popover is placed by whoever allocates its parent; a plain button does not. */
  gtk_popover_present (GTK_POPOVER (self->filter_popover));
}

static void
tf_topology_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (widget);

  GTK_WIDGET_CLASS (tf_topology_view_parent_class)->snapshot (widget, snapshot);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  if (self->topology != NULL && self->scene_uploaded)
    {
      self->labels = tf_view_labels_place (&self->scene, &self->filter, &self->topology->graph,
                                           self->line_gbps, &self->camera,
                                           gtk_widget_get_width (widget),
                                           gtk_widget_get_height (widget),
                                           gtk_widget_get_pango_context (widget));
      tf_view_labels_snapshot (self->labels, snapshot);
    }
  gtk_widget_snapshot_child (widget, self->toolbar, snapshot);
}

GPtrArray *
tf_topology_view_get_labels (TfTopologyView *self)
{
  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), NULL);

  return self->labels;
}

TfTopology *
tf_topology_view_get_topology (TfTopologyView *self)
{
  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), NULL);
  return self->topology;
}

const TfScene *
tf_topology_view_get_scene (TfTopologyView *self)
{
  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), NULL);
  return &self->scene;
}

const char *
tf_topology_view_get_info (TfTopologyView *self)
{
  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), NULL);
  return self->info;
}

guint
tf_topology_view_get_frames (TfTopologyView *self)
{
  g_return_val_if_fail (TF_IS_TOPOLOGY_VIEW (self), 0);
  return self->frames;
}

/* GObject */

static void
tf_topology_view_dispose (GObject *object)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (object);

  g_clear_pointer (&self->filter_popover, gtk_widget_unparent);
  g_clear_pointer (&self->toolbar, gtk_widget_unparent);
  G_OBJECT_CLASS (tf_topology_view_parent_class)->dispose (object);
}

static void
tf_topology_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (object);

  switch (prop_id)
    {
    case PROP_LAYOUT:
      tf_topology_view_set_layout (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_topology_view_finalize (GObject *object)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (object);

  g_clear_pointer (&self->element_info, tf_element_info_free);
  release_topology (self);
  tf_scene_clear (&self->scene);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  g_free (self->line_gbps);
  g_free (self->info);
  G_OBJECT_CLASS (tf_topology_view_parent_class)->finalize (object);
}

static void
tf_topology_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TfTopologyView *self = TF_TOPOLOGY_VIEW (object);

  switch (prop_id)
    {
    case PROP_INFO:
      g_value_set_string (value, self->info);
      break;

    case PROP_LAYOUT:
      g_value_set_uint (value, self->layout);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_topology_view_class_init (TfTopologyViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkGLAreaClass *area_class = GTK_GL_AREA_CLASS (klass);

  object_class->dispose = tf_topology_view_dispose;
  object_class->finalize = tf_topology_view_finalize;
  object_class->get_property = tf_topology_view_get_property;
  object_class->set_property = tf_topology_view_set_property;
  widget_class->realize = tf_topology_view_realize;
  widget_class->size_allocate = tf_topology_view_size_allocate;
  widget_class->snapshot = tf_topology_view_snapshot;
  widget_class->unrealize = tf_topology_view_unrealize;
  area_class->render = tf_topology_view_render;
  area_class->resize = tf_topology_view_resize;

  properties[PROP_INFO] =
    g_param_spec_string ("info", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A TfSceneLayout. */
  properties[PROP_LAYOUT] =
    g_param_spec_uint ("layout", NULL, NULL, 0, TF_SCENE_N_LAYOUTS - 1, TF_SCENE_LAYOUT_PHYSICAL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A frame with a topology in it was drawn. */
  signals[FRAME_DRAWN] = g_signal_new ("frame-drawn", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The scene was built again: another topology or layout. */
  signals[SCENE_CHANGED] = g_signal_new ("scene-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "topologyview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tf_topology_view_init (TfTopologyView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  gtk_gl_area_set_required_version (GTK_GL_AREA (self), 3, 3);
  gtk_gl_area_set_has_depth_buffer (GTK_GL_AREA (self), TRUE);
  gtk_gl_area_set_auto_render (GTK_GL_AREA (self), TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("3D view of the selected topology"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Arrow keys turn the view, plus and minus zoom, F fits it"),
                                  -1);

  tf_scene_init (&self->scene);
  tf_camera_init (&self->camera);
  build_toolbar (self);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "released", G_CALLBACK (clicked), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

GtkWidget *
tf_topology_view_new (void)
{
  return g_object_new (TF_TYPE_TOPOLOGY_VIEW, NULL);
}
