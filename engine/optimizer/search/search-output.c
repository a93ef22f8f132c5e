/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-output.c: a run folder (docs/optimizer.md, "Output"), written by optimize --out and by
 * the app, opened again by the app (search-output-reader.c).
 *
 *   config.yaml                 the run's configuration, complete (tf_search_config_write_yaml)
 *   pareto/candidate_NNN.yaml   the front, first objective ascending (tf_candidate_write_yaml)
 *   family/candidate_NNN.yaml   Stage 0's family front, the same way
 *   evaluated.csv               the objectives of every feasible candidate evaluated
 *   summary.yaml                the run: counters, times, hypervolumes and the front's index
 *
 * summary.yaml is written last and is what makes a folder a run: every file is replaced
 * atomically, so an interrupted write leaves the previous run readable.
 */
#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "names-private.h"
#include "search-output-private.h"
#include "yaml-emitter-private.h"

#define COUNTER(key, field) TF_YAML_KEY_GUINT (key, TfSearchResult, field, 0, G_MAXUINT)
const TfYamlKey tf_run_counters[TF_RUN_N_COUNTERS] = {
  COUNTER ("search", evaluations),
  COUNTER ("rejected", rejected),
  COUNTER ("invalid_mutations", invalid_mutations),
  COUNTER ("duplicates_edited_again", duplicates),
  COUNTER ("duplicates_dropped", duplicates_dropped),
  COUNTER ("immigrants", immigrants),
  COUNTER ("baseline", baseline_evaluations),
  COUNTER ("baseline_pruned", baseline_pruned),
};
#undef COUNTER

static void
key (TfYamlEmitter *e,
     const char    *name)
{
  tf_yaml_emitter_string (e, name);
}

/* @name: a value per configured objective, by the objective's name; @minimised: the values are
 * as the search minimises them, written as people read them. */
static void
emit_per_objective (TfYamlEmitter        *e,
                    const char           *name,
                    const TfSearchConfig *config,
                    const double         *values,
                    gboolean              minimised)
{
  key (e, name);
  tf_yaml_emitter_mapping_start (e, TRUE);
  for (guint k = 0; k < config->n_objectives; k++)
    tf_yaml_emitter_key_real (e, tf_objective_to_string (config->objectives[k]),
                              minimised ? tf_objective_value (config->objectives[k], values[k])
                                        : values[k]);
  tf_yaml_emitter_mapping_end (e);
}

static void
emit_objectives (TfYamlEmitter        *e,
                 const TfSearchConfig *config,
                 const double         *values)
{
  emit_per_objective (e, "objectives", config, values, TRUE);
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
  if (ev->simulated)
    {
      tf_yaml_emitter_key_real (e, "iter_time_sim_us", ev->iter_time_sim_us[0]);
      if (ev->iter_time_us[0] > 0)
        tf_yaml_emitter_key_real (e, "iter_time_sim_ratio",
                                  ev->iter_time_sim_us[0] / ev->iter_time_us[0]);
    }
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
      if (ev->simulated)
        tf_yaml_emitter_key_real (e, "exposed_sim_us", ev->iter_comm_sim_us[0][k]);
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
          /* ForestColl's bound beside it: an AllReduce's is twice an AllGather's. */
          if ((ev->layers & TF_LAYER_FORESTCOLL) && p != TF_PRIMITIVE_ALL_TO_ALL)
            tf_yaml_emitter_key_real (e, "forestcoll_bound_us",
                                      (p == TF_PRIMITIVE_ALL_REDUCE ? 2 : 1) * ev->forestcoll_us);
          /* Layer 2 at every message size (the bottleneck is the largest's). */
          tf_yaml_emitter_string (e, "time_us_by_bytes");
          tf_yaml_emitter_mapping_start (e, TRUE);
          for (guint k = 0; k < wl->n_message_sizes; k++)
            {
              g_autofree char *bytes = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                        (guint64) wl->message_sizes[k]);

              tf_yaml_emitter_key_real (e, bytes, ev->collective_us[0][p][k]);
            }
          tf_yaml_emitter_mapping_end (e);
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

/* What summary.yaml and selection.yaml say of a front candidate, after its file. */
/* Its id and where it comes from: what made it, from which family result or template point,
 * after how many edits. */
static void
emit_origin (TfYamlEmitter     *e,
             const TfCandidate *c)
{
  g_autofree char *id = g_strdup_printf ("cand_%06u", c->id);

  /* A design of the user's has no id of a run. */
  if (c->origin.method != TF_ORIGIN_MANUAL_SEED || c->id != 0)
    tf_yaml_emitter_key_string (e, "candidate_id", id);
  tf_yaml_emitter_key_string (e, "origin", tf_origin_method_to_string (c->origin.method));
  if (c->origin.seed_id != NULL)
    tf_yaml_emitter_key_string (e, "seed_id", c->origin.seed_id);
  if (c->origin.template_params[0] != '\0')
    tf_yaml_emitter_key_string (e, "template_params", c->origin.template_params);
  tf_yaml_emitter_key_uint (e, "mutations", c->origin.n_mutations_total);
  /* Two designs of one family id differ in their boards alone: say so. */
  if (c->topology.graph.chips_per_board > 0)
    {
      tf_yaml_emitter_key_string (e, "intra_board_topo",
                                  tf_intra_board_topo_to_string (
                                    c->topology.context.intra_board_topo));
      tf_yaml_emitter_key_uint (e, "chips_per_board", c->topology.graph.chips_per_board);
    }
}

/* A design of the front a representative stands for: its row's figures. */
static void
emit_member (TfYamlEmitter        *e,
             const TfSearchConfig *config,
             const TfFrontMember  *member)
{
  g_autofree char *id = g_strdup_printf ("cand_%06u", member->info.id);

  tf_yaml_emitter_mapping_start (e, TRUE);
  tf_yaml_emitter_key_string (e, "candidate_id", id);
  tf_yaml_emitter_key_string (e, "origin", tf_origin_method_to_string (member->info.origin));
  tf_yaml_emitter_key_uint (e, "mutations", member->info.mutations);
  tf_yaml_emitter_key_string (e, "intra_board_topo",
                              tf_intra_board_topo_to_string (member->info.intra_board_topo));
  tf_yaml_emitter_key_uint (e, "chips_per_board", member->info.chips_per_board);
  emit_objectives (e, config, member->objectives);
  tf_yaml_emitter_mapping_end (e);
}

/* The designs front candidate @index stands for, when it stands for any. */
static void
emit_stands_for (TfYamlEmitter        *e,
                 const TfSearchConfig *config,
                 const TfSearchResult *r,
                 guint                 index)
{
  guint n = 0;

  for (guint i = 0; r->front_members != NULL && i < r->front_members->len; i++)
    n += g_array_index (r->front_members, TfFrontMember, i).representative == index;
  if (n == 0)
    return;
  key (e, "stands_for");
  tf_yaml_emitter_sequence_start (e, FALSE);
  for (guint i = 0; i < r->front_members->len; i++)
    if (g_array_index (r->front_members, TfFrontMember, i).representative == index)
      emit_member (e, config, &g_array_index (r->front_members, TfFrontMember, i));
  tf_yaml_emitter_sequence_end (e);
}

/* A front of points under @name (the baseline's, the family's): origin and objectives, and
 * their files in @subdir when it is not NULL (the family front's). */
static void
emit_points (TfYamlEmitter        *e,
             const char           *name,
             const char           *subdir,
             const TfSearchConfig *config,
             const GPtrArray      *front)
{
  key (e, name);
  tf_yaml_emitter_sequence_start (e, FALSE);
  for (guint i = 0; i < front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (front, i);

      tf_yaml_emitter_mapping_start (e, TRUE);
      if (subdir != NULL)
        {
          g_autofree char *file = g_strdup_printf ("%s/" TF_RUN_CANDIDATE_FORMAT, subdir, i + 1);

          tf_yaml_emitter_key_string (e, "file", file);
        }
      emit_origin (e, c);
      emit_objectives (e, config, c->objectives);
      tf_yaml_emitter_mapping_end (e);
    }
  tf_yaml_emitter_sequence_end (e);
}

/* Stage 0: what every buildable family design gives, and how the search's front compares with
 * it (docs/optimizer.md, "Stage 0" and "Comparing fronts"). */
static void
emit_family_front (TfYamlEmitter        *e,
                   const TfSearchConfig *config,
                   const TfSearchResult *r)
{
  guint m = config->n_objectives, n_search = 0, n_family = 0;
  g_autofree double *search = NULL;
  g_autofree double *family = NULL;
  double gains[TF_N_OBJECTIVES];

  if (r->family_front == NULL)
    return;
  search = tf_front_rows (r->front, r->front_members, m, &n_search);
  family = tf_front_rows (r->family_front, NULL, m, &n_family);
  key (e, "family_front");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_string (e, "what", "every buildable result of the configured families, "
                              "boards and board topologies, evaluated before the search "
                              "(Stage 0), which starts from its front");
  tf_yaml_emitter_key_uint (e, "buildable", r->family_buildable);
  tf_yaml_emitter_key_uint (e, "evaluated", r->family_evaluations);
  tf_yaml_emitter_key_uint (e, "left_out", r->family_left_out);
  tf_yaml_emitter_key_boolean (e, "sampled", r->family_sampled);
  tf_yaml_emitter_key_uint (e, "rejected", r->family_rejected);
  tf_yaml_emitter_key_real (e, "seconds", r->family_seconds);
  tf_yaml_emitter_key_uint (e, "size", r->family_front->len);
  tf_yaml_emitter_key_real (e, "hypervolume", r->family_hypervolume);
  key (e, "epsilon");
  tf_yaml_emitter_mapping_start (e, TRUE);
  tf_yaml_emitter_key_real (e, "search_to_family",
                            tf_front_epsilon (config, search, n_search, family, n_family));
  tf_yaml_emitter_key_real (e, "family_to_search",
                            tf_front_epsilon (config, family, n_family, search, n_search));
  tf_yaml_emitter_mapping_end (e);
  tf_front_gains (config, family, n_family, search, n_search, gains);
  emit_per_objective (e, "gain", config, gains, FALSE);
  emit_points (e, "front", TF_RUN_FAMILY_DIR, config, r->family_front);
  tf_yaml_emitter_mapping_end (e);
}

static void
emit_front_entry (TfYamlEmitter        *e,
                  const TfSearchConfig *config,
                  const TfCandidate    *c)
{
  emit_origin (e, c);
  emit_objectives (e, config, c->objectives);
  tf_yaml_emitter_key_uint (e, "switches", c->topology.graph.n_switch);
  tf_yaml_emitter_key_uint (e, "links", c->topology.graph.n_links);
  tf_yaml_emitter_key_boolean (e, "port_asymmetric", c->evaluation.port_asymmetric);
  if (c->evaluation.simulated)
    tf_yaml_emitter_key_boolean (e, "dominated_after_simulation",
                                 c->evaluation.dominated_after_simulation);
  emit_breakdown (e, config, c);
}

/* Stage 2: what was simulated, how far the alpha-beta model is from it, and what it changes in
 * the front. */
static void
emit_stage_2 (TfYamlEmitter        *e,
              const TfSearchConfig *config,
              const TfSearchResult *r)
{
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));
  guint dominated = 0, swaps = 0, pairs = 0;

  if (!r->stage_2_ran || r->front == NULL)
    return;
  for (guint i = 0; i < r->front->len; i++)
    {
      const TfEvaluation *a = &((const TfCandidate *) g_ptr_array_index (r->front, i))->evaluation;

      if (!a->simulated)
        continue;
      dominated += a->dominated_after_simulation;
      if (a->workflow_time_us > 0)
        {
          double ratio = a->workflow_time_sim_us / a->workflow_time_us;

          g_array_append_val (ratios, ratio);
        }
      for (guint j = i + 1; j < r->front->len; j++)
        {
          const TfEvaluation *b =
            &((const TfCandidate *) g_ptr_array_index (r->front, j))->evaluation;

          if (!b->simulated)
            continue;
          pairs++;
          swaps += (a->workflow_time_us < b->workflow_time_us
                    && a->workflow_time_sim_us > b->workflow_time_sim_us)
                   || (a->workflow_time_us > b->workflow_time_us
                       && a->workflow_time_sim_us < b->workflow_time_sim_us);
        }
    }
  key (e, "stage_2");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_string (e, "simulator", "simgrid");
  tf_yaml_emitter_key_string (e, "model", "SimGrid CM02 max-min sharing, no cross traffic, no "
                              "TCP window; every group of a kind at once; one path per pair of "
                              "chips, ECMP-hashed (docs/optimizer.md, Stage 2)");
  tf_yaml_emitter_key_uint (e, "candidates", r->stage_2_candidates);
  tf_yaml_emitter_key_uint (e, "simulated", r->simulated);
  tf_yaml_emitter_key_uint (e, "failures", r->simulation_failures);
  if (r->simulation_error != NULL)
    tf_yaml_emitter_key_string (e, "first_failure", r->simulation_error);
  tf_yaml_emitter_key_real (e, "seconds", r->stage_2_seconds);
  tf_yaml_emitter_key_spread (e, "iter_time_sim_ratio", ratios);
  tf_yaml_emitter_key_uint (e, "dominated_after_simulation", dominated);
  tf_yaml_emitter_key_uint (e, "iter_time_order_swaps", swaps);
  tf_yaml_emitter_key_uint (e, "iter_time_pairs", pairs);
  tf_yaml_emitter_mapping_end (e);
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
  tf_yaml_emitter_key_string (e, "config", config_path ? config_path : TF_RUN_CONFIG_FILE);
  tf_yaml_emitter_key_uint (e, "n_chip", config->n_chip);
  tf_yaml_emitter_key_string (e, "algorithm", tf_search_algorithm_names.names[config->algorithm]);
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
  for (guint i = 0; i < TF_RUN_N_COUNTERS; i++)
    tf_yaml_emitter_key_uint (e, tf_run_counters[i].name,
                              G_STRUCT_MEMBER (guint, r, tf_run_counters[i].offset));
  tf_yaml_emitter_mapping_end (e);

  key (e, "time");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_real (e, "search_s", r->seconds);
  tf_yaml_emitter_key_real (e, "seeds_s", r->init_seconds);
  if (r->family_front != NULL)
    tf_yaml_emitter_key_real (e, "family_s", r->family_seconds);
  tf_yaml_emitter_key_real (e, "baseline_s", r->baseline_seconds);
  if (r->stage_2_ran)
    tf_yaml_emitter_key_real (e, "stage_2_s", r->stage_2_seconds);
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
  if (r->family_front != NULL)
    {
      tf_yaml_emitter_key_real (e, "family", r->family_hypervolume);
      if (r->family_hypervolume > 0)
        tf_yaml_emitter_key_real (e, "gain_over_family", r->hypervolume / r->family_hypervolume);
    }
  tf_yaml_emitter_mapping_end (e);

  /* Every design of the front, and the representatives written for them. */
  tf_yaml_emitter_key_uint (e, "front_size", (r->front ? r->front->len : 0)
                                             + (r->front_members ? r->front_members->len : 0));
  tf_yaml_emitter_key_uint (e, "representatives", r->front ? r->front->len : 0);
  tf_yaml_emitter_key_uint (e, "port_asymmetric_candidates", count_port_asymmetric (r->front));
  tf_yaml_emitter_key_uint (e, "constraint_violations", violations);
  emit_stage_2 (e, config, r);

  key (e, "front");
  tf_yaml_emitter_sequence_start (e, FALSE);
  for (guint i = 0; r->front && i < r->front->len; i++)
    {
      g_autofree char *file = g_strdup_printf (TF_RUN_PARETO_DIR "/" TF_RUN_CANDIDATE_FORMAT,
                                               i + 1);

      tf_yaml_emitter_mapping_start (e, FALSE);
      tf_yaml_emitter_key_string (e, "file", file);
      emit_front_entry (e, config, g_ptr_array_index (r->front, i));
      emit_stands_for (e, config, r, i);
      tf_yaml_emitter_mapping_end (e);
    }
  tf_yaml_emitter_sequence_end (e);

  emit_family_front (e, config, r);
  if (r->baseline_front != NULL)
    emit_points (e, "baseline_front", NULL, config, r->baseline_front);
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
  g_autofree char *path = g_build_filename (dir, TF_RUN_SUMMARY_FILE, NULL);
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
  g_autofree char *path = g_build_filename (dir, TF_RUN_CONFIG_FILE, NULL);
  g_autoptr(GString) out = g_string_new (NULL);

  if (!tf_search_config_write_yaml (config, out, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
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

/* Measures the generator's metrics on the candidates of @front that lack them (edited graphs),
 * checks every hard constraint and invariant again (a breach counted in @violations), and
 * writes them as @subdir/candidate_NNN.yaml. Candidates without a graph (a run folder loaded
 * again holds its family front as points) write nothing, and leave the files as they are. */
static gboolean
write_candidates (const char           *dir,
                  const char           *subdir,
                  const TfSearchConfig *config,
                  GPtrArray            *front,
                  guint                *violations,
                  GError              **error)
{
  g_autofree char *folder = g_build_filename (dir, subdir, NULL);
  guint n = front ? front->len : 0;

  for (guint i = 0; i < n; i++)
    if (((TfCandidate *) g_ptr_array_index (front, i))->topology.graph.n_chip == 0)
      return TRUE;
  if (g_mkdir_with_parents (folder, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, TF_ERROR, TF_ERROR_IO, "cannot create %s: %s", folder,
                   g_strerror (saved));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      TfCandidate *c = g_ptr_array_index (front, i);
      g_autoptr(GString) why = g_string_new (NULL);
      g_autoptr(GString) out = g_string_new (NULL);
      g_autoptr(GError) invariant = NULL;
      g_autofree char *file = g_strdup_printf ("%s/" TF_RUN_CANDIDATE_FORMAT, folder, i + 1);

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
  remove_stale (folder, n);
  return TRUE;
}

TfRunFolderState
tf_search_output_folder_state (const char  *dir,
                               const char **mark)
{
  static const char *const marks[] = { "summary.yaml", "checkpoint.bin", "config.yaml",
                                       "evaluated.csv" };
  g_autoptr(GDir) d = NULL;

  if (mark != NULL)
    *mark = NULL;
  if (!g_file_test (dir, G_FILE_TEST_EXISTS))
    return TF_RUN_FOLDER_FREE;
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    return TF_RUN_FOLDER_NOT_A_FOLDER;
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      g_autofree char *path = g_build_filename (dir, marks[i], NULL);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          if (mark != NULL)
            *mark = marks[i];
          return TF_RUN_FOLDER_HOLDS_RUN;
        }
    }
  d = g_dir_open (dir, 0, NULL);
  return d != NULL && g_dir_read_name (d) != NULL ? TF_RUN_FOLDER_NOT_EMPTY : TF_RUN_FOLDER_FREE;
}

gboolean
tf_search_output_may_write (const char  *dir,
                            gboolean     overwrite,
                            GError     **error)
{
  const char *mark = NULL;

  switch (tf_search_output_folder_state (dir, &mark))
    {
    case TF_RUN_FOLDER_NOT_A_FOLDER:
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s exists and is not a folder", dir);
      return FALSE;
    case TF_RUN_FOLDER_HOLDS_RUN:
      if (overwrite)
        return TRUE;
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s already holds a run (%s): choose another "
                   "folder, or replace it (--overwrite) or continue it (--resume %s)", dir, mark,
                   dir);
      return FALSE;
    case TF_RUN_FOLDER_NOT_EMPTY:
      if (overwrite)
        return TRUE;
      g_set_error (error, TF_ERROR, TF_ERROR_IO, "%s is not empty: choose another folder, or "
                   "write the run among its files (--overwrite)", dir);
      return FALSE;
    case TF_RUN_FOLDER_FREE:
    default:
      return TRUE;
    }
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
  if (!write_candidates (dir, TF_RUN_PARETO_DIR, config, result->front, &count, error)
      || !write_candidates (dir, TF_RUN_FAMILY_DIR, config, result->family_front, &count,
                            error)
      || !tf_run_evaluated_write (dir, config, result, error)
      || !write_config (dir, config, error)
      || !write_summary (dir, config_path, config, result, count, error))
    return FALSE;
  if (violations != NULL)
    *violations = count;
  return TRUE;
}

/* A report's first keys: what wrote it, where from (@where under @where_key, when not NULL),
 * and the configuration's chips and objectives; the mapping is left open. */
static void
emit_head (TfYamlEmitter        *e,
           const char           *source,
           const char           *where_key,
           const char           *where,
           const TfSearchConfig *config)
{
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_string (e, "source", source);
  if (where != NULL)
    tf_yaml_emitter_key_string (e, where_key, where);
  tf_yaml_emitter_key_uint (e, "n_chip", config->n_chip);
  emit_names (e, "objectives", config, tf_objective_to_string);
  emit_names (e, "units", config, tf_objective_unit);
}

gboolean
tf_search_output_write_selection (const char           *path,
                                  const char           *run_folder,
                                  const TfSearchConfig *config,
                                  const TfSearchResult *result,
                                  const guint          *indices,
                                  guint                 n_indices,
                                  const char *const    *files,
                                  GError              **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  TfYamlEmitter e;

  g_return_val_if_fail (path != NULL && config != NULL && result != NULL, FALSE);
  g_return_val_if_fail (n_indices == 0 || (indices != NULL && files != NULL), FALSE);

  tf_yaml_emitter_begin (&e, out);
  emit_head (&e, "topoforge " TF_VERSION " optimizer", "run", run_folder, config);
  tf_yaml_emitter_key_uint (&e, "front_size", result->front ? result->front->len : 0);
  key (&e, "picked");
  tf_yaml_emitter_sequence_start (&e, FALSE);
  for (guint i = 0; i < n_indices; i++)
    {
      g_autofree char *in_run = NULL;

      g_return_val_if_fail (result->front != NULL && indices[i] < result->front->len, FALSE);
      in_run = g_strdup_printf (TF_RUN_PARETO_DIR "/" TF_RUN_CANDIDATE_FORMAT, indices[i] + 1);
      tf_yaml_emitter_mapping_start (&e, FALSE);
      tf_yaml_emitter_key_string (&e, "file", files[i]);
      tf_yaml_emitter_key_string (&e, "in_run", in_run);
      emit_front_entry (&e, config, g_ptr_array_index (result->front, indices[i]));
      tf_yaml_emitter_mapping_end (&e);
    }
  tf_yaml_emitter_sequence_end (&e);
  tf_yaml_emitter_mapping_end (&e);
  if (!tf_yaml_emitter_end (&e, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return tf_write_file_atomic (path, out->str, out->len, error);
}

gboolean
tf_designs_write_yaml (const TfSearchConfig *config,
                       const char           *config_path,
                       const char *const    *files,
                       TfCandidate *const   *designs,
                       const char *const    *violations,
                       guint                 n,
                       GString              *out,
                       GError              **error)
{
  TfYamlEmitter e;

  g_return_val_if_fail (config != NULL && out != NULL, FALSE);
  g_return_val_if_fail (n == 0 || (files != NULL && designs != NULL && violations != NULL),
                        FALSE);

  tf_yaml_emitter_begin (&e, out);
  emit_head (&e, "topoforge " TF_VERSION " evaluate", "config", config_path, config);
  key (&e, "designs");
  tf_yaml_emitter_sequence_start (&e, FALSE);
  for (guint i = 0; i < n; i++)
    {
      const TfCandidate *c = designs[i];

      tf_yaml_emitter_mapping_start (&e, FALSE);
      tf_yaml_emitter_key_string (&e, "file", files[i]);
      if (violations[i] != NULL)
        tf_yaml_emitter_key_string (&e, "constraint_violation", violations[i]);
      else
        {
          tf_yaml_emitter_string (&e, "constraint_violation");
          tf_yaml_emitter_scalar (&e, "none", FALSE);
        }
      /* Every objective the layers computed, by name, as people read it; AllReduce only
       * where the first workload names it. */
      key (&e, "metrics");
      tf_yaml_emitter_mapping_start (&e, FALSE);
      for (guint o = 0; o < TF_N_OBJECTIVES; o++)
        if ((tf_objective_get_layers (o) & ~c->evaluation.layers) == 0
            && (o != TF_OBJECTIVE_ALL_REDUCE_TIME
                || (config->workloads[0].primitives & (1u << TF_PRIMITIVE_ALL_REDUCE))))
          tf_yaml_emitter_key_real (&e, tf_objective_to_string (o),
                                    tf_candidate_get_objective (config, c, o));
      tf_yaml_emitter_mapping_end (&e);
      emit_front_entry (&e, config, c);
      tf_yaml_emitter_mapping_end (&e);
    }
  tf_yaml_emitter_sequence_end (&e);
  tf_yaml_emitter_mapping_end (&e);
  return tf_yaml_emitter_end (&e, error);
}

void
tf_repeat_runs_add (GArray               *runs,
                    const TfSearchConfig *config,
                    guint64               seed,
                    const char           *dir,
                    const TfSearchResult *result)
{
  TfRepeatRun run = {
    .seed = seed,
    .dir = g_strdup (dir),
    .evaluations = result->evaluations,
    .front_size = result->front->len
                  + (result->front_members != NULL ? result->front_members->len : 0),
    .hypervolume = result->hypervolume,
    .initial_hypervolume = result->initial_hypervolume,
    .has_baseline = result->baseline_front != NULL,
    .baseline_hypervolume = result->baseline_hypervolume,
    .has_family = result->family_front != NULL,
    .family_hypervolume = result->family_hypervolume,
    .n_objectives = config->n_objectives,
  };

  if (run.has_family)
    {
      guint m = config->n_objectives, n_search, n_family;
      g_autofree double *search = tf_front_rows (result->front, result->front_members, m,
                                                 &n_search);
      g_autofree double *family = tf_front_rows (result->family_front, NULL, m, &n_family);

      run.epsilon_search_to_family = tf_front_epsilon (config, search, n_search, family,
                                                       n_family);
      run.epsilon_family_to_search = tf_front_epsilon (config, family, n_family, search,
                                                       n_search);
      tf_front_gains (config, family, n_family, search, n_search, run.gains);
    }
  g_array_append_val (runs, run);
}

void
tf_repeat_run_clear (gpointer data)
{
  TfRepeatRun *run = data;

  g_clear_pointer (&run->dir, g_free);
}

gboolean
tf_repeat_runs_write (const char           *path,
                      const char           *config_path,
                      const TfSearchConfig *config,
                      guint                 n_repeats,
                      const GArray         *runs,
                      guint                *n_without_ratio,
                      GError              **error)
{
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) gains = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) volumes = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) baselines = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) families = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) covers = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) beyond = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *objective_gains[TF_N_OBJECTIVES];
  g_autoptr(GString) out = g_string_new (NULL);
  TfYamlEmitter e;

  g_return_val_if_fail (path != NULL && config_path != NULL && config != NULL && runs != NULL,
                        FALSE);

  for (guint k = 0; k < config->n_objectives; k++)
    objective_gains[k] = g_array_new (FALSE, FALSE, sizeof (double));
  tf_yaml_emitter_begin (&e, out);
  tf_yaml_emitter_mapping_start (&e, FALSE);
  tf_yaml_emitter_key_string (&e, "source", "topoforge " TF_VERSION " optimizer --repeat");
  tf_yaml_emitter_key_string (&e, "config", config_path);
  tf_yaml_emitter_key_uint (&e, "repeats", n_repeats);
  key (&e, "runs");
  tf_yaml_emitter_sequence_start (&e, FALSE);
  for (guint r = 0; r < runs->len; r++)
    {
      const TfRepeatRun *run = &g_array_index (runs, TfRepeatRun, r);

      tf_yaml_emitter_mapping_start (&e, TRUE);
      tf_yaml_emitter_key_uint (&e, "seed", run->seed);
      tf_yaml_emitter_key_string (&e, "dir", run->dir);
      tf_yaml_emitter_key_uint (&e, "evaluations", run->evaluations);
      tf_yaml_emitter_key_uint (&e, "front_size", run->front_size);
      tf_yaml_emitter_key_real (&e, "hypervolume", run->hypervolume);
      tf_yaml_emitter_key_real (&e, "initial_population", run->initial_hypervolume);
      g_array_append_val (volumes, run->hypervolume);
      if (run->initial_hypervolume > 0)
        {
          double gain = run->hypervolume / run->initial_hypervolume;

          tf_yaml_emitter_key_real (&e, "gain_over_seeds", gain);
          g_array_append_val (gains, gain);
        }
      if (run->has_baseline)
        {
          tf_yaml_emitter_key_real (&e, "baseline", run->baseline_hypervolume);
          g_array_append_val (baselines, run->baseline_hypervolume);
          if (run->baseline_hypervolume > 0)
            {
              double ratio = run->hypervolume / run->baseline_hypervolume;

              tf_yaml_emitter_key_real (&e, "ratio", ratio);
              g_array_append_val (ratios, ratio);
            }
        }
      if (run->has_family)
        {
          tf_yaml_emitter_key_real (&e, "family", run->family_hypervolume);
          tf_yaml_emitter_key_real (&e, "epsilon_search_to_family",
                                    run->epsilon_search_to_family);
          tf_yaml_emitter_key_real (&e, "epsilon_family_to_search",
                                    run->epsilon_family_to_search);
          g_array_append_val (families, run->family_hypervolume);
          g_array_append_val (covers, run->epsilon_search_to_family);
          g_array_append_val (beyond, run->epsilon_family_to_search);
          for (guint k = 0; k < run->n_objectives && k < config->n_objectives; k++)
            g_array_append_val (objective_gains[k], run->gains[k]);
        }
      tf_yaml_emitter_mapping_end (&e);
    }
  tf_yaml_emitter_sequence_end (&e);
  tf_yaml_emitter_key_spread (&e, "hypervolume", volumes);
  tf_yaml_emitter_key_spread (&e, "baseline_hypervolume", baselines);
  tf_yaml_emitter_key_spread (&e, "ratio", ratios);
  tf_yaml_emitter_key_spread (&e, "gain_over_seeds", gains);
  if (families->len > 0)
    {
      tf_yaml_emitter_key_spread (&e, "family_hypervolume", families);
      tf_yaml_emitter_key_spread (&e, "epsilon_search_to_family", covers);
      tf_yaml_emitter_key_spread (&e, "epsilon_family_to_search", beyond);
      key (&e, "gain_over_family");
      tf_yaml_emitter_mapping_start (&e, FALSE);
      for (guint k = 0; k < config->n_objectives; k++)
        tf_yaml_emitter_key_spread (&e, tf_objective_to_string (config->objectives[k]),
                                    objective_gains[k]);
      tf_yaml_emitter_mapping_end (&e);
    }
  tf_yaml_emitter_mapping_end (&e);
  for (guint k = 0; k < config->n_objectives; k++)
    g_array_unref (objective_gains[k]);
  if (n_without_ratio != NULL)
    *n_without_ratio = baselines->len - ratios->len;
  if (!tf_yaml_emitter_end (&e, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return tf_write_file_atomic (path, out->str, out->len, error);
}
