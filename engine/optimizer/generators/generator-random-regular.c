/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-random-regular.c: the spec's RandomRegularGraphGenerator, Jellyfish (Singla et al.,
 * NSDI 2012): switches of one radix option k, each with h chips (whole boards of c, the board's
 * topology one of intra_board_topos) and its other r = k - h * chip_radix ports joined as a
 * random r-regular graph; a switch's boards fill racks by count and power, the switch in the
 * first (over several, an end-of-row switch of their pod). The point and the wiring's seed are
 * the origin's template_params (method generic_template: docs/spec-notes.md); the graph mutator
 * edits the graphs as any. Configured by generators.random_regular (docs/optimizer.md). */
#include "graph-private.h"
#include "intra-board-private.h"
#include "generators-private.h"
#include "placement-private.h"

#define POINTS_MAX 8192u

typedef struct { guint k, c, h, topo; } Point;

/* Every (k, c, h, topo) with a switch of at least 3 network ports and at least twice as many
 * switches (a denser graph is next to a full mesh, and Jellyfish's wiring can stick). */
static guint
points (const TfSearchConfig *config,
        Point                *out)
{
  const TfHardwareConstraints *hw = &config->hardware;
  const TfContext *ctx = &config->context;
  guint n = config->n_chip, cr = MAX (1u, ctx->chip_radix), count = 0;
  guint topos = config->intra_board_topos ? config->intra_board_topos : 1u << ctx->intra_board_topo;
  TfBoardTopo bt;

  for (guint o = 0; o < MAX (1u, hw->n_radix_options); o++)
    for (guint c = 1, k = hw->n_radix_options ? hw->radix_options[o] : ctx->switch_defaults.radix;
         c <= MIN (n, ctx->chips_per_board_max); c++)
      for (guint t = 0; t < TF_N_INTRA_BOARD_TOPOS; t++)
        {
          gboolean listed = config->n_chips_per_board == 0;

          for (guint i = 0; i < config->n_chips_per_board; i++)
            listed |= config->chips_per_board[i] == c;
          if (!listed || n % c != 0 || !(topos & (1u << t))
              || !tf_board_topo_init (&bt, ctx, (TfIntraBoardTopo) t, c, NULL))
            continue;
          for (guint h = c; h * cr + 3 <= k && count < POINTS_MAX; h += c)
            if (n % h == 0 && n / h >= 2 * (k - h * cr))
              out[count++] = (Point) { k, c, h, t };
        }
  return count;
}

/* Joins @n switches of @r network ports each (adjacency in @near); FALSE when stuck. Two
 * random switches with free ports are joined unless they are neighbours (or one switch); else
 * they take a random link (x, y)'s place, as (v, x) and (w, y). */
static gboolean
wire (guint       n,
      guint       r,
      GRand      *rng,
      GArray     *pairs,
      GHashTable *near)
{
  g_autofree guint *open = g_new (guint, n), *free_ = g_new (guint, n), *at = g_new (guint, n);
  guint n_open = n;

#define KEY(a, b) GSIZE_TO_POINTER ((gsize) MIN (a, b) * n + MAX (a, b) + 1)
#define TAKE(v) G_STMT_START { if (--free_[v] == 0) { open[at[v]] = open[--n_open]; \
    at[open[at[v]]] = at[v]; } } G_STMT_END
  for (guint v = 0; v < n; v++)
    open[v] = at[v] = v, free_[v] = r;
  for (guint fails = 0; n_open >= 2 || (n_open == 1 && free_[open[0]] >= 2);)
    {
      guint v = open[g_rand_int_range (rng, 0, n_open)], w = open[g_rand_int_range (rng, 0, n_open)];
      guint32 pair[2] = { v, w }, *xy, flip = g_rand_boolean (rng), x, y;

      if (v == w || g_hash_table_contains (near, KEY (v, w)))
        {
          if (++fails > 1024 + pairs->len)
            return FALSE;
          if ((v == w && free_[v] < 2) || pairs->len == 0)
            continue;
          xy = &g_array_index (pairs, guint32, 2 * g_rand_int_range (rng, 0, pairs->len / 2));
          x = xy[flip], y = xy[!flip];
          if (x == v || y == w || g_hash_table_contains (near, KEY (v, x))
              || g_hash_table_contains (near, KEY (w, y)))
            continue;
          g_hash_table_remove (near, KEY (x, y));
          xy[0] = x, xy[1] = v, pair[0] = w, pair[1] = y;
          g_hash_table_add (near, KEY (x, v));
        }
      g_array_append_vals (pairs, pair, 2);
      g_hash_table_add (near, KEY (pair[0], pair[1]));
      TAKE (v);
      TAKE (w);
      fails = 0;
    }
  return TRUE;
}

static TfCandidate *
build (const TfSearchConfig *config,
       Point                 p,
       guint32               seed,
       GError              **error)
{
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  g_autoptr(GRand) rng = g_rand_new_with_seed (seed);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GHashTable) near = g_hash_table_new (NULL, NULL);
  GArray *links = g_array_new (FALSE, FALSE, sizeof (TfLink));
  const TfContext *ctx = &config->context;
  TfNetworkGraph *g = &candidate->topology.graph;
  guint n = config->n_chip, cr = MAX (1u, ctx->chip_radix), n_sw = n / p.h, unit = p.h / p.c;
  guint per_rack, unit_racks, per_pod;
  gboolean wired;
  TfBoardTopo bt;

  g_snprintf (candidate->origin.template_params, sizeof candidate->origin.template_params,
              "random_regular:k=%u,c=%u,h=%u,intra_board=%s,seed=%u", p.k, p.c, p.h,
              tf_intra_board_topo_to_string ((TfIntraBoardTopo) p.topo), seed);
  tf_board_topo_init (&bt, ctx, (TfIntraBoardTopo) p.topo, p.c, NULL);  /* points () did */
  per_rack = MIN (unit, tf_context_boards_per_rack (ctx, tf_board_topo_power_w (&bt, ctx)));
  unit_racks = tf_pack_count (unit, per_rack);
  per_pod = MAX (1u, ctx->racks_per_pod_max / unit_racks) * unit_racks;
  *g = (TfNetworkGraph) { .n_chip = n, .chips_per_board = p.c, .n_board = n / p.c,
                          .n_rack = n_sw * unit_racks, .board_chips = g_new (guint32, n),
                          .n_switch = n_sw + tf_board_topo_n_switches (&bt, n / p.c) };
  g->n_pod = tf_pack_count (g->n_rack, per_pod);
  g->board_rack = g_new (guint32, g->n_board);
  g->rack_pod = g_new (guint32, g->n_rack);
  g->switches = g_new0 (TfSwitch, g->n_switch);
  for (guint i = 0; i < n; i++)
    g->board_chips[i] = i;
  for (guint b = 0; b < g->n_board; b++)
    g->board_rack[b] = b / unit * unit_racks + b % unit / per_rack;
  for (guint t = 0; t < g->n_rack; t++)
    g->rack_pod[t] = t / per_pod;
  for (guint s = 0; s < n_sw; s++)
    g->switches[s] = (TfSwitch) { g_strdup_printf ("sw%u", s),
                                  unit_racks == 1 ? TF_TIER_RACK : TF_TIER_POD,
                                  unit_racks == 1 ? s : s * unit_racks / per_pod, 0 };
  for (guint chip = 0; chip < n; chip++)
    tf_links_append (links, chip, n + chip / p.h, cr);
  wired = wire (n_sw, p.k - p.h * cr, rng, pairs, near);
  for (guint i = 0; i < pairs->len; i += 2)
    tf_links_append (links, n + g_array_index (pairs, guint32, i),
                     n + g_array_index (pairs, guint32, i + 1), 1);
  tf_board_topo_fill_switches (&bt, g->n_board, g->switches + n_sw);
  tf_board_topo_append_links (&bt, g->board_chips, g->n_board, n + n_sw, links);
  g->n_links = links->len;
  g->links = (TfLink *) (void *) g_array_free (links, FALSE);
  tf_network_graph_settle_links (g);
  if (!wired || !tf_network_graph_is_connected (g))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "%s: the wiring stuck, or the "
                   "graph is not connected", candidate->origin.template_params);
      return NULL;
    }
  candidate->topology.context = *ctx;
  candidate->topology.context.switch_defaults.radix = p.k;
  candidate->topology.context.intra_board_topo = (TfIntraBoardTopo) p.topo;
  candidate->topology.result.n_endpoint = n;
  candidate->topology.result.chips_per_board = p.c;
  candidate->origin.method = TF_ORIGIN_GENERIC_TEMPLATE;
  return g_steal_pointer (&candidate);
}

static gboolean
enabled (const TfSearchConfig *config)
{
  const TfGeneratorSection *s = tf_search_config_get_generator_section (config, "random_regular");

  return s != NULL && s->enabled;
}

/* The point at @u: its (k, c, h, topology) by u, the wiring's seed by what is left of it. */
static TfCandidate *
sample (gpointer              state,
        const TfSearchConfig *config,
        double                u,
        GError              **error)
{
  g_autofree Point *p = g_new (Point, POINTS_MAX);
  guint n = points (config, p);
  double at = CLAMP (u, 0.0, 1.0 - 1e-12) * n;

  (void) state;
  if (n > 0)
    return build (config, p[(guint) at], (guint32) ((at - (guint) at) * 4294967295.0), error);
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "no radix option has room");
  return NULL;
}

static gboolean
init (gpointer              state,
      const TfSearchConfig *config,
      GRand                *rng,
      GPtrArray            *out,
      GError              **error)
{
  guint want = tf_search_config_get_generator_section (config, "random_regular")->initial;

  for (guint t = 0, made = 0; made < want && t < 8 * want; t++)
    {
      TfCandidate *c = sample (state, config, g_rand_double (rng), NULL);

      if (c != NULL)
        g_ptr_array_add (out, c), made++;
    }
  return error == NULL || *error == NULL;
}

const TfGenerator tf_generator_random_regular = {
  .name = "random_regular",
  .capabilities = TF_GENERATOR_INIT | TF_GENERATOR_SAMPLE,
  .enabled = enabled,
  .init = init,
  .sample = sample,
};
