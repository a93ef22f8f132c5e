/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-candidate-panel.h: an optimizer candidate's numbers, or two candidates side by side.
 *
 * One candidate: its origin, its objectives, where an iteration's time goes (compute, and per
 * kind of parallelism the exposed and overlapped communication with what limits it), the cost
 * by part, fault tolerance and structure. Two: the same rows with both values and the
 * difference, better or worse marked, e.g. a candidate against the family seed it came from. */
#pragma once

#include <gtk/gtk.h>

#include "optimizer.h"

G_BEGIN_DECLS

#define TF_TYPE_CANDIDATE_PANEL (tf_candidate_panel_get_type ())
G_DECLARE_FINAL_TYPE (TfCandidatePanel, tf_candidate_panel, TF, CANDIDATE_PANEL, GtkWidget)

GtkWidget *tf_candidate_panel_new (void);
/* Shows @a (NULL: nothing) titled @a_title, beside @b when it is not NULL. The candidates are
 * read now and not kept. */
void       tf_candidate_panel_show (TfCandidatePanel *self, const TfSearchConfig *config,
                                    const TfCandidate *a, const char *a_title,
                                    const TfCandidate *b, const char *b_title);
/* The panel as text, a line per row ("Network cost\t6.45 M USD\t…"), for tests and the
 * clipboard. */
char      *tf_candidate_panel_dup_text (TfCandidatePanel *self);

G_END_DECLS
