/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-graph-mutator.c */
#include "optimizer-private.h"

static gboolean
enabled (const TfSearchConfig *config)
{
  (void) config;
  return FALSE;
}

const TfGenerator tf_generator_graph_mutator = {
  .name = "graph_mutator",
  .enabled = enabled,
};
