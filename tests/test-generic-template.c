/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-generic-template.c: the generic template tf_test_generator (issue 13, item 1).
 *
 * The families' fat-trees are points of the template (the same graph up to a renumbering of
 * switches: equal fingerprints and equal counts per tier); every sampled point is a valid
 * candidate or refused; template_params go through a candidate file and back; a seed gives the
 * same points; a search with the template enabled runs.
 */
#include <string.h>

#include "search-private.h"
#include "test-util.h"

static void
config_for (guint           n_chip,
            TfSearchConfig *config)
{
  tf_test_search_config (n_chip, "[fat-tree]", 24, 3, 7, NULL, config);
  config->template_enabled = TRUE;
}

/* The candidate of @params: a point crossed with itself is itself (repair keeps a legal point). */
static TfCandidate *
point (const TfSearchConfig *config,
       const char           *params,
       GError              **error)
{
  const TfGenerator *gen = tf_test_generator ("generic_template");
  g_autoptr(TfCandidate) parent = tf_candidate_new ();
  g_autoptr(GRand) rng = g_rand_new_with_seed (1);
  TfCandidate *c;

  parent->origin.method = TF_ORIGIN_GENERIC_TEMPLATE;
  g_strlcpy (parent->origin.template_params, params, sizeof parent->origin.template_params);
  g_assert_true (gen->can_mutate (NULL, parent));
  c = gen->crossover (NULL, config, parent, parent, rng, error);
  if (c != NULL)
    g_assert_cmpstr (c->origin.template_params, ==, params);
  return c;
}

/* Switches, their ports and the links at them, per tier. */
static void
tier_counts (const TfNetworkGraph *g,
             guint64              *counts)
{
  memset (counts, 0, sizeof (guint64) * 3 * 5);
  for (guint s = 0; s < g->n_switch; s++)
    {
      guint t = g->switches[s].tier - TF_TIER_CHIP;

      counts[t * 3] += 1;
      counts[t * 3 + 1] += g->switches[s].port_count;
    }
  for (guint i = 0; i < g->n_links; i++)
    for (guint end = 0; end < 2; end++)
      {
        guint32 v = end ? g->links[i].b : g->links[i].a;
        guint t = v < g->n_chip ? 0 : g->switches[v - g->n_chip].tier - TF_TIER_CHIP;

        counts[t * 3 + 2] += g->links[i].multiplicity;
      }
}

static void
assert_same_graph (const TfNetworkGraph *a,
                   const TfNetworkGraph *b)
{
  guint64 ca[15], cb[15];

  g_assert_cmpuint (a->n_chip, ==, b->n_chip);
  g_assert_cmpuint (a->n_switch, ==, b->n_switch);
  g_assert_cmpuint (a->n_links, ==, b->n_links);
  g_assert_cmpuint (a->n_board, ==, b->n_board);
  g_assert_cmpuint (a->n_rack, ==, b->n_rack);
  g_assert_cmpuint (a->n_pod, ==, b->n_pod);
  tier_counts (a, ca);
  tier_counts (b, cb);
  g_assert_cmpmem (ca, sizeof ca, cb, sizeof cb);
  g_assert_cmpuint (tf_network_graph_fingerprint (a), ==, tf_network_graph_fingerprint (b));
}

static void
test_fat_trees (void)
{
  const struct
  {
    guint       n_chip;
    const char *family_id;
    const char *params;
  } cases[] = {
    { 64, "fat-tree:layers=2,k=8,osr=1,n_endpoint=16",
      "layers=2,chips_per_board=4,intra_board=none,rail=0,leaf_chips=16,pod_leaves=0,osr=1/1,"
      "fanout=4/1,conn=full/full" },
    { 64, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32",
      "layers=2,chips_per_board=2,intra_board=none,rail=0,leaf_chips=8,pod_leaves=0,osr=1/1,"
      "fanout=4/1,conn=full/full" },
    { 128, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64",
      "layers=2,chips_per_board=2,intra_board=none,rail=0,leaf_chips=16,pod_leaves=0,osr=1/1,"
      "fanout=8/1,conn=full/full" },
    { 64, "fat-tree:layers=3,k=4,osr=1,n_endpoint=16",
      "layers=3,chips_per_board=4,intra_board=none,rail=0,leaf_chips=8,pod_leaves=2,osr=1/1,"
      "fanout=2/2,conn=full/strided" },
    { 192, "fat-tree:layers=3,k=8,osr=1,n_endpoint=48",
      "layers=3,chips_per_board=4,intra_board=none,rail=0,leaf_chips=16,pod_leaves=4,osr=1/1,"
      "fanout=4/4,conn=full/strided" },
  };
  const TfIntraBoardTopo topos[] = { TF_INTRA_BOARD_NONE, TF_INTRA_BOARD_RING };

  /* On boards without links and with rings; in one pod, and with pods of two racks (spines at
   * datacenter level, 3-layer groups one to a pod). */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint t = 0; t < 2 * G_N_ELEMENTS (topos); t++)
      {
        g_auto(TfSearchConfig) config = { 0 };
        g_auto(TfTopology) family = { 0 };
        g_autoptr(TfCandidate) c = NULL;
        g_autoptr(GError) error = NULL;
        g_auto(GStrv) parts = g_strsplit (cases[i].params, "intra_board=none", 2);
        g_autofree char *board = g_strdup_printf ("intra_board=%s",
                                                  tf_intra_board_topo_to_string (topos[t % 2]));
        g_autofree char *params = g_strjoinv (board, parts);
        TfContext ctx;

        config_for (cases[i].n_chip, &config);
        if (t >= 2)
          config.context.racks_per_pod_max = 2;
        ctx = config.context;
        ctx.intra_board_topo = topos[t % 2];
        ctx.switch_defaults.radix
          = config.hardware.radix_options[config.hardware.n_radix_options - 1];
        g_assert_true (tf_generate (&ctx, cases[i].family_id, NULL, NULL, &family, &error));
        g_assert_no_error (error);
        c = point (&config, params, &error);
        g_assert_no_error (error);
        g_assert_nonnull (c);
        assert_same_graph (&c->topology.graph, &family.graph);
        if (t >= 2)
          g_assert_cmpuint (c->topology.graph.n_pod, >, 1);
        else
          g_assert_cmpuint (c->topology.graph.n_pod, ==, 1);
      }
}

/* Refused points are refused as invalid mutations; the others pass the invariants, are
 * connected and fit the hardware. Returns the valid one's layers as bits. */
static guint
check_candidate (const TfSearchConfig *config,
                 TfCandidate          *c,
                 GError               *error,
                 guint                *valid)
{
  const TfNetworkGraph *g;
  g_autoptr(GError) local = NULL;

  if (c == NULL)
    {
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
      return 0;
    }
  g_assert_no_error (error);
  g = &c->topology.graph;
  g_assert_true (tf_network_graph_check_invariants (g, config->context.chip_radix, &local));
  g_assert_no_error (local);
  g_assert_true (tf_network_graph_is_connected (g));
  g_assert_true (tf_hardware_check_chip_ports (&config->hardware, g, NULL));
  for (guint s = 0; s < g->n_switch; s++)
    g_assert_cmpuint (tf_hardware_radix_for (&config->hardware, g->switches[s].port_count), >,
                      0);
  g_assert_true (c->origin.template_params[0] != '\0');
  (*valid)++;
  return 1u << (g_str_has_prefix (c->origin.template_params, "layers=1") ? 1
                : g_str_has_prefix (c->origin.template_params, "layers=2") ? 2 : 3);
}

static void
test_samples_valid (void)
{
  const guint sizes[] = { 64, 96 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      const TfGenerator *gen = tf_test_generator ("generic_template");
      g_autoptr(GHashTable) distinct = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                              NULL);
      guint valid = 0, layers = 0, rail = 0;

      config_for (sizes[s], &config);
      for (guint i = 0; i < 1000; i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(TfCandidate) c = gen->sample (NULL, &config, (i + 0.5) / 1000, &error);

          layers |= check_candidate (&config, c, error, &valid);
          if (c != NULL)
            {
              g_hash_table_add (distinct, g_strdup (c->origin.template_params));
              rail += strstr (c->origin.template_params, "rail=1") != NULL;
            }
        }
      g_test_message ("%u chips: %u of 1000 points valid, %u distinct, %u rail-aligned",
                      sizes[s], valid, g_hash_table_size (distinct), rail);
      /* Most points are buildable, and the space is more than a few designs. */
      g_assert_cmpuint (valid, >=, 500);
      g_assert_cmpuint (g_hash_table_size (distinct), >=, 100);
      g_assert_cmpuint (rail, >, 0);
      g_assert_cmpuint (layers, ==, (1u << 2) | (1u << 3) | (layers & (1u << 1)));
      g_assert_true (layers & (1u << 3));
    }
}

static void
test_mutate_crossover_valid (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *gen = tf_test_generator ("generic_template");
  g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GRand) rng = g_rand_new_with_seed (3);
  g_autoptr(GError) error = NULL;
  guint valid = 0, changed = 0;

  config_for (64, &config);
  config.template_initial = 16;
  g_assert_true (gen->init (NULL, &config, rng, pool, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pool->len, ==, 16);
  for (guint i = 0; i < 1000; i++)
    {
      const TfCandidate *a = g_ptr_array_index (pool, g_rand_int_range (rng, 0, pool->len));
      const TfCandidate *b = g_ptr_array_index (pool, g_rand_int_range (rng, 0, pool->len));
      g_autoptr(GError) local = NULL;
      TfCandidate *c = i % 2 ? gen->mutate (NULL, &config, a, rng, &local)
                             : gen->crossover (NULL, &config, a, b, rng, &local);

      check_candidate (&config, c, local, &valid);
      if (c == NULL)
        continue;
      changed += strcmp (c->origin.template_params, a->origin.template_params) != 0;
      g_assert_true (gen->can_mutate (NULL, c));
      if (pool->len < 64)
        g_ptr_array_add (pool, c);
      else
        tf_candidate_free (c);
    }
  g_test_message ("%u of 1000 children valid, %u differ from their first parent", valid, changed);
  g_assert_cmpuint (valid, >=, 500);
  g_assert_cmpuint (changed, >=, 250);
}

static void
test_params_round_trip (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *gen = tf_test_generator ("generic_template");
  g_autoptr(GError) error = NULL;
  guint done = 0;

  config_for (64, &config);
  for (guint i = 0; done < 5 && i < 200; i++)
    {
      g_autoptr(TfCandidate) c = gen->sample (NULL, &config, (i + 0.25) / 200, NULL);
      g_autoptr(TfCandidate) back = NULL;
      g_autoptr(GString) first = g_string_new (NULL), second = g_string_new (NULL);

      if (c == NULL)
        continue;
      c->id = 42 + i;
      g_assert_true (tf_candidate_write_yaml (c, &config, first, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (first->str, "template_params: "));
      back = tf_candidate_new ();
      g_assert_true (tf_candidate_load_data ("candidate.yaml", first->str, first->len, back,
                                             &error));
      g_assert_no_error (error);
      g_assert_cmpint (back->origin.method, ==, TF_ORIGIN_GENERIC_TEMPLATE);
      g_assert_cmpstr (back->origin.template_params, ==, c->origin.template_params);
      g_assert_true (gen->can_mutate (NULL, back));
      g_assert_true (tf_candidate_write_yaml (back, &config, second, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (first->str, ==, second->str);
      done++;
    }
  g_assert_cmpuint (done, ==, 5);
}

static char *
points_of (const TfSearchConfig *config,
           guint32              seed)
{
  const TfGenerator *gen = tf_test_generator ("generic_template");
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GRand) rng = g_rand_new_with_seed (seed);
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_true (gen->init (NULL, config, rng, out, NULL));
  for (guint i = 0; i < out->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (out, i);
      g_autoptr(TfCandidate) child = gen->mutate (NULL, config, c, rng, NULL);

      g_string_append_printf (text, "%s %" G_GINT64_MODIFIER "x | %s\n",
                              c->origin.template_params,
                              tf_network_graph_fingerprint (&c->topology.graph),
                              child ? child->origin.template_params : "-");
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
test_deterministic (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  config_for (64, &config);
  a = points_of (&config, 11);
  b = points_of (&config, 11);
  c = points_of (&config, 12);
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, !=, c);
}

static void
test_search_with_template (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  g_autoptr(GError) error = NULL;
  TfSearchOptions options = { .threads = 1 };
  guint from_template = 0;

  tf_test_search_config (64, "ALL", 24, 4, 5, NULL, &config);
  config.template_enabled = TRUE;
  config.template_initial = 8;
  g_assert_true (tf_search_run (&config, &options, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.front->len, >, 0);
  g_assert_cmpuint (r.evaluations, >=, 24);
  for (guint i = 0; i < r.front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (r.front, i);

      from_template += c->origin.template_params[0] != '\0';
    }
  g_test_message ("front of %u, %u from the template", r.front->len, from_template);
}

static char *
front_text (const TfSearchResult *r)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < r->front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (r->front, i);

      g_string_append_printf (text, "%u %s %.17g\n", c->id, c->origin.template_params,
                              c->objectives[0]);
    }
  return g_string_free (text, FALSE);
}

/* Template points crossed every time they meet, on one thread and on two: the same front. */
static void
test_search_crossover_threads (void)
{
  char *fronts[2] = { NULL, NULL };

  for (guint t = 0; t < 2; t++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_auto(TfSearchResult) r = { 0 };
      g_autoptr(GError) error = NULL;
      TfSearchOptions options = { .threads = t + 1 };

      tf_test_search_config (64, "ALL", 16, 3, 9, NULL, &config);
      config.template_enabled = TRUE;
      config.template_initial = 16;
      config.template_crossover_rate = 1;
      g_assert_true (tf_search_run (&config, &options, &r, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (r.front->len, >, 0);
      fronts[t] = front_text (&r);
    }
  g_assert_cmpstr (fronts[0], ==, fronts[1]);
  g_free (fronts[0]);
  g_free (fronts[1]);
}

/* With no family, the template alone makes the first population. */
static void
test_search_template_alone (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  g_autoptr(GError) error = NULL;
  TfSearchOptions options = { .threads = 1 };

  tf_test_search_config (64, "ALL", 12, 2, 5, NULL, &config);
  config.family_enabled = FALSE;
  config.template_enabled = TRUE;
  config.template_initial = 12;
  g_assert_true (tf_search_run (&config, &options, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.front->len, >, 0);
  for (guint i = 0; i < r.front->len; i++)
    g_assert_true (((TfCandidate *) g_ptr_array_index (r.front, i))->origin.template_params[0]
                   != '\0');
}

/* Racks by power (issue 30): under a tight rack budget a leaf's boards fill as many racks as
 * their power needs, no rack's boards draw more than the budget, the leaf stands in a rack of
 * its own boards, and the evaluator's hard constraints take every point; a budget below one
 * board refuses the point. */
static void
test_racks_by_power (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *gen = tf_test_generator ("generic_template");
  guint valid = 0, spread = 0;

  config_for (64, &config);
  config.context.rack.power_kw = 10;   /* six generic chips of 1.6 kW */
  for (guint i = 0; i < 400; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TfCandidate) c = gen->sample (NULL, &config, (i + 0.5) / 400, &error);
      g_autoptr(GString) why = g_string_new (NULL);
      const TfNetworkGraph *g;
      guint rack;

      if (c == NULL)
        continue;
      g = &c->topology.graph;
      valid++;
      g_assert_cmpfloat (tf_network_graph_boards_power_kw (&config.context, g, &rack), <=,
                         10 + 1e-9);
      g_assert_cmpuint (g->n_rack, >=, (64 * 1.6 + 9.999) / 10);
      if (!tf_candidate_check_constraints (&config, c, why))
        g_error ("%s: %s", c->origin.template_params, why->str);
      /* Some leaves serve boards of several racks: end-of-row switches of their pod. */
      for (guint k = 0; k < g->n_links; k++)
        {
          const TfLink *link = &g->links[k];
          guint chip = MIN (link->a, link->b), node = MAX (link->a, link->b);
          const TfSwitch *sw;

          if (chip >= g->n_chip || node < g->n_chip)
            continue;
          sw = &g->switches[node - g->n_chip];
          if (sw->tier == TF_TIER_POD)
            spread++;
        }
    }
  g_test_message ("%u of 400 points valid, %u chip links to an end-of-row leaf", valid,
                  spread);
  g_assert_cmpuint (valid, >=, 100);
  g_assert_cmpuint (spread, >, 0);

  /* A board of 16 chips draws 25.6 kW: every point of such boards is refused. */
  config.context.rack.power_kw = 20;
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TfCandidate) c = point (&config, "layers=2,chips_per_board=16,intra_board=none,"
                                      "rail=0,leaf_chips=16,pod_leaves=0,osr=1/1,fanout=4/1,"
                                      "conn=full/full", &error);

    g_assert_null (c);
    g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
    g_assert_nonnull (strstr (error->message, "more than a rack's 20.0 kW budget"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/generic-template/fat-trees", test_fat_trees);
  g_test_add_func ("/engine/generic-template/samples-valid", test_samples_valid);
  g_test_add_func ("/engine/generic-template/mutate-crossover-valid",
                   test_mutate_crossover_valid);
  g_test_add_func ("/engine/generic-template/params-round-trip", test_params_round_trip);
  g_test_add_func ("/engine/generic-template/racks-by-power", test_racks_by_power);
  g_test_add_func ("/engine/generic-template/deterministic", test_deterministic);
  g_test_add_func ("/engine/generic-template/search", test_search_with_template);
  g_test_add_func ("/engine/generic-template/search-crossover-threads",
                   test_search_crossover_threads);
  g_test_add_func ("/engine/generic-template/search-template-alone",
                   test_search_template_alone);
  return g_test_run ();
}
