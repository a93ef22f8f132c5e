/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-tasks.c: GTask wrappers around tf_enumerate() and tf_generate(). */
#include "tf-tasks.h"

typedef struct
{
  TfContext  ctx;
  GStrv      families;
  guint      limit;
  char      *id;
} TaskData;

/* An enumeration and how long the engine took; freed as the TfEnumeration it starts with. */
typedef struct
{
  TfEnumeration enumeration;
  double        elapsed_ms;
} Timed;

static void
task_data_free (TaskData *data)
{
  g_strfreev (data->families);
  g_free (data->id);
  g_free (data);
}

/* A task owning @data (its own copy of the input) that runs @func on a worker thread. */
static void
run_in_thread (TaskData            *data,
               gpointer             source_tag,
               GTaskThreadFunc      func,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, data, (GDestroyNotify) task_data_free);
  g_task_run_in_thread (task, func);
}

/* The engine's progress hook: go on unless the task was cancelled. */
static gboolean
keep_going (double   fraction,
            gpointer user_data)
{
  return !g_cancellable_is_cancelled (G_CANCELLABLE (user_data));
}

void
tf_enumeration_free (TfEnumeration *enumeration)
{
  if (enumeration == NULL)
    return;
  tf_enumeration_clear (enumeration);
  g_free (enumeration);
}

void
tf_topology_free (TfTopology *topology)
{
  if (topology == NULL)
    return;
  tf_topology_clear (topology);
  g_free (topology);
}

static void
enumerate_thread (GTask        *task,
                  gpointer      source,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  TaskData *data = task_data;
  g_autofree const TfFamily **families = NULL;
  g_autoptr(GCancellable) never = g_cancellable_new ();
  Timed *timed = g_new0 (Timed, 1);
  TfEnumeration *e = &timed->enumeration;
  GError *error = NULL;
  gint64 start = g_get_monotonic_time ();
  guint n = 0;

  if (data->families != NULL)
    {
      families = g_new0 (const TfFamily *, g_strv_length (data->families) + 1);
      for (guint i = 0; data->families[i]; i++)
        if (tf_family_lookup (data->families[i]) != NULL)
          families[n++] = tf_family_lookup (data->families[i]);
      if (n == 0)
        {
          g_free (timed);
          g_task_return_new_error (task, TF_ERROR, TF_ERROR_INVALID_CONTEXT,
                                   "no family selected");
          return;
        }
    }
  if (!tf_enumerate (&data->ctx, families, n, data->limit, keep_going,
                     cancellable ? cancellable : never, e, &error))
    {
      g_free (timed);
      g_task_return_error (task, error);
      return;
    }
  timed->elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
  g_task_return_pointer (task, e, (GDestroyNotify) tf_enumeration_free);
}

void
tf_enumerate_async (const TfContext     *ctx,
                    const char *const   *families,
                    guint                limit,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  TaskData *data = g_new0 (TaskData, 1);

  data->ctx = *ctx;
  data->families = g_strdupv ((GStrv) families);
  data->limit = limit;
  run_in_thread (data, tf_enumerate_async, enumerate_thread, cancellable, callback, user_data);
}

TfEnumeration *
tf_enumerate_finish (GAsyncResult  *result,
                     double        *elapsed_ms,
                     GError       **error)
{
  Timed *timed;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  timed = g_task_propagate_pointer (G_TASK (result), error);
  if (elapsed_ms != NULL)
    *elapsed_ms = timed ? timed->elapsed_ms : 0;
  return timed ? &timed->enumeration : NULL;
}

static void
generate_thread (GTask        *task,
                 gpointer      source,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  TaskData *data = task_data;
  g_autoptr(GCancellable) never = g_cancellable_new ();
  TfTopology *t = g_new0 (TfTopology, 1);
  GError *error = NULL;

  if (!tf_generate (&data->ctx, data->id, keep_going, cancellable ? cancellable : never, t,
                    &error))
    {
      g_free (t);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, t, (GDestroyNotify) tf_topology_free);
}

void
tf_generate_async (const TfContext     *ctx,
                   const char          *id,
                   GCancellable        *cancellable,
                   GAsyncReadyCallback  callback,
                   gpointer             user_data)
{
  TaskData *data = g_new0 (TaskData, 1);

  data->ctx = *ctx;
  data->id = g_strdup (id);
  run_in_thread (data, tf_generate_async, generate_thread, cancellable, callback, user_data);
}

TfTopology *
tf_generate_finish (GAsyncResult  *result,
                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
