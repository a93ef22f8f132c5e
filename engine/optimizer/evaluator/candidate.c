/* SPDX-License-Identifier: GPL-3.0-or-later */
/* candidate.c: the TopologyCandidate and its YAML.
 *
 * A candidate is written in the topology format (docs/yaml-format.md) with the optimizer's
 * metadata (topology-optimizer-spec-v1.0.0, YAML 序列化): `source: optimizer`, `candidate_id`,
 * `origin` and its evaluated values beside the generator's metrics under `metadata.metrics`.
 * Every Topoforge reader loads it like any topology; tf_candidate_load_data gives the candidate
 * back, and writing that again gives the same bytes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator-private.h"
#include "search-config-private.h"

/* The layer each value under metadata.metrics (candidate-metadata-private.h) comes from. */
static const TfLayer value_layer[TF_N_VALUES] = {
  [TF_VALUE_ITER_TIME] = TF_LAYER_WORKFLOW,
  [TF_VALUE_COMPUTE_TIME] = TF_LAYER_ITERATION,
  [TF_VALUE_ALLREDUCE_TIME] = TF_LAYER_COLLECTIVES,
  [TF_VALUE_NETWORK_COST] = TF_LAYER_COST,
  [TF_VALUE_SWITCH_COST] = TF_LAYER_COST,
  [TF_VALUE_LINK_COST] = TF_LAYER_COST,
  [TF_VALUE_NIC_COST] = TF_LAYER_COST,
  [TF_VALUE_APL] = TF_LAYER_STRUCTURE,
  [TF_VALUE_APL_FAIL] = TF_LAYER_STRUCTURE,
  [TF_VALUE_DISCONNECTED] = TF_LAYER_STRUCTURE,
  [TF_VALUE_FAILURE_CASES] = TF_LAYER_STRUCTURE,
  [TF_VALUE_SWITCH_DIVERSITY] = TF_LAYER_STRUCTURE,
  [TF_VALUE_LONGEST_CABLE] = TF_LAYER_COST,
  [TF_VALUE_OPTICAL_LINKS] = TF_LAYER_COST,
  [TF_VALUE_MAX_SWITCH_PORTS] = TF_LAYER_COST,
  [TF_VALUE_FORESTCOLL_ALL_GATHER ... TF_VALUE_FORESTCOLL_ALL_REDUCE] = TF_LAYER_FORESTCOLL,
  [TF_VALUE_ITER_TIME_SIM ... TF_VALUE_ITER_TIME_SIM_RATIO] = TF_LAYER_WORKFLOW,
  [TF_VALUE_COMM_EXPOSED ... TF_N_VALUES - 1] = TF_LAYER_ITERATION,
};

TfCandidate *
tf_candidate_new (void)
{
  return g_new0 (TfCandidate, 1);
}

TfCandidate *
tf_candidate_copy (const TfCandidate *src)
{
  TfCandidate *c = tf_candidate_new ();

  c->id = src->id;
  c->topology.context = src->topology.context;
  c->topology.result = src->topology.result;
  c->topology.chip_transitive = src->topology.chip_transitive;
  c->topology.lattice = src->topology.lattice;
  tf_network_graph_copy (&src->topology.graph, &c->topology.graph);
  c->chip_transitive = src->chip_transitive;
  c->origin = src->origin;
  c->origin.seed_id = g_strdup (src->origin.seed_id);
  c->evaluation = src->evaluation;
  memcpy (c->objectives, src->objectives, sizeof c->objectives);
  c->rejected = g_strdup (src->rejected);
  return c;
}

void
tf_candidate_free (TfCandidate *candidate)
{
  if (candidate == NULL)
    return;
  if (candidate->hop_cache != NULL)
    {
      tf_hop_table_clear (candidate->hop_cache);
      g_free (candidate->hop_cache);
    }
  tf_topology_clear (&candidate->topology);
  g_free (candidate->origin.seed_id);
  g_free (candidate->rejected);
  g_free (candidate);
}

/* The largest AllReduce of the first workload, when Layer 2 computed it. */
static gboolean
allreduce_time (const TfCandidate *c,
                double            *out)
{
  guint k;

  if (!(c->evaluation.layers & TF_LAYER_COLLECTIVES))
    return FALSE;
  for (k = TF_SEARCH_MAX_MESSAGE_SIZES; k > 0; k--)
    if (c->evaluation.collective_us[0][TF_PRIMITIVE_ALL_REDUCE][k - 1] > 0)
      break;
  if (k == 0)
    return FALSE;
  *out = c->evaluation.collective_us[0][TF_PRIMITIVE_ALL_REDUCE][k - 1];
  return TRUE;
}

static gboolean
get_value (const TfCandidate *c,
           TfCandidateValue              v,
           double            *out)
{
  const TfEvaluation *ev = &c->evaluation;

  if (!(ev->layers & value_layer[v]))
    return FALSE;
  if ((v == TF_VALUE_ITER_TIME_SIM || v == TF_VALUE_ITER_TIME_SIM_RATIO || v >= TF_VALUE_COMM_SIM) && !ev->simulated)
    return FALSE;
  switch (v)
    {
    case TF_VALUE_ITER_TIME: *out = ev->workflow_time_us; return TRUE;
    case TF_VALUE_ITER_TIME_SIM: *out = ev->workflow_time_sim_us; return TRUE;
    case TF_VALUE_ITER_TIME_SIM_RATIO:
      if (!(ev->workflow_time_us > 0))
        return FALSE;
      *out = ev->workflow_time_sim_us / ev->workflow_time_us;
      return TRUE;
    case TF_VALUE_COMPUTE_TIME: *out = ev->iter_compute_us[0]; return TRUE;
    case TF_VALUE_ALLREDUCE_TIME: return allreduce_time (c, out);
    case TF_VALUE_NETWORK_COST: *out = ev->network_cost_usd; return TRUE;
    case TF_VALUE_SWITCH_COST: *out = ev->switch_cost_usd; return TRUE;
    case TF_VALUE_LINK_COST: *out = ev->link_cost_usd; return TRUE;
    case TF_VALUE_NIC_COST: *out = ev->nic_cost_usd; return TRUE;
    case TF_VALUE_APL: *out = ev->apl; return TRUE;
    case TF_VALUE_APL_FAIL: *out = ev->apl_fail; return TRUE;
    case TF_VALUE_DISCONNECTED: *out = ev->disconnected_fraction; return TRUE;
    case TF_VALUE_FAILURE_CASES: *out = ev->failure_cases; return TRUE;
    case TF_VALUE_SWITCH_DIVERSITY: *out = ev->switch_diversity; return TRUE;
    case TF_VALUE_LONGEST_CABLE: *out = ev->longest_cable_m; return TRUE;
    case TF_VALUE_OPTICAL_LINKS: *out = ev->optical_links; return TRUE;
    case TF_VALUE_MAX_SWITCH_PORTS: *out = ev->max_switch_ports; return TRUE;
    case TF_VALUE_FORESTCOLL_ALL_GATHER:
    case TF_VALUE_FORESTCOLL_REDUCE_SCATTER:
    case TF_VALUE_FORESTCOLL_ALL_REDUCE:
      *out = (v == TF_VALUE_FORESTCOLL_ALL_REDUCE ? 2 : 1) * ev->forestcoll_us;
      return ev->forestcoll_us > 0;
    case TF_N_VALUES:
      g_assert_not_reached ();
    default:
      break;
    }
  /* The breakdown: only the kinds the workload has. */
  {
    guint k = (v - TF_VALUE_COMM_EXPOSED) % TF_N_COMMS;
    const TfBottleneck *b = &ev->iter_bottleneck[0][k];

    if (ev->iter_comm_total_us[0][k] <= 0)
      return FALSE;
    if (v >= TF_VALUE_COMM_SIM)
      *out = ev->iter_comm_sim_us[0][k];
    else if (v < TF_VALUE_COMM_OVERLAPPED)
      *out = ev->iter_comm_us[0][k];
    else if (v < TF_VALUE_COMM_BOTTLENECK_GBPS)
      *out = ev->iter_comm_total_us[0][k] - ev->iter_comm_us[0][k];
    else if (v < TF_VALUE_COMM_BOTTLENECK_LOAD)
      *out = b->gbps;
    else if (v < TF_VALUE_COMM_BOTTLENECK)
      {
        if (b->kind != TF_BOTTLENECK_LINK)
          return FALSE;
        *out = b->load;
      }
    else if (b->kind == TF_BOTTLENECK_NONE)
      return FALSE;
    else
      *out = 0;   /* a text value: metadata_of writes tf_bottleneck_to_text () */
    return TRUE;
  }
}

gboolean
tf_candidate_values_finite (const TfCandidate *c)
{
  const TfEvaluation *ev = &c->evaluation;
  double x;

  for (guint v = 0; v < TF_N_VALUES; v++)
    if (get_value (c, v, &x) && !isfinite (x))
      return FALSE;
  for (guint w = 0; w < TF_SEARCH_MAX_WORKLOADS; w++)
    for (guint p = 0; p < TF_N_PRIMITIVES; p++)
      {
        const TfBottleneck *b = &ev->collective_bottleneck[w][p];

        if (!isfinite (b->load) || !isfinite (b->gbps))
          return FALSE;
        for (guint k = 0; k < TF_SEARCH_MAX_MESSAGE_SIZES; k++)
          if (!isfinite (ev->collective_us[w][p][k]))
            return FALSE;
      }
  return TRUE;
}

static void
set_value (TfCandidate *c,
           TfCandidateValue        v,
           double       x)
{
  TfEvaluation *ev = &c->evaluation;

  ev->layers |= value_layer[v];
  switch (v)
    {
    case TF_VALUE_ITER_TIME: ev->workflow_time_us = ev->iter_time_us[0] = x;
      ev->layers |= TF_LAYER_ITERATION; break;
    case TF_VALUE_ITER_TIME_SIM: ev->workflow_time_sim_us = ev->iter_time_sim_us[0] = x;
      ev->simulated = TRUE; break;
    case TF_VALUE_ITER_TIME_SIM_RATIO: break;   /* derived */
    case TF_VALUE_COMPUTE_TIME: ev->iter_compute_us[0] = x; break;
    case TF_VALUE_ALLREDUCE_TIME: ev->collective_us[0][TF_PRIMITIVE_ALL_REDUCE][0] = x; break;
    case TF_VALUE_NETWORK_COST: ev->network_cost_usd = x; break;
    case TF_VALUE_SWITCH_COST: ev->switch_cost_usd = x; break;
    case TF_VALUE_LINK_COST: ev->link_cost_usd = x; break;
    case TF_VALUE_NIC_COST: ev->nic_cost_usd = x; break;
    case TF_VALUE_APL: ev->apl = x; break;
    case TF_VALUE_APL_FAIL: ev->apl_fail = x; break;
    case TF_VALUE_DISCONNECTED: ev->disconnected_fraction = x; break;
    case TF_VALUE_FAILURE_CASES: ev->failure_cases = (guint) x; break;
    case TF_VALUE_SWITCH_DIVERSITY: ev->switch_diversity = (guint) x; break;
    case TF_VALUE_LONGEST_CABLE: ev->longest_cable_m = x; break;
    case TF_VALUE_OPTICAL_LINKS: ev->optical_links = (guint) x; break;
    case TF_VALUE_MAX_SWITCH_PORTS: ev->max_switch_ports = (guint) x; break;
    case TF_VALUE_FORESTCOLL_ALL_GATHER: ev->forestcoll_us = x; break;
    case TF_VALUE_FORESTCOLL_REDUCE_SCATTER:
    case TF_VALUE_FORESTCOLL_ALL_REDUCE: break;   /* derived */
    case TF_N_VALUES:
      g_assert_not_reached ();
    default:
      {
        guint k = (v - TF_VALUE_COMM_EXPOSED) % TF_N_COMMS;
        TfBottleneck *b = &ev->iter_bottleneck[0][k];

        if (v >= TF_VALUE_COMM_SIM)
          ev->iter_comm_sim_us[0][k] = x;
        else if (v < TF_VALUE_COMM_OVERLAPPED)
          {
            ev->iter_comm_us[0][k] = x;
            ev->iter_comm_total_us[0][k] += x;
          }
        else if (v < TF_VALUE_COMM_BOTTLENECK_GBPS)
          ev->iter_comm_total_us[0][k] += x;
        else if (v < TF_VALUE_COMM_BOTTLENECK_LOAD)
          b->gbps = x;
        else if (v < TF_VALUE_COMM_BOTTLENECK)
          {
            b->kind = TF_BOTTLENECK_LINK;
            b->load = x;
          }
      }
      break;
    }
}

static char *
format_id (guint id)
{
  return g_strdup_printf ("cand_%06u", id);
}

static gboolean
parse_id (const char *text,
          guint      *id)
{
  guint64 v;

  if (text == NULL || !g_str_has_prefix (text, "cand_")
      || !g_ascii_string_to_unsigned (text + 5, 10, 0, G_MAXUINT, &v, NULL))
    return FALSE;
  *id = (guint) v;
  return TRUE;
}

/* Layer 2 of workload 0 at each of its message sizes, into @m's collectives, with ForestColl's
 * bound where it was computed: the largest size's, scaled (it is linear in the bytes), twice an
 * AllGather's for an AllReduce, none for an AllToAll. */
static void
collectives_of (const TfCandidate    *c,
                const TfSearchConfig *config,
                TfCandidateMetadata  *m)
{
  const TfWorkload *wl = config != NULL && config->n_workloads > 0 ? &config->workloads[0] : NULL;
  const TfEvaluation *ev = &c->evaluation;

  for (guint p = 0; wl != NULL && (ev->layers & TF_LAYER_COLLECTIVES) && p < TF_N_PRIMITIVES; p++)
    for (guint k = 0; (wl->primitives & (1u << p)) && k < wl->n_message_sizes
                      && m->n_collectives < TF_CANDIDATE_MAX_COLLECTIVES; k++)
      {
        double share = (double) wl->message_sizes[k] / wl->message_sizes[wl->n_message_sizes - 1];
        gboolean bound = ev->forestcoll_us > 0 && p != TF_PRIMITIVE_ALL_TO_ALL;

        m->collectives[m->n_collectives++] = (TfCollectiveRecord) {
          g_strdup (tf_primitive_to_string (p)), wl->message_sizes[k], ev->collective_us[0][p][k],
          bound ? (p == TF_PRIMITIVE_ALL_REDUCE ? 2 : 1) * ev->forestcoll_us * share : NAN,
        };
      }
}

static TfCandidateMetadata *
metadata_of (const TfCandidate    *c,
             const TfSearchConfig *config)
{
  TfCandidateMetadata *m = g_new0 (TfCandidateMetadata, 1);
  const TfOrigin *o = &c->origin;

  m->candidate_id = format_id (c->id);
  m->method = g_strdup (tf_origin_method_to_string (o->method));
  if (o->seed_id != NULL)
    {
      const char *colon = strchr (o->seed_id, ':');

      m->seed_family = g_strndup (o->seed_id, colon ? (gsize) (colon - o->seed_id)
                                                    : strlen (o->seed_id));
      m->seed_id = g_strdup (o->seed_id);
    }
  if (o->template_params[0] != '\0')
    m->template_params = g_strdup (o->template_params);
  if (o->n_parents > 0)
    {
      m->parent_ids = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < o->n_parents; i++)
        g_ptr_array_add (m->parent_ids, format_id (o->parents[i]));
    }
  if (o->n_mutations_total > 0)
    {
      m->mutations = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < o->n_mutations; i++)
        g_ptr_array_add (m->mutations, g_strdup (tf_mutation_to_string (o->mutations[i])));
      m->has_mutations_total = TRUE;
      m->mutations_total = o->n_mutations_total;
    }
  for (guint v = 0; v < TF_N_VALUES; v++)
    if (get_value (c, v, &m->values[m->n_values]))
      {
        if (v >= TF_VALUE_COMM_BOTTLENECK && v < TF_VALUE_COMM_SIM)
          m->texts[m->n_values] = tf_bottleneck_to_text (
            &c->evaluation.iter_bottleneck[0][v - TF_VALUE_COMM_BOTTLENECK]);
        m->value_keys[m->n_values++] = (guint8) v;
      }
  collectives_of (c, config, m);
  return m;
}

gboolean
tf_candidate_write_yaml (const TfCandidate    *candidate,
                         const TfSearchConfig *config,
                         GString              *out,
                         GError              **error)
{
  TfTopology view;
  TfCandidateMetadata *metadata;
  gboolean ok;

  g_return_val_if_fail (candidate != NULL && out != NULL, FALSE);
  view = candidate->topology;
  view.source = (char *) "optimizer";
  view.candidate = metadata = metadata_of (candidate, config);
  ok = tf_topology_write_yaml (&view, out, error);
  tf_candidate_metadata_free (metadata);
  return ok;
}

static gboolean
candidate_from_metadata (TfCandidate *c,
                         const char  *name,
                         GError     **error)
{
  const TfCandidateMetadata *m = c->topology.candidate;
  TfOriginMethod method;

#define BAD(...) (g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, __VA_ARGS__), FALSE)
  if (m == NULL || m->candidate_id == NULL)
    return BAD ("%s: field 'metadata.candidate_id': a candidate needs its id", name);
  if (!parse_id (m->candidate_id, &c->id))
    return BAD ("%s: field 'metadata.candidate_id': '%s' is not cand_ and a number", name,
                m->candidate_id);
  if (m->method == NULL || !tf_origin_method_from_string (m->method, &method))
    return BAD ("%s: field 'metadata.origin': a candidate needs its origin", name);
  c->origin.method = method;
  c->origin.seed_id = g_strdup (m->seed_id);
  if (m->template_params != NULL
      && g_strlcpy (c->origin.template_params, m->template_params,
                    sizeof c->origin.template_params) >= sizeof c->origin.template_params)
    return BAD ("%s: field 'metadata.origin.template_params': longer than %u characters", name,
                TF_ORIGIN_MAX_TEMPLATE_PARAMS - 1);
  for (guint i = 0; m->parent_ids && i < m->parent_ids->len; i++)
    {
      if (i == TF_ORIGIN_MAX_PARENTS
          || !parse_id (g_ptr_array_index (m->parent_ids, i), &c->origin.parents[i]))
        return BAD ("%s: field 'metadata.origin.parent_ids[%u]': not a candidate id, or too "
                    "many parents", name, i);
      c->origin.n_parents = i + 1;
    }
  for (guint i = 0; m->mutations && i < m->mutations->len; i++)
    {
      TfMutation op;

      if (i == TF_ORIGIN_MAX_MUTATIONS
          || !tf_mutation_from_string (g_ptr_array_index (m->mutations, i), &op))
        return BAD ("%s: field 'metadata.origin.mutations_applied[%u]': not a mutation "
                    "operator, or more than %u", name, i, TF_ORIGIN_MAX_MUTATIONS);
      c->origin.mutations[i] = (guint8) op;
      c->origin.n_mutations = i + 1;
    }
  c->origin.n_mutations_total = (guint) m->mutations_total;
  for (guint i = 0; i < m->n_values; i++)
    if (m->texts[i] != NULL)
      {
        if (!tf_bottleneck_from_text (m->texts[i],
                                      &c->evaluation.iter_bottleneck[0][m->value_keys[i]
                                                                        - TF_VALUE_COMM_BOTTLENECK]))
          return BAD ("%s: field 'metadata.metrics.%s': '%s' is not a link type@reach, "
                      "injection or bisection", name,
                      tf_candidate_value_names ()[m->value_keys[i]], m->texts[i]);
      }
    else
      set_value (c, m->value_keys[i], m->values[i]);
  /* Layer 2 at each message size, in the file's order: metadata_of's, the sizes ascending. */
  for (guint i = 0, p, seen[TF_N_PRIMITIVES] = { 0 }; i < m->n_collectives; i++)
    {
      if (!tf_names_find (tf_primitive_names, m->collectives[i].primitive, &p))
        return BAD ("%s: field 'metadata.metrics.collectives[%u].primitive': '%s' is not a "
                    "primitive", name, i, m->collectives[i].primitive);
      if (seen[p] < TF_SEARCH_MAX_MESSAGE_SIZES)
        c->evaluation.collective_us[0][p][seen[p]++] = m->collectives[i].time_us;
      c->evaluation.layers |= TF_LAYER_COLLECTIVES;
    }
#undef BAD
  return TRUE;
}

/* Whether two graphs hold the same nodes and the same links, in the same order. */
static gboolean
same_graph (const TfNetworkGraph *x,
            const TfNetworkGraph *y)
{
  if (x->n_chip != y->n_chip || x->n_switch != y->n_switch || x->n_links != y->n_links)
    return FALSE;
  for (guint i = 0; i < x->n_links; i++)
    {
      const TfLink *a = &x->links[i], *b = &y->links[i];

      if (a->a != b->a || a->b != b->b || a->multiplicity != b->multiplicity
          || a->type != b->type || a->reach != b->reach)
        return FALSE;
    }
  return TRUE;
}

/* What a family declares of its own graph (vertex-transitive on chips, its lattice of chips),
 * which a file does not hold: for an unedited family seed, made again from its id and kept
 * only when that graph is the file's link for link, so an edited file claims nothing. Without
 * it Layer 1 searches a loaded 16,384-chip torus from every chip (seconds), not from one. */
static void
restore_family_claims (TfCandidate *c)
{
  g_auto(TfTopology) t = { 0 };

  if ((c->origin.method != TF_ORIGIN_FAMILY_ENUM && c->origin.method != TF_ORIGIN_FAMILY_SAMPLE
       && c->origin.method != TF_ORIGIN_MANUAL_SEED)
      || c->origin.seed_id == NULL || c->origin.n_mutations_total > 0
      || !tf_generate (&c->topology.context, c->origin.seed_id, NULL, NULL, &t, NULL)
      || !same_graph (&t.graph, &c->topology.graph))
    return;
  c->chip_transitive = c->topology.chip_transitive = t.chip_transitive;
  c->topology.lattice = t.lattice;
}

gboolean
tf_candidate_load_data (const char   *name,
                        const char   *data,
                        gsize         length,
                        TfCandidate  *out,
                        GError      **error)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (!tf_topology_load_data (name, data, length, NULL, &out->topology, error))
    return FALSE;
  if (!candidate_from_metadata (out, name, error))
    {
      tf_topology_clear (&out->topology);
      return FALSE;
    }
  /* The file's metadata lives on in the candidate's own fields. */
  g_clear_pointer (&out->topology.candidate, tf_candidate_metadata_free);
  g_clear_pointer (&out->topology.source, g_free);
  restore_family_claims (out);
  return TRUE;
}

gboolean
tf_candidate_load_file (const char   *path,
                        TfCandidate  *out,
                        GError      **error)
{
  g_return_val_if_fail (path != NULL && out != NULL, FALSE);

  if (!tf_topology_load_file (path, NULL, &out->topology, error))
    return FALSE;
  if (out->topology.candidate != NULL)
    {
      if (!candidate_from_metadata (out, path, error))
        {
          tf_topology_clear (&out->topology);
          return FALSE;
        }
    }
  else
    {
      /* A design of the user's: no candidate id, a generated file's id as its seed. */
      out->id = 0;
      out->origin.method = TF_ORIGIN_MANUAL_SEED;
      if (out->topology.result.family != NULL)
        out->origin.seed_id = tf_result_dup_id (&out->topology.result);
    }
  g_clear_pointer (&out->topology.candidate, tf_candidate_metadata_free);
  g_clear_pointer (&out->topology.source, g_free);
  restore_family_claims (out);
  return TRUE;
}
