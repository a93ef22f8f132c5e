/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scene-fixture.h: what the scene tests (test-scene.c, test-scene-lines.c,
 * test-scene-pick.c) share: the boxes of a TfScene, the counts a graph calls for, and a main
 * over the sweep of graphs. */
#pragma once

#include "tf-scene.h"

G_BEGIN_DECLS

/* Float slack for comparing coordinates built from sums of small constants. */
#define EPS 1e-3f

extern const char *const kind_names[];

const TfSceneBox *box_at (const TfScene *scene,
                          TfSceneKind    kind,
                          guint          index);
float lo (const TfSceneBox *b,
          guint             axis);
float hi (const TfSceneBox *b,
          guint             axis);
guint count_of (const TfNetworkGraph *g,
                TfSceneKind           kind);
/* The board of every chip; free with g_free (). */
guint32 *chip_boards (const TfNetworkGraph *g);

/* Runs the tests @add adds (each graph's with tf_test_graph_cases_add ()) over the sweep of
 * graphs (test-graph-cases.h), which is freed once they have run; a main's exit status. */
int tf_test_scene_run (int    *argc,
                       char ***argv,
                       void  (*add) (GPtrArray *cases));

G_END_DECLS
