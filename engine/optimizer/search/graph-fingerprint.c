/* SPDX-License-Identifier: GPL-3.0-or-later */
/* graph-fingerprint.c: a 64-bit fingerprint of a NetworkGraph that does not change when its
 * switches are numbered differently, so the search can tell a child it has already evaluated.
 *
 * Chips keep their numbers (they are the workload's ranks, placed board by board). A switch
 * starts with its tier and its container (where it stands), then takes, three times over, the
 * fingerprints of its neighbours with their link multiplicities (Weisfeiler-Lehman
 * refinement; the chips' numbers break most symmetry from the first round). The graph's
 * fingerprint mixes its sizes, its links as pairs of node fingerprints with their type and
 * reach, and the grouping (boards, racks, pods): a torus on boards of 2 x 4 chips and the same
 * torus on boards of 4 x 4 are two designs.
 * A multiset (a node's neighbours, the graph's links) is the sum of its members' mixed hashes,
 * which does not depend on their order and needs no sort: O(links) a round. Equal graphs, up to a renumbering of switches, give equal fingerprints; two
 * different graphs give equal ones only if three rounds of refinement cannot tell them apart
 * (rare, and then the child is edited again rather than lost).
 */
#include <string.h>

#include "search-private.h"

#define ROUNDS 3

static inline guint64
mix (guint64 h,
     guint64 v)
{
  /* splitmix64's finaliser over h ^ v: every bit of v reaches every bit of the result */
  guint64 z = h ^ (v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

guint64
tf_network_graph_fingerprint (const TfNetworkGraph *graph)
{
  guint n = graph->n_chip + graph->n_switch;
  g_autofree guint64 *colour = g_new (guint64, MAX (n, 1));
  g_autofree guint64 *sum = g_new (guint64, MAX (n, 1));
  guint64 h = 0, links = 0;

  for (guint v = 0; v < graph->n_chip; v++)
    colour[v] = mix (1, v);
  for (guint s = 0; s < graph->n_switch; s++)
    colour[graph->n_chip + s] = mix (mix (2, graph->switches[s].tier),
                                     graph->switches[s].container);

  for (guint round = 0; round < ROUNDS && graph->n_switch > 0; round++)
    {
      memset (sum, 0, sizeof (guint64) * n);
      for (guint i = 0; i < graph->n_links; i++)
        {
          const TfLink *l = &graph->links[i];

          sum[l->a] += mix (colour[l->b], l->multiplicity);
          sum[l->b] += mix (colour[l->a], l->multiplicity);
        }
      for (guint v = graph->n_chip; v < n; v++)
        colour[v] = mix (colour[v], sum[v]);
    }

  for (guint i = 0; i < graph->n_links; i++)
    {
      guint64 a = colour[graph->links[i].a], b = colour[graph->links[i].b];

      /* A link's type and reach say where it runs (a board's trace, a rack's cable): the same
       * links placed otherwise are another design. */
      links += mix (mix (mix (MIN (a, b), MAX (a, b)), graph->links[i].multiplicity),
                    ((guint64) graph->links[i].type << 8) | graph->links[i].reach);
    }
  h = mix (mix (mix (mix (h, graph->n_chip), graph->n_switch), graph->n_links), links);
  /* The grouping: which chips make a board, which boards a rack, which racks a pod. */
  h = mix (mix (mix (mix (h, graph->chips_per_board), graph->n_board), graph->n_rack),
           graph->n_pod);
  for (guint b = 0; b < graph->n_board * graph->chips_per_board; b++)
    h = mix (h, graph->board_chips[b]);
  for (guint b = 0; graph->board_rack != NULL && b < graph->n_board; b++)
    h = mix (h, graph->board_rack[b]);
  for (guint r = 0; graph->rack_pod != NULL && r < graph->n_rack; r++)
    h = mix (h, graph->rack_pod[r]);
  return h;
}

gboolean
tf_search_seen (GHashTable *hashes,
                guint64     fingerprint)
{
  return g_hash_table_contains (hashes, &fingerprint);
}

void
tf_search_remember (GHashTable *hashes,
                    guint64     fingerprint)
{
  guint64 *key = g_new (guint64, 1);

  *key = fingerprint;
  g_hash_table_add (hashes, key);
}
