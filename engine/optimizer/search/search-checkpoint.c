/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-checkpoint.c: a run's whole state between generations, written atomically to one file
 * and read back to resume it (issue 16; docs/optimizer.md, "Checkpoint and resume").
 *
 * The file: a header (magic, version, the sizes of the plain structs it holds) and the SHA-256
 * of all that follows it, checked before anything else is read (issue 34); then the complete
 * configuration as YAML (with every override the run had, so resuming needs nothing else) and
 * the baseline option; where the run stands (phase, step); the counters and times of the
 * result so far; the numbering, the sampler's sequence and the adaptive credits; what each
 * generator's state learned (made, credit); the fingerprints of every graph made; and the
 * candidates: the population, the archive and the objective rows evaluated, and, once the
 * search is over and the baseline runs, the search's own front and rows. No random stream is
 * kept: every generation and batch reseeds from the seed and its number (tf_search_reseed),
 * so a resumed run draws what the uninterrupted one did, and ends with the same front.
 */
#include <errno.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "pack-private.h"
#include "search-private.h"

#define CHECKPOINT_MAGIC   0x4b434654u  /* "TFCK" */
/* 2: one generator state and credit per registered generator (TF_N_GENERATORS, in the head),
 * not sixteen. 3: Stage 0's family front, rows and counters, and what each row says of its
 * candidate (TfEvaluatedInfo). 4: one more mutation operator (change_chips_per_board), so one
 * more credit in the mutator's state. 5: the SHA-256 of the rest after the header; whether Stage 2 ran. */
#define CHECKPOINT_VERSION 5u
#define HEAD_WORDS         7u
#define DIGEST_BYTES       32u   /* SHA-256 */
/* Beyond this a file is not a checkpoint a search of MAX_N_CHIP chips writes. */
#define CHECKPOINT_MAX_BYTES (G_GUINT64_CONSTANT (4) << 30)

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
  guint  counters[17];
  double reals[10];
} Counters;

static void
get_counters (const TfSearchResult *out,
              double                elapsed,
              double                baseline_elapsed,
              Counters             *c)
{
  const guint counters[G_N_ELEMENTS (c->counters)] = {
    out->generations_done, out->evaluations, out->rejected, out->invalid_mutations,
    out->baseline_evaluations, out->duplicates, out->duplicates_dropped, out->immigrants,
    out->stage_2_candidates, out->simulated, out->simulation_failures,
    out->family_buildable, out->family_evaluations, out->family_rejected,
    out->family_sampled, out->family_left_out, out->stage_2_ran,
  };
  const double reals[G_N_ELEMENTS (c->reals)] = {
    out->initial_hypervolume, out->init_seconds, out->seconds, out->hypervolume,
    out->stage_2_seconds, elapsed, baseline_elapsed, out->family_hypervolume,
    out->family_seconds, 0,
  };

  /* Member by member over a cleared struct: its padding is packed too, and stays defined. */
  memset (c, 0, sizeof *c);
  memcpy (c->counters, counters, sizeof counters);
  memcpy (c->reals, reals, sizeof reals);
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
  out->family_buildable = c->counters[11];
  out->family_evaluations = c->counters[12];
  out->family_rejected = c->counters[13];
  out->family_sampled = c->counters[14] != 0;
  out->family_left_out = c->counters[15];
  out->stage_2_ran = c->counters[16] != 0;   /* a resumed baseline keeps Stage 2's report */
  out->family_hypervolume = c->reals[7];
  out->family_seconds = c->reals[8];
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

/* Objective rows, then what each says of its candidate. */
static void
put_rows (GByteArray   *out,
          const GArray *rows,
          const GArray *info)
{
  tf_pack_put_u32 (out, rows != NULL ? rows->len : 0);
  if (rows != NULL)
    tf_pack_put (out, rows->data, sizeof (double) * rows->len);
  tf_pack_put_u32 (out, info != NULL ? info->len : 0);
  if (info != NULL)
    tf_pack_put (out, info->data, sizeof (TfEvaluatedInfo) * info->len);
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
  guint32 head[HEAD_WORDS] = {
    CHECKPOINT_MAGIC, CHECKPOINT_VERSION, sizeof (Counters), sizeof (TfCredit),
    sizeof (TfEvaluatorStats), TF_N_OBJECTIVES, TF_N_GENERATORS,
  };
  guint8 digest[DIGEST_BYTES] = { 0 };
  gsize digest_length = sizeof digest;
  g_autoptr(GChecksum) sha = g_checksum_new (G_CHECKSUM_SHA256);
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  gpointer key;
  Counters counters;
  const GArray *members;

  if (options->checkpoint == NULL
      || (!force && (now - run->checkpointed) / 1e6 < options->checkpoint_seconds))
    return TRUE;
  if (!tf_search_config_write_yaml (run->config, config, error))
    return FALSE;
  out = g_byte_array_sized_new (1 << 20);
  tf_pack_put (out, head, sizeof head);
  tf_pack_put (out, digest, sizeof digest);   /* filled in at the end */
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
  put_rows (out, run->evaluated, run->evaluated_info);
  /* Stage 0's results, final once the search runs. */
  put_candidates (out, run->out->family_front, NULL);
  put_rows (out, run->out->family_evaluated, run->out->family_evaluated_info);
  /* The search's own results, final once the baseline runs. */
  put_candidates (out, phase == TF_PHASE_BASELINE ? run->out->front : NULL, NULL);
  put_rows (out, phase == TF_PHASE_BASELINE ? run->out->evaluated : NULL,
            phase == TF_PHASE_BASELINE ? run->out->evaluated_info : NULL);
  members = phase == TF_PHASE_BASELINE ? run->out->front_members : NULL;
  tf_pack_put_u32 (out, members != NULL ? members->len : 0);
  if (members != NULL)
    tf_pack_put (out, members->data, sizeof (TfFrontMember) * members->len);
  g_checksum_update (sha, out->data + sizeof head + sizeof digest,
                     out->len - sizeof head - sizeof digest);
  g_checksum_get_digest (sha, digest, &digest_length);
  memcpy (out->data + sizeof head, digest, sizeof digest);
  if (!tf_write_file_atomic (options->checkpoint, (const char *) out->data, out->len, error))
    return FALSE;
  run->checkpointed = g_get_monotonic_time ();
  return TRUE;
}

/* Reading */

static gboolean
damaged (const char  *path,
         const char  *what,
         GError     **error)
{
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s: %s", path, what);
  return FALSE;
}

/* The file, a regular one (a FIFO would block the read), of this build's format and whole: its
 * header and checksum are checked before anything in it is read. *@data is freed by the
 * caller. */
static gboolean
read_file (const char  *path,
           guint8     **data,
           gsize       *size,
           GError     **error)
{
  const guint32 expected[HEAD_WORDS] = {
    CHECKPOINT_MAGIC, CHECKPOINT_VERSION, sizeof (Counters), sizeof (TfCredit),
    sizeof (TfEvaluatorStats), TF_N_OBJECTIVES, TF_N_GENERATORS,
  };
  const gsize head_bytes = sizeof expected + DIGEST_BYTES;
  g_autoptr(GChecksum) sha = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(GError) local = NULL;
  guint8 digest[DIGEST_BYTES];
  gsize digest_length = sizeof digest;
  GStatBuf st;

  *data = NULL;
  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot read the checkpoint %s: %s", path,
                   g_strerror (saved));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    return damaged (path, "not a regular file, so not a checkpoint", error);
  if ((guint64) st.st_size > CHECKPOINT_MAX_BYTES)
    return damaged (path, "larger than any checkpoint (4 GiB)", error);
  if (!g_file_get_contents (path, (char **) data, size, &local))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot read the checkpoint %s: %s", path,
                   local->message);
      return FALSE;
    }
  if (*size < head_bytes || memcmp (*data, expected, sizeof expected) != 0)
    return damaged (path, "not a checkpoint of this build of Topoforge", error);
  g_checksum_update (sha, *data + head_bytes, *size - head_bytes);
  g_checksum_get_digest (sha, digest, &digest_length);
  if (memcmp (digest, *data + sizeof expected, sizeof digest) != 0)
    return damaged (path, "the checkpoint is damaged: its checksum does not match what it "
                    "holds", error);
  return TRUE;
}

/* The header and the configuration; @r left after the baseline option. */
static gboolean
read_head (const char      *path,
           TfPackReader    *r,
           TfSearchConfig  *config,
           gboolean        *baseline,
           GError         **error)
{
  g_autofree char *yaml = NULL;
  g_autofree char *name = NULL;

  r->pos = HEAD_WORDS * sizeof (guint32) + DIGEST_BYTES;   /* read_file checked them */
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
        c = tf_candidate_copy (g_ptr_array_index (same, at - 1));
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

/* Rows as put_rows wrote them, into new arrays; r->bad set when their counts differ. */
static void
get_rows (TfPackReader *r,
          guint         m,
          GArray      **rows_out,
          GArray      **info_out)
{
  guint n = tf_pack_get_u32 (r), n_info;
  g_autofree double *rows = tf_pack_get_array (r, n, sizeof (double));
  g_autofree TfEvaluatedInfo *info = NULL;

  *rows_out = g_array_new (FALSE, FALSE, sizeof (double));
  *info_out = g_array_new (FALSE, FALSE, sizeof (TfEvaluatedInfo));
  n_info = tf_pack_get_u32 (r);
  info = tf_pack_get_array (r, n_info, sizeof (TfEvaluatedInfo));
  if (r->bad || (gsize) n_info * MAX (m, 1) != n)
    {
      r->bad = TRUE;
      return;
    }
  g_array_append_vals (*rows_out, rows, n);
  g_array_append_vals (*info_out, info, n_info);
}

/* What each evaluated row says of its candidate, its codes in range (they name things). */
static gboolean
info_in_range (const GArray *info)
{
  for (guint i = 0; info != NULL && i < info->len; i++)
    {
      const TfEvaluatedInfo *e = &g_array_index (info, TfEvaluatedInfo, i);

      if (e->origin >= TF_N_ORIGIN_METHODS || e->intra_board_topo >= TF_N_INTRA_BOARD_TOPOS)
        return FALSE;
    }
  return TRUE;
}

/* Candidates of this run: its chips, an id it gave, and, in a front (@feasible), no hard
 * constraint broken, so a front written from it breaks none either. */
static gboolean
candidates_of_run (Run             *run,
                   const GPtrArray *cands,
                   gboolean         feasible)
{
  for (guint i = 0; cands != NULL && i < cands->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (cands, i);
      g_autoptr(GString) why = g_string_new (NULL);

      if (c->topology.graph.n_chip != run->config->context.n_chip || c->id >= run->next_id
          || (feasible && (c->rejected != NULL
                           || !tf_candidate_check_constraints (run->config, c, why))))
        return FALSE;
    }
  return TRUE;
}

/* Where the run stands and what it learned, as a run of its configuration can be: @phase one
 * its algorithm and options have, @step within its generations or budget, the credits real
 * counts, the sampler's sequence in [0, 1) (or not started), every code in range (issue 34:
 * the checksum says the file is whole, not that whoever wrote it was this build). */
static const char *
state_out_of_range (Run        *run,
                    TfRunPhase  phase,
                    guint       step)
{
  const TfSearchConfig *config = run->config;
  const TfSearchResult *out = run->out;
  guint budget = config->population_size * (config->generations + 1);

  if ((phase == TF_PHASE_NSGA2 && (config->algorithm != TF_SEARCH_NSGA2
                                   || step > config->generations
                                   || out->generations_done != step))
      || (phase == TF_PHASE_RANDOM && (config->algorithm != TF_SEARCH_RANDOM || step > budget))
      || (phase == TF_PHASE_BASELINE && (!run->options->baseline || step > out->evaluations
                                         || out->baseline_evaluations > out->evaluations))
      || (phase == TF_PHASE_STAGE_0 && (!config->family_stage_0 || step != 0))
      || out->evaluations > budget || run->failures > 100 * budget)
    return "where the run stands is beyond its configuration";
  if (!(run->u < 1 && (run->u >= 0 || run->u == -1)) || !tf_credit_is_valid (&run->immigrant_credit)
      || !tf_credit_is_valid (&run->child_credit))
    return "the checkpoint's sampler or credits are not numbers a run has";
  for (guint g = 0; g < TF_N_GENERATORS; g++)
    if (!tf_credit_is_valid (&run->credit[g]))
      return "the checkpoint's sampler or credits are not numbers a run has";
  if (!info_in_range (run->evaluated_info) || !info_in_range (run->out->family_evaluated_info)
      || !info_in_range (run->out->evaluated_info))
    return "the checkpoint's rows name an unknown origin or board topology";
  for (guint i = 0; out->front_members != NULL && i < out->front_members->len; i++)
    {
      const TfFrontMember *member = &g_array_index (out->front_members, TfFrontMember, i);

      if (member->representative >= out->front->len
          || member->info.origin >= TF_N_ORIGIN_METHODS
          || member->info.intra_board_topo >= TF_N_INTRA_BOARD_TOPOS)
        return "the checkpoint's front members stand for no candidate of its front";
    }
  if (run->population->len > config->population_size
      || !candidates_of_run (run, run->population, FALSE)
      || !candidates_of_run (run, run->archive, TRUE)
      || !candidates_of_run (run, out->family_front, TRUE)
      || !candidates_of_run (run, out->front, TRUE))
    return "the checkpoint's candidates are not ones this run could have made";
  return NULL;
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
  const char *wrong;
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
  if (r.bad || *phase > TF_PHASE_STAGE_0)
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
  g_clear_pointer (&run->evaluated_info, g_array_unref);
  run->population = get_candidates (&r, NULL, &local);
  run->archive = get_candidates (&r, run->population, &local);
  get_rows (&r, run->m, &run->evaluated, &run->evaluated_info);
  if (!r.bad)
    run->out->family_front = get_candidates (&r, NULL, &local);
  get_rows (&r, run->m, &run->out->family_evaluated, &run->out->family_evaluated_info);
  if (*phase == TF_PHASE_BASELINE)
    {
      guint n_members;
      g_autofree TfFrontMember *members = NULL;

      run->out->front = get_candidates (&r, NULL, &local);
      get_rows (&r, run->m, &run->out->evaluated, &run->out->evaluated_info);
      n_members = tf_pack_get_u32 (&r);
      members = tf_pack_get_array (&r, n_members, sizeof (TfFrontMember));
      run->out->front_members = g_array_new (FALSE, FALSE, sizeof (TfFrontMember));
      if (!r.bad)
        g_array_append_vals (run->out->front_members, members, n_members);
    }
  if (r.bad || run->population == NULL || run->archive == NULL
      || run->out->family_front == NULL
      || (*phase == TF_PHASE_BASELINE && run->out->front == NULL))
    {
      g_autofree char *why = g_strdup_printf ("the checkpoint is cut short or damaged%s%s",
                                              local ? ": " : "", local ? local->message : "");

      return damaged (path, why, error);
    }
  wrong = state_out_of_range (run, *phase, *step);
  if (wrong != NULL)
    return damaged (path, wrong, error);
  /* A run without Stage 0 has no family front, resumed or not. */
  if (run->out->family_evaluations == 0)
    {
      g_clear_pointer (&run->out->family_front, g_ptr_array_unref);
      g_clear_pointer (&run->out->family_evaluated, g_array_unref);
      g_clear_pointer (&run->out->family_evaluated_info, g_array_unref);
    }
  return TRUE;
}
