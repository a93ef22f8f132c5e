/* SPDX-License-Identifier: GPL-3.0-or-later */
/* measure.c: measuring a topology's metrics on its graph (@tbl-spec-topo-20b).
 *
 * A family's result gets exactly the metrics enumerate gives it, values and labels, checked
 * against the graph, plus the average path length measured on the graph. A graph no family
 * describes gets exact counts and path metrics, exhaustive bisection and path diversity when it
 * is small, and otherwise generic bounds (the value of a real cut; the paths to one chip of
 * least degree).
 */
#include <math.h>

#include "cost-private.h"
#include "graph-private.h"
#include "family-private.h"
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

static gboolean
same_counts (const TfMetrics *a,
             const TfMetrics *b)
{
  return a->link_count == b->link_count
         && memcmp (a->link_count_by_type, b->link_count_by_type,
                    sizeof a->link_count_by_type) == 0
         && memcmp (a->link_count_by_reach, b->link_count_by_reach,
                    sizeof a->link_count_by_reach) == 0
         && a->switch_count == b->switch_count && a->switch_radix == b->switch_radix
         && a->links_per_chip_min == b->links_per_chip_min
         && a->links_per_chip_max == b->links_per_chip_max;
}

static gboolean
same_layout (const TfMetrics *a,
             const TfMetrics *b)
{
  double tolerance = 1e-9 * MAX (1, fabs (a->network_cost));

  return fabs (a->network_cost - b->network_cost) <= tolerance
         && a->cost_method == b->cost_method
         && memcmp (a->cables_by_class, b->cables_by_class, sizeof a->cables_by_class) == 0
         && fabs (a->injection_bandwidth - b->injection_bandwidth)
            <= 1e-9 * MAX (1, a->injection_bandwidth)
         && a->rack_count == b->rack_count && a->pod_count == b->pod_count
         && fabs (a->rack_power_kw - b->rack_power_kw) <= 1e-9 * MAX (1, a->rack_power_kw);
}

/* A family's result reports what enumerate reports for it (the family's closed forms and
 * bounds, with their labels), plus the average path length, which only a graph gives. The graph
 * checks the closed forms: a disagreement is a bug, reported, and the graph's exact value is
 * what the user gets. */
static gboolean
measure_family_result (const TfContext  *ctx,
                       TfResult         *result,
                       const TfBuild    *build,
                       TfNetworkGraph   *graph,
                       Scaled           *scaled,
                       GError          **error)
{
  TfMetrics *m = &result->metrics, counted;
  TfResult fresh = { 0 };
  g_autofree char *id = tf_result_dup_id (result);
  TfGroupRotation rotation;
  TfAttachment at;
  guint diameter;
  guint64 sum;

  fresh.params = result->params;
  if (tf_family_check (result->family, ctx, &fresh, NULL) != TF_CHECK_OK)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_NOT_IN_CONTEXT,
                   "id '%s' does not belong to its context", id);
      return FALSE;
    }
  *m = fresh.metrics;
  if (!tf_family_compute_metrics (result->family, ctx, result, build, error))
    return FALSE;

  counted = *m;
  tf_network_graph_count (graph, &counted);
  if (!same_counts (&counted, m))
    {
      g_critical ("%s: the graph's link, switch or chip counts differ from the family's "
                  "closed forms", id);
      tf_network_graph_count (graph, m);
    }
  counted = *m;
  tf_network_graph_measure_layout (ctx, graph, &counted);
  if (!same_layout (&counted, m))
    {
      g_critical ("%s: the graph's cost, cables, injection bandwidth or racks differ from the "
                  "family build's", id);
      tf_network_graph_measure_layout (ctx, graph, m);
    }
  /* Boards on rails (a board's chips on several leaves) take the path metrics' search from
   * every chip; where the family's groups rotate onto groups, searched from one group's chips
   * instead (group-rotation.c; boards on one leaf are cheaper the plain way). */
  tf_result_get_attachment (result, &at);
  if (at.attach == TF_ATTACH_RAIL && tf_result_get_group_rotation (ctx, result, &rotation)
      && tf_rotated_path_sums (graph, &rotation, &diameter, &sum))
    m->average_path_length = (double) sum / ((double) graph->n_chip * (graph->n_chip - 1));
  else if (!tf_network_graph_path_metrics (graph, build->chip_transitive, scaled_progress,
                                           scaled, &diameter, &m->average_path_length, error))
    return FALSE;
  m->average_path_length_method = TF_METHOD_EXACT;
  if (diameter != m->diameter)
    {
      g_critical ("%s: the family's diameter is %u, the graph's %u", id, m->diameter,
                  diameter);
      m->diameter = diameter;
      m->diameter_method = TF_METHOD_EXACT;
    }
  return TRUE;
}

/* A graph no family describes: exact counts and path metrics, exhaustive bisection and path
 * diversity where the graph is small, generic bounds otherwise. */
static gboolean
measure_graph (const TfContext  *ctx,
               TfResult         *result,
               TfNetworkGraph   *graph,
               Scaled           *scaled,
               GError          **error)
{
  TfMetrics *m = &result->metrics;
  guint64 links;
  double bandwidth;

  memset (m, 0, sizeof *m);
  generic_bounds (ctx, graph, m);
  tf_network_graph_count (graph, m);
  tf_network_graph_measure_layout (ctx, graph, m);
  if (!tf_network_graph_path_metrics (graph, FALSE, scaled_progress, scaled, &m->diameter,
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
  tf_metrics_set_bisection_per_chip (m, graph->n_chip);
  if (graph->n_chip <= TF_PATH_DIVERSITY_EXACT_MAX_CHIPS)
    {
      m->path_diversity = tf_network_graph_path_diversity_exact (graph);
      m->path_diversity_method = TF_METHOD_EXACT;
    }
  return TRUE;
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
  Scaled scaled = { progress, progress_data };

  if (result->family != NULL)
    return measure_family_result (ctx, result, build, graph, &scaled, error);
  return measure_graph (ctx, result, graph, &scaled, error);
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
        || tf_family_build (&topology->context, &topology->result, &build, error))
       && tf_measure (&topology->context, &topology->result,
                      topology->result.family ? &build : NULL, &topology->graph, progress,
                      progress_data, error);
  tf_build_clear (&build);
  return ok;
}
