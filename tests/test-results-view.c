/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-results-view.c: the results list shows what the engine's query returns, as families or
 * as one flat list; its controls make the query whose counts, for random contexts, equal brute
 * force over every legal result; headers say "matched of total"; parameters, numbers and
 * counts read as people read them; every engine column has a column and a place in the
 * chooser; it selects, and a family's "Show all" replaces its rows. */
#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <math.h>
#include <locale.h>
#include <string.h>

#include "tf-format.h"
#include "tf-result-cells.h"
#include "tf-results-view.h"
#include "test-util.h"

typedef struct
{
  TfResultsView *view;
  TfEnumeration  e;
} Fixture;

/* Runs @ctx under the view's own query, as the window does, and shows it. */
static void
run_view_query (TfResultsView       *view,
                const TfContext     *ctx,
                const TfFamily     **families,
                guint                n_families,
                guint                limit,
                TfEnumeration       *out)
{
  g_auto(TfQuery) query = { 0 };
  g_autoptr(GError) error = NULL;

  tf_results_view_get_query (view, &query);
  tf_enumeration_clear (out);
  g_assert_true (tf_enumerate_query (ctx, families, n_families, &query, limit, NULL, NULL, out,
                                     &error));
  g_assert_no_error (error);
  tf_results_view_set_enumeration (view, out);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  TfContext ctx;

  tf_context_init (&ctx);
  ctx.n_chip = GPOINTER_TO_UINT (data);
  ctx.scope = TF_SCOPE_INTER_RACK;
  f->view = g_object_ref_sink (TF_RESULTS_VIEW (tf_results_view_new ()));
  run_view_query (f->view, &ctx, NULL, 0, TF_DEFAULT_LIMIT, &f->e);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->view);
  tf_enumeration_clear (&f->e);
}

/* Grouped, the families' results in the engine's order; flat, the enumeration's rows. */
static void
test_fills (Fixture       *f,
            gconstpointer  data)
{
  guint n_families = 0, n = tf_results_view_get_n_shown (f->view, &n_families);
  guint expected = 0, index = 0;

  for (guint i = 0; i < f->e.n_families; i++)
    expected += f->e.families[i].n_results;
  g_assert_cmpuint (expected, >, 0);
  g_assert_cmpuint (n, ==, expected);
  /* Families without results stay to say why. */
  g_assert_cmpuint (n_families, ==, f->e.n_families);
  for (guint i = 0; i < f->e.n_families; i++)
    for (guint j = 0; j < f->e.families[i].n_results; j++)
      {
        TfResultRow *row = tf_results_view_get_shown (f->view, index++);
        g_autofree char *id = tf_result_dup_id (&f->e.families[i].results[j]);

        g_assert_nonnull (row);
        g_assert_cmpstr (tf_result_row_get_id (row), ==, id);
      }
  g_assert_null (tf_results_view_get_shown (f->view, index));

  g_object_set (f->view, "flat", TRUE, NULL);
  g_assert_cmpuint (f->e.n_rows, >, 0);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, &n_families), ==, f->e.n_rows);
  g_assert_cmpuint (n_families, ==, 0);
  for (guint i = 0; i < f->e.n_rows; i++)
    {
      g_autofree char *id = tf_result_dup_id (f->e.rows[i]);

      g_assert_cmpstr (tf_result_row_get_id (tf_results_view_get_shown (f->view, i)), ==, id);
    }

  tf_results_view_set_enumeration (f->view, NULL);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, &n_families), ==, 0);
  g_assert_cmpuint (n_families, ==, 0);
}

static void
count_signal (gpointer  instance,
              guint    *count)
{
  (*count)++;
}

/* Each control is one part of the query, and a change says so once. */
static void
test_query (Fixture       *f,
            gconstpointer  data)
{
  g_auto(TfQuery) query = { 0 };
  guint changes = 0;
  g_autofree char *sort = NULL;

  g_signal_connect (f->view, "query-changed", G_CALLBACK (count_signal), &changes);
  tf_results_view_get_query (f->view, &query);
  g_assert_false (tf_query_filters (&query));
  g_assert_null (query.sort);
  tf_query_clear (&query);

  g_object_set (f->view, "status-filter", TF_STATUS_FILTER_EDGE_CASE, NULL);
  g_assert_cmpuint (changes, ==, 1);
  g_object_set (f->view, "chips-per-board-filter", 8u, NULL);
  g_assert_cmpuint (changes, ==, 2);
  g_object_set (f->view, "match", "TORUS", NULL);
  g_object_set (f->view, "sort", "links", "descending", TRUE, NULL);
  g_object_get (f->view, "sort", &sort, NULL);
  g_assert_cmpstr (sort, ==, "links");
  tf_results_view_get_query (f->view, &query);
  g_assert_cmpuint (query.statuses, ==, 1u << TF_STATUS_EDGE_CASE);
  g_assert_cmpuint (query.chips_per_board->len, ==, 1);
  g_assert_cmpuint (g_array_index (query.chips_per_board, TfQueryRange, 0).min, ==, 8);
  g_assert_true (query.sort == tf_column_lookup ("links"));
  g_assert_true (query.descending);
  g_assert_nonnull (query.match);

  /* An unknown column sorts in the engine's order; flat is no part of the query. */
  g_object_set (f->view, "sort", "no-such-column", NULL);
  g_object_set (f->view, "flat", TRUE, NULL);
  tf_query_clear (&query);
  tf_results_view_get_query (f->view, &query);
  g_assert_null (query.sort);
  g_assert_cmpuint (changes, >=, 5);
}

/* Brute force: every legal result, measured, kept by this test's own reading of the filters. */
static gboolean
keeps (const TfResult *r,
       TfStatusFilter  status,
       guint           chips_per_board)
{
  if (status == TF_STATUS_FILTER_RECOMMENDED && tf_result_get_status (r) != TF_STATUS_RECOMMENDED)
    return FALSE;
  if (status == TF_STATUS_FILTER_EDGE_CASE && tf_result_get_status (r) != TF_STATUS_EDGE_CASE)
    return FALSE;
  return chips_per_board == 0 || r->chips_per_board == chips_per_board;
}

/* The thousands separator the app writes in this locale. */
static const char *
separator (void)
{
  const char *sep = localeconv ()->thousands_sep;

  return sep && *sep ? sep : ",";
}

static char *
grouped (guint64 value)
{
  char digits[32];
  GString *out = g_string_new (NULL);
  guint n = (guint) g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, value);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append (out, separator ());
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

static const char *
intra_board_name (TfIntraBoardTopo topo)
{
  static const char *const names[] = { "none", "full-mesh", "ring", "torus" };

  g_assert_cmpuint (topo, <, G_N_ELEMENTS (names));
  return names[topo];
}

/* How many rows `topoforge-cli enumerate --format csv --limit 0` writes for the same context
 * and filters: what the command line answers, the app must show. */
static guint64
cli_count (const TfContext       *ctx,
           const TfFamily *const *families,
           guint                  n_families,
           TfStatusFilter         status,
           guint                  chips_per_board)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 n = 0;
  int wait_status;

  g_assert_nonnull (g_getenv ("TF_CLI"));
  g_ptr_array_add (argv, g_strdup (g_getenv ("TF_CLI")));
  g_ptr_array_add (argv, g_strdup ("enumerate"));
  g_ptr_array_add (argv, g_strdup_printf ("--n-chip=%u", ctx->n_chip));
  g_ptr_array_add (argv, g_strdup_printf ("--scope=%s", tf_scope_to_string (ctx->scope)));
  g_ptr_array_add (argv, g_strdup_printf ("--intra-board-topo=%s",
                                          intra_board_name (ctx->intra_board_topo)));
  for (guint f = 0; f < n_families; f++)
    g_ptr_array_add (argv, g_strdup_printf ("--family=%s", tf_family_get_name (families[f])));
  if (chips_per_board != 0)
    g_ptr_array_add (argv, g_strdup_printf ("--chips-per-board=%u", chips_per_board));
  if (status != TF_STATUS_FILTER_ALL)
    g_ptr_array_add (argv, g_strdup_printf ("--status=%s", status == TF_STATUS_FILTER_RECOMMENDED
                                                           ? "recommended" : "edge-case"));
  g_ptr_array_add (argv, g_strdup ("--format=csv"));
  g_ptr_array_add (argv, g_strdup ("--limit=0"));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    n += lines[i][0] != '\0';
  return n;
}

/* For random contexts (up to 8,192 chips, both scopes, every intra-board topology; above 512
 * chips two random families, as test-cli-enumerate.c's query test picks them), the view's
 * filters and sort give what brute force gives, and what the command line gives: the counts in
 * the headers, every row kept, in order. */
static void
test_random_contexts (void)
{
  static const TfIntraBoardTopo topos[] = {
    TF_INTRA_BOARD_NONE, TF_INTRA_BOARD_FULL_MESH, TF_INTRA_BOARD_RING, TF_INTRA_BOARD_TORUS,
  };
  guint64 kept = 0;

  for (guint i = 0; i < 8; i++)
    {
      g_autoptr(TfResultsView) view = g_object_ref_sink (TF_RESULTS_VIEW (tf_results_view_new ()));
      g_auto(TfEnumeration) all = { 0 };
      g_auto(TfEnumeration) e = { 0 };
      const TfFamily *chosen[2];
      guint n_chosen = 0;
      TfContext ctx;
      guint64 total = 0, expected = 0;
      TfStatusFilter status;
      guint cpb, shown = 0;
      const TfColumn *sort;
      gboolean descending;

      for (;;)
        {
          tf_context_init (&ctx);
          ctx.n_chip = i % 2 == 0 ? g_test_rand_int_range (2, 513) : g_test_rand_int_range (513, 8193);
          ctx.scope = g_test_rand_bit () ? TF_SCOPE_INTER_RACK : TF_SCOPE_INTRA_RACK;
          ctx.intra_board_topo = topos[i % 4];
          n_chosen = 0;
          if (i % 2 == 1)
            {
              guint a = g_test_rand_int_range (0, tf_families_get_count ());
              guint b = (a + g_test_rand_int_range (1, tf_families_get_count ()))
                        % tf_families_get_count ();

              chosen[n_chosen++] = tf_families_get (MIN (a, b));
              chosen[n_chosen++] = tf_families_get (MAX (a, b));
            }
          tf_enumeration_clear (&all);
          g_assert_true (tf_enumerate (&ctx, chosen, n_chosen, 1, NULL, NULL, &all, NULL));
          total = 0;
          for (guint f = 0; f < all.n_families; f++)
            total += all.families[f].total;
          if (total > 0 && total <= 1500)
            break;
        }
      /* Every legal result, measured. */
      tf_enumeration_clear (&all);
      g_assert_true (tf_enumerate (&ctx, chosen, n_chosen, 0, NULL, NULL, &all, NULL));

      /* A filter that keeps something: a C_board some result has, and a random status. */
      g_assert_cmpuint (all.n_chips_per_board, >, 0);
      cpb = g_test_rand_bit () ? all.chips_per_board[g_test_rand_int_range (0, all.n_chips_per_board)]
                               : 0;
      status = g_test_rand_int_range (0, 3);
      do
        sort = tf_columns_get (g_test_rand_int_range (0, tf_columns_get_count ()));
      while (sort->kind == TF_COLUMN_ID);
      descending = g_test_rand_bit ();
      g_test_message ("n_chip %u, %s, intra %d, %u families: C_board %u, status %d, sort %s%s",
                      ctx.n_chip, tf_scope_to_string (ctx.scope), ctx.intra_board_topo,
                      n_chosen, cpb, status, sort->name, descending ? ":desc" : "");
      g_object_set (view, "chips-per-board-filter", cpb, "status-filter", status,
                    "sort", sort->name, "descending", descending, NULL);
      run_view_query (view, &ctx, chosen, n_chosen, 0, &e);

      for (guint f = 0; f < all.n_families; f++)
        {
          const char *name = tf_family_get_name (all.families[f].family);
          guint64 matched = 0;
          g_autofree char *header = tf_results_view_dup_family_header (view, name);
          g_autofree char *m = NULL;
          g_autofree char *t = NULL;
          g_autofree char *want = NULL;

          for (guint j = 0; j < all.families[f].n_results; j++)
            matched += keeps (&all.families[f].results[j], status, cpb);
          expected += matched;
          g_assert_cmpuint (all.families[f].n_results, ==, all.families[f].total);
          g_assert_cmpuint (e.families[f].matched, ==, matched);
          g_assert_nonnull (header);
          if (all.families[f].total == 0 || all.families[f].excluded != NULL)
            continue;
          m = grouped (matched);
          t = grouped (all.families[f].total);
          want = tf_query_filters (&e.query) ? g_strdup_printf ("%s — %s of %s", name, m, t)
                                             : g_strdup_printf ("%s — %s\u00a0result", name, t);
          g_assert_true (g_str_has_prefix (header, want));
        }
      g_assert_cmpuint (tf_results_view_get_n_shown (view, NULL), ==, expected);
      g_assert_cmpuint (cli_count (&ctx, chosen, n_chosen, status, cpb), ==, expected);
      kept += expected;
      for (guint k = 0; k < expected; k++)
        {
          const TfResult *r = tf_result_row_get_result (tf_results_view_get_shown (view, k));

          g_assert_true (keeps (r, status, cpb));
        }

      /* Flat: every matching row across families, ordered by the column. */
      g_object_set (view, "flat", TRUE, NULL);
      shown = tf_results_view_get_n_shown (view, NULL);
      g_assert_cmpuint (shown, ==, expected);
      for (guint k = 1; k < shown; k++)
        {
          const TfResult *a = tf_result_row_get_result (tf_results_view_get_shown (view, k - 1));
          const TfResult *b = tf_result_row_get_result (tf_results_view_get_shown (view, k));

          double x = sort->get (a), y = sort->get (b);

          /* As the engine orders them: a value not measured (NaN: the layout of a direct
           * network beyond the size the engine lays out) after every number, before them
           * when descending. */
          if (isnan (x) || isnan (y))
            g_assert_true (descending ? isnan (x) : isnan (y));
          else if (descending)
            g_assert_cmpfloat (x, >=, y);
          else
            g_assert_cmpfloat (x, <=, y);
        }
    }
  /* The filters kept something to compare. */
  g_assert_cmpuint (kept, >, 0);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The Where entry: conditions the engine reads go into the view's query, so every row shown
 * satisfies them and each family's header counts what the engine's own query over the same
 * conditions counts; text the engine refuses shows its message and filters nothing. */
static void
test_where (Fixture       *f,
            gconstpointer  data)
{
  const TfColumn *links = tf_column_lookup ("links");
  const TfColumn *diameter = tf_column_lookup ("diameter");
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  g_auto(TfQuery) query = { 0 };
  g_auto(TfQuery) engine_query = { 0 };
  g_auto(TfEnumeration) engine = { 0 };
  g_autofree char *text = NULL;
  g_autofree char *where = NULL;
  TfContext ctx = f->e.context;
  GtkWidget *entry = tf_results_view_get_where_entry (f->view);
  guint n, n_shown_unfiltered = tf_results_view_get_n_shown (f->view, NULL);
  guint64 matched = 0, total = 0;
  double median;

  /* A bound on links that some results pass and some do not. */
  for (guint i = 0; i < f->e.n_families; i++)
    for (guint j = 0; j < f->e.families[i].n_results; j++)
      {
        double v = links->get (&f->e.families[i].results[j]);

        g_array_append_val (values, v);
      }
  g_assert_cmpuint (values->len, >, 2);
  g_array_sort (values, compare_doubles);
  median = g_array_index (values, double, values->len / 2);
  g_assert_cmpfloat (median, <, g_array_index (values, double, values->len - 1));
  text = g_strdup_printf ("links <= %.0f, diameter>=1,", median);

  g_assert_true (tf_results_view_set_where (f->view, text, &error));
  g_assert_no_error (error);
  g_object_get (f->view, "where", &where, NULL);
  g_assert_cmpstr (where, ==, text);
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  tf_results_view_get_query (f->view, &query);
  g_assert_nonnull (query.conditions);
  g_assert_cmpuint (query.conditions->len, ==, 2);
  run_view_query (f->view, &ctx, NULL, 0, TF_DEFAULT_LIMIT, &f->e);
  g_assert_true (tf_results_view_get_filtered (f->view));

  /* The engine's query over the same conditions, read one by one. */
  tf_query_init (&engine_query);
  g_clear_pointer (&where, g_free);
  where = g_strdup_printf ("links<=%.0f", median);
  g_assert_true (tf_query_add_condition_text (&engine_query, where, &error));
  g_assert_true (tf_query_add_condition_text (&engine_query, "diameter >= 1", &error));
  g_assert_no_error (error);
  g_assert_true (tf_enumerate_query (&ctx, NULL, 0, &engine_query, TF_DEFAULT_LIMIT, NULL, NULL,
                                     &engine, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (engine.matched, ==, f->e.matched);
  g_assert_cmpuint (engine.n_families, ==, f->e.n_families);
  for (guint i = 0; i < engine.n_families; i++)
    {
      const char *name = tf_family_get_name (engine.families[i].family);
      g_autofree char *header = tf_results_view_dup_family_header (f->view, name);
      g_autofree char *m = grouped (engine.families[i].matched);
      g_autofree char *t = grouped (engine.families[i].total);
      g_autofree char *want = g_strdup_printf ("%s — %s of %s", name, m, t);

      g_assert_cmpuint (f->e.families[i].matched, ==, engine.families[i].matched);
      g_assert_cmpuint (f->e.families[i].n_results, ==, engine.families[i].n_results);
      matched += engine.families[i].matched;
      total += engine.families[i].total;
      if (engine.families[i].total == 0 || engine.families[i].excluded != NULL)
        continue;
      g_assert_true (g_str_has_prefix (header, want));
    }
  /* Some pass and some do not. */
  g_assert_cmpuint (matched, >, 0);
  g_assert_cmpuint (matched, <, total);

  n = tf_results_view_get_n_shown (f->view, NULL);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <, n_shown_unfiltered);
  for (guint k = 0; k < n; k++)
    {
      const TfResult *r = tf_result_row_get_result (tf_results_view_get_shown (f->view, k));

      g_assert_cmpfloat (links->get (r), <=, median);
      g_assert_cmpfloat (diameter->get (r), >=, 1);
      g_assert_true (tf_query_match (&engine_query, r));
    }

  /* Refused: the engine's words on the entry, and the query runs without the conditions. */
  g_assert_false (tf_results_view_set_where (f->view, "links<=4, cost>=cheap", &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_QUERY);
  g_assert_cmpstr (error->message, ==, "cost: 'cheap' is not a number");
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (entry), ==, error->message);
  tf_query_clear (&query);
  tf_results_view_get_query (f->view, &query);
  g_assert_true (query.conditions == NULL || query.conditions->len == 0);
  run_view_query (f->view, &ctx, NULL, 0, TF_DEFAULT_LIMIT, &f->e);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==, n_shown_unfiltered);
  g_assert_false (tf_results_view_get_filtered (f->view));

  /* Set through the property as the application does; good text clears the error. */
  g_object_set (f->view, "where", "racks>=0", NULL);
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  g_object_set (f->view, "where", "status=1", NULL);
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  g_object_set (f->view, "where", "", NULL);
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
}

static void
test_no_match (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *header = NULL;
  TfContext ctx = f->e.context;

  /* A C_board no result has shows nothing, rather than everything, and says so. */
  g_object_set (f->view, "chips-per-board-filter", 7777u, NULL);
  run_view_query (f->view, &ctx, NULL, 0, TF_DEFAULT_LIMIT, &f->e);
  g_assert_cmpuint (f->e.matched, ==, 0);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==, 0);
  g_assert_false (tf_results_view_select_first (f->view));
  g_assert_null (tf_results_view_get_selected (f->view));
  header = tf_results_view_dup_family_header (f->view, "torus");
  g_assert_true (g_str_has_prefix (header, "torus — 0 of "));
}

static void
test_select (Fixture       *f,
             gconstpointer  data)
{
  TfResultRow *row;

  g_assert_null (tf_results_view_get_selected (f->view));
  g_assert_true (tf_results_view_select_first (f->view));
  row = tf_results_view_get_selected (f->view);
  g_assert_nonnull (row);
  g_assert_cmpint (tf_result_get_status (tf_result_row_get_result (row)), ==,
                   TF_STATUS_RECOMMENDED);

  for (guint i = 0; i < f->e.n_families; i++)
    {
      const TfFamilyEnumeration *family = &f->e.families[i];
      const char *name = tf_family_get_name (family->family);

      for (guint j = 0; j < MIN (family->n_results, 3); j++)
        {
          g_autofree char *id = tf_result_dup_id (&family->results[j]);

          g_assert_true (tf_results_view_select (f->view, name, j));
          g_assert_cmpstr (tf_result_row_get_id (tf_results_view_get_selected (f->view)), ==, id);
          tf_results_view_unselect (f->view);
          g_assert_true (tf_results_view_select_id (f->view, id));
          g_assert_cmpstr (tf_result_row_get_id (tf_results_view_get_selected (f->view)), ==, id);
        }
      g_assert_false (tf_results_view_select (f->view, name, family->n_results));
    }
  g_assert_false (tf_results_view_select_id (f->view, "torus:no-such-id"));

  /* Flat or grouped, the selected row stays selected (the flat list's first rows are the
   * first family's). */
  g_assert_true (tf_results_view_select (f->view, NULL, 1));
  {
    g_autofree char *id = g_strdup (tf_result_row_get_id (tf_results_view_get_selected (f->view)));

    g_object_set (f->view, "flat", TRUE, NULL);
    g_assert_nonnull (tf_results_view_get_selected (f->view));
    g_assert_cmpstr (tf_result_row_get_id (tf_results_view_get_selected (f->view)), ==, id);
    g_object_set (f->view, "flat", FALSE, NULL);
    g_assert_cmpstr (tf_result_row_get_id (tf_results_view_get_selected (f->view)), ==, id);
  }
}

/* "Show all" replaces a capped family with every result that passes the query. */
static void
test_lift_cap (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_auto(TfEnumeration) all = { 0 };
  g_auto(TfQuery) query = { 0 };
  const TfFamily *capped = NULL;
  guint before = tf_results_view_get_n_shown (f->view, NULL);
  g_autofree char *header = NULL;

  for (guint i = 0; i < f->e.n_families && capped == NULL; i++)
    if (f->e.families[i].matched > f->e.families[i].n_results)
      capped = f->e.families[i].family;
  g_assert_nonnull (capped);
  header = tf_results_view_dup_family_header (f->view, tf_family_get_name (capped));
  g_assert_nonnull (strstr (header, ", showing 50"));

  tf_results_view_get_query (f->view, &query);
  g_assert_true (tf_enumerate_query (&f->e.context, &capped, 1, &query, 0, NULL, NULL, &all,
                                     &error));
  g_assert_no_error (error);
  g_assert_cmpuint (all.families[0].n_results, ==, all.families[0].matched);
  tf_results_view_set_family (f->view, &all.families[0]);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==,
                    before + all.families[0].n_results - TF_DEFAULT_LIMIT);
  g_clear_pointer (&header, g_free);
  header = tf_results_view_dup_family_header (f->view, tf_family_get_name (capped));
  g_assert_null (strstr (header, "showing"));
}

/* Every engine column has a column and a box in the chooser; the table's own are shown. */
static void
test_columns (Fixture       *f,
              gconstpointer  data)
{
  guint n_shown = 0;

  for (guint i = 0; i < tf_columns_get_count (); i++)
    {
      const TfColumn *c = tf_columns_get (i);

      g_assert_cmpint (tf_results_view_get_column_visible (f->view, c->name), ==, c->shown);
      n_shown += c->shown;
      tf_results_view_set_column_visible (f->view, c->name, !c->shown);
      g_assert_cmpint (tf_results_view_get_column_visible (f->view, c->name), ==, !c->shown);
      tf_results_view_set_column_visible (f->view, c->name, c->shown);
    }
  g_assert_cmpuint (n_shown, >, 3);
  g_assert_cmpuint (n_shown, <, tf_columns_get_count ());
  g_assert_false (tf_results_view_get_column_visible (f->view, "no-such-column"));
}

/* Parameters say what tells results apart, first; numbers are grouped. */
static void
test_readable (Fixture       *f,
               gconstpointer  data)
{
  gboolean saw_torus = FALSE, saw_fat_tree = FALSE, saw_big = FALSE;
  guint n = tf_results_view_get_n_shown (f->view, NULL);

  for (guint i = 0; i < n; i++)
    {
      TfResultRow *row = tf_results_view_get_shown (f->view, i);
      const TfResult *r = tf_result_row_get_result (row);
      const char *text = tf_result_row_get_attrs_text (row);
      g_autofree char *links = tf_results_view_dup_cell_text (f->view, i, "links");
      g_autofree char *want = grouped (r->metrics.link_count);

      g_assert_null (strchr (text, '='));
      /* Never empty: a family without parameters shows its endpoints. */
      g_assert_cmpstr (text, !=, "");
      g_assert_cmpstr (links, ==, want);
      saw_big |= r->metrics.link_count >= 1000;
      if (g_str_equal (tf_family_get_name (r->family), "torus"))
        {
          /* "8×8 · board 2×2": the shape bare, then the board's. */
          g_assert_true (g_ascii_isdigit (text[0]));
          g_assert_nonnull (strstr (text, " · board "));
          saw_torus = TRUE;
        }
      if (g_str_equal (tf_family_get_name (r->family), "fat-tree"))
        {
          /* "2 layers · k 16 · osr 1 · …", or "2 layers · 8 rails · k 16 · …": a count and
           * its word never split (a no-break space) */
          g_assert_true (g_ascii_isdigit (text[0]));
          g_assert_true (g_str_has_prefix (text + 1, "\u00a0layers · "));
          g_assert_nonnull (strstr (text, " · k "));
          saw_fat_tree = TRUE;
        }
    }
  g_assert_true (saw_torus);
  g_assert_true (saw_fat_tree);
  g_assert_true (saw_big);
}

static void
test_format (void)
{
  g_autofree char *zero = tf_format_count (0);
  g_autofree char *small = tf_format_count (999);
  g_autofree char *thousands = tf_format_count (3543);
  g_autofree char *millions = tf_format_count (1234567);
  g_autofree char *want_thousands = g_strdup_printf ("3%s543", separator ());
  g_autofree char *want_millions = g_strdup_printf ("1%s234%s567", separator (), separator ());
  g_autofree char *bandwidth = tf_format_quantity (51200, 0, "GB/s");
  g_autofree char *want_bandwidth = g_strdup_printf ("51%s200\u00a0GB/\u2060s", separator ());
  g_autofree char *real = tf_format_real (2.5, 2);
  g_autofree char *one_rack = tf_format_things (1, "%s rack", "%s racks");
  g_autofree char *two_racks = tf_format_things (2, "%s rack", "%s racks");
  g_autofree char *pods = tf_format_things (1024, "%s pod", "%s pods");
  g_autofree char *want_pods = g_strdup_printf ("1%s024\u00a0pods", separator ());

  g_assert_cmpstr (zero, ==, "0");
  g_assert_cmpstr (small, ==, "999");
  g_assert_cmpstr (thousands, ==, want_thousands);
  g_assert_cmpstr (millions, ==, want_millions);
  g_assert_cmpstr (bandwidth, ==, want_bandwidth);
  g_assert_true (g_str_has_prefix (real, "2"));
  g_assert_true (g_str_has_suffix (real, "5"));
  g_assert_cmpstr (one_rack, ==, "1\u00a0rack");
  g_assert_cmpstr (two_racks, ==, "2\u00a0racks");
  g_assert_cmpstr (pods, ==, want_pods);
}

/* A result's summary in zh_CN: the counts and the board in Chinese, the spec's letters as the
 * spec writes them (in a child, so the other tests keep English). */
static void
test_summary_translated (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *po = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
      TfContext ctx = tf_test_context (256, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
      g_auto(TfTopology) tree = { 0 };
      g_auto(TfTopology) torus = { 0 };
      g_autoptr(GError) error = NULL;
      g_autofree char *tree_text = NULL, *torus_text = NULL;

      g_setenv ("LANGUAGE", "zh_CN", TRUE);
      g_assert_nonnull (setlocale (LC_ALL, "C.UTF-8"));
      bindtextdomain (GETTEXT_PACKAGE, po);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
      g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=32,osr=1,n_endpoint=16,"
                                  "p_levels=2x1,attach=rail", NULL, NULL, &tree, &error));
      g_assert_no_error (error);
      g_assert_true (tf_generate (&ctx, "torus:dimension_sizes=16x16,board_shape=1x1", NULL,
                                  NULL, &torus, &error));
      g_assert_no_error (error);
      tree_text = tf_result_dup_attrs_text (&tree.result);
      torus_text = tf_result_dup_attrs_text (&torus.result);
      g_test_message ("%s | %s", tree_text, torus_text);
      /* (A count and its Chinese unit are one word: word joiners between the ideographs.) */
      g_assert_true (g_str_has_prefix (tree_text, "2\u00a0层 · 16\u00a0条\u2060轨\u2060道 · k 32"));
      g_assert_cmpstr (torus_text, ==, "16×16 · 板卡 1×1");
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* A cell marks what is not exact as the command line's table does: an upper bound, a lower
 * bound, an estimated price ("~", which the list once showed as a plain number). */
static void
test_cell_marks (void)
{
  TfResult r = { 0 };
  g_autofree char *cost = NULL, *bisection = NULL, *ratio = NULL, *exact = NULL;

  r.metrics.layout_method = TF_METHOD_EXACT;
  r.metrics.cost_method = TF_METHOD_ESTIMATE;
  r.metrics.network_cost = 512;
  r.metrics.bisection_links_method = TF_METHOD_UPPER_BOUND;
  r.metrics.bisection_links = 128;
  r.metrics.bisection_bandwidth_method = TF_METHOD_LOWER_BOUND;
  r.metrics.bisection_bandwidth = 64;
  r.metrics.diameter_method = TF_METHOD_EXACT;
  r.metrics.diameter = 5;
  cost = tf_result_dup_cell_text (tf_column_lookup ("cost"), &r);
  bisection = tf_result_dup_cell_text (tf_column_lookup ("bisection"), &r);
  ratio = tf_result_dup_cell_text (tf_column_lookup ("bisection_bandwidth"), &r);
  exact = tf_result_dup_cell_text (tf_column_lookup ("diameter"), &r);
  g_assert_cmpstr (cost, ==, "~512");
  g_assert_cmpstr (bisection, ==, "≤\u00a0128");
  g_assert_cmpstr (ratio, ==, "≥\u00a064");
  g_assert_cmpstr (exact, ==, "5");
}

/* The panel: one rack and one pod in the singular, every count grouped. */
static void
test_topology_markup (void)
{
  TfNetworkGraph g = { 0 };
  TfMetrics m = { 0 };
  g_autofree char *markup = NULL;
  g_autofree char *want_chips = g_strdup_printf ("4%s096\u00a0chips on 1%s024\u00a0boards of 4",
                                                 separator (), separator ());

  g.n_chip = 4096;
  g.n_board = 1024;
  g.chips_per_board = 4;
  g.n_rack = 1;
  g.n_pod = 1;
  m.switch_count = 1;
  m.link_count = 8192;
  m.diameter = 1;
  m.bisection_links = 2048;
  m.bisection_bandwidth = 51200;
  markup = tf_format_topology_markup ("torus", "32×32 · board 2×2", &g, &m);
  g_assert_nonnull (strstr (markup, want_chips));
  g_assert_nonnull (strstr (markup, "in 1\u00a0rack and 1\u00a0pod\n"));
  g_assert_nonnull (strstr (markup, "\n1\u00a0switch, "));
  g_assert_nonnull (strstr (markup, "Diameter 1\u00a0hop,"));
  /* A unit never splits: a no-break space before it, a word joiner after its slash. */
  g_assert_nonnull (strstr (markup, "\u00a0GB/\u2060s"));
  g_assert_null (strstr (markup, "racks"));
  g_assert_null (strstr (markup, "pods"));
  /* Not priced: no cost line. Priced: its cost and optical cables; an estimate shows ~. */
  g_assert_null (strstr (markup, "Cost"));
  g_clear_pointer (&markup, g_free);
  m.network_cost = 8808192;
  m.cost_method = TF_METHOD_EXACT;
  m.cables_by_class[TF_CABLE_OPTICAL] = 768;
  markup = tf_format_topology_markup ("torus", "32×32 · board 2×2", &g, &m);
  {
    g_autofree char *want = g_strdup_printf ("\nCost 8%s808%s192\u00a0USD, 768\u00a0optical "
                                             "cables", separator (), separator ());

    g_assert_true (g_str_has_suffix (markup, want));
  }
  g_clear_pointer (&markup, g_free);
  m.cost_method = TF_METHOD_ESTIMATE;
  m.cables_by_class[TF_CABLE_OPTICAL] = 1;
  markup = tf_format_topology_markup ("torus", "32×32 · board 2×2", &g, &m);
  g_assert_nonnull (strstr (markup, "\nCost ~8"));
  g_assert_true (g_str_has_suffix (markup, " 1\u00a0optical cable"));
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The parts of two summaries together, sorted. */
static GPtrArray *
sorted_parts (const char *a,
              const char *b)
{
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < 2; i++)
    {
      g_auto(GStrv) split = g_strsplit (i == 0 ? a : b, " · ", -1);

      for (guint k = 0; split[k] != NULL; k++)
        if (split[k][0] != '\0')
          g_ptr_array_add (parts, g_strdup (split[k]));
    }
  g_ptr_array_sort (parts, compare_strings);
  return parts;
}

/* Under a family, a row shows what tells it apart: its summary without the parts every
 * listed result of the family shares (which the header says once), nothing lost, and two
 * results with different summaries never read the same. */
static void
test_distinct_text (void)
{
  static const guint sizes[] = { 64, 1000, 4096 };
  guint n_shared = 0;

  /* Every legal result, and the first ten of each family (which share more). */
  for (guint s = 0; s < 2 * G_N_ELEMENTS (sizes); s++)
    {
      TfContext ctx = tf_test_context (sizes[s / 2], TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
      g_auto(TfEnumeration) e = { 0 };

      g_assert_true (tf_enumerate (&ctx, NULL, 0, s % 2 ? 10 : 0, NULL, NULL, &e, NULL));
      for (guint f = 0; f < e.n_families; f++)
        {
          g_autoptr(TfFamilyRow) family = tf_family_row_new (&e.families[f]);
          GListModel *rows = tf_family_row_get_results (family);
          const char *common = tf_family_row_get_common_text (family);
          g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                              g_free);

          n_shared += common[0] != '\0';
          if (g_list_model_get_n_items (rows) < 2)
            g_assert_cmpstr (common, ==, "");
          for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
            {
              g_autoptr(TfResultRow) row = g_list_model_get_item (rows, i);
              const char *whole = tf_result_row_get_attrs_text (row);
              g_autofree char *distinct = tf_family_row_dup_distinct_text (family, row);
              g_autoptr(GPtrArray) want = sorted_parts (whole, "");
              /* (A row left with nothing of its own shows its whole summary.) */
              g_autoptr(GPtrArray) got = sorted_parts (distinct, strcmp (distinct, whole) != 0
                                                                   ? common : "");
              const char *before;

              g_assert_cmpstr (distinct, !=, "");
              g_assert_cmpuint (got->len, ==, want->len);
              for (guint k = 0; k < want->len; k++)
                g_assert_cmpstr (got->pdata[k], ==, want->pdata[k]);
              before = g_hash_table_lookup (seen, distinct);
              if (before != NULL)
                g_assert_cmpstr (before, ==, whole);
              else
                g_hash_table_insert (seen, g_strdup (distinct), g_strdup (whole));
            }
        }
    }
  g_test_message ("%u listings share parts of their summaries", n_shared);
  g_assert_cmpuint (n_shared, >, 0);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/results-view/n64/fills", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_fills, fixture_tear_down);
  g_test_add ("/ui/results-view/n64/query", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_query, fixture_tear_down);
  g_test_add_func ("/ui/results-view/random-contexts", test_random_contexts);
  g_test_add ("/ui/results-view/n64/where", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_where, fixture_tear_down);
  g_test_add ("/ui/results-view/n64/no-match", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_no_match, fixture_tear_down);
  g_test_add ("/ui/results-view/n64/select", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_select, fixture_tear_down);
  g_test_add ("/ui/results-view/n512/lift-cap", Fixture, GUINT_TO_POINTER (512),
              fixture_set_up, test_lift_cap, fixture_tear_down);
  g_test_add ("/ui/results-view/n64/columns", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_columns, fixture_tear_down);
  g_test_add ("/ui/results-view/n4096/readable", Fixture, GUINT_TO_POINTER (4096),
              fixture_set_up, test_readable, fixture_tear_down);
  g_test_add_func ("/ui/results-view/format", test_format);
  g_test_add_func ("/ui/results-view/cell-marks", test_cell_marks);
  g_test_add_func ("/ui/results-view/summary-translated", test_summary_translated);
  g_test_add_func ("/ui/results-view/distinct-text", test_distinct_text);
  g_test_add_func ("/ui/results-view/topology-markup", test_topology_markup);
  return g_test_run ();
}
