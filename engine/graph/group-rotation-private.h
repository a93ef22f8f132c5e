/* SPDX-License-Identifier: GPL-3.0-or-later */
/* group-rotation-private.h: the rotation of a graph's groups a family declares (Dragonfly,
 * Dragonfly+), checked, and the sums over chip pairs it gives from one group's chips alone
 * (group-rotation.c).
 */
#pragma once

#include "quotient-private.h"

G_BEGIN_DECLS

/* What a family declares: switch k of group i is switch i * group_switches + k (every switch in
 * a group), chip k of group i is chip i * group_chips + k, the last group holding the chips
 * left (it may be partly filled), and moving every node from group i to group i + 1 mod
 * n_group maps the links onto the links where both ends are there. Nothing is trusted: see
 * tf_rotated_graph_init (). */
typedef struct
{
  guint n_group;
  guint group_switches;
  guint group_chips;
} TfGroupRotation;

/* The graph a declared rotation is an automorphism of: @graph with the empty places of its last
 * group filled with chips (copies of the group before's, by the rotation), where those chips
 * change no distance between the graph's own nodes, whatever single switch fails. Its chips
 * are chips 0 .. n_group * group_chips - 1, the graph's own first; its switches the graph's. */
typedef struct
{
  TfNetworkGraph full;       /* links only (multiplicity 1: distances ignore it) */
  guint          n_chip;     /* the graph's own chips */
  guint          n_group;
  guint          group_chips;
  guint32       *image;      /* per node of full: its image under the rotation */
} TfRotatedGraph;

/* FALSE (and nothing to clear) unless @rotation, with the last group filled, is an automorphism
 * of the filled graph, and every component of the added chips hangs off switches one hop apart,
 * or two with a chip or two switches in common (so no shortest path between two of the graph's
 * nodes, in the graph or with one switch failed, needs added chips). @own is @graph's twin
 * quotient (its distinct neighbours). Costs a pass over the links. */
gboolean tf_rotated_graph_init (TfRotatedGraph *r, const TfNetworkGraph *graph,
                                const TfQuotient *own, const TfGroupRotation *rotation);
void     tf_rotated_graph_clear (TfRotatedGraph *r);

/* Layer 1's failure sums over the chip pairs of the graph from the chip classes of group 0 of
 * @q (the twin quotient of r->full) alone: each stands for its images in every group, through
 * per-source weights (TfPairSums.source_weights), and the classes of @orbits' swaps that fix
 * switches stand for each other where the rotation keeps the graph's chips in place of each
 * other. */
typedef struct
{
  const TfQuotient *q;
  guint             n_group;
  guint64          *present;   /* per class: the graph's own chips in it */
  guint32          *turned;    /* n_group x chip classes: present[] of the k-th image */
  guint64          *sum_turned;  /* per chip class: turned[] summed over the groups */
  guint64          *times;     /* per chip class: the sources it stands for (0: not searched) */
} TfRotatedSources;

/* FALSE (nothing to clear) when a chip class of @q spans groups. */
gboolean tf_rotated_sources_init (TfRotatedSources *rs, const TfRotatedGraph *r,
                                  const TfQuotient *q, const TfChipOrbits *orbits);
void     tf_rotated_sources_clear (TfRotatedSources *rs);
/* TfPairSums.source_weights, @data a TfRotatedSources. */
void     tf_rotated_source_weights (gpointer data, guint32 s, guint64 *w, guint64 *within,
                                    guint64 *times);

/* The diameter and the hop sum over ordered chip pairs of @graph from searches of one group's
 * chips, when @rotation holds (tf_rotated_graph_init ()) and every chip reaches every other;
 * else FALSE, nothing searched but the check. */
gboolean tf_rotated_path_sums (const TfNetworkGraph *graph, const TfGroupRotation *rotation,
                               guint *diameter, guint64 *sum);

/* Gives @table its rows (begun without plain rows on the graph's twin quotient @q,
 * tf_hop_table_begin ()) from searches of group 0's chips alone on @full, the quotient of
 * r->full: a chip of group k is the k-th image of one of group 0, so its distances are that
 * one's to the nodes moved back k groups. The rows are read through the rotation
 * (TfHopTable.rot_map), never copied; no tf_hop_table_finish (). */
void     tf_hop_table_rotated_rows (TfHopTable *table, const TfQuotient *q,
                                    const TfRotatedGraph *r, const TfQuotient *full);

G_END_DECLS
