/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-element-info.h: what a picked element of the 3D view is, in words: its id, tier, where it
 * sits in the hierarchy and its degree (links attached, or leaving a container). Plain code
 * over the graph, tested without a display. */
#pragma once

#include "tf-scene.h"
#include "topoforge.h"

G_BEGIN_DECLS

typedef struct _TfElementInfo TfElementInfo;

TfElementInfo *tf_element_info_new (const TfNetworkGraph *graph);
void           tf_element_info_free (TfElementInfo *info);
/* Physical links (parallel ones counted) at a node, or leaving a board, rack or pod. */
guint64        tf_element_info_get_degree (const TfElementInfo *info, TfSceneKind kind,
                                           guint index);
/* Several lines of translated text about element @index of @kind. */
char          *tf_element_info_describe (const TfElementInfo *info, TfSceneKind kind,
                                         guint index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfElementInfo, tf_element_info_free)

G_END_DECLS
