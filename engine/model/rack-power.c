/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rack-power.c: what the fullest rack draws (docs/spec-notes.md, "Rack power"): its boards (chips,
 * their share of the board, the board's scale-up switches) and the switches standing in it. */
#include "graph-private.h"
#include "intra-board-private.h"

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
  double board_w = tf_context_board_power_w (ctx, chips_per_board,
                                             board_scale_up_ports), most = 0;

  for (guint b = 0; b < n_board; b++)
    if (board_rack[b] < n_rack)
      rack_w[board_rack[b]] += board_w;
  for (guint s = 0; s < n_switch; s++)
    {
      const TfSwitch *sw = &switches[s];
      double w = (double) (ports != NULL ? ports[s] : sw->port_count)
                 * ctx->switch_defaults.power_w_per_port;
      guint rack = G_MAXUINT;

      /* A scale-up switch sits on its board, a rack switch in its rack; pod and datacenter
       * switches stand in network racks of their own. */
      if (sw->tier == TF_TIER_BOARD && sw->container < n_board)
        rack = board_rack[sw->container];
      else if (sw->tier == TF_TIER_RACK)
        rack = sw->container;
      if (rack < n_rack)
        rack_w[rack] += w;
    }
  for (guint r = 0; r < n_rack; r++)
    most = MAX (most, rack_w[r]);
  return most / 1000;
}
