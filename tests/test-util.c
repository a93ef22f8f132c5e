/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>

#include "test-util.h"

#include <math.h>
#include <string.h>

TfContext
tf_test_context (guint            n_chip,
                 TfScope          scope,
                 TfIntraBoardTopo topo)
{
  TfContext ctx;

  tf_context_init (&ctx);
  ctx.n_chip = n_chip;
  ctx.scope = scope;
  ctx.intra_board_topo = topo;
  return ctx;
}

void
tf_test_enumerate (const TfContext *ctx,
                   const char      *family,
                   guint            limit,
                   TfEnumeration   *out)
{
  const TfFamily *f = tf_family_lookup (family);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (f);
  g_assert_true (tf_enumerate (ctx, &f, 1, limit, NULL, NULL, out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out->n_families, ==, 1);
}

char *
tf_test_id (const TfResult *result)
{
  return tf_result_dup_id (result);
}

guint
tf_test_attr_list (const TfResult *result,
                   const char     *key,
                   gint64         *values)
{
  TfAttrs attrs;

  tf_result_get_attrs (result, &attrs);
  for (guint i = 0; i < attrs.n_attrs; i++)
    if (strcmp (attrs.attrs[i].key, key) == 0)
      {
        for (guint j = 0; j < attrs.attrs[i].n_values; j++)
          values[j] = attrs.attrs[i].values[j];
        return attrs.attrs[i].n_values;
      }
  return 0;
}

gint64
tf_test_attr (const TfResult *result,
              const char     *key)
{
  gint64 values[TF_MAX_DIMS];

  return tf_test_attr_list (result, key, values) > 0 ? values[0] : -1;
}

void
tf_test_search_config (guint           n_chip,
                       const char     *families,
                       guint           population,
                       guint           generations,
                       guint64         seed,
                       const char     *extra,
                       TfSearchConfig *out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup_printf (
    "n_chip: %u\n"
    "workload:\n"
    "  model: test-small\n"
    "  parallelism: {tp: 2, pp: 2, dp: %u}\n"
    "  global_batch_size: %u\n"
    "  micro_batch_size: 1\n"
    "  message_sizes_bytes: [1048576, 16777216]\n"
    "  required_primitives: [AllReduce, AllGather, ReduceScatter, AllToAll]\n"
    "hardware_constraints:\n"
    "  nic_bandwidth_gb_per_s: 50\n"
    "  switch_radix_options: [32, 64, 128]\n"
    "  link_latency_us: 1.0\n"
    "  max_optical_cable_length_m: 50\n"
    "objectives: [iter_time, network_cost, apl_fail]\n"
    "generators:\n"
    "  family: {enabled: true, families: %s}\n"
    "  graph_mutator: {enabled: true, operators: [add_edge, remove_edge, rewire_switch, "
    "split_switch, merge_switch, change_port_asymmetry]}\n"
    "search: {algorithm: nsga2, population_size: %u, generations: %u, seed: %" G_GUINT64_FORMAT
    "}\n"
    "evaluator: {stage_1: math_alpha_beta, stage_2: none}\n"
    "%s",
    n_chip, n_chip / 4, 4 * (n_chip / 4), families, population, generations, seed,
    extra ? extra : "");

  if (!tf_search_config_load_data ("test-config.yaml", text, strlen (text), out, &error))
    g_error ("%s\n%s", error->message, text);
}

void
tf_test_assert_close (double got,
                      double expected)
{
  double tolerance = 1e-9 * MAX (1.0, fabs (expected));

  if (!(fabs (got - expected) <= tolerance))
    g_error ("got %.17g, expected %.17g", got, expected);
}

TfCandidate *
tf_test_candidate (guint             n_chip,
                   TfIntraBoardTopo  topo,
                   guint             chip_radix,
                   const char       *id)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, topo);
  TfCandidate *candidate = tf_candidate_new ();
  g_autoptr(GError) error = NULL;

  ctx.chip_radix = chip_radix;
  if (!tf_generate (&ctx, id, NULL, NULL, &candidate->topology, &error))
    g_error ("%s: %s", id, error->message);
  return candidate;
}

void
tf_test_config_setup (TfSearchConfig   *config,
                      const TfTopology *topology,
                      double            latency)
{
  tf_search_config_init (config);
  config->n_chip = topology->graph.n_chip;
  config->context = topology->context;
  config->hardware.link_latency_us = latency;
  config->n_workloads = 0;
}

TfWorkload *
tf_test_workload_setup (TfSearchConfig *config,
                        guint           w,
                        guint           tp,
                        guint           pp,
                        guint           dp,
                        guint           ep)
{
  TfWorkload *wl = &config->workloads[w];

  config->n_workloads = MAX (config->n_workloads, w + 1);
  wl->weight = 1;
  wl->tp = tp;
  wl->pp = pp;
  wl->dp = dp;
  wl->ep = ep;
  wl->n_message_sizes = 0;
  wl->primitives = 0;
  wl->parameters = 0;
  wl->layers = 1;
  wl->hidden_size = 0;
  wl->sequence_length = 0;
  wl->global_batch_size = dp;
  wl->micro_batch_size = 1;
  wl->bytes_per_value = 2;
  wl->compute_time_us = 0;
  for (guint k = 0; k < TF_N_COMMS; k++)
    wl->overlap[k] = 1;
  return wl;
}

GPtrArray *
tf_test_bad_files (const char *folder,
                   guint       at_least,
                   char      **cwd)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, folder, NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  *cwd = g_get_current_dir ();
  g_assert_cmpint (g_chdir (dir), ==, 0);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".yaml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_assert_cmpuint (names->len, >=, at_least);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *expected_file = g_strdup_printf ("%.*s.expected",
                                                        (int) strlen (file) - 5, file);
      char *expected = NULL;

      g_assert_true (g_file_get_contents (expected_file, &expected, NULL, NULL));
      g_strchomp (expected);
      g_assert_null (strchr (expected, '\n'));
      g_ptr_array_add (out, g_strdup (file));
      g_ptr_array_add (out, expected);
    }
  return out;
}

char *
tf_test_source_path (const char *first,
                     ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (parts, (char *) g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, (char *) "..");
  va_start (args, first);
  for (const char *part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (char *) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

char *
tf_test_config_text (const char *name)
{
  g_autofree char *path = tf_test_source_path ("tests", "configs", name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

GPtrArray *
tf_test_readme_commands (const char *heading)
{
  g_autofree char *readme = tf_test_source_path ("README.md", NULL);
  g_autofree char *text = NULL;
  g_autofree char *section = NULL;
  GPtrArray *commands = g_ptr_array_new_with_free_func (g_free);
  const char *start, *end;

  g_assert_true (g_file_get_contents (readme, &text, NULL, NULL));
  start = strstr (text, heading);
  g_assert_nonnull (start);
  end = strstr (start + strlen (heading), "\n## ");
  section = end ? g_strndup (start, end - start) : g_strdup (start);
  for (const char *block = strstr (section, "```sh\n"); block != NULL;
       block = strstr (block, "```sh\n"))
    {
      const char *close = strstr (block + 6, "```");
      g_autofree char *body = NULL;
      g_autoptr(GString) joined = NULL;
      g_auto(GStrv) lines = NULL;

      g_assert_nonnull (close);
      body = g_strndup (block + 6, close - block - 6);
      joined = g_string_new (body);
      g_string_replace (joined, "\\\n", " ", 0);
      lines = g_strsplit (joined->str, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        if (*g_strstrip (lines[i]) != '\0' && lines[i][0] != '#')
          g_ptr_array_add (commands, g_strdup (lines[i]));
      block = close + 3;
    }
  return commands;
}

char *
tf_test_write_topology (const char *dir,
                        const char *name,
                        guint       n_chip,
                        const char *id)
{
  TfContext ctx = tf_test_context (n_chip, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  if (!tf_generate (&ctx, id, NULL, NULL, &t, &error) || !tf_topology_write_yaml (&t, out, &error))
    g_error ("%s: %s", id, error->message);
  g_assert_true (g_file_set_contents (path, out->str, out->len, NULL));
  return path;
}

void
tf_test_remove_tree (const char *path)
{
  GDir *dir;
  const char *name;

  /* A link goes, never what it points to (a test's build/ and data/ links). */
  if (g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_remove (path);
      return;
    }
  dir = g_dir_open (path, 0, NULL);

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      tf_test_remove_tree (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_remove (path);
}

/* Every file under @dir (tf_test_tree_listing). */
static void
list_tree (const char *dir,
           const char *inside,
           GPtrArray  *lines)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *rel = inside != NULL ? g_build_filename (inside, name, NULL)
                                            : g_strdup (name);
      g_autofree char *data = NULL;
      g_autofree char *sum = NULL;
      gsize size;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          g_ptr_array_add (lines, g_strconcat (rel, "/", NULL));
          list_tree (path, rel, lines);
          continue;
        }
      g_assert_true (g_file_get_contents (path, &data, &size, NULL));
      sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, size);
      g_ptr_array_add (lines, g_strdup_printf ("%s %" G_GSIZE_FORMAT " %s", rel, size, sum));
    }
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char *
tf_test_tree_listing (const char *dir)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  list_tree (dir, NULL, lines);
  g_ptr_array_sort (lines, compare_lines);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

const TfGenerator *
tf_test_generator (const char *name)
{
  for (guint i = 0; i < tf_generators_get_count (); i++)
    if (strcmp (tf_generators_get (i)->name, name) == 0)
      return tf_generators_get (i);
  g_error ("no generator %s", name);
  return NULL;
}

TfCandidate *
tf_test_family_candidate (const TfSearchConfig *config,
                          const char           *id,
                          guint                 cand_id)
{
  TfCandidate *c = tf_candidate_new ();
  g_autoptr(GError) error = NULL;

  if (!tf_generate (&config->context, id, NULL, NULL, &c->topology, &error))
    g_error ("%s: %s", id, error->message);
  c->id = cand_id;
  c->origin.method = TF_ORIGIN_FAMILY_ENUM;
  c->origin.seed_id = g_strdup (id);
  g_assert_cmpint (tf_network_graph_find_dead_switch (&c->topology.graph, NULL, NULL), ==,
                   TF_DEAD_SWITCH_NONE);
  return c;
}

TfCandidate *
tf_test_candidate_load (const char *yaml)
{
  TfCandidate *candidate = tf_candidate_new ();
  g_autoptr(GError) error = NULL;

  if (!tf_topology_load_data ("test.yaml", yaml, strlen (yaml), NULL, &candidate->topology,
                              &error))
    g_error ("%s", error->message);
  return candidate;
}
