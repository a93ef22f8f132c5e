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

gboolean
tf_hardware_check_chip_ports (const TfHardwareConstraints *hw,
                              const TfNetworkGraph        *graph,
                              GString                     *why)
{
  g_autofree guint64 *count = g_new0 (guint64, 3 * MAX (graph->n_chip, 1));
  static const char *const what[3] = {
    "links to switches", "links to chips of its board", "links leaving its board",
  };
  static const char *const key[3] = {
    "nic_ports_per_chip", "on_board_links_per_chip", "off_board_ports_per_chip",
  };
  guint limit[3] = {
    hw->nic_ports_per_chip, hw->on_board_links_per_chip, hw->off_board_ports_per_chip,
  };

  /* count[3 c + 0]: to switches; + 1: on its board; + 2: off its board. */
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      guint32 ends[2] = { l->a, l->b };

      for (guint e = 0; e < 2; e++)
        {
          guint32 c = ends[e], other = ends[1 - e];

          if (c >= graph->n_chip)
            continue;
          if (other >= graph->n_chip)
            count[3 * c] += l->multiplicity;
          if (l->reach == TF_REACH_BOARD)
            count[3 * c + 1] += l->multiplicity;
          else
            count[3 * c + 2] += l->multiplicity;
        }
    }
  for (guint c = 0; c < graph->n_chip; c++)
    for (guint k = 0; k < 3; k++)
      if (count[3 * c + k] > limit[k])
        {
          if (why != NULL)
            g_string_printf (why, "chip ports: chip%u has %" G_GUINT64_FORMAT " %s, more than "
                             "%s = %u", c, count[3 * c + k], what[k], key[k], limit[k]);
          return FALSE;
        }
  return TRUE;
}

/* The hard constraints of the spec (硬约束): connected; every switch within the largest radix
 * option; every chip within its ports (NIC, on-board, off-board); every cable within the longest
 * optical cable; the budget. "Link bandwidth matches at both ends" holds by construction: a
 * link's bandwidth is its type's, the same at both ends. */
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
  if (!tf_hardware_check_chip_ports (hw, graph, why))
    return FALSE;
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

static guint
layers_for (TfObjective objective)
{
  switch (objective)
    {
    case TF_OBJECTIVE_ITER_TIME: return TF_LAYER_WORKFLOW;
    case TF_OBJECTIVE_NETWORK_COST: return TF_LAYER_COST;
    case TF_OBJECTIVE_ALL_REDUCE_TIME: return TF_LAYER_COLLECTIVES;
    case TF_OBJECTIVE_APL_FAIL:
    case TF_OBJECTIVE_DISCONNECTED:
    case TF_OBJECTIVE_APL:
    case TF_OBJECTIVE_DIAMETER:
    case TF_OBJECTIVE_BISECTION:
    case TF_N_OBJECTIVES:
    default:
      return TF_LAYER_STRUCTURE;
    }
}

guint
tf_search_config_get_layers (const TfSearchConfig *config)
{
  guint layers = 0;

  for (guint k = 0; k < config->n_objectives; k++)
    layers |= layers_for (config->objectives[k]);
  return layers;
}

void
tf_candidate_get_objectives (const TfSearchConfig *config,
                             const TfCandidate    *candidate,
                             double               *values)
{
  const TfEvaluation *ev = &candidate->evaluation;

  for (guint k = 0; k < config->n_objectives; k++)
    {
      double v = 0;

      switch (config->objectives[k])
        {
        case TF_OBJECTIVE_ITER_TIME: v = ev->workflow_time_us; break;
        case TF_OBJECTIVE_NETWORK_COST: v = ev->network_cost_usd; break;
        case TF_OBJECTIVE_APL_FAIL: v = ev->apl_fail; break;
        case TF_OBJECTIVE_APL: v = ev->apl; break;
        case TF_OBJECTIVE_DISCONNECTED: v = ev->disconnected_fraction; break;
        case TF_OBJECTIVE_DIAMETER: v = ev->diameter; break;
        case TF_OBJECTIVE_BISECTION: v = -ev->bisection_bandwidth; break;
        case TF_OBJECTIVE_ALL_REDUCE_TIME:
          {
            guint n = config->workloads[0].n_message_sizes;

            v = n > 0 ? ev->collective_us[0][TF_PRIMITIVE_ALL_REDUCE][n - 1] : 0;
          }
          break;
        case TF_N_OBJECTIVES:
        default:
          g_assert_not_reached ();
        }
      values[k] = v;
    }
}

double
tf_objective_value (TfObjective objective,
                    double      minimised)
{
  return objective == TF_OBJECTIVE_BISECTION ? -minimised : minimised;
}
