/* SPDX-License-Identifier: GPL-3.0-or-later */
/* maxflow-private.h: a small max-flow (maxflow.c). */
#pragma once

#include "graph-private.h"

G_BEGIN_DECLS

/* Max flow (Dinic) on a small undirected or directed network with real capacities. */
typedef struct _TfFlow TfFlow;

TfFlow *tf_flow_new (guint n_nodes);
void    tf_flow_free (TfFlow *flow);
/* Makes room for @n_arcs arcs in all. */
void    tf_flow_reserve (TfFlow *flow, guint n_arcs);
/* Adds an arc u -> v of capacity @cap and v -> u of capacity @reverse_cap; returns its index. */
guint   tf_flow_add_arc (TfFlow *flow, guint u, guint v, double cap, double reverse_cap);
/* Changes an arc's capacities, the ones tf_flow_reset() returns to. */
void    tf_flow_set_capacity (TfFlow *flow, guint arc, double cap, double reverse_cap);
/* Undoes every flow pushed so far. */
void    tf_flow_reset (TfFlow *flow);
/* Pushes flow from @source to @sink until none more fits or @enough has gone through. */
double  tf_flow_max (TfFlow *flow, guint source, guint sink, double enough);
/* The nodes an arc leaves and enters. */
void    tf_flow_get_ends (TfFlow *flow, guint arc, guint *from, guint *to);
/* After tf_flow_max: sets @side[v] to 1 for the nodes on @source's side of the minimum cut it
 * found (those reachable from @source through arcs with capacity left), else 0. */
void    tf_flow_source_side (TfFlow *flow, guint source, guint8 *side);

G_END_DECLS
