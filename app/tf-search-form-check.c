/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-search-form-check.c: the search form checked by the engine's own loader. The fields are
 * written over the base configuration with tf_search_config_write_yaml and read back with
 * tf_search_config_load_data; the loader's first fault names a YAML key path, shown on the
 * field that edits it. Text the form parses itself (message sizes, radix options) is checked
 * here first. */
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "tf-form-field.h"
#include "tf-search-form-private.h"

#define CHILD(name) G_STRUCT_OFFSET (TfSearchForm, name)

/* Every YAML key path the loader may blame, in the form's order, with the widget that edits it
 * and the label that shows its message. A path the loader uses for a whole part (the search
 * block's evaluation limit, the workload's model as a whole) points at the field a user would
 * change. */

const TfSearchFormField tf_search_form_fields[] = {
  { "n_chip", CHILD (n_chip), "n_chip_error" },
  { "generators.family.scope", CHILD (scope), "scope_error" },
  { "generators.family.chips_per_board_max", CHILD (chips_per_board_max),
    "chips_per_board_max_error" },
  { "generators.family.chips_per_board", CHILD (chips_per_board_max),
    "chips_per_board_max_error" },
  { "workload.parallelism", CHILD (parallelism_box), "parallelism_error" },
  { "workload.parallelism.tp", CHILD (tp), "parallelism_error" },
  { "workload.parallelism.pp", CHILD (pp), "parallelism_error" },
  { "workload.parallelism.dp", CHILD (dp), "parallelism_error" },
  { "workload.parallelism.ep", CHILD (ep), "parallelism_error" },
  { "workload", CHILD (model), "model_error" },
  { "workload.model", CHILD (model), "model_error" },
  { "workload.compute_time_us", CHILD (compute_time), "compute_time_error" },
  { "workload.message_sizes_bytes", CHILD (message_sizes), "message_sizes_error" },
  { "workload.required_primitives", CHILD (primitives_box), "primitives_box_error" },
  { "hardware_constraints.nic_bandwidth_gb_per_s", CHILD (nic_bandwidth),
    "nic_bandwidth_error" },
  { "hardware_constraints.c2c_bandwidth_gb_per_s", CHILD (c2c_bandwidth),
    "c2c_bandwidth_error" },
  { "hardware_constraints", CHILD (radix_options), "radix_options_error" },
  { "hardware_constraints.switch_radix_options", CHILD (radix_options),
    "radix_options_error" },
  { "hardware_constraints.link_latency_us", CHILD (link_latency), "link_latency_error" },
  { "hardware_constraints.max_optical_cable_length_m", CHILD (max_cable),
    "max_cable_error" },
  { "hardware_constraints.budget_usd", CHILD (budget), "budget_error" },
  { "hardware_constraints.rack_power_kw", CHILD (rack_power), "rack_power_error" },
  { "hardware_constraints.nic_ports_per_chip", CHILD (nic_ports), "nic_ports_error" },
  { "hardware_constraints.on_board_links_per_chip", CHILD (on_board_links),
    "on_board_links_error" },
  { "hardware_constraints.off_board_ports_per_chip", CHILD (off_board_ports),
    "off_board_ports_error" },
  { "objectives", CHILD (objectives_box), "objectives_error" },
  { "search.reference_point", CHILD (objectives_box), "objectives_error" },
  { "generators.family.enabled", CHILD (family_enabled), "family_enabled_error" },
  { "generators.family", CHILD (families_box), "families_box_error" },
  { "generators.family.families", CHILD (families_box), "families_box_error" },
  { "generators.family.edge_cases", CHILD (edge_cases), "edge_cases_error" },
  { "generators.family.intra_board_topo", CHILD (intra_box), "intra_box_error" },
  { "generators.graph_mutator.enabled", CHILD (mutator_enabled),
    "mutator_enabled_error" },
  { "generators.graph_mutator.operators", CHILD (operators_box), "operators_box_error" },
  { "search.algorithm", CHILD (algorithm), "algorithm_error" },
  { "search.population_size", CHILD (population), "population_error" },
  { "search", CHILD (generations), "generations_error" },
  { "search.generations", CHILD (generations), "generations_error" },
  { "search.seed", CHILD (seed), "seed_error" },
  { "search.parallel_workers", CHILD (threads), "threads_error" },
  { "generators.graph_mutator.mutation_rate", CHILD (mutation_rate),
    "mutation_rate_error" },
  { "generators.graph_mutator.edits_per_child", CHILD (edits_per_child),
    "edits_per_child_error" },
  { "generators.generic_template", CHILD (template_enabled), "template_enabled_error" },
  { "generators.graph_crossover", CHILD (crossover_enabled), "crossover_enabled_error" },
  { "generators.manual", CHILD (manual_list), "manual_list_error" },
  { "generators.manual.files", CHILD (manual_list), "manual_list_error" },
  { "evaluator.stage_2", CHILD (stage_2), "stage_2_error" },
};

const guint tf_search_form_n_fields = G_N_ELEMENTS (tf_search_form_fields);


/* Scope and intra-board topology in the order of their drop-down and check buttons. */
static const TfScope scope_items[] = { TF_SCOPE_INTRA_RACK, TF_SCOPE_INTER_RACK };

guint
tf_search_form_field_index (const char *name)
{
  for (guint i = 0; i < tf_search_form_n_fields; i++)
    if (strcmp (tf_search_form_fields[i].name, name) == 0)
      return i;
  return G_MAXUINT;
}

/* The field whose path is the longest prefix of @path at a key boundary; the first workload's
 * path is spelled "workload" whichever form the writer chose. */
static guint
field_for_path (const char *path)
{
  g_autofree char *normal = NULL;
  guint best = G_MAXUINT;
  gsize best_len = 0;

  if (g_str_has_prefix (path, "workloads[0]"))
    normal = g_strconcat ("workload", path + strlen ("workloads[0]"), NULL);
  else if (g_str_has_prefix (path, "workloads["))
    return G_MAXUINT;   /* a workload the form does not show */
  else
    normal = g_strdup (path);

  for (guint i = 0; i < tf_search_form_n_fields; i++)
    {
      gsize len = strlen (tf_search_form_fields[i].name);

      if (len > best_len && strncmp (normal, tf_search_form_fields[i].name, len) == 0
          && (normal[len] == '\0' || normal[len] == '.' || normal[len] == '['))
        {
          best = i;
          best_len = len;
        }
    }
  return best;
}

static guint
read_uint (GtkSpinButton *spin)
{
  double v = gtk_spin_button_get_value (spin);

  return v <= 0 ? 0 : v >= G_MAXUINT ? G_MAXUINT : (guint) v;
}

/* Lists in text: message sizes with binary suffixes, radix options as plain numbers */

#define KIB G_GUINT64_CONSTANT (1024)

static char *
format_size (guint64 bytes)
{
  static const struct { guint64 factor; const char *suffix; } units[] = {
    { KIB * KIB * KIB, "G" }, { KIB * KIB, "M" }, { KIB, "k" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (bytes > 0 && bytes % units[i].factor == 0)
      return g_strdup_printf ("%" G_GUINT64_FORMAT "%s", bytes / units[i].factor,
                              units[i].suffix);
  return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
}

/* "1M", "16 MiB", "4096", "64k", "1 GB": binary multiples, as message sizes are. */
static gboolean
parse_size (const char *text,
            guint64    *out)
{
  char *end = NULL;
  guint64 v, factor = 1;

  if (!g_ascii_isdigit (*text))
    return FALSE;
  v = g_ascii_strtoull (text, &end, 10);
  while (*end == ' ')
    end++;
  switch (*end)
    {
    case 'k': case 'K': factor = KIB; end++; break;
    case 'm': case 'M': factor = KIB * KIB; end++; break;
    case 'g': case 'G': factor = KIB * KIB * KIB; end++; break;
    default: break;
    }
  if (factor > 1 && *end == 'i')
    end++;
  if (*end == 'B' || *end == 'b')
    end++;
  if (*end != '\0' || v > G_MAXUINT64 / factor)
    return FALSE;
  *out = v * factor;
  return TRUE;
}

static gboolean
parse_guint_item (const char *text,
                  guint64    *out)
{
  return g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, out, NULL);
}

/* A comma-separated list into @values; on a bad item, a message for the field. */
static char *
parse_list (const char *text,
            gboolean  (*parse_item) (const char *, guint64 *),
            guint       max_items,
            guint64    *values,
            guint      *n_values,
            const char *what_hint)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);
  guint n = 0;

  for (guint i = 0; items[i] != NULL; i++)
    {
      char *item = g_strstrip (items[i]);

      if (*item == '\0')
        continue;
      if (n == max_items)
        return g_strdup_printf (_("at most %u values"), max_items);
      if (!parse_item (item, &values[n]))
        /* TRANSLATORS: %s is what the user typed, then a hint at what the list takes. */
        return g_strdup_printf (_("“%s” is not %s"), item, what_hint);
      n++;
    }
  *n_values = n;
  return NULL;
}

char *
tf_search_form_format_sizes (const TfWorkload *w)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < w->n_message_sizes; i++)
    {
      g_autofree char *size = format_size (w->message_sizes[i]);

      g_string_append_printf (text, "%s%s", i ? ", " : "", size);
    }
  return g_strdup (text->str);
}

char *
tf_search_form_format_radixes (const TfHardwareConstraints *hw)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < hw->n_radix_options; i++)
    g_string_append_printf (text, "%s%u", i ? ", " : "", hw->radix_options[i]);
  return g_strdup (text->str);
}

/* The checked items of a table in order: the base's order for those it lists when that order
 * is not the table's (the file chose it), then the others in table order. */
static guint
checked_in_order (GtkCheckButton **checks,
                  guint            n_checks,
                  const guint     *base,
                  guint            n_base,
                  guint           *out)
{
  gboolean ascending = TRUE;
  g_autofree gboolean *taken = g_new0 (gboolean, n_checks);
  guint n = 0;

  for (guint i = 1; i < n_base; i++)
    ascending &= base[i - 1] < base[i];
  if (!ascending)
    for (guint i = 0; i < n_base; i++)
      if (base[i] < n_checks && !taken[base[i]] && gtk_check_button_get_active (checks[base[i]]))
        {
          taken[base[i]] = TRUE;
          out[n++] = base[i];
        }
  for (guint i = 0; i < n_checks; i++)
    if (!taken[i] && gtk_check_button_get_active (checks[i]))
      out[n++] = i;
  return n;
}

static guint
checked_bits (GtkCheckButton **checks,
              guint            n_checks)
{
  guint bits = 0;

  for (guint i = 0; i < n_checks; i++)
    if (gtk_check_button_get_active (checks[i]))
      bits |= 1u << i;
  return bits;
}

void
tf_search_form_set_bits (GtkCheckButton **checks,
                         guint            n_checks,
                         guint            bits)
{
  for (guint i = 0; i < n_checks; i++)
    gtk_check_button_set_active (checks[i], (bits & (1u << i)) != 0);
}

guint
tf_search_form_family_index (const TfFamily *family)
{
  for (guint i = 0; i < tf_families_get_count (); i++)
    if (tf_families_get (i) == family)
      return i;
  return G_MAXUINT;
}

guint
tf_search_form_n_models (TfSearchForm *self)
{
  return g_strv_length (self->models);
}

static void
set_message (TfSearchForm *self,
             const char   *field,
             char         *message)
{
  guint i = tf_search_form_field_index (field);

  g_assert (i < tf_search_form_n_fields);
  g_free (self->messages[i]);
  self->messages[i] = message;
}

/* The Stage 2 check shows what the engine does with @config's evaluator.stage_2
 * (tf_stage_2_simulator_for): ticked for simgrid (asked for, even where its simulator is
 * missing: the check then says why), and for the spec's g5_simulation where the simulator is
 * found, which then runs SimGrid's Stage 2. */
gboolean
tf_search_form_stage_2_ticked (const TfSearchConfig *config)
{
  g_autofree char *simulator = NULL;

  tf_stage_2_simulator_for (config, &simulator, NULL);
  return config->stage_2 == TF_STAGE_2_SIMGRID || simulator != NULL;
}

/* The configuration the fields describe over the base, unchecked; text the form cannot read
 * leaves the base's value and a message on its field. */
void
tf_search_form_build_config (TfSearchForm   *self,
                             TfSearchConfig *out)
{
  TfWorkload *w;
  TfHardwareConstraints *hw;
  guint64 values[MAX (TF_SEARCH_MAX_MESSAGE_SIZES, TF_SEARCH_MAX_RADIX_OPTIONS)];
  guint indices[MAX (TF_N_OBJECTIVES, G_N_ELEMENTS (out->families))];
  guint base_indices[G_N_ELEMENTS (out->families)];
  guint n, scope, model;
  char *why;

  g_assert (TF_IS_SEARCH_FORM (self));

  tf_search_config_copy (&self->base, out);
  w = &out->workloads[0];
  hw = &out->hardware;

  out->n_chip = read_uint (self->n_chip);
  scope = gtk_drop_down_get_selected (self->scope);
  if (scope < G_N_ELEMENTS (scope_items))
    out->context.scope = scope_items[scope];
  out->context.chips_per_board_max = read_uint (self->chips_per_board_max);

  w->tp = read_uint (self->tp);
  w->pp = read_uint (self->pp);
  w->dp = read_uint (self->dp);
  w->ep = read_uint (self->ep);
  /* A preset's model keys were put in the base when it was chosen (model_selected). */
  model = gtk_drop_down_get_selected (self->model);
  if (model >= tf_search_form_n_models (self))
    {
      g_clear_pointer (&w->model, g_free);
      w->compute_time_us = gtk_spin_button_get_value (self->compute_time);
      w->compute_time_given = TRUE;
    }
  why = parse_list (gtk_editable_get_text (GTK_EDITABLE (self->message_sizes)), parse_size,
                    TF_SEARCH_MAX_MESSAGE_SIZES, values, &n,
                    _("a size: give bytes, or a number with k, M or G (1M = 1048576 bytes)"));
  if (why == NULL)
    {
      w->n_message_sizes = n;
      memcpy (w->message_sizes, values, n * sizeof values[0]);
    }
  set_message (self, "workload.message_sizes_bytes", why);
  w->primitives = checked_bits (self->primitive_checks, TF_N_PRIMITIVES);

  hw->nic_bandwidth_gbps = gtk_spin_button_get_value (self->nic_bandwidth);
  hw->c2c_bandwidth_gbps = gtk_spin_button_get_value (self->c2c_bandwidth);
  why = parse_list (gtk_editable_get_text (GTK_EDITABLE (self->radix_options)), parse_guint_item,
                    TF_SEARCH_MAX_RADIX_OPTIONS, values, &n, _("a number of switch ports"));
  if (why == NULL)
    {
      hw->n_radix_options = n;
      for (guint i = 0; i < n; i++)
        hw->radix_options[i] = (guint) values[i];
    }
  set_message (self, "hardware_constraints.switch_radix_options", why);
  hw->link_latency_us = gtk_spin_button_get_value (self->link_latency);
  hw->max_optical_cable_length_m = gtk_spin_button_get_value (self->max_cable);
  hw->budget_usd = gtk_spin_button_get_value (self->budget);
  hw->rack_power_kw = gtk_spin_button_get_value (self->rack_power);
  hw->nic_ports_per_chip = read_uint (self->nic_ports);
  hw->on_board_links_per_chip = read_uint (self->on_board_links);
  hw->off_board_ports_per_chip = read_uint (self->off_board_ports);

  for (guint i = 0; i < self->base.n_objectives; i++)
    base_indices[i] = self->base.objectives[i];
  out->n_objectives = checked_in_order (self->objective_checks, TF_N_OBJECTIVES, base_indices,
                                        self->base.n_objectives, indices);
  for (guint i = 0; i < out->n_objectives; i++)
    out->objectives[i] = (TfObjective) indices[i];

  out->family_enabled = gtk_check_button_get_active (self->family_enabled);
  for (guint i = 0; i < self->base.n_families; i++)
    base_indices[i] = tf_search_form_family_index (self->base.families[i]);
  out->n_families = checked_in_order (self->family_checks,
                                      MIN (tf_families_get_count (), G_N_ELEMENTS (out->families)),
                                      base_indices, self->base.n_families, indices);
  for (guint i = 0; i < out->n_families; i++)
    out->families[i] = tf_families_get (indices[i]);
  /* The engine reads no families as all of them; a form with every box clear means none. */
  set_message (self, "generators.family.families",
               out->n_families == 0 ? g_strdup (_("choose at least one family")) : NULL);
  out->family_edge_cases = gtk_check_button_get_active (self->edge_cases);
  out->intra_board_topos = checked_bits (self->intra_checks, TF_N_INTRA_BOARD_TOPOS);
  /* The context keeps the first topology of the file's list while it stays ticked. */
  if (out->intra_board_topos != 0
      && !(out->intra_board_topos & (1u << out->context.intra_board_topo)))
    out->context.intra_board_topo = (TfIntraBoardTopo) g_bit_nth_lsf (out->intra_board_topos, -1);
  out->mutator_enabled = gtk_check_button_get_active (self->mutator_enabled);
  out->operators = checked_bits (self->operator_checks, TF_N_MUTATIONS);
  out->mutation_rate = gtk_spin_button_get_value (self->mutation_rate);
  out->edits_per_child = read_uint (self->edits_per_child);
  out->template_enabled = gtk_check_button_get_active (self->template_enabled);
  out->crossover_enabled = gtk_check_button_get_active (self->crossover_enabled);
  /* Ticked: SimGrid; cleared: none; unless the base already does what the check says, as the
   * spec's g5_simulation does (kept, and warned): SimGrid's Stage 2 where it is found, else
   * none. */
  if (gtk_check_button_get_active (self->stage_2) != tf_search_form_stage_2_ticked (out))
    out->stage_2 = gtk_check_button_get_active (self->stage_2) ? TF_STAGE_2_SIMGRID
                                                               : TF_STAGE_2_NONE;

  out->algorithm = gtk_drop_down_get_selected (self->algorithm) == 1 ? TF_SEARCH_RANDOM
                                                                     : TF_SEARCH_NSGA2;
  out->population_size = read_uint (self->population);
  out->generations = read_uint (self->generations);
  out->seed = (guint64) gtk_spin_button_get_value (self->seed);
  out->threads = read_uint (self->threads);
}

/* The name the text is read under: the file's, or one beside the current folder. Absolute
 * either way: the loader reads generators.manual.files relative to the configuration's folder,
 * and takes no relative folder (GLib's g_canonicalize_filename). */
static char *
dup_loader_name (TfSearchForm *self)
{
  const char *path = self->file != NULL ? g_file_peek_path (self->file) : NULL;
  g_autofree char *cwd = NULL;

  if (path != NULL)
    return g_strdup (path);
  cwd = g_get_current_dir ();
  return g_build_filename (cwd, UNSAVED_NAME, NULL);
}

/* Writes @config and reads it back with the engine's loader into @out. */
gboolean
tf_search_form_round_trip (TfSearchForm         *self,
                           const TfSearchConfig *config,
                           TfSearchConfig       *out,
                           GError              **error)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *name = dup_loader_name (self);

  if (!tf_search_config_write_yaml (config, text, error))
    return FALSE;
  return tf_search_config_load_data (name, text->str, text->len, out, error);
}

/* The loader's "FILE:LINE:COLUMN: field 'PATH': WHAT" on the field PATH names: WHAT on a field
 * of the form (the line of a text nobody sees means nothing), "field 'PATH': WHAT" above the
 * form when no field edits PATH. */
static void
blame (TfSearchForm *self,
       const char   *message)
{
  const char *field = strstr (message, "field '");
  const char *path, *end;
  g_autofree char *key = NULL;
  guint i;

  if (field == NULL || (end = strstr (field + 7, "': ")) == NULL)
    {
      self->form_message = g_strdup (message);
      return;
    }
  path = field + 7;
  key = g_strndup (path, end - path);
  i = field_for_path (key);
  if (i >= tf_search_form_n_fields)
    {
      self->form_message = g_strdup (field);
      return;
    }
  g_free (self->messages[i]);
  self->messages[i] = g_strdup (end + 3);
}

/* Several paths share a widget or a label (the parallelism's four degrees): each shows every
 * message it holds. */
static void
show_messages (TfSearchForm *self)
{
  g_autoptr(GHashTable) texts = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) bad = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < tf_search_form_n_fields; i++)
    {
      GtkWidget *label = self->error_labels[i];
      GtkWidget *field = TF_SEARCH_FORM_FIELD_WIDGET (self, &tf_search_form_fields[i]);
      const char *old = g_hash_table_lookup (texts, label);

      if (self->messages[i] == NULL)
        {
          if (old == NULL)
            g_hash_table_insert (texts, label, g_strdup (""));
          continue;
        }
      g_hash_table_insert (texts, label, old != NULL && *old != '\0'
                           ? g_strconcat (old, "\n", self->messages[i], NULL)
                           : g_strdup (self->messages[i]));
      if (!g_hash_table_contains (bad, field))
        g_hash_table_insert (bad, field, self->messages[i]);
    }
  for (guint i = 0; i < tf_search_form_n_fields; i++)
    {
      GtkWidget *widget = TF_SEARCH_FORM_FIELD_WIDGET (self, &tf_search_form_fields[i]);
      GtkWidget *label = self->error_labels[i];
      const char *text = g_hash_table_lookup (texts, label);

      tf_form_field_set_invalid (widget, g_hash_table_lookup (bad, widget));
      gtk_label_set_text (GTK_LABEL (label), text);
      gtk_widget_set_visible (label, *text != '\0');
    }
  gtk_label_set_text (GTK_LABEL (self->form_error),
                      self->form_message ? self->form_message : "");
  gtk_widget_set_visible (self->form_error, self->form_message != NULL);
}

/* Checks the form with the engine's loader and shows what is wrong where it is wrong. */
gboolean
tf_search_form_check (TfSearchForm *self)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchConfig) loaded = { 0 };
  g_autoptr(GError) error = NULL;
  gboolean valid = TRUE;

  g_assert (TF_IS_SEARCH_FORM (self));

  for (guint i = 0; i < tf_search_form_n_fields; i++)
    g_clear_pointer (&self->messages[i], g_free);
  g_clear_pointer (&self->form_message, g_free);

  tf_search_form_build_config (self, &config);
  if (!tf_search_form_round_trip (self, &config, &loaded, &error))
    blame (self, error->message);
  else if (loaded.workloads[0].model != NULL)
    {
      /* A preset's compute time is derived: show what the engine derives. */
      self->updating++;
      gtk_spin_button_set_value (self->compute_time, loaded.workloads[0].compute_time_us);
      self->updating--;
    }

  for (guint i = 0; i < tf_search_form_n_fields; i++)
    valid &= self->messages[i] == NULL;
  valid &= self->form_message == NULL;
  show_messages (self);
  return valid;
}
