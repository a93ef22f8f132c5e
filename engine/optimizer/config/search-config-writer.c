/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config-writer.c: a search configuration written back as the YAML search-config.c
 * reads (docs/optimizer.md, "The configuration"), so the app can save its search form and a
 * run folder can record the configuration of its run.
 *
 * Loading the text gives back an equal configuration. What the file would take from elsewhere
 * is left to be taken again rather than frozen: a workload names its model preset and only
 * the keys that differ from it, a derived compute time is derived again (a changed model or
 * chip count must not keep a stale one), a disconnected penalty of n_chip stays n_chip, and
 * the cost: block holds only what differs from the built-in price table and floor plan. Everything the reader has a default for but which
 * shapes the search is written out, so a run folder says what the run did.
 */
#include <math.h>
#include <string.h>

#include "search-config-private.h"
#include "yaml-emitter-private.h"

static const ModelPreset *
find_preset (GArray     *presets,
             const char *name)
{
  for (guint i = 0; name != NULL && i < presets->len; i++)
    if (strcmp (g_array_index (presets, ModelPreset, i).name, name) == 0)
      return &g_array_index (presets, ModelPreset, i);
  return NULL;
}

static gboolean
model_field_equal (const TfWorkload *a,
                   const TfWorkload *b,
                   guint             f)
{
  const TfYamlKey *field = &tf_config_model_keys[f];

  if (tf_config_model_key_is_whole (f))
    return G_STRUCT_MEMBER (guint, a, field->offset) == G_STRUCT_MEMBER (guint, b, field->offset);
  return G_STRUCT_MEMBER (double, a, field->offset) == G_STRUCT_MEMBER (double, b, field->offset);
}

static void
write_model_field (TfYamlEmitter    *e,
                   const TfWorkload *w,
                   guint             f)
{
  const TfYamlKey *field = &tf_config_model_keys[f];

  if (tf_config_model_key_is_whole (f))
    tf_yaml_emitter_key_uint (e, field->name, G_STRUCT_MEMBER (guint, w, field->offset));
  else
    tf_yaml_emitter_key_real (e, field->name, G_STRUCT_MEMBER (double, w, field->offset));
}

static void
write_workload (TfYamlEmitter    *e,
                const TfWorkload *w,
                GArray           *presets,
                gboolean          in_list)
{
  const ModelPreset *preset = find_preset (presets, w->model);
  TfWorkload defaults = { 0 };
  guint overlap_differs = 0;

  /* Without a preset, overlap defaults to the reader's, as do the keys a preset leaves out. */
  tf_config_workload_defaults (&defaults);
  for (guint k = 0; k < TF_N_COMMS; k++)
    {
      double expected = preset != NULL && (preset->have & (1u << F_OVERLAP (k)))
                        ? preset->model.overlap[k] : defaults.overlap[k];

      if (w->overlap[k] != expected)
        overlap_differs |= 1u << k;
    }

  tf_yaml_emitter_mapping_start (e, FALSE);
  if (w->name != NULL && (w->model == NULL || strcmp (w->name, w->model) != 0))
    tf_yaml_emitter_key_string (e, "name", w->name);
  if (w->model != NULL)
    tf_yaml_emitter_key_string (e, "model", w->model);
  if (in_list)
    tf_yaml_emitter_key_real (e, "weight", w->weight);

  tf_yaml_emitter_string (e, "parallelism");
  tf_yaml_emitter_mapping_start (e, TRUE);
  tf_yaml_emitter_key_uint (e, "tp", w->tp);
  tf_yaml_emitter_key_uint (e, "pp", w->pp);
  tf_yaml_emitter_key_uint (e, "dp", w->dp);
  tf_yaml_emitter_key_uint (e, "ep", w->ep);
  tf_yaml_emitter_mapping_end (e);

  tf_yaml_emitter_string (e, "message_sizes_bytes");
  tf_yaml_emitter_sequence_start (e, TRUE);
  for (guint i = 0; i < w->n_message_sizes; i++)
    tf_yaml_emitter_uint64 (e, w->message_sizes[i]);
  tf_yaml_emitter_sequence_end (e);

  tf_yaml_emitter_string (e, "required_primitives");
  tf_yaml_emitter_sequence_start (e, TRUE);
  for (guint p = 0; p < TF_N_PRIMITIVES; p++)
    if (w->primitives & (1u << p))
      tf_yaml_emitter_string (e, tf_primitive_to_string ((TfPrimitive) p));
  tf_yaml_emitter_sequence_end (e);

  /* The model: every key without a preset, the overrides with one. */
  for (guint f = 0; f < F_COMPUTE_TIME_US; f++)
    if (preset == NULL || !model_field_equal (w, &preset->model, f))
      write_model_field (e, w, f);
  if (w->compute_time_given)
    write_model_field (e, w, F_COMPUTE_TIME_US);
  if (overlap_differs != 0)
    {
      tf_yaml_emitter_string (e, "overlap");
      tf_yaml_emitter_mapping_start (e, TRUE);
      for (guint k = 0; k < TF_N_COMMS; k++)
        if (overlap_differs & (1u << k))
          tf_yaml_emitter_key_real (e, tf_comm_to_string ((TfComm) k), w->overlap[k]);
      tf_yaml_emitter_mapping_end (e);
    }
  tf_yaml_emitter_mapping_end (e);
}

/* workload: for one workload of weight 1 (the shape of the spec's example), workloads: else. */
static void
write_workloads (TfYamlEmitter        *e,
                 const TfSearchConfig *c)
{
  g_autoptr(GArray) presets = g_array_new (FALSE, TRUE, sizeof (ModelPreset));
  gboolean list = c->n_workloads != 1 || c->workloads[0].weight != 1;

  g_array_set_clear_func (presets, tf_config_model_preset_clear);
  tf_config_models_builtin (presets);
  if (!list)
    {
      tf_yaml_emitter_string (e, "workload");
      write_workload (e, &c->workloads[0], presets, FALSE);
      return;
    }
  tf_yaml_emitter_string (e, "workloads");
  tf_yaml_emitter_sequence_start (e, FALSE);
  for (guint i = 0; i < c->n_workloads; i++)
    write_workload (e, &c->workloads[i], presets, TRUE);
  tf_yaml_emitter_sequence_end (e);
}

static void
write_hardware (TfYamlEmitter               *e,
                const TfHardwareConstraints *hw)
{
  tf_yaml_emitter_string (e, "hardware_constraints");
  tf_yaml_emitter_mapping_start (e, FALSE);
  if (hw->chip != NULL)
    tf_yaml_emitter_key_string (e, "chip", hw->chip->name);
  tf_yaml_emitter_key_real (e, "nic_bandwidth_gb_per_s", hw->nic_bandwidth_gbps);
  tf_yaml_emitter_key_real (e, "c2c_bandwidth_gb_per_s", hw->c2c_bandwidth_gbps);
  tf_yaml_emitter_key_real (e, "chip_power_w", hw->chip_power_w);
  tf_yaml_emitter_key_real (e, "host_power_w", hw->host_power_w);
  tf_yaml_emitter_key_real (e, "rack_power_kw", hw->rack_power_kw);
  tf_yaml_emitter_string (e, "switch_radix_options");
  tf_yaml_emitter_sequence_start (e, TRUE);
  for (guint i = 0; i < hw->n_radix_options; i++)
    tf_yaml_emitter_uint64 (e, hw->radix_options[i]);
  tf_yaml_emitter_sequence_end (e);
  tf_yaml_emitter_key_real (e, "link_latency_us", hw->link_latency_us);
  tf_yaml_emitter_key_real (e, "max_optical_cable_length_m", hw->max_optical_cable_length_m);
  tf_yaml_emitter_key_real (e, "budget_usd", hw->budget_usd);
  tf_yaml_emitter_key_uint (e, "nic_ports_per_chip", hw->nic_ports_per_chip);
  tf_yaml_emitter_key_uint (e, "on_board_links_per_chip", hw->on_board_links_per_chip);
  tf_yaml_emitter_key_uint (e, "off_board_ports_per_chip", hw->off_board_ports_per_chip);
  tf_yaml_emitter_mapping_end (e);
}

static void
write_objectives (TfYamlEmitter        *e,
                  const TfSearchConfig *c)
{
  tf_yaml_emitter_string (e, "objectives");
  tf_yaml_emitter_sequence_start (e, TRUE);
  for (guint i = 0; i < c->n_objectives; i++)
    tf_yaml_emitter_string (e, tf_objective_to_string (c->objectives[i]));
  tf_yaml_emitter_sequence_end (e);
}

/* ALL when the list is every family in the registry's order, which is what ALL reads as. */
static void
write_families (TfYamlEmitter        *e,
                const TfSearchConfig *c)
{
  gboolean all = c->n_families == 0 || c->n_families == tf_families_get_count ();

  for (guint i = 0; all && i < c->n_families; i++)
    all = c->families[i] == tf_families_get (i);
  tf_yaml_emitter_string (e, "families");
  if (all)
    {
      tf_yaml_emitter_string (e, "ALL");
      return;
    }
  tf_yaml_emitter_sequence_start (e, TRUE);
  for (guint i = 0; i < c->n_families; i++)
    tf_yaml_emitter_string (e, tf_family_get_name (c->families[i]));
  tf_yaml_emitter_sequence_end (e);
}

static void
write_family_generator (TfYamlEmitter        *e,
                        const TfSearchConfig *c)
{
  const TfContext *ctx = &c->context;
  guint first = ctx->intra_board_topo;

  tf_yaml_emitter_string (e, "family");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_boolean (e, "enabled", c->family_enabled);
  write_families (e, c);
  tf_yaml_emitter_key_boolean (e, "edge_cases", c->family_edge_cases);
  tf_yaml_emitter_key_boolean (e, "stage_0", c->family_stage_0);
  tf_yaml_emitter_key_uint (e, "stage_0_max", c->family_stage_0_max);
  if (ctx->scope != TF_SCOPE_UNSET)
    tf_yaml_emitter_key_string (e, "scope", tf_scope_to_string (ctx->scope));
  tf_yaml_emitter_key_uint (e, "chips_per_board_max", ctx->chips_per_board_max);
  tf_yaml_emitter_key_uint (e, "chip_radix", ctx->chip_radix);

  /* The context keeps the first topology listed: it leads the list. */
  tf_yaml_emitter_string (e, "intra_board_topo");
  tf_yaml_emitter_sequence_start (e, TRUE);
  if (c->intra_board_topos & (1u << first))
    tf_yaml_emitter_string (e, tf_intra_board_topo_to_string ((TfIntraBoardTopo) first));
  for (guint t = 0; t < TF_N_INTRA_BOARD_TOPOS; t++)
    if (t != first && (c->intra_board_topos & (1u << t)))
      tf_yaml_emitter_string (e, tf_intra_board_topo_to_string ((TfIntraBoardTopo) t));
  tf_yaml_emitter_sequence_end (e);

  /* Left out, it means every C_board the enumeration gives; an empty list is refused. */
  if (c->n_chips_per_board > 0)
    {
      tf_yaml_emitter_string (e, "chips_per_board");
      tf_yaml_emitter_sequence_start (e, TRUE);
      for (guint i = 0; i < c->n_chips_per_board; i++)
        tf_yaml_emitter_uint64 (e, c->chips_per_board[i]);
      tf_yaml_emitter_sequence_end (e);
    }
  tf_yaml_emitter_mapping_end (e);
}

static void
write_generators (TfYamlEmitter        *e,
                  const TfSearchConfig *c)
{
  tf_yaml_emitter_string (e, "generators");
  tf_yaml_emitter_mapping_start (e, FALSE);
  if (c->n_manual_files > 0)
    {
      tf_yaml_emitter_string (e, "manual");
      tf_yaml_emitter_mapping_start (e, FALSE);
      tf_yaml_emitter_string (e, "files");
      tf_yaml_emitter_sequence_start (e, FALSE);
      for (guint i = 0; i < c->n_manual_files; i++)
        tf_yaml_emitter_string (e, c->manual_files[i]);
      tf_yaml_emitter_sequence_end (e);
      tf_yaml_emitter_mapping_end (e);
    }
  write_family_generator (e, c);

  tf_yaml_emitter_string (e, "generic_template");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_boolean (e, "enabled", c->template_enabled);
  tf_yaml_emitter_key_uint (e, "initial", c->template_initial);
  tf_yaml_emitter_key_real (e, "rate", c->template_rate);
  tf_yaml_emitter_key_real (e, "crossover_rate", c->template_crossover_rate);
  tf_yaml_emitter_mapping_end (e);

  tf_yaml_emitter_string (e, "graph_mutator");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_boolean (e, "enabled", c->mutator_enabled);
  tf_yaml_emitter_string (e, "operators");
  tf_yaml_emitter_sequence_start (e, TRUE);
  for (guint m = 0; m < TF_N_MUTATIONS; m++)
    if (c->operators & (1u << m))
      tf_yaml_emitter_string (e, tf_mutation_to_string ((TfMutation) m));
  tf_yaml_emitter_sequence_end (e);
  tf_yaml_emitter_key_uint (e, "edits_per_child", MAX (1u, c->edits_per_child));
  tf_yaml_emitter_key_real (e, "mutation_rate", c->mutation_rate);
  tf_yaml_emitter_mapping_end (e);

  tf_yaml_emitter_string (e, "graph_crossover");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_boolean (e, "enabled", c->crossover_enabled);
  tf_yaml_emitter_key_real (e, "crossover_rate", c->crossover_rate);
  tf_yaml_emitter_mapping_end (e);
  tf_config_write_generator_sections (e, c);
  tf_yaml_emitter_mapping_end (e);
}

static void
write_search (TfYamlEmitter        *e,
              const TfSearchConfig *c)
{
  gboolean has_reference = FALSE;

  tf_yaml_emitter_string (e, "search");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_string (e, "algorithm", tf_search_algorithm_names.names[c->algorithm]);
  tf_yaml_emitter_key_uint (e, "population_size", c->population_size);
  tf_yaml_emitter_key_uint (e, "generations", c->generations);
  tf_yaml_emitter_key_uint (e, "parallel_workers", c->threads);
  tf_yaml_emitter_key_uint (e, "seed", c->seed);
  tf_yaml_emitter_key_uint (e, "front_max", c->front_max);
  tf_yaml_emitter_key_string (e, "baseline_edits",
                              tf_baseline_edits_names.names[c->baseline_edits]);
  for (guint o = 0; o < TF_N_OBJECTIVES; o++)
    has_reference |= !isnan (c->reference_point[o]);
  if (has_reference)
    {
      tf_yaml_emitter_string (e, "reference_point");
      tf_yaml_emitter_mapping_start (e, FALSE);
      for (guint o = 0; o < TF_N_OBJECTIVES; o++)
        if (!isnan (c->reference_point[o]))
          tf_yaml_emitter_key_real (e, tf_objective_to_string ((TfObjective) o),
                                    c->reference_point[o]);
      tf_yaml_emitter_mapping_end (e);
    }
  tf_yaml_emitter_mapping_end (e);
}

static void
write_evaluator (TfYamlEmitter        *e,
                 const TfSearchConfig *c)
{
  tf_yaml_emitter_string (e, "evaluator");
  tf_yaml_emitter_mapping_start (e, FALSE);
  tf_yaml_emitter_key_string (e, "stage_1", "math_alpha_beta");
  tf_yaml_emitter_key_string (e, "stage_2", tf_stage_2_to_string (c->stage_2));
  tf_yaml_emitter_key_real (e, "pareto_threshold", c->pareto_threshold);
  tf_yaml_emitter_key_string (e, "failures", tf_failures_names.names[c->failures]);
  /* The default is n_chip (0 until a file is read): left out, it follows a changed n_chip. */
  if (c->disconnected_penalty_hops != 0 && c->disconnected_penalty_hops != c->n_chip)
    tf_yaml_emitter_key_real (e, "disconnected_penalty_hops", c->disconnected_penalty_hops);
  tf_yaml_emitter_mapping_end (e);
}

/* A key of the cost: block, opening its section (prices: or floor:) on the first one. */
static void
cost_key (TfYamlEmitter *e,
          gboolean      *opened,
          const char    *section,
          const char    *key)
{
  if (!*opened)
    {
      tf_yaml_emitter_string (e, section);
      tf_yaml_emitter_mapping_start (e, FALSE);
      *opened = TRUE;
    }
  tf_yaml_emitter_string (e, key);
}

static TfPriceSheet
builtin_sheet (void)
{
  TfPriceSheet sheet;

  tf_price_sheet_builtin (&sheet);
  return sheet;
}

/* The price of a radix option and the other prices where they differ from the built-in
 * table, the floor plan where it differs from the built-in one; nothing when nothing does. */
static void
write_cost (TfYamlEmitter        *e,
            const TfSearchConfig *c)
{
  const TfPriceTable *p = &c->prices;
  const TfFloorPlan *f = &c->floor;
  const TfPriceSheet sheet = builtin_sheet ();
  const struct { const char *key; double value, builtin; } prices[] = {
    { "port_gb_per_s", p->port_gbps, sheet.base.port_gbps },
    { "nic_port", p->nic_port, sheet.base.nic_port },
    { "pcb_link", p->pcb_link, sheet.base.pcb_link },
    { "copper_link", p->copper_link, sheet.base.copper_link },
    { "optical_link_fixed", p->optical_link_fixed, sheet.base.optical_link_fixed },
    { "optical_link_per_m", p->optical_link_per_m, sheet.base.optical_link_per_m },
    { "scale_up_switch", p->scale_up_switch, sheet.base.scale_up_switch },
  }, floor[] = {
    { "rack_pitch_m", f->rack_pitch_m, sheet.floor.rack_pitch_m },
    { "row_pitch_m", f->row_pitch_m, sheet.floor.row_pitch_m },
    { "vertical_run_m", f->vertical_run_m, sheet.floor.vertical_run_m },
    { "in_rack_m", f->in_rack_m, sheet.floor.in_rack_m },
    { "max_copper_m", f->max_copper_m, sheet.floor.max_copper_m },
  };
  guint switch_differs = 0;
  gboolean any, opened = FALSE;

  /* A switch price differs when the built-in table has another one, or none, for its radix. */
  for (guint i = 0; i < p->n_switch_prices; i++)
    {
      guint j;

      for (j = 0; j < sheet.n_switch && sheet.switch_radix[j] != p->switch_radix[i]; j++)
        ;
      if (j == sheet.n_switch || sheet.switch_price[j] != p->switch_price[i])
        switch_differs |= 1u << i;
    }
  any = switch_differs != 0;
  for (guint i = 0; i < G_N_ELEMENTS (prices); i++)
    any |= prices[i].value != prices[i].builtin;
  for (guint i = 0; i < G_N_ELEMENTS (floor); i++)
    any |= floor[i].value != floor[i].builtin;
  if (!any)
    return;

  tf_yaml_emitter_string (e, "cost");
  tf_yaml_emitter_mapping_start (e, FALSE);
  if (switch_differs != 0)
    {
      cost_key (e, &opened, "prices", "switch");
      tf_yaml_emitter_mapping_start (e, FALSE);
      for (guint i = 0; i < p->n_switch_prices; i++)
        {
          char radix[16];

          if (!(switch_differs & (1u << i)))
            continue;
          /* Radix keys are numbers the reader takes as text: plain, not quoted. */
          g_snprintf (radix, sizeof radix, "%u", p->switch_radix[i]);
          tf_yaml_emitter_scalar (e, radix, FALSE);
          tf_yaml_emitter_real (e, p->switch_price[i]);
        }
      tf_yaml_emitter_mapping_end (e);
    }
  for (guint i = 0; i < G_N_ELEMENTS (prices); i++)
    if (prices[i].value != prices[i].builtin)
      {
        cost_key (e, &opened, "prices", prices[i].key);
        tf_yaml_emitter_real (e, prices[i].value);
      }
  if (opened)
    tf_yaml_emitter_mapping_end (e);
  opened = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (floor); i++)
    if (floor[i].value != floor[i].builtin)
      {
        cost_key (e, &opened, "floor", floor[i].key);
        tf_yaml_emitter_real (e, floor[i].value);
      }
  if (opened)
    tf_yaml_emitter_mapping_end (e);
  tf_yaml_emitter_mapping_end (e);
}

gboolean
tf_search_config_write_yaml (const TfSearchConfig  *config,
                             GString               *out,
                             GError               **error)
{
  TfYamlEmitter e;
  gsize start;

  g_return_val_if_fail (config != NULL && out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  start = out->len;
  tf_yaml_emitter_begin (&e, out);
  tf_yaml_emitter_mapping_start (&e, FALSE);
  tf_yaml_emitter_key_uint (&e, "n_chip", config->n_chip);
  write_workloads (&e, config);
  write_hardware (&e, &config->hardware);
  write_objectives (&e, config);
  write_generators (&e, config);
  write_search (&e, config);
  write_evaluator (&e, config);
  write_cost (&e, config);
  tf_yaml_emitter_mapping_end (&e);
  if (!tf_yaml_emitter_end (&e, error))
    {
      /* Never half a document: the caller's text is as it was. */
      g_string_truncate (out, start);
      return FALSE;
    }
  return TRUE;
}
