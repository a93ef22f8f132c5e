/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sweep.c: every family x every n_chip from 2 to 256 x both scopes x every
 * intra_board_topo.
 *
 * For each context: enumerate's total equals the legal parameter sets found by walking the
 * family directly (for ring and full-mesh, every divisor); the results come recommended first;
 * every returned result, and a spread of the others, generates without error (so every
 * invariant holds), its derived C_board matches the grouping, enumerate, generate and metrics
 * give it the same metrics with the same labels, its closed forms agree with the graph (counts,
 * exhaustive bisection and path diversity on small graphs), every link has the type and reach
 * the spec's tables give, radix-too-large fires exactly when the busiest switch has more
 * physical ports than the context allows, a fat-tree's leaves split their links osr:1, no switch
 * is dead hardware (tf_network_graph_find_dead_switch), and its YAML reads back and writes out
 * again byte for byte. The other scope changes warnings by non-standard-scope alone.
 *
 * TF_SWEEP=exhaustive generates every legal result (slow); TF_SWEEP=sample takes every fifth
 * n_chip (for sanitizer builds); the default generates up to 64 per context.
 */
#include <math.h>
#include <string.h>

#include "family-private.h"
#include "metrics-private.h"
#include "test-util.h"

typedef enum { SWEEP_SAMPLE, SWEEP_DEFAULT, SWEEP_EXHAUSTIVE } SweepMode;

static SweepMode mode = SWEEP_DEFAULT;
static guint n_round_trips;

typedef struct
{
  const TfFamily  *family;
  const TfContext *ctx;
  GArray          *results;
} Collect;

static gboolean
collect (const TfParams *params,
         gpointer        data)
{
  Collect *c = data;
  TfResult r = { 0 };

  r.params = *params;
  if (tf_family_check (c->family, c->ctx, &r, NULL) == TF_CHECK_OK)
    g_array_append_val (c->results, r);
  return TRUE;
}

static void
assert_same_warnings (const TfResult *a,
                      const TfResult *b)
{
  g_assert_cmpuint (a->n_warnings, ==, b->n_warnings);
  for (guint i = 0; i < a->n_warnings; i++)
    {
      g_assert_true (a->warnings[i] == b->warnings[i]);
      /* Shown by its label, explained by its description, both translated. */
      g_assert_true (a->warnings[i]->label != NULL && a->warnings[i]->label[0] != '\0');
      g_assert_true (a->warnings[i]->description != NULL && a->warnings[i]->description[0]);
    }
}

static void
assert_same_metrics (const char      *what,
                     const char      *id,
                     const TfMetrics *a,
                     const TfMetrics *b)
{
  if (a->diameter != b->diameter || a->diameter_method != b->diameter_method
      || a->bisection_links != b->bisection_links
      || a->bisection_links_method != b->bisection_links_method
      || fabs (a->bisection_bandwidth - b->bisection_bandwidth) > 1e-6
      || a->bisection_bandwidth_method != b->bisection_bandwidth_method
      || a->link_count != b->link_count || a->switch_count != b->switch_count
      || a->switch_radix != b->switch_radix || a->links_per_chip_min != b->links_per_chip_min
      || a->links_per_chip_max != b->links_per_chip_max || a->counts_method != b->counts_method
      || a->path_diversity != b->path_diversity
      || a->path_diversity_method != b->path_diversity_method
      || memcmp (a->link_count_by_type, b->link_count_by_type, sizeof a->link_count_by_type)
      || memcmp (a->link_count_by_reach, b->link_count_by_reach, sizeof a->link_count_by_reach)
      || fabs (a->network_cost - b->network_cost) > 1e-6 * MAX (1, a->network_cost)
      || a->cost_method != b->cost_method || a->layout_method != b->layout_method
      || memcmp (a->cables_by_class, b->cables_by_class, sizeof a->cables_by_class)
      || fabs (a->injection_bandwidth - b->injection_bandwidth) > 1e-6
      || fabs (a->bisection_bandwidth_per_chip - b->bisection_bandwidth_per_chip) > 1e-6
      || a->rack_count != b->rack_count || a->pod_count != b->pod_count)
    g_error ("%s: %s gives other metrics or labels: diameter %u (%s) vs %u (%s), bisection %"
             G_GUINT64_FORMAT " (%s) vs %" G_GUINT64_FORMAT " (%s), bandwidth %g (%s) vs %g (%s), "
             "paths %u (%s) vs %u (%s), links %" G_GUINT64_FORMAT " vs %" G_GUINT64_FORMAT
             ", cost %.2f vs %.2f", id,
             what, a->diameter, tf_method_to_string (a->diameter_method), b->diameter,
             tf_method_to_string (b->diameter_method), a->bisection_links,
             tf_method_to_string (a->bisection_links_method), b->bisection_links,
             tf_method_to_string (b->bisection_links_method), a->bisection_bandwidth,
             tf_method_to_string (a->bisection_bandwidth_method), b->bisection_bandwidth,
             tf_method_to_string (b->bisection_bandwidth_method), a->path_diversity,
             tf_method_to_string (a->path_diversity_method), b->path_diversity,
             tf_method_to_string (b->path_diversity_method), a->link_count, b->link_count,
             a->network_cost, b->network_cost);
}

/* The spec's tables, read independently of the engine's code: a link between two chips is C2C;
 * a link with a switch takes the boundary of the smallest container holding both ends (B2B a
 * rack, R2R a pod, P2P beyond); its reach is that container (a board for two chips of one). */
static void
assert_types_and_reaches (const char           *id,
                          const TfNetworkGraph *g)
{
  g_autofree guint32 *chip_board = g_new (guint32, g->n_chip);

  for (guint b = 0; b < g->n_board; b++)
    for (guint k = 0; k < g->chips_per_board; k++)
      chip_board[g->board_chips[b * g->chips_per_board + k]] = b;
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      gint64 where[2][3];  /* board, rack, pod of each end; -1 above that level */
      const guint32 ends[2] = { l->a, l->b };
      TfReach reach;
      TfLinkType type;

      for (guint e = 0; e < 2; e++)
        if (ends[e] < g->n_chip)
          {
            where[e][0] = chip_board[ends[e]];
            where[e][1] = g->board_rack[where[e][0]];
            where[e][2] = g->rack_pod[where[e][1]];
          }
        else
          {
            const TfSwitch *sw = &g->switches[ends[e] - g->n_chip];

            /* A scale-up switch stands on its board. */
            where[e][0] = sw->tier == TF_TIER_BOARD ? (gint64) sw->container : -1;
            where[e][1] = sw->tier == TF_TIER_BOARD ? (gint64) g->board_rack[sw->container]
                        : sw->tier == TF_TIER_RACK ? (gint64) sw->container : -1;
            where[e][2] = where[e][1] >= 0 ? (gint64) g->rack_pod[where[e][1]]
                        : sw->tier == TF_TIER_POD ? (gint64) sw->container : -1;
          }
      reach = where[0][0] >= 0 && where[0][0] == where[1][0] ? TF_REACH_BOARD
            : where[0][1] >= 0 && where[0][1] == where[1][1] ? TF_REACH_RACK
            : where[0][2] >= 0 && where[0][2] == where[1][2] ? TF_REACH_POD
            : TF_REACH_DATACENTER;
      type = (l->a < g->n_chip && l->b < g->n_chip) || reach == TF_REACH_BOARD ? TF_LINK_C2C
           : reach == TF_REACH_RACK ? TF_LINK_B2B
           : reach == TF_REACH_POD ? TF_LINK_R2R : TF_LINK_P2P;
      if (l->reach != reach || l->type != type)
        g_error ("%s: link %u is %s reaching %s; the tables say %s reaching %s", id, i,
                 tf_link_type_to_string (l->type), tf_reach_to_string (l->reach),
                 tf_link_type_to_string (type), tf_reach_to_string (reach));
    }
}

/* Every rack holds at most boards_per_rack_max boards and every pod racks_per_pod_max racks,
 * unless the result says it cannot (rack-overflow, pod-overflow). */
static void
assert_containers (const char           *id,
                   const TfContext      *ctx,
                   const TfResult       *r,
                   const TfNetworkGraph *g)
{
  g_autofree guint *boards = g_new0 (guint, g->n_rack);
  g_autofree guint *racks = g_new0 (guint, g->n_pod);
  guint most_boards = 0, most_racks = 0;

  for (guint b = 0; b < g->n_board; b++)
    {
      boards[g->board_rack[b]]++;
      most_boards = MAX (most_boards, boards[g->board_rack[b]]);
    }
  for (guint k = 0; k < g->n_rack; k++)
    {
      racks[g->rack_pod[k]]++;
      most_racks = MAX (most_racks, racks[g->rack_pod[k]]);
    }
  if (tf_result_has_warning (r, "rack-overflow") != (most_boards > ctx->boards_per_rack_max)
      || tf_result_has_warning (r, "pod-overflow") != (most_racks > ctx->racks_per_pod_max))
    g_error ("%s (n_chip %u, %u boards a rack, %u racks a pod): a rack holds up to %u boards, "
             "a pod up to %u racks", id, ctx->n_chip, ctx->boards_per_rack_max,
             ctx->racks_per_pod_max, most_boards, most_racks);
}

/* Fat-tree promises: every leaf (ToR) splits its links d:u = osr between chips and uplinks,
 * and an aggregation switch with its whole group below it splits them d_agg:u_agg, its
 * w_levels entry u_agg and the rest of its k ports down (osr in the k-ary n-tree); no switch
 * has more than k links. */
static void
assert_oversubscription (const char           *id,
                         const TfContext      *ctx,
                         const TfResult       *r,
                         const TfNetworkGraph *g)
{
  gint64 osr = tf_test_attr (r, "osr"), layers = tf_test_attr (r, "layers");
  gint64 k = tf_test_attr (r, "k"), w[3] = { 0 };
  g_autofree guint64 *down = g_new0 (guint64, MAX (g->n_switch, 1));
  g_autofree guint64 *up = g_new0 (guint64, MAX (g->n_switch, 1));
  g_autofree guint *level = g_new0 (guint, MAX (g->n_switch, 1));
  guint full_aggregation = 0;

  /* A switch's level: 1 for a leaf (linked to chips), one more than the lowest switch below it
   * otherwise; tiers do not tell, since a rail group's leaves may stand in the pod. */
  for (guint pass = 1; pass <= (guint) layers; pass++)
    for (guint i = 0; i < g->n_links; i++)
      {
        const TfLink *l = &g->links[i];
        guint32 lo = MIN (l->a, l->b), hi = MAX (l->a, l->b);

        if (hi < g->n_chip || g->switches[hi - g->n_chip].tier == TF_TIER_BOARD)
          continue;
        if (pass == 1 && lo < g->n_chip)
          level[hi - g->n_chip] = 1;
        else if (pass > 1 && lo >= g->n_chip)
          for (guint side = 0; side < 2; side++)
            {
              guint a = (side == 0 ? lo : hi) - g->n_chip, b = (side == 0 ? hi : lo) - g->n_chip;

              if (level[a] == pass - 1 && level[b] == 0)
                level[b] = pass;
            }
      }
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      guint32 lo = l->a, hi = l->b;  /* the lower level first; chips come before switches */

      if (MAX (lo, hi) < g->n_chip)
        continue;  /* on a board */
      if (lo > hi)
        {
          lo = l->b;
          hi = l->a;
        }
      if (lo >= g->n_chip && level[lo - g->n_chip] > level[hi - g->n_chip])
        {
          lo = l->b;
          hi = l->a;
        }
      if (lo >= g->n_chip)
        up[lo - g->n_chip] += l->multiplicity;
      down[hi - g->n_chip] += l->multiplicity;
    }
  g_assert_cmpuint (tf_test_attr_list (r, "w_levels", w), ==, layers);
  for (guint s = 0; s < g->n_switch; s++)
    {
      const TfSwitch *sw = &g->switches[s];

      /* A scale-up switch has its own radix, and no uplinks. */
      if (sw->tier == TF_TIER_BOARD)
        {
          g_assert_cmpuint (up[s], ==, 0);
          g_assert_cmpuint (down[s], <=, ctx->scale_up.switch_radix);
          continue;
        }
      g_assert_cmpuint (level[s], >=, 1);
      g_assert_cmpuint (down[s] + up[s], <=,
                        (guint64) k * r->chips_per_board * ctx->chip_radix);
      if (level[s] == 1)
        {
          if (down[s] != (guint64) osr * up[s])
            g_error ("%s: leaf %s has %" G_GUINT64_FORMAT " links down and %" G_GUINT64_FORMAT
                     " up, not %" G_GINT64_FORMAT ":1", id, sw->id, down[s], up[s], osr);
        }
      else if (level[s] == 2 && layers == 3)
        {
          guint64 d_agg = (guint64) (k - w[1]), u_agg = (guint64) w[1];

          g_assert_cmpuint (down[s] * u_agg, <=, d_agg * up[s]);
          full_aggregation += down[s] * u_agg == d_agg * up[s];
        }
    }
  if (layers == 3)
    g_assert_cmpuint (full_aggregation, >, 0);
}

/* What enumerate says of @r against what generate and metrics (measuring the topology again)
 * report, and those closed forms against exhaustive search on small graphs. While *round_trip
 * is set, also that its YAML reads back and writes out again byte for byte, then clears it: a
 * round trip costs a write, a load and a second generate, so the default sweep takes one per
 * context, the first result with at most a few thousand links, and the exhaustive mode takes
 * them all. */
static void
check_generated (const TfContext *ctx,
                 const TfResult  *r,
                 gboolean        *round_trip)
{
  g_autofree char *id = tf_result_dup_id (r);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) dead = g_string_new (NULL);
  const TfMetrics *em = &r->metrics, *gm;
  TfMetrics counted = { 0 }, again;
  guint64 links;
  double bandwidth;

  if (!tf_generate (ctx, id, NULL, NULL, &t, &error))
    g_error ("n_chip %u, intra_board_topo %s: generate %s: %s", ctx->n_chip,
             tf_intra_board_topo_to_string (ctx->intra_board_topo), id, error->message);
  gm = &t.result.metrics;

  g_assert_cmpuint (t.result.chips_per_board, ==, r->chips_per_board);
  g_assert_cmpuint (t.graph.chips_per_board, ==, r->chips_per_board);
  g_assert_cmpuint (t.graph.n_board * t.graph.chips_per_board, ==, ctx->n_chip);
  if (r->family->leaf_tier == TF_TIER_BOARD)
    g_assert_cmpuint (t.graph.n_board, ==, r->n_endpoint);
  assert_same_warnings (r, &t.result);

  /* One label and one value per metric, whichever command reports it. */
  assert_same_metrics ("generate", id, em, gm);
  again = *gm;
  g_assert_true (tf_topology_measure (&t, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_same_metrics ("metrics", id, &again, gm);
  g_assert_cmpint (gm->average_path_length_method, ==, TF_METHOD_EXACT);

  /* The closed forms against the graph. */
  tf_network_graph_count (&t.graph, &counted);
  g_assert_cmpuint (counted.link_count, ==, em->link_count);
  g_assert_cmpmem (counted.link_count_by_type, sizeof counted.link_count_by_type,
                   em->link_count_by_type, sizeof em->link_count_by_type);
  g_assert_cmpmem (counted.link_count_by_reach, sizeof counted.link_count_by_reach,
                   em->link_count_by_reach, sizeof em->link_count_by_reach);
  g_assert_cmpuint (counted.switch_radix, ==, em->switch_radix);
  g_assert_cmpuint (counted.links_per_chip_min, ==, em->links_per_chip_min);
  g_assert_cmpuint (counted.links_per_chip_max, ==, em->links_per_chip_max);
  /* Every family's chips drive the same number of links. */
  g_assert_cmpuint (em->links_per_chip_min, ==, em->links_per_chip_max);
  g_assert_cmpint (tf_result_has_warning (r, "radix-too-large"), ==,
                   counted.switch_radix > ctx->switch_defaults.radix);
  assert_types_and_reaches (id, &t.graph);
  assert_containers (id, ctx, &t.result, &t.graph);
  /* No dead hardware (issue 30): no switch a dead end, a pass-through or a trap for chips. */
  if (tf_network_graph_find_dead_switch (&t.graph, NULL, dead) != TF_DEAD_SWITCH_NONE)
    g_error ("%s (n_chip %u, %s, chip_radix %u): dead hardware: %s", id, ctx->n_chip,
             tf_intra_board_topo_to_string (ctx->intra_board_topo), ctx->chip_radix, dead->str);
  if (strcmp (r->family->name, "fat-tree") == 0)
    assert_oversubscription (id, ctx, r, &t.graph);

  if (tf_network_graph_bisection_exact (&t.graph, ctx, &links, &bandwidth))
    {
      if (em->bisection_links_method == TF_METHOD_CLOSED_FORM && em->bisection_links != links)
        g_error ("%s (n_chip %u, %s): closed-form bisection %" G_GUINT64_FORMAT
                 ", exact %" G_GUINT64_FORMAT, id, ctx->n_chip,
                 tf_intra_board_topo_to_string (ctx->intra_board_topo), em->bisection_links,
                 links);
      g_assert_cmpuint (em->bisection_links, >=, links);
      g_assert_cmpfloat (em->bisection_bandwidth, >=, bandwidth - 1e-6);
      if (em->bisection_bandwidth_method == TF_METHOD_CLOSED_FORM)
        g_assert_cmpfloat_with_epsilon (em->bisection_bandwidth, bandwidth, 1e-6);
    }
  /* A closed form is the exact value; an upper bound is the size of a real cut. */
  if (t.graph.n_chip <= TF_PATH_DIVERSITY_EXACT_MAX_CHIPS
      && (em->path_diversity_method == TF_METHOD_UPPER_BOUND
          ? tf_network_graph_path_diversity_exact (&t.graph) > em->path_diversity
          : tf_network_graph_path_diversity_exact (&t.graph) != em->path_diversity))
    g_error ("%s (n_chip %u, %s, chip_radix %u): the family's path diversity %u, exact %u", id,
             ctx->n_chip, tf_intra_board_topo_to_string (ctx->intra_board_topo),
             ctx->chip_radix, em->path_diversity,
             tf_network_graph_path_diversity_exact (&t.graph));
  g_assert_cmpuint (gm->bisection_links, >=, 1);
  g_assert_cmpuint (gm->path_diversity, >=, 1);
  g_assert_cmpuint (gm->diameter, >=, 1);

  /* The lossless round trip: write, load, write again; the loaded file measures the same. */
  if (*round_trip && (mode == SWEEP_EXHAUSTIVE || t.graph.n_links <= 4096))
    {
      g_autoptr(GString) first = g_string_new (NULL);
      g_autoptr(GString) second = g_string_new (NULL);
      g_auto(TfTopology) back = { 0 };

      g_assert_true (tf_topology_write_yaml (&t, first, &error));
      if (!tf_topology_load_data ("sweep.yaml", first->str, first->len, NULL, &back, &error))
        g_error ("%s (n_chip %u): %s", id, ctx->n_chip, error->message);
      g_assert_true (tf_topology_write_yaml (&back, second, &error));
      if (strcmp (first->str, second->str) != 0)
        g_error ("%s (n_chip %u): the YAML changed on the round trip", id, ctx->n_chip);
      g_assert_true (tf_topology_measure (&back, NULL, NULL, &error));
      g_assert_no_error (error);
      assert_same_metrics ("metrics of the file", id, gm, &back.result.metrics);
      n_round_trips++;
      *round_trip = mode == SWEEP_EXHAUSTIVE;
    }
}

/* Divisors n_endpoint >= 2 of n_chip whose boards the context's board topology can link: all
 * of them, but for torus boards, whose chip count must be 1, a square or a cube, and for
 * scale-up switches, whose ports must hold a link from each chip. */
static guint
boards_expected (const TfContext *ctx)
{
  guint n = 0;

  for (guint e = 2; e <= ctx->n_chip; e++)
    if (ctx->n_chip % e == 0)
      {
        guint c = ctx->n_chip / e, m2 = (guint) round (sqrt (c)), m3 = (guint) round (cbrt (c));

        if (ctx->intra_board_topo == TF_INTRA_BOARD_SWITCH)
          n += c <= ctx->scale_up.switch_radix;
        else
          n += ctx->intra_board_topo != TF_INTRA_BOARD_TORUS || c == 1 || m2 * m2 == c
               || m3 * m3 * m3 == c;
      }
  return n;
}

static void
sweep_context (const TfFamily *family,
               guint           n_chip,
               TfIntraBoardTopo topo,
               guint           chip_radix,
               guint           boards_per_rack,
               guint           racks_per_pod)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, topo);
  TfContext other = tf_test_context (n_chip, TF_SCOPE_INTRA_RACK, topo);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (TfResult));
  g_autoptr(GError) error = NULL;
  const TfFamilyEnumeration *fe;
  Collect c = { family, &ctx, all };
  guint budget, stride;
  gboolean round_trip = TRUE;

  ctx.chip_radix = other.chip_radix = chip_radix;
  if (boards_per_rack != 0)
    {
      ctx.boards_per_rack_max = other.boards_per_rack_max = boards_per_rack;
      ctx.racks_per_pod_max = other.racks_per_pod_max = racks_per_pod;
      /* Every other context: chip-to-chip links slower the farther they reach, so a cut that
       * weighs a link by the wrong reach shows against the exhaustive search. */
      if (n_chip % 2 == 1)
        for (TfReach reach = TF_REACH_RACK; reach < TF_N_REACHES; reach++)
          ctx.by_reach[TF_LINK_C2C][reach].bandwidth_gbps =
            other.by_reach[TF_LINK_C2C][reach].bandwidth_gbps = 800.0 / (1 << reach);
    }
  g_assert_true (tf_enumerate (&ctx, &family, 1, TF_DEFAULT_LIMIT, NULL, NULL, &e, &error));
  g_assert_no_error (error);
  fe = &e.families[0];

  if (fe->excluded != NULL)
    {
      g_assert_cmpuint (fe->total, ==, 0);
      g_assert_nonnull (family->no_intra_board_reason);
      return;
    }
  family->walk (&ctx, collect, &c);
  g_assert_cmpuint (fe->total, ==, all->len);
  /* Ring and full-mesh: every divisor, whatever the board topology (docs/spec-notes.md). */
  if (family->direct && family->leaf_tier == TF_TIER_BOARD)
    g_assert_cmpuint (fe->total, ==, boards_expected (&ctx));
  g_assert_cmpuint (fe->n_results, ==, MIN (all->len, TF_DEFAULT_LIMIT));

  /* Recommended first, and the returned ones generate and agree. */
  for (guint i = 0; i < fe->n_results; i++)
    {
      if (i > 0)
        g_assert_cmpint (tf_result_get_status (&fe->results[i - 1]), <=,
                         tf_result_get_status (&fe->results[i]));
      if (mode != SWEEP_SAMPLE || i < 8)
        check_generated (&ctx, &fe->results[i], &round_trip);
    }

  /* A spread of all legal results, enumerate's metrics computed as enumerate does. */
  budget = mode == SWEEP_EXHAUSTIVE ? G_MAXUINT : mode == SWEEP_SAMPLE ? 4 : 16;
  stride = MAX (1, all->len / MIN (budget, MAX (all->len, 1)));
  for (guint i = 0; i < all->len; i += stride)
    {
      TfResult *r = &g_array_index (all, TfResult, i);
      TfResult o = { 0 };

      g_assert_true (tf_family_compute_metrics (family, &ctx, r, NULL, &error));
      g_assert_no_error (error);
      check_generated (&ctx, r, &round_trip);

      /* The other scope: the same result, warnings differing by non-standard-scope only. */
      o.params = r->params;
      g_assert_cmpint (tf_family_check (family, &other, &o, NULL), ==, TF_CHECK_OK);
      g_assert_cmpint (tf_result_has_warning (r, "non-standard-scope"), ==,
                       !tf_family_applies_to_scope (family, TF_SCOPE_INTER_RACK));
      g_assert_cmpint (tf_result_has_warning (&o, "non-standard-scope"), ==,
                       !tf_family_applies_to_scope (family, TF_SCOPE_INTRA_RACK));
      g_assert_cmpint (r->n_warnings - tf_result_has_warning (r, "non-standard-scope"), ==,
                       o.n_warnings - tf_result_has_warning (&o, "non-standard-scope"));
    }
}

static void
test_family (gconstpointer data)
{
  const TfFamily *family = data;
  guint step = mode == SWEEP_SAMPLE ? 5 : 1;

  n_round_trips = 0;
  for (guint n = 2; n <= 256; n += step)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      sweep_context (family, n, topo, 1, 0, 0);
  g_test_message ("%u results round-tripped", n_round_trips);
  g_assert_cmpuint (n_round_trips, >, 0);
}

/* chip_radix > 1 turns every chip link into parallel links; a coarser sweep covers it. */
static void
test_family_radix (gconstpointer data)
{
  const TfFamily *family = data;

  for (guint n = 2; n <= 96; n += mode == SWEEP_SAMPLE ? 13 : 5)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      sweep_context (family, n, topo, 3, 0, 0);
}

/* Small racks and pods: boards of every family fill several racks, and racks several pods. */
static void
test_family_racks (gconstpointer data)
{
  const TfFamily *family = data;

  for (guint n = 2; n <= 256; n += mode == SWEEP_SAMPLE ? 29 : 7)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      sweep_context (family, n, topo, 1 + n % 2, 2 + n % 3, 2 + n % 2);
  /* Small sizes, where the exhaustive bisection checks the bounds. */
  for (guint n = 3; n <= 16; n += 2)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      sweep_context (family, n, topo, 1, 2, 2);
}

int
main (int    argc,
      char **argv)
{
  const char *env = g_getenv ("TF_SWEEP");

  g_test_init (&argc, &argv, NULL);
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--exhaustive") == 0)
      mode = SWEEP_EXHAUSTIVE;
  if (g_strcmp0 (env, "exhaustive") == 0)
    mode = SWEEP_EXHAUSTIVE;
  else if (g_strcmp0 (env, "sample") == 0)
    mode = SWEEP_SAMPLE;

  for (guint i = 0; i < tf_families_get_count (); i++)
    {
      const TfFamily *f = tf_families_get (i);
      g_autofree char *path = g_strdup_printf ("/engine/sweep/%s", tf_family_get_name (f));
      g_autofree char *radix = g_strdup_printf ("/engine/sweep/%s/chip-radix-3",
                                                tf_family_get_name (f));
      g_autofree char *racks = g_strdup_printf ("/engine/sweep/%s/small-racks",
                                                tf_family_get_name (f));

      g_test_add_data_func (path, f, test_family);
      g_test_add_data_func (radix, f, test_family_radix);
      g_test_add_data_func (racks, f, test_family_racks);
    }
  return g_test_run ();
}
