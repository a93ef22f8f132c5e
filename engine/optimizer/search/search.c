/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search.c: the search loop: NSGA-II over TopologyCandidates, and the Random + QMC baseline.
 *
 * NSGA-II (Deb et al. 2002) as the spec's NSGA-II 搜索循环: an initial population from the
 * generators' init (template points, family seeds, topped up by mutating them), then each
 * generation N children, each a mutation of a parent chosen by binary tournament (rank, then
 * crowding) by one of the generators able to mutate it, picked by their configured rates, or,
 * with a generator's crossover rate, a crossing of two parents it can both mutate;
 * parents and children together are sorted into fronts and the best N survive. Candidates that
 * break a hard constraint leave the population (硬约束: 直接从种群移除); a child equal to a
 * graph already made (up to a renumbering of switches) is edited again, and a generation the
 * edits cannot fill takes fresh design points from the sampler (immigrants).
 *
 * The baseline (the spec's Random + QMC) spends the same number of evaluations on design points
 * of a low-discrepancy sequence over the generators' whole space, each edited 0 to 16 times, and
 * shares nothing with the search. Both fronts' hypervolumes are fractions of one box fixed by the
 * configuration (objectives.c).
 *
 * Children are made on worker threads, each from a random stream of its own (make_round), and
 * evaluated there, each candidate on its own, so a seed gives the same run on any thread count.
 * The front reported is the non-dominated set of every feasible candidate a run evaluated.
 *
 * With TfSearchOptions.checkpoint the run's state is written after its generations and batches
 * (search-checkpoint.c), and a run resumed from it ends as the run never stopped would have:
 * each generation and batch draws from a stream of its own (tf_search_reseed), so nothing of a
 * random generator's state has to be kept.
 */
#include <math.h>
#include <string.h>

#include "search-private.h"

#define BASELINE_EDITS_MAX  16u
#define DUPLICATE_EDITS_MAX 8u


guint
tf_search_threads (const Run *run)
{
  guint cores = MAX (1u, (guint) g_get_num_processors ());

  /* --threads as asked; the configuration's parallel_workers (the spec's example asks for 32,
   * written for its server) no more than this machine's cores, where more only adds switching. */
  if (run->options->threads)
    return run->options->threads;
  return run->config->threads ? MIN (run->config->threads, cores) : cores;
}

static void
free_batch (GPtrArray *batch)
{
  for (guint i = 0; i < batch->len; i++)
    tf_candidate_free (g_ptr_array_index (batch, i));
  g_ptr_array_set_size (batch, 0);
}

gboolean
tf_search_report (Run   *run,
                  guint  generation)
{
  TfSearchProgress p = {
    .generation = generation,
    .generations = run->config->generations,
    .evaluations = run->baseline ? run->out->baseline_evaluations : run->out->evaluations,
    .front_size = run->archive->len,
    .hypervolume = tf_search_hypervolume (run->m, run->archive, run->ideal, run->reference),
    .elapsed = (g_get_monotonic_time () - run->start) / 1e6,
    .baseline = run->baseline,
    .stage_2 = run->stage_2,
    .stage_2_done = run->stage_2_done,
    .stage_0_done = run->stage_0_done,
    .stage_0_total = run->stage_0_total,
    .front = run->archive,
    .evaluated = run->stage_0_total > 0 ? run->out->family_evaluated : run->evaluated,
  };

  if (run->options->progress == NULL)
    return TRUE;
  return run->options->progress (&p, run->options->progress_data);
}

/* Stage 2's steps, reported as the search's generations are. */
static gboolean
stage_2_progress (guint    done,
                  guint    total,
                  gpointer data)
{
  Run *run = data;

  run->stage_2_done = done;
  (void) total;
  return tf_search_report (run, run->out->generations_done);
}

/* A child of @parent from the generators that can mutate it, one picked by their configured
 * rates, scaled by their credit (adaptive rates), with one draw from @rng (none when only one
 * can); *@maker (may be NULL) says which. Its id is given when the search keeps it. */
static TfCandidate *
make_child (const Run         *run,
            const TfCandidate *parent,
            GRand             *rng,
            guint             *maker,
            GError           **error)
{
  guint able[TF_N_GENERATORS], n_able = 0, pick;
  double rates[TF_N_GENERATORS], total = 0;
  const TfGenerator *gen;

  for (guint g = 0; g < tf_generators_get_count (); g++)
    {
      gen = tf_generators_get (g);
      if (run->states[g] != NULL && (gen->capabilities & TF_GENERATOR_MUTATE)
          && gen->can_mutate (run->states[g], parent))
        {
          rates[n_able] = (gen->rate ? MAX (0.0, gen->rate (run->config)) : 1)
                          * tf_credit_factor (&run->credit[g]);
          total += rates[n_able];
          able[n_able++] = g;
        }
    }
  if (n_able == 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_MUTATION, "no generator can mutate this");
      return NULL;
    }
  pick = n_able - 1;
  if (n_able > 1)
    {
      double r = g_rand_double (rng) * total, upto = 0;

      for (guint i = 0; i + 1 < n_able; i++)
        if (r < (upto += rates[i]))
          {
            pick = i;
            break;
          }
    }
  gen = tf_generators_get (able[pick]);
  if (maker != NULL)
    *maker = able[pick];
  return gen->mutate (run->states[able[pick]], run->config, parent, rng, error);
}

/* The population as NSGA-II's tournaments see it. */
typedef struct
{
  GPtrArray    *members;
  const guint  *rank;
  const double *crowding;
} Population;

static const TfCandidate *
tournament (const Population *pop,
            GRand            *rng)
{
  return g_ptr_array_index (pop->members, tf_nsga2_tournament (pop->rank, pop->crowding,
                                                               pop->members->len, rng));
}

/* A child of @parent and a second parent picked by tournament, by the first generator able to
 * mutate @parent that crosses (one draw against its crossover rate), when it can mutate the
 * second one too. *@crossed says whether it tried: when it did not, the caller mutates. With
 * no generator that crosses, no draw is made. */
static TfCandidate *
make_crossover (const Run         *run,
                const TfCandidate *parent,
                const Population  *pop,
                GRand             *rng,
                gboolean          *crossed,
                guint             *maker,
                GError           **error)
{
  *crossed = FALSE;
  for (guint g = 0; g < tf_generators_get_count (); g++)
    {
      const TfGenerator *gen = tf_generators_get (g);
      const TfCandidate *other;

      if (run->states[g] == NULL || !(gen->capabilities & TF_GENERATOR_CROSSOVER)
          || gen->crossover_rate == NULL || !gen->can_mutate (run->states[g], parent))
        continue;
      if (g_rand_double (rng) >= gen->crossover_rate (run->config))
        return NULL;
      other = tournament (pop, rng);
      if (!gen->can_mutate (run->states[g], other))
        return NULL;
      *crossed = TRUE;
      *maker = g;
      return gen->crossover (run->states[g], run->config, parent, other, rng, error);
    }
  return NULL;
}

void
tf_search_tell_made (const Run         *run,
                     const TfCandidate *c)
{
  for (guint g = 0; g < tf_generators_get_count (); g++)
    if (run->states[g] != NULL && tf_generators_get (g)->made != NULL)
      tf_generators_get (g)->made (run->states[g], c);
}

/* Children are made in rounds. Each round hands out slots, one per child wanted, each with a
 * random stream of its own seeded from the run's (two draws a slot, in slot order), and makes
 * them on the worker threads against the graphs made before the round (read only); then, in
 * slot order on the calling thread, a child equal to one made before it in the round is
 * dropped and the others are kept, numbered and remembered. What a slot makes depends only on
 * its stream and on what was made before its round, so a seed gives the same run on any
 * number of threads. */
typedef struct
{
  guint32      seed[2];
  /* a design point of the sampler (immigrants, the baseline) when sample */
  gboolean     sample;
  guint        sampler;
  double       u;
  guint        edits;
  /* out */
  TfCandidate *child;
  guint        maker;         /* the generator of its last move */
  guint64      fingerprint;
  guint        duplicates;    /* edited again because it equalled a graph made before */
  gboolean     dropped;       /* still equal to one after the last edit */
} Slot;

typedef struct
{
  const Run        *run;
  const Population *pop;       /* NULL when only sampling */
  GHashTable       *hashes;    /* what was made before the round */
  Slot             *slots;
} Round;

/* A child of a tournament's winner, by crossover or mutation; a child equal to a graph already
 * made is edited again (up to DUPLICATE_EDITS_MAX times), not dropped, and the edit's parent
 * stays the one that was evaluated. */
static void
make_slot_child (const Round *round,
                 Slot        *slot,
                 GRand       *rng)
{
  const TfCandidate *parent = tournament (round->pop, rng);
  TfCandidate *child;
  gboolean crossed;

  child = make_crossover (round->run, parent, round->pop, rng, &crossed, &slot->maker, NULL);
  if (!crossed)
    child = make_child (round->run, parent, rng, &slot->maker, NULL);
  for (guint again = 0; child != NULL; again++)
    {
      TfCandidate *grandchild;

      slot->fingerprint = tf_network_graph_fingerprint (&child->topology.graph);
      if (!tf_search_seen (round->hashes, slot->fingerprint))
        break;
      slot->duplicates++;
      if (again == DUPLICATE_EDITS_MAX)
        {
          slot->dropped = TRUE;
          g_clear_pointer (&child, tf_candidate_free);
          break;
        }
      grandchild = make_child (round->run, child, rng, &slot->maker, NULL);
      if (grandchild != NULL)
        {
          grandchild->origin.n_parents = child->origin.n_parents;
          memcpy (grandchild->origin.parents, child->origin.parents,
                  sizeof child->origin.parents);
        }
      tf_candidate_free (child);
      child = grandchild;
    }
  slot->child = child;
}

/* The slot's design point of the sampler followed by its edits; nothing when that point cannot
 * be built or gives a graph already made. A baseline point has no parent. */
static void
make_slot_sample (const Round *round,
                  Slot        *slot,
                  GRand       *rng)
{
  const Run *run = round->run;
  guint g = run->samplers[slot->sampler];
  TfCandidate *c = tf_generators_get (g)->sample (run->states[g], run->config, slot->u, NULL);

  for (guint e = 0; c != NULL && e < slot->edits; e++)
    {
      TfCandidate *child = make_child (run, c, rng, NULL, NULL);

      if (child != NULL)
        {
          tf_candidate_free (c);
          c = child;
        }
    }
  if (c == NULL)
    return;
  if (slot->edits > 0)
    c->origin.n_parents = 0;
  slot->fingerprint = tf_network_graph_fingerprint (&c->topology.graph);
  if (tf_search_seen (round->hashes, slot->fingerprint))
    {
      slot->dropped = TRUE;
      g_clear_pointer (&c, tf_candidate_free);
    }
  slot->child = c;
}

static void
make_slot (gpointer          data,
           guint             index,
           TfEvaluatorStats *stats)
{
  const Round *round = data;
  Slot *slot = &round->slots[index];
  g_autoptr(GRand) rng = g_rand_new_with_seed_array (slot->seed, 2);

  if (slot->sample)
    make_slot_sample (round, slot, rng);
  else
    make_slot_child (round, slot, rng);
}

/* Slot @i's stream and, when @sampling, its design point: the next of the low-discrepancy
 * sequence over every generator's whole space (the additive recurrence of the golden ratio,
 * started at a random point: a Cranley-Patterson rotation), from one of the generators that
 * sample, followed by 0 to @edits_max random edits; in the baseline after a search with
 * search.baseline_edits: matched (the default), as many edits as a candidate the search
 * evaluated, drawn from its rows (the baseline reaches as far from the families as the search
 * did). One draw either way. */
static void
slot_init (Run      *run,
           Slot     *slot,
           gboolean  sampling,
           guint     edits_max)
{
  const double phi = 0.6180339887498949;

  memset (slot, 0, sizeof *slot);
  slot->seed[0] = g_rand_int (run->rng);
  slot->seed[1] = g_rand_int (run->rng);
  slot->sample = sampling;
  if (!sampling)
    return;
  if (run->u < 0)
    run->u = g_rand_double (run->rng);
  slot->sampler = g_rand_int_range (run->rng, 0, run->n_samplers);
  if (run->baseline && run->config->baseline_edits == TF_BASELINE_EDITS_MATCHED
      && run->out->evaluated_info != NULL && run->out->evaluated_info->len > 0)
    slot->edits = g_array_index (run->out->evaluated_info, TfEvaluatedInfo,
                                 g_rand_int_range (run->rng, 0,
                                                   run->out->evaluated_info->len)).mutations;
  else
    slot->edits = g_rand_int_range (run->rng, 0, edits_max + 1);
  run->u = run->u + phi - (run->u + phi >= 1 ? 1 : 0);
  slot->u = run->u;
}

/* The chance a slot of a generation is an immigrant (a design point of the sampler) rather
 * than a child: an arm of the adaptive rates (docs/optimizer.md), a tenth of the slots to start
 * with, then in proportion to how often immigrants and children entered the front. */
static double
immigrant_share (const Run *run)
{
  double w_immigrants = 0.1 * tf_credit_factor (&run->immigrant_credit);
  double w_children = 0.9 * tf_credit_factor (&run->child_credit);

  return run->n_samplers > 0 ? w_immigrants / (w_immigrants + w_children) : 0;
}

/* One round of @n slots into @batch: children of @pop, each slot (one draw) an immigrant with
 * the chance @p_sample, or (@pop NULL) design points of the sampler alone, with up to
 * @edits_max edits. Counts what it drops; returns the number kept. */
static guint
make_round (Run              *run,
            const Population *pop,
            double            p_sample,
            guint             edits_max,
            guint             n,
            GHashTable       *hashes,
            GPtrArray        *batch)
{
  g_autofree Slot *slots = g_new (Slot, MAX (n, 1));
  Round round = { run, pop, hashes, slots };
  guint kept = 0;

  if (pop == NULL && run->n_samplers == 0)
    return 0;
  for (guint i = 0; i < n; i++)
    slot_init (run, &slots[i],
               pop == NULL || (p_sample > 0 && g_rand_double (run->rng) < p_sample), edits_max);
  tf_run_parallel (tf_search_threads (run), n, NULL, make_slot, &round, NULL);
  for (guint i = 0; i < n; i++)
    {
      Slot *slot = &slots[i];

      if (!slot->sample)
        {
          run->out->duplicates += slot->duplicates;
          if (slot->dropped)
            run->out->duplicates_dropped++;
          else if (slot->child == NULL)
            run->out->invalid_mutations++;
        }
      if (slot->child == NULL)
        continue;
      if (tf_search_seen (hashes, slot->fingerprint))
        {
          /* equal to a sibling of this round */
          if (!slot->sample)
            {
              run->out->duplicates++;
              run->out->duplicates_dropped++;
            }
          tf_candidate_free (slot->child);
          continue;
        }
      tf_search_remember (hashes, slot->fingerprint);
      slot->child->id = run->next_id++;
      tf_search_tell_made (run, slot->child);
      g_ptr_array_add (batch, slot->child);
      if (run->makers != NULL)
        g_array_append_val (run->makers, (guint) { slot->sample ? G_MAXUINT : slot->maker });
      if (slot->sample && pop != NULL)
        run->out->immigrants++;
      kept++;
    }
  return kept;
}

/* Moves the feasible candidates of @batch to @population, frees the rest. */
static void
keep_feasible (GPtrArray *batch,
               GPtrArray *population,
               guint     *rejected)
{
  for (guint i = 0; i < batch->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (batch, i);

      if (c->rejected != NULL)
        {
          (*rejected)++;
          tf_candidate_free (c);
        }
      else
        g_ptr_array_add (population, c);
      batch->pdata[i] = NULL;
    }
  g_ptr_array_set_size (batch, 0);
}

/* Every candidate of @batch through the constraints and the objectives' layers, where the
 * options say; FALSE when cancelled. */
static gboolean
evaluate_batch (Run       *run,
                GPtrArray *batch)
{
  return tf_evaluate_batch (run->config, run->options->evaluator, tf_search_threads (run),
                            run->options->cancel, batch, &run->out->stats);
}

gboolean
tf_search_cancelled (const Run *run)
{
  return run->options->cancel != NULL && g_atomic_int_get (run->options->cancel);
}

/* The family front's members the first population takes, @room at most: all of them, or the
 * most spread (NSGA-II's crowding over the front), copies added to @population as they are,
 * evaluated. */
static void
take_family_front (Run       *run,
                   GPtrArray *population,
                   guint      room)
{
  GPtrArray *front = run->out->family_front;
  guint n = MIN (room, front != NULL ? front->len : 0);
  g_autofree guint *keep = g_new (guint, MAX (n, 1));
  g_autofree double *obj = NULL;

  if (n == 0)
    return;
  obj = tf_search_objective_matrix (run, front);
  tf_nsga2_select (obj, front->len, run->m, n, keep);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (population, tf_candidate_copy (g_ptr_array_index (front, keep[i])));
}

/* The initial population: the user's designs (generators.manual), the family front (Stage 0),
 * every other generator's init (a design already made, as Stage 0's results are, is left out),
 * topped up by mutating those seeds. The family front's members go to @evaluated, which holds
 * candidates evaluated already; the rest to @population, to be evaluated. */
static gboolean
initial_population (Run       *run,
                    GPtrArray *evaluated,
                    GPtrArray *population,
                    GError   **error)
{
  guint n = run->config->population_size, n_seeds, failures = 0;
  gboolean front_taken = FALSE;

  for (guint g = 0; g < tf_generators_get_count (); g++)
    {
      const TfGenerator *gen = tf_generators_get (g);
      guint before = population->len;

      if (run->states[g] == NULL || !(gen->capabilities & TF_GENERATOR_INIT))
        continue;
      /* The family front after the user's own designs, before any generator's seeds. */
      if (!front_taken && strcmp (gen->name, "manual") != 0)
        {
          take_family_front (run, evaluated, n - MIN (n, population->len));
          front_taken = TRUE;
        }
      if (population->len + evaluated->len >= n)
        break;
      /* A generator whose every design point Stage 0 evaluated has nothing new to seed. */
      if (gen->stage_0 != NULL && run->out->family_evaluations > 0
          && !run->out->family_sampled)
        continue;
      if (!gen->init (run->states[g], run->config, run->rng, population, error))
        return FALSE;
      for (guint i = before; i < population->len;)
        {
          TfCandidate *c = g_ptr_array_index (population, i);

          if (tf_search_seen (run->hashes, tf_network_graph_fingerprint (&c->topology.graph)))
            tf_candidate_free (g_ptr_array_steal_index (population, i));
          else
            i++;
        }
      /* (@population owns its candidates whether or not it frees them itself.) */
      while (population->len + evaluated->len > n && population->len > 0)
        tf_candidate_free (g_ptr_array_steal_index (population, population->len - 1));
      for (guint i = before; i < population->len; i++)
        ((TfCandidate *) g_ptr_array_index (population, i))->id = run->next_id++;
    }
  if (!front_taken)
    take_family_front (run, evaluated, n - MIN (n, population->len));
  n_seeds = population->len + evaluated->len;
  if (n_seeds == 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "no generator gave a first candidate: no enabled family has a legal topology "
                   "for %u chips within the largest switch radix", run->config->n_chip);
      return FALSE;
    }
  while (population->len + evaluated->len < n && failures < 50 * n)
    {
      guint pick = g_rand_int_range (run->rng, 0, n_seeds);
      const TfCandidate *parent = pick < evaluated->len
                                  ? g_ptr_array_index (evaluated, pick)
                                  : g_ptr_array_index (population, pick - evaluated->len);
      TfCandidate *child = make_child (run, parent, run->rng, NULL, NULL);

      if (child != NULL)
        {
          child->id = run->next_id++;
          g_ptr_array_add (population, child);
        }
      else
        {
          failures++;
          run->out->invalid_mutations++;
        }
    }
  return TRUE;
}

/* Adaptive rates: each child of the generation credits the generator that made it, and the
 * generators that keep credit of their own (the mutator's operators) are told too; children
 * and immigrants credit their own arms (immigrant_share); then every count is halved. */
static void
give_credit (Run            *run,
             GPtrArray      *batch,
             const gboolean *entered)
{
  for (guint i = 0; i < batch->len; i++)
    {
      guint maker = g_array_index (run->makers, guint, i);

      if (maker == G_MAXUINT)
        {
          tf_credit_add (&run->immigrant_credit, entered[i]);
          continue;
        }
      tf_credit_add (&run->child_credit, entered[i]);
      tf_credit_add (&run->credit[maker], entered[i]);
      for (guint g = 0; g < tf_generators_get_count (); g++)
        if (run->states[g] != NULL && tf_generators_get (g)->credit != NULL)
          tf_generators_get (g)->credit (run->states[g], g_ptr_array_index (batch, i),
                                         entered[i]);
    }
  tf_credit_decay (&run->immigrant_credit);
  tf_credit_decay (&run->child_credit);
  for (guint g = 0; g < tf_generators_get_count (); g++)
    {
      tf_credit_decay (&run->credit[g]);
      if (run->states[g] != NULL && tf_generators_get (g)->credit != NULL)
        tf_generators_get (g)->credit (run->states[g], NULL, FALSE);
    }
}

/* The checkpoint after a generation or batch (forced when the run stops early), then the
 * progress report; FALSE when either says stop. */
static gboolean
step_done (Run        *run,
           TfRunPhase  phase,
           guint       step,
           guint       generation,
           GError    **error)
{
  gint64 before = run->checkpointed;
  gboolean go;

  if (!tf_search_checkpoint_write (run, phase, step, tf_search_cancelled (run), error))
    return FALSE;
  go = tf_search_report (run, generation) && !tf_search_cancelled (run);
  /* Stopped here: the state at this step is what a resume starts from. */
  if (!go && run->checkpointed == before
      && !tf_search_checkpoint_write (run, phase, step, TRUE, error))
    return FALSE;
  return go;
}

/* NSGA-II from its initial population, or from generation @done of a resumed run. FALSE with
 * @error set on an error; a stop asked for sets out->cancelled. */
static gboolean
run_nsga2 (Run       *run,
           gboolean   resumed,
           guint      done,
           GError   **error)
{
  const TfSearchConfig *config = run->config;
  TfSearchResult *out = run->out;
  guint n = config->population_size;
  GPtrArray *population = run->population;
  g_autoptr(GPtrArray) batch = g_ptr_array_new ();
  GHashTable *hashes = run->hashes;

  if (!resumed)
    {
      if (!initial_population (run, population, batch, error))
        {
          free_batch (batch);
          return FALSE;
        }
      out->init_seconds = (g_get_monotonic_time () - run->start) / 1e6 - out->family_seconds;
      for (guint i = 0; i < batch->len; i++)
        {
          const TfCandidate *c = g_ptr_array_index (batch, i);

          tf_search_remember (hashes, tf_network_graph_fingerprint (&c->topology.graph));
          tf_search_tell_made (run, c);
        }
      if (!evaluate_batch (run, batch))
        {
          free_batch (batch);
          out->cancelled = TRUE;
          return TRUE;
        }
      out->evaluations += batch->len;
      tf_search_archive_add (run, batch, NULL);
      out->initial_hypervolume = tf_search_hypervolume (run->m, run->archive, run->ideal,
                                                         run->reference);
      keep_feasible (batch, population, &out->rejected);
      /* Seeding a large run takes long: its first checkpoint comes at once. */
      run->checkpointed = G_MININT64 / 2;
      if (!step_done (run, TF_PHASE_NSGA2, 0, 0, error))
        {
          out->cancelled = TRUE;
          return error == NULL || *error == NULL;
        }
    }

  for (guint gen = done + 1; gen <= config->generations && !out->cancelled; gen++)
    {
      guint np = population->len, attempts = 0;
      Population pop;
      g_autofree gboolean *entered = NULL;
      g_autofree double *obj = NULL;
      g_autofree guint *rank = NULL;
      g_autofree double *crowding = NULL;
      g_autofree guint *keep = NULL;
      g_autoptr(GPtrArray) next = NULL;

      g_array_set_size (run->makers, 0);
      tf_search_reseed (run, TF_PHASE_NSGA2, gen);
      if (np == 0)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                       "every candidate broke a hard constraint (%u rejected); loosen the "
                       "hardware constraints or the budget", out->rejected);
          return FALSE;
        }
      obj = tf_search_objective_matrix (run, population);
      rank = g_new (guint, np);
      crowding = g_new (double, np);
      tf_nsga2_sort (obj, np, run->m, rank);
      tf_nsga2_crowding (obj, np, run->m, rank, crowding);
      pop = (Population) { population, rank, crowding };

      while (batch->len < n && attempts < 20 * n)
        {
          guint want = MIN (n - batch->len, 20 * n - attempts);

          attempts += want;
          make_round (run, &pop, immigrant_share (run), 0, want, hashes, batch);
        }
      /* A population the edits cannot take anywhere new (direct networks whose family steps
       * were all made) takes fresh design points from the sampler instead: immigrants. */
      for (guint tries = 0, kept = 1; batch->len < n && tries < 4 * n && kept > 0;)
        {
          guint want = MIN (n - batch->len, 4 * n - tries);

          tries += want;
          kept = make_round (run, NULL, 1, 0, want, hashes, batch);
          out->immigrants += kept;
        }
      /* Nothing new to make (the mutator off, and every family design made by Stage 0): the
       * search is over, the generations left would only try again. */
      if (batch->len == 0)
        break;
      if (!evaluate_batch (run, batch))
        {
          free_batch (batch);
          out->cancelled = TRUE;
          break;
        }
      out->evaluations += batch->len;
      entered = g_new (gboolean, MAX (batch->len, 1));
      tf_search_archive_add (run, batch, entered);
      give_credit (run, batch, entered);
      keep_feasible (batch, population, &out->rejected);

      /* Parents and children together; the best n survive. */
      g_free (obj);
      obj = tf_search_objective_matrix (run, population);
      keep = g_new (guint, population->len);
      tf_nsga2_select (obj, population->len, run->m, MIN (n, population->len), keep);
      next = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
      for (guint i = 0; i < MIN (n, population->len); i++)
        {
          g_ptr_array_add (next, population->pdata[keep[i]]);
          population->pdata[keep[i]] = NULL;
        }
      /* The rest go (tf_candidate_free passes over the moved-out NULLs). */
      g_ptr_array_set_size (population, 0);
      g_ptr_array_extend_and_steal (population, g_steal_pointer (&next));
      out->generations_done = gen;
      if (!step_done (run, TF_PHASE_NSGA2, gen, gen, error))
        {
          out->cancelled = TRUE;
          return error == NULL || *error == NULL;
        }
    }
  return TRUE;
}

/* The baseline, the spec's "Random + QMC": @budget design points of the sampler with up to 16
 * edits each. It shares nothing with the search but the configuration: no population, no
 * selection. Counted in *evaluations as they go; from batch @done of a resumed run (the
 * archive, rows, sequence and fingerprints restored), else from the start. */
static gboolean
sample_search (Run         *run,
               TfRunPhase   phase,
               guint        done,
               guint        budget,
               guint       *evaluations,
               GError     **error)
{
  const TfSearchConfig *config = run->config;
  TfSearchResult *out = run->out;
  guint batch_size = MAX (config->population_size, 1u);
  g_autoptr(GPtrArray) batch = g_ptr_array_new ();
  GHashTable *hashes = run->hashes;

  if (done == 0)
    {
      run->u = -1;
      run->failures = 0;
      *evaluations = 0;
      /* The baseline shares nothing with the search; random search as the algorithm keeps
       * what Stage 0 made. */
      if (phase == TF_PHASE_BASELINE)
        g_hash_table_remove_all (hashes);
    }
  for (guint step = done + 1; *evaluations < budget && !tf_search_cancelled (run)
       && run->failures < 100 * budget; step++)
    {
      tf_search_reseed (run, phase, step);
      while (batch->len < MIN (batch_size, budget - *evaluations)
             && run->failures < 100 * budget)
        {
          guint want = MIN (batch_size, budget - *evaluations) - batch->len;

          run->failures += want - make_round (run, NULL, 1, BASELINE_EDITS_MAX, want, hashes,
                                              batch);
        }
      if (batch->len == 0)
        break;
      if (!tf_search_evaluate_sampled (run, batch))
        {
          free_batch (batch);
          out->cancelled = TRUE;
          break;
        }
      *evaluations += batch->len;
      tf_search_archive_add (run, batch, NULL);
      free_batch (batch);
      if (!step_done (run, phase, step, *evaluations / batch_size, error))
        {
          out->cancelled = TRUE;
          return error == NULL || *error == NULL;
        }
    }
  if (tf_search_cancelled (run))
    out->cancelled = TRUE;
  return TRUE;
}

gboolean
tf_search_run (const TfSearchConfig  *config,
               const TfSearchOptions *options,
               TfSearchResult        *out,
               GError               **error)
{
  static const TfSearchOptions no_options;
  Run run = { 0 };
  gboolean ok = TRUE, resumed = FALSE;
  g_autofree char *simulator = NULL;
  TfRunPhase phase = TF_PHASE_NSGA2;
  guint step = 0;

  g_return_val_if_fail (config != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->n_objectives = config->n_objectives;
  run.config = config;
  run.options = options ? options : &no_options;
  run.out = out;
  run.m = config->n_objectives;
  run.start = g_get_monotonic_time ();
  run.next_id = 1;
  run.u = -1;
  run.rng = g_rand_new_with_seed_array ((const guint32[]) { (guint32) config->seed,
                                                            (guint32) (config->seed >> 32) }, 2);
  run.archive = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  run.evaluated = g_array_new (FALSE, FALSE, sizeof (double));
  run.evaluated_info = g_array_new (FALSE, FALSE, sizeof (TfEvaluatedInfo));
  run.population = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  run.hashes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  run.checkpointed = run.start;
  out->threads = tf_search_threads (&run);
  /* Stage 2's simulator is looked for before the search, not after it. */
  ok = tf_stage_2_simulator_for (config, &simulator, error);

  for (guint g = 0; g < tf_generators_get_count () && ok; g++)
    {
      const TfGenerator *gen = tf_generators_get (g);

      if (!gen->enabled (config))
        continue;
      run.states[g] = gen->state_new ? gen->state_new (config, error) : (gpointer) gen;
      ok = run.states[g] != NULL;
      if (ok && (gen->capabilities & TF_GENERATOR_SAMPLE)
          && run.n_samplers < G_N_ELEMENTS (run.samplers))
        run.samplers[run.n_samplers++] = g;
    }

  tf_search_config_get_box (config, run.ideal, run.reference);
  memcpy (out->ideal, run.ideal, sizeof out->ideal);
  memcpy (out->reference_point, run.reference, sizeof out->reference_point);
  if (ok && run.options->resume)
    ok = resumed = tf_search_checkpoint_restore (&run, &phase, &step, error);
  /* Stage 0, the family front, before the search starts from it (a resumed run has it from its
   * checkpoint). */
  if (ok && !resumed && config->family_stage_0)
    ok = tf_stage_0_run (&run, error);

  if (ok && phase != TF_PHASE_BASELINE && config->algorithm == TF_SEARCH_NSGA2
      && !out->cancelled)
    {
      run.makers = g_array_new (FALSE, FALSE, sizeof (guint));
      ok = run_nsga2 (&run, resumed && phase != TF_PHASE_STAGE_0, step, error);
      g_clear_pointer (&run.makers, g_array_unref);
    }
  else if (ok && phase != TF_PHASE_BASELINE && !out->cancelled)
    /* Random search as the algorithm: the baseline's sampler with the NSGA-II budget. */
    ok = sample_search (&run, TF_PHASE_RANDOM, resumed && phase != TF_PHASE_STAGE_0 ? step : 0,
                        config->population_size * (config->generations + 1), &out->evaluations,
                        error);
  if (ok && phase != TF_PHASE_BASELINE)
    {
      out->seconds = (g_get_monotonic_time () - run.start) / 1e6;
      out->front = g_steal_pointer (&run.archive);
      out->evaluated = g_steal_pointer (&run.evaluated);
      out->evaluated_info = g_steal_pointer (&run.evaluated_info);
      /* Measured on the whole front, before it is written as its representatives. */
      out->hypervolume = tf_search_hypervolume (run.m, out->front, run.ideal, run.reference);
      tf_search_front_represent (config, out);
      /* The layers no objective needs (Layer 2's times in the breakdown, switch_diversity),
       * for the fronts that are written only: most candidates that enter one leave again. */
      tf_complete_batch (config, run.options->evaluator, tf_search_threads (&run), out->front,
                         &out->stats);
      if (out->family_front != NULL)
        tf_complete_batch (config, run.options->evaluator, tf_search_threads (&run),
                           out->family_front, &out->stats);
    }
  if (ok && phase != TF_PHASE_BASELINE && simulator != NULL && !out->cancelled)
    {
      /* Said before it starts, then after each step. */
      run.stage_2 = tf_stage_2_count (config, out->front->len, out->evaluations);
      run.stage_2_done = 0;
      run.archive = out->front;
      if (!tf_search_report (&run, out->generations_done))
        out->cancelled = TRUE;
      out->stage_2_ran = TRUE;
      if (!out->cancelled)
        tf_stage_2_run (config, simulator, tf_search_threads (&run), run.options->cancel,
                        stage_2_progress, &run, out);
      run.archive = NULL;
      run.stage_2 = 0;
    }

  if (ok && run.options->baseline && config->algorithm == TF_SEARCH_NSGA2 && !out->cancelled)
    {
      run.baseline = TRUE;
      /* Its own random streams (tf_search_reseed: the baseline's phase) and its own
       * quasi-random sequence, from the seed alone: the baseline a search is compared with
       * does not depend on how that search spent its draws (its operators, crossover,
       * duplicates). A resumed baseline has them from its checkpoint. */
      if (phase != TF_PHASE_BASELINE)
        {
          run.baseline_start = g_get_monotonic_time ();
          step = 0;
          tf_search_tell_made (&run, NULL);
          memset (run.credit, 0, sizeof run.credit);
          /* It starts from the family front too. */
          run.archive = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
          for (guint i = 0; out->family_front != NULL && i < out->family_front->len; i++)
            g_ptr_array_add (run.archive,
                             tf_candidate_copy (g_ptr_array_index (out->family_front,
                                                                          i)));
          run.evaluated = g_array_new (FALSE, FALSE, sizeof (double));
          run.evaluated_info = g_array_new (FALSE, FALSE, sizeof (TfEvaluatedInfo));
          g_ptr_array_set_size (run.population, 0);
        }
      /* The same number of evaluations as the search. */
      ok = sample_search (&run, TF_PHASE_BASELINE, step, out->evaluations,
                          &out->baseline_evaluations, error);
      tf_complete_batch (config, run.options->evaluator, tf_search_threads (&run), run.archive,
                       &out->stats);
      out->baseline_front = g_steal_pointer (&run.archive);
      out->baseline_evaluated = g_steal_pointer (&run.evaluated);
      out->baseline_pruned = tf_search_count_pruned (out->baseline_evaluated, run.m);
      out->baseline_evaluated_info = g_steal_pointer (&run.evaluated_info);
      out->baseline_seconds = (g_get_monotonic_time () - run.baseline_start) / 1e6;
    }

  /* Every front in the same box, fixed before the run. */
  if (out->baseline_front)
    out->baseline_hypervolume = tf_search_hypervolume (run.m, out->baseline_front, run.ideal,
                                                        run.reference);

  for (guint g = 0; g < tf_generators_get_count (); g++)
    if (run.states[g] != NULL && tf_generators_get (g)->state_free != NULL)
      tf_generators_get (g)->state_free (run.states[g]);
  g_rand_free (run.rng);
  g_clear_pointer (&run.archive, g_ptr_array_unref);
  g_clear_pointer (&run.evaluated, g_array_unref);
  g_clear_pointer (&run.evaluated_info, g_array_unref);
  g_clear_pointer (&run.population, g_ptr_array_unref);
  g_clear_pointer (&run.hashes, g_hash_table_unref);
  if (!ok)
    tf_search_result_clear (out);
  return ok;
}

void
tf_search_result_clear (TfSearchResult *result)
{
  g_clear_pointer (&result->front, g_ptr_array_unref);
  g_clear_pointer (&result->baseline_front, g_ptr_array_unref);
  g_clear_pointer (&result->front_members, g_array_unref);
  g_clear_pointer (&result->evaluated, g_array_unref);
  g_clear_pointer (&result->evaluated_info, g_array_unref);
  g_clear_pointer (&result->baseline_evaluated, g_array_unref);
  g_clear_pointer (&result->baseline_evaluated_info, g_array_unref);
  g_clear_pointer (&result->family_front, g_ptr_array_unref);
  g_clear_pointer (&result->family_evaluated, g_array_unref);
  g_clear_pointer (&result->family_evaluated_info, g_array_unref);
  g_free (result->simulation_error);
  memset (result, 0, sizeof *result);
}
