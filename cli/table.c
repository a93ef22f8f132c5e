/* SPDX-License-Identifier: GPL-3.0-or-later */
/* table.c: enumeration results as an aligned table for people: the engine's shown columns,
 * headed by the names --sort and --where take, one table per family or one across them. */
#include <string.h>

#include "cli-private.h"

/* "showing 3 of 15", or with a filter "showing 3 of 6 matching, of 15 legal". */
static void
append_counts (GString  *out,
               guint     shown,
               guint64   matched,
               guint64   total,
               gboolean  filters)
{
  g_string_append_printf (out, "showing %u of %" G_GUINT64_FORMAT, shown, filters ? matched : total);
  if (filters)
    g_string_append_printf (out, " matching, of %" G_GUINT64_FORMAT " legal", total);
}

static char *
cell (const TfColumn *column,
      const TfResult *r)
{
  GString *text = g_string_new (NULL);

  TfMethod method = column->get_method != NULL ? column->get_method (r) : TF_METHOD_EXACT;

  if (method == TF_METHOD_UPPER_BOUND)
    g_string_append (text, "<=");
  else if (method == TF_METHOD_LOWER_BOUND)
    g_string_append (text, ">=");
  else if (method == TF_METHOD_ESTIMATE)
    g_string_append_c (text, '~');
  tf_column_append_value (column, r, text);
  if (text->len == 0)
    g_string_append_c (text, '-');
  return g_string_free (text, FALSE);
}

/* @results as rows under a header row, aligned. */
static void
append_rows (GString               *out,
             const TfResult *const *results,
             guint                  n_results)
{
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree gsize *width = NULL;

  for (guint c = 0; c < tf_columns_get_count (); c++)
    if (tf_columns_get (c)->shown)
      g_ptr_array_add (columns, (gpointer) tf_columns_get (c));
  width = g_new0 (gsize, columns->len);
  for (guint i = 0; i <= n_results; i++)
    {
      char **row = g_new0 (char *, columns->len + 1);

      for (guint c = 0; c < columns->len; c++)
        {
          const TfColumn *column = g_ptr_array_index (columns, c);

          row[c] = i == 0 ? g_strdup (column->name) : cell (column, results[i - 1]);
          width[c] = MAX (width[c], strlen (row[c]));
        }
      g_ptr_array_add (rows, row);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      char **row = g_ptr_array_index (rows, i);

      g_string_append (out, "  ");
      for (guint c = 0; c < columns->len; c++)
        {
          const TfColumn *column = g_ptr_array_index (columns, c);
          /* Text columns align left, numbers right; the last one is not padded. */
          gboolean left = column->kind != TF_COLUMN_COUNT && column->kind != TF_COLUMN_REAL;

          if (c + 1 == columns->len)
            g_string_append (out, row[c]);
          else
            g_string_append_printf (out, left ? "%-*s  " : "%*s  ", (int) width[c], row[c]);
        }
      g_string_append_c (out, '\n');
    }
}

void
tf_cli_print_table (const TfEnumeration *enumeration,
                    gboolean             flat,
                    GString             *out)
{
  gboolean filters = tf_query_filters (&enumeration->query);

  if (flat)
    {
      guint64 total = 0;

      for (guint f = 0; f < enumeration->n_families; f++)
        total += enumeration->families[f].total;
      g_string_append (out, "all families: ");
      append_counts (out, enumeration->n_rows, enumeration->matched, total, filters);
      if (enumeration->rows_capped > 0)
        g_string_append_printf (out, " (%" G_GUINT64_FORMAT " more left out: the engine keeps "
                                "at most %u results per family)", enumeration->rows_capped,
                                TF_ENUMERATE_MAX_RESULTS);
      g_string_append_c (out, '\n');
      if (enumeration->n_rows > 0)
        append_rows (out, enumeration->rows, enumeration->n_rows);
      g_string_append_c (out, '\n');
    }
  for (guint f = 0; !flat && f < enumeration->n_families; f++)
    {
      const TfFamilyEnumeration *fe = &enumeration->families[f];
      g_autofree const TfResult **results = g_new (const TfResult *, MAX (fe->n_results, 1));

      g_string_append_printf (out, "%s: ", tf_family_get_name (fe->family));
      append_counts (out, fe->n_results, fe->matched, fe->total, filters);
      if (fe->capped > 0)
        g_string_append_printf (out, " (%" G_GUINT64_FORMAT " more left out: the engine keeps "
                                "at most %u results per family)", fe->capped,
                                TF_ENUMERATE_MAX_RESULTS);
      if (fe->oversize > 0)
        g_string_append_printf (out, " (%" G_GUINT64_FORMAT " more beyond the engine's size "
                                "limit of %" G_GUINT64_FORMAT " links)", fe->oversize,
                                (guint64) TF_LINK_COUNT_MAX);
      if (fe->excluded != NULL)
        g_string_append_printf (out, " - %s", fe->excluded);
      else if (fe->total == 0 && fe->oversize == 0
               && tf_family_get_size_rule (fe->family) != NULL)
        g_string_append_printf (out, " - it has results for %s",
                                tf_family_get_size_rule (fe->family));
      g_string_append_c (out, '\n');
      for (guint i = 0; i < fe->n_results; i++)
        results[i] = &fe->results[i];
      if (fe->n_results > 0)
        append_rows (out, results, fe->n_results);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "cost is in USD at the built-in price table (data/prices.yaml); <= marks "
                   "an upper bound (the value of a real cut), >= a lower bound (a ratio over such "
                   "a cut), ~ an estimate (a switch larger than any priced); see "
                   "docs/metrics.md\n");
}
