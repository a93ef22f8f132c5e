/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rack-power.c: what a rack draws (docs/spec-notes.md, "Rack power"): its boards (chips, their
 * share of the board, the board's scale-up switches) and the switches standing in it. */
#include <string.h>

#include "graph-private.h"
#include "intra-board-private.h"

/* Adds each switch's draw to the rack it stands in: a scale-up switch on its board's, a rack
 * switch in its rack (with @rack_switches); pod and datacenter switches stand in network
 * racks of their own. */
static void
add_switches (const TfContext *ctx,
              const guint32   *board_rack,
              guint            n_board,
              guint            n_rack,
              const TfSwitch  *switches,
              guint            n_switch,
              const guint64   *ports,
              gboolean         rack_switches,
              double          *rack_w)
{
  for (guint s = 0; s < n_switch; s++)
    {
      const TfSwitch *sw = &switches[s];
      guint rack = G_MAXUINT;

      if (sw->tier == TF_TIER_BOARD && sw->container < n_board)
        rack = board_rack[sw->container];
      else if (sw->tier == TF_TIER_RACK && rack_switches)
        rack = sw->container;
      if (rack < n_rack)
        rack_w[rack] += (double) (ports != NULL ? ports[s] : sw->port_count)
                        * ctx->switch_defaults.power_w_per_port;
    }
}

static double
fullest (const double *rack_w,
         guint         n_rack,
         guint        *rack)
{
  double most = 0;

  if (rack != NULL)
    *rack = 0;
  for (guint r = 0; r < n_rack; r++)
    if (rack_w[r] > most)
      {
        most = rack_w[r];
        if (rack != NULL)
          *rack = r;
      }
  return most / 1000;
}

double
tf_rack_power_kw (const TfContext *ctx,
                  guint            n_board,
                  guint            chips_per_board,
                  guint64          board_scale_up_ports,
                  const guint32   *board_rack,
                  guint            n_rack,
                  const TfSwitch  *switches,
                  guint            n_switch,
                  const guint64   *ports)
{
  g_autofree double *rack_w = g_new0 (double, MAX (n_rack, 1));
  double board_w = tf_context_board_power_w (ctx, chips_per_board, board_scale_up_ports);

  for (guint b = 0; b < n_board; b++)
    if (board_rack[b] < n_rack)
      rack_w[board_rack[b]] += board_w;
  add_switches (ctx, board_rack, n_board, n_rack, switches, n_switch, ports, TRUE, rack_w);
  return fullest (rack_w, n_rack, NULL);
}

void
tf_network_graph_power_w (const TfContext      *ctx,
                          const TfNetworkGraph *g,
                          double               *board_w,
                          double               *rack_w,
                          double               *switch_w)
{
  g_autofree double *boards = board_w ? NULL : g_new (double, MAX (g->n_board, 1));
  double chip_w = ctx->chip.power_w + ctx->chip.host_w;

  if (board_w == NULL)
    board_w = boards;
  for (guint b = 0; b < g->n_board; b++)
    board_w[b] = g->chips_per_board * chip_w;
  if (rack_w != NULL)
    memset (rack_w, 0, sizeof (double) * g->n_rack);
  for (guint s = 0; s < g->n_switch; s++)
    {
      const TfSwitch *sw = &g->switches[s];
      double w = sw->port_count * ctx->switch_defaults.power_w_per_port;

      if (switch_w != NULL)
        switch_w[s] = w;
      if (sw->tier == TF_TIER_BOARD && sw->container < g->n_board)
        board_w[sw->container] += w;
      else if (rack_w != NULL && sw->tier == TF_TIER_RACK && sw->container < g->n_rack)
        rack_w[sw->container] += w;
    }
  for (guint b = 0; rack_w != NULL && b < g->n_board; b++)
    if (g->board_rack[b] < g->n_rack)
      rack_w[g->board_rack[b]] += board_w[b];
}

double
tf_network_graph_boards_power_kw (const TfContext      *ctx,
                                  const TfNetworkGraph *g,
                                  guint                *rack)
{
  g_autofree double *board_w = g_new (double, MAX (g->n_board, 1));
  g_autofree double *rack_w = g_new0 (double, MAX (g->n_rack, 1));

  tf_network_graph_power_w (ctx, g, board_w, NULL, NULL);
  for (guint b = 0; b < g->n_board; b++)
    if (g->board_rack[b] < g->n_rack)
      rack_w[g->board_rack[b]] += board_w[b];
  return fullest (rack_w, g->n_rack, rack);
}
