/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export-simgrid.c: a topology as a SimGrid platform (version 4.1 XML, as SimGrid 3.32 loads it).
 *
 * - Chips are hosts ("chip<i>", a nominal 1 Gf: only communication is simulated), switches are
 *   routers (their ids).
 * - Each pair of linked nodes is one SPLITDUPLEX link: each direction has the whole bandwidth,
 *   as a full-duplex cable has, and the two do not share it. Its bandwidth is the sum over the
 *   pair's parallel cables (multiplicity x the bandwidth of the link's type and reach), so a
 *   flow may use all of them at once, as the evaluator's per-link ECMP split lets it; its
 *   latency is the link's, plus half a switch's at each end that is a switch, so a route
 *   through a switch pays that switch's latency once.
 * - Routes. Up to FULL_MAX_CHIPS chips the zone is "Full" and every pair of chips gets one
 *   explicit shortest route: the first a breadth-first search from the smaller chip finds,
 *   taking neighbours in link order. Above that there would be too many (n^2 / 2 routes); the
 *   zone is then "DijkstraCache" with one route per link (and one per pair of board mates on a
 *   scale-up switch, below), and SimGrid finds a path of fewest links itself (it counts links,
 *   not latency), one of the same shortest paths.
 * - A link's direction: UP from its first end (the lower node number) to its second.
 * - Scale-up switches (intra_board_topo = switch) are routers like the others, their links the
 *   board's C2C ones. Two chips of one board that no link joins directly talk through a scale-up
 *   switch of their board, in both routings: a route through the fabric (a leaf switch both
 *   chips sit on) can be as short, and would be SimGrid's or the breadth-first search's pick as
 *   often as not. A board's pairs spread over its S switches: chips a and b take the
 *   ((a + b) mod S)-th, so one flow has 1 / S of a chip's scale-up bandwidth (a route is one
 *   path), and the board's flows together all of it. The board is no zone of its own: a
 *   SimGrid zone is left through one gateway, and each chip of a scale-up board has links of
 *   its own to the fabric.
 *
 * Stage 2 (stage-2.c) writes its platform here too, with its own routes (one per pair of chips
 * that communicates, chosen as ECMP hashing would) and the alpha-beta model's latency per link.
 */
#include <string.h>

#include "export-private.h"

#define FULL_MAX_CHIPS 256u

typedef struct
{
  guint32 first;      /* the pair's first link record: the SimGrid link's name */
  double  gbps;
} Pair;

static void
append_node (const TfNetworkGraph *g,
             guint32               node,
             GString              *out)
{
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree char *escaped = NULL;

  tf_network_graph_append_node_name (g, node, name);
  escaped = g_markup_escape_text (name->str, -1);
  g_string_append (out, escaped);
}

/* The links at scale-up switches, chip by chip: chip c's are link[offset[c] .. offset[c + 1]). */
typedef struct
{
  guint32 *offset;
  guint32 *link;
} ScaleUp;

static void
scale_up_init (ScaleUp              *su,
               const TfNetworkGraph *g)
{
  g_autofree guint32 *fill = NULL;

  su->offset = g_new0 (guint32, g->n_chip + 1);
  /* A scale-up switch links only chips (the invariants), and chips number first: l->a. */
  for (guint i = 0; i < g->n_links; i++)
    if (g->links[i].b >= g->n_chip
        && g->switches[g->links[i].b - g->n_chip].tier == TF_TIER_BOARD)
      su->offset[g->links[i].a + 1]++;
  for (guint c = 0; c < g->n_chip; c++)
    su->offset[c + 1] += su->offset[c];
  su->link = g_new (guint32, MAX (su->offset[g->n_chip], 1));
  fill = g_memdup2 (su->offset, sizeof (guint32) * MAX (g->n_chip, 1));
  for (guint i = 0; i < g->n_links; i++)
    if (g->links[i].b >= g->n_chip
        && g->switches[g->links[i].b - g->n_chip].tier == TF_TIER_BOARD)
      su->link[fill[g->links[i].a]++] = i;
}

static void
scale_up_clear (ScaleUp *su)
{
  g_free (su->offset);
  g_free (su->link);
}

/* The links from chip @a to a scale-up switch and on to chip @b: the ((a + b) mod S)-th of a's
 * switches that b is on too, so that a board's pairs spread over its S switches. FALSE when a
 * and b share none, or a link joins them directly (a shorter route). */
static gboolean
scale_up_route (const TfNetworkGraph *g,
                const ScaleUp        *su,
                GHashTable           *first_of_pair,
                guint32               a,
                guint32               b,
                guint32              *la,
                guint32              *lb)
{
  guint n_a = su->offset[a + 1] - su->offset[a];
  gint64 key = ((gint64) MIN (a, b) << 32) | MAX (a, b);

  if (n_a == 0 || g_hash_table_contains (first_of_pair, &key))
    return FALSE;
  for (guint k = 0; k < n_a; k++)
    {
      guint32 i = su->link[su->offset[a] + (a + b + k) % n_a];

      for (guint j = su->offset[b]; j < su->offset[b + 1]; j++)
        if (g->links[su->link[j]].b == g->links[i].b)
          {
            *la = i;
            *lb = su->link[j];
            return TRUE;
          }
    }
  return FALSE;
}

static void
append_link_ctn (GString      *out,
                 const TfLink *l,
                 guint32       first,
                 guint32       from)
{
  g_string_append_printf (out, "<link_ctn id=\"l%u\" direction=\"%s\"/>", first,
                          from == l->a ? "UP" : "DOWN");
}

/* One route from chip @a to every chip after it, along a breadth-first search's first paths,
 * or through a scale-up switch to a chip of a's board. */
static void
append_routes_from (const TfNetworkGraph *g,
                    const TfAdjacency    *adj,
                    const Pair           *pair_of_link,
                    const ScaleUp        *su,
                    GHashTable           *first_of_pair,
                    guint32               a,
                    guint32              *via,
                    guint32              *dist,
                    guint32              *queue,
                    guint32              *path,
                    GString              *out)
{
  tf_adjacency_bfs (adj, a, dist, queue, NULL, via);
  for (guint32 b = a + 1; b < g->n_chip; b++)
    {
      guint n = 0;

      if (scale_up_route (g, su, first_of_pair, a, b, &path[1], &path[0]))
        n = 2;
      else
        for (guint32 v = b; v != a;)
          {
            const TfLink *l = &g->links[adj->link[via[v]]];

            path[n++] = adj->link[via[v]];
            v = l->a == v ? l->b : l->a;
          }
      g_string_append_printf (out, "    <route src=\"chip%u\" dst=\"chip%u\">", a, b);
      /* Walked back from b: the links from a are the last ones found. */
      for (guint32 from = a; n-- > 0;)
        {
          const TfLink *l = &g->links[path[n]];

          append_link_ctn (out, l, pair_of_link[path[n]].first, from);
          from = l->a == from ? l->b : l->a;
        }
      g_string_append (out, "</route>\n");
    }
}

/* The routes Stage 2 gives. */
static void
append_given_routes (const TfNetworkGraph  *g,
                     const Pair            *pair_of_link,
                     const TfSimgridRoutes *routes,
                     GString               *out)
{
  for (guint i = 0; i < routes->n_routes; i++)
    {
      guint32 from = routes->route_src[i];

      g_string_append_printf (out, "    <route src=\"chip%u\" dst=\"chip%u\" "
                              "symmetrical=\"NO\">", from, routes->route_dst[i]);
      for (guint k = routes->route_offset[i]; k < routes->route_offset[i + 1]; k++)
        {
          const TfLink *l = &g->links[routes->route_links[k]];

          append_link_ctn (out, l, pair_of_link[routes->route_links[k]].first, from);
          from = l->a == from ? l->b : l->a;
        }
      g_string_append (out, "</route>\n");
    }
}

static void
append_platform (const TfTopology      *topology,
                 const TfSimgridRoutes *routes,
                 GString               *out)
{
  const TfNetworkGraph *g;
  const TfContext *ctx;
  guint n_nodes;
  gboolean full;
  g_autofree Pair *pair_of_link = NULL;
  g_autofree double *link_gbps = NULL;
  g_autoptr(GHashTable) first_of_pair = NULL;
  char number[G_ASCII_DTOSTR_BUF_SIZE];
  ScaleUp su;

  g = &topology->graph;
  ctx = &topology->context;
  n_nodes = tf_network_graph_get_n_nodes (g);
  full = routes != NULL || g->n_chip <= FULL_MAX_CHIPS;
  link_gbps = g_new (double, MAX (g->n_links, 1));
  tf_network_graph_link_gbps (g, ctx, link_gbps);

  /* Parallel link records between one pair of nodes become one link of their summed
   * bandwidth, named after the first. */
  pair_of_link = g_new (Pair, MAX (g->n_links, 1));
  first_of_pair = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      gint64 *key = g_new (gint64, 1);
      gpointer known;

      *key = ((gint64) MIN (l->a, l->b) << 32) | MAX (l->a, l->b);
      pair_of_link[i].first = i;
      pair_of_link[i].gbps = link_gbps[i];
      if (g_hash_table_lookup_extended (first_of_pair, key, NULL, &known))
        {
          guint32 first = GPOINTER_TO_UINT (known);

          pair_of_link[i].first = first;
          pair_of_link[first].gbps += pair_of_link[i].gbps;
          g_free (key);
        }
      else
        g_hash_table_insert (first_of_pair, key, GUINT_TO_POINTER (i));
    }

  g_string_append (out, "<?xml version='1.0'?>\n"
                   "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
  g_string_append (out, "<!-- Written by Topoforge (docs/yaml-format.md)");
  if (topology->result.family != NULL)
    {
      g_autofree char *id = tf_result_dup_id (&topology->result);
      g_autofree char *escaped = g_markup_escape_text (id, -1);

      g_string_append_printf (out, ": %s", escaped);
    }
  g_string_append_printf (out, ". %u chips (hosts), %u switches (routers); %s -->\n", g->n_chip,
                          g->n_switch,
                          routes != NULL ? "Stage 2's routes, one per pair of chips that "
                                           "communicates"
                          : full ? "one explicit shortest route per pair of chips"
                                 : "SimGrid finds a shortest route (fewest links) itself");
  g_string_append_printf (out, "<platform version=\"4.1\">\n  <zone id=\"topology\" "
                          "routing=\"%s\">\n", full ? "Full" : "DijkstraCache");
  for (guint32 c = 0; c < g->n_chip; c++)
    g_string_append_printf (out, "    <host id=\"chip%u\" speed=\"1Gf\"/>\n", c);
  for (guint32 s = g->n_chip; s < n_nodes; s++)
    {
      g_string_append (out, "    <router id=\"");
      append_node (g, s, out);
      g_string_append (out, "\"/>\n");
    }
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      double latency_ns = tf_context_link_defaults (ctx, l->type, l->reach).latency_ns;

      if (pair_of_link[i].first != i)
        continue;
      latency_ns += 0.5 * ctx->switch_defaults.latency_ns
                    * ((l->a >= g->n_chip) + (l->b >= g->n_chip));
      if (routes != NULL)
        latency_ns = routes->link_latency_ns;
      g_ascii_dtostr (number, sizeof number, pair_of_link[i].gbps);
      g_string_append_printf (out, "    <link id=\"l%u\" bandwidth=\"%sGBps\"", i, number);
      g_ascii_dtostr (number, sizeof number, latency_ns);
      g_string_append_printf (out, " latency=\"%sns\" sharing_policy=\"SPLITDUPLEX\"/>\n",
                              number);
    }

  scale_up_init (&su, g);
  if (routes != NULL)
    append_given_routes (g, pair_of_link, routes, out);
  else if (full)
    {
      TfAdjacency adj;
      g_autofree guint32 *via = g_new (guint32, MAX (n_nodes, 1));
      g_autofree guint32 *dist = g_new (guint32, MAX (n_nodes, 1));
      g_autofree guint32 *queue = g_new (guint32, MAX (n_nodes, 1));
      g_autofree guint32 *path = g_new (guint32, MAX (n_nodes, 2));

      tf_adjacency_init (&adj, n_nodes, g->n_links, g->links, sizeof (TfLink));
      for (guint32 a = 0; a + 1 < g->n_chip; a++)
        append_routes_from (g, &adj, pair_of_link, &su, first_of_pair, a, via, dist, queue, path,
                            out);
      tf_adjacency_clear (&adj);
    }
  else
    {
      for (guint i = 0; i < g->n_links; i++)
        {
          const TfLink *l = &g->links[i];

          if (pair_of_link[i].first != i)
            continue;
          g_string_append (out, "    <route src=\"");
          append_node (g, l->a, out);
          g_string_append (out, "\" dst=\"");
          append_node (g, l->b, out);
          g_string_append (out, "\">");
          append_link_ctn (out, l, i, l->a);
          g_string_append (out, "</route>\n");
        }
      /* To SimGrid's Dijkstra a route is one edge of as many links as it holds; met at its
       * source, before any path as long through the fabric, it wins the tie. (SimGrid 3.32
       * lists such a route's links backwards in the paths it makes of it; a flow holds every
       * link of its route at once, so nothing changes.) */
      for (guint b = 0; b < g->n_board; b++)
        {
          const guint32 *chips = g->board_chips + (gsize) b * g->chips_per_board;

          for (guint i = 0; i < g->chips_per_board; i++)
            for (guint j = i + 1; j < g->chips_per_board; j++)
              {
                guint32 x = MIN (chips[i], chips[j]), y = MAX (chips[i], chips[j]), la, lb;

                if (!scale_up_route (g, &su, first_of_pair, x, y, &la, &lb))
                  continue;
                g_string_append_printf (out, "    <route src=\"chip%u\" dst=\"chip%u\">", x, y);
                append_link_ctn (out, &g->links[la], pair_of_link[la].first, x);
                append_link_ctn (out, &g->links[lb], pair_of_link[lb].first, g->links[la].b);
                g_string_append (out, "</route>\n");
              }
        }
    }
  scale_up_clear (&su);
  g_string_append (out, "  </zone>\n</platform>\n");
}

gboolean
tf_topology_write_simgrid (const TfTopology  *topology,
                           GString           *out,
                           GError           **error)
{
  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);

  append_platform (topology, NULL, out);
  return TRUE;
}

void
tf_topology_append_simgrid_platform (const TfTopology      *topology,
                                     const TfSimgridRoutes *routes,
                                     GString               *out)
{
  g_return_if_fail (topology != NULL && routes != NULL && out != NULL);

  append_platform (topology, routes, out);
}
