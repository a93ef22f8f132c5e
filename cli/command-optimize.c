/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command-optimize.c: topoforge-cli optimize --config FILE --out DIR [--seed S] [--threads T]
 *                     [--population P] [--generations G] [--no-baseline]
 *
 * Runs the topology optimizer (docs/optimizer.md) and writes DIR/pareto/candidate_NNN.yaml (the
 * Pareto front in the topology format, with the optimizer's metadata), DIR/summary.yaml and
 * DIR/pareto.svg. A progress line per generation goes to stderr; Ctrl-C stops the search
 * cleanly and writes what it has (a second Ctrl-C ends at once). Every file is written
 * atomically.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>
#include <yaml.h>

#include "cli-private.h"
#include "optimizer.h"
#include "pareto-svg.h"

static gboolean
on_progress (const TfSearchProgress *p,
             gpointer                data)
{
  (void) data;
  if (p->baseline)
    g_printerr ("baseline  evaluations %6u  front %4u  hypervolume %.4f  elapsed %7.1f s\n",
                p->evaluations, p->front_size, p->hypervolume, p->elapsed);
  else
    g_printerr ("generation %4u/%u  evaluations %6u  front %4u  hypervolume %.4f  "
                "elapsed %7.1f s\n", p->generation, p->generations, p->evaluations,
                p->front_size, p->hypervolume, p->elapsed);
  return !tf_cli_interrupted ();
}

/* A small block-style YAML emitter over libyaml, for summary.yaml. */
typedef struct
{
  yaml_emitter_t emitter;
  GString       *out;
  gboolean       ok;
} Emitter;

static int
emit_write (void          *data,
            unsigned char *buffer,
            size_t         size)
{
  g_string_append_len (((Emitter *) data)->out, (const char *) buffer, size);
  return 1;
}

static void
emit (Emitter      *e,
      yaml_event_t *event)
{
  if (e->ok && !yaml_emitter_emit (&e->emitter, event))
    e->ok = FALSE;
}

static void
e_scalar (Emitter    *e,
          const char *text,
          gboolean    plain_only)
{
  yaml_event_t ev;

  yaml_scalar_event_initialize (&ev, NULL, NULL, (yaml_char_t *) text, (int) strlen (text),
                                TRUE, !plain_only,
                                plain_only ? YAML_PLAIN_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE);
  emit (e, &ev);
}

static void
e_start (Emitter *e,
         gboolean mapping,
         gboolean flow)
{
  yaml_event_t ev;

  if (mapping)
    yaml_mapping_start_event_initialize (&ev, NULL, NULL, 1, flow ? YAML_FLOW_MAPPING_STYLE
                                                                  : YAML_BLOCK_MAPPING_STYLE);
  else
    yaml_sequence_start_event_initialize (&ev, NULL, NULL, 1, flow ? YAML_FLOW_SEQUENCE_STYLE
                                                                   : YAML_BLOCK_SEQUENCE_STYLE);
  emit (e, &ev);
}

static void
e_end (Emitter *e,
       gboolean mapping)
{
  yaml_event_t ev;

  if (mapping)
    yaml_mapping_end_event_initialize (&ev);
  else
    yaml_sequence_end_event_initialize (&ev);
  emit (e, &ev);
}

static void
e_key (Emitter *e, const char *key) { e_scalar (e, key, FALSE); }

static void
e_str (Emitter *e, const char *key, const char *value)
{
  e_key (e, key);
  e_scalar (e, value, FALSE);
}

static void
e_uint (Emitter *e, const char *key, guint64 value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, value);
  e_key (e, key);
  e_scalar (e, buf, TRUE);
}

static void
e_real_value (Emitter *e, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 2];

  g_ascii_dtostr (buf, sizeof buf - 2, value);
  if (strpbrk (buf, ".eEn") == NULL)
    strcat (buf, ".0");
  e_scalar (e, buf, TRUE);
}

static void
e_real (Emitter *e, const char *key, double value)
{
  e_key (e, key);
  e_real_value (e, value);
}

static void
e_bool (Emitter *e, const char *key, gboolean value)
{
  e_key (e, key);
  e_scalar (e, value ? "true" : "false", TRUE);
}

static void
emitter_begin (Emitter *e,
               GString *out)
{
  yaml_event_t ev;

  e->out = out;
  e->ok = TRUE;
  yaml_emitter_initialize (&e->emitter);
  yaml_emitter_set_output (&e->emitter, emit_write, e);
  yaml_emitter_set_unicode (&e->emitter, 1);
  yaml_emitter_set_width (&e->emitter, 100);
  yaml_stream_start_event_initialize (&ev, YAML_UTF8_ENCODING);
  emit (e, &ev);
  yaml_document_start_event_initialize (&ev, NULL, NULL, NULL, 1);
  emit (e, &ev);
}

static gboolean
emitter_end (Emitter *e,
             GError **error)
{
  yaml_event_t ev;
  gboolean ok;

  yaml_document_end_event_initialize (&ev, 1);
  emit (e, &ev);
  yaml_stream_end_event_initialize (&ev);
  emit (e, &ev);
  ok = e->ok;
  if (!ok)
    g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot write summary.yaml: %s",
                 e->emitter.problem ? e->emitter.problem : "emitter error");
  yaml_emitter_delete (&e->emitter);
  return ok;
}

static void
e_objectives (Emitter              *e,
              const TfSearchConfig *config,
              const double         *values)
{
  e_key (e, "objectives");
  e_start (e, TRUE, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    e_real (e, tf_objective_to_string (config->objectives[k]),
            tf_objective_value (config->objectives[k], values[k]));
  e_end (e, TRUE);
}

static void
e_bottleneck (Emitter            *e,
              const TfBottleneck *b)
{
  g_autofree char *text = tf_bottleneck_to_text (b);

  e_str (e, "bottleneck", text);
  e_real (e, "bottleneck_gb_per_s", b->gbps);
  if (b->kind == TF_BOTTLENECK_LINK)
    e_real (e, "bottleneck_flows", b->load);
}

/* Where the first workload's iteration goes, and what limits each collective. */
static void
e_breakdown (Emitter              *e,
             const TfSearchConfig *config,
             const TfCandidate    *c)
{
  const TfEvaluation *ev = &c->evaluation;

  if (!(ev->layers & TF_LAYER_ITERATION))
    return;
  e_key (e, "breakdown");
  e_start (e, TRUE, FALSE);
  e_real (e, "iter_time_us", ev->iter_time_us[0]);
  e_real (e, "compute_us", ev->iter_compute_us[0]);
  for (guint k = 0; k < TF_N_COMMS; k++)
    {
      if (ev->iter_comm_total_us[0][k] <= 0)
        continue;
      e_key (e, tf_comm_to_string (k));
      e_start (e, TRUE, TRUE);
      e_real (e, "exposed_us", ev->iter_comm_us[0][k]);
      e_real (e, "overlapped_us", ev->iter_comm_total_us[0][k] - ev->iter_comm_us[0][k]);
      e_bottleneck (e, &ev->iter_bottleneck[0][k]);
      e_end (e, TRUE);
    }
  if (ev->layers & TF_LAYER_COLLECTIVES)
    {
      const TfWorkload *wl = &config->workloads[0];

      for (guint p = 0; p < TF_N_PRIMITIVES && wl->n_message_sizes > 0; p++)
        {
          g_autofree char *key = NULL;

          if (!(wl->primitives & (1u << p)))
            continue;
          key = g_strdup_printf ("%s_all_chips", tf_primitive_to_string (p));
          e_key (e, key);
          e_start (e, TRUE, TRUE);
          e_uint (e, "bytes", wl->message_sizes[wl->n_message_sizes - 1]);
          e_real (e, "time_us", ev->collective_us[0][p][wl->n_message_sizes - 1]);
          e_bottleneck (e, &ev->collective_bottleneck[0][p]);
          e_end (e, TRUE);
        }
    }
  e_end (e, TRUE);
}

static guint
count_port_asymmetric (const GPtrArray *front)
{
  guint n = 0;

  for (guint i = 0; i < front->len; i++)
    n += ((const TfCandidate *) g_ptr_array_index (front, i))->evaluation.port_asymmetric;
  return n;
}

static gboolean
write_summary (const char           *path,
               const char           *config_path,
               const TfSearchConfig *config,
               const TfSearchResult *r,
               guint                 violations,
               GError              **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  Emitter e;

  emitter_begin (&e, out);
  e_start (&e, TRUE, FALSE);
  e_str (&e, "source", "topoforge " TF_VERSION " optimizer");
  e_str (&e, "config", config_path);
  e_uint (&e, "n_chip", config->n_chip);
  e_str (&e, "algorithm", config->algorithm == TF_SEARCH_NSGA2 ? "nsga2" : "random");
  e_uint (&e, "seed", config->seed);
  e_uint (&e, "threads", r->threads);
  e_uint (&e, "population_size", config->population_size);
  e_uint (&e, "generations", config->generations);
  e_uint (&e, "generations_done", r->generations_done);
  e_bool (&e, "cancelled", r->cancelled);
  e_key (&e, "objectives");
  e_start (&e, FALSE, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    e_scalar (&e, tf_objective_to_string (config->objectives[k]), FALSE);
  e_end (&e, FALSE);
  e_key (&e, "units");
  e_start (&e, FALSE, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    e_scalar (&e, tf_objective_unit (config->objectives[k]), FALSE);
  e_end (&e, FALSE);

  e_key (&e, "evaluations");
  e_start (&e, TRUE, FALSE);
  e_uint (&e, "search", r->evaluations);
  e_uint (&e, "rejected", r->rejected);
  e_uint (&e, "invalid_mutations", r->invalid_mutations);
  e_uint (&e, "duplicates_edited_again", r->duplicates);
  e_uint (&e, "duplicates_dropped", r->duplicates_dropped);
  e_uint (&e, "immigrants", r->immigrants);
  e_uint (&e, "baseline", r->baseline_evaluations);
  e_end (&e, TRUE);

  e_key (&e, "time");
  e_start (&e, TRUE, FALSE);
  e_real (&e, "search_s", r->seconds);
  e_real (&e, "seeds_s", r->init_seconds);
  e_real (&e, "baseline_s", r->baseline_seconds);
  e_key (&e, "layers");
  e_start (&e, TRUE, FALSE);
  for (guint k = 1; k < TF_N_LAYER_SLOTS; k++)
    {
      if (r->stats.computed[k] == 0)
        continue;
      e_key (&e, tf_layer_to_string (k));
      e_start (&e, TRUE, TRUE);
      e_uint (&e, "computed", r->stats.computed[k]);
      e_real (&e, "seconds", r->stats.seconds[k]);
      e_real (&e, "ms_per_candidate", 1e3 * r->stats.seconds[k] / r->stats.computed[k]);
      e_end (&e, TRUE);
    }
  e_end (&e, TRUE);
  e_end (&e, TRUE);

  e_key (&e, "hypervolume");
  e_start (&e, TRUE, FALSE);
  e_str (&e, "box", "each objective scaled to [0, 1] between the ideal (0) and the reference "
         "point (1), both fixed by the configuration before the run; the volume is a fraction "
         "of that box");
  e_key (&e, "ideal");
  e_start (&e, FALSE, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    e_real_value (&e, tf_objective_value (config->objectives[k], r->ideal[k]));
  e_end (&e, FALSE);
  e_key (&e, "reference_point");
  e_start (&e, FALSE, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    e_real_value (&e, tf_objective_value (config->objectives[k], r->reference_point[k]));
  e_end (&e, FALSE);
  e_real (&e, "initial_population", r->initial_hypervolume);
  e_real (&e, "search", r->hypervolume);
  if (r->baseline_front != NULL)
    {
      e_real (&e, "baseline", r->baseline_hypervolume);
      if (r->baseline_hypervolume > 0)
        e_real (&e, "ratio", r->hypervolume / r->baseline_hypervolume);
    }
  if (r->initial_hypervolume > 0)
    e_real (&e, "gain_over_seeds", r->hypervolume / r->initial_hypervolume);
  e_end (&e, TRUE);

  e_uint (&e, "front_size", r->front ? r->front->len : 0);
  e_uint (&e, "port_asymmetric_candidates", r->front ? count_port_asymmetric (r->front) : 0);
  e_uint (&e, "constraint_violations", violations);

  e_key (&e, "front");
  e_start (&e, FALSE, FALSE);
  for (guint i = 0; r->front && i < r->front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (r->front, i);
      g_autofree char *file = g_strdup_printf ("pareto/candidate_%03u.yaml", i + 1);
      g_autofree char *id = g_strdup_printf ("cand_%06u", c->id);

      e_start (&e, TRUE, FALSE);
      e_str (&e, "file", file);
      e_str (&e, "candidate_id", id);
      e_str (&e, "origin", tf_origin_method_to_string (c->origin.method));
      if (c->origin.seed_id != NULL)
        e_str (&e, "seed_id", c->origin.seed_id);
      e_uint (&e, "mutations", c->origin.n_mutations_total);
      e_objectives (&e, config, c->objectives);
      e_uint (&e, "switches", c->topology.graph.n_switch);
      e_uint (&e, "links", c->topology.graph.n_links);
      e_bool (&e, "port_asymmetric", c->evaluation.port_asymmetric);
      e_breakdown (&e, config, c);
      e_end (&e, TRUE);
    }
  e_end (&e, FALSE);

  if (r->baseline_front != NULL)
    {
      e_key (&e, "baseline_front");
      e_start (&e, FALSE, FALSE);
      for (guint i = 0; i < r->baseline_front->len; i++)
        {
          const TfCandidate *c = g_ptr_array_index (r->baseline_front, i);
          g_autofree char *id = g_strdup_printf ("cand_%06u", c->id);

          e_start (&e, TRUE, TRUE);
          e_str (&e, "candidate_id", id);
          e_objectives (&e, config, c->objectives);
          e_end (&e, TRUE);
        }
      e_end (&e, FALSE);
    }
  e_end (&e, TRUE);
  if (!emitter_end (&e, error))
    return FALSE;
  return tf_write_file_atomic (path, out->str, out->len, error);
}

/* Measures the generator's metrics on front members that lack them (edited graphs), checks
 * every hard constraint and invariant again, and writes the files. */
static gboolean
write_front (const char           *dir,
             const TfSearchConfig *config,
             TfSearchResult       *r,
             guint                *violations,
             GError              **error)
{
  g_autofree char *pareto = g_build_filename (dir, "pareto", NULL);
  g_autoptr(GDir) listing = NULL;
  const char *name;
  guint n = r->front ? r->front->len : 0;

  if (g_mkdir_with_parents (pareto, 0777) != 0)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot create %s: %s", pareto,
                   g_strerror (errno));
      return FALSE;
    }
  *violations = 0;
  for (guint i = 0; i < n; i++)
    {
      TfCandidate *c = g_ptr_array_index (r->front, i);
      g_autoptr(GString) why = g_string_new (NULL);
      g_autoptr(GString) out = g_string_new (NULL);
      g_autoptr(GError) invariant = NULL;
      g_autofree char *file = NULL;

      if (c->topology.result.metrics.counts_method == TF_METHOD_NONE
          && !tf_topology_measure (&c->topology, NULL, NULL, error))
        return FALSE;
      if (!tf_candidate_check_constraints (config, c, why)
          || !tf_network_graph_check_invariants (&c->topology.graph,
                                                 MAX (1u, config->context.chip_radix),
                                                 &invariant))
        (*violations)++;
      file = g_strdup_printf ("%s/candidate_%03u.yaml", pareto, i + 1);
      if (!tf_candidate_write_yaml (c, config, out, error)
          || !tf_write_file_atomic (file, out->str, out->len, error))
        return FALSE;
    }
  /* Candidates a longer front of an earlier run left behind would mislead: remove them. */
  listing = g_dir_open (pareto, 0, NULL);
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
  return TRUE;
}

static gboolean
write_plot (const char           *dir,
            const TfSearchConfig *config,
            const TfSearchResult *r,
            GError              **error)
{
  g_autofree char *path = g_build_filename (dir, "pareto.svg", NULL);
  TfParetoSvg plot = { 0 };
  g_autofree double *front = NULL;
  g_autofree double *baseline = NULL;
  g_autofree double *evaluated = NULL;
  guint m = config->n_objectives;

  plot.n_objectives = m;
  for (guint k = 0; k < m && k < 3; k++)
    {
      plot.labels[k] = tf_objective_label (config->objectives[k]);
      plot.units[k] = tf_objective_unit (config->objectives[k]);
    }
  front = g_new (double, MAX (r->front->len, 1) * m);
  for (guint i = 0; i < r->front->len; i++)
    for (guint k = 0; k < m; k++)
      front[i * m + k] = tf_objective_value (config->objectives[k],
                                             ((TfCandidate *) g_ptr_array_index (r->front, i))
                                               ->objectives[k]);
  plot.front = front;
  plot.n_front = r->front->len;
  if (r->baseline_front != NULL)
    {
      baseline = g_new (double, MAX (r->baseline_front->len, 1) * m);
      for (guint i = 0; i < r->baseline_front->len; i++)
        for (guint k = 0; k < m; k++)
          baseline[i * m + k] = tf_objective_value (
            config->objectives[k],
            ((TfCandidate *) g_ptr_array_index (r->baseline_front, i))->objectives[k]);
      plot.baseline = baseline;
      plot.n_baseline = r->baseline_front->len;
    }
  if (r->evaluated != NULL && r->evaluated->len > 0)
    {
      guint n = r->evaluated->len / m;

      evaluated = g_new (double, n * m);
      for (guint i = 0; i < n; i++)
        for (guint k = 0; k < m; k++)
          evaluated[i * m + k] = tf_objective_value (config->objectives[k],
                                                     g_array_index (r->evaluated, double,
                                                                    i * m + k));
      plot.evaluated = evaluated;
      plot.n_evaluated = n;
    }
  plot.title = "Pareto front (numbers: pareto/candidate_NNN.yaml) and the baseline's";
  plot.baseline_label = "Random + QMC baseline";
  return tf_pareto_svg_write (path, &plot, error);
}

/* The ranges of the search configuration's keys these options override (read_search in
 * engine/search-config.c). */
static const TfCliRange seed_range = { "seed", 0, G_MAXUINT64 };
static const TfCliRange threads_range = { "parallel_workers", 0, 1024 };
static const TfCliRange population_range = { "population_size", 4, TF_SEARCH_MAX_POPULATION };
static const TfCliRange generations_range = { "generations", 1, TF_SEARCH_MAX_GENERATIONS };
static const TfCliRange repeat_range = { "repeat", 1, 100 };

/* One run into @dir: the front, summary.yaml and pareto.svg. An exit status. */
static int
run_one (TfSearchConfig  *config,
         const char      *config_path,
         const char      *dir,
         TfSearchOptions *options,
         TfSearchResult  *result)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *baseline = NULL;
  guint violations = 0;

  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      g_autofree char *message = g_strdup_printf ("cannot create %s: %s", dir,
                                                  g_strerror (errno));

      tf_cli_error ("optimize", message);
      return TF_CLI_EXIT_FAILURE;
    }
  options->cancel = tf_cli_interrupt_catch ();
  if (!tf_search_run (config, options, result, &error))
    {
      tf_cli_interrupt_release ();
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  tf_cli_interrupt_release ();
  if (result->cancelled)
    g_printerr ("interrupted: writing the front of %u candidates found so far\n",
                result->front->len);

  summary = g_build_filename (dir, "summary.yaml", NULL);
  if (!write_front (dir, config, result, &violations, &error)
      || !write_summary (summary, config_path, config, result, violations, &error)
      || !write_plot (dir, config, result, &error))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  baseline = result->baseline_front != NULL
               ? g_strdup_printf (" (Random + QMC baseline %.4f)", result->baseline_hypervolume)
               : g_strdup ("");
  tf_cli_print_line (stderr, "front %u candidates, hypervolume %.4f%s, %u evaluations in %.1f s; "
                     "written to %s", result->front->len, result->hypervolume, baseline,
                     result->evaluations, result->seconds, dir);
  if (violations > 0)
    {
      tf_cli_error ("optimize", "some front candidates break a hard constraint; this is a bug");
      return TF_CLI_EXIT_FAILURE;
    }
  return result->cancelled ? TF_CLI_EXIT_INTERRUPTED : 0;
}

static gint
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* median, min and max of @values (sorted in place) */
static void
e_spread (Emitter    *e,
          const char *key,
          GArray     *values)
{
  guint n = values->len;
  double *v = (double *) values->data;

  if (n == 0)
    return;
  g_array_sort (values, compare_doubles);
  e_key (e, key);
  e_start (e, TRUE, TRUE);
  e_real (e, "median", n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
  e_real (e, "min", v[0]);
  e_real (e, "max", v[n - 1]);
  e_end (e, TRUE);
}

/* --repeat R: R runs with seeds S, S + 1, ... into DIR/seed-N, then DIR/repeat.yaml. */
static int
run_repeats (TfSearchConfig  *config,
             const char      *config_path,
             const char      *out_dir,
             TfSearchOptions *options,
             guint            n_repeats)
{
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) gains = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) volumes = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) baselines = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (out_dir, "repeat.yaml", NULL);
  guint64 first = config->seed;
  Emitter e;
  int status = 0;

  emitter_begin (&e, out);
  e_start (&e, TRUE, FALSE);
  e_str (&e, "source", "topoforge " TF_VERSION " optimizer --repeat");
  e_str (&e, "config", config_path);
  e_uint (&e, "repeats", n_repeats);
  e_key (&e, "runs");
  e_start (&e, FALSE, FALSE);
  for (guint r = 0; r < n_repeats && status == 0; r++)
    {
      g_auto(TfSearchResult) result = { 0 };
      g_autofree char *name = NULL, *dir = NULL;

      config->seed = first + r;
      name = g_strdup_printf ("seed-%" G_GUINT64_FORMAT, config->seed);
      dir = g_build_filename (out_dir, name, NULL);
      status = run_one (config, config_path, dir, options, &result);
      if (status != 0)
        break;
      e_start (&e, TRUE, TRUE);
      e_uint (&e, "seed", config->seed);
      e_str (&e, "dir", name);
      e_uint (&e, "evaluations", result.evaluations);
      e_uint (&e, "front_size", result.front->len);
      e_real (&e, "hypervolume", result.hypervolume);
      e_real (&e, "initial_population", result.initial_hypervolume);
      g_array_append_val (volumes, result.hypervolume);
      if (result.initial_hypervolume > 0)
        {
          double gain = result.hypervolume / result.initial_hypervolume;

          e_real (&e, "gain_over_seeds", gain);
          g_array_append_val (gains, gain);
        }
      if (result.baseline_front != NULL)
        {
          e_real (&e, "baseline", result.baseline_hypervolume);
          g_array_append_val (baselines, result.baseline_hypervolume);
          if (result.baseline_hypervolume > 0)
            {
              double ratio = result.hypervolume / result.baseline_hypervolume;

              e_real (&e, "ratio", ratio);
              g_array_append_val (ratios, ratio);
            }
        }
      e_end (&e, TRUE);
    }
  e_end (&e, FALSE);
  e_spread (&e, "hypervolume", volumes);
  e_spread (&e, "baseline_hypervolume", baselines);
  e_spread (&e, "ratio", ratios);
  e_spread (&e, "gain_over_seeds", gains);
  e_end (&e, TRUE);
  if (!emitter_end (&e, &error) || !tf_write_file_atomic (path, out->str, out->len, &error))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_FAILURE;
    }
  tf_cli_print_line (stderr, "%u runs written to %s", ratios->len ? ratios->len : volumes->len,
                     path);
  return status;
}

int
tf_command_optimize (int    argc,
                     char **argv)
{
  g_auto(TfCliParser) parser = { 0 };
  g_autoptr(GError) error = NULL;
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  g_autofree char *config_path = NULL;
  g_autofree char *out_dir = NULL;
  g_autofree char *seed = NULL, *threads = NULL, *population = NULL, *generations = NULL;
  g_autofree char *repeat = NULL;
  guint n_repeats = 1;
  gboolean no_baseline = FALSE;
  TfSearchOptions options = { 0 };
  const GOptionEntry entries[] = {
    { "config", 0, 0, G_OPTION_ARG_FILENAME, &config_path,
      "The search configuration (required; see docs/optimizer.md)", "FILE" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out_dir, "Write the results under DIR (required)",
      "DIR" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, "Random seed (default: the config's)", "S" },
    { "threads", 0, 0, G_OPTION_ARG_STRING, &threads,
      "Evaluation threads, 0 to 1024, 0 for all cores (default: the config's parallel_workers)",
      "T" },
    { "population", 0, 0, G_OPTION_ARG_STRING, &population,
      "Population size, 4 to 10000 (default: the config's)", "P" },
    { "generations", 0, 0, G_OPTION_ARG_STRING, &generations,
      "Generations, 1 to 100000 (default: the config's)", "G" },
    { "no-baseline", 0, 0, G_OPTION_ARG_NONE, &no_baseline,
      "Skip the Random + QMC baseline", NULL },
    { "repeat", 0, 0, G_OPTION_ARG_STRING, &repeat,
      "Run R seeds (S, S+1, ...) into DIR/seed-N and write DIR/repeat.yaml with the median and "
      "spread of the hypervolume ratio and of the gain over the seeds, 1 to 100", "R" },
    { NULL }
  };

  tf_search_config_init (&config);
  tf_cli_parser_init (&parser, "- search for Pareto-optimal topologies",
                      "Runs NSGA-II over whole network graphs (family seeds and graph mutation) "
                      "with the layered evaluator, then a Random + QMC baseline (an independent "
                      "sampler of the design space) with the same number of evaluations, and "
                      "writes the Pareto front as topology files, summary.yaml and pareto.svg.");
  tf_cli_parser_add (&parser, entries);
  if (!g_option_context_parse (parser.context, &argc, &argv, &error))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if (argc != 1 || config_path == NULL || out_dir == NULL)
    {
      tf_cli_error ("optimize", "--config FILE and --out DIR are required");
      return TF_CLI_EXIT_USAGE;
    }
  tf_search_config_clear (&config);
  if (!tf_search_config_load_file (config_path, &config, &error))
    {
      tf_cli_print_line (stderr, "%s", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  for (guint i = 0; config.warnings && i < config.warnings->len; i++)
    tf_cli_print_line (stderr, "%s", (const char *) g_ptr_array_index (config.warnings, i));
  if ((seed != NULL && !tf_cli_parse_uint64 ("seed", seed, &seed_range, &config.seed, &error))
      || (threads != NULL
          && !tf_cli_parse_uint ("threads", threads, &threads_range, &config.threads, &error))
      || (population != NULL
          && !tf_cli_parse_uint ("population", population, &population_range,
                                 &config.population_size, &error))
      || (generations != NULL
          && !tf_cli_parse_uint ("generations", generations, &generations_range,
                                 &config.generations, &error))
      || (repeat != NULL
          && !tf_cli_parse_uint ("repeat", repeat, &repeat_range, &n_repeats, &error)))
    {
      tf_cli_error ("optimize", error->message);
      return TF_CLI_EXIT_USAGE;
    }
  if ((guint64) config.population_size * config.generations > 10000000)
    {
      tf_cli_error ("optimize", "population times generations is more than 10,000,000 "
                    "evaluations");
      return TF_CLI_EXIT_USAGE;
    }
  if (g_mkdir_with_parents (out_dir, 0777) != 0)
    {
      g_autofree char *message = g_strdup_printf ("cannot create %s: %s", out_dir,
                                                  g_strerror (errno));

      tf_cli_error ("optimize", message);
      return TF_CLI_EXIT_FAILURE;
    }

  options.baseline = !no_baseline;
  options.progress = on_progress;
  if (repeat == NULL)
    return run_one (&config, config_path, out_dir, &options, &result);
  return run_repeats (&config, config_path, out_dir, &options, n_repeats);
}
