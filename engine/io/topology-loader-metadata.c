/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topology-loader-metadata.c: reads a topology file's metadata (docs/yaml-format.md): the
 * context, the result's description, the metrics, and the optimizer's keys
 * (docs/optimizer.md).
 */
#include "topology-loader-private.h"
#include "candidate-metadata-private.h"

/* The spec's rule: a loader carries unknown fields through. Under metadata a key no reader
 * here knows is kept with its whole value, to be written back under the same mapping; any but
 * an x- extension gets a notice, so a typo is seen though it is not an error. Known keys stay
 * strict, and outside metadata an unknown key is still an error. */
static gboolean
keep_unknown (TfLoader      *l,
              TfYamlMapping *m,
              const char    *key)
{
  TfYamlExtension *x = g_new0 (TfYamlExtension, 1);

  x->parent = g_strndup (l->r.path->str, m->path_length);
  x->key = g_strdup (key);
  g_ptr_array_add (l->extensions, x);
  if (!g_str_has_prefix (key, "x-"))
    {
      g_autofree char *line = g_strdup_printf ("%s:%u:%u: notice: %s is not a Topoforge field; "
                                               "kept as it is", l->r.file, m->key_mark.line,
                                               m->key_mark.column, l->r.path->str);

      g_ptr_array_add (l->notices, tf_escape_control (line));
    }
  return tf_yaml_read_node (&l->r, &l->extension_budget, &x->value);
}

/* One per-reach override: either number or both. */
static gboolean
read_reach_override (TfLoader       *l,
                     TfLinkDefaults *o)
{
  TfYamlMapping m;
  const char *key;
  TfMark start = tf_yaml_reader_mark (&l->r);

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "bandwidth_gbps") == 0)
        tf_yaml_read_real (&l->r, &o->bandwidth_gbps);
      else if (strcmp (key, "latency_ns") == 0)
        tf_yaml_read_real (&l->r, &o->latency_ns);
      else
        keep_unknown (l, &m, key);
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && isnan (o->bandwidth_gbps) && isnan (o->latency_ns))
    return tf_yaml_reader_fail_at (&l->r, start, "needs bandwidth_gbps or latency_ns");
  return l->r.error == NULL;
}

static gboolean
read_link_defaults (TfLoader   *l,
                    TfLinkType  type)
{
  TfLinkDefaults *d = &l->ctx.defaults[type];
  TfYamlMapping m;
  const char *key;
  gboolean has_bandwidth = FALSE, has_latency = FALSE;
  TfMark start = tf_yaml_reader_mark (&l->r);

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "bandwidth_gbps") == 0)
        has_bandwidth = tf_yaml_read_real (&l->r, &d->bandwidth_gbps);
      else if (strcmp (key, "latency_ns") == 0)
        has_latency = tf_yaml_read_real (&l->r, &d->latency_ns);
      else if (strcmp (key, "by_reach") == 0)
        {
          TfYamlMapping rm;
          const char *name;

          if (!tf_yaml_reader_begin_mapping (&l->r, &rm))
            break;
          while (tf_yaml_reader_next_key (&l->r, &rm, &name))
            {
              TfReach reach;

              if (!tf_reach_from_string (name, &reach))
                keep_unknown (l, &rm, name);
              else
                read_reach_override (l, &l->ctx.by_reach[type][reach]);
            }
          tf_yaml_mapping_clear (&rm);
        }
      else
        keep_unknown (l, &m, key);
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_bandwidth || !has_latency))
    return tf_yaml_reader_fail_at (&l->r, start, "needs both bandwidth_gbps and latency_ns");
  return l->r.error == NULL;
}

static gboolean
read_switch_defaults (TfLoader *l)
{
  TfYamlMapping m;
  const char *key;
  gboolean has_radix = FALSE, has_latency = FALSE;
  TfMark start = tf_yaml_reader_mark (&l->r);
  guint64 v;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "radix") == 0)
        {
          if ((has_radix = tf_yaml_read_uint (&l->r, 2, G_MAXUINT32, &v)))
            l->ctx.switch_defaults.radix = (guint) v;
        }
      else if (strcmp (key, "latency_ns") == 0)
        has_latency = tf_yaml_read_real (&l->r, &l->ctx.switch_defaults.latency_ns);
      else
        keep_unknown (l, &m, key);
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_radix || !has_latency))
    return tf_yaml_reader_fail_at (&l->r, start, "needs both radix and latency_ns");
  return l->r.error == NULL;
}

/* defaults.scale_up: optional, both keys, as the writer puts them under a switch board. */
static gboolean
read_scale_up (TfLoader *l)
{
  TfYamlMapping m;
  const char *key;
  gboolean has_links = FALSE, has_radix = FALSE;
  TfMark start = tf_yaml_reader_mark (&l->r);
  guint64 v;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "links_per_chip") == 0)
        {
          if ((has_links = tf_yaml_read_uint (&l->r, 1, TF_CHIP_RADIX_MAX, &v)))
            l->ctx.scale_up.links_per_chip = (guint) v;
        }
      else if (strcmp (key, "switch_radix") == 0)
        {
          if ((has_radix = tf_yaml_read_uint (&l->r, 2, G_MAXUINT32, &v)))
            l->ctx.scale_up.switch_radix = (guint) v;
        }
      else
        keep_unknown (l, &m, key);
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_links || !has_radix))
    return tf_yaml_reader_fail_at (&l->r, start, "needs both links_per_chip and switch_radix");
  return l->r.error == NULL;
}

static gboolean
read_context (TfLoader *l)
{
  TfYamlMapping m;
  const char *key;
  guint64 v;
  guint choice;

  l->has_context = TRUE;
  l->context_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "n_chip") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 2, TF_N_CHIP_MAX, &v))
            l->ctx.n_chip = (guint) v;
          l->has_n_chip = TRUE;
        }
      else if (strcmp (key, "scope") == 0)
        {
          if (tf_yaml_read_choice (&l->r, tf_scope_names, &choice))
            l->ctx.scope = choice == 0 ? TF_SCOPE_INTRA_RACK : TF_SCOPE_INTER_RACK;
          l->has_scope = TRUE;
        }
      else if (strcmp (key, "chips_per_board_max") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &v))
            l->ctx.chips_per_board_max = (guint) v;
        }
      else if (strcmp (key, "boards_per_rack_max") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &v))
            l->ctx.boards_per_rack_max = (guint) v;
        }
      else if (strcmp (key, "racks_per_pod_max") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &v))
            l->ctx.racks_per_pod_max = (guint) v;
        }
      else if (strcmp (key, "chip_radix") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 1, TF_CHIP_RADIX_MAX, &v))
            l->ctx.chip_radix = (guint) v;
        }
      else if (strcmp (key, "intra_board_topo") == 0)
        {
          if (tf_yaml_read_choice (&l->r, tf_intra_board_topo_names, &choice))
            l->ctx.intra_board_topo = (TfIntraBoardTopo) choice;
        }
      else if (strcmp (key, "defaults") == 0)
        {
          TfYamlMapping dm;
          const char *type;

          if (!tf_yaml_reader_begin_mapping (&l->r, &dm))
            break;
          while (tf_yaml_reader_next_key (&l->r, &dm, &type))
            {
              TfLinkType t;

              if (strcmp (type, "switch") == 0)
                read_switch_defaults (l);
              else if (strcmp (type, "scale_up") == 0)
                read_scale_up (l);
              else if (!tf_link_type_from_string (type, &t))
                keep_unknown (l, &dm, type);
              else
                read_link_defaults (l, t);
            }
          tf_yaml_mapping_clear (&dm);
        }
      else
        keep_unknown (l, &m, key);
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error != NULL)
    return FALSE;
  if (!l->has_n_chip)
    return tf_yaml_reader_fail_field (&l->r, l->context_mark, "metadata.context",
                                      "n_chip is required");
  if (!l->has_scope)
    return tf_yaml_reader_fail_field (&l->r, l->context_mark, "metadata.context",
                                      "scope is required");
  return TRUE;
}

/* family_attrs as canonical text ("{k: 8, layers: 2, w_levels: [4, 4]}"), to compare with the
 * id's. */
static gboolean
read_attrs (TfLoader *l)
{
  TfYamlMapping m;
  const char *key;

  l->attrs = g_string_new (NULL);
  l->attrs_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      guint64 v;

      g_string_append_printf (l->attrs, "%s%s: ", l->attrs->len ? ", " : "", key);
      if (l->r.event.type == YAML_SEQUENCE_START_EVENT)
        {
          TfYamlSequence s;
          gboolean more;

          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_MAX_DIMS))
            break;
          g_string_append_c (l->attrs, '[');
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
              g_string_append_printf (l->attrs, "%s%" G_GUINT64_FORMAT,
                                      s.count > 1 ? ", " : "", v);
          g_string_append_c (l->attrs, ']');
        }
      else if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
        g_string_append_printf (l->attrs, "%" G_GUINT64_FORMAT, v);
    }
  tf_yaml_mapping_clear (&m);
  return l->r.error == NULL;
}

static gboolean
read_method (TfLoader *l,
             TfMethod *out)
{
  guint choice;

  if (!tf_yaml_read_choice (&l->r, tf_method_names, &choice))
    return FALSE;
  *out = (TfMethod) choice;
  return TRUE;
}

/* The optimizer's metadata (docs/optimizer.md) */

static TfCandidateMetadata *
candidate_of (TfLoader *l)
{
  if (l->candidate == NULL)
    l->candidate = g_new0 (TfCandidateMetadata, 1);
  return l->candidate;
}

/* One of tf_candidate_value_names () under metadata.metrics; FALSE for any other key. */
static gboolean
read_candidate_value (TfLoader   *l,
                      const char *key)
{
  const char *const *names = tf_candidate_value_names ();
  TfCandidateMetadata *c;

  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (key, names[i]) == 0)
      {
        c = candidate_of (l);
        if (c->n_values == TF_CANDIDATE_MAX_VALUES)
          {
            tf_yaml_reader_fail (&l->r, "more than %u optimizer values",
                                 TF_CANDIDATE_MAX_VALUES);
            return TRUE;
          }
        if (g_str_has_suffix (key, "_bottleneck")
            ? tf_yaml_read_string (&l->r, 64, &c->texts[c->n_values])
            : tf_yaml_read_real (&l->r, &c->values[c->n_values]))
          c->value_keys[c->n_values++] = (guint8) i;
        return TRUE;
      }
  return FALSE;
}

static GPtrArray *
read_string_list (TfLoader *l,
                  guint     max_items,
                  gsize     max_length)
{
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
  TfYamlSequence s;
  gboolean more;

  if (!tf_yaml_reader_begin_sequence (&l->r, &s, max_items))
    return list;
  while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
    {
      char *item = NULL;

      if (tf_yaml_read_string (&l->r, max_length, &item))
        g_ptr_array_add (list, item);
    }
  return list;
}

static gboolean
read_origin (TfLoader *l)
{
  TfCandidateMetadata *c = candidate_of (l);
  TfYamlMapping m;
  const char *key;
  guint choice;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "method") == 0)
        {
          if (tf_yaml_read_choice (&l->r, tf_origin_method_names, &choice))
            c->method = g_strdup (tf_origin_method_names.names[choice]);
        }
      else if (strcmp (key, "seed_family") == 0)
        tf_yaml_read_string (&l->r, MAX_NAME, &c->seed_family);
      else if (strcmp (key, "seed_id") == 0)
        tf_yaml_read_string (&l->r, MAX_ID, &c->seed_id);
      else if (strcmp (key, "template_params") == 0)
        tf_yaml_read_string (&l->r, MAX_ID, &c->template_params);
      else if (strcmp (key, "parent_ids") == 0)
        c->parent_ids = read_string_list (l, 16, MAX_NAME);
      else if (strcmp (key, "mutations_applied") == 0)
        c->mutations = read_string_list (l, 1024, MAX_NAME);
      else if (strcmp (key, "mutations_total") == 0)
        {
          c->has_mutations_total = TRUE;
          tf_yaml_read_uint (&l->r, 0, G_MAXUINT64, &c->mutations_total);
        }
      else
        keep_unknown (l, &m, key);
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && c->method == NULL)
    return tf_yaml_reader_fail_at (&l->r, m.start, "origin needs a method");
  return l->r.error == NULL;
}

/* A mapping of counts keyed by an enum's names ({C2C: 4, B2B: 0, ...}). */
static void
read_count_map (TfLoader *l,
                TfNames   names,
                guint64  *counts)
{
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      guint i;

      if (!tf_names_find (names, key, &i))
        keep_unknown (l, &m, key);
      else
        tf_yaml_read_uint (&l->r, 0, G_MAXUINT64, &counts[i]);
    }
  tf_yaml_mapping_clear (&m);
}

/* links_per_chip: one number when every chip drives the same, else {min, max}. */
static void
read_links_per_chip (TfLoader  *l,
                     TfMetrics *mt)
{
  TfYamlMapping m;
  const char *key;
  guint64 v;
  gboolean has_min = FALSE, has_max = FALSE;
  TfMark start = tf_yaml_reader_mark (&l->r);

  if (l->r.event.type != YAML_MAPPING_START_EVENT)
    {
      if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
        mt->links_per_chip_min = mt->links_per_chip_max = (guint) v;
      return;
    }
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "min") == 0)
        {
          if ((has_min = tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v)))
            mt->links_per_chip_min = (guint) v;
        }
      else if (strcmp (key, "max") == 0)
        {
          if ((has_max = tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v)))
            mt->links_per_chip_max = (guint) v;
        }
      else
        keep_unknown (l, &m, key);
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && (!has_min || !has_max))
    tf_yaml_reader_fail_at (&l->r, start, "needs both min and max");
  else if (l->r.error == NULL && mt->links_per_chip_min > mt->links_per_chip_max)
    tf_yaml_reader_fail_at (&l->r, start, "min is larger than max");
}

/* network_cost_by_part: {switches, links, nics}, USD. */
static void
read_cost_parts (TfLoader  *l,
                 TfMetrics *mt)
{
  static const char *const parts[] = { "switches", "links", "nics" };
  double *values[] = { &mt->switch_cost, &mt->link_cost, &mt->nic_cost };
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (parts) && strcmp (key, parts[i]) != 0; i++)
        ;
      if (i == G_N_ELEMENTS (parts))
        keep_unknown (l, &m, key);
      else
        tf_yaml_read_real (&l->r, values[i]);
    }
  tf_yaml_mapping_clear (&m);
}

static gboolean
read_metrics (TfLoader *l)
{
  TfMetrics *mt = &l->metrics;
  TfYamlMapping m;
  const char *key;
  guint64 v;

  l->has_metrics = TRUE;
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      gboolean generator = TRUE;

      /* The optimizer's values first, then the generator's; any other is kept as it is. */
      if (read_candidate_value (l, key))
        continue;
      if (strcmp (key, "diameter") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->diameter = (guint) v;
        }
      else if (strcmp (key, "average_path_length") == 0)
        tf_yaml_read_real (&l->r, &mt->average_path_length);
      else if (strcmp (key, "bisection_links") == 0)
        tf_yaml_read_uint (&l->r, 0, G_MAXUINT64, &mt->bisection_links);
      else if (strcmp (key, "bisection_bandwidth") == 0)
        tf_yaml_read_real (&l->r, &mt->bisection_bandwidth);
      else if (strcmp (key, "link_count") == 0)
        tf_yaml_read_uint (&l->r, 0, G_MAXUINT64, &mt->link_count);
      else if (strcmp (key, "link_count_by_type") == 0)
        read_count_map (l, tf_link_type_names, mt->link_count_by_type);
      else if (strcmp (key, "link_count_by_reach") == 0)
        {
          l->has_new_counts |= NEW_COUNT_BY_REACH;
          read_count_map (l, tf_reach_names, mt->link_count_by_reach);
        }
      else if (strcmp (key, "switch_count") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->switch_count = (guint) v;
        }
      else if (strcmp (key, "switch_radix") == 0)
        {
          l->has_new_counts |= NEW_COUNT_SWITCH_RADIX;
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->switch_radix = (guint) v;
        }
      else if (strcmp (key, "links_per_chip") == 0)
        {
          l->has_new_counts |= NEW_COUNT_PER_CHIP;
          read_links_per_chip (l, mt);
        }
      else if (strcmp (key, "path_diversity") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->path_diversity = (guint) v;
        }
      else if (strcmp (key, "bisection_bandwidth_per_chip") == 0)
        {
          l->has_new_counts |= NEW_COUNT_PER_CHIP_BISECTION;
          tf_yaml_read_real (&l->r, &mt->bisection_bandwidth_per_chip);
        }
      else if (strcmp (key, "network_cost") == 0)
        {
          l->has_new_counts |= NEW_COUNT_LAYOUT;
          tf_yaml_read_real (&l->r, &mt->network_cost);
        }
      else if (strcmp (key, "network_cost_by_part") == 0)
        read_cost_parts (l, mt);
      else if (strcmp (key, "cables_by_class") == 0)
        read_count_map (l, tf_cable_names, mt->cables_by_class);
      else if (strcmp (key, "injection_bandwidth_per_chip") == 0)
        tf_yaml_read_real (&l->r, &mt->injection_bandwidth);
      else if (strcmp (key, "rack_count") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->rack_count = (guint) v;
        }
      else if (strcmp (key, "pod_count") == 0)
        {
          if (tf_yaml_read_uint (&l->r, 0, G_MAXUINT32, &v))
            mt->pod_count = (guint) v;
        }
      else if (strcmp (key, "methods") == 0)
        {
          TfYamlMapping mm;
          const char *name;

          if (!tf_yaml_reader_begin_mapping (&l->r, &mm))
            break;
          while (tf_yaml_reader_next_key (&l->r, &mm, &name))
            {
              if (strcmp (name, "diameter") == 0)
                read_method (l, &mt->diameter_method);
              else if (strcmp (name, "average_path_length") == 0)
                read_method (l, &mt->average_path_length_method);
              else if (strcmp (name, "bisection_links") == 0)
                read_method (l, &mt->bisection_links_method);
              else if (strcmp (name, "bisection_bandwidth") == 0)
                read_method (l, &mt->bisection_bandwidth_method);
              else if (strcmp (name, "link_count") == 0 || strcmp (name, "switch_count") == 0
                       || strcmp (name, "switch_radix") == 0
                       || strcmp (name, "links_per_chip") == 0)
                read_method (l, &mt->counts_method);
              else if (strcmp (name, "path_diversity") == 0)
                read_method (l, &mt->path_diversity_method);
              else if (strcmp (name, "network_cost") == 0)
                read_method (l, &mt->cost_method);
              else if (strcmp (name, "cables_by_class") == 0
                       || strcmp (name, "injection_bandwidth_per_chip") == 0
                       || strcmp (name, "rack_count") == 0 || strcmp (name, "pod_count") == 0)
                read_method (l, &mt->layout_method);
              else if (strcmp (name, "bisection_bandwidth_per_chip") == 0)
                {
                  TfMethod same;  /* bisection_bandwidth's, written beside it for readers */

                  read_method (l, &same);
                }
              else
                keep_unknown (l, &mm, name);
            }
          tf_yaml_mapping_clear (&mm);
        }
      else
        {
          generator = FALSE;
          keep_unknown (l, &m, key);
        }
      l->has_generator_metrics |= generator;
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && l->has_generator_metrics && mt->counts_method == TF_METHOD_NONE)
    mt->counts_method = TF_METHOD_EXACT;
  return l->r.error == NULL;
}

gboolean
tf_loader_read_metadata (TfLoader *l)
{
  TfYamlMapping m;
  const char *key;

  l->has_metadata = TRUE;
  l->metadata_mark = tf_yaml_reader_mark (&l->r);
  if (!tf_yaml_reader_begin_mapping (&l->r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (&l->r, &m, &key))
    {
      if (strcmp (key, "source") == 0)
        tf_yaml_read_string (&l->r, MAX_NAME, &l->source);
      else if (strcmp (key, "candidate_id") == 0)
        tf_yaml_read_string (&l->r, MAX_NAME, &candidate_of (l)->candidate_id);
      else if (strcmp (key, "origin") == 0)
        read_origin (l);
      else if (strcmp (key, "family") == 0)
        {
          l->family_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_string (&l->r, MAX_NAME, &l->family);
        }
      else if (strcmp (key, "id") == 0)
        {
          l->id_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_string (&l->r, MAX_ID, &l->id);
        }
      else if (strcmp (key, "family_attrs") == 0)
        read_attrs (l);
      else if (strcmp (key, "context") == 0)
        read_context (l);
      else if (strcmp (key, "status") == 0)
        {
          l->status_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_string (&l->r, MAX_NAME, &l->status);
        }
      else if (strcmp (key, "warnings") == 0)
        {
          TfYamlSequence s;
          gboolean more;

          l->warnings_mark = tf_yaml_reader_mark (&l->r);
          l->warnings = g_ptr_array_new_with_free_func (g_free);
          if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_MAX_WARNINGS))
            break;
          while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
            {
              char *name = NULL;

              if (tf_yaml_read_string (&l->r, MAX_NAME, &name))
                g_ptr_array_add (l->warnings, name);
            }
        }
      else if (strcmp (key, "n_endpoint") == 0)
        {
          l->has_n_endpoint = TRUE;
          l->n_endpoint_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &l->n_endpoint);
        }
      else if (strcmp (key, "derived_chips_per_board") == 0)
        {
          l->has_derived = TRUE;
          l->derived_mark = tf_yaml_reader_mark (&l->r);
          tf_yaml_read_uint (&l->r, 1, TF_N_CHIP_MAX, &l->derived);
        }
      else if (strcmp (key, "metrics") == 0)
        read_metrics (l);
      else
        keep_unknown (l, &m, key);
    }
  tf_yaml_mapping_clear (&m);
  if (l->r.error == NULL && !l->has_context)
    return tf_yaml_reader_fail_field (&l->r, l->metadata_mark, "metadata",
                                      "context is required");
  return l->r.error == NULL;
}


/* The counts a file from before them lacks, counted on its graph. */
void
tf_loader_fill_new_counts (const TfContext      *ctx,
                           const TfNetworkGraph *graph,
                           guint                 present,
                           TfMetrics            *m)
{
  TfMetrics counted = { 0 };

  tf_network_graph_count (graph, &counted);
  if (!(present & NEW_COUNT_BY_REACH))
    memcpy (m->link_count_by_reach, counted.link_count_by_reach, sizeof m->link_count_by_reach);
  if (!(present & NEW_COUNT_SWITCH_RADIX))
    m->switch_radix = counted.switch_radix;
  if (!(present & NEW_COUNT_PER_CHIP))
    {
      m->links_per_chip_min = counted.links_per_chip_min;
      m->links_per_chip_max = counted.links_per_chip_max;
    }
  if (!(present & NEW_COUNT_LAYOUT))
    tf_network_graph_measure_layout (ctx, graph, m);
  if (!(present & NEW_COUNT_PER_CHIP_BISECTION))
    tf_metrics_set_bisection_per_chip (m, graph->n_chip);
}

