/* SPDX-License-Identifier: GPL-3.0-or-later */
/* candidate-metadata-private.h: the values a candidate's metadata.metrics may hold, in the order
 * of tf_candidate_value_names (candidate-metadata.c). The optimizer's candidate.c says which
 * evaluation field and layer each comes from. */
#pragma once

#include "topoforge.h"
#include "names-private.h"

G_BEGIN_DECLS

typedef enum
{
  TF_VALUE_ITER_TIME, TF_VALUE_COMPUTE_TIME, TF_VALUE_ALLREDUCE_TIME, TF_VALUE_NETWORK_COST,
  TF_VALUE_SWITCH_COST, TF_VALUE_LINK_COST, TF_VALUE_NIC_COST, TF_VALUE_APL, TF_VALUE_APL_FAIL,
  TF_VALUE_DISCONNECTED, TF_VALUE_FAILURE_CASES, TF_VALUE_SWITCH_DIVERSITY,
  TF_VALUE_LONGEST_CABLE, TF_VALUE_OPTICAL_LINKS, TF_VALUE_MAX_SWITCH_PORTS,
  /* ForestColl's bounds; the ReduceScatter's and the AllReduce's follow from the AllGather's */
  TF_VALUE_FORESTCOLL_ALL_GATHER, TF_VALUE_FORESTCOLL_REDUCE_SCATTER,
  TF_VALUE_FORESTCOLL_ALL_REDUCE,
  TF_VALUE_ITER_TIME_SIM, TF_VALUE_ITER_TIME_SIM_RATIO,   /* Stage 2's, when simulated */
  /* the breakdown of the first workload's iteration, per kind of communication (TfComm) */
  TF_VALUE_COMM_EXPOSED,
  TF_VALUE_COMM_OVERLAPPED = TF_VALUE_COMM_EXPOSED + TF_N_COMMS,
  TF_VALUE_COMM_BOTTLENECK_GBPS = TF_VALUE_COMM_OVERLAPPED + TF_N_COMMS,
  TF_VALUE_COMM_BOTTLENECK_LOAD = TF_VALUE_COMM_BOTTLENECK_GBPS + TF_N_COMMS,
  TF_VALUE_COMM_BOTTLENECK = TF_VALUE_COMM_BOTTLENECK_LOAD + TF_N_COMMS,   /* text */
  TF_VALUE_COMM_SIM = TF_VALUE_COMM_BOTTLENECK + TF_N_COMMS,   /* Stage 2's exposed time */
  TF_N_VALUES = TF_VALUE_COMM_SIM + TF_N_COMMS
} TfCandidateValue;

G_STATIC_ASSERT (TF_N_VALUES <= TF_CANDIDATE_MAX_VALUES);

/* The table behind tf_comm_to_string, for readers that match a file's spelling against it. */
extern const TfNames tf_comm_names;
/* The table behind tf_origin_method_to_string. */
extern const TfNames tf_origin_method_names;

G_END_DECLS
