/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search-config.c: the optimizer's search configuration (search_config.yaml).
 *
 * The two examples in data/examples/ load with the values they say; the defaults are the built-in
 * tables (which must parse, and match data/ on disk); every file in tests/bad-config/ fails with
 * exactly the message in the .expected file beside it; overrides, lists of workloads and the
 * price merge give what they should; a failed load leaves nothing behind; and damaged inputs
 * (every prefix, random byte edits) fail cleanly or load a configuration that keeps its rules.
 */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "optimizer.h"
#include "test-util.h"

#define assert_close(a, b) \
  g_assert_cmpfloat_with_epsilon ((a), (b), 1e-9 * MAX (1.0, fabs ((double) (b))))

static const char *const model_keys[] = { "gpt-3-175b", "llama-2-70b", "gpt-3-6.7b", "test-small" };

/* The rules every loaded configuration keeps, whatever the file said. */
static void
assert_config_sane (const TfSearchConfig *c)
{
  g_assert_cmpuint (c->n_chip, >=, 2);
  g_assert_cmpuint (c->n_chip, <=, 65536);
  g_assert_cmpuint (c->n_workloads, >=, 1);
  g_assert_cmpuint (c->n_workloads, <=, TF_SEARCH_MAX_WORKLOADS);
  for (guint i = 0; i < c->n_workloads; i++)
    {
      const TfWorkload *w = &c->workloads[i];

      g_assert_nonnull (w->name);
      g_assert_cmpuint ((guint64) w->tp * w->pp * w->dp, ==, c->n_chip);
      g_assert_cmpuint (w->ep, >=, 1);
      g_assert_cmpuint (w->dp % w->ep, ==, 0);
      g_assert_cmpuint (w->global_batch_size % (w->dp * w->micro_batch_size), ==, 0);
      g_assert_cmpfloat (w->weight, >, 0);
      g_assert_cmpuint (w->n_message_sizes, >=, 1);
      for (guint k = 1; k < w->n_message_sizes; k++)
        g_assert_cmpuint (w->message_sizes[k - 1], <, w->message_sizes[k]);
      g_assert_cmpuint (w->primitives, !=, 0);
      g_assert_cmpuint (w->primitives >> TF_N_PRIMITIVES, ==, 0);
      g_assert_true (isfinite (w->compute_time_us) && w->compute_time_us > 0);
      g_assert_true (w->mfu > 0 && w->mfu <= 1);
      for (guint k = 0; k < TF_N_COMMS; k++)
        g_assert_true (w->overlap[k] >= 0 && w->overlap[k] <= 1);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (c->workloads[j].name, !=, w->name);
    }
  g_assert_cmpuint (c->hardware.n_radix_options, >=, 1);
  g_assert_cmpuint (c->prices.n_switch_prices, ==, c->hardware.n_radix_options);
  for (guint i = 0; i < c->hardware.n_radix_options; i++)
    {
      g_assert_cmpuint (c->prices.switch_radix[i], ==, c->hardware.radix_options[i]);
      if (i > 0)
        g_assert_cmpuint (c->hardware.radix_options[i - 1], <, c->hardware.radix_options[i]);
    }
  g_assert_cmpfloat (c->hardware.nic_bandwidth_gbps, >, 0);
  g_assert_cmpuint (c->n_objectives, >=, 1);
  g_assert_cmpuint (c->n_objectives, <=, TF_N_OBJECTIVES);
  g_assert_true (c->family_enabled);
  g_assert_cmpuint (c->n_families, >=, 1);
  g_assert_cmpuint (c->context.n_chip, ==, c->n_chip);
  g_assert_true (tf_context_validate (&c->context, NULL));
  g_assert_cmpuint (c->population_size, >=, 4);
  g_assert_cmpuint ((guint64) c->population_size * c->generations, <=, 10000000);
  g_assert_true (c->mutation_rate >= 0 && c->mutation_rate <= 1);
  g_assert_nonnull (c->warnings);
}

static char *
source_path (const char *dir,
             const char *name)
{
  /* G_TEST_SRCDIR is tests/; the data is beside it. */
  return g_test_build_filename (G_TEST_DIST, "..", dir, name, NULL);
}

static void
load_ok (const char     *text,
         TfSearchConfig *c)
{
  g_autoptr(GError) error = NULL;

  if (!tf_search_config_load_data ("t.yaml", text, strlen (text), c, &error))
    g_error ("should load, but: %s\n%s", error->message, text);
  assert_config_sane (c);
}

static void
load_fails (const char *text,
            const char *expected)
{
  g_auto(TfSearchConfig) c = { 0 };
  g_autoptr(GError) error = NULL;

  if (tf_search_config_load_data ("t.yaml", text, strlen (text), &c, &error))
    g_error ("loaded, but should fail with: %s\n%s", expected, text);
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
  g_assert_cmpstr (error->message, ==, expected);
}

static void
test_names (void)
{
  static const char *const objectives[] = {
    "iter_time", "network_cost", "apl_fail", "apl", "diameter", "bisection_bandwidth",
    "allreduce_time", "disconnected_fraction", "apl_fail_excess", "forestcoll_allreduce",
  };
  static const char *const units[] = { "us", "USD", "hops", "hops", "hops", "GB/s", "us",
                                       "of pairs", "hops", "us" };
  static const char *const mutations[] = {
    "add_edge", "remove_edge", "rewire_switch", "split_switch", "merge_switch",
    "change_port_asymmetry", "rehome_chip", "dual_home", "tier_edit", "add_spine_plane",
    "remove_spine_plane", "change_board_topology", "change_chips_per_board",
  };
  static const char *const origins[] = {
    "family_enum", "family_sample", "generic_template", "graph_mutation", "crossover",
    "manual_seed",
  };

  g_assert_cmpuint (G_N_ELEMENTS (objectives), ==, TF_N_OBJECTIVES);
  g_assert_cmpuint (G_N_ELEMENTS (mutations), ==, TF_N_MUTATIONS);
  g_assert_cmpstr (tf_primitive_to_string (TF_PRIMITIVE_ALL_REDUCE), ==, "AllReduce");
  g_assert_cmpstr (tf_primitive_to_string (TF_PRIMITIVE_ALL_GATHER), ==, "AllGather");
  g_assert_cmpstr (tf_primitive_to_string (TF_PRIMITIVE_REDUCE_SCATTER), ==, "ReduceScatter");
  g_assert_cmpstr (tf_primitive_to_string (TF_PRIMITIVE_ALL_TO_ALL), ==, "AllToAll");
  g_assert_cmpstr (tf_comm_to_string (TF_COMM_TP), ==, "tp");
  g_assert_cmpstr (tf_comm_to_string (TF_COMM_PP), ==, "pp");
  g_assert_cmpstr (tf_comm_to_string (TF_COMM_DP), ==, "dp");
  g_assert_cmpstr (tf_comm_to_string (TF_COMM_EP), ==, "ep");

  for (guint i = 0; i < TF_N_OBJECTIVES; i++)
    {
      TfObjective o = TF_N_OBJECTIVES;

      g_assert_cmpstr (tf_objective_to_string ((TfObjective) i), ==, objectives[i]);
      g_assert_cmpstr (tf_objective_unit ((TfObjective) i), ==, units[i]);
      g_assert_true (tf_objective_from_string (objectives[i], &o));
      g_assert_cmpint (o, ==, i);
    }
  for (guint i = 0; i < TF_N_MUTATIONS; i++)
    {
      TfMutation m = TF_N_MUTATIONS;

      g_assert_cmpstr (tf_mutation_to_string ((TfMutation) i), ==, mutations[i]);
      g_assert_true (tf_mutation_from_string (mutations[i], &m));
      g_assert_cmpint (m, ==, i);
    }
  for (guint i = 0; i < G_N_ELEMENTS (origins); i++)
    {
      TfOriginMethod m = TF_ORIGIN_MANUAL_SEED + 1;

      g_assert_cmpstr (tf_origin_method_to_string ((TfOriginMethod) i), ==, origins[i]);
      g_assert_true (tf_origin_method_from_string (origins[i], &m));
      g_assert_cmpint (m, ==, i);
    }
  {
    TfObjective o = TF_OBJECTIVE_APL;
    TfMutation m = TF_MUTATION_MERGE_SWITCH;
    TfOriginMethod om = TF_ORIGIN_CROSSOVER;

    g_assert_false (tf_objective_from_string ("ITER_TIME", &o));
    g_assert_false (tf_objective_from_string ("", &o));
    g_assert_false (tf_objective_from_string (NULL, &o));
    g_assert_cmpint (o, ==, TF_OBJECTIVE_APL);
    g_assert_false (tf_mutation_from_string ("add-edge", &m));
    g_assert_cmpint (m, ==, TF_MUTATION_MERGE_SWITCH);
    g_assert_false (tf_origin_method_from_string ("family", &om));
    g_assert_cmpint (om, ==, TF_ORIGIN_CROSSOVER);
  }
}

static void
test_defaults (void)
{
  g_auto(TfSearchConfig) c = { 0 };
  TfContext ctx;

  tf_context_init (&ctx);
  tf_search_config_init (&c);
  g_assert_null (c.file);
  g_assert_cmpuint (c.n_chip, ==, 0);
  g_assert_cmpuint (c.n_workloads, ==, 0);
  /* data/prices.yaml, built in */
  g_assert_cmpuint (c.prices.n_switch_prices, ==, 3);
  g_assert_cmpuint (c.prices.switch_radix[0], ==, 32);
  g_assert_cmpuint (c.prices.switch_radix[1], ==, 64);
  g_assert_cmpuint (c.prices.switch_radix[2], ==, 128);
  assert_close (c.prices.switch_price[0], 25000);
  assert_close (c.prices.switch_price[1], 45000);
  assert_close (c.prices.switch_price[2], 85000);
  assert_close (c.prices.port_gbps, 50);
  assert_close (c.prices.nic_port, 1800);
  assert_close (c.prices.pcb_link, 250);
  assert_close (c.prices.copper_link, 120);
  assert_close (c.prices.optical_link_fixed, 1500);
  assert_close (c.prices.optical_link_per_m, 1.5);
  assert_close (c.floor.rack_pitch_m, 0.6);
  assert_close (c.floor.row_pitch_m, 2.4);
  assert_close (c.floor.vertical_run_m, 2.0);
  assert_close (c.floor.in_rack_m, 2.0);
  assert_close (c.floor.max_copper_m, 3.0);
  /* the spec's hardware constraints */
  /* A NIC port of 400 Gb/s; the generic chip's chip-to-chip bandwidth in all (the spec's
   * Tier 6, ~900 GB/s). */
  assert_close (c.hardware.nic_bandwidth_gbps, 50);
  assert_close (c.hardware.c2c_bandwidth_gbps, 900);
  assert_close (c.hardware.c2c_bandwidth_gbps, ctx.chip.scale_up_gbps);
  g_assert_cmpuint (c.hardware.n_radix_options, ==, 3);
  g_assert_cmpuint (c.hardware.radix_options[2], ==, 128);
  assert_close (c.hardware.link_latency_us, 1.0);
  assert_close (c.hardware.max_optical_cable_length_m, 50);
  assert_close (c.hardware.budget_usd, 0);
  g_assert_cmpuint (c.n_objectives, ==, 3);
  g_assert_cmpint (c.objectives[0], ==, TF_OBJECTIVE_ITER_TIME);
  g_assert_cmpint (c.objectives[1], ==, TF_OBJECTIVE_NETWORK_COST);
  /* The spec's apl_fail summed over the failures: the mean can be gamed (docs/spec-notes.md). */
  g_assert_cmpint (c.objectives[2], ==, TF_OBJECTIVE_APL_FAIL_EXCESS);
  g_assert_true (c.family_enabled);
  g_assert_cmpuint (c.n_families, ==, tf_families_get_count ());
  g_assert_cmpuint (c.n_families, ==, 11);
  for (guint i = 0; i < c.n_families; i++)
    g_assert_true (c.families[i] == tf_families_get (i));
  g_assert_cmpint (c.context.scope, ==, TF_SCOPE_INTER_RACK);
  g_assert_cmpuint (c.context.chips_per_board_max, ==, ctx.chips_per_board_max);
  /* The hardware sets the chip's budgets, not per-link figures: every link's bandwidth comes
   * from them and the ports. */
  assert_close (c.context.chip.scale_up_gbps, 900);
  assert_close (c.context.chip.nic_gbps, 50);
  g_assert_cmpuint (c.context.chip.scale_up_ports, ==, 0);
  assert_close (c.context.switch_defaults.port_gbps, 0);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      g_assert_true (isnan (c.context.defaults[t].bandwidth_gbps));
      for (guint r = 0; r < TF_N_REACHES; r++)
        g_assert_true (isnan (c.context.by_reach[t][r].bandwidth_gbps));
      assert_close (c.context.defaults[t].latency_ns, 1000);
    }
  /* So a chip of 7 chip-to-chip links (an 8-chip full-mesh board) gives each 900 / 7 GB/s,
   * on its board or off it, and a link to a switch runs at the NIC's 50. */
  assert_close (tf_context_c2c_gbps (&c.context, TF_REACH_BOARD, 7), 900.0 / 7);
  assert_close (tf_context_c2c_gbps (&c.context, TF_REACH_RACK, 7), 900.0 / 7);
  for (guint t = TF_LINK_B2B; t < TF_N_LINK_TYPES; t++)
    {
      assert_close (tf_context_port_gbps (&c.context, t, TRUE), 50);
      assert_close (tf_context_port_gbps (&c.context, t, FALSE), 50);
    }
  g_assert_true (c.mutator_enabled);
  /* The local edits only: the structural moves are asked for by name. */
  g_assert_cmpuint (c.operators, ==, TF_MUTATIONS_DEFAULT);
  g_assert_false (c.operators & (1u << TF_MUTATION_TIER_EDIT));
  g_assert_cmpuint (c.edits_per_child, ==, 1);
  assert_close (c.mutation_rate, 0.8);
  g_assert_cmpint (c.algorithm, ==, TF_SEARCH_NSGA2);
  g_assert_cmpuint (c.population_size, ==, 200);
  g_assert_cmpuint (c.generations, ==, 100);
  g_assert_cmpuint (c.threads, ==, 0);
  g_assert_cmpuint (c.seed, ==, 1);
  g_assert_cmpint (c.stage_2, ==, TF_STAGE_2_NONE);
  assert_close (c.pareto_threshold, 0.05);
  g_assert_nonnull (c.warnings);
  g_assert_cmpuint (c.warnings->len, ==, 0);

  /* Clearing twice is harmless: a cleared config is all zeros. */
  tf_search_config_clear (&c);
  g_assert_null (c.warnings);
  tf_search_config_clear (&c);
}

/* data/prices.yaml as a cost: block must give the built-in values: the built-in copy is the file
 * on disk, and the override path reads every key. */
static void
test_builtin_matches_data (void)
{
  g_autofree char *path = source_path ("data", "prices.yaml");
  g_autofree char *prices = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) text = g_string_new ("n_chip: 64\n"
                                          "workload: {model: test-small, "
                                          "parallelism: {tp: 4, pp: 2, dp: 8}}\n"
                                          "cost:\n");
  g_auto(TfSearchConfig) loaded = { 0 };
  g_auto(TfSearchConfig) defaults = { 0 };

  g_assert_true (g_file_get_contents (path, &prices, NULL, NULL));
  lines = g_strsplit (prices, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    g_string_append_printf (text, "  %s\n", lines[i]);
  load_ok (text->str, &loaded);
  tf_search_config_init (&defaults);
  g_assert_cmpmem (&loaded.prices, sizeof loaded.prices, &defaults.prices,
                   sizeof defaults.prices);
  g_assert_cmpmem (&loaded.floor, sizeof loaded.floor, &defaults.floor, sizeof defaults.floor);
}

static double
expected_compute_us (double parameters,
                     double batch,
                     double sequence,
                     double n_chip,
                     double peak,
                     double mfu)
{
  return 6 * parameters * batch * sequence / (n_chip * peak * 1e12 * mfu) * 1e6;
}

static void
test_example_1024 (void)
{
  g_autofree char *dir = source_path ("data", "examples");
  g_autofree char *cwd = g_get_current_dir ();
  g_auto(TfSearchConfig) c = { 0 };
  g_autoptr(GError) error = NULL;
  const TfWorkload *w;
  static const guint64 sizes[] = { 1048576, 16777216, 268435456, 1073741824 };

  /* By its base name, so the warning reads as below. */
  g_assert_cmpint (g_chdir (dir), ==, 0);
  g_assert_true (tf_search_config_load_file ("search-1024.yaml", &c, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  assert_config_sane (&c);

  g_assert_cmpstr (c.file, ==, "search-1024.yaml");
  g_assert_cmpuint (c.n_chip, ==, 1024);
  g_assert_cmpuint (c.n_workloads, ==, 1);
  w = &c.workloads[0];
  g_assert_cmpstr (w->name, ==, "gpt-3-175b");
  g_assert_cmpstr (w->model, ==, "gpt-3-175b");
  assert_close (w->weight, 1);
  g_assert_cmpuint (w->tp, ==, 8);
  g_assert_cmpuint (w->pp, ==, 8);
  g_assert_cmpuint (w->dp, ==, 16);
  g_assert_cmpuint (w->ep, ==, 1);
  g_assert_cmpuint (w->n_message_sizes, ==, 4);
  g_assert_cmpmem (w->message_sizes, sizeof sizes, sizes, sizeof sizes);
  g_assert_cmpuint (w->primitives, ==,
                    (1u << TF_PRIMITIVE_ALL_REDUCE) | (1u << TF_PRIMITIVE_ALL_TO_ALL));
  assert_close (w->parameters, 175e9);
  g_assert_cmpuint (w->layers, ==, 96);
  g_assert_cmpuint (w->hidden_size, ==, 12288);
  g_assert_cmpuint (w->sequence_length, ==, 2048);
  g_assert_cmpuint (w->global_batch_size, ==, 1536);
  g_assert_cmpuint (w->micro_batch_size, ==, 1);
  g_assert_cmpuint (w->bytes_per_value, ==, 2);
  assert_close (w->chip_peak_tflops, 989);
  assert_close (w->mfu, 0.45);
  assert_close (w->compute_time_us, expected_compute_us (175e9, 1536, 2048, 1024, 989, 0.45));
  /* About 7.2 s of pure compute per iteration. */
  g_assert_cmpfloat (w->compute_time_us, >, 7.2e6);
  g_assert_cmpfloat (w->compute_time_us, <, 7.3e6);
  assert_close (w->overlap[TF_COMM_TP], 1.0);
  assert_close (w->overlap[TF_COMM_PP], 1.0);
  assert_close (w->overlap[TF_COMM_DP], 0.3);
  assert_close (w->overlap[TF_COMM_EP], 1.0);

  assert_close (c.hardware.nic_bandwidth_gbps, 50);
  g_assert_cmpuint (c.hardware.n_radix_options, ==, 3);
  g_assert_cmpuint (c.hardware.radix_options[0], ==, 32);
  g_assert_cmpuint (c.hardware.radix_options[1], ==, 64);
  g_assert_cmpuint (c.hardware.radix_options[2], ==, 128);
  assert_close (c.hardware.link_latency_us, 1.0);
  assert_close (c.hardware.max_optical_cable_length_m, 50);
  assert_close (c.prices.switch_price[1], 45000);

  g_assert_cmpuint (c.n_objectives, ==, 3);
  g_assert_cmpint (c.objectives[0], ==, TF_OBJECTIVE_ITER_TIME);
  g_assert_cmpint (c.objectives[1], ==, TF_OBJECTIVE_NETWORK_COST);
  g_assert_cmpint (c.objectives[2], ==, TF_OBJECTIVE_APL_FAIL_EXCESS);

  g_assert_cmpuint (c.n_families, ==, 3);
  g_assert_cmpstr (tf_family_get_name (c.families[0]), ==, "fat-tree");
  g_assert_cmpstr (tf_family_get_name (c.families[1]), ==, "dragonfly");
  g_assert_cmpstr (tf_family_get_name (c.families[2]), ==, "torus");
  g_assert_true (c.mutator_enabled);
  /* All but dual_home, which needs two NIC ports a chip. */
  g_assert_cmpuint (c.operators, ==, TF_MUTATIONS_DEFAULT & ~(1u << TF_MUTATION_DUAL_HOME));
  g_assert_true (c.operators & (1u << TF_MUTATION_CHANGE_PORT_ASYMMETRY));

  g_assert_cmpint (c.algorithm, ==, TF_SEARCH_NSGA2);
  g_assert_cmpuint (c.population_size, ==, 200);
  g_assert_cmpuint (c.generations, ==, 100);
  g_assert_cmpuint (c.threads, ==, 32);
  assert_close (c.pareto_threshold, 0.05);

  g_assert_cmpuint (c.context.n_chip, ==, 1024);
  g_assert_cmpint (c.context.scope, ==, TF_SCOPE_INTER_RACK);
  /* No per-link figure: an R2R link runs at the 50 GB/s NIC (and switch) port, the chip
   * shares the generic 900 GB/s over its chip-to-chip links. */
  g_assert_true (isnan (c.context.defaults[TF_LINK_R2R].bandwidth_gbps));
  assert_close (c.context.chip.nic_gbps, 50);
  assert_close (c.context.chip.scale_up_gbps, 900);
  assert_close (tf_context_port_gbps (&c.context, TF_LINK_R2R, TRUE), 50);
  assert_close (tf_context_port_gbps (&c.context, TF_LINK_R2R, FALSE), 50);
  assert_close (c.context.defaults[TF_LINK_P2P].latency_ns, 1000);

  /* The spec's g5_simulation is SimGrid's Stage 2 (tests/spec-examples); the example leaves it
   * off, so the figures the docs quote for it are the search's. */
  g_assert_cmpint (c.stage_2, ==, TF_STAGE_2_NONE);
  g_assert_cmpuint (c.warnings->len, ==, 0);
}

/* The 16,384-GPU example: GPT-3 175B with the batch doubled, every generator on, no warning. */
static void
test_example_16k (void)
{
  g_autofree char *path = source_path ("data/examples", "search-16k.yaml");
  g_auto(TfSearchConfig) c = { 0 };
  g_autoptr(GError) error = NULL;
  const TfWorkload *w;

  g_assert_true (tf_search_config_load_file (path, &c, &error));
  g_assert_no_error (error);
  assert_config_sane (&c);
  g_assert_cmpuint (c.n_chip, ==, 16384);
  w = &c.workloads[0];
  g_assert_cmpstr (w->model, ==, "gpt-3-175b");
  g_assert_cmpuint (w->tp, ==, 8);
  g_assert_cmpuint (w->pp, ==, 8);
  g_assert_cmpuint (w->dp, ==, 256);
  g_assert_cmpuint (w->global_batch_size, ==, 3072);
  /* 12 micro-batches per replica */
  g_assert_cmpuint (w->global_batch_size % (w->dp * w->micro_batch_size), ==, 0);
  assert_close (w->compute_time_us, expected_compute_us (175e9, 3072, 2048, 16384, 989, 0.45));
  g_assert_true (c.family_enabled && c.template_enabled && c.mutator_enabled
                 && c.crossover_enabled);
  g_assert_cmpuint (c.population_size, ==, 100);
  g_assert_cmpuint (c.generations, ==, 50);
  g_assert_true (c.warnings == NULL || c.warnings->len == 0);
}

static void
test_example_small (void)
{
  g_autofree char *path = source_path ("data/examples", "search-small.yaml");
  g_auto(TfSearchConfig) c = { 0 };
  g_autoptr(GError) error = NULL;
  const TfWorkload *w;

  g_assert_true (tf_search_config_load_file (path, &c, &error));
  g_assert_no_error (error);
  assert_config_sane (&c);
  g_assert_cmpuint (c.n_chip, ==, 64);
  w = &c.workloads[0];
  g_assert_cmpstr (w->model, ==, "test-small");
  g_assert_cmpuint ((guint64) w->tp * w->pp * w->dp, ==, 64);
  assert_close (w->compute_time_us,
                expected_compute_us (w->parameters, w->global_batch_size, w->sequence_length,
                                     64, w->chip_peak_tflops, w->mfu));
  g_assert_cmpuint (c.population_size, ==, 24);
  g_assert_cmpuint (c.generations, ==, 10);
  g_assert_cmpuint (c.seed, ==, 1);
  g_assert_cmpint (c.stage_2, ==, TF_STAGE_2_NONE);
  g_assert_cmpuint (c.warnings->len, ==, 0);
  g_assert_cmpuint (c.hardware.n_radix_options, ==, 2);
}

static void
test_bad_files (void)
{
  g_autofree char *cwd = NULL;
  g_autoptr(GPtrArray) files = tf_test_bad_files ("bad-config", 60, &cwd);

  for (guint i = 0; i < files->len; i += 2)
    {
      const char *file = g_ptr_array_index (files, i);
      const char *expected = g_ptr_array_index (files, i + 1);
      g_auto(TfSearchConfig) c = { 0 };
      g_autoptr(GError) error = NULL;

      if (tf_search_config_load_file (file, &c, &error))
        g_error ("%s loaded, but should fail with: %s", file, expected);
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
      if (strcmp (error->message, expected) != 0)
        g_error ("%s:\n  expected: %s\n  got:      %s", file, expected, error->message);
      /* A failed load leaves nothing behind. */
      g_assert_cmpuint (c.n_chip, ==, 0);
      g_assert_null (c.file);
      g_assert_null (c.warnings);
      g_assert_null (c.workloads[0].name);
    }
  g_assert_cmpint (g_chdir (cwd), ==, 0);
}

static void
test_overrides (void)
{
  g_autofree char *text = tf_test_config_text ("overrides.yaml");
  g_auto(TfSearchConfig) c = { 0 };
  const TfWorkload *a, *b;

  load_ok (text, &c);
  g_assert_cmpuint (c.n_workloads, ==, 2);
  a = &c.workloads[0];
  b = &c.workloads[1];
  g_assert_cmpstr (a->name, ==, "pretrain");
  g_assert_cmpstr (a->model, ==, "gpt-3-6.7b");
  assert_close (a->weight, 3);
  g_assert_cmpuint (a->ep, ==, 4);
  g_assert_cmpuint (a->n_message_sizes, ==, 3);
  g_assert_cmpuint (a->message_sizes[0], ==, 1024);      /* ascending */
  g_assert_cmpuint (a->message_sizes[1], ==, 1048576);
  g_assert_cmpuint (a->message_sizes[2], ==, 268435456);
  g_assert_cmpuint (a->primitives, ==, (1u << TF_PRIMITIVE_ALL_TO_ALL)
                    | (1u << TF_PRIMITIVE_ALL_GATHER) | (1u << TF_PRIMITIVE_REDUCE_SCATTER));
  g_assert_cmpuint (a->layers, ==, 40);                  /* overridden */
  g_assert_cmpuint (a->hidden_size, ==, 4096);           /* from the preset */
  assert_close (a->parameters, 6.7e9);
  assert_close (a->mfu, 0.5);
  assert_close (a->compute_time_us, expected_compute_us (6.7e9, 1024, 2048, 256, 989, 0.5));
  assert_close (a->overlap[TF_COMM_TP], 1.0);
  assert_close (a->overlap[TF_COMM_PP], 1.0);
  assert_close (a->overlap[TF_COMM_DP], 0.1);
  assert_close (a->overlap[TF_COMM_EP], 0.5);

  g_assert_cmpstr (b->name, ==, "custom");
  g_assert_null (b->model);
  assert_close (b->weight, 1);
  g_assert_cmpuint (b->dp, ==, 256);
  g_assert_cmpuint (b->ep, ==, 1);
  g_assert_cmpuint (b->n_message_sizes, ==, 4);          /* the spec's four */
  g_assert_cmpuint (b->message_sizes[3], ==, G_GUINT64_CONSTANT (1) << 30);
  g_assert_cmpuint (b->primitives, ==, 1u << TF_PRIMITIVE_ALL_REDUCE);
  g_assert_cmpuint (b->bytes_per_value, ==, 4);
  assert_close (b->compute_time_us, 12345.5);            /* given, not derived */

  assert_close (c.hardware.nic_bandwidth_gbps, 25);
  assert_close (c.hardware.c2c_bandwidth_gbps, 450);
  assert_close (c.hardware.budget_usd, 2e6);
  g_assert_cmpuint (c.hardware.n_radix_options, ==, 3);
  g_assert_cmpuint (c.hardware.radix_options[0], ==, 48);
  g_assert_cmpuint (c.hardware.radix_options[1], ==, 64);
  g_assert_cmpuint (c.hardware.radix_options[2], ==, 128);
  assert_close (c.prices.switch_price[0], 30000);        /* added */
  assert_close (c.prices.switch_price[1], 40000);        /* overridden */
  assert_close (c.prices.switch_price[2], 85000);        /* built in */
  assert_close (c.prices.nic_port, 900);
  assert_close (c.prices.copper_link, 120);
  assert_close (c.floor.row_pitch_m, 3);
  assert_close (c.floor.rack_pitch_m, 0.6);
  assert_close (c.floor.max_copper_m, 0);

  g_assert_cmpuint (c.n_objectives, ==, 4);
  g_assert_cmpint (c.objectives[0], ==, TF_OBJECTIVE_BISECTION);
  g_assert_cmpint (c.objectives[3], ==, TF_OBJECTIVE_ALL_REDUCE_TIME);
  g_assert_cmpuint (c.n_families, ==, 11);
  g_assert_cmpint (c.context.scope, ==, TF_SCOPE_INTRA_RACK);
  g_assert_cmpuint (c.context.chips_per_board_max, ==, 8);
  g_assert_cmpuint (c.context.chip_radix, ==, 2);
  g_assert_cmpint (c.context.intra_board_topo, ==, TF_INTRA_BOARD_RING);
  g_assert_cmpuint (c.intra_board_topos, ==, 1u << TF_INTRA_BOARD_RING);   /* one name */
  /* The chip's budgets: 450 GB/s chip to chip in all (shared evenly, no port count given),
   * NIC ports of 25. No per-link figure is set. */
  assert_close (c.context.chip.scale_up_gbps, 450);
  g_assert_cmpuint (c.context.chip.scale_up_ports, ==, 0);
  assert_close (c.context.chip.nic_gbps, 25);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    g_assert_true (isnan (c.context.defaults[t].bandwidth_gbps));
  /* A chip of a ring board drives 2 board links: 450 / 2 = 225 GB/s each. A chip-to-chip
   * cable between boards shares the same budget (not the NIC's speed): with 2 links, 225 at
   * any reach too; with 3, 150. */
  for (TfReach r = TF_REACH_BOARD; r < TF_N_REACHES; r++)
    {
      assert_close (tf_context_c2c_gbps (&c.context, r, 2), 225);
      assert_close (tf_context_c2c_gbps (&c.context, r, 3), 150);
    }
  /* A B2B link from a chip runs at its 25 GB/s NIC port, the switch ports matching it. */
  assert_close (tf_context_port_gbps (&c.context, TF_LINK_B2B, TRUE), 25);
  assert_close (tf_context_port_gbps (&c.context, TF_LINK_B2B, FALSE), 25);
  assert_close (c.context.defaults[TF_LINK_C2C].latency_ns, 500);
  g_assert_false (c.mutator_enabled);
  g_assert_cmpuint (c.operators, ==, (1u << TF_MUTATION_MERGE_SWITCH)
                                     | (1u << TF_MUTATION_TIER_EDIT));
  g_assert_cmpuint (c.edits_per_child, ==, 4);
  assert_close (c.mutation_rate, 0);
  g_assert_cmpint (c.algorithm, ==, TF_SEARCH_RANDOM);
  g_assert_cmpuint (c.seed, ==, G_MAXUINT64);
  assert_close (c.pareto_threshold, 1);
  g_assert_cmpint (c.stage_2, ==, TF_STAGE_2_NONE);
}

/* Every preset loads and derives its compute time by the formula, on 1024 chips. */
static void
test_presets (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (model_keys); i++)
    {
      g_auto(TfSearchConfig) c = { 0 };
      g_autofree char *text = g_strdup_printf ("n_chip: 1024\nworkload:\n  model: %s\n"
                                               "  parallelism: {tp: 8, pp: 8, dp: 16}\n",
                                               model_keys[i]);
      const TfWorkload *w;

      load_ok (text, &c);
      w = &c.workloads[0];
      g_assert_cmpstr (w->name, ==, model_keys[i]);
      g_assert_cmpfloat (w->parameters, >, 1e8);
      g_assert_cmpuint (w->layers, >=, 12);
      g_assert_cmpuint (w->bytes_per_value, ==, 2);
      assert_close (w->compute_time_us,
                    expected_compute_us (w->parameters, w->global_batch_size, w->sequence_length,
                                         1024, w->chip_peak_tflops, w->mfu));
    }
  /* test-small is meant for 64 chips. */
  {
    g_auto(TfSearchConfig) c = { 0 };

    load_ok ("n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n",
             &c);
    g_assert_cmpfloat (c.workloads[0].compute_time_us, <, 1e6);
  }
}

/* hardware_constraints.chip: a published part fills the chip's figures the file leaves out,
 * the keys beside it change one figure each, and the context gets them all with the rack's
 * budget (docs/spec-notes.md, "Budgets" and "Rack power"). */
static void
test_chip (void)
{
  const char *head = "n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, "
                     "dp: 8}}\n";
  g_autofree char *h100 = g_strdup_printf ("%shardware_constraints: {chip: h100, "
                                           "chip_power_w: 650, rack_power_kw: 132}\n", head);
  const TfChipPreset *preset = tf_chip_preset_lookup ("h100");

  {
    g_auto(TfSearchConfig) c = { 0 };

    load_ok (head, &c);
    g_assert_null (c.hardware.chip);
    assert_close (c.hardware.chip_power_w, 1000);       /* the generic chip */
    assert_close (c.hardware.host_power_w, 600);
    assert_close (c.hardware.rack_power_kw, 40);        /* air */
    assert_close (c.context.rack.power_kw, 40);
  }
  {
    g_auto(TfSearchConfig) c = { 0 };

    load_ok (h100, &c);
    g_assert_true (c.hardware.chip == preset);
    assert_close (c.hardware.c2c_bandwidth_gbps, 450);  /* the part's NVLink, each way */
    assert_close (c.hardware.nic_bandwidth_gbps, 50);
    assert_close (c.hardware.chip_power_w, 650);        /* given beside it */
    assert_close (c.hardware.host_power_w, 575);
    assert_close (c.context.chip.scale_up_gbps, 450);
    g_assert_cmpuint (c.context.chip.scale_up_ports, ==, 18);
    assert_close (c.context.chip.power_w, 650);
    assert_close (c.context.chip.host_w, 575);
    assert_close (c.context.rack.power_kw, 132);
  }
}

/* Errors that need a string the bad-config files cannot show plainly. */
/* generators.family.intra_board_topo: all four by default, one name or a list;
 * chips_per_board: every value by default, or a list within chips_per_board_max. */
static void
test_boards (void)
{
  const char *head = "n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, "
                     "dp: 8}}\n";
  g_autofree char *none = g_strdup_printf ("%s", head);
  g_autofree char *list = g_strdup_printf ("%sgenerators: {family: {intra_board_topo: "
                                           "[full-mesh, none], chips_per_board: [8, 1, 4]}}\n",
                                           head);
  g_autofree char *twice = g_strdup_printf ("%sgenerators: {family: {chips_per_board: [2, 2]}}\n",
                                            head);
  g_autofree char *big = g_strdup_printf ("%sgenerators: {family: {chips_per_board: [32], "
                                          "chips_per_board_max: 16}}\n", head);
  g_autofree char *bad = g_strdup_printf ("%sgenerators: {family: {intra_board_topo: [mesh]}}\n",
                                          head);

  {
    g_auto(TfSearchConfig) c = { 0 };

    load_ok (none, &c);
    g_assert_cmpuint (c.intra_board_topos, ==, 0xf);  /* switch only when named */
    g_assert_cmpuint (c.n_chips_per_board, ==, 0);
  }
  {
    g_auto(TfSearchConfig) c = { 0 };

    load_ok (list, &c);
    g_assert_cmpuint (c.intra_board_topos, ==, (1u << TF_INTRA_BOARD_FULL_MESH)
                                               | (1u << TF_INTRA_BOARD_NONE));
    g_assert_cmpint (c.context.intra_board_topo, ==, TF_INTRA_BOARD_FULL_MESH);
    g_assert_cmpuint (c.n_chips_per_board, ==, 3);
    g_assert_cmpuint (c.chips_per_board[0], ==, 1);
    g_assert_cmpuint (c.chips_per_board[1], ==, 4);
    g_assert_cmpuint (c.chips_per_board[2], ==, 8);
  }
  load_fails (twice, "t.yaml:3:44: field 'generators.family.chips_per_board[1]': 2 is listed "
              "twice");
  load_fails (big, "t.yaml:3:40: field 'generators.family.chips_per_board': 32 is more than "
              "chips_per_board_max = 16");
  load_fails (bad, "t.yaml:3:42: field 'generators.family.intra_board_topo[0]': 'mesh' is not "
              "an intra-board topology; they are none, full-mesh, ring, torus or switch");
}

static void
test_more_errors (void)
{
  const char *head = "n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, "
                     "dp: 8}}\n";
  g_autofree char *big_ep = g_strdup_printf ("%sgenerators: {family: {chips_per_board_max: "
                                             "70000}}\n", head);
  g_autofree char *quoted = g_strdup_printf ("%sgenerators: {family: {enabled: 'true'}}\n", head);
  g_autofree char *nul = NULL;

  load_fails (big_ep, "t.yaml:3:44: field 'generators.family.chips_per_board_max': 70000 is "
              "out of range: must be from 1 to 65536");
  load_fails (quoted, "t.yaml:3:32: field 'generators.family.enabled': must be true or false, "
              "not a quoted string");
  load_fails ("n_chip: !custom 64\n", "t.yaml:1:9: field 'n_chip': tag '!custom' is not "
              "allowed");
  load_fails ("n_chip: 64\nworkloads:\n"
              "  - {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "  - {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}, global_batch_size: 12}\n",
              "t.yaml:4:5: field 'workloads[1]': workloads[0] is also named 'test-small'; names "
              "must differ (give each a name:)");
  load_fails ("n_chip: 64\nworkloads:\n"
              "  - {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "  - {name: b, model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}, "
              "global_batch_size: 12}\n",
              "t.yaml:4:47: field 'workloads[1].parallelism': global_batch_size 12 is not a "
              "multiple of dp * micro_batch_size = 8 * 1");
  load_fails ("n_chip: 64\nworkload: {name: x, parallelism: {tp: 4, pp: 2, dp: 8}, "
              "parameters: 1e300, layers: 1, hidden_size: 1, sequence_length: 16777216, "
              "global_batch_size: 16777216, micro_batch_size: 1, bytes_per_value: 2, "
              "chip_peak_tflops: 1e-6, mfu: 1e-9}\n",
              "t.yaml:2:69: field 'workload.parameters': 1e300 is out of range: must be greater "
              "than 0 and at most 1e+15");
  load_fails ("n_chip: 64\nworkload: {name: x, parallelism: {tp: 4, pp: 2, dp: 8}, "
              "parameters: 1e15, layers: 1, hidden_size: 1, sequence_length: 16777216, "
              "global_batch_size: 16777216, micro_batch_size: 1, bytes_per_value: 2, "
              "chip_peak_tflops: 1e-6, mfu: 1e-9}\n",
              "t.yaml:2:11: field 'workload': the compute time derived from the model is "
              "2.63883e+37 us, out of range (above 0, at most 1e15 us); give compute_time_us or "
              "check the model");
  load_fails ("n_chip: 64\nworkload: {parallelism: {tp: 4, pp: 2, dp: 8}, "
              "parameters: 1e9, layers: 1, hidden_size: 1, sequence_length: 16, "
              "global_batch_size: 16, micro_batch_size: 1, bytes_per_value: 2, "
              "chip_peak_tflops: 1, mfu: 1}\n",
              "t.yaml:2:11: field 'workload': name is required when there is no model preset");
  load_fails ("n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "search: {reference_point: {speed: 3}}\n",
              "t.yaml:3:28: field 'search.reference_point.speed': 'speed' is not an objective; "
              "objectives are iter_time, network_cost, apl_fail, apl, diameter, "
              "bisection_bandwidth, allreduce_time, disconnected_fraction, apl_fail_excess or "
              "forestcoll_allreduce");
  load_fails ("n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "search: {reference_point: {apl_fail_excess: 0}}\n",
              "t.yaml:3:45: field 'search.reference_point.apl_fail_excess': 0 hops is not worse "
              "than the best any network can do, 0 hops");
  /* Every price 0: the derived reference point is named where the file names its objective,
   * and what it derives from (issue 34), not a key the file does not have. */
  load_fails ("n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "objectives: [iter_time, network_cost]\n"
              "cost: {prices: {switch: {32: 0, 64: 0, 128: 0}, nic_port: 0, pcb_link: 0, "
              "copper_link: 0, optical_link_fixed: 0, optical_link_per_m: 0, "
              "scale_up_switch: 0}}\n",
              "t.yaml:3:13: field 'objectives[1]': network_cost's reference point, derived from "
              "hardware_constraints.budget_usd or from the prices (a fat-tree's cost per chip, "
              "which prices of 0 make 0), is 0 USD, not worse than the best any network can do, "
              "0 USD: give search.reference_point.network_cost");
  load_fails ("n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "hardware_constraints: {nic_ports_per_chip: 8, off_board_ports_per_chip: 4}\n",
              "t.yaml:1:1: field 'hardware_constraints.nic_ports_per_chip': 8 NIC ports do not "
              "fit in 4 off-board ports per chip (off_board_ports_per_chip)");
  load_fails ("n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "evaluator: {failures: routers}\n",
              "t.yaml:3:23: field 'evaluator.failures': 'routers' must be switches or "
              "switches_and_links");
  load_fails ("n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "cost: {prices: {switch: {}}}\n",
              "t.yaml:3:25: field 'cost.prices.switch': names no switch price");
  load_fails ("n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
              "cost: {prices: {switch: {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, "
              "10: 1}}}\n",
              "t.yaml:3:74: field 'cost.prices.switch.10': more than 8 switch prices");
  /* A NUL byte is not text. */
  nul = g_strdup ("n_chip: 64\n");
  nul[3] = '\0';
  {
    g_auto(TfSearchConfig) c = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_false (tf_search_config_load_data ("t.yaml", nul, 11, &c, &error));
    g_assert_cmpstr (error->message, ==, "t.yaml:1:4: field '(document)': a NUL byte; a YAML "
                     "file is text");
  }
}

static char *
write_temp (const char *name,
            const char *contents)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-search-config-XXXXXX", NULL);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

static void
test_not_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-search-config-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.yaml", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.yaml", NULL);
  g_autofree char *big = g_build_filename (dir, "big.yaml", NULL);
  const struct { const char *path; const char *tail; gint code; } cases[] = {
    { dir, ":1:1: field '(file)': not a regular file (a directory)", TF_ERROR_INVALID_FILE },
    { fifo, ":1:1: field '(file)': not a regular file (a FIFO)", TF_ERROR_INVALID_FILE },
    { "/dev/zero", ":1:1: field '(file)': not a regular file (a character device)",
      TF_ERROR_INVALID_FILE },
    { missing, ":1:1: field '(file)': cannot open: No such file or directory", TF_ERROR_IO },
    { big, ":1:1: field '(file)': 1048577 bytes; the limit is 1048576 for a search "
      "configuration", TF_ERROR_INVALID_FILE },
  };
  int fd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  fd = g_open (big, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (1 << 20) + 1), ==, 0);
  close (fd);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(TfSearchConfig) c = { 0 };
      g_autoptr(GError) error = NULL;

      g_assert_false (tf_search_config_load_file (cases[i].path, &c, &error));
      g_assert_error (error, TF_ERROR, cases[i].code);
      if (!g_str_has_prefix (error->message, cases[i].path)
          || !g_str_has_suffix (error->message, cases[i].tail))
        g_error ("%s: expected '...%s', got '%s'", cases[i].path, cases[i].tail,
                 error->message);
      g_assert_null (c.warnings);
    }
  g_unlink (fifo);
  g_unlink (big);
  g_rmdir (dir);

  /* Exactly at the limit is read (and fails on its content, not its size). */
  {
    g_autoptr(GString) text = g_string_new ("n_chip: 64\n");
    g_autofree char *path = NULL;
    g_autofree char *parent = NULL;
    g_auto(TfSearchConfig) c = { 0 };
    g_autoptr(GError) error = NULL;

    while (text->len < (1 << 20) - 1)
      g_string_append_c (text, '#');
    g_string_append_c (text, '\n');
    g_assert_cmpuint (text->len, ==, 1 << 20);
    path = write_temp ("limit.yaml", text->str);
    g_assert_false (tf_search_config_load_file (path, &c, &error));
    g_assert_true (g_str_has_suffix (error->message, ":1:1: field '(document)': a workload is "
                                     "required (workload: or workloads:)"));
    parent = g_path_get_dirname (path);
    g_unlink (path);
    g_rmdir (parent);
  }
}

/* Whatever the damage, a load fails with one line in TF_ERROR or gives a sane configuration. */
static void
check_damaged (const char *data,
               gsize       length)
{
  TfSearchConfig c;
  GError *error = NULL;

  if (tf_search_config_load_data ("d.yaml", data, length, &c, &error))
    {
      assert_config_sane (&c);
      tf_search_config_clear (&c);
      return;
    }
  g_assert_nonnull (error);
  g_assert_true (error->domain == TF_ERROR);
  g_assert_true (g_str_has_prefix (error->message, "d.yaml:"));
  g_assert_null (c.warnings);
  g_error_free (error);
}

static void
test_damaged (void)
{
  static const char *const examples[] = { "search-1024.yaml", "search-small.yaml" };
  static const char bytes[] = " \n:-[]{},#'\"&*!|>0123456789aZ\t.\xff";
  g_autoptr(GRand) rng = g_rand_new_with_seed (20261130);
  guint loaded = 0;

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    {
      g_autofree char *path = source_path ("data/examples", examples[e]);
      g_autofree char *text = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (path, &text, &length, NULL));
      /* Every prefix */
      for (gsize n = 0; n <= length; n++)
        check_damaged (text, n);
      /* Random edits: replace, insert or delete a byte, a few times over. */
      for (guint round = 0; round < 1500; round++)
        {
          g_autoptr(GString) copy = g_string_new_len (text, (gssize) length);
          guint edits = g_rand_int_range (rng, 1, 4);
          TfSearchConfig c;

          for (guint k = 0; k < edits && copy->len > 0; k++)
            {
              gsize at = g_rand_int_range (rng, 0, (gint32) copy->len);
              char b = bytes[g_rand_int_range (rng, 0, sizeof bytes - 1)];

              switch (g_rand_int_range (rng, 0, 3))
                {
                case 0: copy->str[at] = b; break;
                case 1: g_string_insert_c (copy, (gssize) at, b); break;
                default: g_string_erase (copy, (gssize) at, 1); break;
                }
            }
          check_damaged (copy->str, copy->len);
          if (tf_search_config_load_data ("d.yaml", copy->str, copy->len, &c, NULL))
            {
              loaded++;
              tf_search_config_clear (&c);
            }
        }
    }
  /* Some edits land in comments: the check above saw loads as well as failures. */
  g_test_message ("%u damaged inputs loaded", loaded);
  g_assert_cmpuint (loaded, >, 0);
}

/* Two threads load at once: no shared state. */
static gpointer
load_in_thread (gpointer data)
{
  for (guint i = 0; i < 50; i++)
    {
      g_auto(TfSearchConfig) c = { 0 };

      if (!tf_search_config_load_data ("t.yaml", data, strlen (data), &c, NULL))
        return GUINT_TO_POINTER (FALSE);
      if (c.workloads[0].compute_time_us <= 0)
        return GUINT_TO_POINTER (FALSE);
    }
  return GUINT_TO_POINTER (TRUE);
}

static void
test_threads (void)
{
  const char *a = "n_chip: 1024\nworkload: {model: gpt-3-175b, parallelism: {tp: 8, pp: 8, "
                  "dp: 16}}\n";
  const char *b = "n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, "
                  "dp: 8}}\nevaluator: {stage_2: g5_simulation}\n";
  GThread *ta = g_thread_new ("a", load_in_thread, (gpointer) a);
  GThread *tb = g_thread_new ("b", load_in_thread, (gpointer) b);

  g_assert_true (GPOINTER_TO_UINT (g_thread_join (ta)));
  g_assert_true (GPOINTER_TO_UINT (g_thread_join (tb)));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/search-config/names", test_names);
  g_test_add_func ("/engine/search-config/defaults", test_defaults);
  g_test_add_func ("/engine/search-config/builtin-matches-data", test_builtin_matches_data);
  g_test_add_func ("/engine/search-config/example-1024", test_example_1024);
  g_test_add_func ("/engine/search-config/example-small", test_example_small);
  g_test_add_func ("/engine/search-config/example-16k", test_example_16k);
  g_test_add_func ("/engine/search-config/bad-files", test_bad_files);
  g_test_add_func ("/engine/search-config/overrides", test_overrides);
  g_test_add_func ("/engine/search-config/presets", test_presets);
  g_test_add_func ("/engine/search-config/boards", test_boards);
  g_test_add_func ("/engine/search-config/chip", test_chip);
  g_test_add_func ("/engine/search-config/more-errors", test_more_errors);
  g_test_add_func ("/engine/search-config/not-files", test_not_files);
  g_test_add_func ("/engine/search-config/damaged", test_damaged);
  g_test_add_func ("/engine/search-config/threads", test_threads);
  return g_test_run ();
}
