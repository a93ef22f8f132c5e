/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-view-labels.c: the counts written on the 3D view's blocks (see tf-view-labels.h). */
#include <glib/gi18n.h>
#include <math.h>

#include "tf-format.h"
#include "tf-view-labels.h"

#define PLATE_PAD     4.0f    /* pixels around a label's text */
#define MIN_W        36.0f    /* no label is narrower than this: smaller blocks get none */
#define MIN_H        20.0f
#define MAX_LABELS  600u      /* laid out per frame at most */
#define OVERHANG     1.25f     /* a label may be this much larger than its block's top face,
                               * seen at a slant; never over another label */

typedef struct
{
  float m[16];                /* view-projection, column-major */
  float width, height;
} Projection;

/* Where @v falls on the view, FALSE when behind the eye. */
static gboolean
project_point (const Projection *p,
               const float       v[3],
               float            *x,
               float            *y)
{
  float clip[4];

  for (guint i = 0; i < 4; i++)
    clip[i] = p->m[i] * v[0] + p->m[4 + i] * v[1] + p->m[8 + i] * v[2] + p->m[12 + i];
  if (clip[3] <= 1e-6f)
    return FALSE;
  *x = (clip[0] / clip[3] + 1) / 2 * p->width;
  *y = (1 - clip[1] / clip[3]) / 2 * p->height;
  return TRUE;
}

/* The screen rectangle a box's top face covers on the view (where its label is read, as on a
 * map), FALSE when any corner is behind the eye or the whole is off the view. */
static gboolean
project_box (const Projection *p,
             const TfSceneBox *box,
             graphene_rect_t  *out)
{
  float lo[2] = { G_MAXFLOAT, G_MAXFLOAT }, hi[2] = { -G_MAXFLOAT, -G_MAXFLOAT };

  for (guint corner = 0; corner < 4; corner++)
    {
      float v[3], x, y;

      /* The top face: x from bit 0, y high, z from bit 1. */
      tf_scene_box_corner (box, (corner & 1) | 2 | (corner & 2) << 1, 1.0f, v);
      if (!project_point (p, v, &x, &y))
        return FALSE;
      lo[0] = MIN (lo[0], x);
      hi[0] = MAX (hi[0], x);
      lo[1] = MIN (lo[1], y);
      hi[1] = MAX (hi[1], y);
    }
  /* Its part on the view: a label goes where it can be read. */
  lo[0] = MAX (lo[0], 0);
  lo[1] = MAX (lo[1], 0);
  hi[0] = MIN (hi[0], p->width);
  hi[1] = MIN (hi[1], p->height);
  if (hi[0] <= lo[0] || hi[1] <= lo[1])
    return FALSE;
  graphene_rect_init (out, lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1]);
  return TRUE;
}

/* The text of box @index of @kind: how many it holds, under its name when @named. */
static char *
label_text (const TfScene        *scene,
            const guint64        *chips,
            TfSceneKind           kind,
            guint                 index,
            gboolean              named)
{
  g_autofree char *count = NULL;

  if (kind == TF_SCENE_GROUP)
    return scene->group_tier[index] >= TF_SCENE_N_TIERS
           ? tf_format_things (scene->group_nodes[index], "%s chip", "%s chips")
           : tf_format_things (scene->group_nodes[index], "%s switch", "%s switches");
  count = tf_format_things (chips[index], "%s chip", "%s chips");
  if (!named)
    return g_steal_pointer (&count);
  /* TRANSLATORS: written on a pod in the 3D view: its number over its chips ("1,024 chips") */
  return kind == TF_SCENE_POD ? g_strdup_printf (_("Pod %u\n%s"), index, count)
  /* TRANSLATORS: written on a rack in the 3D view: its number over its chips ("16 chips") */
                              : g_strdup_printf (_("Rack %u\n%s"), index, count);
}

/* @text laid out small, centred, in @context; its size in @w and @h. */
static PangoLayout *
lay_out_text (PangoContext *context,
              const char   *text,
              int          *w,
              int          *h)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_scale_new (0.85));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, w, h);
  return layout;
}

static void
label_free (gpointer data)
{
  TfViewLabel *label = data;

  g_clear_object (&label->layout);
  g_free (label);
}

/* @layout centred on (@x, @y), unless it would lie over a label of @out (near blocks' faces
 * can overlap far ones'); takes @layout. Whether it was added. */
static gboolean
add_label (GPtrArray   *out,
           PangoLayout *layout,
           float        x,
           float        y)
{
  TfViewLabel *label;
  graphene_rect_t mine;
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  graphene_rect_init (&mine, x - w / 2.0f - PLATE_PAD, y - h / 2.0f - PLATE_PAD,
                      w + 2 * PLATE_PAD, h + 2 * PLATE_PAD);
  for (guint k = 0; k < out->len; k++)
    {
      graphene_rect_t theirs;

      graphene_rect_inset_r (&((TfViewLabel *) g_ptr_array_index (out, k))->rect, -PLATE_PAD,
                             -PLATE_PAD, &theirs);
      if (graphene_rect_intersection (&mine, &theirs, NULL))
        {
          g_object_unref (layout);
          return FALSE;
        }
    }
  label = g_new0 (TfViewLabel, 1);
  label->layout = layout;
  graphene_rect_init (&label->rect, x - w / 2.0f, y - h / 2.0f, w, h);
  g_ptr_array_add (out, label);
  return TRUE;
}

/* The bands between bars: their links and bandwidth, at a band's middle, where its line on the
 * view is longer than the label; once for bands alike (a fat-tree's 64 pods send the core the
 * same), so that the labels say each tier's fan-out rather than repeat it. */
static void
place_bands (GPtrArray           *out,
             const Projection    *p,
             const TfScene       *scene,
             const TfSceneFilter *filter,
             const double        *line_gbps,
             PangoContext        *context)
{
  g_autoptr(GHashTable) said = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < scene->lines->len && out->len < MAX_LABELS; i++)
    {
      const TfSceneLine *l = &g_array_index (scene->lines, TfSceneLine, i);
      const TfSceneVertex *v = &g_array_index (scene->link_vertices, TfSceneVertex, 2 * i);
      g_autofree char *links = NULL;
      g_autofree char *gbps = NULL;
      g_autofree char *text = NULL;
      g_autofree char *key = NULL;
      float ax, ay, bx, by, mid[3];
      PangoLayout *layout;
      int w, h;

      if (l->links < 2 || TF_SCENE_PACKED_KIND (l->a) != TF_SCENE_GROUP
          || TF_SCENE_PACKED_KIND (l->b) != TF_SCENE_GROUP
          || !tf_scene_line_visible (scene, filter, i)
          || !project_point (p, v[0].position, &ax, &ay)
          || !project_point (p, v[1].position, &bx, &by))
        continue;
      for (guint axis = 0; axis < 3; axis++)
        mid[axis] = (v[0].position[axis] + v[1].position[axis]) / 2;
      if (hypotf (bx - ax, by - ay) < 2 * MIN_W || !project_point (p, mid, &ax, &ay)
          || ax < 0 || ay < 0 || ax > p->width || ay > p->height)
        continue;
      links = tf_format_things (l->links, "%s link", "%s links");
      gbps = tf_format_quantity (line_gbps[i], 0, "GB/s");
      text = g_strdup_printf ("%s\n%s", links, gbps);
      /* Alike: the same words between bars of the same two tiers. */
      key = g_strdup_printf ("%s %u %u", text,
                             MIN (scene->group_tier[TF_SCENE_PACKED_INDEX (l->a)],
                                  scene->group_tier[TF_SCENE_PACKED_INDEX (l->b)]),
                             MAX (scene->group_tier[TF_SCENE_PACKED_INDEX (l->a)],
                                  scene->group_tier[TF_SCENE_PACKED_INDEX (l->b)]));
      if (g_hash_table_contains (said, key))
        continue;
      layout = lay_out_text (context, text, &w, &h);
      if (hypotf (bx - ax, by - ay) * 2 < 1.5f * w)
        {
          g_object_unref (layout);
          continue;
        }
      if (add_label (out, layout, ax, ay))
        g_hash_table_add (said, g_steal_pointer (&key));
    }
}

/* Labels for the boxes of @kind that fit theirs; how many boxes were on the view in @seen
 * (racks and pods are labelled only where at least half of those in view can be, so that
 * labels read as a pattern, not as a scatter). */
static void
place_kind (GPtrArray            *out,
            const Projection     *p,
            const TfScene        *scene,
            const TfSceneFilter  *filter,
            const guint64        *chips,
            TfSceneKind           kind,
            PangoContext         *context,
            guint                *seen)
{
  *seen = 0;
  for (guint i = 0; i < scene->boxes[kind]->len; i++)
    {
      const TfSceneBox *box = &g_array_index (scene->boxes[kind], TfSceneBox, i);
      graphene_rect_t r;
      PangoLayout *layout = NULL;
      int w = 0, h = 0;

      if (!tf_scene_box_visible (scene, filter, kind, i) || !project_box (p, box, &r))
        continue;
      (*seen)++;
      if (r.size.width < MIN_W || r.size.height < MIN_H || out->len >= MAX_LABELS)
        continue;
      /* Named where that fits, else the count alone. */
      for (guint named = kind != TF_SCENE_GROUP; layout == NULL && named <= 1; named--)
        {
          g_autofree char *text = label_text (scene, chips, kind, i, named);

          layout = lay_out_text (context, text, &w, &h);
          if (w + 2 * PLATE_PAD > OVERHANG * r.size.width
              || h + 2 * PLATE_PAD > OVERHANG * r.size.height)
            g_clear_object (&layout);
        }
      if (layout != NULL)
        add_label (out, layout, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2);
    }
}

GPtrArray *
tf_view_labels_place (const TfScene        *scene,
                      const TfSceneFilter  *filter,
                      const TfNetworkGraph *graph,
                      const double         *line_gbps,
                      const TfCamera       *camera,
                      int                   width,
                      int                   height,
                      PangoContext         *context)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (label_free);
  g_autofree guint64 *rack_chips = NULL;
  g_autofree guint64 *pod_chips = NULL;
  Projection p = { .width = width, .height = height };
  guint seen = 0;

  g_return_val_if_fail (scene != NULL && camera != NULL && context != NULL, out);

  if (graph == NULL || width <= 0 || height <= 0)
    return out;
  tf_camera_view_projection (camera, (float) width / height, p.m);
  if (scene->layout == TF_SCENE_LAYOUT_LOGICAL)
    {
      place_kind (out, &p, scene, filter, NULL, TF_SCENE_GROUP, context, &seen);
      if (line_gbps != NULL && scene->link_level == TF_SCENE_LINKS_GROUPS)
        place_bands (out, &p, scene, filter, line_gbps, context);
      return out;
    }
  if (scene->boxes[TF_SCENE_RACK]->len != graph->n_rack
      || scene->boxes[TF_SCENE_POD]->len != graph->n_pod)
    return out;
  rack_chips = g_new0 (guint64, MAX (graph->n_rack, 1));
  pod_chips = g_new0 (guint64, MAX (graph->n_pod, 1));
  for (guint b = 0; b < graph->n_board; b++)
    {
      rack_chips[graph->board_rack[b]] += graph->chips_per_board;
      pod_chips[graph->rack_pod[graph->board_rack[b]]] += graph->chips_per_board;
    }
  /* Racks when most of those in view can say theirs; else pods, likewise. */
  place_kind (out, &p, scene, filter, rack_chips, TF_SCENE_RACK, context, &seen);
  if (out->len > 0 && 2 * out->len >= seen)
    return out;
  g_ptr_array_set_size (out, 0);
  if (graph->n_pod > 1)
    place_kind (out, &p, scene, filter, pod_chips, TF_SCENE_POD, context, &seen);
  if (2 * out->len < seen)
    g_ptr_array_set_size (out, 0);
  return out;
}

void
tf_view_labels_snapshot (GPtrArray   *labels,
                         GtkSnapshot *snapshot)
{
  static const GdkRGBA plate = { 0.08f, 0.09f, 0.11f, 0.6f };
  static const GdkRGBA ink = { 0.93f, 0.94f, 0.96f, 1.0f };

  for (guint i = 0; i < labels->len; i++)
    {
      const TfViewLabel *label = g_ptr_array_index (labels, i);
      GskRoundedRect rounded;
      graphene_rect_t r;

      graphene_rect_inset_r (&label->rect, -PLATE_PAD, -PLATE_PAD, &r);
      gsk_rounded_rect_init_from_rect (&rounded, &r, 4);
      gtk_snapshot_push_rounded_clip (snapshot, &rounded);
      gtk_snapshot_append_color (snapshot, &plate, &r);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &label->rect.origin);
      gtk_snapshot_append_layout (snapshot, label->layout, &ink);
      gtk_snapshot_restore (snapshot);
    }
}
