/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sweep.c: every family x every n_chip from 2 to 256 x both scopes x every
 * intra_board_topo.
 *
 * For each context: enumerate's total equals the legal parameter sets found by walking the
 * family directly; the results come recommended first; every returned result, and a spread of
 * the others, generates without error (so every invariant holds), its derived C_board matches
 * the grouping, and what enumerate said of it (status, warnings, counts, diameter, bisection,
 * path diversity) agrees with what generate measured on the graph, and its YAML reads back and
 * writes out again byte for byte. The other scope changes warnings by non-standard-scope alone.
 *
 * TF_SWEEP=exhaustive generates every legal result (slow); TF_SWEEP=sample takes every fifth
 * n_chip (for sanitizer builds); the default generates up to 64 per context.
 */
#include <string.h>

#include "family-private.h"
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
    g_assert_true (a->warnings[i] == b->warnings[i]);
}

/* What enumerate says of @r against what generate measures. While *round_trip is set, also
 * that its YAML reads back and writes out again byte for byte, then clears it: a round trip
 * costs a write, a load and a second generate, so the default sweep takes one per context, the
 * first result with at most a few thousand links, and the exhaustive mode takes them all. */
static void
check_generated (const TfContext *ctx,
                 const TfResult  *r,
                 gboolean        *round_trip)
{
  g_autofree char *id = tf_result_dup_id (r);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  const TfMetrics *em = &r->metrics, *gm;

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

  g_assert_cmpuint (gm->link_count, ==, em->link_count);
  for (guint ty = 0; ty < TF_N_LINK_TYPES; ty++)
    g_assert_cmpuint (gm->link_count_by_type[ty], ==, em->link_count_by_type[ty]);
  g_assert_cmpuint (gm->switch_count, ==, em->switch_count);

  if (gm->diameter != em->diameter)
    g_error ("%s (n_chip %u, %s): enumerate diameter %u, generate %u", id, ctx->n_chip,
             tf_intra_board_topo_to_string (ctx->intra_board_topo), em->diameter,
             gm->diameter);

  if (gm->path_diversity_method == TF_METHOD_EXACT && gm->path_diversity != em->path_diversity)
    g_error ("%s (n_chip %u, %s, chip_radix %u): closed-form path diversity %u, exact %u", id,
             ctx->n_chip, tf_intra_board_topo_to_string (ctx->intra_board_topo),
             ctx->chip_radix, em->path_diversity, gm->path_diversity);
  if (gm->path_diversity_method != TF_METHOD_EXACT)
    g_assert_cmpuint (gm->path_diversity, ==, em->path_diversity);

  if (gm->bisection_links_method == TF_METHOD_EXACT)
    {
      if (em->bisection_links_method == TF_METHOD_CLOSED_FORM
          && em->bisection_links != gm->bisection_links)
        g_error ("%s (n_chip %u, %s): closed-form bisection %" G_GUINT64_FORMAT
                 ", exact %" G_GUINT64_FORMAT, id, ctx->n_chip,
                 tf_intra_board_topo_to_string (ctx->intra_board_topo), em->bisection_links,
                 gm->bisection_links);
      g_assert_cmpuint (em->bisection_links, >=, gm->bisection_links);
      g_assert_cmpfloat (em->bisection_bandwidth, >=, gm->bisection_bandwidth - 1e-6);
      if (em->bisection_bandwidth_method == TF_METHOD_CLOSED_FORM)
        g_assert_cmpfloat_with_epsilon (em->bisection_bandwidth, gm->bisection_bandwidth, 1e-6);
    }
  else
    {
      g_assert_cmpuint (gm->bisection_links, ==, em->bisection_links);
      g_assert_cmpint (gm->bisection_links_method, ==, em->bisection_links_method);
      g_assert_cmpfloat_with_epsilon (gm->bisection_bandwidth, em->bisection_bandwidth, 1e-6);
    }
  g_assert_cmpuint (gm->bisection_links, >=, 1);
  g_assert_cmpuint (gm->path_diversity, >=, 1);
  g_assert_cmpuint (gm->diameter, >=, 1);

  /* The lossless round trip: write, load, write again. */
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
      n_round_trips++;
      *round_trip = mode == SWEEP_EXHAUSTIVE;
    }
}

static void
sweep_context (const TfFamily *family,
               guint           n_chip,
               TfIntraBoardTopo topo,
               guint           chip_radix)
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
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo <= TF_INTRA_BOARD_TORUS; topo++)
      sweep_context (family, n, topo, 1);
  g_test_message ("%u results round-tripped", n_round_trips);
  g_assert_cmpuint (n_round_trips, >, 0);
}

/* chip_radix > 1 turns every chip link into parallel links; a coarser sweep covers it. */
static void
test_family_radix (gconstpointer data)
{
  const TfFamily *family = data;

  for (guint n = 2; n <= 96; n += mode == SWEEP_SAMPLE ? 13 : 5)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo <= TF_INTRA_BOARD_TORUS; topo++)
      sweep_context (family, n, topo, 3);
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

      g_test_add_data_func (path, f, test_family);
      g_test_add_data_func (radix, f, test_family_radix);
    }
  return g_test_run ();
}
