/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-write-faults.c: a write that fails leaves what was there before byte for byte, and no
 * temporary file behind: a read-only folder, a missing folder, a symbolic link, a full disk
 * (RLIMIT_FSIZE, SIGXFSZ ignored) and an emitter error. */
#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-util.h"

static const char previous[] = "the previous contents\n";

/* A fresh folder holding out.yaml with the previous contents. */
static char *
make_folder (char **target)
{
  char *dir = g_dir_make_tmp ("topoforge-faults-XXXXXX", NULL);

  g_assert_nonnull (dir);
  g_assert_cmpint (chmod (dir, 0777), ==, 0);
  *target = g_build_filename (dir, "out.yaml", NULL);
  g_assert_true (g_file_set_contents (*target, previous, -1, NULL));
  return dir;
}

/* The folder holds out.yaml, unchanged, and nothing else. */
static void
assert_untouched (const char *dir,
                  const char *target)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autofree char *contents = NULL;
  const char *name;
  guint n = 0;

  g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, previous);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      if (strcmp (name, "out.yaml") != 0 && strcmp (name, "link.yaml") != 0)
        g_error ("%s was left behind in %s", name, dir);
      n++;
    }
  g_assert_cmpuint (n, >=, 1);
}

static void
remove_folder (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  chmod (dir, 0700);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/* A topology's YAML, big enough to cross a small file-size limit. */
static GString *
topology_text (void)
{
  TfContext ctx = tf_test_context (256, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  GString *text = g_string_new (NULL);

  g_assert_true (tf_generate (&ctx, "torus:dimension_sizes=16x16,board_shape=2x2", NULL, NULL, &t,
                              NULL));
  g_assert_true (tf_topology_write_yaml (&t, text, NULL));
  g_assert_cmpuint (text->len, >, 24 * 1024);
  return text;
}

/* Runs the write in a child process, with @limit_bytes as its file size limit (0: none) and
 * as user nobody when @drop_root; returns the child's exit status, 0 when the write failed as
 * it should. */
static int
write_in_child (const char *target,
                gsize       limit_bytes,
                gboolean    drop_root)
{
  pid_t pid = fork ();
  int status;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      g_autoptr(GString) text = topology_text ();
      g_autoptr(GError) error = NULL;

      if (limit_bytes != 0)
        {
          struct rlimit rl = { limit_bytes, limit_bytes };

          signal (SIGXFSZ, SIG_IGN);
          if (setrlimit (RLIMIT_FSIZE, &rl) != 0)
            _exit (10);
        }
      if (drop_root && geteuid () == 0 && (setgid (65534) != 0 || setuid (65534) != 0))
        _exit (11);
      if (tf_write_file_atomic (target, text->str, text->len, &error))
        _exit (12);
      if (error->code != TF_ERROR_IO || strstr (error->message, "out.yaml") == NULL)
        _exit (13);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static void
test_read_only_folder (void)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = make_folder (&target);

  /* root ignores permissions, so the write runs as nobody in a child. */
  g_assert_cmpint (chmod (target, 0644), ==, 0);
  g_assert_cmpint (chmod (dir, 0555), ==, 0);
  g_assert_cmpint (write_in_child (target, 0, TRUE), ==, 0);
  assert_untouched (dir, target);
  remove_folder (dir);
}

static void
test_missing_folder (void)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = make_folder (&target);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "out.yaml", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (tf_write_file_atomic (missing, previous, sizeof previous - 1, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_IO);
  g_assert_nonnull (strstr (error->message, missing));
  assert_untouched (dir, target);
  remove_folder (dir);
}

static void
test_symlink (void)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = make_folder (&target);
  g_autofree char *link = g_build_filename (dir, "link.yaml", NULL);
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (symlink ("out.yaml", link), ==, 0);
  g_assert_false (tf_write_file_atomic (link, "new\n", 4, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_IO);
  g_assert_true (g_str_has_suffix (error->message, "is a symbolic link; write to its target "
                                   "instead"));
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_untouched (dir, target);
  remove_folder (dir);
}

static void
test_disk_full (void)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = make_folder (&target);

  /* The file size limit stands in for a full disk: write() fails with EFBIG part way. */
  g_assert_cmpint (write_in_child (target, 16 * 1024, FALSE), ==, 0);
  assert_untouched (dir, target);
  remove_folder (dir);
}

static void
test_emitter_error (void)
{
  TfContext ctx = tf_test_context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_generate (&ctx, "single-switch:n_endpoint=4", NULL, NULL, &t, NULL));
  /* Not UTF-8: the emitter refuses it, and there is nothing to write. */
  g_free (t.graph.switches[0].id);
  t.graph.switches[0].id = g_strdup ("switch\xff");
  g_assert_false (tf_topology_write_yaml (&t, text, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "YAML emitter: "));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/write-faults/read-only-folder", test_read_only_folder);
  g_test_add_func ("/engine/write-faults/missing-folder", test_missing_folder);
  g_test_add_func ("/engine/write-faults/symlink", test_symlink);
  g_test_add_func ("/engine/write-faults/disk-full", test_disk_full);
  g_test_add_func ("/engine/write-faults/emitter-error", test_emitter_error);
  return g_test_run ();
}
