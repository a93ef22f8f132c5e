/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dead-hardware.c: switches that cost money and do nothing (issue 30, "No dead hardware";
 * docs/optimizer.md). A switch is dead when it is
 *   a dead end:     it has one distinct neighbour, or none;
 *   a pass-through: it has two distinct neighbours and one of them at least is a switch (a
 *                   switch joining just two chips is a network of two chips, and allowed);
 *   a trap:         it has chips and no switch neighbour, is not adjacent to every chip of the
 *                   graph, and one of its chips has no link but to it: that chip leaves the
 *                   switch only through another chip.
 * A switch with no chip under it and fewer than three distinct neighbours is a dead end or a
 * pass-through, and its reason says so. Scale-up (board) switches are judged the same way.
 * The one place these rules live: the evaluator's hard constraints, the generators' final
 * checks and validate all call tf_network_graph_find_dead_switch ().
 */
#include <string.h>

#include "graph-private.h"

static void
append_neighbours (const TfNetworkGraph *graph,
                   const guint32        *neighbours,
                   guint                 n,
                   GString              *why)
{
  g_string_append (why, " (");
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (why, ", ");
      tf_network_graph_append_node_name (graph, neighbours[i], why);
    }
  g_string_append (why, ")");
}

/* The reason of a dead end or pass-through with @n neighbours, @chips of them chips. */
static void
describe (const TfNetworkGraph *graph,
          const TfSwitch       *sw,
          const guint32        *neighbours,
          guint                 n,
          guint                 chips,
          GString              *why)
{
  static const char *const counts[] = { "no neighbour", "one neighbour", "two neighbours" };

  g_string_printf (why, "switch %s is %s: %s", sw->id, n < 2 ? "a dead end" : "a pass-through",
                   counts[n]);
  if (n > 0)
    append_neighbours (graph, neighbours, n, why);
  if (chips == 0)
    g_string_append (why, ", no chip under it and fewer than three distinct neighbours");
}

TfDeadSwitch
tf_network_graph_find_dead_switch (const TfNetworkGraph *graph,
                                   guint                *index,
                                   GString              *why)
{
  return tf_network_graph_find_dead_switch_near (graph, NULL, index, why);
}

/* A switch's verdict depends on its distinct neighbours and on how many distinct nodes its
 * chips link to: after an edit, only a switch near or one of a chip near can change it. */
TfDeadSwitch
tf_network_graph_find_dead_switch_near (const TfNetworkGraph *graph,
                                        const guint8         *near,
                                        guint                *index,
                                        GString              *why)
{
  guint n = tf_network_graph_get_n_nodes (graph);
  g_autofree guint8 *judge = NULL;
  g_autofree guint32 *stamp = NULL;
  g_autofree guint *chip_switches = NULL;   /* distinct nodes a chip links to, switches */
  g_autofree guint *chip_degree = NULL;     /* distinct nodes a chip links to */
  TfDeadSwitch found = TF_DEAD_SWITCH_NONE;
  TfAdjacency adj;

  g_return_val_if_fail (graph != NULL, TF_DEAD_SWITCH_NONE);
  if (graph->n_switch == 0)
    return TF_DEAD_SWITCH_NONE;

  tf_adjacency_init_targets (&adj, n, graph->n_links, graph->links, sizeof (TfLink));
  stamp = g_new0 (guint32, n);
  chip_switches = g_new0 (guint, MAX (graph->n_chip, 1));
  chip_degree = g_new0 (guint, MAX (graph->n_chip, 1));

  /* What each chip links to, distinct nodes (a file may hold a pair's links in two records). */
  for (guint32 c = 0; c < graph->n_chip; c++)
    for (guint32 e = adj.offset[c]; e < adj.offset[c + 1]; e++)
      {
        guint32 v = adj.target[e];

        if (v == c || stamp[v] == c + 1)
          continue;
        stamp[v] = c + 1;
        chip_degree[c]++;
        if (v >= graph->n_chip)
          chip_switches[c]++;
      }
  memset (stamp, 0, sizeof (guint32) * n);
  if (near != NULL)
    {
      judge = g_memdup2 (near, n);
      for (guint32 c = 0; c < graph->n_chip; c++)
        if (near[c])
          for (guint32 e = adj.offset[c]; e < adj.offset[c + 1]; e++)
            judge[adj.target[e]] = 1;
    }

  for (guint s = 0; s < graph->n_switch && found == TF_DEAD_SWITCH_NONE; s++)
    {
      guint32 node = graph->n_chip + s, first[2] = { 0, 0 }, trapped = TF_UNREACHED;
      guint distinct = 0, chips = 0, switches = 0;
      const TfSwitch *sw = &graph->switches[s];

      if (judge != NULL && !judge[node])
        continue;

      for (guint32 e = adj.offset[node]; e < adj.offset[node + 1]; e++)
        {
          guint32 v = adj.target[e];

          if (v == node || stamp[v] == node + 1)
            continue;
          stamp[v] = node + 1;
          if (distinct < 2)
            first[distinct] = v;
          distinct++;
          if (v < graph->n_chip)
            {
              chips++;
              /* Its only neighbour is this switch. */
              if (chip_degree[v] == 1 && trapped == TF_UNREACHED)
                trapped = v;
            }
          else
            switches++;
        }

      if (distinct < 2 || (distinct == 2 && switches > 0))
        {
          found = distinct < 2 ? TF_DEAD_SWITCH_DEAD_END : TF_DEAD_SWITCH_PASS_THROUGH;
          if (why != NULL)
            describe (graph, sw, first, distinct, chips, why);
        }
      else if (switches == 0 && chips < graph->n_chip && trapped != TF_UNREACHED)
        {
          found = TF_DEAD_SWITCH_TRAPPED_CHIPS;
          if (why != NULL)
            g_string_printf (why, "switch %s holds chips that cannot leave it: chip%u has no "
                             "link but to it, and it has no switch neighbour and not every "
                             "chip under it", sw->id, trapped);
        }
      if (found != TF_DEAD_SWITCH_NONE && index != NULL)
        *index = s;
    }
  tf_adjacency_clear (&adj);
  return found;
}
