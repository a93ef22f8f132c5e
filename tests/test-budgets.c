/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-budgets.c: a chip's bandwidth is a budget its links share, and a link runs at its ports
 * (docs/spec-notes.md, "Budgets"). Hand cases worked out below, and a sweep over families x
 * chip counts x board topologies x chip presets: every link's bandwidth against the rule worked
 * here on its own, no chip's links over its budgets, and the injection bandwidth every result
 * states against its graph. */
#include <math.h>
#include <string.h>

#include "test-util.h"

/* The rule, written out again: one physical chip-to-chip link at a chip of @links of them. */
static double
oracle_share (const TfContext *ctx,
              guint            links)
{
  guint p = ctx->chip.scale_up_ports;

  if (links == 0)
    return ctx->chip.scale_up_gbps;
  if (p >= links)
    return floor ((double) p / links) * ctx->chip.scale_up_gbps / p;
  return ctx->chip.scale_up_gbps / links;
}

static double
oracle_port (const TfContext *ctx,
             gboolean         from_chip)
{
  double port = ctx->switch_defaults.port_gbps > 0 ? ctx->switch_defaults.port_gbps
                                                   : ctx->chip.nic_gbps;

  return from_chip ? MIN (port, ctx->chip.nic_gbps) : port;
}

/* Checks every link of @t against the rule and every chip against its budgets; returns the
 * least a chip injects. */
static double
check_topology (const char       *what,
                const TfTopology *t)
{
  const TfNetworkGraph *g = &t->graph;
  const TfContext *ctx = &t->context;
  g_autofree double *gbps = g_new (double, MAX (g->n_links, 1));
  g_autofree guint *c2c = g_new0 (guint, MAX (g->n_chip, 1));
  g_autofree double *c2c_sum = g_new0 (double, MAX (g->n_chip, 1));
  g_autofree double *nic_sum = g_new0 (double, MAX (g->n_chip, 1));
  g_autofree guint *nic_links = g_new0 (guint, MAX (g->n_chip, 1));
  double least = G_MAXDOUBLE;

  for (guint i = 0; i < g->n_links; i++)
    if (g->links[i].type == TF_LINK_C2C)
      {
        if (g->links[i].a < g->n_chip)
          c2c[g->links[i].a] += g->links[i].multiplicity;
        if (g->links[i].b < g->n_chip)
          c2c[g->links[i].b] += g->links[i].multiplicity;
      }
  tf_network_graph_link_gbps (g, ctx, gbps);
  for (guint i = 0; i < g->n_links; i++)
    {
      const TfLink *l = &g->links[i];
      gboolean a_chip = l->a < g->n_chip, b_chip = l->b < g->n_chip;
      double want;

      if (l->type == TF_LINK_C2C)
        want = MIN (a_chip ? oracle_share (ctx, c2c[l->a]) : G_MAXDOUBLE,
                    b_chip ? oracle_share (ctx, c2c[l->b]) : G_MAXDOUBLE);
      else
        want = oracle_port (ctx, a_chip || b_chip);
      want *= l->multiplicity;
      if (fabs (gbps[i] - want) > 1e-9 * MAX (1, want))
        g_error ("%s: link %u (%u-%u, %s@%s x%u) carries %g GB/s, the rule gives %g", what, i,
                 l->a, l->b, tf_link_type_to_string (l->type), tf_reach_to_string (l->reach),
                 l->multiplicity, gbps[i], want);
      for (guint end = 0; end < 2; end++)
        {
          guint32 c = end == 0 ? l->a : l->b;

          if (c >= g->n_chip)
            continue;
          if (l->type == TF_LINK_C2C)
            c2c_sum[c] += gbps[i];
          else
            {
              nic_sum[c] += gbps[i];
              nic_links[c] += l->multiplicity;
            }
        }
    }
  for (guint c = 0; c < g->n_chip; c++)
    {
      if (c2c_sum[c] > ctx->chip.scale_up_gbps * (1 + 1e-9))
        g_error ("%s: chip%u's chip-to-chip links carry %g GB/s, more than its %g", what, c,
                 c2c_sum[c], ctx->chip.scale_up_gbps);
      if (nic_sum[c] > nic_links[c] * ctx->chip.nic_gbps * (1 + 1e-9))
        g_error ("%s: chip%u's %u NIC links carry %g GB/s, more than %u ports of %g", what, c,
                 nic_links[c], nic_sum[c], nic_links[c], ctx->chip.nic_gbps);
      least = MIN (least, c2c_sum[c] + nic_sum[c]);
    }
  return least;
}

/* What the boards of the fullest rack draw, W, worked out on the graph: chips at their package
 * and host power, scale-up switches at their ports. */
static double
boards_rack_w (const TfTopology *t)
{
  const TfNetworkGraph *g = &t->graph;
  const TfContext *ctx = &t->context;
  g_autofree double *w = g_new0 (double, MAX (g->n_rack, 1));
  double most = 0;

  for (guint b = 0; b < g->n_board; b++)
    w[g->board_rack[b]] += g->chips_per_board * (ctx->chip.power_w + ctx->chip.host_w);
  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_BOARD)
      w[g->board_rack[g->switches[s].container]] += g->switches[s].port_count
                                                     * ctx->switch_defaults.power_w_per_port;
  for (guint r = 0; r < g->n_rack; r++)
    most = MAX (most, w[r]);
  return most;
}

static void
generate (const TfContext *ctx,
          const char      *id,
          TfTopology      *t)
{
  g_autoptr(GError) error = NULL;

  if (!tf_generate (ctx, id, NULL, NULL, t, &error))
    g_error ("%s: %s", id, error->message);
}

static double
oversubscription (const TfResult *r)
{
  const TfColumn *col = tf_column_lookup ("oversubscription");

  g_assert_nonnull (col);
  return col->get (r);
}

/* The links of one generated graph of @type, their bandwidth each (all alike). */
static double
link_of (const TfTopology *t,
         TfLinkType        type,
         gboolean          between_chips)
{
  g_autofree double *gbps = g_new (double, MAX (t->graph.n_links, 1));
  double seen = -1;

  tf_network_graph_link_gbps (&t->graph, &t->context, gbps);
  for (guint i = 0; i < t->graph.n_links; i++)
    {
      const TfLink *l = &t->graph.links[i];

      if (l->type != type || (between_chips && l->b >= t->graph.n_chip))
        continue;
      if (seen >= 0)
        g_assert_cmpfloat_with_epsilon (gbps[i] / l->multiplicity, seen, 1e-9);
      seen = gbps[i] / l->multiplicity;
    }
  g_assert_cmpfloat (seen, >=, 0);
  return seen;
}

static void
test_hand_cases (void)
{
  TfContext ctx;

  /* One board of 8 chips in a full mesh on one switch: 7 board links share 900, 128.57 GB/s
   * each; one NIC link of 50. A chip injects 900 + 50. */
  ctx = tf_test_context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_FULL_MESH);
  {
    g_auto(TfTopology) t = { 0 };

    generate (&ctx, "single-switch:n_endpoint=1", &t);
    g_assert_cmpfloat_with_epsilon (link_of (&t, TF_LINK_C2C, TRUE), 900.0 / 7, 1e-9);
    g_assert_cmpfloat_with_epsilon (link_of (&t, TF_LINK_B2B, FALSE), 50, 1e-9);
    g_assert_cmpfloat_with_epsilon (check_topology ("mesh", &t), 950, 1e-9);
    g_assert_cmpfloat_with_epsilon (t.result.metrics.injection_bandwidth, 950, 1e-9);
  }

  /* A 4x4x4 torus: six links a chip, 150 GB/s each. Halving one dimension cuts 2 x 16 links,
   * 4,800 GB/s over 32 chips: 150 a chip, oversubscribed 900 / 150 = 6. */
  ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  {
    g_auto(TfTopology) t = { 0 };

    generate (&ctx, "torus:dimension_sizes=4x4x4,board_shape=1x1x1", &t);
    g_assert_cmpfloat_with_epsilon (link_of (&t, TF_LINK_C2C, TRUE), 150, 1e-9);
    g_assert_cmpfloat_with_epsilon (check_topology ("torus", &t), 900, 1e-9);
    g_assert_cmpfloat_with_epsilon (t.result.metrics.bisection_bandwidth, 4800, 1e-6);
    g_assert_cmpfloat_with_epsilon (oversubscription (&t.result), 6, 1e-9);
  }

  /* Sixteen chips on one switch: 50 GB/s each way; any half sends 8 x 50 across, 50 a chip,
   * full bisection. */
  ctx = tf_test_context (16, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  {
    g_auto(TfTopology) t = { 0 };

    generate (&ctx, "single-switch:n_endpoint=16", &t);
    g_assert_cmpfloat_with_epsilon (link_of (&t, TF_LINK_B2B, FALSE), 50, 1e-9);
    g_assert_cmpfloat_with_epsilon (t.result.metrics.bisection_bandwidth, 400, 1e-6);
    g_assert_cmpfloat_with_epsilon (oversubscription (&t.result), 1, 1e-9);
  }

  /* A 2-layer fat-tree of 4-chip full-mesh boards under the H100 preset: 3 board links a chip
   * take 6 of its 18 NVLinks each (6 x 25 = 150 GB/s, 450 in all); its one ConnectX-7 port 50.
   * A chip injects 500; the uplinks run at the switch port, the NIC's 50. */
  ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_FULL_MESH);
  tf_context_set_chip_preset (&ctx, tf_chip_preset_lookup ("h100"));
  {
    g_auto(TfTopology) t = { 0 };

    generate (&ctx, "fat-tree:layers=2,k=16,osr=1,n_endpoint=16,p_levels=2x1,attach=rail", &t);
    g_assert_cmpfloat_with_epsilon (link_of (&t, TF_LINK_C2C, TRUE), 150, 1e-9);
    g_assert_cmpfloat_with_epsilon (check_topology ("h100 fat-tree", &t), 500, 1e-9);
    g_assert_cmpfloat_with_epsilon (t.result.metrics.injection_bandwidth, 500, 1e-9);
  }

  /* A switch port faster than the NIC: chip links at the NIC's 50, switch links at 100. */
  ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  ctx.switch_defaults.port_gbps = 100;
  {
    g_auto(TfTopology) t = { 0 };
    g_autofree double *gbps = NULL;

    generate (&ctx, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64,p_levels=2x1", &t);
    gbps = g_new (double, t.graph.n_links);
    tf_network_graph_link_gbps (&t.graph, &t.context, gbps);
    for (guint i = 0; i < t.graph.n_links; i++)
      g_assert_cmpfloat_with_epsilon (gbps[i] / t.graph.links[i].multiplicity,
                                      t.graph.links[i].a < t.graph.n_chip ? 50 : 100, 1e-9);
    check_topology ("fast ports", &t);
  }
}

/* Every fat-tree of osr 1 without board links is full bisection chip by chip. */
static void
test_full_bisection (void)
{
  static const guint sizes[] = { 16, 64, 128, 256 };
  guint checked = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      TfContext ctx = tf_test_context (sizes[s], TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
      g_auto(TfEnumeration) e = { 0 };

      tf_test_enumerate (&ctx, "fat-tree", 0, &e);
      for (guint i = 0; i < e.families[0].n_results; i++)
        {
          const TfResult *r = &e.families[0].results[i];

          /* Kept results are measured (tf_enumerate). */
          g_autofree char *id = tf_result_dup_id (r);
          const char *agg = strstr (id, "agg_osr=");

          /* Full bisection at every level: osr 1, and agg_osr 1 where a third layer has it. */
          if (tf_test_attr (r, "osr") != 1
              || (agg != NULL && (agg[8] != '1' || (agg[9] != ',' && agg[9] != '\0'))))
            continue;
          g_assert_cmpint (r->metrics.bisection_bandwidth_method, !=, TF_METHOD_NONE);
          /* No balanced cut is less than half the chips' injection when the tree is
           * non-blocking, and cutting every chip link of one half reaches it: the value (an
           * upper bound's ratio where the cut was found, not proven least) is 1 exactly. */
          if (fabs (oversubscription (r) - 1) > 1e-9)
            g_error ("%s at %u chips: oversubscription %g", id, sizes[s],
                     oversubscription (r));
          checked++;
        }
    }
  g_assert_cmpuint (checked, >=, 20);
}

/* Families x sizes x board topologies x presets: every generated graph obeys the rule and its
 * budgets, and the injection bandwidth the family states is its graph's. TF_SWEEP=sample (the
 * sanitizer build's) takes the generic and H100 chips at four sizes. */
static void
test_sweep (void)
{
  static const guint all_sizes[] = { 8, 12, 16, 32, 64, 128, 256 };
  static const guint sample_sizes[] = { 8, 16, 64, 256 };
  gboolean sample = g_strcmp0 (g_getenv ("TF_SWEEP"), "sample") == 0;
  const guint *sizes = sample ? sample_sizes : all_sizes;
  guint n_sizes = sample ? G_N_ELEMENTS (sample_sizes) : G_N_ELEMENTS (all_sizes);
  guint n_presets = sample ? 2 : G_MAXUINT;
  static const TfIntraBoardTopo topos[] = {
    TF_INTRA_BOARD_NONE, TF_INTRA_BOARD_FULL_MESH, TF_INTRA_BOARD_RING, TF_INTRA_BOARD_TORUS,
    TF_INTRA_BOARD_SWITCH,
  };
  guint n_checked = 0;

  for (guint p = 0; p < n_presets && tf_chip_presets_get (p) != NULL; p++)
    for (guint s = 0; s < n_sizes; s++)
      for (guint b = 0; b < G_N_ELEMENTS (topos); b++)
        for (guint f = 0; f < tf_families_get_count (); f++)
          {
            const TfFamily *family = tf_families_get (f);
            TfContext ctx = tf_test_context (sizes[s], TF_SCOPE_INTER_RACK, topos[b]);
            g_auto(TfEnumeration) e = { 0 };
            guint n, stride;

            tf_context_set_chip_preset (&ctx, tf_chip_presets_get (p));
            tf_test_enumerate (&ctx, tf_family_get_name (family), 0, &e);
            n = e.families[0].n_results;
            /* Three or four results of each, spread over the family's traversal. */
            stride = MAX (1, n / 3);
            for (guint i = 0; i < n; i += stride)
              {
                const TfResult *r = &e.families[0].results[i];
                g_autofree char *id = tf_result_dup_id (r);
                g_autofree char *what = g_strdup_printf ("%s (%u chips, %s boards, %s)", id,
                                                         sizes[s],
                                                         tf_intra_board_topo_to_string (topos[b]),
                                                         tf_chip_presets_get (p)->name);
                g_auto(TfTopology) t = { 0 };
                double least;

                if (r->metrics.link_count > 20000)
                  continue;
                generate (&ctx, id, &t);
                least = check_topology (what, &t);
                if (t.result.metrics.layout_method != TF_METHOD_NONE
                    && fabs (t.result.metrics.injection_bandwidth - least) > 1e-6 * MAX (1, least))
                  g_error ("%s: states %g GB/s of injection, its graph %g", what,
                           t.result.metrics.injection_bandwidth, least);
                /* Flagged exactly where the boards of a rack draw more than its budget; the
                 * racks' draw, switches included, never less than the boards'. */
                if ((boards_rack_w (&t) > ctx.rack.power_kw * 1000 * (1 + 1e-9))
                    != tf_result_has_warning (&t.result, "rack-power-overflow"))
                  g_error ("%s: its fullest rack's boards draw %g W of %g kW, %s flagged", what,
                           boards_rack_w (&t), ctx.rack.power_kw,
                           tf_result_has_warning (&t.result, "rack-power-overflow") ? "but"
                                                                                    : "not");
                g_assert_cmpfloat (t.result.metrics.rack_power_kw * 1000, >=,
                                   boards_rack_w (&t) * (1 - 1e-9));
                n_checked++;
              }
          }
  g_test_message ("%u graphs checked", n_checked);
  g_assert_cmpuint (n_checked, >=, sample ? 500 : 1000);
}

/* Racks packed by count and by power (docs/spec-notes.md, "Rack power"). */
static void
test_rack_power (void)
{
  TfContext ctx = tf_test_context (4096, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  const char *torus = "torus:dimension_sizes=16x16x16,board_shape=2x2x4";

  /* A 16-chip board of generic chips draws 16 x (1,000 + 600) = 25.6 kW: one a 40 kW rack,
   * 256 racks, none over budget. */
  {
    g_auto(TfTopology) t = { 0 };

    generate (&ctx, torus, &t);
    g_assert_cmpuint (t.result.metrics.rack_count, ==, 256);
    g_assert_cmpfloat_with_epsilon (t.result.metrics.rack_power_kw, 25.6, 1e-9);
    g_assert_false (tf_result_has_warning (&t.result, "rack-power-overflow"));
  }
  /* A budget that holds sixteen of them (409.6 kW) packs sixteen a rack again. */
  ctx.rack.power_kw = 410;
  {
    g_auto(TfTopology) t = { 0 };

    generate (&ctx, torus, &t);
    g_assert_cmpuint (t.result.metrics.rack_count, ==, 16);
    g_assert_cmpfloat_with_epsilon (t.result.metrics.rack_power_kw, 409.6, 1e-9);
  }
  /* A 32-chip board, 51.2 kW, cannot fit a 40 kW rack: flagged, alone in its rack. */
  ctx.rack.power_kw = 40;
  ctx.chips_per_board_max = 32;
  {
    g_auto(TfTopology) t = { 0 };

    generate (&ctx, "torus:dimension_sizes=16x16x16,board_shape=2x4x4", &t);
    g_assert_true (tf_result_has_warning (&t.result, "rack-power-overflow"));
    g_assert_cmpuint (t.result.metrics.rack_count, ==, 128);
    g_assert_cmpfloat_with_epsilon (t.result.metrics.rack_power_kw, 51.2, 1e-9);
  }

  /* GB200 NVL72: 72 GPUs of 1,200 + 250 W and 18 NVLink switch chips of 72 ports at 12 W in
   * one rack: 104.4 + 15.552 = 119.952 kW, under a liquid-cooled 132 kW, over an air-cooled
   * 40. */
  ctx = tf_test_context (72 * 72, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_SWITCH);
  tf_context_set_chip_preset (&ctx, tf_chip_preset_lookup ("gb200"));
  ctx.chips_per_board_max = 72;
  ctx.switch_defaults.radix = 144;
  ctx.boards_per_rack_max = 1;
  ctx.racks_per_pod_max = 72;
  for (guint cooling = 0; cooling < 2; cooling++)
    {
      g_auto(TfTopology) t = { 0 };

      ctx.rack.power_kw = tf_rack_preset_lookup (cooling == 0 ? "liquid" : "air")->power_kw;
      generate (&ctx, "fat-tree:layers=2,k=144,osr=1,n_endpoint=72,p_levels=2x1,attach=rail",
                &t);
      g_assert_cmpuint (t.result.metrics.rack_count, ==, 72);
      g_assert_cmpfloat_with_epsilon (t.result.metrics.rack_power_kw, 119.952, 1e-9);
      g_assert_cmpint (tf_result_has_warning (&t.result, "rack-power-overflow"), ==,
                       cooling == 1);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/budgets/hand-cases", test_hand_cases);
  g_test_add_func ("/budgets/full-bisection", test_full_bisection);
  g_test_add_func ("/budgets/rack-power", test_rack_power);
  g_test_add_func ("/budgets/sweep", test_sweep);
  return g_test_run ();
}
