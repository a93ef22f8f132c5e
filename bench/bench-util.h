/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-util.h: what every benchmark measures with. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The median of @n values (the mean of the middle two for even n); sorts @values. 0 for none. */
double tf_bench_median (double *values, guint n);
/* Milliseconds since @start (g_get_monotonic_time ()). */
double tf_bench_ms_since (gint64 start);

G_END_DECLS
