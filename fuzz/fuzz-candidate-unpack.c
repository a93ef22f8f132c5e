/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-candidate-unpack.c: any bytes into tf_candidate_unpack, the reader of a candidate in a
 * checkpoint or a message between MPI ranks. It must refuse them with one line in TF_ERROR, or
 * give a candidate that a loaded topology file could be: what it packs to reads back as itself,
 * and its candidate file (written as a run folder writes it) loads again. The seeds are
 * the candidates of real checkpoints of the three shipped examples (docs/testing.md). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "optimizer.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char config_yaml[] =
  "n_chip: 64\n"
  "workload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
  "objectives: [iter_time, network_cost, apl_fail_excess]\n";

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static TfSearchConfig config;
  static gboolean loaded;
  g_autoptr(GError) error = NULL;
  g_autoptr(TfCandidate) c = NULL;
  g_autoptr(TfCandidate) again = tf_candidate_new ();
  g_autoptr(GByteArray) packed = g_byte_array_new ();
  g_autoptr(GString) yaml = g_string_new (NULL);
  gsize offset = 0;

  if (!loaded && !tf_search_config_load_data ("fuzz.yaml", config_yaml, strlen (config_yaml),
                                              &config, NULL))
    abort ();
  loaded = TRUE;
  c = tf_candidate_unpack (data, size, &offset, &error);
  if (c == NULL)
    {
      if (error == NULL || error->domain != TF_ERROR || error->message[0] == '\0'
          || strchr (error->message, '\n') != NULL || offset != 0)
        abort ();
      return 0;
    }
  /* What it packs to reads back as itself; the bytes read may differ only in what the reader
   * does not take from them (a family result's metrics: candidate-pack.c). */
  tf_candidate_pack (c, packed);
  if (offset > size)
    abort ();
  {
    g_autoptr(TfCandidate) read = NULL;
    g_autoptr(GByteArray) repacked = g_byte_array_new ();
    gsize at = 0;

    read = tf_candidate_unpack (packed->data, packed->len, &at, NULL);
    if (read == NULL || at != packed->len)
      abort ();
    tf_candidate_pack (read, repacked);
    if (repacked->len != packed->len || memcmp (repacked->data, packed->data, packed->len) != 0)
      abort ();
  }
  if (!tf_candidate_write_yaml (c, &config, yaml, &error)
      || !tf_candidate_load_data ("fuzz.yaml", yaml->str, yaml->len, again, &error))
    {
      g_printerr ("an unpacked candidate does not make a candidate file: %s\n",
                  error != NULL ? error->message : "(no error)");
      abort ();
    }
  return 0;
}
