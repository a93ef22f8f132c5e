/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-iteration.c: Layers 3 and 4 of the evaluator, iteration time and workflow.
 *
 * Layer 3 is the spec's T_iter = T_compute + sum_p T_p N_p eta_p, with T_p from the same
 * alpha-beta model as Layer 2, now over the groups the parallelism makes: ranks follow Megatron's
 * order (tp fastest, then dp, then pp) and rank r runs on the r-th chip of tf_rank_order(). The
 * rings and pipeline sends of every group of a kind are routed together, as a training step
 * runs them, so groups that cross the same links share them; an AllToAll's time is its slowest
 * group's. Layer 4 is the workloads' weighted mean. docs/optimizer.md gives the formulas and
 * their reasons.
 */
#include "evaluator-private.h"

#include <string.h>

static inline guint
rank_of (const TfParallelism *par,
         guint                t,
         guint                d,
         guint                p)
{
  return t + par->tp * (d + par->dp * p);
}

gboolean
tf_parallelism_init (TfParallelism     *par,
                     const TfWorkload  *wl,
                     guint              w,
                     guint              n_chip,
                     GError           **error)
{
  const char *name = wl->name != NULL ? wl->name : "";

  par->tp = wl->tp;
  par->pp = wl->pp;
  par->dp = wl->dp;
  par->ep = MAX (wl->ep, 1);
  if (par->tp < 1 || par->pp < 1 || par->dp < 1
      || (guint64) par->tp * par->pp * par->dp != n_chip)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "workload %u '%s': tp * pp * dp = %u * %u * %u must equal the candidate's "
                   "n_chip = %u", w, name, wl->tp, wl->pp, wl->dp, n_chip);
      return FALSE;
    }
  if (par->dp % par->ep != 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                   "workload %u '%s': ep = %u must divide dp = %u (expert groups are ep "
                   "consecutive ranks of a data-parallel group)", w, name, wl->ep, wl->dp);
      return FALSE;
    }
  return TRUE;
}

void
tf_parallelism_message_bytes (const TfParallelism *par,
                              const TfWorkload    *wl,
                              double              *bytes)
{
  double activation = (double) wl->micro_batch_size * wl->sequence_length * wl->hidden_size
                      * wl->bytes_per_value;

  bytes[TF_COMM_TP] = activation;
  bytes[TF_COMM_PP] = activation;
  bytes[TF_COMM_DP] = wl->parameters * wl->bytes_per_value / ((double) par->tp * par->pp);
  bytes[TF_COMM_EP] = activation;
}

void
tf_parallelism_for_each_group (const TfParallelism *par,
                               const guint32       *order,
                               TfGroupFunc          func,
                               gpointer             data)
{
  g_autofree guint32 *group = g_new (guint32, MAX (MAX (par->tp, par->dp), 2));

  /* Tensor parallel: the tp ranks of each (d, p), AllReduce of activations. */
  if (par->tp > 1)
    for (guint p = 0; p < par->pp; p++)
      for (guint d = 0; d < par->dp; d++)
        {
          for (guint t = 0; t < par->tp; t++)
            group[t] = order[rank_of (par, t, d, p)];
          func (TF_COMM_TP, group, par->tp, data);
        }

  /* Data parallel: the dp ranks of each (t, p), AllReduce of the stage's gradient shard. */
  if (par->dp > 1)
    for (guint p = 0; p < par->pp; p++)
      for (guint t = 0; t < par->tp; t++)
        {
          for (guint d = 0; d < par->dp; d++)
            group[d] = order[rank_of (par, t, d, p)];
          func (TF_COMM_DP, group, par->dp, data);
        }

  /* Pipeline: stage p to stage p + 1 of each (t, d), activations point to point. */
  if (par->pp > 1)
    for (guint p = 0; p + 1 < par->pp; p++)
      for (guint d = 0; d < par->dp; d++)
        for (guint t = 0; t < par->tp; t++)
          {
            group[0] = order[rank_of (par, t, d, p)];
            group[1] = order[rank_of (par, t, d, p + 1)];
            func (TF_COMM_PP, group, 2, data);
          }

  /* Expert parallel: ep consecutive ranks of each data-parallel group, AllToAll of tokens. */
  if (par->ep > 1)
    for (guint p = 0; p < par->pp; p++)
      for (guint t = 0; t < par->tp; t++)
        for (guint d0 = 0; d0 < par->dp; d0 += par->ep)
          {
            for (guint i = 0; i < par->ep; i++)
              group[i] = order[rank_of (par, t, d0 + i, p)];
            func (TF_COMM_EP, group, par->ep, data);
          }
}

double
tf_parallelism_iteration (const TfParallelism *par,
                          const TfWorkload    *wl,
                          const double        *t_comm,
                          double              *compute_us,
                          double              *comm_us,
                          double              *comm_total_us)
{
  double micro_batches, layers_per_stage, total, n_calls[TF_N_COMMS];

  /* m micro-batches per data-parallel replica per iteration (at least one). */
  micro_batches = wl->micro_batch_size > 0
                  ? (double) wl->global_batch_size / ((double) par->dp * wl->micro_batch_size)
                  : 1;
  micro_batches = MAX (micro_batches, 1.0);
  layers_per_stage = (double) wl->layers / par->pp;

  /* Calls per iteration: Megatron's two AllReduces per layer in forward and two in backward
   * for each micro-batch; 1F1B's critical path crosses a stage boundary 2 (m + pp - 2) times;
   * one gradient AllReduce; an AllToAll to the experts and one back per layer and
   * micro-batch. */
  n_calls[TF_COMM_TP] = par->tp > 1 ? 4.0 * layers_per_stage * micro_batches : 0;
  n_calls[TF_COMM_PP] = par->pp > 1 ? 2.0 * (micro_batches + par->pp - 2) : 0;
  n_calls[TF_COMM_DP] = par->dp > 1 ? 1.0 : 0;
  n_calls[TF_COMM_EP] = par->ep > 1 ? 2.0 * layers_per_stage * micro_batches : 0;

  /* 1F1B leaves (pp - 1) micro-batch slots idle out of m + pp - 1. */
  *compute_us = wl->compute_time_us * (1.0 + (par->pp - 1) / micro_batches);
  total = *compute_us;
  for (guint k = 0; k < TF_N_COMMS; k++)
    {
      comm_us[k] = comm_total_us[k] = 0;
      /* A kind that is absent or fully hidden costs nothing, even on a graph where it could
       * not run (no inf * 0). */
      if (n_calls[k] > 0)
        comm_total_us[k] = t_comm[k] * n_calls[k];
      if (n_calls[k] > 0 && wl->overlap[k] > 0)
        comm_us[k] = t_comm[k] * n_calls[k] * wl->overlap[k];
      total += comm_us[k];
    }
  return total;
}

typedef struct
{
  TfCollectiveModel *model;
  const double      *bytes;
  double            *t_comm;
  TfBottleneck      *bottleneck;
  gint               open;   /* the kind whose flows are being added, or -1 */
  guint              n;      /* its group size */
} CommTimes;

/* T_k of the kind whose groups were all added: every group's flows at once. */
static void
finish_kind (CommTimes *ct)
{
  TfComm k = (TfComm) ct->open;
  double t;

  if (ct->open < 0)
    return;
  if (k == TF_COMM_PP)
    t = tf_concurrent_step (ct->model, ct->bytes[k]);
  else
    t = 2.0 * (ct->n - 1) * tf_concurrent_step (ct->model, ct->bytes[k] / ct->n);
  ct->t_comm[k] = t;
  ct->bottleneck[k] = ct->model->bottleneck;
  ct->open = -1;
}

/* Rings (tp, dp) and the pipeline's sends: every group of a kind at once, as a training step
 * runs them, so groups that cross the same links share them. AllToAll (ep): each group on its
 * own (its bound is injection or its share of the bisection), the slowest one. */
static void
group_time (TfComm         comm,
            const guint32 *group,
            guint          n,
            gpointer       data)
{
  CommTimes *ct = data;

  if ((gint) comm != ct->open)
    {
      finish_kind (ct);
      if (comm != TF_COMM_EP)
        {
          tf_concurrent_begin (ct->model);
          ct->open = (gint) comm;
          ct->n = n;
        }
    }
  if (comm == TF_COMM_EP)
    {
      double t = tf_collective_time (ct->model, TF_PRIMITIVE_ALL_TO_ALL, group, n,
                                     ct->bytes[comm]);

      if (t > ct->t_comm[comm] || (t == ct->t_comm[comm]
                                   && ct->bottleneck[comm].kind == TF_BOTTLENECK_NONE))
        {
          ct->t_comm[comm] = t;
          ct->bottleneck[comm] = ct->model->bottleneck;
        }
    }
  else if (comm == TF_COMM_PP)
    tf_concurrent_add (ct->model, group[0], group[1]);
  else
    for (guint i = 0; i < n; i++)
      tf_concurrent_add (ct->model, group[i], group[(i + 1) % n]);
}

/* Layer 4: the weighted mean (the plain mean if no workload has weight). */
double
tf_workflow_time (const TfSearchConfig *config,
                  const double         *iter_time_us)
{
  guint n = MIN (config->n_workloads, TF_SEARCH_MAX_WORKLOADS);
  double weighted = 0, weights = 0, plain = 0;

  for (guint w = 0; w < n; w++)
    {
      weighted += config->workloads[w].weight * iter_time_us[w];
      weights += config->workloads[w].weight;
      plain += iter_time_us[w];
    }
  if (weights > 0)
    return weighted / weights;
  return n > 0 ? plain / n : 0;
}

gboolean
tf_evaluate_iteration (const TfSearchConfig  *config,
                       TfCandidate           *candidate,
                       GError               **error)
{
  const TfNetworkGraph *graph;
  TfEvaluation *ev;
  const TfHopTable *hops;
  TfCollectiveModel model;
  g_autofree guint32 *order = NULL;
  guint n_workloads;

  g_return_val_if_fail (config != NULL && candidate != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  graph = &candidate->topology.graph;
  ev = &candidate->evaluation;
  n_workloads = MIN (config->n_workloads, TF_SEARCH_MAX_WORKLOADS);

  for (guint w = 0; w < n_workloads; w++)
    {
      TfParallelism par;

      if (!tf_parallelism_init (&par, &config->workloads[w], w, graph->n_chip, error))
        return FALSE;
    }

  hops = candidate->hop_cache;   /* Layer 1's, when it made one; else searches as needed */
  tf_collective_model_init (&model, config, graph, hops, &candidate->topology.lattice,
                            &candidate->topology.context, ev->bisection_bandwidth);
  order = tf_rank_order (graph);

  memset (ev->iter_time_us, 0, sizeof ev->iter_time_us);
  memset (ev->iter_compute_us, 0, sizeof ev->iter_compute_us);
  memset (ev->iter_comm_us, 0, sizeof ev->iter_comm_us);
  memset (ev->iter_comm_total_us, 0, sizeof ev->iter_comm_total_us);
  for (guint w = 0; w < n_workloads; w++)
    {
      const TfWorkload *wl = &config->workloads[w];
      TfParallelism par;
      double bytes[TF_N_COMMS], t_comm[TF_N_COMMS] = { 0 }, total;
      CommTimes ct = { &model, bytes, t_comm, ev->iter_bottleneck[w], -1, 0 };

      tf_parallelism_init (&par, wl, w, graph->n_chip, NULL);
      tf_parallelism_message_bytes (&par, wl, bytes);
      memset (ev->iter_bottleneck[w], 0, sizeof ev->iter_bottleneck[w]);
      tf_parallelism_for_each_group (&par, order, group_time, &ct);
      finish_kind (&ct);
      total = tf_parallelism_iteration (&par, wl, t_comm, &ev->iter_compute_us[w],
                                        ev->iter_comm_us[w], ev->iter_comm_total_us[w]);
      ev->iter_time_us[w] = total;
    }

  tf_collective_model_clear (&model);
  ev->workflow_time_us = tf_workflow_time (config, ev->iter_time_us);

  ev->layers |= TF_LAYER_ITERATION | TF_LAYER_WORKFLOW;
  return TRUE;
}
