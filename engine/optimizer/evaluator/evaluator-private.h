/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-private.h: the rooms behind the evaluator's part of optimizer.h.
 *
 * - the layers, one file each: evaluator-structure.c (Layer 1), evaluator-collectives.c
 *   (Layer 2) and evaluator-forestcoll.c (its bound), evaluator-iteration.c (Layers 3 and 4),
 *   evaluator-cost.c (Layer 5, the floor plan and the physical constraints); evaluator.c runs
 *   them in order with the cache;
 * - the pieces Layer 3 shares with Stage 2 (the search's), and the collective model;
 * - the evaluator on worker threads (search-parallel.c), which the search and Stage 2 use.
 */
#pragma once

#include "optimizer.h"
#include "graph-private.h"
#include "quotient-private.h"
#include "candidate-metadata-private.h"

G_BEGIN_DECLS

/* Layers. Each fills its part of candidate->evaluation and may assume the layers it depends on
 * are done (evaluator.c sees to it): Layer 2 uses Layer 1's bisection, Layer 3 uses nothing of
 * Layer 2's tables but the same collective model, Layer 4 uses Layer 3. */
gboolean tf_evaluate_structure (const TfSearchConfig *config, TfCandidate *candidate,
                                GError **error);
/* Layer 1's paths alone (TF_LAYER_PATHS): what the failure analysis is bounded by before it runs
 * (the baseline's pruning, search.c). */
gboolean tf_evaluate_paths (const TfSearchConfig *config, TfCandidate *candidate,
                            GError **error);
gboolean tf_evaluate_collectives (const TfSearchConfig *config, TfCandidate *candidate,
                                  GError **error);
/* Layer 2's ForestColl bound (TF_LAYER_FORESTCOLL), apart from its alpha-beta times. */
gboolean tf_evaluate_forestcoll (const TfSearchConfig *config, TfCandidate *candidate,
                                 GError **error);
gboolean tf_evaluate_iteration (const TfSearchConfig *config, TfCandidate *candidate,
                                GError **error);
gboolean tf_evaluate_cost (const TfSearchConfig *config, TfCandidate *candidate,
                           GError **error);

/* Layer 3's pieces, shared with Stage 2 (stage-2.c): a workload's parallelism, checked against
 * n_chip; the bytes of one call of each kind of communication; the groups of each kind, in the
 * order Layer 3 takes them (ranks in Megatron's order on @order's chips; a pipeline group is the
 * pair stage p -> p + 1, a ring's ranks are in ring order); and the iteration time from T_p
 * per kind (the compute time and each kind's exposed and total time as outputs). */
typedef struct
{
  guint tp, pp, dp, ep;
} TfParallelism;

typedef void (*TfGroupFunc) (TfComm comm, const guint32 *group, guint n, gpointer data);

gboolean tf_parallelism_init (TfParallelism *par, const TfWorkload *wl, guint w, guint n_chip,
                              GError **error);
void     tf_parallelism_message_bytes (const TfParallelism *par, const TfWorkload *wl,
                                       double *bytes);
void     tf_parallelism_for_each_group (const TfParallelism *par, const guint32 *order,
                                        TfGroupFunc func, gpointer data);
double   tf_parallelism_iteration (const TfParallelism *par, const TfWorkload *wl,
                                   const double *t_comm, double *compute_us, double *comm_us,
                                   double *comm_total_us);
/* Layer 4 from the workloads' iteration times: their weighted mean (plain without weights). */
double   tf_workflow_time (const TfSearchConfig *config, const double *iter_time_us);

/* Where a node stands on the floor (metres), and the length and class of a link's cable. */
void    tf_floor_plan_position (const TfFloorPlan *floor, const TfNetworkGraph *graph,
                                const guint32 *chip_board, guint32 node, double *x, double *y);
double  tf_floor_plan_cable (const TfFloorPlan *floor, const TfNetworkGraph *graph,
                             const guint32 *chip_board, const TfLink *link, TfCable *cable);
/* The smallest radix option holding @ports, or 0 when none does. */
guint   tf_hardware_radix_for (const TfHardwareConstraints *hw, guint ports);
/* Whether a radix option holds @sw; a board's scale-up switch has its own radix
 * (defaults.scale_up.switch_radix, met when the board was built) and always fits. */
gboolean tf_hardware_switch_fits (const TfHardwareConstraints *hw, const TfSwitch *sw);
/* A chip's ports (docs/optimizer.md, "Hard constraints"): physical links to switches within
 * nic_ports_per_chip, to chips or scale-up switches of its board within
 * on_board_links_per_chip, leaving its board
 * within off_board_ports_per_chip. FALSE with the first chip over a limit in @why (may be
 * NULL): the chip, the count and the key. */
gboolean tf_hardware_check_chip_ports (const TfHardwareConstraints *hw,
                                       const TfNetworkGraph *graph, GString *why);

/* Collective times under the alpha-beta model (docs/optimizer.md). A group is a list of chips in
 * rank order; the ring follows that order. */
typedef struct
{
  const TfSearchConfig *config;
  const TfNetworkGraph *graph;
  const TfHopTable     *hops;
  double                bisection_gbps;   /* of the whole network (Layer 1) */
  TfBottleneck          bottleneck;       /* of the last tf_collective_time / tf_p2p_time /
                                           * tf_concurrent_step */
  /* scratch owned by the model */
  gpointer              priv;
  GArray               *concurrent;       /* guint32 source, destination since
                                           * tf_concurrent_begin */
} TfCollectiveModel;

/* Link bandwidths come from @ctx (per link type and reach, times multiplicity): the context the
 * graph's links were made in, for a candidate its topology's. @lattice (may be NULL): the
 * family's lattice of chips, for a candidate its topology's. */
void   tf_collective_model_init (TfCollectiveModel *model, const TfSearchConfig *config,
                                 const TfNetworkGraph *graph, const TfHopTable *hops,
                                 const TfChipLattice *lattice, const TfContext *ctx,
                                 double bisection_gbps);
void   tf_collective_model_clear (TfCollectiveModel *model);
/* Time in us of @primitive over @n chips of @group with message @bytes. */
double tf_collective_time (TfCollectiveModel *model, TfPrimitive primitive,
                           const guint32 *group, guint n, double bytes);
/* Point-to-point time in us of @bytes from chip @a to chip @b. */
double tf_p2p_time (TfCollectiveModel *model, guint32 a, guint32 b, double bytes);
/* Flows at once: every flow added after tf_concurrent_begin shares the links with the others
 * (each split over its shortest paths); tf_concurrent_step is the time in us of a step in which
 * each carries @bytes, the farthest pair's alpha plus @bytes over the least bandwidth-to-load
 * ratio (its link in model->bottleneck), and ends the set. */
void   tf_concurrent_begin (TfCollectiveModel *model);
void   tf_concurrent_add (TfCollectiveModel *model, guint32 source, guint32 destination);
double tf_concurrent_step (TfCollectiveModel *model, double bytes);

/* The chips in rank order: the order of boards, then chips within each board. */
guint32 *tf_rank_order (const TfNetworkGraph *graph);

/* The search's worker threads (search-parallel.c). Items 0 .. n - 1 are handed out one at a time
 * to up to @threads threads, the calling one among them; each item's work must depend on
 * nothing but the item, so that the result does not depend on the number of threads. FALSE when
 * @cancel was set before the end; @stats (may be NULL) gains what the work timed. */
typedef void (*TfWorkFunc) (gpointer data, guint index, TfEvaluatorStats *stats);
gboolean tf_run_parallel (guint threads, guint n, volatile gint *cancel, TfWorkFunc work,
                          gpointer data, TfEvaluatorStats *stats);
/* Every candidate of @batch through the hard constraints and the layers its objectives need:
 * objectives filled, or rejected with the reason. FALSE when cancelled before the end. */
gboolean tf_evaluate_batch (const TfSearchConfig *config, const TfBatchEvaluator *evaluator,
                            guint threads, volatile gint *cancel, GPtrArray *batch,
                            TfEvaluatorStats *stats);
/* The same with @layers (TfLayer bits) for the objectives' own. */
gboolean tf_evaluate_batch_layers (const TfSearchConfig *config,
                                   const TfBatchEvaluator *evaluator, guint threads,
                                   volatile gint *cancel, GPtrArray *batch, guint layers,
                                   TfEvaluatorStats *stats);
/* The rest of what a front candidate shows (Layer 2's collective times, no objective's), for
 * the candidates of the final front only: a few of the thousands evaluated. */
void     tf_complete_batch (const TfSearchConfig *config, const TfBatchEvaluator *evaluator,
                            guint threads, GPtrArray *batch, TfEvaluatorStats *stats);

/* Whether every value @c's candidate file would hold is a finite number, as the file's reader
 * requires (candidate.c): a packed candidate's are checked so (candidate-pack.c). */
gboolean tf_candidate_values_finite (const TfCandidate *c);

G_END_DECLS
