/* SPDX-License-Identifier: GPL-3.0-or-later */
/* build.c: the endpoint-level network a family builds (TfBuild). */
#include <stdarg.h>

#include "build-private.h"

void
tf_build_init (TfBuild *build)
{
  memset (build, 0, sizeof *build);
  build->switches = g_array_new (FALSE, TRUE, sizeof (TfSwitch));
  build->links = g_array_new (FALSE, FALSE, sizeof (TfBuildLink));
}

void
tf_build_clear (TfBuild *build)
{
  if (build->switches != NULL)
    {
      for (guint i = 0; i < build->switches->len; i++)
        g_free (g_array_index (build->switches, TfSwitch, i).id);
      g_array_unref (build->switches);
    }
  if (build->links != NULL)
    g_array_unref (build->links);
  g_free (build->endpoint_board);
  g_free (build->board_rack);
  g_free (build->rack_pod);
  memset (build, 0, sizeof *build);
}

void
tf_build_set_shape (TfBuild *build,
                    guint    n_endpoint,
                    guint    chips_per_board,
                    guint    n_board,
                    guint    n_rack,
                    guint    n_pod)
{
  build->n_endpoint = n_endpoint;
  build->chips_per_board = chips_per_board;
  build->n_board = n_board;
  build->n_rack = n_rack;
  build->n_pod = n_pod;
  build->board_rack = g_new0 (guint32, n_board);
  build->rack_pod = g_new0 (guint32, n_rack);
}

void
tf_build_reserve (TfBuild *build,
                  guint    n_switches,
                  guint    n_links)
{
  guint switches = build->switches->len, links = build->links->len;

  /* GArray keeps its allocation when it shrinks, so growing and shrinking back reserves. */
  g_array_set_size (build->switches, MAX (switches, n_switches));
  g_array_set_size (build->switches, switches);
  g_array_set_size (build->links, MAX (links, n_links));
  g_array_set_size (build->links, links);
}

guint
tf_build_add_switch (TfBuild    *build,
                     TfTier      tier,
                     guint       container,
                     const char *format,
                     ...)
{
  TfSwitch sw = { NULL, tier, container, 0 };
  va_list args;

  va_start (args, format);
  sw.id = g_strdup_vprintf (format, args);
  va_end (args);
  g_array_append_val (build->switches, sw);
  return build->switches->len - 1;
}

void
tf_build_add_link (TfBuild *build,
                   guint32  a,
                   guint32  b,
                   guint32  multiplicity)
{
  TfBuildLink link = { MIN (a, b), MAX (a, b), multiplicity, 0 };

  g_array_append_val (build->links, link);
}

void
tf_build_add_lane_link (TfBuild *build,
                        guint32  a,
                        guint32  b,
                        guint32  multiplicity,
                        guint32  shift)
{
  guint c = build->chips_per_board;
  TfBuildLink link = { a, b, multiplicity, shift };

  g_return_if_fail (a < build->n_endpoint && b < build->n_endpoint && c >= 1);

  /* Stored with a < b: chip j of b meets chip (j - shift) of a. */
  if (a > b)
    link = (TfBuildLink) { b, a, multiplicity,
                           shift == TF_LANES_ALL ? shift : (c - shift % c) % c };
  else if (shift != TF_LANES_ALL)
    link.shift = shift % c;
  g_array_append_val (build->links, link);
}

void
tf_build_switch_adjacency (const TfBuild *build,
                           TfAdjacency   *adj)
{
  const TfBuildLink *links = (const TfBuildLink *) (const void *) build->links->data;
  guint n_ep = build->n_endpoint, n_switch = build->switches->len, n_between = 0;
  guint32 *fill;

  adj->n_nodes = n_switch;
  adj->offset = g_new0 (guint32, (gsize) n_switch + 1);
  /* Endpoints come first, so a switch-switch link has a >= n_endpoint. */
  for (guint i = 0; i < build->links->len; i++)
    if (links[i].a >= n_ep)
      {
        adj->offset[links[i].a - n_ep + 1]++;
        adj->offset[links[i].b - n_ep + 1]++;
        n_between++;
      }
  for (guint v = 0; v < n_switch; v++)
    adj->offset[v + 1] += adj->offset[v];
  adj->target = g_new (guint32, (gsize) n_between * 2 + 1);
  adj->link = g_new (guint32, (gsize) n_between * 2 + 1);
  fill = g_memdup2 (adj->offset, sizeof (guint32) * MAX (n_switch, 1));
  for (guint i = 0; i < build->links->len; i++)
    if (links[i].a >= n_ep)
      {
        guint32 a = links[i].a - n_ep, b = links[i].b - n_ep;

        adj->target[fill[a]] = b;
        adj->link[fill[a]++] = i;
        adj->target[fill[b]] = a;
        adj->link[fill[b]++] = i;
      }
  g_free (fill);
}

void
tf_build_locate (const TfBuild *build,
                 guint32        node,
                 guint         *board,
                 guint         *rack,
                 guint         *pod)
{
  if (node < build->n_endpoint)
    {
      *board = build->endpoint_board ? build->endpoint_board[node] : node;
      *rack = build->board_rack[*board];
      *pod = build->rack_pod[*rack];
    }
  else
    {
      const TfSwitch *sw = &g_array_index (build->switches, TfSwitch, node - build->n_endpoint);

      *board = G_MAXUINT;
      *rack = sw->tier == TF_TIER_RACK ? sw->container : G_MAXUINT;
      *pod = sw->tier == TF_TIER_RACK ? build->rack_pod[sw->container]
           : sw->tier == TF_TIER_POD ? sw->container : G_MAXUINT;
    }
}

void
tf_build_link_kind (const TfBuild *build,
                    guint32        a,
                    guint32        b,
                    TfLinkType    *type,
                    TfReach       *reach)
{
  guint ba, ra, pa, bb, rb, pb;

  tf_build_locate (build, a, &ba, &ra, &pa);
  tf_build_locate (build, b, &bb, &rb, &pb);
  *reach = tf_reach_between (ba, ra, pa, bb, rb, pb);
  /* Endpoints become chips, so a link between two endpoints is a chip-to-chip link. */
  *type = a < build->n_endpoint && b < build->n_endpoint ? TF_LINK_C2C
        : tf_link_type_for_reach (*reach);
}
