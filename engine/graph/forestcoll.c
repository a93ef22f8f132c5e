/* SPDX-License-Identifier: GPL-3.0-or-later */
/* forestcoll.c: ForestColl's lower bound on AllGather (Zhao et al., "ForestColl: Throughput-
 * Optimal Collective Communications on Heterogeneous Network Fabrics", arXiv 2402.06787,
 * Phase 1), exactly.
 *
 * Every chip holds 1/N of the message and must receive the other chips' shares; whatever the
 * schedule, the shares outside a set S that holds some chips must cross into S, so the time is
 * at least |V_c \ S| (M / N) / B_in (S), and ForestColl shows that the largest of these over S
 * is reached. A time T meets every cut iff, with a source feeding each chip its share and each
 * link carrying T b (e) each way, every chip t receives M: the minimum cut on t's side S is
 * (M / N) |V_c ∩ S| + T B_in (S). Dinkelbach's iteration climbs to the largest ratio: from
 * the single-chip cuts' bound, any flow short of M gives a set whose ratio beats T; T becomes
 * that ratio; when every sink's flow reaches M, T is the bound. Each T is the ratio of a real
 * set, so the answer never overstates the bound, and the steps are few. Units: a share is 1,
 * M is N, so T is in shares per GB/s and the bound per byte is T / N ns.
 *
 * A sink stands for every chip an automorphism keeping the bandwidths maps it to: chip 0 for a
 * family's vertex-transitive graph; one chip an orbit of chip-orbits.c, whose automorphisms of
 * the plain graph (multiplicity ignored) keep the bandwidths when a link's bandwidth is set by
 * what its ends are (chip or switch); else every chip but weighted twins.
 */
#include "forestcoll-private.h"
#include "maxflow-private.h"
#include "quotient-private.h"

#include <math.h>

/* Relative shortfall of a flow still counted as reaching M; and the most steps. */
#define TOLERANCE 1e-9
#define MAX_STEPS 1000u

static guint
end_kinds (const TfNetworkGraph *graph,
           const TfLink         *l)
{
  return (l->a < graph->n_chip) + (l->b < graph->n_chip);
}

/* A chip's links: the node at the other end and the GB/s to it, summed over its links. */
typedef struct
{
  guint32 chip;
  guint32 other;
  double  gbps;
} End;

static int
end_compare (const void *pa,
             const void *pb)
{
  const End *a = pa, *b = pb;

  if (a->chip != b->chip)
    return a->chip < b->chip ? -1 : 1;
  return a->other < b->other ? -1 : a->other > b->other;
}

/* Every chip a sink but weighted twins: chips linked to switches alone, to the same ones at the
 * same GB/s, which swapping keeps every bandwidth (the leaves' chips of an edited fat-tree). */
static void
every_chip_but_twins (const TfNetworkGraph *graph,
                      const double         *link_gbps,
                      guint32              *sinks,
                      guint                *n)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                      (GDestroyNotify) g_bytes_unref, NULL);
  g_autofree End *ends = g_new (End, 2 * (gsize) MAX (graph->n_links, 1));
  g_autofree guint8 *to_chip = g_new0 (guint8, graph->n_chip);
  guint m = 0;

  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if (l->a < graph->n_chip)
        ends[m++] = (End) { l->a, l->b, link_gbps[i] };
      if (l->b < graph->n_chip)
        ends[m++] = (End) { l->b, l->a, link_gbps[i] };
      if (l->a < graph->n_chip && l->b < graph->n_chip)
        to_chip[l->a] = to_chip[l->b] = TRUE;
    }
  qsort (ends, m, sizeof (End), end_compare);
  for (guint32 c = 0, i = 0; c < graph->n_chip; c++)
    {
      guint first = i, k = i;
      GByteArray *key;

      /* The chip's ends, parallel records to one node summed, in place. */
      for (; i < m && ends[i].chip == c; i++)
        if (k > first && ends[i].other == ends[k - 1].other)
          ends[k - 1].gbps += ends[i].gbps;
        else
          ends[k++] = ends[i];
      if (!to_chip[c] && k > first)
        {
          key = g_byte_array_sized_new ((k - first) * (sizeof (guint32) + sizeof (double)));
          for (guint e = first; e < k; e++)
            {
              g_byte_array_append (key, (const guint8 *) &ends[e].other, sizeof (guint32));
              g_byte_array_append (key, (const guint8 *) &ends[e].gbps, sizeof (double));
            }
          if (!g_hash_table_add (seen, g_byte_array_free_to_bytes (key)))
            continue;   /* a twin of a sink */
        }
      sinks[(*n)++] = c;
    }
}

guint32 *
tf_forestcoll_sinks (const TfNetworkGraph *graph,
                     const double         *link_gbps,
                     gboolean              chip_transitive,
                     guint                *n)
{
  double kind_gbps[3] = { -1, -1, -1 };
  gboolean uniform = TRUE;
  guint32 *sinks = g_new (guint32, MAX (graph->n_chip, 1));

  *n = 0;
  if (graph->n_chip == 0)
    return sinks;
  if (chip_transitive)
    {
      sinks[(*n)++] = 0;
      return sinks;
    }
  for (guint i = 0; i < graph->n_links && uniform; i++)
    {
      double *k = &kind_gbps[end_kinds (graph, &graph->links[i])];

      uniform = *k < 0 || *k == link_gbps[i];
      *k = link_gbps[i];
    }
  if (uniform)
    {
      g_auto(TfChipOrbits) orbits = { 0 };
      TfQuotient q;

      tf_quotient_init (&q, graph, TRUE);
      tf_chip_orbits_init (&orbits, &q);
      for (guint32 c = 0; c < q.n_chip_classes; c++)
        if (orbits.orbit[c] == c)
          sinks[(*n)++] = q.class_rep[c];
      tf_quotient_clear (&q);
      return sinks;
    }
  every_chip_but_twins (graph, link_gbps, sinks, n);
  return sinks;
}

/* The ratio of the set @side leaves at 0 (the sink's side): its chips' missing shares over the
 * GB/s entering it. */
static double
cut_ratio (const TfNetworkGraph *graph,
           const double         *link_gbps,
           const guint8         *side)
{
  double outside = 0, in = 0;

  for (guint c = 0; c < graph->n_chip; c++)
    outside += side[c];
  for (guint i = 0; i < graph->n_links; i++)
    if (side[graph->links[i].a] != side[graph->links[i].b])
      in += link_gbps[i];
  return in > 0 ? outside / in : INFINITY;
}

double
tf_forestcoll_ns_per_byte (const TfNetworkGraph *graph,
                           const double         *link_gbps,
                           const guint32        *sinks,
                           guint                 n_sinks,
                           guint                *steps)
{
  guint n = graph->n_chip, n_nodes = tf_network_graph_get_n_nodes (graph), source = n_nodes;
  g_autofree guint *arc = g_new (guint, MAX (graph->n_links, 1));
  g_autofree double *chip_gbps = g_new0 (double, MAX (n, 1));
  g_autofree guint8 *side = g_new (guint8, n_nodes + 1);
  double t = 0;
  guint step = 0, passed = 0, k = 0;
  TfFlow *flow;

  g_return_val_if_fail (graph != NULL && (link_gbps != NULL || graph->n_links == 0), NAN);
  g_return_val_if_fail (n_sinks > 0 || n < 2, NAN);

  if (steps != NULL)
    *steps = 0;
  if (n < 2)
    return 0;
  /* The single-chip cuts: a chip misses N - 1 shares. */
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if (l->a != l->b && l->a < n)
        chip_gbps[l->a] += link_gbps[i];
      if (l->a != l->b && l->b < n)
        chip_gbps[l->b] += link_gbps[i];
    }
  for (guint c = 0; c < n; c++)
    t = MAX (t, chip_gbps[c] > 0 ? (n - 1) / chip_gbps[c] : INFINITY);
  if (isinf (t))
    return INFINITY;

  flow = tf_flow_new (n_nodes + 1);
  tf_flow_reserve (flow, graph->n_links + n);
  for (guint c = 0; c < n; c++)
    tf_flow_add_arc (flow, source, c, 1, 0);
  for (guint i = 0; i < graph->n_links; i++)
    arc[i] = tf_flow_add_arc (flow, graph->links[i].a, graph->links[i].b, 0, 0);
  /* Round the sinks until a whole round passes; a sink that failed is tried again first. */
  for (step = 1; passed < n_sinks && step <= MAX_STEPS && !isinf (t); step++)
    {
      for (guint i = 0; i < graph->n_links; i++)
        tf_flow_set_capacity (flow, arc[i], t * link_gbps[i], t * link_gbps[i]);
      for (passed = 0; passed < n_sinks; passed++, k = (k + 1) % n_sinks)
        {
          double ratio;

          tf_flow_reset (flow);
          if (tf_flow_max (flow, source, sinks[k], n) >= n * (1 - TOLERANCE))
            continue;
          tf_flow_source_side (flow, source, side);
          ratio = cut_ratio (graph, link_gbps, side);
          /* Short by rounding alone: the set's ratio is no better. */
          if (ratio <= t * (1 + 1e-12))
            continue;
          t = ratio;
          break;
        }
    }
  tf_flow_free (flow);
  if (steps != NULL)
    *steps = step - 1;
  return t / n;
}
