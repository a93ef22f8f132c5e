/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config-workload.c: the workloads of a search configuration (workload: or workloads:),
 * each a parallelism, its message sizes and primitives, and a model given key by key or by a
 * preset of data/models.yaml (compiled in as text by scripts/embed-text.py); and, once the whole
 * document is read, each workload checked against n_chip with its compute time derived.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "names-private.h"
#include "search-config-private.h"
#include "graph-private.h"

#include "models-yaml.h"

#define MAX_NAME            256
#define MAX_PRESETS         32u

static gboolean
lookup_primitive (const char *name,
                  guint      *index)
{
  return tf_names_find (tf_primitive_names, name, index);
}

static char *
explain_primitive (const char *name)
{
  g_autofree char *list = tf_names_join (tf_primitive_names);

  return g_strdup_printf ("'%s' is not a collective primitive; primitives are %s", name, list);
}

/* Model presets (data/models.yaml) and the model keys of a workload */

const ModelField tf_config_model_fields[N_MODEL_FIELDS] = {
  [F_PARAMETERS] = { "parameters", G_STRUCT_OFFSET (TfWorkload, parameters), FALSE, 0, 0,
                     0, 1e15, NULL },
  [F_LAYERS] = { "layers", G_STRUCT_OFFSET (TfWorkload, layers), TRUE, 1, 100000, 0, 0, NULL },
  [F_HIDDEN_SIZE] = { "hidden_size", G_STRUCT_OFFSET (TfWorkload, hidden_size), TRUE, 1,
                      1u << 24, 0, 0, NULL },
  [F_SEQUENCE_LENGTH] = { "sequence_length", G_STRUCT_OFFSET (TfWorkload, sequence_length),
                          TRUE, 1, 1u << 24, 0, 0, NULL },
  [F_GLOBAL_BATCH_SIZE] = { "global_batch_size",
                            G_STRUCT_OFFSET (TfWorkload, global_batch_size), TRUE, 1, 1u << 24,
                            0, 0, NULL },
  [F_MICRO_BATCH_SIZE] = { "micro_batch_size", G_STRUCT_OFFSET (TfWorkload, micro_batch_size),
                           TRUE, 1, 1u << 24, 0, 0, NULL },
  [F_BYTES_PER_VALUE] = { "bytes_per_value", G_STRUCT_OFFSET (TfWorkload, bytes_per_value),
                          TRUE, 1, 16, 0, 0, NULL },
  [F_CHIP_PEAK_TFLOPS] = { "chip_peak_tflops", G_STRUCT_OFFSET (TfWorkload, chip_peak_tflops),
                           FALSE, 0, 0, 0, 1e6, "TFLOP/s" },
  [F_MFU] = { "mfu", G_STRUCT_OFFSET (TfWorkload, mfu), FALSE, 0, 0, 0, 1, NULL },
  [F_COMPUTE_TIME_US] = { "compute_time_us", G_STRUCT_OFFSET (TfWorkload, compute_time_us),
                          FALSE, 0, 0, 0, 1e15, "us" },
};

/* eta per communication: tensor- and expert-parallel traffic and the pipeline's activations sit
 * on the critical path; most of the data-parallel gradient AllReduce hides behind the backward
 * pass (docs/optimizer.md). */
static const double default_overlap[TF_N_COMMS] = { 1.0, 1.0, 0.3, 1.0 };

static gboolean
model_field_index (const char *key,
                   guint      *index)
{
  for (guint i = 0; i < N_MODEL_FIELDS; i++)
    if (strcmp (key, tf_config_model_fields[i].key) == 0)
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
read_model_field (TfYamlReader *r,
                  guint         index,
                  TfWorkload   *w)
{
  const ModelField *f = &tf_config_model_fields[index];
  gpointer field = G_STRUCT_MEMBER_P (w, f->offset);

  if (f->integer)
    return tf_yaml_read_guint (r, f->min, f->max, field);
  return tf_yaml_read_real_in (r, f->rmin, TRUE, f->rmax, f->unit, field);
}

static gboolean
read_overlap (TfYamlReader *r,
              TfWorkload   *w,
              guint        *have)
{
  TfYamlMapping m;
  const char *key;
  guint c;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!tf_names_find (tf_comm_names, key, &c))
        tf_yaml_unknown_key (r, &m, key, tf_comm_names);
      else if (tf_yaml_read_real_in (r, 0, FALSE, 1, NULL, &w->overlap[c]))
        *have |= 1u << F_OVERLAP (c);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

void
tf_config_model_preset_clear (gpointer data)
{
  g_free (((ModelPreset *) data)->name);
}

/* The keys a preset may give: the model's, overlap, but not compute_time_us (it depends on the
 * chip count). */
TF_STATIC_NAMES (preset_keys,
  "parameters", "layers", "hidden_size", "sequence_length", "global_batch_size",
  "micro_batch_size", "bytes_per_value", "chip_peak_tflops", "mfu", "overlap",
);

static gboolean
read_preset (TfYamlReader *r,
             ModelPreset  *preset)
{
  TfYamlMapping m;
  const char *key;
  guint index;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (strcmp (key, "overlap") == 0)
        read_overlap (r, &preset->model, &preset->have);
      else if (!model_field_index (key, &index) || index == F_COMPUTE_TIME_US)
        tf_yaml_unknown_key (r, &m, key, preset_keys);
      else if (read_model_field (r, index, &preset->model))
        preset->have |= 1u << index;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && (preset->have & REQUIRED_MODEL) != REQUIRED_MODEL)
    return tf_yaml_fail_missing (r, m.start, (TfNames) { preset_keys.names, F_COMPUTE_TIME_US },
                                 preset->have);
  return r->error == NULL;
}

void
tf_config_models_builtin (GArray *presets)
{
  TfYamlReader r;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_init (&r, "data/models.yaml", (const guchar *) tf_models_yaml,
                            sizeof tf_models_yaml - 1)
      || !tf_yaml_reader_begin_document (&r) || !tf_yaml_reader_begin_mapping (&r, &m))
    tf_yaml_builtin_failed ("data/models.yaml", r.error);
  while (tf_yaml_reader_next_key (&r, &m, &key))
    {
      ModelPreset preset = { g_strdup (key), { 0 }, 0 };

      g_array_append_val (presets, preset);
      if (presets->len > MAX_PRESETS)
        tf_yaml_reader_fail (&r, "more than %u presets", MAX_PRESETS);
      else
        read_preset (&r, &g_array_index (presets, ModelPreset, presets->len - 1));
    }
  tf_yaml_mapping_clear (&m);
  if (r.error != NULL || !tf_yaml_reader_end_document (&r))
    tf_yaml_builtin_failed ("data/models.yaml", r.error);
  tf_yaml_reader_clear (&r);
}

char **
tf_search_config_list_models (void)
{
  g_autoptr(GArray) presets = g_array_new (FALSE, TRUE, sizeof (ModelPreset));
  GStrvBuilder *names = g_strv_builder_new ();
  char **out;

  g_array_set_clear_func (presets, tf_config_model_preset_clear);
  tf_config_models_builtin (presets);
  for (guint i = 0; i < presets->len; i++)
    g_strv_builder_add (names, g_array_index (presets, ModelPreset, i).name);
  out = g_strv_builder_end (names);
  g_strv_builder_unref (names);
  return out;
}

static char *
join_preset_names (GArray *presets)
{
  g_autofree const char **names = g_new (const char *, presets->len);

  for (guint i = 0; i < presets->len; i++)
    names[i] = g_array_index (presets, ModelPreset, i).name;
  return tf_names_join ((TfNames) { names, presets->len });
}

TF_STATIC_NAMES (workload_keys,
  "name", "model", "parallelism", "message_sizes_bytes", "required_primitives", "parameters",
  "layers", "hidden_size", "sequence_length", "global_batch_size", "micro_batch_size",
  "bytes_per_value", "chip_peak_tflops", "mfu", "compute_time_us", "overlap", "weight",
);

TF_STATIC_NAMES (parallelism_keys, "tp", "pp", "dp", "ep");

static gboolean
read_parallelism (Loader     *l,
                  TfWorkload *w)
{
  TfYamlReader *r = &l->r;
  TfYamlMapping m;
  const char *key;
  guint *fields[] = { &w->tp, &w->pp, &w->dp, &w->ep };
  guint have = 0;
  guint i;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (!tf_names_find (parallelism_keys, key, &i))
        tf_yaml_unknown_key (r, &m, key, parallelism_keys);
      else if (tf_yaml_read_guint (r, 1, MAX_N_CHIP, fields[i]))
        have |= 1u << i;
    }
  tf_yaml_mapping_clear (&m);
  if (r->error == NULL && (have & 7) != 7)
    return tf_yaml_reader_fail_at (r, m.start, "needs tp, pp and dp (ep is optional, 1 if "
                                   "not given)");
  if (r->error == NULL && !(have & 8))
    w->ep = 1;
  return r->error == NULL;
}

static gboolean
read_message_sizes (Loader     *l,
                    TfWorkload *w)
{
  TfYamlReader *r = &l->r;
  TfYamlSequence s;
  gboolean more;

  w->n_message_sizes = 0;
  if (!tf_yaml_reader_begin_sequence (r, &s, TF_SEARCH_MAX_MESSAGE_SIZES))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &s, &more) && more)
    {
      TfMark mark = tf_yaml_reader_mark (r);
      guint64 v;

      if (!tf_yaml_read_uint_in (r, 1, G_GUINT64_CONSTANT (1) << 40, "bytes, at most 1 TiB", &v))
        break;
      for (guint i = 0; i < w->n_message_sizes; i++)
        if (w->message_sizes[i] == v)
          return tf_yaml_reader_fail_at (r, mark, "%" G_GUINT64_FORMAT " is listed twice", v);
      w->message_sizes[w->n_message_sizes++] = v;
    }
  if (r->error != NULL)
    return FALSE;
  if (w->n_message_sizes == 0)
    return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs at least one size");
  /* Ascending: Layer 2 tables and the allreduce_time objective (the largest) rely on it. */
  qsort (w->message_sizes, w->n_message_sizes, sizeof (guint64), tf_guint64_compare);
  return TRUE;
}

static gboolean
find_preset (Loader             *l,
             const char         *name,
             const ModelPreset **out)
{
  for (guint i = 0; i < l->presets->len; i++)
    if (strcmp (g_array_index (l->presets, ModelPreset, i).name, name) == 0)
      {
        *out = &g_array_index (l->presets, ModelPreset, i);
        return TRUE;
      }
  return FALSE;
}

static gboolean
read_workload (Loader   *l,
               guint     index,
               gboolean  in_list)
{
  TfYamlReader *r = &l->r;
  TfWorkload *w = &l->c->workloads[index];
  WorkloadRecord *rec = &l->records[index];
  TfYamlMapping m;
  const char *key;
  guint i;

  rec->mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      if (tf_yaml_is_key (key, "name"))
        {
          rec->has_name = TRUE;
          rec->name_mark = tf_yaml_reader_mark (r);
          g_clear_pointer (&w->name, g_free);
          tf_yaml_read_string (r, MAX_NAME, &w->name);
        }
      else if (tf_yaml_is_key (key, "model"))
        {
          TfMark mark = tf_yaml_reader_mark (r);

          g_clear_pointer (&w->model, g_free);
          if (tf_yaml_read_string (r, MAX_NAME, &w->model)
              && !find_preset (l, w->model, &rec->preset))
            {
              g_autofree char *list = join_preset_names (l->presets);

              tf_yaml_reader_fail_at (r, mark, "'%s' is not a model preset; the presets "
                                      "(data/models.yaml) are %s; or leave model out and give "
                                      "every model key", w->model, list);
            }
        }
      else if (tf_yaml_is_key (key, "parallelism"))
        {
          rec->has_parallelism = TRUE;
          rec->parallelism_mark = tf_yaml_reader_mark (r);
          read_parallelism (l, w);
        }
      else if (tf_yaml_is_key (key, "message_sizes_bytes"))
        read_message_sizes (l, w);
      else if (tf_yaml_is_key (key, "required_primitives"))
        {
          guint indices[TF_N_PRIMITIVES], n;

          if (tf_yaml_read_name_list (r, TF_N_PRIMITIVES, lookup_primitive, explain_primitive,
                                      indices, &n))
            {
              w->primitives = 0;
              for (guint k = 0; k < n; k++)
                w->primitives |= 1u << indices[k];
            }
        }
      else if (tf_yaml_is_key (key, "overlap"))
        read_overlap (r, w, &rec->have);
      else if (tf_yaml_is_key (key, "weight"))
        {
          if (!in_list)
            tf_yaml_reader_fail_at (r, m.key_mark, "weight applies to the workloads of a "
                                    "workloads: list; a single workload weighs 1");
          else
            tf_yaml_read_real_in (r, 0, TRUE, 1e6, NULL, &w->weight);
        }
      else if (model_field_index (key, &i))
        {
          if (read_model_field (r, i, w))
            rec->have |= 1u << i;
        }
      else
        tf_yaml_unknown_key (r, &m, key, workload_keys);
    }
  tf_yaml_mapping_clear (&m);
  if (r->error != NULL)
    return FALSE;
  if (!rec->has_parallelism)
    return tf_yaml_reader_fail_at (r, rec->mark, "parallelism is required ({tp, pp, dp} with "
                                   "tp * pp * dp = n_chip)");
  if (rec->preset == NULL && (rec->have & REQUIRED_MODEL) != REQUIRED_MODEL)
    {
      g_autoptr(GString) missing = g_string_new (NULL);

      for (guint f = 0; f < F_COMPUTE_TIME_US; f++)
        if (!(rec->have & (1u << f)))
          g_string_append_printf (missing, "%s%s", missing->len ? ", " : "",
                                  tf_config_model_fields[f].key);
      return tf_yaml_reader_fail_at (r, rec->mark, "needs a model preset (model:) or every "
                                     "model key (missing: %s)", missing->str);
    }
  if (w->name == NULL && w->model == NULL)
    return tf_yaml_reader_fail_at (r, rec->mark, "name is required when there is no model "
                                   "preset");
  if (w->name == NULL)
    w->name = g_strdup (w->model);
  for (guint k = 0; k < index; k++)
    if (strcmp (l->c->workloads[k].name, w->name) == 0)
      return tf_yaml_reader_fail_at (r, rec->has_name ? rec->name_mark : rec->mark,
                                     "workloads[%u] is also named '%s'; names must differ "
                                     "(give each a name:)", k, w->name);
  return TRUE;
}

void
tf_config_workload_defaults (TfWorkload *w)
{
  static const guint64 spec_sizes[] = {
    G_GUINT64_CONSTANT (1) << 20, G_GUINT64_CONSTANT (1) << 24, G_GUINT64_CONSTANT (1) << 28,
    G_GUINT64_CONSTANT (1) << 30,
  };

  w->weight = 1;
  w->ep = 1;
  w->n_message_sizes = G_N_ELEMENTS (spec_sizes);
  memcpy (w->message_sizes, spec_sizes, sizeof spec_sizes);
  w->primitives = 1u << TF_PRIMITIVE_ALL_REDUCE;
  memcpy (w->overlap, default_overlap, sizeof default_overlap);
}

gboolean
tf_config_read_workloads (Loader     *l,
                          const char *key,
                          TfMark      key_mark)
{
  TfYamlReader *r = &l->r;

  if (l->workload_key != NULL)
    return tf_yaml_reader_fail_at (r, key_mark, "%s and %s are both given; give either "
                                   "workload (one) or workloads (a list of 1 to %u)",
                                   l->workload_key, key, TF_SEARCH_MAX_WORKLOADS);
  l->workload_key = tf_yaml_is_key (key, "workload") ? "workload" : "workloads";
  if (tf_yaml_is_key (key, "workload"))
    {
      tf_config_workload_defaults (&l->c->workloads[0]);
      if (!read_workload (l, 0, FALSE))
        return FALSE;
      l->c->n_workloads = 1;
    }
  else
    {
      TfYamlSequence s;
      gboolean more;

      if (!tf_yaml_reader_begin_sequence (r, &s, TF_SEARCH_MAX_WORKLOADS))
        return FALSE;
      while (tf_yaml_reader_next_item (r, &s, &more) && more)
        {
          tf_config_workload_defaults (&l->c->workloads[s.count - 1]);
          if (!read_workload (l, s.count - 1, TRUE))
            return FALSE;
          l->c->n_workloads = s.count;
        }
      if (r->error != NULL)
        return FALSE;
      if (l->c->n_workloads == 0)
        return tf_yaml_reader_fail_at (r, s.start, "the list is empty; it needs 1 to %u "
                                       "workloads", TF_SEARCH_MAX_WORKLOADS);
    }
  return TRUE;
}

gboolean
tf_config_finish_workload (Loader *l,
                           guint   index)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  TfWorkload *w = &c->workloads[index];
  WorkloadRecord *rec = &l->records[index];
  g_autofree char *path = tf_yaml_is_key (l->workload_key, "workload")
                          ? g_strdup ("workload") : g_strdup_printf ("workloads[%u]", index);
  g_autofree char *parallelism = g_strdup_printf ("%s.parallelism", path);
  guint64 product = (guint64) w->tp * w->pp * w->dp;
  double compute;

  /* The preset fills what the file does not give. */
  if (rec->preset != NULL)
    {
      const TfWorkload *p = &rec->preset->model;

      for (guint f = 0; f < N_MODEL_FIELDS; f++)
        if (!(rec->have & (1u << f)) && (rec->preset->have & (1u << f)))
          memcpy (G_STRUCT_MEMBER_P (w, tf_config_model_fields[f].offset),
                  G_STRUCT_MEMBER_P (p, tf_config_model_fields[f].offset),
                  tf_config_model_fields[f].integer ? sizeof (guint) : sizeof (double));
      for (guint k = 0; k < TF_N_COMMS; k++)
        if (!(rec->have & (1u << F_OVERLAP (k))) && (rec->preset->have & (1u << F_OVERLAP (k))))
          w->overlap[k] = p->overlap[k];
    }

  if (product != c->n_chip)
    return tf_yaml_reader_fail_field (r, rec->parallelism_mark, parallelism,
                                      "tp * pp * dp = %u * %u * %u = %" G_GUINT64_FORMAT
                                      " but n_chip is %u; they must be equal", w->tp, w->pp,
                                      w->dp, product, c->n_chip);
  if (w->dp % w->ep != 0)
    return tf_yaml_reader_fail_field (r, rec->parallelism_mark, parallelism,
                                      "ep = %u does not divide dp = %u (experts are spread over "
                                      "data-parallel ranks)", w->ep, w->dp);
  if (w->global_batch_size % ((guint64) w->dp * w->micro_batch_size) != 0)
    return tf_yaml_reader_fail_field (r, rec->parallelism_mark, parallelism,
                                      "global_batch_size %u is not a multiple of dp * "
                                      "micro_batch_size = %u * %u", w->global_batch_size,
                                      w->dp, w->micro_batch_size);
  w->compute_time_given = (rec->have & (1u << F_COMPUTE_TIME_US)) != 0;
  if (!w->compute_time_given)
    {
      /* Pure compute of one iteration, forward and backward (6 FLOPs per weight per token),
       * spread over every chip; the pipeline bubble is Layer 3's. */
      compute = 6.0 * w->parameters * w->global_batch_size * w->sequence_length
                / (c->n_chip * w->chip_peak_tflops * 1e12 * w->mfu) * 1e6;
      if (!isfinite (compute) || compute <= 0
          || compute > tf_config_model_fields[F_COMPUTE_TIME_US].rmax)
        return tf_yaml_reader_fail_field (r, rec->mark, path, "the compute time derived from "
                                          "the model is %g us, out of range (above 0, at most "
                                          "1e15 us); give compute_time_us or check the model",
                                          compute);
      w->compute_time_us = compute;
    }
  return TRUE;
}
