/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-forestcoll.c: ForestColl's AllGather bound (forestcoll.c) against every node set of
 * small graphs, and by hand. */
#include <math.h>

#include "forestcoll-private.h"

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
  return g_test_run ();
}
