/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-candidate.c: TopologyCandidate <-> YAML (the spec's test_topology_candidate_serialization).
 *
 * Seeds, family steps and edited graphs, evaluated in every layer: written, loaded back, written
 * again, the two texts byte for byte equal and the candidate's fields the same. The file is also
 * an ordinary topology file every reader of the tool accepts. The compact binary form of
 * checkpoints and the MPI search gives the same file back, and refuses damaged data.
 */
#include <string.h>

#include "evaluator-private.h"
#include "test-util.h"

/* Packed and unpacked: the same candidate file, the same rejection; cut short anywhere or with
 * a byte changed, an error or a candidate, never a crash (the sanitizer build runs this). */
static void
check_pack (const TfSearchConfig *config,
            const TfCandidate    *c,
            const char           *file)
{
  g_autoptr(GByteArray) packed = g_byte_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rng = g_rand_new_with_seed (c->id);
  TfCandidate *back;
  gsize offset = 0;

  tf_candidate_pack (c, packed);
  tf_candidate_pack (c, packed);   /* two in a row read back one after the other */
  for (guint k = 0; k < 2; k++)
    {
      back = tf_candidate_unpack (packed->data, packed->len, &offset, &error);
      g_assert_no_error (error);
      g_assert_true (tf_candidate_write_yaml (back, config, text, &error));
      g_assert_cmpstr (text->str, ==, file);
      g_assert_cmpstr (back->rejected, ==, c->rejected);
      g_assert_cmpmem (back->objectives, sizeof back->objectives, c->objectives,
                       sizeof c->objectives);
      g_string_truncate (text, 0);
      tf_candidate_free (back);
    }
  g_assert_cmpuint (offset, ==, packed->len);
  for (guint n = 0; n < packed->len / 2; n += 1 + n / 8)
    {
      offset = 0;
      back = tf_candidate_unpack (packed->data, n, &offset, &error);
      g_assert_null (back);
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
      g_clear_error (&error);
    }
  for (guint k = 0; k < 64; k++)
    {
      g_autofree guint8 *bad = g_memdup2 (packed->data, packed->len / 2);

      bad[g_rand_int_range (rng, 0, (gint) packed->len / 2)] ^= 1u << g_rand_int_range (rng, 0, 8);
      offset = 0;
      back = tf_candidate_unpack (bad, packed->len / 2, &offset, &error);
      g_assert_true ((back == NULL) != (error == NULL));
      g_clear_error (&error);
      tf_candidate_free (back);
    }
}

static void
check_round_trip (const TfSearchConfig *config,
                  TfCandidate          *c)
{
  g_autoptr(GString) first = g_string_new (NULL);
  g_autoptr(GString) second = g_string_new (NULL);
  g_autoptr(TfCandidate) back = tf_candidate_new ();
  g_auto(TfTopology) plain = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_candidate_write_yaml (c, config, first, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (first->str, "metadata:\n  source: optimizer\n"));
  g_assert_nonnull (strstr (first->str, "candidate_id: cand_"));

  if (!tf_candidate_load_data ("candidate.yaml", first->str, first->len, back, &error))
    g_error ("%s\n%s", error->message, first->str);
  g_assert_true (tf_candidate_write_yaml (back, config, second, &error));
  g_assert_cmpstr (first->str, ==, second->str);
  check_pack (config, c, first->str);

  g_assert_cmpuint (back->id, ==, c->id);
  g_assert_cmpint (back->origin.method, ==, c->origin.method);
  g_assert_cmpstr (back->origin.seed_id, ==, c->origin.seed_id);
  g_assert_cmpuint (back->origin.n_parents, ==, c->origin.n_parents);
  g_assert_cmpuint (back->origin.n_mutations_total, ==, c->origin.n_mutations_total);
  g_assert_cmpmem (back->origin.mutations, back->origin.n_mutations, c->origin.mutations,
                   c->origin.n_mutations);
  g_assert_cmpfloat (back->evaluation.network_cost_usd, ==, c->evaluation.network_cost_usd);
  g_assert_cmpfloat (back->evaluation.apl_fail, ==, c->evaluation.apl_fail);
  g_assert_cmpfloat (back->evaluation.workflow_time_us, ==, c->evaluation.workflow_time_us);
  g_assert_cmpuint (back->topology.graph.n_links, ==, c->topology.graph.n_links);
  g_assert_cmpuint (back->topology.graph.n_switch, ==, c->topology.graph.n_switch);
  /* What the family declared comes back for its own graph, and only for it. */
  g_assert_cmpint (back->chip_transitive, ==, c->chip_transitive);
  g_assert_cmpint (back->topology.chip_transitive, ==, c->topology.chip_transitive);
  g_assert_cmpuint (back->topology.lattice.n_dims, ==, c->topology.lattice.n_dims);
  g_assert_cmpmem (back->topology.lattice.dims, sizeof (guint32) * back->topology.lattice.n_dims,
                   c->topology.lattice.dims, sizeof (guint32) * c->topology.lattice.n_dims);

  /* Any topology reader takes it, and writes it back unchanged too. */
  g_assert_true (tf_topology_load_data ("candidate.yaml", first->str, first->len, NULL, &plain,
                                        &error));
  g_assert_no_error (error);
  g_assert_nonnull (plain.candidate);
  g_string_truncate (second, 0);
  g_assert_true (tf_topology_write_yaml (&plain, second, &error));
  g_assert_cmpstr (first->str, ==, second->str);
}

static void
test_round_trip (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GRand) rng = g_rand_new_with_seed (5);
  g_autoptr(GError) error = NULL;
  const TfGenerator *family = NULL, *mutator = NULL;
  gpointer state;
  guint edited = 0;

  for (guint i = 0; i < tf_generators_get_count (); i++)
    {
      if (strcmp (tf_generators_get (i)->name, "family") == 0)
        family = tf_generators_get (i);
      if (strcmp (tf_generators_get (i)->name, "graph_mutator") == 0)
        mutator = tf_generators_get (i);
    }
  tf_test_search_config (32, "ALL", 24, 1, 1, NULL, &config);
  state = family->state_new (&config, &error);
  g_assert_true (family->init (state, &config, rng, seeds, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < seeds->len; i++)
    {
      TfCandidate *seed = g_ptr_array_index (seeds, i);
      TfCandidate *c = seed;
      g_autoptr(TfCandidate) child = NULL;

      seed->id = i + 1;
      /* A seed as it is, unevaluated; then evaluated in every layer. */
      check_round_trip (&config, seed);
      g_assert_true (tf_evaluate (&config, seed, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES
                                  | TF_LAYER_WORKFLOW | TF_LAYER_COST, NULL, &error));
      g_assert_no_error (error);
      check_round_trip (&config, seed);

      /* Edited three times, measured as the optimize command does before writing. */
      for (guint k = 0; k < 3 && mutator->can_mutate (NULL, c); k++)
        {
          g_autoptr(GError) local = NULL;
          TfCandidate *next = mutator->mutate (NULL, &config, c, rng, &local);

          if (next == NULL)
            continue;
          next->id = 1000 + 10 * i + k;
          if (c != seed)
            tf_candidate_free (c);
          c = next;
        }
      if (c == seed)
        continue;
      child = c;
      g_assert_true (tf_evaluate (&config, child, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES
                                  | TF_LAYER_WORKFLOW | TF_LAYER_COST, NULL, &error));
      g_assert_true (tf_topology_measure (&child->topology, NULL, NULL, &error));
      g_assert_no_error (error);
      check_round_trip (&config, child);
      edited++;
    }
  g_assert_cmpuint (edited, >, 0);
  family->state_free (state);
}

/* Layer 2 at every message size (issue 33): a second size is a second row per primitive in the
 * file, and loading it gives every size back. */
static void
test_message_sizes (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GPtrArray) seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  g_autoptr(GRand) rng = g_rand_new_with_seed (5);
  g_autoptr(GString) two = g_string_new (NULL);
  g_autoptr(GString) one = g_string_new (NULL);
  g_autoptr(TfCandidate) back = tf_candidate_new ();
  g_autoptr(GError) error = NULL;
  const TfGenerator *family = tf_test_generator ("family");
  gpointer state;
  TfCandidate *c;
  TfWorkload *wl;

  tf_test_search_config (64, "[fat-tree]", 24, 1, 1, NULL, &config);
  wl = &config.workloads[0];
  g_assert_cmpuint (wl->n_message_sizes, ==, 2);   /* 1 MiB and 16 MiB */
  state = family->state_new (&config, &error);
  g_assert_true (family->init (state, &config, rng, seeds, &error));
  family->state_free (state);
  c = g_ptr_array_index (seeds, 0);
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES, NULL,
                              &error));
  g_assert_true (tf_candidate_write_yaml (c, &config, two, &error));
  for (guint p = 0; p < TF_N_PRIMITIVES; p++)
    {
      g_autofree char *small = g_strdup_printf ("{primitive: %s, bytes: 1048576, time_us: ",
                                                tf_primitive_to_string (p));
      g_autofree char *large = g_strdup_printf ("{primitive: %s, bytes: 16777216, time_us: ",
                                                tf_primitive_to_string (p));

      g_assert_nonnull (strstr (two->str, small));
      g_assert_nonnull (strstr (two->str, large));
      g_assert_cmpfloat (c->evaluation.collective_us[0][p][0], >, 0);
      g_assert_cmpfloat (c->evaluation.collective_us[0][p][0], <,
                         c->evaluation.collective_us[0][p][1]);
    }
  g_assert_true (tf_candidate_load_data ("two.yaml", two->str, two->len, back, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (back->evaluation.collective_us[0], sizeof back->evaluation.collective_us[0],
                   c->evaluation.collective_us[0], sizeof c->evaluation.collective_us[0]);

  /* A record without its size, or of no primitive, is an error at its place. */
  {
    const struct { const char *from, *to, *message; } bad[] = {
      { "{primitive: AllReduce, bytes: 1048576", "{primitive: AllReduce, bytez: 1048576",
        "unknown key 'bytez'" },
      { "{primitive: AllReduce, bytes: 1048576", "{primitive: AllReduX, bytes: 1048576",
        "'AllReduX' is not a primitive" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(TfCandidate) broken = tf_candidate_new ();
        g_autoptr(GString) text = g_string_new (two->str);
        g_autoptr(GError) local = NULL;

        g_assert_cmpuint (g_string_replace (text, bad[i].from, bad[i].to, 1), ==, 1);
        g_assert_false (tf_candidate_load_data ("bad.yaml", text->str, text->len, broken,
                                                &local));
        g_test_message ("%s", local->message);
        g_assert_nonnull (strstr (local->message, "collectives"));
        g_assert_nonnull (strstr (local->message, bad[i].message));
      }
  }

  /* The largest size alone: one row per primitive, and another file. */
  wl->message_sizes[0] = wl->message_sizes[1];
  wl->n_message_sizes = 1;
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_COLLECTIVES, NULL, &error));
  g_assert_true (tf_candidate_write_yaml (c, &config, one, &error));
  g_assert_null (strstr (one->str, "bytes: 1048576"));
  g_assert_nonnull (strstr (one->str, "{primitive: AllReduce, bytes: 16777216, time_us: "));
  g_assert_cmpstr (one->str, !=, two->str);
}

static void
test_bad_candidate (void)
{
  g_autoptr(TfCandidate) c = tf_candidate_new ();
  g_autoptr(TfCandidate) back = tf_candidate_new ();
  g_autoptr(GError) error = NULL;
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(TfTopology) t = { 0 };
  char *at;

  tf_test_search_config (16, "ALL", 8, 1, 1, NULL, &config);
  g_assert_true (tf_generate (&config.context, "single-switch:n_endpoint=16", NULL, NULL, &t,
                              &error));
  /* A plain topology is not a candidate. */
  g_assert_true (tf_topology_write_yaml (&t, text, &error));
  g_assert_false (tf_candidate_load_data ("plain.yaml", text->str, text->len, c, &error));
  g_assert_cmpstr (error->message, ==, "plain.yaml: field 'metadata.candidate_id': a candidate "
                   "needs its id");
  g_clear_error (&error);

  /* An unknown origin method and an unknown value are the loader's errors, with line and
   * column. */
  c->topology = t;
  memset (&t, 0, sizeof t);
  c->id = 7;
  c->origin.method = TF_ORIGIN_GRAPH_MUTATION;
  g_string_truncate (text, 0);
  g_assert_true (tf_candidate_write_yaml (c, &config, text, &error));
  at = strstr (text->str, "graph_mutation");
  g_assert_nonnull (at);
  memcpy (at, "graph_mutatioX", 14);
  g_assert_false (tf_candidate_load_data ("bad.yaml", text->str, text->len, back, &error));
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "bad.yaml:5:13: field 'metadata.origin.method'"));
}

/* The spec's pass-through in a candidate file: a value of metadata.metrics the optimizer does
 * not compute (here ForestColl's) loads, with a notice, and the candidate writes it back. */
static void
test_pass_through (void)
{
  g_autoptr(TfCandidate) c = tf_candidate_new ();
  g_autoptr(TfCandidate) back = tf_candidate_new ();
  g_autoptr(GError) error = NULL;
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) again = g_string_new (NULL);
  g_auto(TfTopology) plain = { 0 };
  g_autofree char *notice = NULL;
  const char *at;
  guint line = 1;

  tf_test_search_config (16, "ALL", 8, 1, 1, NULL, &config);
  g_assert_true (tf_generate (&config.context, "single-switch:n_endpoint=16", NULL, NULL,
                              &c->topology, &error));
  c->id = 7;
  c->origin.method = TF_ORIGIN_GRAPH_MUTATION;
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE | TF_LAYER_COST, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (tf_candidate_write_yaml (c, &config, text, &error));
  /* metrics is metadata's last mapping, the optimizer's values its last keys. */
  at = strstr (text->str, "\nchips_per_board:");
  g_assert_nonnull (at);
  g_assert_nonnull (strstr (text->str, "    network_cost_usd: "));
  g_string_insert (text, at + 1 - text->str, "    forestcoll_us: 12.5\n");

  if (!tf_candidate_load_data ("candidate.yaml", text->str, text->len, back, &error))
    g_error ("%s\n%s", error->message, text->str);
  g_assert_cmpfloat (back->evaluation.network_cost_usd, ==, c->evaluation.network_cost_usd);
  g_assert_true (tf_candidate_write_yaml (back, &config, again, &error));
  g_assert_cmpstr (again->str, ==, text->str);

  g_assert_true (tf_topology_load_data ("candidate.yaml", text->str, text->len, NULL, &plain,
                                        &error));
  g_assert_nonnull (plain.notices);
  g_assert_cmpuint (plain.notices->len, ==, 1);
  for (const char *p = text->str; p < strstr (text->str, "    forestcoll_us:"); p++)
    line += *p == '\n';
  notice = g_strdup_printf ("candidate.yaml:%u:5: notice: metadata.metrics.forestcoll_us is not "
                            "a Topoforge field; kept as it is", line);
  g_assert_cmpstr (g_ptr_array_index (plain.notices, 0), ==, notice);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/candidate/round-trip", test_round_trip);
  g_test_add_func ("/candidate/message-sizes", test_message_sizes);
  g_test_add_func ("/candidate/bad", test_bad_candidate);
  g_test_add_func ("/candidate/pass-through", test_pass_through);
  return g_test_run ();
}
