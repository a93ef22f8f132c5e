/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-results-view.c: the results tree shows every result of an enumeration under its family,
 * sorts within families, filters by status, family and chips per board, selects, and lifts a
 * family's cap. */
#include <gtk/gtk.h>

#include "tf-results-view.h"

typedef struct
{
  TfResultsView *view;
  TfEnumeration  e;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TfContext ctx;

  tf_context_init (&ctx);
  ctx.n_chip = GPOINTER_TO_UINT (data);
  ctx.scope = TF_SCOPE_INTER_RACK;
  g_assert_true (tf_enumerate (&ctx, NULL, 0, TF_DEFAULT_LIMIT, NULL, NULL, &f->e, &error));
  g_assert_no_error (error);
  f->view = g_object_ref_sink (TF_RESULTS_VIEW (tf_results_view_new ()));
  tf_results_view_set_enumeration (f->view, &f->e);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->view);
  tf_enumeration_clear (&f->e);
}

static guint
count_results (const TfEnumeration *e,
               gboolean (*keep) (const TfResult *, gpointer),
               gpointer             data,
               guint               *n_families)
{
  guint n = 0, families = 0;

  for (guint i = 0; i < e->n_families; i++)
    {
      guint here = 0;

      for (guint j = 0; j < e->families[i].n_results; j++)
        here += keep == NULL || keep (&e->families[i].results[j], data);
      n += here;
      families += here > 0;
    }
  if (n_families != NULL)
    *n_families = families;
  return n;
}

static void
test_fills (Fixture       *f,
            gconstpointer  data)
{
  guint n_families = 0, n = tf_results_view_get_n_shown (f->view, &n_families);
  guint expected = count_results (&f->e, NULL, NULL, NULL);
  guint index = 0;

  g_assert_cmpuint (expected, >, 0);
  g_assert_cmpuint (n, ==, expected);
  /* Without a filter, families without results stay to say why. */
  g_assert_cmpuint (n_families, ==, f->e.n_families);

  /* The engine's order, family by family. */
  for (guint i = 0; i < f->e.n_families; i++)
    for (guint j = 0; j < f->e.families[i].n_results; j++)
      {
        TfResultRow *row = tf_results_view_get_shown (f->view, index++);
        g_autofree char *id = tf_result_dup_id (&f->e.families[i].results[j]);

        g_assert_nonnull (row);
        g_assert_cmpstr (tf_result_row_get_id (row), ==, id);
      }
  g_assert_null (tf_results_view_get_shown (f->view, index));

  tf_results_view_set_enumeration (f->view, NULL);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, &n_families), ==, 0);
  g_assert_cmpuint (n_families, ==, 0);
}

static guint64
column_value (TfResultRow   *row,
              TfResultColumn column)
{
  const TfResult *r = tf_result_row_get_result (row);

  switch (column)
    {
    case TF_RESULT_COLUMN_STATUS:
      return tf_result_get_status (r);
    case TF_RESULT_COLUMN_WARNINGS:
      return r->n_warnings;
    case TF_RESULT_COLUMN_N_ENDPOINT:
      return r->n_endpoint;
    case TF_RESULT_COLUMN_CHIPS_PER_BOARD:
      return r->chips_per_board;
    case TF_RESULT_COLUMN_SWITCHES:
      return r->metrics.switch_count;
    case TF_RESULT_COLUMN_LINKS:
      return r->metrics.link_count;
    case TF_RESULT_COLUMN_DIAMETER:
      return r->metrics.diameter;
    case TF_RESULT_COLUMN_BISECTION:
      return r->metrics.bisection_links;
    case TF_RESULT_COLUMN_PATH_DIVERSITY:
      return r->metrics.path_diversity;
    case TF_RESULT_COLUMN_ID:
    case TF_RESULT_N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

/* Sorting orders results within each family and keeps families where they were. */
static void
test_sorts (Fixture       *f,
            gconstpointer  data)
{
  guint n = tf_results_view_get_n_shown (f->view, NULL);

  for (TfResultColumn column = TF_RESULT_COLUMN_STATUS; column < TF_RESULT_N_COLUMNS; column++)
    for (int order = GTK_SORT_ASCENDING; order <= GTK_SORT_DESCENDING; order++)
      {
        const TfFamily *family = NULL;
        guint64 last = 0;
        guint family_index = 0, changes = 0;

        tf_results_view_sort_by (f->view, column, order);
        g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==, n);
        for (guint i = 0; i < n; i++)
          {
            TfResultRow *row = tf_results_view_get_shown (f->view, i);
            guint64 value = column_value (row, column);

            if (tf_result_row_get_result (row)->family != family)
              {
                family = tf_result_row_get_result (row)->family;
                /* Families appear in the registry's order, ascending or descending. */
                while (family_index < f->e.n_families && f->e.families[family_index].family != family)
                  family_index++;
                g_assert_cmpuint (family_index, <, f->e.n_families);
              }
            else if (order == GTK_SORT_ASCENDING)
              {
                g_assert_cmpuint (last, <=, value);
                changes += last != value;
              }
            else
              {
                g_assert_cmpuint (last, >=, value);
                changes += last != value;
              }
            last = value;
          }
        g_test_message ("column %d order %d: %u changes", column, order, changes);
      }
}

static gboolean
is_recommended (const TfResult *r,
                gpointer        data)
{
  return tf_result_get_status (r) == TF_STATUS_RECOMMENDED;
}

static gboolean
is_edge_case (const TfResult *r,
              gpointer        data)
{
  return tf_result_get_status (r) == TF_STATUS_EDGE_CASE;
}

static gboolean
has_chips_per_board (const TfResult *r,
                     gpointer        data)
{
  return r->chips_per_board == GPOINTER_TO_UINT (data);
}

static void
assert_shown (Fixture  *f,
              gboolean (*keep) (const TfResult *, gpointer),
              gpointer  data)
{
  guint n_families = 0, expected_families = 0;
  guint n = tf_results_view_get_n_shown (f->view, &n_families);
  guint expected = count_results (&f->e, keep, data, &expected_families);

  g_assert_cmpuint (n, ==, expected);
  g_assert_cmpuint (n_families, ==, expected_families);
  for (guint i = 0; i < n; i++)
    g_assert_true (keep (tf_result_row_get_result (tf_results_view_get_shown (f->view, i)), data));
}

static void
test_filters (Fixture       *f,
              gconstpointer  data)
{
  guint all = tf_results_view_get_n_shown (f->view, NULL);
  guint n_recommended = count_results (&f->e, is_recommended, NULL, NULL);

  /* The filters have something to separate here. */
  g_assert_cmpuint (n_recommended, >, 0);
  g_assert_cmpuint (n_recommended, <, all);

  g_object_set (f->view, "status-filter", TF_STATUS_FILTER_RECOMMENDED, NULL);
  assert_shown (f, is_recommended, NULL);
  g_object_set (f->view, "status-filter", TF_STATUS_FILTER_EDGE_CASE, NULL);
  assert_shown (f, is_edge_case, NULL);
  g_object_set (f->view, "status-filter", TF_STATUS_FILTER_ALL, NULL);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==, all);

  /* The reverse derivation: everything that puts C chips on a board. */
  for (guint c = 1; c <= 16; c *= 2)
    {
      guint n = count_results (&f->e, has_chips_per_board, GUINT_TO_POINTER (c), NULL);
      guint chosen;

      g_object_set (f->view, "chips-per-board-filter", c, NULL);
      g_object_get (f->view, "chips-per-board-filter", &chosen, NULL);
      g_assert_cmpuint (chosen, ==, c);
      g_test_message ("%u chips per board: %u results", c, n);
      assert_shown (f, has_chips_per_board, GUINT_TO_POINTER (c));
    }
  /* A value no result has shows nothing, rather than everything. */
  g_object_set (f->view, "chips-per-board-filter", 7777u, NULL);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==, 0);
  g_object_set (f->view, "chips-per-board-filter", 0u, NULL);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==, all);

  for (guint i = 0; i < f->e.n_families; i++)
    {
      const char *name = tf_family_get_name (f->e.families[i].family);
      guint n_families = 0;
      g_autofree char *chosen = NULL;

      g_object_set (f->view, "family-filter", name, NULL);
      g_object_get (f->view, "family-filter", &chosen, NULL);
      g_assert_cmpstr (chosen, ==, name);
      g_assert_cmpuint (tf_results_view_get_n_shown (f->view, &n_families), ==,
                        f->e.families[i].n_results);
      g_assert_cmpuint (n_families, ==, 1);
    }
  g_object_set (f->view, "family-filter", NULL, NULL);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==, all);
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
        }
      g_assert_false (tf_results_view_select (f->view, name, family->n_results));
    }
}

/* "Show all" replaces a capped family with its whole list. */
static void
test_lift_cap (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TfEnumeration all = { 0 };
  const TfFamily *capped = NULL;
  guint before = tf_results_view_get_n_shown (f->view, NULL), shown = 0;

  for (guint i = 0; i < f->e.n_families && capped == NULL; i++)
    if (f->e.families[i].total > f->e.families[i].n_results)
      capped = f->e.families[i].family;
  g_assert_nonnull (capped);

  g_assert_true (tf_enumerate (&f->e.context, &capped, 1, 0, NULL, NULL, &all, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (all.families[0].n_results, ==, all.families[0].total);
  tf_results_view_set_family (f->view, &all.families[0]);

  g_object_set (f->view, "family-filter", tf_family_get_name (capped), NULL);
  g_assert_cmpuint (tf_results_view_get_n_shown (f->view, NULL), ==, all.families[0].total);
  g_object_set (f->view, "family-filter", NULL, NULL);
  shown = tf_results_view_get_n_shown (f->view, NULL);
  g_assert_cmpuint (shown, ==, before + all.families[0].total - TF_DEFAULT_LIMIT);
  tf_enumeration_clear (&all);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/results-view/n64/fills", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_fills, fixture_tear_down);
  g_test_add ("/ui/results-view/n64/sorts", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_sorts, fixture_tear_down);
  g_test_add ("/ui/results-view/n64/filters", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_filters, fixture_tear_down);
  g_test_add ("/ui/results-view/n512/filters", Fixture, GUINT_TO_POINTER (512), fixture_set_up,
              test_filters, fixture_tear_down);
  g_test_add ("/ui/results-view/n64/select", Fixture, GUINT_TO_POINTER (64), fixture_set_up,
              test_select, fixture_tear_down);
  g_test_add ("/ui/results-view/n512/lift-cap", Fixture, GUINT_TO_POINTER (512),
              fixture_set_up, test_lift_cap, fixture_tear_down);
  return g_test_run ();
}
