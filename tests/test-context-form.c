/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-context-form.c: the EnumerationContext form marks bad values on their fields with the
 * engine's own message, and only a valid form says it changed. */
#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>
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
  "defaults.C2C.bandwidth_gbps", "defaults.C2C.latency_ns",
  "defaults.B2B.bandwidth_gbps", "defaults.B2B.latency_ns",
  "defaults.R2R.bandwidth_gbps", "defaults.R2R.latency_ns",
  "defaults.P2P.bandwidth_gbps", "defaults.P2P.latency_ns",
  "defaults.scale_up.links_per_chip", "defaults.scale_up.switch_radix",
  "families",
};

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
  /* No scale-up switches on the boards: their fields are out of the way. */
  g_assert_false (gtk_widget_get_visible (
    tf_context_form_get_field_widget (f->form, "defaults.scale_up.links_per_chip")));
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      g_assert_cmpfloat (ctx.defaults[t].bandwidth_gbps, ==, engine.defaults[t].bandwidth_gbps);
      g_assert_cmpfloat (ctx.defaults[t].latency_ns, ==, engine.defaults[t].latency_ns);
    }
  g_assert_cmpuint (g_strv_length (families), ==, tf_families_get_count ());
  assert_no_errors_but (f, NULL);
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
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    {
      in.defaults[t].bandwidth_gbps = 10.5 * (t + 1);
      in.defaults[t].latency_ns = 111.0 * (t + 1);
    }
  tf_context_form_set_context (f->form, &in);
  tf_context_form_get_context (f->form, &out);
  g_assert_cmpmem (&in, sizeof in, &out, sizeof out);
  g_assert_true (tf_context_form_get_valid (f->form));
  g_assert_cmpuint (f->changed, ==, 1);
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
  { "defaults.C2C.bandwidth_gbps", 0 },
  { "defaults.B2B.bandwidth_gbps", 2e9 },
  { "defaults.R2R.latency_ns", -5 },
  { "defaults.P2P.latency_ns", 5e12 },
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

/* The main fields have a label with a mnemonic (Alt+letter reaches them, and screen readers
 * read the label as the field's name). */
static void
test_labelled (Fixture       *f,
               gconstpointer  data)
{
  for (guint i = 0; i < 5; i++)
    {
      GtkWidget *widget = tf_context_form_get_field_widget (f->form, all_fields[i]);
      GList *labels = gtk_widget_list_mnemonic_labels (widget);

      g_test_message ("%s", all_fields[i]);
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
  g_test_add ("/ui/context-form/round-trip", Fixture, NULL, fixture_set_up, test_round_trip,
              fixture_tear_down);
  g_test_add ("/ui/context-form/rejects-bad-values", Fixture, NULL, fixture_set_up,
              test_rejects, fixture_tear_down);
  g_test_add ("/ui/context-form/scale-up", Fixture, NULL, fixture_set_up, test_scale_up,
              fixture_tear_down);
  g_test_add ("/ui/context-form/families", Fixture, NULL, fixture_set_up, test_families,
              fixture_tear_down);
  g_test_add ("/ui/context-form/labelled", Fixture, NULL, fixture_set_up, test_labelled,
              fixture_tear_down);
  g_test_add_func ("/ui/context-form/translated", test_translated);
  return g_test_run ();
}
