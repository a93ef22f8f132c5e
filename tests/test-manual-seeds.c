/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-manual-seeds.c: generators.manual (issue 31, item 2): the user's designs seed the search.
 *
 * Paths are read relative to the configuration's folder and kept absolute (written back the
 * same); a missing file, one of another chip count and one listed twice are errors at their
 * item; a search seeded by a design alone starts from it (origin manual_seed, its id as the
 * seed of every candidate), and the evaluator judges it as it judges the search's own. */
#include <glib/gstdio.h>
#include <string.h>

#include "optimizer.h"
#include "test-util.h"

static const char head[] =
  "n_chip: 64\n"
  "workload: {model: test-small, parallelism: {tp: 4, pp: 2, dp: 8}}\n"
  "objectives: [iter_time, network_cost, apl_fail]\n"
  "search: {population_size: 8, generations: 2, seed: 3}\n";

/* A generated topology written to @dir/@name. */
static void
write_design (const char *dir,
              const char *name,
              guint       n_chip,
              const char *id)
{
  g_free (tf_test_write_topology (dir, name, n_chip, id));
}

static char *
write_config (const char *dir,
              const char *generators)
{
  g_autofree char *text = g_strconcat (head, "generators:\n", generators, NULL);
  char *path = g_build_filename (dir, "search.yaml", NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
load_fails (const char *path,
            const char *fragment)
{
  g_auto(TfSearchConfig) c = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_false (tf_search_config_load_file (path, &c, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, fragment) == NULL)
    g_error ("expected '%s' in: %s", fragment, error->message);
}

static void
test_config (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-manual-XXXXXX", NULL);
  g_autofree char *expected = g_build_filename (dir, "designs", "fat-tree.yaml", NULL);
  g_autofree char *sub = g_build_filename (dir, "designs", NULL);
  g_autofree char *path = NULL;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  write_design (sub, "fat-tree.yaml", 64, "fat-tree:layers=2,k=16,osr=1,n_endpoint=64");
  write_design (sub, "small.yaml", 32, "fat-tree:layers=2,k=8,osr=1,n_endpoint=32");

  path = write_config (dir, "  manual: {files: [designs/fat-tree.yaml]}\n");
  {
    g_auto(TfSearchConfig) c = { 0 };
    g_auto(TfSearchConfig) again = { 0 };
    g_autoptr(GString) text = g_string_new (NULL);
    g_autoptr(GError) error = NULL;

    g_assert_true (tf_search_config_load_file (path, &c, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (c.n_manual_files, ==, 1);
    g_assert_cmpstr (c.manual_files[0], ==, expected);
    /* Written back absolute: the same files from wherever the copy is read. */
    g_assert_true (tf_search_config_write_yaml (&c, text, &error));
    g_assert_nonnull (strstr (text->str, expected));
    g_assert_true (tf_search_config_load_data ("/elsewhere/config.yaml", text->str, text->len,
                                               &again, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (again.manual_files[0], ==, expected);
  }
  g_free (path);

  /* A configuration named from its own folder (a relative name): the same absolute file. */
  path = write_config (dir, "  manual: {files: [designs/fat-tree.yaml]}\n");
  {
    g_auto(TfSearchConfig) c = { 0 };
    g_autoptr(GError) error = NULL;
    g_autofree char *here = g_get_current_dir ();

    g_assert_cmpint (g_chdir (dir), ==, 0);
    g_assert_true (tf_search_config_load_file ("search.yaml", &c, &error));
    g_assert_cmpint (g_chdir (here), ==, 0);
    g_assert_no_error (error);
    g_assert_cmpstr (c.manual_files[0], ==, expected);
  }
  g_free (path);

  path = write_config (dir, "  manual: {files: [designs/missing.yaml]}\n");
  load_fails (path, "search.yaml:6:20: field 'generators.manual.files[0]': ");
  load_fails (path, "missing.yaml:1:1: field '(file)': cannot open");
  g_free (path);
  path = write_config (dir, "  manual: {files: [designs/small.yaml]}\n");
  load_fails (path, "field 'generators.manual.files[0]': ");
  load_fails (path, "small.yaml has 32 chips, not n_chip = 64");
  g_free (path);
  path = write_config (dir, "  manual: {files: [designs/fat-tree.yaml, "
                            "designs/../designs/fat-tree.yaml]}\n");
  load_fails (path, "field 'generators.manual.files[1]': 'designs/../designs/fat-tree.yaml' is "
                    "listed twice");
  g_free (path);
  /* The families off: the designs are enough to start from. */
  path = write_config (dir, "  manual: {files: [designs/fat-tree.yaml]}\n"
                            "  family: {enabled: false}\n");
  {
    g_auto(TfSearchConfig) c = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_true (tf_search_config_load_file (path, &c, &error));
    g_assert_no_error (error);
  }
  tf_test_remove_tree (dir);
}

/* A search with the families off starts from the design: the first candidate is it, as the
 * evaluator judges it alone, and everything else descends from it. */
static void
test_search (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tf-manual-XXXXXX", NULL);
  g_autofree char *path = NULL;
  g_autofree char *design = NULL;
  g_auto(TfSearchConfig) c = { 0 };
  g_auto(TfSearchResult) r = { 0 };
  TfSearchOptions options = { .threads = 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TfCandidate) alone = tf_candidate_new ();
  const char *id = "fat-tree:layers=2,k=16,osr=1,n_endpoint=64";
  gboolean found = FALSE;

  write_design (dir, "fat-tree.yaml", 64, id);
  design = g_build_filename (dir, "fat-tree.yaml", NULL);
  path = write_config (dir, "  manual: {files: [fat-tree.yaml]}\n"
                            "  family: {enabled: false}\n");
  g_assert_true (tf_search_config_load_file (path, &c, &error));
  g_assert_true (tf_search_run (&c, &options, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.front->len, >, 0);

  g_assert_true (tf_candidate_load_file (design, alone, &error));
  g_assert_true (tf_candidate_evaluate_design (&c, alone, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (alone->origin.method, ==, TF_ORIGIN_MANUAL_SEED);
  for (guint i = 0; i < r.front->len; i++)
    {
      const TfCandidate *f = g_ptr_array_index (r.front, i);

      /* Everything the search made descends from the design. */
      g_assert_cmpstr (f->origin.seed_id, ==, id);
      if (f->origin.method == TF_ORIGIN_MANUAL_SEED)
        {
          found = TRUE;
          for (guint k = 0; k < c.n_objectives; k++)
            g_assert_cmpfloat (f->objectives[k], ==, alone->objectives[k]);
        }
      else
        g_assert_cmpint (f->origin.method, ==, TF_ORIGIN_GRAPH_MUTATION);
    }
  /* The first population's front holds the design, or a child beats it everywhere. */
  g_test_message ("front of %u, the design itself %s on it", r.front->len,
                  found ? "is" : "is not");
  tf_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/manual-seeds/config", test_config);
  g_test_add_func ("/engine/manual-seeds/search", test_search);
  return g_test_run ();
}
