/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-generators.c: the optimizer's candidate generators.
 *
 * The spec's test_family_generator_reuses_existing_spec (a FamilyGenerator seed is byte for byte
 * what generate writes for its id) and test_graph_mutator_preserves_connectivity (10,000 random
 * mutations, none disconnected or breaking a hard constraint), with each operator's own promise
 * checked on every edit it makes. A family step changes the fewest parameters it can (recomputed
 * from the ids), never to a result the search made, and is the same for the same seed.
 */
#include <math.h>
#include <string.h>

#include "id-private.h"
#include "generators-private.h"
#include "test-util.h"

static char *
yaml_of (const TfTopology *t)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_topology_write_yaml (t, out, &error));
  g_assert_no_error (error);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_family_seeds_equal_generate (void)
{
  const guint sizes[] = { 16, 48, 64 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      const TfGenerator *family = tf_test_generator ("family");
      g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
      g_autoptr(GError) error = NULL;
      g_autoptr(GRand) rng = g_rand_new_with_seed (s);
      g_autoptr(GHashTable) families = g_hash_table_new (g_str_hash, g_str_equal);
      guint topos = 0;
      gpointer state;

      tf_test_search_config (sizes[s], "ALL", 40, 1, 1, NULL, &config);
      state = family->state_new (&config, &error);
      g_assert_no_error (error);
      g_assert_true (family->init (state, &config, rng, seeds, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (seeds->len, >, 0);
      g_assert_cmpuint (seeds->len, <=, 40);
      for (guint i = 0; i < seeds->len; i++)
        {
          TfCandidate *c = g_ptr_array_index (seeds, i);
          g_auto(TfTopology) direct = { 0 };
          g_autofree char *a = NULL, *b = NULL;

          TfContext ctx = config.context;

          /* Seeded in the search's context with one of its intra-board topologies, and the
           * largest radix option as the switch radix. */
          g_assert_cmpint (c->origin.method, ==, TF_ORIGIN_FAMILY_ENUM);
          g_assert_true (config.intra_board_topos & (1u << c->topology.context.intra_board_topo));
          topos |= 1u << c->topology.context.intra_board_topo;
          ctx.intra_board_topo = c->topology.context.intra_board_topo;
          ctx.switch_defaults.radix
            = config.hardware.radix_options[config.hardware.n_radix_options - 1];
          g_assert_true (tf_generate (&ctx, c->origin.seed_id, NULL, NULL, &direct, &error));
          g_assert_no_error (error);
          a = yaml_of (&c->topology);
          b = yaml_of (&direct);
          g_assert_cmpstr (a, ==, b);
          g_assert_cmpint (c->chip_transitive, ==, direct.chip_transitive);
          g_hash_table_add (families, (gpointer) tf_family_get_name (c->topology.result.family));
        }
      /* The round-robin over families reaches several of them, and boards of several kinds. */
      g_assert_cmpuint (g_hash_table_size (families), >=, 3);
      g_assert_cmpuint (g_bit_nth_lsf (topos, -1), !=, g_bit_nth_msf (topos, -1));

      /* A family step stays in the family and is again exactly generate's graph. */
      for (guint i = 0; i < seeds->len; i++)
        {
          TfCandidate *c = g_ptr_array_index (seeds, i);
          g_autoptr(TfCandidate) child = NULL;
          g_autoptr(GError) local = NULL;
          g_auto(TfTopology) direct = { 0 };
          g_autofree char *a = NULL, *b = NULL;

          g_assert_true (family->can_mutate (state, c));
          child = family->mutate (state, &config, c, rng, &local);
          if (child == NULL)
            {
              g_assert_error (local, TF_ERROR, TF_ERROR_INVALID_MUTATION);
              continue;
            }
          g_assert_cmpint (child->origin.method, ==, TF_ORIGIN_FAMILY_SAMPLE);
          g_assert_true (child->topology.result.family == c->topology.result.family);
          /* Another parameter set, or the same on another kind of board. */
          g_assert_true (g_strcmp0 (child->origin.seed_id, c->origin.seed_id) != 0
                         || child->topology.context.intra_board_topo
                            != c->topology.context.intra_board_topo);
          g_assert_true (tf_generate (&child->topology.context, child->origin.seed_id, NULL, NULL,
                                      &direct, &error));
          a = yaml_of (&child->topology);
          b = yaml_of (&direct);
          g_assert_cmpstr (a, ==, b);
        }
      family->state_free (state);
    }
}

static guint
total_ports (const TfNetworkGraph *g)
{
  guint n = 0;

  for (guint s = 0; s < g->n_switch; s++)
    n += g->switches[s].port_count;
  return n;
}

/* What each operator promises about the switches' ports. */
static void
check_operator (TfMutation            op,
                const TfNetworkGraph *parent,
                const TfNetworkGraph *child)
{
  guint changed = 0;

  switch (op)
    {
    case TF_MUTATION_ADD_EDGE:
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch);
      g_assert_cmpuint (total_ports (child), ==, total_ports (parent) + 2);
      break;
    case TF_MUTATION_REMOVE_EDGE:
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch);
      g_assert_cmpuint (total_ports (child), ==, total_ports (parent) - 2);
      break;
    case TF_MUTATION_REWIRE_SWITCH:
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch);
      for (guint s = 0; s < parent->n_switch; s++)
        g_assert_cmpuint (child->switches[s].port_count, ==, parent->switches[s].port_count);
      break;
    case TF_MUTATION_SPLIT_SWITCH:
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch + 1);
      g_assert_cmpuint (total_ports (child), ==, total_ports (parent));
      break;
    case TF_MUTATION_MERGE_SWITCH:
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch - 1);
      g_assert_cmpuint (total_ports (child), <=, total_ports (parent));
      break;
    case TF_MUTATION_CHANGE_PORT_ASYMMETRY:
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch);
      for (guint s = 0; s < parent->n_switch; s++)
        if (child->switches[s].port_count != parent->switches[s].port_count)
          {
            g_assert_cmpint (ABS ((gint) child->switches[s].port_count
                                  - (gint) parent->switches[s].port_count), ==, 1);
            changed++;
          }
      g_assert_cmpuint (changed, ==, 2);
      g_assert_cmpuint (total_ports (child), ==, total_ports (parent));
      break;
    case TF_MUTATION_REHOME_CHIP:
      /* A chip link moved (two switches change by one) or added (one switch gains one). */
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch);
      for (guint s = 0; s < parent->n_switch; s++)
        changed += ABS ((gint) child->switches[s].port_count
                        - (gint) parent->switches[s].port_count);
      g_assert_true ((changed == 2 && total_ports (child) == total_ports (parent))
                     || (changed == 1 && total_ports (child) == total_ports (parent) + 1));
      break;
    case TF_MUTATION_DUAL_HOME:
      /* Each leaf's twin takes as many chip links as the leaf, and half its switch links. */
      g_assert_cmpuint (child->n_switch, >, parent->n_switch);
      g_assert_cmpuint (child->n_links, >, parent->n_links);
      break;
    case TF_MUTATION_TIER_EDIT:
      /* Some tier's switches all changed by the same one or two ports. */
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch);
      for (TfTier t = TF_TIER_RACK; t <= TF_TIER_DATACENTER && changed == 0; t++)
        {
          gint delta = 0;
          gboolean alike = TRUE, any = FALSE;

          for (guint s = 0; s < parent->n_switch; s++)
            if (parent->switches[s].tier == t)
              {
                gint d = (gint) child->switches[s].port_count
                         - (gint) parent->switches[s].port_count;

                alike &= !any || d == delta;
                delta = d;
                any = TRUE;
              }
          if (any && alike && delta != 0 && ABS (delta) <= 2)
            changed++;
        }
      g_assert_cmpuint (changed, ==, 1);
      break;
    case TF_MUTATION_ADD_SPINE_PLANE:
      /* The new switch has the degree of a parent's switch of its tier, its model. */
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch + 1);
      for (guint s = 0; s < parent->n_switch; s++)
        changed += parent->switches[s].tier == child->switches[parent->n_switch].tier
                   && parent->switches[s].port_count
                      == child->switches[parent->n_switch].port_count;
      g_assert_cmpuint (changed, >, 0);
      break;
    case TF_MUTATION_REMOVE_SPINE_PLANE:
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch - 1);
      g_assert_cmpuint (total_ports (child), <, total_ports (parent));
      break;
    case TF_MUTATION_CHANGE_BOARD_TOPOLOGY:
      /* The chips' links among themselves changed; every switch keeps its ports. */
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch);
      for (guint s = 0; s < parent->n_switch; s++)
        g_assert_cmpuint (child->switches[s].port_count, ==, parent->switches[s].port_count);
      break;
    case TF_MUTATION_CHANGE_CHIPS_PER_BOARD:
      /* The same chips on boards of twice or half the size, in the same racks. */
      g_assert_true (child->chips_per_board == 2 * parent->chips_per_board
                     || 2 * child->chips_per_board == parent->chips_per_board);
      g_assert_cmpuint (child->n_rack, ==, parent->n_rack);
      g_assert_cmpuint (child->n_switch, ==, parent->n_switch);
      break;
    case TF_N_MUTATIONS:
    default:
      g_assert_not_reached ();
    }
}

static void
test_mutator_keeps_constraints (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *family = tf_test_generator ("family");
  const TfGenerator *mutator = tf_test_generator ("graph_mutator");
  g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (2026);
  guint ok_by_op[TF_N_MUTATIONS] = { 0 }, tried = 0, ok = 0;
  guint max_radix;
  gpointer state;

  tf_test_search_config (64, "[fat-tree, dragonfly, dragonfly-plus, hyperx, single-switch]",
                         60, 1, 1, NULL, &config);
  max_radix = config.hardware.radix_options[config.hardware.n_radix_options - 1];
  config.hardware.nic_ports_per_chip = 2;   /* room for rehome_chip's and dual_home's links */
  config.operators = (1u << TF_N_MUTATIONS) - 1;
  state = family->state_new (&config, &error);
  g_assert_no_error (error);
  g_assert_true (family->init (state, &config, rng, pool, &error));
  g_assert_cmpuint (pool->len, >=, 10);

  while (tried < 10000)
    {
      TfCandidate *parent = g_ptr_array_index (pool, g_rand_int_range (rng, 0, pool->len));
      g_autoptr(GError) local = NULL;
      TfCandidate *child;
      TfMutation op;

      if (!mutator->can_mutate (NULL, parent))
        continue;
      tried++;
      child = mutator->mutate (NULL, &config, parent, rng, &local);
      if (child == NULL)
        {
          g_assert_error (local, TF_ERROR, TF_ERROR_INVALID_MUTATION);
          continue;
        }
      ok++;
      g_assert_true (tf_network_graph_check_invariants (&child->topology.graph,
                                                        config.context.chip_radix, &error));
      g_assert_no_error (error);
      g_assert_true (tf_network_graph_is_connected (&child->topology.graph));
      for (guint s = 0; s < child->topology.graph.n_switch; s++)
        g_assert_cmpuint (child->topology.graph.switches[s].port_count, <=, max_radix);
      g_assert_cmpint (child->origin.method, ==, TF_ORIGIN_GRAPH_MUTATION);
      g_assert_cmpuint (child->origin.n_mutations_total, ==, parent->origin.n_mutations_total + 1);
      g_assert_false (child->chip_transitive);
      g_assert_null (child->topology.result.family);
      op = child->origin.mutations[child->origin.n_mutations - 1];
      check_operator (op, &parent->topology.graph, &child->topology.graph);
      ok_by_op[op]++;
      /* Walk on: later edits start from edited graphs. */
      if (pool->len < 400)
        g_ptr_array_add (pool, child);
      else
        {
          guint victim = g_rand_int_range (rng, 0, pool->len);

          tf_candidate_free (pool->pdata[victim]);
          pool->pdata[victim] = child;
        }
    }
  g_test_message ("%u of %u mutations valid", ok, tried);
  for (guint op = 0; op < TF_N_MUTATIONS; op++)
    {
      g_test_message ("%s: %u", tf_mutation_to_string (op), ok_by_op[op]);
      g_assert_cmpuint (ok_by_op[op], >, 0);
    }
  family->state_free (state);
}

/* A network without switches has nothing the mutator may edit. */
static void
test_mutator_refuses_direct (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) c = tf_candidate_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (1);
  const TfGenerator *mutator = tf_test_generator ("graph_mutator");

  tf_test_search_config (16, "ALL", 8, 1, 1, NULL, &config);
  g_assert_true (tf_generate (&config.context, "torus:dimension_sizes=4x4,board_shape=1x1", NULL,
                              NULL, &c->topology, &error));
  g_assert_no_error (error);
  g_assert_false (mutator->can_mutate (NULL, c));
  g_assert_null (mutator->mutate (NULL, &config, c, rng, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
}

/* With two NIC ports a chip, the family generator follows each switched seed with its
 * dual-homed variant (Alibaba HPN's dual ToR): it passes the invariants, says what it is in its
 * origin, keeps that through the candidate file, and no single switch failure cuts a chip off,
 * where the single-homed seed attached by boards loses every chip of a failed leaf. On the
 * 64-chip example. */
static void
test_family_dual_homed (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                 "search-small.yaml", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *family = tf_test_generator ("family");
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (11);
  guint variants = 0;
  gpointer state;

  g_assert_true (tf_search_config_load_file (path, &config, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (config.n_chip, ==, 64);
  config.hardware.nic_ports_per_chip = 2;
  config.population_size = 60;
  state = family->state_new (&config, &error);
  g_assert_no_error (error);
  g_assert_true (family->init (state, &config, rng, seeds, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < seeds->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (seeds, i);
      TfCandidate *base = i > 0 ? g_ptr_array_index (seeds, i - 1) : NULL;
      const TfNetworkGraph *g = &c->topology.graph;
      g_autoptr(GString) why = g_string_new (NULL);
      g_autoptr(GString) yaml = g_string_new (NULL);
      g_autoptr(TfCandidate) loaded = tf_candidate_new ();
      guint n_leaf_links;

      if (c->origin.n_mutations == 0)
        continue;
      variants++;
      /* Its origin: a family seed with one dual_home edit, right after the seed itself. */
      g_assert_cmpint (c->origin.method, ==, TF_ORIGIN_FAMILY_ENUM);
      g_assert_cmpuint (c->origin.n_mutations, ==, 1);
      g_assert_cmpint (c->origin.mutations[0], ==, TF_MUTATION_DUAL_HOME);
      g_assert_nonnull (base);
      g_assert_cmpstr (c->origin.seed_id, ==, base->origin.seed_id);
      g_assert_cmpuint (g->n_switch, >, base->topology.graph.n_switch);

      g_assert_true (tf_network_graph_check_invariants (g, config.context.chip_radix, &error));
      g_assert_no_error (error);
      g_assert_true (tf_candidate_check_constraints (&config, c, why));
      /* Every chip on two switches. */
      for (guint32 chip = 0; chip < g->n_chip; chip++)
        {
          n_leaf_links = 0;
          for (guint l = 0; l < g->n_links; l++)
            if ((g->links[l].a == chip && g->links[l].b >= g->n_chip)
                || (g->links[l].b == chip && g->links[l].a >= g->n_chip))
              n_leaf_links++;
          g_assert_cmpuint (n_leaf_links, ==, 2);
        }

      /* No single switch failure disconnects a chip; it did before. */
      g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (c->evaluation.failure_cases, ==, g->n_switch);
      g_assert_cmpfloat (c->evaluation.disconnected_fraction, ==, 0);
      g_assert_true (tf_evaluate (&config, base, TF_LAYER_STRUCTURE, NULL, &error));
      /* A seed attached board by board loses a failed leaf's boards, one attached rail by
       * rail a chip of each; on boards with their own links (ring, mesh, torus) it loses none:
       * they reach the board's other rails. */
      if (strstr (base->origin.seed_id, "attach=rail") == NULL
          || base->topology.context.intra_board_topo == TF_INTRA_BOARD_NONE)
        g_assert_cmpfloat (base->evaluation.disconnected_fraction, >, 0);
      else
        g_assert_cmpfloat (base->evaluation.disconnected_fraction, ==, 0);

      /* The candidate file keeps what it is. */
      g_assert_true (tf_candidate_write_yaml (c, &config, yaml, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (yaml->str, "dual_home"));
      g_assert_true (tf_candidate_load_data ("dual.yaml", yaml->str, yaml->len, loaded, &error));
      g_assert_no_error (error);
      g_assert_cmpint (loaded->origin.method, ==, TF_ORIGIN_FAMILY_ENUM);
      g_assert_cmpuint (loaded->origin.n_mutations, ==, 1);
      g_assert_cmpint (loaded->origin.mutations[0], ==, TF_MUTATION_DUAL_HOME);
      g_assert_cmpuint (loaded->topology.graph.n_switch, ==, g->n_switch);
    }
  g_test_message ("%u dual-homed seeds of %u", variants, seeds->len);
  g_assert_cmpuint (variants, >=, 2);
  family->state_free (state);
}

/* How many parameters of two ids of one family differ, from the ids alone (a key one lacks
 * counts as differing), with the id grammar's parser. */
static guint
id_distance (const char *a,
             const char *b)
{
  TfIdArgs pa, pb;
  guint d = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_id_args_parse (&pa, a, strchr (a, ':') + 1, &error));
  g_assert_no_error (error);
  g_assert_true (tf_id_args_parse (&pb, b, strchr (b, ':') + 1, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < pa.n_args; i++)
    {
      gboolean same = FALSE;

      for (guint j = 0; j < pb.n_args; j++)
        if (strcmp (pa.keys[i], pb.keys[j]) == 0)
          same = strcmp (pa.values[i], pb.values[j]) == 0;
      d += !same;
    }
  for (guint j = 0; j < pb.n_args; j++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < pa.n_args; i++)
        found |= strcmp (pa.keys[i], pb.keys[j]) == 0;
      d += !found;
    }
  tf_id_args_clear (&pa);
  tf_id_args_clear (&pb);
  return d;
}

static char *
id_value (const char *id,
          const char *key)
{
  g_autofree char *needle = g_strdup_printf ("%s=", key);
  const char *at = strstr (id, needle);

  g_assert_nonnull (at);
  at += strlen (needle);
  return g_strndup (at, strcspn (at, ","));
}

/* Every usable fat-tree result on 256 chips (edge cases too when @edge_cases) as seeds of a
 * state; boards of every kind the search allows unless @intra_board_topos says which. */
static gpointer
fat_tree_state (TfSearchConfig *config,
                guint           intra_board_topos,
                gboolean        edge_cases,
                GPtrArray      *seeds)
{
  const TfGenerator *family = tf_test_generator ("family");
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (3);
  gpointer state;

  tf_test_search_config (256, "[fat-tree]", 1000, 1, 1, NULL, config);
  config->family_edge_cases = edge_cases;
  if (intra_board_topos != 0)
    config->intra_board_topos = intra_board_topos;
  state = family->state_new (config, &error);
  g_assert_no_error (error);
  g_assert_true (family->init (state, config, rng, seeds, &error));
  g_assert_no_error (error);
  /* Fewer than the population: the enumeration is exhausted, every usable result is a seed. */
  g_assert_cmpuint (seeds->len, <, 1000);
  return state;
}

static gboolean
is_target (const TfCandidate *c,
           const TfCandidate *parent,
           GHashTable        *marked)
{
  return c->origin.n_mutations_total == 0 && c != parent
         && c->topology.context.intra_board_topo == parent->topology.context.intra_board_topo
         && g_strcmp0 (c->origin.seed_id, parent->origin.seed_id) != 0
         && !g_hash_table_contains (marked, c);
}

/* The fewest parameters from @parent to a seed of its board kind not marked, or G_MAXUINT. */
static guint
min_distance (GPtrArray         *seeds,
              const TfCandidate *parent,
              GHashTable        *marked)
{
  guint best = G_MAXUINT;

  for (guint i = 0; i < seeds->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (seeds, i);

      if (is_target (c, parent, marked))
        best = MIN (best, id_distance (parent->origin.seed_id, c->origin.seed_id));
    }
  return best;
}

/* A family step changes the parameters directly: a fat-tree's k moves (16 -> 32, not the next
 * id in the enumeration's order), and every child is among the results nearest its parent in
 * parameter space that were not made, marks included. */
static void
test_family_step_nearest (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *family = tf_test_generator ("family");
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GHashTable) marked = g_hash_table_new (NULL, NULL);
  g_autoptr(GRand) rng = g_rand_new_with_seed (5);
  gpointer state = fat_tree_state (&config, 0, TRUE, seeds);
  guint k_changed = 0, steps = 0, other_board = 0, unbuilt = 0;

  for (guint round = 0; round < 2; round++)
    {
      /* The second round marks every other seed made. */
      if (round == 1)
        for (guint i = 0; i < seeds->len; i += 2)
          {
            family->made (state, g_ptr_array_index (seeds, i));
            g_hash_table_add (marked, g_ptr_array_index (seeds, i));
          }
      for (guint i = 0; i < seeds->len; i++)
        {
          TfCandidate *parent = g_ptr_array_index (seeds, i);
          guint best = min_distance (seeds, parent, marked);

          if (parent->origin.n_mutations_total != 0)
            continue;
          for (guint n = 0; n < 6; n++)
            {
              g_autoptr(TfCandidate) child = NULL;
              g_autoptr(GError) error = NULL;
              g_autofree char *k_parent = NULL, *k_child = NULL;
              gboolean was_marked = FALSE;

              child = family->mutate (state, &config, parent, rng, &error);
              if (child == NULL)
                {
                  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
                  /* Refused as made only when no target is left; else the target picked could
                   * not be built (a chip's ports), which the seeds leave out too. */
                  if (strstr (error->message, "was made") != NULL)
                    g_assert_cmpuint (best, ==, G_MAXUINT);
                  else
                    unbuilt++;
                  continue;
                }
              g_assert_true (child->topology.result.family == parent->topology.result.family);
              g_assert_cmpint (child->origin.method, ==, TF_ORIGIN_FAMILY_SAMPLE);
              for (guint m = 0; m < seeds->len; m++)
                {
                  TfCandidate *c = g_ptr_array_index (seeds, m);

                  was_marked |= g_hash_table_contains (marked, c)
                                && c->topology.context.intra_board_topo
                                   == child->topology.context.intra_board_topo
                                && strcmp (c->origin.seed_id, child->origin.seed_id) == 0;
                }
              g_assert_false (was_marked);
              steps++;
              if (child->topology.context.intra_board_topo
                  != parent->topology.context.intra_board_topo)
                {
                  /* The same parameters on another kind of board. */
                  g_assert_cmpstr (child->origin.seed_id, ==, parent->origin.seed_id);
                  other_board++;
                  continue;
                }
              g_assert_cmpuint (id_distance (parent->origin.seed_id, child->origin.seed_id), ==,
                                best);
              k_parent = id_value (parent->origin.seed_id, "k");
              k_child = id_value (child->origin.seed_id, "k");
              k_changed += strcmp (k_parent, k_child) != 0;
            }
        }
    }
  g_test_message ("%u steps, %u to another board, %u changed k, %u not buildable", steps,
                  other_board, k_changed, unbuilt);
  g_assert_cmpuint (k_changed, >, 0);
  g_assert_cmpuint (other_board, >, 0);
  family->made (state, NULL);
  family->state_free (state);
}

/* When every result of a slot was made, a step there is refused without building anything,
 * and after made (NULL) it works again. */
static void
test_family_step_made (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *family = tf_test_generator ("family");
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GRand) rng = g_rand_new_with_seed (7);
  /* Recommended results on boards without board links: every one can be built, so every one is
   * a seed, and marking the seeds marks the whole slot (no other board to step to either). */
  gpointer state = fat_tree_state (&config, 1u << TF_INTRA_BOARD_NONE, FALSE, seeds);
  TfCandidate *parent = NULL;
  gint64 start;
  guint n_ok = 0;

  for (guint i = 0; i < seeds->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (seeds, i);

      family->made (state, c);
      if (parent == NULL && c->origin.n_mutations_total == 0)
        parent = c;
    }
  g_assert_nonnull (parent);
  start = g_get_monotonic_time ();
  for (guint n = 0; n < 100; n++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (family->mutate (state, &config, parent, rng, &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
      g_assert_nonnull (strstr (error->message, "was made"));
    }
  /* A hundred refusals, not a hundred graphs: well under a second even on a loaded machine. */
  g_test_message ("100 refused steps: %" G_GINT64_FORMAT " us", g_get_monotonic_time () - start);
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);

  family->made (state, NULL);
  for (guint n = 0; n < 8; n++)
    {
      g_autoptr(TfCandidate) child = NULL;
      g_autoptr(GError) error = NULL;

      child = family->mutate (state, &config, parent, rng, &error);
      g_assert_true (child != NULL || g_error_matches (error, TF_ERROR,
                                                       TF_ERROR_INVALID_MUTATION));
      if (child != NULL)
        n_ok++;
      else
        g_assert_null (strstr (error->message, "was made"));
    }
  g_assert_cmpuint (n_ok, >, 0);
  family->state_free (state);
}

/* The same RNG seed gives the same step. */
static void
test_family_step_deterministic (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *family = tf_test_generator ("family");
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  gpointer state = fat_tree_state (&config, 0, TRUE, seeds);

  for (guint i = 0; i < seeds->len; i++)
    for (guint32 seed = 0; seed < 4; seed++)
      {
        TfCandidate *parent = g_ptr_array_index (seeds, i);
        g_autoptr(GRand) r1 = g_rand_new_with_seed (seed), r2 = g_rand_new_with_seed (seed);
        g_autoptr(TfCandidate) a = NULL, b = NULL;

        if (parent->origin.n_mutations_total != 0)
          continue;
        a = family->mutate (state, &config, parent, r1, NULL);
        b = family->mutate (state, &config, parent, r2, NULL);
        g_assert_true ((a == NULL) == (b == NULL));
        if (a == NULL)
          continue;
        g_assert_cmpstr (a->origin.seed_id, ==, b->origin.seed_id);
        g_assert_cmpint (a->topology.context.intra_board_topo, ==,
                         b->topology.context.intra_board_topo);
      }
  family->state_free (state);
}

/* Adaptive rates: the mutator, given the search's credit, draws an operator whose children
 * kept entering the front far more often than one whose children never did, each in
 * proportion to tf_credit_factor; after made (NULL) it has forgotten and draws them evenly. */
static void
test_mutator_adaptive_rates (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *family = tf_test_generator ("family");
  const TfGenerator *mutator = tf_test_generator ("graph_mutator");
  g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (7);
  g_autofree TfCredit *credit = NULL;
  TfCandidate *parent = NULL, fake = { 0 };
  gpointer state;
  TfCredit good = { 0 }, bad = { 0 };

  tf_test_search_config (64, "[fat-tree]", 20, 1, 1, NULL, &config);
  config.operators = (1u << TF_MUTATION_ADD_EDGE) | (1u << TF_MUTATION_REMOVE_EDGE);
  state = family->state_new (&config, &error);
  g_assert_no_error (error);
  g_assert_true (family->init (state, &config, rng, pool, &error));
  for (guint i = 0; i < pool->len && parent == NULL; i++)
    if (mutator->can_mutate (NULL, g_ptr_array_index (pool, i)))
      parent = g_ptr_array_index (pool, i);
  g_assert_nonnull (parent);

  /* 40 children each: every add_edge child entered the front, no remove_edge child did. */
  credit = mutator->state_new (&config, &error);
  fake.origin.method = TF_ORIGIN_GRAPH_MUTATION;
  fake.origin.n_mutations = 1;
  for (guint k = 0; k < 40; k++)
    {
      fake.origin.mutations[0] = TF_MUTATION_ADD_EDGE;
      mutator->credit (credit, &fake, TRUE);
      tf_credit_add (&good, TRUE);
      fake.origin.mutations[0] = TF_MUTATION_REMOVE_EDGE;
      mutator->credit (credit, &fake, FALSE);
      tf_credit_add (&bad, FALSE);
    }
  g_assert_cmpfloat_with_epsilon (tf_credit_factor (&good), 45.0 / 50, 1e-12);
  g_assert_cmpfloat_with_epsilon (tf_credit_factor (&bad), 0.1, 1e-12);

  for (guint round = 0; round < 2; round++)
    {
      guint added = 0, removed = 0;
      double expected = round == 0 ? 0.9 / (0.9 + 0.1) : 0.5;

      for (guint k = 0; k < 2000; k++)
        {
          g_autoptr(TfCandidate) child = mutator->mutate (credit, &config, parent, rng, NULL);

          if (child == NULL)
            continue;
          if (child->origin.mutations[child->origin.n_mutations - 1] == TF_MUTATION_ADD_EDGE)
            added++;
          else
            removed++;
        }
      g_test_message ("round %u: add_edge %u, remove_edge %u", round, added, removed);
      g_assert_cmpuint (added + removed, >, 1000);
      g_assert_cmpfloat (fabs ((double) added / (added + removed) - expected), <, 0.05);
      mutator->made (credit, NULL);
    }

  /* A generation's end halves the counts. */
  fake.origin.mutations[0] = TF_MUTATION_ADD_EDGE;
  for (guint k = 0; k < 40; k++)
    mutator->credit (credit, &fake, FALSE);
  mutator->credit (credit, NULL, FALSE);
  g_assert_cmpfloat (credit[TF_MUTATION_ADD_EDGE].trials, ==, 20);
  tf_credit_decay (&bad);
  g_assert_cmpfloat (bad.trials, ==, 20);
  g_assert_cmpfloat (tf_credit_factor (&(TfCredit) { 0, 1e9 }), ==, 0.05);
  mutator->state_free (credit);
  credit = NULL;
  family->state_free (state);
}

/* A search over boards of scale-up switches (intra_board_topo: switch, named in the
 * configuration): every seed of 4 or 8 chips a board has its boards' switches, takes the
 * chips' 18 on-board links into them and meets every hard constraint (the scale-up switches,
 * 72 ports, beyond the 64-port radix option, have their own radix), and the whole search's
 * front is made of such designs. */
static void
test_family_scale_up (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                 "search-small.yaml", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  const TfGenerator *family = tf_test_generator ("family");
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (5);
  TfSearchOptions options = { .threads = 1, .baseline = FALSE };
  gpointer state;

  g_assert_true (tf_search_config_load_file (path, &config, &error));
  g_assert_no_error (error);
  config.intra_board_topos = 1u << TF_INTRA_BOARD_SWITCH;
  config.context.intra_board_topo = TF_INTRA_BOARD_SWITCH;
  config.n_chips_per_board = 2;
  config.chips_per_board[0] = 4;
  config.chips_per_board[1] = 8;
  config.population_size = 24;
  config.generations = 4;
  state = family->state_new (&config, &error);
  g_assert_no_error (error);
  g_assert_true (family->init (state, &config, rng, seeds, &error));
  g_assert_no_error (error);
  family->state_free (state);
  g_assert_cmpuint (seeds->len, >, 0);
  for (guint i = 0; i < seeds->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (seeds, i);
      const TfNetworkGraph *g = &c->topology.graph;
      g_autoptr(GString) why = g_string_new (NULL);
      guint n_su = 0;
      guint64 su_links = 0;

      for (guint s = 0; s < g->n_switch; s++)
        if (g->switches[s].tier == TF_TIER_BOARD)
          {
            n_su++;
            g_assert_cmpuint (g->switches[s].port_count, <=, 72);
          }
      for (guint l = 0; l < g->n_links; l++)
        if (g->links[l].b >= g->n_chip
            && g->switches[g->links[l].b - g->n_chip].tier == TF_TIER_BOARD)
          su_links += g->links[l].multiplicity;
      g_assert_cmpuint (n_su, >=, g->n_board);
      g_assert_cmpuint (su_links, ==, 18ull * g->n_chip);
      if (!tf_candidate_check_constraints (&config, c, why))
        g_error ("%s: %s", c->origin.seed_id, why->str);
    }

  g_assert_true (tf_search_run (&config, &options, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.front->len, >, 0);
  for (guint i = 0; i < result.front->len; i++)
    {
      const TfNetworkGraph *g = &((TfCandidate *) g_ptr_array_index (result.front, i))
                                  ->topology.graph;
      gboolean has_su = FALSE;

      for (guint s = 0; s < g->n_switch; s++)
        has_su |= g->switches[s].tier == TF_TIER_BOARD;
      g_assert_true (has_su);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/generators/family-seeds-equal-generate", test_family_seeds_equal_generate);
  g_test_add_func ("/generators/family-dual-homed", test_family_dual_homed);
  g_test_add_func ("/generators/family-scale-up", test_family_scale_up);
  g_test_add_func ("/generators/family-step-nearest", test_family_step_nearest);
  g_test_add_func ("/generators/family-step-made", test_family_step_made);
  g_test_add_func ("/generators/family-step-deterministic", test_family_step_deterministic);
  g_test_add_func ("/generators/mutator-keeps-constraints", test_mutator_keeps_constraints);
  g_test_add_func ("/generators/mutator-refuses-direct", test_mutator_refuses_direct);
  g_test_add_func ("/generators/mutator-adaptive-rates", test_mutator_adaptive_rates);
  return g_test_run ();
}
