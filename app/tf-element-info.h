/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-element-info.h: what a picked element of the 3D view is, in words: its id, tier, where it
 * sits in the hierarchy and its degree (links attached, or leaving a container); what its links
 * carry against the chip's budgets, and what a switch, board or rack draws against the rack's
 * (docs/spec-notes.md, "Budgets" and "Rack power"). Plain code over the graph and the context
 * it was made in, tested without a display. */
#pragma once

#include "tf-scene.h"
#include "topoforge.h"

G_BEGIN_DECLS

typedef struct _TfElementInfo TfElementInfo;

/* @ctx is copied: the figures follow it (tf_network_graph_link_gbps, the chip's and switches'
 * power, the rack's budget). */
TfElementInfo *tf_element_info_new (const TfNetworkGraph *graph, const TfContext *ctx);
void           tf_element_info_free (TfElementInfo *info);
/* Physical links (parallel ones counted) at a node, or leaving a board, rack or pod. */
guint64        tf_element_info_get_degree (const TfElementInfo *info, TfSceneKind kind,
                                           guint index);
/* GB/s each way of all the links at a chip or switch (tf_network_graph_link_gbps); 0 for a
 * board, rack or pod. */
double         tf_element_info_get_gbps (const TfElementInfo *info, TfSceneKind kind,
                                         guint index);
/* W drawn by a switch (its ports), a board (its chips, their share of the board and its
 * scale-up switches) or a rack (its boards and the rack switches standing in it); 0 for a chip
 * or pod. The most over the racks, in kW, is the metric rack_power_kw. */
double         tf_element_info_get_power_w (const TfElementInfo *info, TfSceneKind kind,
                                            guint index);
/* Several lines of translated text about element @index of @kind. */
char          *tf_element_info_describe (const TfElementInfo *info, TfSceneKind kind,
                                         guint index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfElementInfo, tf_element_info_free)

G_END_DECLS
