/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-optimize-view-private.h: the Optimize view's parts shared by tf-optimize-view.c (the
 * plot, the selection, the search), tf-optimize-points.c (what the plot shows of a run and of
 * the evaluated files), tf-optimize-files.c (configurations and runs in and out, export, the
 * seed to compare with) and tf-optimize-designs.c (topology files evaluated beside the front). */
#pragma once

#include "tf-design.h"
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
  GtkPaned         *result_paned;
  TfParetoPlot     *plot;
  TfTopologyView   *view_a;
  TfTopologyView   *view_b;
  GtkLabel         *view_placeholder;
  GtkLabel         *selection_label;
  TfCandidatePanel *panel;

  TfOptimizeRun    *run;          /* finished, stopped or opened; NULL while a search runs */
  GPtrArray        *designs;      /* TfDesign *: the files evaluated, as the plot numbers them */
  GPtrArray        *pending;      /* char *: files to evaluate once the run being opened is */
  GCancellable     *searching;
  GCancellable     *working;      /* opening, saving, exporting, a seed */
  GCancellable     *evaluating;   /* files */
  gboolean          opening;      /* working opens a run */
  gboolean          paned_placed; /* the plot's share of the height, set once */
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
/* A candidate to show, and a reference to what keeps it alive while it is shown (the run, a
 * design, or the candidate itself), released with @release. */
typedef struct
{
  TfCandidatePanelItem  item;
  gpointer              owner;
  GDestroyNotify        release;
} TfShownCandidate;
/* @a and @b (NULL: none) in 3D and the panel, their objectives in @config's order; their
 * owners are taken. */
void               tf_optimize_view_show_candidates (TfOptimizeView *self,
                                                     const TfSearchConfig *config,
                                                     TfShownCandidate *a, TfShownCandidate *b);
/* A front candidate to show, with a reference to the run. */
void               tf_optimize_view_shown_front (TfOptimizeView *self, guint index,
                                                 TfShownCandidate *out, char **title);
/* The plot's objectives (its axes and their choosers): every point goes but the files'. */
void               tf_optimize_view_set_objectives (TfOptimizeView *self,
                                                    const TfSearchConfig *config);
/* Shows @run's points; @fresh: a new run whose objectives may differ, the view fits it. */
void               tf_optimize_view_show_run (TfOptimizeView *self, TfOptimizeRun *run,
                                              gboolean fresh);
/* Adds to the status line what @run holds beyond its front (the rest of the front, the family
 * front). */
void               tf_optimize_view_append_run_status (TfOptimizeView *self,
                                                       TfOptimizeRun *run);

/* tf-optimize-points.c */
/* The model's sets from @run's result, in the plot's objectives. */
void               tf_optimize_view_plot_run (TfOptimizeView *self, TfOptimizeRun *run);
/* The files' points from the designs. */
void               tf_optimize_view_plot_designs (TfOptimizeView *self);
/* How many more designs of the front candidate @index stands for, or -1 when the run's front
 * was not written as representatives. */
int                tf_optimize_view_stands_for (TfOptimizeView *self, guint index);

/* tf-optimize-files.c */
void               tf_optimize_view_files_class_init (GtkWidgetClass *widget_class);
/* A file chooser over the window, modal; @func sees what was accepted (with several chosen,
 * the first, and the chooser for the rest). Show it with tf_optimize_view_show_chooser. */
typedef void (*TfOptimizeChosenFunc) (TfOptimizeView *self, GFile *file, GtkFileChooser *chooser);
GtkFileChooser    *tf_optimize_view_choose (TfOptimizeView *self, const char *title,
                                            GtkFileChooserAction action, const char *accept,
                                            TfOptimizeChosenFunc func);
void               tf_optimize_view_show_chooser (GtkFileChooser *chooser);

/* tf-optimize-designs.c */
void               tf_optimize_view_designs_class_init (GtkWidgetClass *widget_class);
/* The run being opened is open: the files asked for meanwhile are evaluated now. */
void               tf_optimize_view_evaluate_pending (TfOptimizeView *self);

G_END_DECLS
