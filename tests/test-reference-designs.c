/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-reference-designs.c: published fat-tree designs, reproduced as enumerated results.
 *
 * Each row is a design from a public vendor document or paper (docs/spec-notes.md, "Reference
 * designs", cites them): its GPU count, switch radix, switches per tier and cables per tier.
 * For each, the enumeration at that GPU count must hold a fat-tree result on switches of that
 * radix whose generated graph has exactly those switches and cables tier by tier (tiers found
 * from the chips up: a switch's tier is its distance from the nearest chip), and the result
 * must not be flagged low-utilization: these designs use every switch port they buy.
 *
 * Each design is looked for twice: with one GPU a board (each GPU's own NIC port the port a
 * leaf counts), and as built, eight GPUs a DGX board cabled rail by rail (GPU j of the 32
 * nodes of a scalable unit to leaf j of the unit), which must give the same counts. The
 * SuperPOD's nodes are looked for a third time with their scale-up domain (intra_board_topo =
 * switch): a DGX B200 joins its 8 GPUs through 2 NVLink switch chips of 72 ports, each GPU's 18
 * NVLinks split 9 and 9 (DGX B200 datasheet: "NVIDIA NVSwitch 2x"; 18 NVLinks a Blackwell GPU).
 * The scale-up switches stand on their boards, outside the fabric's tiers.
 */
#include <string.h>

#include "test-util.h"

typedef struct
{
  const char *name;
  guint       n_gpu;
  guint       radix;
  guint       layers;
  guint       switches[3];  /* leaf, spine, core */
  guint64     cables[3];    /* node-leaf, leaf-spine, spine-core */
} Design;

/* NVIDIA DGX SuperPOD reference architecture (DGX B200), "Larger DGX SuperPOD component
 * counts": InfiniBand compute fabric of 64-port NDR switches, 8 GPUs a node, 32 nodes a SU. */
static const Design designs[] = {
  { "SuperPOD B200, 2 SU", 512, 64, 2, { 16, 8, 0 }, { 512, 512, 0 } },
  { "SuperPOD B200, 4 SU", 1024, 64, 2, { 32, 16, 0 }, { 1024, 1024, 0 } },
  { "SuperPOD B200, 8 SU", 2048, 64, 2, { 64, 32, 0 }, { 2048, 2048, 0 } },
  { "SuperPOD B200, 16 SU", 4096, 64, 3, { 128, 128, 64 }, { 4096, 4096, 4096 } },
  { "SuperPOD B200, 32 SU", 8192, 64, 3, { 256, 256, 128 }, { 8192, 8192, 8192 } },
  { "SuperPOD B200, 64 SU", 16384, 64, 3, { 512, 512, 256 }, { 16384, 16384, 16384 } },
  /* NVIDIA DGX SuperPOD with DGX B300 systems and Quantum-X800 InfiniBand (XDR), "Example
   * Compute Fabric Components": 144-port switches, 8 GPUs a node, 72 nodes a SU; spines of 144
   * ports with 18, 9, 4 and 2 links to each leaf. */
  { "SuperPOD B300 XDR, 1 SU", 576, 144, 2, { 8, 4, 0 }, { 576, 576, 0 } },
  { "SuperPOD B300 XDR, 2 SU", 1152, 144, 2, { 16, 8, 0 }, { 1152, 1152, 0 } },
  { "SuperPOD B300 XDR, 4 SU", 2304, 144, 2, { 32, 18, 0 }, { 2304, 2304, 0 } },
  { "SuperPOD B300 XDR, 8 SU", 4608, 144, 2, { 64, 36, 0 }, { 4608, 4608, 0 } },
  /* Al-Fares, Loukissas and Vahdat, "A Scalable, Commodity Data Center Network Architecture"
   * (SIGCOMM 2008): a k-port fat-tree holds k^3 / 4 hosts on k pods of k / 2 edge and k / 2
   * aggregation switches, and (k / 2)^2 cores; k = 64. */
  { "Al-Fares k = 64", 65536, 64, 3, { 2048, 2048, 1024 }, { 65536, 65536, 65536 } },
};

/* Tiers from the chips up: tier[node] is 0 for a chip, else the switch's distance from the
 * nearest chip. Counts each tier's switches and the cables (multiplicities) between tiers. */
static void
count_tiers (const TfNetworkGraph *g,
             guint                 switches[4],
             guint64               cables[4])
{
  guint n = g->n_chip + g->n_switch;
  g_autofree guint *tier = g_new (guint, n);
  gboolean changed = TRUE;

  for (guint v = 0; v < n; v++)
    tier[v] = v < g->n_chip ? 0 : G_MAXUINT;
  while (changed)
    {
      changed = FALSE;
      for (guint l = 0; l < g->n_links; l++)
        {
          guint32 a = g->links[l].a, b = g->links[l].b;

          if (tier[a] != G_MAXUINT && tier[a] + 1 < tier[b])
            tier[b] = tier[a] + 1, changed = TRUE;
          if (tier[b] != G_MAXUINT && tier[b] + 1 < tier[a])
            tier[a] = tier[b] + 1, changed = TRUE;
        }
    }
  memset (switches, 0, 4 * sizeof *switches);
  memset (cables, 0, 4 * sizeof *cables);
  for (guint s = 0; s < g->n_switch; s++)
    {
      if (g->switches[s].tier == TF_TIER_BOARD)
        continue;
      g_assert_cmpuint (tier[g->n_chip + s], >=, 1);
      g_assert_cmpuint (tier[g->n_chip + s], <=, 3);
      switches[tier[g->n_chip + s] - 1]++;
    }
  for (guint l = 0; l < g->n_links; l++)
    {
      guint ta = tier[g->links[l].a], tb = tier[g->links[l].b];

      if (g->links[l].reach == TF_REACH_BOARD)
        continue;  /* the scale-up domain's own */
      /* No links within a tier, none skipping one. */
      g_assert_cmpuint (MAX (ta, tb) - MIN (ta, tb), ==, 1);
      cables[MIN (ta, tb)] += g->links[l].multiplicity;
    }
}

/* A DGX B200's NVLink domain on every board: 2 switches of 8 x 9 links. */
static void
check_scale_up (const TfNetworkGraph *g)
{
  guint n_su = 0;
  guint64 su_links = 0;

  for (guint s = 0; s < g->n_switch; s++)
    if (g->switches[s].tier == TF_TIER_BOARD)
      {
        n_su++;
        g_assert_cmpuint (g->switches[s].port_count, ==, 72);
      }
  for (guint l = 0; l < g->n_links; l++)
    if (g->links[l].b >= g->n_chip && g->switches[g->links[l].b - g->n_chip].tier == TF_TIER_BOARD)
      {
        g_assert_cmpuint (g->links[l].multiplicity, ==, 9);
        g_assert_cmpint (g->links[l].type, ==, TF_LINK_C2C);
        su_links += g->links[l].multiplicity;
      }
  g_assert_cmpuint (n_su, ==, 2 * g->n_board);
  g_assert_cmpuint (su_links, ==, 18ull * g->n_chip);
}

static void
find_design (const Design     *d,
             guint             chips_per_board,
             TfIntraBoardTopo  topo)
{
  TfContext ctx = tf_test_context (d->n_gpu, TF_SCOPE_INTER_RACK, topo);
  g_auto(TfEnumeration) e = { 0 };
  guint total = d->switches[0] + d->switches[1] + d->switches[2];
  guint on_boards = topo == TF_INTRA_BOARD_SWITCH ? 2 * d->n_gpu / chips_per_board : 0;
  guint found = 0;

  /* The fabric's switches: 64 ports walks the spec's k <= 64, 144 the k up to 144. */
  ctx.switch_defaults.radix = d->radix;
  tf_test_enumerate (&ctx, "fat-tree", 0, &e);
  g_assert_cmpuint (e.n_families, ==, 1);
  for (guint i = 0; i < e.families[0].n_results; i++)
    {
      const TfResult *r = &e.families[0].results[i];
      g_autofree char *id = tf_test_id (r);
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GError) error = NULL;
      guint switches[4];
      guint64 cables[4];

      if (tf_test_attr (r, "k") != d->radix || tf_test_attr (r, "layers") != d->layers
          || r->chips_per_board != chips_per_board
          || r->metrics.switch_count != total + on_boards)
        continue;
      g_assert_true (tf_generate (&ctx, id, NULL, NULL, &t, &error));
      g_assert_no_error (error);
      count_tiers (&t.graph, switches, cables);
      if (memcmp (switches, d->switches, d->layers * sizeof *switches) != 0
          || memcmp (cables, d->cables, d->layers * sizeof *cables) != 0)
        continue;
      g_test_message ("%s, %u GPU%s a board: %s", d->name, chips_per_board,
                      chips_per_board > 1 ? "s" : "", id);
      g_assert_false (tf_result_has_warning (r, "low-utilization"));
      g_assert_false (tf_result_has_warning (r, "radix-too-large"));
      if (topo == TF_INTRA_BOARD_SWITCH)
        check_scale_up (&t.graph);
      /* Eight GPUs a board reach these counts only cabled rail by rail. */
      g_assert_true ((chips_per_board > 1) == (strstr (id, "attach=rail") != NULL));
      found++;
    }
  if (found == 0)
    g_error ("%s: no enumerated fat-tree at %u GPUs, %u a board, has %u + %u + %u switches",
             d->name, d->n_gpu, chips_per_board, d->switches[0], d->switches[1],
             d->switches[2]);
  /* One design, one result: the enumeration does not list it twice. */
  g_assert_cmpuint (found, ==, 1);
}

static void
test_design (gconstpointer data)
{
  const Design *d = data;

  find_design (d, 1, TF_INTRA_BOARD_NONE);
  find_design (d, 8, TF_INTRA_BOARD_NONE);
  if (d->radix == 64 && d->n_gpu <= 16384)
    find_design (d, 8, TF_INTRA_BOARD_SWITCH);
}

/* 72-GPU scale-up racks (GB200 NVL72: 18 NVLink switch chips of 72 ports, one link from each
 * GPU to each) joined by a rail-optimized 2-tier fabric of 144-port switches: one enumerated
 * result at 72 racks, GPU j of every rack on leaf j. */
static void
test_nvl72 (void)
{
  TfContext ctx = tf_test_context (72 * 72, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_SWITCH);
  const char *id = "fat-tree:layers=2,k=144,osr=1,n_endpoint=72,p_levels=2x1,attach=rail";
  g_auto(TfEnumeration) e = { 0 };
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  guint switches[4], su = 0, found = 0;
  guint64 cables[4];

  /* GB200 GPUs in liquid-cooled racks: a 72-GPU domain draws about 120 kW. */
  tf_context_set_chip_preset (&ctx, tf_chip_preset_lookup ("gb200"));
  ctx.rack.power_kw = tf_rack_preset_lookup ("liquid")->power_kw;
  ctx.chips_per_board_max = 72;
  ctx.switch_defaults.radix = 144;
  /* An NVL72 rack holds one 72-GPU domain; a row holds the 72 racks. */
  ctx.boards_per_rack_max = 1;
  ctx.racks_per_pod_max = 72;
  tf_test_enumerate (&ctx, "fat-tree", 0, &e);
  for (guint i = 0; i < e.families[0].n_results; i++)
    {
      g_autofree char *rid = tf_test_id (&e.families[0].results[i]);

      found += strcmp (rid, id) == 0;
    }
  g_assert_cmpuint (found, ==, 1);
  g_assert_true (tf_generate (&ctx, id, NULL, NULL, &t, &error));
  g_assert_no_error (error);
  count_tiers (&t.graph, switches, cables);
  g_assert_cmpuint (switches[0], ==, 72);
  g_assert_cmpuint (switches[1], ==, 36);
  g_assert_cmpuint (cables[0], ==, 5184);
  g_assert_cmpuint (cables[1], ==, 5184);
  for (guint s = 0; s < t.graph.n_switch; s++)
    if (t.graph.switches[s].tier == TF_TIER_BOARD)
      {
        su++;
        g_assert_cmpuint (t.graph.switches[s].port_count, ==, 72);
      }
  g_assert_cmpuint (su, ==, 72 * 18);
  g_assert_cmpuint (t.graph.chips_per_board, ==, 72);
  /* The rail group spans 72 racks, so its leaves stand in the pod, no rack overflows, and
   * every GPU's link to its leaf leaves its rack. */
  g_assert_cmpuint (t.result.n_warnings, ==, 0);
  g_assert_cmpuint (t.result.metrics.rack_count, ==, 72);
  g_assert_cmpuint (t.result.metrics.pod_count, ==, 1);
  for (guint s = 0; s < t.graph.n_switch; s++)
    if (g_str_has_prefix (t.graph.switches[s].id, "leaf"))
      g_assert_cmpint (t.graph.switches[s].tier, ==, TF_TIER_POD);
  g_assert_cmpuint (t.result.metrics.link_count_by_type[TF_LINK_R2R], ==, 2 * 5184);
  g_assert_cmpuint (t.result.metrics.link_count_by_type[TF_LINK_B2B], ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (designs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/reference-designs/%s/%u",
                                               designs[i].n_gpu == 65536 ? "al-fares"
                                               : designs[i].radix == 144 ? "superpod-b300"
                                                                          : "superpod-b200",
                                               designs[i].n_gpu);

      g_test_add_data_func (path, &designs[i], test_design);
    }
  g_test_add_func ("/engine/reference-designs/nvl72-rail", test_nvl72);
  return g_test_run ();
}
