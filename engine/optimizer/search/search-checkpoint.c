/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-checkpoint.c: a run's whole state between generations, written atomically to one file
 * and read back to resume it (issue 16; docs/optimizer.md, "Checkpoint and resume").
 *
 * The file: a header (magic, version, the sizes of the plain structs it holds), the complete
 * configuration as YAML (with every override the run had, so resuming needs nothing else) and
 * the baseline option; where the run stands (phase, step); the counters and times of the
 * result so far; the numbering, the sampler's sequence and the adaptive credits; what each
 * generator's state learned (made, credit); the fingerprints of every graph made; and the
 * candidates: the population, the archive and the objective rows evaluated, and, once the
 * search is over and the baseline runs, the search's own front and rows. No random stream is
 * kept: every generation and batch reseeds from the seed and its number (tf_search_reseed),
 * so a resumed run draws what the uninterrupted one did, and ends with the same front.
 */
#include <glib/gstdio.h>

#include "pack-private.h"
#include "search-private.h"

#define CHECKPOINT_MAGIC   0x4b434654u  /* "TFCK" */
/* 2: one generator state and credit per registered generator (TF_N_GENERATORS, in the head),
 * not sixteen. */
#define CHECKPOINT_VERSION 2u

/* The fourth word of a stream's seed, after the seed's two words and the phase. */
void
tf_search_reseed (Run        *run,
                  TfRunPhase  phase,
                  guint       step)
{
  guint64 seed = run->config->seed;
  guint32 words[4] = { (guint32) seed, (guint32) (seed >> 32), 0x67656e00u + phase, step };

  g_rand_set_seed_array (run->rng, words, 4);
}

/* The result's plain counters and times, in a fixed order. */
typedef struct
{
  guint  counters[12];
  double reals[8];
} Counters;

static void
get_counters (const TfSearchResult *out,
              double                elapsed,
              double                baseline_elapsed,
              Counters             *c)
{
  *c = (Counters) {
    { out->generations_done, out->evaluations, out->rejected, out->invalid_mutations,
      out->baseline_evaluations, out->duplicates, out->duplicates_dropped, out->immigrants,
      out->stage_2_candidates, out->simulated, out->simulation_failures, 0 },
    { out->initial_hypervolume, out->init_seconds, out->seconds, out->hypervolume,
      out->stage_2_seconds, elapsed, baseline_elapsed, 0 },
  };
}

static void
set_counters (TfSearchResult *out,
              const Counters *c,
              double         *elapsed,
              double         *baseline_elapsed)
{
  out->generations_done = c->counters[0];
  out->evaluations = c->counters[1];
  out->rejected = c->counters[2];
  out->invalid_mutations = c->counters[3];
  out->baseline_evaluations = c->counters[4];
  out->duplicates = c->counters[5];
  out->duplicates_dropped = c->counters[6];
  out->immigrants = c->counters[7];
  out->stage_2_candidates = c->counters[8];
  out->simulated = c->counters[9];
  out->simulation_failures = c->counters[10];
  out->initial_hypervolume = c->reals[0];
  out->init_seconds = c->reals[1];
  out->seconds = c->reals[2];
  out->hypervolume = c->reals[3];
  out->stage_2_seconds = c->reals[4];
  *elapsed = c->reals[5];
  *baseline_elapsed = c->reals[6];
}

/* @cands, each packed, or, when it is a copy of a candidate of @same (by id: the archive's
 * copies of the population's members), that one's position, so a checkpoint holds each graph
 * once. */
static void
put_candidates (GByteArray      *out,
                const GPtrArray *cands,
                const GPtrArray *same)
{
  g_autoptr(GHashTable) position = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; same != NULL && i < same->len; i++)
    g_hash_table_insert (position,
                         GUINT_TO_POINTER (((TfCandidate *) g_ptr_array_index (same, i))->id),
                         GUINT_TO_POINTER (i + 1));
  tf_pack_put_u32 (out, cands != NULL ? cands->len : 0);
  for (guint i = 0; cands != NULL && i < cands->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (cands, i);
      guint at = GPOINTER_TO_UINT (g_hash_table_lookup (position, GUINT_TO_POINTER (c->id)));

      tf_pack_put_u32 (out, at);
      if (at == 0)
        tf_candidate_pack (c, out);
    }
}

static void
put_rows (GByteArray   *out,
          const GArray *rows)
{
  tf_pack_put_u32 (out, rows != NULL ? rows->len : 0);
  if (rows != NULL)
    tf_pack_put (out, rows->data, sizeof (double) * rows->len);
}

gboolean
tf_search_checkpoint_write (Run         *run,
                            TfRunPhase   phase,
                            guint        step,
                            gboolean     force,
                            GError     **error)
{
  const TfSearchOptions *options = run->options;
  g_autoptr(GByteArray) out = NULL;
  g_autoptr(GString) config = g_string_new (NULL);
  guint32 head[7] = {
    CHECKPOINT_MAGIC, CHECKPOINT_VERSION, sizeof (Counters), sizeof (TfCredit),
    sizeof (TfEvaluatorStats), TF_N_OBJECTIVES, TF_N_GENERATORS,
  };
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  gpointer key;
  Counters counters;

  if (options->checkpoint == NULL
      || (!force && (now - run->checkpointed) / 1e6 < options->checkpoint_seconds))
    return TRUE;
  if (!tf_search_config_write_yaml (run->config, config, error))
    return FALSE;
  out = g_byte_array_sized_new (1 << 20);
  tf_pack_put (out, head, sizeof head);
  tf_pack_put_string (out, config->str);
  tf_pack_put_u32 (out, options->baseline);
  tf_pack_put_u32 (out, phase);
  tf_pack_put_u32 (out, step);
  get_counters (run->out, (now - run->start) / 1e6,
                run->baseline ? (now - run->baseline_start) / 1e6 : 0, &counters);
  tf_pack_put (out, &counters, sizeof counters);
  tf_pack_put (out, &run->out->stats, sizeof run->out->stats);
  tf_pack_put_string (out, run->out->simulation_error);
  tf_pack_put_u32 (out, run->next_id);
  tf_pack_put_u32 (out, run->failures);
  tf_pack_put (out, &run->u, sizeof run->u);
  tf_pack_put (out, run->credit, sizeof run->credit);
  tf_pack_put (out, &run->immigrant_credit, sizeof run->immigrant_credit);
  tf_pack_put (out, &run->child_credit, sizeof run->child_credit);
  for (guint g = 0; g < G_N_ELEMENTS (run->states); g++)
    {
      const TfGenerator *gen = g < tf_generators_get_count () ? tf_generators_get (g) : NULL;
      g_autoptr(GByteArray) state = g_byte_array_new ();

      if (gen != NULL && run->states[g] != NULL && gen->state_save != NULL)
        gen->state_save (run->states[g], state);
      tf_pack_put_u32 (out, state->len);
      tf_pack_put (out, state->data, state->len);
    }
  tf_pack_put_u32 (out, g_hash_table_size (run->hashes));
  g_hash_table_iter_init (&iter, run->hashes);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    tf_pack_put (out, key, sizeof (guint64));
  put_candidates (out, run->population, NULL);
  put_candidates (out, run->archive, run->population);
  put_rows (out, run->evaluated);
  /* The search's own results, final once the baseline runs. */
  put_candidates (out, phase == TF_PHASE_BASELINE ? run->out->front : NULL, NULL);
  put_rows (out, phase == TF_PHASE_BASELINE ? run->out->evaluated : NULL);
  if (!tf_write_file_atomic (options->checkpoint, (const char *) out->data, out->len, error))
    return FALSE;
  run->checkpointed = g_get_monotonic_time ();
  return TRUE;
}

/* Reading */

static gboolean
read_file (const char  *path,
           guint8     **data,
           gsize       *size,
           GError     **error)
{
  g_autoptr(GError) local = NULL;

  if (!g_file_get_contents (path, (char **) data, size, &local))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot read the checkpoint %s: %s", path,
                   local->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
damaged (const char  *path,
         const char  *what,
         GError     **error)
{
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s: %s", path, what);
  return FALSE;
}

/* The header and the configuration; @r left after the baseline option. */
static gboolean
read_head (const char      *path,
           TfPackReader    *r,
           TfSearchConfig  *config,
           gboolean        *baseline,
           GError         **error)
{
  guint32 head[7];
  const guint32 expected[7] = {
    CHECKPOINT_MAGIC, CHECKPOINT_VERSION, sizeof (Counters), sizeof (TfCredit),
    sizeof (TfEvaluatorStats), TF_N_OBJECTIVES, TF_N_GENERATORS,
  };
  g_autofree char *yaml = NULL;
  g_autofree char *name = NULL;

  tf_pack_get (r, head, sizeof head);
  if (r->bad || memcmp (head, expected, sizeof head) != 0)
    return damaged (path, "not a checkpoint of this build of Topoforge", error);
  yaml = tf_pack_get_string (r);
  *baseline = tf_pack_get_u32 (r) != 0;
  if (r->bad || yaml == NULL)
    return damaged (path, "the checkpoint is cut short", error);
  name = g_strdup_printf ("%s (its configuration)", path);
  return tf_search_config_load_data (name, yaml, strlen (yaml), config, error);
}

gboolean
tf_search_checkpoint_load_config (const char      *path,
                                  TfSearchConfig  *config,
                                  gboolean        *baseline,
                                  GError         **error)
{
  g_autofree guint8 *data = NULL;
  gsize size;
  TfPackReader r = { 0 };

  if (!read_file (path, &data, &size, error))
    return FALSE;
  r = (TfPackReader) { data, size, 0, FALSE };
  return read_head (path, &r, config, baseline, error);
}

/* Candidates as put_candidates wrote them, with @same the array it referred to. */
static GPtrArray *
get_candidates (TfPackReader     *r,
                const GPtrArray  *same,
                GError          **error)
{
  guint n = tf_pack_get_u32 (r);
  g_autoptr(GPtrArray) cands = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);

  for (guint i = 0; i < n && !r->bad; i++)
    {
      guint at = tf_pack_get_u32 (r);
      TfCandidate *c = NULL;

      if (!r->bad && at > 0 && same != NULL && at <= same->len)
        c = tf_search_candidate_copy (g_ptr_array_index (same, at - 1));
      else if (!r->bad && at == 0)
        c = tf_candidate_unpack (r->data, r->size, &r->pos, error);
      if (c == NULL)
        {
          r->bad = TRUE;
          return NULL;
        }
      g_ptr_array_add (cands, c);
    }
  return r->bad ? NULL : g_steal_pointer (&cands);
}

static GArray *
get_rows (TfPackReader *r)
{
  guint n = tf_pack_get_u32 (r);
  g_autofree double *rows = tf_pack_get_array (r, n, sizeof (double));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (double));

  if (rows != NULL)
    g_array_append_vals (out, rows, n);
  return out;
}

gboolean
tf_search_checkpoint_restore (Run         *run,
                              TfRunPhase  *phase,
                              guint       *step,
                              GError     **error)
{
  const char *path = run->options->checkpoint;
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree guint8 *data = NULL;
  g_autoptr(GString) mine = g_string_new (NULL);
  g_autoptr(GString) theirs = g_string_new (NULL);
  g_autoptr(GError) local = NULL;
  gboolean baseline;
  TfPackReader r;
  Counters counters;
  double elapsed, baseline_elapsed;
  gsize size;
  guint n_hashes;

  if (!read_file (path, &data, &size, error))
    return FALSE;
  r = (TfPackReader) { data, size, 0, FALSE };
  if (!read_head (path, &r, &config, &baseline, error))
    return FALSE;
  /* The run resumed must be the run checkpointed (its threads may differ: they change no
   * result). */
  config.threads = run->config->threads;
  if (!tf_search_config_write_yaml (&config, theirs, error)
      || !tf_search_config_write_yaml (run->config, mine, error))
    return FALSE;
  if (strcmp (mine->str, theirs->str) != 0 || baseline != run->options->baseline)
    return damaged (path, "the checkpoint is of another configuration", error);
  *phase = tf_pack_get_u32 (&r);
  *step = tf_pack_get_u32 (&r);
  tf_pack_get (&r, &counters, sizeof counters);
  set_counters (run->out, &counters, &elapsed, &baseline_elapsed);
  run->start = g_get_monotonic_time () - (gint64) (elapsed * 1e6);
  run->baseline_start = g_get_monotonic_time () - (gint64) (baseline_elapsed * 1e6);
  tf_pack_get (&r, &run->out->stats, sizeof run->out->stats);
  run->out->simulation_error = tf_pack_get_string (&r);
  run->next_id = tf_pack_get_u32 (&r);
  run->failures = tf_pack_get_u32 (&r);
  tf_pack_get (&r, &run->u, sizeof run->u);
  tf_pack_get (&r, run->credit, sizeof run->credit);
  tf_pack_get (&r, &run->immigrant_credit, sizeof run->immigrant_credit);
  tf_pack_get (&r, &run->child_credit, sizeof run->child_credit);
  if (r.bad || *phase > TF_PHASE_BASELINE)
    return damaged (path, "the checkpoint is cut short or damaged", error);
  for (guint g = 0; g < G_N_ELEMENTS (run->states); g++)
    {
      const TfGenerator *gen = g < tf_generators_get_count () ? tf_generators_get (g) : NULL;
      guint n = tf_pack_get_u32 (&r);
      g_autofree guint8 *state = tf_pack_get_array (&r, n, 1);

      if (r.bad)
        return damaged (path, "the checkpoint is cut short or damaged", error);
      if (n > 0 && (gen == NULL || run->states[g] == NULL || gen->state_load == NULL
                    || !gen->state_load (run->states[g], state, n)))
        return damaged (path, "the checkpoint's generator states do not fit the run", error);
    }
  n_hashes = tf_pack_get_u32 (&r);
  for (guint i = 0; i < n_hashes && !r.bad; i++)
    {
      guint64 *key = g_new (guint64, 1);

      tf_pack_get (&r, key, sizeof *key);
      g_hash_table_add (run->hashes, key);
    }
  g_clear_pointer (&run->population, g_ptr_array_unref);
  g_clear_pointer (&run->archive, g_ptr_array_unref);
  g_clear_pointer (&run->evaluated, g_array_unref);
  run->population = get_candidates (&r, NULL, &local);
  run->archive = get_candidates (&r, run->population, &local);
  run->evaluated = get_rows (&r);
  if (*phase == TF_PHASE_BASELINE)
    {
      run->out->front = get_candidates (&r, NULL, &local);
      run->out->evaluated = get_rows (&r);
    }
  if (r.bad || run->population == NULL || run->archive == NULL
      || (*phase == TF_PHASE_BASELINE && run->out->front == NULL))
    {
      g_autofree char *why = g_strdup_printf ("the checkpoint is cut short or damaged%s%s",
                                              local ? ": " : "", local ? local->message : "");

      return damaged (path, why, error);
    }
  return TRUE;
}
