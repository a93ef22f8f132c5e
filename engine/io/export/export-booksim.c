/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export-booksim.c: a topology as BookSim 2's anynet network file (`topology = anynet;
 * network_file = ...`).
 *
 * One line per router: "router R", then "node N" for each endpoint on it and "router R2" for
 * each router it is linked to. Routers and endpoints as tf_router_graph_init () makes them
 * (graph-private.h): endpoint N is chip N, numbered from 0 as BookSim's traffic manager needs,
 * and each on one router. What the format cannot carry, and so is not written: comments (its
 * reader takes any other first word for an error), bandwidths (BookSim's channels carry one flit
 * a cycle), latencies (cycles, set by its own configuration; every channel weighs 1, so its
 * min_anynet routing takes paths of fewest hops) and parallel cables (one channel per pair of
 * routers).
 */
#include "router-graph-private.h"

gboolean
tf_topology_write_booksim (const TfTopology  *topology,
                           GString           *out,
                           GError           **error)
{
  const TfNetworkGraph *g;
  TfRouterGraph rg;
  TfAdjacency adj;
  g_autofree guint32 *seen = NULL;

  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);

  g = &topology->graph;
  tf_router_graph_init (&rg, g);
  tf_adjacency_init (&adj, tf_network_graph_get_n_nodes (g), g->n_links, g->links,
                     sizeof (TfLink));
  seen = g_new0 (guint32, MAX (rg.n_routers, 1));
  for (guint32 r = 0; r < rg.n_routers; r++)
    {
      guint32 v = rg.router_node[r];

      g_string_append_printf (out, "router %u", r);
      if (v < g->n_chip)
        g_string_append_printf (out, " node %u", v);
      /* Each neighbour once: an endpoint chip as a node, a router as a router. */
      for (guint e = adj.offset[v]; e < adj.offset[v + 1]; e++)
        {
          guint32 w = adj.target[e], rw = rg.router_of_node[w];

          if (rw == G_MAXUINT32)
            g_string_append_printf (out, " node %u", w);
          else if (rw != r && seen[rw] != r + 1)
            {
              seen[rw] = r + 1;
              g_string_append_printf (out, " router %u", rw);
            }
        }
      g_string_append_c (out, '\n');
    }
  tf_adjacency_clear (&adj);
  tf_router_graph_clear (&rg);
  return TRUE;
}
