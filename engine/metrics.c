/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics.c: measuring a topology's metrics on its graph (@tbl-spec-topo-20b).
 *
 * Counts and path metrics are always exact, measured on the graph. Bisection and path
 * diversity come from the family's closed forms and bounds when the graph is a family's result,
 * from exhaustive search on small graphs, and otherwise from generic bounds (the value of a real
 * cut; the paths to one chip of least degree).
 */
#include "graph-private.h"
#include "metrics-private.h"
#include "progress-private.h"

typedef struct
{
  TfProgressFunc progress;
  gpointer       data;
} Scaled;

static gboolean
scaled_progress (double   fraction,
                 gpointer data)
{
  Scaled *s = data;

  return s->progress == NULL || s->progress (0.5 + 0.5 * fraction, s->data);
}

/* Bounds for a graph no family describes. */
static void
generic_bounds (const TfContext      *ctx,
                const TfNetworkGraph *graph,
                TfMetrics            *m)
{
  tf_network_graph_bisection_bound (graph, ctx, &m->bisection_links, &m->bisection_bandwidth);
  m->bisection_links_method = TF_METHOD_UPPER_BOUND;
  m->bisection_bandwidth_method = TF_METHOD_UPPER_BOUND;
  m->path_diversity = tf_network_graph_path_diversity_bound (graph);
  m->path_diversity_method = TF_METHOD_UPPER_BOUND;
}

gboolean
tf_measure (const TfContext  *ctx,
            TfResult         *result,
            const TfBuild    *build,
            TfNetworkGraph   *graph,
            TfProgressFunc    progress,
            gpointer          progress_data,
            GError          **error)
{
  TfMetrics *m = &result->metrics;
  Scaled scaled = { progress, progress_data };
  guint64 links;
  double bandwidth;

  memset (m, 0, sizeof *m);
  if (result->family != NULL)
    {
      if (!tf_family_compute_metrics (result->family, ctx, result, build, error))
        return FALSE;
    }
  else
    generic_bounds (ctx, graph, m);

  memset (m->link_count_by_type, 0, sizeof m->link_count_by_type);
  m->link_count = 0;
  for (guint i = 0; i < graph->n_links; i++)
    {
      m->link_count_by_type[graph->links[i].type] += graph->links[i].multiplicity;
      m->link_count += graph->links[i].multiplicity;
    }
  m->switch_count = graph->n_switch;
  m->counts_method = TF_METHOD_EXACT;

  if (!tf_network_graph_path_metrics (graph, build != NULL && build->chip_transitive,
                                      scaled_progress, &scaled, &m->diameter,
                                      &m->average_path_length, error))
    return FALSE;
  m->diameter_method = TF_METHOD_EXACT;
  m->average_path_length_method = TF_METHOD_EXACT;

  if (tf_network_graph_bisection_exact (graph, ctx, &links, &bandwidth))
    {
      m->bisection_links = links;
      m->bisection_links_method = TF_METHOD_EXACT;
      m->bisection_bandwidth = bandwidth;
      m->bisection_bandwidth_method = TF_METHOD_EXACT;
    }
  if (graph->n_chip <= TF_PATH_DIVERSITY_EXACT_MAX_CHIPS)
    {
      m->path_diversity = tf_network_graph_path_diversity_exact (graph);
      m->path_diversity_method = TF_METHOD_EXACT;
    }
  return TRUE;
}

gboolean
tf_topology_measure (TfTopology     *topology,
                     TfProgressFunc  progress,
                     gpointer        progress_data,
                     GError        **error)
{
  TfBuild build;
  gboolean ok;

  g_return_val_if_fail (topology != NULL, FALSE);

  tf_build_init (&build);
  /* A family's result measures as generate measures it, family build included (it says
   * whether the chip graph is vertex-transitive). */
  ok = (topology->result.family == NULL
        || topology->result.family->build (&topology->context, &topology->result, &build, error))
       && tf_measure (&topology->context, &topology->result,
                      topology->result.family ? &build : NULL, &topology->graph, progress,
                      progress_data, error);
  tf_build_clear (&build);
  return ok;
}
