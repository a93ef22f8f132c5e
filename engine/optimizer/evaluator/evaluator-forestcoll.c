/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-forestcoll.c: Layer 2's ForestColl bound (topology-optimizer-spec-v1.0.0, Layer 2,
 * "ForestColl Phase 1 下界"): the least time any schedule can take for an AllGather of the
 * first workload's largest message over every chip, with the candidate's link bandwidths
 * (forestcoll.c). A ReduceScatter's bound is the same (the links are alike both ways) and an
 * AllReduce's, a ReduceScatter then an AllGather, twice it. Beside the alpha-beta times, not
 * instead of them: no latency, and no routing but the best.
 */
#include "evaluator-private.h"
#include "forestcoll-private.h"

gboolean
tf_evaluate_forestcoll (const TfSearchConfig *config,
                        TfCandidate          *candidate,
                        GError              **error)
{
  const TfNetworkGraph *graph = &candidate->topology.graph;
  const TfWorkload *wl = &config->workloads[0];
  g_autofree double *gbps = g_new (double, MAX (graph->n_links, 1));
  g_autofree guint32 *sinks = NULL;
  double bytes = config->n_workloads > 0 && wl->n_message_sizes > 0
                 ? (double) wl->message_sizes[wl->n_message_sizes - 1] : 0;
  guint n;

  /* The candidate's links were made with its own context's bandwidths, as Layer 2's are. */
  tf_network_graph_link_gbps (graph, &candidate->topology.context, gbps);
  sinks = tf_forestcoll_sinks (graph, gbps, candidate->chip_transitive, &n);
  /* ns per byte times bytes is ns. */
  candidate->evaluation.forestcoll_us
    = bytes > 0 ? bytes * tf_forestcoll_ns_per_byte (graph, gbps, sinks, n, NULL) / 1e3 : 0;
  return TRUE;
}
