/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator.c: the layered evaluator. */
#include "optimizer-private.h"

gboolean
tf_evaluate (const TfSearchConfig *config, TfCandidate *candidate, guint layers,
             TfEvaluatorStats *stats, GError **error)
{
  (void) stats;
  if ((layers & TF_LAYER_STRUCTURE) && !tf_evaluate_structure (config, candidate, error))
    return FALSE;
  if ((layers & TF_LAYER_COLLECTIVES) && !tf_evaluate_collectives (config, candidate, error))
    return FALSE;
  if ((layers & TF_LAYER_ITERATION) && !tf_evaluate_iteration (config, candidate, error))
    return FALSE;
  if ((layers & TF_LAYER_COST) && !tf_evaluate_cost (config, candidate, error))
    return FALSE;
  return TRUE;
}

gboolean
tf_candidate_check_constraints (const TfSearchConfig *config, TfCandidate *candidate, GString *why)
{
  (void) config; (void) candidate; (void) why;
  return TRUE;
}
