/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-structure.c: Layer 1 of the evaluator, graph structure (the spec's "Layer 1：拓扑结构
 * 指标"), and the chip-to-chip hop table Layer 2 reads.
 *
 * What is measured, where the spec leaves holes (docs/optimizer.md repeats these decisions):
 *
 * - diameter and apl are over ordered pairs of distinct chips, in hops over the whole graph
 *   (switches forward, chips too). A graph whose chips cannot all reach each other is an error
 *   (TF_ERROR_INVARIANT, "connectivity: ..."), not an infinite value.
 * - apl_fail (ATOP §3.4, formula 2) with its holes closed:
 *   - the failed elements, the "routing nodes", are the switches when the graph has any, else
 *     the chips: a direct network routes through its chips;
 *   - removing routing node r removes its links. Over the ordered pairs of chips other than r,
 *     R_r pairs stay reachable with S_r hops in all and U_r do not;
 *   - APL_r = S_r / R_r (0 when R_r = 0) and disc_r = U_r / (R_r + U_r) (0 when fewer than two
 *     chips remain);
 *   - apl_fail is the mean of APL_r over the routing nodes, disconnected_fraction the mean of
 *     disc_r, failure_cases the number of routing nodes. The spec's formula divides by every
 *     pair and leaves the distance of a cut-off pair undefined: here such pairs are counted
 *     apart, so removing a leaf switch, which cuts its chips off, shows in
 *     disconnected_fraction and not as infinite hops.
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
 *   shortest-path DAG from s. So per source: the dominator tree of that DAG (each node's
 *   immediate dominator is the meeting point, in the tree, of its DAG parents, found in BFS
 *   order), then for each routing node r dominating chips, a breadth-first search over r's
 *   subtree alone, seeded across the subtree's border by the unchanged distances outside it.
 *   The work follows how much a failure changes, not the number of failures times the graph.
 * - Vertex-transitive graphs. When candidate->chip_transitive is set (declared by the family:
 *   torus, hypercube, ring, full mesh, all vertex-transitive on chips) and the routing nodes
 *   are the chips, every chip is the same as chip 0 up to an automorphism: apl and the diameter
 *   come from one source, and every APL_r and disc_r equal those of removing chip 0, which is
 *   computed once with a bit-parallel breadth-first search (64 sources per machine word, up to
 *   16 words per pass) from every chip class of the quotient without chip 0.
 * - switch_diversity: the minimum over terminal pairs of a min cut is the minimum over the
 *   pairs (t0, t) for one fixed terminal t0 (the min cut separating the worst pair separates
 *   t0 from one of them), so |terminals| - 1 max flows (Dinic, tf_flow_*), each stopped once
 *   it reaches the best so far. That is the same number of flows as Gusfield's Gomory-Hu
 *   method and the same answer for the minimum. A chip-transitive graph whose links all have
 *   the same multiplicity needs none: by Mader's theorem a connected vertex-transitive graph's
 *   edge connectivity equals its degree (W. Mader, "Minimale n-fach kantenzusammenhängende
 *   Graphen", Math. Ann. 191, 1971). With unequal multiplicities that fails (two heavy pairs
 *   joined by light links are vertex-transitive), so those graphs take the flows.
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
        guint64 h = hash[v] + (closed ? mix64 (v) : 0);

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

static void
quotient_init (Quotient             *q,
               const TfNetworkGraph *graph)
{
  guint n = tf_network_graph_get_n_nodes (graph);
  TfAdjacency adj;
  g_autofree guint32 *mark = g_new0 (guint32, MAX (n, 1));
  g_autofree guint32 *rep_of = g_new (guint32, MAX (n, 1));
  g_autofree guint8 *twin = g_new0 (guint8, MAX (n, 1));
  g_autofree guint64 *hash = g_new0 (guint64, MAX (n, 1));
  guint32 token = 0, fill = 0;
  GArray *h_target;

  memset (q, 0, sizeof *q);
  q->n_chip = graph->n_chip;
  q->n_nodes = n;

  /* Distinct neighbours, self-links dropped. */
  tf_adjacency_init (&adj, n, graph->n_links, graph->links, sizeof (TfLink));
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
            hash[v] += mix64 (adj.target[e]);
          }
    }
  q->offset[n] = fill;
  tf_adjacency_clear (&adj);

  /* Twin classes, chips and switches apart: false twins first, then true twins among the rest
   * (a node cannot have both: a true twin of v is adjacent to v's false twins). */
  for (guint v = 0; v < n; v++)
    rep_of[v] = v;
  group_twins (q, 0, q->n_chip, FALSE, hash, rep_of, twin, mark, &token);
  group_twins (q, 0, q->n_chip, TRUE, hash, rep_of, twin, mark, &token);
  group_twins (q, q->n_chip, n, FALSE, hash, rep_of, twin, mark, &token);
  group_twins (q, q->n_chip, n, TRUE, hash, rep_of, twin, mark, &token);

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
} PairSums;

typedef struct
{
  guint32 label;
  guint32 node;
} Seed;

static int
compare_seed (const void *pa,
              const void *pb)
{
  const Seed *a = pa, *b = pb;

  return a->label < b->label ? -1 : a->label > b->label;
}

/* Scratch of the per-source failure analysis. */
typedef struct
{
  const Quotient *q;
  const guint8   *removable;
  guint32        *dist, *order, *pos, *idom, *pre, *size, *euler, *next_free;
  guint64        *sub_w, *sub_wd;
  guint32        *done;     /* token of the subtree search that settled a node */
  Seed           *fifo;     /* (new distance, node) */
  Seed           *seeds;
  guint32         token;
} Dominators;

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

static inline gboolean
in_subtree (const Dominators *d,
            guint32           r,
            guint32           v)
{
  return d->dist[v] != UNREACHED && d->pre[v] > d->pre[r] && d->pre[v] < d->pre[r] + d->size[r];
}

/* Hops and reached weight of the chips r dominates from the source, in G - r: a search of r's
 * subtree seeded across its border. */
static void
subtree_after_failure (Dominators *d,
                       guint       n_reached,
                       guint32     r,
                       guint64    *sum,
                       guint64    *reached)
{
  const Quotient *q = d->q;
  guint n_seeds = 0, n_inside = d->size[r] - 1, n_outside = n_reached - d->size[r];
  guint si = 0, head = 0, tail = 0;

  *sum = 0;
  *reached = 0;

  /* Seeds: chips inside reached from a node outside (not r), whose distance r does not change.
   * Scan whichever side is smaller. */
  if (n_outside < n_inside)
    {
      guint ranges[2][2] = { { 0, d->pre[r] }, { d->pre[r] + d->size[r], n_reached } };

      for (guint k = 0; k < 2; k++)
        for (guint i = ranges[k][0]; i < ranges[k][1]; i++)
          {
            guint32 u = d->euler[i];

            for (guint e = q->h_offset[u]; e < q->h_offset[u + 1]; e++)
              if (in_subtree (d, r, q->h_target[e]))
                d->seeds[n_seeds++] = (Seed) { d->dist[u] + 1, q->h_target[e] };
          }
    }
  else
    for (guint i = d->pre[r] + 1; i < d->pre[r] + d->size[r]; i++)
      {
        guint32 v = d->euler[i], best = UNREACHED;

        for (guint e = q->h_offset[v]; e < q->h_offset[v + 1]; e++)
          {
            guint32 u = q->h_target[e];

            if (u != r && d->dist[u] != UNREACHED && !in_subtree (d, r, u))
              best = MIN (best, d->dist[u] + 1);
          }
        if (best != UNREACHED)
          d->seeds[n_seeds++] = (Seed) { best, v };
      }
  if (n_seeds == 0)
    return;
  qsort (d->seeds, n_seeds, sizeof (Seed), compare_seed);

  /* Breadth-first inside the subtree, merging the sorted seeds with the FIFO (whose labels
   * never decrease): a node is settled the first time it comes out. */
  d->token++;
  while (si < n_seeds || head < tail)
    {
      Seed x;

      if (head < tail && (si == n_seeds || d->fifo[head].label <= d->seeds[si].label))
        x = d->fifo[head++];
      else
        x = d->seeds[si++];
      if (d->done[x.node] == d->token)
        continue;
      d->done[x.node] = d->token;
      *sum += class_weight (q, x.node) * x.label;
      *reached += class_weight (q, x.node);
      for (guint e = q->h_offset[x.node]; e < q->h_offset[x.node + 1]; e++)
        {
          guint32 y = q->h_target[e];

          if (d->done[y] != d->token && in_subtree (d, r, y))
            d->fifo[tail++] = (Seed) { x.label + 1, y };
        }
    }
}

/* The dominator tree of the shortest-path DAG from source class @s (searched already, @n_reached
 * classes in d->order), then the change each removable node's failure makes to the hops from
 * the source's chips, added to @ps. */
static void
failures_from (Dominators *d,
               guint32     s,
               guint       n_reached,
               PairSums   *ps)
{
  const Quotient *q = d->q;
  guint64 ws = class_weight (q, s);

  for (guint i = 0; i < n_reached; i++)
    d->pos[d->order[i]] = i;

  /* A node's immediate dominator is where its DAG parents meet in the tree; parents come
   * earlier in BFS order, so their dominators are known. */
  d->idom[s] = s;
  for (guint i = 1; i < n_reached; i++)
    {
      guint32 v = d->order[i], p = UNREACHED;

      for (guint e = q->h_offset[v]; e < q->h_offset[v + 1]; e++)
        {
          guint32 u = q->h_target[e];

          if (d->dist[u] != UNREACHED && d->dist[u] + 1 == d->dist[v])
            p = p == UNREACHED ? u : intersect (d, p, u);
        }
      d->idom[v] = p;
    }

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
      subtree_after_failure (d, n_reached, r, &sum, &reached);
      ps->delta_sum[r] += (gint64) (ws * sum) - (gint64) (ws * inside_wd);
      ps->cut_pairs[r] += ws * (inside_w - reached);
    }
}

/* Every chip class a source: the whole graph's hop sum and diameter, each class's row, and
 * what each removable node's failure changes. */
static gboolean
sums_by_source (const Quotient *q,
                const guint8   *removable,
                PairSums       *ps,
                GError        **error)
{
  guint n = q->n_classes;
  gboolean any_removable = FALSE;
  Dominators d = { 0 };
  gboolean ok = TRUE;

  for (guint c = 0; c < n; c++)
    any_removable |= removable[c] != 0;

  d.q = q;
  d.removable = removable;
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
  d.fifo = g_new (Seed, (gsize) q->h_offset[n] + 1);
  d.seeds = g_new (Seed, (gsize) q->h_offset[n] + n + 1);

  for (guint32 s = 0; s < q->n_chip_classes; s++)
    {
      guint64 ws = class_weight (q, s), row = 0, reached = 0;
      guint ecc = 0;
      guint n_reached = quotient_bfs (q, s, d.dist, d.order);

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
  g_free (d.fifo);
  g_free (d.seeds);
  return ok;
}

/* Bit-parallel breadth-first search on the quotient without node @removed, from every chip
 * class but @removed, up to BIT_WORDS x 64 sources per pass: hops summed over ordered pairs of
 * chips in distinct classes, and the pairs reached. Each node pulls from its neighbours'
 * frontiers; a node every source has reached drops out of the scan (what it leaves in the
 * frontier buffers then is bits its neighbours have already). */
#define BIT_WORDS 16u
#define WEIGHT_BITS 21u   /* class sizes up to TF_N_CHIP_MAX */

static void
bit_parallel_sums (const Quotient *q,
                   guint32         removed,
                   guint64        *sum,
                   guint64        *reached)
{
  guint n = q->n_classes, n_sources = 0, max_words;
  g_autofree guint32 *sources = g_new (guint32, MAX (q->n_chip_classes, 1));
  g_autofree guint32 *active = g_new (guint32, n);
  g_autofree guint64 *visited = NULL;
  g_autofree guint64 *frontier = NULL;
  g_autofree guint64 *next = NULL;
  guint64 planes[BIT_WORDS][WEIGHT_BITS];
  guint64 full[BIT_WORDS];

  G_STATIC_ASSERT (TF_N_CHIP_MAX < (1u << WEIGHT_BITS));

  *sum = 0;
  *reached = 0;
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    if (c != removed)
      sources[n_sources++] = c;
  if (n_sources == 0)
    return;
  max_words = MIN (BIT_WORDS, (n_sources + 63) / 64);
  visited = g_new (guint64, (gsize) n * max_words);
  frontier = g_new (guint64, (gsize) n * max_words);
  next = g_new (guint64, (gsize) n * max_words);

  for (guint first = 0; first < n_sources; first += 64 * max_words)
    {
      guint n_batch = MIN (64 * max_words, n_sources - first);
      guint words = (n_batch + 63) / 64, n_active = 0;

      memset (visited, 0, sizeof (guint64) * n * words);
      memset (frontier, 0, sizeof (guint64) * n * words);
      memset (next, 0, sizeof (guint64) * n * words);
      memset (planes, 0, sizeof planes);
      for (guint w = 0; w < words; w++)
        full[w] = w < n_batch / 64 ? G_MAXUINT64
                  : (G_GUINT64_CONSTANT (1) << (n_batch % 64)) - 1;
      for (guint i = 0; i < n_batch; i++)
        {
          guint32 c = sources[first + i];
          guint64 bit = G_GUINT64_CONSTANT (1) << (i % 64);

          visited[(gsize) c * words + i / 64] |= bit;
          frontier[(gsize) c * words + i / 64] |= bit;
          for (guint j = 0; j < WEIGHT_BITS; j++)
            if ((q->class_size[c] >> j) & 1)
              planes[i / 64][j] |= bit;
        }
      for (guint32 v = 0; v < n; v++)
        if (v != removed)
          active[n_active++] = v;

      for (guint64 level = 1; n_active > 0; level++)
        {
          gboolean progress = FALSE;
          guint keep = 0;
          guint64 *swap;

          for (guint k = 0; k < n_active; k++)
            {
              guint32 v = active[k];
              guint64 acc[BIT_WORDS] = { 0 };
              guint64 *vis = visited + (gsize) v * words, *nxt = next + (gsize) v * words;
              gboolean fresh = FALSE, done = TRUE;

              for (guint e = q->h_offset[v]; e < q->h_offset[v + 1]; e++)
                {
                  const guint64 *f = frontier + (gsize) q->h_target[e] * words;

                  for (guint w = 0; w < words; w++)
                    acc[w] |= f[w];
                }
              for (guint w = 0; w < words; w++)
                {
                  acc[w] &= ~vis[w];
                  nxt[w] = acc[w];
                  vis[w] |= acc[w];
                  fresh |= acc[w] != 0;
                  done &= vis[w] == full[w];
                }
              if (fresh && v < q->n_chip_classes)
                {
                  guint64 wt = q->class_size[v], ws = 0;

                  for (guint w = 0; w < words; w++)
                    if (acc[w] != 0)
                      for (guint j = 0; j < WEIGHT_BITS; j++)
                        ws += (guint64) __builtin_popcountll (acc[w] & planes[w][j]) << j;
                  *sum += ws * wt * level;
                  *reached += ws * wt;
                }
              progress |= fresh;
              if (!done)
                active[keep++] = v;
            }
          n_active = keep;
          swap = frontier;
          frontier = next;
          next = swap;
          if (!progress)
            break;
        }
    }
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

/* APL_r and disc_r from the hop sum and the cut-off pairs among @n_left chips. */
static void
failure_ratios (guint64 n_left,
                guint64 sum,
                guint64 cut,
                double *apl,
                double *disc)
{
  guint64 pairs = n_left >= 2 ? n_left * (n_left - 1) : 0;

  g_assert (cut <= pairs);
  *apl = pairs > cut ? (double) sum / (double) (pairs - cut) : 0.0;
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

static gboolean
per_source_metrics (const Quotient *q,
                    gboolean        routing_chips,
                    PathMetrics    *out,
                    GError        **error)
{
  guint n = q->n_classes;
  guint lo = routing_chips ? 0 : q->n_chip_classes, hi = routing_chips ? q->n_chip_classes : n;
  g_autofree guint8 *removable = g_new0 (guint8, n);
  g_autofree guint64 *row = g_new0 (guint64, n);
  g_autofree gint64 *delta_sum = g_new0 (gint64, n);
  g_autofree guint64 *cut_pairs = g_new0 (guint64, n);
  g_autofree guint64 *sole = NULL;
  PairSums ps = { 0, 0, row, delta_sum, cut_pairs };
  double apl_sum = 0, disc_sum = 0;

  for (guint c = lo; c < hi; c++)
    removable[c] = q->class_size[c] == 1;
  if (!sums_by_source (q, removable, &ps, error))
    return FALSE;

  out->diameter = ps.diameter;
  out->apl = (double) ps.sum / ((double) q->n_chip * (q->n_chip - 1));

  sole = dup_sole_pairs (q);
  for (guint c = lo; c < hi; c++)
    {
      guint64 n_left = q->n_chip - (routing_chips ? 1 : 0);
      gint64 sum = (gint64) ps.sum - (routing_chips ? 2 * (gint64) row[c] : 0);
      guint64 cut = 0;
      double apl, disc;

      if (removable[c])
        {
          sum += delta_sum[c] - 2 * (gint64) sole[c];
          cut = cut_pairs[c] + sole[c];
        }
      /* else a member of a class of twins: no other pair changes (see the top). */
      g_assert (sum >= 0);
      failure_ratios (n_left, (guint64) sum, cut, &apl, &disc);
      apl_sum += q->class_size[c] * apl;
      disc_sum += q->class_size[c] * disc;
    }
  out->apl_fail = apl_sum / out->failure_cases;
  out->disconnected_fraction = disc_sum / out->failure_cases;
  return TRUE;
}

/* A chip-transitive direct network: every chip is chip 0 up to an automorphism. */
static gboolean
transitive_metrics (const Quotient *q,
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
  else
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
  failure_ratios (n_left, sum, cut, &out->apl_fail, &out->disconnected_fraction);
  return TRUE;
}

static gboolean
path_metrics (const TfNetworkGraph *graph,
              gboolean              chip_transitive,
              PathMetrics          *out,
              GError              **error)
{
  gboolean routing_chips = graph->n_switch == 0;
  Quotient q;
  gboolean ok;

  memset (out, 0, sizeof *out);
  out->failure_cases = routing_chips ? graph->n_chip : graph->n_switch;
  if (graph->n_chip < 2)
    return TRUE;   /* no pairs */

  quotient_init (&q, graph);
  if (chip_transitive && routing_chips)
    ok = transitive_metrics (&q, out, error);
  else
    ok = per_source_metrics (&q, routing_chips, out, error);
  quotient_clear (&q);
  return ok;
}

/* Switch diversity */

/* The smallest min cut between two terminals among the nodes [lo, hi) of @graph, over the links
 * inside that range (capacity: multiplicity). */
static guint
min_terminal_cut (const TfNetworkGraph *graph,
                  guint                 lo,
                  guint                 hi,
                  const guint8         *terminal)
{
  guint n = hi - lo, n_terminals = 0;
  g_autofree guint64 *degree = g_new0 (guint64, MAX (n, 1));
  TfFlow *flow;
  guint32 t0 = 0;
  guint64 best = G_MAXUINT64;

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

  flow = tf_flow_new (n);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if (l->a != l->b && l->a >= lo && l->a < hi && l->b >= lo && l->b < hi)
        tf_flow_add_arc (flow, l->a - lo, l->b - lo, l->multiplicity, l->multiplicity);
    }
  for (guint v = 0; v < n && best > 0; v++)
    if (terminal[v] && v != t0)
      {
        double f = tf_flow_max (flow, t0, v, (double) best);

        if (f < (double) best - 0.5)
          best = (guint64) (f + 0.5);
        tf_flow_reset (flow);
      }
  tf_flow_free (flow);
  return (guint) MIN (best, G_MAXUINT);
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
  (void) config;   /* Layer 1 depends on the graph alone */

  topology = &candidate->topology;
  ev = &candidate->evaluation;
  if (!path_metrics (&topology->graph, candidate->chip_transitive, &pm, error))
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

void
tf_hop_table_init (TfHopTable           *table,
                   const TfNetworkGraph *graph)
{
  guint n = tf_network_graph_get_n_nodes (graph);
  Quotient q;
  g_autofree guint32 *dist = NULL;
  g_autofree guint32 *order = NULL;

  g_return_if_fail (table != NULL && graph != NULL);

  memset (table, 0, sizeof *table);
  table->graph = graph;
  table->n_nodes = n;
  quotient_init (&q, graph);
  table->n_classes = q.n_chip_classes;
  table->class_of_chip = g_memdup2 (q.class_of, sizeof (guint32) * MAX (graph->n_chip, 1));
  table->class_chip = g_memdup2 (q.class_rep, sizeof (guint32) * MAX (q.n_chip_classes, 1));
  table->twin_distance = g_memdup2 (q.class_twin, MAX (q.n_chip_classes, 1));
  table->distance = g_new (guint16, MAX ((gsize) q.n_chip_classes * n, 1));

  /* One search per class of twin chips, on the quotient: a node's distance is its class's,
   * except inside the source's own class. Distances past G_MAXUINT16 - 1 (rings of more than
   * 131068 chips) saturate there. */
  dist = g_new (guint32, MAX (q.n_classes, 1));
  order = g_new (guint32, MAX (q.n_classes, 1));
  for (guint32 c = 0; c < q.n_chip_classes; c++)
    {
      guint16 *row = table->distance + (gsize) c * n;

      quotient_bfs (&q, c, dist, order);
      for (guint32 v = 0; v < n; v++)
        {
          guint32 d = q.class_of[v] != c ? dist[q.class_of[v]]
                      : v == q.class_rep[c] ? 0 : q.class_twin[c];

          row[v] = d == UNREACHED ? G_MAXUINT16 : (guint16) MIN (d, G_MAXUINT16 - 1u);
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
