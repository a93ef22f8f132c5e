/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dragonfly-groups-private.h: the groups Dragonfly and Dragonfly+ share: how endpoints fill
 * them and how global links wire them together.
 *
 * Endpoints fill groups in order, so for a given n_endpoint the capacity rule
 * (g x per_group >= n_endpoint) and the no-empty-group rule fix g = ceil (n_endpoint / per_group).
 *
 * The "consecutive" (relative) arrangement: each group has @ports global ports numbered
 * 0 .. ports-1; port P of group i goes to group i + 1 + (P mod (g - 1)) (mod g) and arrives at
 * port (P div (g - 1)) (g - 1) + (g - 2 - P mod (g - 1)) there. With g = ports + 1 (balanced)
 * every pair of groups gets exactly one link; with fewer groups the rounds repeat, every pair
 * gets at least one, and a port whose partner would fall beyond the last port stays unused.
 */
#pragma once

#include "family-private.h"

G_BEGIN_DECLS

guint    tf_dragonfly_groups_for (guint n_endpoint, guint per_group);
/* The rules both families share: n_endpoint divides n_chip, fits g groups of @per_group
 * endpoints, and leaves no group empty. */
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
