/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-boards-private.h: the parameter space shared by families whose one parameter is the
 * number of boards, n_endpoint, a divisor of n_chip (ring, full-mesh, single-switch). */
#pragma once

#include "family-private.h"

G_BEGIN_DECLS

/* Every divisor of n_chip, increasing. */
gboolean tf_boards_walk (const TfContext *ctx, TfParamsVisitor visit, gpointer user_data);
/* n_endpoint divides n_chip and is at least @min; fills n_endpoint and chips_per_board. */
gboolean tf_boards_check (const TfContext *ctx, TfResult *result, guint min, GString *why);
gboolean tf_boards_parse_id (TfIdArgs *args, TfParams *params, GError **error);
void     tf_boards_format_id (const TfParams *params, GString *out);
/* The spec gives these families no attributes. */
void     tf_boards_attrs (const TfResult *result, TfAttrs *attrs);

G_END_DECLS
