/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tf-candidate-panel.h: an optimizer candidate's numbers, or two candidates side by side.
 *
 * One candidate: its origin, how many designs of the front it stands for (a front written as
 * representatives) or the hard constraint it breaks (a topology file the user evaluated), its
 * objectives, where an iteration's time goes (compute, and per kind of parallelism the exposed
 * and overlapped communication with what limits it), the cost by part, fault tolerance and
 * structure. Two: the same rows with both values and the difference, better or worse marked,
 * e.g. a candidate against the family seed it came from, or against the user's own design. */
#pragma once

#include <gtk/gtk.h>

#include "optimizer.h"

G_BEGIN_DECLS

#define TF_TYPE_CANDIDATE_PANEL (tf_candidate_panel_get_type ())
G_DECLARE_FINAL_TYPE (TfCandidatePanel, tf_candidate_panel, TF, CANDIDATE_PANEL, GtkWidget)

/* A candidate shown, and what the view knows of it beyond its numbers. */
typedef struct
{
  const TfCandidate *candidate;
  const char        *title;
  int                stands_for;  /* other designs of the front it stands for (a front written
                                   * as representatives), or -1 */
  const char        *violation;   /* a design of the user's: the hard constraint it breaks, ""
                                   * for none; NULL for a design of the search */
} TfCandidatePanelItem;

GtkWidget *tf_candidate_panel_new (void);
/* Shows @a (NULL, or a NULL candidate: nothing), beside @b when it is not NULL, their
 * objectives in @config's order. The candidates are read now and not kept. */
void       tf_candidate_panel_show (TfCandidatePanel *self, const TfSearchConfig *config,
                                    const TfCandidatePanelItem *a,
                                    const TfCandidatePanelItem *b);
/* The panel as text, a line per row ("Network cost\t6.45 M USD\t…"), for tests and the
 * clipboard. */
char      *tf_candidate_panel_dup_text (TfCandidatePanel *self);

G_END_DECLS
