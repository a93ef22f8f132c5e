/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mpi-evaluator.c: rank 0's TfBatchEvaluator. A batch's candidates go out one at a time, to
 * whoever is free first: each worker keeps as many in flight as it has threads, and rank 0's
 * own threads take from the same counter. The main thread alone talks MPI; it polls, so it
 * sleeps half a millisecond between rounds instead of spinning on a core.
 */
#include <string.h>

#include "mpi-private.h"

typedef struct
{
  TfBatchEvaluator  evaluator;
  int               n_ranks;
  guint32          *depth;          /* per rank: its threads (rank 0: none, it is here) */
  char             *config_sent;    /* the configuration the workers have, as YAML */
  guint             batches;        /* handed out so far */
  TfMpiOutbox       outbox;
} MpiEvaluator;

/* One batch */
typedef struct
{
  const TfSearchConfig *config;
  GPtrArray            *batch;
  guint                 layers;
  gboolean              check;
  volatile gint        *cancel;
  guint                 number;      /* MpiEvaluator.batches, this one included */
  GMutex                lock;
  guint                 next;        /* the next candidate to hand out */
  guint                 local_done;
  TfEvaluatorStats      stats;
} Batch;

/* The next candidate to hand out, or G_MAXUINT when none is left (or the run was stopped). */
static guint
take (Batch *b)
{
  guint i = G_MAXUINT;

  g_mutex_lock (&b->lock);
  if (b->next < b->batch->len && (b->cancel == NULL || !g_atomic_int_get (b->cancel)))
    i = b->next++;
  g_mutex_unlock (&b->lock);
  return i;
}

static gpointer
evaluate_locally (gpointer data)
{
  Batch *b = data;
  TfEvaluatorStats stats = { { 0 }, { 0 } };
  guint i, done = 0;

  while ((i = take (b)) != G_MAXUINT)
    {
      tf_evaluate_candidate (b->config, g_ptr_array_index (b->batch, i), b->layers, b->check,
                             &stats);
      done++;
    }
  g_mutex_lock (&b->lock);
  b->local_done += done;
  for (guint k = 0; k < TF_N_LAYER_SLOTS; k++)
    {
      b->stats.computed[k] += stats.computed[k];
      b->stats.seconds[k] += stats.seconds[k];
    }
  g_mutex_unlock (&b->lock);
  return NULL;
}

static void
send_config (MpiEvaluator         *m,
             const TfSearchConfig *config)
{
  g_autoptr(GString) yaml = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (!tf_search_config_write_yaml (config, yaml, &error))
    g_error ("topoforge-mpi: %s", error->message);
  if (m->config_sent != NULL && strcmp (m->config_sent, yaml->str) == 0)
    return;
  for (int r = 1; r < m->n_ranks; r++)
    {
      GByteArray *copy = g_byte_array_new ();

      g_byte_array_append (copy, (const guint8 *) yaml->str, (guint) yaml->len);
      tf_mpi_outbox_send (&m->outbox, copy, r, TF_MPI_CONFIG);
    }
  g_free (m->config_sent);
  m->config_sent = g_strndup (yaml->str, yaml->len);
}

static void
send_work (MpiEvaluator *m,
           Batch        *b,
           guint         i,
           int           rank)
{
  GByteArray *out = g_byte_array_new ();
  TfMpiWorkHead head = { i, b->layers, b->check, b->number };

  g_byte_array_append (out, (const guint8 *) &head, sizeof head);
  tf_candidate_pack (g_ptr_array_index (b->batch, i), out);
  tf_mpi_outbox_send (&m->outbox, out, rank, TF_MPI_WORK);
}

static void
take_result (Batch            *b,
             const GByteArray *data)
{
  g_autoptr(GError) error = NULL;
  TfMpiResultHead head;
  gsize offset = sizeof head;

  if (data->len < sizeof head)
    g_error ("topoforge-mpi: a result cut short");
  memcpy (&head, data->data, sizeof head);
  if (head.index >= b->batch->len
      || !tf_evaluation_unpack (g_ptr_array_index (b->batch, head.index), data->data, data->len,
                                &offset, &error))
    g_error ("topoforge-mpi: a result could not be read: %s",
             error ? error->message : "no such candidate");
  for (guint k = 0; k < TF_N_LAYER_SLOTS; k++)
    {
      b->stats.computed[k] += head.stats.computed[k];
      b->stats.seconds[k] += head.stats.seconds[k];
    }
}

static gboolean
evaluate (gpointer              data,
          const TfSearchConfig *config,
          GPtrArray            *batch,
          guint                 layers,
          gboolean              check,
          guint                 threads,
          volatile gint        *cancel,
          TfEvaluatorStats     *stats)
{
  MpiEvaluator *m = data;
  Batch b = { config, batch, layers, check, cancel, ++m->batches };
  g_autofree guint *in_flight = g_new0 (guint, m->n_ranks);
  g_autofree GThread **local = g_new0 (GThread *, MAX (threads, 1));
  guint sent = 0, returned = 0;

  g_mutex_init (&b.lock);
  send_config (m, config);
  for (guint t = 0; t < threads; t++)
    local[t] = g_thread_new ("tf-mpi-local", evaluate_locally, &b);
  for (;;)
    {
      g_autoptr(GByteArray) result = NULL;
      gboolean busy = FALSE, waiting = FALSE;
      MPI_Status status;
      guint i;

      for (int r = 1; r < m->n_ranks; r++)
        while (in_flight[r] < m->depth[r] && (i = take (&b)) != G_MAXUINT)
          {
            send_work (m, &b, i, r);
            in_flight[r]++;
            sent++;
            busy = TRUE;
          }
      if (tf_mpi_receive (MPI_ANY_SOURCE, TF_MPI_RESULT, &result, &status))
        {
          take_result (&b, result);
          in_flight[status.MPI_SOURCE]--;
          returned++;
          busy = TRUE;
        }
      busy |= tf_mpi_outbox_poll (&m->outbox);
      for (int r = 1; r < m->n_ranks; r++)
        waiting |= in_flight[r] > 0;
      g_mutex_lock (&b.lock);
      /* Done when nothing is left to hand out and nothing is out with a worker. */
      if (!waiting && (b.next == batch->len || (cancel != NULL && g_atomic_int_get (cancel))))
        {
          g_mutex_unlock (&b.lock);
          break;
        }
      g_mutex_unlock (&b.lock);
      if (!busy)
        g_usleep (500);
    }
  for (guint t = 0; t < threads; t++)
    g_thread_join (local[t]);
  g_mutex_clear (&b.lock);
  for (guint k = 0; k < TF_N_LAYER_SLOTS && stats != NULL; k++)
    {
      stats->computed[k] += b.stats.computed[k];
      stats->seconds[k] += b.stats.seconds[k];
    }
  g_assert (sent == returned);
  return b.local_done + returned == batch->len;
}

TfBatchEvaluator *
tf_mpi_evaluator_new (int n_ranks)
{
  MpiEvaluator *m = g_new0 (MpiEvaluator, 1);

  m->evaluator.evaluate = evaluate;
  m->evaluator.data = m;
  m->n_ranks = n_ranks;
  m->depth = g_new0 (guint32, n_ranks);
  tf_mpi_outbox_init (&m->outbox);
  /* Every worker says how many threads it has before anything else. */
  for (int r = 1; r < n_ranks; r++)
    {
      guint32 threads;
      MPI_Status status;

      MPI_Recv (&threads, 1, MPI_UINT32_T, MPI_ANY_SOURCE, TF_MPI_HELLO, MPI_COMM_WORLD,
                &status);
      m->depth[status.MPI_SOURCE] = MAX (threads, 1);
    }
  return &m->evaluator;
}

void
tf_mpi_evaluator_stop (TfBatchEvaluator *evaluator)
{
  MpiEvaluator *m = evaluator->data;

  for (int r = 1; r < m->n_ranks; r++)
    tf_mpi_outbox_send (&m->outbox, g_byte_array_new (), r, TF_MPI_STOP);
  tf_mpi_outbox_clear (&m->outbox);
  g_free (m->depth);
  g_free (m->config_sent);
  g_free (m);
}
