/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generate.c: "阶段二/三" generation. The family builds its endpoint-level network; the framework
 * expands endpoints into chips, adds IntraBoardTopo links, types every link by the boundary it
 * crosses, checks every invariant and measures the metrics on the graph.
 *
 * Expansion: a Tier-7 endpoint is a board of C chips, and a family-level port a bundle of
 * C x chip_radix physical links (family-private.h): a board-switch link becomes C chip-switch
 * links of chip_radix each, a switch-switch link of multiplicity m becomes m x C x chip_radix
 * links, and a board-board link joins chip j to chip j + shift (or every chip to every chip).
 * Every link at a chip carries chip_radix parallel links.
 */
#include "graph-private.h"
#include "intra-board-private.h"
#include "family-private.h"
#include "metrics-private.h"
#include "progress-private.h"

static gboolean
expand (const TfContext  *ctx,
        const TfResult   *result,
        TfBuild          *build,
        TfNetworkGraph   *graph,
        GError          **error)
{
  /* Endpoints are chips in a Tier-6 family and in a Tier-7 one attached rail by rail. */
  gboolean chip_leaves = build->endpoint_board != NULL;
  guint n = ctx->n_chip, c = result->chips_per_board, r = (guint) build->chip_lanes;
  guint n_ep = build->n_endpoint;
  guint64 lanes = build->port_lanes;
  const TfBuildLink *bl = (const TfBuildLink *) (const void *) build->links->data;
  TfBoardTopo bt;
  GArray *links;

  graph->n_chip = n;
  graph->chips_per_board = c;
  graph->n_board = build->n_board;
  graph->n_rack = build->n_rack;
  graph->n_pod = build->n_pod;
  /* The build stays whole: the family's metrics still read it. */
  graph->board_rack = g_memdup2 (build->board_rack, sizeof (guint32) * build->n_board);
  graph->rack_pod = g_memdup2 (build->rack_pod, sizeof (guint32) * build->n_rack);
  graph->board_chips = g_new (guint32, (gsize) build->n_board * c);
  if ((guint64) build->n_board * c != n)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                   "board size: %u boards of %u chips do not hold n_chip = %u",
                   build->n_board, c, n);
      return FALSE;
    }
  if (chip_leaves)
    {
      g_autofree guint32 *fill = g_new0 (guint32, build->n_board);

      for (guint i = 0; i < n; i++)
        {
          guint b = build->endpoint_board[i];

          if (b >= build->n_board || fill[b] == c)
            {
              g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                           "board size: board %u would hold more than chips_per_board = %u",
                           b, c);
              return FALSE;
            }
          graph->board_chips[(gsize) b * c + fill[b]++] = i;
        }
    }
  else
    for (guint i = 0; i < n; i++)
      graph->board_chips[i] = i;

  if (!tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, c, NULL))
    g_assert_not_reached ();  /* tf_family_check refused this already */
  /* A board's scale-up switches follow the family's switches. */
  graph->n_switch = build->switches->len + tf_board_topo_n_switches (&bt, build->n_board);
  graph->switches = g_new0 (TfSwitch, MAX (graph->n_switch, 1));
  for (guint i = 0; i < build->switches->len; i++)
    {
      graph->switches[i] = g_array_index (build->switches, TfSwitch, i);
      graph->switches[i].id = g_strdup (graph->switches[i].id);
      graph->switches[i].port_count = 0;
    }

  links = g_array_sized_new (FALSE, FALSE, sizeof (TfLink),
                             (guint) MIN (result->metrics.link_count, G_MAXUINT32 / 2));
  for (guint i = 0; i < build->links->len; i++)
    {
      gboolean a_ep = bl[i].a < n_ep, b_ep = bl[i].b < n_ep;
      guint32 m = bl[i].multiplicity;

      if (!a_ep && !b_ep)
        tf_links_append (links, n + bl[i].a - n_ep, n + bl[i].b - n_ep, (guint32) (m * lanes));
      else if (chip_leaves)
        tf_links_append (links, a_ep ? bl[i].a : n + bl[i].a - n_ep,
                  b_ep ? bl[i].b : n + bl[i].b - n_ep, m * r);
      else if (!a_ep || !b_ep)
        for (guint j = 0; j < c; j++)
          tf_links_append (links, a_ep ? bl[i].a * c + j : n + bl[i].a - n_ep,
                    b_ep ? bl[i].b * c + j : n + bl[i].b - n_ep, m * r);
      else if (bl[i].shift == TF_LANES_ALL)
        for (guint j = 0; j < c; j++)
          for (guint k = 0; k < c; k++)
            tf_links_append (links, bl[i].a * c + j, bl[i].b * c + k, m * r);
      else
        for (guint j = 0; j < c; j++)
          tf_links_append (links, bl[i].a * c + j, bl[i].b * c + (j + bl[i].shift) % c, m * r);
    }

  tf_board_topo_fill_switches (&bt, build->n_board, graph->switches + build->switches->len);
  tf_board_topo_append_links (&bt, graph->board_chips, graph->n_board,
                              n + build->switches->len, links);

  graph->n_links = links->len;
  graph->links = (TfLink *) (void *) g_array_free (links, FALSE);

  tf_network_graph_settle_links (graph);
  return TRUE;
}

gboolean
tf_generate (const TfContext  *ctx,
             const char       *id,
             TfProgressFunc    progress,
             gpointer          progress_data,
             TfTopology       *out,
             GError          **error)
{
  TfBuild build;
  gboolean ok;

  g_return_val_if_fail (ctx != NULL && id != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (!tf_result_from_id (ctx, id, &out->result, error))
    return FALSE;
  out->context = *ctx;

  tf_build_init (&build);
  ok = tf_progress_report (progress, progress_data, 0.0, error)
       && tf_family_build (ctx, &out->result, &build, error)
       && tf_progress_report (progress, progress_data, 0.2, error)
       && expand (ctx, &out->result, &build, &out->graph, error)
       && tf_progress_report (progress, progress_data, 0.35, error)
       && tf_network_graph_check_invariants (&out->graph, ctx->chip_radix, error)
       && tf_progress_report (progress, progress_data, 0.5, error)
       && tf_measure (ctx, &out->result, &build, &out->graph, progress, progress_data, error)
       && tf_progress_report (progress, progress_data, 1.0, error);
  out->chip_transitive = build.chip_transitive;
  out->lattice = build.lattice;
  tf_build_clear (&build);
  if (!ok)
    tf_topology_clear (out);
  return ok;
}

void
tf_topology_clear (TfTopology *topology)
{
  g_return_if_fail (topology != NULL);

  tf_network_graph_clear (&topology->graph);
  g_free (topology->source);
  g_clear_pointer (&topology->extensions, g_ptr_array_unref);
  g_clear_pointer (&topology->notices, g_ptr_array_unref);
  g_clear_pointer (&topology->candidate, tf_candidate_metadata_free);
  memset (topology, 0, sizeof *topology);
}
