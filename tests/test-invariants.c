/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-invariants.c: each invariant of @tbl-spec-topo-20a, broken on purpose in a copy of a good
 * graph, is reported by name; the good graph passes. */
#include <string.h>

#include "test-util.h"

static void
copy_graph (const TfNetworkGraph *src,
            TfNetworkGraph       *dst)
{
  *dst = *src;
  dst->switches = g_memdup2 (src->switches, sizeof (TfSwitch) * MAX (src->n_switch, 1));
  for (guint i = 0; i < src->n_switch; i++)
    dst->switches[i].id = g_strdup (src->switches[i].id);
  dst->links = g_memdup2 (src->links, sizeof (TfLink) * MAX (src->n_links, 1));
  dst->board_chips = g_memdup2 (src->board_chips, sizeof (guint32) * src->n_chip);
  /* room for one more board, rack and pod */
  dst->board_rack = g_malloc0 (sizeof (guint32) * (src->n_board + 1));
  memcpy (dst->board_rack, src->board_rack, sizeof (guint32) * src->n_board);
  dst->rack_pod = g_malloc0 (sizeof (guint32) * (src->n_rack + 1));
  memcpy (dst->rack_pod, src->rack_pod, sizeof (guint32) * src->n_rack);
}

static void
generate (guint            n_chip,
          const char      *id,
          TfIntraBoardTopo topo,
          TfTopology      *t)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, topo);
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_generate (&ctx, id, NULL, NULL, t, &error));
  g_assert_no_error (error);
}

static void
assert_broken (const TfNetworkGraph *g,
               guint                 chip_radix,
               const char           *invariant)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (tf_network_graph_check_invariants (g, chip_radix, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVARIANT);
  if (!g_str_has_prefix (error->message, invariant))
    g_error ("expected '%s...', got '%s'", invariant, error->message);
}

/* Gives every link the type and reach its ends now call for, so only containment can fail. */
static void
retype (TfNetworkGraph *g)
{
  for (guint i = 0; i < g->n_links; i++)
    {
      TfLinkType type;
      TfReach reach;

      tf_network_graph_link_kind (g, g->links[i].a, g->links[i].b, &type, &reach);
      g->links[i].type = type;
      g->links[i].reach = reach;
    }
}

/* Index of the first link from a chip to a switch. */
static guint
chip_switch_link (const TfNetworkGraph *g)
{
  for (guint i = 0; i < g->n_links; i++)
    if (g->links[i].a < g->n_chip && g->links[i].b >= g->n_chip)
      return i;
  g_assert_not_reached ();
}

static void
test_fat_tree (void)
{
  g_auto(TfTopology) t = { 0 };
  TfNetworkGraph g;
  guint i;

  generate (64, "fat-tree:layers=3,k=4,osr=1,n_endpoint=16", TF_INTRA_BOARD_FULL_MESH, &t);
  g_assert_true (tf_network_graph_check_invariants (&t.graph, 1, NULL));

  copy_graph (&t.graph, &g);
  g.board_chips[1] = g.board_chips[0];
  assert_broken (&g, 1, "chip coverage: chip 0 is in board 0 and board 0");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.board_chips[4] = g.board_chips[0];
  assert_broken (&g, 1, "chip coverage: chip 0 is in board 0 and board 1");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.board_chips[5] = 64;
  assert_broken (&g, 1, "chip coverage: board 1 lists chip 64");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.n_board--;
  assert_broken (&g, 1, "board size");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.rack_pod[g.n_rack] = 0;
  g.n_rack++;
  assert_broken (&g, 1, "rack non-empty");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.n_pod++;
  assert_broken (&g, 1, "pod non-empty");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.switches[0].tier = TF_TIER_CHIP;
  assert_broken (&g, 1, "switch tier: switch tor0 is at tier chip");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.switches[0].tier = TF_TIER_BOARD;
  g.switches[0].container = g.n_board;
  assert_broken (&g, 1, "switch tier: scale-up switch tor0 is on board 16, beyond 16 boards");
  tf_network_graph_clear (&g);

  /* A ToR that stands on a board is a scale-up switch, and joins chips of other boards. */
  copy_graph (&t.graph, &g);
  g.switches[0].tier = TF_TIER_BOARD;
  g.switches[0].container = 0;
  retype (&g);
  assert_broken (&g, 1, "scale-up containment: scale-up switch tor0 of board 0 links to");
  tf_network_graph_clear (&g);

  /* A ToR moved to another rack while its boards stay. */
  copy_graph (&t.graph, &g);
  i = chip_switch_link (&g);
  g.switches[g.links[i].b - g.n_chip].container =
    (g.switches[g.links[i].b - g.n_chip].container + 1) % g.n_rack;
  retype (&g);
  assert_broken (&g, 1, "rack switch containment: chip0 is in rack 0 but links to rack switch "
                 "tor0 of rack 1");
  tf_network_graph_clear (&g);

  /* The racks of the last two fat-tree groups moved to a second pod while every aggregation
   * switch stays in the first. */
  copy_graph (&t.graph, &g);
  g_assert_cmpuint (g.n_pod, ==, 1);
  g_assert_cmpuint (g.n_rack, ==, 8);
  for (guint r = 4; r < g.n_rack; r++)
    g.rack_pod[r] = 1;
  g.n_pod = 2;
  retype (&g);
  assert_broken (&g, 1, "pod switch containment: tor4 is in pod 1 but links to pod switch agg4 "
                 "of pod 0");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  i = chip_switch_link (&g);
  g.links[i].multiplicity = 2;
  g.switches[g.links[i].b - g.n_chip].port_count++;
  assert_broken (&g, 1, "link multiplicity: chip0 - tor0 carries 2 parallel links");
  g_assert_true (tf_network_graph_check_invariants (&g, 2, NULL));
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.switches[0].port_count++;
  assert_broken (&g, 1, "switch ports");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.links[0].type = TF_LINK_P2P;
  assert_broken (&g, 1, "link type");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.links[0].reach = TF_REACH_POD;
  assert_broken (&g, 1, "link reach");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.links[0].b = g.links[0].a;
  assert_broken (&g, 1, "links: link 0 joins a node to itself");
  tf_network_graph_clear (&g);

  copy_graph (&t.graph, &g);
  g.links[0].b = 100000;
  assert_broken (&g, 1, "links: link 0 joins node 100000");
  tf_network_graph_clear (&g);
}

static void
test_rack_containment (void)
{
  g_auto(TfTopology) t = { 0 };
  TfNetworkGraph g;

  generate (64, "fat-tree:layers=3,k=4,osr=1,n_endpoint=16", TF_INTRA_BOARD_NONE, &t);
  copy_graph (&t.graph, &g);
  /* A board moved to another rack; its chips keep their ToR. */
  g.board_rack[0] = 1;
  retype (&g);
  assert_broken (&g, 1, "rack switch containment: chip0 is in rack 1 but links to rack switch "
                 "tor0 of rack 0");
  tf_network_graph_clear (&g);
}

/* Scale-up switches stand on their board: 64 chips on 16 boards of 4, 1 switch a board (4 x 18
 * ports <= 72), each chip joined to it by 18 links, more than chip_radix = 1. */
static void
test_scale_up (void)
{
  g_auto(TfTopology) t = { 0 };
  TfNetworkGraph g;
  guint su = G_MAXUINT, i;

  generate (64, "fat-tree:layers=3,k=4,osr=1,n_endpoint=16", TF_INTRA_BOARD_SWITCH, &t);
  g_assert_true (tf_network_graph_check_invariants (&t.graph, 1, NULL));
  for (guint s = 0; s < t.graph.n_switch; s++)
    if (t.graph.switches[s].tier == TF_TIER_BOARD && su == G_MAXUINT)
      su = s;
  g_assert_cmpuint (su, !=, G_MAXUINT);
  g_assert_cmpstr (t.graph.switches[su].id, ==, "board0.su0");
  g_assert_cmpuint (t.graph.switches[su].port_count, ==, 4 * 18);

  /* A chip of board 1 cabled to board 0's scale-up switch. */
  copy_graph (&t.graph, &g);
  for (i = 0; i < g.n_links; i++)
    if (g.links[i].b == g.n_chip + su + 1)
      break;
  g_assert_cmpuint (i, <, g.n_links);
  g.links[i].b = g.n_chip + su;
  retype (&g);
  assert_broken (&g, 1, "scale-up containment: scale-up switch board0.su0 of board 0 links to "
                 "chip4");
  tf_network_graph_clear (&g);

  tf_network_graph_clear (&g);
}

static void
test_connectivity (void)
{
  g_auto(TfTopology) t = { 0 };
  TfNetworkGraph g;

  generate (8, "ring:n_endpoint=8", TF_INTRA_BOARD_NONE, &t);
  g_assert_true (tf_network_graph_check_invariants (&t.graph, 1, NULL));

  /* Cut the ring twice. */
  copy_graph (&t.graph, &g);
  g.links[4] = g.links[g.n_links - 1];
  g.links[0] = g.links[g.n_links - 2];
  g.n_links -= 2;
  assert_broken (&g, 1, "connectivity");
  tf_network_graph_clear (&g);

  /* Remove both links of chip 3. */
  copy_graph (&t.graph, &g);
  {
    guint out = 0;

    for (guint i = 0; i < g.n_links; i++)
      if (g.links[i].a != 3 && g.links[i].b != 3)
        g.links[out++] = g.links[i];
    g.n_links = out;
  }
  assert_broken (&g, 1, "endpoint uniqueness: chip3 has no link");
  tf_network_graph_clear (&g);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/invariants/fat-tree", test_fat_tree);
  g_test_add_func ("/engine/invariants/rack-containment", test_rack_containment);
  g_test_add_func ("/engine/invariants/connectivity", test_connectivity);
  g_test_add_func ("/engine/invariants/scale-up", test_scale_up);
  return g_test_run ();
}
