/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluator-iteration.c: Layers 3 and 4 of the evaluator (a workload's iteration time, the
 * workloads' weighted mean) on a hand-made rack whose numbers are worked out by hand in the
 * comments.
 */
#include <math.h>
#include <string.h>

#include "evaluator-private.h"
#include "test-util.h"

/* A hand-made rack of boards whose rank order is not the chip numbering:
 * boards (rank order) [6 2] [0 5] | [7 1] [3 4]; boards 0, 1 in rack 0 (tor0), 2, 3 in rack 1
 * (tor1); tor0 and tor1 under one pod switch. A board's two chips share a C2C link.
 *
 * The context is the default (generic) chip: 900 GB/s of scale-up bandwidth, one NIC port of
 * 50 GB/s, switch ports at the NIC's speed. Each chip drives one C2C link, which takes all of
 * its 900 GB/s; a chip's B2B link runs at min (NIC 50, switch port 50) = 50 GB/s, an R2R link
 * between two switches at the port's 50 GB/s. A chip injects 900 + 50 = 950 GB/s in all. */
static const char hand_rack_yaml[] =
  "metadata:\n"
  "  context:\n"
  "    n_chip: 8\n"
  "    scope: inter-rack\n"
  "    chips_per_board_max: 2\n"
  "    intra_board_topo: ring\n"
  "boardGrouping:\n"
  "  pods:\n"
  "  - id: 0\n"
  "    racks:\n"
  "    - id: 0\n"
  "      boards:\n"
  "      - {id: 0, chips: [6, 2]}\n"
  "      - {id: 1, chips: [0, 5]}\n"
  "    - id: 1\n"
  "      boards:\n"
  "      - {id: 2, chips: [7, 1]}\n"
  "      - {id: 3, chips: [3, 4]}\n"
  "network:\n"
  "  switches:\n"
  "  - {id: tor0, tier: rack, rack: 0, port_count: 5}\n"
  "  - {id: tor1, tier: rack, rack: 1, port_count: 5}\n"
  "  - {id: spine, tier: pod, pod: 0, port_count: 2}\n"
  "  links:\n"
  "  - {a: chip6, b: chip2, type: C2C, multiplicity: 1}\n"
  "  - {a: chip0, b: chip5, type: C2C, multiplicity: 1}\n"
  "  - {a: chip7, b: chip1, type: C2C, multiplicity: 1}\n"
  "  - {a: chip3, b: chip4, type: C2C, multiplicity: 1}\n"
  "  - {a: chip6, b: tor0, type: B2B, multiplicity: 1}\n"
  "  - {a: chip2, b: tor0, type: B2B, multiplicity: 1}\n"
  "  - {a: chip0, b: tor0, type: B2B, multiplicity: 1}\n"
  "  - {a: chip5, b: tor0, type: B2B, multiplicity: 1}\n"
  "  - {a: chip7, b: tor1, type: B2B, multiplicity: 1}\n"
  "  - {a: chip1, b: tor1, type: B2B, multiplicity: 1}\n"
  "  - {a: chip3, b: tor1, type: B2B, multiplicity: 1}\n"
  "  - {a: chip4, b: tor1, type: B2B, multiplicity: 1}\n"
  "  - {a: tor0, b: spine, type: R2R, multiplicity: 1}\n"
  "  - {a: tor1, b: spine, type: R2R, multiplicity: 1}\n";

/* Which chips form the groups: one kind of parallelism at a time over all 8 ranks. Rank order
 * 6 2 0 5 7 1 3 4 (C2C 900, B2B 50, R2R 50 GB/s; 0.5 us per hop). */
static void
test_rank_mapping (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate_load (hand_rack_yaml);
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  static const guint32 expected_order[8] = { 6, 2, 0, 5, 7, 1, 3, 4 };
  double A = 1024.0 * 64 * 2, lat = 0.5;
  TfWorkload *wl;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 8; i++)
    g_assert_cmpuint (order[i], ==, expected_order[i]);
  tf_test_config_setup (&config, &c->topology, lat);

  /* tp = 8: one ring 6 2 0 5 7 1 3 4: hops 1 2 1 4 1 2 1 4 (alpha 4 hops); every link
   * direction carries at most one flow, the slowest are the B2B and R2R links: beta 50. */
  wl = tf_test_workload_setup (&config, 0, 8, 1, 1, 1);
  wl->hidden_size = 64;
  wl->sequence_length = 1024;
  wl->layers = 2;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  g_assert_no_error (error);
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_TP] / (4 * 2 * 1),
                        14 * (4 * lat + A / 8 / 50e3));
  g_assert_cmpfloat (c->evaluation.iter_comm_us[0][TF_COMM_DP], ==, 0);

  /* dp = 8: the same ring over the gradients, once. */
  wl = tf_test_workload_setup (&config, 0, 1, 1, 8, 1);
  wl->parameters = 1e6;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_DP], 14 * (4 * lat + 2e6 / 8 / 50e3));
  g_assert_cmpfloat (c->evaluation.iter_comm_us[0][TF_COMM_TP], ==, 0);

  /* pp = 8: stage neighbours 6 -> 2, 2 -> 0, 0 -> 5, 5 -> 7, 7 -> 1, 1 -> 3, 3 -> 4; the worst
   * is 5 -> 7, 4 hops over B2B, R2R, R2R, B2B: 4 lat + A / 50. m = 1 micro-batch: the 1F1B path
   * crosses 2 (1 + 8 - 2) = 14 boundaries. */
  wl = tf_test_workload_setup (&config, 0, 1, 8, 1, 1);
  wl->hidden_size = 64;
  wl->sequence_length = 1024;
  wl->layers = 8;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_PP], 14 * (4 * lat + A / 50e3));

  /* tp = 2, dp = 4: TP groups are the boards (C2C, 1 hop, 900 GB/s); DP groups take every
   * other rank: t = 0: 6 0 7 3, t = 1: 2 5 1 4, rings with hops 2 4 2 4. Both rings run at
   * once, so each R2R link direction carries two flows (up from tor0: 0 -> 7 and 5 -> 1; up
   * from tor1: 3 -> 6 and 4 -> 2): beta 50 / 2 = 25. Alone, a ring would have beta 50. */
  wl = tf_test_workload_setup (&config, 0, 2, 1, 4, 1);
  wl->hidden_size = 64;
  wl->sequence_length = 1024;
  wl->parameters = 1e6;
  wl->global_batch_size = 4;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_TP] / 4, 2 * (lat + A / 2 / 900e3));
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_DP],
                        6 * (4 * lat + 1e6 * 2 / 2 / 4 / 25e3));

  /* ep = 2 inside dp = 4: expert groups are the first and the last two ranks of each DP group:
   * chips 6 0 | 7 3 and 2 5 | 1 4, all pairs 2 hops apart inside a rack. Injection 900 + 50
   * GB/s per chip; no bisection known (0), so no bisection bound. 2 (1 / 1) 1 calls. */
  wl->ep = 2;
  g_assert_cmpfloat (c->evaluation.bisection_bandwidth, ==, 0);
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_EP] / (2 * 1 * 1),
                        2 * lat + A / 2 / 950e3);

  /* tp * pp * dp must be n_chip; ep must divide dp. */
  wl->tp = 4;
  g_assert_false (tf_evaluate_iteration (&config, c, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
  g_clear_error (&error);
  wl->tp = 2;
  wl->ep = 3;
  g_assert_false (tf_evaluate_iteration (&config, c, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
}

/* A whole iteration by hand on the same rack, tp = pp = dp = ep = 2. */
static void
test_iteration_by_hand (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate_load (hand_rack_yaml);
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  TfWorkload *wl;
  double lat = 0.5, A, G, m, t_tp, t_pp, t_dp, t_ep, expected;

  tf_test_config_setup (&config, &c->topology, lat);
  wl = tf_test_workload_setup (&config, 0, 2, 2, 2, 2);
  wl->layers = 4;
  wl->global_batch_size = 8;
  wl->micro_batch_size = 1;
  wl->sequence_length = 1024;
  wl->hidden_size = 512;
  wl->bytes_per_value = 2;
  wl->parameters = 1e6;
  wl->compute_time_us = 1000;
  wl->overlap[TF_COMM_TP] = 1;
  wl->overlap[TF_COMM_PP] = 0.5;
  wl->overlap[TF_COMM_DP] = 0.25;
  wl->overlap[TF_COMM_EP] = 1;
  /* Layer 1's bisection of this graph: the one R2R link between the racks. */
  c->evaluation.bisection_bandwidth = 50;

  A = 1.0 * 1024 * 512 * 2;         /* 1 MiB of activations */
  G = 1e6 * 2 / (2 * 2);            /* the stage's gradient shard */
  m = 8.0 / (2 * 1);                /* 4 micro-batches */
  /* Ranks 0..7 run on chips 6 2 0 5 7 1 3 4. TP groups (same d, p) are ranks {0,1} {2,3}
   * {4,5} {6,7}: the boards, 1 hop of C2C. */
  t_tp = 2 * (1 * lat + A / 2 / 900e3);
  /* DP groups (same t, p): ranks {0,2} = chips 6 0, {1,3} = 2 5, {4,6} = 7 3, {5,7} = 1 4:
   * inside a rack, 2 hops over B2B (50 GB/s), one flow per direction. */
  t_dp = 2 * (2 * lat + G / 2 / 50e3);
  /* PP pairs rank r -> r + 4: 6 -> 7, 2 -> 1, 0 -> 3, 5 -> 4, across the racks: 4 hops, the
   * four at once over the one R2R path: 50 / 4 = 12.5 GB/s each. */
  t_pp = 4 * lat + A / 12.5e3;
  /* EP groups (ep = 2 consecutive ranks of a DP group) are the DP pairs: 2 hops; injection
   * 900 + 50 GB/s per chip against the pair's share of the bisection, 50 * 2 / 8 = 12.5 GB/s,
   * for 2 A / 4 bytes: the bisection share bounds it. */
  t_ep = 1 * (2 * lat) + MAX (A / 2 / 950e3, 2 * A / 4 / 12.5e3);

  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  g_assert_no_error (error);
  g_assert_true (c->evaluation.layers & TF_LAYER_ITERATION);
  g_assert_true (c->evaluation.layers & TF_LAYER_WORKFLOW);
  tf_test_assert_close (c->evaluation.iter_compute_us[0], 1000 * (1 + 1 / m));
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_TP], t_tp * 4 * (4 / 2) * m * 1);
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_PP], t_pp * 2 * (m + 2 - 2) * 0.5);
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_DP], t_dp * 1 * 0.25);
  tf_test_assert_close (c->evaluation.iter_comm_us[0][TF_COMM_EP], t_ep * 2 * (4 / 2) * m * 1);
  expected = 1250 + t_tp * 32 + t_pp * 4 + t_dp * 0.25 + t_ep * 16;
  tf_test_assert_close (c->evaluation.iter_time_us[0], expected);
  tf_test_assert_close (c->evaluation.workflow_time_us, expected);

  /* Fully hidden communication costs nothing. */
  for (guint k = 0; k < TF_N_COMMS; k++)
    wl->overlap[k] = 0;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  tf_test_assert_close (c->evaluation.iter_time_us[0], 1250);
}

/* Layer 4: the weighted mean of the workloads' iteration times. */
static void
test_workflow_weights (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate_load (hand_rack_yaml);
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  TfWorkload *wl;
  double t0, t1;

  tf_test_config_setup (&config, &c->topology, 1.0);
  wl = tf_test_workload_setup (&config, 0, 2, 1, 4, 1);
  wl->hidden_size = 256;
  wl->sequence_length = 128;
  wl->parameters = 1e7;
  wl->compute_time_us = 500;
  wl->weight = 1;
  wl = tf_test_workload_setup (&config, 1, 8, 1, 1, 1);
  wl->hidden_size = 1024;
  wl->sequence_length = 512;
  wl->layers = 3;
  wl->compute_time_us = 2000;
  wl->weight = 3;

  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  g_assert_no_error (error);
  t0 = c->evaluation.iter_time_us[0];
  t1 = c->evaluation.iter_time_us[1];
  g_assert_cmpfloat (t0, >, 500);
  g_assert_cmpfloat (t1, >, 2000);
  g_assert_cmpfloat (fabs (t0 - t1), >, 1);
  tf_test_assert_close (c->evaluation.workflow_time_us, (1 * t0 + 3 * t1) / 4);

  /* One workload: the identity. */
  config.n_workloads = 1;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  tf_test_assert_close (c->evaluation.workflow_time_us, t0);
  tf_test_assert_close (c->evaluation.iter_time_us[0], t0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/evaluator/iteration/rank-mapping", test_rank_mapping);
  g_test_add_func ("/engine/evaluator/iteration/iteration-by-hand", test_iteration_by_hand);
  g_test_add_func ("/engine/evaluator/iteration/workflow-weights", test_workflow_weights);

  return g_test_run ();
}
