/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-legend.h: the key to the 3D view: element kinds and switch tiers, and link colours, drawn
 * from the same colours the renderer uses, with how many of each the topology has and whether
 * lines are bundled or thinned. */
#pragma once

#include <gtk/gtk.h>

#include "tf-scene.h"

G_BEGIN_DECLS

typedef struct _TfTopologyView TfTopologyView;

#define TF_TYPE_LEGEND (tf_legend_get_type ())
G_DECLARE_FINAL_TYPE (TfLegend, tf_legend, TF, LEGEND, GtkWidget)

GtkWidget *tf_legend_new (void);
/* Shows the link types of @scene (NULL: none) with the graph's physical link counts. */
void       tf_legend_set_scene (TfLegend *self, const TfScene *scene,
                                const guint64 link_count_by_reach[TF_N_REACHES]);
/* Follows @view's scene (the "view" property); NULL stops. Until the user opens or closes
 * it (its header is a toggle), it is open only when the view is at least about twice its size
 * each way, so that it never covers the scene's centre. */
void       tf_legend_set_view (TfLegend *self, TfTopologyView *view);
gboolean   tf_legend_get_expanded (TfLegend *self);

/* What the links of a reach join, translated. */
const char *tf_legend_describe_reach (TfReach reach);
/* A switch tier (TF_SCENE_TIER) by name, with the roles its switches play in @scene (NULL:
 * none), translated. */
char       *tf_legend_describe_tier (const TfScene *scene, guint tier);

G_END_DECLS
