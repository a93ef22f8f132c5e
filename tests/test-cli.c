/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: topoforge-cli as a user meets it: what works prints and exits 0; bad input exits 2
 * with one line on stderr and nothing on stdout. Here families, generate, validate, metrics and
 * convert, what every command shares (bad input, repeated options, control characters, failed
 * writes) and the README's commands; enumerate is test-cli-enumerate.c's, optimize
 * test-cli-optimize.c's. */
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-cli-fixture.h"
#include "test-util.h"
#include "topoforge.h"

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
  /* Bytes that are not UTF-8 in an option's value: that option named (issue 34). */
  r = run ("generate", "--n-chip", "64", "--id", "ring\xff\xfe", NULL);
  assert_usage_error (&r, "--id: the value is not UTF-8 text");
  r = run ("enumerate", "--n-chip=6\xff", NULL);
  assert_usage_error (&r, "--n-chip: the value is not UTF-8 text");
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
  assert_usage_error (&r, "--format: 'csv' must be yaml, graphml, dot, simgrid, booksim, sst "
                          "or astra-sim");
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

/* validate keeps a metadata key Topoforge does not read: a notice on stderr, exit 0; convert
 * writes the key back. */
static void
test_validate_pass_through (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.yaml", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.yaml", NULL);
  g_autofree char *text = NULL, *written = NULL, *notice = NULL;
  g_autoptr(GString) edited = NULL;
  const char *at;
  guint line = 1;
  Run r = run ("generate", "--n-chip", "8", "--scope", "intra-rack", "--id",
               "ring:n_endpoint=8", "-o", path, NULL);

  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  edited = g_string_new (text);
  at = strstr (edited->str, "\nchips_per_board:");
  g_assert_nonnull (at);
  for (const char *p = edited->str; p <= at; p++)
    line += *p == '\n';
  g_string_insert (edited, at + 1 - edited->str, "  future_field: 1\n");
  g_assert_true (g_file_set_contents (path, edited->str, -1, NULL));

  r = run ("validate", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "t.yaml: valid: ring"));
  notice = g_strdup_printf ("%s:%u:3: notice: metadata.future_field is not a Topoforge field; "
                            "kept as it is\n", path, line);
  g_assert_cmpstr (r.err, ==, notice);
  run_clear (&r);

  r = run ("convert", path, "--format", "yaml", "-o", copy, NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  g_assert_true (g_file_get_contents (copy, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, edited->str);

  g_unlink (path);
  g_unlink (copy);
  g_rmdir (dir);
}

/* The README's command-line commands, exactly as written, one after another in a folder where
 * build/ is this build tree and data/ the source's: each exits 0. Its own meson test, since the
 * 1,024-chip optimizer example takes minutes. */
static void
test_readme (void)
{
  g_autoptr(GPtrArray) commands = tf_test_readme_commands ("\n## The command line\n");
  g_autofree char *cli_dir = g_path_get_dirname (g_getenv ("TF_CLI"));
  g_autofree char *build = g_path_get_dirname (cli_dir);
  g_autofree char *data = tf_test_source_path ("data", NULL);
  g_autofree char *dir = g_dir_make_tmp ("topoforge-readme-XXXXXX", NULL);
  g_autofree char *build_link = g_build_filename (dir, "build", NULL);
  g_autofree char *data_link = g_build_filename (dir, "data", NULL);
  g_autofree char *rm = NULL;

  g_assert_cmpint (symlink (build, build_link), ==, 0);
  g_assert_cmpint (symlink (data, data_link), ==, 0);
  g_assert_cmpuint (commands->len, >=, 8);
  for (guint c = 0; c < commands->len; c++)
    {
      const char *command = g_ptr_array_index (commands, c);
      g_auto(GStrv) argv = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL, *err = NULL;
      int wait_status;

      g_test_message ("%s", command);
      g_assert_true (g_shell_parse_argv (command, NULL, &argv, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (argv[0], ==, "build/cli/topoforge-cli");
      g_assert_true (g_spawn_sync (dir, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                                   &wait_status, &error));
      g_assert_no_error (error);
      if (!g_spawn_check_wait_status (wait_status, NULL))
        g_error ("%s: %s", command, err);
    }
  rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/families", test_families);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/generate", test_generate);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/repeated-option", test_repeated_option);
  g_test_add_func ("/cli/control-characters", test_control_characters);
  g_test_add_func ("/cli/write-failure", test_write_failure);
  g_test_add_func ("/cli/validate-metrics-convert", test_validate_metrics_convert);
  g_test_add_func ("/cli/validate-pass-through", test_validate_pass_through);
  g_test_add_func ("/cli/readme", test_readme);
  return g_test_run ();
}
