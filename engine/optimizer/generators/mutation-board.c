/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mutation-board.c: the GraphMutator's board moves (issue 31, item 4).
 *
 *   change_board_topology   every board's chips wired as another of the board topologies the
 *                           configuration allows (generators.family.intra_board_topo: none,
 *                           ring, full-mesh, torus), the rest of the graph kept as it is
 *   change_chips_per_board  every two boards of a rack become one board of twice the chips,
 *                           or every board two of half (within chips_per_board_max and
 *                           generators.family.chips_per_board, racks of at most
 *                           boards_per_rack_max boards), wired as the boards were; the
 *                           chips' links to switches kept as they are
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
#include "search-config-private.h"

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

/* Every link between two chips of one board (by @board_of) leaves the edit. */
static void
drop_board_links (Edit          *e,
                  const guint32 *board_of)
{
  for (guint i = 0; i < e->links->len; i++)
    {
      TfLink *l = LINK (e, i);

      if (!is_switch (e, l->a) && !is_switch (e, l->b) && board_of[l->a] == board_of[l->b])
        l->multiplicity = 0;
    }
}

static guint32 *
boards_of_chips (const TfNetworkGraph *g)
{
  guint32 *board_of = g_new (guint32, g->n_chip);

  for (guint b = 0; b < g->n_board; b++)
    for (guint j = 0; j < g->chips_per_board; j++)
      board_of[g->board_chips[(gsize) b * g->chips_per_board + j]] = b;
  return board_of;
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

  /* Every link between two chips of one board goes, and each board gets the new topology's. */
  board_of = boards_of_chips (g);
  drop_board_links (e, board_of);
  for (guint b = 0; b < g->n_board; b++)
    {
      BoardLinks bl = { e, g->board_chips + (gsize) b * c, bt.lanes };

      tf_board_topo_foreach_pair (&bt, add_pair, &bl);
    }
  e->board_topo = ctx.intra_board_topo;
  return TRUE;
}

static guint
most_boards_in_a_rack (const TfNetworkGraph *g)
{
  g_autofree guint *count = g_new0 (guint, g->n_rack);
  guint most = 0;

  for (guint b = 0; b < g->n_board; b++)
    most = MAX (most, ++count[g->board_rack[b]]);
  return most;
}

/* A board size the configuration allows. */
static gboolean
size_allowed (const TfSearchConfig *config,
              guint                 c)
{
  if (c < 1 || c > config->context.chips_per_board_max)
    return FALSE;
  if (config->n_chips_per_board == 0)
    return TRUE;
  for (guint i = 0; i < config->n_chips_per_board; i++)
    if (config->chips_per_board[i] == c)
      return TRUE;
  return FALSE;
}

/* Boards 2j and 2j + 1 become board j, or board b boards 2b and 2b + 1 (its chips' first and
 * second halves), each in the rack of the board it came from. Rack and pod numbers stay, so
 * the switches' places and the chips' links to them stay valid; the links between chips of a
 * board are the board topology's for the new size, and finish() settles what each link
 * crosses. Boards of scale-up switches are left alone, as in change_board_topology. */
gboolean
tf_mutation_change_chips_per_board (Edit    *e,
                                    GRand   *rng,
                                    GError **error)
{
  TfNetworkGraph *g = e->graph;
  guint c = g->chips_per_board, n_board = g->n_board;
  gboolean can_double, can_halve, doubling;
  g_autofree guint32 *board_of = NULL;
  guint32 *chips, *racks;
  guint new_c, new_n;
  TfBoardTopo bt;
  TfContext ctx = e->config->context;

  if (e->board_topo == TF_INTRA_BOARD_SWITCH || e->board_topo >= TF_N_INTRA_BOARD_TOPOS)
    return tf_edit_invalid (error, "the boards are of scale-up switches, or of no known kind");
  can_double = n_board % 2 == 0 && size_allowed (e->config, 2 * c)
               && tf_board_topo_init (&bt, &ctx, e->board_topo, 2 * c, NULL);
  for (guint b = 0; can_double && b < n_board; b += 2)
    can_double = g->board_rack[b] == g->board_rack[b + 1];
  can_halve = c % 2 == 0 && size_allowed (e->config, c / 2)
              && tf_board_topo_init (&bt, &ctx, e->board_topo, c / 2, NULL)
              && 2 * most_boards_in_a_rack (g) <= MAX (ctx.boards_per_rack_max, 1u);
  if (!can_double && !can_halve)
    return tf_edit_invalid (error, "boards of %u chips can neither pair up within their racks "
                            "nor split into halves the configuration allows", c);
  doubling = can_double && (!can_halve || g_rand_boolean (rng));
  new_c = doubling ? 2 * c : c / 2;
  new_n = (guint) ((guint64) n_board * c / new_c);
  if (!tf_board_topo_init (&bt, &ctx, e->board_topo, new_c, NULL))
    g_assert_not_reached ();

  board_of = boards_of_chips (g);
  drop_board_links (e, board_of);
  /* board_chips lists the chips board by board: the same list, cut every new_c chips. */
  racks = g_new (guint32, new_n);
  for (guint b = 0; b < new_n; b++)
    racks[b] = g->board_rack[doubling ? 2 * b : b / 2];
  g_free (g->board_rack);
  g->board_rack = racks;
  g->chips_per_board = new_c;
  g->n_board = new_n;
  chips = g->board_chips;
  for (guint b = 0; b < new_n; b++)
    {
      BoardLinks bl = { e, chips + (gsize) b * new_c, bt.lanes };

      tf_board_topo_foreach_pair (&bt, add_pair, &bl);
    }
  return TRUE;
}
