/* SPDX-License-Identifier: GPL-3.0-or-later */
/* routing.c: flows on a candidate's graph as Layers 2 and 3 route them (routing-private.h).
 *
 * Every flow splits evenly (per physical link, ECMP-style) among the links that bring it one hop
 * closer to its destination; beta is the least bandwidth-to-load ratio over the links it loads.
 * Distances to a destination chip come from the TfHopTable's rows (one per class of twin chips,
 * or per orbit of them), else from a search of the ball around the destination; a flow's
 * shortest-path DAG is built from both ends. In a graph of chips alone, a set of flows that
 * the graph's translations keep (translations.c) routes one flow of each orbit and sums each
 * link's orbit. docs/optimizer.md gives the formulas.
 */
#include "routing-private.h"
#include "translations-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNREACHABLE TF_ROUTING_UNREACHABLE

/* An arc of a flow's shortest-path DAG: @link taken from @u to @v. */
typedef struct
{
  guint32 u, link, v;
} Arc;

struct _TfRouting
{
  const TfNetworkGraph *graph;
  const TfHopTable     *hops;
  guint        n_nodes;
  TfAdjacency  adj;
  double      *link_gbps;    /* per link: bandwidth of one physical link x multiplicity */
  double      *chip_gbps;    /* per chip: the sum over its links */

  /* Routing scratch */
  double      *flow;         /* per node, valid where stamp == epoch */
  guint32     *stamp;
  guint32      epoch;
  guint32     *frontier;
  guint32     *next;
  double      *load;         /* per link and direction: [2 l] a -> b, [2 l + 1] b -> a */
  guint8      *loaded;
  guint32     *touched;      /* the directions with load, to read and reset */
  guint        n_touched;
  GArray      *record;       /* when not NULL, tf_routing_add_flow appends each Share */
  guint16     *row;          /* the bounded search's distances (no hop table) */
  guint32     *reached;      /* without a hop table: the nodes the last search labelled */
  guint8      *wanted;       /* sources it has yet to label */
  guint        n_reached;
  /* With a hop table: tf_hop_table_row_moves's output, and per slot (0 a destination, 1 the
   * source routed to it) the moved values laid over a row, where over_stamp == over_epoch. */
  guint32     *moved;
  guint16     *moved_value;
  guint16     *over_value[2];
  guint32     *over_stamp[2];
  guint32      over_epoch[2];
  /* The shortest-path DAG of one flow (build_dag): layer l holds its nodes at distance l from
   * the destination, gap l its arcs from layer l + 1 to layer l. */
  Arc         *arcs;
  Arc         *sorted_arcs;
  guint32     *gap_start;
  guint32     *gap_len;
  guint8      *gap_ordered;  /* arcs listed as the source's end lists them */
  guint32     *layer_nodes;
  guint32     *layer_start;
  guint32     *layer_len;
  guint64     *layer_cost;   /* the layer's links to look at: its degree sum */
  guint32     *layer_of;     /* per node, valid where dag_stamp == dag_epoch */
  guint32     *dag_stamp;
  guint32      dag_epoch;
  guint32     *rank;         /* per node of the frontier: its place in it */
  guint32     *bucket;
  /* With a hop table: per class, whether its chips route alike (route_alike), and the last
   * point-to-point flow between two such classes. */
  guint8      *alike;
  gboolean     p2p_valid;
  guint32      p2p_classes[2];
  guint        p2p_hops;
  double       p2p_beta;
  TfBottleneck p2p_bottleneck;
  /* Without a hop table, in a graph of chips alone: its translations (translations.c); when
   * there are some, every flow's result by its pair of chips translated so the first lies in the
   * cell, in p2p_memo, and a set of flows made of whole orbits routes one flow of each
   * (tf_routing_add_flows). */
  TfTranslations tr;
  TfTranslations pair_tr;    /* the translations that keep the last set of flows folded */
  TfTranslations shape_tr;   /* the translations keeping multiplicities: a flow's shares */
  GHashTable  *p2p_memo;
};

/* What one flow adds to one link direction. */
typedef struct
{
  guint32 slot;
  double  load;
} Share;

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

      d->row = tf_hop_table_row_moves (h, chip, m->moved, m->moved_value, &n_moved);
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

/* A pair of chips by the orbit its translates form, for sorting. */
typedef struct
{
  gint64  key;
  guint32 a, b;
} KeyedPair;

static int
keyed_pair_compare (const void *pa,
                    const void *pb)
{
  const KeyedPair *x = pa, *y = pb;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return (x->b > y->b) - (x->b < y->b);
}

/* @pairs, each with its key under @tr, sorted by key (pairs alike together). */
static KeyedPair *
keyed_pairs (const TfRouting      *m,
             const TfTranslations *tr,
             const guint32        *pairs,
             guint                 n_pairs)
{
  KeyedPair *kp = g_new (KeyedPair, n_pairs);

  for (guint i = 0; i < n_pairs; i++)
    kp[i] = (KeyedPair) { tf_translations_pair_key (tr, m->graph->n_chip, pairs[2 * i],
                                                    pairs[2 * i + 1]),
                          pairs[2 * i], pairs[2 * i + 1] };
  qsort (kp, n_pairs, sizeof (KeyedPair), keyed_pair_compare);
  return kp;
}

/* When @pairs are whole orbits (each orbit's every translate as often as the others), routes one
 * pair of each orbit, as many times over as its translates appear each, and moves each link
 * direction's load onto the one its orbit is summed on. FALSE (nothing routed) otherwise. */
static gboolean
add_orbit_flows (TfRouting      *m,
                 TfTranslations *tr,
                 const guint32  *pairs,
                 guint           n_pairs,
                 guint          *hops,
                 gboolean       *reachable)
{
  g_autofree KeyedPair *kp = keyed_pairs (m, tr, pairs, n_pairs);
  const guint32 *orbit;
  guint n_touched;

  /* An orbit has one pair per translation: its run of pairs must hold each the same number of
   * times, count / order. */
  for (guint i = 0, j; i < n_pairs; i = j)
    {
      guint64 count, each;

      for (j = i + 1; j < n_pairs && kp[j].key == kp[i].key; j++)
        ;
      count = j - i;
      if (count % tr->order != 0)
        return FALSE;
      each = count / tr->order;
      for (guint k = i, l; k < j; k = l)
        {
          for (l = k + 1; l < j && kp[l].a == kp[k].a && kp[l].b == kp[k].b; l++)
            ;
          if (l - k != each)
            return FALSE;
        }
    }

  for (guint i = 0, j; i < n_pairs; i = j)
    {
      TfDestination d;

      for (j = i + 1; j < n_pairs && kp[j].key == kp[i].key; j++)
        ;
      tf_routing_destination (m, kp[i].b, &kp[i].a, 1, 0, &d);
      *hops = MAX (*hops, tf_destination_distance (&d, kp[i].a));
      *reachable &= tf_routing_add_flow (m, &d, kp[i].a, (double) ((j - i) / tr->order));
    }
  /* A link of an orbit carries what the orbit's links carry from one pair of each orbit of
   * pairs (the translations act freely, so each link is each link's translate once). */
  orbit = tf_translations_slot_orbits (tr, m->graph, &m->adj);
  /* In place: each slot leaving is replaced by its orbit's, if that is new. */
  n_touched = 0;
  for (guint i = 0; i < m->n_touched; i++)
    {
      guint32 slot = m->touched[i], to = orbit[slot];

      if (to != slot)
        {
          m->load[to] += m->load[slot];
          m->load[slot] = 0;
          m->loaded[slot] = 0;
          if (m->loaded[to])
            continue;
          m->loaded[to] = 1;
          slot = to;
        }
      m->touched[n_touched++] = slot;
    }
  m->n_touched = n_touched;
  return TRUE;
}

static inline void
add_load (TfRouting *m,
          guint32    slot,
          double     load)
{
  if (!m->loaded[slot])
    {
      m->loaded[slot] = 1;
      m->touched[m->n_touched++] = slot;
    }
  m->load[slot] += load;
}

/* A share of a flow by its link direction's orbit and the digits of the translation taking
 * the orbit's slot to it. */
typedef struct
{
  guint32 orbit;
  guint32 digit[TF_LATTICE_MAX_DIMS];
  double  load;
} MovedShare;

/* Lays the shares @record of the flow from @first on the links of each flow of @pairs, its
 * translates: each share moved by the translation taking @first to the pair's source. */
static void
stamp_translates (TfRouting       *m,
                  GArray          *record,
                  const KeyedPair *pairs,
                  guint            n_pairs,
                  guint32          first)
{
  const TfTranslations *t = &m->shape_tr;
  g_autofree MovedShare *ms = g_new (MovedShare, MAX (record->len, 1));
  guint32 from = tf_translations_of_chip (t, first), weight[TF_LATTICE_MAX_DIMS];

  for (guint d = 0, w = 1; d < t->n_dims; w *= t->radix[d], d++)
    weight[d] = w;
  for (guint r = 0; r < record->len; r++)
    {
      const Share *sh = &g_array_index (record, Share, r);
      guint32 by = t->slot_translation[sh->slot];

      ms[r].orbit = t->slot_orbit_number[sh->slot] * (guint32) t->order;
      for (guint d = 0; d < t->n_dims; d++)
        ms[r].digit[d] = by / weight[d] % t->radix[d];
      ms[r].load = sh->load;
    }
  for (guint k = 0; k < n_pairs; k++)
    {
      guint32 by = tf_translations_undo (t, tf_translations_of_chip (t, pairs[k].a), from);
      guint32 digit[TF_LATTICE_MAX_DIMS];

      for (guint d = 0; d < t->n_dims; d++)
        digit[d] = by / weight[d] % t->radix[d];
      for (guint r = 0; r < record->len; r++)
        {
          guint32 at = ms[r].orbit;

          for (guint d = 0; d < t->n_dims; d++)
            {
              guint32 x = ms[r].digit[d] + digit[d];

              at += (x >= t->radix[d] ? x - t->radix[d] : x) * weight[d];
            }
          add_load (m, t->orbit_slots[at], ms[r].load);
        }
    }
}

/* Routes one flow of each orbit of pairs under the graph's translations and lays what it adds
 * to each link, moved, on the links of the orbit's other pairs (a flow's shares are its
 * translate's, moved): one search and one DAG per orbit, not per pair. */
static void
add_translated_flows (TfRouting     *m,
                      const guint32 *pairs,
                      guint          n_pairs,
                      guint         *hops,
                      gboolean      *reachable)
{
  g_autofree KeyedPair *kp = NULL;
  g_autoptr(GArray) record = g_array_new (FALSE, FALSE, sizeof (Share));

  tf_translations_slot_orbits (&m->shape_tr, m->graph, &m->adj);
  kp = keyed_pairs (m, &m->shape_tr, pairs, n_pairs);
  for (guint i = 0, j; i < n_pairs; i = j)
    {
      TfDestination d;

      for (j = i + 1; j < n_pairs && kp[j].key == kp[i].key; j++)
        ;
      if (kp[i].a == kp[i].b)
        continue;
      tf_routing_destination (m, kp[i].b, &kp[i].a, 1, 0, &d);
      *hops = MAX (*hops, tf_destination_distance (&d, kp[i].a));
      g_array_set_size (record, 0);
      m->record = record;
      if (!tf_routing_add_flow (m, &d, kp[i].a, 1.0))
        *reachable = FALSE;
      m->record = NULL;
      if (j - i > 1)
        stamp_translates (m, record, kp + i + 1, j - i - 1, kp[i].a);
    }
}

gboolean
tf_routing_add_flows (TfRouting     *m,
                      const guint32 *pairs,
                      guint          n_pairs,
                      guint         *hops)
{
  gboolean reachable = TRUE;

  *hops = 0;
  if (n_pairs == 0)
    return TRUE;
  /* Folding assumes the loads start empty (the slots' sums are the orbits' alone). */
  if (m->tr.order > 1 && m->n_touched == 0 && n_pairs >= 2)
    {
      TfTranslations keep;

      /* The translations that keep the pairs: the last set's again (their slot orbits made
       * once) when they have the same steps. */
      if (tf_translations_keeping_pairs (&m->tr, m->graph->n_chip, pairs, n_pairs, &keep))
        {
          if (tf_translations_same_steps (&keep, &m->pair_tr))
            tf_translations_clear (&keep);
          else
            {
              tf_translations_clear (&m->pair_tr);
              m->pair_tr = keep;
            }
          if (add_orbit_flows (m, &m->pair_tr, pairs, n_pairs, hops, &reachable))
            return reachable;
        }
    }
  if (m->shape_tr.order > 1)
    {
      add_translated_flows (m, pairs, n_pairs, hops, &reachable);
      return reachable;
    }
  for (guint i = 0; i < n_pairs; i++)
    {
      TfDestination d;
      guint32 source = pairs[2 * i], destination = pairs[2 * i + 1];

      if (source == destination)
        continue;
      tf_routing_destination (m, destination, &source, 1, 0, &d);
      *hops = MAX (*hops, tf_destination_distance (&d, source));
      reachable &= tf_routing_add_flow (m, &d, source, 1.0);
    }
  return reachable;
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

/* The link ends of @chip, sorted, into @out (room for @max); FALSE when it has more. */
static gboolean
link_ends (const TfRouting      *m,
           const TfNetworkGraph *graph,
           const TfHopTable     *hops,
           guint32               chip,
           LinkEnd              *out,
           guint                 max)
{
  guint n = tf_adjacency_degree (&m->adj, chip), i = 0;

  if (n > max)
    return FALSE;
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
  return TRUE;
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
  LinkEnd first[16], other[16];
  guint n = tf_adjacency_degree (&m->adj, hops->class_chip[c]);

  if (hops->member_offset[c + 1] - hops->member_offset[c] < 2)
    return TRUE;
  if (!link_ends (m, graph, hops, hops->class_chip[c], first, G_N_ELEMENTS (first)))
    return FALSE;
  if (hops->member_offset[c + 1] - hops->member_offset[c] > 2)
    for (guint i = 1; i < n; i++)
      if (first[i].node == G_MAXUINT32 && link_end_compare (&first[i - 1], &first[i]) != 0)
        return FALSE;
  for (guint j = hops->member_offset[c]; j < hops->member_offset[c + 1]; j++)
    {
      guint32 x = hops->members[j];

      if (tf_adjacency_degree (&m->adj, x) != n
          || !link_ends (m, graph, hops, x, other, G_N_ELEMENTS (other)))
        return FALSE;
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

  /* Link bandwidths from the defaults of the context the links were made in. */
  m->link_gbps = g_new (double, MAX (graph->n_links, 1));
  m->chip_gbps = g_new0 (double, MAX (graph->n_chip, 1));
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      double bw = tf_context_link_defaults (ctx, l->type, l->reach).bandwidth_gbps
                  * l->multiplicity;

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
