/* SPDX-License-Identifier: GPL-3.0-or-later */
/* objectives.c: the optimizer's objectives, one table row each: the name a configuration uses,
 * what people call it (marked for translation: the app translates it), the unit, the layers that
 * compute it, how it is read off an evaluation, and the box the hypervolume measures in (an
 * ideal no network can beat and a reference point past which a candidate is worth nothing, both
 * fixed by the configuration before the run; docs/optimizer.md, "Hypervolume"). Adding an
 * objective is one TfObjective value and one row here.
 */
#include <math.h>

#include <glib/gi18n-lib.h>

#include "search-config-private.h"

/* T_compute, the workloads' weighted mean: no network makes an iteration shorter. */
static double
compute_us (const TfSearchConfig *config)
{
  double sum = 0, weight = 0;

  for (guint w = 0; w < config->n_workloads; w++)
    {
      sum += config->workloads[w].weight * config->workloads[w].compute_time_us;
      weight += config->workloads[w].weight;
    }
  return weight > 0 ? sum / weight : 0;
}

/* A ring AllReduce of the largest message over every chip through one NIC port each. */
static double
ring_all_reduce_us (const TfSearchConfig *config)
{
  const TfWorkload *wl = &config->workloads[0];
  double bytes = wl->n_message_sizes > 0 ? (double) wl->message_sizes[wl->n_message_sizes - 1] : 0;
  double n = config->n_chip;

  return 2 * (n - 1) * (config->hardware.link_latency_us
                        + bytes / n / (config->hardware.nic_bandwidth_gbps * 1e3));
}

/* What one chip's share of a three-tier non-blocking fat-tree of the dearest priced port costs:
 * its NIC port, five switch ports (leaf down and up, aggregation down and up, core) and three
 * optical cables of the longest length allowed, at the search's port speed. */
static double
fat_tree_usd_per_chip (const TfSearchConfig *config)
{
  const TfPriceTable *p = &config->prices;
  double port = 0, speed = p->port_gbps > 0 ? config->hardware.nic_bandwidth_gbps / p->port_gbps
                                            : 1;

  for (guint i = 0; i < p->n_switch_prices; i++)
    if (p->switch_radix[i] > 0)
      port = MAX (port, p->switch_price[i] / p->switch_radix[i]);
  return speed * (p->nic_port + 5 * port + 3 * p->optical_link_fixed)
         + 3 * p->optical_link_per_m * config->hardware.max_optical_cable_length_m;
}

static void
box_iter_time (const TfSearchConfig *config, double *ideal, double *reference)
{
  *ideal = compute_us (config);
  *reference = 3 * *ideal;
}

static void
box_network_cost (const TfSearchConfig *config, double *ideal, double *reference)
{
  *ideal = 0;
  *reference = config->hardware.budget_usd > 0
               ? config->hardware.budget_usd
               : 2 * config->n_chip * fat_tree_usd_per_chip (config);
}

static void
box_apl_fail (const TfSearchConfig *config, double *ideal, double *reference)
{
  double penalty = config->disconnected_penalty_hops > 0 ? config->disconnected_penalty_hops
                                                         : config->n_chip;

  /* Paths of up to 10 hops with a tenth of the pairs cut off by a failure. */
  *ideal = 1;
  *reference = 10 + 0.1 * penalty;
}

/* The hops every single failure adds to the mean path between the chip pairs it leaves (a cut
 * pair counting the penalty), summed over the failures: what a network loses if every routing
 * node fails at the same rate (docs/spec-notes.md, "A fault objective that cannot be gamed").
 * A failure that changes nothing adds nothing, so hardware that does nothing cannot lower it,
 * where it lowers apl_fail, a mean over the failures. Summed over the failures, each pair's
 * increase over its own distance before: failure_cases x (apl_fail - apl), exactly (removing a
 * node never shortens a path, and a removed chip's own pairs average apl by the sum over
 * chips), so never negative but for rounding. */
static double
value_apl_fail_excess (const TfEvaluation *ev, const TfSearchConfig *config)
{
  return MAX (0.0, ev->failure_cases * (ev->apl_fail - ev->apl));
}

/* The failure objectives bounded by Layer 1's paths alone, before the failure analysis
 * (ev->failure_hops_bound and failure_cut_bound, evaluator-structure.c): slightly under, so
 * that rounding in the exact sums never puts a value beneath its bound. */
static double
bound_apl_fail_excess (const TfEvaluation *ev, const TfSearchConfig *config)
{
  return (1 - 1e-9) * ev->failure_hops_bound;
}

static double
bound_apl_fail (const TfEvaluation *ev, const TfSearchConfig *config)
{
  /* A direct network's chip failure takes the chip's own pairs away: no bound but 0. A switch
   * failure leaves every pair, none shorter. */
  if (ev->failure_hops_bound <= 0 || ev->failure_cases == 0)
    return 0;
  return (1 - 1e-9) * (ev->apl + ev->failure_hops_bound / ev->failure_cases);
}

static double
bound_disconnected (const TfEvaluation *ev, const TfSearchConfig *config)
{
  if (ev->failure_cases == 0)
    return 0;
  return (1 - 1e-9) * ev->failure_cut_bound / ev->failure_cases;
}

/* Failures that together add 10 hops to the mean path: the designs of the shipped examples'
 * fronts whose failures cut no chip off lie between 0 and 2 at 64 and at 1,024 chips, while one
 * leaf of eight single-homed chips failing adds 14 (64 chips) or 16 (1,024) by itself
 * (docs/optimizer.md, "Hypervolume"). */
static void
box_apl_fail_excess (const TfSearchConfig *config, double *ideal, double *reference)
{
  *ideal = 0;
  *reference = 10;
}

static void
box_apl (const TfSearchConfig *config, double *ideal, double *reference)
{
  *ideal = 1;
  *reference = 10;
}

static double
value_diameter (const TfEvaluation *ev, const TfSearchConfig *config)
{
  return ev->diameter;
}

static void
box_diameter (const TfSearchConfig *config, double *ideal, double *reference)
{
  *ideal = 1;
  *reference = 20;
}

static void
box_bisection (const TfSearchConfig *config, double *ideal, double *reference)
{
  const TfHardwareConstraints *hw = &config->hardware;

  /* Half the chips sending through every NIC port and their whole chip-to-chip budget. */
  *ideal = config->n_chip / 2 * (hw->nic_ports_per_chip * hw->nic_bandwidth_gbps
                                 + hw->c2c_bandwidth_gbps);
  *reference = 0;
}

static double
value_all_reduce_time (const TfEvaluation *ev, const TfSearchConfig *config)
{
  guint n = config->workloads[0].n_message_sizes;

  return n > 0 ? ev->collective_us[0][TF_PRIMITIVE_ALL_REDUCE][n - 1] : 0;
}

static void
box_all_reduce_time (const TfSearchConfig *config, double *ideal, double *reference)
{
  *ideal = 0;
  *reference = 3 * ring_all_reduce_us (config);
}

/* ForestColl's bound on an AllReduce: a ReduceScatter and an AllGather, each at its bound. */
static double
value_forestcoll_all_reduce (const TfEvaluation *ev, const TfSearchConfig *config)
{
  return 2 * ev->forestcoll_us;
}

static void
box_disconnected (const TfSearchConfig *config, double *ideal, double *reference)
{
  *ideal = 0;
  *reference = 1;
}

/* A row reads its value from a double of TfEvaluation at @offset, or through @value; @bound
 * (may be NULL) bounds it from Layer 1's paths when its layers are not done (below a minimised
 * objective's value, above a maximised one's). */
typedef struct
{
  const char *name;
  const char *label;
  const char *unit;
  guint       layers;
  gboolean    maximised;
  gsize       offset;
  double    (*value) (const TfEvaluation *ev, const TfSearchConfig *config);
  void      (*box) (const TfSearchConfig *config, double *ideal, double *reference);
  double    (*bound) (const TfEvaluation *ev, const TfSearchConfig *config);
} ObjectiveRow;

#define FIELD(f) G_STRUCT_OFFSET (TfEvaluation, f), NULL

static const ObjectiveRow objectives[TF_N_OBJECTIVES] = {
  [TF_OBJECTIVE_ITER_TIME] = { "iter_time", N_("Iteration time"), "us", TF_LAYER_WORKFLOW,
                               FALSE, FIELD (workflow_time_us), box_iter_time },
  [TF_OBJECTIVE_NETWORK_COST] = { "network_cost", N_("Network cost"), "USD", TF_LAYER_COST,
                                  FALSE, FIELD (network_cost_usd), box_network_cost },
  [TF_OBJECTIVE_APL_FAIL] = { "apl_fail", N_("APL under failure"), "hops", TF_LAYER_FAILURES,
                              FALSE, FIELD (apl_fail), box_apl_fail, bound_apl_fail },
  [TF_OBJECTIVE_APL] = { "apl", N_("Average path length"), "hops", TF_LAYER_PATHS, FALSE,
                         FIELD (apl), box_apl },
  [TF_OBJECTIVE_DIAMETER] = { "diameter", N_("Diameter"), "hops", TF_LAYER_PATHS, FALSE, 0,
                              value_diameter, box_diameter },
  [TF_OBJECTIVE_BISECTION] = { "bisection_bandwidth", N_("Bisection bandwidth"), "GB/s",
                               TF_LAYER_PATHS, TRUE, FIELD (bisection_bandwidth),
                               box_bisection },
  [TF_OBJECTIVE_ALL_REDUCE_TIME] = { "allreduce_time", N_("AllReduce time"), "us",
                                     TF_LAYER_COLLECTIVES, FALSE, 0, value_all_reduce_time,
                                     box_all_reduce_time },
  [TF_OBJECTIVE_DISCONNECTED] = { "disconnected_fraction", N_("Pairs cut by a failure"),
                                  "of pairs", TF_LAYER_FAILURES, FALSE,
                                  FIELD (disconnected_fraction), box_disconnected,
                                  bound_disconnected },
  [TF_OBJECTIVE_APL_FAIL_EXCESS] = { "apl_fail_excess", N_("Hops lost to failures"), "hops",
                                     TF_LAYER_FAILURES, FALSE, 0, value_apl_fail_excess,
                                     box_apl_fail_excess, bound_apl_fail_excess },
  [TF_OBJECTIVE_FORESTCOLL_ALL_REDUCE] = { "forestcoll_allreduce",
                                           N_("AllReduce lower bound (ForestColl)"), "us",
                                           TF_LAYER_FORESTCOLL, FALSE, 0,
                                           value_forestcoll_all_reduce, box_all_reduce_time },
};

#undef FIELD

const char *
tf_objective_to_string (TfObjective objective)
{
  g_return_val_if_fail ((guint) objective < TF_N_OBJECTIVES, NULL);
  return objectives[objective].name;
}

gboolean
tf_objective_from_string (const char  *str,
                          TfObjective *out)
{
  g_return_val_if_fail (out != NULL, FALSE);
  for (guint i = 0; str != NULL && i < TF_N_OBJECTIVES; i++)
    if (strcmp (str, objectives[i].name) == 0)
      {
        *out = (TfObjective) i;
        return TRUE;
      }
  return FALSE;
}

const char *
tf_objective_label (TfObjective objective)
{
  g_return_val_if_fail ((guint) objective < TF_N_OBJECTIVES, NULL);
  return objectives[objective].label;
}

const char *
tf_objective_unit (TfObjective objective)
{
  g_return_val_if_fail ((guint) objective < TF_N_OBJECTIVES, NULL);
  return objectives[objective].unit;
}

double
tf_objective_value (TfObjective objective,
                    double      minimised)
{
  g_return_val_if_fail ((guint) objective < TF_N_OBJECTIVES, minimised);
  return objectives[objective].maximised ? -minimised : minimised;
}

guint
tf_search_config_get_objective_layers (const TfSearchConfig *config)
{
  guint layers = 0;

  for (guint k = 0; k < config->n_objectives; k++)
    layers |= objectives[config->objectives[k]].layers;
  /* The failure analysis comes with the paths. */
  if (layers & TF_LAYER_FAILURES)
    layers |= TF_LAYER_PATHS;
  return layers;
}

guint
tf_search_config_get_layers (const TfSearchConfig *config)
{
  guint layers = tf_search_config_get_objective_layers (config);

  /* Layer 2 whenever a workload names primitives: its times are part of the breakdown. */
  for (guint w = 0; w < config->n_workloads; w++)
    if (config->workloads[w].primitives != 0 && config->workloads[w].n_message_sizes > 0)
      layers |= TF_LAYER_COLLECTIVES;
  /* Every layer but cost stands on Layer 1's paths; where those are computed the files show
   * all of Layer 1, switch_diversity too (no objective reads it: the search leaves it out). */
  if (layers & ~TF_LAYER_COST)
    layers |= TF_LAYER_STRUCTURE | TF_LAYER_FAILURES;
  return layers;
}

double
tf_candidate_get_objective (const TfSearchConfig *config,
                            const TfCandidate    *candidate,
                            TfObjective           objective)
{
  const ObjectiveRow *row;

  g_return_val_if_fail ((guint) objective < TF_N_OBJECTIVES, NAN);
  row = &objectives[objective];
  return row->value != NULL ? row->value (&candidate->evaluation, config)
                            : G_STRUCT_MEMBER (double, &candidate->evaluation, row->offset);
}

gboolean
tf_candidate_bound_objectives (const TfSearchConfig *config,
                               const TfCandidate    *candidate,
                               double               *bounds,
                               gboolean             *all_exact)
{
  const TfEvaluation *ev = &candidate->evaluation;
  gboolean exact = TRUE;

  for (guint k = 0; k < config->n_objectives; k++)
    {
      TfObjective o = config->objectives[k];
      const ObjectiveRow *row = &objectives[o];

      if ((row->layers & ~ev->layers) == 0)
        bounds[k] = tf_objective_value (o, tf_candidate_get_objective (config, candidate, o));
      else if (row->bound != NULL && (ev->layers & TF_LAYER_PATHS))
        {
          bounds[k] = tf_objective_value (o, row->bound (ev, config));
          exact = FALSE;
        }
      else
        return FALSE;
    }
  if (all_exact != NULL)
    *all_exact = exact;
  return TRUE;
}

guint
tf_objective_get_layers (TfObjective objective)
{
  g_return_val_if_fail ((guint) objective < TF_N_OBJECTIVES, 0);
  return objectives[objective].layers;
}

void
tf_candidate_get_objectives (const TfSearchConfig *config,
                             const TfCandidate    *candidate,
                             double               *values)
{
  for (guint k = 0; k < config->n_objectives; k++)
    {
      TfObjective o = config->objectives[k];

      values[k] = tf_objective_value (o, tf_candidate_get_objective (config, candidate, o));
    }
}

void
tf_search_config_get_box (const TfSearchConfig *config,
                          double               *ideal,
                          double               *reference)
{
  for (guint k = 0; k < config->n_objectives; k++)
    {
      TfObjective o = config->objectives[k];
      double lo, hi;

      objectives[o].box (config, &lo, &hi);
      if (!isnan (config->reference_point[o]))
        hi = config->reference_point[o];
      ideal[k] = tf_objective_value (o, lo);
      reference[k] = tf_objective_value (o, hi);
    }
}
