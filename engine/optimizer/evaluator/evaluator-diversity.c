/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-diversity.c: switch_diversity, the part of Layer 1 (evaluator-structure.c) no
 * objective reads. Its max flows cost more than the rest of Layer 1 on a dragonfly, so it is a
 * layer of its own (TF_LAYER_STRUCTURE, standing on TF_LAYER_PATHS): computed for the
 * candidates whose files show it (the front, tf_search_config_get_layers), not for every
 * candidate the search evaluates.
 *
 * - switch_diversity replaces the spec's chip path diversity, which is 1 for every single-homed
 *   fat-tree and so cannot rank fat-tree variants. With switches: the smallest, over pairs of
 *   leaf switches (switches with a chip link), number of edge-disjoint paths between them
 *   through the switch graph (chips removed, a link's capacity its multiplicity); 0 with a
 *   single leaf. Without switches: the same over pairs of chips on the chip graph.
 *
 * How it is computed, exactly:
 *
 * - lambda(a, c) >= min (lambda(a, b), lambda(b, c)), so the minimum of the min cut over
 *   terminal pairs is its minimum over the pairs of any spanning tree of the terminals:
 *   |terminals| - 1 max flows (Dinic, maxflow.c), as in Gusfield's Gomory-Hu method, each
 *   stopped once it reaches the best so far. The tree joins each terminal to the nearest one
 *   above it in a breadth-first tree, so the flows run between near nodes. A chip-transitive
 *   graph whose links all have the same multiplicity needs none: by Mader's theorem a connected
 *   vertex-transitive graph's edge connectivity equals its degree (W. Mader, "Minimale n-fach
 *   kantenzusammenhängende Graphen", Math. Ann. 191, 1971). With unequal multiplicities that
 *   fails (two heavy pairs joined by light links are vertex-transitive), so those graphs take
 *   the flows.
 */
#include "structure-private.h"
#include "maxflow-private.h"

#include <stdlib.h>
#include <string.h>

/* A terminal's links summed per neighbour, sorted by neighbour. */
static guint
neighbour_weights (const TfAdjacency *adj,
                   const TfLink      *links,
                   guint32            v,
                   guint64           *out)
{
  guint n = 0, k = 0;

  for (guint e = adj->offset[v]; e < adj->offset[v + 1]; e++)
    out[n++] = ((guint64) adj->target[e] << 32) | links[adj->link[e]].multiplicity;
  tf_guint64_sort (out, n);
  /* Merge the records of one neighbour (multiplicities are far below 2^32 in sum). */
  for (guint i = 0; i < n; i++)
    if (k > 0 && out[k - 1] >> 32 == out[i] >> 32)
      out[k - 1] += out[i] & G_MAXUINT32;
    else
      out[k++] = out[i];
  return k;
}

/* twin[t] for each terminal whose neighbour weights equal those of an earlier terminal in
 * @order: grouped by a hash, then compared exactly with the first of its hash. */
static void
mark_twin_terminals (const TfAdjacency *adj,
                     const TfLink      *links,
                     const guint32     *order,
                     guint              n_order,
                     const guint8      *terminal,
                     guint8            *twin)
{
  g_autofree TfKeyed *keyed = g_new (TfKeyed, MAX (n_order, 1));
  g_autofree guint64 *a = NULL, *b = NULL;
  guint n_keyed = 0, max_degree = 1;

  for (guint i = 0; i < n_order; i++)
    max_degree = MAX (max_degree, tf_adjacency_degree (adj, order[i]));
  a = g_new (guint64, max_degree);
  b = g_new (guint64, max_degree);
  for (guint i = 0; i < n_order; i++)
    if (terminal[order[i]])
      {
        guint n = neighbour_weights (adj, links, order[i], a);
        guint64 h = 1469598103934665603ull;

        for (guint k = 0; k < n; k++)
          h = (h ^ a[k]) * 1099511628211ull;   /* FNV-1a over the words */
        keyed[n_keyed++] = (TfKeyed) { h, i };   /* node: the place in @order */
      }
  tf_keyed_sort (keyed, n_keyed);
  for (guint i = 0, first = 0, na = 0; i < n_keyed; i++)
    {
      guint nb;

      if (i == 0 || keyed[i].key != keyed[first].key)
        {
          /* The first of a hash (earliest in @order): the one the others are compared with. */
          first = i;
          na = neighbour_weights (adj, links, order[keyed[first].node], a);
          continue;
        }
      nb = neighbour_weights (adj, links, order[keyed[i].node], b);
      twin[order[keyed[i].node]] = na == nb && memcmp (a, b, sizeof (guint64) * na) == 0;
    }
}

/* The smallest min cut between two terminals among the nodes [lo, hi) of @graph, over the links
 * inside that range (capacity: multiplicity).
 *
 * lambda(a, c) >= min (lambda(a, b), lambda(b, c)) for any b, so the minimum over all terminal
 * pairs is the minimum over the pairs of any spanning tree of the terminals: |terminals| - 1
 * max flows, as in Gusfield's Gomory-Hu method. The tree here pairs each terminal with the
 * nearest terminal above it in a breadth-first tree from the terminal of least degree, so each
 * flow runs between near nodes and its level searches stay local; each stops once it reaches
 * the best so far (it cannot lower the minimum past that). A terminal with the same neighbours
 * over the same multiplicities as a terminal before it in that order (a leaf of a pod beside the
 * pod's first leaf) joins the tree through that twin instead: the paths through each common
 * neighbour carry its whole degree, so their cut is its degree, never below the least terminal
 * degree the minimum starts from, and needs no flow. Capacities are small integers, exact in
 * maxflow.c's doubles. */
static guint
min_terminal_cut (const TfNetworkGraph *graph,
                  guint                 lo,
                  guint                 hi,
                  const guint8         *terminal)
{
  guint n = hi - lo, n_terminals = 0, tail;
  g_autofree double *degree = g_new0 (double, MAX (n, 1));
  g_autofree guint32 *dist = NULL;
  g_autofree guint32 *parent = NULL;
  g_autofree guint32 *order = NULL;
  g_autofree guint8 *twin = NULL;
  g_autoptr(GArray) inside = g_array_new (FALSE, FALSE, sizeof (TfLink));
  TfAdjacency adj;
  TfFlow *flow;
  guint32 t0 = 0;
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < graph->n_links; i++)
    {
      TfLink l = graph->links[i];

      if (l.a != l.b && l.a >= lo && l.a < hi && l.b >= lo && l.b < hi)
        {
          degree[l.a - lo] += l.multiplicity;
          degree[l.b - lo] += l.multiplicity;
          l.a -= lo;
          l.b -= lo;
          g_array_append_val (inside, l);
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

  tf_adjacency_init (&adj, n, inside->len, inside->data, sizeof (TfLink));
  flow = tf_flow_new (n);
  tf_flow_reserve (flow, inside->len);
  for (guint i = 0; i < inside->len; i++)
    {
      const TfLink *l = &g_array_index (inside, TfLink, i);

      tf_flow_add_arc (flow, l->a, l->b, l->multiplicity, l->multiplicity);
    }
  dist = g_new (guint32, n);
  parent = g_new (guint32, n);
  order = g_new (guint32, n);
  twin = g_new0 (guint8, n);
  tail = tf_adjacency_bfs (&adj, t0, dist, order, parent, NULL);
  parent[t0] = t0;
  for (guint v = 0; v < n; v++)
    if (terminal[v] && parent[v] == TF_UNREACHED)
      best = 0;   /* the terminals are not all linked */

  mark_twin_terminals (&adj, (const TfLink *) inside->data, order, tail, terminal, twin);
  for (guint i = 1; i < tail && best > 0; i++)
    {
      guint32 t = order[i], p = parent[t];
      double cut;

      if (!terminal[t] || twin[t])
        continue;
      while (!terminal[p])
        p = parent[p];
      tf_flow_reset (flow);
      cut = tf_flow_max (flow, p, t, best);
      best = MIN (best, cut);
    }
  tf_flow_free (flow);
  tf_adjacency_clear (&adj);
  return (guint) MIN (best + 0.5, (double) G_MAXUINT);
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
tf_evaluate_switch_diversity (const TfSearchConfig *config,
                              TfCandidate          *candidate,
                              GError              **error)
{
  g_return_val_if_fail (candidate != NULL, FALSE);

  candidate->evaluation.switch_diversity = switch_diversity (&candidate->topology.graph,
                                                             candidate->chip_transitive);
  candidate->evaluation.layers |= TF_LAYER_STRUCTURE;
  return TRUE;
}
