/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-layout-groups.c: the logical layout of the families made of groups (dragonfly,
 * dragonfly+, Slim Fly, PolarFly): the groups at equal angles on a circle on the floor, each
 * group's switches in a row along it, so the links between groups are the chords inside. Each
 * row reads its family's numbering (switches group by group) and attributes; the rest of the
 * logical layout, and the rows of the other families, are tf-layout-logical.c's. */
#include <math.h>

#include "tf-layout-private.h"

/* A dragonfly's groups make at most this many bars, as sectors of its circle. */
#define GROUP_SECTORS 16u

/* Dragonfly and dragonfly+: g groups at equal angles on a circle on the floor, each group's
 * switches in a row along the circle (dragonfly+: leaves outside, spines a row further in),
 * chips on the floor beyond their switch. Global links are then the chords inside. The groups
 * are runs of switches: equal ones (@first NULL), or from @first[i] to @first[i + 1] - 1. */
static void
lay_out_group_circle (Layout        *l,
                      guint          n_group,
                      guint          leaves_wanted,
                      const guint32 *first)
{
  const TfNetworkGraph *g = l->g;
  g_autofree guint32 *group_of = NULL;
  guint widest = 0;
  float spot = tf_layout_switch_spot (l), radius;

  if (n_group == 0 || (first == NULL && g->n_switch % n_group != 0)
      || (first != NULL && first[n_group] != g->n_switch))
    {
      tf_layout_tiers (l);
      return;
    }
  group_of = g_new (guint32, MAX (g->n_switch, 1));
  for (guint i = 0, s = 0; i < n_group; i++)
    {
      guint end = first != NULL ? first[i + 1] : (i + 1) * (g->n_switch / n_group);

      widest = MAX (widest, MIN (leaves_wanted, end - s));
      for (; s < end; s++)
        group_of[s] = i;
    }
  /* Groups two switches apart on the circle; the widest leaves' row is a group's width. */
  radius = MAX ((float) n_group * (widest + 2) * spot / (2 * G_PI), (widest + 2) * spot);
  l->outward = TRUE;
  for (guint s = 0; s < g->n_switch; s++)
    {
      guint group = group_of[s];
      guint start = first != NULL ? first[group] : group * (g->n_switch / n_group);
      guint end = first != NULL ? first[group + 1] : start + g->n_switch / n_group;
      guint per_group = end - start, k = s - start, leaves = MIN (leaves_wanted, per_group);
      gboolean spine = k >= leaves;
      guint row = spine ? per_group - leaves : leaves;
      double angle = 2 * G_PI * group / n_group;
      float c = (float) cos (angle), sn = (float) sin (angle);
      float r = spine ? radius - spot - DROP : radius;
      float along = ((float) (spine ? k - leaves : k) - (row - 1) / 2.0f) * spot;

      /* Across is the tangent (-sin, cos). */
      set (switch_pos (l, s), r * c - along * sn, 0, r * sn + along * c);
      l->across[s][0] = -sn;
      l->across[s][1] = c;
    }
  tf_layout_hang_chips (l);
  /* Bars: neighbouring groups, at most GROUP_SECTORS of them round the circle, each with its
   * switches' chips; the global links between two sectors then make one band. */
  if (l->group != NULL)
    {
      guint sectors = MIN (n_group, GROUP_SECTORS);

      for (guint s = 0; s < g->n_switch; s++)
        l->group[g->n_chip + s] = (guint32) ((guint64) group_of[s] * sectors / n_group);
      for (guint c = 0; c < g->n_chip; c++)
        if (l->chip_switch[c] != G_MAXUINT32)
          l->group[c] = l->group[g->n_chip + l->chip_switch[c]];
      l->n_groups = sectors;
    }
}

void
tf_layout_groups (Layout *l)
{
  lay_out_group_circle (l, tf_layout_attr_int (l, "g", 0), tf_layout_attr_int (l, "a", G_MAXUINT),
                        NULL);
}

/* Slim Fly: its q row pairs (the 2 q routers (0, a, .) and (1, a, .) of the MMS graph, numbered
 * in a run) of every plane, on a circle as a dragonfly's groups, each router's boards beyond
 * it; the links between row pairs are the chords inside. */
void
tf_layout_row_pairs (Layout *l)
{
  lay_out_group_circle (l, tf_layout_attr_int (l, "q", 0) * tf_layout_attr_int (l, "planes", 1),
                        G_MAXUINT, NULL);
}

/* PolarFly: the quadric's q + 1 routers, then q clusters of q, of every plane, on a circle as
 * a dragonfly's groups. */
void
tf_layout_clusters (Layout *l)
{
  guint q = tf_layout_attr_int (l, "q", 0), planes = tf_layout_attr_int (l, "planes", 1);
  guint n_group = (q + 1) * planes;
  g_autofree guint32 *first = g_new (guint32, n_group + 1);

  for (guint i = 0; i <= n_group; i++)
    {
      guint plane = i / (q + 1), k = i % (q + 1);

      first[i] = plane * (q * q + q + 1) + (k == 0 ? 0 : q + 1 + (k - 1) * q);
    }
  lay_out_group_circle (l, n_group, G_MAXUINT, q > 0 ? first : NULL);
}
