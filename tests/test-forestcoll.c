/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-forestcoll.c: ForestColl's AllGather bound (forestcoll.c) against every node set of
 * small graphs, and by hand. */
#include <math.h>
#include <string.h>

#include "forestcoll-private.h"
#include "test-util.h"

/* A graph of @n_chip chips and @n_switch switches with room for @room links, each of its own
 * bandwidth in @gbps. */
typedef struct
{
  TfNetworkGraph graph;
  double         gbps[64];
} Case;

static void
case_init (Case  *c,
           guint  n_chip,
           guint  n_switch)
{
  tf_network_graph_init (&c->graph);
  c->graph.n_chip = n_chip;
  c->graph.n_switch = n_switch;
  c->graph.switches = g_new0 (TfSwitch, MAX (n_switch, 1));
  for (guint s = 0; s < n_switch; s++)
    c->graph.switches[s].id = g_strdup_printf ("sw%u", s);
  c->graph.links = g_new0 (TfLink, G_N_ELEMENTS (c->gbps));
}

static void
case_link (Case   *c,
           guint32 a,
           guint32 b,
           double  gbps)
{
  g_assert_cmpuint (c->graph.n_links, <, G_N_ELEMENTS (c->gbps));
  c->graph.links[c->graph.n_links] = (TfLink) { a, b, 1, TF_LINK_B2B, TF_REACH_RACK };
  c->gbps[c->graph.n_links++] = gbps;
}

/* The largest over every node set S holding a chip but not all of |V_c \ S| / (N B_in (S)). */
static double
brute_force (const Case *c)
{
  const TfNetworkGraph *g = &c->graph;
  guint n_nodes = g->n_chip + g->n_switch;
  guint32 chips = (1u << g->n_chip) - 1;
  double best = 0;

  g_assert_cmpuint (n_nodes, <=, 20);
  for (guint32 s = 1; s < (1u << n_nodes); s++)
    {
      double in = 0;

      if ((s & chips) == 0 || (s & chips) == chips)
        continue;
      for (guint i = 0; i < g->n_links; i++)
        if (((s >> g->links[i].a) & 1) != ((s >> g->links[i].b) & 1))
          in += c->gbps[i];
      best = MAX (best, (g->n_chip - __builtin_popcount (s & chips)) / (in * g->n_chip));
    }
  return best;
}

static double
bound (const Case *c,
       gboolean    every_chip,
       guint      *steps)
{
  g_autofree guint32 *sinks = NULL;
  guint n;

  if (every_chip)
    {
      n = c->graph.n_chip;
      sinks = g_new (guint32, n);
      for (guint i = 0; i < n; i++)
        sinks[i] = i;
    }
  else
    sinks = tf_forestcoll_sinks (&c->graph, c->gbps, FALSE, &n);
  return tf_forestcoll_ns_per_byte (&c->graph, c->gbps, sinks, n, steps);
}

static void
assert_close (double got,
              double expected)
{
  g_assert_cmpfloat (expected, >, 0);
  g_assert_cmpfloat_with_epsilon (got / expected, 1, 1e-9);
}

/* Both ways of choosing the sinks agree with every set. */
static void
check_case (Case *c)
{
  double expected = brute_force (c);
  guint steps;

  assert_close (bound (c, TRUE, &steps), expected);
  g_assert_cmpuint (steps, >=, 1);
  assert_close (bound (c, FALSE, NULL), expected);
  tf_network_graph_clear (&c->graph);
}

static void
test_ring (void)
{
  for (guint n = 4; n <= 6; n++)
    {
      Case c;

      case_init (&c, n, 0);
      for (guint i = 0; i < n; i++)
        case_link (&c, i, (i + 1) % n, 25);
      /* Every arc of the ring is entered by two links: one chip, missing N - 1 shares, binds. */
      assert_close (brute_force (&c), (n - 1.0) / (n * 50.0));
      check_case (&c);
    }
}

/* N chips on one switch at b GB/s: T* = (N - 1) / N M / b. */
static void
test_star (void)
{
  for (guint n = 2; n <= 8; n++)
    {
      Case c;
      double b = 50;

      case_init (&c, n, 1);
      for (guint i = 0; i < n; i++)
        case_link (&c, i, n, b);
      assert_close (bound (&c, FALSE, NULL), (n - 1.0) / n / b);
      check_case (&c);
    }
}

/* Two leaves of three chips each at 50 GB/s, two spines, each leaf one 10 GB/s link to each
 * spine: 150:20 oversubscribed, so a leaf's uplinks, not a chip's links, bind. */
static void
test_fat_tree (void)
{
  Case c;
  guint leaf[2] = { 6, 7 }, spine[2] = { 8, 9 };

  case_init (&c, 6, 4);
  for (guint i = 0; i < 6; i++)
    case_link (&c, i, leaf[i / 3], 50);
  for (guint l = 0; l < 2; l++)
    for (guint s = 0; s < 2; s++)
      case_link (&c, leaf[l], spine[s], 10);
  /* A leaf with its chips misses 3 of 6 shares through 20 GB/s. */
  assert_close (brute_force (&c), 3.0 / (6 * 20.0));
  check_case (&c);

  /* One spine's links twice as fast: no orbits of the plain graph keep that, but a leaf's chips
   * are still twins, one sink a leaf. */
  {
    g_autofree guint32 *sinks = NULL;
    guint n;

    case_init (&c, 6, 4);
    for (guint i = 0; i < 6; i++)
      case_link (&c, i, leaf[i / 3], 50);
    for (guint l = 0; l < 2; l++)
      for (guint s = 0; s < 2; s++)
        case_link (&c, leaf[l], spine[s], 10 * (s + 1));
    sinks = tf_forestcoll_sinks (&c.graph, c.gbps, FALSE, &n);
    g_assert_cmpuint (n, ==, 2);
    assert_close (brute_force (&c), 3.0 / (6 * 30.0));
    check_case (&c);
  }
}

/* Random connected graphs of up to 10 nodes, some of them switches, bandwidths unequal. */
static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (33);

  for (guint round = 0; round < 200; round++)
    {
      guint n_chip = g_rand_int_range (rand, 2, 8);
      guint n_switch = g_rand_int_range (rand, 0, 11 - n_chip);
      guint n_nodes = n_chip + n_switch, extra = g_rand_int_range (rand, 0, 2 * n_nodes);
      gboolean uniform = round % 4 == 0;
      Case c;

      case_init (&c, n_chip, n_switch);
      /* A random tree first, then more links; a pair may be linked twice. */
      for (guint v = 1; v < n_nodes; v++)
        case_link (&c, g_rand_int_range (rand, 0, v), v,
                   uniform ? 10 : g_rand_int_range (rand, 1, 9) * 12.5);
      for (guint i = 0; i < extra; i++)
        {
          guint a = g_rand_int_range (rand, 0, n_nodes), b = g_rand_int_range (rand, 0, n_nodes);

          if (a != b)
            case_link (&c, a, b, uniform ? 10 : g_rand_int_range (rand, 1, 9) * 12.5);
        }
      check_case (&c);
    }
}

static void
test_disconnected (void)
{
  Case c;
  g_autofree guint32 *sinks = NULL;
  guint n;

  case_init (&c, 4, 0);
  case_link (&c, 0, 1, 10);
  case_link (&c, 2, 3, 10);
  sinks = tf_forestcoll_sinks (&c.graph, c.gbps, FALSE, &n);
  g_assert_true (isinf (tf_forestcoll_ns_per_byte (&c.graph, c.gbps, sinks, n, NULL)));
  tf_network_graph_clear (&c.graph);
}

/* Layer 2's figure: 16 chips on one switch at b GB/s, the largest message M: (N - 1) / N M / b
 * for an AllGather, twice it for the objective, and the candidate file carries both back. */
static void
test_evaluator_single_switch (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(TfCandidate) c = NULL;
  g_autoptr(TfCandidate) back = NULL;
  g_autoptr(GString) yaml = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  const TfNetworkGraph *g;
  g_autofree double *gbps = NULL;
  TfObjective o;
  double bytes, expected;

  tf_test_search_config (16, "[single-switch]", 10, 1, 1, NULL, &config);
  c = tf_test_family_candidate (&config, "single-switch:n_endpoint=16", 1);
  g = &c->topology.graph;
  gbps = g_new (double, g->n_links);
  tf_network_graph_link_gbps (g, &c->topology.context, gbps);
  g_assert_cmpuint (g->n_links, ==, 16);
  g_assert_cmpfloat (gbps[0], >, 0);
  bytes = config.workloads[0].message_sizes[config.workloads[0].n_message_sizes - 1];
  expected = 15.0 / 16 * bytes / (gbps[0] * 1e3);

  /* Asked alone, the bound needs no alpha-beta routing. */
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_FORESTCOLL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (c->evaluation.layers & TF_LAYER_FORESTCOLL);
  g_assert_false (c->evaluation.layers & TF_LAYER_COLLECTIVES);
  tf_test_assert_close (c->evaluation.forestcoll_us, expected);
  g_assert_true (tf_objective_from_string ("forestcoll_allreduce", &o));
  g_assert_cmpuint (tf_objective_get_layers (o), ==, TF_LAYER_FORESTCOLL);
  tf_test_assert_close (tf_candidate_get_objective (&config, c, o), 2 * expected);

  /* Beside the alpha-beta times, which it bounds from below. */
  g_assert_true (tf_evaluate (&config, c, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES, NULL,
                              &error));
  g_assert_cmpfloat (2 * c->evaluation.forestcoll_us, <=,
                     c->evaluation.collective_us[0][TF_PRIMITIVE_ALL_REDUCE][1]);

  g_assert_true (tf_candidate_write_yaml (c, &config, yaml, &error));
  g_assert_nonnull (strstr (yaml->str, "forestcoll_allgather_us: "));
  g_assert_nonnull (strstr (yaml->str, "forestcoll_reduce_scatter_us: "));
  g_assert_nonnull (strstr (yaml->str, "forestcoll_allreduce_us: "));
  back = tf_candidate_new ();
  g_assert_true (tf_candidate_load_data ("back.yaml", yaml->str, yaml->len, back, &error));
  g_assert_no_error (error);
  g_assert_true (back->evaluation.layers & TF_LAYER_FORESTCOLL);
  g_assert_cmpfloat (back->evaluation.forestcoll_us, ==, c->evaluation.forestcoll_us);
}

/* A small search minimising the bound: its run folder carries it (the candidate files'
 * metrics, the summary's breakdown), loads back with it and writes again the same bytes. */
static void
test_run_folder (void)
{
  g_autofree char *path = tf_test_source_path ("data", "examples", "search-small.yaml", NULL);
  g_autofree char *first = g_dir_make_tmp ("tf-forestcoll-XXXXXX", NULL);
  g_autofree char *second = g_dir_make_tmp ("tf-forestcoll-XXXXXX", NULL);
  TfSearchOptions options = { .threads = 1 };
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchConfig) loaded = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  g_auto(TfSearchResult) back = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL, *again = NULL;
  guint violations;

  g_assert_true (tf_search_config_load_file (path, &config, &error));
  config.objectives[config.n_objectives - 1] = TF_OBJECTIVE_FORESTCOLL_ALL_REDUCE;
  config.population_size = 8;
  config.generations = 2;
  config.threads = 1;
  g_assert_true (tf_search_run (&config, &options, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.front->len, >, 0);
  g_assert_true (tf_search_output_write (first, NULL, &config, &result, &violations, &error));
  g_assert_no_error (error);
  g_assert_true (tf_search_output_load (first, &loaded, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (back.front->len, ==, result.front->len);
  for (guint i = 0; i < result.front->len; i++)
    {
      const TfCandidate *x = g_ptr_array_index (result.front, i);
      const TfCandidate *y = g_ptr_array_index (back.front, i);

      g_assert_cmpfloat (x->evaluation.forestcoll_us, >, 0);
      g_assert_true (y->evaluation.layers & TF_LAYER_FORESTCOLL);
      g_assert_cmpfloat (y->evaluation.forestcoll_us, ==, x->evaluation.forestcoll_us);
      g_assert_cmpfloat (y->objectives[config.n_objectives - 1], ==,
                         2 * x->evaluation.forestcoll_us);
    }
  g_assert_true (tf_search_output_write (second, NULL, &loaded, &back, &violations, &error));
  g_assert_no_error (error);
  summary = g_build_filename (first, "summary.yaml", NULL);
  again = g_build_filename (second, "summary.yaml", NULL);
  {
    g_autofree char *a = NULL, *b = NULL;

    g_assert_true (g_file_get_contents (summary, &a, NULL, NULL));
    g_assert_true (g_file_get_contents (again, &b, NULL, NULL));
    g_assert_nonnull (strstr (a, "forestcoll_bound_us: "));
    g_assert_cmpstr (a, ==, b);
  }
  tf_test_remove_tree (first);
  tf_test_remove_tree (second);
}

/* One measurement: the bound through the evaluator beside the alpha-beta AllReduce, its time,
 * and the same bound with every chip a sink. */
static void
measure (const TfSearchConfig *config,
         TfCandidate          *c,
         const char           *what)
{
  const TfNetworkGraph *g = &c->topology.graph;
  g_autoptr(GError) error = NULL;
  g_autofree double *gbps = g_new (double, g->n_links);
  g_autofree guint32 *sinks = NULL, *every = g_new (guint32, g->n_chip);
  guint n = config->workloads[0].n_message_sizes, n_sinks, steps;
  double bound_s, every_s, bound;
  gint64 start;

  c->evaluation.layers = 0;
  g_assert_true (tf_evaluate (config, c, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES, NULL,
                              &error));
  start = g_get_monotonic_time ();
  g_assert_true (tf_evaluate (config, c, TF_LAYER_FORESTCOLL, NULL, &error));
  bound_s = (g_get_monotonic_time () - start) / 1e6;
  g_assert_cmpfloat (2 * c->evaluation.forestcoll_us, <=,
                     c->evaluation.collective_us[0][TF_PRIMITIVE_ALL_REDUCE][n - 1]);

  tf_network_graph_link_gbps (g, &c->topology.context, gbps);
  sinks = tf_forestcoll_sinks (g, gbps, c->chip_transitive, &n_sinks);
  bound = tf_forestcoll_ns_per_byte (g, gbps, sinks, n_sinks, &steps);
  for (guint k = 0; k < g->n_chip; k++)
    every[k] = k;
  start = g_get_monotonic_time ();
  assert_close (tf_forestcoll_ns_per_byte (g, gbps, every, g->n_chip, NULL), bound);
  every_s = (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("%s: %u nodes, %u links; AllReduce of %" G_GUINT64_FORMAT " bytes: "
                  "alpha-beta %.1f us, ForestColl bound %.1f us (AllGather %.1f us); "
                  "bound in %.1f ms (%u sinks, %u steps; every chip a sink: %.1f ms)",
                  what, tf_network_graph_get_n_nodes (g), g->n_links,
                  config->workloads[0].message_sizes[n - 1],
                  c->evaluation.collective_us[0][TF_PRIMITIVE_ALL_REDUCE][n - 1],
                  2 * c->evaluation.forestcoll_us, c->evaluation.forestcoll_us,
                  bound_s * 1e3, n_sinks, steps, every_s * 1e3);
}

/* With -m perf: the bound beside the alpha-beta AllReduce on 1,024-chip fat-trees and tori, and
 * what it costs, as generated and with their last link removed (no symmetry declared). */
static void
test_perf_1024 (void)
{
  static const char *const ids[] = {
    "fat-tree:layers=3,k=16,osr=1,n_endpoint=1024",
    "fat-tree:layers=2,k=48,osr=2,n_endpoint=1024",
    "torus:dimension_sizes=32x32,board_shape=1x1",
    "torus:dimension_sizes=8x8x16,board_shape=1x1x1",
  };
  g_auto(TfSearchConfig) config = { 0 };

  if (!g_test_perf ())
    {
      g_test_skip ("a measurement: run with -m perf");
      return;
    }
  tf_test_search_config (1024, "[fat-tree, torus]", 10, 1, 1, NULL, &config);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(TfCandidate) c = tf_test_family_candidate (&config, ids[i], i + 1);
      g_autofree char *edited = g_strconcat (ids[i], " less a link", NULL);

      c->chip_transitive = c->topology.chip_transitive;   /* as the family generator sets it */
      measure (&config, c, ids[i]);
      c->topology.graph.n_links--;
      c->chip_transitive = FALSE;
      measure (&config, c, edited);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/forestcoll/ring", test_ring);
  g_test_add_func ("/engine/forestcoll/star", test_star);
  g_test_add_func ("/engine/forestcoll/fat-tree", test_fat_tree);
  g_test_add_func ("/engine/forestcoll/random", test_random);
  g_test_add_func ("/engine/forestcoll/disconnected", test_disconnected);
  g_test_add_func ("/engine/forestcoll/evaluator/single-switch", test_evaluator_single_switch);
  g_test_add_func ("/engine/forestcoll/evaluator/run-folder", test_run_folder);
  g_test_add_func ("/engine/forestcoll/perf/1024", test_perf_1024);
  return g_test_run ();
}
