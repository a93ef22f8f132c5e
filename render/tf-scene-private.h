/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-scene-private.h: what tf-scene.c (the layout) and tf-scene-lines.c (the links) share. */
#pragma once

#include "tf-scene.h"

G_BEGIN_DECLS

static inline TfSceneBox *
box_at (TfScene     *scene,
        TfSceneKind  kind,
        guint        index)
{
  return &g_array_index (scene->boxes[kind], TfSceneBox, index);
}

/* Whether switch @s is a board's scale-up switch, which stands on that board. */
static inline gboolean
is_scale_up (const TfNetworkGraph *g,
             guint                 s)
{
  return g->switches[s].tier == TF_TIER_BOARD && g->switches[s].container < g->n_board;
}

/* The physical layout's lines, after its boxes are laid out: every link up to @budget, then
 * bundled (tf-scene.h). */
void tf_scene_add_lines (TfScene *scene, const TfNetworkGraph *graph, guint budget);
/* The logical layout's, after its boxes: thinned to @budget, a torus as tiles, or with
 * @node_group (each node's bar, tf_layout_logical ()) between bars. */
void tf_scene_add_lines_logical (TfScene *scene, const TfNetworkGraph *graph, guint budget,
                                 const guint32 *node_group);
/* Thousands of lines fainter, so that density reads as brightness. */
void tf_scene_fade_dense_lines (TfScene *scene);

G_END_DECLS
