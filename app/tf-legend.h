/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-legend.h: the key to the 3D view's link colours, drawn from the same colours the renderer
 * uses, with how many links of each type the topology has and whether lines are bundled. */
#pragma once

#include <gtk/gtk.h>

#include "tf-scene.h"

G_BEGIN_DECLS

#define TF_TYPE_LEGEND (tf_legend_get_type ())
G_DECLARE_FINAL_TYPE (TfLegend, tf_legend, TF, LEGEND, GtkWidget)

GtkWidget *tf_legend_new (void);
/* Shows the link types of @scene (NULL: none) with the graph's physical link counts. */
void       tf_legend_set_scene (TfLegend *self, const TfScene *scene,
                                const guint64 link_count_by_reach[TF_N_REACHES]);

G_END_DECLS
