/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stage-0.c: Stage 0, the family front (docs/optimizer.md, "Stage 0").
 *
 * Before the search, every buildable design point of the generators that have a Stage 0 (the
 * family generator: every result of the configured families, boards and board topologies that
 * can be built, edge cases included) is built and evaluated as the search evaluates its own
 * candidates; beyond generators.family.stage_0_max, a stratified sample the generator draws.
 * Its non-dominated feasible points are the family front: what simply evaluating every
 * buildable family design gives, which the search must beat. The search starts from it (its
 * archive and its first population), and so does the baseline.
 *
 * The points are built on the worker threads in chunks, evaluated (on the threads, or where
 * the run's batch evaluator sends them), and freed but for the front's copies, so the memory
 * held is a chunk's graphs whatever the count. Each gets an id in the generator's order, its
 * fingerprint is remembered and the generator is told it was made, so neither a step of the
 * family generator nor a duplicate of the search builds it again.
 */
#include "search-private.h"

/* Design points built and evaluated at a time: enough for the threads to share, few enough
 * graphs held at once (a 16,384-chip graph is a few MB). */
#define CHUNK 128u

typedef struct
{
  const Run    *run;
  guint         generator;
  const guint  *handles;
  TfCandidate **built;
  guint64      *fingerprints;
  GError      **errors;
} Build;

static void
build_one (gpointer          data,
           guint             index,
           TfEvaluatorStats *stats)
{
  Build *b = data;
  const TfGenerator *gen = tf_generators_get (b->generator);
  TfCandidate *c;

  (void) stats;
  c = gen->stage_0_build (b->run->states[b->generator], b->run->config, b->handles[index],
                          &b->errors[index]);
  if (c != NULL)
    b->fingerprints[index] = tf_network_graph_fingerprint (&c->topology.graph);
  b->built[index] = c;
}

/* One chunk of @gen's handles built, numbered, remembered and evaluated; the feasible ones'
 * rows recorded and the front kept. FALSE with @error on an error, or (@error unset) when a
 * stop was asked for. */
static gboolean
run_chunk (Run         *run,
           guint        gen,
           const guint *handles,
           guint        n,
           GError     **error)
{
  TfSearchResult *out = run->out;
  g_autofree TfCandidate **built = g_new0 (TfCandidate *, n);
  g_autofree guint64 *fingerprints = g_new0 (guint64, n);
  g_autofree GError **errors = g_new0 (GError *, n);
  g_autoptr(GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                               tf_candidate_free);
  Build b = { run, gen, handles, built, fingerprints, errors };
  gboolean ok;

  ok = tf_run_parallel (tf_search_threads (run), n, run->options->cancel, build_one, &b, NULL);
  for (guint i = 0; i < n; i++)
    {
      /* A design point that cannot be built after all (a switch over the largest radix
       * option, a chip with too few ports) is left out; any other failure is an error. */
      if (errors[i] != NULL && ok
          && !g_error_matches (errors[i], TF_ERROR, TF_ERROR_INVALID_MUTATION))
        {
          g_propagate_error (error, g_steal_pointer (&errors[i]));
          ok = FALSE;
        }
      g_clear_error (&errors[i]);
    }
  for (guint i = 0; i < n; i++)
    {
      /* A graph equal to one built before (two ids of one graph) is left out too. */
      if (built[i] == NULL)
        continue;
      if (!ok || tf_search_seen (run->hashes, fingerprints[i]))
        {
          tf_candidate_free (built[i]);
          continue;
        }
      tf_search_remember (run->hashes, fingerprints[i]);
      built[i]->id = run->next_id++;
      tf_search_tell_made (run, built[i]);
      g_ptr_array_add (batch, built[i]);
    }
  if (!ok || !tf_evaluate_batch (run->config, run->options->evaluator, tf_search_threads (run),
                                 run->options->cancel, batch, &out->stats))
    return FALSE;
  out->family_evaluations += batch->len;
  for (guint i = 0; i < batch->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (batch, i);
      TfEvaluatedInfo info;

      if (c->rejected != NULL)
        {
          out->family_rejected++;
          continue;
        }
      info = tf_evaluated_info (c);
      g_array_append_vals (out->family_evaluated, c->objectives, run->m);
      g_array_append_val (out->family_evaluated_info, info);
    }
  tf_front_merge (&run->archive, run->m, batch, NULL);
  return TRUE;
}

gboolean
tf_stage_0_run (Run     *run,
                GError **error)
{
  const TfSearchConfig *config = run->config;
  TfSearchResult *out = run->out;
  gint64 start = g_get_monotonic_time ();
  GArray *handles[TF_N_GENERATORS] = { NULL };
  guint max = config->family_stage_0_max;
  gboolean ok = TRUE;

  out->family_evaluated = g_array_new (FALSE, FALSE, sizeof (double));
  out->family_evaluated_info = g_array_new (FALSE, FALSE, sizeof (TfEvaluatedInfo));
  run->stage_0_total = 0;
  for (guint g = 0; g < tf_generators_get_count (); g++)
    {
      const TfGenerator *gen = tf_generators_get (g);
      guint n_buildable = 0;

      if (run->states[g] == NULL || gen->stage_0 == NULL)
        continue;
      handles[g] = g_array_new (FALSE, FALSE, sizeof (guint));
      gen->stage_0 (run->states[g], config, max - MIN (max, run->stage_0_total), handles[g],
                    &n_buildable);
      out->family_buildable += n_buildable;
      run->stage_0_total += handles[g]->len;
    }
  out->family_sampled = run->stage_0_total < out->family_buildable;
  run->stage_0_done = 0;
  for (guint g = 0; g < tf_generators_get_count () && ok && !out->cancelled; g++)
    for (guint at = 0; handles[g] != NULL && at < handles[g]->len && ok && !out->cancelled;
         at += CHUNK)
      {
        guint n = MIN (CHUNK, handles[g]->len - at);
        g_autoptr(GError) local = NULL;

        if (!run_chunk (run, g, &g_array_index (handles[g], guint, at), n, &local))
          {
            ok = local == NULL;
            out->cancelled = ok;
            if (local != NULL)
              g_propagate_error (error, g_steal_pointer (&local));
          }
        run->stage_0_done += n;
        /* The last report comes with the checkpoint, below. */
        if (ok && run->stage_0_done < run->stage_0_total
            && (!tf_search_report (run, 0) || tf_search_cancelled (run)))
          out->cancelled = TRUE;
      }
  for (guint g = 0; g < G_N_ELEMENTS (handles); g++)
    g_clear_pointer (&handles[g], g_array_unref);
  out->family_left_out = run->stage_0_done - out->family_evaluations;
  out->family_front = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  for (guint i = 0; i < run->archive->len; i++)
    g_ptr_array_add (out->family_front,
                     tf_candidate_copy (g_ptr_array_index (run->archive, i)));
  out->family_hypervolume = tf_search_hypervolume (run->m, out->family_front, run->ideal,
                                                   run->reference);
  out->family_seconds = (g_get_monotonic_time () - start) / 1e6;
  /* Stage 0 of a large run takes long: its checkpoint comes at once, then its last report. */
  if (ok && !out->cancelled)
    ok = tf_search_checkpoint_write (run, TF_PHASE_STAGE_0, 0, TRUE, error);
  if (ok && !out->cancelled && (!tf_search_report (run, 0) || tf_search_cancelled (run)))
    out->cancelled = TRUE;
  run->stage_0_total = 0;
  return ok;
}
