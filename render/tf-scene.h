/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-scene.h: what the 3D view draws, built from a NetworkGraph in plain C (no GL), so tests run
 * it without a display.
 *
 * Layout: pods stand side by side on the floor, racks in a grid inside each pod, boards stacked
 * as shelves in each rack (in columns when a rack holds many), chips in a grid on each board.
 * Rack switches sit on top of their rack, pod switches on a level above their pod, datacenter
 * switches on the highest level. Pods, racks and boards are translucent boxes; chips and
 * switches solid blocks; links lines coloured by reach. Above a link budget the links are bundled:
 * chip ends move up to their board (then their rack), and links joining the same two ends become
 * one line; lines inside a rack, which rack ends would hide, stay between boards, thinned evenly
 * to the budget (give or take one line per reach: every reach keeps a line).
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
  TF_SCENE_N_KINDS
} TfSceneKind;

/* One block to draw: instance data for the box shader. */
typedef struct
{
  float center[3];
  float size[3];
  float color[4];
} TfSceneBox;

/* One end of a line: vertex data for the line shader. */
typedef struct
{
  float position[3];
  float color[4];
} TfSceneVertex;

typedef enum
{
  TF_SCENE_LINKS_ALL,      /* every link, chip to chip or switch */
  TF_SCENE_LINKS_BOARDS,   /* chip ends moved to their boards, bundled */
  TF_SCENE_LINKS_RACKS,    /* chip ends moved to their racks, bundled; lines inside a rack
                            * between boards, thinned to the budget */
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
  guint            n_links;                    /* link records in the graph */
  TfSceneLinkLevel link_level;
  guint64          lines_by_reach[TF_N_REACHES];
  float            bounds_min[3];
  float            bounds_max[3];
} TfScene;

/* Links above this many are bundled. */
#define TF_SCENE_LINK_BUDGET 20000u
/* Up to this many lines are opaque; more are drawn fainter (alpha down to 0.25). */
#define TF_SCENE_OPAQUE_LINES 2000u

void     tf_scene_init (TfScene *scene);
void     tf_scene_clear (TfScene *scene);
/* Lays out @graph; links beyond @link_budget are bundled (0: TF_SCENE_LINK_BUDGET). */
void     tf_scene_build (TfScene *scene, const TfNetworkGraph *graph, guint link_budget);

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

G_END_DECLS
