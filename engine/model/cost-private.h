/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cost-private.h: the one cost model (docs/optimizer.md, "Layer 5"), and the two networks it
 * prices: a chip graph (the optimizer's Layer 5, a loaded topology) and a family's build (every
 * result of enumerate and generate). Both hand their switches and links to one tally, which
 * holds the prices, the floor plan and the cable rules, so the two can only agree.
 */
#pragma once

#include "topoforge.h"
#include "yaml-reader-private.h"

G_BEGIN_DECLS

typedef struct
{
  double   switch_cost;
  double   link_cost;
  double   nic_cost;                  /* chip ports on off-board links */
  double   network_cost;
  guint64  nic_ports;                 /* chip ends of off-board links */
  gboolean estimated;                 /* a switch outgrew every priced radix */
  guint64  cables[TF_N_CABLES];       /* physical links by class */
  double   longest_cable_m;           /* over copper and optical cables */
} TfCostFigures;

/* Where racks, pod switches and datacenter switches stand. */
typedef struct
{
  const TfFloorPlan *floor;
  guint              n_rack;
  guint              n_pod;
  double            *rack_x;
  double            *rack_y;
  double            *pod_x;     /* the middle of the pod's row */
  double            *pod_y;
  double             hall_x;    /* the hall's centre */
  double             hall_y;
} TfFloorLayout;

void    tf_floor_layout_init (TfFloorLayout *layout, const TfFloorPlan *floor, guint n_rack,
                              guint n_pod, const guint32 *rack_pod);
void    tf_floor_layout_clear (TfFloorLayout *layout);
/* Where a node in @rack of @pod stands (G_MAXUINT: above that level). */
void    tf_floor_layout_position (const TfFloorLayout *layout, guint rack, guint pod, double *x,
                                  double *y);
/* The length and class of a cable of @reach between nodes in (@rack_a, @pod_a) and
 * (@rack_b, @pod_b). */
double  tf_floor_layout_cable (const TfFloorLayout *layout, TfReach reach, guint rack_a,
                               guint pod_a, guint rack_b, guint pod_b, TfCable *cable);

/* The factor port-speed items (switches, NIC ports, DACs, transceivers) are priced at:
 * model->port_gbps / prices.port_gbps, 1 when either is unset. */
double  tf_cost_model_port_scale (const TfCostModel *model);
/* The price of a switch with @ports physical links at the model's port speed; @estimated set
 * when no priced radix holds them. */
double  tf_cost_model_switch_price (const TfCostModel *model, guint64 ports,
                                    gboolean *estimated);

/* Prices a network switch by switch and link by link. */
typedef struct
{
  const TfCostModel *model;
  double             port_scale;   /* tf_cost_model_port_scale (model), once */
  TfFloorLayout      layout;
  TfCostFigures      figures;
} TfCostTally;

void    tf_cost_tally_init (TfCostTally *tally, const TfCostModel *model, guint n_rack,
                            guint n_pod, const guint32 *rack_pod);
void    tf_cost_tally_add_switch (TfCostTally *tally, guint64 ports);
/* @count scale-up switches on boards, at prices.scale_up_switch each. */
void    tf_cost_tally_add_scale_up_switches (TfCostTally *tally, guint64 count);
/* @count physical links of @reach between (@rack_a, @pod_a) and (@rack_b, @pod_b), each with
 * @chip_ends (0, 1 or 2) chips at its ends: off the board, each chip end buys a nic_port. */
void    tf_cost_tally_add_links (TfCostTally *tally, TfReach reach, guint rack_a, guint pod_a,
                                 guint rack_b, guint pod_b, guint chip_ends, guint64 count);
/* Prices the chip ports, writes the figures and frees the layout. */
void    tf_cost_tally_finish (TfCostTally *tally, TfCostFigures *out);

/* The figures of a chip graph. */
void    tf_network_graph_cost (const TfCostModel *model, const TfNetworkGraph *graph,
                               TfCostFigures *out);
/* The cost, its parts, its method and the cables, into @m. */
void    tf_metrics_set_cost (TfMetrics *m, const TfCostFigures *figures);
/* Every layout figure of a chip graph into @m: cost, cables, injection bandwidth (links priced
 * by @ctx), racks and pods; layout_method exact. */
void    tf_network_graph_measure_layout (const TfContext *ctx, const TfNetworkGraph *graph,
                                         TfMetrics *m);

/* The price table and floor plan as written (cost-prices.c): data/prices.yaml, or a search
 * configuration's cost: block, which may name switches of radixes beyond the built-in ones. */
#define TF_PRICE_MAX_RADIX           4096u
#define TF_PRICE_MAX_METRES          1e5
#define TF_PRICE_SHEET_MAX_SWITCHES  (2 * TF_PRICE_MAX_SWITCHES)

typedef struct
{
  guint        n_switch;
  guint        switch_radix[TF_PRICE_SHEET_MAX_SWITCHES];
  double       switch_price[TF_PRICE_SHEET_MAX_SWITCHES];
  TfPriceTable base;       /* every price but the switches' */
  TfFloorPlan  floor;
} TfPriceSheet;

/* The cost: block at @r into @sheet, over what it holds, or the whole of data/prices.yaml
 * (@complete: every key required). */
gboolean tf_price_sheet_read (TfYamlReader *r, TfPriceSheet *sheet, gboolean complete);
/* The built-in data/prices.yaml. */
void     tf_price_sheet_builtin (TfPriceSheet *sheet);
/* The built-in data/prices.yaml as a cost model, every switch it prices. */
void     tf_cost_model_builtin (TfCostModel *out);

G_END_DECLS
