/* SPDX-License-Identifier: GPL-3.0-or-later */
/* routing-state-private.h: what a TfRouting holds, shared by the routing of one flow (routing.c)
 * and of sets of flows (routing-sets.c). */
#pragma once

#include "routing-private.h"
#include "lattice-translations-private.h"

G_BEGIN_DECLS

/* An arc of a flow's shortest-path DAG: @link taken from @u to @v. */
typedef struct
{
  guint32 u, link, v;
} Arc;

struct _TfRouting
{
  const TfNetworkGraph *graph;
  const TfHopTable     *hops;
  guint        n_nodes;
  TfAdjacency  adj;
  double      *link_gbps;    /* per link: bandwidth of one physical link x multiplicity */
  double      *chip_gbps;    /* per chip: the sum over its links */

  /* Routing scratch */
  double      *flow;         /* per node, valid where stamp == epoch */
  guint32     *stamp;
  guint32      epoch;
  guint32     *frontier;
  guint32     *next;
  double      *load;         /* per link and direction: [2 l] a -> b, [2 l + 1] b -> a */
  guint8      *loaded;
  guint32     *touched;      /* the directions with load, to read and reset */
  guint        n_touched;
  GArray      *record;       /* when not NULL, tf_routing_add_flow appends each Share */
  guint16     *row;          /* the bounded search's distances (no hop table) */
  guint32     *reached;      /* without a hop table: the nodes the last search labelled */
  guint8      *wanted;       /* sources it has yet to label */
  guint        n_reached;
  /* With a hop table: tf_hop_table_row_moves's output, and per slot (0 a destination, 1 the
   * source routed to it) the moved values laid over a row, where over_stamp == over_epoch. */
  guint32     *moved;
  guint16     *moved_value;
  guint16     *over_value[2];
  guint32     *over_stamp[2];
  guint32      over_epoch[2];
  /* per slot, the last destination laid there: a row and what is laid over it depend on its
   * class alone, so the next destination of that class takes them as they are */
  guint32      over_class[2];
  TfDestination over_last[2];
  /* The shortest-path DAG of one flow (build_dag): layer l holds its nodes at distance l from
   * the destination, gap l its arcs from layer l + 1 to layer l. */
  Arc         *arcs;
  Arc         *sorted_arcs;
  guint32     *gap_start;
  guint32     *gap_len;
  guint8      *gap_ordered;  /* arcs listed as the source's end lists them */
  guint32     *layer_nodes;
  guint32     *layer_start;
  guint32     *layer_len;
  guint64     *layer_cost;   /* the layer's links to look at: its degree sum */
  guint32     *layer_of;     /* per node, valid where dag_stamp == dag_epoch */
  guint32     *dag_stamp;
  guint32      dag_epoch;
  guint32     *rank;         /* per node of the frontier: its place in it */
  guint32     *bucket;
  /* With a hop table: per class, whether its chips route alike (route_alike), and the last
   * point-to-point flow between two such classes. */
  guint8      *alike;
  gboolean     p2p_valid;
  guint32      p2p_classes[2];
  guint        p2p_hops;
  double       p2p_beta;
  TfBottleneck p2p_bottleneck;
  /* Without a hop table, in a graph of chips alone: its translations (lattice-translations.c); when
   * there are some, every flow's result by its pair of chips translated so the first lies in the
   * cell, in p2p_memo, and a set of flows made of whole orbits routes one flow of each
   * (tf_routing_add_flows). */
  TfTranslations tr;
  TfTranslations pair_tr;    /* the translations that keep the last set of flows folded */
  TfTranslations shape_tr;   /* the translations keeping multiplicities: a flow's shares */
  GHashTable  *p2p_memo;
  /* With a hop table's chip orbits (routing-sets.c, made on first use): per component, whether
   * swapping it with its representative keeps every link's multiplicity; per chip, its index
   * among its class's members. */
  guint8      *swap_ok;
  guint32     *member_index;
};

/* What one flow adds to one link direction. */
typedef struct
{
  guint32 slot;
  double  load;
} Share;

G_END_DECLS
