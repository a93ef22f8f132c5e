/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-scene.h: what the 3D view draws, built from a NetworkGraph in plain C (no GL), so tests run
 * it without a display.
 *
 * Layout: pods stand side by side on the floor, racks in a grid inside each pod, boards stacked
 * as shelves in each rack (in columns when a rack holds many), chips in a grid on each board.
 * A board's scale-up switches (intra_board_topo = switch) sit on the board too, in rows along
 * its front edge (+z, towards the usual eye) before the chips. Rack switches sit on top of their
 * rack, pod switches on a level above their pod, datacenter switches on the highest level. Pods,
 * racks and boards are translucent boxes; chips and switches solid blocks; links lines coloured
 * by reach. Above a link budget the links are bundled: chip ends, and the scale-up switches on
 * a board with them, move up to their board (then their rack), and links joining the same two
 * ends become one line; lines inside a rack, which rack ends would hide, stay between boards,
 * thinned evenly to the budget (give or take one line per reach: every reach keeps a line).
 *
 * The logical layout (tf-layout-logical.h) places chips and switches by the network's shape
 * instead and draws no containers; its links are lines between chips, thinned evenly to the
 * budget. Above the budget, chips on a grid (a torus) become tiles that touch their grid
 * neighbours, which stand for the links between them, and only the other links (the
 * wrap-around) stay lines. Both layouts keep, per line, the boxes it joins, and per node its neighbours, so a
 * filter (hidden reaches and switch tiers) and a hover highlight need no new layout.
 */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

typedef enum
{
  TF_SCENE_POD,
  TF_SCENE_RACK,
  TF_SCENE_BOARD,
  TF_SCENE_CHIP,
  TF_SCENE_SWITCH,
  TF_SCENE_GROUP,     /* logical, above the budget: a bar of one tier's nodes in one pod */
  TF_SCENE_N_KINDS
} TfSceneKind;

/* One block to draw: instance data for the box shader. */
typedef struct
{
  float center[3];
  float size[3];
  float color[4];
} TfSceneBox;

/* A box's twelve edges, as pairs of corners (below). */
extern const guint8 tf_scene_box_edges[12][2];

/* Corner @corner (0 to 7: bit k set for the high side of axis k) of @box grown by @scale (1:
 * the box itself; the hover mark stands a little outside it). */
static inline void
tf_scene_box_corner (const TfSceneBox *box,
                     guint             corner,
                     float             scale,
                     float             out[3])
{
  for (guint axis = 0; axis < 3; axis++)
    out[axis] = box->center[axis]
                + ((corner >> axis) & 1 ? 0.5f : -0.5f) * scale * box->size[axis];
}

/* One end of a line: vertex data for the line shader. */
typedef struct
{
  float position[3];
  float color[4];
} TfSceneVertex;

typedef enum
{
  TF_SCENE_LAYOUT_PHYSICAL,   /* pods, racks, boards as they stand */
  TF_SCENE_LAYOUT_LOGICAL,    /* the network's shape (tf-layout-logical.h) */
  TF_SCENE_N_LAYOUTS
} TfSceneLayout;

/* Switch tiers as the scene counts them: rack, pod, datacenter, and last a board's scale-up
 * switches (TF_TIER_BOARD), so that the first three keep their numbers in filters. */
#define TF_SCENE_N_TIERS 4u
#define TF_SCENE_TIER_SCALE_UP 3u
#define TF_SCENE_TIER(tier) ((tier) == TF_TIER_BOARD ? TF_SCENE_TIER_SCALE_UP \
                             : (guint) CLAMP ((int) (tier) - TF_TIER_RACK, 0, 2))

/* A line's end: a box, packed as kind << 28 | index. */
#define TF_SCENE_PACK(kind, index) (((guint32) (kind) << 28) | (guint32) (index))
#define TF_SCENE_PACKED_KIND(packed) ((TfSceneKind) ((packed) >> 28))
#define TF_SCENE_PACKED_INDEX(packed) ((guint) ((packed) & 0x0fffffffu))

typedef struct
{
  guint32 a, b;       /* packed ends */
  guint32 reach;      /* TfReach */
  guint32 links;      /* how many links the line stands for (bundled: one or more) */
} TfSceneLine;

typedef enum
{
  TF_SCENE_LINKS_ALL,      /* every link, chip to chip or switch */
  TF_SCENE_LINKS_BOARDS,   /* chip ends moved to their boards, bundled */
  TF_SCENE_LINKS_RACKS,    /* chip ends moved to their racks, bundled; lines inside a rack
                            * between boards, thinned to the budget */
  TF_SCENE_LINKS_TILES,    /* logical: chips are tiles of their grid, touching where they
                            * link; only the other links (a torus's wrap-around) are lines */
  TF_SCENE_LINKS_GROUPS,   /* logical, in tiers over pods (a fat-tree): each tier of each pod
                            * is a bar (TF_SCENE_GROUP) and the links between two bars one
                            * bundled line, its band as wide as log2 of them */
} TfSceneLinkLevel;

typedef struct
{
  /* Per kind, the boxes in the graph's order: pods, racks and boards by index, chips by
   * number, switches by index. */
  GArray          *boxes[TF_SCENE_N_KINDS];    /* TfSceneBox */
  GArray          *link_vertices;              /* TfSceneVertex, two per line */
  GArray          *outline_vertices;           /* TfSceneVertex, box edges of pods and racks */
  guint            n_lines;
  guint            n_lines_hidden;             /* thinned out at TF_SCENE_LINKS_RACKS */
  guint            n_links_tiled;              /* shown as touching tiles (LINKS_TILES) */
  guint            n_links;                    /* link records in the graph */
  TfSceneLinkLevel link_level;
  guint64          lines_by_reach[TF_N_REACHES];
  float            bounds_min[3];
  float            bounds_max[3];

  /* The angles (radians) the scene reads best from: the usual three-quarter view, straight
   * on for a flat upright layout, from high above for a flat one on the floor. */
  float            view_yaw;
  float            view_pitch;
  TfSceneLayout    layout;
  GArray          *lines;                      /* TfSceneLine, one per drawn line */
  /* A bundled line of more than one link has a band under it too, as wide as log2 of its
   * links: six TfSceneVertex (two triangles) per band, and the line it belongs to. */
  GArray          *band_vertices;
  GArray          *band_lines;                 /* guint, one per band */
  guint            n_chip;
  guint8          *switch_tier;                /* TF_SCENE_TIER of each switch */
  guint            switches_by_tier[TF_SCENE_N_TIERS];
  /* The roles the switch ids of a tier name ("leaf", "spine"), comma-separated, or NULL;
   * always NULL for scale-up switches, whose tier is their role. */
  char            *tier_roles[TF_SCENE_N_TIERS];
  /* Nodes (chips, then switches) and their neighbours: node v's are adj_target[adj_offset[v]
   * .. adj_offset[v + 1]), adj_reach the reach of each link. */
  guint32         *adj_offset;
  guint32         *adj_target;
  guint8          *adj_reach;
  guint            chips_per_board;
  guint32         *board_chips;                /* as the graph's */
  /* The largest side of a chip's block (0 without chips): a view where it would be drawn
   * smaller than TF_SCENE_CHIP_MIN_PIXELS shows racks as solid blocks instead of their boards
   * and chips (tf_scene_lod_shows_chips ()). */
  float            chip_extent;
  /* TF_SCENE_LINKS_GROUPS: per bar, the tier of its switches (TF_SCENE_N_TIERS: chips), and
   * how many nodes it holds. */
  guint8          *group_tier;
  guint32         *group_nodes;
  guint32         *node_group;                 /* per node (chips, then switches), its bar */
  /* A band's width per doubling of its links: 0.12 units, or between bars a fiftieth of the
   * narrowest bar, so that bands read beside bars hundreds of units wide. */
  float            band_unit;
} TfScene;

/* The smallest a chip may be drawn, in pixels, before the physical view shows its rack as a
 * solid block instead: a field of one-pixel dots says nothing. */
#define TF_SCENE_CHIP_MIN_PIXELS 2.5f

/* What the view hides: bit 1 << reach of hidden_reaches, bit 1 << TF_SCENE_TIER of
 * hidden_tiers (with the links that end at those switches). */
typedef struct
{
  guint hidden_reaches;
  guint hidden_tiers;
} TfSceneFilter;

/* Links above this many are bundled. */
#define TF_SCENE_LINK_BUDGET 20000u
/* Up to this many lines are opaque; more are drawn fainter (alpha down to 0.25). */
#define TF_SCENE_OPAQUE_LINES 2000u

void     tf_scene_init (TfScene *scene);
void     tf_scene_clear (TfScene *scene);
/* Lays out @graph; links beyond @link_budget are bundled (0: TF_SCENE_LINK_BUDGET). */
void     tf_scene_build (TfScene *scene, const TfNetworkGraph *graph, guint link_budget);
/* The same in @layout; the logical layout reads @family (NULL: none) and its @attrs. */
void     tf_scene_build_layout (TfScene *scene, const TfNetworkGraph *graph, guint link_budget,
                                TfSceneLayout layout, const char *family,
                                const TfAttrs *attrs);

/* The colour of a kind's boxes; for switches, of the tier's (TF_SCENE_TIER). Shared with the
 * legend. */
void     tf_scene_kind_color (TfSceneKind kind, guint tier, float rgba[4]);
/* Whether @filter (NULL: none) shows the box, and the line at @line. */
gboolean tf_scene_box_visible (const TfScene *scene, const TfSceneFilter *filter,
                               TfSceneKind kind, guint index);
gboolean tf_scene_line_visible (const TfScene *scene, const TfSceneFilter *filter, guint line);
/* What hovering a chip, switch or board lights up: the boxes of its neighbours (@boxes,
 * TfSceneBox, brightened) and its links (@vertices, TfSceneVertex, two per link, opaque),
 * leaving out what @filter hides. Other kinds add nothing. */
void     tf_scene_highlight (const TfScene *scene, const TfSceneFilter *filter,
                             TfSceneKind kind, guint index, GArray *boxes, GArray *vertices);

/* Whether a view drawing @pixels_per_unit pixels per unit of a scene at its centre
 * (tf_camera_pixels_per_unit ()) shows the chips and boards, or, with @n_racks racks to show
 * instead (the physical layout), the racks as solid blocks; @chip_extent is the scene's. */
gboolean tf_scene_lod_shows_chips (float chip_extent, guint n_racks, float pixels_per_unit);

/* The bandwidth each line of @scene (built from @graph) stands for, in @line_gbps (one per
 * entry of scene->lines): the sum of @link_gbps (tf_network_graph_link_gbps ()) over the links
 * it bundles. */
void     tf_scene_line_gbps (const TfScene *scene, const TfNetworkGraph *graph,
                             const double *link_gbps, double *line_gbps);

/* The colour of the links of each reach (RGBA), shared with the legend. */
void     tf_scene_link_color (TfReach reach, float rgba[4]);

/* The nearest box a ray hits, chips and switches before the containers they sit in. */
typedef struct
{
  TfSceneKind kind;
  guint       index;
  float       distance;
} TfScenePick;

gboolean tf_scene_pick (const TfScene *scene, const float origin[3], const float direction[3],
                        TfScenePick *out);
/* The same among the boxes @filter shows. */
gboolean tf_scene_pick_visible (const TfScene *scene, const TfSceneFilter *filter,
                                const float origin[3], const float direction[3],
                                TfScenePick *out);

G_END_DECLS
