/* SPDX-License-Identifier: GPL-3.0-or-later */
/* family-polarfly.c: PolarFly (Lakhotia et al., SC 2022): the Erdos-Renyi polarity graphs ER_q
 * (diameter-two-private.h), q^2 + q + 1 routers of network degree q + 1 (the q + 1 routers of
 * the quadric q) and diameter 2, for every prime power q; boards spread over the routers
 * (router-family-private.h), p of them at most a router, racks filled with boards in runs.
 * Its q^2 + q + 1 routers are odd in number, so only odd boards can take rails.
 */
#include "router-family-private.h"
#include "galois-field-private.h"

/* 64: 4,161 routers of degree 65. */
#define Q_MAX 64

static gboolean
polarfly_q_check (guint    q,
                  GString *why)
{
  guint p, m;

  if (!tf_prime_power (q, &p, &m))
    return tf_reject (why, "q = %u: q must be a prime power (2, 3, 4, 5, 7, 8, 9, 11, ...)", q);
  return TRUE;
}

static guint
polarfly_n_router (guint q)
{
  return q * q + q + 1;
}

static guint
polarfly_degree_max (guint q)
{
  return q + 1;
}

static guint
polarfly_degree (guint q,
                 guint router)
{
  return router <= q ? q : q + 1;
}

static const TfRouterKind polarfly = {
  .family = "polarfly",
  .q_max = Q_MAX,
  .q_check = polarfly_q_check,
  .graph = tf_polar_fly_graph_get,
  .n_router = polarfly_n_router,
  .degree = polarfly_degree,
  .degree_max = polarfly_degree_max,
  .min_endpoints = TF_THRESHOLD_POLARFLY_MIN_ENDPOINTS,
};

TF_ROUTER_FAMILY_HOOKS (polarfly, polarfly)

static const TfIdKey polarfly_id_keys[] = {
  TF_ROUTER_ID_KEYS (Q_MAX),
};

const TfFamily tf_family_polarfly = {
  .name = "polarfly",
  .description = N_("Routers of a projective plane's polarity graph, diameter 2 with the most "
                    "routers a port count allows"),
  .leaf_tier = TF_TIER_BOARD,
  .scopes = 1u << TF_SCOPE_INTER_RACK,
  .direct = FALSE,
  .walk = polarfly_walk,
  .id_keys = polarfly_id_keys,
  .n_id_keys = G_N_ELEMENTS (polarfly_id_keys),
  .check = polarfly_check,
  .attrs = polarfly_attrs,
  .count = polarfly_count,
  .switch_ports = polarfly_switch_ports,
  .build = polarfly_build,
  .metrics = polarfly_metrics,
  .metrics_need_build = FALSE,
  .attachment = tf_router_family_attachment,
};
