/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pair-sums.c: hop sums over chip pairs and the per-source failure analysis: from each chip
 * class of the twin quotient (twin-quotient.c), or each source of the orbits of interchangeable
 * chips (chip-orbits.c, weighted by the classes it stands for), the hop sums of the whole graph
 * and the change every single failure makes to them, exactly. The optimizer's Layer 1
 * (evaluator-failures.c) turns them into apl_fail; the metrics of an edited graph take its
 * path sums from one search per orbit (tf_chip_path_sums).
 *
 * - Per source. One breadth-first search per chip class on the quotient gives apl,
 *   the diameter and each class's row sum. In G - r, the distance from s to v grows exactly
 *   when every shortest s-v path runs through r, that is when r dominates v in the
 *   shortest-path DAG from s. So the same search builds the dominator tree of that DAG (a
 *   node's immediate dominator is where its DAG parents meet in the tree, folded in as each
 *   parent shows up), then for each routing node r dominating chips, a breadth-first search
 *   over r's subtree alone, seeded across the subtree's border by the unchanged distances
 *   outside it. Pendant chip classes (a single neighbour) ride on their neighbour instead of
 *   being searched. The work follows how much failures change, not the number of failures
 *   times the graph. Two kinds of region are cheaper still: one whose nodes link to none of
 *   each other (chips hanging off the failed switch, with links of their own to chips
 *   elsewhere) takes each node's distance from its neighbours outside, with no search; one
 *   over half of what the source reaches (the source's own switch, when its chips have links
 *   of their own) waits for a bit-parallel search of the graph without the failed node from
 *   the source, 64 such failures at once, whose whole row changes by what the region does.
 * - Link failures. A single cable u-v changes the distance from s to t exactly when it is on
 *   every shortest s-t path: subdivided, its middle node dominates t, that is v's only DAG
 *   parent is u and v dominates t (or is t). The same dominator trees serve, each such cable
 *   re-searching v's subtree, v included, without the cable; a chip dominating nothing needs no
 *   search (one hop more with a neighbour at its own level, else two). Twins do not survive a
 *   link failure, so this runs on a quotient without twins. A chip-transitive direct network
 *   needs chip 0 as the only source: an automorphism taking chip 0 to s maps the links onto the
 *   links, so the changes from s summed over the links are chip 0's, and the mean is linear in
 *   those sums.
 */
#include "quotient-private.h"
#include "bfs-bit-parallel-private.h"

#include <stdlib.h>
#include <string.h>

/* A node and the distance a search would give it. */
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
  guint64          *w;          /* chips each class stands for as a target: its size, or with
                                 * source weights the source's own (TfPairSums) */
  guint64          *pendant_w;  /* chips of pendant classes hanging off each node, so weighed */
  guint8           *pendant;    /* per class: is_pendant () */
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

static void
pendant_weights (const TfQuotient *q,
                 const guint64    *w,
                 guint64          *pendant_w)
{
  memset (pendant_w, 0, sizeof (guint64) * q->n_classes);
  for (guint32 c = 0; c < q->n_chip_classes; c++)
    if (is_pendant (q, c))
      pendant_w[q->h_target[q->h_offset[c]]] += w[c];
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

/* The region of a failure: the chips of the tree positions [first, first + span) (a subtree,
 * or a subtree without its root r). Their hops and reached weight after the failure come from
 * a search of that region alone, seeded across its border (region_seeds (), then
 * region_search ()). Nodes outside keep a shortest path that avoids the failure (it does not
 * dominate them), hence their distance. The failure is the node @r (at position first - 1,
 * not in the region), or, with @r TF_UNREACHED, the arc @from -> @to (@to the region's root).
 * Which tree is used only changes the work: any shortest-path tree would be exact; the
 * dominator tree has the smallest subtrees. */

/* The region's seeds, in d->seeds: nodes inside linked to a node outside (not r, not across
 * the failed arc), labelled with the distance through it. Returns how many; *@isolated tells
 * when every node of the region was looked at and none links to another but pendants (chips
 * hanging off a switch, each with links of its own): then each seed's label is its distance. */
static guint
region_seeds (Dominators *d,
              guint       n_reached,
              guint32     first,
              guint32     span,
              guint32     r,
              guint32     from,
              guint32     to,
              gboolean   *isolated)
{
  const TfQuotient *q = d->q;
  guint32 skip_lo = r != TF_UNREACHED ? first - 1 : first;
  guint32 skip_len = r != TF_UNREACHED ? span + 1 : span;
  guint32 saved = r != TF_UNREACHED ? d->dist[r] : 0;
  guint n_seeds = 0, n_outside = n_reached - skip_len;
  guint inner = 0;

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

        if (d->pendant[v])
          continue;
        for (guint e = q->h_offset[v]; e < q->h_offset[v + 1]; e++)
          {
            guint32 u = q->h_target[e];
            gboolean in = below (d, first, span, u);
            guint32 du = in || (u == from && v == to) ? TF_UNREACHED : d->dist[u];

            best = MIN (best, du);   /* branch-free: inside or outside is a coin toss */
            if (in)
              inner |= !d->pendant[u];
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
  *isolated = n_outside >= span && !inner;
  return n_seeds;
}

/* Hops and reached weight of the region's chips after the failure, from its @n_seeds seeds
 * (@isolated: as region_seeds () says). */
static void
region_search (Dominators *d,
               guint       n_seeds,
               gboolean    isolated,
               guint32     first,
               guint32     span,
               guint64    *sum,
               guint64    *reached)
{
  const TfQuotient *q = d->q;
  guint32 low = TF_UNREACHED, high = 0;
  guint si = 0, head = 0, tail = 0;

  *sum = 0;
  *reached = 0;
  if (n_seeds == 0)
    return;
  if (isolated)
    {
      /* No path inside the region: each seed is settled by its own label, once. */
      for (guint i = 0; i < n_seeds; i++)
        {
          const Seed *x = &d->seeds[i];

          *sum += d->w[x->node] * x->label + d->pendant_w[x->node] * (x->label + 1);
          *reached += d->w[x->node] + d->pendant_w[x->node];
        }
      return;
    }

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
      *sum += d->w[x.node] * x.label + d->pendant_w[x.node] * (x.label + 1);
      *reached += d->w[x.node] + d->pendant_w[x.node];
      for (guint e = q->h_offset[x.node]; e < q->h_offset[x.node + 1]; e++)
        {
          guint32 y = q->h_target[e];

          if (below (d, first, span, y) && !d->pendant[y]
              && (d->seen[y] != d->token || d->label[y] > x.label + 1))
            {
              d->seen[y] = d->token;
              d->label[y] = x.label + 1;
              d->fifo[tail++] = (Seed) { x.label + 1, y };
            }
        }
    }
}

/* Failures whose region is most of what the source reaches (a source's only switch when its
 * chips have links of their own: a board's): the region search would search about the whole
 * graph again. They wait, a batch at a time, for one bit-parallel search (bfs-bit-parallel.c)
 * from each one's source in the graph without its failed node, a bit each; outside the region
 * nothing changes, so the change is the whole row's. */
typedef struct
{
  const TfQuotient *q;
  guint     cap;         /* failures a batch holds */
  guint     n;
  guint32  *source;      /* per failure: its source class and failed class */
  guint32  *failed;
  guint64  *wo;          /* what it counts for (failures_from ()) */
  guint64  *old_sum;     /* the source's weighted hops to every class but its own and the
                          * failed one, before the failure */
  guint64  *old_w;       /* those classes' weight */
  guint64  *weights;     /* [t * cap + i]: chip class t's weight as failure i's source's target
                          * (source weights); NULL: the class sizes */
  guint64  *new_sum;     /* after it */
  guint64  *new_w;
  TfBitBfs  bfs;
} Batch;

static void
batch_init (Batch            *b,
            const TfQuotient *q,
            gboolean          weighted)
{
  memset (b, 0, sizeof *b);
  b->q = q;
  /* Source weights are held per failure: a batch of them stays within about a megabyte. */
  b->cap = weighted ? CLAMP ((1u << 17) / MAX (q->n_chip_classes, 1), 1, 64) : 64;
  b->source = g_new (guint32, b->cap);
  b->failed = g_new (guint32, b->cap);
  b->wo = g_new (guint64, b->cap);
  b->old_sum = g_new (guint64, b->cap);
  b->old_w = g_new (guint64, b->cap);
  b->new_sum = g_new (guint64, b->cap);
  b->new_w = g_new (guint64, b->cap);
  if (weighted)
    b->weights = g_new (guint64, (gsize) MAX (q->n_chip_classes, 1) * b->cap);
  tf_bit_bfs_init (&b->bfs, q->n_classes, q->h_offset, q->h_target, NULL, b->cap);
  tf_bit_bfs_set_blocked (&b->bfs, b->failed);
}

static void
batch_clear (Batch *b)
{
  g_free (b->source);
  g_free (b->failed);
  g_free (b->wo);
  g_free (b->old_sum);
  g_free (b->old_w);
  g_free (b->new_sum);
  g_free (b->new_w);
  g_free (b->weights);
  tf_bit_bfs_clear (&b->bfs);
  memset (b, 0, sizeof *b);
}

static void
batch_visit (guint          level,
             guint32        node,
             const guint64 *fresh,
             guint          words,
             gpointer       data)
{
  Batch *b = data;

  if (node >= b->q->n_chip_classes)
    return;   /* a switch: no chips */
  for (guint w = 0; w < words; w++)
    for (guint64 bits = fresh[w]; bits != 0; bits &= bits - 1)
      {
        guint32 i = w * 64 + (guint32) __builtin_ctzll (bits);
        guint64 wt = b->weights != NULL ? b->weights[(gsize) node * b->cap + i]
                                        : b->q->class_size[node];

        b->new_sum[i] += wt * level;
        b->new_w[i] += wt;
      }
}

/* Searches the batch's failures and adds their changes to @ps. */
static void
batch_flush (Batch      *b,
             TfPairSums *ps)
{
  if (b->n == 0)
    return;
  memset (b->new_sum, 0, sizeof (guint64) * b->n);
  memset (b->new_w, 0, sizeof (guint64) * b->n);
  tf_bit_bfs_run (&b->bfs, b->source, b->n, batch_visit, b);
  for (guint i = 0; i < b->n; i++)
    {
      guint32 r = b->failed[i];

      g_assert (b->new_w[i] <= b->old_w[i]);
      ps->delta_sum[r] += (gint64) (b->wo[i] * b->new_sum[i])
                          - (gint64) (b->wo[i] * b->old_sum[i]);
      ps->cut_pairs[r] += b->wo[i] * (b->old_w[i] - b->new_w[i]);
    }
  b->n = 0;
}

/* Adds the failure of @r, seen from source @s (whose dominator analysis @d holds), to the
 * batch, searching it when full. */
static void
batch_add (Batch            *b,
           const Dominators *d,
           guint32           s,
           guint32           r,
           guint64           wo,
           TfPairSums       *ps)
{
  guint i = b->n;

  b->source[i] = s;
  b->failed[i] = r;
  b->wo[i] = wo;
  b->old_sum[i] = d->sub_wd[s] - d->w[r] * d->dist[r];
  b->old_w[i] = d->sub_w[s] - d->w[s] - d->w[r];
  if (b->weights != NULL)
    for (guint32 t = 0; t < b->q->n_chip_classes; t++)
      b->weights[(gsize) t * b->cap + i] = d->w[t];
  if (++b->n == b->cap)
    batch_flush (b, ps);
}

/* Breadth-first search from class @s that also builds the dominator tree of the shortest-path
 * DAG: a node's immediate dominator is where its DAG parents meet in the tree. Parents come
 * earlier in BFS order, and a node's parents are all seen before the node itself is expanded,
 * so the meeting point is folded in as each parent shows up. Returns the classes reached. */
G_ALWAYS_INLINE static inline guint
dominator_bfs_links (Dominators *d,
                     guint32     s,
                     gboolean    links)
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
      guint32 u = d->order[head++], du = d->dist[u];

      for (guint e = q->h_offset[u]; e < q->h_offset[u + 1]; e++)
        {
          guint32 v = q->h_target[e], dv = d->dist[v];

          /* A neighbour is one level up, on u's level, one down, or new: one test skips the
           * first two. */
          if (dv <= du)
            {
              if (links && dv == du)
                d->level_mate[u] = d->level_mate[v] = 1;
            }
          else if (dv == TF_UNREACHED)
            {
              d->dist[v] = du + 1;
              d->pos[v] = tail;
              d->idom[v] = u;
              if (links)
                {
                  d->parent_arc[v] = e;
                  d->level_mate[v] = 0;
                }
              d->order[tail++] = v;
            }
          else
            {
              /* The source dominates everything: meeting it ends the walk. */
              if (d->idom[v] != s)
                d->idom[v] = intersect (d, d->idom[v], u);
              if (links)
                d->parent_arc[v] = TF_UNREACHED;
            }
        }
    }
  return tail;
}

/* Parent arcs and level mates serve link failures alone: a search for each case, so the one
 * for switch failures tests nothing for them. */
static guint
dominator_bfs (Dominators *d,
               guint32     s)
{
  return d->edge_link != NULL ? dominator_bfs_links (d, s, TRUE)
                              : dominator_bfs_links (d, s, FALSE);
}

/* After dominator_bfs() from source class @s, the change each removable node's failure makes
 * to the hops from the source's chips, times @wo (the source's chips, times the sources alike),
 * added to @ps; with @batch (may be NULL), the failures whose region is over half of what the
 * source reaches wait there. */
static void
failures_from (Dominators *d,
               guint32     s,
               guint       n_reached,
               guint64     wo,
               Batch      *batch,
               TfPairSums *ps)
{
  /* Subtree sizes and weights from the leaves up; preorder intervals from the root down. */
  for (guint i = 0; i < n_reached; i++)
    {
      guint32 v = d->order[i];

      d->size[v] = 1;
      d->sub_w[v] = d->w[v];
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
      guint64 own = d->w[r], inside_w = d->sub_w[r] - own;
      guint64 inside_wd, sum, reached;

      if (!d->removable[r] || inside_w == 0)
        continue;
      inside_wd = d->sub_wd[r] - own * d->dist[r];
      /* Only r's own pendants below it (the source may be one, but is not below): all cut. */
      if (inside_w == d->pendant_w[r] - (d->pendant[s] && d->idom[r] == s ? d->w[s] : 0))
        sum = reached = 0;
      else
        {
          guint32 first = d->pre[r] + 1, span = d->size[r] - 1;
          gboolean isolated;
          guint n_seeds = region_seeds (d, n_reached, first, span, r, TF_UNREACHED,
                                        TF_UNREACHED, &isolated);

          if (n_seeds > 0 && batch != NULL && 2 * span > n_reached)
            {
              batch_add (batch, d, s, r, wo, ps);
              continue;
            }
          region_search (d, n_seeds, isolated, first, span, &sum, &reached);
        }
      ps->delta_sum[r] += (gint64) (wo * sum) - (gint64) (wo * inside_wd);
      ps->cut_pairs[r] += wo * (inside_w - reached);
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
      if (d->size[v] == 1 && !d->pendant[v] && d->pendant_w[v] == 0)
        {
          /* A chip dominating nothing: its other neighbours keep their distance, one level
           * further at most (a second one nearer would be a second parent). */
          sum = d->sub_w[v] * (d->dist[v] + (d->level_mate[v] ? 1 : 2));
          reached = d->sub_w[v];
        }
      else if (!d->pendant[v])
        {
          gboolean isolated;
          guint n_seeds = region_seeds (d, n_reached, d->pre[v], d->size[v], TF_UNREACHED,
                                        d->idom[v], v, &isolated);

          region_search (d, n_seeds, isolated, d->pre[v], d->size[v], &sum, &reached);
        }
      ps->link_delta_sum[link] += (gint64) (wo * sum) - (gint64) (wo * d->sub_wd[v]);
      ps->link_cut_pairs[link] += wo * (d->sub_w[v] - reached);
    }
}

/* A source's hop-table row in @ps, or NULL. */
guint16 *
tf_pair_sums_source_row (const TfQuotient *q,
                         TfPairSums       *ps,
                         guint32           s)
{
  if (ps->rows == NULL)
    return NULL;
  return ps->rows + (gsize) (ps->rows_index != NULL ? ps->rows_index[s] : s) * ps->rows_stride;
}

/* What a search from source class @s adds to @ps, from its hop sum @row to the other classes'
 * chips (each weighed by @w), its eccentricity and the chips it reached; FALSE (@error set from
 * @dist, which may then be NULL for a search of its own) when it did not reach every chip. */
gboolean
tf_pair_sums_source_done (const TfQuotient *q,
                          TfPairSums       *ps,
                          guint32           s,
                          gboolean          weighted,
                          guint64           within,
                          guint64           times,
                          guint64           row,
                          guint             ecc,
                          guint64           reached,
                          const guint32    *dist,
                          GError          **error)
{
  guint64 ws = tf_quotient_weight (q, s), pairs;

  if (reached + ws != q->n_chip)
    {
      g_autofree guint32 *own = NULL;

      if (dist == NULL)
        {
          g_autofree guint32 *order = g_new (guint32, q->n_classes);

          dist = own = g_new (guint32, q->n_classes);
          tf_quotient_bfs (q, s, own, order);
        }
      return tf_quotient_connectivity_error (q, s, dist, error);
    }
  /* The pairs from the source's chips: with source weights, the weights hold them. */
  pairs = (weighted ? row : ws * row) + within * q->class_twin[s];
  if (within > 0)
    ecc = MAX (ecc, q->class_twin[s]);
  ps->row[s] = row + (ws - 1) * q->class_twin[s];
  ps->sum += times * pairs;
  ps->diameter = MAX (ps->diameter, ecc);
  return TRUE;
}

gboolean
tf_pair_sums_by_source (const TfQuotient *q,
                        const guint8     *removable,
                        guint             n_sources,
                        TfPairSums       *ps,
                        GError          **error)
{
  guint n = q->n_classes;
  gboolean any_removable = FALSE;
  Dominators d = { 0 };
  Batch batch;
  gboolean ok = TRUE;
  gboolean weighted = ps->source_weights != NULL;
  guint searched = 0;   /* sources searched so far */
  g_autofree guint32 *plain = g_new (guint32, MAX (n_sources, 1));
  guint n_plain = 0;

  for (guint c = 0; c < n; c++)
    any_removable |= removable[c] != 0;
  any_removable |= ps->edge_link != NULL;

  d.q = q;
  d.removable = removable;
  d.w = g_new (guint64, n);
  d.pendant_w = g_new (guint64, n);
  d.pendant = g_new (guint8, n);
  for (guint c = 0; c < n; c++)
    d.pendant[c] = is_pendant (q, c);
  for (guint c = 0; c < n; c++)
    d.w[c] = tf_quotient_weight (q, c);
  pendant_weights (q, d.w, d.pendant_w);
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

  g_return_val_if_fail (ps->orbits == NULL || ps->edge_link == NULL, FALSE);
  g_return_val_if_fail (ps->failure_stride <= 1 || ps->edge_link == NULL, FALSE);
  g_return_val_if_fail (!weighted || (ps->orbits == NULL && ps->edge_link == NULL
                                      && ps->rows == NULL), FALSE);
  batch_init (&batch, q, weighted);
  for (guint32 s = 0; s < n_sources; s++)
    {
      guint64 ws = tf_quotient_weight (q, s), row = 0, reached = 0, times = 1;
      guint64 within = ws * (ws - 1);
      guint ecc = 0;
      guint n_reached;
      gboolean fails;

      if (ps->orbits != NULL && (times = ps->orbits->orbit_size[s]) == 0)
        continue;
      if (weighted)
        {
          ps->source_weights (ps->source_weights_data, s, d.w, &within, &times);
          if (times == 0)
            continue;
          pendant_weights (q, d.w, d.pendant_w);
        }
      fails = any_removable && (ps->failure_stride <= 1 || searched % ps->failure_stride == 0);
      searched++;
      if (!fails && !weighted)
        {
          plain[n_plain++] = s;   /* searched 64 at a time below */
          continue;
        }
      n_reached = fails ? dominator_bfs (&d, s) : tf_quotient_bfs (q, s, d.dist, d.order);

      if (ps->rows != NULL)
        {
          guint16 *r = tf_pair_sums_source_row (q, ps, s);

          for (guint c = 0; c < n; c++)
            r[q->class_rep[c]] = d.dist[c] == TF_UNREACHED ? G_MAXUINT16
                                 : (guint16) MIN (d.dist[c], G_MAXUINT16 - 1u);
        }

      for (guint i = 1; i < n_reached; i++)
        {
          guint32 t = d.order[i];
          guint64 wt = d.w[t];

          reached += tf_quotient_weight (q, t);
          if (wt > 0)
            {
              row += wt * d.dist[t];
              ecc = MAX (ecc, d.dist[t]);
            }
        }
      if (!tf_pair_sums_source_done (q, ps, s, weighted, within, times, row, ecc, reached, d.dist, error))
        {
          ok = FALSE;
          break;
        }
      /* The batch searches as deep as the sources reach: shallow graphs only. */
      if (fails)
        failures_from (&d, s, n_reached, weighted ? times : ws * times,
                       d.dist[d.order[n_reached - 1]] <= TF_BIT_PARALLEL_MAX_LEVELS ? &batch
                                                                                 : NULL,
                       ps);
    }
  if (ok && n_plain > 0)
    ok = tf_pair_sums_plain_sources (q, d.w, ps, plain, n_plain, error);
  if (ok)
    batch_flush (&batch, ps);
  batch_clear (&batch);
  if (ok && ps->orbits != NULL)
    for (guint32 y = 0; y < n_sources; y++)
      ps->row[y] = ps->row[ps->orbits->orbit[y]];

  g_free (d.w);
  g_free (d.pendant_w);
  g_free (d.pendant);
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
  tf_keyed_sort (pairs, n_pairs);
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

void
tf_pair_sums_init (TfPairSums           *ps,
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

void
tf_pair_sums_clear (TfPairSums *ps)
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

gboolean
tf_chip_path_sums (const TfNetworkGraph *graph,
                   guint                 max_searches,
                   gboolean             *done,
                   guint                *diameter,
                   guint64              *sum,
                   GError              **error)
{
  TfQuotient q;
  TfChipOrbits orbits;
  guint n_searches = 0;
  gboolean ok = TRUE;

  *done = FALSE;
  tf_quotient_init (&q, graph, TRUE);
  tf_chip_orbits_init (&orbits, &q);
  for (guint32 c = 0; c < q.n_chip_classes; c++)
    n_searches += orbits.orbit_size[c] > 0;
  if (n_searches <= max_searches)
    {
      g_autofree guint8 *removable = g_new0 (guint8, q.n_classes);
      g_auto(TfPairSums) ps = { 0 };

      tf_pair_sums_init (&ps, &q, NULL);
      ps.orbits = &orbits;
      ok = tf_pair_sums_by_source (&q, removable, q.n_chip_classes, &ps, error);
      if (ok)
        {
          *diameter = ps.diameter;
          *sum = ps.sum;
          *done = TRUE;
        }
    }
  tf_chip_orbits_clear (&orbits);
  tf_quotient_clear (&q);
  return ok;
}
