/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-result-row.h: the rows of the results tree: a family with its results, and one result. */
#pragma once

#include <gio/gio.h>

#include "topoforge.h"

G_BEGIN_DECLS

/* Columns the tree sorts by. The first, the family and its key attributes, keeps the
 * engine's order: recommended first, then fewer warnings, then the family's traversal. */
typedef enum
{
  TF_RESULT_COLUMN_ID,
  TF_RESULT_COLUMN_STATUS,
  TF_RESULT_COLUMN_WARNINGS,
  TF_RESULT_COLUMN_N_ENDPOINT,
  TF_RESULT_COLUMN_CHIPS_PER_BOARD,
  TF_RESULT_COLUMN_SWITCHES,
  TF_RESULT_COLUMN_LINKS,
  TF_RESULT_COLUMN_DIAMETER,
  TF_RESULT_COLUMN_BISECTION,
  TF_RESULT_COLUMN_PATH_DIVERSITY,
  TF_RESULT_N_COLUMNS
} TfResultColumn;

/* A result's key attributes for people: "k=8 layers=2 w_levels=4×4". */
char           *tf_result_dup_attrs_text (const TfResult *result);

#define TF_TYPE_RESULT_ROW (tf_result_row_get_type ())
G_DECLARE_FINAL_TYPE (TfResultRow, tf_result_row, TF, RESULT_ROW, GObject)

TfResultRow    *tf_result_row_new (const TfResult *result);
const TfResult *tf_result_row_get_result (TfResultRow *self);
const char     *tf_result_row_get_id (TfResultRow *self);
/* "k=8 layers=2 ..." for the attributes column. */
const char     *tf_result_row_get_attrs_text (TfResultRow *self);
int             tf_result_row_compare (TfResultRow *a, TfResultRow *b, TfResultColumn column);

#define TF_TYPE_FAMILY_ROW (tf_family_row_get_type ())
G_DECLARE_FINAL_TYPE (TfFamilyRow, tf_family_row, TF, FAMILY_ROW, GObject)

/* Copies the family's results. */
TfFamilyRow    *tf_family_row_new (const TfFamilyEnumeration *family);
/* Replaces the results by those of a new enumeration of the same family (a lifted cap). */
void            tf_family_row_set_results (TfFamilyRow *self, const TfFamilyEnumeration *family);
const TfFamily *tf_family_row_get_family (TfFamilyRow *self);
/* Legal results in the context; the row holds the first of them (GListModel). */
guint64         tf_family_row_get_total (TfFamilyRow *self);
guint64         tf_family_row_get_oversize (TfFamilyRow *self);
const char     *tf_family_row_get_excluded (TfFamilyRow *self);
/* A GListModel of TfResultRow. */
GListModel     *tf_family_row_get_results (TfFamilyRow *self);

G_END_DECLS
