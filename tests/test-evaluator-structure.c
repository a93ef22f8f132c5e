/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluator-structure.c: Layer 1 against brute force (evaluator-structure-oracle.c) and
 * known answers on hand-made graphs: graphs where a failure cuts chips off; a vertex-transitive
 * graph with unequal multiplicities (no Mader shortcut); link failures by hand. The sweeps over
 * families, long and random graphs are test-evaluator-structure-sweeps.c.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator-structure-oracle.h"
#include "structure-private.h"
#include "test-util.h"

/* A two-layer fat-tree with single-homed chips: losing a leaf cuts its chips off. */
static void
test_leaf_cut (void)
{
  TfContext ctx = tf_test_context (32, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  BfPaths bf;
  const TfEvaluation *ev;

  tf_search_config_init (&config);
  g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32", NULL, NULL,
                              &t, &error));
  bf_paths (&t.graph, TF_FAILURES_SWITCHES, 0, &bf);
  candidate->topology = t;
  memset (&t, 0, sizeof t);
  g_assert_true (tf_evaluate (&config, candidate, TF_LAYER_STRUCTURE, NULL, &error));
  g_assert_no_error (error);
  ev = &candidate->evaluation;

  /* 8 leaves of 4 chips, 4 spines: a leaf takes 4 x 31 + 28 x 4 of 32 x 31 ordered pairs. */
  g_assert_cmpuint (ev->failure_cases, ==, 12);
  assert_close (ev->disconnected_fraction, 8.0 / 12 * (4.0 * 31 + 28 * 4) / (32.0 * 31),
                "disconnected_fraction", "fat-tree k=8");
  assert_close (ev->disconnected_fraction, bf.disconnected_fraction, "disconnected_fraction",
                "fat-tree k=8");
  /* Whole: 8 x 12 pairs in a leaf at 2 hops, 896 across at 4. Without a leaf: 7 x 12 at 2,
   * 672 at 4, and 236 cut at 32 hops (n_chip). A spine changes nothing. */
  assert_close (ev->apl, (96 * 2 + 896 * 4) / 992.0, "apl", "fat-tree k=8");
  assert_close (ev->apl_fail,
                (8 * (84 * 2 + 672 * 4 + 236 * 32.0) / 992 + 4 * (96 * 2 + 896 * 4) / 992.0) / 12,
                "apl_fail", "fat-tree k=8");
  assert_close (ev->apl_fail, bf.apl_fail, "apl_fail", "fat-tree k=8");
  /* The old mean over the pairs still linked rewarded the cut: below apl. */
  g_assert_cmpfloat (bf.apl_fail_reached, <, ev->apl);
  g_assert_cmpfloat (ev->apl_fail, >, ev->apl);
  g_assert_cmpuint (ev->diameter, ==, 4);
  g_assert_cmpuint (ev->switch_diversity, ==, 4);   /* a leaf's four uplinks */
}

/* Small hand-made cases with known answers. */
static void
test_known (void)
{
  /* A star of 4 chips around a switch, and a fifth chip on a second switch. */
  static const guint32 star[][3] = {
    { 0, 5, 1 }, { 1, 5, 1 }, { 2, 5, 1 }, { 3, 5, 1 }, { 4, 6, 1 }, { 5, 6, 3 },
  };
  /* A path of chips 0 - 1 - 2 (a direct network): chip 1 carries everything. */
  static const guint32 path[][3] = { { 0, 1, 1 }, { 1, 2, 2 } };
  /* Two components. */
  static const guint32 split[][3] = { { 0, 1, 1 }, { 2, 3, 1 } };
  /* A 4-cycle of chips, links alternately 3 and 1 deep. */
  static const guint32 heavy_pairs[][3] = { { 0, 1, 3 }, { 2, 3, 3 }, { 0, 2, 1 }, { 1, 3, 1 } };
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;

  tf_search_config_init (&config);
  {
    g_autoptr(TfCandidate) c = tf_candidate_new ();

    make_graph (&c->topology, 5, 2, star, G_N_ELEMENTS (star));
    g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, NULL, &error));
    g_assert_no_error (error);
    /* Pairs among chips 0-3: 12 at 2 hops; with chip 4: 8 at 3 hops. */
    assert_close (c->evaluation.apl, (12 * 2 + 8 * 3) / 20.0, "apl", "star");
    g_assert_cmpuint (c->evaluation.diameter, ==, 3);
    g_assert_cmpuint (c->evaluation.failure_cases, ==, 2);
    /* Losing switch 5 leaves every pair cut, each at 5 hops (n_chip); losing switch 6 cuts
     * chip 4 off: 12 pairs at 2 hops, 8 at 5. */
    assert_close (c->evaluation.disconnected_fraction, (1.0 + 8.0 / 20) / 2, "disc", "star");
    assert_close (c->evaluation.apl_fail, (5 + (12 * 2 + 8 * 5) / 20.0) / 2, "apl_fail", "star");
    g_assert_cmpuint (c->evaluation.switch_diversity, ==, 3);
  }
  {
    g_autoptr(TfCandidate) c = tf_candidate_new ();

    make_graph (&c->topology, 3, 0, path, G_N_ELEMENTS (path));
    g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, NULL, &error));
    assert_close (c->evaluation.apl, 8.0 / 6, "apl", "path");
    g_assert_cmpuint (c->evaluation.diameter, ==, 2);
    g_assert_cmpuint (c->evaluation.failure_cases, ==, 3);
    /* Losing chip 0 or 2 leaves a pair at one hop; losing chip 1 cuts the other two apart,
     * 3 hops (n_chip) each. */
    assert_close (c->evaluation.apl_fail, (1 + 1 + 3) / 3.0, "apl_fail", "path");
    assert_close (c->evaluation.disconnected_fraction, 1.0 / 3, "disc", "path");
    g_assert_cmpuint (c->evaluation.switch_diversity, ==, 1);
  }
  {
    /* Vertex-transitive with unequal multiplicities: degree 4, but the cut between the heavy
     * pairs holds 2 links, so Mader's theorem must not be used. */
    g_auto(TfTopology) t = { 0 };

    make_graph (&t, 4, 0, heavy_pairs, G_N_ELEMENTS (heavy_pairs));
    check_candidate (&t, TRUE, "heavy pairs");
  }
  {
    g_autoptr(TfCandidate) c = tf_candidate_new ();

    make_graph (&c->topology, 4, 0, heavy_pairs, G_N_ELEMENTS (heavy_pairs));
    c->chip_transitive = TRUE;
    g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, NULL, &error));
    g_assert_cmpuint (c->evaluation.switch_diversity, ==, 2);
  }
  {
    g_autoptr(TfCandidate) c = tf_candidate_new ();

    make_graph (&c->topology, 4, 0, split, G_N_ELEMENTS (split));
    g_assert_false (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, NULL, &error));
    g_assert_error (error, TF_ERROR, TF_ERROR_INVARIANT);
    g_assert_true (g_str_has_prefix (error->message, "connectivity: "));
    g_assert_false (c->evaluation.layers & (TF_LAYER_PATHS | TF_LAYER_STRUCTURE));
  }
}

/* Boards of 5-chip rings hung off leaf switches: Layer 1 searches one chip per orbit (a board
 * like another under the same leaf, a chip like another of its ring), and its sums and hop
 * table read through the automorphisms are brute force's. */
static void
test_orbits (void)
{
  /* Chips 0-19 in boards of five, ringed; boards 0 and 1 on leaf 20, 2 and 3 on leaf 21;
   * leaves to spines 22 and 23; chip 19 also to spine 22, leaving board 3 a reflection only. */
  guint32 links[4 * 5 * 2 + 4 + 1][3];
  guint n = 0;
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) c = tf_candidate_new ();
  g_autoptr(GError) error = NULL;
  g_auto(TfTopology) t = { 0 };
  const TfHopTable *hops;

  for (guint b = 0; b < 4; b++)
    for (guint i = 0; i < 5; i++)
      {
        guint32 chip = 5 * b + i;

        links[n][0] = chip, links[n][1] = 5 * b + (i + 1) % 5, links[n++][2] = 1;
        links[n][0] = chip, links[n][1] = b < 2 ? 20 : 21, links[n++][2] = 1;
      }
  for (guint l = 20; l <= 21; l++)
    for (guint sp = 22; sp <= 23; sp++)
      links[n][0] = l, links[n][1] = sp, links[n++][2] = 2;
  links[n][0] = 19, links[n][1] = 22, links[n++][2] = 1;
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (links));

  tf_search_config_init (&config);
  make_graph (&c->topology, 20, 4, (const guint32 (*)[3]) links, n);
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, NULL, &error));
  g_assert_no_error (error);
  hops = c->hop_cache;
  g_assert_nonnull (hops);
  /* Boards 0 and 1: one source; board 2: one; board 3: chip 19, then 15 or 18, 16 or 17. */
  g_assert_cmpuint (hops->n_classes, ==, 20);
  g_assert_cmpuint (hops->n_rows, ==, 5);

  make_graph (&t, 20, 4, (const guint32 (*)[3]) links, n);
  check_candidate (&t, FALSE, "rings on leaves");
}

/* A rail-optimized 3-level fat-tree of 4-chip ring boards: a board's chips sit on four leaves,
 * so no swap fixing switches moves a chip off its leaf, and the hop table keeps a row per rail
 * group's chip; swapping rail groups with their leaves, then pods with their aggregation
 * switches, leaves one failure search per chip of one board. The sums are brute force's. */
static void
test_rail_swaps (void)
{
  TfContext ctx = tf_test_context (128, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_RING);
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) c = tf_candidate_new ();
  g_autoptr(GError) error = NULL;
  g_auto(TfTopology) t = { 0 };
  const char *id = "fat-tree:layers=3,k=8,osr=1,n_endpoint=32,attach=rail";
  const TfHopTable *hops;

  tf_search_config_init (&config);
  g_assert_true (tf_generate (&ctx, id, NULL, NULL, &c->topology, &error));
  g_assert_no_error (error);
  g_assert_true (tf_generate (&ctx, id, NULL, NULL, &t, &error));
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, NULL, &error));
  g_assert_no_error (error);
  hops = c->hop_cache;
  g_assert_nonnull (hops);
  g_assert_nonnull (hops->orbits);
  g_assert_cmpuint (hops->n_classes, ==, 128);
  g_assert_cmpuint (hops->n_rows, ==, 32);            /* 8 rail groups x 4 rails */
  g_assert_cmpuint (hops->orbits->n_orbits, ==, 4);   /* one board's chips */
  check_candidate (&t, FALSE, id);
}

/* Evaluates a hand-made graph of @n_chip chips and @n_switch switches with @failures and the
 * default penalty. */
static void
evaluate_hand_made (TfCandidate   *c,
                    guint          n_chip,
                    guint          n_switch,
                    const guint32 (*links)[3],
                    guint          n_links,
                    TfFailures     failures)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;

  tf_search_config_init (&config);
  config.failures = failures;
  tf_topology_clear (&c->topology);
  make_graph (&c->topology, n_chip, n_switch, links, n_links);
  memset (&c->evaluation, 0, sizeof c->evaluation);   /* a new graph: nothing cached */
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE, NULL, &error));
  g_assert_no_error (error);
}

/* Removing a link so that failures cut chips off used to lower apl_fail (the cut pairs left
 * the mean); now a cut pair counts n_chip hops and the same edit raises it. */
static void
test_cut_is_worse (void)
{
  /* Chips 0, 1 on switch 4, chips 2, 3 on switch 6, 4 - 5 - 6, and chip 3 also on switch 4. */
  static const guint32 dual[][3] = {
    { 0, 4, 1 }, { 1, 4, 1 }, { 2, 6, 1 }, { 3, 6, 1 }, { 4, 5, 1 }, { 5, 6, 1 }, { 3, 4, 1 },
  };
  g_autoptr(TfCandidate) whole = tf_candidate_new ();
  g_autoptr(TfCandidate) edited = tf_candidate_new ();
  BfPaths bf_whole, bf_edited;

  /* Whole: losing 5 leaves 0 and 1 four hops from 2 (through chip 3): 32 / 12; losing 4 cuts
   * 0 and 1 off, 10 pairs at 4 hops and 2 at 2 hops; losing 6 cuts chip 2 off, 6 and 6. */
  evaluate_hand_made (whole, 4, 3, dual, G_N_ELEMENTS (dual), TF_FAILURES_SWITCHES);
  assert_close (whole->evaluation.apl_fail, (32 / 12.0 + 44 / 12.0 + 36 / 12.0) / 3,
                "apl_fail", "dual-homed chip");
  /* Without chip 3's second link: losing 5 splits {0, 1} from {2, 3}, losing 6 cuts both. */
  evaluate_hand_made (edited, 4, 3, dual, G_N_ELEMENTS (dual) - 1, TF_FAILURES_SWITCHES);
  assert_close (edited->evaluation.apl_fail, (40 / 12.0 + 44 / 12.0 + 44 / 12.0) / 3,
                "apl_fail", "single-homed chips");
  g_assert_cmpfloat (edited->evaluation.apl_fail, >, whole->evaluation.apl_fail);
  g_assert_cmpfloat (edited->evaluation.disconnected_fraction, >,
                     whole->evaluation.disconnected_fraction);

  /* The old definition went the other way. */
  bf_paths (&whole->topology.graph, TF_FAILURES_SWITCHES, 0, &bf_whole);
  bf_paths (&edited->topology.graph, TF_FAILURES_SWITCHES, 0, &bf_edited);
  assert_close (bf_whole.apl_fail_reached, (32 / 12.0 + 2 + 2) / 3, "old apl_fail", "dual");
  assert_close (bf_edited.apl_fail_reached, 2, "old apl_fail", "single");
  g_assert_cmpfloat (bf_edited.apl_fail_reached, <, bf_whole.apl_fail_reached);
}

/* A switch whose failure changes nothing games apl_fail, a mean over the failures, and not
 * apl_fail_excess, their sum (docs/spec-notes.md, "A fault objective that cannot be gamed"):
 * eight chips two to a leaf (switches 8 to 11), two spines (12, 13), then a third spine (14)
 * on leaves 0 to 2 alone, three neighbours, so not dead hardware, every path it offers as long
 * as one through the others. */
static void
test_excess_not_gamed (void)
{
  static const guint32 tree[][3] = {
    { 0, 8, 1 }, { 1, 8, 1 }, { 2, 9, 1 }, { 3, 9, 1 }, { 4, 10, 1 }, { 5, 10, 1 },
    { 6, 11, 1 }, { 7, 11, 1 }, { 8, 12, 1 }, { 9, 12, 1 }, { 10, 12, 1 }, { 11, 12, 1 },
    { 8, 13, 1 }, { 9, 13, 1 }, { 10, 13, 1 }, { 11, 13, 1 }, { 8, 14, 1 }, { 9, 14, 1 },
    { 10, 14, 1 },
  };
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) plain = tf_candidate_new ();
  g_autoptr(TfCandidate) padded = tf_candidate_new ();
  double excess_plain, excess_padded;

  tf_search_config_init (&config);
  evaluate_hand_made (plain, 8, 6, tree, G_N_ELEMENTS (tree) - 3, TF_FAILURES_SWITCHES);
  evaluate_hand_made (padded, 8, 7, tree, G_N_ELEMENTS (tree), TF_FAILURES_SWITCHES);
  g_assert_cmpint (tf_network_graph_find_dead_switch (&padded->topology.graph, NULL, NULL), ==,
                   TF_DEAD_SWITCH_NONE);
  /* A leaf's failure cuts its two chips: 24 pairs to the others at 4 hops and their own two at
   * 2, each now counting n_chip = 8: (24 x 4 + 2 x 6) / 56 more, four leaves; a spine's
   * failure nothing. */
  excess_plain = tf_candidate_get_objective (&config, plain, TF_OBJECTIVE_APL_FAIL_EXCESS);
  excess_padded = tf_candidate_get_objective (&config, padded, TF_OBJECTIVE_APL_FAIL_EXCESS);
  assert_close (excess_plain, 4 * 108 / 56.0, "apl_fail_excess", "two spines");
  assert_close (excess_padded, excess_plain, "apl_fail_excess", "a third, useless");
  /* The mean falls by the useless switch's share: the gaming the sum stops. */
  assert_close (padded->evaluation.apl_fail,
                (6 * plain->evaluation.apl_fail + plain->evaluation.apl) / 7, "apl_fail",
                "a third, useless");
  g_assert_cmpfloat (padded->evaluation.apl_fail, <, plain->evaluation.apl_fail);
}

/* Link failures by hand: chips 0, 1, 2 on switch 3 (chip 2 by two cables) and 0 - 1. */
static void
test_link_failures (void)
{
  static const guint32 triangle[][3] = { { 0, 3, 1 }, { 1, 3, 1 }, { 2, 3, 2 }, { 0, 1, 1 } };
  g_autoptr(TfCandidate) c = tf_candidate_new ();

  /* Whole: 0 - 1 one hop, 0 - 2 and 1 - 2 two: 10 / 6. Losing switch 3 cuts chip 2 off: 4 pairs
   * at 3 hops (n_chip), 2 at one: 14 / 6. Losing 0 - 3: 0 reaches 2 through 1 in 3 hops:
   * 12 / 6; 1 - 3 alike; 0 - 1: 0 and 1 two hops apart, 12 / 6; one of 2 - 3's two cables: no
   * change, 10 / 6. */
  evaluate_hand_made (c, 3, 1, triangle, G_N_ELEMENTS (triangle),
                      TF_FAILURES_SWITCHES_AND_LINKS);
  g_assert_cmpuint (c->evaluation.failure_cases, ==, 5);
  assert_close (c->evaluation.apl, 10 / 6.0, "apl", "triangle");
  assert_close (c->evaluation.apl_fail, (14 + 12 + 12 + 10 + 12) / 6.0 / 5, "apl_fail",
                "triangle");
  assert_close (c->evaluation.disconnected_fraction, 4 / 6.0 / 5, "disc", "triangle");

  evaluate_hand_made (c, 3, 1, triangle, G_N_ELEMENTS (triangle), TF_FAILURES_SWITCHES);
  g_assert_cmpuint (c->evaluation.failure_cases, ==, 1);
  assert_close (c->evaluation.apl_fail, 14 / 6.0, "apl_fail", "triangle");
  assert_close (c->evaluation.disconnected_fraction, 4 / 6.0, "disc", "triangle");
}

/* The radix sort the quotient, the orbits and the rotation sort with orders as qsort () with
 * tf_keyed_compare (): small and large arrays, few distinct keys (long runs) and many, nodes out
 * of order. */
static void
test_keyed_sort (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (3);
  static const guint sizes[] = { 0, 1, 5, 63, 64, 65, 200, 1000, 5000 };

  for (guint si = 0; si < G_N_ELEMENTS (sizes); si++)
    for (guint spread = 0; spread < 3; spread++)
      {
        guint n = sizes[si];
        g_autofree TfKeyed *a = g_new (TfKeyed, MAX (n, 1));
        g_autofree TfKeyed *b = g_new (TfKeyed, MAX (n, 1));

        for (guint i = 0; i < n; i++)
          {
            guint64 key = spread == 0 ? (guint64) g_rand_int_range (rng, 0, 4)
                          : spread == 1 ? g_rand_int (rng)
                          : ((guint64) g_rand_int (rng) << 32) | g_rand_int (rng);

            a[i] = (TfKeyed) { key, g_rand_int_range (rng, 0, 3) == 0 ? g_rand_int (rng) : (guint32) i };
          }
        memcpy (b, a, sizeof (TfKeyed) * n);
        qsort (a, n, sizeof (TfKeyed), tf_keyed_compare);
        tf_keyed_sort (b, n);
        g_assert_cmpmem (a, sizeof (TfKeyed) * n, b, sizeof (TfKeyed) * n);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/evaluator/structure/known", test_known);
  g_test_add_func ("/engine/evaluator/structure/keyed-sort", test_keyed_sort);
  g_test_add_func ("/engine/evaluator/structure/leaf-cut", test_leaf_cut);
  g_test_add_func ("/engine/evaluator/structure/orbits", test_orbits);
  g_test_add_func ("/engine/evaluator/structure/rail-swaps", test_rail_swaps);
  g_test_add_func ("/engine/evaluator/structure/cut-is-worse", test_cut_is_worse);
  g_test_add_func ("/engine/evaluator/structure/link-failures", test_link_failures);
  g_test_add_func ("/engine/evaluator/structure/excess-not-gamed", test_excess_not_gamed);
  return g_test_run ();
}
