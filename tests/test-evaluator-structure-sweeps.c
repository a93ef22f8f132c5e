/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-evaluator-structure-sweeps.c: Layer 1 against brute force (evaluator-structure-oracle.c)
 * on many graphs. The graphs: every family at several sizes, intra_board_topo options and chip
 * radices, vertex-transitive ones also without the declaration; the same graphs edited (links
 * removed and added, so no longer vertex-transitive); long rings and tori (the deep-graph paths);
 * random graphs with planted twins, duplicate links and pendant chips, some where a failure cuts
 * chips off. The hand-made cases are test-evaluator-structure.c.
 */
#include <string.h>

#include "evaluator-structure-oracle.h"
#include "family-private.h"
#include "structure-private.h"
#include "test-util.h"

/* Graph edits */

static gboolean
linked (const TfNetworkGraph *g,
        guint32               a,
        guint32               b)
{
  for (guint i = 0; i < g->n_links; i++)
    if ((g->links[i].a == a && g->links[i].b == b) || (g->links[i].a == b && g->links[i].b == a))
      return TRUE;
  return FALSE;
}

/* Removes up to @n_remove random links among routing nodes (switch-switch, or chip-chip in a
 * direct network) that keep the graph connected, and adds @n_add new ones. */
static void
edit_graph (TfNetworkGraph *g,
            GRand          *rng,
            guint           n_remove,
            guint           n_add)
{
  gboolean switches = g->n_switch > 0;
  guint lo = switches ? g->n_chip : 0, hi = switches ? g->n_chip + g->n_switch : g->n_chip;

  for (guint k = 0, tries = 0; k < n_remove && tries < 50; tries++)
    {
      guint i = g_rand_int_range (rng, 0, (gint32) g->n_links);
      TfLink saved = g->links[i];

      if (saved.a < lo || saved.b < lo)
        continue;
      g->links[i] = g->links[g->n_links - 1];
      g->n_links--;
      if (tf_network_graph_is_connected (g))
        k++;
      else
        {
          g->links[g->n_links++] = g->links[i];
          g->links[i] = saved;
        }
    }
  if (hi - lo >= 2)
    {
      g->links = g_renew (TfLink, g->links, g->n_links + n_add);
      for (guint k = 0, tries = 0; k < n_add && tries < 50; tries++)
        {
          guint32 a = g_rand_int_range (rng, (gint32) lo, (gint32) hi);
          guint32 b = g_rand_int_range (rng, (gint32) lo, (gint32) hi);

          if (a == b || linked (g, a, b))
            continue;
          g->links[g->n_links].a = MIN (a, b);
          g->links[g->n_links].b = MAX (a, b);
          g->links[g->n_links].multiplicity = g_rand_int_range (rng, 1, 3);
          g->n_links++;
          k++;
        }
    }
  fix_ports (g);
}

/* A topology holding a copy of @src's graph, no longer a family's result. */
static void
edited_copy (const TfTopology *src,
             TfTopology       *dest)
{
  memset (dest, 0, sizeof *dest);
  dest->context = src->context;
  dest->result = src->result;
  dest->result.family = NULL;
  memset (&dest->result.metrics, 0, sizeof dest->result.metrics);
  tf_network_graph_copy (&src->graph, &dest->graph);
}

/* Families */

static void
check_family_results (guint            n_chip,
                      TfIntraBoardTopo topo,
                      guint            chip_radix,
                      guint            per_family,
                      GRand           *rng)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, topo);
  g_auto(TfEnumeration) e = { 0 };
  g_autoptr(GError) error = NULL;

  ctx.chip_radix = chip_radix;
  g_assert_true (tf_enumerate (&ctx, NULL, 0, 0, NULL, NULL, &e, &error));
  g_assert_no_error (error);
  for (guint f = 0; f < e.n_families; f++)
    {
      const TfFamilyEnumeration *fe = &e.families[f];

      for (guint k = 0; k < MIN (per_family, fe->n_results); k++)
        {
          /* The first, the last, and random ones between. */
          guint i = k == 0 ? 0 : k == 1 ? fe->n_results - 1
                    : (guint) g_rand_int_range (rng, 0, (gint32) fe->n_results);
          const TfResult *r = &fe->results[i];
          g_autofree char *id = tf_result_dup_id (r);
          g_autofree char *name = NULL;
          g_auto(TfTopology) t = { 0 };
          g_auto(TfTopology) edited = { 0 };

          if (r->metrics.link_count > 3000 || r->metrics.switch_count > 200)
            continue;
          if (!tf_generate (&ctx, id, NULL, NULL, &t, &error))
            g_error ("%s (n_chip %u): %s", id, n_chip, error->message);
          name = g_strdup_printf ("%s (n_chip %u, %s, chip_radix %u)", id, n_chip,
                                  tf_intra_board_topo_to_string (topo), chip_radix);

          /* An edited copy: no longer the family's, nor vertex-transitive. */
          if (g_rand_int_range (rng, 0, 3) == 0)
            {
              g_autofree char *edited_name = g_strconcat (name, " edited", NULL);

              edited_copy (&t, &edited);
              edit_graph (&edited.graph, rng, g_rand_int_range (rng, 1, 4),
                          g_rand_int_range (rng, 0, 3));
              check_candidate (&edited, FALSE, edited_name);
            }
          /* Also without the declaration: the general path must agree. */
          if (t.chip_transitive && g_rand_int_range (rng, 0, 2) == 0)
            {
              g_autofree char *plain_name = g_strconcat (name, " undeclared", NULL);

              edited_copy (&t, &edited);
              check_candidate (&edited, FALSE, plain_name);
            }
          check_candidate (&t, t.chip_transitive, name);
        }
    }
}

static void
test_families (void)
{
  static const guint sizes[] = { 2, 3, 4, 6, 8, 9, 12, 16, 18, 24, 27, 32, 36, 48, 64 };
  g_autoptr(GRand) rng = g_rand_new_with_seed (20240611);
  guint before = n_checked, transitive_before = n_transitive, layer1_before = n_layer1_hops;
  guint orbits_before = n_orbit_tables, swaps_before = n_swap_tables;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      for (guint radix = 1; radix <= 2; radix++)
        check_family_results (sizes[i], topo, radix, sizes[i] <= 32 ? 4 : 2, rng);

  g_test_message ("%u candidates checked, %u vertex-transitive", n_checked - before,
                  n_transitive - transitive_before);
  g_assert_cmpuint (n_checked - before, >=, 500);
  g_assert_cmpuint (n_transitive - transitive_before, >=, 50);
  /* Layer 1 made the hop table on the way for every switched result, checked the same way. */
  g_test_message ("%u hop tables made by Layer 1", n_layer1_hops - layer1_before);
  g_assert_cmpuint (n_layer1_hops - layer1_before, >=, 200);
  /* Boards linked inside and hung off the same switches: searched once per orbit. */
  g_test_message ("%u hop tables with fewer rows than chip classes",
                  n_orbit_tables - orbits_before);
  g_assert_cmpuint (n_orbit_tables - orbits_before, >=, 50);
  /* Blocks above the chips swapped (a leaf with its boards, a pod): fewer failure searches. */
  g_test_message ("%u hop tables with fewer failure searches than rows",
                  n_swap_tables - swaps_before);
  g_assert_cmpuint (n_swap_tables - swaps_before, >=, 50);
}

/* A random connected graph with planted false and true twins and pendant chips; @large ones
 * are sparser, with long chains (deep dominator trees). */
static void
random_graph (TfTopology *t,
              GRand      *rng,
              gboolean    large)
{
  guint base_chip = g_rand_int_range (rng, 1, large ? 40 : 10);
  guint base_switch = g_rand_int_range (rng, 0, 3) == 0 ? 0
                      : g_rand_int_range (rng, 1, large ? 20 : 7);
  guint n_base = base_chip + base_switch;
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint32) * 3);
  g_autofree guint8 *is_chip = NULL;
  g_autofree guint32 *renumber = NULL;
  guint n, n_chip = 0;
  g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (guint8));
  guint32 (*raw)[3];
  guint n_raw;

  /* Base nodes 0 .. n_base-1: chips then switches; a random tree plus random extra links. */
  for (guint v = 0; v < n_base; v++)
    {
      guint8 chip = v < base_chip;

      g_array_append_val (kinds, chip);
    }
  for (guint v = 1; v < n_base; v++)
    {
      guint32 e[3] = { g_rand_int_range (rng, 0, (gint32) v), v,
                       (guint32) g_rand_int_range (rng, 1, 3) };

      g_array_append_val (edges, e);
    }
  for (guint k = 0, extra = g_rand_int_range (rng, 0, (gint32) (large ? n_base / 3 : n_base) + 1);
       k < extra; k++)
    {
      guint32 a = g_rand_int_range (rng, 0, (gint32) n_base);
      guint32 b = g_rand_int_range (rng, 0, (gint32) n_base);
      guint32 e[3] = { a, b, 1 };

      if (a != b)
        g_array_append_val (edges, e);   /* duplicates stay: the evaluator must merge them */
    }
  n = n_base;

  /* Twins: copy a node's links (false twin), plus a link to it (true twin). */
  for (guint k = 0, twins = g_rand_int_range (rng, 0, 5); k < twins; k++)
    {
      guint32 x = g_rand_int_range (rng, 0, (gint32) n);
      gboolean true_twin = g_rand_boolean (rng);
      guint len = edges->len;
      guint8 kind = g_array_index (kinds, guint8, x);

      for (guint i = 0; i < len; i++)
        {
          guint32 *e = &g_array_index (edges, guint32, i * 3);
          guint32 f[3] = { e[0] == x ? n : e[0], e[1] == x ? n : e[1], e[2] };

          if (e[0] == x || e[1] == x)
            g_array_append_val (edges, f);
        }
      if (true_twin)
        {
          guint32 f[3] = { x, n, 1 };

          g_array_append_val (edges, f);
        }
      g_array_append_val (kinds, kind);
      n++;
    }
  /* Pendant chips, several on one node: false twins whose only neighbour is that node. */
  if (g_rand_boolean (rng))
    {
      guint32 x = g_rand_int_range (rng, 0, (gint32) n);

      for (guint k = 0, pendants = g_rand_int_range (rng, 1, 4); k < pendants; k++)
        {
          guint32 f[3] = { x, n, 1 };
          guint8 chip = 1;

          g_array_append_val (edges, f);
          g_array_append_val (kinds, chip);
          n++;
        }
    }

  /* Chips first. */
  is_chip = g_new (guint8, n);
  renumber = g_new (guint32, n);
  for (guint v = 0; v < n; v++)
    {
      is_chip[v] = g_array_index (kinds, guint8, v);
      if (is_chip[v])
        renumber[v] = n_chip++;
    }
  for (guint v = 0, s = 0; v < n; v++)
    if (!is_chip[v])
      renumber[v] = n_chip + s++;
  n_raw = edges->len;
  raw = (guint32 (*)[3]) (void *) edges->data;
  for (guint i = 0; i < n_raw; i++)
    {
      raw[i][0] = renumber[raw[i][0]];
      raw[i][1] = renumber[raw[i][1]];
    }
  make_graph (t, n_chip, n - n_chip, (const guint32 (*)[3]) raw, n_raw);
}

/* Groups that rotate onto groups (group-rotation.c): every Dragonfly and Dragonfly+ of a few
 * sizes, on every kind of board, whole last group or not, rails or not, through the rotation
 * against brute force (hop table included), the plain searches agreeing to the bit; the same
 * graphs edited, their family kept (the declaration must be refused or still exact), and a
 * declaration that lies. */
static void
test_rotation (void)
{
  static const guint sizes[] = { 24, 40, 48 };
  static const TfIntraBoardTopo topos[] = {
    TF_INTRA_BOARD_NONE, TF_INTRA_BOARD_RING, TF_INTRA_BOARD_FULL_MESH, TF_INTRA_BOARD_TORUS,
  };
  g_autoptr(GRand) rng = g_rand_new_with_seed (11);
  guint n_rotated = 0, n_partial = 0, n_rail = 0, n_planes = 0, n_refused = 0;

  for (guint si = 0; si < G_N_ELEMENTS (sizes); si++)
    for (guint ti = 0; ti < G_N_ELEMENTS (topos); ti++)
      {
        TfContext ctx = tf_test_context (sizes[si], TF_SCOPE_INTER_RACK, topos[ti]);
        g_auto(TfEnumeration) e = { 0 };
        g_autoptr(GError) error = NULL;

        /* 48 chips with two links a chip: two planes of switches. */
        ctx.chip_radix = sizes[si] == 48 ? 2 : 1;
        g_assert_true (tf_enumerate (&ctx, NULL, 0, 0, NULL, NULL, &e, &error));
        for (guint f = 0; f < e.n_families; f++)
          for (guint i = 0; i < e.families[f].n_results; i++)
            {
              const TfResult *r = &e.families[f].results[i];
              g_autofree char *id = tf_result_dup_id (r);
              g_autofree char *name = NULL;
              g_auto(TfTopology) t = { 0 };
              g_auto(TfTopology) edited = { 0 };
              TfGroupRotation rotation;
              TfRotatedGraph rg;
              TfQuotient own;
              TfPathMetrics with, without;
              gboolean held;

              if (!tf_result_get_group_rotation (&ctx, r, &rotation)
                  || r->metrics.switch_count > 48
                  || g_rand_int_range (rng, 0, ctx.chip_radix > 1 ? 64 : 8) != 0)
                continue;
              if (!tf_generate (&ctx, id, NULL, NULL, &t, &error))
                g_error ("%s: %s", id, error->message);
              name = g_strdup_printf ("%s (n_chip %u, %s)", id, sizes[si],
                                      tf_intra_board_topo_to_string (topos[ti]));
              /* The family's declaration holds on its own graph; with planes, a last group
               * with an empty leaf is refused (an added chip there would join the planes at
               * it, which the check cannot tell harmless). */
              tf_quotient_init (&own, &t.graph, TRUE);
              held = tf_rotated_graph_init (&rg, &t.graph, &own, &rotation);
              if (held)
                {
                  tf_rotated_graph_clear (&rg);
                  n_rotated++;
                  n_partial += sizes[si] % rotation.group_chips != 0;
                  n_rail += strstr (id, "attach=rail") != NULL;
                  n_planes += strstr (id, "planes=") != NULL;
                }
              else if (strstr (id, "planes=") == NULL)
                g_error ("%s: the declared rotation does not hold", name);
              g_assert_true (tf_path_metrics (&t.graph, FALSE, TRUE, TF_FAILURES_SWITCHES, 0,
                                              &rotation, NULL, &with, &error));
              g_assert_true (tf_path_metrics (&t.graph, FALSE, TRUE, TF_FAILURES_SWITCHES, 0,
                                              NULL, NULL, &without, &error));
              g_assert_cmpmem (&with, sizeof with, &without, sizeof without);
              /* And the generator's path sums, to the bit. */
              {
                guint diameter = 0, plain_diameter;
                guint64 sum = 0;
                double apl;

                g_assert_cmpint (tf_rotated_path_sums (&t.graph, &rotation, &diameter, &sum), ==,
                                 held);
                g_assert_true (tf_network_graph_path_metrics_all_sources (&t.graph,
                                                                          &plain_diameter, &apl,
                                                                          &error));
                if (held)
                  {
                    g_assert_cmpuint (diameter, ==, plain_diameter);
                    g_assert_cmpfloat ((double) sum / ((double) sizes[si] * (sizes[si] - 1)), ==,
                                       apl);
                  }
                g_assert_cmpfloat (t.result.metrics.average_path_length, ==, apl);
              }

              /* A lie: the groups one chip short. */
              rotation.group_chips--;
              g_assert_false (tf_rotated_graph_init (&rg, &t.graph, &own, &rotation));
              tf_quotient_clear (&own);

              /* Edited, the family's result kept: refused, or still exact. */
              memset (&edited, 0, sizeof edited);
              edited.context = t.context;
              edited.result = t.result;
              tf_network_graph_copy (&t.graph, &edited.graph);
              edit_graph (&edited.graph, rng, 1, g_rand_int_range (rng, 0, 2));
              rotation.group_chips++;
              tf_quotient_init (&own, &edited.graph, TRUE);
              if (!tf_rotated_graph_init (&rg, &edited.graph, &own, &rotation))
                n_refused++;
              else
                tf_rotated_graph_clear (&rg);
              tf_quotient_clear (&own);
              {
                g_autofree char *edited_name = g_strconcat (name, " edited", NULL);

                check_candidate (&edited, FALSE, edited_name);
              }
              check_candidate (&t, FALSE, name);
            }
      }
  g_test_message ("%u rotated (%u with a partly filled last group, %u on rails, %u on planes), "
                  "%u edited refused", n_rotated, n_partial, n_rail, n_planes, n_refused);
  g_assert_cmpuint (n_rotated, >=, 100);
  g_assert_cmpuint (n_partial, >=, 30);
  g_assert_cmpuint (n_rail, >=, 10);
  g_assert_cmpuint (n_planes, >=, 5);
  g_assert_cmpuint (n_refused, >=, n_rotated / 2);
}

static void
test_random (void)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed (7);
  guint before = n_checked, disconnecting = n_disconnecting, links_before = n_links_checked;

  for (guint i = 0; i < 3000; i++)
    {
      g_auto(TfTopology) t = { 0 };
      g_autofree char *name = g_strdup_printf ("random graph %u", i);

      random_graph (&t, rng, i % 10 == 0);
      if (t.graph.n_chip < 2)
        continue;
      check_candidate (&t, FALSE, name);
    }
  g_test_message ("%u random graphs, %u with a failure cutting chips off",
                  n_checked - before, n_disconnecting - disconnecting);
  g_assert_cmpuint (n_checked - before, >=, 1500);
  g_assert_cmpuint (n_disconnecting - disconnecting, >=, 100);
  g_assert_cmpuint (n_links_checked - links_before, >=, 1500);
}

/* Long rings and tori: vertex-transitive and deep (a diameter past 64, where a bit-parallel
 * search of the whole graph would need several passes). */
static void
test_long (void)
{
  static const struct { guint n_chip; const char *id; TfIntraBoardTopo topo; } cases[] = {
    { 140, "ring:n_endpoint=140", TF_INTRA_BOARD_NONE },
    { 144, "ring:n_endpoint=72", TF_INTRA_BOARD_RING },
    { 132, "torus:dimension_sizes=2x66,board_shape=1x1", TF_INTRA_BOARD_NONE },
  };
  g_autoptr(GRand) rng = g_rand_new_with_seed (3);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TfContext ctx = tf_test_context (cases[i].n_chip, TF_SCOPE_INTER_RACK, cases[i].topo);
      g_auto(TfTopology) t = { 0 };
      g_auto(TfTopology) edited = { 0 };
      g_autofree char *name = g_strdup_printf ("%s (n_chip %u)", cases[i].id, cases[i].n_chip);
      g_autofree char *edited_name = g_strconcat (name, " edited", NULL);
      g_autoptr(GError) error = NULL;

      if (!tf_generate (&ctx, cases[i].id, NULL, NULL, &t, &error))
        g_error ("%s: %s", name, error->message);
      g_assert_true (t.chip_transitive);
      edited_copy (&t, &edited);
      edit_graph (&edited.graph, rng, 0, 1);
      check_candidate (&edited, FALSE, edited_name);
      check_candidate (&t, TRUE, name);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/evaluator/structure/random", test_random);
  g_test_add_func ("/engine/evaluator/structure/long", test_long);
  g_test_add_func ("/engine/evaluator/structure/families", test_families);
  g_test_add_func ("/engine/evaluator/structure/rotation", test_rotation);
  return g_test_run ();
}
