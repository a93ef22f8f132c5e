/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-fixture.c: running topoforge-cli for the CLI tests (test-cli-fixture.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "test-cli-fixture.h"

void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

/* Runs topoforge-cli with @args, up to a NULL. */
Run
run_strv (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("TF_CLI");
  Run r = { 0 };
  int wait_status;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &r.out, &r.err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r.status = WEXITSTATUS (wait_status);
  return r;
}

Run
run (const char *first,
     ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return run_strv ((const char *const *) args->pdata);
}

void
assert_one_line (const char *text)
{
  g_assert_nonnull (strchr (text, '\n'));
  g_assert_null (strchr (strchr (text, '\n') + 1, '\n'));
}

void
assert_usage_error (Run        *r,
                    const char *fragment)
{
  if (r->status != 2 || strstr (r->err, fragment) == NULL)
    g_error ("expected exit 2 and '%s', got %d with '%s'", fragment, r->status, r->err);
  g_assert_cmpstr (r->out, ==, "");
  assert_one_line (r->err);
  run_clear (r);
}

void
assert_only_progress (const char *err,
                      const char *command)
{
  g_auto(GStrv) lines = g_strsplit (err, "\n", -1);
  g_autofree char *prefix = g_strdup_printf ("%s: ", command);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *rest = lines[i] + strlen (prefix);
      double percent, seconds;
      char tail;

      if (lines[i][0] == '\0' && lines[i + 1] == NULL)
        break;
      if (!g_str_has_prefix (lines[i], prefix)
          || sscanf (rest, "%lf%% done, %lf s%c", &percent, &seconds, &tail) != 2)
        g_error ("expected only %s's progress on stderr, got '%s'", command, err);
    }
}

/* Two files with the same bytes; of summaries, the lines that are not times, thread counts or
 * the configuration's path. */
static void
assert_same_file (const char *a,
                  const char *b,
                  gboolean    summary)
{
  g_autofree char *x = NULL, *y = NULL;

  g_assert_true (g_file_get_contents (a, &x, NULL, NULL));
  g_assert_true (g_file_get_contents (b, &y, NULL, NULL));
  if (summary)
    {
      g_auto(GStrv) lx = g_strsplit (x, "\n", -1);
      g_auto(GStrv) ly = g_strsplit (y, "\n", -1);

      g_assert_cmpuint (g_strv_length (lx), ==, g_strv_length (ly));
      for (guint i = 0; lx[i] != NULL; i++)
        if (strstr (lx[i], "_s:") == NULL && strstr (lx[i], "seconds") == NULL
            && !g_str_has_prefix (lx[i], "threads:") && !g_str_has_prefix (lx[i], "config:"))
          g_assert_cmpstr (lx[i], ==, ly[i]);
      return;
    }
  if (strcmp (x, y) != 0)
    g_error ("%s and %s differ", a, b);
}

void
assert_same_run (const char *whole,
                 const char *resumed)
{
  g_autofree char *pareto = g_build_filename (whole, "pareto", NULL);
  g_autoptr(GDir) dir = g_dir_open (pareto, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *a = g_build_filename (whole, "pareto", name, NULL);
      g_autofree char *b = g_build_filename (resumed, "pareto", name, NULL);

      assert_same_file (a, b, FALSE);
      n++;
    }
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < 2; i++)
    {
      const char *file = i == 0 ? "evaluated.csv" : "summary.yaml";
      g_autofree char *a = g_build_filename (whole, file, NULL);
      g_autofree char *b = g_build_filename (resumed, file, NULL);

      assert_same_file (a, b, i == 1);
    }
}
