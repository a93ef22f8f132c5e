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
void     tf_stage_2_run (const TfSearchConfig *config, const char *simulator, guint threads,
                         volatile gint *cancel, TfSearchResult *out);

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
  double                 ideal[TF_N_OBJECTIVES];      /* the hypervolume's box */
  double                 reference[TF_N_OBJECTIVES];
  double                 u;            /* the sampler's sequence; < 0 before its first point */
  guint                  samplers[TF_N_GENERATORS]; /* the generators that can sample */
  guint                  n_samplers;
  gboolean               baseline;
  guint                  stage_2;    /* the front candidates Stage 2 simulates, once it starts */
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
} Run;

/* The archive (search-archive.c) */

/* A copy of @src with its graph, origin and evaluation (not its hop table). */
TfCandidate *tf_search_candidate_copy (const TfCandidate *src);
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

/* Checkpoints (search-checkpoint.c) */

/* Where a run stands when its checkpoint is written. */
typedef enum
{
  TF_PHASE_NSGA2,     /* after generation `step` of NSGA-II (0: the initial population) */
  TF_PHASE_RANDOM,    /* after `step` batches of random search as the algorithm */
  TF_PHASE_BASELINE,  /* the search done, after `step` batches of the baseline */
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
