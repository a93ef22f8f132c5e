/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-intra-board.c: IntraBoardTopo shapes (cube > square > error) and the board graph's closed
 * forms (pairs, degree, diameter, distance sum, connectivity, prefix cuts) against search. */
#include <string.h>

#include "intra-board-private.h"
#include "test-util.h"

typedef struct
{
  guint   n;
  guint8 *adj;
} Board;

static void
add_pair (guint    a,
          guint    b,
          gpointer data)
{
  Board *board = data;

  g_assert_cmpuint (a, !=, b);
  g_assert_cmpuint (board->adj[a * board->n + b], ==, 0);  /* no pair twice */
  board->adj[a * board->n + b] = board->adj[b * board->n + a] = 1;
}

static TfContext
board_context (void)
{
  TfContext ctx;

  tf_context_init (&ctx);
  return ctx;
}

static void
test_shapes (void)
{
  TfContext ctx = board_context ();
  static const struct { guint chips; guint dims, side; } torus[] = {
    { 4, 2, 2 }, { 8, 3, 2 }, { 9, 2, 3 }, { 16, 2, 4 }, { 27, 3, 3 }, { 36, 2, 6 },
    { 64, 3, 4 }, { 729, 3, 9 }, { 4096, 3, 16 },
  };
  static const guint not_torus[] = { 2, 3, 5, 6, 10, 12, 32, 48, 63, 65 };
  g_autoptr(GString) why = g_string_new (NULL);
  TfBoardTopo bt;

  for (guint i = 0; i < G_N_ELEMENTS (torus); i++)
    {
      g_assert_true (tf_board_topo_init (&bt, &ctx, TF_INTRA_BOARD_TORUS, torus[i].chips, NULL));
      g_assert_cmpuint (bt.n_dims, ==, torus[i].dims);
      g_assert_cmpuint (bt.side, ==, torus[i].side);
    }
  for (guint i = 0; i < G_N_ELEMENTS (not_torus); i++)
    {
      g_string_truncate (why, 0);
      g_assert_false (tf_board_topo_init (&bt, &ctx, TF_INTRA_BOARD_TORUS, not_torus[i], why));
      g_assert_nonnull (strstr (why->str, "perfect cube or square"));
    }
  /* A board of one chip has no pair to link, whatever the topology: it is none there. */
  for (TfIntraBoardTopo t = TF_INTRA_BOARD_FULL_MESH; t < TF_N_INTRA_BOARD_TOPOS; t++)
    {
      g_assert_true (tf_board_topo_init (&bt, &ctx, t, 1, NULL));
      g_assert_cmpint (bt.topo, ==, TF_INTRA_BOARD_NONE);
      g_assert_cmpuint (tf_board_topo_n_pairs (&bt), ==, 0);
    }
  g_assert_true (tf_board_topo_init (&bt, &ctx, TF_INTRA_BOARD_NONE, 1, NULL));
  g_assert_true (tf_board_topo_init (&bt, &ctx, TF_INTRA_BOARD_NONE, 7, NULL));
}

/* Vertex connectivity by trying vertex sets of increasing size. */
static gboolean
connected_without (const Board *b,
                   guint32      removed)
{
  guint start = 0;
  guint32 seen, frontier;

  while ((removed >> start) & 1)
    start++;
  seen = frontier = 1u << start;
  while (frontier)
    {
      guint32 next = 0;

      for (guint x = 0; x < b->n; x++)
        if ((frontier >> x) & 1)
          for (guint y = 0; y < b->n; y++)
            if (b->adj[x * b->n + y] && !((seen >> y) & 1) && !((removed >> y) & 1))
              next |= 1u << y;
      seen |= next;
      frontier = next;
    }
  return (seen | removed) == (guint32) ((1ull << b->n) - 1);
}

static guint
brute_connectivity (const Board *b)
{
  for (guint k = 0; k + 2 <= b->n; k++)
    for (guint32 set = 0; set < (1u << b->n); set++)
      if ((guint) __builtin_popcount (set) == k && !connected_without (b, set))
        return k;
  return b->n - 1;  /* complete */
}

static void
check_board (TfIntraBoardTopo topo,
             guint            chips)
{
  TfBoardTopo bt;
  Board b = { chips, NULL };
  g_autofree guint16 *dist = g_new (guint16, chips * chips);
  guint64 pairs = 0, sum = 0;
  guint diameter = 0;

  TfContext ctx = board_context ();

  /* Scale-up switches are not chip pairs: check_switch_board has them. */
  if (topo == TF_INTRA_BOARD_SWITCH || !tf_board_topo_init (&bt, &ctx, topo, chips, NULL))
    return;
  b.adj = g_new0 (guint8, chips * chips);
  tf_board_topo_foreach_pair (&bt, add_pair, &b);

  for (guint i = 0; i < chips; i++)
    {
      guint degree = 0;

      for (guint j = 0; j < chips; j++)
        {
          degree += b.adj[i * chips + j];
          dist[i * chips + j] = i == j ? 0 : b.adj[i * chips + j] ? 1 : G_MAXUINT16;
        }
      pairs += degree;
      g_assert_cmpuint (degree, ==, tf_board_topo_degree (&bt));
    }
  g_assert_cmpuint (pairs / 2, ==, tf_board_topo_n_pairs (&bt));
  for (guint k = 0; k < chips; k++)
    for (guint i = 0; i < chips; i++)
      for (guint j = 0; j < chips; j++)
        if (dist[i * chips + k] + dist[k * chips + j] < dist[i * chips + j])
          dist[i * chips + j] = dist[i * chips + k] + dist[k * chips + j];
  for (guint i = 0; i < chips * chips; i++)
    {
      sum += dist[i];
      diameter = MAX (diameter, dist[i]);
    }
  if (topo == TF_INTRA_BOARD_NONE)
    g_assert_cmpuint (tf_board_topo_diameter (&bt), ==, chips == 1 ? 0 : G_MAXUINT);
  else
    {
      g_assert_cmpuint (tf_board_topo_diameter (&bt), ==, diameter);
      g_assert_cmpuint (tf_board_topo_distance_sum (&bt), ==, sum);
      g_assert_cmpint (tf_board_topo_is_complete (&bt), ==, diameter == 1);
      if (chips <= 20)
        g_assert_cmpuint (tf_board_topo_connectivity (&bt), ==, brute_connectivity (&b));
    }

  /* Prefix cuts: counted directly, and minimal over all subsets where claimed. */
  for (guint k = 0; k <= chips; k++)
    {
      guint64 cut = 0, best = G_MAXUINT64;

      for (guint i = 0; i < chips; i++)
        for (guint j = i + 1; j < chips; j++)
          if (b.adj[i * chips + j] && ((i < k) != (j < k)))
            cut++;
      g_assert_cmpuint (tf_board_topo_prefix_cut (&bt, k), ==, cut);
      if (chips > 16)
        continue;
      for (guint32 set = 0; set < (1u << chips); set++)
        {
          guint64 c = 0;

          if ((guint) __builtin_popcount (set) != k)
            continue;
          for (guint i = 0; i < chips; i++)
            for (guint j = i + 1; j < chips; j++)
              if (b.adj[i * chips + j] && ((set >> i) & 1) != ((set >> j) & 1))
                c++;
          best = MIN (best, c);
        }
      if (tf_board_topo_prefix_cut_is_minimal (&bt))
        g_assert_cmpuint (cut, ==, best);
      else
        g_assert_cmpuint (cut, >=, best);
    }
  g_free (b.adj);
}

static void
test_closed_forms (void)
{
  for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
    for (guint chips = 1; chips <= 30; chips++)
      check_board (topo, chips);
  check_board (TF_INTRA_BOARD_TORUS, 64);
  check_board (TF_INTRA_BOARD_TORUS, 36);
  check_board (TF_INTRA_BOARD_RING, 64);
}

static void
test_product_connectivity (void)
{
  /* Tori are Cartesian products of cycles (kappa = delta = 2) and K2 (kappa = delta = 1). */
  g_assert_cmpuint (tf_product_connectivity (2, 2, 4, 2, 2, 4), ==, 4);  /* C4 x C4 */
  g_assert_cmpuint (tf_product_connectivity (1, 1, 2, 1, 1, 2), ==, 2);  /* C4 */
  g_assert_cmpuint (tf_product_connectivity (1, 1, 2, 2, 2, 5), ==, 3);  /* prism */
  g_assert_cmpuint (tf_product_connectivity (3, 3, 4, 1, 1, 2), ==, 4);  /* K4 x K2 */
}

/* Scale-up switches: the fewest that hold every chip's links, each taking an equal share.
 * NVL72 (72 GPUs of 18 NVLinks, switch chips of 72 ports) has 18 switch chips, one link from
 * each GPU; HGX B200 (8 GPUs) has 2 (NVIDIA GB200 NVL72 and DGX B200 documents). */
static void
test_scale_up_shapes (void)
{
  static const struct { guint chips, links, radix, n_switch, lanes; } cases[] = {
    { 72, 18, 72, 18, 1 }, { 8, 18, 72, 2, 9 }, { 4, 18, 72, 1, 18 }, { 36, 18, 72, 9, 2 },
    { 8, 18, 64, 3, 6 }, { 16, 4, 64, 1, 4 }, { 2, 1, 2, 1, 1 },
  };
  g_autoptr(GString) why = g_string_new (NULL);
  TfContext ctx = board_context ();
  TfBoardTopo bt;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ctx.scale_up.links_per_chip = cases[i].links;
      ctx.scale_up.switch_radix = cases[i].radix;
      g_assert_true (tf_board_topo_init (&bt, &ctx, TF_INTRA_BOARD_SWITCH, cases[i].chips, NULL));
      g_assert_cmpuint (bt.n_switch, ==, cases[i].n_switch);
      g_assert_cmpuint (bt.lanes, ==, cases[i].lanes);
      g_assert_cmpuint (tf_board_topo_switch_ports (&bt), <=, cases[i].radix);
      g_assert_cmpuint (tf_board_topo_chip_links (&bt), ==, cases[i].links);
      g_assert_cmpuint (tf_board_topo_n_links (&bt), ==, cases[i].chips * cases[i].links);
    }
  /* More chips than a switch has ports: no share fits, and the message says which field. */
  ctx.scale_up.links_per_chip = 18;
  ctx.scale_up.switch_radix = 72;
  g_assert_false (tf_board_topo_init (&bt, &ctx, TF_INTRA_BOARD_SWITCH, 73, why));
  g_assert_nonnull (strstr (why->str, "defaults.scale_up.switch_radix = 72"));
}

/* The board with its scale-up switches as one graph (chips 0 .. C-1, switches C ..): distances,
 * chip-to-chip vertex connectivity and the fewest links any k chips cut, by search. */
static void
check_switch_board (guint chips,
                    guint links,
                    guint radix)
{
  TfContext ctx = board_context ();
  TfBoardTopo bt;
  guint n, s;

  ctx.scale_up.links_per_chip = links;
  ctx.scale_up.switch_radix = radix;
  if (!tf_board_topo_init (&bt, &ctx, TF_INTRA_BOARD_SWITCH, chips, NULL) || chips < 2)
    return;
  s = bt.n_switch;
  n = chips + s;
  {
    g_autofree guint32 *board_chips = g_new (guint32, chips);
    g_autoptr(GArray) arr = g_array_new (FALSE, FALSE, sizeof (TfLink));
    Board b = { n, g_new0 (guint8, n * n) };
    guint64 total = 0;

    for (guint i = 0; i < chips; i++)
      board_chips[i] = i;
    tf_board_topo_append_links (&bt, board_chips, 1, chips, arr);
    for (guint i = 0; i < arr->len; i++)
      {
        const TfLink *l = &g_array_index (arr, TfLink, i);

        g_assert_cmpuint (l->a, <, chips);
        g_assert_cmpuint (l->b, >=, chips);
        g_assert_cmpuint (l->multiplicity, ==, bt.lanes);
        add_pair (l->a, l->b, &b);
        total += l->multiplicity;
      }
    g_assert_cmpuint (total, ==, tf_board_topo_n_links (&bt));
    /* Chips meet through any switch: 2 hops, and removing the S switches is the least cut. */
    g_assert_cmpuint (tf_board_topo_diameter (&bt), ==, 2);
    g_assert_cmpuint (tf_board_topo_distance_sum (&bt), ==, 2ull * chips * (chips - 1));
    g_assert_cmpuint (tf_board_topo_degree (&bt), ==, s);
    g_assert_false (tf_board_topo_is_complete (&bt));
    if (n <= 20)
      {
        guint kappa = G_MAXUINT;

        /* The least set of vertices, chips spared, whose removal parts two chips. */
        for (guint32 set = 0; set < (1u << n); set++)
          if ((set & ((1u << chips) - 1)) == 0 && !connected_without (&b, set))
            kappa = MIN (kappa, (guint) __builtin_popcount (set));
        g_assert_cmpuint (tf_board_topo_connectivity (&bt), ==, MIN (kappa, chips - 1 + s));
      }
    for (guint k = 0; k <= chips && n <= 18; k++)
      {
        guint64 best = G_MAXUINT64;

        /* Every chip set of k and every side for each switch. */
        for (guint32 set = 0; set < (1u << chips); set++)
          if ((guint) __builtin_popcount (set) == k)
            for (guint32 side = 0; side < (1u << s); side++)
              {
                guint64 cut = 0;

                for (guint i = 0; i < chips; i++)
                  for (guint t = 0; t < s; t++)
                    if (((set >> i) & 1) != ((side >> t) & 1))
                      cut += bt.lanes;
                best = MIN (best, cut);
              }
        g_assert_cmpuint (tf_board_topo_prefix_cut (&bt, k), ==, best);
      }
    g_free (b.adj);
  }
}

static void
test_scale_up_closed_forms (void)
{
  for (guint chips = 2; chips <= 14; chips++)
    for (guint links = 1; links <= 6; links++)
      for (guint radix = 2; radix <= 24; radix += 5)
        check_switch_board (chips, links, radix);
  check_switch_board (72, 18, 72);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/intra-board/shapes", test_shapes);
  g_test_add_func ("/engine/intra-board/closed-forms", test_closed_forms);
  g_test_add_func ("/engine/intra-board/product-connectivity", test_product_connectivity);
  g_test_add_func ("/engine/intra-board/scale-up-shapes", test_scale_up_shapes);
  g_test_add_func ("/engine/intra-board/scale-up-closed-forms", test_scale_up_closed_forms);
  return g_test_run ();
}
