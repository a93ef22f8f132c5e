/* SPDX-License-Identifier: GPL-3.0-or-later */
/* write-file.c: atomic, durable file writes. */
#include <errno.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include <glib/gi18n-lib.h>

#include "topoforge.h"

gboolean
tf_write_file_atomic (const char  *path,
                      const char  *contents,
                      gsize        length,
                      GError     **error)
{
  g_autoptr(GError) local = NULL;
  GStatBuf st;

  g_return_val_if_fail (path != NULL && contents != NULL, FALSE);

  /* The rename would replace a symbolic link by a file and leave its target stale; say so
   * instead of guessing which the user meant. */
  if (g_lstat (path, &st) == 0 && S_ISLNK (st.st_mode))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO,
                   _("%s is a symbolic link; write to its target instead"), path);
      return FALSE;
    }

  /* Written to a temporary file in the same folder, synced, then renamed over @path: a failed
   * write leaves the previous file as it was and no temporary file behind. */
  if (!g_file_set_contents_full (path, contents, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0666, &local))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}
