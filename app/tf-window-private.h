/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-window-private.h: the window's parts shared by tf-window.c (the window, files in),
 * tf-window-export.c (files out) and tf-window-results.c (the enumeration and its query, the
 * results list). */
#pragma once

#include "tf-legend.h"
#include "tf-window.h"

G_BEGIN_DECLS

struct _TfWindow
{
  GtkApplicationWindow parent_instance;

  /* template children */
  TfContextForm  *form;
  TfResultsView  *results;
  TfTopologyView *view;
  TfLegend       *legend;
  GtkSpinner     *spinner;
  GtkRevealer    *banner;
  GtkLabel       *banner_label;
  GtkLabel       *placeholder;
  GtkLabel       *info_label;
  GtkLabel       *topology_label;
  GtkLabel       *status;
  GtkLabel       *title_label;
  GtkLabel       *subtitle_label;
  GMenu          *recent_menu;
  GtkStack       *stack;
  GtkPaned       *content_paned;  /* the results list over the 3D view */
  gboolean        content_placed;
  TfOptimizeView *optimize;
  GtkWidget      *open_button;
  GtkWidget      *export_button;

  GSettings      *settings;      /* NULL when the schema is not installed */
  GCancellable   *enumerating;
  GCancellable   *generating;
  GCancellable   *listing;       /* a family's full list, after its cap was lifted */
  GCancellable   *loading;       /* a file being opened */
  GFile          *loading_file;
  GFile          *file;          /* the file shown, or NULL: a result of the list, or nothing */
  /* Whether the results list decides what is shown. Opening a file stops it until the user
   * selects a result (docs/spec-notes.md, "The desktop app"). */
  gboolean        follow_results;
  gboolean        error_is_file; /* the banner says why a file did not open */
  TfContext       context;       /* of the enumeration shown */
  TfQuery         query;         /* of the enumeration shown */
  guint           limit;         /* results per family asked of the engine */
  char           *progress_what; /* what the progress bar says runs */
  char           *select_family;
  guint           select_index;
  gboolean        select_pending;
  gboolean        busy;
};

/* tf-window.c */
void     tf_window_update_busy (TfWindow *self);
void     tf_window_show_error (TfWindow *self, const char *message);
/* Cancels what *@slot holds and puts @cancellable there. */
void     tf_window_replace_cancellable (GCancellable **slot, GCancellable *cancellable);
/* A newer request took over: its answer is the one to show. */
gboolean tf_window_was_cancelled (const GError *error);
void     tf_window_save_form (TfWindow *self, const TfContext *ctx, GStrv families);
/* Shows @topology (NULL: nothing) in the view and the panel; export follows. */
void     tf_window_show_topology (TfWindow *self, TfTopology *topology);

/* A file's name as shown: UTF-8, from its path when it has one. */
char    *tf_window_dup_file_name (GFile *file);

/* tf-window-export.c */
void     tf_window_export_class_init (GtkWidgetClass *widget_class);

/* tf-window-results.c */
void     tf_window_results_class_init (GtkWidgetClass *widget_class);
void     tf_window_results_init (TfWindow *self);
void     tf_window_results_dispose (TfWindow *self);
/* Selects what the list should show: --select's result, the result shown if the list still
 * has it, or the first recommended one; with none, the view shows nothing and says why. */
void     tf_window_select_in_results (TfWindow *self);

G_END_DECLS
