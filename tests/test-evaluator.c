/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluator.c: the layered evaluator as a whole: the cache (the spec's
 * test_evaluator_layer_caching), layer dependencies, and every hard constraint's rejection. */
#include <string.h>

#include "evaluator-private.h"
#include "test-util.h"

static TfCandidate *
generated (const TfSearchConfig *config,
           const char           *id)
{
  TfCandidate *c = tf_candidate_new ();
  g_autoptr(GError) error = NULL;

  if (!tf_generate (&config->context, id, NULL, NULL, &c->topology, &error))
    g_error ("%s: %s", id, error->message);
  c->chip_transitive = c->topology.chip_transitive;
  return c;
}

static void
test_caching (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) c = NULL;
  g_autoptr(GError) error = NULL;
  TfEvaluatorStats stats = { { 0 }, { 0 } };
  TfEvaluation first;

  tf_test_search_config (32, "ALL", 8, 1, 1, NULL, &config);
  c = generated (&config, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32");

  /* Layer 1 alone, twice: computed once. */
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.computed[1], ==, 1);
  first = c->evaluation;
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, &stats, &error));
  g_assert_cmpuint (stats.computed[1], ==, 1);
  g_assert_cmpmem (&first, sizeof first, &c->evaluation, sizeof c->evaluation);

  /* Layer 4 pulls in Layer 3 (once) and reuses Layer 1. */
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_WORKFLOW, &stats, &error));
  g_assert_cmpuint (stats.computed[1], ==, 1);
  g_assert_cmpuint (stats.computed[3], ==, 1);
  g_assert_true (c->evaluation.layers & TF_LAYER_ITERATION);
  g_assert_true (c->evaluation.layers & TF_LAYER_WORKFLOW);
  g_assert_cmpfloat (c->evaluation.workflow_time_us, >, 0);
  g_assert_cmpfloat (c->evaluation.workflow_time_us, ==, c->evaluation.iter_time_us[0]);

  /* Everything, twice: only the layers not done yet run, once each. */
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES
                              | TF_LAYER_WORKFLOW | TF_LAYER_COST, &stats, &error));
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES
                              | TF_LAYER_WORKFLOW | TF_LAYER_COST, &stats, &error));
  g_assert_cmpuint (stats.computed[1], ==, 1);
  g_assert_cmpuint (stats.computed[2], ==, 1);
  g_assert_cmpuint (stats.computed[3], ==, 1);
  g_assert_cmpuint (stats.computed[5], ==, 1);
  g_assert_cmpfloat (c->evaluation.network_cost_usd, >, 0);
  g_assert_cmpfloat (c->evaluation.collective_us[0][TF_PRIMITIVE_ALL_REDUCE][1], >,
                     c->evaluation.collective_us[0][TF_PRIMITIVE_ALL_REDUCE][0]);

  /* The same graph evaluated afresh gives the same values (no hidden state). */
  {
    g_autoptr(TfCandidate) again = generated (&config,
                                              "fat-tree:layers=2,k=8,osr=1,n_endpoint=32");

    g_assert_true (tf_evaluate (&config, again, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES
                                | TF_LAYER_WORKFLOW | TF_LAYER_COST, NULL, &error));
    g_assert_cmpmem (&again->evaluation, sizeof again->evaluation, &c->evaluation,
                     sizeof c->evaluation);
  }
}

/* switch_diversity, the max flows no objective reads, is a layer of its own: the layers the
 * objectives need leave it out, the layers the front shows (tf_search_config_get_layers) and
 * all of Layer 1 bring it, with the value a whole Layer 1 gives, Layer 1 counted once. */
static void
test_diversity_on_demand (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) search = NULL;
  g_autoptr(TfCandidate) whole = NULL;
  g_autoptr(GError) error = NULL;
  TfEvaluatorStats stats = { { 0 }, { 0 } };
  guint objective_layers;

  tf_test_search_config (32, "ALL", 8, 1, 1, NULL, &config);
  objective_layers = tf_search_config_get_objective_layers (&config);
  g_assert_true (objective_layers & TF_LAYER_PATHS);
  g_assert_false (objective_layers & TF_LAYER_STRUCTURE);
  g_assert_true (tf_search_config_get_layers (&config) & TF_LAYER_STRUCTURE);
  for (TfObjective o = 0; o < TF_N_OBJECTIVES; o++)
    g_assert_false (tf_objective_get_layers (o) & TF_LAYER_STRUCTURE);

  search = generated (&config, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32");
  whole = generated (&config, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32");
  g_assert_true (tf_evaluate (&config, search, objective_layers, &stats, &error));
  g_assert_no_error (error);
  g_assert_true (search->evaluation.layers & TF_LAYER_PATHS);
  g_assert_false (search->evaluation.layers & TF_LAYER_STRUCTURE);
  g_assert_cmpuint (search->evaluation.switch_diversity, ==, 0);
  g_assert_cmpuint (stats.computed[1], ==, 1);

  /* The front's layers: Layer 1's last part only. */
  g_assert_true (tf_evaluate (&config, search, tf_search_config_get_layers (&config), &stats,
                              &error));
  g_assert_true (search->evaluation.layers & TF_LAYER_STRUCTURE);
  g_assert_cmpuint (stats.computed[1], ==, 1);

  g_assert_true (tf_evaluate (&config, whole, TF_LAYER_STRUCTURE, NULL, &error));
  g_assert_true (whole->evaluation.layers & TF_LAYER_PATHS);
  g_assert_cmpuint (whole->evaluation.switch_diversity, >, 0);
  g_assert_cmpuint (search->evaluation.switch_diversity, ==, whole->evaluation.switch_diversity);
  g_assert_cmpfloat (search->evaluation.apl_fail, ==, whole->evaluation.apl_fail);
}

static void
expect_rejected (const TfSearchConfig *config,
                 TfCandidate          *c,
                 const char           *prefix)
{
  g_autoptr(GString) why = g_string_new (NULL);

  g_assert_false (tf_candidate_check_constraints (config, c, why));
  if (!g_str_has_prefix (why->str, prefix))
    g_error ("expected '%s...', got '%s'", prefix, why->str);
}

static void
test_constraints (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) c = NULL;
  g_autoptr(GString) why = g_string_new (NULL);
  const char *id = "fat-tree:layers=2,k=8,osr=1,n_endpoint=32";

  tf_test_search_config (32, "ALL", 8, 1, 1, NULL, &config);
  c = generated (&config, id);
  g_assert_true (tf_candidate_check_constraints (&config, c, why));

  /* Radix: switches of 8 ports with only a 4-port option. */
  config.hardware.n_radix_options = 1;
  config.hardware.radix_options[0] = 4;
  g_clear_pointer (&c, tf_candidate_free);
  c = generated (&config, id);
  expect_rejected (&config, c, "switch ports: ");
  config.hardware.n_radix_options = 3;
  config.hardware.radix_options[0] = 32;

  /* Cable length: a 1 m limit in a topology spread over racks. */
  config.hardware.max_optical_cable_length_m = 1.0;
  g_clear_pointer (&c, tf_candidate_free);
  c = generated (&config, id);
  expect_rejected (&config, c, "cable length: ");
  config.hardware.max_optical_cable_length_m = 50;

  /* Budget: one dollar. */
  config.hardware.budget_usd = 1.0;
  g_clear_pointer (&c, tf_candidate_free);
  c = generated (&config, id);
  expect_rejected (&config, c, "budget: ");
  config.hardware.budget_usd = 0;

  /* Connectivity: a leaf cut off from the spines by hand. */
  g_clear_pointer (&c, tf_candidate_free);
  c = generated (&config, id);
  {
    TfNetworkGraph *g = &c->topology.graph;
    guint32 leaf = G_MAXUINT32;
    guint kept = 0;

    for (guint i = 0; i < g->n_links; i++)
      if (g->links[i].a >= g->n_chip && g->links[i].b >= g->n_chip)
        {
          leaf = g->links[i].a;
          break;
        }
    g_assert_cmpuint (leaf, !=, G_MAXUINT32);
    for (guint i = 0; i < g->n_links; i++)
      if (!((g->links[i].a == leaf || g->links[i].b == leaf)
            && g->links[i].a >= g->n_chip && g->links[i].b >= g->n_chip))
        g->links[kept++] = g->links[i];
    g->n_links = kept;
  }
  expect_rejected (&config, c, "connectivity: ");
}

/* A chip's ports: counted in physical links, each limit rejecting with the chip, the count and
 * the key. */
static void
test_chip_ports (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) torus = NULL;
  g_autoptr(TfCandidate) fat_tree = NULL;
  g_autoptr(TfCandidate) boards = NULL;
  g_autoptr(GString) why = g_string_new (NULL);
  TfContext full_mesh;
  g_autoptr(GError) error = NULL;

  tf_test_search_config (64, "ALL", 8, 1, 1, NULL, &config);
  g_assert_cmpuint (config.hardware.nic_ports_per_chip, ==, 1);
  g_assert_cmpuint (config.hardware.on_board_links_per_chip, ==, 18);
  g_assert_cmpuint (config.hardware.off_board_ports_per_chip, ==, 6);

  /* A 3D torus of one-chip boards: six cables leave every chip, the default's six. */
  torus = generated (&config, "torus:dimension_sizes=4x4x4,board_shape=1x1x1");
  g_assert_true (tf_candidate_check_constraints (&config, torus, why));
  config.hardware.off_board_ports_per_chip = 4;
  g_clear_pointer (&torus, tf_candidate_free);
  torus = generated (&config, "torus:dimension_sizes=4x4x4,board_shape=1x1x1");
  g_assert_false (tf_candidate_check_constraints (&config, torus, why));
  g_assert_cmpstr (why->str, ==, "chip ports: chip0 has 6 links leaving its board, more than "
                   "off_board_ports_per_chip = 4");
  config.hardware.off_board_ports_per_chip = 6;

  /* A second link from chip0 to its leaf: two NIC ports where one is allowed. */
  fat_tree = generated (&config, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64");
  g_assert_true (tf_candidate_check_constraints (&config, fat_tree, why));
  g_clear_pointer (&fat_tree, tf_candidate_free);
  fat_tree = generated (&config, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64");
  for (guint i = 0; i < fat_tree->topology.graph.n_links; i++)
    if (fat_tree->topology.graph.links[i].a == 0)
      {
        TfNetworkGraph *g = &fat_tree->topology.graph;

        g->links[i].multiplicity++;
        g->switches[g->links[i].b - g->n_chip].port_count++;
        break;
      }
  g_assert_false (tf_candidate_check_constraints (&config, fat_tree, why));
  g_assert_cmpstr (why->str, ==, "chip ports: chip0 has 2 links to switches, more than "
                   "nic_ports_per_chip = 1");

  /* Full-mesh boards of 8: seven board links a chip. */
  full_mesh = config.context;
  full_mesh.intra_board_topo = TF_INTRA_BOARD_FULL_MESH;
  boards = tf_candidate_new ();
  g_assert_true (tf_generate (&full_mesh, "fat-tree:layers=2,k=4,osr=1,n_endpoint=8", NULL, NULL,
                              &boards->topology, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (boards->topology.graph.chips_per_board, ==, 8);
  g_assert_true (tf_hardware_check_chip_ports (&config.hardware, &boards->topology.graph, NULL));
  config.hardware.on_board_links_per_chip = 6;
  g_assert_false (tf_candidate_check_constraints (&config, boards, why));
  g_assert_cmpstr (why->str, ==, "chip ports: chip0 has 7 links on its board, more "
                   "than on_board_links_per_chip = 6");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/evaluator/caching", test_caching);
  g_test_add_func ("/evaluator/diversity-on-demand", test_diversity_on_demand);
  g_test_add_func ("/evaluator/constraints", test_constraints);
  g_test_add_func ("/evaluator/chip-ports", test_chip_ports);
  return g_test_run ();
}
