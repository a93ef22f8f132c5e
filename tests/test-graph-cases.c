/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-graph-cases.c: the shared sweep of generated graphs (see test-graph-cases.h). */
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
      c->generated = TRUE;
    }
  return &c->topology.graph;
}

static void
add_case (GPtrArray       *cases,
          const TfContext *ctx,
          const TfResult  *result)
{
  TfTestGraphCase *c = g_new0 (TfTestGraphCase, 1);

  c->ctx = *ctx;
  c->id = tf_test_id (result);
  c->name = g_strdup_printf ("n%u/%s/%s/r%u/%s", ctx->n_chip, tf_scope_to_string (ctx->scope),
                             tf_intra_board_topo_to_string (ctx->intra_board_topo),
                             ctx->chip_radix, c->id);
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
        for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo <= TF_INTRA_BOARD_TORUS; topo++)
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
              if (first >= 0)
                add_case (cases, &ctx, &fe->results[first]);
              if (last > first)
                add_case (cases, &ctx, &fe->results[last]);
              if (layered > first && layered != last)
                add_case (cases, &ctx, &fe->results[layered]);
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
