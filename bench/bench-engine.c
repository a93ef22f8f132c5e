/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-engine.c: times the engine against the targets of the performance issue and checks its
 * exact path metrics against networkx and igraph (bench/compare.py).
 *
 * Every figure is the median of --runs runs. Being over a target is reported, not fatal; an
 * engine error or a metric that disagrees with the libraries fails the benchmark.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "topoforge.h"

#define MAX_RUNS 99

#define ENUMERATE_TARGET_MS       50.0
#define ENUMERATE_LARGE_TARGET_MS 2000.0
#define GENERATE_SMALL_TARGET_MS  10.0
#define GENERATE_LARGE_TARGET_MS  2000.0

#define SMALL_N_CHIP 1024u
#define LARGE_N_CHIP 65536u
/* 2^4 3^2 5 7 11 13: a highly composite count, where every family has many shapes, Dragonfly
 * half a million parameter sets and results of tens of thousands of switches. */
#define COMPOSITE_N_CHIP 720720u

/* The families whose first result at each size is generated, and in which order. */
static const char *const small_families[] = {
  "fat-tree", "torus", "dragonfly", "hypercube", "hyperx",
};
static const char *const large_families[] = { "torus", "fat-tree" };

/* One generated topology: what the engine measured, and what the libraries did. */
typedef struct
{
  char   *label;        /* "torus 1024" */
  char   *id;
  char   *edge_list;    /* path of the chip-level edge list */
  guint   n_chip;
  guint   n_nodes;
  guint   n_edges;      /* distinct linked node pairs */
  guint   diameter;
  double  average_path_length;
  double  generate_ms;
  double  paths_ms;     /* tf_network_graph_path_metrics () alone */
  double  all_ms;       /* the same with every chip a source, no shortcut; < 0: not run */
  double  networkx_ms;  /* < 0: not run */
  double  igraph_ms;
  char   *status;       /* from compare.py: ok, partial, skipped or MISMATCH */
  char   *note;
} BenchGraph;

typedef struct
{
  guint       runs;
  char       *compare;   /* compare.py, or NULL to skip the comparison */
  char       *python;
  char       *tmpdir;
  GPtrArray  *graphs;    /* BenchGraph */
  guint       n_over;    /* figures over their target */
  gboolean    mismatch;  /* a library disagrees with the engine */
  gboolean    compare_failed;
} Bench;

static void
bench_graph_free (gpointer data)
{
  BenchGraph *g = data;

  g_free (g->label);
  g_free (g->id);
  g_free (g->edge_list);
  g_free (g->status);
  g_free (g->note);
  g_free (g);
}

/* Timing */

typedef struct
{
  guint  n;
  gint64 us[MAX_RUNS];
} Samples;

static void
samples_add (Samples *s,
             gint64   start)
{
  g_assert (s->n < MAX_RUNS);
  s->us[s->n++] = g_get_monotonic_time () - start;
}

static int
compare_gint64 (const void *pa,
                const void *pb)
{
  gint64 a = *(const gint64 *) pa, b = *(const gint64 *) pb;

  return a < b ? -1 : a > b;
}

static double
samples_median_ms (Samples *s)
{
  g_assert (s->n > 0);

  qsort (s->us, s->n, sizeof (gint64), compare_gint64);
  if (s->n % 2 == 1)
    return s->us[s->n / 2] / 1000.0;
  return (s->us[s->n / 2 - 1] + s->us[s->n / 2]) / 2000.0;
}

/* "ok" or "over" against @target_ms, counting the overs. */
static const char *
verdict (Bench  *b,
         double  ms,
         double  target_ms)
{
  if (ms <= target_ms)
    return "ok";
  b->n_over++;
  return "over";
}

/* Contexts and ids */

static void
context_for (TfContext *ctx,
             guint      n_chip)
{
  tf_context_init (ctx);
  ctx->n_chip = n_chip;
  ctx->scope = TF_SCOPE_INTER_RACK;
}

/* The engine's families declare chip-transitivity privately; the public API shows only the leaf
 * tier, so this mirrors their declarations: chip-leaf families (torus, hypercube) and the ring
 * and full mesh of boards are vertex-transitive on chips. */
static gboolean
family_is_chip_transitive (const TfFamily *family)
{
  const char *name = tf_family_get_name (family);

  return tf_family_get_leaf_tier (family) == TF_TIER_CHIP
         || g_str_equal (name, "ring") || g_str_equal (name, "full-mesh");
}

/* The first (best-ranked) result id of each of @names at @n_chip, into @ids. */
static gboolean
pick_first_ids (guint              n_chip,
                const char *const *names,
                guint              n_names,
                GPtrArray         *ids,
                GError           **error)
{
  g_autofree const TfFamily **families = g_new (const TfFamily *, n_names);
  g_auto(TfEnumeration) e = { 0 };
  TfContext ctx;

  for (guint i = 0; i < n_names; i++)
    {
      families[i] = tf_family_lookup (names[i]);
      if (families[i] == NULL)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_UNKNOWN_FAMILY,
                       "family '%s' is not registered", names[i]);
          return FALSE;
        }
    }
  context_for (&ctx, n_chip);
  if (!tf_enumerate (&ctx, families, n_names, TF_DEFAULT_LIMIT, NULL, NULL, &e, error))
    return FALSE;
  for (guint i = 0; i < e.n_families; i++)
    {
      if (e.families[i].n_results == 0)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_NOT_IN_CONTEXT,
                       "%s has no result at n_chip = %u", names[i], n_chip);
          return FALSE;
        }
      g_ptr_array_add (ids, tf_result_dup_id (&e.families[i].results[0]));
    }
  return TRUE;
}

/* 1. Enumeration */

static gboolean
time_enumerate (Bench           *b,
                const TfContext *ctx,
                const TfFamily  *family,
                double          *ms,
                guint64         *kept,
                guint64         *total,
                GError         **error)
{
  Samples s = { 0 };

  for (guint run = 0; run < b->runs; run++)
    {
      g_auto(TfEnumeration) e = { 0 };
      gint64 start = g_get_monotonic_time ();

      if (!tf_enumerate (ctx, family ? &family : NULL, family ? 1 : 0, TF_DEFAULT_LIMIT,
                         NULL, NULL, &e, error))
        return FALSE;
      samples_add (&s, start);

      *kept = *total = 0;
      for (guint i = 0; i < e.n_families; i++)
        {
          *kept += e.families[i].n_results;
          *total += e.families[i].total;
        }
    }
  *ms = samples_median_ms (&s);
  return TRUE;
}

static gboolean
bench_enumerate (Bench   *b,
                 guint    number,
                 guint    n_chip,
                 double   target_ms,
                 GError **error)
{
  TfContext ctx;
  double ms;
  guint64 kept, total;

  context_for (&ctx, n_chip);
  g_print ("%u. tf_enumerate: n_chip = %u, scope = inter-rack, limit = %u, metrics included\n\n",
           number, n_chip, TF_DEFAULT_LIMIT);
  g_print ("   %-16s %8s %8s %11s   %s\n", "family", "kept", "legal", "median ms", "target");
  for (guint i = 0; i < tf_families_get_count (); i++)
    {
      const TfFamily *family = tf_families_get (i);

      if (!time_enumerate (b, &ctx, family, &ms, &kept, &total, error))
        return FALSE;
      g_print ("   %-16s %8" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %11.3f   -\n",
               tf_family_get_name (family), kept, total, ms);
    }
  if (!time_enumerate (b, &ctx, NULL, &ms, &kept, &total, error))
    return FALSE;
  g_print ("   %-16s %8" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %11.3f   <= %.0f ms  %s\n\n",
           "all families", kept, total, ms, target_ms, verdict (b, ms, target_ms));
  return TRUE;
}

/* 3. and 4. Generation */

static int
compare_guint64 (const void *pa,
                 const void *pb)
{
  guint64 a = *(const guint64 *) pa, b = *(const guint64 *) pb;

  return a < b ? -1 : a > b;
}

/* Writes one "a b" line per linked node pair: parallel links, and any pair listed twice, once. */
static gboolean
write_edge_list (const TfNetworkGraph  *graph,
                 const char            *path,
                 guint                 *n_edges,
                 GError               **error)
{
  g_autofree guint64 *pairs = g_new (guint64, MAX (graph->n_links, 1));
  g_autoptr(GString) out = g_string_sized_new ((gsize) graph->n_links * 12);
  guint n = 0;

  for (guint i = 0; i < graph->n_links; i++)
    {
      guint32 a = MIN (graph->links[i].a, graph->links[i].b);
      guint32 c = MAX (graph->links[i].a, graph->links[i].b);

      pairs[i] = (guint64) a << 32 | c;
    }
  qsort (pairs, graph->n_links, sizeof (guint64), compare_guint64);
  for (guint i = 0; i < graph->n_links; i++)
    if (i == 0 || pairs[i] != pairs[i - 1])
      {
        g_string_append_printf (out, "%u %u\n", (guint) (pairs[i] >> 32),
                                (guint) (pairs[i] & G_MAXUINT32));
        n++;
      }
  *n_edges = n;
  return g_file_set_contents (path, out->str, (gssize) out->len, error);
}

static gboolean
bench_generate (Bench       *b,
                guint        n_chip,
                const char  *id,
                int          id_width,
                double       target_ms,
                GError     **error)
{
  g_auto(TfTopology) topo = { 0 };
  BenchGraph *g;
  const TfFamily *family;
  TfContext ctx;
  Samples s = { 0 };
  gboolean transitive;
  g_autofree char *file = NULL;

  context_for (&ctx, n_chip);
  for (guint run = 0; run < b->runs; run++)
    {
      gint64 start;

      tf_topology_clear (&topo);
      start = g_get_monotonic_time ();
      if (!tf_generate (&ctx, id, NULL, NULL, &topo, error))
        return FALSE;
      samples_add (&s, start);
    }
  /* generate measures both on the graph; the diameter keeps the family's label (closed-form)
   * once the graph agrees with it, and the search below checks the value again. */
  if (topo.result.metrics.diameter_method == TF_METHOD_NONE
      || topo.result.metrics.average_path_length_method != TF_METHOD_EXACT)
    {
      g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                   "%s: tf_generate did not measure the path metrics", id);
      return FALSE;
    }

  family = topo.result.family;
  g = g_new0 (BenchGraph, 1);
  g_ptr_array_add (b->graphs, g);
  g->label = g_strdup_printf ("%s %u", tf_family_get_name (family), n_chip);
  g->id = g_strdup (id);
  g->n_chip = n_chip;
  g->n_nodes = tf_network_graph_get_n_nodes (&topo.graph);
  g->diameter = topo.result.metrics.diameter;
  g->average_path_length = topo.result.metrics.average_path_length;
  g->generate_ms = samples_median_ms (&s);
  g->networkx_ms = g->igraph_ms = -1;

  /* The path metrics alone, to compare like with like against the libraries. */
  transitive = family_is_chip_transitive (family);
  s.n = 0;
  for (guint run = 0; run < b->runs; run++)
    {
      gint64 start = g_get_monotonic_time ();
      guint diameter;
      double apl;

      if (!tf_network_graph_path_metrics (&topo.graph, transitive, NULL, NULL,
                                          &diameter, &apl, error))
        return FALSE;
      samples_add (&s, start);
      if (diameter != g->diameter || apl != g->average_path_length)
        {
          g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                       "%s: tf_network_graph_path_metrics gives diameter %u, apl %.17g; "
                       "tf_generate gave %u, %.17g", id, diameter, apl,
                       g->diameter, g->average_path_length);
          return FALSE;
        }
    }
  g->paths_ms = samples_median_ms (&s);

  /* And with no structural shortcut: bit-parallel BFS from every chip, the work the libraries
   * do. Too slow to be worth it on the largest graphs. */
  g->all_ms = -1;
  if (n_chip <= 16384)
    {
      s.n = 0;
      for (guint run = 0; run < b->runs; run++)
        {
          gint64 start = g_get_monotonic_time ();
          guint diameter;
          double apl;

          if (!tf_network_graph_path_metrics_all_sources (&topo.graph, &diameter, &apl, error))
            return FALSE;
          samples_add (&s, start);
          if (diameter != g->diameter || fabs (apl - g->average_path_length) > 1e-9)
            {
              g_set_error (error, TF_ERROR, TF_ERROR_INVARIANT,
                           "%s: BFS from every chip gives diameter %u, apl %.17g; "
                           "tf_generate gave %u, %.17g", id, diameter, apl,
                           g->diameter, g->average_path_length);
              return FALSE;
            }
        }
      g->all_ms = samples_median_ms (&s);
    }

  file = g_strdelimit (g_strdup_printf ("%s.edges", g->label), " ", '-');
  g->edge_list = g_build_filename (b->tmpdir, file, NULL);
  if (!write_edge_list (&topo.graph, g->edge_list, &g->n_edges, error))
    return FALSE;

  g_print ("   %-*s %7u %8u %5u %9.4f %11.3f   <= %.0f ms  %s\n",
           id_width, id, g->n_nodes, g->n_edges, g->diameter, g->average_path_length,
           g->generate_ms, target_ms, verdict (b, g->generate_ms, target_ms));
  return TRUE;
}

static gboolean
bench_generate_set (Bench              *b,
                    const char         *title,
                    guint               n_chip,
                    const char *const  *families,
                    guint               n_families,
                    double              target_ms,
                    GError            **error)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  int width = 2;

  if (!pick_first_ids (n_chip, families, n_families, ids, error))
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    width = MAX (width, (int) strlen (g_ptr_array_index (ids, i)));

  g_print ("%s\n\n", title);
  g_print ("   %-*s %7s %8s %5s %9s %11s   %s\n", width, "id", "nodes", "edges", "diam",
           "apl", "median ms", "target");
  for (guint i = 0; i < ids->len; i++)
    if (!bench_generate (b, n_chip, g_ptr_array_index (ids, i), width, target_ms, error))
      return FALSE;
  g_print ("\n");
  return TRUE;
}

/* 5. Comparison */

static gboolean
write_manifest (Bench       *b,
                const char  *path,
                GError     **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < b->graphs->len; i++)
    {
      BenchGraph *g = g_ptr_array_index (b->graphs, i);

      g_string_append_printf (out, "%s\t%s\t%u\t%u\t%u\t%.17g\n", g->label, g->edge_list,
                              g->n_chip, g->n_nodes, g->diameter, g->average_path_length);
    }
  return g_file_set_contents (path, out->str, (gssize) out->len, error);
}

static double
parse_ms (const char *field)
{
  return g_strcmp0 (field, "-") == 0 ? -1 : g_ascii_strtod (field, NULL);
}

/* compare.py's results: label, networkx ms, igraph ms, status, note; "-" where not run. */
static gboolean
read_results (Bench       *b,
              const char  *path,
              GError     **error)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &contents, NULL, error))
    return FALSE;
  lines = g_strsplit (contents, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_auto(GStrv) f = g_strsplit (lines[l], "\t", 5);

      if (g_strv_length (f) != 5)
        continue;
      for (guint i = 0; i < b->graphs->len; i++)
        {
          BenchGraph *g = g_ptr_array_index (b->graphs, i);

          if (!g_str_equal (g->label, f[0]))
            continue;
          g->networkx_ms = parse_ms (f[1]);
          g->igraph_ms = parse_ms (f[2]);
          g_free (g->status);
          g->status = g_strdup (f[3]);
          g_free (g->note);
          g->note = g_strdup (f[4]);
          b->mismatch |= g_str_equal (f[3], "MISMATCH");
        }
    }
  return TRUE;
}

static gboolean
run_compare (Bench   *b,
             GError **error)
{
  g_autofree char *manifest = g_build_filename (b->tmpdir, "manifest.tsv", NULL);
  g_autofree char *results = g_build_filename (b->tmpdir, "results.tsv", NULL);
  const char *argv[] = { b->python, b->compare, manifest, results, NULL };
  int wait_status;

  if (!write_manifest (b, manifest, error))
    return FALSE;

  /* compare.py writes its own lines between ours. */
  fflush (stdout);
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                     &wait_status, error))
    return FALSE;
  /* A failed run may leave no results; its exit status still fails the benchmark. */
  if (g_file_test (results, G_FILE_TEST_EXISTS) && !read_results (b, results, error))
    return FALSE;
  if (!g_spawn_check_wait_status (wait_status, NULL) && !b->mismatch)
    b->compare_failed = TRUE;
  return TRUE;
}

static void
print_ms (double ms)
{
  if (ms < 0)
    g_print (" %11s", "-");
  else
    g_print (" %11.3f", ms);
}

static void
print_ratio (double ms,
             double engine_ms)
{
  if (ms < 0 || engine_ms < 0)
    g_print (" %10s", "-");
  else if (engine_ms == 0)
    g_print (" %10s", "inf");
  else
    g_print (" %9.0fx", ms / engine_ms);
}

static void
print_comparison (Bench *b)
{
  int width = 8;

  for (guint i = 0; i < b->graphs->len; i++)
    width = MAX (width, (int) strlen (((BenchGraph *) g_ptr_array_index (b->graphs, i))->label));

  g_print ("\n   engine ms: tf_network_graph_path_metrics () alone, using the graph's structure\n"
           "   (one source for vertex-transitive graphs, switch-level search for switched ones);\n"
           "   all-src ms: the engine's bit-parallel BFS from every chip, no shortcut, the same\n"
           "   work the libraries do; library time is the all-chip-pairs distance computation on\n"
           "   the loaded graph, loading excluded. Ratios are library time / engine time.\n\n");
  g_print ("   %-14s %-*s %10s %10s %11s %10s %10s %10s %10s  %s\n", "metric", width, "topology",
           "engine ms", "all-src ms", "networkx ms", "igraph ms", "nx/engine", "ig/engine",
           "ig/all-src", "check");
  for (guint i = 0; i < b->graphs->len; i++)
    {
      BenchGraph *g = g_ptr_array_index (b->graphs, i);

      g_print ("   %-14s %-*s %10.3f", "diameter+apl", width, g->label, g->paths_ms);
      if (g->all_ms < 0)
        g_print (" %10s", "-");
      else
        g_print (" %10.3f", g->all_ms);
      print_ms (g->networkx_ms);
      print_ms (g->igraph_ms);
      print_ratio (g->networkx_ms, g->paths_ms);
      print_ratio (g->igraph_ms, g->paths_ms);
      print_ratio (g->igraph_ms, g->all_ms);
      g_print ("  %s\n", g->status ? g->status : "not run");
    }
  g_print ("\n   check: ok = diameter and apl equal in every library that ran; partial = too big\n"
           "   to search from every chip, probes agree (all chips reached, none beyond the\n"
           "   diameter)\n\n");
  for (guint i = 0; i < b->graphs->len; i++)
    {
      BenchGraph *g = g_ptr_array_index (b->graphs, i);
      g_auto(GStrv) notes = NULL;

      if (g->note == NULL || *g->note == '\0')
        continue;
      notes = g_strsplit (g->note, "; ", -1);
      for (guint n = 0; notes[n] != NULL; n++)
        g_print ("   %-*s %s\n", width + 1, n == 0 ? g->label : "", notes[n]);
    }
}

/* Set-up and summary */

static void
print_machine (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M:%S %z");
  g_autofree char *cpuinfo = NULL;
  const char *cpu = "unknown cpu";
  g_autofree char *cpu_name = NULL;

  if (g_file_get_contents ("/proc/cpuinfo", &cpuinfo, NULL, NULL))
    {
      char *line = strstr (cpuinfo, "model name");
      char *colon = line ? strchr (line, ':') : NULL;

      if (colon != NULL)
        {
          cpu_name = g_strndup (colon + 1, strcspn (colon + 1, "\n"));
          cpu = g_strstrip (cpu_name);
        }
    }
  g_print ("Topoforge engine benchmark %s (%s build)\n", TF_VERSION, TF_BENCH_BUILDTYPE);
  g_print ("machine: nproc %u, %s, glib %u.%u.%u, %s\n", g_get_num_processors (), cpu,
           glib_major_version, glib_minor_version, glib_micro_version, date);
}

static void
print_summary (Bench *b)
{
  guint verified = 0, partial = 0;

  for (guint i = 0; i < b->graphs->len; i++)
    {
      const char *status = ((BenchGraph *) g_ptr_array_index (b->graphs, i))->status;

      verified += g_strcmp0 (status, "ok") == 0;
      partial += g_strcmp0 (status, "partial") == 0;
    }
  g_print ("\nresult: PASS. Path metrics: %u of %u graphs verified, %u partially. "
           "Targets: %u figure%s over.\n", verified, b->graphs->len, partial, b->n_over,
           b->n_over == 1 ? "" : "s");
}

static void
remove_tmpdir (const char *tmpdir)
{
  g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (tmpdir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (tmpdir);
}

static gboolean
run (Bench   *b,
     GError **error)
{
  g_autofree char *title3 = NULL;
  g_autofree char *title4 = NULL;

  if (!bench_enumerate (b, 1, SMALL_N_CHIP, ENUMERATE_TARGET_MS, error)
      || !bench_enumerate (b, 2, COMPOSITE_N_CHIP, ENUMERATE_LARGE_TARGET_MS, error))
    return FALSE;

  title3 = g_strdup_printf ("3. tf_generate with all metrics: n_chip = %u, "
                            "first result of each family", SMALL_N_CHIP);
  if (!bench_generate_set (b, title3, SMALL_N_CHIP, small_families,
                           G_N_ELEMENTS (small_families), GENERATE_SMALL_TARGET_MS, error))
    return FALSE;
  title4 = g_strdup_printf ("4. tf_generate with all metrics: n_chip = %u, "
                            "first result of each family", LARGE_N_CHIP);
  if (!bench_generate_set (b, title4, LARGE_N_CHIP, large_families,
                           G_N_ELEMENTS (large_families), GENERATE_LARGE_TARGET_MS, error))
    return FALSE;

  g_print ("5. Path metrics against networkx and igraph: diameter and average path length\n"
           "   over chip pairs (switches are intermediate nodes only)\n\n");
  if (b->compare == NULL)
    {
      g_print ("   skipped: no --compare script given\n");
      return TRUE;
    }
  if (!run_compare (b, error))
    return FALSE;
  print_comparison (b);
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) options = NULL;
  g_autoptr(GError) error = NULL;
  Bench b = { 0 };
  int runs = 7;
  gboolean keep = FALSE, ok;
  GOptionEntry entries[] = {
    { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Runs per figure, of which the median (7)", "N" },
    { "compare", 0, 0, G_OPTION_ARG_FILENAME, &b.compare, "bench/compare.py", "PATH" },
    { "python", 0, 0, G_OPTION_ARG_FILENAME, &b.python,
      "Python with networkx and igraph (python3)", "PATH" },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, "Keep the edge lists", NULL },
    { NULL }
  };

  options = g_option_context_new ("- time the Topoforge engine");
  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error))
    {
      g_printerr ("bench-engine: %s\n", error->message);
      return 2;
    }
  if (runs < 1 || runs > MAX_RUNS)
    {
      g_printerr ("bench-engine: --runs = %d: must be from 1 to %d\n", runs, MAX_RUNS);
      return 2;
    }
  b.runs = (guint) runs;
  if (b.python == NULL)
    b.python = g_strdup ("python3");

  b.tmpdir = g_dir_make_tmp ("topoforge-bench-XXXXXX", &error);
  if (b.tmpdir == NULL)
    {
      g_printerr ("bench-engine: %s\n", error->message);
      return 1;
    }
  b.graphs = g_ptr_array_new_with_free_func (bench_graph_free);

  print_machine ();
  g_print ("every figure is the median of %u runs; targets are reported, not enforced\n\n",
           b.runs);

  ok = run (&b, &error) && !b.mismatch && !b.compare_failed;
  if (error != NULL)
    g_print ("\nFAILED: engine error: %s\n", error->message);
  else if (b.mismatch)
    g_print ("\nFAILED: the engine's path metrics disagree with networkx or igraph "
             "(see MISMATCH above)\n");
  else if (b.compare_failed)
    g_print ("\nFAILED: compare.py did not finish (see its messages above)\n");
  else
    print_summary (&b);

  if (keep || !ok)
    g_print ("edge lists kept in %s\n", b.tmpdir);
  else
    remove_tmpdir (b.tmpdir);

  g_ptr_array_unref (b.graphs);
  g_free (b.tmpdir);
  g_free (b.compare);
  g_free (b.python);
  return ok ? 0 : 1;
}
