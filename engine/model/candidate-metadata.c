/* SPDX-License-Identifier: GPL-3.0-or-later */
/* candidate-metadata.c: what a topology file carries of an optimizer candidate (docs/optimizer.md,
 * "Candidate files"): the names of its origins, of the kinds of communication its values are
 * broken down by, and of the values under metadata.metrics. The loader checks a file's spelling
 * against them and the writer spells them; the optimizer fills the data and reads it back.
 */
#include <glib/gi18n-lib.h>

#include "candidate-metadata-private.h"
#include "names-private.h"

TF_DEFINE_NAMES (tf_comm_names, TF_N_COMMS, "tp", "pp", "dp", "ep");

TF_DEFINE_NAMES (tf_origin_method_names, TF_N_ORIGIN_METHODS,
                 "family_enum", "family_sample", "generic_template", "graph_mutation",
                 "crossover", "manual_seed");

static const char *const value_names[TF_N_VALUES + 1] = {
  [TF_VALUE_ITER_TIME] = "iter_time_us",
  [TF_VALUE_COMPUTE_TIME] = "compute_time_us",
  [TF_VALUE_ALLREDUCE_TIME] = "allreduce_time_us",
  [TF_VALUE_NETWORK_COST] = "network_cost_usd",
  [TF_VALUE_SWITCH_COST] = "switch_cost_usd",
  [TF_VALUE_LINK_COST] = "link_cost_usd",
  [TF_VALUE_NIC_COST] = "nic_cost_usd",
  [TF_VALUE_APL] = "apl",
  [TF_VALUE_APL_FAIL] = "apl_fail",
  [TF_VALUE_DISCONNECTED] = "disconnected_fraction",
  [TF_VALUE_FAILURE_CASES] = "failure_cases",
  [TF_VALUE_SWITCH_DIVERSITY] = "switch_diversity",
  [TF_VALUE_LONGEST_CABLE] = "longest_cable_m",
  [TF_VALUE_OPTICAL_LINKS] = "optical_links",
  [TF_VALUE_MAX_SWITCH_PORTS] = "max_switch_ports",
  [TF_VALUE_FORESTCOLL_ALL_GATHER] = "forestcoll_allgather_us",
  [TF_VALUE_FORESTCOLL_REDUCE_SCATTER] = "forestcoll_reduce_scatter_us",
  [TF_VALUE_FORESTCOLL_ALL_REDUCE] = "forestcoll_allreduce_us",
  [TF_VALUE_ITER_TIME_SIM] = "iter_time_sim_us",
  [TF_VALUE_ITER_TIME_SIM_RATIO] = "iter_time_sim_ratio",
#define COMM_NAMES(first, suffix) \
  [first + TF_COMM_TP] = "tp_" suffix, [first + TF_COMM_PP] = "pp_" suffix, \
  [first + TF_COMM_DP] = "dp_" suffix, [first + TF_COMM_EP] = "ep_" suffix
  COMM_NAMES (TF_VALUE_COMM_EXPOSED, "time_us"),
  COMM_NAMES (TF_VALUE_COMM_OVERLAPPED, "overlapped_us"),
  COMM_NAMES (TF_VALUE_COMM_BOTTLENECK_GBPS, "bottleneck_gb_per_s"),
  COMM_NAMES (TF_VALUE_COMM_BOTTLENECK_LOAD, "bottleneck_flows"),
  COMM_NAMES (TF_VALUE_COMM_BOTTLENECK, "bottleneck"),
  COMM_NAMES (TF_VALUE_COMM_SIM, "time_sim_us"),
#undef COMM_NAMES
};

const char *
tf_origin_method_to_string (TfOriginMethod method)
{
  g_return_val_if_fail ((guint) method < TF_N_ORIGIN_METHODS, NULL);
  return tf_origin_method_names.names[method];
}

const char *
tf_origin_method_label (TfOriginMethod method)
{
  /* For people, in the order of the enum; _() translates them where they are shown. */
  static const char *const labels[TF_N_ORIGIN_METHODS] = {
    N_("Family design"), N_("Family sample"), N_("Generic template"), N_("Graph mutation"),
    N_("Crossover"), N_("Manual seed"),
  };

  g_return_val_if_fail ((guint) method < TF_N_ORIGIN_METHODS, NULL);
  return labels[method];
}

gboolean
tf_origin_method_from_string (const char     *str,
                              TfOriginMethod *out)
{
  guint i;

  g_return_val_if_fail (out != NULL, FALSE);
  if (!tf_names_find (tf_origin_method_names, str, &i))
    return FALSE;
  *out = (TfOriginMethod) i;
  return TRUE;
}

const char *
tf_comm_to_string (TfComm comm)
{
  g_return_val_if_fail ((guint) comm < TF_N_COMMS, NULL);
  return tf_comm_names.names[comm];
}

const char *const *
tf_candidate_value_names (void)
{
  return value_names;
}

void
tf_candidate_metadata_free (TfCandidateMetadata *metadata)
{
  if (metadata == NULL)
    return;
  g_free (metadata->candidate_id);
  g_free (metadata->method);
  g_free (metadata->seed_family);
  g_free (metadata->seed_id);
  g_free (metadata->template_params);
  g_clear_pointer (&metadata->parent_ids, g_ptr_array_unref);
  g_clear_pointer (&metadata->mutations, g_ptr_array_unref);
  for (guint i = 0; i < metadata->n_values; i++)
    g_free (metadata->texts[i]);
  for (guint i = 0; i < metadata->n_collectives; i++)
    g_free (metadata->collectives[i].primitive);
  g_free (metadata);
}
