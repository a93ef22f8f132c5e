/* SPDX-License-Identifier: GPL-3.0-or-later */
/* link-bandwidth.c: what each link of a graph carries, from the chips' budgets and the ports
 * (docs/spec-notes.md, "Budgets"). The one place a graph's link bandwidth is worked out; the
 * families' closed forms use the same two rules (tf_context_c2c_gbps, tf_context_port_gbps)
 * with the chip-to-chip link count their results share. */
#include <string.h>

#include "graph-private.h"

void
tf_network_graph_c2c_links (const TfNetworkGraph *graph,
                            guint                *links)
{
  guint n = graph->n_chip;

  g_return_if_fail (graph != NULL && (links != NULL || n == 0));

  memset (links, 0, sizeof (guint) * n);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];

      if (l->type != TF_LINK_C2C)
        continue;
      if (l->a < n)
        links[l->a] = (guint) MIN ((guint64) links[l->a] + l->multiplicity, G_MAXUINT);
      if (l->b < n)
        links[l->b] = (guint) MIN ((guint64) links[l->b] + l->multiplicity, G_MAXUINT);
    }
}

/* tf_context_c2c_gbps () of a chip with @links chip-to-chip links at @reach, remembered per
 * reach for the last count asked: a graph's chips mostly drive as many. */
typedef struct
{
  const TfContext *ctx;
  guint            links[TF_N_REACHES];
  double           gbps[TF_N_REACHES];
} C2cShares;

static inline double
c2c_share (C2cShares *s,
           TfReach    reach,
           guint      links)
{
  if (s->links[reach] != links)
    {
      s->links[reach] = links;
      s->gbps[reach] = tf_context_c2c_gbps (s->ctx, reach, links);
    }
  return s->gbps[reach];
}

void
tf_network_graph_link_gbps (const TfNetworkGraph *graph,
                            const TfContext      *ctx,
                            double               *gbps)
{
  g_autofree guint *c2c = NULL;
  C2cShares shares = { ctx, { 0 }, { 0 } };
  double port[TF_N_LINK_TYPES][2] = { { 0 } };
  guint n;

  g_return_if_fail (graph != NULL && ctx != NULL && (gbps != NULL || graph->n_links == 0));

  n = graph->n_chip;
  c2c = g_new (guint, MAX (n, 1));
  tf_network_graph_c2c_links (graph, c2c);
  /* The rules looked up once per kind of link, not per link. */
  for (guint r = 0; r < TF_N_REACHES; r++)
    shares.links[r] = G_MAXUINT;
  for (guint t = TF_LINK_B2B; t < TF_N_LINK_TYPES; t++)
    for (guint from_chip = 0; from_chip < 2; from_chip++)
      port[t][from_chip] = tf_context_port_gbps (ctx, t, from_chip);
  for (guint i = 0; i < graph->n_links; i++)
    {
      const TfLink *l = &graph->links[i];
      double one;

      if (l->type == TF_LINK_C2C)
        {
          /* A link between two chips runs at the smaller share; a link into a scale-up switch
           * at its chip's (the switch's ports match the chip's). */
          one = G_MAXDOUBLE;
          if (l->a < n)
            one = MIN (one, c2c_share (&shares, l->reach, c2c[l->a]));
          if (l->b < n)
            one = MIN (one, c2c_share (&shares, l->reach, c2c[l->b]));
          if (one == G_MAXDOUBLE)
            one = c2c_share (&shares, l->reach, 1);
        }
      else
        one = port[l->type][l->a < n || l->b < n];
      gbps[i] = one * l->multiplicity;
    }
}

void
tf_link_speeds_init (TfLinkSpeeds    *speeds,
                     const TfContext *ctx,
                     guint            c2c_links)
{
  for (guint r = 0; r < TF_N_REACHES; r++)
    speeds->c2c[r] = tf_context_c2c_gbps (ctx, r, c2c_links);
  speeds->from_chip[TF_LINK_C2C] = speeds->between_switches[TF_LINK_C2C] = speeds->c2c[0];
  for (guint t = TF_LINK_B2B; t < TF_N_LINK_TYPES; t++)
    {
      speeds->from_chip[t] = tf_context_port_gbps (ctx, t, TRUE);
      speeds->between_switches[t] = tf_context_port_gbps (ctx, t, FALSE);
    }
}
