/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-result-row.h: the rows of the results list: a family with its results, and one result.
 * The engine's query decides which results there are and their order; the rows only hold
 * them. */
#pragma once

#include <gio/gio.h>

#include "topoforge.h"

G_BEGIN_DECLS

/* A result's parameters for people, what tells results apart first: "32×32 · board 2×2",
 * "3 layers · k 32 · osr 1". Derived from tf_result_get_attrs (): a count whose key is a
 * plural noun reads "3 layers" and comes first; a leading list reads bare ("32×32"); any other
 * attribute reads as its key's first word and its values ("board 2×2", "k 32"). */
char           *tf_result_dup_attrs_text (const TfResult *result);

#define TF_TYPE_RESULT_ROW (tf_result_row_get_type ())
G_DECLARE_FINAL_TYPE (TfResultRow, tf_result_row, TF, RESULT_ROW, GObject)

TfResultRow    *tf_result_row_new (const TfResult *result);
const TfResult *tf_result_row_get_result (TfResultRow *self);
/* The exact id generate --id takes. */
const char     *tf_result_row_get_id (TfResultRow *self);
/* tf_result_dup_attrs_text () of the result. */
const char     *tf_result_row_get_attrs_text (TfResultRow *self);

#define TF_TYPE_FAMILY_ROW (tf_family_row_get_type ())
G_DECLARE_FINAL_TYPE (TfFamilyRow, tf_family_row, TF, FAMILY_ROW, GObject)

/* Copies the family's results. */
TfFamilyRow    *tf_family_row_new (const TfFamilyEnumeration *family);
/* Replaces the results by those of a new enumeration of the same family (a larger limit). */
void            tf_family_row_set_results (TfFamilyRow *self, const TfFamilyEnumeration *family);
const TfFamily *tf_family_row_get_family (TfFamilyRow *self);
/* Legal results in the context, before the query. */
guint64         tf_family_row_get_total (TfFamilyRow *self);
/* Legal results that pass the query; the row holds the first of them (GListModel). */
guint64         tf_family_row_get_matched (TfFamilyRow *self);
guint64         tf_family_row_get_oversize (TfFamilyRow *self);
const char     *tf_family_row_get_excluded (TfFamilyRow *self);
/* A GListModel of TfResultRow. */
GListModel     *tf_family_row_get_results (TfFamilyRow *self);
/* What tells the results apart under their family's header: the parts of the summaries
 * (tf_result_dup_attrs_text (), split at " · ") that all the family's listed results share, in
 * the first one's order ("3 layers · osr 1", or "" for fewer than two results), and a result's
 * summary without them (its whole summary when nothing else is left), the kinds of part that
 * change most often from one listed row to the next first ("16 rails · w 16×16×16 · k 32"). */
const char     *tf_family_row_get_common_text (TfFamilyRow *self);
char           *tf_family_row_dup_distinct_text (TfFamilyRow *self, TfResultRow *row);

G_END_DECLS
