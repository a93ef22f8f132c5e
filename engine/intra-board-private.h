/* SPDX-License-Identifier: GPL-3.0-or-later */
/* intra-board-private.h: IntraBoardTopo (@tbl-spec-topo-19), the links among the chips of one
 * board. Chips are numbered 0 .. chips-1 inside the board. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

typedef struct
{
  TfIntraBoardTopo topo;
  guint            chips;
  guint            n_dims;  /* torus only: 2 or 3 */
  guint            side;    /* torus only: chips per dimension */
} TfBoardTopo;

/* Applies the spec's rules: none always, and every topology is none on a board of one chip;
 * torus takes the cube shape, else the square one, else fails (cube > square > error). */
gboolean tf_board_topo_init (TfBoardTopo *bt, TfIntraBoardTopo topo, guint chips, GString *why);
/* Number of distinct chip pairs linked (each pair carries chip_radix parallel links). */
guint64  tf_board_topo_n_pairs (const TfBoardTopo *bt);
void     tf_board_topo_foreach_pair (const TfBoardTopo *bt,
                                     void (*fn) (guint a, guint b, gpointer data),
                                     gpointer data);
/* Appends to @links (TfLink) the links of @bt on each of @n_board boards of @c chips, whose
 * chips @board_chips lists board by board, @chip_radix parallel links a pair. */
void     tf_board_topo_append_links (const TfBoardTopo *bt, const guint32 *board_chips,
                                     guint n_board, guint c, guint32 chip_radix, GArray *links);
/* Hops between the two farthest chips of a connected board; 0 for one chip. */
guint    tf_board_topo_diameter (const TfBoardTopo *bt);
/* Sum of hops over ordered chip pairs. */
guint64  tf_board_topo_distance_sum (const TfBoardTopo *bt);
/* Distinct neighbours of each chip (the board graph is regular). */
guint    tf_board_topo_degree (const TfBoardTopo *bt);
/* Vertex connectivity of the simple board graph; K_n counts n - 1. */
guint    tf_board_topo_connectivity (const TfBoardTopo *bt);
gboolean tf_board_topo_is_complete (const TfBoardTopo *bt);
/* Chip pairs linked across the split {0 .. k-1} | {k .. chips-1}. For none, ring and
 * full-mesh this is the fewest pairs any k-subset cuts; for torus it is an upper bound. */
guint64  tf_board_topo_prefix_cut (const TfBoardTopo *bt, guint k);
gboolean tf_board_topo_prefix_cut_is_minimal (const TfBoardTopo *bt);

/* Vertex connectivity of a Cartesian product G x H from its factors (Špacapan 2008):
 * min (kappa(G) |H|, kappa(H) |G|, delta(G) + delta(H)). */
guint    tf_product_connectivity (guint kappa_g, guint delta_g, guint n_g,
                                  guint kappa_h, guint delta_h, guint n_h);

G_END_DECLS
