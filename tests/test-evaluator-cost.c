/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluator-cost.c: Layer 5 of the evaluator (switch radixes, the floor plan and the cost)
 * on small graphs whose numbers are worked out by hand in the comments.
 */
#include <math.h>
#include <string.h>

#include "evaluator-private.h"
#include "test-util.h"

static void
test_radix_for (void)
{
  TfHardwareConstraints hw = { 0 };

  g_assert_cmpuint (tf_hardware_radix_for (&hw, 4), ==, 0);
  hw.n_radix_options = 3;
  hw.radix_options[0] = 32;
  hw.radix_options[1] = 64;
  hw.radix_options[2] = 128;
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 0), ==, 32);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 1), ==, 32);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 32), ==, 32);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 33), ==, 64);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 128), ==, 128);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 129), ==, 0);
}

static void
floor_setup (TfFloorPlan *floor)
{
  floor->rack_pitch_m = 0.6;
  floor->row_pitch_m = 3.0;
  floor->vertical_run_m = 1.5;
  floor->in_rack_m = 2.0;
  floor->max_copper_m = 5.0;
}

/* Racks of two pods interleaved in numbering: pod 0 holds racks 0, 2, 4 and pod 1 racks 1, 3. */
static void
test_floor_positions (void)
{
  TfNetworkGraph g;
  TfFloorPlan floor;
  static const guint32 board_chips[5] = { 0, 1, 2, 3, 4 };
  static const guint32 board_rack[5] = { 0, 1, 2, 3, 4 };
  static const guint32 rack_pod[5] = { 0, 1, 0, 1, 0 };
  TfSwitch switches[4] = {
    { (char *) "tor3", TF_TIER_RACK, 3, 1 },
    { (char *) "pod0", TF_TIER_POD, 0, 1 },
    { (char *) "pod1", TF_TIER_POD, 1, 1 },
    { (char *) "dc", TF_TIER_DATACENTER, 0, 1 },
  };
  static const struct
  {
    guint32 node;
    double  x, y;
  } expected[] = {
    { 0, 0.0, 0.0 }, { 1, 0.0, 3.0 }, { 2, 0.6, 0.0 }, { 3, 0.6, 3.0 }, { 4, 1.2, 0.0 },
    { 5, 0.6, 3.0 },    /* tor3: rack 3, second of pod 1 */
    { 6, 0.6, 0.0 },    /* pod 0's switch: middle of 3 racks */
    { 7, 0.3, 3.0 },    /* pod 1's switch: middle of 2 racks */
    { 8, 0.6, 1.5 },    /* the hall: middle of the widest row, between the rows */
  };
  guint32 chip_board[5] = { 0, 1, 2, 3, 4 };
  TfLink links[3] = {
    { 3, 5, 1, TF_LINK_B2B, TF_REACH_RACK },         /* chip3 - tor3: same rack */
    { 0, 7, 1, TF_LINK_P2P, TF_REACH_DATACENTER },   /* chip0 - pod 1's switch */
    { 4, 8, 1, TF_LINK_P2P, TF_REACH_DATACENTER },   /* chip4 - the hall */
  };
  TfCable cable;

  tf_network_graph_init (&g);
  g.n_chip = 5;
  g.n_switch = 4;
  g.switches = switches;
  g.chips_per_board = 1;
  g.n_board = 5;
  g.n_rack = 5;
  g.n_pod = 2;
  g.board_chips = (guint32 *) board_chips;
  g.board_rack = (guint32 *) board_rack;
  g.rack_pod = (guint32 *) rack_pod;
  floor_setup (&floor);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      double x, y;

      tf_floor_plan_position (&floor, &g, chip_board, expected[i].node, &x, &y);
      tf_test_assert_close (x, expected[i].x);
      tf_test_assert_close (y, expected[i].y);
    }
  tf_test_assert_close (tf_floor_plan_cable (&floor, &g, chip_board, &links[0], &cable), 2.0);
  g_assert_cmpint (cable, ==, TF_CABLE_COPPER);
  /* (0, 0) to (0.3, 3): 3.3 m along the tray, 3 m up and down. */
  tf_test_assert_close (tf_floor_plan_cable (&floor, &g, chip_board, &links[1], &cable), 6.3);
  g_assert_cmpint (cable, ==, TF_CABLE_OPTICAL);
  /* (1.2, 0) to (0.6, 1.5): 2.1 + 3. */
  tf_test_assert_close (tf_floor_plan_cable (&floor, &g, chip_board, &links[2], &cable), 5.1);
  g_assert_cmpint (cable, ==, TF_CABLE_OPTICAL);
  floor.max_copper_m = 5.2;
  tf_floor_plan_cable (&floor, &g, chip_board, &links[2], &cable);
  g_assert_cmpint (cable, ==, TF_CABLE_COPPER);
}

/* 3-layer fat-tree, k = 4, 2 chips per board, so every switch port is a bundle of 2 links; its
 * fat-tree groups placed in 4 pods of 2 racks (the generator puts them in one pod; the floor
 * plan is what is under test). Per rack a ToR (4 chips + 2 aggregation ports x 2 = 8 links);
 * per pod 2 aggregation switches (2 ToRs + 2 cores, x 2 = 8); 4 cores (one port per pod, x 2 =
 * 8). */
static void
test_cost_by_hand (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate (32, TF_INTRA_BOARD_FULL_MESH, 1,
                                                "fat-tree:layers=3,k=4,osr=1,n_endpoint=16");
  TfNetworkGraph *g = &c->topology.graph;
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *chip_board = tf_network_graph_dup_chip_boards (g);
  guint by_class[3] = { 0 }, tor_agg = 0, agg = 0;
  double switches, links, nic;

  g_assert_cmpuint (g->n_rack, ==, 8);
  g_assert_cmpuint (g->n_pod, ==, 1);
  g->n_pod = 4;
  g->rack_pod = g_renew (guint32, g->rack_pod, g->n_rack);
  for (guint r = 0; r < g->n_rack; r++)
    g->rack_pod[r] = r / 2;
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_POD)
      g->switches[s].container = agg++ / 2;
  tf_network_graph_settle_links (g);
  g_assert_true (tf_network_graph_check_invariants (g, 1, NULL));

  tf_test_config_setup (&config, &c->topology, 1.0);
  floor_setup (&config.floor);
  config.hardware.n_radix_options = 3;
  config.hardware.radix_options[0] = 4;
  config.hardware.radix_options[1] = 8;
  config.hardware.radix_options[2] = 16;
  config.prices.n_switch_prices = 3;
  config.prices.switch_radix[0] = 16;
  config.prices.switch_price[0] = 7000;
  config.prices.switch_radix[1] = 4;
  config.prices.switch_price[1] = 1000;
  config.prices.switch_radix[2] = 8;
  config.prices.switch_price[2] = 3000;
  config.prices.nic_port = 800;   /* per chip port of a cable leaving the board */
  config.prices.pcb_link = 1;
  config.prices.copper_link = 50;
  config.prices.optical_link_fixed = 500;
  config.prices.optical_link_per_m = 10;

  /* Positions: rack r is the (r mod 2)-th of pod r / 2: x = 0.6 (r mod 2), y = 3 (r / 2);
   * aggregation switches at the middle of their row (x = 0.3), cores at the hall's centre
   * (0.3, 4.5). */
  for (guint v = 0; v < tf_network_graph_get_n_nodes (g); v++)
    {
      double x, y, ex, ey;

      tf_floor_plan_position (&config.floor, g, chip_board, v, &x, &y);
      if (v < g->n_chip || g->switches[v - g->n_chip].tier == TF_TIER_RACK)
        {
          guint rack = v < g->n_chip ? g->board_rack[chip_board[v]]
                                     : g->switches[v - g->n_chip].container;

          g_assert_cmpuint (g->rack_pod[rack], ==, rack / 2);
          ex = 0.6 * (rack % 2);
          ey = 3.0 * (rack / 2);
        }
      else if (g->switches[v - g->n_chip].tier == TF_TIER_POD)
        {
          ex = 0.3;
          ey = 3.0 * g->switches[v - g->n_chip].container;
        }
      else
        {
          ex = 0.3;
          ey = 4.5;
        }
      tf_test_assert_close (x, ex);
      tf_test_assert_close (y, ey);
    }

  /* Cables: 16 board traces; 32 chip-ToR in-rack cables of 2 m; 32 ToR-aggregation cables of
   * 0.3 + 3 = 3.3 m (copper, 16 records of 2); aggregation-core cables of |3 p - 4.5| + 3 m:
   * 7.5 m optical from pods 0 and 3 (16 cables), 4.5 m copper from pods 1 and 2 (16). */
  for (guint i = 0; i < g->n_links; i++)
    {
      TfCable cable;
      double length = tf_floor_plan_cable (&config.floor, g, chip_board, &g->links[i], &cable);

      by_class[cable] += g->links[i].multiplicity;
      if (g->links[i].type == TF_LINK_C2C)
        {
          g_assert_cmpint (cable, ==, TF_CABLE_PCB);
          tf_test_assert_close (length, 0);
        }
      else if (g->links[i].type == TF_LINK_R2R)
        {
          tf_test_assert_close (length, 3.3);
          tor_agg++;
        }
      else if (cable == TF_CABLE_OPTICAL)
        tf_test_assert_close (length, 7.5);
    }
  g_assert_cmpuint (by_class[TF_CABLE_PCB], ==, 16);
  g_assert_cmpuint (by_class[TF_CABLE_COPPER], ==, 32 + 32 + 16);
  g_assert_cmpuint (by_class[TF_CABLE_OPTICAL], ==, 16);
  g_assert_cmpuint (tor_agg, ==, 16);

  g_assert_true (tf_evaluate_cost (&config, c, &error));
  g_assert_no_error (error);
  switches = 20 * 3000;                           /* every switch has 8 ports */
  links = 16 * 1 + 80 * 50 + 16 * (500 + 10 * 7.5);
  nic = 32 * 800;                                 /* one chip-ToR cable a chip */
  g_assert_true (c->evaluation.layers & TF_LAYER_COST);
  tf_test_assert_close (c->evaluation.switch_cost_usd, switches);
  tf_test_assert_close (c->evaluation.link_cost_usd, links);
  tf_test_assert_close (c->evaluation.nic_cost_usd, nic);
  tf_test_assert_close (c->evaluation.network_cost_usd, switches + links + nic);
  tf_test_assert_close (c->evaluation.network_cost_usd, 98816);
  tf_test_assert_close (c->evaluation.longest_cable_m, 7.5);
  g_assert_cmpuint (c->evaluation.optical_links, ==, 16);
  g_assert_cmpuint (c->evaluation.max_switch_ports, ==, 8);
  g_assert_false (c->evaluation.port_asymmetric);

  /* One ToR edited to 20 ports: beyond the largest option, bought as ceil (20 / 16) = 2 of the
   * largest (the port constraint rejects the candidate anyway). */
  c->topology.graph.switches[0].port_count = 20;
  g_assert_true (tf_evaluate_cost (&config, c, &error));
  g_assert_true (c->evaluation.port_asymmetric);
  g_assert_cmpuint (c->evaluation.max_switch_ports, ==, 20);
  tf_test_assert_close (c->evaluation.switch_cost_usd, switches - 3000 + 2 * 7000);
  /* Back to 8, but a core at 3 ports: 3 fit in 4 (1000 instead of 3000). */
  c->topology.graph.switches[0].port_count = 8;
  c->topology.graph.switches[g->n_switch - 1].port_count = 3;
  g_assert_true (tf_evaluate_cost (&config, c, &error));
  g_assert_true (c->evaluation.port_asymmetric);
  tf_test_assert_close (c->evaluation.switch_cost_usd, switches - 3000 + 1000);
  c->topology.graph.switches[g->n_switch - 1].port_count = 8;
  g_assert_true (tf_evaluate_cost (&config, c, &error));
  g_assert_false (c->evaluation.port_asymmetric);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/evaluator/cost/radix-for", test_radix_for);
  g_test_add_func ("/engine/evaluator/cost/floor-positions", test_floor_positions);
  g_test_add_func ("/engine/evaluator/cost/cost-by-hand", test_cost_by_hand);

  return g_test_run ();
}
