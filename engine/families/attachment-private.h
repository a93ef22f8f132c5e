/* SPDX-License-Identifier: GPL-3.0-or-later */
/* attachment-private.h: how a switched family's chips attach to its fabric (issue 15, item 3).
 *
 * Two choices, the same for every switched family (fat-tree, single-switch, Dragonfly,
 * Dragonfly+, HyperX):
 *  - attach: "board", a leaf port takes a whole board (a bundle of its C chips' links), the
 *    spec's form; or "rail", rail-optimized: the C chips of each board go to C different leaves,
 *    chip j of each of a rail group's boards on leaf j of the group's C leaves, so a leaf port
 *    is one chip's link. A family with rails builds chips as its endpoints (TfBuild's
 *    endpoint_board), board by board.
 *  - planes = P: P identical copies of the switched fabric, no link between them, each chip's
 *    chip_radix links split evenly among them (P divides chip_radix), as a node's NIC ports each
 *    go to their own plane. Switch ids of plane q start "p<q>.".
 * Ids write attach=rail and planes=P only when they are not the default (board, 1).
 */
#pragma once

#include "family-private.h"

G_BEGIN_DECLS

/* TfAttach and TfAttachment are in family-private.h, for the family hook. */

extern const TfNames tf_attach_names;

/* attach= and planes= of a switched family's id keys (@field: its TfAttachment in the family's
 * parameters @type), their defaults when left out (and refused when written as the default, so
 * a result has one id). */
#define TF_ATTACHMENT_ID_KEYS(type, field) \
  { .key = "attach", .kind = TF_ID_NAME, .offset = G_STRUCT_OFFSET (type, field.attach), \
    .names = &tf_attach_names, .flags = TF_ID_OPTIONAL, .default_value = TF_ATTACH_BOARD }, \
  { .key = "planes", .kind = TF_ID_UINT, .offset = G_STRUCT_OFFSET (type, field.planes), \
    .min = 1, .max = TF_CHIP_RADIX_MAX, .flags = TF_ID_OPTIONAL, .default_value = 1 }
/* "rails" (C_board) and "planes", where they differ from the spec's form. */
void     tf_attachment_attrs (const TfAttachment *at, guint chips_per_board, TfAttrs *attrs);
/* The hard rules: P divides chip_radix; rails need two chips or more a board. */
gboolean tf_attachment_check (const TfAttachment *at, const TfContext *ctx,
                              guint chips_per_board, GString *why);
/* Visits each attachment legal for boards of @chips_per_board chips: board then rail, planes
 * increasing; stops when @visit returns FALSE. */
gboolean tf_attachment_foreach (const TfContext *ctx, guint chips_per_board,
                                gboolean (*visit) (const TfAttachment *at, gpointer data),
                                gpointer data);
/* Visits each board count n_endpoint (a divisor of n_chip, increasing) with each attachment
 * legal for its boards (tf_attachment_foreach's order); stops when @visit returns FALSE. */
gboolean tf_attachment_foreach_boards (const TfContext *ctx,
                                       gboolean (*visit) (guint n_endpoint,
                                                          const TfAttachment *at,
                                                          gpointer data),
                                       gpointer data);
/* The build's endpoints: the boards, or with rails the chips, board by board (fills
 * endpoint_board). Call after tf_build_set_shape with n_endpoint = tf_attachment_n_endpoint. */
guint    tf_attachment_n_endpoint (const TfAttachment *at, guint n_board, guint chips_per_board);
void     tf_attachment_set_endpoint_boards (const TfAttachment *at, TfBuild *build);
/* The leaf of endpoint @e among leaves numbered in order, when each leaf takes @per_leaf of
 * its ports' endpoints (boards; with rails, chips of that many boards, a rail group of
 * @chips_per_board leaves). */
static inline guint
tf_attachment_leaf (const TfAttachment *at,
                    guint               e,
                    guint               per_leaf,
                    guint               chips_per_board)
{
  if (at->attach != TF_ATTACH_RAIL)
    return e / per_leaf;
  return (e / chips_per_board / per_leaf) * chips_per_board + e % chips_per_board;
}
/* Leaves a rail group holds: C_board with rails, else 1. */
static inline guint
tf_attachment_rails (const TfAttachment *at,
                     guint               chips_per_board)
{
  return at->attach == TF_ATTACH_RAIL ? chips_per_board : 1;
}
/* The id prefix of plane @q's switches: "" with one plane, else "p<q>.". */
void     tf_attachment_plane_prefix (const TfAttachment *at, guint q, char prefix[16]);

G_END_DECLS
