/* SPDX-License-Identifier: GPL-3.0-or-later */
/* forestcoll-private.h: ForestColl's lower bound on AllGather (forestcoll.c). */
#pragma once

#include "graph-private.h"

G_BEGIN_DECLS

/* The least time an AllGather over every chip of @graph can take (ForestColl, Zhao et al.,
 * arXiv 2402.06787, Phase 1), in ns per byte of the whole message: the largest over node sets
 * S holding some chips but not all of |V_c \ S| / (n_chip B_in (S)), B_in (S) the GB/s of the
 * links entering S, each link carrying @link_gbps[i] each way (tf_network_graph_link_gbps).
 * ReduceScatter has the same bound, AllReduce twice it. Exact, from max flows to @sinks
 * (@n_sinks chips, tf_forestcoll_sinks); INFINITY when a chip cannot reach another; 0 with
 * fewer than two chips. @steps (may be NULL): the Dinkelbach steps taken. */
double   tf_forestcoll_ns_per_byte (const TfNetworkGraph *graph, const double *link_gbps,
                                    const guint32 *sinks, guint n_sinks, guint *steps);
/* The chips whose flows decide the bound: one per orbit of interchangeable chips when the
 * orbits keep the bandwidths (@chip_transitive, or every link's GB/s set by the kinds of its
 * ends), else every chip; a new array of *@n. */
guint32 *tf_forestcoll_sinks (const TfNetworkGraph *graph, const double *link_gbps,
                              gboolean chip_transitive, guint *n);

G_END_DECLS
