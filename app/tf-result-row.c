/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-result-row.c: rows of the results tree. */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-format.h"
#include "tf-result-row.h"

struct _TfResultRow
{
  GObject  parent_instance;
  TfResult result;
  char    *id;
  char    *attrs_text;
};

G_DEFINE_FINAL_TYPE (TfResultRow, tf_result_row, G_TYPE_OBJECT)

static void
tf_result_row_finalize (GObject *object)
{
  TfResultRow *self = TF_RESULT_ROW (object);

  g_free (self->id);
  g_free (self->attrs_text);
  G_OBJECT_CLASS (tf_result_row_parent_class)->finalize (object);
}

static void
tf_result_row_class_init (TfResultRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tf_result_row_finalize;
}

static void
tf_result_row_init (TfResultRow *self)
{
}

TfResultRow *
tf_result_row_new (const TfResult *result)
{
  TfResultRow *self = g_object_new (TF_TYPE_RESULT_ROW, NULL);

  self->result = *result;
  return self;
}

/* Whether @key names a count of things ("layers"), which reads "3 layers". */
static gboolean
key_is_plural (const char *key)
{
  size_t n = strlen (key);

  return n > 2 && key[n - 1] == 's' && strchr (key, '_') == NULL;
}

/* A count of things in the reader's language: "2 layers", "8 rails", "2 planes" (the ids'
 * own words; an unknown one as it is). */
static char *
count_text (const char *key,
            gint64      n)
{
  guint64 v = (guint64) MAX (n, 0);

  if (strcmp (key, "layers") == 0)
    return tf_format_things (v, "%s layer", "%s layers");
  if (strcmp (key, "rails") == 0)
    return tf_format_things (v, "%s rail", "%s rails");
  if (strcmp (key, "planes") == 0)
    return tf_format_things (v, "%s plane", "%s planes");
  return g_strdup_printf ("%" G_GINT64_FORMAT "\u00a0%s", n, key);
}

/* The word a parameter's key starts with, in the reader's language where it is a word ("board"
 * of board_shape); the spec's letters (k, osr, a, p, h, g, s, L, S, T) stay as it writes them. */
static void
append_key_word (GString    *text,
                 const char *key,
                 gsize       len)
{
  if (len == 5 && strncmp (key, "board", 5) == 0)
    g_string_append (text, C_("parameter summary", "board"));
  else
    g_string_append_len (text, key, (gssize) len);
}

static void
append_values (GString      *text,
               const TfAttr *attr)
{
  for (guint j = 0; j < attr->n_values; j++)
    g_string_append_printf (text, "%s%" G_GINT64_FORMAT, j ? "×" : "", attr->values[j]);
}

static void
append_separator (GString *text)
{
  if (text->len > 0)
    g_string_append (text, " · ");
}

char *
tf_result_dup_attrs_text (const TfResult *result)
{
  GString *text = g_string_new (NULL);
  TfAttrs attrs;

  g_return_val_if_fail (result != NULL && result->family != NULL, g_string_free (text, FALSE));

  tf_result_get_attrs (result, &attrs);
  /* Counts of things first: they differ most between results ("2 layers", "3 layers"). */
  for (guint i = 0; i < attrs.n_attrs; i++)
    if (!attrs.attrs[i].is_list && key_is_plural (attrs.attrs[i].key))
      {
        g_autofree char *count = count_text (attrs.attrs[i].key, attrs.attrs[i].values[0]);

        append_separator (text);
        g_string_append (text, count);
      }
  for (guint i = 0; i < attrs.n_attrs; i++)
    {
      const TfAttr *a = &attrs.attrs[i];
      const char *underscore = strchr (a->key, '_');

      if (!a->is_list && key_is_plural (a->key))
        continue;
      append_separator (text);
      /* The first attribute, a shape, is the result itself: "32×32". */
      if (!(i == 0 && a->is_list))
        {
          append_key_word (text, a->key, underscore ? (gsize) (underscore - a->key)
                                                    : strlen (a->key));
          g_string_append_c (text, ' ');
        }
      append_values (text, a);
    }
  /* Families without parameters of their own (ring, full-mesh, single-switch) differ by their
   * endpoints, which their ids carry. */
  if (text->len == 0)
    g_string_append_printf (text, "n_endpoint %u", result->n_endpoint);
  return g_string_free (text, FALSE);
}

const TfResult *
tf_result_row_get_result (TfResultRow *self)
{
  g_return_val_if_fail (TF_IS_RESULT_ROW (self), NULL);
  return &self->result;
}

/* The id and the text are made when first shown: a list of 20,000 rows shows 30. */
const char *
tf_result_row_get_id (TfResultRow *self)
{
  g_return_val_if_fail (TF_IS_RESULT_ROW (self), NULL);
  if (self->id == NULL)
    self->id = tf_result_dup_id (&self->result);
  return self->id;
}

const char *
tf_result_row_get_attrs_text (TfResultRow *self)
{
  g_return_val_if_fail (TF_IS_RESULT_ROW (self), NULL);
  if (self->attrs_text == NULL)
    self->attrs_text = tf_result_dup_attrs_text (&self->result);
  return self->attrs_text;
}

struct _TfFamilyRow
{
  GObject         parent_instance;
  const TfFamily *family;
  guint64         total;
  guint64         matched;
  guint64         oversize;
  char           *excluded;
  GListStore     *results;
  GHashTable     *common;        /* the summary parts every result shares; made when asked */
  GHashTable     *rank;          /* a part's key -> its place in a row's text */
  char           *common_text;
};

G_DEFINE_FINAL_TYPE (TfFamilyRow, tf_family_row, G_TYPE_OBJECT)

static void
tf_family_row_finalize (GObject *object)
{
  TfFamilyRow *self = TF_FAMILY_ROW (object);

  g_free (self->excluded);
  g_clear_object (&self->results);
  g_clear_pointer (&self->common, g_hash_table_unref);
  g_clear_pointer (&self->rank, g_hash_table_unref);
  g_free (self->common_text);
  G_OBJECT_CLASS (tf_family_row_parent_class)->finalize (object);
}

static void
tf_family_row_class_init (TfFamilyRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tf_family_row_finalize;
}

static void
tf_family_row_init (TfFamilyRow *self)
{
  self->results = g_list_store_new (TF_TYPE_RESULT_ROW);
}

TfFamilyRow *
tf_family_row_new (const TfFamilyEnumeration *family)
{
  TfFamilyRow *self = g_object_new (TF_TYPE_FAMILY_ROW, NULL);

  self->family = family->family;
  tf_family_row_set_results (self, family);
  return self;
}

void
tf_family_row_set_results (TfFamilyRow               *self,
                           const TfFamilyEnumeration *family)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (TF_IS_FAMILY_ROW (self));
  g_return_if_fail (family->family == self->family);

  self->total = family->total;
  self->matched = family->matched;
  self->oversize = family->oversize;
  g_free (self->excluded);
  self->excluded = g_strdup (family->excluded);
  g_clear_pointer (&self->common, g_hash_table_unref);
  g_clear_pointer (&self->rank, g_hash_table_unref);
  g_clear_pointer (&self->common_text, g_free);
  for (guint i = 0; i < family->n_results; i++)
    g_ptr_array_add (rows, tf_result_row_new (&family->results[i]));
  g_list_store_splice (self->results, 0, g_list_model_get_n_items (G_LIST_MODEL (self->results)),
                       rows->pdata, rows->len);
}

const TfFamily *
tf_family_row_get_family (TfFamilyRow *self)
{
  g_return_val_if_fail (TF_IS_FAMILY_ROW (self), NULL);
  return self->family;
}

guint64
tf_family_row_get_total (TfFamilyRow *self)
{
  g_return_val_if_fail (TF_IS_FAMILY_ROW (self), 0);
  return self->total;
}

guint64
tf_family_row_get_matched (TfFamilyRow *self)
{
  g_return_val_if_fail (TF_IS_FAMILY_ROW (self), 0);
  return self->matched;
}

guint64
tf_family_row_get_oversize (TfFamilyRow *self)
{
  g_return_val_if_fail (TF_IS_FAMILY_ROW (self), 0);
  return self->oversize;
}

const char *
tf_family_row_get_excluded (TfFamilyRow *self)
{
  g_return_val_if_fail (TF_IS_FAMILY_ROW (self), NULL);
  return self->excluded;
}

GListModel *
tf_family_row_get_results (TfFamilyRow *self)
{
  g_return_val_if_fail (TF_IS_FAMILY_ROW (self), NULL);
  return G_LIST_MODEL (self->results);
}

#define PART_SEPARATOR " · "

/* What a summary part is of: the part without its numbers ("16 rails" and "8 rails" are both
 * of "rails", "k 32" of "k", a bare shape "32×32" of ""). */
static char *
part_key (const char *part)
{
  GString *key = g_string_new (NULL);

  for (const char *p = part; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!g_unichar_isdigit (c) && !g_unichar_isspace (c) && c != 0xd7 /* × */ && c != '-')
        g_string_append_unichar (key, c);
    }
  return g_string_free (key, FALSE);
}

/* Over the family's listed results, in their order: the parts all of them share (none for
 * fewer than two results: a lone result keeps its whole summary), and for each other kind of
 * part its rank by how often it changes from one row to the next, most first, so that a row
 * shows first what tells it from its neighbours. */
static void
find_common (TfFamilyRow *self)
{
  GListModel *model = G_LIST_MODEL (self->results);
  guint n = g_list_model_get_n_items (model);
  g_autoptr(GPtrArray) order = g_ptr_array_new_with_free_func (g_free);   /* first row's parts */
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);    /* in first-seen order */
  g_autoptr(GArray) changes = g_array_new (FALSE, TRUE, sizeof (guint));  /* per key */
  g_autoptr(GPtrArray) previous = g_ptr_array_new_with_free_func (g_free); /* per key, or NULL */
  g_autoptr(GString) text = g_string_new (NULL);

  self->common = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->rank = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TfResultRow) row = g_list_model_get_item (model, i);
      g_auto(GStrv) parts = g_strsplit (tf_result_row_get_attrs_text (row), PART_SEPARATOR, -1);
      g_autoptr(GHashTable) here = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GPtrArray) now = g_ptr_array_new ();   /* per key: this row's part, or NULL */

      g_ptr_array_set_size (now, keys->len);
      for (guint k = 0; parts[k] != NULL; k++)
        {
          g_autofree char *key = part_key (parts[k]);
          guint index;

          if (!g_ptr_array_find_with_equal_func (keys, key, g_str_equal, &index))
            {
              index = keys->len;
              g_ptr_array_add (keys, g_strdup (key));
              g_ptr_array_add (previous, NULL);
              g_ptr_array_add (now, NULL);
              g_array_set_size (changes, keys->len);
            }
          now->pdata[index] = parts[k];
          g_hash_table_add (here, parts[k]);
          if (i == 0 && g_hash_table_add (self->common, g_strdup (parts[k])))
            g_ptr_array_add (order, g_strdup (parts[k]));
        }
      for (guint k = 0; k < keys->len; k++)
        {
          if (i > 0 && g_strcmp0 (previous->pdata[k], now->pdata[k]) != 0)
            g_array_index (changes, guint, k)++;
          g_free (previous->pdata[k]);
          previous->pdata[k] = g_strdup (now->pdata[k]);
        }
      if (i > 0)
        {
          GHashTableIter iter;
          gpointer key;

          g_hash_table_iter_init (&iter, self->common);
          while (g_hash_table_iter_next (&iter, &key, NULL))
            if (!g_hash_table_contains (here, key))
              g_hash_table_iter_remove (&iter);
        }
    }
  if (n < 2)
    g_hash_table_remove_all (self->common);
  for (guint k = 0; k < order->len; k++)
    if (g_hash_table_contains (self->common, order->pdata[k]))
      {
        if (text->len > 0)
          g_string_append (text, PART_SEPARATOR);
        g_string_append (text, order->pdata[k]);
      }
  self->common_text = g_strdup (text->str);
  /* Ranks: more changes first; among equals, the summary's own order. */
  for (guint k = 0; k < keys->len; k++)
    {
      guint mine = g_array_index (changes, guint, k), rank = 0;

      for (guint j = 0; j < keys->len; j++)
        {
          guint other = g_array_index (changes, guint, j);

          rank += other > mine || (other == mine && j < k);
        }
      g_hash_table_insert (self->rank, g_strdup (keys->pdata[k]), GUINT_TO_POINTER (rank));
    }
}

const char *
tf_family_row_get_common_text (TfFamilyRow *self)
{
  g_return_val_if_fail (TF_IS_FAMILY_ROW (self), NULL);
  if (self->common == NULL)
    find_common (self);
  return self->common_text;
}

typedef struct
{
  guint       rank;
  const char *part;
} RankedPart;

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const RankedPart *x = a, *y = b;

  return x->rank < y->rank ? -1 : x->rank > y->rank;
}

char *
tf_family_row_dup_distinct_text (TfFamilyRow *self,
                                 TfResultRow *row)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (RankedPart));
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (TF_IS_FAMILY_ROW (self) && TF_IS_RESULT_ROW (row), NULL);
  if (self->common == NULL)
    find_common (self);
  parts = g_strsplit (tf_result_row_get_attrs_text (row), PART_SEPARATOR, -1);
  for (guint k = 0; parts[k] != NULL; k++)
    if (!g_hash_table_contains (self->common, parts[k]))
      {
        g_autofree char *key = part_key (parts[k]);
        RankedPart p = { GPOINTER_TO_UINT (g_hash_table_lookup (self->rank, key)), parts[k] };

        g_array_append_val (kept, p);
      }
  /* A result that differs in nothing shown keeps its whole summary. */
  if (kept->len == 0)
    return g_strdup (tf_result_row_get_attrs_text (row));
  g_array_sort (kept, compare_ranked);   /* stable enough: ranks are distinct per key */
  for (guint k = 0; k < kept->len; k++)
    {
      if (text->len > 0)
        g_string_append (text, PART_SEPARATOR);
      g_string_append (text, g_array_index (kept, RankedPart, k).part);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
