/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metrics.c: metrics against independent brute force on small graphs.
 *
 * Nothing here reuses the engine's metric code: distances come from Floyd-Warshall, bisection
 * from trying every balanced chip split with every placement of the switches, path diversity
 * from Menger (the smallest vertex set separating a pair, tried set by set). Every family, every
 * intra_board_topo, chip_radix 1 and 2, every legal result of n_chip 2 .. 12 small enough to
 * brute-force, plus larger tori and hypercubes for the closed forms.
 */
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

static void
dense_init (Dense                *d,
            const TfNetworkGraph *g,
            const TfContext      *ctx)
{
  d->n = tf_network_graph_get_n_nodes (g);
  d->n_chip = g->n_chip;
  d->mult = g_new0 (guint8, d->n * d->n);
  d->bw = g_new0 (double, d->n * d->n);
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      double w = l->multiplicity
                 * tf_context_link_defaults (ctx, l->type, l->reach).bandwidth_gbps;

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

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo <= TF_INTRA_BOARD_RING; topo++)
      {
        TfContext ctx = tf_test_context (cases[i].n, TF_SCOPE_INTRA_RACK, topo);
        TfResult r;
        g_autoptr(GError) error = NULL;

        if (!tf_result_from_id (&ctx, cases[i].id, &r, &error))
          continue;
        g_assert_true (tf_family_compute_metrics (r.family, &ctx, &r, NULL, &error));
        check_result (&ctx, &r, &tally);
      }
  g_assert_cmpuint (tally.checked_bisection, >=, 15);
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
