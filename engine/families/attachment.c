/* SPDX-License-Identifier: GPL-3.0-or-later */
/* attachment.c: rails and planes, the attachment choices every switched family shares
 * (attachment-private.h). */
#include "names-private.h"
#include "attachment-private.h"

TF_DEFINE_NAMES (tf_attach_names, TF_N_ATTACH, "board", "rail");

gboolean
tf_attachment_parse_id (TfIdArgs      *args,
                        TfAttachment  *at,
                        GError       **error)
{
  guint planes = 1;

  at->attach = TF_ATTACH_BOARD;
  at->planes = 1;
  if (tf_id_args_has (args, "attach"))
    {
      guint attach;

      if (!tf_id_args_get_name (args, "attach", tf_attach_names, &attach, error))
        return FALSE;
      if (attach == TF_ATTACH_BOARD)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                       "id '%s': attach=board: the default; leave it out", args->id);
          return FALSE;
        }
      at->attach = attach;
    }
  if (tf_id_args_has (args, "planes"))
    {
      if (!tf_id_args_get_uint (args, "planes", 1, TF_CHIP_RADIX_MAX, &planes, error))
        return FALSE;
      if (planes == 1)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_ID,
                       "id '%s': planes=1: the default; leave it out", args->id);
          return FALSE;
        }
      at->planes = planes;
    }
  return TRUE;
}

void
tf_attachment_format_id (const TfAttachment *at,
                         GString            *out)
{
  if (at->attach != TF_ATTACH_BOARD)
    tf_id_append_name (out, "attach", tf_attach_names.names[at->attach]);
  if (at->planes > 1)
    tf_id_append_uint (out, "planes", at->planes);
}

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
