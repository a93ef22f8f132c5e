/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.h: helpers shared by the engine tests. */
#pragma once

#include "topoforge.h"

G_BEGIN_DECLS

TfContext tf_test_context (guint n_chip, TfScope scope, TfIntraBoardTopo topo);
/* Enumerates one family with @limit (0: all); aborts the test on error. */
void      tf_test_enumerate (const TfContext *ctx, const char *family, guint limit,
                             TfEnumeration *out);
/* Reads one result's id as a string the caller frees. */
char     *tf_test_id (const TfResult *result);
/* The value of family_attrs[key] (first value of a list), or -1. */
gint64    tf_test_attr (const TfResult *result, const char *key);
guint     tf_test_attr_list (const TfResult *result, const char *key, gint64 *values);

G_END_DECLS

/* tests/configs/@name's text, a search configuration several tests read. */
char      *tf_test_config_text (const char *name);
/* A path in the source tree: tf_test_source_path ("README.md", NULL). */
char      *tf_test_source_path (const char *first, ...) G_GNUC_NULL_TERMINATED;
/* The topology generate --id @id gives for @n_chip chips across racks, written as YAML to
 * @dir/@name; the path, which the caller frees. Aborts the test on error. */
char      *tf_test_write_topology (const char *dir, const char *name, guint n_chip,
                                   const char *id);
/* Removes @path, a file or a folder with what it holds. */
void       tf_test_remove_tree (const char *path);  /* links removed, not followed */
/* Every file and folder under @dir, by its path inside it, files with their size and SHA-256,
 * one a line, sorted: what a command that changed nothing leaves the same. Free it. */
char      *tf_test_tree_listing (const char *dir);
/* The commands of the README's section @heading ("\n## The app\n"): its sh blocks, one
 * command a line once backslash-newlines are joined, comments and blank lines left out. */
GPtrArray *tf_test_readme_commands (const char *heading);

/* The bad-input files of tests/@folder: NAME.yaml beside NAME.expected, the one-line message
 * loading it must give. Returns them sorted as a flat array (name, expected, name, expected...)
 * after checking there are at least @at_least, and changes into the folder so files load by
 * their base names, as the messages read; the caller changes back to @cwd. */
GPtrArray *tf_test_bad_files (const char *folder, guint at_least, char **cwd);

/* The optimizer's tests */
#include "optimizer.h"

/* A search configuration for @n_chip chips (tp = 2, pp = 2, dp = n_chip / 4) over @families (a
 * YAML flow list or ALL), the six mutation operators, population @population and @generations,
 * seed @seed; @extra is more YAML appended at the top level (or NULL). Aborts on error. */
void      tf_test_search_config (guint n_chip, const char *families, guint population,
                                 guint generations, guint64 seed, const char *extra,
                                 TfSearchConfig *out);

/* The evaluator's layer tests */

/* Aborts unless @got is @expected within a relative 1e-9. */
void         tf_test_assert_close (double got, double expected);
/* The candidate of result @id for @n_chip chips, inter-rack, @topo and @chip_radix. */
TfCandidate *tf_test_candidate (guint n_chip, TfIntraBoardTopo topo, guint chip_radix,
                                const char *id);
/* The registered generator @name ("generic_template", "graph_mutator", ...). Aborts if none. */
const TfGenerator *tf_test_generator (const char *name);
/* The candidate of family result @id in @config's context: origin family_enum with @id as its
 * seed, candidate id @cand_id, and no dead hardware. Aborts on error. */
TfCandidate *tf_test_family_candidate (const TfSearchConfig *config, const char *id,
                                       guint cand_id);
/* A candidate whose topology is the topology file text @yaml. Aborts on error. */
TfCandidate *tf_test_candidate_load (const char *yaml);
/* A configuration for @topology: its link bandwidths, @latency per hop, no workload yet. */
void         tf_test_config_setup (TfSearchConfig *config, const TfTopology *topology,
                                   double latency);
/* One workload on all chips, AllReduce and AllToAll, the given sizes. */
TfWorkload  *tf_test_workload_setup (TfSearchConfig *config, guint w, guint tp, guint pp,
                                     guint dp, guint ep);
