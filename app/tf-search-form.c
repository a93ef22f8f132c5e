/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-search-form.c: the search-configuration form.
 *
 * The form holds a copy of the configuration it was given (base) and edits only the fields a
 * user sets a run up with; the rest (further workloads, prices, the floor plan, the reference
 * point, the evaluator's keys) rides along unchanged. Validation is the engine's own: the
 * fields and the base are written with tf_search_config_write_yaml and read back with
 * tf_search_config_load_data, so the form accepts exactly what `topoforge-cli optimize
 * --config` accepts. The loader stops at the first fault and names it by its YAML key path
 * ("field 'workload.parallelism': ..."); the path is mapped to the widget that edits it. Text
 * the form parses itself (message sizes, radix options) is checked here first.
 */
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "tf-search-form.h"

/* What a fresh form holds: the engine's defaults with a run that finishes in well under a minute
 * on two cores (the shape of data/examples/search-small.yaml, read by the same loader). */
static const char fresh_config[] =
  "n_chip: 64\n"
  "workload:\n"
  "  model: test-small\n"
  "  parallelism: {tp: 4, pp: 2, dp: 8}\n"
  "search: {population_size: 24, generations: 10}\n";

/* The name a configuration without a file is read under (its messages' FILE part, not shown). */
#define UNSAVED_NAME "search-config.yaml"

struct _TfSearchForm
{
  GtkWidget      parent_instance;

  /* template children (the error labels are found through field_defs) */
  GtkWidget      *form_error, *more_workloads;
  GtkSpinButton  *n_chip, *chips_per_board_max;
  GtkDropDown    *scope;
  GtkWidget      *parallelism_box;
  GtkSpinButton  *tp, *pp, *dp, *ep, *compute_time;
  GtkDropDown    *model;
  GtkEntry       *message_sizes;
  GtkWidget      *primitives_box;
  GtkSpinButton  *nic_bandwidth, *c2c_bandwidth, *link_latency, *max_cable, *budget;
  GtkSpinButton  *nic_ports, *on_board_links, *off_board_ports;
  GtkEntry       *radix_options;
  GtkWidget      *objectives_box;
  GtkCheckButton *family_enabled, *edge_cases, *mutator_enabled;
  GtkWidget      *families_box, *intra_box, *operators_box;
  GtkDropDown    *algorithm;
  GtkSpinButton  *population, *generations, *seed, *threads, *mutation_rate;

  /* check buttons built from the engine's tables */
  GtkCheckButton *primitive_checks[TF_N_PRIMITIVES];
  GtkCheckButton *objective_checks[TF_N_OBJECTIVES];
  GtkCheckButton **family_checks;      /* registry order */
  GtkCheckButton *intra_checks[TF_N_INTRA_BOARD_TOPOS];
  GtkCheckButton *operator_checks[TF_N_MUTATIONS];

  GStrv           models;              /* the presets; the drop-down's last item is Custom */
  TfSearchConfig  base;
  GFile          *file;
  GtkWidget     **error_labels;        /* per field_defs row */
  char          **messages;            /* per field_defs row */
  char           *form_message;        /* a fault no field of the form edits */
  guint           updating;
  gboolean        valid;
};

G_DEFINE_FINAL_TYPE (TfSearchForm, tf_search_form, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_VALID,
  PROP_FILE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

#define CHILD(name) G_STRUCT_OFFSET (TfSearchForm, name)

/* Every YAML key path the loader may blame, in the form's order, with the widget that edits it
 * and the label that shows its message. A path the loader uses for a whole part (the search
 * block's evaluation limit, the workload's model as a whole) points at the field a user would
 * change. */
typedef struct
{
  const char *name;
  gsize       widget;
  const char *error;   /* the template id of the label under the widget */
} FieldDef;

static const FieldDef field_defs[] = {
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
};

#define FIELD_WIDGET(self, def) G_STRUCT_MEMBER (GtkWidget *, (self), (def)->widget)

/* Scope and intra-board topology in the order of their drop-down and check buttons. */
static const TfScope scope_items[] = { TF_SCOPE_INTRA_RACK, TF_SCOPE_INTER_RACK };
static const char *const intra_labels[TF_N_INTRA_BOARD_TOPOS] = {
  NC_("intra-board topology", "None"), N_("Full mesh"), N_("Ring"), N_("Torus"),
};

static guint
field_index (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    if (strcmp (field_defs[i].name, name) == 0)
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

  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    {
      gsize len = strlen (field_defs[i].name);

      if (len > best_len && strncmp (normal, field_defs[i].name, len) == 0
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

static char *
format_sizes (const TfWorkload *w)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < w->n_message_sizes; i++)
    {
      g_autofree char *size = format_size (w->message_sizes[i]);

      g_string_append_printf (text, "%s%s", i ? ", " : "", size);
    }
  return g_strdup (text->str);
}

static char *
format_radixes (const TfHardwareConstraints *hw)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < hw->n_radix_options; i++)
    g_string_append_printf (text, "%s%u", i ? ", " : "", hw->radix_options[i]);
  return g_strdup (text->str);
}

/* A deep copy: the configuration owns its strings and its warnings. */
static void
config_copy (TfSearchConfig       *dst,
             const TfSearchConfig *src)
{
  memcpy (dst, src, sizeof *dst);
  dst->file = g_strdup (src->file);
  for (guint i = 0; i < TF_SEARCH_MAX_WORKLOADS; i++)
    {
      dst->workloads[i].name = g_strdup (src->workloads[i].name);
      dst->workloads[i].model = g_strdup (src->workloads[i].model);
    }
  dst->warnings = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; src->warnings != NULL && i < src->warnings->len; i++)
    g_ptr_array_add (dst->warnings, g_strdup (g_ptr_array_index (src->warnings, i)));
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

static void
set_bits (GtkCheckButton **checks,
          guint            n_checks,
          guint            bits)
{
  for (guint i = 0; i < n_checks; i++)
    gtk_check_button_set_active (checks[i], (bits & (1u << i)) != 0);
}

static guint
family_index (const TfFamily *family)
{
  for (guint i = 0; i < tf_families_get_count (); i++)
    if (tf_families_get (i) == family)
      return i;
  return G_MAXUINT;
}

static guint
n_models (TfSearchForm *self)
{
  return g_strv_length (self->models);
}

static void
set_message (TfSearchForm *self,
             const char   *field,
             char         *message)
{
  guint i = field_index (field);

  g_assert (i < G_N_ELEMENTS (field_defs));
  g_free (self->messages[i]);
  self->messages[i] = message;
}

/* The configuration the fields describe over the base, unchecked; text the form cannot read
 * leaves the base's value and a message on its field. */
static void
build_config (TfSearchForm   *self,
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

  config_copy (out, &self->base);
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
  if (model >= n_models (self))
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
    base_indices[i] = family_index (self->base.families[i]);
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
  if (out->intra_board_topos != 0 && !(out->intra_board_topos & (1u << out->context.intra_board_topo)))
    out->context.intra_board_topo = (TfIntraBoardTopo) g_bit_nth_lsf (out->intra_board_topos, -1);
  out->mutator_enabled = gtk_check_button_get_active (self->mutator_enabled);
  out->operators = checked_bits (self->operator_checks, TF_N_MUTATIONS);
  out->mutation_rate = gtk_spin_button_get_value (self->mutation_rate);

  out->algorithm = gtk_drop_down_get_selected (self->algorithm) == 1 ? TF_SEARCH_RANDOM
                                                                     : TF_SEARCH_NSGA2;
  out->population_size = read_uint (self->population);
  out->generations = read_uint (self->generations);
  out->seed = (guint64) gtk_spin_button_get_value (self->seed);
  out->threads = read_uint (self->threads);
}

static const char *
loader_name (TfSearchForm *self)
{
  const char *path = self->file != NULL ? g_file_peek_path (self->file) : NULL;

  return path != NULL ? path : UNSAVED_NAME;
}

/* Writes @config and reads it back with the engine's loader into @out. */
static gboolean
round_trip (TfSearchForm         *self,
            const TfSearchConfig *config,
            TfSearchConfig       *out,
            GError              **error)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (!tf_search_config_write_yaml (config, text, error))
    return FALSE;
  return tf_search_config_load_data (loader_name (self), text->str, text->len, out, error);
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
  if (i >= G_N_ELEMENTS (field_defs))
    {
      self->form_message = g_strdup (field);
      return;
    }
  g_free (self->messages[i]);
  self->messages[i] = g_strdup (end + 3);
}

static void
show_invalid (GtkWidget  *widget,
              const char *message)
{
  if (message != NULL)
    gtk_widget_add_css_class (widget, "error");
  else
    gtk_widget_remove_css_class (widget, "error");
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_INVALID,
                               message ? GTK_ACCESSIBLE_INVALID_TRUE
                                       : GTK_ACCESSIBLE_INVALID_FALSE, -1);
  if (message != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    message, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* Several paths share a widget or a label (the parallelism's four degrees): each shows every
 * message it holds. */
static void
show_messages (TfSearchForm *self)
{
  g_autoptr(GHashTable) texts = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) bad = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    {
      GtkWidget *label = self->error_labels[i];
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
      if (!g_hash_table_contains (bad, FIELD_WIDGET (self, &field_defs[i])))
        g_hash_table_insert (bad, FIELD_WIDGET (self, &field_defs[i]), self->messages[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    {
      GtkWidget *widget = FIELD_WIDGET (self, &field_defs[i]);
      GtkWidget *label = self->error_labels[i];
      const char *text = g_hash_table_lookup (texts, label);

      show_invalid (widget, g_hash_table_lookup (bad, widget));
      gtk_label_set_text (GTK_LABEL (label), text);
      gtk_widget_set_visible (label, *text != '\0');
    }
  gtk_label_set_text (GTK_LABEL (self->form_error),
                      self->form_message ? self->form_message : "");
  gtk_widget_set_visible (self->form_error, self->form_message != NULL);
}

/* Checks the form with the engine's loader and shows what is wrong where it is wrong. */
static void
check (TfSearchForm *self)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchConfig) loaded = { 0 };
  g_autoptr(GError) error = NULL;
  gboolean valid = TRUE;

  g_assert (TF_IS_SEARCH_FORM (self));

  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    g_clear_pointer (&self->messages[i], g_free);
  g_clear_pointer (&self->form_message, g_free);

  build_config (self, &config);
  if (!round_trip (self, &config, &loaded, &error))
    blame (self, error->message);
  else if (loaded.workloads[0].model != NULL)
    {
      /* A preset's compute time is derived: show what the engine derives. */
      self->updating++;
      gtk_spin_button_set_value (self->compute_time, loaded.workloads[0].compute_time_us);
      self->updating--;
    }

  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    valid &= self->messages[i] == NULL;
  valid &= self->form_message == NULL;
  show_messages (self);

  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
}

static void
on_edited (TfSearchForm *self)
{
  g_assert (TF_IS_SEARCH_FORM (self));

  if (self->updating > 0)
    return;
  check (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* A preset's model keys, as the engine reads the preset: a minimal document naming it. */
static gboolean
read_preset (const char *name,
             TfWorkload *out)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree char *text = g_strdup_printf ("n_chip: 2\n"
                                           "workload:\n"
                                           "  model: \"%s\"\n"
                                           "  parallelism: {tp: 2, pp: 1, dp: 1}\n"
                                           "  compute_time_us: 1\n", name);
  g_autoptr(GError) error = NULL;
  const TfWorkload *p;

  if (!tf_search_config_load_data ("preset", text, strlen (text), &config, &error))
    {
      g_warning ("model preset %s: %s", name, error->message);
      return FALSE;
    }
  p = &config.workloads[0];
  out->parameters = p->parameters;
  out->layers = p->layers;
  out->hidden_size = p->hidden_size;
  out->sequence_length = p->sequence_length;
  out->global_batch_size = p->global_batch_size;
  out->micro_batch_size = p->micro_batch_size;
  out->bytes_per_value = p->bytes_per_value;
  out->chip_peak_tflops = p->chip_peak_tflops;
  out->mfu = p->mfu;
  memcpy (out->overlap, p->overlap, sizeof out->overlap);
  return TRUE;
}

static void
update_compute_sensitivity (TfSearchForm *self)
{
  gboolean custom = gtk_drop_down_get_selected (self->model) >= n_models (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->compute_time), custom);
}

/* Choosing a preset puts its model in the base, so the writer gives only the preset's name;
 * Custom keeps the model keys there are and lets the user give the compute time. */
static void
model_selected (TfSearchForm *self)
{
  TfWorkload *w = &self->base.workloads[0];
  guint selected = gtk_drop_down_get_selected (self->model);

  g_assert (TF_IS_SEARCH_FORM (self));

  update_compute_sensitivity (self);
  if (self->updating > 0)
    return;
  if (selected < n_models (self) && g_strcmp0 (w->model, self->models[selected]) != 0
      && read_preset (self->models[selected], w))
    {
      /* A workload named after its old preset takes the new one's name. */
      if (w->name == NULL || g_strcmp0 (w->name, w->model) == 0)
        {
          g_free (w->name);
          w->name = g_strdup (self->models[selected]);
        }
      g_free (w->model);
      w->model = g_strdup (self->models[selected]);
      w->compute_time_given = FALSE;
    }
  on_edited (self);
}

/* Check buttons in two columns where their labels fit, one where they do not. */
static GtkWidget *
check_group (GtkWidget *box)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_box_append (GTK_BOX (box), flow);
  return flow;
}

static GtkCheckButton *
add_check (TfSearchForm *self,
           GtkWidget    *group,
           const char   *label,
           const char   *tooltip)
{
  GtkWidget *check = gtk_check_button_new_with_label (label);

  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (check, tooltip);
  if (GTK_IS_FLOW_BOX (group))
    {
      gtk_flow_box_append (GTK_FLOW_BOX (group), check);
      /* The check button takes the focus, not the cell around it. */
      gtk_widget_set_focusable (gtk_widget_get_parent (check), FALSE);
    }
  else
    gtk_box_append (GTK_BOX (group), check);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_edited), self);
  return GTK_CHECK_BUTTON (check);
}

/* The check buttons come from the engine's tables and registry, so they are built here. The
 * objectives keep one column: their order is the file's. */
static void
build_checks (TfSearchForm *self)
{
  guint n_families = MIN (tf_families_get_count (), G_N_ELEMENTS (self->base.families));
  GtkWidget *primitives = check_group (self->primitives_box);
  GtkWidget *families = check_group (self->families_box);
  GtkWidget *intra = check_group (self->intra_box);
  GtkWidget *operators = check_group (self->operators_box);

  for (guint i = 0; i < TF_N_PRIMITIVES; i++)
    self->primitive_checks[i] = add_check (self, primitives,
                                           tf_primitive_to_string ((TfPrimitive) i), NULL);
  for (guint i = 0; i < TF_N_OBJECTIVES; i++)
    {
      g_autofree char *label = g_strdup_printf ("%s (%s)", tf_objective_to_string ((TfObjective) i),
                                                tf_objective_unit ((TfObjective) i));

      self->objective_checks[i] = add_check (self, self->objectives_box, label, NULL);
    }
  self->family_checks = g_new0 (GtkCheckButton *, n_families);
  for (guint i = 0; i < n_families; i++)
    {
      const TfFamily *family = tf_families_get (i);

      self->family_checks[i] = add_check (self, families, tf_family_get_name (family),
                                          _(tf_family_get_description (family)));
    }
  for (guint i = 0; i < TF_N_INTRA_BOARD_TOPOS; i++)
    self->intra_checks[i] = add_check (self, intra,
                                       i == 0 ? g_dpgettext2 (NULL, "intra-board topology",
                                                              intra_labels[i])
                                              : _(intra_labels[i]), NULL);
  for (guint i = 0; i < TF_N_MUTATIONS; i++)
    self->operator_checks[i] = add_check (self, operators,
                                          tf_mutation_to_string ((TfMutation) i), NULL);
}

/* 0 in the threads and budget fields means "every core" and "no budget": say so. */
static gboolean
zero_output (GtkSpinButton *spin,
             const char    *zero_text)
{
  if (gtk_spin_button_get_value (spin) != 0)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), _(zero_text));
  return TRUE;
}

static int
zero_input (GtkSpinButton *spin,
            double        *value,
            const char    *zero_text)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;

  if (strcmp (text, _(zero_text)) == 0 || *text == '\0')
    {
      *value = 0;
      return TRUE;
    }
  *value = g_strtod (text, &end);
  return end != text && *end == '\0' ? TRUE : GTK_INPUT_ERROR;
}

static void
name_zero (GtkSpinButton *spin,
           const char    *zero_text)
{
  gtk_spin_button_set_numeric (spin, FALSE);
  g_signal_connect (spin, "output", G_CALLBACK (zero_output), (gpointer) zero_text);
  g_signal_connect (spin, "input", G_CALLBACK (zero_input), (gpointer) zero_text);
}

static void
build_models (TfSearchForm *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new ((const char *const *) self->models);

  gtk_string_list_append (list, C_("model preset", "Custom"));
  gtk_drop_down_set_model (self->model, G_LIST_MODEL (list));
}

/* Every edited widget, once, to on_edited. */
static void
connect_fields (TfSearchForm *self)
{
  g_autoptr(GHashTable) done = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    {
      GtkWidget *widget = FIELD_WIDGET (self, &field_defs[i]);

      if (!g_hash_table_add (done, widget) || widget == GTK_WIDGET (self->model))
        continue;
      if (GTK_IS_SPIN_BUTTON (widget))
        g_signal_connect_swapped (widget, "value-changed", G_CALLBACK (on_edited), self);
      else if (GTK_IS_ENTRY (widget))
        g_signal_connect_swapped (widget, "changed", G_CALLBACK (on_edited), self);
      else if (GTK_IS_DROP_DOWN (widget))
        g_signal_connect_swapped (widget, "notify::selected", G_CALLBACK (on_edited), self);
      else if (GTK_IS_CHECK_BUTTON (widget))
        g_signal_connect_swapped (widget, "toggled", G_CALLBACK (on_edited), self);
    }
  g_signal_connect_swapped (self->model, "notify::selected", G_CALLBACK (model_selected), self);
}

static void
tf_search_form_dispose (GObject *object)
{
  TfSearchForm *self = TF_SEARCH_FORM (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), TF_TYPE_SEARCH_FORM);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (tf_search_form_parent_class)->dispose (object);
}

static void
tf_search_form_finalize (GObject *object)
{
  TfSearchForm *self = TF_SEARCH_FORM (object);

  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    g_free (self->messages[i]);
  g_free (self->messages);
  g_free (self->error_labels);
  g_free (self->form_message);
  g_free (self->family_checks);
  g_strfreev (self->models);
  tf_search_config_clear (&self->base);
  G_OBJECT_CLASS (tf_search_form_parent_class)->finalize (object);
}

static void
tf_search_form_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TfSearchForm *self = TF_SEARCH_FORM (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;

    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define T(name) { #name, CHILD (name) }
static const struct
{
  const char *id;
  gssize      offset;
} template_children[] = {
  T (form_error), T (more_workloads), T (n_chip), T (chips_per_board_max), T (scope),
  T (parallelism_box), T (tp), T (pp), T (dp), T (ep), T (compute_time), T (model),
  T (message_sizes), T (primitives_box), T (nic_bandwidth), T (c2c_bandwidth),
  T (link_latency), T (max_cable), T (budget), T (nic_ports), T (on_board_links),
  T (off_board_ports), T (radix_options), T (objectives_box), T (family_enabled),
  T (edge_cases), T (mutator_enabled), T (families_box), T (intra_box), T (operators_box),
  T (algorithm), T (population), T (generations), T (seed), T (threads), T (mutation_rate),
};
#undef T

static void
tf_search_form_class_init (TfSearchFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tf_search_form_dispose;
  object_class->finalize = tf_search_form_finalize;
  object_class->get_property = tf_search_form_get_property;

  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A field was edited, or the form was given a configuration; valid or not. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/topoforge/Topoforge/ui/tf-search-form.ui");
  for (guint i = 0; i < G_N_ELEMENTS (template_children); i++)
    gtk_widget_class_bind_template_child_full (widget_class, template_children[i].id, FALSE,
                                               template_children[i].offset);
  /* The error labels are bound without a struct member, to be looked up by id in init. */
  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < i; j++)
        seen |= strcmp (field_defs[j].error, field_defs[i].error) == 0;
      if (!seen)
        gtk_widget_class_bind_template_child_full (widget_class, field_defs[i].error, FALSE, 0);
    }
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tf_search_form_init (TfSearchForm *self)
{
  g_auto(TfSearchConfig) fresh = { 0 };
  g_autoptr(GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->valid = TRUE;
  self->messages = g_new0 (char *, G_N_ELEMENTS (field_defs));
  self->error_labels = g_new0 (GtkWidget *, G_N_ELEMENTS (field_defs));
  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    self->error_labels[i] = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                                       TF_TYPE_SEARCH_FORM,
                                                                       field_defs[i].error));
  self->models = tf_search_config_list_models ();
  tf_search_config_init (&self->base);
  build_models (self);
  build_checks (self);
  name_zero (self->threads, N_("All cores"));
  name_zero (self->budget, N_("No budget"));
  connect_fields (self);

  if (!tf_search_config_load_data (UNSAVED_NAME, fresh_config, sizeof fresh_config - 1, &fresh,
                                   &error))
    g_error ("the search form's fresh configuration: %s", error->message);
  tf_search_form_set_config (self, &fresh);
}

GtkWidget *
tf_search_form_new (void)
{
  return g_object_new (TF_TYPE_SEARCH_FORM, NULL);
}

gboolean
tf_search_form_get_valid (TfSearchForm *self)
{
  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), FALSE);
  return self->valid;
}

GFile *
tf_search_form_get_file (TfSearchForm *self)
{
  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), NULL);
  return self->file;
}

static void
set_file (TfSearchForm *self,
          GFile        *file)
{
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

static guint
model_position (TfSearchForm *self,
                const char   *model)
{
  for (guint i = 0; model != NULL && self->models[i] != NULL; i++)
    if (strcmp (self->models[i], model) == 0)
      return i;
  return n_models (self);   /* Custom */
}

void
tf_search_form_set_config (TfSearchForm         *self,
                           const TfSearchConfig *config)
{
  const TfWorkload *w;
  const TfHardwareConstraints *hw;
  g_autofree char *sizes = NULL;
  g_autofree char *radixes = NULL;
  guint n_families = MIN (tf_families_get_count (), G_N_ELEMENTS (config->families));

  g_return_if_fail (TF_IS_SEARCH_FORM (self));
  g_return_if_fail (config != NULL && config->n_workloads > 0);

  if (config != &self->base)
    {
      tf_search_config_clear (&self->base);
      config_copy (&self->base, config);
    }
  w = &self->base.workloads[0];
  hw = &self->base.hardware;
  sizes = format_sizes (w);
  radixes = format_radixes (hw);

  self->updating++;
  gtk_spin_button_set_value (self->n_chip, self->base.n_chip);
  gtk_drop_down_set_selected (self->scope,
                              self->base.context.scope == TF_SCOPE_INTRA_RACK ? 0 : 1);
  gtk_spin_button_set_value (self->chips_per_board_max, self->base.context.chips_per_board_max);

  if (self->base.n_workloads > 1)
    {
      g_autofree char *note = g_strdup_printf (g_dngettext (NULL, "%u more workload kept from "
                                                            "the file",
                                                            "%u more workloads kept from the file",
                                                            self->base.n_workloads - 1),
                                               self->base.n_workloads - 1);

      gtk_label_set_text (GTK_LABEL (self->more_workloads), note);
    }
  gtk_widget_set_visible (self->more_workloads, self->base.n_workloads > 1);
  gtk_spin_button_set_value (self->tp, w->tp);
  gtk_spin_button_set_value (self->pp, w->pp);
  gtk_spin_button_set_value (self->dp, w->dp);
  gtk_spin_button_set_value (self->ep, w->ep);
  gtk_drop_down_set_selected (self->model, model_position (self, w->model));
  update_compute_sensitivity (self);
  gtk_spin_button_set_value (self->compute_time, w->compute_time_us);
  gtk_editable_set_text (GTK_EDITABLE (self->message_sizes), sizes);
  set_bits (self->primitive_checks, TF_N_PRIMITIVES, w->primitives);

  gtk_spin_button_set_value (self->nic_bandwidth, hw->nic_bandwidth_gbps);
  gtk_spin_button_set_value (self->c2c_bandwidth, hw->c2c_bandwidth_gbps);
  gtk_editable_set_text (GTK_EDITABLE (self->radix_options), radixes);
  gtk_spin_button_set_value (self->link_latency, hw->link_latency_us);
  gtk_spin_button_set_value (self->max_cable, hw->max_optical_cable_length_m);
  gtk_spin_button_set_value (self->budget, hw->budget_usd);
  gtk_spin_button_set_value (self->nic_ports, hw->nic_ports_per_chip);
  gtk_spin_button_set_value (self->on_board_links, hw->on_board_links_per_chip);
  gtk_spin_button_set_value (self->off_board_ports, hw->off_board_ports_per_chip);

  for (guint i = 0; i < TF_N_OBJECTIVES; i++)
    gtk_check_button_set_active (self->objective_checks[i], FALSE);
  for (guint i = 0; i < self->base.n_objectives; i++)
    gtk_check_button_set_active (self->objective_checks[self->base.objectives[i]], TRUE);

  gtk_check_button_set_active (self->family_enabled, self->base.family_enabled);
  for (guint i = 0; i < n_families; i++)
    gtk_check_button_set_active (self->family_checks[i], self->base.n_families == 0);
  for (guint i = 0; i < self->base.n_families; i++)
    {
      guint at = family_index (self->base.families[i]);

      if (at < n_families)
        gtk_check_button_set_active (self->family_checks[at], TRUE);
    }
  gtk_check_button_set_active (self->edge_cases, self->base.family_edge_cases);
  set_bits (self->intra_checks, TF_N_INTRA_BOARD_TOPOS, self->base.intra_board_topos);
  gtk_check_button_set_active (self->mutator_enabled, self->base.mutator_enabled);
  set_bits (self->operator_checks, TF_N_MUTATIONS, self->base.operators);
  gtk_spin_button_set_value (self->mutation_rate, self->base.mutation_rate);

  gtk_drop_down_set_selected (self->algorithm, self->base.algorithm == TF_SEARCH_RANDOM ? 1 : 0);
  gtk_spin_button_set_value (self->population, self->base.population_size);
  gtk_spin_button_set_value (self->generations, self->base.generations);
  gtk_spin_button_set_value (self->seed, (double) self->base.seed);
  gtk_spin_button_set_value (self->threads, self->base.threads);
  self->updating--;

  check (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
tf_search_form_get_config (TfSearchForm    *self,
                           TfSearchConfig  *out,
                           GError         **error)
{
  g_auto(TfSearchConfig) config = { 0 };
  const char *message;
  const char *path;

  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Every edit was checked as it was made, so the messages are current. */
  memset (out, 0, sizeof *out);
  message = tf_search_form_get_error (self);
  if (message != NULL)
    {
      g_set_error_literal (error, TF_ERROR, TF_ERROR_INVALID_FILE, message);
      return FALSE;
    }
  build_config (self, &config);
  if (!round_trip (self, &config, out, error))
    return FALSE;
  /* The configuration came from the form, not from the text it was checked as. */
  path = self->file != NULL ? g_file_peek_path (self->file) : NULL;
  g_free (out->file);
  out->file = g_strdup (path);
  return TRUE;
}

const char *
tf_search_form_get_field_error (TfSearchForm *self,
                                const char   *field)
{
  guint i;

  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  i = field_index (field);
  return i < G_N_ELEMENTS (field_defs) ? self->messages[i] : NULL;
}

const char *
tf_search_form_get_error (TfSearchForm *self)
{
  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), NULL);

  if (self->form_message != NULL)
    return self->form_message;
  for (guint i = 0; i < G_N_ELEMENTS (field_defs); i++)
    if (self->messages[i] != NULL)
      return self->messages[i];
  return NULL;
}

GtkWidget *
tf_search_form_get_field_widget (TfSearchForm *self,
                                 const char   *field)
{
  guint i;

  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  i = field_index (field);
  return i < G_N_ELEMENTS (field_defs) ? FIELD_WIDGET (self, &field_defs[i]) : NULL;
}

gboolean
tf_search_form_load_file (TfSearchForm  *self,
                          GFile         *file,
                          GError       **error)
{
  g_auto(TfSearchConfig) config = { 0 };
  const char *path;

  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = g_file_peek_path (file);
  if (path != NULL)
    {
      if (!tf_search_config_load_file (path, &config, error))
        return FALSE;
    }
  else
    {
      g_autofree char *data = NULL;
      g_autofree char *uri = g_file_get_uri (file);
      gsize length;

      if (!g_file_load_contents (file, NULL, &data, &length, NULL, error)
          || !tf_search_config_load_data (uri, data, length, &config, error))
        return FALSE;
    }
  set_file (self, file);
  tf_search_form_set_config (self, &config);
  return TRUE;
}

gboolean
tf_search_form_save_file (TfSearchForm  *self,
                          GFile         *file,
                          GError       **error)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  const char *path;

  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!tf_search_form_get_config (self, &config, error)
      || !tf_search_config_write_yaml (&config, text, error))
    return FALSE;
  path = g_file_peek_path (file);
  if (path != NULL)
    {
      if (!tf_write_file_atomic (path, text->str, text->len, error))
        return FALSE;
    }
  else if (!g_file_replace_contents (file, text->str, text->len, NULL, FALSE,
                                     G_FILE_CREATE_NONE, NULL, NULL, error))
    return FALSE;
  set_file (self, file);
  return TRUE;
}
