/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-random-regular.c: the random regular (Jellyfish) generator and the generic
 * generators.<name> section it is configured by (issue 33, item 3).
 *
 * Every sampled design point is a valid candidate or refused, and a valid one is what the
 * generator says: switches of the point's radix with h chips each and every other port to
 * another switch, no two switches joined twice, the network graph r-regular (one switch one
 * port short when r times the switches is odd); init gives the configured number, the same
 * for a seed; the section is read, written back and read again, and a name that is no
 * generator's is an error at its line and column.
 */
#include <stdio.h>
#include <string.h>

#include "search-private.h"
#include "test-util.h"

static void
config_for (guint           n_chip,
            TfSearchConfig *config)
{
  tf_test_search_config (n_chip, "[fat-tree]", 24, 3, 7, NULL, config);
  config->n_generator_sections = 1;
  config->generator_sections[0] = (TfGeneratorSection) { "random_regular", TRUE, 12, 0.1 };
}

/* Checks @c as the generator's design point says it is; FALSE when it was refused. */
static gboolean
check_point (const TfSearchConfig *config,
             const TfCandidate    *c,
             const GError         *error)
{
  const TfNetworkGraph *g;
  guint k, cb, h, seed, n_sw, r, cr = MAX (1u, config->context.chip_radix), short_ = 0;
  g_autoptr(GError) local = NULL;
  g_autofree guint *degree = NULL;
  g_autoptr(GHashTable) pairs = g_hash_table_new (NULL, NULL);

  if (c == NULL)
    {
      g_test_message ("refused: %s", error->message);
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION);
      return FALSE;
    }
  g = &c->topology.graph;
  g_assert_cmpint (sscanf (c->origin.template_params,
                           "random_regular:k=%u,c=%u,h=%u,intra_board=%*[a-z_-],seed=%u", &k, &cb,
                           &h, &seed), ==, 4);
  g_assert_true (tf_network_graph_check_invariants (g, cr, &local));
  g_assert_true (tf_network_graph_is_connected (g));
  g_assert_true (tf_hardware_check_chip_ports (&config->hardware, g, NULL));
  g_assert_cmpuint (g->chips_per_board, ==, cb);
  n_sw = config->n_chip / h;
  r = k - h * cr;
  g_assert_cmpuint (r, >=, 3);
  g_assert_cmpuint (n_sw, >=, 2 * r);
  degree = g_new0 (guint, n_sw);
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];

      if (l->a < g->n_chip && l->b - g->n_chip < n_sw)
        g_assert_cmpuint (l->b - g->n_chip, ==, l->a / h);   /* a chip on its own switch */
      else if (l->a >= g->n_chip && l->a - g->n_chip < n_sw && l->b - g->n_chip < n_sw)
        {
          gsize key = (gsize) MIN (l->a, l->b) * g->n_chip * 4 + MAX (l->a, l->b);

          g_assert_cmpuint (l->multiplicity, ==, 1);
          g_assert_cmpuint (l->a, !=, l->b);
          g_assert_true (g_hash_table_add (pairs, GSIZE_TO_POINTER (key)));
          degree[l->a - g->n_chip]++;
          degree[l->b - g->n_chip]++;
        }
    }
  for (guint s = 0; s < n_sw; s++)
    {
      g_assert_cmpuint (degree[s] + 1, >=, r);
      g_assert_cmpuint (degree[s], <=, r);
      short_ += degree[s] < r;
      g_assert_cmpuint (g->switches[s].port_count, ==, h * cr + degree[s]);
      g_assert_cmpuint (g->switches[s].port_count, <=, k);
    }
  g_assert_cmpuint (short_, <=, 1);
  g_assert_cmpuint (short_, ==, (n_sw * r) % 2);
  return TRUE;
}

static void
test_samples_valid (void)
{
  const guint sizes[] = { 256, 1024, 4096 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      const TfGenerator *gen = tf_test_generator ("random_regular");
      g_autoptr(GHashTable) distinct = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                              NULL);
      guint valid = 0;

      config_for (sizes[s], &config);
      for (guint i = 0; i < 200; i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(TfCandidate) c = gen->sample (NULL, &config, (i + 0.5) / 200, &error);

          if (check_point (&config, c, error))
            {
              valid++;
              g_hash_table_add (distinct,
                                g_strndup (c->origin.template_params,
                                           strstr (c->origin.template_params, ",seed")
                                           - c->origin.template_params));
            }
        }
      g_test_message ("%u chips: %u of 200 points valid, %u distinct (k, c, h, topology)", sizes[s],
                      valid, g_hash_table_size (distinct));
      g_assert_cmpuint (valid, >=, 190);
      g_assert_cmpuint (g_hash_table_size (distinct), >=, 4);
    }
}

static void
test_init (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  const TfGenerator *gen = tf_test_generator ("random_regular");
  g_autoptr(GPtrArray) a = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GPtrArray) b = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GRand) rng_a = g_rand_new_with_seed (5);
  g_autoptr(GRand) rng_b = g_rand_new_with_seed (5);

  config_for (256, &config);
  g_assert_true (gen->enabled (&config));
  g_assert_true (gen->init (NULL, &config, rng_a, a, NULL));
  g_assert_true (gen->init (NULL, &config, rng_b, b, NULL));
  g_assert_cmpuint (a->len, ==, 12);
  for (guint i = 0; i < a->len; i++)
    {
      const TfCandidate *x = g_ptr_array_index (a, i), *y = g_ptr_array_index (b, i);

      g_assert_true (check_point (&config, x, NULL));
      g_assert_cmpstr (x->origin.template_params, ==, y->origin.template_params);
      g_assert_cmpuint (tf_network_graph_fingerprint (&x->topology.graph), ==,
                        tf_network_graph_fingerprint (&y->topology.graph));
    }
  config.generator_sections[0].enabled = FALSE;
  g_assert_false (gen->enabled (&config));
  config.n_generator_sections = 0;
  g_assert_false (gen->enabled (&config));
}

static const char base[] =
  "n_chip: 256\n"
  "workload: {model: test-small, parallelism: {tp: 2, pp: 2, dp: 64}}\n"
  "hardware_constraints: {nic_bandwidth_gb_per_s: 50, switch_radix_options: [32, 64]}\n"
  "objectives: [iter_time, network_cost]\n"
  "generators:\n"
  "  family: {enabled: true, families: [fat-tree]}\n";

static void
test_section (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchConfig) again = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strconcat (base, "  random_regular: {initial: 7, rate: 0.25}\n",
                                       NULL);
  g_autoptr(GString) written = g_string_new (NULL);
  const TfGeneratorSection *s;

  g_assert_true (tf_search_config_load_data ("a.yaml", text, strlen (text), &config, &error));
  g_assert_no_error (error);
  s = tf_search_config_get_generator_section (&config, "random_regular");
  g_assert_nonnull (s);
  g_assert_true (s->enabled);
  g_assert_cmpuint (s->initial, ==, 7);
  g_assert_cmpfloat (s->rate, ==, 0.25);
  g_assert_null (tf_search_config_get_generator_section (&config, "graph_mutator"));

  g_assert_true (tf_search_config_write_yaml (&config, written, &error));
  g_assert_no_error (error);
  g_assert_true (tf_search_config_load_data ("b.yaml", written->str, written->len, &again,
                                             &error));
  g_assert_no_error (error);
  s = tf_search_config_get_generator_section (&again, "random_regular");
  g_assert_nonnull (s);
  g_assert_cmpuint (s->initial, ==, 7);
  g_assert_cmpfloat (s->rate, ==, 0.25);
}

static void
test_section_errors (void)
{
  const struct { const char *tail, *at, *message; } cases[] = {
    { "  jellyfish: {initial: 7}\n", "c.yaml:7:3: ",
      "unknown key 'jellyfish'; the generators are manual, generic_template, random_regular," },
    { "  random_regular: {initial: 7, degree: 3}\n", "c.yaml:7:32: ", "unknown key 'degree'" },
    { "  random_regular: {rate: 2}\n", "c.yaml:7:26: ",
      "field 'generators.random_regular.rate'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(TfSearchConfig) config = { 0 };
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strconcat (base, cases[i].tail, NULL);

      g_assert_false (tf_search_config_load_data ("c.yaml", text, strlen (text), &config,
                                                  &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i].at));
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/random-regular/samples-valid", test_samples_valid);
  g_test_add_func ("/engine/random-regular/init", test_init);
  g_test_add_func ("/engine/random-regular/section", test_section);
  g_test_add_func ("/engine/random-regular/section-errors", test_section_errors);
  return g_test_run ();
}
