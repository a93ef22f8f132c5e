/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mpi-private.h: the messages between rank 0 of topoforge-mpi and its workers.
 *
 * A worker says HELLO with its thread count once. Rank 0 sends CONFIG (the run's complete
 * configuration as YAML) before the first WORK of each run, then WORK items: a header
 * (WorkHead) and a packed candidate (tf_candidate_pack), up to the worker's thread count in
 * flight, the next sent as each RESULT comes back (dynamic load balancing: evaluation times
 * differ tenfold between candidates). A RESULT is a header (ResultHead: the item's index and
 * the evaluator's timings) and the packed evaluation (tf_evaluation_pack). STOP ends a worker.
 * Every candidate is evaluated on its own whoever evaluates it, so the run is the same for any
 * number of ranks and threads.
 */
#pragma once

#include <mpi.h>

#include "optimizer.h"

G_BEGIN_DECLS

enum
{
  TF_MPI_HELLO = 1,
  TF_MPI_CONFIG,
  TF_MPI_WORK,
  TF_MPI_RESULT,
  TF_MPI_STOP,
};

typedef struct
{
  guint32 index;
  guint32 layers;
  guint32 check;
  guint32 batch;   /* the batches rank 0 has handed out so far, this one included */
} TfMpiWorkHead;

typedef struct
{
  guint32          index;
  TfEvaluatorStats stats;
} TfMpiResultHead;

/* Messages (mpi-messages.c) */

/* The next message from @source (MPI_ANY_SOURCE) with @tag (MPI_ANY_TAG), when one is waiting:
 * received whole into a new buffer; FALSE when none is. Polls, so the caller can do other work
 * (and sleep) between calls. */
gboolean tf_mpi_receive (int source, int tag, GByteArray **data, MPI_Status *status);

/* Sends that do not block: each buffer is kept until its send is done. */
typedef struct
{
  GPtrArray *buffers;    /* GByteArray * */
  GArray    *requests;   /* MPI_Request, one per buffer */
} TfMpiOutbox;

void     tf_mpi_outbox_init (TfMpiOutbox *box);
/* Sends @data (taken) to @dest. */
void     tf_mpi_outbox_send (TfMpiOutbox *box, GByteArray *data, int dest, int tag);
/* Lets go of the buffers whose sends are done; TRUE when any was. */
gboolean tf_mpi_outbox_poll (TfMpiOutbox *box);
/* Waits for every send, then frees the box. */
void     tf_mpi_outbox_clear (TfMpiOutbox *box);

/* Rank 0: the evaluator that hands candidates to the workers and to rank 0's own threads. */
TfBatchEvaluator *tf_mpi_evaluator_new (int n_ranks);
void              tf_mpi_evaluator_stop (TfBatchEvaluator *evaluator);

/* A worker rank: evaluates what rank 0 sends until STOP. */
int tf_mpi_worker_run (guint threads);

G_END_DECLS
