/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nsga2.c: NSGA-II: non-dominated sorting, crowding distance, selection. */
#include "optimizer-private.h"

#include <string.h>

gboolean tf_dominates (const double *a, const double *b, guint m) { (void) a; (void) b; (void) m; return FALSE; }
guint tf_nsga2_sort (const double *o, guint n, guint m, guint *rank) { (void) o; (void) m; for (guint i = 0; i < n; i++) rank[i] = 0; return 1; }
void tf_nsga2_crowding (const double *o, guint n, guint m, const guint *rank, double *c) { (void) o; (void) m; (void) rank; for (guint i = 0; i < n; i++) c[i] = 0; }
guint tf_nsga2_tournament (const guint *rank, const double *c, guint n, GRand *rng) { (void) rank; (void) c; return g_rand_int_range (rng, 0, n); }
void tf_nsga2_select (const double *o, guint n, guint m, guint n_keep, guint *keep) { (void) o; (void) n; (void) m; for (guint i = 0; i < n_keep; i++) keep[i] = i; }
