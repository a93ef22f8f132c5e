/* SPDX-License-Identifier: GPL-3.0-or-later */
/* yaml-writer.c: enumeration results and topologies as YAML (docs/yaml-format.md), through
 * libyaml's emitter so quoting and escaping are always right. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "family-private.h"
#include "yaml-reader-private.h"

typedef struct
{
  yaml_emitter_t emitter;
  GString       *out;
  gboolean       ok;
  const char    *problem;  /* ours, when we stop the emitter ourselves */
} Writer;

static int
write_handler (void          *data,
               unsigned char *buffer,
               size_t         size)
{
  Writer *w = data;

  g_string_append_len (w->out, (const char *) buffer, (gssize) size);
  return 1;
}

static void
emit (Writer      *w,
      yaml_event_t *event)
{
  if (w->ok && !yaml_emitter_emit (&w->emitter, event))
    w->ok = FALSE;
  else if (!w->ok)
    yaml_event_delete (event);
}

/* Plain when YAML 1.1 would read the text back as a string, quoted otherwise. */
static gboolean
reads_as_string (const char *s)
{
  static const char *const specials[] = {
    "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE",
    "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
    "y", "Y", "n", "N", ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "-.inf", "-.Inf",
    "-.INF", "+.inf", "+.Inf", "+.INF",
  };
  char *end;

  /* Every special starts with one of these, and every number with a digit, sign or dot. */
  if (*s != '\0' && strchr ("~nNtTfFyYoO.+-0123456789", *s) == NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (specials); i++)
    if (strcmp (s, specials[i]) == 0)
      return FALSE;
  g_ascii_strtod (s, &end);
  if (end != s && *end == '\0')
    return FALSE;
  return TRUE;
}

static void
scalar (Writer     *w,
        const char *value,
        gboolean    is_string)
{
  yaml_event_t event;
  gboolean plain;

  /* libyaml's emitter assumes UTF-8 and misbehaves on anything else; refuse it here. */
  if (w->ok && !g_utf8_validate (value, -1, NULL))
    {
      w->ok = FALSE;
      w->problem = "a string is not valid UTF-8";
    }
  if (!w->ok)
    return;
  plain = !is_string || reads_as_string (value);

  /* quoted_implicit for every string: where the emitter cannot write a plain scalar it quotes
   * it, and a quoted scalar must still read as a string, not carry a "!" tag. */
  yaml_scalar_event_initialize (&event, NULL, NULL, (yaml_char_t *) value, (int) strlen (value),
                                plain, is_string,
                                plain ? YAML_ANY_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE);
  emit (w, &event);
}

static void
string (Writer     *w,
        const char *value)
{
  scalar (w, value, TRUE);
}

static void
uint64 (Writer  *w,
        guint64  value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, value);
  scalar (w, buf, FALSE);
}

static void
int64 (Writer *w,
       gint64  value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
  scalar (w, buf, FALSE);
}

/* A float YAML 1.1 readers take as one: integral values as "900.0", others as the shortest
 * decimal that reads back as the same double, with a '.' before any exponent. */
static void
real (Writer *w,
      double  value)
{
  char buf[64];
  char *e;

  if (!isfinite (value))
    {
      scalar (w, isnan (value) ? ".nan" : value > 0 ? ".inf" : "-.inf", FALSE);
      return;
    }
  if (value == floor (value) && fabs (value) < 1e15)
    g_ascii_formatd (buf, sizeof buf, "%.1f", value);
  else
    for (int precision = 1; precision <= 17; precision++)
      {
        char format[8];

        g_snprintf (format, sizeof format, "%%.%dg", precision);
        g_ascii_formatd (buf, sizeof buf - 4, format, value);
        if (g_ascii_strtod (buf, NULL) == value)
          break;
      }
  e = strpbrk (buf, "eE");
  if (e != NULL && memchr (buf, '.', (gsize) (e - buf)) == NULL)
    {
      memmove (e + 2, e, strlen (e) + 1);
      e[0] = '.';
      e[1] = '0';
    }
  scalar (w, buf, FALSE);
}

static void
mapping_start (Writer   *w,
               gboolean  flow)
{
  yaml_event_t event;

  yaml_mapping_start_event_initialize (&event, NULL, NULL, 1,
                                       flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
  emit (w, &event);
}

static void
mapping_end (Writer *w)
{
  yaml_event_t event;

  yaml_mapping_end_event_initialize (&event);
  emit (w, &event);
}

static void
sequence_start (Writer   *w,
                gboolean  flow)
{
  yaml_event_t event;

  yaml_sequence_start_event_initialize (&event, NULL, NULL, 1,
                                        flow ? YAML_FLOW_SEQUENCE_STYLE
                                             : YAML_BLOCK_SEQUENCE_STYLE);
  emit (w, &event);
}

static void
sequence_end (Writer *w)
{
  yaml_event_t event;

  yaml_sequence_end_event_initialize (&event);
  emit (w, &event);
}

static void
key_string (Writer     *w,
            const char *key,
            const char *value)
{
  string (w, key);
  string (w, value);
}

static void
key_uint (Writer     *w,
          const char *key,
          guint64     value)
{
  string (w, key);
  uint64 (w, value);
}

static void
key_real (Writer     *w,
          const char *key,
          double      value)
{
  string (w, key);
  real (w, value);
}

static void
writer_begin (Writer  *w,
              GString *out)
{
  yaml_event_t event;

  memset (w, 0, sizeof *w);
  w->out = out;
  w->ok = TRUE;
  yaml_emitter_initialize (&w->emitter);
  yaml_emitter_set_output (&w->emitter, write_handler, w);
  yaml_emitter_set_unicode (&w->emitter, 1);
  yaml_emitter_set_width (&w->emitter, 100);
  yaml_emitter_set_indent (&w->emitter, 2);
  yaml_stream_start_event_initialize (&event, YAML_UTF8_ENCODING);
  emit (w, &event);
  yaml_document_start_event_initialize (&event, NULL, NULL, NULL, 1);
  emit (w, &event);
}

static gboolean
writer_end (Writer  *w,
            GError **error)
{
  yaml_event_t event;

  yaml_document_end_event_initialize (&event, 1);
  emit (w, &event);
  yaml_stream_end_event_initialize (&event);
  emit (w, &event);
  if (w->ok)
    yaml_emitter_flush (&w->emitter);
  if (!w->ok)
    g_set_error (error, TF_ERROR, TF_ERROR_IO, "YAML emitter: %s",
                 w->problem ? w->problem : w->emitter.problem ? w->emitter.problem
                                                              : "unknown error");
  yaml_emitter_delete (&w->emitter);
  return w->ok;
}

/* Pieces shared by both documents */

/* A kept value as it was read: same structure, same scalar styles. */
static void
write_node (Writer           *w,
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
        emit (w, &event);
      }
      break;
    case YAML_SEQUENCE_NODE:
      sequence_start (w, node->flow);
      for (guint i = 0; i < node->children->len; i++)
        write_node (w, g_ptr_array_index (node->children, i));
      sequence_end (w);
      break;
    case YAML_MAPPING_NODE:
      mapping_start (w, node->flow);
      for (guint i = 0; i < node->children->len; i++)
        write_node (w, g_ptr_array_index (node->children, i));
      mapping_end (w);
      break;
    case YAML_NO_NODE:
    default:
      g_assert_not_reached ();
    }
}

/* Metadata keys Topoforge does not read, kept as they were (TfTopology.extensions), go back
 * after the known keys of the mapping that held them, in the order read. */
static void
write_kept (Writer          *w,
            const GPtrArray *kept,
            const char      *parent)
{
  for (guint i = 0; kept != NULL && i < kept->len; i++)
    {
      const TfYamlExtension *x = g_ptr_array_index (kept, i);

      if (strcmp (x->parent, parent) == 0)
        {
          string (w, x->key);
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
write_by_reach (Writer          *w,
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
          string (w, "by_reach");
          mapping_start (w, TRUE);
          any = TRUE;
        }
      string (w, tf_reach_to_string (r));
      mapping_start (w, TRUE);
      if (!isnan (o->bandwidth_gbps))
        key_real (w, "bandwidth_gbps", o->bandwidth_gbps);
      if (!isnan (o->latency_ns))
        key_real (w, "latency_ns", o->latency_ns);
      reach_path = g_strdup_printf ("%s.%s", path, tf_reach_to_string (r));
      write_kept (w, kept, reach_path);
      mapping_end (w);
    }
  if (!any && has_kept (kept, path))
    {
      string (w, "by_reach");
      mapping_start (w, TRUE);
      any = TRUE;
    }
  if (any)
    {
      write_kept (w, kept, path);
      mapping_end (w);
    }
}

/* @kept: the keys a loaded topology kept, or NULL. */
static void
write_context (Writer          *w,
               const TfContext *ctx,
               const GPtrArray *kept)
{
  mapping_start (w, FALSE);
  key_uint (w, "n_chip", ctx->n_chip);
  key_string (w, "scope", tf_scope_to_string (ctx->scope));
  key_uint (w, "chips_per_board_max", ctx->chips_per_board_max);
  key_uint (w, "boards_per_rack_max", ctx->boards_per_rack_max);
  key_uint (w, "racks_per_pod_max", ctx->racks_per_pod_max);
  key_uint (w, "chip_radix", ctx->chip_radix);
  key_string (w, "intra_board_topo", tf_intra_board_topo_to_string (ctx->intra_board_topo));
  string (w, "defaults");
  mapping_start (w, FALSE);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      g_autofree char *path = g_strdup_printf ("metadata.context.defaults.%s",
                                               tf_link_type_to_string (t));

      string (w, tf_link_type_to_string (t));
      mapping_start (w, TRUE);
      key_real (w, "bandwidth_gbps", ctx->defaults[t].bandwidth_gbps);
      key_real (w, "latency_ns", ctx->defaults[t].latency_ns);
      write_by_reach (w, ctx, t, kept);
      write_kept (w, kept, path);
      mapping_end (w);
    }
  string (w, "switch");
  mapping_start (w, TRUE);
  key_uint (w, "radix", ctx->switch_defaults.radix);
  key_real (w, "latency_ns", ctx->switch_defaults.latency_ns);
  write_kept (w, kept, "metadata.context.defaults.switch");
  mapping_end (w);
  write_kept (w, kept, "metadata.context.defaults");
  mapping_end (w);
  write_kept (w, kept, "metadata.context");
  mapping_end (w);
}

static void
write_warnings (Writer         *w,
                const TfResult *result)
{
  sequence_start (w, TRUE);
  for (guint i = 0; i < result->n_warnings; i++)
    string (w, result->warnings[i]->name);
  sequence_end (w);
}

static void
write_attrs (Writer         *w,
             const TfResult *result)
{
  TfAttrs attrs;

  tf_result_get_attrs (result, &attrs);
  mapping_start (w, TRUE);
  for (guint i = 0; i < attrs.n_attrs; i++)
    {
      const TfAttr *a = &attrs.attrs[i];

      string (w, a->key);
      if (a->is_list)
        {
          sequence_start (w, TRUE);
          for (guint j = 0; j < a->n_values; j++)
            int64 (w, a->values[j]);
          sequence_end (w);
        }
      else
        int64 (w, a->values[0]);
    }
  mapping_end (w);
}

/* @candidate: the optimizer's values, or NULL; @kept: the keys a loaded topology kept, or
 * NULL. */
static void
write_metrics (Writer                    *w,
               const TfMetrics           *m,
               const TfCandidateMetadata *candidate,
               const GPtrArray           *kept)
{
  mapping_start (w, FALSE);
  if (m->counts_method == TF_METHOD_NONE)
    goto candidate_values;
  key_uint (w, "diameter", m->diameter);
  if (m->average_path_length_method != TF_METHOD_NONE)
    key_real (w, "average_path_length", m->average_path_length);
  key_uint (w, "bisection_links", m->bisection_links);
  key_real (w, "bisection_bandwidth", m->bisection_bandwidth);
  key_uint (w, "link_count", m->link_count);
  string (w, "link_count_by_type");
  mapping_start (w, TRUE);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    key_uint (w, tf_link_type_to_string (t), m->link_count_by_type[t]);
  write_kept (w, kept, "metadata.metrics.link_count_by_type");
  mapping_end (w);
  string (w, "link_count_by_reach");
  mapping_start (w, TRUE);
  for (guint r = 0; r < TF_N_REACHES; r++)
    key_uint (w, tf_reach_to_string (r), m->link_count_by_reach[r]);
  write_kept (w, kept, "metadata.metrics.link_count_by_reach");
  mapping_end (w);
  key_uint (w, "switch_count", m->switch_count);
  key_uint (w, "switch_radix", m->switch_radix);
  string (w, "links_per_chip");
  if (m->links_per_chip_min == m->links_per_chip_max
      && !has_kept (kept, "metadata.metrics.links_per_chip"))
    uint64 (w, m->links_per_chip_max);
  else
    {
      mapping_start (w, TRUE);
      key_uint (w, "min", m->links_per_chip_min);
      key_uint (w, "max", m->links_per_chip_max);
      write_kept (w, kept, "metadata.metrics.links_per_chip");
      mapping_end (w);
    }
  key_uint (w, "path_diversity", m->path_diversity);
  key_real (w, "bisection_bandwidth_per_chip", m->bisection_bandwidth_per_chip);
  if (m->layout_method != TF_METHOD_NONE)
    {
      key_real (w, "network_cost", m->network_cost);
      string (w, "network_cost_by_part");
      mapping_start (w, TRUE);
      key_real (w, "switches", m->switch_cost);
      key_real (w, "links", m->link_cost);
      key_real (w, "nics", m->nic_cost);
      write_kept (w, kept, "metadata.metrics.network_cost_by_part");
      mapping_end (w);
      string (w, "cables_by_class");
      mapping_start (w, TRUE);
      for (guint c = 0; c < TF_N_CABLES; c++)
        key_uint (w, tf_cable_to_string (c), m->cables_by_class[c]);
      write_kept (w, kept, "metadata.metrics.cables_by_class");
      mapping_end (w);
      key_real (w, "injection_bandwidth_per_chip", m->injection_bandwidth);
      key_uint (w, "rack_count", m->rack_count);
      key_uint (w, "pod_count", m->pod_count);
    }
  string (w, "methods");
  mapping_start (w, TRUE);
  key_string (w, "diameter", tf_method_to_string (m->diameter_method));
  if (m->average_path_length_method != TF_METHOD_NONE)
    key_string (w, "average_path_length", tf_method_to_string (m->average_path_length_method));
  key_string (w, "bisection_links", tf_method_to_string (m->bisection_links_method));
  key_string (w, "bisection_bandwidth", tf_method_to_string (m->bisection_bandwidth_method));
  key_string (w, "link_count", tf_method_to_string (m->counts_method));
  key_string (w, "switch_count", tf_method_to_string (m->counts_method));
  key_string (w, "switch_radix", tf_method_to_string (m->counts_method));
  key_string (w, "links_per_chip", tf_method_to_string (m->counts_method));
  key_string (w, "path_diversity", tf_method_to_string (m->path_diversity_method));
  key_string (w, "bisection_bandwidth_per_chip",
              tf_method_to_string (m->bisection_bandwidth_method));
  if (m->layout_method != TF_METHOD_NONE)
    {
      key_string (w, "network_cost", tf_method_to_string (m->cost_method));
      key_string (w, "cables_by_class", tf_method_to_string (m->layout_method));
      key_string (w, "injection_bandwidth_per_chip", tf_method_to_string (m->layout_method));
      key_string (w, "rack_count", tf_method_to_string (m->layout_method));
      key_string (w, "pod_count", tf_method_to_string (m->layout_method));
    }
  write_kept (w, kept, "metadata.metrics.methods");
  mapping_end (w);
candidate_values:
  for (guint i = 0; candidate != NULL && i < candidate->n_values; i++)
    if (candidate->texts[i] != NULL)
      key_string (w, tf_candidate_value_names ()[candidate->value_keys[i]], candidate->texts[i]);
    else
      key_real (w, tf_candidate_value_names ()[candidate->value_keys[i]], candidate->values[i]);
  write_kept (w, kept, "metadata.metrics");
  mapping_end (w);
}

static void
write_result (Writer         *w,
              const TfResult *result)
{
  g_autofree char *id = tf_result_dup_id (result);

  mapping_start (w, FALSE);
  key_string (w, "id", id);
  key_string (w, "status", tf_status_to_string (tf_result_get_status (result)));
  string (w, "warnings");
  write_warnings (w, result);
  key_uint (w, "n_endpoint", result->n_endpoint);
  key_uint (w, "derived_chips_per_board", result->chips_per_board);
  string (w, "family_attrs");
  write_attrs (w, result);
  string (w, "metrics");
  write_metrics (w, &result->metrics, NULL, NULL);
  mapping_end (w);
}

/* The query, when there is one, as docs/yaml-format.md shows it. */
static void
write_query (Writer        *w,
             const TfQuery *q)
{
  mapping_start (w, FALSE);
  if (q->statuses != 0)
    {
      string (w, "status");
      sequence_start (w, TRUE);
      for (TfStatus s = TF_STATUS_RECOMMENDED; s <= TF_STATUS_EDGE_CASE; s++)
        if (q->statuses & (1u << s))
          string (w, tf_status_to_string (s));
      sequence_end (w);
    }
  if (q->chips_per_board != NULL && q->chips_per_board->len > 0)
    {
      string (w, "chips_per_board");
      sequence_start (w, TRUE);
      for (guint i = 0; i < q->chips_per_board->len; i++)
        {
          const TfQueryRange *range = &g_array_index (q->chips_per_board, TfQueryRange, i);

          mapping_start (w, TRUE);
          key_uint (w, "min", range->min);
          key_uint (w, "max", range->max);
          mapping_end (w);
        }
      sequence_end (w);
    }
  if (q->conditions != NULL && q->conditions->len > 0)
    {
      string (w, "where");
      sequence_start (w, TRUE);
      for (guint i = 0; i < q->conditions->len; i++)
        {
          const TfCondition *c = &g_array_index (q->conditions, TfCondition, i);

          mapping_start (w, TRUE);
          key_string (w, "column", c->column->name);
          key_string (w, "compare", tf_compare_to_string (c->compare));
          if (c->column->kind == TF_COLUMN_REAL)
            key_real (w, "value", c->value);
          else
            key_uint (w, "value", (guint64) c->value);
          mapping_end (w);
        }
      sequence_end (w);
    }
  if (q->match != NULL)
    key_string (w, "match", q->match);
  if (q->sort != NULL)
    {
      string (w, "sort");
      mapping_start (w, TRUE);
      key_string (w, "column", q->sort->name);
      key_string (w, "order", q->descending ? "descending" : "ascending");
      mapping_end (w);
    }
  mapping_end (w);
}

gboolean
tf_enumeration_write_yaml (const TfEnumeration  *enumeration,
                           GString              *out,
                           GError              **error)
{
  Writer w;
  gboolean filters;

  g_return_val_if_fail (enumeration != NULL && out != NULL, FALSE);

  filters = tf_query_filters (&enumeration->query);
  writer_begin (&w, out);
  mapping_start (&w, FALSE);
  string (&w, "context");
  write_context (&w, &enumeration->context, NULL);
  key_uint (&w, "limit", enumeration->limit);
  if (filters || enumeration->query.sort != NULL)
    {
      string (&w, "query");
      write_query (&w, &enumeration->query);
    }
  string (&w, "families");
  sequence_start (&w, FALSE);
  for (guint i = 0; i < enumeration->n_families; i++)
    {
      const TfFamilyEnumeration *f = &enumeration->families[i];

      mapping_start (&w, FALSE);
      key_string (&w, "family", tf_family_get_name (f->family));
      key_uint (&w, "total", f->total);
      if (filters)
        key_uint (&w, "matched", f->matched);
      if (f->capped > 0)
        key_uint (&w, "capped", f->capped);
      if (f->oversize > 0)
        key_uint (&w, "oversize", f->oversize);
      if (f->excluded != NULL)
        key_string (&w, "excluded", f->excluded);
      string (&w, "results");
      sequence_start (&w, f->n_results == 0);
      for (guint j = 0; j < f->n_results; j++)
        write_result (&w, &f->results[j]);
      sequence_end (&w);
      mapping_end (&w);
    }
  sequence_end (&w);
  mapping_end (&w);
  return writer_end (&w, error);
}

static void
write_grouping (Writer               *w,
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

  mapping_start (w, FALSE);
  string (w, "pods");
  sequence_start (w, FALSE);
  for (guint p = 0; p < graph->n_pod; p++)
    {
      mapping_start (w, FALSE);
      key_uint (w, "id", p);
      string (w, "racks");
      sequence_start (w, FALSE);
      for (guint i = rack_start[p]; i < rack_start[p + 1]; i++)
        {
          guint r = rack_order[i];

          mapping_start (w, FALSE);
          key_uint (w, "id", r);
          string (w, "boards");
          sequence_start (w, FALSE);
          for (guint j = board_start[r]; j < board_start[r + 1]; j++)
            {
              guint b = board_order[j];

              mapping_start (w, TRUE);
              key_uint (w, "id", b);
              string (w, "chips");
              sequence_start (w, TRUE);
              for (guint k = 0; k < c; k++)
                uint64 (w, graph->board_chips[(gsize) b * c + k]);
              sequence_end (w);
              mapping_end (w);
            }
          sequence_end (w);
          mapping_end (w);
        }
      sequence_end (w);
      mapping_end (w);
    }
  sequence_end (w);
  mapping_end (w);
}

static void
write_network (Writer               *w,
               const TfNetworkGraph *graph)
{
  g_autoptr(GString) a = g_string_new (NULL);
  g_autoptr(GString) b = g_string_new (NULL);

  mapping_start (w, FALSE);
  string (w, "switches");
  sequence_start (w, FALSE);
  for (guint i = 0; i < graph->n_switch; i++)
    {
      const TfSwitch *sw = &graph->switches[i];

      mapping_start (w, TRUE);
      key_string (w, "id", sw->id);
      key_string (w, "tier", tf_tier_to_string (sw->tier));
      if (sw->tier == TF_TIER_RACK)
        key_uint (w, "rack", sw->container);
      else if (sw->tier == TF_TIER_POD)
        key_uint (w, "pod", sw->container);
      key_uint (w, "port_count", sw->port_count);
      mapping_end (w);
    }
  sequence_end (w);
  string (w, "links");
  sequence_start (w, FALSE);
  for (guint i = 0; i < graph->n_links && w->ok; i++)
    {
      const TfLink *l = &graph->links[i];

      g_string_truncate (a, 0);
      g_string_truncate (b, 0);
      tf_network_graph_append_node_name (graph, l->a, a);
      tf_network_graph_append_node_name (graph, l->b, b);
      mapping_start (w, TRUE);
      key_string (w, "a", a->str);
      key_string (w, "b", b->str);
      key_string (w, "type", tf_link_type_to_string (l->type));
      key_string (w, "reach", tf_reach_to_string (l->reach));
      key_uint (w, "multiplicity", l->multiplicity);
      mapping_end (w);
    }
  sequence_end (w);
  mapping_end (w);
}

static void
write_string_list (Writer          *w,
                   const char      *key,
                   const GPtrArray *list)
{
  if (list == NULL)
    return;
  string (w, key);
  sequence_start (w, TRUE);
  for (guint i = 0; i < list->len; i++)
    string (w, g_ptr_array_index (list, i));
  sequence_end (w);
}

static void
write_candidate_origin (Writer                    *w,
                        const TfCandidateMetadata *c,
                        const GPtrArray           *kept)
{
  if (c->candidate_id != NULL)
    key_string (w, "candidate_id", c->candidate_id);
  if (c->method == NULL)
    return;
  string (w, "origin");
  mapping_start (w, FALSE);
  key_string (w, "method", c->method);
  if (c->seed_family != NULL)
    key_string (w, "seed_family", c->seed_family);
  if (c->seed_id != NULL)
    key_string (w, "seed_id", c->seed_id);
  write_string_list (w, "parent_ids", c->parent_ids);
  write_string_list (w, "mutations_applied", c->mutations);
  if (c->has_mutations_total)
    key_uint (w, "mutations_total", c->mutations_total);
  write_kept (w, kept, "metadata.origin");
  mapping_end (w);
}

static void
write_metadata (Writer           *w,
                const TfTopology *topology)
{
  const TfResult *result = &topology->result;
  g_autofree char *source = topology->source ? g_strdup (topology->source)
                                             : g_strdup_printf ("topoforge %s", TF_VERSION);

  mapping_start (w, FALSE);
  key_string (w, "source", source);
  if (topology->candidate != NULL)
    write_candidate_origin (w, topology->candidate, topology->extensions);
  if (result->family != NULL)
    {
      g_autofree char *id = tf_result_dup_id (result);

      key_string (w, "family", tf_family_get_name (result->family));
      key_string (w, "id", id);
      string (w, "family_attrs");
      write_attrs (w, result);
    }
  string (w, "context");
  write_context (w, &topology->context, topology->extensions);
  if (result->family != NULL)
    {
      key_string (w, "status", tf_status_to_string (tf_result_get_status (result)));
      string (w, "warnings");
      write_warnings (w, result);
      key_uint (w, "n_endpoint", result->n_endpoint);
      key_uint (w, "derived_chips_per_board", result->chips_per_board);
    }
  if (result->metrics.counts_method != TF_METHOD_NONE
      || (topology->candidate != NULL && topology->candidate->n_values > 0)
      || has_kept (topology->extensions, "metadata.metrics"))
    {
      string (w, "metrics");
      write_metrics (w, &result->metrics, topology->candidate, topology->extensions);
    }
  write_kept (w, topology->extensions, "metadata");
  mapping_end (w);
}

gboolean
tf_topology_write_metadata_yaml (const TfTopology  *topology,
                                 GString           *out,
                                 GError           **error)
{
  Writer w;

  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);

  writer_begin (&w, out);
  mapping_start (&w, FALSE);
  string (&w, "metadata");
  write_metadata (&w, topology);
  mapping_end (&w);
  return writer_end (&w, error);
}

gboolean
tf_topology_write_yaml (const TfTopology  *topology,
                        GString           *out,
                        GError           **error)
{
  Writer w;

  g_return_val_if_fail (topology != NULL && out != NULL, FALSE);

  writer_begin (&w, out);
  mapping_start (&w, FALSE);
  string (&w, "metadata");
  write_metadata (&w, topology);
  key_uint (&w, "chips_per_board", topology->graph.chips_per_board);
  string (&w, "boardGrouping");
  write_grouping (&w, &topology->graph);
  string (&w, "network");
  write_network (&w, &topology->graph);
  mapping_end (&w);
  return writer_end (&w, error);
}
