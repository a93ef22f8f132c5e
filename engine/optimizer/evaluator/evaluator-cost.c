/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-cost.c: Layer 5 of the evaluator, network cost, and the floor plan.
 *
 * The spec's C_net = sum of switch prices + sum of link prices + NICs, read as what is bought:
 * the NICs are the chip ports of off-board links, not one per chip (docs/spec-notes.md). Priced
 * by the one cost model (cost-model.c) that every enumerated result is priced by too, with the
 * search configuration's price table and floor plan, and its port-speed items scaled to the
 * configuration's NIC bandwidth. docs/optimizer.md gives the layout and the price table.
 */
#include "cost-private.h"
#include "evaluator-private.h"

#include <string.h>

guint
tf_hardware_radix_for (const TfHardwareConstraints *hw,
                       guint                        ports)
{
  guint best = 0;

  g_return_val_if_fail (hw != NULL, 0);

  for (guint i = 0; i < MIN (hw->n_radix_options, TF_SEARCH_MAX_RADIX_OPTIONS); i++)
    if (hw->radix_options[i] >= ports && (best == 0 || hw->radix_options[i] < best))
      best = hw->radix_options[i];
  return best;
}

gboolean
tf_hardware_switch_fits (const TfHardwareConstraints *hw,
                         const TfSwitch              *sw)
{
  return sw->tier == TF_TIER_BOARD || tf_hardware_radix_for (hw, sw->port_count) != 0;
}

/* The public forms lay the floor out on every call (linear in the racks); the cost layer lays it
 * out once per candidate. */
void
tf_floor_plan_position (const TfFloorPlan    *floor,
                        const TfNetworkGraph *graph,
                        const guint32        *chip_board,
                        guint32               node,
                        double               *x,
                        double               *y)
{
  TfFloorLayout layout;
  guint board, rack, pod;

  g_return_if_fail (floor != NULL && graph != NULL && chip_board != NULL);
  g_return_if_fail (node < tf_network_graph_get_n_nodes (graph));
  g_return_if_fail (x != NULL && y != NULL);

  tf_floor_layout_init (&layout, floor, graph->n_rack, graph->n_pod, graph->rack_pod);
  tf_network_graph_locate (graph, chip_board, node, &board, &rack, &pod);
  tf_floor_layout_position (&layout, rack, pod, x, y);
  tf_floor_layout_clear (&layout);
}

double
tf_floor_plan_cable (const TfFloorPlan    *floor,
                     const TfNetworkGraph *graph,
                     const guint32        *chip_board,
                     const TfLink         *link,
                     TfCable              *cable)
{
  TfFloorLayout layout;
  TfCable unused;
  guint ba, ra, pa, bb, rb, pb;
  double length;

  g_return_val_if_fail (floor != NULL && graph != NULL && chip_board != NULL, 0);
  g_return_val_if_fail (link != NULL, 0);

  tf_floor_layout_init (&layout, floor, graph->n_rack, graph->n_pod, graph->rack_pod);
  tf_network_graph_locate (graph, chip_board, link->a, &ba, &ra, &pa);
  tf_network_graph_locate (graph, chip_board, link->b, &bb, &rb, &pb);
  length = tf_floor_layout_cable (&layout, link->reach, ra, pa, rb, pb, cable ? cable : &unused);
  tf_floor_layout_clear (&layout);
  return length;
}

gboolean
tf_evaluate_cost (const TfSearchConfig  *config,
                  TfCandidate           *candidate,
                  GError               **error)
{
  const TfNetworkGraph *graph;
  TfEvaluation *ev;
  TfCostModel model;
  TfCostFigures figures;
  guint tier_ports[TF_TIER_DATACENTER + 1];
  guint max_ports = 0;
  gboolean asymmetric = FALSE;

  g_return_val_if_fail (config != NULL && candidate != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  graph = &candidate->topology.graph;
  ev = &candidate->evaluation;

  for (guint t = 0; t < G_N_ELEMENTS (tier_ports); t++)
    tier_ports[t] = G_MAXUINT;
  for (guint s = 0; s < graph->n_switch; s++)
    {
      const TfSwitch *sw = &graph->switches[s];
      guint tier = MIN ((guint) sw->tier, (guint) TF_TIER_DATACENTER);

      /* A scale-up switch has its own radix (defaults.scale_up), not the fabric's. */
      if (sw->tier == TF_TIER_BOARD)
        continue;
      max_ports = MAX (max_ports, sw->port_count);
      if (tier_ports[tier] == G_MAXUINT)
        tier_ports[tier] = sw->port_count;
      else if (tier_ports[tier] != sw->port_count)
        asymmetric = TRUE;
    }

  model.prices = config->prices;
  model.floor = config->floor;
  model.port_gbps = config->hardware.nic_bandwidth_gbps;
  tf_network_graph_cost (&model, graph, &figures);

  ev->switch_cost_usd = figures.switch_cost;
  ev->link_cost_usd = figures.link_cost;
  ev->nic_cost_usd = figures.nic_cost;
  ev->network_cost_usd = figures.network_cost;
  ev->longest_cable_m = figures.longest_cable_m;
  ev->optical_links = (guint) MIN (figures.cables[TF_CABLE_OPTICAL], G_MAXUINT);
  ev->max_switch_ports = max_ports;
  ev->port_asymmetric = asymmetric;
  ev->layers |= TF_LAYER_COST;
  return TRUE;
}
