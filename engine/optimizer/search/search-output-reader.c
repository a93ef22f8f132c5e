/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-output-reader.c: a run folder opened again (tf_search_output_load), as the app's
 * "Open run..." does; search-output.c writes it.
 *
 * Loading is strict about what it reads (the engine's YAML reader, one-line errors naming the
 * file) and tolerant of summary keys it does not know, since the summary grows. What the
 * candidate files cannot give back (the collectives of the breakdown, port asymmetry, the
 * objectives to the last bit) comes from the summary's index. A folder written before
 * config.yaml existed gets a configuration from the summary's keys.
 */
#include <math.h>
#include <string.h>

#include "search-output-private.h"

/* evaluated.csv holds a row per evaluation: up to 10,000,000 rows of a few numbers each. */
#define MAX_CSV_BYTES  (G_GUINT64_CONSTANT (4) << 30)
/* Nodes of summary keys this reader does not know, skipped. */
#define MAX_SKIPPED    100000u

/* Loading: summary.yaml */

/* A front or baseline entry of the summary's index. */
typedef struct
{
  TfMark       mark;
  gboolean     has_id;
  guint        id;
  double       values[TF_N_OBJECTIVES];   /* by TfObjective, as people read them */
  guint        have_values;               /* bits (1 << TfObjective) */
  gboolean     port_asymmetric;
  gboolean     has_iter_time;
  double       iter_time_us;
  guint        collectives;               /* bits (1 << TfPrimitive) given */
  double       collective_us[TF_N_PRIMITIVES];
  TfBottleneck collective_bottleneck[TF_N_PRIMITIVES];
  TfOrigin     origin;                    /* a baseline entry's (a front entry's is its file's) */
} Entry;

static void
entry_clear (gpointer data)
{
  g_free (((Entry *) data)->origin.seed_id);
}

typedef struct
{
  TfYamlReader       r;
  TfSearchResult    *result;
  guint              skip_budget;
  /* What a folder without config.yaml makes its configuration of */
  guint              n_chip;
  TfSearchAlgorithm  algorithm;
  guint64            seed;
  guint              population_size;
  guint              generations;
  guint              n_objectives;
  TfObjective        objectives[TF_N_OBJECTIVES];
  TfMark             objectives_mark;
  double             ideal[TF_N_OBJECTIVES];   /* as people read them */
  double             reference[TF_N_OBJECTIVES];
  guint              n_ideal, n_reference;
  TfMark             ideal_mark, reference_mark;
  GArray            *front;      /* Entry */
  GArray            *baseline;   /* Entry; NULL without a baseline_front */
  gboolean           has_n_chip;
} Summary;

static gboolean
skip_value (Summary *s)
{
  TfYamlNode *node = NULL;
  gboolean ok = tf_yaml_read_node (&s->r, &s->skip_budget, &node);

  tf_yaml_node_free (node);
  return ok;
}

static gboolean
read_objective_name (TfYamlReader *r,
                     TfObjective  *out)
{
  g_autofree char *name = NULL;
  TfMark mark = tf_yaml_reader_mark (r);

  if (!tf_yaml_read_string (r, 64, &name))
    return FALSE;
  if (!tf_objective_from_string (name, out))
    return tf_yaml_reader_fail_at (r, mark, "'%s' is not an objective", name);
  return TRUE;
}

static gboolean
read_objective_list (Summary *s)
{
  TfYamlReader *r = &s->r;
  TfYamlSequence seq;
  gboolean more;

  s->objectives_mark = tf_yaml_reader_mark (r);
  s->n_objectives = 0;
  if (!tf_yaml_reader_begin_sequence (r, &seq, TF_N_OBJECTIVES))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &seq, &more) && more)
    if (!read_objective_name (r, &s->objectives[s->n_objectives++]))
      return FALSE;
  return r->error == NULL;
}

static gboolean
read_point (Summary *s,
            double  *values,
            guint   *n,
            TfMark  *mark)
{
  TfYamlReader *r = &s->r;
  TfYamlSequence seq;
  gboolean more;

  *mark = tf_yaml_reader_mark (r);
  *n = 0;
  if (!tf_yaml_reader_begin_sequence (r, &seq, TF_N_OBJECTIVES))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &seq, &more) && more)
    if (!tf_yaml_read_real (r, &values[(*n)++]))
      return FALSE;
  return r->error == NULL;
}

static gboolean
read_candidate_id (TfYamlReader *r,
                   guint        *id)
{
  g_autofree char *text = NULL;
  TfMark mark = tf_yaml_reader_mark (r);
  guint64 v;

  if (!tf_yaml_read_string (r, 64, &text))
    return FALSE;
  if (!g_str_has_prefix (text, "cand_")
      || !g_ascii_string_to_unsigned (text + 5, 10, 0, G_MAXUINT, &v, NULL))
    return tf_yaml_reader_fail_at (r, mark, "'%s' is not cand_ and a number", text);
  *id = (guint) v;
  return TRUE;
}

static gboolean
read_entry_objectives (Summary *s,
                       Entry   *entry)
{
  TfYamlReader *r = &s->r;
  TfYamlMapping m;
  const char *name;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    {
      TfObjective o;

      if (!tf_objective_from_string (name, &o))
        tf_yaml_reader_fail_at (r, m.key_mark, "'%s' is not an objective", name);
      else if (tf_yaml_read_real (r, &entry->values[o]))
        entry->have_values |= 1u << o;
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

/* One collective of the breakdown: {bytes, time_us, bottleneck, bottleneck_gb_per_s, ...} */
static gboolean
read_collective (Summary     *s,
                 Entry       *entry,
                 TfPrimitive  p)
{
  TfYamlReader *r = &s->r;
  TfBottleneck *b = &entry->collective_bottleneck[p];
  TfYamlMapping m;
  const char *name;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    if (tf_yaml_is_key (name, "time_us"))
      tf_yaml_read_real (r, &entry->collective_us[p]);
    else if (tf_yaml_is_key (name, "bottleneck"))
      {
        g_autofree char *text = NULL;
        TfMark mark = tf_yaml_reader_mark (r);

        if (tf_yaml_read_string (r, 64, &text) && !tf_bottleneck_from_text (text, b))
          tf_yaml_reader_fail_at (r, mark, "'%s' is not a link type@reach, injection or "
                                  "bisection", text);
      }
    else if (tf_yaml_is_key (name, "bottleneck_gb_per_s"))
      tf_yaml_read_real (r, &b->gbps);
    else if (tf_yaml_is_key (name, "bottleneck_flows"))
      tf_yaml_read_real (r, &b->load);
    else
      skip_value (s);
  tf_yaml_mapping_clear (&m);
  if (r->error != NULL)
    return FALSE;
  entry->collectives |= 1u << p;
  return TRUE;
}

/* The candidate files hold the breakdown of the iteration but only the AllReduce of the
 * collectives: the rest comes from here. */
static gboolean
read_breakdown (Summary *s,
                Entry   *entry)
{
  TfYamlReader *r = &s->r;
  TfYamlMapping m;
  const char *name;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    {
      guint p = TF_N_PRIMITIVES;

      if (tf_yaml_is_key (name, "iter_time_us"))
        {
          if (tf_yaml_read_real (r, &entry->iter_time_us))
            entry->has_iter_time = TRUE;
          continue;
        }
      if (g_str_has_suffix (name, "_all_chips"))
        {
          g_autofree char *primitive = g_strndup (name, strlen (name) - strlen ("_all_chips"));

          if (!tf_names_find (tf_primitive_names, primitive, &p))
            p = TF_N_PRIMITIVES;
        }
      if (p < TF_N_PRIMITIVES)
        read_collective (s, entry, p);
      else
        skip_value (s);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_entry (Summary  *s,
            Entry    *entry,
            gboolean  front,
            guint     index)
{
  TfYamlReader *r = &s->r;
  TfYamlMapping m;
  const char *name;

  entry->mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    if (tf_yaml_is_key (name, "candidate_id"))
      entry->has_id = read_candidate_id (r, &entry->id);
    else if (tf_yaml_is_key (name, "objectives"))
      read_entry_objectives (s, entry);
    else if (front && tf_yaml_is_key (name, "file"))
      {
        /* The writer's name and no other: a summary never points outside its folder. */
        g_autofree char *expected = g_strdup_printf (TF_RUN_PARETO_DIR "/" TF_RUN_CANDIDATE_FORMAT,
                                                     index + 1);
        g_autofree char *file = NULL;
        TfMark mark = tf_yaml_reader_mark (r);

        if (tf_yaml_read_string (r, 4096, &file) && strcmp (file, expected) != 0)
          tf_yaml_reader_fail_at (r, mark, "'%s' is not %s, the file of the front's "
                                  "candidate %u", file, expected, index + 1);
      }
    else if (front && tf_yaml_is_key (name, "port_asymmetric"))
      tf_yaml_read_bool (r, &entry->port_asymmetric);
    else if (front && tf_yaml_is_key (name, "breakdown"))
      read_breakdown (s, entry);
    else if (!front && tf_yaml_is_key (name, "origin"))
      {
        g_autofree char *method = NULL;
        TfMark mark = tf_yaml_reader_mark (r);

        if (tf_yaml_read_string (r, 64, &method)
            && !tf_origin_method_from_string (method, &entry->origin.method))
          tf_yaml_reader_fail_at (r, mark, "'%s' is not an origin", method);
      }
    else if (!front && tf_yaml_is_key (name, "seed_id"))
      {
        g_clear_pointer (&entry->origin.seed_id, g_free);
        tf_yaml_read_string (r, 4096, &entry->origin.seed_id);
      }
    else if (!front && tf_yaml_is_key (name, "template_params"))
      {
        g_autofree char *params = NULL;

        if (tf_yaml_read_string (r, TF_ORIGIN_MAX_TEMPLATE_PARAMS - 1, &params))
          g_strlcpy (entry->origin.template_params, params,
                     sizeof entry->origin.template_params);
      }
    else if (!front && tf_yaml_is_key (name, "mutations"))
      tf_yaml_read_guint (r, 0, G_MAXUINT, &entry->origin.n_mutations_total);
    else
      skip_value (s);
  tf_yaml_mapping_clear (&m);
  if (r->error != NULL)
    return FALSE;
  if (!entry->has_id)
    return tf_yaml_reader_fail_at (r, entry->mark, "an entry needs its candidate_id");
  return TRUE;
}

static gboolean
read_entries (Summary  *s,
              GArray  **entries,
              gboolean  front)
{
  TfYamlReader *r = &s->r;
  TfYamlSequence seq;
  gboolean more;

  g_clear_pointer (entries, g_array_unref);
  *entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (*entries, entry_clear);
  if (!tf_yaml_reader_begin_sequence (r, &seq, TF_SEARCH_MAX_POPULATION * 100))
    return FALSE;
  while (tf_yaml_reader_next_item (r, &seq, &more) && more)
    {
      Entry entry = { 0 };

      if (!read_entry (s, &entry, front, (*entries)->len))
        return FALSE;
      g_array_append_val (*entries, entry);
    }
  return r->error == NULL;
}

static gboolean
read_evaluations (Summary *s)
{
  TfSearchResult *res = s->result;
  TfYamlReader *r = &s->r;
  TfYamlMapping m;
  const char *name;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    {
      guint i = 0;

      while (i < TF_RUN_N_COUNTERS && !tf_yaml_is_key (name, tf_run_counters[i].key))
        i++;
      if (i < TF_RUN_N_COUNTERS)
        tf_yaml_read_guint (r, 0, G_MAXUINT,
                            &G_STRUCT_MEMBER (guint, res, tf_run_counters[i].offset));
      else
        skip_value (s);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_layers (Summary *s)
{
  TfEvaluatorStats *stats = &s->result->stats;
  TfYamlReader *r = &s->r;
  TfYamlMapping m;
  const char *name;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    {
      TfYamlMapping inner;
      const char *field;
      guint k;

      for (k = 1; k < TF_N_LAYER_SLOTS; k++)
        if (strcmp (name, tf_layer_to_string (k)) == 0)
          break;
      if (k == TF_N_LAYER_SLOTS)
        {
          skip_value (s);
          continue;
        }
      if (!tf_yaml_reader_begin_mapping (r, &inner))
        break;
      while (tf_yaml_reader_next_key (r, &inner, &field))
        if (tf_yaml_is_key (field, "computed"))
          tf_yaml_read_guint (r, 0, G_MAXUINT, &stats->computed[k]);
        else if (tf_yaml_is_key (field, "seconds"))
          tf_yaml_read_real (r, &stats->seconds[k]);
        else
          skip_value (s);
      tf_yaml_mapping_clear (&inner);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_time (Summary *s)
{
  TfSearchResult *res = s->result;
  TfYamlReader *r = &s->r;
  TfYamlMapping m;
  const char *name;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    if (tf_yaml_is_key (name, "search_s"))
      tf_yaml_read_real (r, &res->seconds);
    else if (tf_yaml_is_key (name, "seeds_s"))
      tf_yaml_read_real (r, &res->init_seconds);
    else if (tf_yaml_is_key (name, "baseline_s"))
      tf_yaml_read_real (r, &res->baseline_seconds);
    else if (tf_yaml_is_key (name, "layers"))
      read_layers (s);
    else
      skip_value (s);
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_hypervolume (Summary *s)
{
  TfSearchResult *res = s->result;
  TfYamlReader *r = &s->r;
  TfYamlMapping m;
  const char *name;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    if (tf_yaml_is_key (name, "ideal"))
      read_point (s, s->ideal, &s->n_ideal, &s->ideal_mark);
    else if (tf_yaml_is_key (name, "reference_point"))
      read_point (s, s->reference, &s->n_reference, &s->reference_mark);
    else if (tf_yaml_is_key (name, "initial_population"))
      tf_yaml_read_real (r, &res->initial_hypervolume);
    else if (tf_yaml_is_key (name, "search"))
      tf_yaml_read_real (r, &res->hypervolume);
    else if (tf_yaml_is_key (name, "baseline"))
      tf_yaml_read_real (r, &res->baseline_hypervolume);
    else
      skip_value (s);   /* box, ratio, gain_over_seeds: derived */
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_summary_document (Summary *s)
{
  TfSearchResult *res = s->result;
  TfYamlReader *r = &s->r;
  TfYamlMapping m;
  const char *name;
  guint choice;

  if (!tf_yaml_reader_begin_document (r))
    return FALSE;
  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    if (tf_yaml_is_key (name, "n_chip"))
      s->has_n_chip = tf_yaml_read_guint (r, 2, MAX_N_CHIP, &s->n_chip);
    else if (tf_yaml_is_key (name, "algorithm"))
      {
        if (tf_yaml_read_choice (r, tf_search_algorithm_names, &choice))
          s->algorithm = (TfSearchAlgorithm) choice;
      }
    else if (tf_yaml_is_key (name, "seed"))
      tf_yaml_read_uint (r, 0, G_MAXUINT64, &s->seed);
    else if (tf_yaml_is_key (name, "threads"))
      tf_yaml_read_guint (r, 0, G_MAXUINT, &res->threads);
    else if (tf_yaml_is_key (name, "population_size"))
      tf_yaml_read_guint (r, 4, TF_SEARCH_MAX_POPULATION, &s->population_size);
    else if (tf_yaml_is_key (name, "generations"))
      tf_yaml_read_guint (r, 1, TF_SEARCH_MAX_GENERATIONS, &s->generations);
    else if (tf_yaml_is_key (name, "generations_done"))
      tf_yaml_read_guint (r, 0, G_MAXUINT, &res->generations_done);
    else if (tf_yaml_is_key (name, "cancelled"))
      tf_yaml_read_bool (r, &res->cancelled);
    else if (tf_yaml_is_key (name, "objectives"))
      read_objective_list (s);
    else if (tf_yaml_is_key (name, "evaluations"))
      read_evaluations (s);
    else if (tf_yaml_is_key (name, "time"))
      read_time (s);
    else if (tf_yaml_is_key (name, "hypervolume"))
      read_hypervolume (s);
    else if (tf_yaml_is_key (name, "front"))
      read_entries (s, &s->front, TRUE);
    else if (tf_yaml_is_key (name, "baseline_front"))
      read_entries (s, &s->baseline, FALSE);
    else
      skip_value (s);   /* source, config, units, front_size and the counts derived */
  tf_yaml_mapping_clear (&m);
  if (r->error != NULL)
    return FALSE;
  if (!s->has_n_chip || s->n_objectives == 0 || s->front == NULL)
    return tf_yaml_reader_fail_at (r, m.start, "a run summary needs n_chip, objectives and "
                                   "front");
  return tf_yaml_reader_end_document (r);
}

static gboolean
read_summary (const char *path,
              Summary    *s,
              GError    **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!tf_yaml_read_file (path, TF_LOAD_MAX_BYTES, "a run summary", &data, &length, error))
    return FALSE;
  if (!tf_yaml_reader_init (&s->r, path, (const guchar *) data, length)
      || !read_summary_document (s))
    {
      g_propagate_error (error, g_steal_pointer (&s->r.error));
      tf_yaml_reader_clear (&s->r);
      return FALSE;
    }
  tf_yaml_reader_clear (&s->r);
  return TRUE;
}

/* The configuration: config.yaml, or for folders written before it existed, the defaults with
 * what the summary says. */
static gboolean
load_config (const char     *dir,
             const Summary  *s,
             TfSearchConfig *config,
             GError        **error)
{
  g_autofree char *path = g_build_filename (dir, TF_RUN_CONFIG_FILE, NULL);

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return tf_search_config_load_file (path, config, error);
  tf_search_config_init (config);
  config->n_chip = s->n_chip;
  config->context.n_chip = s->n_chip;
  config->algorithm = s->algorithm;
  config->seed = s->seed;
  if (s->population_size > 0)
    config->population_size = s->population_size;
  if (s->generations > 0)
    config->generations = s->generations;
  config->n_objectives = s->n_objectives;
  memcpy (config->objectives, s->objectives, sizeof config->objectives);
  return TRUE;
}

/* The summary's objectives, ideal and reference point against the configuration's. */
static gboolean
check_objectives (const char           *path,
                  const Summary        *s,
                  const TfSearchConfig *config,
                  GError              **error)
{
  const TfMark *mark = &s->objectives_mark;
  gboolean same = s->n_objectives == config->n_objectives;

  for (guint k = 0; same && k < s->n_objectives; k++)
    same = s->objectives[k] == config->objectives[k];
  if (!same)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s:%u:%u: field 'objectives': not "
                   "the objectives of " TF_RUN_CONFIG_FILE, path, mark->line, mark->column);
      return FALSE;
    }
  if (s->n_ideal != s->n_objectives || s->n_reference != s->n_objectives)
    {
      mark = s->n_ideal != s->n_objectives ? &s->ideal_mark : &s->reference_mark;
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s:%u:%u: field 'hypervolume': "
                   "the ideal and the reference point need a value per objective (%u)", path,
                   mark->line, mark->column, s->n_objectives);
      return FALSE;
    }
  return TRUE;
}

/* An entry's objectives in config order, as the search minimises them; FALSE when the summary
 * does not give every one. */
static gboolean
entry_objectives (const Entry          *entry,
                  const TfSearchConfig *config,
                  double               *values)
{
  for (guint k = 0; k < config->n_objectives; k++)
    {
      TfObjective o = config->objectives[k];

      if (!(entry->have_values & (1u << o)))
        return FALSE;
      values[k] = tf_objective_value (o, entry->values[o]);
    }
  return TRUE;
}

/* What the candidate file cannot give back, from the summary's entry. */
static void
merge_entry (TfCandidate          *c,
             const Entry          *entry,
             const TfSearchConfig *config)
{
  TfEvaluation *ev = &c->evaluation;
  guint n = config->n_workloads > 0 ? config->workloads[0].n_message_sizes : 0;

  ev->port_asymmetric = entry->port_asymmetric;
  if (entry->has_iter_time)
    ev->iter_time_us[0] = entry->iter_time_us;
  for (guint p = 0; p < TF_N_PRIMITIVES && n > 0; p++)
    if (entry->collectives & (1u << p))
      {
        ev->collective_us[0][p][n - 1] = entry->collective_us[p];
        ev->collective_bottleneck[0][p] = entry->collective_bottleneck[p];
        ev->layers |= TF_LAYER_COLLECTIVES;
      }
  if (!entry_objectives (entry, config, c->objectives))
    {
      tf_candidate_get_objectives (config, c, c->objectives);
      return;
    }
  /* The objectives the candidate file has no metric for, so that the evaluation agrees. */
  for (guint k = 0; k < config->n_objectives; k++)
    {
      double v = tf_objective_value (config->objectives[k], c->objectives[k]);

      switch (config->objectives[k])
        {
        case TF_OBJECTIVE_DIAMETER: ev->diameter = (guint) v; break;
        case TF_OBJECTIVE_BISECTION: ev->bisection_bandwidth = v; break;
        case TF_OBJECTIVE_ALL_REDUCE_TIME:
          if (n > 0)
            ev->collective_us[0][TF_PRIMITIVE_ALL_REDUCE][n - 1] = v;
          break;
        default: break;
        }
    }
}

static TfCandidate *
load_front_candidate (const char           *dir,
                      guint                 index,
                      const Entry          *entry,
                      const TfSearchConfig *config,
                      GError              **error)
{
  g_autofree char *name = g_strdup_printf (TF_RUN_CANDIDATE_FORMAT, index + 1);
  g_autofree char *path = g_build_filename (dir, TF_RUN_PARETO_DIR, name, NULL);
  g_autoptr(TfCandidate) c = tf_candidate_new ();
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!tf_yaml_read_file (path, TF_LOAD_MAX_BYTES, "a candidate", &data, &length, error)
      || !tf_candidate_load_data (path, data, length, c, error))
    return NULL;
  if (c->id != entry->id)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s: candidate cand_%06u, but "
                   TF_RUN_SUMMARY_FILE " lists cand_%06u here", path, c->id, entry->id);
      return NULL;
    }
  merge_entry (c, entry, config);
  return g_steal_pointer (&c);
}

/* Loading: evaluated.csv */

static gboolean
csv_fail (GError    **error,
          const char *path,
          guint       line,
          const char *format,
          ...) G_GNUC_PRINTF (4, 5);

static gboolean
csv_fail (GError    **error,
          const char *path,
          guint       line,
          const char *format,
          ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s:%u:1: %s", path, line, message);
  return FALSE;
}

static gboolean
load_evaluated (const char           *dir,
                const TfSearchConfig *config,
                TfSearchResult       *result,
                GError              **error)
{
  g_autofree char *path = g_build_filename (dir, TF_RUN_EVALUATED_FILE, NULL);
  g_autofree char *data = NULL;
  g_autoptr(GString) header = g_string_new ("set");
  guint m = config->n_objectives;
  gsize length = 0;
  char *line, *next;
  guint number = 0;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  if (!tf_yaml_read_file (path, MAX_CSV_BYTES, "an evaluated.csv", &data, &length, error))
    return FALSE;
  if (memchr (data, '\0', length) != NULL)
    return csv_fail (error, path, 1, "contains a NUL byte");
  for (guint k = 0; k < m; k++)
    g_string_append_printf (header, ",%s", tf_objective_to_string (config->objectives[k]));
  for (line = data; line != NULL && *line != '\0'; line = next)
    {
      g_auto(GStrv) fields = NULL;
      GArray **rows;
      guint set;

      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      /* A spreadsheet may have saved it with CRLF line ends. */
      if (*line != '\0' && line[strlen (line) - 1] == '\r')
        line[strlen (line) - 1] = '\0';
      number++;
      if (number == 1)
        {
          if (strcmp (line, header->str) != 0)
            return csv_fail (error, path, 1, "the header is not '%s'", header->str);
          continue;
        }
      fields = g_strsplit (line, ",", -1);
      if (g_strv_length (fields) != m + 1)
        return csv_fail (error, path, number, "%u columns, not %u", g_strv_length (fields),
                         m + 1);
      if (!tf_names_find (tf_run_set_names, fields[0], &set))
        return csv_fail (error, path, number, "the set is search or baseline, not '%s'",
                         fields[0]);
      rows = set == 0 ? &result->evaluated : &result->baseline_evaluated;
      if (*rows == NULL)
        *rows = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint k = 0; k < m; k++)
        {
          char *end;
          double v = g_ascii_strtod (fields[k + 1], &end);

          if (end == fields[k + 1] || *end != '\0' || !isfinite (v))
            return csv_fail (error, path, number, "column %u: '%s' is not a finite number",
                             k + 2, fields[k + 1]);
          v = tf_objective_value (config->objectives[k], v);
          g_array_append_val (*rows, v);
        }
    }
  if (number == 0)
    return csv_fail (error, path, 1, "the header is missing");
  return TRUE;
}

static gboolean
load_result (const char           *dir,
             const char           *summary_path,
             const Summary        *s,
             const TfSearchConfig *config,
             TfSearchResult       *result,
             GError              **error)
{
  if (!check_objectives (summary_path, s, config, error))
    return FALSE;
  result->n_objectives = config->n_objectives;
  for (guint k = 0; k < config->n_objectives; k++)
    {
      result->ideal[k] = tf_objective_value (config->objectives[k], s->ideal[k]);
      result->reference_point[k] = tf_objective_value (config->objectives[k], s->reference[k]);
    }

  result->front = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
  for (guint i = 0; i < s->front->len; i++)
    {
      TfCandidate *c = load_front_candidate (dir, i, &g_array_index (s->front, Entry, i), config,
                                             error);

      if (c == NULL)
        return FALSE;
      g_ptr_array_add (result->front, c);
    }

  if (s->baseline != NULL)
    {
      result->baseline_front = g_ptr_array_new_with_free_func ((GDestroyNotify) tf_candidate_free);
      for (guint i = 0; i < s->baseline->len; i++)
        {
          Entry *entry = &g_array_index (s->baseline, Entry, i);
          TfCandidate *c = tf_candidate_new ();

          g_ptr_array_add (result->baseline_front, c);
          c->id = entry->id;
          c->origin = entry->origin;
          entry->origin.seed_id = NULL;
          if (!entry_objectives (entry, config, c->objectives))
            {
              g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s:%u:%u: field "
                           "'baseline_front[%u].objectives': needs every objective of the run",
                           summary_path, entry->mark.line, entry->mark.column, i);
              return FALSE;
            }
        }
    }

  if (!load_evaluated (dir, config, result, error))
    return FALSE;
  if (result->evaluated == NULL)
    result->evaluated = g_array_new (FALSE, FALSE, sizeof (double));
  if (result->baseline_front != NULL && result->baseline_evaluated == NULL)
    result->baseline_evaluated = g_array_new (FALSE, FALSE, sizeof (double));
  return TRUE;
}

gboolean
tf_search_output_load (const char      *dir,
                       TfSearchConfig  *config,
                       TfSearchResult  *result,
                       GError         **error)
{
  g_autofree char *summary_path = NULL;
  Summary s;
  gboolean ok;

  g_return_val_if_fail (dir != NULL && config != NULL && result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (config, 0, sizeof *config);
  memset (result, 0, sizeof *result);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s: %s", dir,
                   g_file_test (dir, G_FILE_TEST_EXISTS) ? "not a folder" : "no such folder");
      return FALSE;
    }
  summary_path = g_build_filename (dir, TF_RUN_SUMMARY_FILE, NULL);
  memset (&s, 0, sizeof s);
  s.result = result;
  s.skip_budget = MAX_SKIPPED;
  ok = read_summary (summary_path, &s, error)
       && load_config (dir, &s, config, error);
  if (ok && !load_result (dir, summary_path, &s, config, result, error))
    {
      tf_search_config_clear (config);
      ok = FALSE;
    }
  g_clear_pointer (&s.front, g_array_unref);
  g_clear_pointer (&s.baseline, g_array_unref);
  if (!ok)
    tf_search_result_clear (result);
  return ok;
}
