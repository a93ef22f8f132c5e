/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator.c: the layered evaluator (topology-optimizer-spec-v1.0.0, 5 层评估器).
 *
 * A layer is computed at most once per candidate: candidate->evaluation.layers records the
 * layers done, and asking again returns the cache. Layers pull in what they stand on: Layer 2
 * (collectives) and Layer 3 (iteration) use Layer 1's bisection, Layer 4 (workflow) is computed
 * with Layer 3. The funnel: the hard constraints that need no path search (radix, cable length,
 * budget: Layer 5 and the port counts) are checked first, so a rejected candidate never costs a
 * Layer 1 search.
 */
#include <math.h>

#include "optimizer-private.h"

static guint
layer_index (TfLayer layer)
{
  switch (layer)
    {
    case TF_LAYER_STRUCTURE: return 1;
    case TF_LAYER_COLLECTIVES: return 2;
    case TF_LAYER_ITERATION: return 3;
    case TF_LAYER_WORKFLOW: return 4;
    case TF_LAYER_COST: return 5;
    default: g_assert_not_reached ();
    }
  return 0;
}

static guint
with_dependencies (guint layers)
{
  if (layers & TF_LAYER_WORKFLOW)
    layers |= TF_LAYER_ITERATION;
  if (layers & (TF_LAYER_COLLECTIVES | TF_LAYER_ITERATION))
    layers |= TF_LAYER_STRUCTURE;
  return layers;
}

typedef gboolean (*LayerFunc) (const TfSearchConfig *config, TfCandidate *candidate,
                               GError **error);

static gboolean
run_layer (const TfSearchConfig *config,
           TfCandidate          *candidate,
           TfLayer               layer,
           LayerFunc             func,
           TfEvaluatorStats     *stats,
           GError              **error)
{
  gint64 start;
  gboolean ok;

  if (candidate->evaluation.layers & layer)
    return TRUE;
  start = g_get_monotonic_time ();
  ok = func (config, candidate, error);
  if (ok)
    candidate->evaluation.layers |= layer;
  if (stats != NULL)
    {
      stats->computed[layer_index (layer)]++;
      stats->seconds[layer_index (layer)] += (g_get_monotonic_time () - start) / 1e6;
    }
  return ok;
}

gboolean
tf_evaluate (const TfSearchConfig *config,
             TfCandidate          *candidate,
             guint                 layers,
             TfEvaluatorStats     *stats,
             GError              **error)
{
  g_return_val_if_fail (config != NULL && candidate != NULL, FALSE);

  layers = with_dependencies (layers);
  return (!(layers & TF_LAYER_COST)
          || run_layer (config, candidate, TF_LAYER_COST, tf_evaluate_cost, stats, error))
         && (!(layers & TF_LAYER_STRUCTURE)
             || run_layer (config, candidate, TF_LAYER_STRUCTURE, tf_evaluate_structure, stats,
                           error))
         && (!(layers & TF_LAYER_COLLECTIVES)
             || run_layer (config, candidate, TF_LAYER_COLLECTIVES, tf_evaluate_collectives,
                           stats, error))
         && (!(layers & (TF_LAYER_ITERATION | TF_LAYER_WORKFLOW))
             || run_layer (config, candidate, TF_LAYER_ITERATION, tf_evaluate_iteration, stats,
                           error));
}

/* The hard constraints of the spec (硬约束): connected; every switch within the largest radix
 * option; every cable within the longest optical cable; the budget. "Link bandwidth matches at
 * both ends" holds by construction: a link's bandwidth is its type's, the same at both ends. */
gboolean
tf_candidate_check_constraints (const TfSearchConfig *config,
                                TfCandidate          *candidate,
                                GString              *why)
{
  const TfNetworkGraph *graph = &candidate->topology.graph;
  const TfHardwareConstraints *hw = &config->hardware;
  g_autoptr(GError) error = NULL;

  for (guint s = 0; s < graph->n_switch; s++)
    if (tf_hardware_radix_for (hw, graph->switches[s].port_count) == 0)
      {
        g_string_printf (why, "switch ports: %s has %u ports, more than the largest radix "
                         "option %u", graph->switches[s].id, graph->switches[s].port_count,
                         hw->n_radix_options ? hw->radix_options[hw->n_radix_options - 1] : 0);
        return FALSE;
      }
  if (!tf_network_graph_is_connected (graph))
    {
      g_string_assign (why, "connectivity: the graph is not connected");
      return FALSE;
    }
  if (!tf_evaluate (config, candidate, TF_LAYER_COST, NULL, &error))
    {
      g_string_assign (why, error->message);
      return FALSE;
    }
  if (candidate->evaluation.longest_cable_m > hw->max_optical_cable_length_m)
    {
      g_string_printf (why, "cable length: the longest cable is %.1f m, more than the %.1f m "
                       "allowed", candidate->evaluation.longest_cable_m,
                       hw->max_optical_cable_length_m);
      return FALSE;
    }
  if (hw->budget_usd > 0 && candidate->evaluation.network_cost_usd > hw->budget_usd)
    {
      g_string_printf (why, "budget: the network costs %.0f USD, more than the %.0f USD budget",
                       candidate->evaluation.network_cost_usd, hw->budget_usd);
      return FALSE;
    }
  return TRUE;
}
