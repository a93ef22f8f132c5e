/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-design.c: topology files evaluated under a search configuration (see tf-design.h). */
#include <math.h>

#include "tf-design.h"

static void
design_clear (TfDesign *design)
{
  g_free (design->path);
  g_free (design->name);
  tf_search_config_clear (&design->config);
  g_clear_pointer (&design->candidate, tf_candidate_free);
  g_free (design->violation);
}

TfDesign *
tf_design_ref (TfDesign *design)
{
  g_return_val_if_fail (design != NULL, NULL);
  return g_atomic_rc_box_acquire (design);
}

void
tf_design_unref (TfDesign *design)
{
  if (design != NULL)
    g_atomic_rc_box_release_full (design, (GDestroyNotify) design_clear);
}

void
tf_design_set_objectives (TfDesign             *design,
                          const TfSearchConfig *config)
{
  g_return_if_fail (design != NULL && design->candidate != NULL);
  g_return_if_fail (config != NULL);

  for (guint k = 0; k < config->n_objectives; k++)
    {
      TfObjective o = config->objectives[k];

      /* As people read it and as the search minimises it differ by a sign, either way. */
      design->candidate->objectives[k] = tf_objective_value (o, design->values[o]);
    }
}

/* One file loaded and evaluated, or NULL with a line naming it. */
static TfDesign *
evaluate (const TfSearchConfig  *config,
          const char            *path,
          char                 **message)
{
  g_autoptr(TfCandidate) candidate = tf_candidate_new ();
  g_autoptr(GString) violation = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  TfDesign *design;
  guint layers;

  if (!tf_candidate_load_file (path, candidate, &error)
      || !tf_candidate_evaluate_design (config, candidate, violation, &error))
    {
      /* The loader's errors name the file already; the evaluator's do not. */
      *message = g_str_has_prefix (error->message, path)
                   ? g_strdup (error->message)
                   : g_strdup_printf ("%s: %s", path, error->message);
      return NULL;
    }
  design = g_atomic_rc_box_new0 (TfDesign);
  design->path = g_strdup (path);
  design->name = g_path_get_basename (path);
  tf_search_config_copy (config, &design->config);
  design->violation = violation->len > 0 ? g_strdup (violation->str) : NULL;
  layers = candidate->evaluation.layers;
  for (guint o = 0; o < TF_N_OBJECTIVES; o++)
    {
      guint needed = tf_objective_get_layers (o);

      design->values[o] = (layers & needed) == needed
                            ? tf_candidate_get_objective (config, candidate, o) : NAN;
    }
  design->candidate = g_steal_pointer (&candidate);
  tf_design_set_objectives (design, config);
  return design;
}

typedef struct
{
  TfSearchConfig config;
  GStrv          paths;
} EvaluateData;

typedef struct
{
  GPtrArray *designs;
  GPtrArray *errors;
} EvaluateResult;

static void
evaluate_data_free (EvaluateData *data)
{
  tf_search_config_clear (&data->config);
  g_strfreev (data->paths);
  g_free (data);
}

static void
evaluate_result_free (EvaluateResult *result)
{
  g_ptr_array_unref (result->designs);
  g_ptr_array_unref (result->errors);
  g_free (result);
}

static void
evaluate_thread (GTask        *task,
                 gpointer      source,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  EvaluateData *data = task_data;
  EvaluateResult *result = g_new0 (EvaluateResult, 1);

  result->designs = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_design_unref);
  result->errors = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; data->paths[i] != NULL; i++)
    {
      char *message = NULL;
      TfDesign *design;

      if (g_cancellable_is_cancelled (cancellable))
        {
          evaluate_result_free (result);
          g_task_return_error_if_cancelled (task);
          return;
        }
      design = evaluate (&data->config, data->paths[i], &message);
      if (design != NULL)
        g_ptr_array_add (result->designs, design);
      else
        g_ptr_array_add (result->errors, message);
    }
  g_task_return_pointer (task, result, (GDestroyNotify) evaluate_result_free);
}

void
tf_design_evaluate_async (const TfSearchConfig *config,
                          const char *const    *paths,
                          guint                 n_paths,
                          GCancellable         *cancellable,
                          GAsyncReadyCallback   callback,
                          gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  EvaluateData *data;

  g_return_if_fail (config != NULL);
  g_return_if_fail (paths != NULL || n_paths == 0);

  data = g_new0 (EvaluateData, 1);
  tf_search_config_copy (config, &data->config);
  data->paths = g_new0 (char *, n_paths + 1);
  for (guint i = 0; i < n_paths; i++)
    data->paths[i] = g_strdup (paths[i]);
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tf_design_evaluate_async);
  g_task_set_task_data (task, data, (GDestroyNotify) evaluate_data_free);
  g_task_run_in_thread (task, evaluate_thread);
}

GPtrArray *
tf_design_evaluate_finish (GAsyncResult  *result,
                           GPtrArray    **errors,
                           GError       **error)
{
  EvaluateResult *r;
  GPtrArray *designs;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  r = g_task_propagate_pointer (G_TASK (result), error);
  if (r == NULL)
    return NULL;
  designs = g_ptr_array_ref (r->designs);
  if (errors != NULL)
    *errors = g_ptr_array_ref (r->errors);
  evaluate_result_free (r);
  return designs;
}
