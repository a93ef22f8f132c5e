/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics-private.h: the pieces families and generate use to fill TfMetrics.
 *
 * Two kinds of families: switch families, where every chip of a board hangs off the board's one
 * leaf switch (plus IntraBoardTopo links), and direct families, whose chip graph is the
 * family's graph of endpoints (times the board graph, for Tier-7 ring and full-mesh). Both
 * reduce chip-pair metrics to a much smaller graph; docs/metrics.md gives the proofs, and the
 * tests compare every reduction with exhaustive computation on the expanded graph.
 */
#pragma once

#include "build-private.h"
#include "graph-private.h"
#include "intra-board-private.h"
#include "placement-private.h"

G_BEGIN_DECLS

/* Switch families */


/* Chip diameter from the leaf level: one board; several boards on one leaf; or 2 + the largest
 * switch distance between leaves that host chips. */
guint tf_switch_chip_diameter (const TfBoardTopo *bt, guint n_board, guint n_hosting_leaves,
                               guint leaf_diameter);
/* Path diversity: 1 with two or more boards (the leaf separates a board), else the board's own
 * diversity plus the path through the switch. */
guint tf_switch_path_diversity (const TfBoardTopo *bt, guint chip_radix, guint n_board);
/* Exact, by breadth-first search over the switches of a Tier-7 switch-family build (@switches
 * is its tf_build_switch_adjacency). */
void  tf_build_leaf_diameter (const TfBuild *build, const TfAdjacency *switches,
                              guint *n_hosting_leaves, guint *leaf_diameter);
/* Links between switches above which a build with rotation groups has its switches placed by
 * a search over the groups rather than a max flow. Every Dragonfly and Dragonfly+ of at most
 * 256 chips is below it, so the sweep sees the max flow's values. */
#define TF_BISECTION_FLOW_MAX_SWITCH_LINKS 16384u
/* An upper bound: structured chip splits, switches placed by a max flow (the best placement
 * for the split) or, above TF_BISECTION_FLOW_MAX_SWITCH_LINKS, by the search (docs/metrics.md).
 * @switches is the build's tf_build_switch_adjacency, or NULL to make it when needed. */
void  tf_bisection_switch_family (const TfContext *ctx, const TfLinkSpeeds *speeds, const TfBuild *build,
                                  const TfAdjacency *switches, const TfBoardTopo *bt,
                                  TfMetrics *m);

/* @speeds: the result's (tf_result_link_speeds). */
/* Every switch on one side and y chips on the other, whole boards first; exact for a single
 * switch unless a torus board must be split. */
void  tf_bisection_star (const TfContext *ctx, const TfLinkSpeeds *speeds, guint n_chip, const TfBoardTopo *bt,
                         guint64 *links, double *bandwidth, TfMethod *method);

/* Direct families */

/* Path diversity of a vertex-transitive chip graph with connectivity @kappa; when the graph is
 * complete on @n chips, every pair also has its chip_radix direct links. */
guint tf_direct_path_diversity (guint kappa, gboolean complete, guint n, guint chip_radix);

typedef enum
{
  TF_LANES_RING,
  TF_LANES_COMPLETE,
} TfLaneGraph;

/* Bisection of (ring or complete graph of @runs' boards) x (board graph): boards link lane by
 * lane, each lane link reaching what the runs make of its boards. Exact (closed form) when
 * boards hold one chip, else an upper bound. */
void  tf_bisection_lanes (const TfContext *ctx, const TfLinkSpeeds *speeds, TfLaneGraph lanes, const TfRuns *runs,
                          const TfBoardTopo *bt, TfMetrics *m);
/* The cut of {chips with rank < y} on a Tier-6 build, in links and in GB/s: the reference the
 * torus's closed form below is tested against. */
void  tf_build_rank_cut (const TfContext *ctx, const TfLinkSpeeds *speeds, const TfBuild *build, const guint32 *rank,
                         guint y, guint64 *links, double *bandwidth);

/* The cut of the first @y chips of a torus of @n_dims dimensions @size, in lexicographic order
 * with dimension @order[0] most significant, in links and in GB/s: a closed form, equal to
 * tf_build_rank_cut on the torus's build. Every link is C2C; @unit[d] gives how many coordinates
 * of dimension d a board, a rack and a pod span, which decides each cut link's reach. */
void  tf_torus_prefix_cut (const TfContext *ctx, const TfLinkSpeeds *speeds, guint n_dims, const guint32 *size,
                           const guint32 (*unit)[3], const guint *order, guint64 y,
                           guint64 *links, double *bandwidth);

/* The node pairs a Hamming graph (each of @n_dims dimensions of @size fully linked, HyperX's
 * switches) cuts around its first @y nodes in lexicographic order, dimension @order[0] most
 * significant. With @per_reach, also those pairs by reach, a rack and a pod spanning @unit[d][0]
 * and @unit[d][1] coordinates of dimension d (all in one rack when @unit is NULL). */
guint64 tf_hamming_prefix_cut (guint n_dims, const guint32 *size, const guint32 (*unit)[2],
                               const guint *order, guint64 y,
                               guint64 per_reach[TF_N_REACHES]);

/* The layout figures of @result from its family's @build (metrics-layout.c): cost, cables,
 * injection bandwidth, racks and pods; layout_method exact. */
void  tf_build_measure_layout (const TfContext *ctx, const TfResult *result,
                               const TfBuild *build, TfMetrics *m);

/* bisection_bandwidth_per_chip from bisection_bandwidth: over floor (n_chip / 2) chips. */
void  tf_metrics_set_bisection_per_chip (TfMetrics *m, guint n_chip);


/* Exact counts on the graph: links by type and by reach, switches, the busiest switch's links,
 * and the fewest and most links at a chip; counts_method becomes exact. */
void     tf_network_graph_count (const TfNetworkGraph *graph, TfMetrics *m);

/* Generic upper bounds for any graph: the best of a few balanced chip splits (by chip number,
 * and board by board in the grouping's order), switches placed by a min cut; and the
 * vertex-disjoint paths between the chip of least degree and every other chip. */
void     tf_network_graph_bisection_bound (const TfNetworkGraph *graph, const TfContext *ctx,
                                           guint64 *links, double *bandwidth);
guint    tf_network_graph_path_diversity_bound (const TfNetworkGraph *graph);

/* Exact metrics on small graphs (also used by the tests) */

#define TF_BISECTION_EXACT_MAX_CHIPS    16u
#define TF_BISECTION_EXACT_MAX_SWITCHES 64u
#define TF_PATH_DIVERSITY_EXACT_MAX_CHIPS 32u

/* Minimum over balanced chip splits, switches on whichever side is cheapest (a min cut). */
gboolean tf_network_graph_bisection_exact (const TfNetworkGraph *graph, const TfContext *ctx,
                                           guint64 *links, double *bandwidth);
/* Minimum over chip pairs of internally vertex-disjoint paths, parallel direct links counted. */
guint    tf_network_graph_path_diversity_exact (const TfNetworkGraph *graph);

G_END_DECLS
