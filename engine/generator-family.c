/* SPDX-License-Identifier: GPL-3.0-or-later */
/* generator-family.c */
#include "optimizer-private.h"

static gboolean
enabled (const TfSearchConfig *config)
{
  (void) config;
  return FALSE;
}

const TfGenerator tf_generator_family = {
  .name = "family",
  .enabled = enabled,
};
