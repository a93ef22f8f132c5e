/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-checkpoint.c: any bytes as a search's checkpoint.bin, resumed (topoforge-cli optimize
 * --resume). The checksum would refuse nearly every change before anything is read, so the
 * target signs what it is given (the SHA-256 of all after the header, put where the header
 * keeps it): what is fuzzed is everything a checkpoint holds, read as if whoever wrote it could
 * have written anything. The resume must be refused with one line in TF_ERROR, or run (stopped
 * at once, as Ctrl-C stops it) to a result whose front breaks no hard constraint and whose
 * candidate files load again. The seeds are real checkpoints of the three shipped examples
 * (docs/testing.md). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "optimizer.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define HEAD_BYTES   28u   /* seven words (search-checkpoint.c) */
#define DIGEST_BYTES 32u

static gboolean
front_is_sound (const TfSearchConfig *config,
                const GPtrArray      *front)
{
  for (guint i = 0; front != NULL && i < front->len; i++)
    {
      TfCandidate *c = g_ptr_array_index (front, i);
      g_autoptr(TfCandidate) again = tf_candidate_new ();
      g_autoptr(GString) why = g_string_new (NULL);
      g_autoptr(GString) yaml = g_string_new (NULL);
      g_autoptr(GError) error = NULL;

      if (!tf_candidate_check_constraints (config, c, why)
          || !tf_candidate_write_yaml (c, config, yaml, &error)
          || !tf_candidate_load_data ("fuzz.yaml", yaml->str, yaml->len, again, &error))
        {
          g_printerr ("a resumed front is not sound: %s%s\n", why->str,
                      error != NULL ? error->message : "");
          return FALSE;
        }
    }
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static char *path;
  g_autofree guint8 *signed_data = g_memdup2 (data, MAX (size, 1));
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  g_autoptr(GError) error = NULL;
  volatile gint stop = 1;
  TfSearchOptions options = { 0 };

  if (path == NULL)
    {
      g_autofree char *dir = g_dir_make_tmp ("tf-fuzz-checkpoint-XXXXXX", NULL);

      if (dir == NULL)
        abort ();
      path = g_build_filename (dir, "checkpoint.bin", NULL);
    }
  if (size >= HEAD_BYTES + DIGEST_BYTES)
    {
      g_autoptr(GChecksum) sha = g_checksum_new (G_CHECKSUM_SHA256);
      gsize length = DIGEST_BYTES;

      g_checksum_update (sha, data + HEAD_BYTES + DIGEST_BYTES,
                         size - HEAD_BYTES - DIGEST_BYTES);
      g_checksum_get_digest (sha, signed_data + HEAD_BYTES, &length);
    }
  if (!g_file_set_contents (path, (const char *) signed_data, (gssize) size, NULL))
    abort ();
  options.checkpoint = path;
  options.checkpoint_seconds = G_MAXDOUBLE;
  options.resume = TRUE;
  options.cancel = &stop;
  if (tf_search_checkpoint_load_config (path, &config, &options.baseline, &error))
    {
      config.threads = 1;
      if (tf_search_run (&config, &options, &result, &error))
        {
          if (!front_is_sound (&config, result.front)
              || !front_is_sound (&config, result.family_front))
            abort ();
          return 0;
        }
    }
  if (error == NULL || error->domain != TF_ERROR || error->message[0] == '\0'
      || strchr (error->message, '\n') != NULL)
    abort ();
  return 0;
}
