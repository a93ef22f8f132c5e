/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stage-2.c: Stage 2 of the evaluator, the front simulated with SimGrid (stage-2.c and
 * topoforge-simgrid): equal to the alpha-beta model where no flows contend, slower by the factor
 * a hand count of the flows on the busiest link gives where they do, deterministic, cancellable,
 * and refused with a message when the simulator is missing; and a search that runs it.
 */
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "search-private.h"
#include "test-util.h"

/* Within @rel of each other. */
static void
assert_within (double got,
               double expected,
               double rel)
{
  if (!(fabs (got - expected) <= rel * fabs (expected)))
    g_error ("%.17g is not within %g of %.17g", got, rel, expected);
}

static char *
simulator (void)
{
  g_autoptr(GError) error = NULL;
  char *path = tf_stage_2_find_simulator (&error);

  g_assert_no_error (error);
  return path;
}

static void
simulate (const TfSearchConfig *config,
          TfCandidate          *c)
{
  g_autofree char *sim = simulator ();
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_evaluate_stage_2 (config, sim, c, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (c->evaluation.simulated);
}

/* A workload of activations of 2 MiB and a gradient of 2 MB per stage shard, every kind fully
 * exposed, so exposed times are T_p N_p. */
static TfWorkload *
workload (TfSearchConfig *config,
          guint           tp,
          guint           pp,
          guint           dp,
          guint           ep)
{
  TfWorkload *wl = tf_test_workload_setup (config, 0, tp, pp, dp, ep);

  wl->hidden_size = 1024;
  wl->sequence_length = 1024;
  wl->parameters = 1e6 * tp * pp;
  return wl;
}

/* Uncongested: rings along each dimension of a torus (tp along rows, dp along columns: every
 * flow one hop, on a link no other flow takes), one ring over every chip of a non-blocking
 * fat-tree (one flow up and one down each leaf, whatever spine the hash picks), every link
 * 64 GB/s. SimGrid's CM02 time is the alpha-beta closed form. (With the default R2R links of
 * 50 GB/s the fat-tree's ring differs: the alpha-beta model spreads a flow over every spine, so
 * the chip's 64 GB/s limits it; one ECMP path leaves it the uplink's 50.) */
static void
test_uncongested (void)
{
  static const struct
  {
    guint n, tp, dp, ep;
    const char *id;
  } cases[] = {
    { 16, 4, 4, 1, "torus:dimension_sizes=4x4,board_shape=1x1" },
    { 64, 4, 16, 1, "torus:dimension_sizes=4x16,board_shape=1x1" },
    { 16, 1, 16, 1, "fat-tree:layers=2,k=8,osr=1,n_endpoint=16" },
    { 64, 1, 64, 1, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64" },
    /* An AllToAll over 16 chips on one switch: in each of its 15 phases every chip sends and
     * receives one chunk on its own link, the alpha-beta model's (n - 1) alpha + injection
     * (no bisection known here, so no bisection bound). */
    { 16, 1, 16, 16, "single-switch:n_endpoint=16" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TfCandidate) c = tf_test_candidate (cases[i].n, TF_INTRA_BOARD_NONE, 1,
                                                    cases[i].id);
      g_auto(TfSearchConfig) config = { 0 };
      const TfEvaluation *ev = &c->evaluation;

      for (guint t = 0; t < TF_N_LINK_TYPES; t++)
        {
          c->topology.context.defaults[t].bandwidth_gbps = 64;
          for (guint r = 0; r < TF_N_REACHES; r++)
            c->topology.context.by_reach[t][r].bandwidth_gbps = NAN;
        }
      tf_test_config_setup (&config, &c->topology, 0.5);
      workload (&config, cases[i].tp, 1, cases[i].dp, cases[i].ep);
      simulate (&config, c);
      g_test_message ("%s: tp %.6g / %.6g us, dp %.6g / %.6g us, ep %.6g / %.6g us "
                      "(alpha-beta / SimGrid)", cases[i].id, ev->iter_comm_us[0][TF_COMM_TP],
                      ev->iter_comm_sim_us[0][TF_COMM_TP], ev->iter_comm_us[0][TF_COMM_DP],
                      ev->iter_comm_sim_us[0][TF_COMM_DP], ev->iter_comm_us[0][TF_COMM_EP],
                      ev->iter_comm_sim_us[0][TF_COMM_EP]);
      for (guint k = 0; k < TF_N_COMMS; k++)
        assert_within (ev->iter_comm_sim_us[0][k], ev->iter_comm_us[0][k], 1e-3);
      g_assert_cmpfloat (ev->iter_comm_us[0][cases[i].tp > 1 ? TF_COMM_TP : TF_COMM_DP], >, 0);
      if (cases[i].ep > 1)
        g_assert_cmpfloat (ev->iter_comm_us[0][TF_COMM_EP], >, 0);
      assert_within (ev->workflow_time_sim_us, ev->workflow_time_us, 1e-3);
    }
}

/* Two racks of four chips (boards of one chip), a ToR each, under @n_spines spines; every
 * chip's B2B link 64 GB/s, every R2R link 50 GB/s. */
static char *
two_racks_yaml (guint n_spines)
{
  GString *s = g_string_new ("metadata:\n  context:\n    n_chip: 8\n    scope: inter-rack\n"
                             "    chips_per_board_max: 1\n    intra_board_topo: none\n"
                             "boardGrouping:\n  pods:\n  - id: 0\n    racks:\n");

  for (guint r = 0; r < 2; r++)
    {
      g_string_append_printf (s, "    - id: %u\n      boards:\n", r);
      for (guint b = 0; b < 4; b++)
        g_string_append_printf (s, "      - {id: %u, chips: [%u]}\n", 4 * r + b, 4 * r + b);
    }
  g_string_append (s, "network:\n  switches:\n");
  for (guint r = 0; r < 2; r++)
    g_string_append_printf (s, "  - {id: tor%u, tier: rack, rack: %u, port_count: %u}\n", r, r,
                            4 + n_spines);
  for (guint p = 0; p < n_spines; p++)
    g_string_append_printf (s, "  - {id: spine%u, tier: pod, pod: 0, port_count: 2}\n", p);
  g_string_append (s, "  links:\n");
  for (guint c = 0; c < 8; c++)
    g_string_append_printf (s, "  - {a: chip%u, b: tor%u, type: B2B, multiplicity: 1}\n", c,
                            c / 4);
  for (guint r = 0; r < 2; r++)
    for (guint p = 0; p < n_spines; p++)
      g_string_append_printf (s, "  - {a: tor%u, b: spine%u, type: R2R, multiplicity: 1}\n", r,
                              p);
  return g_string_free (s, FALSE);
}

/* The most pipeline flows (chip k -> chip k + 4) that one direction of one link carries on the
 * routes Stage 2 wrote into @platform. */
static guint
busiest_link (const char *platform)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) load = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint most = 0;

  g_assert_true (g_file_get_contents (platform, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint src, dst;
      const char *p;

      if (sscanf (lines[i], " <route src=\"chip%u\" dst=\"chip%u\"", &src, &dst) != 2
          || dst != src + 4)
        continue;
      for (p = strstr (lines[i], "<link_ctn id=\""); p != NULL;
           p = strstr (p + 1, "<link_ctn id=\""))
        {
          g_autofree char *ctn = g_strndup (p, strchr (p, '/') - p);
          guint n = GPOINTER_TO_UINT (g_hash_table_lookup (load, ctn)) + 1;

          most = MAX (most, n);
          g_hash_table_replace (load, g_steal_pointer (&ctn), GUINT_TO_POINTER (n));
        }
    }
  return most;
}

/* Congested: pp = 2 puts stage 0 in one rack and stage 1 in the other, so the four pipeline
 * sends all cross the spines at once, 4 hops each. Under one spine they share its R2R uplink
 * (50 GB/s): both models give 2 us + 4 A / 50. Under two, the alpha-beta model splits every
 * send evenly over both spines, two sends' worth on each uplink: 2 us + 2 A / 50; SimGrid
 * routes each send on one path, and the ECMP hash puts L of them on the busiest uplink,
 * 2 us + L A / 50, with L >= 2 (2 only when the hash happens to spread them evenly). */
static void
test_congested (void)
{
  const double lat = 0.5, A = 2.0 * 1024 * 1024;

  for (guint n_spines = 1; n_spines <= 2; n_spines++)
    {
      g_autofree char *yaml = two_racks_yaml (n_spines);
      g_autoptr(TfCandidate) c = tf_test_candidate_load (yaml);
      g_auto(TfSearchConfig) config = { 0 };
      g_autofree char *keep = g_dir_make_tmp ("test-stage-2-XXXXXX", NULL);
      g_autofree char *platform = g_build_filename (keep, "cand_000000.platform.xml", NULL);
      g_autofree char *flows = g_build_filename (keep, "cand_000000.flows.txt", NULL);
      const TfEvaluation *ev = &c->evaluation;
      double calls;
      guint L;

      tf_test_config_setup (&config, &c->topology, lat);
      workload (&config, 1, 2, 4, 1);
      g_setenv ("TOPOFORGE_STAGE_2_KEEP", keep, TRUE);
      simulate (&config, c);
      g_unsetenv ("TOPOFORGE_STAGE_2_KEEP");
      L = busiest_link (platform);
      g_unlink (platform);
      g_unlink (flows);
      g_rmdir (keep);

      /* 2 (m + pp - 2) = 2 (1 + 0) = 2 calls, m = global batch 4 / dp 4 = 1. */
      calls = 2;
      tf_test_assert_close (ev->iter_comm_us[0][TF_COMM_PP],
                            calls * (4 * lat + (n_spines == 1 ? 4 : 2) * A / 50e3));
      g_test_message ("%u spine(s): %u of the 4 sends on the busiest uplink; pp %.6g us "
                      "alpha-beta, %.6g us SimGrid", n_spines, L, ev->iter_comm_us[0][TF_COMM_PP],
                      ev->iter_comm_sim_us[0][TF_COMM_PP]);
      if (n_spines == 1)
        g_assert_cmpuint (L, ==, 4);
      else
        g_assert_cmpuint (L, >=, 2);
      assert_within (ev->iter_comm_sim_us[0][TF_COMM_PP], calls * (4 * lat + L * A / 50e3),
                     1e-3);
      if (n_spines == 1)
        assert_within (ev->iter_comm_sim_us[0][TF_COMM_PP], ev->iter_comm_us[0][TF_COMM_PP],
                       1e-3);
      else
        g_assert_cmpfloat (ev->iter_time_sim_us[0], >=, ev->iter_time_us[0] * (1 - 1e-9));
    }
}

/* The same candidate simulated twice gives the same figures, bit for bit; a cancelled
 * simulation stops with TF_ERROR_CANCELLED. */
static void
test_deterministic_and_cancel (void)
{
  g_autoptr(TfCandidate) a = tf_test_candidate (64, TF_INTRA_BOARD_NONE, 1,
                                                "fat-tree:layers=2,k=16,osr=1,n_endpoint=64");
  g_autoptr(TfCandidate) b = tf_test_candidate (64, TF_INTRA_BOARD_NONE, 1,
                                                "fat-tree:layers=2,k=16,osr=1,n_endpoint=64");
  g_auto(TfSearchConfig) config = { 0 };
  g_autofree char *sim = simulator ();
  g_autoptr(GError) error = NULL;
  gint cancel = 1;

  tf_test_config_setup (&config, &a->topology, 0.5);
  workload (&config, 2, 2, 16, 1);
  simulate (&config, a);
  simulate (&config, b);
  g_assert_cmpmem (a->evaluation.comm_sim_us, sizeof a->evaluation.comm_sim_us,
                   b->evaluation.comm_sim_us, sizeof b->evaluation.comm_sim_us);

  b->evaluation.simulated = FALSE;
  g_assert_false (tf_evaluate_stage_2 (&config, sim, b, &cancel, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_CANCELLED);
  g_assert_false (b->evaluation.simulated);
}

/* Without the simulator, Stage 2 says how to get it, and a search that asks for it stops
 * before it starts. */
static void
test_missing_simulator (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = g_strdup (g_getenv ("TOPOFORGE_SIMGRID"));
  char *path;

  tf_test_search_config (16, "[fat-tree]", 8, 2, 1, NULL, &config);
  config.stage_2 = TF_STAGE_2_SIMGRID;
  g_setenv ("TOPOFORGE_SIMGRID", "/nonexistent/topoforge-simgrid", TRUE);
  path = tf_stage_2_find_simulator (&error);
  g_assert_null (path);
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
  g_assert_nonnull (strstr (error->message, "TOPOFORGE_SIMGRID=/nonexistent/topoforge-simgrid"));
  g_clear_error (&error);
  g_assert_false (tf_search_run (&config, NULL, &result, &error));
  g_assert_error (error, TF_ERROR, TF_ERROR_INVALID_CONTEXT);
  /* As it was (the sanitizer build names the plain build's simulator here). */
  if (before != NULL)
    g_setenv ("TOPOFORGE_SIMGRID", before, TRUE);
  else
    g_unsetenv ("TOPOFORGE_SIMGRID");
}

/* Stage 2's reports, in order: (stage_2, stage_2_done) of each; the baseline's after it. */
static gboolean
record_stage_2 (const TfSearchProgress *p,
                gpointer                data)
{
  GArray *log = data;
  guint pair[2] = { p->stage_2, p->stage_2_done };

  if (p->stage_2 > 0 || p->baseline)
    g_array_append_vals (log, pair, 2);
  return TRUE;
}

/* A search with stage_2: simgrid simulates ceil(pareto_threshold * evaluations) of its front,
 * says how far it is, writes both figures, and the candidate files give them back. */
static void
test_search (void)
{
  g_auto(TfSearchConfig) config = { 0 };
  g_auto(TfSearchResult) result = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-stage-2-run-XXXXXX", NULL);
  g_autofree char *summary = NULL;
  guint simulated = 0, violations = 0;
  g_autoptr(GArray) log = g_array_new (FALSE, FALSE, sizeof (guint));
  TfSearchOptions options = { .baseline = TRUE, .progress = record_stage_2, .progress_data = log };
  guint last_done = 0, n_reports;

  tf_test_search_config (32, "[fat-tree, torus]", 8, 3, 1, NULL, &config);
  config.stage_2 = TF_STAGE_2_SIMGRID;
  config.pareto_threshold = 0.2;
  g_assert_true (tf_search_run (&config, &options, &result, &error));
  g_assert_no_error (error);
  /* Announced (0 done), then counted up to all of them; the baseline's reports after it say
   * nothing of Stage 2. */
  n_reports = log->len / 2;
  g_assert_cmpuint (n_reports, >=, 3);
  g_assert_cmpuint (g_array_index (log, guint, 0), ==, result.stage_2_candidates);
  g_assert_cmpuint (g_array_index (log, guint, 1), ==, 0);
  for (guint i = 1; i < n_reports; i++)
    {
      guint total = g_array_index (log, guint, 2 * i), done = g_array_index (log, guint, 2 * i + 1);

      if (total == 0)
        {
          g_assert_cmpuint (last_done, ==, result.stage_2_candidates);
          continue;
        }
      g_assert_cmpuint (total, ==, result.stage_2_candidates);
      g_assert_cmpuint (done, >, last_done);
      last_done = done;
    }
  g_assert_cmpuint (last_done, ==, result.stage_2_candidates);
  g_assert_cmpuint (g_array_index (log, guint, log->len - 2), ==, 0);
  g_assert_cmpuint (result.stage_2_candidates, ==,
                    MIN (result.front->len, (guint) ceil (0.2 * result.evaluations)));
  g_assert_cmpuint (result.stage_2_candidates, >, 0);
  g_assert_cmpuint (result.simulated, ==, result.stage_2_candidates);
  g_assert_cmpuint (result.simulation_failures, ==, 0);
  for (guint i = 0; i < result.front->len; i++)
    {
      const TfCandidate *c = g_ptr_array_index (result.front, i);

      if (!c->evaluation.simulated)
        continue;
      simulated++;
      g_assert_cmpfloat (c->evaluation.workflow_time_sim_us, >, 0);
      /* Both run every group of a kind at once; they differ by how flows take paths (one
       * hashed path, or an even split), which can go either way, and by latency (alpha-beta
       * pays the farthest pair's alpha with the busiest link's transfer). */
      g_assert_cmpfloat (c->evaluation.workflow_time_sim_us, >=,
                         c->evaluation.workflow_time_us * 0.9);
    }
  g_assert_cmpuint (simulated, ==, result.simulated);

  g_assert_true (tf_search_output_write (dir, NULL, &config, &result, &violations, &error));
  g_assert_no_error (error);
  {
    g_autofree char *path = g_build_filename (dir, "summary.yaml", NULL);

    g_assert_true (g_file_get_contents (path, &summary, NULL, NULL));
    g_assert_nonnull (strstr (summary, "\nstage_2:\n  simulator: simgrid\n"));
    g_assert_nonnull (strstr (summary, "iter_time_sim_us: "));
  }
  {
    g_auto(TfSearchConfig) loaded = { 0 };
    g_auto(TfSearchResult) back = { 0 };

    g_assert_true (tf_search_output_load (dir, &loaded, &back, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (loaded.stage_2, ==, TF_STAGE_2_SIMGRID);
    for (guint i = 0; i < result.front->len; i++)
      {
        const TfEvaluation *a = &((TfCandidate *) g_ptr_array_index (result.front, i))->evaluation;
        const TfEvaluation *b = &((TfCandidate *) g_ptr_array_index (back.front, i))->evaluation;

        g_assert_cmpint (a->simulated, ==, b->simulated);
        if (a->simulated)
          g_assert_cmpfloat (a->workflow_time_sim_us, ==, b->workflow_time_sim_us);
      }
  }
  tf_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stage-2/uncongested", test_uncongested);
  g_test_add_func ("/stage-2/congested", test_congested);
  g_test_add_func ("/stage-2/deterministic-and-cancel", test_deterministic_and_cancel);
  g_test_add_func ("/stage-2/missing-simulator", test_missing_simulator);
  g_test_add_func ("/stage-2/search", test_search);
  return g_test_run ();
}
