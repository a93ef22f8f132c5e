/* SPDX-License-Identifier: GPL-3.0-or-later */
/* intra-board.c: IntraBoardTopo links and their closed-form properties. */
#include "graph-private.h"
#include "intra-board-private.h"

#include <math.h>

static guint
integer_root (guint n,
              guint k)
{
  guint m = (guint) (k == 2 ? sqrt ((double) n) : cbrt ((double) n));

  /* Correct floating-point error either way. */
  while (m > 0 && (k == 2 ? (guint64) m * m : (guint64) m * m * m) > n)
    m--;
  while ((k == 2 ? (guint64) (m + 1) * (m + 1) : (guint64) (m + 1) * (m + 1) * (m + 1)) <= n)
    m++;
  return m;
}

static gboolean
init_scale_up (TfBoardTopo     *bt,
               const TfContext *ctx,
               GString         *why)
{
  guint l = ctx->scale_up.links_per_chip, radix = ctx->scale_up.switch_radix;

  /* The fewest switches, each taking the same share of every chip's links. */
  for (guint s = 1; s <= l; s++)
    if (l % s == 0 && (guint64) bt->chips * (l / s) <= radix)
      {
        bt->n_switch = s;
        bt->lanes = l / s;
        return TRUE;
      }
  if (why)
    g_string_append_printf (why,
                            "intra_board_topo = switch: a board of %u chips needs %u ports on "
                            "each scale-up switch even at one link a chip, more than "
                            "defaults.scale_up.switch_radix = %u",
                            bt->chips, bt->chips, radix);
  return FALSE;
}

gboolean
tf_board_topo_init (TfBoardTopo      *bt,
                    const TfContext  *ctx,
                    TfIntraBoardTopo  topo,
                    guint             chips,
                    GString          *why)
{
  bt->topo = topo;
  bt->chips = chips;
  bt->lanes = ctx->chip_radix;
  bt->n_dims = 0;
  bt->side = 0;
  bt->n_switch = 0;

  /* A board of one chip has no pair to link: every board topology is none there, so results
   * with C_board = 1 stay in every context (docs/spec-notes.md). */
  if (chips == 1)
    bt->topo = TF_INTRA_BOARD_NONE;
  if (bt->topo == TF_INTRA_BOARD_NONE)
    return TRUE;
  if (topo == TF_INTRA_BOARD_SWITCH)
    return init_scale_up (bt, ctx, why);
  if (topo == TF_INTRA_BOARD_TORUS)
    {
      guint m3 = integer_root (chips, 3);
      guint m2 = integer_root (chips, 2);

      if (m3 >= 2 && (guint64) m3 * m3 * m3 == chips)
        {
          bt->n_dims = 3;
          bt->side = m3;
        }
      else if (m2 >= 2 && (guint64) m2 * m2 == chips)
        {
          bt->n_dims = 2;
          bt->side = m2;
        }
      else
        {
          if (why)
            g_string_append_printf (why,
                                    "intra_board_topo = torus needs chips_per_board to be a "
                                    "perfect cube or square, but this result derives "
                                    "chips_per_board = %u; use ring or full-mesh", chips);
          return FALSE;
        }
    }
  return TRUE;
}

static guint64
torus_pairs_per_dim (const TfBoardTopo *bt)
{
  /* A 2-long dimension is one link, not two (see docs/spec-notes.md). */
  return bt->side >= 3 ? bt->chips : bt->chips / 2;
}

guint64
tf_board_topo_n_pairs (const TfBoardTopo *bt)
{
  guint64 c = bt->chips;

  switch (bt->topo)
    {
    case TF_INTRA_BOARD_FULL_MESH:
      return c * (c - 1) / 2;
    case TF_INTRA_BOARD_RING:
      return c == 2 ? 1 : c;
    case TF_INTRA_BOARD_TORUS:
      return bt->n_dims * torus_pairs_per_dim (bt);
    case TF_INTRA_BOARD_SWITCH:
      return c * bt->n_switch;
    case TF_INTRA_BOARD_NONE:
    default:
      return 0;
    }
}

guint64
tf_board_topo_n_links (const TfBoardTopo *bt)
{
  return tf_board_topo_n_pairs (bt) * bt->lanes;
}

guint
tf_board_topo_chip_links (const TfBoardTopo *bt)
{
  return tf_board_topo_degree (bt) * bt->lanes;
}

guint
tf_board_topo_switch_ports (const TfBoardTopo *bt)
{
  return bt->chips * bt->lanes;
}

void
tf_board_topo_foreach_pair (const TfBoardTopo *bt,
                            void (*fn) (guint a, guint b, gpointer data),
                            gpointer data)
{
  guint c = bt->chips;

  switch (bt->topo)
    {
    case TF_INTRA_BOARD_FULL_MESH:
      for (guint a = 0; a < c; a++)
        for (guint b = a + 1; b < c; b++)
          fn (a, b, data);
      break;
    case TF_INTRA_BOARD_RING:
      if (c == 2)
        fn (0, 1, data);
      else
        for (guint a = 0; a < c; a++)
          fn (a, (a + 1) % c, data);
      break;
    case TF_INTRA_BOARD_TORUS:
      {
        guint stride = 1;

        for (guint d = 0; d < bt->n_dims; d++, stride *= bt->side)
          for (guint a = 0; a < c; a++)
            {
              guint coord = (a / stride) % bt->side;

              if (bt->side == 2 && coord == 1)
                continue;
              fn (a, a - coord * stride + ((coord + 1) % bt->side) * stride, data);
            }
      }
      break;
    case TF_INTRA_BOARD_NONE:
    default:
      break;
    }
}

typedef struct
{
  GArray        *links;
  const guint32 *chips;   /* of the board */
  guint32        lanes;
} BoardLinks;

static void
append_pair (guint    a,
             guint    b,
             gpointer data)
{
  BoardLinks *x = data;

  tf_links_append (x->links, x->chips[a], x->chips[b], x->lanes);
}

void
tf_board_topo_append_links (const TfBoardTopo *bt,
                            const guint32     *board_chips,
                            guint              n_board,
                            guint32            first_switch,
                            GArray            *links)
{
  BoardLinks x = { links, NULL, bt->lanes };
  guint c = bt->chips;

  for (guint board = 0; board < n_board; board++)
    {
      x.chips = board_chips + (gsize) board * c;
      if (bt->topo != TF_INTRA_BOARD_SWITCH)
        tf_board_topo_foreach_pair (bt, append_pair, &x);
      else
        for (guint s = 0; s < bt->n_switch; s++)
          for (guint j = 0; j < c; j++)
            tf_links_append (links, x.chips[j], first_switch + board * bt->n_switch + s,
                             bt->lanes);
    }
}

guint
tf_board_topo_n_switches (const TfBoardTopo *bt,
                          guint              n_board)
{
  return bt->topo == TF_INTRA_BOARD_SWITCH ? n_board * bt->n_switch : 0;
}

void
tf_board_topo_fill_switches (const TfBoardTopo *bt,
                             guint              n_board,
                             TfSwitch          *out)
{
  for (guint board = 0; board < n_board && bt->topo == TF_INTRA_BOARD_SWITCH; board++)
    for (guint s = 0; s < bt->n_switch; s++)
      *out++ = (TfSwitch) { g_strdup_printf ("board%u.su%u", board, s), TF_TIER_BOARD, board,
                            tf_board_topo_switch_ports (bt) };
}

double
tf_board_topo_power_w (const TfBoardTopo *bt,
                       const TfContext   *ctx)
{
  guint64 ports = bt->topo == TF_INTRA_BOARD_SWITCH
                  ? (guint64) bt->n_switch * tf_board_topo_switch_ports (bt) : 0;

  return tf_context_board_power_w (ctx, bt->chips, ports);
}

guint
tf_board_topo_diameter (const TfBoardTopo *bt)
{
  switch (bt->topo)
    {
    case TF_INTRA_BOARD_FULL_MESH:
      return 1;
    case TF_INTRA_BOARD_RING:
      return bt->chips / 2;
    case TF_INTRA_BOARD_TORUS:
      return bt->n_dims * (bt->side / 2);
    case TF_INTRA_BOARD_SWITCH:
      return 2;
    case TF_INTRA_BOARD_NONE:
    default:
      return bt->chips == 1 ? 0 : G_MAXUINT;
    }
}

/* Sum over ordered pairs of a cycle of length m of the hop distance. */
static guint64
cycle_distance_sum (guint64 m)
{
  guint64 per_node = 0;

  for (guint64 d = 1; d < m; d++)
    per_node += MIN (d, m - d);
  return m * per_node;
}

guint64
tf_board_topo_distance_sum (const TfBoardTopo *bt)
{
  guint64 c = bt->chips;

  switch (bt->topo)
    {
    case TF_INTRA_BOARD_FULL_MESH:
      return c * (c - 1);
    case TF_INTRA_BOARD_RING:
      return cycle_distance_sum (c);
    case TF_INTRA_BOARD_TORUS:
      {
        /* Distances add over dimensions: each ordered pair sums its per-dimension distances. */
        guint64 m = bt->side;
        guint64 per_dim = cycle_distance_sum (m) / m;  /* sum from one node of one cycle */
        guint64 others = c / m;

        return bt->n_dims * c * per_dim * others;
      }
    case TF_INTRA_BOARD_SWITCH:
      return 2 * c * (c - 1);
    case TF_INTRA_BOARD_NONE:
    default:
      return 0;
    }
}

guint
tf_board_topo_degree (const TfBoardTopo *bt)
{
  switch (bt->topo)
    {
    case TF_INTRA_BOARD_FULL_MESH:
      return bt->chips - 1;
    case TF_INTRA_BOARD_RING:
      return bt->chips == 2 ? 1 : 2;
    case TF_INTRA_BOARD_TORUS:
      return bt->n_dims * (bt->side == 2 ? 1 : 2);
    case TF_INTRA_BOARD_SWITCH:
      return bt->n_switch;
    case TF_INTRA_BOARD_NONE:
    default:
      return 0;
    }
}

guint
tf_product_connectivity (guint kappa_g,
                         guint delta_g,
                         guint n_g,
                         guint kappa_h,
                         guint delta_h,
                         guint n_h)
{
  guint64 a = (guint64) kappa_g * n_h;
  guint64 b = (guint64) kappa_h * n_g;
  guint64 c = (guint64) delta_g + delta_h;

  return (guint) MIN (MIN (a, b), c);
}

guint
tf_board_topo_lane_connectivity (const TfBoardTopo *bt,
                                 guint              kappa_f,
                                 guint              delta_f,
                                 guint              n_f)
{
  if (bt->topo == TF_INTRA_BOARD_SWITCH)
    return MIN (delta_f + bt->n_switch, kappa_f + MIN (bt->n_switch, bt->chips - 1));
  return tf_product_connectivity (kappa_f, delta_f, n_f, tf_board_topo_connectivity (bt),
                                  tf_board_topo_degree (bt), bt->chips);
}

guint
tf_board_topo_connectivity (const TfBoardTopo *bt)
{
  switch (bt->topo)
    {
    case TF_INTRA_BOARD_FULL_MESH:
      return bt->chips - 1;
    case TF_INTRA_BOARD_RING:
      return bt->chips == 2 ? 1 : 2;
    case TF_INTRA_BOARD_TORUS:
      {
        guint k1 = bt->side == 2 ? 1 : 2;
        guint kappa = k1, delta = k1, n = bt->side;

        for (guint d = 1; d < bt->n_dims; d++)
          {
            kappa = tf_product_connectivity (kappa, delta, n, k1, k1, bt->side);
            delta += k1;
            n *= bt->side;
          }
        return kappa;
      }
    case TF_INTRA_BOARD_SWITCH:
      return bt->n_switch;
    case TF_INTRA_BOARD_NONE:
    default:
      return 0;
    }
}

gboolean
tf_board_topo_is_complete (const TfBoardTopo *bt)
{
  return bt->chips >= 2 && bt->topo != TF_INTRA_BOARD_SWITCH
         && tf_board_topo_degree (bt) == bt->chips - 1;
}

typedef struct
{
  guint   k;
  guint64 cut;
} PrefixCut;

static void
count_prefix_cut (guint    a,
                  guint    b,
                  gpointer data)
{
  PrefixCut *pc = data;

  if ((a < pc->k) != (b < pc->k))
    pc->cut++;
}

guint64
tf_board_topo_prefix_cut (const TfBoardTopo *bt,
                          guint              k)
{
  guint c = bt->chips;

  if (k == 0 || k >= c)
    return 0;
  switch (bt->topo)
    {
    case TF_INTRA_BOARD_FULL_MESH:
      return (guint64) k * (c - k) * bt->lanes;
    case TF_INTRA_BOARD_RING:
      return (c == 2 ? 1 : 2) * (guint64) bt->lanes;
    case TF_INTRA_BOARD_TORUS:
      {
        PrefixCut pc = { k, 0 };

        tf_board_topo_foreach_pair (bt, count_prefix_cut, &pc);
        return pc.cut * bt->lanes;
      }
    case TF_INTRA_BOARD_SWITCH:
      /* Each switch stands with the larger side and cuts the smaller side's links to it. */
      return (guint64) MIN (k, c - k) * bt->lanes * bt->n_switch;
    case TF_INTRA_BOARD_NONE:
    default:
      return 0;
    }
}

gboolean
tf_board_topo_prefix_cut_is_minimal (const TfBoardTopo *bt)
{
  return bt->topo != TF_INTRA_BOARD_TORUS;
}
