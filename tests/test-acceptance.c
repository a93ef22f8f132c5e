/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-acceptance.c: every row of @tbl-spec-topo-23, one test each, asserting what the spec's
 * rules give. Where a row's example disagrees with the rules, docs/spec-notes.md says why the
 * rules win, and the test pins the rules' answer. "All results are X" also asserts that there
 * is a result. */
#include "test-util.h"

#define INTRA TF_SCOPE_INTRA_RACK
#define INTER TF_SCOPE_INTER_RACK
#define NONE TF_INTRA_BOARD_NONE

static const TfFamilyEnumeration *
only (const TfEnumeration *e)
{
  return &e->families[0];
}

/* fat-tree (PGFT): N = 32, 2-layer: at least one recommended; every result derives C_board. The
 * row's own examples (k = 4 -> 8, k = 8 -> 4, k = 16 -> 2) are trees of two leaves, whose spines
 * would only relay between them: dead hardware, never generated since issue 30 (docs/
 * spec-notes.md, "No dead hardware"), but for k = 16 -> 2, which rails give four leaves. The
 * k-ary n-trees of three leaves or more stay (k = 4 with C_board = 4, k = 8 with 2 or 1). */
static void
test_fat_tree_32_two_layers (void)
{
  TfContext ctx = tf_test_context (32, INTRA, NONE);
  g_auto(TfEnumeration) e = { 0 };
  guint n_two = 0, n_recommended = 0;
  gboolean k4_c4 = FALSE, k4_c8 = FALSE, k8_c2 = FALSE, k8_c1 = FALSE;
  gboolean k8_c4 = FALSE, k16_c2 = FALSE;

  tf_test_enumerate (&ctx, "fat-tree", 0, &e);
  for (guint i = 0; i < only (&e)->n_results; i++)
    {
      const TfResult *r = &only (&e)->results[i];
      gint64 k = tf_test_attr (r, "k"), p[3] = { 0 };
      g_autofree char *id = tf_result_dup_id (r);
      gboolean k_ary;

      g_assert_cmpuint (r->chips_per_board * r->n_endpoint, ==, 32);
      if (tf_test_attr (r, "layers") != 2)
        continue;
      n_two++;
      n_recommended += tf_result_get_status (r) == TF_STATUS_RECOMMENDED;
      g_assert_cmpuint (tf_test_attr_list (r, "p_levels", p), ==, 2);
      k_ary = p[0] == 1 && p[1] == 1;
      g_assert_true (k_ary == (strstr (id, "p_levels") == NULL));
      if (tf_test_attr (r, "osr") != 1)
        continue;
      if (k_ary)
        {
          g_assert_cmpint (k, <=, 8);
          k4_c4 |= k == 4 && r->chips_per_board == 4;
          k4_c8 |= k == 4 && r->chips_per_board == 8;
          k8_c2 |= k == 8 && r->chips_per_board == 2;
          k8_c1 |= k == 8 && r->chips_per_board == 1;
        }
      else
        {
          k8_c4 |= k == 8 && r->chips_per_board == 4;
          k16_c2 |= k == 16 && r->chips_per_board == 2;
        }
    }
  g_assert_cmpuint (n_two, >, 0);
  g_assert_cmpuint (n_recommended, >=, 1);
  /* The row's k = 4 -> C_board = 8 is four boards on two leaves, whose spines would only relay
   * between them: dead hardware, never generated (docs/spec-notes.md, "No dead hardware"). */
  g_assert_true (k4_c4 && !k4_c8 && k8_c2 && k8_c1);
  /* So is k = 8 -> 4 as a PGFT variant (two leaves); k = 16 -> 2 stays as a rail-optimized
   * variant, whose rail group has a leaf per chip of a board. */
  g_assert_false (k8_c4);
  g_assert_true (k16_c2);
}

/* fat-tree (PGFT): N = 32, 3-layer: all edge-case, warnings contain over-engineered. */
static void
test_fat_tree_32_three_layers (void)
{
  TfContext ctx = tf_test_context (32, INTRA, NONE);
  g_auto(TfEnumeration) e = { 0 };
  guint n_three = 0;

  tf_test_enumerate (&ctx, "fat-tree", 0, &e);
  for (guint i = 0; i < only (&e)->n_results; i++)
    {
      const TfResult *r = &only (&e)->results[i];

      if (tf_test_attr (r, "layers") != 3)
        continue;
      n_three++;
      g_assert_cmpint (tf_result_get_status (r), ==, TF_STATUS_EDGE_CASE);
      g_assert_true (tf_result_has_warning (r, "over-engineered"));
    }
  g_assert_cmpuint (n_three, >, 0);
}

/* fat-tree (PGFT): k = 4, osr = 2 is dropped: d (osr + 1) = k osr has no integer solution. */
static void
test_fat_tree_k4_osr2 (void)
{
  g_autoptr(GError) error = NULL;
  TfResult r;

  for (guint n = 2; n <= 256; n++)
    {
      TfContext ctx = tf_test_context (n, INTRA, NONE);
      g_auto(TfEnumeration) e = { 0 };

      tf_test_enumerate (&ctx, "fat-tree", 0, &e);
      for (guint i = 0; i < only (&e)->n_results; i++)
        g_assert_false (tf_test_attr (&only (&e)->results[i], "k") == 4
                        && tf_test_attr (&only (&e)->results[i], "osr") == 2);
    }
  {
    TfContext ctx = tf_test_context (24, INTRA, NONE);

    g_assert_false (tf_result_from_id (&ctx, "fat-tree:layers=2,k=4,osr=2,n_endpoint=8", &r,
                                       &error));
    g_assert_error (error, TF_ERROR, TF_ERROR_NOT_IN_CONTEXT);
    g_assert_nonnull (strstr (error->message, "no integer solution"));
  }
}

/* dragonfly: N = 32: all edge-case with degenerate (low-utilization may come too). */
static void
test_dragonfly_32 (void)
{
  TfContext ctx = tf_test_context (32, INTER, NONE);
  g_auto(TfEnumeration) e = { 0 };

  tf_test_enumerate (&ctx, "dragonfly", 0, &e);
  g_assert_cmpuint (only (&e)->n_results, >, 0);
  for (guint i = 0; i < only (&e)->n_results; i++)
    {
      g_assert_cmpint (tf_result_get_status (&only (&e)->results[i]), ==, TF_STATUS_EDGE_CASE);
      g_assert_true (tf_result_has_warning (&only (&e)->results[i], "degenerate"));
    }
}

/* dragonfly: N = 64, a = 4, p = 2, h = 2, g in [2, 9]: the g = 8 result has capacity 64; every
 * g < 9 carries non-balanced-global-link, so by the rules none of them is recommended (the
 * row's "at least one recommended at g = 8" contradicts itself; docs/spec-notes.md). */
static void
test_dragonfly_64_a4_p2_h2 (void)
{
  TfContext ctx = tf_test_context (64, INTER, NONE);
  g_auto(TfEnumeration) e = { 0 };
  guint seen_g = 0;

  tf_test_enumerate (&ctx, "dragonfly", 0, &e);
  for (guint i = 0; i < only (&e)->n_results; i++)
    {
      const TfResult *r = &only (&e)->results[i];
      gint64 g = tf_test_attr (r, "g");

      /* The spec's Dragonfly: boards on its switches, not rails. */
      if (tf_test_attr (r, "a") != 4 || tf_test_attr (r, "p") != 2 || tf_test_attr (r, "h") != 2
          || tf_test_attr (r, "rails") != -1)
        continue;
      g_assert_cmpint (g, >=, 2);
      g_assert_cmpint (g, <=, 9);
      seen_g |= 1u << g;
      g_assert_true (tf_result_has_warning (r, "non-balanced-global-link"));
      g_assert_cmpint (tf_result_get_status (r), ==, TF_STATUS_EDGE_CASE);
      if (g == 8)
        {
          g_assert_cmpuint (r->n_endpoint, ==, 64);
          g_assert_cmpuint (g * 4 * 2, ==, 64);
          g_assert_cmpuint (r->chips_per_board, ==, 1);
          /* Balanced-link is its only complaint: capacity fits, size is not degenerate. */
          g_assert_cmpuint (r->n_warnings, ==, 1);
        }
    }
  /* n_endpoint 16, 32, 64 on a = 4, p = 2 need g = 2, 4, 8. */
  g_assert_cmpuint (seen_g, ==, (1u << 2) | (1u << 4) | (1u << 8));
}

/* dragonfly+: N = 32: all edge-case with over-engineered. */
static void
test_dragonfly_plus_32 (void)
{
  TfContext ctx = tf_test_context (32, INTER, NONE);
  g_auto(TfEnumeration) e = { 0 };

  tf_test_enumerate (&ctx, "dragonfly-plus", 0, &e);
  g_assert_cmpuint (only (&e)->n_results, >, 0);
  for (guint i = 0; i < only (&e)->n_results; i++)
    {
      g_assert_cmpint (tf_result_get_status (&only (&e)->results[i]), ==, TF_STATUS_EDGE_CASE);
      g_assert_true (tf_result_has_warning (&only (&e)->results[i], "over-engineered"));
    }
}

/* torus: N = 23 (prime): empty. */
static void
test_torus_23 (void)
{
  TfContext ctx = tf_test_context (23, INTRA, NONE);
  g_auto(TfEnumeration) e = { 0 };

  tf_test_enumerate (&ctx, "torus", 0, &e);
  g_assert_cmpuint (only (&e)->total, ==, 0);
  g_assert_cmpuint (only (&e)->n_results, ==, 0);
}

/* torus: N = 32: several results, C_board in {1, 2, 4, 8, 16} among them. */
static void
test_torus_32 (void)
{
  TfContext ctx = tf_test_context (32, INTRA, NONE);
  g_auto(TfEnumeration) e = { 0 };
  guint c_seen = 0;

  tf_test_enumerate (&ctx, "torus", 0, &e);
  g_assert_cmpuint (only (&e)->n_results, >, 1);
  for (guint i = 0; i < only (&e)->n_results; i++)
    c_seen |= only (&e)->results[i].chips_per_board;
  g_assert_cmpuint (c_seen & (1 | 2 | 4 | 8 | 16), ==, 1 | 2 | 4 | 8 | 16);
}

/* hypercube: N = 32: one result, n = 5, research-only. */
static void
test_hypercube_32 (void)
{
  TfContext ctx = tf_test_context (32, INTRA, NONE);
  g_auto(TfEnumeration) e = { 0 };

  tf_test_enumerate (&ctx, "hypercube", 0, &e);
  g_assert_cmpuint (only (&e)->n_results, ==, 1);
  g_assert_cmpint (tf_test_attr (&only (&e)->results[0], "n"), ==, 5);
  g_assert_true (tf_result_has_warning (&only (&e)->results[0], "research-only"));
}

/* hypercube: N = 30: empty (not 2^n). */
static void
test_hypercube_30 (void)
{
  TfContext ctx = tf_test_context (30, INTRA, NONE);
  g_auto(TfEnumeration) e = { 0 };

  tf_test_enumerate (&ctx, "hypercube", 0, &e);
  g_assert_cmpuint (only (&e)->total, ==, 0);
}

/* hyperx: N = 64: many results over L = 1 .. 4; L = 1 carries degenerate-to-single-switch. */
static void
test_hyperx_64 (void)
{
  TfContext ctx = tf_test_context (64, INTER, NONE);
  g_auto(TfEnumeration) e = { 0 };
  guint l_seen = 0;

  tf_test_enumerate (&ctx, "hyperx", 0, &e);
  g_assert_cmpuint (only (&e)->n_results, >, 1);
  for (guint i = 0; i < only (&e)->n_results; i++)
    {
      const TfResult *r = &only (&e)->results[i];
      gint64 l = tf_test_attr (r, "L");

      l_seen |= 1u << l;
      g_assert_cmpint (tf_result_has_warning (r, "degenerate-to-single-switch"), ==, l == 1);
    }
  g_assert_cmpuint (l_seen, ==, (1u << 1) | (1u << 2) | (1u << 3) | (1u << 4));
}

/* hyperx: N = 97 (prime). The row says empty, but T prod S = 97 has the solution L = 1, T = 1,
 * S = [97]; the rules keep it, flagged (docs/spec-notes.md). */
static void
test_hyperx_97 (void)
{
  TfContext ctx = tf_test_context (97, INTER, NONE);
  g_auto(TfEnumeration) e = { 0 };
  const TfResult *r;
  gint64 s[TF_MAX_DIMS];

  tf_test_enumerate (&ctx, "hyperx", 0, &e);
  g_assert_cmpuint (only (&e)->n_results, ==, 1);
  r = &only (&e)->results[0];
  g_assert_cmpint (tf_test_attr (r, "L"), ==, 1);
  g_assert_cmpint (tf_test_attr (r, "T"), ==, 1);
  g_assert_cmpuint (tf_test_attr_list (r, "S", s), ==, 1);
  g_assert_cmpint (s[0], ==, 97);
  g_assert_true (tf_result_has_warning (r, "degenerate-to-single-switch"));
  g_assert_true (tf_result_has_warning (r, "radix-too-large"));
}

/* ring: N = 16, inter-rack: all edge-case with non-standard-scope. */
static void
test_ring_16_inter_rack (void)
{
  TfContext ctx = tf_test_context (16, INTER, NONE);
  g_auto(TfEnumeration) e = { 0 };

  tf_test_enumerate (&ctx, "ring", 0, &e);
  g_assert_cmpuint (only (&e)->n_results, >, 0);
  for (guint i = 0; i < only (&e)->n_results; i++)
    {
      g_assert_cmpint (tf_result_get_status (&only (&e)->results[i]), ==, TF_STATUS_EDGE_CASE);
      g_assert_true (tf_result_has_warning (&only (&e)->results[i], "non-standard-scope"));
    }
}

/* ring: N = 64 with derived C_board = 1: high-diameter (64 boards > 32). */
static void
test_ring_64 (void)
{
  TfContext ctx = tf_test_context (64, INTRA, NONE);
  g_auto(TfEnumeration) e = { 0 };
  gboolean found = FALSE;

  tf_test_enumerate (&ctx, "ring", 0, &e);
  for (guint i = 0; i < only (&e)->n_results; i++)
    if (only (&e)->results[i].chips_per_board == 1)
      {
        found = TRUE;
        g_assert_cmpuint (only (&e)->results[i].n_endpoint, ==, 64);
        g_assert_true (tf_result_has_warning (&only (&e)->results[i], "high-diameter"));
      }
  g_assert_true (found);
}

/* full-mesh: N = 32 with n_endpoint = 32: link-explosion. */
static void
test_full_mesh_32 (void)
{
  TfContext ctx = tf_test_context (32, INTRA, NONE);
  g_auto(TfEnumeration) e = { 0 };
  gboolean found = FALSE;

  tf_test_enumerate (&ctx, "full-mesh", 0, &e);
  for (guint i = 0; i < only (&e)->n_results; i++)
    if (only (&e)->results[i].n_endpoint == 32)
      {
        found = TRUE;
        g_assert_true (tf_result_has_warning (&only (&e)->results[i], "link-explosion"));
      }
  g_assert_true (found);
}

/* single-switch: N = 64 with n_endpoint = 64. The row expects radix-too-large, but the rule is
 * n_endpoint > 64 and 64 ports is a mainstream switch; the rule wins (docs/spec-notes.md), so
 * 64 boards pass and 65 or more are flagged. The rule judges the switch's physical ports: 64
 * boards of 2 chips take 128 (flagged), unless the context allows switches of 128 ports. */
static void
test_single_switch_64 (void)
{
  static const struct { guint n_chip, n_endpoint, radix; gboolean flagged; } cases[] = {
    { 64, 64, 64, FALSE }, { 128, 128, 64, TRUE }, { 130, 65, 64, TRUE },
    { 128, 64, 64, TRUE }, { 128, 64, 128, FALSE }, { 64, 32, 64, FALSE },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      TfContext ctx = tf_test_context (cases[c].n_chip, INTRA, NONE);
      g_auto(TfEnumeration) e = { 0 };
      gboolean found = FALSE;

      ctx.switch_defaults.radix = cases[c].radix;
      tf_test_enumerate (&ctx, "single-switch", 0, &e);
      for (guint i = 0; i < only (&e)->n_results; i++)
        if (only (&e)->results[i].n_endpoint == cases[c].n_endpoint)
          {
            found = TRUE;
            g_assert_cmpint (tf_result_has_warning (&only (&e)->results[i], "radix-too-large"),
                             ==, cases[c].flagged);
          }
      g_assert_true (found);
    }
}

/* C_board = 1 with intra_board_topo = full-mesh. The row asks for an error; we read a board of
 * one chip as having nothing to link, so its topology is none, and every family keeps its
 * single-chip results whatever board topology the context names (docs/spec-notes.md: the
 * spec's every-divisor rule for ring and full-mesh, and the reverse derivation over every
 * result, would otherwise lose them). Torus alone stays out, as the spec says. */
static void
test_intra_board_one_chip (void)
{
  TfContext ctx = tf_test_context (16, INTRA, TF_INTRA_BOARD_FULL_MESH);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  guint families_with_one_chip = 0;

  g_assert_true (tf_generate (&ctx, "single-switch:n_endpoint=16", NULL, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t.graph.chips_per_board, ==, 1);
  g_assert_cmpuint (t.result.metrics.link_count_by_reach[TF_REACH_BOARD], ==, 0);
  g_assert_cmpuint (t.result.metrics.link_count, ==, 16);

  for (guint f = 0; f < tf_families_get_count (); f++)
    {
      const TfFamily *family = tf_families_get (f);
      g_auto(TfEnumeration) e = { 0 };
      gboolean one_chip = FALSE;

      tf_test_enumerate (&ctx, tf_family_get_name (family), 0, &e);
      for (guint i = 0; i < only (&e)->n_results; i++)
        one_chip |= only (&e)->results[i].chips_per_board == 1;
      if (strcmp (tf_family_get_name (family), "torus") == 0)
        g_assert_nonnull (only (&e)->excluded);
      families_with_one_chip += one_chip;
    }
  /* Every family but torus and Slim Fly (its smallest graph has 18 routers, each hosting a
   * board): fat-tree, both dragonflies (degenerate at 16 boards), hypercube, hyperx, ring,
   * full-mesh, single-switch, PolarFly (q = 2: 7 routers). */
  g_assert_cmpuint (families_with_one_chip, ==, tf_families_get_count () - 2);
}

/* The 1,024-chip fat-trees (docs/spec-notes.md, "what a board port is"): with every
 * port a bundle of C_board lanes, k = 16 with 8 chips per board keeps osr = 1 (bisection 512
 * links, half the chips) but needs 128-port switches, so it is an edge case; k = 32 with 2 chips
 * per board fits 64-port switches and is recommended. A single switch for 1,024 chips has
 * 1,024 ports whatever the boards. */
static void
test_fat_tree_1024 (void)
{
  static const struct { const char *id; guint ports; gboolean recommended; } cases[] = {
    { "fat-tree:layers=2,k=16,osr=1,n_endpoint=128", 128, FALSE },
    { "fat-tree:layers=2,k=32,osr=1,n_endpoint=512", 64, TRUE },
    { "fat-tree:layers=2,k=64,osr=1,n_endpoint=1024", 64, FALSE },  /* low-utilization */
  };
  TfContext ctx = tf_test_context (1024, INTER, NONE);

  /* A leaf's 16 boards of 2 chips draw 51.2 kW in its rack: over an air-cooled 40 kW, within a
   * liquid-cooled rack, which is what keeps the ports the only question here. */
  ctx.rack.power_kw = tf_rack_preset_lookup ("liquid")->power_kw;
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GError) error = NULL;

      g_assert_true (tf_generate (&ctx, cases[c].id, NULL, NULL, &t, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (t.result.metrics.bisection_links, ==, 512);
      g_assert_cmpuint (t.result.metrics.switch_radix, ==, cases[c].ports);
      for (guint s = 0; s < t.graph.n_switch; s++)
        if (t.graph.switches[s].tier == TF_TIER_RACK)
          g_assert_cmpuint (t.graph.switches[s].port_count, ==, cases[c].ports);
      g_assert_cmpint (tf_result_has_warning (&t.result, "radix-too-large"), ==,
                       cases[c].ports > 64);
      g_assert_cmpint (tf_result_get_status (&t.result) == TF_STATUS_RECOMMENDED, ==,
                       cases[c].recommended);
    }

  {
    g_auto(TfTopology) t = { 0 };

    g_assert_true (tf_generate (&ctx, "single-switch:n_endpoint=64", NULL, NULL, &t, NULL));
    g_assert_cmpuint (t.result.metrics.switch_radix, ==, 1024);
    g_assert_true (tf_result_has_warning (&t.result, "radix-too-large"));
  }
}

/* Racks and pods for a torus (docs/spec-notes.md, "Racks and pods"): at the default 16 boards a
 * rack and 64 racks a pod, the 2,048- and 4,096-chip tori span several racks, a 16 x 16 x 16
 * torus of 1 x 2 x 2 boards puts a 4 x 4 x 4 cube of chips in each rack (TPU v4's), and links
 * leaving a rack or a pod reach that far. */
static void
test_torus_racks (void)
{
  static const guint sizes[] = { 2048, 4096 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      TfContext ctx = tf_test_context (sizes[i], INTER, NONE);
      g_auto(TfEnumeration) e = { 0 };
      guint several = 0;

      tf_test_enumerate (&ctx, "torus", 0, &e);
      g_assert_cmpuint (only (&e)->n_results, >, 0);
      for (guint k = 0; k < only (&e)->n_results; k++)
        {
          const TfResult *r = &only (&e)->results[k];
          guint boards = sizes[i] / r->chips_per_board;

          /* A result whose boards need more than one rack has links between racks. */
          if (boards > 16)
            {
              g_assert_cmpuint (r->metrics.link_count_by_reach[TF_REACH_POD]
                                + r->metrics.link_count_by_reach[TF_REACH_DATACENTER], >, 0);
              several++;
            }
        }
      g_assert_cmpuint (several, >, 0);
    }

  {
    TfContext ctx = tf_test_context (4096, INTER, NONE);
    g_auto(TfTopology) t = { 0 };
    guint lo[3] = { G_MAXUINT, G_MAXUINT, G_MAXUINT }, hi[3] = { 0, 0, 0 }, in_rack = 0;

    /* TPU v4-class chips (about 200 W, and 100 W of host a chip): a 64-chip rack draws
     * 19.2 kW, so the 40 kW budget packs by count, 16 boards a rack. */
    ctx.chip.power_w = 200;
    ctx.chip.host_w = 100;
    g_assert_true (tf_generate (&ctx, "torus:dimension_sizes=16x16x16,board_shape=1x2x2", NULL,
                                NULL, &t, NULL));
    g_assert_cmpuint (t.graph.n_rack, ==, 64);
    g_assert_cmpuint (t.graph.n_pod, ==, 1);
    for (guint b = 0; b < t.graph.n_board; b++)
      if (t.graph.board_rack[b] == 0)
        for (guint k = 0; k < 4; k++)
          {
            guint chip = t.graph.board_chips[b * 4 + k];
            guint c[3] = { chip % 16, chip / 16 % 16, chip / 256 };

            in_rack++;
            for (guint d = 0; d < 3; d++)
              {
                lo[d] = MIN (lo[d], c[d]);
                hi[d] = MAX (hi[d], c[d]);
              }
          }
    g_assert_cmpuint (in_rack, ==, 64);
    for (guint d = 0; d < 3; d++)
      g_assert_cmpuint (hi[d] - lo[d] + 1, ==, 4);
  }
}

/* Distinct neighbours of @chip inside its board. */
static guint
board_neighbours (const TfNetworkGraph *g,
                  guint32               chip)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < g->n_links; i++)
    if (g->links[i].reach == TF_REACH_BOARD && (g->links[i].a == chip || g->links[i].b == chip))
      g_hash_table_add (seen, GUINT_TO_POINTER (g->links[i].a == chip ? g->links[i].b
                                                                      : g->links[i].a));
  return g_hash_table_size (seen);
}

/* C_board = 4, intra_board_topo = torus, single-switch: success, each board a 2 x 2 torus. */
static void
test_intra_board_torus_4 (void)
{
  TfContext ctx = tf_test_context (16, INTRA, TF_INTRA_BOARD_TORUS);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_generate (&ctx, "single-switch:n_endpoint=4", NULL, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t.graph.chips_per_board, ==, 4);
  /* A 2 x 2 torus is a 4-cycle: 4 links per board, 2 neighbours per chip. */
  g_assert_cmpuint (t.result.metrics.link_count_by_type[TF_LINK_C2C], ==, 4 * 4);
  for (guint c = 0; c < 16; c++)
    g_assert_cmpuint (board_neighbours (&t.graph, c), ==, 2);
}

/* C_board = 64, intra_board_topo = torus: 4 x 4 x 4 (cube before the 8 x 8 square). */
static void
test_intra_board_torus_64 (void)
{
  TfContext ctx = tf_test_context (128, INTRA, TF_INTRA_BOARD_TORUS);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_generate (&ctx, "single-switch:n_endpoint=2", NULL, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t.graph.chips_per_board, ==, 64);
  /* 4 x 4 x 4: 6 neighbours and 3 x 64 links per board; 8 x 8 would give 4 and 2 x 64. */
  g_assert_cmpuint (t.result.metrics.link_count_by_type[TF_LINK_C2C], ==, 2 * 3 * 64);
  for (guint c = 0; c < 128; c++)
    g_assert_cmpuint (board_neighbours (&t.graph, c), ==, 6);
}

/* Derived C_board = 32 > chips_per_board_max = 16: dense-pcb-impractical. */
static void
test_dense_pcb (void)
{
  TfContext ctx = tf_test_context (64, INTRA, NONE);
  gboolean found = FALSE;

  for (guint f = 0; f < tf_families_get_count (); f++)
    {
      g_auto(TfEnumeration) e = { 0 };

      tf_test_enumerate (&ctx, tf_family_get_name (tf_families_get (f)), 0, &e);
      for (guint i = 0; i < only (&e)->n_results; i++)
        {
          const TfResult *r = &only (&e)->results[i];

          g_assert_cmpint (tf_result_has_warning (r, "dense-pcb-impractical"), ==,
                           r->chips_per_board > 16);
          found |= r->chips_per_board == 32;
        }
    }
  g_assert_true (found);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/acceptance/fat-tree/n32-2-layer", test_fat_tree_32_two_layers);
  g_test_add_func ("/engine/acceptance/fat-tree/n32-3-layer", test_fat_tree_32_three_layers);
  g_test_add_func ("/engine/acceptance/fat-tree/k4-osr2-dropped", test_fat_tree_k4_osr2);
  g_test_add_func ("/engine/acceptance/fat-tree/n1024-board-ports", test_fat_tree_1024);
  g_test_add_func ("/engine/acceptance/dragonfly/n32", test_dragonfly_32);
  g_test_add_func ("/engine/acceptance/dragonfly/n64-a4-p2-h2", test_dragonfly_64_a4_p2_h2);
  g_test_add_func ("/engine/acceptance/dragonfly-plus/n32", test_dragonfly_plus_32);
  g_test_add_func ("/engine/acceptance/torus/n23-empty", test_torus_23);
  g_test_add_func ("/engine/acceptance/torus/n32", test_torus_32);
  g_test_add_func ("/engine/acceptance/torus/racks", test_torus_racks);
  g_test_add_func ("/engine/acceptance/hypercube/n32", test_hypercube_32);
  g_test_add_func ("/engine/acceptance/hypercube/n30-empty", test_hypercube_30);
  g_test_add_func ("/engine/acceptance/hyperx/n64", test_hyperx_64);
  g_test_add_func ("/engine/acceptance/hyperx/n97", test_hyperx_97);
  g_test_add_func ("/engine/acceptance/ring/n16-inter-rack", test_ring_16_inter_rack);
  g_test_add_func ("/engine/acceptance/ring/n64-high-diameter", test_ring_64);
  g_test_add_func ("/engine/acceptance/full-mesh/n32-link-explosion", test_full_mesh_32);
  g_test_add_func ("/engine/acceptance/single-switch/n64-radix", test_single_switch_64);
  g_test_add_func ("/engine/acceptance/intra-board/one-chip-no-pairs", test_intra_board_one_chip);
  g_test_add_func ("/engine/acceptance/intra-board/torus-2x2", test_intra_board_torus_4);
  g_test_add_func ("/engine/acceptance/intra-board/torus-4x4x4", test_intra_board_torus_64);
  g_test_add_func ("/engine/acceptance/dense-pcb", test_dense_pcb);

  return g_test_run ();
}
