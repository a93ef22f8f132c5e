/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluator-layers.c: Layers 2 to 5 of the evaluator against hand computation and brute force.
 *
 * Layer 2's routing is checked link by link against an independent enumeration of every shortest
 * path (Floyd-Warshall distances, paths listed one by one, each with its ECMP probability): one
 * link at a time is made the only slow link, so the time of a flow gives that link's load alone.
 * On fat-trees and hypercubes, where per-hop ECMP makes every shortest path equally likely, the
 * enumeration is checked against path counting as well. Layers 3 to 5 are checked on small
 * graphs whose numbers are worked out by hand in the comments.
 */
#include <math.h>
#include <string.h>

#include "optimizer-private.h"
#include "test-util.h"

#define MIB 1048576.0

static void
assert_close (double got,
              double expected)
{
  double tolerance = 1e-9 * MAX (1.0, fabs (expected));

  if (!(fabs (got - expected) <= tolerance))
    g_error ("got %.17g, expected %.17g", got, expected);
}

static TfCandidate *
candidate_generate (guint             n_chip,
                    TfIntraBoardTopo  topo,
                    guint             chip_radix,
                    const char       *id)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, topo);
  TfCandidate *candidate = tf_candidate_new ();
  g_autoptr(GError) error = NULL;

  ctx.chip_radix = chip_radix;
  if (!tf_generate (&ctx, id, NULL, NULL, &candidate->topology, &error))
    g_error ("%s: %s", id, error->message);
  return candidate;
}

static TfCandidate *
candidate_load (const char *yaml)
{
  TfCandidate *candidate = tf_candidate_new ();
  g_autoptr(GError) error = NULL;

  if (!tf_topology_load_data ("test.yaml", yaml, strlen (yaml), NULL, &candidate->topology,
                              &error))
    g_error ("%s", error->message);
  return candidate;
}

/* A configuration for @topology: its link bandwidths, @latency per hop, no workload yet. */
static void
config_setup (TfSearchConfig   *config,
              const TfTopology *topology,
              double            latency)
{
  tf_search_config_init (config);
  config->n_chip = topology->graph.n_chip;
  config->context = topology->context;
  config->hardware.link_latency_us = latency;
  config->n_workloads = 0;
}

/* One workload on all chips, AllReduce and AllToAll, the given sizes. */
static TfWorkload *
workload_setup (TfSearchConfig *config,
                guint           w,
                guint           tp,
                guint           pp,
                guint           dp,
                guint           ep)
{
  TfWorkload *wl = &config->workloads[w];

  config->n_workloads = MAX (config->n_workloads, w + 1);
  wl->weight = 1;
  wl->tp = tp;
  wl->pp = pp;
  wl->dp = dp;
  wl->ep = ep;
  wl->n_message_sizes = 0;
  wl->primitives = 0;
  wl->parameters = 0;
  wl->layers = 1;
  wl->hidden_size = 0;
  wl->sequence_length = 0;
  wl->global_batch_size = dp;
  wl->micro_batch_size = 1;
  wl->bytes_per_value = 2;
  wl->compute_time_us = 0;
  for (guint k = 0; k < TF_N_COMMS; k++)
    wl->overlap[k] = 1;
  return wl;
}

/* A model of @candidate under @config with a hop table; free with model_clear. */
typedef struct
{
  TfHopTable        hops;
  TfCollectiveModel model;
} Model;

static void
model_init (Model                *m,
            const TfSearchConfig *config,
            const TfNetworkGraph *graph,
            double                bisection)
{
  tf_hop_table_init (&m->hops, graph);
  tf_collective_model_init (&m->model, config, graph, &m->hops, &config->context,
                            bisection);
}

static void
model_clear (Model *m)
{
  tf_collective_model_clear (&m->model);
  tf_hop_table_clear (&m->hops);
}

/* Brute force: Floyd-Warshall distances and every shortest path listed. */

#define FAR 0x3fffffffu

typedef struct
{
  const TfNetworkGraph *g;
  guint                 n;
  guint                *dist;    /* n x n */
} Brute;

static void
brute_init (Brute                *b,
            const TfNetworkGraph *g)
{
  guint n = tf_network_graph_get_n_nodes (g);

  b->g = g;
  b->n = n;
  b->dist = g_new (guint, n * n);
  for (guint i = 0; i < n * n; i++)
    b->dist[i] = FAR;
  for (guint i = 0; i < n; i++)
    b->dist[i * n + i] = 0;
  for (guint i = 0; i < g->n_links; i++)
    {
      b->dist[g->links[i].a * n + g->links[i].b] = 1;
      b->dist[g->links[i].b * n + g->links[i].a] = 1;
    }
  for (guint k = 0; k < n; k++)
    for (guint i = 0; i < n; i++)
      for (guint j = 0; j < n; j++)
        if (b->dist[i * n + k] + b->dist[k * n + j] < b->dist[i * n + j])
          b->dist[i * n + j] = b->dist[i * n + k] + b->dist[k * n + j];
}

static void
brute_clear (Brute *b)
{
  g_free (b->dist);
}

/* Every shortest path from @u to @t, each adding @amount times its probability under per-hop
 * ECMP (each link one hop closer taken in proportion to its multiplicity) to the link directions
 * it uses: loads[2 l] for a -> b, loads[2 l + 1] for b -> a. */
static void
brute_paths (const Brute *b,
             guint        u,
             guint        t,
             double       probability,
             guint       *path,
             guint        depth,
             double       amount,
             double      *loads,
             guint64     *n_paths)
{
  const TfNetworkGraph *g = b->g;
  guint here = b->dist[u * b->n + t];
  double ways = 0;

  if (u == t)
    {
      for (guint i = 0; i < depth; i++)
        loads[path[i]] += amount * probability;
      (*n_paths)++;
      return;
    }
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      guint v = l->a == u ? l->b : l->b == u ? l->a : G_MAXUINT;

      if (v != G_MAXUINT && b->dist[v * b->n + t] + 1 == here)
        ways += l->multiplicity;
    }
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      guint v = l->a == u ? l->b : l->b == u ? l->a : G_MAXUINT;

      if (v == G_MAXUINT || b->dist[v * b->n + t] + 1 != here)
        continue;
      path[depth] = 2 * i + (l->a == u ? 0 : 1);
      brute_paths (b, v, t, probability * l->multiplicity / ways, path, depth + 1, amount,
                   loads, n_paths);
    }
}

static guint64
brute_flow (const Brute *b,
            guint        s,
            guint        t,
            double      *loads)
{
  g_autofree guint *path = g_new (guint, b->n + 1);
  guint64 n_paths = 0;

  if (s != t)
    brute_paths (b, s, t, 1.0, path, 0, 1.0, loads, &n_paths);
  return n_paths;
}

/* Shortest paths from @s to every node, counted by dynamic programming in distance order. */
static void
brute_count (const Brute *b,
             guint        s,
             double      *count)
{
  const TfNetworkGraph *g = b->g;
  guint max = 0;

  for (guint v = 0; v < b->n; v++)
    {
      count[v] = v == s ? 1 : 0;
      if (b->dist[s * b->n + v] != FAR)
        max = MAX (max, b->dist[s * b->n + v]);
    }
  for (guint level = 1; level <= max; level++)
    for (guint i = 0; i < g->n_links; i++)
      {
        guint a = g->links[i].a, c = g->links[i].b;

        if (b->dist[s * b->n + c] == level && b->dist[s * b->n + a] == level - 1)
          count[c] += count[a];
        if (b->dist[s * b->n + a] == level && b->dist[s * b->n + c] == level - 1)
          count[a] += count[c];
      }
}

static double
beta_of_loads (const TfNetworkGraph *g,
               const double         *gbps_per_type,
               const double         *loads)
{
  double beta = INFINITY;

  for (guint i = 0; i < 2 * g->n_links; i++)
    if (loads[i] > 0)
      beta = MIN (beta, gbps_per_type[g->links[i / 2].type] * g->links[i / 2].multiplicity
                        / loads[i]);
  return beta;
}

/* Rank order */

static void
test_rank_order (void)
{
  g_autoptr(TfCandidate) c = candidate_generate (8, TF_INTRA_BOARD_NONE, 1,
                                                 "torus:dimension_sizes=2x4,board_shape=2x2");
  const TfNetworkGraph *g = &c->topology.graph;
  g_autofree guint32 *order = tf_rank_order (g);
  g_autofree guint8 *seen = g_new0 (guint8, g->n_chip);
  guint r = 0;

  for (guint b = 0; b < g->n_board; b++)
    for (guint i = 0; i < g->chips_per_board; i++)
      {
        g_assert_cmpuint (order[r], ==, g->board_chips[b * g->chips_per_board + i]);
        g_assert_false (seen[order[r]]);
        seen[order[r]] = 1;
        r++;
      }
  g_assert_cmpuint (r, ==, g->n_chip);
}

/* Single switch: every pair 2 hops apart, each chip's link carries one flow each way. */
static void
test_single_switch (void)
{
  g_autoptr(TfCandidate) c = candidate_generate (8, TF_INTRA_BOARD_NONE, 1,
                                                 "single-switch:n_endpoint=8");
  g_auto(TfSearchConfig) config = { 0 };
  const TfNetworkGraph *g = &c->topology.graph;
  g_autofree guint32 *order = tf_rank_order (g);
  guint32 some[3] = { 5, 0, 3 };
  double alpha = 2 * 0.75, beta = 64e3;   /* us; bytes per us */
  Model m;

  config_setup (&config, &c->topology, 0.75);
  model_init (&m, &config, g, 256);
  for (guint k = 0; k < 3; k++)
    {
      double M = k == 0 ? 0 : k == 1 ? MIB : 256 * MIB;

      assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 8, M),
                    14 * (alpha + M / 8 / beta));
      assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_GATHER, order, 8, M),
                    7 * (alpha + M / 8 / beta));
      assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_REDUCE_SCATTER, order, 8, M),
                    7 * (alpha + M / 8 / beta));
      assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, some, 3, M),
                    4 * (alpha + M / 3 / beta));
      assert_close (tf_p2p_time (&m.model, 6, 1, M), alpha + M / beta);
      /* AllToAll: 7 alpha; injection 64 GB/s against 8 * M / 4 over the 256 GB/s bisection:
       * M * 7/8 / 64 = M / 73.1 > M / 128, so injection bounds it. */
      assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_TO_ALL, order, 8, M),
                    7 * alpha + M * 7 / 8 / beta);
    }
  g_assert_cmpfloat (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 1, MIB), ==, 0);
  g_assert_cmpfloat (tf_p2p_time (&m.model, 3, 3, MIB), ==, 0);
  model_clear (&m);
}

/* The spec's T = 2 (N - 1) alpha + 2 (N - 1) M / (N beta), for every N on a single switch. */
static void
test_spec_all_reduce (void)
{
  g_autoptr(TfCandidate) c = candidate_generate (16, TF_INTRA_BOARD_NONE, 1,
                                                 "single-switch:n_endpoint=16");
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  Model m;

  config_setup (&config, &c->topology, 1.3);
  model_init (&m, &config, &c->topology.graph, 0);
  for (guint n = 2; n <= 16; n++)
    for (guint k = 0; k < 4; k++)
      {
        double M = (double) (1u << (4 * k)) * 1000, N = n;
        double alpha = 2 * 1.3, beta = 64.0;   /* us, GB/s */
        double spec = 2 * (N - 1) * alpha + 2 * (N - 1) * M / (N * beta * 1e3);

        assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, n, M), spec);
      }
  model_clear (&m);
}

/* Ring of chips: neighbours are 1 hop, and a ring flow has its link direction to itself. The
 * links join chips of different boards: C2C, 900 GB/s. */
static void
test_ring_direct (void)
{
  g_autoptr(TfCandidate) c = candidate_generate (8, TF_INTRA_BOARD_NONE, 1, "ring:n_endpoint=8");
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  guint32 even[4] = { 0, 2, 4, 6 }, opposite[2] = { 0, 4 };
  double M = 64 * MIB, b = 900e3;
  Model m;

  for (guint i = 0; i < 8; i++)
    g_assert_cmpuint (order[i], ==, i);
  config_setup (&config, &c->topology, 1.0);
  model_init (&m, &config, &c->topology.graph, 0);
  assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 8, M),
                14 * (1 + M / 8 / b));
  /* Every other chip: 2 hops, one path each, each link used once: no contention. */
  assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, even, 4, M),
                6 * (2 + M / 4 / b));
  /* Opposite chips: 4 hops both ways round, half the flow each way: beta = 2 links. */
  assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, opposite, 2, M),
                2 * (4 + M / 2 / (2 * b)));
  assert_close (tf_p2p_time (&m.model, 0, 4, M), 4 + M / (2 * b));
  assert_close (tf_p2p_time (&m.model, 1, 3, M), 2 + M / b);
  model_clear (&m);
}

/* 2-layer fat-tree, k = 4: leaves of 2 chips (B2B, 64 GB/s), 2 spines (R2R, 50 GB/s). */
static void
test_fat_tree_ecmp (void)
{
  g_autoptr(TfCandidate) c = candidate_generate (8, TF_INTRA_BOARD_NONE, 1,
                                                 "fat-tree:layers=2,k=4,osr=1,n_endpoint=8");
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  guint32 crossing[8] = { 0, 2, 4, 6, 1, 3, 5, 7 };
  double M = 16 * MIB;
  Model m;

  config_setup (&config, &c->topology, 1.0);
  model_init (&m, &config, &c->topology.graph, 0);
  /* In rank order only 1 -> 2, 3 -> 4, 5 -> 6, 7 -> 0 leave their leaf: each splits over the
   * two spines, 0.5 per uplink (50 / 0.5 = 100 GB/s); the chip links carry 1 (64 GB/s). */
  assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 8, M),
                14 * (4 + M / 8 / 64e3));
  /* Every flow leaves its leaf: two flows share each leaf's two uplinks, load 1 each way
   * (50 GB/s). */
  assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, crossing, 8, M),
                14 * (4 + M / 8 / 50e3));
  assert_close (tf_p2p_time (&m.model, 0, 2, M), 4 + M / 64e3);
  assert_close (tf_p2p_time (&m.model, 0, 1, M), 2 + M / 64e3);
  model_clear (&m);
}

/* AllToAll on 16 chips, 4 leaves of 4 chips; alpha averages 2 hops to the leaf's 3 other chips
 * and 4 hops to the 12 elsewhere: 15 alpha_avg = 3 * 2 + 12 * 4 = 54 hops.
 * Full (k = 8, 4 spines): bisection 8 uplinks x 50 = 400 GB/s; 16 M / 4 / 400 = M / 100 is
 * below injection 15/16 M / 64 = M / 68.3. Oversubscribed (k = 6, osr = 2, 2 spines): 200 GB/s,
 * M / 50 is above it. */
static void
test_all_to_all_bisection (void)
{
  const char *ids[2] = { "fat-tree:layers=2,k=8,osr=1,n_endpoint=16",
                         "fat-tree:layers=2,k=6,osr=2,n_endpoint=16" };
  double bisection[2] = { 400, 200 };

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(TfCandidate) c = candidate_generate (16, TF_INTRA_BOARD_NONE, 1, ids[i]);
      g_auto(TfSearchConfig) config = { 0 };
      g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
      double M = 128 * MIB, inject = M * 15 / 16 / 64e3, cross = 16 * M / 4 / (bisection[i] * 1e3);
      Model m;

      /* Layer 1's bound is a real cut; here generate's exact value. */
      g_assert_cmpfloat (c->topology.result.metrics.bisection_bandwidth, ==, bisection[i]);
      config_setup (&config, &c->topology, 0.5);
      model_init (&m, &config, &c->topology.graph, bisection[i]);
      if (i == 0)
        g_assert_cmpfloat (inject, >, cross);
      else
        g_assert_cmpfloat (cross, >, inject);
      assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_TO_ALL, order, 16, M),
                    54 * 0.5 + MAX (inject, cross));
      /* A group's share of the bisection: the first 8 chips (leaves 0 and 1) get half of it.
       * Each sees 3 chips at 2 hops and 4 at 4: 7 alpha_avg = 22 hops. */
      assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_TO_ALL, order, 8, M),
                    22 * 0.5 + MAX (M * 7 / 8 / 64e3, 8 * M / 4 / (bisection[i] / 2 * 1e3)));
      model_clear (&m);
    }
}

/* Every link's ECMP share against the enumeration of all shortest paths. */
static void
check_routing (TfCandidate *c,
               GRand       *rng)
{
  TfNetworkGraph *g = &c->topology.graph;
  const char *family = c->topology.result.family ? tf_family_get_name (c->topology.result.family)
                                                 : "";
  gboolean uniform = g_str_equal (family, "fat-tree") || g_str_equal (family, "hypercube");
  guint n = g->n_chip, n_links2 = 2 * g->n_links;
  g_autofree double *pair_loads = g_new0 (double, (gsize) n * n * n_links2);
  g_autofree double *ring_loads = g_new0 (double, n_links2);
  g_autofree double *shuffled_loads = g_new0 (double, n_links2);
  g_autofree guint32 *order = tf_rank_order (g);
  g_autofree guint32 *shuffled = g_memdup2 (order, sizeof (guint32) * n);
  g_autofree double *from_s = g_new (double, tf_network_graph_get_n_nodes (g));
  g_autofree double *from_t = g_new (double, tf_network_graph_get_n_nodes (g));
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree TfLinkType *types = g_new (TfLinkType, MAX (g->n_links, 1));
  double gbps[TF_N_LINK_TYPES];
  Brute b;
  Model m;

  for (guint i = n - 1; i > 0; i--)
    {
      guint j = g_rand_int_range (rng, 0, i + 1);
      guint32 tmp = shuffled[i];

      shuffled[i] = shuffled[j];
      shuffled[j] = tmp;
    }

  brute_init (&b, g);
  for (guint s = 0; s < n; s++)
    for (guint t = 0; t < n; t++)
      {
        double *loads = pair_loads + ((gsize) s * n + t) * n_links2;
        guint64 paths = brute_flow (&b, s, t, loads);

        if (s == t)
          continue;
        g_assert_cmpuint (b.dist[s * b.n + t], <, FAR);
        /* The listing found as many paths as counting does. */
        brute_count (&b, s, from_s);
        g_assert_cmpfloat (from_s[t], ==, (double) paths);
        if (uniform)
          {
            /* Every path equally likely: a link u -> v carries the fraction of paths through
             * it, sigma_s(u) sigma_t(v) / sigma_s(t). */
            brute_count (&b, t, from_t);
            for (guint i = 0; i < n_links2; i++)
              {
                const TfLink *l = &g->links[i / 2];
                guint u = i % 2 ? l->b : l->a, v = i % 2 ? l->a : l->b;
                double share = 0;

                if (b.dist[s * b.n + u] + 1 + b.dist[v * b.n + t] == b.dist[s * b.n + t])
                  share = from_s[u] * from_t[v] / from_s[t];
                assert_close (loads[i], share);
              }
          }
      }
  for (guint i = 0; i < n; i++)
    {
      brute_flow (&b, order[i], order[(i + 1) % n], ring_loads);
      brute_flow (&b, shuffled[i], shuffled[(i + 1) % n], shuffled_loads);
    }

  /* Alpha: the hop counts. */
  config_setup (&config, &c->topology, 1.0);
  model_init (&m, &config, g, 0);
  for (guint s = 0; s < n; s++)
    for (guint t = 0; t < n; t++)
      assert_close (tf_p2p_time (&m.model, s, t, 0), b.dist[s * b.n + t]);
  model_clear (&m);

  /* Beta, one slow link at a time: every link typed B2B at 1e6 GB/s but the probe, typed C2C at
   * 1 GB/s (types do not change the routes). */
  for (guint i = 0; i < g->n_links; i++)
    {
      types[i] = g->links[i].type;
      g->links[i].type = TF_LINK_B2B;
    }
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      gbps[t] = t == TF_LINK_C2C ? 1.0 : 1e6;
      config.context.defaults[t].bandwidth_gbps = gbps[t];
    }
  config.hardware.link_latency_us = 0;
  for (guint i = 0; i < g->n_links; i++)
    {
      double M = 1e6;

      g->links[i].type = TF_LINK_C2C;
      model_init (&m, &config, g, 0);
      for (guint s = 0; s < n; s++)
        for (guint t = 0; t < n; t++)
          {
            const double *loads = pair_loads + ((gsize) s * n + t) * n_links2;
            double beta = beta_of_loads (g, gbps, loads);

            if (s == t)
              continue;
            assert_close (M / (tf_p2p_time (&m.model, s, t, M) * 1e3), beta);
          }
      assert_close (2 * (n - 1) * (M / n)
                    / (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, n, M) * 1e3),
                    beta_of_loads (g, gbps, ring_loads));
      assert_close (2 * (n - 1) * (M / n)
                    / (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, shuffled, n, M)
                       * 1e3),
                    beta_of_loads (g, gbps, shuffled_loads));
      model_clear (&m);
      g->links[i].type = TF_LINK_B2B;
    }
  for (guint i = 0; i < g->n_links; i++)
    g->links[i].type = types[i];
  brute_clear (&b);
}

static void
test_routing_brute_force (void)
{
  static const struct
  {
    guint            n_chip;
    TfIntraBoardTopo topo;
    guint            radix;
  } cases[] = {
    { 8, TF_INTRA_BOARD_NONE, 1 },
    { 8, TF_INTRA_BOARD_RING, 1 },
    { 12, TF_INTRA_BOARD_NONE, 1 },
    { 12, TF_INTRA_BOARD_FULL_MESH, 2 },
    { 16, TF_INTRA_BOARD_NONE, 2 },
  };
  g_autoptr(GRand) rng = g_rand_new_with_seed (7);
  guint checked = 0, by_family[16] = { 0 };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      TfContext ctx = tf_test_context (cases[k].n_chip, TF_SCOPE_INTER_RACK, cases[k].topo);
      g_auto(TfEnumeration) e = { 0 };
      g_autoptr(GError) error = NULL;

      ctx.chip_radix = cases[k].radix;
      g_assert_true (tf_enumerate (&ctx, NULL, 0, 3, NULL, NULL, &e, &error));
      g_assert_no_error (error);
      for (guint f = 0; f < e.n_families; f++)
        for (guint r = 0; r < e.families[f].n_results; r++)
          {
            g_autofree char *id = tf_result_dup_id (&e.families[f].results[r]);
            g_autoptr(TfCandidate) c = tf_candidate_new ();

            if (!tf_generate (&ctx, id, NULL, NULL, &c->topology, &error))
              g_error ("%s: %s", id, error->message);
            if (tf_network_graph_get_n_nodes (&c->topology.graph) > 48)
              continue;
            check_routing (c, rng);
            checked++;
            by_family[MIN (f, 15)]++;
          }
    }
  g_test_message ("%u graphs routed against brute force", checked);
  g_assert_cmpuint (checked, >=, 40);
  for (guint f = 0; f < tf_families_get_count () && f < 16; f++)
    g_assert_cmpuint (by_family[f], >, 0);
}

/* A hand-made rack of boards whose rank order is not the chip numbering:
 * boards (rank order) [6 2] [0 5] | [7 1] [3 4]; boards 0, 1 in rack 0 (tor0), 2, 3 in rack 1
 * (tor1); tor0 and tor1 under one pod switch. A board's two chips share a C2C link. */
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
 * 6 2 0 5 7 1 3 4 (C2C 900, B2B 64, R2R 50 GB/s; 0.5 us per hop). */
static void
test_rank_mapping (void)
{
  g_autoptr(TfCandidate) c = candidate_load (hand_rack_yaml);
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  static const guint32 expected_order[8] = { 6, 2, 0, 5, 7, 1, 3, 4 };
  double A = 1024.0 * 64 * 2, lat = 0.5;
  TfWorkload *wl;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 8; i++)
    g_assert_cmpuint (order[i], ==, expected_order[i]);
  config_setup (&config, &c->topology, lat);

  /* tp = 8: one ring 6 2 0 5 7 1 3 4: hops 1 2 1 4 1 2 1 4 (alpha 4 hops); every link
   * direction carries at most one flow, the slowest are the R2R links: beta 50. */
  wl = workload_setup (&config, 0, 8, 1, 1, 1);
  wl->hidden_size = 64;
  wl->sequence_length = 1024;
  wl->layers = 2;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  g_assert_no_error (error);
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_TP] / (4 * 2 * 1),
                14 * (4 * lat + A / 8 / 50e3));
  g_assert_cmpfloat (c->evaluation.iter_comm_us[0][TF_COMM_DP], ==, 0);

  /* dp = 8: the same ring over the gradients, once. */
  wl = workload_setup (&config, 0, 1, 1, 8, 1);
  wl->parameters = 1e6;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_DP], 14 * (4 * lat + 2e6 / 8 / 50e3));
  g_assert_cmpfloat (c->evaluation.iter_comm_us[0][TF_COMM_TP], ==, 0);

  /* pp = 8: stage neighbours 6 -> 2, 2 -> 0, 0 -> 5, 5 -> 7, 7 -> 1, 1 -> 3, 3 -> 4; the worst
   * is 5 -> 7, 4 hops over B2B, R2R, R2R, B2B: 4 lat + A / 50. m = 1 micro-batch: the 1F1B path
   * crosses 2 (1 + 8 - 2) = 14 boundaries. */
  wl = workload_setup (&config, 0, 1, 8, 1, 1);
  wl->hidden_size = 64;
  wl->sequence_length = 1024;
  wl->layers = 8;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_PP], 14 * (4 * lat + A / 50e3));

  /* tp = 2, dp = 4: TP groups are the boards (C2C, 1 hop, 900 GB/s); DP groups take every
   * other rank: t = 0: 6 0 7 3, t = 1: 2 5 1 4, rings with hops 2 4 2 4 and one flow per link
   * direction (the R2R links carry 0 -> 7 one way and 3 -> 6 the other): beta 50. */
  wl = workload_setup (&config, 0, 2, 1, 4, 1);
  wl->hidden_size = 64;
  wl->sequence_length = 1024;
  wl->parameters = 1e6;
  wl->global_batch_size = 4;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_TP] / 4, 2 * (lat + A / 2 / 900e3));
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_DP],
                6 * (4 * lat + 1e6 * 2 / 2 / 4 / 50e3));

  /* ep = 2 inside dp = 4: expert groups are the first and the last two ranks of each DP group:
   * chips 6 0 | 7 3 and 2 5 | 1 4, all pairs 2 hops apart inside a rack. Injection 900 + 64
   * GB/s per chip; no bisection known (0), so no bisection bound. 2 (1 / 1) 1 calls. */
  wl->ep = 2;
  g_assert_cmpfloat (c->evaluation.bisection_bandwidth, ==, 0);
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_EP] / (2 * 1 * 1),
                2 * lat + A / 2 / 964e3);

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
  g_autoptr(TfCandidate) c = candidate_load (hand_rack_yaml);
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  TfWorkload *wl;
  double lat = 0.5, A, G, m, t_tp, t_pp, t_dp, t_ep, expected;

  config_setup (&config, &c->topology, lat);
  wl = workload_setup (&config, 0, 2, 2, 2, 2);
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
   * inside a rack, 2 hops over B2B, one flow per direction. */
  t_dp = 2 * (2 * lat + G / 2 / 64e3);
  /* PP pairs rank r -> r + 4: 6 -> 7, 2 -> 1, 0 -> 3, 5 -> 4, across the racks: 4 hops, the one
   * R2R path: 50 GB/s. */
  t_pp = 4 * lat + A / 50e3;
  /* EP groups (ep = 2 consecutive ranks of a DP group) are the DP pairs: 2 hops; injection
   * 900 + 64 GB/s per chip against the pair's share of the bisection, 50 * 2 / 8 = 12.5 GB/s,
   * for 2 A / 4 bytes: the bisection share bounds it. */
  t_ep = 1 * (2 * lat) + MAX (A / 2 / 964e3, 2 * A / 4 / 12.5e3);

  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  g_assert_no_error (error);
  g_assert_true (c->evaluation.layers & TF_LAYER_ITERATION);
  g_assert_true (c->evaluation.layers & TF_LAYER_WORKFLOW);
  assert_close (c->evaluation.iter_compute_us[0], 1000 * (1 + 1 / m));
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_TP], t_tp * 4 * (4 / 2) * m * 1);
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_PP], t_pp * 2 * (m + 2 - 2) * 0.5);
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_DP], t_dp * 1 * 0.25);
  assert_close (c->evaluation.iter_comm_us[0][TF_COMM_EP], t_ep * 2 * (4 / 2) * m * 1);
  expected = 1250 + t_tp * 32 + t_pp * 4 + t_dp * 0.25 + t_ep * 16;
  assert_close (c->evaluation.iter_time_us[0], expected);
  assert_close (c->evaluation.workflow_time_us, expected);

  /* Fully hidden communication costs nothing. */
  for (guint k = 0; k < TF_N_COMMS; k++)
    wl->overlap[k] = 0;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  assert_close (c->evaluation.iter_time_us[0], 1250);
}

/* Layer 4: the weighted mean of the workloads' iteration times. */
static void
test_workflow_weights (void)
{
  g_autoptr(TfCandidate) c = candidate_load (hand_rack_yaml);
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  TfWorkload *wl;
  double t0, t1;

  config_setup (&config, &c->topology, 1.0);
  wl = workload_setup (&config, 0, 2, 1, 4, 1);
  wl->hidden_size = 256;
  wl->sequence_length = 128;
  wl->parameters = 1e7;
  wl->compute_time_us = 500;
  wl->weight = 1;
  wl = workload_setup (&config, 1, 8, 1, 1, 1);
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
  assert_close (c->evaluation.workflow_time_us, (1 * t0 + 3 * t1) / 4);

  /* One workload: the identity. */
  config.n_workloads = 1;
  g_assert_true (tf_evaluate_iteration (&config, c, &error));
  assert_close (c->evaluation.workflow_time_us, t0);
  assert_close (c->evaluation.iter_time_us[0], t0);
}

/* Layer 2 as the evaluator runs it: every requested primitive and size over all chips. */
static void
test_evaluate_collectives (void)
{
  g_autoptr(TfCandidate) c = candidate_generate (16, TF_INTRA_BOARD_NONE, 1,
                                                 "fat-tree:layers=2,k=6,osr=2,n_endpoint=16");
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  TfWorkload *wl;
  Model m;

  config_setup (&config, &c->topology, 0.8);
  wl = workload_setup (&config, 0, 1, 1, 16, 1);
  wl->primitives = (1u << TF_PRIMITIVE_ALL_REDUCE) | (1u << TF_PRIMITIVE_ALL_TO_ALL)
                   | (1u << TF_PRIMITIVE_REDUCE_SCATTER);
  wl->n_message_sizes = 4;
  for (guint k = 0; k < 4; k++)
    wl->message_sizes[k] = G_GUINT64_CONSTANT (1) << (20 + 4 * k);
  wl = workload_setup (&config, 1, 1, 1, 16, 1);
  wl->primitives = 1u << TF_PRIMITIVE_ALL_GATHER;
  wl->n_message_sizes = 1;
  wl->message_sizes[0] = 4096;
  /* Layer 2 reads its link bandwidths from the candidate, whatever the configuration says. */
  config.context.defaults[TF_LINK_B2B].bandwidth_gbps = 1;
  c->evaluation.bisection_bandwidth = c->topology.result.metrics.bisection_bandwidth;
  memset (c->evaluation.collective_us, 0xff, sizeof c->evaluation.collective_us);

  g_assert_true (tf_evaluate_collectives (&config, c, &error));
  g_assert_no_error (error);
  g_assert_true (c->evaluation.layers & TF_LAYER_COLLECTIVES);

  config.context = c->topology.context;
  model_init (&m, &config, &c->topology.graph, c->evaluation.bisection_bandwidth);
  for (guint w = 0; w < 2; w++)
    for (guint p = 0; p < TF_N_PRIMITIVES; p++)
      for (guint k = 0; k < TF_SEARCH_MAX_MESSAGE_SIZES; k++)
        {
          const TfWorkload *x = &config.workloads[w];
          double got = c->evaluation.collective_us[w][p][k];

          if ((x->primitives & (1u << p)) && k < x->n_message_sizes)
            {
              g_assert_cmpfloat (got, >, 0);
              assert_close (got, tf_collective_time (&m.model, p, order, 16,
                                                     (double) x->message_sizes[k]));
            }
          else
            g_assert_cmpfloat (got, ==, 0);
        }
  model_clear (&m);
}

/* Layer 5 */

static void
test_radix_for (void)
{
  TfHardwareConstraints hw = { 0 };

  g_assert_cmpuint (tf_hardware_radix_for (&hw, 4), ==, 0);
  hw.n_radix_options = 3;
  hw.radix_options[0] = 32;
  hw.radix_options[1] = 64;
  hw.radix_options[2] = 128;
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 0), ==, 32);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 1), ==, 32);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 32), ==, 32);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 33), ==, 64);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 128), ==, 128);
  g_assert_cmpuint (tf_hardware_radix_for (&hw, 129), ==, 0);
}

static void
floor_setup (TfFloorPlan *floor)
{
  floor->rack_pitch_m = 0.6;
  floor->row_pitch_m = 3.0;
  floor->vertical_run_m = 1.5;
  floor->in_rack_m = 2.0;
  floor->max_copper_m = 5.0;
}

/* Racks of two pods interleaved in numbering: pod 0 holds racks 0, 2, 4 and pod 1 racks 1, 3. */
static void
test_floor_positions (void)
{
  TfNetworkGraph g;
  TfFloorPlan floor;
  static const guint32 board_chips[5] = { 0, 1, 2, 3, 4 };
  static const guint32 board_rack[5] = { 0, 1, 2, 3, 4 };
  static const guint32 rack_pod[5] = { 0, 1, 0, 1, 0 };
  TfSwitch switches[4] = {
    { (char *) "tor3", TF_TIER_RACK, 3, 1 },
    { (char *) "pod0", TF_TIER_POD, 0, 1 },
    { (char *) "pod1", TF_TIER_POD, 1, 1 },
    { (char *) "dc", TF_TIER_DATACENTER, 0, 1 },
  };
  static const struct
  {
    guint32 node;
    double  x, y;
  } expected[] = {
    { 0, 0.0, 0.0 }, { 1, 0.0, 3.0 }, { 2, 0.6, 0.0 }, { 3, 0.6, 3.0 }, { 4, 1.2, 0.0 },
    { 5, 0.6, 3.0 },    /* tor3: rack 3, second of pod 1 */
    { 6, 0.6, 0.0 },    /* pod 0's switch: middle of 3 racks */
    { 7, 0.3, 3.0 },    /* pod 1's switch: middle of 2 racks */
    { 8, 0.6, 1.5 },    /* the hall: middle of the widest row, between the rows */
  };
  guint32 chip_board[5] = { 0, 1, 2, 3, 4 };
  TfLink links[3] = {
    { 3, 5, 1, TF_LINK_B2B, TF_REACH_RACK },         /* chip3 - tor3: same rack */
    { 0, 7, 1, TF_LINK_P2P, TF_REACH_DATACENTER },   /* chip0 - pod 1's switch */
    { 4, 8, 1, TF_LINK_P2P, TF_REACH_DATACENTER },   /* chip4 - the hall */
  };
  TfCable cable;

  tf_network_graph_init (&g);
  g.n_chip = 5;
  g.n_switch = 4;
  g.switches = switches;
  g.chips_per_board = 1;
  g.n_board = 5;
  g.n_rack = 5;
  g.n_pod = 2;
  g.board_chips = (guint32 *) board_chips;
  g.board_rack = (guint32 *) board_rack;
  g.rack_pod = (guint32 *) rack_pod;
  floor_setup (&floor);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      double x, y;

      tf_floor_plan_position (&floor, &g, chip_board, expected[i].node, &x, &y);
      assert_close (x, expected[i].x);
      assert_close (y, expected[i].y);
    }
  assert_close (tf_floor_plan_cable (&floor, &g, chip_board, &links[0], &cable), 2.0);
  g_assert_cmpint (cable, ==, TF_CABLE_COPPER);
  /* (0, 0) to (0.3, 3): 3.3 m along the tray, 3 m up and down. */
  assert_close (tf_floor_plan_cable (&floor, &g, chip_board, &links[1], &cable), 6.3);
  g_assert_cmpint (cable, ==, TF_CABLE_OPTICAL);
  /* (1.2, 0) to (0.6, 1.5): 2.1 + 3. */
  assert_close (tf_floor_plan_cable (&floor, &g, chip_board, &links[2], &cable), 5.1);
  g_assert_cmpint (cable, ==, TF_CABLE_OPTICAL);
  floor.max_copper_m = 5.2;
  tf_floor_plan_cable (&floor, &g, chip_board, &links[2], &cable);
  g_assert_cmpint (cable, ==, TF_CABLE_COPPER);
}

/* 3-layer fat-tree, k = 4, 2 chips per board, so every switch port is a bundle of 2 links; its
 * fat-tree groups placed in 4 pods of 2 racks (the generator puts them in one pod; the floor
 * plan is what is under test). Per rack a ToR (4 chips + 2 aggregation ports x 2 = 8 links);
 * per pod 2 aggregation switches (2 ToRs + 2 cores, x 2 = 8); 4 cores (one port per pod, x 2 =
 * 8). */
static void
test_cost_by_hand (void)
{
  g_autoptr(TfCandidate) c = candidate_generate (32, TF_INTRA_BOARD_FULL_MESH, 1,
                                                 "fat-tree:layers=3,k=4,osr=1,n_endpoint=16");
  TfNetworkGraph *g = &c->topology.graph;
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *chip_board = tf_network_graph_dup_chip_boards (g);
  guint by_class[3] = { 0 }, tor_agg = 0, agg = 0;
  double switches, links, nic;

  g_assert_cmpuint (g->n_rack, ==, 8);
  g_assert_cmpuint (g->n_pod, ==, 1);
  g->n_pod = 4;
  g->rack_pod = g_renew (guint32, g->rack_pod, g->n_rack);
  for (guint r = 0; r < g->n_rack; r++)
    g->rack_pod[r] = r / 2;
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_POD)
      g->switches[s].container = agg++ / 2;
  tf_network_graph_settle_links (g);
  g_assert_true (tf_network_graph_check_invariants (g, 1, NULL));

  config_setup (&config, &c->topology, 1.0);
  floor_setup (&config.floor);
  config.hardware.n_radix_options = 3;
  config.hardware.radix_options[0] = 4;
  config.hardware.radix_options[1] = 8;
  config.hardware.radix_options[2] = 16;
  config.prices.n_switch_prices = 3;
  config.prices.switch_radix[0] = 16;
  config.prices.switch_price[0] = 7000;
  config.prices.switch_radix[1] = 4;
  config.prices.switch_price[1] = 1000;
  config.prices.switch_radix[2] = 8;
  config.prices.switch_price[2] = 3000;
  config.prices.nic_port = 800;   /* per chip port of a cable leaving the board */
  config.prices.pcb_link = 1;
  config.prices.copper_link = 50;
  config.prices.optical_link_fixed = 500;
  config.prices.optical_link_per_m = 10;

  /* Positions: rack r is the (r mod 2)-th of pod r / 2: x = 0.6 (r mod 2), y = 3 (r / 2);
   * aggregation switches at the middle of their row (x = 0.3), cores at the hall's centre
   * (0.3, 4.5). */
  for (guint v = 0; v < tf_network_graph_get_n_nodes (g); v++)
    {
      double x, y, ex, ey;

      tf_floor_plan_position (&config.floor, g, chip_board, v, &x, &y);
      if (v < g->n_chip || g->switches[v - g->n_chip].tier == TF_TIER_RACK)
        {
          guint rack = v < g->n_chip ? g->board_rack[chip_board[v]]
                                     : g->switches[v - g->n_chip].container;

          g_assert_cmpuint (g->rack_pod[rack], ==, rack / 2);
          ex = 0.6 * (rack % 2);
          ey = 3.0 * (rack / 2);
        }
      else if (g->switches[v - g->n_chip].tier == TF_TIER_POD)
        {
          ex = 0.3;
          ey = 3.0 * g->switches[v - g->n_chip].container;
        }
      else
        {
          ex = 0.3;
          ey = 4.5;
        }
      assert_close (x, ex);
      assert_close (y, ey);
    }

  /* Cables: 16 board traces; 32 chip-ToR in-rack cables of 2 m; 32 ToR-aggregation cables of
   * 0.3 + 3 = 3.3 m (copper, 16 records of 2); aggregation-core cables of |3 p - 4.5| + 3 m:
   * 7.5 m optical from pods 0 and 3 (16 cables), 4.5 m copper from pods 1 and 2 (16). */
  for (guint i = 0; i < g->n_links; i++)
    {
      TfCable cable;
      double length = tf_floor_plan_cable (&config.floor, g, chip_board, &g->links[i], &cable);

      by_class[cable] += g->links[i].multiplicity;
      if (g->links[i].type == TF_LINK_C2C)
        {
          g_assert_cmpint (cable, ==, TF_CABLE_PCB);
          assert_close (length, 0);
        }
      else if (g->links[i].type == TF_LINK_R2R)
        {
          assert_close (length, 3.3);
          tor_agg++;
        }
      else if (cable == TF_CABLE_OPTICAL)
        assert_close (length, 7.5);
    }
  g_assert_cmpuint (by_class[TF_CABLE_PCB], ==, 16);
  g_assert_cmpuint (by_class[TF_CABLE_COPPER], ==, 32 + 32 + 16);
  g_assert_cmpuint (by_class[TF_CABLE_OPTICAL], ==, 16);
  g_assert_cmpuint (tor_agg, ==, 16);

  g_assert_true (tf_evaluate_cost (&config, c, &error));
  g_assert_no_error (error);
  switches = 20 * 3000;                           /* every switch has 8 ports */
  links = 16 * 1 + 80 * 50 + 16 * (500 + 10 * 7.5);
  nic = 32 * 800;                                 /* one chip-ToR cable a chip */
  g_assert_true (c->evaluation.layers & TF_LAYER_COST);
  assert_close (c->evaluation.switch_cost_usd, switches);
  assert_close (c->evaluation.link_cost_usd, links);
  assert_close (c->evaluation.nic_cost_usd, nic);
  assert_close (c->evaluation.network_cost_usd, switches + links + nic);
  assert_close (c->evaluation.network_cost_usd, 98816);
  assert_close (c->evaluation.longest_cable_m, 7.5);
  g_assert_cmpuint (c->evaluation.optical_links, ==, 16);
  g_assert_cmpuint (c->evaluation.max_switch_ports, ==, 8);
  g_assert_false (c->evaluation.port_asymmetric);

  /* One ToR edited to 20 ports: beyond the largest option, bought as ceil (20 / 16) = 2 of the
   * largest (the port constraint rejects the candidate anyway). */
  c->topology.graph.switches[0].port_count = 20;
  g_assert_true (tf_evaluate_cost (&config, c, &error));
  g_assert_true (c->evaluation.port_asymmetric);
  g_assert_cmpuint (c->evaluation.max_switch_ports, ==, 20);
  assert_close (c->evaluation.switch_cost_usd, switches - 3000 + 2 * 7000);
  /* Back to 8, but a core at 3 ports: 3 fit in 4 (1000 instead of 3000). */
  c->topology.graph.switches[0].port_count = 8;
  c->topology.graph.switches[g->n_switch - 1].port_count = 3;
  g_assert_true (tf_evaluate_cost (&config, c, &error));
  g_assert_true (c->evaluation.port_asymmetric);
  assert_close (c->evaluation.switch_cost_usd, switches - 3000 + 1000);
  c->topology.graph.switches[g->n_switch - 1].port_count = 8;
  g_assert_true (tf_evaluate_cost (&config, c, &error));
  g_assert_false (c->evaluation.port_asymmetric);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/evaluator-layers/rank-order", test_rank_order);
  g_test_add_func ("/engine/evaluator-layers/single-switch", test_single_switch);
  g_test_add_func ("/engine/evaluator-layers/spec-all-reduce", test_spec_all_reduce);
  g_test_add_func ("/engine/evaluator-layers/ring-direct", test_ring_direct);
  g_test_add_func ("/engine/evaluator-layers/fat-tree-ecmp", test_fat_tree_ecmp);
  g_test_add_func ("/engine/evaluator-layers/all-to-all-bisection", test_all_to_all_bisection);
  g_test_add_func ("/engine/evaluator-layers/routing-brute-force", test_routing_brute_force);
  g_test_add_func ("/engine/evaluator-layers/evaluate-collectives", test_evaluate_collectives);
  g_test_add_func ("/engine/evaluator-layers/rank-mapping", test_rank_mapping);
  g_test_add_func ("/engine/evaluator-layers/iteration-by-hand", test_iteration_by_hand);
  g_test_add_func ("/engine/evaluator-layers/workflow-weights", test_workflow_weights);
  g_test_add_func ("/engine/evaluator-layers/radix-for", test_radix_for);
  g_test_add_func ("/engine/evaluator-layers/floor-positions", test_floor_positions);
  g_test_add_func ("/engine/evaluator-layers/cost-by-hand", test_cost_by_hand);

  return g_test_run ();
}
