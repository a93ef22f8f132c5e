/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-generic-template.c: the GenericTemplateGenerator (the spec's Phase 2), a layered
 * switched network in the spirit of ATOP's hyper-parameter template (docs/optimizer.md, "The
 * generic template").
 *
 * A design point is a handful of numbers: chips per board and the board's own topology, chips
 * per leaf switch (a leaf serves whole boards, or, rail-aligned, chip j of each board of a group
 * goes to leaf j of the group), then for each of up to three switch layers its oversubscription
 * (down:up ports), its fan-out (how many switches of the next layer each switch links to, the
 * uplinks shared evenly among them) and how it connects to the next layer: full (every switch
 * of a pod to the same upper switches) or strided (switch i of a group to plane i above). The
 * counts of switches per layer follow from these, and the radix a switch needs from its ports.
 * The families' 2- and 3-level fat-trees are points of this space (tests compare them up to
 * isomorphism); so are rail-optimized Clos networks and trees whose layers have unequal
 * oversubscription or fan-out, which no family builds.
 *
 * Points that break a rule, the invariants or the hard constraints (dead hardware among them:
 * two leaves under a spine layer, two groups under a core) are refused with
 * TF_ERROR_INVALID_MUTATION; the caller draws again. A candidate's origin records its point as
 * text ("layers=2,chips_per_board=4,...", template_params), which mutation and crossover read
 * back: perturb one or two numbers, or take each from either parent, then repair the numbers
 * that the change made illegal by drawing them again.
 */
#include <stdlib.h>

#include "names-private.h"
#include "graph-private.h"
#include "intra-board-private.h"
#include "generators-private.h"
#include "family-private.h"
#include "placement-private.h"

#define LAYERS_MAX      3u
#define OSR_MAX         4u
#define N_FIELDS        12u
#define DIVISORS_MAX    4096u
#define INIT_TRIES      64u   /* draws per initial point the template may spend */

typedef enum
{
  CONN_FULL = 0,
  CONN_STRIDED,
  N_CONNS
} Conn;

TF_STATIC_NAMES (conn_names, "full", "strided");

/* A design point. Index 0 of the per-layer arrays is the leaves' (layer 0), 1 the layer above
 * them; 0 marks a number not drawn yet (repair draws it). */
typedef struct
{
  guint layers;           /* switch layers, 1 to 3 */
  guint chips_per_board;
  guint intra_board;      /* TfIntraBoardTopo */
  guint rail;             /* 1: chip j of each board of a group to leaf j of the group */
  guint leaf_chips;       /* chips per leaf switch */
  guint pod_leaves;       /* 3 layers: leaves per pod, the group layer 1 serves */
  guint osr[2];           /* down:up ports of a switch of layers 0 and 1 */
  guint fanout[2];        /* switches of the next layer each switch links to */
  guint conn[2];          /* Conn, + 1 (0: not drawn) */
} Params;

/* Crossover takes the numbers one by one. */
G_STATIC_ASSERT (sizeof (Params) == N_FIELDS * sizeof (guint));

/* What a point's numbers give. */
typedef struct
{
  guint n_board;
  guint n_leaf;
  guint group_leaves;     /* leaves per group that one set of layer-1 switches serves */
  guint n_group;
  guint per_group1;       /* layer-1 switches per group */
  guint n1, n2;           /* switches of layers 1 and 2 */
  guint width[2];         /* links of a bundle from a switch of layer l to one above */
  guint unit_boards;      /* the boards a leaf serves (a rail group's with rail 1) */
  guint per_rack;         /* of them a rack holds, by count and by power */
  guint unit_racks;       /* racks they fill; the leaf (the group's leaves) in the first */
  guint n_rack, n_pod;
  guint racks_per_group;
  guint groups_per_pod;   /* 3 layers */
  guint racks_per_pod;    /* 1 or 2 layers */
} Shape;

static gboolean
enabled (const TfSearchConfig *config)
{
  return config->template_enabled;
}

static double
rate (const TfSearchConfig *config)
{
  return config->template_rate;
}

static double
crossover_rate (const TfSearchConfig *config)
{
  return config->template_crossover_rate;
}

static guint
largest_radix (const TfSearchConfig *config)
{
  const TfHardwareConstraints *hw = &config->hardware;

  return hw->n_radix_options > 0 ? hw->radix_options[hw->n_radix_options - 1] : 0;
}

static guint
intra_board_topos (const TfSearchConfig *config)
{
  return config->intra_board_topos ? config->intra_board_topos
                                   : 1u << config->context.intra_board_topo;
}

/* Text */

static void
params_format (const Params *p,
               char         *out,
               gsize         size)
{
  g_snprintf (out, size,
              "layers=%u,chips_per_board=%u,intra_board=%s,rail=%u,leaf_chips=%u,"
              "pod_leaves=%u,osr=%u/%u,fanout=%u/%u,conn=%s/%s",
              p->layers, p->chips_per_board,
              tf_intra_board_topo_to_string ((TfIntraBoardTopo) p->intra_board), p->rail,
              p->leaf_chips, p->pod_leaves, p->osr[0], p->osr[1], p->fanout[0], p->fanout[1],
              conn_names.names[p->conn[0] - 1], conn_names.names[p->conn[1] - 1]);
}

static gboolean
parse_uint (const char *s,
            guint      *out)
{
  char *end;
  guint64 v;

  if (s == NULL || !g_ascii_isdigit (*s))
    return FALSE;
  v = g_ascii_strtoull (s, &end, 10);
  if (*end != '\0' || v > G_MAXUINT32)
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

/* "a/b" into two numbers, or two connection names with @names. */
static gboolean
parse_pair (const char    *s,
            const TfNames *names,
            guint         *out)
{
  g_auto(GStrv) parts = g_strsplit (s, "/", -1);

  if (g_strv_length (parts) != 2)
    return FALSE;
  for (guint i = 0; i < 2; i++)
    if (names != NULL)
      {
        guint k;

        if (!tf_names_find (*names, parts[i], &k))
          return FALSE;
        out[i] = k + 1;
      }
    else if (!parse_uint (parts[i], &out[i]))
      return FALSE;
  return TRUE;
}

/* The text params_format writes, every key once; FALSE for anything else. */
static gboolean
params_parse (const char *text,
              Params     *p)
{
  TF_STATIC_NAMES (keys, "layers", "chips_per_board", "intra_board", "rail", "leaf_chips",
                   "pod_leaves", "osr", "fanout", "conn");
  g_auto(GStrv) items = g_strsplit (text, ",", -1);
  guint seen = 0;

  memset (p, 0, sizeof *p);
  for (guint i = 0; items[i] != NULL; i++)
    {
      char *eq = strchr (items[i], '=');
      gboolean ok = FALSE;
      guint k;

      if (eq == NULL)
        return FALSE;
      *eq = '\0';
      if (!tf_names_find (keys, items[i], &k) || (seen & (1u << k)))
        return FALSE;
      seen |= 1u << k;
      switch (k)
        {
        case 0: ok = parse_uint (eq + 1, &p->layers); break;
        case 1: ok = parse_uint (eq + 1, &p->chips_per_board); break;
        case 2:
          {
            TfIntraBoardTopo t;

            ok = tf_intra_board_topo_from_string (eq + 1, &t, NULL);
            p->intra_board = t;
            break;
          }
        case 3: ok = parse_uint (eq + 1, &p->rail); break;
        case 4: ok = parse_uint (eq + 1, &p->leaf_chips); break;
        case 5: ok = parse_uint (eq + 1, &p->pod_leaves); break;
        case 6: ok = parse_pair (eq + 1, NULL, p->osr); break;
        case 7: ok = parse_pair (eq + 1, NULL, p->fanout); break;
        case 8: ok = parse_pair (eq + 1, &conn_names, p->conn); break;
        default: g_assert_not_reached ();
        }
      if (!ok)
        return FALSE;
    }
  return seen == (1u << keys.n) - 1;
}

/* The rules */

static gboolean
chips_per_board_allowed (const TfSearchConfig *config,
                         guint                 c)
{
  gboolean listed = config->n_chips_per_board == 0;

  for (guint i = 0; i < config->n_chips_per_board; i++)
    listed |= config->chips_per_board[i] == c;
  return c >= 1 && config->n_chip % c == 0 && c <= TF_SEARCH_MAX_CHIPS_PER_BOARD
         && c <= MAX (1u, config->context.chips_per_board_max) && listed;
}

static gboolean
intra_board_allowed (const TfSearchConfig *config,
                     const Params         *p)
{
  TfBoardTopo bt;

  return p->intra_board < TF_N_INTRA_BOARD_TOPOS
         && (intra_board_topos (config) & (1u << p->intra_board))
         /* One chip has no board links: one design, spelled none. */
         && (p->chips_per_board > 1 || p->intra_board == TF_INTRA_BOARD_NONE)
         && tf_board_topo_init (&bt, &config->context, (TfIntraBoardTopo) p->intra_board,
                                p->chips_per_board, NULL);
}

static gboolean
leaf_chips_allowed (const TfSearchConfig *config,
                    const Params         *p)
{
  guint n = config->n_chip, c = p->chips_per_board, l = p->leaf_chips;
  guint radix = largest_radix (config);

  /* Under a layer of switches, three leaves at least (a spine over two is a pass-through, dead
   * hardware) and a leaf of one chip with two ports at least (one chip and one uplink is one). */
  if (l < 1 || n % l != 0 || (p->layers >= 2 && n / l < 3)
      || (p->layers >= 2 && (guint64) l * config->context.chip_radix < 2)
      || (radix > 0 && (guint64) l * config->context.chip_radix > radix))
    return FALSE;
  /* A leaf serves whole boards, or, rail-aligned, one chip of each of l boards. */
  return p->rail ? (n / c) % l == 0 : l % c == 0;
}

/* Uplinks of a switch of layer @l, 0 when its down ports do not split by its oversubscription. */
static guint
uplinks (guint down,
         guint osr)
{
  return osr >= 1 && osr <= OSR_MAX && down % osr == 0 ? down / osr : 0;
}

static guint
leaf_down (const TfSearchConfig *config,
           const Params         *p)
{
  return p->leaf_chips * config->context.chip_radix;
}

/* Layer 1's down ports in a whole group. */
static guint
layer1_down (const Params *p,
             guint         width0)
{
  return (p->conn[0] == CONN_STRIDED + 1 ? p->pod_leaves / p->chips_per_board : p->pod_leaves)
         * width0;
}

static gboolean
pod_leaves_allowed (const TfSearchConfig *config,
                    const Params         *p)
{
  guint n_leaf = config->n_chip / p->leaf_chips;

  /* Two groups at least, or the core layer joins nothing; whole rail groups. */
  return p->pod_leaves >= 2 && p->pod_leaves < n_leaf && n_leaf % p->pod_leaves == 0
         && (!p->rail || p->pod_leaves % p->chips_per_board == 0);
}

/* Fills @s from a repaired point; FALSE with the rule it breaks in @why. */
static gboolean
get_shape (const TfSearchConfig *config,
           const Params         *p,
           Shape                *s,
           GString              *why)
{
  const TfContext *ctx = &config->context;
  guint c = p->chips_per_board, up0, up1;
  TfBoardTopo bt;
  double board_w;

  memset (s, 0, sizeof *s);
  if (p->layers < 1 || p->layers > LAYERS_MAX)
    return tf_reject (why, "layers = %u: from 1 to %u", p->layers, LAYERS_MAX);
  if (!chips_per_board_allowed (config, c))
    return tf_reject (why, "chips_per_board = %u: not allowed for %u chips", c, config->n_chip);
  if (!intra_board_allowed (config, p))
    return tf_reject (why, "intra_board: not allowed on boards of %u chips", c);
  if (p->rail > 1 || (p->rail && c == 1))
    return tf_reject (why, "rail = %u: 0, or 1 with boards of two chips or more", p->rail);
  if (!leaf_chips_allowed (config, p))
    return tf_reject (why, "leaf_chips = %u: not a whole number of boards (or rails) for %u "
                      "chips, or more ports than the largest switch", p->leaf_chips,
                      config->n_chip);
  s->n_board = config->n_chip / c;
  s->n_leaf = config->n_chip / p->leaf_chips;
  /* A leaf's boards (a rail group's) fill racks of as many as a rack holds by count and by
   * power (docs/spec-notes.md, "Rack power"), the leaf in the first or, over several, an
   * end-of-row switch of their pod; a board that alone draws more is refused. */
  if (!tf_board_topo_init (&bt, ctx, (TfIntraBoardTopo) p->intra_board, c, NULL))
    g_assert_not_reached ();  /* intra_board_allowed */
  board_w = tf_board_topo_power_w (&bt, ctx);
  if (board_w > ctx->rack.power_kw * 1000 * (1 + 1e-12))
    return tf_reject (why, "chips_per_board = %u: a board draws %.1f kW, more than a rack's "
                      "%.1f kW budget", c, board_w / 1000, ctx->rack.power_kw);
  s->unit_boards = p->rail ? p->leaf_chips : p->leaf_chips / c;
  s->per_rack = MIN (s->unit_boards, tf_context_boards_per_rack (ctx, board_w));
  s->unit_racks = tf_pack_count (s->unit_boards, s->per_rack);
  s->n_rack = (p->rail ? s->n_board / p->leaf_chips : s->n_leaf) * s->unit_racks;
  s->group_leaves = s->n_leaf;
  s->n_group = 1;
  if (p->layers >= 2)
    {
      up0 = uplinks (leaf_down (config, p), p->osr[0]);
      if (up0 == 0 || p->fanout[0] < 1 || up0 % p->fanout[0] != 0)
        return tf_reject (why, "osr = %u, fanout = %u: the leaf's uplinks do not split",
                          p->osr[0], p->fanout[0]);
      if (p->conn[0] == CONN_STRIDED + 1 && !p->rail)
        return tf_reject (why, "conn = strided: the leaves' planes are their rails");
      s->width[0] = up0 / p->fanout[0];
      if (p->layers == 3)
        {
          if (!pod_leaves_allowed (config, p))
            return tf_reject (why, "pod_leaves = %u: two groups or more of whole rails",
                              p->pod_leaves);
          s->group_leaves = p->pod_leaves;
          s->n_group = s->n_leaf / p->pod_leaves;
        }
      s->per_group1 = p->conn[0] == CONN_STRIDED + 1 ? c * p->fanout[0] : p->fanout[0];
      s->n1 = s->n_group * s->per_group1;
    }
  if (p->layers == 3)
    {
      up1 = uplinks (layer1_down (p, s->width[0]), p->osr[1]);
      if (up1 == 0 || p->fanout[1] < 1 || up1 % p->fanout[1] != 0)
        return tf_reject (why, "osr = %u, fanout = %u: layer 1's uplinks do not split",
                          p->osr[1], p->fanout[1]);
      s->width[1] = up1 / p->fanout[1];
      s->n2 = p->conn[1] == CONN_STRIDED + 1 ? s->per_group1 * p->fanout[1] : p->fanout[1];
    }
  /* The racks of a leaf's boards (or a rail group's), packed into pods as the fat-tree
   * family packs them: whole groups per pod with three layers. */
  s->racks_per_group = s->group_leaves / (p->rail ? c : 1) * s->unit_racks;
  if (s->n_rack <= ctx->racks_per_pod_max)
    {
      s->n_pod = 1;
      s->racks_per_pod = s->n_rack;
      s->groups_per_pod = s->n_group;
    }
  else
    {
      /* Whole units a pod: a leaf over several racks stands in their pod. */
      s->racks_per_pod = MAX (1u, ctx->racks_per_pod_max / s->unit_racks) * s->unit_racks;
      s->groups_per_pod = MAX (1u, ctx->racks_per_pod_max / s->racks_per_group);
      s->n_pod = p->layers == 3 ? tf_pack_count (s->n_group, s->groups_per_pod)
                                : tf_pack_count (s->n_rack, s->racks_per_pod);
    }
  return TRUE;
}

/* Drawing and repairing points */

static guint
divisors (guint  n,
          guint *out)
{
  guint count = 0, high = 0;
  guint hi[DIVISORS_MAX];

  for (guint d = 1; (guint64) d * d <= n && count + high < DIVISORS_MAX; d++)
    if (n % d == 0)
      {
        out[count++] = d;
        if (d != n / d)
          hi[high++] = n / d;
      }
  while (high > 0)
    out[count++] = hi[--high];
  return count;
}

/* A random divisor of @n for which @ok holds, or 0. */
static guint
pick_divisor (GRand                *rng,
              const TfSearchConfig *config,
              Params               *p,
              guint                 n,
              guint                *field,
              gboolean            (*ok) (const TfSearchConfig *, const Params *))
{
  g_autofree guint *all = g_new (guint, DIVISORS_MAX);
  g_autofree guint *good = g_new (guint, DIVISORS_MAX);
  guint n_all = divisors (n, all), n_good = 0;

  for (guint i = 0; i < n_all; i++)
    {
      *field = all[i];
      if (ok (config, p))
        good[n_good++] = all[i];
    }
  *field = n_good > 0 ? good[g_rand_int_range (rng, 0, n_good)] : 0;
  return *field;
}

static gboolean
chips_per_board_ok (const TfSearchConfig *config,
                    const Params         *p)
{
  return chips_per_board_allowed (config, p->chips_per_board);
}

static gboolean
any_divisor (const TfSearchConfig *config,
             const Params         *p)
{
  (void) config;
  (void) p;
  return TRUE;
}

/* The leaves' fan-out divides their uplinks, and a leaf of one chip links to two switches
 * above at least (one chip and one switch: a pass-through). */
static gboolean
fanout0_ok (const TfSearchConfig *config,
            const Params         *p)
{
  guint up = uplinks (leaf_down (config, p), p->osr[0]);

  return p->fanout[0] >= 1 && up % p->fanout[0] == 0
         && (p->leaf_chips > 1 || p->fanout[0] >= 2);
}

/* Oversubscription 1 half the time, else 2 to OSR_MAX. */
static guint
draw_osr (GRand *rng)
{
  return g_rand_boolean (rng) ? 1 : (guint) g_rand_int_range (rng, 2, OSR_MAX + 1);
}

/* Draws again every number of @p that is not drawn or no longer legal after a change to the
 * others, from the first on: the later ones depend on the earlier. */
static void
repair (const TfSearchConfig *config,
        GRand                *rng,
        Params               *p)
{
  guint up;

  if (p->layers < 1 || p->layers > LAYERS_MAX)
    p->layers = CLAMP (p->layers, 1u, LAYERS_MAX);
  if (!chips_per_board_allowed (config, p->chips_per_board)
      && pick_divisor (rng, config, p, config->n_chip, &p->chips_per_board,
                       chips_per_board_ok) == 0)
    p->chips_per_board = 1;
  if (p->chips_per_board == 1)
    p->rail = 0;
  if (p->rail > 1)
    p->rail = 1;
  if (!intra_board_allowed (config, p))
    {
      guint options[TF_N_INTRA_BOARD_TOPOS], n = 0;

      for (guint t = 0; t < TF_N_INTRA_BOARD_TOPOS; t++)
        {
          p->intra_board = t;
          if (intra_board_allowed (config, p))
            options[n++] = t;
        }
      p->intra_board = n > 0 ? options[g_rand_int_range (rng, 0, n)] : TF_INTRA_BOARD_NONE;
    }
  if (!leaf_chips_allowed (config, p)
      && pick_divisor (rng, config, p, config->n_chip, &p->leaf_chips, leaf_chips_allowed) == 0)
    {
      /* No leaf size fits: one layer fewer needs no two leaves. */
      p->layers = 1;
      pick_divisor (rng, config, p, config->n_chip, &p->leaf_chips, leaf_chips_allowed);
    }
  if (p->layers < 2)
    {
      p->osr[0] = p->fanout[0] = 1;
      p->conn[0] = CONN_FULL + 1;
    }
  else
    {
      if (uplinks (leaf_down (config, p), p->osr[0]) == 0)
        p->osr[0] = draw_osr (rng);
      if (uplinks (leaf_down (config, p), p->osr[0]) == 0)
        p->osr[0] = 1;
      up = uplinks (leaf_down (config, p), p->osr[0]);
      if (!fanout0_ok (config, p))
        pick_divisor (rng, config, p, up, &p->fanout[0], fanout0_ok);
      if (p->conn[0] < 1 || p->conn[0] > N_CONNS || (!p->rail && p->conn[0] != CONN_FULL + 1))
        p->conn[0] = p->rail && g_rand_boolean (rng) ? CONN_STRIDED + 1 : CONN_FULL + 1;
    }
  if (p->layers == 3 && !pod_leaves_allowed (config, p)
      && pick_divisor (rng, config, p, config->n_chip / p->leaf_chips, &p->pod_leaves,
                       pod_leaves_allowed) == 0)
    p->layers = 2;
  if (p->layers < 3)
    {
      p->pod_leaves = 0;
      p->osr[1] = p->fanout[1] = 1;
      p->conn[1] = CONN_FULL + 1;
    }
  else
    {
      guint width0 = uplinks (leaf_down (config, p), p->osr[0]) / p->fanout[0];

      if (uplinks (layer1_down (p, width0), p->osr[1]) == 0)
        p->osr[1] = draw_osr (rng);
      if (uplinks (layer1_down (p, width0), p->osr[1]) == 0)
        p->osr[1] = 1;
      up = uplinks (layer1_down (p, width0), p->osr[1]);
      if (p->fanout[1] < 1 || up % p->fanout[1] != 0)
        pick_divisor (rng, config, p, up, &p->fanout[1], any_divisor);
      if (p->conn[1] < 1 || p->conn[1] > N_CONNS)
        p->conn[1] = g_rand_boolean (rng) ? CONN_STRIDED + 1 : CONN_FULL + 1;
    }
}

/* A point of the whole space: layers 1 (one in ten), 2 or 3, the rest drawn by repair. */
static void
draw (const TfSearchConfig *config,
      GRand                *rng,
      Params               *p)
{
  guint l = g_rand_int_range (rng, 0, 10);

  memset (p, 0, sizeof *p);
  p->layers = l == 0 ? 1 : l <= 5 ? 2 : 3;
  p->intra_board = G_MAXUINT;
  p->rail = g_rand_int_range (rng, 0, 3) == 0;
  repair (config, rng, p);
}

/* Building */

static guint
leaf_of_chip (const Params *p,
              guint         chip)
{
  guint c = p->chips_per_board, board = chip / c;

  return p->rail ? (board / p->leaf_chips) * c + chip % c : chip / p->leaf_chips;
}

/* The graph of a point, its links typed by the boundaries they cross (settle_links). */
static void
build_graph (const TfSearchConfig *config,
             const Params         *p,
             const Shape          *s,
             TfNetworkGraph       *g)
{
  guint n = config->n_chip, c = p->chips_per_board, r = config->context.chip_radix;
  guint first1 = s->n_leaf, first2 = s->n_leaf + s->n1, k = 0;
  GArray *links = g_array_new (FALSE, FALSE, sizeof (TfLink));
  TfBoardTopo bt;

  g->n_chip = n;
  g->chips_per_board = c;
  g->n_board = s->n_board;
  g->n_rack = s->n_rack;
  g->n_pod = s->n_pod;
  g->board_chips = g_new (guint32, n);
  for (guint i = 0; i < n; i++)
    g->board_chips[i] = i;
  g->board_rack = g_new (guint32, s->n_board);
  for (guint b = 0; b < s->n_board; b++)
    g->board_rack[b] = b / s->unit_boards * s->unit_racks + b % s->unit_boards / s->per_rack;
  g->rack_pod = g_new (guint32, s->n_rack);
  for (guint t = 0; t < s->n_rack; t++)
    g->rack_pod[t] = s->n_pod == 1 ? 0
                   : p->layers == 3 ? t / s->racks_per_group / s->groups_per_pod
                   : t / s->racks_per_pod;

  if (!tf_board_topo_init (&bt, &config->context, (TfIntraBoardTopo) p->intra_board, c, NULL))
    g_assert_not_reached ();  /* get_shape refused it */
  g->n_switch = s->n_leaf + s->n1 + s->n2 + tf_board_topo_n_switches (&bt, s->n_board);
  g->switches = g_new0 (TfSwitch, MAX (g->n_switch, 1));
  /* A leaf whose boards fill one rack stands in it; one over several racks is an end-of-row
   * switch of their pod. */
  for (guint i = 0; i < s->n_leaf; i++, k++)
    {
      guint rack = (p->rail ? i / c : i) * s->unit_racks;

      g->switches[k] = s->unit_racks == 1
                       ? (TfSwitch) { g_strdup_printf ("leaf%u", i), TF_TIER_RACK, rack, 0 }
                       : (TfSwitch) { g_strdup_printf ("leaf%u", i), TF_TIER_POD,
                                      g->rack_pod[rack], 0 };
    }
  for (guint i = 0; i < s->n1; i++, k++)
    if (p->layers == 2)
      g->switches[k] = (TfSwitch) { g_strdup_printf ("spine%u", i),
                                    s->n_pod == 1 ? TF_TIER_POD : TF_TIER_DATACENTER, 0, 0 };
    else
      g->switches[k] = (TfSwitch) { g_strdup_printf ("agg%u", i), TF_TIER_POD,
                                    s->n_pod == 1 ? 0 : i / s->per_group1 / s->groups_per_pod,
                                    0 };
  for (guint i = 0; i < s->n2; i++, k++)
    g->switches[k] = (TfSwitch) { g_strdup_printf ("core%u", i), TF_TIER_DATACENTER, 0, 0 };

  for (guint chip = 0; chip < n; chip++)
    tf_links_append (links, chip, n + leaf_of_chip (p, chip), r);
  for (guint i = 0; p->layers >= 2 && i < s->n_leaf; i++)
    {
      guint base = first1 + (i / s->group_leaves) * s->per_group1;

      /* Strided: a leaf's plane is its rail (leaves are numbered group by group, rail last). */
      if (p->conn[0] == CONN_STRIDED + 1)
        base += (i % c) * p->fanout[0];
      for (guint j = 0; j < p->fanout[0]; j++)
        tf_links_append (links, n + i, n + base + j, s->width[0]);
    }
  for (guint i = 0; p->layers == 3 && i < s->n1; i++)
    {
      guint base = first2 + (p->conn[1] == CONN_STRIDED + 1
                             ? (i % s->per_group1) * p->fanout[1] : 0);

      for (guint j = 0; j < p->fanout[1]; j++)
        tf_links_append (links, n + first1 + i, n + base + j, s->width[1]);
    }

  tf_board_topo_fill_switches (&bt, s->n_board, g->switches + k);
  tf_board_topo_append_links (&bt, g->board_chips, g->n_board, n + k, links);
  g->n_links = links->len;
  g->links = (TfLink *) (void *) g_array_free (links, FALSE);
  tf_network_graph_settle_links (g);
}

/* The candidate of a repaired point, or NULL with TF_ERROR_INVALID_MUTATION. */
static TfCandidate *
materialize (const TfSearchConfig *config,
             const Params         *p,
             GError              **error)
{
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GError) local = NULL;
  TfNetworkGraph *g = &candidate->topology.graph;
  char text[TF_ORIGIN_MAX_TEMPLATE_PARAMS];
  Shape s;

  params_format (p, text, sizeof text);
  if (!get_shape (config, p, &s, why))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "%s: %s", text, why->str);
      return NULL;
    }
  build_graph (config, p, &s, g);
  if (!tf_network_graph_check_invariants (g, MAX (1u, config->context.chip_radix), &local)
      || !tf_network_graph_is_connected (g))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "%s: %s", text,
                   local ? local->message : "the graph is not connected");
      return NULL;
    }
  for (guint i = 0; i < g->n_switch; i++)
    if (!tf_hardware_switch_fits (&config->hardware, &g->switches[i]))
      {
        g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                     "%s: %s has %u ports, more than the largest radix option", text,
                     g->switches[i].id, g->switches[i].port_count);
        return NULL;
      }
  if (!tf_hardware_check_chip_ports (&config->hardware, g, why))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "%s: %s", text, why->str);
      return NULL;
    }
  /* No dead hardware: a spine between two leaves, a core between two aggregation switches, a
   * leaf of one chip with one uplink (the caller draws again). */
  if (tf_network_graph_find_dead_switch (g, NULL, why) != TF_DEAD_SWITCH_NONE)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "%s: dead hardware: %s", text,
                   why->str);
      return NULL;
    }
  candidate->topology.context = config->context;
  candidate->topology.context.intra_board_topo = (TfIntraBoardTopo) p->intra_board;
  if (config->hardware.n_radix_options > 0)
    candidate->topology.context.switch_defaults.radix = largest_radix (config);
  /* No family's result: metrics to be measured on the graph. */
  candidate->topology.result.n_endpoint = g->n_chip;
  candidate->topology.result.chips_per_board = g->chips_per_board;
  candidate->chip_transitive = FALSE;
  candidate->origin.method = TF_ORIGIN_GENERIC_TEMPLATE;
  g_strlcpy (candidate->origin.template_params, text, sizeof candidate->origin.template_params);
  return g_steal_pointer (&candidate);
}

/* The protocol */

static gboolean
init (gpointer              state,
      const TfSearchConfig *config,
      GRand                *rng,
      GPtrArray            *out,
      GError              **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint made = 0;

  (void) state;
  (void) error;
  for (guint tries = 0; made < config->template_initial
                        && tries < INIT_TRIES * MAX (1u, config->template_initial); tries++)
    {
      Params p;
      TfCandidate *c;

      draw (config, rng, &p);
      c = materialize (config, &p, NULL);
      if (c == NULL)
        continue;
      if (!g_hash_table_add (seen, g_strdup (c->origin.template_params)))
        {
          tf_candidate_free (c);
          continue;
        }
      g_ptr_array_add (out, c);
      made++;
    }
  return TRUE;
}

static gboolean
can_mutate (gpointer           state,
            const TfCandidate *parent)
{
  Params p;

  (void) state;
  /* Its own points and their crossings; a graph mutator's edit is no point of it any more. */
  return (parent->origin.method == TF_ORIGIN_GENERIC_TEMPLATE
          || parent->origin.method == TF_ORIGIN_CROSSOVER)
         && params_parse (parent->origin.template_params, &p);
}

/* A factor of two up or down, at least 1. */
static guint
scale (GRand *rng,
       guint  v)
{
  return g_rand_boolean (rng) ? v * 2 : MAX (1u, v / 2);
}

/* One step up or down, within 1 .. OSR_MAX. */
static guint
step_osr (GRand *rng,
          guint  osr)
{
  if (osr > 1 && (osr >= OSR_MAX || g_rand_boolean (rng)))
    return osr - 1;
  return MIN (osr + 1, OSR_MAX);
}

static void
perturb (GRand  *rng,
         Params *p)
{
  /* Only the numbers the point's layers use. */
  guint n_fields = p->layers == 1 ? 5 : p->layers == 2 ? 8 : N_FIELDS;

  switch (g_rand_int_range (rng, 0, n_fields))
    {
    case 0:
      p->layers = p->layers == 1 ? 2 : p->layers == 3 ? 2 : (g_rand_boolean (rng) ? 1 : 3);
      break;
    case 1: p->chips_per_board = scale (rng, p->chips_per_board); break;
    case 2: p->intra_board = G_MAXUINT; break;
    case 3: p->rail = !p->rail; break;
    case 4: p->leaf_chips = scale (rng, p->leaf_chips); break;
    case 5: p->osr[0] = step_osr (rng, p->osr[0]); break;
    case 6: p->fanout[0] = scale (rng, p->fanout[0]); break;
    case 7: p->conn[0] = p->conn[0] == CONN_FULL + 1 ? CONN_STRIDED + 1 : CONN_FULL + 1; break;
    case 8: p->pod_leaves = scale (rng, p->pod_leaves); break;
    case 9: p->osr[1] = step_osr (rng, p->osr[1]); break;
    case 10: p->fanout[1] = scale (rng, p->fanout[1]); break;
    case 11: p->conn[1] = p->conn[1] == CONN_FULL + 1 ? CONN_STRIDED + 1 : CONN_FULL + 1; break;
    default: g_assert_not_reached ();
    }
}

/* One or two numbers of the parent's point changed, the rest repaired. */
static TfCandidate *
mutate (gpointer              state,
        const TfSearchConfig *config,
        const TfCandidate    *parent,
        GRand                *rng,
        GError              **error)
{
  g_autofree char *before = NULL;
  guint edits = g_rand_int_range (rng, 1, 3);
  TfCandidate *child;
  Params p;

  (void) state;
  if (!params_parse (parent->origin.template_params, &p))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "'%s' is not a point of the generic template", parent->origin.template_params);
      return NULL;
    }
  for (guint e = 0; e < edits; e++)
    perturb (rng, &p);
  repair (config, rng, &p);
  child = materialize (config, &p, error);
  if (child != NULL)
    {
      child->origin.n_parents = 1;
      child->origin.parents[0] = parent->id;
    }
  return child;
}

/* Uniform crossover: each number from either parent, then repaired. */
static TfCandidate *
crossover (gpointer              state,
           const TfSearchConfig *config,
           const TfCandidate    *a,
           const TfCandidate    *b,
           GRand                *rng,
           GError              **error)
{
  Params pa, pb;
  guint *fa = (guint *) &pa, *fb = (guint *) &pb;
  TfCandidate *child;

  (void) state;
  if (!params_parse (a->origin.template_params, &pa)
      || !params_parse (b->origin.template_params, &pb))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION,
                   "both parents must be points of the generic template");
      return NULL;
    }
  for (guint i = 0; i < N_FIELDS; i++)
    if (g_rand_boolean (rng))
      fa[i] = fb[i];
  repair (config, rng, &pa);
  child = materialize (config, &pa, error);
  if (child != NULL)
    {
      child->origin.method = TF_ORIGIN_CROSSOVER;
      child->origin.n_parents = 2;
      child->origin.parents[0] = a->id;
      child->origin.parents[1] = b->id;
    }
  return child;
}

/* The point at @u: a stream of its own, seeded by u, draws it. */
static TfCandidate *
sample (gpointer              state,
        const TfSearchConfig *config,
        double                u,
        GError              **error)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed ((guint32) (CLAMP (u, 0.0, 1.0) * 4294967295.0));
  Params p;

  (void) state;
  draw (config, rng, &p);
  return materialize (config, &p, error);
}

const TfGenerator tf_generator_generic_template = {
  .name = "generic_template",
  .capabilities = TF_GENERATOR_INIT | TF_GENERATOR_MUTATE | TF_GENERATOR_CROSSOVER
                  | TF_GENERATOR_SAMPLE,
  .enabled = enabled,
  .init = init,
  .can_mutate = can_mutate,
  .mutate = mutate,
  .crossover = crossover,
  .sample = sample,
  .rate = rate,
  .crossover_rate = crossover_rate,
};
