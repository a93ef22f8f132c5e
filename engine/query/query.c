/* SPDX-License-Identifier: GPL-3.0-or-later */
/* query.c: a query over the legal results of a context: the filters a result must pass and
 * the order results come in (topoforge.h). enumerate.c runs it over every legal result.
 *
 * The filters split by what they read: status, chips per board, the id and the counts a check
 * fills are known as soon as a parameter set is checked; a condition on a metric waits until
 * the result is measured. enumerate.c applies the first kind while walking, so a result they
 * reject is never measured.
 */
#include <math.h>
#include <string.h>

#include "names-private.h"
#include "family-private.h"
#include "query-private.h"

TF_STATIC_NAMES (compare_names, "<", "<=", "=", ">=", ">");

const char *
tf_compare_to_string (TfCompare compare)
{
  g_return_val_if_fail (compare < TF_N_COMPARES, NULL);
  return compare_names.names[compare];
}

/* A zeroed TfQuery is an empty one: the arrays come with their first item. */
void
tf_query_init (TfQuery *query)
{
  g_return_if_fail (query != NULL);
  memset (query, 0, sizeof *query);
}

void
tf_query_clear (TfQuery *query)
{
  g_return_if_fail (query != NULL);

  g_clear_pointer (&query->chips_per_board, g_array_unref);
  g_clear_pointer (&query->conditions, g_array_unref);
  g_clear_pointer (&query->match, g_free);
  memset (query, 0, sizeof *query);
}

static GArray *
copy_array (GArray *array)
{
  GArray *copy;

  if (array == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, FALSE, g_array_get_element_size (array), array->len);
  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

void
tf_query_copy (const TfQuery *query,
               TfQuery       *out)
{
  g_return_if_fail (query != NULL && out != NULL);

  *out = *query;
  out->chips_per_board = copy_array (query->chips_per_board);
  out->conditions = copy_array (query->conditions);
  out->match = g_strdup (query->match);
}

void
tf_query_add_chips_per_board (TfQuery *query,
                              guint    min,
                              guint    max)
{
  TfQueryRange range = { min, max };

  g_return_if_fail (query != NULL && min <= max);

  if (query->chips_per_board == NULL)
    query->chips_per_board = g_array_new (FALSE, FALSE, sizeof (TfQueryRange));
  g_array_append_val (query->chips_per_board, range);
}

void
tf_query_add_condition (TfQuery        *query,
                        const TfColumn *column,
                        TfCompare       compare,
                        double          value)
{
  TfCondition condition = { column, compare, value, NULL };

  g_return_if_fail (query != NULL && column != NULL && compare < TF_N_COMPARES);
  g_return_if_fail (tf_column_is_numeric (column));

  if (query->conditions == NULL)
    query->conditions = g_array_new (FALSE, FALSE, sizeof (TfCondition));
  g_array_append_val (query->conditions, condition);
}

void
tf_query_add_column_condition (TfQuery        *query,
                               const TfColumn *column,
                               TfCompare       compare,
                               const TfColumn *other)
{
  g_return_if_fail (other != NULL && tf_column_is_numeric (other));

  tf_query_add_condition (query, column, compare, 0);
  if (query->conditions != NULL && query->conditions->len > 0)
    g_array_index (query->conditions, TfCondition, query->conditions->len - 1).other = other;
}

/* Reading a condition's text. One reader for the command line's --where and the app's Where
 * entry, so both accept and refuse the same texts with the same words. */

/* The comparisons, longest spelling first so "<=" is not read as "<" then "=5". */
static const struct
{
  const char *text;
  TfCompare   compare;
} compare_spellings[] = {
  { "<=", TF_COMPARE_LE },
  { ">=", TF_COMPARE_GE },
  { "<", TF_COMPARE_LT },
  { ">", TF_COMPARE_GT },
  { "=", TF_COMPARE_EQ },
};

/* "id, family, status, ..." */
static char *
column_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < tf_columns_get_count (); i++)
    g_string_append_printf (names, "%s%s", names->len ? ", " : "", tf_columns_get (i)->name);
  return g_string_free (names, FALSE);
}

/* Whole numbers in the one spelling every number on the command line and in ids has: digits,
 * no sign or base prefix, no leading zero. */
static gboolean
parse_count (const char  *name,
             const char  *text,
             double      *out,
             GError     **error)
{
  guint64 v;

  if (*text == '\0' || strspn (text, "0123456789") != strlen (text))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_QUERY,
                   "%s: '%s' is not a whole number", name, text);
      return FALSE;
    }
  if (text[0] == '0' && text[1] != '\0')
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_QUERY,
                   "%s: '%s': leading zeros are not allowed", name, text);
      return FALSE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &v, NULL))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_QUERY,
                   "%s: %s is out of range: %s must be from 0 to %" G_GUINT64_FORMAT,
                   name, text, name, (guint64) G_MAXUINT64);
      return FALSE;
    }
  *out = (double) v;
  return TRUE;
}

gboolean
tf_query_add_condition_text (TfQuery     *query,
                             const char  *text,
                             GError     **error)
{
  gsize at;
  g_autofree char *name = NULL;
  g_autofree char *value_text = NULL;
  const TfColumn *column, *other;
  const char *rest = NULL;
  TfCompare compare = TF_COMPARE_EQ;
  double value;

  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  at = strcspn (text, "<>=");
  name = g_strstrip (g_strndup (text, at));
  for (guint i = 0; text[at] != '\0' && i < G_N_ELEMENTS (compare_spellings) && rest == NULL; i++)
    if (g_str_has_prefix (text + at, compare_spellings[i].text))
      {
        compare = compare_spellings[i].compare;
        rest = text + at + strlen (compare_spellings[i].text);
      }
  if (rest == NULL || *name == '\0')
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_QUERY,
                   "'%s' must be COLUMN, a comparison (<, <=, =, >=, >) and a value, "
                   "e.g. 'switches<=512'", text);
      return FALSE;
    }
  if ((column = tf_column_lookup (name)) == NULL)
    {
      g_autofree char *names = column_names ();

      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_QUERY,
                   "unknown column '%s'; the columns are %s", name, names);
      return FALSE;
    }
  if (!tf_column_is_numeric (column))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_NOT_A_NUMBER, "%s is not a number; use %s", name,
                   column->kind == TF_COLUMN_STATUS ? "the status filter" : "the id match");
      return FALSE;
    }
  value_text = g_strstrip (g_strdup (rest));
  if ((other = tf_column_lookup (value_text)) != NULL)
    {
      if (!tf_column_is_numeric (other))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_QUERY, "%s: %s is not a number; "
                       "compare with a number or a numeric column", name, value_text);
          return FALSE;
        }
      tf_query_add_column_condition (query, column, compare, other);
      return TRUE;
    }
  if (column->kind == TF_COLUMN_REAL)
    {
      char *end;

      value = g_ascii_strtod (value_text, &end);
      if (end == value_text || *end != '\0' || !isfinite (value))
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_QUERY,
                       "%s: '%s' is not a number", name, value_text);
          return FALSE;
        }
    }
  else if (!parse_count (name, value_text, &value, error))
    return FALSE;
  tf_query_add_condition (query, column, compare, value);
  return TRUE;
}

void
tf_query_set_match (TfQuery    *query,
                    const char *text)
{
  g_return_if_fail (query != NULL);

  g_free (query->match);
  query->match = text != NULL && *text != '\0' ? g_strdup (text) : NULL;
}

#define ALL_STATUSES ((1u << TF_STATUS_RECOMMENDED) | (1u << TF_STATUS_EDGE_CASE))

gboolean
tf_query_filters (const TfQuery *query)
{
  return query != NULL
         && (((query->statuses & ALL_STATUSES) != 0
              && (query->statuses & ALL_STATUSES) != ALL_STATUSES)
             || (query->chips_per_board != NULL && query->chips_per_board->len > 0)
             || (query->conditions != NULL && query->conditions->len > 0)
             || query->match != NULL);
}

/* What a condition waits for: the more of its columns'. */
static TfNeeds
condition_needs (const TfCondition *c)
{
  return MAX (c->column->needs_metrics, c->other != NULL ? c->other->needs_metrics
                                                         : TF_NEEDS_CHECK);
}

TfNeeds
tf_query_needs_metrics (const TfQuery *query)
{
  TfNeeds needs = TF_NEEDS_CHECK;

  if (query == NULL)
    return needs;
  if (query->sort != NULL)
    needs = query->sort->needs_metrics;
  for (guint i = 0; query->conditions != NULL && i < query->conditions->len; i++)
    needs = MAX (needs, condition_needs (&g_array_index (query->conditions, TfCondition, i)));
  return needs;
}

static gboolean
condition_holds (const TfCondition *condition,
                 const TfResult    *result)
{
  double v = condition->column->get (result);
  double w = condition->other != NULL ? condition->other->get (result) : condition->value;

  switch (condition->compare)
    {
    case TF_COMPARE_LT:
      return v < w;
    case TF_COMPARE_LE:
      return v <= w;
    case TF_COMPARE_EQ:
      return v == w;
    case TF_COMPARE_GE:
      return v >= w;
    case TF_COMPARE_GT:
      return v > w;
    case TF_N_COMPARES:
    default:
      g_return_val_if_reached (FALSE);
    }
}

/* Whether @needle is a part of @haystack, ASCII letters in any case (ids are ASCII). */
static gboolean
contains_any_case (const char *haystack,
                   const char *needle)
{
  gsize n = strlen (needle);

  for (const char *p = haystack; *p != '\0'; p++)
    if (g_ascii_strncasecmp (p, needle, n) == 0)
      return TRUE;
  return n == 0;
}

static gboolean
conditions_hold (const TfQuery  *query,
                 const TfResult *result,
                 gboolean        on_metrics)
{
  for (guint i = 0; query->conditions != NULL && i < query->conditions->len; i++)
    {
      const TfCondition *c = &g_array_index (query->conditions, TfCondition, i);

      if ((condition_needs (c) != TF_NEEDS_CHECK) == on_metrics
          && !condition_holds (c, result))
        return FALSE;
    }
  return TRUE;
}

gboolean
tf_query_match_checked (const TfQuery  *query,
                        const TfResult *result)
{
  if (query == NULL)
    return TRUE;
  if ((query->statuses & ALL_STATUSES) != 0
      && (query->statuses & (1u << tf_result_get_status (result))) == 0)
    return FALSE;
  if (query->chips_per_board != NULL && query->chips_per_board->len > 0)
    {
      gboolean in = FALSE;

      for (guint i = 0; i < query->chips_per_board->len && !in; i++)
        {
          const TfQueryRange *range = &g_array_index (query->chips_per_board, TfQueryRange, i);

          in = result->chips_per_board >= range->min && result->chips_per_board <= range->max;
        }
      if (!in)
        return FALSE;
    }
  if (!conditions_hold (query, result, FALSE))
    return FALSE;
  if (query->match != NULL)
    {
      g_autoptr(GString) id = g_string_new (NULL);

      tf_column_append_value (tf_column_lookup ("id"), result, id);
      if (!contains_any_case (id->str, query->match))
        return FALSE;
    }
  return TRUE;
}

gboolean
tf_query_match_measured (const TfQuery  *query,
                         const TfResult *result)
{
  return query == NULL || conditions_hold (query, result, TRUE);
}

gboolean
tf_query_match (const TfQuery  *query,
                const TfResult *result)
{
  g_return_val_if_fail (result != NULL, FALSE);
  return tf_query_match_checked (query, result) && tf_query_match_measured (query, result);
}

#define CMP(x, y) ((x) < (y) ? -1 : (x) > (y) ? 1 : 0)

/* Numbers, a NaN after every number. */
static int
compare_values (double a,
                double b)
{
  if (isnan (a) || isnan (b))
    return CMP (isnan (a), isnan (b));
  return CMP (a, b);
}

/* A family's own order: recommended first, then fewer warnings, then its traversal. */
static int
compare_own (const TfResult *a,
             const TfResult *b)
{
  int c = CMP (a->n_warnings, b->n_warnings);

  return c != 0 ? c : CMP (a->order, b->order);
}

int
tf_query_compare (const TfQuery  *query,
                  const TfResult *a,
                  const TfResult *b)
{
  int c;

  g_return_val_if_fail (a != NULL && b != NULL, 0);

  if (query != NULL && query->sort != NULL)
    {
      c = compare_values (query->sort->get (a), query->sort->get (b));
      if (c == 0 && query->sort->kind == TF_COLUMN_ID)
        c = compare_own (a, b);
      if (c != 0)
        return query->descending ? -c : c;
    }
  if (a->family != b->family)
    return CMP (tf_family_get_registry_index (a->family),
                tf_family_get_registry_index (b->family));
  return compare_own (a, b);
}
