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
/* n_endpoint, the boards: the spec gives these families no family_attrs. */
extern const TfIdKey tf_boards_id_keys[1];

G_END_DECLS
