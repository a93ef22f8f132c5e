/* SPDX-License-Identifier: GPL-3.0-or-later */
/* routing-private.h: flows on a candidate's graph, as Layers 2 and 3 of the evaluator route
 * them (routing.c): distances to a destination chip, flows split evenly over every shortest
 * path, and the least bandwidth-to-load ratio they leave. */
#pragma once

#include "evaluator-private.h"

G_BEGIN_DECLS

#define TF_ROUTING_UNREACHABLE G_MAXUINT16

typedef struct _TfRouting TfRouting;

/* Distances from every node to one chip. Twin chips share a hop-table row: from any node other
 * than the two twins the distance to either is the same (they have the same neighbours). A chip
 * whose class has no row of its own reads its orbit source's row, with the values of the chips an
 * automorphism moves laid over it (no copy of the row). */
typedef struct
{
  const guint16 *row;
  const guint32 *map;        /* the row is read at map[node] (a row through a group rotation,
                              * hop-table.c); NULL: at node */
  guint32        chip;
  guint32        twin;       /* the row's own chip (== chip when the row is the chip's own) */
  guint          twin_distance;
  const guint32 *moved_stamp;  /* NULL: nothing laid over the row */
  guint32        moved_epoch;
  const guint16 *moved_value;
} TfDestination;

static inline guint
tf_destination_distance (const TfDestination *d,
                         guint32              node)
{
  if (node == d->chip)
    return 0;
  if (node == d->twin)
    return d->twin_distance;
  if (d->moved_stamp != NULL && d->moved_stamp[node] == d->moved_epoch)
    return d->moved_value[node];
  return d->row[d->map != NULL ? d->map[node] : node];
}

/* Link bandwidths come from @ctx (per link type and reach, times multiplicity). @hops (may be
 * NULL) must be @graph's and outlive the routing. @lattice (may be NULL) is the family's, whose
 * translations a graph of chips alone without a hop table routes alike. */
TfRouting    *tf_routing_new (const TfNetworkGraph *graph, const TfHopTable *hops,
                              const TfChipLattice *lattice, const TfContext *ctx);
void          tf_routing_free (TfRouting *routing);
/* Per chip, the bandwidth of its links summed (GB/s). */
const double *tf_routing_chip_gbps (const TfRouting *routing);
/* Distances to @chip from @sources (and every node nearer than the farthest of them): the hop
 * table's row when there is one (what an automorphism moves laid over it in overlay @slot, 0 or
 * 1), else a breadth-first search from @chip that stops once every source is labelled. Routing
 * from a source only reads nodes nearer than it, all labelled by then; the rest read as
 * unreachable. Valid until the next call with the same slot. */
void          tf_routing_destination (TfRouting *routing, guint32 chip, const guint32 *sources,
                                      guint n_sources, guint slot, TfDestination *d);
/* Adds @amount of flow from @source to d->chip (from tf_routing_destination, slot 0) over all
 * shortest paths, split evenly per physical link at every node among the links one hop closer.
 * FALSE when the destination is unreachable. */
gboolean      tf_routing_add_flow (TfRouting *routing, const TfDestination *d, guint32 source,
                                   double amount);
/* Adds a unit flow for each of the @n_pairs pairs (source, destination) of @pairs (2 per pair),
 * all at once, as tf_routing_add_flow one by one would; *@hops is the farthest pair's distance.
 * FALSE when some destination is unreachable. A set of pairs made of whole orbits of the graph's
 * translations routes one pair of each orbit and lays its loads on every translate of the links
 * (a link then carries what its orbit carries from one pair of each). */
gboolean      tf_routing_add_flows (TfRouting *routing, const guint32 *pairs, guint n_pairs,
                                    guint *hops);
/* min over loaded link directions of bandwidth / load (GB/s), the link giving it in
 * *@bottleneck; clears the loads. */
double        tf_routing_collect_beta (TfRouting *routing, TfBottleneck *bottleneck);
/* One flow from chip @a to chip @b alone: its hops, beta and bottleneck. FALSE when @b is
 * unreachable. */
gboolean      tf_routing_p2p (TfRouting *routing, guint32 a, guint32 b, guint *hops,
                              double *beta, TfBottleneck *bottleneck);

G_END_DECLS
