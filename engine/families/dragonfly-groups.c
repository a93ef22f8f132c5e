/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dragonfly-groups.c: groups, global links, rails and planes, shared by Dragonfly and
 * Dragonfly+. */
#include "dragonfly-groups-private.h"

guint
tf_dragonfly_groups_for (guint n_endpoint,
                         guint per_group)
{
  return (n_endpoint + per_group - 1) / per_group;
}

gboolean
tf_dragonfly_groups_check (const TfContext *ctx,
                           guint            n_group,
                           guint            per_group,
                           guint            n_endpoint,
                           GString         *why)
{
  if (n_endpoint < 1 || ctx->n_chip % n_endpoint != 0)
    return tf_reject (why, "n_endpoint = %u must divide n_chip = %u", n_endpoint, ctx->n_chip);
  if ((guint64) n_group * per_group < n_endpoint)
    return tf_reject (why, "capacity g = %u groups of %u boards = %" G_GUINT64_FORMAT
                      " is below n_endpoint = %u", n_group, per_group,
                      (guint64) n_group * per_group, n_endpoint);
  if ((guint64) (n_group - 1) * per_group >= n_endpoint)
    return tf_reject (why, "g = %u leaves the last group empty: n_endpoint = %u fills %u "
                      "groups of %u boards", n_group, n_endpoint,
                      tf_dragonfly_groups_for (n_endpoint, per_group), per_group);
  return TRUE;
}

gboolean
tf_dragonfly_attachment_check (const TfAttachment *at,
                               const TfContext    *ctx,
                               guint               a,
                               guint               chips_per_board,
                               GString            *why)
{
  if (!tf_attachment_check (at, ctx, chips_per_board, why))
    return FALSE;
  if (at->attach == TF_ATTACH_RAIL && a % chips_per_board != 0)
    return tf_reject (why, "attach = rail: C_board = %u must divide a = %u, so a group's "
                      "leaves hold whole rail groups", chips_per_board, a);
  return TRUE;
}

gboolean
tf_global_port_partner (guint  n_group,
                        guint  ports,
                        guint  port,
                        guint *partner)
{
  guint span = n_group - 1;
  guint round = port / span, offset = port % span;
  guint64 p = (guint64) round * span + (span - 1 - offset);

  if (p >= ports)
    return FALSE;
  *partner = (guint) p;
  return TRUE;
}

guint64
tf_global_link_count (guint n_group,
                      guint ports)
{
  guint64 span = n_group - 1;
  guint64 full = ports / span, rest = ports % span;
  /* Full rounds pair up among themselves; in the last, partial round the port at offset o is
   * linked when its partner offset span - 1 - o is there too, o >= span - rest. */
  guint64 connected = full * span + (2 * rest > span ? 2 * rest - span : 0);

  /* Every group has the same connected ports; each link joins two of them. */
  return (guint64) n_group * connected / 2;
}

/* Groups i whose link to group i + delta (mod g) leaves i's pod, pods holding runs of @per
 * groups: g minus the pairs inside one run, counted without and with the wrap-around (i + delta
 * past the last group comes back to the first, inside a run when the run is long enough). */
static guint64
crossing (guint64 g,
          guint64 per,
          guint64 delta)
{
  guint64 full = g / per, rest = g % per, same = 0;

  same += full * (per > delta ? per - delta : 0) + (rest > delta ? rest - delta : 0);
  same += full * (per > g - delta ? per - (g - delta) : 0)
          + (rest > g - delta ? rest - (g - delta) : 0);
  return g - same;
}

guint64
tf_global_link_count_between_pods (guint n_group,
                                   guint ports,
                                   guint groups_per_pod)
{
  guint64 span = n_group - 1, full = ports / span, rest = ports % span, ends = 0;

  if (groups_per_pod >= n_group)
    return 0;
  /* Port offset o goes to the group o + 1 further on: in every full round, and in the last
   * round when linked (offsets span - rest .. rest - 1). Each link is counted at both ends. */
  for (guint64 o = 0; o < span; o++)
    {
      guint64 linked = full + (o >= span - rest && o < rest ? 1 : 0);

      ends += linked * crossing (n_group, groups_per_pod, o + 1);
    }
  return ends / 2;
}

void
tf_global_links_build (TfBuild *build,
                       guint    n_group,
                       guint    ports,
                       guint    first_switch,
                       guint    switch_stride,
                       guint    ports_per_switch)
{
  guint n_switch = ports / ports_per_switch + (ports % ports_per_switch != 0);
  g_autofree guint *target = g_new (guint, ports_per_switch);
  g_autofree guint *count = g_new (guint, ports_per_switch);

  /* Each link once, from the lower-numbered group; parallel links from one switch to the same
   * switch merge into one link with a multiplicity. */
  for (guint i = 0; i < n_group; i++)
    for (guint s = 0; s < n_switch; s++)
      {
        guint self = first_switch + i * switch_stride + s, n_targets = 0;

        for (guint p = s * ports_per_switch; p < MIN (ports, (s + 1) * ports_per_switch); p++)
          {
            guint partner, j = (i + 1 + p % (n_group - 1)) % n_group, other, k;

            if (!tf_global_port_partner (n_group, ports, p, &partner) || j < i)
              continue;
            other = first_switch + j * switch_stride + partner / ports_per_switch;
            for (k = 0; k < n_targets && target[k] != other; k++)
              ;
            if (k == n_targets)
              {
                target[n_targets] = other;
                count[n_targets++] = 0;
              }
            count[k]++;
          }
        for (guint k = 0; k < n_targets; k++)
          tf_build_add_link (build, tf_build_switch_node (build, self),
                             tf_build_switch_node (build, target[k]), count[k]);
      }
}
