/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-util.c: what every benchmark measures with. */
#include <stdlib.h>

#include "bench-util.h"

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

double
tf_bench_median (double *values,
                 guint   n)
{
  if (n == 0)
    return 0;
  qsort (values, n, sizeof *values, compare_double);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double
tf_bench_ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}
