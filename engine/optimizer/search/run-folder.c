/* SPDX-License-Identifier: GPL-3.0-or-later */
/* run-folder.c: the life of a run folder (docs/optimizer.md, "Checkpoint and
 * resume"), the one way optimize --out, optimize --resume, topoforge-mpi and the app's Save
 * Run put a run in place.
 *
 * A run writes into DIR.partial, beside DIR so that a rename moves it: its checkpoints while it
 * goes, then every output. Only when all of them are written does DIR.partial become DIR, by a
 * rename where DIR does not exist, else by an atomic exchange, after which the earlier folder,
 * now at DIR.partial, gives the new DIR every file a run does not write (the user's own, beside a
 * run written among them) and loses the files a run writes. A run that fails removes what it
 * wrote in DIR.partial and leaves DIR as it was, absent if it was absent; a run killed leaves
 * DIR.partial with its checkpoint, which --resume DIR continues.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "search-output-private.h"

#define STAGING_SUFFIX ".partial"
#define ASIDE_SUFFIX   ".replaced"

/* The files a run writes at the top of its folder (search-output.c, evaluated-csv.c and
 * pareto.svg of the plot, which cannot name this layer's header), and the folders of candidate
 * files; nothing else in a run folder is the run's. */
static const char *const run_files[] = {
  TF_RUN_CONFIG_FILE, TF_RUN_SUMMARY_FILE, TF_RUN_EVALUATED_FILE, TF_RUN_CHECKPOINT_FILE,
  "pareto.svg", NULL
};
static const char *const run_folders[] = { TF_RUN_PARETO_DIR, TF_RUN_FAMILY_DIR, NULL };

void
tf_run_folder_clear (TfRunFolder *folder)
{
  g_return_if_fail (folder != NULL);

  g_clear_pointer (&folder->dir, g_free);
  g_clear_pointer (&folder->staging, g_free);
  g_clear_pointer (&folder->checkpoint, g_free);
  g_clear_pointer (&folder->note, g_free);
  g_clear_pointer (&folder->made, g_free);
  folder->created = FALSE;
}

/* DIR without trailing separators, and absolute where its last part is "." or "..", which have
 * no folder beside them to stage in. */
static void
set_paths (TfRunFolder *folder,
           const char  *dir)
{
  g_autofree char *base = NULL;
  gsize n = strlen (dir);

  tf_run_folder_clear (folder);
  while (n > 1 && G_IS_DIR_SEPARATOR (dir[n - 1]))
    n--;
  folder->dir = g_strndup (dir, n);
  base = g_path_get_basename (folder->dir);
  if (strcmp (base, ".") == 0 || strcmp (base, "..") == 0)
    {
      char *absolute = g_canonicalize_filename (folder->dir, NULL);

      g_free (folder->dir);
      folder->dir = absolute;
    }
  folder->staging = g_strconcat (folder->dir, STAGING_SUFFIX, NULL);
  folder->checkpoint = g_build_filename (folder->staging, TF_RUN_CHECKPOINT_FILE, NULL);
}

/* Whether @name is one of @names, or the temporary file g_file_set_contents () makes of one
 * ("NAME.XXXXXX"), left behind when a write was killed. */
static gboolean
is_one_of (const char        *name,
           const char *const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    {
      gsize n = strlen (names[i]);

      if (strncmp (name, names[i], n) == 0
          && (name[n] == '\0' || (name[n] == '.' && strlen (name + n + 1) == 6)))
        return TRUE;
    }
  return FALSE;
}

/* Whether @name is a candidate file (TF_RUN_CANDIDATE_FORMAT, any number of digits) or its
 * temporary file. */
static gboolean
is_candidate_file (const char *name)
{
  const char *p = name + strlen ("candidate_");
  const char *end;

  if (!g_str_has_prefix (name, "candidate_") || !g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  if (!g_str_has_prefix (p, ".yaml"))
    return FALSE;
  end = p + strlen (".yaml");
  return *end == '\0' || (*end == '.' && strlen (end + 1) == 6);
}

/* Moves @path to @into's @name unless something is there already; FALSE with the reason in
 * @why (if it is empty) when it stays. */
static gboolean
move_entry (const char *path,
            const char *into,
            const char *name,
            GString    *why)
{
  g_autofree char *target = g_build_filename (into, name, NULL);
  GStatBuf st;

  if (g_lstat (target, &st) == 0)
    errno = EEXIST;
  else if (g_rename (path, target) == 0)
    return TRUE;
  if (why->len == 0)
    g_string_printf (why, "%s: %s", path, g_strerror (errno));
  return FALSE;
}

/* Empties @dir of what a run wrote there and removes it: the run's files go (its checkpoint
 * too, unless @keep_checkpoint), pareto/ and family/ lose their candidate files and go when
 * nothing else is in them, and every other entry moves to @into (the same place inside it) when
 * @into is not NULL, else stays. TRUE when @dir is gone; else @why (if empty) says what kept it. */
static gboolean
empty_folder (const char *dir,
              const char *into,
              gboolean    candidates,
              gboolean    keep_checkpoint,
              GString    *why)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      GStatBuf st;

      if (g_lstat (path, &st) != 0)
        continue;
      if (S_ISREG (st.st_mode)
          && (candidates ? is_candidate_file (name) : is_one_of (name, run_files)))
        {
          if (keep_checkpoint && !candidates && strcmp (name, TF_RUN_CHECKPOINT_FILE) == 0)
            continue;
          if (g_unlink (path) != 0 && why->len == 0)
            g_string_printf (why, "%s: %s", path, g_strerror (errno));
        }
      else if (S_ISDIR (st.st_mode) && !candidates && is_one_of (name, run_folders))
        {
          g_autofree char *sub = into != NULL ? g_build_filename (into, name, NULL) : NULL;

          /* The user's files in it go to the new run's folder of that name. */
          if (sub != NULL && g_mkdir (sub, 0777) != 0 && errno != EEXIST)
            g_clear_pointer (&sub, g_free);
          empty_folder (path, sub, TRUE, FALSE, why);
        }
      else if (into != NULL)
        move_entry (path, into, name, why);
    }
  if (g_rmdir (dir) == 0)
    return TRUE;
  if (why->len == 0)
    g_string_printf (why, "%s: %s", dir, g_strerror (errno));
  return FALSE;
}

gboolean
tf_run_folder_may_begin (const char  *dir,
                         GError     **error)
{
  g_auto(TfRunFolder) folder = { 0 };
  GStatBuf st;

  g_return_val_if_fail (dir != NULL, FALSE);

  set_paths (&folder, dir);
  if (g_lstat (folder.staging, &st) == 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s exists: a run into %s is going on or was "
                   "killed; continue it (--resume %s) or remove %s", folder.staging, folder.dir,
                   folder.dir, folder.staging);
      return FALSE;
    }
  if (g_lstat (folder.dir, &st) == 0 && S_ISLNK (st.st_mode))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s is a symbolic link: give the folder it "
                   "points to instead, since a run is put in place by renaming", folder.dir);
      return FALSE;
    }
  return TRUE;
}

gboolean
tf_run_folder_begin (TfRunFolder  *folder,
                     const char   *dir,
                     GError      **error)
{
  g_autofree char *parent = NULL;

  g_return_val_if_fail (folder != NULL && dir != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!tf_run_folder_may_begin (dir, error))
    return FALSE;
  set_paths (folder, dir);
  parent = g_path_get_dirname (folder->dir);
  /* The outermost parent that is not there yet, to remove again should the run fail. */
  {
    char *p = g_strdup (parent);

    while (!g_file_test (p, G_FILE_TEST_EXISTS))
      {
        char *up = g_path_get_dirname (p);

        g_free (folder->made);
        folder->made = p;
        p = up;
        if (strcmp (p, folder->made) == 0)
          break;
      }
    if (p != folder->made)
      g_free (p);
  }
  if (g_mkdir_with_parents (parent, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot create %s: %s", parent,
                   g_strerror (saved));
      return FALSE;
    }
  /* Not with parents: a DIR.partial made meanwhile by another run is refused, not shared. */
  if (g_mkdir (folder->staging, 0777) != 0)
    {
      int saved = errno;

      if (saved == EEXIST)
        return tf_run_folder_may_begin (dir, error);
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot create %s: %s", folder->staging,
                   g_strerror (saved));
      return FALSE;
    }
  folder->created = TRUE;
  return TRUE;
}

gboolean
tf_run_folder_find_checkpoint (const char  *dir,
                               char       **checkpoint,
                               GError     **error)
{
  g_auto(TfRunFolder) folder = { 0 };
  g_autofree char *committed = NULL;

  g_return_val_if_fail (dir != NULL && checkpoint != NULL, FALSE);

  set_paths (&folder, dir);
  committed = g_build_filename (folder.dir, TF_RUN_CHECKPOINT_FILE, NULL);
  /* A killed run's (or a run resumed and killed again: the newer state), else a stopped one's,
   * committed with its front. */
  if (g_file_test (folder.checkpoint, G_FILE_TEST_EXISTS))
    *checkpoint = g_steal_pointer (&folder.checkpoint);
  else if (g_file_test (committed, G_FILE_TEST_EXISTS))
    *checkpoint = g_steal_pointer (&committed);
  else
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "--resume: %s has no checkpoint (neither %s "
                   "nor %s/%s): the run ended, or never wrote one", folder.dir,
                   folder.checkpoint, folder.dir, TF_RUN_CHECKPOINT_FILE);
      return FALSE;
    }
  return TRUE;
}

/* @from's bytes into a new file @to, for a filesystem without hard links. */
static gboolean
copy_file (const char  *from,
           const char  *to,
           GError     **error)
{
  FILE *in = g_fopen (from, "rb");
  FILE *out = in != NULL ? g_fopen (to, "wbx") : NULL;
  char buffer[1 << 16];
  gboolean ok = in != NULL && out != NULL;
  int saved = ok ? 0 : errno;
  size_t n;

  while (ok && (n = fread (buffer, 1, sizeof buffer, in)) > 0)
    if (fwrite (buffer, 1, n, out) != n)
      {
        ok = FALSE;
        saved = errno;
      }
  if (ok && ferror (in))
    {
      ok = FALSE;
      saved = EIO;
    }
  if (out != NULL && fclose (out) != 0 && ok)
    {
      ok = FALSE;
      saved = errno;
    }
  if (in != NULL)
    fclose (in);
  if (!ok)
    {
      g_unlink (to);
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot copy %s to %s: %s", from, to,
                   g_strerror (saved));
    }
  return ok;
}

gboolean
tf_run_folder_resume (TfRunFolder  *folder,
                      const char   *dir,
                      const char   *checkpoint,
                      GError      **error)
{
  g_return_val_if_fail (folder != NULL && dir != NULL && checkpoint != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  set_paths (folder, dir);
  if (strcmp (checkpoint, folder->checkpoint) == 0)
    return TRUE;
  if (!g_file_test (checkpoint, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s is not a regular file",
                   checkpoint);
      return FALSE;
    }
  if (!tf_run_folder_begin (folder, dir, error))
    return FALSE;
  /* DIR's checkpoint stays as it is until the commit: the run's own checkpoints replace the
   * link by a new file (tf_write_file_atomic renames over it). */
  if (link (checkpoint, folder->checkpoint) != 0
      && !copy_file (checkpoint, folder->checkpoint, error))
    {
      tf_run_folder_abandon (folder);
      return FALSE;
    }
  return TRUE;
}

gboolean
tf_run_folder_keep_checkpoint (TfRunFolder          *folder,
                               const TfSearchConfig *config)
{
  g_autofree char *committed = g_build_filename (folder->dir, TF_RUN_CHECKPOINT_FILE, NULL);
  g_auto(TfSearchConfig) theirs = { 0 };
  g_autoptr(GString) a = g_string_new (NULL);
  g_autoptr(GString) b = g_string_new (NULL);
  gboolean baseline;

  g_return_val_if_fail (folder != NULL && folder->staging != NULL && config != NULL, FALSE);

  if (!g_file_test (committed, G_FILE_TEST_IS_REGULAR)
      || !tf_search_checkpoint_load_config (committed, &theirs, &baseline, NULL))
    return FALSE;
  theirs.threads = config->threads;   /* they change no result */
  if (!tf_search_config_write_yaml (config, a, NULL)
      || !tf_search_config_write_yaml (&theirs, b, NULL) || strcmp (a->str, b->str) != 0)
    return FALSE;
  return link (committed, folder->checkpoint) == 0
         || copy_file (committed, folder->checkpoint, NULL);
}

/* Swaps @a and @b, both existing; falls back to two renames, through @aside, where the
 * filesystem cannot exchange. */
static gboolean
exchange (const char *a,
          const char *b,
          const char *aside)
{
  if (renameat2 (AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0)
    return TRUE;
  if (errno != EINVAL && errno != ENOSYS)
    return FALSE;
  if (g_rename (b, aside) != 0)
    return FALSE;
  if (g_rename (a, b) != 0)
    {
      int saved = errno;

      g_rename (aside, b);
      errno = saved;
      return FALSE;
    }
  /* Where this fails, the earlier folder stays at @aside, and is emptied there. */
  g_rename (aside, a);
  return TRUE;
}

gboolean
tf_run_folder_commit (TfRunFolder  *folder,
                      gboolean      keep_checkpoint,
                      GError      **error)
{
  g_autofree char *aside = NULL;
  g_autoptr(GString) why = g_string_new (NULL);
  const char *old;
  GStatBuf st;

  g_return_val_if_fail (folder != NULL && folder->staging != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_clear_pointer (&folder->note, g_free);
  if (!keep_checkpoint)
    g_unlink (folder->checkpoint);
  if (g_lstat (folder->dir, &st) != 0 || (S_ISDIR (st.st_mode) && g_rmdir (folder->dir) == 0))
    {
      if (g_rename (folder->staging, folder->dir) != 0)
        {
          int saved = errno;

          g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot rename %s to %s: %s",
                       folder->staging, folder->dir, g_strerror (saved));
          return FALSE;
        }
      folder->created = FALSE;
      g_clear_pointer (&folder->made, g_free);
      return TRUE;
    }
  if (!S_ISDIR (st.st_mode))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s exists and is not a folder", folder->dir);
      return FALSE;
    }
  aside = g_strconcat (folder->dir, ASIDE_SUFFIX, NULL);
  if (!exchange (folder->staging, folder->dir, aside))
    {
      int saved = errno;

      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot put %s in the place of %s: %s",
                   folder->staging, folder->dir, g_strerror (saved));
      return FALSE;
    }
  folder->created = FALSE;
  g_clear_pointer (&folder->made, g_free);
  /* The earlier folder: its user's files join the new run, the earlier run's files go. */
  old = g_file_test (folder->staging, G_FILE_TEST_IS_DIR) ? folder->staging : aside;
  if (!empty_folder (old, folder->dir, FALSE, FALSE, why))
    folder->note = g_strdup_printf ("%s: the run is in place, but the earlier folder, now %s, "
                                    "could not be emptied (%s); look at what is left there, "
                                    "then remove it", folder->dir, old, why->str);
  return TRUE;
}

void
tf_run_folder_abandon (TfRunFolder *folder)
{
  g_autoptr(GString) why = g_string_new (NULL);

  g_return_if_fail (folder != NULL);

  if (folder->staging == NULL)
    return;
  g_clear_pointer (&folder->note, g_free);
  /* A DIR.partial this run found (a killed run resumed) keeps its checkpoint, the newest
   * state; one it made goes whole. */
  if (!empty_folder (folder->staging, NULL, FALSE, !folder->created, why) && folder->created)
    folder->note = g_strdup_printf ("%s could not be removed (%s); remove it before the next "
                                    "run into %s", folder->staging, why->str, folder->dir);
  else if (folder->made != NULL)
    {
      g_autofree char *p = g_path_get_dirname (folder->dir);

      /* Up to the outermost the run made, each while it is empty. */
      while (g_rmdir (p) == 0 && strcmp (p, folder->made) != 0)
        {
          char *up = g_path_get_dirname (p);

          g_free (p);
          p = up;
        }
    }
  g_clear_pointer (&folder->made, g_free);
  folder->created = FALSE;
}
