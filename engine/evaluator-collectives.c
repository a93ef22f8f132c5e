/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-collectives.c: Layer 2 of the evaluator, collective times under the alpha-beta model.
 *
 * alpha is hops times the per-hop latency; beta comes from routing the collective's flows on the
 * candidate's own graph: every flow splits evenly (per physical link, ECMP-style) among the links
 * that bring it one hop closer to its destination, and beta is the least bandwidth-to-load ratio
 * over the links it loads. docs/optimizer.md gives the formulas and the reasoning.
 *
 * Distances to a destination chip come from the TfHopTable's rows (one per class of twin chips,
 * or per orbit of them), so no group or flow searches the graph again.
 */
#include "optimizer-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNREACHABLE G_MAXUINT16
/* Bytes / (GB/s) is nanoseconds; the model works in microseconds. */
#define BYTES_PER_US_PER_GBPS 1e3

/* An arc of a flow's shortest-path DAG: @link taken from @u to @v. */
typedef struct
{
  guint32 u, link, v;
} Arc;

typedef struct
{
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
} Model;

/* Distances from every node to one chip. Twin chips share a hop-table row: from any node other
 * than the two twins the distance to either is the same (they have the same neighbours). A chip
 * whose class has no row of its own reads its orbit source's row, with the values of the chips an
 * automorphism moves laid over it (no copy of the row). */
typedef struct
{
  const guint16 *row;
  guint32        chip;
  guint32        twin;       /* the row's own chip (== chip when the row is the chip's own) */
  guint          twin_distance;
  const guint32 *moved_stamp;  /* NULL: nothing laid over the row */
  guint32        moved_epoch;
  const guint16 *moved_value;
} Destination;

static inline guint
destination_distance (const Destination *d,
                      guint32            node)
{
  if (node == d->chip)
    return 0;
  if (node == d->twin)
    return d->twin_distance;
  if (d->moved_stamp != NULL && d->moved_stamp[node] == d->moved_epoch)
    return d->moved_value[node];
  return d->row[node];
}

static inline double
us_for_bytes (double bytes,
              double gbps)
{
  if (bytes <= 0)
    return 0;
  if (!(gbps > 0))
    return INFINITY;
  return bytes / (gbps * BYTES_PER_US_PER_GBPS);
}

/* Distances to @chip from @sources (and every node nearer than the farthest of them): the hop
 * table's row when there is one (what an automorphism moves laid over it in overlay @slot), else a breadth-first search from @chip that stops once every
 * source is labelled. Routing from a source only reads nodes nearer than it, all labelled by
 * then; the rest read as unreachable. Groups of near chips (tensor, pipeline neighbours) search
 * a small ball instead of the graph. */
static void
destination_get (const TfCollectiveModel *model,
                 guint32                  chip,
                 const guint32           *sources,
                 guint                    n_sources,
                 guint                    slot,
                 Destination             *d)
{
  const TfHopTable *h = model->hops;
  Model *m = model->priv;
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
dag_add (Model   *m,
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
layer_open (Model *m,
            guint  layer,
            guint  n_nodes)
{
  m->layer_start[layer] = n_nodes;
  m->layer_len[layer] = 0;
  m->layer_cost[layer] = 0;
}

/* The shortest-path DAG from @source, @hops from d->chip, to d->chip (Model's layers and gaps).
 * It grows from both ends, each step from the end whose layer has fewer links to look at: from
 * the source's end a node's arcs go to its neighbours one hop nearer d->chip; from d->chip's end
 * (with @from_source, the distances to the source) a node's arcs come from its neighbours one
 * hop nearer the source. The last gap is read from either end by membership alone. Across a
 * fat-tree's core the source's end looks at every core's links, d->chip's end at a few
 * aggregation switches'. */
static void
build_dag (Model             *m,
           const Destination *d,
           const Destination *from_source,
           guint32            source,
           guint              hops)
{
  guint hi = hops, lo = 0, n_nodes = 0, n_arcs = 0, from, to, gap;
  gboolean forward;

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
      forward = from_source == NULL || m->layer_cost[hi] <= m->layer_cost[lo];
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

              if (forward ? destination_distance (d, w) != to
                          : destination_distance (from_source, w) != hops - to)
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
order_arcs (Model     *m,
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
static gboolean
route (TfCollectiveModel *model,
       const Destination *d,
       guint32            source,
       double             amount)
{
  Model *m = model->priv;
  const TfLink *links = model->graph->links;
  guint hops = destination_distance (d, source);
  guint n_frontier = 1;
  Destination from_source;

  if (hops == UNREACHABLE)
    return FALSE;
  if (hops == 0)
    return TRUE;
  if (model->hops != NULL && hops > 2)
    destination_get (model, source, NULL, 0, 1, &from_source);
  build_dag (m, d, model->hops != NULL && hops > 2 ? &from_source : NULL, source, hops);

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
static double
collect_beta (TfCollectiveModel *model,
              TfBottleneck      *bottleneck)
{
  Model *m = model->priv;
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
      const TfLink *l = &model->graph->links[worst / 2];

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

static const char *const bottleneck_names[] = { "none", "link", "injection", "bisection" };

const char *
tf_bottleneck_kind_to_string (TfBottleneckKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (bottleneck_names), NULL);
  return bottleneck_names[kind];
}

char *
tf_bottleneck_to_text (const TfBottleneck *b)
{
  if (b->kind == TF_BOTTLENECK_LINK)
    return g_strdup_printf ("%s@%s", tf_link_type_to_string (b->link_type),
                            tf_reach_to_string (b->reach));
  return g_strdup (tf_bottleneck_kind_to_string (b->kind));
}

gboolean
tf_bottleneck_from_text (const char   *text,
                         TfBottleneck *b)
{
  const char *at = strchr (text, '@');

  if (at != NULL)
    {
      g_autofree char *type = g_strndup (text, at - text);
      TfLinkType t;
      TfReach reach;

      if (!tf_link_type_from_string (type, &t) || !tf_reach_from_string (at + 1, &reach))
        return FALSE;
      b->kind = TF_BOTTLENECK_LINK;
      b->link_type = t;
      b->reach = reach;
      return TRUE;
    }
  for (guint k = TF_BOTTLENECK_INJECTION; k < G_N_ELEMENTS (bottleneck_names); k++)
    if (strcmp (text, bottleneck_names[k]) == 0)
      {
        b->kind = k;
        return TRUE;
      }
  return FALSE;
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
link_ends (const Model          *m,
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
route_alike (const Model          *m,
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

void
tf_collective_model_init (TfCollectiveModel    *model,
                          const TfSearchConfig *config,
                          const TfNetworkGraph *graph,
                          const TfHopTable     *hops,
                          const TfContext      *ctx,
                          double                bisection_gbps)
{
  Model *m;
  guint n_nodes;

  g_return_if_fail (model != NULL && config != NULL && graph != NULL);
  g_return_if_fail (hops == NULL || hops->graph == graph);

  memset (model, 0, sizeof *model);
  model->config = config;
  model->graph = graph;
  model->hops = hops;
  model->bisection_gbps = bisection_gbps;

  n_nodes = tf_network_graph_get_n_nodes (graph);
  m = g_new0 (Model, 1);
  model->priv = m;
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
  for (guint v = 0; v < n_nodes; v++)
    m->row[v] = UNREACHABLE;
}

void
tf_collective_model_clear (TfCollectiveModel *model)
{
  Model *m;

  g_return_if_fail (model != NULL);

  m = model->priv;
  if (m != NULL)
    {
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
      g_free (m);
    }
  memset (model, 0, sizeof *model);
}

/* What a group's times need, apart from the message size. */
typedef struct
{
  gboolean has_ring;
  double   ring_alpha_us;    /* max over ring neighbours of alpha */
  double   ring_beta_gbps;   /* min over links of bandwidth / load, all ring flows at once */
  TfBottleneck ring_bottleneck;
  gboolean has_all_to_all;
  double   a2a_alpha_us;     /* mean over ordered pairs of alpha */
  double   a2a_inject_gbps;  /* min over the group of a chip's link bandwidth */
} GroupShape;

static void
ring_shape (TfCollectiveModel *model,
            const guint32     *group,
            guint              n,
            GroupShape        *shape)
{
  double latency = model->config->hardware.link_latency_us;
  guint hops = 0;
  gboolean reachable = TRUE;

  for (guint i = 0; i < n; i++)
    {
      Destination d;
      guint32 s = group[i], t = group[(i + 1) % n];

      destination_get (model, t, &s, 1, 0, &d);
      hops = MAX (hops, destination_distance (&d, s));
      reachable &= route (model, &d, s, 1.0);
    }
  shape->has_ring = TRUE;
  shape->ring_alpha_us = hops * latency;
  shape->ring_beta_gbps = collect_beta (model, &shape->ring_bottleneck);
  if (!reachable)
    shape->ring_beta_gbps = 0;
}

/* With @mean_hops >= 0, the mean hops over the group's ordered pairs are known (Layer 1's apl,
 * when the group is every chip: n_chip² distances not read again). */
static void
all_to_all_shape (TfCollectiveModel *model,
                  const guint32     *group,
                  guint              n,
                  double             mean_hops,
                  GroupShape        *shape)
{
  Model *m = model->priv;
  double hops = 0, inject = INFINITY;

  for (guint j = 0; j < n; j++)
    {
      Destination d;

      inject = MIN (inject, m->chip_gbps[group[j]]);
      if (mean_hops >= 0)
        continue;
      destination_get (model, group[j], group, n, 0, &d);
      for (guint i = 0; i < n; i++)
        if (i != j)
          {
            guint h = destination_distance (&d, group[i]);

            hops += h == UNREACHABLE ? INFINITY : h;
          }
    }
  if (mean_hops < 0)
    mean_hops = n > 1 ? hops / ((double) n * (n - 1)) : 0;
  shape->has_all_to_all = TRUE;
  shape->a2a_alpha_us = mean_hops * model->config->hardware.link_latency_us;
  shape->a2a_inject_gbps = inject;
}

static double
shape_time (TfCollectiveModel *model,
            const GroupShape  *shape,
            TfPrimitive        primitive,
            guint              n,
            double             bytes)
{
  double chunk = bytes / n, step;

  memset (&model->bottleneck, 0, sizeof model->bottleneck);
  if (n < 2)
    return 0;
  if (primitive != TF_PRIMITIVE_ALL_TO_ALL)
    model->bottleneck = shape->ring_bottleneck;
  switch (primitive)
    {
    case TF_PRIMITIVE_ALL_REDUCE:
      step = shape->ring_alpha_us + us_for_bytes (chunk, shape->ring_beta_gbps);
      return 2.0 * (n - 1) * step;
    case TF_PRIMITIVE_ALL_GATHER:
    case TF_PRIMITIVE_REDUCE_SCATTER:
      step = shape->ring_alpha_us + us_for_bytes (chunk, shape->ring_beta_gbps);
      return (double) (n - 1) * step;
    case TF_PRIMITIVE_ALL_TO_ALL:
      {
        double inject = us_for_bytes (bytes * (n - 1) / n, shape->a2a_inject_gbps);
        double cross = 0;

        /* The group's share of the network's bisection; an upper bound on bandwidth (Layer 1
         * found a real cut), so this is a lower bound on the time. Unknown (0): no bound. */
        if (model->bisection_gbps > 0 && model->graph->n_chip > 0)
          cross = us_for_bytes (n * bytes / 4,
                                model->bisection_gbps * n / model->graph->n_chip);
        model->bottleneck.kind = cross > inject ? TF_BOTTLENECK_BISECTION
                                                : TF_BOTTLENECK_INJECTION;
        model->bottleneck.gbps = cross > inject ? model->bisection_gbps * n / model->graph->n_chip
                                                : shape->a2a_inject_gbps;
        return (n - 1) * shape->a2a_alpha_us + MAX (inject, cross);
      }
    case TF_N_PRIMITIVES:
    default:
      g_return_val_if_reached (0);
    }
}

double
tf_collective_time (TfCollectiveModel *model,
                    TfPrimitive        primitive,
                    const guint32     *group,
                    guint              n,
                    double             bytes)
{
  GroupShape shape = { 0 };

  g_return_val_if_fail (model != NULL && model->priv != NULL, 0);
  g_return_val_if_fail (primitive < TF_N_PRIMITIVES, 0);
  g_return_val_if_fail (n == 0 || group != NULL, 0);

  memset (&model->bottleneck, 0, sizeof model->bottleneck);
  if (n < 2)
    return 0;
  if (primitive == TF_PRIMITIVE_ALL_TO_ALL)
    all_to_all_shape (model, group, n, -1, &shape);
  else
    ring_shape (model, group, n, &shape);
  return shape_time (model, &shape, primitive, n, bytes);
}

double
tf_p2p_time (TfCollectiveModel *model,
             guint32            a,
             guint32            b,
             double             bytes)
{
  Model *m;
  Destination d;
  guint hops;
  double beta;
  guint32 ca = 0, cb = 0;
  gboolean alike = FALSE;

  g_return_val_if_fail (model != NULL && model->priv != NULL, 0);
  g_return_val_if_fail (a < model->graph->n_chip && b < model->graph->n_chip, 0);

  m = model->priv;
  memset (&model->bottleneck, 0, sizeof model->bottleneck);
  if (a == b)
    return 0;
  /* A flow between the same two classes of chips that route alike as the last one: swapping
   * twins is an automorphism keeping every link's bandwidth, type and reach, so its hops, beta
   * and bottleneck are the last one's (a pipeline's tensor ranks on two boards). */
  if (model->hops != NULL)
    {
      ca = model->hops->class_of_chip[a];
      cb = model->hops->class_of_chip[b];
      alike = ca != cb && m->alike[ca] && m->alike[cb];
    }
  if (alike && m->p2p_valid && m->p2p_classes[0] == ca && m->p2p_classes[1] == cb)
    {
      hops = m->p2p_hops;
      beta = m->p2p_beta;
      model->bottleneck = m->p2p_bottleneck;
    }
  else
    {
      destination_get (model, b, &a, 1, 0, &d);
      hops = destination_distance (&d, a);
      if (hops == UNREACHABLE)
        return INFINITY;
      route (model, &d, a, 1.0);
      beta = collect_beta (model, &model->bottleneck);
      m->p2p_valid = alike;
      m->p2p_classes[0] = ca;
      m->p2p_classes[1] = cb;
      m->p2p_hops = hops;
      m->p2p_beta = beta;
      m->p2p_bottleneck = model->bottleneck;
    }
  return hops * model->config->hardware.link_latency_us + us_for_bytes (bytes, beta);
}

guint32 *
tf_rank_order (const TfNetworkGraph *graph)
{
  guint32 *order;

  g_return_val_if_fail (graph != NULL, NULL);

  /* board_chips lists every chip once, board by board (an invariant of every graph). */
  order = g_new (guint32, MAX (graph->n_chip, 1));
  if (graph->n_chip > 0)
    memcpy (order, graph->board_chips, sizeof (guint32) * graph->n_chip);
  return order;
}

gboolean
tf_evaluate_collectives (const TfSearchConfig  *config,
                         TfCandidate           *candidate,
                         GError               **error)
{
  const TfNetworkGraph *graph;
  const TfHopTable *hops;
  TfCollectiveModel model;
  GroupShape shape = { 0 };
  g_autofree guint32 *order = NULL;
  TfEvaluation *ev;
  guint n;

  g_return_val_if_fail (config != NULL && candidate != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  graph = &candidate->topology.graph;
  ev = &candidate->evaluation;
  n = graph->n_chip;

  /* The candidate's links were made with its own context's bandwidths (a loaded seed may
   * differ from the search's). */
  hops = candidate->hop_cache;   /* Layer 1's, when it made one */
  tf_collective_model_init (&model, config, graph, hops,
                            &candidate->topology.context, ev->bisection_bandwidth);
  order = tf_rank_order (graph);

  memset (ev->collective_us, 0, sizeof ev->collective_us);
  memset (ev->collective_bottleneck, 0, sizeof ev->collective_bottleneck);
  for (guint w = 0; w < config->n_workloads && w < TF_SEARCH_MAX_WORKLOADS; w++)
    {
      const TfWorkload *wl = &config->workloads[w];

      for (guint p = 0; p < TF_N_PRIMITIVES; p++)
        {
          if (!(wl->primitives & (1u << p)) || n < 2)
            continue;
          /* One routing per group, shared by every message size and workload. */
          if (p == TF_PRIMITIVE_ALL_TO_ALL && !shape.has_all_to_all)
            all_to_all_shape (&model, order, n,
                              ev->layers & TF_LAYER_STRUCTURE ? ev->apl : -1, &shape);
          else if (p != TF_PRIMITIVE_ALL_TO_ALL && !shape.has_ring)
            ring_shape (&model, order, n, &shape);
          for (guint k = 0; k < wl->n_message_sizes && k < TF_SEARCH_MAX_MESSAGE_SIZES; k++)
            ev->collective_us[w][p][k] = shape_time (&model, &shape, p, n,
                                                     (double) wl->message_sizes[k]);
          /* Of the largest message (the sizes are ascending). */
          ev->collective_bottleneck[w][p] = model.bottleneck;
        }
    }

  tf_collective_model_clear (&model);
  ev->layers |= TF_LAYER_COLLECTIVES;
  return TRUE;
}
