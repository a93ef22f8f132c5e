/* SPDX-License-Identifier: GPL-3.0-or-later */
/* yaml-writer.c: enumeration results and topologies as YAML (docs/yaml-format.md), through
 * libyaml's emitter so quoting and escaping are always right. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "family-private.h"
#include "yaml-emitter-private.h"
#include "yaml-reader-private.h"

/* Pieces shared by both documents */

/* A kept value as it was read: same structure, same scalar styles. */
static void
write_node (TfYamlEmitter    *w,
            const TfYamlNode *node)
{
  yaml_event_t event;

  switch (node->type)
    {
    case YAML_SCALAR_NODE:
      {
        gboolean plain = node->style == YAML_PLAIN_SCALAR_STYLE;
        /* An empty plain scalar is a null that flow context cannot write plainly. */
        const char *value = plain && node->length == 0 ? "~" : node->value;
        gsize length = plain && node->length == 0 ? 1 : node->length;

        yaml_scalar_event_initialize (&event, NULL, NULL, (yaml_char_t *) value, (int) length,
                                      plain, TRUE, node->style);
        tf_yaml_emitter_emit (w, &event);
      }
      break;
    case YAML_SEQUENCE_NODE:
      tf_yaml_emitter_sequence_start (w, node->flow);
      for (guint i = 0; i < node->children->len; i++)
        write_node (w, g_ptr_array_index (node->children, i));
      tf_yaml_emitter_sequence_end (w);
      break;
    case YAML_MAPPING_NODE:
      tf_yaml_emitter_mapping_start (w, node->flow);
      for (guint i = 0; i < node->children->len; i++)
        write_node (w, g_ptr_array_index (node->children, i));
      tf_yaml_emitter_mapping_end (w);
      break;
    case YAML_NO_NODE:
    default:
      g_assert_not_reached ();
    }
}

/* Metadata keys Topoforge does not read, kept as they were (TfTopology.extensions), go back
 * after the known keys of the mapping that held them, in the order read. */
static void
write_kept (TfYamlEmitter   *w,
            const GPtrArray *kept,
            const char      *parent)
{
  for (guint i = 0; kept != NULL && i < kept->len; i++)
    {
      const TfYamlExtension *x = g_ptr_array_index (kept, i);

      if (strcmp (x->parent, parent) == 0)
        {
          tf_yaml_emitter_string (w, x->key);
          write_node (w, x->value);
        }
    }
}

/* Whether a key was kept in @path or below it: a mapping the writer would leave out (no
 * metrics, no per-reach override) is then written to hold it. */
static gboolean
has_kept (const GPtrArray *kept,
          const char      *path)
{
  gsize n = strlen (path);

  for (guint i = 0; kept != NULL && i < kept->len; i++)
    {
      const TfYamlExtension *x = g_ptr_array_index (kept, i);

      if (strncmp (x->parent, path, n) == 0 && (x->parent[n] == '\0' || x->parent[n] == '.'))
        return TRUE;
    }
  return FALSE;
}

/* The per-reach overrides of one link type, only those set. */
static void
write_by_reach (TfYamlEmitter   *w,
                const TfContext *ctx,
                TfLinkType       type,
                const GPtrArray *kept)
{
  g_autofree char *path = g_strdup_printf ("metadata.context.defaults.%s.by_reach",
                                           tf_link_type_to_string (type));
  gboolean any = FALSE;

  for (guint r = 0; r < TF_N_REACHES; r++)
    {
      const TfLinkDefaults *o = &ctx->by_reach[type][r];
      g_autofree char *reach_path = NULL;

      if (isnan (o->bandwidth_gbps) && isnan (o->latency_ns))
        continue;
      if (!any)
        {
          tf_yaml_emitter_string (w, "by_reach");
          tf_yaml_emitter_mapping_start (w, TRUE);
          any = TRUE;
        }
      tf_yaml_emitter_string (w, tf_reach_to_string (r));
      tf_yaml_emitter_mapping_start (w, TRUE);
      if (!isnan (o->bandwidth_gbps))
        tf_yaml_emitter_key_real (w, "bandwidth_gbps", o->bandwidth_gbps);
      if (!isnan (o->latency_ns))
        tf_yaml_emitter_key_real (w, "latency_ns", o->latency_ns);
      reach_path = g_strdup_printf ("%s.%s", path, tf_reach_to_string (r));
      write_kept (w, kept, reach_path);
      tf_yaml_emitter_mapping_end (w);
    }
  if (!any && has_kept (kept, path))
    {
      tf_yaml_emitter_string (w, "by_reach");
      tf_yaml_emitter_mapping_start (w, TRUE);
      any = TRUE;
    }
  if (any)
    {
      write_kept (w, kept, path);
      tf_yaml_emitter_mapping_end (w);
    }
}

/* Only the thresholds set away from the spec's numbers, as the other optional fields: files
 * with the defaults stay as they were. */
static void
write_warning_thresholds (TfYamlEmitter   *w,
                          const TfContext *ctx)
{
  gboolean any = FALSE;

  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    {
      const TfWarningThresholdInfo *t = tf_warning_threshold_get (i);

      if (ctx->warning_thresholds[i] == t->default_value)
        continue;
      if (!any)
        {
          tf_yaml_emitter_string (w, "warning_thresholds");
          tf_yaml_emitter_mapping_start (w, FALSE);
          any = TRUE;
        }
      tf_yaml_emitter_key_uint (w, t->name, ctx->warning_thresholds[i]);
    }
  if (any)
    tf_yaml_emitter_mapping_end (w);
}

/* @kept: the keys a loaded topology kept, or NULL. */
static void
write_context (TfYamlEmitter   *w,
               const TfContext *ctx,
               const GPtrArray *kept)
{
  tf_yaml_emitter_mapping_start (w, FALSE);
  tf_yaml_emitter_key_uint (w, "n_chip", ctx->n_chip);
  tf_yaml_emitter_key_string (w, "scope", tf_scope_to_string (ctx->scope));
  tf_yaml_emitter_key_uint (w, "chips_per_board_max", ctx->chips_per_board_max);
  tf_yaml_emitter_key_uint (w, "boards_per_rack_max", ctx->boards_per_rack_max);
  tf_yaml_emitter_key_uint (w, "racks_per_pod_max", ctx->racks_per_pod_max);
  tf_yaml_emitter_key_uint (w, "chip_radix", ctx->chip_radix);
  tf_yaml_emitter_key_string (w, "intra_board_topo",
                              tf_intra_board_topo_to_string (ctx->intra_board_topo));
  tf_yaml_emitter_string (w, "defaults");
  tf_yaml_emitter_mapping_start (w, FALSE);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      g_autofree char *path = g_strdup_printf ("metadata.context.defaults.%s",
                                               tf_link_type_to_string (t));

      tf_yaml_emitter_string (w, tf_link_type_to_string (t));
      tf_yaml_emitter_mapping_start (w, TRUE);
      if (!isnan (ctx->defaults[t].bandwidth_gbps))
        tf_yaml_emitter_key_real (w, "bandwidth_gbps", ctx->defaults[t].bandwidth_gbps);
      tf_yaml_emitter_key_real (w, "latency_ns", ctx->defaults[t].latency_ns);
      write_by_reach (w, ctx, t, kept);
      write_kept (w, kept, path);
      tf_yaml_emitter_mapping_end (w);
    }
  tf_yaml_emitter_string (w, "switch");
  tf_yaml_emitter_mapping_start (w, TRUE);
  tf_yaml_emitter_key_uint (w, "radix", ctx->switch_defaults.radix);
  tf_yaml_emitter_key_real (w, "latency_ns", ctx->switch_defaults.latency_ns);
  if (ctx->switch_defaults.port_gbps > 0)
    tf_yaml_emitter_key_real (w, "port_gbps", ctx->switch_defaults.port_gbps);
  tf_yaml_emitter_key_real (w, "power_w_per_port", ctx->switch_defaults.power_w_per_port);
  write_kept (w, kept, "metadata.context.defaults.switch");
  tf_yaml_emitter_mapping_end (w);
  /* The chip's budgets, from which every link's bandwidth follows (docs/spec-notes.md). */
  tf_yaml_emitter_string (w, "chip");
  tf_yaml_emitter_mapping_start (w, TRUE);
  tf_yaml_emitter_key_real (w, "scale_up_gbps", ctx->chip.scale_up_gbps);
  tf_yaml_emitter_key_uint (w, "scale_up_ports", ctx->chip.scale_up_ports);
  tf_yaml_emitter_key_real (w, "nic_gbps", ctx->chip.nic_gbps);
  tf_yaml_emitter_key_real (w, "power_w", ctx->chip.power_w);
  tf_yaml_emitter_key_real (w, "host_w", ctx->chip.host_w);
  write_kept (w, kept, "metadata.context.defaults.chip");
  tf_yaml_emitter_mapping_end (w);
  tf_yaml_emitter_string (w, "rack");
  tf_yaml_emitter_mapping_start (w, TRUE);
  tf_yaml_emitter_key_real (w, "power_kw", ctx->rack.power_kw);
  write_kept (w, kept, "metadata.context.defaults.rack");
  tf_yaml_emitter_mapping_end (w);
  /* Only a board of scale-up switches reads these; other files stay as they were. */
  if (ctx->intra_board_topo == TF_INTRA_BOARD_SWITCH)
    {
      tf_yaml_emitter_string (w, "scale_up");
      tf_yaml_emitter_mapping_start (w, TRUE);
      tf_yaml_emitter_key_uint (w, "links_per_chip", ctx->scale_up.links_per_chip);
      tf_yaml_emitter_key_uint (w, "switch_radix", ctx->scale_up.switch_radix);
      write_kept (w, kept, "metadata.context.defaults.scale_up");
      tf_yaml_emitter_mapping_end (w);
    }
  write_kept (w, kept, "metadata.context.defaults");
  tf_yaml_emitter_mapping_end (w);
  write_warning_thresholds (w, ctx);
  write_kept (w, kept, "metadata.context");
  tf_yaml_emitter_mapping_end (w);
}

static void
write_warnings (TfYamlEmitter  *w,
                const TfResult *result)
{
  tf_yaml_emitter_sequence_start (w, TRUE);
  for (guint i = 0; i < result->n_warnings; i++)
    tf_yaml_emitter_string (w, result->warnings[i]->name);
  tf_yaml_emitter_sequence_end (w);
}

static void
write_attrs (TfYamlEmitter  *w,
             const TfResult *result)
{
  TfAttrs attrs;

  tf_result_get_attrs (result, &attrs);
  tf_yaml_emitter_mapping_start (w, TRUE);
  for (guint i = 0; i < attrs.n_attrs; i++)
    {
      const TfAttr *a = &attrs.attrs[i];

      tf_yaml_emitter_string (w, a->key);
      if (a->is_list)
        {
          tf_yaml_emitter_sequence_start (w, TRUE);
          for (guint j = 0; j < a->n_values; j++)
            tf_yaml_emitter_int64 (w, a->values[j]);
          tf_yaml_emitter_sequence_end (w);
        }
      else
        tf_yaml_emitter_int64 (w, a->values[0]);
    }
  tf_yaml_emitter_mapping_end (w);
}

/* @candidate: the optimizer's values, or NULL; @kept: the keys a loaded topology kept, or
 * NULL. */
static void
write_metrics (TfYamlEmitter             *w,
               const TfMetrics           *m,
               const TfCandidateMetadata *candidate,
               const GPtrArray           *kept)
{
  tf_yaml_emitter_mapping_start (w, FALSE);
  if (m->counts_method == TF_METHOD_NONE)
    goto candidate_values;
  tf_yaml_emitter_key_uint (w, "diameter", m->diameter);
  if (m->average_path_length_method != TF_METHOD_NONE)
    tf_yaml_emitter_key_real (w, "average_path_length", m->average_path_length);
  tf_yaml_emitter_key_uint (w, "bisection_links", m->bisection_links);
  tf_yaml_emitter_key_real (w, "bisection_bandwidth", m->bisection_bandwidth);
  tf_yaml_emitter_key_uint (w, "link_count", m->link_count);
  tf_yaml_emitter_string (w, "link_count_by_type");
  tf_yaml_emitter_mapping_start (w, TRUE);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    tf_yaml_emitter_key_uint (w, tf_link_type_to_string (t), m->link_count_by_type[t]);
  write_kept (w, kept, "metadata.metrics.link_count_by_type");
  tf_yaml_emitter_mapping_end (w);
  tf_yaml_emitter_string (w, "link_count_by_reach");
  tf_yaml_emitter_mapping_start (w, TRUE);
  for (guint r = 0; r < TF_N_REACHES; r++)
    tf_yaml_emitter_key_uint (w, tf_reach_to_string (r), m->link_count_by_reach[r]);
  write_kept (w, kept, "metadata.metrics.link_count_by_reach");
  tf_yaml_emitter_mapping_end (w);
  tf_yaml_emitter_key_uint (w, "switch_count", m->switch_count);
  tf_yaml_emitter_key_uint (w, "switch_radix", m->switch_radix);
  tf_yaml_emitter_string (w, "links_per_chip");
  if (m->links_per_chip_min == m->links_per_chip_max
      && !has_kept (kept, "metadata.metrics.links_per_chip"))
    tf_yaml_emitter_uint64 (w, m->links_per_chip_max);
  else
    {
      tf_yaml_emitter_mapping_start (w, TRUE);
      tf_yaml_emitter_key_uint (w, "min", m->links_per_chip_min);
      tf_yaml_emitter_key_uint (w, "max", m->links_per_chip_max);
      write_kept (w, kept, "metadata.metrics.links_per_chip");
      tf_yaml_emitter_mapping_end (w);
    }
  tf_yaml_emitter_key_uint (w, "path_diversity", m->path_diversity);
  tf_yaml_emitter_key_real (w, "bisection_bandwidth_per_chip", m->bisection_bandwidth_per_chip);
  if (m->layout_method != TF_METHOD_NONE)
    {
      tf_yaml_emitter_key_real (w, "network_cost", m->network_cost);
      tf_yaml_emitter_string (w, "network_cost_by_part");
      tf_yaml_emitter_mapping_start (w, TRUE);
      tf_yaml_emitter_key_real (w, "switches", m->switch_cost);
      tf_yaml_emitter_key_real (w, "links", m->link_cost);
      tf_yaml_emitter_key_real (w, "nics", m->nic_cost);
      write_kept (w, kept, "metadata.metrics.network_cost_by_part");
      tf_yaml_emitter_mapping_end (w);
      tf_yaml_emitter_string (w, "cables_by_class");
      tf_yaml_emitter_mapping_start (w, TRUE);
      for (guint c = 0; c < TF_N_CABLES; c++)
        tf_yaml_emitter_key_uint (w, tf_cable_to_string (c), m->cables_by_class[c]);
      write_kept (w, kept, "metadata.metrics.cables_by_class");
      tf_yaml_emitter_mapping_end (w);
      tf_yaml_emitter_key_real (w, "injection_bandwidth_per_chip", m->injection_bandwidth);
      tf_yaml_emitter_key_uint (w, "rack_count", m->rack_count);
      tf_yaml_emitter_key_uint (w, "pod_count", m->pod_count);
      tf_yaml_emitter_key_real (w, "rack_power_kw", m->rack_power_kw);
    }
  tf_yaml_emitter_string (w, "methods");
  tf_yaml_emitter_mapping_start (w, TRUE);
  tf_yaml_emitter_key_string (w, "diameter", tf_method_to_string (m->diameter_method));
  if (m->average_path_length_method != TF_METHOD_NONE)
    tf_yaml_emitter_key_string (w, "average_path_length",
                                tf_method_to_string (m->average_path_length_method));
  tf_yaml_emitter_key_string (w, "bisection_links",
                              tf_method_to_string (m->bisection_links_method));
  tf_yaml_emitter_key_string (w, "bisection_bandwidth",
                              tf_method_to_string (m->bisection_bandwidth_method));
  tf_yaml_emitter_key_string (w, "link_count", tf_method_to_string (m->counts_method));
  tf_yaml_emitter_key_string (w, "switch_count", tf_method_to_string (m->counts_method));
  tf_yaml_emitter_key_string (w, "switch_radix", tf_method_to_string (m->counts_method));
  tf_yaml_emitter_key_string (w, "links_per_chip", tf_method_to_string (m->counts_method));
  tf_yaml_emitter_key_string (w, "path_diversity", tf_method_to_string (m->path_diversity_method));
  tf_yaml_emitter_key_string (w, "bisection_bandwidth_per_chip",
                              tf_method_to_string (m->bisection_bandwidth_method));
  if (m->layout_method != TF_METHOD_NONE)
    {
      tf_yaml_emitter_key_string (w, "network_cost", tf_method_to_string (m->cost_method));
      tf_yaml_emitter_key_string (w, "cables_by_class", tf_method_to_string (m->layout_method));
      tf_yaml_emitter_key_string (w, "injection_bandwidth_per_chip",
                                  tf_method_to_string (m->layout_method));
      tf_yaml_emitter_key_string (w, "rack_count", tf_method_to_string (m->layout_method));
      tf_yaml_emitter_key_string (w, "pod_count", tf_method_to_string (m->layout_method));
      tf_yaml_emitter_key_string (w, "rack_power_kw", tf_method_to_string (m->layout_method));
    }
  write_kept (w, kept, "metadata.metrics.methods");
  tf_yaml_emitter_mapping_end (w);
candidate_values:
  for (guint i = 0; candidate != NULL && i < candidate->n_values; i++)
    if (candidate->texts[i] != NULL)
      tf_yaml_emitter_key_string (w, tf_candidate_value_names ()[candidate->value_keys[i]],
                                  candidate->texts[i]);
    else
      tf_yaml_emitter_key_real (w, tf_candidate_value_names ()[candidate->value_keys[i]],
                                candidate->values[i]);
  if (candidate != NULL && candidate->n_collectives > 0)
    {
      tf_yaml_emitter_string (w, "collectives");
      tf_yaml_emitter_sequence_start (w, FALSE);
      for (guint i = 0; i < candidate->n_collectives; i++)
        {
          const TfCollectiveRecord *c = &candidate->collectives[i];

          tf_yaml_emitter_mapping_start (w, TRUE);
          tf_yaml_emitter_key_string (w, "primitive", c->primitive);
          tf_yaml_emitter_key_uint (w, "bytes", c->bytes);
          tf_yaml_emitter_key_real (w, "time_us", c->time_us);
          if (!isnan (c->bound_us))
            tf_yaml_emitter_key_real (w, "bound_us", c->bound_us);
          tf_yaml_emitter_mapping_end (w);
        }
      tf_yaml_emitter_sequence_end (w);
    }
  write_kept (w, kept, "metadata.metrics");
  tf_yaml_emitter_mapping_end (w);
}

static void
write_result (TfYamlEmitter  *w,
              const TfResult *result)
{
  g_autofree char *id = tf_result_dup_id (result);

  tf_yaml_emitter_mapping_start (w, FALSE);
  tf_yaml_emitter_key_string (w, "id", id);
  tf_yaml_emitter_key_string (w, "status", tf_status_to_string (tf_result_get_status (result)));
  tf_yaml_emitter_string (w, "warnings");
  write_warnings (w, result);
  tf_yaml_emitter_key_uint (w, "n_endpoint", result->n_endpoint);
  tf_yaml_emitter_key_uint (w, "derived_chips_per_board", result->chips_per_board);
  tf_yaml_emitter_string (w, "family_attrs");
  write_attrs (w, result);
  tf_yaml_emitter_string (w, "metrics");
  write_metrics (w, &result->metrics, NULL, NULL);
  tf_yaml_emitter_mapping_end (w);
}

/* The query, when there is one, as docs/yaml-format.md shows it. */
static void
write_query (TfYamlEmitter *w,
             const TfQuery *q)
{
  tf_yaml_emitter_mapping_start (w, FALSE);
  if (q->statuses != 0)
    {
      tf_yaml_emitter_string (w, "status");
      tf_yaml_emitter_sequence_start (w, TRUE);
      for (TfStatus s = TF_STATUS_RECOMMENDED; s <= TF_STATUS_EDGE_CASE; s++)
        if (q->statuses & (1u << s))
          tf_yaml_emitter_string (w, tf_status_to_string (s));
      tf_yaml_emitter_sequence_end (w);
    }
  if (q->chips_per_board != NULL && q->chips_per_board->len > 0)
    {
      tf_yaml_emitter_string (w, "chips_per_board");
      tf_yaml_emitter_sequence_start (w, TRUE);
      for (guint i = 0; i < q->chips_per_board->len; i++)
        {
          const TfQueryRange *range = &g_array_index (q->chips_per_board, TfQueryRange, i);

          tf_yaml_emitter_mapping_start (w, TRUE);
          tf_yaml_emitter_key_uint (w, "min", range->min);
          tf_yaml_emitter_key_uint (w, "max", range->max);
          tf_yaml_emitter_mapping_end (w);
        }
      tf_yaml_emitter_sequence_end (w);
    }
  if (q->conditions != NULL && q->conditions->len > 0)
    {
      tf_yaml_emitter_string (w, "where");
      tf_yaml_emitter_sequence_start (w, TRUE);
      for (guint i = 0; i < q->conditions->len; i++)
        {
          const TfCondition *c = &g_array_index (q->conditions, TfCondition, i);

          tf_yaml_emitter_mapping_start (w, TRUE);
          tf_yaml_emitter_key_string (w, "column", c->column->name);
          tf_yaml_emitter_key_string (w, "compare", tf_compare_to_string (c->compare));
          if (c->other != NULL)
            tf_yaml_emitter_key_string (w, "value_column", c->other->name);
          else if (c->column->kind == TF_COLUMN_REAL)
            tf_yaml_emitter_key_real (w, "value", c->value);
          else
            tf_yaml_emitter_key_uint (w, "value", (guint64) c->value);
          tf_yaml_emitter_mapping_end (w);
        }
      tf_yaml_emitter_sequence_end (w);
    }
  if (q->match != NULL)
    tf_yaml_emitter_key_string (w, "match", q->match);
  if (q->sort != NULL)
    {
      tf_yaml_emitter_string (w, "sort");
      tf_yaml_emitter_mapping_start (w, TRUE);
      tf_yaml_emitter_key_string (w, "column", q->sort->name);
      tf_yaml_emitter_key_string (w, "order", q->descending ? "descending" : "ascending");
      tf_yaml_emitter_mapping_end (w);
    }
  tf_yaml_emitter_mapping_end (w);
}

gboolean
tf_enumeration_write_yaml (const TfEnumeration  *enumeration,
                           GString              *out,
                           GError              **error)
{
  TfYamlEmitter w;
  gboolean filters;

  g_return_val_if_fail (enumeration != NULL && out != NULL, FALSE);

  filters = tf_query_filters (&enumeration->query);
  tf_yaml_emitter_begin (&w, out);
  tf_yaml_emitter_mapping_start (&w, FALSE);
  tf_yaml_emitter_string (&w, "context");
  write_context (&w, &enumeration->context, NULL);
  tf_yaml_emitter_key_uint (&w, "limit", enumeration->limit);
  if (filters || enumeration->query.sort != NULL)
    {
      tf_yaml_emitter_string (&w, "query");
      write_query (&w, &enumeration->query);
    }
  tf_yaml_emitter_string (&w, "families");
  tf_yaml_emitter_sequence_start (&w, FALSE);
  for (guint i = 0; i < enumeration->n_families; i++)
    {
      const TfFamilyEnumeration *f = &enumeration->families[i];

      tf_yaml_emitter_mapping_start (&w, FALSE);
      tf_yaml_emitter_key_string (&w, "family", tf_family_get_name (f->family));
      tf_yaml_emitter_key_uint (&w, "total", f->total);
      if (filters)
        tf_yaml_emitter_key_uint (&w, "matched", f->matched);
      if (f->capped > 0)
        tf_yaml_emitter_key_uint (&w, "capped", f->capped);
      if (f->oversize > 0)
        tf_yaml_emitter_key_uint (&w, "oversize", f->oversize);
      if (f->excluded != NULL)
        tf_yaml_emitter_key_string (&w, "excluded", f->excluded);
      tf_yaml_emitter_string (&w, "results");
      tf_yaml_emitter_sequence_start (&w, f->n_results == 0);
      for (guint j = 0; j < f->n_results; j++)
        write_result (&w, &f->results[j]);
      tf_yaml_emitter_sequence_end (&w);
      tf_yaml_emitter_mapping_end (&w);
    }
  tf_yaml_emitter_sequence_end (&w);
  tf_yaml_emitter_mapping_end (&w);
  return tf_yaml_emitter_end (&w, error);
}

static void
write_grouping (TfYamlEmitter        *w,
                const TfNetworkGraph *graph)
{
  g_autofree guint32 *rack_order = g_new (guint32, MAX (graph->n_rack, 1));
  g_autofree guint32 *board_order = g_new (guint32, MAX (graph->n_board, 1));
  g_autofree guint32 *rack_start = g_new0 (guint32, graph->n_pod + 1);
  g_autofree guint32 *board_start = g_new0 (guint32, graph->n_rack + 1);
  guint c = graph->chips_per_board;

  /* Racks by pod and boards by rack, each in index order (counting sorts). */
  for (guint r = 0; r < graph->n_rack; r++)
    rack_start[graph->rack_pod[r] + 1]++;
  for (guint p = 0; p < graph->n_pod; p++)
    rack_start[p + 1] += rack_start[p];
  for (guint b = 0; b < graph->n_board; b++)
    board_start[graph->board_rack[b] + 1]++;
  for (guint r = 0; r < graph->n_rack; r++)
    board_start[r + 1] += board_start[r];
  {
    g_autofree guint32 *fill_r = g_memdup2 (rack_start, sizeof (guint32) * graph->n_pod);
    g_autofree guint32 *fill_b = g_memdup2 (board_start, sizeof (guint32) * graph->n_rack);

    for (guint r = 0; r < graph->n_rack; r++)
      rack_order[fill_r[graph->rack_pod[r]]++] = r;
    for (guint b = 0; b < graph->n_board; b++)
      board_order[fill_b[graph->board_rack[b]]++] = b;
  }

  tf_yaml_emitter_mapping_start (w, FALSE);
  tf_yaml_emitter_string (w, "pods");
  tf_yaml_emitter_sequence_start (w, FALSE);
  for (guint p = 0; p < graph->n_pod; p++)
    {
      tf_yaml_emitter_mapping_start (w, FALSE);
      tf_yaml_emitter_key_uint (w, "id", p);
      tf_yaml_emitter_string (w, "racks");
      tf_yaml_emitter_sequence_start (w, FALSE);
      for (guint i = rack_start[p]; i < rack_start[p + 1]; i++)
        {
          guint r = rack_order[i];

          tf_yaml_emitter_mapping_start (w, FALSE);
          tf_yaml_emitter_key_uint (w, "id", r);
          tf_yaml_emitter_string (w, "boards");
          tf_yaml_emitter_sequence_start (w, FALSE);
          for (guint j = board_start[r]; j < board_start[r + 1]; j++)
            {
              guint b = board_order[j];

              tf_yaml_emitter_mapping_start (w, TRUE);
              tf_yaml_emitter_key_uint (w, "id", b);
              tf_yaml_emitter_string (w, "chips");
              tf_yaml_emitter_sequence_start (w, TRUE);
              for (guint k = 0; k < c; k++)
                tf_yaml_emitter_uint64 (w, graph->board_chips[(gsize) b * c + k]);
              tf_yaml_emitter_sequence_end (w);
              tf_yaml_emitter_mapping_end (w);
            }
          tf_yaml_emitter_sequence_end (w);
          tf_yaml_emitter_mapping_end (w);
        }
      tf_yaml_emitter_sequence_end (w);
      tf_yaml_emitter_mapping_end (w);
    }
  tf_yaml_emitter_sequence_end (w);
  tf_yaml_emitter_mapping_end (w);
}

static void
write_network (TfYamlEmitter        *w,
               const TfNetworkGraph *graph)
{
  g_autoptr(GString) a = g_string_new (NULL);
  g_autoptr(GString) b = g_string_new (NULL);

  tf_yaml_emitter_mapping_start (w, FALSE);
  tf_yaml_emitter_string (w, "switches");
  tf_yaml_emitter_sequence_start (w, FALSE);
  for (guint i = 0; i < graph->n_switch; i++)
    {
      const TfSwitch *sw = &graph->switches[i];

      tf_yaml_emitter_mapping_start (w, TRUE);
      tf_yaml_emitter_key_string (w, "id", sw->id);
      tf_yaml_emitter_key_string (w, "tier", tf_tier_to_string (sw->tier));
      if (sw->tier == TF_TIER_BOARD)
        tf_yaml_emitter_key_uint (w, "board", sw->container);
      else if (sw->tier == TF_TIER_RACK)
        tf_yaml_emitter_key_uint (w, "rack", sw->container);
      else if (sw->tier == TF_TIER_POD)
        tf_yaml_emitter_key_uint (w, "pod", sw->container);
      tf_yaml_emitter_key_uint (w, "port_count", sw->port_count);
      tf_yaml_emitter_mapping_end (w);
    }
  tf_yaml_emitter_sequence_end (w);
  tf_yaml_emitter_string (w, "links");
  tf_yaml_emitter_sequence_start (w, FALSE);
  for (guint i = 0; i < graph->n_links && w->ok; i++)
    {
      const TfLink *l = &graph->links[i];

      g_string_truncate (a, 0);
      g_string_truncate (b, 0);
      tf_network_graph_append_node_name (graph, l->a, a);
      tf_network_graph_append_node_name (graph, l->b, b);
      tf_yaml_emitter_mapping_start (w, TRUE);
      tf_yaml_emitter_key_string (w, "a", a->str);
      tf_yaml_emitter_key_string (w, "b", b->str);
      tf_yaml_emitter_key_string (w, "type", tf_link_type_to_string (l->type));
      tf_yaml_emitter_key_string (w, "reach", tf_reach_to_string (l->reach));
      tf_yaml_emitter_key_uint (w, "multiplicity", l->multiplicity);
      tf_yaml_emitter_mapping_end (w);
    }
  tf_yaml_emitter_sequence_end (w);
  tf_yaml_emitter_mapping_end (w);
}

static void
write_string_list (TfYamlEmitter   *w,
                   const char      *key,
                   const GPtrArray *list)
{
  if (list == NULL)
    return;
  tf_yaml_emitter_string (w, key);
  tf_yaml_emitter_sequence_start (w, TRUE);
  for (guint i = 0; i < list->len; i++)
    tf_yaml_emitter_string (w, g_ptr_array_index (list, i));
  tf_yaml_emitter_sequence_end (w);
}

static void
write_candidate_origin (TfYamlEmitter             *w,
                        const TfCandidateMetadata *c,
                        const GPtrArray           *kept)
{
  if (c->candidate_id != NULL)
    tf_yaml_emitter_key_string (w, "candidate_id", c->candidate_id);
  if (c->method == NULL)
    return;
  tf_yaml_emitter_string (w, "origin");
  tf_yaml_emitter_mapping_start (w, FALSE);
  tf_yaml_emitter_key_string (w, "method", c->method);
  if (c->seed_family != NULL)
    tf_yaml_emitter_key_string (w, "seed_family", c->seed_family);
  if (c->seed_id != NULL)
    tf_yaml_emitter_key_string (w, "seed_id", c->seed_id);
  if (c->template_params != NULL)
    tf_yaml_emitter_key_string (w, "template_params", c->template_params);
  write_string_list (w, "parent_ids", c->parent_ids);
  write_string_list (w, "mutations_applied", c->mutations);
  if (c->has_mutations_total)
    tf_yaml_emitter_key_uint (w, "mutations_total", c->mutations_total);
  write_kept (w, kept, "metadata.origin");
  tf_yaml_emitter_mapping_end (w);
}

static void
write_metadata (TfYamlEmitter    *w,
                const TfTopology *topology)
{
  const TfResult *result = &topology->result;
  g_autofree char *source = topology->source ? g_strdup (topology->source)
                                             : g_strdup_printf ("topoforge %s", TF_VERSION);

  tf_yaml_emitter_mapping_start (w, FALSE);
  tf_yaml_emitter_key_string (w, "source", source);
  if (topology->candidate != NULL)
    write_candidate_origin (w, topology->candidate, topology->extensions);
  if (result->family != NULL)
    {
      g_autofree char *id = tf_result_dup_id (result);

      tf_yaml_emitter_key_string (w, "family", tf_family_get_name (result->family));
      tf_yaml_emitter_key_string (w, "id", id);
      tf_yaml_emitter_string (w, "family_attrs");
      write_attrs (w, result);
    }
  tf_yaml_emitter_string (w, "context");
  write_context (w, &topology->context, topology->extensions);
  if (result->family != NULL)
    {
      tf_yaml_emitter_key_string (w, "status", tf_status_to_string (tf_result_get_status (result)));
      tf_yaml_emitter_string (w, "warnings");
      write_warnings (w, result);
      tf_yaml_emitter_key_uint (w, "n_endpoint", result->n_endpoint);
      tf_yaml_emitter_key_uint (w, "derived_chips_per_board", result->chips_per_board);
    }
  if (result->metrics.counts_method != TF_METHOD_NONE
      || (topology->candidate != NULL && topology->candidate->n_values > 0)
      || has_kept (topology->extensions, "metadata.metrics"))
    {
      tf_yaml_emitter_string (w, "metrics");
      write_metrics (w, &result->metrics, topology->candidate, topology->extensions);
    }
  write_kept (w, topology->extensions, "metadata");
  tf_yaml_emitter_mapping_end (w);
}

gboolean
tf_topology_write_metadata_yaml (const TfTopology  *topology,
                                 GString           *out,
                                 GError           **error)
{
  TfYamlEmitter w;

  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);

  tf_yaml_emitter_begin (&w, out);
  tf_yaml_emitter_mapping_start (&w, FALSE);
  tf_yaml_emitter_string (&w, "metadata");
  write_metadata (&w, topology);
  tf_yaml_emitter_mapping_end (&w);
  return tf_yaml_emitter_end (&w, error);
}

gboolean
tf_topology_write_yaml (const TfTopology  *topology,
                        GString           *out,
                        GError           **error)
{
  TfYamlEmitter w;

  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);

  tf_yaml_emitter_begin (&w, out);
  tf_yaml_emitter_mapping_start (&w, FALSE);
  tf_yaml_emitter_string (&w, "metadata");
  write_metadata (&w, topology);
  tf_yaml_emitter_key_uint (&w, "chips_per_board", topology->graph.chips_per_board);
  tf_yaml_emitter_string (&w, "boardGrouping");
  write_grouping (&w, &topology->graph);
  tf_yaml_emitter_string (&w, "network");
  write_network (&w, &topology->graph);
  write_kept (&w, topology->extensions, "");
  tf_yaml_emitter_mapping_end (&w);
  return tf_yaml_emitter_end (&w, error);
}
