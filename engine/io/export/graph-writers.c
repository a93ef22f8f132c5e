/* SPDX-License-Identifier: GPL-3.0-or-later */
/* graph-writers.c: the NetworkGraph in the formats graph tools read.
 *
 * GraphML (networkx read_graphml, Gephi): one edge per link record with its multiplicity as an
 * attribute, so readers build a simple graph with weights. Graphviz DOT: one edge per physical
 * link, parallel links repeated, since Graphviz draws and networkx's read_dot counts edges one
 * by one. Both carry every node's place in the hierarchy (a scale-up switch's board among it),
 * every switch's latency, and every link's type, reach, bandwidth and latency. SST/Merlin's
 * anytopo GraphML: routers with their endpoints, one edge per cable (tf_topology_write_sst ()).
 */
#include <string.h>

#include "router-graph-private.h"

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, escaped);
}

/* One physical link's bandwidth (of @gbps, what the record's parallel links carry together) and
 * latency as text. */
static void
link_numbers (const TfContext *ctx,
              const TfLink    *l,
              double           gbps,
              char             bw[G_ASCII_DTOSTR_BUF_SIZE],
              char             lat[G_ASCII_DTOSTR_BUF_SIZE])
{
  g_ascii_dtostr (bw, G_ASCII_DTOSTR_BUF_SIZE, gbps / MAX (l->multiplicity, 1));
  g_ascii_dtostr (lat, G_ASCII_DTOSTR_BUF_SIZE,
                  tf_context_link_defaults (ctx, l->type, l->reach).latency_ns);
}

/* What each link record carries (tf_network_graph_link_gbps). */
static double *
dup_link_gbps (const TfTopology *topology)
{
  double *gbps = g_new (double, MAX (topology->graph.n_links, 1));

  tf_network_graph_link_gbps (&topology->graph, &topology->context, gbps);
  return gbps;
}

/* The XML declaration, <graphml>, the attribute keys (id, for, name, type) and <graph>. */
static void
append_graphml_head (GString            *out,
                     const char *const (*keys)[4],
                     guint               n_keys)
{
  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"\n"
                   "    xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
                   "    xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
                   "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
  for (guint i = 0; i < n_keys; i++)
    g_string_append_printf (out,
                            "  <key id=\"%s\" for=\"%s\" attr.name=\"%s\" attr.type=\"%s\"/>\n",
                            keys[i][0], keys[i][1], keys[i][2], keys[i][3]);
  g_string_append (out, "  <graph id=\"topology\" edgedefault=\"undirected\">\n");
}

gboolean
tf_topology_write_graphml (const TfTopology  *topology,
                           GString           *out,
                           GError           **error)
{
  const TfNetworkGraph *g = &topology->graph;
  const TfContext *ctx = &topology->context;
  g_autofree double *link_gbps = dup_link_gbps (topology);
  g_autofree guint32 *chip_board = tf_network_graph_dup_chip_boards (g);
  g_autoptr(GString) name = g_string_new (NULL);
  char switch_latency[G_ASCII_DTOSTR_BUF_SIZE];
  static const char *const keys[][4] = {
    { "kind", "node", "kind", "string" },
    { "tier", "node", "tier", "string" },
    { "board", "node", "board", "int" },
    { "rack", "node", "rack", "int" },
    { "pod", "node", "pod", "int" },
    { "port_count", "node", "port_count", "int" },
    { "switch_latency_ns", "node", "latency_ns", "double" },
    { "type", "edge", "type", "string" },
    { "reach", "edge", "reach", "string" },
    { "multiplicity", "edge", "multiplicity", "int" },
    { "bandwidth_gbps", "edge", "bandwidth_gbps", "double" },
    { "latency_ns", "edge", "latency_ns", "double" },
    { "family", "graph", "family", "string" },
    { "id", "graph", "id", "string" },
    { "n_chip", "graph", "n_chip", "int" },
    { "chips_per_board", "graph", "chips_per_board", "int" },
  };

  g_ascii_dtostr (switch_latency, sizeof switch_latency, ctx->switch_defaults.latency_ns);
  append_graphml_head (out, keys, G_N_ELEMENTS (keys));
  if (topology->result.family != NULL)
    {
      g_autofree char *id = tf_result_dup_id (&topology->result);

      g_string_append_printf (out, "    <data key=\"family\">%s</data>\n",
                              tf_family_get_name (topology->result.family));
      g_string_append (out, "    <data key=\"id\">");
      append_escaped (out, id);
      g_string_append (out, "</data>\n");
    }
  g_string_append_printf (out, "    <data key=\"n_chip\">%u</data>\n"
                          "    <data key=\"chips_per_board\">%u</data>\n",
                          g->n_chip, g->chips_per_board);

  for (guint32 v = 0; v < tf_network_graph_get_n_nodes (g); v++)
    {
      guint board, rack, pod;

      g_string_truncate (name, 0);
      tf_network_graph_append_node_name (g, v, name);
      tf_network_graph_locate (g, chip_board, v, &board, &rack, &pod);
      g_string_append (out, "    <node id=\"");
      append_escaped (out, name->str);
      g_string_append (out, "\">");
      if (v < g->n_chip)
        g_string_append (out, "<data key=\"kind\">chip</data>");
      else
        g_string_append_printf (out, "<data key=\"kind\">switch</data>"
                                "<data key=\"tier\">%s</data>"
                                "<data key=\"port_count\">%u</data>"
                                "<data key=\"switch_latency_ns\">%s</data>",
                                tf_tier_to_string (g->switches[v - g->n_chip].tier),
                                g->switches[v - g->n_chip].port_count, switch_latency);
      /* A chip's board, or a scale-up switch's. */
      if (board != G_MAXUINT)
        g_string_append_printf (out, "<data key=\"board\">%u</data>", board);
      if (rack != G_MAXUINT)
        g_string_append_printf (out, "<data key=\"rack\">%u</data>", rack);
      if (pod != G_MAXUINT)
        g_string_append_printf (out, "<data key=\"pod\">%u</data>", pod);
      g_string_append (out, "</node>\n");
    }

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      char bw[G_ASCII_DTOSTR_BUF_SIZE], lat[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (out, "    <edge id=\"e%u\" source=\"", i);
      g_string_truncate (name, 0);
      tf_network_graph_append_node_name (g, l->a, name);
      append_escaped (out, name->str);
      g_string_append (out, "\" target=\"");
      g_string_truncate (name, 0);
      tf_network_graph_append_node_name (g, l->b, name);
      append_escaped (out, name->str);
      link_numbers (ctx, l, link_gbps[i], bw, lat);
      g_string_append_printf (out, "\"><data key=\"type\">%s</data>"
                              "<data key=\"reach\">%s</data>"
                              "<data key=\"multiplicity\">%u</data>"
                              "<data key=\"bandwidth_gbps\">%s</data>"
                              "<data key=\"latency_ns\">%s</data></edge>\n",
                              tf_link_type_to_string (l->type), tf_reach_to_string (l->reach),
                              l->multiplicity, bw, lat);
    }
  g_string_append (out, "  </graph>\n</graphml>\n");
  return TRUE;
}

/* A DOT identifier in double quotes. */
static void
append_dot_id (GString    *out,
               const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

gboolean
tf_topology_write_dot (const TfTopology  *topology,
                       GString           *out,
                       GError           **error)
{
  const TfNetworkGraph *g = &topology->graph;
  const TfContext *ctx = &topology->context;
  g_autofree double *link_gbps = dup_link_gbps (topology);
  g_autofree guint32 *chip_board = tf_network_graph_dup_chip_boards (g);
  g_autoptr(GString) a = g_string_new (NULL);
  g_autoptr(GString) b = g_string_new (NULL);
  char switch_latency[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (switch_latency, sizeof switch_latency, ctx->switch_defaults.latency_ns);
  g_string_append (out, "graph topology {\n");
  if (topology->result.family != NULL)
    {
      g_autofree char *id = tf_result_dup_id (&topology->result);

      g_string_append (out, "  graph [family=");
      append_dot_id (out, tf_family_get_name (topology->result.family));
      g_string_append (out, ", id=");
      append_dot_id (out, id);
      g_string_append (out, "];\n");
    }
  for (guint32 v = 0; v < tf_network_graph_get_n_nodes (g); v++)
    {
      guint board, rack, pod;

      g_string_truncate (a, 0);
      tf_network_graph_append_node_name (g, v, a);
      tf_network_graph_locate (g, chip_board, v, &board, &rack, &pod);
      g_string_append (out, "  ");
      append_dot_id (out, a->str);
      if (v < g->n_chip)
        g_string_append (out, " [kind=chip");
      else
        g_string_append_printf (out, " [kind=switch, shape=box, tier=%s, port_count=%u, "
                                "latency_ns=%s",
                                tf_tier_to_string (g->switches[v - g->n_chip].tier),
                                g->switches[v - g->n_chip].port_count, switch_latency);
      if (board != G_MAXUINT)
        g_string_append_printf (out, ", board=%u", board);
      if (rack != G_MAXUINT)
        g_string_append_printf (out, ", rack=%u", rack);
      if (pod != G_MAXUINT)
        g_string_append_printf (out, ", pod=%u", pod);
      g_string_append (out, "];\n");
    }
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      char bw[G_ASCII_DTOSTR_BUF_SIZE], lat[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_truncate (a, 0);
      g_string_truncate (b, 0);
      tf_network_graph_append_node_name (g, l->a, a);
      tf_network_graph_append_node_name (g, l->b, b);
      link_numbers (ctx, l, link_gbps[i], bw, lat);
      for (guint k = 0; k < l->multiplicity; k++)
        {
          g_string_append (out, "  ");
          append_dot_id (out, a->str);
          g_string_append (out, " -- ");
          append_dot_id (out, b->str);
          g_string_append_printf (out, " [type=%s, reach=%s, bandwidth_gbps=%s, latency_ns=%s];\n",
                                  tf_link_type_to_string (l->type),
                                  tf_reach_to_string (l->reach), bw, lat);
        }
    }
  g_string_append (out, "}\n");
  return TRUE;
}

/* SST/Merlin's anytopo reads a GraphML with networkx and makes every node a router with the
 * integer `endpoints` it names, numbering endpoints in node order. Routers as
 * tf_router_graph_init () makes them; `chips` lists the chips that are a router's endpoints, in
 * order, so SST's endpoint k is the k-th chip of those lists read in node order (chip k itself
 * when each router's chips follow the previous router's, as in the families). Every physical
 * cable between routers is its own edge (SST makes a port pair of each), with its bandwidth and
 * latency as in the plain GraphML. */
gboolean
tf_topology_write_sst (const TfTopology  *topology,
                       GString           *out,
                       GError           **error)
{
  const TfNetworkGraph *g = &topology->graph;
  const TfContext *ctx = &topology->context;
  g_autofree double *link_gbps = dup_link_gbps (topology);
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree guint32 *n_endpoints = NULL;
  g_autofree guint32 *first = NULL;
  g_autofree guint32 *next = NULL;
  TfRouterGraph rg;
  static const char *const keys[][4] = {
    { "endpoints", "node", "endpoints", "int" },
    { "chips", "node", "chips", "string" },
    { "name", "node", "name", "string" },
    { "type", "edge", "type", "string" },
    { "reach", "edge", "reach", "string" },
    { "bandwidth_gbps", "edge", "bandwidth_gbps", "double" },
    { "latency_ns", "edge", "latency_ns", "double" },
  };

  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);

  tf_router_graph_init (&rg, g);
  /* Each router's chips in chip order: a list per router, built from the last chip back. */
  n_endpoints = g_new0 (guint32, MAX (rg.n_routers, 1));
  first = g_new (guint32, MAX (rg.n_routers, 1));
  next = g_new (guint32, MAX (g->n_chip, 1));
  for (guint r = 0; r < rg.n_routers; r++)
    first[r] = G_MAXUINT32;
  for (guint32 c = g->n_chip; c-- > 0;)
    {
      next[c] = first[rg.chip_router[c]];
      first[rg.chip_router[c]] = c;
      n_endpoints[rg.chip_router[c]]++;
    }

  append_graphml_head (out, keys, G_N_ELEMENTS (keys));
  for (guint32 r = 0; r < rg.n_routers; r++)
    {
      g_string_truncate (name, 0);
      tf_network_graph_append_node_name (g, rg.router_node[r], name);
      g_string_append_printf (out, "    <node id=\"%u\"><data key=\"endpoints\">%u</data>"
                              "<data key=\"chips\">", r, n_endpoints[r]);
      for (guint32 c = first[r]; c != G_MAXUINT32; c = next[c])
        g_string_append_printf (out, "%s%u", c == first[r] ? "" : ",", c);
      g_string_append (out, "</data><data key=\"name\">");
      append_escaped (out, name->str);
      g_string_append (out, "</data></node>\n");
    }
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      guint32 ra = rg.router_of_node[l->a], rb = rg.router_of_node[l->b];
      char bw[G_ASCII_DTOSTR_BUF_SIZE], lat[G_ASCII_DTOSTR_BUF_SIZE];

      if (ra == G_MAXUINT32 || rb == G_MAXUINT32)
        continue;   /* an endpoint's link: SST makes it itself */
      link_numbers (ctx, l, link_gbps[i], bw, lat);
      for (guint k = 0; k < l->multiplicity; k++)
        g_string_append_printf (out, "    <edge source=\"%u\" target=\"%u\">"
                                "<data key=\"type\">%s</data><data key=\"reach\">%s</data>"
                                "<data key=\"bandwidth_gbps\">%s</data>"
                                "<data key=\"latency_ns\">%s</data></edge>\n",
                                ra, rb, tf_link_type_to_string (l->type),
                                tf_reach_to_string (l->reach), bw, lat);
    }
  g_string_append (out, "  </graph>\n</graphml>\n");
  tf_router_graph_clear (&rg);
  return TRUE;
}
