/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-cost.c: Layer 5 of the evaluator, network cost, and the floor plan.
 *
 * The spec's C_net = sum of switch prices + sum of link prices + n_chip NICs. A switch costs the
 * price of the smallest radix option that holds its ports; a link's price depends on its cable,
 * and the cable on its reach and where its ends stand: each pod's racks in a row, rows side by
 * side, cables run up to a tray over the racks, along it (Manhattan distance) and down again.
 * docs/optimizer.md gives the layout and the price table.
 */
#include "optimizer-private.h"

#include <math.h>
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

/* Where racks, pod switches and datacenter switches stand. */
typedef struct
{
  double *rack_x;
  double *rack_y;
  double *pod_x;     /* the middle of the pod's row */
  double *pod_y;
  double  hall_x;    /* the hall's centre */
  double  hall_y;
} Layout;

static void
layout_init (Layout               *layout,
             const TfFloorPlan    *floor,
             const TfNetworkGraph *graph)
{
  g_autofree guint *racks_in_pod = g_new0 (guint, MAX (graph->n_pod, 1));
  guint widest = 0;

  layout->rack_x = g_new (double, MAX (graph->n_rack, 1));
  layout->rack_y = g_new (double, MAX (graph->n_rack, 1));
  layout->pod_x = g_new (double, MAX (graph->n_pod, 1));
  layout->pod_y = g_new (double, MAX (graph->n_pod, 1));

  /* A rack's place in its pod's row is its order among the pod's racks. */
  for (guint r = 0; r < graph->n_rack; r++)
    {
      guint p = graph->rack_pod[r];

      layout->rack_x[r] = racks_in_pod[p]++ * floor->rack_pitch_m;
      layout->rack_y[r] = p * floor->row_pitch_m;
    }
  for (guint p = 0; p < graph->n_pod; p++)
    {
      layout->pod_x[p] = racks_in_pod[p] > 0
                         ? (racks_in_pod[p] - 1) / 2.0 * floor->rack_pitch_m : 0;
      layout->pod_y[p] = p * floor->row_pitch_m;
      widest = MAX (widest, racks_in_pod[p]);
    }
  layout->hall_x = widest > 0 ? (widest - 1) / 2.0 * floor->rack_pitch_m : 0;
  layout->hall_y = graph->n_pod > 0 ? (graph->n_pod - 1) / 2.0 * floor->row_pitch_m : 0;
}

static void
layout_clear (Layout *layout)
{
  g_free (layout->rack_x);
  g_free (layout->rack_y);
  g_free (layout->pod_x);
  g_free (layout->pod_y);
}

static void
layout_position (const Layout         *layout,
                 const TfNetworkGraph *graph,
                 const guint32        *chip_board,
                 guint32               node,
                 double               *x,
                 double               *y)
{
  guint board, rack, pod;

  tf_network_graph_locate (graph, chip_board, node, &board, &rack, &pod);
  if (rack != G_MAXUINT)
    {
      *x = layout->rack_x[rack];
      *y = layout->rack_y[rack];
    }
  else if (pod != G_MAXUINT)
    {
      *x = layout->pod_x[pod];
      *y = layout->pod_y[pod];
    }
  else
    {
      *x = layout->hall_x;
      *y = layout->hall_y;
    }
}

/* The cable follows the link's reach: a trace on its board, an in-rack cable, or a run along
 * the tray between where its ends stand, copper up to the longest copper cable, else optics. */
static double
layout_cable (const Layout         *layout,
              const TfFloorPlan    *floor,
              const TfNetworkGraph *graph,
              const guint32        *chip_board,
              const TfLink         *link,
              TfCable              *cable)
{
  double length;

  if (link->reach == TF_REACH_BOARD)
    {
      *cable = TF_CABLE_PCB;
      return 0;
    }
  if (link->reach == TF_REACH_RACK)
    length = floor->in_rack_m;
  else
    {
      double xa, ya, xb, yb;

      layout_position (layout, graph, chip_board, link->a, &xa, &ya);
      layout_position (layout, graph, chip_board, link->b, &xb, &yb);
      length = fabs (xa - xb) + fabs (ya - yb) + 2 * floor->vertical_run_m;
    }
  *cable = length <= floor->max_copper_m ? TF_CABLE_COPPER : TF_CABLE_OPTICAL;
  return length;
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
  Layout layout;

  g_return_if_fail (floor != NULL && graph != NULL && chip_board != NULL);
  g_return_if_fail (node < tf_network_graph_get_n_nodes (graph));
  g_return_if_fail (x != NULL && y != NULL);

  layout_init (&layout, floor, graph);
  layout_position (&layout, graph, chip_board, node, x, y);
  layout_clear (&layout);
}

double
tf_floor_plan_cable (const TfFloorPlan    *floor,
                     const TfNetworkGraph *graph,
                     const guint32        *chip_board,
                     const TfLink         *link,
                     TfCable              *cable)
{
  Layout layout;
  TfCable unused;
  double length;

  g_return_val_if_fail (floor != NULL && graph != NULL && chip_board != NULL, 0);
  g_return_val_if_fail (link != NULL, 0);

  layout_init (&layout, floor, graph);
  length = layout_cable (&layout, floor, graph, chip_board, link, cable ? cable : &unused);
  layout_clear (&layout);
  return length;
}

/* The price of the switch that holds @ports: the smallest radix option holding them (the largest
 * option when none does; the port constraint rejects that candidate), then the price table's
 * smallest switch of at least that radix (its largest when none is that big). */
static double
switch_price (const TfSearchConfig *config,
              guint                 ports)
{
  const TfHardwareConstraints *hw = &config->hardware;
  const TfPriceTable *prices = &config->prices;
  guint radix = tf_hardware_radix_for (hw, ports);
  guint n_prices = MIN (prices->n_switch_prices, TF_SEARCH_MAX_RADIX_OPTIONS);
  gint best = -1, largest = -1;

  if (radix == 0)
    {
      for (guint i = 0; i < MIN (hw->n_radix_options, TF_SEARCH_MAX_RADIX_OPTIONS); i++)
        radix = MAX (radix, hw->radix_options[i]);
      if (radix == 0)
        radix = ports;
    }
  for (guint i = 0; i < n_prices; i++)
    {
      if (prices->switch_radix[i] >= radix
          && (best < 0 || prices->switch_radix[i] < prices->switch_radix[best]))
        best = (gint) i;
      if (largest < 0 || prices->switch_radix[i] > prices->switch_radix[largest])
        largest = (gint) i;
    }
  if (best < 0)
    best = largest;
  return best < 0 ? 0 : prices->switch_price[best];
}

gboolean
tf_evaluate_cost (const TfSearchConfig  *config,
                  TfCandidate           *candidate,
                  GError               **error)
{
  const TfNetworkGraph *graph;
  const TfPriceTable *prices;
  TfEvaluation *ev;
  Layout layout;
  g_autofree guint32 *chip_board = NULL;
  guint tier_ports[TF_TIER_DATACENTER + 1];
  double switch_cost = 0, link_cost = 0, longest = 0;
  guint optical = 0, max_ports = 0;
  gboolean asymmetric = FALSE;

  g_return_val_if_fail (config != NULL && candidate != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  graph = &candidate->topology.graph;
  prices = &config->prices;
  ev = &candidate->evaluation;

  for (guint t = 0; t < G_N_ELEMENTS (tier_ports); t++)
    tier_ports[t] = G_MAXUINT;
  for (guint s = 0; s < graph->n_switch; s++)
    {
      const TfSwitch *sw = &graph->switches[s];
      guint tier = MIN ((guint) sw->tier, (guint) TF_TIER_DATACENTER);

      switch_cost += switch_price (config, sw->port_count);
      max_ports = MAX (max_ports, sw->port_count);
      if (tier_ports[tier] == G_MAXUINT)
        tier_ports[tier] = sw->port_count;
      else if (tier_ports[tier] != sw->port_count)
        asymmetric = TRUE;
    }

  chip_board = tf_network_graph_dup_chip_boards (graph);
  layout_init (&layout, &config->floor, graph);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      TfCable cable;
      double length = layout_cable (&layout, &config->floor, graph, chip_board, l, &cable);
      double each;

      switch (cable)
        {
        case TF_CABLE_PCB:
          each = prices->pcb_link;
          break;
        case TF_CABLE_COPPER:
          each = prices->copper_link;
          break;
        case TF_CABLE_OPTICAL:
        default:
          each = prices->optical_link_fixed + prices->optical_link_per_m * length;
          optical += l->multiplicity;
          break;
        }
      link_cost += each * l->multiplicity;
      if (cable != TF_CABLE_PCB)
        longest = MAX (longest, length);
    }
  layout_clear (&layout);

  ev->switch_cost_usd = switch_cost;
  ev->link_cost_usd = link_cost;
  ev->nic_cost_usd = (double) graph->n_chip * prices->nic;
  ev->network_cost_usd = switch_cost + link_cost + ev->nic_cost_usd;
  ev->longest_cable_m = longest;
  ev->optical_links = optical;
  ev->max_switch_ports = max_ports;
  ev->port_asymmetric = asymmetric;
  ev->layers |= TF_LAYER_COST;
  return TRUE;
}
