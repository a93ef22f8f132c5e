/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rails-planes.c: the fat-tree's rail-optimized attachment and planes.
 *
 * - Rails: chip j of every board of a rail group is on leaf j of the group, a board's chips on
 *   as many leaves as it has chips, and a leaf serves d boards, one chip each.
 * - Planes: the switches fall into P sets with no link between two sets, each set the same
 *   fabric (switches, links and degrees alike), and every chip has chip_radix / P links into
 *   each.
 * - What rails buy: a leaf failure cuts one chip of each of its boards off the network, where
 *   attached by boards it cuts every chip of d boards; with a board's own links (NVLink-class
 *   full mesh) no chip is cut off at all, and with two planes none either.
 */
#include <string.h>

#include "test-util.h"

static void
generate (guint             n_chip,
          guint             chip_radix,
          TfIntraBoardTopo  topo,
          const char       *id,
          TfTopology       *out)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, topo);
  g_autoptr(GError) error = NULL;

  ctx.chip_radix = chip_radix;
  /* Racks as large as their count allows (16 boards of 8 chips, 204.8 kW): where the rail
   * groups stand is what these tests look at, not what a rack can cool. */
  ctx.rack.power_kw = 16 * 8 * 1.6;
  if (!tf_generate (&ctx, id, NULL, NULL, out, &error))
    g_error ("%s: %s", id, error->message);
}

/* The switch neighbours of each chip, with the links to each (n_chip x n_switch). */
static guint *
chip_switch_links (const TfNetworkGraph *g)
{
  guint *m = g_new0 (guint, (gsize) g->n_chip * g->n_switch);

  for (guint l = 0; l < g->n_links; l++)
    {
      guint32 a = MIN (g->links[l].a, g->links[l].b), b = MAX (g->links[l].a, g->links[l].b);

      if (a < g->n_chip && b >= g->n_chip)
        m[(gsize) a * g->n_switch + (b - g->n_chip)] += g->links[l].multiplicity;
    }
  return m;
}

/* 256 chips on 32 boards of 8, k = 32 (d = 16 boards a rail group, 2 groups, 16 leaves). */
static void
test_rails (void)
{
  g_auto(TfTopology) t = { 0 };
  const TfNetworkGraph *g;
  g_autofree guint *links = NULL;
  guint c = 8, d = 16;

  generate (256, 1, TF_INTRA_BOARD_NONE, "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail",
            &t);
  g = &t.graph;
  g_assert_cmpuint (g->chips_per_board, ==, c);
  links = chip_switch_links (g);
  for (guint b = 0; b < g->n_board; b++)
    for (guint j = 0; j < c; j++)
      {
        guint32 chip = g->board_chips[b * c + j];
        guint leaf = G_MAXUINT, n = 0;

        for (guint s = 0; s < g->n_switch; s++)
          if (links[(gsize) chip * g->n_switch + s] > 0)
            {
              leaf = s;
              n++;
            }
        /* One leaf, the rail group's leaf j: the same for chip j of every board of the
         * group, another for every other j or group. */
        g_assert_cmpuint (n, ==, 1);
        g_assert_cmpint (g->switches[leaf].tier, ==, TF_TIER_RACK);
        for (guint b2 = 0; b2 < g->n_board; b2++)
          for (guint j2 = 0; j2 < c; j2++)
            {
              guint32 other = g->board_chips[b2 * c + j2];
              gboolean same = b2 / d == b / d && j2 == j;

              g_assert_cmpuint (links[(gsize) other * g->n_switch + leaf] > 0, ==, same);
            }
      }
  /* A leaf serves d chips, one of each board of its group, and has k = 32 ports. */
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_RACK)
      {
        guint down = 0;

        for (guint chip = 0; chip < g->n_chip; chip++)
          down += links[(gsize) chip * g->n_switch + s];
        g_assert_cmpuint (down, ==, d);
        g_assert_cmpuint (g->switches[s].port_count, ==, 32);
      }
}

/* Rails beyond the fat-tree: every chip has one fabric switch, shared with exactly the chips
 * of its rank on the boards of its rail group (@group boards in a row). */
static void
check_rails (guint             n_chip,
             TfIntraBoardTopo  topo,
             const char       *id,
             guint             c,
             guint             group)
{
  g_auto(TfTopology) t = { 0 };
  const TfNetworkGraph *g;
  g_autofree guint *links = NULL;
  g_autofree guint *leaf = NULL;

  generate (n_chip, 1, topo, id, &t);
  g = &t.graph;
  g_assert_cmpuint (g->chips_per_board, ==, c);
  links = chip_switch_links (g);
  leaf = g_new (guint, g->n_chip);
  for (guint chip = 0; chip < g->n_chip; chip++)
    {
      guint n = 0;

      for (guint s = 0; s < g->n_switch; s++)
        if (links[(gsize) chip * g->n_switch + s] > 0 && g->switches[s].tier != TF_TIER_BOARD)
          {
            leaf[chip] = s;
            n++;
          }
      g_assert_cmpuint (n, ==, 1);
    }
  for (guint b = 0; b < g->n_board; b++)
    for (guint j = 0; j < c; j++)
      for (guint b2 = 0; b2 < g->n_board; b2++)
        for (guint j2 = 0; j2 < c; j2++)
          {
            gboolean same = b2 / group == b / group && j2 == j;

            g_assert_cmpuint (leaf[g->board_chips[b * c + j]] == leaf[g->board_chips[b2 * c + j2]],
                              ==, same);
          }
}

/* The rail-only network (single-switch, 8 boards of 8 chips on 8 rails) and HyperX (rail
 * groups of 4 switches and T = 2 boards); without board links the rail-only network falls
 * apart by rank, and is refused. */
static void
test_rails_switched (void)
{
  TfContext ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_autoptr(GError) error = NULL;
  TfResult r;

  check_rails (64, TF_INTRA_BOARD_FULL_MESH, "single-switch:n_endpoint=8,attach=rail", 8, 8);
  check_rails (64, TF_INTRA_BOARD_SWITCH, "single-switch:n_endpoint=8,attach=rail", 8, 8);
  check_rails (64, TF_INTRA_BOARD_NONE, "hyperx:L=2,T=2,S=4x8,n_endpoint=16,attach=rail", 4, 2);
  check_rails (64, TF_INTRA_BOARD_RING, "hyperx:L=2,T=2,S=4x8,n_endpoint=16,attach=rail", 4, 2);
  g_assert_false (tf_result_from_id (&ctx, "single-switch:n_endpoint=8,attach=rail", &r,
                                     &error));
  g_assert_nonnull (strstr (error->message, "intra_board_topo = none"));
  g_clear_error (&error);
  /* A rail group is C consecutive switches: C = 3 does not divide 32. */
  ctx = tf_test_context (96, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_assert_false (tf_result_from_id (&ctx, "hyperx:L=2,T=3,S=4x8,n_endpoint=32,attach=rail", &r,
                                     &error));
  g_assert_nonnull (strstr (error->message, "must divide the 32 switches"));
}

/* Dragonfly and Dragonfly+: a rail group is C consecutive switches of a group taking p boards
 * (8 boards of 8 chips on 8 switches, p = 4; 4 chips on 4 leaves spanning two subgroups). A
 * group holds whole rail groups: C = 4 does not divide a = 6. */
static void
test_rails_dragonfly (void)
{
  TfContext ctx = tf_test_context (256, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_autoptr(GError) error = NULL;
  TfResult r;

  check_rails (256, TF_INTRA_BOARD_NONE, "dragonfly:a=8,p=4,h=1,g=8,n_endpoint=32,attach=rail",
               8, 4);
  check_rails (256, TF_INTRA_BOARD_RING, "dragonfly:a=8,p=4,h=1,g=8,n_endpoint=32,attach=rail",
               8, 4);
  check_rails (256, TF_INTRA_BOARD_NONE,
               "dragonfly-plus:a=8,p=4,s=4,g=8,n_endpoint=64,attach=rail", 4, 4);
  g_assert_false (tf_result_from_id (&ctx, "dragonfly:a=6,p=4,h=1,g=6,n_endpoint=64,attach=rail",
                                     &r, &error));
  g_assert_nonnull (strstr (error->message, "must divide a = 6"));
}

/* The connected pieces of @g without switch @removed (G_MAXUINT: none): how many chips are not
 * in the piece of the most chips. */
static guint
chips_cut_off (const TfNetworkGraph *g,
               guint                 removed)
{
  guint n = g->n_chip + g->n_switch, best = 0;
  g_autofree guint *piece = g_new (guint, n);
  g_autofree guint *size = g_new0 (guint, n);
  gboolean changed = TRUE;

  for (guint v = 0; v < n; v++)
    piece[v] = v;
  /* Label propagation: each node takes the least label of its neighbours. */
  while (changed)
    {
      changed = FALSE;
      for (guint l = 0; l < g->n_links; l++)
        {
          guint32 a = g->links[l].a, b = g->links[l].b;

          if ((removed != G_MAXUINT && (a == g->n_chip + removed || b == g->n_chip + removed))
              || piece[a] == piece[b])
            continue;
          piece[a] = piece[b] = MIN (piece[a], piece[b]);
          changed = TRUE;
        }
    }
  for (guint chip = 0; chip < g->n_chip; chip++)
    {
      size[piece[chip]]++;
      best = MAX (best, size[piece[chip]]);
    }
  return g->n_chip - best;
}

static guint
first_leaf (const TfNetworkGraph *g)
{
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_RACK)
      return s;
  g_assert_not_reached ();
}

static void
test_leaf_failure (void)
{
  static const struct
  {
    const char      *id;
    guint            chip_radix;
    TfIntraBoardTopo topo;
    guint            cut_off;
  } cases[] = {
    /* By boards: a leaf (k = 8) takes its d = 4 boards of 8 chips with it. */
    { "fat-tree:layers=2,k=8,osr=1,n_endpoint=32", 1, TF_INTRA_BOARD_NONE, 32 },
    /* By rails (k = 32, d = 16): one chip of each of its boards. */
    { "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail", 1, TF_INTRA_BOARD_NONE, 16 },
    /* ... and none when the board's own links reach its other rails. */
    { "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail", 1, TF_INTRA_BOARD_FULL_MESH, 0 },
    /* Two planes: every chip has a leaf in the other. */
    { "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail,planes=2", 2,
      TF_INTRA_BOARD_NONE, 0 },
    { "fat-tree:layers=2,k=8,osr=1,n_endpoint=32,planes=2", 2, TF_INTRA_BOARD_NONE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(TfTopology) t = { 0 };

      generate (256, cases[i].chip_radix, cases[i].topo, cases[i].id, &t);
      g_assert_cmpuint (chips_cut_off (&t.graph, G_MAXUINT), ==, 0);
      g_assert_cmpuint (chips_cut_off (&t.graph, first_leaf (&t.graph)), ==, cases[i].cut_off);
    }
}

/* P planes: switches split into P sets joined by no link, alike, a chip's links even among
 * them. A switch's plane is its id's "p<q>." prefix, and its counterpart in plane q the switch
 * whose id differs in that prefix alone (a family may interleave its planes' switches). */
static void
check_planes (const char *id,
              guint       chip_radix,
              guint       planes)
{
  g_auto(TfTopology) t = { 0 };
  const TfNetworkGraph *g;
  g_autofree guint *plane = NULL;
  g_autofree guint *twin = NULL;   /* n_switch x planes: the switch's counterpart in plane q */
  g_autofree guint *links = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  generate (256, chip_radix, TF_INTRA_BOARD_NONE, id, &t);
  g = &t.graph;
  g_assert_cmpuint (g->n_switch % planes, ==, 0);
  plane = g_new (guint, g->n_switch);
  twin = g_new (guint, (gsize) g->n_switch * planes);
  for (guint s = 0; s < g->n_switch; s++)
    {
      const char *sid = g->switches[s].id;
      char *dot = strchr (sid, '.');

      g_assert_true (sid[0] == 'p' && dot != NULL);
      plane[s] = (guint) g_ascii_strtoull (sid + 1, NULL, 10);
      g_assert_cmpuint (plane[s], <, planes);
      g_hash_table_insert (by_id, (gpointer) sid, GUINT_TO_POINTER (s + 1));
    }
  for (guint s = 0; s < g->n_switch; s++)
    for (guint q = 0; q < planes; q++)
      {
        g_autofree char *other = g_strdup_printf ("p%u%s", q, strchr (g->switches[s].id, '.'));
        guint found = GPOINTER_TO_UINT (g_hash_table_lookup (by_id, other));

        g_assert_cmpuint (found, >, 0);
        twin[(gsize) s * planes + q] = found - 1;
        /* Alike: the same ports in every plane. */
        g_assert_cmpuint (g->switches[found - 1].port_count, ==, g->switches[s].port_count);
      }
  for (guint l = 0; l < g->n_links; l++)
    {
      guint32 a = g->links[l].a, b = g->links[l].b;

      if (a >= g->n_chip && b >= g->n_chip)
        {
          guint sa = a - g->n_chip, sb = b - g->n_chip;

          /* No link between planes. */
          g_assert_cmpuint (plane[sa], ==, plane[sb]);
          g_hash_table_insert (pairs, g_strdup_printf ("%u-%u-%u", MIN (sa, sb), MAX (sa, sb),
                                                       g->links[l].multiplicity), NULL);
        }
    }
  /* The same link in every plane. */
  for (guint l = 0; l < g->n_links; l++)
    {
      guint32 a = g->links[l].a, b = g->links[l].b;

      if (a >= g->n_chip && b >= g->n_chip)
        for (guint q = 0; q < planes; q++)
          {
            guint ta = twin[(gsize) (a - g->n_chip) * planes + q];
            guint tb = twin[(gsize) (b - g->n_chip) * planes + q];
            g_autofree char *key = g_strdup_printf ("%u-%u-%u", MIN (ta, tb), MAX (ta, tb),
                                                    g->links[l].multiplicity);

            g_assert_true (g_hash_table_contains (pairs, key));
          }
    }
  links = chip_switch_links (g);
  for (guint chip = 0; chip < g->n_chip; chip++)
    {
      g_autofree guint *in_plane = g_new0 (guint, planes);

      for (guint s = 0; s < g->n_switch; s++)
        in_plane[plane[s]] += links[(gsize) chip * g->n_switch + s];
      for (guint q = 0; q < planes; q++)
        g_assert_cmpuint (in_plane[q], ==, chip_radix / planes);
    }
}

static void
test_planes (void)
{
  check_planes ("fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail,planes=2", 2, 2);
  check_planes ("fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail,planes=4", 4, 4);
  check_planes ("fat-tree:layers=2,k=8,osr=1,n_endpoint=32,planes=2", 4, 2);
  check_planes ("fat-tree:layers=3,k=16,osr=1,n_endpoint=32,attach=rail,planes=2", 2, 2);
  check_planes ("single-switch:n_endpoint=32,planes=2", 2, 2);
  check_planes ("hyperx:L=2,T=2,S=4x4,planes=2", 2, 2);
  check_planes ("hyperx:L=2,T=4,S=8x8,n_endpoint=32,attach=rail,planes=2", 2, 2);
  /* Dragonfly and Dragonfly+ interleave their planes inside each group. */
  check_planes ("dragonfly:a=8,p=4,h=1,g=8,n_endpoint=256,planes=2", 2, 2);
  check_planes ("dragonfly:a=8,p=4,h=1,g=8,n_endpoint=32,attach=rail,planes=2", 2, 2);
  check_planes ("dragonfly-plus:a=8,p=4,s=4,g=8,n_endpoint=256,planes=4", 4, 4);
  check_planes ("dragonfly-plus:a=8,p=4,s=4,g=8,n_endpoint=64,attach=rail,planes=2", 2, 2);
}

/* Ids name what they change, and nothing else spells the same result. */
static void
test_ids (void)
{
  TfContext ctx = tf_test_context (256, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  static const char *const refused[] = {
    "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=board",
    "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail,planes=1",
    "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rails",
    /* Two planes need two links a chip. */
    "fat-tree:layers=2,k=32,osr=1,n_endpoint=32,attach=rail,planes=2",
    /* One chip a board is one rail. */
    "fat-tree:layers=2,k=64,osr=1,n_endpoint=256,attach=rail",
  };
  static const char *const messages[] = {
    "the default", "the default", "must be one of board, rail", "must divide chip_radix",
    "one rail",
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      TfResult r;

      g_assert_false (tf_result_from_id (&ctx, refused[i], &r, &error));
      g_assert_nonnull (error);
      if (strstr (error->message, messages[i]) == NULL)
        g_error ("%s: '%s' lacks '%s'", refused[i], error->message, messages[i]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/rails-planes/rails", test_rails);
  g_test_add_func ("/engine/rails-planes/rails-switched", test_rails_switched);
  g_test_add_func ("/engine/rails-planes/rails-dragonfly", test_rails_dragonfly);
  g_test_add_func ("/engine/rails-planes/leaf-failure", test_leaf_failure);
  g_test_add_func ("/engine/rails-planes/planes", test_planes);
  g_test_add_func ("/engine/rails-planes/ids", test_ids);
  return g_test_run ();
}
