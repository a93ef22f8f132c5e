/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scene-fixture.c: see test-scene-fixture.h. */
#include "test-graph-cases.h"
#include "test-scene-fixture.h"

/* Boxes */

const TfSceneBox *
box_at (const TfScene *scene,
        TfSceneKind    kind,
        guint          index)
{
  return &g_array_index (scene->boxes[kind], TfSceneBox, index);
}

float
lo (const TfSceneBox *b,
    guint             axis)
{
  return b->center[axis] - b->size[axis] / 2;
}

float
hi (const TfSceneBox *b,
    guint             axis)
{
  return b->center[axis] + b->size[axis] / 2;
}

const char *const kind_names[] = { "pod", "rack", "board", "chip", "switch" };

guint
count_of (const TfNetworkGraph *g,
          TfSceneKind           kind)
{
  /* Bars (TF_SCENE_GROUP) only in a logical layout above the budget. */
  const guint counts[TF_SCENE_N_KINDS] = { g->n_pod, g->n_rack, g->n_board, g->n_chip,
                                           g->n_switch, 0 };

  return counts[kind];
}

guint32 *
chip_boards (const TfNetworkGraph *g)
{
  guint32 *board = g_new (guint32, MAX (g->n_chip, 1));

  for (guint i = 0; i < g->n_board * g->chips_per_board; i++)
    board[g->board_chips[i]] = i / g->chips_per_board;
  return board;
}

int
tf_test_scene_run (int    *argc,
                   char ***argv,
                   void  (*add) (GPtrArray *cases))
{
  g_autoptr(GPtrArray) cases = NULL;

  g_test_init (argc, argv, NULL);
  cases = tf_test_graph_cases_new ();
  add (cases);
  return g_test_run ();
}
