/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-iteration.c: Layers 3 and 4 of the evaluator, iteration time and workflow. */
#include "optimizer-private.h"

#include <string.h>

gboolean tf_evaluate_iteration (const TfSearchConfig *config, TfCandidate *candidate, GError **error)
{ (void) config; (void) candidate; (void) error; return TRUE; }
