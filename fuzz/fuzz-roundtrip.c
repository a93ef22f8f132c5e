/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-roundtrip.c: whatever loads must write, load again and write the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "topoforge.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TfTopology first, second;
  GString *a, *b;

  if (!tf_topology_load_data ("fuzz.yaml", (const char *) data, size, NULL, &first, NULL))
    return 0;
  a = g_string_new (NULL);
  b = g_string_new (NULL);
  if (!tf_topology_write_yaml (&first, a, NULL))
    abort ();
  if (!tf_topology_load_data ("written.yaml", a->str, a->len, NULL, &second, NULL))
    abort ();
  if (!tf_topology_write_yaml (&second, b, NULL) || a->len != b->len
      || memcmp (a->str, b->str, a->len) != 0)
    abort ();
  tf_topology_clear (&first);
  tf_topology_clear (&second);
  g_string_free (a, TRUE);
  g_string_free (b, TRUE);
  return 0;
}
