/* SPDX-License-Identifier: GPL-3.0-or-later */
/* candidate.c: the TopologyCandidate. */
#include "optimizer-private.h"

TfCandidate *
tf_candidate_new (void)
{
  return g_new0 (TfCandidate, 1);
}

void
tf_candidate_free (TfCandidate *candidate)
{
  if (candidate == NULL)
    return;
  tf_topology_clear (&candidate->topology);
  g_free (candidate->origin.seed_id);
  g_free (candidate->rejected);
  g_free (candidate);
}

gboolean
tf_candidate_write_yaml (const TfCandidate *c, const TfSearchConfig *config, GString *out, GError **error)
{
  (void) config;
  return tf_topology_write_yaml (&c->topology, out, error);
}

gboolean
tf_candidate_load_data (const char *name, const char *data, gsize length, TfCandidate *out, GError **error)
{
  return tf_topology_load_data (name, data, length, NULL, &out->topology, error);
}
