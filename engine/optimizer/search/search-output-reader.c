/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-output-reader.c: a run folder opened again (tf_search_output_load), as the app's
 * "Open run..." does; search-output.c writes it.
 *
 * Loading is strict about what it reads (the engine's YAML reader, one-line errors naming the
 * file) and tolerant of summary keys it does not know, since the summary grows. What the
 * candidate files cannot give back (the collectives' bottlenecks, port asymmetry, the
 * objectives to the last bit) comes from the summary's index; the rest of the breakdown
 * (ForestColl's bound, the smaller message sizes) the files hold, and it is skipped here. A folder written before
 * config.yaml existed gets a configuration from the summary's keys.
 */
#include <math.h>
#include <string.h>

#include "context-private.h"
#include "search-output-private.h"

/* Nodes of summary keys this reader does not know, skipped. */
#define MAX_SKIPPED    100000u

/* Loading: summary.yaml */

/* One collective of a front entry's breakdown. */
typedef struct
{
  double       time_us;
  TfBottleneck bottleneck;
} Collective;

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
  Collective   collective[TF_N_PRIMITIVES];
  TfOrigin     origin;                    /* a baseline entry's (a front entry's is its file's) */
  guint        intra_board_topo;          /* TfIntraBoardTopo */
  guint        chips_per_board;
  GArray      *stands_for;                /* Entry: the designs a front entry stands for */
  gboolean     has_file;                  /* its candidate file is named */
} Entry;

static void
entry_clear (gpointer data)
{
  Entry *entry = data;

  g_free (entry->origin.seed_id);
  g_clear_pointer (&entry->stands_for, g_array_unref);
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
  GArray            *family;     /* Entry; NULL without a family_front */
  gboolean           has_n_chip;
  guint              entry_index;   /* of the front entry being read */
  const char        *file_dir;      /* where the entries being read have their files, or NULL */
} Summary;

static gboolean
skip_value (Summary *s)
{
  TfYamlNode *node = NULL;
  gboolean ok = tf_yaml_read_node (&s->r, &s->skip_budget, &node);

  tf_yaml_node_free (node);
  return ok;
}

/* A key the summary's tables do not read: the writer's derived figures (source, config, units,
 * front_size, box, ratio ...) and any a later version adds, skipped. */
static gboolean
skip_key (TfYamlReader  *r,
          TfYamlMapping *m,
          const char    *key,
          gpointer       target,
          gpointer       data)
{
  return skip_value (data);
}

/* A mapping of the summary read by @keys into @target, other keys skipped. */
static gboolean
read_keys (Summary         *s,
           const TfYamlKey *keys,
           guint            n_keys,
           gpointer         target,
           TfMark          *start)
{
  return tf_yaml_read_keys (&s->r, keys, n_keys, target, s, skip_key, NULL, start);
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

static gboolean
read_bottleneck_text (TfYamlReader      *r,
                      const TfYamlKeyAt *at)
{
  g_autofree char *text = NULL;
  TfMark mark = tf_yaml_reader_mark (r);

  if (!tf_yaml_read_string (r, 64, &text))
    return FALSE;
  if (!tf_bottleneck_from_text (text, at->field))
    return tf_yaml_reader_fail_at (r, mark, "'%s' is not a link type@reach, injection or "
                                   "bisection", text);
  return TRUE;
}

/* One collective of the breakdown: {bytes, time_us, bottleneck, bottleneck_gb_per_s, ...} */
static const TfYamlKey collective_keys[] = {
  TF_YAML_KEY_REAL ("time_us", Collective, time_us),
  TF_YAML_KEY_CALL_AT ("bottleneck", read_bottleneck_text, Collective, bottleneck),
  TF_YAML_KEY_REAL ("bottleneck_gb_per_s", Collective, bottleneck.gbps),
  TF_YAML_KEY_REAL ("bottleneck_flows", Collective, bottleneck.load),
};

static gboolean
read_collective (Summary     *s,
                 Entry       *entry,
                 TfPrimitive  p)
{
  if (!read_keys (s, collective_keys, G_N_ELEMENTS (collective_keys), &entry->collective[p],
                  NULL))
    return FALSE;
  entry->collectives |= 1u << p;
  return TRUE;
}

/* The candidate files hold the breakdown of the iteration but only the AllReduce of the
 * collectives: the rest comes from here. */
static gboolean
read_iter_time (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  Entry *entry = at->field;

  return entry->has_iter_time = tf_yaml_read_real (r, &entry->iter_time_us);
}

static const TfYamlKey breakdown_keys[] = {
  TF_YAML_KEY_CALL ("iter_time_us", read_iter_time),
};

/* "<Primitive>_all_chips" of the breakdown, else a key skipped. */
static gboolean
read_breakdown_collective (TfYamlReader  *r,
                           TfYamlMapping *m,
                           const char    *key,
                           gpointer       target,
                           gpointer       data)
{
  Summary *s = data;
  Entry *entry = target;
  guint p;

  if (g_str_has_suffix (key, "_all_chips"))
    {
      g_autofree char *primitive = g_strndup (key, strlen (key) - strlen ("_all_chips"));

      if (tf_names_find (tf_primitive_names, primitive, &p))
        return read_collective (s, entry, p);
    }
  return skip_value (s);
}

static gboolean
read_breakdown (Summary *s,
                Entry   *entry)
{
  return tf_yaml_read_keys (&s->r, breakdown_keys, G_N_ELEMENTS (breakdown_keys), entry, s,
                            read_breakdown_collective, NULL, NULL);
}

static gboolean
read_id (TfYamlReader      *r,
         const TfYamlKeyAt *at)
{
  Entry *entry = at->field;

  return entry->has_id = read_candidate_id (r, &entry->id);
}

static gboolean
read_objective_values (TfYamlReader      *r,
                       const TfYamlKeyAt *at)
{
  return read_entry_objectives (at->data, at->field);
}

/* The writer's name and no other: a summary never points outside its folder. */
static gboolean
read_file (TfYamlReader      *r,
           const TfYamlKeyAt *at)
{
  Summary *s = at->data;
  Entry *entry = at->field;
  g_autofree char *expected = NULL;
  g_autofree char *file = NULL;
  TfMark mark = tf_yaml_reader_mark (r);

  if (!tf_yaml_read_string (r, 4096, &file))
    return FALSE;
  if (s->file_dir == NULL)
    return tf_yaml_reader_fail_at (r, mark, "'%s': these entries have no files", file);
  expected = g_strdup_printf ("%s/" TF_RUN_CANDIDATE_FORMAT, s->file_dir, s->entry_index + 1);
  if (strcmp (file, expected) != 0)
    return tf_yaml_reader_fail_at (r, mark, "'%s' is not %s, the file of the front's candidate "
                                   "%u", file, expected, s->entry_index + 1);
  entry->has_file = TRUE;
  return TRUE;
}

static gboolean
read_breakdown_at (TfYamlReader      *r,
                   const TfYamlKeyAt *at)
{
  return read_breakdown (at->data, at->field);
}

static gboolean
read_origin (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  Entry *entry = at->field;
  g_autofree char *method = NULL;
  TfMark mark = tf_yaml_reader_mark (r);

  if (!tf_yaml_read_string (r, 64, &method))
    return FALSE;
  if (!tf_origin_method_from_string (method, &entry->origin.method))
    return tf_yaml_reader_fail_at (r, mark, "'%s' is not an origin", method);
  return TRUE;
}

static gboolean
read_seed_id (TfYamlReader      *r,
              const TfYamlKeyAt *at)
{
  Entry *entry = at->field;

  g_clear_pointer (&entry->origin.seed_id, g_free);
  return tf_yaml_read_string (r, 4096, &entry->origin.seed_id);
}

static gboolean
read_template_params (TfYamlReader      *r,
                      const TfYamlKeyAt *at)
{
  Entry *entry = at->field;
  g_autofree char *params = NULL;

  if (!tf_yaml_read_string (r, TF_ORIGIN_MAX_TEMPLATE_PARAMS - 1, &params))
    return FALSE;
  g_strlcpy (entry->origin.template_params, params, sizeof entry->origin.template_params);
  return TRUE;
}

static gboolean read_entries (Summary *s, GArray **entries, gboolean front);

static gboolean
read_stands_for (TfYamlReader      *r,
                 const TfYamlKeyAt *at)
{
  Summary *s = at->data;
  Entry *entry = at->field;
  guint index = s->entry_index;
  const char *file_dir = s->file_dir;
  gboolean ok;

  /* The designs a representative stands for have no files of their own. */
  s->file_dir = NULL;
  ok = read_entries (s, &entry->stands_for, FALSE);
  s->entry_index = index;
  s->file_dir = file_dir;
  return ok;
}

/* A front entry: its candidate file holds the rest. */
static const TfYamlKey front_entry_keys[] = {
  TF_YAML_KEY_CALL ("candidate_id", read_id),
  TF_YAML_KEY_CALL ("objectives", read_objective_values),
  TF_YAML_KEY_CALL ("file", read_file),
  TF_YAML_KEY_BOOL ("port_asymmetric", Entry, port_asymmetric),
  TF_YAML_KEY_CALL ("breakdown", read_breakdown_at),
  TF_YAML_KEY_CALL ("stands_for", read_stands_for),
};

/* A point of a front without files (the baseline's, the family's, the designs a front entry
 * stands for): its origin and board here. */
static const TfYamlKey point_entry_keys[] = {
  TF_YAML_KEY_CALL ("candidate_id", read_id),
  TF_YAML_KEY_CALL ("file", read_file),
  TF_YAML_KEY_CALL ("objectives", read_objective_values),
  TF_YAML_KEY_CALL ("origin", read_origin),
  TF_YAML_KEY_CALL ("seed_id", read_seed_id),
  TF_YAML_KEY_CALL ("template_params", read_template_params),
  TF_YAML_KEY_GUINT ("mutations", Entry, origin.n_mutations_total, 0, G_MAXUINT),
  TF_YAML_KEY_CHOICE ("intra_board_topo", Entry, intra_board_topo, tf_intra_board_topo_names),
  TF_YAML_KEY_GUINT ("chips_per_board", Entry, chips_per_board, 0, G_MAXUINT16),
};

static gboolean
read_entry (Summary  *s,
            Entry    *entry,
            gboolean  front,
            guint     index)
{
  TfYamlReader *r = &s->r;

  entry->mark = tf_yaml_reader_mark (r);
  s->entry_index = index;
  if (!(front ? read_keys (s, front_entry_keys, G_N_ELEMENTS (front_entry_keys), entry, NULL)
        : read_keys (s, point_entry_keys, G_N_ELEMENTS (point_entry_keys), entry, NULL)))
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

/* time.layers: {structure: {computed, seconds}, ...}, by tf_layer_to_string's names */
typedef struct
{
  guint  computed;
  double seconds;
} LayerTime;

static const TfYamlKey layer_keys[] = {
  TF_YAML_KEY_GUINT ("computed", LayerTime, computed, 0, G_MAXUINT),
  TF_YAML_KEY_REAL ("seconds", LayerTime, seconds),
};

static gboolean
read_layer (TfYamlReader  *r,
            TfYamlMapping *m,
            const char    *key,
            gpointer       target,
            gpointer       data)
{
  Summary *s = data;
  TfEvaluatorStats *stats = &s->result->stats;
  guint k;

  for (k = 1; k < TF_N_LAYER_SLOTS; k++)
    if (strcmp (key, tf_layer_to_string (k)) == 0)
      {
        LayerTime t = { stats->computed[k], stats->seconds[k] };

        if (!read_keys (s, layer_keys, G_N_ELEMENTS (layer_keys), &t, NULL))
          return FALSE;
        stats->computed[k] = t.computed;
        stats->seconds[k] = t.seconds;
        return TRUE;
      }
  return skip_value (s);
}

static gboolean
read_layers (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  return tf_yaml_read_keys (r, NULL, 0, NULL, at->data, read_layer, NULL, NULL);
}

static const TfYamlKey time_keys[] = {
  TF_YAML_KEY_REAL ("search_s", TfSearchResult, seconds),
  TF_YAML_KEY_REAL ("seeds_s", TfSearchResult, init_seconds),
  TF_YAML_KEY_REAL ("baseline_s", TfSearchResult, baseline_seconds),
  TF_YAML_KEY_CALL ("layers", read_layers),
};

static gboolean
read_ideal (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  return read_point (s, s->ideal, &s->n_ideal, &s->ideal_mark);
}

static gboolean
read_reference (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  return read_point (s, s->reference, &s->n_reference, &s->reference_mark);
}

/* box, ratio, gain_over_seeds: derived, skipped */
static const TfYamlKey hypervolume_keys[] = {
  TF_YAML_KEY_CALL ("ideal", read_ideal),
  TF_YAML_KEY_CALL ("reference_point", read_reference),
  TF_YAML_KEY_REAL ("initial_population", TfSearchResult, initial_hypervolume),
  TF_YAML_KEY_REAL ("search", TfSearchResult, hypervolume),
  TF_YAML_KEY_REAL ("baseline", TfSearchResult, baseline_hypervolume),
};

static gboolean
read_n_chip (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  return s->has_n_chip = tf_yaml_read_guint (r, 2, MAX_N_CHIP, &s->n_chip);
}

static gboolean
read_objectives (TfYamlReader      *r,
                 const TfYamlKeyAt *at)
{
  return read_objective_list (at->data);
}

static gboolean
read_front (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  s->file_dir = TF_RUN_PARETO_DIR;
  return read_entries (s, &s->front, TRUE);
}

static gboolean
read_baseline_front (TfYamlReader      *r,
                     const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  s->file_dir = NULL;
  return read_entries (s, &s->baseline, FALSE);
}

static gboolean
read_family_points (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  s->file_dir = TF_RUN_FAMILY_DIR;
  return read_entries (s, &s->family, FALSE);
}

/* family_front: Stage 0's counters and front; the epsilons and gains derived, skipped. */
static const TfYamlKey family_keys[] = {
  TF_YAML_KEY_GUINT ("buildable", TfSearchResult, family_buildable, 0, G_MAXUINT),
  TF_YAML_KEY_GUINT ("evaluated", TfSearchResult, family_evaluations, 0, G_MAXUINT),
  TF_YAML_KEY_GUINT ("left_out", TfSearchResult, family_left_out, 0, G_MAXUINT),
  TF_YAML_KEY_BOOL ("sampled", TfSearchResult, family_sampled),
  TF_YAML_KEY_GUINT ("rejected", TfSearchResult, family_rejected, 0, G_MAXUINT),
  TF_YAML_KEY_REAL ("seconds", TfSearchResult, family_seconds),
  TF_YAML_KEY_REAL ("hypervolume", TfSearchResult, family_hypervolume),
  TF_YAML_KEY_CALL ("front", read_family_points),
};

/* What a folder without config.yaml makes its configuration of (the Summary's) */

static gboolean
read_algorithm (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  Summary *s = at->data;
  guint choice;

  if (!tf_yaml_read_choice (r, tf_search_algorithm_names, &choice))
    return FALSE;
  s->algorithm = (TfSearchAlgorithm) choice;
  return TRUE;
}

static gboolean
read_seed (TfYamlReader      *r,
           const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  return tf_yaml_read_uint (r, 0, G_MAXUINT64, &s->seed);
}

static gboolean
read_population_size (TfYamlReader      *r,
                      const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  return tf_yaml_read_guint (r, 4, TF_SEARCH_MAX_POPULATION, &s->population_size);
}

static gboolean
read_generations (TfYamlReader      *r,
                  const TfYamlKeyAt *at)
{
  Summary *s = at->data;

  return tf_yaml_read_guint (r, 1, TF_SEARCH_MAX_GENERATIONS, &s->generations);
}

/* The summary into the result, what makes a configuration into the Summary; source, config,
 * units, front_size and the counts derived: skipped. */
static const TfYamlKey summary_keys[] = {
  TF_YAML_KEY_CALL ("n_chip", read_n_chip),
  TF_YAML_KEY_CALL ("algorithm", read_algorithm),
  TF_YAML_KEY_CALL ("seed", read_seed),
  TF_YAML_KEY_GUINT ("threads", TfSearchResult, threads, 0, G_MAXUINT),
  TF_YAML_KEY_CALL ("population_size", read_population_size),
  TF_YAML_KEY_CALL ("generations", read_generations),
  TF_YAML_KEY_GUINT ("generations_done", TfSearchResult, generations_done, 0, G_MAXUINT),
  TF_YAML_KEY_BOOL ("cancelled", TfSearchResult, cancelled),
  TF_YAML_KEY_CALL ("objectives", read_objectives),
  TF_YAML_KEY_MAP ("evaluations", tf_run_counters),
  TF_YAML_KEY_MAP ("time", time_keys),
  TF_YAML_KEY_MAP ("hypervolume", hypervolume_keys),
  TF_YAML_KEY_CALL ("front", read_front),
  TF_YAML_KEY_CALL ("baseline_front", read_baseline_front),
  TF_YAML_KEY_MAP ("family_front", family_keys),
};

static gboolean
read_summary_document (Summary *s)
{
  TfYamlReader *r = &s->r;
  TfMark start;

  if (!tf_yaml_reader_begin_document (r))
    return FALSE;
  if (!read_keys (s, summary_keys, G_N_ELEMENTS (summary_keys), s->result, &start))
    return FALSE;
  if (!s->has_n_chip || s->n_objectives == 0 || s->front == NULL)
    return tf_yaml_reader_fail_at (r, start, "a run summary needs n_chip, objectives and "
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
        ev->collective_us[0][p][n - 1] = entry->collective[p].time_us;
        ev->collective_bottleneck[0][p] = entry->collective[p].bottleneck;
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

/* The candidate file @subdir/candidate_NNN.yaml of entry @index, what the summary says of it
 * merged in. */
static TfCandidate *
load_candidate_file (const char           *dir,
                     const char           *subdir,
                     guint                 index,
                     const Entry          *entry,
                     const TfSearchConfig *config,
                     GError              **error)
{
  g_autofree char *name = g_strdup_printf (TF_RUN_CANDIDATE_FORMAT, index + 1);
  g_autofree char *path = g_build_filename (dir, subdir, name, NULL);
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

static gboolean
missing_objectives (GError     **error,
                    const char  *path,
                    const Entry *entry,
                    const char  *field,
                    guint        index)
{
  g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s:%u:%u: field '%s[%u].objectives': "
               "needs every objective of the run", path, entry->mark.line, entry->mark.column,
               field, index);
  return FALSE;
}

/* A front of points (the baseline's, the family's) as candidates: from their files in @dir's
 * @subdir where the summary names them (the family front's), else with their ids, origins,
 * boards and objectives and no graph; NULL with @error when an entry lacks an objective or its
 * file cannot be read. */
static GPtrArray *
load_points (GArray               *entries,
             const TfSearchConfig *config,
             const char           *dir,
             const char           *subdir,
             const char           *path,
             const char           *field,
             GError              **error)
{
  g_autoptr(GPtrArray) front = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                               tf_candidate_free);

  for (guint i = 0; i < entries->len; i++)
    {
      Entry *entry = &g_array_index (entries, Entry, i);
      TfCandidate *c;

      if (entry->has_file && subdir != NULL)
        {
          if (!(c = load_candidate_file (dir, subdir, i, entry, config, error)))
            return NULL;
          g_ptr_array_add (front, c);
          continue;
        }
      c = tf_candidate_new ();
      g_ptr_array_add (front, c);
      c->id = entry->id;
      c->origin = entry->origin;
      entry->origin.seed_id = NULL;
      c->topology.context.intra_board_topo = (TfIntraBoardTopo) entry->intra_board_topo;
      c->topology.graph.chips_per_board = entry->chips_per_board;
      if (!entry_objectives (entry, config, c->objectives))
        {
          missing_objectives (error, path, entry, field, i);
          return NULL;
        }
    }
  return g_steal_pointer (&front);
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
      TfCandidate *c = load_candidate_file (dir, TF_RUN_PARETO_DIR, i,
                                            &g_array_index (s->front, Entry, i), config, error);

      if (c == NULL)
        return FALSE;
      g_ptr_array_add (result->front, c);
    }

  result->front_members = g_array_new (FALSE, FALSE, sizeof (TfFrontMember));
  for (guint i = 0; i < s->front->len; i++)
    {
      GArray *members = g_array_index (s->front, Entry, i).stands_for;

      for (guint j = 0; members != NULL && j < members->len; j++)
        {
          const Entry *entry = &g_array_index (members, Entry, j);
          TfFrontMember member = {
            { entry->id, (guint8) entry->origin.method, (guint8) entry->intra_board_topo,
              (guint16) entry->chips_per_board,
              (guint16) MIN (entry->origin.n_mutations_total, G_MAXUINT16) },
            i, { 0 }
          };

          if (!entry_objectives (entry, config, member.objectives))
            return missing_objectives (error, summary_path, entry, "front", i);
          g_array_append_val (result->front_members, member);
        }
    }
  if (s->baseline != NULL
      && !(result->baseline_front = load_points (s->baseline, config, dir, NULL, summary_path,
                                                 "baseline_front", error)))
    return FALSE;
  if (s->family != NULL
      && !(result->family_front = load_points (s->family, config, dir, TF_RUN_FAMILY_DIR,
                                               summary_path, "family_front.front", error)))
    return FALSE;

  if (!tf_run_evaluated_load (dir, config, result, error))
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
  g_clear_pointer (&s.family, g_array_unref);
  if (!ok)
    tf_search_result_clear (result);
  return ok;
}
