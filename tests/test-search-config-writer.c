/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search-config-writer.c: a search configuration written back (tf_search_config_write_yaml)
 * reads as the same configuration.
 *
 * For the shipped examples and configurations that between them use every key the reader
 * knows (several workloads, presets with overrides, a given compute time, a custom price
 * sheet, reference points, every objective and operator): load, write, load, write gives the
 * same text twice and configurations equal field by field; the written file loads from disk
 * and runs in topoforge-cli; a write that fails leaves the caller's text as it was; and the
 * model presets are listed for the app.
 */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "optimizer.h"
#include "test-util.h"

static gboolean
same_double (double a,
             double b)
{
  return (isnan (a) && isnan (b)) || a == b;
}

#define assert_same(a, b, what) \
  G_STMT_START { \
    if (!same_double ((a), (b))) \
      g_error ("%s differs: %.17g != %.17g", (what), (double) (a), (double) (b)); \
  } G_STMT_END

static void
assert_workload_equal (const TfWorkload *a,
                       const TfWorkload *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->model, ==, b->model);
  assert_same (a->weight, b->weight, "weight");
  g_assert_cmpuint (a->tp, ==, b->tp);
  g_assert_cmpuint (a->pp, ==, b->pp);
  g_assert_cmpuint (a->dp, ==, b->dp);
  g_assert_cmpuint (a->ep, ==, b->ep);
  g_assert_cmpuint (a->n_message_sizes, ==, b->n_message_sizes);
  for (guint i = 0; i < a->n_message_sizes; i++)
    g_assert_cmpuint (a->message_sizes[i], ==, b->message_sizes[i]);
  g_assert_cmpuint (a->primitives, ==, b->primitives);
  assert_same (a->parameters, b->parameters, "parameters");
  g_assert_cmpuint (a->layers, ==, b->layers);
  g_assert_cmpuint (a->hidden_size, ==, b->hidden_size);
  g_assert_cmpuint (a->sequence_length, ==, b->sequence_length);
  g_assert_cmpuint (a->global_batch_size, ==, b->global_batch_size);
  g_assert_cmpuint (a->micro_batch_size, ==, b->micro_batch_size);
  g_assert_cmpuint (a->bytes_per_value, ==, b->bytes_per_value);
  assert_same (a->chip_peak_tflops, b->chip_peak_tflops, "chip_peak_tflops");
  assert_same (a->mfu, b->mfu, "mfu");
  assert_same (a->compute_time_us, b->compute_time_us, "compute_time_us");
  g_assert_cmpint (a->compute_time_given, ==, b->compute_time_given);
  for (guint k = 0; k < TF_N_COMMS; k++)
    assert_same (a->overlap[k], b->overlap[k], "overlap");
}

static void
assert_context_equal (const TfContext *a,
                      const TfContext *b)
{
  g_assert_cmpuint (a->n_chip, ==, b->n_chip);
  g_assert_cmpint (a->scope, ==, b->scope);
  g_assert_cmpuint (a->chips_per_board_max, ==, b->chips_per_board_max);
  g_assert_cmpuint (a->boards_per_rack_max, ==, b->boards_per_rack_max);
  g_assert_cmpuint (a->racks_per_pod_max, ==, b->racks_per_pod_max);
  g_assert_cmpuint (a->chip_radix, ==, b->chip_radix);
  g_assert_cmpint (a->intra_board_topo, ==, b->intra_board_topo);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      assert_same (a->defaults[t].bandwidth_gbps, b->defaults[t].bandwidth_gbps, "defaults");
      assert_same (a->defaults[t].latency_ns, b->defaults[t].latency_ns, "defaults");
      for (guint r = 0; r < TF_N_REACHES; r++)
        {
          assert_same (a->by_reach[t][r].bandwidth_gbps, b->by_reach[t][r].bandwidth_gbps,
                       "by_reach");
          assert_same (a->by_reach[t][r].latency_ns, b->by_reach[t][r].latency_ns, "by_reach");
        }
    }
  g_assert_cmpuint (a->switch_defaults.radix, ==, b->switch_defaults.radix);
  assert_same (a->switch_defaults.latency_ns, b->switch_defaults.latency_ns, "switch latency");
}

/* Every field but the file name (the warnings count too: g5_simulation warns on each load). */
static void
assert_config_equal (const TfSearchConfig *a,
                     const TfSearchConfig *b)
{
  const TfHardwareConstraints *ha = &a->hardware, *hb = &b->hardware;

  g_assert_cmpuint (a->n_chip, ==, b->n_chip);
  g_assert_cmpuint (a->n_workloads, ==, b->n_workloads);
  for (guint i = 0; i < a->n_workloads; i++)
    assert_workload_equal (&a->workloads[i], &b->workloads[i]);

  assert_same (ha->nic_bandwidth_gbps, hb->nic_bandwidth_gbps, "nic_bandwidth");
  assert_same (ha->c2c_bandwidth_gbps, hb->c2c_bandwidth_gbps, "c2c_bandwidth");
  g_assert_true (ha->chip == hb->chip);
  assert_same (ha->chip_power_w, hb->chip_power_w, "chip_power");
  assert_same (ha->host_power_w, hb->host_power_w, "host_power");
  assert_same (ha->rack_power_kw, hb->rack_power_kw, "rack_power");
  g_assert_cmpuint (ha->n_radix_options, ==, hb->n_radix_options);
  for (guint i = 0; i < ha->n_radix_options; i++)
    g_assert_cmpuint (ha->radix_options[i], ==, hb->radix_options[i]);
  assert_same (ha->link_latency_us, hb->link_latency_us, "link_latency");
  assert_same (ha->max_optical_cable_length_m, hb->max_optical_cable_length_m, "cable");
  assert_same (ha->budget_usd, hb->budget_usd, "budget");
  g_assert_cmpuint (ha->nic_ports_per_chip, ==, hb->nic_ports_per_chip);
  g_assert_cmpuint (ha->on_board_links_per_chip, ==, hb->on_board_links_per_chip);
  g_assert_cmpuint (ha->off_board_ports_per_chip, ==, hb->off_board_ports_per_chip);

  g_assert_cmpuint (a->prices.n_switch_prices, ==, b->prices.n_switch_prices);
  for (guint i = 0; i < a->prices.n_switch_prices; i++)
    {
      g_assert_cmpuint (a->prices.switch_radix[i], ==, b->prices.switch_radix[i]);
      assert_same (a->prices.switch_price[i], b->prices.switch_price[i], "switch price");
    }
  assert_same (a->prices.port_gbps, b->prices.port_gbps, "port_gbps");
  assert_same (a->prices.nic_port, b->prices.nic_port, "nic_port");
  assert_same (a->prices.pcb_link, b->prices.pcb_link, "pcb_link");
  assert_same (a->prices.copper_link, b->prices.copper_link, "copper_link");
  assert_same (a->prices.optical_link_fixed, b->prices.optical_link_fixed, "optical fixed");
  assert_same (a->prices.optical_link_per_m, b->prices.optical_link_per_m, "optical per m");
  assert_same (a->floor.rack_pitch_m, b->floor.rack_pitch_m, "rack_pitch");
  assert_same (a->floor.row_pitch_m, b->floor.row_pitch_m, "row_pitch");
  assert_same (a->floor.vertical_run_m, b->floor.vertical_run_m, "vertical_run");
  assert_same (a->floor.in_rack_m, b->floor.in_rack_m, "in_rack");
  assert_same (a->floor.max_copper_m, b->floor.max_copper_m, "max_copper");

  g_assert_cmpuint (a->n_objectives, ==, b->n_objectives);
  for (guint i = 0; i < a->n_objectives; i++)
    g_assert_cmpint (a->objectives[i], ==, b->objectives[i]);

  g_assert_cmpint (a->family_enabled, ==, b->family_enabled);
  g_assert_cmpuint (a->n_families, ==, b->n_families);
  for (guint i = 0; i < a->n_families; i++)
    g_assert_true (a->families[i] == b->families[i]);
  g_assert_cmpint (a->family_edge_cases, ==, b->family_edge_cases);
  assert_context_equal (&a->context, &b->context);
  g_assert_cmpuint (a->intra_board_topos, ==, b->intra_board_topos);
  g_assert_cmpuint (a->n_chips_per_board, ==, b->n_chips_per_board);
  for (guint i = 0; i < a->n_chips_per_board; i++)
    g_assert_cmpuint (a->chips_per_board[i], ==, b->chips_per_board[i]);
  g_assert_cmpint (a->mutator_enabled, ==, b->mutator_enabled);
  g_assert_cmpuint (a->operators, ==, b->operators);
  g_assert_cmpuint (a->edits_per_child, ==, b->edits_per_child);

  g_assert_cmpint (a->algorithm, ==, b->algorithm);
  g_assert_cmpuint (a->population_size, ==, b->population_size);
  g_assert_cmpuint (a->generations, ==, b->generations);
  g_assert_cmpuint (a->threads, ==, b->threads);
  g_assert_cmpuint (a->seed, ==, b->seed);
  assert_same (a->mutation_rate, b->mutation_rate, "mutation_rate");
  for (guint o = 0; o < TF_N_OBJECTIVES; o++)
    assert_same (a->reference_point[o], b->reference_point[o], "reference_point");

  g_assert_cmpint (a->stage_2, ==, b->stage_2);
  assert_same (a->pareto_threshold, b->pareto_threshold, "pareto_threshold");
  g_assert_cmpint (a->failures, ==, b->failures);
  assert_same (a->disconnected_penalty_hops, b->disconnected_penalty_hops, "penalty");
  g_assert_cmpuint (a->warnings->len, ==, b->warnings->len);
}

static void
load_text (const char     *name,
           const char     *text,
           TfSearchConfig *c)
{
  g_autoptr(GError) error = NULL;

  if (!tf_search_config_load_data (name, text, strlen (text), c, &error))
    g_error ("%s should load, but: %s\n%s", name, error->message, text);
}

static char *
write_text (const TfSearchConfig *c)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (!tf_search_config_write_yaml (c, out, &error))
    g_error ("write failed: %s", error->message);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* load, write, load, write: the same text twice, the same configuration three times (the
 * written text loads back as the original). Returns the written text. */
static char *
assert_round_trip (const char *name,
                   const char *text)
{
  g_auto(TfSearchConfig) first = { 0 };
  g_auto(TfSearchConfig) second = { 0 };
  g_auto(TfSearchConfig) third = { 0 };
  g_autofree char *written = NULL;
  g_autofree char *again = NULL;

  load_text (name, text, &first);
  written = write_text (&first);
  load_text ("written.yaml", written, &second);
  assert_config_equal (&first, &second);
  again = write_text (&second);
  g_assert_cmpstr (again, ==, written);
  load_text ("again.yaml", again, &third);
  assert_config_equal (&first, &third);
  if (g_test_verbose ())
    g_test_message ("%s written:\n%s", name, written);
  return g_steal_pointer (&written);
}

static char *
example_text (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", name,
                                                 NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_examples (void)
{
  static const char *const names[] = { "search-small.yaml", "search-1024.yaml" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *text = example_text (names[i]);
      g_autofree char *written = assert_round_trip (names[i], text);

      /* The preset is named, not spelled out; a derived compute time stays derived. */
      g_assert_nonnull (strstr (written, "model: "));
      g_assert_null (strstr (written, "parameters:"));
      g_assert_null (strstr (written, "compute_time_us:"));
      /* The example's prices are the built-in ones: no cost block. */
      g_assert_null (strstr (written, "cost:"));
    }
}

/* Every objective with a reference point, every operator, the keys the examples leave out, a
 * preset whose every overlap and a compute time are given, and odd doubles. */
static const char everything[] =
  "n_chip: 512\n"
  "workload:\n"
  "  name: long context\n"
  "  model: llama-2-70b\n"
  "  parallelism: {tp: 8, pp: 4, dp: 16, ep: 8}\n"
  "  message_sizes_bytes: [1099511627776, 1, 3]\n"
  "  required_primitives: [AllReduce, AllGather, ReduceScatter, AllToAll]\n"
  "  sequence_length: 32768\n"
  "  chip_peak_tflops: 0.1\n"
  "  compute_time_us: 0.30000000000000004\n"
  "  overlap: {tp: 0.9, pp: 0.7, dp: 0, ep: 1e-300}\n"
  "hardware_constraints:\n"
  "  chip: mi300x\n"
  "  nic_bandwidth_gb_per_s: 12.345678901234567\n"
  "  c2c_bandwidth_gb_per_s: 900\n"
  "  chip_power_w: 749.5\n"
  "  rack_power_kw: 0.1\n"
  "  switch_radix_options: [64]\n"
  "  link_latency_us: 0\n"
  "  max_optical_cable_length_m: 1e-3\n"
  "  budget_usd: 123456789.125\n"
  "  nic_ports_per_chip: 2\n"
  "  on_board_links_per_chip: 0\n"
  "  off_board_ports_per_chip: 3\n"
  "objectives: [disconnected_fraction, allreduce_time, bisection_bandwidth, diameter, apl,\n"
  "             apl_fail_excess, apl_fail, network_cost, iter_time]\n"
  "generators:\n"
  "  family:\n"
  "    enabled: true\n"
  "    families: [torus, fat-tree, single-switch]\n"
  "    edge_cases: true\n"
  "    scope: inter-rack\n"
  "    chips_per_board_max: 8\n"
  "    chip_radix: 4\n"
  "    intra_board_topo: [torus, none, full-mesh]\n"
  "    chips_per_board: [8, 2, 4]\n"
  "  generic_template: {enabled: false}\n"
  "  graph_mutator:\n"
  "    enabled: true\n"
  "    operators: [dual_home, rehome_chip, change_port_asymmetry, merge_switch, split_switch,\n"
  "                rewire_switch, remove_edge, add_edge]\n"
  "    mutation_rate: 0.125\n"
  "  graph_crossover: {enabled: false}\n"
  "search:\n"
  "  algorithm: nsga2\n"
  "  population_size: 10000\n"
  "  generations: 1000\n"
  "  parallel_workers: 1024\n"
  "  seed: 0\n"
  "  reference_point: {iter_time: 1e12, network_cost: 5e9, apl_fail: 40.5, apl: 30,\n"
  "                    diameter: 64, bisection_bandwidth: 0.25, allreduce_time: 1e10,\n"
  "                    disconnected_fraction: 0.75, apl_fail_excess: 12.5}\n"
  "evaluator:\n"
  "  stage_1: math_alpha_beta\n"
  "  stage_2: g5_simulation\n"
  "  pareto_threshold: 0.000001\n"
  "  failures: switches_and_links\n"
  "  disconnected_penalty_hops: 2.5\n";

/* Every price and every floor key changed, a radix the built-in table has no price for, one
 * reference point, three unweighted workloads. */
static const char price_sheet[] =
  "n_chip: 64\n"
  "workloads:\n"
  "  - model: test-small\n"
  "    parallelism: {tp: 4, pp: 2, dp: 8}\n"
  "  - model: gpt-3-6.7b\n"
  "    parallelism: {tp: 8, pp: 1, dp: 8}\n"
  "    global_batch_size: 64\n"
  "  - name: moe\n"
  "    model: test-small\n"
  "    weight: 0.5\n"
  "    parallelism: {tp: 1, pp: 1, dp: 64, ep: 64}\n"
  "    required_primitives: [AllToAll]\n"
  "hardware_constraints:\n"
  "  switch_radix_options: [16, 32, 64, 128]\n"
  "objectives: [network_cost, iter_time]\n"
  "search: {reference_point: {network_cost: 1e8}, seed: 42}\n"
  "cost:\n"
  "  prices:\n"
  "    port_gb_per_s: 100\n"
  "    switch: {16: 9999.99, 32: 25000.5, 64: 45000, 128: 1}\n"
  "    nic_port: 1\n"
  "    pcb_link: 2\n"
  "    copper_link: 3\n"
  "    optical_link_fixed: 4\n"
  "    optical_link_per_m: 0.1\n"
  "  floor:\n"
  "    rack_pitch_m: 0.7\n"
  "    row_pitch_m: 1e-2\n"
  "    vertical_run_m: 0\n"
  "    in_rack_m: 1.5\n"
  "    max_copper_m: 7\n";

/* tests/test-search-config.c's boards: the intra-board topologies listed, not first in order. */
static const char boards[] =
  "n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
  "generators: {family: {intra_board_topo: [full-mesh, none], chips_per_board: [8, 1, 4]}}\n";

/* Only what is required: every default written out reads as the default. */
static const char minimal[] =
  "n_chip: 64\nworkload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n";

static void
test_configs (void)
{
  /* tests/configs/overrides.yaml: two workloads (a preset with overrides, a model given key by
   * key with its compute time), a price sheet that adds and overrides, a floor plan. */
  g_autofree char *overrides = tf_test_config_text ("overrides.yaml");
  const struct { const char *name, *text; } configs[] = {
    { "overrides.yaml", overrides },
    { "everything.yaml", everything },
    { "price-sheet.yaml", price_sheet },
    { "boards.yaml", boards },
    { "minimal.yaml", minimal },
  };

  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      g_autofree char *written = assert_round_trip (configs[i].name, configs[i].text);

      g_assert_nonnull (written);
    }
}

/* What is written and what is not: overrides only, a given compute time only. */
static void
test_what_is_written (void)
{
  g_autofree char *overrides = tf_test_config_text ("overrides.yaml");
  g_autofree char *o = assert_round_trip ("overrides.yaml", overrides);
  g_autofree char *m = assert_round_trip ("minimal.yaml", minimal);
  g_autofree char *p = assert_round_trip ("price-sheet.yaml", price_sheet);

  /* pretrain: the preset's name and the two keys it overrides; custom: every key. */
  g_assert_nonnull (strstr (o, "model: gpt-3-6.7b"));
  g_assert_nonnull (strstr (o, "layers: 40"));
  g_assert_nonnull (strstr (o, "mfu: 0.5"));
  g_assert_null (strstr (o, "hidden_size: 4096"));
  g_assert_nonnull (strstr (o, "hidden_size: 2048"));
  g_assert_nonnull (strstr (o, "compute_time_us: 12345.5"));
  g_assert_nonnull (strstr (o, "overlap: {dp: 0.1, ep: 0.5}"));
  g_assert_nonnull (strstr (o, "seed: 18446744073709551615"));
  g_assert_nonnull (strstr (o, "weight: 3.0"));
  /* Only the switch prices that differ, only the floor keys that differ. */
  g_assert_nonnull (strstr (o, "48: 30000.0"));
  g_assert_nonnull (strstr (o, "64: 40000.0"));
  g_assert_null (strstr (o, "128: 85000"));
  g_assert_null (strstr (o, "rack_pitch_m"));
  g_assert_nonnull (strstr (o, "row_pitch_m: 3.0"));

  g_assert_null (strstr (m, "name:"));
  g_assert_null (strstr (m, "weight:"));
  g_assert_null (strstr (m, "overlap:"));
  g_assert_null (strstr (m, "reference_point:"));
  g_assert_null (strstr (m, "chips_per_board:"));
  g_assert_nonnull (strstr (m, "families: ALL"));
  /* The penalty's default is n_chip: left out, it follows n_chip. */
  g_assert_null (strstr (m, "disconnected_penalty_hops"));

  g_assert_nonnull (strstr (p, "workloads:"));
  g_assert_nonnull (strstr (p, "16: 9999.99"));
  g_assert_nonnull (strstr (p, "reference_point:\n"));
}

/* The app changes the model after loading: a derived compute time is derived again, not kept. */
static void
test_derived_compute_time (void)
{
  g_auto(TfSearchConfig) c = { 0 };
  g_auto(TfSearchConfig) back = { 0 };
  g_autofree char *text = NULL;

  load_text ("minimal.yaml", minimal, &c);
  g_assert_false (c.workloads[0].compute_time_given);
  c.workloads[0].mfu /= 2;
  text = write_text (&c);
  load_text ("written.yaml", text, &back);
  g_assert_cmpfloat_with_epsilon (back.workloads[0].compute_time_us,
                                  2 * c.workloads[0].compute_time_us,
                                  1e-9 * c.workloads[0].compute_time_us);
  g_assert_false (back.workloads[0].compute_time_given);
}

/* A written file loads from disk, and topoforge-cli runs it. */
static void
test_file_and_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-config-writer-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "search.yaml", NULL);
  g_autofree char *out = g_build_filename (dir, "run", NULL);
  g_autofree char *text = example_text ("search-small.yaml");
  g_autofree char *written = assert_round_trip ("search-small.yaml", text);
  g_auto(TfSearchConfig) original = { 0 };
  g_auto(TfSearchConfig) loaded = { 0 };
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("TF_CLI");
  g_autofree char *std_out = NULL;
  g_autofree char *std_err = NULL;
  int status;

  g_assert_nonnull (dir);
  g_assert_true (g_file_set_contents (path, written, -1, NULL));
  load_text ("search-small.yaml", text, &original);
  if (!tf_search_config_load_file (path, &loaded, &error))
    g_error ("%s", error->message);
  assert_config_equal (&original, &loaded);
  g_assert_cmpstr (loaded.file, ==, path);

  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("TF_CLI is not set to topoforge-cli");
    }
  else
    {
      const char *argv[] = { cli, "optimize", "--config", path, "--out", out, "--population",
                             "4", "--generations", "1", "--no-baseline", NULL };
      g_autofree char *summary = g_build_filename (out, "summary.yaml", NULL);

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &std_out, &std_err, &status, NULL));
      if (!g_spawn_check_wait_status (status, NULL))
        g_error ("topoforge-cli optimize failed on the written file:\n%s", std_err);
      g_assert_true (g_file_test (summary, G_FILE_TEST_IS_REGULAR));
    }
  tf_test_remove_tree (dir);
}

/* A write that fails (a name that is not UTF-8) says why and leaves the text as it was. */
static void
test_write_fails_whole (void)
{
  g_auto(TfSearchConfig) c = { 0 };
  g_autoptr(GString) out = g_string_new ("kept\n");
  g_autoptr(GError) error = NULL;

  load_text ("minimal.yaml", minimal, &c);
  g_free (c.workloads[0].name);
  c.workloads[0].name = g_strdup ("bad \xff name");
  g_assert_false (tf_search_config_write_yaml (&c, out, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "UTF-8"));
  g_assert_cmpstr (out->str, ==, "kept\n");

  /* Appended after what the string held, whole. */
  g_clear_error (&error);
  g_free (c.workloads[0].name);
  c.workloads[0].name = g_strdup ("fine");
  g_assert_true (tf_search_config_write_yaml (&c, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (out->str, "kept\nn_chip: 64\n"));
}

/* The app's model drop-down: every preset, each one loadable. */
static void
test_list_models (void)
{
  g_auto(GStrv) models = tf_search_config_list_models ();

  g_assert_nonnull (models);
  g_assert_cmpuint (g_strv_length (models), >=, 4);
  g_assert_true (g_strv_contains ((const char *const *) models, "gpt-3-175b"));
  g_assert_true (g_strv_contains ((const char *const *) models, "test-small"));
  for (guint i = 0; models[i] != NULL; i++)
    {
      g_autofree char *text = g_strdup_printf ("n_chip: 1024\nworkload:\n  model: %s\n"
                                               "  parallelism: {tp: 8, pp: 8, dp: 16}\n",
                                               models[i]);
      g_autofree char *written = assert_round_trip (models[i], text);

      g_assert_nonnull (strstr (written, models[i]));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/search-config-writer/examples", test_examples);
  g_test_add_func ("/engine/search-config-writer/configs", test_configs);
  g_test_add_func ("/engine/search-config-writer/what-is-written", test_what_is_written);
  g_test_add_func ("/engine/search-config-writer/derived-compute-time",
                   test_derived_compute_time);
  g_test_add_func ("/engine/search-config-writer/file-and-cli", test_file_and_cli);
  g_test_add_func ("/engine/search-config-writer/write-fails-whole", test_write_fails_whole);
  g_test_add_func ("/engine/search-config-writer/list-models", test_list_models);

  return g_test_run ();
}
