/* SPDX-License-Identifier: GPL-3.0-or-later */
/* maxflow.c: Dinic's max flow for the small networks of bisection (switches placed by a min cut)
 * and vertex-disjoint paths. Networks are built once and reused: capacities change, arcs don't.
 */
#include "maxflow-private.h"

typedef struct
{
  guint  to;
  double cap;
  double initial;
} Arc;

struct _TfFlow
{
  guint   n;
  Arc    *arcs;      /* arc i ^ 1 is its reverse */
  guint  *tails;     /* the node each arc leaves */
  guint   n_arcs;
  guint   room;      /* arcs allocated */
  guint  *first;     /* n + 1: arcs leaving node v are out[first[v] .. first[v + 1]) */
  guint  *out;
  gboolean indexed;
  guint  *level;
  guint  *iter;
  guint  *queue;
};

#define EPS 1e-9

TfFlow *
tf_flow_new (guint n_nodes)
{
  TfFlow *flow = g_new0 (TfFlow, 1);

  flow->n = n_nodes;
  flow->first = g_new0 (guint, n_nodes + 1);
  flow->level = g_new (guint, n_nodes);
  flow->iter = g_new (guint, n_nodes);
  flow->queue = g_new (guint, n_nodes);
  return flow;
}

void
tf_flow_free (TfFlow *flow)
{
  if (flow == NULL)
    return;
  g_free (flow->arcs);
  g_free (flow->tails);
  g_free (flow->first);
  g_free (flow->out);
  g_free (flow->level);
  g_free (flow->iter);
  g_free (flow->queue);
  g_free (flow);
}

void
tf_flow_reserve (TfFlow *flow,
                 guint   n_arcs)
{
  /* Each arc is stored with its reverse. */
  if (2 * n_arcs <= flow->room)
    return;
  flow->room = 2 * n_arcs;
  flow->arcs = g_renew (Arc, flow->arcs, flow->room);
  flow->tails = g_renew (guint, flow->tails, flow->room);
}

guint
tf_flow_add_arc (TfFlow *flow,
                 guint   u,
                 guint   v,
                 double  cap,
                 double  reverse_cap)
{
  guint index = flow->n_arcs;

  g_assert (u < flow->n && v < flow->n);
  if (index + 2 > flow->room)
    tf_flow_reserve (flow, MAX (8, flow->room));   /* doubles the room */
  flow->arcs[index] = (Arc) { v, cap, cap };
  flow->tails[index] = u;
  flow->arcs[index + 1] = (Arc) { u, reverse_cap, reverse_cap };
  flow->tails[index + 1] = v;
  flow->n_arcs += 2;
  flow->indexed = FALSE;
  return index;
}

void
tf_flow_set_capacity (TfFlow *flow,
                      guint   arc,
                      double  cap,
                      double  reverse_cap)
{
  Arc *arcs = flow->arcs;

  arcs[arc].cap = arcs[arc].initial = cap;
  arcs[arc ^ 1].cap = arcs[arc ^ 1].initial = reverse_cap;
}

void
tf_flow_reset (TfFlow *flow)
{
  Arc *arcs = flow->arcs;

  for (guint i = 0; i < flow->n_arcs; i++)
    arcs[i].cap = arcs[i].initial;
}

/* Groups arcs by the node they leave, for locality. */
static void
index_arcs (TfFlow *flow)
{
  const guint *tails = flow->tails;
  guint m = flow->n_arcs;
  g_autofree guint *fill = NULL;

  memset (flow->first, 0, sizeof (guint) * (flow->n + 1));
  for (guint i = 0; i < m; i++)
    flow->first[tails[i] + 1]++;
  for (guint v = 0; v < flow->n; v++)
    flow->first[v + 1] += flow->first[v];
  g_free (flow->out);
  flow->out = g_new (guint, MAX (m, 1));
  fill = g_memdup2 (flow->first, sizeof (guint) * flow->n);
  for (guint i = 0; i < m; i++)
    flow->out[fill[tails[i]]++] = i;
  flow->indexed = TRUE;
}

static gboolean
bfs (TfFlow *flow,
     guint   s,
     guint   t)
{
  const Arc *arcs = flow->arcs;
  guint qh = 0, qt = 0;

  for (guint i = 0; i < flow->n; i++)
    flow->level[i] = G_MAXUINT;
  flow->level[s] = 0;
  flow->queue[qt++] = s;
  while (qh < qt)
    {
      guint u = flow->queue[qh++];

      /* Past the sink's level no node is on a shortest augmenting path. */
      if (t != s && flow->level[t] != G_MAXUINT && flow->level[u] >= flow->level[t])
        break;
      for (guint k = flow->first[u]; k < flow->first[u + 1]; k++)
        {
          const Arc *a = &arcs[flow->out[k]];

          if (a->cap > EPS && flow->level[a->to] == G_MAXUINT)
            {
              flow->level[a->to] = flow->level[u] + 1;
              flow->queue[qt++] = a->to;
            }
        }
    }
  return flow->level[t] != G_MAXUINT;
}

static double
dfs (TfFlow *flow,
     guint   u,
     guint   t,
     double  pushed)
{
  Arc *arcs = flow->arcs;

  if (u == t)
    return pushed;
  for (; flow->iter[u] < flow->first[u + 1]; flow->iter[u]++)
    {
      guint e = flow->out[flow->iter[u]];
      guint v = arcs[e].to;

      if (arcs[e].cap > EPS && flow->level[v] == flow->level[u] + 1
          && (v == t || flow->level[v] < flow->level[t]))
        {
          double got = dfs (flow, v, t, MIN (pushed, arcs[e].cap));

          if (got > EPS)
            {
              arcs[e].cap -= got;
              arcs[e ^ 1].cap += got;
              return got;
            }
        }
    }
  return 0;
}

double
tf_flow_max (TfFlow *flow,
             guint   source,
             guint   sink,
             double  enough)
{
  double total = 0;

  if (source == sink)
    return 0;
  if (!flow->indexed)
    index_arcs (flow);
  while (total < enough && bfs (flow, source, sink))
    {
      double got;

      memcpy (flow->iter, flow->first, sizeof (guint) * flow->n);
      while (total < enough && (got = dfs (flow, source, sink, G_MAXDOUBLE)) > EPS)
        total += got;
    }
  return total;
}

void
tf_flow_source_side (TfFlow *flow,
                     guint   source,
                     guint8 *side)
{
  /* Breadth-first search from the source through arcs with capacity left. */
  if (!flow->indexed)
    index_arcs (flow);
  bfs (flow, source, source);
  for (guint v = 0; v < flow->n; v++)
    side[v] = flow->level[v] != G_MAXUINT;
}

void
tf_flow_get_ends (TfFlow *flow,
                  guint   arc,
                  guint  *from,
                  guint  *to)
{
  *from = flow->tails[arc];
  *to = flow->arcs[arc].to;
}
