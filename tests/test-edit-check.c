/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-edit-check.c: an edit checked by what it changed is checked as well as in full.
 *
 * The GraphMutator's local edits keep account of the nodes whose links they changed, and their
 * final check (settling, dead hardware, invariants) looks only there (TfEditChange). Each edit
 * here is made twice from the same random stream, checked by what it changed and in full: the
 * two verdicts must agree and, where the edit is valid, give the same graph to the byte. The
 * edits walk on from family results of several families and sizes (later edits start from
 * edited graphs), and every reason an edit is refused for must have come up.
 */
#include <string.h>

#include "graph-mutator-private.h"
#include "test-util.h"

static void
assert_same_graph (const TfNetworkGraph *a,
                   const TfNetworkGraph *b)
{
  g_assert_cmpuint (a->n_switch, ==, b->n_switch);
  g_assert_cmpuint (a->n_links, ==, b->n_links);
  for (guint s = 0; s < a->n_switch; s++)
    {
      g_assert_cmpstr (a->switches[s].id, ==, b->switches[s].id);
      g_assert_cmpint (a->switches[s].tier, ==, b->switches[s].tier);
      g_assert_cmpuint (a->switches[s].container, ==, b->switches[s].container);
      g_assert_cmpuint (a->switches[s].port_count, ==, b->switches[s].port_count);
    }
  for (guint i = 0; i < a->n_links; i++)
    {
      g_assert_cmpuint (a->links[i].a, ==, b->links[i].a);
      g_assert_cmpuint (a->links[i].b, ==, b->links[i].b);
      g_assert_cmpuint (a->links[i].multiplicity, ==, b->links[i].multiplicity);
      g_assert_cmpint (a->links[i].type, ==, b->links[i].type);
      g_assert_cmpint (a->links[i].reach, ==, b->links[i].reach);
    }
}

/* The reasons the final check refuses a local edit for, as its message says (the operators
 * keep within the largest radix themselves). */
static const char *const reasons[] = { "dead hardware", "link multiplicity" };

static void
walk (guint       n_chip,
      const char *families,
      guint       steps,
      guint      *refused_for)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *family = tf_test_generator ("family");
  g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (n_chip);
  guint ok = 0, tried = 0;
  gpointer state;

  tf_test_search_config (n_chip, families, 60, 1, 1, NULL, &config);
  config.hardware.nic_ports_per_chip = 2;   /* rehome_chip may add a chip's second link */
  state = family->state_new (&config, &error);
  g_assert_no_error (error);
  g_assert_true (family->init (state, &config, rng, pool, &error));
  g_assert_no_error (error);
  for (guint i = pool->len; i-- > 0;)
    if (((TfCandidate *) pool->pdata[i])->topology.graph.n_switch == 0)
      g_ptr_array_remove_index_fast (pool, i);
  g_assert_cmpuint (pool->len, >=, 5);

  for (guint step = 0; step < steps; step++)
    {
      TfCandidate *parent = g_ptr_array_index (pool, g_rand_int_range (rng, 0, pool->len));
      TfMutation op = g_rand_int_range (rng, 0, TF_MUTATION_REHOME_CHIP + 1);
      guint32 seed = g_rand_int (rng);
      g_autoptr(GRand) r1 = g_rand_new_with_seed (seed);
      g_autoptr(GRand) r2 = g_rand_new_with_seed (seed);
      g_autoptr(GError) e1 = NULL;
      g_autoptr(GError) e2 = NULL;
      TfIntraBoardTopo t1 = parent->topology.context.intra_board_topo, t2 = t1;
      TfNetworkGraph near, whole;
      gboolean ok1, ok2;

      ok1 = tf_edit_apply (&config, &parent->topology.graph, &t1, op, FALSE, r1, &near, &e1);
      ok2 = tf_edit_apply (&config, &parent->topology.graph, &t2, op, TRUE, r2, &whole, &e2);
      tried++;
      if (ok1 != ok2)
        g_error ("%s from %s: checked by what it changed %s, in full %s",
                 tf_mutation_to_string (op), parent->origin.seed_id,
                 ok1 ? "valid" : e1->message, ok2 ? "valid" : e2->message);
      if (!ok1)
        {
          g_assert_error (e1, TF_ERROR, TF_ERROR_INVALID_MUTATION);
          g_assert_error (e2, TF_ERROR, TF_ERROR_INVALID_MUTATION);
          for (guint k = 0; k < G_N_ELEMENTS (reasons); k++)
            if (strstr (e1->message, reasons[k]) != NULL)
              refused_for[k]++;
          tf_network_graph_clear (&near);
          tf_network_graph_clear (&whole);
          continue;
        }
      ok++;
      assert_same_graph (&near, &whole);
      tf_network_graph_clear (&whole);
      /* Walk on from the edited graph. */
      {
        TfCandidate *child = tf_candidate_copy (parent);

        tf_network_graph_clear (&child->topology.graph);
        child->topology.graph = near;
        if (pool->len < 200)
          g_ptr_array_add (pool, child);
        else
          {
            guint victim = g_rand_int_range (rng, 0, pool->len);

            tf_candidate_free (pool->pdata[victim]);
            pool->pdata[victim] = child;
          }
      }
    }
  g_test_message ("%u chips, %s: %u of %u edits valid", n_chip, families, ok, tried);
  g_assert_cmpuint (ok, >, tried / 10);
  family->state_free (state);
}

/* Two switches of one rack, each under the two chips of a board (joined by their own link),
 * and one link between the switches: removing it cuts the graph in two and leaves no dead
 * switch (each joins two chips, and no chip has only its switch), so connectivity refuses it,
 * checked either way. */
static void
test_edit_check_cut (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  guint32 board_chips[] = { 0, 1, 2, 3 }, board_rack[] = { 0, 0 }, rack_pod[] = { 0 };
  TfSwitch switches[] = { { "s0", TF_TIER_RACK, 0, 0 }, { "s1", TF_TIER_RACK, 0, 0 } };
  TfLink links[] = { { 0, 1, 1, 0, 0 }, { 2, 3, 1, 0, 0 }, { 0, 4, 1, 0, 0 }, { 1, 4, 1, 0, 0 },
                     { 2, 5, 1, 0, 0 }, { 3, 5, 1, 0, 0 }, { 4, 5, 1, 0, 0 } };
  TfNetworkGraph g = { .n_chip = 4, .chips_per_board = 2, .n_board = 2, .n_rack = 1,
                       .n_pod = 1, .board_chips = board_chips, .board_rack = board_rack,
                       .rack_pod = rack_pod, .n_switch = 2, .switches = switches,
                       .n_links = G_N_ELEMENTS (links), .links = links };
  g_autoptr(GError) error = NULL;

  tf_test_search_config (4, "[single-switch]", 8, 1, 1, NULL, &config);
  tf_network_graph_settle_links (&g);
  g_assert_true (tf_network_graph_check_invariants (&g, config.context.chip_radix, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tf_network_graph_find_dead_switch (&g, NULL, NULL), ==, TF_DEAD_SWITCH_NONE);
  for (guint whole = 0; whole < 2; whole++)
    {
      g_autoptr(GRand) rng = g_rand_new_with_seed (1);
      TfIntraBoardTopo topo = TF_INTRA_BOARD_FULL_MESH;
      TfNetworkGraph out;

      g_assert_false (tf_edit_apply (&config, &g, &topo, TF_MUTATION_REMOVE_EDGE, whole, rng,
                                     &out, &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
      g_assert_nonnull (strstr (error->message, "connectivity"));
      g_clear_error (&error);
      tf_network_graph_clear (&out);
    }
}

static void
test_edit_check_equals_whole (void)
{
  guint refused_for[G_N_ELEMENTS (reasons)] = { 0 };

  walk (64, "[fat-tree, dragonfly, dragonfly-plus, hyperx, single-switch]", 6000, refused_for);
  walk (256, "[fat-tree, dragonfly, torus]", 3000, refused_for);
  for (guint k = 0; k < G_N_ELEMENTS (reasons); k++)
    {
      g_test_message ("refused for %s: %u", reasons[k], refused_for[k]);
      g_assert_cmpuint (refused_for[k], >, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/edit-check/equals-whole", test_edit_check_equals_whole);
  g_test_add_func ("/edit-check/cut", test_edit_check_cut);
  return g_test_run ();
}
