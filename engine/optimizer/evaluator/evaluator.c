/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator.c: the layered evaluator (topology-optimizer-spec-v1.0.0, 5 层评估器).
 *
 * A layer is computed at most once per candidate: candidate->evaluation.layers records the
 * layers done, and asking again returns the cache. Layers pull in what they stand on: Layer 2
 * (collectives) and Layer 3 (iteration) use Layer 1's bisection, Layer 4 (workflow) is computed
 * with Layer 3. Layer 1's failure analysis (TF_LAYER_FAILURES) is a layer of its own: asked with
 * the paths, one pass gives both; asked after them (the baseline's pruning, search.c), it runs
 * the paths' searches again. The funnel: the hard constraints that need no path search (radix, cable length,
 * budget: Layer 5 and the port counts) are checked first, so a rejected candidate never costs a
 * Layer 1 search.
 */
#include <math.h>
#include <string.h>

#include "evaluator-private.h"
#include "structure-private.h"

typedef gboolean (*LayerFunc) (const TfSearchConfig *config, TfCandidate *candidate,
                               GError **error);

/* The layers in the order they run (the funnel: cost first), one row each: the bits that ask
 * for it, what it computes, the layers it stands on (all of Layer 1, TF_LAYER_STRUCTURE, stands
 * on its failure analysis too), its name, its slot in TfEvaluatorStats and whether it counts there
 * as a computation (switch_diversity, Layer 1's last part, adds its time to Layer 1's). Layer 4
 * (workflow) is computed with Layer 3 by the same function. */
typedef struct
{
  TfLayer     layer;
  guint       asked;       /* the bits that ask for it */
  guint       computes;    /* the bits it sets */
  guint       needs;
  const char *name;
  guint       index;
  gboolean    counted;
  LayerFunc   func;
} LayerRow;

static const LayerRow layers_table[] = {
  { TF_LAYER_COST, TF_LAYER_COST, TF_LAYER_COST, 0, "cost", 5, TRUE, tf_evaluate_cost },
  /* Asked together, the paths and the failure analysis are one pass; the paths alone, the
   * second row. */
  { TF_LAYER_FAILURES, TF_LAYER_FAILURES, TF_LAYER_FAILURES | TF_LAYER_PATHS, 0, "structure", 1,
    TRUE, tf_evaluate_structure },
  { TF_LAYER_PATHS, TF_LAYER_PATHS, TF_LAYER_PATHS, 0, "structure", 1, TRUE, tf_evaluate_paths },
  { TF_LAYER_STRUCTURE, TF_LAYER_STRUCTURE, TF_LAYER_STRUCTURE,
    TF_LAYER_PATHS | TF_LAYER_FAILURES, "switch_diversity", 1, FALSE,
    tf_evaluate_switch_diversity },
  { TF_LAYER_COLLECTIVES, TF_LAYER_COLLECTIVES, TF_LAYER_COLLECTIVES, TF_LAYER_PATHS,
    "collectives", 2, TRUE,
    tf_evaluate_collectives },
  /* ForestColl's bound, a part of Layer 2 of its own: its time is Layer 2's. */
  { TF_LAYER_FORESTCOLL, TF_LAYER_FORESTCOLL, TF_LAYER_FORESTCOLL, 0, "collectives", 2, FALSE,
    tf_evaluate_forestcoll },
  { TF_LAYER_ITERATION, TF_LAYER_ITERATION | TF_LAYER_WORKFLOW,
    TF_LAYER_ITERATION | TF_LAYER_WORKFLOW, TF_LAYER_PATHS, "iteration",
    3, TRUE, tf_evaluate_iteration },
};

const char *
tf_layer_to_string (guint index)
{
  static const char *const names[TF_N_LAYER_SLOTS] = {
    NULL, "structure", "collectives", "iteration", "workflow", "cost",
  };

  g_return_val_if_fail (index < TF_N_LAYER_SLOTS, NULL);
  return names[index];
}

static gboolean
run_layer (const TfSearchConfig *config,
           TfCandidate          *candidate,
           const LayerRow       *row,
           TfEvaluatorStats     *stats,
           GError              **error)
{
  gint64 start;
  gboolean ok;
  guint before = candidate->evaluation.layers;

  if (before & row->layer)
    return TRUE;
  start = g_get_monotonic_time ();
  ok = row->func (config, candidate, error);
  if (ok)
    candidate->evaluation.layers |= row->computes;
  if (stats != NULL)
    {
      /* The failure analysis after the paths: the same computation, timed. */
      stats->computed[row->index] += row->counted && (before & row->computes) == 0;
      stats->seconds[row->index] += (g_get_monotonic_time () - start) / 1e6;
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

  /* What the asked layers stand on (the table lists a layer's needs before it). */
  for (guint i = G_N_ELEMENTS (layers_table); i > 0; i--)
    if (layers & layers_table[i - 1].asked)
      layers |= layers_table[i - 1].needs;
  for (guint i = 0; i < G_N_ELEMENTS (layers_table); i++)
    if ((layers & layers_table[i].asked)
        && !run_layer (config, candidate, &layers_table[i], stats, error))
      return FALSE;
  return TRUE;
}

gboolean
tf_hardware_check_chip_ports (const TfHardwareConstraints *hw,
                              const TfNetworkGraph        *graph,
                              GString                     *why)
{
  g_autofree guint64 *count = g_new0 (guint64, 3 * MAX (graph->n_chip, 1));
  static const char *const what[3] = {
    "links to switches", "links on its board", "links leaving its board",
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
          /* A scale-up switch on the board takes the chip's on-board (NVLink) ports, not a
           * NIC's. */
          if (other >= graph->n_chip
              && graph->switches[other - graph->n_chip].tier != TF_TIER_BOARD)
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
 * option; every chip within its ports (NIC, on-board, off-board); no dead hardware (issue 30:
 * no switch a dead end, a pass-through or a trap for its chips; dead-hardware.c); no rack whose
 * boards draw more than its power budget (as rack-power-overflow judges a family's); every cable
 * within the longest optical cable; the budget. "Link bandwidth matches at both ends" holds by
 * construction: a link's bandwidth is its type's, the same at both ends. */
gboolean
tf_candidate_check_constraints (const TfSearchConfig *config,
                                TfCandidate          *candidate,
                                GString              *why)
{
  const TfNetworkGraph *graph = &candidate->topology.graph;
  const TfHardwareConstraints *hw = &config->hardware;
  g_autoptr(GError) error = NULL;

  for (guint s = 0; s < graph->n_switch; s++)
    if (!tf_hardware_switch_fits (hw, &graph->switches[s]))
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
  if (tf_network_graph_find_dead_switch (graph, NULL, why) != TF_DEAD_SWITCH_NONE)
    {
      g_string_prepend (why, "dead hardware: ");
      return FALSE;
    }
  {
    guint rack;
    double kw = tf_network_graph_boards_power_kw (&config->context, graph, &rack);

    if (kw > config->context.rack.power_kw * (1 + 1e-12))
      {
        g_string_printf (why, "rack power: the boards of rack %u draw %.1f kW, more than the "
                         "%.1f kW budget (hardware_constraints.rack_power_kw)", rack, kw,
                         config->context.rack.power_kw);
        return FALSE;
      }
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

gboolean
tf_candidate_adopt_hardware (const TfSearchConfig *config,
                             TfCandidate          *candidate,
                             GError              **error)
{
  TfContext *ctx = &candidate->topology.context;
  const TfContext *hw = &config->context;

  g_return_val_if_fail (config != NULL && candidate != NULL, FALSE);

  if (candidate->topology.graph.n_chip != config->n_chip)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT, "%u chips, but the "
                   "configuration's n_chip is %u", candidate->topology.graph.n_chip,
                   config->n_chip);
      return FALSE;
    }
  /* The file's structure (scope, chips per board, lanes) stays. */
  ctx->chip = hw->chip;
  ctx->switch_defaults = hw->switch_defaults;
  ctx->rack = hw->rack;
  memcpy (ctx->defaults, hw->defaults, sizeof ctx->defaults);
  memcpy (ctx->by_reach, hw->by_reach, sizeof ctx->by_reach);
  candidate->evaluation.layers = 0;
  return TRUE;
}

gboolean
tf_candidate_evaluate_design (const TfSearchConfig *config,
                              TfCandidate          *candidate,
                              GString              *violation,
                              GError              **error)
{
  g_autoptr(GString) why = g_string_new (NULL);
  guint layers = tf_search_config_get_layers (config) | TF_LAYER_STRUCTURE | TF_LAYER_COST
                 | TF_LAYER_ITERATION;

  if (!tf_candidate_adopt_hardware (config, candidate, error)
      || !tf_evaluate (config, candidate, TF_LAYER_COST, NULL, error))
    return FALSE;
  if (!tf_candidate_check_constraints (config, candidate, why) && violation != NULL)
    g_string_assign (violation, why->str);
  if (tf_network_graph_is_connected (&candidate->topology.graph)
      && !tf_evaluate (config, candidate, layers, NULL, error))
    return FALSE;
  tf_candidate_get_objectives (config, candidate, candidate->objectives);
  return TRUE;
}
