/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-topology-file.c: a topology file loaded on a worker thread (see tf-topology-file.h). */
#include <glib/gi18n.h>
#include <string.h>

#include "tf-tasks.h"
#include "tf-topology-file.h"

typedef struct
{
  char *path;   /* NULL for a file GIO cannot give a local path for */
  char *name;   /* the file's name for messages, UTF-8 */
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_free (data->path);
  g_free (data->name);
  g_free (data);
}

static gboolean
keep_going (double   fraction,
            gpointer user_data)
{
  return !g_cancellable_is_cancelled (G_CANCELLABLE (user_data));
}

/* The loader names the file by the path it was given, which for a chosen or dropped file is
 * long and absolute (and maybe not UTF-8): the message names it by its display name instead. */
static void
rename_file_in_message (GError     *error,
                        const char *path,
                        const char *name)
{
  gsize length = strlen (path);
  char *message;

  if (strncmp (error->message, path, length) != 0 || error->message[length] != ':')
    return;
  message = g_strconcat (name, error->message + length, NULL);
  g_free (error->message);
  error->message = message;
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadData *data = task_data;
  g_autoptr(GCancellable) never = g_cancellable_new ();
  g_autoptr(TfTopology) topology = g_new0 (TfTopology, 1);
  GError *error = NULL;

  if (data->path == NULL)
    {
      g_task_return_new_error (task, TF_ERROR, TF_ERROR_IO,
                               _("%s: only files on this computer can be opened"), data->name);
      return;
    }
  if (!tf_topology_load_file (data->path, NULL, topology, &error))
    {
      rename_file_in_message (error, data->path, data->name);
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  /* An edited topology may come without metrics: the panel shows them measured. */
  if (topology->result.metrics.counts_method == TF_METHOD_NONE
      && !tf_topology_measure (topology, keep_going, cancellable ? cancellable : never, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&topology), (GDestroyNotify) tf_topology_free);
}

void
tf_topology_file_load_async (GFile               *file,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadData *data;

  g_return_if_fail (G_IS_FILE (file));

  data = g_new0 (LoadData, 1);
  data->path = g_file_get_path (file);
  if (data->path != NULL)
    data->name = g_filename_display_basename (data->path);
  else
    data->name = g_file_get_parse_name (file);
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tf_topology_file_load_async);
  g_task_set_task_data (task, data, (GDestroyNotify) load_data_free);
  g_task_run_in_thread (task, load_thread);
}

TfTopology *
tf_topology_file_load_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
