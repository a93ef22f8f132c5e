/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metrics.c: metrics against independent brute force on small graphs.
 *
 * Nothing here reuses the engine's metric code: distances come from Floyd-Warshall, bisection
 * from trying every balanced chip split with every placement of the switches, path diversity
 * from Menger (the smallest vertex set separating a pair, tried set by set). Every family, every
 * intra_board_topo, chip_radix 1 and 2, every legal result of n_chip 2 .. 12 small enough to
 * brute-force, plus larger tori and hypercubes for the closed forms. Link bandwidths follow the
 * budgets rule (docs/spec-notes.md, "Budgets"), worked out here from the chip graph alone (and
 * the graph's own figure for each link checked against it); the generic chip at chip_radix 1,
 * a chip of whole ports with faster switch ports at 2.
 */
#include <math.h>
#include <string.h>

#include "family-private.h"
#include "test-util.h"

#define INF G_MAXUINT16

typedef struct
{
  guint    n;        /* nodes */
  guint    n_chip;
  guint8  *mult;     /* n x n multiplicities (saturating) */
  guint    n_edges;  /* distinct linked pairs */
  guint   *edges;
  double  *bw;       /* n x n bandwidth of the links joining each pair */
} Dense;

/* One chip-to-chip link's share of a chip's scale-up budget when the chip drives @links of
 * them: whole ports each where the chip has at least @links ports, else an even split. */
static double
c2c_share (const TfChipDefaults *chip,
           guint                 links)
{
  g_assert_cmpuint (links, >, 0);
  if (chip->scale_up_ports >= links)
    return (double) (chip->scale_up_ports / links) * chip->scale_up_gbps / chip->scale_up_ports;
  return chip->scale_up_gbps / links;
}

/* The bandwidth of one physical link, by the rule: chip to chip (or into a scale-up switch)
 * the smaller of its chips' shares; from a chip's NIC into a switch port the slower of the
 * two; between switch ports the port's speed (0: the NIC's). */
static double
link_gbps (const TfContext *ctx,
           const TfLink    *l,
           guint            n_chip,
           const guint     *c2c)
{
  double port = ctx->switch_defaults.port_gbps > 0 ? ctx->switch_defaults.port_gbps
                                                   : ctx->chip.nic_gbps;
  double w = G_MAXDOUBLE;

  if (l->type != TF_LINK_C2C)
    return l->a < n_chip || l->b < n_chip ? MIN (port, ctx->chip.nic_gbps) : port;
  if (l->a < n_chip)
    w = MIN (w, c2c_share (&ctx->chip, c2c[l->a]));
  if (l->b < n_chip)
    w = MIN (w, c2c_share (&ctx->chip, c2c[l->b]));
  g_assert_cmpfloat (w, <, G_MAXDOUBLE);
  return w;
}

static void
dense_init (Dense                *d,
            const TfNetworkGraph *g,
            const TfContext      *ctx)
{
  g_autofree guint *c2c = g_new0 (guint, MAX (g->n_chip, 1));
  g_autofree double *engine_gbps = NULL;

  /* The rule below is the budgets' alone: no per-link figure is set. */
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      g_assert_true (isnan (ctx->defaults[t].bandwidth_gbps));
      for (guint r = 0; r < TF_N_REACHES; r++)
        g_assert_true (isnan (ctx->by_reach[t][r].bandwidth_gbps));
    }
  d->n = tf_network_graph_get_n_nodes (g);
  d->n_chip = g->n_chip;
  d->mult = g_new0 (guint8, d->n * d->n);
  d->bw = g_new0 (double, d->n * d->n);
  /* The chip-to-chip links each chip drives, parallel links counted. */
  for (guint i = 0; i < g->n_links; i++)
    if (g->links[i].type == TF_LINK_C2C)
      {
        if (g->links[i].a < g->n_chip)
          c2c[g->links[i].a] += g->links[i].multiplicity;
        if (g->links[i].b < g->n_chip)
          c2c[g->links[i].b] += g->links[i].multiplicity;
      }
  engine_gbps = g_new (double, MAX (g->n_links, 1));
  tf_network_graph_link_gbps (g, ctx, engine_gbps);
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      double w = l->multiplicity * link_gbps (ctx, l, g->n_chip, c2c);

      /* The graph's own figure for the link is the rule's. */
      g_assert_cmpfloat_with_epsilon (engine_gbps[i], w, 1e-9 * MAX (1, w));

      d->mult[l->a * d->n + l->b] += l->multiplicity;
      d->mult[l->b * d->n + l->a] += l->multiplicity;
      d->bw[l->a * d->n + l->b] += w;
      d->bw[l->b * d->n + l->a] += w;
    }
  d->edges = g_new (guint, 2 * (gsize) d->n * d->n);
  d->n_edges = 0;
  for (guint i = 0; i < d->n; i++)
    for (guint j = i + 1; j < d->n; j++)
      if (d->mult[i * d->n + j])
        {
          d->edges[2 * d->n_edges] = i;
          d->edges[2 * d->n_edges + 1] = j;
          d->n_edges++;
        }
}

static void
dense_clear (Dense *d)
{
  g_free (d->mult);
  g_free (d->bw);
  g_free (d->edges);
}

static void
floyd (const Dense *d,
       guint       *diameter,
       double      *apl)
{
  guint n = d->n;
  g_autofree guint16 *dist = g_new (guint16, n * n);
  guint64 sum = 0;
  guint max = 0;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      dist[i * n + j] = i == j ? 0 : d->mult[i * n + j] ? 1 : INF;
  for (guint k = 0; k < n; k++)
    for (guint i = 0; i < n; i++)
      for (guint j = 0; j < n; j++)
        if (dist[i * n + k] + dist[k * n + j] < dist[i * n + j])
          dist[i * n + j] = dist[i * n + k] + dist[k * n + j];
  for (guint i = 0; i < d->n_chip; i++)
    for (guint j = 0; j < d->n_chip; j++)
      if (i != j)
        {
          g_assert_cmpuint (dist[i * n + j], <, INF);
          sum += dist[i * n + j];
          max = MAX (max, dist[i * n + j]);
        }
  *diameter = max;
  *apl = (double) sum / ((double) d->n_chip * (d->n_chip - 1));
}

/* Every balanced chip split with every switch placement, switches flipped in Gray-code order so
 * each placement costs one update. */
static void
brute_bisection (const Dense *d,
                 guint64     *links,
                 double      *bandwidth)
{
  guint n = d->n, c = d->n_chip, s = n - c;
  guint64 best = G_MAXUINT64;
  double best_bw = G_MAXDOUBLE;

  g_assert_cmpuint (n, <=, 30);
  for (guint32 chips = 0; chips < (1u << c); chips++)
    {
      guint32 side = chips;
      gint64 cut = 0;
      double cut_bw = 0;

      if ((guint) __builtin_popcount (chips) != c / 2)
        continue;
      for (guint e = 0; e < d->n_edges; e++)
        {
          guint i = d->edges[2 * e], j = d->edges[2 * e + 1];

          if (((side >> i) & 1) != ((side >> j) & 1))
            {
              cut += d->mult[i * n + j];
              cut_bw += d->bw[i * n + j];
            }
        }
      for (guint32 step = 1; ; step++)
        {
          guint k;

          best = MIN (best, (guint64) cut);
          best_bw = MIN (best_bw, cut_bw);
          if (step == (1u << s))
            break;
          /* Flip the switch of the lowest set bit of step. */
          k = c + (guint) __builtin_ctz (step);
          for (guint j = 0; j < n; j++)
            if (d->mult[k * n + j])
              {
                gboolean crossing = ((side >> k) & 1) != ((side >> j) & 1);

                cut += crossing ? -(gint64) d->mult[k * n + j] : d->mult[k * n + j];
                cut_bw += crossing ? -d->bw[k * n + j] : d->bw[k * n + j];
              }
          side ^= 1u << k;
        }
    }
  *links = best;
  *bandwidth = best_bw;
}

static double
brute_bisection_work (const Dense *d)
{
  double splits = 1;

  for (guint i = 0; i < d->n_chip / 2; i++)
    splits = splits * (d->n_chip - i) / (i + 1);
  return splits * (double) (1u << MIN (d->n - d->n_chip, 30u));
}

/* Is v reachable from u without the nodes in @removed and without the u - v links? */
static gboolean
reachable (const Dense *d,
           guint        u,
           guint        v,
           guint32      removed)
{
  guint32 seen = (1u << u) | removed, frontier = 1u << u;

  while (frontier)
    {
      guint32 next = 0;

      for (guint x = 0; x < d->n; x++)
        if ((frontier >> x) & 1)
          for (guint y = 0; y < d->n; y++)
            if (d->mult[x * d->n + y] && !((seen >> y) & 1) && !(x == u && y == v))
              next |= 1u << y;
      if ((next >> v) & 1)
        return TRUE;
      seen |= next;
      frontier = next;
    }
  return FALSE;
}

/* Menger: parallel direct links, plus the size of the smallest separating vertex set, tried by
 * increasing size. */
static guint
brute_path_diversity (const Dense *d)
{
  guint best = G_MAXUINT;

  g_assert_cmpuint (d->n, <=, 24);
  for (guint u = 0; u < d->n_chip; u++)
    for (guint v = u + 1; v < d->n_chip; v++)
      {
        guint others[32], n_others = 0, sep = 0;
        gboolean separated = !reachable (d, u, v, 0);

        for (guint x = 0; x < d->n; x++)
          if (x != u && x != v)
            others[n_others++] = x;
        for (guint k = 1; !separated && k <= n_others; k++)
          {
            /* Gosper's hack over k-subsets of the other nodes. */
            for (guint32 set = (1u << k) - 1; !separated && set < (1u << n_others); )
              {
                guint32 removed = 0, c, r;

                for (guint i = 0; i < n_others; i++)
                  if ((set >> i) & 1)
                    removed |= 1u << others[i];
                if (!reachable (d, u, v, removed))
                  {
                    separated = TRUE;
                    sep = k;
                  }
                c = set & -set;
                r = set + c;
                set = (((r ^ set) >> 2) / c) | r;
              }
          }
        g_assert_true (separated || n_others == 0);
        best = MIN (best, d->mult[u * d->n + v] + sep);
      }
  return best;
}

typedef struct
{
  guint checked_paths;
  guint checked_bisection;
  guint checked_diversity;
} Tally;

static void
check_result (const TfContext *ctx,
              const TfResult  *r,
              Tally           *tally)
{
  g_autofree char *id = tf_result_dup_id (r);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  const TfMetrics *gm;
  Dense d;
  guint diameter;
  double apl;

  g_assert_true (tf_generate (ctx, id, NULL, NULL, &t, &error));
  g_assert_no_error (error);
  gm = &t.result.metrics;
  dense_init (&d, &t.graph, ctx);

  if (d.n <= 300)
    {
      floyd (&d, &diameter, &apl);
      if (diameter != gm->diameter || diameter != r->metrics.diameter)
        g_error ("%s (n_chip %u, %s, radix %u): diameter %u, generate %u, enumerate %u", id,
                 ctx->n_chip, tf_intra_board_topo_to_string (ctx->intra_board_topo),
                 ctx->chip_radix, diameter, gm->diameter, r->metrics.diameter);
      g_assert_cmpfloat_with_epsilon (apl, gm->average_path_length, 1e-9);
      tally->checked_paths++;
    }

  if (d.n_chip <= 20 && brute_bisection_work (&d) <= 4e6)
    {
      guint64 links;
      double bw;

      brute_bisection (&d, &links, &bw);
      if (gm->bisection_links_method != TF_METHOD_UPPER_BOUND)
        g_assert_cmpuint (gm->bisection_links, ==, links);
      else
        g_assert_cmpuint (gm->bisection_links, >=, links);
      if (r->metrics.bisection_links_method == TF_METHOD_CLOSED_FORM
          && r->metrics.bisection_links != links)
        g_error ("%s (n_chip %u, %s): closed-form bisection %" G_GUINT64_FORMAT
                 ", brute force %" G_GUINT64_FORMAT, id, ctx->n_chip,
                 tf_intra_board_topo_to_string (ctx->intra_board_topo),
                 r->metrics.bisection_links, links);
      g_assert_cmpuint (r->metrics.bisection_links, >=, links);
      if (gm->bisection_bandwidth_method != TF_METHOD_UPPER_BOUND)
        g_assert_cmpfloat_with_epsilon (gm->bisection_bandwidth, bw, 1e-6);
      if (r->metrics.bisection_bandwidth_method == TF_METHOD_CLOSED_FORM)
        g_assert_cmpfloat_with_epsilon (r->metrics.bisection_bandwidth, bw, 1e-6);
      g_assert_cmpfloat (r->metrics.bisection_bandwidth, >=, bw - 1e-6);
      tally->checked_bisection++;
    }

  if (d.n <= 16)
    {
      guint pd = brute_path_diversity (&d);

      if (pd != r->metrics.path_diversity)
        g_error ("%s (n_chip %u, %s, radix %u): path diversity %u, enumerate %u", id,
                 ctx->n_chip, tf_intra_board_topo_to_string (ctx->intra_board_topo),
                 ctx->chip_radix, pd, r->metrics.path_diversity);
      g_assert_cmpuint (pd, ==, gm->path_diversity);
      tally->checked_diversity++;
    }
  dense_clear (&d);
}

static void
test_small_graphs (void)
{
  Tally tally = { 0 };

  for (guint n = 2; n <= 12; n++)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      for (guint radix = 1; radix <= 2; radix++)
        {
          TfContext ctx = tf_test_context (n, TF_SCOPE_INTRA_RACK, topo);
          g_auto(TfEnumeration) e = { 0 };
          g_autoptr(GError) error = NULL;

          /* At chip_radix 2 a chip of 18 scale-up ports (H100: 450 GB/s, ports of 25), so a
           * link's share is whole ports, and switch ports twice its NIC's 50 GB/s, so links
           * between switches run faster than links from chips. */
          if (radix == 2)
            {
              tf_context_set_chip_preset (&ctx, tf_chip_preset_lookup ("h100"));
              g_assert_cmpuint (ctx.chip.scale_up_ports, ==, 18);
              g_assert_cmpfloat (ctx.chip.nic_gbps, ==, 50);
              ctx.switch_defaults.port_gbps = 100;
            }
          ctx.chip_radix = radix;
          g_assert_true (tf_enumerate (&ctx, NULL, 0, 0, NULL, NULL, &e, &error));
          for (guint f = 0; f < e.n_families; f++)
            for (guint i = 0; i < e.families[f].n_results; i++)
              check_result (&ctx, &e.families[f].results[i], &tally);
        }
  g_test_message ("checked %u path, %u bisection, %u path-diversity results", tally.checked_paths,
                  tally.checked_bisection, tally.checked_diversity);
  g_assert_cmpuint (tally.checked_bisection, >, 500);
  g_assert_cmpuint (tally.checked_diversity, >, 500);
}

/* The closed forms of direct families on sizes the sweep's exhaustive search does not reach. */
static void
test_direct_closed_forms (void)
{
  static const struct { guint n; const char *id; } cases[] = {
    { 16, "hypercube:n=4" },
    { 18, "torus:dimension_sizes=3x6,board_shape=1x1" },
    { 18, "torus:dimension_sizes=3x6,board_shape=1x2" },
    { 20, "torus:dimension_sizes=2x10,board_shape=1x1" },
    { 20, "torus:dimension_sizes=4x5,board_shape=1x1" },
    { 20, "torus:dimension_sizes=2x2x5,board_shape=1x1x1" },
    { 16, "torus:dimension_sizes=4x4,board_shape=2x2" },
    { 16, "torus:dimension_sizes=2x2x4,board_shape=1x1x2" },
    { 18, "torus:dimension_sizes=2x3x3,board_shape=1x1x1" },
    { 20, "ring:n_endpoint=20" },
    { 19, "ring:n_endpoint=19" },
    { 18, "full-mesh:n_endpoint=18" },
    { 20, "full-mesh:n_endpoint=10" },
    { 20, "ring:n_endpoint=10" },
    { 18, "ring:n_endpoint=6" },
  };
  Tally tally = { 0 };

  /* The generic chip (900 GB/s shared evenly) and one of 7 ports (MI300X: 448 GB/s, ports of
   * 64), whose links get whole ports while they are at most 7 a chip, an even split past. */
  for (guint chip = 0; chip < 2; chip++)
    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo <= TF_INTRA_BOARD_RING; topo++)
        {
          TfContext ctx = tf_test_context (cases[i].n, TF_SCOPE_INTRA_RACK, topo);
          TfResult r;
          g_autoptr(GError) error = NULL;

          if (chip == 1)
            {
              tf_context_set_chip_preset (&ctx, tf_chip_preset_lookup ("mi300x"));
              g_assert_cmpuint (ctx.chip.scale_up_ports, ==, 7);
            }
          if (!tf_result_from_id (&ctx, cases[i].id, &r, &error))
            continue;
          g_assert_true (tf_family_compute_metrics (r.family, &ctx, &r, NULL, &error));
          check_result (&ctx, &r, &tally);
        }
  g_assert_cmpuint (tally.checked_bisection, >=, 30);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/metrics/small-graphs", test_small_graphs);
  g_test_add_func ("/engine/metrics/direct-closed-forms", test_direct_closed_forms);
  return g_test_run ();
}
