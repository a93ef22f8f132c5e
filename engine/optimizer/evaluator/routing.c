/* SPDX-License-Identifier: GPL-3.0-or-later */
/* routing.c: flows on a candidate's graph as Layers 2 and 3 route them (routing-private.h).
 *
 * Every flow splits evenly (per physical link, ECMP-style) among the links that bring it one hop
 * closer to its destination; beta is the least bandwidth-to-load ratio over the links it loads.
 * Distances to a destination chip come from the TfHopTable's rows (one per class of twin chips,
 * or per orbit of them), else from a search of the ball around the destination; a flow's
 * shortest-path DAG is built from both ends. Sets of flows routed once per kind of flow are
 * routing-sets.c. docs/optimizer.md gives the formulas.
 */
#include "routing-state-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNREACHABLE TF_ROUTING_UNREACHABLE

/* A flow's result, as tf_routing_p2p gives it. */
typedef struct
{
  guint        hops;
  gboolean     reachable;
  double       beta;
  TfBottleneck bottleneck;
} P2p;

void
tf_routing_destination (TfRouting     *m,
                        guint32        chip,
                        const guint32 *sources,
                        guint          n_sources,
                        guint          slot,
                        TfDestination *d)
{
  const TfHopTable *h = m->hops;
  guint head = 0, missing = 0;

  d->chip = chip;
  d->moved_stamp = NULL;
  if (h != NULL)
    {
      guint32 c = h->class_of_chip[chip];
      guint n_moved;

      if (m->over_class[slot] == c)
        {
          *d = m->over_last[slot];
          d->chip = chip;
          return;
        }
      m->over_class[slot] = c;
      d->row = tf_hop_table_row_moves (h, chip, m->moved, m->moved_value, &n_moved, &d->map);
      d->twin = h->class_chip[c];
      d->twin_distance = h->twin_distance[c];
      if (n_moved > 0)
        {
          if (++m->over_epoch[slot] == 0)
            {
              memset (m->over_stamp[slot], 0, sizeof (guint32) * m->n_nodes);
              m->over_epoch[slot] = 1;
            }
          for (guint i = 0; i < n_moved; i++)
            {
              m->over_stamp[slot][m->moved[i]] = m->over_epoch[slot];
              m->over_value[slot][m->moved[i]] = m->moved_value[i];
            }
          d->moved_stamp = m->over_stamp[slot];
          d->moved_epoch = m->over_epoch[slot];
          d->moved_value = m->over_value[slot];
        }
      m->over_last[slot] = *d;
      return;
    }

  for (guint i = 0; i < m->n_reached; i++)
    m->row[m->reached[i]] = UNREACHABLE;
  m->n_reached = 0;
  m->row[chip] = 0;
  m->reached[m->n_reached++] = chip;
  for (guint i = 0; i < n_sources; i++)
    if (m->row[sources[i]] == UNREACHABLE && !m->wanted[sources[i]])
      {
        m->wanted[sources[i]] = 1;
        missing++;
      }
  while (missing > 0 && head < m->n_reached)
    {
      guint32 u = m->reached[head++];

      for (guint32 e = m->adj.offset[u]; e < m->adj.offset[u + 1]; e++)
        {
          guint32 v = m->adj.target[e];

          if (m->row[v] != UNREACHABLE)
            continue;
          if (m->wanted[v])
            {
              m->wanted[v] = 0;
              missing--;
            }
          m->row[v] = MIN (m->row[u] + 1, UNREACHABLE - 1);  /* saturating, as the table */
          m->reached[m->n_reached++] = v;
        }
    }
  for (guint i = 0; missing > 0 && i < n_sources; i++)
    if (m->wanted[sources[i]])
      {
        m->wanted[sources[i]] = 0;   /* never reached: stays unreachable */
        missing--;
      }
  d->row = m->row;
  d->map = NULL;
  d->twin = chip;
  d->twin_distance = 0;
}

static inline void
dag_add (TfRouting *m,
         guint32  v,
         guint    layer,
         guint   *n_nodes)
{
  if (m->dag_stamp[v] == m->dag_epoch)
    return;
  m->dag_stamp[v] = m->dag_epoch;
  m->layer_of[v] = layer;
  m->layer_nodes[(*n_nodes)++] = v;
  m->layer_len[layer]++;
  m->layer_cost[layer] += tf_adjacency_degree (&m->adj, v);
}

static inline void
layer_open (TfRouting *m,
            guint  layer,
            guint  n_nodes)
{
  m->layer_start[layer] = n_nodes;
  m->layer_len[layer] = 0;
  m->layer_cost[layer] = 0;
}

/* The shortest-path DAG from @source, @hops from d->chip, to d->chip (TfRouting's layers and
 * gaps). It grows from both ends, each step from the end whose layer has fewer links to look at:
 * from the source's end a node's arcs go to its neighbours one hop nearer d->chip; from d->chip's
 * end (with a hop table, whose distances to the source are read the first time that end grows) a
 * node's arcs come from its neighbours one hop nearer the source. The last gap is read from
 * either end by membership alone. Across a fat-tree's core the source's end looks at every
 * core's links, d->chip's end at a few aggregation switches'. */
static void
build_dag (TfRouting           *m,
           const TfDestination *d,
           guint32              source,
           guint                hops)
{
  guint hi = hops, lo = 0, n_nodes = 0, n_arcs = 0, from, to, gap;
  gboolean forward, have_source = FALSE;
  TfDestination from_source;

  if (++m->dag_epoch == 0)
    {
      memset (m->dag_stamp, 0, sizeof (guint32) * m->n_nodes);
      m->dag_epoch = 1;
    }
  layer_open (m, hops, n_nodes);
  dag_add (m, source, hops, &n_nodes);
  layer_open (m, 0, n_nodes);
  dag_add (m, d->chip, 0, &n_nodes);
  while (hi - lo > 1)
    {
      forward = m->hops == NULL || m->layer_cost[hi] <= m->layer_cost[lo];
      if (!forward && !have_source)
        {
          tf_routing_destination (m, source, NULL, 0, 1, &from_source);
          have_source = TRUE;
        }
      from = forward ? hi : lo;
      to = forward ? hi - 1 : lo + 1;
      gap = forward ? hi - 1 : lo;
      layer_open (m, to, n_nodes);
      m->gap_start[gap] = n_arcs;
      m->gap_ordered[gap] = forward;
      for (guint i = m->layer_start[from]; i < m->layer_start[from] + m->layer_len[from]; i++)
        {
          guint32 u = m->layer_nodes[i];

          for (guint32 e = m->adj.offset[u]; e < m->adj.offset[u + 1]; e++)
            {
              guint32 w = m->adj.target[e];

              if (forward ? tf_destination_distance (d, w) != to
                          : tf_destination_distance (&from_source, w) != hops - to)
                continue;
              m->arcs[n_arcs++] = forward ? (Arc) { u, m->adj.link[e], w }
                                          : (Arc) { w, m->adj.link[e], u };
              dag_add (m, w, to, &n_nodes);
            }
        }
      m->gap_len[gap] = n_arcs - m->gap_start[gap];
      if (forward)
        hi--;
      else
        lo++;
    }

  forward = m->layer_cost[hi] <= m->layer_cost[lo];
  from = forward ? hi : lo;
  to = forward ? lo : hi;
  m->gap_start[lo] = n_arcs;
  m->gap_ordered[lo] = forward;
  for (guint i = m->layer_start[from]; i < m->layer_start[from] + m->layer_len[from]; i++)
    {
      guint32 u = m->layer_nodes[i];

      for (guint32 e = m->adj.offset[u]; e < m->adj.offset[u + 1]; e++)
        {
          guint32 w = m->adj.target[e];

          if (m->dag_stamp[w] != m->dag_epoch || m->layer_of[w] != to)
            continue;
          m->arcs[n_arcs++] = forward ? (Arc) { u, m->adj.link[e], w }
                                      : (Arc) { w, m->adj.link[e], u };
        }
    }
  m->gap_len[lo] = n_arcs - m->gap_start[lo];
}

/* A gap's arcs in the order the source's end would list them: by their tail's place in the
 * frontier, then by link (each node's links are listed in link order). */
static const Arc *
order_arcs (TfRouting *m,
            const Arc *arcs,
            guint      n,
            guint      n_frontier)
{
  memset (m->bucket, 0, sizeof (guint32) * (n_frontier + 1));
  for (guint i = 0; i < n; i++)
    m->bucket[m->rank[arcs[i].u] + 1]++;
  for (guint r = 0; r < n_frontier; r++)
    m->bucket[r + 1] += m->bucket[r];
  for (guint i = 0; i < n; i++)
    m->sorted_arcs[m->bucket[m->rank[arcs[i].u]]++] = arcs[i];
  /* Then by link within each tail's run. */
  for (guint i = 1; i < n; i++)
    {
      Arc a = m->sorted_arcs[i];
      guint k = i;

      for (; k > 0 && m->sorted_arcs[k - 1].u == a.u && m->sorted_arcs[k - 1].link > a.link; k--)
        m->sorted_arcs[k] = m->sorted_arcs[k - 1];
      m->sorted_arcs[k] = a;
    }
  return m->sorted_arcs;
}

/* Adds @amount of flow from @source to d->chip over all shortest paths, split evenly per physical
 * link at every node among the links one hop closer. FALSE when the destination is unreachable.
 * The arithmetic is done in the order of a walk from the source, whichever end found the arcs. */
gboolean
tf_routing_add_flow (TfRouting           *m,
                     const TfDestination *d,
                     guint32              source,
                     double               amount)
{
  const TfLink *links = m->graph->links;
  guint hops = tf_destination_distance (d, source);
  guint n_frontier = 1;

  if (hops == UNREACHABLE)
    return FALSE;
  if (hops == 0)
    return TRUE;
  build_dag (m, d, source, hops);

  m->epoch++;
  m->frontier[0] = source;
  m->flow[source] = amount;
  m->stamp[source] = m->epoch;
  m->rank[source] = 0;
  for (guint level = hops; level > 0; level--)
    {
      guint gap = level - 1, n = m->gap_len[gap], n_next = 0;
      const Arc *arcs = m->arcs + m->gap_start[gap];
      guint32 *swap;

      if (!m->gap_ordered[gap])
        arcs = order_arcs (m, arcs, n, n_frontier);
      m->epoch++;
      for (guint i = 0, j; i < n; i = j)
        {
          guint32 u = arcs[i].u;
          double ways = 0, per_way;

          for (j = i; j < n && arcs[j].u == u; j++)
            ways += links[arcs[j].link].multiplicity;
          per_way = m->flow[u] / ways;
          for (guint k = i; k < j; k++)
            {
              guint32 l = arcs[k].link, v = arcs[k].v;
              guint32 slot = 2 * l + (links[l].a == u ? 0 : 1);
              double share = per_way * links[l].multiplicity;

              if (!m->loaded[slot])
                {
                  m->loaded[slot] = 1;
                  m->touched[m->n_touched++] = slot;
                }
              m->load[slot] += share;
              if (m->record != NULL)
                g_array_append_val (m->record, ((Share) { slot, share }));
              if (m->stamp[v] != m->epoch)
                {
                  m->stamp[v] = m->epoch;
                  m->flow[v] = 0;
                  m->rank[v] = n_next;
                  m->next[n_next++] = v;
                }
              m->flow[v] += share;
            }
        }
      swap = m->frontier;
      m->frontier = m->next;
      m->next = swap;
      n_frontier = n_next;
    }
  return TRUE;
}

/* min over loaded link directions of bandwidth / load (GB/s), and clears the loads; the link
 * giving it in *@bottleneck. */
double
tf_routing_collect_beta (TfRouting    *m,
                         TfBottleneck *bottleneck)
{
  double beta = INFINITY;
  guint32 worst = G_MAXUINT32;

  for (guint i = 0; i < m->n_touched; i++)
    {
      guint32 slot = m->touched[i];
      double b = m->link_gbps[slot / 2] / m->load[slot];

      if (b < beta)
        {
          beta = b;
          worst = slot;
        }
    }
  memset (bottleneck, 0, sizeof *bottleneck);
  if (worst != G_MAXUINT32)
    {
      const TfLink *l = &m->graph->links[worst / 2];

      bottleneck->kind = TF_BOTTLENECK_LINK;
      bottleneck->link_type = l->type;
      bottleneck->reach = l->reach;
      bottleneck->load = m->load[worst];
      bottleneck->gbps = beta;
    }
  for (guint i = 0; i < m->n_touched; i++)
    {
      m->load[m->touched[i]] = 0;
      m->loaded[m->touched[i]] = 0;
    }
  m->n_touched = 0;
  return beta;
}

/* A link end as the twin-swap argument sees it: the far node (a node of the class itself as
 * one marker), and what the link's time depends on. */
typedef struct
{
  guint32 node;
  guint32 multiplicity;
  guint8  type, reach;
  double  gbps;
} LinkEnd;

static int
link_end_compare (const void *pa,
                  const void *pb)
{
  const LinkEnd *x = pa, *y = pb;

  if (x->node != y->node)
    return x->node < y->node ? -1 : 1;
  if (x->multiplicity != y->multiplicity)
    return x->multiplicity < y->multiplicity ? -1 : 1;
  if (x->type != y->type)
    return x->type < y->type ? -1 : 1;
  if (x->reach != y->reach)
    return x->reach < y->reach ? -1 : 1;
  return x->gbps < y->gbps ? -1 : x->gbps > y->gbps;
}

/* The link ends of @chip, sorted, into @out (room for its degree). */
static void
link_ends (const TfRouting      *m,
           const TfNetworkGraph *graph,
           const TfHopTable     *hops,
           guint32               chip,
           LinkEnd              *out)
{
  guint n = tf_adjacency_degree (&m->adj, chip), i = 0;

  for (guint32 e = m->adj.offset[chip]; e < m->adj.offset[chip + 1]; e++, i++)
    {
      const TfLink *l = &graph->links[m->adj.link[e]];
      guint32 v = m->adj.target[e];

      out[i] = (LinkEnd) {
        v < graph->n_chip && hops->class_of_chip[v] == hops->class_of_chip[chip] ? G_MAXUINT32
                                                                                 : v,
        l->multiplicity, l->type, l->reach, m->link_gbps[m->adj.link[e]] };
    }
  qsort (out, n, sizeof (LinkEnd), link_end_compare);
}

/* Whether the chips of twin class @c have links alike (same far ends, multiplicities, types,
 * reaches and bandwidths; links inside a class of three or more all alike too), so that
 * swapping two of them keeps every flow's time. */
static gboolean
route_alike (const TfRouting      *m,
             const TfNetworkGraph *graph,
             const TfHopTable     *hops,
             guint32               c)
{
  guint n = tf_adjacency_degree (&m->adj, hops->class_chip[c]);
  g_autofree LinkEnd *first = NULL;
  g_autofree LinkEnd *other = NULL;

  if (hops->member_offset[c + 1] - hops->member_offset[c] < 2)
    return TRUE;
  first = g_new (LinkEnd, MAX (n, 1));
  other = g_new (LinkEnd, MAX (n, 1));
  link_ends (m, graph, hops, hops->class_chip[c], first);
  if (hops->member_offset[c + 1] - hops->member_offset[c] > 2)
    for (guint i = 1; i < n; i++)
      if (first[i].node == G_MAXUINT32 && link_end_compare (&first[i - 1], &first[i]) != 0)
        return FALSE;
  for (guint j = hops->member_offset[c]; j < hops->member_offset[c + 1]; j++)
    {
      guint32 x = hops->members[j];

      if (tf_adjacency_degree (&m->adj, x) != n)
        return FALSE;
      link_ends (m, graph, hops, x, other);
      for (guint i = 0; i < n; i++)
        if (link_end_compare (&first[i], &other[i]) != 0)
          return FALSE;
    }
  return TRUE;
}

TfRouting *
tf_routing_new (const TfNetworkGraph *graph,
                const TfHopTable     *hops,
                const TfChipLattice  *lattice,
                const TfContext      *ctx)
{
  TfRouting *m;
  guint n_nodes;

  g_return_val_if_fail (graph != NULL && ctx != NULL, NULL);
  g_return_val_if_fail (hops == NULL || hops->graph == graph, NULL);

  n_nodes = tf_network_graph_get_n_nodes (graph);
  m = g_new0 (TfRouting, 1);
  m->graph = graph;
  m->hops = hops;
  m->n_nodes = n_nodes;
  tf_adjacency_init (&m->adj, n_nodes, graph->n_links, graph->links, sizeof (TfLink));

  /* Link bandwidths from the budgets and ports of the context the links were made in. */
  m->link_gbps = g_new (double, MAX (graph->n_links, 1));
  m->chip_gbps = g_new0 (double, MAX (graph->n_chip, 1));
  tf_network_graph_link_gbps (graph, ctx, m->link_gbps);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      double bw = m->link_gbps[i];

      m->link_gbps[i] = bw;
      if (l->a < graph->n_chip)
        m->chip_gbps[l->a] += bw;
      if (l->b < graph->n_chip)
        m->chip_gbps[l->b] += bw;
    }

  m->flow = g_new (double, MAX (n_nodes, 1));
  m->stamp = g_new0 (guint32, MAX (n_nodes, 1));
  m->frontier = g_new (guint32, MAX (n_nodes, 1));
  m->next = g_new (guint32, MAX (n_nodes, 1));
  m->load = g_new0 (double, 2 * (gsize) MAX (graph->n_links, 1));
  m->loaded = g_new0 (guint8, 2 * (gsize) MAX (graph->n_links, 1));
  m->touched = g_new (guint32, 2 * (gsize) MAX (graph->n_links, 1));
  m->row = g_new (guint16, MAX (n_nodes, 1));
  m->reached = g_new (guint32, MAX (n_nodes, 1));
  m->wanted = g_new0 (guint8, MAX (n_nodes, 1));
  if (hops != NULL)
    {
      m->moved = g_new (guint32, graph->n_chip + 1);
      m->moved_value = g_new (guint16, graph->n_chip + 1);
      for (guint slot = 0; slot < 2; slot++)
        {
          m->over_value[slot] = g_new (guint16, MAX (n_nodes, 1));
          m->over_stamp[slot] = g_new0 (guint32, MAX (n_nodes, 1));
          m->over_class[slot] = TF_UNREACHED;
        }
    }
  m->arcs = g_new (Arc, (gsize) graph->n_links + 1);
  m->sorted_arcs = g_new (Arc, (gsize) graph->n_links + 1);
  m->gap_start = g_new (guint32, MAX (n_nodes, 1));
  m->gap_len = g_new (guint32, MAX (n_nodes, 1));
  m->gap_ordered = g_new (guint8, MAX (n_nodes, 1));
  m->layer_nodes = g_new (guint32, MAX (n_nodes, 1));
  m->layer_start = g_new (guint32, MAX (n_nodes, 1));
  m->layer_len = g_new (guint32, MAX (n_nodes, 1));
  m->layer_cost = g_new (guint64, MAX (n_nodes, 1));
  m->layer_of = g_new (guint32, MAX (n_nodes, 1));
  m->dag_stamp = g_new0 (guint32, MAX (n_nodes, 1));
  m->rank = g_new (guint32, MAX (n_nodes, 1));
  m->bucket = g_new (guint32, (gsize) n_nodes + 1);
  if (hops != NULL)
    {
      m->alike = g_new (guint8, MAX (hops->n_classes, 1));
      for (guint32 c = 0; c < hops->n_classes; c++)
        m->alike[c] = route_alike (m, graph, hops, c);
    }
  if (graph->n_switch == 0 && tf_translations_init (&m->tr, graph, lattice, FALSE))
    m->p2p_memo = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  if (graph->n_switch == 0)
    tf_translations_init (&m->shape_tr, graph, lattice, TRUE);
  for (guint v = 0; v < n_nodes; v++)
    m->row[v] = UNREACHABLE;
  return m;
}

void
tf_routing_free (TfRouting *m)
{
  if (m == NULL)
    return;
  tf_adjacency_clear (&m->adj);
  g_free (m->link_gbps);
  g_free (m->chip_gbps);
  g_free (m->flow);
  g_free (m->stamp);
  g_free (m->frontier);
  g_free (m->next);
  g_free (m->load);
  g_free (m->loaded);
  g_free (m->touched);
  g_free (m->row);
  g_free (m->reached);
  g_free (m->wanted);
  g_free (m->moved);
  g_free (m->moved_value);
  for (guint slot = 0; slot < 2; slot++)
    {
      g_free (m->over_value[slot]);
      g_free (m->over_stamp[slot]);
    }
  g_free (m->arcs);
  g_free (m->sorted_arcs);
  g_free (m->gap_start);
  g_free (m->gap_len);
  g_free (m->gap_ordered);
  g_free (m->layer_nodes);
  g_free (m->layer_start);
  g_free (m->layer_len);
  g_free (m->layer_cost);
  g_free (m->layer_of);
  g_free (m->dag_stamp);
  g_free (m->rank);
  g_free (m->bucket);
  g_free (m->alike);
  g_free (m->swap_ok);
  g_free (m->member_index);
  tf_translations_clear (&m->tr);
  tf_translations_clear (&m->pair_tr);
  tf_translations_clear (&m->shape_tr);
  if (m->p2p_memo != NULL)
    g_hash_table_unref (m->p2p_memo);
  g_free (m);
}

const double *
tf_routing_chip_gbps (const TfRouting *m)
{
  return m->chip_gbps;
}

gboolean
tf_routing_p2p (TfRouting    *m,
                guint32       a,
                guint32       b,
                guint        *hops,
                double       *beta,
                TfBottleneck *bottleneck)
{
  TfDestination d;
  guint32 ca = 0, cb = 0;
  gboolean alike = FALSE;
  gint64 key = 0;
  P2p *known = NULL;

  /* A flow between the same two classes of chips that route alike as the last one: swapping
   * twins is an automorphism keeping every link's bandwidth, type and reach, so its hops, beta
   * and bottleneck are the last one's (a pipeline's tensor ranks on two boards). */
  if (m->hops != NULL)
    {
      ca = m->hops->class_of_chip[a];
      cb = m->hops->class_of_chip[b];
      alike = ca != cb && m->alike[ca] && m->alike[cb];
    }
  if (alike && m->p2p_valid && m->p2p_classes[0] == ca && m->p2p_classes[1] == cb)
    {
      *hops = m->p2p_hops;
      *beta = m->p2p_beta;
      *bottleneck = m->p2p_bottleneck;
      return TRUE;
    }
  /* Under translations, the pair moved so that a lies in the cell (a pipeline's transfers
   * between two stages of a torus: one per place of the cell). */
  if (m->p2p_memo != NULL)
    {
      key = tf_translations_pair_key (&m->tr, m->graph->n_chip, a, b);
      known = g_hash_table_lookup (m->p2p_memo, &key);
      if (known != NULL)
        {
          *hops = known->hops;
          *beta = known->beta;
          *bottleneck = known->bottleneck;
          return known->reachable;
        }
    }

  tf_routing_destination (m, b, &a, 1, 0, &d);
  *hops = tf_destination_distance (&d, a);
  *beta = 0;
  memset (bottleneck, 0, sizeof *bottleneck);
  if (*hops != TF_ROUTING_UNREACHABLE)
    {
      tf_routing_add_flow (m, &d, a, 1.0);
      *beta = tf_routing_collect_beta (m, bottleneck);
    }
  m->p2p_valid = alike;
  m->p2p_classes[0] = ca;
  m->p2p_classes[1] = cb;
  m->p2p_hops = *hops;
  m->p2p_beta = *beta;
  m->p2p_bottleneck = *bottleneck;
  if (m->p2p_memo != NULL)
    {
      known = g_new (P2p, 1);
      *known = (P2p) { *hops, *hops != TF_ROUTING_UNREACHABLE, *beta, *bottleneck };
      g_hash_table_insert (m->p2p_memo, g_memdup2 (&key, sizeof key), known);
    }
  return *hops != TF_ROUTING_UNREACHABLE;
}
