/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-optimize-view-private.h: the Optimize view's parts shared by tf-optimize-view.c (the
 * plot, the selection, the search) and tf-optimize-files.c (configurations and runs in and out,
 * export, the seed to compare with). */
#pragma once

#include "tf-optimize-view.h"

G_BEGIN_DECLS

struct _TfOptimizeView
{
  GtkWidget         parent_instance;

  /* template children */
  GtkWidget        *root;
  GtkRevealer      *banner;
  GtkLabel         *banner_label;
  TfSearchForm     *form;
  GtkCheckButton   *baseline_check;
  GtkProgressBar   *progress;
  GtkLabel         *progress_label;
  GtkDropDown      *x_axis;
  GtkDropDown      *y_axis;
  GtkDropDown      *colour_axis;
  GtkToggleButton  *x_log;
  GtkToggleButton  *y_log;
  TfParetoPlot     *plot;
  TfTopologyView   *view_a;
  TfTopologyView   *view_b;
  GtkLabel         *view_placeholder;
  GtkLabel         *selection_label;
  TfCandidatePanel *panel;

  TfOptimizeRun    *run;          /* finished, stopped or opened; NULL while a search runs */
  GCancellable     *searching;
  GCancellable     *working;      /* opening, saving, exporting, a seed */
  guint             n_objectives; /* of the plot */
  TfObjective       objectives[TF_N_OBJECTIVES];
  guint             search_evaluations;  /* of the search, for the baseline's progress */
  guint             snapshots;
  gboolean          setting_axes;
  char             *error;
  char             *saving;       /* the folder a save writes */
};

/* tf-optimize-view.c */
void               tf_optimize_view_show_error (TfOptimizeView *self, const char *message);
void               tf_optimize_view_set_status (TfOptimizeView *self, const char *text);
/* Cancels what *@slot holds and puts @cancellable there (NULL: done); actions follow. */
void               tf_optimize_view_set_busy (TfOptimizeView *self, GCancellable **slot,
                                              GCancellable *cancellable);
void               tf_optimize_view_update_actions (TfOptimizeView *self);
/* A newer request took over. */
gboolean           tf_optimize_view_was_replaced (const GError *error);
const TfCandidate *tf_optimize_view_front_candidate (TfOptimizeView *self, guint index);
/* The selected front indices (tf_pareto_model_get_selection ()). */
GArray            *tf_optimize_view_dup_selection (TfOptimizeView *self);
char              *tf_optimize_view_candidate_title (guint index);
/* @a and @b (NULL: none) in 3D and the panel; @b_owned, when given, is @b and is taken. */
void               tf_optimize_view_show_candidates (TfOptimizeView *self, const TfCandidate *a,
                                                     const char *a_title, const TfCandidate *b,
                                                     const char *b_title, TfCandidate *b_owned);
/* Shows @run's points; @fresh: a new run whose objectives may differ, the view fits it. */
void               tf_optimize_view_show_run (TfOptimizeView *self, TfOptimizeRun *run,
                                              gboolean fresh);

/* tf-optimize-files.c */
void               tf_optimize_view_files_class_init (GtkWidgetClass *widget_class);

G_END_DECLS
