/* SPDX-License-Identifier: GPL-3.0-or-later */
/* optimizer-names.c: the names of the optimizer's enums (collective primitives, mutation
 * operators, the search's algorithms and baseline edits, Stage 2's simulators), one table each, read by the
 * to_string and from_string functions and by the search configuration's readers.
 */
#include "search-config-private.h"
#include "names-private.h"

TF_DEFINE_NAMES (tf_primitive_names, TF_N_PRIMITIVES,
  "AllReduce", "AllGather", "ReduceScatter", "AllToAll",
);

TF_DEFINE_NAMES (tf_mutation_names, TF_N_MUTATIONS,
  "add_edge", "remove_edge", "rewire_switch", "split_switch", "merge_switch",
  "change_port_asymmetry", "rehome_chip", "dual_home", "tier_edit", "add_spine_plane",
  "remove_spine_plane", "change_board_topology", "change_chips_per_board",
);

TF_DEFINE_NAMES (tf_search_algorithm_names, TF_SEARCH_RANDOM + 1, "nsga2", "random");
TF_DEFINE_NAMES (tf_baseline_edits_names, TF_BASELINE_EDITS_UNIFORM + 1, "matched", "uniform");
TF_DEFINE_NAMES (tf_failures_names, TF_FAILURES_SWITCHES_AND_LINKS + 1, "switches",
                 "switches_and_links");
TF_DEFINE_NAMES (tf_stage_2_names, TF_N_STAGE_2, "g5_simulation", "none", "simgrid");

const char *
tf_primitive_to_string (TfPrimitive primitive)
{
  g_return_val_if_fail ((guint) primitive < TF_N_PRIMITIVES, NULL);
  return tf_primitive_names.names[primitive];
}

const char *
tf_mutation_to_string (TfMutation mutation)
{
  g_return_val_if_fail ((guint) mutation < TF_N_MUTATIONS, NULL);
  return tf_mutation_names.names[mutation];
}

gboolean
tf_mutation_from_string (const char *str,
                         TfMutation *out)
{
  guint i;

  g_return_val_if_fail (out != NULL, FALSE);
  if (!tf_names_find (tf_mutation_names, str, &i))
    return FALSE;
  *out = (TfMutation) i;
  return TRUE;
}

const char *
tf_stage_2_to_string (TfStage2 stage_2)
{
  g_return_val_if_fail ((guint) stage_2 < TF_N_STAGE_2, NULL);
  return tf_stage_2_names.names[stage_2];
}

gboolean
tf_stage_2_from_string (const char *str,
                        TfStage2   *out)
{
  guint i;

  g_return_val_if_fail (out != NULL, FALSE);

  if (!tf_names_find (tf_stage_2_names, str, &i))
    return FALSE;
  *out = (TfStage2) i;
  return TRUE;
}
