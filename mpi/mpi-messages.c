/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mpi-messages.c: receiving by polling, and sending without blocking. Rank 0 and a worker may
 * each be sending the other a message too large to go eagerly (a candidate; a result) at the
 * same time; with blocking sends both would wait for the other's receive for ever. So sends
 * go out with MPI_Isend from an outbox that keeps each buffer until its send is done, and both
 * sides keep polling for what comes in. */
#include "mpi-private.h"

gboolean
tf_mpi_receive (int          source,
                int          tag,
                GByteArray **data,
                MPI_Status  *status)
{
  int flag = 0, count = 0;

  MPI_Iprobe (source, tag, MPI_COMM_WORLD, &flag, status);
  if (!flag)
    return FALSE;
  MPI_Get_count (status, MPI_BYTE, &count);
  *data = g_byte_array_sized_new (MAX (count, 1));
  g_byte_array_set_size (*data, count);
  MPI_Recv ((*data)->data, count, MPI_BYTE, status->MPI_SOURCE, status->MPI_TAG, MPI_COMM_WORLD,
            status);
  return TRUE;
}

void
tf_mpi_outbox_init (TfMpiOutbox *box)
{
  box->buffers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  box->requests = g_array_new (FALSE, FALSE, sizeof (MPI_Request));
}

void
tf_mpi_outbox_send (TfMpiOutbox *box,
                    GByteArray  *data,
                    int          dest,
                    int          tag)
{
  MPI_Request request;

  MPI_Isend (data->data, (int) data->len, MPI_BYTE, dest, tag, MPI_COMM_WORLD, &request);
  g_ptr_array_add (box->buffers, data);
  g_array_append_val (box->requests, request);
}

gboolean
tf_mpi_outbox_poll (TfMpiOutbox *box)
{
  gboolean any = FALSE;

  for (guint i = box->requests->len; i > 0; i--)
    {
      int done = 0;

      MPI_Test (&g_array_index (box->requests, MPI_Request, i - 1), &done, MPI_STATUS_IGNORE);
      if (done)
        {
          g_array_remove_index_fast (box->requests, i - 1);
          g_ptr_array_remove_index_fast (box->buffers, i - 1);
          any = TRUE;
        }
    }
  return any;
}

void
tf_mpi_outbox_clear (TfMpiOutbox *box)
{
  if (box->requests->len > 0)
    MPI_Waitall ((int) box->requests->len, (MPI_Request *) (void *) box->requests->data,
                 MPI_STATUSES_IGNORE);
  g_array_unref (box->requests);
  g_ptr_array_unref (box->buffers);
}
