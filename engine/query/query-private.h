/* SPDX-License-Identifier: GPL-3.0-or-later */
/* query-private.h: a query's filters in the two halves enumerate.c applies apart. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

/* The filters a checked result answers (status, chips per board, the id, the counts a check
 * fills); NULL passes everything. */
gboolean tf_query_match_checked (const TfQuery *query, const TfResult *result);
/* The conditions on metrics, which read result->metrics. */
gboolean tf_query_match_measured (const TfQuery *query, const TfResult *result);

/* tf_enumerate () without measuring: every legal result's id, order, status and closed-form
 * counts, in the same order, and no metrics the walk does not give (the optimizer's seeds are
 * generated and measured one by one). */
gboolean tf_enumerate_checked (const TfContext *ctx, const TfFamily *const *families,
                               guint n_families, TfEnumeration *out, GError **error);

G_END_DECLS
