/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-layout-logical.h: where the logical layout puts each node: the network's own shape, not
 * the racks it stands in. Tori and HyperX as grids, dragonfly groups on a circle, fat-trees in
 * tiers, hypercubes as nested cubes, rings and full meshes as circles of boards, a single switch
 * as a star. One row per family in tf-layout-logical.c (the families of groups laid out by
 * tf-layout-groups.c); a family without one (or a file without a family) gets switches in tiers
 * over the chips they serve. A board's scale-up switches stand
 * beside its chips, whatever the family. Plain C, no GL. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

/* Centres one grid step apart: chips of neighbouring logical coordinates. */
#define TF_LAYOUT_PITCH        2.0f
/* Switches at least this far apart, so their blocks never touch. */
#define TF_LAYOUT_SWITCH_PITCH 3.6f
/* A board's scale-up switches, beside its chips, at least this far apart. */
#define TF_LAYOUT_SCALE_UP_PITCH 0.6f

/* The centre of every node of @graph (chips 0 .. n_chip-1, then the switches) in
 * @positions[n_chip + n_switch], in chip edges with y up, for @family (NULL: none) with @attrs
 * (NULL: none). Where the layout stands in tiers over more than one pod (fat-trees), or in
 * groups on a circle (dragonflies), each node's bar goes in @groups[n_chip + n_switch] (NULL:
 * not wanted): a tier's switches of one pod, a tier without pods, or a pod's chips; a sector
 * of neighbouring groups with their chips. The view draws these bars and the links between
 * them when the links are too many to draw. Returns the number of bars (ids below it; some may be
 * empty), 0 when the layout has none (then @groups is all G_MAXUINT32). */
guint    tf_layout_logical (const TfNetworkGraph *graph, const char *family,
                            const TfAttrs *attrs, float (*positions)[3], guint32 *groups);
/* Whether @family has its own row (otherwise the tiers fallback is used). */
gboolean tf_layout_logical_has_family (const char *family);

G_END_DECLS
