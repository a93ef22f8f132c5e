/* SPDX-License-Identifier: GPL-3.0-or-later */
/* table.c: enumeration results as an aligned table for people. */
#include <string.h>

#include "cli-private.h"

enum { COL_ID, COL_STATUS, COL_EP, COL_CB, COL_SW, COL_LINKS, COL_DIAM, COL_BIS, COL_PD,
       COL_WARN, N_COLS };

static const char *const headers[N_COLS] = {
  "id", "status", "n_endpoint", "chips/board", "switches", "links", "diameter", "bisection",
  "paths", "warnings"
};

static char *
bound (guint64  value,
       TfMethod method)
{
  return g_strdup_printf (method == TF_METHOD_UPPER_BOUND ? "<=%" G_GUINT64_FORMAT
                                                          : "%" G_GUINT64_FORMAT, value);
}

void
tf_cli_print_table (const TfEnumeration *enumeration,
                    GString             *out)
{
  for (guint f = 0; f < enumeration->n_families; f++)
    {
      const TfFamilyEnumeration *fe = &enumeration->families[f];
      g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      gsize width[N_COLS];

      g_string_append_printf (out, "%s: showing %u of %" G_GUINT64_FORMAT,
                              tf_family_get_name (fe->family), fe->n_results, fe->total);
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
      g_string_append_c (out, '\n');
      if (fe->n_results == 0)
        {
          g_string_append_c (out, '\n');
          continue;
        }
      for (guint c = 0; c < N_COLS; c++)
        width[c] = strlen (headers[c]);
      for (guint i = 0; i < fe->n_results; i++)
        {
          const TfResult *r = &fe->results[i];
          const TfMetrics *m = &r->metrics;
          char **row = g_new0 (char *, N_COLS + 1);
          g_autoptr(GString) warnings = g_string_new (NULL);

          for (guint w = 0; w < r->n_warnings; w++)
            g_string_append_printf (warnings, "%s%s", w ? "," : "", r->warnings[w]->name);
          row[COL_ID] = tf_result_dup_id (r);
          row[COL_STATUS] = g_strdup (tf_status_to_string (tf_result_get_status (r)));
          row[COL_EP] = g_strdup_printf ("%u", r->n_endpoint);
          row[COL_CB] = g_strdup_printf ("%u", r->chips_per_board);
          row[COL_SW] = g_strdup_printf ("%u", m->switch_count);
          row[COL_LINKS] = g_strdup_printf ("%" G_GUINT64_FORMAT, m->link_count);
          row[COL_DIAM] = bound (m->diameter, m->diameter_method);
          row[COL_BIS] = bound (m->bisection_links, m->bisection_links_method);
          row[COL_PD] = bound (m->path_diversity, m->path_diversity_method);
          row[COL_WARN] = g_strdup (warnings->len ? warnings->str : "-");
          for (guint c = 0; c < N_COLS; c++)
            width[c] = MAX (width[c], strlen (row[c]));
          g_ptr_array_add (rows, row);
        }
      for (guint i = 0; i <= rows->len; i++)
        {
          const char *const *row = i == 0 ? headers : g_ptr_array_index (rows, i - 1);

          g_string_append (out, "  ");
          for (guint c = 0; c < N_COLS; c++)
            {
              /* Text columns align left, numbers right. */
              gboolean left = c == COL_ID || c == COL_STATUS || c == COL_WARN;

              if (c + 1 == N_COLS)
                g_string_append (out, row[c]);
              else
                g_string_append_printf (out, left ? "%-*s" : "%*s", (int) width[c], row[c]);
              if (c + 1 < N_COLS)
                g_string_append (out, "  ");
            }
          g_string_append_c (out, '\n');
        }
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "<= marks an upper bound (the value of a real cut); see docs/metrics.md\n");
}
