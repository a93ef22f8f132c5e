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
};

G_DEFINE_FINAL_TYPE (TfFamilyRow, tf_family_row, G_TYPE_OBJECT)

static void
tf_family_row_finalize (GObject *object)
{
  TfFamilyRow *self = TF_FAMILY_ROW (object);

  g_free (self->excluded);
  g_clear_object (&self->results);
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
