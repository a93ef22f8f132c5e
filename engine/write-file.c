/* SPDX-License-Identifier: GPL-3.0-or-later */
/* write-file.c: atomic, durable file writes. */
#include <glib/gstdio.h>

#include "topoforge.h"

gboolean
tf_write_file_atomic (const char  *path,
                      const char  *contents,
                      gsize        length,
                      GError     **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (path != NULL && contents != NULL, FALSE);

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
