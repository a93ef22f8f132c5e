/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-parallel.c: the search's worker threads: a pool that hands out items one at a time,
 * and on it the evaluation of a batch of candidates (the layers their objectives need, the hard
 * constraints first) and the completion of the ones that reach the front.
 */
#include "evaluator-private.h"

/* Parallel work: items 0 .. n - 1 handed out one at a time to up to @threads threads (the
 * calling one among them), each item's work depending on nothing but the item, so the result
 * does not depend on the number of threads. */

typedef struct
{
  TfWorkFunc        work;
  gpointer          data;
  guint             n;
  gint              next;
  volatile gint    *cancel;
  GMutex            lock;
  TfEvaluatorStats  stats;
} Pool;

static gpointer
pool_worker (gpointer data)
{
  Pool *pool = data;
  TfEvaluatorStats stats = { { 0 }, { 0 } };
  gint i;

  while ((pool->cancel == NULL || !g_atomic_int_get (pool->cancel))
         && (i = g_atomic_int_add (&pool->next, 1)) < (gint) pool->n)
    pool->work (pool->data, (guint) i, &stats);

  g_mutex_lock (&pool->lock);
  for (guint k = 0; k < G_N_ELEMENTS (stats.computed); k++)
    {
      pool->stats.computed[k] += stats.computed[k];
      pool->stats.seconds[k] += stats.seconds[k];
    }
  g_mutex_unlock (&pool->lock);
  return NULL;
}

gboolean
tf_run_parallel (guint             threads,
                 guint             n,
                 volatile gint    *cancel,
                 TfWorkFunc        work,
                 gpointer          data,
                 TfEvaluatorStats *stats)
{
  Pool pool = { work, data, n, 0, cancel };
  guint n_threads = MIN (threads, MAX (n, 1));
  g_autofree GThread **workers = g_new0 (GThread *, n_threads);

  g_mutex_init (&pool.lock);
  for (guint t = 1; t < n_threads; t++)
    workers[t] = g_thread_new ("tf-search", pool_worker, &pool);
  pool_worker (&pool);
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (workers[t]);
  g_mutex_clear (&pool.lock);

  for (guint k = 0; stats != NULL && k < G_N_ELEMENTS (pool.stats.computed); k++)
    {
      stats->computed[k] += pool.stats.computed[k];
      stats->seconds[k] += pool.stats.seconds[k];
    }
  return cancel == NULL || !g_atomic_int_get (cancel);
}

/* Evaluation */

typedef struct
{
  const TfSearchConfig *config;
  guint                 layers;
  gboolean              check;
  GPtrArray            *batch;
} Batch;

/* The hop table served Layers 1-3; up to 2 MB a candidate on graphs without twins. */
static void
drop_hops (TfCandidate *c)
{
  if (c->hop_cache != NULL)
    {
      tf_hop_table_clear (c->hop_cache);
      g_clear_pointer (&c->hop_cache, g_free);
    }
}

void
tf_evaluate_candidate (const TfSearchConfig *config,
                       TfCandidate          *c,
                       guint                 layers,
                       gboolean              check,
                       TfEvaluatorStats     *stats)
{
  g_autoptr(GString) why = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (!check)
    {
      if (!tf_evaluate (config, c, layers, stats, &error))
        g_warning ("candidate %u: %s", c->id, error->message);
    }
  /* Layer 5 first (timed here; the constraint check then finds it cached). */
  else if (!tf_evaluate (config, c, TF_LAYER_COST, stats, &error))
    c->rejected = g_strdup (error->message);
  else if (!tf_candidate_check_constraints (config, c, why))
    c->rejected = g_string_free (g_steal_pointer (&why), FALSE);
  else if (!tf_evaluate (config, c, layers, stats, &error))
    c->rejected = g_strdup (error->message);
  else
    tf_candidate_get_objectives (config, c, c->objectives);
  drop_hops (c);
}

static void
evaluate_one (gpointer          data,
              guint             index,
              TfEvaluatorStats *stats)
{
  Batch *b = data;

  tf_evaluate_candidate (b->config, g_ptr_array_index (b->batch, index), b->layers, b->check,
                         stats);
}

static gboolean
evaluate_batch (const TfSearchConfig   *config,
                const TfBatchEvaluator *evaluator,
                guint                   threads,
                volatile gint          *cancel,
                GPtrArray              *batch,
                guint                   layers,
                gboolean                check,
                TfEvaluatorStats       *stats)
{
  Batch b = { config, layers, check, batch };

  if (evaluator != NULL)
    return evaluator->evaluate (evaluator->data, config, batch, layers, check, threads, cancel,
                                stats);
  return tf_run_parallel (threads, batch->len, cancel, evaluate_one, &b, stats);
}

gboolean
tf_evaluate_batch (const TfSearchConfig   *config,
                   const TfBatchEvaluator *evaluator,
                   guint                   threads,
                   volatile gint          *cancel,
                   GPtrArray              *batch,
                   TfEvaluatorStats       *stats)
{
  return evaluate_batch (config, evaluator, threads, cancel, batch,
                         tf_search_config_get_objective_layers (config), TRUE, stats);
}

gboolean
tf_evaluate_batch_layers (const TfSearchConfig   *config,
                          const TfBatchEvaluator *evaluator,
                          guint                   threads,
                          volatile gint          *cancel,
                          GPtrArray              *batch,
                          guint                   layers,
                          TfEvaluatorStats       *stats)
{
  return evaluate_batch (config, evaluator, threads, cancel, batch, layers, TRUE, stats);
}

void
tf_complete_batch (const TfSearchConfig   *config,
                   const TfBatchEvaluator *evaluator,
                   guint                   threads,
                   GPtrArray              *batch,
                   TfEvaluatorStats       *stats)
{
  evaluate_batch (config, evaluator, threads, NULL, batch, tf_search_config_get_layers (config),
                  FALSE, stats);
}
