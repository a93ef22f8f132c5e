/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evaluator-structure-oracle.h: the brute force that test-evaluator-structure.c and
 * test-evaluator-structure-sweeps.c hold Layer 1 against (see evaluator-structure-oracle.c). */
#pragma once

#include "evaluator-private.h"
#include "metrics-private.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean connected;
  guint    diameter;
  double   apl;
  double   apl_fail;
  double   apl_fail_reached;   /* the old definition: cut pairs left out of the mean */
  double   disconnected_fraction;
  guint    failure_cases;
} BfPaths;

/* Every value of Layer 1's path metrics, by deleting each failed element for real. With
 * @links every link record fails on its own too: one cable, so only a pair of nodes joined by
 * a single cable in all loses its link. @penalty 0 stands for n_chip. */
void bf_paths (const TfNetworkGraph *g,
               TfFailures            failures,
               double                penalty,
               BfPaths              *out);

/* Counts of what check_candidate () checked. */
extern guint n_layer1_hops, n_orbit_tables, n_swap_tables, n_checked, n_transitive,
             n_disconnecting, n_diversity_checked, n_links_checked;

void assert_close (double      got,
                   double      want,
                   const char *what,
                   const char *name);

/* Evaluates Layer 1 of @topology (which the candidate takes over) and compares every value:
 * switch failures with the default penalty, and, where brute force is affordable, link
 * failures too with another penalty. */
void check_candidate (TfTopology *topology,
                      gboolean    chip_transitive,
                      const char *name);

/* Types, reaches and port counts as the links now call for. */
void fix_ports (TfNetworkGraph *g);

/* Hand-made graphs: every chip its own board, one rack, one pod. */

void make_graph (TfTopology    *t,
                 guint          n_chip,
                 guint          n_switch,
                 const guint32 (*links)[3],
                 guint          n_links);

G_END_DECLS
