/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-context.c: EnumerationContext validation ("阶段一"): each bad field is an error naming
 * the field, the value and the rule. */
#include <math.h>
#include <string.h>

#include "test-util.h"

static void
assert_invalid (const TfContext *ctx,
                const char      *field,
                const char      *value,
                const char      *rule)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (tf_context_validate (ctx, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
  g_assert_nonnull (strstr (error->message, field));
  if (value)
    g_assert_nonnull (strstr (error->message, value));
  g_assert_nonnull (strstr (error->message, rule));
}

static void
test_defaults (void)
{
  TfContext ctx;

  tf_context_init (&ctx);
  g_assert_cmpuint (ctx.chips_per_board_max, ==, 16);
  g_assert_cmpuint (ctx.chip_radix, ==, 1);
  g_assert_cmpint (ctx.intra_board_topo, ==, TF_INTRA_BOARD_NONE);
  /* No link type has a per-link bandwidth unless the user sets one (NAN); the latencies are
   * the typical per-hop figures. */
  for (guint t = 0; t < TF_N_LINK_TYPES; t++)
    g_assert_true (isnan (ctx.defaults[t].bandwidth_gbps));
  g_assert_cmpfloat (ctx.defaults[TF_LINK_C2C].latency_ns, ==, 100);
  g_assert_cmpfloat (ctx.defaults[TF_LINK_B2B].latency_ns, ==, 500);
  g_assert_cmpfloat (ctx.defaults[TF_LINK_R2R].latency_ns, ==, 1000);
  g_assert_cmpfloat (ctx.defaults[TF_LINK_P2P].latency_ns, ==, 2000);
  /* The generic chip: the spec's Tier 6 (~900 GB/s) as its chip-to-chip bandwidth in all,
   * shared evenly by any count of links, one NIC port of Tier 8-9's ~50 GB/s, 1000 W; a
   * switch port runs at the NIC's speed. */
  g_assert_cmpfloat (ctx.chip.scale_up_gbps, ==, 900);
  g_assert_cmpuint (ctx.chip.scale_up_ports, ==, 0);
  g_assert_cmpfloat (ctx.chip.nic_gbps, ==, 50);
  g_assert_cmpfloat (ctx.chip.power_w, ==, 1000);
  g_assert_cmpfloat (ctx.switch_defaults.port_gbps, ==, 0);
  /* NVLink 5: 18 links a GPU into switch chips of 72 ports. */
  g_assert_cmpuint (ctx.scale_up.links_per_chip, ==, 18);
  g_assert_cmpuint (ctx.scale_up.switch_radix, ==, 72);
  /* n_chip and scope have no default: the spec makes them required. */
  assert_invalid (&ctx, "n_chip", "0", "at least 2");
  ctx.n_chip = 8;
  assert_invalid (&ctx, "scope", NULL, "required");
  ctx.scope = TF_SCOPE_INTRA_RACK;
  g_assert_true (tf_context_validate (&ctx, NULL));
}

static void
test_fields (void)
{
  TfContext ctx = tf_test_context (8, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);

  ctx.n_chip = 1;
  assert_invalid (&ctx, "n_chip", "1", "at least 2");
  ctx.n_chip = TF_N_CHIP_MAX + 1;
  assert_invalid (&ctx, "n_chip", "1048577", "at most 1048576");
  ctx.n_chip = TF_N_CHIP_MAX;
  g_assert_true (tf_context_validate (&ctx, NULL));
  ctx.n_chip = 8;

  ctx.chip_radix = 0;
  assert_invalid (&ctx, "chip_radix", "0", "from 1 to 64");
  ctx.chip_radix = 65;
  assert_invalid (&ctx, "chip_radix", "65", "from 1 to 64");
  ctx.chip_radix = 1;

  ctx.chips_per_board_max = 0;
  assert_invalid (&ctx, "chips_per_board_max", "0", "from 1");
  ctx.chips_per_board_max = 16;

  ctx.intra_board_topo = 7;
  assert_invalid (&ctx, "intra_board_topo", "7", "none, full-mesh, ring, torus or switch");
  ctx.intra_board_topo = TF_INTRA_BOARD_NONE;
  ctx.scale_up.links_per_chip = 0;
  assert_invalid (&ctx, "defaults.scale_up.links_per_chip", "0", "from 1 to 64");
  ctx.scale_up.links_per_chip = 18;
  ctx.scale_up.switch_radix = 1;
  assert_invalid (&ctx, "defaults.scale_up.switch_radix", "1", "from 2 to");
  ctx.scale_up.switch_radix = 72;

  /* A per-link bandwidth is optional (NAN: from the budgets), but one set must be valid. */
  ctx.defaults[TF_LINK_R2R].bandwidth_gbps = 0;
  assert_invalid (&ctx, "defaults.R2R.bandwidth_gbps", "0", "positive");
  ctx.defaults[TF_LINK_R2R].bandwidth_gbps = INFINITY;
  assert_invalid (&ctx, "defaults.R2R.bandwidth_gbps", "inf", "positive");
  ctx.defaults[TF_LINK_R2R].bandwidth_gbps = 50;
  g_assert_true (tf_context_validate (&ctx, NULL));
  ctx.defaults[TF_LINK_R2R].bandwidth_gbps = NAN;
  g_assert_true (tf_context_validate (&ctx, NULL));
  ctx.defaults[TF_LINK_P2P].latency_ns = -1;
  assert_invalid (&ctx, "defaults.P2P.latency_ns", "-1", "from 0");
  ctx.defaults[TF_LINK_P2P].latency_ns = INFINITY;
  assert_invalid (&ctx, "defaults.P2P.latency_ns", "inf", "from 0");
  ctx.defaults[TF_LINK_P2P].latency_ns = 2000;

  /* The chip's budgets and the switch port. */
  ctx.chip.scale_up_gbps = 0;
  assert_invalid (&ctx, "defaults.chip.scale_up_gbps", "0", "positive");
  ctx.chip.scale_up_gbps = NAN;
  assert_invalid (&ctx, "defaults.chip.scale_up_gbps", "nan", "positive");
  ctx.chip.scale_up_gbps = 900;
  ctx.chip.nic_gbps = -50;
  assert_invalid (&ctx, "defaults.chip.nic_gbps", "-50", "positive");
  ctx.chip.nic_gbps = INFINITY;
  assert_invalid (&ctx, "defaults.chip.nic_gbps", "inf", "positive");
  ctx.chip.nic_gbps = 50;
  ctx.chip.power_w = 0;
  assert_invalid (&ctx, "defaults.chip.power_w", "0", "positive");
  ctx.chip.power_w = 2e6;
  assert_invalid (&ctx, "defaults.chip.power_w", "2e+06", "up to 1e6");
  ctx.chip.power_w = 1000;
  ctx.chip.scale_up_ports = 1025;
  assert_invalid (&ctx, "defaults.chip.scale_up_ports", "1025", "from 0");
  ctx.chip.scale_up_ports = 1024;
  g_assert_true (tf_context_validate (&ctx, NULL));
  ctx.chip.scale_up_ports = 0;
  ctx.switch_defaults.port_gbps = -100;
  assert_invalid (&ctx, "defaults.switch.port_gbps", "-100", "positive");
  ctx.switch_defaults.port_gbps = 100;
  g_assert_true (tf_context_validate (&ctx, NULL));
  ctx.switch_defaults.port_gbps = 0;
  g_assert_true (tf_context_validate (&ctx, NULL));
}

/* The two bandwidth rules on hand cases (docs/spec-notes.md, "Budgets"). */
static void
test_link_gbps (void)
{
  TfContext ctx;
  const TfChipPreset *h100 = tf_chip_preset_lookup ("h100");

  tf_context_init (&ctx);
  /* The generic chip shares its 900 GB/s evenly: 7 links 900/7 each, 6 links 150. Every
   * reach shares the one budget. */
  g_assert_cmpfloat_with_epsilon (tf_context_c2c_gbps (&ctx, TF_REACH_BOARD, 7), 900.0 / 7,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (tf_context_c2c_gbps (&ctx, TF_REACH_POD, 7), 900.0 / 7,
                                  1e-9);
  g_assert_cmpfloat (tf_context_c2c_gbps (&ctx, TF_REACH_BOARD, 6), ==, 150);
  g_assert_cmpfloat (tf_context_c2c_gbps (&ctx, TF_REACH_RACK, 1), ==, 900);

  /* H100 SXM5: 450 GB/s in 18 NVLink ports of 450/18 = 25 GB/s. 7 links take floor(18/7) = 2
   * ports each, 50 GB/s (4 ports idle); 6 links 3 ports, 75; 20 links are more than its ports,
   * so the lanes split evenly, 450/20 = 22.5. */
  g_assert_nonnull (h100);
  g_assert_cmpstr (h100->name, ==, "h100");
  g_assert_null (tf_chip_preset_lookup ("h200-nonexistent"));
  tf_context_set_chip_preset (&ctx, h100);
  g_assert_cmpfloat (ctx.chip.scale_up_gbps, ==, 450);
  g_assert_cmpuint (ctx.chip.scale_up_ports, ==, 18);
  g_assert_cmpfloat_with_epsilon (tf_context_c2c_gbps (&ctx, TF_REACH_BOARD, 7), 50, 1e-9);
  g_assert_cmpfloat_with_epsilon (tf_context_c2c_gbps (&ctx, TF_REACH_BOARD, 6), 75, 1e-9);
  g_assert_cmpfloat_with_epsilon (tf_context_c2c_gbps (&ctx, TF_REACH_BOARD, 18), 25, 1e-9);
  g_assert_cmpfloat_with_epsilon (tf_context_c2c_gbps (&ctx, TF_REACH_BOARD, 20), 22.5, 1e-9);

  /* A per-link figure the user sets wins over the share, whatever the count; a per-reach one
   * over that at its reach only. */
  ctx.defaults[TF_LINK_C2C].bandwidth_gbps = 100;
  g_assert_cmpfloat (tf_context_c2c_gbps (&ctx, TF_REACH_BOARD, 7), ==, 100);
  g_assert_cmpfloat (tf_context_c2c_gbps (&ctx, TF_REACH_RACK, 20), ==, 100);
  ctx.by_reach[TF_LINK_C2C][TF_REACH_RACK].bandwidth_gbps = 120;
  g_assert_cmpfloat (tf_context_c2c_gbps (&ctx, TF_REACH_RACK, 7), ==, 120);
  g_assert_cmpfloat (tf_context_c2c_gbps (&ctx, TF_REACH_BOARD, 7), ==, 100);

  /* Ports: by default a switch port runs at the NIC's 50 GB/s, so 50 from a chip and between
   * switches. */
  tf_context_init (&ctx);
  for (guint t = TF_LINK_B2B; t < TF_N_LINK_TYPES; t++)
    {
      g_assert_cmpfloat (tf_context_port_gbps (&ctx, t, TRUE), ==, 50);
      g_assert_cmpfloat (tf_context_port_gbps (&ctx, t, FALSE), ==, 50);
    }
  /* Switch ports of 100 GB/s, NIC 50: a chip's link runs at the slower end, 50; a link
   * between two switches at 100. */
  ctx.switch_defaults.port_gbps = 100;
  for (guint t = TF_LINK_B2B; t < TF_N_LINK_TYPES; t++)
    {
      g_assert_cmpfloat (tf_context_port_gbps (&ctx, t, TRUE), ==, 50);
      g_assert_cmpfloat (tf_context_port_gbps (&ctx, t, FALSE), ==, 100);
    }
  /* Switch ports slower than the NIC (25): 25 either way. */
  ctx.switch_defaults.port_gbps = 25;
  g_assert_cmpfloat (tf_context_port_gbps (&ctx, TF_LINK_B2B, TRUE), ==, 25);
  g_assert_cmpfloat (tf_context_port_gbps (&ctx, TF_LINK_B2B, FALSE), ==, 25);
  /* A per-link B2B figure wins, and only for B2B. */
  ctx.defaults[TF_LINK_B2B].bandwidth_gbps = 64;
  g_assert_cmpfloat (tf_context_port_gbps (&ctx, TF_LINK_B2B, TRUE), ==, 64);
  g_assert_cmpfloat (tf_context_port_gbps (&ctx, TF_LINK_B2B, FALSE), ==, 64);
  g_assert_cmpfloat (tf_context_port_gbps (&ctx, TF_LINK_R2R, FALSE), ==, 25);
}

static void
test_names (void)
{
  g_autoptr(GError) error = NULL;
  TfScope scope;
  TfIntraBoardTopo topo;
  TfLinkType type;

  g_assert_true (tf_scope_from_string ("intra-rack", &scope, NULL));
  g_assert_cmpint (scope, ==, TF_SCOPE_INTRA_RACK);
  g_assert_true (tf_scope_from_string ("inter-rack", &scope, NULL));
  g_assert_false (tf_scope_from_string ("intra-board", &scope, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
  g_assert_nonnull (strstr (error->message, "'intra-board'"));
  g_clear_error (&error);

  for (guint i = 0; i < TF_N_INTRA_BOARD_TOPOS; i++)
    {
      g_assert_true (tf_intra_board_topo_from_string (tf_intra_board_topo_to_string (i), &topo,
                                                      NULL));
      g_assert_cmpint (topo, ==, i);
    }
  g_assert_false (tf_intra_board_topo_from_string ("mesh", &topo, &error));
  g_assert_nonnull (strstr (error->message, "intra_board_topo"));

  for (guint i = 0; i < TF_N_LINK_TYPES; i++)
    {
      g_assert_true (tf_link_type_from_string (tf_link_type_to_string (i), &type));
      g_assert_cmpint (type, ==, i);
    }
  g_assert_false (tf_link_type_from_string ("c2c", &type));
}

/* No global state: enumerations on several threads at once agree with one made alone. */
static gpointer
enumerate_thread (gpointer data)
{
  TfContext ctx = tf_test_context (GPOINTER_TO_UINT (data), TF_SCOPE_INTER_RACK,
                                   TF_INTRA_BOARD_NONE);
  TfEnumeration *e = g_new0 (TfEnumeration, 1);

  g_assert_true (tf_enumerate (&ctx, NULL, 0, 20, NULL, NULL, e, NULL));
  return e;
}

static void
test_reentrant (void)
{
  GThread *threads[4];
  TfEnumeration alone = { 0 };
  TfContext ctx = tf_test_context (96, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);

  g_assert_true (tf_enumerate (&ctx, NULL, 0, 20, NULL, NULL, &alone, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("enumerate", enumerate_thread, GUINT_TO_POINTER (96));
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      TfEnumeration *e = g_thread_join (threads[i]);

      g_assert_cmpuint (e->n_families, ==, alone.n_families);
      for (guint f = 0; f < e->n_families; f++)
        {
          g_assert_cmpuint (e->families[f].total, ==, alone.families[f].total);
          g_assert_cmpuint (e->families[f].n_results, ==, alone.families[f].n_results);
          g_assert_cmpmem (e->families[f].results,
                           e->families[f].n_results * sizeof (TfResult),
                           alone.families[f].results,
                           alone.families[f].n_results * sizeof (TfResult));
        }
      tf_enumeration_clear (e);
      g_free (e);
    }
  tf_enumeration_clear (&alone);
}

static gboolean
cancel_at_once (double   fraction,
                gpointer data)
{
  guint *calls = data;

  return ++*calls < 2;
}

static void
test_cancel (void)
{
  TfContext ctx = tf_test_context (4096, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfEnumeration) e = { 0 };
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  guint calls = 0;

  g_assert_false (tf_enumerate (&ctx, NULL, 0, 0, cancel_at_once, &calls, &e, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_CANCELLED);
  g_assert_cmpuint (e.n_families, ==, 0);
  g_clear_error (&error);
  calls = 0;
  g_assert_false (tf_generate (&ctx, "torus:dimension_sizes=64x64,board_shape=1x1",
                               cancel_at_once, &calls, &t, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_CANCELLED);
  g_assert_cmpuint (t.graph.n_chip, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/context/defaults", test_defaults);
  g_test_add_func ("/engine/context/fields", test_fields);
  g_test_add_func ("/engine/context/link-gbps", test_link_gbps);
  g_test_add_func ("/engine/context/names", test_names);
  g_test_add_func ("/engine/context/reentrant", test_reentrant);
  g_test_add_func ("/engine/context/cancel", test_cancel);
  return g_test_run ();
}
