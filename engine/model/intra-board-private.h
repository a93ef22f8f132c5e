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
  guint            lanes;     /* physical links a linked pair (chip-chip or chip-switch) */
  guint            n_dims;    /* torus only: 2 or 3 */
  guint            side;      /* torus only: chips per dimension */
  guint            n_switch;  /* switch only: scale-up switches a board */
} TfBoardTopo;

/* Applies the spec's rules: none always, and every topology is none on a board of one chip;
 * torus takes the cube shape, else the square one, else fails (cube > square > error). A chip
 * pair carries ctx->chip_radix links. switch takes the fewest scale-up switches S dividing
 * ctx->scale_up.links_per_chip whose C x links_per_chip / S ports fit switch_radix, each chip
 * joined to each by links_per_chip / S links, else fails. */
gboolean tf_board_topo_init (TfBoardTopo *bt, const TfContext *ctx, TfIntraBoardTopo topo,
                             guint chips, GString *why);
/* Number of distinct pairs linked on a board: chip pairs, or chip-switch pairs for switch. */
guint64  tf_board_topo_n_pairs (const TfBoardTopo *bt);
/* Physical links on one board, and at each of its chips. */
guint64  tf_board_topo_n_links (const TfBoardTopo *bt);
guint    tf_board_topo_chip_links (const TfBoardTopo *bt);
/* Ports of each scale-up switch (switch only). */
guint    tf_board_topo_switch_ports (const TfBoardTopo *bt);
/* Each linked chip pair (not for switch, which links chips to switches). */
void     tf_board_topo_foreach_pair (const TfBoardTopo *bt,
                                     void (*fn) (guint a, guint b, gpointer data),
                                     gpointer data);
/* Appends to @links (TfLink) the links of @bt on each of @n_board boards, whose chips
 * @board_chips lists board by board; board b's scale-up switches are nodes
 * @first_switch + b * n_switch ... */
void     tf_board_topo_append_links (const TfBoardTopo *bt, const guint32 *board_chips,
                                     guint n_board, guint32 first_switch, GArray *links);
/* Scale-up switches on @n_board boards, and writes them to @out: board b's are "board<b>.su<s>",
 * tier board, container b, board by board. */
guint    tf_board_topo_n_switches (const TfBoardTopo *bt, guint n_board);
void     tf_board_topo_fill_switches (const TfBoardTopo *bt, guint n_board, TfSwitch *out);
/* What one board draws, W: its chips (package and host) and its scale-up switches' ports
 * (tf_context_board_power_w). */
double   tf_board_topo_power_w (const TfBoardTopo *bt, const TfContext *ctx);
/* Hops between the two farthest chips of a connected board; 0 for one chip. */
guint    tf_board_topo_diameter (const TfBoardTopo *bt);
/* Sum of hops over ordered chip pairs. */
guint64  tf_board_topo_distance_sum (const TfBoardTopo *bt);
/* Distinct neighbours of each chip (the board graph is regular): chips, or switches. */
guint    tf_board_topo_degree (const TfBoardTopo *bt);
/* Vertex connectivity between the board's chips; K_n counts n - 1; switch counts S. */
guint    tf_board_topo_connectivity (const TfBoardTopo *bt);
gboolean tf_board_topo_is_complete (const TfBoardTopo *bt);
/* Physical links cut by the split {0 .. k-1} | {k .. chips-1} of the chips (scale-up switches
 * on whichever side cuts fewer). For none, ring, full-mesh and switch this is the fewest any
 * k-subset cuts; for torus it is an upper bound. */
guint64  tf_board_topo_prefix_cut (const TfBoardTopo *bt, guint k);
gboolean tf_board_topo_prefix_cut_is_minimal (const TfBoardTopo *bt);

/* Path diversity of a direct family's graph F (connectivity kappa_f, degree delta_f, n_f
 * boards) over boards of @bt linked lane by lane: for chip boards the Cartesian product's
 * connectivity (below); for boards of S scale-up switches min (delta_f + S,
 * kappa_f + min (S, C - 1)), a chip's neighbourhood or a lane's cut plus one detour through
 * each switch (docs/metrics.md; checked by max flow in the tests). */
guint    tf_board_topo_lane_connectivity (const TfBoardTopo *bt, guint kappa_f, guint delta_f,
                                          guint n_f);
/* Vertex connectivity of a Cartesian product G x H from its factors (Špacapan 2008):
 * min (kappa(G) |H|, kappa(H) |G|, delta(G) + delta(H)). */
guint    tf_product_connectivity (guint kappa_g, guint delta_g, guint n_g,
                                  guint kappa_h, guint delta_h, guint n_h);

G_END_DECLS
