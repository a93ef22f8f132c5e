/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-scene-highlight.c: what a filter hides and what a hover lights up, read from the indexes
 * tf_scene_build_layout keeps (see tf-scene.h), so neither lays anything out again. */
#include <string.h>

#include "tf-scene.h"

/* Neighbours drawn this much larger than their box, and this far toward white. */
#define GROW     1.25f
#define BRIGHTEN 0.45f

static gboolean
node_visible (const TfScene       *scene,
              const TfSceneFilter *filter,
              guint32              node)
{
  return node < scene->n_chip
         || (filter->hidden_tiers & (1u << scene->switch_tier[node - scene->n_chip])) == 0;
}

gboolean
tf_scene_box_visible (const TfScene       *scene,
                      const TfSceneFilter *filter,
                      TfSceneKind          kind,
                      guint                index)
{
  g_return_val_if_fail (scene != NULL, FALSE);

  if (filter != NULL && kind == TF_SCENE_GROUP && scene->group_tier != NULL)
    return scene->group_tier[index] >= TF_SCENE_N_TIERS
           || (filter->hidden_tiers & (1u << scene->group_tier[index])) == 0;
  if (filter == NULL || kind != TF_SCENE_SWITCH || scene->switch_tier == NULL)
    return TRUE;
  return (filter->hidden_tiers & (1u << scene->switch_tier[index])) == 0;
}

gboolean
tf_scene_line_visible (const TfScene       *scene,
                       const TfSceneFilter *filter,
                       guint                line)
{
  const TfSceneLine *l;

  g_return_val_if_fail (scene != NULL && line < scene->lines->len, FALSE);

  if (filter == NULL)
    return TRUE;
  l = &g_array_index (scene->lines, TfSceneLine, line);
  return (filter->hidden_reaches & (1u << l->reach)) == 0
         && tf_scene_box_visible (scene, filter, TF_SCENE_PACKED_KIND (l->a),
                                  TF_SCENE_PACKED_INDEX (l->a))
         && tf_scene_box_visible (scene, filter, TF_SCENE_PACKED_KIND (l->b),
                                  TF_SCENE_PACKED_INDEX (l->b));
}

static const TfSceneBox *
node_box (const TfScene *scene,
          guint32        node)
{
  if (node < scene->n_chip)
    return &g_array_index (scene->boxes[TF_SCENE_CHIP], TfSceneBox, node);
  return &g_array_index (scene->boxes[TF_SCENE_SWITCH], TfSceneBox, node - scene->n_chip);
}

/* Node @v's links, and its neighbours brightened. */
static void
highlight_node (const TfScene       *scene,
                const TfSceneFilter *filter,
                guint32              v,
                GArray              *boxes,
                GArray              *vertices)
{
  const TfSceneBox *from = node_box (scene, v);

  for (guint32 i = scene->adj_offset[v]; i < scene->adj_offset[v + 1]; i++)
    {
      guint32 w = scene->adj_target[i];
      TfSceneBox lit;
      TfSceneVertex ends[2];

      if ((filter->hidden_reaches & (1u << scene->adj_reach[i])) != 0
          || !node_visible (scene, filter, w))
        continue;
      lit = *node_box (scene, w);
      for (guint axis = 0; axis < 3; axis++)
        {
          lit.size[axis] *= GROW;
          lit.color[axis] += (1 - lit.color[axis]) * BRIGHTEN;
        }
      lit.color[3] = 1;
      g_array_append_val (boxes, lit);
      memcpy (ends[0].position, from->center, sizeof ends[0].position);
      memcpy (ends[1].position, lit.center, sizeof ends[1].position);
      tf_scene_link_color (scene->adj_reach[i], ends[0].color);
      memcpy (ends[1].color, ends[0].color, sizeof ends[1].color);
      g_array_append_vals (vertices, ends, 2);
    }
}

void
tf_scene_highlight (const TfScene       *scene,
                    const TfSceneFilter *filter,
                    TfSceneKind          kind,
                    guint                index,
                    GArray              *boxes,
                    GArray              *vertices)
{
  static const TfSceneFilter none = { 0, 0 };

  g_return_if_fail (scene != NULL && boxes != NULL && vertices != NULL);

  if (scene->adj_offset == NULL)
    return;
  if (filter == NULL)
    filter = &none;
  if (kind == TF_SCENE_CHIP && index < scene->n_chip)
    highlight_node (scene, filter, index, boxes, vertices);
  else if (kind == TF_SCENE_SWITCH && index < scene->boxes[TF_SCENE_SWITCH]->len)
    highlight_node (scene, filter, scene->n_chip + index, boxes, vertices);
  else if (kind == TF_SCENE_BOARD && index < scene->boxes[TF_SCENE_BOARD]->len)
    for (guint k = 0; k < scene->chips_per_board; k++)
      highlight_node (scene, filter, scene->board_chips[(gsize) index * scene->chips_per_board + k],
                      boxes, vertices);
}
