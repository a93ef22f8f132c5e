/* SPDX-License-Identifier: GPL-3.0-or-later */
/* maxflow.c: Dinic's max flow for the small networks of exact metrics (bisection with switches
 * free to fall on either side, vertex-disjoint paths). */
#include "graph-private.h"

typedef struct
{
  guint  to;
  guint  next;
  double cap;
  double initial;
} Arc;

struct _TfFlow
{
  guint   n;
  GArray *arcs;   /* Arc; arc i ^ 1 is its reverse */
  guint  *head;   /* first arc of each node, G_MAXUINT for none */
  guint  *level;
  guint  *iter;
  guint  *queue;
};

#define NO_ARC G_MAXUINT
#define EPS 1e-9

TfFlow *
tf_flow_new (guint n_nodes)
{
  TfFlow *flow = g_new0 (TfFlow, 1);

  flow->n = n_nodes;
  flow->arcs = g_array_new (FALSE, FALSE, sizeof (Arc));
  flow->head = g_new (guint, n_nodes);
  flow->level = g_new (guint, n_nodes);
  flow->iter = g_new (guint, n_nodes);
  flow->queue = g_new (guint, n_nodes);
  for (guint i = 0; i < n_nodes; i++)
    flow->head[i] = NO_ARC;
  return flow;
}

void
tf_flow_free (TfFlow *flow)
{
  if (flow == NULL)
    return;
  g_array_unref (flow->arcs);
  g_free (flow->head);
  g_free (flow->level);
  g_free (flow->iter);
  g_free (flow->queue);
  g_free (flow);
}

guint
tf_flow_add_arc (TfFlow *flow,
                 guint   u,
                 guint   v,
                 double  cap,
                 double  reverse_cap)
{
  Arc forward = { v, flow->head[u], cap, cap };
  Arc backward = { u, flow->head[v], reverse_cap, reverse_cap };
  guint index = flow->arcs->len;

  g_assert (u < flow->n && v < flow->n);
  flow->head[u] = flow->arcs->len;
  g_array_append_val (flow->arcs, forward);
  flow->head[v] = flow->arcs->len;
  g_array_append_val (flow->arcs, backward);
  return index;
}

void
tf_flow_set_capacity (TfFlow *flow,
                      guint   arc,
                      double  cap,
                      double  reverse_cap)
{
  Arc *arcs = (Arc *) flow->arcs->data;

  arcs[arc].cap = arcs[arc].initial = cap;
  arcs[arc ^ 1].cap = arcs[arc ^ 1].initial = reverse_cap;
}

void
tf_flow_reset (TfFlow *flow)
{
  Arc *arcs = (Arc *) flow->arcs->data;

  for (guint i = 0; i < flow->arcs->len; i++)
    arcs[i].cap = arcs[i].initial;
}

static gboolean
bfs (TfFlow *flow,
     guint   s,
     guint   t)
{
  Arc *arcs = (Arc *) flow->arcs->data;
  guint qh = 0, qt = 0;

  for (guint i = 0; i < flow->n; i++)
    flow->level[i] = G_MAXUINT;
  flow->level[s] = 0;
  flow->queue[qt++] = s;
  while (qh < qt)
    {
      guint u = flow->queue[qh++];

      for (guint e = flow->head[u]; e != NO_ARC; e = arcs[e].next)
        if (arcs[e].cap > EPS && flow->level[arcs[e].to] == G_MAXUINT)
          {
            flow->level[arcs[e].to] = flow->level[u] + 1;
            flow->queue[qt++] = arcs[e].to;
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
  Arc *arcs = (Arc *) flow->arcs->data;

  if (u == t)
    return pushed;
  for (; flow->iter[u] != NO_ARC; flow->iter[u] = arcs[flow->iter[u]].next)
    {
      guint e = flow->iter[u];
      guint v = arcs[e].to;

      if (arcs[e].cap > EPS && flow->level[v] == flow->level[u] + 1)
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
  while (total < enough && bfs (flow, source, sink))
    {
      double got;

      for (guint i = 0; i < flow->n; i++)
        flow->iter[i] = flow->head[i];
      while (total < enough && (got = dfs (flow, source, sink, G_MAXDOUBLE)) > EPS)
        total += got;
    }
  return total;
}
