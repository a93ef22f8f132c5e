/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-graph-crossover.c: the GraphCrossover (generator-graph-crossover.c).
 *
 * Two fat-trees of one grouping (unequal oversubscription, or a fat-tree and its structural
 * mutation) and a dragonfly with itself mutated cross into valid children or are refused; a
 * child mixes both parents; its origin names both; one seed gives one child; 10,000 crossings
 * of varied parents are valid or refused, never disconnected; parents grouped unlike are
 * refused; a search with the crossover enabled on search-small gives a valid front, the same on
 * one thread and two; the configuration reads strictly and writes back.
 */
#include <string.h>

#include "generators-private.h"
#include "test-util.h"

static guint
max_radix (const TfSearchConfig *config)
{
  return config->hardware.radix_options[config->hardware.n_radix_options - 1];
}

static void
make_config (guint           n_chip,
             TfSearchConfig *config)
{
  tf_test_search_config (n_chip, "ALL", 8, 1, 1, NULL, config);
  config->crossover_enabled = TRUE;
  config->hardware.nic_ports_per_chip = 2;
}

/* A child is refused as an InvalidMutation, or passes every invariant, connectivity, the radix
 * and the chips' ports, and names both parents. */
static gboolean
valid_or_refused (const TfSearchConfig *config,
                  const TfCandidate    *a,
                  const TfCandidate    *b,
                  TfCandidate          *child,
                  GError               *refusal)
{
  g_autoptr(GError) error = NULL;
  const TfNetworkGraph *g;

  if (child == NULL)
    {
      g_assert_error (refusal, TF_ERROR, TF_ERROR_INVALID_MUTATION);
      return FALSE;
    }
  g_assert_no_error (refusal);
  g = &child->topology.graph;
  g_assert_true (tf_network_graph_check_invariants (g, config->context.chip_radix, &error));
  g_assert_no_error (error);
  g_assert_true (tf_network_graph_is_connected (g));
  for (guint s = 0; s < g->n_switch; s++)
    g_assert_cmpuint (g->switches[s].port_count, <=, max_radix (config));
  g_assert_true (tf_hardware_check_chip_ports (&config->hardware, g, NULL));
  g_assert_cmpint (child->origin.method, ==, TF_ORIGIN_CROSSOVER);
  g_assert_cmpuint (child->origin.n_parents, ==, 2);
  g_assert_cmpuint (child->origin.parents[0], ==, a->id);
  g_assert_cmpuint (child->origin.parents[1], ==, b->id);
  g_assert_cmpstr (child->origin.seed_id, ==, a->origin.seed_id);
  g_assert_cmpstr (child->origin.template_params, ==, "");
  return TRUE;
}

/* @parent mutated by @operators until an edit applies. */
static TfCandidate *
mutated (TfSearchConfig    *config,
         const TfCandidate *parent,
         guint              operators,
         guint              seed,
         guint              cand_id)
{
  guint saved = config->operators;
  TfCandidate *child = NULL;

  config->operators = operators;
  for (guint k = seed; child == NULL && k < seed + 100; k++)
    {
      g_autoptr(GRand) rng = g_rand_new_with_seed (k);

      child = tf_test_generator ("graph_mutator")->mutate (NULL, config, parent, rng, NULL);
    }
  config->operators = saved;
  g_assert_nonnull (child);
  child->id = cand_id;
  return child;
}

static gboolean
graphs_equal (const TfNetworkGraph *x,
              const TfNetworkGraph *y)
{
  if (x->n_switch != y->n_switch || x->n_links != y->n_links)
    return FALSE;
  for (guint s = 0; s < x->n_switch; s++)
    if (strcmp (x->switches[s].id, y->switches[s].id) != 0
        || x->switches[s].port_count != y->switches[s].port_count)
      return FALSE;
  return memcmp (x->links, y->links, x->n_links * sizeof (TfLink)) == 0;
}

/* Links from rack switch @s to other switches. */
static guint
uplinks (const TfNetworkGraph *g,
         guint                 s)
{
  guint n = 0;

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];

      if ((l->a == g->n_chip + s && l->b >= g->n_chip)
          || (l->b == g->n_chip + s && l->a >= g->n_chip))
        n += l->multiplicity;
    }
  return n;
}

/* Whether some rack switch of @g has @ua uplinks and some other @ub. */
static gboolean
mixes (const TfNetworkGraph *g,
       guint                 ua,
       guint                 ub)
{
  gboolean has_a = FALSE, has_b = FALSE;

  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_RACK)
      {
        has_a |= uplinks (g, s) == ua;
        has_b |= uplinks (g, s) == ub;
      }
  return has_a && has_b;
}

static guint
rack_uplinks (const TfNetworkGraph *g)
{
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_RACK)
      return uplinks (g, s);
  return 0;
}

/* Crosses @a and @b with 40 seeds; returns the valid children, and in *@mixed those with rack
 * switches of both parents' uplink counts (when those differ). Every child of a seed is the
 * same twice. @alike: each parent's leaves have one uplink count. */
static guint
cross_pair (TfSearchConfig    *config,
            const TfCandidate *a,
            const TfCandidate *b,
            gboolean           alike,
            guint             *mixed)
{
  const TfGenerator *x = tf_test_generator ("graph_crossover");
  gpointer state = x->state_new (config, NULL);
  guint ua = rack_uplinks (&a->topology.graph), ub = rack_uplinks (&b->topology.graph);
  guint made = 0;

  *mixed = 0;
  g_assert_true (x->can_mutate (state, a));
  g_assert_true (x->can_mutate (state, b));
  for (guint seed = 0; seed < 40; seed++)
    {
      g_autoptr(GRand) rng = g_rand_new_with_seed (seed);
      g_autoptr(GRand) rng2 = g_rand_new_with_seed (seed);
      g_autoptr(GError) refusal = NULL;
      g_autoptr(GError) refusal2 = NULL;
      g_autoptr(TfCandidate) child = x->crossover (state, config, a, b, rng, &refusal);
      g_autoptr(TfCandidate) again = x->crossover (state, config, a, b, rng2, &refusal2);

      if (refusal != NULL)
        g_test_message ("seed %u refused: %s", seed, refusal->message);
      if (!valid_or_refused (config, a, b, child, refusal))
        {
          g_assert_null (again);
          continue;
        }
      made++;
      g_assert_nonnull (again);
      g_assert_true (graphs_equal (&child->topology.graph, &again->topology.graph));
      if (ua != ub && mixes (&child->topology.graph, ua, ub))
        (*mixed)++;
      /* Repair keeps each imported switch's uplinks: with parents whose leaves are alike (the
       * families'), every leaf of the child has A's count or B's. */
      if (alike)
        for (guint s = 0; s < child->topology.graph.n_switch; s++)
          if (child->topology.graph.switches[s].tier == TF_TIER_RACK)
            g_assert_true (uplinks (&child->topology.graph, s) == ua
                           || uplinks (&child->topology.graph, s) == ub);
    }
  x->state_free (state);
  return made;
}

static void
test_fat_trees (void)
{
  static const struct
  {
    guint       n_chip;
    guint       racks_per_pod_max;   /* 0: the default (one pod) */
    const char *a, *b;
  } pairs[] = {
    { 64, 0, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64",
      "fat-tree:layers=2,k=12,osr=2,n_endpoint=64" },
    { 64, 0, "fat-tree:layers=3,k=8,osr=1,n_endpoint=64",
      "fat-tree:layers=3,k=6,osr=2,n_endpoint=64" },
    { 64, 4, "fat-tree:layers=3,k=8,osr=1,n_endpoint=64",
      "fat-tree:layers=3,k=6,osr=2,n_endpoint=64" },
    { 128, 0, "fat-tree:layers=2,k=16,osr=1,n_endpoint=128",
      "fat-tree:layers=3,k=12,osr=2,n_endpoint=128,agg_osr=1" },
    { 192, 0, "fat-tree:layers=3,k=16,osr=1,n_endpoint=192",
      "fat-tree:layers=3,k=12,osr=2,n_endpoint=192" },
    { 192, 4, "fat-tree:layers=3,k=16,osr=1,n_endpoint=192",
      "fat-tree:layers=3,k=12,osr=2,n_endpoint=192" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(TfCandidate) a = NULL;
      g_autoptr(TfCandidate) b = NULL;
      guint made, mixed, made_ba, mixed_ba;

      make_config (pairs[i].n_chip, &config);
      if (pairs[i].racks_per_pod_max > 0)
        config.context.racks_per_pod_max = pairs[i].racks_per_pod_max;
      a = tf_test_family_candidate (&config, pairs[i].a, 11);
      b = tf_test_family_candidate (&config, pairs[i].b, 22);
      made = cross_pair (&config, a, b, TRUE, &mixed);
      made_ba = cross_pair (&config, b, a, TRUE, &mixed_ba);
      g_test_message ("%s x %s (%u pods, %u racks): %u of 40 valid, %u mixed; "
                      "the other way %u, %u mixed", pairs[i].a, pairs[i].b,
                      a->topology.graph.n_pod, a->topology.graph.n_rack, made, mixed, made_ba,
                      mixed_ba);
      g_assert_cmpuint (made + made_ba, >, 0);
      g_assert_cmpuint (mixed + mixed_ba, >, 0);
    }
}

/* A fat-tree with its own structural mutations, and a dragonfly with itself mutated. */
static void
test_with_mutations (void)
{
  static const struct
  {
    guint       n_chip;
    const char *id;
    guint       operators;
  } cases[] = {
    { 64, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64", 1u << TF_MUTATION_TIER_EDIT },
    { 64, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64", 1u << TF_MUTATION_ADD_SPINE_PLANE },
    { 192, "fat-tree:layers=3,k=16,osr=1,n_endpoint=192", 1u << TF_MUTATION_TIER_EDIT },
    { 64, "dragonfly:a=4,p=2,h=2,g=8,n_endpoint=64", TF_MUTATIONS_DEFAULT },
    { 64, "dragonfly:a=4,p=2,h=2,g=8,n_endpoint=64", 1u << TF_MUTATION_TIER_EDIT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(TfCandidate) a = NULL;
      g_autoptr(TfCandidate) b = NULL;
      guint made, mixed, made_ba, mixed_ba;

      make_config (cases[i].n_chip, &config);
      a = tf_test_family_candidate (&config, cases[i].id, 11);
      b = mutated (&config, a, cases[i].operators, 1, 22);
      made = cross_pair (&config, a, b, FALSE, &mixed);
      made_ba = cross_pair (&config, b, a, FALSE, &mixed_ba);
      g_test_message ("%s x its mutation (0x%x): %u of 40 valid (%u mixed), the other way %u "
                      "(%u mixed)", cases[i].id, cases[i].operators, made, mixed, made_ba,
                      mixed_ba);
      g_assert_cmpuint (made + made_ba, >, 0);
    }
}

/* Parents of unlike groupings are refused. */
static void
test_unlike_refused (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) a = NULL;
  g_autoptr(TfCandidate) b = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (1);
  g_autoptr(GError) error = NULL;
  const TfGenerator *x = tf_test_generator ("graph_crossover");
  gpointer state;

  make_config (64, &config);
  state = x->state_new (&config, NULL);
  a = tf_test_family_candidate (&config, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32", 1);
  b = tf_test_family_candidate (&config, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64", 2);
  g_assert_null (x->crossover (state, &config, a, b, rng, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
  x->state_free (state);
}

/* 10,000 crossings of parents made by the mutator from the family's seeds of four seeds. */
static void
test_random_crossings (void)
{
  const guint64 seeds[] = { 1, 7, 42, 2026 };
  const TfGenerator *family = tf_test_generator ("family");
  const TfGenerator *x = tf_test_generator ("graph_crossover");
  guint ok = 0, tried = 0, alike = 0;

  for (guint k = 0; k < G_N_ELEMENTS (seeds); k++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(GPtrArray) pool =
        g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
      g_autoptr(GError) error = NULL;
      g_autoptr(GRand) rng = g_rand_new_with_seed (seeds[k]);
      gpointer fstate, xstate;
      guint next_id = 1;

      tf_test_search_config (64, "[fat-tree, dragonfly, dragonfly-plus, hyperx]", 30, 1,
                             seeds[k], NULL, &config);
      config.hardware.nic_ports_per_chip = 2;
      config.operators = (1u << TF_N_MUTATIONS) - 1;
      config.edits_per_child = 2;
      config.crossover_enabled = TRUE;
      fstate = family->state_new (&config, &error);
      g_assert_no_error (error);
      xstate = x->state_new (&config, &error);
      g_assert_true (family->init (fstate, &config, rng, pool, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < pool->len; i++)
        ((TfCandidate *) pool->pdata[i])->id = next_id++;
      /* Each seed twice mutated, so that pairs of one grouping differ. */
      for (guint i = 0, n = pool->len; i < 2 * n; i++)
        {
          TfCandidate *p = pool->pdata[i % n];
          TfCandidate *c;

          if (p->topology.graph.n_switch == 0)
            continue;
          c = tf_test_generator ("graph_mutator")->mutate (NULL, &config, p, rng, NULL);
          if (c != NULL)
            {
              c->id = next_id++;
              g_ptr_array_add (pool, c);
            }
        }
      for (guint n = 0; n < 2500; n++)
        {
          TfCandidate *a = pool->pdata[g_rand_int_range (rng, 0, pool->len)];
          TfCandidate *b = pool->pdata[g_rand_int_range (rng, 0, pool->len)];
          g_autoptr(GError) refusal = NULL;
          TfCandidate *child;

          /* Half the time a second parent of the first one's grouping, when there is one. */
          if (g_rand_boolean (rng))
            for (guint t = 0; t < 32; t++)
              {
                TfCandidate *o = pool->pdata[g_rand_int_range (rng, 0, pool->len)];

                if (o->topology.graph.chips_per_board == a->topology.graph.chips_per_board
                    && o->topology.graph.n_rack == a->topology.graph.n_rack
                    && o->topology.graph.n_pod == a->topology.graph.n_pod && o != a)
                  {
                    b = o;
                    break;
                  }
              }
          if (!x->can_mutate (xstate, a) || !x->can_mutate (xstate, b))
            continue;
          tried++;
          alike += a->topology.graph.chips_per_board == b->topology.graph.chips_per_board
                   && a->topology.graph.n_rack == b->topology.graph.n_rack;
          child = x->crossover (xstate, &config, a, b, rng, &refusal);
          if (!valid_or_refused (&config, a, b, child, refusal))
            continue;
          ok++;
          /* Later crossings take children as parents too. */
          child->id = next_id++;
          if (pool->len < 300)
            g_ptr_array_add (pool, child);
          else
            {
              guint victim = g_rand_int_range (rng, 0, pool->len);

              tf_candidate_free (pool->pdata[victim]);
              pool->pdata[victim] = child;
            }
        }
      family->state_free (fstate);
      x->state_free (xstate);
    }
  g_test_message ("%u of %u crossings valid (%u of parents grouped alike)", ok, tried, alike);
  g_assert_cmpuint (tried, >=, 9000);
  g_assert_cmpuint (ok, >, 0);
}

static void
run_small (gboolean        crossover,
           guint           threads,
           TfSearchConfig *config,
           TfSearchResult *result)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                 "search-small.yaml", NULL);
  TfSearchOptions options = { .threads = threads, .baseline = FALSE };
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_config_load_file (path, config, &error));
  g_assert_no_error (error);
  config->crossover_enabled = crossover;
  g_assert_true (tf_search_run (config, &options, result, &error));
  g_assert_no_error (error);
}

/* search-small with the crossover: a valid front, crossed children in the run, the same front
 * on one thread and two. */
static void
test_search (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchConfig) config2 = { 0 };
  g_auto(TfSearchConfig) off_config = { 0 };
  g_auto(TfSearchResult) one = { 0 };
  g_auto(TfSearchResult) two = { 0 };
  g_auto(TfSearchResult) off = { 0 };
  guint crossed = 0;

  run_small (TRUE, 1, &config, &one);
  run_small (TRUE, 2, &config2, &two);
  run_small (FALSE, 1, &off_config, &off);
  g_assert_cmpuint (one.front->len, >, 0);
  g_assert_cmpuint (one.front->len, ==, two.front->len);
  g_assert_cmpfloat (one.hypervolume, ==, two.hypervolume);
  for (guint i = 0; i < one.front->len; i++)
    {
      TfCandidate *c = one.front->pdata[i];
      TfCandidate *d = two.front->pdata[i];
      g_autoptr(GString) why = g_string_new (NULL);
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (c->id, ==, d->id);
      g_assert_cmpmem (c->objectives, sizeof c->objectives, d->objectives,
                       sizeof d->objectives);
      g_assert_true (tf_network_graph_check_invariants (&c->topology.graph,
                                                        config.context.chip_radix, &error));
      g_assert_no_error (error);
      if (!tf_candidate_check_constraints (&config, c, why))
        g_error ("front candidate %u: %s", c->id, why->str);
      crossed += c->origin.method == TF_ORIGIN_CROSSOVER;
    }
  g_test_message ("search-small, seed 1: hypervolume %.6f with graph_crossover (rate %.2f, "
                  "%u evaluations, front %u, %u crossed), %.6f without (%u evaluations, "
                  "front %u)", one.hypervolume, config.crossover_rate, one.evaluations,
                  one.front->len, crossed, off.hypervolume, off.evaluations, off.front->len);
}

/* generators.graph_crossover reads strictly and writes back. */
static void
test_config (void)
{
  const char *extra = "";
  g_auto(TfSearchConfig) defaults = { 0 };
  g_auto(TfSearchConfig) read = { 0 };
  g_auto(TfSearchConfig) again = { 0 };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  char *at;

  tf_test_search_config (64, "[fat-tree]", 8, 1, 1, extra, &defaults);
  g_assert_false (defaults.crossover_enabled);
  g_assert_cmpfloat (defaults.crossover_rate, ==, 0.3);

  g_assert_true (tf_search_config_write_yaml (&defaults, out, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (out->str, "  graph_crossover:\n    enabled: false\n"
                                      "    crossover_rate: 0.3\n"));
  /* Written enabled at another rate, it reads back so. */
  at = strstr (out->str, "    enabled: false\n    crossover_rate: 0.3\n");
  text = g_strdup_printf ("%.*s    enabled: true\n    crossover_rate: 0.25\n%s",
                          (int) (at - out->str), out->str,
                          at + strlen ("    enabled: false\n    crossover_rate: 0.3\n"));
  g_assert_true (tf_search_config_load_data ("x.yaml", text, strlen (text), &read, &error));
  g_assert_no_error (error);
  g_assert_true (read.crossover_enabled);
  g_assert_cmpfloat (read.crossover_rate, ==, 0.25);
  g_string_truncate (out, 0);
  g_assert_true (tf_search_config_write_yaml (&read, out, &error));
  g_assert_true (tf_search_config_load_data ("y.yaml", out->str, out->len, &again, &error));
  g_assert_no_error (error);
  g_assert_true (again.crossover_enabled);
  g_assert_cmpfloat (again.crossover_rate, ==, 0.25);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/graph-crossover/fat-trees", test_fat_trees);
  g_test_add_func ("/graph-crossover/with-mutations", test_with_mutations);
  g_test_add_func ("/graph-crossover/unlike-refused", test_unlike_refused);
  g_test_add_func ("/graph-crossover/random-crossings", test_random_crossings);
  g_test_add_func ("/graph-crossover/search", test_search);
  g_test_add_func ("/graph-crossover/config", test_config);
  return g_test_run ();
}
