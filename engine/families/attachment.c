/* SPDX-License-Identifier: GPL-3.0-or-later */
/* attachment.c: rails and planes, the attachment choices every switched family shares
 * (attachment-private.h). */
#include "names-private.h"
#include "attachment-private.h"

TF_DEFINE_NAMES (tf_attach_names, TF_N_ATTACH, "board", "rail");

void
tf_attachment_attrs (const TfAttachment *at,
                     guint               chips_per_board,
                     TfAttrs            *attrs)
{
  if (at->attach == TF_ATTACH_RAIL)
    tf_attrs_add_int (attrs, "rails", chips_per_board);
  if (at->planes > 1)
    tf_attrs_add_int (attrs, "planes", at->planes);
}

gboolean
tf_attachment_check (const TfAttachment *at,
                     const TfContext    *ctx,
                     guint               chips_per_board,
                     GString            *why)
{
  if (at->attach >= TF_N_ATTACH)
    return tf_reject (why, "attach = %u: board or rail", at->attach);
  if (at->planes < 1 || ctx->chip_radix % at->planes != 0)
    return tf_reject (why, "planes = %u must divide chip_radix = %u: each plane takes the "
                           "same share of a chip's links", at->planes, ctx->chip_radix);
  if (at->attach == TF_ATTACH_RAIL && chips_per_board < 2)
    return tf_reject (why, "attach = rail: a board of one chip has one rail; its leaf takes "
                           "the board whole");
  return TRUE;
}

gboolean
tf_attachment_foreach (const TfContext *ctx,
                       guint            chips_per_board,
                       gboolean       (*visit) (const TfAttachment *at, gpointer data),
                       gpointer         data)
{
  TfAttachment at;

  for (at.attach = 0; at.attach < TF_N_ATTACH; at.attach++)
    {
      if (at.attach == TF_ATTACH_RAIL && chips_per_board < 2)
        continue;
      for (at.planes = 1; at.planes <= ctx->chip_radix; at.planes++)
        if (ctx->chip_radix % at.planes == 0 && !visit (&at, data))
          return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const TfContext *ctx;
  gboolean       (*visit) (guint n_endpoint, const TfAttachment *at, gpointer data);
  gpointer         data;
  guint            n_endpoint;
} Boards;

static gboolean
boards_attachment (const TfAttachment *at,
                   gpointer            data)
{
  Boards *b = data;

  return b->visit (b->n_endpoint, at, b->data);
}

static gboolean
boards_count (guint    n_endpoint,
              gpointer data)
{
  Boards *b = data;

  b->n_endpoint = n_endpoint;
  return tf_attachment_foreach (b->ctx, b->ctx->n_chip / n_endpoint, boards_attachment, b);
}

gboolean
tf_attachment_foreach_boards (const TfContext *ctx,
                              gboolean       (*visit) (guint n_endpoint, const TfAttachment *at,
                                                       gpointer data),
                              gpointer         data)
{
  Boards b = { ctx, visit, data, 0 };

  return tf_foreach_divisor (ctx->n_chip, boards_count, &b);
}

guint
tf_attachment_n_endpoint (const TfAttachment *at,
                          guint               n_board,
                          guint               chips_per_board)
{
  return at->attach == TF_ATTACH_RAIL ? n_board * chips_per_board : n_board;
}

void
tf_attachment_set_endpoint_boards (const TfAttachment *at,
                                   TfBuild            *build)
{
  if (at->attach != TF_ATTACH_RAIL)
    return;
  build->endpoint_board = g_new (guint32, build->n_endpoint);
  for (guint e = 0; e < build->n_endpoint; e++)
    build->endpoint_board[e] = e / build->chips_per_board;
}

void
tf_attachment_plane_prefix (const TfAttachment *at,
                            guint               q,
                            char                prefix[16])
{
  prefix[0] = '\0';
  if (at->planes > 1)
    g_snprintf (prefix, 16, "p%u.", q);
}
