/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-query.c: tf_enumerate_query against brute force. For random contexts and queries, the
 * counts, the kept results of each family and the rows across families equal what filtering
 * and sorting every legal result (walked without a limit, measured one by one) gives. The
 * oracle reads the result's fields by the columns' names itself, so it checks the column table
 * as well. Also: the issue's 4,096-chip example, the cap after sorting, which results get
 * measured, and stopping while measuring. */
#include <math.h>
#include <string.h>

#include "family-private.h"
#include "test-util.h"

/* Oracle */

typedef struct
{
  TfResult result;
  guint    family_index;
  gboolean measured;
} Entry;

typedef struct
{
  const TfFamily  *family;
  const TfContext *ctx;
  GArray          *entries;
  guint64          order;
} Walk;

static gboolean
walk_visit (const TfParams *params,
            gpointer        data)
{
  Walk *w = data;
  Entry e = { { 0 } };

  e.result.params = *params;
  if (tf_family_check (w->family, w->ctx, &e.result, NULL) == TF_CHECK_OK)
    {
      e.result.order = w->order;
      e.family_index = tf_family_get_registry_index (w->family);
      g_array_append_val (w->entries, e);
    }
  w->order++;
  return TRUE;
}

static gint
by_warnings (gconstpointer a,
             gconstpointer b,
             gpointer      data)
{
  const Entry *x = a, *y = b;

  return (int) x->result.n_warnings - (int) y->result.n_warnings;
}

/* Every legal result of @only (every family when NULL), unfiltered and unlimited, in the
 * registry's order and each family's own (fewer warnings first, a stable sort keeping the
 * traversal). */
static GArray *
family_results (const TfContext *ctx,
                const TfFamily  *only)
{
  GArray *all = g_array_new (FALSE, FALSE, sizeof (Entry));

  for (guint f = 0; f < tf_families_get_count (); f++)
    {
      Walk w = { tf_families_get (f), ctx, g_array_new (FALSE, FALSE, sizeof (Entry)), 0 };

      if ((only == NULL || only == w.family)
          && (ctx->intra_board_topo == TF_INTRA_BOARD_NONE
              || tf_family_get_no_intra_board_reason (w.family) == NULL))
        w.family->walk (ctx, walk_visit, &w);
      g_qsort_with_data (w.entries->data, (gint) w.entries->len, sizeof (Entry), by_warnings,
                         NULL);
      g_array_append_vals (all, w.entries->data, w.entries->len);
      g_array_unref (w.entries);
    }
  return all;
}

static GArray *
all_results (const TfContext *ctx)
{
  return family_results (ctx, NULL);
}

static void
measure (const TfContext *ctx,
         Entry           *e)
{
  if (!e->measured)
    {
      g_assert_true (tf_family_compute_metrics (e->result.family, ctx, &e->result, NULL, NULL));
      e->measured = TRUE;
    }
}

static const char *const metric_names[] = {
  "diameter", "bisection", "bisection_bandwidth", "paths", "bisection_bandwidth_per_chip",
  "cost", "racks", "pods", "optical_cables", "copper_cables", "board_traces",
  "injection_bandwidth_per_chip", "oversubscription", "rack_power_kw",
};

static gboolean
needs_metrics (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (metric_names); i++)
    if (strcmp (name, metric_names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The value of the column @name, read from the result's fields. */
static double
value_of (const char      *name,
          const TfContext *ctx,
          Entry           *e)
{
  const TfResult *r = &e->result;
  const TfMetrics *m = &r->metrics;

  if (needs_metrics (name))
    measure (ctx, e);
  if (strcmp (name, "id") == 0 || strcmp (name, "family") == 0)
    return e->family_index;
  if (strcmp (name, "status") == 0)
    return r->n_warnings > 0;
  if (strcmp (name, "warnings") == 0)
    return r->n_warnings;
  if (strcmp (name, "n_endpoint") == 0)
    return r->n_endpoint;
  if (strcmp (name, "chips_per_board") == 0)
    return r->chips_per_board;
  if (strcmp (name, "switches") == 0)
    return m->switch_count;
  if (strcmp (name, "links") == 0)
    return (double) m->link_count;
  if (strcmp (name, "diameter") == 0)
    return m->diameter;
  if (strcmp (name, "bisection") == 0)
    return (double) m->bisection_links;
  if (strcmp (name, "bisection_bandwidth") == 0)
    return m->bisection_bandwidth;
  if (strcmp (name, "paths") == 0)
    return m->path_diversity;
  if (strcmp (name, "switch_radix") == 0)
    return m->switch_radix;
  if (strcmp (name, "links_per_chip_min") == 0)
    return m->links_per_chip_min;
  if (strcmp (name, "links_per_chip_max") == 0)
    return m->links_per_chip_max;
  if (strcmp (name, "bisection_bandwidth_per_chip") == 0)
    return m->bisection_bandwidth / (ctx->n_chip / 2);
  if (m->layout_method == TF_METHOD_NONE
      && (strcmp (name, "cost") == 0 || strcmp (name, "racks") == 0
          || strcmp (name, "pods") == 0 || g_str_has_suffix (name, "_cables")
          || strcmp (name, "board_traces") == 0
          || strcmp (name, "injection_bandwidth_per_chip") == 0
          || strcmp (name, "oversubscription") == 0
          || strcmp (name, "rack_power_kw") == 0))
    return NAN;   /* a large direct network's layout, not measured */
  if (strcmp (name, "rack_power_kw") == 0)
    return round (m->rack_power_kw * 1000) / 1000;   /* to the watt */
  if (strcmp (name, "oversubscription") == 0)
    {
      /* A chip's injection bandwidth over what it can send across the bisection: 1 is full
       * bisection; no ratio over a cut of nothing. */
      double per_chip = m->bisection_bandwidth / (ctx->n_chip / 2);

      return per_chip > 0 ? m->injection_bandwidth / per_chip : NAN;
    }
  if (strcmp (name, "cost") == 0)
    return round (m->switch_cost + m->link_cost + m->nic_cost);
  if (strcmp (name, "racks") == 0)
    return m->rack_count;
  if (strcmp (name, "pods") == 0)
    return m->pod_count;
  if (strcmp (name, "optical_cables") == 0)
    return (double) m->cables_by_class[TF_CABLE_OPTICAL];
  if (strcmp (name, "copper_cables") == 0)
    return (double) m->cables_by_class[TF_CABLE_COPPER];
  if (strcmp (name, "board_traces") == 0)
    return (double) m->cables_by_class[TF_CABLE_PCB];
  if (strcmp (name, "injection_bandwidth_per_chip") == 0)
    return m->injection_bandwidth;
  for (TfLinkType t = 0; t < TF_N_LINK_TYPES; t++)
    {
      g_autofree char *lower = g_ascii_strdown (tf_link_type_to_string (t), -1);
      g_autofree char *column = g_strdup_printf ("%s_links", lower);

      if (strcmp (name, column) == 0)
        return (double) m->link_count_by_type[t];
    }
  for (TfReach reach = 0; reach < TF_N_REACHES; reach++)
    {
      g_autofree char *column = g_strdup_printf ("%s_links", tf_reach_to_string (reach));

      if (strcmp (name, column) == 0)
        return (double) m->link_count_by_reach[reach];
    }
  g_error ("the oracle has no column '%s'", name);
}

/* What the test asks, in its own terms. */
typedef struct
{
  guint        statuses;
  guint        n_ranges;
  guint        ranges[2][2];
  guint        n_conditions;
  const char  *column[2];
  TfCompare    compare[2];
  double       value[2];
  char        *match;
  const char  *sort;
  gboolean     descending;
  guint        limit;
} Ask;

static gboolean
oracle_passes (const Ask       *ask,
               const TfContext *ctx,
               Entry           *e)
{
  const TfResult *r = &e->result;

  if (ask->statuses != 0 && (ask->statuses & (1u << (r->n_warnings > 0))) == 0)
    return FALSE;
  if (ask->n_ranges > 0)
    {
      gboolean in = FALSE;

      for (guint i = 0; i < ask->n_ranges; i++)
        in |= r->chips_per_board >= ask->ranges[i][0] && r->chips_per_board <= ask->ranges[i][1];
      if (!in)
        return FALSE;
    }
  for (guint i = 0; i < ask->n_conditions; i++)
    {
      double v = value_of (ask->column[i], ctx, e), x = ask->value[i];
      gboolean holds[] = { v < x, v <= x, v == x, v >= x, v > x };

      if (!holds[ask->compare[i]])
        return FALSE;
    }
  if (ask->match != NULL)
    {
      g_autofree char *id = tf_result_dup_id (r);
      g_autofree char *lower_id = g_ascii_strdown (id, -1);
      g_autofree char *lower = g_ascii_strdown (ask->match, -1);

      if (strstr (lower_id, lower) == NULL)
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const Ask       *ask;
  const TfContext *ctx;
} SortBy;

static int
oracle_compare (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  SortBy *s = data;
  Entry *x = *(Entry **) a, *y = *(Entry **) b;
  double vx, vy;
  int c;

  if (strcmp (s->ask->sort, "id") == 0)
    {
      /* The entries are in the engine's order already: their position decides. */
      c = x < y ? -1 : x > y;
      return s->ask->descending ? -c : c;
    }
  vx = value_of (s->ask->sort, s->ctx, x);
  vy = value_of (s->ask->sort, s->ctx, y);
  /* A value not measured sorts after every number. */
  c = isnan (vx) || isnan (vy) ? (int) isnan (vx) - (int) isnan (vy) : vx < vy ? -1 : vx > vy;
  return s->ask->descending ? -c : c;
}

/* The entries that pass @ask, in its order (a stable sort of the engine's order). */
static GPtrArray *
oracle (const Ask       *ask,
        const TfContext *ctx,
        GArray          *all)
{
  GPtrArray *out = g_ptr_array_new ();
  SortBy s = { ask, ctx };

  for (guint i = 0; i < all->len; i++)
    if (oracle_passes (ask, ctx, &g_array_index (all, Entry, i)))
      g_ptr_array_add (out, &g_array_index (all, Entry, i));
  if (ask->sort != NULL)
    g_qsort_with_data (out->pdata, (gint) out->len, sizeof (gpointer), oracle_compare, &s);
  return out;
}

static void
ask_to_query (const Ask *ask,
              TfQuery   *q)
{
  tf_query_init (q);
  q->statuses = ask->statuses;
  for (guint i = 0; i < ask->n_ranges; i++)
    tf_query_add_chips_per_board (q, ask->ranges[i][0], ask->ranges[i][1]);
  for (guint i = 0; i < ask->n_conditions; i++)
    tf_query_add_condition (q, tf_column_lookup (ask->column[i]), ask->compare[i],
                            ask->value[i]);
  tf_query_set_match (q, ask->match);
  q->sort = ask->sort ? tf_column_lookup (ask->sort) : NULL;
  q->descending = ask->descending;
}

static void
describe (const TfContext *ctx,
          const Ask       *ask,
          GString         *out)
{
  g_string_append_printf (out, "n_chip %u %s %s limit %u", ctx->n_chip,
                          tf_scope_to_string (ctx->scope),
                          tf_intra_board_topo_to_string (ctx->intra_board_topo), ask->limit);
  if (ask->statuses)
    g_string_append_printf (out, " statuses %u", ask->statuses);
  for (guint i = 0; i < ask->n_ranges; i++)
    g_string_append_printf (out, " cpb %u-%u", ask->ranges[i][0], ask->ranges[i][1]);
  for (guint i = 0; i < ask->n_conditions; i++)
    g_string_append_printf (out, " where %s%s%g", ask->column[i],
                            tf_compare_to_string (ask->compare[i]), ask->value[i]);
  if (ask->match)
    g_string_append_printf (out, " match '%s'", ask->match);
  if (ask->sort)
    g_string_append_printf (out, " sort %s%s", ask->sort, ask->descending ? ":desc" : "");
}

static void
assert_same_result (const TfResult  *got,
                    Entry           *want,
                    const TfContext *ctx)
{
  g_assert_true (got->family == want->result.family);
  g_assert_cmpmem (&got->params, sizeof got->params, &want->result.params,
                   sizeof want->result.params);
  measure (ctx, want);
  g_assert_cmpuint (got->metrics.diameter, ==, want->result.metrics.diameter);
  g_assert_cmpuint (got->metrics.bisection_links, ==, want->result.metrics.bisection_links);
  g_assert_cmpuint (got->metrics.link_count, ==, want->result.metrics.link_count);
  g_assert_cmpuint (got->metrics.path_diversity, ==, want->result.metrics.path_diversity);
  g_assert_cmpint (got->metrics.bisection_links_method, !=, TF_METHOD_NONE);
  g_assert_cmpfloat (got->metrics.network_cost, ==, want->result.metrics.network_cost);
  g_assert_cmpuint (got->metrics.rack_count, ==, want->result.metrics.rack_count);
  g_assert_cmpint (got->metrics.layout_method, ==, want->result.metrics.layout_method);
  /* A ratio over a bisection that is only a cut found is at least what it reads. */
  {
    TfMethod over = tf_column_lookup ("oversubscription")->get_method (got);
    TfMethod bisection = got->metrics.bisection_bandwidth_method;

    if (got->metrics.layout_method == TF_METHOD_NONE)
      g_assert_cmpint (over, ==, TF_METHOD_NONE);
    else if (bisection == TF_METHOD_UPPER_BOUND)
      g_assert_cmpint (over, ==, TF_METHOD_LOWER_BOUND);
    else
      g_assert_cmpint (over, ==, bisection);
  }
}

/* Runs @ask through the engine and checks every count and every kept result. */
static void
check_ask (const TfContext *ctx,
           Ask             *ask,
           GArray          *all)
{
  g_autoptr(GPtrArray) want = oracle (ask, ctx, all);
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(TfEnumeration) e = { 0 };
  g_auto(TfQuery) q;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) values = g_hash_table_new (NULL, NULL);
  guint capacity;
  guint64 wanted;

  /* Measuring every one of thousands of dragonflies takes seconds: limit those. */
  if (ask->limit == 0 && want->len > 2000)
    ask->limit = 50;
  capacity = ask->limit ? MIN (ask->limit, TF_ENUMERATE_MAX_RESULTS) : TF_ENUMERATE_MAX_RESULTS;
  wanted = ask->limit ? MIN (want->len, ask->limit) : want->len;
  describe (ctx, ask, text);
  g_test_message ("%s: %u match", text->str, want->len);
  ask_to_query (ask, &q);
  g_assert_true (tf_enumerate_query (ctx, NULL, 0, &q, ask->limit, NULL, NULL, &e, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (e.matched, ==, want->len);
  g_assert_cmpuint (e.n_families, ==, tf_families_get_count ());
  for (guint f = 0; f < e.n_families; f++)
    {
      const TfFamilyEnumeration *fe = &e.families[f];
      guint64 total = 0, matched = 0, seen = 0;

      for (guint i = 0; i < all->len; i++)
        total += g_array_index (all, Entry, i).result.family == fe->family;
      g_assert_cmpuint (fe->total, ==, total);
      for (guint i = 0; i < want->len; i++)
        {
          Entry *w = g_ptr_array_index (want, i);

          if (w->result.family != fe->family)
            continue;
          matched++;
          if (seen < fe->n_results)
            assert_same_result (&fe->results[seen++], w, ctx);
        }
      g_assert_cmpuint (fe->matched, ==, matched);
      g_assert_cmpuint (fe->n_results, ==, MIN (matched, capacity));
      g_assert_cmpuint (fe->capped, ==,
                        (ask->limit ? MIN (matched, ask->limit) : matched) - fe->n_results);
    }

  /* The rows are the first results of the whole sorted list. */
  g_assert_cmpuint (e.n_rows + e.rows_capped, ==, wanted);
  if (ask->limit != 0)
    g_assert_cmpuint (e.n_rows, ==, wanted);
  for (guint i = 0; i < e.n_rows; i++)
    assert_same_result (e.rows[i], g_ptr_array_index (want, i), ctx);

  /* The chips per board on offer are those of every legal result, filtered or not. */
  for (guint i = 0; i < all->len; i++)
    g_hash_table_add (values, GUINT_TO_POINTER (g_array_index (all, Entry, i).result.chips_per_board));
  g_assert_cmpuint (e.n_chips_per_board, ==, g_hash_table_size (values));
  for (guint i = 0; i < e.n_chips_per_board; i++)
    {
      g_assert_true (g_hash_table_contains (values, GUINT_TO_POINTER (e.chips_per_board[i])));
      if (i > 0)
        g_assert_cmpuint (e.chips_per_board[i - 1], <, e.chips_per_board[i]);
    }
}

/* A random query that keeps something: its values come from results that exist. */
static void
random_ask (const TfContext *ctx,
            GArray          *all,
            Ask             *ask)
{
  static const guint limits[] = { 0, 1, 7, 50 };
  guint n_columns = tf_columns_get_count ();

  memset (ask, 0, sizeof *ask);
  ask->limit = limits[g_test_rand_int_range (0, G_N_ELEMENTS (limits))];
  ask->statuses = g_test_rand_int_range (0, 4);
  if (all->len == 0)
    return;
  if (g_test_rand_bit ())
    {
      ask->n_ranges = g_test_rand_int_range (1, 3);
      for (guint i = 0; i < ask->n_ranges; i++)
        {
          guint c = g_array_index (all, Entry, g_test_rand_int_range (0, all->len)).result.chips_per_board;

          ask->ranges[i][0] = c;
          ask->ranges[i][1] = g_test_rand_bit () ? c : c * 4;
        }
    }
  ask->n_conditions = g_test_rand_int_range (0, 3);
  for (guint i = 0; i < ask->n_conditions; i++)
    {
      const TfColumn *column;

      do
        column = tf_columns_get (g_test_rand_int_range (0, n_columns));
      while (!tf_column_is_numeric (column));
      ask->column[i] = column->name;
      ask->compare[i] = g_test_rand_int_range (0, TF_N_COMPARES);
      ask->value[i] = value_of (column->name, ctx,
                                &g_array_index (all, Entry, g_test_rand_int_range (0, all->len)));
    }
  if (g_test_rand_int_range (0, 4) == 0)
    {
      g_autofree char *id = tf_result_dup_id (&g_array_index (all, Entry, g_test_rand_int_range (0, all->len)).result);
      const char *colon = strchr (id, ':');
      /* Part of the parameters, upper-cased: the match ignores case. */
      gsize start = (gsize) (colon - id) + 1 + g_test_rand_int_range (0, 4);

      ask->match = g_ascii_strup (id + MIN (start, strlen (id)), MIN (4, strlen (id) - MIN (start, strlen (id))));
    }
  if (g_test_rand_int_range (0, 5) > 0)
    {
      ask->sort = tf_columns_get (g_test_rand_int_range (0, n_columns))->name;
      ask->descending = g_test_rand_bit ();
    }
}

/* How much measuring a random query may cost: the results the metrics would be needed for. */
static guint
metric_work (const Ask *ask,
             GArray    *all)
{
  gboolean reads = ask->sort != NULL && needs_metrics (ask->sort);

  for (guint i = 0; i < ask->n_conditions; i++)
    reads |= needs_metrics (ask->column[i]);
  return reads ? all->len : 0;
}

static void
test_random (void)
{
  guint n_contexts = g_test_slow () ? 48 : 16;

  for (guint i = 0; i < n_contexts; i++)
    {
      /* Small counts often (every family has results), up to 8,192 now and then. */
      guint n_chip = g_test_rand_bit () ? g_test_rand_int_range (2, 513)
                                        : g_test_rand_int_range (2, 8193);
      TfContext ctx = tf_test_context (n_chip, g_test_rand_bit () ? TF_SCOPE_INTER_RACK
                                                                  : TF_SCOPE_INTRA_RACK,
                                       (TfIntraBoardTopo) (i % 4));
      g_autoptr(GArray) all = all_results (&ctx);

      for (guint k = 0; k < 4; k++)
        {
          Ask ask;

          /* Measuring thousands of dragonflies takes seconds; keep the run short. */
          do
            random_ask (&ctx, all, &ask);
          while (metric_work (&ask, all) > 800 && (g_free (ask.match), TRUE));
          check_ask (&ctx, &ask, all);
          g_free (ask.match);
        }
    }
}

/* The issue's example: at 4,096 chips across racks, 8 chips per board, where the first 50 of
 * each family held 42. The issue's per-family figures (and the six fat-trees it saw under a
 * header of 44) add up to 3,842, with one ring, full mesh and single switch each; it wrote
 * 3,840. The PGFT variants (fewer, fuller spines and cores; another oversubscription at the
 * aggregation level) and the rail-optimized attachment add 28 fat-trees to the six k-ary
 * n-trees, less the eight whose cores or spines would only relay (no dead hardware, issue 30); rails on the other switched families 472 dragonflies, 19 dragonflies+ and 102
 * HyperX (single-switch rails need board links, which this context has not). Slim Fly and
 * PolarFly (issue 33) add 8 and 7. */
static void
test_issue_example (void)
{
  TfContext ctx = tf_test_context (4096, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  static const struct { const char *family; guint64 matched; } expected[] = {
    { "fat-tree", 26 }, { "dragonfly", 4015 }, { "dragonfly-plus", 234 }, { "torus", 22 },
    { "hypercube", 0 }, { "hyperx", 155 }, { "ring", 1 }, { "full-mesh", 1 },
    { "single-switch", 1 }, { "slimfly", 8 }, { "polarfly", 7 },
  };
  guint found = 0;
  g_auto(TfEnumeration) e = { 0 };
  g_auto(TfQuery) q;
  g_autoptr(GError) error = NULL;

  tf_query_init (&q);
  tf_query_add_chips_per_board (&q, 8, 8);
  q.sort = tf_column_lookup ("switches");
  g_assert_true (tf_enumerate_query (&ctx, NULL, 0, &q, 50, NULL, NULL, &e, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (e.matched, ==, 4470);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    for (guint f = 0; f < e.n_families; f++)
      if (strcmp (tf_family_get_name (e.families[f].family), expected[i].family) == 0)
        {
          g_assert_cmpuint (e.families[f].matched, ==, expected[i].matched);
          found++;
        }
  g_assert_cmpuint (found, ==, e.n_families);
  /* The fewest switches across families first: the rows are sorted, and all 8 per board. */
  g_assert_cmpuint (e.n_rows, ==, 50);
  for (guint i = 0; i < e.n_rows; i++)
    {
      g_assert_cmpuint (e.rows[i]->chips_per_board, ==, 8);
      if (i > 0)
        g_assert_cmpuint (e.rows[i - 1]->metrics.switch_count, <=, e.rows[i]->metrics.switch_count);
    }
}

/* Two columns compared on each result: "full bisection" at 256 chips keeps exactly the
 * results whose bisection bandwidth per chip is at least their injection bandwidth, as a scan
 * of every result says, and no other. */
static void
test_column_condition (void)
{
  TfContext ctx = tf_test_context (256, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  const TfColumn *bisection = tf_column_lookup ("bisection_bandwidth_per_chip");
  const TfColumn *injection = tf_column_lookup ("injection_bandwidth_per_chip");
  g_auto(TfEnumeration) all = { 0 };
  g_auto(TfEnumeration) full = { 0 };
  g_auto(TfQuery) everything;
  g_auto(TfQuery) q;
  g_autoptr(GError) error = NULL;
  guint64 want = 0, legal = 0;

  tf_query_init (&everything);
  everything.sort = bisection;   /* measures every result */
  g_assert_true (tf_enumerate_query (&ctx, NULL, 0, &everything, 0, NULL, NULL, &all, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < all.n_rows; i++)
    want += bisection->get (all.rows[i]) >= injection->get (all.rows[i]);
  for (guint f = 0; f < all.n_families; f++)
    legal += all.families[f].total;
  g_assert_cmpuint (all.n_rows, ==, legal);   /* none capped: the scan saw every result */

  tf_query_init (&q);
  g_assert_true (tf_query_add_condition_text (&q, "bisection_bandwidth_per_chip >= "
                                              "injection_bandwidth_per_chip", &error));
  g_assert_no_error (error);
  g_assert_true (g_array_index (q.conditions, TfCondition, 0).other == injection);
  g_assert_cmpint (tf_query_needs_metrics (&q), ==, TF_NEEDS_METRICS);
  g_assert_true (tf_enumerate_query (&ctx, NULL, 0, &q, 0, NULL, NULL, &full, &error));
  g_assert_no_error (error);
  g_test_message ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " with full bisection", want,
                  legal);
  g_assert_cmpuint (want, >, 0);
  g_assert_cmpuint (want, <, legal);
  g_assert_cmpuint (full.matched, ==, want);
  for (guint i = 0; i < full.n_rows; i++)
    g_assert_cmpfloat (bisection->get (full.rows[i]), >=, injection->get (full.rows[i]));
}

/* Sorted, then capped: with more matches than the cap, a family keeps the first
 * TF_ENUMERATE_MAX_RESULTS in the query's order and counts the rest; the rows stop where the
 * order is no longer known. */
static void
test_cap_after_sort (void)
{
  TfContext ctx = tf_test_context (720720, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  const TfFamily *families[] = { tf_family_lookup ("torus"), tf_family_lookup ("hyperx") };
  g_auto(TfEnumeration) e = { 0 };
  g_auto(TfQuery) q;
  g_autoptr(GError) error = NULL;
  const TfFamilyEnumeration *fe;
  guint64 last = G_MAXUINT64;

  tf_query_init (&q);
  q.sort = tf_column_lookup ("links");
  q.descending = TRUE;
  g_assert_true (tf_enumerate_query (&ctx, families, 2, &q, 0, NULL, NULL, &e, &error));
  g_assert_no_error (error);
  fe = &e.families[0];
  g_assert_cmpuint (fe->total, >, TF_ENUMERATE_MAX_RESULTS);
  g_assert_cmpuint (fe->matched, ==, fe->total);
  g_assert_cmpuint (fe->n_results, ==, TF_ENUMERATE_MAX_RESULTS);
  g_assert_cmpuint (fe->capped, ==, fe->total - TF_ENUMERATE_MAX_RESULTS);
  /* The most links first, over every torus. */
  for (guint i = 0; i < fe->n_results; i++)
    {
      g_assert_cmpuint (fe->results[i].metrics.link_count, <=, last);
      last = fe->results[i].metrics.link_count;
    }
  {
    /* Exactly the first of every torus by links, most first, ties in the torus's order. */
    g_autoptr(GArray) all = family_results (&ctx, families[0]);
    Ask ask = { 0 };
    g_autoptr(GPtrArray) want = NULL;

    ask.sort = "links";
    ask.descending = TRUE;
    want = oracle (&ask, &ctx, all);
    g_assert_cmpuint (want->len, ==, fe->total);
    for (guint i = 0; i < fe->n_results; i++)
      g_assert_cmpmem (&fe->results[i].params, sizeof (TfParams),
                       &((Entry *) g_ptr_array_index (want, i))->result.params, sizeof (TfParams));
  }
  g_assert_cmpuint (e.n_rows + e.rows_capped, ==, e.matched);
  g_assert_cmpuint (e.n_rows, >=, TF_ENUMERATE_MAX_RESULTS);
  g_assert_cmpuint (e.rows_capped, >, 0);
  /* Both families match more than they keep: the rows end with the last one kept by one of
   * them, since past it a result left out could come next. */
  g_assert_cmpuint (e.families[1].matched, >, e.families[1].n_results);
  g_assert_true (e.rows[e.n_rows - 1] == &fe->results[fe->n_results - 1]
                 || e.rows[e.n_rows - 1] == &e.families[1].results[e.families[1].n_results - 1]);
  g_test_message ("torus %" G_GUINT64_FORMAT " matched, hyperx %" G_GUINT64_FORMAT
                  ", %u rows, %" G_GUINT64_FORMAT " left out", fe->matched,
                  e.families[1].matched, e.n_rows, e.rows_capped);
}

typedef struct
{
  guint  reports;    /* with a fraction above 0: one per result measured, and the last */
  double stop_above;
} Count;

static gboolean
count_reports (double   fraction,
               gpointer data)
{
  Count *c = data;

  c->reports += fraction > 0;
  return fraction <= c->stop_above;
}

/* Filters that need no metrics run before any are computed: a query sorted by a count measures
 * only the results it keeps; one sorted by a metric measures every result that passes the
 * other filters, and none that does not; one sorted by cost measures the layout of every such
 * result and the other metrics of the kept ones, which still carry them. */
static void
test_measured (void)
{
  TfContext ctx = tf_test_context (256, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_autoptr(GError) error = NULL;
  guint kept = 0, passing = 0;

  for (guint metric = 0; metric < 3; metric++)
    {
      g_auto(TfEnumeration) e = { 0 };
      g_auto(TfQuery) q;
      Count c = { 0, 2.0 };

      tf_query_init (&q);
      tf_query_add_chips_per_board (&q, 4, 4);
      q.statuses = 1u << TF_STATUS_EDGE_CASE;
      q.sort = tf_column_lookup (metric == 2 ? "cost" : metric ? "bisection" : "links");
      g_assert_true (tf_enumerate_query (&ctx, NULL, 0, &q, 5, count_reports, &c, &e, &error));
      g_assert_no_error (error);
      if (!metric)
        {
          for (guint f = 0; f < e.n_families; f++)
            kept += e.families[f].n_results;
          g_assert_cmpuint (e.matched, >, kept);
          g_assert_cmpuint (e.measured, ==, kept);
          passing = (guint) e.matched;
        }
      else
        g_assert_cmpuint (e.measured, ==, passing);
      g_assert_cmpuint (c.reports, >, 0);
      for (guint f = 0; f < e.n_families; f++)
        for (guint k = 0; k < e.families[f].n_results; k++)
          {
            g_assert_cmpint (e.families[f].results[k].metrics.diameter_method, !=,
                             TF_METHOD_NONE);
            g_assert_cmpint (e.families[f].results[k].metrics.layout_method, ==,
                             TF_METHOD_EXACT);
          }
      g_test_message ("sorted by %s: %" G_GUINT64_FORMAT " measured", q.sort->name, e.measured);
    }
}

/* A query that measures every candidate reports progress as it goes and stops when asked. */
static void
test_cancel (void)
{
  TfContext ctx = tf_test_context (65536, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfEnumeration) e = { 0 };
  g_auto(TfQuery) q;
  g_autoptr(GError) error = NULL;
  Count c = { 0, 0.05 };

  tf_query_init (&q);
  tf_query_add_chips_per_board (&q, 8, 8);
  q.sort = tf_column_lookup ("diameter");
  g_assert_false (tf_enumerate_query (&ctx, NULL, 0, &q, 50, count_reports, &c, &e, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_CANCELLED);
  g_assert_cmpuint (c.reports, >, 1);
  g_assert_null (e.families);
  g_assert_null (e.rows);
}

/* The columns: one row per name, numeric ones comparable, values as text. */
static void
test_columns (void)
{
  TfContext ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *id = NULL;
  const TfResult *r;

  tf_test_enumerate (&ctx, "fat-tree", 1, &e);
  r = &e.families[0].results[0];
  for (guint i = 0; i < tf_columns_get_count (); i++)
    {
      const TfColumn *column = tf_columns_get (i);
      Entry entry = { *r, 0, TRUE };

      g_assert_true (tf_column_lookup (column->name) == column);
      g_assert_nonnull (column->label);
      g_assert_nonnull (column->description);
      if (column->kind == TF_COLUMN_COUNT || column->kind == TF_COLUMN_REAL)
        g_assert_cmpfloat (column->get (r), ==, value_of (column->name, &ctx, &entry));
    }
  g_assert_null (tf_column_lookup ("nonesuch"));
  id = tf_result_dup_id (r);
  tf_column_append_value (tf_column_lookup ("id"), r, text);
  g_assert_cmpstr (text->str, ==, id);
  g_string_truncate (text, 0);
  tf_column_append_value (tf_column_lookup ("switches"), r, text);
  g_assert_cmpuint (g_ascii_strtoull (text->str, NULL, 10), ==, r->metrics.switch_count);
}

/* One condition as text: the spellings it accepts and what it makes of them, and the texts it
 * refuses, each with the code and words a reader of the message needs. */
static void
test_condition_text (void)
{
  static const struct
  {
    const char *text;
    const char *column;
    TfCompare   compare;
    double      value;
  } good[] = {
    { "switches<=512", "switches", TF_COMPARE_LE, 512 },
    { "  links >= 0 ", "links", TF_COMPARE_GE, 0 },
    { "racks<32", "racks", TF_COMPARE_LT, 32 },
    { "diameter > 2", "diameter", TF_COMPARE_GT, 2 },
    { "switches=18446744073709551615", "switches", TF_COMPARE_EQ, 18446744073709551615.0 },
    { "cost<=9e6", "cost", TF_COMPARE_LE, 9e6 },
    { "bisection_bandwidth_per_chip >= 0.5", "bisection_bandwidth_per_chip", TF_COMPARE_GE, 0.5 },
    { "cost=-1.25", "cost", TF_COMPARE_EQ, -1.25 },
    { "warnings=0", "warnings", TF_COMPARE_EQ, 0 },
  };
  static const struct
  {
    const char *text;
    int         code;
    const char *message;   /* the whole message, or its start when it ends in "..." */
  } bad[] = {
    { "switches", TF_ERROR_INVALID_QUERY, "'switches' must be COLUMN, a comparison (<, <=, =, "
      ">=, >) and a value, e.g. 'switches<=512'" },
    { "<=4", TF_ERROR_INVALID_QUERY, "'<=4' must be COLUMN, ..." },
    { "", TF_ERROR_INVALID_QUERY, "'' must be COLUMN, ..." },
    { "price<=4", TF_ERROR_INVALID_QUERY, "unknown column 'price'; the columns are id, family, "
      "status, ..." },
    { "status=1", TF_ERROR_NOT_A_NUMBER, "status is not a number; use the status filter" },
    { "id=1", TF_ERROR_NOT_A_NUMBER, "id is not a number; use the id match" },
    { "family=1", TF_ERROR_NOT_A_NUMBER, "family is not a number; use the id match" },
    { "links<=-1", TF_ERROR_INVALID_QUERY, "links: '-1' is not a whole number" },
    { "links<=1.5", TF_ERROR_INVALID_QUERY, "links: '1.5' is not a whole number" },
    { "links<=", TF_ERROR_INVALID_QUERY, "links: '' is not a whole number" },
    { "links<=08", TF_ERROR_INVALID_QUERY, "links: '08': leading zeros are not allowed" },
    { "links<=18446744073709551616", TF_ERROR_INVALID_QUERY, "links: 18446744073709551616 is "
      "out of range: links must be from 0 to 18446744073709551615" },
    { "links=<4", TF_ERROR_INVALID_QUERY, "links: '<4' is not a whole number" },
    { "cost>=x", TF_ERROR_INVALID_QUERY, "cost: 'x' is not a number" },
    { "cost>=status", TF_ERROR_INVALID_QUERY, "cost: status is not a number; compare with a "
      "number or a numeric column" },
    { "cost>=1e999", TF_ERROR_INVALID_QUERY, "cost: '1e999' is not a number" },
    { "cost>=9e6,racks<=32", TF_ERROR_INVALID_QUERY, "cost: '9e6,racks<=32' is not a number" },
  };
  g_auto(TfQuery) query = { 0 };

  tf_query_init (&query);
  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      const TfCondition *c;

      g_assert_true (tf_query_add_condition_text (&query, good[i].text, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (query.conditions->len, ==, i + 1);
      c = &g_array_index (query.conditions, TfCondition, i);
      g_assert_true (c->column == tf_column_lookup (good[i].column));
      g_assert_cmpint (c->compare, ==, good[i].compare);
      g_assert_cmpfloat (c->value, ==, good[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      const char *dots = g_strrstr (bad[i].message, "...");

      g_assert_false (tf_query_add_condition_text (&query, bad[i].text, &error));
      g_assert_error (error, TF_ERROR, bad[i].code);
      if (dots != NULL && dots[3] == '\0')
        g_assert_true (strncmp (error->message, bad[i].message, dots - bad[i].message) == 0);
      else
        g_assert_cmpstr (error->message, ==, bad[i].message);
      /* The engine's words are the same for every caller: no option of the command line. */
      g_assert_null (strstr (error->message, "--"));
      /* A refused text adds nothing. */
      g_assert_cmpuint (query.conditions->len, ==, G_N_ELEMENTS (good));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/query/columns", test_columns);
  g_test_add_func ("/engine/query/condition-text", test_condition_text);
  g_test_add_func ("/engine/query/random-against-brute-force", test_random);
  g_test_add_func ("/engine/query/issue-example-4096", test_issue_example);
  g_test_add_func ("/engine/query/column-condition", test_column_condition);
  g_test_add_func ("/engine/query/cap-after-sort", test_cap_after_sort);
  g_test_add_func ("/engine/query/measured", test_measured);
  g_test_add_func ("/engine/query/cancel", test_cancel);
  return g_test_run ();
}
