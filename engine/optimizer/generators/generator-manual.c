/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-manual.c: the user's own designs as seeds (generators.manual, the spec's
 * manual_seed origin): each file of the configuration's list, loaded as
 * tf_candidate_load_file loads it (an optimizer candidate keeps its origin, any other file is a
 * manual seed) and given the configuration's hardware as the search's own designs have it, in
 * the first population before every other generator's seeds. The search evaluates them like
 * any candidate: one that breaks a hard constraint is rejected and counted, and the mutator and
 * the crossover edit the others as they edit any graph. */
#include "generators-private.h"

static gboolean
enabled (const TfSearchConfig *config)
{
  return config->n_manual_files > 0;
}

/* The files are read here, when the search starts: one that changed since the configuration
 * was read and no longer loads, or no longer has n_chip chips, is the search's error. */
static gboolean
init (gpointer              state,
      const TfSearchConfig *config,
      GRand                *rng,
      GPtrArray            *out,
      GError              **error)
{
  for (guint i = 0; i < config->n_manual_files; i++)
    {
      g_autoptr(TfCandidate) c = tf_candidate_new ();

      if (!tf_candidate_load_file (config->manual_files[i], c, error)
          || !tf_candidate_adopt_hardware (config, c, error))
        {
          g_prefix_error (error, "generators.manual.files[%u]: ", i);
          return FALSE;
        }
      g_ptr_array_add (out, g_steal_pointer (&c));
    }
  return TRUE;
}

const TfGenerator tf_generator_manual = {
  .name = "manual",
  .capabilities = TF_GENERATOR_INIT,
  .enabled = enabled,
  .init = init,
};
