/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search-form.c: the search-configuration form gives back the configuration it was given,
 * marks a bad value on its field with the engine loader's own message, and opens and saves the
 * file topoforge-cli optimize --config reads (the manual seeds: test-search-form-manual.c). */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "test-search-form-fixture.h"
#include "test-util.h"
#include "tf-screenshot.h"

static char *
example_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", name, NULL);
}

static void
load_example (const char     *name,
              TfSearchConfig *out)
{
  g_autofree char *path = example_path (name);
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_config_load_file (path, out, &error));
  g_assert_no_error (error);
}

static void
load_text (const char     *text,
           TfSearchConfig *out)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_config_load_data ("test.yaml", text, strlen (text), out, &error));
  g_assert_no_error (error);
}

static void
assert_workloads_equal (const TfWorkload *a,
                        const TfWorkload *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->model, ==, b->model);
  g_assert_cmpfloat (a->weight, ==, b->weight);
  g_assert_cmpuint (a->tp, ==, b->tp);
  g_assert_cmpuint (a->pp, ==, b->pp);
  g_assert_cmpuint (a->dp, ==, b->dp);
  g_assert_cmpuint (a->ep, ==, b->ep);
  g_assert_cmpuint (a->n_message_sizes, ==, b->n_message_sizes);
  g_assert_cmpmem (a->message_sizes, a->n_message_sizes * sizeof (guint64),
                   b->message_sizes, b->n_message_sizes * sizeof (guint64));
  g_assert_cmpuint (a->primitives, ==, b->primitives);
  g_assert_cmpfloat (a->parameters, ==, b->parameters);
  g_assert_cmpuint (a->layers, ==, b->layers);
  g_assert_cmpuint (a->global_batch_size, ==, b->global_batch_size);
  g_assert_cmpfloat (a->mfu, ==, b->mfu);
  g_assert_cmpfloat (a->compute_time_us, ==, b->compute_time_us);
  g_assert_cmpmem (a->overlap, sizeof a->overlap, b->overlap, sizeof b->overlap);
}

/* The fields the form edits, and what it keeps: every workload, the prices, the floor plan, the
 * reference point and the evaluator. */
static void
assert_configs_equal (const TfSearchConfig *a,
                      const TfSearchConfig *b)
{
  const TfHardwareConstraints *x = &a->hardware, *y = &b->hardware;

  g_assert_cmpuint (a->n_chip, ==, b->n_chip);
  g_assert_cmpint (a->context.scope, ==, b->context.scope);
  g_assert_cmpuint (a->context.chips_per_board_max, ==, b->context.chips_per_board_max);
  g_assert_cmpuint (a->context.chip_radix, ==, b->context.chip_radix);
  g_assert_cmpint (a->context.intra_board_topo, ==, b->context.intra_board_topo);
  g_assert_cmpuint (a->n_workloads, ==, b->n_workloads);
  for (guint i = 0; i < a->n_workloads; i++)
    assert_workloads_equal (&a->workloads[i], &b->workloads[i]);

  g_assert_cmpfloat (x->nic_bandwidth_gbps, ==, y->nic_bandwidth_gbps);
  g_assert_cmpfloat (x->c2c_bandwidth_gbps, ==, y->c2c_bandwidth_gbps);
  g_assert_cmpuint (x->n_radix_options, ==, y->n_radix_options);
  g_assert_cmpmem (x->radix_options, x->n_radix_options * sizeof (guint),
                   y->radix_options, y->n_radix_options * sizeof (guint));
  g_assert_cmpfloat (x->link_latency_us, ==, y->link_latency_us);
  g_assert_cmpfloat (x->max_optical_cable_length_m, ==, y->max_optical_cable_length_m);
  g_assert_cmpfloat (x->budget_usd, ==, y->budget_usd);
  g_assert_true (x->chip == y->chip);
  g_assert_cmpfloat (x->chip_power_w, ==, y->chip_power_w);
  g_assert_cmpfloat (x->host_power_w, ==, y->host_power_w);
  g_assert_cmpfloat (x->rack_power_kw, ==, y->rack_power_kw);
  g_assert_cmpuint (x->nic_ports_per_chip, ==, y->nic_ports_per_chip);
  g_assert_cmpuint (x->on_board_links_per_chip, ==, y->on_board_links_per_chip);
  g_assert_cmpuint (x->off_board_ports_per_chip, ==, y->off_board_ports_per_chip);
  g_assert_cmpmem (&a->prices, sizeof a->prices, &b->prices, sizeof b->prices);
  g_assert_cmpmem (&a->floor, sizeof a->floor, &b->floor, sizeof b->floor);

  g_assert_cmpuint (a->n_objectives, ==, b->n_objectives);
  g_assert_cmpmem (a->objectives, a->n_objectives * sizeof (TfObjective),
                   b->objectives, b->n_objectives * sizeof (TfObjective));

  g_assert_cmpint (a->family_enabled, ==, b->family_enabled);
  g_assert_cmpuint (a->n_families, ==, b->n_families);
  for (guint i = 0; i < a->n_families; i++)
    g_assert_true (a->families[i] == b->families[i]);
  g_assert_cmpint (a->family_edge_cases, ==, b->family_edge_cases);
  g_assert_cmpuint (a->intra_board_topos, ==, b->intra_board_topos);
  g_assert_cmpuint (a->n_chips_per_board, ==, b->n_chips_per_board);
  g_assert_cmpint (a->mutator_enabled, ==, b->mutator_enabled);
  g_assert_cmpuint (a->operators, ==, b->operators);
  g_assert_cmpfloat (a->mutation_rate, ==, b->mutation_rate);

  g_assert_cmpint (a->algorithm, ==, b->algorithm);
  g_assert_cmpuint (a->population_size, ==, b->population_size);
  g_assert_cmpuint (a->generations, ==, b->generations);
  g_assert_cmpuint (a->threads, ==, b->threads);
  g_assert_cmpuint (a->seed, ==, b->seed);
  for (guint i = 0; i < TF_N_OBJECTIVES; i++)
    g_assert_true ((isnan (a->reference_point[i]) && isnan (b->reference_point[i]))
                   || a->reference_point[i] == b->reference_point[i]);

  g_assert_cmpint (a->stage_2, ==, b->stage_2);
  g_assert_cmpfloat (a->pareto_threshold, ==, b->pareto_threshold);
  g_assert_cmpint (a->failures, ==, b->failures);
  g_assert_cmpfloat (a->disconnected_penalty_hops, ==, b->disconnected_penalty_hops);
}

/* A visible label under @widget showing @text. */
static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

static void
assert_round_trip (Fixture              *f,
                   const TfSearchConfig *in)
{
  g_auto(TfSearchConfig) out = { 0 };
  g_autoptr(GError) error = NULL;

  tf_search_form_set_config (f->form, in);
  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_null (tf_search_form_get_error (f->form));
  g_assert_true (tf_search_form_get_config (f->form, &out, &error));
  g_assert_no_error (error);
  assert_configs_equal (in, &out);
}

/* A fresh form holds a small run the loader accepts. */
/* Calls @func on each of the group's check buttons, in a box or a flow box. */
static void
foreach_check_in (TfSearchForm *form,
                  const char   *field,
                  void        (*func) (GtkCheckButton *check, gpointer data),
                  gpointer      data)
{
  GtkWidget *group = tf_search_form_get_field_widget (form, field);
  GtkWidget *child = group;

  while (child != NULL)
    {
      if (GTK_IS_CHECK_BUTTON (child))
        func (GTK_CHECK_BUTTON (child), data);
      if (gtk_widget_get_first_child (child) != NULL && !GTK_IS_CHECK_BUTTON (child))
        child = gtk_widget_get_first_child (child);
      else
        {
          while (child != group && gtk_widget_get_next_sibling (child) == NULL)
            child = gtk_widget_get_parent (child);
          child = child == group ? NULL : gtk_widget_get_next_sibling (child);
        }
    }
}

static void
set_active (GtkCheckButton *check,
            gpointer        data)
{
  gtk_check_button_set_active (check, GPOINTER_TO_INT (data));
}

static void
set_checks_in (TfSearchForm *form,
               const char   *field,
               gboolean      active)
{
  foreach_check_in (form, field, set_active, GINT_TO_POINTER (active));
}

/* Counts the checks in @data, and aborts on one without a label. */
static void
assert_labelled (GtkCheckButton *check,
                 gpointer        data)
{
  const char *label = gtk_check_button_get_label (check);

  g_assert_true (label != NULL && label[0] != '\0');
  (*(guint *) data)++;
}

static void
test_fresh (Fixture       *f,
            gconstpointer  data)
{
  g_auto(TfSearchConfig) out = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_null (tf_search_form_get_file (f->form));
  g_assert_true (tf_search_form_get_config (f->form, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out.n_chip, ==, 64);
  g_assert_cmpstr (out.workloads[0].model, ==, "test-small");
  g_assert_cmpuint ((guint64) out.population_size * out.generations, <=, 1000);
  /* Every intra-board topology has its check, each named (scale-up switches too). */
  {
    guint n = 0;

    foreach_check_in (f->form, "generators.family.intra_board_topo", assert_labelled, &n);
    g_assert_cmpuint (n, ==, TF_N_INTRA_BOARD_TOPOS);
  }
}

/* The Stage 2 check: a configuration's stage_2 sets it, and it sets stage_2. The spec's
 * g5_simulation runs SimGrid's Stage 2 where its simulator is found (the engine's rule,
 * tf_stage_2_simulator_for), so the check shows it ticked there and clear elsewhere, and it is
 * kept while the check stays as it was. SimGrid is optional: the check is insensitive without
 * it, and what this build has decides what the check shows. */
static void
test_stage_2 (Fixture       *f,
              gconstpointer  data)
{
  g_auto(TfSearchConfig) in = { 0 };
  GtkCheckButton *check = GTK_CHECK_BUTTON (tf_search_form_get_field_widget (f->form,
                                                                            "evaluator.stage_2"));
  TfStage2 expected[] = { TF_STAGE_2_SIMGRID, TF_STAGE_2_NONE, TF_STAGE_2_G5_SIMULATION };
  g_autofree char *simulator = tf_stage_2_find_simulator (NULL);
  gboolean found = simulator != NULL;

  g_test_message ("SimGrid's simulator: %s", found ? simulator : "none");
  g_assert_nonnull (check);
  g_assert_cmpint (gtk_widget_get_sensitive (GTK_WIDGET (check)), ==, found);
  g_assert_true (tf_search_form_get_config (f->form, &in, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(TfSearchConfig) out = { 0 };
      g_autoptr(GError) error = NULL;

      in.stage_2 = expected[i];
      tf_search_form_set_config (f->form, &in);
      g_assert_cmpint (gtk_check_button_get_active (check), ==,
                       expected[i] == TF_STAGE_2_SIMGRID
                       || (expected[i] == TF_STAGE_2_G5_SIMULATION && found));
      g_assert_true (tf_search_form_get_config (f->form, &out, &error));
      g_assert_no_error (error);
      g_assert_cmpint (out.stage_2, ==, expected[i]);
    }
  /* Ticked over g5_simulation: kept where it runs SimGrid's Stage 2, else SimGrid asked for. */
  gtk_check_button_set_active (check, TRUE);
  {
    g_auto(TfSearchConfig) out = { 0 };

    g_assert_true (tf_search_form_get_config (f->form, &out, NULL));
    g_assert_cmpint (out.stage_2, ==, found ? TF_STAGE_2_G5_SIMULATION : TF_STAGE_2_SIMGRID);
  }
  /* Cleared: none where g5_simulation would simulate, else the configuration's own. */
  gtk_check_button_set_active (check, FALSE);
  {
    g_auto(TfSearchConfig) out = { 0 };

    g_assert_true (tf_search_form_get_config (f->form, &out, NULL));
    g_assert_cmpint (out.stage_2, ==, found ? TF_STAGE_2_NONE : TF_STAGE_2_G5_SIMULATION);
  }
}

/* The form's Stage 2 check over @path's evaluator.stage_2 (g5_simulation): ticked when @found
 * (SimGrid's simulator is), and saved as the file had it, or as none once cleared. */
static void
assert_g5_opened_and_saved (TfSearchForm *form,
                            const char   *path,
                            const char   *dir,
                            gboolean      found)
{
  g_autofree char *saved_path = g_build_filename (dir, "g5.yaml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) saved_file = g_file_new_for_path (saved_path);
  GtkCheckButton *check = GTK_CHECK_BUTTON (tf_search_form_get_field_widget (form,
                                                                            "evaluator.stage_2"));
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_search_form_load_file (form, file, &error));
  g_assert_no_error (error);
  g_assert_true (tf_search_form_get_valid (form));
  g_assert_cmpint (gtk_widget_get_sensitive (GTK_WIDGET (check)), ==, found);
  g_assert_cmpint (gtk_check_button_get_active (check), ==, found);
  for (guint cleared = 0; cleared < 2; cleared++)
    {
      g_auto(TfSearchConfig) saved = { 0 };

      if (cleared)
        gtk_check_button_set_active (check, FALSE);
      g_assert_true (tf_search_form_save_file (form, saved_file, &error));
      g_assert_no_error (error);
      g_assert_true (tf_search_config_load_file (saved_path, &saved, &error));
      g_assert_no_error (error);
      g_assert_cmpint (saved.stage_2, ==, cleared && found ? TF_STAGE_2_NONE
                                                           : TF_STAGE_2_G5_SIMULATION);
    }
}

/* The spec's search_config.yaml, whose stage_2 is g5_simulation, opened in the form and saved:
 * in this build (with SimGrid's simulator or without it), and with $TOPOFORGE_SIMGRID naming
 * none, as a build without SimGrid has. */
static void
test_stage_2_g5 (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "spec-examples",
                                                 "search_config.yaml", NULL);
  g_autofree char *simulator = tf_stage_2_find_simulator (NULL);
  g_autofree char *before = g_strdup (g_getenv ("TOPOFORGE_SIMGRID"));
  g_auto(TfSearchConfig) in = { 0 };
  g_autoptr(GError) error = NULL;
  TfSearchForm *without;

  g_assert_true (tf_search_config_load_file (path, &in, &error));
  g_assert_no_error (error);
  g_assert_cmpint (in.stage_2, ==, TF_STAGE_2_G5_SIMULATION);
  assert_g5_opened_and_saved (f->form, path, f->dir, simulator != NULL);

  /* The check is set up as the form is made, so a form made without the simulator. */
  g_setenv ("TOPOFORGE_SIMGRID", "/nonexistent/topoforge-simgrid", TRUE);
  without = g_object_ref_sink (TF_SEARCH_FORM (tf_search_form_new ()));
  assert_g5_opened_and_saved (without, path, f->dir, FALSE);
  g_object_unref (without);
  if (before != NULL)
    g_setenv ("TOPOFORGE_SIMGRID", before, TRUE);
  else
    g_unsetenv ("TOPOFORGE_SIMGRID");
}

static void
test_round_trip_small (Fixture       *f,
                       gconstpointer  data)
{
  g_auto(TfSearchConfig) in = { 0 };

  load_example ("search-small.yaml", &in);
  assert_round_trip (f, &in);
  g_assert_cmpuint (f->changed, ==, 1);
  g_assert_false (shows_label (GTK_WIDGET (f->form), "1 more workload kept from the file"));
  /* Message sizes are shown with their binary suffix. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (
                     tf_search_form_get_field_widget (f->form, "workload.message_sizes_bytes"))),
                   ==, "1M, 16M");
}

/* What the form does not show rides along; an objective order the file chose is kept. */
static const char several_workloads[] =
  "n_chip: 64\n"
  "workloads:\n"
  "  - model: test-small\n"
  "    parallelism: {tp: 4, pp: 2, dp: 8}\n"
  "    weight: 2\n"
  "  - name: other\n"
  "    model: gpt-3-6.7b\n"
  "    parallelism: {tp: 8, pp: 1, dp: 8}\n"
  "    message_sizes_bytes: [4096, 65536]\n"
  "    mfu: 0.25\n"
  "objectives: [network_cost, iter_time, diameter]\n"
  "hardware_constraints: {switch_radix_options: [32, 64], budget_usd: 5e6, chip: h100,\n"
  "                       rack_power_kw: 132}\n"
  "cost:\n"
  "  prices:\n"
  "    switch: {32: 31000, 64: 52000}\n"
  "generators:\n"
  "  family: {families: [torus, fat-tree], edge_cases: true, intra_board_topo: [ring, none]}\n"
  "search: {algorithm: random, population_size: 8, generations: 2, seed: 77,\n"
  "         reference_point: {network_cost: 1e9}}\n"
  "evaluator: {failures: switches_and_links, pareto_threshold: 0.1}\n";

static void
test_round_trip_kept (Fixture       *f,
                      gconstpointer  data)
{
  g_auto(TfSearchConfig) in = { 0 };
  g_auto(TfSearchConfig) out = { 0 };
  g_autoptr(GError) error = NULL;
  GtkWidget *objectives, *child;

  load_text (several_workloads, &in);
  assert_round_trip (f, &in);
  g_assert_true (shows_label (GTK_WIDGET (f->form), "1 more workload kept from the file"));

  /* Tick apl, untick diameter: the file's order stays, the new one comes last. */
  objectives = tf_search_form_get_field_widget (f->form, "objectives");
  for (child = gtk_widget_get_first_child (objectives); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *label = gtk_check_button_get_label (GTK_CHECK_BUTTON (child));

      if (g_str_has_prefix (label, "apl "))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (child), TRUE);
      else if (g_str_has_prefix (label, "diameter"))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (child), FALSE);
    }
  g_assert_true (tf_search_form_get_config (f->form, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out.n_objectives, ==, 3);
  g_assert_cmpint (out.objectives[0], ==, TF_OBJECTIVE_NETWORK_COST);
  g_assert_cmpint (out.objectives[1], ==, TF_OBJECTIVE_ITER_TIME);
  g_assert_cmpint (out.objectives[2], ==, TF_OBJECTIVE_APL);
  g_assert_cmpfloat (out.prices.switch_price[0], ==, 31000);
  g_assert_cmpstr (out.workloads[1].name, ==, "other");
}

/* tp * pp * dp != n_chip: the loader blames the parallelism, and the form says so there. */
static void
test_parallelism_error (Fixture       *f,
                        gconstpointer  data)
{
  g_auto(TfSearchConfig) in = { 0 };
  g_auto(TfSearchConfig) out = { 0 };
  g_autoptr(GError) error = NULL;
  GtkSpinButton *tp;
  const char *message;
  guint notified;

  load_example ("search-small.yaml", &in);
  tf_search_form_set_config (f->form, &in);
  tp = GTK_SPIN_BUTTON (tf_search_form_get_field_widget (f->form, "workload.parallelism.tp"));
  g_assert_nonnull (tp);
  notified = f->valid_notified;
  f->changed = 0;

  gtk_spin_button_set_value (tp, 8);
  g_assert_false (tf_search_form_get_valid (f->form));
  g_assert_cmpuint (f->valid_notified, ==, notified + 1);
  g_assert_cmpuint (f->changed, ==, 1);
  message = tf_search_form_get_field_error (f->form, "workload.parallelism");
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "tp * pp * dp = 8 * 2 * 8 = 128 but n_chip is 64"));
  g_assert_true (gtk_widget_has_css_class (
                   tf_search_form_get_field_widget (f->form, "workload.parallelism"), "error"));
  /* A screen reader hears it too. */
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (tf_search_form_get_field_widget (
                                                      f->form, "workload.parallelism")),
                                    GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (tf_search_form_get_field_widget (
                                                         f->form, "workload.parallelism")),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message);
  g_assert_null (tf_search_form_get_field_error (f->form, "n_chip"));
  g_assert_false (tf_search_form_get_config (f->form, &out, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
  g_assert_cmpstr (error->message, ==, message);

  /* n_chip 128 makes it right again. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tf_search_form_get_field_widget (f->form,
                                                                               "n_chip")), 128);
  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_cmpuint (f->valid_notified, ==, notified + 2);
  g_assert_null (tf_search_form_get_field_error (f->form, "workload.parallelism"));
  g_assert_false (gtk_widget_has_css_class (
                    tf_search_form_get_field_widget (f->form, "workload.parallelism"), "error"));
}

static void
test_message_sizes (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(TfSearchConfig) out = { 0 };
  g_autoptr(GError) error = NULL;
  GtkEditable *sizes = GTK_EDITABLE (tf_search_form_get_field_widget (f->form,
                                                                      "workload.message_sizes_bytes"));

  gtk_editable_set_text (sizes, "1M, 3x");
  g_assert_false (tf_search_form_get_valid (f->form));
  g_assert_nonnull (strstr (tf_search_form_get_field_error (f->form,
                                                            "workload.message_sizes_bytes"),
                            "3x"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (sizes), "error"));

  gtk_editable_set_text (sizes, "4096, 64k, 2 MiB, 1G");
  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_true (tf_search_form_get_config (f->form, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out.workloads[0].n_message_sizes, ==, 4);
  g_assert_cmpuint (out.workloads[0].message_sizes[0], ==, 4096);
  g_assert_cmpuint (out.workloads[0].message_sizes[1], ==, 65536);
  g_assert_cmpuint (out.workloads[0].message_sizes[2], ==, 2u << 20);
  g_assert_cmpuint (out.workloads[0].message_sizes[3], ==, 1u << 30);

  /* A size the loader refuses (above 1 TiB) is blamed on the same field. */
  gtk_editable_set_text (sizes, "2048G");
  g_assert_false (tf_search_form_get_valid (f->form));
  g_assert_nonnull (tf_search_form_get_field_error (f->form, "workload.message_sizes_bytes"));
}

static void
set_spin (TfSearchForm *form,
          const char   *field,
          double        value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tf_search_form_get_field_widget (form, field)),
                             value);
}

static void
set_text (TfSearchForm *form,
          const char   *field,
          const char   *text)
{
  gtk_editable_set_text (GTK_EDITABLE (tf_search_form_get_field_widget (form, field)), text);
}

static void edit_no_objective (TfSearchForm *form) { set_checks_in (form, "objectives", FALSE); }
static void edit_no_primitive (TfSearchForm *form)
{
  set_checks_in (form, "workload.required_primitives", FALSE);
}
static void edit_no_intra (TfSearchForm *form)
{
  set_checks_in (form, "generators.family.intra_board_topo", FALSE);
}
static void edit_no_family (TfSearchForm *form)
{
  set_checks_in (form, "generators.family.families", FALSE);
}
static void edit_family_off (TfSearchForm *form)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (tf_search_form_get_field_widget (
                                 form, "generators.family.enabled")), FALSE);
}
static void edit_radix_text (TfSearchForm *form)
{
  set_text (form, "hardware_constraints.switch_radix_options", "32, x");
}
static void edit_radix_unpriced (TfSearchForm *form)
{
  set_text (form, "hardware_constraints.switch_radix_options", "32, 48");
}
static void edit_nic_ports (TfSearchForm *form)
{
  set_spin (form, "hardware_constraints.nic_ports_per_chip", 7);
}
static void edit_rack_power (TfSearchForm *form)
{
  set_spin (form, "hardware_constraints.rack_power_kw", 0);
}
static void edit_evaluations (TfSearchForm *form)
{
  set_spin (form, "search.population_size", 5000);
  set_spin (form, "search.generations", 50000);
}
static void edit_population (TfSearchForm *form) { set_spin (form, "search.population_size", 2); }
static void edit_ep (TfSearchForm *form) { set_spin (form, "workload.parallelism.ep", 3); }
static void edit_nic_bandwidth (TfSearchForm *form)
{
  set_spin (form, "hardware_constraints.nic_bandwidth_gb_per_s", 0);
}

static void
edit_edits_per_child (TfSearchForm *form)
{
  set_spin (form, "generators.graph_mutator.edits_per_child", 99);
}

typedef struct
{
  void      (*edit) (TfSearchForm *form);
  const char *field;     /* the field the loader (or the form) blames */
} BadEdit;

static const BadEdit bad_edits[] = {
  { edit_no_objective, "objectives" },
  { edit_no_primitive, "workload.required_primitives" },
  { edit_no_intra, "generators.family.intra_board_topo" },
  { edit_no_family, "generators.family.families" },
  { edit_family_off, "generators.family.enabled" },
  { edit_radix_text, "hardware_constraints.switch_radix_options" },
  { edit_radix_unpriced, "hardware_constraints.switch_radix_options" },
  { edit_nic_ports, "hardware_constraints.nic_ports_per_chip" },
  { edit_rack_power, "hardware_constraints.rack_power_kw" },
  { edit_evaluations, "search" },
  { edit_population, "search.population_size" },
  { edit_ep, "workload.parallelism" },
  { edit_nic_bandwidth, "hardware_constraints.nic_bandwidth_gb_per_s" },
  { edit_edits_per_child, "generators.graph_mutator.edits_per_child" },
};

/* The generic template and several edits per child, as the form sets them: the family seeds may
 * then be off, since the template seeds the first population. */
static void
test_template (void)
{
  g_autoptr(TfSearchForm) form = g_object_ref_sink (TF_SEARCH_FORM (tf_search_form_new ()));
  g_auto(TfSearchConfig) config = { 0 };
  g_autoptr(GError) error = NULL;

  gtk_check_button_set_active (GTK_CHECK_BUTTON (tf_search_form_get_field_widget (
                                 form, "generators.generic_template")), TRUE);
  set_spin (form, "generators.graph_mutator.edits_per_child", 3);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (tf_search_form_get_field_widget (
                                 form, "generators.graph_crossover")), TRUE);
  edit_family_off (form);
  g_assert_true (tf_search_form_get_valid (form));
  g_assert_true (tf_search_form_get_config (form, &config, &error));
  g_assert_no_error (error);
  g_assert_true (config.template_enabled);
  g_assert_false (config.family_enabled);
  g_assert_cmpuint (config.edits_per_child, ==, 3);
  g_assert_true (config.crossover_enabled);
}

/* Each bad edit of a fresh form is shown on the field it breaks, and nowhere else. */
static void
test_bad_edits (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_edits); i++)
    {
      g_autoptr(TfSearchForm) form = g_object_ref_sink (TF_SEARCH_FORM (tf_search_form_new ()));
      const char *message;

      g_assert_true (tf_search_form_get_valid (form));
      bad_edits[i].edit (form);
      message = tf_search_form_get_field_error (form, bad_edits[i].field);
      g_test_message ("%s: %s", bad_edits[i].field, message);
      g_assert_nonnull (message);
      g_assert_cmpstr (tf_search_form_get_error (form), ==, message);
      g_assert_false (tf_search_form_get_valid (form));
      g_assert_true (gtk_widget_has_css_class (tf_search_form_get_field_widget (
                                                 form, bad_edits[i].field), "error"));
    }
}

static void
test_save_load (Fixture       *f,
                gconstpointer  data)
{
  g_auto(TfSearchConfig) in = { 0 };
  g_auto(TfSearchConfig) form = { 0 };
  g_auto(TfSearchConfig) saved = { 0 };
  g_autofree char *path = g_build_filename (f->dir, "saved.yaml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  load_text (several_workloads, &in);
  tf_search_form_set_config (f->form, &in);
  g_assert_true (tf_search_form_save_file (f->form, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_equal (tf_search_form_get_file (f->form), file));
  g_assert_true (tf_search_config_load_file (path, &saved, &error));
  g_assert_no_error (error);
  g_assert_true (tf_search_form_get_config (f->form, &form, &error));
  g_assert_no_error (error);
  assert_configs_equal (&in, &saved);
  assert_configs_equal (&form, &saved);

  /* An invalid form is not saved, and the file stays as it was. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tf_search_form_get_field_widget (f->form,
                                                                               "n_chip")), 100);
  g_assert_false (tf_search_form_save_file (f->form, file, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
  g_clear_error (&error);
  tf_search_config_clear (&saved);
  g_assert_true (tf_search_config_load_file (path, &saved, &error));
  g_assert_cmpuint (saved.n_chip, ==, 64);
}

static void
test_load_1024 (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = example_path ("search-1024.yaml");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_auto(TfSearchConfig) in = { 0 };
  GtkWidget *n_chip = tf_search_form_get_field_widget (f->form, "n_chip");

  g_assert_true (tf_search_form_load_file (f->form, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (n_chip)), ==, "1024");
  g_assert_true (g_file_equal (tf_search_form_get_file (f->form), file));
  g_assert_true (tf_search_form_get_valid (f->form));
  load_example ("search-1024.yaml", &in);
  assert_round_trip (f, &in);
}

/* A broken file: the loader's FILE:LINE:COLUMN message, and the form as it was. */
static void
test_load_broken (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "broken.yaml", NULL);
  g_autofree char *prefix = g_strconcat (path, ":4:", NULL);
  g_autofree char *escaped = g_regex_escape_string (path, -1);
  g_autofree char *pattern = g_strconcat ("^", escaped, ":[0-9]+:[0-9]+: ", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  GtkWidget *n_chip = tf_search_form_get_field_widget (f->form, "n_chip");
  g_autofree char *before = g_strdup (gtk_editable_get_text (GTK_EDITABLE (n_chip)));

  g_assert_true (g_file_set_contents (path, "n_chip: 128\nworkload: \"open\n", -1,
                                      NULL));
  g_assert_false (tf_search_form_load_file (f->form, file, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
  g_test_message ("%s", error->message);
  g_assert_true (g_regex_match_simple (pattern, error->message, 0, 0));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (n_chip)), ==, before);
  g_assert_null (tf_search_form_get_file (f->form));
  g_assert_true (tf_search_form_get_valid (f->form));

  /* A well-formed file that breaks a rule names its field. */
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (path, "n_chip: 64\nworkload:\n  model: test-small\n"
                                      "  parallelism: {tp: 3, pp: 2, dp: 8}\n", -1, NULL));
  g_assert_false (tf_search_form_load_file (f->form, file, &error));
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, "field 'workload.parallelism'"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (n_chip)), ==, before);
}

/* Choosing a preset puts its model in; Custom lets the compute time be given. */
static void
test_model (Fixture       *f,
            gconstpointer  data)
{
  g_auto(TfSearchConfig) out = { 0 };
  g_autoptr(GError) error = NULL;
  GtkDropDown *model = GTK_DROP_DOWN (tf_search_form_get_field_widget (f->form,
                                                                       "workload.model"));
  GtkWidget *compute = tf_search_form_get_field_widget (f->form, "workload.compute_time_us");
  GListModel *items = gtk_drop_down_get_model (model);
  guint n = g_list_model_get_n_items (items);
  guint gpt = GTK_INVALID_LIST_POSITION;

  g_assert_cmpuint (n, >=, 2);
  g_assert_false (gtk_widget_get_sensitive (compute));
  for (guint i = 0; i + 1 < n; i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (items), i), "gpt-3-6.7b"))
      gpt = i;
  g_assert_cmpuint (gpt, !=, GTK_INVALID_LIST_POSITION);

  gtk_drop_down_set_selected (model, gpt);
  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_true (tf_search_form_get_config (f->form, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (out.workloads[0].model, ==, "gpt-3-6.7b");
  g_assert_cmpfloat (out.workloads[0].parameters, ==, 6.7e9);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (compute)), ==,
                     out.workloads[0].compute_time_us);
  tf_search_config_clear (&out);

  gtk_drop_down_set_selected (model, n - 1);
  g_assert_true (gtk_widget_get_sensitive (compute));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (compute), 123456);
  g_assert_true (tf_search_form_get_valid (f->form));
  g_assert_true (tf_search_form_get_config (f->form, &out, &error));
  g_assert_no_error (error);
  g_assert_null (out.workloads[0].model);
  g_assert_cmpfloat (out.workloads[0].compute_time_us, ==, 123456);
}

static void
save_picture (GtkWidget  *window,
              const char *dir,
              const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 50; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
  g_assert_true (tf_screenshot_save (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  if (g_getenv ("TF_KEEP_PICTURES") == NULL)
    g_remove (path);
}

/* Pictures of the form in a column as the Optimize view holds it, top and bottom, with the
 * app's CSS: kept as /tmp/search-form.png and /tmp/search-form-end.png when TF_KEEP_PICTURES is
 * set, for people to look at. */
static void
test_screenshot (Fixture       *f,
                 gconstpointer  data)
{
  const char *dir = g_getenv ("TF_KEEP_PICTURES") ? g_get_tmp_dir () : f->dir;
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autoptr(GtkWidget) window_ref = g_object_ref_sink (window);
  GtkAdjustment *vadjustment;

  gtk_css_provider_load_from_resource (css, "/io/github/topoforge/Topoforge/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_widget_set_margin_start (GTK_WIDGET (f->form), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (f->form), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (f->form), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (f->form), 12);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (f->form));
  gtk_widget_set_size_request (scrolled, 320, -1);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 340, 1150);
  /* A message under a field, to see how it sits there. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tf_search_form_get_field_widget (f->form,
                                                                               "workload.parallelism.tp")), 8);
  g_assert_false (tf_search_form_get_valid (f->form));
  gtk_window_present (GTK_WINDOW (window));
  save_picture (window, dir, "search-form.png");

  /* A seed file that does not load, its message under the list. */
  {
    g_autofree char *bad = tf_test_source_path ("tests", "bad", "chip-beyond.yaml", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (bad);

    g_assert_true (tf_search_form_add_manual_file (f->form, file, NULL));
  }
  vadjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), >, 1150);
  gtk_adjustment_set_value (vadjustment, gtk_adjustment_get_upper (vadjustment));
  save_picture (window, dir, "search-form-end.png");

  gtk_style_context_remove_provider_for_display (gdk_display_get_default (),
                                                 GTK_STYLE_PROVIDER (css));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A generated topology of @n_chip chips in the fixture's folder. */
int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add ("/ui/search-form/" path, Fixture, NULL, fixture_set_up, func, \
                                    fixture_tear_down)
  ADD ("fresh", test_fresh);
  ADD ("round-trip/small", test_round_trip_small);
  ADD ("round-trip/kept", test_round_trip_kept);
  ADD ("parallelism-error", test_parallelism_error);
  ADD ("message-sizes", test_message_sizes);
  g_test_add_func ("/ui/search-form/bad-edits", test_bad_edits);
  g_test_add_func ("/ui/search-form/template", test_template);
  ADD ("save-load", test_save_load);
  ADD ("load/1024", test_load_1024);
  ADD ("load/broken", test_load_broken);
  ADD ("model", test_model);
  ADD ("stage-2", test_stage_2);
  ADD ("stage-2/g5_simulation", test_stage_2_g5);
  ADD ("screenshot", test_screenshot);
#undef ADD

  return g_test_run ();
}
