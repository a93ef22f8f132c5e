/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics-layout.c: a result's layout figures from its family's build (docs/metrics.md): the
 * network cost under the one cost model (cost-model.c), cables by class, the least injection
 * bandwidth of a chip, racks and pods.
 *
 * The build is the generated network at the family's level: each build link stands for the
 * physical links generate.c expands it into, all of one reach (the chips of a board share its
 * rack), so handing the tally a build link with its physical count prices exactly what the chip
 * graph would, at a fraction of the work. generate checks the two against each other.
 */
#include "cost-private.h"
#include "metrics-private.h"

/* Physical links a build link becomes, and how many of them each chip at an endpoint end
 * drives (generate.c's expansion). */
static guint64
expanded_links (const TfContext   *ctx,
                const TfResult    *result,
                const TfBuild     *build,
                const TfBuildLink *link,
                guint64           *per_chip)
{
  guint64 c = result->chips_per_board, m = link->multiplicity, r = build->chip_lanes;
  gboolean a_ep = link->a < build->n_endpoint, b_ep = link->b < build->n_endpoint;

  if (!a_ep && !b_ep)
    {
      *per_chip = 0;
      return m * build->port_lanes;
    }
  if (build->endpoint_board != NULL)
    {
      *per_chip = m * r;
      return m * r;
    }
  if (!a_ep || !b_ep || link->shift != TF_LANES_ALL)
    {
      *per_chip = m * r;
      return c * m * r;
    }
  *per_chip = c * m * r;
  return c * c * m * r;
}

void
tf_build_measure_layout (const TfContext *ctx,
                         const TfResult  *result,
                         const TfBuild   *build,
                         TfMetrics       *m)
{
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  guint n_ep = build->n_endpoint, n_switch = build->switches->len;
  g_autofree guint64 *ports = g_new0 (guint64, MAX (n_switch, 1));
  g_autofree double *at_endpoint = g_new0 (double, MAX (n_ep, 1));
  TfCostTally tally;
  TfCostFigures figures;
  TfBoardTopo bt;
  double on_board, least = G_MAXDOUBLE;
  TfLinkSpeeds speeds;

  /* Looked up once: a build may hold hundreds of thousands of links. */
  tf_link_speeds_init (&speeds, ctx, result->metrics.c2c_links_per_chip);

  tf_cost_tally_init (&tally, tf_cost_model_get_default (), build->n_rack, build->n_pod,
                      build->rack_pod);
  for (guint i = 0; i < build->links->len; i++)
    {
      const TfBuildLink *l = &links[i];
      guint board_a, rack_a, pod_a, board_b, rack_b, pod_b;
      guint64 per_chip, count = expanded_links (ctx, result, build, l, &per_chip);
      TfLinkType type;
      TfReach reach;
      double bw;

      /* tf_build_link_kind's rule, with the ends located once for the cable too. */
      tf_build_locate (build, l->a, &board_a, &rack_a, &pod_a);
      tf_build_locate (build, l->b, &board_b, &rack_b, &pod_b);
      reach = tf_reach_between (board_a, rack_a, pod_a, board_b, rack_b, pod_b);
      type = l->a < n_ep && l->b < n_ep ? TF_LINK_C2C : tf_link_type_for_reach (reach);
      bw = tf_link_speed (&speeds, type, reach, l->a < n_ep || l->b < n_ep) * (double) per_chip;
      if (l->a < n_ep)
        at_endpoint[l->a] += bw;
      else
        ports[l->a - n_ep] += count;
      if (l->b < n_ep)
        at_endpoint[l->b] += bw;
      else
        ports[l->b - n_ep] += count;
      tf_cost_tally_add_links (&tally, reach, rack_a, pod_a, rack_b, pod_b,
                               (l->a < n_ep) + (l->b < n_ep), count);
    }
  for (guint s = 0; s < n_switch; s++)
    tf_cost_tally_add_switch (&tally, ports[s]);

  /* The board's own links: regular, so every chip drives the same number. */
  if (!tf_board_topo_init (&bt, ctx, ctx->intra_board_topo, result->chips_per_board, NULL))
    g_assert_not_reached ();  /* tf_family_check refused this already */
  tf_cost_tally_add_links (&tally, TF_REACH_BOARD, 0, 0, 0, 0,
                           bt.topo == TF_INTRA_BOARD_SWITCH ? 1 : 2,
                           (guint64) build->n_board * tf_board_topo_n_links (&bt));
  tf_cost_tally_add_scale_up_switches (&tally, tf_board_topo_n_switches (&bt, build->n_board));
  on_board = tf_board_topo_chip_links (&bt) * speeds.c2c[TF_REACH_BOARD];

  tf_cost_tally_finish (&tally, &figures);
  tf_metrics_set_cost (m, &figures);
  for (guint e = 0; e < n_ep; e++)
    least = MIN (least, at_endpoint[e]);
  m->injection_bandwidth = (n_ep > 0 ? least : 0) + on_board;
  m->rack_count = build->n_rack;
  m->pod_count = build->n_pod;
  m->rack_power_kw = tf_rack_power_kw (ctx, build->n_board, build->chips_per_board,
                                       bt.topo == TF_INTRA_BOARD_SWITCH
                                       ? (guint64) bt.n_switch * bt.chips * bt.lanes : 0,
                                       build->board_rack, build->n_rack,
                                       (const TfSwitch *) (const void *) build->switches->data,
                                       n_switch, ports);
  m->layout_method = TF_METHOD_EXACT;
}

/* Per chip of the smaller half of the balanced split: what each of its chips can send across
 * at once, so a network of full bisection bandwidth has it equal to the injection bandwidth. */
void
tf_metrics_set_bisection_per_chip (TfMetrics *m,
                                   guint      n_chip)
{
  m->bisection_bandwidth_per_chip = n_chip >= 2 ? m->bisection_bandwidth / (n_chip / 2) : 0;
}
