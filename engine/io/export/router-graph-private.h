/* SPDX-License-Identifier: GPL-3.0-or-later */
/* router-graph-private.h: the graph as simulators of routers and endpoints take it
 * (router-graph.c). */
#pragma once

#include "graph-private.h"

G_BEGIN_DECLS

/* The graph as simulators of routers and endpoints take it (BookSim's anynet, SST/Merlin's
 * anytopo): every switch is a router; a chip whose only link is one cable to a switch is an
 * endpoint of that switch; any other chip (a torus's, one linked to the chips of its board, one
 * with two cables) is a router of its own, with itself its one endpoint. Routers are numbered
 * chips first, in chip order, then switches in node order. */
typedef struct
{
  guint    n_routers;
  guint32 *router_node;     /* per router, its node */
  guint32 *router_of_node;  /* per node, its router; G_MAXUINT32 for a chip that is an endpoint */
  guint32 *chip_router;     /* per chip, the router its endpoint is on */
} TfRouterGraph;

void tf_router_graph_init (TfRouterGraph *rg, const TfNetworkGraph *graph);
void tf_router_graph_clear (TfRouterGraph *rg);

G_END_DECLS
