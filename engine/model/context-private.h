/* SPDX-License-Identifier: GPL-3.0-or-later */
/* context-private.h: the one table of names of each enum of the context and the graph, for readers
 * that match a file's spelling against them (tf_yaml_read_choice). context.c owns them. */
#pragma once

#include "topoforge.h"
#include "names-private.h"

G_BEGIN_DECLS

/* Indexed by TfScope from TF_SCOPE_INTRA_RACK: tf_scope_names.names[0] is "intra-rack". */
#define TF_N_SCOPE_NAMES 2
extern const TfNames tf_scope_names;
extern const TfNames tf_intra_board_topo_names;
extern const TfNames tf_link_type_names;
extern const TfNames tf_reach_names;
extern const TfNames tf_cable_names;
#define TF_N_METHODS (TF_METHOD_LOWER_BOUND + 1)
extern const TfNames tf_method_names;

/* warning-thresholds.c: the spec's numbers into @ctx, and the range of one threshold. */
void     tf_context_init_warning_thresholds (TfContext *ctx);
gboolean tf_context_check_warning_threshold (const TfContext *ctx, guint threshold,
                                             GError **error);

G_END_DECLS
