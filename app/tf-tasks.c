/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-tasks.c: GTask wrappers around tf_enumerate_query() and tf_generate(). */
#include "tf-tasks.h"

/* The worker posts at most 20 progress reports a second to the main thread, the first after
 * a quarter of a second: a quick run shows no progress bar at all. */
#define PROGRESS_INTERVAL_US (G_USEC_PER_SEC / 20)
#define PROGRESS_DELAY_US    (G_USEC_PER_SEC / 4)

typedef struct
{
  TfContext              ctx;
  GStrv                  families;
  TfQuery                query;
  guint                  limit;
  char                  *id;
  GCancellable          *cancellable;
  /* Progress for the main thread: a weak reference, so a closed window is never touched. */
  GWeakRef               progress_target;
  TfTaskProgressFunc     progress_func;
  gint64                 progress_posted;   /* worker thread only */
} TaskData;

typedef struct
{
  GWeakRef           target;
  TfTaskProgressFunc func;
  double             fraction;
} ProgressReport;

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
  tf_query_clear (&data->query);
  g_free (data->id);
  g_clear_object (&data->cancellable);
  g_weak_ref_clear (&data->progress_target);
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
  data->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  g_task_set_task_data (task, data, (GDestroyNotify) task_data_free);
  g_task_run_in_thread (task, func);
}

static gboolean
deliver_progress (gpointer user_data)
{
  ProgressReport *report = user_data;
  g_autoptr(GObject) target = g_weak_ref_get (&report->target);

  if (target != NULL)
    report->func (target, report->fraction);
  return G_SOURCE_REMOVE;
}

static void
progress_report_free (ProgressReport *report)
{
  g_weak_ref_clear (&report->target);
  g_free (report);
}

/* The engine's progress hook, on the worker thread: go on unless the task was cancelled, and
 * tell the main thread how far it is, a few times a second. */
static gboolean
keep_going (double   fraction,
            gpointer user_data)
{
  TaskData *data = user_data;
  gint64 now;

  if (g_cancellable_is_cancelled (data->cancellable))
    return FALSE;
  if (data->progress_func == NULL)
    return TRUE;
  now = g_get_monotonic_time ();
  if (now - data->progress_posted >= PROGRESS_INTERVAL_US)
    {
      g_autoptr(GObject) target = g_weak_ref_get (&data->progress_target);
      ProgressReport *report;

      data->progress_posted = now;
      if (target == NULL)
        return TRUE;
      report = g_new0 (ProgressReport, 1);
      g_weak_ref_init (&report->target, target);
      report->func = data->progress_func;
      report->fraction = fraction;
      g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, deliver_progress, report,
                                  (GDestroyNotify) progress_report_free);
    }
  return TRUE;
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
  if (!tf_enumerate_query (&data->ctx, families, n, &data->query, data->limit, keep_going,
                           data, e, &error))
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
                    const TfQuery       *query,
                    guint                limit,
                    GObject             *progress_target,
                    TfTaskProgressFunc   progress_func,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  TaskData *data = g_new0 (TaskData, 1);

  data->ctx = *ctx;
  data->families = g_strdupv ((GStrv) families);
  if (query != NULL)
    tf_query_copy (query, &data->query);
  else
    tf_query_init (&data->query);
  data->limit = limit;
  g_weak_ref_init (&data->progress_target, progress_target);
  data->progress_func = progress_target ? progress_func : NULL;
  data->progress_posted = g_get_monotonic_time () + PROGRESS_DELAY_US - PROGRESS_INTERVAL_US;
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
  TfTopology *t = g_new0 (TfTopology, 1);
  GError *error = NULL;

  if (!tf_generate (&data->ctx, data->id, keep_going, data, t, &error))
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
  tf_query_init (&data->query);
  g_weak_ref_init (&data->progress_target, NULL);
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
