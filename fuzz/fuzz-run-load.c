/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-run-load.c: any bytes as a run folder's summary.yaml and evaluated.csv (split at the
 * first line "--- evaluated.csv ---"), beside a fixed config.yaml, into the run folder reader
 * (tf_search_output_load). It must fail with one line in TF_ERROR, or load a result whose
 * arrays agree with each other: rows of n_objectives values, one TfEvaluatedInfo a row, every
 * member of the front standing for a representative there is. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "optimizer.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define SPLIT "\n--- evaluated.csv ---\n"

static const char config_yaml[] =
  "n_chip: 64\n"
  "workload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
  "objectives: [iter_time, network_cost, apl_fail_excess]\n";

static gboolean
rows_agree (const GArray *rows,
            const GArray *info,
            guint         m)
{
  if (rows == NULL)
    return info == NULL || info->len == 0;
  return rows->len % m == 0 && info != NULL && info->len == rows->len / m;
}

static gboolean
result_agrees (const TfSearchConfig *config,
               const TfSearchResult *r)
{
  guint m = config->n_objectives;

  if (r->n_objectives != m || r->front == NULL || r->front_members == NULL
      || !rows_agree (r->evaluated, r->evaluated_info, m)
      || !rows_agree (r->baseline_evaluated, r->baseline_evaluated_info, m)
      || !rows_agree (r->family_evaluated, r->family_evaluated_info, m))
    return FALSE;
  for (guint i = 0; i < r->front_members->len; i++)
    if (g_array_index (r->front_members, TfFrontMember, i).representative >= r->front->len)
      return FALSE;
  return TRUE;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-fuzz-run-XXXXXX", NULL);
  g_autofree char *config = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *evaluated = NULL;
  const char *text = (const char *) data;
  const char *split = size >= strlen (SPLIT) ? g_strstr_len (text, size, SPLIT) : NULL;
  gsize summary_size = split != NULL ? (gsize) (split - text) : size;
  TfSearchConfig c;
  TfSearchResult r;
  GError *error = NULL;

  if (dir == NULL)
    abort ();
  config = g_build_filename (dir, "config.yaml", NULL);
  summary = g_build_filename (dir, "summary.yaml", NULL);
  evaluated = g_build_filename (dir, "evaluated.csv", NULL);
  if (!g_file_set_contents (config, config_yaml, -1, NULL)
      || !g_file_set_contents (summary, text, (gssize) summary_size, NULL)
      || (split != NULL
          && !g_file_set_contents (evaluated, split + strlen (SPLIT),
                                   (gssize) (size - summary_size - strlen (SPLIT)), NULL)))
    abort ();
  if (tf_search_output_load (dir, &c, &r, &error))
    {
      if (!result_agrees (&c, &r))
        abort ();
      tf_search_result_clear (&r);
      tf_search_config_clear (&c);
    }
  else if (error == NULL || error->domain != TF_ERROR || error->message[0] == '\0'
           || strchr (error->message, '\n') != NULL || r.front != NULL)
    abort ();
  g_clear_error (&error);
  remove_tree (dir);
  return 0;
}
