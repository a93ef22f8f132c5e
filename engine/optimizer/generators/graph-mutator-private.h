/* SPDX-License-Identifier: GPL-3.0-or-later */
/* graph-mutator-private.h: an edit of a NetworkGraph in progress, shared by the GraphMutator's
 * local edits (generator-graph-mutator.c, which also makes the child and checks it) and its
 * structural moves (mutation-structural.c).
 *
 * The graph crossover (generator-graph-crossover.c) builds its child as such an edit too, so
 * that it ends in the same final check.
 *
 * An operator edits the switch and link arrays, leaving empty records and unsettled port
 * counts behind; the mutator's finish() merges, settles and checks them. An operator that
 * cannot apply fails with TF_ERROR_INVALID_MUTATION.
 *
 * An edit keeps account of the nodes whose links it changed (take_link, tf_edit_add_links and
 * tf_edit_touch mark them); an operator that changes links only through those (the local edits,
 * listed in generator-graph-mutator.c) is checked by what it changed (TfEditChange), any other
 * in full (e->whole).
 */
#pragma once

#include "generators-private.h"

G_BEGIN_DECLS

typedef struct
{
  const TfSearchConfig *config;
  TfNetworkGraph       *graph;     /* n_chip and grouping as the parent's */
  GArray               *switches;  /* TfSwitch, ids owned */
  GArray               *links;     /* TfLink */
  guint                 max_ports;
  TfIntraBoardTopo      board_topo; /* how the boards are wired (the candidate's context's;
                                     * TF_N_INTRA_BOARD_TOPOS: unknown), and after the edit */
  GByteArray           *near;      /* one byte per node, set where a link was changed */
  gboolean              cut;       /* a link was taken out */
  gboolean              whole;     /* check the whole graph, not what the edit marked */
  GHashTable           *pairs;     /* while set (tf_edit_index_links): (a, b) -> record + 1 */
} Edit;

#define SW(e, i) (&g_array_index ((e)->switches, TfSwitch, (i)))
#define LINK(e, i) (&g_array_index ((e)->links, TfLink, (i)))

static inline guint
n_chip (const Edit *e)
{
  return e->graph->n_chip;
}

static inline gboolean
is_switch (const Edit *e,
           guint32     node)
{
  return node >= n_chip (e);
}

/* Marks @node's links as changed by the edit. */
void     tf_edit_touch (Edit *e, guint32 node);

/* Takes one physical link out of record @i. */
static inline void
take_link (Edit *e,
           guint i)
{
  LINK (e, i)->multiplicity--;
  tf_edit_touch (e, LINK (e, i)->a);
  tf_edit_touch (e, LINK (e, i)->b);
  e->cut = TRUE;
}

/* @graph (uninitialised) a copy of @parent held as an edit; tf_edit_clear frees what the edit
 * still holds (all of it after tf_edit_finish failed before putting it back, none after). */
void     tf_edit_init (Edit *e, const TfSearchConfig *config, const TfNetworkGraph *parent,
                       TfNetworkGraph *graph);
void     tf_edit_clear (Edit *e);
/* Puts the edit back into e->graph: records merged, empty ones dropped, switches left with no
 * link removed, link types and port counts settled, then every switch within the largest radix
 * option, no other dead hardware (tf_network_graph_find_dead_switch) and every invariant
 * (connectivity among them) checked; TF_ERROR_INVALID_MUTATION otherwise. */
gboolean tf_edit_finish (Edit *e, GError **error);
/* One edit @op of @from (a valid graph), whose boards are wired as *@board_topo (updated by a
 * board move), into @out (uninitialised; on failure it holds what must be cleared), checked by
 * what it changed where the operator keeps account, or in full when @whole. */
gboolean tf_edit_apply (const TfSearchConfig *config, const TfNetworkGraph *from,
                        TfIntraBoardTopo *board_topo, TfMutation op, gboolean whole, GRand *rng,
                        TfNetworkGraph *out, GError **error);
/* Adds @multiplicity links between a and b, onto an existing record when there is one. */
void     tf_edit_add_links (Edit *e, guint32 a, guint32 b, guint32 multiplicity);
/* Indexes the link records by their ends, so that tf_edit_add_links finds a record in constant
 * time rather than by a scan (an edit adding thousands of links: the crossover). The index
 * holds while links change only through tf_edit_add_links and take_link; dropping a switch
 * (which renumbers) and finishing drop it. */
void     tf_edit_index_links (Edit *e);
/* Removes switch node @v, whose links are all empty, and renumbers the nodes after it. */
void     tf_edit_drop_switch (Edit *e, guint32 v);
gboolean tf_edit_id_taken (const Edit *e, const char *id);
/* Sets a TF_ERROR_INVALID_MUTATION; returns FALSE. */
gboolean tf_edit_invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* The structural moves (mutation-structural.c). */
gboolean tf_mutation_tier_edit (Edit *e, GRand *rng, GError **error);
gboolean tf_mutation_add_spine_plane (Edit *e, GRand *rng, GError **error);
gboolean tf_mutation_remove_spine_plane (Edit *e, GRand *rng, GError **error);
/* The board moves (mutation-board.c). */
gboolean tf_mutation_change_board_topology (Edit *e, GRand *rng, GError **error);
gboolean tf_mutation_change_chips_per_board (Edit *e, GRand *rng, GError **error);

G_END_DECLS
