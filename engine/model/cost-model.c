/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cost-model.c: the one cost model, C_net = switch prices + link prices + chip port prices.
 *
 * It prices what is bought. A switch costs the price of the smallest priced radix holding its
 * ports; one that no radix holds is bought as ceil (ports / R) switches of the largest radix R,
 * an estimate (the optimizer's port constraint rejects such a candidate; enumerate shows it with
 * "~"). A link's price follows its cable, and the cable its reach and where its ends stand: each
 * pod's racks in a row, rows side by side, cables up to a tray over the racks, along it
 * (Manhattan distance) and down again; copper up to max_copper_m, optics beyond. A link inside a
 * board costs pcb_link (its share of the board's C2C wiring), a board's scale-up switch
 * scale_up_switch. A link leaving a board also buys a
 * port at each chip end (nic_port: a NIC or a serdes port, the same thing at network speed); a
 * switch end is in the switch's price. Switch, NIC port, DAC and transceiver prices are stated
 * at prices.port_gbps and scale linearly with the network's port speed (model->port_gbps): the
 * price of switching and of optics goes with capacity, radix x speed. docs/optimizer.md gives the
 * layout and the price table. The optimizer's Layer 5 (evaluator-cost.c) and every result's
 * metrics (metrics-layout.c) price through the tally below.
 */
#include <math.h>

#include "cost-private.h"
#include "graph-private.h"

const TfCostModel *
tf_cost_model_get_default (void)
{
  static TfCostModel model;
  static gsize done = 0;

  /* Set once, then only read: the engine keeps no mutable global state. */
  if (g_once_init_enter (&done))
    {
      tf_cost_model_builtin (&model);
      g_once_init_leave (&done, 1);
    }
  return &model;
}

void
tf_floor_layout_init (TfFloorLayout     *layout,
                      const TfFloorPlan *floor,
                      guint              n_rack,
                      guint              n_pod,
                      const guint32     *rack_pod)
{
  g_autofree guint *racks_in_pod = g_new0 (guint, MAX (n_pod, 1));
  guint widest = 0;

  layout->floor = floor;
  layout->n_rack = n_rack;
  layout->n_pod = n_pod;
  layout->rack_x = g_new (double, MAX (n_rack, 1));
  layout->rack_y = g_new (double, MAX (n_rack, 1));
  layout->pod_x = g_new (double, MAX (n_pod, 1));
  layout->pod_y = g_new (double, MAX (n_pod, 1));

  /* A rack's place in its pod's row is its order among the pod's racks. */
  for (guint r = 0; r < n_rack; r++)
    {
      guint p = rack_pod[r];

      layout->rack_x[r] = racks_in_pod[p]++ * floor->rack_pitch_m;
      layout->rack_y[r] = p * floor->row_pitch_m;
    }
  for (guint p = 0; p < n_pod; p++)
    {
      layout->pod_x[p] = racks_in_pod[p] > 0
                         ? (racks_in_pod[p] - 1) / 2.0 * floor->rack_pitch_m : 0;
      layout->pod_y[p] = p * floor->row_pitch_m;
      widest = MAX (widest, racks_in_pod[p]);
    }
  layout->hall_x = widest > 0 ? (widest - 1) / 2.0 * floor->rack_pitch_m : 0;
  layout->hall_y = n_pod > 0 ? (n_pod - 1) / 2.0 * floor->row_pitch_m : 0;
}

void
tf_floor_layout_clear (TfFloorLayout *layout)
{
  g_clear_pointer (&layout->rack_x, g_free);
  g_clear_pointer (&layout->rack_y, g_free);
  g_clear_pointer (&layout->pod_x, g_free);
  g_clear_pointer (&layout->pod_y, g_free);
}

/* Inline for the tally, which prices every link. */
static inline void
floor_position (const TfFloorLayout *layout,
                guint                rack,
                guint                pod,
                double              *x,
                double              *y)
{
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

void
tf_floor_layout_position (const TfFloorLayout *layout,
                          guint                rack,
                          guint                pod,
                          double              *x,
                          double              *y)
{
  floor_position (layout, rack, pod, x, y);
}

/* The cable follows the link's reach: a trace on its board, an in-rack cable, or a run along
 * the tray between where its ends stand, copper up to the longest copper cable, else optics. */
static inline double
floor_cable (const TfFloorLayout *layout,
             TfReach              reach,
             guint                rack_a,
             guint                pod_a,
             guint                rack_b,
             guint                pod_b,
             TfCable             *cable)
{
  const TfFloorPlan *floor = layout->floor;
  double length;

  if (reach == TF_REACH_BOARD)
    {
      *cable = TF_CABLE_PCB;
      return 0;
    }
  if (reach == TF_REACH_RACK)
    length = floor->in_rack_m;
  else
    {
      double xa, ya, xb, yb;

      floor_position (layout, rack_a, pod_a, &xa, &ya);
      floor_position (layout, rack_b, pod_b, &xb, &yb);
      length = fabs (xa - xb) + fabs (ya - yb) + 2 * floor->vertical_run_m;
    }
  *cable = length <= floor->max_copper_m ? TF_CABLE_COPPER : TF_CABLE_OPTICAL;
  return length;
}

double
tf_floor_layout_cable (const TfFloorLayout *layout,
                       TfReach              reach,
                       guint                rack_a,
                       guint                pod_a,
                       guint                rack_b,
                       guint                pod_b,
                       TfCable             *cable)
{
  return floor_cable (layout, reach, rack_a, pod_a, rack_b, pod_b, cable);
}

/* How much dearer than the table a port-speed item is at the network's port speed. */
double
tf_cost_model_port_scale (const TfCostModel *model)
{
  if (model->port_gbps <= 0 || model->prices.port_gbps <= 0)
    return 1;
  return model->port_gbps / model->prices.port_gbps;
}

double
tf_cost_model_switch_price (const TfCostModel *model,
                            guint64            ports,
                            gboolean          *estimated)
{
  const TfPriceTable *prices = &model->prices;
  guint n = MIN (prices->n_switch_prices, TF_PRICE_MAX_SWITCHES);
  gint best = -1, largest = -1;

  for (guint i = 0; i < n; i++)
    {
      if (prices->switch_radix[i] >= ports
          && (best < 0 || prices->switch_radix[i] < prices->switch_radix[best]))
        best = (gint) i;
      if (largest < 0 || prices->switch_radix[i] > prices->switch_radix[largest])
        largest = (gint) i;
    }
  if (best >= 0)
    return prices->switch_price[best] * tf_cost_model_port_scale (model);
  if (largest < 0)
    return 0;
  *estimated = TRUE;
  return (double) ((ports + prices->switch_radix[largest] - 1) / prices->switch_radix[largest])
         * prices->switch_price[largest] * tf_cost_model_port_scale (model);
}

void
tf_cost_tally_init (TfCostTally       *tally,
                    const TfCostModel *model,
                    guint              n_rack,
                    guint              n_pod,
                    const guint32     *rack_pod)
{
  memset (tally, 0, sizeof *tally);
  tally->model = model;
  tally->port_scale = tf_cost_model_port_scale (model);
  tf_floor_layout_init (&tally->layout, &model->floor, n_rack, n_pod, rack_pod);
}

void
tf_cost_tally_add_switch (TfCostTally *tally,
                          guint64      ports)
{
  tally->figures.switch_cost += tf_cost_model_switch_price (tally->model, ports,
                                                            &tally->figures.estimated);
}

void
tf_cost_tally_add_scale_up_switches (TfCostTally *tally,
                                     guint64      count)
{
  tally->figures.switch_cost += tally->model->prices.scale_up_switch * (double) count;
}

void
tf_cost_tally_add_links (TfCostTally *tally,
                         TfReach      reach,
                         guint        rack_a,
                         guint        pod_a,
                         guint        rack_b,
                         guint        pod_b,
                         guint        chip_ends,
                         guint64      count)
{
  const TfPriceTable *prices = &tally->model->prices;
  double scale = tally->port_scale;
  TfCable cable;
  double length = floor_cable (&tally->layout, reach, rack_a, pod_a, rack_b, pod_b, &cable);
  double each = cable == TF_CABLE_PCB ? prices->pcb_link
              : cable == TF_CABLE_COPPER ? prices->copper_link * scale
              : prices->optical_link_fixed * scale + prices->optical_link_per_m * length;

  tally->figures.link_cost += each * (double) count;
  tally->figures.cables[cable] += count;
  /* A board's own links use the chips' C2C ports, part of the board; a cable leaving it needs a
   * port at each chip end. */
  if (cable != TF_CABLE_PCB)
    tally->figures.nic_ports += (guint64) chip_ends * count;
  if (cable != TF_CABLE_PCB && count > 0)
    tally->figures.longest_cable_m = MAX (tally->figures.longest_cable_m, length);
}

void
tf_cost_tally_finish (TfCostTally   *tally,
                      TfCostFigures *out)
{
  TfCostFigures *f = &tally->figures;

  f->nic_cost = (double) f->nic_ports * tally->model->prices.nic_port
                * tf_cost_model_port_scale (tally->model);
  f->network_cost = f->switch_cost + f->link_cost + f->nic_cost;
  *out = *f;
  tf_floor_layout_clear (&tally->layout);
}

void
tf_network_graph_cost (const TfCostModel    *model,
                       const TfNetworkGraph *graph,
                       TfCostFigures        *out)
{
  g_autofree guint32 *chip_board = tf_network_graph_dup_chip_boards (graph);
  TfCostTally tally;

  tf_cost_tally_init (&tally, model, graph->n_rack, graph->n_pod, graph->rack_pod);
  for (guint s = 0; s < graph->n_switch; s++)
    if (graph->switches[s].tier == TF_TIER_BOARD)
      tf_cost_tally_add_scale_up_switches (&tally, 1);
    else
      tf_cost_tally_add_switch (&tally, graph->switches[s].port_count);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      guint ba, ra, pa, bb, rb, pb;

      tf_network_graph_locate (graph, chip_board, l->a, &ba, &ra, &pa);
      tf_network_graph_locate (graph, chip_board, l->b, &bb, &rb, &pb);
      tf_cost_tally_add_links (&tally, l->reach, ra, pa, rb, pb,
                               (l->a < graph->n_chip) + (l->b < graph->n_chip), l->multiplicity);
    }
  tf_cost_tally_finish (&tally, out);
}

void
tf_metrics_set_cost (TfMetrics           *m,
                     const TfCostFigures *figures)
{
  m->network_cost = figures->network_cost;
  m->switch_cost = figures->switch_cost;
  m->link_cost = figures->link_cost;
  m->nic_cost = figures->nic_cost;
  m->cost_method = figures->estimated ? TF_METHOD_ESTIMATE : TF_METHOD_EXACT;
  memcpy (m->cables_by_class, figures->cables, sizeof m->cables_by_class);
}

void
tf_network_graph_measure_layout (const TfContext      *ctx,
                                 const TfNetworkGraph *graph,
                                 TfMetrics            *m)
{
  g_autofree double *at_chip = g_new0 (double, MAX (graph->n_chip, 1));
  g_autofree double *gbps = g_new (double, MAX (graph->n_links, 1));
  TfCostFigures figures;

  tf_network_graph_cost (tf_cost_model_get_default (), graph, &figures);
  tf_metrics_set_cost (m, &figures);
  tf_network_graph_link_gbps (graph, ctx, gbps);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      double bw = gbps[i];

      if (l->a < graph->n_chip)
        at_chip[l->a] += bw;
      if (l->b < graph->n_chip)
        at_chip[l->b] += bw;
    }
  m->injection_bandwidth = graph->n_chip > 0 ? at_chip[0] : 0;
  for (guint c = 1; c < graph->n_chip; c++)
    m->injection_bandwidth = MIN (m->injection_bandwidth, at_chip[c]);
  m->rack_count = graph->n_rack;
  m->pod_count = graph->n_pod;
  m->rack_power_kw = tf_rack_power_kw (ctx, graph->n_board, graph->chips_per_board, 0,
                                       graph->board_rack, graph->n_rack, graph->switches,
                                       graph->n_switch, NULL);
  m->layout_method = TF_METHOD_EXACT;
}
