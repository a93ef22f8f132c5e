/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mutation-structural.c: the GraphMutator's structural moves (tier_edit, add_spine_plane,
 * remove_spine_plane), its board move (change_board_topology) and children of several edits
 * (edits_per_child).
 *
 * Each move on a 2-level and a 3-level fat-tree and a dragonfly gives a valid graph or is
 * refused; tier_edit keeps a tier's switches alike; a new spine plane is one more top switch of
 * the others' degree; 2,000 children of up to four edits each are valid or refused, never
 * disconnected; and the default configuration (one edit a child, the local edits only) gives
 * the front it gave before the moves existed.
 */
#include <string.h>

#include "generators-private.h"
#include "search-private.h"
#include "test-util.h"

static const char *const topologies[] = {
  "fat-tree:layers=2,k=8,osr=1,n_endpoint=32",
  "fat-tree:layers=3,k=4,osr=1,n_endpoint=16",
  "dragonfly:a=4,p=2,h=2,g=8,n_endpoint=64",
};

static const TfGenerator *
mutator (void)
{
  for (guint i = 0; i < tf_generators_get_count (); i++)
    if (strcmp (tf_generators_get (i)->name, "graph_mutator") == 0)
      return tf_generators_get (i);
  g_error ("no graph_mutator");
  return NULL;
}

static guint
max_radix (const TfSearchConfig *config)
{
  return config->hardware.radix_options[config->hardware.n_radix_options - 1];
}

/* A child is refused as an InvalidMutation, or passes every invariant and the radix. */
static gboolean
valid_or_refused (const TfSearchConfig *config,
                  TfCandidate          *child,
                  GError               *refusal)
{
  g_autoptr(GError) error = NULL;

  if (child == NULL)
    {
      g_assert_error (refusal, TF_ERROR, TF_ERROR_INVALID_MUTATION);
      return FALSE;
    }
  g_assert_no_error (refusal);
  g_assert_true (tf_network_graph_check_invariants (&child->topology.graph,
                                                    config->context.chip_radix, &error));
  g_assert_no_error (error);
  g_assert_true (tf_network_graph_is_connected (&child->topology.graph));
  for (guint s = 0; s < child->topology.graph.n_switch; s++)
    g_assert_cmpuint (child->topology.graph.switches[s].port_count, <=, max_radix (config));
  g_assert_cmpint (child->origin.method, ==, TF_ORIGIN_GRAPH_MUTATION);
  return TRUE;
}

static TfTier
top_tier (const TfNetworkGraph *g)
{
  TfTier top = TF_TIER_RACK;

  for (guint s = 0; s < g->n_switch; s++)
    top = MAX (top, g->switches[s].tier);
  return top;
}

static guint
tier_size (const TfNetworkGraph *g,
           TfTier                tier)
{
  guint n = 0;

  for (guint s = 0; s < g->n_switch; s++)
    n += g->switches[s].tier == tier;
  return n;
}

/* Whether the switches chips link to all have the same port count. */
static gboolean
leaves_alike (const TfNetworkGraph *g)
{
  guint ports = 0;

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      guint32 sw = MAX (l->a, l->b);

      if (MIN (l->a, l->b) >= g->n_chip || sw < g->n_chip)
        continue;
      if (ports == 0)
        ports = g->switches[sw - g->n_chip].port_count;
      if (g->switches[sw - g->n_chip].port_count != ports)
        return FALSE;
    }
  return TRUE;
}

static void
test_moves_on_families (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (topologies); t++)
    for (TfMutation op = TF_MUTATION_TIER_EDIT; op <= TF_MUTATION_REMOVE_SPINE_PLANE; op++)
      {
        g_auto(TfSearchConfig) config = { 0 };
        g_autoptr(TfCandidate) parent = tf_candidate_new ();
        g_autoptr(GError) error = NULL;
        const TfNetworkGraph *p = &parent->topology.graph;
        guint made = 0;

        tf_test_search_config (64, "ALL", 8, 1, 1, NULL, &config);
        config.operators = 1u << op;
        g_assert_true (tf_generate (&config.context, topologies[t], NULL, NULL,
                                    &parent->topology, &error));
        g_assert_no_error (error);
        /* A fat-tree's leaves are alike; a dragonfly's routers need not be (global links). */
        if (t < 2)
          g_assert_true (leaves_alike (p));
        for (guint seed = 0; seed < 40; seed++)
          {
            g_autoptr(GRand) rng = g_rand_new_with_seed (seed);
            g_autoptr(GError) refusal = NULL;
            g_autoptr(TfCandidate) child = mutator ()->mutate (NULL, &config, parent, rng,
                                                               &refusal);
            const TfNetworkGraph *c;

            if (!valid_or_refused (&config, child, refusal))
              continue;
            made++;
            c = &child->topology.graph;
            g_assert_cmpint (child->origin.mutations[child->origin.n_mutations - 1], ==, op);
            switch (op)
              {
              case TF_MUTATION_TIER_EDIT:
                g_assert_cmpuint (c->n_switch, ==, p->n_switch);
                g_assert_true (leaves_alike (c) || !leaves_alike (p));
                break;
              case TF_MUTATION_ADD_SPINE_PLANE:
                /* One more top switch, of a top switch's degree (a family's are all alike). */
                g_assert_cmpuint (c->n_switch, ==, p->n_switch + 1);
                g_assert_cmpint (top_tier (c), ==, top_tier (p));
                g_assert_cmpuint (tier_size (c, top_tier (c)), ==, tier_size (p, top_tier (p)) + 1);
                g_assert_cmpint (c->switches[c->n_switch - 1].tier, ==, top_tier (p));
                for (guint s = 0; s < c->n_switch; s++)
                  if (c->switches[s].tier == top_tier (c))
                    g_assert_cmpuint (c->switches[s].port_count, ==,
                                      c->switches[c->n_switch - 1].port_count);
                break;
              case TF_MUTATION_REMOVE_SPINE_PLANE:
                g_assert_cmpuint (c->n_switch, ==, p->n_switch - 1);
                g_assert_cmpuint (tier_size (c, top_tier (p)), ==, tier_size (p, top_tier (p)) - 1);
                break;
              default:
                g_assert_not_reached ();
              }
          }
        g_test_message ("%s on %s: %u of 40 made", tf_mutation_to_string (op), topologies[t],
                        made);
        /* The fat-trees have a spine tier and room in their radix: every move applies. */
        if (t < 2)
          g_assert_cmpuint (made, >, 0);
      }
}

/* A dragonfly's routers hold chips: no spine tier to copy, and tier_edit adds a ring. */
static void
test_dragonfly_has_no_spine (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) parent = tf_candidate_new ();
  g_autoptr(GError) error = NULL;

  tf_test_search_config (64, "ALL", 8, 1, 1, NULL, &config);
  g_assert_true (tf_generate (&config.context, topologies[2], NULL, NULL, &parent->topology,
                              &error));
  g_assert_no_error (error);
  for (TfMutation op = TF_MUTATION_ADD_SPINE_PLANE; op <= TF_MUTATION_REMOVE_SPINE_PLANE; op++)
    {
      g_autoptr(GRand) rng = g_rand_new_with_seed (7);

      config.operators = 1u << op;
      g_assert_null (mutator ()->mutate (NULL, &config, parent, rng, &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
      g_clear_error (&error);
    }
}

/* 2,000 children of one to four edits from every operator, on family seeds of four seeds. */
static void
test_multi_edit_children (void)
{
  const guint64 seeds[] = { 1, 7, 42, 2026 };
  guint ok = 0, tried = 0, several = 0;

  for (guint k = 0; k < G_N_ELEMENTS (seeds); k++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      const TfGenerator *family = NULL;
      g_autoptr(GPtrArray) pool =
        g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
      g_autoptr(GError) error = NULL;
      g_autoptr(GRand) rng = g_rand_new_with_seed (seeds[k]);
      gpointer state;

      for (guint i = 0; i < tf_generators_get_count (); i++)
        if (strcmp (tf_generators_get (i)->name, "family") == 0)
          family = tf_generators_get (i);
      tf_test_search_config (64, "[fat-tree, dragonfly, dragonfly-plus, hyperx]", 30, 1,
                             seeds[k], NULL, &config);
      config.hardware.nic_ports_per_chip = 2;
      config.operators = (1u << TF_N_MUTATIONS) - 1;
      config.edits_per_child = 4;
      state = family->state_new (&config, &error);
      g_assert_no_error (error);
      g_assert_true (family->init (state, &config, rng, pool, &error));
      g_assert_no_error (error);
      for (guint n = 0; n < 500; n++)
        {
          TfCandidate *parent = g_ptr_array_index (pool, g_rand_int_range (rng, 0, pool->len));
          g_autoptr(GError) refusal = NULL;
          TfCandidate *child;
          guint edits;

          if (!mutator ()->can_mutate (NULL, parent))
            continue;
          tried++;
          child = mutator ()->mutate (NULL, &config, parent, rng, &refusal);
          if (!valid_or_refused (&config, child, refusal))
            continue;
          ok++;
          edits = child->origin.n_mutations_total - parent->origin.n_mutations_total;
          g_assert_cmpuint (edits, >=, 1);
          g_assert_cmpuint (edits, <=, 4);
          several += edits > 1;
          /* Later children start from edited graphs. */
          if (pool->len < 200)
            g_ptr_array_add (pool, child);
          else
            {
              guint victim = g_rand_int_range (rng, 0, pool->len);

              tf_candidate_free (pool->pdata[victim]);
              pool->pdata[victim] = child;
            }
        }
      family->state_free (state);
    }
  g_test_message ("%u of %u children valid, %u of several edits", ok, tried, several);
  g_assert_cmpuint (ok, >, tried / 4);
  g_assert_cmpuint (several, >, ok / 4);
}

/* The shipped small example with one edit a child and the local edits only (as it is written)
 * gives the front the search gives with those defaults (measured with topoforge-cli optimize
 * --threads 1 --no-baseline with adaptive rates and immigrants; it changes whenever the
 * search spends its draws differently, or the model its figures), and a file without the keys
 * configures the same. */
static void
test_default_front_unchanged (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                 "search-small.yaml", NULL);
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchConfig) bare = { 0 };
  g_auto(TfSearchResult) a = { 0 };
  g_autoptr(GRegex) operators_key = g_regex_new ("    operators: \\[[^]]*\\]\n", 0, 0, NULL);
  g_autofree char *text = NULL;
  g_autofree char *bare_text = NULL;
  TfSearchOptions options = { .threads = 1, .baseline = FALSE };
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_config_load_file (path, &config, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (config.operators, ==, TF_MUTATIONS_DEFAULT);
  g_assert_cmpuint (config.edits_per_child, ==, 1);
  g_assert_true (tf_search_run (&config, &options, &a, &error));
  g_assert_no_error (error);
  /* 33 and 0.5018 since issue 31's Stage 0: the search starts from the front of every
   * buildable family result, edge cases too (709 distinct at 64 chips); 19 and 0.4768 since
   * issue 31
   * made the example optimize apl_fail_excess for apl_fail (the same draws, another third
   * objective); 23 and 0.4307 with apl_fail since issue 30; 19 and
   * 0.5173 before. A chip's bandwidth became a budget its
   * links share: B2B links run at the NIC's 50 GB/s (64 before) and a chip's C2C links split its
   * 900 GB/s (a 3-D torus's six links 150 each, a ring board's two 450): the 2-level
   * rail-optimized fat-tree seed went from 34,480 to 38,507 us, the 4x4x4 torus seed from 38,937
   * to 56,331 us (24 and 0.4432 with that alone). Racks are packed by power as well (more racks,
   * more optics, costs up) and no generator emits dead hardware any more (edits that leave a
   * relaying switch are refused). Measured with topoforge-cli optimize --threads 1
   * --no-baseline. */
  g_assert_cmpuint (a.front->len + a.front_members->len, ==, 33);
  g_assert_cmpfloat_with_epsilon (a.hypervolume, 0.5017916646961927, 1e-12);

  /* A file that names neither key gets the same. */
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  bare_text = g_regex_replace (operators_key, text, -1, 0, "", 0, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (bare_text, "operators"));
  g_assert_true (tf_search_config_load_data ("bare.yaml", bare_text, strlen (bare_text), &bare,
                                             &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bare.operators, ==, config.operators);
  g_assert_cmpuint (bare.edits_per_child, ==, config.edits_per_child);
}

/* A switched family result on full-mesh boards, its boards rewired: the graph the family
 * generates for the same id on ring boards, its context saying so; a direct network (whose
 * board links are the family's own) and boards of one chip are refused. */
static void
test_change_board_topology (void)
{
  static const char *const ids[] = {
    "fat-tree:layers=2,k=8,osr=1,n_endpoint=16,p_levels=2x1",
    "fat-tree:layers=2,k=16,osr=1,n_endpoint=16,p_levels=2x1,attach=rail",
    "dragonfly:a=4,p=2,h=2,g=8,n_endpoint=16,attach=rail",
    "hyperx:L=2,T=1,S=4x4",
  };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(TfCandidate) parent = NULL;
      g_autoptr(TfCandidate) expected = NULL;
      g_autoptr(TfCandidate) child = NULL;
      g_autoptr(GRand) rng = g_rand_new_with_seed (i);
      g_autoptr(GError) error = NULL;

      tf_test_search_config (64, "ALL", 8, 1, 1, NULL, &config);
      config.operators = 1u << TF_MUTATION_CHANGE_BOARD_TOPOLOGY;
      /* Two kinds allowed: the move has one way to go. */
      config.intra_board_topos = (1u << TF_INTRA_BOARD_FULL_MESH) | (1u << TF_INTRA_BOARD_RING);
      config.context.intra_board_topo = TF_INTRA_BOARD_FULL_MESH;
      parent = tf_test_family_candidate (&config, ids[i], 1);
      config.context.intra_board_topo = TF_INTRA_BOARD_RING;
      expected = tf_test_family_candidate (&config, ids[i], 2);
      child = mutator ()->mutate (NULL, &config, parent, rng, &error);
      g_assert_no_error (error);
      g_assert_true (valid_or_refused (&config, child, NULL));
      g_assert_cmpint (child->topology.context.intra_board_topo, ==, TF_INTRA_BOARD_RING);
      g_assert_cmpint (child->origin.mutations[0], ==, TF_MUTATION_CHANGE_BOARD_TOPOLOGY);
      g_assert_cmpuint (child->topology.graph.n_links, ==, expected->topology.graph.n_links);
      g_assert_cmpuint (tf_network_graph_fingerprint (&child->topology.graph), ==,
                        tf_network_graph_fingerprint (&expected->topology.graph));
      g_assert_cmpuint (tf_network_graph_fingerprint (&child->topology.graph), !=,
                        tf_network_graph_fingerprint (&parent->topology.graph));
    }

  /* A torus's board links are its own dimensions, and one-chip boards have none. */
  {
    static const char *const refused[] = {
      "torus:dimension_sizes=8x8,board_shape=2x2",
      "fat-tree:layers=2,k=16,osr=1,n_endpoint=64",
    };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_auto(TfSearchConfig) config = { 0 };
        g_autoptr(TfCandidate) parent = NULL;
        g_autoptr(GRand) rng = g_rand_new_with_seed (7);
        g_autoptr(GError) error = NULL;
        g_autoptr(TfCandidate) child = NULL;

        tf_test_search_config (64, "ALL", 8, 1, 1, NULL, &config);
        config.operators = 1u << TF_MUTATION_CHANGE_BOARD_TOPOLOGY;
        parent = tf_test_family_candidate (&config, refused[i], 1);
        child = mutator ()->mutate (NULL, &config, parent, rng, &error);
        g_assert_null (child);
        g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
      }
  }
}

/* Links from chips to switches, as (chip, switch node) pairs with their multiplicity summed:
 * what change_chips_per_board must keep. */
static GHashTable *
chip_switch_links (const TfNetworkGraph *g)
{
  GHashTable *out = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      gint64 *key;

      if ((l->a < g->n_chip) == (l->b < g->n_chip))
        continue;
      key = g_new (gint64, 1);
      *key = (gint64) MIN (l->a, l->b) << 32 | MAX (l->a, l->b);
      g_hash_table_insert (out, key, GUINT_TO_POINTER (
        GPOINTER_TO_UINT (g_hash_table_lookup (out, key)) + l->multiplicity));
    }
  return out;
}

static void
assert_same_switch_links (const TfNetworkGraph *a,
                          const TfNetworkGraph *b)
{
  g_autoptr(GHashTable) la = chip_switch_links (a);
  g_autoptr(GHashTable) lb = chip_switch_links (b);
  GHashTableIter it;
  gpointer key, value;

  g_assert_cmpuint (g_hash_table_size (la), ==, g_hash_table_size (lb));
  g_hash_table_iter_init (&it, la);
  while (g_hash_table_iter_next (&it, &key, &value))
    g_assert_cmpuint (GPOINTER_TO_UINT (value), ==,
                      GPOINTER_TO_UINT (g_hash_table_lookup (lb, key)));
}

/* The first child of @parent made by change_chips_per_board with @want chips a board. */
static TfCandidate *
resized (const TfSearchConfig *config,
         const TfCandidate    *parent,
         guint                 want)
{
  for (guint seed = 0; seed < 64; seed++)
    {
      g_autoptr(GRand) rng = g_rand_new_with_seed (seed);
      g_autoptr(GError) error = NULL;
      TfCandidate *child = mutator ()->mutate (NULL, config, parent, rng, &error);

      g_assert_no_error (error);
      g_assert_true (valid_or_refused (config, child, NULL));
      g_assert_cmpint (child->origin.mutations[0], ==, TF_MUTATION_CHANGE_CHIPS_PER_BOARD);
      if (child->topology.graph.chips_per_board == want)
        return child;
      tf_candidate_free (child);
    }
  g_error ("no child with %u chips a board", want);
  return NULL;
}

/* A fat-tree on full-mesh boards of 4 chips: its boards paired (8 chips, a full mesh each, in
 * the racks they were in) and split again give the parent's graph back; every chip keeps its
 * links to switches; a configuration that allows no other size refuses the move. */
static void
test_change_chips_per_board (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) parent = NULL;
  g_autoptr(TfCandidate) doubled = NULL;
  g_autoptr(TfCandidate) back = NULL;
  const TfNetworkGraph *g;
  guint board_links = 0;

  tf_test_search_config (64, "ALL", 8, 1, 1, NULL, &config);
  config.operators = 1u << TF_MUTATION_CHANGE_CHIPS_PER_BOARD;
  config.context.intra_board_topo = TF_INTRA_BOARD_FULL_MESH;
  parent = tf_test_family_candidate (&config, "fat-tree:layers=2,k=8,osr=1,n_endpoint=16,"
                                     "p_levels=2x1", 1);
  g_assert_cmpuint (parent->topology.graph.chips_per_board, ==, 4);
  doubled = resized (&config, parent, 8);
  g = &doubled->topology.graph;
  g_assert_cmpuint (g->n_board, ==, parent->topology.graph.n_board / 2);
  for (guint b = 0; b < g->n_board; b++)
    g_assert_cmpuint (g->board_rack[b], ==, parent->topology.graph.board_rack[2 * b]);
  for (guint i = 0; i < g->n_links; i++)
    board_links += g->links[i].reach == TF_REACH_BOARD && g->links[i].b < g->n_chip;
  g_assert_cmpuint (board_links, ==, g->n_board * 8 * 7 / 2);   /* a full mesh of 8 a board */
  assert_same_switch_links (&parent->topology.graph, g);
  g_assert_cmpuint (doubled->topology.result.chips_per_board, ==, 8);

  back = resized (&config, doubled, 4);
  g_assert_cmpuint (tf_network_graph_fingerprint (&back->topology.graph), ==,
                    tf_network_graph_fingerprint (&parent->topology.graph));

  /* Boards of 4 only: nowhere to go. */
  {
    g_autoptr(GRand) rng = g_rand_new_with_seed (1);
    g_autoptr(GError) error = NULL;

    config.chips_per_board[0] = 4;
    config.n_chips_per_board = 1;
    g_assert_null (mutator ()->mutate (NULL, &config, parent, rng, &error));
    g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mutation-structural/moves-on-families", test_moves_on_families);
  g_test_add_func ("/mutation-structural/dragonfly-has-no-spine", test_dragonfly_has_no_spine);
  g_test_add_func ("/mutation-structural/multi-edit-children", test_multi_edit_children);
  g_test_add_func ("/mutation-structural/change-board-topology", test_change_board_topology);
  g_test_add_func ("/mutation-structural/default-front-unchanged", test_default_front_unchanged);
  g_test_add_func ("/mutation-structural/change-chips-per-board", test_change_chips_per_board);
  return g_test_run ();
}
