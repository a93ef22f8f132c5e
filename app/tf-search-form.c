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

#include "tf-search-form-private.h"

/* What a fresh form holds: the engine's defaults with a run that finishes in well under a minute
 * on two cores (the shape of data/examples/search-small.yaml, read by the same loader). */
static const char fresh_config[] =
  "n_chip: 64\n"
  "workload:\n"
  "  model: test-small\n"
  "  parallelism: {tp: 4, pp: 2, dp: 8}\n"
  "search: {population_size: 24, generations: 10}\n";



#define CHILD(name) G_STRUCT_OFFSET (TfSearchForm, name)

static const char *const intra_labels[TF_N_INTRA_BOARD_TOPOS] = {
  NC_("intra-board topology", "None"), N_("Full mesh"), N_("Ring"), N_("Torus"),
  N_("Scale-up switch"),
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

/* Checks the form and says when its validity changes. */
static void
check (TfSearchForm *self)
{
  gboolean valid = tf_search_form_check (self);

  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
}

void
tf_search_form_edited (TfSearchForm *self)
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
  gboolean custom = gtk_drop_down_get_selected (self->model) >= tf_search_form_n_models (self);

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
  if (selected < tf_search_form_n_models (self) && g_strcmp0 (w->model, self->models[selected]) != 0
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
  tf_search_form_edited (self);
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
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (tf_search_form_edited), self);
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

/* Every edited widget, once, to tf_search_form_edited. */
static void
connect_fields (TfSearchForm *self)
{
  g_autoptr(GHashTable) done = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < tf_search_form_n_fields; i++)
    {
      GtkWidget *widget = TF_SEARCH_FORM_FIELD_WIDGET (self, &tf_search_form_fields[i]);

      if (!g_hash_table_add (done, widget) || widget == GTK_WIDGET (self->model))
        continue;
      if (GTK_IS_SPIN_BUTTON (widget))
        g_signal_connect_swapped (widget, "value-changed", G_CALLBACK (tf_search_form_edited),
                                  self);
      else if (GTK_IS_ENTRY (widget))
        g_signal_connect_swapped (widget, "changed", G_CALLBACK (tf_search_form_edited), self);
      else if (GTK_IS_DROP_DOWN (widget))
        g_signal_connect_swapped (widget, "notify::selected", G_CALLBACK (tf_search_form_edited),
                                  self);
      else if (GTK_IS_CHECK_BUTTON (widget))
        g_signal_connect_swapped (widget, "toggled", G_CALLBACK (tf_search_form_edited), self);
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

  for (guint i = 0; i < tf_search_form_n_fields; i++)
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
  T (link_latency), T (max_cable), T (budget), T (rack_power), T (nic_ports), T (on_board_links),
  T (off_board_ports), T (radix_options), T (objectives_box), T (family_enabled),
  T (edge_cases), T (mutator_enabled), T (families_box), T (intra_box), T (operators_box),
  T (algorithm), T (population), T (generations), T (seed), T (threads), T (mutation_rate),
  T (edits_per_child), T (template_enabled), T (crossover_enabled), T (stage_2),
  T (manual_list), T (manual_remove),
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
                                               "/io/github/topoforge/Topoforge/ui/"
                                               "tf-search-form.ui");
  for (guint i = 0; i < G_N_ELEMENTS (template_children); i++)
    gtk_widget_class_bind_template_child_full (widget_class, template_children[i].id, FALSE,
                                               template_children[i].offset);
  /* The error labels are bound without a struct member, to be looked up by id in init. */
  for (guint i = 0; i < tf_search_form_n_fields; i++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < i; j++)
        seen |= strcmp (tf_search_form_fields[j].error, tf_search_form_fields[i].error) == 0;
      if (!seen)
        gtk_widget_class_bind_template_child_full (widget_class, tf_search_form_fields[i].error,
                                                   FALSE, 0);
    }
  tf_search_form_manual_class_init (widget_class);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tf_search_form_init (TfSearchForm *self)
{
  g_auto(TfSearchConfig) fresh = { 0 };
  g_autoptr(GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->valid = TRUE;
  self->messages = g_new0 (char *, tf_search_form_n_fields);
  self->error_labels = g_new0 (GtkWidget *, tf_search_form_n_fields);
  for (guint i = 0; i < tf_search_form_n_fields; i++)
    self->error_labels[i] = GTK_WIDGET (
      gtk_widget_get_template_child (GTK_WIDGET (self), TF_TYPE_SEARCH_FORM,
                                     tf_search_form_fields[i].error));
  self->models = tf_search_config_list_models ();
  tf_search_config_init (&self->base);
  build_models (self);
  build_checks (self);
  /* Without the simulator, Stage 2 cannot be asked for here; the tooltip says why. */
  {
    g_autoptr(GError) missing = NULL;
    g_autofree char *simulator = tf_stage_2_find_simulator (&missing);

    if (simulator == NULL)
      {
        gtk_widget_set_sensitive (GTK_WIDGET (self->stage_2), FALSE);
        gtk_widget_set_tooltip_text (GTK_WIDGET (self->stage_2), missing->message);
      }
  }
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
  return tf_search_form_n_models (self);   /* Custom */
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
      tf_search_config_copy (config, &self->base);
    }
  w = &self->base.workloads[0];
  hw = &self->base.hardware;
  sizes = tf_search_form_format_sizes (w);
  radixes = tf_search_form_format_radixes (hw);

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
  tf_search_form_set_bits (self->primitive_checks, TF_N_PRIMITIVES, w->primitives);

  gtk_spin_button_set_value (self->nic_bandwidth, hw->nic_bandwidth_gbps);
  gtk_spin_button_set_value (self->c2c_bandwidth, hw->c2c_bandwidth_gbps);
  gtk_editable_set_text (GTK_EDITABLE (self->radix_options), radixes);
  gtk_spin_button_set_value (self->link_latency, hw->link_latency_us);
  gtk_spin_button_set_value (self->max_cable, hw->max_optical_cable_length_m);
  gtk_spin_button_set_value (self->budget, hw->budget_usd);
  gtk_spin_button_set_value (self->rack_power, hw->rack_power_kw);
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
      guint at = tf_search_form_family_index (self->base.families[i]);

      if (at < n_families)
        gtk_check_button_set_active (self->family_checks[at], TRUE);
    }
  gtk_check_button_set_active (self->edge_cases, self->base.family_edge_cases);
  tf_search_form_set_bits (self->intra_checks, TF_N_INTRA_BOARD_TOPOS,
                           self->base.intra_board_topos);
  gtk_check_button_set_active (self->mutator_enabled, self->base.mutator_enabled);
  tf_search_form_set_bits (self->operator_checks, TF_N_MUTATIONS, self->base.operators);
  gtk_spin_button_set_value (self->mutation_rate, self->base.mutation_rate);
  gtk_spin_button_set_value (self->edits_per_child, self->base.edits_per_child);
  gtk_check_button_set_active (self->template_enabled, self->base.template_enabled);
  gtk_check_button_set_active (self->crossover_enabled, self->base.crossover_enabled);
  gtk_check_button_set_active (self->stage_2, tf_search_form_stage_2_ticked (&self->base));
  tf_search_form_fill_manual (self);

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
  tf_search_form_build_config (self, &config);
  if (!tf_search_form_round_trip (self, &config, out, error))
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

  i = tf_search_form_field_index (field);
  return i < tf_search_form_n_fields ? self->messages[i] : NULL;
}

const char *
tf_search_form_get_error (TfSearchForm *self)
{
  g_return_val_if_fail (TF_IS_SEARCH_FORM (self), NULL);

  if (self->form_message != NULL)
    return self->form_message;
  for (guint i = 0; i < tf_search_form_n_fields; i++)
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

  i = tf_search_form_field_index (field);
  if (i >= tf_search_form_n_fields)
    return NULL;
  return TF_SEARCH_FORM_FIELD_WIDGET (self, &tf_search_form_fields[i]);
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
