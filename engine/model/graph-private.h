/* SPDX-License-Identifier: GPL-3.0-or-later */
/* graph-private.h: the NetworkGraph's helpers (graph.c): compressed adjacency (CSR) over a list
 * of links, where a node sits and what its links are, copies, and the invariants' places. */
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
/* The same without the link records (link NULL), for those who read neighbours alone. */
void tf_adjacency_init_targets (TfAdjacency *adj, guint n_nodes, guint n_links,
                                const void *links, gsize stride);
void tf_adjacency_clear (TfAdjacency *adj);

/* qsort () order of guint64 values, ascending. */
int  tf_guint64_compare (const void *pa, const void *pb);
/* Sorts @n values ascending, as qsort () with tf_guint64_compare () would; a few (a node's
 * links) by insertion, without qsort's call per comparison. */
void tf_guint64_sort (guint64 *values, gsize n);

static inline guint
tf_adjacency_degree (const TfAdjacency *adj, guint node)
{
  return adj->offset[node + 1] - adj->offset[node];
}

/* A node not reached, a class without a sole neighbour, no such link. */
#define TF_UNREACHED G_MAXUINT32

/* The one breadth-first search over a compressed adjacency (@offset, @target) of @n_nodes nodes,
 * from @source: @dist[v] its hops (TF_UNREACHED when not reached) and @order the nodes in the
 * order reached (both of room @n_nodes); with @parent and @via (either may be NULL), the node
 * and the entry of @target each node was first reached from and through (TF_UNREACHED at
 * @source and where not reached). Returns the number of nodes reached. */
guint tf_csr_bfs (guint n_nodes, const guint32 *offset, const guint32 *target, guint32 source,
                  guint32 *dist, guint32 *order, guint32 *parent, guint32 *via);

static inline guint
tf_adjacency_bfs (const TfAdjacency *adj, guint32 source, guint32 *dist, guint32 *order,
                  guint32 *parent, guint32 *via)
{
  return tf_csr_bfs (adj->n_nodes, adj->offset, adj->target, source, dist, order, parent, via);
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
 * rack and a pod, a pod switch a pod, a datacenter switch neither). Inline: the cost, the
 * invariants and the link kinds ask it twice for every link. */
static inline void
tf_network_graph_locate (const TfNetworkGraph *graph,
                         const guint32        *chip_board,
                         guint32               node,
                         guint                *board,
                         guint                *rack,
                         guint                *pod)
{
  if (node < graph->n_chip)
    {
      *board = chip_board[node];
      *rack = graph->board_rack[*board];
      *pod = graph->rack_pod[*rack];
    }
  else
    {
      const TfSwitch *sw = &graph->switches[node - graph->n_chip];

      /* A scale-up switch stands on its board. */
      *board = sw->tier == TF_TIER_BOARD ? sw->container : G_MAXUINT;
      *rack = sw->tier == TF_TIER_BOARD ? graph->board_rack[sw->container]
            : sw->tier == TF_TIER_RACK ? sw->container : G_MAXUINT;
      *pod = *rack != G_MAXUINT ? graph->rack_pod[*rack]
           : sw->tier == TF_TIER_POD ? sw->container : G_MAXUINT;
    }
}
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
/* What an edit of a graph that held every invariant and had no dead hardware changed, so that
 * only that is checked again (the GraphMutator's final check): @near, one byte per node,
 * nonzero at both ends of every link record the edit added, emptied or changed (a switch it
 * added among them); @cut TRUE when it took a link out. The grouping (board_chips, board_rack,
 * rack_pod) is the valid graph's, unchanged. A link record neither of whose ends is near is
 * the valid graph's, and so is every switch that is not near. */
typedef struct
{
  const guint8 *near;
  gboolean      cut;
} TfEditChange;
/* tf_network_graph_settle_links () for the links with an end near and the switches near
 * (@near NULL: all), the rest left as they are. */
void       tf_network_graph_settle_links_near (TfNetworkGraph *graph, const guint8 *near);
/* tf_network_graph_check_invariants () of a graph an edit made (@change) from one that held
 * them: the same checks, of what the edit can have broken (the links with an end near, the
 * switches near, connectivity when a link was cut). */
gboolean   tf_network_graph_check_edit (const TfNetworkGraph *graph, guint chip_radix,
                                        const TfEditChange *change, GError **error);
/* tf_network_graph_find_dead_switch () of a graph an edit made from one without dead hardware:
 * the switches near and those of the chips near are judged, as only they can have died
 * (@near NULL: every switch). */
TfDeadSwitch tf_network_graph_find_dead_switch_near (const TfNetworkGraph *graph,
                                                     const guint8 *near, guint *index,
                                                     GString *why);
/* The board of every chip, from board_chips. */
guint32   *tf_network_graph_dup_chip_boards (const TfNetworkGraph *graph);
/* A deep copy of @src into @dest (uninitialised). */
void       tf_network_graph_copy (const TfNetworkGraph *src, TfNetworkGraph *dest);
/* The first way two graphs differ ("switches[3] differs"; free it), or NULL when they are the
 * same graph, grouping, switches and links in the same order. */
char      *tf_network_graph_difference (const TfNetworkGraph *a, const TfNetworkGraph *b);

/* GB/s of one physical link of each kind, for chips that each drive the same number of
 * chip-to-chip links (every family result): the rules of link-bandwidth.c, looked up once. */
typedef struct
{
  double c2c[TF_N_REACHES];                    /* between chips (or into a scale-up switch) */
  double from_chip[TF_N_LINK_TYPES];           /* a chip's NIC port to a switch port */
  double between_switches[TF_N_LINK_TYPES];    /* switch port to switch port */
} TfLinkSpeeds;

void tf_link_speeds_init (TfLinkSpeeds *speeds, const TfContext *ctx, guint c2c_links);

static inline double
tf_link_speed (const TfLinkSpeeds *speeds,
               TfLinkType          type,
               TfReach             reach,
               gboolean            from_chip)
{
  if (type == TF_LINK_C2C)
    return speeds->c2c[reach];
  return from_chip ? speeds->from_chip[type] : speeds->between_switches[type];
}

/* The most a rack draws, kW: @n_board boards of @chips_per_board chips and
 * @board_scale_up_ports ports of scale-up switches not among @switches (board b in rack
 * board_rack[b]), and @switches, each drawing its ports (@ports[s], or NULL: port_count) at
 * defaults.switch.power_w_per_port in the rack it stands in (rack-power.c). */
double tf_rack_power_kw (const TfContext *ctx, guint n_board, guint chips_per_board,
                         guint64 board_scale_up_ports, const guint32 *board_rack, guint n_rack,
                         const TfSwitch *switches, guint n_switch, const guint64 *ports);
/* What the boards of @g's fullest rack draw, kW, their scale-up switches included and the
 * rack's own switches not, as rack-power-overflow judges a family's racks; @rack (may be NULL)
 * gets that rack. */
double tf_network_graph_boards_power_kw (const TfContext *ctx, const TfNetworkGraph *g,
                                         guint *rack);

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

G_END_DECLS
