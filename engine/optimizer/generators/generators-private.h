/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generators-private.h: what the generators (generator-<name>.c, one registry line in
 * optimizer/generators/meson.build each) share beyond the protocol in optimizer.h: the credit of
 * adaptive operator rates and the dual-homing edit.
 */
#pragma once

#include "evaluator-private.h"
#include "search-config-private.h"

G_BEGIN_DECLS

/* Adaptive rates (docs/optimizer.md): an arm's successes and trials, halved every generation,
 * and the factor its configured rate is scaled by, (successes + 5) / (trials + 10), at least
 * 0.05. */
typedef struct
{
  double successes;
  double trials;
} TfCredit;

void   tf_credit_add (TfCredit *credit, gboolean entered);
void   tf_credit_decay (TfCredit *credit);
double tf_credit_factor (const TfCredit *credit);
/* Counts a run can have: finite, 0 <= successes <= trials (a checkpoint's, checked). */
gboolean tf_credit_is_valid (const TfCredit *credit);

/* @graph dual-homed into @out (dual-homing.c): every leaf switch gets a twin in its place, every
 * chip on it a second link to the twin, the leaf's switch links dealt between the two.
 * TF_ERROR_INVALID_MUTATION when no switch has chips, a leaf has one switch link to share or
 * the result holds dead hardware (tf_network_graph_find_dead_switch; @out is then cleared).
 * The caller checks the invariants and the hardware. */
gboolean tf_network_graph_dual_home (const TfNetworkGraph *graph, TfNetworkGraph *out,
                                     GError **error);
G_END_DECLS
