/* SPDX-License-Identifier: GPL-3.0-or-later */
/* router-family-private.h: families whose switches are the routers of one fixed graph, chosen
 * by a parameter q, with boards spread over them (Slim Fly and PolarFly,
 * diameter-two-private.h).
 *
 * A result is q, the boards (n_endpoint, dividing n_chip: the reverse derivation of chips per
 * board) and the attachment (rails and planes, attachment-private.h). The routers' G rail
 * groups (the routers, or with rails runs of C_board routers, C_board dividing their number)
 * take the boards in order and evenly: board e on group floor (e G / n_endpoint), so every
 * group hosts floor or ceil (n_endpoint / G) boards, p the larger, and no router hosts none (a
 * smaller q is then the design). p is at most the routers' network degree k': more would
 * oversubscribe the network beyond the families' own balance, p = ceil (k' / 2), twice over.
 *
 * Rail groups fill racks in number order, each with the boards it hosts, as many as a rack holds
 * by count and by power, and racks fill pods in runs: routers in number order (a Slim Fly row
 * pair, a PolarFly cluster) stand in neighbouring racks. The papers' rack of a whole row pair
 * with its endpoints would hold 2 q p boards, far beyond a rack's power for accelerator
 * boards.
 */
#pragma once

#include "attachment-private.h"
#include "diameter-two-private.h"
#include "family-private.h"

G_BEGIN_DECLS

typedef struct
{
  guint32      q;
  guint32      p;
  guint32      n_endpoint;
  TfAttachment at;
} TfRouterParams;

typedef struct
{
  const char *family;          /* for messages */
  guint       q_max;
  /* FALSE, with the rule in @why, when q has no graph. */
  gboolean  (*q_check) (guint q, GString *why);
  const TfDiameterTwoGraph *(*graph) (guint q);   /* shared, never NULL for a q checked */
  guint     (*n_router) (guint q);
  guint     (*degree) (guint q, guint router);   /* network ports */
  guint     (*degree_max) (guint q);
  TfWarningThreshold min_endpoints;   /* below it, degenerate */
} TfRouterKind;

/* The id's keys: q and p are family_attrs too. */
#define TF_ROUTER_ID_KEYS(q_max) \
  TF_ID_KEY_UINT ("q", TfRouterParams, q, 2, q_max, TF_ID_ATTR), \
  TF_ID_KEY_UINT ("p", TfRouterParams, p, 1, TF_N_CHIP_MAX, TF_ID_ATTR), \
  TF_ID_KEY_UINT ("n_endpoint", TfRouterParams, n_endpoint, 1, TF_N_CHIP_MAX, 0), \
  TF_ATTACHMENT_ID_KEYS (TfRouterParams, at)

gboolean tf_router_family_check (const TfRouterKind *kind, const TfContext *ctx,
                                 TfResult *result, GString *why);
gboolean tf_router_family_walk (const TfRouterKind *kind, const TfContext *ctx,
                                TfParamsVisitor visit, gpointer data);
void     tf_router_family_attrs (const TfRouterKind *kind, const TfResult *result,
                                 TfAttrs *attrs);
void     tf_router_family_count (const TfRouterKind *kind, const TfContext *ctx,
                                 const TfResult *result, TfMetrics *metrics);
guint64  tf_router_family_switch_ports (const TfRouterKind *kind, const TfContext *ctx,
                                        const TfResult *result);
gboolean tf_router_family_build (const TfRouterKind *kind, const TfContext *ctx,
                                 const TfResult *result, TfBuild *build, GError **error);
void     tf_router_family_metrics (const TfRouterKind *kind, const TfContext *ctx,
                                   const TfResult *result, TfMetrics *metrics);
void     tf_router_family_attachment (const TfResult *result, TfAttachment *at);

/* A family's hooks over its kind, as its TfFamily row wants them. */
#define TF_ROUTER_FAMILY_HOOKS(prefix, kind) \
  static gboolean prefix##_check (const TfContext *ctx, TfResult *result, GString *why) \
  { return tf_router_family_check (&kind, ctx, result, why); } \
  static gboolean prefix##_walk (const TfContext *ctx, TfParamsVisitor visit, gpointer data) \
  { return tf_router_family_walk (&kind, ctx, visit, data); } \
  static void prefix##_attrs (const TfResult *result, TfAttrs *attrs) \
  { tf_router_family_attrs (&kind, result, attrs); } \
  static void prefix##_count (const TfContext *ctx, const TfResult *result, TfMetrics *m) \
  { tf_router_family_count (&kind, ctx, result, m); } \
  static guint64 prefix##_switch_ports (const TfContext *ctx, const TfResult *result) \
  { return tf_router_family_switch_ports (&kind, ctx, result); } \
  static gboolean prefix##_build (const TfContext *ctx, const TfResult *result, TfBuild *b, \
                                  GError **error) \
  { return tf_router_family_build (&kind, ctx, result, b, error); } \
  static void prefix##_metrics (const TfContext *ctx, const TfResult *result, \
                                const TfBuild *build, TfMetrics *m) \
  { tf_router_family_metrics (&kind, ctx, result, m); }

G_END_DECLS
