/* SPDX-License-Identifier: GPL-3.0-or-later */
/* build-private.h: the endpoint-level network a family builds (build.c), which the framework
 * expands into chips, the placement packs into racks and pods, and the metrics measure. */
#pragma once

#include "topoforge.h"
#include "graph-private.h"

G_BEGIN_DECLS

/* The endpoint-level network a family builds. Nodes: endpoint e is node e, switch i is node
 * n_endpoint + i. For Tier-7 leaf families an endpoint is a board; for Tier-6 leaf families it is
 * a chip and endpoint_board says which board holds it.
 *
 * A multiplicity counts ports at the family's level. For a Tier-7 family a port is a board's
 * port, a bundle of C_board x chip_radix physical links ("lanes", tf_result_lanes): a board-switch
 * link becomes C_board chip-switch links of chip_radix each, and a switch-switch link of
 * multiplicity m becomes m x lanes physical links, so every switch keeps the port split (and
 * the oversubscription) the family's parameters promise. A board-board link joins chip j of
 * board a to chip (j + shift) mod C_board of board b, or, with shift TF_LANES_ALL, every chip
 * of a to every chip of b. */
#define TF_LANES_ALL G_MAXUINT32

typedef struct
{
  guint32 a;
  guint32 b;
  guint32 multiplicity;
  guint32 shift;
} TfBuildLink;

typedef struct
{
  guint     n_endpoint;
  guint     chips_per_board;
  guint     n_board;
  guint32  *endpoint_board;   /* Tier-6 families only: board of each chip; NULL otherwise */
  guint     n_rack;
  guint     n_pod;
  guint32  *board_rack;
  guint32  *rack_pod;
  GArray   *switches;         /* TfSwitch; ids owned */
  GArray   *links;            /* TfBuildLink */
  /* Physical links a multiplicity of 1 stands for: on a link at a chip (or a Tier-7 board's
   * chip) and on a switch-switch link. tf_family_build fills them from the result
   * (tf_result_get_lanes). */
  guint64   chip_lanes;
  guint64   port_lanes;
  gboolean  chip_transitive;  /* the chip-level graph is vertex-transitive on chips */
  TfChipLattice lattice;      /* the lattice the family lays its chips on (topoforge.h) */
  /* A rotation the family promises, or n_group 0. Switch k of group i is switch
   * i * group_switches + k, every switch is in a group, and moving every switch from group i to
   * group i + 1 mod n_group maps each switch-switch link onto one of the same multiplicity and
   * kind (Dragonfly, Dragonfly+: the global links depend on the port and the group difference
   * alone). The leaf diameter then searches from one group instead of all, and the bisection
   * of a large build places switches group by group. */
  guint     n_group;
  guint     group_switches;
} TfBuild;

void   tf_build_init (TfBuild *build);
void   tf_build_clear (TfBuild *build);
/* Sets n_endpoint, boards and grouping arrays (zeroed) for the family to fill. */
void   tf_build_set_shape (TfBuild *build, guint n_endpoint, guint chips_per_board,
                           guint n_board, guint n_rack, guint n_pod);
/* Makes room for @n_switches switches and @n_links links in all, so a large build does not
 * grow its arrays step by step. */
void   tf_build_reserve (TfBuild *build, guint n_switches, guint n_links);
guint  tf_build_add_switch (TfBuild *build, TfTier tier, guint container, const char *format,
                            ...) G_GNUC_PRINTF (4, 5);
void   tf_build_add_link (TfBuild *build, guint32 a, guint32 b, guint32 multiplicity);
/* A board-board link whose chips pair up as chip j of @a with chip (j + @shift) mod C of @b
 * (TF_LANES_ALL: every chip with every chip). */
void   tf_build_add_lane_link (TfBuild *build, guint32 a, guint32 b, guint32 multiplicity,
                               guint32 shift);
static inline guint32
tf_build_switch_node (const TfBuild *build, guint switch_index)
{
  return build->n_endpoint + switch_index;
}
/* Where a node sits: its board, rack and pod, G_MAXUINT above that level. */
void   tf_build_locate (const TfBuild *build, guint32 node, guint *board, guint *rack,
                        guint *pod);
/* The type and reach of the physical links a build link becomes. */
void   tf_build_link_kind (const TfBuild *build, guint32 a, guint32 b, TfLinkType *type,
                           TfReach *reach);

/* The switches of @build and the links between them: node i is switch i, and an entry's link
 * is the index of its TfBuildLink in build->links. */
void  tf_build_switch_adjacency (const TfBuild *build, TfAdjacency *adj);
/* Counts @n physical links of @type reaching @reach into @m's totals by type and by reach. */
static inline void
tf_metrics_add_links (TfMetrics  *m,
                      TfLinkType  type,
                      TfReach     reach,
                      guint64     n)
{
  m->link_count_by_type[type] += n;
  m->link_count_by_reach[reach] += n;
}

G_END_DECLS
