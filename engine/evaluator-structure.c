/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-structure.c: Layer 1 of the evaluator, graph structure. */
#include "optimizer-private.h"

#include <string.h>

gboolean tf_evaluate_structure (const TfSearchConfig *config, TfCandidate *candidate, GError **error)
{ (void) config; (void) candidate; (void) error; return TRUE; }
void tf_hop_table_init (TfHopTable *t, const TfNetworkGraph *g) { memset (t, 0, sizeof *t); t->graph = g; }
void tf_hop_table_clear (TfHopTable *t) { (void) t; }
guint tf_hop_table_distance (const TfHopTable *t, guint32 a, guint32 b) { (void) t; return a != b; }
