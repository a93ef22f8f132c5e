/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-structure.c: Layer 1 of the evaluator, graph structure (the spec's
 * "Layer 1：拓扑结构指标"), and the chip-to-chip hop table Layer 2 reads.
 *
 * What is measured, where the spec leaves holes (docs/optimizer.md repeats these decisions):
 *
 * - diameter and apl are over ordered pairs of distinct chips, in hops over the whole graph
 *   (switches forward, chips too). A graph whose chips cannot all reach each other is an error
 *   (TF_ERROR_INVARIANT, "connectivity: ..."), not an infinite value.
 * - apl_fail (ATOP §3.4, formula 2) with its holes closed:
 *   - the failed elements, the "routing nodes", are the switches when the graph has any, else
 *     the chips: a direct network routes through its chips; with config->failures
 *     TF_FAILURES_SWITCHES_AND_LINKS every link record fails on its own too, as one cable (a
 *     record of multiplicity 2 or more, or with another record between the same nodes, loses
 *     one cable of several and changes no distance);
 *   - removing routing node r removes its links. Over the ordered pairs of chips other than r,
 *     R_r pairs stay reachable with S_r hops in all and U_r do not (a chip left without a link
 *     has all its pairs in U_r);
 *   - APL_r = (S_r + P U_r) / (R_r + U_r) (0 when fewer than two chips remain), P =
 *     config->disconnected_penalty_hops, n_chip when 0: the spec's infinite distance of a cut
 *     pair made finite, and longer than any path the generators make, so cutting chips off
 *     never lowers apl_fail. disc_r = U_r / (R_r + U_r);
 *   - apl_fail is the mean of APL_r over the failures, disconnected_fraction the mean of disc_r,
 *     failure_cases the number of failures.
 * - bisection_bandwidth is the family's value while the candidate still is a family's result
 *   with a bisection, else tf_network_graph_bisection_bound(). Either is the bandwidth of a real
 *   balanced cut: an upper bound on the spec's minimum (exact where the family proves it).
 * - switch_diversity replaces the spec's chip path diversity, which is 1 for every single-homed
 *   fat-tree and so cannot rank fat-tree variants. With switches: the smallest, over pairs of
 *   leaf switches (switches with a chip link), number of edge-disjoint paths between them
 *   through the switch graph (chips removed, a link's capacity its multiplicity); 0 with a
 *   single leaf. Without switches: the same over pairs of chips on the chip graph.
 *
 * How, all exact (no sampling, no heuristic):
 *
 * - Twins. Two nodes with the same neighbours (multiplicity ignored) are false twins (not
 *   linked, two hops apart); two linked nodes with the same closed neighbourhood are true twins
 *   (one hop apart). Swapping two twins is an automorphism fixing every other node, so a twin
 *   is exactly as far as its class's representative from every node outside the class, and
 *   shortest paths never need a second member of a class. The quotient graph keeps one node
 *   per class (chips and switches in separate classes), a chip class weighing its size: pair
 *   sums over the quotient, weighted, are the sums over chips. Fat-trees and dragonflies
 *   shrink to about one node per leaf switch; a full mesh of chips to one node.
 *   Removing a node r keeps every class not holding r a class of twins in G - r (their
 *   neighbourhoods lose r alike). Removing a member of a class of two or more is the same, up
 *   to that automorphism, as removing any other member: for a switch it changes no chip
 *   distance at all, for a chip it only drops that chip's pairs. False twins whose only
 *   neighbour is r are cut off from each other in G - r.
 * - Failures, per source. One breadth-first search per chip class on the quotient gives apl,
 *   the diameter and each class's row sum. In G - r, the distance from s to v grows exactly
 *   when every shortest s-v path runs through r, that is when r dominates v in the
 *   shortest-path DAG from s. So the same search builds the dominator tree of that DAG (a
 *   node's immediate dominator is where its DAG parents meet in the tree, folded in as each
 *   parent shows up), then for each routing node r dominating chips, a breadth-first search
 *   over r's subtree alone, seeded across the subtree's border by the unchanged distances
 *   outside it. Pendant chip classes (a single neighbour) ride on their neighbour instead of
 *   being searched. The work follows how much failures change, not the number of failures
 *   times the graph.
 * - Link failures. A single cable u-v changes the distance from s to t exactly when it is on
 *   every shortest s-t path: subdivided, its middle node dominates t, that is v's only DAG
 *   parent is u and v dominates t (or is t). The same dominator trees serve, each such cable
 *   re-searching v's subtree, v included, without the cable; a chip dominating nothing needs no
 *   search (one hop more with a neighbour at its own level, else two). Twins do not survive a
 *   link failure, so this runs on a quotient without twins. A chip-transitive direct network
 *   needs chip 0 as the only source: an automorphism taking chip 0 to s maps the links onto the
 *   links, so the changes from s summed over the links are chip 0's, and the mean is linear in
 *   those sums.
 * - Vertex-transitive graphs. When candidate->chip_transitive is set (declared by the family:
 *   torus, hypercube, ring, full mesh, all vertex-transitive on chips) and the routing nodes
 *   are the chips, every chip is the same as chip 0 up to an automorphism: apl and the diameter
 *   come from chip 0's search, and every APL_r and disc_r equal those of removing chip 0,
 *   computed once: by a bit-parallel breadth-first search (64 sources per machine word, up to
 *   16 words per pass) from every chip class of the quotient without chip 0 when the diameter
 *   is small, else by the per-source method above for that one failure. No other symmetry is
 *   assumed.
 * - switch_diversity: lambda(a, c) >= min (lambda(a, b), lambda(b, c)), so the minimum of the
 *   min cut over terminal pairs is its minimum over the pairs of any spanning tree of the
 *   terminals: |terminals| - 1 max flows (Dinic), as in Gusfield's Gomory-Hu method, each
 *   stopped once it reaches the best so far. The tree joins each terminal to the nearest one
 *   above it in a breadth-first tree, so the flows run between near nodes. A chip-transitive
 *   graph whose links all have the same multiplicity needs none: by Mader's theorem a
 *   connected vertex-transitive graph's edge connectivity equals its degree (W. Mader,
 *   "Minimale n-fach kantenzusammenhängende Graphen", Math. Ann. 191, 1971). With unequal
 *   multiplicities that fails (two heavy pairs joined by light links are vertex-transitive),
 *   so those graphs take the flows.
 */
#include "optimizer-private.h"
#include "metrics-private.h"

#include <stdlib.h>
#include <string.h>

#define UNREACHED G_MAXUINT32

/* The quotient of a graph by its twin classes */

typedef struct
{
  guint     n_chip;
  guint     n_nodes;
  /* distinct neighbours of every node of the graph */
  guint32  *offset;
  guint32  *target;
  /* twin classes: chip classes first, each class numbered in the order of its smallest node,
   * which is its representative */
  guint     n_classes;
  guint     n_chip_classes;
  guint32  *class_of;     /* n_nodes */
  guint32  *class_rep;
  guint32  *class_size;
  guint8   *class_twin;   /* hops between two members: 1 true twins, 2 false twins, 0 alone */
  guint32  *class_sole;   /* false twins with one neighbour: that node, else UNREACHED */
  /* one node per class, linked when their members are */
  guint32  *h_offset;
  guint32  *h_target;
} Quotient;

static inline guint64
mix64 (guint64 x)
{
  /* splitmix64's finaliser: neighbour sets hash to the wrapping sum of their members'. */
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

typedef struct
{
  guint64 key;
  guint32 node;
} Keyed;

static int
compare_keyed (const void *pa,
               const void *pb)
{
  const Keyed *a = pa, *b = pb;

  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  return a->node < b->node ? -1 : a->node > b->node;
}

static inline guint
node_degree (const Quotient *q,
             guint32         v)
{
  return q->offset[v + 1] - q->offset[v];
}

/* Groups the ungrouped nodes of [lo, hi) by open (false twins) or closed (true twins)
 * neighbourhood: rep_of[v] becomes the smallest node of v's group. */
static void
group_twins (Quotient      *q,
             guint          lo,
             guint          hi,
             gboolean       closed,
             const guint64 *hash,
             guint32       *rep_of,
             guint8        *twin,
             guint32       *mark,
             guint32       *token)
{
  g_autofree Keyed *items = g_new (Keyed, MAX (hi - lo, 1));
  guint n = 0;

  for (guint v = lo; v < hi; v++)
    if (twin[v] == 0 && node_degree (q, v) > 0)
      {
        guint64 h = hash[v] + (closed ? mix64 (v) : 0);  /* mix64 (v): the node's own term */

        items[n].key = mix64 (h ^ mix64 (node_degree (q, v)));
        items[n++].node = v;
      }
  qsort (items, n, sizeof (Keyed), compare_keyed);

  for (guint i = 0, j; i < n; i = j)
    {
      for (j = i + 1; j < n && items[j].key == items[i].key; j++)
        ;
      if (j - i < 2)
        continue;
      /* A run of equal keys: usually one class, but check exactly (hashes may collide). */
      for (guint k = i; k < j; k++)
        {
          guint32 v = items[k].node;

          if (twin[v] != 0)
            continue;
          (*token)++;
          for (guint e = q->offset[v]; e < q->offset[v + 1]; e++)
            mark[q->target[e]] = *token;
          if (closed)
            mark[v] = *token;
          for (guint l = k + 1; l < j; l++)
            {
              guint32 u = items[l].node;
              gboolean same = twin[u] == 0 && node_degree (q, u) == node_degree (q, v)
                              && (!closed || mark[u] == *token);

              for (guint e = q->offset[u]; same && e < q->offset[u + 1]; e++)
                same = mark[q->target[e]] == *token;
              if (same)
                {
                  rep_of[u] = v;
                  twin[u] = twin[v] = closed ? 1 : 2;
                }
            }
        }
    }
}

/* With @twins FALSE every node is its own class: the link failures need the graph itself (a
 * link between twins breaks their symmetry). */
static void
quotient_init (Quotient             *q,
               const TfNetworkGraph *graph,
               gboolean              twins)
{
  guint n = tf_network_graph_get_n_nodes (graph);
  TfAdjacency adj;
  g_autofree guint32 *mark = g_new0 (guint32, MAX (n, 1));
  g_autofree guint32 *rep_of = g_new (guint32, MAX (n, 1));
  g_autofree guint8 *twin = g_new0 (guint8, MAX (n, 1));
  g_autofree guint64 *hash = g_new0 (guint64, MAX (n, 1));
  g_autofree guint64 *node_hash = g_new (guint64, MAX (n, 1));
  guint32 token = 0, fill = 0;
  GArray *h_target;

  memset (q, 0, sizeof *q);
  q->n_chip = graph->n_chip;
  q->n_nodes = n;

  /* Distinct neighbours, self-links dropped. */
  tf_adjacency_init (&adj, n, graph->n_links, graph->links, sizeof (TfLink));
  for (guint v = 0; v < n; v++)
    node_hash[v] = mix64 (v);
  q->offset = g_new (guint32, (gsize) n + 1);
  q->target = g_new (guint32, (gsize) adj.offset[n] + 1);
  for (guint v = 0; v < n; v++)
    {
      q->offset[v] = fill;
      token++;
      mark[v] = token;
      for (guint e = adj.offset[v]; e < adj.offset[v + 1]; e++)
        if (mark[adj.target[e]] != token)
          {
            mark[adj.target[e]] = token;
            q->target[fill++] = adj.target[e];
            hash[v] += node_hash[adj.target[e]];
          }
    }
  q->offset[n] = fill;
  tf_adjacency_clear (&adj);

  /* Twin classes, chips and switches apart: false twins first, then true twins among the rest
   * (a node cannot have both: a true twin of v is adjacent to v's false twins). */
  for (guint v = 0; v < n; v++)
    rep_of[v] = v;
  if (twins)
    {
      group_twins (q, 0, q->n_chip, FALSE, hash, rep_of, twin, mark, &token);
      group_twins (q, 0, q->n_chip, TRUE, hash, rep_of, twin, mark, &token);
      group_twins (q, q->n_chip, n, FALSE, hash, rep_of, twin, mark, &token);
      group_twins (q, q->n_chip, n, TRUE, hash, rep_of, twin, mark, &token);
    }

  q->class_of = g_new (guint32, MAX (n, 1));
  for (guint v = 0; v < n; v++)
    if (rep_of[v] == v)
      {
        q->class_of[v] = q->n_classes++;
        if (v < q->n_chip)
          q->n_chip_classes++;
      }
    else
      q->class_of[v] = q->class_of[rep_of[v]];  /* the representative is smaller */

  q->class_rep = g_new (guint32, MAX (q->n_classes, 1));
  q->class_size = g_new0 (guint32, MAX (q->n_classes, 1));
  q->class_twin = g_new0 (guint8, MAX (q->n_classes, 1));
  q->class_sole = g_new (guint32, MAX (q->n_classes, 1));
  for (guint v = 0; v < n; v++)
    {
      guint32 c = q->class_of[v];

      if (rep_of[v] == v)
        {
          q->class_rep[c] = v;
          q->class_twin[c] = twin[v];
          q->class_sole[c] = twin[v] == 2 && node_degree (q, v) == 1
                             ? q->target[q->offset[v]] : UNREACHED;
        }
      q->class_size[c]++;
    }

  /* The quotient's links, from each representative's neighbours. */
  q->h_offset = g_new (guint32, (gsize) q->n_classes + 1);
  h_target = g_array_new (FALSE, FALSE, sizeof (guint32));
  memset (mark, 0, sizeof (guint32) * MAX (q->n_classes, 1));
  for (guint c = 0; c < q->n_classes; c++)
    {
      guint32 v = q->class_rep[c];

      q->h_offset[c] = h_target->len;
      mark[c] = c + 1;
      for (guint e = q->offset[v]; e < q->offset[v + 1]; e++)
        {
          guint32 d = q->class_of[q->target[e]];

          if (mark[d] != c + 1)
            {
              mark[d] = c + 1;
              g_array_append_val (h_target, d);
            }
        }
    }
  q->h_offset[q->n_classes] = h_target->len;
  q->h_target = (guint32 *) (void *) g_array_free (h_target, FALSE);
}

static void
quotient_clear (Quotient *q)
{
  g_free (q->offset);
  g_free (q->target);
  g_free (q->class_of);
  g_free (q->class_rep);
  g_free (q->class_size);
  g_free (q->class_twin);
  g_free (q->class_sole);
  g_free (q->h_offset);
  g_free (q->h_target);
  memset (q, 0, sizeof *q);
}

/* Chips a quotient node stands for: a chip class's size, 0 for switches. */
static inline guint64
class_weight (const Quotient *q,
              guint32         c)
{
  return c < q->n_chip_classes ? q->class_size[c] : 0;
}

static gboolean
connectivity_error (const Quotient *q,
                    guint32         from_class,
                    const guint32  *dist,
                    GError        **error)
{
  for (guint c = 0; c < q->n_chip_classes; c++)
    if (dist[c] == UNREACHED)
      {
        g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                     "connectivity: chip%u cannot reach chip%u", q->class_rep[from_class],
                     q->class_rep[c]);
        return FALSE;
      }
  g_assert_not_reached ();
  return FALSE;
}

/* Breadth-first search on the quotient from class @s; returns the nodes reached, in order. */
static guint
quotient_bfs (const Quotient *q,
              guint32         s,
              guint32        *dist,
              guint32        *order)
{
  guint head = 0, tail = 0;

  for (guint c = 0; c < q->n_classes; c++)
    dist[c] = UNREACHED;
  dist[s] = 0;
  order[tail++] = s;
  while (head < tail)
    {
      guint32 u = order[head++];

      for (guint e = q->h_offset[u]; e < q->h_offset[u + 1]; e++)
        if (dist[q->h_target[e]] == UNREACHED)
          {
            dist[q->h_target[e]] = dist[u] + 1;
            order[tail++] = q->h_target[e];
          }
    }
  return tail;
}

/* Hop sums over chip pairs: the whole graph, and each failure */

typedef struct
{
  guint    diameter;
  guint64  sum;          /* hops over ordered pairs of distinct chips */
  /* per class: */
  guint64 *row;          /* hops from one chip of the class to every other chip */
  gint64  *delta_sum;    /* change of the pair sum when the class's node fails (singletons) */
  guint64 *cut_pairs;    /* pairs cut off by that failure, twins of one class aside */
  /* per link of the graph, with a twin-free quotient only (NULL otherwise): */
  gint64  *link_delta_sum;
  guint64 *link_cut_pairs;
} PairSums;

typedef struct
{
  guint32 label;
  guint32 node;
} Seed;

/* Scratch of the per-source failure analysis. */
typedef struct
{
  const Quotient *q;
  const guint8   *removable;
  const guint64  *pendant_w;  /* chips of pendant classes hanging off each node */
  const guint32  *edge_link;  /* per quotient arc, the link whose only cable it is, or
                               * UNREACHED; NULL: no link failures */
  guint32        *parent_arc; /* the arc from a node's only DAG parent, UNREACHED with two */
  guint8         *level_mate; /* whether a node has a neighbour as far from the source */
  guint32        *dist, *order, *pos, *idom, *pre, *size, *euler, *next_free;
  guint64        *sub_w, *sub_wd;
  guint32        *done;     /* token of the subtree search that settled a node */
  guint32        *seen;     /* token of the subtree search that labelled a node */
  guint32        *label;    /* its best label so far */
  guint32        *count;    /* counting sort of the seeds by label */
  Seed           *fifo;     /* (new distance, node) */
  Seed           *seeds;
  Seed           *sorted;
  guint32         token;
} Dominators;

/* A pendant: a chip class with a single neighbour. Its chips are one hop past that neighbour
 * whatever fails, unless the neighbour does, so the subtree searches leave pendants out and
 * count them with their neighbour. */
static inline gboolean
is_pendant (const Quotient *q,
            guint32         c)
{
  return c < q->n_chip_classes && q->h_offset[c + 1] - q->h_offset[c] == 1;
}

static guint64 *
dup_pendant_weights (const Quotient *q)
{
  guint64 *w = g_new0 (guint64, q->n_classes);

  for (guint32 c = 0; c < q->n_chip_classes; c++)
    if (is_pendant (q, c))
      w[q->h_target[q->h_offset[c]]] += q->class_size[c];
  return w;
}

static inline guint32
intersect (const Dominators *d,
           guint32           a,
           guint32           b)
{
  while (a != b)
    {
      while (d->pos[a] > d->pos[b])
        a = d->idom[a];
      while (d->pos[b] > d->pos[a])
        b = d->idom[b];
    }
  return a;
}

/* Whether @v lies strictly below @r in the tree: pre[v] in (pre[r], pre[r] + size[r]); nodes
 * the source does not reach have pre G_MAXUINT32. */
static inline gboolean
below (const Dominators *d,
       guint32           first,
       guint32           span,
       guint32           v)
{
  return d->pre[v] - first < span;
}

/* Hops and reached weight of the chips of the tree positions [first, first + span) (a subtree,
 * or a subtree without its root r), after a failure: a search of that region alone, seeded
 * across its border. Nodes outside keep a shortest path that avoids the failure (it does not
 * dominate them), hence their distance. The failure is the node @r (at position first - 1,
 * not in the region), or, with @r UNREACHED, the arc @from -> @to (@to the region's root).
 * Which tree is used only changes the work: any shortest-path tree would be exact; the
 * dominator tree has the smallest subtrees. */
static void
region_after_failure (Dominators *d,
                      guint       n_reached,
                      guint32     first,
                      guint32     span,
                      guint32     r,
                      guint32     from,
                      guint32     to,
                      guint64    *sum,
                      guint64    *reached)
{
  const Quotient *q = d->q;
  guint32 skip_lo = r != UNREACHED ? first - 1 : first;
  guint32 skip_len = r != UNREACHED ? span + 1 : span;
  guint32 saved = r != UNREACHED ? d->dist[r] : 0;
  guint n_seeds = 0, n_outside = n_reached - skip_len;
  guint32 low = UNREACHED, high = 0;
  guint si = 0, head = 0, tail = 0;

  *sum = 0;
  *reached = 0;
  if (++d->token == 0)
    {
      /* Wrapped: forget every mark. */
      memset (d->seen, 0, sizeof (guint32) * q->n_classes);
      memset (d->done, 0, sizeof (guint32) * q->n_classes);
      d->token = 1;
    }

  /* Seeds: nodes inside, linked to a node outside (not r, not across the failed arc), whose
   * distance the failure does not change. Scan whichever side is smaller; r is kept out by
   * marking it unreached meanwhile. */
  if (r != UNREACHED)
    d->dist[r] = UNREACHED;
  if (n_outside < span)
    {
      for (guint i = 0; i < n_reached; i++)
        {
          guint32 u = d->euler[i];

          if (i == skip_lo)
            {
              i += skip_len - 1;   /* skip the region (and r) */
              continue;
            }
          for (guint e = q->h_offset[u]; e < q->h_offset[u + 1]; e++)
            {
              guint32 v = q->h_target[e];

              if (below (d, first, span, v) && !(u == from && v == to)
                  && (d->seen[v] != d->token || d->label[v] > d->dist[u] + 1))
                {
                  d->seen[v] = d->token;
                  d->label[v] = d->dist[u] + 1;
                  d->seeds[n_seeds++] = (Seed) { d->dist[u] + 1, v };
                }
            }
        }
    }
  else
    for (guint i = first; i < first + span; i++)
      {
        guint32 v = d->euler[i], best = UNREACHED;

        if (is_pendant (q, v))
          continue;
        for (guint e = q->h_offset[v]; e < q->h_offset[v + 1]; e++)
          {
            guint32 u = q->h_target[e];
            guint32 du = below (d, first, span, u) || (u == from && v == to) ? UNREACHED
                         : d->dist[u];

            best = MIN (best, du);   /* branch-free: inside or outside is a coin toss */
          }
        if (best != UNREACHED)
          {
            d->seen[v] = d->token;
            d->label[v] = best + 1;
            d->seeds[n_seeds++] = (Seed) { best + 1, v };
          }
      }
  if (r != UNREACHED)
    d->dist[r] = saved;
  if (n_seeds == 0)
    return;

  /* Counting sort by label. */
  for (guint i = 0; i < n_seeds; i++)
    {
      low = MIN (low, d->seeds[i].label);
      high = MAX (high, d->seeds[i].label);
    }
  memset (d->count, 0, sizeof (guint32) * (high - low + 2));
  for (guint i = 0; i < n_seeds; i++)
    d->count[d->seeds[i].label - low + 1]++;
  for (guint32 l = 1; l <= high - low; l++)
    d->count[l] += d->count[l - 1];
  for (guint i = 0; i < n_seeds; i++)
    d->sorted[d->count[d->seeds[i].label - low]++] = d->seeds[i];

  /* Breadth-first inside the subtree, merging the sorted seeds with the FIFO (whose labels
   * never decrease): a node is settled the first time it comes out with its best label. */
  while (si < n_seeds || head < tail)
    {
      Seed x;

      if (head < tail && (si == n_seeds || d->fifo[head].label <= d->sorted[si].label))
        x = d->fifo[head++];
      else
        x = d->sorted[si++];
      if (d->done[x.node] == d->token || x.label > d->label[x.node])
        continue;
      d->done[x.node] = d->token;
      *sum += class_weight (q, x.node) * x.label + d->pendant_w[x.node] * (x.label + 1);
      *reached += class_weight (q, x.node) + d->pendant_w[x.node];
      for (guint e = q->h_offset[x.node]; e < q->h_offset[x.node + 1]; e++)
        {
          guint32 y = q->h_target[e];

          if (below (d, first, span, y) && !is_pendant (q, y)
              && (d->seen[y] != d->token || d->label[y] > x.label + 1))
            {
              d->seen[y] = d->token;
              d->label[y] = x.label + 1;
              d->fifo[tail++] = (Seed) { x.label + 1, y };
            }
        }
    }
}

/* Breadth-first search from class @s that also builds the dominator tree of the shortest-path
 * DAG: a node's immediate dominator is where its DAG parents meet in the tree. Parents come
 * earlier in BFS order, and a node's parents are all seen before the node itself is expanded,
 * so the meeting point is folded in as each parent shows up. Returns the classes reached. */
static guint
dominator_bfs (Dominators *d,
               guint32     s)
{
  const Quotient *q = d->q;
  guint head = 0, tail = 0;

  for (guint c = 0; c < q->n_classes; c++)
    {
      d->dist[c] = UNREACHED;
      d->pre[c] = G_MAXUINT32;
    }
  d->dist[s] = 0;
  d->pos[s] = 0;
  d->idom[s] = s;
  d->level_mate[s] = 0;
  d->order[tail++] = s;
  while (head < tail)
    {
      guint32 u = d->order[head++];

      for (guint e = q->h_offset[u]; e < q->h_offset[u + 1]; e++)
        {
          guint32 v = q->h_target[e];

          if (d->dist[v] == UNREACHED)
            {
              d->dist[v] = d->dist[u] + 1;
              d->pos[v] = tail;
              d->idom[v] = u;
              d->parent_arc[v] = e;
              d->level_mate[v] = 0;
              d->order[tail++] = v;
            }
          else if (d->dist[v] == d->dist[u] + 1)
            {
              d->idom[v] = intersect (d, d->idom[v], u);
              d->parent_arc[v] = UNREACHED;
            }
          else if (d->dist[v] == d->dist[u])
            d->level_mate[u] = d->level_mate[v] = 1;
        }
    }
  return tail;
}

/* After dominator_bfs() from source class @s, the change each removable node's failure makes
 * to the hops from the source's chips, added to @ps. */
static void
failures_from (Dominators *d,
               guint32     s,
               guint       n_reached,
               PairSums   *ps)
{
  const Quotient *q = d->q;
  guint64 ws = class_weight (q, s);

  /* Subtree sizes and weights from the leaves up; preorder intervals from the root down. */
  for (guint i = 0; i < n_reached; i++)
    {
      guint32 v = d->order[i];

      d->size[v] = 1;
      d->sub_w[v] = class_weight (q, v);
      d->sub_wd[v] = d->sub_w[v] * d->dist[v];
    }
  for (guint i = n_reached - 1; i >= 1; i--)
    {
      guint32 v = d->order[i], p = d->idom[v];

      d->size[p] += d->size[v];
      d->sub_w[p] += d->sub_w[v];
      d->sub_wd[p] += d->sub_wd[v];
    }
  d->pre[s] = 0;
  d->next_free[s] = 1;
  d->euler[0] = s;
  for (guint i = 1; i < n_reached; i++)
    {
      guint32 v = d->order[i], p = d->idom[v];

      d->pre[v] = d->next_free[p];
      d->next_free[p] += d->size[v];
      d->next_free[v] = d->pre[v] + 1;
      d->euler[d->pre[v]] = v;
    }

  for (guint i = 1; i < n_reached; i++)
    {
      guint32 r = d->order[i];
      guint64 own = class_weight (q, r), inside_w = d->sub_w[r] - own;
      guint64 inside_wd, sum, reached;

      if (!d->removable[r] || inside_w == 0)
        continue;
      inside_wd = d->sub_wd[r] - own * d->dist[r];
      /* Only r's own pendants below it (the source may be one, but is not below): all cut. */
      if (inside_w == d->pendant_w[r] - (is_pendant (q, s) && d->idom[r] == s ? ws : 0))
        sum = reached = 0;
      else
        region_after_failure (d, n_reached, d->pre[r] + 1, d->size[r] - 1, r, UNREACHED,
                              UNREACHED, &sum, &reached);
      ps->delta_sum[r] += (gint64) (ws * sum) - (gint64) (ws * inside_wd);
      ps->cut_pairs[r] += ws * (inside_w - reached);
    }

  /* A link changes the distances from s only where it is on every shortest path: subdivided,
   * its middle node dominates v (and so v's subtree) exactly when v's only DAG parent is across
   * it. The region searched is v's whole subtree, v included. */
  if (d->edge_link == NULL)
    return;
  for (guint i = 1; i < n_reached; i++)
    {
      guint32 v = d->order[i], arc = d->parent_arc[v], link;
      guint64 sum = 0, reached = 0;

      if (arc == UNREACHED || (link = d->edge_link[arc]) == UNREACHED || d->sub_w[v] == 0)
        continue;
      if (d->size[v] == 1 && !is_pendant (q, v) && d->pendant_w[v] == 0)
        {
          /* A chip dominating nothing: its other neighbours keep their distance, one level
           * further at most (a second one nearer would be a second parent). */
          sum = d->sub_w[v] * (d->dist[v] + (d->level_mate[v] ? 1 : 2));
          reached = d->sub_w[v];
        }
      else if (!is_pendant (q, v))
        region_after_failure (d, n_reached, d->pre[v], d->size[v], UNREACHED, d->idom[v], v,
                              &sum, &reached);
      ps->link_delta_sum[link] += (gint64) (ws * sum) - (gint64) (ws * d->sub_wd[v]);
      ps->link_cut_pairs[link] += ws * (d->sub_w[v] - reached);
    }
}

/* Every chip class below @n_sources a source: the whole graph's hop sum and diameter (with
 * every chip class a source), each class's row, and what each removable node's failure and,
 * with @edge_link, each link's changes. */
static gboolean
sums_by_source (const Quotient *q,
                const guint8   *removable,
                const guint32  *edge_link,
                guint           n_sources,
                PairSums       *ps,
                GError        **error)
{
  guint n = q->n_classes;
  gboolean any_removable = FALSE;
  Dominators d = { 0 };
  gboolean ok = TRUE;
  g_autofree guint64 *pendant_w = dup_pendant_weights (q);

  for (guint c = 0; c < n; c++)
    any_removable |= removable[c] != 0;
  any_removable |= edge_link != NULL;

  d.q = q;
  d.removable = removable;
  d.pendant_w = pendant_w;
  d.edge_link = edge_link;
  d.parent_arc = g_new (guint32, n);
  d.level_mate = g_new0 (guint8, n);
  d.dist = g_new (guint32, n);
  d.order = g_new (guint32, n);
  d.pos = g_new (guint32, n);
  d.idom = g_new (guint32, n);
  d.pre = g_new (guint32, n);
  d.size = g_new (guint32, n);
  d.euler = g_new (guint32, n);
  d.next_free = g_new (guint32, n);
  d.sub_w = g_new (guint64, n);
  d.sub_wd = g_new (guint64, n);
  d.done = g_new0 (guint32, n);
  d.seen = g_new0 (guint32, n);
  d.label = g_new (guint32, n);
  d.fifo = g_new (Seed, (gsize) q->h_offset[n] + 1);
  d.seeds = g_new (Seed, (gsize) q->h_offset[n] + n + 1);
  d.sorted = g_new (Seed, (gsize) q->h_offset[n] + n + 1);
  d.count = g_new (guint32, (gsize) n + 2);

  for (guint32 s = 0; s < n_sources; s++)
    {
      guint64 ws = class_weight (q, s), row = 0, reached = 0;
      guint ecc = 0;
      guint n_reached = any_removable ? dominator_bfs (&d, s)
                                      : quotient_bfs (q, s, d.dist, d.order);

      for (guint i = 1; i < n_reached; i++)
        {
          guint32 t = d.order[i];
          guint64 wt = class_weight (q, t);

          if (wt > 0)
            {
              row += wt * d.dist[t];
              reached += wt;
              ecc = MAX (ecc, d.dist[t]);
            }
        }
      if (reached + ws != q->n_chip)
        {
          ok = connectivity_error (q, s, d.dist, error);
          break;
        }
      row += (ws - 1) * q->class_twin[s];
      if (ws >= 2)
        ecc = MAX (ecc, q->class_twin[s]);
      ps->row[s] = row;
      ps->sum += ws * row;
      ps->diameter = MAX (ps->diameter, ecc);
      if (any_removable)
        failures_from (&d, s, n_reached, ps);
    }

  g_free (d.parent_arc);
  g_free (d.level_mate);
  g_free (d.dist);
  g_free (d.order);
  g_free (d.pos);
  g_free (d.idom);
  g_free (d.pre);
  g_free (d.size);
  g_free (d.euler);
  g_free (d.next_free);
  g_free (d.sub_w);
  g_free (d.sub_wd);
  g_free (d.done);
  g_free (d.seen);
  g_free (d.label);
  g_free (d.fifo);
  g_free (d.seeds);
  g_free (d.sorted);
  g_free (d.count);
  return ok;
}

/* Bit-parallel breadth-first search on the quotient, up to BIT_WORDS x 64 sources per pass.
 * Each node pulls from its neighbours' frontiers; a node every source has reached drops out of
 * the scan (what it leaves in the frontier buffers then is bits its neighbours already have). */
#define BIT_WORDS 16u

typedef void (*BitVisit) (guint32 level, guint32 node, const guint64 *fresh, guint words,
                          gpointer data);

typedef struct
{
  const Quotient *q;
  guint32         removed;   /* never entered; UNREACHED: none */
  guint           max_words;
  guint64        *visited;
  guint64        *frontier;
  guint64        *next;
  guint32        *active;
} BitSearch;

static void
bit_search_init (BitSearch      *b,
                 const Quotient *q,
                 guint32         removed,
                 guint           n_sources)
{
  b->q = q;
  b->removed = removed;
  b->max_words = CLAMP ((n_sources + 63) / 64, 1, BIT_WORDS);
  b->visited = g_new (guint64, (gsize) q->n_classes * b->max_words);
  b->frontier = g_new (guint64, (gsize) q->n_classes * b->max_words);
  b->next = g_new (guint64, (gsize) q->n_classes * b->max_words);
  b->active = g_new (guint32, q->n_classes);
}

static void
bit_search_clear (BitSearch *b)
{
  g_free (b->visited);
  g_free (b->frontier);
  g_free (b->next);
  g_free (b->active);
}

/* Searches from @sources (at most 64 x max_words), calling @visit for each node that some
 * sources reach for the first time, level by level. */
static void
bit_search_run (BitSearch     *b,
                const guint32 *sources,
                guint          n_sources,
                BitVisit       visit,
                gpointer       data)
{
  const Quotient *q = b->q;
  guint n = q->n_classes, words = (n_sources + 63) / 64, n_active = 0;
  guint64 full[BIT_WORDS];

  g_assert (words <= b->max_words);
  memset (b->visited, 0, sizeof (guint64) * n * words);
  memset (b->frontier, 0, sizeof (guint64) * n * words);
  memset (b->next, 0, sizeof (guint64) * n * words);
  for (guint w = 0; w < words; w++)
    full[w] = w < n_sources / 64 ? G_MAXUINT64
              : (G_GUINT64_CONSTANT (1) << (n_sources % 64)) - 1;
  for (guint i = 0; i < n_sources; i++)
    {
      gsize at = (gsize) sources[i] * words + i / 64;

      b->visited[at] |= G_GUINT64_CONSTANT (1) << (i % 64);
      b->frontier[at] |= G_GUINT64_CONSTANT (1) << (i % 64);
    }
  for (guint32 v = 0; v < n; v++)
    if (v != b->removed)
      b->active[n_active++] = v;

  for (guint32 level = 1; n_active > 0; level++)
    {
      gboolean progress = FALSE;
      guint keep = 0;
      guint64 *swap;

      for (guint k = 0; k < n_active; k++)
        {
          guint32 v = b->active[k];
          guint64 acc[BIT_WORDS] = { 0 };
          guint64 *vis = b->visited + (gsize) v * words, *nxt = b->next + (gsize) v * words;
          guint64 fresh = 0;
          gboolean done = TRUE;

          for (guint e = q->h_offset[v]; e < q->h_offset[v + 1]; e++)
            {
              const guint64 *f = b->frontier + (gsize) q->h_target[e] * words;

              for (guint w = 0; w < words; w++)
                acc[w] |= f[w];
            }
          for (guint w = 0; w < words; w++)
            {
              acc[w] &= ~vis[w];
              nxt[w] = acc[w];
              vis[w] |= acc[w];
              fresh |= acc[w];
              done &= vis[w] == full[w];
            }
          if (fresh != 0)
            {
              visit (level, v, acc, words, data);
              progress = TRUE;
            }
          if (!done)
            b->active[keep++] = v;
        }
      n_active = keep;
      swap = b->frontier;
      b->frontier = b->next;
      b->next = swap;
      if (!progress)
        break;
    }
}

/* Hop sums over ordered pairs of chips in distinct classes: source weights by bit planes (the
 * sources whose class size has bit j set), so a word of sources weighs a few popcounts. */
typedef struct
{
  const Quotient *q;
  guint           n_planes;
  guint64         planes[BIT_WORDS][32];
  guint64         sum;
  guint64         reached;
} BitSums;

static void
bit_sums_visit (guint32        level,
                guint32        node,
                const guint64 *fresh,
                guint          words,
                gpointer       data)
{
  BitSums *bs = data;
  guint64 wt = class_weight (bs->q, node), ws = 0;

  if (wt == 0)
    return;
  for (guint w = 0; w < words; w++)
    if (fresh[w] != 0)
      for (guint j = 0; j < bs->n_planes; j++)
        ws += (guint64) __builtin_popcountll (fresh[w] & bs->planes[w][j]) << j;
  bs->sum += ws * wt * level;
  bs->reached += ws * wt;
}

/* Hop sums and pairs reached over ordered pairs of chips in distinct classes of the quotient
 * without node @removed, every chip class but @removed a source. */
static void
bit_parallel_sums (const Quotient *q,
                   guint32         removed,
                   guint64        *sum,
                   guint64        *reached)
{
  g_autofree guint32 *sources = g_new (guint32, MAX (q->n_chip_classes, 1));
  g_autofree BitSums *bs = g_new0 (BitSums, 1);
  guint n_sources = 0;
  guint32 heaviest = 0;
  BitSearch b;

  bs->q = q;
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    if (c != removed)
      {
        sources[n_sources++] = c;
        heaviest = MAX (heaviest, q->class_size[c]);
      }
  bs->n_planes = g_bit_storage (heaviest);
  bit_search_init (&b, q, removed, n_sources);
  for (guint first = 0; first < n_sources; first += 64 * b.max_words)
    {
      guint n_batch = MIN (64 * b.max_words, n_sources - first);

      memset (bs->planes, 0, sizeof bs->planes);
      for (guint i = 0; i < n_batch; i++)
        for (guint j = 0; j < bs->n_planes; j++)
          if ((q->class_size[sources[first + i]] >> j) & 1)
            bs->planes[i / 64][j] |= G_GUINT64_CONSTANT (1) << (i % 64);
      bit_search_run (&b, sources + first, n_batch, bit_sums_visit, bs);
    }
  bit_search_clear (&b);
  *sum = bs->sum;
  *reached = bs->reached;
}

/* Path metrics */

typedef struct
{
  guint  diameter;
  double apl;
  double apl_fail;
  double disconnected_fraction;
  guint  failure_cases;
} PathMetrics;

/* APL_r and disc_r from the hop sum and the cut-off pairs among @n_left chips, a cut pair
 * counting @penalty hops. */
static void
failure_ratios (guint64 n_left,
                guint64 sum,
                guint64 cut,
                double  penalty,
                double *apl,
                double *disc)
{
  guint64 pairs = n_left >= 2 ? n_left * (n_left - 1) : 0;

  g_assert (cut <= pairs);
  *apl = pairs > 0 ? ((double) sum + penalty * (double) cut) / (double) pairs : 0.0;
  *disc = pairs > 0 ? (double) cut / (double) pairs : 0.0;
}

/* Pairs of false twins cut off from each other when their only neighbour, class @c, fails. */
static guint64 *
dup_sole_pairs (const Quotient *q)
{
  guint64 *sole = g_new0 (guint64, q->n_classes);

  for (guint c = 0; c < q->n_chip_classes; c++)
    if (q->class_sole[c] != UNREACHED)
      {
        guint64 w = q->class_size[c];

        /* The sole neighbour has no twin: its twin would be a neighbour too. */
        sole[q->class_of[q->class_sole[c]]] += w * (w - 1);
      }
  return sole;
}

/* APL_r and disc_r when a node of routing class @c fails, from the per-source sums. */
static void
class_failure (const Quotient *q,
               const PairSums *ps,
               const guint64  *sole,
               gboolean        removable,
               gboolean        routing_chips,
               guint32         c,
               double          penalty,
               double         *apl,
               double         *disc)
{
  guint64 n_left = q->n_chip - (routing_chips ? 1 : 0);
  gint64 sum = (gint64) ps->sum - (routing_chips ? 2 * (gint64) ps->row[c] : 0);
  guint64 cut = 0;

  if (removable)
    {
      sum += ps->delta_sum[c] - 2 * (gint64) sole[c];
      cut = ps->cut_pairs[c] + sole[c];
    }
  /* else a member of a class of twins: no other pair changes (see the top). */
  g_assert (sum >= 0);
  failure_ratios (n_left, (guint64) sum, cut, penalty, apl, disc);
}

/* Per quotient arc, the index of the link that is the only cable between its ends, else
 * UNREACHED: with two cables or more a failure leaves one and no distance changes. The
 * quotient must be twin-free. @single gets, per link, whether it is such a link. */
static guint32 *
dup_edge_links (const Quotient       *q,
                const TfNetworkGraph *graph,
                guint8               *single)
{
  g_autofree Keyed *pairs = g_new (Keyed, MAX (graph->n_links, 1));
  g_autofree guint64 *cables = g_new0 (guint64, MAX (graph->n_links, 1));
  guint32 *edge_link = g_new (guint32, (gsize) q->h_offset[q->n_classes] + 1);
  guint n_pairs = 0, n_runs = 0;

  /* Cables per pair of nodes, over every link record between them: sorted by pair, each run
   * keeps its first link and the run's cables. */
  for (guint i = 0; i < graph->n_links; i++)
    if (graph->links[i].a != graph->links[i].b)
      {
        guint32 a = MIN (graph->links[i].a, graph->links[i].b);
        guint32 b = MAX (graph->links[i].a, graph->links[i].b);

        pairs[n_pairs++] = (Keyed) { ((guint64) a << 32) | b, i };
      }
  qsort (pairs, n_pairs, sizeof (Keyed), compare_keyed);
  for (guint i = 0; i < n_pairs; i++)
    {
      if (i == 0 || pairs[i].key != pairs[n_runs - 1].key)
        pairs[n_runs++] = pairs[i];
      cables[n_runs - 1] += graph->links[pairs[i].node].multiplicity;
    }

  memset (single, 0, graph->n_links);
  for (guint32 v = 0; v < q->n_classes; v++)
    for (guint e = q->h_offset[v]; e < q->h_offset[v + 1]; e++)
      {
        guint32 u = q->h_target[e];
        guint64 key = ((guint64) MIN (u, v) << 32) | MAX (u, v);
        guint lo = 0, hi = n_runs;

        g_assert (q->class_size[u] == 1 && q->class_size[v] == 1);
        while (hi - lo > 1)
          {
            guint mid = (lo + hi) / 2;

            if (pairs[mid].key <= key)
              lo = mid;
            else
              hi = mid;
          }
        g_assert (lo < n_runs && pairs[lo].key == key);
        edge_link[e] = cables[lo] == 1 ? pairs[lo].node : UNREACHED;
        if (cables[lo] == 1)
          single[pairs[lo].node] = 1;
      }
  return edge_link;
}

/* Failures of every routing node (@only UNREACHED), or of the routing class @only alone; and
 * with @graph (on a twin-free quotient), of every link of @graph too. */
static gboolean
per_source_metrics (const Quotient       *q,
                    gboolean              routing_chips,
                    guint32               only,
                    const TfNetworkGraph *graph,
                    double                penalty,
                    PathMetrics          *out,
                    GError              **error)
{
  guint n = q->n_classes;
  guint lo = routing_chips ? 0 : q->n_chip_classes, hi = routing_chips ? q->n_chip_classes : n;
  guint n_links = graph != NULL ? graph->n_links : 0;
  g_autofree guint8 *removable = g_new0 (guint8, n);
  g_autofree guint64 *row = g_new0 (guint64, n);
  g_autofree gint64 *delta_sum = g_new0 (gint64, n);
  g_autofree guint64 *cut_pairs = g_new0 (guint64, n);
  g_autofree gint64 *link_delta_sum = g_new0 (gint64, MAX (n_links, 1));
  g_autofree guint64 *link_cut_pairs = g_new0 (guint64, MAX (n_links, 1));
  g_autofree guint8 *single = g_new0 (guint8, MAX (n_links, 1));
  g_autofree guint32 *edge_link = NULL;
  g_autofree guint64 *sole = NULL;
  PairSums ps = { 0, 0, row, delta_sum, cut_pairs, link_delta_sum, link_cut_pairs };
  double apl_sum = 0, disc_sum = 0;

  if (only != UNREACHED)
    lo = only, hi = only + 1;
  for (guint c = lo; c < hi; c++)
    removable[c] = q->class_size[c] == 1;
  if (graph != NULL)
    edge_link = dup_edge_links (q, graph, single);
  if (!sums_by_source (q, removable, edge_link, q->n_chip_classes, &ps, error))
    return FALSE;

  out->diameter = ps.diameter;
  out->apl = (double) ps.sum / ((double) q->n_chip * (q->n_chip - 1));

  sole = dup_sole_pairs (q);
  for (guint c = lo; c < hi; c++)
    {
      double apl, disc;

      class_failure (q, &ps, sole, removable[c], routing_chips, c, penalty, &apl, &disc);
      apl_sum += q->class_size[c] * apl;
      disc_sum += q->class_size[c] * disc;
    }
  /* A link's failure removes no chip: every pair stays, some longer or cut. */
  for (guint i = 0; i < n_links; i++)
    {
      double apl, disc;

      if (single[i])
        {
          g_assert ((gint64) ps.sum + link_delta_sum[i] >= 0);
          failure_ratios (q->n_chip, (guint64) ((gint64) ps.sum + link_delta_sum[i]),
                          link_cut_pairs[i], penalty, &apl, &disc);
        }
      else
        failure_ratios (q->n_chip, ps.sum, 0, penalty, &apl, &disc);
      apl_sum += apl;
      disc_sum += disc;
    }
  if (only != UNREACHED)
    {
      out->apl_fail = apl_sum / q->class_size[only];
      out->disconnected_fraction = disc_sum / q->class_size[only];
    }
  else
    {
      out->apl_fail = apl_sum / out->failure_cases;
      out->disconnected_fraction = disc_sum / out->failure_cases;
    }
  return TRUE;
}

/* Up to this many levels the bit-parallel search beats one search per source when only chip 0
 * fails (its cost grows with the diameter; the per-source one with the subtrees). */
#define BIT_PARALLEL_MAX_LEVELS 64u

/* A chip-transitive direct network: every chip is chip 0 up to an automorphism, so apl and the
 * diameter come from chip 0's row, and every chip's failure is chip 0's. */
static gboolean
transitive_metrics (const Quotient *q,
                    double          penalty,
                    PathMetrics    *out,
                    GError        **error)
{
  guint n = q->n_classes;
  guint32 c0 = q->class_of[0];
  guint64 w0 = q->class_size[c0], row = 0, reached = 0, sum, cut;
  g_autofree guint32 *dist = g_new (guint32, n);
  g_autofree guint32 *order = g_new (guint32, n);
  guint n_reached = quotient_bfs (q, c0, dist, order);
  guint ecc = w0 >= 2 ? q->class_twin[c0] : 0;
  guint64 n_left = q->n_chip - 1;

  for (guint i = 1; i < n_reached; i++)
    {
      guint64 wt = class_weight (q, order[i]);

      if (wt > 0)
        {
          row += wt * dist[order[i]];
          reached += wt;
          ecc = MAX (ecc, dist[order[i]]);
        }
    }
  if (reached + w0 != q->n_chip)
    return connectivity_error (q, c0, dist, error);
  row += (w0 - 1) * q->class_twin[c0];
  out->diameter = ecc;
  out->apl = (double) row / (q->n_chip - 1);

  if (w0 >= 2)
    {
      /* Chip 0 has twins: only its own pairs go. */
      sum = q->n_chip * row - 2 * row;
      cut = 0;
    }
  else if (ecc <= BIT_PARALLEL_MAX_LEVELS)
    {
      guint64 same_sum = 0, same_reached = 0;

      bit_parallel_sums (q, c0, &sum, &reached);
      for (guint c = 0; c < q->n_chip_classes; c++)
        if (c != c0 && q->class_sole[c] != q->class_rep[c0])
          {
            guint64 w = q->class_size[c];

            same_sum += w * (w - 1) * q->class_twin[c];
            same_reached += w * (w - 1);
          }
      sum += same_sum;
      cut = n_left * (n_left - 1) - reached - same_reached;
    }
  else
    {
      PathMetrics one = { .failure_cases = 1 };

      if (!per_source_metrics (q, TRUE, c0, NULL, penalty, &one, error))
        return FALSE;
      out->apl_fail = one.apl_fail;
      out->disconnected_fraction = one.disconnected_fraction;
      return TRUE;
    }
  failure_ratios (n_left, sum, cut, penalty, &out->apl_fail, &out->disconnected_fraction);
  return TRUE;
}

/* Link failures of a chip-transitive direct network, added to the chip failures @out holds:
 * an automorphism taking chip 0 to chip s maps the links onto the links, so the change all
 * link failures make to the pairs from s, summed over the links, is the one from chip 0. The
 * mean is linear in those sums: one source does. @q must be twin-free. */
static gboolean
transitive_link_metrics (const Quotient       *q,
                         const TfNetworkGraph *graph,
                         double                penalty,
                         PathMetrics          *out,
                         GError              **error)
{
  guint n = q->n_classes, n_links = graph->n_links;
  g_autofree guint8 *removable = g_new0 (guint8, n);
  g_autofree guint64 *row = g_new0 (guint64, n);
  g_autofree gint64 *delta_sum = g_new0 (gint64, n);
  g_autofree guint64 *cut_pairs = g_new0 (guint64, n);
  g_autofree gint64 *link_delta_sum = g_new0 (gint64, MAX (n_links, 1));
  g_autofree guint64 *link_cut_pairs = g_new0 (guint64, MAX (n_links, 1));
  g_autofree guint8 *single = g_new0 (guint8, MAX (n_links, 1));
  g_autofree guint32 *edge_link = dup_edge_links (q, graph, single);
  PairSums ps = { 0, 0, row, delta_sum, cut_pairs, link_delta_sum, link_cut_pairs };
  double n_chip = q->n_chip, pairs = n_chip * (n_chip - 1), delta = 0, cut = 0, links_apl;

  if (!sums_by_source (q, removable, edge_link, 1, &ps, error))
    return FALSE;
  for (guint i = 0; i < n_links; i++)
    {
      delta += (double) link_delta_sum[i];
      cut += (double) link_cut_pairs[i];
    }
  /* Sum over the links of APL_e: every pair's whole sum, plus every source's changes. */
  links_apl = (n_links * n_chip * (double) ps.row[0] + n_chip * delta + penalty * n_chip * cut)
              / pairs;
  out->apl_fail = (n_chip * out->apl_fail + links_apl) / (n_chip + n_links);
  out->disconnected_fraction = (n_chip * out->disconnected_fraction + n_chip * cut / pairs)
                               / (n_chip + n_links);
  return TRUE;
}

/* @penalty: hops a cut pair counts, 0 for the number of chips. */
static gboolean
path_metrics (const TfNetworkGraph *graph,
              gboolean              chip_transitive,
              TfFailures            failures,
              double                penalty,
              PathMetrics          *out,
              GError              **error)
{
  gboolean routing_chips = graph->n_switch == 0;
  gboolean links = failures == TF_FAILURES_SWITCHES_AND_LINKS;
  Quotient q;
  gboolean ok;

  memset (out, 0, sizeof *out);
  out->failure_cases = (routing_chips ? graph->n_chip : graph->n_switch)
                       + (links ? graph->n_links : 0);
  if (graph->n_chip < 2)
    return TRUE;   /* no pairs */
  if (penalty <= 0)
    penalty = graph->n_chip;

  quotient_init (&q, graph, !links || (chip_transitive && routing_chips));
  if (chip_transitive && routing_chips)
    {
      ok = transitive_metrics (&q, penalty, out, error);
      if (ok && links)
        {
          /* The links need the graph without its twins. */
          quotient_clear (&q);
          quotient_init (&q, graph, FALSE);
          ok = transitive_link_metrics (&q, graph, penalty, out, error);
        }
    }
  else if (links)
    ok = per_source_metrics (&q, routing_chips, UNREACHED, graph, penalty, out, error);
  else
    ok = per_source_metrics (&q, routing_chips, UNREACHED, NULL, penalty, out, error);
  quotient_clear (&q);
  return ok;
}

/* Switch diversity */

/* Dinic's max flow with integer capacities, for the many small flows from one terminal: the
 * level search stops at the sink's level, the augmenting search is iterative, and a flow resets
 * by copying the capacities back. */
typedef struct
{
  guint    n;
  guint32 *first;    /* n + 1: the arcs leaving v are [first[v], first[v + 1]) */
  guint32 *head;     /* where an arc goes */
  guint32 *mate;     /* its reverse */
  gint64  *cap0;
  gint64  *cap;      /* residual */
  guint32 *level;
  guint32 *iter;
  guint32 *queue;
  guint32 *path;     /* arcs from the source to the current node */
} Flow;

/* The links of @graph with both ends in [lo, hi), node v as v - lo. */
static void
flow_init (Flow                 *f,
           const TfNetworkGraph *graph,
           guint                 lo,
           guint                 hi)
{
  guint n = hi - lo, m = 0;
  g_autofree guint32 *fill = NULL;

  f->n = n;
  f->first = g_new0 (guint32, (gsize) n + 1);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if (l->a != l->b && l->a >= lo && l->a < hi && l->b >= lo && l->b < hi)
        {
          f->first[l->a - lo + 1]++;
          f->first[l->b - lo + 1]++;
          m += 2;
        }
    }
  for (guint v = 0; v < n; v++)
    f->first[v + 1] += f->first[v];
  f->head = g_new (guint32, MAX (m, 1));
  f->mate = g_new (guint32, MAX (m, 1));
  f->cap0 = g_new (gint64, MAX (m, 1));
  f->cap = g_new (gint64, MAX (m, 1));
  fill = g_memdup2 (f->first, sizeof (guint32) * MAX (n, 1));
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if (l->a != l->b && l->a >= lo && l->a < hi && l->b >= lo && l->b < hi)
        {
          guint32 x = fill[l->a - lo]++, y = fill[l->b - lo]++;

          f->head[x] = l->b - lo;
          f->head[y] = l->a - lo;
          f->mate[x] = y;
          f->mate[y] = x;
          f->cap0[x] = f->cap0[y] = l->multiplicity;
        }
    }
  f->level = g_new (guint32, MAX (n, 1));
  f->iter = g_new (guint32, MAX (n, 1));
  f->queue = g_new (guint32, MAX (n, 1));
  f->path = g_new (guint32, MAX (n, 1));
}

static void
flow_clear (Flow *f)
{
  g_free (f->first);
  g_free (f->head);
  g_free (f->mate);
  g_free (f->cap0);
  g_free (f->cap);
  g_free (f->level);
  g_free (f->iter);
  g_free (f->queue);
  g_free (f->path);
}

/* The max flow from @s to @t, or @enough once that much has gone through. */
static gint64
flow_max (Flow    *f,
          guint32  s,
          guint32  t,
          gint64   enough)
{
  gint64 total = 0;

  memcpy (f->cap, f->cap0, sizeof (gint64) * f->first[f->n]);
  while (total < enough)
    {
      guint head = 0, tail = 0, depth = 0;
      guint32 u = s;

      /* Levels, up to the sink's. */
      for (guint v = 0; v < f->n; v++)
        f->level[v] = UNREACHED;
      f->level[s] = 0;
      f->queue[tail++] = s;
      while (head < tail)
        {
          guint32 x = f->queue[head++];

          if (f->level[t] != UNREACHED && f->level[x] >= f->level[t])
            break;
          f->iter[x] = f->first[x];
          for (guint a = f->first[x]; a < f->first[x + 1]; a++)
            if (f->cap[a] > 0 && f->level[f->head[a]] == UNREACHED)
              {
                f->level[f->head[a]] = f->level[x] + 1;
                f->queue[tail++] = f->head[a];
              }
        }
      if (f->level[t] == UNREACHED)
        break;

      /* Augmenting paths along the levels, with current-arc pointers. */
      while (total < enough)
        {
          if (u == t)
            {
              gint64 push = enough - total;

              for (guint i = 0; i < depth; i++)
                push = MIN (push, f->cap[f->path[i]]);
              for (guint i = 0; i < depth; i++)
                {
                  f->cap[f->path[i]] -= push;
                  f->cap[f->mate[f->path[i]]] += push;
                }
              total += push;
              u = s;
              depth = 0;
              continue;
            }
          while (f->iter[u] < f->first[u + 1])
            {
              guint32 a = f->iter[u], v = f->head[a];

              if (f->cap[a] > 0 && f->level[v] == f->level[u] + 1
                  && (v == t || f->level[v] < f->level[t]))
                break;
              f->iter[u]++;
            }
          if (f->iter[u] < f->first[u + 1])
            {
              f->path[depth++] = f->iter[u];
              u = f->head[f->iter[u]];
              continue;
            }
          /* A dead end: never come back; step back. */
          if (u == s)
            break;
          f->level[u] = UNREACHED;
          u = f->head[f->mate[f->path[--depth]]];
          f->iter[u]++;
        }
    }
  return total;
}

/* The smallest min cut between two terminals among the nodes [lo, hi) of @graph, over the links
 * inside that range (capacity: multiplicity).
 *
 * lambda(a, c) >= min (lambda(a, b), lambda(b, c)) for any b, so the minimum over all terminal
 * pairs is the minimum over the pairs of any spanning tree of the terminals: |terminals| - 1
 * max flows, as in Gusfield's Gomory-Hu method. The tree here pairs each terminal with the
 * nearest terminal above it in a breadth-first tree from the terminal of least degree, so each
 * flow runs between near nodes and its level searches stay local; each stops once it reaches
 * the best so far (it cannot lower the minimum past that). */
static guint
min_terminal_cut (const TfNetworkGraph *graph,
                  guint                 lo,
                  guint                 hi,
                  const guint8         *terminal)
{
  guint n = hi - lo, n_terminals = 0, head = 0, tail = 0;
  g_autofree gint64 *degree = g_new0 (gint64, MAX (n, 1));
  g_autofree guint32 *parent = NULL;
  g_autofree guint32 *order = NULL;
  Flow flow;
  guint32 t0 = 0;
  gint64 best = G_MAXINT64;

  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if (l->a != l->b && l->a >= lo && l->a < hi && l->b >= lo && l->b < hi)
        {
          degree[l->a - lo] += l->multiplicity;
          degree[l->b - lo] += l->multiplicity;
        }
    }
  for (guint v = 0; v < n; v++)
    if (terminal[v])
      {
        n_terminals++;
        if (degree[v] < best)
          {
            best = degree[v];
            t0 = v;
          }
      }
  /* With two terminals or more, the links around one separate it from the others. */
  if (n_terminals < 2 || best == 0)
    return 0;

  flow_init (&flow, graph, lo, hi);
  parent = g_new (guint32, n);
  order = g_new (guint32, n);
  for (guint v = 0; v < n; v++)
    parent[v] = UNREACHED;
  parent[t0] = t0;
  order[tail++] = t0;
  while (head < tail)
    {
      guint32 u = order[head++];

      for (guint a = flow.first[u]; a < flow.first[u + 1]; a++)
        if (parent[flow.head[a]] == UNREACHED)
          {
            parent[flow.head[a]] = u;
            order[tail++] = flow.head[a];
          }
    }
  for (guint v = 0; v < n; v++)
    if (terminal[v] && parent[v] == UNREACHED)
      best = 0;   /* the terminals are not all linked */

  for (guint i = 1; i < tail && best > 0; i++)
    {
      guint32 t = order[i], p = parent[t];

      if (!terminal[t])
        continue;
      while (!terminal[p])
        p = parent[p];
      best = MIN (best, flow_max (&flow, p, t, best));
    }
  flow_clear (&flow);
  return (guint) MIN (best, (gint64) G_MAXUINT);
}

static guint
switch_diversity (const TfNetworkGraph *graph,
                  gboolean              chip_transitive)
{
  guint n_chip = graph->n_chip, n = tf_network_graph_get_n_nodes (graph);
  g_autofree guint8 *terminal = g_new0 (guint8, MAX (n, 1));

  if (graph->n_switch > 0)
    {
      /* Leaf switches: those with a chip link. */
      for (guint i = 0; i < graph->n_links; i++)
        {
          const TfLink *l = &graph->links[i];

          if ((l->a < n_chip) != (l->b < n_chip))
            terminal[MAX (l->a, l->b) - n_chip] = 1;
        }
      return min_terminal_cut (graph, n_chip, n, terminal);
    }

  if (chip_transitive && graph->n_links > 0)
    {
      gboolean uniform = TRUE;

      for (guint i = 1; i < graph->n_links; i++)
        uniform &= graph->links[i].multiplicity == graph->links[0].multiplicity;
      if (uniform)
        {
          /* Mader: a connected vertex-transitive graph's edge connectivity is its degree. */
          g_autofree guint64 *degree = g_new0 (guint64, MAX (n_chip, 1));
          guint64 least = G_MAXUINT64;

          for (guint i = 0; i < graph->n_links; i++)
            if (graph->links[i].a != graph->links[i].b)
              {
                degree[graph->links[i].a] += graph->links[i].multiplicity;
                degree[graph->links[i].b] += graph->links[i].multiplicity;
              }
          for (guint c = 0; c < n_chip; c++)
            least = MIN (least, degree[c]);
          return n_chip < 2 ? 0 : (guint) MIN (least, G_MAXUINT);
        }
    }
  for (guint c = 0; c < n_chip; c++)
    terminal[c] = 1;
  return min_terminal_cut (graph, 0, n_chip, terminal);
}

gboolean
tf_evaluate_structure (const TfSearchConfig *config,
                       TfCandidate          *candidate,
                       GError              **error)
{
  const TfTopology *topology;
  TfEvaluation *ev;
  PathMetrics pm;

  g_return_val_if_fail (candidate != NULL, FALSE);

  topology = &candidate->topology;
  ev = &candidate->evaluation;
  if (!path_metrics (&topology->graph, candidate->chip_transitive,
                     config != NULL ? config->failures : TF_FAILURES_SWITCHES,
                     config != NULL ? config->disconnected_penalty_hops : 0, &pm, error))
    return FALSE;
  ev->diameter = pm.diameter;
  ev->apl = pm.apl;
  ev->apl_fail = pm.apl_fail;
  ev->disconnected_fraction = pm.disconnected_fraction;
  ev->failure_cases = pm.failure_cases;

  /* Both are the bandwidth of a real balanced cut, an upper bound on the minimum. */
  if (topology->result.family != NULL
      && topology->result.metrics.bisection_bandwidth_method != TF_METHOD_NONE)
    ev->bisection_bandwidth = topology->result.metrics.bisection_bandwidth;
  else
    {
      guint64 links;

      tf_network_graph_bisection_bound (&topology->graph, &topology->context, &links,
                                        &ev->bisection_bandwidth);
    }

  ev->switch_diversity = switch_diversity (&topology->graph, candidate->chip_transitive);
  ev->layers |= TF_LAYER_STRUCTURE;
  return TRUE;
}

/* The hop table */

/* Hop table rows: the bit-parallel search writes each class representative's column. */
typedef struct
{
  const Quotient *q;
  guint16        *distance;
  guint           n_nodes;
  guint32         first;     /* the batch's first source class */
} BitRows;

static void
bit_rows_visit (guint32        level,
                guint32        node,
                const guint64 *fresh,
                guint          words,
                gpointer       data)
{
  BitRows *br = data;
  guint32 column = br->q->class_rep[node];

  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      {
        guint32 c = br->first + w * 64 + (guint32) __builtin_ctzll (bits);

        br->distance[(gsize) c * br->n_nodes + column] = (guint16) level;
      }
}

void
tf_hop_table_init (TfHopTable           *table,
                   const TfNetworkGraph *graph)
{
  guint n = tf_network_graph_get_n_nodes (graph);
  Quotient q;
  g_autofree guint32 *dist = NULL;
  g_autofree guint32 *order = NULL;
  guint ecc = 0, n_reached;

  g_return_if_fail (table != NULL && graph != NULL);

  memset (table, 0, sizeof *table);
  table->graph = graph;
  table->n_nodes = n;
  quotient_init (&q, graph, TRUE);
  table->n_classes = q.n_chip_classes;
  table->class_of_chip = g_memdup2 (q.class_of, sizeof (guint32) * MAX (graph->n_chip, 1));
  table->class_chip = g_memdup2 (q.class_rep, sizeof (guint32) * MAX (q.n_chip_classes, 1));
  table->twin_distance = g_memdup2 (q.class_twin, MAX (q.n_chip_classes, 1));
  table->distance = g_new (guint16, MAX ((gsize) q.n_chip_classes * n, 1));
  if (q.n_chip_classes == 0)
    {
      quotient_clear (&q);
      return;
    }

  /* One search per class of twin chips, on the quotient, filling the column of each class's
   * representative; every other node then takes its representative's distance, except inside
   * the source's own class. Shallow graphs search 64 classes per machine word at once (the
   * diameter is at most twice the first class's eccentricity); deep ones one at a time, where
   * distances past G_MAXUINT16 - 1 (rings of more than 131068 chips) saturate. */
  dist = g_new (guint32, q.n_classes);
  order = g_new (guint32, q.n_classes);
  n_reached = quotient_bfs (&q, 0, dist, order);
  for (guint i = 0; i < n_reached; i++)
    ecc = MAX (ecc, dist[order[i]]);
  if (2 * ecc <= BIT_PARALLEL_MAX_LEVELS)
    {
      g_autofree guint32 *sources = g_new (guint32, q.n_chip_classes);
      BitRows br = { &q, table->distance, n, 0 };
      BitSearch b;

      for (guint32 c = 0; c < q.n_chip_classes; c++)
        {
          guint16 *row = table->distance + (gsize) c * n;

          sources[c] = c;
          for (guint32 x = 0; x < q.n_classes; x++)
            row[q.class_rep[x]] = G_MAXUINT16;
          row[q.class_rep[c]] = 0;
        }
      bit_search_init (&b, &q, UNREACHED, q.n_chip_classes);
      for (br.first = 0; br.first < q.n_chip_classes; br.first += 64 * b.max_words)
        bit_search_run (&b, sources + br.first,
                        MIN (64 * b.max_words, q.n_chip_classes - br.first), bit_rows_visit,
                        &br);
      bit_search_clear (&b);
    }
  else
    for (guint32 c = 0; c < q.n_chip_classes; c++)
      {
        guint16 *row = table->distance + (gsize) c * n;

        quotient_bfs (&q, c, dist, order);
        for (guint32 x = 0; x < q.n_classes; x++)
          row[q.class_rep[x]] = dist[x] == UNREACHED ? G_MAXUINT16
                                : (guint16) MIN (dist[x], G_MAXUINT16 - 1u);
      }

  for (guint32 c = 0; c < q.n_chip_classes; c++)
    {
      guint16 *row = table->distance + (gsize) c * n;

      for (guint32 v = 0; v < n; v++)
        {
          guint32 x = q.class_of[v];

          if (x == c)
            row[v] = v == q.class_rep[c] ? 0 : q.class_twin[c];
          else if (v != q.class_rep[x])
            row[v] = row[q.class_rep[x]];
        }
    }
  quotient_clear (&q);
}

void
tf_hop_table_clear (TfHopTable *table)
{
  g_return_if_fail (table != NULL);

  g_free (table->class_of_chip);
  g_free (table->class_chip);
  g_free (table->twin_distance);
  g_free (table->distance);
  memset (table, 0, sizeof *table);
}

guint
tf_hop_table_distance (const TfHopTable *table,
                       guint32           chip_a,
                       guint32           chip_b)
{
  guint32 ca;

  if (chip_a == chip_b)
    return 0;
  ca = table->class_of_chip[chip_a];
  if (ca == table->class_of_chip[chip_b])
    return table->twin_distance[ca];
  return table->distance[(gsize) ca * table->n_nodes + chip_b];
}
