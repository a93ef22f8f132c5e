/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-context-form.c: the EnumerationContext form marks bad values on their fields with the
 * engine's own message, and only a valid form says it changed. */
#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "tf-context-form.h"

typedef struct
{
  TfContextForm *form;
  guint          changed;
} Fixture;

static void
count_changed (TfContextForm *form,
               Fixture       *f)
{
  f->changed++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->form = g_object_ref_sink (TF_CONTEXT_FORM (tf_context_form_new ()));
  f->changed = 0;
  g_signal_connect (f->form, "changed", G_CALLBACK (count_changed), f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->form);
}

static const char *const all_fields[] = {
  "n_chip", "scope", "chips_per_board_max", "chip_radix", "intra_board_topo",
  "boards_per_rack_max", "racks_per_pod_max",
  "defaults.C2C.bandwidth_gbps", "defaults.C2C.latency_ns",
  "defaults.B2B.bandwidth_gbps", "defaults.B2B.latency_ns",
  "defaults.R2R.bandwidth_gbps", "defaults.R2R.latency_ns",
  "defaults.P2P.bandwidth_gbps", "defaults.P2P.latency_ns",
  "defaults.switch.radix", "defaults.switch.latency_ns", "defaults.switch.port_gbps",
  "defaults.scale_up.links_per_chip", "defaults.scale_up.switch_radix",
  "defaults.chip.scale_up_gbps", "defaults.chip.scale_up_ports", "defaults.chip.nic_gbps",
  "defaults.chip.power_w", "defaults.chip.host_w", "defaults.switch.power_w_per_port",
  "defaults.rack.power_kw",
  "families",
};

/* The chip and rack drop-downs' items: the presets in the engine's order, then Custom. */
static guint
n_presets (void)
{
  guint n = 0;

  while (tf_chip_presets_get (n) != NULL)
    n++;
  return n;
}

static guint
n_rack_presets (void)
{
  guint n = 0;

  while (tf_rack_presets_get (n) != NULL)
    n++;
  return n;
}

static GtkDropDown *
preset_drop_down (Fixture    *f,
                  const char *name)
{
  GtkWidget *widget = tf_context_form_get_field_widget (f->form, name);

  g_assert_true (GTK_IS_DROP_DOWN (widget));
  return GTK_DROP_DOWN (widget);
}

static GtkDropDown *
chip_drop_down (Fixture *f)
{
  return preset_drop_down (f, "chip");
}

static GtkSpinButton *
field_spin (Fixture    *f,
            const char *field)
{
  GtkWidget *widget = tf_context_form_get_field_widget (f->form, field);

  g_assert_true (GTK_IS_SPIN_BUTTON (widget));
  return GTK_SPIN_BUTTON (widget);
}

/* What a person does: types into the field, then leaves it. */
static void
type_into (GtkSpinButton *spin,
           const char    *text)
{
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (spin);
}

static void
assert_no_errors_but (Fixture    *f,
                      const char *except)
{
  for (guint i = 0; i < G_N_ELEMENTS (all_fields); i++)
    if (g_strcmp0 (all_fields[i], except) != 0)
      g_assert_null (tf_context_form_get_field_error (f->form, all_fields[i]));
}

static void
test_defaults (Fixture       *f,
               gconstpointer  data)
{
  TfContext ctx, engine;
  g_auto(GStrv) families = tf_context_form_dup_families (f->form);

  tf_context_form_get_context (f->form, &ctx);
  tf_context_init (&engine);
  g_assert_true (tf_context_form_get_valid (f->form));
  g_assert_cmpuint (ctx.n_chip, ==, 64);
  g_assert_cmpint (ctx.scope, ==, TF_SCOPE_INTER_RACK);
  g_assert_cmpuint (ctx.chips_per_board_max, ==, engine.chips_per_board_max);
  g_assert_cmpuint (ctx.chip_radix, ==, engine.chip_radix);
  g_assert_cmpint (ctx.intra_board_topo, ==, engine.intra_board_topo);
  g_assert_cmpuint (ctx.scale_up.links_per_chip, ==, engine.scale_up.links_per_chip);
  g_assert_cmpuint (ctx.scale_up.switch_radix, ==, engine.scale_up.switch_radix);
  /* The chip's budgets are the engine's generic chip's, and the drop-down says so: 900 GB/s
   * of scale-up bandwidth shared evenly (no port count), 50 GB/s NIC ports, 1000 W. */
  g_assert_cmpfloat (ctx.chip.scale_up_gbps, ==, 900);
  g_assert_cmpuint (ctx.chip.scale_up_ports, ==, 0);
  g_assert_cmpfloat (ctx.chip.nic_gbps, ==, 50);
  g_assert_cmpfloat (ctx.chip.power_w, ==, 1000);
  g_assert_cmpmem (&ctx.chip, sizeof ctx.chip, &engine.chip, sizeof engine.chip);
  g_assert_cmpstr (tf_chip_presets_get (gtk_drop_down_get_selected (chip_drop_down (f)))->name,
                   ==, "generic");
  /* The rack's budget is an air-cooled rack's, 40 kW, and its drop-down says so. */
  g_assert_cmpfloat (ctx.rack.power_kw, ==, 40);
  g_assert_cmpfloat (ctx.rack.power_kw, ==, engine.rack.power_kw);
  g_assert_cmpstr (tf_rack_presets_get (gtk_drop_down_get_selected (preset_drop_down (f,
                   "rack")))->name, ==, "air");
  g_assert_cmpfloat (ctx.switch_defaults.power_w_per_port, ==,
                     engine.switch_defaults.power_w_per_port);
  /* A switch port runs at the NIC's speed unless set: the field is empty. */
  g_assert_cmpfloat (ctx.switch_defaults.port_gbps, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field_spin (f,
                   "defaults.switch.port_gbps"))), ==, "");
  g_assert_cmpfloat (ctx.switch_defaults.latency_ns, ==, engine.switch_defaults.latency_ns);
  g_assert_cmpuint (ctx.switch_defaults.radix, ==, engine.switch_defaults.radix);
  /* No scale-up switches on the boards: their fields are out of the way. */
  g_assert_false (gtk_widget_get_visible (
    tf_context_form_get_field_widget (f->form, "defaults.scale_up.links_per_chip")));
  /* No per-link bandwidth is set: each link type's field is empty and the links take the
   * budgets (NAN in the context). */
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      g_autofree char *name = g_strdup_printf ("defaults.%s.bandwidth_gbps",
                                               tf_link_type_to_string (t));

      g_assert_true (isnan (engine.defaults[t].bandwidth_gbps));
      g_assert_true (isnan (ctx.defaults[t].bandwidth_gbps));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field_spin (f, name))), ==, "");
      g_assert_cmpfloat (ctx.defaults[t].latency_ns, ==, engine.defaults[t].latency_ns);
    }
  g_assert_cmpuint (g_strv_length (families), ==, tf_families_get_count ());
  assert_no_errors_but (f, NULL);
}

/* Every field of the engine's context has its widget in the form but the per-reach overrides,
 * which the form leaves to files and the command line. */
static void
test_every_field (Fixture       *f,
                  gconstpointer  data)
{
  const char *const *fields = tf_context_get_fields ();

  for (guint i = 0; fields[i] != NULL; i++)
    {
      g_test_message ("%s", fields[i]);
      if (g_str_equal (fields[i], "defaults.by_reach"))
        g_assert_null (tf_context_form_get_field_widget (f->form, fields[i]));
      else
        g_assert_nonnull (tf_context_form_get_field_widget (f->form, fields[i]));
    }
}

/* Every spec field takes its context, with every other field changed too. */
static void
test_round_trip (Fixture       *f,
                 gconstpointer  data)
{
  TfContext in, out;

  tf_context_init (&in);
  in.n_chip = 1000;
  in.scope = TF_SCOPE_INTRA_RACK;
  in.chips_per_board_max = 8;
  in.chip_radix = 3;
  in.intra_board_topo = TF_INTRA_BOARD_RING;
  in.boards_per_rack_max = 12;
  in.racks_per_pod_max = 20;
  in.switch_defaults.radix = 48;
  in.switch_defaults.latency_ns = 350;
  in.switch_defaults.port_gbps = 25;
  in.chip.scale_up_gbps = 123.5;
  in.chip.scale_up_ports = 9;
  in.chip.nic_gbps = 100;
  in.chip.power_w = 640;
  in.chip.host_w = 321;
  in.switch_defaults.power_w_per_port = 7.5;
  in.rack.power_kw = 75;
  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    in.warning_thresholds[i] = tf_warning_threshold_get (i)->default_value + 1;
  /* Per-link figures on two link types; the others keep none (NAN). */
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      if (t % 2 == 1)
        in.defaults[t].bandwidth_gbps = 10.5 * (t + 1);
      in.defaults[t].latency_ns = 111.0 * (t + 1);
    }
  tf_context_form_set_context (f->form, &in);
  tf_context_form_get_context (f->form, &out);
  g_assert_cmpmem (&in, sizeof in, &out, sizeof out);
  g_assert_true (tf_context_form_get_valid (f->form));
  g_assert_cmpuint (f->changed, ==, 1);
  /* Figures of no preset: the chip and the rack are Custom, the drop-downs' last items. */
  g_assert_cmpuint (gtk_drop_down_get_selected (chip_drop_down (f)), ==, n_presets ());
  g_assert_cmpuint (gtk_drop_down_get_selected (preset_drop_down (f, "rack")), ==,
                    n_rack_presets ());
}

/* A warning threshold set on the form is the context's, and the families read it: a ring of 16
 * boards has no warning at the spec's 32 and is high-diameter at 8. */
static void
test_warning_threshold (Fixture       *f,
                        gconstpointer  data)
{
  GtkWidget *spin = tf_context_form_get_field_widget (f->form,
                                                      "warning_thresholds.ring_max_endpoints");
  TfContext ctx;
  TfResult r;

  g_assert_true (GTK_IS_SPIN_BUTTON (spin));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 32);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tf_context_form_get_field_widget (f->form,
                                                                               "n_chip")),
                             32);
  tf_context_form_get_context (f->form, &ctx);
  g_assert_true (tf_result_from_id (&ctx, "ring:n_endpoint=16", &r, NULL));
  g_assert_false (tf_result_has_warning (&r, "high-diameter"));

  f->changed = 0;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 8);
  g_assert_true (tf_context_form_get_valid (f->form));
  g_assert_cmpuint (f->changed, ==, 1);
  tf_context_form_get_context (f->form, &ctx);
  g_assert_cmpuint (ctx.warning_thresholds[TF_THRESHOLD_RING_MAX_ENDPOINTS], ==, 8);
  g_assert_true (tf_result_from_id (&ctx, "ring:n_endpoint=16", &r, NULL));
  g_assert_true (tf_result_has_warning (&r, "high-diameter"));
}

/* Boards of scale-up switches: the dropdown's last choice, with the two fields that size them,
 * shown only then and labelled; they round-trip like the rest. */
static void
test_scale_up (Fixture       *f,
               gconstpointer  data)
{
  static const char *const fields[] = {
    "defaults.scale_up.links_per_chip", "defaults.scale_up.switch_radix",
  };
  TfContext in, out;

  tf_context_init (&in);
  in.n_chip = 512;
  in.scope = TF_SCOPE_INTER_RACK;
  in.intra_board_topo = TF_INTRA_BOARD_SWITCH;
  in.scale_up.links_per_chip = 8;
  in.scale_up.switch_radix = 256;
  tf_context_form_set_context (f->form, &in);
  tf_context_form_get_context (f->form, &out);
  g_assert_cmpmem (&in, sizeof in, &out, sizeof out);
  g_assert_true (tf_context_form_get_valid (f->form));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GtkWidget *widget = tf_context_form_get_field_widget (f->form, fields[i]);
      GList *labels = gtk_widget_list_mnemonic_labels (widget);

      g_assert_true (GTK_IS_SPIN_BUTTON (widget));
      g_assert_true (gtk_widget_get_visible (widget));
      g_assert_nonnull (labels);
      g_assert_true (gtk_widget_get_visible (labels->data));
      g_assert_nonnull (strchr (gtk_label_get_label (labels->data), '_'));
      g_list_free (labels);
    }

  /* Another board topology hides them, keeping their values. */
  in.intra_board_topo = TF_INTRA_BOARD_TORUS;
  tf_context_form_set_context (f->form, &in);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    g_assert_false (gtk_widget_get_visible (tf_context_form_get_field_widget (f->form,
                                                                              fields[i])));
  tf_context_form_get_context (f->form, &out);
  g_assert_cmpuint (out.scale_up.links_per_chip, ==, 8);
  g_assert_cmpuint (out.scale_up.switch_radix, ==, 256);
}

typedef struct
{
  const char *field;
  double      value;
} BadValue;

static const BadValue bad_values[] = {
  { "n_chip", 1 },
  { "n_chip", 0 },
  { "n_chip", (1u << 20) + 1 },
  { "chips_per_board_max", 0 },
  { "chip_radix", 0 },
  { "chip_radix", 65 },
  { "defaults.C2C.bandwidth_gbps", 1.5e9 },
  { "defaults.B2B.bandwidth_gbps", 2e9 },
  { "defaults.R2R.latency_ns", -5 },
  { "defaults.P2P.latency_ns", 5e12 },
  { "defaults.chip.scale_up_gbps", 0 },
  { "defaults.chip.scale_up_gbps", 2e9 },
  { "defaults.chip.scale_up_ports", 1025 },
  { "defaults.chip.nic_gbps", 0 },
  { "defaults.chip.nic_gbps", 1.5e9 },
  { "defaults.chip.power_w", 0 },
  { "defaults.chip.power_w", 2e6 },
  { "defaults.switch.port_gbps", 2e9 },
  { "defaults.chip.host_w", 2e6 },
  { "defaults.switch.power_w_per_port", 2e6 },
  { "defaults.rack.power_kw", 0 },
  { "defaults.rack.power_kw", 2e6 },
  { "warning_thresholds.ring_max_endpoints", 0 },
  { "warning_thresholds.low_utilization_percent", 99 },
  { "warning_thresholds.hyperx_high_dimension", 6 },
};

/* A bad value shows the engine's message for that field, on that field only; nothing runs;
 * a good value clears it and the form changes once. */
static void
test_rejects (Fixture       *f,
              gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_values); i++)
    {
      const BadValue *bad = &bad_values[i];
      GtkWidget *widget = tf_context_form_get_field_widget (f->form, bad->field);
      g_autoptr(GError) error = NULL;
      TfContext ctx;
      double good;

      g_test_message ("%s = %g", bad->field, bad->value);
      g_assert_true (GTK_IS_SPIN_BUTTON (widget));
      good = gtk_spin_button_get_value (GTK_SPIN_BUTTON (widget));
      f->changed = 0;

      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), bad->value);
      tf_context_form_get_context (f->form, &ctx);
      g_assert_false (tf_context_validate_field (&ctx, bad->field, &error));
      g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
      g_assert_false (tf_context_form_get_valid (f->form));
      g_assert_cmpstr (tf_context_form_get_field_error (f->form, bad->field), ==, error->message);
      g_assert_true (gtk_widget_has_css_class (widget, "error"));
      assert_no_errors_but (f, bad->field);
      g_assert_cmpuint (f->changed, ==, 0);

      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), good);
      g_assert_true (tf_context_form_get_valid (f->form));
      g_assert_null (tf_context_form_get_field_error (f->form, bad->field));
      g_assert_false (gtk_widget_has_css_class (widget, "error"));
      g_assert_cmpuint (f->changed, ==, 1);
    }
}

/* A per-link bandwidth, a switch port's speed and the scale-up port count are optional: an
 * empty field says what it stands for (its placeholder) and reads as none (NAN for a link's
 * figure, 0 for the other two); a figure typed in is the context's. */
static void
test_optional (Fixture       *f,
               gconstpointer  data)
{
  static const char *const fields[] = {
    "defaults.C2C.bandwidth_gbps", "defaults.P2P.bandwidth_gbps", "defaults.switch.port_gbps",
    "defaults.chip.scale_up_ports",
  };
  TfContext ctx;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GtkSpinButton *spin = field_spin (f, fields[i]);
      GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (spin));

      g_test_message ("%s", fields[i]);
      g_assert_true (GTK_IS_TEXT (text));
      g_assert_nonnull (gtk_text_get_placeholder_text (GTK_TEXT (text)));
      g_assert_cmpstr (gtk_text_get_placeholder_text (GTK_TEXT (text)), !=, "");
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "");
    }

  f->changed = 0;
  type_into (field_spin (f, "defaults.P2P.bandwidth_gbps"), "75");
  type_into (field_spin (f, "defaults.switch.port_gbps"), "25");
  type_into (field_spin (f, "defaults.chip.scale_up_ports"), "18");
  tf_context_form_get_context (f->form, &ctx);
  g_assert_cmpfloat (ctx.defaults[TF_LINK_P2P].bandwidth_gbps, ==, 75);
  g_assert_true (isnan (ctx.defaults[TF_LINK_C2C].bandwidth_gbps));
  g_assert_cmpfloat (ctx.switch_defaults.port_gbps, ==, 25);
  g_assert_cmpuint (ctx.chip.scale_up_ports, ==, 18);
  g_assert_true (tf_context_form_get_valid (f->form));
  g_assert_cmpuint (f->changed, ==, 3);

  /* Emptied again: none set. */
  type_into (field_spin (f, "defaults.P2P.bandwidth_gbps"), "");
  type_into (field_spin (f, "defaults.switch.port_gbps"), " ");
  type_into (field_spin (f, "defaults.chip.scale_up_ports"), "");
  tf_context_form_get_context (f->form, &ctx);
  g_assert_true (isnan (ctx.defaults[TF_LINK_P2P].bandwidth_gbps));
  g_assert_cmpfloat (ctx.switch_defaults.port_gbps, ==, 0);
  g_assert_cmpuint (ctx.chip.scale_up_ports, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field_spin (f,
                   "defaults.P2P.bandwidth_gbps"))), ==, "");
  g_assert_true (tf_context_form_get_valid (f->form));
  g_assert_cmpuint (f->changed, ==, 6);
}

/* The chip drop-down lists the engine's presets by their (translated) labels, then Custom. A
 * preset chosen sets the chip's figures (defaults.chip) and chip_radix to the preset's, leaves
 * every other field alone and changes the form once; a figure edited makes the chip Custom,
 * and the preset's figure back makes it that preset again. */
static void
test_chip_presets (Fixture       *f,
                   gconstpointer  data)
{
  GtkDropDown *drop_down = chip_drop_down (f);
  GListModel *items = gtk_drop_down_get_model (drop_down);
  guint n = n_presets ();
  TfContext before, ctx;

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, n + 1);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (items, i);

      g_assert_cmpstr (gtk_string_object_get_string (item), ==,
                       _(tf_chip_presets_get (i)->label));
    }

  /* Fields a preset has no say in, away from their defaults. */
  tf_context_form_get_context (f->form, &before);
  before.n_chip = 512;
  before.chip_radix = 4;
  before.switch_defaults.port_gbps = 40;
  before.defaults[TF_LINK_B2B].bandwidth_gbps = 64;
  tf_context_form_set_context (f->form, &before);

  for (guint i = n; i-- > 0;)
    {
      const TfChipPreset *preset = tf_chip_presets_get (i);
      TfContext expected = before;

      g_test_message ("%s", preset->name);
      expected.chip = preset->chip;
      expected.chip_radix = preset->chip_radix;
      f->changed = 0;
      gtk_drop_down_set_selected (drop_down, i);
      tf_context_form_get_context (f->form, &ctx);
      g_assert_cmpmem (&ctx, sizeof ctx, &expected, sizeof expected);
      g_assert_true (tf_context_form_get_valid (f->form));
      g_assert_cmpuint (f->changed, ==, 1);
      g_assert_cmpuint (gtk_drop_down_get_selected (drop_down), ==, i);
      /* The button may show a short name: the tooltip has the whole label. */
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (drop_down)), ==,
                       _(preset->label));
    }

  /* Generic is chosen (the loop's last). Its power edited: Custom; back: generic again. */
  gtk_spin_button_set_value (field_spin (f, "defaults.chip.power_w"), 1234);
  g_assert_cmpuint (gtk_drop_down_get_selected (drop_down), ==, n);
  gtk_spin_button_set_value (field_spin (f, "defaults.chip.power_w"),
                             tf_chip_presets_get (0)->chip.power_w);
  g_assert_cmpuint (gtk_drop_down_get_selected (drop_down), ==, 0);

  /* Custom chosen by hand keeps the figures as they are. */
  tf_context_form_get_context (f->form, &before);
  f->changed = 0;
  gtk_drop_down_set_selected (drop_down, n);
  tf_context_form_get_context (f->form, &ctx);
  g_assert_cmpmem (&ctx, sizeof ctx, &before, sizeof before);
  g_assert_cmpuint (f->changed, ==, 0);

  /* A context whose budgets are a preset's shows that preset. */
  tf_context_set_chip_preset (&ctx, tf_chip_preset_lookup ("h100"));
  tf_context_form_set_context (f->form, &ctx);
  g_assert_cmpstr (tf_chip_presets_get (gtk_drop_down_get_selected (drop_down))->name, ==,
                   "h100");
}

/* The rack drop-down: the engine's cooling classes, then Custom; one chosen sets the rack's
 * budget and nothing else. */
static void
test_rack_presets (Fixture       *f,
                   gconstpointer  data)
{
  GtkDropDown *drop_down = preset_drop_down (f, "rack");
  GListModel *items = gtk_drop_down_get_model (drop_down);
  guint n = n_rack_presets ();
  TfContext before, ctx;

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, n + 1);
  tf_context_form_get_context (f->form, &before);
  before.boards_per_rack_max = 32;
  tf_context_form_set_context (f->form, &before);
  for (guint i = n; i-- > 0;)
    {
      const TfRackPreset *preset = tf_rack_presets_get (i);
      g_autoptr(GtkStringObject) item = g_list_model_get_item (items, i);
      TfContext expected = before;

      g_test_message ("%s", preset->name);
      g_assert_cmpstr (gtk_string_object_get_string (item), ==, _(preset->label));
      expected.rack.power_kw = preset->power_kw;
      f->changed = 0;
      gtk_drop_down_set_selected (drop_down, i);
      tf_context_form_get_context (f->form, &ctx);
      g_assert_cmpmem (&ctx, sizeof ctx, &expected, sizeof expected);
      g_assert_cmpuint (f->changed, ==, 1);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (drop_down)), ==,
                       _(preset->label));
    }
  /* A budget of one's own: Custom. */
  gtk_spin_button_set_value (field_spin (f, "defaults.rack.power_kw"), 55);
  g_assert_cmpuint (gtk_drop_down_get_selected (drop_down), ==, n);
  tf_context_form_get_context (f->form, &ctx);
  g_assert_cmpfloat (ctx.rack.power_kw, ==, 55);
}

static void
test_families (Fixture       *f,
               gconstpointer  data)
{
  const char *const torus[] = { "torus", NULL };
  const char *const two[] = { "ring", "fat-tree", NULL };
  g_auto(GStrv) chosen = NULL;

  tf_context_form_set_families (f->form, torus);
  chosen = tf_context_form_dup_families (f->form);
  g_assert_cmpstrv (chosen, torus);
  g_assert_true (tf_context_form_get_valid (f->form));
  g_clear_pointer (&chosen, g_strfreev);

  /* The registry's order, whatever order they were asked in. */
  tf_context_form_set_families (f->form, two);
  chosen = tf_context_form_dup_families (f->form);
  g_assert_cmpuint (g_strv_length (chosen), ==, 2);
  g_assert_cmpstr (chosen[0], ==, "fat-tree");
  g_assert_cmpstr (chosen[1], ==, "ring");
  g_clear_pointer (&chosen, g_strfreev);

  f->changed = 0;
  tf_context_form_set_families (f->form, (const char *const[]) { "no-such-family", NULL });
  g_assert_false (tf_context_form_get_valid (f->form));
  g_assert_nonnull (tf_context_form_get_field_error (f->form, "families"));
  g_assert_cmpuint (f->changed, ==, 0);

  tf_context_form_set_families (f->form, NULL);
  chosen = tf_context_form_dup_families (f->form);
  g_assert_cmpuint (g_strv_length (chosen), ==, tf_families_get_count ());
  g_assert_true (tf_context_form_get_valid (f->form));
  g_assert_null (tf_context_form_get_field_error (f->form, "families"));
  g_assert_cmpuint (f->changed, ==, 1);
}

/* The main fields and the chip's have a label with a mnemonic (Alt+letter reaches them, and
 * screen readers read the label as the field's name). */
static void
test_labelled (Fixture       *f,
               gconstpointer  data)
{
  static const char *const fields[] = {
    "n_chip", "scope", "chips_per_board_max", "chip_radix", "intra_board_topo", "chip",
    "defaults.chip.scale_up_gbps", "defaults.chip.scale_up_ports", "defaults.chip.nic_gbps",
    "defaults.chip.power_w", "defaults.switch.port_gbps", "rack",
  };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GtkWidget *widget = tf_context_form_get_field_widget (f->form, fields[i]);
      GList *labels = gtk_widget_list_mnemonic_labels (widget);

      g_test_message ("%s", fields[i]);
      g_assert_nonnull (labels);
      g_assert_true (gtk_label_get_use_underline (labels->data));
      g_assert_nonnull (strchr (gtk_label_get_label (labels->data), '_'));
      g_list_free (labels);
    }
}

/* The zh_CN translation, built into the build tree's po/, is what the form shows when the
 * language asks for it (in a child, so the other tests keep English). */
static void
test_translated (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *po = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
      g_autoptr(TfContextForm) form = NULL;
      GList *labels;

      g_setenv ("LANGUAGE", "zh_CN", TRUE);
      g_assert_nonnull (setlocale (LC_ALL, "C.UTF-8"));
      bindtextdomain (GETTEXT_PACKAGE, po);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);  /* as main.c: the .ui templates use the default domain */
      g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "_Chips"), ==, "芯片数(_C)");
      form = g_object_ref_sink (TF_CONTEXT_FORM (tf_context_form_new ()));
      labels = gtk_widget_list_mnemonic_labels (tf_context_form_get_field_widget (form,
                                                                                  "n_chip"));
      g_assert_nonnull (labels);
      g_assert_cmpstr (gtk_label_get_label (labels->data), ==, "芯片数(_C)");
      g_list_free (labels);
      /* The chip drop-down's own item, and what an empty per-link bandwidth means. */
      {
        GtkDropDown *chip = GTK_DROP_DOWN (tf_context_form_get_field_widget (form, "chip"));
        GListModel *items = gtk_drop_down_get_model (chip);
        g_autoptr(GtkStringObject) custom = g_list_model_get_item (
          items, g_list_model_get_n_items (items) - 1);
        GtkWidget *bw = tf_context_form_get_field_widget (form, "defaults.B2B.bandwidth_gbps");

        g_assert_cmpstr (gtk_string_object_get_string (custom), ==, "自定义");
        g_assert_cmpstr (gtk_text_get_placeholder_text (GTK_TEXT (gtk_editable_get_delegate (
                           GTK_EDITABLE (bw)))), ==, "自动");
      }
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/context-form/defaults", Fixture, NULL, fixture_set_up, test_defaults,
              fixture_tear_down);
  g_test_add ("/ui/context-form/every-field", Fixture, NULL, fixture_set_up, test_every_field,
              fixture_tear_down);
  g_test_add ("/ui/context-form/round-trip", Fixture, NULL, fixture_set_up, test_round_trip,
              fixture_tear_down);
  g_test_add ("/ui/context-form/optional", Fixture, NULL, fixture_set_up, test_optional,
              fixture_tear_down);
  g_test_add ("/ui/context-form/chip-presets", Fixture, NULL, fixture_set_up, test_chip_presets,
              fixture_tear_down);
  g_test_add ("/ui/context-form/rack-presets", Fixture, NULL, fixture_set_up, test_rack_presets,
              fixture_tear_down);
  g_test_add ("/ui/context-form/rejects-bad-values", Fixture, NULL, fixture_set_up,
              test_rejects, fixture_tear_down);
  g_test_add ("/ui/context-form/warning-threshold", Fixture, NULL, fixture_set_up,
              test_warning_threshold, fixture_tear_down);
  g_test_add ("/ui/context-form/scale-up", Fixture, NULL, fixture_set_up, test_scale_up,
              fixture_tear_down);
  g_test_add ("/ui/context-form/families", Fixture, NULL, fixture_set_up, test_families,
              fixture_tear_down);
  g_test_add ("/ui/context-form/labelled", Fixture, NULL, fixture_set_up, test_labelled,
              fixture_tear_down);
  g_test_add_func ("/ui/context-form/translated", test_translated);
  return g_test_run ();
}
