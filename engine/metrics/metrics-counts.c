/* SPDX-License-Identifier: GPL-3.0-or-later */
/* metrics-counts.c: the counts of a chip graph (@tbl-spec-topo-20b): links by type and reach,
 * switches, the busiest switch's ports and the links at a chip.
 */
#include "metrics-private.h"

void
tf_network_graph_count (const TfNetworkGraph *graph,
                        TfMetrics            *m)
{
  g_autofree guint64 *at_chip = g_new0 (guint64, MAX (graph->n_chip, 1));

  memset (m->link_count_by_type, 0, sizeof m->link_count_by_type);
  memset (m->link_count_by_reach, 0, sizeof m->link_count_by_reach);
  m->link_count = 0;
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      tf_metrics_add_links (m, l->type, l->reach, l->multiplicity);
      m->link_count += l->multiplicity;
      if (l->a < graph->n_chip)
        at_chip[l->a] += l->multiplicity;
      if (l->b < graph->n_chip)
        at_chip[l->b] += l->multiplicity;
    }
  m->switch_count = graph->n_switch;
  m->switch_radix = 0;
  /* The fabric's radix: scale-up switches have their own (defaults.scale_up.switch_radix). */
  for (guint s = 0; s < graph->n_switch; s++)
    if (graph->switches[s].tier != TF_TIER_BOARD)
      m->switch_radix = MAX (m->switch_radix, graph->switches[s].port_count);
  m->links_per_chip_min = G_MAXUINT;
  m->links_per_chip_max = 0;
  for (guint c = 0; c < graph->n_chip; c++)
    {
      guint k = (guint) MIN (at_chip[c], G_MAXUINT);

      m->links_per_chip_min = MIN (m->links_per_chip_min, k);
      m->links_per_chip_max = MAX (m->links_per_chip_max, k);
    }
  if (graph->n_chip == 0)
    m->links_per_chip_min = 0;
  m->counts_method = TF_METHOD_EXACT;
}
