/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-view-labels.h: the counts written on the 3D view's blocks, over the GL picture: each rack
 * or pod says how many chips it holds ("Pod 3" over "1,024 chips"), each bar of a logical
 * fat-tree how many switches or chips. A block gets its label only where the label fits inside
 * the block as drawn, so labels never overlap a neighbour's: the finest blocks whose labels fit
 * are labelled (racks when the camera is close, else pods), none when nothing fits. */
#pragma once

#include <gtk/gtk.h>

#include "tf-camera.h"
#include "tf-scene.h"

G_BEGIN_DECLS

typedef struct
{
  PangoLayout    *layout;
  graphene_rect_t rect;     /* where its text goes, in the view's coordinates */
} TfViewLabel;

/* The labels for @scene (of @graph, whose chips they count) with @filter's hidden tiers left
 * unlabelled, seen by @camera in a @width x @height view, laid out in @context; a
 * GPtrArray of TfViewLabel, owning them. */
GPtrArray *tf_view_labels_place (const TfScene *scene, const TfSceneFilter *filter,
                                 const TfNetworkGraph *graph, const TfCamera *camera,
                                 int width, int height, PangoContext *context);
/* Draws @labels: white text on a dark, rounded plate. */
void       tf_view_labels_snapshot (GPtrArray *labels, GtkSnapshot *snapshot);

G_END_DECLS
