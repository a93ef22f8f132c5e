/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: topoforge-cli as a user meets it: what works prints and exits 0; bad input exits 2
 * with one line on stderr and nothing on stdout. */
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "topoforge.h"

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

/* Runs topoforge-cli with @args, up to a NULL. */
static Run
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

static Run
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

/* Everything left to read on @fd, which it closes. */
static char *
read_all (int fd)
{
  GString *text = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  while ((n = read (fd, buffer, sizeof buffer)) > 0)
    g_string_append_len (text, buffer, n);
  close (fd);
  return g_string_free (text, FALSE);
}

static void
assert_one_line (const char *text)
{
  g_assert_nonnull (strchr (text, '\n'));
  g_assert_null (strchr (strchr (text, '\n') + 1, '\n'));
}

static void
assert_usage_error (Run        *r,
                    const char *fragment)
{
  if (r->status != 2 || strstr (r->err, fragment) == NULL)
    g_error ("expected exit 2 and '%s', got %d with '%s'", fragment, r->status, r->err);
  g_assert_cmpstr (r->out, ==, "");
  assert_one_line (r->err);
  run_clear (r);
}

static void
test_families (void)
{
  Run r = run ("families", NULL);

  g_assert_cmpint (r.status, ==, 0);
  for (guint i = 0; i < tf_families_get_count (); i++)
    g_assert_nonnull (strstr (r.out, tf_family_get_name (tf_families_get (i))));
  run_clear (&r);
}

static void
test_help (void)
{
  static const char *const commands[] = { "families", "enumerate", "generate" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      Run r = run (commands[i], "--help", NULL);

      g_assert_cmpint (r.status, ==, 0);
      g_assert_nonnull (strstr (r.out, "Usage:"));
      run_clear (&r);
    }
}

static void
test_enumerate (void)
{
  Run r = run ("enumerate", "--n-chip", "64", "--scope", "inter-rack", NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "context:\n"));
  g_assert_nonnull (strstr (r.out, "family: dragonfly-plus"));
  run_clear (&r);

  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--family", "torus",
           "--family", "ring", "--format", "table", "--limit", "3", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "torus: showing 3 of "));
  /* every divisor >= 2 of 64, boards of several chips on one ring of all chips */
  g_assert_nonnull (strstr (r.out, "ring: showing 3 of 6"));
  g_assert_null (strstr (r.out, "fat-tree"));
  run_clear (&r);
}

/* Beyond TF_ENUMERATE_MAX_RESULTS a family's results are left out, and both formats say how
 * many. */
static void
test_enumerate_capped (void)
{
  Run r = run ("enumerate", "--n-chip", "720720", "--scope", "inter-rack", "--family", "torus",
               "--limit", "0", NULL);
  g_autofree char *capped = NULL;

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "  total: 27395\n  capped: 11011\n"));
  run_clear (&r);

  r = run ("enumerate", "--n-chip", "720720", "--scope", "inter-rack", "--family", "torus",
           "--limit", "0", "--format", "table", NULL);
  g_assert_cmpint (r.status, ==, 0);
  capped = g_strdup_printf ("torus: showing %u of 27395 (11011 more left out: the engine keeps "
                            "at most %u results per family)\n", TF_ENUMERATE_MAX_RESULTS,
                            TF_ENUMERATE_MAX_RESULTS);
  g_assert_true (g_str_has_prefix (r.out, capped));
  g_assert_cmpstr (r.err, ==, "");
  run_clear (&r);
}

/* Ctrl-C while enumerate measures: one line on stderr, nothing on stdout, status 130. */
static void
test_enumerate_interrupt (void)
{
  const char *argv[] = { g_getenv ("TF_CLI"), "enumerate", "--n-chip", "1048576", "--scope",
                         "inter-rack", "--family", "dragonfly", "--limit", "0", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  GPid pid;
  int out_fd, err_fd, status;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out_fd, &err_fd, &error));
  g_assert_no_error (error);
  /* Walking takes about half a second, measuring half a minute. */
  g_usleep (G_USEC_PER_SEC);
  kill (pid, SIGINT);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  out = read_all (out_fd);
  err = read_all (err_fd);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 130);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "topoforge-cli enumerate: interrupted\n");
}

static void
test_generate (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.yaml", NULL);
  g_autofree char *contents = NULL;
  Run r = run ("generate", "--n-chip", "32", "--scope", "intra-rack", "--intra-board-topo",
               "ring", "--id", "ring:n_endpoint=8", NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "boardGrouping:"));
  g_assert_nonnull (strstr (r.out, "{a: chip0, b: chip1, type: C2C, reach: board, multiplicity: 1}"));
  run_clear (&r);

  r = run ("generate", "--n-chip", "32", "--scope", "intra-rack", "--id", "ring:n_endpoint=32",
           "-o", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "metadata:\n"));
  run_clear (&r);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_bad_input (void)
{
  Run r;

  r = run ("enumerate", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "--n-chip is required");
  r = run ("enumerate", "--n-chip", "1", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "n_chip = 1: n_chip must be at least 2");
  r = run ("enumerate", "--n-chip", "abc", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "--n-chip: 'abc' is not a whole number");
  r = run ("enumerate", "--n-chip", "-4", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "is not a whole number");
  r = run ("enumerate", "--n-chip", "4.0", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "is not a whole number");
  r = run ("enumerate", "--n-chip", "0x10", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "is not a whole number");
  r = run ("enumerate", "--n-chip", "2000000", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "must be at most 1048576");
  /* Too large for the engine's rules to see: the same terms, the engine's range. */
  r = run ("enumerate", "--n-chip", "99999999999999999999999", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "--n-chip: 99999999999999999999999 is out of range: n_chip must be "
                      "from 2 to 1048576");
  r = run ("enumerate", "--n-chip", "4294967296", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "--n-chip: 4294967296 is out of range: n_chip must be from 2 to "
                      "1048576");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--chip-radix",
           "99999999999", NULL);
  assert_usage_error (&r, "--chip-radix: 99999999999 is out of range: chip_radix must be from 1 "
                      "to 64");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--chips-per-board-max",
           "4294967296", NULL);
  assert_usage_error (&r, "--chips-per-board-max: 4294967296 is out of range: "
                      "chips_per_board_max must be from 1 to 1048576");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--chips-per-board-max", "0",
           NULL);
  assert_usage_error (&r, "chips_per_board_max = 0: chips_per_board_max must be from 1 to "
                      "1048576");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--limit", "4294967296",
           NULL);
  assert_usage_error (&r, "--limit: 4294967296 is out of range: limit must be from 0 to "
                      "4294967295");
  /* One spelling per number. */
  r = run ("enumerate", "--n-chip", "064", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "--n-chip: '064': leading zeros are not allowed");
  r = run ("enumerate", "--n-chip", "00", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "--n-chip: '00': leading zeros are not allowed");
  r = run ("enumerate", "--n-chip", "0", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "n_chip = 0: n_chip must be at least 2");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--limit", "007", NULL);
  assert_usage_error (&r, "--limit: '007': leading zeros are not allowed");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--chip-radix", "01", NULL);
  assert_usage_error (&r, "--chip-radix: '01': leading zeros are not allowed");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--chips-per-board-max",
           "016", NULL);
  assert_usage_error (&r, "--chips-per-board-max: '016': leading zeros are not allowed");
  r = run ("generate", "--n-chip", "64", "--scope", "intra-rack", "--id", "ring:n_endpoint=064",
           NULL);
  assert_usage_error (&r, "n_endpoint=064: leading zeros are not allowed");
  r = run ("enumerate", "--n-chip", "64", NULL);
  assert_usage_error (&r, "--scope is required");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-board", NULL);
  assert_usage_error (&r, "scope = 'intra-board'");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--family", "mesh", NULL);
  assert_usage_error (&r, "unknown family 'mesh'");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--chip-radix", "0", NULL);
  assert_usage_error (&r, "chip_radix = 0");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--intra-board-topo", "x",
           NULL);
  assert_usage_error (&r, "intra_board_topo = 'x'");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--bandwidth", "X2X=4", NULL);
  assert_usage_error (&r, "unknown link type 'X2X'");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--bandwidth", "B2B=-1", NULL);
  assert_usage_error (&r, "defaults.B2B.bandwidth_gbps");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--format", "xml", NULL);
  assert_usage_error (&r, "--format: 'xml'");
  r = run ("enumerate", "--bogus", NULL);
  assert_usage_error (&r, "--bogus");
  r = run ("frobnicate", NULL);
  assert_usage_error (&r, "unknown command 'frobnicate'");

  r = run ("generate", "--n-chip", "64", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "--id is required");
  r = run ("generate", "--n-chip", "64", "--scope", "intra-rack", "--id", "ring:n_endpoint=5",
           NULL);
  assert_usage_error (&r, "does not belong to n_chip = 64");
  r = run ("generate", "--n-chip", "64", "--scope", "intra-rack", "--id", "mesh:x=1", NULL);
  assert_usage_error (&r, "unknown family 'mesh'");
  r = run ("generate", "--n-chip", "64", "--scope", "intra-rack", "--intra-board-topo",
           "torus", "--id", "ring:n_endpoint=32", NULL);
  assert_usage_error (&r, "chips_per_board = 2");
  r = run ("generate", "--n-chip", "1048576", "--scope", "intra-rack", "--id",
           "full-mesh:n_endpoint=1048576", NULL);
  assert_usage_error (&r, "more than the engine's limit");
}

/* Every single-valued option of every command, given twice, is refused rather than the last
 * value silently winning; the repeatable ones stay repeatable. */
static void
test_repeated_option (void)
{
  static const struct
  {
    const char *args[12];
    const char *message;
  } cases[] = {
    { { "enumerate", "--n-chip", "4", "--scope", "intra-rack", "--n-chip", "8" },
      "topoforge-cli enumerate: --n-chip is given twice" },
    { { "enumerate", "--n-chip=4", "--n-chip=4", "--scope", "intra-rack" },
      "--n-chip is given twice" },
    { { "enumerate", "--n-chip", "4", "--scope", "intra-rack", "--scope", "inter-rack" },
      "--scope is given twice" },
    { { "enumerate", "--n-chip", "4", "--scope", "intra-rack", "--chips-per-board-max", "4",
        "--chips-per-board-max", "4" }, "--chips-per-board-max is given twice" },
    { { "enumerate", "--n-chip", "4", "--scope", "intra-rack", "--chip-radix", "1",
        "--chip-radix", "2" }, "--chip-radix is given twice" },
    { { "enumerate", "--n-chip", "4", "--scope", "intra-rack", "--intra-board-topo", "ring",
        "--intra-board-topo", "none" }, "--intra-board-topo is given twice" },
    { { "enumerate", "--n-chip", "4", "--scope", "intra-rack", "-l", "3", "--limit", "4" },
      "--limit is given twice" },
    { { "enumerate", "--n-chip", "4", "--scope", "intra-rack", "--format", "yaml", "--format",
        "table" }, "--format is given twice" },
    { { "enumerate", "--n-chip", "4", "--scope", "intra-rack", "-o", "a.yaml", "-o", "b.yaml" },
      "--output is given twice" },
    { { "enumerate", "--n-chip", "64", "--scope", "intra-rack", "--bandwidth", "B2B=1",
        "--bandwidth", "R2R=2", "--bandwidth", "B2B=2" }, "--bandwidth: B2B is given twice" },
    { { "generate", "--n-chip", "64", "--scope", "intra-rack", "--latency", "C2C=1",
        "--latency", "C2C=1", "--id", "ring:n_endpoint=64" }, "--latency: C2C is given twice" },
    { { "generate", "--n-chip", "64", "--scope", "intra-rack", "--id", "ring:n_endpoint=64",
        "--id", "ring:n_endpoint=32" }, "topoforge-cli generate: --id is given twice" },
    { { "generate", "--n-chip", "64", "--scope", "intra-rack", "--id", "ring:n_endpoint=64",
        "--format", "dot", "--format", "dot" }, "--format is given twice" },
    { { "generate", "--n-chip", "64", "--scope", "intra-rack", "--id", "ring:n_endpoint=64",
        "--output", "a.yaml", "-o", "b.yaml" }, "--output is given twice" },
    { { "convert", "t.yaml", "--format", "dot", "--format", "yaml" },
      "topoforge-cli convert: --format is given twice" },
    { { "convert", "t.yaml", "--format", "dot", "-o", "a", "-o", "b" },
      "--output is given twice" },
    { { "optimize", "--config", "a.yaml", "--config", "b.yaml", "--out", "run" },
      "topoforge-cli optimize: --config is given twice" },
    { { "optimize", "--config", "a.yaml", "--out", "run", "--out", "run" },
      "--out is given twice" },
    { { "optimize", "--config", "a.yaml", "--out", "run", "--seed", "1", "--seed", "2" },
      "--seed is given twice" },
    { { "optimize", "--config", "a.yaml", "--out", "run", "--threads", "1", "--threads", "2" },
      "--threads is given twice" },
    { { "optimize", "--config", "a.yaml", "--out", "run", "--population", "8", "--population",
        "8" }, "--population is given twice" },
    { { "optimize", "--config", "a.yaml", "--out", "run", "--generations", "1",
        "--generations", "2" }, "--generations is given twice" },
    { { "optimize", "--config", "a.yaml", "--out", "run", "--no-baseline", "--no-baseline" },
      "--no-baseline is given twice" },
  };
  Run r;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      r = run_strv (cases[i].args);
      assert_usage_error (&r, cases[i].message);
    }

  /* Repeatable on purpose: families, and link types that differ. */
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--family", "ring",
           "--family", "torus", "--bandwidth", "B2B=1", "--bandwidth", "R2R=2", "--latency",
           "B2B=1", "--format", "table", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "ring: showing 6 of 6"));
  g_assert_nonnull (strstr (r.out, "torus: showing"));
  run_clear (&r);
}

/* Whatever the user typed, a message is one line: control characters show as escapes (\n, \t,
 * \r, \xNN), as in the loader's messages. */
static void
test_control_characters (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t\nx.yaml", NULL);
  g_autofree char *missing = g_build_filename (dir, "no\tsuch\n.yaml", NULL);
  Run r;

  r = run ("generate", "--n-chip", "64", "--scope", "intra-rack", "--id", "ring:n_endpoint=6\n4",
           NULL);
  assert_usage_error (&r, "id 'ring:n_endpoint=6\\n4': n_endpoint=6\\n4: must be an integer");
  r = run ("generate", "--n-chip", "64", "--scope", "intra-rack", "--id", "ri\x01ng:n=1", NULL);
  assert_usage_error (&r, "unknown family 'ri\\x01ng'");
  r = run ("enumerate", "--n-chip", "6\x7f" "4", "--scope", "intra-rack", NULL);
  assert_usage_error (&r, "--n-chip: '6\\x7f4' is not a whole number");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra\rrack", NULL);
  assert_usage_error (&r, "scope = 'intra\\rrack'");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--family", "ring\n", NULL);
  assert_usage_error (&r, "unknown family 'ring\\n'");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "--bandwidth", "B2B=1\t",
           NULL);
  assert_usage_error (&r, "'1\\t' is not a number");
  r = run ("enumerate", "--n-chip", "64", "--scope", "intra-rack", "a\tb", NULL);
  assert_usage_error (&r, "unexpected argument 'a\\tb'");
  r = run ("enumerate", "--bo\ngus", NULL);
  assert_usage_error (&r, "--bo\\ngus");
  r = run ("front\nend", NULL);
  assert_usage_error (&r, "unknown command 'front\\nend'");
  r = run ("optimize", "--config", missing, "--out", dir, NULL);
  assert_usage_error (&r, "no\\tsuch\\n.yaml");

  /* A file's name in the loader's error, and in validate's line on standard output. */
  r = run ("convert", missing, "--format", "dot", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "no\\tsuch\\n.yaml"));
  assert_one_line (r.err);
  run_clear (&r);
  r = run ("generate", "--n-chip", "16", "--scope", "intra-rack", "--id", "ring:n_endpoint=16",
           "-o", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  r = run ("validate", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "t\\nx.yaml: valid: ring"));
  assert_one_line (r.out);
  run_clear (&r);

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_write_failure (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-cli-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "t.yaml", NULL);
  Run r = run ("generate", "--n-chip", "16", "--scope", "intra-rack", "--id",
               "ring:n_endpoint=16", "-o", missing, NULL);

  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, missing));
  run_clear (&r);
  g_rmdir (dir);
}

static void
test_validate_metrics_convert (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.yaml", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.yaml", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.yaml", NULL);
  g_autofree char *a = NULL, *b = NULL;
  Run r = run ("generate", "--n-chip", "64", "--scope", "inter-rack", "--id",
               "dragonfly:a=4,p=2,h=2,g=4,n_endpoint=32", "-o", path, NULL);

  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  g_assert_true (g_file_set_contents (bad, "metadata: [1]\n", -1, NULL));

  r = run ("validate", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_suffix (r.out, "t.yaml: valid: dragonfly, 64 chips on 32 boards of 2 "
                                   "in 4 racks and 1 pods, 16 switches, 140 links\n"));
  run_clear (&r);

  r = run ("validate", path, bad, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.out, "t.yaml: valid"));
  g_assert_true (g_str_has_suffix (r.err, "bad.yaml:1:11: field 'metadata': must be a mapping, "
                                   "not a sequence\n"));
  run_clear (&r);

  r = run ("metrics", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "metadata:\n  source: topoforge "));
  g_assert_nonnull (strstr (r.out, "    diameter: 5\n"));
  run_clear (&r);

  r = run ("convert", path, "--format", "yaml", "-o", copy, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (path, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (copy, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, b);
  run_clear (&r);

  r = run ("convert", path, NULL);
  assert_usage_error (&r, "--format is required");
  r = run ("convert", path, "--format", "csv", NULL);
  assert_usage_error (&r, "--format: 'csv' must be yaml, graphml or dot");
  r = run ("validate", NULL);
  assert_usage_error (&r, "name at least one FILE");
  r = run ("metrics", bad, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  run_clear (&r);

  g_unlink (path);
  g_unlink (bad);
  g_unlink (copy);
  g_rmdir (dir);
}

/* optimize: the small example end to end, its files, and bad options. */
static void
test_optimize (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                   "search-small.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
  g_autofree char *summary_path = g_build_filename (dir, "summary.yaml", NULL);
  g_autofree char *svg_path = g_build_filename (dir, "pareto.svg", NULL);
  g_autofree char *first = g_build_filename (dir, "pareto", "candidate_001.yaml", NULL);
  g_autofree char *pareto = g_build_filename (dir, "pareto", NULL);
  g_autofree char *stale = g_build_filename (dir, "pareto", "candidate_999.yaml", NULL);
  g_autofree char *summary = NULL, *svg = NULL;
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  Run r;

  g_assert_nonnull (dir);
  /* A stale candidate of an earlier, longer front goes. */
  g_assert_true (g_mkdir_with_parents (pareto, 0777) == 0);
  g_assert_true (g_file_set_contents (stale, "old", -1, NULL));

  r = run ("optimize", "--config", config, "--out", dir, "--population", "8",
           "--generations", "3", "--threads", "2", NULL);
  if (r.status != 0)
    g_error ("optimize exited %d: %s", r.status, r.err);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, "generation    3/3"));
  g_assert_nonnull (strstr (r.err, "baseline"));
  run_clear (&r);

  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "constraint_violations: 0\n"));
  g_assert_nonnull (strstr (summary, "objectives: [iter_time, network_cost, apl_fail]"));
  g_assert_nonnull (strstr (summary, "file: pareto/candidate_001.yaml"));
  g_assert_true (g_file_get_contents (svg_path, &svg, NULL, NULL));
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  /* A candidate is a topology file every command reads. */
  g_assert_true (tf_topology_load_file (first, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_nonnull (t.candidate);
  r = run ("validate", first, NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);

  r = run ("optimize", "--config", config, NULL);
  assert_usage_error (&r, "--config FILE and --out DIR are required");
  r = run ("optimize", "--config", config, "--out", dir, "--population", "1", NULL);
  assert_usage_error (&r, "--population: 1 is out of range: population_size must be from 4 to "
                      "10000");
  r = run ("optimize", "--config", config, "--out", dir, "--population", "10001", NULL);
  assert_usage_error (&r, "population_size must be from 4 to 10000");
  r = run ("optimize", "--config", config, "--out", dir, "--generations", "0", NULL);
  assert_usage_error (&r, "--generations: 0 is out of range: generations must be from 1 to "
                      "100000");
  r = run ("optimize", "--config", config, "--out", dir, "--threads", "1025", NULL);
  assert_usage_error (&r, "--threads: 1025 is out of range: parallel_workers must be from 0 to "
                      "1024");
  r = run ("optimize", "--config", config, "--out", dir, "--seed", "18446744073709551616", NULL);
  assert_usage_error (&r, "--seed: 18446744073709551616 is out of range: seed must be from 0 to "
                      "18446744073709551615");
  r = run ("optimize", "--config", config, "--out", dir, "--seed", "-1", NULL);
  assert_usage_error (&r, "--seed: '-1' is not a whole number");
  r = run ("optimize", "--config", config, "--out", dir, "--seed", "01", NULL);
  assert_usage_error (&r, "--seed: '01': leading zeros are not allowed");
  r = run ("optimize", "--config", config, "--out", dir, "--generations", "08", NULL);
  assert_usage_error (&r, "--generations: '08': leading zeros are not allowed");
  r = run ("optimize", "--config", "/nonexistent/search.yaml", "--out", dir, NULL);
  if (r.status != 2 || strstr (r.err, "/nonexistent/search.yaml") == NULL)
    g_error ("expected exit 2 naming the file, got %d: %s", r.status, r.err);
  run_clear (&r);
}

/* Ctrl-C: the search stops after the generation at hand and writes what it has. */
static void
test_optimize_interrupt (void)
{
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                   "search-small.yaml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("tf-optimize-XXXXXX", NULL);
  g_autofree char *summary_path = g_build_filename (dir, "summary.yaml", NULL);
  g_autofree char *summary = NULL;
  const char *argv[] = { g_getenv ("TF_CLI"), "optimize", "--config", config, "--out", dir,
                         "--generations", "100000", "--population", "8", "--threads", "1",
                         NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int err_fd, status;
  FILE *err;
  char line[512];
  gboolean seen = FALSE;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, NULL, &err_fd, &error));
  g_assert_no_error (error);
  err = fdopen (err_fd, "r");
  while (!seen && fgets (line, sizeof line, err) != NULL)
    seen = g_str_has_prefix (line, "generation    2/");
  g_assert_true (seen);
  kill (pid, SIGINT);
  while (fgets (line, sizeof line, err) != NULL)
    ;
  fclose (err);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 130);
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "cancelled: true"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/families", test_families);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/enumerate", test_enumerate);
  g_test_add_func ("/cli/enumerate-capped", test_enumerate_capped);
  g_test_add_func ("/cli/enumerate-interrupt", test_enumerate_interrupt);
  g_test_add_func ("/cli/generate", test_generate);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/repeated-option", test_repeated_option);
  g_test_add_func ("/cli/control-characters", test_control_characters);
  g_test_add_func ("/cli/write-failure", test_write_failure);
  g_test_add_func ("/cli/validate-metrics-convert", test_validate_metrics_convert);
  g_test_add_func ("/cli/optimize", test_optimize);
  g_test_add_func ("/cli/optimize-interrupt", test_optimize_interrupt);
  return g_test_run ();
}
