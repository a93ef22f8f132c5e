/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-structure.c: Layer 1 of the evaluator, graph structure (the spec's
 * "Layer 1：拓扑结构指标"), but switch_diversity (evaluator-diversity.c, computed only where
 * it is read: TF_LAYER_PATHS is this part, TF_LAYER_STRUCTURE all of Layer 1). Its parts live
 * apart: the twin quotient (twin-quotient.c), the paths and failures (evaluator-failures.c,
 * pair-sums.c), the bit-parallel search (bfs-bit-parallel.c); the hop table Layer 2 reads is
 * hop-table.c.
 *
 * What is measured, where the spec leaves holes (docs/optimizer.md repeats these decisions):
 *
 * - diameter, apl, apl_fail, disconnected_fraction and failure_cases: over ordered pairs of
 *   distinct chips, ATOP §3.4's formula 2 with its holes closed (a pair a failure cuts apart
 *   counts config->disconnected_penalty_hops hops; what fails is config->failures), defined
 *   and computed in evaluator-failures.c.
 * - bisection_bandwidth is the family's value while the candidate still is a family's result
 *   with a bisection, else tf_network_graph_bisection_bound(). Either is the bandwidth of a real
 *   balanced cut: an upper bound on the spec's minimum (exact where the family proves it).
 */
#include "structure-private.h"
#include "family-private.h"
#include "metrics-private.h"

gboolean
tf_evaluate_structure (const TfSearchConfig *config,
                       TfCandidate          *candidate,
                       GError              **error)
{
  const TfTopology *topology;
  TfEvaluation *ev;
  TfPathMetrics pm;
  TfHopTable *hops = NULL;
  TfGroupRotation rotation;
  gboolean has_rotation;

  g_return_val_if_fail (candidate != NULL, FALSE);

  topology = &candidate->topology;
  ev = &candidate->evaluation;
  /* Layer 1's searches give the hop table Layers 2 and 3 read, when it makes one from every
   * class of twin chips; else they build it when they need it. */
  if (candidate->hop_cache == NULL)
    hops = g_new0 (TfHopTable, 1);
  /* A family's rotation of its groups, checked on the graph before use (an edited graph keeps
   * its family's result but seldom the symmetry). */
  has_rotation = tf_result_get_group_rotation (&topology->context, &topology->result,
                                               &rotation);
  if (!tf_path_metrics (&topology->graph, candidate->chip_transitive,
                        config != NULL ? config->failures : TF_FAILURES_SWITCHES,
                        config != NULL ? config->disconnected_penalty_hops : 0,
                        has_rotation ? &rotation : NULL, hops, &pm, error))
    {
      g_free (hops);
      return FALSE;
    }
  if (hops != NULL && hops->graph != NULL)
    candidate->hop_cache = hops;
  else
    g_free (hops);
  ev->diameter = pm.diameter;
  ev->apl = pm.apl;
  ev->apl_fail = pm.apl_fail;
  ev->disconnected_fraction = pm.disconnected_fraction;
  ev->failure_cases = pm.failure_cases;

  /* Both are the bandwidth of a real balanced cut, an upper bound on the minimum. */
  if (topology->result.family != NULL
      && topology->result.metrics.bisection_bandwidth_method != TF_METHOD_NONE)
    ev->bisection_bandwidth = topology->result.metrics.bisection_bandwidth;
  else
    {
      guint64 links;

      tf_network_graph_bisection_bound (&topology->graph, &topology->context, &links,
                                        &ev->bisection_bandwidth);
    }
  ev->layers |= TF_LAYER_PATHS;
  return TRUE;
}

