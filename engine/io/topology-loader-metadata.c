/* SPDX-License-Identifier: GPL-3.0-or-later */
/* topology-loader-metadata.c: reads a topology file's metadata (docs/yaml-format.md): the
 * context, the result's description, the metrics, and the optimizer's keys
 * (docs/optimizer.md).
 */
#include <math.h>

#include "topology-loader-private.h"
#include "candidate-metadata-private.h"

/* The spec's rule: a loader carries unknown fields through. At the top of the file and under
 * metadata a key no reader here knows is kept with its whole value, to be written back under
 * the same mapping; any but an x- extension gets a notice, so a typo is seen though it is not
 * an error. Known keys stay strict, and inside boardGrouping and network (the graph itself) an
 * unknown key is still an error. */
gboolean
tf_loader_keep_unknown (TfYamlReader  *r,
                        TfYamlMapping *m,
                        const char    *key,
                        gpointer       target,
                        gpointer       data)
{
  TfLoader *l = data;
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

/* A mapping of metadata read by @keys into @target, keys no row names kept. */
static gboolean
read_keys (TfLoader        *l,
           const TfYamlKey *keys,
           guint            n_keys,
           gpointer         target,
           guint64         *have,
           TfMark          *start)
{
  return tf_yaml_read_keys (&l->r, keys, n_keys, target, l, tf_loader_keep_unknown, have, start);
}

/* One per-reach override: either number or both. */
static const TfYamlKey override_keys[] = {
  TF_YAML_KEY_REAL ("bandwidth_gbps", TfLinkDefaults, bandwidth_gbps),
  TF_YAML_KEY_REAL ("latency_ns", TfLinkDefaults, latency_ns),
};

/* defaults.<type>.by_reach: {board: {...}, rack: {...}, ...} into the type's row of by_reach. */
static gboolean
read_reach_override (TfYamlReader  *r,
                     TfYamlMapping *m,
                     const char    *key,
                     gpointer       target,
                     gpointer       data)
{
  TfLinkDefaults *by_reach = target;
  TfMark start = tf_yaml_reader_mark (r);
  TfReach reach;

  if (!tf_reach_from_string (key, &reach))
    return tf_loader_keep_unknown (r, m, key, target, data);
  if (!read_keys (data, override_keys, G_N_ELEMENTS (override_keys), &by_reach[reach], NULL,
                  NULL))
    return FALSE;
  if (isnan (by_reach[reach].bandwidth_gbps) && isnan (by_reach[reach].latency_ns))
    return tf_yaml_reader_fail_at (r, start, "needs bandwidth_gbps or latency_ns");
  return TRUE;
}

static gboolean
read_by_reach (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  const TfLinkDefaults *d = at->field;
  TfLinkType type = (TfLinkType) (d - l->ctx.defaults);

  return tf_yaml_read_keys (r, NULL, 0, l->ctx.by_reach[type], l, read_reach_override, NULL,
                            NULL);
}

static const TfYamlKey link_default_keys[] = {
  TF_YAML_KEY_REAL ("bandwidth_gbps", TfLinkDefaults, bandwidth_gbps),
  TF_YAML_KEY_REAL ("latency_ns", TfLinkDefaults, latency_ns),
  TF_YAML_KEY_CALL ("by_reach", read_by_reach),
};

/* A key of defaults that names a link type: its defaults, else a key kept. */
static gboolean
read_link_defaults (TfYamlReader  *r,
                    TfYamlMapping *m,
                    const char    *key,
                    gpointer       target,
                    gpointer       data)
{
  TfLoader *l = data;
  TfMark start = tf_yaml_reader_mark (r);
  TfLinkType type;
  guint64 have;

  if (!tf_link_type_from_string (key, &type))
    return tf_loader_keep_unknown (r, m, key, target, data);
  if (!read_keys (l, link_default_keys, G_N_ELEMENTS (link_default_keys),
                  &l->ctx.defaults[type], &have, NULL))
    return FALSE;
  /* bandwidth_gbps is the user's per-link figure, absent where the ports decide. */
  if ((have & 2) == 0)
    return tf_yaml_reader_fail_at (r, start, "needs latency_ns");
  return TRUE;
}

/* The first two of @keys, both required, or @why; the others optional. */
static gboolean
read_both (TfYamlReader      *r,
           const TfYamlKeyAt *at,
           const TfYamlKey   *keys,
           guint              n_keys,
           const char        *why)
{
  TfMark start = tf_yaml_reader_mark (r);
  guint64 have;

  if (!read_keys (at->data, keys, n_keys, at->field, &have, NULL))
    return FALSE;
  if ((have & 3) != 3)
    return tf_yaml_reader_fail_at (r, start, "%s", why);
  return TRUE;
}

static const TfYamlKey switch_default_keys[] = {
  TF_YAML_KEY_GUINT ("radix", TfContext, switch_defaults.radix, 2, G_MAXUINT32),
  TF_YAML_KEY_REAL ("latency_ns", TfContext, switch_defaults.latency_ns),
  TF_YAML_KEY_REAL ("port_gbps", TfContext, switch_defaults.port_gbps),
  TF_YAML_KEY_REAL ("power_w_per_port", TfContext, switch_defaults.power_w_per_port),
};

static gboolean
read_switch_defaults (TfYamlReader      *r,
                      const TfYamlKeyAt *at)
{
  return read_both (r, at, switch_default_keys, G_N_ELEMENTS (switch_default_keys),
                    "needs both radix and latency_ns");
}

/* defaults.scale_up: optional, both keys, as the writer puts them under a switch board. */
static const TfYamlKey scale_up_keys[] = {
  TF_YAML_KEY_GUINT ("links_per_chip", TfContext, scale_up.links_per_chip, 1, TF_CHIP_RADIX_MAX),
  TF_YAML_KEY_GUINT ("switch_radix", TfContext, scale_up.switch_radix, 2, G_MAXUINT32),
};

static gboolean
read_scale_up (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  return read_both (r, at, scale_up_keys, G_N_ELEMENTS (scale_up_keys),
                    "needs both links_per_chip and switch_radix");
}

/* defaults.chip: the chip's budgets; a key left out keeps the generic chip's figure. */
static const TfYamlKey chip_keys[] = {
  TF_YAML_KEY_REAL ("scale_up_gbps", TfContext, chip.scale_up_gbps),
  TF_YAML_KEY_GUINT ("scale_up_ports", TfContext, chip.scale_up_ports, 0, 1024),
  TF_YAML_KEY_REAL ("nic_gbps", TfContext, chip.nic_gbps),
  TF_YAML_KEY_REAL ("power_w", TfContext, chip.power_w),
  TF_YAML_KEY_REAL ("host_w", TfContext, chip.host_w),
};

/* defaults.rack: its power budget; absent, the air-cooled default. */
static const TfYamlKey rack_keys[] = {
  TF_YAML_KEY_REAL ("power_kw", TfContext, rack.power_kw),
};

static const TfYamlKey defaults_keys[] = {
  TF_YAML_KEY_CALL ("switch", read_switch_defaults),
  TF_YAML_KEY_CALL ("scale_up", read_scale_up),
  TF_YAML_KEY_MAP ("chip", chip_keys),
  TF_YAML_KEY_MAP ("rack", rack_keys),
};

/* Files from before issue 30 have neither chip nor rack (tf_loader_check_metadata). */
static gboolean
read_defaults (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  guint64 have = 0;

  if (!tf_yaml_read_keys (r, defaults_keys, G_N_ELEMENTS (defaults_keys), at->field, at->data,
                          read_link_defaults, &have, NULL))
    return FALSE;
  l->has_chip_defaults = (have & (1u << 2)) != 0;
  l->has_rack_defaults = (have & (1u << 3)) != 0;
  return TRUE;
}

static gboolean
read_context_n_chip (TfYamlReader      *r,
                     const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;

  l->has_n_chip = TRUE;
  return tf_yaml_read_guint (r, 2, TF_N_CHIP_MAX, &l->ctx.n_chip);
}

static gboolean
read_context_scope (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  guint choice;

  l->has_scope = TRUE;
  if (!tf_yaml_read_choice (r, tf_scope_names, &choice))
    return FALSE;
  l->ctx.scope = (TfScope) (TF_SCOPE_INTRA_RACK + choice);
  return TRUE;
}

/* warning_thresholds: a key a threshold (the table's rows), each in its range; a threshold
 * left out keeps the spec's number. Unknown names are errors, not kept. */
static gboolean
read_warning_thresholds (TfYamlReader      *r,
                         const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  TfYamlKey keys[TF_N_WARNING_THRESHOLDS];

  G_STATIC_ASSERT (TF_N_WARNING_THRESHOLDS <= 64);  /* tf_yaml_read_keys's limit */

  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    {
      const TfWarningThresholdInfo *t = tf_warning_threshold_get (i);

      keys[i] = (TfYamlKey) { .name = t->name, .read = tf_yaml_key_guint,
                              .offset = i * sizeof (guint), .min = t->min, .max = t->max };
    }
  /* An unknown name is an error listing the table's: a misspelt threshold would otherwise be
   * kept and silently not apply. */
  return tf_yaml_read_keys (r, keys, TF_N_WARNING_THRESHOLDS, l->ctx.warning_thresholds, l,
                            NULL, NULL, NULL);
}

static const TfYamlKey context_keys[] = {
  TF_YAML_KEY_CALL ("n_chip", read_context_n_chip),
  TF_YAML_KEY_CALL ("scope", read_context_scope),
  TF_YAML_KEY_GUINT ("chips_per_board_max", TfContext, chips_per_board_max, 1, TF_N_CHIP_MAX),
  TF_YAML_KEY_GUINT ("boards_per_rack_max", TfContext, boards_per_rack_max, 1, TF_N_CHIP_MAX),
  TF_YAML_KEY_GUINT ("racks_per_pod_max", TfContext, racks_per_pod_max, 1, TF_N_CHIP_MAX),
  TF_YAML_KEY_GUINT ("chip_radix", TfContext, chip_radix, 1, TF_CHIP_RADIX_MAX),
  TF_YAML_KEY_CHOICE ("intra_board_topo", TfContext, intra_board_topo, tf_intra_board_topo_names),
  TF_YAML_KEY_CALL ("defaults", read_defaults),
  TF_YAML_KEY_CALL ("warning_thresholds", read_warning_thresholds),
};

static gboolean
read_context (TfYamlReader      *r,
              const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;

  l->has_context = TRUE;
  l->context_mark = tf_yaml_reader_mark (r);
  if (!read_keys (l, context_keys, G_N_ELEMENTS (context_keys), &l->ctx, NULL, NULL))
    return FALSE;
  /* A file without a rack budget (one from before them) packed its racks by count alone. */
  if (!l->has_rack_defaults)
    l->ctx.rack.power_kw = TF_RACK_POWER_KW_MAX;
  if (!l->has_n_chip)
    return tf_yaml_reader_fail_field (r, l->context_mark, "metadata.context",
                                      "n_chip is required");
  if (!l->has_scope)
    return tf_yaml_reader_fail_field (r, l->context_mark, "metadata.context",
                                      "scope is required");
  return TRUE;
}

/* family_attrs as canonical text ("{k: 8, layers: 2, w_levels: [4, 4]}"), to compare with the
 * id's. */
static gboolean
read_attrs (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
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
read_method_dropped (TfYamlReader      *r,
                     const TfYamlKeyAt *at)
{
  guint same;

  return tf_yaml_read_choice (r, tf_method_names, &same);
}

/* metadata.metrics.methods: how each metric was obtained. Metrics counted together share one
 * method; bisection_bandwidth_per_chip is bisection_bandwidth's, written beside it for readers. */
#define METHOD(key, field) TF_YAML_KEY_CHOICE (key, TfMetrics, field, tf_method_names)
static const TfYamlKey method_keys[] = {
  METHOD ("diameter", diameter_method),
  METHOD ("average_path_length", average_path_length_method),
  METHOD ("bisection_links", bisection_links_method),
  METHOD ("bisection_bandwidth", bisection_bandwidth_method),
  METHOD ("link_count", counts_method),
  METHOD ("switch_count", counts_method),
  METHOD ("switch_radix", counts_method),
  METHOD ("links_per_chip", counts_method),
  METHOD ("path_diversity", path_diversity_method),
  METHOD ("network_cost", cost_method),
  METHOD ("cables_by_class", layout_method),
  METHOD ("injection_bandwidth_per_chip", layout_method),
  METHOD ("rack_count", layout_method),
  METHOD ("pod_count", layout_method),
  METHOD ("rack_power_kw", layout_method),
  TF_YAML_KEY_CALL ("bisection_bandwidth_per_chip", read_method_dropped),
};
#undef METHOD

/* The optimizer's metadata (docs/optimizer.md) */

static TfCandidateMetadata *
candidate_of (TfLoader *l)
{
  if (l->candidate == NULL)
    l->candidate = g_new0 (TfCandidateMetadata, 1);
  return l->candidate;
}

/* metadata.metrics.collectives: [{primitive, bytes, time_us, bound_us}], the optimizer's Layer 2
 * at each message size. */
static const TfYamlKey collective_keys[] = {
  TF_YAML_KEY_STRING ("primitive", TfCollectiveRecord, primitive, 32),
  TF_YAML_KEY_UINT64 ("bytes", TfCollectiveRecord, bytes, 1, G_MAXUINT64, NULL),
  TF_YAML_KEY_REAL ("time_us", TfCollectiveRecord, time_us),
  TF_YAML_KEY_REAL ("bound_us", TfCollectiveRecord, bound_us),
};

static gboolean
read_collectives (TfLoader *l)
{
  TfCandidateMetadata *c = candidate_of (l);
  TfYamlSequence s;
  gboolean more;

  if (!tf_yaml_reader_begin_sequence (&l->r, &s, TF_CANDIDATE_MAX_COLLECTIVES))
    return FALSE;
  while (tf_yaml_reader_next_item (&l->r, &s, &more) && more)
    {
      TfCollectiveRecord *record = &c->collectives[c->n_collectives];
      guint64 have;
      TfMark start;

      *record = (TfCollectiveRecord) { .bound_us = NAN };
      c->n_collectives++;   /* its primitive is freed with the rest */
      if (tf_yaml_read_keys (&l->r, collective_keys, G_N_ELEMENTS (collective_keys), record, l,
                             NULL, &have, &start)
          && (have & 7) != 7)
        return tf_yaml_keys_fail_missing (&l->r, start, collective_keys, 3, have);
    }
  return l->r.error == NULL;
}

/* A key of metadata.metrics no row names: one of tf_candidate_value_names () (the optimizer's),
 * else one kept as it is. */
static gboolean
read_candidate_value (TfYamlReader  *r,
                      TfYamlMapping *m,
                      const char    *key,
                      gpointer       target,
                      gpointer       data)
{
  TfLoader *l = data;
  const char *const *names = tf_candidate_value_names ();
  TfCandidateMetadata *c;

  if (strcmp (key, "collectives") == 0)
    return read_collectives (l);
  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (key, names[i]) == 0)
      {
        c = candidate_of (l);
        if (c->n_values == TF_CANDIDATE_MAX_VALUES)
          return tf_yaml_reader_fail (r, "more than %u optimizer values",
                                      TF_CANDIDATE_MAX_VALUES);
        if (!(g_str_has_suffix (key, "_bottleneck")
              ? tf_yaml_read_string (r, 64, &c->texts[c->n_values])
              : tf_yaml_read_real (r, &c->values[c->n_values])))
          return FALSE;
        c->value_keys[c->n_values++] = (guint8) i;
        return TRUE;
      }
  return tf_loader_keep_unknown (r, m, key, target, data);
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
read_origin_method (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  TfCandidateMetadata *c = at->field;
  guint choice;

  if (!tf_yaml_read_choice (r, tf_origin_method_names, &choice))
    return FALSE;
  c->method = g_strdup (tf_origin_method_names.names[choice]);
  return TRUE;
}

static gboolean
read_parent_ids (TfYamlReader      *r,
                 const TfYamlKeyAt *at)
{
  TfCandidateMetadata *c = at->field;

  c->parent_ids = read_string_list (at->data, 16, MAX_NAME);
  return r->error == NULL;
}

static gboolean
read_mutations (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  TfCandidateMetadata *c = at->field;

  c->mutations = read_string_list (at->data, 1024, MAX_NAME);
  return r->error == NULL;
}

static gboolean
read_mutations_total (TfYamlReader      *r,
                      const TfYamlKeyAt *at)
{
  TfCandidateMetadata *c = at->field;

  c->has_mutations_total = TRUE;
  return tf_yaml_read_uint (r, 0, G_MAXUINT64, &c->mutations_total);
}

static const TfYamlKey origin_keys[] = {
  TF_YAML_KEY_CALL ("method", read_origin_method),
  TF_YAML_KEY_STRING ("seed_family", TfCandidateMetadata, seed_family, MAX_NAME),
  TF_YAML_KEY_STRING ("seed_id", TfCandidateMetadata, seed_id, MAX_ID),
  TF_YAML_KEY_STRING ("template_params", TfCandidateMetadata, template_params, MAX_ID),
  TF_YAML_KEY_CALL ("parent_ids", read_parent_ids),
  TF_YAML_KEY_CALL ("mutations_applied", read_mutations),
  TF_YAML_KEY_CALL ("mutations_total", read_mutations_total),
};

static gboolean
read_origin (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  TfCandidateMetadata *c = candidate_of (l);
  TfMark start;

  if (!read_keys (l, origin_keys, G_N_ELEMENTS (origin_keys), c, NULL, &start))
    return FALSE;
  if (c->method == NULL)
    return tf_yaml_reader_fail_at (r, start, "origin needs a method");
  return TRUE;
}

/* A mapping of counts keyed by the row's names ({C2C: 4, B2B: 0, ...}) into its guint64
 * field, one count per name. */
static gboolean
read_count_map (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  guint64 *counts = at->field;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      guint i;

      if (!tf_names_find (*at->key->choices, key, &i))
        tf_loader_keep_unknown (r, &m, key, NULL, at->data);
      else
        tf_yaml_read_uint (r, 0, G_MAXUINT64, &counts[i]);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

#define COUNT_MAP(key, field, names) \
  { .name = (key), .read = read_count_map, .offset = G_STRUCT_OFFSET (TfMetrics, field), \
    .choices = &(names) }

/* links_per_chip: one number when every chip drives the same, else {min, max}. */
static const TfYamlKey links_per_chip_keys[] = {
  TF_YAML_KEY_GUINT ("min", TfMetrics, links_per_chip_min, 0, G_MAXUINT32),
  TF_YAML_KEY_GUINT ("max", TfMetrics, links_per_chip_max, 0, G_MAXUINT32),
};

static gboolean
read_links_per_chip (TfYamlReader      *r,
                     const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  TfMetrics *mt = at->field;
  TfMark start = tf_yaml_reader_mark (r);
  guint64 have;

  if (r->event.type != YAML_MAPPING_START_EVENT)
    {
      if (!tf_yaml_read_guint (r, 0, G_MAXUINT32, &mt->links_per_chip_min))
        return FALSE;
      mt->links_per_chip_max = mt->links_per_chip_min;
      return TRUE;
    }
  if (!read_keys (l, links_per_chip_keys, G_N_ELEMENTS (links_per_chip_keys), mt, &have, NULL))
    return FALSE;
  if (have != 3)
    return tf_yaml_reader_fail_at (r, start, "needs both min and max");
  if (mt->links_per_chip_min > mt->links_per_chip_max)
    return tf_yaml_reader_fail_at (r, start, "min is larger than max");
  return TRUE;
}

/* network_cost_by_part: {switches, links, nics}, USD. */
static const TfYamlKey cost_part_keys[] = {
  TF_YAML_KEY_REAL ("switches", TfMetrics, switch_cost),
  TF_YAML_KEY_REAL ("links", TfMetrics, link_cost),
  TF_YAML_KEY_REAL ("nics", TfMetrics, nic_cost),
};

/* The generator's metrics (the optimizer's values and keys of other tools: read_candidate_value).
 * The rows named M_ are of counts files newer than the first carry (NewCount). */
enum
{
  M_BY_REACH = 6,
  M_SWITCH_RADIX = 8,
  M_PER_CHIP = 9,
  M_PER_CHIP_BISECTION = 11,
  M_LAYOUT = 12,
  M_RACK_POWER = 18,
};

static const TfYamlKey metrics_keys[] = {
  TF_YAML_KEY_GUINT ("diameter", TfMetrics, diameter, 0, G_MAXUINT32),
  TF_YAML_KEY_REAL ("average_path_length", TfMetrics, average_path_length),
  TF_YAML_KEY_UINT64 ("bisection_links", TfMetrics, bisection_links, 0, G_MAXUINT64, NULL),
  TF_YAML_KEY_REAL ("bisection_bandwidth", TfMetrics, bisection_bandwidth),
  TF_YAML_KEY_UINT64 ("link_count", TfMetrics, link_count, 0, G_MAXUINT64, NULL),
  COUNT_MAP ("link_count_by_type", link_count_by_type, tf_link_type_names),
  [M_BY_REACH] = COUNT_MAP ("link_count_by_reach", link_count_by_reach, tf_reach_names),
  TF_YAML_KEY_GUINT ("switch_count", TfMetrics, switch_count, 0, G_MAXUINT32),
  [M_SWITCH_RADIX] = TF_YAML_KEY_GUINT ("switch_radix", TfMetrics, switch_radix, 0,
                                        G_MAXUINT32),
  [M_PER_CHIP] = TF_YAML_KEY_CALL ("links_per_chip", read_links_per_chip),
  TF_YAML_KEY_GUINT ("path_diversity", TfMetrics, path_diversity, 0, G_MAXUINT32),
  [M_PER_CHIP_BISECTION] = TF_YAML_KEY_REAL ("bisection_bandwidth_per_chip", TfMetrics,
                                             bisection_bandwidth_per_chip),
  [M_LAYOUT] = TF_YAML_KEY_REAL ("network_cost", TfMetrics, network_cost),
  TF_YAML_KEY_MAP ("network_cost_by_part", cost_part_keys),
  COUNT_MAP ("cables_by_class", cables_by_class, tf_cable_names),
  TF_YAML_KEY_REAL ("injection_bandwidth_per_chip", TfMetrics, injection_bandwidth),
  TF_YAML_KEY_GUINT ("rack_count", TfMetrics, rack_count, 0, G_MAXUINT32),
  TF_YAML_KEY_GUINT ("pod_count", TfMetrics, pod_count, 0, G_MAXUINT32),
  [M_RACK_POWER] = TF_YAML_KEY_REAL ("rack_power_kw", TfMetrics, rack_power_kw),
  TF_YAML_KEY_MAP ("methods", method_keys),
};

#undef COUNT_MAP

static const struct
{
  guint    row;
  NewCount count;
} new_counts[] = {
  { M_BY_REACH, NEW_COUNT_BY_REACH },
  { M_SWITCH_RADIX, NEW_COUNT_SWITCH_RADIX },
  { M_PER_CHIP, NEW_COUNT_PER_CHIP },
  { M_PER_CHIP_BISECTION, NEW_COUNT_PER_CHIP_BISECTION },
  { M_LAYOUT, NEW_COUNT_LAYOUT },
  { M_RACK_POWER, NEW_COUNT_RACK_POWER },
};

static gboolean
read_metrics (TfYamlReader      *r,
              const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  TfMetrics *mt = &l->metrics;
  guint64 have;

  l->has_metrics = TRUE;
  if (!tf_yaml_read_keys (r, metrics_keys, G_N_ELEMENTS (metrics_keys), mt, l,
                          read_candidate_value, &have, NULL))
    return FALSE;
  l->has_generator_metrics |= have != 0;
  for (guint i = 0; i < G_N_ELEMENTS (new_counts); i++)
    if (have & (G_GUINT64_CONSTANT (1) << new_counts[i].row))
      l->has_new_counts |= new_counts[i].count;
  /* Layout figures no method vouches for are not written back, so they are measured again, as
   * a file without them has them measured: a second load then reads what the first wrote. */
  if (mt->layout_method == TF_METHOD_NONE)
    l->has_new_counts &= ~(guint) NEW_COUNT_LAYOUT;
  if (l->has_generator_metrics && mt->counts_method == TF_METHOD_NONE)
    mt->counts_method = TF_METHOD_EXACT;
  return TRUE;
}

static gboolean
read_candidate_id (TfYamlReader      *r,
                   const TfYamlKeyAt *at)
{
  return tf_yaml_read_string (r, MAX_NAME, &candidate_of (at->data)->candidate_id);
}

/* A string of the result's, with its mark for the checks against the id. */
static gboolean
read_marked (TfYamlReader *r,
             gsize         max_length,
             char        **out,
             TfMark       *mark)
{
  *mark = tf_yaml_reader_mark (r);
  return tf_yaml_read_string (r, max_length, out);
}

static gboolean
read_family (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;

  return read_marked (r, MAX_NAME, &l->family, &l->family_mark);
}

static gboolean
read_id (TfYamlReader      *r,
         const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;

  return read_marked (r, MAX_ID, &l->id, &l->id_mark);
}

static gboolean
read_status (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;

  return read_marked (r, MAX_NAME, &l->status, &l->status_mark);
}

static gboolean
read_warnings (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;
  TfYamlSequence s;
  gboolean more;

  l->warnings_mark = tf_yaml_reader_mark (r);
  l->warnings = g_ptr_array_new_with_free_func (g_free);
  if (!tf_yaml_reader_begin_sequence (r, &s, TF_MAX_WARNINGS))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      char *name = NULL;

      if (tf_yaml_read_string (r, MAX_NAME, &name))
        g_ptr_array_add (l->warnings, name);
    }
  return r->error == NULL;
}

static gboolean
read_n_endpoint (TfYamlReader      *r,
                 const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;

  l->has_n_endpoint = TRUE;
  l->n_endpoint_mark = tf_yaml_reader_mark (r);
  return tf_yaml_read_uint (r, 1, TF_N_CHIP_MAX, &l->n_endpoint);
}

static gboolean
read_derived (TfYamlReader      *r,
              const TfYamlKeyAt *at)
{
  TfLoader *l = at->data;

  l->has_derived = TRUE;
  l->derived_mark = tf_yaml_reader_mark (r);
  return tf_yaml_read_uint (r, 1, TF_N_CHIP_MAX, &l->derived);
}

static const TfYamlKey metadata_keys[] = {
  TF_YAML_KEY_STRING ("source", TfLoader, source, MAX_NAME),
  TF_YAML_KEY_CALL ("candidate_id", read_candidate_id),
  TF_YAML_KEY_CALL ("origin", read_origin),
  TF_YAML_KEY_CALL ("family", read_family),
  TF_YAML_KEY_CALL ("id", read_id),
  TF_YAML_KEY_CALL ("family_attrs", read_attrs),
  TF_YAML_KEY_CALL ("context", read_context),
  TF_YAML_KEY_CALL ("status", read_status),
  TF_YAML_KEY_CALL ("warnings", read_warnings),
  TF_YAML_KEY_CALL ("n_endpoint", read_n_endpoint),
  TF_YAML_KEY_CALL ("derived_chips_per_board", read_derived),
  TF_YAML_KEY_CALL ("metrics", read_metrics),
};

gboolean
tf_loader_read_metadata (TfLoader *l)
{
  l->has_metadata = TRUE;
  l->metadata_mark = tf_yaml_reader_mark (&l->r);
  if (!read_keys (l, metadata_keys, G_N_ELEMENTS (metadata_keys), l, NULL, NULL))
    return FALSE;
  /* A result is its context's: without one its id cannot be checked. A hand-drawn graph or a
   * candidate another tool wrote (the optimizer spec's examples carry none) gets one derived
   * from its grouping once that is read (tf_loader_derive_context). */
  if (!l->has_context && (l->family != NULL || l->id != NULL))
    return tf_yaml_reader_fail_field (&l->r, l->metadata_mark, "metadata",
                                      "context is required with a family or an id");
  return TRUE;
}

void
tf_loader_derive_context (TfLoader *l)
{
  g_autofree guint32 *per_rack = g_new0 (guint32, MAX (l->racks.len, 1));
  g_autofree guint32 *per_pod = g_new0 (guint32, MAX (l->pods.len, 1));
  g_autofree guint32 *per_chip = NULL;
  guint n_chip = 0, boards_max = 0, racks_max = 0, chip_links = 0;
  g_autofree char *line = NULL;

  for (guint i = 0; i < l->chips.len; i++)
    n_chip = MAX (n_chip, VEC_AT (l->chips, ChipRecord, i).chip + 1);
  for (guint i = 0; i < l->boards.len; i++)
    {
      const BoardRecord *b = &VEC_AT (l->boards, BoardRecord, i);

      boards_max = MAX (boards_max, ++per_rack[b->rack]);
      l->ctx.chips_per_board_max = MAX (l->ctx.chips_per_board_max, b->n_chips);
    }
  for (guint i = 0; i < l->racks.len; i++)
    racks_max = MAX (racks_max, ++per_pod[VEC_AT (l->racks, GroupRecord, i).parent]);
  /* NIC ports: the most links a chip has (a chip beyond n_chip is refused later). */
  per_chip = g_new0 (guint32, MAX (n_chip, 1));
  for (guint i = 0; i < l->links.len; i++)
    {
      const LinkRecord *k = &VEC_AT (l->links, LinkRecord, i);
      const guint32 ends[2] = { k->a, k->b };

      for (guint e = 0; e < 2; e++)
        if (!(ends[e] & SWITCH_REF) && ends[e] < n_chip)
          {
            per_chip[ends[e]] = (guint32) MIN ((guint64) per_chip[ends[e]] + k->multiplicity,
                                               G_MAXUINT32);
            chip_links = MAX (chip_links, per_chip[ends[e]]);
          }
    }
  l->ctx.n_chip = n_chip;
  l->ctx.scope = l->racks.len > 1 ? TF_SCOPE_INTER_RACK : TF_SCOPE_INTRA_RACK;
  l->ctx.boards_per_rack_max = MAX (l->ctx.boards_per_rack_max, boards_max);
  l->ctx.racks_per_pod_max = MAX (l->ctx.racks_per_pod_max, racks_max);
  l->ctx.chip_radix = MAX (l->ctx.chip_radix, chip_links);
  l->ctx.rack.power_kw = TF_RACK_POWER_KW_MAX;   /* a file without a budget sets none */
  l->context_mark = l->metadata_mark;
  line = g_strdup_printf ("%s:%u:%u: notice: metadata has no context; derived from the file: "
                          "n_chip = %u, scope = %s, chip_radix = %u (the most links a chip "
                          "has), no rack power budget, the rest the defaults",
                          l->r.file, l->metadata_mark.line, l->metadata_mark.column, n_chip,
                          tf_scope_to_string (l->ctx.scope), l->ctx.chip_radix);
  g_ptr_array_add (l->notices, tf_escape_control (line));
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
  else if (!(present & NEW_COUNT_RACK_POWER))
    m->rack_power_kw = tf_rack_power_kw (ctx, graph->n_board, graph->chips_per_board, 0,
                                         graph->board_rack, graph->n_rack, graph->switches,
                                         graph->n_switch, NULL);
  if (!(present & NEW_COUNT_PER_CHIP_BISECTION))
    tf_metrics_set_bisection_per_chip (m, graph->n_chip);
}

