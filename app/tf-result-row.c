/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-result-row.c: rows of the results tree. */
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
  self->id = tf_result_dup_id (result);
  self->attrs_text = tf_result_dup_attrs_text (result);
  return self;
}

char *
tf_result_dup_attrs_text (const TfResult *result)
{
  GString *text = g_string_new (NULL);
  TfAttrs attrs;

  tf_result_get_attrs (result, &attrs);
  for (guint i = 0; i < attrs.n_attrs; i++)
    {
      g_string_append_printf (text, "%s%s=", i ? " " : "", attrs.attrs[i].key);
      for (guint j = 0; j < attrs.attrs[i].n_values; j++)
        g_string_append_printf (text, "%s%" G_GINT64_FORMAT, j ? "×" : "",
                                attrs.attrs[i].values[j]);
    }
  return g_string_free (text, FALSE);
}

const TfResult *
tf_result_row_get_result (TfResultRow *self)
{
  g_return_val_if_fail (TF_IS_RESULT_ROW (self), NULL);
  return &self->result;
}

const char *
tf_result_row_get_id (TfResultRow *self)
{
  g_return_val_if_fail (TF_IS_RESULT_ROW (self), NULL);
  return self->id;
}

const char *
tf_result_row_get_attrs_text (TfResultRow *self)
{
  g_return_val_if_fail (TF_IS_RESULT_ROW (self), NULL);
  return self->attrs_text;
}

#define CMP(x, y) ((x) < (y) ? -1 : (x) > (y) ? 1 : 0)

int
tf_result_row_compare (TfResultRow    *a,
                       TfResultRow    *b,
                       TfResultColumn  column)
{
  const TfResult *x = &a->result, *y = &b->result;
  int c;

  switch (column)
    {
    case TF_RESULT_COLUMN_STATUS:
      c = CMP (tf_result_get_status (x), tf_result_get_status (y));
      break;
    case TF_RESULT_COLUMN_WARNINGS:
      c = CMP (x->n_warnings, y->n_warnings);
      break;
    case TF_RESULT_COLUMN_N_ENDPOINT:
      c = CMP (x->n_endpoint, y->n_endpoint);
      break;
    case TF_RESULT_COLUMN_CHIPS_PER_BOARD:
      c = CMP (x->chips_per_board, y->chips_per_board);
      break;
    case TF_RESULT_COLUMN_SWITCHES:
      c = CMP (x->metrics.switch_count, y->metrics.switch_count);
      break;
    case TF_RESULT_COLUMN_LINKS:
      c = CMP (x->metrics.link_count, y->metrics.link_count);
      break;
    case TF_RESULT_COLUMN_DIAMETER:
      c = CMP (x->metrics.diameter, y->metrics.diameter);
      break;
    case TF_RESULT_COLUMN_BISECTION:
      c = CMP (x->metrics.bisection_links, y->metrics.bisection_links);
      if (c == 0)
        c = CMP (x->metrics.bisection_bandwidth, y->metrics.bisection_bandwidth);
      break;
    case TF_RESULT_COLUMN_PATH_DIVERSITY:
      c = CMP (x->metrics.path_diversity, y->metrics.path_diversity);
      break;
    case TF_RESULT_COLUMN_ID:
    case TF_RESULT_N_COLUMNS:
    default:
      c = CMP (tf_result_get_status (x), tf_result_get_status (y));
      break;
    }
  /* Ties keep the engine's order: fewer warnings first, then the family's own order. */
  if (c == 0)
    c = CMP (x->n_warnings, y->n_warnings);
  if (c == 0)
    c = CMP (x->order, y->order);
  return c;
}

struct _TfFamilyRow
{
  GObject         parent_instance;
  const TfFamily *family;
  guint64         total;
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
