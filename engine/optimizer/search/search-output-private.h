/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search-output-private.h: the run folder's layout, shared by its writer (search-output.c) and
 * its reader (search-output-reader.c); docs/optimizer.md, "Output", describes the files. */
#pragma once

#include "search-config-private.h"

G_BEGIN_DECLS

#define TF_RUN_CONFIG_FILE    "config.yaml"
#define TF_RUN_SUMMARY_FILE   "summary.yaml"
#define TF_RUN_EVALUATED_FILE "evaluated.csv"
#define TF_RUN_PARETO_DIR     "pareto"
#define TF_RUN_FAMILY_DIR     "family"
#define TF_RUN_CHECKPOINT_FILE "checkpoint.bin"   /* a stopped run's (run-folder.c) */
/* The front's candidate files, numbered from 1 in the front's order. */
#define TF_RUN_CANDIDATE_FORMAT "candidate_%03u.yaml"

/* summary.yaml's "evaluations" counters, in the order written: key and TfSearchResult field
 * (a guint), one table for the writer and the reader. */
#define TF_RUN_N_COUNTERS 8u
extern const TfYamlKey tf_run_counters[TF_RUN_N_COUNTERS];

/* evaluated.csv's first column, by set: 0 the search, 1 the baseline, 2 Stage 0's family
 * results */
extern const TfNames tf_run_set_names;

/* evaluated.csv holds a row per evaluation: up to 10,000,000 rows of a few numbers each. */
#define TF_RUN_MAX_CSV_BYTES (G_GUINT64_CONSTANT (4) << 30)

/* evaluated.csv (evaluated-csv.c): written from @r's rows, and read into @result's (a file
 * that does not exist reads as no rows). */
gboolean tf_run_evaluated_write (const char *dir, const TfSearchConfig *config,
                                 const TfSearchResult *r, GError **error);
gboolean tf_run_evaluated_load (const char *dir, const TfSearchConfig *config,
                                TfSearchResult *result, GError **error);

G_END_DECLS
