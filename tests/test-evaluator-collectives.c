/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluator-collectives.c: Layer 2 of the evaluator (the collectives' alpha-beta times and
 * the rank order) against hand computation and brute force.
 *
 * Layer 2's routing is checked link by link against an independent enumeration of every shortest
 * path (Floyd-Warshall distances, paths listed one by one, each with its ECMP probability): one
 * link at a time is made the only slow link, so the time of a flow gives that link's load alone.
 * On fat-trees and hypercubes, where per-hop ECMP makes every shortest path equally likely, the
 * enumeration is checked against path counting as well.
 */
#include <math.h>
#include <string.h>

#include "evaluator-private.h"
#include "test-util.h"

#define MIB 1048576.0

/* A model of @candidate under @config with a hop table of its own (one row per twin class),
 * Layer 1's (layer_1_table: rows for orbit sources only, other rows read through an
 * automorphism), or none (use_table FALSE: it searches from each destination as needed, as when
 * Layer 1 made no table); free with model_clear. */
typedef struct
{
  TfHopTable        hops;
  TfCollectiveModel model;
} Model;

static gboolean use_table = TRUE;
static const TfHopTable *layer_1_table;
static const TfChipLattice *lattice;   /* the family's, for the searches without a table */

static void
model_init (Model                *m,
            const TfSearchConfig *config,
            const TfNetworkGraph *graph,
            double                bisection)
{
  memset (&m->hops, 0, sizeof m->hops);
  if (use_table && layer_1_table == NULL)
    tf_hop_table_init (&m->hops, graph);
  tf_collective_model_init (&m->model, config, graph,
                            !use_table ? NULL : layer_1_table ? layer_1_table : &m->hops,
                            lattice, &config->context, bisection);
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
  g_autoptr(TfCandidate) c = tf_test_candidate (8, TF_INTRA_BOARD_NONE, 1,
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

/* Single switch: every pair 2 hops apart, each chip's link carries one flow each way. A chip's
 * link to the switch runs at the slower of its NIC port and the switch port: min (50, 50) =
 * 50 GB/s (the generic chip's NIC; the switch port is the NIC's speed unless set). The bisection
 * is the 4 links of one half: 4 x 50 = 200 GB/s. */
static void
test_single_switch (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate (8, TF_INTRA_BOARD_NONE, 1,
                                                "single-switch:n_endpoint=8");
  g_auto(TfSearchConfig) config = { 0 };
  const TfNetworkGraph *g = &c->topology.graph;
  g_autofree guint32 *order = tf_rank_order (g);
  guint32 some[3] = { 5, 0, 3 };
  double alpha = 2 * 0.75, beta = 50e3;   /* us; bytes per us */
  Model m;

  g_assert_cmpfloat (c->topology.result.metrics.bisection_bandwidth, ==, 200);
  tf_test_config_setup (&config, &c->topology, 0.75);
  model_init (&m, &config, g, 200);
  for (guint k = 0; k < 3; k++)
    {
      double M = k == 0 ? 0 : k == 1 ? MIB : 256 * MIB;

      tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 8, M),
                            14 * (alpha + M / 8 / beta));
      tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_GATHER, order, 8, M),
                            7 * (alpha + M / 8 / beta));
      tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_REDUCE_SCATTER, order, 8, M),
                            7 * (alpha + M / 8 / beta));
      tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, some, 3, M),
                            4 * (alpha + M / 3 / beta));
      tf_test_assert_close (tf_p2p_time (&m.model, 6, 1, M), alpha + M / beta);
      /* AllToAll: 7 alpha; injection 50 GB/s against 8 * M / 4 over the 200 GB/s bisection:
       * M * 7/8 / 50 = M / 57.1 > M / 100, so injection bounds it. */
      tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_TO_ALL, order, 8, M),
                            7 * alpha + M * 7 / 8 / beta);
    }
  g_assert_cmpfloat (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 1, MIB), ==, 0);
  g_assert_cmpfloat (tf_p2p_time (&m.model, 3, 3, MIB), ==, 0);
  model_clear (&m);
}

/* The spec's T = 2 (N - 1) alpha + 2 (N - 1) M / (N beta), for every N on a single switch
 * (beta: a chip's link to the switch, min (NIC 50, switch port 50) = 50 GB/s). */
static void
test_spec_all_reduce (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate (16, TF_INTRA_BOARD_NONE, 1,
                                                "single-switch:n_endpoint=16");
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  Model m;

  tf_test_config_setup (&config, &c->topology, 1.3);
  model_init (&m, &config, &c->topology.graph, 0);
  for (guint n = 2; n <= 16; n++)
    for (guint k = 0; k < 4; k++)
      {
        double M = (double) (1u << (4 * k)) * 1000, N = n;
        double alpha = 2 * 1.3, beta = 50.0;   /* us, GB/s */
        double spec = 2 * (N - 1) * alpha + 2 * (N - 1) * M / (N * beta * 1e3);

        tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, n, M),
                              spec);
      }
  model_clear (&m);
}

/* Ring of chips: neighbours are 1 hop, and a ring flow has its link direction to itself. The
 * links join chips of different boards: C2C, and each chip drives 2 of them, so each link gets
 * half of the chip's 900 GB/s scale-up bandwidth (both ends alike): 900 / 2 = 450 GB/s. */
static void
test_ring_direct (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate (8, TF_INTRA_BOARD_NONE, 1, "ring:n_endpoint=8");
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  guint32 even[4] = { 0, 2, 4, 6 }, opposite[2] = { 0, 4 };
  double M = 64 * MIB, b = 450e3;
  Model m;

  for (guint i = 0; i < 8; i++)
    g_assert_cmpuint (order[i], ==, i);
  tf_test_config_setup (&config, &c->topology, 1.0);
  model_init (&m, &config, &c->topology.graph, 0);
  tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 8, M),
                        14 * (1 + M / 8 / b));
  /* Every other chip: 2 hops, one path each, each link used once: no contention. */
  tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, even, 4, M),
                        6 * (2 + M / 4 / b));
  /* Opposite chips: 4 hops both ways round, half the flow each way: beta = 2 links. */
  tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, opposite, 2, M),
                        2 * (4 + M / 2 / (2 * b)));
  tf_test_assert_close (tf_p2p_time (&m.model, 0, 4, M), 4 + M / (2 * b));
  tf_test_assert_close (tf_p2p_time (&m.model, 1, 3, M), 2 + M / b);
  model_clear (&m);
}

/* 2-layer fat-tree, k = 4: leaves of 2 chips (B2B), 2 spines (R2R). A chip's link runs at
 * min (NIC 50, switch port 50) = 50 GB/s, a leaf's uplink at the switch port's 50 GB/s. */
static void
test_fat_tree_ecmp (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate (8, TF_INTRA_BOARD_NONE, 1,
                                                "fat-tree:layers=2,k=4,osr=1,n_endpoint=8");
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  guint32 crossing[8] = { 0, 2, 4, 6, 1, 3, 5, 7 };
  double M = 16 * MIB;
  Model m;

  tf_test_config_setup (&config, &c->topology, 1.0);
  model_init (&m, &config, &c->topology.graph, 0);
  /* In rank order only 1 -> 2, 3 -> 4, 5 -> 6, 7 -> 0 leave their leaf: each splits over the
   * two spines, 0.5 per uplink (50 / 0.5 = 100 GB/s); the chip links carry 1 (50 GB/s). */
  tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 8, M),
                        14 * (4 + M / 8 / 50e3));
  /* Every flow leaves its leaf: two flows share each leaf's two uplinks, load 1 each way
   * (50 / 1 = 50 GB/s), as on the chip links. */
  tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, crossing, 8, M),
                        14 * (4 + M / 8 / 50e3));
  tf_test_assert_close (tf_p2p_time (&m.model, 0, 2, M), 4 + M / 50e3);
  tf_test_assert_close (tf_p2p_time (&m.model, 0, 1, M), 2 + M / 50e3);
  model_clear (&m);

  /* Chip links and uplinks now run alike, so the uplinks' loads show only when they are the
   * slower: R2R set to 40 GB/s a link (a per-link figure overrides the ports). In rank order an
   * uplink carries 0.5 (40 / 0.5 = 80 GB/s) and the chip links bound it at 50; crossing, an
   * uplink carries 1 and bounds it at 40 / 1 = 40 GB/s. */
  config.context.defaults[TF_LINK_R2R].bandwidth_gbps = 40;
  model_init (&m, &config, &c->topology.graph, 0);
  tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, 8, M),
                        14 * (4 + M / 8 / 50e3));
  tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, crossing, 8, M),
                        14 * (4 + M / 8 / 40e3));
  tf_test_assert_close (tf_p2p_time (&m.model, 0, 2, M), 4 + M / 50e3);
  model_clear (&m);
}

/* AllToAll on 16 chips, 4 leaves of 4 chips; alpha averages 2 hops to the leaf's 3 other chips
 * and 4 hops to the 12 elsewhere: 15 alpha_avg = 3 * 2 + 12 * 4 = 54 hops.
 * Injection is a chip's one link to its leaf, min (NIC 50, switch port 50) = 50 GB/s; uplinks
 * run at the switch port's 50 GB/s. Full (k = 8, 4 spines): bisection 8 uplinks x 50 =
 * 400 GB/s; 16 M / 4 / 400 = M / 100 is below injection 15/16 M / 50 = M / 53.3.
 * Oversubscribed (k = 6, osr = 2, 2 spines): 4 uplinks x 50 = 200 GB/s, M / 50 is above it. */
static void
test_all_to_all_bisection (void)
{
  const char *ids[2] = { "fat-tree:layers=2,k=8,osr=1,n_endpoint=16",
                         "fat-tree:layers=2,k=6,osr=2,n_endpoint=16" };
  double bisection[2] = { 400, 200 };

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(TfCandidate) c = tf_test_candidate (16, TF_INTRA_BOARD_NONE, 1, ids[i]);
      g_auto(TfSearchConfig) config = { 0 };
      g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
      double M = 128 * MIB, inject = M * 15 / 16 / 50e3, cross = 16 * M / 4 / (bisection[i] * 1e3);
      Model m;

      /* Layer 1's bound is a real cut; here generate's exact value. */
      g_assert_cmpfloat (c->topology.result.metrics.bisection_bandwidth, ==, bisection[i]);
      tf_test_config_setup (&config, &c->topology, 0.5);
      model_init (&m, &config, &c->topology.graph, bisection[i]);
      if (i == 0)
        g_assert_cmpfloat (inject, >, cross);
      else
        g_assert_cmpfloat (cross, >, inject);
      tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_TO_ALL, order, 16, M),
                            54 * 0.5 + MAX (inject, cross));
      /* A group's share of the bisection: the first 8 chips (leaves 0 and 1) get half of it.
       * Each sees 3 chips at 2 hops and 4 at 4: 7 alpha_avg = 22 hops. */
      tf_test_assert_close (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_TO_ALL, order, 8, M),
                            22 * 0.5 + MAX (M * 7 / 8 / 50e3,
                                            8 * M / 4 / (bisection[i] / 2 * 1e3)));
      model_clear (&m);
    }
}

static guint
lattice_places (const TfChipLattice *l)
{
  guint places = 1;

  for (guint d = 0; d < l->n_dims; d++)
    places *= l->dims[d];
  return places;
}

/* Every link's ECMP share against the enumeration of all shortest paths. */
static void
check_routing (TfCandidate *c,
               GRand       *rng)
{
  TfNetworkGraph *g = &c->topology.graph;
  const char *family = c->topology.result.family ? tf_family_get_name (c->topology.result.family)
                                                 : "";
  g_autofree char *id = c->topology.result.family ? tf_result_dup_id (&c->topology.result)
                                                  : g_strdup ("");
  /* Where every shortest path splits evenly at each hop: a tree whose boards hang off one leaf
   * each (a rail-optimized board's own links are shortcuts between leaves), a hypercube. */
  gboolean uniform = (g_str_equal (family, "fat-tree") && strstr (id, "attach=rail") == NULL)
                     || g_str_equal (family, "hypercube");
  guint n = g->n_chip, n_links2 = 2 * g->n_links;
  g_autofree double *pair_loads = g_new0 (double, (gsize) n * n * n_links2);
  g_autofree double *ring_loads = g_new0 (double, n_links2);
  g_autofree double *shuffled_loads = g_new0 (double, n_links2);
  g_autofree double *shift_loads = g_new0 (double, n_links2);
  g_autofree guint32 *shift = NULL;
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

  /* On the family's lattice, every chip to the chip a random step away: a set of flows every
   * translation keeps, which routing folds to one flow per orbit. */
  if (lattice != NULL)
    {
      guint32 stride = 1, step = 0;

      g_assert_cmpuint (n, ==, lattice_places (lattice));
      shift = g_new (guint32, n);
      for (guint d = 0; d < lattice->n_dims; stride *= lattice->dims[d], d++)
        step += (lattice->dims[d] > 1 ? g_rand_int_range (rng, d == 0, lattice->dims[d]) : 0)
                * stride;
      for (guint32 x = 0; x < n; x++)
        {
          guint32 to = 0;

          stride = 1;
          for (guint d = 0; d < lattice->n_dims; stride *= lattice->dims[d], d++)
            to += (x / stride + step / stride) % lattice->dims[d] * stride;
          shift[x] = to;
        }
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
                tf_test_assert_close (loads[i], share);
              }
          }
      }
  for (guint i = 0; i < n; i++)
    {
      brute_flow (&b, order[i], order[(i + 1) % n], ring_loads);
      brute_flow (&b, shuffled[i], shuffled[(i + 1) % n], shuffled_loads);
      if (shift != NULL)
        brute_flow (&b, i, shift[i], shift_loads);
    }

  /* Alpha: the hop counts. */
  tf_test_config_setup (&config, &c->topology, 1.0);
  model_init (&m, &config, g, 0);
  for (guint s = 0; s < n; s++)
    for (guint t = 0; t < n; t++)
      tf_test_assert_close (tf_p2p_time (&m.model, s, t, 0), b.dist[s * b.n + t]);
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
            tf_test_assert_close (M / (tf_p2p_time (&m.model, s, t, M) * 1e3), beta);
          }
      tf_test_assert_close (2 * (n - 1) * (M / n)
                            / (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, order, n, M)
                               * 1e3),
                            beta_of_loads (g, gbps, ring_loads));
      tf_test_assert_close (2 * (n - 1) * (M / n)
                            / (tf_collective_time (&m.model, TF_PRIMITIVE_ALL_REDUCE, shuffled, n,
                                                   M) * 1e3),
                            beta_of_loads (g, gbps, shuffled_loads));
      if (shift != NULL)
        {
          double want = beta_of_loads (g, gbps, shift_loads), got;

          tf_concurrent_begin (&m.model);
          for (guint32 x = 0; x < n; x++)
            tf_concurrent_add (&m.model, x, shift[x]);
          got = M / (tf_concurrent_step (&m.model, M) * 1e3);
          /* A step of 0 (a lattice of one place per dimension but the first) moves nothing. */
          if (isinf (want))
            g_assert_true (isinf (got));
          else
            tf_test_assert_close (got, want);
        }
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
    { 24, TF_INTRA_BOARD_NONE, 1 },   /* Slim Fly's smallest, 18 routers */
  };
  g_autoptr(GRand) rng = g_rand_new_with_seed (7);
  guint checked = 0, n_orbit_tables = 0, n_rotated_tables = 0, n_lattices = 0;
  guint by_family[16] = { 0 };

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
            /* With a hop table, with Layer 1's, and with searches from each destination. */
            use_table = TRUE;
            check_routing (c, rng);
            g_assert_true (tf_evaluate_structure (NULL, c, &error));
            g_assert_no_error (error);
            layer_1_table = c->hop_cache;
            if (layer_1_table != NULL && (layer_1_table->n_rows < layer_1_table->n_classes
                                          || layer_1_table->rot_distance != NULL))
              {
                check_routing (c, rng);
                n_orbit_tables += layer_1_table->n_rows < layer_1_table->n_classes;
                n_rotated_tables += layer_1_table->rot_distance != NULL;
              }
            layer_1_table = NULL;
            use_table = FALSE;
            check_routing (c, rng);
            if (c->topology.lattice.n_dims > 0)
              {
                /* And with the family's lattice: flows kept by their pair translated. */
                lattice = &c->topology.lattice;
                check_routing (c, rng);
                lattice = NULL;
                n_lattices++;
              }
            use_table = TRUE;
            checked++;
            by_family[MIN (f, 15)]++;
          }
    }
  g_test_message ("%u graphs routed against brute force, %u with rows read through an "
                  "automorphism, %u through a group rotation, %u on their family's lattice",
                  checked, n_orbit_tables, n_rotated_tables, n_lattices);
  g_assert_cmpuint (checked, >=, 40);
  g_assert_cmpuint (n_orbit_tables, >=, 3);
  g_assert_cmpuint (n_rotated_tables, >=, 3);
  g_assert_cmpuint (n_lattices, >=, 8);
  for (guint f = 0; f < tf_families_get_count () && f < 16; f++)
    g_assert_cmpuint (by_family[f], >, 0);
}

/* Flows alike under swaps of chip components and twins (every switch fixed) route one flow and
 * lay its shares, moved, on the others' links. On Layer 1's hop table (which has the
 * components) every link's load, probed one slow link at a time, is the one the searches from
 * each destination give flow by flow: a rail-optimized fat-tree of ring boards (boards of one
 * rail group swapped, their chips' board links moved) and a tree of boards of twins. */
static void
test_swapped_flows (void)
{
  static const struct
  {
    guint            n_chip;
    TfIntraBoardTopo topo;
    const char      *id;
  } cases[] = {
    { 128, TF_INTRA_BOARD_RING, "fat-tree:layers=3,k=8,osr=1,n_endpoint=32,attach=rail" },
    { 64, TF_INTRA_BOARD_NONE, "fat-tree:layers=2,k=8,osr=1,n_endpoint=16" },
  };
  g_autoptr(GRand) rng = g_rand_new_with_seed (11);

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      TfContext ctx = tf_test_context (cases[k].n_chip, TF_SCOPE_INTER_RACK, cases[k].topo);
      g_autoptr(TfCandidate) c = tf_candidate_new ();
      g_autoptr(GError) error = NULL;
      g_auto(TfSearchConfig) config = { 0 };
      TfNetworkGraph *g = &c->topology.graph;
      guint n = cases[k].n_chip, n_sets = 3;
      g_autofree guint32 *order = NULL;
      g_autofree guint32 *to = g_new (guint32, 3 * n);
      double gbps[TF_N_LINK_TYPES];

      if (!tf_generate (&ctx, cases[k].id, NULL, NULL, &c->topology, &error))
        g_error ("%s: %s", cases[k].id, error->message);
      g_assert_true (tf_evaluate_structure (NULL, c, &error));
      g_assert_no_error (error);
      g_assert_nonnull (c->hop_cache);
      g_assert_nonnull (((const TfHopTable *) c->hop_cache)->orbits);
      order = tf_rank_order (g);
      /* A pipeline's sends (a stride of ranks), a data-parallel ring (a stride, wrapping), and
       * a random matching. */
      for (guint i = 0; i < n; i++)
        {
          to[i] = order[(i + n / 8) % n];
          to[n + i] = order[(i + n / 4 + 1) % n];
          to[2 * n + i] = order[i];
        }
      for (guint i = n - 1; i > 0; i--)
        {
          guint j = g_rand_int_range (rng, 0, i + 1);
          guint32 t = to[2 * n + i];

          to[2 * n + i] = to[2 * n + j];
          to[2 * n + j] = t;
        }

      tf_test_config_setup (&config, &c->topology, 1.0);
      for (guint t = 0; t < TF_N_LINK_TYPES; t++)
        {
          gbps[t] = t == TF_LINK_C2C ? 1.0 : 1e6;
          config.context.defaults[t].bandwidth_gbps = gbps[t];
        }
      config.hardware.link_latency_us = 0;
      for (guint i = 0; i < g->n_links; i++)
        g->links[i].type = TF_LINK_B2B;
      for (guint i = 0; i < g->n_links; i++)
        {
          g->links[i].type = TF_LINK_C2C;
          for (guint set = 0; set < n_sets; set++)
            {
              double got[2];

              for (guint way = 0; way < 2; way++)
                {
                  Model m;

                  use_table = way == 0;
                  layer_1_table = way == 0 ? c->hop_cache : NULL;
                  model_init (&m, &config, g, 0);
                  tf_concurrent_begin (&m.model);
                  for (guint x = 0; x < n; x++)
                    tf_concurrent_add (&m.model, order[x], to[set * n + x]);
                  got[way] = tf_concurrent_step (&m.model, 1e6);
                  model_clear (&m);
                }
              if (isinf (got[1]))
                g_assert_true (isinf (got[0]));
              else
                tf_test_assert_close (got[0], got[1]);
            }
          g->links[i].type = TF_LINK_B2B;
        }
      layer_1_table = NULL;
      use_table = TRUE;
    }
}

/* Layer 2 as the evaluator runs it: every requested primitive and size over all chips. */
static void
test_evaluate_collectives (void)
{
  g_autoptr(TfCandidate) c = tf_test_candidate (16, TF_INTRA_BOARD_NONE, 1,
                                                "fat-tree:layers=2,k=6,osr=2,n_endpoint=16");
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *order = tf_rank_order (&c->topology.graph);
  TfWorkload *wl;
  Model m;

  tf_test_config_setup (&config, &c->topology, 0.8);
  wl = tf_test_workload_setup (&config, 0, 1, 1, 16, 1);
  wl->primitives = (1u << TF_PRIMITIVE_ALL_REDUCE) | (1u << TF_PRIMITIVE_ALL_TO_ALL)
                   | (1u << TF_PRIMITIVE_REDUCE_SCATTER);
  wl->n_message_sizes = 4;
  for (guint k = 0; k < 4; k++)
    wl->message_sizes[k] = G_GUINT64_CONSTANT (1) << (20 + 4 * k);
  wl = tf_test_workload_setup (&config, 1, 1, 1, 16, 1);
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
              tf_test_assert_close (got, tf_collective_time (&m.model, p, order, 16,
                                                             (double) x->message_sizes[k]));
            }
          else
            g_assert_cmpfloat (got, ==, 0);
        }
  model_clear (&m);

  /* After Layer 1, the AllToAll over every chip takes its mean hops from apl: the same times. */
  {
    g_autoptr(TfCandidate) again = tf_test_candidate (16, TF_INTRA_BOARD_NONE, 1,
                                                      "fat-tree:layers=2,k=6,osr=2,n_endpoint=16");

    g_assert_true (tf_evaluate (&config, again, TF_LAYER_STRUCTURE | TF_LAYER_COLLECTIVES, NULL,
                                &error));
    g_assert_no_error (error);
    for (guint k = 0; k < config.workloads[0].n_message_sizes; k++)
      tf_test_assert_close (again->evaluation.collective_us[0][TF_PRIMITIVE_ALL_TO_ALL][k],
                            c->evaluation.collective_us[0][TF_PRIMITIVE_ALL_TO_ALL][k]);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/evaluator/collectives/rank-order", test_rank_order);
  g_test_add_func ("/engine/evaluator/collectives/single-switch", test_single_switch);
  g_test_add_func ("/engine/evaluator/collectives/spec-all-reduce", test_spec_all_reduce);
  g_test_add_func ("/engine/evaluator/collectives/ring-direct", test_ring_direct);
  g_test_add_func ("/engine/evaluator/collectives/fat-tree-ecmp", test_fat_tree_ecmp);
  g_test_add_func ("/engine/evaluator/collectives/all-to-all-bisection", test_all_to_all_bisection);
  g_test_add_func ("/engine/evaluator/collectives/routing-brute-force", test_routing_brute_force);
  g_test_add_func ("/engine/evaluator/collectives/swapped-flows", test_swapped_flows);
  g_test_add_func ("/engine/evaluator/collectives/evaluate-collectives", test_evaluate_collectives);

  return g_test_run ();
}
