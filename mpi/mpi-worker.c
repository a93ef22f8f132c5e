/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mpi-worker.c: a worker rank of topoforge-mpi. Its main thread alone talks MPI (the library
 * is initialised MPI_THREAD_FUNNELED): it queues each WORK item for the evaluation threads and
 * sends each RESULT back as it is done.
 *
 * TF_TEST_KILL_WORKER=N (tests only): rank 1 kills itself (SIGKILL) when the first item of rank
 * 0's N-th batch comes (batch 1 is the initial population), as a node lost mid-run.
 */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "mpi-private.h"

typedef struct
{
  guint32               index;
  guint32               layers;
  gboolean              check;
  guint32               batch;
  const TfSearchConfig *config;
  TfCandidate          *candidate;
  TfEvaluatorStats      stats;
} Item;

typedef struct
{
  GAsyncQueue *work;     /* Item *; a NULL-candidate item ends a thread */
  GAsyncQueue *done;     /* Item * */
} Queues;

static gpointer
evaluate_items (gpointer data)
{
  Queues *q = data;
  Item *item;

  while ((item = g_async_queue_pop (q->work))->candidate != NULL)
    {
      tf_evaluate_candidate (item->config, item->candidate, item->layers, item->check,
                             &item->stats);
      g_async_queue_push (q->done, item);
    }
  g_free (item);
  return NULL;
}

static void
config_free (gpointer data)
{
  tf_search_config_clear (data);
  g_free (data);
}

/* Reads a message's item, or exits the program on a message this build cannot read: rank 0
 * and the workers are the same program, so that is a broken installation. */
static Item *
read_item (const GByteArray     *data,
           const TfSearchConfig *config)
{
  g_autoptr(GError) error = NULL;
  TfMpiWorkHead head;
  Item *item = g_new0 (Item, 1);
  gsize offset = sizeof head;

  if (config == NULL || data->len < sizeof head)
    g_error ("topoforge-mpi: a work item came before its configuration");
  memcpy (&head, data->data, sizeof head);
  item->index = head.index;
  item->layers = head.layers;
  item->check = head.check;
  item->batch = head.batch;
  item->config = config;
  item->candidate = tf_candidate_unpack (data->data, data->len, &offset, &error);
  if (item->candidate == NULL)
    g_error ("topoforge-mpi: a work item could not be read: %s", error->message);
  return item;
}

static void
send_result (TfMpiOutbox *box,
             Item        *item)
{
  GByteArray *out = g_byte_array_new ();
  TfMpiResultHead head = { item->index, item->stats };

  g_byte_array_append (out, (const guint8 *) &head, sizeof head);
  tf_evaluation_pack (item->candidate, out);
  tf_mpi_outbox_send (box, out, 0, TF_MPI_RESULT);
  tf_candidate_free (item->candidate);
  g_free (item);
}

int
tf_mpi_worker_run (guint threads)
{
  Queues q = { g_async_queue_new (), g_async_queue_new () };
  g_autoptr(GPtrArray) configs = g_ptr_array_new_with_free_func (config_free);
  g_autofree GThread **pool = g_new0 (GThread *, threads);
  const TfSearchConfig *config = NULL;
  const char *kill_at = g_getenv ("TF_TEST_KILL_WORKER");
  guint32 hello = threads;
  TfMpiOutbox box;
  int rank;
  gboolean stop = FALSE;

  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  /* SIGUSR1 stops rank 0's search after its generation; a worker goes on until then. */
  signal (SIGUSR1, SIG_IGN);
  for (guint t = 0; t < threads; t++)
    pool[t] = g_thread_new ("tf-mpi-worker", evaluate_items, &q);
  tf_mpi_outbox_init (&box);
  MPI_Send (&hello, 1, MPI_UINT32_T, 0, TF_MPI_HELLO, MPI_COMM_WORLD);
  while (!stop)
    {
      g_autoptr(GByteArray) data = NULL;
      gboolean busy = FALSE;
      MPI_Status status;
      Item *done;

      if (tf_mpi_receive (0, MPI_ANY_TAG, &data, &status))
        {
          busy = TRUE;
          if (status.MPI_TAG == TF_MPI_STOP)
            stop = TRUE;
          else if (status.MPI_TAG == TF_MPI_CONFIG)
            {
              TfSearchConfig *c = g_new0 (TfSearchConfig, 1);
              g_autoptr(GError) error = NULL;

              if (!tf_search_config_load_data ("rank 0's configuration",
                                               (const char *) data->data, data->len, c, &error))
                g_error ("topoforge-mpi: %s", error->message);
              g_ptr_array_add (configs, c);
              config = c;
            }
          else if (status.MPI_TAG == TF_MPI_WORK)
            {
              Item *item = read_item (data, config);

              if (rank == 1 && kill_at != NULL && item->batch >= (guint) atoi (kill_at))
                kill (getpid (), SIGKILL);
              g_async_queue_push (q.work, item);
            }
        }
      while ((done = g_async_queue_try_pop (q.done)) != NULL)
        {
          busy = TRUE;
          send_result (&box, done);
        }
      busy |= tf_mpi_outbox_poll (&box);
      if (!busy)
        g_usleep (500);
    }
  for (guint t = 0; t < threads; t++)
    g_async_queue_push (q.work, g_new0 (Item, 1));
  for (guint t = 0; t < threads; t++)
    g_thread_join (pool[t]);
  tf_mpi_outbox_clear (&box);
  g_async_queue_unref (q.work);
  g_async_queue_unref (q.done);
  return 0;
}
