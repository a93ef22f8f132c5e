/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-graph-cases.c: the shared sweep of generated graphs (see test-graph-cases.h). */
#include "graph-private.h"
#include "test-graph-cases.h"
#include "test-util.h"

#define ENUMERATE_LIMIT 16u
#define CASE_LINKS_MAX  20000u

static void
case_free (gpointer data)
{
  TfTestGraphCase *c = data;

  tf_topology_clear (&c->topology);
  g_free (c->id);
  g_free (c->name);
  g_free (c);
}

/* Each part that stays connected without the datacenter switches becomes a pod: a 3-layer
 * fat-tree's groups spread over pods, as a hall with racks per pod would place them. */
static void
spread_pods (TfNetworkGraph *g)
{
  guint n_nodes = tf_network_graph_get_n_nodes (g);
  g_autofree guint32 *parent = g_new (guint32, n_nodes);
  g_autofree guint32 *pod_of_root = g_new (guint32, n_nodes);
  guint n_pod = 0;

  for (guint v = 0; v < n_nodes; v++)
    {
      parent[v] = v;
      pod_of_root[v] = G_MAXUINT32;
    }
  for (guint i = 0; i < g->n_links; i++)
    {
      guint32 a = g->links[i].a, b = g->links[i].b;

      if ((a >= g->n_chip && g->switches[a - g->n_chip].tier == TF_TIER_DATACENTER)
          || (b >= g->n_chip && g->switches[b - g->n_chip].tier == TF_TIER_DATACENTER))
        continue;
      while (parent[a] != a)
        a = parent[a] = parent[parent[a]];
      while (parent[b] != b)
        b = parent[b] = parent[parent[b]];
      parent[MAX (a, b)] = MIN (a, b);
    }
  for (guint r = 0; r < g->n_rack; r++)
    {
      guint32 chip = 0, root;

      for (guint b = 0; b < g->n_board; b++)
        if (g->board_rack[b] == r)
          {
            chip = g->board_chips[(gsize) b * g->chips_per_board];
            break;
          }
      for (root = chip; parent[root] != root; root = parent[root])
        ;
      if (pod_of_root[root] == G_MAXUINT32)
        pod_of_root[root] = n_pod++;
      g->rack_pod[r] = pod_of_root[root];
    }
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_POD)
      {
        guint32 root;

        for (root = g->n_chip + s; parent[root] != root; root = parent[root])
          ;
        g->switches[s].container = pod_of_root[root];
      }
  g->n_pod = n_pod;
  tf_network_graph_settle_links (g);
}

const TfNetworkGraph *
tf_test_graph_case_graph (const TfTestGraphCase *cc)
{
  /* Generated on first use and kept: several tests look at the same graph. */
  TfTestGraphCase *c = (TfTestGraphCase *) cc;

  if (!c->generated)
    {
      g_autoptr(GError) error = NULL;

      if (!tf_generate (&c->ctx, c->id, NULL, NULL, &c->topology, &error))
        g_error ("generate %s: %s", c->name, error->message);
      if (c->spread_pods)
        {
          spread_pods (&c->topology.graph);
          if (!tf_network_graph_check_invariants (&c->topology.graph, c->ctx.chip_radix, &error))
            g_error ("%s: %s", c->name, error->message);
        }
      c->generated = TRUE;
    }
  return &c->topology.graph;
}

static void
add_case (GPtrArray       *cases,
          const TfContext *ctx,
          const TfResult  *result,
          gboolean         spread)
{
  TfTestGraphCase *c = g_new0 (TfTestGraphCase, 1);

  c->ctx = *ctx;
  c->id = tf_test_id (result);
  c->spread_pods = spread;
  c->name = g_strdup_printf ("n%u/%s/%s/r%u/%s%s", ctx->n_chip,
                             tf_scope_to_string (ctx->scope),
                             tf_intra_board_topo_to_string (ctx->intra_board_topo),
                             ctx->chip_radix, c->id, spread ? "/pods" : "");
  g_ptr_array_add (cases, c);
}

GPtrArray *
tf_test_graph_cases_new (void)
{
  static const guint sizes[] = { 8, 64, 512 };
  static const TfScope scopes[] = { TF_SCOPE_INTRA_RACK, TF_SCOPE_INTER_RACK };
  GPtrArray *cases = g_ptr_array_new_with_free_func (case_free);

  for (guint f = 0; f < tf_families_get_count (); f++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      for (guint sc = 0; sc < G_N_ELEMENTS (scopes); sc++)
        for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
          for (guint radix = 1; radix <= (topo == TF_INTRA_BOARD_NONE ? 2u : 1u); radix++)
            {
              TfContext ctx = tf_test_context (sizes[s], scopes[sc], topo);
              g_auto(TfEnumeration) e = { 0 };
              const TfFamilyEnumeration *fe;
              gint first = -1, last = -1, layered = -1;

              ctx.chip_radix = radix;
              tf_test_enumerate (&ctx, tf_family_get_name (tf_families_get (f)),
                                 ENUMERATE_LIMIT, &e);
              fe = &e.families[0];
              for (guint i = 0; i < fe->n_results; i++)
                {
                  if (fe->results[i].metrics.link_count > CASE_LINKS_MAX)
                    continue;
                  if (first < 0)
                    first = i;
                  last = i;
                  if (layered < 0 && tf_test_attr (&fe->results[i], "layers") == 3)
                    layered = i;
                }
              /* A layered family's first 3-layer result may sort past the limit (its 2-layer
               * ones first): look for it among all. */
              if (layered < 0 && fe->n_results > 0 && tf_test_attr (&fe->results[0], "layers") > 0)
                {
                  g_auto(TfEnumeration) all = { 0 };

                  tf_test_enumerate (&ctx, tf_family_get_name (tf_families_get (f)), 0, &all);
                  for (guint i = 0; i < all.families[0].n_results && layered < 0; i++)
                    if (all.families[0].results[i].metrics.link_count <= CASE_LINKS_MAX
                        && tf_test_attr (&all.families[0].results[i], "layers") == 3)
                      {
                        add_case (cases, &ctx, &all.families[0].results[i], FALSE);
                        add_case (cases, &ctx, &all.families[0].results[i], TRUE);
                        layered = G_MAXINT;
                      }
                }
              if (first >= 0)
                add_case (cases, &ctx, &fe->results[first], FALSE);
              if (last > first)
                add_case (cases, &ctx, &fe->results[last], FALSE);
              if (layered >= 0 && layered != G_MAXINT && layered > first && layered != last)
                add_case (cases, &ctx, &fe->results[layered], FALSE);
              if (layered >= 0 && layered != G_MAXINT)
                add_case (cases, &ctx, &fe->results[layered], TRUE);
            }
  return cases;
}

const TfTestGraphCase *
tf_test_graph_cases_find (GPtrArray  *cases,
                          const char *prefix)
{
  for (guint i = 0; i < cases->len; i++)
    {
      const TfTestGraphCase *c = g_ptr_array_index (cases, i);

      if (g_str_has_prefix (c->name, prefix))
        return c;
    }
  g_error ("no case %s", prefix);
}

void
tf_test_graph_cases_add (GPtrArray     *cases,
                         const char    *prefix,
                         GTestDataFunc  func)
{
  for (guint i = 0; i < cases->len; i++)
    {
      const TfTestGraphCase *c = g_ptr_array_index (cases, i);
      g_autofree char *path = g_strdup_printf ("%s/%s", prefix, c->name);

      g_test_add_data_func (path, c, func);
    }
}
