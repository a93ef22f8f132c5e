/* SPDX-License-Identifier: GPL-3.0-or-later */
/* router-graph.c: a topology as the simulators built of routers and endpoints take it (BookSim's
 * anynet, SST/Merlin's anytopo; graph-private.h). */
#include <string.h>

#include "router-graph-private.h"

void
tf_router_graph_init (TfRouterGraph        *rg,
                      const TfNetworkGraph *g)
{
  guint n_nodes = tf_network_graph_get_n_nodes (g);
  g_autofree guint32 *n_links_at = g_new0 (guint32, MAX (g->n_chip, 1));
  g_autofree guint32 *only_link = g_new (guint32, MAX (g->n_chip, 1));

  /* A chip is an endpoint of a switch when its only link is one cable to that switch. */
  for (guint i = 0; i < g->n_links; i++)
    for (guint end = 0; end < 2; end++)
      {
        guint32 v = end == 0 ? g->links[i].a : g->links[i].b;

        if (v < g->n_chip)
          {
            n_links_at[v]++;
            only_link[v] = i;
          }
      }
  rg->n_routers = 0;
  rg->router_node = g_new (guint32, MAX (n_nodes, 1));
  rg->router_of_node = g_new (guint32, MAX (n_nodes, 1));
  rg->chip_router = g_new (guint32, MAX (g->n_chip, 1));
  for (guint32 c = 0; c < g->n_chip; c++)
    {
      const TfLink *l = &g->links[only_link[c]];

      rg->router_of_node[c] = G_MAXUINT32;
      if (n_links_at[c] == 1 && l->multiplicity == 1 && (l->a == c ? l->b : l->a) >= g->n_chip)
        continue;
      rg->router_of_node[c] = rg->n_routers;
      rg->router_node[rg->n_routers++] = c;
    }
  for (guint32 s = g->n_chip; s < n_nodes; s++)
    {
      rg->router_of_node[s] = rg->n_routers;
      rg->router_node[rg->n_routers++] = s;
    }
  for (guint32 c = 0; c < g->n_chip; c++)
    {
      const TfLink *l = &g->links[only_link[c]];

      rg->chip_router[c] = rg->router_of_node[c] != G_MAXUINT32 ? rg->router_of_node[c]
                           : rg->router_of_node[l->a == c ? l->b : l->a];
    }
}

void
tf_router_graph_clear (TfRouterGraph *rg)
{
  g_free (rg->router_node);
  g_free (rg->router_of_node);
  g_free (rg->chip_router);
  memset (rg, 0, sizeof *rg);
}
