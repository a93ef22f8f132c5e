/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-topology-load.c: any bytes into the topology loader. It must fail cleanly or load a
 * topology that passes every invariant (the loader checks them; a topology that loaded is
 * checked once more here). */
#include <stdint.h>
#include <stdlib.h>

#include "topoforge.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TfTopology t;
  GError *error = NULL;

  if (tf_topology_load_data ("fuzz.yaml", (const char *) data, size, NULL, &t, &error))
    {
      if (!tf_network_graph_check_invariants (&t.graph, t.context.chip_radix, NULL))
        abort ();
      tf_topology_clear (&t);
    }
  else if (error == NULL || error->domain != TF_ERROR || error->message[0] == '\0')
    abort ();
  g_clear_error (&error);
  return 0;
}
