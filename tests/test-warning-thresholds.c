/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-warning-thresholds.c: the usability warnings' thresholds in the context (issue 33): the
 * spec's numbers by default, read by the families, checked, and written to and read back from a
 * topology file (docs/spec-notes.md, "Warning thresholds (issue 33)"). */
#include <string.h>

#include "test-util.h"

#define RING TF_THRESHOLD_RING_MAX_ENDPOINTS

/* The spec's numbers: "256、64、128、32、16" and each family's usability warnings. */
static void
test_defaults (void)
{
  static const struct { const char *name; guint value; } spec[] = {
    { "fat_tree_3_layer_min_endpoints", 256 },
    { "fat_tree_aggressive_osr", 2 },
    { "dragonfly_min_endpoints", 64 },
    { "dragonfly_plus_min_endpoints", 128 },
    { "low_utilization_percent", 150 },
    { "torus_max_aspect", 4 },
    { "hypercube_high_dimension", 8 },
    { "hyperx_high_dimension", 4 },
    { "hyperx_max_aspect", 2 },
    { "ring_max_endpoints", 32 },
    { "full_mesh_max_endpoints", 16 },
    { "slimfly_min_endpoints", 64 },
    { "polarfly_min_endpoints", 64 },
  };
  const char *const *fields = tf_context_get_fields ();
  TfContext ctx;
  guint n = 0;

  G_STATIC_ASSERT (G_N_ELEMENTS (spec) == TF_N_WARNING_THRESHOLDS);
  tf_context_init (&ctx);
  for (guint i = 0; i < G_N_ELEMENTS (spec); i++)
    {
      TfWarningThreshold t;
      const TfWarningThresholdInfo *info;
      g_autofree char *field = NULL;
      gboolean listed = FALSE;

      g_test_message ("%s", spec[i].name);
      g_assert_true (tf_warning_threshold_lookup (spec[i].name, &t));
      info = tf_warning_threshold_get (t);
      g_assert_cmpstr (info->name, ==, spec[i].name);
      g_assert_cmpuint (info->default_value, ==, spec[i].value);
      g_assert_cmpuint (ctx.warning_thresholds[t], ==, spec[i].value);
      g_assert_cmpuint (info->min, <=, info->default_value);
      g_assert_cmpuint (info->default_value, <=, info->max);
      g_assert_nonnull (info->warning);
      g_assert_nonnull (info->description);
      field = g_strconcat ("warning_thresholds.", spec[i].name, NULL);
      g_assert_cmpstr (info->field, ==, field);
      for (guint f = 0; fields[f] != NULL; f++)
        listed |= strcmp (fields[f], field) == 0;
      g_assert_true (listed);
      n++;
    }
  g_assert_cmpuint (n, ==, TF_N_WARNING_THRESHOLDS);
  g_assert_null (tf_warning_threshold_get (TF_N_WARNING_THRESHOLDS));
  g_assert_false (tf_warning_threshold_lookup ("no_such_threshold", &(TfWarningThreshold) { 0 }));
}

/* A threshold out of its range breaks the context, naming the field, the value and the rule. */
static void
test_validate (void)
{
  TfContext ctx = tf_test_context (32, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_context_validate (&ctx, NULL));
  ctx.warning_thresholds[RING] = 0;
  g_assert_false (tf_context_validate (&ctx, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
  g_assert_cmpstr (error->message, ==, "warning_thresholds.ring_max_endpoints = 0: "
                   "warning_thresholds.ring_max_endpoints must be from 1 to 1048576");
  g_clear_error (&error);
  g_assert_false (tf_context_validate_field (&ctx, "warning_thresholds.ring_max_endpoints",
                                             NULL));
  ctx.warning_thresholds[RING] = 1;
  g_assert_true (tf_context_validate (&ctx, NULL));
  ctx.warning_thresholds[TF_THRESHOLD_LOW_UTILIZATION_PERCENT] = 99;
  g_assert_false (tf_context_validate (&ctx, &error));
  g_assert_nonnull (strstr (error->message, "low_utilization_percent must be from 100"));
}

/* A ring of 16 boards has no warning at the spec's 32; at 8 it is high-diameter, an edge case. */
static void
test_ring (void)
{
  TfContext ctx = tf_test_context (32, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  TfResult r;
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_result_from_id (&ctx, "ring:n_endpoint=16", &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.n_warnings, ==, 0);
  g_assert_cmpint (tf_result_get_status (&r), ==, TF_STATUS_RECOMMENDED);

  ctx.warning_thresholds[RING] = 16;
  g_assert_true (tf_result_from_id (&ctx, "ring:n_endpoint=16", &r, NULL));
  g_assert_false (tf_result_has_warning (&r, "high-diameter"));

  ctx.warning_thresholds[RING] = 8;
  g_assert_true (tf_result_from_id (&ctx, "ring:n_endpoint=16", &r, NULL));
  g_assert_cmpuint (r.n_warnings, ==, 1);
  g_assert_true (tf_result_has_warning (&r, "high-diameter"));
  g_assert_cmpint (tf_result_get_status (&r), ==, TF_STATUS_EDGE_CASE);
}

/* Raising a threshold takes a warning away: a dragonfly below 64 boards is no longer
 * degenerate when the threshold is 1, and a full mesh of 32 boards no longer explodes. */
static void
test_raise (void)
{
  TfContext ctx = tf_test_context (32, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  TfResult r;

  g_assert_true (tf_result_from_id (&ctx, "full-mesh:n_endpoint=32", &r, NULL));
  g_assert_true (tf_result_has_warning (&r, "link-explosion"));
  ctx.warning_thresholds[TF_THRESHOLD_FULL_MESH_MAX_ENDPOINTS] = 32;
  g_assert_true (tf_result_from_id (&ctx, "full-mesh:n_endpoint=32", &r, NULL));
  g_assert_false (tf_result_has_warning (&r, "link-explosion"));
}

static char *
write_ring (guint threshold)
{
  TfContext ctx = tf_test_context (32, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  GString *out = g_string_new (NULL);

  ctx.warning_thresholds[RING] = threshold;
  g_assert_true (tf_generate (&ctx, "ring:n_endpoint=16", NULL, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_true (tf_topology_write_yaml (&t, out, &error));
  g_assert_no_error (error);
  return g_string_free (out, FALSE);
}

/* Thresholds at the spec's numbers are not written (files stay as they were); a changed one is,
 * and reads back, with the warning it raises. */
static void
test_round_trip (void)
{
  g_autofree char *plain = write_ring (32);
  g_autofree char *text = write_ring (8);
  g_auto(TfTopology) back = { 0 };
  g_autoptr(GString) again = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_null (strstr (plain, "warning_thresholds"));
  g_assert_nonnull (strstr (text, "    warning_thresholds:\n      ring_max_endpoints: 8\n"));
  g_assert_true (tf_topology_load_data ("t.yaml", text, strlen (text), NULL, &back, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < TF_N_WARNING_THRESHOLDS; i++)
    g_assert_cmpuint (back.context.warning_thresholds[i], ==,
                      i == RING ? 8 : tf_warning_threshold_get (i)->default_value);
  g_assert_true (tf_result_has_warning (&back.result, "high-diameter"));
  g_assert_true (tf_topology_write_yaml (&back, again, &error));
  g_assert_cmpstr (again->str, ==, text);
}

/* The line and column (1-based) where @needle starts in @text. */
static void
where (const char *text,
       const char *needle,
       guint      *line,
       guint      *column)
{
  const char *at = strstr (text, needle);

  g_assert_nonnull (at);
  *line = 1;
  *column = 1;
  for (const char *p = text; p < at; p++)
    {
      if (*p == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else
        (*column)++;
    }
}

static void
assert_load_fails (const char *text,
                   const char *expected)
{
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_false (tf_topology_load_data ("t.yaml", text, strlen (text), NULL, &t, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_FILE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_null (strchr (error->message, '\n'));
}

/* A value out of range, or an unknown name, is an error at its file:line:column naming the
 * field. */
static void
test_file_errors (void)
{
  g_autofree char *text = write_ring (8);
  g_autoptr(GString) bad = g_string_new (text);
  g_autofree char *expected = NULL;
  guint line, column;

  g_string_replace (bad, "ring_max_endpoints: 8", "ring_max_endpoints: 0", 1);
  where (bad->str, "ring_max_endpoints: 0", &line, &column);
  expected = g_strdup_printf ("t.yaml:%u:%u: field "
                              "'metadata.context.warning_thresholds.ring_max_endpoints': ",
                              line, column + (guint) strlen ("ring_max_endpoints: "));
  assert_load_fails (bad->str, expected);
  g_clear_pointer (&expected, g_free);

  g_string_assign (bad, text);
  g_string_replace (bad, "ring_max_endpoints: 8", "ring_max_endpoints: 2000000", 1);
  assert_load_fails (bad->str, "t.yaml:");

  g_string_assign (bad, text);
  g_string_replace (bad, "ring_max_endpoints: 8", "ring_max_endpoint: 8", 1);
  where (bad->str, "ring_max_endpoint: 8", &line, &column);
  expected = g_strdup_printf ("t.yaml:%u:%u: field 'metadata.context.warning_thresholds",
                              line, column);
  assert_load_fails (bad->str, expected);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/warning-thresholds/defaults", test_defaults);
  g_test_add_func ("/engine/warning-thresholds/validate", test_validate);
  g_test_add_func ("/engine/warning-thresholds/ring", test_ring);
  g_test_add_func ("/engine/warning-thresholds/raise", test_raise);
  g_test_add_func ("/engine/warning-thresholds/round-trip", test_round_trip);
  g_test_add_func ("/engine/warning-thresholds/file-errors", test_file_errors);
  return g_test_run ();
}
