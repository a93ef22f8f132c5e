/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bfs-bit-parallel-private.h: breadth-first search from many sources at once, one bit each. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sources per pass, at most: 64 per machine word. */
#define TF_BIT_BFS_MAX_WORDS 16u

/* Called for each node some sources reach for the first time at @level (>= 1): bit i of
 * @fresh (@words words) is the batch's source i. */
typedef void (*TfBitBfsVisit) (guint level, guint32 node, const guint64 *fresh, guint words,
                               gpointer data);

typedef struct
{
  guint          n_nodes;
  const guint32 *offset;     /* n_nodes + 1: the neighbours of v are target[offset[v] ..] */
  const guint32 *target;
  const guint8  *allowed;    /* nodes entered, NULL: all */
  guint          max_words;
  guint64       *visited;
  guint64       *frontier;
  guint64       *next;
  guint32       *active;
  guint          n_cliques;  /* tf_bit_bfs_set_cliques () */
  const guint32 *clique_offset;
  const guint32 *clique_member;
  guint32       *in_offset;  /* n_nodes + 1: the cliques of v are in_clique[in_offset[v] ..] */
  guint32       *in_clique;
  guint64       *clique_frontier;
  const guint8  *goal;       /* tf_bit_bfs_set_goal () */
  const guint32 *blocked;    /* tf_bit_bfs_set_blocked () */
} TfBitBfs;

/* A search over a graph of @n_nodes nodes given as adjacency lists, entering only the nodes
 * with @allowed[v] != 0 (NULL: all), for batches of up to @max_sources sources (at most
 * 64 x TF_BIT_BFS_MAX_WORDS; see tf_bit_bfs_batch ()). The arrays must outlive it. */
void  tf_bit_bfs_init (TfBitBfs *bfs, guint n_nodes, const guint32 *offset,
                       const guint32 *target, const guint8 *allowed, guint max_sources);
void  tf_bit_bfs_clear (TfBitBfs *bfs);
/* Adds @n_cliques groups of nodes, each joined to every other of its group, as well as the
 * lists' edges: clique c is @member[@offset[c] ..  @offset[c + 1]]. A search then costs a
 * clique's members, not its pairs (a Hamming graph's lines, a full-mesh board). The arrays must
 * outlive the search. */
void  tf_bit_bfs_set_cliques (TfBitBfs *bfs, guint n_cliques, const guint32 *offset,
                              const guint32 *member);
/* Ends each search once every node with @goal[v] != 0 has heard from every source, rather than
 * when no node hears anything new (NULL: no goal). The array must outlive the search. */
void  tf_bit_bfs_set_goal (TfBitBfs *bfs, const guint8 *goal);
/* Keeps source i of each later run out of node @blocked[i] (G_MAXUINT32: none), as if that node
 * were not there: the search from i in the graph without it (a failure). NULL: none. The array
 * must outlive the search. */
void  tf_bit_bfs_set_blocked (TfBitBfs *bfs, const guint32 *blocked);
/* Sources one run takes at most. */
guint tf_bit_bfs_batch (const TfBitBfs *bfs);
/* Searches from @sources (allowed nodes, at most tf_bit_bfs_batch ()), calling @visit level by
 * level. */
void  tf_bit_bfs_run (TfBitBfs *bfs, const guint32 *sources, guint n_sources,
                      TfBitBfsVisit visit, gpointer data);

G_END_DECLS
