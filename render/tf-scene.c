/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-scene.c: laying a NetworkGraph out in 3D (see tf-scene.h). Units are chip edges; y is up. */
#include <math.h>
#include <string.h>

#include "tf-layout-logical.h"
#include "tf-scene.h"

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
#define TILE_BLOCK    8u       /* tiles a side of a block of one shade (TF_SCENE_LINKS_TILES) */
#define BAND_UNIT     0.12f    /* a band's width per doubling of its links */
#define BAND_ALPHA    0.35f
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
  memset (scene, 0, sizeof *scene);
}

static TfSceneBox *
box_at (TfScene     *scene,
        TfSceneKind  kind,
        guint        index)
{
  return &g_array_index (scene->boxes[kind], TfSceneBox, index);
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

static void
add_outline (TfScene          *scene,
             const TfSceneBox *box)
{
  static const int edges[12][2] = {
    { 0, 1 }, { 1, 3 }, { 3, 2 }, { 2, 0 }, { 4, 5 }, { 5, 7 }, { 7, 6 }, { 6, 4 },
    { 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 },
  };

  for (guint e = 0; e < 12; e++)
    for (guint end = 0; end < 2; end++)
      {
        int corner = edges[e][end];
        TfSceneVertex v;

        for (guint axis = 0; axis < 3; axis++)
          v.position[axis] = box->center[axis]
                             + ((corner >> axis) & 1 ? 0.5f : -0.5f) * box->size[axis];
        memcpy (v.color, outline_color, sizeof v.color);
        g_array_append_val (scene->outline_vertices, v);
      }
}

/* Whether switch @s is a board's scale-up switch, which stands on that board. */
static gboolean
is_scale_up (const TfNetworkGraph *g,
             guint                 s)
{
  return g->switches[s].tier == TF_TIER_BOARD && g->switches[s].container < g->n_board;
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

typedef TfSceneLine LineKey;

static guint
line_key_hash (gconstpointer p)
{
  const LineKey *k = p;

  return (k->a * 2654435761u) ^ (k->b * 40503u) ^ k->reach;
}

static gboolean
line_key_equal (gconstpointer pa,
                gconstpointer pb)
{
  const LineKey *a = pa, *b = pb;

  return a->a == b->a && a->b == b->b && a->reach == b->reach;
}

#define pack TF_SCENE_PACK

/* The box a link end is drawn at, at @level. */
static guint32
end_box (const TfNetworkGraph *g,
         const guint32        *chip_board,
         guint32               node,
         TfSceneLinkLevel      level)
{
  guint board;

  if (level == TF_SCENE_LINKS_ALL)
    return node < g->n_chip ? pack (TF_SCENE_CHIP, node)
                            : pack (TF_SCENE_SWITCH, node - g->n_chip);
  /* A scale-up switch stands on its board: bundled, it moves with the board's chips. */
  if (node < g->n_chip)
    board = chip_board[node];
  else if (is_scale_up (g, node - g->n_chip))
    board = g->switches[node - g->n_chip].container;
  else
    return pack (TF_SCENE_SWITCH, node - g->n_chip);
  if (level == TF_SCENE_LINKS_BOARDS)
    return pack (TF_SCENE_BOARD, board);
  return pack (TF_SCENE_RACK, g->board_rack[board]);
}

static const TfSceneBox *
packed_box (TfScene *scene,
            guint32  packed)
{
  return box_at (scene, (TfSceneKind) (packed >> 28), packed & 0x0fffffffu);
}

/* The distinct lines of each reach at @level, in the order of the links: a line joins two
 * different boxes; links whose ends fall in one box at this level are left out. With
 * @inside_racks, only the lines whose ends lie in one rack (at board level, drawn there when
 * racks are the level). Stops early, returning FALSE, beyond @limit lines (0: no limit). */
static gboolean
collect_lines (const TfNetworkGraph *g,
               const guint32        *chip_board,
               TfSceneLinkLevel      level,
               gboolean              inside_racks,
               guint                 limit,
               GArray               *out[TF_N_REACHES])
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (line_key_hash, line_key_equal, g_free,
                                                      NULL);
  guint n = 0;
  gpointer at;

  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      LineKey key = { end_box (g, chip_board, l->a, level), end_box (g, chip_board, l->b, level),
                      l->reach, 1 };

      if (inside_racks)
        {
          if (end_box (g, chip_board, l->a, TF_SCENE_LINKS_RACKS)
              != end_box (g, chip_board, l->b, TF_SCENE_LINKS_RACKS))
            continue;
        }
      if (key.a == key.b)
        continue;
      if (key.a > key.b)
        {
          guint32 t = key.a;

          key.a = key.b;
          key.b = t;
        }
      /* A line seen before stands for one link more. */
      if (g_hash_table_lookup_extended (seen, &key, NULL, &at))
        {
          g_array_index (out[l->reach], LineKey, GPOINTER_TO_UINT (at)).links++;
          continue;
        }
      if (limit != 0 && n >= limit)
        return FALSE;
      g_hash_table_insert (seen, g_memdup2 (&key, sizeof key),
                           GUINT_TO_POINTER (out[l->reach]->len));
      g_array_append_val (out[l->reach], key);
      n++;
    }
  return TRUE;
}

static guint
count_lines (GArray *lines[TF_N_REACHES])
{
  guint n = 0;

  for (guint t = 0; t < TF_N_REACHES; t++)
    n += lines[t]->len;
  return n;
}

/* In a logical layout, the axis a long straight link should bow along so that it does not lie
 * over the short links of the nodes between its ends (a torus's wrap-around over its row,
 * HyperX's far links over near ones): the flattest axis across it, or -1 to draw it straight. */
static int
bow_axis (const TfScene *scene,
          const float    a[3],
          const float    b[3])
{
  int along = -1, best = -1;

  if (scene->layout != TF_SCENE_LAYOUT_LOGICAL)
    return -1;
  for (int axis = 0; axis < 3; axis++)
    if (fabsf (a[axis] - b[axis]) > 1e-3f)
      {
        if (along >= 0)
          return -1;
        along = axis;
      }
  if (along < 0 || fabsf (a[along] - b[along]) < 2.5f * TF_LAYOUT_PITCH)
    return -1;
  for (int axis = 0; axis < 3; axis++)
    if (axis != along
        && (best < 0 || scene->bounds_max[axis] - scene->bounds_min[axis]
                        < scene->bounds_max[best] - scene->bounds_min[best]))
      best = axis;
  return best;
}

/* Under a bundled line of @k->links links, a flat band as wide as BAND_UNIT times log2 of
 * them (2 links: one unit; 64: six), level across the line (upright under a vertical one), in
 * the reach's colour, faint: how many links run between two racks reads as the band's width. */
static void
append_band (TfScene       *scene,
             const float    a[3],
             const float    b[3],
             const LineKey *k,
             guint          line)
{
  float d[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] }, across[3], len;
  float half = BAND_UNIT * log2f ((float) k->links) / 2;
  TfSceneVertex v[6];
  static const guint corner[6][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 0 }, { 1, 1 }, { 0, 1 } };

  /* across = d × up, or x for a vertical line. */
  across[0] = -d[2];
  across[1] = 0;
  across[2] = d[0];
  len = sqrtf (across[0] * across[0] + across[2] * across[2]);
  if (len < 1e-6f)
    {
      across[0] = 1;
      across[2] = 0;
      len = 1;
    }
  for (guint i = 0; i < 6; i++)
    {
      const float *end = corner[i][0] ? b : a;
      float side = corner[i][1] ? half : -half;

      for (guint axis = 0; axis < 3; axis++)
        v[i].position[axis] = end[axis] + side * across[axis] / len;
      memcpy (v[i].color, link_colors[k->reach], sizeof v[i].color);
      v[i].color[3] = BAND_ALPHA;
    }
  g_array_append_vals (scene->band_vertices, v, 6);
  g_array_append_val (scene->band_lines, line);
}

/* A link's line: one segment, or a bowed link as an arc of BOW_SEGMENTS, each its own entry in
 * lines so that filters treat them alike. */
#define BOW_SEGMENTS 6

static void
append_line (TfScene       *scene,
             const LineKey *k)
{
  const float *a = packed_box (scene, k->a)->center, *b = packed_box (scene, k->b)->center;
  int axis = bow_axis (scene, a, b);
  guint segments = axis < 0 ? 1 : BOW_SEGMENTS;
  float height = 0;

  /* Away from the usual eye, which looks from +z and from above; towards it over tiles,
   * which would hide them. */
  if (axis >= 0)
    for (guint i = 0; i < 3; i++)
      height += (axis == 1 ? 0.15f : -0.15f) * fabsf (a[i] - b[i]);
  if (scene->link_level == TF_SCENE_LINKS_TILES)
    height = -height;
  for (guint s = 0; s < segments; s++)
    {
      TfSceneVertex v[2];

      for (guint end = 0; end < 2; end++)
        {
          float t = (float) (s + end) / segments;

          /* The ends exactly at the boxes' centres: a + (b - a) may round off b. */
          for (guint i = 0; i < 3; i++)
            v[end].position[i] = s + end == segments ? b[i] : a[i] + t * (b[i] - a[i]);
          if (axis >= 0)
            v[end].position[axis] += 4 * height * t * (1 - t);
          memcpy (v[end].color, link_colors[k->reach], sizeof v[end].color);
        }
      g_array_append_vals (scene->link_vertices, v, 2);
      g_array_append_val (scene->lines, *k);
    }
  if (k->links > 1 && axis < 0)
    append_band (scene, a, b, k, scene->lines->len - 1);
  scene->lines_by_reach[k->reach]++;
  scene->n_lines++;
}

/* Draws at most @quota of @lines, spread evenly over each reach's list, each reach keeping a
 * share in proportion to its size and at least one line. */
static void
append_thinned (TfScene *scene,
                GArray  *lines[TF_N_REACHES],
                guint    quota)
{
  guint total = count_lines (lines), types = 0;

  for (guint t = 0; t < TF_N_REACHES; t++)
    types += lines[t]->len > 0;
  quota = MAX (quota, types);
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      guint n = lines[t]->len, keep;

      if (n == 0)
        continue;
      keep = total <= quota ? n : MAX (1u, (guint) ((guint64) quota * n / total));
      for (guint i = 0; i < keep; i++)
        append_line (scene, &g_array_index (lines[t], LineKey, (guint64) i * n / keep));
      scene->n_lines_hidden += n - keep;
    }
}

/* Every link when they fit the budget. Otherwise chip ends move to their boards, and links
 * joining the same two boxes become one line. If that is still too many, chip ends move to
 * their racks; the lines inside a rack, which would vanish there, stay between boards, thinned
 * evenly so the whole fits the budget. */
static void
add_lines (TfScene              *scene,
           const TfNetworkGraph *g,
           guint                 budget)
{
  g_autofree guint32 *chip_board = g_new (guint32, MAX (g->n_chip, 1));
  GArray *between[TF_N_REACHES], *inside[TF_N_REACHES];

  for (guint b = 0; b < g->n_board; b++)
    for (guint k = 0; k < g->chips_per_board; k++)
      chip_board[g->board_chips[(gsize) b * g->chips_per_board + k]] = b;
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      between[t] = g_array_new (FALSE, FALSE, sizeof (LineKey));
      inside[t] = g_array_new (FALSE, FALSE, sizeof (LineKey));
    }

  scene->n_links = g->n_links;
  scene->n_lines = 0;
  scene->n_lines_hidden = 0;
  if (g->n_links <= budget)
    {
      /* Every link record its own line, even two records joining the same nodes (a loaded
       * file may have them). */
      scene->link_level = TF_SCENE_LINKS_ALL;
      for (guint i = 0; i < g->n_links; i++)
        {
          const TfLink *l = &g->links[i];
          LineKey key = { end_box (g, chip_board, l->a, TF_SCENE_LINKS_ALL),
                          end_box (g, chip_board, l->b, TF_SCENE_LINKS_ALL), l->reach, 1 };

          append_line (scene, &key);
        }
    }
  else if (collect_lines (g, chip_board, TF_SCENE_LINKS_BOARDS, FALSE, budget, between))
    {
      scene->link_level = TF_SCENE_LINKS_BOARDS;
      append_thinned (scene, between, G_MAXUINT);
    }
  else
    {
      guint n_between;

      scene->link_level = TF_SCENE_LINKS_RACKS;
      for (guint t = 0; t < TF_N_REACHES; t++)
        g_array_set_size (between[t], 0);
      collect_lines (g, chip_board, TF_SCENE_LINKS_RACKS, FALSE, 0, between);
      collect_lines (g, chip_board, TF_SCENE_LINKS_BOARDS, TRUE, 0, inside);
      n_between = count_lines (between);
      append_thinned (scene, between, budget);
      append_thinned (scene, inside, budget > n_between ? budget - n_between : 0);
    }
  for (guint t = 0; t < TF_N_REACHES; t++)
    {
      g_array_unref (between[t]);
      g_array_unref (inside[t]);
    }
}

/* Thousands of lines drawn opaque merge into a solid sheet; fainter lines let the density
 * show as brightness instead. Logical layouts spread their lines out (a grid's run side by
 * side), so they fade less, keeping their colour. */
static void
fade_dense_lines (TfScene *scene)
{
  float alpha;

  /* Over tiles, the wrap-around arcs are faint, so the tiles show through them. */
  if (scene->link_level == TF_SCENE_LINKS_TILES)
    alpha = 0.3f;
  else if (scene->n_lines <= TF_SCENE_OPAQUE_LINES)
    return;
  else
    alpha = MAX (scene->layout == TF_SCENE_LAYOUT_LOGICAL ? 0.6f : 0.25f,
                 (float) TF_SCENE_OPAQUE_LINES / scene->n_lines);
  for (guint i = 0; i < scene->link_vertices->len; i++)
    g_array_index (scene->link_vertices, TfSceneVertex, i).color[3] = alpha;
}

/* The logical layout: chips and switches where tf-layout-logical.c puts them, no containers. */
static void
lay_out_logical (TfScene              *scene,
                 const TfNetworkGraph *g,
                 const char           *family,
                 const TfAttrs        *attrs)
{
  g_autofree float (*pos)[3] = g_malloc_n ((gsize) g->n_chip + g->n_switch + 1, sizeof (float[3]));

  tf_layout_logical (g, family, attrs, pos);
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
}

/* Whether link @l joins two chips one grid step apart. */
static gboolean
joins_grid_neighbours (const TfScene        *scene,
                       const TfNetworkGraph *g,
                       const TfLink         *l)
{
  const TfSceneBox *a, *b;
  float d2 = 0;

  if (l->a >= g->n_chip || l->b >= g->n_chip)
    return FALSE;
  a = &g_array_index (scene->boxes[TF_SCENE_CHIP], TfSceneBox, l->a);
  b = &g_array_index (scene->boxes[TF_SCENE_CHIP], TfSceneBox, l->b);
  for (guint axis = 0; axis < 3; axis++)
    d2 += (a->center[axis] - b->center[axis]) * (a->center[axis] - b->center[axis]);
  return fabsf (sqrtf (d2) - TF_LAYOUT_PITCH) < 1e-3f;
}

/* Logical lines join chips and switches only: every link, or the distinct ones thinned evenly
 * to the budget. Above the budget, where most links join chips one grid step apart (a torus),
 * the chips grow into tiles that touch, which says those links at any size, and the rest
 * (the wrap-around) are lines, thinned if they are still too many. */
static void
add_lines_logical (TfScene              *scene,
                   const TfNetworkGraph *g,
                   guint                 budget)
{
  GArray *lines[TF_N_REACHES];
  guint neighbours = 0;
  gboolean tiles;

  scene->n_links = g->n_links;
  scene->link_level = TF_SCENE_LINKS_ALL;
  for (guint i = 0; g->n_links > budget && i < g->n_links; i++)
    neighbours += joins_grid_neighbours (scene, g, &g->links[i]);
  tiles = g->n_links > budget && neighbours > g->n_links / 2;
  if (tiles)
    {
      /* Tiles filling their cells, shaded in a checkerboard of blocks of TILE_BLOCK cells a
       * side, so that the grid's size reads at a glance (128 cells: 16 blocks). */
      float lo[3] = { G_MAXFLOAT, G_MAXFLOAT, G_MAXFLOAT };
      float hi[3] = { -G_MAXFLOAT, -G_MAXFLOAT, -G_MAXFLOAT };

      scene->link_level = TF_SCENE_LINKS_TILES;
      for (guint c = 0; c < g->n_chip; c++)
        for (guint axis = 0; axis < 3; axis++)
          {
            lo[axis] = MIN (lo[axis], box_at (scene, TF_SCENE_CHIP, c)->center[axis]);
            hi[axis] = MAX (hi[axis], box_at (scene, TF_SCENE_CHIP, c)->center[axis]);
          }
      for (guint c = 0; c < g->n_chip; c++)
        {
          TfSceneBox *box = box_at (scene, TF_SCENE_CHIP, c);
          guint parity = 0;

          for (guint axis = 0; axis < 3; axis++)
            {
              /* Thin across a flat grid, so that the lines bowing out of it show. */
              box->size[axis] = hi[axis] - lo[axis] < 1e-3f ? 0.2f * TF_LAYOUT_PITCH
                                                              : TF_LAYOUT_PITCH;
              parity += (guint) floorf ((box->center[axis] - lo[axis]) / TF_LAYOUT_PITCH + 0.5f)
                        / TILE_BLOCK;
            }
          for (guint k = 0; k < 3 && parity % 2 == 1; k++)
            box->color[k] *= 0.8f;
        }
    }
  for (guint t = 0; t < TF_N_REACHES; t++)
    lines[t] = g_array_new (FALSE, FALSE, sizeof (LineKey));
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      LineKey key = { end_box (g, NULL, l->a, TF_SCENE_LINKS_ALL),
                      end_box (g, NULL, l->b, TF_SCENE_LINKS_ALL), l->reach, 1 };

      if (tiles && joins_grid_neighbours (scene, g, l))
        {
          scene->n_links_tiled++;
          continue;
        }
      g_array_append_val (lines[l->reach], key);
    }
  append_thinned (scene, lines, count_lines (lines) <= budget ? G_MAXUINT : budget);
  for (guint t = 0; t < TF_N_REACHES; t++)
    g_array_unref (lines[t]);
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
      lay_out_logical (scene, graph, family, attrs);
      add_lines_logical (scene, graph, link_budget);
    }
  else
    {
      lay_out (scene, graph);
      add_lines (scene, graph, link_budget);
    }
  fade_dense_lines (scene);
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
