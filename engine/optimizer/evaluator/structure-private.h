/* SPDX-License-Identifier: GPL-3.0-or-later */
/* structure-private.h: what the files of Layer 1 (evaluator-structure.c) share: the path metrics
 * under failures (evaluator-failures.c), on the twin quotient and its pair sums
 * (quotient-private.h); and its part of its own, switch_diversity (evaluator-diversity.c).
 */
#pragma once

#include "evaluator-private.h"
#include "quotient-private.h"
#include "group-rotation-private.h"

G_BEGIN_DECLS

/* Path metrics under failures */

typedef struct
{
  guint  diameter;
  double apl;
  double apl_fail;
  double disconnected_fraction;
  guint  failure_cases;
  gboolean failures_done;   /* apl_fail and disconnected_fraction computed */
  /* else, from a sample of the sources' failure analysis (switch failures; 0 with none), lower
   * bounds on the hops the failures add to the mean path, summed over the failures (what
   * apl_fail_excess is), and on the fraction of pairs they cut, summed likewise */
  double hops_bound;
  double cut_bound;
} TfPathMetrics;

/* diameter, apl and the failure metrics of @graph (evaluator-structure.c's header); @penalty:
 * hops a cut pair counts, 0 for n_chip. A graph whose chips cannot all reach each other is a
 * TF_ERROR_INVARIANT "connectivity: ..." error. @rotation (may be NULL): the rotation of its
 * groups its family declares, used for switch failures where it holds (group-rotation.c). With
 * @hops (may be NULL), the chip hop table is filled on the way when the searches done from
 * every class of twin chips (or a rotation) give it (switch failures; not a chip-transitive
 * direct network), else left zeroed. Without @with_failures, apl_fail and disconnected_fraction
 * are left out where they cost more searches than the paths (out->failures_done says), and
 * bounded from below by an eighth of the sources' failure analysis. */
gboolean tf_path_metrics (const TfNetworkGraph *graph, gboolean chip_transitive,
                          gboolean with_failures, TfFailures failures, double penalty,
                          const TfGroupRotation *rotation, TfHopTable *hops,
                          TfPathMetrics *out, GError **error);

/* switch_diversity, the layer TF_LAYER_STRUCTURE on top of TF_LAYER_PATHS (evaluator.c's
 * table). */
gboolean tf_evaluate_switch_diversity (const TfSearchConfig *config, TfCandidate *candidate,
                                       GError **error);

G_END_DECLS
