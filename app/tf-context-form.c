/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-context-form.c: the EnumerationContext form. */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tf-context-form.h"
#include "tf-form-field.h"
#include "tf-preset-drop-down.h"

/* One edited field: its spec name, the widget that edits it and the label that shows what is
 * wrong with it (the two fields of a link type share one). */
typedef struct
{
  char      *name;
  GtkWidget *widget;
  GtkWidget *error;
  char      *message;
} Field;

struct _TfContextForm
{
  GtkWidget    parent_instance;

  /* template children */
  GtkSpinButton *n_chip;
  GtkWidget     *n_chip_error;
  GtkDropDown   *scope;
  GtkWidget     *scope_error;
  GtkSpinButton *chips_per_board_max;
  GtkWidget     *chips_per_board_max_error;
  GtkSpinButton *chip_radix;
  GtkWidget     *chip_radix_error;
  GtkDropDown   *chip_preset;
  GtkSpinButton *scale_up_gbps;
  GtkWidget     *scale_up_gbps_error;
  GtkSpinButton *scale_up_ports;
  GtkWidget     *scale_up_ports_error;
  GtkSpinButton *nic_gbps;
  GtkWidget     *nic_gbps_error;
  GtkSpinButton *chip_power;
  GtkWidget     *chip_power_error;
  GtkSpinButton *host_power;
  GtkWidget     *host_power_error;
  GtkSpinButton *switch_port_power;
  GtkWidget     *switch_port_power_error;
  GtkDropDown   *rack_preset;
  GtkSpinButton *rack_power;
  GtkWidget     *rack_power_error;
  GtkSpinButton *switch_radix;
  GtkWidget     *switch_radix_error;
  GtkSpinButton *switch_port_gbps;
  GtkWidget     *switch_port_gbps_error;
  GtkSpinButton *boards_per_rack_max;
  GtkWidget     *boards_per_rack_max_error;
  GtkSpinButton *racks_per_pod_max;
  GtkWidget     *racks_per_pod_max_error;
  GtkSpinButton *switch_latency;
  GtkDropDown   *intra_board_topo;
  GtkWidget     *intra_board_topo_error;
  GtkWidget     *scale_up_links_label;
  GtkSpinButton *scale_up_links;
  GtkWidget     *scale_up_links_error;
  GtkWidget     *scale_up_radix_label;
  GtkSpinButton *scale_up_radix;
  GtkWidget     *scale_up_radix_error;
  GtkGrid       *grid;
  GtkGrid       *chip_grid;
  GtkGrid       *links_grid;
  GtkWidget     *families_box;
  GtkWidget     *families_error;
  GtkGrid       *thresholds_grid;
  GtkWidget     *thresholds_error;

  GtkSpinButton *bandwidth[TF_N_LINK_TYPES];  /* a per-link figure; empty (0): none */
  GtkSpinButton *latency[TF_N_LINK_TYPES];
  GtkSpinButton *thresholds[TF_N_WARNING_THRESHOLDS];
  GtkCheckButton **family_checks;   /* one per registered family, in registry order */
  GArray        *fields;            /* Field */
  char          *families_message;
  guint          updating;
  gboolean       valid;
};

G_DEFINE_FINAL_TYPE (TfContextForm, tf_context_form, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_VALID,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Scope and intra-board topology in the order of their drop-downs. */
static const int scope_items[] = { TF_SCOPE_INTRA_RACK, TF_SCOPE_INTER_RACK };
static const int intra_board_items[] = {
  TF_INTRA_BOARD_NONE, TF_INTRA_BOARD_FULL_MESH, TF_INTRA_BOARD_RING, TF_INTRA_BOARD_TORUS,
  TF_INTRA_BOARD_SWITCH,
};

static void
field_clear (Field *field)
{
  g_free (field->name);
  g_free (field->message);
}

static void
add_field (TfContextForm *self,
           const char    *name,
           gpointer       widget,
           GtkWidget     *error)
{
  Field field = { g_strdup (name), GTK_WIDGET (widget), error, NULL };

  g_array_append_val (self->fields, field);
}

static guint
read_uint (GtkSpinButton *spin)
{
  double v = gtk_spin_button_get_value (spin);

  return v <= 0 ? 0 : v >= G_MAXUINT ? G_MAXUINT : (guint) v;
}

/* An optional figure's field shows its 0 as empty and reads empty as 0 (make_optional). */
static gboolean
optional_output (GtkSpinButton *spin)
{
  if (gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin)) != 0)
    return FALSE;
  if (*gtk_editable_get_text (GTK_EDITABLE (spin)) != '\0')
    gtk_editable_set_text (GTK_EDITABLE (spin), "");
  return TRUE;
}

static int
optional_input (GtkSpinButton *spin,
                double        *value)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  while (g_ascii_isspace (*text))
    text++;
  if (*text != '\0')
    return FALSE;
  *value = 0;
  return TRUE;
}

/* Makes @spin an optional figure's field: 0 is none, shown empty with @placeholder saying
 * what none means. */
static void
make_optional (GtkSpinButton *spin,
               const char    *placeholder)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (spin));

  if (GTK_IS_TEXT (text))
    gtk_text_set_placeholder_text (GTK_TEXT (text), placeholder);
  g_signal_connect (spin, "output", G_CALLBACK (optional_output), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (optional_input), NULL);
  optional_output (spin);
}

/* A per-link bandwidth is only a figure the user set; an empty field (0) sets none. */
static double
read_override (GtkSpinButton *spin)
{
  double v = gtk_spin_button_get_value (spin);

  return v == 0 ? NAN : v;
}

void
tf_context_form_get_context (TfContextForm *self,
                             TfContext     *out)
{
  guint scope = gtk_drop_down_get_selected (self->scope);
  guint intra = gtk_drop_down_get_selected (self->intra_board_topo);

  g_return_if_fail (TF_IS_CONTEXT_FORM (self));
  g_return_if_fail (out != NULL);

  tf_context_init (out);
  out->n_chip = read_uint (self->n_chip);
  out->scope = scope < G_N_ELEMENTS (scope_items) ? (TfScope) scope_items[scope] : TF_SCOPE_UNSET;
  out->chips_per_board_max = read_uint (self->chips_per_board_max);
  out->chip_radix = read_uint (self->chip_radix);
  out->chip.scale_up_gbps = gtk_spin_button_get_value (self->scale_up_gbps);
  out->chip.scale_up_ports = read_uint (self->scale_up_ports);
  out->chip.nic_gbps = gtk_spin_button_get_value (self->nic_gbps);
  out->chip.power_w = gtk_spin_button_get_value (self->chip_power);
  out->chip.host_w = gtk_spin_button_get_value (self->host_power);
  out->switch_defaults.power_w_per_port = gtk_spin_button_get_value (self->switch_port_power);
  out->rack.power_kw = gtk_spin_button_get_value (self->rack_power);
  out->switch_defaults.radix = read_uint (self->switch_radix);
  out->switch_defaults.port_gbps = gtk_spin_button_get_value (self->switch_port_gbps);
  out->boards_per_rack_max = read_uint (self->boards_per_rack_max);
  out->racks_per_pod_max = read_uint (self->racks_per_pod_max);
  out->switch_defaults.latency_ns = gtk_spin_button_get_value (self->switch_latency);
  out->scale_up.links_per_chip = read_uint (self->scale_up_links);
  out->scale_up.switch_radix = read_uint (self->scale_up_radix);
  out->intra_board_topo = intra < G_N_ELEMENTS (intra_board_items)
                          ? (TfIntraBoardTopo) intra_board_items[intra]
                          : (TfIntraBoardTopo) intra;
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      out->defaults[t].bandwidth_gbps = read_override (self->bandwidth[t]);
      out->defaults[t].latency_ns = gtk_spin_button_get_value (self->latency[t]);
    }
  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    out->warning_thresholds[i] = read_uint (self->thresholds[i]);
}

static guint
n_families_chosen (TfContextForm *self)
{
  guint n = 0;

  for (guint i = 0; i < tf_families_get_count (); i++)
    n += gtk_check_button_get_active (self->family_checks[i]);
  return n;
}

static void
show_error (GtkWidget  *widget,
            GtkWidget  *label,
            const char *message)
{
  gtk_label_set_text (GTK_LABEL (label), message ? message : "");
  gtk_widget_set_visible (label, message != NULL);
  tf_form_field_set_invalid (widget, message);
}

/* Checks every field with the engine's rule and shows what is wrong where it is wrong. */
static gboolean
check (TfContextForm *self)
{
  g_autoptr(GHashTable) labels = g_hash_table_new_full (NULL, NULL, NULL, NULL);
  TfContext ctx;
  gboolean valid = TRUE;

  g_assert (TF_IS_CONTEXT_FORM (self));

  tf_context_form_get_context (self, &ctx);
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);
      g_autoptr(GError) error = NULL;

      g_clear_pointer (&f->message, g_free);
      if (!tf_context_validate_field (&ctx, f->name, &error))
        {
          f->message = g_strdup (error->message);
          valid = FALSE;
        }
    }
  /* A label shared by two fields shows both messages. */
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);
      GString *text = g_hash_table_lookup (labels, f->error);

      if (text == NULL)
        {
          text = g_string_new (NULL);
          g_hash_table_insert (labels, f->error, text);
        }
      if (f->message != NULL)
        g_string_append_printf (text, "%s%s", text->len ? "\n" : "", f->message);
    }
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);
      GString *text = g_hash_table_lookup (labels, f->error);

      show_error (f->widget, f->error, f->message);
      gtk_label_set_text (GTK_LABEL (f->error), text->str);
      gtk_widget_set_visible (f->error, text->len > 0);
    }
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, labels);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_string_free (value, TRUE);
  }

  g_clear_pointer (&self->families_message, g_free);
  if (n_families_chosen (self) == 0)
    {
      self->families_message = g_strdup (_("families: choose at least one family"));
      valid = FALSE;
    }
  show_error (self->families_box, self->families_error, self->families_message);

  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
  return valid;
}

/* The scale-up fields matter only to boards of scale-up switches: shown only for those. */
static void
sync_scale_up (TfContextForm *self)
{
  guint intra = gtk_drop_down_get_selected (self->intra_board_topo);
  gboolean on = intra < G_N_ELEMENTS (intra_board_items)
                && intra_board_items[intra] == TF_INTRA_BOARD_SWITCH;

  g_assert (TF_IS_CONTEXT_FORM (self));

  gtk_widget_set_visible (self->scale_up_links_label, on);
  gtk_widget_set_visible (GTK_WIDGET (self->scale_up_links), on);
  gtk_widget_set_visible (self->scale_up_radix_label, on);
  gtk_widget_set_visible (GTK_WIDGET (self->scale_up_radix), on);
}

/* A preset drop-down's button shows a short name: its tooltip has the whole of it. */
/* The chip and rack drop-downs name the preset whose figures the fields hold, else Custom (the
 * last item). */
static void
sync_presets (TfContextForm *self)
{
  const TfChipPreset *chip;
  const TfRackPreset *rack;
  TfContext ctx;
  guint c, r;

  g_assert (TF_IS_CONTEXT_FORM (self));

  tf_context_form_get_context (self, &ctx);
  for (c = 0; (chip = tf_chip_presets_get (c)) != NULL; c++)
    if (memcmp (&chip->chip, &ctx.chip, sizeof ctx.chip) == 0)
      break;
  for (r = 0; (rack = tf_rack_presets_get (r)) != NULL; r++)
    if (rack->power_kw == ctx.rack.power_kw)
      break;
  self->updating++;
  gtk_drop_down_set_selected (self->chip_preset, c);
  gtk_drop_down_set_selected (self->rack_preset, r);
  self->updating--;
  tf_preset_drop_down_sync_tooltip (self->chip_preset);
  tf_preset_drop_down_sync_tooltip (self->rack_preset);
}

static void
on_edited (TfContextForm *self)
{
  g_assert (TF_IS_CONTEXT_FORM (self));

  if (self->updating > 0)
    return;
  sync_presets (self);
  if (check (self))
    g_signal_emit (self, signals[CHANGED], 0);
}

/* A preset chosen sets its figures; Custom leaves them as they are. */
static void
chip_preset_selected (TfContextForm *self)
{
  const TfChipPreset *preset;
  TfContext ctx;

  g_assert (TF_IS_CONTEXT_FORM (self));

  tf_preset_drop_down_sync_tooltip (self->chip_preset);
  if (self->updating > 0)
    return;
  preset = tf_chip_presets_get (gtk_drop_down_get_selected (self->chip_preset));
  if (preset == NULL)
    return;
  tf_context_form_get_context (self, &ctx);
  tf_context_set_chip_preset (&ctx, preset);
  tf_context_form_set_context (self, &ctx);
}

static void
rack_preset_selected (TfContextForm *self)
{
  const TfRackPreset *preset;
  TfContext ctx;

  g_assert (TF_IS_CONTEXT_FORM (self));

  tf_preset_drop_down_sync_tooltip (self->rack_preset);
  if (self->updating > 0)
    return;
  preset = tf_rack_presets_get (gtk_drop_down_get_selected (self->rack_preset));
  if (preset == NULL)
    return;
  tf_context_form_get_context (self, &ctx);
  ctx.rack.power_kw = preset->power_kw;
  tf_context_form_set_context (self, &ctx);
}

static void
build_chip_and_rack_presets (TfContextForm *self)
{
  g_autoptr(GPtrArray) chips = g_ptr_array_new ();
  g_autoptr(GPtrArray) racks = g_ptr_array_new ();
  const TfChipPreset *chip;
  const TfRackPreset *rack;

  for (guint i = 0; (chip = tf_chip_presets_get (i)) != NULL; i++)
    g_ptr_array_add (chips, (gpointer) _(chip->label));
  g_ptr_array_add (chips, NULL);
  tf_preset_drop_down_build (self->chip_preset, (const char *const *) chips->pdata);
  for (guint i = 0; (rack = tf_rack_presets_get (i)) != NULL; i++)
    g_ptr_array_add (racks, (gpointer) _(rack->label));
  g_ptr_array_add (racks, NULL);
  tf_preset_drop_down_build (self->rack_preset, (const char *const *) racks->pdata);
}

static void
all_families_clicked (TfContextForm *self)
{
  tf_context_form_set_families (self, NULL);
}

static void
no_families_clicked (TfContextForm *self)
{
  g_assert (TF_IS_CONTEXT_FORM (self));

  self->updating++;
  for (guint i = 0; i < tf_families_get_count (); i++)
    gtk_check_button_set_active (self->family_checks[i], FALSE);
  self->updating--;
  on_edited (self);
}

static GtkSpinButton *
link_spin (double lower,
           double upper,
           guint  digits)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, 1);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 7);
  return GTK_SPIN_BUTTON (spin);
}

/* A switch's latency, per switch traversed, below the link types' latencies. */
static void
build_switch_latency (TfContextForm *self,
                      int            row)
{
  GtkWidget *label = gtk_label_new (_("Switch"));
  GtkWidget *error = gtk_label_new (NULL);

  gtk_widget_set_tooltip_text (label, _("Port-to-port latency of a switch, per switch traversed"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  self->switch_latency = link_spin (-1e6, 1e13, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->switch_latency),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Switch latency in nanoseconds"), -1);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (error), 30);
  gtk_widget_add_css_class (error, "field-error");
  gtk_widget_set_visible (error, FALSE);
  gtk_grid_attach (self->links_grid, label, 0, row, 1, 1);
  gtk_grid_attach (self->links_grid, GTK_WIDGET (self->switch_latency), 2, row, 1, 1);
  gtk_grid_attach (self->links_grid, error, 0, row + 1, 3, 1);
  add_field (self, "defaults.switch.latency_ns", self->switch_latency, error);
  g_signal_connect_swapped (self->switch_latency, "value-changed", G_CALLBACK (on_edited), self);
}

/* The link-defaults rows and the family boxes come from the engine's tables, so they are built
 * here rather than in the template. */
static void
build_links (TfContextForm *self)
{
  static const char *const tips[TF_N_LINK_TYPES] = {
    N_("C2C: links between chips on one board"),
    N_("B2B: links between boards in one rack"),
    N_("R2R: links between racks in one pod"),
    N_("P2P: links between pods"),
  };

  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      const char *type = tf_link_type_to_string (t);
      GtkWidget *label = gtk_label_new (type);
      GtkWidget *error = gtk_label_new (NULL);
      g_autofree char *name = NULL;
      g_autofree char *bw_a11y = g_strdup_printf (_("%s bandwidth of one link in GB/s, "
                                                    "empty for the chip's budgets"), type);
      g_autofree char *bw_tip = NULL;
      g_autofree char *lat_a11y = g_strdup_printf (_("%s latency in nanoseconds per hop"), type);

      gtk_widget_set_tooltip_text (label, _(tips[t]));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      self->bandwidth[t] = link_spin (0, 1e13, 1);
      self->latency[t] = link_spin (-1e6, 1e13, 0);
      /* Translators: what an empty per-link bandwidth field means, in about 7 characters */
      make_optional (self->bandwidth[t], C_("link bandwidth", "auto"));
      if (t == TF_LINK_C2C)
        bw_tip = g_strdup_printf (_("defaults.%s.bandwidth_gbps, optional: the GB/s of every such "
                                    "link. Empty: each link's share of its chips' scale-up GB/s"),
                                  type);
      else
        bw_tip = g_strdup_printf (_("defaults.%s.bandwidth_gbps, optional: the GB/s of every such "
                                    "link. Empty: the slower of its two ports (a chip's NIC port, "
                                    "a switch port)"),
                                  type);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->bandwidth[t]), bw_tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->bandwidth[t]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, bw_a11y, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->latency[t]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, lat_a11y, -1);
      gtk_label_set_wrap (GTK_LABEL (error), TRUE);
      gtk_label_set_xalign (GTK_LABEL (error), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (error), 30);
      gtk_widget_add_css_class (error, "field-error");
      gtk_widget_set_visible (error, FALSE);

      gtk_grid_attach (self->links_grid, label, 0, 1 + 2 * t, 1, 1);
      gtk_grid_attach (self->links_grid, GTK_WIDGET (self->bandwidth[t]), 1, 1 + 2 * t, 1, 1);
      gtk_grid_attach (self->links_grid, GTK_WIDGET (self->latency[t]), 2, 1 + 2 * t, 1, 1);
      gtk_grid_attach (self->links_grid, error, 0, 2 + 2 * t, 3, 1);

      name = g_strdup_printf ("defaults.%s.bandwidth_gbps", type);
      add_field (self, name, self->bandwidth[t], error);
      g_free (name);
      name = g_strdup_printf ("defaults.%s.latency_ns", type);
      add_field (self, name, self->latency[t], error);
      g_signal_connect_swapped (self->bandwidth[t], "value-changed", G_CALLBACK (on_edited), self);
      g_signal_connect_swapped (self->latency[t], "value-changed", G_CALLBACK (on_edited), self);
    }
  build_switch_latency (self, 1 + 2 * TF_N_LINK_TYPES);
}

/* One row a threshold of the engine's table, named as files spell it, its description the
 * tooltip; the rows share one error label under them. */
static void
build_thresholds (TfContextForm *self)
{
  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    {
      const TfWarningThresholdInfo *t = tf_warning_threshold_get (i);
      GtkWidget *label = gtk_label_new (t->name);
      g_autofree char *tip = g_strdup_printf ("%s: %s (%s)", t->field, _(t->description),
                                              t->warning);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_tooltip_text (label, tip);
      /* Wider than the range, so the engine's rule names a value out of it. */
      self->thresholds[i] = link_spin (0, 10.0 * TF_N_CHIP_MAX, 0);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->thresholds[i]), tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->thresholds[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, t->name, -1);
      gtk_grid_attach (self->thresholds_grid, label, 0, (int) i, 1, 1);
      gtk_grid_attach (self->thresholds_grid, GTK_WIDGET (self->thresholds[i]), 1, (int) i, 1, 1);
      add_field (self, t->field, self->thresholds[i], self->thresholds_error);
      g_signal_connect_swapped (self->thresholds[i], "value-changed", G_CALLBACK (on_edited),
                                self);
    }
}

/* The labels of the main grid and of the chip rows under the expander share one width, so that
 * their fields line up; not the scale-up fields' labels, which are mostly hidden (a size group
 * counts a hidden widget's width). */
static void
align_labels (TfContextForm *self,
              GtkSizeGroup  *group,
              GtkGrid       *grid)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int column, width;

      gtk_grid_query_child (grid, child, &column, NULL, &width, NULL);
      if (column == 0 && width == 1 && child != self->scale_up_links_label
          && child != self->scale_up_radix_label)
        gtk_size_group_add_widget (group, child);
    }
}

static void
build_families (TfContextForm *self)
{
  guint n = tf_families_get_count ();

  self->family_checks = g_new0 (GtkCheckButton *, n);
  for (guint i = 0; i < n; i++)
    {
      const TfFamily *family = tf_families_get (i);
      GtkWidget *check = gtk_check_button_new_with_label (tf_family_get_name (family));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      gtk_widget_set_tooltip_text (check, _(tf_family_get_description (family)));
      gtk_box_append (GTK_BOX (self->families_box), check);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_edited), self);
      self->family_checks[i] = GTK_CHECK_BUTTON (check);
    }
}

static void
tf_context_form_dispose (GObject *object)
{
  TfContextForm *self = TF_CONTEXT_FORM (object);

  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), TF_TYPE_CONTEXT_FORM);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (tf_context_form_parent_class)->dispose (object);
}

static void
tf_context_form_finalize (GObject *object)
{
  TfContextForm *self = TF_CONTEXT_FORM (object);

  g_clear_pointer (&self->fields, g_array_unref);
  g_clear_pointer (&self->family_checks, g_free);
  g_clear_pointer (&self->families_message, g_free);
  G_OBJECT_CLASS (tf_context_form_parent_class)->finalize (object);
}

static void
tf_context_form_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TfContextForm *self = TF_CONTEXT_FORM (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tf_context_form_class_init (TfContextFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tf_context_form_dispose;
  object_class->finalize = tf_context_form_finalize;
  object_class->get_property = tf_context_form_get_property;

  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A valid form was edited. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/topoforge/Topoforge/ui/tf-context-form.ui");
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, n_chip);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, n_chip_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scope);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scope_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, chips_per_board_max);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, chips_per_board_max_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, chip_radix);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, chip_radix_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, chip_preset);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_gbps);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_gbps_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_ports);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_ports_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, nic_gbps);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, nic_gbps_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, chip_power);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, chip_power_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, host_power);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, host_power_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, switch_port_power);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, switch_port_power_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, rack_preset);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, rack_power);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, rack_power_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, switch_radix);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, switch_radix_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, switch_port_gbps);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, switch_port_gbps_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, boards_per_rack_max);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, boards_per_rack_max_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, racks_per_pod_max);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, racks_per_pod_max_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, intra_board_topo);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, intra_board_topo_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_links_label);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_links);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_links_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_radix_label);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_radix);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, scale_up_radix_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, grid);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, chip_grid);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, links_grid);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, families_box);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, families_error);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, thresholds_grid);
  gtk_widget_class_bind_template_child (widget_class, TfContextForm, thresholds_error);
  gtk_widget_class_bind_template_callback (widget_class, all_families_clicked);
  gtk_widget_class_bind_template_callback (widget_class, no_families_clicked);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tf_context_form_init (TfContextForm *self)
{
  TfContext ctx;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->valid = TRUE;
  self->fields = g_array_new (FALSE, TRUE, sizeof (Field));
  g_array_set_clear_func (self->fields, (GDestroyNotify) field_clear);
  add_field (self, "n_chip", self->n_chip, self->n_chip_error);
  add_field (self, "scope", self->scope, self->scope_error);
  add_field (self, "chips_per_board_max", self->chips_per_board_max,
             self->chips_per_board_max_error);
  add_field (self, "chip_radix", self->chip_radix, self->chip_radix_error);
  add_field (self, "defaults.switch.radix", self->switch_radix, self->switch_radix_error);
  add_field (self, "boards_per_rack_max", self->boards_per_rack_max,
             self->boards_per_rack_max_error);
  add_field (self, "racks_per_pod_max", self->racks_per_pod_max, self->racks_per_pod_max_error);
  add_field (self, "intra_board_topo", self->intra_board_topo, self->intra_board_topo_error);
  add_field (self, "defaults.scale_up.links_per_chip", self->scale_up_links,
             self->scale_up_links_error);
  add_field (self, "defaults.scale_up.switch_radix", self->scale_up_radix,
             self->scale_up_radix_error);
  /* Under the expander: the chip's and the switches' figures, then the link types'. */
  add_field (self, "defaults.chip.scale_up_gbps", self->scale_up_gbps,
             self->scale_up_gbps_error);
  add_field (self, "defaults.chip.scale_up_ports", self->scale_up_ports,
             self->scale_up_ports_error);
  add_field (self, "defaults.chip.nic_gbps", self->nic_gbps, self->nic_gbps_error);
  add_field (self, "defaults.switch.port_gbps", self->switch_port_gbps,
             self->switch_port_gbps_error);
  add_field (self, "defaults.chip.power_w", self->chip_power, self->chip_power_error);
  add_field (self, "defaults.chip.host_w", self->host_power, self->host_power_error);
  add_field (self, "defaults.switch.power_w_per_port", self->switch_port_power,
             self->switch_port_power_error);
  add_field (self, "defaults.rack.power_kw", self->rack_power, self->rack_power_error);
  build_chip_and_rack_presets (self);
  /* Translators: what an empty switch port speed means, in a few characters */
  make_optional (self->switch_port_gbps, C_("switch port", "as NIC"));
  /* Translators: what an empty count of scale-up ports means, in a few characters */
  make_optional (self->scale_up_ports, C_("scale-up ports", "shared evenly"));
  build_links (self);
  build_thresholds (self);
  build_families (self);
  {
    g_autoptr(GtkSizeGroup) labels = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

    align_labels (self, labels, self->grid);
    align_labels (self, labels, self->chip_grid);
  }

  g_signal_connect_swapped (self->n_chip, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->chips_per_board_max, "value-changed", G_CALLBACK (on_edited),
                            self);
  g_signal_connect_swapped (self->chip_radix, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->switch_radix, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->switch_port_gbps, "value-changed", G_CALLBACK (on_edited),
                            self);
  g_signal_connect_swapped (self->scale_up_gbps, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->scale_up_ports, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->nic_gbps, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->chip_power, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->host_power, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->switch_port_power, "value-changed", G_CALLBACK (on_edited),
                            self);
  g_signal_connect_swapped (self->rack_power, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->rack_preset, "notify::selected",
                            G_CALLBACK (rack_preset_selected), self);
  g_signal_connect_swapped (self->chip_preset, "notify::selected",
                            G_CALLBACK (chip_preset_selected), self);
  g_signal_connect_swapped (self->boards_per_rack_max, "value-changed", G_CALLBACK (on_edited),
                            self);
  g_signal_connect_swapped (self->racks_per_pod_max, "value-changed", G_CALLBACK (on_edited),
                            self);
  g_signal_connect_swapped (self->scope, "notify::selected", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->scale_up_links, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->scale_up_radix, "value-changed", G_CALLBACK (on_edited), self);
  g_signal_connect_swapped (self->intra_board_topo, "notify::selected",
                            G_CALLBACK (sync_scale_up), self);
  g_signal_connect_swapped (self->intra_board_topo, "notify::selected", G_CALLBACK (on_edited),
                            self);

  /* The engine's defaults, for the fields the template leaves open. */
  tf_context_init (&ctx);
  ctx.n_chip = 64;
  ctx.scope = TF_SCOPE_INTER_RACK;
  tf_context_form_set_context (self, &ctx);
}

GtkWidget *
tf_context_form_new (void)
{
  return g_object_new (TF_TYPE_CONTEXT_FORM, NULL);
}

gboolean
tf_context_form_get_valid (TfContextForm *self)
{
  g_return_val_if_fail (TF_IS_CONTEXT_FORM (self), FALSE);
  return self->valid;
}

static guint
index_of (const int *items,
          guint      n_items,
          int        value)
{
  for (guint i = 0; i < n_items; i++)
    if (items[i] == value)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

void
tf_context_form_set_context (TfContextForm   *self,
                             const TfContext *ctx)
{
  g_return_if_fail (TF_IS_CONTEXT_FORM (self));
  g_return_if_fail (ctx != NULL);

  self->updating++;
  gtk_spin_button_set_value (self->n_chip, ctx->n_chip);
  gtk_drop_down_set_selected (self->scope, index_of (scope_items, G_N_ELEMENTS (scope_items),
                                                     ctx->scope));
  gtk_spin_button_set_value (self->chips_per_board_max, ctx->chips_per_board_max);
  gtk_spin_button_set_value (self->chip_radix, ctx->chip_radix);
  gtk_spin_button_set_value (self->switch_radix, ctx->switch_defaults.radix);
  gtk_spin_button_set_value (self->switch_port_gbps, ctx->switch_defaults.port_gbps);
  gtk_spin_button_set_value (self->scale_up_gbps, ctx->chip.scale_up_gbps);
  gtk_spin_button_set_value (self->scale_up_ports, ctx->chip.scale_up_ports);
  gtk_spin_button_set_value (self->nic_gbps, ctx->chip.nic_gbps);
  gtk_spin_button_set_value (self->chip_power, ctx->chip.power_w);
  gtk_spin_button_set_value (self->host_power, ctx->chip.host_w);
  gtk_spin_button_set_value (self->switch_port_power, ctx->switch_defaults.power_w_per_port);
  gtk_spin_button_set_value (self->rack_power, ctx->rack.power_kw);
  gtk_spin_button_set_value (self->boards_per_rack_max, ctx->boards_per_rack_max);
  gtk_spin_button_set_value (self->racks_per_pod_max, ctx->racks_per_pod_max);
  gtk_spin_button_set_value (self->switch_latency, ctx->switch_defaults.latency_ns);
  gtk_drop_down_set_selected (self->intra_board_topo,
                              index_of (intra_board_items, G_N_ELEMENTS (intra_board_items),
                                        ctx->intra_board_topo));
  gtk_spin_button_set_value (self->scale_up_links, ctx->scale_up.links_per_chip);
  gtk_spin_button_set_value (self->scale_up_radix, ctx->scale_up.switch_radix);
  sync_scale_up (self);
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      double bw = ctx->defaults[t].bandwidth_gbps;

      gtk_spin_button_set_value (self->bandwidth[t], isnan (bw) ? 0 : bw);
      gtk_spin_button_set_value (self->latency[t], ctx->defaults[t].latency_ns);
    }
  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    gtk_spin_button_set_value (self->thresholds[i], ctx->warning_thresholds[i]);
  self->updating--;
  on_edited (self);
}

GStrv
tf_context_form_dup_families (TfContextForm *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (TF_IS_CONTEXT_FORM (self), NULL);

  for (guint i = 0; i < tf_families_get_count (); i++)
    if (gtk_check_button_get_active (self->family_checks[i]))
      g_strv_builder_add (builder, tf_family_get_name (tf_families_get (i)));
  return g_strv_builder_end (builder);
}

void
tf_context_form_set_families (TfContextForm      *self,
                              const char *const  *families)
{
  g_return_if_fail (TF_IS_CONTEXT_FORM (self));

  self->updating++;
  for (guint i = 0; i < tf_families_get_count (); i++)
    {
      const char *name = tf_family_get_name (tf_families_get (i));
      gboolean on = families == NULL || families[0] == NULL
                    || g_strv_contains (families, name);

      gtk_check_button_set_active (self->family_checks[i], on);
    }
  self->updating--;
  on_edited (self);
}

const char *
tf_context_form_get_field_error (TfContextForm *self,
                                 const char    *field)
{
  g_return_val_if_fail (TF_IS_CONTEXT_FORM (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  if (g_str_equal (field, "families"))
    return self->families_message;
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);

      if (g_str_equal (f->name, field))
        return f->message;
    }
  return NULL;
}

const char *
tf_context_form_get_error (TfContextForm *self)
{
  g_return_val_if_fail (TF_IS_CONTEXT_FORM (self), NULL);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);

      if (f->message != NULL)
        return f->message;
    }
  return self->families_message;
}

GtkWidget *
tf_context_form_get_field_widget (TfContextForm *self,
                                  const char    *field)
{
  g_return_val_if_fail (TF_IS_CONTEXT_FORM (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  if (g_str_equal (field, "families"))
    return self->families_box;
  if (g_str_equal (field, "chip"))
    return GTK_WIDGET (self->chip_preset);
  if (g_str_equal (field, "rack"))
    return GTK_WIDGET (self->rack_preset);
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = &g_array_index (self->fields, Field, i);

      if (g_str_equal (f->name, field))
        return f->widget;
    }
  return NULL;
}
