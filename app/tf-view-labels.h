/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-view-labels.h: the counts written on the 3D view's blocks, over the GL picture: each rack
 * or pod says how many chips it holds ("Pod 3" over "1,024 chips"), each bar of a logical
 * fat-tree or dragonfly how many switches or chips, and a band between two bars its links and
 * their bandwidth (the fan-out of a tier). A block gets its label only where the label fits inside
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
 * GPtrArray of TfViewLabel, owning them. With @line_gbps (tf_scene_line_gbps (); NULL: none),
 * the bands between bars say their links and bandwidth ("1,024 links" over "51,200 GB/s")
 * where their line is long enough on the view. */
GPtrArray *tf_view_labels_place (const TfScene *scene, const TfSceneFilter *filter,
                                 const TfNetworkGraph *graph, const double *line_gbps,
                                 const TfCamera *camera, int width, int height,
                                 PangoContext *context);
/* Draws @labels: white text on a dark, rounded plate. */
void       tf_view_labels_snapshot (GPtrArray *labels, GtkSnapshot *snapshot);

G_END_DECLS
