/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-design.h: a topology file of the user's (a cluster written by hand, a reference design, a
 * generated result, a run's candidate) evaluated under a search configuration as the search
 * evaluates its own designs (tf_candidate_load_file, then tf_candidate_evaluate_design: what
 * topoforge-cli evaluate does), on a worker thread, to be set beside a front. */
#pragma once

#include <gio/gio.h>

#include "optimizer.h"

G_BEGIN_DECLS

typedef struct
{
  char           *path;
  char           *name;       /* its base name, as the plot labels it */
  TfSearchConfig  config;     /* the configuration that judged it */
  TfCandidate    *candidate;  /* its graph and evaluation */
  char           *violation;  /* the first hard constraint it breaks, or NULL */
  /* Every objective as people read it, by TfObjective; NAN where its layers were not computed
   * (a graph that is not connected gets its cost alone). */
  double          values[TF_N_OBJECTIVES];
} TfDesign;

TfDesign  *tf_design_ref (TfDesign *design);
void       tf_design_unref (TfDesign *design);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TfDesign, tf_design_unref)

/* Its candidate's objectives (as the search minimises them) in @config's order, NAN where not
 * computed, so it reads as a candidate of a run under @config. */
void       tf_design_set_objectives (TfDesign *design, const TfSearchConfig *config);

/* Evaluates the files at @paths under a copy of @config, one after the other (cancelling stops
 * between files). */
void       tf_design_evaluate_async (const TfSearchConfig *config, const char *const *paths,
                                     guint n_paths, GCancellable *cancellable,
                                     GAsyncReadyCallback callback, gpointer user_data);
/* The designs that could be evaluated (TfDesign *, in order), and in @errors (char *) one line
 * per file that could not, naming it (the loader's FILE:LINE:COLUMN line); NULL with @error when
 * cancelled. */
GPtrArray *tf_design_evaluate_finish (GAsyncResult *result, GPtrArray **errors, GError **error);

G_END_DECLS
