/* SPDX-License-Identifier: GPL-3.0-or-later */
/* warning.c: soft warnings ("可用性约束") shared by several families, and result status.
 * Names are the spec's, exactly; thresholds are the spec's project values. */
#include "family-private.h"

const TfWarning tf_warning_dense_pcb_impractical = {
  "dense-pcb-impractical",
  N_("dense PCB impractical"),
  N_("The derived chips per board exceeds chips_per_board_max, more than a PCB is expected to carry.")
};
const TfWarning tf_warning_non_standard_scope = {
  "non-standard-scope",
  N_("non-standard scope"),
  N_("The family is not meant for this scope; the result is legal but unusual.")
};
const TfWarning tf_warning_low_utilization = {
  "low-utilization",
  N_("low utilization"),
  N_("The topology's capacity is more than the endpoints it serves times warning_thresholds.low_utilization_percent (150 % by default); ports stay unused.")
};
const TfWarning tf_warning_over_engineered = {
  "over-engineered",
  N_("over-engineered"),
  N_("The structure is built for far more endpoints than this result has.")
};
const TfWarning tf_warning_degenerate = {
  "degenerate",
  N_("degenerate"),
  N_("Too few endpoints for the family's hierarchy to mean anything.")
};
const TfWarning tf_warning_non_balanced_global_link = {
  "non-balanced-global-link",
  N_("unbalanced global links"),
  N_("Fewer groups than the balanced maximum: global links are used less evenly.")
};
const TfWarning tf_warning_radix_too_large = {
  "radix-too-large",
  N_("radix too large"),
  N_("A switch needs more physical ports than defaults.switch.radix (64 unless set): every board port carries one link per chip.")
};
const TfWarning tf_warning_rack_overflow = {
  "rack-overflow",
  N_("rack overflow"),
  N_("A switch's boards (a leaf's, a group's) are more than boards_per_rack_max: they cannot share its rack.")
};
const TfWarning tf_warning_pod_overflow = {
  "pod-overflow",
  N_("pod overflow"),
  N_("A fat-tree group needs more racks than racks_per_pod_max: its aggregation switches cannot share one pod with them.")
};
const TfWarning tf_warning_high_dimension = {
  "high-dimension",
  N_("high dimension"),
  N_("Many dimensions: long cables and many ports per node.")
};
const TfWarning tf_warning_bandwidth_over_budget = {
  "bandwidth-over-budget",
  N_("bandwidth over budget"),
  N_("The per-link bandwidths set add up to more than a chip has: its chip-to-chip links to more than defaults.chip.scale_up_gbps, or its NIC links to more than their ports' nic_gbps.")
};
const TfWarning tf_warning_rack_power_overflow = {
  "rack-power-overflow",
  N_("rack power overflow"),
  N_("A rack's boards draw more than defaults.rack.power_kw: a board alone, or boards the family must keep together (a leaf's, a group's).")
};
const TfWarning tf_warning_asymmetric = {
  "asymmetric",
  N_("asymmetric"),
  N_("The dimensions differ strongly in size, so bandwidth is uneven across them.")
};

void
tf_result_add_warning (TfResult        *result,
                       const TfWarning *warning)
{
  g_return_if_fail (result->n_warnings < TF_MAX_WARNINGS);

  for (guint i = 0; i < result->n_warnings; i++)
    if (result->warnings[i] == warning)
      return;
  result->warnings[result->n_warnings++] = warning;
}

TfStatus
tf_result_get_status (const TfResult *result)
{
  g_return_val_if_fail (result != NULL, TF_STATUS_EDGE_CASE);

  return result->n_warnings > 0 ? TF_STATUS_EDGE_CASE : TF_STATUS_RECOMMENDED;
}

gboolean
tf_result_has_warning (const TfResult *result,
                       const char     *name)
{
  for (guint i = 0; i < result->n_warnings; i++)
    if (g_strcmp0 (result->warnings[i]->name, name) == 0)
      return TRUE;
  return FALSE;
}
