/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-enumerate.c: what tf_enumerate keeps and how it reports: the cap on results per family,
 * recommended first; the progress fraction across walking and measuring; stopping while
 * measuring. */
#include <string.h>

#include "family-private.h"
#include "test-util.h"

typedef struct
{
  const TfFamily  *family;
  const TfContext *ctx;
  GArray          *results;   /* TfResult, in the family's traversal order */
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

/* Fewer warnings first, then the family's order (kept in `order` by reference ()). */
static gint
by_warnings (gconstpointer a,
             gconstpointer b)
{
  const TfResult *ra = a, *rb = b;

  if (ra->n_warnings != rb->n_warnings)
    return ra->n_warnings < rb->n_warnings ? -1 : 1;
  return ra->order < rb->order ? -1 : ra->order > rb->order;
}

/* Every legal result of @family, recommended first, then by fewer warnings, each group in the
 * family's order: what enumerate returns, without the limit. */
static GArray *
reference (const TfFamily  *family,
           const TfContext *ctx)
{
  Collect c = { family, ctx, g_array_new (FALSE, FALSE, sizeof (TfResult)) };

  family->walk (ctx, collect, &c);
  for (guint i = 0; i < c.results->len; i++)
    g_array_index (c.results, TfResult, i).order = i;
  g_array_sort (c.results, by_warnings);
  return c.results;
}

static void
assert_first_of (const TfFamilyEnumeration *fe,
                 GArray                    *all)
{
  guint64 last_order = 0;
  guint last_warnings = 0;

  for (guint i = 0; i < fe->n_results; i++)
    {
      const TfResult *got = &fe->results[i];
      const TfResult *want = &g_array_index (all, TfResult, i);

      g_assert_cmpmem (&got->params, sizeof got->params, &want->params, sizeof want->params);
      g_assert_cmpuint (got->n_warnings, ==, want->n_warnings);
      /* Within a warning count, the family's order. */
      if (i > 0 && got->n_warnings == last_warnings)
        g_assert_cmpuint (got->order, >, last_order);
      last_order = got->order;
      last_warnings = got->n_warnings;
      g_assert_cmpint (got->metrics.counts_method, ==, TF_METHOD_CLOSED_FORM);
      g_assert_cmpint (got->metrics.bisection_links_method, !=, TF_METHOD_NONE);
    }
}

static void
test_cap (void)
{
  TfContext ctx = tf_test_context (720720, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  const TfFamily *torus = tf_family_lookup ("torus");
  g_autoptr(GArray) all = reference (torus, &ctx);
  static const guint limits[] = { 0, 20000, TF_ENUMERATE_MAX_RESULTS, 100 };

  g_assert_cmpuint (all->len, >, TF_ENUMERATE_MAX_RESULTS);
  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      g_auto(TfEnumeration) e = { 0 };
      const TfFamilyEnumeration *fe;
      guint64 wanted = limits[i] == 0 ? all->len : MIN (all->len, limits[i]);

      tf_test_enumerate (&ctx, "torus", limits[i], &e);
      fe = &e.families[0];
      g_assert_cmpuint (fe->total, ==, all->len);
      g_assert_cmpuint (fe->n_results, ==, MIN (wanted, TF_ENUMERATE_MAX_RESULTS));
      g_assert_cmpuint (fe->capped, ==, wanted - fe->n_results);
      assert_first_of (fe, all);
    }
}

/* The limit and the cap come in per warning count: the first results of a family with
 * warnings of every kind are the same whatever is kept after them. */
static void
test_limit_prefix (void)
{
  TfContext ctx = tf_test_context (1024, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);

  for (guint f = 0; f < tf_families_get_count (); f++)
    {
      const TfFamily *family = tf_families_get (f);
      g_autoptr(GArray) all = reference (family, &ctx);
      static const guint limits[] = { 1, 7, 50, 0 };

      for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
        {
          g_auto(TfEnumeration) e = { 0 };
          guint64 wanted = limits[i] == 0 ? all->len : MIN (all->len, limits[i]);

          tf_test_enumerate (&ctx, tf_family_get_name (family), limits[i], &e);
          g_assert_cmpuint (e.families[0].total, ==, all->len);
          /* Dragonfly's 1,024-chip results, with rails, are more than the cap. */
          g_assert_cmpuint (e.families[0].n_results, ==, MIN (wanted, TF_ENUMERATE_MAX_RESULTS));
          g_assert_cmpuint (e.families[0].capped, ==, wanted - e.families[0].n_results);
          assert_first_of (&e.families[0], all);
        }
    }
}

typedef struct
{
  GArray *fractions;
  double  stop_above;   /* asks to stop at the first fraction above this */
} Progress;

static gboolean
record (double   fraction,
        gpointer data)
{
  Progress *p = data;

  g_array_append_val (p->fractions, fraction);
  return fraction <= p->stop_above;
}

static void
test_progress (void)
{
  TfContext ctx = tf_test_context (65536, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GError) error = NULL;
  Progress p = { g_array_new (FALSE, FALSE, sizeof (double)), 2.0 };
  guint walking = 0, measuring = 0;
  double last = 0;

  g_assert_true (tf_enumerate (&ctx, NULL, 0, TF_DEFAULT_LIMIT, record, &p, &e, &error));
  g_assert_no_error (error);
  /* 0 while walking, then the share of the estimated work, never back, ending at 1. */
  for (guint i = 0; i < p.fractions->len; i++)
    {
      double f = g_array_index (p.fractions, double, i);

      g_assert_cmpfloat (f, >=, last);
      g_assert_cmpfloat (f, <=, 1.0);
      walking += f == 0;
      measuring += f > 0 && f < 1;
      last = f;
    }
  g_assert_cmpfloat (last, ==, 1.0);
  g_assert_cmpuint (walking, >, 2);
  /* Measuring reports about every 20 ms, from the caller's thread. */
  g_assert_cmpuint (measuring, >, 10);
  g_array_unref (p.fractions);
}

static void
test_cancel_measuring (void)
{
  TfContext ctx = tf_test_context (65536, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GError) error = NULL;
  Progress p = { g_array_new (FALSE, FALSE, sizeof (double)), 0.5 };

  g_assert_false (tf_enumerate (&ctx, NULL, 0, TF_DEFAULT_LIMIT, record, &p, &e, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_CANCELLED);
  g_assert_cmpuint (e.n_families, ==, 0);
  g_assert_null (e.families);
  /* It stopped at the first report past half way. */
  g_assert_cmpfloat (g_array_index (p.fractions, double, p.fractions->len - 1), >, 0.5);
  g_assert_cmpfloat (g_array_index (p.fractions, double, p.fractions->len - 2), <=, 0.5);
  g_array_unref (p.fractions);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/enumerate/cap", test_cap);
  g_test_add_func ("/engine/enumerate/limit-prefix", test_limit_prefix);
  g_test_add_func ("/engine/enumerate/progress", test_progress);
  g_test_add_func ("/engine/enumerate/cancel-measuring", test_cancel_measuring);
  return g_test_run ();
}
