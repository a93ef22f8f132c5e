/* SPDX-License-Identifier: GPL-3.0-or-later */
/* csv.c: enumeration results as CSV (RFC 4180) for spreadsheets and scripts: a header row of
 * every column's name, then one row per result across families in the query's order. Values
 * are plain (no "<=" marks: a cell is a number); the last column, "methods", names the cells
 * that are not exact or a proven closed form, as COLUMN=METHOD separated by ";"
 * ("bisection=upper-bound;cost=estimate"; empty when every cell is exact), the table's "<=",
 * ">=" and "~" marks. YAML keeps every metric's method. */
#include <string.h>

#include "cli-private.h"

/* RFC 4180: a field with a comma, a quote or a line break goes in quotes, its quotes doubled. */
static void
append_field (GString    *out,
              const char *field)
{
  if (strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (out, field);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = field; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

void
tf_cli_print_csv (const TfEnumeration *enumeration,
                  GString             *out)
{
  g_autoptr(GString) value = g_string_new (NULL);
  guint n_columns = tf_columns_get_count ();

  for (guint c = 0; c < n_columns; c++)
    {
      append_field (out, tf_columns_get (c)->name);
      g_string_append_c (out, ',');
    }
  g_string_append (out, "methods\r\n");
  for (guint i = 0; i < enumeration->n_rows; i++)
    {
      const TfResult *r = enumeration->rows[i];

      for (guint c = 0; c < n_columns; c++)
        {
          g_string_truncate (value, 0);
          tf_column_append_value (tf_columns_get (c), r, value);
          append_field (out, value->str);
          g_string_append_c (out, ',');
        }
      g_string_truncate (value, 0);
      for (guint c = 0; c < n_columns; c++)
        {
          const TfColumn *column = tf_columns_get (c);
          TfMethod method = column->get_method ? column->get_method (r) : TF_METHOD_EXACT;

          if (method == TF_METHOD_UPPER_BOUND || method == TF_METHOD_LOWER_BOUND
              || method == TF_METHOD_ESTIMATE)
            g_string_append_printf (value, "%s%s=%s", value->len ? ";" : "", column->name,
                                    tf_method_to_string (method));
        }
      append_field (out, value->str);
      g_string_append (out, "\r\n");
    }
}
