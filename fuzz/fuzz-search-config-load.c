/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-search-config-load.c: any bytes into the search configuration loader. It must fail with
 * one line in TF_ERROR, leaving nothing behind, or load a configuration that keeps the rules the
 * loader promises (checked here once more). */
#include <stdint.h>
#include <stdlib.h>

#include "optimizer.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static gboolean
config_keeps_rules (const TfSearchConfig *c)
{
  if (c->n_chip < 2 || c->n_chip > 65536 || c->n_workloads < 1
      || c->n_workloads > TF_SEARCH_MAX_WORKLOADS || c->n_objectives < 1
      || c->n_objectives > TF_N_OBJECTIVES || c->hardware.n_radix_options < 1
      || c->prices.n_switch_prices != c->hardware.n_radix_options || !c->family_enabled
      || c->n_families < 1 || c->context.n_chip != c->n_chip
      || !tf_context_validate (&c->context, NULL) || c->population_size < 4
      || (guint64) c->population_size * c->generations > 10000000 || c->warnings == NULL)
    return FALSE;
  for (guint i = 0; i < c->n_workloads; i++)
    {
      const TfWorkload *w = &c->workloads[i];

      if (w->name == NULL || (guint64) w->tp * w->pp * w->dp != c->n_chip || w->ep == 0
          || w->dp % w->ep != 0 || w->micro_batch_size == 0
          || w->global_batch_size % (w->dp * w->micro_batch_size) != 0
          || w->n_message_sizes < 1 || w->n_message_sizes > TF_SEARCH_MAX_MESSAGE_SIZES
          || w->primitives == 0 || !(w->compute_time_us > 0) || !(w->weight > 0))
        return FALSE;
      for (guint k = 1; k < w->n_message_sizes; k++)
        if (w->message_sizes[k - 1] >= w->message_sizes[k])
          return FALSE;
    }
  for (guint i = 0; i < c->hardware.n_radix_options; i++)
    if (c->prices.switch_radix[i] != c->hardware.radix_options[i]
        || (i > 0 && c->hardware.radix_options[i - 1] >= c->hardware.radix_options[i]))
      return FALSE;
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TfSearchConfig c;
  GError *error = NULL;

  if (tf_search_config_load_data ("fuzz.yaml", (const char *) data, size, &c, &error))
    {
      if (!config_keeps_rules (&c))
        abort ();
      tf_search_config_clear (&c);
    }
  else if (error == NULL || error->domain != TF_ERROR || error->message[0] == '\0'
           || c.warnings != NULL)
    abort ();
  g_clear_error (&error);
  return 0;
}
