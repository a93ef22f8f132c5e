/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dragonfly-groups-private.h: the groups Dragonfly and Dragonfly+ share: how endpoints fill
 * them, how global links wire them together, and how rails and planes (attachment-private.h)
 * sit in them.
 *
 * Endpoints fill groups in order, so for a given n_endpoint the capacity rule
 * (g x per_group >= n_endpoint) and the no-empty-group rule fix g = ceil (n_endpoint / per_group).
 * A group's a leaves hold a p boards, p a leaf; with rails a rail group of C_board consecutive
 * leaves takes p boards, chip j of each on its leaf j, so a group holds a p / C_board boards.
 *
 * Planes interleave inside each group: group i holds P blocks of the plane's switches, plane q's
 * switch k being switch i P w + q w + k (w switches a group and plane), so moving every group on
 * by one still maps links onto links (TfBuild's rotation, family-private.h) and the global links
 * of plane q are the arrangement's with first_switch q w and switch_stride P w.
 *
 * The "consecutive" (relative) arrangement: each group has @ports global ports numbered
 * 0 .. ports-1; port P of group i goes to group i + 1 + (P mod (g - 1)) (mod g) and arrives at
 * port (P div (g - 1)) (g - 1) + (g - 2 - P mod (g - 1)) there. With g = ports + 1 (balanced)
 * every pair of groups gets exactly one link; with fewer groups the rounds repeat, every pair
 * gets at least one, and a port whose partner would fall beyond the last port stays unused.
 */
#pragma once

#include "attachment-private.h"
#include "family-private.h"

G_BEGIN_DECLS

/* Boards a group of @a leaves with @p ports each for endpoints holds: a p, or a p / C_board
 * with rails. */
static inline guint
tf_dragonfly_boards_per_group (const TfAttachment *at,
                               guint               a,
                               guint               p,
                               guint               chips_per_board)
{
  return a * p / tf_attachment_rails (at, chips_per_board);
}

/* The switch of endpoint @e (a board, or with rails a chip) in plane @q, leaves numbered across
 * groups in order, @a a group and plane; a group's planes hold @plane_switches switches each,
 * their leaves first. */
static inline guint
tf_dragonfly_endpoint_switch (const TfAttachment *at,
                              guint               e,
                              guint               a,
                              guint               p,
                              guint               chips_per_board,
                              guint               plane_switches,
                              guint               q)
{
  guint leaf = tf_attachment_leaf (at, e, p, chips_per_board);

  return (leaf / a) * at->planes * plane_switches + q * plane_switches + leaf % a;
}

/* The attachment rules both families share: tf_attachment_check's, and with rails C_board
 * dividing a, so a group holds whole rail groups. */
gboolean tf_dragonfly_attachment_check (const TfAttachment *at, const TfContext *ctx, guint a,
                                        guint chips_per_board, GString *why);

guint    tf_dragonfly_groups_for (guint n_endpoint, guint per_group);
/* The rules both families share: n_endpoint divides n_chip, fits g groups of @per_group
 * boards, and leaves no group empty. */
gboolean tf_dragonfly_groups_check (const TfContext *ctx, guint n_group, guint per_group,
                                    guint n_endpoint, GString *why);

/* The partner port of @port, or FALSE when the port stays unused. */
gboolean tf_global_port_partner (guint n_group, guint ports, guint port, guint *partner);
/* Links in the whole network. */
guint64  tf_global_link_count (guint n_group, guint ports);
/* Of those, the links between groups in different pods when pods hold runs of
 * @groups_per_pod groups. */
guint64  tf_global_link_count_between_pods (guint n_group, guint ports, guint groups_per_pod);
/* Adds the links to @build: port P of group i belongs to switch
 * first_switch + i * switch_stride + P / ports_per_switch. Parallel links between the same
 * two switches become one link with a multiplicity. */
void     tf_global_links_build (TfBuild *build, guint n_group, guint ports,
                                guint first_switch, guint switch_stride,
                                guint ports_per_switch);

G_END_DECLS
