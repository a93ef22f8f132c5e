/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-scene.c: laying a NetworkGraph out in 3D (see tf-scene.h). Units are chip edges; y is up. */
#include <math.h>
#include <string.h>

#include "tf-layout-logical.h"
#include "tf-scene-private.h"

#define CHIP          1.0f
#define CHIP_PITCH    1.5f
#define BOARD_SLAB    0.25f
#define SHELF_GAP     0.7f
#define SHELVES_MAX   12u      /* boards stacked in one column of a rack */
#define RACK_PAD      0.8f
#define RACK_GAP      3.0f
#define POD_PAD       2.0f
#define POD_GAP       8.0f
#define SWITCH_W      2.4f
#define SWITCH_H      0.8f
#define SWITCH_D      1.6f
#define SWITCH_PITCH  3.2f
#define LEVEL_GAP     6.0f
#define LOGICAL_CHIP  0.55f    /* smaller than a grid step, so the links between show */
/* A scale-up switch: a low block on its board, before the chips; in columns a chip apart, rows
 * this far apart. In the logical layout a small cube, within TF_LAYOUT_SCALE_UP_PITCH. */
#define SCALE_UP_W     1.2f
#define SCALE_UP_H     0.5f
#define SCALE_UP_D     0.7f
#define SCALE_UP_PITCH 1.0f
#define LOGICAL_SCALE_UP 0.4f

/* By reach: the boundary a link crosses is what decides its cable (copper or optics). */
static const float link_colors[TF_N_REACHES][4] = {
  [TF_REACH_BOARD] = { 0.98f, 0.76f, 0.05f, 1.0f },       /* amber: inside a board */
  [TF_REACH_RACK] = { 0.15f, 0.78f, 0.30f, 1.0f },        /* green: inside a rack */
  [TF_REACH_POD] = { 0.15f, 0.45f, 0.98f, 1.0f },         /* blue: inside a pod */
  [TF_REACH_DATACENTER] = { 0.93f, 0.15f, 0.45f, 1.0f },  /* crimson: between pods */
};

static const float pod_color[4] = { 0.55f, 0.58f, 0.68f, 0.06f };
static const float rack_color[4] = { 0.50f, 0.55f, 0.65f, 0.10f };
static const float board_color[4] = { 0.24f, 0.40f, 0.34f, 1.0f };   /* PCB green */
static const float chip_color[4] = { 0.86f, 0.87f, 0.90f, 1.0f };
static const float switch_colors[TF_SCENE_N_TIERS][4] = {
  { 0.42f, 0.58f, 0.66f, 1.0f },   /* rack: slate teal */
  { 0.60f, 0.46f, 0.76f, 1.0f },   /* pod: violet */
  { 0.80f, 0.46f, 0.52f, 1.0f },   /* datacenter: rose */
  [TF_SCENE_TIER_SCALE_UP] = { 0.86f, 0.54f, 0.28f, 1.0f },   /* scale-up: copper */
};
static const float outline_color[4] = { 0.60f, 0.64f, 0.72f, 0.55f };

void
tf_scene_link_color (TfReach reach,
                     float   rgba[4])
{
  g_return_if_fail ((guint) reach < TF_N_REACHES);
  memcpy (rgba, link_colors[reach], sizeof link_colors[reach]);
}

void
tf_scene_kind_color (TfSceneKind  kind,
                     guint        tier,
                     float        rgba[4])
{
  const float *c;

  switch (kind)
    {
    case TF_SCENE_POD: c = pod_color; break;
    case TF_SCENE_RACK: c = rack_color; break;
    case TF_SCENE_BOARD: c = board_color; break;
    case TF_SCENE_CHIP: c = chip_color; break;
    case TF_SCENE_GROUP:
      /* A bar: its tier's colour (chips' past the tiers), faint. */
      c = tier < TF_SCENE_N_TIERS ? switch_colors[tier] : chip_color;
      memcpy (rgba, c, sizeof (float[3]));
      rgba[3] = 0.22f;
      return;
    case TF_SCENE_SWITCH:
    case TF_SCENE_N_KINDS:
    default:
      c = switch_colors[MIN (tier, TF_SCENE_N_TIERS - 1)];
      break;
    }
  memcpy (rgba, c, sizeof (float[4]));
}

void
tf_scene_init (TfScene *scene)
{
  memset (scene, 0, sizeof *scene);
  for (guint k = 0; k < TF_SCENE_N_KINDS; k++)
    scene->boxes[k] = g_array_new (FALSE, TRUE, sizeof (TfSceneBox));
  scene->link_vertices = g_array_new (FALSE, FALSE, sizeof (TfSceneVertex));
  scene->outline_vertices = g_array_new (FALSE, FALSE, sizeof (TfSceneVertex));
  scene->lines = g_array_new (FALSE, FALSE, sizeof (TfSceneLine));
  scene->band_vertices = g_array_new (FALSE, FALSE, sizeof (TfSceneVertex));
  scene->band_lines = g_array_new (FALSE, FALSE, sizeof (guint));
}

void
tf_scene_clear (TfScene *scene)
{
  for (guint k = 0; k < TF_SCENE_N_KINDS; k++)
    if (scene->boxes[k] != NULL)
      g_array_unref (scene->boxes[k]);
  if (scene->link_vertices != NULL)
    g_array_unref (scene->link_vertices);
  if (scene->outline_vertices != NULL)
    g_array_unref (scene->outline_vertices);
  if (scene->lines != NULL)
    g_array_unref (scene->lines);
  if (scene->band_vertices != NULL)
    g_array_unref (scene->band_vertices);
  if (scene->band_lines != NULL)
    g_array_unref (scene->band_lines);
  g_free (scene->switch_tier);
  for (guint t = 0; t < TF_SCENE_N_TIERS; t++)
    g_free (scene->tier_roles[t]);
  g_free (scene->adj_offset);
  g_free (scene->adj_target);
  g_free (scene->adj_reach);
  g_free (scene->board_chips);
  g_free (scene->group_tier);
  g_free (scene->group_nodes);
  g_free (scene->node_group);
  memset (scene, 0, sizeof *scene);
}


static void
set_box (TfSceneBox  *box,
         float        x,
         float        y,
         float        z,
         float        w,
         float        h,
         float        d,
         const float  color[4])
{
  box->center[0] = x;
  box->center[1] = y;
  box->center[2] = z;
  box->size[0] = w;
  box->size[1] = h;
  box->size[2] = d;
  memcpy (box->color, color, sizeof box->color);
}

/* Columns x rows of a near-square grid for @n items. */
static void
grid (guint  n,
      guint *columns,
      guint *rows)
{
  guint c = (guint) ceil (sqrt ((double) MAX (n, 1)));

  *columns = c;
  *rows = (MAX (n, 1) + c - 1) / c;
}

typedef struct
{
  float w, h, d;
} Extent;

/* The twelve edges of a box, as pairs of tf_scene_box_corner's corners. */
const guint8 tf_scene_box_edges[12][2] = {
  { 0, 1 }, { 1, 3 }, { 3, 2 }, { 2, 0 }, { 4, 5 }, { 5, 7 }, { 7, 6 }, { 6, 4 },
  { 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 },
};

static void
add_outline (TfScene          *scene,
             const TfSceneBox *box)
{

  for (guint e = 0; e < 12; e++)
    for (guint end = 0; end < 2; end++)
      {
        TfSceneVertex v;

        tf_scene_box_corner (box, tf_scene_box_edges[e][end], 1.0f, v.position);
        memcpy (v.color, outline_color, sizeof v.color);
        g_array_append_val (scene->outline_vertices, v);
      }
}


/* Each scale-up switch's place among its board's (@slot), and the most on one board. */
static guint
count_scale_up (const TfNetworkGraph *g,
                guint                *slot)
{
  g_autofree guint *on_board = g_new0 (guint, MAX (g->n_board, 1));
  guint most = 0;

  for (guint s = 0; s < g->n_switch; s++)
    if (is_scale_up (g, s))
      {
        slot[s] = on_board[g->switches[s].container]++;
        most = MAX (most, on_board[g->switches[s].container]);
      }
  return most;
}

/* A board's scale-up switches in rows of @cols after its @chip_rows rows of chips (towards +z,
 * the front the usual eye sees), each row centred on the board: low blocks on the slab, as the
 * switch chips of an HGX board. */
static void
lay_out_scale_up (TfScene              *scene,
                  const TfNetworkGraph *g,
                  const guint          *slot,
                  guint                 cols,
                  guint                 chip_rows)
{
  g_autofree guint *on_board = g_new0 (guint, MAX (g->n_board, 1));

  for (guint s = 0; s < g->n_switch; s++)
    if (is_scale_up (g, s))
      on_board[g->switches[s].container]++;
  for (guint s = 0; s < g->n_switch; s++)
    {
      const TfSceneBox *b;
      guint row, in_row;

      if (!is_scale_up (g, s))
        continue;
      b = box_at (scene, TF_SCENE_BOARD, g->switches[s].container);
      row = slot[s] / cols;
      in_row = MIN (cols, on_board[g->switches[s].container] - row * cols);
      set_box (box_at (scene, TF_SCENE_SWITCH, s),
               b->center[0] + ((float) (slot[s] % cols) - (in_row - 1) / 2.0f) * CHIP_PITCH,
               b->center[1] + BOARD_SLAB / 2 + SCALE_UP_H / 2,
               b->center[2] - b->size[2] / 2 + 0.25f + chip_rows * CHIP_PITCH
               + (row + 0.5f) * SCALE_UP_PITCH,
               SCALE_UP_W, SCALE_UP_H, SCALE_UP_D, switch_colors[TF_SCENE_TIER_SCALE_UP]);
    }
}

/* Lays out the boxes; fills the switch boxes last, over the containers they belong to. */
static void
lay_out (TfScene              *scene,
         const TfNetworkGraph *g)
{
  guint c = g->chips_per_board;
  guint chip_cols, chip_rows, max_boards = 1, max_racks = 1;
  Extent board, rack, pod;
  guint shelf_cols, shelf_rows, shelf_height, rack_cols, rack_rows, pod_cols, pod_rows;
  g_autofree guint *boards_in_rack = g_new0 (guint, MAX (g->n_rack, 1));
  g_autofree guint *racks_in_pod = g_new0 (guint, MAX (g->n_pod, 1));
  g_autofree guint *board_slot = g_new0 (guint, MAX (g->n_board, 1));
  g_autofree guint *rack_slot = g_new0 (guint, MAX (g->n_rack, 1));
  g_autofree guint *switches_in = NULL;
  g_autofree guint *switch_slot = g_new0 (guint, MAX (g->n_switch, 1));
  g_autofree guint *switches_on_rack = g_new0 (guint, MAX (g->n_rack, 1));
  guint scale_up_max, scale_up_cols, scale_up_rows = 0;
  float rack_pitch_x, rack_pitch_z;
  float pod_top = 0;

  g_array_set_size (scene->boxes[TF_SCENE_POD], g->n_pod);
  g_array_set_size (scene->boxes[TF_SCENE_RACK], g->n_rack);
  g_array_set_size (scene->boxes[TF_SCENE_BOARD], g->n_board);
  g_array_set_size (scene->boxes[TF_SCENE_CHIP], g->n_chip);
  g_array_set_size (scene->boxes[TF_SCENE_SWITCH], g->n_switch);

  /* Each container's place among its siblings, and the largest counts, which size every
   * container of a level alike so the grid stays regular. */
  for (guint b = 0; b < g->n_board; b++)
    {
      board_slot[b] = boards_in_rack[g->board_rack[b]]++;
      max_boards = MAX (max_boards, boards_in_rack[g->board_rack[b]]);
    }
  for (guint r = 0; r < g->n_rack; r++)
    {
      rack_slot[r] = racks_in_pod[g->rack_pod[r]]++;
      max_racks = MAX (max_racks, racks_in_pod[g->rack_pod[r]]);
    }

  grid (c, &chip_cols, &chip_rows);
  /* Scale-up switches take rows of their own before the chips, as wide as the chips' rows
   * unless there are many more switches than chips. */
  scale_up_max = count_scale_up (g, switch_slot);
  scale_up_cols = chip_cols;
  if (scale_up_max > 0)
    {
      guint cols, rows;

      grid (scale_up_max, &cols, &rows);
      scale_up_cols = MAX (chip_cols, cols);
      scale_up_rows = (scale_up_max + scale_up_cols - 1) / scale_up_cols;
    }
  board.w = scale_up_cols * CHIP_PITCH + 0.5f;
  board.d = chip_rows * CHIP_PITCH + 0.5f + scale_up_rows * SCALE_UP_PITCH;
  board.h = BOARD_SLAB + CHIP + SHELF_GAP;

  shelf_height = MIN (max_boards, SHELVES_MAX);
  grid ((max_boards + shelf_height - 1) / shelf_height, &shelf_cols, &shelf_rows);
  rack.w = shelf_cols * (board.w + RACK_PAD) + RACK_PAD;
  rack.d = shelf_rows * (board.d + RACK_PAD) + RACK_PAD;
  rack.h = shelf_height * board.h + RACK_PAD;

  /* Racks stand far enough apart for the switch grids on their roofs not to touch. */
  rack_pitch_x = rack.w;
  rack_pitch_z = rack.d;
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_RACK)
      switches_on_rack[g->switches[s].container]++;
  for (guint r = 0; r < g->n_rack; r++)
    {
      guint cols, rows;

      grid (switches_on_rack[r], &cols, &rows);
      rack_pitch_x = MAX (rack_pitch_x, (cols - 1) * SWITCH_PITCH + SWITCH_W);
      rack_pitch_z = MAX (rack_pitch_z, (rows - 1) * SWITCH_PITCH + SWITCH_D);
    }
  rack_pitch_x += RACK_GAP;
  rack_pitch_z += RACK_GAP;

  grid (max_racks, &rack_cols, &rack_rows);
  pod.w = (rack_cols - 1) * rack_pitch_x + rack.w + 2 * POD_PAD;
  pod.d = (rack_rows - 1) * rack_pitch_z + rack.d + 2 * POD_PAD;
  pod.h = rack.h + 2 * SWITCH_H + 2 * POD_PAD;

  grid (g->n_pod, &pod_cols, &pod_rows);
  for (guint p = 0; p < g->n_pod; p++)
    set_box (box_at (scene, TF_SCENE_POD, p), (p % pod_cols) * (pod.w + POD_GAP), pod.h / 2,
             (p / pod_cols) * (pod.d + POD_GAP), pod.w, pod.h, pod.d, pod_color);
  for (guint r = 0; r < g->n_rack; r++)
    {
      const TfSceneBox *p = box_at (scene, TF_SCENE_POD, g->rack_pod[r]);
      guint slot = rack_slot[r];

      set_box (box_at (scene, TF_SCENE_RACK, r),
               p->center[0] - pod.w / 2 + POD_PAD + rack.w / 2 + (slot % rack_cols) * rack_pitch_x,
               POD_PAD + rack.h / 2,
               p->center[2] - pod.d / 2 + POD_PAD + rack.d / 2 + (slot / rack_cols) * rack_pitch_z,
               rack.w, rack.h, rack.d, rack_color);
    }
  for (guint b = 0; b < g->n_board; b++)
    {
      const TfSceneBox *r = box_at (scene, TF_SCENE_RACK, g->board_rack[b]);
      guint slot = board_slot[b], column = slot / shelf_height, shelf = slot % shelf_height;
      float x = r->center[0] - rack.w / 2 + RACK_PAD + board.w / 2
                + (column % shelf_cols) * (board.w + RACK_PAD);
      float z = r->center[2] - rack.d / 2 + RACK_PAD + board.d / 2
                + (column / shelf_cols) * (board.d + RACK_PAD);
      float y = r->center[1] - rack.h / 2 + RACK_PAD / 2 + shelf * board.h + BOARD_SLAB / 2;

      set_box (box_at (scene, TF_SCENE_BOARD, b), x, y, z, board.w, BOARD_SLAB, board.d,
               board_color);
      for (guint k = 0; k < c; k++)
        set_box (box_at (scene, TF_SCENE_CHIP, g->board_chips[(gsize) b * c + k]),
                 x + ((float) (k % chip_cols) - (chip_cols - 1) / 2.0f) * CHIP_PITCH,
                 y + BOARD_SLAB / 2 + CHIP / 2,
                 z - board.d / 2 + 0.25f + CHIP_PITCH / 2 + (k / chip_cols) * CHIP_PITCH,
                 CHIP, CHIP, CHIP, chip_color);
    }
  lay_out_scale_up (scene, g, switch_slot, scale_up_cols, chip_rows);
  for (guint p = 0; p < g->n_pod; p++)
    pod_top = MAX (pod_top, box_at (scene, TF_SCENE_POD, p)->center[1] + pod.h / 2);

  /* The other switches: on their rack's roof, above their pod, or above everything, in
   * grids. */
  switches_in = g_new0 (guint, (gsize) g->n_rack + g->n_pod + 1);
  for (guint s = 0; s < g->n_switch; s++)
    {
      const TfSwitch *sw = &g->switches[s];
      guint owner = sw->tier == TF_TIER_RACK ? sw->container
                  : sw->tier == TF_TIER_POD ? g->n_rack + sw->container : g->n_rack + g->n_pod;

      if (!is_scale_up (g, s))
        switch_slot[s] = switches_in[owner]++;
    }
  for (guint s = 0; s < g->n_switch; s++)
    {
      const TfSwitch *sw = &g->switches[s];
      const TfSceneBox *over;
      guint owner, cols, rows, tier;
      float x, y, z, width;

      if (is_scale_up (g, s))
        continue;
      if (sw->tier == TF_TIER_RACK)
        {
          over = box_at (scene, TF_SCENE_RACK, sw->container);
          owner = sw->container;
          y = over->center[1] + over->size[1] / 2 + SWITCH_H / 2 + 0.2f;
          tier = 0;
        }
      else if (sw->tier == TF_TIER_POD)
        {
          over = box_at (scene, TF_SCENE_POD, sw->container);
          owner = g->n_rack + sw->container;
          y = over->center[1] + over->size[1] / 2 + LEVEL_GAP;
          tier = 1;
        }
      else
        {
          over = NULL;
          owner = g->n_rack + g->n_pod;
          y = pod_top + 2.5f * LEVEL_GAP;
          tier = 2;
        }
      grid (switches_in[owner], &cols, &rows);
      width = (cols - 1) * SWITCH_PITCH;
      if (over != NULL)
        {
          x = over->center[0];
          z = over->center[2];
        }
      else
        {
          x = (pod_cols - 1) * (pod.w + POD_GAP) / 2;
          z = (pod_rows - 1) * (pod.d + POD_GAP) / 2;
        }
      set_box (box_at (scene, TF_SCENE_SWITCH, s),
               x - width / 2 + (switch_slot[s] % cols) * SWITCH_PITCH, y,
               z - (rows - 1) * SWITCH_PITCH / 2 + (switch_slot[s] / cols) * SWITCH_PITCH,
               SWITCH_W, SWITCH_H, SWITCH_D, switch_colors[tier]);
    }

  for (guint p = 0; p < g->n_pod; p++)
    add_outline (scene, box_at (scene, TF_SCENE_POD, p));
  for (guint r = 0; r < g->n_rack; r++)
    add_outline (scene, box_at (scene, TF_SCENE_RACK, r));
}

/* The bars of @node_group (numbered afresh, the empty left out): each the box around its
 * nodes' boxes, a little larger, in its tier's colour. */
static void
lay_out_groups (TfScene              *scene,
                const TfNetworkGraph *g,
                guint32              *node_group,
                guint                 n_groups)
{
  guint n_nodes = g->n_chip + g->n_switch, n = 0;
  g_autofree guint32 *renumber = g_new (guint32, MAX (n_groups, 1));
  g_autofree float (*lo)[3] = NULL;
  g_autofree float (*hi)[3] = NULL;

  memset (renumber, 0xff, sizeof (guint32) * MAX (n_groups, 1));
  for (guint v = 0; v < n_nodes; v++)
    if (node_group[v] < n_groups && renumber[node_group[v]] == G_MAXUINT32)
      renumber[node_group[v]] = n++;
  lo = g_malloc_n (MAX (n, 1), sizeof (float[3]));
  hi = g_malloc_n (MAX (n, 1), sizeof (float[3]));
  scene->group_tier = g_new (guint8, MAX (n, 1));
  scene->group_nodes = g_new0 (guint32, MAX (n, 1));
  for (guint k = 0; k < n; k++)
    for (guint axis = 0; axis < 3; axis++)
      {
        lo[k][axis] = G_MAXFLOAT;
        hi[k][axis] = -G_MAXFLOAT;
      }
  for (guint v = 0; v < n_nodes; v++)
    {
      const TfSceneBox *b = v < g->n_chip ? box_at (scene, TF_SCENE_CHIP, v)
                                          : box_at (scene, TF_SCENE_SWITCH, v - g->n_chip);
      guint k;

      if (node_group[v] >= n_groups)
        continue;
      k = node_group[v] = renumber[node_group[v]];
      scene->group_nodes[k]++;
      /* A bar of switches is of their tier; one with chips, of the chips. */
      if (scene->group_nodes[k] == 1 || v < g->n_chip)
        scene->group_tier[k] = v < g->n_chip || is_scale_up (g, v - g->n_chip)
                               ? TF_SCENE_N_TIERS
                               : TF_SCENE_TIER (g->switches[v - g->n_chip].tier);
      for (guint axis = 0; axis < 3; axis++)
        {
          lo[k][axis] = MIN (lo[k][axis], b->center[axis] - b->size[axis] / 2);
          hi[k][axis] = MAX (hi[k][axis], b->center[axis] + b->size[axis] / 2);
        }
    }
  g_array_set_size (scene->boxes[TF_SCENE_GROUP], n);
  for (guint k = 0; k < n; k++)
    {
      TfSceneBox *box = box_at (scene, TF_SCENE_GROUP, k);
      float pad = 0.5f * TF_LAYOUT_PITCH;

      for (guint axis = 0; axis < 3; axis++)
        {
          box->center[axis] = (lo[k][axis] + hi[k][axis]) / 2;
          box->size[axis] = hi[k][axis] - lo[k][axis] + 2 * pad;
        }
      tf_scene_kind_color (TF_SCENE_GROUP, scene->group_tier[k], box->color);
    }
}

/* The logical layout: chips and switches where tf-layout-logical.c puts them, no containers;
 * the bars of a tiered layout over pods, with @node_group (n_chip + n_switch) each node's, and
 * their number returned (0: none). */
static guint
lay_out_logical (TfScene              *scene,
                 const TfNetworkGraph *g,
                 const char           *family,
                 const TfAttrs        *attrs,
                 guint32              *node_group)
{
  g_autofree float (*pos)[3] = g_malloc_n ((gsize) g->n_chip + g->n_switch + 1, sizeof (float[3]));
  guint n_groups = tf_layout_logical (g, family, attrs, pos, node_group);
  g_array_set_size (scene->boxes[TF_SCENE_CHIP], g->n_chip);
  g_array_set_size (scene->boxes[TF_SCENE_SWITCH], g->n_switch);
  for (guint c = 0; c < g->n_chip; c++)
    set_box (box_at (scene, TF_SCENE_CHIP, c), pos[c][0], pos[c][1], pos[c][2], LOGICAL_CHIP,
             LOGICAL_CHIP, LOGICAL_CHIP, chip_color);
  for (guint s = 0; s < g->n_switch; s++)
    {
      const float *p = pos[g->n_chip + s];
      guint tier = TF_SCENE_TIER (g->switches[s].tier);

      if (tier == TF_SCENE_TIER_SCALE_UP)
        set_box (box_at (scene, TF_SCENE_SWITCH, s), p[0], p[1], p[2], LOGICAL_SCALE_UP,
                 LOGICAL_SCALE_UP, LOGICAL_SCALE_UP, switch_colors[tier]);
      else
        set_box (box_at (scene, TF_SCENE_SWITCH, s), p[0], p[1], p[2], SWITCH_W, SWITCH_H,
                 SWITCH_D, switch_colors[tier]);
    }
  /* The extent so far, which bow_axis reads; tf_scene_build_layout sets the final bounds. */
  for (guint axis = 0; axis < 3; axis++)
    {
      scene->bounds_min[axis] = G_MAXFLOAT;
      scene->bounds_max[axis] = -G_MAXFLOAT;
      for (guint v = 0; v < g->n_chip + g->n_switch; v++)
        {
          scene->bounds_min[axis] = MIN (scene->bounds_min[axis], pos[v][axis]);
          scene->bounds_max[axis] = MAX (scene->bounds_max[axis], pos[v][axis]);
        }
    }
  if (n_groups > 0)
    lay_out_groups (scene, g, node_group, n_groups);
  return scene->boxes[TF_SCENE_GROUP]->len;
}

/* Words from switch ids: "group3-leaf2" plays "leaf", "spine12" "spine", "p1.leaf3" "leaf". */
static void
collect_roles (TfScene              *scene,
               const TfNetworkGraph *g)
{
  GPtrArray *roles[TF_SCENE_N_TIERS];

  for (guint t = 0; t < TF_SCENE_N_TIERS; t++)
    roles[t] = g_ptr_array_new_with_free_func (g_free);
  for (guint s = 0; s < g->n_switch; s++)
    {
      const char *id = g->switches[s].id ? g->switches[s].id : "";
      const char *dash = strrchr (id, '-');
      guint t = TF_SCENE_TIER (g->switches[s].tier);
      GString *role;
      gboolean known = FALSE;
      gboolean in_group = g_str_has_prefix (id, "group") && dash != NULL
                          && !g_ascii_isdigit (dash[1]);

      /* "board3.su1" names its board, not a role: the tier says what it is. */
      if (t == TF_SCENE_TIER_SCALE_UP)
        continue;
      role = g_string_new (NULL);

      /* The first word, numbers left out: "switch-0-3" plays "switch", which says nothing
       * beside "switches"; a dragonfly group's switch is its group router. */
      if (in_group)
        id = dash + 1;
      /* A fat-tree plane's prefix ("p1.leaf3" plays "leaf"). */
      if (id[0] == 'p' && g_ascii_isdigit (id[1]) && strchr (id, '.') != NULL)
        id = strchr (id, '.') + 1;
      for (const char *c = id; *c != '\0' && *c != '-'; c++)
        if (!g_ascii_isdigit (*c))
          g_string_append_c (role, *c);
      if (strcmp (role->str, "switch") == 0)
        g_string_assign (role, in_group ? "group router" : "");
      for (guint i = 0; i < roles[t]->len && !known; i++)
        known = strcmp (g_ptr_array_index (roles[t], i), role->str) == 0;
      if (!known && role->len > 0 && roles[t]->len < 4)
        g_ptr_array_add (roles[t], g_string_free (role, FALSE));
      else
        g_string_free (role, TRUE);
    }
  for (guint t = 0; t < TF_SCENE_N_TIERS; t++)
    {
      g_ptr_array_add (roles[t], NULL);
      if (roles[t]->len > 1)
        scene->tier_roles[t] = g_strjoinv (", ", (char **) roles[t]->pdata);
      g_ptr_array_unref (roles[t]);
    }
}

/* What the filter and the highlight read: tiers, neighbours, boards. */
static void
index_graph (TfScene              *scene,
             const TfNetworkGraph *g)
{
  guint n_nodes = g->n_chip + g->n_switch;
  g_autofree guint32 *fill = NULL;

  scene->n_chip = g->n_chip;
  scene->switch_tier = g_new (guint8, MAX (g->n_switch, 1));
  for (guint s = 0; s < g->n_switch; s++)
    {
      scene->switch_tier[s] = (guint8) TF_SCENE_TIER (g->switches[s].tier);
      scene->switches_by_tier[scene->switch_tier[s]]++;
    }
  collect_roles (scene, g);

  scene->adj_offset = g_new0 (guint32, (gsize) n_nodes + 1);
  for (guint i = 0; i < g->n_links; i++)
    {
      scene->adj_offset[g->links[i].a + 1]++;
      scene->adj_offset[g->links[i].b + 1]++;
    }
  for (guint v = 0; v < n_nodes; v++)
    scene->adj_offset[v + 1] += scene->adj_offset[v];
  scene->adj_target = g_new (guint32, (gsize) 2 * g->n_links + 1);
  scene->adj_reach = g_new (guint8, (gsize) 2 * g->n_links + 1);
  fill = g_memdup2 (scene->adj_offset, sizeof (guint32) * MAX (n_nodes, 1));
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];

      scene->adj_target[fill[l->a]] = l->b;
      scene->adj_reach[fill[l->a]++] = l->reach;
      scene->adj_target[fill[l->b]] = l->a;
      scene->adj_reach[fill[l->b]++] = l->reach;
    }
  scene->chips_per_board = g->chips_per_board;
  scene->board_chips = g_memdup2 (g->board_chips,
                                  sizeof (guint32) * g->n_board * g->chips_per_board);
}

/* Flat logical layouts read best square on; anything with depth, from three quarters. */
static void
choose_view (TfScene *scene)
{
  float ext[3];

  for (guint axis = 0; axis < 3; axis++)
    ext[axis] = scene->bounds_max[axis] - scene->bounds_min[axis];
  scene->view_yaw = (float) G_PI * 35 / 180;
  scene->view_pitch = (float) G_PI * 30 / 180;
  if (scene->layout != TF_SCENE_LAYOUT_LOGICAL)
    return;
  if (ext[1] < 0.25f * MAX (ext[0], ext[2]))
    {
      scene->view_yaw = (float) G_PI * 15 / 180;
      scene->view_pitch = (float) G_PI * 55 / 180;
    }
  else if (ext[2] < 0.25f * MAX (ext[0], ext[1]))
    {
      scene->view_yaw = (float) G_PI * 12 / 180;
      scene->view_pitch = (float) G_PI * 12 / 180;
    }
}

void
tf_scene_build_layout (TfScene              *scene,
                       const TfNetworkGraph *graph,
                       guint                 link_budget,
                       TfSceneLayout         layout,
                       const char           *family,
                       const TfAttrs        *attrs)
{
  g_return_if_fail (scene != NULL && graph != NULL);
  g_return_if_fail (layout < TF_SCENE_N_LAYOUTS);

  tf_scene_clear (scene);
  tf_scene_init (scene);
  scene->layout = layout;
  link_budget = link_budget ? link_budget : TF_SCENE_LINK_BUDGET;
  if (layout == TF_SCENE_LAYOUT_LOGICAL)
    {
      g_autofree guint32 *node_group = g_new (guint32, graph->n_chip + graph->n_switch + 1);
      guint n_groups = lay_out_logical (scene, graph, family, attrs, node_group);

      tf_scene_add_lines_logical (scene, graph, link_budget, n_groups ? node_group : NULL);
      /* Bars only stand for links too many to draw. */
      if (scene->link_level != TF_SCENE_LINKS_GROUPS)
        g_array_set_size (scene->boxes[TF_SCENE_GROUP], 0);
      else
        scene->node_group = g_steal_pointer (&node_group);
      for (guint k = 0; k < scene->boxes[TF_SCENE_GROUP]->len; k++)
        add_outline (scene, box_at (scene, TF_SCENE_GROUP, k));
    }
  else
    {
      lay_out (scene, graph);
      tf_scene_add_lines (scene, graph, link_budget);
    }
  tf_scene_fade_dense_lines (scene);
  index_graph (scene, graph);

  for (guint axis = 0; axis < 3; axis++)
    {
      scene->bounds_min[axis] = G_MAXFLOAT;
      scene->bounds_max[axis] = -G_MAXFLOAT;
    }
  for (guint k = 0; k < TF_SCENE_N_KINDS; k++)
    for (guint i = 0; i < scene->boxes[k]->len; i++)
      {
        const TfSceneBox *b = box_at (scene, k, i);

        for (guint axis = 0; axis < 3; axis++)
          {
            scene->bounds_min[axis] = MIN (scene->bounds_min[axis],
                                           b->center[axis] - b->size[axis] / 2);
            scene->bounds_max[axis] = MAX (scene->bounds_max[axis],
                                           b->center[axis] + b->size[axis] / 2);
          }
      }
  choose_view (scene);
  for (guint i = 0; i < scene->boxes[TF_SCENE_CHIP]->len; i++)
    {
      const TfSceneBox *b = box_at (scene, TF_SCENE_CHIP, i);

      scene->chip_extent = MAX (scene->chip_extent, MAX (b->size[0], MAX (b->size[1], b->size[2])));
    }
  /* Bowed lines stand out of the boxes; the view frames them too. */
  for (guint i = 0; layout == TF_SCENE_LAYOUT_LOGICAL && i < scene->link_vertices->len; i++)
    for (guint axis = 0; axis < 3; axis++)
      {
        float p = g_array_index (scene->link_vertices, TfSceneVertex, i).position[axis];

        scene->bounds_min[axis] = MIN (scene->bounds_min[axis], p);
        scene->bounds_max[axis] = MAX (scene->bounds_max[axis], p);
      }
}

gboolean
tf_scene_lod_shows_chips (float chip_extent,
                          guint n_racks,
                          float pixels_per_unit)
{
  return n_racks == 0 || chip_extent * pixels_per_unit >= TF_SCENE_CHIP_MIN_PIXELS;
}

void
tf_scene_build (TfScene              *scene,
                const TfNetworkGraph *graph,
                guint                 link_budget)
{
  tf_scene_build_layout (scene, graph, link_budget, TF_SCENE_LAYOUT_PHYSICAL, NULL, NULL);
}
