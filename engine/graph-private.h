/* SPDX-License-Identifier: GPL-3.0-or-later */
/* graph-private.h: compressed adjacency (CSR) over a list of links, and a small max-flow. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

/* Adjacency of @n_nodes nodes from @n_links records whose first two fields are the guint32
 * ends a and b (TfLink and TfBuildLink both are). Each link appears at both ends. */
typedef struct
{
  guint    n_nodes;
  guint32 *offset;  /* n_nodes + 1 */
  guint32 *target;  /* neighbour node */
  guint32 *link;    /* index of the link record */
} TfAdjacency;

void tf_adjacency_init (TfAdjacency *adj, guint n_nodes, guint n_links, const void *links,
                        gsize stride);
void tf_adjacency_clear (TfAdjacency *adj);

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

/* A SimGrid platform for Stage 2 (export-simgrid.c writes it; stage-2.c gives the routes): every
 * link's latency @link_latency_ns (as the alpha-beta model's hop), and one route per ordered
 * pair of chips listed, along the link records given (route_links[route_offset[i] ..
 * route_offset[i + 1]), from route_src[i] to route_dst[i]), not symmetrical. */
typedef struct
{
  double         link_latency_ns;
  guint          n_routes;
  const guint32 *route_src;
  const guint32 *route_dst;
  const guint   *route_offset;   /* n_routes + 1 */
  const guint32 *route_links;
} TfSimgridRoutes;

void tf_topology_append_simgrid_platform (const TfTopology *topology,
                                          const TfSimgridRoutes *routes, GString *out);

/* qsort () order of guint64 values, ascending. */
int  tf_guint64_compare (const void *pa, const void *pb);

static inline guint
tf_adjacency_degree (const TfAdjacency *adj, guint node)
{
  return adj->offset[node + 1] - adj->offset[node];
}

/* The smallest container holding two nodes located at (board, rack, pod), G_MAXUINT where a
 * node is above that level. */
static inline TfReach
tf_reach_between (guint board_a, guint rack_a, guint pod_a, guint board_b, guint rack_b,
                  guint pod_b)
{
  if (board_a != G_MAXUINT && board_a == board_b)
    return TF_REACH_BOARD;
  if (rack_a != G_MAXUINT && rack_a == rack_b)
    return TF_REACH_RACK;
  if (pod_a != G_MAXUINT && pod_a == pod_b)
    return TF_REACH_POD;
  return TF_REACH_DATACENTER;
}

/* Where a node sits: its board, rack and pod, G_MAXUINT above that level (a rack switch has a
 * rack and a pod, a pod switch a pod, a datacenter switch neither). */
void       tf_network_graph_locate (const TfNetworkGraph *graph, const guint32 *chip_board,
                                    guint32 node, guint *board, guint *rack, guint *pod);
/* tf_network_graph_link_kind() with the chip -> board map at hand. */
void       tf_network_graph_link_kind_with_boards (const TfNetworkGraph *graph,
                                                   const guint32        *chip_board,
                                                   guint32               a,
                                                   guint32               b,
                                                   TfLinkType           *type,
                                                   TfReach              *reach);
/* The type of a link with a switch at one end that reaches @reach (C2C for a board). */
TfLinkType tf_link_type_for_reach (TfReach reach);
/* Appends a link of @multiplicity between nodes @a and @b (TfLink, a < b); its type and reach
 * come from tf_network_graph_settle_links (). */
void       tf_links_append (GArray *links, guint32 a, guint32 b, guint32 multiplicity);
/* Gives every link the type and reach its ends call for, and every switch the port count of
 * its links. */
void       tf_network_graph_settle_links (TfNetworkGraph *graph);
/* The board of every chip, from board_chips. */
guint32   *tf_network_graph_dup_chip_boards (const TfNetworkGraph *graph);

/* Which element broke an invariant, for callers that can point at it (the loader). */
typedef enum
{
  TF_AT_NONE,
  TF_AT_CHIP,
  TF_AT_BOARD,
  TF_AT_RACK,
  TF_AT_POD,
  TF_AT_SWITCH,
  TF_AT_LINK,
} TfPlace;

typedef struct
{
  TfPlace place;
  guint   index;
} TfViolation;

gboolean tf_network_graph_check_invariants_where (const TfNetworkGraph *graph, guint chip_radix,
                                                  TfViolation *where, GError **error);

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
