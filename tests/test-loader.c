/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-loader.c: reading topology files back.
 *
 * Every file in tests/bad/ fails with exactly the message in the .expected file beside it;
 * inputs too big to keep in the tree are made here. Generated topologies round-trip byte for
 * byte (generate -> write -> load -> write) and measure to the metrics they store. The Nth
 * allocation of a load fails cleanly for every N. Two threads load at once.
 */
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test-util.h"

static void
test_bad_files (void)
{
  g_autofree char *cwd = NULL;
  g_autoptr(GPtrArray) files = tf_test_bad_files ("bad", 50, &cwd);

  for (guint i = 0; i < files->len; i += 2)
    {
      const char *file = g_ptr_array_index (files, i);
      const char *expected = g_ptr_array_index (files, i + 1);
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GError) error = NULL;

      if (tf_topology_load_file (file, NULL, &t, &error))
        g_error ("%s loaded, but should fail with: %s", file, expected);
      g_assert_true (error->domain == TF_ERROR);
      if (strcmp (error->message, expected) != 0)
        g_error ("%s:\n  expected: %s\n  got:      %s", file, expected, error->message);
      /* A failed load leaves nothing behind. */
      g_assert_cmpuint (t.graph.n_chip, ==, 0);
      g_assert_null (t.graph.links);
    }
  g_assert_cmpint (g_chdir (cwd), ==, 0);
}

static char *
write_temp (const char *name,
            const char *contents,
            gsize       length)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-loader-XXXXXX", NULL);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
  return path;
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (dir);
}

/* Loads @contents from a file and checks the message ends with @tail. */
static void
assert_load_fails (const char *contents,
                   gsize       length,
                   const char *tail)
{
  g_autofree char *path = write_temp ("bad.yaml", contents, length);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_false (tf_topology_load_file (path, NULL, &t, &error));
  if (!g_str_has_suffix (error->message, tail))
    g_error ("expected '...%s', got '%s'", tail, error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  remove_temp (path);
}

static void
test_deep_nesting (void)
{
  g_autoptr(GString) text = g_string_new ("metadata:\n  x-deep: ");
  gint64 start, elapsed;
  g_autofree char *path = NULL;
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 200000; i++)
    g_string_append_c (text, '[');
  path = write_temp ("nesting.yaml", text->str, text->len);
  start = g_get_monotonic_time ();
  g_assert_false (tf_topology_load_file (path, NULL, &t, &error));
  elapsed = g_get_monotonic_time () - start;
  g_assert_true (g_str_has_suffix (error->message,
                                   ":2:41: field 'metadata.x-deep': nested more than 32 deep"));
  g_test_message ("200,000 '[' rejected in %.3f ms", elapsed / 1000.0);
  /* libyaml's document loader takes about 100 s on this; the event reader stops at depth 33.
   * The bound is loose for sanitizer and valgrind builds; bench-free, but it catches the
   * quadratic class. */
  g_assert_cmpint (elapsed, <, g_getenv ("TF_SLOW_BUILD") ? 5000000 : 50000);
  remove_temp (path);

  g_string_assign (text, "metadata:\n  x-open: ");
  for (guint i = 0; i < 100000; i++)
    g_string_append (text, "{a: ");
  assert_load_fails (text->str, text->len,
                     ":2:131: field 'metadata.x-open': nested more than 32 deep");
}

static void
test_big_inputs (void)
{
  g_autoptr(GString) text = g_string_new ("metadata:\n  source: ");
  g_autofree char *dir = NULL;
  g_autofree char *big = NULL;
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GError) error = NULL;
  int fd;

  /* A 10 MiB scalar */
  for (guint i = 0; i < 10 * 1024 * 1024; i++)
    g_string_append_c (text, 'x');
  g_string_append_c (text, '\n');
  assert_load_fails (text->str, text->len,
                     ":2:11: field 'metadata.source': a scalar of 10485760 bytes; the limit is "
                     "65536");

  /* 10^6 items where a handful belong */
  g_string_assign (text, "metadata:\n  warnings: [");
  for (guint i = 0; i < 1000000; i++)
    g_string_append (text, i ? ", x" : "x");
  g_string_append (text, "]\n");
  assert_load_fails (text->str, text->len,
                     ":2:13: field 'metadata.warnings': more than 12 items");

  /* Over the size limit: a sparse file, refused before reading. */
  dir = g_dir_make_tmp ("topoforge-loader-XXXXXX", NULL);
  big = g_build_filename (dir, "big.yaml", NULL);
  fd = g_open (big, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) TF_LOAD_MAX_BYTES + 1), ==, 0);
  close (fd);
  g_assert_false (tf_topology_load_file (big, NULL, &t, &error));
  g_assert_true (g_str_has_suffix (error->message, ":1:1: field '(file)': 268435457 bytes; the "
                                   "limit is 268435456"));
  g_clear_error (&error);
  g_unlink (big);
  g_rmdir (dir);
}

static void
test_not_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("topoforge-loader-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.yaml", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.yaml", NULL);
  const struct { const char *path; const char *tail; } cases[] = {
    { dir, ":1:1: field '(file)': not a regular file (a directory)" },
    { fifo, ":1:1: field '(file)': not a regular file (a FIFO)" },
    { "/dev/zero", ":1:1: field '(file)': not a regular file (a character device)" },
    { missing, ":1:1: field '(file)': cannot open: No such file or directory" },
  };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(TfTopology) t = { 0 };
      g_autoptr(GError) error = NULL;

      g_assert_false (tf_topology_load_file (cases[i].path, NULL, &t, &error));
      if (!g_str_has_suffix (error->message, cases[i].tail))
        g_error ("%s: expected '...%s', got '%s'", cases[i].path, cases[i].tail,
                 error->message);
    }
  g_unlink (fifo);
  g_rmdir (dir);
}

/* generate -> write -> load -> write, byte for byte; load -> measure gives what is stored. */
static void
round_trip (const TfContext *ctx,
            const char      *id,
            gboolean         measure)
{
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) back = { 0 };
  g_autoptr(GString) first = g_string_new (NULL);
  g_autoptr(GString) second = g_string_new (NULL);
  g_autoptr(GString) stored = g_string_new (NULL);
  g_autoptr(GString) measured = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_generate (ctx, id, NULL, NULL, &t, &error));
  g_assert_true (tf_topology_write_yaml (&t, first, &error));
  if (!tf_topology_load_data ("generated.yaml", first->str, first->len, NULL, &back, &error))
    g_error ("%s: %s", id, error->message);
  g_assert_true (tf_topology_write_yaml (&back, second, &error));
  if (strcmp (first->str, second->str) != 0)
    g_error ("%s: the round trip changed the YAML", id);
  if (!measure)
    return;
  g_assert_true (tf_topology_write_metadata_yaml (&back, stored, &error));
  g_assert_true (tf_topology_measure (&back, NULL, NULL, &error));
  g_assert_true (tf_topology_write_metadata_yaml (&back, measured, &error));
  g_assert_cmpstr (stored->str, ==, measured->str);
}

static void
test_round_trip (void)
{
  guint n_checked = 0;

  for (guint n = 2; n <= 96; n += n < 24 ? 1 : 9)
    for (TfIntraBoardTopo topo = TF_INTRA_BOARD_NONE; topo < TF_N_INTRA_BOARD_TOPOS; topo++)
      for (guint radix = 1; radix <= 2; radix++)
        {
          TfContext ctx = tf_test_context (n, TF_SCOPE_INTER_RACK, topo);
          g_auto(TfEnumeration) e = { 0 };

          ctx.chip_radix = radix;
          g_assert_true (tf_enumerate (&ctx, NULL, 0, 3, NULL, NULL, &e, NULL));
          for (guint f = 0; f < e.n_families; f++)
            for (guint i = 0; i < e.families[f].n_results; i++)
              {
                g_autofree char *id = tf_result_dup_id (&e.families[f].results[i]);

                round_trip (&ctx, id, i == 0);
                n_checked++;
              }
        }
  g_test_message ("%u topologies round-tripped", n_checked);
  g_assert_cmpuint (n_checked, >, 1000);
}

/* A generated topology's YAML without the keys describing its result: an edited topology. */
static GString *
without_result (const GString *text)
{
  g_auto(GStrv) lines = g_strsplit (text->str, "\n", -1);
  GString *edited = g_string_new (NULL);
  gboolean in_metrics = FALSE;

  for (guint i = 0; lines[i]; i++)
    {
      const char *line = lines[i];

      if (g_str_has_prefix (line, "  metrics:"))
        in_metrics = TRUE;
      else if (in_metrics && !g_str_has_prefix (line, "    ") && !g_str_has_prefix (line, "      "))
        in_metrics = FALSE;
      if (in_metrics || g_str_has_prefix (line, "  family") || g_str_has_prefix (line, "  id:")
          || g_str_has_prefix (line, "  status:") || g_str_has_prefix (line, "  warnings:")
          || g_str_has_prefix (line, "  n_endpoint:")
          || g_str_has_prefix (line, "  derived_chips_per_board:"))
        continue;
      g_string_append_printf (edited, "%s%s", line, lines[i + 1] ? "\n" : "");
    }
  return edited;
}

/* The file without its id loads as an edited topology, measured generically. */
static void
test_without_id (void)
{
  TfContext ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_RING);
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) back = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) again = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) edited = NULL;

  g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=8,osr=1,n_endpoint=16", NULL, NULL, &t,
                              &error));
  g_assert_true (tf_topology_write_yaml (&t, text, &error));
  edited = without_result (text);
  if (!tf_topology_load_data ("edited.yaml", edited->str, edited->len, NULL, &back, &error))
    g_error ("%s", error->message);
  g_assert_null (back.result.family);
  g_assert_cmpint (back.result.metrics.counts_method, ==, TF_METHOD_NONE);
  g_assert_true (tf_topology_measure (&back, NULL, NULL, &error));
  g_assert_cmpuint (back.result.metrics.diameter, ==, t.result.metrics.diameter);
  g_assert_cmpfloat (back.result.metrics.average_path_length, ==,
                     t.result.metrics.average_path_length);
  g_assert_cmpuint (back.result.metrics.link_count, ==, t.result.metrics.link_count);
  g_assert_cmpint (back.result.metrics.bisection_links_method, ==, TF_METHOD_UPPER_BOUND);
  g_assert_cmpuint (back.result.metrics.bisection_links, >=, 1);
  g_assert_cmpint (back.result.metrics.path_diversity_method, ==, TF_METHOD_UPPER_BOUND);
  g_assert_cmpuint (back.result.metrics.path_diversity, >=, t.result.metrics.path_diversity);
  /* An id-less topology writes back as it was read, metrics now included. */
  g_assert_true (tf_topology_write_yaml (&back, again, &error));
  g_assert_nonnull (strstr (again->str, "methods: {diameter: exact"));
  g_assert_null (strstr (again->str, "\n  id:"));
}

static void
assert_same_graph (const TfNetworkGraph *a,
                   const TfNetworkGraph *b)
{
  g_assert_cmpuint (a->n_chip, ==, b->n_chip);
  g_assert_cmpuint (a->n_board, ==, b->n_board);
  g_assert_cmpmem (a->board_chips, sizeof (guint32) * a->n_chip, b->board_chips,
                   sizeof (guint32) * b->n_chip);
  g_assert_cmpmem (a->board_rack, sizeof (guint32) * a->n_board, b->board_rack,
                   sizeof (guint32) * b->n_board);
  g_assert_cmpuint (a->n_switch, ==, b->n_switch);
  for (guint s = 0; s < a->n_switch; s++)
    {
      g_assert_cmpstr (a->switches[s].id, ==, b->switches[s].id);
      g_assert_cmpint (a->switches[s].tier, ==, b->switches[s].tier);
      g_assert_cmpuint (a->switches[s].container, ==, b->switches[s].container);
      g_assert_cmpuint (a->switches[s].port_count, ==, b->switches[s].port_count);
    }
  g_assert_cmpmem (a->links, sizeof (TfLink) * a->n_links, b->links, sizeof (TfLink) * b->n_links);
}

/* Scale-up switches (intra_board_topo = switch) and the scale_up defaults they were made with
 * come back as they were written, with and without the result's id; a scale-up switch's record
 * names its board. */
static void
test_scale_up (void)
{
  TfContext ctx = tf_test_context (64, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_SWITCH);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) edited = NULL;
  g_autoptr(GError) error = NULL;
  guint n_scale_up = 0;

  /* Not the defaults, so that the file has to carry them: 8 chips x 12 links > 48 ports, two
   * switches a board of 6 links from each chip. */
  ctx.scale_up.links_per_chip = 12;
  ctx.scale_up.switch_radix = 48;
  g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=4,osr=1,n_endpoint=8", NULL, NULL, &t,
                              &error));
  g_assert_no_error (error);
  for (guint s = 0; s < t.graph.n_switch; s++)
    if (t.graph.switches[s].tier == TF_TIER_BOARD)
      {
        g_assert_cmpuint (t.graph.switches[s].container, ==, n_scale_up / 2);
        n_scale_up++;
      }
  g_assert_cmpuint (n_scale_up, ==, 2 * t.graph.n_board);
  g_assert_true (tf_topology_write_yaml (&t, text, &error));
  g_assert_nonnull (strstr (text->str, "{id: board7.su1, tier: board, board: 7, port_count: 48}"));
  g_assert_nonnull (strstr (text->str, "scale_up: {links_per_chip: 12, switch_radix: 48}"));
  edited = without_result (text);

  for (guint pass = 0; pass < 2; pass++)
    {
      const GString *file = pass == 0 ? text : edited;
      g_auto(TfTopology) back = { 0 };
      g_autoptr(GString) again = g_string_new (NULL);

      if (!tf_topology_load_data ("scale-up.yaml", file->str, file->len, NULL, &back, &error))
        g_error ("%s", error->message);
      g_assert_true ((back.result.family != NULL) == (pass == 0));
      g_assert_cmpint (back.context.intra_board_topo, ==, TF_INTRA_BOARD_SWITCH);
      g_assert_cmpuint (back.context.scale_up.links_per_chip, ==, 12);
      g_assert_cmpuint (back.context.scale_up.switch_radix, ==, 48);
      assert_same_graph (&t.graph, &back.graph);
      g_assert_true (tf_topology_write_yaml (&back, again, &error));
      if (pass == 0)
        g_assert_cmpstr (again->str, ==, text->str);
    }
}

/* A file written before links had a reach: each link's reach is computed, and a chip-to-chip
 * link between boards that the file types after its container (B2B, R2R, P2P) becomes C2C, as
 * the spec's table types it. A type that fits neither reading is still an error. */
static void
test_before_reach (void)
{
  static const char text[] =
    "metadata:\n"
    "  context: {n_chip: 4, scope: intra-rack}\n"
    "chips_per_board: 1\n"
    "boardGrouping:\n"
    "  pods:\n"
    "  - id: 0\n"
    "    racks:\n"
    "    - {id: 0, boards: [{id: 0, chips: [0]}, {id: 1, chips: [1]}]}\n"
    "  - id: 1\n"
    "    racks:\n"
    "    - {id: 1, boards: [{id: 2, chips: [2]}, {id: 3, chips: [3]}]}\n"
    "network:\n"
    "  switches: []\n"
    "  links:\n"
    "  - {a: chip0, b: chip1, type: B2B, multiplicity: 1}\n"
    "  - {a: chip1, b: chip2, type: P2P, multiplicity: 1}\n"
    "  - {a: chip2, b: chip3, type: C2C, multiplicity: 1}\n"
    "  - {a: chip3, b: chip0, type: P2P, multiplicity: 1}\n";
  static const TfReach reaches[] = {
    TF_REACH_RACK, TF_REACH_DATACENTER, TF_REACH_RACK, TF_REACH_DATACENTER,
  };
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) refused = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) bad = g_string_new (text);

  if (!tf_topology_load_data ("old.yaml", text, sizeof text - 1, NULL, &t, &error))
    g_error ("%s", error->message);
  g_assert_cmpuint (t.graph.n_links, ==, 4);
  for (guint i = 0; i < t.graph.n_links; i++)
    {
      g_assert_cmpint (t.graph.links[i].type, ==, TF_LINK_C2C);
      g_assert_cmpint (t.graph.links[i].reach, ==, reaches[i]);
    }

  /* Its metrics, from before links per chip, the busiest switch and links by reach, gain
   * them counted on the graph. */
  {
    g_autoptr(GString) with_metrics = g_string_new (text);
    g_auto(TfTopology) m = { 0 };

    g_string_replace (with_metrics, "  context: {n_chip: 4, scope: intra-rack}\n",
                      "  context: {n_chip: 4, scope: intra-rack}\n"
                      "  metrics: {diameter: 2, bisection_links: 2, bisection_bandwidth: 100.0,\n"
                      "    link_count: 4, link_count_by_type: {C2C: 1, B2B: 1, R2R: 0, P2P: 2},\n"
                      "    switch_count: 0, path_diversity: 2}\n", 1);
    if (!tf_topology_load_data ("old.yaml", with_metrics->str, with_metrics->len, NULL, &m,
                                &error))
      g_error ("%s", error->message);
    g_assert_cmpuint (m.result.metrics.link_count_by_reach[TF_REACH_RACK], ==, 2);
    g_assert_cmpuint (m.result.metrics.link_count_by_reach[TF_REACH_DATACENTER], ==, 2);
    g_assert_cmpuint (m.result.metrics.links_per_chip_min, ==, 2);
    g_assert_cmpuint (m.result.metrics.links_per_chip_max, ==, 2);
    g_assert_cmpuint (m.result.metrics.switch_radix, ==, 0);
    /* The file's own numbers stay as written. */
    g_assert_cmpuint (m.result.metrics.link_count_by_type[TF_LINK_B2B], ==, 1);
  }

  /* R2R fits neither a link between chips nor one leaving its pod. */
  g_string_replace (bad, "chip1, b: chip2, type: P2P", "chip1, b: chip2, type: R2R", 1);
  g_assert_false (tf_topology_load_data ("old.yaml", bad->str, bad->len, NULL, &refused,
                                         &error));
  g_assert_nonnull (strstr (error->message, "link type: link chip1 - chip2 is R2R, but a link "
                                            "between two chips is C2C"));
}

static void
test_extensions (void)
{
  TfContext ctx = tf_test_context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) back = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) again = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  const char *extension = "  x-simulator:\n    name: 'G5'\n    options: [1, two, \"three\"]\n"
                          "    nested: {a: {b: ~}}\n  x-note: >\n    folded text\n";
  char *at;

  g_assert_true (tf_generate (&ctx, "ring:n_endpoint=8", NULL, NULL, &t, &error));
  g_assert_true (tf_topology_write_yaml (&t, text, &error));
  at = strstr (text->str, "\nchips_per_board:");
  g_string_insert (text, at + 1 - text->str, extension);
  if (!tf_topology_load_data ("x.yaml", text->str, text->len, NULL, &back, &error))
    g_error ("%s", error->message);
  g_assert_cmpuint (back.extensions->len, ==, 2);
  g_assert_true (tf_topology_write_yaml (&back, again, &error));
  g_assert_cmpstr (again->str, ==, text->str);
}

/* Names and extension values that cannot be written plainly still round-trip. */
static void
test_quoting (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "bad", "port-count-wrong.yaml",
                                                 NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) in = NULL;
  g_autoptr(GString) first = g_string_new (NULL);
  g_autoptr(GString) second = g_string_new (NULL);
  g_auto(TfTopology) a = { 0 };
  g_auto(TfTopology) b = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  in = g_string_new (text);
  g_string_replace (in, "port_count: 3}", "port_count: 4}", 0);
  g_string_replace (in, "switch0", "\"switch, 0: yes\"", 0);
  g_string_replace (in, "scope: intra-rack}\n",
                    "scope: intra-rack}\n  x-null: {b: c, d, e: }\n  x-list: [1, ]\n"
                    "  x-text: 'it''s: \"quoted\"'\n", 0);
  if (!tf_topology_load_data ("quoting.yaml", in->str, in->len, NULL, &a, &error))
    g_error ("%s", error->message);
  g_assert_cmpstr (a.graph.switches[0].id, ==, "switch, 0: yes");
  g_assert_true (tf_topology_write_yaml (&a, first, &error));
  if (!tf_topology_load_data ("written.yaml", first->str, first->len, NULL, &b, &error))
    g_error ("%s\n%s", error->message, first->str);
  g_assert_true (tf_topology_write_yaml (&b, second, &error));
  g_assert_cmpstr (first->str, ==, second->str);
  g_assert_cmpstr (b.graph.switches[0].id, ==, "switch, 0: yes");
}

/* A generated 8-chip ring as the writer writes it, into @text; the topology into @t. */
static void
ring_text (TfTopology *t,
           GString    *text)
{
  TfContext ctx = tf_test_context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);

  g_assert_true (tf_generate (&ctx, "ring:n_endpoint=8", NULL, NULL, t, NULL));
  g_assert_true (tf_topology_write_yaml (t, text, NULL));
}

/* The chip's budgets, the switch port and a per-link figure are written and read back; a
 * bandwidth not set is not written, and reads back unset. An 8-chip ring of H100s: each chip
 * drives 2 links, floor (18 / 2) = 9 NVLink ports of 450 / 18 = 25 GB/s each, 225 GB/s; a
 * balanced split cuts 2 links, 450 GB/s. */
static void
test_chip_budgets (void)
{
  TfContext ctx = tf_test_context (8, TF_SCOPE_INTRA_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) back = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) again = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  tf_context_set_chip_preset (&ctx, tf_chip_preset_lookup ("h100"));
  ctx.switch_defaults.port_gbps = 100;
  ctx.defaults[TF_LINK_B2B].bandwidth_gbps = 40;
  g_assert_true (tf_generate (&ctx, "ring:n_endpoint=8", NULL, NULL, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (t.result.metrics.bisection_bandwidth, 450, 1e-9);
  g_assert_true (tf_topology_write_yaml (&t, text, &error));
  g_assert_nonnull (strstr (text->str, "\n      C2C: {latency_ns: 100.0}\n"));
  g_assert_nonnull (strstr (text->str, "\n      B2B: {bandwidth_gbps: 40.0, latency_ns: 500.0}\n"));
  g_assert_nonnull (strstr (text->str,
                            "\n      switch: {radix: 64, latency_ns: 200.0, port_gbps: 100.0, "
                            "power_w_per_port: 12.0}\n"));
  g_assert_nonnull (strstr (text->str, "\n      chip: {scale_up_gbps: 450.0, scale_up_ports: 18, "
                                       "nic_gbps: 50.0, power_w: 700.0, host_w: 575.0}\n"));
  g_assert_nonnull (strstr (text->str, "\n      rack: {power_kw: 40.0}\n"));
  if (!tf_topology_load_data ("chip.yaml", text->str, text->len, NULL, &back, &error))
    g_error ("%s\n%s", error->message, text->str);
  g_assert_true (isnan (back.context.defaults[TF_LINK_C2C].bandwidth_gbps));
  g_assert_cmpfloat (back.context.defaults[TF_LINK_B2B].bandwidth_gbps, ==, 40);
  g_assert_cmpfloat (back.context.switch_defaults.port_gbps, ==, 100);
  g_assert_cmpfloat (back.context.chip.scale_up_gbps, ==, 450);
  g_assert_cmpuint (back.context.chip.scale_up_ports, ==, 18);
  g_assert_cmpfloat (back.context.chip.nic_gbps, ==, 50);
  g_assert_cmpfloat (back.context.chip.power_w, ==, 700);
  g_assert_cmpfloat_with_epsilon (back.result.metrics.bisection_bandwidth, 450, 1e-9);
  g_assert_true (tf_topology_write_yaml (&back, again, &error));
  g_assert_cmpstr (again->str, ==, text->str);
}

/* The 1-based line of @needle's first occurrence in @text. */
static guint
line_of (const char *text,
         const char *needle)
{
  const char *at = strstr (text, needle);
  guint line = 1;

  g_assert_nonnull (at);
  for (const char *c = text; c < at; c++)
    line += *c == '\n';
  return line;
}

/* Inserts @what before the first "}\n" after @after. */
static void
insert_in_flow (GString    *text,
                const char *after,
                const char *what)
{
  const char *at = strstr (text->str, after);

  g_assert_nonnull (at);
  at = strstr (at, "}\n");
  g_assert_nonnull (at);
  g_string_insert (text, at - text->str, what);
}

/* The spec's pass-through (docs/spec-notes.md, "Unknown fields"): keys at the top and under
 * metadata that Topoforge does not read, at depths 0 to 4, load with one notice each (none for an x- key) and
 * are written back in the mapping that held them, byte for byte. */
static void
test_pass_through (void)
{
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) back = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) again = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  char *at;

  ring_text (&t, text);
  /* Each where the writer puts it back: after the known keys of its mapping. */
  insert_in_flow (text, "\n      switch: {", ", port_speed: fast");               /* depth 4 */
  /* Under defaults, after its last known key, the rack's budget. */
  at = strstr (strstr (text->str, "\n      rack: {") + 1, "\n");
  g_string_insert (text, at + 1 - text->str,
                   "      X2X: {bandwidth_gbps: 1.0}\n"                          /* depth 3 */
                   "    new_thing: [1, 2]\n");                                   /* depth 2 */
  insert_in_flow (text, "\n    network_cost_by_part: {", ", forestcoll: exact"); /* depth 3 */
  at = strstr (text->str, "\nchips_per_board:");
  g_string_insert (text, at + 1 - text->str,
                   "    forestcoll_us: 12.5\n"                                   /* depth 2 */
                   "    x-sim: {runs: 3}\n"
                   "  future_field:\n    a: [1, 'b']\n");                        /* depth 1 */
  g_string_append (text, "vendor_notes:\n  rev: 3\n");                          /* depth 0 */
  if (!tf_topology_load_data ("x.yaml", text->str, text->len, NULL, &back, &error))
    g_error ("%s\n%s", error->message, text->str);
  g_assert_cmpuint (back.extensions->len, ==, 8);
  g_assert_nonnull (back.notices);
  g_assert_cmpuint (back.notices->len, ==, 7);
  expected = g_strdup_printf ("x.yaml:%u:1: notice: vendor_notes is not a Topoforge field; "
                              "kept as it is", line_of (text->str, "\nvendor_notes:") + 1);
  g_assert_cmpstr (g_ptr_array_index (back.notices, 6), ==, expected);
  g_free (expected);
  expected = g_strdup_printf ("x.yaml:%u:3: notice: metadata.future_field is not a Topoforge "
                              "field; kept as it is", line_of (text->str, "  future_field:"));
  g_assert_cmpstr (g_ptr_array_index (back.notices, 5), ==, expected);
  g_free (expected);
  expected = g_strdup_printf ("x.yaml:%u:5: notice: metadata.metrics.forestcoll_us is not a "
                              "Topoforge field; kept as it is",
                              line_of (text->str, "    forestcoll_us:"));
  g_assert_cmpstr (g_ptr_array_index (back.notices, 4), ==, expected);
  g_free (expected);
  expected = g_strdup_printf ("x.yaml:%u:7: notice: metadata.context.defaults.X2X is not a "
                              "Topoforge field; kept as it is", line_of (text->str, "      X2X:"));
  g_assert_cmpstr (g_ptr_array_index (back.notices, 1), ==, expected);
  /* What was read is the generator's as before: the kept keys change nothing. */
  g_assert_cmpuint (back.result.metrics.diameter, ==, t.result.metrics.diameter);
  g_assert_cmpint (back.result.metrics.counts_method, ==, t.result.metrics.counts_method);
  g_assert_true (tf_topology_write_yaml (&back, again, &error));
  g_assert_cmpstr (again->str, ==, text->str);
}

/* Metrics holding only keys Topoforge does not read are no generator metrics, and are still
 * written back; the kept values together have a limit, and the error names the field. */
static void
test_pass_through_limits (void)
{
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) back = { 0 };
  g_auto(TfTopology) refused = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) again = g_string_new (NULL);
  g_autoptr(GString) big = NULL;
  g_autoptr(GString) list = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  char *at;

  ring_text (&t, text);
  t.result.family = NULL;   /* an edited topology: no id, no metrics */
  memset (&t.result.metrics, 0, sizeof t.result.metrics);
  g_string_truncate (text, 0);
  g_assert_true (tf_topology_write_yaml (&t, text, &error));
  g_assert_null (strstr (text->str, "metrics:"));
  at = strstr (text->str, "\nchips_per_board:");
  g_string_insert (text, at + 1 - text->str, "  metrics:\n    forestcoll_us: 12.5\n");
  if (!tf_topology_load_data ("m.yaml", text->str, text->len, NULL, &back, &error))
    g_error ("%s\n%s", error->message, text->str);
  g_assert_cmpint (back.result.metrics.counts_method, ==, TF_METHOD_NONE);
  g_assert_true (tf_topology_write_yaml (&back, again, &error));
  g_assert_cmpstr (again->str, ==, text->str);

  /* 10,001 numbers in a list: 10,002 values, over the 10,000 kept values allowed. */
  list = g_string_new ("  future: [");
  for (guint i = 0; i < 10000; i++)
    g_string_append (list, "0, ");
  g_string_append (list, "0]\n");
  big = g_string_new (text->str);
  g_string_insert (big, strstr (big->str, "\nchips_per_board:") + 1 - big->str, list->str);
  g_assert_false (tf_topology_load_data ("big.yaml", big->str, big->len, NULL, &refused,
                                         &error));
  expected = g_strdup_printf ("big.yaml:%u:", line_of (big->str, "  future: ["));
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, ": field 'metadata.future': too many values in keys "
                                            "kept as they are"));
}

/* Unknown keys inside boardGrouping and network are errors, with FILE:LINE:COLUMN. */
static void
test_unknown_elsewhere (void)
{
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  static const struct
  {
    const char *after;    /* inserted after this */
    const char *insert;
    const char *message;
  } cases[] = {
    { "\nnetwork:\n", "  speed: fast\n",
      ":3: field 'network.speed': unknown key 'speed'; expected switches or links" },
    { "\nboardGrouping:\n", "  rows: 2\n",
      ":3: field 'boardGrouping.rows': unknown key 'rows'; expected pods" },
    { "\n  links:\n", "  - {a: chip0, b: chip1, type: C2C, width: 2}\n",
      ":37: field 'network.links[0].width': unknown key 'width'; expected a, b, type, "
      "reach or multiplicity" },
  };

  ring_text (&t, text);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) bad = g_string_new (text->str);
      g_auto(TfTopology) refused = { 0 };
      g_autoptr(GError) error = NULL;
      g_autofree char *expected = NULL;

      g_string_insert (bad, strstr (bad->str, cases[i].after) + strlen (cases[i].after)
                            - bad->str, cases[i].insert);
      g_assert_false (tf_topology_load_data ("u.yaml", bad->str, bad->len, NULL, &refused,
                                             &error));
      expected = g_strdup_printf ("u.yaml:%u%s", line_of (bad->str, cases[i].insert),
                                  cases[i].message);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

/* A file with no context and no family or id (the optimizer spec's candidate examples, a
 * hand-drawn graph) loads with one derived from its grouping and links, and a notice; written
 * back, it carries that context. A 4,096-chip fat-tree's graph under bare metadata: 4,096
 * chips, inter-rack, its largest rack, pod and board kept, its links unchanged. */
static void
test_derived_context (void)
{
  TfContext ctx = tf_test_context (4096, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_auto(TfTopology) back = { 0 };
  g_auto(TfTopology) again = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) written = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (tf_generate (&ctx, "fat-tree:layers=3,k=32,osr=1,n_endpoint=4096", NULL, NULL,
                              &t, &error));
  g_assert_true (tf_topology_write_yaml (&t, text, &error));
  g_string_erase (text, 0, strstr (text->str, "\nchips_per_board:") + 1 - text->str);
  g_string_prepend (text, "metadata:\n  source: drawn by hand\n");
  if (!tf_topology_load_data ("d.yaml", text->str, text->len, NULL, &back, &error))
    g_error ("%s", error->message);
  g_assert_cmpuint (back.context.n_chip, ==, 4096);
  g_assert_cmpint (back.context.scope, ==, TF_SCOPE_INTER_RACK);
  g_assert_cmpuint (back.context.chip_radix, ==, ctx.chip_radix);
  g_assert_cmpuint (back.context.chips_per_board_max, >=, t.graph.chips_per_board);
  g_assert_nonnull (back.notices);
  g_assert_cmpuint (back.notices->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (back.notices, 0), ==,
                   "d.yaml:2:3: notice: metadata has no context; derived from the file: "
                   "n_chip = 4096, scope = inter-rack, chip_radix = 1 (the most links a chip "
                   "has), no rack power budget, the rest the defaults");
  g_assert_cmpuint (back.graph.n_links, ==, t.graph.n_links);
  g_assert_cmpuint (back.graph.n_switch, ==, t.graph.n_switch);
  g_assert_cmpuint (back.graph.n_rack, ==, t.graph.n_rack);
  /* Written back, the context is there and the file loads without a notice. */
  g_assert_true (tf_topology_write_yaml (&back, written, &error));
  g_assert_nonnull (strstr (written->str, "\n  context:\n"));
  if (!tf_topology_load_data ("w.yaml", written->str, written->len, NULL, &again, &error))
    g_error ("%s", error->message);
  g_assert_null (again.notices);
  g_assert_cmpuint (again.context.n_chip, ==, 4096);
}

/* Allocation N of a load fails, for every N until the load no longer allocates that much. */
static void
test_fail_at_n (void)
{
  TfContext ctx = tf_test_context (16, TF_SCOPE_INTER_RACK, TF_INTRA_BOARD_NONE);
  g_auto(TfTopology) t = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  guint n;

  g_assert_true (tf_generate (&ctx, "fat-tree:layers=2,k=4,osr=1,n_endpoint=8", NULL, NULL, &t,
                              &error));
  g_assert_true (tf_topology_write_yaml (&t, text, &error));
  for (n = 1; ; n++)
    {
      TfLoadOptions options = { 0, n };
      g_auto(TfTopology) back = { 0 };
      g_autoptr(GError) e = NULL;

      if (tf_topology_load_data ("seam.yaml", text->str, text->len, &options, &back, &e))
        break;
      g_assert_error (e, TF_ERROR, TF_ERROR_NO_MEMORY);
      g_assert_true (g_str_has_suffix (e->message, "out of memory"));
      g_assert_null (back.graph.links);
    }
  g_test_message ("the load succeeds once allocation %u no longer fails", n);
  g_assert_cmpuint (n, >, 10);
}

typedef struct
{
  const GString *text;
  char          *written;
} ThreadLoad;

static gpointer
load_thread (gpointer data)
{
  ThreadLoad *job = data;
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < 20; i++)
    {
      g_auto(TfTopology) t = { 0 };

      g_assert_true (tf_topology_load_data ("thread.yaml", job->text->str, job->text->len, NULL,
                                            &t, NULL));
      g_string_truncate (out, 0);
      g_assert_true (tf_topology_write_yaml (&t, out, NULL));
    }
  job->written = g_string_free (out, FALSE);
  return NULL;
}

static void
test_threads (void)
{
  static const char *const ids[] = {
    "torus:dimension_sizes=8x8,board_shape=2x2", "dragonfly:a=4,p=2,h=2,g=4,n_endpoint=32",
  };
  GString *texts[2] = { g_string_new (NULL), g_string_new (NULL) };
  ThreadLoad jobs[2];
  GThread *threads[2];

  for (guint i = 0; i < 2; i++)
    {
      TfContext ctx = tf_test_context (i == 0 ? 64 : 32, TF_SCOPE_INTER_RACK,
                                       TF_INTRA_BOARD_NONE);
      g_auto(TfTopology) t = { 0 };

      g_assert_true (tf_generate (&ctx, ids[i], NULL, NULL, &t, NULL));
      g_assert_true (tf_topology_write_yaml (&t, texts[i], NULL));
      jobs[i] = (ThreadLoad) { texts[i], NULL };
    }
  for (guint i = 0; i < 2; i++)
    threads[i] = g_thread_new ("load", load_thread, &jobs[i]);
  for (guint i = 0; i < 2; i++)
    {
      g_thread_join (threads[i]);
      g_assert_cmpstr (jobs[i].written, ==, texts[i]->str);
      g_free (jobs[i].written);
      g_string_free (texts[i], TRUE);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/loader/bad-files", test_bad_files);
  g_test_add_func ("/engine/loader/deep-nesting", test_deep_nesting);
  g_test_add_func ("/engine/loader/big-inputs", test_big_inputs);
  g_test_add_func ("/engine/loader/not-files", test_not_files);
  g_test_add_func ("/engine/loader/round-trip", test_round_trip);
  g_test_add_func ("/engine/loader/scale-up", test_scale_up);
  g_test_add_func ("/engine/loader/chip-budgets", test_chip_budgets);
  g_test_add_func ("/engine/loader/without-id", test_without_id);
  g_test_add_func ("/engine/loader/before-reach", test_before_reach);
  g_test_add_func ("/engine/loader/extensions", test_extensions);
  g_test_add_func ("/engine/loader/derived-context", test_derived_context);
  g_test_add_func ("/engine/loader/quoting", test_quoting);
  g_test_add_func ("/engine/loader/pass-through", test_pass_through);
  g_test_add_func ("/engine/loader/pass-through-limits", test_pass_through_limits);
  g_test_add_func ("/engine/loader/unknown-elsewhere", test_unknown_elsewhere);
  g_test_add_func ("/engine/loader/fail-at-n", test_fail_at_n);
  g_test_add_func ("/engine/loader/threads", test_threads);
  return g_test_run ();
}
