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

/* The model keys but compute_time_us, which depends on the chip count: what a preset may give. */
#define PRESET_MODEL_KEYS \
  TF_YAML_KEY_REAL_IN ("parameters", TfWorkload, parameters, 0, TRUE, 1e15, NULL), \
  TF_YAML_KEY_GUINT ("layers", TfWorkload, layers, 1, 100000), \
  TF_YAML_KEY_GUINT ("hidden_size", TfWorkload, hidden_size, 1, 1u << 24), \
  TF_YAML_KEY_GUINT ("sequence_length", TfWorkload, sequence_length, 1, 1u << 24), \
  TF_YAML_KEY_GUINT ("global_batch_size", TfWorkload, global_batch_size, 1, 1u << 24), \
  TF_YAML_KEY_GUINT ("micro_batch_size", TfWorkload, micro_batch_size, 1, 1u << 24), \
  TF_YAML_KEY_GUINT ("bytes_per_value", TfWorkload, bytes_per_value, 1, 16), \
  TF_YAML_KEY_REAL_IN ("chip_peak_tflops", TfWorkload, chip_peak_tflops, 0, TRUE, 1e6, \
                       "TFLOP/s"), \
  TF_YAML_KEY_REAL_IN ("mfu", TfWorkload, mfu, 0, TRUE, 1, NULL)
#define MODEL_KEYS \
  PRESET_MODEL_KEYS, \
  TF_YAML_KEY_REAL_IN ("compute_time_us", TfWorkload, compute_time_us, 0, TRUE, 1e15, "us")

const TfYamlKey tf_config_model_keys[N_MODEL_FIELDS] = { MODEL_KEYS };

/* eta per communication: tensor- and expert-parallel traffic and the pipeline's activations sit
 * on the critical path; most of the data-parallel gradient AllReduce hides behind the backward
 * pass (docs/optimizer.md). */
static const double default_overlap[TF_N_COMMS] = { 1.0, 1.0, 0.3, 1.0 };

/* A workload's or a preset's have bits (F_x, F_OVERLAP): where the overlap's go. */
typedef struct
{
  Loader   *l;
  guint     index;      /* of the workload */
  gboolean  in_list;
  guint    *have;
} Reading;

/* overlap: {tp, pp, dp, ep}, named as tf_comm_names names them */
static const TfYamlKey overlap_keys[] = {
  TF_YAML_KEY_REAL_IN ("tp", TfWorkload, overlap[TF_COMM_TP], 0, FALSE, 1, NULL),
  TF_YAML_KEY_REAL_IN ("pp", TfWorkload, overlap[TF_COMM_PP], 0, FALSE, 1, NULL),
  TF_YAML_KEY_REAL_IN ("dp", TfWorkload, overlap[TF_COMM_DP], 0, FALSE, 1, NULL),
  TF_YAML_KEY_REAL_IN ("ep", TfWorkload, overlap[TF_COMM_EP], 0, FALSE, 1, NULL),
};

G_STATIC_ASSERT (G_N_ELEMENTS (overlap_keys) == TF_N_COMMS);

static gboolean
read_overlap (TfYamlReader      *r,
              const TfYamlKeyAt *at)
{
  Reading *reading = at->data;
  guint64 have;

  if (!tf_yaml_read_keys (r, overlap_keys, G_N_ELEMENTS (overlap_keys), at->field, NULL, NULL,
                          &have, NULL))
    return FALSE;
  *reading->have |= (guint) have << F_OVERLAP (0);
  return TRUE;
}

void
tf_config_model_preset_clear (gpointer data)
{
  g_free (((ModelPreset *) data)->name);
}

/* The keys a preset may give: the model's, overlap, but not compute_time_us (it depends on the
 * chip count). */
static const TfYamlKey preset_keys[] = {
  PRESET_MODEL_KEYS,
  TF_YAML_KEY_CALL ("overlap", read_overlap),
};

static gboolean
read_preset (TfYamlReader *r,
             ModelPreset  *preset)
{
  Reading reading = { .have = &preset->have };
  guint64 have;
  TfMark start;

  if (!tf_yaml_read_keys (r, preset_keys, G_N_ELEMENTS (preset_keys), &preset->model, &reading,
                          NULL, &have, &start))
    return FALSE;
  preset->have |= (guint) have & REQUIRED_MODEL;
  if ((preset->have & REQUIRED_MODEL) != REQUIRED_MODEL)
    return tf_yaml_keys_fail_missing (r, start, preset_keys, F_COMPUTE_TIME_US, preset->have);
  return TRUE;
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

static const TfYamlKey parallelism_keys[] = {
  TF_YAML_KEY_GUINT ("tp", TfWorkload, tp, 1, MAX_N_CHIP),
  TF_YAML_KEY_GUINT ("pp", TfWorkload, pp, 1, MAX_N_CHIP),
  TF_YAML_KEY_GUINT ("dp", TfWorkload, dp, 1, MAX_N_CHIP),
  TF_YAML_KEY_GUINT ("ep", TfWorkload, ep, 1, MAX_N_CHIP),
};

static gboolean
read_parallelism (TfYamlReader      *r,
                  const TfYamlKeyAt *at)
{
  Reading *reading = at->data;
  WorkloadRecord *rec = &reading->l->records[reading->index];
  TfWorkload *w = at->field;
  guint64 have;
  TfMark start;

  rec->has_parallelism = TRUE;
  rec->parallelism_mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_read_keys (r, parallelism_keys, G_N_ELEMENTS (parallelism_keys), w, NULL, NULL,
                          &have, &start))
    return FALSE;
  if ((have & 7) != 7)
    return tf_yaml_reader_fail_at (r, start, "needs tp, pp and dp (ep is optional, 1 if "
                                   "not given)");
  if (!(have & 8))
    w->ep = 1;
  return TRUE;
}

static gboolean
read_message_sizes (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  TfWorkload *w = at->field;
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
read_name (TfYamlReader      *r,
           const TfYamlKeyAt *at)
{
  Reading *reading = at->data;
  WorkloadRecord *rec = &reading->l->records[reading->index];
  TfWorkload *w = at->field;

  rec->has_name = TRUE;
  rec->name_mark = tf_yaml_reader_mark (r);
  g_clear_pointer (&w->name, g_free);
  return tf_yaml_read_string (r, MAX_NAME, &w->name);
}

static gboolean
read_model (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  Reading *reading = at->data;
  WorkloadRecord *rec = &reading->l->records[reading->index];
  TfWorkload *w = at->field;
  TfMark mark = tf_yaml_reader_mark (r);
  g_autofree char *list = NULL;

  g_clear_pointer (&w->model, g_free);
  if (!tf_yaml_read_string (r, MAX_NAME, &w->model))
    return FALSE;
  if (find_preset (reading->l, w->model, &rec->preset))
    return TRUE;
  list = join_preset_names (reading->l->presets);
  return tf_yaml_reader_fail_at (r, mark, "'%s' is not a model preset; the presets "
                                 "(data/models.yaml) are %s; or leave model out and give every "
                                 "model key", w->model, list);
}

static gboolean
read_primitives (TfYamlReader      *r,
                 const TfYamlKeyAt *at)
{
  TfWorkload *w = at->field;
  guint indices[TF_N_PRIMITIVES], n;

  if (!tf_yaml_read_name_list (r, TF_N_PRIMITIVES, lookup_primitive, explain_primitive, indices,
                               &n))
    return FALSE;
  w->primitives = 0;
  for (guint k = 0; k < n; k++)
    w->primitives |= 1u << indices[k];
  return TRUE;
}

static gboolean
read_weight (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  Reading *reading = at->data;
  TfWorkload *w = at->field;

  if (!reading->in_list)
    return tf_yaml_reader_fail_at (r, at->mark, "weight applies to the workloads of a "
                                   "workloads: list; a single workload weighs 1");
  return tf_yaml_read_real_in (r, 0, TRUE, 1e6, NULL, &w->weight);
}

/* The workload's keys, the model's from row WORKLOAD_MODEL_ROW on. */
#define WORKLOAD_MODEL_ROW 5
static const TfYamlKey workload_keys[] = {
  TF_YAML_KEY_CALL ("name", read_name),
  TF_YAML_KEY_CALL ("model", read_model),
  TF_YAML_KEY_CALL ("parallelism", read_parallelism),
  TF_YAML_KEY_CALL ("message_sizes_bytes", read_message_sizes),
  TF_YAML_KEY_CALL ("required_primitives", read_primitives),
  MODEL_KEYS,
  TF_YAML_KEY_CALL ("overlap", read_overlap),
  TF_YAML_KEY_CALL ("weight", read_weight),
};

static gboolean
read_workload (Loader   *l,
               guint     index,
               gboolean  in_list)
{
  TfYamlReader *r = &l->r;
  TfWorkload *w = &l->c->workloads[index];
  WorkloadRecord *rec = &l->records[index];
  Reading reading = { l, index, in_list, &rec->have };
  guint64 have;

  rec->mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_read_keys (r, workload_keys, G_N_ELEMENTS (workload_keys), w, &reading, NULL,
                          &have, NULL))
    return FALSE;
  rec->have |= (guint) (have >> WORKLOAD_MODEL_ROW) & ((1u << N_MODEL_FIELDS) - 1);
  if (!rec->has_parallelism)
    return tf_yaml_reader_fail_at (r, rec->mark, "parallelism is required ({tp, pp, dp} with "
                                   "tp * pp * dp = n_chip)");
  if (rec->preset == NULL && (rec->have & REQUIRED_MODEL) != REQUIRED_MODEL)
    {
      g_autoptr(GString) missing = g_string_new (NULL);

      for (guint f = 0; f < F_COMPUTE_TIME_US; f++)
        if (!(rec->have & (1u << f)))
          g_string_append_printf (missing, "%s%s", missing->len ? ", " : "",
                                  tf_config_model_keys[f].name);
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
  l->workload_key = strcmp (key, "workload") == 0 ? "workload" : "workloads";
  if (strcmp (key, "workload") == 0)
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
  g_autofree char *path = strcmp (l->workload_key, "workload") == 0
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
          memcpy (G_STRUCT_MEMBER_P (w, tf_config_model_keys[f].offset),
                  G_STRUCT_MEMBER_P (p, tf_config_model_keys[f].offset),
                  tf_config_model_key_is_whole (f) ? sizeof (guint) : sizeof (double));
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
          || compute > tf_config_model_keys[F_COMPUTE_TIME_US].rmax)
        return tf_yaml_reader_fail_field (r, rec->mark, path, "the compute time derived from "
                                          "the model is %g us, out of range (above 0, at most "
                                          "1e15 us); give compute_time_us or check the model",
                                          compute);
      w->compute_time_us = compute;
    }
  return TRUE;
}
