/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-failures.c: diameter, apl and the failure metrics of Layer 1 (apl_fail,
 * disconnected_fraction, failure_cases), exact, on the twin quotient (twin-quotient.c).
 *
 * What is measured, where the spec leaves holes (docs/optimizer.md, Layer 1, repeats these
 * decisions):
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
 *
 * How:
 *
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
 */
#include "structure-private.h"
#include "bfs-bit-parallel-private.h"
#include "graph-private.h"

#include <stdlib.h>
#include <string.h>

/* Hop sums over chip pairs: the whole graph, and each failure */

typedef struct
{
  guint    diameter;
  guint64  sum;          /* hops over ordered pairs of distinct chips */
  /* per class: */
  guint64 *row;          /* hops from one chip of the class to every other chip */
  gint64  *delta_sum;    /* change of the pair sum when the class's node fails (singletons) */
  guint64 *cut_pairs;    /* pairs cut off by that failure, twins of one class aside */
  /* per link of the graph, with a twin-free quotient only: */
  gint64  *link_delta_sum;
  guint64 *link_cut_pairs;
  guint8  *single;       /* whether the link is the only cable between its ends */
  guint32 *edge_link;    /* per quotient arc, such a link, or TF_UNREACHED; NULL: no links */
} PairSums;

typedef struct
{
  guint32 label;
  guint32 node;
} Seed;

/* Scratch of the per-source failure analysis. */
typedef struct
{
  const TfQuotient *q;
  const guint8     *removable;
  const guint64    *pendant_w;  /* chips of pendant classes hanging off each node */
  const guint32    *edge_link;  /* per quotient arc, the link whose only cable it is, or
                                 * TF_UNREACHED; NULL: no link failures */
  guint32          *parent_arc; /* the arc from a node's only DAG parent, TF_UNREACHED with two */
  guint8           *level_mate; /* whether a node has a neighbour as far from the source */
  guint32          *dist, *order, *pos, *idom, *pre, *size, *euler, *next_free;
  guint64          *sub_w, *sub_wd;
  guint32          *done;     /* token of the subtree search that settled a node */
  guint32          *seen;     /* token of the subtree search that labelled a node */
  guint32          *label;    /* its best label so far */
  guint32          *count;    /* counting sort of the seeds by label */
  Seed             *fifo;     /* (new distance, node) */
  Seed             *seeds;
  Seed             *sorted;
  guint32           token;
} Dominators;

/* A pendant: a chip class with a single neighbour. Its chips are one hop past that neighbour
 * whatever fails, unless the neighbour does, so the subtree searches leave pendants out and
 * count them with their neighbour. */
static inline gboolean
is_pendant (const TfQuotient *q,
            guint32           c)
{
  return c < q->n_chip_classes && q->h_offset[c + 1] - q->h_offset[c] == 1;
}

static guint64 *
dup_pendant_weights (const TfQuotient *q)
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
 * not in the region), or, with @r TF_UNREACHED, the arc @from -> @to (@to the region's root).
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
  const TfQuotient *q = d->q;
  guint32 skip_lo = r != TF_UNREACHED ? first - 1 : first;
  guint32 skip_len = r != TF_UNREACHED ? span + 1 : span;
  guint32 saved = r != TF_UNREACHED ? d->dist[r] : 0;
  guint n_seeds = 0, n_outside = n_reached - skip_len;
  guint32 low = TF_UNREACHED, high = 0;
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
  if (r != TF_UNREACHED)
    d->dist[r] = TF_UNREACHED;
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
        guint32 v = d->euler[i], best = TF_UNREACHED;

        if (is_pendant (q, v))
          continue;
        for (guint e = q->h_offset[v]; e < q->h_offset[v + 1]; e++)
          {
            guint32 u = q->h_target[e];
            guint32 du = below (d, first, span, u) || (u == from && v == to) ? TF_UNREACHED
                         : d->dist[u];

            best = MIN (best, du);   /* branch-free: inside or outside is a coin toss */
          }
        if (best != TF_UNREACHED)
          {
            d->seen[v] = d->token;
            d->label[v] = best + 1;
            d->seeds[n_seeds++] = (Seed) { best + 1, v };
          }
      }
  if (r != TF_UNREACHED)
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
      *sum += tf_quotient_weight (q, x.node) * x.label + d->pendant_w[x.node] * (x.label + 1);
      *reached += tf_quotient_weight (q, x.node) + d->pendant_w[x.node];
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
  const TfQuotient *q = d->q;
  guint head = 0, tail = 0;

  for (guint c = 0; c < q->n_classes; c++)
    {
      d->dist[c] = TF_UNREACHED;
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

          if (d->dist[v] == TF_UNREACHED)
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
              d->parent_arc[v] = TF_UNREACHED;
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
  const TfQuotient *q = d->q;
  guint64 ws = tf_quotient_weight (q, s);

  /* Subtree sizes and weights from the leaves up; preorder intervals from the root down. */
  for (guint i = 0; i < n_reached; i++)
    {
      guint32 v = d->order[i];

      d->size[v] = 1;
      d->sub_w[v] = tf_quotient_weight (q, v);
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
      guint64 own = tf_quotient_weight (q, r), inside_w = d->sub_w[r] - own;
      guint64 inside_wd, sum, reached;

      if (!d->removable[r] || inside_w == 0)
        continue;
      inside_wd = d->sub_wd[r] - own * d->dist[r];
      /* Only r's own pendants below it (the source may be one, but is not below): all cut. */
      if (inside_w == d->pendant_w[r] - (is_pendant (q, s) && d->idom[r] == s ? ws : 0))
        sum = reached = 0;
      else
        region_after_failure (d, n_reached, d->pre[r] + 1, d->size[r] - 1, r, TF_UNREACHED,
                              TF_UNREACHED, &sum, &reached);
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

      if (arc == TF_UNREACHED || (link = d->edge_link[arc]) == TF_UNREACHED || d->sub_w[v] == 0)
        continue;
      if (d->size[v] == 1 && !is_pendant (q, v) && d->pendant_w[v] == 0)
        {
          /* A chip dominating nothing: its other neighbours keep their distance, one level
           * further at most (a second one nearer would be a second parent). */
          sum = d->sub_w[v] * (d->dist[v] + (d->level_mate[v] ? 1 : 2));
          reached = d->sub_w[v];
        }
      else if (!is_pendant (q, v))
        region_after_failure (d, n_reached, d->pre[v], d->size[v], TF_UNREACHED, d->idom[v], v,
                              &sum, &reached);
      ps->link_delta_sum[link] += (gint64) (ws * sum) - (gint64) (ws * d->sub_wd[v]);
      ps->link_cut_pairs[link] += ws * (d->sub_w[v] - reached);
    }
}

/* Every chip class below @n_sources a source: the whole graph's hop sum and diameter (with
 * every chip class a source), each class's row, and what each removable node's failure and,
 * with ps->edge_link, each link's changes. */
static gboolean
sums_by_source (const TfQuotient *q,
                const guint8     *removable,
                guint             n_sources,
                PairSums         *ps,
                GError          **error)
{
  guint n = q->n_classes;
  gboolean any_removable = FALSE;
  Dominators d = { 0 };
  gboolean ok = TRUE;
  g_autofree guint64 *pendant_w = dup_pendant_weights (q);

  for (guint c = 0; c < n; c++)
    any_removable |= removable[c] != 0;
  any_removable |= ps->edge_link != NULL;

  d.q = q;
  d.removable = removable;
  d.pendant_w = pendant_w;
  d.edge_link = ps->edge_link;
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
      guint64 ws = tf_quotient_weight (q, s), row = 0, reached = 0;
      guint ecc = 0;
      guint n_reached = any_removable ? dominator_bfs (&d, s)
                                      : tf_quotient_bfs (q, s, d.dist, d.order);

      for (guint i = 1; i < n_reached; i++)
        {
          guint32 t = d.order[i];
          guint64 wt = tf_quotient_weight (q, t);

          if (wt > 0)
            {
              row += wt * d.dist[t];
              reached += wt;
              ecc = MAX (ecc, d.dist[t]);
            }
        }
      if (reached + ws != q->n_chip)
        {
          ok = tf_quotient_connectivity_error (q, s, d.dist, error);
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

/* Hop sums over ordered pairs of chips in distinct classes: source weights by bit planes (the
 * sources whose class size has bit j set), so a word of sources weighs a few popcounts. */
typedef struct
{
  const TfQuotient *q;
  guint             n_planes;
  guint64           planes[TF_BIT_BFS_MAX_WORDS][32];
  guint64           sum;
  guint64           reached;
} BitSums;

static void
bit_sums_visit (guint          level,
                guint32        node,
                const guint64 *fresh,
                guint          words,
                gpointer       data)
{
  BitSums *bs = data;
  guint64 wt = tf_quotient_weight (bs->q, node), ws = 0;

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
bit_parallel_sums (const TfQuotient *q,
                   guint32           removed,
                   guint64          *sum,
                   guint64          *reached)
{
  g_autofree guint32 *sources = g_new (guint32, MAX (q->n_chip_classes, 1));
  g_autofree guint8 *allowed = g_new (guint8, MAX (q->n_classes, 1));
  g_autofree BitSums *bs = g_new0 (BitSums, 1);
  guint n_sources = 0, batch;
  guint32 heaviest = 0;
  TfBitBfs b;

  bs->q = q;
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    if (c != removed)
      {
        sources[n_sources++] = c;
        heaviest = MAX (heaviest, q->class_size[c]);
      }
  memset (allowed, 1, q->n_classes);
  allowed[removed] = 0;
  bs->n_planes = g_bit_storage (heaviest);
  tf_bit_bfs_init (&b, q->n_classes, q->h_offset, q->h_target, allowed, n_sources);
  batch = tf_bit_bfs_batch (&b);
  for (guint first = 0; first < n_sources; first += batch)
    {
      guint n_batch = MIN (batch, n_sources - first);

      memset (bs->planes, 0, sizeof bs->planes);
      for (guint i = 0; i < n_batch; i++)
        for (guint j = 0; j < bs->n_planes; j++)
          if ((q->class_size[sources[first + i]] >> j) & 1)
            bs->planes[i / 64][j] |= G_GUINT64_CONSTANT (1) << (i % 64);
      tf_bit_bfs_run (&b, sources + first, n_batch, bit_sums_visit, bs);
    }
  tf_bit_bfs_clear (&b);
  *sum = bs->sum;
  *reached = bs->reached;
}

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
dup_sole_pairs (const TfQuotient *q)
{
  guint64 *sole = g_new0 (guint64, q->n_classes);

  for (guint c = 0; c < q->n_chip_classes; c++)
    if (q->class_sole[c] != TF_UNREACHED)
      {
        guint64 w = q->class_size[c];

        /* The sole neighbour has no twin: its twin would be a neighbour too. */
        sole[q->class_of[q->class_sole[c]]] += w * (w - 1);
      }
  return sole;
}

/* APL_r and disc_r when a node of routing class @c fails, from the per-source sums. */
static void
class_failure (const TfQuotient *q,
               const PairSums   *ps,
               const guint64    *sole,
               gboolean          removable,
               gboolean          routing_chips,
               guint32           c,
               double            penalty,
               double           *apl,
               double           *disc)
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
 * TF_UNREACHED: with two cables or more a failure leaves one and no distance changes. The
 * quotient must be twin-free. @single gets, per link, whether it is such a link. */
static guint32 *
dup_edge_links (const TfQuotient     *q,
                const TfNetworkGraph *graph,
                guint8               *single)
{
  g_autofree TfKeyed *pairs = g_new (TfKeyed, MAX (graph->n_links, 1));
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

        pairs[n_pairs++] = (TfKeyed) { ((guint64) a << 32) | b, i };
      }
  qsort (pairs, n_pairs, sizeof (TfKeyed), tf_keyed_compare);
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
        edge_link[e] = cables[lo] == 1 ? pairs[lo].node : TF_UNREACHED;
        if (cables[lo] == 1)
          single[pairs[lo].node] = 1;
      }
  return edge_link;
}

/* Sums over the classes of @q and, with @graph (@q twin-free), over its links. */
static void
pair_sums_init (PairSums             *ps,
                const TfQuotient     *q,
                const TfNetworkGraph *graph)
{
  guint n_links = graph != NULL ? graph->n_links : 0;

  memset (ps, 0, sizeof *ps);
  ps->row = g_new0 (guint64, q->n_classes);
  ps->delta_sum = g_new0 (gint64, q->n_classes);
  ps->cut_pairs = g_new0 (guint64, q->n_classes);
  ps->link_delta_sum = g_new0 (gint64, MAX (n_links, 1));
  ps->link_cut_pairs = g_new0 (guint64, MAX (n_links, 1));
  ps->single = g_new0 (guint8, MAX (n_links, 1));
  if (graph != NULL)
    ps->edge_link = dup_edge_links (q, graph, ps->single);
}

static void
pair_sums_clear (PairSums *ps)
{
  g_free (ps->row);
  g_free (ps->delta_sum);
  g_free (ps->cut_pairs);
  g_free (ps->link_delta_sum);
  g_free (ps->link_cut_pairs);
  g_free (ps->single);
  g_free (ps->edge_link);
  memset (ps, 0, sizeof *ps);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PairSums, pair_sums_clear)

/* Failures of every routing node (@only TF_UNREACHED), or of the routing class @only alone; and
 * with @graph (on a twin-free quotient), of every link of @graph too. */
static gboolean
per_source_metrics (const TfQuotient     *q,
                    gboolean              routing_chips,
                    guint32               only,
                    const TfNetworkGraph *graph,
                    double                penalty,
                    TfPathMetrics        *out,
                    GError              **error)
{
  guint n = q->n_classes;
  guint lo = routing_chips ? 0 : q->n_chip_classes, hi = routing_chips ? q->n_chip_classes : n;
  guint n_links = graph != NULL ? graph->n_links : 0;
  g_autofree guint8 *removable = g_new0 (guint8, n);
  g_autofree guint64 *sole = NULL;
  g_auto(PairSums) ps = { 0 };
  double apl_sum = 0, disc_sum = 0;

  if (only != TF_UNREACHED)
    lo = only, hi = only + 1;
  for (guint c = lo; c < hi; c++)
    removable[c] = q->class_size[c] == 1;
  pair_sums_init (&ps, q, graph);
  if (!sums_by_source (q, removable, q->n_chip_classes, &ps, error))
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

      if (ps.single[i])
        {
          g_assert ((gint64) ps.sum + ps.link_delta_sum[i] >= 0);
          failure_ratios (q->n_chip, (guint64) ((gint64) ps.sum + ps.link_delta_sum[i]),
                          ps.link_cut_pairs[i], penalty, &apl, &disc);
        }
      else
        failure_ratios (q->n_chip, ps.sum, 0, penalty, &apl, &disc);
      apl_sum += apl;
      disc_sum += disc;
    }
  if (only != TF_UNREACHED)
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

/* A chip-transitive direct network: every chip is chip 0 up to an automorphism, so apl and the
 * diameter come from chip 0's row, and every chip's failure is chip 0's. */
static gboolean
transitive_metrics (const TfQuotient *q,
                    double            penalty,
                    TfPathMetrics    *out,
                    GError          **error)
{
  guint n = q->n_classes;
  guint32 c0 = q->class_of[0];
  guint64 w0 = q->class_size[c0], row = 0, reached = 0, sum, cut;
  g_autofree guint32 *dist = g_new (guint32, n);
  g_autofree guint32 *order = g_new (guint32, n);
  guint n_reached = tf_quotient_bfs (q, c0, dist, order);
  guint ecc = w0 >= 2 ? q->class_twin[c0] : 0;
  guint64 n_left = q->n_chip - 1;

  for (guint i = 1; i < n_reached; i++)
    {
      guint64 wt = tf_quotient_weight (q, order[i]);

      if (wt > 0)
        {
          row += wt * dist[order[i]];
          reached += wt;
          ecc = MAX (ecc, dist[order[i]]);
        }
    }
  if (reached + w0 != q->n_chip)
    return tf_quotient_connectivity_error (q, c0, dist, error);
  row += (w0 - 1) * q->class_twin[c0];
  out->diameter = ecc;
  out->apl = (double) row / (q->n_chip - 1);

  if (w0 >= 2)
    {
      /* Chip 0 has twins: only its own pairs go. */
      sum = q->n_chip * row - 2 * row;
      cut = 0;
    }
  else if (ecc <= TF_BIT_PARALLEL_MAX_LEVELS)
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
      TfPathMetrics one = { .failure_cases = 1 };

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
transitive_link_metrics (const TfQuotient     *q,
                         const TfNetworkGraph *graph,
                         double                penalty,
                         TfPathMetrics        *out,
                         GError              **error)
{
  guint n_links = graph->n_links;
  g_autofree guint8 *removable = g_new0 (guint8, q->n_classes);
  g_auto(PairSums) ps = { 0 };
  double n_chip = q->n_chip, pairs = n_chip * (n_chip - 1), delta = 0, cut = 0, links_apl;

  pair_sums_init (&ps, q, graph);
  if (!sums_by_source (q, removable, 1, &ps, error))
    return FALSE;
  for (guint i = 0; i < n_links; i++)
    {
      delta += (double) ps.link_delta_sum[i];
      cut += (double) ps.link_cut_pairs[i];
    }
  /* Sum over the links of APL_e: every pair's whole sum, plus every source's changes. */
  links_apl = (n_links * n_chip * (double) ps.row[0] + n_chip * delta + penalty * n_chip * cut)
              / pairs;
  out->apl_fail = (n_chip * out->apl_fail + links_apl) / (n_chip + n_links);
  out->disconnected_fraction = (n_chip * out->disconnected_fraction + n_chip * cut / pairs)
                               / (n_chip + n_links);
  return TRUE;
}

gboolean
tf_path_metrics (const TfNetworkGraph *graph,
                 gboolean              chip_transitive,
                 TfFailures            failures,
                 double                penalty,
                 TfPathMetrics        *out,
                 GError              **error)
{
  gboolean routing_chips = graph->n_switch == 0;
  gboolean links = failures == TF_FAILURES_SWITCHES_AND_LINKS;
  TfQuotient q;
  gboolean ok;

  memset (out, 0, sizeof *out);
  out->failure_cases = (routing_chips ? graph->n_chip : graph->n_switch)
                       + (links ? graph->n_links : 0);
  if (graph->n_chip < 2)
    return TRUE;   /* no pairs */
  if (penalty <= 0)
    penalty = graph->n_chip;

  tf_quotient_init (&q, graph, !links || (chip_transitive && routing_chips));
  if (chip_transitive && routing_chips)
    {
      ok = transitive_metrics (&q, penalty, out, error);
      if (ok && links)
        {
          /* The links need the graph without its twins. */
          tf_quotient_clear (&q);
          tf_quotient_init (&q, graph, FALSE);
          ok = transitive_link_metrics (&q, graph, penalty, out, error);
        }
    }
  else if (links)
    ok = per_source_metrics (&q, routing_chips, TF_UNREACHED, graph, penalty, out, error);
  else
    ok = per_source_metrics (&q, routing_chips, TF_UNREACHED, NULL, penalty, out, error);
  tf_quotient_clear (&q);
  return ok;
}

