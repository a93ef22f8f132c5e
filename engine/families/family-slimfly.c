/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-slimfly.c: Slim Fly (Besta and Hoefler, SC 2014): the McKay-Miller-Siran graphs
 * (diameter-two-private.h), 2 q^2 routers of network degree k' = (3 q - d) / 2 and diameter 2,
 * for prime powers q = 4 w + d, d in {-1, 0, 1}; boards spread over the routers
 * (router-family-private.h), p of them at most a router, racks filled with boards in runs.
 */
#include "router-family-private.h"

/* 32: 2,048 routers of degree 47, enough for 65,536 chips at 32 a router. */
#define Q_MAX 32

static gboolean
slimfly_q_check (guint    q,
                 GString *why)
{
  gint delta;

  if (!tf_slim_fly_delta (q, &delta))
    return tf_reject (why, "q = %u: q must be a prime power 4 w + d with d = -1, 0 or 1 "
                      "(3, 4, 5, 7, 8, 9, 11, 13, 16, ...)", q);
  return TRUE;
}

static guint
slimfly_n_router (guint q)
{
  return 2 * q * q;
}

static guint
slimfly_degree_max (guint q)
{
  gint delta = 0;

  tf_slim_fly_delta (q, &delta);
  return (guint) (3 * (gint) q - delta) / 2;
}

static guint
slimfly_degree (guint q,
                guint router)
{
  return slimfly_degree_max (q);
}

static const TfRouterKind slimfly = {
  .family = "slimfly",
  .q_max = Q_MAX,
  .q_check = slimfly_q_check,
  .graph = tf_slim_fly_graph_get,
  .n_router = slimfly_n_router,
  .degree = slimfly_degree,
  .degree_max = slimfly_degree_max,
  .min_endpoints = TF_THRESHOLD_SLIMFLY_MIN_ENDPOINTS,
};

TF_ROUTER_FAMILY_HOOKS (slimfly, slimfly)

static const TfIdKey slimfly_id_keys[] = {
  TF_ROUTER_ID_KEYS (Q_MAX),
};

const TfFamily tf_family_slimfly = {
  .name = "slimfly",
  .description = N_("Routers of a McKay-Miller-Siran graph, diameter 2 at the lowest cost a "
                    "router's ports allow"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTER_RACK,
  .direct = FALSE,
  .walk = slimfly_walk,
  .id_keys = slimfly_id_keys,
  .n_id_keys = G_N_ELEMENTS (slimfly_id_keys),
  .check = slimfly_check,
  .attrs = slimfly_attrs,
  .count = slimfly_count,
  .switch_ports = slimfly_switch_ports,
  .build = slimfly_build,
  .metrics = slimfly_metrics,
  .metrics_need_build = FALSE,
  .attachment = tf_router_family_attachment,
};
