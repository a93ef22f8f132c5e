/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-search-tasks.c: the optimizer's long calls on a worker thread (see tf-search-tasks.h). */
#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "pareto-svg.h"
#include "tf-search-tasks.h"

/* How much the search yields to the window (a nice value, 0 to 19). */
#define SEARCH_NICE 10

/* A running search posts at most this many snapshots a second; the last one always goes. */
#define SNAPSHOT_INTERVAL_US (G_USEC_PER_SEC / 10)

/* The run */

static void
optimize_run_clear (TfOptimizeRun *run)
{
  tf_search_config_clear (&run->config);
  tf_search_result_clear (&run->result);
  g_free (run->folder);
}

static TfOptimizeRun *
optimize_run_new (void)
{
  return g_atomic_rc_box_new0 (TfOptimizeRun);
}

TfOptimizeRun *
tf_optimize_run_ref (TfOptimizeRun *run)
{
  g_return_val_if_fail (run != NULL, NULL);
  return g_atomic_rc_box_acquire (run);
}

void
tf_optimize_run_unref (TfOptimizeRun *run)
{
  if (run != NULL)
    g_atomic_rc_box_release_full (run, (GDestroyNotify) optimize_run_clear);
}

/* A family's name that never wraps at its hyphen ("fat-" / "tree"). */
static void
append_family (GString    *text,
               const char *name,
               gsize       len)
{
  for (gsize i = 0; i < len; i++)
    {
      g_string_append_c (text, name[i]);
      if (name[i] == '-')
        g_string_append (text, "\u2060");
    }
}

/* "fat-tree:layers=2,k=24" as people read it: "fat-tree (layers=2, k=24)", which wraps between
 * its parameters. */
static void
append_seed (GString    *text,
             const char *id)
{
  const char *colon = strchr (id, ':');
  g_autoptr(GString) params = NULL;

  append_family (text, id, colon ? (gsize) (colon - id) : strlen (id));
  if (colon == NULL || colon[1] == '\0')
    return;
  params = g_string_new (colon + 1);
  g_string_replace (params, ",", ", ", 0);
  g_string_append_printf (text, " (%s)", params->str);
}

char *
tf_candidate_dup_origin_text (const TfCandidate *candidate)
{
  const TfOrigin *o;
  GString *text;

  g_return_val_if_fail (candidate != NULL, NULL);

  o = &candidate->origin;
  text = g_string_new (_(tf_origin_method_label (o->method)));
  if (o->seed_id != NULL)
    {
      /* TRANSLATORS: between how a candidate was made and the design it was made from:
       * "Graph mutation of fat-tree (layers=2, k=24, …)" */
      g_string_append (text, _(" of "));
      append_seed (text, o->seed_id);
    }
  if (o->template_params[0] != '\0')
    {
      g_autoptr(GString) params = g_string_new (o->template_params);

      g_string_replace (params, ",", ", ", 0);
      g_string_append_printf (text, " [%s]", params->str);
    }
  if (o->n_mutations_total > 0)
    {
      g_string_append (text, ", ");
      g_string_append_printf (text, g_dngettext (NULL, "%u edit", "%u edits",
                                                 o->n_mutations_total),
                              o->n_mutations_total);
    }
  return g_string_free (text, FALSE);
}

/* The search */

/* What a progress report is of: each phase's first report and last always go. */
typedef enum
{
  PHASE_STAGE_0 = 0,   /* the family front (stage_0_total non-zero) */
  PHASE_SEARCH,
  PHASE_BASELINE,
} SearchPhase;

static SearchPhase
phase_of (const TfSearchProgress *progress)
{
  if (progress->stage_0_total > 0)
    return PHASE_STAGE_0;
  return progress->baseline ? PHASE_BASELINE : PHASE_SEARCH;
}

typedef struct
{
  TfOptimizeRun       *run;
  gboolean             baseline;
  GWeakRef             target;
  TfSearchSnapshotFunc func;
  GCancellable        *cancellable;
  gulong               cancelled_id;
  volatile gint        cancel;
  /* worker thread only */
  gint64               posted;
  guint                evaluated_sent;   /* rows of the phase already sent */
  SearchPhase          phase;
} SearchData;

typedef struct
{
  GWeakRef             target;
  TfSearchSnapshotFunc func;
  TfSearchSnapshot     snapshot;
} SnapshotPost;

static void
search_data_free (SearchData *data)
{
  if (data->cancelled_id != 0)
    g_cancellable_disconnect (data->cancellable, data->cancelled_id);
  g_clear_object (&data->cancellable);
  g_weak_ref_clear (&data->target);
  tf_optimize_run_unref (data->run);
  g_free (data);
}

static void
snapshot_post_free (SnapshotPost *post)
{
  g_weak_ref_clear (&post->target);
  g_clear_pointer (&post->snapshot.front, g_array_unref);
  g_clear_pointer (&post->snapshot.origins, g_ptr_array_unref);
  g_clear_pointer (&post->snapshot.evaluated, g_array_unref);
  g_free (post);
}

static gboolean
deliver_snapshot (gpointer user_data)
{
  SnapshotPost *post = user_data;
  g_autoptr(GObject) target = g_weak_ref_get (&post->target);

  if (target != NULL)
    post->func (target, &post->snapshot);
  return G_SOURCE_REMOVE;
}

/* Rows as people read them. */
static void
append_rows (GArray               *rows,
             const TfSearchConfig *config,
             const double         *values,
             guint                 n_rows)
{
  guint m = config->n_objectives;

  for (guint i = 0; i < n_rows; i++)
    for (guint k = 0; k < m; k++)
      {
        double v = tf_objective_value (config->objectives[k], values[i * m + k]);

        g_array_append_val (rows, v);
      }
}

static gboolean
on_search_progress (const TfSearchProgress *progress,
                    gpointer                user_data)
{
  SearchData *data = user_data;
  const TfSearchConfig *config = &data->run->config;
  guint m = config->n_objectives;
  guint n_evaluated = progress->evaluated ? progress->evaluated->len / m : 0;
  gint64 now = g_get_monotonic_time ();
  SearchPhase phase = phase_of (progress);
  gboolean last = phase == PHASE_STAGE_0 ? progress->stage_0_done >= progress->stage_0_total
                  : phase == PHASE_SEARCH && progress->generation >= progress->generations;
  g_autoptr(GObject) target = NULL;
  SnapshotPost *post;

  if (phase != data->phase)
    {
      data->phase = phase;
      data->evaluated_sent = 0;
      data->posted = 0;
    }
  else if (now - data->posted < SNAPSHOT_INTERVAL_US && !last)
    return !g_atomic_int_get (&data->cancel);
  data->posted = now;

  target = g_weak_ref_get (&data->target);
  if (target == NULL)   /* nobody is looking: nothing to copy */
    return !g_atomic_int_get (&data->cancel);
  post = g_new0 (SnapshotPost, 1);
  g_weak_ref_init (&post->target, target);
  post->func = data->func;
  post->snapshot.progress = *progress;
  post->snapshot.progress.front = NULL;
  post->snapshot.progress.evaluated = NULL;
  post->snapshot.n_objectives = m;
  post->snapshot.restarted = data->evaluated_sent == 0 && phase == PHASE_BASELINE;
  post->snapshot.front = g_array_new (FALSE, FALSE, sizeof (double));
  post->snapshot.origins = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; progress->front != NULL && i < progress->front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (progress->front, i);

      append_rows (post->snapshot.front, config, c->objectives, 1);
      g_ptr_array_add (post->snapshot.origins, tf_candidate_dup_origin_text (c));
    }
  post->snapshot.evaluated = g_array_new (FALSE, FALSE, sizeof (double));
  if (n_evaluated > data->evaluated_sent)
    append_rows (post->snapshot.evaluated, config,
                 &g_array_index (progress->evaluated, double, data->evaluated_sent * m),
                 n_evaluated - data->evaluated_sent);
  data->evaluated_sent = n_evaluated;
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, deliver_snapshot, post,
                              (GDestroyNotify) snapshot_post_free);
  return !g_atomic_int_get (&data->cancel);
}

/* GCancellable's "cancelled" runs on whichever thread cancels: only an atomic store here. */
static void
search_cancelled (GCancellable *cancellable,
                  gpointer      user_data)
{
  g_atomic_int_set (&((SearchData *) user_data)->cancel, 1);
}

/* The search runs on a thread of its own, at a lower priority than the window's: its
 * evaluation threads (made by this one) inherit it, so on a machine whose every core evaluates,
 * the window still gets a core when it draws. Linux keeps a nice value per thread. */
static gpointer
search_thread (gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  SearchData *data = g_task_get_task_data (task);
  TfSearchOptions options = {
    .baseline = data->baseline,
    .progress = data->func ? on_search_progress : NULL,
    .progress_data = data,
    .cancel = &data->cancel,
  };
  GError *error = NULL;

#ifdef __linux__
  setpriority (PRIO_PROCESS, (id_t) gettid (), SEARCH_NICE);
#endif
  if (!tf_search_run (&data->run->config, &options, &data->run->result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tf_optimize_run_ref (data->run),
                           (GDestroyNotify) tf_optimize_run_unref);
  return NULL;
}

void
tf_search_run_async (TfSearchConfig       *config,
                     gboolean              baseline,
                     GObject              *target,
                     TfSearchSnapshotFunc  snapshot_func,
                     GCancellable         *cancellable,
                     GAsyncReadyCallback   callback,
                     gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  SearchData *data;

  g_return_if_fail (config != NULL);

  data = g_new0 (SearchData, 1);
  data->run = optimize_run_new ();
  data->run->config = *config;
  memset (config, 0, sizeof *config);
  data->baseline = baseline;
  g_weak_ref_init (&data->target, target);
  data->func = target ? snapshot_func : NULL;
  data->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  data->cancelled_id = g_cancellable_connect (data->cancellable, G_CALLBACK (search_cancelled),
                                              data, NULL);
  /* The task checks no cancellable itself: a stopped search still returns what it found. */
  task = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_source_tag (task, tf_search_run_async);
  g_task_set_task_data (task, data, (GDestroyNotify) search_data_free);
  g_thread_unref (g_thread_new ("tf-search", search_thread, g_steal_pointer (&task)));
}

TfOptimizeRun *
tf_search_run_finish (GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Opening, saving, exporting, a seed */

typedef struct
{
  TfOptimizeRun  *run;
  char           *folder;
  GArray         *indices;
  TfExportFormat  format;
  guint           index;
} FileData;

static void
file_data_free (FileData *data)
{
  tf_optimize_run_unref (data->run);
  g_free (data->folder);
  g_clear_pointer (&data->indices, g_array_unref);
  g_free (data);
}

static void
run_file_task (FileData            *data,
               gpointer             source_tag,
               GTaskThreadFunc      func,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, data, (GDestroyNotify) file_data_free);
  g_task_run_in_thread (task, func);
}

static void
open_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  FileData *data = task_data;
  g_autoptr(TfOptimizeRun) run = optimize_run_new ();
  GError *error = NULL;

  if (!tf_search_output_load (data->folder, &run->config, &run->result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  run->folder = g_strdup (data->folder);
  g_task_return_pointer (task, g_steal_pointer (&run), (GDestroyNotify) tf_optimize_run_unref);
}

void
tf_search_open_async (GFile               *folder,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  FileData *data;

  g_return_if_fail (G_IS_FILE (folder));

  data = g_new0 (FileData, 1);
  data->folder = g_file_get_path (folder);
  run_file_task (data, tf_search_open_async, open_thread, cancellable, callback, user_data);
}

TfOptimizeRun *
tf_search_open_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Saves through DIR.partial as optimize --out does (run-folder.c): the folder changes only once
 * every file is written, and a failed save leaves it as it was. */
static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  FileData *data = task_data;
  TfOptimizeRun *run = data->run;
  g_auto(TfRunFolder) folder = { 0 };
  guint violations = 0;
  GError *error = NULL;

  if (!tf_run_folder_begin (&folder, data->folder, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* The run is the view's too: the main thread only reads it while a task holds it. */
  if (!tf_search_output_write (folder.staging, NULL, &run->config, &run->result, &violations,
                               &error)
      || !tf_pareto_svg_write_run (folder.staging, &run->config, &run->result, &error))
    {
      tf_run_folder_abandon (&folder);
      g_task_return_error (task, error);
      return;
    }
  if (violations > 0)
    {
      tf_run_folder_abandon (&folder);
      g_task_return_new_error (task, TF_ERROR, TF_ERROR_IO,
                               _("Some front candidates break a hard constraint; this is a "
                                 "bug, please report it"));
      return;
    }
  /* A stopped run opened and saved back keeps its checkpoint: it can still be resumed. */
  if (!tf_run_folder_commit (&folder, tf_run_folder_keep_checkpoint (&folder, &run->config),
                             &error))
    {
      tf_run_folder_abandon (&folder);
      g_task_return_error (task, error);
      return;
    }
  if (folder.note != NULL)
    g_message ("%s", folder.note);
  g_task_return_boolean (task, TRUE);
}

void
tf_search_save_async (TfOptimizeRun       *run,
                      GFile               *folder,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  FileData *data;

  g_return_if_fail (run != NULL && G_IS_FILE (folder));

  data = g_new0 (FileData, 1);
  data->run = tf_optimize_run_ref (run);
  data->folder = g_file_get_path (folder);
  run_file_task (data, tf_search_save_async, save_thread, cancellable, callback, user_data);
}

gboolean
tf_search_save_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  FileData *data = task_data;
  TfOptimizeRun *run = data->run;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *extension = tf_export_format_get_extensions (data->format)[0];
  GError *error = NULL;

  if (g_mkdir_with_parents (data->folder, 0777) != 0)
    {
      int saved = errno;

      g_task_return_new_error (task, TF_ERROR, TF_ERROR_IO, _("Cannot create %s: %s"),
                               data->folder, g_strerror (saved));
      return;
    }
  for (guint i = 0; i < data->indices->len; i++)
    {
      guint index = g_array_index (data->indices, guint, i);
      const TfCandidate *c = g_ptr_array_index (run->result.front, index);
      g_autofree char *name = g_strdup_printf ("candidate_%03u.%s", index + 1, extension);
      g_autofree char *path = g_build_filename (data->folder, name, NULL);
      gboolean ok;

      /* YAML keeps the optimizer's metadata, so the file opens as a candidate again. */
      if (data->format == TF_EXPORT_YAML)
        {
          g_autoptr(GString) text = g_string_new (NULL);

          ok = tf_candidate_write_yaml (c, &run->config, text, &error)
               && tf_write_file_atomic (path, text->str, text->len, &error);
        }
      else
        ok = tf_export_write (&c->topology, data->format, path, &error);
      if (!ok)
        break;
      g_ptr_array_add (written, g_steal_pointer (&path));
      g_ptr_array_add (names, g_steal_pointer (&name));
    }
  if (error == NULL)
    {
      g_autofree char *summary = g_build_filename (data->folder, "selection.yaml", NULL);

      g_ptr_array_add (names, NULL);
      if (tf_search_output_write_selection (summary, run->folder, &run->config, &run->result,
                                            (const guint *) (gpointer) data->indices->data,
                                            data->indices->len,
                                            (const char *const *) names->pdata, &error))
        {
          g_task_return_int (task, data->indices->len);
          return;
        }
    }
  /* Nothing half done: what this export wrote goes. */
  for (guint i = 0; i < written->len; i++)
    g_unlink (g_ptr_array_index (written, i));
  g_task_return_error (task, error);
}

void
tf_search_export_async (TfOptimizeRun       *run,
                        GArray              *indices,
                        TfExportFormat       format,
                        GFile               *folder,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  FileData *data;

  g_return_if_fail (run != NULL && indices != NULL && G_IS_FILE (folder));
  g_return_if_fail ((guint) format < TF_N_EXPORT_FORMATS);

  data = g_new0 (FileData, 1);
  data->run = tf_optimize_run_ref (run);
  data->indices = g_array_copy (indices);
  data->format = format;
  data->folder = g_file_get_path (folder);
  for (guint i = 0; i < data->indices->len; i++)
    g_return_if_fail (g_array_index (data->indices, guint, i) < run->result.front->len);
  run_file_task (data, tf_search_export_async, export_thread, cancellable, callback, user_data);
}

guint
tf_search_export_finish (GAsyncResult  *result,
                         GError       **error)
{
  gssize n;

  g_return_val_if_fail (g_task_is_valid (result, NULL), 0);
  n = g_task_propagate_int (G_TASK (result), error);
  return n < 0 ? 0 : (guint) n;
}

static void
seed_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  FileData *data = task_data;
  const TfSearchConfig *config = &data->run->config;
  const TfCandidate *c = g_ptr_array_index (data->run->result.front, data->index);
  g_autoptr(TfCandidate) seed = tf_candidate_new ();
  GError *error = NULL;

  if (c->origin.seed_id == NULL)
    {
      g_task_return_new_error (task, TF_ERROR, TF_ERROR_INVALID_ID,
                               _("This candidate does not descend from a family seed"));
      return;
    }
  if (!tf_generate (&c->topology.context, c->origin.seed_id, NULL, NULL, &seed->topology,
                    &error))
    {
      g_task_return_error (task, error);
      return;
    }
  seed->id = 0;
  seed->chip_transitive = seed->topology.chip_transitive;
  seed->origin.method = TF_ORIGIN_FAMILY_ENUM;
  seed->origin.seed_id = g_strdup (c->origin.seed_id);
  if (!tf_evaluate (config, seed, tf_search_config_get_layers (config), NULL, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  tf_candidate_get_objectives (config, seed, seed->objectives);
  g_task_return_pointer (task, g_steal_pointer (&seed), (GDestroyNotify) tf_candidate_free);
}

void
tf_search_seed_async (TfOptimizeRun       *run,
                      guint                index,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  FileData *data;

  g_return_if_fail (run != NULL && run->result.front != NULL);
  g_return_if_fail (index < run->result.front->len);

  data = g_new0 (FileData, 1);
  data->run = tf_optimize_run_ref (run);
  data->index = index;
  run_file_task (data, tf_search_seed_async, seed_thread, cancellable, callback, user_data);
}

TfCandidate *
tf_search_seed_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
