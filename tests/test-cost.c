/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cost.c: the one cost model (docs/optimizer.md, "Layer 5"; docs/metrics.md, "Layout").
 *
 * Hand cases priced from data/prices.yaml: switches of radix 32/64/128 at 25,000/45,000/85,000
 * USD, a NIC port 1,800 per chip end of a cable leaving a board, a C2C link on a board 250, a
 * copper cable 120, an optical one 1,500 + 1.5 per metre; racks
 * 0.6 m apart in a pod's row, 2 m up and down per cable end outside a rack, 2 m in a rack,
 * copper up to 3 m. Each case is checked three ways: enumerate's figure (the family's build),
 * generate's (checked against the chip graph) and the optimizer's Layer 5 on the generated
 * graph. Then the same equality over a sample of every family and size: one model, whoever
 * asks. */
#include <math.h>
#include <string.h>

#include "family-private.h"
#include "test-util.h"

static void
assert_close (double got,
              double want)
{
  if (fabs (got - want) > 1e-6 * MAX (1, fabs (want)))
    g_error ("got %.6f, want %.6f", got, want);
}

/* Enumerate's metrics of @id: checked, then measured as enumerate measures a kept result. */
static void
enumerated (const TfContext *ctx,
            const char      *id,
            TfResult        *out)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_result_from_id (ctx, id, out, &error));
  g_assert_no_error (error);
  g_assert_true (tf_family_compute_metrics (out->family, ctx, out, NULL, &error));
  g_assert_no_error (error);
}

/* The optimizer's Layer 5, at the default search configuration (the built-in price table). */
static double
layer5 (const TfContext *ctx,
        const char      *id,
        guint           *optical)
{
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;

  tf_search_config_init (&config);
  g_assert_true (tf_generate (ctx, id, NULL, NULL, &candidate->topology, &error));
  g_assert_no_error (error);
  g_assert_true (tf_evaluate (&config, candidate, TF_LAYER_COST, NULL, &error));
  g_assert_no_error (error);
  *optical = candidate->evaluation.optical_links;
  return candidate->evaluation.network_cost_usd;
}

typedef struct
{
  const char *id;
  guint       n_chip;
  TfScope     scope;
  guint       boards_per_rack_max;
  double      cost;
  guint64     cables[TF_N_CABLES];
  guint       racks;
  double      injection;     /* GB/s */
  guint       nic_ports;     /* chip ends of cables leaving a board */
} HandCase;

static void
check_hand_case (const HandCase *h)
{
  TfContext ctx = tf_test_context (h->n_chip, h->scope, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) generated = { 0 };
  g_autoptr(GError) error = NULL;
  TfResult r;
  guint optical;

  ctx.boards_per_rack_max = h->boards_per_rack_max;
  enumerated (&ctx, h->id, &r);
  g_test_message ("%s: %.2f USD", h->id, r.metrics.network_cost);
  assert_close (r.metrics.network_cost, h->cost);
  assert_close (r.metrics.switch_cost + r.metrics.link_cost + r.metrics.nic_cost, h->cost);
  assert_close (r.metrics.nic_cost, h->nic_ports * 1800.0);
  g_assert_cmpint (r.metrics.cost_method, ==, TF_METHOD_EXACT);
  g_assert_cmpint (r.metrics.layout_method, ==, TF_METHOD_EXACT);
  g_assert_cmpmem (r.metrics.cables_by_class, sizeof r.metrics.cables_by_class, h->cables,
                   sizeof h->cables);
  g_assert_cmpuint (r.metrics.rack_count, ==, h->racks);
  assert_close (r.metrics.injection_bandwidth, h->injection);

  g_assert_true (tf_generate (&ctx, h->id, NULL, NULL, &generated, &error));
  g_assert_no_error (error);
  assert_close (generated.result.metrics.network_cost, h->cost);
  g_assert_cmpmem (generated.result.metrics.cables_by_class, sizeof h->cables, h->cables,
                   sizeof h->cables);

  assert_close (layer5 (&ctx, h->id, &optical), h->cost);
  g_assert_cmpuint (optical, ==, h->cables[TF_CABLE_OPTICAL]);
}

/* One switch of 8 ports holds in radix 32: 25,000. Eight chip-switch cables in the rack, 2 m of
 * copper: 8 x 120 = 960. Eight NICs: 14,400. 40,360 in all. A chip drives one B2B link from
 * its NIC port (50 GB/s) into a switch port (by default the NIC's speed, 50): 50 GB/s. */
static void
test_single_switch (void)
{
  const HandCase h = {
    "single-switch:n_endpoint=8", 8, TF_SCOPE_INTRA_RACK, 16,
    25000 + 8 * 120 + 8 * 1800, { 0, 8, 0 }, 1, 50, 8,
  };

  check_hand_case (&h);
}

/* A 2x2 torus of one-chip boards, two boards a rack: racks at x = 0 and 0.6 m. Four links
 * (a 2-long ring is one link): the two inside a rack are 2 m of copper (240); the two between
 * the racks run 0.6 m along the tray plus 2 x 2 m up and down, 4.6 m > 3 m, optical:
 * 2 x (1,500 + 1.5 x 4.6) = 3,013.8. Every link leaves a board, so each has a port at both
 * chip ends: 8 ports, 14,400. 17,653.8 in all. Each chip drives two
 * C2C links, which share its 900 GB/s scale-up budget: 450 GB/s each, 900 in all. */
static void
test_torus_two_racks (void)
{
  const HandCase h = {
    "torus:dimension_sizes=2x2,board_shape=1x1", 4, TF_SCOPE_INTER_RACK, 2,
    2 * 120 + 2 * (1500 + 1.5 * 4.6) + 8 * 1800, { 0, 2, 2 }, 2,
    2 * (900.0 / 2), 8,
  };

  check_hand_case (&h);
}

/* A 2-layer fat-tree, k = 4, 8 boards of 2 chips: 4 leaves, a rack each with its 2 boards, and
 * 2 spines at the middle of the pod's row (x = 0.9 m; racks at 0, 0.6, 1.2, 1.8). A port is
 * a bundle of 2 lanes, so a leaf has 4 chip cables down and 4 up, a spine 8: six switches of
 * radix 32, 150,000. Down: 16 chip-leaf cables in racks, copper, 1,920, a NIC port each. Up: 4 cables a leaf of
 * 0.9 + 4 = 4.9 m (outer racks) or 0.3 + 4 = 4.3 m (inner), all optical:
 * 16 x 1,500 + 1.5 x 4 x (4.9 + 4.3 + 4.3 + 4.9) = 24,110.4. Sixteen NICs: 28,800. A chip
 * drives one B2B link, its 50 GB/s NIC port into a leaf port of the same speed: 50 GB/s. */
static void
test_fat_tree (void)
{
  const HandCase h = {
    "fat-tree:layers=2,k=4,osr=1,n_endpoint=8", 16, TF_SCOPE_INTER_RACK, 16,
    6 * 25000 + 16 * 120 + 16 * 1500 + 1.5 * 4 * (4.9 + 4.3 + 4.3 + 4.9) + 16 * 1800,
    { 0, 16, 16 }, 4, 50, 16,
  };

  check_hand_case (&h);
}

/* A switch no priced radix holds is bought as ceil (ports / 128) of the largest: 256 chips on
 * one switch are 2 x 85,000, and the cost says it is an estimate. */
static void
test_estimate (void)
{
  TfContext ctx = tf_test_context (256, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  const TfColumn *cost = tf_column_lookup ("cost");
  g_autoptr(GString) cell = g_string_new (NULL);
  TfResult r;
  guint optical;

  ctx.switch_defaults.radix = 1024;
  enumerated (&ctx, "single-switch:n_endpoint=256", &r);
  g_assert_cmpint (r.metrics.cost_method, ==, TF_METHOD_ESTIMATE);
  assert_close (r.metrics.switch_cost, 2 * 85000);
  g_assert_cmpint (cost->get_method (&r), ==, TF_METHOD_ESTIMATE);
  g_assert_cmpstr (tf_method_to_string (TF_METHOD_ESTIMATE), ==, "estimate");
  assert_close (layer5 (&ctx, "single-switch:n_endpoint=256", &optical), r.metrics.network_cost);
  tf_column_append_value (cost, &r, cell);
  g_assert_cmpfloat (g_ascii_strtod (cell->str, NULL), ==, round (r.metrics.network_cost));
}

/* The search configuration of data/examples/search-1024.yaml: GPT-3 175B, tp 8, pp 8, dp 16;
 * NICs of 50 GB/s, the generic chip's scale-up budget of 900 GB/s in all; 1 us a hop; radixes
 * 32/64/128. */
static void
load_1024 (TfSearchConfig *config)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                 "search-1024.yaml", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_config_load_file (path, config, &error));
  g_assert_no_error (error);
}

static TfCandidate *
evaluated (const TfSearchConfig *config,
           TfIntraBoardTopo      topo,
           const char           *id)
{
  TfCandidate *c = tf_candidate_new ();
  TfContext ctx = config->context;
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  ctx.intra_board_topo = topo;
  g_assert_true (tf_generate (&ctx, id, NULL, NULL, &c->topology, &error));
  g_assert_no_error (error);
  c->chip_transitive = c->topology.chip_transitive;
  if (!tf_candidate_check_constraints (config, c, why))
    g_error ("%s: %s", id, why->str);
  g_assert_true (tf_evaluate (config, c, TF_LAYER_COST | TF_LAYER_WORKFLOW, NULL, &error));
  g_assert_no_error (error);
  return c;
}

/* The TP AllReduce time (us) the evaluation holds: T_tp x N_tp x eta_tp over N_tp x eta_tp,
 * with N_tp = 4 (layers / pp) m and m = global batch / (dp x micro-batch) (docs/optimizer.md,
 * Layer 3). */
static double
tp_allreduce_us (const TfSearchConfig *config,
                 const TfCandidate    *c)
{
  const TfWorkload *w = &config->workloads[0];
  double m = (double) w->global_batch_size / ((double) w->dp * w->micro_batch_size);
  double n_calls = 4.0 * ((double) w->layers / w->pp) * m;

  return c->evaluation.iter_comm_us[0][TF_COMM_TP] / (n_calls * w->overlap[TF_COMM_TP]);
}

/* Issue 11's fair accounting at 1,024 chips, by hand, on data/examples/search-1024.yaml: a 3D
 * torus and a 2-level fat-tree of 8-chip full-mesh boards, each bought as what it is.
 *
 * Fat-tree k = 16, 2 layers, 128 boards of 8 (fat-tree:layers=2,k=16,osr=1,n_endpoint=128):
 * 16 leaves (8 board ports down, 8 up), 8 spines (16 ports); a port is a bundle of 8 lanes, so
 * every switch has 128 physical ports: 24 switches of radix 128, 24 x 85,000 = 2,040,000.
 * - chip-leaf: 1,024 cables in the leaf's rack, 2 m copper, 1,024 x 120 = 122,880; a NIC port
 *   at each chip end, 1,024 x 1,800 = 1,843,200;
 * - leaf-spine: each leaf in its own rack (16 racks at x = 0.6 r), spines at the middle of the
 *   row (x = 4.5): 64 uplinks a leaf of |0.6 r - 4.5| + 2 x 2 m, all over 3 m, optical:
 *   1,024 x 1,500 + 1.5 x 64 x (sum_r |0.6 r - 4.5| + 16 x 4) = 1,536,000 + 96 x (38.4 + 64)
 *   = 1,545,830.4 (sum_r |0.6 r - 4.5| = 0.6 x 2 x (0.5 + 1.5 + ... + 7.5) = 38.4);
 * - boards: a full mesh of 8 is 28 links, 128 x 28 x 250 = 896,000, no port bought.
 * Switches 2,040,000 + links 2,564,710.4 + NIC ports 1,843,200 = 6,447,910.4.
 *
 * Torus 8 x 8 x 16 of 2 x 2 x 2 boards (torus:dimension_sizes=8x8x16,board_shape=2x2x2): 3,072
 * links, 3 a chip on its board (12 a board, 1,536 x 250 = 384,000) and 3 leaving it. Racks are
 * blocks of 2 x 2 x 4 boards (4 x 4 x 8 chips; 8 racks, x = 0.6 (a + 2 b + 4 c)): a dimension
 * of 8 chips crosses racks twice a line, 128 lines, so 256 cables 0.6 m apart (dimension 0,
 * 4.6 m) and 256 1.2 m apart (dimension 1, 5.2 m); the 16-chip dimension twice a line over
 * 64 lines, 128 cables 2.4 m apart (6.4 m): 640 optical, 640 x 1,500 + 1.5 x (256 x 4.6 +
 * 256 x 5.2 + 128 x 6.4) = 960,000 + 1.5 x 3,328 = 964,992. The other 896 off-board cables stay
 * in their rack, copper: 107,520. Every off-board cable has two chip ends: 3,072 ports x 1,800
 * = 5,529,600. Links 1,456,512 + ports 5,529,600 = 6,986,112: the torus, which buys three
 * serdes ports a chip, is now the dearer of the two.
 *
 * TP (tp = 8, AllReduce of A = 1 x 2,048 x 12,288 x 2 bytes, a ring of 2 (n - 1) = 14 steps of
 * A / 8): on the fat-tree a TP group is one board and every ring step one C2C link of the full
 * mesh, alone on it: alpha = 1 hop = 1 us; a chip drives the mesh's 7 C2C links (its leaf link
 * is B2B, from the NIC), which share its 900 GB/s, so beta = 900 / 7 GB/s. On the torus the
 * group is a 2 x 2 x 2 board in coordinate order (x fastest), ring 0-1-2-...-7-0 in bits
 * (x, y, z): steps of 1, 2, 1, 3, 1, 2, 1 and 3 hops, all inside the board (leaving it is
 * longer); alpha = 3 us.
 * Split over all shortest paths, the most loaded link direction carries exactly one flow (1->0:
 * 1/2 of 1->2, 1/6 of 3->4 and 1/3 of 7->0; likewise 3->2, 7->6, 5->4), so beta is one link's
 * speed: every chip drives 6 C2C links (3 on its board, 3 leaving it, all sharing the one
 * budget), 900 / 6 = 150 GB/s each. The torus has the faster links, at three times the
 * latency. */
static void
test_accounting_1024 (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) fat_tree = NULL;
  g_autoptr(TfCandidate) torus = NULL;
  const TfNetworkGraph *g;
  double a, mesh_chunk_us, torus_chunk_us;

  load_1024 (&config);
  /* Racks that hold sixteen 8-chip boards (16 x 8 x 1.6 kW = 204.8 kW), so the layout below is
   * packed by count alone, as worked out by hand; tests/test-budgets.c has packing by power. */
  config.context.rack.power_kw = 204.8;
  g_assert_cmpuint (config.workloads[0].tp, ==, 8);
  a = 1.0 * 2048 * 12288 * 2;
  g_assert_cmpfloat (a, ==, (double) config.workloads[0].micro_batch_size
                     * config.workloads[0].sequence_length * config.workloads[0].hidden_size
                     * config.workloads[0].bytes_per_value);
  /* 1 GB/s = 1e3 bytes a microsecond. */
  mesh_chunk_us = a / 8 / (900e3 / 7);
  torus_chunk_us = a / 8 / (900e3 / 6);

  fat_tree = evaluated (&config, TF_INTRA_BOARD_FULL_MESH,
                        "fat-tree:layers=2,k=16,osr=1,n_endpoint=128");
  g_assert_cmpuint (fat_tree->topology.graph.chips_per_board, ==, 8);
  assert_close (fat_tree->evaluation.switch_cost_usd, 24 * 85000);
  assert_close (fat_tree->evaluation.link_cost_usd,
                1024 * 120 + 1024 * 1500 + 1.5 * 64 * (38.4 + 16 * 4) + 128 * 28 * 250);
  assert_close (fat_tree->evaluation.nic_cost_usd, 1024 * 1800);
  assert_close (fat_tree->evaluation.network_cost_usd, 6447910.4);
  assert_close (tp_allreduce_us (&config, fat_tree), 14 * 1.0 + 14 * mesh_chunk_us);

  torus = evaluated (&config, TF_INTRA_BOARD_NONE, "torus:dimension_sizes=8x8x16,board_shape=2x2x2");
  g = &torus->topology.graph;
  g_assert_cmpuint (g->chips_per_board, ==, 8);
  /* Board 0 is the cube at the origin, in coordinate order: chip = x + 8 y + 64 z. */
  {
    static const guint32 cube[8] = { 0, 1, 8, 9, 64, 65, 72, 73 };

    g_assert_cmpmem (g->board_chips, sizeof cube, cube, sizeof cube);
  }
  assert_close (torus->evaluation.switch_cost_usd, 0);
  assert_close (torus->evaluation.link_cost_usd,
                1536 * 250 + 896 * 120 + 640 * 1500 + 1.5 * (256 * 4.6 + 256 * 5.2 + 128 * 6.4));
  assert_close (torus->evaluation.nic_cost_usd, 3072 * 1800);
  assert_close (torus->evaluation.network_cost_usd, 6986112);
  g_assert_cmpuint (torus->evaluation.optical_links, ==, 640);
  assert_close (tp_allreduce_us (&config, torus), 14 * 3.0 + 14 * torus_chunk_us);
}

/* Port-speed items follow the NIC bandwidth: at 100 GB/s (800G) a switch, a NIC port and a DAC
 * cost twice the 400G table's price. */
static void
test_port_speed (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) c = tf_candidate_new ();
  TfContext ctx = tf_test_context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  g_autoptr(GError) error = NULL;

  tf_search_config_init (&config);
  g_assert_cmpfloat (config.prices.port_gbps, ==, 50);
  config.hardware.nic_bandwidth_gbps = 100;
  g_assert_true (tf_generate (&ctx, "single-switch:n_endpoint=8", NULL, NULL, &c->topology,
                              &error));
  g_assert_no_error (error);
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_COST, NULL, &error));
  g_assert_no_error (error);
  assert_close (c->evaluation.switch_cost_usd, 2 * 25000);
  assert_close (c->evaluation.link_cost_usd, 2 * 8 * 120);
  assert_close (c->evaluation.nic_cost_usd, 2 * 8 * 1800);
}

/* Enumerate's cost of a sample of every family at several sizes equals the optimizer's Layer 5
 * on the generated graph, and the cables and racks equal the graph's. */
static void
test_one_model (void)
{
  static const guint sizes[] = { 16, 64, 256, 1024, 4096 };
  guint checked = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (TfScope scope = TF_SCOPE_INTRA_RACK; scope <= TF_SCOPE_INTER_RACK; scope++)
      {
        TfContext ctx = tf_test_context (sizes[s], scope, (TfIntraBoardTopo) (s % 3));
        g_auto(TfEnumeration) e = { 0 };
        g_autoptr(GError) error = NULL;

        ctx.boards_per_rack_max = 4;   /* several racks and pods even when small */
        ctx.racks_per_pod_max = 4;
        g_assert_true (tf_enumerate (&ctx, NULL, 0, 3, NULL, NULL, &e, &error));
        g_assert_no_error (error);
        for (guint f = 0; f < e.n_families; f++)
          for (guint k = 0; k < e.families[f].n_results; k++)
            {
              const TfResult *r = &e.families[f].results[k];
              g_autofree char *id = tf_result_dup_id (r);
              guint optical;
              double cost;

              /* A large direct network's layout waits for a query that reads it. */
              if (r->metrics.layout_method == TF_METHOD_NONE)
                {
                  g_assert_false (r->family->metrics_need_build);
                  g_assert_cmpuint (r->metrics.link_count, >, TF_LAYOUT_MAX_LINKS);
                  g_assert_true (isnan (tf_column_lookup ("cost")->get (r)));
                  continue;
                }
              g_assert_cmpint (r->metrics.layout_method, ==, TF_METHOD_EXACT);
              cost = layer5 (&ctx, id, &optical);
              if (fabs (cost - r->metrics.network_cost) > 1e-6 * cost)
                g_error ("%s at %u chips: enumerate %.4f, Layer 5 %.4f", id, sizes[s],
                         r->metrics.network_cost, cost);
              g_assert_cmpuint (optical, ==, r->metrics.cables_by_class[TF_CABLE_OPTICAL]);
              checked++;
            }
      }
  g_test_message ("%u results priced alike", checked);
  g_assert_cmpuint (checked, >, 100);
}

/* The figures go out in YAML and come back; a file written before them gets them counted on
 * its graph. */
static void
test_round_trip (void)
{
  TfContext ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_RING);
  const char *id = "dragonfly:a=4,p=2,h=1,g=2,n_endpoint=16";
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) back = { 0 };
  g_auto(TfTopology) old = { 0 };
  g_autoptr(GString) yaml = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) layout_keys = NULL;
  g_autofree char *stripped = NULL;
  const TfMetrics *m, *b;

  ctx.boards_per_rack_max = 2;
  g_assert_true (tf_generate (&ctx, id, NULL, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_true (tf_topology_write_yaml (&t, yaml, &error));
  g_assert_nonnull (strstr (yaml->str, "network_cost:"));
  g_assert_nonnull (strstr (yaml->str, "cables_by_class: {pcb:"));
  g_assert_true (tf_topology_load_data ("t.yaml", yaml->str, yaml->len, NULL, &back, &error));
  g_assert_no_error (error);
  m = &t.result.metrics;
  b = &back.result.metrics;
  g_assert_cmpfloat (b->network_cost, ==, m->network_cost);
  g_assert_cmpfloat (b->switch_cost, ==, m->switch_cost);
  g_assert_cmpfloat (b->link_cost, ==, m->link_cost);
  g_assert_cmpfloat (b->nic_cost, ==, m->nic_cost);
  g_assert_cmpmem (b->cables_by_class, sizeof b->cables_by_class, m->cables_by_class,
                   sizeof m->cables_by_class);
  g_assert_cmpfloat (b->injection_bandwidth, ==, m->injection_bandwidth);
  g_assert_cmpfloat (b->bisection_bandwidth_per_chip, ==, m->bisection_bandwidth_per_chip);
  g_assert_cmpuint (b->rack_count, ==, m->rack_count);
  g_assert_cmpuint (b->pod_count, ==, m->pod_count);
  g_assert_cmpint (b->cost_method, ==, m->cost_method);
  g_assert_cmpint (b->layout_method, ==, m->layout_method);
  g_assert_cmpuint (m->rack_count, >, 1);

  /* Without the new keys, as an older file: counted on the graph, the same. */
  layout_keys = g_regex_new ("^    (network_cost|network_cost_by_part|cables_by_class|"
                             "injection_bandwidth_per_chip|rack_count|pod_count|"
                             "bisection_bandwidth_per_chip): .*\\n"
                             "|, (network_cost|cables_by_class|injection_bandwidth_per_chip|"
                             "rack_count|pod_count|bisection_bandwidth_per_chip): [a-z-]+",
                             G_REGEX_MULTILINE, 0, NULL);
  stripped = g_regex_replace (layout_keys, yaml->str, -1, 0, "", 0, NULL);
  g_assert_null (strstr (stripped, "network_cost"));
  g_assert_true (tf_topology_load_data ("old.yaml", stripped, strlen (stripped), NULL, &old,
                                        &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (old.result.metrics.network_cost - m->network_cost), <=,
                     1e-9 * m->network_cost);
  g_assert_cmpmem (old.result.metrics.cables_by_class, sizeof m->cables_by_class,
                   m->cables_by_class, sizeof m->cables_by_class);
  g_assert_cmpfloat (old.result.metrics.bisection_bandwidth_per_chip, ==,
                     m->bisection_bandwidth_per_chip);
  g_assert_cmpuint (old.result.metrics.rack_count, ==, m->rack_count);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/cost/single-switch-by-hand", test_single_switch);
  g_test_add_func ("/engine/cost/torus-two-racks-by-hand", test_torus_two_racks);
  g_test_add_func ("/engine/cost/fat-tree-by-hand", test_fat_tree);
  g_test_add_func ("/engine/cost/estimate-beyond-radix", test_estimate);
  g_test_add_func ("/engine/cost/accounting-1024-by-hand", test_accounting_1024);
  g_test_add_func ("/engine/cost/port-speed", test_port_speed);
  g_test_add_func ("/engine/cost/one-model", test_one_model);
  g_test_add_func ("/engine/cost/round-trip", test_round_trip);
  return g_test_run ();
}
