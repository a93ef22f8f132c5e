/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-topology-view.h: the 3D view of a topology (GtkGLArea): pods, racks and boards as nested
 * translucent boxes, chips and switches as blocks, links coloured by type. Drag orbits,
 * Shift+drag or the middle button pans, scroll zooms; hovering or clicking an element describes
 * it in the "info" property, and hovering lights up its links and neighbours. A toolbar over
 * the view switches between the physical and the logical layout and hides links by reach and
 * switches by tier; what is hidden cannot be picked. */
#pragma once

#include <gtk/gtk.h>

#include "tf-scene.h"
#include "topoforge.h"

G_BEGIN_DECLS

#define TF_TYPE_TOPOLOGY_VIEW (tf_topology_view_get_type ())
G_DECLARE_FINAL_TYPE (TfTopologyView, tf_topology_view, TF, TOPOLOGY_VIEW, GtkGLArea)

GtkWidget        *tf_topology_view_new (void);
/* Takes @topology (NULL shows nothing). */
void              tf_topology_view_set_topology (TfTopologyView *self, TfTopology *topology);
/* Shows @topology (NULL: nothing) without taking it: @owner keeps it alive and is given to
 * @owner_free (when not NULL) once the view lets go, e.g. a run holding a candidate. */
void              tf_topology_view_show (TfTopologyView *self, const TfTopology *topology,
                                         gpointer owner, GDestroyNotify owner_free);
TfTopology       *tf_topology_view_get_topology (TfTopologyView *self);
const TfScene    *tf_topology_view_get_scene (TfTopologyView *self);
void              tf_topology_view_fit (TfTopologyView *self);
/* What is under the pointer, or else what was clicked, in words; NULL when nothing. */
const char       *tf_topology_view_get_info (TfTopologyView *self);
/* Selects what is at widget coordinates (x, y), as a click does; FALSE when nothing is. */
gboolean          tf_topology_view_select_at (TfTopologyView *self, double x, double y);
/* Hovers what is at (x, y), as the pointer does: it and its neighbours light up, the rest
 * dims; FALSE when nothing is there. */
gboolean          tf_topology_view_hover_at (TfTopologyView *self, double x, double y);
/* The layout drawn (the "layout" property); picks of chips and switches survive a switch. */
void              tf_topology_view_set_layout (TfTopologyView *self, TfSceneLayout layout);
TfSceneLayout     tf_topology_view_get_layout (TfTopologyView *self);
/* What is hidden; the toolbar's checks follow. */
void              tf_topology_view_set_filter (TfTopologyView *self, const TfSceneFilter *filter);
const TfSceneFilter *tf_topology_view_get_filter (TfTopologyView *self);
/* Frames drawn with the current topology (0 until one is drawn). */
guint             tf_topology_view_get_frames (TfTopologyView *self);
/* The labels written on the view's blocks when it was last drawn (TfViewLabel,
 * tf-view-labels.h), or NULL. */
GPtrArray        *tf_topology_view_get_labels (TfTopologyView *self);

G_END_DECLS
