/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mutation-board.c: the GraphMutator's board move (issue 31, item 4).
 *
 *   change_board_topology  every board's chips wired as another of the board topologies the
 *                          configuration allows (generators.family.intra_board_topo: none,
 *                          ring, full-mesh, torus), the rest of the graph kept as it is
 *
 * The local edits never touch a chip's links to chips; this move rewires them all at once, as
 * a hardware designer changes the board, so an edited design can move between the family
 * generator's kinds of board as an unedited result does with its steps. Each board gets the
 * links tf_board_topo_init gives the family generator (a linked pair chip_radix links, a torus
 * the cube's or the square's shape), so a family result moved this way is the graph the family
 * generates on that board. Boards of scale-up switches are left alone (their switches are
 * boards' hardware of another kind). The mutator's finish() checks the result, and the
 * evaluator a chip's board ports.
 */
#include "graph-mutator-private.h"
#include "intra-board-private.h"

typedef struct
{
  Edit          *e;
  const guint32 *chips;   /* the board's, in board order */
  guint32        lanes;
} BoardLinks;

static void
add_pair (guint    a,
          guint    b,
          gpointer data)
{
  BoardLinks *bl = data;

  tf_edit_add_links (bl->e, bl->chips[a], bl->chips[b], bl->lanes);
}

gboolean
tf_mutation_change_board_topology (Edit    *e,
                                   GRand   *rng,
                                   GError **error)
{
  static const TfIntraBoardTopo kinds[] = {
    TF_INTRA_BOARD_NONE, TF_INTRA_BOARD_RING, TF_INTRA_BOARD_FULL_MESH, TF_INTRA_BOARD_TORUS,
  };
  const TfNetworkGraph *g = e->graph;
  TfIntraBoardTopo choices[G_N_ELEMENTS (kinds)];
  guint n_choices = 0, c = g->chips_per_board;
  g_autofree guint32 *board_of = NULL;
  TfBoardTopo bt;
  TfContext ctx = e->config->context;

  if (c < 2)
    return tf_edit_invalid (error, "boards of one chip have no board links");
  if (e->board_topo == TF_INTRA_BOARD_SWITCH || e->board_topo >= TF_N_INTRA_BOARD_TOPOS)
    return tf_edit_invalid (error, "the boards are of scale-up switches, or of no known kind");
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    if (kinds[k] != e->board_topo && (e->config->intra_board_topos & (1u << kinds[k]))
        && tf_board_topo_init (&bt, &ctx, kinds[k], c, NULL))
      choices[n_choices++] = kinds[k];
  if (n_choices == 0)
    return tf_edit_invalid (error, "no other board topology the configuration allows fits "
                            "boards of %u chips", c);
  ctx.intra_board_topo = choices[n_choices > 1 ? g_rand_int_range (rng, 0, n_choices) : 0];
  if (!tf_board_topo_init (&bt, &ctx, ctx.intra_board_topo, c, NULL))
    g_assert_not_reached ();

  /* Every link between two chips of one board goes... */
  board_of = g_new (guint32, n_chip (e));
  for (guint b = 0; b < g->n_board; b++)
    for (guint j = 0; j < c; j++)
      board_of[g->board_chips[(gsize) b * c + j]] = b;
  for (guint i = 0; i < e->links->len; i++)
    {
      TfLink *l = LINK (e, i);

      if (!is_switch (e, l->a) && !is_switch (e, l->b) && board_of[l->a] == board_of[l->b])
        l->multiplicity = 0;
    }
  /* ...and each board gets the new topology's. */
  for (guint b = 0; b < g->n_board; b++)
    {
      BoardLinks bl = { e, g->board_chips + (gsize) b * c, bt.lanes };

      tf_board_topo_foreach_pair (&bt, add_pair, &bl);
    }
  e->board_topo = ctx.intra_board_topo;
  return TRUE;
}
