/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-pruning.c: the sampler's pruning (the baseline and random search keep only an
 * archive): a design the archive already matches or beats, its failure objectives bounded from
 * Layer 1's paths, is not taken through the failure analysis (docs/optimizer.md, "The search";
 * docs/spec-notes.md). Exact: the archive is the one the whole evaluation gives.
 */
#include <math.h>

#include "search-private.h"

/* The rows of @rows (@m objectives each) that lack an objective: the designs pruned. */
guint
tf_search_count_pruned (const GArray *rows,
                        guint         m)
{
  guint n = 0;

  for (guint i = 0; m > 0 && rows != NULL && i + m <= rows->len; i += m)
    for (guint k = 0; k < m; k++)
      if (isnan (g_array_index (rows, double, i + k)))
        {
          n++;
          break;
        }
  return n;
}

/* Whether a member of the archive matches or beats @bounds in every objective: a candidate so
 * bounded cannot enter it (tf_front_merge keeps one candidate per objective vector, the
 * archive's first). */
static gboolean
archive_covers (const Run    *run,
                const double *bounds)
{
  for (guint i = 0; run->archive != NULL && i < run->archive->len; i++)
    {
      const TfCandidate *a = g_ptr_array_index (run->archive, i);
      guint k;

      for (k = 0; k < run->m && a->objectives[k] <= bounds[k]; k++)
        ;
      if (k == run->m)
        return TRUE;
    }
  return FALSE;
}

/* A batch of the sampler's design points (the baseline, random search), evaluated as far as
 * the archive needs: Layer 1's failure analysis, the dearest layer by far on graphs that lost
 * their symmetry, comes last, and a point whose other objectives and failure bounds
 * (tf_candidate_bound_objectives) an archive member matches or beats is left there, pruned, its
 * failure objectives NaN: the spec's early pruning (更早剪枝). The archive is the one the whole
 * evaluation would give, and so is every hypervolume. Any evaluator (threads, MPI) does it. */
gboolean
tf_search_evaluate_sampled (Run       *run,
                            GPtrArray *batch)
{
  const TfSearchConfig *config = run->config;
  guint layers = tf_search_config_get_objective_layers (config);
  g_autoptr(GPtrArray) rest = g_ptr_array_new ();

  if (!(layers & TF_LAYER_FAILURES) || run->options->unpruned)
    return tf_evaluate_batch (config, run->options->evaluator, tf_search_threads (run),
                              run->options->cancel, batch, &run->out->stats);
  if (!tf_evaluate_batch_layers (config, run->options->evaluator, tf_search_threads (run),
                                 run->options->cancel, batch, layers & ~TF_LAYER_FAILURES,
                                 &run->out->stats))
    return FALSE;
  for (guint i = 0; i < batch->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (batch, i);
      double bounds[TF_N_OBJECTIVES];
      gboolean exact;

      if (c->rejected != NULL)
        continue;
      if (!tf_candidate_bound_objectives (config, c, bounds, &exact) || exact
          || !archive_covers (run, bounds))
        {
          g_ptr_array_add (rest, c);
          continue;
        }
      c->pruned = TRUE;
      for (guint k = 0; k < run->m; k++)
        c->objectives[k] = (tf_objective_get_layers (config->objectives[k])
                            & ~c->evaluation.layers) == 0 ? bounds[k] : NAN;
    }
  return tf_evaluate_batch_layers (config, run->options->evaluator, tf_search_threads (run),
                                   run->options->cancel, rest, layers, &run->out->stats);
}
