/* SPDX-License-Identifier: GPL-3.0-or-later */
/* twin-quotient.c: the quotient of a graph by its twin classes, on which Layer 1 searches.
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
 */
#include "quotient-private.h"
#include "graph-private.h"

#include <stdlib.h>
#include <string.h>

int
tf_keyed_compare (const void *pa,
                  const void *pb)
{
  const TfKeyed *a = pa, *b = pb;

  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  return a->node < b->node ? -1 : a->node > b->node;
}

void
tf_keyed_sort (TfKeyed *items,
               guint    n)
{
  g_autofree TfKeyed *spare = NULL;
  TfKeyed *from = items, *to;
  guint count[256];

  if (n < 64)
    {
      qsort (items, n, sizeof (TfKeyed), tf_keyed_compare);
      return;
    }
  /* Least significant byte first, each pass stable: the node's 4 bytes, then the key's 8. A
   * byte every item shares is skipped. */
  spare = g_new (TfKeyed, n);
  to = spare;
  for (guint pass = 0; pass < 12; pass++)
    {
      guint shift = pass < 4 ? 8 * pass : 8 * (pass - 4), sum = 0;
      gboolean node = pass < 4;
      TfKeyed *t;

#define BYTE(x) ((guint) ((node ? (guint64) (x).node : (x).key) >> shift) & 0xff)
      memset (count, 0, sizeof count);
      for (guint i = 0; i < n; i++)
        count[BYTE (from[i])]++;
      if (count[BYTE (from[0])] == n)
        continue;
      for (guint b = 0; b < 256; b++)
        {
          guint c = count[b];

          count[b] = sum;
          sum += c;
        }
      for (guint i = 0; i < n; i++)
        to[count[BYTE (from[i])]++] = from[i];
#undef BYTE
      t = from;
      from = to;
      to = t;
    }
  if (from != items)
    memcpy (items, from, sizeof (TfKeyed) * n);
}

static inline guint
node_degree (const TfQuotient *q,
             guint32           v)
{
  return q->offset[v + 1] - q->offset[v];
}

/* Groups the ungrouped nodes of [lo, hi) by open (false twins) or closed (true twins)
 * neighbourhood: rep_of[v] becomes the smallest node of v's group. */
static void
group_twins (TfQuotient    *q,
             guint          lo,
             guint          hi,
             gboolean       closed,
             const guint64 *hash,
             guint32       *rep_of,
             guint8        *twin,
             guint32       *mark,
             guint32       *token)
{
  g_autofree TfKeyed *items = g_new (TfKeyed, MAX (hi - lo, 1));
  g_autofree guint32 *head = NULL;
  g_autofree guint32 *next = NULL;
  g_autofree guint32 *run = NULL;
  g_autofree guint8 *taken = NULL;
  guint n = 0, size = 1;

  for (guint v = lo; v < hi; v++)
    if (twin[v] == 0 && node_degree (q, v) > 0)
      {
        guint64 h = hash[v] + (closed ? tf_mix64 (v) : 0);  /* tf_mix64 (v): the node's own term */

        items[n].key = tf_mix64 (h ^ tf_mix64 (node_degree (q, v)));
        items[n++].node = v;
      }
  /* Items of equal keys, by a hash table of chains in node order (the keys are hashes
   * already): each run is checked on its own, so the runs' order does not matter. */
  while (size < 2 * n)
    size <<= 1;
  head = g_new (guint32, size);
  next = g_new (guint32, MAX (n, 1));
  run = g_new (guint32, MAX (n, 1));
  taken = g_new0 (guint8, MAX (n, 1));
  for (guint s = 0; s < size; s++)
    head[s] = TF_UNREACHED;
  for (guint i = n; i > 0; i--)
    {
      guint s = (guint) (items[i - 1].key & (size - 1));

      next[i - 1] = head[s];
      head[s] = i - 1;
    }

  for (guint i = 0; i < n; i++)
    {
      guint j = 0;

      if (taken[i])
        continue;
      for (guint32 x = head[items[i].key & (size - 1)]; x != TF_UNREACHED; x = next[x])
        if (items[x].key == items[i].key)
          {
            taken[x] = 1;
            run[j++] = x;
          }
      if (j < 2)
        continue;
      /* A run of equal keys: usually one class, but check exactly (hashes may collide). */
      for (guint k = 0; k < j; k++)
        {
          guint32 v = items[run[k]].node;

          if (twin[v] != 0)
            continue;
          (*token)++;
          for (guint e = q->offset[v]; e < q->offset[v + 1]; e++)
            mark[q->target[e]] = *token;
          if (closed)
            mark[v] = *token;
          for (guint l = k + 1; l < j; l++)
            {
              guint32 u = items[run[l]].node;
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

void
tf_quotient_init (TfQuotient           *q,
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
  guint32 token = 0, fill = 0, h_fill = 0;

  memset (q, 0, sizeof *q);
  q->n_chip = graph->n_chip;
  q->n_nodes = n;

  /* Distinct neighbours, self-links dropped. */
  tf_adjacency_init_targets (&adj, n, graph->n_links, graph->links, sizeof (TfLink));
  for (guint v = 0; v < n; v++)
    node_hash[v] = tf_mix64 (v);
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
                             ? q->target[q->offset[v]] : TF_UNREACHED;
        }
      q->class_size[c]++;
    }

  /* The quotient's links, from each representative's neighbours (at most theirs). */
  q->h_offset = g_new (guint32, (gsize) q->n_classes + 1);
  for (guint c = 0; c < q->n_classes; c++)
    h_fill += q->offset[q->class_rep[c] + 1] - q->offset[q->class_rep[c]];
  q->h_target = g_new (guint32, (gsize) h_fill + 1);
  h_fill = 0;
  memset (mark, 0, sizeof (guint32) * MAX (q->n_classes, 1));
  for (guint c = 0; c < q->n_classes; c++)
    {
      guint32 v = q->class_rep[c];

      q->h_offset[c] = h_fill;
      mark[c] = c + 1;
      for (guint e = q->offset[v]; e < q->offset[v + 1]; e++)
        {
          guint32 d = q->class_of[q->target[e]];

          if (mark[d] != c + 1)
            {
              mark[d] = c + 1;
              q->h_target[h_fill++] = d;
            }
        }
    }
  q->h_offset[q->n_classes] = h_fill;
}

void
tf_quotient_clear (TfQuotient *q)
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

gboolean
tf_quotient_connectivity_error (const TfQuotient *q,
                                guint32           from_class,
                                const guint32    *dist,
                                GError          **error)
{
  for (guint c = 0; c < q->n_chip_classes; c++)
    if (dist[c] == TF_UNREACHED)
      {
        g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                     "connectivity: chip%u cannot reach chip%u", q->class_rep[from_class],
                     q->class_rep[c]);
        return FALSE;
      }
  g_assert_not_reached ();
  return FALSE;
}

guint
tf_quotient_bfs (const TfQuotient *q,
                 guint32           s,
                 guint32          *dist,
                 guint32          *order)
{
  return tf_csr_bfs (q->n_classes, q->h_offset, q->h_target, s, dist, order, NULL, NULL);
}

