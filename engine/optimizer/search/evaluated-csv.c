/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluated-csv.c: a run folder's evaluated.csv (docs/optimizer.md, "Output"), written with the
 * run and read back when the folder is opened: one row per feasible candidate evaluated, in the
 * order the run evaluated them, Stage 0's family results first, then the search's, then the
 * baseline's: the cloud the Pareto plot draws behind the fronts.
 *
 *   set,candidate_id,origin,mutations,intra_board_topo,chips_per_board,<objective>...
 *   family,cand_000001,family_enum,0,none,8,9010370.6,6142553.6,1.49
 *
 * Objectives as people read them (bisection positive), to the last bit; a baseline design pruned
 * before Layer 1's failure analysis (search.c) has those objectives empty. A file of an earlier
 * version has the set and the objectives alone; it is read as it was, its rows' ids unknown (0),
 * and written back with those four columns empty.
 */
#include <math.h>
#include <string.h>

#include "names-private.h"
#include "search-output-private.h"

TF_DEFINE_NAMES (tf_run_set_names, 3, "search", "baseline", "family");

/* The columns between the set and the objectives. */
#define INFO_COLUMNS "candidate_id,origin,mutations,intra_board_topo,chips_per_board"
#define N_INFO_COLUMNS 5u

static void
append_rows (GString              *out,
             const char           *set,
             const TfSearchConfig *config,
             const GArray         *rows,
             const GArray         *info)
{
  guint m = config->n_objectives;

  for (guint i = 0, r = 0; rows != NULL && m > 0 && i + m <= rows->len; i += m, r++)
    {
      const TfEvaluatedInfo *about = info != NULL && r < info->len
                                     ? &g_array_index (info, TfEvaluatedInfo, r) : NULL;

      g_string_append (out, set);
      /* Id 0 is no candidate of a run: a row read from a file of an earlier version. */
      if (about != NULL && about->id != 0)
        g_string_append_printf (out, ",cand_%06u,%s,%u,%s,%u", about->id,
                                tf_origin_method_to_string (about->origin), about->mutations,
                                tf_intra_board_topo_to_string (about->intra_board_topo),
                                about->chips_per_board);
      else
        g_string_append (out, ",,,,,");
      for (guint k = 0; k < m; k++)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          double v = g_array_index (rows, double, i + k);

          /* A design the baseline pruned has no failure objectives: an empty field. */
          g_string_append_c (out, ',');
          if (isnan (v))
            continue;
          g_ascii_formatd (buf, sizeof buf, "%.17g", tf_objective_value (config->objectives[k], v));
          g_string_append (out, buf);
        }
      g_string_append_c (out, '\n');
    }
}

gboolean
tf_run_evaluated_write (const char           *dir,
                        const TfSearchConfig *config,
                        const TfSearchResult *r,
                        GError              **error)
{
  g_autofree char *path = g_build_filename (dir, TF_RUN_EVALUATED_FILE, NULL);
  g_autoptr(GString) out = g_string_new ("set," INFO_COLUMNS);

  for (guint k = 0; k < config->n_objectives; k++)
    g_string_append_printf (out, ",%s", tf_objective_to_string (config->objectives[k]));
  g_string_append_c (out, '\n');
  append_rows (out, tf_run_set_names.names[2], config, r->family_evaluated,
               r->family_evaluated_info);
  append_rows (out, tf_run_set_names.names[0], config, r->evaluated, r->evaluated_info);
  append_rows (out, tf_run_set_names.names[1], config, r->baseline_evaluated,
               r->baseline_evaluated_info);
  return tf_write_file_atomic (path, out->str, out->len, error);
}

static gboolean
csv_fail (GError    **error,
          const char *path,
          guint       line,
          const char *format,
          ...) G_GNUC_PRINTF (4, 5);

static gboolean
csv_fail (GError    **error,
          const char *path,
          guint       line,
          const char *format,
          ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s:%u:1: %s", path, line, message);
  return FALSE;
}

static const char *const info_names[N_INFO_COLUMNS] = {
  "candidate_id", "origin", "mutations", "intra_board_topo", "chips_per_board"
};

/* The info columns of one row (fields[1 .. 5]) into @info (all empty: unknown, id 0); 0, or the
 * index (1 to 5) of the first that is not what its column holds. */
static guint
parse_info (char *const     *fields,
            TfEvaluatedInfo *info)
{
  guint64 id, mutations, chips;
  TfOriginMethod origin;
  TfIntraBoardTopo topo;
  gboolean empty = TRUE;

  *info = (TfEvaluatedInfo) { 0 };
  for (guint k = 1; k <= N_INFO_COLUMNS; k++)
    empty &= *fields[k] == '\0';
  if (empty)
    return 0;
  if (!g_str_has_prefix (fields[1], "cand_")
      || !g_ascii_string_to_unsigned (fields[1] + 5, 10, 0, G_MAXUINT, &id, NULL))
    return 1;
  if (!tf_origin_method_from_string (fields[2], &origin))
    return 2;
  if (!g_ascii_string_to_unsigned (fields[3], 10, 0, G_MAXUINT16, &mutations, NULL))
    return 3;
  if (!tf_intra_board_topo_from_string (fields[4], &topo, NULL))
    return 4;
  if (!g_ascii_string_to_unsigned (fields[5], 10, 0, G_MAXUINT16, &chips, NULL))
    return 5;
  *info = (TfEvaluatedInfo) { (guint) id, (guint8) origin, (guint8) topo, (guint16) chips,
                              (guint16) mutations };
  return 0;
}

gboolean
tf_run_evaluated_load (const char           *dir,
                       const TfSearchConfig *config,
                       TfSearchResult       *result,
                       GError              **error)
{
  g_autofree char *path = g_build_filename (dir, TF_RUN_EVALUATED_FILE, NULL);
  g_autofree char *data = NULL;
  g_autoptr(GString) header = g_string_new ("set," INFO_COLUMNS);
  g_autoptr(GString) old_header = g_string_new ("set");
  guint m = config->n_objectives, info_columns = N_INFO_COLUMNS;
  gsize length = 0;
  char *line, *next;
  guint number = 0;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  if (!tf_yaml_read_file (path, TF_RUN_MAX_CSV_BYTES, "an evaluated.csv", &data, &length,
                          error))
    return FALSE;
  if (memchr (data, '\0', length) != NULL)
    return csv_fail (error, path, 1, "contains a NUL byte");
  for (guint k = 0; k < m; k++)
    {
      g_string_append_printf (header, ",%s", tf_objective_to_string (config->objectives[k]));
      g_string_append_printf (old_header, ",%s", tf_objective_to_string (config->objectives[k]));
    }
  for (line = data; line != NULL && *line != '\0'; line = next)
    {
      g_auto(GStrv) fields = NULL;
      GArray **rows, **infos;
      TfEvaluatedInfo info = { 0 };
      guint set, bad;

      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      /* A spreadsheet may have saved it with CRLF line ends. */
      if (*line != '\0' && line[strlen (line) - 1] == '\r')
        line[strlen (line) - 1] = '\0';
      number++;
      if (number == 1)
        {
          if (strcmp (line, old_header->str) == 0)
            info_columns = 0;
          else if (strcmp (line, header->str) != 0)
            return csv_fail (error, path, 1, "the header is not '%s'", header->str);
          continue;
        }
      fields = g_strsplit (line, ",", -1);
      if (g_strv_length (fields) != 1 + info_columns + m)
        return csv_fail (error, path, number, "%u columns, not %u", g_strv_length (fields),
                         1 + info_columns + m);
      if (!tf_names_find (tf_run_set_names, fields[0], &set))
        return csv_fail (error, path, number, "the set is family, search or baseline, not '%s'",
                         fields[0]);
      if (info_columns > 0 && (bad = parse_info (fields, &info)) != 0)
        return csv_fail (error, path, number, "column %u (%s): '%s' is not a %s", bad + 1,
                         info_names[bad - 1], fields[bad], info_names[bad - 1]);
      rows = set == 0 ? &result->evaluated
             : set == 1 ? &result->baseline_evaluated : &result->family_evaluated;
      infos = set == 0 ? &result->evaluated_info
              : set == 1 ? &result->baseline_evaluated_info : &result->family_evaluated_info;
      if (*rows == NULL)
        *rows = g_array_new (FALSE, FALSE, sizeof (double));
      if (*infos == NULL)
        *infos = g_array_new (FALSE, FALSE, sizeof (TfEvaluatedInfo));
      for (guint k = 0; k < m; k++)
        {
          const char *text = fields[1 + info_columns + k];
          char *end;
          double v = g_ascii_strtod (text, &end);

          /* Empty: an objective the baseline did not compute for a design it pruned. */
          if (*text == '\0' && set == 1
              && (tf_objective_get_layers (config->objectives[k]) & TF_LAYER_FAILURES))
            v = NAN;
          else if (end == text || *end != '\0' || !isfinite (v))
            return csv_fail (error, path, number, "column %u: '%s' is not a finite number",
                             2 + info_columns + k, text);
          else
            v = tf_objective_value (config->objectives[k], v);
          g_array_append_val (*rows, v);
        }
      g_array_append_val (*infos, info);
    }
  if (number == 0)
    return csv_fail (error, path, 1, "the header is missing");
  return TRUE;
}
