/* SPDX-License-Identifier: GPL-3.0-or-later */
/* graph.c: the NetworkGraph's storage, node names, link types and adjacency. */
#include <string.h>

#include "graph-private.h"

void
tf_network_graph_init (TfNetworkGraph *graph)
{
  g_return_if_fail (graph != NULL);
  memset (graph, 0, sizeof *graph);
}

void
tf_network_graph_clear (TfNetworkGraph *graph)
{
  g_return_if_fail (graph != NULL);

  for (guint i = 0; graph->switches != NULL && i < graph->n_switch; i++)
    g_free (graph->switches[i].id);
  g_free (graph->switches);
  g_free (graph->links);
  g_free (graph->board_chips);
  g_free (graph->board_rack);
  g_free (graph->rack_pod);
  memset (graph, 0, sizeof *graph);
}

guint
tf_network_graph_get_n_nodes (const TfNetworkGraph *graph)
{
  return graph->n_chip + graph->n_switch;
}

void
tf_network_graph_append_node_name (const TfNetworkGraph *graph,
                                   guint32               node,
                                   GString              *out)
{
  if (node < graph->n_chip)
    g_string_append_printf (out, "chip%u", node);
  else if (node - graph->n_chip < graph->n_switch)
    g_string_append (out, graph->switches[node - graph->n_chip].id);
  else
    g_string_append_printf (out, "<node %u>", node);
}

void
tf_network_graph_link_kind_with_boards (const TfNetworkGraph *graph,
                                        const guint32        *chip_board,
                                        guint32               a,
                                        guint32               b,
                                        TfLinkType           *type,
                                        TfReach              *reach)
{
  guint ba, ra, pa, bb, rb, pb;

  tf_network_graph_locate (graph, chip_board, a, &ba, &ra, &pa);
  tf_network_graph_locate (graph, chip_board, b, &bb, &rb, &pb);
  *reach = tf_reach_between (ba, ra, pa, bb, rb, pb);
  *type = a < graph->n_chip && b < graph->n_chip ? TF_LINK_C2C : tf_link_type_for_reach (*reach);
}

guint32 *
tf_network_graph_dup_chip_boards (const TfNetworkGraph *graph)
{
  guint32 *chip_board = g_new (guint32, MAX (graph->n_chip, 1));
  guint c = graph->chips_per_board;

  for (guint i = 0; i < graph->n_chip; i++)
    chip_board[i] = G_MAXUINT32;
  for (guint64 i = 0; i < (guint64) graph->n_board * c; i++)
    if (graph->board_chips[i] < graph->n_chip)
      chip_board[graph->board_chips[i]] = (guint32) (i / c);
  return chip_board;
}

void
tf_network_graph_link_kind (const TfNetworkGraph *graph,
                            guint32               a,
                            guint32               b,
                            TfLinkType           *type,
                            TfReach              *reach)
{
  g_autofree guint32 *chip_board = tf_network_graph_dup_chip_boards (graph);

  /* Slow path for callers outside the engine; the engine keeps its own chip -> board map. */
  tf_network_graph_link_kind_with_boards (graph, chip_board, a, b, type, reach);
}

void
tf_links_append (GArray  *links,
                 guint32  a,
                 guint32  b,
                 guint32  multiplicity)
{
  TfLink link = { MIN (a, b), MAX (a, b), multiplicity, TF_LINK_C2C, TF_REACH_BOARD };

  g_array_append_val (links, link);
}

void
tf_network_graph_settle_links (TfNetworkGraph *graph)
{
  tf_network_graph_settle_links_near (graph, NULL);
}

void
tf_network_graph_settle_links_near (TfNetworkGraph *graph,
                                    const guint8   *near)
{
  g_autofree guint32 *chip_board = tf_network_graph_dup_chip_boards (graph);
  guint n = graph->n_chip;

  for (guint s = 0; s < graph->n_switch; s++)
    if (near == NULL || near[n + s])
      graph->switches[s].port_count = 0;
  for (guint i = 0; i < graph->n_links; i++)
    {
      TfLink *l = &graph->links[i];
      TfLinkType type;
      TfReach reach;

      /* Every link of a switch near has an end near: its port count is whole. */
      if (near != NULL && !near[l->a] && !near[l->b])
        continue;
      tf_network_graph_link_kind_with_boards (graph, chip_board, l->a, l->b, &type, &reach);
      l->type = type;
      l->reach = reach;
      if (l->a >= n && (near == NULL || near[l->a]))
        graph->switches[l->a - n].port_count += l->multiplicity;
      if (l->b >= n && (near == NULL || near[l->b]))
        graph->switches[l->b - n].port_count += l->multiplicity;
    }
}

TfLinkType
tf_link_type_for_reach (TfReach reach)
{
  switch (reach)
    {
    case TF_REACH_BOARD: return TF_LINK_C2C;
    case TF_REACH_RACK: return TF_LINK_B2B;
    case TF_REACH_POD: return TF_LINK_R2R;
    case TF_REACH_DATACENTER:
    case TF_N_REACHES:
    default: return TF_LINK_P2P;
    }
}

/* With @with_links, each entry's link record too. */
G_ALWAYS_INLINE static inline void
adjacency_init (TfAdjacency *adj,
                guint        n_nodes,
                guint        n_links,
                const void  *links,
                gsize        stride,
                gboolean     with_links)
{
  const guint8 *p = links;
  guint32 *fill;

  adj->n_nodes = n_nodes;
  adj->offset = g_new0 (guint32, (gsize) n_nodes + 1);
  adj->target = g_new (guint32, (gsize) n_links * 2 + 1);
  adj->link = with_links ? g_new (guint32, (gsize) n_links * 2 + 1) : NULL;

  for (guint i = 0; i < n_links; i++)
    {
      const guint32 *ab = (const guint32 *) (const void *) (p + i * stride);

      adj->offset[ab[0] + 1]++;
      adj->offset[ab[1] + 1]++;
    }
  for (guint v = 0; v < n_nodes; v++)
    adj->offset[v + 1] += adj->offset[v];

  fill = g_memdup2 (adj->offset, sizeof (guint32) * n_nodes);
  for (guint i = 0; i < n_links; i++)
    {
      const guint32 *ab = (const guint32 *) (const void *) (p + i * stride);

      if (with_links)
        {
          adj->link[fill[ab[0]]] = i;
          adj->link[fill[ab[1]]] = i;
        }
      adj->target[fill[ab[0]]++] = ab[1];
      adj->target[fill[ab[1]]++] = ab[0];
    }
  g_free (fill);
}

void
tf_adjacency_init (TfAdjacency *adj,
                   guint        n_nodes,
                   guint        n_links,
                   const void  *links,
                   gsize        stride)
{
  adjacency_init (adj, n_nodes, n_links, links, stride, TRUE);
}

void
tf_adjacency_init_targets (TfAdjacency *adj,
                           guint        n_nodes,
                           guint        n_links,
                           const void  *links,
                           gsize        stride)
{
  adjacency_init (adj, n_nodes, n_links, links, stride, FALSE);
}

int
tf_guint64_compare (const void *pa,
                    const void *pb)
{
  guint64 a = *(const guint64 *) pa, b = *(const guint64 *) pb;

  return a < b ? -1 : a > b;
}

void
tf_guint64_sort (guint64 *values,
                 gsize    n)
{
  if (n > 16)
    {
      qsort (values, n, sizeof (guint64), tf_guint64_compare);
      return;
    }
  for (gsize i = 1; i < n; i++)
    {
      guint64 x = values[i];
      gsize k = i;

      for (; k > 0 && values[k - 1] > x; k--)
        values[k] = values[k - 1];
      values[k] = x;
    }
}

void
tf_adjacency_clear (TfAdjacency *adj)
{
  g_free (adj->offset);
  g_free (adj->target);
  g_free (adj->link);
  memset (adj, 0, sizeof *adj);
}

void
tf_network_graph_copy (const TfNetworkGraph *src,
                       TfNetworkGraph       *dest)
{
  *dest = *src;
  dest->switches = g_memdup2 (src->switches, sizeof (TfSwitch) * src->n_switch);
  for (guint i = 0; i < src->n_switch; i++)
    dest->switches[i].id = g_strdup (src->switches[i].id);
  dest->links = g_memdup2 (src->links, sizeof (TfLink) * src->n_links);
  dest->board_chips = g_memdup2 (src->board_chips,
                                 sizeof (guint32) * src->n_board * src->chips_per_board);
  dest->board_rack = g_memdup2 (src->board_rack, sizeof (guint32) * src->n_board);
  dest->rack_pod = g_memdup2 (src->rack_pod, sizeof (guint32) * src->n_rack);
}

guint
tf_csr_bfs (guint          n_nodes,
            const guint32 *offset,
            const guint32 *target,
            guint32        source,
            guint32       *dist,
            guint32       *order,
            guint32       *parent,
            guint32       *via)
{
  guint head = 0, tail = 0;

  for (guint v = 0; v < n_nodes; v++)
    dist[v] = TF_UNREACHED;
  if (parent != NULL)
    for (guint v = 0; v < n_nodes; v++)
      parent[v] = TF_UNREACHED;
  if (via != NULL)
    for (guint v = 0; v < n_nodes; v++)
      via[v] = TF_UNREACHED;
  dist[source] = 0;
  order[tail++] = source;
  while (head < tail)
    {
      guint32 u = order[head++];

      for (guint32 e = offset[u]; e < offset[u + 1]; e++)
        {
          guint32 v = target[e];

          if (dist[v] != TF_UNREACHED)
            continue;
          dist[v] = dist[u] + 1;
          if (parent != NULL)
            parent[v] = u;
          if (via != NULL)
            via[v] = e;
          order[tail++] = v;
        }
    }
  return tail;
}

gboolean
tf_network_graph_is_connected (const TfNetworkGraph *graph)
{
  guint n = tf_network_graph_get_n_nodes (graph), parts = n;
  g_autofree guint32 *root = g_new (guint32, MAX (n, 1));

  if (n == 0)
    return TRUE;
  /* Union-find over the links, no adjacency built: each link that joins two parts makes one
   * fewer. */
  for (guint32 v = 0; v < n; v++)
    root[v] = v;
  for (guint i = 0; i < graph->n_links && parts > 1; i++)
    {
      guint32 a = graph->links[i].a, b = graph->links[i].b;

      while (root[a] != a)
        a = root[a] = root[root[a]];
      while (root[b] != b)
        b = root[b] = root[root[b]];
      if (a != b)
        {
          root[MAX (a, b)] = MIN (a, b);
          parts--;
        }
    }
  return parts == 1;
}

char *
tf_network_graph_difference (const TfNetworkGraph *a,
                             const TfNetworkGraph *b)
{
  if (a->n_chip != b->n_chip || a->chips_per_board != b->chips_per_board
      || a->n_board != b->n_board || a->n_rack != b->n_rack || a->n_pod != b->n_pod)
    return g_strdup ("its chips, boards, racks or pods differ in number");
  if (memcmp (a->board_chips, b->board_chips, sizeof (guint32) * a->n_chip) != 0
      || memcmp (a->board_rack, b->board_rack, sizeof (guint32) * a->n_board) != 0
      || memcmp (a->rack_pod, b->rack_pod, sizeof (guint32) * a->n_rack) != 0)
    return g_strdup ("the boardGrouping differs");
  if (a->n_switch != b->n_switch)
    return g_strdup_printf ("it has %u switches, not %u", a->n_switch, b->n_switch);
  for (guint i = 0; i < a->n_switch; i++)
    if (strcmp (a->switches[i].id, b->switches[i].id) != 0
        || a->switches[i].tier != b->switches[i].tier
        || a->switches[i].container != b->switches[i].container
        || a->switches[i].port_count != b->switches[i].port_count)
      return g_strdup_printf ("switches[%u] differs", i);
  if (a->n_links != b->n_links)
    return g_strdup_printf ("it has %u links, not %u", a->n_links, b->n_links);
  for (guint i = 0; i < a->n_links; i++)
    {
      const TfLink *x = &a->links[i], *y = &b->links[i];

      if (x->a != y->a || x->b != y->b || x->multiplicity != y->multiplicity
          || x->type != y->type || x->reach != y->reach)
        return g_strdup_printf ("links[%u] differs", i);
    }
  return NULL;
}
