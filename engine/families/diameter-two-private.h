/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diameter-two-private.h: the router graphs of the diameter-two families, built over GF(q)
 * (galois-field-private.h).
 *
 * Slim Fly (Besta and Hoefler, SC 2014) uses the McKay-Miller-Siran graphs: q a prime power,
 * q = 4w + d with d in {-1, 0, 1}; routers (s, a, b), s in {0, 1}, a and b in GF(q), 2 q^2 of
 * them; (0, x, y) ~ (0, x, y') when y - y' is in X, (1, m, c) ~ (1, m, c') when c - c' is in
 * X', and (0, x, y) ~ (1, m, c) when y = m x + c, with the paper's generator sets X and X' of
 * (q - d) / 2 powers of a primitive element each. Every router has network degree (3 q - d) / 2
 * and the diameter is 2. Router (s, a, b) is number 2 q a + q s + b: group a holds the 2 q
 * routers (0, a, .) and (1, a, .), which the paper lays out in one rack, routers 2 q a to
 * 2 q a + 2 q - 1.
 *
 * PolarFly (Lakhotia et al., SC 2022) uses the Erdos-Renyi polarity graphs ER_q: the q^2 + q + 1
 * points of the projective plane over GF(q), u ~ v when u . v = 0 and u != v. The q + 1
 * absolute points (u . u = 0, the quadric) have degree q, the others q + 1; the diameter is 2.
 * Numbered with the quadric first (routers 0 .. q, group 0), then the other q^2 points in the
 * order (1, a, b), (0, 1, b), (0, 0, 1), q a group (groups 1 .. q).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint    n_router;
  guint    n_group;
  GArray  *edges;     /* guint32 pairs (a, b), a < b, each link once, ordered by a then b */
  guint32 *group;     /* of each router: Slim Fly's row pair, PolarFly's quadric or cluster */
  guint32 *upper;     /* n_router + 1 offsets: router a's links are edges upper[a] ..
                       * upper[a + 1] - 1, to b > a in increasing order */
} TfDiameterTwoGraph;

/* q's d (q = 4w + d), or FALSE when q is not a prime power of that form up to 256. */
gboolean tf_slim_fly_delta (guint q, gint *delta);
/* FALSE when q has no graph of the kind (Slim Fly: tf_slim_fly_delta; PolarFly: a prime power
 * up to 256). */
gboolean tf_slim_fly_graph (guint q, TfDiameterTwoGraph *graph);
gboolean tf_polar_fly_graph (guint q, TfDiameterTwoGraph *graph);
void     tf_diameter_two_graph_clear (TfDiameterTwoGraph *graph);

/* The graph of q, made once for the process and shared (it never changes; enumerating a large
 * chip count asks for the same few graphs thousands of times): NULL when q has none. */
const TfDiameterTwoGraph *tf_slim_fly_graph_get (guint q);
const TfDiameterTwoGraph *tf_polar_fly_graph_get (guint q);

G_END_DECLS
