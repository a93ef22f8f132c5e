/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-output.c: a run folder (docs/optimizer.md, "Output"), written by optimize --out and by
 * the app, opened again by the app.
 *
 *   config.yaml                 the run's configuration, complete (tf_search_config_write_yaml)
 *   pareto/candidate_NNN.yaml   the front, first objective ascending (tf_candidate_write_yaml)
 *   evaluated.csv               the objectives of every feasible candidate evaluated
 *   summary.yaml                the run: counters, times, hypervolumes and the front's index
 *
 * summary.yaml is written last and is what makes a folder a run: every file is replaced
 * atomically, so an interrupted write leaves the previous run readable. Loading is strict about
 * what it reads (the engine's YAML reader) and tolerant of keys it does not know, since the
 * summary grows. What the candidate files cannot give back (the collectives of the breakdown,
 * port asymmetry, the objectives to the last bit) comes from the summary's index.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "search-config-private.h"
#include "yaml-emitter-private.h"

#define CONFIG_FILE    "config.yaml"
#define SUMMARY_FILE   "summary.yaml"
#define EVALUATED_FILE "evaluated.csv"
#define PARETO_DIR     "pareto"

/* evaluated.csv holds a row per evaluation: up to 10,000,000 rows of a few numbers each. */
#define MAX_CSV_BYTES  (G_GUINT64_CONSTANT (4) << 30)
/* Nodes of summary keys this reader does not know, skipped. */
#define MAX_SKIPPED    100000u

static const char *const set_names[] = { "search", "baseline" };

/* Writing */

static void
key (TfYamlEmitter *e,
     const char    *name)
{
  tf_yaml_emitter_string (e, name);
}

static void
emit_objectives (TfYamlEmitter        *e,
                 const TfSearchConfig *config,
                 const double         *values)
{
  key (e, "objectives");
  tf_yaml_emitter_mapping_start (e, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    tf_yaml_emitter_key_real (e, tf_objective_to_string (config->objectives[k]),
                              tf_objective_value (config->objectives[k], values[k]));
  tf_yaml_emitter_mapping_end (e);
}

static void
emit_bottleneck (TfYamlEmitter      *e,
                 const TfBottleneck *b)
{
  g_autofree char *text = tf_bottleneck_to_text (b);

  tf_yaml_emitter_key_string (e, "bottleneck", text);
  tf_yaml_emitter_key_real (e, "bottleneck_gb_per_s", b->gbps);
  if (b->kind == TF_BOTTLENECK_LINK)
    tf_yaml_emitter_key_real (e, "bottleneck_flows", b->load);
}

/* Where the first workload's iteration goes, and what limits each collective. */
static void
emit_breakdown (TfYamlEmitter        *e,
                const TfSearchConfig *config,
                const TfCandidate    *c)
{
  const TfEvaluation *ev = &c->evaluation;

  if (!(ev->layers & TF_LAYER_ITERATION))
    return;
  key (e, "breakdown");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_real (e, "iter_time_us", ev->iter_time_us[0]);
  tf_yaml_emitter_key_real (e, "compute_us", ev->iter_compute_us[0]);
  for (guint k = 0; k < TF_N_COMMS; k++)
    {
      if (ev->iter_comm_total_us[0][k] <= 0)
        continue;
      key (e, tf_comm_to_string (k));
      tf_yaml_emitter_mapping_start (e, TRUE);
      tf_yaml_emitter_key_real (e, "exposed_us", ev->iter_comm_us[0][k]);
      tf_yaml_emitter_key_real (e, "overlapped_us",
                                ev->iter_comm_total_us[0][k] - ev->iter_comm_us[0][k]);
      emit_bottleneck (e, &ev->iter_bottleneck[0][k]);
      tf_yaml_emitter_mapping_end (e);
    }
  if (ev->layers & TF_LAYER_COLLECTIVES)
    {
      const TfWorkload *wl = &config->workloads[0];

      for (guint p = 0; p < TF_N_PRIMITIVES && wl->n_message_sizes > 0; p++)
        {
          g_autofree char *name = NULL;

          if (!(wl->primitives & (1u << p)))
            continue;
          name = g_strdup_printf ("%s_all_chips", tf_primitive_to_string (p));
          key (e, name);
          tf_yaml_emitter_mapping_start (e, TRUE);
          tf_yaml_emitter_key_uint (e, "bytes", wl->message_sizes[wl->n_message_sizes - 1]);
          tf_yaml_emitter_key_real (e, "time_us",
                                    ev->collective_us[0][p][wl->n_message_sizes - 1]);
          emit_bottleneck (e, &ev->collective_bottleneck[0][p]);
          tf_yaml_emitter_mapping_end (e);
        }
    }
  tf_yaml_emitter_mapping_end (e);
}

static guint
count_port_asymmetric (const GPtrArray *front)
{
  guint n = 0;

  for (guint i = 0; front != NULL && i < front->len; i++)
    n += ((const TfCandidate *) g_ptr_array_index (front, i))->evaluation.port_asymmetric;
  return n;
}

static void
emit_names (TfYamlEmitter        *e,
            const char           *name,
            const TfSearchConfig *config,
            const char         *(*to_string) (TfObjective))
{
  key (e, name);
  tf_yaml_emitter_sequence_start (e, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    tf_yaml_emitter_string (e, to_string (config->objectives[k]));
  tf_yaml_emitter_sequence_end (e);
}

static void
emit_point (TfYamlEmitter        *e,
            const char           *name,
            const TfSearchConfig *config,
            const double         *values)
{
  key (e, name);
  tf_yaml_emitter_sequence_start (e, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    tf_yaml_emitter_real (e, tf_objective_value (config->objectives[k], values[k]));
  tf_yaml_emitter_sequence_end (e);
}

static void
emit_summary (TfYamlEmitter        *e,
              const char           *config_path,
              const TfSearchConfig *config,
              const TfSearchResult *r,
              guint                 violations)
{
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_string (e, "source", "topoforge " TF_VERSION " optimizer");
  tf_yaml_emitter_key_string (e, "config", config_path ? config_path : CONFIG_FILE);
  tf_yaml_emitter_key_uint (e, "n_chip", config->n_chip);
  tf_yaml_emitter_key_string (e, "algorithm",
                              config->algorithm == TF_SEARCH_NSGA2 ? "nsga2" : "random");
  tf_yaml_emitter_key_uint (e, "seed", config->seed);
  tf_yaml_emitter_key_uint (e, "threads", r->threads);
  tf_yaml_emitter_key_uint (e, "population_size", config->population_size);
  tf_yaml_emitter_key_uint (e, "generations", config->generations);
  tf_yaml_emitter_key_uint (e, "generations_done", r->generations_done);
  tf_yaml_emitter_key_boolean (e, "cancelled", r->cancelled);
  emit_names (e, "objectives", config, tf_objective_to_string);
  emit_names (e, "units", config, tf_objective_unit);

  key (e, "evaluations");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_uint (e, "search", r->evaluations);
  tf_yaml_emitter_key_uint (e, "rejected", r->rejected);
  tf_yaml_emitter_key_uint (e, "invalid_mutations", r->invalid_mutations);
  tf_yaml_emitter_key_uint (e, "duplicates_edited_again", r->duplicates);
  tf_yaml_emitter_key_uint (e, "duplicates_dropped", r->duplicates_dropped);
  tf_yaml_emitter_key_uint (e, "immigrants", r->immigrants);
  tf_yaml_emitter_key_uint (e, "baseline", r->baseline_evaluations);
  tf_yaml_emitter_mapping_end (e);

  key (e, "time");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_real (e, "search_s", r->seconds);
  tf_yaml_emitter_key_real (e, "seeds_s", r->init_seconds);
  tf_yaml_emitter_key_real (e, "baseline_s", r->baseline_seconds);
  key (e, "layers");
  tf_yaml_emitter_mapping_start (e, FALSE);
  for (guint k = 1; k < TF_N_LAYER_SLOTS; k++)
    {
      if (r->stats.computed[k] == 0)
        continue;
      key (e, tf_layer_to_string (k));
      tf_yaml_emitter_mapping_start (e, TRUE);
      tf_yaml_emitter_key_uint (e, "computed", r->stats.computed[k]);
      tf_yaml_emitter_key_real (e, "seconds", r->stats.seconds[k]);
      tf_yaml_emitter_key_real (e, "ms_per_candidate",
                                1e3 * r->stats.seconds[k] / r->stats.computed[k]);
      tf_yaml_emitter_mapping_end (e);
    }
  tf_yaml_emitter_mapping_end (e);
  tf_yaml_emitter_mapping_end (e);

  key (e, "hypervolume");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_string (e, "box", "each objective scaled to [0, 1] between the ideal (0) "
                              "and the reference point (1), both fixed by the configuration "
                              "before the run; the volume is a fraction of that box");
  emit_point (e, "ideal", config, r->ideal);
  emit_point (e, "reference_point", config, r->reference_point);
  tf_yaml_emitter_key_real (e, "initial_population", r->initial_hypervolume);
  tf_yaml_emitter_key_real (e, "search", r->hypervolume);
  if (r->baseline_front != NULL)
    {
      tf_yaml_emitter_key_real (e, "baseline", r->baseline_hypervolume);
      if (r->baseline_hypervolume > 0)
        tf_yaml_emitter_key_real (e, "ratio", r->hypervolume / r->baseline_hypervolume);
    }
  if (r->initial_hypervolume > 0)
    tf_yaml_emitter_key_real (e, "gain_over_seeds", r->hypervolume / r->initial_hypervolume);
  tf_yaml_emitter_mapping_end (e);

  tf_yaml_emitter_key_uint (e, "front_size", r->front ? r->front->len : 0);
  tf_yaml_emitter_key_uint (e, "port_asymmetric_candidates", count_port_asymmetric (r->front));
  tf_yaml_emitter_key_uint (e, "constraint_violations", violations);

  key (e, "front");
  tf_yaml_emitter_sequence_start (e, FALSE);
  for (guint i = 0; r->front && i < r->front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (r->front, i);
      g_autofree char *file = g_strdup_printf (PARETO_DIR "/candidate_%03u.yaml", i + 1);
      g_autofree char *id = g_strdup_printf ("cand_%06u", c->id);

      tf_yaml_emitter_mapping_start (e, FALSE);
      tf_yaml_emitter_key_string (e, "file", file);
      tf_yaml_emitter_key_string (e, "candidate_id", id);
      tf_yaml_emitter_key_string (e, "origin", tf_origin_method_to_string (c->origin.method));
      if (c->origin.seed_id != NULL)
        tf_yaml_emitter_key_string (e, "seed_id", c->origin.seed_id);
      tf_yaml_emitter_key_uint (e, "mutations", c->origin.n_mutations_total);
      emit_objectives (e, config, c->objectives);
      tf_yaml_emitter_key_uint (e, "switches", c->topology.graph.n_switch);
      tf_yaml_emitter_key_uint (e, "links", c->topology.graph.n_links);
      tf_yaml_emitter_key_boolean (e, "port_asymmetric", c->evaluation.port_asymmetric);
      emit_breakdown (e, config, c);
      tf_yaml_emitter_mapping_end (e);
    }
  tf_yaml_emitter_sequence_end (e);

  if (r->baseline_front != NULL)
    {
      key (e, "baseline_front");
      tf_yaml_emitter_sequence_start (e, FALSE);
      for (guint i = 0; i < r->baseline_front->len; i++)
        {
          const TfCandidate *c = g_ptr_array_index (r->baseline_front, i);
          g_autofree char *id = g_strdup_printf ("cand_%06u", c->id);

          tf_yaml_emitter_mapping_start (e, TRUE);
          tf_yaml_emitter_key_string (e, "candidate_id", id);
          emit_objectives (e, config, c->objectives);
          tf_yaml_emitter_mapping_end (e);
        }
      tf_yaml_emitter_sequence_end (e);
    }
  tf_yaml_emitter_mapping_end (e);
}

static gboolean
write_summary (const char           *dir,
               const char           *config_path,
               const TfSearchConfig *config,
               const TfSearchResult *r,
               guint                 violations,
               GError              **error)
{
  g_autofree char *path = g_build_filename (dir, SUMMARY_FILE, NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  TfYamlEmitter e;

  tf_yaml_emitter_begin (&e, out);
  emit_summary (&e, config_path, config, r, violations);
  if (!tf_yaml_emitter_end (&e, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return tf_write_file_atomic (path, out->str, out->len, error);
}

static gboolean
write_config (const char           *dir,
              const TfSearchConfig *config,
              GError              **error)
{
  g_autofree char *path = g_build_filename (dir, CONFIG_FILE, NULL);
  g_autoptr(GString) out = g_string_new (NULL);

  if (!tf_search_config_write_yaml (config, out, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return tf_write_file_atomic (path, out->str, out->len, error);
}

static void
append_rows (GString              *out,
             const char           *set,
             const TfSearchConfig *config,
             const GArray         *rows)
{
  guint m = config->n_objectives;

  for (guint i = 0; rows != NULL && m > 0 && i + m <= rows->len; i += m)
    {
      g_string_append (out, set);
      for (guint k = 0; k < m; k++)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          g_ascii_formatd (buf, sizeof buf, "%.17g",
                           tf_objective_value (config->objectives[k],
                                               g_array_index (rows, double, i + k)));
          g_string_append_c (out, ',');
          g_string_append (out, buf);
        }
      g_string_append_c (out, '\n');
    }
}

/* One row per feasible candidate evaluated, in the order the run evaluated them: the cloud
 * the Pareto plot draws behind the fronts. */
static gboolean
write_evaluated (const char           *dir,
                 const TfSearchConfig *config,
                 const TfSearchResult *r,
                 GError              **error)
{
  g_autofree char *path = g_build_filename (dir, EVALUATED_FILE, NULL);
  g_autoptr(GString) out = g_string_new ("set");

  for (guint k = 0; k < config->n_objectives; k++)
    g_string_append_printf (out, ",%s", tf_objective_to_string (config->objectives[k]));
  g_string_append_c (out, '\n');
  append_rows (out, set_names[0], config, r->evaluated);
  append_rows (out, set_names[1], config, r->baseline_evaluated);
  return tf_write_file_atomic (path, out->str, out->len, error);
}

/* Candidates a longer front of an earlier run left behind would mislead: remove them. */
static void
remove_stale (const char *pareto,
              guint       n)
{
  g_autoptr(GDir) listing = g_dir_open (pareto, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *digits = NULL;
      guint64 index;

      if (!g_str_has_prefix (name, "candidate_") || !g_str_has_suffix (name, ".yaml")
          || strlen (name) < 16)
        continue;
      digits = g_strndup (name + 10, strlen (name) - 15);
      if (g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT, &index, NULL) && index > n)
        {
          g_autofree char *stale = g_build_filename (pareto, name, NULL);

          g_unlink (stale);
        }
    }
}

/* Measures the generator's metrics on front members that lack them (edited graphs), checks
 * every hard constraint and invariant again, and writes the candidate files. */
static gboolean
write_front (const char           *dir,
             const TfSearchConfig *config,
             TfSearchResult       *r,
             guint                *violations,
             GError              **error)
{
  g_autofree char *pareto = g_build_filename (dir, PARETO_DIR, NULL);
  guint n = r->front ? r->front->len : 0;

  if (g_mkdir_with_parents (pareto, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot create %s: %s", pareto,
                   g_strerror (saved));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      TfCandidate *c = g_ptr_array_index (r->front, i);
      g_autoptr(GString) why = g_string_new (NULL);
      g_autoptr(GString) out = g_string_new (NULL);
      g_autoptr(GError) invariant = NULL;
      g_autofree char *file = g_strdup_printf ("%s/candidate_%03u.yaml", pareto, i + 1);

      if (c->topology.result.metrics.counts_method == TF_METHOD_NONE
          && !tf_topology_measure (&c->topology, NULL, NULL, error))
        return FALSE;
      if (!tf_candidate_check_constraints (config, c, why)
          || !tf_network_graph_check_invariants (&c->topology.graph,
                                                 MAX (1u, config->context.chip_radix),
                                                 &invariant))
        (*violations)++;
      if (!tf_candidate_write_yaml (c, config, out, error)
          || !tf_write_file_atomic (file, out->str, out->len, error))
        return FALSE;
    }
  remove_stale (pareto, n);
  return TRUE;
}

gboolean
tf_search_output_write (const char           *dir,
                        const char           *config_path,
                        const TfSearchConfig *config,
                        TfSearchResult       *result,
                        guint                *violations,
                        GError              **error)
{
  guint count = 0;

  g_return_val_if_fail (dir != NULL && config != NULL && result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The summary last: until it is replaced, the folder still reads as the earlier run. */
  if (!write_front (dir, config, result, &count, error)
      || !write_evaluated (dir, config, result, error)
      || !write_config (dir, config, error)
      || !write_summary (dir, config_path, config, result, count, error))
    return FALSE;
  if (violations != NULL)
    *violations = count;
  return TRUE;
}

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
} Entry;

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
    if (tf_config_is_key (name, "time_us"))
      tf_yaml_read_real (r, &entry->collective_us[p]);
    else if (tf_config_is_key (name, "bottleneck"))
      {
        g_autofree char *text = NULL;
        TfMark mark = tf_yaml_reader_mark (r);

        if (tf_yaml_read_string (r, 64, &text) && !tf_bottleneck_from_text (text, b))
          tf_yaml_reader_fail_at (r, mark, "'%s' is not a link type@reach, injection or "
                                  "bisection", text);
      }
    else if (tf_config_is_key (name, "bottleneck_gb_per_s"))
      tf_yaml_read_real (r, &b->gbps);
    else if (tf_config_is_key (name, "bottleneck_flows"))
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

      if (tf_config_is_key (name, "iter_time_us"))
        {
          if (tf_yaml_read_real (r, &entry->iter_time_us))
            entry->has_iter_time = TRUE;
          continue;
        }
      if (g_str_has_suffix (name, "_all_chips"))
        {
          g_autofree char *primitive = g_strndup (name, strlen (name) - strlen ("_all_chips"));

          if (!tf_name_index (tf_primitive_names, TF_N_PRIMITIVES, primitive, &p))
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
    if (tf_config_is_key (name, "candidate_id"))
      entry->has_id = read_candidate_id (r, &entry->id);
    else if (tf_config_is_key (name, "objectives"))
      read_entry_objectives (s, entry);
    else if (front && tf_config_is_key (name, "file"))
      {
        /* The writer's name and no other: a summary never points outside its folder. */
        g_autofree char *expected = g_strdup_printf (PARETO_DIR "/candidate_%03u.yaml",
                                                     index + 1);
        g_autofree char *file = NULL;
        TfMark mark = tf_yaml_reader_mark (r);

        if (tf_yaml_read_string (r, 4096, &file) && strcmp (file, expected) != 0)
          tf_yaml_reader_fail_at (r, mark, "'%s' is not %s, the file of the front's "
                                  "candidate %u", file, expected, index + 1);
      }
    else if (front && tf_config_is_key (name, "port_asymmetric"))
      tf_config_read_bool (r, &entry->port_asymmetric);
    else if (front && tf_config_is_key (name, "breakdown"))
      read_breakdown (s, entry);
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
  static const char *const names[] = {
    "search", "rejected", "invalid_mutations", "duplicates_edited_again", "duplicates_dropped",
    "immigrants", "baseline",
  };
  guint *const fields[G_N_ELEMENTS (names)] = {
    &res->evaluations, &res->rejected, &res->invalid_mutations, &res->duplicates,
    &res->duplicates_dropped, &res->immigrants, &res->baseline_evaluations,
  };

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &name))
    {
      guint i;

      if (tf_name_index (names, G_N_ELEMENTS (names), name, &i))
        tf_config_read_guint (r, 0, G_MAXUINT, fields[i]);
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
        if (tf_config_is_key (field, "computed"))
          tf_config_read_guint (r, 0, G_MAXUINT, &stats->computed[k]);
        else if (tf_config_is_key (field, "seconds"))
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
    if (tf_config_is_key (name, "search_s"))
      tf_yaml_read_real (r, &res->seconds);
    else if (tf_config_is_key (name, "seeds_s"))
      tf_yaml_read_real (r, &res->init_seconds);
    else if (tf_config_is_key (name, "baseline_s"))
      tf_yaml_read_real (r, &res->baseline_seconds);
    else if (tf_config_is_key (name, "layers"))
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
    if (tf_config_is_key (name, "ideal"))
      read_point (s, s->ideal, &s->n_ideal, &s->ideal_mark);
    else if (tf_config_is_key (name, "reference_point"))
      read_point (s, s->reference, &s->n_reference, &s->reference_mark);
    else if (tf_config_is_key (name, "initial_population"))
      tf_yaml_read_real (r, &res->initial_hypervolume);
    else if (tf_config_is_key (name, "search"))
      tf_yaml_read_real (r, &res->hypervolume);
    else if (tf_config_is_key (name, "baseline"))
      tf_yaml_read_real (r, &res->baseline_hypervolume);
    else
      skip_value (s);   /* box, ratio, gain_over_seeds: derived */
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_summary_document (Summary *s)
{
  static const char *const algorithm_names[] = { "nsga2", "random" };
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
    if (tf_config_is_key (name, "n_chip"))
      s->has_n_chip = tf_config_read_guint (r, 2, MAX_N_CHIP, &s->n_chip);
    else if (tf_config_is_key (name, "algorithm"))
      {
        if (tf_yaml_read_choice (r, algorithm_names, G_N_ELEMENTS (algorithm_names), &choice))
          s->algorithm = choice == 0 ? TF_SEARCH_NSGA2 : TF_SEARCH_RANDOM;
      }
    else if (tf_config_is_key (name, "seed"))
      tf_yaml_read_uint (r, 0, G_MAXUINT64, &s->seed);
    else if (tf_config_is_key (name, "threads"))
      tf_config_read_guint (r, 0, G_MAXUINT, &res->threads);
    else if (tf_config_is_key (name, "population_size"))
      tf_config_read_guint (r, 4, TF_SEARCH_MAX_POPULATION, &s->population_size);
    else if (tf_config_is_key (name, "generations"))
      tf_config_read_guint (r, 1, TF_SEARCH_MAX_GENERATIONS, &s->generations);
    else if (tf_config_is_key (name, "generations_done"))
      tf_config_read_guint (r, 0, G_MAXUINT, &res->generations_done);
    else if (tf_config_is_key (name, "cancelled"))
      tf_config_read_bool (r, &res->cancelled);
    else if (tf_config_is_key (name, "objectives"))
      read_objective_list (s);
    else if (tf_config_is_key (name, "evaluations"))
      read_evaluations (s);
    else if (tf_config_is_key (name, "time"))
      read_time (s);
    else if (tf_config_is_key (name, "hypervolume"))
      read_hypervolume (s);
    else if (tf_config_is_key (name, "front"))
      read_entries (s, &s->front, TRUE);
    else if (tf_config_is_key (name, "baseline_front"))
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
  g_autofree char *path = g_build_filename (dir, CONFIG_FILE, NULL);

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
                   "the objectives of " CONFIG_FILE, path, mark->line, mark->column);
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
  g_autofree char *name = g_strdup_printf ("candidate_%03u.yaml", index + 1);
  g_autofree char *path = g_build_filename (dir, PARETO_DIR, name, NULL);
  g_autoptr(TfCandidate) c = tf_candidate_new ();
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!tf_yaml_read_file (path, TF_LOAD_MAX_BYTES, "a candidate", &data, &length, error)
      || !tf_candidate_load_data (path, data, length, c, error))
    return NULL;
  if (c->id != entry->id)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVALID_FILE, "%s: candidate cand_%06u, but "
                   SUMMARY_FILE " lists cand_%06u here", path, c->id, entry->id);
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
  g_autofree char *path = g_build_filename (dir, EVALUATED_FILE, NULL);
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
      if (!tf_name_index (set_names, G_N_ELEMENTS (set_names), fields[0], &set))
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
          const Entry *entry = &g_array_index (s->baseline, Entry, i);
          TfCandidate *c = tf_candidate_new ();

          g_ptr_array_add (result->baseline_front, c);
          c->id = entry->id;
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
  summary_path = g_build_filename (dir, SUMMARY_FILE, NULL);
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
