/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-private.h: the search's state between generations (search.c), which its checkpoints
 * keep and give back (search-checkpoint.c). */
#pragma once

#include "generators-private.h"

G_BEGIN_DECLS

/* Stage 2 (stage-2.c): the simulation of one candidate (Layers 3 and 4 first, when not done),
 * which sets evaluation.simulated. */
gboolean tf_evaluate_stage_2 (const TfSearchConfig *config, const char *simulator,
                              TfCandidate *candidate, volatile gint *cancel, GError **error);
/* Stage 2 of a finished search: the best pareto_threshold of its evaluations, taken from its
 * front (tf_stage_2_count of them), simulated on @threads threads; the counters and time in
 * @out. */
guint    tf_stage_2_count (const TfSearchConfig *config, guint front_size, guint evaluations);
/* Told how many of @total are simulated after each step, from the calling thread; FALSE
 * stops Stage 2 there (the rest stay unsimulated, the result cancelled). */
typedef gboolean (*TfStage2Progress) (guint done, guint total, gpointer data);
void     tf_stage_2_run (const TfSearchConfig *config, const char *simulator, guint threads,
                         volatile gint *cancel, TfStage2Progress progress,
                         gpointer progress_data, TfSearchResult *out);

/* Hypervolume (minimisation) of the region dominated by @n points and bounded by @reference;
 * points not strictly better than the reference in every objective add nothing. Exact. */
double   tf_hypervolume (const double *objectives, guint n, guint m, const double *reference);

/* Equal for equal graphs up to a renumbering of switches (graph-fingerprint.c). */
guint64  tf_network_graph_fingerprint (const TfNetworkGraph *graph);

/* The run's state */

typedef struct
{
  const TfSearchConfig  *config;
  const TfSearchOptions *options;
  TfSearchResult        *out;
  GRand                 *rng;
  gpointer               states[TF_N_GENERATORS];
  guint                  next_id;
  guint                  m;
  gint64                 start;
  GPtrArray             *archive;     /* non-dominated feasible candidates so far */
  GArray                *evaluated;   /* objective vectors of every feasible candidate */
  GArray                *evaluated_info;  /* TfEvaluatedInfo per row of evaluated */
  double                 ideal[TF_N_OBJECTIVES];      /* the hypervolume's box */
  double                 reference[TF_N_OBJECTIVES];
  double                 u;            /* the sampler's sequence; < 0 before its first point */
  guint                  samplers[TF_N_GENERATORS]; /* the generators that can sample */
  guint                  n_samplers;
  gboolean               baseline;
  guint                  stage_2;    /* the front candidates Stage 2 simulates, once it starts */
  guint                  stage_2_done;  /* of them, simulated so far */
  TfCredit               credit[TF_N_GENERATORS];   /* per generator, for picking one to mutate a
                                                  * parent */
  TfCredit               immigrant_credit;  /* immigrants against children (immigrant_share) */
  TfCredit               child_credit;
  GArray                *makers;       /* per candidate of the batch, the generator that made it
                                        * (G_MAXUINT for a design point of the sampler) */
  GHashTable            *hashes;       /* fingerprints of every graph made (guint64 *) */
  GPtrArray             *population;   /* NSGA-II's, between generations */
  gint64                 checkpointed; /* when the last checkpoint was written */
  guint                  failures;     /* design points of the sampler that gave nothing */
  gint64                 baseline_start;  /* when the baseline started, once it has */
  guint                  stage_0_done;    /* while Stage 0 runs: design points evaluated */
  guint                  stage_0_total;   /* and to evaluate */
} Run;

/* The archive (search-archive.c) */

/* By first objective, ties by network cost, then by id: the order of every front written. */
void     tf_search_sort_front (GPtrArray *front);
/* What evaluated.csv says of @c beside its objectives. */
TfEvaluatedInfo tf_evaluated_info (const TfCandidate *c);
/* Keeps in *@front (replaced) the first front of its candidates and @batch's feasible ones
 * (copies of those that enter), one per distinct objective vector of @m, sorted as
 * tf_search_sort_front sorts; @entered (may be NULL) says, per candidate of @batch, whether it
 * entered. */
void     tf_front_merge (GPtrArray **front, guint m, GPtrArray *batch, gboolean *entered);
/* The objective rows of @cands, as the search minimises them. */
double  *tf_search_objective_matrix (const Run *run, GPtrArray *cands);
/* Adds the feasible candidates of @batch to the archive (as copies) and their rows to
 * run->evaluated, and keeps the archive's first front, one candidate per distinct objective
 * vector, by first objective. @entered (may be NULL) says, per candidate of @batch, whether it
 * entered. */
void     tf_search_archive_add (Run *run, GPtrArray *batch, gboolean *entered);
/* The hypervolume of @front as a fraction of the box between the ideal and the reference
 * point, each objective scaled to [0, 1] there (docs/optimizer.md, "Hypervolume"). */
double   tf_search_hypervolume (guint m, GPtrArray *front, const double *ideal,
                                const double *reference);

/* The run's helpers (search.c) */

/* The worker threads the run uses. */
guint    tf_search_threads (const Run *run);

/* The sampler's pruning (search-pruning.c) */

/* A batch of the sampler's design points evaluated as far as the archive needs: those it
 * matches or beats left before Layer 1's failure analysis (pruned, those objectives NaN). */
gboolean tf_search_evaluate_sampled (Run *run, GPtrArray *batch);
/* The rows of @rows, @m objectives each, a pruned design left incomplete. */
guint    tf_search_count_pruned (const GArray *rows, guint m);
/* Tells the generators that listen what the search keeps (NULL: forget it all). */
void     tf_search_tell_made (const Run *run, const TfCandidate *candidate);
/* Whether a graph of this fingerprint was made, and remembering one. */
gboolean tf_search_seen (GHashTable *hashes, guint64 fingerprint);
void     tf_search_remember (GHashTable *hashes, guint64 fingerprint);
/* Whether a stop was asked for. */
gboolean tf_search_cancelled (const Run *run);
/* The progress report of the run's phase; FALSE to stop. */
gboolean tf_search_report (Run *run, guint generation);

/* Stage 0 (stage-0.c): every buildable design point of the generators that have a Stage 0
 * evaluated (at most family_stage_0_max, a stratified sample beyond), each numbered, its
 * fingerprint remembered and told made; the family front, rows and counters in run->out.
 * FALSE with @error on an error; a stop asked for sets out->cancelled. */
gboolean tf_stage_0_run (Run *run, GError **error);

/* The front a person can read (front-representatives.c): beyond config->front_max designs,
 * result->front keeps that many representatives and result->front_members (created when NULL)
 * gains every other design of it, each with the representative that stands for it. */
void     tf_search_front_represent (const TfSearchConfig *config, TfSearchResult *result);

/* Checkpoints (search-checkpoint.c) */

/* Where a run stands when its checkpoint is written. */
typedef enum
{
  TF_PHASE_NSGA2,     /* after generation `step` of NSGA-II (0: the initial population) */
  TF_PHASE_RANDOM,    /* after `step` batches of random search as the algorithm */
  TF_PHASE_BASELINE,  /* the search done, after `step` batches of the baseline */
  TF_PHASE_STAGE_0,   /* Stage 0 done, the search not started */
} TfRunPhase;

/* Writes @run's state (options->checkpoint) atomically, when the interval has passed since the
 * last or @force. */
gboolean tf_search_checkpoint_write (Run *run, TfRunPhase phase, guint step, gboolean force,
                                     GError **error);
/* Restores @run (its config, options, generator states, rng and out set up as for a new run)
 * from options->checkpoint; *@phase and *@step say where it stood. */
gboolean tf_search_checkpoint_restore (Run *run, TfRunPhase *phase, guint *step,
                                       GError **error);
/* The random stream of @run for @phase's @step: a checkpoint keeps no generator state, so each
 * generation or batch reseeds from the seed. */
void     tf_search_reseed (Run *run, TfRunPhase phase, guint step);

G_END_DECLS
