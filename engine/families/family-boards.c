/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-boards.c: n_endpoint as the whole parameter space (ring, full-mesh, single-switch). */
#include "family-boards-private.h"

typedef struct
{
  guint32 n_endpoint;
} BoardsParams;

typedef struct
{
  TfParamsVisitor visit;
  gpointer        data;
} Walk;

static gboolean
walk_endpoint (guint    n_endpoint,
               gpointer data)
{
  Walk *w = data;
  BoardsParams b = { n_endpoint };
  TfParams params;

  TF_PARAMS_SET (&params, BoardsParams, &b);
  return w->visit (&params, w->data);
}

gboolean
tf_boards_walk (const TfContext *ctx,
                TfParamsVisitor  visit,
                gpointer         data)
{
  Walk w = { visit, data };

  return tf_foreach_divisor (ctx->n_chip, walk_endpoint, &w);
}

gboolean
tf_boards_check (const TfContext *ctx,
                 TfResult        *result,
                 guint            min,
                 GString         *why)
{
  BoardsParams b;

  TF_PARAMS_GET (&result->params, BoardsParams, &b);
  if (b.n_endpoint < min || ctx->n_chip % b.n_endpoint != 0)
    return tf_reject (why, "n_endpoint = %u must be at least %u and divide n_chip = %u",
                      b.n_endpoint, min, ctx->n_chip);
  result->n_endpoint = b.n_endpoint;
  result->chips_per_board = ctx->n_chip / b.n_endpoint;
  return TRUE;
}

const TfIdKey tf_boards_id_keys[1] = {
  TF_ID_KEY_UINT ("n_endpoint", BoardsParams, n_endpoint, 1, TF_N_CHIP_MAX, 0),
};

