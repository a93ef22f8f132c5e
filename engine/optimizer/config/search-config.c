/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-config.c: the search configuration (the spec's search_config.yaml) as a document: its
 * top-level keys, hardware_constraints, objectives, generators, search and evaluator, the
 * defaults, the checks that join its parts, and init, clear and load. The workloads are
 * search-config-workload.c's, the price table and floor plan search-config-cost.c's
 * (search-config-private.h).
 *
 * The file is untrusted and read like a topology file: libyaml's events through the guarded
 * reader (yaml-reader.c), every key known or refused with the list of keys allowed there, every
 * number in a stated range, and one error line "FILE:LINE:COLUMN: field 'a.b': what is wrong".
 * Keys may come in any order, so the checks that join two parts of the file (the parallelism
 * against n_chip, the radix options against the price table, the enumeration context) run once
 * the whole document has been read, pointing at the part the user would change.
 *
 * The model presets (data/models.yaml) and the price table with the default floor plan
 * (data/prices.yaml) are compiled in as text by scripts/embed-text.py and parsed with the same
 * reader: the engine reads no installed file at run time. They are part of the program, so a
 * fault in them is a bug (g_error); tests/test-search-config.c proves they parse.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "names-private.h"
#include "context-private.h"
#include "search-config-private.h"

/* The optimizer's own limits: a candidate is a whole graph evaluated many times over. */
#define MAX_CHIP_PORTS      256u
#define MAX_CONFIG_BYTES    (G_GUINT64_CONSTANT (1) << 20)
#define MAX_EVALUATIONS     G_GUINT64_CONSTANT (10000000)

static char *
join_family_names (void)
{
  const char *names[TF_N_FAMILIES];
  guint n = tf_families_get_count ();

  for (guint i = 0; i < n; i++)
    names[i] = tf_family_get_name (tf_families_get (i));
  return tf_names_join ((TfNames) { names, n });
}

static gboolean
lookup_objective (const char *name,
                  guint      *index)
{
  TfObjective o;

  if (!tf_objective_from_string (name, &o))
    return FALSE;
  *index = o;
  return TRUE;
}

static char *
explain_objective (const char *name)
{
  const char *names[TF_N_OBJECTIVES];
  g_autofree char *list = NULL;

  for (guint i = 0; i < TF_N_OBJECTIVES; i++)
    names[i] = tf_objective_to_string ((TfObjective) i);
  list = tf_names_join ((TfNames) { names, TF_N_OBJECTIVES });
  return g_strdup_printf ("'%s' is not an objective; objectives are %s", name, list);
}

static gboolean
lookup_mutation (const char *name,
                 guint      *index)
{
  return tf_names_find (tf_mutation_names, name, index);
}

static char *
explain_mutation (const char *name)
{
  g_autofree char *list = tf_names_join (tf_mutation_names);

  return g_strdup_printf ("'%s' is not a mutation operator; operators are %s", name, list);
}

static gboolean
lookup_family (const char *name,
               guint      *index)
{
  const TfFamily *family = tf_family_lookup (name);

  for (guint i = 0; family != NULL && i < tf_families_get_count (); i++)
    if (tf_families_get (i) == family)
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

/* Letters and digits of @name in lower case: "Slim-Fly" and "slim_fly" are "slimfly". */
static char *
fold_family_name (const char *name)
{
  GString *out = g_string_new (NULL);

  for (const char *c = name; *c != '\0'; c++)
    if (g_ascii_isalnum (*c))
      g_string_append_c (out, g_ascii_tolower (*c));
  return g_string_free (out, FALSE);
}

static char *
explain_family (const char *name)
{
  g_autofree char *list = join_family_names ();
  g_autofree char *folded = fold_family_name (name);

  /* Another spelling of a family ("slim-fly", "Fat_Tree") is named. */
  for (guint i = 0; i < tf_families_get_count (); i++)
    {
      const char *family = tf_family_get_name (tf_families_get (i));
      g_autofree char *known = fold_family_name (family);

      if (strcmp (folded, known) == 0)
        return g_strdup_printf ("'%s' is not a Topoforge family; did you mean '%s'? The "
                                "families are %s", name, family, list);
    }
  return g_strdup_printf ("'%s' is not a Topoforge family; the families are %s", name, list);
}

/* The document */

static gboolean
read_radix_options (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  TfHardwareConstraints *hw = &l->c->hardware;

  l->has_radix_options = TRUE;
  /* Kept ascending, each with its mark for the price check. */
  return tf_yaml_read_ascending (r, 2, MAX_RADIX, TF_SEARCH_MAX_RADIX_OPTIONS, "switch radix",
                                 hw->radix_options, l->radix_marks, &hw->n_radix_options);
}

/* chip: a published part (context.c's presets), whose figures the keys beside it may change. */
static gboolean
read_chip (TfYamlReader      *r,
           const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  const TfChipPreset *preset;
  g_autofree char *name = NULL;
  TfMark mark = tf_yaml_reader_mark (r);

  if (!tf_yaml_read_string (r, 64, &name))
    return FALSE;
  preset = tf_chip_preset_lookup (name);
  if (preset == NULL)
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; tf_chip_presets_get (i) != NULL; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "", tf_chip_presets_get (i)->name);
      return tf_yaml_reader_fail_at (r, mark, "'%s' is not a chip preset; the presets "
                                     "are %s", name, names->str);
    }
  l->c->hardware.chip = preset;
  return TRUE;
}

/* Bandwidth and latency bounds are the enumeration context's (context.c). */
static const TfYamlKey hardware_keys[] = {
  TF_YAML_KEY_CALL ("chip", read_chip),
  TF_YAML_KEY_REAL_IN ("chip_power_w", TfHardwareConstraints, chip_power_w, 0, TRUE, 1e6, "W"),
  TF_YAML_KEY_REAL_IN ("host_power_w", TfHardwareConstraints, host_power_w, 0, FALSE, 1e6, "W"),
  TF_YAML_KEY_REAL_IN ("rack_power_kw", TfHardwareConstraints, rack_power_kw, 0, TRUE,
                       TF_RACK_POWER_KW_MAX, "kW"),
  TF_YAML_KEY_REAL_IN ("nic_bandwidth_gb_per_s", TfHardwareConstraints, nic_bandwidth_gbps, 0,
                       TRUE, 1e9, "GB/s"),
  TF_YAML_KEY_REAL_IN ("c2c_bandwidth_gb_per_s", TfHardwareConstraints, c2c_bandwidth_gbps, 0,
                       TRUE, 1e9, "GB/s"),
  TF_YAML_KEY_CALL ("switch_radix_options", read_radix_options),
  TF_YAML_KEY_REAL_IN ("link_latency_us", TfHardwareConstraints, link_latency_us, 0, FALSE, 1e6,
                       "us"),
  TF_YAML_KEY_REAL_IN ("max_optical_cable_length_m", TfHardwareConstraints,
                       max_optical_cable_length_m, 0, TRUE, MAX_METRES, "m"),
  TF_YAML_KEY_REAL_IN ("budget_usd", TfHardwareConstraints, budget_usd, 0, FALSE, 1e15,
                       "USD (0: no budget)"),
  TF_YAML_KEY_GUINT ("nic_ports_per_chip", TfHardwareConstraints, nic_ports_per_chip, 1,
                     MAX_CHIP_PORTS),
  TF_YAML_KEY_GUINT ("on_board_links_per_chip", TfHardwareConstraints, on_board_links_per_chip,
                     0, MAX_CHIP_PORTS),
  TF_YAML_KEY_GUINT ("off_board_ports_per_chip", TfHardwareConstraints,
                     off_board_ports_per_chip, 1, MAX_CHIP_PORTS),
};

static gboolean
read_objectives (TfYamlReader      *r,
                 const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  TfMark mark = tf_yaml_reader_mark (r);
  guint indices[TF_N_OBJECTIVES], n;

  if (!tf_yaml_read_name_list (r, TF_N_OBJECTIVES, lookup_objective, explain_objective,
                               indices, &n))
    return FALSE;
  l->has_objectives = TRUE;
  l->objectives_mark = mark;
  for (guint i = 0; i < n; i++)
    {
      l->c->objectives[i] = (TfObjective) indices[i];
      /* The spec's mean over failures rewards hardware that carries nothing new
       * (docs/spec-notes.md, "A fault objective that cannot be gamed"). */
      if (indices[i] == TF_OBJECTIVE_APL_FAIL)
        g_ptr_array_add (l->c->warnings,
                         g_strdup_printf ("%s:%u:%u: field 'objectives[%u]': apl_fail is a mean "
                                          "over the failures, which a switch whose failure "
                                          "changes nothing lowers; apl_fail_excess sums what "
                                          "each failure adds and cannot be lowered so",
                                          r->file, mark.line, mark.column, i));
    }
  l->c->n_objectives = n;
  return TRUE;
}

static gboolean
lookup_topo (const char *name,
             guint      *index)
{
  return tf_names_find (tf_intra_board_topo_names, name, index);
}

static char *
explain_topo (const char *name)
{
  g_autofree char *list = tf_names_join (tf_intra_board_topo_names);

  return g_strdup_printf ("'%s' is not an intra-board topology; they are %s", name, list);
}

/* intra_board_topo: one name (as the enumeration context has it) or a list; the family
 * generator seeds from an enumeration per topology, the context keeps the first. */
static gboolean
read_intra_board_topos (TfYamlReader      *r,
                        const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  TfSearchConfig *c = l->c;
  guint indices[TF_N_INTRA_BOARD_TOPOS], n;

  if (r->error == NULL && r->event.type == YAML_SCALAR_EVENT)
    {
      if (!tf_yaml_read_choice (r, tf_intra_board_topo_names, &indices[0]))
        return FALSE;
      n = 1;
    }
  else if (!tf_yaml_read_name_list (r, TF_N_INTRA_BOARD_TOPOS, lookup_topo, explain_topo, indices,
                                    &n))
    return FALSE;
  c->intra_board_topos = 0;
  for (guint i = 0; i < n; i++)
    c->intra_board_topos |= 1u << indices[i];
  c->context.intra_board_topo = (TfIntraBoardTopo) indices[0];
  return TRUE;
}

/* chips_per_board: the C_board values seeds may have, a list, kept ascending. */
static gboolean
read_chips_per_board (TfYamlReader      *r,
                      const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  TfSearchConfig *c = l->c;

  l->chips_per_board_mark = tf_yaml_reader_mark (r);
  return tf_yaml_read_ascending (r, 1, MAX_N_CHIP, TF_SEARCH_MAX_CHIPS_PER_BOARD,
                                 "number of chips per board", c->chips_per_board, NULL,
                                 &c->n_chips_per_board);
}

static void
all_families (TfSearchConfig *c)
{
  c->n_families = MIN (tf_families_get_count (), G_N_ELEMENTS (c->families));
  for (guint i = 0; i < c->n_families; i++)
    c->families[i] = tf_families_get (i);
}

static gboolean
read_families (TfYamlReader      *r,
               const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  TfSearchConfig *c = l->c;
  guint indices[G_N_ELEMENTS (c->families)], n;

  if (r->error == NULL && r->event.type == YAML_SCALAR_EVENT)
    {
      g_autofree char *text = NULL;
      TfMark mark = tf_yaml_reader_mark (r);

      if (!tf_yaml_read_string (r, 64, &text))
        return FALSE;
      if (strcmp (text, "ALL") != 0)
        return tf_yaml_reader_fail_at (r, mark, "'%s': must be a list of families, or ALL "
                                       "for all of them", text);
      all_families (c);
      return TRUE;
    }
  if (!tf_yaml_read_name_list (r, G_N_ELEMENTS (c->families), lookup_family, explain_family,
                               indices, &n))
    return FALSE;
  for (guint i = 0; i < n; i++)
    c->families[i] = tf_families_get (indices[i]);
  c->n_families = n;
  return TRUE;
}

static gboolean
read_family_enabled (TfYamlReader      *r,
                     const TfYamlKeyAt *at)
{
  Loader *l = at->data;

  l->family_enabled_mark = tf_yaml_reader_mark (r);
  return tf_yaml_read_bool (r, &l->c->family_enabled);
}

static gboolean
read_scope (TfYamlReader      *r,
            const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  guint choice;

  if (!tf_yaml_read_choice (r, tf_scope_names, &choice))
    return FALSE;
  l->c->context.scope = (TfScope) (TF_SCOPE_INTRA_RACK + choice);
  return TRUE;
}

static const TfYamlKey family_keys[] = {
  TF_YAML_KEY_CALL ("enabled", read_family_enabled),
  TF_YAML_KEY_CALL ("families", read_families),
  TF_YAML_KEY_BOOL ("edge_cases", TfSearchConfig, family_edge_cases),
  TF_YAML_KEY_BOOL ("stage_0", TfSearchConfig, family_stage_0),
  TF_YAML_KEY_GUINT ("stage_0_max", TfSearchConfig, family_stage_0_max, 1,
                     TF_SEARCH_MAX_STAGE_0),
  TF_YAML_KEY_CALL ("scope", read_scope),
  TF_YAML_KEY_GUINT ("chips_per_board_max", TfSearchConfig, context.chips_per_board_max, 1,
                     MAX_N_CHIP),
  TF_YAML_KEY_GUINT ("chip_radix", TfSearchConfig, context.chip_radix, 1, TF_CHIP_RADIX_MAX),
  TF_YAML_KEY_CALL ("intra_board_topo", read_intra_board_topos),
  TF_YAML_KEY_CALL ("chips_per_board", read_chips_per_board),
};

static gboolean
read_family_generator (TfYamlReader      *r,
                       const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  TfSearchConfig *c = l->c;

  l->has_family_block = TRUE;
  l->family_mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_read_keys (r, family_keys, G_N_ELEMENTS (family_keys), c, l, NULL, NULL, NULL))
    return FALSE;
  /* Read in any order: the largest value is checked against the maximum at the end. */
  if (c->n_chips_per_board > 0
      && c->chips_per_board[c->n_chips_per_board - 1] > c->context.chips_per_board_max)
    return tf_yaml_reader_fail_field (r, l->chips_per_board_mark,
                                      "generators.family.chips_per_board",
                                      "%u is more than chips_per_board_max = %u",
                                      c->chips_per_board[c->n_chips_per_board - 1],
                                      c->context.chips_per_board_max);
  return TRUE;
}

/* generators.graph_crossover (generator-graph-crossover.c) */
static const TfYamlKey crossover_keys[] = {
  TF_YAML_KEY_BOOL ("enabled", TfSearchConfig, crossover_enabled),
  TF_YAML_KEY_REAL_IN ("crossover_rate", TfSearchConfig, crossover_rate, 0, FALSE, 1, NULL),
};

/* generators.generic_template (generator-generic-template.c) */
static const TfYamlKey template_keys[] = {
  TF_YAML_KEY_BOOL ("enabled", TfSearchConfig, template_enabled),
  TF_YAML_KEY_GUINT ("initial", TfSearchConfig, template_initial, 0, TF_SEARCH_MAX_POPULATION),
  TF_YAML_KEY_REAL_IN ("rate", TfSearchConfig, template_rate, 0, FALSE, 1, NULL),
  TF_YAML_KEY_REAL_IN ("crossover_rate", TfSearchConfig, template_crossover_rate, 0, FALSE, 1,
                       NULL),
};

static gboolean
read_operators (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  TfSearchConfig *c = at->field;
  guint indices[TF_N_MUTATIONS], n;

  if (!tf_yaml_read_name_list (r, TF_N_MUTATIONS, lookup_mutation, explain_mutation, indices,
                               &n))
    return FALSE;
  c->operators = 0;
  for (guint i = 0; i < n; i++)
    c->operators |= 1u << indices[i];
  return TRUE;
}

/* generators.graph_mutator (generator-graph-mutator.c) */
static const TfYamlKey mutator_keys[] = {
  TF_YAML_KEY_BOOL ("enabled", TfSearchConfig, mutator_enabled),
  TF_YAML_KEY_CALL ("operators", read_operators),
  TF_YAML_KEY_GUINT ("edits_per_child", TfSearchConfig, edits_per_child, 1,
                     TF_SEARCH_MAX_EDITS_PER_CHILD),
  TF_YAML_KEY_REAL_IN ("mutation_rate", TfSearchConfig, mutation_rate, 0, FALSE, 1, NULL),
};

/* A generator's own mapping: an unknown key in it is its error, not another generator's
 * section (TF_YAML_KEY_MAP would hand it the generators mapping's unknown-key function). */
static gboolean
read_generator_map (TfYamlReader      *r,
                    const TfYamlKeyAt *at)
{
  return tf_yaml_read_keys (r, at->key->keys, at->key->n_keys, at->field, at->data, NULL, NULL,
                            NULL);
}

#define GENERATOR_MAP(key, keys_) \
  { .name = (key), .read = read_generator_map, .keys = (keys_), .n_keys = G_N_ELEMENTS (keys_) }

static const TfYamlKey generator_keys[] = {
  TF_YAML_KEY_CALL ("manual", tf_config_read_manual),
  TF_YAML_KEY_CALL ("family", read_family_generator),
  GENERATOR_MAP ("generic_template", template_keys),
  GENERATOR_MAP ("graph_mutator", mutator_keys),
  GENERATOR_MAP ("graph_crossover", crossover_keys),
};

#undef GENERATOR_MAP

/* generators: the rows above, and any other registered generator's generic section. */
static gboolean
read_generators (TfYamlReader      *r,
                 const TfYamlKeyAt *at)
{
  return tf_yaml_read_keys (r, generator_keys, G_N_ELEMENTS (generator_keys), at->field,
                            at->data, tf_config_read_generator_section, NULL, NULL);
}

/* search.reference_point: {objective: value in its unit} */
static gboolean
read_reference_point (TfYamlReader      *r,
                      const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  TfYamlMapping m;
  const char *key;

  if (!tf_yaml_reader_begin_mapping (r, &m))
    return FALSE;
  while (tf_yaml_reader_next_key (r, &m, &key))
    {
      TfMark mark = tf_yaml_reader_mark (r);
      TfObjective o;

      if (!tf_objective_from_string (key, &o))
        {
          g_autofree char *why = explain_objective (key);

          tf_yaml_reader_fail_at (r, m.key_mark, "%s", why);
          break;
        }
      l->reference_marks[o] = mark;
      tf_yaml_read_real_in (r, -1e18, FALSE, 1e18, tf_objective_unit (o),
                            &l->c->reference_point[o]);
    }
  tf_yaml_mapping_clear (&m);
  return r->error == NULL;
}

static gboolean
read_parallel_workers (TfYamlReader      *r,
                       const TfYamlKeyAt *at)
{
  TfSearchConfig *c = at->field;
  guint64 v;

  if (!tf_yaml_read_uint_in (r, 0, 1024, "0 uses every core", &v))
    return FALSE;
  c->threads = (guint) v;
  return TRUE;
}

static const TfYamlKey search_keys[] = {
  TF_YAML_KEY_CHOICE ("algorithm", TfSearchConfig, algorithm, tf_search_algorithm_names),
  TF_YAML_KEY_GUINT ("population_size", TfSearchConfig, population_size, 4,
                     TF_SEARCH_MAX_POPULATION),
  TF_YAML_KEY_GUINT ("generations", TfSearchConfig, generations, 1, TF_SEARCH_MAX_GENERATIONS),
  TF_YAML_KEY_CALL ("parallel_workers", read_parallel_workers),
  TF_YAML_KEY_UINT64 ("seed", TfSearchConfig, seed, 0, G_MAXUINT64, NULL),
  TF_YAML_KEY_CALL ("reference_point", read_reference_point),
  TF_YAML_KEY_GUINT ("front_max", TfSearchConfig, front_max, 0, TF_SEARCH_MAX_POPULATION),
  TF_YAML_KEY_CHOICE ("baseline_edits", TfSearchConfig, baseline_edits,
                      tf_baseline_edits_names),
};

static gboolean
read_search (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  TfSearchConfig *c = at->field;
  TfMark start;

  if (!tf_yaml_read_keys (r, search_keys, G_N_ELEMENTS (search_keys), c, at->data, NULL, NULL,
                          &start))
    return FALSE;
  if ((guint64) c->population_size * c->generations > MAX_EVALUATIONS)
    return tf_yaml_reader_fail_at (r, start, "population_size * generations = %u * %u = %"
                                   G_GUINT64_FORMAT " evaluations; the limit is %"
                                   G_GUINT64_FORMAT, c->population_size, c->generations,
                                   (guint64) c->population_size * c->generations,
                                   MAX_EVALUATIONS);
  return TRUE;
}

static gboolean
read_stage_1 (TfYamlReader      *r,
              const TfYamlKeyAt *at)
{
  g_autofree char *text = NULL;
  TfMark mark = tf_yaml_reader_mark (r);

  if (!tf_yaml_read_string (r, 64, &text))
    return FALSE;
  if (strcmp (text, "math_alpha_beta") != 0)
    return tf_yaml_reader_fail_at (r, mark, "'%s' must be math_alpha_beta: the alpha-beta "
                                   "model is Topoforge's only Stage 1 evaluator", text);
  return TRUE;
}

static gboolean
read_stage_2 (TfYamlReader      *r,
              const TfYamlKeyAt *at)
{
  TfSearchConfig *c = at->field;
  TfMark mark = tf_yaml_reader_mark (r);
  guint choice;

  if (!tf_yaml_read_choice (r, tf_stage_2_names, &choice))
    return FALSE;
  c->stage_2 = (TfStage2) choice;
  if (c->stage_2 == TF_STAGE_2_G5_SIMULATION)
    g_ptr_array_add (c->warnings,
                     g_strdup_printf ("%s:%u:%u: field '%s': g5_simulation is the spec's "
                                      "flow-level Stage 2; Topoforge's is SimGrid's (stage_2: "
                                      "simgrid), which simulates the front where its helper is "
                                      "built; else Stage 2 is skipped and Layer 3 keeps the "
                                      "alpha-beta iteration model", r->file, mark.line,
                                      mark.column, r->path->str));
  return TRUE;
}

static const TfYamlKey evaluator_keys[] = {
  TF_YAML_KEY_CALL ("stage_1", read_stage_1),
  TF_YAML_KEY_CALL ("stage_2", read_stage_2),
  TF_YAML_KEY_REAL_IN ("pareto_threshold", TfSearchConfig, pareto_threshold, 0, TRUE, 1, NULL),
  TF_YAML_KEY_CHOICE ("failures", TfSearchConfig, failures, tf_failures_names),
  TF_YAML_KEY_REAL_IN ("disconnected_penalty_hops", TfSearchConfig, disconnected_penalty_hops,
                       1, FALSE, 1e9, "hops"),
};

static gboolean
read_n_chip (TfYamlReader      *r,
             const TfYamlKeyAt *at)
{
  Loader *l = at->data;
  guint64 v;

  l->has_n_chip = TRUE;
  l->n_chip_mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_read_uint_in (r, 2, MAX_N_CHIP, "the optimizer's limit is 65536 chips", &v))
    return FALSE;
  l->c->n_chip = (guint) v;
  return TRUE;
}

static gboolean
read_workloads (TfYamlReader      *r,
                const TfYamlKeyAt *at)
{
  return tf_config_read_workloads (at->data, at->name, at->mark);
}

static gboolean
read_cost (TfYamlReader      *r,
           const TfYamlKeyAt *at)
{
  Loader *l = at->data;

  return tf_price_sheet_read (r, &l->sheet, FALSE);
}

static const TfYamlKey top_keys[] = {
  TF_YAML_KEY_CALL ("n_chip", read_n_chip),
  TF_YAML_KEY_CALL ("workload", read_workloads),
  TF_YAML_KEY_CALL ("workloads", read_workloads),
  TF_YAML_KEY_MAP_AT ("hardware_constraints", hardware_keys, TfSearchConfig, hardware),
  TF_YAML_KEY_CALL ("objectives", read_objectives),
  TF_YAML_KEY_CALL ("generators", read_generators),
  TF_YAML_KEY_CALL ("search", read_search),
  TF_YAML_KEY_MAP ("evaluator", evaluator_keys),
  TF_YAML_KEY_CALL ("cost", read_cost),
};

static gboolean
read_document (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfMark start;

  if (!tf_yaml_reader_begin_document (r))
    return FALSE;
  l->root_mark = tf_yaml_reader_mark (r);
  if (!tf_yaml_read_keys (r, top_keys, G_N_ELEMENTS (top_keys), l->c, l, NULL, NULL, &start))
    return FALSE;
  if (!l->has_n_chip)
    return tf_yaml_reader_fail_at (r, start, "n_chip is required");
  if (l->workload_key == NULL)
    return tf_yaml_reader_fail_at (r, start, "a workload is required (workload: or "
                                   "workloads:)");
  g_assert (r->event.type == YAML_DOCUMENT_END_EVENT);
  if (!tf_yaml_reader_next (r))
    return FALSE;
  if (r->event.type != YAML_STREAM_END_EVENT)
    return tf_yaml_reader_fail (r, "a second YAML document; a search configuration holds one");
  return TRUE;
}

/* Checks that join parts of the file, and what is derived from it */

/* The chip's figures the file did not give (NAN while it is read), from its preset or the
 * generic chip's. */
static void
fill_chip (TfHardwareConstraints *hw)
{
  const TfChipDefaults *chip = &(hw->chip ? hw->chip : tf_chip_presets_get (0))->chip;

  if (isnan (hw->nic_bandwidth_gbps))
    hw->nic_bandwidth_gbps = chip->nic_gbps;
  if (isnan (hw->c2c_bandwidth_gbps))
    hw->c2c_bandwidth_gbps = chip->scale_up_gbps;
  if (isnan (hw->chip_power_w))
    hw->chip_power_w = chip->power_w;
  if (isnan (hw->host_power_w))
    hw->host_power_w = chip->host_w;
}

/* The context's budgets from the hardware, as enumerate reads them (docs/spec-notes.md,
 * "Budgets" and "Rack power"): the chip's preset (its scale-up ports), c2c_bandwidth a chip's
 * chip-to-chip bandwidth in all, shared by its chip-to-chip links on the board and off it;
 * nic_bandwidth each NIC port's, and the switch ports match it; the chip's and its host's
 * power, and the rack's budget. */
static void
set_context_links (TfSearchConfig *c)
{
  const TfHardwareConstraints *hw = &c->hardware;

  c->context.chip = (hw->chip ? hw->chip : tf_chip_presets_get (0))->chip;
  c->context.chip.scale_up_gbps = hw->c2c_bandwidth_gbps;
  c->context.chip.nic_gbps = hw->nic_bandwidth_gbps;
  c->context.chip.power_w = hw->chip_power_w;
  c->context.chip.host_w = hw->host_power_w;
  c->context.rack.power_kw = hw->rack_power_kw;
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    c->context.defaults[t].latency_ns = hw->link_latency_us * 1000;
  /* Boards of scale-up switches use every on-board link a chip has. */
  if (hw->on_board_links_per_chip >= 1)
    c->context.scale_up.links_per_chip = MIN (hw->on_board_links_per_chip, TF_CHIP_RADIX_MAX);
}

static gboolean
finish (Loader *l)
{
  TfYamlReader *r = &l->r;
  TfSearchConfig *c = l->c;
  TfHardwareConstraints *hw = &c->hardware;
  g_autoptr(GError) error = NULL;
  guint missing;

  fill_chip (hw);
  if (!tf_config_finish_manual (l))
    return FALSE;
  for (guint i = 0; i < c->n_workloads; i++)
    if (!tf_config_finish_workload (l, i))
      return FALSE;

  if (!tf_config_resolve_switch_prices (&l->sheet, hw, &c->prices, &missing))
    {
      g_autoptr(GString) priced = g_string_new (NULL);

      for (guint i = 0; i < l->sheet.n_switch; i++)
        g_string_append_printf (priced, "%s%u", i ? ", " : "", l->sheet.switch_radix[i]);
      if (l->has_radix_options)
        {
          g_autofree char *path = g_strdup_printf ("hardware_constraints."
                                                   "switch_radix_options[%u]", missing);

          return tf_yaml_reader_fail_field (r, l->radix_marks[missing], path,
                                            "radix %u has no switch price; give one under "
                                            "cost.prices.switch (priced: %s)",
                                            hw->radix_options[missing], priced->str);
        }
      return tf_yaml_reader_fail_field (r, l->root_mark, "hardware_constraints",
                                        "radix %u has no switch price; give one under "
                                        "cost.prices.switch (priced: %s)",
                                        hw->radix_options[missing], priced->str);
    }
  c->prices.port_gbps = l->sheet.base.port_gbps;
  c->prices.nic_port = l->sheet.base.nic_port;
  c->prices.pcb_link = l->sheet.base.pcb_link;
  c->prices.scale_up_switch = l->sheet.base.scale_up_switch;
  c->prices.copper_link = l->sheet.base.copper_link;
  c->prices.optical_link_fixed = l->sheet.base.optical_link_fixed;
  c->prices.optical_link_per_m = l->sheet.base.optical_link_per_m;
  c->floor = l->sheet.floor;

  if (!c->family_enabled && !(c->template_enabled && c->template_initial > 0)
      && c->n_manual_files == 0)
    return tf_yaml_reader_fail_field (r, l->family_enabled_mark, "generators.family.enabled",
                                      "the family generator makes the initial population and "
                                      "the search has no other (unless "
                                      "generators.generic_template is enabled with initial "
                                      "points, or generators.manual names files): it must be "
                                      "enabled");

  if (hw->nic_ports_per_chip > hw->off_board_ports_per_chip)
    return tf_yaml_reader_fail_field (r, l->root_mark, "hardware_constraints.nic_ports_per_chip",
                                      "%u NIC ports do not fit in %u off-board ports per chip "
                                      "(off_board_ports_per_chip)", hw->nic_ports_per_chip,
                                      hw->off_board_ports_per_chip);
  if (c->disconnected_penalty_hops == 0)
    c->disconnected_penalty_hops = c->n_chip;

  /* A reference point must be worse than the ideal, or the box is empty. */
  {
    double ideal[TF_N_OBJECTIVES], reference[TF_N_OBJECTIVES];

    tf_search_config_get_box (c, ideal, reference);
    for (guint k = 0; k < c->n_objectives; k++)
      if (!(reference[k] > ideal[k]))
        {
          TfObjective o = c->objectives[k];
          const char *name = tf_objective_to_string (o);
          g_autofree char *path = NULL;

          if (!isnan (c->reference_point[o]))
            {
              path = g_strdup_printf ("search.reference_point.%s", name);
              return tf_yaml_reader_fail_field (r, l->reference_marks[o], path, "%.6g %s is not "
                                                "worse than the best any network can do, %.6g %s",
                                                tf_objective_value (o, reference[k]),
                                                tf_objective_unit (o),
                                                tf_objective_value (o, ideal[k]),
                                                tf_objective_unit (o));
            }
          /* Derived, so the file has no such key: name the objective it derives for, and what
           * it derives from (issue 34). */
          path = g_strdup_printf ("objectives[%u]", k);
          return tf_yaml_reader_fail_field (r, l->has_objectives ? l->objectives_mark
                                                                 : l->root_mark,
                                            l->has_objectives ? path : "objectives",
                                            "%s's reference point, derived %s, is %.6g %s, not "
                                            "worse than the best any network can do, %.6g %s: "
                                            "give search.reference_point.%s", name,
                                            o == TF_OBJECTIVE_NETWORK_COST
                                              ? "from hardware_constraints.budget_usd or from "
                                                "the prices (a fat-tree's cost per chip, which "
                                                "prices of 0 make 0)"
                                              : "from the configuration (docs/optimizer.md, "
                                                "\"Hypervolume\")",
                                            tf_objective_value (o, reference[k]),
                                            tf_objective_unit (o),
                                            tf_objective_value (o, ideal[k]),
                                            tf_objective_unit (o), name);
        }
  }

  /* The enumeration context */
  c->context.n_chip = c->n_chip;
  set_context_links (c);
  if (!tf_context_validate (&c->context, &error))
    return tf_yaml_reader_fail_field (r, l->has_family_block ? l->family_mark : l->root_mark,
                                      "generators.family", "%s", error->message);

  return TRUE;
}

/* Defaults: the spec's example search without its workload (docs/optimizer.md). */
static void
config_defaults (TfSearchConfig  *c,
                 const TfPriceSheet *sheet)
{
  static const guint radix_options[] = { 32, 64, 128 };
  TfHardwareConstraints *hw = &c->hardware;
  TfContext ctx;
  guint missing;

  memset (c, 0, sizeof *c);
  tf_context_init (&ctx);

  hw->chip = NULL;
  hw->nic_bandwidth_gbps = ctx.chip.nic_gbps;
  hw->c2c_bandwidth_gbps = ctx.chip.scale_up_gbps;
  hw->chip_power_w = ctx.chip.power_w;
  hw->host_power_w = ctx.chip.host_w;
  hw->rack_power_kw = ctx.rack.power_kw;
  hw->n_radix_options = G_N_ELEMENTS (radix_options);
  memcpy (hw->radix_options, radix_options, sizeof radix_options);
  hw->link_latency_us = 1.0;
  hw->max_optical_cable_length_m = 50;
  hw->budget_usd = 0;
  hw->nic_ports_per_chip = 1;
  hw->on_board_links_per_chip = 18;
  hw->off_board_ports_per_chip = 6;

  c->prices = sheet->base;
  if (!tf_config_resolve_switch_prices (sheet, hw, &c->prices, &missing))
    g_error ("built-in data/prices.yaml has no price for the default radix %u",
             hw->radix_options[missing]);
  c->floor = sheet->floor;

  c->n_objectives = 3;
  c->objectives[0] = TF_OBJECTIVE_ITER_TIME;
  c->objectives[1] = TF_OBJECTIVE_NETWORK_COST;
  c->objectives[2] = TF_OBJECTIVE_APL_FAIL_EXCESS;

  c->family_enabled = TRUE;
  c->family_edge_cases = TRUE;
  c->family_stage_0 = TRUE;
  c->family_stage_0_max = 100000;
  all_families (c);
  /* Every board of linked chips; scale-up switches (switch) only when named, since their
   * links and ports come from defaults.scale_up rather than the hardware sheet
   * (docs/spec-notes.md). */
  c->intra_board_topos = (1u << TF_INTRA_BOARD_SWITCH) - 1;
  c->n_chips_per_board = 0;
  c->context = ctx;
  c->context.scope = TF_SCOPE_INTER_RACK;
  set_context_links (c);
  c->mutator_enabled = TRUE;
  c->operators = TF_MUTATIONS_DEFAULT;
  c->edits_per_child = 1;
  c->mutation_rate = 0.8;
  c->template_enabled = FALSE;
  c->template_initial = 16;
  c->template_rate = 0.5;
  c->template_crossover_rate = 0.5;
  c->crossover_enabled = FALSE;
  c->crossover_rate = 0.3;

  c->algorithm = TF_SEARCH_NSGA2;
  c->population_size = 200;
  c->generations = 100;
  c->threads = 0;
  c->seed = 1;
  c->front_max = 40;
  for (guint i = 0; i < TF_N_OBJECTIVES; i++)
    c->reference_point[i] = NAN;

  c->stage_2 = TF_STAGE_2_NONE;
  c->pareto_threshold = 0.05;
  c->failures = TF_FAILURES_SWITCHES;
  c->disconnected_penalty_hops = 0;   /* set to n_chip when the document is read */
  c->warnings = g_ptr_array_new_with_free_func (g_free);
}

void
tf_search_config_init (TfSearchConfig *config)
{
  TfPriceSheet sheet;

  g_return_if_fail (config != NULL);

  tf_price_sheet_builtin (&sheet);
  config_defaults (config, &sheet);
}

void
tf_search_config_clear (TfSearchConfig *config)
{
  g_return_if_fail (config != NULL);

  g_free (config->file);
  for (guint i = 0; i < TF_SEARCH_MAX_WORKLOADS; i++)
    {
      g_free (config->workloads[i].name);
      g_free (config->workloads[i].model);
    }
  for (guint i = 0; i < config->n_manual_files; i++)
    g_free (config->manual_files[i]);
  if (config->warnings != NULL)
    g_ptr_array_unref (config->warnings);
  memset (config, 0, sizeof *config);
}

void
tf_search_config_copy (const TfSearchConfig *src,
                       TfSearchConfig       *dest)
{
  g_return_if_fail (src != NULL && dest != NULL && src != dest);

  memcpy (dest, src, sizeof *dest);
  dest->file = g_strdup (src->file);
  for (guint i = 0; i < TF_SEARCH_MAX_WORKLOADS; i++)
    {
      dest->workloads[i].name = g_strdup (src->workloads[i].name);
      dest->workloads[i].model = g_strdup (src->workloads[i].model);
    }
  for (guint i = 0; i < src->n_manual_files; i++)
    dest->manual_files[i] = g_strdup (src->manual_files[i]);
  dest->warnings = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; src->warnings != NULL && i < src->warnings->len; i++)
    g_ptr_array_add (dest->warnings, g_strdup (g_ptr_array_index (src->warnings, i)));
}

gboolean
tf_search_config_load_data (const char      *name,
                            const char      *data,
                            gsize            length,
                            TfSearchConfig  *out,
                            GError         **error)
{
  Loader l;
  gboolean ok;

  g_return_val_if_fail (name != NULL && (data != NULL || length == 0) && out != NULL, FALSE);

  memset (&l, 0, sizeof l);
  l.c = out;
  tf_price_sheet_builtin (&l.sheet);
  config_defaults (out, &l.sheet);
  /* The chip's figures the file leaves out come from its preset (fill_chip). */
  out->hardware.nic_bandwidth_gbps = out->hardware.c2c_bandwidth_gbps = NAN;
  out->hardware.chip_power_w = out->hardware.host_power_w = NAN;
  out->file = g_strdup (name);
  l.presets = g_array_new (FALSE, TRUE, sizeof (ModelPreset));
  g_array_set_clear_func (l.presets, tf_config_model_preset_clear);
  tf_config_models_builtin (l.presets);

  ok = tf_yaml_reader_init (&l.r, name, (const guchar *) (data ? data : ""), length)
       && read_document (&l)
       && finish (&l);
  if (!ok)
    {
      g_assert (l.r.error != NULL);
      g_propagate_error (error, g_steal_pointer (&l.r.error));
      tf_search_config_clear (out);
    }
  tf_yaml_reader_clear (&l.r);
  g_array_unref (l.presets);
  return ok;
}

/* As tf_topology_load_file: a regular file only (a FIFO or a device never blocks or streams
 * forever), within the size limit, read once. */
gboolean
tf_search_config_load_file (const char      *path,
                            TfSearchConfig  *out,
                            GError         **error)
{
  g_autofree char *data = NULL;
  gsize got = 0;

  g_return_val_if_fail (path != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (!tf_yaml_read_file (path, MAX_CONFIG_BYTES, "a search configuration", &data, &got, error))
    return FALSE;
  return tf_search_config_load_data (path, data, got, out, error);
}
