/* SPDX-License-Identifier: GPL-3.0-or-later */
/* context-private.h: the one table of names of each enum of the context and the graph, for readers
 * that match a file's spelling against them (tf_yaml_read_choice). context.c owns them. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

/* Indexed by TfScope from TF_SCOPE_INTRA_RACK: tf_scope_names[0] is "intra-rack". */
#define TF_N_SCOPE_NAMES 2
extern const char *const tf_scope_names[TF_N_SCOPE_NAMES];
extern const char *const tf_intra_board_topo_names[TF_N_INTRA_BOARD_TOPOS];
extern const char *const tf_link_type_names[TF_N_LINK_TYPES];
extern const char *const tf_reach_names[TF_N_REACHES];
extern const char *const tf_cable_names[TF_N_CABLES];
#define TF_N_METHODS (TF_METHOD_ESTIMATE + 1)
extern const char *const tf_method_names[TF_N_METHODS];

G_END_DECLS
