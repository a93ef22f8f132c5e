/* SPDX-License-Identifier: GPL-3.0-or-later */
/* placement-private.h: boards into racks and racks into pods (docs/spec-notes.md, "Racks and
 * pods").
 *
 * A rack holds at most the context's boards_per_rack_max boards and a pod its racks_per_pod_max
 * racks. Families pack by their structure: contiguous runs of boards (ring, full-mesh, the
 * hypercube's subcubes, dragonfly groups, fat-tree leaves), blocks of a coordinate grid (torus
 * boards by sub-boxes, HyperX switches by their dimensions). A link then reaches the smallest
 * container holding both ends, and its type follows (graph.c). */
#pragma once

#include "build-private.h"

G_BEGIN_DECLS

/* Containers needed for @items at @per each (at least one). */
static inline guint
tf_pack_count (guint64 items,
               guint64 per)
{
  return (guint) MAX (1, (items + per - 1) / per);
}

/* Pairs of items in the same container when @n items are packed @per to a container in runs:
 * sum over containers of size (size - 1) / 2. */
guint64 tf_pairs_within_runs (guint64 n, guint64 per);

/* Pairs of a run of @per items (runs from 0 over @n items) that a split at @x separates: the
 * pairs of the one run the boundary falls inside. */
guint64 tf_split_pairs (guint64 n, guint64 per, guint64 x);

/* Boards packed in runs: board b in rack b / per_rack, rack r in pod r / racks_per_pod (the last
 * of each partly filled). Ring, full-mesh and single-switch boards. */
typedef struct
{
  guint64 n_board;
  guint64 per_rack;   /* boards */
  guint64 per_pod;    /* boards: per_rack x racks per pod */
  guint   n_rack;
  guint   n_pod;
} TfRuns;

/* @boards_per_rack: what a rack holds of these boards (tf_context_boards_per_rack). */
void    tf_runs_init (TfRuns *runs, const TfContext *ctx, guint64 n_board, guint boards_per_rack);
/* Fills @build's board_rack and rack_pod after tf_build_set_shape with the runs' counts. */
void    tf_runs_place (const TfRuns *runs, TfBuild *build);
/* The reach of a link between boards @a and @b (different boards). */
TfReach tf_runs_reach (const TfRuns *runs, guint64 a, guint64 b);
/* Board pairs split by {0 .. x-1} | {x .. n-1}, by reach: every pair for a complete graph of
 * boards, the boundary's two neighbours and the wrap-around for a ring (one pair for a ring of
 * two). */
void    tf_runs_cut (const TfRuns *runs, gboolean complete, guint64 x,
                     guint64 per_reach[TF_N_REACHES]);

/* A sub-box of a grid of @n_dims dimensions @grid: @block[d] divides @grid[d], the product is
 * at most @cap and as large as it can be, and among those the box is the most even in length,
 * one grid step of dimension d being @step[d] long (then the earliest in lexicographic order of
 * the block). */
void    tf_block_balanced (guint n_dims, const guint32 *grid, const guint32 *step, guint64 cap,
                           guint32 *block);

/* A prefix block of a grid in lexicographic order (dimension 0 fastest): the whole of
 * dimensions 0 .. j-1, a divisor of dimension j, nothing of the later ones, as large as fits in
 * @cap; items numbered lexicographically then fill each block contiguously. */
void    tf_block_prefix (guint n_dims, const guint32 *grid, guint64 cap, guint32 *block);

/* The reach of a link along one dimension of a ring (torus) from coordinate @c to @c + 1
 * mod @s, where a board, a rack and a pod span @unit[0], @unit[1] and @unit[2] coordinates of
 * that dimension (each dividing the next and @s): the first container whose boundary the link
 * does not cross. The wrap-around crosses a boundary unless the container spans the ring. */
TfReach tf_ring_link_reach (guint s, const guint32 unit[3], guint c);

/* Counts into @per_reach the links of one ring of @s chips (a 2-long dimension is one link)
 * by reach. */
void    tf_ring_reach_counts (guint s, const guint32 unit[3], guint64 per_reach[TF_N_REACHES]);

G_END_DECLS
